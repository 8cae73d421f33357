//! TLS end to end: a real server serving HTTPS and `wss://` itself (`run_tls`, as
//! `dugout-server --tls-cert --tls-key` does) with a self-signed certificate made here, and
//! the real client: `dugout health`, `register-bot` and two `dugout bot` processes playing a
//! match with `--ca-cert` (or `DUGOUT_CA_CERT`), and the library's HTTP and WebSocket
//! session. A client that does not trust the certificate refuses the server, in words and at
//! once; TLS spoken to a plain server, or plain HTTP to a TLS one, is an error, not a panic.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

use dugout_client::http::{self, ServerUrl};
use dugout_client::net::{self, Session, SessionConfig};
use dugout_client::tls::Trust;
use dugout_protocol::{ClientMessage, RoomStatus, ServerMessage};
use dugout_server::tls::{TlsFiles, server_config};
use dugout_server::{AppState, Config, run, run_tls};
use tempfile::TempDir;
use tokio::net::TcpListener;
use tokio::process::Command;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

mod common;
use common::{DUGOUT, finish, result_lines, text};

/// A self-signed certificate for `names` and its key, as PEM files in `dir`; with `ca`, a
/// CA certificate (as `openssl req -x509` makes by default).
fn certificate(dir: &Path, names: &[&str], ca: bool) -> TlsFiles {
    let names: Vec<String> = names.iter().map(|n| (*n).to_owned()).collect();
    let key = rcgen::KeyPair::generate().unwrap();
    let mut params = rcgen::CertificateParams::new(names).unwrap();
    if ca {
        params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    }
    let made = params.self_signed(&key).unwrap();
    let files = TlsFiles {
        cert: dir.join("cert.pem"),
        key: dir.join("key.pem"),
    };
    std::fs::write(&files.cert, made.pem()).unwrap();
    std::fs::write(&files.key, key.serialize_pem()).unwrap();
    files
}

struct Server {
    /// `https://127.0.0.1:PORT` (or `http://` for a plain one).
    url: String,
    port: u16,
    /// The certificate, to give as `--ca-cert`.
    cert: PathBuf,
    state: AppState,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<std::io::Result<()>>>,
    _dir: TempDir,
}

impl Server {
    /// A server over TLS with a certificate for `names`.
    async fn tls(names: &[&str]) -> Server {
        Self::start(Some(names), false).await
    }

    /// A plain HTTP server.
    async fn plain() -> Server {
        Self::start(None, false).await
    }

    async fn start(names: Option<&[&str]>, ca: bool) -> Server {
        let dir = tempfile::tempdir().unwrap();
        let files = names.map(|names| certificate(dir.path(), names, ca));
        let config = Config {
            listen: "127.0.0.1:0".parse().unwrap(),
            data_dir: dir.path().join("data"),
            tls: files.clone(),
            ..Config::default()
        };
        let state = AppState::open(config).await.unwrap();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let shutdown = async {
            let _ = stopped.await;
        };
        let (url, task) = match &files {
            Some(files) => {
                let tls = server_config(files).unwrap();
                (
                    format!("https://{addr}"),
                    tokio::spawn(run_tls(listener, tls, state.clone(), shutdown)),
                )
            }
            None => (
                format!("http://{addr}"),
                tokio::spawn(run(listener, state.clone(), shutdown)),
            ),
        };
        Server {
            url,
            port: addr.port(),
            cert: files.map(|f| f.cert).unwrap_or_default(),
            state,
            stop: Some(stop),
            task: Some(task),
            _dir: dir,
        }
    }

    /// Stop, and check the server finished in time.
    async fn stop(&mut self) {
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

    /// The URL parsed, trusting this server's certificate.
    fn trusted_url(&self) -> ServerUrl {
        ServerUrl::parse(&self.url)
            .unwrap()
            .with_trust(Trust::with_ca_cert(&self.cert).unwrap())
    }
}

/// Run `dugout` with `args` (no `DUGOUT_CA_CERT` from the environment unless `ca` is given).
async fn dugout(args: &[&str], ca: Option<&Path>) -> Output {
    let mut command = Command::new(DUGOUT);
    command.args(args).env_remove("DUGOUT_CA_CERT");
    if let Some(ca) = ca {
        command.env("DUGOUT_CA_CERT", ca);
    }
    tokio::time::timeout(Duration::from_secs(60), command.output())
        .await
        .expect("dugout answers in time")
        .unwrap()
}

/// A bot token from `dugout register-bot` over https, trusting `ca` (through the
/// environment).
async fn bot_token(url: &str, ca: &Path, name: &str) -> String {
    let out = dugout(
        &[
            "register-bot",
            "--server",
            url,
            "--name",
            name,
            "--owner",
            "owner",
            "--password",
            "correct horse battery",
            "--register",
        ],
        Some(ca),
    )
    .await;
    assert!(out.status.success(), "register-bot: {}", text(&out.stderr));
    let token = text(&out.stdout).trim().to_owned();
    assert_eq!(token.len(), 64, "a 32-byte hex token: {token:?}");
    token
}

fn bot(url: &str, token: &str, ca: &Path, args: &[&str]) -> tokio::process::Child {
    Command::new(DUGOUT)
        .args(["bot", "--server", url, "--token", token, "--ca-cert"])
        .arg(ca)
        .args(args)
        .env_remove("DUGOUT_CA_CERT")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_over_https_and_a_bot_match_over_wss() {
    let mut server = Server::tls(&["localhost", "127.0.0.1"]).await;
    let ca = server.cert.clone();

    // `dugout health` with the flag.
    let out = dugout(
        &[
            "health",
            "--server",
            &server.url,
            "--ca-cert",
            ca.to_str().unwrap(),
        ],
        None,
    )
    .await;
    assert!(out.status.success(), "health: {}", text(&out.stderr));
    assert!(text(&out.stdout).contains(r#""status":"ok""#));

    // Accounts over https: the owner registered, two bots created (the CA from the
    // environment), by name (localhost) and by address (127.0.0.1).
    let by_name = format!("https://localhost:{}", server.port);
    let home = bot_token(&by_name, &ca, "home-bot").await;
    let away = bot_token(&server.url, &ca, "away-bot").await;

    // The library: log in over https, then a WebSocket session over wss.
    let url = server.trusted_url();
    assert_eq!(
        url.websocket(),
        format!("wss://127.0.0.1:{}/ws", server.port)
    );
    let grant = http::session_token(&url, "owner", "correct horse battery", false)
        .await
        .unwrap();
    assert_eq!(grant.account, "owner");
    let mut session = Session::connect(SessionConfig::for_server(&url, grant.token))
        .await
        .unwrap();
    assert_eq!(session.account(), "owner");
    let answer = session
        .request(|id| ClientMessage::ListRooms { id })
        .await
        .unwrap();
    assert!(matches!(answer, net::Answer::Ack(_)), "{answer:?}");

    // Two bot processes play a match over wss.
    let joiner = bot(
        &server.url,
        &away,
        &ca,
        &["--join", "--strategy", "random", "--seed", "2"],
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let creator = bot(
        &by_name,
        &home,
        &ca,
        &[
            "--create",
            "--team",
            "human",
            "--opponent-team",
            "orc",
            "--seed",
            "1",
        ],
    );
    let (creator, joiner) = tokio::join!(finish(creator, "creator"), finish(joiner, "joiner"));
    let (a, b) = (result_lines(&creator), result_lines(&joiner));
    assert_eq!(a.len(), 1, "{}", text(&creator.stdout));
    assert_eq!(a, b, "both bots report the same result");
    let room = a[0]
        .split(' ')
        .find_map(|kv| kv.strip_prefix("room="))
        .unwrap();
    let log = server.state.store().match_log(room).await.unwrap().unwrap();
    assert_eq!(log.status, RoomStatus::Finished);
    assert!(!log.commands.is_empty());

    // The lobby told our session about the room: updates went over wss too.
    let mut saw_room = false;
    while let Some(update) = session
        .next_update_within(Duration::from_millis(200))
        .await
        .unwrap()
    {
        if let net::Update::Server(ServerMessage::RoomChanged { .. }) = update {
            saw_room = true;
        }
    }
    assert!(saw_room, "lobby changes reach a wss session");

    // Graceful shutdown reaches a socket over TLS as over TCP: the server stops in time with
    // the session still connected.
    let started = Instant::now();
    server.stop().await;
    assert!(started.elapsed() < Duration::from_secs(15));
    drop(session);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_refuses_a_certificate_it_does_not_trust_in_words_and_at_once() {
    let mut server = Server::tls(&["localhost", "127.0.0.1"]).await;

    // The binary, without --ca-cert: health, register-bot and bot all fail, saying why.
    let out = dugout(&["health", "--server", &server.url], None).await;
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(stderr.contains("not trusted"), "{stderr}");
    assert!(stderr.contains("--ca-cert FILE"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!stderr.contains("is dugout-server running"), "{stderr}");

    let out = dugout(
        &[
            "register-bot",
            "--server",
            &server.url,
            "--name",
            "b0t",
            "--owner",
            "ada",
            "--password",
            "correct horse",
            "--register",
        ],
        None,
    )
    .await;
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(stderr.contains("not trusted"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    // Nothing reached the server: no account was made.
    assert!(
        server
            .state
            .store()
            .account_named("ada")
            .await
            .unwrap()
            .is_none()
    );

    // The bot does not spend its two minutes of reconnecting on it.
    let started = Instant::now();
    let out = dugout(
        &["bot", "--server", &server.url, "--token", "t0ken", "--join"],
        None,
    )
    .await;
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(stderr.contains("not trusted"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(started.elapsed() < Duration::from_secs(30), "{stderr}");

    // A --ca-cert file that is not there, or not a certificate: said at once.
    let out = dugout(
        &[
            "health",
            "--server",
            &server.url,
            "--ca-cert",
            "/nonexistent/ca.pem",
        ],
        None,
    )
    .await;
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(stderr.contains("--ca-cert /nonexistent/ca.pem"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");

    // The library: an explicit trust without the certificate.
    let untrusted = ServerUrl::parse(&server.url)
        .unwrap()
        .with_trust(Trust::system().unwrap());
    let err = http::get(&untrusted, "/health").await.unwrap_err();
    assert!(matches!(err, http::Error::Tls(_)), "{err:?}");
    let mut config = SessionConfig::for_server(&untrusted, "t0ken");
    config.reconnect_for = Duration::from_secs(60);
    let started = Instant::now();
    let err = Session::connect(config).await.unwrap_err();
    assert!(matches!(err, net::Error::Tls(_)), "{err:?}");
    assert!(err.to_string().contains("not trusted"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(10), "no retrying");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trusted_certificate_for_another_name_is_refused() {
    let mut server = Server::tls(&["example.test"]).await;
    let url = server.trusted_url();
    let err = http::get(&url, "/health").await.unwrap_err();
    assert!(matches!(err, http::Error::Tls(_)), "{err:?}");
    assert!(err.to_string().contains("not trusted"), "{err}");
    let err = Session::connect(SessionConfig::for_server(&url, "t0ken"))
        .await
        .unwrap_err();
    assert!(matches!(err, net::Error::Tls(_)), "{err:?}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ca_certificate_as_the_server_certificate_is_refused_with_the_fix() {
    let mut server = Server::start(Some(&["127.0.0.1"]), true).await;
    let err = http::get(&server.trusted_url(), "/health")
        .await
        .unwrap_err();
    assert!(matches!(err, http::Error::Tls(_)), "{err:?}");
    assert!(err.to_string().contains("CA:FALSE"), "{err}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tls_to_a_plain_server_and_plain_to_a_tls_server_are_errors_not_panics() {
    let mut plain = Server::plain().await;
    let mut secure = Server::tls(&["127.0.0.1"]).await;
    let trust = Trust::with_ca_cert(&secure.cert).unwrap();

    // https:// to the plain server.
    let url = ServerUrl::parse(&plain.url.replacen("http://", "https://", 1))
        .unwrap()
        .with_trust(trust.clone());
    let err = http::get(&url, "/health").await.unwrap_err();
    assert!(matches!(err, http::Error::Tls(_)), "{err:?}");
    assert!(err.to_string().contains("TLS"), "{err}");
    let err = Session::connect(SessionConfig::for_server(&url, "t0ken"))
        .await
        .unwrap_err();
    assert!(matches!(err, net::Error::Tls(_)), "{err:?}");

    // http:// to the TLS server: the server hangs up on what is not a TLS handshake.
    let url = ServerUrl::parse(&secure.url.replacen("https://", "http://", 1)).unwrap();
    let err = http::get(&url, "/health").await.unwrap_err();
    assert!(err.to_string().contains("use https://"), "{err}");
    let mut config = SessionConfig::for_server(&url, "t0ken");
    config.reconnect_for = Duration::from_millis(300);
    assert!(Session::connect(config).await.is_err());

    // Both servers still serve their own clients.
    let ok = http::get(&ServerUrl::parse(&plain.url).unwrap(), "/health")
        .await
        .unwrap();
    assert_eq!(ok.status, 200);
    let ok = http::get(&secure.trusted_url(), "/health").await.unwrap();
    assert_eq!(ok.status, 200);
    plain.stop().await;
    secure.stop().await;
}
