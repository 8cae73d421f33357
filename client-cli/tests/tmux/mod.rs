//! What the terminal client's tmux tests share: a real `dugout-server` process on a free
//! port, a tmux server on its own socket, the screen polled with a deadline.
#![allow(dead_code, clippy::unwrap_used)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub const DUGOUT: &str = env!("CARGO_BIN_EXE_dugout");
pub const WAIT: Duration = Duration::from_secs(60);

/// Kills a child process when dropped.
pub struct Proc(pub Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A tmux server on its own socket, killed when dropped (even when the test fails).
pub struct Tmux {
    pub socket: String,
    /// `TMUX_TMPDIR`: the socket lives in the test's temp dir, removed with it.
    pub dir: PathBuf,
}

impl Tmux {
    pub fn cmd(&self, args: &[&str]) -> std::process::Output {
        Command::new("tmux")
            .env("TMUX_TMPDIR", &self.dir)
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("run tmux")
    }

    pub fn screen(&self) -> String {
        let out = self.cmd(&["capture-pane", "-p", "-t", "tui"]);
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "tui"];
        args.extend_from_slice(keys);
        let out = self.cmd(&args);
        assert!(out.status.success(), "send-keys {keys:?}");
    }

    pub fn type_text(&self, text: &str) {
        let out = self.cmd(&["send-keys", "-t", "tui", "-l", text]);
        assert!(out.status.success(), "send-keys -l {text:?}");
    }

    /// Polls the screen until `ok` holds; panics with the screen after [`WAIT`].
    pub fn wait_for(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if ok(&screen) {
                return screen;
            }
            if start.elapsed() > WAIT {
                panic!("timed out waiting for {what}; the screen:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.cmd(&["kill-server"]);
    }
}

pub fn tmux_available() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The `dugout-server` binary (see the module docs).
pub fn server_binary() -> PathBuf {
    if let Some(p) = std::env::var_os("DUGOUT_SERVER_BIN") {
        return PathBuf::from(p);
    }
    let sibling = Path::new(DUGOUT)
        .with_file_name("dugout-server")
        .with_extension(std::env::consts::EXE_EXTENSION);
    // `cargo test --workspace` builds it (the server's own tests need it), with the
    // workspace's features: building it again here with other features would only rebuild
    // it. Alone (`cargo test -p dugout-client`) it may be missing: then cargo builds it.
    if !sibling.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = Command::new(cargo)
            .args(["build", "-p", "dugout-server", "--bin", "dugout-server"])
            .status()
            .expect("run cargo build");
        assert!(status.success(), "cargo build -p dugout-server failed");
    }
    assert!(
        sibling.exists(),
        "no dugout-server binary at {}: run `cargo build -p dugout-server` or set DUGOUT_SERVER_BIN",
        sibling.display()
    );
    sibling
}

/// Start the server on a free port; its base URL once it says it listens.
pub fn start_server(dir: &Path) -> (Proc, String) {
    let mut child = Command::new(server_binary())
        .args(["--listen", "127.0.0.1:0", "--log", "info", "--data-dir"])
        .arg(dir.join("data"))
        .env_remove("DATABASE_URL")
        .env_remove("DUGOUT_DATABASE_URL")
        .env_remove("DUGOUT_LISTEN")
        .env_remove("DUGOUT_DATA_DIR")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start dugout-server");
    let stderr = child.stderr.take().expect("stderr");
    let proc = Proc(child);
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut tx = Some(tx);
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(addr) = line
                .split("listening on http://")
                .nth(1)
                .and_then(|rest| rest.split_whitespace().next())
                && let Some(tx) = tx.take()
            {
                let _ = tx.send(addr.to_string());
            }
        }
    });
    let addr = rx
        .recv_timeout(WAIT)
        .expect("the server says where it listens");
    (proc, format!("http://{addr}"))
}

/// The text of screen line `n` (0-based).
pub fn line(screen: &str, n: usize) -> String {
    screen.lines().nth(n).unwrap_or("").to_string()
}
