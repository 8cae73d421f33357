//! §31.10 Fanatic Invasion: the neutral Goblin Fanatic a card puts on the pitch. He is a
//! player of the state flagged `neutral` (so the pitch's one-piece-a-square rule, pushes,
//! bounces and blocks all see him), nobody's team-mate nor opponent: no tackle zone, no
//! assists given or received, never declared, never blocked, fouled or targeted by a card;
//! each coach may move him once at the end of his own turn, with the Ball & Chain movement
//! (§26.2) of the Goblin Fanatic's profile; the referee removes him at the drive's end.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use super::cards::Until;
use super::data::{Roster, SkillSet};
use super::flow::{Ctx, Frame, prompt};
use super::state::{Game, Player};
use super::wire::*;
use crate::core::engine::Flow;
use crate::core::{Side, Square};

/// §31.10: the Fanatic's go-for-its in one move (§10.4, as any player's).
const FANATIC_GFIS: u8 = 2;

/// §31.10: the squares the card may put the Fanatic on: any empty square of the pitch.
pub fn invasion_squares(g: &Game) -> Vec<Square> {
    let mut out = Vec::new();
    for y in 0..super::state::WIDTH {
        for x in 0..super::state::LENGTH {
            let sq = Square::new(x, y);
            if g.at(sq).is_none() && g.ball != (Ball::Ground { square: sq }) {
                out.push(sq);
            }
        }
    }
    out
}

/// The legal answers to a [`PromptKind::FanaticMove`] prompt: the four facings (or, going
/// for it, the facing held, G143) and `end_action`.
pub fn fanatic_legal(g: &Game, player: PlayerId, gfi: bool, out: &mut Vec<Command>) {
    let Some(Frame::Fanatic { facing, .. }) = g.frames.last() else {
        return;
    };
    let Some(sq) = g.player(player).square() else {
        return;
    };
    match (gfi, facing) {
        (false, None) => {
            for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                out.push(Command::Step {
                    to: sq.offset(dx, dy),
                });
            }
        }
        (true, Some((dx, dy))) => out.push(Command::Step {
            to: sq.offset(*dx, *dy),
        }),
        _ => {}
    }
    out.push(Command::EndAction);
}

impl Ctx<'_> {
    /// §31.10: the card puts a Goblin Fanatic (the Goblin roster's Fanatic profile and
    /// skills) on `square`, neutral, to the drive's end. [Proposal] He is not in the drive
    /// for Secret Weapon (§26.24): the referee removes him at the drive's end, no team's
    /// player is sent off.
    pub(crate) fn fanatic_invade(&mut self, side: Side, square: Square) {
        let data = Roster::Goblin.data();
        let Some(pos) = data.positions.iter().find(|p| p.name == "Fanatic") else {
            return;
        };
        let id = PlayerId(self.g.players.len() as u8);
        self.g.players.push(Player {
            id,
            side,
            number: 0,
            name: "Goblin Fanatic".to_string(),
            position: pos.name.to_string(),
            ma: pos.ma,
            st: pos.st,
            ag: pos.ag,
            av: pos.av,
            skills: SkillSet::of(pos.skills),
            niggling: 0,
            state: PlayerState::Reserve,
            neutral: true,
            ..Player::joining()
        });
        self.g.cards.joined.push((id, Until::EndOfDrive));
        let view = super::view::player_view(self.g.player(id));
        self.emit(Event::PlayerJoined {
            player: Box::new(view),
        });
        self.set_state(id, PlayerState::Standing { square });
    }

    /// §31.10: the end of `side`'s own turn (the drive going on): its coach may move each
    /// neutral Fanatic standing on the pitch. [Proposal] This comes before the turn's
    /// card moment, so the coach who plays the card moves the Fanatic first at the end of
    /// his next turn, the opponent at the end of his.
    pub(crate) fn fanatic_window(&mut self, side: Side) {
        // Once a turn (§31.9 Come On Boys! may resume a turn after its end).
        let turn = (side, self.g.half, self.g.team(side).turns);
        if self.g.cards.fanatic_turn == Some(turn) {
            return;
        }
        let ids: Vec<PlayerId> = self
            .g
            .players
            .iter()
            .filter(|p| p.neutral && p.standing())
            .map(|p| p.id)
            .collect();
        if !ids.is_empty() {
            self.g.cards.fanatic_turn = Some(turn);
        }
        for player in ids.into_iter().rev() {
            self.push(Frame::Fanatic {
                side,
                player,
                facing: None,
                ma_left: 0,
                gfi_left: 0,
            });
        }
    }

    /// The Fanatic's move, one step at a time: ask the facing, roll each MA square
    /// (§26.2), ask each go-for-it. Nothing of it is a turnover: no team's turn is under
    /// way (a fall only ends the move). A touchdown it causes ends the drive.
    pub(crate) fn fanatic_frame(
        &mut self,
        side: Side,
        player: PlayerId,
        facing: Option<(i8, i8)>,
        ma_left: u8,
        gfi_left: u8,
    ) -> Flow<Prompt, Command> {
        self.g.turnover = None;
        let p = self.g.player(player);
        if self.g.is_over() || self.g.touchdown || !(p.neutral && p.standing()) {
            return self.fanatic_done();
        }
        let frame = Frame::Fanatic {
            side,
            player,
            facing,
            ma_left,
            gfi_left,
        };
        match facing {
            None => {
                self.push(frame);
                Flow::Wait(prompt(side, PromptKind::FanaticMove { player, gfi: false }))
            }
            Some(face) if ma_left > 0 => {
                self.push(Frame::Fanatic {
                    side,
                    player,
                    facing,
                    ma_left: ma_left - 1,
                    gfi_left,
                });
                self.push(Frame::ChainMove { player, face });
                Flow::Continue
            }
            Some(_) if gfi_left > 0 => {
                self.push(frame);
                Flow::Wait(prompt(side, PromptKind::FanaticMove { player, gfi: true }))
            }
            Some(_) => self.fanatic_done(),
        }
    }

    /// The move is over: a carrier it left standing in the end zone he attacks scores
    /// (§18.1); a touchdown ends the drive as at a turn's end (§9.4).
    fn fanatic_done(&mut self) -> Flow<Prompt, Command> {
        self.g.turnover = None;
        self.check_touchdown(false);
        if self.g.touchdown && !self.g.is_over() {
            self.g.frames.clear();
            self.push(Frame::EndDrive);
        }
        Flow::Continue
    }

    /// The answer to a [`PromptKind::FanaticMove`] prompt.
    pub(crate) fn fanatic_answer(
        &mut self,
        side: Side,
        player: PlayerId,
        facing: Option<(i8, i8)>,
        gfi_left: u8,
        cmd: Command,
    ) {
        let (Command::Step { to }, Some(sq)) = (cmd, self.g.player(player).square()) else {
            // `end_action`: he stays (or stops going for it).
            self.fanatic_done();
            return;
        };
        match facing {
            None => {
                // G143: the template's facing is chosen once, for the whole move; the
                // coach's for this move (his blocks' dice, §11.2, and pushes).
                self.g.players[player.index()].side = side;
                self.emit(Event::FanaticMove {
                    player,
                    side,
                    toward: to,
                });
                let ma = self.g.player(player).ma;
                self.push(Frame::Fanatic {
                    side,
                    player,
                    facing: Some((to.x - sq.x, to.y - sq.y)),
                    ma_left: ma,
                    gfi_left: FANATIC_GFIS,
                });
            }
            Some(face) => {
                // §26.2: a go-for-it square, rolled (§10.4) before the template.
                self.push(Frame::Fanatic {
                    side,
                    player,
                    facing: Some(face),
                    ma_left: 0,
                    gfi_left: gfi_left.saturating_sub(1),
                });
                self.push(Frame::ChainMove { player, face });
                self.push_gfi(player);
            }
        }
    }
}
