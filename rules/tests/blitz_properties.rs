#![allow(clippy::unwrap_used)]
//! Property tests of the Blitz Bowl engine over many random games.
//!
//! * `ten_thousand_random_games_end_and_keep_their_invariants`: 10,000 seeded random games
//!   (both editions, random teams and options, `random_setup`), driven command by command
//!   with the state invariants checked after every `apply`, and every 50th game replayed
//!   for determinism. 2024 games play with the special actions (Foul, Throw Team-mate) half
//!   the time, and the test checks that both were made.
//! * `legal_is_legal_and_apply_agree_exhaustively`: at every step of 300 games, every legal
//!   command is accepted and a battery of illegal ones is refused with the game untouched.
//!
//! A failure names the seed and the step. To reproduce one seed alone, run
//! `BLITZ_SEEDS=1234 cargo test -p dugout-rules --test blitz_properties` (a single seed,
//! or a range `1200..1300`); the replayed game is the one `random_setup(seed)`,
//! `ChaChaDice::from_u64(seed)` and picker `ChaChaDice::from_u64(seed ^ 0xABCD)` play.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};

mod seeds;
use seeds::{for_all_seeds, seeds};

use dugout_rules::blitz::data::Ability;
use dugout_rules::blitz::random_play::random_setup;
use dugout_rules::blitz::*;
use dugout_rules::core::*;

const GAMES: u64 = 10_000;
const EXHAUSTIVE_GAMES: u64 = 300;
/// Steps checked exhaustively per game (each costs one `apply` per legal command).
const EXHAUSTIVE_STEPS: usize = 400;
const MAX_COMMANDS: usize = 20_000;
const REPLAY_EVERY: u64 = 50;
const PICKER_SALT: u64 = 0xABCD;
/// Failures reported in full (all failing seeds are listed by number).
const MAX_FAILURES: usize = 20;

/// Foul and Throw Team-mate actions started in the random games (§6.1.4, §6.1.5),
/// so the property tests show they exercise the special actions.
static FOULS: AtomicUsize = AtomicUsize::new(0);
static THROWS_TEAM_MATE: AtomicUsize = AtomicUsize::new(0);

fn count_special_actions(events: &[Event]) {
    for e in events {
        if let Event::ActionStarted { action, .. } = e {
            match action {
                ActionKind::Foul => FOULS.fetch_add(1, Ordering::Relaxed),
                ActionKind::ThrowTeamMate => THROWS_TEAM_MATE.fetch_add(1, Ordering::Relaxed),
                _ => 0,
            };
        }
    }
}

fn pick(legal: &[Command], picker: &mut ChaChaDice) -> Command {
    legal[usize::from(picker.roll(Die::Range(legal.len() as u16)))]
}

/// Points scored per side according to `events`.
fn scored(events: &[Event], totals: &mut [u32; 2]) -> Result<(), String> {
    for e in events {
        if let Event::Scored {
            coach,
            points,
            total,
            ..
        } = e
        {
            totals[coach.index()] += u32::from(*points);
            if u32::from(*total) != totals[coach.index()] {
                return Err(format!(
                    "Scored event says total {total} for {coach:?}, the events sum to {}",
                    totals[coach.index()]
                ));
            }
        }
    }
    Ok(())
}

/// The state invariants that hold at every prompt.
fn check_invariants(g: &Game, players: usize, points: [u32; 2]) -> Result<(), String> {
    if g.players.len() != players {
        return Err(format!(
            "{} players, the match started with {players}",
            g.players.len()
        ));
    }
    // Mid-Run, a Leap or Ethereal player may pass through players, and an Ethereal one
    // through blocked squares (§5.4); it may not end there (the Move prompt's legal
    // steps keep a legal end reachable). Only that player may be caught "in passing".
    let passing = match &prompt(g).kind {
        PromptKind::Move {
            player,
            kind: MoveKind::Run,
            ..
        } if g.player(*player).has(Ability::Leap) || g.player(*player).has(Ability::Ethereal) => {
            Some(*player)
        }
        _ => None,
    };
    let mut occupied: Vec<(Square, PlayerId)> = Vec::with_capacity(players);
    for p in &g.players {
        let Some(sq) = p.square() else { continue };
        if !g.grid.contains(sq) {
            return Err(format!("{:?} is off the {:?} at {sq}", p.id, g.grid));
        }
        if g.is_blocked(sq) && !(passing == Some(p.id) && p.has(Ability::Ethereal)) {
            return Err(format!("{:?} is on the blocked square {sq}", p.id));
        }
        if let Some((_, other)) = occupied.iter().find(|(s, _)| *s == sq)
            && passing != Some(p.id)
            && passing != Some(*other)
        {
            return Err(format!("{:?} and {:?} are both on {sq}", p.id, other));
        }
        occupied.push((sq, p.id));
    }
    let mut ids = HashSet::new();
    let mut loose: Vec<Square> = Vec::new();
    let mut holders: Vec<PlayerId> = Vec::new();
    for b in &g.balls {
        if !ids.insert(b.id) {
            return Err(format!("two balls have the id {:?}", b.id));
        }
        match b.at {
            BallAt::Loose(sq) => {
                if !g.is_playable(sq) {
                    return Err(format!("loose ball {:?} on unplayable square {sq}", b.id));
                }
                if loose.contains(&sq) {
                    return Err(format!("two loose balls on {sq}"));
                }
                // §5.4 Safe Hands: the ball waits on the Prone holder's square while its
                // coach picks where it goes (rules version 2 on).
                let safe_hands = g.prompt().kind == PromptKind::SafeHandsBounce { from: sq };
                if let Some((_, p)) = occupied.iter().find(|(s, _)| *s == sq && !safe_hands) {
                    return Err(format!(
                        "loose ball {:?} on {sq} under {p:?} ({:?})",
                        b.id,
                        g.player(*p).place
                    ));
                }
                loose.push(sq);
            }
            BallAt::Held(p) => {
                let Some(holder) = g.players.get(p.index()) else {
                    return Err(format!("ball {:?} held by unknown player {p:?}", b.id));
                };
                // While its coach chooses the Safe Hands bounce square, the ball of a
                // knocked-down player is in flight from its square (§5.4).
                let safe_hands_flight = matches!(
                    prompt(g).kind,
                    PromptKind::SafeHandsBounce { from } if holder.square() == Some(from)
                );
                if !holder.is_standing() && !safe_hands_flight {
                    return Err(format!(
                        "ball {:?} held by {p:?}, who is {:?}",
                        b.id, holder.place
                    ));
                }
                if !holder.can_hold_ball() {
                    return Err(format!("ball {:?} held by {p:?}, who has Throw -", b.id));
                }
                if holders.contains(&p) {
                    return Err(format!("{p:?} holds two balls"));
                }
                holders.push(p);
            }
        }
    }
    let score = [u32::from(g.score[0]), u32::from(g.score[1])];
    if score != points {
        return Err(format!(
            "score {score:?}, the Scored events sum to {points:?}"
        ));
    }
    Ok(())
}

/// The end state: nobody to answer, nothing legal, everything refused.
fn check_over(g: &Game, dice: &mut ChaChaDice) -> Result<(), String> {
    if prompt(g).coach.is_some() {
        return Err(format!("the match is over but {:?} is prompted", prompt(g)));
    }
    let legal = legal_commands(g);
    if !legal.is_empty() {
        return Err(format!("the match is over but {legal:?} are legal"));
    }
    let mut probe = g.clone();
    if apply(&mut probe, Command::EndTurn, dice) != Err(CommandError::GameOver) {
        return Err("apply after the end did not answer GameOver".into());
    }
    if probe != *g {
        return Err("a refused command after the end changed the game".into());
    }
    Ok(())
}

fn at(step: usize, g: &Game, cmd: Option<&Command>, what: impl std::fmt::Display) -> String {
    match cmd {
        Some(c) => format!(
            "step {step}: {what}\n  prompt: {:?}\n  command: {c:?}",
            prompt(g)
        ),
        None => format!("step {step}: {what}\n  prompt: {:?}", prompt(g)),
    }
}

/// One random game played command by command with every invariant checked.
struct Played {
    setup: MatchSetup,
    commands: Vec<Command>,
    events: Vec<Vec<Event>>,
    game: Game,
}

fn play_checked(seed: u64, keep_events: bool) -> Result<Played, String> {
    let setup = random_setup(seed);
    let mut dice = ChaChaDice::from_u64(seed);
    let mut picker = ChaChaDice::from_u64(seed ^ PICKER_SALT);
    let (mut g, first) =
        new_game(setup, &mut dice).map_err(|e| format!("{setup:?}: new_game: {e}"))?;
    let players = g.players.len();
    let mut points = [0u32; 2];
    scored(&first, &mut points).map_err(|e| at(0, &g, None, e))?;
    check_invariants(&g, players, points).map_err(|e| at(0, &g, None, e))?;
    let mut events = Vec::new();
    if keep_events {
        events.push(first);
    }
    let mut commands = Vec::new();
    while !g.is_over() {
        let step = commands.len();
        if step >= MAX_COMMANDS {
            return Err(at(
                step,
                &g,
                None,
                format!("no end after {MAX_COMMANDS} commands"),
            ));
        }
        let legal = legal_commands(&g);
        if legal.is_empty() {
            return Err(at(step, &g, None, "no legal command before the end"));
        }
        let cmd = pick(&legal, &mut picker);
        if !is_legal(&g, &cmd) {
            return Err(at(step, &g, Some(&cmd), "a legal command is not is_legal"));
        }
        let new = match apply(&mut g, cmd, &mut dice) {
            Ok(new) => new,
            Err(e) => return Err(at(step, &g, Some(&cmd), format!("apply refused: {e}"))),
        };
        commands.push(cmd);
        count_special_actions(&new);
        scored(&new, &mut points).map_err(|e| at(step, &g, Some(&cmd), e))?;
        check_invariants(&g, players, points)
            .map_err(|e| at(step, &g, Some(&cmd), format!("after apply: {e}")))?;
        if keep_events {
            events.push(new);
        }
    }
    check_over(&g, &mut dice).map_err(|e| at(commands.len(), &g, None, e))?;
    Ok(Played {
        setup,
        commands,
        events,
        game: g,
    })
}

/// Same setup, same commands, fresh dice from the same seed: same events, same game.
fn replay(seed: u64, played: &Played) -> Result<(), String> {
    let mut dice = ChaChaDice::from_u64(seed);
    let (mut g, first) = new_game(played.setup, &mut dice).map_err(|e| e.to_string())?;
    if played.events.first() != Some(&first) {
        return Err("replay: new_game events differ".into());
    }
    for (step, cmd) in played.commands.iter().enumerate() {
        let new = apply(&mut g, *cmd, &mut dice)
            .map_err(|e| at(step, &g, Some(cmd), format!("replay: apply refused: {e}")))?;
        if played.events.get(step + 1) != Some(&new) {
            return Err(at(step, &g, Some(cmd), "replay: events differ"));
        }
    }
    if g != played.game {
        return Err("replay: the final games differ".into());
    }
    Ok(())
}

#[test]
fn ten_thousand_random_games_end_and_keep_their_invariants() {
    for_all_seeds("blitz_properties", MAX_FAILURES, seeds(0..GAMES), |seed| {
        let keep = seed % REPLAY_EVERY == 0;
        let played = play_checked(seed, keep)?;
        if keep {
            replay(seed, &played)?;
        }
        Ok(())
    });
    if std::env::var("BLITZ_SEEDS").is_err() {
        let (fouls, ttms) = (
            FOULS.load(Ordering::Relaxed),
            THROWS_TEAM_MATE.load(Ordering::Relaxed),
        );
        assert!(
            fouls > 0 && ttms > 0,
            "the random games made {fouls} Fouls and {ttms} Throw Team-mates"
        );
    }
}

/// Commands that must be refused at `g`'s prompt (those that happen to be legal are
/// filtered out by the caller): wrong prompt kinds, out-of-range slots and indices,
/// off-pitch and far squares, the opponent's players, cards nobody holds, occupied squares.
fn illegal_candidates(g: &Game, legal: &[Command]) -> Vec<Command> {
    let coach = prompt(g).coach.unwrap_or(Side::Home);
    let off = Square::new(-1, -1);
    let far = Square::new(g.grid.length as i8 + 3, g.grid.width as i8 + 3);
    let nobodys_card = CardId(250);
    let mut out = vec![
        Command::EndTurn,
        Command::Decline,
        Command::StopMoving,
        Command::FollowUp { follow: true },
        Command::FollowUp { follow: false },
        Command::ChooseBoardSide {
            side: data::BoardSide::OneTrapdoor,
        },
        Command::ChooseBoardSide {
            side: data::BoardSide::TwoTrapdoors,
        },
        Command::ChooseBall {
            ball: data::BallKind::Standard,
        },
        Command::Claim { slot: 9 },
        Command::DiscardActive { slot: 7 },
        Command::ChooseBlockDie { index: 9 },
        Command::MoveTo { square: off },
        Command::MoveTo { square: far },
        Command::BounceTo { square: off },
        Command::BounceTo { square: far },
        Command::Reroll {
            source: RerollSource::RawTalent(nobodys_card),
        },
        Command::DiscardCard { card: nobodys_card },
        Command::PlayBonus {
            card: nobodys_card,
            player: None,
            square: None,
        },
        Command::ChoosePlayer {
            player: PlayerId(200),
        },
        Command::Action {
            player: PlayerId(200),
            choice: ActionChoice::Run,
            bonus: None,
        },
    ];
    // A square two beyond the mover's allowance.
    if let PromptKind::Move { player, left, .. } = prompt(g).kind
        && let Some(sq) = g.player(player).square()
    {
        let x = if i16::from(sq.x) > i16::from(g.grid.length) / 2 {
            sq.x - left as i8 - 2
        } else {
            sq.x + left as i8 + 2
        };
        out.push(Command::MoveTo {
            square: Square::new(x, sq.y),
        });
    }
    // The opponent's players, for the prompted coach.
    for p in g.players.iter().filter(|p| p.side != coach) {
        for choice in [ActionChoice::Run, ActionChoice::Mark, ActionChoice::StandUp] {
            out.push(Command::Action {
                player: p.id,
                choice,
                bonus: None,
            });
        }
        if let Some(sq) = p.square() {
            out.push(Command::Wardance {
                player: p.id,
                to: sq,
            });
        }
    }
    // Placing onto occupied squares (and an opponent's player onto a free one).
    let placer = g
        .players
        .iter()
        .find(|p| p.side == coach && p.place == Place::Reserves)
        .map_or(PlayerId(0), |p| p.id);
    for p in g.players.iter() {
        if let Some(sq) = p.square() {
            out.push(Command::PlacePlayer {
                player: placer,
                square: sq,
            });
        }
    }
    if let Some(opp) = g.players.iter().find(|p| p.side != coach) {
        let x = g.own_end_zone_x(coach);
        out.push(Command::PlacePlayer {
            player: opp.id,
            square: Square::new(x, 0),
        });
    }
    // Each legal command, bent out of shape.
    let opponent = g.players.iter().find(|p| p.side != coach).map(|p| p.id);
    for c in legal {
        match *c {
            Command::Action {
                player,
                choice,
                bonus,
            } => {
                out.push(Command::Action {
                    player,
                    choice,
                    bonus: Some(nobodys_card),
                });
                if let Some(o) = opponent {
                    out.push(Command::Action {
                        player: o,
                        choice,
                        bonus,
                    });
                }
                let bent = match choice {
                    ActionChoice::Sidestep { .. } => Some(ActionChoice::Sidestep { to: far }),
                    ActionChoice::Reserves { .. } => Some(ActionChoice::Reserves { square: off }),
                    ActionChoice::Throw { .. } => Some(ActionChoice::Throw { target: far }),
                    ActionChoice::Block { .. } => Some(ActionChoice::Block { target: player }),
                    ActionChoice::Foul { .. } => Some(ActionChoice::Foul { target: player }),
                    ActionChoice::ThrowTeamMate { thrown, target } => {
                        // Throwing itself, and throwing off the pitch.
                        out.push(Command::Action {
                            player,
                            choice: ActionChoice::ThrowTeamMate {
                                thrown: player,
                                target,
                            },
                            bonus,
                        });
                        Some(ActionChoice::ThrowTeamMate {
                            thrown,
                            target: far,
                        })
                    }
                    _ => None,
                };
                if let Some(choice) = bent {
                    out.push(Command::Action {
                        player,
                        choice,
                        bonus,
                    });
                }
            }
            Command::PlacePlayer { player, .. } => out.push(Command::PlacePlayer {
                player,
                square: off,
            }),
            Command::Claim { slot } => out.push(Command::Claim { slot: slot + 3 }),
            Command::DiscardActive { slot } => out.push(Command::DiscardActive { slot: slot + 3 }),
            Command::ChooseBlockDie { index } => {
                out.push(Command::ChooseBlockDie { index: index + 6 })
            }
            Command::Wardance { player, .. } => out.push(Command::Wardance { player, to: far }),
            Command::PlayBonus { player, square, .. } => out.push(Command::PlayBonus {
                card: nobodys_card,
                player,
                square,
            }),
            _ => {}
        }
    }
    out.retain(|c| !legal.contains(c));
    out
}

fn check_every_command(seed: u64) -> Result<(), String> {
    let setup = random_setup(seed);
    let mut dice = ChaChaDice::from_u64(seed);
    let mut picker = ChaChaDice::from_u64(seed ^ PICKER_SALT);
    let (mut g, first) = new_game(setup, &mut dice).map_err(|e| e.to_string())?;
    let players = g.players.len();
    let mut points = [0u32; 2];
    scored(&first, &mut points).map_err(|e| at(0, &g, None, e))?;
    let mut step = 0;
    while !g.is_over() && step < EXHAUSTIVE_STEPS {
        let legal = legal_commands(&g);
        if legal.is_empty() {
            return Err(at(step, &g, None, "no legal command before the end"));
        }
        // The same game read back from JSON has no cached legal commands: everything below
        // is also checked against the from-scratch enumeration and targeted legality checks.
        let bare: Game = serde_json::from_value(serde_json::to_value(&g).unwrap()).unwrap();
        if bare != g || legal_commands(&bare) != legal {
            return Err(at(
                step,
                &g,
                None,
                "the cached legal commands differ from the ones worked out from scratch",
            ));
        }
        for c in &legal {
            if !is_legal(&g, c) || !is_legal(&bare, c) {
                return Err(at(step, &g, Some(c), "listed as legal but not is_legal"));
            }
            let mut probe = g.clone();
            let mut probe_dice = dice.clone();
            let mut probe_points = points;
            match apply(&mut probe, *c, &mut probe_dice) {
                Ok(events) => {
                    scored(&events, &mut probe_points).map_err(|e| at(step, &g, Some(c), e))?;
                    check_invariants(&probe, players, probe_points).map_err(|e| {
                        at(
                            step,
                            &g,
                            Some(c),
                            format!("after applying a legal command: {e}"),
                        )
                    })?;
                }
                Err(e) => {
                    return Err(at(step, &g, Some(c), format!("legal but refused: {e}")));
                }
            }
        }
        let dice_before = serde_json::to_value(&dice).unwrap();
        let mut probe_dice = dice.clone();
        for c in illegal_candidates(&g, &legal) {
            if is_legal(&g, &c) || is_legal(&bare, &c) {
                return Err(at(step, &g, Some(&c), "is_legal but not in legal_commands"));
            }
            let mut probe = g.clone();
            match apply(&mut probe, c, &mut probe_dice) {
                Err(CommandError::Illegal { .. }) => {}
                other => {
                    return Err(at(
                        step,
                        &g,
                        Some(&c),
                        format!("illegal command answered {other:?}"),
                    ));
                }
            }
            if probe != g {
                return Err(at(step, &g, Some(&c), "a refused command changed the game"));
            }
        }
        if serde_json::to_value(&probe_dice).unwrap() != dice_before {
            return Err(at(step, &g, None, "refused commands rolled dice"));
        }
        let cmd = pick(&legal, &mut picker);
        let events = apply(&mut g, cmd, &mut dice)
            .map_err(|e| at(step, &g, Some(&cmd), format!("apply refused: {e}")))?;
        scored(&events, &mut points).map_err(|e| at(step, &g, Some(&cmd), e))?;
        step += 1;
    }
    if g.is_over() {
        check_over(&g, &mut dice).map_err(|e| at(step, &g, None, e))?;
    }
    Ok(())
}

#[test]
fn legal_is_legal_and_apply_agree_exhaustively() {
    for_all_seeds(
        "blitz_properties",
        MAX_FAILURES,
        seeds(0..EXHAUSTIVE_GAMES),
        check_every_command,
    );
}
