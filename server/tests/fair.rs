//! Provably fair dice, end to end: real matches over WebSockets against a real server with
//! SQLite in a temp dir, then `fair::verify_match` and the `dugout-server verify` binary on
//! the stored match, as played and with its stored log altered.

mod common;

use std::path::PathBuf;
use std::process::Output;

use common::*;
use dugout_protocol::{
    ClientMessage, DiceCommitment, ErrorCode, MatchResult, RoomEvent, RoomStatus, SeqEvent,
    TimerPolicy,
};
use dugout_rules::AnyEvent;
use dugout_rules::blitz::{Event, RollPurpose};
use dugout_rules::core::{Die, Side};
use dugout_server::fair::{self, Mismatch, Verdict};
use dugout_server::store::{MatchLog, hex};
use sqlx::{Connection, SqliteConnection};

const HOME_ENTROPY: &str = "C0FFEE00deadBEEF";
const AWAY_ENTROPY: &str = "0123456789abcdef0123456789abcdef";

/// A match played to the end by two coaches who sent entropy; the server (still running),
/// the room and the log.
async fn played_match() -> (TestServer, String, MatchLog) {
    let server = TestServer::start().await;
    let ta = server.register("coach_a").await;
    let tb = server.register("coach_b").await;
    let mut a = server.client(&ta).await;
    let mut b = server.client(&tb).await;
    let room = a.create_room(spec(plain_setup(), TimerPolicy::None)).await;
    assert_eq!(
        a.join_with_entropy(&room, Some(Side::Home), HOME_ENTROPY)
            .await,
        Ok(Some(0))
    );
    assert_eq!(
        b.join_with_entropy(&room, Some(Side::Away), AWAY_ENTROPY)
            .await,
        Ok(Some(0))
    );
    start(&mut a, &mut b, &room).await;
    play_to_end(&mut a, &mut b, &mut [], &room, &mut Picker::new(5)).await;
    let log = server.match_log(&room).await;
    assert_eq!(log.status, RoomStatus::Finished);
    (server, room, log)
}

fn verified(log: &MatchLog) -> fair::Verified {
    match fair::verify_log(log) {
        Verdict::Verified(v) => v,
        other => panic!("the match should verify: {other:?}"),
    }
}

fn failure(log: &MatchLog) -> Mismatch {
    match fair::verify_log(log) {
        Verdict::Failed(m) => m,
        other => panic!("the match should fail verification: {other:?}"),
    }
}

/// The index and seq of a stored die roll: the last one of a D6, D8 or block die, else the
/// coin toss (random play rolls little; every match tosses the coin). Shuffles are left
/// out: their event shows no face.
fn a_roll(log: &MatchLog) -> (usize, u64) {
    let rolls: Vec<(usize, Die)> = log
        .events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| match &e.event {
            RoomEvent::Game {
                event: AnyEvent::Blitz(Event::Rolled(r)),
            } if r.purpose != RollPurpose::Shuffle && !r.faces.is_empty() => Some((i, r.die)),
            _ => None,
        })
        .collect();
    let (i, _) = rolls
        .iter()
        .rev()
        .find(|(_, die)| !matches!(die, Die::Range(_)))
        .or(rolls.first())
        .copied()
        .expect("every match tosses the coin");
    (i, log.events[i].seq)
}

/// The same event with its first die face changed to another face of the same die.
fn one_face_changed(event: &RoomEvent) -> RoomEvent {
    let mut event = event.clone();
    if let RoomEvent::Game {
        event: AnyEvent::Blitz(Event::Rolled(roll)),
    } = &mut event
    {
        let n = roll.die.faces() as u16;
        let f = roll.faces[0];
        roll.faces[0] = match roll.die {
            Die::Range(_) => (f + 1) % n,
            _ => f % n + 1,
        };
    }
    event
}

/// Where the server keeps its SQLite file.
fn db_path(server: &TestServer) -> PathBuf {
    server.state.config().data_dir.join("dugout.sqlite3")
}

/// Overwrite one stored event, as someone with access to the database could.
async fn tamper(server: &TestServer, room: &str, seq: u64, event: &RoomEvent) {
    let url = format!("sqlite://{}", db_path(server).display());
    let mut conn = SqliteConnection::connect(&url).await.expect("open the db");
    let done = sqlx::query("UPDATE match_events SET event = ? WHERE match_id = ? AND seq = ?")
        .bind(serde_json::to_string(event).expect("json"))
        .bind(room)
        .bind(i64::try_from(seq).expect("small seq"))
        .execute(&mut conn)
        .await
        .expect("update");
    assert_eq!(done.rows_affected(), 1);
    conn.close().await.expect("close");
}

/// `dugout-server verify --match <room>` on the server's data dir.
fn run_verify(server: &TestServer, room: &str) -> (i32, String) {
    let out: Output = std::process::Command::new(env!("CARGO_BIN_EXE_dugout-server"))
        .args(["verify", "--match", room, "--log", "error", "--data-dir"])
        .arg(&server.state.config().data_dir)
        .env_remove("DUGOUT_DATABASE_URL")
        .output()
        .expect("run dugout-server verify");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    (
        out.status.code().expect("an exit code"),
        format!("{stdout}{stderr}"),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_real_match_verifies_and_the_same_log_with_one_die_face_changed_fails_at_that_seq() {
    let (mut server, room, log) = played_match().await;
    server.stop().await.expect("the server stops");

    // The library, on the store the server wrote.
    let report = fair::verify_match(server.state.store().as_ref(), &room)
        .await
        .expect("the store answers");
    assert_eq!(report.exit_code(), 0, "{report}");
    let v = verified(&log);
    assert_eq!(Some(v.result), log.result);
    assert_eq!(v.commands, log.commands.len());
    assert_eq!(v.events, log.events.len());
    assert_eq!(
        v.entropy,
        [
            Some(HOME_ENTROPY.to_ascii_lowercase()),
            Some(AWAY_ENTROPY.to_owned())
        ]
    );

    // The binary agrees.
    let (code, out) = run_verify(&server, &room);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(&format!("match {room}: OK")), "{out}");
    assert!(out.contains("all"), "{out}");

    // One die face changed in one stored event, in memory...
    let (i, seq) = a_roll(&log);
    let original = log.events[i].event.clone();
    let altered = one_face_changed(&original);
    assert_ne!(altered, original);
    let mut bad = log.clone();
    bad.events[i].event = altered.clone();
    match failure(&bad) {
        Mismatch::Event {
            seq: at,
            stored,
            regenerated,
        } => {
            assert_eq!(at, seq, "the first mismatch is the altered event");
            assert_eq!(stored.map(|s| s.event), Some(altered.clone()));
            assert_eq!(regenerated.map(|e| *e), Some(original.clone()));
        }
        other => panic!("expected an event mismatch, got {other}"),
    }

    // ...and in the database: the verify command names the seq and shows both events.
    tamper(&server, &room, seq, &altered).await;
    let (code, out) = run_verify(&server, &room);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(&format!("match {room}: FAILED")), "{out}");
    assert!(
        out.contains(&format!("first mismatch at seq {seq}\n")),
        "{out}"
    );
    assert!(
        out.contains("stored:") && out.contains("regenerated:"),
        "{out}"
    );

    // Put it back: the match verifies again.
    tamper(&server, &room, seq, &original).await;
    let (code, out) = run_verify(&server, &room);
    assert_eq!(code, 0, "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_revealed_seed_fails_the_commitment_check() {
    let (mut server, room, log) = played_match().await;
    server.stop().await.expect("the server stops");
    let (i, last) = log
        .events
        .iter()
        .enumerate()
        .next_back()
        .expect("a finished match has events");
    let RoomEvent::MatchEnded {
        result,
        server_seed: Some(seed),
    } = &last.event
    else {
        panic!("the log ends with the reveal: {:?}", last.event);
    };
    let mut wrong = fair::unhex_seed(seed).expect("a hex seed");
    wrong[0] ^= 1;
    let forged = RoomEvent::MatchEnded {
        result: *result,
        server_seed: Some(hex(&wrong)),
    };

    // In memory: the forged reveal does not hash to the commitment.
    let mut bad = log.clone();
    bad.events[i].event = forged.clone();
    match failure(&bad) {
        Mismatch::Commitment {
            revealed,
            revealed_sha256,
            commitment,
        } => {
            assert_eq!(revealed, hex(&wrong));
            assert_eq!(revealed_sha256, hex(&fair::commitment(&wrong)));
            assert_ne!(revealed_sha256, commitment);
        }
        other => panic!("expected a commitment mismatch, got {other}"),
    }
    // A reveal that is not a seed at all.
    let mut bad = log.clone();
    bad.events[i].event = RoomEvent::MatchEnded {
        result: *result,
        server_seed: Some("not a seed".into()),
    };
    assert!(matches!(failure(&bad), Mismatch::BadReveal { .. }));

    // The stored secret itself changed: the log's reveal no longer matches it.
    let mut bad = log.clone();
    bad.server_seed = Some(wrong);
    assert!(matches!(failure(&bad), Mismatch::StoredSeed { .. }));

    // A log whose end was cut off while the match is recorded as finished.
    let mut bad = log.clone();
    bad.events.pop();
    assert_eq!(failure(&bad), Mismatch::MissingEnd);

    // A log from before the commitment existed: its stored seed is the dice seed itself,
    // and it cannot be verified.
    let mut old = log.clone();
    if let RoomEvent::MatchStarted { dice, .. } = &mut old.events[0].event {
        *dice = None;
    }
    assert_eq!(old.dice_seed().expect("derives"), old.server_seed);
    assert_eq!(failure(&old), Mismatch::NoCommitment);

    // In the database, through the command.
    tamper(&server, &room, last.seq, &forged).await;
    let (code, out) = run_verify(&server, &room);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("does not match the commitment"), "{out}");
}

/// Every raw message `c` received before the one with `match_ended`, and that one.
fn before_the_end(raw: &[String]) -> (&[String], &str) {
    let end = raw
        .iter()
        .position(|m| m.contains("\"match_ended\""))
        .expect("the client saw the match end");
    (&raw[..end], &raw[end])
}

fn commitment_of(events: &[SeqEvent]) -> DiceCommitment {
    match events.first() {
        Some(SeqEvent {
            seq: 1,
            event: RoomEvent::MatchStarted {
                dice: Some(dice), ..
            },
        }) => dice.clone(),
        other => panic!("the first event is the commitment: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_commitment_reaches_every_seat_at_the_start_and_the_seed_is_hidden_until_the_end() {
    let server = TestServer::start().await;
    let ta = server.register("coach_a").await;
    let tb = server.register("coach_b").await;
    let tw = server.register("watcher").await;
    let mut a = server.client(&ta).await;
    let mut b = server.client(&tb).await;
    let mut s = server.client(&tw).await;
    let room = a.create_room(spec(plain_setup(), TimerPolicy::None)).await;
    // The last entropy sent before the start counts; a join without any keeps it.
    assert!(
        a.join_with_entropy(&room, Some(Side::Home), "aa")
            .await
            .is_ok()
    );
    assert!(
        a.join_with_entropy(&room, Some(Side::Home), HOME_ENTROPY)
            .await
            .is_ok()
    );
    assert!(a.join(&room, Some(Side::Home)).await.is_ok());
    assert!(b.join(&room, Some(Side::Away)).await.is_ok());
    assert!(s.spectate(&room).await.is_ok());
    start(&mut a, &mut b, &room).await;
    s.wait_snapshot().await;

    // Every seat got the same commitment, first thing, with the coaches' entropy.
    let c = commitment_of(&a.events);
    assert_eq!(commitment_of(&b.events), c);
    assert_eq!(commitment_of(&s.events), c);
    assert_eq!(c.entropy, [Some(HOME_ENTROPY.to_ascii_lowercase()), None]);
    // Entropy sent after the start changes nothing (the dice are fixed).
    assert!(
        b.join_with_entropy(&room, Some(Side::Away), "ff")
            .await
            .is_ok()
    );

    play_to_end(&mut a, &mut b, &mut [&mut s], &room, &mut Picker::new(5)).await;
    let log = server.match_log(&room).await;
    let server_seed = log.server_seed.expect("the server seed is stored");
    let dice_seed = log.dice_seed().expect("derives").expect("a started match");
    assert_eq!(c.commitment, hex(&fair::commitment(&server_seed)));
    assert_eq!(
        dice_seed,
        fair::dice_seed(
            &server_seed,
            [
                &fair::unhex(HOME_ENTROPY).expect("hex")[..],
                &[] // away sent none before the start
            ]
        )
    );
    assert_ne!(dice_seed, server_seed);

    // Nobody saw the server seed or the dice seed before the end; everyone sees the server
    // seed revealed in `match_ended`.
    let secrets = [hex(&server_seed), hex(&dice_seed)];
    for (who, client) in [("home", &a), ("away", &b), ("spectator", &s)] {
        let (before, end) = before_the_end(&client.raw);
        assert!(before.len() > 20, "{who} saw the whole match");
        for msg in before {
            for secret in &secrets {
                assert!(
                    !msg.contains(secret.as_str()),
                    "{who} saw a secret seed before the end: {msg}"
                );
            }
        }
        assert!(end.contains(&secrets[0]), "{who} sees the reveal: {end}");
        assert!(
            !end.contains(&secrets[1]),
            "the dice seed is derived, not sent"
        );
        let reveal = client.events.iter().find_map(|e| match &e.event {
            RoomEvent::MatchEnded { server_seed, .. } => server_seed.clone(),
            _ => None,
        });
        assert_eq!(reveal, Some(hex(&server_seed)), "{who}");
    }
    verified(&log);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn entropy_that_is_not_one_to_64_bytes_of_hex_is_refused_as_malformed() {
    let server = TestServer::start().await;
    let ta = server.register("coach_a").await;
    let mut a = server.client(&ta).await;
    let room = a.create_room(spec(plain_setup(), TimerPolicy::None)).await;
    let too_long = "ab".repeat(65);
    for bad in ["", "abc", "xyz0", "0x12", too_long.as_str()] {
        let r = a.join_with_entropy(&room, Some(Side::Home), bad).await;
        assert_eq!(r.map_err(|e| e.0), Err(ErrorCode::Malformed), "{bad:?}");
    }
    // Refused before the room saw it: the seat is still free, and 64 bytes are fine.
    let longest = "ab".repeat(64);
    assert_eq!(
        a.join_with_entropy(&room, Some(Side::Home), &longest).await,
        Ok(Some(0))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unfinished_match_cannot_be_verified_yet_and_a_conceded_one_verifies() {
    let server = TestServer::start().await;
    let (mut a, mut b, room) = open_match(&server, plain_setup(), TimerPolicy::None).await;

    // Not started: nothing to verify.
    let (code, out) = run_verify(&server, &room);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("never started"), "{out}");
    let (code, out) = run_verify(&server, "no-such-match");
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("no such match"), "{out}");

    // Under way: the seed is not revealed yet.
    start(&mut a, &mut b, &room).await;
    let mut picker = Picker::new(9);
    for _ in 0..15 {
        play_one(&mut [&mut a, &mut b], &mut [], &room, &mut picker).await;
    }
    let log = server.match_log(&room).await;
    assert!(matches!(
        fair::verify_log(&log),
        Verdict::NotRevealed {
            status: RoomStatus::Playing,
            ..
        }
    ));
    let (code, out) = run_verify(&server, &room);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("CANNOT VERIFY YET"), "{out}");
    assert!(!out.contains(&hex(&log.server_seed.expect("seed"))));

    // A concession ends it and reveals the seed: it verifies.
    let r = a
        .request(|id| ClientMessage::Concede {
            id,
            room: room.clone(),
        })
        .await;
    assert!(r.is_ok(), "{r:?}");
    let log = server.match_log(&room).await;
    let v = verified(&log);
    assert_eq!(v.result, MatchResult::Concession { loser: Side::Home });
    let (code, out) = run_verify(&server, &room);
    assert_eq!(code, 0, "{out}");

    // A concession recorded for the other coach than the one the result names fails.
    let mut bad = log.clone();
    let n = bad.events.len();
    bad.events[n - 2].event = RoomEvent::Conceded { coach: Side::Away };
    assert!(matches!(failure(&bad), Mismatch::Event { seq, .. } if seq == n as u64));
}

/// Seed grinding (issue 15): the server draws its seed when the room is made and publishes
/// the commitment in the room's summary before any coach sends entropy; `match_started`
/// repeats the same commitment, and the revealed seed hashes to it.
#[tokio::test]
async fn the_server_commits_to_its_seed_before_any_entropy_and_keeps_it() {
    let server = TestServer::start().await;
    let ta = server.register("coach_a").await;
    let tb = server.register("coach_b").await;
    let mut a = server.client(&ta).await;
    let mut b = server.client(&tb).await;
    let room = a.create_room(spec(plain_setup(), TimerPolicy::None)).await;
    // Before anyone sits down: the lobby already shows the commitment.
    let (_, rooms) = server.get("/api/rooms").await;
    let listed = rooms
        .as_array()
        .expect("a list")
        .iter()
        .find(|r| r["room"] == room.as_str())
        .cloned()
        .expect("listed");
    let early = listed["dice_commitment"]
        .as_str()
        .expect("a commitment before any entropy")
        .to_owned();
    assert_eq!(early.len(), 64);
    assert!(
        a.join_with_entropy(&room, Some(Side::Home), HOME_ENTROPY)
            .await
            .is_ok()
    );
    assert!(
        b.join_with_entropy(&room, Some(Side::Away), AWAY_ENTROPY)
            .await
            .is_ok()
    );
    start(&mut a, &mut b, &room).await;
    let log = server.match_log(&room).await;
    match &log.events[0].event {
        RoomEvent::MatchStarted {
            dice: Some(DiceCommitment { commitment, .. }),
            ..
        } => assert_eq!(
            commitment, &early,
            "the seed committed to at creation is the one used"
        ),
        other => panic!("the log starts {other:?}"),
    }
    let seed = log.server_seed.expect("stored at the start");
    assert_eq!(hex(&fair::commitment(&seed)), early);
}
