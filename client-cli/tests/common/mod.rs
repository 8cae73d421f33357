//! Helpers shared by the client's end-to-end tests (each test file includes this module; not
//! every file uses every helper).
#![allow(dead_code, clippy::unwrap_used)]

use std::process::Output;
use std::time::Duration;

use tokio::process::Command;

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
