//! Knock-downs, armour, injuries, casualties (§12), the apothecary (§12.6) and the injury
//! skills (Mighty Blow §26.16, Thick Skull §26.32, Stunty §26.28, Regeneration §26.22).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use super::data::*;
use super::flow::{Ctx, Frame, Hurt};
use super::wire::*;
use crate::core::{Die, Square};

/// §12.3 with §26.28 Stunty (7 KO, 9 Badly Hurt) and §26.32 Thick Skull (8 Stunned): the
/// injury of a modified 2D6 total; `Some(BadlyHurt)` when Stunty's 9 skips the casualty
/// roll.
pub fn injury_of(total: i32, stunty: bool, thick_skull: bool) -> (InjuryOutcome, bool) {
    let stunned = if stunty { total <= 6 } else { total <= 7 };
    if stunned || (thick_skull && total == 8) {
        return (InjuryOutcome::Stunned, false);
    }
    if stunty && total == 9 {
        return (InjuryOutcome::Casualty, true);
    }
    if total <= 9 {
        (InjuryOutcome::KnockedOut, false)
    } else {
        (InjuryOutcome::Casualty, false)
    }
}

impl Ctx<'_> {
    /// §12.1–§12.2: knocked down: placed prone, a ball he held (or lying in his square)
    /// bounces after the injury; the armour roll (by the opposing coach), Mighty Blow +1
    /// when it breaks the armour, else kept for the injury.
    pub(crate) fn knock_down(&mut self, player: PlayerId, mut hurt: Hurt) {
        let p = self.g.player(player);
        let Some(square) = p.square() else { return };
        let side = p.side;
        let carrier = self.g.carrier() == Some(player);
        // §26.31: the knock-down frees a rooted player (`set_state`).
        self.set_state(player, PlayerState::Prone { square });
        self.emit(Event::KnockedDown {
            player,
            cause: hurt.cause,
            by: hurt.by,
        });
        if carrier && self.g.active == Some(side) {
            self.turnover(Turnover::BallCarrierDown);
        }
        if carrier || self.g.ball == (Ball::Ground { square }) {
            self.set_ball(Ball::Ground { square });
            self.push(Frame::Bounce {
                from: square,
                kick: false,
            });
        }
        if self.g.player(player).has(Skill::BallAndChain) {
            // §26.2: a Ball & Chain player who falls rolls injury at once, no armour roll.
            self.push(Frame::Injury {
                player,
                hurt,
                crowd: false,
                square: Some(square),
            });
            return;
        }
        // §12.2, §26.8 Chainsaw, §26.16 Mighty Blow, §26.40 Claw.
        let broken = self.armour_roll(player, &mut hurt);
        // §31.6 Belt of Invulnerability: never re-rolled (no Piling On).
        if !broken
            && self.cards_armour_modifiable(player)
            && self.offer_pile_on(
                player,
                hurt,
                Some(square),
                super::skill_hooks::PileOn::Armour,
            )
        {
            // §26.63: the blocker may pile on to roll the armour again.
            return;
        }
        if broken {
            self.push(Frame::Injury {
                player,
                hurt,
                crowd: false,
                square: Some(square),
            });
        }
    }

    /// §12.3: the injury roll; Stunned stays on the pitch face down (the crowd: Reserves);
    /// KO and casualties leave it, with the apothecary offered first (§12.6, G17).
    pub(crate) fn injury(
        &mut self,
        player: PlayerId,
        hurt: Hurt,
        crowd: bool,
        square: Option<Square>,
    ) {
        if self.cards_only_stunned(player, &hurt)
            || (crowd && self.cards_friendly_crowd(self.g.owner(player)))
        {
            // §31.8 Iron Man, Kid Gloves, §31.10 Friendly Fans: Stunned, no injury roll.
            let side = self.g.owner(player);
            self.cards_note_injury(side);
            self.emit(Event::Injured {
                player,
                outcome: InjuryOutcome::Stunned,
                cause: hurt.cause,
                by: hurt.by,
            });
            if crowd {
                self.set_state(player, PlayerState::Reserve);
            } else if let Some(sq) = self.g.player(player).square() {
                self.set_state(player, PlayerState::Stunned { square: sq });
                self.g.players[player.index()].stunned_this_turn = true;
            }
            return;
        }
        let p = self.g.player(player);
        let side = self.g.owner(player);
        let (stunty, skull) = (p.has(Skill::Stunty), p.has(Skill::ThickSkull));
        let p_ball_and_chain = p.has(Skill::BallAndChain);
        // §26.68: a stab's injury roll is unmodified, Niggling Injuries included.
        let niggling = if hurt.cause == Cause::Stab {
            0
        } else {
            i32::from(p.niggling)
        };
        let [a, b] = self.roll2(RollPurpose::Injury, Some(side.other()));
        let mut total = i32::from(a + b) + niggling;
        if !crowd && (hurt.mighty_blow || hurt.dirty_player) {
            total += 1;
        }
        // §31.9 Mysterious Old Medicine Man: −1; below 2 he is only placed prone.
        total += self.cards_injury_modifier(side);
        if !self.cards_injury_modifiable(player) {
            // §31.6 Good Old Magic Codpiece: the dice alone.
            total = i32::from(a + b);
        }
        let mut hurt = hurt;
        hurt.prone_only = total < 2;
        self.cards_note_injury(side);
        let (mut outcome, badly_hurt) = injury_of(total, stunty, skull);
        if outcome == InjuryOutcome::Stunned && !crowd && p_ball_and_chain {
            // §26.2: Stunned counts as KO.
            outcome = InjuryOutcome::KnockedOut;
        }
        if let Some(fouler) = hurt.foul
            && a == b
        {
            // §14: a double on the injury roll sends the fouler off.
            self.push(Frame::SendOff {
                player: fouler,
                turnover: true,
            });
        }
        // §31.6 Good Old Magic Codpiece: never re-rolled (no Piling On).
        if !crowd
            && outcome != InjuryOutcome::Casualty
            && self.cards_injury_modifiable(player)
            && self.offer_pile_on(
                player,
                hurt,
                square,
                super::skill_hooks::PileOn::Injury {
                    outcome,
                    badly_hurt,
                },
            )
        {
            // §26.63: the blocker may pile on to roll the injury again.
            return;
        }
        self.apply_injury(player, hurt, crowd, square, outcome, badly_hurt);
    }

    /// §12.3: the injury's result applied.
    pub(crate) fn apply_injury(
        &mut self,
        player: PlayerId,
        hurt: Hurt,
        crowd: bool,
        square: Option<Square>,
        outcome: InjuryOutcome,
        badly_hurt: bool,
    ) {
        let side = self.g.owner(player);
        // §26.39: a bitten Thrall's casualty is read as Badly Hurt.
        let badly_hurt = badly_hurt || hurt.cause == Cause::Bitten;
        self.emit(Event::Injured {
            player,
            outcome,
            cause: hurt.cause,
            by: hurt.by,
        });
        match outcome {
            InjuryOutcome::Stunned => {
                if crowd {
                    self.set_state(player, PlayerState::Reserve);
                } else if hurt.prone_only {
                    // Stays prone (§31.9).
                } else if let Some(sq) = self.g.player(player).square() {
                    self.set_state(player, PlayerState::Stunned { square: sq });
                    self.g.players[player.index()].stunned_this_turn = true;
                }
            }
            InjuryOutcome::KnockedOut => {
                self.leave_pitch(player, PlayerState::KnockedOut);
                if self.apothecary_available(side) && !self.g.player(player).neutral {
                    self.push(Frame::Apothecary {
                        player,
                        hurt,
                        outcome,
                        result: None,
                        crowd,
                        square,
                    });
                }
            }
            InjuryOutcome::Casualty => {
                let result = if badly_hurt {
                    CasualtyResult::BadlyHurt
                } else {
                    self.casualty_roll(side.other())
                };
                if self.g.player(player).has(Skill::Decay) {
                    // §26.41 Decay: a second casualty roll, both results applied; the
                    // player's state shows the worse [Proposal: no apothecary for a double
                    // casualty].
                    let second = self.casualty_roll(side.other());
                    let worse = if second.severity() > result.severity() {
                        second
                    } else {
                        result
                    };
                    self.leave_pitch(player, PlayerState::Casualty { result: worse });
                    self.push(Frame::Casualty {
                        player,
                        hurt,
                        result,
                        decay: Some(second),
                    });
                    return;
                }
                self.leave_pitch(player, PlayerState::Casualty { result });
                if self.apothecary_available(side) && !self.g.player(player).neutral {
                    self.push(Frame::Apothecary {
                        player,
                        hurt,
                        outcome,
                        result: Some(result),
                        crowd,
                        square,
                    });
                } else {
                    self.push(Frame::Casualty {
                        player,
                        hurt,
                        result,
                        decay: None,
                    });
                }
            }
        }
    }

    /// A player leaves the pitch for a box (a ball he held was dropped at the knock-down).
    fn leave_pitch(&mut self, player: PlayerId, state: PlayerState) {
        if self.g.carrier() == Some(player)
            && let Some(sq) = self.g.player(player).square()
        {
            self.set_ball(Ball::Ground { square: sq });
            self.push(Frame::Bounce {
                from: sq,
                kick: false,
            });
        }
        self.set_state(player, state);
    }

    /// §12.5: a D68 on the casualty table (D6 tens, D8 units).
    fn casualty_roll(&mut self, coach: crate::core::Side) -> CasualtyResult {
        let tens = self.dice.roll(Die::D6);
        let units = self.dice.roll(Die::D8);
        let mut roll = Roll::plain(RollPurpose::Casualty, Some(coach), Die::D6, tens);
        roll.faces.push(units);
        self.emit(Event::Rolled { roll });
        CasualtyResult::of(tens, units)
    }

    /// §12.6: the apothecary: a KO'd player is Stunned on the pitch where he fell (off it:
    /// Reserves); a casualty is rolled again and the milder kept, Badly Hurt goes to
    /// Reserves.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn apothecary_answer(
        &mut self,
        player: PlayerId,
        hurt: Hurt,
        outcome: InjuryOutcome,
        result: Option<CasualtyResult>,
        crowd: bool,
        square: Option<Square>,
        use_it: bool,
    ) {
        let side = self.g.owner(player);
        if use_it {
            // §30.9: the team's own, else a Wandering Apothecary.
            self.use_apothecary(side);
            self.emit(Event::ApothecaryUsed { side, player });
        }
        match (outcome, result) {
            (InjuryOutcome::KnockedOut, _) if use_it => match square {
                Some(sq) if !crowd && self.g.at(sq).is_none() => {
                    self.set_state(player, PlayerState::Stunned { square: sq });
                    self.g.players[player.index()].stunned_this_turn = true;
                }
                _ => self.set_state(player, PlayerState::Reserve),
            },
            (InjuryOutcome::KnockedOut, _) => {}
            (_, Some(first)) => {
                let mut result = first;
                if use_it {
                    let second = self.casualty_roll(side.other());
                    if second.severity() < first.severity() {
                        result = second;
                    }
                    if result == CasualtyResult::BadlyHurt {
                        self.set_state(player, PlayerState::Reserve);
                        return;
                    }
                    self.set_state(player, PlayerState::Casualty { result });
                }
                self.push(Frame::Casualty {
                    player,
                    hurt,
                    result,
                    decay: None,
                });
            }
            _ => {}
        }
    }

    /// §12.5: the casualty stands (§26.41 Decay: both results); §26.22 Regeneration (4+)
    /// sends him to Reserves, curing both; §26.61 a kill by a Nurgle's Rot player is
    /// recorded.
    pub(crate) fn casualty(
        &mut self,
        player: PlayerId,
        hurt: Hurt,
        result: CasualtyResult,
        decay: Option<CasualtyResult>,
    ) {
        for result in std::iter::once(result).chain(decay) {
            self.emit(Event::Casualty {
                player,
                result,
                cause: hurt.cause,
                by: hurt.by,
            });
        }
        let p = self.g.player(player);
        if p.has(Skill::Regeneration) {
            let side = self.g.owner(player);
            if self.roll(RollPurpose::Regeneration, Some(side), Die::D6) >= 4 {
                self.set_state(player, PlayerState::Reserve);
                self.emit(Event::Regenerated { player });
                return;
            } else if self.g.induced[side.index()].igor() {
                // §30.7: Igor may re-roll the failed roll; what the death brings waits for it.
                let dead = result == CasualtyResult::Dead || decay == Some(CasualtyResult::Dead);
                self.push(Frame::CasualtyStands { player, hurt, dead });
                self.push(Frame::Igor { player });
                return;
            }
        }
        if result == CasualtyResult::Dead || decay == Some(CasualtyResult::Dead) {
            self.death(player, hurt);
        }
    }

    /// What a death brings, once it stands (after any apothecary, Regeneration and Igor):
    /// §26.61 Nurgle's Rot, §12.7 Raise the Dead.
    pub(crate) fn death(&mut self, player: PlayerId, hurt: Hurt) {
        self.nurgles_rot(player, hurt);
        self.raise_the_dead(player);
    }

    /// §12.7 Raise the Dead: an opponent of a team whose Necromancer is unused dies (after
    /// any apothecary), with ST 4 or less, no Regeneration and no Stunty: a new Zombie of the
    /// Necromancer's roster joins its Reserves, beyond 16 players if need be, numbered after
    /// its highest number. [Proposal, G112: any cause of death; the engine always raises,
    /// since the Zombie is the same whoever died.]
    pub(crate) fn raise_the_dead(&mut self, victim: PlayerId) {
        let v = self.g.player(victim);
        let side = self.g.owner(victim).other();
        if !self.g.team(side).necromancer
            || v.st > 4
            || v.has(Skill::Regeneration)
            || v.has(Skill::Stunty)
        {
            return;
        }
        let roster = self.g.team(side).roster;
        let Some(pos) = roster
            .data()
            .positions
            .iter()
            .find(|p| p.name == RAISED_POSITION)
        else {
            return;
        };
        let Ok(id) = u8::try_from(self.g.players.len()) else {
            return;
        };
        let number = self.g.next_number(side);
        let zombie = super::state::Player {
            id: PlayerId(id),
            side,
            number,
            name: format!("Raised {} {number}", pos.name),
            position: pos.name.to_string(),
            ma: pos.ma,
            st: pos.st,
            ag: pos.ag,
            av: pos.av,
            skills: SkillSet::of(pos.skills),
            niggling: 0,
            state: PlayerState::Reserve,
            ..super::state::Player::joining()
        };
        self.g.teams[side.index()].necromancer = false;
        self.emit(Event::ZombieRaised {
            side,
            victim,
            player: Box::new(super::view::player_view(&zombie)),
        });
        self.g.players.push(zombie);
    }
}
