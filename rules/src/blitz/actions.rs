//! Starting player actions and the simple ones: Run, Mark, Sidestep, Stand Up, Reserves
//! (§3.6-§3.9, §3.12-§3.14).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use super::command::ActionChoice;
use super::data::*;
use super::event::*;
use super::flow::*;
use super::prompt::*;
use super::rules::*;
use super::state::*;
use crate::core::{Die, Square};

impl ActionChoice {
    pub fn kind(self) -> ActionKind {
        match self {
            ActionChoice::Run => ActionKind::Run,
            ActionChoice::Mark => ActionKind::Mark,
            ActionChoice::Sidestep { .. } => ActionKind::Sidestep,
            ActionChoice::StandUp => ActionKind::StandUp,
            ActionChoice::Reserves { .. } => ActionKind::Reserves,
            ActionChoice::Block { .. } => ActionKind::Block,
            ActionChoice::Throw { .. } => ActionKind::Throw,
            ActionChoice::Foul { .. } => ActionKind::Foul,
            ActionChoice::ThrowTeamMate { .. } => ActionKind::ThrowTeamMate,
        }
    }
}

impl Ctx<'_> {
    /// §3.6: count the action, apply the once-per-turn bookkeeping, start the record the
    /// Claim step reads, then resolve the action.
    pub(crate) fn begin_action(
        &mut self,
        player: PlayerId,
        choice: ActionChoice,
        bonus: Option<CardId>,
        grant: Option<FreeGrant>,
    ) {
        let kind = choice.kind();
        let side = self.g.player(player).side;
        let active = self.active();
        let free = grant.is_some();
        {
            let obeys_once_per_turn = self.g.profile.free_actions_obey_once_per_turn();
            let pt = self.g.pt_mut(player);
            // §3.6.3: 2024 free actions obey the once-per-turn rule; 2018 ones do not use it up.
            if obeys_once_per_turn || !free {
                pt.used |= kind.bit();
            }
            if !free {
                pt.regular_kinds |= kind.bit();
            }
            if kind == ActionKind::Run {
                pt.ran = true;
            }
        }
        if side == active {
            if !free {
                self.g.turn.actions_taken += 1;
            }
            self.g.turn.made.push((player, kind));
            if kind == ActionKind::Run {
                self.g.turn.runs += 1;
            }
            let opponent_balls_at_start = self.balls_held_by_side(side.other());
            let ball_columns_at_start = self
                .g
                .balls
                .iter()
                .filter_map(|b| self.g.ball_square(b).map(|s| (b.id, s.x)))
                .collect();
            self.g.record = ActionRecord {
                player: Some(player),
                kind: Some(kind),
                free,
                start_square: self.g.player(player).square(),
                opponent_balls_at_start,
                ball_columns_at_start,
                ..ActionRecord::default()
            };
        }
        self.emit(Event::ActionStarted {
            player,
            action: kind,
            free,
        });
        let bonus = bonus.and_then(|card| self.play_card(side, card));
        if side == active {
            self.g.record.bonus = bonus;
        }
        match choice {
            ActionChoice::Run => self.start_run(player, bonus, grant),
            ActionChoice::Mark => {
                let left = if bonus == Some(BonusPlay::AggressiveMark) {
                    AGGRESSIVE_MARK_DISTANCE
                } else {
                    MARK_DISTANCE
                };
                let kind = match grant {
                    Some(FreeGrant::InterventionMark(runner)) => MoveKind::MarkTowards(runner),
                    _ => MoveKind::Mark,
                };
                self.push(Frame::Moving {
                    player,
                    kind,
                    left,
                    moved: 0,
                    must_end_open: false,
                });
            }
            ActionChoice::Sidestep { to } => self.sidestep(player, to),
            ActionChoice::StandUp => self.stand_up(player),
            ActionChoice::Reserves { square } => self.reserves(player, square),
            ActionChoice::Block { target } => self.start_block(player, target, bonus, grant),
            ActionChoice::Throw { target } => self.start_throw(player, target, bonus, grant),
            ActionChoice::Foul { target } => self.start_foul(player, target),
            ActionChoice::ThrowTeamMate { thrown, target } => {
                self.start_throw_team_mate(player, thrown, target, bonus)
            }
        }
    }

    /// Remove a Bonus Play from the hand, discard it face up and note it for the
    /// no-duplicates rule (§3.20).
    pub(crate) fn play_card(&mut self, side: crate::core::Side, card: CardId) -> Option<BonusPlay> {
        let hand = &mut self.g.hands[side];
        let pos = hand.iter().position(|&c| c == card)?;
        hand.remove(pos);
        let bonus = card.def().bonus;
        self.g.discard.push(DeckCard::Challenge(card));
        self.g.turn.bonus_played[side].push(bonus);
        self.emit(Event::BonusPlayed {
            coach: side,
            card,
            bonus,
        });
        Some(bonus)
    }

    /// §3.8 Run: up to Move squares (Move D6: roll at the start; Sprint +2).
    fn start_run(&mut self, player: PlayerId, bonus: Option<BonusPlay>, grant: Option<FreeGrant>) {
        let p = *self.g.player(player);
        let mut left = match p.stats.movement {
            MoveStat::Fixed(n) => n,
            MoveStat::D6 => {
                let face = self.roll(Die::D6);
                self.emit_roll(RollPurpose::Movement, Some(p.side), Die::D6, face);
                face as u8
            }
        };
        if bonus == Some(BonusPlay::Sprint) {
            left += SPRINT_BONUS;
        }
        if grant == Some(FreeGrant::ShortRun) {
            left = left.min(HIT_AND_RUN_DISTANCE);
        }
        let must_end_open = bonus == Some(BonusPlay::Dodge) || super::legal::ends_open(&p);
        self.push(Frame::Moving {
            player,
            kind: MoveKind::Run,
            left,
            moved: 0,
            must_end_open,
        });
    }

    /// Wait for the next square, or finish the move when no squares are left.
    pub(crate) fn moving(&mut self, frame: Frame) -> Flow {
        let Frame::Moving {
            player, kind, left, ..
        } = frame
        else {
            return Flow::Continue;
        };
        if left == 0 || !self.g.player(player).is_standing() {
            self.push(Frame::MoveDone { player, kind });
            return Flow::Continue;
        }
        let coach = self.g.player(player).side;
        self.push(frame);
        wait(coach, PromptKind::Move { player, kind, left })
    }

    /// One square of a Run or Mark (legality already checked).
    pub(crate) fn move_step(&mut self, to: Square) {
        let Some(Frame::Moving {
            player,
            kind,
            left,
            moved,
            must_end_open,
        }) = self.g.stack.pop()
        else {
            return;
        };
        let p = *self.g.player(player);
        self.move_player(player, to);
        // §3.16.2: a Run picks the ball up; any other move makes it bounce (Handling Skills
        // picks up on any move).
        let pick_up = kind == MoveKind::Run || p.has(Ability::HandlingSkills);
        self.touch_loose_ball(player, to, pick_up);
        let mut left = left.saturating_sub(1);
        // The rules that end a move at once (2024 Mark next to an opponent, §3.9; Titchy and
        // Defensive Play, §5.4, §5.6) are the move rules' own `stops` squares.
        let scan = super::legal::BoardScan::new(self.g, p.side);
        if super::legal::MoveRules::new(self.g, &scan, player, kind, must_end_open).stops_at(to) {
            left = 0;
        }
        self.push(Frame::Moving {
            player,
            kind,
            left,
            moved: moved + 1,
            must_end_open,
        });
    }

    pub(crate) fn stop_moving(&mut self) {
        if let Some(Frame::Moving { player, kind, .. }) = self.g.stack.pop() {
            self.push(Frame::MoveDone { player, kind });
        }
    }

    /// A Run or Mark is over: grants for the free actions it earns, then the after-action
    /// sequence.
    pub(crate) fn move_done(&mut self, player: PlayerId, kind: MoveKind) -> Flow {
        let p = *self.g.player(player);
        let active_side = p.side == self.active();
        if active_side {
            self.push(Frame::AfterAction);
            // §3.17, G17 (rules version 2 on): a player ending its move in the end zone with
            // the ball scores at once, before the other coach's Interrupts (Intervention,
            // Step Aside) can answer the move. The after-action check finds nothing left.
            if self.g.profile.touchdown_before_move_windows()
                && matches!(kind, MoveKind::Run | MoveKind::Mark)
            {
                self.touchdowns(p.side);
            }
            match kind {
                MoveKind::Run => {
                    self.push(Frame::Window(Window::AfterOpponentRun { runner: player }))
                }
                MoveKind::Mark => {
                    self.push(Frame::Window(Window::AfterOpponentMark { marker: player }));
                    // Blitz! / Diving Tackle: offered with the granted free actions.
                    self.g.record.grants.push((player, FreeGrant::MarkBonus));
                }
                MoveKind::MarkTowards(_) => {}
            }
        }
        match kind {
            // Running Pass: a free Short Throw after a Run.
            MoveKind::Run if active_side && p.has(Ability::RunningPass) => {
                self.g.record.grants.push((player, FreeGrant::ShortThrow));
            }
            // Frenzied; Head-butt after a Run earlier this turn (G39): a free Block.
            MoveKind::Mark
                if active_side
                    && (p.has(Ability::Frenzied)
                        || p.has(Ability::HeadButt) && self.g.pt(player).ran) =>
            {
                self.g.record.grants.push((player, FreeGrant::Block));
            }
            _ => {}
        }
        Flow::Continue
    }

    /// §3.12 Sidestep: exactly one square, ending Open; a loose ball there bounces. The
    /// opponent may then interrupt with Shadowing.
    fn sidestep(&mut self, player: PlayerId, to: Square) {
        let p = *self.g.player(player);
        self.after(player);
        if let Some(vacated) = p.square() {
            self.push(Frame::Window(Window::OpponentSidestep {
                mover: player,
                vacated,
            }));
        }
        self.move_player(player, to);
        self.touch_loose_ball(player, to, p.has(Ability::HandlingSkills));
    }

    /// The after-action sequence follows actions of the active team only (G31).
    pub(crate) fn after(&mut self, player: PlayerId) {
        if self.g.player(player).side == self.active() {
            self.push(Frame::AfterAction);
        }
    }

    /// §3.13 Stand Up.
    fn stand_up(&mut self, player: PlayerId) {
        if let Place::Prone(sq) = self.g.player(player).place {
            self.g.player_mut(player).place = Place::Standing(sq);
            self.emit(Event::StoodUp { player });
        }
        self.after(player);
    }

    /// §3.14 Reserves: place in the own end zone; a ball there (2024, no other option)
    /// bounces. Arena 2, Sewer Pipe Stadium (§5.11): or on a trapdoor, clearing it first.
    /// Arena 3, The Bone Pit (§5.11): then a free Run.
    fn reserves(&mut self, player: PlayerId, square: Square) {
        if self.g.is_trapdoor(square) && super::arenas::reserves_on_trapdoors(self.g) {
            self.reserves_onto_trapdoor(square);
        }
        self.g.player_mut(player).place = Place::Standing(square);
        self.emit(Event::PlayerPlaced { player, square });
        self.touch_loose_ball(player, square, false);
        if super::arenas::free_run_after_reserves(self.g)
            && self.g.player(player).side == self.active()
        {
            self.g.record.grants.push((player, FreeGrant::Run));
        }
        self.after(player);
    }
}
