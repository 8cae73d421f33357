//! The ball: landing and catching (§15.6), bouncing (§15.8), throw-ins (§15.9), and the
//! kick's touchback (§6.2).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use super::checks::{CheckFor, d6_check};
use super::data::*;
use super::flow::{Arrival, Ctx, Frame};
use super::state::*;
use super::wire::*;
use crate::core::{Die, Square};

impl Ctx<'_> {
    /// The ball arrives in `square`: a standing player able to catch must try (§15.6;
    /// §26.17 No Hands and a confused player cannot); else it bounces, except that a
    /// bouncing ball stops in an empty square (§15.8).
    pub(crate) fn land(&mut self, square: Square, arrival: Arrival) {
        let kick = matches!(arrival, Arrival::Kick | Arrival::KickBounce);
        if kick && (!on_pitch(square) || !in_half(self.g.kicking.other(), square)) {
            self.award_touchback();
            return;
        }
        match self.g.at(square) {
            Some(id) => {
                let p = self.g.player(id);
                if p.standing() && !p.confused && !p.has(Skill::NoHands) {
                    let tz = self.nerves_tz(id, square);
                    let bonus = i8::from(matches!(arrival, Arrival::Accurate | Arrival::HandOff))
                        + self.diving_catch_bonus(id, square, arrival);
                    let rain = i8::from(self.g.weather == Weather::PouringRain);
                    // §26.46 Extra Arms +1; §26.42 Disturbing Presence −1 each.
                    let arms = super::skill_hooks::extra_arms(p);
                    let dp = super::skill_hooks::disturbing_presence(self.g, p.side, square);
                    let mut f = CheckFor::new(CheckKind::Catch, id);
                    f.arrival = Some(arrival);
                    f.square = Some(square);
                    let m = bonus - tz - rain + arms - dp + self.cards_handling_modifier();
                    let c = d6_check(f, agility_target(p.ag), m);
                    self.push(Frame::Check(Box::new(c)));
                } else {
                    self.set_ball(Ball::Ground { square });
                    self.push(Frame::Bounce { from: square, kick });
                }
            }
            None => {
                if let Some(diver) = self.diving_catcher(square, arrival) {
                    // §26.43 Diving Catch: his coach may dive for it.
                    self.push(Frame::DivingCatch {
                        player: diver,
                        square,
                        arrival,
                    });
                    return;
                }
                self.set_ball(Ball::Ground { square });
                if !matches!(arrival, Arrival::Bounce | Arrival::KickBounce) {
                    self.push(Frame::Bounce { from: square, kick });
                }
            }
        }
    }

    /// §15.8: one D8 scatter; off the pitch a throw-in (the kick: a touchback, G34).
    pub(crate) fn bounce(&mut self, from: Square, kick: bool) {
        let dir = self.roll(RollPurpose::Bounce, None, Die::D8);
        let (dx, dy) = SCATTER[usize::from(dir - 1)];
        let to = from.offset(dx, dy);
        if kick {
            self.land(to, Arrival::KickBounce);
            return;
        }
        if !on_pitch(to) {
            self.push(Frame::ThrowIn { from });
            return;
        }
        self.land(to, Arrival::Bounce);
    }

    /// §15.9, §2.4: the crowd throws the ball in from `from`: D6 direction (1–2 and 5–6
    /// the diagonals, 3–4 straight in, G27), 2D6 distance counting `from` as the first
    /// square unless the option says otherwise (G1); out again: a new throw-in.
    pub(crate) fn throw_in(&mut self, from: Square) {
        self.emit(Event::ThrowIn { from });
        if self.g.half == 1
            && let Some(side) = self.g.cards.hometown
        {
            // §31.10 Hometown Fans: in the first half that coach picks the direction.
            self.push(Frame::ThrowInAim { side, from });
            return;
        }
        let dir = self.roll(RollPurpose::ThrowInDirection, None, Die::D6);
        let [left, straight, right] = throw_in_steps(from);
        let step = match dir {
            1 | 2 => left,
            5 | 6 => right,
            _ => straight,
        };
        self.throw_in_along(from, step);
    }

    /// §15.9: the throw-in from `from` goes `step` each square: 2D6 distance counting
    /// `from` as the first square unless the option says otherwise (G1); out again: a new
    /// throw-in.
    pub(crate) fn throw_in_along(&mut self, from: Square, (dx, dy): (i8, i8)) {
        let [a, b] = self.roll2(RollPurpose::ThrowInDistance, None);
        let mut dist = a + b;
        if self.g.setup.options.throw_in_counts_start_square {
            dist -= 1;
        }
        let mut sq = from;
        for _ in 0..dist {
            let next = sq.offset(dx, dy);
            if !on_pitch(next) {
                self.set_ball(Ball::Ground { square: sq });
                self.push(Frame::ThrowIn { from: sq });
                return;
            }
            sq = next;
        }
        self.set_ball(Ball::InAir { square: sq });
        self.land(sq, Arrival::ThrowIn);
    }
}

/// §2.4: the template's three steps from `from` (the faces 1–2, 3–4 and 5–6), its centre
/// arrow pointing into the pitch, away from the edge crossed (G27).
pub(crate) fn throw_in_steps(from: Square) -> [(i8, i8); 3] {
    let (ix, iy) = if from.x == 0 {
        (1, 0)
    } else if from.x == LENGTH - 1 {
        (-1, 0)
    } else if from.y == 0 {
        (0, 1)
    } else {
        (0, -1)
    };
    if ix != 0 {
        [(ix, -1), (ix, iy), (ix, 1)]
    } else {
        [(-1, iy), (ix, iy), (1, iy)]
    }
}
