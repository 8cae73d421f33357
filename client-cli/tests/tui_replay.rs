//! The replay of the terminal client against a real server (the `dugout-server` library's
//! `run` on 127.0.0.1:0, SQLite in a temp dir): two `dugout bot` processes play a complete
//! match, then the replay model loads it through the REST archive and is stepped with its
//! keys, each state fetched the way the runtime fetches it; at the end it shows exactly the
//! state the REST API reports at the last seq, and that state is the stored result.
#![allow(clippy::unwrap_used)]

use std::time::{Duration, Instant};

use dugout_client::app::run::{fetch_state, load_replay};
use dugout_client::app::{App, Effect, Input, Screen};
use dugout_client::http::ServerUrl;
use dugout_protocol::{MatchResult, RoomEvent, RoomStatus};
use dugout_server::{AppState, Config, run};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tokio::net::TcpListener;
use tokio::process::Command;

mod common;
use common::{DUGOUT, bot_token, text};

/// Carry out the model's effects as the runtime does (only state fetches happen in a
/// replay), feeding the answers back; returns how many states were fetched.
async fn settle(app: &mut App, url: &ServerUrl, id: &str, mut effects: Vec<Effect>) -> usize {
    let mut fetched = 0;
    while let Some(effect) = effects.pop() {
        match effect {
            Effect::FetchState { seq } => {
                let state = fetch_state(url, id, seq).await.unwrap();
                assert_eq!(state.seq, seq);
                assert!(state.at_seq <= seq.max(state.at_seq));
                fetched += 1;
                effects.extend(app.on_input(Input::State(Box::new(state))));
            }
            other => panic!("a replay asks only for states, not {other:?}"),
        }
    }
    fetched
}

fn press(app: &mut App, code: KeyCode) -> Vec<Effect> {
    app.on_key(KeyEvent::new(code, KeyModifiers::NONE))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_match_replays_to_the_state_the_archive_reports() {
    let dir = tempfile::tempdir().unwrap();
    let config = Config {
        listen: "127.0.0.1:0".parse().unwrap(),
        data_dir: dir.path().join("data"),
        ..Config::default()
    };
    let state = AppState::open(config).await.unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(run(listener, state.clone(), async {
        let _ = stopped.await;
    }));
    let base = format!("http://{addr}");

    let home = bot_token(&base, "home-bot").await;
    let away = bot_token(&base, "away-bot").await;
    let spawn = |token: &str, args: &[&str]| {
        Command::new(DUGOUT)
            .args(["bot", "--server", &base, "--token", token])
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .unwrap()
    };
    let joiner = spawn(&away, &["--join", "--strategy", "random", "--seed", "5"]);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let creator = spawn(&home, &["--create", "--strategy", "greedy", "--seed", "6"]);
    let deadline = Duration::from_secs(240);
    let out = tokio::time::timeout(deadline, creator.wait_with_output())
        .await
        .expect("the game ends in time")
        .unwrap();
    assert!(out.status.success(), "creator: {}", text(&out.stderr));
    let joined = tokio::time::timeout(deadline, joiner.wait_with_output())
        .await
        .expect("the joiner ends in time")
        .unwrap();
    assert!(joined.status.success(), "joiner: {}", text(&joined.stderr));
    let stdout = text(&out.stdout);
    let room = stdout
        .lines()
        .find(|l| l.starts_with("result "))
        .and_then(|l| l.split(' ').find_map(|kv| kv.strip_prefix("room=")))
        .unwrap_or_else(|| panic!("no result line: {stdout}"))
        .to_owned();

    // The store's word on the match.
    let log = state.store().match_log(&room).await.unwrap().unwrap();
    assert_eq!(log.status, RoomStatus::Finished);
    let result = log.result.expect("a result");

    // Load it as `dugout replay` does.
    let url = ServerUrl::parse(&base).unwrap();
    let replay = load_replay(&url, &room).await.unwrap();
    let last_seq = replay.entries.last().unwrap().seq;
    assert_eq!(
        replay.entries.iter().map(|e| e.seq).collect::<Vec<_>>(),
        (1..=last_seq).collect::<Vec<_>>(),
        "every event, in order, across pages"
    );
    assert!(
        matches!(
            replay.entries.last().unwrap().event,
            RoomEvent::MatchEnded { .. }
        ),
        "the log ends with match_ended"
    );
    assert_eq!(
        replay.names,
        [Some("home-bot"), Some("away-bot")].map(|n| n.unwrap().to_string())
    );
    let (mut app, first) = App::replay(&base, replay, Instant::now());
    assert_eq!(settle(&mut app, &url, &room, first).await, 1);

    // A few steps forward, each one event; then back one.
    for i in 1..=5u64 {
        let effects = press(&mut app, KeyCode::Right);
        assert_eq!(effects, vec![Effect::FetchState { seq: i }]);
        settle(&mut app, &url, &room, effects).await;
        let Screen::Replay(r) = &app.screen else {
            panic!("the replay screen");
        };
        assert_eq!(r.seq(), i);
        assert!(r.view.is_some(), "a state is shown at seq {i}");
    }
    let effects = press(&mut app, KeyCode::Left);
    assert_eq!(effects, vec![Effect::FetchState { seq: 4 }]);
    settle(&mut app, &url, &room, effects).await;

    // Jump to turn 2, then to the end.
    press(&mut app, KeyCode::Char('t'));
    press(&mut app, KeyCode::Char('2'));
    let effects = press(&mut app, KeyCode::Enter);
    assert_eq!(effects.len(), 1, "turn 2 exists in a full match");
    settle(&mut app, &url, &room, effects).await;
    let Screen::Replay(r) = &app.screen else {
        panic!("the replay screen");
    };
    let at_turn_2 = r.view.clone().expect("a state");
    let turn_2_seq =
        r.entries
            .iter()
            .find(|e| {
                matches!(
                    &e.event,
                    RoomEvent::Game {
                        event: dugout_rules::AnyEvent::Blitz(
                            dugout_rules::blitz::Event::TurnStarted { turn: 2, .. }
                        )
                    }
                )
            })
            .map(|e| e.seq);
    assert_eq!(Some(r.seq()), turn_2_seq, "at the event that starts turn 2");
    // The archive's state at a seq is the one after the last whole command up to it: the
    // command whose events start turn 2 may end later.
    let at = r.at_seq.expect("the state's seq");
    assert!(at <= r.seq(), "{at} <= {}", r.seq());
    assert!(at_turn_2.turns_started.iter().all(|t| *t <= 2));

    let effects = press(&mut app, KeyCode::End);
    assert_eq!(effects, vec![Effect::FetchState { seq: last_seq }]);
    settle(&mut app, &url, &room, effects).await;
    let Screen::Replay(r) = &app.screen else {
        panic!("the replay screen");
    };
    let shown = r.view.clone().expect("the final state is shown");
    assert_eq!(r.seq(), last_seq);

    // Exactly what the REST API reports at the last seq...
    let rest = fetch_state(&url, &room, last_seq).await.unwrap();
    assert_eq!(
        Ok(shown.clone()),
        dugout_client::game::blitz::view(&rest.view)
    );
    assert_eq!(r.at_seq, Some(rest.at_seq));
    // ...and that is the stored result.
    assert!(
        shown.outcome.is_some(),
        "the game is over in the final state"
    );
    if let MatchResult::Game { score, .. } = result {
        assert_eq!(shown.score, score);
    }
    assert_ne!(shown, at_turn_2);

    let _ = stop.send(());
    let _ = tokio::time::timeout(Duration::from_secs(30), server).await;
}
