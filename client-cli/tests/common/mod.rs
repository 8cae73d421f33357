//! Helpers shared by the client's end-to-end tests (each test file includes this module; not
//! every file uses every helper).
#![allow(dead_code, clippy::unwrap_used)]

use tokio::process::Command;

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
