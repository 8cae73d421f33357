//! The legal commands for the current prompt. `apply` accepts exactly these, so
//! `legal_commands`, `is_legal` and `apply` agree by construction.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use super::command::{ActionChoice, Command, RerollSource};
use super::data::*;
use super::flow::{BlockState, Frame};
use super::prompt::*;
use super::state::*;
use super::throw::{Range, throw_range};
use crate::core::{Board, GridMasks, Side, Square, SquareSet};

pub fn legal_commands(g: &Game) -> Vec<Command> {
    match g.legal.get() {
        Some(cached) => cached.to_vec(),
        None => legal_for(g, &g.prompt),
    }
}

/// The legal answers to `prompt` in the state `g` (used before the prompt is set).
pub(crate) fn legal_for(g: &Game, prompt: &Prompt) -> Vec<Command> {
    let Some(coach) = prompt.coach else {
        return Vec::new();
    };
    if g.outcome.is_some() {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(32);
    match &prompt.kind {
        PromptKind::ChooseBoardSide => {
            for side in [BoardSide::OneTrapdoor, BoardSide::TwoTrapdoors] {
                out.push(Command::ChooseBoardSide { side });
            }
        }
        PromptKind::SetUp => {
            // The next unplaced player (lowest id): the formations reachable are the same
            // as placing in any order, with far fewer choices per step.
            if let Some(p) = g
                .players
                .iter()
                .find(|p| p.side == coach && p.place == Place::Reserves)
            {
                let x = g.own_end_zone_x(coach);
                let free: Vec<Square> = (0..g.grid.width as i8)
                    .map(|y| Square::new(x, y))
                    .filter(|&sq| g.is_playable(sq) && g.player_at(sq).is_none())
                    .collect();
                // Reset (§5.8) leaves loose balls where they are: set up on a ball only when
                // no other square is free ([PROPOSAL], as for Reserves, §3.14).
                let no_ball: Vec<Square> = free
                    .iter()
                    .copied()
                    .filter(|&sq| g.ball_at(sq).is_none())
                    .collect();
                let squares = if no_ball.is_empty() { free } else { no_ball };
                for sq in squares {
                    out.push(Command::PlacePlayer {
                        player: p.id,
                        square: sq,
                    });
                }
            }
        }
        PromptKind::ChooseBall => {
            for ball in super::ball::ball_choices(g) {
                out.push(Command::ChooseBall { ball });
            }
        }
        PromptKind::RefreshDiscard => {
            for slot in 0..3u8 {
                if g.active_cards[usize::from(slot)].is_some() {
                    out.push(Command::DiscardActive { slot });
                }
            }
        }
        PromptKind::Action => action_commands(g, coach, &mut out),
        PromptKind::Move { player, kind, .. } => {
            if let Some(Frame::Moving {
                moved,
                left,
                must_end_open,
                ..
            }) = g.stack.last()
            {
                let scan = BoardScan::new(g, g.player(*player).side);
                let rules = MoveRules::new(g, &scan, *player, *kind, *must_end_open);
                for sq in rules.steps(g, *left) {
                    out.push(Command::MoveTo { square: sq });
                }
                let here = g.player(*player).square();
                let min_ok = *moved > 0 || g.setup.options.allow_zero_run && *kind == MoveKind::Run;
                if min_ok && here.is_some_and(|s| rules.legal_end(g, s)) {
                    out.push(Command::StopMoving);
                }
            }
        }
        PromptKind::Reroll { .. } => {
            let sources = match g.stack.last() {
                // A check keeps the sources it offered.
                Some(Frame::Check(c)) => c.sources().copied().collect(),
                Some(Frame::Block(st)) => block_reroll_sources(g, st),
                _ => Vec::new(),
            };
            for source in sources {
                out.push(Command::Reroll { source });
            }
            out.push(Command::Decline);
        }
        PromptKind::BlockDie { faces } => {
            for index in 0..faces.len() as u8 {
                out.push(Command::ChooseBlockDie { index });
            }
        }
        PromptKind::FollowUp { .. } => {
            out.push(Command::FollowUp { follow: true });
            out.push(Command::FollowUp { follow: false });
        }
        PromptKind::SafeHandsBounce { from } => {
            for sq in from.neighbours().filter(|&s| g.is_playable(s)) {
                out.push(Command::BounceTo { square: sq });
            }
        }
        PromptKind::Claim => {
            for slot in super::challenges::claimable_slots(g) {
                out.push(Command::Claim { slot });
            }
            out.push(Command::Decline);
        }
        PromptKind::FreeAction { player, grant } => {
            // Emergency Reserves: any of the coach's Reserves players may take it.
            let takers: Vec<PlayerId> = if *grant == FreeGrant::EmergencyReserves {
                g.players
                    .iter()
                    .filter(|p| p.side == coach && p.place == Place::Reserves)
                    .map(|p| p.id)
                    .collect()
            } else {
                vec![*player]
            };
            for p in takers {
                for choice in grant_choices(g, p, *grant) {
                    out.push(Command::Action {
                        player: p,
                        choice,
                        bonus: None,
                    });
                }
            }
            // 2018 Emergency Reserves is mandatory (§3.15); everything else is optional.
            let mandatory =
                *grant == FreeGrant::EmergencyReserves && g.profile.emergency_reserves_mandatory();
            if !mandatory || out.is_empty() {
                out.push(Command::Decline);
            }
        }
        PromptKind::BonusWindow { window } => {
            super::windows::window_commands(g, coach, *window, &mut out);
            out.push(Command::Decline);
        }
        PromptKind::HandLimit { .. } => {
            for &card in &g.hands[coach] {
                out.push(Command::DiscardCard { card });
            }
        }
        PromptKind::EventPlayer { event } => {
            if *event == RandomEvent::BananaSkins {
                for player in super::random_events::banana_skins_targets(g, coach) {
                    out.push(Command::ChoosePlayer { player });
                }
            }
        }
        PromptKind::Minion { bloodlusted } => {
            let p = g.player(*bloodlusted);
            for m in g.players.iter().filter(|m| {
                m.side == p.side
                    && m.id != p.id
                    && m.has(Ability::Minion)
                    && matches!((m.square(), p.square()), (Some(a), Some(b)) if a.is_adjacent(b))
            }) {
                out.push(Command::ChoosePlayer { player: m.id });
            }
            out.push(Command::Decline);
        }
        PromptKind::GameOver => {}
    }
    out
}

/// Is `cmd` a legal answer to the current prompt? Same answer as
/// `legal_commands(g).contains(cmd)`; at the Action prompt it only enumerates what the
/// command could be (one player's actions, or the coach's Bonus Plays), which is the hot path
/// of every match.
pub fn is_legal(g: &Game, cmd: &Command) -> bool {
    if let Some(cached) = g.legal.get() {
        return cached.contains(cmd);
    }
    if let (PromptKind::Action, Some(coach)) = (&g.prompt.kind, g.prompt.coach)
        && g.outcome.is_none()
    {
        let ctx = ActionCtx::new(g, coach);
        let mut out = Vec::new();
        match cmd {
            Command::Action {
                player,
                choice,
                bonus,
            } => {
                if g.players
                    .get(player.index())
                    .is_none_or(|p| p.side != coach)
                {
                    return false;
                }
                return action_is_legal(g, &ctx, *player, *choice, *bonus);
            }
            Command::Wardance { player, .. } => {
                if g.players
                    .get(player.index())
                    .is_none_or(|p| p.side != coach)
                {
                    return false;
                }
                player_action_commands(g, &ctx, *player, &mut out);
            }
            Command::PlayBonus { .. } => coach_bonus_commands(g, &ctx, &mut out),
            Command::EndTurn => return true,
            _ => return false,
        }
        return out.contains(cmd);
    }
    // A move step: test that one square, not all eight.
    if let (
        PromptKind::Move { player, kind, .. },
        Some(Frame::Moving {
            left,
            must_end_open,
            ..
        }),
        Command::MoveTo { square },
    ) = (&g.prompt.kind, g.stack.last(), cmd)
        && g.outcome.is_none()
    {
        let Some(here) = g.player(*player).square() else {
            return false;
        };
        return here.is_adjacent(*square)
            && MoveRules::new(
                g,
                &BoardScan::new(g, g.player(*player).side),
                *player,
                *kind,
                *must_end_open,
            )
            .step_ok(here, *square, *left);
    }
    legal_commands(g).contains(cmd)
}

fn used(g: &Game, p: PlayerId, kind: ActionKind) -> bool {
    g.pt(p).used & kind.bit() != 0
}

/// What every Action-prompt enumeration needs once: the playable hand, whether actions are
/// left, and the board scan for movement.
struct ActionCtx {
    coach: Side,
    hand: Vec<CardId>,
    actions_left: bool,
    /// Built on first use: many prompts are answered before any movement is checked.
    scan: std::cell::OnceCell<BoardScan>,
    /// Scratch buffers reused for every player's choices.
    base: std::cell::RefCell<Vec<ActionChoice>>,
    widened: std::cell::RefCell<Vec<ActionChoice>>,
}

impl ActionCtx {
    fn new(g: &Game, coach: Side) -> ActionCtx {
        ActionCtx {
            coach,
            hand: g.hands[coach]
                .iter()
                .copied()
                .filter(|c| !g.turn.bonus_played[coach].contains(&c.def().bonus))
                .collect(),
            actions_left: g.turn.actions_taken < g.turn.action_limit,
            scan: std::cell::OnceCell::new(),
            base: std::cell::RefCell::new(Vec::with_capacity(32)),
            widened: std::cell::RefCell::new(Vec::new()),
        }
    }
}

/// Commands at the top-level Action prompt.
fn action_commands(g: &Game, coach: Side, out: &mut Vec<Command>) {
    let ctx = ActionCtx::new(g, coach);
    for p in g.players.iter().filter(|p| p.side == coach) {
        player_action_commands(g, &ctx, p.id, out);
    }
    coach_bonus_commands(g, &ctx, out);
    out.push(Command::EndTurn);
}

/// Runners that may pass opponents but must end Open (§5.4 Elusive, Leap, Ethereal, Lithe
/// Creature).
pub(crate) fn ends_open(p: &Player) -> bool {
    [
        Ability::Elusive,
        Ability::Leap,
        Ability::Ethereal,
        Ability::LitheCreature,
    ]
    .iter()
    .any(|&a| p.has(a))
}

/// Is `Action { player, choice, bonus }` one of `player_action_commands`? Checked without
/// enumerating the other Bonus Play variants.
fn action_is_legal(
    g: &Game,
    ctx: &ActionCtx,
    player: PlayerId,
    choice: ActionChoice,
    card: Option<CardId>,
) -> bool {
    if !ctx.actions_left || g.pt(player).finished {
        return false;
    }
    match card {
        None => choices_with(g, &ctx.scan, player, None, None).contains(&choice),
        Some(card) => {
            if !ctx.hand.contains(&card) {
                return false;
            }
            let bonus = card.def().bonus;
            PromptKind::bonus_applies_to(bonus, choice.kind())
                && choices_with(g, &ctx.scan, player, None, widening(bonus)).contains(&choice)
                && bonus_matters(g, player, choice, bonus)
        }
    }
}

/// The Bonus Plays that widen a player's choices; the others apply to the same ones.
fn widening(bonus: BonusPlay) -> Option<BonusPlay> {
    matches!(
        bonus,
        BonusPlay::Dodge
            | BonusPlay::AggressiveMark
            | BonusPlay::HailMaryPass
            | BonusPlay::NervesOfSteel
    )
    .then_some(bonus)
}

/// One player's commands at the Action prompt: its actions, with each Bonus Play that can go
/// with them, and Wardance.
fn player_action_commands(g: &Game, ctx: &ActionCtx, player: PlayerId, out: &mut Vec<Command>) {
    let p = g.player(player);
    if g.pt(p.id).finished {
        return;
    }
    if ctx.actions_left {
        let mut base = ctx.base.borrow_mut();
        base.clear();
        choices_into(g, &ctx.scan, p.id, None, None, &mut base);
        for &choice in base.iter() {
            out.push(Command::Action {
                player: p.id,
                choice,
                bonus: None,
            });
        }
        for &card in &ctx.hand {
            let bonus = card.def().bonus;
            let mut widened = ctx.widened.borrow_mut();
            let choices: &[ActionChoice] = if widening(bonus).is_some() {
                widened.clear();
                choices_into(g, &ctx.scan, p.id, None, Some(bonus), &mut widened);
                &widened
            } else {
                &base
            };
            for &choice in choices {
                if PromptKind::bonus_applies_to(bonus, choice.kind())
                    && bonus_matters(g, p.id, choice, bonus)
                {
                    out.push(Command::Action {
                        player: p.id,
                        choice,
                        bonus: Some(card),
                    });
                }
            }
        }
    }
    // Wardance (G40): once per turn, when Marked, between actions.
    if p.has(Ability::Wardance)
        && g.is_marked(p.id)
        && !g.pt(p.id).wardanced
        && !(g.profile.free_actions_obey_once_per_turn() && used(g, p.id, ActionKind::Sidestep))
    {
        for to in sidestep_squares(g, p.id) {
            out.push(Command::Wardance { player: p.id, to });
        }
    }
}

/// Bonus Plays the coach may play on their own at the Action prompt (§5.6).
fn coach_bonus_commands(g: &Game, ctx: &ActionCtx, out: &mut Vec<Command>) {
    let coach = ctx.coach;
    let actions_left = ctx.actions_left;
    for &card in &ctx.hand {
        match card.def().bonus {
            BonusPlay::JumpUp => {
                for p in g
                    .players
                    .iter()
                    .filter(|p| p.side == coach && matches!(p.place, Place::Prone(_)))
                {
                    if !(g.pt(p.id).finished
                        || g.profile.free_actions_obey_once_per_turn()
                            && used(g, p.id, ActionKind::StandUp))
                    {
                        out.push(Command::PlayBonus {
                            card,
                            player: Some(p.id),
                            square: None,
                        });
                    }
                }
            }
            BonusPlay::Reserves if actions_left => {
                for p in g
                    .players
                    .iter()
                    .filter(|p| p.side == coach && p.place == Place::Reserves)
                {
                    if g.profile.free_actions_obey_once_per_turn()
                        && used(g, p.id, ActionKind::Reserves)
                        || g.profile.finished_players_barred_from_free_reserves()
                            && g.pt(p.id).finished
                    {
                        continue;
                    }
                    for sq in reserve_squares(g, p.id) {
                        out.push(Command::PlayBonus {
                            card,
                            player: Some(p.id),
                            square: Some(sq),
                        });
                    }
                }
            }
            BonusPlay::Inspiration
                if g.turn.actions_taken == g.turn.action_limit && g.turn.action_limit == 3 =>
            {
                out.push(Command::PlayBonus {
                    card,
                    player: None,
                    square: None,
                });
            }
            BonusPlay::DefensivePlay if g.turn.actions_taken == 0 && !g.turn.defensive_play => {
                out.push(Command::PlayBonus {
                    card,
                    player: None,
                    square: None,
                });
            }
            // §5.6: before the Pre-Turn Sequence (its own window, 2024 from rules version 2).
            BonusPlay::BlockingPlay
                if g.turn.actions_taken == 0
                    && !g.turn.blocking_play
                    && !g.profile.blocking_play_before_pre_turn() =>
            {
                out.push(Command::PlayBonus {
                    card,
                    player: None,
                    square: None,
                });
            }
            _ => {}
        }
    }
}

/// Only offer "action with a Bonus Play" where the card changes something, so bots and
/// clients do not see pointless duplicates. Cards that enable an action (Nerves of Steel,
/// Dodge, Hail Mary) are offered only for actions they make legal or extend.
fn bonus_matters(g: &Game, p: PlayerId, choice: ActionChoice, bonus: BonusPlay) -> bool {
    match bonus {
        BonusPlay::TheKidsGotMoxy => match choice {
            ActionChoice::Block { target } => {
                let bomber = g.player(p).has(Ability::Bomber) && g.is_open(p);
                let un = super::block::block_unassistable(g, p, target, bomber);
                !super::block::is_assisted(g, p, target, un)
            }
            _ => false,
        },
        BonusPlay::AccurateThrow => match choice {
            ActionChoice::Throw { target } => {
                g.player(p).square().is_some_and(|s| !s.is_adjacent(target))
            }
            // A Throw Team-mate always makes a Throw check (§6.1.5 step 3).
            ActionChoice::ThrowTeamMate { .. } => true,
            _ => false,
        },
        // Nerves of Steel only changes anything for a Marked thrower.
        BonusPlay::NervesOfSteel => g.is_marked(p),
        _ => true,
    }
}

/// Action choices for `p` now: a regular action (`grant` None) or a granted free action.
/// `bonus` is a Bonus Play played with it, which may widen the choices.
pub fn action_choices(
    g: &Game,
    p: PlayerId,
    grant: Option<FreeGrant>,
    bonus: Option<BonusPlay>,
) -> Vec<ActionChoice> {
    choices_with(g, &std::cell::OnceCell::new(), p, grant, bonus)
}

fn choices_with(
    g: &Game,
    scan: &std::cell::OnceCell<BoardScan>,
    p: PlayerId,
    grant: Option<FreeGrant>,
    bonus: Option<BonusPlay>,
) -> Vec<ActionChoice> {
    let mut out = Vec::new();
    choices_into(g, scan, p, grant, bonus, &mut out);
    out
}

/// [`choices_with`] appending to `out` (hot path: no allocation per player).
fn choices_into(
    g: &Game,
    scan: &std::cell::OnceCell<BoardScan>,
    p: PlayerId,
    grant: Option<FreeGrant>,
    bonus: Option<BonusPlay>,
    out: &mut Vec<ActionChoice>,
) {
    let pl = g.player(p);
    if g.pt(p).finished {
        return;
    }
    // §3.6.1 once per turn; 2018 free actions may repeat (§3.6.3).
    let blocked = |k: ActionKind| {
        used(g, p, k) && (grant.is_none() || g.profile.free_actions_obey_once_per_turn())
    };
    match pl.place {
        Place::Reserves => {
            if !blocked(ActionKind::Reserves) {
                for square in reserve_squares(g, p) {
                    out.push(ActionChoice::Reserves { square });
                }
            }
        }
        Place::Prone(_) => {
            if !blocked(ActionKind::StandUp) {
                out.push(ActionChoice::StandUp);
            }
        }
        Place::Standing(sq) => {
            let open = g.is_open(p);
            let holding = g.ball_held_by(p).is_some();
            let war_machine = pl.has(Ability::WarMachine);
            if !blocked(ActionKind::Run) && (open || war_machine) {
                let must_end_open = bonus == Some(BonusPlay::Dodge) || ends_open(pl);
                let scan = scan.get_or_init(|| BoardScan::new(g, pl.side));
                // A free neighbour next to no standing opponent is a legal one-square Run for
                // every kind of runner; only without one are the full move rules needed.
                if scan.free_neighbour(g, sq, false)
                    || MoveRules::new(g, scan, p, MoveKind::Run, must_end_open).can_start(g, 1)
                    || g.setup.options.allow_zero_run
                {
                    out.push(ActionChoice::Run);
                }
            }
            if open && !blocked(ActionKind::Mark) {
                let left = if bonus == Some(BonusPlay::AggressiveMark) {
                    4
                } else {
                    2
                };
                let scan = scan.get_or_init(|| BoardScan::new(g, pl.side));
                // A free neighbour next to a standing opponent is a legal one-square Mark.
                if scan.free_neighbour(g, sq, true)
                    || scan.opponent_near(g, sq, left)
                        && MoveRules::new(g, scan, p, MoveKind::Mark, false).can_start(g, left)
                {
                    out.push(ActionChoice::Mark);
                }
            }
            let nerves = bonus == Some(BonusPlay::NervesOfSteel);
            if holding
                && (open || nerves)
                && !blocked(ActionKind::Throw)
                && !pl.has(Ability::LitheCreature)
            {
                for target in throw_targets(g, p, bonus == Some(BonusPlay::HailMaryPass), false) {
                    out.push(ActionChoice::Throw { target });
                }
            }
            if !blocked(ActionKind::Block) {
                if !open {
                    for o in g.standing_opponents_adjacent(pl.side, sq) {
                        out.push(ActionChoice::Block { target: o.id });
                    }
                } else if pl.has(Ability::Bomber) {
                    for o in g.players.iter().filter(|o| {
                        o.side != pl.side
                            && matches!(o.place, Place::Standing(s) if s.distance(sq) <= super::rules::BOMBER_RANGE)
                    }) {
                        out.push(ActionChoice::Block { target: o.id });
                    }
                }
            }
            if !open && !blocked(ActionKind::Sidestep) {
                for to in sidestep_squares(g, p) {
                    out.push(ActionChoice::Sidestep { to });
                }
            }
            // §6.1.5 Throw Team-mate: an Ogre, Troll or Treeman, Open (Nerves of Steel: or
            // Marked), holding no ball, that has not thrown this turn (it counts as a Throw).
            if g.setup.options.special_actions
                && pl.stats.throws_team_mates
                && (open || nerves)
                && !holding
                && !blocked(ActionKind::ThrowTeamMate)
                && !pl.has(Ability::LitheCreature)
            {
                for (thrown, target) in throw_team_mate_choices(g, p) {
                    out.push(ActionChoice::ThrowTeamMate { thrown, target });
                }
            }
            // §6.1.4 Foul: an Open player adjacent to a Prone opponent.
            if open && g.setup.options.special_actions && !blocked(ActionKind::Foul) {
                for o in g.players.iter().filter(|o| {
                    o.side != pl.side && matches!(o.place, Place::Prone(s) if s.is_adjacent(sq))
                }) {
                    out.push(ActionChoice::Foul { target: o.id });
                }
            }
        }
    }
}

/// The choices a granted free action allows.
pub fn grant_choices(g: &Game, p: PlayerId, grant: FreeGrant) -> Vec<ActionChoice> {
    let pl = g.player(p);
    let blocked = |k: ActionKind| {
        g.pt(p).finished || used(g, p, k) && g.profile.free_actions_obey_once_per_turn()
    };
    match grant {
        FreeGrant::Block | FreeGrant::DivingTackleBlock => {
            if blocked(ActionKind::Block) {
                return Vec::new();
            }
            match pl.place {
                Place::Standing(sq) => g
                    .standing_opponents_adjacent(pl.side, sq)
                    .map(|o| ActionChoice::Block { target: o.id })
                    .collect(),
                _ => Vec::new(),
            }
        }
        FreeGrant::Run | FreeGrant::ShortRun => {
            let marked_ok = grant == FreeGrant::ShortRun || pl.has(Ability::WarMachine);
            if blocked(ActionKind::Run) || !pl.is_standing() || (!marked_ok && !g.is_open(p)) {
                return Vec::new();
            }
            let must_end_open = ends_open(pl);
            let scan = BoardScan::new(g, pl.side);
            let rules = MoveRules::new(g, &scan, p, MoveKind::Run, must_end_open);
            if !rules.can_start(g, 1) {
                return Vec::new();
            }
            vec![ActionChoice::Run]
        }
        FreeGrant::ShortThrow | FreeGrant::DumpOff => {
            let marked_ok = grant == FreeGrant::DumpOff;
            if blocked(ActionKind::Throw)
                || g.ball_held_by(p).is_none()
                || (!marked_ok && !g.is_open(p))
            {
                return Vec::new();
            }
            throw_targets(g, p, false, true)
                .into_iter()
                .map(|target| ActionChoice::Throw { target })
                .collect()
        }
        FreeGrant::StandUp => {
            if blocked(ActionKind::StandUp) || !matches!(pl.place, Place::Prone(_)) {
                return Vec::new();
            }
            vec![ActionChoice::StandUp]
        }
        FreeGrant::Sidestep => {
            if blocked(ActionKind::Sidestep) || !g.is_marked(p) {
                return Vec::new();
            }
            sidestep_squares(g, p)
                .into_iter()
                .map(|to| ActionChoice::Sidestep { to })
                .collect()
        }
        FreeGrant::InterventionMark(_) => {
            if grant_allows_mark(g, p) && g.is_open(p) {
                vec![ActionChoice::Mark]
            } else {
                Vec::new()
            }
        }
        // A window, not an action: handled by `offer_grant`.
        FreeGrant::MarkBonus => Vec::new(),
        FreeGrant::Reserves | FreeGrant::EmergencyReserves => {
            if blocked(ActionKind::Reserves) || pl.place != Place::Reserves {
                return Vec::new();
            }
            reserve_squares(g, p)
                .into_iter()
                .map(|square| ActionChoice::Reserves { square })
                .collect()
        }
    }
}

/// §3.14 / G26 Reserves squares, by priority: free of standing opponents and balls; else next
/// to opponents but no ball; else (2024) a ball square; a full end zone allows none. Arena 2,
/// Sewer Pipe Stadium (§5.11, G49): every trapdoor as well, whatever the end zone offers and
/// whoever or whatever is on it.
pub fn reserve_squares(g: &Game, p: PlayerId) -> Vec<Square> {
    let mut squares = end_zone_reserve_squares(g, p);
    if super::arenas::reserves_on_trapdoors(g) {
        squares.extend(g.trapdoors());
    }
    squares
}

fn end_zone_reserve_squares(g: &Game, p: PlayerId) -> Vec<Square> {
    let side = g.player(p).side;
    let x = g.own_end_zone_x(side);
    // Rank each free end-zone square by the priority tiers above (0 best) in one pass, then
    // keep the best tier present.
    let mut ranked: [(Square, u8); 32] = [(Square::new(0, 0), u8::MAX); 32];
    let mut n = 0;
    let mut best = u8::MAX;
    for y in 0..(g.grid.width as i8).min(32) {
        let s = Square::new(x, y);
        if !g.is_playable(s) || g.player_at(s).is_some() {
            continue;
        }
        let tier = if g.ball_at(s).is_some() {
            if !g.profile.reserves_onto_ball() {
                continue;
            }
            2
        } else if g.standing_opponents_adjacent(side, s).next().is_some() {
            1
        } else {
            0
        };
        best = best.min(tier);
        ranked[n] = (s, tier);
        n += 1;
    }
    ranked[..n]
        .iter()
        .filter(|&&(_, t)| t == best)
        .map(|&(s, _)| s)
        .collect()
}

/// §3.12 Sidestep: one square to a free square not adjacent to a standing opponent.
pub fn sidestep_squares(g: &Game, p: PlayerId) -> Vec<Square> {
    let pl = g.player(p);
    let Some(sq) = pl.square() else {
        return Vec::new();
    };
    sq.neighbours()
        .filter(|&n| {
            g.is_playable(n)
                && g.player_at(n).is_none()
                && g.standing_opponents_adjacent(pl.side, n).next().is_none()
        })
        .collect()
}

/// Throw targets (§3.10): 2024 a standing team-mate that can hold a ball, in range (Hail Mary:
/// anywhere); 2018 any unblocked square in range. `short_only`: Running Pass, Dump-off.
pub fn throw_targets(g: &Game, p: PlayerId, hail_mary: bool, short_only: bool) -> Vec<Square> {
    let pl = g.player(p);
    let Some(from) = pl.square() else {
        return Vec::new();
    };
    let in_range = |to: Square| match throw_range(from, to) {
        Range::OutOfRange => hail_mary,
        Range::Long => !short_only,
        Range::HandOff | Range::Short => true,
    };
    if g.profile.throws_target_team_mates() || hail_mary {
        g.players
            .iter()
            .filter(|m| m.side == pl.side && m.id != p && m.can_hold_ball())
            .filter_map(|m| match m.place {
                Place::Standing(s) if in_range(s) => Some(s),
                _ => None,
            })
            .collect()
    } else {
        g.grid
            .squares()
            .filter(|&s| s != from && !g.is_blocked(s) && in_range(s))
            .collect()
    }
}

/// Should the rolling coach be asked about a re-roll? When a source exists, and also whenever
/// the coach holds any card: a Raw Talent in the hand is secret (G28), so asking only when one
/// is held would tell the other seat it is there. With no source, the only answer is Decline.
/// Each roll is asked about once: a re-rolled result is resolved at once.
pub(crate) fn offer_reroll(g: &Game, coach: Side, sources: &[RerollSource]) -> bool {
    !sources.is_empty() || (!g.hands[coach].is_empty() && may_play_bonus_now(g, coach))
}

/// §3.20: may `coach` play a Bonus Play now? Always in its own turn; in the other coach's
/// turn only where the edition allows it (2018, rules version 2 on: never).
pub(crate) fn may_play_bonus_now(g: &Game, coach: Side) -> bool {
    g.turn.active.is_none_or(|a| a == coach) || g.profile.bonus_plays_in_opponent_turn()
}

/// Throw Team-mate choices for thrower `p` (§6.1.5 steps 2-3, G34): the thrown player is an
/// adjacent standing team-mate of a different position; the target is a square on the pitch,
/// not blocked, within range of the throw ruler (§2.4), other than the thrower's square and
/// the thrown player's own square [PROPOSAL: a throw moves the player]. Occupied squares
/// are allowed (step 6). Whether `p` may make the action at all is checked by the caller.
pub fn throw_team_mate_choices(g: &Game, p: PlayerId) -> Vec<(PlayerId, Square)> {
    let pl = g.player(p);
    let Some(from) = pl.square() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for m in g.players.iter().filter(|m| {
        m.side == pl.side
            && m.id != p
            && m.position != pl.position
            && matches!(m.place, Place::Standing(s) if s.is_adjacent(from))
    }) {
        let Some(at) = m.square() else { continue };
        for to in g.grid.squares() {
            if to != from
                && to != at
                && !g.is_blocked(to)
                && throw_range(from, to) != Range::OutOfRange
            {
                out.push((m.id, to));
            }
        }
    }
    out
}

/// Re-rolls any roll of the coach's own player may use (§3.5): Raw Talent cards (no two of a
/// name in a turn, §3.20) and the Rookies to Watch card (§5.9).
pub(crate) fn coach_reroll_sources(g: &Game, side: Side) -> Vec<RerollSource> {
    let mut v = Vec::new();
    if !g.turn.bonus_played[side].contains(&BonusPlay::RawTalent) && may_play_bonus_now(g, side) {
        for &c in &g.hands[side] {
            if c.def().bonus == BonusPlay::RawTalent {
                v.push(RerollSource::RawTalent(c));
            }
        }
    }
    if g.rookies_card == Some(side) {
        v.push(RerollSource::RookiesToWatch);
    }
    v
}

/// The kind of ball `p` holds, if any.
fn held_kind(g: &Game, p: PlayerId) -> Option<BallKind> {
    g.ball_held_by(p).and_then(|b| g.ball(b)).map(|b| b.kind)
}

/// Re-rolls for a failed Throw check of `thrower` with natural `face`: Expert Passer, the
/// Dwarf Rune Ball (§5.10: a natural 1; any failed check if the holder is on a Dwarf team) and
/// the coach's sources.
pub(crate) fn throw_reroll_sources(g: &Game, thrower: PlayerId, face: u16) -> Vec<RerollSource> {
    let p = g.player(thrower);
    let mut v = Vec::new();
    if p.has(Ability::ExpertPasser) {
        v.push(RerollSource::ExpertPasser);
    }
    if held_kind(g, p.id) == Some(BallKind::DwarfRuneBall)
        && (face == 1 || g.setup.teams[p.side] == TeamId::Dwarf)
    {
        v.push(RerollSource::DwarfRuneBall);
    }
    v.extend(coach_reroll_sources(g, p.side));
    v
}

/// Re-rolls for block dice: Offensive Specialist, the Extra Spiky Ball (§5.10, G36: its
/// holder, when any die rolled shows Miss, re-rolls all the dice) and the coach's sources.
pub(crate) fn block_reroll_sources(g: &Game, st: &BlockState) -> Vec<RerollSource> {
    if st.rerolled || st.foul {
        return Vec::new();
    }
    let b = g.player(st.blocker);
    let mut v = Vec::new();
    if b.has(Ability::OffensiveSpecialist) {
        v.push(RerollSource::OffensiveSpecialist);
    }
    if held_kind(g, b.id) == Some(BallKind::ExtraSpikyBall)
        && st.faces.contains(&super::block_die::BlockFace::Miss)
    {
        v.push(RerollSource::ExtraSpikyBall);
    }
    v.extend(coach_reroll_sources(g, b.side));
    v
}

/// The match's board ([`Board`]: blocked squares, no walls) and its grid masks, computed once
/// per board side (the boards are static data, so this cache is as pure as the data it is
/// built from).
pub(crate) fn board_sets(g: &Game) -> &'static (Board, GridMasks) {
    use std::sync::OnceLock;
    static ONE: OnceLock<(Board, GridMasks)> = OnceLock::new();
    static TWO: OnceLock<(Board, GridMasks)> = OnceLock::new();
    let build = || {
        let mut board = Board::open(g.grid);
        for &(x, y) in g.board_def().blocked {
            board.block(Square::new(x as i8, y as i8));
        }
        (board, GridMasks::new(g.grid))
    };
    match g.board.unwrap_or(BoardSide::OneTrapdoor) {
        BoardSide::OneTrapdoor => ONE.get_or_init(build),
        BoardSide::TwoTrapdoors => TWO.get_or_init(build),
    }
}

/// The board as one side's movers see it: blocked and occupied squares, and the squares next
/// to standing opponents (any / restricting a Run / Titchy). Built once per enumeration.
#[derive(Clone, Copy)]
pub(crate) struct BoardScan {
    blocked: SquareSet,
    occupied: SquareSet,
    adj_any: SquareSet,
    adj_restricting: SquareSet,
    adj_titchy: SquareSet,
}

impl BoardScan {
    /// Is any square within `within` squares of `from` next to a standing opponent? A Mark
    /// can only end on such a square.
    fn opponent_near(&self, g: &Game, from: Square, within: u8) -> bool {
        let r = within as i8;
        (-r..=r).any(|dy| {
            (-r..=r).any(|dx| {
                let sq = from.offset(dx, dy);
                g.grid.contains(sq) && self.adj_any.contains(g.grid.index(sq))
            })
        })
    }

    /// Is a neighbour of `from` free (on the pitch, not blocked, not occupied) and next to a
    /// standing opponent (`near_opponent`) or next to none?
    fn free_neighbour(&self, g: &Game, from: Square, near_opponent: bool) -> bool {
        from.neighbours().any(|n| {
            g.grid.contains(n) && {
                let i = g.grid.index(n);
                !self.blocked.contains(i)
                    && !self.occupied.contains(i)
                    && self.adj_any.contains(i) == near_opponent
            }
        })
    }

    pub(crate) fn new(g: &Game, side: Side) -> BoardScan {
        let (board, masks) = board_sets(g);
        let blocked = board.blocked();
        let mut occupied = SquareSet::default();
        let mut titchy = SquareSet::default();
        let mut restricting = SquareSet::default();
        let mut standing = SquareSet::default();
        for o in &g.players {
            let Some(sq) = o.square() else { continue };
            let i = g.grid.index(sq);
            occupied.insert(i);
            if o.side == side || !o.is_standing() {
                continue;
            }
            standing.insert(i);
            if o.has(Ability::Titchy) {
                titchy.insert(i);
            } else if !o.has(Ability::Insignificant) {
                restricting.insert(i);
            }
        }
        let adj_any = masks.adjacent_to(standing);
        // Most boards have no Titchy or Insignificant player: reuse instead of recomputing.
        let adj_restricting = if restricting == standing {
            adj_any
        } else {
            masks.adjacent_to(restricting)
        };
        let adj_titchy = if titchy.is_empty() {
            titchy
        } else {
            masks.adjacent_to(titchy)
        };
        BoardScan {
            blocked,
            occupied,
            adj_any,
            adj_restricting,
            adj_titchy,
        }
    }
}

/// Movement rules for one Run or Mark (§3.7-§3.9, abilities §5.4). Occupancy and the
/// standing opponents next to every square are computed once into square sets (no heap
/// allocation), so each step test is O(1).
pub(crate) struct MoveRules {
    player: PlayerId,
    kind: MoveKind,
    grid: crate::core::Grid,
    /// The board, asked whether a wall stands between two squares (Blitz Bowl boards have
    /// none; `walled` says whether to ask at all).
    board: &'static Board,
    walled: bool,
    /// Squares the mover may enter.
    enterable: SquareSet,
    /// Squares where entering ends the move (2024 Mark next to an opponent, Titchy,
    /// Defensive Play).
    stops: SquareSet,
    /// Squares where the move may end.
    ends: SquareSet,
}

impl MoveRules {
    /// Move rules for `player` on `scan`, the board as its side sees it. Every rule of a step
    /// is folded into three square sets here, so each step test is a bit lookup.
    pub(crate) fn new(
        g: &Game,
        scan: &BoardScan,
        player: PlayerId,
        kind: MoveKind,
        must_end_open: bool,
    ) -> MoveRules {
        let p = g.player(player);
        let run = kind == MoveKind::Run;
        let pass_players = run && (p.has(Ability::Leap) || p.has(Ability::Ethereal));
        let pass_blocked = run && p.has(Ability::Ethereal);
        let may_go_adjacent = run && (must_end_open || p.has(Ability::WarMachine));
        let defensive_play = g.turn.defensive_play && Some(p.side) == g.turn.active;
        // The mover's own square is free to it, unless it is passing through another
        // player's square (only a Leap or Ethereal runner can share a square, mid-Run).
        let mut occupied = scan.occupied;
        if let Some(sq) = p.square()
            && (!pass_players
                || !g
                    .players
                    .iter()
                    .any(|o| o.id != player && o.square() == Some(sq)))
        {
            occupied.remove(g.grid.index(sq));
        }
        let (board, masks) = board_sets(g);
        let on_pitch = masks.all();
        let mut enterable = on_pitch;
        if !pass_blocked {
            enterable = enterable.minus(scan.blocked);
        }
        if !pass_players {
            enterable = enterable.minus(occupied);
        }
        let free = on_pitch.minus(scan.blocked).minus(occupied);
        let (stops, ends) = match kind {
            MoveKind::Run => {
                // Insignificant opponents never restrict; Titchy ones and Defensive Play allow
                // the square but end the Run (§5.4, §5.6).
                if !may_go_adjacent && !defensive_play {
                    enterable = enterable.minus(scan.adj_restricting);
                }
                let stops = if defensive_play {
                    scan.adj_titchy.union(scan.adj_any)
                } else {
                    scan.adj_titchy
                };
                let ends = if run && must_end_open {
                    free.minus(scan.adj_any)
                } else {
                    free
                };
                (stops, ends)
            }
            MoveKind::Mark => {
                let stops = if g.profile.mark_stops_when_adjacent() {
                    scan.adj_any
                } else {
                    SquareSet::default()
                };
                (stops, free.intersect(scan.adj_any))
            }
            MoveKind::MarkTowards(o) => {
                let stops = if g.profile.mark_stops_when_adjacent() {
                    scan.adj_any
                } else {
                    SquareSet::default()
                };
                let mut near = SquareSet::default();
                if let Some(t) = g.player(o).square().filter(|_| g.player(o).is_standing()) {
                    for n in t.neighbours().filter(|&n| g.grid.contains(n)) {
                        near.insert(g.grid.index(n));
                    }
                }
                (stops, free.intersect(near))
            }
        };
        MoveRules {
            player,
            kind,
            grid: g.grid,
            board,
            walled: board.has_walls(),
            enterable,
            stops,
            ends,
        }
    }

    /// May the player step from `from` into the adjacent square `to`? `Some(stops)` if so,
    /// where `stops` says the move ends there. Every step of a move is asked here: blocked
    /// and occupied squares, opponents' restrictions, and the board's walls.
    fn enter(&self, from: Square, to: Square) -> Option<bool> {
        if !self.grid.contains(to) || self.walled && !self.board.can_step(from, to) {
            return None;
        }
        let i = self.grid.index(to);
        self.enterable.contains(i).then(|| self.stops.contains(i))
    }

    /// May the move end on `sq`?
    pub(crate) fn legal_end(&self, _g: &Game, sq: Square) -> bool {
        self.grid.contains(sq) && self.legal_end_fast(sq)
    }

    /// Does entering `sq` end the move there?
    pub(crate) fn stops_at(&self, sq: Square) -> bool {
        self.grid.contains(sq) && self.stops.contains(self.grid.index(sq))
    }

    fn legal_end_fast(&self, sq: Square) -> bool {
        self.ends.contains(self.grid.index(sq))
    }

    /// The squares the player may step to with `left` squares to go, keeping a legal end
    /// reachable.
    pub(crate) fn steps(&self, g: &Game, left: u8) -> Vec<Square> {
        let Some(from) = g.player(self.player).square() else {
            return Vec::new();
        };
        if left == 0 {
            return Vec::new();
        }
        let mut failed = [-1i8; SquareSet::CAPACITY];
        from.neighbours()
            .filter(|&n| self.step_with(from, n, left, &mut failed))
            .collect()
    }

    /// May the player step from `from` (its square) to the neighbour `to` with `left`
    /// squares to go?
    pub(crate) fn step_ok(&self, from: Square, to: Square, left: u8) -> bool {
        left > 0 && self.step_with(from, to, left, &mut [-1i8; SquareSet::CAPACITY])
    }

    fn step_with(&self, from: Square, to: Square, left: u8, failed: &mut [i8]) -> bool {
        match self.enter(from, to) {
            Some(stops) => self.can_finish(to, left - 1, stops, failed),
            None => false,
        }
    }

    /// Is any first step possible (without collecting the squares)? Most answers come from
    /// the first ring of squares; the depth search runs only when none of them can end the
    /// move.
    pub(crate) fn can_start(&self, g: &Game, left: u8) -> bool {
        let Some(from) = g.player(self.player).square() else {
            return false;
        };
        if left == 0 || !self.goal_within(from, left) {
            return false;
        }
        let mut enterable = [None; 8];
        for (i, n) in from.neighbours().enumerate() {
            if let Some(stops) = self.enter(from, n) {
                if self.legal_end_fast(n) {
                    return true;
                }
                enterable[i] = Some((n, stops));
            }
        }
        if left == 1 || enterable.iter().all(Option::is_none) {
            return false;
        }
        let mut failed = [-1i8; SquareSet::CAPACITY];
        enterable
            .iter()
            .flatten()
            .any(|&(n, stops)| !stops && self.can_finish(n, left - 1, stops, &mut failed))
    }

    /// A Mark can only end next to a standing opponent: is any such square within `left`
    /// squares at all? (Runs always have a goal.)
    fn goal_within(&self, from: Square, left: u8) -> bool {
        let r = left as i8;
        match self.kind {
            MoveKind::Run => true,
            MoveKind::Mark | MoveKind::MarkTowards(_) => (-r..=r).any(|dy| {
                (-r..=r).any(|dx| {
                    let sq = from.offset(dx, dy);
                    self.grid.contains(sq) && self.ends.contains(self.grid.index(sq))
                })
            }),
        }
    }

    fn can_finish(&self, at: Square, left: u8, stops: bool, failed: &mut [i8]) -> bool {
        if self.legal_end_fast(at) {
            return true;
        }
        if stops || left == 0 {
            return false;
        }
        let i = self.grid.index(at);
        if failed[i] >= left as i8 {
            return false;
        }
        for n in at.neighbours() {
            if let Some(s) = self.enter(at, n)
                && self.can_finish(n, left - 1, s, failed)
            {
                return true;
            }
        }
        failed[i] = left as i8;
        false
    }
}

/// May `p` start a free Mark now (2024 once-per-turn, finished players)?
pub(crate) fn grant_allows_mark(g: &Game, p: PlayerId) -> bool {
    !(g.pt(p).finished
        || g.profile.free_actions_obey_once_per_turn() && used(g, p, ActionKind::Mark))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blitz::scenario::Scenario;

    /// Movement asks the board at every step: a wall between two squares (Dungeon Bowl's
    /// boards, none in Blitz Bowl) stops a Run across it, and only across it.
    #[test]
    fn a_run_never_crosses_a_wall_of_the_board() {
        let mut s = Scenario::new(MatchSetup {
            edition: Edition::Bb2024,
            teams: [TeamId::Human, TeamId::Orc],
            options: Options::default(),
        });
        let runner = s.player(Side::Home, 0);
        let g = s.stand(runner, 7, 9).at_action_prompt();
        let scan = BoardScan::new(&g, Side::Home);
        let open = MoveRules::new(&g, &scan, runner, MoveKind::Run, false);
        let from = Square::new(7, 9);
        assert!(open.steps(&g, 1).contains(&Square::new(8, 9)));

        let mut walled = board_sets(&g).0.clone();
        walled.wall(from, Square::new(8, 9));
        let mut rules = MoveRules::new(&g, &scan, runner, MoveKind::Run, false);
        rules.board = Box::leak(Box::new(walled));
        rules.walled = true;
        let steps = rules.steps(&g, 1);
        assert!(!steps.contains(&Square::new(8, 9)));
        assert_eq!(steps.len() + 1, open.steps(&g, 1).len());
        assert!(!rules.step_ok(from, Square::new(8, 9), 3));
        assert!(rules.step_ok(from, Square::new(8, 8), 3));
    }
}
