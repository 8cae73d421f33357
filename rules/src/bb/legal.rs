//! The legal commands of each prompt, worked out once when the prompt is set (the game
//! keeps them in its [`crate::core::LegalCache`]).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use super::actions::can_intercept;
use super::data::*;
use super::flow::Frame;
use super::kickoff::{formation_legal, high_kick_candidates, placement_ok, setup_needed};
use super::state::*;
use super::wire::*;
use crate::core::{Side, Square};

/// Every legal answer to the current prompt.
pub fn legal_commands(g: &Game) -> Vec<Command> {
    if let Some(c) = g.legal.get() {
        return c.to_vec();
    }
    legal_for(g, &g.prompt)
}

/// `legal_commands(g).contains(cmd)`, from the cache when it is there.
pub fn is_legal(g: &Game, cmd: &Command) -> bool {
    match g.legal.get() {
        Some(c) => c.contains(cmd),
        None => legal_for(g, &g.prompt).contains(cmd),
    }
}

/// The legal answers to `prompt` in `g`.
pub fn legal_for(g: &Game, prompt: &Prompt) -> Vec<Command> {
    let Some(coach) = prompt.coach else {
        return Vec::new();
    };
    let mut out = Vec::new();
    match &prompt.kind {
        PromptKind::GameOver => {}
        PromptKind::PlayCard { window } => out.extend(super::cards::legal(g, coach, *window)),
        PromptKind::ChooseKicking => {
            out.push(Command::ChooseKicking { kick: true });
            out.push(Command::ChooseKicking { kick: false });
        }
        PromptKind::Setup {
            picked,
            perfect_defence,
            ..
        } => setup_legal(g, coach, *perfect_defence, *picked, &mut out),
        PromptKind::PlaceKick => {
            for sq in squares() {
                if in_half(coach.other(), sq) {
                    out.push(Command::PlaceKick { square: sq });
                }
            }
        }
        PromptKind::ThrowInAim { from } => {
            out.extend(
                super::ball::throw_in_steps(*from)
                    .into_iter()
                    .map(|(dx, dy)| from.offset(dx, dy))
                    .filter(|&to| on_pitch(to))
                    .map(|to| Command::ThrowInAim { to }),
            );
        }
        PromptKind::Touchback => {
            let standing: Vec<PlayerId> = g
                .on_pitch(coach)
                .filter(|p| p.standing() && !p.has(Skill::NoHands))
                .map(|p| p.id)
                .collect();
            let list = if standing.is_empty() {
                g.on_pitch(coach).map(|p| p.id).collect()
            } else {
                standing
            };
            out.extend(list.into_iter().map(|player| Command::Touchback { player }));
        }
        PromptKind::HighKick { .. } => {
            out.extend(high_kick_candidates(g, coach).map(|player| Command::HighKick { player }));
            out.push(Command::Decline);
        }
        PromptKind::QuickSnap => {
            let moved = match g.frames.last() {
                Some(Frame::QuickSnap { moved }) => *moved,
                _ => 0,
            };
            for p in g.on_pitch(coach) {
                if !p.standing() || moved & (1u64 << p.id.0) != 0 {
                    continue;
                }
                let Some(sq) = p.square() else { continue };
                for to in sq.neighbours() {
                    if on_pitch(to) && g.at(to).is_none() {
                        out.push(Command::QuickSnap { player: p.id, to });
                    }
                }
            }
            out.push(Command::Done);
        }
        PromptKind::Action { blitz_bonus } => action_legal(g, coach, *blitz_bonus, &mut out),
        PromptKind::Acting { .. } => acting_legal(g, &mut out),
        PromptKind::FanaticMove { player, gfi } => {
            super::fanatic::fanatic_legal(g, *player, *gfi, &mut out)
        }
        PromptKind::Reroll { sources, .. } => {
            out.extend(sources.iter().map(|&source| Command::Reroll { source }));
            out.push(Command::Decline);
        }
        PromptKind::BlockDice { dice, .. } => {
            // One answer per distinct face (the first die showing it).
            for (i, f) in dice.iter().enumerate() {
                if !dice[..i].contains(f) {
                    out.push(Command::BlockDie { index: i as u8 });
                }
            }
        }
        PromptKind::Push { player } => {
            if let (Some(Frame::Push(state)), Some(target)) =
                (g.frames.last(), g.player(*player).square())
            {
                for square in super::skills_a::push_choice(g, state, target).0 {
                    out.push(Command::Push { square });
                }
            }
        }
        PromptKind::FollowUp { .. } => {
            out.push(Command::FollowUp { follow: true });
            out.push(Command::FollowUp { follow: false });
        }
        PromptKind::Intercept { candidates } => {
            out.extend(
                candidates
                    .iter()
                    .map(|&player| Command::Intercept { player }),
            );
            out.push(Command::Decline);
        }
        PromptKind::Apothecary { .. } => {
            out.push(Command::Apothecary { use_it: true });
            out.push(Command::Apothecary { use_it: false });
        }
        PromptKind::Bribe { .. } => {
            out.push(Command::Bribe { use_it: true });
            out.push(Command::Bribe { use_it: false });
        }
        PromptKind::CatchBomb { .. } => {
            out.push(Command::CatchBomb { catch: true });
            out.push(Command::CatchBomb { catch: false });
        }
        PromptKind::ThrowBomb { player } => {
            if let Some(sq) = g.player(*player).square() {
                pass_targets(g, sq, &mut out);
            }
        }
        PromptKind::DumpOff { player } => {
            // §26.45: a Quick pass, or none.
            if let Some(sq) = g.player(*player).square() {
                for target in super::skills_a::dump_off_targets(sq) {
                    out.push(Command::Pass { target });
                }
            }
            out.push(Command::Decline);
        }
        PromptKind::KickOffReturn { player, .. } => {
            // §26.57: one player, up to 3 squares, then done.
            let movers: Vec<PlayerId> = match player {
                Some(p) => vec![*p],
                None => super::skills_a::kick_off_returners(g).collect(),
            };
            for p in movers {
                for to in super::skills_a::kick_off_return_steps(g, p) {
                    out.push(Command::KickOffReturn { player: p, to });
                }
            }
            out.push(Command::Done);
        }
        PromptKind::PassBlock { .. } => super::skills_a::pass_block_legal(g, &mut out),
        PromptKind::Feed { thralls, .. } => {
            out.extend(thralls.iter().map(|&thrall| Command::Bite { thrall }));
        }
        PromptKind::PettyCash { .. } => {
            out.extend(super::inducements::petty_cash_amounts(g, coach));
        }
        PromptKind::CardGold { money } => {
            out.extend(super::inducements::card_purchases(g, coach, *money));
        }
        PromptKind::Inducements { money } => {
            out.extend(super::inducements::purchases(g, coach, *money));
        }
        PromptKind::Igor { .. } => {
            out.push(Command::Igor { use_it: true });
            out.push(Command::Igor { use_it: false });
        }
        PromptKind::Wizard => {
            out.extend(
                super::spells::spell_targets(g)
                    .into_iter()
                    .map(|spell| Command::CastSpell { spell }),
            );
            out.push(Command::Decline);
        }
        PromptKind::FailOnPurpose { .. } => {
            out.push(Command::FailOnPurpose { fail: false });
            out.push(Command::FailOnPurpose { fail: true });
        }
        PromptKind::UseSkill { skill, .. } => {
            out.push(Command::UseSkill {
                skill: *skill,
                use_it: true,
            });
            out.push(Command::UseSkill {
                skill: *skill,
                use_it: false,
            });
        }
    }
    out
}

fn squares() -> impl Iterator<Item = Square> {
    (0..WIDTH).flat_map(|y| (0..LENGTH).map(move |x| Square::new(x, y)))
}

/// §5.2: formations first (each builds a legal formation), then `done` when the formation
/// is legal, then the players to pick (Reserves only while the count is short); with a
/// player picked, the squares that keep a legal formation reachable, and the bench.
fn setup_legal(
    g: &Game,
    side: Side,
    perfect_defence: bool,
    picked: Option<PlayerId>,
    out: &mut Vec<Command>,
) {
    let needed = setup_needed(g, side, perfect_defence);
    if let Some(p) = picked {
        let player = g.player(p);
        let range: Vec<i8> = match side {
            Side::Home => (0..=12).collect(),
            Side::Away => (13..LENGTH).collect(),
        };
        for y in 0..WIDTH {
            for &x in &range {
                let sq = Square::new(x, y);
                if Some(sq) != player.square() && placement_ok(g, side, needed, p, sq) {
                    out.push(Command::SetupPlace { square: sq });
                }
            }
        }
        if player.square().is_some() && !perfect_defence {
            out.push(Command::SetupBench);
        }
        return;
    }
    for formation in Formation::ALL {
        out.push(Command::SetupFormation { formation });
    }
    let placed = g.on_pitch(side).count() as u8;
    if formation_legal(g, side, needed) {
        out.push(Command::SetupDone);
    }
    for p in &g.players {
        if p.side != side {
            continue;
        }
        let pickable = p.square().is_some()
            || (!perfect_defence
                && p.state == PlayerState::Reserve
                && placed < needed
                && super::cards::may_set_up(g, side, p.id));
        if pickable {
            out.push(Command::SetupPick { player: p.id });
        }
    }
}

/// §9.2: the Actions each player may declare, the blocks, end turn, and concession at the
/// start of the turn (§18.8).
fn action_legal(g: &Game, side: Side, bonus: bool, out: &mut Vec<Command>) {
    let used = g.team(side).used;
    let ball_in_air = matches!(g.ball, Ball::InAir { .. });
    for p in g.on_pitch(side) {
        if let Some(s) = g.cards.suicide {
            // §31.11 Suicide Blitz: only he acts, wherever he stands, and only a Blitz.
            if p.id == s && !used.blitz && p.standing() {
                out.push(Command::Declare {
                    player: p.id,
                    action: ActionKind::Blitz,
                });
            }
            continue;
        }
        if p.acted || !super::cards::may_act(g, p.id) {
            continue;
        }
        let Some(sq) = p.square() else { continue };
        let (standing, prone) = (p.standing(), matches!(p.state, PlayerState::Prone { .. }));
        if !standing && !prone {
            continue;
        }
        out.push(Command::Declare {
            player: p.id,
            action: ActionKind::Move,
        });
        if p.has(Skill::BallAndChain) || super::cards::move_only(g, p.id) {
            // §26.2: Move Actions only (§31.12 Illegal Substitution: this turn).
            continue;
        }
        if !used.blitz || super::cards::extra_action(g, side, ActionKind::Blitz) {
            out.push(Command::Declare {
                player: p.id,
                action: ActionKind::Blitz,
            });
        }
        if (!used.pass || super::cards::extra_action(g, side, ActionKind::Pass))
            && !ball_in_air
            && !p.has(Skill::NoHands)
            && super::cards::may_pass(g, p.id)
        {
            out.push(Command::Declare {
                player: p.id,
                action: ActionKind::Pass,
            });
        }
        if (!used.hand_off || super::cards::extra_action(g, side, ActionKind::HandOff))
            && !ball_in_air
            && !p.has(Skill::NoHands)
            && super::cards::may_pass(g, p.id)
        {
            out.push(Command::Declare {
                player: p.id,
                action: ActionKind::HandOff,
            });
        }
        if !used.foul {
            out.push(Command::Declare {
                player: p.id,
                action: ActionKind::Foul,
            });
        }
        if standing && p.has(Skill::Bombardier) {
            // §26.4: a bomb instead of an Action, standing, not the team's Pass.
            out.push(Command::Declare {
                player: p.id,
                action: ActionKind::Bomb,
            });
        }
        // §26.55 Jump Up: a prone player may declare a Block.
        if standing || (prone && p.has(Skill::JumpUp)) {
            for n in sq.neighbours() {
                if let Some(t) = g.at(n) {
                    let o = g.player(t);
                    if o.opposes(side) && o.standing() {
                        out.push(Command::Block {
                            player: p.id,
                            target: t,
                        });
                    }
                }
            }
            if p.has(Skill::MultipleBlock) {
                multiple_blocks(g, p, sq, out);
            }
        }
    }
    out.push(Command::EndTurn);
    if !bonus && !g.acted_this_turn {
        out.push(Command::Concede);
        // §30.10: the Wizard may cast at the start of the turn, before any player acts.
        if g.induced[side.index()].wizard() {
            out.extend(
                super::spells::spell_targets(g)
                    .into_iter()
                    .map(|spell| Command::CastSpell { spell }),
            );
        }
    }
}

/// §26.59 Multiple Block: every ordered pair of adjacent standing opponents.
fn multiple_blocks(g: &Game, p: &Player, sq: Square, out: &mut Vec<Command>) {
    let opponents: Vec<PlayerId> = sq
        .neighbours()
        .filter_map(|n| g.at(n))
        .filter(|t| {
            let o = g.player(*t);
            o.opposes(p.side) && o.standing()
        })
        .collect();
    for &first in &opponents {
        for &second in &opponents {
            if first != second {
                out.push(Command::MultipleBlock {
                    player: p.id,
                    first,
                    second,
                });
            }
        }
    }
}

/// §26.37 Animosity: after a refusal, only a team-mate of his own race may receive.
fn same_race_ok(g: &Game, a: &Acting, receiver: Option<PlayerId>) -> bool {
    !a.refused || !super::skill_hooks::animosity_applies(g, a.player, receiver)
}

/// The answers during an Action: steps (§10.1), Leap (§26.14), the Blitz's block (§13),
/// the pass (§15, in range; Blizzard: Quick and Short only, §8), the hand-off (§16), the
/// foul (§14), and ending the Action.
fn acting_legal(g: &Game, out: &mut Vec<Command>) {
    let Some(a) = g.acting else { return };
    let p = g.player(a.player);
    let Some(sq) = p.square() else { return };
    let side = p.side;
    let squares_left = a.ma_left + a.gfi_left;
    let carrier = g.carrier() == Some(a.player);
    // §18.1: a carrier in the opposing end zone may not pass, hand off or keep moving
    // out of it with the ball in strict timing; he may still end the Action.
    let moving = !p.confused && !p.rooted;
    if p.has(Skill::BallAndChain) {
        // §26.2: a step names the facing (one of the four squares beside him, on the pitch
        // or not); the square he reaches is rolled. All his MA must be used; GFI is optional.
        if squares_left > 0 && moving {
            for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                out.push(Command::Step {
                    to: sq.offset(dx, dy),
                });
            }
        }
        if a.ma_left == 0 || !moving {
            out.push(Command::EndAction);
        }
        return;
    }
    if squares_left > 0 && moving {
        for to in sq.neighbours() {
            if on_pitch(to) && g.at(to).is_none() {
                out.push(Command::Step { to });
            }
        }
    }
    if p.has(Skill::Leap) && !p.used_leap && squares_left >= 2 && moving {
        for dy in -2..=2i8 {
            for dx in -2..=2i8 {
                let to = sq.offset(dx, dy);
                if (dx, dy) != (0, 0) && on_pitch(to) && g.at(to).is_none() {
                    out.push(Command::Leap { to });
                }
            }
        }
    }
    match a.action {
        ActionKind::Blitz if !a.blocked && squares_left > 0 => {
            for n in sq.neighbours() {
                if let Some(t) = g.at(n) {
                    let o = g.player(t);
                    if o.opposes(side) && o.standing() {
                        out.push(Command::BlitzBlock { target: t });
                    }
                }
            }
        }
        ActionKind::Pass if carrier && !p.confused && a.refused => {
            let mut all = Vec::new();
            pass_targets(g, sq, &mut all);
            out.extend(all.into_iter().filter(|c| {
                match c {
                    Command::Pass { target } => g
                        .at(*target)
                        .is_some_and(|t| g.player(t).side == side && same_race_ok(g, &a, Some(t))),
                    _ => false,
                }
            }));
        }
        ActionKind::Pass if carrier && !p.confused && super::cards::quick_only(g, side) => {
            // §31.11 Flea Flicker: the turn's first pass is a Quick pass.
            let mut all = Vec::new();
            pass_targets(g, sq, &mut all);
            out.extend(all.into_iter().filter(|c| {
                matches!(c, Command::Pass { target }
                    if pass_range((target.x - sq.x).unsigned_abs(), (target.y - sq.y).unsigned_abs())
                        == Some(PassRange::Quick))
            }));
        }
        ActionKind::Pass if carrier && !p.confused => {
            pass_targets(g, sq, out);
            if p.has(Skill::HailMaryPass) && g.weather != Weather::Blizzard {
                // §26.52: any square of the pitch (never in a Blizzard).
                for target in squares() {
                    if target != sq {
                        out.push(Command::HailMaryPass { target });
                    }
                }
            }
        }
        ActionKind::Bomb if !p.confused => {
            pass_targets(g, sq, out);
            if p.has(Skill::HailMaryPass) && g.weather != Weather::Blizzard {
                // §26.52, §26.4: a bomb may be thrown as a Hail Mary Pass.
                for target in squares() {
                    if target != sq {
                        out.push(Command::HailMaryPass { target });
                    }
                }
            }
        }
        ActionKind::Pass if p.has(Skill::ThrowTeamMate) && !p.confused => {
            // §26.33: an adjacent standing Right Stuff team-mate, Quick or Short.
            for n in sq.neighbours() {
                let Some(t) = g.at(n) else { continue };
                let o = g.player(t);
                if o.side != side || !o.standing() || !o.has(Skill::RightStuff) || o.rooted {
                    continue;
                }
                for y in 0..WIDTH {
                    for x in 0..LENGTH {
                        let to = Square::new(x, y);
                        let dx = (to.x - sq.x).unsigned_abs();
                        let dy = (to.y - sq.y).unsigned_abs();
                        if matches!(
                            pass_range(dx, dy),
                            Some(PassRange::Quick | PassRange::Short)
                        ) {
                            out.push(Command::ThrowTeamMate {
                                thrown: t,
                                target: to,
                            });
                        }
                    }
                }
            }
        }
        ActionKind::HandOff if carrier && !p.confused => {
            for n in sq.neighbours() {
                // G22: a standing player with a tackle zone.
                if let Some(t) = g.at(n)
                    && g.player(t).has_tz()
                    && same_race_ok(g, &a, Some(t))
                {
                    out.push(Command::HandOff { target: t });
                }
            }
        }
        ActionKind::Foul => {
            for n in sq.neighbours() {
                if let Some(t) = g.at(n) {
                    let o = g.player(t);
                    if o.opposes(side)
                        && matches!(
                            o.state,
                            PlayerState::Prone { .. } | PlayerState::Stunned { .. }
                        )
                        && super::cards::may_be_fouled(g, t)
                    {
                        out.push(Command::Foul { target: t });
                    }
                }
            }
        }
        ActionKind::Move if p.has(Skill::HypnoticGaze) && !p.confused => {
            // §26.54 Hypnotic Gaze: end the Move gazing at an adjacent standing opponent.
            for n in sq.neighbours() {
                if let Some(t) = g.at(n) {
                    let o = g.player(t);
                    if o.opposes(side) && o.standing() {
                        out.push(Command::Gaze { target: t });
                    }
                }
            }
        }
        _ => {}
    }
    out.push(Command::EndAction);
}

/// §15.4: the opponents who may intercept a pass from `from` to `target`.
pub fn interceptors(g: &Game, side: Side, from: Square, target: Square) -> Vec<PlayerId> {
    g.players
        .iter()
        .filter(|o| {
            o.side != side
                && o.has_tz()
                && o.square().is_some_and(|sq| can_intercept(from, target, sq))
        })
        .map(|o| o.id)
        .collect()
}

/// §15.1, §2.5, §8: the squares a pass (or bomb) from `sq` may target: in range, Quick or
/// Short in a Blizzard.
fn pass_targets(g: &Game, sq: Square, out: &mut Vec<Command>) {
    let blizzard = g.weather == Weather::Blizzard;
    for y in 0..WIDTH {
        for x in 0..LENGTH {
            let to = Square::new(x, y);
            let dx = (to.x - sq.x).unsigned_abs();
            let dy = (to.y - sq.y).unsigned_abs();
            match pass_range(dx, dy) {
                Some(PassRange::Long | PassRange::LongBomb) if blizzard => {}
                Some(_) => out.push(Command::Pass { target: to }),
                None => {}
            }
        }
    }
}
