//! Set-up, the turn sequence, touchdowns, the Claim step, refresh, hand limit and the end of
//! the match (§3.1, §3.2, §3.15-§3.21).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use super::data::*;
use super::event::*;
use super::flow::*;
use super::prompt::*;
use super::rules::*;
use super::state::*;
use crate::core::{Die, Side, Square};

impl Ctx<'_> {
    /// §3.1: the toss winner chooses the board side (unless the match options fix it).
    pub(crate) fn choose_board(&mut self) -> Flow {
        if let Some(side) = self.g.setup.options.board_side {
            self.g.board = Some(side);
            self.emit(Event::BoardChosen { side });
            return Flow::Continue;
        }
        let winner = self.g.toss_winner.unwrap_or(Side::Home);
        self.push(Frame::ChooseBoard);
        wait(winner, PromptKind::ChooseBoardSide)
    }

    /// §3.1.1 step 4 / §3.1.2 step 5: a coach sets up their whole team in their end zone.
    pub(crate) fn set_up(&mut self, side: Side) -> Flow {
        if self
            .g
            .players
            .iter()
            .any(|p| p.side == side && p.place == Place::Reserves)
        {
            self.push(Frame::SetUp(side));
            return wait(side, PromptKind::SetUp);
        }
        Flow::Continue
    }

    /// §3.1.1 step 6 / §3.1.2 step 7: one ball on the trapdoor; it does not bounce (G45).
    /// With special balls, Coach B (who set up second) chooses it (§6.2.2 step 1).
    pub(crate) fn starting_ball(&mut self) -> Flow {
        let chooser = self.g.coach_a.unwrap_or(Side::Home).other();
        self.push(Frame::EnterBall {
            chooser,
            entry: BallEntry::Starting,
        });
        Flow::Continue
    }

    /// Which trapdoor a new ball uses: the only one; 2018: the rolling coach's D6, 1-3 left,
    /// 4-6 right (§3.16.5, G2); 2024: a random one.
    pub(crate) fn choose_trapdoor(&mut self, roller_2018: Option<Side>) -> Square {
        let doors: Vec<Square> = self.g.trapdoors().collect();
        if doors.len() < 2 {
            return doors.first().copied().unwrap_or(Square::new(7, 5));
        }
        match roller_2018 {
            Some(coach) if self.g.profile.trapdoor_by_coach_roll() => {
                let face = self.roll(Die::D6);
                self.emit_roll(RollPurpose::Trapdoor, Some(coach), Die::D6, face);
                let left = face <= 3;
                // "Left" for the coach defending x = 0 is the lower-y trapdoor (G2).
                let defends_low = self.g.own_end_zone_x(coach) == 0;
                let first = left == defends_low;
                if first { doors[0] } else { doors[1] }
            }
            _ => {
                let n = doors.len() as u16;
                let i = self.roll(Die::Range(n));
                self.emit_roll(RollPurpose::Trapdoor, None, Die::Range(n), i);
                doors[usize::from(i) % doors.len()]
            }
        }
    }

    pub(crate) fn emit_roll(
        &mut self,
        purpose: RollPurpose,
        coach: Option<Side>,
        die: Die,
        face: u16,
    ) {
        self.emit(Event::Rolled(Roll::plain(purpose, coach, die, face)));
    }

    /// §3.2: the next coach's turn begins.
    pub(crate) fn start_turn(&mut self) -> Flow {
        let side = match self.g.turn.active {
            None => self.g.coach_a.unwrap_or(Side::Home),
            Some(s) => s.other(),
        };
        let mut started = self.g.turn.started;
        started[side] += 1;
        let held_at_start = self
            .g
            .balls
            .iter()
            .filter(|b| matches!(b.at, BallAt::Held(p) if self.g.player(p).side == side))
            .map(|b| b.id)
            .collect();
        self.g.turn = Turn {
            active: Some(side),
            started,
            actions_taken: 0,
            action_limit: ACTIONS_PER_TURN,
            players: vec![PlayerTurn::default(); self.g.players.len()],
            held_at_start,
            ..Turn::default()
        };
        self.emit(Event::TurnStarted {
            coach: side,
            turn: started[side],
        });
        // §3.21 (2024): Sudden Death is checked only at the start of a coach's own turn
        // (arena 7, Mountain Summit Stadium, §5.11: at a lead of 8).
        if self.g.profile.sudden_death_at_turn_start() {
            let lead = i32::from(self.g.score[side]) - i32::from(self.g.score[side.other()]);
            if lead >= i32::from(super::arenas::sudden_death_margin(self.g)) {
                self.end_match(Outcome::SuddenDeath { winner: side });
                return Flow::Continue;
            }
        }
        // §6.2.2 [PROPOSAL] G36: the Squig Ball, after Sudden Death, before the Pre-Turn
        // Sequence (so in each coach's first turn too).
        self.squig_ball();
        self.push(Frame::PreTurn);
        // §5.6 Blocking Play: at the start of the turn, before the Pre-Turn Sequence (2024,
        // rules version 2 on; a window whenever the coach holds a card, G28).
        if self.g.profile.blocking_play_before_pre_turn() {
            self.push(Frame::Window(Window::TurnStart));
        }
        Flow::Continue
    }

    /// §3.2.2 Pre-Turn Sequence (2024: refresh, new ball, emergency reserves; skipped in each
    /// coach's first turn) or §3.2.1 start of turn (2018: new ball, emergency reserves).
    pub(crate) fn pre_turn(&mut self) -> Flow {
        let side = self.active();
        let first_turn = self.g.turn.started[side] == 1;
        self.push(Frame::Regenerate);
        if self.g.profile.has_pre_turn_sequence() {
            if !first_turn {
                self.push(Frame::PreTurnEmergency);
                self.push(Frame::PreTurnNewBall);
                self.push(Frame::Refresh);
            }
        } else {
            self.push(Frame::PreTurnEmergency);
            self.push(Frame::PreTurnNewBall);
        }
        Flow::Continue
    }

    /// §3.15 Emergency Reserves: one free Reserves action (2018: mandatory when fewer than 3
    /// players are on the pitch; 2024: optional when Reserves >= the team's value, G11; arena
    /// 1, Great Moot Bake-off Tent, §5.11: the value is 1 lower, minimum 1).
    pub(crate) fn emergency_reserves(&mut self) -> Flow {
        let side = self.active();
        let on_pitch = self
            .g
            .players
            .iter()
            .filter(|p| p.side == side && p.place != Place::Reserves)
            .count();
        let reserves = self
            .g
            .players
            .iter()
            .filter(|p| p.side == side && p.place == Place::Reserves)
            .count();
        let triggered = if self.g.profile.emergency_reserves_by_team_value() {
            let value = super::arenas::emergency_reserves_value(
                self.g.team_def(side).emergency_reserves,
                self.g.arena,
            );
            reserves >= usize::from(value)
        } else {
            on_pitch < 3
        };
        if !triggered || reserves == 0 {
            return Flow::Continue;
        }
        let some_player = self
            .g
            .players
            .iter()
            .find(|p| p.side == side && p.place == Place::Reserves)
            .map(|p| p.id);
        match some_player {
            Some(p) if !super::legal::reserve_squares(self.g, p).is_empty() => {
                self.offer_grant(p, FreeGrant::EmergencyReserves)
            }
            _ => Flow::Continue,
        }
    }

    /// Regenerate (§5.4, G41): before the first action, each Prone Regenerate player
    /// may make a free Stand Up.
    pub(crate) fn regenerate(&mut self) -> Flow {
        let side = self.active();
        let grants: Vec<(PlayerId, FreeGrant)> = self
            .g
            .players
            .iter()
            .filter(|p| {
                p.side == side && p.has(Ability::Regenerate) && matches!(p.place, Place::Prone(_))
            })
            .map(|p| (p.id, FreeGrant::StandUp))
            .collect();
        if !grants.is_empty() {
            self.push(Frame::Grants(grants));
        }
        Flow::Continue
    }

    /// Ask the active coach for an action; end the turn when nothing but "end turn" is left.
    pub(crate) fn action_prompt(&mut self) -> Flow {
        let side = self.active();
        let prompt = Prompt {
            coach: Some(side),
            kind: PromptKind::Action,
        };
        let legal = super::legal::legal_for(self.g, &prompt);
        if legal == [super::command::Command::EndTurn] {
            self.push(Frame::EndTurn);
            return Flow::Continue;
        }
        self.push(Frame::ActionPrompt);
        Flow::WaitWith(prompt, legal)
    }

    /// §3.17: after every action of the active team, each of its players that is in the
    /// opposing end zone, Open and holding a ball scores. Then the Claim step, then free
    /// actions the action granted ([PROPOSAL] order, §3.23).
    pub(crate) fn after_action(&mut self) -> Flow {
        let side = self.active();
        // Pick-me-up (§5.4): at the end of any action by this player, adjacent Prone
        // team-mates may each make a free Stand Up.
        if let Some(p) = self.g.record.player
            && self.g.player(p).has(Ability::PickMeUp)
            && let Some(sq) = self.g.player(p).square()
        {
            let side = self.g.player(p).side;
            let prone: Vec<PlayerId> = self
                .g
                .players
                .iter()
                .filter(|m| {
                    m.side == side && matches!(m.place, Place::Prone(s) if s.is_adjacent(sq))
                })
                .map(|m| m.id)
                .collect();
            for m in prone {
                self.g.record.grants.push((m, FreeGrant::StandUp));
            }
        }
        let record = self.g.record.clone();
        if !record.grants.is_empty() {
            self.push(Frame::Grants(record.grants.clone()));
        }
        if record.kind == Some(ActionKind::Block)
            && let Some(p) = record.player
            && self.g.player(p).has(Ability::Bloodlust)
        {
            self.push(Frame::Bloodlust(p));
        }
        if record.player.is_some_and(|p| self.g.player(p).side == side) {
            self.push(Frame::Claim);
            self.touchdowns(side);
        }
        Flow::Continue
    }

    pub(crate) fn touchdowns(&mut self, side: Side) {
        let zone_x = self.g.scoring_end_zone_x(side);
        let scorers: Vec<(PlayerId, BallId)> = self
            .g
            .players
            .iter()
            .filter(|p| p.side == side && matches!(p.place, Place::Standing(s) if s.x == zone_x))
            .filter(|p| self.g.is_open(p.id))
            .filter_map(|p| self.g.ball_held_by(p.id).map(|b| (p.id, b)))
            .collect();
        for (player, ball) in scorers {
            self.emit(Event::Touchdown { player, ball });
            self.remove_ball(ball);
            self.send_to_reserves(player);
            // §3.6.1: a scorer who comes back this turn is a new player.
            *self.g.pt_mut(player) = PlayerTurn::default();
            self.g.record.touchdown = true;
            let points = self.g.profile.touchdown_points();
            self.score(side, points, ScoreReason::Touchdown);
            if self.g.persistent.generous_coaches {
                self.score(side, 1, ScoreReason::GenerousCoaches);
            }
        }
    }

    /// Add points; 2018 checks Sudden Death after every score change (§3.21, G20).
    pub(crate) fn score(&mut self, side: Side, points: u16, reason: ScoreReason) {
        self.add_points(side, points, reason);
        self.sudden_death_check();
    }

    /// Add points and report them, without the Sudden Death check.
    fn add_points(&mut self, side: Side, points: u16, reason: ScoreReason) {
        self.g.score[side] += points;
        let total = self.g.score[side];
        self.emit(Event::Scored {
            coach: side,
            points,
            reason,
            total,
        });
    }

    /// §3.21 (2018, G20): a 10-point lead ends the match at once.
    fn sudden_death_check(&mut self) {
        if !self.g.profile.sudden_death_at_turn_start() {
            let (a, b) = (
                i32::from(self.g.score[Side::Home]),
                i32::from(self.g.score[Side::Away]),
            );
            if (a - b).abs() >= i32::from(super::arenas::sudden_death_margin(self.g)) {
                let winner = if a > b { Side::Home } else { Side::Away };
                self.end_match(Outcome::SuddenDeath { winner });
            }
        }
    }

    pub(crate) fn end_match(&mut self, outcome: Outcome) {
        if self.g.outcome.is_some() {
            return;
        }
        self.g.outcome = Some(outcome);
        self.emit(Event::GameOver {
            outcome,
            score: self.g.score,
        });
    }

    /// May the active coach claim now? 2018: not in round 1; 2024: not in Coach A's first turn
    /// (§3.19.2, G12).
    pub(crate) fn claims_allowed(&self) -> bool {
        let side = self.active();
        let first = self.g.turn.started[side] == 1;
        self.g
            .profile
            .claims_allowed(first, Some(side) == self.g.coach_a)
    }

    /// §3.19.2: claim at most one active card whose condition the last action met.
    pub(crate) fn claim_step(&mut self) -> Flow {
        if !self.claims_allowed() {
            return Flow::Continue;
        }
        let claimable = super::challenges::claimable_slots(self.g);
        if claimable.is_empty() {
            return Flow::Continue;
        }
        wait(self.active(), PromptKind::Claim)
    }

    pub(crate) fn claim(&mut self, slot: u8) {
        let side = self.active();
        let Some(card) = self.g.active_cards[usize::from(slot)].take() else {
            return;
        };
        let def = card.def();
        self.g.hands[side].push(card);
        self.emit(Event::Claimed {
            coach: side,
            slot,
            challenge: def.challenge,
            points: def.points,
            card: Some(card),
        });
        if self.g.profile.clean_sweep_with_its_claim() {
            // The claim, its Generous Coaches point and the Clean Sweep it completes are one
            // change of the score: Sudden Death looks once, at the total (G33).
            self.add_points(side, u16::from(def.points), ScoreReason::Challenge);
            if self.g.persistent.generous_coaches {
                self.add_points(side, 1, ScoreReason::GenerousCoaches);
            }
            self.g.turn.claims += 1;
            // §3.19.3 Clean Sweep, awarded on the third claim of the turn (G33).
            if self.g.turn.claims == 3 {
                self.add_points(side, CLEAN_SWEEP_POINTS, ScoreReason::CleanSweep);
            }
            self.sudden_death_check();
            return;
        }
        self.score(side, u16::from(def.points), ScoreReason::Challenge);
        if self.g.persistent.generous_coaches {
            self.score(side, 1, ScoreReason::GenerousCoaches);
        }
        self.g.turn.claims += 1;
        // §3.19.3 Clean Sweep, awarded on the third claim of the turn (G33).
        if self.g.turn.claims == 3 {
            self.score(side, CLEAN_SWEEP_POINTS, ScoreReason::CleanSweep);
        }
    }

    /// Offer the first pending free action; the rest wait in the frame below.
    pub(crate) fn offer_grants(&mut self, mut grants: Vec<(PlayerId, FreeGrant)>) -> Flow {
        while !grants.is_empty() {
            let (player, grant) = grants.remove(0);
            if !grants.is_empty() {
                self.push(Frame::Grants(grants.clone()));
            }
            match self.offer_grant(player, grant) {
                Flow::Continue => {
                    if !grants.is_empty() {
                        self.g.stack.pop();
                    }
                }
                wait => return wait,
            }
        }
        Flow::Continue
    }

    /// Prompt `player`'s coach with a free action if it can legally take it now.
    pub(crate) fn offer_grant(&mut self, player: PlayerId, grant: FreeGrant) -> Flow {
        if grant == FreeGrant::MarkBonus {
            return self.open_window(Window::AfterMark { marker: player });
        }
        let coach = self.g.player(player).side;
        let prompt = Prompt {
            coach: Some(coach),
            kind: PromptKind::FreeAction { player, grant },
        };
        // Only `Decline` legal: the free action is impossible, skip it silently.
        let legal = super::legal::legal_for(self.g, &prompt);
        if legal.len() <= 1 {
            return Flow::Continue;
        }
        Flow::WaitWith(prompt, legal)
    }

    /// §3.20: at the end of the owner's turn, discard down to three cards.
    pub(crate) fn hand_limit(&mut self) -> Flow {
        let side = self.active();
        let n = self.g.hands[side].len();
        if n > HAND_LIMIT {
            self.push(Frame::HandLimit);
            return wait(
                side,
                PromptKind::HandLimit {
                    excess: (n - HAND_LIMIT) as u8,
                },
            );
        }
        Flow::Continue
    }

    pub(crate) fn end_turn(&mut self) -> Flow {
        let side = self.active();
        self.emit(Event::TurnEnded { coach: side });
        if let Some(left) = self.g.final_turns_left {
            let left = left.saturating_sub(1);
            self.g.final_turns_left = Some(left);
            if left == 0 {
                let winner = match self.g.score[Side::Home].cmp(&self.g.score[Side::Away]) {
                    std::cmp::Ordering::Greater => Some(Side::Home),
                    std::cmp::Ordering::Less => Some(Side::Away),
                    std::cmp::Ordering::Equal => None,
                };
                self.end_match(Outcome::Points { winner });
                return Flow::Continue;
            }
        }
        self.push(Frame::StartTurn);
        self.push(Frame::HandLimit);
        // §3.19.4 (2018): refresh at the end of each turn from round 2 on.
        if self.g.profile.refreshes_at_end_of_turn() && self.g.turn.started[side] > 1 {
            self.push(Frame::Refresh);
        }
        Flow::Continue
    }

    /// §3.19.4 refresh. 2018: discard space 1 if all three remain, shift down, fill.
    /// 2024: if all three remain (and the deck is not empty, G13) the active coach discards
    /// one and it is replaced; otherwise fill empty spaces, lowest first, no shifting.
    pub(crate) fn refresh(&mut self) -> Flow {
        let all_three = self.g.active_cards.iter().all(Option::is_some);
        if !self.g.profile.refreshes_at_end_of_turn() {
            if all_three {
                if self.g.deck.is_empty() {
                    return Flow::Continue;
                }
                return wait(self.active(), PromptKind::RefreshDiscard);
            }
            self.push(Frame::DealCards);
            return Flow::Continue;
        }
        if all_three {
            self.discard_active(0);
        }
        let remaining: Vec<(u8, CardId)> = (0..3u8)
            .filter_map(|s| self.g.active_cards[usize::from(s)].map(|c| (s, c)))
            .collect();
        self.g.active_cards = [None; 3];
        for (i, (from, c)) in remaining.into_iter().enumerate() {
            self.g.active_cards[i] = Some(c);
            let to = i as u8;
            if from != to && self.g.profile.reports_card_shift() {
                self.emit(Event::ActiveCardMoved { from, to });
            }
        }
        self.push(Frame::DealCards);
        Flow::Continue
    }

    pub(crate) fn discard_active(&mut self, slot: u8) {
        if let Some(card) = self.g.active_cards[usize::from(slot)].take() {
            self.g.discard.push(DeckCard::Challenge(card));
            self.emit(Event::ActiveDiscarded {
                slot,
                card,
                bonus: card.def().bonus,
            });
        }
    }

    /// Deal the top card to the lowest empty active space (§3.19.4), then run the Random
    /// Event check (§6.1.1 step 2) before coming back for the next space. Dealing the last
    /// card starts the final turns (§3.21, G21).
    pub(crate) fn deal_cards(&mut self) -> Flow {
        let Some(slot) = (0..3u8).find(|&s| self.g.active_cards[usize::from(s)].is_none()) else {
            return Flow::Continue;
        };
        match self.g.deck.last().copied() {
            None => {}
            // An event on top is drawn and resolved before the next card is dealt: events
            // never occupy active spaces (§6.1.1 [PROPOSAL]). Only reachable while an event
            // deals cards itself (Impatient Coaches with another event under it).
            Some(DeckCard::Event(_)) => {
                self.push(Frame::DealCards);
                self.push(Frame::EventCheck);
            }
            Some(DeckCard::Challenge(card)) => {
                self.g.deck.pop();
                self.g.active_cards[usize::from(slot)] = Some(card);
                let def = card.def();
                self.emit(Event::CardDealt {
                    slot,
                    challenge: def.challenge,
                    points: def.points,
                });
                self.emit_deck_top();
                self.deck_emptied();
                self.push(Frame::DealCards);
                self.push(Frame::EventCheck);
            }
        }
        Flow::Continue
    }

    /// The deck has just lost its last card during a turn: the final turns start (§3.21, G21;
    /// a Random Event emptying the deck counts as the last card dealt).
    pub(crate) fn deck_emptied(&mut self) {
        if self.g.deck.is_empty()
            && self.g.final_turns_left.is_none()
            && self.g.turn.active.is_some()
        {
            self.g.final_turns_left = Some(2);
        }
    }

    pub(crate) fn emit_deck_top(&mut self) {
        let (challenge, event_back) = match self.g.deck.last() {
            Some(DeckCard::Challenge(c)) => (Some(c.def().challenge), false),
            Some(DeckCard::Event(_)) => (None, true),
            None => (None, false),
        };
        let remaining = self.g.deck.len() as u8;
        self.emit(Event::DeckTop {
            challenge,
            event_back,
            remaining,
        });
    }
}
