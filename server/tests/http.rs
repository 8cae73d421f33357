//! The server answered two ways: `app()` called directly (no socket), and
//! `run()` serving a real listener on an ephemeral port.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use dugout_protocol::PROTOCOL_VERSION;
use dugout_server::{AppState, Config, SERVER_VERSION, app, run};
use serde_json::{Value, json};
use tempfile::TempDir;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tower::ServiceExt;

/// Upper bound for anything in these tests that should be instant.
const DEADLINE: Duration = Duration::from_secs(10);

/// A server state over a fresh SQLite database in a temp dir (kept alive with the state).
async fn state() -> (AppState, TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = Config {
        data_dir: dir.path().to_path_buf(),
        ..Config::default()
    };
    let state = AppState::open(config).await.expect("open the store");
    (state, dir)
}

async fn get_json(path: &str) -> (StatusCode, Value) {
    let (status, _, body) = call(get(path)).await;
    (status, body)
}

/// A GET request for `path`, no body.
fn get(path: &str) -> Request<Body> {
    Request::get(path)
        .body(Body::empty())
        .expect("valid request")
}

#[tokio::test]
async fn health_says_ok() {
    let (status, body) = get_json("/health").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, json!({ "status": "ok" }));
}

#[tokio::test]
async fn version_reports_the_server_and_protocol_versions() {
    let (status, body) = get_json("/version").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        body,
        json!({ "server": SERVER_VERSION, "protocol": PROTOCOL_VERSION })
    );
}

#[tokio::test]
async fn an_unknown_path_is_not_found() {
    let (status, _, _) = call(get("/nope")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn run_serves_real_http_and_stops_on_shutdown() {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind port 0");
    let addr = listener.local_addr().expect("bound address");
    let (stop, stopped) = oneshot::channel::<()>();
    let (state, _dir) = state().await;
    let server = tokio::spawn(run(listener, state, async {
        // Either a send or the sender being dropped means "stop".
        let _ = stopped.await;
    }));

    let mut stream = TcpStream::connect(addr).await.expect("connect to server");
    let request = format!("GET /health HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream
        .write_all(request.as_bytes())
        .await
        .expect("send request");
    let mut response = Vec::new();
    tokio::time::timeout(DEADLINE, stream.read_to_end(&mut response))
        .await
        .expect("server answers in time")
        .expect("read response");
    let response = String::from_utf8(response).expect("response is UTF-8");

    assert!(
        response.starts_with("HTTP/1.1 200 OK\r\n"),
        "unexpected response: {response}"
    );
    let (_head, body) = response.split_once("\r\n\r\n").expect("head and body");
    let body: Value = serde_json::from_str(body).expect("body is JSON");
    assert_eq!(body, json!({ "status": "ok" }));

    stop.send(()).expect("server is still waiting for shutdown");
    let result = tokio::time::timeout(DEADLINE, server)
        .await
        .expect("server stops in time after shutdown")
        .expect("server task did not panic");
    assert!(result.is_ok(), "run returned an error: {result:?}");
}

/// One request to the app: status, headers and the body as JSON (`Null` if it is not).
async fn call(request: Request<Body>) -> (StatusCode, axum::http::HeaderMap, Value) {
    let (state, _dir) = state().await;
    let response = app(state)
        .oneshot(request)
        .await
        .expect("router is infallible");
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = axum::body::to_bytes(response.into_body(), 1024 * 1024)
        .await
        .expect("body fits");
    (
        status,
        headers,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

#[tokio::test]
async fn responses_say_nosniff_a_wrong_method_is_a_json_405_and_a_huge_body_is_413() {
    let (status, headers, _) = call(get("/health")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["x-content-type-options"], "nosniff");

    let (status, headers, body) = call(
        Request::delete("/api/login")
            .body(Body::empty())
            .expect("request"),
    )
    .await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(body["code"], "malformed", "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("DELETE"))
    );
    assert_eq!(headers["x-content-type-options"], "nosniff");

    let huge = json!({ "name": "ada", "password": "p".repeat(20 * 1024) }).to_string();
    let (status, _, body) = call(
        Request::post("/api/register")
            .header("content-type", "application/json")
            .body(Body::from(huge))
            .expect("request"),
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert_eq!(body["code"], "too_large");
}

#[tokio::test]
async fn the_largest_date_is_no_end_not_an_overflow() {
    let (status, _, body) = call(get("/api/matches?to=9223372036854775807")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["total"], 0);
}

/// A server on a real socket with `limits`; its address and the stop sender.
/// A throwaway self-signed certificate's rustls configuration.
fn tls_config(dir: &std::path::Path) -> std::sync::Arc<rustls::ServerConfig> {
    let key = rcgen::KeyPair::generate().expect("key");
    let cert = rcgen::CertificateParams::new(vec!["localhost".to_owned()])
        .expect("params")
        .self_signed(&key)
        .expect("self-signed");
    let files = dugout_server::tls::TlsFiles {
        cert: dir.join("cert.pem"),
        key: dir.join("key.pem"),
    };
    std::fs::write(&files.cert, cert.pem()).expect("write");
    std::fs::write(&files.key, key.serialize_pem()).expect("write");
    dugout_server::tls::server_config(&files).expect("a valid pair")
}

#[tokio::test]
async fn the_tls_listener_caps_connections_per_address_and_closes_silent_ones_too() {
    let dir = tempfile::tempdir().expect("temp dir");
    let limits = dugout_server::Limits {
        max_connections_per_address: 2,
        first_byte_timeout: Duration::from_millis(400),
        ..dugout_server::Limits::default()
    };
    let config = Config {
        data_dir: dir.path().to_path_buf(),
        limits,
        ..Config::default()
    };
    let tls = tls_config(dir.path());
    let state = AppState::open(config).await.expect("open the store");
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("address");
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(dugout_server::run_tls(listener, tls, state, async {
        let _ = stopped.await;
    }));
    let hog = [127, 0, 0, 9];
    // Two silent connections (no ClientHello) are held, a third is closed at once.
    let mut silent = vec![connect_from(addr, hog).await, connect_from(addr, hog).await];
    let mut third = connect_from(addr, hog).await;
    assert!(
        closed_within(&mut third, Duration::from_millis(300)).await,
        "over the per-address cap"
    );
    for tcp in &mut silent {
        assert!(
            !closed_within(tcp, Duration::from_millis(100)).await,
            "within the cap: held for now"
        );
    }
    // No ClientHello within the first-byte timeout: closed, like a silent plain connection.
    for tcp in &mut silent {
        assert!(
            closed_within(tcp, Duration::from_secs(3)).await,
            "silent too long"
        );
    }
    let _ = stop.send(());
    let _ = tokio::time::timeout(DEADLINE, task).await;
}

async fn serve_with(
    limits: dugout_server::Limits,
) -> (
    std::net::SocketAddr,
    oneshot::Sender<()>,
    TempDir,
    tokio::task::JoinHandle<std::io::Result<()>>,
) {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = Config {
        data_dir: dir.path().to_path_buf(),
        limits,
        ..Config::default()
    };
    let state = AppState::open(config).await.expect("open the store");
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("address");
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(run(listener, state, async {
        let _ = stopped.await;
    }));
    (addr, stop, dir, task)
}

/// A TCP connection to `server` from the loopback address `from`.
async fn connect_from(server: std::net::SocketAddr, from: [u8; 4]) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().expect("socket");
    socket
        .bind(std::net::SocketAddr::from((from, 0)))
        .expect("bind a loopback address");
    socket.connect(server).await.expect("connect")
}

/// Whether the server closed `tcp` (a read gives end of file or an error within `wait`).
async fn closed_within(tcp: &mut TcpStream, wait: Duration) -> bool {
    let mut buf = [0u8; 64];
    match tokio::time::timeout(wait, tcp.read(&mut buf)).await {
        Ok(Ok(0) | Err(_)) => true,
        Ok(Ok(_)) | Err(_) => false,
    }
}

async fn health_from(server: std::net::SocketAddr, from: [u8; 4]) -> bool {
    let mut tcp = connect_from(server, from).await;
    let request = "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    if tcp.write_all(request.as_bytes()).await.is_err() {
        return false;
    }
    let mut response = Vec::new();
    let _ = tokio::time::timeout(DEADLINE, tcp.read_to_end(&mut response)).await;
    String::from_utf8_lossy(&response).starts_with("HTTP/1.1 200 OK")
}

/// Idle connections (issue 15): one address gets a few connections at once, a connection
/// that sends nothing is closed after the first-byte timeout, and other addresses are served
/// all along.
#[tokio::test]
async fn silent_connections_are_capped_per_address_and_closed_after_the_first_byte_timeout() {
    let limits = dugout_server::Limits {
        max_connections_per_address: 3,
        first_byte_timeout: Duration::from_millis(400),
        ..dugout_server::Limits::default()
    };
    let (addr, stop, _dir, task) = serve_with(limits).await;
    let hog = [127, 0, 0, 7];
    let mut silent = Vec::new();
    for _ in 0..3 {
        silent.push(connect_from(addr, hog).await);
    }
    // A fourth from the same address is closed at once; another address is served.
    let mut fourth = connect_from(addr, hog).await;
    assert!(
        closed_within(&mut fourth, Duration::from_millis(200)).await,
        "over the per-address cap"
    );
    assert!(health_from(addr, [127, 0, 0, 8]).await, "another address");
    // The silent ones are closed after the first-byte timeout, which frees their slots.
    for tcp in &mut silent {
        assert!(
            closed_within(tcp, Duration::from_secs(3)).await,
            "silent too long"
        );
    }
    assert!(health_from(addr, hog).await, "the slots came back");
    let _ = stop.send(());
    let _ = tokio::time::timeout(DEADLINE, task).await;
}
