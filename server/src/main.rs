//! `dugout-server`: parse flags, prepare the data dir, bind, serve until Ctrl-C or SIGTERM.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use dugout_server::{AppState, Config, DEFAULT_DATA_DIR, DEFAULT_LISTEN, SERVER_VERSION};

/// The Dugout match server.
#[derive(Debug, Parser)]
#[command(name = "dugout-server", version)]
struct Args {
    /// Address to listen on.
    #[arg(long, env = "DUGOUT_LISTEN", default_value = DEFAULT_LISTEN)]
    listen: SocketAddr,

    /// Directory for persistent data; created if missing.
    #[arg(long, env = "DUGOUT_DATA_DIR", default_value = DEFAULT_DATA_DIR)]
    data_dir: PathBuf,
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let config = Config {
        listen: args.listen,
        data_dir: args.data_dir,
    };

    if let Err(err) = std::fs::create_dir_all(&config.data_dir) {
        eprintln!(
            "dugout-server: cannot create data dir {}: {err}",
            config.data_dir.display()
        );
        return ExitCode::FAILURE;
    }

    let listener = match tokio::net::TcpListener::bind(config.listen).await {
        Ok(listener) => listener,
        Err(err) => {
            eprintln!("dugout-server: cannot listen on {}: {err}", config.listen);
            return ExitCode::FAILURE;
        }
    };
    let addr = listener.local_addr().unwrap_or(config.listen);
    eprintln!(
        "dugout-server {SERVER_VERSION} listening on http://{addr} (data dir {})",
        config.data_dir.display()
    );

    let result = dugout_server::run(listener, AppState::new(config), async {
        dugout_server::shutdown_signal().await;
        eprintln!("dugout-server: shutting down");
    })
    .await;

    match result {
        Ok(()) => {
            eprintln!("dugout-server: stopped");
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
        ])
        .expect("valid flags parse");
        assert_eq!(args.listen, SocketAddr::from(([0, 0, 0, 0], 9000)));
        assert_eq!(args.data_dir, PathBuf::from("/tmp/dugout"));
    }

    #[test]
    fn a_malformed_listen_address_is_rejected() {
        assert!(Args::try_parse_from(["dugout-server", "--listen", "not-an-address"]).is_err());
    }
}
