//! Bombardier (§26.4): bombs thrown by the passing rules, intercepted or caught and thrown
//! on at once, exploding where they land.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use serde::{Deserialize, Serialize};

use super::actions::can_intercept;
use super::checks::{BbCheck, CheckFor, d6_check, pass_fumbled};
use super::data::*;
use super::flow::{Ctx, Frame, Hurt};
use super::state::*;
use super::wire::*;
use crate::core::{Die, Square};

/// A bomb in flight: who threw it and where to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BombFlight {
    pub thrower: PlayerId,
    pub target: Square,
}

impl Ctx<'_> {
    /// §26.4: a bomb thrown by the passing rules: the opponents may intercept it, then the
    /// accuracy roll (any skill that helps a pass helps it).
    pub(crate) fn throw_bomb(&mut self, thrower: PlayerId, target: Square) {
        let Some(from) = self.g.player(thrower).square() else {
            return;
        };
        let dx = (target.x - from.x).unsigned_abs();
        let dy = (target.y - from.y).unsigned_abs();
        let Some(range) = pass_range(dx, dy) else {
            return;
        };
        self.emit(Event::BombThrown {
            player: thrower,
            target,
        });
        self.g.bomb = Some(BombFlight { thrower, target });
        self.push(Frame::BombRoll { range });
        let side = self.g.player(thrower).side;
        let candidates: Vec<PlayerId> = self
            .g
            .players
            .iter()
            .filter(|o| {
                o.side != side
                    && o.has_tz()
                    && !o.has(Skill::NoHands)
                    && o.square().is_some_and(|sq| can_intercept(from, target, sq))
            })
            .map(|o| o.id)
            .collect();
        if !candidates.is_empty() {
            self.push(Frame::Intercept { candidates });
        }
    }

    /// §15.3 for a bomb: the accuracy roll (unless it was intercepted).
    pub(crate) fn bomb_roll(&mut self, range: PassRange) {
        let Some(b) = self.g.bomb else { return };
        let p = self.g.player(b.thrower);
        let Some(sq) = p.square() else {
            self.g.bomb = None;
            return;
        };
        let tz = self.nerves_tz(b.thrower, sq);
        let mut m = range.modifier() - tz + self.accurate(b.thrower);
        if self.g.weather == Weather::VerySunny {
            m -= 1;
        }
        if p.has(Skill::StrongArm) && range != PassRange::Quick {
            m += 1;
        }
        if p.has(Skill::Stunty) {
            m -= 1;
        }
        // §26.42 Disturbing Presence: a bomb is thrown as a pass.
        m -= super::skill_hooks::disturbing_presence(self.g, p.side, sq);
        // §31.12 Gromskull's Exploding Runes: −1.
        m += super::cards::runes_modifier(self.g, b.thrower);
        let mut f = CheckFor::new(CheckKind::Pass, b.thrower);
        f.range = Some(range);
        f.square = Some(b.target);
        f.flag = true;
        let c = d6_check(f, agility_target(p.ag), m);
        self.push(Frame::Check(Box::new(c)));
    }

    /// The bomb's flight: a fumble explodes in the thrower's square; accurate lands in the
    /// target; inaccurate scatters three times (off the pitch: harmless in the crowd).
    pub(crate) fn bomb_flown(&mut self, c: &BbCheck, accurate: bool) {
        let Some(b) = self.g.bomb else { return };
        let from = self.g.player(b.thrower).square();
        // §26.52: a Hail Mary bomb (no range) is never accurate.
        let accurate = accurate && c.kind.range.is_some();
        if !accurate && pass_fumbled(c) {
            self.explode(from);
            return;
        }
        let mut sq = b.target;
        if !accurate {
            for _ in 0..3 {
                let dir = self.roll(RollPurpose::Scatter, None, Die::D8);
                let (dx, dy) = SCATTER[usize::from(dir - 1)];
                sq = sq.offset(dx, dy);
                if !on_pitch(sq) {
                    self.explode(None);
                    return;
                }
            }
        }
        self.bomb_lands(sq);
    }

    /// §26.4: a standing player who can catch may try (or let it explode); else it
    /// explodes (bombs never bounce).
    fn bomb_lands(&mut self, sq: Square) {
        match self.g.at(sq) {
            Some(id) if self.g.player(id).has_tz() && !self.g.player(id).has(Skill::NoHands) => {
                self.push(Frame::CatchBomb {
                    player: id,
                    square: sq,
                });
            }
            _ => self.explode(Some(sq)),
        }
    }

    /// §26.4, §15.6: the catch of a bomb (no skill re-roll is kept from the ball's).
    pub(crate) fn catch_bomb(&mut self, player: PlayerId, sq: Square, catch: bool) {
        if !catch {
            self.explode(Some(sq));
            return;
        }
        let tz = self.nerves_tz(player, sq);
        let p = self.g.player(player);
        let rain = i8::from(self.g.weather == Weather::PouringRain);
        let mut f = CheckFor::new(CheckKind::Catch, player);
        f.square = Some(sq);
        f.flag = true;
        // §26.46 Extra Arms, §26.42 Disturbing Presence: a bomb is caught as the ball.
        let arms = super::skill_hooks::extra_arms(p);
        let dp = super::skill_hooks::disturbing_presence(self.g, p.side, sq);
        let c = d6_check(f, agility_target(p.ag), -tz - rain + arms - dp);
        self.push(Frame::Check(Box::new(c)));
    }

    /// §26.4: the explosion: the player in the square is knocked down, each adjacent one on
    /// 4+ (prone and stunned players too); an active-team player knocked down is a
    /// turnover.
    pub(crate) fn explode(&mut self, square: Option<Square>) {
        let thrower = self.g.bomb.map(|b| b.thrower);
        self.g.bomb = None;
        self.emit(Event::Exploded { square });
        let Some(sq) = square else { return };
        let mut hit = Vec::new();
        if let Some(id) = self.g.at(sq) {
            hit.push(id);
        }
        for n in sq.neighbours() {
            if let Some(id) = self.g.at(n)
                && self.roll(RollPurpose::Explosion, None, Die::D6) >= 4
            {
                hit.push(id);
            }
        }
        for id in hit.into_iter().rev() {
            if self.g.active == Some(self.g.player(id).side) {
                self.turnover(Turnover::KnockedDown);
            }
            self.push(Frame::KnockDown {
                player: id,
                hurt: Hurt::plain(Cause::Bomb, thrower),
            });
        }
    }
}
