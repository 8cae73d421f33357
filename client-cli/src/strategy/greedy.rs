//! The greedy bot: scores every legal command with a hand-written heuristic and plays the
//! best one (ties broken by its seeded dice).
//!
//! Scores are in "points of value", one match point being worth about 250 (a 2024 touchdown
//! 1,000). An action's score is what it is expected to gain: a touchdown times its chance, a
//! ball picked up, a block times its chance of knocking the target down, a card it would let
//! the coach claim, progress towards the end zone. Runs and Marks are planned on the board in
//! the view (breadth-first search over the squares a Run may enter), the same plan is
//! followed square by square at the Move prompts, and nothing hidden is used: only the view,
//! the legal commands, and the seat's own events (block faces for re-roll decisions, who ran
//! this turn for the challenge cards).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use dugout_rules::blitz::data::{BonusPlay, Challenge, MoveStat, board};
use dugout_rules::blitz::rules::RULER_HALF_WIDTH;
use dugout_rules::blitz::{
    ActionChoice, ActionKind, BallAt, CardId, Command, Edition, Event, FreeGrant, GameView,
    MoveKind, Place, Player, PlayerId, PromptKind, Range, RerollSource, RollKind, RollPurpose,
    Window, throw_range,
};
use dugout_rules::core::{
    BlockFace, ChaChaDice, DiceSource, Die, Side, Square, corridor_hits_square,
};

use super::Strategy;

/// Value of one match point scored by a touchdown.
const TD_POINT: f64 = 250.0;
/// Value of one match point from a Challenge card.
const CARD_POINT: f64 = 200.0;
/// Value of taking possession of a loose ball.
const PICKUP: f64 = 500.0;
/// Value of one column of progress of a ball carrier towards the scoring end zone.
const CARRY_COLUMN: f64 = 15.0;
/// What losing the ball on a failed throw costs.
const TURNOVER: f64 = 250.0;
/// The cost of spending a Bonus Play card on an action.
const CARD_COST: f64 = 5.0;
/// Unreachable in a breadth-first search.
const FAR: u8 = u8::MAX;

/// The greedy bot. Deterministic for a given seed and sequence of inputs.
#[derive(Clone, Debug)]
pub struct GreedyStrategy {
    dice: ChaChaDice,
    /// The last block dice each coach rolled (Home, Away), from the events.
    last_block: [Option<Vec<BlockFace>>; 2],
    /// This turn's actions (player, kind, free), from the events.
    made: Vec<(PlayerId, ActionKind, bool)>,
    /// The Run in progress was started with Dodge (may pass next to opponents).
    dodge_runner: Option<PlayerId>,
    /// Where the Mark in progress should end.
    mark_goal: Option<(PlayerId, Square)>,
}

impl GreedyStrategy {
    pub fn new(seed: u64) -> GreedyStrategy {
        GreedyStrategy {
            dice: ChaChaDice::from_u64(seed),
            last_block: [None, None],
            made: Vec::new(),
            dodge_runner: None,
            mark_goal: None,
        }
    }

    fn ran(&self, p: PlayerId) -> bool {
        self.made
            .iter()
            .any(|&(q, k, _)| q == p && k == ActionKind::Run)
    }

    fn runs(&self) -> usize {
        self.made
            .iter()
            .filter(|&&(_, k, _)| k == ActionKind::Run)
            .count()
    }
}

impl Strategy for GreedyStrategy {
    fn choose(&mut self, view: &GameView, legal: &[Command]) -> Command {
        let Some(&first) = legal.first() else {
            return Command::EndTurn;
        };
        if legal.len() == 1 {
            return first;
        }
        let me = view.prompt.coach.unwrap_or(Side::Home);
        let b = Board::new(view, me);
        let scores: Vec<f64> = match view.prompt.kind {
            PromptKind::Move { player, kind, .. } => self.score_moves(&b, player, kind, legal),
            _ => legal.iter().map(|c| self.score(&b, c)).collect(),
        };
        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let top: Vec<Command> = legal
            .iter()
            .zip(&scores)
            .filter(|&(_, &s)| s >= best - 1e-9)
            .map(|(c, _)| *c)
            .collect();
        let pick = if top.len() > 1 {
            let n = u16::try_from(top.len()).unwrap_or(u16::MAX);
            usize::from(self.dice.roll(Die::Range(n)))
        } else {
            0
        };
        let cmd = top.get(pick).copied().unwrap_or(first);
        self.remember_plan(&b, cmd);
        cmd
    }

    fn observe(&mut self, events: &[Event]) {
        for e in events {
            match e {
                Event::TurnStarted { .. } => self.made.clear(),
                Event::ActionStarted {
                    player,
                    action,
                    free,
                } => self.made.push((*player, *action, *free)),
                Event::Rolled(r) if r.purpose == RollPurpose::Block => {
                    if let Some(c) = r.coach {
                        self.last_block[c.index()] =
                            Some(r.faces.iter().map(|&f| BlockFace::from_index(f)).collect());
                    }
                }
                _ => {}
            }
        }
    }
}

/// What an action is expected to bring about, for the challenge cards.
#[derive(Clone, Copy, Debug, Default)]
struct Effects {
    kind: Option<ActionKind>,
    player: Option<PlayerId>,
    free: bool,
    /// The mover's square after the action, when it is known.
    end: Option<Square>,
    td: f64,
    pickup: f64,
    knockdown: f64,
    injury: f64,
    freed: f64,
    completion: f64,
    risky: f64,
    moved4: f64,
}

impl GreedyStrategy {
    /// Score one command at any prompt but Move.
    fn score(&self, b: &Board<'_>, cmd: &Command) -> f64 {
        let v = b.v;
        match (&v.prompt.kind, *cmd) {
            (_, Command::EndTurn) => 0.0,
            (PromptKind::ChooseBoardSide, _) => 0.0,
            (PromptKind::SetUp, Command::PlacePlayer { square, .. }) => b.setup_score(square),
            (PromptKind::ChooseBall, _) => 0.0,
            (PromptKind::RefreshDiscard, Command::DiscardActive { slot }) => {
                // Keep the valuable cards.
                -f64::from(
                    v.active_cards
                        .iter()
                        .find(|c| c.slot == slot)
                        .map_or(0, |c| c.points),
                )
            }
            (
                PromptKind::Action,
                Command::Action {
                    player,
                    choice,
                    bonus,
                },
            ) => self.action_score(b, player, choice, bonus, None),
            (PromptKind::Action, Command::Wardance { player, to }) => {
                self.sidestep_score(b, player, to, true) + 10.0
            }
            (
                PromptKind::Action,
                Command::PlayBonus {
                    card,
                    player,
                    square,
                },
            ) => self.bonus_score(b, card, player, square),
            (PromptKind::FreeAction { grant, .. }, Command::Action { player, choice, .. }) => {
                self.action_score(b, player, choice, None, Some(*grant))
            }
            (PromptKind::Reroll { kind }, c) => self.reroll_score(b, *kind, c),
            (PromptKind::BlockDie { faces }, Command::ChooseBlockDie { index }) => faces
                .get(usize::from(index))
                .map_or(0.0, |&f| f64::from(face_rank(f))),
            (PromptKind::FollowUp { blocker, square }, Command::FollowUp { follow }) => {
                let good = b.follow_up_is_good(*blocker, *square);
                if follow == good { 1.0 } else { 0.0 }
            }
            (PromptKind::SafeHandsBounce { .. }, Command::BounceTo { square }) => {
                b.bounce_score(square)
            }
            (PromptKind::Claim, Command::Claim { slot }) => {
                10.0 + f64::from(
                    v.active_cards
                        .iter()
                        .find(|c| c.slot == slot)
                        .map_or(0, |c| c.points),
                )
            }
            (PromptKind::BonusWindow { window }, Command::PlayBonus { card, player, .. }) => {
                self.window_score(b, *window, card, player)
            }
            (PromptKind::HandLimit { .. }, Command::DiscardCard { card }) => {
                -bonus_worth(b.bonus_of(card))
            }
            (PromptKind::EventPlayer { .. }, Command::ChoosePlayer { player }) => {
                // Banana Skins: trip the opposing ball carrier if there is one.
                if b.holds_ball(player) { 10.0 } else { 1.0 }
            }
            (PromptKind::Minion { bloodlusted }, Command::ChoosePlayer { .. }) => {
                if b.holds_ball(*bloodlusted) {
                    1.0
                } else {
                    -1.0
                }
            }
            (_, Command::Decline) => 0.0,
            _ => 0.0,
        }
    }

    /// Score an action (a regular one, or a free one under `grant`).
    fn action_score(
        &self,
        b: &Board<'_>,
        player: PlayerId,
        choice: ActionChoice,
        card: Option<CardId>,
        grant: Option<FreeGrant>,
    ) -> f64 {
        let Some(p) = b.player(player) else {
            return -1.0;
        };
        let bonus = card.and_then(|c| b.bonus_of(c));
        let mut e = Effects {
            kind: Some(choice.kind()),
            player: Some(player),
            free: grant.is_some(),
            ..Effects::default()
        };
        // Actions left after this one (a free action costs none).
        let after = b.actions_left().saturating_sub(u8::from(grant.is_none()));
        let base = match choice {
            ActionChoice::Run => {
                let sprint = if bonus == Some(BonusPlay::Sprint) {
                    2
                } else {
                    0
                };
                let limit = match grant {
                    Some(FreeGrant::ShortRun) => Some(2),
                    _ => None,
                };
                self.run_score(b, p, sprint, limit, bonus == Some(BonusPlay::Dodge), &mut e)
            }
            ActionChoice::Mark => {
                let reach = if bonus == Some(BonusPlay::AggressiveMark) {
                    4
                } else {
                    2
                };
                let towards = match grant {
                    Some(FreeGrant::InterventionMark(o)) => Some(o),
                    _ => None,
                };
                match self.mark_plan(b, p, reach, towards) {
                    Some((value, end)) => {
                        e.end = Some(end);
                        value
                    }
                    None => -1.0,
                }
            }
            ActionChoice::Sidestep { to } => {
                e.end = Some(to);
                self.sidestep_score(b, player, to, after > 0)
            }
            ActionChoice::StandUp => 45.0 + b.near_ball_bonus(p),
            ActionChoice::Reserves { square } => 40.0 + b.reserve_square_score(square),
            ActionChoice::Block { target } => {
                let moxy = bonus == Some(BonusPlay::TheKidsGotMoxy);
                let mut s = self.block_score(b, p, target, moxy, &mut e);
                if grant == Some(FreeGrant::DivingTackleBlock) {
                    s -= 50.0 + if b.holds_ball(player) { 400.0 } else { 0.0 };
                }
                s
            }
            ActionChoice::Throw { target } => self.throw_score(b, p, target, bonus, after, &mut e),
            ActionChoice::Foul { .. } => {
                e.injury = 0.3;
                15.0
            }
            ActionChoice::ThrowTeamMate { .. } => -5.0,
        };
        let cost = if card.is_some() { CARD_COST } else { 0.0 };
        base + self.card_value(b, &e) - cost
    }

    /// A Run by `p`: score a touchdown, pick up a ball, or move towards where it is useful.
    fn run_score(
        &self,
        b: &Board<'_>,
        p: &Player,
        extra: u8,
        limit: Option<u8>,
        dodge: bool,
        e: &mut Effects,
    ) -> f64 {
        let Some(from) = p.square() else {
            return -1.0;
        };
        let mv = match limit {
            Some(n) => MoveStat::Fixed(n),
            None => p.stats.movement,
        };
        let typical = typical_move(mv, extra);
        let dist = b.bfs(&[from], |s| b.run_pass(p, s, dodge));
        let within = |s: Square, d: &[u8]| b.idx(s).map_or(FAR, |i| d[i]);
        if b.holds_ball(p.id) {
            let d_td = b.end_zone(p).map(|s| within(s, &dist)).min().unwrap_or(FAR);
            let p_td = reach_prob(mv, extra, d_td);
            let now = b.columns_to_go(from);
            let best = b
                .squares()
                .filter(|&s| within(s, &dist) <= typical && b.run_end_ok(p, s))
                .map(|s| b.columns_to_go(s))
                .min()
                .unwrap_or(now);
            let gain = f64::from(now - best.min(now));
            e.td = p_td;
            e.moved4 = if now - best >= 4 { 1.0 - p_td } else { 0.0 };
            return p_td * b.td_value() + (1.0 - p_td) * CARRY_COLUMN * gain;
        }
        if p.can_hold_ball() && !b.loose.is_empty() {
            let (d_ball, ball) = b
                .loose
                .iter()
                .map(|&s| (within(s, &dist), s))
                .min()
                .unwrap_or((FAR, from));
            let p_pick = reach_prob(mv, extra, d_ball);
            if p_pick > 0.0 {
                // After the pickup the Run goes on towards the end zone.
                let on = b.bfs(&[ball], |s| b.carrier_pass(p, s, dodge));
                let d_on = b.end_zone(p).map(|s| within(s, &on)).min().unwrap_or(FAR);
                let p_td = reach_prob(mv, extra, d_ball.saturating_add(d_on));
                e.pickup = p_pick;
                e.td = p_td;
                return PICKUP * p_pick + b.td_value() * p_td;
            }
            let goal = b.bfs(&b.loose, |s| b.run_pass(p, s, dodge));
            return 40.0 + 8.0 * b.approach_gain(p, &dist, &goal, typical);
        }
        let goals = b.support_goals(p);
        if goals.is_empty() {
            return -1.0;
        }
        let goal = b.bfs(&goals, |s| b.run_pass(p, s, dodge));
        let gain = b.approach_gain(p, &dist, &goal, typical);
        if gain <= 0.0 {
            return -1.0;
        }
        let chasing = b.ball_holder(b.me.other()).is_some();
        let per = if chasing { 10.0 } else { 5.0 };
        per * gain + 5.0
    }

    /// Plan a Mark by `p` within `reach` squares: the best end square and its score.
    fn mark_plan(
        &self,
        b: &Board<'_>,
        p: &Player,
        reach: u8,
        towards: Option<PlayerId>,
    ) -> Option<(f64, Square)> {
        let from = p.square()?;
        let dist = b.mark_bfs(&[from], p);
        let mut best: Option<(f64, Square)> = None;
        for s in b.squares() {
            let d = b.idx(s).map_or(FAR, |i| dist[i]);
            if d == 0 || d > reach {
                continue;
            }
            let marked: Vec<&Player> = b.standing_opponents_adjacent(p.side, s).collect();
            if marked.is_empty() {
                continue;
            }
            if let Some(t) = towards
                && !marked.iter().any(|o| o.id == t)
            {
                continue;
            }
            let mut value = 0.0;
            for o in &marked {
                value += if b.holds_ball(o.id) {
                    if b.is_open(o) { 300.0 } else { 80.0 }
                } else {
                    8.0
                };
            }
            if b.holds_ball(p.id) {
                value -= 200.0;
            }
            let e = Effects {
                kind: Some(ActionKind::Mark),
                player: Some(p.id),
                end: Some(s),
                ..Effects::default()
            };
            value += self.card_value(b, &e);
            // Prefer ending nearer the scoring end zone, all else equal.
            value -= 0.1 * f64::from(b.columns_to_go(s));
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, s));
            }
        }
        best
    }

    fn sidestep_score(&self, b: &Board<'_>, player: PlayerId, to: Square, more: bool) -> f64 {
        let Some(p) = b.player(player) else {
            return -1.0;
        };
        let Some(from) = p.square() else {
            return -1.0;
        };
        if b.holds_ball(player) {
            let open = b.opponents_near(p.side, to) == 0;
            if open && to.x == b.score_x {
                return b.td_value();
            }
            let mut v = 120.0 + 20.0 * f64::from(b.columns_to_go(from) - b.columns_to_go(to));
            if open && more && !self.ran(player) {
                let dist = b.bfs(&[to], |s| b.run_pass(p, s, false));
                let d = b
                    .end_zone(p)
                    .filter_map(|s| b.idx(s).map(|i| dist[i]))
                    .min()
                    .unwrap_or(FAR);
                v += 600.0 * reach_prob(p.stats.movement, 0, d);
            }
            return v;
        }
        // Do not let go of an opposing ball carrier.
        if b.standing_opponents_adjacent(p.side, from)
            .any(|o| b.holds_ball(o.id))
        {
            return -60.0;
        }
        3.0
    }

    fn block_score(
        &self,
        b: &Board<'_>,
        p: &Player,
        target: PlayerId,
        moxy: bool,
        e: &mut Effects,
    ) -> f64 {
        let (Some(t), Some(from)) = (b.player(target), p.square()) else {
            return -1.0;
        };
        let Some(at) = t.square() else {
            return -1.0;
        };
        let assisted = b.v.players.iter().any(|m| {
            m.side == p.side
                && m.id != p.id
                && matches!(m.place, Place::Standing(s) if s.is_adjacent(at))
        });
        let dice = if moxy {
            3
        } else if b.v.edition == Edition::Bb2018 {
            1 + u8::from(assisted)
        } else {
            p.stats.block.max(1) + u8::from(assisted)
        };
        // Tackle, Smash and Kerrunch! knock down; a Shove does too when the target cannot
        // be pushed.
        let push_to = at.offset(at.x - from.x, at.y - from.y);
        let stuck = !b.inside(push_to) || b.is_blocked(push_to) || b.at(push_to).is_some();
        let per_die: f64 = if stuck { 5.0 / 6.0 } else { 3.0 / 6.0 };
        let kd = 1.0 - (1.0 - per_die).powi(i32::from(dice));
        let armour_fails = match t.stats.armour {
            None => 1.0,
            Some(a) => (f64::from(a.clamp(2, 6)) - 1.0) / 6.0,
        };
        e.knockdown = kd;
        e.injury = kd * armour_fails;
        let mut v = if b.holds_ball(target) {
            e.freed = kd;
            450.0 * kd
        } else {
            20.0 + 60.0 * kd
        };
        if b.holds_ball(p.id) {
            v -= 100.0;
        }
        v
    }

    fn throw_score(
        &self,
        b: &Board<'_>,
        p: &Player,
        target: Square,
        bonus: Option<BonusPlay>,
        after: u8,
        e: &mut Effects,
    ) -> f64 {
        let Some(from) = p.square() else {
            return -1.0;
        };
        let Some(r) = b.at(target).filter(|r| r.side == p.side && r.is_standing()) else {
            return -10.0;
        };
        if !r.can_hold_ball() {
            return -10.0;
        }
        let hand_off = from.is_adjacent(target) && (b.v.edition == Edition::Bb2024 || b.is_open(r));
        let p_ok = if hand_off {
            1.0
        } else {
            let (value, modifier) = match bonus {
                Some(BonusPlay::HailMaryPass) => (4, 0),
                Some(BonusPlay::AccurateThrow) => (2, b.throw_modifier(p, from, target)),
                _ => (
                    p.stats.throw.unwrap_or(6),
                    b.throw_modifier(p, from, target),
                ),
            };
            let ok = check_prob(value, modifier);
            e.completion = ok;
            if modifier < 0 && bonus != Some(BonusPlay::HailMaryPass) {
                e.risky = ok;
            }
            ok
        };
        let gain = f64::from(b.columns_to_go(from) - b.columns_to_go(target));
        let open = b.is_open(r);
        let caught = if open && target.x == b.score_x {
            e.td = p_ok;
            b.td_value()
        } else {
            if b.columns_to_go(from) - b.columns_to_go(target) >= 4 {
                e.moved4 = p_ok;
            }
            let mut v = CARRY_COLUMN * gain;
            if open && after > 0 && !self.ran(r.id) {
                let dist = b.bfs(&[target], |s| b.run_pass(r, s, false));
                let d = b
                    .end_zone(r)
                    .filter_map(|s| b.idx(s).map(|i| dist[i]))
                    .min()
                    .unwrap_or(FAR);
                v += 700.0 * reach_prob(r.stats.movement, 0, d);
            }
            v
        };
        p_ok * caught - (1.0 - p_ok) * TURNOVER
    }

    /// A Bonus Play at the Action prompt, not tied to an action.
    fn bonus_score(
        &self,
        b: &Board<'_>,
        card: CardId,
        player: Option<PlayerId>,
        square: Option<Square>,
    ) -> f64 {
        match b.bonus_of(card) {
            Some(BonusPlay::Inspiration) => 300.0,
            Some(BonusPlay::JumpUp) => {
                50.0 + player
                    .and_then(|p| b.player(p))
                    .map_or(0.0, |p| b.near_ball_bonus(p))
            }
            Some(BonusPlay::Reserves) => 42.0 + square.map_or(0.0, |s| b.reserve_square_score(s)),
            // Blocks count as assisted this turn: worth it when someone can block.
            Some(BonusPlay::BlockingPlay)
                if b.v.players.iter().any(|m| m.side == b.me && b.is_marked(m)) =>
            {
                20.0
            }
            // Runs may end next to opponents: a little help against an opposing carrier.
            Some(BonusPlay::DefensivePlay) if b.ball_holder(b.me.other()).is_some() => 1.0,
            _ => -1.0,
        }
    }

    /// A Bonus Play in an optional window (Interrupts, Blitz!, Diving Tackle...).
    fn window_score(
        &self,
        b: &Board<'_>,
        w: Window,
        card: CardId,
        player: Option<PlayerId>,
    ) -> f64 {
        let bonus = b.bonus_of(card);
        match (w, bonus) {
            (Window::AfterOpponentRun { runner }, _) => {
                if b.holds_ball(runner) {
                    200.0
                } else {
                    5.0
                }
            }
            (Window::AfterOpponentMark { .. }, _) => {
                if player.is_some_and(|p| b.holds_ball(p)) {
                    150.0
                } else {
                    -1.0
                }
            }
            (Window::OpponentSidestep { mover, .. }, _) => {
                if b.holds_ball(mover) {
                    150.0
                } else {
                    5.0
                }
            }
            (Window::BlockTarget { target }, _) => {
                if b.holds_ball(target) {
                    150.0
                } else {
                    10.0
                }
            }
            (Window::BeforeArmour { .. }, _) => 30.0,
            (Window::AfterMark { marker }, Some(BonusPlay::DivingTackle)) => {
                let carrier_near = b.player(marker).and_then(|m| m.square()).is_some_and(|s| {
                    b.standing_opponents_adjacent(b.me, s)
                        .any(|o| b.holds_ball(o.id))
                });
                if carrier_near && !b.holds_ball(marker) {
                    150.0
                } else {
                    -1.0
                }
            }
            (Window::AfterMark { .. }, _) => 50.0,
            // Blocking Play before the Pre-Turn Sequence (2024, rules version 2): every Block
            // of the turn is assisted; worth playing.
            (Window::TurnStart, _) => 20.0,
        }
    }

    fn reroll_score(&self, b: &Board<'_>, kind: RollKind, cmd: Command) -> f64 {
        let Command::Reroll { source } = cmd else {
            return 0.0;
        };
        let cost = match source {
            RerollSource::OffensiveSpecialist
            | RerollSource::ExpertPasser
            | RerollSource::DwarfRuneBall
            | RerollSource::ExtraSpikyBall => 0.0,
            RerollSource::RookiesToWatch => 1.0,
            RerollSource::RawTalent(_) => 2.0,
        };
        let worth = match kind {
            // Offered only after a failed Throw or Armour check.
            RollKind::Throw | RollKind::Armour => 10.0,
            RollKind::Block => match &self.last_block[b.me.index()] {
                Some(faces) => {
                    let best = faces.iter().map(|&f| face_rank(f)).max().unwrap_or(0);
                    if best <= face_rank(BlockFace::Miss) {
                        10.0
                    } else if best <= face_rank(BlockFace::Shove) && cost == 0.0 {
                        5.0
                    } else {
                        -10.0
                    }
                }
                None => -10.0,
            },
        };
        worth - cost
    }

    /// The best Challenge card the action would let the coach claim, in value.
    fn card_value(&self, b: &Board<'_>, e: &Effects) -> f64 {
        if !b.may_claim() {
            return 0.0;
        }
        let (Some(kind), Some(player)) = (e.kind, e.player) else {
            return 0.0;
        };
        let moving = matches!(
            kind,
            ActionKind::Run | ActionKind::Mark | ActionKind::Sidestep
        );
        let mut best: f64 = 0.0;
        for c in &b.v.active_cards {
            let chance = match c.challenge {
                Challenge::BreakSomeBones => e.injury,
                Challenge::FreeUpTheBall => e.freed,
                Challenge::GetMoving => {
                    if kind == ActionKind::Run && self.runs() + 1 >= 3 {
                        1.0
                    } else {
                        0.0
                    }
                }
                Challenge::GetTheBall => e.pickup,
                Challenge::GetTogether => match e.end {
                    Some(s) if moving && b.team_mates_adjacent(player, s) >= 2 => 1.0,
                    _ => 0.0,
                },
                Challenge::MakeARiskyThrow => e.risky,
                Challenge::MoveTheBall => e.moved4,
                Challenge::PlayAsATeam => {
                    if self.play_as_a_team(player, kind) {
                        1.0
                    } else {
                        0.0
                    }
                }
                Challenge::ShowNoFear => match e.end {
                    Some(s)
                        if b.trapdoors.contains(&s) && b.ball_holder(b.me.other()).is_some() =>
                    {
                        1.0
                    }
                    _ => 0.0,
                },
                Challenge::ShowThemHowItsDone => {
                    if !e.free && self.regular_kinds(player, kind) >= 3 {
                        1.0
                    } else {
                        0.0
                    }
                }
                Challenge::ShowUsACompletion => e.completion,
                Challenge::ShowboatForTheCrowd => e.td,
                Challenge::SpreadOut => match e.end {
                    Some(s)
                        if matches!(kind, ActionKind::Run | ActionKind::Sidestep)
                            && b.spread_out_after(player, s) =>
                    {
                        1.0
                    }
                    _ => 0.0,
                },
                Challenge::TakeThemDown => {
                    if kind == ActionKind::Block {
                        e.knockdown
                    } else {
                        0.0
                    }
                }
                Challenge::TieThemUp => match e.end {
                    Some(s) if kind == ActionKind::Mark && b.tied_up(player, s) >= 2 => 1.0,
                    _ => 0.0,
                },
            };
            best = best.max(chance * f64::from(c.points) * CARD_POINT);
        }
        best
    }

    /// Play as a Team!: 3 different actions by 3 different players this turn, counting
    /// `kind` by `player` now.
    fn play_as_a_team(&self, player: PlayerId, kind: ActionKind) -> bool {
        let mut pairs: Vec<(PlayerId, ActionKind)> =
            self.made.iter().map(|&(p, k, _)| (p, k)).collect();
        pairs.push((player, kind));
        let n = pairs.len();
        for i in 0..n {
            for j in i + 1..n {
                for k in j + 1..n {
                    let (a, b, c) = (pairs[i], pairs[j], pairs[k]);
                    if a.0 != b.0
                        && a.0 != c.0
                        && b.0 != c.0
                        && a.1 != b.1
                        && a.1 != c.1
                        && b.1 != c.1
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Distinct regular action kinds `player` will have made this turn with `kind`.
    fn regular_kinds(&self, player: PlayerId, kind: ActionKind) -> usize {
        let mut kinds: Vec<ActionKind> = self
            .made
            .iter()
            .filter(|&&(p, _, free)| p == player && !free)
            .map(|&(_, k, _)| k)
            .collect();
        kinds.push(kind);
        kinds.sort();
        kinds.dedup();
        kinds.len()
    }

    /// Scores for the squares of a Run or Mark in progress (and `StopMoving`).
    fn score_moves(
        &self,
        b: &Board<'_>,
        player: PlayerId,
        kind: MoveKind,
        legal: &[Command],
    ) -> Vec<f64> {
        let Some(p) = b.player(player) else {
            return vec![0.0; legal.len()];
        };
        let here = p.square();
        let (dist, goals): (Vec<u8>, Vec<Square>) = match kind {
            MoveKind::Run => {
                let dodge = self.dodge_runner == Some(player);
                let goals: Vec<Square> = if b.holds_ball(player) {
                    b.end_zone(p).collect()
                } else if p.can_hold_ball() && !b.loose.is_empty() {
                    b.loose.clone()
                } else {
                    b.support_goals(p)
                };
                let pass = |s: Square| {
                    if b.holds_ball(player) {
                        b.carrier_pass(p, s, dodge)
                    } else {
                        b.run_pass(p, s, dodge)
                    }
                };
                (b.bfs(&goals, pass), goals)
            }
            MoveKind::Mark | MoveKind::MarkTowards(_) => {
                let goals: Vec<Square> = match (kind, self.mark_goal) {
                    (MoveKind::Mark, Some((q, s))) if q == player => vec![s],
                    (MoveKind::MarkTowards(o), _) => b
                        .player(o)
                        .and_then(|o| o.square())
                        .map(|s| s.neighbours().filter(|&n| b.free(n, player)).collect())
                        .unwrap_or_default(),
                    _ => {
                        b.v.players
                            .iter()
                            .filter(|o| o.side != p.side && o.is_standing())
                            .filter_map(|o| o.square())
                            .flat_map(|s| s.neighbours())
                            .filter(|&n| b.free(n, player))
                            .collect()
                    }
                };
                (b.mark_bfs_to(&goals, p), goals)
            }
        };
        let cost = |s: Square| -> f64 {
            match b.idx(s).map(|i| dist[i]) {
                Some(d) if d != FAR => f64::from(d),
                _ => {
                    100.0
                        + goals
                            .iter()
                            .map(|&g| f64::from(g.distance(s)))
                            .fold(50.0, f64::min)
                }
            }
        };
        let here_cost = here.map_or(1000.0, cost);
        legal
            .iter()
            .map(|c| match *c {
                Command::MoveTo { square } => {
                    let c = cost(square);
                    // Tie-break: towards the scoring end zone.
                    -c - 0.01 * f64::from(b.columns_to_go(square))
                        - if c >= here_cost { 0.5 } else { 0.0 }
                }
                Command::StopMoving => -here_cost,
                _ => -1000.0,
            })
            .collect()
    }

    /// Remember what the chosen command commits to (the end square of a Mark, a Dodge Run).
    fn remember_plan(&mut self, b: &Board<'_>, cmd: Command) {
        let Command::Action {
            player,
            choice,
            bonus,
        } = cmd
        else {
            return;
        };
        let bonus = bonus.and_then(|c| b.bonus_of(c));
        self.dodge_runner =
            (choice == ActionChoice::Run && bonus == Some(BonusPlay::Dodge)).then_some(player);
        self.mark_goal = None;
        if choice == ActionChoice::Mark
            && let Some(p) = b.player(player)
        {
            let reach = if bonus == Some(BonusPlay::AggressiveMark) {
                4
            } else {
                2
            };
            let towards = match b.v.prompt.kind {
                PromptKind::FreeAction {
                    grant: FreeGrant::InterventionMark(o),
                    ..
                } => Some(o),
                _ => None,
            };
            self.mark_goal = self
                .mark_plan(b, p, reach, towards)
                .map(|(_, s)| (player, s));
        }
    }
}

/// Block faces from worst to best for the blocker.
fn face_rank(f: BlockFace) -> u8 {
    match f {
        BlockFace::Miss => 1,
        BlockFace::Shove => 2,
        BlockFace::Tackle => 3,
        BlockFace::Smash => 4,
        BlockFace::Kerrunch => 5,
    }
}

/// How much a Bonus Play in hand is worth keeping (for the hand limit).
fn bonus_worth(b: Option<BonusPlay>) -> f64 {
    match b {
        Some(BonusPlay::Inspiration) => 9.0,
        Some(BonusPlay::Sprint | BonusPlay::AccurateThrow) => 8.0,
        Some(BonusPlay::HailMaryPass | BonusPlay::RawTalent) => 7.0,
        Some(BonusPlay::Blitz | BonusPlay::TheKidsGotMoxy | BonusPlay::Intervention) => 6.0,
        Some(
            BonusPlay::JumpUp
            | BonusPlay::Reserves
            | BonusPlay::Dodge
            | BonusPlay::NervesOfSteel
            | BonusPlay::BladedKnuckleDusters,
        ) => 5.0,
        Some(
            BonusPlay::DivingTackle
            | BonusPlay::BlockingPlay
            | BonusPlay::StepAside
            | BonusPlay::ToughEnough
            | BonusPlay::Shadowing,
        ) => 4.0,
        Some(BonusPlay::AggressiveMark | BonusPlay::DefensivePlay) => 2.0,
        None => 0.0,
    }
}

/// The chance a D6 check against `value`+ with `modifier` passes (natural 1 fails, natural 6
/// passes).
fn check_prob(value: u8, modifier: i8) -> f64 {
    let ok = (1..=6i8)
        .filter(|&r| r == 6 || (r != 1 && r + modifier >= value as i8))
        .count();
    ok as f64 / 6.0
}

/// The chance a Run of Move `mv` (+`extra`) covers `d` squares.
fn reach_prob(mv: MoveStat, extra: u8, d: u8) -> f64 {
    if d == FAR {
        return 0.0;
    }
    match mv {
        MoveStat::Fixed(m) => {
            if d <= m.saturating_add(extra) {
                1.0
            } else {
                0.0
            }
        }
        MoveStat::D6 => {
            let ok = (1..=6u8).filter(|&r| r + extra >= d).count();
            ok as f64 / 6.0
        }
    }
}

/// The distance a Run is planned for.
fn typical_move(mv: MoveStat, extra: u8) -> u8 {
    match mv {
        MoveStat::Fixed(m) => m,
        MoveStat::D6 => 3,
    }
    .saturating_add(extra)
}

/// The board as one seat sees it, with the lookups the heuristic needs.
struct Board<'a> {
    v: &'a GameView,
    me: Side,
    length: i8,
    width: i8,
    blocked: Vec<bool>,
    occupant: Vec<Option<PlayerId>>,
    /// Standing players of each side (Home, Away) adjacent to each square.
    near: [Vec<u8>; 2],
    loose: Vec<Square>,
    trapdoors: Vec<Square>,
    /// The end-zone column `me` scores in.
    score_x: i8,
}

impl<'a> Board<'a> {
    fn new(v: &'a GameView, me: Side) -> Board<'a> {
        let def = board(
            v.board
                .unwrap_or(dugout_rules::blitz::data::BoardSide::OneTrapdoor),
        );
        let length = def.length as i8;
        let width = def.width as i8;
        let n = usize::from(def.length) * usize::from(def.width);
        let mut b = Board {
            v,
            me,
            length,
            width,
            blocked: vec![false; n],
            occupant: vec![None; n],
            near: [vec![0; n], vec![0; n]],
            loose: Vec::new(),
            trapdoors: def
                .trapdoors
                .iter()
                .map(|&(x, y)| Square::new(x as i8, y as i8))
                .collect(),
            score_x: 0,
        };
        for &(x, y) in def.blocked {
            if let Some(i) = b.idx(Square::new(x as i8, y as i8)) {
                b.blocked[i] = true;
            }
        }
        for p in &v.players {
            if let Some(i) = p.square().and_then(|s| b.idx(s)) {
                b.occupant[i] = Some(p.id);
            }
            if let Place::Standing(s) = p.place {
                for n in s.neighbours() {
                    if let Some(i) = b.idx(n) {
                        b.near[p.side.index()][i] += 1;
                    }
                }
            }
        }
        b.loose = v
            .balls
            .iter()
            .filter_map(|ball| match ball.at {
                BallAt::Loose(s) => Some(s),
                BallAt::Held(_) => None,
            })
            .collect();
        // Coach A defends x = 0 (gap G44); `me` scores in the other end zone.
        let defends_zero = v.coach_a == Some(me) || v.coach_a.is_none() && me == Side::Home;
        b.score_x = if defends_zero { length - 1 } else { 0 };
        b
    }

    fn inside(&self, s: Square) -> bool {
        s.x >= 0 && s.y >= 0 && s.x < self.length && s.y < self.width
    }

    fn idx(&self, s: Square) -> Option<usize> {
        self.inside(s)
            .then(|| s.y as usize * self.length as usize + s.x as usize)
    }

    fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        let (l, w) = (self.length, self.width);
        (0..w).flat_map(move |y| (0..l).map(move |x| Square::new(x, y)))
    }

    fn is_blocked(&self, s: Square) -> bool {
        self.idx(s).is_some_and(|i| self.blocked[i])
    }

    fn player(&self, id: PlayerId) -> Option<&'a Player> {
        self.v.players.get(id.index())
    }

    fn at(&self, s: Square) -> Option<&'a Player> {
        self.idx(s)
            .and_then(|i| self.occupant[i])
            .and_then(|id| self.player(id))
    }

    /// On the pitch, not blocked, and empty (or `mover`'s own square).
    fn free(&self, s: Square, mover: PlayerId) -> bool {
        self.idx(s)
            .is_some_and(|i| !self.blocked[i] && self.occupant[i].is_none_or(|o| o == mover))
    }

    fn holds_ball(&self, id: PlayerId) -> bool {
        self.v.balls.iter().any(|b| b.at == BallAt::Held(id))
    }

    fn ball_holder(&self, side: Side) -> Option<&'a Player> {
        self.v.balls.iter().find_map(|b| match b.at {
            BallAt::Held(id) => self.player(id).filter(|p| p.side == side),
            BallAt::Loose(_) => None,
        })
    }

    /// Standing opponents of `side` adjacent to `s`.
    fn opponents_near(&self, side: Side, s: Square) -> u8 {
        self.idx(s)
            .map_or(0, |i| self.near[side.other().index()][i])
    }

    fn standing_opponents_adjacent(
        &self,
        side: Side,
        s: Square,
    ) -> impl Iterator<Item = &'a Player> + 'a {
        self.v.players.iter().filter(move |o| {
            o.side != side && matches!(o.place, Place::Standing(q) if q.is_adjacent(s))
        })
    }

    fn is_marked(&self, p: &Player) -> bool {
        match p.place {
            Place::Standing(s) => self.opponents_near(p.side, s) > 0,
            _ => false,
        }
    }

    fn is_open(&self, p: &Player) -> bool {
        p.is_standing() && !self.is_marked(p)
    }

    /// Columns between `s` and the end zone `me` scores in.
    fn columns_to_go(&self, s: Square) -> i8 {
        (s.x - self.score_x).abs()
    }

    fn td_value(&self) -> f64 {
        match self.v.edition {
            Edition::Bb2018 => 3.0 * TD_POINT,
            Edition::Bb2024 => 4.0 * TD_POINT,
        }
    }

    fn actions_left(&self) -> u8 {
        self.v.action_limit.saturating_sub(self.v.actions_taken)
    }

    /// Claims are possible this turn: not in 2018's first round, nor in Coach A's first
    /// 2024 turn.
    fn may_claim(&self) -> bool {
        let started = self.v.turns_started[self.me.index()];
        match self.v.edition {
            Edition::Bb2018 => started >= 2,
            Edition::Bb2024 => !(started <= 1 && self.v.coach_a == Some(self.me)),
        }
    }

    fn bonus_of(&self, card: CardId) -> Option<BonusPlay> {
        self.v.hands[self.me.index()]
            .cards
            .as_ref()
            .and_then(|cs| cs.iter().find(|(c, _)| *c == card).map(|(_, b)| *b))
    }

    /// The scoring end-zone squares a Run of `p` may end on.
    fn end_zone(&self, p: &'a Player) -> impl Iterator<Item = Square> + '_ {
        let x = self.score_x;
        (0..self.width)
            .map(move |y| Square::new(x, y))
            .filter(move |&s| self.run_end_ok(p, s) && self.free(s, p.id))
    }

    /// May a Run of `p` enter `s`? Not next to a standing opponent (unless `dodge`), not onto
    /// a ball it could not pick up.
    fn run_pass(&self, p: &Player, s: Square, dodge: bool) -> bool {
        self.free(s, p.id)
            && (dodge || self.opponents_near(p.side, s) == 0)
            && (!self.loose.contains(&s) || p.can_hold_ball() && !self.holds_ball(p.id))
    }

    /// [`Self::run_pass`] for a player that holds a ball (another ball would bounce away).
    fn carrier_pass(&self, p: &Player, s: Square, dodge: bool) -> bool {
        self.free(s, p.id)
            && (dodge || self.opponents_near(p.side, s) == 0)
            && !self.loose.contains(&s)
    }

    fn run_end_ok(&self, p: &Player, s: Square) -> bool {
        self.opponents_near(p.side, s) == 0
    }

    /// Breadth-first distances from `sources` over the squares `pass` allows.
    fn bfs(&self, sources: &[Square], pass: impl Fn(Square) -> bool) -> Vec<u8> {
        let n = self.blocked.len();
        let mut dist = vec![FAR; n];
        let mut queue = std::collections::VecDeque::new();
        for &s in sources {
            if let Some(i) = self.idx(s)
                && dist[i] == FAR
            {
                dist[i] = 0;
                queue.push_back(s);
            }
        }
        while let Some(s) = queue.pop_front() {
            let Some(i) = self.idx(s) else { continue };
            let d = dist[i];
            for nb in s.neighbours() {
                if let Some(j) = self.idx(nb)
                    && dist[j] == FAR
                    && pass(nb)
                {
                    dist[j] = d + 1;
                    queue.push_back(nb);
                }
            }
        }
        dist
    }

    /// A Mark's reachable squares from `sources`: in 2024 a Mark stops on entering a square
    /// next to a standing opponent, so such squares are reached but not passed through.
    fn mark_bfs(&self, sources: &[Square], p: &Player) -> Vec<u8> {
        let stops = self.v.edition == Edition::Bb2024;
        let n = self.blocked.len();
        let mut dist = vec![FAR; n];
        let mut queue = std::collections::VecDeque::new();
        for &s in sources {
            if let Some(i) = self.idx(s) {
                dist[i] = 0;
                queue.push_back(s);
            }
        }
        while let Some(s) = queue.pop_front() {
            let Some(i) = self.idx(s) else { continue };
            let d = dist[i];
            if d > 0 && stops && self.opponents_near(p.side, s) > 0 {
                continue;
            }
            for nb in s.neighbours() {
                if let Some(j) = self.idx(nb)
                    && dist[j] == FAR
                    && self.free(nb, p.id)
                    && !self.loose.contains(&nb)
                {
                    dist[j] = d + 1;
                    queue.push_back(nb);
                }
            }
        }
        dist
    }

    /// Distances to `goals` for a Mark: the path's inner squares may not be next to a
    /// standing opponent (2024).
    fn mark_bfs_to(&self, goals: &[Square], p: &Player) -> Vec<u8> {
        let stops = self.v.edition == Edition::Bb2024;
        let n = self.blocked.len();
        let mut dist = vec![FAR; n];
        let mut queue = std::collections::VecDeque::new();
        for &s in goals {
            if let Some(i) = self.idx(s)
                && dist[i] == FAR
            {
                dist[i] = 0;
                queue.push_back(s);
            }
        }
        let here = p.square();
        while let Some(s) = queue.pop_front() {
            let Some(i) = self.idx(s) else { continue };
            let d = dist[i];
            for nb in s.neighbours() {
                let inner_ok = Some(nb) == here || !stops || self.opponents_near(p.side, nb) == 0;
                if let Some(j) = self.idx(nb)
                    && dist[j] == FAR
                    && self.free(nb, p.id)
                    && !self.loose.contains(&nb)
                    && inner_ok
                {
                    dist[j] = d + 1;
                    queue.push_back(nb);
                }
            }
        }
        dist
    }

    /// How much nearer (in `goal` distance) a Run of `typical` squares can bring `p`.
    fn approach_gain(&self, p: &Player, from_p: &[u8], goal: &[u8], typical: u8) -> f64 {
        let Some(here) = p.square().and_then(|s| self.idx(s)) else {
            return 0.0;
        };
        let now = goal[here];
        let best = (0..goal.len())
            .filter(|&i| from_p[i] <= typical && from_p[i] > 0)
            .filter(|&i| {
                let s = Square::new(
                    (i % self.length as usize) as i8,
                    (i / self.length as usize) as i8,
                );
                self.run_end_ok(p, s)
            })
            .map(|i| goal[i])
            .min()
            .unwrap_or(FAR);
        if now == FAR {
            return if best == FAR { 0.0 } else { 3.0 };
        }
        f64::from(now.saturating_sub(best.min(now)))
    }

    /// Where a player with no ball to chase should run: into the scoring end zone to receive
    /// a throw when the team has a ball, two squares from an opposing carrier (ready to
    /// Mark it), or next to a trapdoor (where a new ball comes in).
    fn support_goals(&self, p: &Player) -> Vec<Square> {
        if let Some(c) = self.ball_holder(p.side.other()).and_then(|c| c.square()) {
            return self
                .squares()
                .filter(|&s| s.distance(c) == 2 && self.run_pass(p, s, false))
                .collect();
        }
        if let Some(c) = self.ball_holder(p.side).filter(|c| c.id != p.id) {
            if p.can_hold_ball() {
                let x = self.score_x;
                return (0..self.width)
                    .map(|y| Square::new(x, y))
                    .filter(|&s| self.run_pass(p, s, false))
                    .collect();
            }
            // A player who cannot catch escorts the carrier.
            if let Some(cs) = c.square() {
                return self
                    .squares()
                    .filter(|&s| s.distance(cs) == 1 && self.run_pass(p, s, false))
                    .collect();
            }
        }
        self.trapdoors
            .iter()
            .flat_map(|t| t.neighbours())
            .filter(|&s| self.run_pass(p, s, false))
            .collect()
    }

    fn near_ball_bonus(&self, p: &Player) -> f64 {
        let Some(s) = p.square() else { return 0.0 };
        let near = self
            .loose
            .iter()
            .chain(
                self.v
                    .balls
                    .iter()
                    .filter_map(|b| match b.at {
                        BallAt::Held(h) => self.player(h).and_then(|h| h.square()),
                        BallAt::Loose(_) => None,
                    })
                    .collect::<Vec<_>>()
                    .iter(),
            )
            .map(|&b| b.distance(s))
            .min()
            .unwrap_or(20);
        f64::from(10u8.saturating_sub(near))
    }

    /// Prefer Reserves squares near the ball and away from team-mates.
    fn reserve_square_score(&self, s: Square) -> f64 {
        let ball = self.loose.iter().map(|b| b.distance(s)).min().unwrap_or(0);
        -0.1 * f64::from(ball) - 0.2 * f64::from(self.team_near(s))
    }

    fn team_near(&self, s: Square) -> u8 {
        self.idx(s).map_or(0, |i| self.near[self.me.index()][i])
    }

    /// Set-up: spread the players along the end zone, middle first.
    fn setup_score(&self, s: Square) -> f64 {
        let placed: Vec<Square> = self
            .v
            .players
            .iter()
            .filter(|p| p.side == self.me)
            .filter_map(|p| p.square())
            .collect();
        let spread = placed
            .iter()
            .map(|q| q.distance(s))
            .min()
            .unwrap_or(3)
            .min(3);
        let centre = (f64::from(s.y) - f64::from(self.width - 1) / 2.0).abs();
        10.0 * f64::from(spread) - centre
    }

    fn follow_up_is_good(&self, blocker: PlayerId, square: Square) -> bool {
        let Some(p) = self.player(blocker) else {
            return false;
        };
        let Some(from) = p.square() else {
            return false;
        };
        // Keep marking an opposing carrier we already mark.
        let leaving_carrier = self
            .standing_opponents_adjacent(p.side, from)
            .any(|o| self.holds_ball(o.id) && o.square().is_some_and(|c| !c.is_adjacent(square)));
        if leaving_carrier {
            return false;
        }
        if self.holds_ball(blocker) {
            return self.columns_to_go(square) <= self.columns_to_go(from);
        }
        true
    }

    /// Safe Hands: bounce the ball to an Open team-mate, or at least near team-mates.
    fn bounce_score(&self, s: Square) -> f64 {
        if let Some(o) = self.at(s) {
            let catches = self.is_open(o) && o.can_hold_ball();
            return match (o.side == self.me, catches) {
                (true, true) => 100.0,
                (false, true) => -100.0,
                _ => 0.0,
            };
        }
        f64::from(self.team_near(s)) * 5.0 - f64::from(self.opponents_near(self.me, s)) * 5.0
    }

    /// Standing team-mates of `player` adjacent to `s` (the player itself excluded).
    fn team_mates_adjacent(&self, player: PlayerId, s: Square) -> usize {
        let side = self.player(player).map_or(self.me, |p| p.side);
        self.v
            .players
            .iter()
            .filter(|m| {
                m.side == side
                    && m.id != player
                    && matches!(m.place, Place::Standing(q) if q.is_adjacent(s))
            })
            .count()
    }

    /// Spread Out!: no player of the team next to a team-mate once `player` is on `s`.
    fn spread_out_after(&self, player: PlayerId, s: Square) -> bool {
        let at = |m: &Player| if m.id == player { Some(s) } else { m.square() };
        let mine: Vec<Square> = self
            .v
            .players
            .iter()
            .filter(|m| m.side == self.me)
            .filter_map(at)
            .collect();
        mine.iter()
            .enumerate()
            .all(|(i, a)| mine.iter().skip(i + 1).all(|b| !a.is_adjacent(*b)))
    }

    /// Tie Them Up!: opponents adjacent to `s` that no other team-mate marks.
    fn tied_up(&self, player: PlayerId, s: Square) -> usize {
        self.standing_opponents_adjacent(self.me, s)
            .filter(|o| {
                let Some(os) = o.square() else { return false };
                !self.v.players.iter().any(|m| {
                    m.side == self.me
                        && m.id != player
                        && matches!(m.place, Place::Standing(q) if q.is_adjacent(os))
                })
            })
            .count()
    }

    /// The Throw check modifier (§3.10): Long, Obstructed, Marked target; 2024 caps at -1.
    fn throw_modifier(&self, thrower: &Player, from: Square, to: Square) -> i8 {
        let long = throw_range(from, to) == Range::Long
            && self.v.arena != Some(dugout_rules::blitz::data::Arena::GlitteringColiseum);
        let obstructed = self.ruler_obstructed(thrower, from, to);
        let marked = self.at(to).is_some_and(|r| self.is_marked(r));
        match self.v.edition {
            Edition::Bb2024 => {
                if long || obstructed || marked {
                    -1
                } else {
                    0
                }
            }
            Edition::Bb2018 => -(i8::from(long) + i8::from(obstructed) + i8::from(marked)),
        }
    }

    fn ruler_obstructed(&self, thrower: &Player, from: Square, to: Square) -> bool {
        for x in from.x.min(to.x) - 1..=from.x.max(to.x) + 1 {
            for y in from.y.min(to.y) - 1..=from.y.max(to.y) + 1 {
                let sq = Square::new(x, y);
                if sq == from || sq == to || !self.inside(sq) {
                    continue;
                }
                let obstacle = self.is_blocked(sq)
                    || self
                        .at(sq)
                        .is_some_and(|p| p.side != thrower.side && self.is_open(p));
                if obstacle && corridor_hits_square(from, to, sq, RULER_HALF_WIDTH) {
                    return true;
                }
            }
        }
        false
    }
}
