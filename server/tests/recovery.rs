//! Recovery after a restart: stored matches replay to the exact game (and refuse to when the
//! log does not replay), and `recover` brings every unfinished match's room back. The same
//! with real processes killed mid-match: `crash.rs`.

mod common;

use std::sync::Arc;

use common::*;
use dugout_protocol::{MatchResult, RoomEvent, RoomSpec, RoomStatus, TimerPolicy};
use dugout_rules::blitz::{self, Command, Game, random_play::random_setup};
use dugout_rules::core::{ChaChaDice, DiceSource, Die, Side};
use dugout_rules::{AnyCommand, AnyEvent, AnyGame, AnyOutcome};
use dugout_server::recovery::{RecoveryError, rebuild};
use dugout_server::store::{
    Account, CommandRecord, CommandSource, MatchLog, SqliteStore, Store, StoredEvent,
};
use dugout_server::{AppState, Config};

/// A match written to `store` the way a room writes it: created, started, then `commands`
/// random legal commands (every third one made by the timer, announced the first time), and
/// `match_ended` if the game ends (then the result row too, if `finish`). Returns the game and
/// dice as they are at the end.
async fn play_stored(
    store: &dyn Store,
    id: &str,
    coaches: &[Account; 2],
    spec: &RoomSpec,
    seed: u64,
    commands: usize,
    finish: bool,
) -> (Game, ChaChaDice) {
    store
        .create_match(id, spec, blitz::RULES_VERSION, 1)
        .await
        .expect("create");
    let dice_seed: [u8; 32] = std::array::from_fn(|i| (seed as u8).wrapping_mul(31) ^ i as u8);
    let mut dice = ChaChaDice::from_seed(dice_seed);
    let (mut game, opening) =
        blitz::new_game(blitz_setup(&spec.setup), &mut dice).expect("valid setup");
    let mut events = vec![RoomEvent::MatchStarted {
        coaches: [coaches[0].name.clone(), coaches[1].name.clone()],
        dice: None,
    }];
    events.extend(opening.into_iter().map(|event| RoomEvent::Game {
        event: AnyEvent::Blitz(event),
    }));
    let mut seq = 0;
    let mut number = |events: Vec<RoomEvent>| -> Vec<StoredEvent> {
        events
            .into_iter()
            .map(|event| {
                seq += 1;
                StoredEvent { seq, event }
            })
            .collect()
    };
    let start = number(events);
    store
        .start_match(id, [coaches[0].id, coaches[1].id], dice_seed, &start, 2)
        .await
        .expect("start");
    let mut last = start.last().map_or(0, |e| e.seq);
    let mut picker = ChaChaDice::from_u64(seed);
    for n in 0..commands {
        if game.is_over() {
            break;
        }
        let coach = blitz::prompt(&game).coach.expect("someone decides");
        let legal = blitz::legal_commands(&game);
        let command = legal[usize::from(picker.roll(Die::Range(legal.len() as u16)))];
        let timer = n % 3 == 2;
        let mut events = Vec::new();
        if timer && n % 2 == 0 {
            events.push(RoomEvent::TimerExpired { coach });
        }
        let made = blitz::apply(&mut game, command, &mut dice).expect("legal");
        events.extend(made.into_iter().map(|event| RoomEvent::Game {
            event: AnyEvent::Blitz(event),
        }));
        if let Some(outcome) = game.outcome {
            events.push(RoomEvent::MatchEnded {
                result: MatchResult::Game {
                    outcome: AnyOutcome::Blitz(outcome),
                    score: game.score,
                },
                server_seed: None,
            });
        }
        let stored = number(events);
        let after = stored.last().map_or(last, |e| e.seq);
        let record = CommandRecord {
            coach,
            source: if timer {
                CommandSource::Timer
            } else {
                CommandSource::Coach
            },
            account: (!timer).then_some(coaches[coach.index()].id),
            client_id: (!timer).then_some(1000 + n as u64),
            command: AnyCommand::Blitz(command),
            seq_before: last,
            seq_after: after,
        };
        store
            .append(id, Some((n as u64, &record)), &stored)
            .await
            .expect("append");
        last = after;
        if let Some(outcome) = game.outcome.filter(|_| finish) {
            let result = MatchResult::Game {
                outcome: AnyOutcome::Blitz(outcome),
                score: game.score,
            };
            store.finish_match(id, &result, 3).await.expect("finish");
        }
    }
    (game, dice)
}

async fn sqlite() -> (Arc<dyn Store>, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = SqliteStore::open(dir.path()).await.expect("open");
    (Arc::new(store), dir)
}

async fn coaches(store: &dyn Store) -> [Account; 2] {
    [
        store
            .create_account("home_coach", None, false, None, 1)
            .await
            .expect("create"),
        store
            .create_account("away_coach", None, true, None, 1)
            .await
            .expect("create"),
    ]
}

fn blitz_spec(seed: u64) -> RoomSpec {
    spec(random_setup(seed), TimerPolicy::PerTurn { seconds: 60 })
}

async fn stored_log(store: &dyn Store, id: &str) -> MatchLog {
    store
        .match_log(id)
        .await
        .expect("read")
        .expect("the match is stored")
}

#[tokio::test]
async fn a_match_in_play_replays_to_the_same_game_dice_and_retry_keys() {
    let (store, _dir) = sqlite().await;
    let coaches = coaches(store.as_ref()).await;
    for seed in 1..=4 {
        let id = format!("m{seed}");
        let (game, mut dice) = play_stored(
            store.as_ref(),
            &id,
            &coaches,
            &blitz_spec(seed),
            seed,
            120,
            true,
        )
        .await;
        assert!(!game.is_over(), "the match is still in play");
        let log = stored_log(store.as_ref(), &id).await;
        let restored = rebuild(&log).expect("the log replays");
        assert_eq!(restored.status, RoomStatus::Playing);
        assert_eq!(restored.result, None);
        assert_eq!(restored.log, log.events);
        assert_eq!(restored.commands, log.commands.len() as u64);
        let (replayed, mut replayed_dice) = restored.game.expect("a game");
        let AnyGame::Blitz(replayed) = replayed else {
            panic!("a Blitz Bowl match replayed as {}", replayed.kind());
        };
        assert_eq!(replayed, game, "the exact game");
        // The dice are at the same point of their stream.
        for _ in 0..20 {
            assert_eq!(replayed_dice.roll(Die::D6), dice.roll(Die::D6));
        }
        // Every coach command is a retry key, with the seq its ack named; timer ones are not.
        let coach_commands: Vec<_> = log
            .commands
            .iter()
            .filter(|c| c.source == CommandSource::Coach)
            .map(|c| {
                let id = c.client_id.expect("coach commands have ids");
                ((c.coach, id), (c.command.clone(), c.seq_after))
            })
            .collect();
        assert_eq!(restored.applied, coach_commands);
        assert!(restored.applied.len() < log.commands.len());
    }
}

#[tokio::test]
async fn a_match_that_ended_replays_to_its_result() {
    let (store, _dir) = sqlite().await;
    let coaches = coaches(store.as_ref()).await;
    let (game, _) = play_stored(
        store.as_ref(),
        "m",
        &coaches,
        &blitz_spec(9),
        9,
        100_000,
        true,
    )
    .await;
    assert!(game.is_over());
    let log = stored_log(store.as_ref(), "m").await;
    assert_eq!(log.status, RoomStatus::Finished);
    // As if the crash came between the last append and the result's row.
    let log = MatchLog {
        status: RoomStatus::Playing,
        result: None,
        ..log
    };
    let restored = rebuild(&log).expect("the log replays");
    assert_eq!(restored.status, RoomStatus::Finished);
    assert_eq!(
        restored.result,
        Some(MatchResult::Game {
            outcome: AnyOutcome::Blitz(game.outcome.expect("over")),
            score: game.score
        })
    );
}

/// `rebuild` of a tampered copy of `log` fails, and says why.
fn refused(log: &MatchLog, what: &str, tamper: impl FnOnce(&mut MatchLog)) -> String {
    let mut bad = log.clone();
    tamper(&mut bad);
    match rebuild(&bad) {
        Err(RecoveryError::Mismatch(why)) => why,
        Err(e) => panic!("{what}: unexpected error {e}"),
        Ok(_) => panic!("{what}: a tampered log was accepted"),
    }
}

#[tokio::test]
async fn a_log_that_does_not_replay_exactly_is_refused() {
    let (store, _dir) = sqlite().await;
    let coaches = coaches(store.as_ref()).await;
    play_stored(store.as_ref(), "m", &coaches, &blitz_spec(5), 5, 90, true).await;
    let log = stored_log(store.as_ref(), "m").await;
    rebuild(&log).expect("the untouched log replays");
    let game_seqs: Vec<usize> = log
        .events
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e.event, RoomEvent::Game { .. }))
        .map(|(i, _)| i)
        .collect();
    let (a, b) = (
        game_seqs[game_seqs.len() / 2],
        game_seqs[game_seqs.len() / 2 + 1],
    );

    let why = refused(&log, "an event swapped for another", |l| {
        let other = l.events[b].event.clone();
        l.events[a].event = other;
    });
    assert!(why.contains("the replay makes"), "{why}");
    refused(&log, "an event dropped (a gap in the seqs)", |l| {
        l.events.remove(a);
    });
    refused(&log, "an event no command made", |l| {
        let seq = l.events.len() as u64 + 1;
        l.events.push(StoredEvent {
            seq,
            event: RoomEvent::TimerExpired { coach: Side::Home },
        });
    });
    refused(&log, "a command dropped", |l| {
        l.commands.remove(l.commands.len() / 2);
    });
    refused(&log, "another command in its place", |l| {
        let n = l.commands.len() / 2;
        l.commands[n].command = if l.commands[n].command == AnyCommand::Blitz(Command::EndTurn) {
            AnyCommand::Blitz(Command::Decline)
        } else {
            AnyCommand::Blitz(Command::EndTurn)
        };
    });
    refused(&log, "another dice seed", |l| {
        l.server_seed = Some([0xAB; 32]);
    });
    refused(&log, "no seed", |l| l.server_seed = None);
    refused(&log, "a seq range that skips", |l| {
        l.commands[3].seq_before += 1;
    });
    refused(&log, "no match_started", |l| {
        l.events[0].event = RoomEvent::Conceded { coach: Side::Home };
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn recovery_brings_back_open_and_playing_rooms_finishes_ended_ones_and_reports_broken_ones() {
    let (store, dir) = sqlite().await;
    let coaches = coaches(store.as_ref()).await;
    let (playing, _) = play_stored(
        store.as_ref(),
        "playing",
        &coaches,
        &blitz_spec(2),
        2,
        60,
        true,
    )
    .await;
    store
        .create_match("open", &blitz_spec(3), 1, 4)
        .await
        .expect("create");
    // Ended in the log, not in the row: the crash came between the two.
    let (ended, _) = play_stored(
        store.as_ref(),
        "stale",
        &coaches,
        &blitz_spec(4),
        4,
        100_000,
        false,
    )
    .await;
    assert!(ended.is_over());
    assert_eq!(
        stored_log(store.as_ref(), "stale").await.status,
        RoomStatus::Playing
    );
    // Broken: its events do not follow from its seed.
    play_stored(
        store.as_ref(),
        "broken",
        &coaches,
        &blitz_spec(6),
        6,
        30,
        true,
    )
    .await;
    let broken_before = stored_log(store.as_ref(), "broken").await;
    let mut bad = broken_before.events[5].clone();
    bad.seq = broken_before.events.len() as u64 + 1;
    store.append("broken", None, &[bad]).await.expect("append");

    let config = Config {
        listen: "127.0.0.1:0".parse().expect("address"),
        data_dir: dir.path().to_owned(),
        database_url: None,
        tls: None,
        limits: fast_limits(),
        cluster: Default::default(),
    };
    let state = AppState::with_store(config, store.clone());
    let report = state.recover().await.expect("recover");
    assert_eq!(report.playing, vec!["playing".to_owned()]);
    assert_eq!(report.open, vec!["open".to_owned()]);
    assert_eq!(report.finished, vec!["stale".to_owned()]);
    assert_eq!(
        report
            .failed
            .iter()
            .map(|(id, _)| id.as_str())
            .collect::<Vec<_>>(),
        vec!["broken"]
    );
    assert!(report.failed[0].1.contains("does not replay"), "{report:?}");

    // The rooms are back: open and playing ones in the lobby, the ended one finished.
    let lobby: Vec<(String, RoomStatus)> = state
        .lobby()
        .list_public()
        .into_iter()
        .map(|s| (s.room, s.status))
        .collect();
    assert!(
        lobby.contains(&("playing".to_owned(), RoomStatus::Playing)),
        "{lobby:?}"
    );
    assert!(
        lobby.contains(&("open".to_owned(), RoomStatus::Open)),
        "{lobby:?}"
    );
    assert!(state.lobby().get("stale").is_some());
    assert!(state.lobby().get("broken").is_none());
    let summary = state
        .lobby()
        .list_public()
        .into_iter()
        .find(|s| s.room == "playing")
        .expect("listed");
    assert_eq!(
        summary.seats,
        [Some("home_coach".to_owned()), Some("away_coach".to_owned())]
    );
    let log = stored_log(store.as_ref(), "playing").await;
    assert_eq!(summary.seq, log.events.last().map_or(0, |e| e.seq));
    assert!(!playing.is_over());

    // The store: the ended match is finished now; the broken one is left exactly as it was.
    assert_eq!(
        stored_log(store.as_ref(), "stale").await.status,
        RoomStatus::Finished
    );
    let broken_after = stored_log(store.as_ref(), "broken").await;
    assert_eq!(broken_after.status, RoomStatus::Playing);
    assert_eq!(broken_after.events.len(), broken_before.events.len() + 1);
    state.shutdown().trigger();
}
