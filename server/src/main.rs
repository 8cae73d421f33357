//! `dugout-server`: parse flags, open the store, bind, serve until Ctrl-C or SIGTERM.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use dugout_server::{AppState, Config, DEFAULT_DATA_DIR, DEFAULT_LISTEN, Limits, SERVER_VERSION};

/// The Dugout match server.
#[derive(Debug, Parser)]
#[command(name = "dugout-server", version)]
struct Args {
    /// Address to listen on.
    #[arg(long, env = "DUGOUT_LISTEN", default_value = DEFAULT_LISTEN)]
    listen: SocketAddr,

    /// Directory for persistent data (the SQLite database); created if missing.
    #[arg(long, env = "DUGOUT_DATA_DIR", default_value = DEFAULT_DATA_DIR)]
    data_dir: PathBuf,

    /// Database URL: `postgres://user:password@host:5432/db` (the database must exist; its
    /// tables are made) or `sqlite://path/to/file`; default: `dugout.sqlite3` in the data
    /// dir. Also read from `DUGOUT_DATABASE_URL` when `DATABASE_URL` is not set.
    #[arg(long, env = "DATABASE_URL")]
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

    /// Seconds between keepalive pings (0: no keepalive).
    #[arg(long, env = "DUGOUT_PING_SECONDS", default_value_t = Limits::default().ping_interval.as_secs())]
    ping_seconds: u64,

    /// Seconds of silence after which a connection is closed.
    #[arg(long, env = "DUGOUT_IDLE_SECONDS", default_value_t = Limits::default().idle_timeout.as_secs())]
    idle_seconds: u64,

    /// Log level: error, warn, info, debug or trace.
    #[arg(long, env = "DUGOUT_LOG", default_value = "info")]
    log: tracing::Level,
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
            limits: Limits {
                max_connections: self.max_connections,
                max_rooms: self.max_rooms,
                messages_per_second: self.messages_per_second,
                message_burst: self.message_burst,
                ping_interval: Duration::from_secs(self.ping_seconds),
                idle_timeout: Duration::from_secs(self.idle_seconds.max(1)),
                ..Limits::default()
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
    tracing::info!(
        "dugout-server {SERVER_VERSION} listening on http://{addr} (WebSocket ws://{addr}/ws, database {database})"
    );

    let result = dugout_server::run(listener, state, async {
        dugout_server::shutdown_signal().await;
        tracing::info!("shutting down");
    })
    .await;

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
    fn a_malformed_listen_address_is_rejected() {
        assert!(Args::try_parse_from(["dugout-server", "--listen", "not-an-address"]).is_err());
    }
}
