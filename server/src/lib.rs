//! The Dugout server: an axum app plus the plumbing to serve it.
//!
//! For now this is a skeleton with `GET /health` and `GET /version`. The shape
//! follows mini-redis and axum's examples: [`app`] builds a [`Router`] that tests
//! can call without a socket, and [`run`] serves it on a listener the caller
//! bound (so tests can bind port 0) until a caller-supplied shutdown future
//! resolves.

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::routing::get;
use axum::{Json, Router};
use dugout_protocol::PROTOCOL_VERSION;
use serde::Serialize;

/// Version of this crate, reported by `GET /version`.
pub const SERVER_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Default address the server listens on.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:8080";

/// Default directory for the server's data (the SQLite file, later).
pub const DEFAULT_DATA_DIR: &str = "./data";

/// Everything the server needs to start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Address to bind the HTTP listener to.
    pub listen: SocketAddr,
    /// Directory for persistent data; created on start if missing.
    pub data_dir: PathBuf,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: PathBuf::from(DEFAULT_DATA_DIR),
        }
    }
}

/// State shared by every request handler.
///
/// Cheap to clone: axum clones it per request, so everything inside sits
/// behind one `Arc`.
#[derive(Debug, Clone)]
pub struct AppState {
    config: Arc<Config>,
}

impl AppState {
    /// State for a server started with `config`.
    pub fn new(config: Config) -> Self {
        Self {
            config: Arc::new(config),
        }
    }

    /// The configuration the server was started with.
    pub fn config(&self) -> &Config {
        &self.config
    }
}

/// Body of `GET /health`.
#[derive(Debug, Clone, Serialize)]
pub struct Health {
    /// Always `"ok"` while the server answers at all.
    pub status: &'static str,
}

/// Body of `GET /version`.
#[derive(Debug, Clone, Serialize)]
pub struct Version {
    /// The server crate's version.
    pub server: &'static str,
    /// The protocol version the server speaks.
    pub protocol: u32,
}

/// The HTTP routes, ready to serve or to call directly in tests.
pub fn app(state: AppState) -> Router {
    Router::new()
        .route("/health", get(health))
        .route("/version", get(version))
        .with_state(state)
}

async fn health() -> Json<Health> {
    Json(Health { status: "ok" })
}

async fn version() -> Json<Version> {
    Json(Version {
        server: SERVER_VERSION,
        protocol: PROTOCOL_VERSION,
    })
}

/// Serve [`app`] on `listener` until `shutdown` resolves.
///
/// After `shutdown` resolves the server stops accepting connections and waits
/// for in-flight requests to finish before returning.
pub async fn run(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, app(state))
        .with_graceful_shutdown(shutdown)
        .await
}

/// Resolves on Ctrl-C (SIGINT) or, on Unix, SIGTERM.
///
/// If a handler cannot be installed the failure is logged and that signal is
/// simply never observed; the other one still works.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(err) = tokio::signal::ctrl_c().await {
            eprintln!("dugout-server: cannot listen for Ctrl-C: {err}");
            std::future::pending::<()>().await;
        }
    };

    #[cfg(unix)]
    let terminate = async {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut sigterm) => {
                sigterm.recv().await;
            }
            Err(err) => {
                eprintln!("dugout-server: cannot listen for SIGTERM: {err}");
                std::future::pending::<()>().await;
            }
        }
    };

    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();

    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_config_listens_on_localhost_8080_with_data_in_dot_data() {
        let config = Config::default();
        assert_eq!(config.listen.to_string(), DEFAULT_LISTEN);
        assert_eq!(config.data_dir, PathBuf::from(DEFAULT_DATA_DIR));
    }
}
