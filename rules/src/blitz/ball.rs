//! The ball: new balls and trapdoors, bounces, possession (§3.16), and the player
//! moves that touch it (injury, prone, reserves).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use super::data::*;
use super::event::*;
use super::flow::*;
use super::state::*;
use crate::core::{Die, Side, Square};

/// The balls that may enter play now (§6.2.2): with special balls, each kind not already in
/// play (a kind is in play at most once); without, the standard ball.
pub fn ball_choices(g: &Game) -> Vec<BallKind> {
    if !g.setup.options.special_balls {
        return vec![BallKind::Standard];
    }
    BallKind::ALL
        .into_iter()
        .filter(|k| !g.balls.iter().any(|b| b.kind == *k))
        .collect()
}

impl Ctx<'_> {
    pub(crate) fn place_new_ball(&mut self, square: Square, kind: BallKind, bounce: bool) {
        let id = BallId(self.g.next_ball);
        self.g.next_ball = self.g.next_ball.wrapping_add(1);
        self.g.balls.push(Ball {
            id,
            kind,
            at: BallAt::Loose(square),
        });
        self.emit(Event::BallEntered {
            ball: id,
            kind,
            square,
        });
        if bounce {
            self.bounce(id, square);
        }
    }

    /// A ball is about to enter play. With special balls and more than one ball to choose
    /// from, `chooser` picks it first (§6.2.2: Coach B for the starting ball, the placing coach
    /// in No Ball in Play, each coach in turn for Multi-Ball).
    pub(crate) fn enter_ball(&mut self, chooser: Side, entry: BallEntry) -> Flow {
        let choices = ball_choices(self.g);
        if choices.len() > 1 {
            self.push(Frame::EnterBall { chooser, entry });
            return wait(chooser, super::prompt::PromptKind::ChooseBall);
        }
        // Only one ball left (or, unreachable in play, every kind already in play).
        let kind = choices.first().copied().unwrap_or(BallKind::Standard);
        self.ball_enters(entry, kind);
        Flow::Continue
    }

    /// The coach chose `kind` at the ChooseBall prompt.
    pub(crate) fn ball_chosen(&mut self, kind: BallKind) {
        if let Some(Frame::EnterBall { entry, .. }) = self.g.stack.pop() {
            self.ball_enters(entry, kind);
        }
    }

    fn ball_enters(&mut self, entry: BallEntry, kind: BallKind) {
        match entry {
            BallEntry::Starting => {
                // §3.1.1 step 6 / §3.1.2 step 7: on the trapdoor, no bounce (G45).
                let roller = if self.g.profile.trapdoor_by_coach_roll() {
                    self.g.toss_winner
                } else {
                    None
                };
                let square = self.choose_trapdoor(roller);
                self.place_new_ball(square, kind, false);
            }
            BallEntry::NewBall => self.new_ball(kind),
        }
    }

    /// §3.16.5 New Ball!: open a trapdoor (2018: the active coach rolls left/right), injure a
    /// player on it (removing any ball it holds, G46), remove a loose ball there, place the new
    /// ball and bounce it at once. Also used by Multi-Ball (§5.8).
    pub(crate) fn new_ball(&mut self, kind: BallKind) {
        let coach = self.active();
        let square = self.choose_trapdoor(Some(coach));
        self.clear_trapdoor(square);
        self.place_new_ball(square, kind, true);
    }

    /// A trapdoor opens (§3.16.5 New Ball!; arena 2 Reserves, §5.11): a player on it is
    /// Injured and the ball it holds is removed from play with it; a loose ball there is
    /// removed from play.
    pub(crate) fn clear_trapdoor(&mut self, square: Square) {
        if let Some(p) = self.g.player_at(square).map(|p| p.id) {
            if let Some(b) = self.g.ball_held_by(p) {
                self.remove_ball(b);
            }
            self.injure(p);
        }
        if let Some(b) = self.g.ball_at(square) {
            self.remove_ball(b);
        }
    }

    /// Squig Ball (§5.10, §6.2.2, G36), at the start of every turn after the 2024 Sudden Death
    /// check and before the Pre-Turn Sequence: a loose Squig Ball bounces; one held by the
    /// active team bounces from its holder on a D6 roll of 1.
    pub(crate) fn squig_ball(&mut self) {
        let Some(ball) = self
            .g
            .balls
            .iter()
            .find(|b| b.kind == BallKind::SquigBall)
            .copied()
        else {
            return;
        };
        let active = self.active();
        match ball.at {
            BallAt::Loose(sq) => self.bounce(ball.id, sq),
            BallAt::Held(p) if self.g.player(p).side == active => {
                let face = self.roll(Die::D6);
                self.emit_roll(RollPurpose::SquigBall, Some(active), Die::D6, face);
                if face == 1
                    && let Some(sq) = self.g.player(p).square()
                {
                    self.bounce(ball.id, sq);
                }
            }
            BallAt::Held(_) => {}
        }
    }

    pub(crate) fn remove_ball(&mut self, ball: BallId) {
        self.g.balls.retain(|b| b.id != ball);
        self.emit(Event::BallRemoved { ball });
    }

    /// §3.16.3: roll a D8 on the bounce chart; blocked or off-pitch results move clockwise.
    pub(crate) fn bounce(&mut self, ball: BallId, from: Square) {
        let mut from = from;
        // Each bounce either stops the ball or moves it on; the chain ends with probability 1
        // (§3.16.3 "bounces chain until the ball stops or is caught").
        loop {
            let face = self.roll(Die::D8);
            self.emit_roll(RollPurpose::Bounce, None, Die::D8, face);
            let to = self.bounce_square(from, face);
            match to {
                Some(to) => {
                    self.emit(Event::BallBounced { ball, from, to });
                    match self.land(ball, to) {
                        Some(next) => from = next,
                        None => return,
                    }
                }
                None => {
                    // G25: nowhere to go; the ball stays.
                    self.set_ball(ball, BallAt::Loose(from));
                    return;
                }
            }
        }
    }

    /// The square a bounce with D8 `face` reaches from `from`, moving clockwise past blocked
    /// and off-pitch squares (§2.3).
    pub(crate) fn bounce_square(&self, from: Square, face: u16) -> Option<Square> {
        let start = usize::from(face.clamp(1, 8) - 1);
        (0..8).find_map(|i| {
            let (dx, dy) = BOUNCE_CHART[(start + i) % 8];
            let sq = from.offset(dx, dy);
            self.g.is_playable(sq).then_some(sq)
        })
    }

    pub(crate) fn set_ball(&mut self, ball: BallId, at: BallAt) {
        if let Some(b) = self.g.balls.iter_mut().find(|b| b.id == ball) {
            b.at = at;
        }
    }

    /// A ball arrives in `sq` (bounce, failed throw...). Returns the square to bounce on from,
    /// or `None` if it stopped or was caught (§3.16.3).
    pub(crate) fn land(&mut self, ball: BallId, sq: Square) -> Option<Square> {
        let other_ball_here = self
            .g
            .balls
            .iter()
            .any(|b| b.id != ball && b.at == BallAt::Loose(sq));
        if other_ball_here {
            return Some(sq); // G24: bounce again from the square it entered.
        }
        match self.g.player_at(sq).map(|p| p.id) {
            None => {
                self.set_ball(ball, BallAt::Loose(sq));
                self.emit(Event::BallLanded { ball, square: sq });
                None
            }
            Some(p) => {
                if self.g.is_open(p) && self.can_take_ball(p) {
                    self.give_ball(ball, p);
                    None
                } else {
                    Some(sq)
                }
            }
        }
    }

    /// Throw "–" players never possess; nobody holds two balls (§3.16.1, §3.16.4).
    pub(crate) fn can_take_ball(&self, p: PlayerId) -> bool {
        let pl = self.g.player(p);
        pl.can_hold_ball() && pl.is_standing() && self.g.ball_held_by(p).is_none()
    }

    pub(crate) fn give_ball(&mut self, ball: BallId, p: PlayerId) {
        self.set_ball(ball, BallAt::Held(p));
        self.emit(Event::BallPossessed { ball, player: p });
        if Some(self.g.player(p).side) == self.g.turn.active {
            self.g.record.possessed.push(ball);
        }
    }

    /// A player entered `sq` by a move that is not a Run pickup: a loose ball there bounces,
    /// unless `pick_up` (Run, Handling Skills) and the player can take it (§3.16.2).
    pub(crate) fn touch_loose_ball(&mut self, p: PlayerId, sq: Square, pick_up: bool) {
        if let Some(ball) = self.g.ball_at(sq) {
            if pick_up && self.can_take_ball(p) {
                self.give_ball(ball, p);
            } else {
                self.bounce(ball, sq);
            }
        }
    }

    pub(crate) fn move_player(&mut self, p: PlayerId, to: Square) {
        let pl = self.g.player_mut(p);
        let from = pl.square();
        pl.place = match pl.place {
            Place::Prone(_) => Place::Prone(to),
            _ => Place::Standing(to),
        };
        if let Some(from) = from {
            self.emit(Event::PlayerMoved {
                player: p,
                from,
                to,
            });
        }
    }

    pub(crate) fn send_to_reserves(&mut self, p: PlayerId) {
        self.g.player_mut(p).place = Place::Reserves;
        self.emit(Event::ToReserves { player: p });
    }

    /// The player is Injured: removed to its dugout (§1.2). A ball it still holds bounces from
    /// its square first (2024 abilities and cards; trapdoors remove the ball beforehand).
    pub(crate) fn injure(&mut self, p: PlayerId) {
        if self.g.record.target == Some(p) {
            self.g.record.target_injured = true;
        }
        let sq = self.g.player(p).square();
        if let (Some(ball), Some(sq)) = (self.g.ball_held_by(p), sq) {
            self.g.player_mut(p).place = Place::Reserves;
            self.emit(Event::Injured { player: p });
            self.bounce(ball, sq);
            return;
        }
        self.g.player_mut(p).place = Place::Reserves;
        self.emit(Event::Injured { player: p });
    }

    /// Place Prone without an Armour check; a held ball bounces (§3.11 step 2).
    pub(crate) fn place_prone(&mut self, p: PlayerId) {
        let Some(sq) = self.g.player(p).square() else {
            return;
        };
        self.g.player_mut(p).place = Place::Prone(sq);
        self.emit(Event::PlacedProne { player: p });
        if let Some(ball) = self.g.ball_held_by(p) {
            self.bounce(ball, sq);
        }
    }

    pub(crate) fn balls_held_by_side(&self, side: Side) -> Vec<BallId> {
        self.g
            .balls
            .iter()
            .filter(|b| matches!(b.at, BallAt::Held(p) if self.g.player(p).side == side))
            .map(|b| b.id)
            .collect()
    }
}
