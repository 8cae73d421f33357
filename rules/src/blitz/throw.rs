//! Throw and Hand-off (§3.10), Dump-off and Running Pass throws (§5.4).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use super::checks::{CheckFor, ThrowRoll};
use super::command::RerollSource;
use super::data::*;
use super::event::*;
use super::flow::*;
use super::prompt::*;
use super::rules::*;
use super::state::*;
use crate::core::check::{Check, PassRule};
use crate::core::{Die, Side, Square, corridor_hits_square};

/// How far a throw reaches (§2.4, G3): hand-off, Short, Long or out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Range {
    HandOff,
    Short,
    Long,
    OutOfRange,
}

pub fn throw_range(from: Square, to: Square) -> Range {
    if from.distance(to) == 1 {
        return Range::HandOff;
    }
    let d2 = from.distance_sq(to);
    if d2 <= SHORT_RANGE_SQ {
        Range::Short
    } else if d2 <= LONG_RANGE_SQ {
        Range::Long
    } else {
        Range::OutOfRange
    }
}

/// §2.4 [PROPOSAL] G4: the ruler between thrower and target touches a blocked square or a
/// square holding an Open opponent of the thrower.
pub fn ruler_obstructed(g: &Game, thrower: &Player, from: Square, to: Square) -> bool {
    let lo_x = from.x.min(to.x) - 1;
    let hi_x = from.x.max(to.x) + 1;
    let lo_y = from.y.min(to.y) - 1;
    let hi_y = from.y.max(to.y) + 1;
    for x in lo_x..=hi_x {
        for y in lo_y..=hi_y {
            let sq = Square::new(x, y);
            if sq == from || sq == to || !g.grid.contains(sq) {
                continue;
            }
            let obstacle = g.is_blocked(sq)
                || g.player_at(sq)
                    .is_some_and(|p| p.side != thrower.side && g.is_open(p.id));
            if obstacle && corridor_hits_square(from, to, sq, RULER_HALF_WIDTH) {
                return true;
            }
        }
    }
    false
}

/// The Throw check's target value and modifier for a throw from `from` to `to`
/// (§3.10.1 step 3, §3.10.2 step 3, §3.4 cap).
pub fn throw_modifier(g: &Game, thrower: &Player, from: Square, to: Square) -> i8 {
    // Arena 4, Glittering Coliseum (§5.11): no -1 for a Long throw.
    let long = throw_range(from, to) == Range::Long && super::arenas::long_throw_penalty(g);
    let obstructed = ruler_obstructed(g, thrower, from, to);
    let target_marked = g.player_at(to).is_some_and(|p| g.is_marked(p.id));
    if g.profile.caps_check_modifiers() {
        // 2024: -1 if Long and/or Obstructed (a Marked target counts as Obstructed); the
        // net modifier is capped at -1.
        if long || obstructed || target_marked {
            -1
        } else {
            0
        }
    } else {
        // 2018: -1 for each, stacking.
        -(i8::from(long) + i8::from(obstructed) + i8::from(target_marked))
    }
}

impl Ctx<'_> {
    pub(crate) fn start_throw(
        &mut self,
        thrower: PlayerId,
        target: Square,
        bonus: Option<BonusPlay>,
        grant: Option<FreeGrant>,
    ) {
        let p = *self.g.player(thrower);
        let Some(from) = p.square() else { return };
        let Some(ball) = self.g.ball_held_by(thrower) else {
            return;
        };
        let receiver = self.g.player_at(target).map(|r| r.id);
        let dump_off = grant == Some(FreeGrant::DumpOff);
        // Hand-off: 2024 any adjacent target team-mate; 2018 an Open adjacent team-mate.
        let hand_off = from.is_adjacent(target)
            && receiver.is_some_and(|r| {
                self.g.player(r).side == p.side
                    && (!self.g.profile.hand_off_needs_open_receiver() || self.g.is_open(r))
            });
        if hand_off {
            if let Some(r) = receiver {
                self.catch_or_bounce(ball, r, target);
            }
            self.finish_throw(thrower);
            return;
        }
        let (target_value, modifier, no_modifiers) = match bonus {
            Some(BonusPlay::HailMaryPass) => (HAIL_MARY_TARGET, 0, true),
            _ => {
                let base = if bonus == Some(BonusPlay::AccurateThrow) {
                    ACCURATE_THROW_TARGET
                } else {
                    p.stats.throw.unwrap_or(6)
                };
                let m = if dump_off {
                    0
                } else {
                    throw_modifier(self.g, &p, from, target)
                };
                (base, m, dump_off)
            }
        };
        self.push_throw_check(
            ThrowState {
                thrower,
                target,
                thrown: None,
                no_modifiers,
                dump_off,
            },
            target_value,
            modifier,
        );
    }

    /// The Throw check comes next: one D6 against `target_value` with `modifier` (§3.4).
    fn push_throw_check(&mut self, t: ThrowState, target_value: u8, modifier: i8) {
        self.push(Frame::Check(Box::new(Check::new(
            CheckFor::Throw(t),
            Die::D6,
            PassRule::Natural,
            target_value,
            modifier,
        ))));
    }

    /// The ball reaches player `r` in `sq`: possession if it can, else it bounces from there.
    fn catch_or_bounce(&mut self, ball: BallId, r: PlayerId, sq: Square) {
        if self.can_take_ball(r) {
            self.give_ball(ball, r);
        } else {
            self.bounce(ball, sq);
        }
    }

    fn finish_throw(&mut self, thrower: PlayerId) {
        if self.g.player(thrower).side == self.active() {
            self.push(Frame::AfterAction);
        }
    }

    /// Spend a coach-level re-roll source.
    pub(crate) fn spend_reroll(&mut self, side: Side, source: RerollSource) {
        match source {
            RerollSource::RawTalent(card) => {
                self.play_card(side, card);
            }
            RerollSource::RookiesToWatch => {
                self.g.rookies_card = None;
                self.emit(Event::RookiesCardUsed { coach: side });
            }
            _ => {}
        }
        self.emit(Event::RerollUsed {
            coach: side,
            source,
        });
    }

    /// §3.10.1 steps 4-6 (2024) and §3.10.2 steps 4-5 (2018); a Throw Team-mate check goes
    /// on to [`Self::resolve_throw_team_mate`].
    pub(crate) fn resolve_throw(&mut self, t: ThrowState, roll: ThrowRoll) {
        if let Some(thrown) = t.thrown {
            self.resolve_throw_team_mate(t, thrown, roll);
            return;
        }
        let Some(ball) = self.g.ball_held_by(t.thrower) else {
            self.finish_throw(t.thrower);
            return;
        };
        let Some(from) = self.g.player(t.thrower).square() else {
            return;
        };
        let ThrowRoll {
            success, fumble, ..
        } = roll;
        let active = self.g.player(t.thrower).side == self.active();
        if fumble {
            self.bounce(ball, from);
        } else if success {
            if active {
                self.g.record.throw_completed = true;
                self.g.record.throw_negative_modifier = roll.modifier < 0 && !t.no_modifiers;
            }
            match self.g.player_at(t.target).map(|r| r.id) {
                Some(r) if self.g.player(r).is_standing() => {
                    let open = self.g.is_open(r);
                    self.catch_or_bounce(ball, r, t.target);
                    // Catcher's Instincts: Open target of a successful Throw: free Run.
                    if active
                        && open
                        && self.g.player(r).has(Ability::CatchersInstincts)
                        && self.g.ball_held_by(r) == Some(ball)
                    {
                        self.g.record.grants.push((r, FreeGrant::Run));
                    }
                }
                // 2018: an empty square or a Prone player: the ball bounces from it.
                _ => {
                    self.g
                        .balls
                        .iter_mut()
                        .filter(|b| b.id == ball)
                        .for_each(|b| b.at = BallAt::Loose(t.target));
                    self.bounce(ball, t.target);
                }
            }
        } else {
            self.g
                .balls
                .iter_mut()
                .filter(|b| b.id == ball)
                .for_each(|b| b.at = BallAt::Loose(t.target));
            self.bounce(ball, t.target);
        }
        if !t.dump_off {
            self.finish_throw(t.thrower);
        }
    }
}

impl Ctx<'_> {
    /// §6.1.5 Throw Team-mate (2024 advanced), steps 1-3: the thrower makes a Throw check
    /// with its Throw value (Accurate Throw: 2+, §5.6) and the Long/Obstructed -1, capped as
    /// for any Throw (§3.10.1 step 3, G34). The check runs in the Throw frame, so it is
    /// re-rolled exactly like a Throw check (Expert Passer, Raw Talent, Rookies to Watch).
    /// Legality (who may throw whom, where) is checked by `legal::throw_team_mate_choices`.
    pub(crate) fn start_throw_team_mate(
        &mut self,
        thrower: PlayerId,
        thrown: PlayerId,
        target: Square,
        bonus: Option<BonusPlay>,
    ) {
        let p = *self.g.player(thrower);
        let Some(from) = p.square() else {
            self.finish_throw(thrower);
            return;
        };
        let target_value = if bonus == Some(BonusPlay::AccurateThrow) {
            ACCURATE_THROW_TARGET
        } else {
            p.stats.throw.unwrap_or(6)
        };
        let modifier = throw_modifier(self.g, &p, from, target);
        self.push_throw_check(
            ThrowState {
                thrower,
                target,
                thrown: Some(thrown),
                no_modifiers: false,
                dump_off: false,
            },
            target_value,
            modifier,
        );
    }

    /// §6.1.5 steps 4-8, once the Throw check is final:
    /// * fumble (step 7): the thrown player is Injured where it stands; its ball bounces
    ///   from the thrower's square;
    /// * a player in the target square (step 6): that player is placed Prone, the thrown
    ///   player is Injured and its ball bounces from the target square, then the occupant's
    ///   ball bounces and it makes an Armour check, -1 if the check succeeded;
    /// * an empty target square: the thrown player lands standing and keeps its ball
    ///   (step 4), or, if the check failed, lands Prone with no Armour check and its ball
    ///   bounces from the target square (step 5); a loose ball already there bounces
    ///   (step 8).
    ///
    /// A succeeded check is a successful Throw for Show Us a Completion! and Make a Risky
    /// Throw! (§5.5: a Throw Team-mate "is considered a Throw action"). Being thrown is not
    /// an action of the thrown player; touchdowns are checked after the action (G34, §3.17).
    fn resolve_throw_team_mate(&mut self, t: ThrowState, thrown: PlayerId, roll: ThrowRoll) {
        let thrower_square = self.g.player(t.thrower).square();
        let thrown_square = self.g.player(thrown).square();
        // The after-action sequence runs once the landing (armour checks included) is done.
        self.finish_throw(t.thrower);
        let (Some(thrower_square), Some(from)) = (thrower_square, thrown_square) else {
            return;
        };
        let ThrowRoll {
            success, fumble, ..
        } = roll;
        if success && self.g.player(t.thrower).side == self.active() {
            self.g.record.throw_completed = true;
            self.g.record.throw_negative_modifier = roll.modifier < 0 && !t.no_modifiers;
        }
        if fumble {
            self.injure_thrown(thrown, thrower_square);
            return;
        }
        let to = t.target;
        let loose = self.g.ball_at(to);
        self.emit(Event::TeamMateThrown {
            thrower: t.thrower,
            player: thrown,
            from,
            to,
        });
        if let Some(occupant) = self.g.player_at(to).map(|o| o.id) {
            self.g.player_mut(occupant).place = Place::Prone(to);
            self.emit(Event::KnockedDown { player: occupant });
            self.injure_thrown(thrown, to);
            let modifier = if success { -1 } else { 0 };
            self.ball_then_armour(occupant, to, modifier, false, None);
            return;
        }
        self.g.player_mut(thrown).place = Place::Standing(to);
        if !success {
            self.place_prone(thrown);
        }
        if let Some(ball) = loose {
            // Handling Skills picks up on any move (§5.4); nobody who can be thrown has it.
            let handling = self.g.player(thrown).has(Ability::HandlingSkills);
            if handling && self.can_take_ball(thrown) {
                self.give_ball(ball, thrown);
            } else {
                self.bounce(ball, to);
            }
        }
    }

    /// §6.1.5 steps 6-7: the thrown player is Injured (to its dugout); a ball it held bounces
    /// from `ball_from` (the target square, or the thrower's square on a fumble).
    fn injure_thrown(&mut self, p: PlayerId, ball_from: Square) {
        let ball = self.g.ball_held_by(p);
        self.g.player_mut(p).place = Place::Reserves;
        self.emit(Event::Injured { player: p });
        if let Some(ball) = ball {
            self.bounce(ball, ball_from);
        }
    }
}
