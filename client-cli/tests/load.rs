//! `dugout load` end to end: the real binary against a real server (the `dugout-server`
//! library's `run` on 127.0.0.1:0, SQLite in a temp dir). A few matches played to the end;
//! the JSON report must have every field, no error and no lost event, and the store must
//! hold the finished matches.
#![allow(clippy::unwrap_used)]

use std::time::Duration;

use dugout_protocol::RoomStatus;
use dugout_server::Limits;
use serde_json::Value;
use tokio::process::Command;

mod common;
use common::Server;

use common::DUGOUT;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_plays_matches_to_the_end_and_reports_every_figure() {
    let mut server = Server::start_with(Limits {
        // The load answers at once (no think time): above the default per-connection rate,
        // which is a flag (`--messages-per-second`).
        messages_per_second: 10_000.0,
        message_burst: 10_000.0,
        account_messages_per_second: 10_000.0,
        account_message_burst: 10_000.0,
        ..Limits::default()
    })
    .await;
    let (url, state) = (server.url.clone(), server.state.clone());

    let pid = std::process::id().to_string();
    let out = tokio::time::timeout(
        Duration::from_secs(120),
        Command::new(DUGOUT)
            .args([
                "load",
                "--server",
                &url,
                "--matches",
                "3",
                "--games",
                "4",
                "--seed",
                "7",
                "--pid",
                &pid,
                "--json",
            ])
            .kill_on_drop(true)
            .output(),
    )
    .await
    .expect("dugout load finishes")
    .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "dugout load failed ({:?})\nstdout:\n{stdout}\nstderr:\n{stderr}",
        out.status
    );
    let r: Value = serde_json::from_str(&stdout).expect("the report is JSON");

    for field in [
        "config",
        "elapsed_seconds",
        "connections",
        "matches_started",
        "matches_finished",
        "matches_abandoned",
        "peak_live_matches",
        "commands_sent",
        "commands_acked",
        "commands_per_second",
        "events_messages",
        "events",
        "ack_latency_ms",
        "event_latency_ms",
        "steady",
        "errors",
        "lost_events",
        "resyncs",
        "memory",
        "load_average",
    ] {
        assert!(r.get(field).is_some(), "the report has {field}: {r:#}");
    }
    for latency in ["ack_latency_ms", "event_latency_ms"] {
        for q in ["count", "mean", "p50", "p90", "p99", "max"] {
            assert!(
                r[latency][q].is_number(),
                "{latency}.{q} is a number: {r:#}"
            );
        }
        let (p50, p99, max) = (
            r[latency]["p50"].as_f64().unwrap(),
            r[latency]["p99"].as_f64().unwrap(),
            r[latency]["max"].as_f64().unwrap(),
        );
        assert!(p50 <= p99 && p99 <= max, "{latency} percentiles in order");
    }
    for m in [
        "pid",
        "baseline_kib",
        "peak_kib",
        "live_rooms_at_peak",
        "peak_live_rooms",
        "per_live_room_kib",
    ] {
        assert!(!r["memory"][m].is_null(), "memory.{m}: {r:#}");
    }

    assert_eq!(r["errors"]["total"], 0, "no errors: {r:#}");
    assert_eq!(r["errors"]["by_kind"], serde_json::json!({}));
    assert_eq!(r["lost_events"], 0, "no lost events: {r:#}");
    assert_eq!(r["resyncs"], 0);
    assert_eq!(r["matches_started"], 4);
    assert_eq!(
        r["matches_finished"], 4,
        "every game played to the end: {r:#}"
    );
    assert_eq!(r["matches_abandoned"], 0);
    assert_eq!(r["peak_live_matches"], 3);
    let acked = r["commands_acked"].as_u64().unwrap();
    assert!(
        acked > 4 * 50,
        "whole games take hundreds of commands: {acked}"
    );
    assert_eq!(r["commands_sent"].as_u64().unwrap(), acked);
    assert_eq!(r["ack_latency_ms"]["count"].as_u64().unwrap(), acked);
    // One `events` message per command per coach, plus the start's.
    assert_eq!(
        r["events_messages"].as_u64().unwrap(),
        2 * (acked + 4),
        "{r:#}"
    );

    // The server agrees: four finished matches, every acked command stored.
    let headers = state.store().match_headers().await.unwrap();
    let finished: Vec<_> = headers
        .iter()
        .filter(|h| h.status == RoomStatus::Finished)
        .collect();
    assert_eq!(finished.len(), 4, "{headers:?}");
    let mut stored = 0;
    for h in &finished {
        let log = state.store().match_log(&h.id).await.unwrap().unwrap();
        assert!(log.result.is_some());
        stored += log.commands.len() as u64;
    }
    assert_eq!(stored, acked);

    server.stop().await;
}

/// `dugout load --follow MODE` against a fresh server: its JSON report.
async fn load_following(mode: &str) -> Value {
    let mut server = Server::start_with(Limits {
        messages_per_second: 10_000.0,
        message_burst: 10_000.0,
        account_messages_per_second: 10_000.0,
        account_message_burst: 10_000.0,
        ..Limits::default()
    })
    .await;
    let url = server.url.clone();
    let out = tokio::time::timeout(
        Duration::from_secs(120),
        Command::new(DUGOUT)
            .args([
                "load",
                "--server",
                &url,
                "--matches",
                "2",
                "--games",
                "2",
                "--seed",
                "11",
                "--follow",
                mode,
                "--json",
            ])
            .kill_on_drop(true)
            .output(),
    )
    .await
    .expect("dugout load finishes")
    .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "dugout load --follow {mode} failed\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    server.stop().await;
    serde_json::from_str(&stdout).expect("the report is JSON")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn following_by_events_needs_no_snapshots_and_fewer_bytes_than_snapshots() {
    let snap = load_following("snapshot").await;
    let fold = load_following("fold").await;
    for r in [&snap, &fold] {
        assert_eq!(r["errors"]["total"], 0, "no errors: {r:#}");
        assert_eq!(
            r["resyncs"], 0,
            "asked-for snapshots are not resyncs: {r:#}"
        );
        assert_eq!(r["matches_finished"], 2, "{r:#}");
    }
    assert_eq!(snap["follow"], "snapshot");
    assert_eq!(fold["follow"], "fold");
    // The old way: one snapshot per decision answered.
    assert_eq!(snap["snapshots_asked"], snap["commands_acked"], "{snap:#}");
    assert_eq!(fold["snapshots_asked"], 0);
    let per_command = |r: &Value| r["bytes_received_per_command"].as_f64().unwrap();
    assert!(
        per_command(&fold) * 2.0 < per_command(&snap),
        "folding sends far fewer bytes per command: {} vs {}",
        per_command(&fold),
        per_command(&snap)
    );
}
