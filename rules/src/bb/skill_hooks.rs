//! The Strength, Mutation and Extraordinary skills built for the complete game (§26.37–§26.74,
//! part): the pure helpers the procedures call at their hooks, and the steps these skills add
//! (Stab, Piling On, Foul Appearance, Multiple Block, Tentacles, Hypnotic Gaze, Animosity,
//! Blood Lust, Decay and Nurgle's Rot).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use super::checks::{CheckFor, d6_check};
use super::data::*;
use super::flow::{Ctx, Frame, Hurt, prompt};
use super::state::*;
use super::wire::*;
use crate::core::engine::Flow;
use crate::core::{Die, Side, Square};

/// §26.42 Disturbing Presence: −1 for each opponent of `side` with the skill on the pitch
/// (standing, prone or stunned) within 3 squares of `sq`.
pub fn disturbing_presence(g: &Game, side: Side, sq: Square) -> i8 {
    g.players
        .iter()
        .filter(|p| p.side != side && p.has(Skill::DisturbingPresence))
        .filter_map(|p| p.square())
        .filter(|s| (s.x - sq.x).abs() <= 3 && (s.y - sq.y).abs() <= 3)
        .count() as i8
}

/// §10.3 with §26.73 Titchy: the opposing tackle zones on `to` that count against a player
/// of `side` dodging into it (a Titchy player's zone does not).
pub fn dodge_zones_into(g: &Game, side: Side, to: Square) -> i8 {
    g.markers(side, to)
        .filter(|m| !g.player(*m).has(Skill::Titchy))
        .count() as i8
}

/// §26.74 Two Heads, §26.73 Titchy: +1 each on every dodge roll.
pub fn dodge_bonus(p: &Player) -> i8 {
    i8::from(p.has(Skill::TwoHeads)) + i8::from(p.has(Skill::Titchy))
}

/// §26.46 Extra Arms: +1 to pick up, catch and intercept.
pub fn extra_arms(p: &Player) -> i8 {
    i8::from(p.has(Skill::ExtraArms))
}

/// §26.47 Fan Favourite: the FAME a team adds to kick-off table rolls: its FAME, +1 for
/// each Fan Favourite of the team on the pitch [Proposal: the bonuses stack, §26.0 rule 1].
/// Winnings use the plain FAME.
pub fn kick_off_fame(g: &Game, side: Side) -> u8 {
    let favourites = g
        .on_pitch(side)
        .filter(|p| p.has(Skill::FanFavourite))
        .count() as u8;
    g.team(side).fame + favourites
}

/// §26.69 Stakes: the teams whose players a stake hurts more (Khemri, Necromantic, Undead,
/// Vampire), by roster key so the rosters being added need no change here.
pub fn staked_roster(roster: Roster) -> bool {
    matches!(
        roster.key(),
        "khemri" | "necromantic" | "undead" | "vampire"
    )
}

/// Race words in a position's name, most specific first (§26.37: the race column of the
/// mixed rosters, §27).
const RACES: &[(&str, &str)] = &[
    ("dark elf", "dark_elf"),
    ("goblin", "goblin"),
    ("skaven", "skaven"),
    ("gutter runner", "skaven"),
    ("troll", "troll"),
    ("ogre", "ogre"),
    ("minotaur", "minotaur"),
    ("marauder", "human"),
    ("orc", "orc"),
    ("human", "human"),
];

/// §26.37 Animosity: a player's race, for hand-offs and passes: the race his position's
/// name gives (a Goblin on an Orc team is a goblin, a Skaven Lineman of the Underworld a
/// skaven, a Marauder of the Chaos Pact a human), else his team's own race (its roster key).
pub fn race(roster: Roster, position: &str) -> &'static str {
    let name = position.to_ascii_lowercase();
    RACES
        .iter()
        .find(|(word, _)| name.contains(word))
        .map_or(roster.key(), |(_, race)| race)
}

/// The race of a player of the match.
pub fn player_race(g: &Game, id: PlayerId) -> &'static str {
    let p = g.player(id);
    race(g.team(p.side).roster, &p.position)
}

/// §26.37: does `passer` roll Animosity handing or passing to `receiver`? A team-mate of
/// another race.
pub fn animosity_applies(g: &Game, passer: PlayerId, receiver: Option<PlayerId>) -> bool {
    let Some(r) = receiver else { return false };
    let (p, q) = (g.player(passer), g.player(r));
    p.has(Skill::Animosity)
        && r != passer
        && p.side == q.side
        && player_race(g, passer) != player_race(g, r)
}

/// §26.39 Blood Lust: the team-mates a Vampire feeds on: the position named "Thrall" (the
/// hook for the Vampire roster).
pub fn is_thrall(p: &Player) -> bool {
    p.position.eq_ignore_ascii_case("thrall")
}

/// §26.59: the Action under way is `player`'s Multiple Block.
pub fn multiple_block(g: &Game, player: PlayerId) -> bool {
    g.acting
        .is_some_and(|a| a.player == player && a.action == ActionKind::Block && a.multiple)
}

/// §26.50 Grab: the squares the attacker may push the defender into: any empty square on the
/// pitch next to him, on a Block Action (a Ball & Chain player's blocks count as one), never
/// against Side Step (§26.66: they cancel out); `None`: the normal push.
pub fn grab_squares(g: &Game, attacker: PlayerId, defender: PlayerId) -> Option<Vec<Square>> {
    let a = g.player(attacker);
    let d = g.player(defender);
    let block_action = a.has(Skill::BallAndChain)
        || g.acting
            .is_some_and(|x| x.player == attacker && x.action == ActionKind::Block);
    if !a.has(Skill::Grab) || !block_action || d.has(Skill::SideStep) {
        return None;
    }
    let sq = d.square()?;
    let empty: Vec<Square> = sq
        .neighbours()
        .filter(|s| on_pitch(*s) && g.at(*s).is_none())
        .collect();
    (!empty.is_empty()).then_some(empty)
}

/// §26.63 Piling On: may `by` pile on `victim` now? Standing, next to him, and the one
/// making the Block or Blitz.
pub fn can_pile_on(g: &Game, by: PlayerId, victim: PlayerId) -> bool {
    let b = g.player(by);
    let acting = g.acting.is_some_and(|a| {
        a.player == by && matches!(a.action, ActionKind::Block | ActionKind::Blitz)
    });
    acting
        && b.standing()
        && b.has(Skill::PilingOn)
        && matches!((b.square(), g.player(victim).square()), (Some(x), Some(y)) if x.is_adjacent(y))
}

/// What a Piling On decision would re-roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum PileOn {
    /// The armour held.
    Armour,
    /// The injury roll gave this (and Stunty's Badly Hurt flag), not yet applied.
    Injury {
        outcome: InjuryOutcome,
        badly_hurt: bool,
    },
}

impl Ctx<'_> {
    /// §12.2 with §26.40 Claw and §26.16 Mighty Blow: roll `player`'s armour; true if broken.
    /// Mighty Blow's +1 is used only when it breaks the armour (else kept for the injury).
    pub(crate) fn armour_roll(&mut self, player: PlayerId, hurt: &mut Hurt) -> bool {
        let p = self.g.player(player);
        let av = i32::from(p.av);
        let side = p.side;
        let saw = p.has(Skill::Chainsaw);
        let [a, b] = self.roll2(RollPurpose::Armour, Some(side.other()));
        let mut total = i32::from(a + b);
        // §31.6 Belt of Invulnerability: no modifier of any kind (Claw included).
        let modifiable = self.cards_armour_modifiable(player);
        if saw && modifiable {
            // §26.8: a chainsaw wielder knocked down: +3 to his armour roll.
            total += 3;
        }
        if modifiable {
            // §31.7 Suitable Pitch: ±1 for a knocked-down player, to the drive's end.
            total += i32::from(self.g.cards.pitch);
        }
        let claw = hurt.claw && modifiable;
        let breaks = |t: i32| t > av || (claw && t >= 8);
        if modifiable && hurt.mighty_blow && !breaks(total) && breaks(total + 1) {
            total += 1;
            hurt.mighty_blow = false;
        }
        // §31.6 Lucky Charm may ignore a broken armour.
        let broken = self.cards_armour_breaks(player, breaks(total));
        self.emit(Event::Armour { player, broken });
        broken
    }

    /// §26.63: offer Piling On to `by` (waits), or carry on without it.
    pub(crate) fn offer_pile_on(
        &mut self,
        player: PlayerId,
        hurt: Hurt,
        square: Option<Square>,
        stage: PileOn,
    ) -> bool {
        let Some(by) = hurt.by else { return false };
        if !hurt.piling_on || !can_pile_on(self.g, by, player) {
            return false;
        }
        self.push(Frame::PilingOn {
            player,
            hurt,
            square,
            stage,
        });
        true
    }

    /// The Piling On prompt.
    pub(crate) fn pile_on_prompt(
        &mut self,
        player: PlayerId,
        hurt: Hurt,
        square: Option<Square>,
        stage: PileOn,
    ) -> Flow<Prompt, Command> {
        let Some(by) = hurt.by else {
            return Flow::Continue;
        };
        let coach = self.g.player(by).side;
        self.push(Frame::PilingOn {
            player,
            hurt,
            square,
            stage,
        });
        Flow::Wait(prompt(
            coach,
            PromptKind::UseSkill {
                player: by,
                skill: Skill::PilingOn,
            },
        ))
    }

    /// §26.63 Piling On answered: used, the piler is Placed Prone in his square (no armour
    /// roll; a turnover only if he held the ball) and the armour or injury roll is made
    /// again; declined, the first result stands.
    pub(crate) fn pile_on_answer(
        &mut self,
        player: PlayerId,
        mut hurt: Hurt,
        square: Option<Square>,
        stage: PileOn,
        use_it: bool,
    ) {
        if !use_it {
            if let PileOn::Injury {
                outcome,
                badly_hurt,
            } = stage
            {
                self.apply_injury(player, hurt, false, square, outcome, badly_hurt);
            }
            return;
        }
        hurt.piling_on = false;
        let Some(by) = hurt.by else { return };
        let side = self.g.player(by).side;
        self.emit(Event::RerollUsed {
            side,
            player: Some(by),
            source: RerollSource::Skill(Skill::PilingOn),
        });
        self.place_prone(by);
        match stage {
            PileOn::Armour => {
                if self.armour_roll(player, &mut hurt) {
                    self.push(Frame::Injury {
                        player,
                        hurt,
                        crowd: false,
                        square,
                    });
                }
            }
            PileOn::Injury { .. } => self.injury(player, hurt, false, square),
        }
    }

    /// §26.68 Stab: an unmodified armour roll (§26.69 Stakes +1 against a Khemri,
    /// Necromantic, Undead or Vampire player); above AV the victim falls and rolls an injury
    /// unmodified by anything (Niggling Injuries included). Never Mighty Blow, Claw or Piling
    /// On. On a Blitz he may not move after it.
    pub(crate) fn stab(&mut self, attacker: PlayerId, victim: PlayerId) {
        if let Some(a) = self.g.acting.as_mut()
            && a.player == attacker
            && a.action == ActionKind::Blitz
        {
            a.ma_left = 0;
            a.gfi_left = 0;
        }
        let stakes = self.g.player(attacker).has(Skill::Stakes);
        let v = self.g.player(victim);
        let Some(square) = v.square() else { return };
        let av = i32::from(v.av);
        let vside = v.side;
        let staked = stakes && staked_roster(self.g.team(vside).roster);
        let [a, b] = self.roll2(RollPurpose::Armour, Some(vside.other()));
        let broken = i32::from(a + b) + i32::from(staked) > av;
        self.emit(Event::Armour {
            player: victim,
            broken,
        });
        if !broken {
            return;
        }
        let carrier = self.g.carrier() == Some(victim);
        self.set_state(victim, PlayerState::Prone { square });
        self.emit(Event::KnockedDown {
            player: victim,
            cause: Cause::Stab,
            by: Some(attacker),
        });
        if carrier {
            if self.g.active == Some(vside) {
                self.turnover(Turnover::BallCarrierDown);
            }
            self.set_ball(Ball::Ground { square });
            self.push(Frame::Bounce {
                from: square,
                kick: false,
            });
        }
        self.push(Frame::Injury {
            player: victim,
            hurt: Hurt::plain(Cause::Stab, Some(attacker)),
            crowd: false,
            square: Some(square),
        });
    }

    /// §26.49 Foul Appearance: before a block (or a stab or chainsaw attack in its place) on
    /// a player with it, the attacker needs 2+ on a D6 (a Ball & Chain player ignores it).
    /// Returns true when the roll is pushed (the block waits for it).
    pub(crate) fn foul_appearance(
        &mut self,
        attacker: PlayerId,
        defender: PlayerId,
        frenzy: bool,
    ) -> bool {
        let a = self.g.player(attacker);
        if !self.g.player(defender).has(Skill::FoulAppearance) || a.has(Skill::BallAndChain) {
            return false;
        }
        let mut f = CheckFor::new(CheckKind::FoulAppearance, attacker);
        f.other = Some(defender);
        f.second = frenzy;
        self.push(Frame::Check(Box::new(d6_check(f, 2, 0))));
        true
    }

    /// §26.49: the Foul Appearance roll's result: passed, the block goes on; failed, the
    /// block is lost without a turnover: a Block Action ends [Proposal: a Blitz only loses
    /// its block and may keep moving; a Multiple Block only loses this block].
    pub(crate) fn foul_appearance_done(&mut self, f: CheckFor, passed: bool) {
        let Some(defender) = f.other else { return };
        if passed {
            self.block_weapons(f.player, defender, f.second);
            return;
        }
        if let Some(a) = self.g.acting.as_mut()
            && a.player == f.player
            && a.action == ActionKind::Block
            && !a.multiple
        {
            a.ended = true;
        }
    }

    /// §26.8 Chainsaw, §26.68 Stab: a weapon may replace the block (the wielder's coach
    /// chooses); else the block dice.
    pub(crate) fn block_weapons(&mut self, attacker: PlayerId, defender: PlayerId, frenzy: bool) {
        let a = self.g.player(attacker);
        if a.has(Skill::Chainsaw) && !frenzy {
            self.push(Frame::Chainsaw {
                attacker,
                victim: defender,
                foul: false,
            });
            return;
        }
        if a.has(Skill::Stab) && !frenzy {
            self.push(Frame::Stab {
                attacker,
                victim: defender,
            });
            return;
        }
        self.block_roll(attacker, defender, frenzy);
    }

    /// §26.59 Multiple Block: a Block Action against `first` then `second`.
    pub(crate) fn declare_multiple(&mut self, player: PlayerId, first: PlayerId, second: PlayerId) {
        self.declare(player, ActionKind::Block, Some(first));
        if let Some(a) = self.g.acting.as_mut() {
            a.multiple = true;
        }
        // The second block goes just above the Action's end, below the first.
        if let Some(i) = self
            .g
            .frames
            .iter()
            .rposition(|f| matches!(f, Frame::FinishAction))
        {
            self.g.frames.insert(
                i + 1,
                Frame::BlockStart {
                    attacker: player,
                    defender: second,
                    frenzy: false,
                },
            );
        }
    }

    /// §26.72 Tentacles: a player of `side` leaving `from` by a dodge or leap: the opposing
    /// Tentacles player there with the highest ST [Proposal: the engine picks the best one
    /// for his coach; only one may try] holds him on D6 + his ST − the Tentacles player's ST
    /// of 5 or less: he stays put and his Action ends (no turnover). Rolled before the dodge
    /// or leap [Proposal]. Returns true if he is held.
    pub(crate) fn tentacles_hold(&mut self, player: PlayerId, from: Square) -> bool {
        let p = self.g.player(player);
        let (side, st) = (p.side, i8::try_from(p.st).unwrap_or(i8::MAX));
        let holder = self
            .g
            .markers(side, from)
            .filter(|m| self.g.player(*m).has(Skill::Tentacles))
            .max_by_key(|m| self.g.player(*m).st);
        let Some(h) = holder else { return false };
        let hst = i8::try_from(self.g.player(h).st).unwrap_or(i8::MAX);
        let face = self.dice.roll(Die::D6);
        let modifier = st - hst;
        let free = i32::from(face) + i32::from(modifier) >= 6;
        let mut roll = Roll::plain(RollPurpose::Tentacles, Some(side), Die::D6, face);
        roll.target = Some(6);
        roll.modifier = modifier;
        roll.success = Some(free);
        self.emit(Event::Rolled { roll });
        if !free && let Some(a) = self.g.acting.as_mut() {
            a.ended = true;
        }
        !free
    }

    /// §26.54 Hypnotic Gaze: at the end of his Move Action, an Agility roll at −1 per
    /// opposing tackle zone on him other than the victim's.
    pub(crate) fn gaze(&mut self, player: PlayerId, victim: PlayerId) {
        let p = self.g.player(player);
        let Some(sq) = p.square() else { return };
        let tz = self.g.tackle_zones(p.side, sq, Some(victim)) as i8;
        let mut f = CheckFor::new(CheckKind::HypnoticGaze, player);
        f.other = Some(victim);
        let c = d6_check(f, agility_target(p.ag), -tz);
        self.push(Frame::Check(Box::new(c)));
    }

    /// §26.54: a successful gaze: the victim loses his tackle zone and may not catch,
    /// intercept, pass, assist or move of his own will until his next Action starts or the
    /// drive ends (the same state as a failed Bone-head roll: `confused`).
    pub(crate) fn gaze_done(&mut self, f: CheckFor, passed: bool) {
        let Some(victim) = f.other else { return };
        if passed && !self.g.player(victim).confused {
            self.g.players[victim.index()].confused = true;
            self.emit(Event::Confused {
                player: victim,
                confused: true,
            });
        }
    }

    /// §26.54: a hypnotised player wakes when his next Action starts (a player with
    /// Bone-head or Really Stupid rolls for it as usual instead).
    pub(crate) fn wake_from_gaze(&mut self, player: PlayerId) {
        let p = self.g.player(player);
        if p.confused && !p.has(Skill::BoneHead) && !p.has(Skill::ReallyStupid) {
            self.g.players[player.index()].confused = false;
            self.emit(Event::Confused {
                player,
                confused: false,
            });
        }
    }

    /// §26.37 Animosity: before the ball leaves his hands, a D6 when the receiver is a
    /// team-mate of another race. Returns true when the roll is pushed.
    pub(crate) fn animosity(&mut self, passer: PlayerId, cmd: Command) -> bool {
        let receiver = match cmd {
            Command::Pass { target } => self.g.at(target),
            Command::HandOff { target } => Some(target),
            _ => None,
        };
        if !animosity_applies(self.g, passer, receiver) {
            return false;
        }
        let mut f = CheckFor::new(CheckKind::Animosity, passer);
        match cmd {
            Command::Pass { target } => f.square = Some(target),
            Command::HandOff { target } => {
                f.other = Some(target);
                f.flag = true;
            }
            _ => {}
        }
        self.push(Frame::Check(Box::new(d6_check(f, 2, 0))));
        true
    }

    /// §26.37: 2+: the pass or hand-off goes ahead; 1: he refuses: he may not move on, and
    /// may only pass or hand off to a team-mate of his own race (or end the Action).
    pub(crate) fn animosity_done(&mut self, f: CheckFor, passed: bool) {
        if !passed {
            if let Some(a) = self.g.acting.as_mut() {
                a.ma_left = 0;
                a.gfi_left = 0;
                a.refused = true;
            }
            return;
        }
        if let Some(a) = self.g.acting.as_mut() {
            a.ended = true;
        }
        match (f.flag, f.other, f.square) {
            (true, Some(target), _) => self.hand_off(f.player, target),
            (false, _, Some(target)) => self.pass(f.player, target),
            _ => {}
        }
    }

    /// §26.39 Blood Lust: the roll after declaring: a 1 makes him hungry; on a Block Action
    /// his coach may then take a Move Action instead (`UseSkill` Blood Lust: yes, the Move).
    pub(crate) fn blood_lust_done(&mut self, player: PlayerId, passed: bool) {
        if passed {
            return;
        }
        let Some(a) = self.g.acting.as_mut() else {
            return;
        };
        a.hungry = true;
        if a.player == player && a.action == ActionKind::Block && !a.ended {
            self.push(Frame::BloodLustMove { player });
        }
    }

    /// §26.39: the Block Action becomes a Move Action: its blocks are dropped and he moves.
    pub(crate) fn blood_lust_move(&mut self, player: PlayerId) {
        let Some(end) = self
            .g
            .frames
            .iter()
            .rposition(|f| matches!(f, Frame::FinishAction))
        else {
            return;
        };
        self.g.frames.truncate(end);
        self.push(Frame::Acting);
        if let Some(a) = self.g.acting.as_mut() {
            a.action = ActionKind::Move;
            a.multiple = false;
        }
        self.emit(Event::Declared {
            player,
            action: ActionKind::Move,
        });
    }

    /// §26.39 Blood Lust: a hungry Vampire feeds (at the end of his Action, before a pass,
    /// hand-off or touchdown): on an adjacent Thrall team-mate (standing, prone or stunned;
    /// his coach picks one when there are several: `then` is the command that waits for the
    /// bite). No Thrall: he feeds on the crowd. Returns true when the choice waits.
    pub(crate) fn feed(&mut self, player: PlayerId, then: Option<Command>) -> bool {
        let Some(a) = self.g.acting.as_mut() else {
            return false;
        };
        if a.player != player || !a.hungry {
            return false;
        }
        a.hungry = false;
        let p = self.g.player(player);
        let side = p.side;
        let Some(sq) = p.square() else { return false };
        let thralls: Vec<PlayerId> = sq
            .neighbours()
            .filter_map(|n| self.g.at(n))
            .filter(|id| {
                let t = self.g.player(*id);
                t.side == side && is_thrall(t)
            })
            .collect();
        match thralls.len() {
            0 => {
                self.feed_on_crowd(player, sq);
                false
            }
            1 => {
                self.bite(player, thralls[0]);
                false
            }
            _ => {
                self.push(Frame::Feed {
                    player,
                    thralls,
                    then,
                });
                true
            }
        }
    }

    /// §26.39: the Vampire bites `thrall`: an injury roll (no armour roll), a casualty read as
    /// Badly Hurt; a ball the Thrall held bounces (a turnover).
    pub(crate) fn bite(&mut self, player: PlayerId, thrall: PlayerId) {
        self.emit(Event::Fed {
            player,
            thrall: Some(thrall),
        });
        let Some(tsq) = self.g.player(thrall).square() else {
            return;
        };
        if self.g.carrier() == Some(thrall) {
            self.turnover(Turnover::BallCarrierDown);
            self.set_ball(Ball::Ground { square: tsq });
            self.push(Frame::Bounce {
                from: tsq,
                kick: false,
            });
        }
        // Bitten at once: the bite is over before the Action goes on.
        self.injury(
            thrall,
            Hurt::plain(Cause::Bitten, Some(player)),
            false,
            Some(tsq),
        );
    }

    /// §26.39: no Thrall: he feeds on the crowd: Reserves, a turnover; a ball he held bounces
    /// from his square (no touchdown).
    fn feed_on_crowd(&mut self, player: PlayerId, sq: Square) {
        self.emit(Event::Fed {
            player,
            thrall: None,
        });
        if let Some(a) = self.g.acting.as_mut() {
            a.ended = true;
        }
        let carrier = self.g.carrier() == Some(player);
        self.set_state(player, PlayerState::Reserve);
        if carrier {
            self.set_ball(Ball::Ground { square: sq });
            self.push(Frame::Bounce {
                from: sq,
                kick: false,
            });
        }
        self.turnover(Turnover::KnockedDown);
    }

    /// The coach picked the Thrall: the bite, then the command that waited for it.
    pub(crate) fn feed_answer(
        &mut self,
        player: PlayerId,
        thrall: PlayerId,
        then: Option<Command>,
    ) {
        self.bite(player, thrall);
        if let Some(cmd) = then {
            if self.g.player(player).standing() && self.g.turnover.is_none() {
                self.acting_command(cmd);
            } else {
                self.end_acting_now();
            }
        }
    }

    /// End the Action under way.
    pub(crate) fn end_acting_now(&mut self) {
        if let Some(a) = self.g.acting.as_mut() {
            a.ended = true;
        }
    }

    /// §26.61 Nurgle's Rot: a kill in a Block, Blitz or Foul (the stab and chainsaw attacks
    /// that replace a block included) by a player with the skill, of a victim with ST 4 or
    /// less and none of Decay, Regeneration, Stunty, is recorded for the league (which
    /// decides after the match whether the Rotter joins, §22).
    pub(crate) fn nurgles_rot(&mut self, victim: PlayerId, hurt: Hurt) {
        let Some(by) = hurt.by else { return };
        let v = self.g.player(victim);
        let b = self.g.player(by);
        let in_block_or_foul = matches!(
            hurt.cause,
            Cause::Blocked | Cause::Blocking | Cause::Foul | Cause::Stab | Cause::Chainsaw
        );
        if in_block_or_foul
            && b.has(Skill::NurglesRot)
            && b.side != v.side
            && v.st <= 4
            && !v.has(Skill::Decay)
            && !v.has(Skill::Regeneration)
            && !v.has(Skill::Stunty)
        {
            self.emit(Event::NurglesRot { victim, by });
        }
    }
}
