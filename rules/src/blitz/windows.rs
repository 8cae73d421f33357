//! Bonus Play windows: moments when a coach may play a card outside the Action prompt,
//! including the 2024 Interrupts (§3.22, §5.6, G47).
//!
//! A window opens whenever its coach holds at least one card and the situation allows the
//! kind of card it is for, whatever the cards are: the hand size is public, so the prompt
//! itself reveals nothing about the hand. Interrupts answer actions of the active team only:
//! an Interrupt cannot be played during another Interrupt.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use super::command::Command;
use super::data::*;
use super::flow::*;
use super::legal::{BoardScan, MoveRules, sidestep_squares};
use super::prompt::*;
use super::state::*;
use crate::core::Side;

/// Who decides in a window.
pub(crate) fn window_coach(g: &Game, w: Window) -> Side {
    let active = g.turn.active.unwrap_or(Side::Home);
    match w {
        Window::BeforeArmour { .. } | Window::AfterMark { .. } | Window::TurnStart => active,
        Window::BlockTarget { target } => g.player(target).side,
        Window::AfterOpponentRun { .. }
        | Window::AfterOpponentMark { .. }
        | Window::OpponentSidestep { .. } => active.other(),
    }
}

/// The cards `coach` may play in window `w` now.
pub(crate) fn window_commands(g: &Game, coach: Side, w: Window, out: &mut Vec<Command>) {
    let played = &g.turn.bonus_played[coach];
    for &card in &g.hands[coach] {
        let bonus = card.def().bonus;
        if played.contains(&bonus) {
            continue;
        }
        match (w, bonus) {
            (Window::BeforeArmour { .. }, BonusPlay::BladedKnuckleDusters)
            | (Window::BlockTarget { .. }, BonusPlay::ToughEnough)
            | (Window::AfterMark { .. }, BonusPlay::DivingTackle) => {
                out.push(Command::PlayBonus {
                    card,
                    player: None,
                    square: None,
                });
            }
            (Window::TurnStart, BonusPlay::BlockingPlay) if !g.turn.blocking_play => {
                out.push(Command::PlayBonus {
                    card,
                    player: None,
                    square: None,
                });
            }
            (Window::AfterMark { marker }, BonusPlay::Blitz) if g.pt(marker).ran => {
                out.push(Command::PlayBonus {
                    card,
                    player: None,
                    square: None,
                });
            }
            // Intervention: one of your Open players makes a free Mark ending adjacent to
            // the runner.
            (Window::AfterOpponentRun { runner }, BonusPlay::Intervention) => {
                for p in g
                    .players
                    .iter()
                    .filter(|p| p.side == coach && g.is_open(p.id))
                {
                    if super::legal::grant_allows_mark(g, p.id)
                        && !MoveRules::new(
                            g,
                            &BoardScan::new(g, coach),
                            p.id,
                            MoveKind::MarkTowards(runner),
                            false,
                        )
                        .steps(g, super::rules::MARK_DISTANCE)
                        .is_empty()
                    {
                        out.push(Command::PlayBonus {
                            card,
                            player: Some(p.id),
                            square: None,
                        });
                    }
                }
            }
            // Step Aside: a player Marked by the marker makes a free Sidestep.
            (Window::AfterOpponentMark { marker }, BonusPlay::StepAside) => {
                let m = g.player(marker);
                for p in g
                    .players
                    .iter()
                    .filter(|p| p.side == coach && g.marks(m, p))
                {
                    if g.profile.free_actions_obey_once_per_turn()
                        && g.pt(p.id).used & ActionKind::Sidestep.bit() != 0
                        || g.pt(p.id).finished
                    {
                        continue;
                    }
                    for to in sidestep_squares(g, p.id) {
                        out.push(Command::PlayBonus {
                            card,
                            player: Some(p.id),
                            square: Some(to),
                        });
                    }
                }
            }
            // Shadowing: a player that was Marking the mover follows into the vacated square.
            (Window::OpponentSidestep { vacated, .. }, BonusPlay::Shadowing)
                if g.player_at(vacated).is_none() =>
            {
                for p in g.players.iter().filter(|p| {
                    p.side == coach
                        && matches!(p.place, Place::Standing(s) if s.is_adjacent(vacated))
                }) {
                    out.push(Command::PlayBonus {
                        card,
                        player: Some(p.id),
                        square: None,
                    });
                }
            }
            _ => {}
        }
    }
}

impl Ctx<'_> {
    /// Open window `w` if its coach holds any card and the situation allows its kind of card.
    pub(crate) fn open_window(&mut self, w: Window) -> Flow {
        let coach = window_coach(self.g, w);
        if self.g.hands[coach].is_empty() {
            return Flow::Continue;
        }
        let active = self.active();
        // §3.20 (2018, rules version 2 on): Bonus Plays only in their coach's own turn.
        if coach != active && !self.g.profile.bonus_plays_in_opponent_turn() {
            return Flow::Continue;
        }
        let situation = match w {
            Window::AfterOpponentRun { runner } => {
                self.g.player(runner).side == active && self.g.player(runner).is_standing()
            }
            Window::AfterOpponentMark { marker } => {
                let m = *self.g.player(marker);
                m.side == active
                    && self
                        .g
                        .players
                        .iter()
                        .any(|p| p.side == coach && self.g.marks(&m, p))
            }
            Window::OpponentSidestep { mover, vacated } => {
                self.g.player(mover).side == active
                    && self.g.player_at(vacated).is_none()
                    && self.g.players.iter().any(|p| {
                        p.side == coach
                            && matches!(p.place, Place::Standing(s) if s.is_adjacent(vacated))
                    })
            }
            Window::BlockTarget { target } => self.g.player(target).side != active,
            Window::AfterMark { marker } => {
                self.g.player(marker).is_standing()
                    && self.g.is_marked(marker)
                    && !self.g.pt(marker).finished
            }
            Window::BeforeArmour { .. } | Window::TurnStart => true,
        };
        if !situation {
            return Flow::Continue;
        }
        wait(coach, PromptKind::BonusWindow { window: w })
    }

    /// A card played in a window (the card is already out of the hand).
    pub(crate) fn window_card(
        &mut self,
        w: Window,
        bonus: BonusPlay,
        player: Option<PlayerId>,
        square: Option<crate::core::Square>,
    ) {
        match (w, bonus) {
            (Window::BeforeArmour { .. }, BonusPlay::BladedKnuckleDusters) => {
                if let Some(Frame::Armour(a)) = self.g.stack.last_mut() {
                    a.set_to = Some(super::rules::KNUCKLE_DUSTERS_ARMOUR);
                }
            }
            (Window::BlockTarget { .. }, BonusPlay::ToughEnough) => {
                let moxy = self.g.record.bonus == Some(BonusPlay::TheKidsGotMoxy);
                if let Some(Frame::Block(st)) = self.g.stack.last() {
                    let blocker = st.blocker;
                    let dice = super::block::block_dice(self.g, blocker, false, moxy);
                    if let Some(Frame::Block(st)) = self.g.stack.last_mut() {
                        st.tough_enough = true;
                        st.unassistable = true;
                        st.dice = dice;
                    }
                }
            }
            (Window::AfterMark { marker }, BonusPlay::Blitz) => {
                self.push(Frame::Grants(vec![(marker, FreeGrant::Block)]));
            }
            (Window::AfterMark { marker }, BonusPlay::DivingTackle) => {
                self.push(Frame::Grants(vec![(marker, FreeGrant::DivingTackleBlock)]));
            }
            (Window::AfterOpponentRun { runner }, BonusPlay::Intervention) => {
                if let Some(p) = player {
                    self.begin_action(
                        p,
                        super::command::ActionChoice::Mark,
                        None,
                        Some(FreeGrant::InterventionMark(runner)),
                    );
                }
            }
            (Window::AfterOpponentMark { .. }, BonusPlay::StepAside) => {
                if let (Some(p), Some(to)) = (player, square) {
                    self.begin_action(
                        p,
                        super::command::ActionChoice::Sidestep { to },
                        None,
                        Some(FreeGrant::Sidestep),
                    );
                }
            }
            (Window::OpponentSidestep { vacated, .. }, BonusPlay::Shadowing) => {
                // Not an action: the player just moves; a loose ball there bounces.
                if let Some(p) = player {
                    self.move_player(p, vacated);
                    self.touch_loose_ball(p, vacated, false);
                }
            }
            _ => {}
        }
    }
}
