//! The verifier against a real server: a match played to the end over the server's WebSocket
//! (the server's own test clients, `server/tests/common`), then the `dugout-verify` binary
//! against its REST API; the same match with one die face changed (in the fetched data, and
//! in the server's SQLite file) must fail at that seq; a live and an unknown match are
//! refused with their own exit codes.

#[path = "../../../server/tests/common/mod.rs"]
mod common;

use common::{Client, Picker, TestServer, plain_setup, play_one, spec, start};
use dugout_protocol::{LogEntry, RoomEvent, TimerPolicy};
use dugout_rules::AnyEvent;
use dugout_rules::blitz::{Event, RollPurpose};
use dugout_rules::core::{Die, Side};
use dugout_verifier::{Api, FetchError, MatchData, Mismatch, Verdict, verify};
use sqlx::{Connection, SqliteConnection};

/// Commands after which a test gives up on a match ending.
const MAX_COMMANDS: usize = 20_000;

async fn play_to_end(a: &mut Client, b: &mut Client, room: &str) {
    let mut picker = Picker::new(5);
    let mut n = 0;
    while play_one(&mut [&mut *a, &mut *b], &mut [], room, &mut picker)
        .await
        .is_some()
    {
        n += 1;
        assert!(n < MAX_COMMANDS, "no result after {MAX_COMMANDS} commands");
    }
}

/// `dugout-verify` with `args` after `--server`: its exit code and its output.
async fn run_verify(server: &TestServer, args: &[&str]) -> (i32, String) {
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_dugout-verify"))
        .arg("--server")
        .arg(format!("http://{}", server.addr))
        .args(args)
        .output()
        .await
        .expect("run dugout-verify");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().expect("an exit code"), text)
}

/// The index of a stored die roll whose face can be changed: the last D6, D8 or block die
/// (else the coin toss, which every match has).
fn a_roll(events: &[LogEntry]) -> usize {
    let rolls: Vec<(usize, Die)> = events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| match &e.event {
            RoomEvent::Game {
                event: AnyEvent::Blitz(Event::Rolled(r)),
            } if r.purpose != RollPurpose::Shuffle && !r.faces.is_empty() => Some((i, r.die)),
            _ => None,
        })
        .collect();
    rolls
        .iter()
        .rev()
        .find(|(_, die)| !matches!(die, Die::Range(_)))
        .or(rolls.first())
        .map(|(i, _)| *i)
        .expect("every match tosses the coin")
}

/// The same event with its first face changed to another face of the same die.
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

/// Overwrite one stored event in the server's SQLite file, as someone with access to the
/// database could.
async fn tamper(server: &TestServer, room: &str, seq: u64, event: &RoomEvent) {
    let path = server.state.config().data_dir.join("dugout.sqlite3");
    let url = format!("sqlite://{}", path.display());
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_match_verifies_over_rest_and_one_changed_die_face_fails_at_its_seq() {
    let server = TestServer::start().await;
    let ta = server.register("coach_a").await;
    let tb = server.register("coach_b").await;
    let mut a = server.client(&ta).await;
    let mut b = server.client(&tb).await;
    let room = a.create_room(spec(plain_setup(), TimerPolicy::None)).await;
    assert!(
        a.join_with_entropy(&room, Some(Side::Home), "C0FFEE00deadBEEF")
            .await
            .is_ok()
    );
    assert!(b.join(&room, Some(Side::Away)).await.is_ok());
    start(&mut a, &mut b, &room).await;
    play_to_end(&mut a, &mut b, &room).await;

    // The binary, as a third party runs it.
    let (code, out) = run_verify(&server, &["--match", &room]).await;
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(&format!("match {room}: VERIFIED")), "{out}");
    assert!(out.contains("home c0ffee00deadbeef, away none"), "{out}");
    let log = server.match_log(&room).await;
    let seed = log.dice_seed().expect("derives").expect("a started match");
    assert!(
        out.contains(&dugout_verifier::hex(&seed)),
        "the verifier derived the server's dice seed: {out}"
    );

    // The library on the fetched data: verified as fetched...
    let api = Api::new(&format!("http://{}", server.addr), None).expect("an API");
    let data: MatchData = api.fetch(&room).await.expect("fetched");
    assert_eq!(data.events.len(), log.events.len());
    assert_eq!(data.commands.commands.len(), log.commands.len());
    match verify(&data) {
        Verdict::Verified(v) => {
            assert_eq!(v.commands, log.commands.len());
            assert_eq!(Some(v.result), log.result);
        }
        other => panic!("the match should verify: {other:?}"),
    }
    // ...and failing at the seq of one changed die face.
    let i = a_roll(&data.events);
    let seq = data.events[i].seq;
    let original = data.events[i].event.clone();
    let altered = one_face_changed(&original);
    assert_ne!(altered, original);
    let mut bad = data.clone();
    bad.events[i].event = altered.clone();
    match verify(&bad) {
        Verdict::Failed(m) => match *m {
            Mismatch::Event {
                seq: at,
                stored,
                regenerated,
            } => {
                assert_eq!(at, seq);
                assert_eq!(stored.map(|s| s.event), Some(altered.clone()));
                assert_eq!(regenerated.map(|e| *e), Some(original.clone()));
            }
            other => panic!("expected an event mismatch, got {other}"),
        },
        other => panic!("a changed face must fail: {other:?}"),
    }
    // A reveal that does not hash to the commitment.
    let mut bad = data.clone();
    let last = bad.events.len() - 1;
    if let RoomEvent::MatchEnded { server_seed, .. } = &mut bad.events[last].event {
        *server_seed = Some("00".repeat(32));
    }
    match verify(&bad) {
        Verdict::Failed(m) => assert!(matches!(*m, Mismatch::Commitment { .. }), "{m}"),
        other => panic!("a wrong reveal must fail: {other:?}"),
    }
    // A command dropped from the commands route.
    let mut bad = data.clone();
    bad.commands
        .commands
        .remove(bad.commands.commands.len() / 2);
    assert_eq!(verify(&bad).exit_code(), 1);

    // The same change in the server's database: the binary fails and names the seq.
    tamper(&server, &room, seq, &altered).await;
    let (code, out) = run_verify(&server, &["--match", &room]).await;
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(&format!("match {room}: DOES NOT VERIFY")),
        "{out}"
    );
    assert!(
        out.contains(&format!("first mismatch at seq {seq}\n")),
        "{out}"
    );
    tamper(&server, &room, seq, &original).await;
    let (code, out) = run_verify(&server, &["--match", &room]).await;
    assert_eq!(code, 0, "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_match_an_unknown_one_and_a_private_one_are_refused_with_their_exit_codes() {
    let server = TestServer::start().await;
    let ta = server.register("coach_a").await;
    let tb = server.register("coach_b").await;
    let tc = server.register("stranger").await;
    let mut a = server.client(&ta).await;
    let mut b = server.client(&tb).await;
    let mut room_spec = spec(plain_setup(), TimerPolicy::None);
    room_spec.private = true;
    let room = a.create_room(room_spec).await;
    assert!(a.join(&room, Some(Side::Home)).await.is_ok());
    assert!(b.join(&room, Some(Side::Away)).await.is_ok());
    start(&mut a, &mut b, &room).await;
    let mut picker = Picker::new(3);
    for _ in 0..10 {
        play_one(&mut [&mut a, &mut b], &mut [], &room, &mut picker).await;
    }

    // Its coach sees it, but it is not over: 3.
    let (code, out) = run_verify(&server, &["--match", &room, "--token", &ta]).await;
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("CANNOT VERIFY YET"), "{out}");
    let seed = server.match_log(&room).await.server_seed.expect("a seed");
    assert!(!out.contains(&dugout_verifier::hex(&seed)), "{out}");
    // Anyone else: it does not exist (2), as for an unknown id.
    for args in [
        vec!["--match", room.as_str()],
        vec!["--match", room.as_str(), "--token", tc.as_str()],
        vec!["--match", "no-such-match"],
    ] {
        let (code, out) = run_verify(&server, &args).await;
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(out.contains("not found"), "{args:?}: {out}");
    }
    // Usage mistakes and an unreachable server: 2.
    let (code, out) = run_verify(&server, &[]).await;
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("--match is required"), "{out}");
    let api = Api::new("http://127.0.0.1:1", None).expect("an API");
    let err = api.fetch("x").await.expect_err("nothing listens on port 1");
    assert!(matches!(err, FetchError::Network(_)), "{err}");
    assert_eq!(err.exit_code(), 2);
    assert!(Api::new("ftp://x", None).is_err());
}
