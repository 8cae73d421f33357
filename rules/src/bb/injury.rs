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
        let av = i32::from(p.av);
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
        let [a, b] = self.roll2(RollPurpose::Armour, Some(side.other()));
        let mut total = i32::from(a + b);
        // §31.6 Belt of Invulnerability: no modifier at all.
        let modifiable = self.cards_armour_modifiable(player);
        if modifiable && self.g.player(player).has(Skill::Chainsaw) {
            // §26.8: a chainsaw wielder knocked down: +3 to his armour roll.
            total += 3;
        }
        if modifiable && hurt.mighty_blow && total <= av && total + 1 > av {
            total += 1;
            hurt.mighty_blow = false;
        }
        let broken = self.cards_armour_breaks(player, total > av);
        self.emit(Event::Armour { player, broken });
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
            || (crowd && self.cards_friendly_crowd(self.g.player(player).side))
        {
            // §31.8 Iron Man, Kid Gloves, §31.10 Friendly Fans: Stunned, no injury roll.
            let side = self.g.player(player).side;
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
        let side = p.side;
        let (stunty, skull) = (p.has(Skill::Stunty), p.has(Skill::ThickSkull));
        let p_ball_and_chain = p.has(Skill::BallAndChain);
        let niggling = i32::from(p.niggling);
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
        let medicine_prone = total < 2;
        self.cards_note_injury(side);
        let (mut outcome, badly_hurt) = injury_of(total, stunty, skull);
        if outcome == InjuryOutcome::Stunned && !crowd && p_ball_and_chain {
            // §26.2: Stunned counts as KO.
            outcome = InjuryOutcome::KnockedOut;
        }
        self.emit(Event::Injured {
            player,
            outcome,
            cause: hurt.cause,
            by: hurt.by,
        });
        if let Some(fouler) = hurt.foul
            && a == b
        {
            // §14: a double on the injury roll sends the fouler off.
            self.push(Frame::SendOff {
                player: fouler,
                turnover: true,
            });
        }
        match outcome {
            InjuryOutcome::Stunned => {
                if crowd {
                    self.set_state(player, PlayerState::Reserve);
                } else if medicine_prone {
                    // Stays prone (§31.9).
                } else if let Some(sq) = self.g.player(player).square() {
                    self.set_state(player, PlayerState::Stunned { square: sq });
                    self.g.players[player.index()].stunned_this_turn = true;
                }
            }
            InjuryOutcome::KnockedOut => {
                self.leave_pitch(player, PlayerState::KnockedOut);
                if self.g.team(side).apothecary {
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
                self.leave_pitch(player, PlayerState::Casualty { result });
                if self.g.team(side).apothecary {
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
        let side = self.g.player(player).side;
        if use_it {
            self.g.teams[side.index()].apothecary = false;
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
                });
            }
            _ => {}
        }
    }

    /// §12.5: the casualty stands; §26.22 Regeneration (4+) sends him to Reserves.
    pub(crate) fn casualty(&mut self, player: PlayerId, hurt: Hurt, result: CasualtyResult) {
        self.emit(Event::Casualty {
            player,
            result,
            cause: hurt.cause,
            by: hurt.by,
        });
        let p = self.g.player(player);
        if p.has(Skill::Regeneration) {
            let side = p.side;
            if self.roll(RollPurpose::Regeneration, Some(side), Die::D6) >= 4 {
                self.set_state(player, PlayerState::Reserve);
                self.emit(Event::Regenerated { player });
            }
        }
    }
}
