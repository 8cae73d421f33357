//! Helpers shared by the client's end-to-end tests (each test file includes this module; not
//! every file uses every helper).
#![allow(dead_code, clippy::unwrap_used)]

use std::process::Output;
use std::time::Duration;

use dugout_server::store::MatchLog;
use dugout_server::{AppState, Config, Limits, run};
use tempfile::TempDir;
use tokio::net::TcpListener;
use tokio::process::Command;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

pub mod league;

/// How long a bot process may take to play its games to the end.
pub const GAMES_DEADLINE: Duration = Duration::from_secs(240);

/// The `dugout` binary under test.
pub const DUGOUT: &str = env!("CARGO_BIN_EXE_dugout");

/// A process's output as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A bot token from the real `dugout register-bot` (the owner, `owner`, is registered on
/// first use).
pub async fn bot_token(url: &str, name: &str) -> String {
    let out = Command::new(DUGOUT)
        .args(["register-bot", "--server", url, "--name", name])
        .args(["--owner", "owner", "--password", "correct horse battery"])
        .arg("--register")
        .env_remove("DUGOUT_SESSION")
        .output()
        .await
        .unwrap();
    assert!(out.status.success(), "register-bot: {}", text(&out.stderr));
    let token = text(&out.stdout).trim().to_owned();
    assert_eq!(token.len(), 64, "a 32-byte hex token: {token:?}");
    token
}

/// Wait for a bot process to finish its games (within [`GAMES_DEADLINE`]) and succeed; its
/// output.
pub async fn finish(child: tokio::process::Child, who: &str) -> Output {
    let out = tokio::time::timeout(GAMES_DEADLINE, child.wait_with_output())
        .await
        .unwrap_or_else(|_| panic!("{who} did not finish its games in time"))
        .unwrap();
    assert!(
        out.status.success(),
        "{who} failed ({:?})\nstdout:\n{}\nstderr:\n{}",
        out.status,
        text(&out.stdout),
        text(&out.stderr)
    );
    out
}

/// The `result ...` lines a bot printed.
pub fn result_lines(out: &Output) -> Vec<String> {
    text(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("result "))
        .map(str::to_owned)
        .collect()
}

/// A real server (`dugout_server::run` on 127.0.0.1:0, SQLite in a temp dir) for the
/// client's end-to-end tests.
pub struct Server {
    pub url: String,
    pub state: AppState,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<std::io::Result<()>>>,
    _dir: TempDir,
}

impl Server {
    pub async fn start() -> Server {
        Self::start_with(Limits::default()).await
    }

    pub async fn start_with(limits: Limits) -> Server {
        let dir = tempfile::tempdir().unwrap();
        let config = Config {
            listen: "127.0.0.1:0".parse().unwrap(),
            data_dir: dir.path().join("data"),
            limits,
            ..Config::default()
        };
        let state = AppState::open(config).await.unwrap();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(run(listener, state.clone(), async {
            let _ = stopped.await;
        }));
        Server {
            url: format!("http://{addr}"),
            state,
            stop: Some(stop),
            task: Some(task),
            _dir: dir,
        }
    }

    pub async fn stop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            tokio::time::timeout(Duration::from_secs(30), task)
                .await
                .expect("the server stops in time")
                .expect("the server task did not panic")
                .expect("the server ran");
        }
    }

    pub async fn match_log(&self, room: &str) -> MatchLog {
        self.state
            .store()
            .match_log(room)
            .await
            .expect("the store answers")
            .expect("the match is stored")
    }

    /// A bot token from `dugout register-bot` (see `common::bot_token`).
    pub async fn bot_token(&self, name: &str) -> String {
        bot_token(&self.url, name).await
    }
}
