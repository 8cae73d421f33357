//! `dugout-server`: parse flags, open the store, bind, serve until Ctrl-C or SIGTERM.
//! `dugout-server verify --match <id>`: verify a stored match's dice and log instead.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use dugout_server::tls::TlsFiles;
use dugout_server::{
    AppState, Config, DEFAULT_DATA_DIR, DEFAULT_LISTEN, Limits, SERVER_VERSION, fair,
};

/// The Dugout match server.
#[derive(Debug, Parser)]
#[command(name = "dugout-server", version)]
struct Args {
    /// Without a subcommand: serve.
    #[command(subcommand)]
    command: Option<Cmd>,

    /// Address to listen on.
    #[arg(long, env = "DUGOUT_LISTEN", default_value = DEFAULT_LISTEN)]
    listen: SocketAddr,

    /// Directory for persistent data (the SQLite database); created if missing.
    #[arg(long, env = "DUGOUT_DATA_DIR", default_value = DEFAULT_DATA_DIR, global = true)]
    data_dir: PathBuf,

    /// Database URL: `postgres://user:password@host:5432/db` (the database must exist; its
    /// tables are made) or `sqlite://path/to/file`; default: `dugout.sqlite3` in the data
    /// dir. Also read from `DUGOUT_DATABASE_URL` when `DATABASE_URL` is not set.
    #[arg(long, env = "DATABASE_URL", global = true)]
    database_url: Option<String>,

    /// WebSocket connections at once.
    #[arg(long, env = "DUGOUT_MAX_CONNECTIONS", default_value_t = Limits::default().max_connections)]
    max_connections: usize,

    /// Rooms at once.
    #[arg(long, env = "DUGOUT_MAX_ROOMS", default_value_t = Limits::default().max_rooms)]
    max_rooms: usize,

    /// Sustained WebSocket messages per second per connection.
    #[arg(long, env = "DUGOUT_MESSAGES_PER_SECOND", default_value_t = Limits::default().messages_per_second)]
    messages_per_second: f64,

    /// Messages a connection may send in a burst.
    #[arg(long, env = "DUGOUT_MESSAGE_BURST", default_value_t = Limits::default().message_burst)]
    message_burst: f64,

    /// Sustained WebSocket messages per second for all of one account's connections.
    #[arg(long, env = "DUGOUT_ACCOUNT_MESSAGES_PER_SECOND", default_value_t = Limits::default().account_messages_per_second)]
    account_messages_per_second: f64,

    /// Messages one account's connections may send together in a burst.
    #[arg(long, env = "DUGOUT_ACCOUNT_MESSAGE_BURST", default_value_t = Limits::default().account_message_burst)]
    account_message_burst: f64,

    /// Seconds between keepalive pings (0: no keepalive).
    #[arg(long, env = "DUGOUT_PING_SECONDS", default_value_t = Limits::default().ping_interval.as_secs())]
    ping_seconds: u64,

    /// Seconds of silence after which a connection is closed.
    #[arg(long, env = "DUGOUT_IDLE_SECONDS", default_value_t = Limits::default().idle_timeout.as_secs())]
    idle_seconds: u64,

    /// Seconds an empty open room, or a finished room nobody follows, stays before it retires.
    #[arg(long, env = "DUGOUT_ROOM_LINGER_SECONDS", default_value_t = Limits::default().room_linger.as_secs())]
    room_linger_seconds: u64,

    /// Events a room keeps in memory for resumes; a resume that missed more gets a snapshot.
    #[arg(long, env = "DUGOUT_RESUME_MAX_EVENTS", default_value_t = Limits::default().resume_max_events)]
    resume_max_events: usize,

    /// TCP connections from one IP address at once; more are closed as soon as they open.
    #[arg(long, env = "DUGOUT_MAX_CONNECTIONS_PER_ADDRESS", default_value_t = Limits::default().max_connections_per_address)]
    max_connections_per_address: usize,

    /// Seconds after which an open room frees the seat of a coach with no connection to it.
    #[arg(long, env = "DUGOUT_SEAT_GRACE_SECONDS", default_value_t = Limits::default().seat_grace.as_secs())]
    seat_grace_seconds: u64,

    /// Seconds a coach may be gone from a match before the other may claim the win.
    #[arg(long, env = "DUGOUT_FORFEIT_AFTER_SECONDS", default_value_t = Limits::default().forfeit_after.as_secs())]
    forfeit_after_seconds: u64,

    /// Serve HTTPS and wss:// with this certificate chain (PEM: the server's certificate,
    /// then any intermediates). Needs --tls-key. Without both: plain HTTP.
    #[arg(
        long,
        env = "DUGOUT_TLS_CERT",
        value_name = "FILE",
        requires = "tls_key"
    )]
    tls_cert: Option<PathBuf>,

    /// The private key (PEM) of --tls-cert's certificate. Needs --tls-cert.
    #[arg(
        long,
        env = "DUGOUT_TLS_KEY",
        value_name = "FILE",
        requires = "tls_cert"
    )]
    tls_key: Option<PathBuf>,

    /// Several nodes (issue 14): the NATS server that links this node to the others
    /// (`nats://host:4222`). Without it the server is one node; on a shared Postgres it then
    /// refuses to start while another node is alive.
    #[arg(long, env = "NATS_URL")]
    nats_url: Option<String>,

    /// This node's id among several (letters, digits, '-', '_'); default: the host name. A
    /// node restarted under the same id takes its own rooms back at once.
    #[arg(long, env = "DUGOUT_NODE_ID")]
    node_id: Option<String>,

    /// Milliseconds a room's lease lasts (renewed every third of it); a dead node's rooms
    /// move after it runs out.
    #[arg(long, env = "DUGOUT_LEASE_MS", default_value_t = 10_000)]
    lease_ms: u64,

    /// The first token of the NATS subjects: clusters sharing one NATS server keep apart
    /// with different prefixes.
    #[arg(long, env = "DUGOUT_NATS_PREFIX", default_value = "dugout")]
    nats_prefix: String,

    /// Log level: error, warn, info, debug or trace.
    #[arg(long, env = "DUGOUT_LOG", default_value = "info", global = true)]
    log: tracing::Level,
}

#[derive(Debug, Subcommand)]
enum Cmd {
    /// Verify a stored match: check the revealed server seed against the commitment,
    /// derive the dice seed, replay the stored commands and compare every event.
    ///
    /// Exit status: 0 verified; 1 verification failed; 2 nothing to verify (no such match,
    /// it never started) or the store cannot be read; 3 the match is not over (its seed is
    /// not revealed yet).
    Verify {
        /// The match's id (its room id).
        #[arg(long = "match", value_name = "ID")]
        match_id: String,
    },
}

impl Args {
    fn config(&self) -> Config {
        Config {
            listen: self.listen,
            data_dir: self.data_dir.clone(),
            database_url: self
                .database_url
                .clone()
                .or_else(|| std::env::var("DUGOUT_DATABASE_URL").ok())
                .filter(|url| !url.is_empty()),
            tls: match (&self.tls_cert, &self.tls_key) {
                (Some(cert), Some(key)) => Some(TlsFiles {
                    cert: cert.clone(),
                    key: key.clone(),
                }),
                // clap requires both or neither.
                _ => None,
            },
            limits: Limits {
                max_connections: self.max_connections,
                max_rooms: self.max_rooms,
                messages_per_second: self.messages_per_second,
                message_burst: self.message_burst,
                account_messages_per_second: self.account_messages_per_second,
                account_message_burst: self.account_message_burst,
                ping_interval: Duration::from_secs(self.ping_seconds),
                idle_timeout: Duration::from_secs(self.idle_seconds.max(1)),
                // Zero would mean "never retire" (for tests); the flag's minimum is 1 s.
                room_linger: Duration::from_secs(self.room_linger_seconds.max(1)),
                resume_max_events: self.resume_max_events,
                max_connections_per_address: self.max_connections_per_address.max(1),
                seat_grace: Duration::from_secs(self.seat_grace_seconds),
                forfeit_after: Duration::from_secs(self.forfeit_after_seconds),
                ..Limits::default()
            },
            cluster: dugout_server::cluster::ClusterConfig {
                nats_url: self.nats_url.clone().filter(|url| !url.is_empty()),
                node_id: self
                    .node_id
                    .clone()
                    .unwrap_or_else(dugout_server::cluster::default_node_id),
                lease: Duration::from_millis(self.lease_ms.max(300)),
                prefix: self.nats_prefix.clone(),
            },
        }
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    tracing_subscriber::fmt()
        .with_max_level(args.log)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    let config = args.config();
    if args.command.is_none() {
        // Each connection is a file descriptor (issue 15): as many as the system allows.
        match dugout_server::conn::raise_open_files_limit() {
            Some(n) => tracing::debug!("open files limit: {n}"),
            None => tracing::warn!("cannot read or raise the open files limit"),
        }
    }
    if let Some(Cmd::Verify { match_id }) = &args.command {
        return verify(config, match_id).await;
    }

    // The certificate and key first: a wrong file is said before the database is opened.
    let tls = match &config.tls {
        None => None,
        Some(files) => match dugout_server::tls::server_config(files) {
            Ok(tls) => Some(tls),
            Err(err) => {
                eprintln!("dugout-server: {err}");
                return ExitCode::FAILURE;
            }
        },
    };

    let state = match AppState::open(config.clone()).await {
        Ok(state) => state,
        Err(err) => {
            eprintln!("dugout-server: cannot open the database: {err}");
            return ExitCode::FAILURE;
        }
    };

    let listener = match tokio::net::TcpListener::bind(config.listen).await {
        Ok(listener) => listener,
        Err(err) => {
            eprintln!("dugout-server: cannot listen on {}: {err}", config.listen);
            return ExitCode::FAILURE;
        }
    };
    let addr = listener.local_addr().unwrap_or(config.listen);
    let database = match &config.database_url {
        Some(url) => dugout_server::store::redact(url),
        None => format!(
            "{}",
            config
                .data_dir
                .join(dugout_server::store::SQLITE_FILE)
                .display()
        ),
    };
    let (http, ws) = if tls.is_some() {
        ("https", "wss")
    } else {
        ("http", "ws")
    };
    tracing::info!(
        "dugout-server {SERVER_VERSION} listening on {http}://{addr} (WebSocket {ws}://{addr}/ws, database {database})"
    );

    // Installed now, before the first request is served (see `shutdown_signal`).
    let signal = dugout_server::shutdown_signal();
    let shutdown = async {
        signal.await;
        tracing::info!("shutting down");
    };
    let node = state.clone();
    let result = match tls {
        Some(tls) => dugout_server::run_tls(listener, tls, state, shutdown).await,
        None => dugout_server::run(listener, state, shutdown).await,
    };
    // Several nodes: the rooms have stopped; hand them to the other nodes at once.
    node.leave_nodes().await;

    match result {
        Ok(()) => {
            tracing::info!("stopped");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("dugout-server: {err}");
            ExitCode::FAILURE
        }
    }
}

/// `dugout-server verify`: the report on stdout, its verdict as the exit status.
async fn verify(config: Config, id: &str) -> ExitCode {
    if let Err(why) = store_exists(&config) {
        eprintln!("dugout-server: {why}");
        return ExitCode::from(2);
    }
    // The store only: verifying reads a log; it takes no room, no lease, joins no nodes (it
    // runs beside live nodes on their database).
    let store =
        match dugout_server::store::open(config.database_url.as_deref(), &config.data_dir).await {
            Ok(store) => store,
            Err(err) => {
                eprintln!("dugout-server: cannot open the database: {err}");
                return ExitCode::from(2);
            }
        };
    match fair::verify_match(store.as_ref(), id).await {
        Ok(report) => {
            println!("{report}");
            ExitCode::from(report.exit_code())
        }
        Err(err) => {
            eprintln!("dugout-server: cannot read match {id}: {err}");
            ExitCode::from(2)
        }
    }
}

/// `verify` reads a store; it must not make an empty one where there is none (a mistyped
/// `--data-dir` would then say "no such match").
fn store_exists(config: &Config) -> Result<(), String> {
    if config.database_url.is_some() {
        return Ok(());
    }
    let file = config.data_dir.join(dugout_server::store::SQLITE_FILE);
    if file.is_file() {
        Ok(())
    } else {
        Err(format!(
            "there is no store at {} (no {}): give the --data-dir the server runs with, \
             or --database-url for Postgres",
            config.data_dir.display(),
            dugout_server::store::SQLITE_FILE
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Args::command().debug_assert();
    }

    #[test]
    fn flags_override_the_defaults() {
        let args = Args::try_parse_from([
            "dugout-server",
            "--listen",
            "0.0.0.0:9000",
            "--data-dir",
            "/tmp/dugout",
            "--max-connections",
            "7",
            "--ping-seconds",
            "5",
        ])
        .expect("valid flags parse");
        assert_eq!(args.listen, SocketAddr::from(([0, 0, 0, 0], 9000)));
        assert_eq!(args.data_dir, PathBuf::from("/tmp/dugout"));
        let config = args.config();
        assert_eq!(config.limits.max_connections, 7);
        assert_eq!(config.limits.ping_interval, Duration::from_secs(5));
    }

    #[test]
    fn verify_takes_a_match_id_and_the_store_flags_after_it() {
        let args = Args::try_parse_from([
            "dugout-server",
            "verify",
            "--match",
            "0190-abc",
            "--data-dir",
            "/tmp/dugout",
        ])
        .expect("valid flags parse");
        assert!(matches!(
            &args.command,
            Some(Cmd::Verify { match_id }) if match_id == "0190-abc"
        ));
        assert_eq!(args.data_dir, PathBuf::from("/tmp/dugout"));
        assert!(Args::try_parse_from(["dugout-server", "verify"]).is_err());
        assert!(
            Args::try_parse_from(["dugout-server"])
                .expect("serving needs no subcommand")
                .command
                .is_none()
        );
    }

    #[test]
    fn a_postgres_database_url_is_taken_as_given() {
        let args = Args::try_parse_from([
            "dugout-server",
            "--database-url",
            "postgres://dugout:pw@db:5432/dugout",
        ])
        .expect("valid flags parse");
        assert_eq!(
            args.config().database_url.as_deref(),
            Some("postgres://dugout:pw@db:5432/dugout")
        );
    }

    #[test]
    fn verify_refuses_a_data_dir_without_a_store_and_creates_nothing_there() {
        let dir = std::env::temp_dir().join(format!("dugout-no-store-{}", std::process::id()));
        let args = Args::try_parse_from([
            "dugout-server",
            "verify",
            "--match",
            "m",
            "--data-dir",
            dir.to_str().expect("a UTF-8 temp path"),
        ])
        .expect("valid flags parse");
        let why = store_exists(&args.config()).expect_err("no store there");
        assert!(why.contains("there is no store at"), "{why}");
        assert!(!dir.exists(), "nothing was created");
    }

    #[test]
    fn tls_takes_a_certificate_and_a_key_or_neither() {
        let args = Args::try_parse_from([
            "dugout-server",
            "--tls-cert",
            "/etc/dugout/cert.pem",
            "--tls-key",
            "/etc/dugout/key.pem",
        ])
        .expect("both parse");
        assert_eq!(
            args.config().tls,
            Some(TlsFiles {
                cert: PathBuf::from("/etc/dugout/cert.pem"),
                key: PathBuf::from("/etc/dugout/key.pem"),
            })
        );
        if std::env::var_os("DUGOUT_TLS_CERT").is_none()
            && std::env::var_os("DUGOUT_TLS_KEY").is_none()
        {
            assert_eq!(
                Args::try_parse_from(["dugout-server"])
                    .expect("neither parses")
                    .config()
                    .tls,
                None
            );
            for alone in ["--tls-cert", "--tls-key"] {
                let err = Args::try_parse_from(["dugout-server", alone, "x.pem"])
                    .expect_err("one without the other");
                let words = err.to_string();
                assert!(words.contains("required"), "{words}");
            }
        }
    }

    #[test]
    fn a_malformed_listen_address_is_rejected() {
        assert!(Args::try_parse_from(["dugout-server", "--listen", "not-an-address"]).is_err());
    }
}
