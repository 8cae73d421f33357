//! `shutdown_signal` installs its handlers when it is called, not when its future is first
//! polled: a SIGTERM that arrives in between is a graceful stop, not the signal's default
//! action (which would kill this test process). Its own test binary, because it signals
//! itself.

#![cfg(unix)]

use std::time::Duration;

#[tokio::test]
async fn a_sigterm_before_the_first_poll_is_still_caught() {
    let stop = dugout_server::shutdown_signal();
    let status = std::process::Command::new("kill")
        .args(["-TERM", &std::process::id().to_string()])
        .status()
        .expect("run kill");
    assert!(status.success());
    // Give the signal time to be delivered before the future is polled at all.
    std::thread::sleep(Duration::from_millis(200));
    tokio::time::timeout(Duration::from_secs(10), stop)
        .await
        .expect("the signal that came before the first poll is seen");
}
