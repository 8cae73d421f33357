//! Throw Team-Mate (§26.33), Right Stuff landings (§26.23) and Always Hungry (§26.1).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use super::checks::{BbCheck, CheckFor, d6_check, pass_fumbled};
use super::data::*;
use super::flow::{Ctx, Frame, Hurt};
use super::state::*;
use super::wire::*;
use crate::core::{Die, Square};

impl Ctx<'_> {
    /// §26.33: throw `thrown` towards `target`: Always Hungry first (§26.1), then the
    /// throw roll (a pass at −1, Quick or Short only, never intercepted).
    pub(crate) fn throw_team_mate(&mut self, thrower: PlayerId, thrown: PlayerId, target: Square) {
        self.emit(Event::ThrewTeamMate {
            player: thrower,
            thrown,
            target,
        });
        let side = self.g.player(thrower).side;
        if self.g.player(thrower).has(Skill::AlwaysHungry)
            && self.roll(RollPurpose::AlwaysHungry, Some(side), Die::D6) == 1
        {
            if self.roll(RollPurpose::AlwaysHungry, Some(side), Die::D6) == 1 {
                self.eaten(thrower, thrown);
            } else {
                // Wriggles free: a fumbled throw, he lands in his own square.
                if let Some(sq) = self.g.player(thrown).square() {
                    self.land_thrown(thrown, sq, false);
                }
            }
            return;
        }
        let p = self.g.player(thrower);
        let Some(from) = p.square() else { return };
        let dx = (target.x - from.x).unsigned_abs();
        let dy = (target.y - from.y).unsigned_abs();
        let Some(range) = pass_range(dx, dy) else {
            return;
        };
        let tz = self.g.tackle_zones(side, from, None) as i8;
        let mut m = range.modifier() - 1 - tz;
        if self.g.weather == Weather::VerySunny {
            m -= 1;
        }
        if p.has(Skill::StrongArm) && range != PassRange::Quick {
            m += 1;
        }
        if p.has(Skill::Stunty) {
            m -= 1;
        }
        let mut f = CheckFor::new(CheckKind::ThrowTeamMate, thrower);
        f.other = Some(thrown);
        f.square = Some(target);
        f.range = Some(range);
        let c = d6_check(f, agility_target(p.ag), m);
        self.push(Frame::Check(Box::new(c)));
    }

    /// §26.1: eaten: killed, nothing saves him; a ball he held scatters from his square
    /// (a turnover, as a failed landing with the ball).
    fn eaten(&mut self, thrower: PlayerId, thrown: PlayerId) {
        let Some(sq) = self.g.player(thrown).square() else {
            return;
        };
        let carrier = self.g.carrier() == Some(thrown);
        let result = CasualtyResult::Dead;
        self.set_state(thrown, PlayerState::Casualty { result });
        self.emit(Event::Casualty {
            player: thrown,
            result,
            cause: Cause::Eaten,
            by: Some(thrower),
        });
        // §12.7: any death counts for the opposing Necromancer (G112).
        self.raise_the_dead(thrown);
        if carrier {
            self.set_ball(Ball::Ground { square: sq });
            self.push(Frame::Bounce {
                from: sq,
                kick: false,
            });
            self.turnover(Turnover::BallCarrierDown);
        }
    }

    /// The throw's result: a fumble lands him in his own square; otherwise he scatters
    /// three times from the target (an accurate throw counts as inaccurate, §26.33).
    pub(crate) fn team_mate_thrown(&mut self, c: &BbCheck) {
        let Some(thrown) = c.kind.other else { return };
        let Some(target) = c.kind.square else { return };
        let Some(start) = self.g.player(thrown).square() else {
            return;
        };
        if pass_fumbled(c) {
            self.land_thrown(thrown, start, false);
            return;
        }
        let mut sq = target;
        for _ in 0..3 {
            let dir = self.roll(RollPurpose::Scatter, None, Die::D8);
            let (dx, dy) = SCATTER[usize::from(dir - 1)];
            let next = sq.offset(dx, dy);
            if !on_pitch(next) {
                self.thrown_into_crowd(thrown, sq);
                return;
            }
            sq = next;
        }
        self.come_down(thrown, sq, false);
    }

    /// §26.33: coming down on `sq`: a player there is knocked down and the thrown player
    /// scatters on until an empty square (then a failed landing); else the landing roll
    /// (`sure`: none, he lands, §31.6 Ring of Teleportation).
    pub(crate) fn come_down(&mut self, thrown: PlayerId, mut sq: Square, sure: bool) {
        let mut landed_on = false;
        loop {
            match self.g.at(sq) {
                Some(other) if other != thrown => {
                    landed_on = true;
                    let side = self.g.player(other).side;
                    if self.g.active == Some(side) {
                        self.turnover(Turnover::KnockedDown);
                    }
                    self.push(Frame::KnockDown {
                        player: other,
                        hurt: Hurt::plain(Cause::Thrown, Some(thrown)),
                    });
                    let dir = self.roll(RollPurpose::Scatter, None, Die::D8);
                    let (dx, dy) = SCATTER[usize::from(dir - 1)];
                    let next = sq.offset(dx, dy);
                    if !on_pitch(next) {
                        self.thrown_into_crowd(thrown, sq);
                        return;
                    }
                    sq = next;
                }
                _ => break,
            }
        }
        if sure && !landed_on {
            if self.g.player(thrown).square() != Some(sq) {
                self.move_player(thrown, sq);
            }
            self.landed(thrown, true);
            return;
        }
        self.land_thrown(thrown, sq, landed_on);
    }

    /// §26.23: the landing: move him there, then an Agility roll at −1 per opposing
    /// tackle zone on the square (failed at once after landing on a player).
    fn land_thrown(&mut self, thrown: PlayerId, sq: Square, failed: bool) {
        let p = self.g.player(thrown);
        if p.square() != Some(sq) {
            self.move_player(thrown, sq);
        }
        let p = self.g.player(thrown);
        if failed {
            self.failed_landing(thrown);
            return;
        }
        let tz = self.g.tackle_zones(p.side, sq, None) as i8;
        let f = CheckFor::new(CheckKind::Landing, thrown);
        let c = d6_check(f, agility_target(p.ag), -tz);
        self.push(Frame::Check(Box::new(c)));
    }

    /// §26.23: a failed landing: placed prone with an armour roll; a turnover only if he
    /// held the ball.
    fn failed_landing(&mut self, thrown: PlayerId) {
        self.push(Frame::KnockDown {
            player: thrown,
            hurt: Hurt::plain(Cause::Thrown, None),
        });
    }

    /// The landing's result: standing (a ball on the square bounces: he cannot pick it up;
    /// a carrier in the end zone scores), or a failed landing.
    pub(crate) fn landed(&mut self, thrown: PlayerId, passed: bool) {
        let Some(sq) = self.g.player(thrown).square() else {
            return;
        };
        if !passed {
            self.failed_landing(thrown);
            return;
        }
        if self.g.ball == (Ball::Ground { square: sq }) {
            self.push(Frame::Bounce {
                from: sq,
                kick: false,
            });
        }
        self.check_touchdown(true);
    }

    /// §26.33: thrown off the pitch: the crowd beats him up (as a crowd push); a ball he
    /// held is thrown in from the last square (a turnover).
    pub(crate) fn thrown_into_crowd(&mut self, thrown: PlayerId, last: Square) {
        let carrier = self.g.carrier() == Some(thrown);
        self.set_state(thrown, PlayerState::Reserve);
        self.emit(Event::PushedIntoCrowd { player: thrown });
        if carrier {
            self.set_ball(Ball::Ground { square: last });
            self.push(Frame::ThrowIn { from: last });
            // (A card may throw an opponent between turns: no turnover then.)
            if self.g.active == Some(self.g.player(thrown).side) {
                self.turnover(Turnover::BallCarrierDown);
            }
        }
        self.push(Frame::Injury {
            player: thrown,
            hurt: Hurt::plain(Cause::Crowd, None),
            crowd: true,
            square: None,
        });
    }
}
