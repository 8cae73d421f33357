//! `dugout`: the Dugout terminal client. For now only `version` and `health`;
//! the TUI and bots come later.

mod cli;
mod http;

use std::process::ExitCode;

use clap::Parser;
use dugout_protocol::PROTOCOL_VERSION;

use crate::cli::{Cli, Command};
use crate::http::ServerUrl;

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Version => {
            println!(
                "dugout {} (protocol {PROTOCOL_VERSION})",
                env!("CARGO_PKG_VERSION")
            );
            ExitCode::SUCCESS
        }
        Command::Health { server } => health(&server),
    }
}

/// Print the server's `/health` answer; fail unless it is `200` with `"status": "ok"`.
fn health(server: &str) -> ExitCode {
    let url = match ServerUrl::parse(server) {
        Ok(url) => url,
        Err(err) => {
            eprintln!("dugout: {err}");
            return ExitCode::FAILURE;
        }
    };
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("dugout: cannot start the async runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    let response = match runtime.block_on(http::get(&url, "/health")) {
        Ok(response) => response,
        Err(err) => {
            eprintln!("dugout: {server}: {err}");
            return ExitCode::FAILURE;
        }
    };

    let body = String::from_utf8_lossy(&response.body);
    println!("{}", body.trim_end());
    if response.status != 200 {
        eprintln!("dugout: {server}: HTTP status {}", response.status);
        return ExitCode::FAILURE;
    }
    if !reports_ok(&response.body) {
        eprintln!("dugout: {server}: the server did not report status \"ok\"");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// Whether a `/health` body is JSON with `"status": "ok"`.
fn reports_ok(body: &[u8]) -> bool {
    serde_json::from_slice::<serde_json::Value>(body)
        .is_ok_and(|json| json.get("status").and_then(|s| s.as_str()) == Some("ok"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_status_ok_body_counts_as_healthy() {
        assert!(reports_ok(br#"{"status":"ok"}"#));
        assert!(!reports_ok(br#"{"status":"degraded"}"#));
        assert!(!reports_ok(b"ok"));
        assert!(!reports_ok(b""));
    }
}
