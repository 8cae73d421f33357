//! Logins under attack (issue 15): failed logins back off per client address and per
//! account, answered `429` with `Retry-After` without running argon2, and other people still
//! log in. Real HTTP over TCP to a real server, each "client" on its own loopback address
//! (127.0.0.0/8 all reach the server; it sees each as a different peer).

mod common;

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use common::*;
use dugout_server::throttle::{FREE_ACCOUNT_FAILURES, FREE_ADDRESS_FAILURES};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpSocket;

/// What a login answered: the status, the `Retry-After` header, the body.
#[derive(Debug)]
struct Answer {
    status: u16,
    retry_after: Option<u64>,
    body: Value,
}

/// `POST /api/login` from `from` (a loopback address) over a fresh TCP connection.
async fn login(server: SocketAddr, from: [u8; 4], name: &str, password: &str) -> Answer {
    let socket = TcpSocket::new_v4().expect("a socket");
    socket
        .bind(SocketAddr::new(IpAddr::from(from), 0))
        .expect("bind a loopback address");
    let mut tcp = socket.connect(server).await.expect("connect");
    let body = json!({ "name": name, "password": password }).to_string();
    let request = format!(
        "POST /api/login HTTP/1.1\r\nHost: dugout\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    tcp.write_all(request.as_bytes()).await.expect("send");
    let mut raw = Vec::new();
    tokio::time::timeout(DEADLINE, tcp.read_to_end(&mut raw))
        .await
        .expect("an answer in time")
        .expect("read");
    let text = String::from_utf8_lossy(&raw);
    let (head, body) = text.split_once("\r\n\r\n").expect("a head and a body");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let retry_after = head.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.eq_ignore_ascii_case("retry-after")
            .then(|| v.trim().parse().ok())
            .flatten()
    });
    Answer {
        status,
        retry_after,
        body: serde_json::from_str(body).unwrap_or(Value::Null),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_passwords_from_one_address_back_off_and_others_still_log_in() {
    let server = TestServer::start().await;
    server.register("someone").await;
    let attacker = [127, 0, 0, 2];
    for i in 0..FREE_ADDRESS_FAILURES {
        // Different names, so only the address's count reaches its limit.
        let a = login(
            server.addr,
            attacker,
            &format!("guess{i}"),
            "wrong password",
        )
        .await;
        assert_eq!(a.status, 401, "failure {i}: {a:?}");
        assert_eq!(a.body["code"], "bad_credentials");
    }
    let refused = login(server.addr, attacker, "someone", "correct horse battery").await;
    assert_eq!(refused.status, 429, "{refused:?}");
    assert_eq!(refused.body["code"], "rate_limited");
    assert!(refused.retry_after.is_some_and(|s| s >= 1), "{refused:?}");
    assert!(
        refused.body["message"]
            .as_str()
            .is_some_and(|m| m.contains("too many failed logins"))
    );
    // Someone else, from elsewhere, logs in as usual during the flood.
    let fine = login(
        server.addr,
        [127, 0, 0, 3],
        "someone",
        "correct horse battery",
    )
    .await;
    assert_eq!(fine.status, 200, "{fine:?}");
    assert!(fine.body["token"].as_str().is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guesses_at_one_account_back_off_even_when_the_right_password_comes_then_pass() {
    let server = TestServer::start().await;
    server.register("victim").await;
    for i in 0..FREE_ACCOUNT_FAILURES {
        // From many addresses: only the account's count reaches its limit.
        let a = login(
            server.addr,
            [127, 0, 1, i as u8 + 1],
            "victim",
            "a guess 1234",
        )
        .await;
        assert_eq!(a.status, 401, "guess {i}: {a:?}");
    }
    // The 456th guess used to be accepted if right: now it waits, even when right.
    let refused = login(
        server.addr,
        [127, 0, 2, 1],
        "VICTIM",
        "correct horse battery",
    )
    .await;
    assert_eq!(refused.status, 429, "{refused:?}");
    let wait = refused.retry_after.expect("Retry-After");
    tokio::time::sleep(Duration::from_secs(wait) + Duration::from_millis(100)).await;
    let fine = login(
        server.addr,
        [127, 0, 2, 1],
        "victim",
        "correct horse battery",
    )
    .await;
    assert_eq!(fine.status, 200, "after the back-off: {fine:?}");
    // The success cleared the account's count: the next wrong guess is a plain 401.
    let again = login(server.addr, [127, 0, 2, 2], "victim", "another guess").await;
    assert_eq!(again.status, 401, "{again:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_parallel_logins_is_answered_and_a_real_login_still_works() {
    let server = TestServer::start().await;
    server.register("regular").await;
    // 64 wrong logins at once from 64 addresses: each is answered (401, or 429 if no hash
    // slot freed up within the wait), none hangs or fails the server.
    let burst: Vec<_> = (0..64u8)
        .map(|i| {
            let addr = server.addr;
            tokio::spawn(async move {
                login(
                    addr,
                    [127, 0, 3, i + 1],
                    &format!("nobody{i}"),
                    "wrong password",
                )
                .await
            })
        })
        .collect();
    for task in burst {
        let a = task.await.expect("the login task");
        assert!(matches!(a.status, 401 | 429), "{a:?}");
        if a.status == 429 {
            assert!(a.retry_after.is_some(), "{a:?}");
        }
    }
    let fine = login(
        server.addr,
        [127, 0, 4, 1],
        "regular",
        "correct horse battery",
    )
    .await;
    assert_eq!(fine.status, 200, "{fine:?}");
}
