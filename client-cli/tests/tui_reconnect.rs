//! The interactive client without a terminal, against a real server that goes away: the
//! [`App`] model wired to the runtime's connection task (as `dugout play` wires it), keys
//! in, effects carried out. A person logs in from the saved session, creates a room by keys,
//! a `dugout bot` process joins, the match starts; then the server stops: the client shows
//! `[reconnecting...]`, and when the server is back (same port, same database, the match
//! recovered) the client is up again and resumes the match from the last seq it saw.
#![allow(clippy::unwrap_used)]

use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use dugout_client::app::config::Saved;
use dugout_client::app::render::render_app;
use dugout_client::app::run::{LinkSlot, connection};
use dugout_client::app::{App, Effect, Input, Link, Request, Screen};
use dugout_client::http::{self, ServerUrl};
use dugout_server::{AppState, Config, run};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

mod common;
use common::{DUGOUT, bot_token};
const WAIT: Duration = Duration::from_secs(60);

struct Server {
    stop: oneshot::Sender<()>,
    task: JoinHandle<std::io::Result<()>>,
}

async fn serve(addr: SocketAddr, data: &std::path::Path) -> Server {
    let config = Config {
        listen: addr,
        data_dir: data.to_path_buf(),
        ..Config::default()
    };
    let state = AppState::open(config).await.unwrap();
    // The port may take a moment to be free again after a stop.
    let start = Instant::now();
    let listener = loop {
        match TcpListener::bind(addr).await {
            Ok(l) => break l,
            Err(e) if start.elapsed() < WAIT => {
                let _ = e;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("cannot bind {addr} again: {e}"),
        }
    };
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(run(listener, state, async {
        let _ = stopped.await;
    }));
    Server { stop, task }
}

/// The app and what carries out its effects (as the runtime does, minus the terminal).
struct Client {
    app: App,
    inputs_tx: mpsc::UnboundedSender<Input>,
    inputs: mpsc::UnboundedReceiver<Input>,
    requests: Option<mpsc::UnboundedSender<Request>>,
    link: LinkSlot,
    last_link: Option<bool>,
}

impl Client {
    fn perform(&mut self, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::Connect { server, token } => {
                    let (tx, rx) = mpsc::unbounded_channel();
                    self.requests = Some(tx);
                    tokio::spawn(connection(
                        server,
                        token,
                        rx,
                        self.inputs_tx.clone(),
                        self.link.clone(),
                    ));
                }
                Effect::Send(request) => {
                    self.requests
                        .as_ref()
                        .expect("connected")
                        .send(request)
                        .unwrap();
                }
                other => panic!("unexpected effect {other:?}"),
            }
        }
    }

    fn key(&mut self, code: KeyCode) {
        let effects = self.app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
        self.perform(effects);
    }

    /// Feed inputs (and link changes) to the app until `done` holds.
    async fn until(&mut self, what: &str, done: impl Fn(&App) -> bool) {
        let start = Instant::now();
        while !done(&self.app) {
            assert!(start.elapsed() < WAIT, "timed out waiting for {what}");
            let flag = self.link.lock().unwrap().clone();
            if let Some(flag) = flag {
                let up = flag.load(Ordering::SeqCst);
                if self.last_link != Some(up) {
                    self.last_link = Some(up);
                    let effects = self.app.on_input(Input::Link(up));
                    self.perform(effects);
                    continue;
                }
            }
            if let Ok(Some(input)) =
                tokio::time::timeout(Duration::from_millis(50), self.inputs.recv()).await
            {
                if let Input::Answer {
                    answer: dugout_client::net::Answer::Refused(r),
                    request,
                } = &input
                {
                    // A request that meets the server going down is refused with
                    // `shutting_down` (the test stops it on purpose); any other refusal is
                    // a bug. Seen once in 150 runs: a snapshot asked for during the stop.
                    assert_eq!(
                        r.code,
                        dugout_protocol::ErrorCode::ShuttingDown,
                        "refused {request:?}: {r}"
                    );
                }
                self.app.tick(Instant::now());
                let effects = self.app.on_input(input);
                self.perform(effects);
            }
        }
    }

    fn screen(&self) -> String {
        let mut t = Terminal::new(TestBackend::new(160, 50)).unwrap();
        t.draw(|f| render_app(f, &self.app)).unwrap();
        let buf = t.backend().buffer().clone();
        (0..50)
            .map(|y| (0..160).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

fn seq(app: &App) -> u64 {
    match &app.screen {
        Screen::Play(p) => p.seq,
        _ => 0,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_client_shows_the_drop_reconnects_and_resumes_its_match() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let addr: SocketAddr = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap()
    };
    let server = serve(addr, &data).await;
    let base = format!("http://{addr}");
    let url = ServerUrl::parse(&base).unwrap();
    let grant = http::session_token(&url, "ada", "correct horse", true)
        .await
        .unwrap();

    let (app, effects) = App::start(
        &base,
        Some(Saved {
            server: base.clone(),
            account: "ada".into(),
            token: grant.token,
        }),
        Instant::now(),
    );
    let (inputs_tx, inputs) = mpsc::unbounded_channel();
    let mut client = Client {
        app,
        inputs_tx,
        inputs,
        requests: None,
        link: LinkSlot::default(),
        last_link: None,
    };
    client.perform(effects);
    client
        .until("the lobby", |a| {
            matches!(a.screen, Screen::Lobby) && a.link == Link::Up
        })
        .await;

    // Create a room by keys (the form's defaults), a bot joins, the match starts.
    client.key(KeyCode::Char('c'));
    client.key(KeyCode::Enter);
    client
        .until("our room", |a| matches!(a.screen, Screen::Play(_)))
        .await;
    let bot_token = bot_token(&base, "bobbot").await;
    let _bot = tokio::process::Command::new(DUGOUT)
        .args(["bot", "--server", &base, "--token", &bot_token, "--join"])
        .args([
            "--strategy",
            "random",
            "--seed",
            "4",
            "--reconnect-seconds",
            "5",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    client
        .until("the match and its state", |a| match &a.screen {
            Screen::Play(p) => p.view.is_some() && p.seq > 1,
            _ => false,
        })
        .await;
    let before = seq(&client.app);

    // The server goes away: the client says so.
    let _ = server.stop.send(());
    let _ = tokio::time::timeout(WAIT, server.task).await;
    client
        .until("the reconnecting state", |a| a.link == Link::Reconnecting)
        .await;
    assert!(client.screen().contains("[reconnecting...]"));

    // It comes back on the same port with the same database: the client resumes.
    let server = serve(addr, &data).await;
    client
        .until("the connection back", |a| {
            a.link == Link::Up
                && a.status
                    .as_deref()
                    .is_some_and(|s| s.starts_with("Reconnected"))
        })
        .await;
    // The resume brings the state of the match again (a snapshot or the missed events);
    // the seq never goes back.
    client
        .until("the match state after the resume", |a| match &a.screen {
            Screen::Play(p) => p.view.is_some() && p.seq >= before && p.decision.is_some(),
            _ => false,
        })
        .await;
    let screen = client.screen();
    assert!(!screen.contains("reconnecting"), "{screen}");
    assert!(screen.contains("Amazon (ada)"), "{screen}");
    let _ = server.stop.send(());
    let _ = tokio::time::timeout(WAIT, server.task).await;
}
