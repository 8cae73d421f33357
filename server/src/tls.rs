//! TLS served by the server itself (`--tls-cert FILE --tls-key FILE`), for a small
//! deployment without a TLS-terminating proxy in front.
//!
//! [`TlsListener`] is an [`axum::serve::Listener`], so the server is still `axum::serve`
//! with its graceful shutdown, and every connection limit and behaviour is the same as over
//! plain TCP (the WebSocket cap is on upgrades, not on sockets). Handshakes run in tasks of
//! their own, at most [`MAX_HANDSHAKES`] at once and each within [`HANDSHAKE_TIMEOUT`], so a
//! client that opens a socket and says nothing holds up no one. The crypto is rustls's *ring*
//! provider. Only HTTP/1.1 is offered (ALPN), which is what the WebSocket upgrade needs.

use std::fmt;
use std::io;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use crate::conn::{Guarded, GuardedListener};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio::sync::mpsc;
use tokio::task::JoinSet;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::server::TlsStream;

/// Handshakes in progress at once; more connections wait to be accepted.
pub const MAX_HANDSHAKES: usize = 256;

/// Time a client has to finish the TLS handshake.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// The certificate chain and private key files (PEM) of `--tls-cert` and `--tls-key`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TlsFiles {
    /// The server's certificate, then any intermediate certificates.
    pub cert: PathBuf,
    /// Its private key (PKCS#8, PKCS#1 or SEC1).
    pub key: PathBuf,
}

/// A TLS setup that cannot be used, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TlsError(pub String);

impl fmt::Display for TlsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TlsError {}

/// Read the certificate chain and key and make the rustls configuration.
pub fn server_config(files: &TlsFiles) -> Result<Arc<rustls::ServerConfig>, TlsError> {
    let certs = read_certs(&files.cert)?;
    let key = PrivateKeyDer::from_pem_file(&files.key).map_err(|e| {
        TlsError(format!(
            "--tls-key {}: {}",
            files.key.display(),
            pem_words(&e, "PRIVATE KEY")
        ))
    })?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| TlsError(format!("cannot set up TLS: {e}")))?
        .with_no_client_auth()
        .with_single_cert(certs, key)
        .map_err(|e| {
            TlsError(format!(
                "--tls-cert {} and --tls-key {}: {e}",
                files.cert.display(),
                files.key.display()
            ))
        })?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

fn read_certs(path: &Path) -> Result<Vec<CertificateDer<'static>>, TlsError> {
    let bad = |why: String| TlsError(format!("--tls-cert {}: {why}", path.display()));
    let certs = CertificateDer::pem_file_iter(path)
        .map_err(|e| bad(pem_words(&e, "CERTIFICATE")))?
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| bad(pem_words(&e, "CERTIFICATE")))?;
    if certs.is_empty() {
        return Err(bad(
            "no PEM certificate (-----BEGIN CERTIFICATE-----) in it".into(),
        ));
    }
    Ok(certs)
}

fn pem_words(e: &rustls::pki_types::pem::Error, what: &str) -> String {
    match e {
        rustls::pki_types::pem::Error::Io(io) => io.to_string(),
        rustls::pki_types::pem::Error::NoItemsFound => {
            format!("no PEM {what} (-----BEGIN ...{what}-----) in it")
        }
        other => format!("not a PEM file: {other:?}"),
    }
}

/// A [`TcpListener`] whose connections come out TLS-decrypted (see the module docs).
///
/// Dropping it (as `axum::serve` does when shutting down) stops accepting and abandons the
/// handshakes in progress.
pub struct TlsListener {
    incoming: mpsc::Receiver<(TlsStream<Guarded>, SocketAddr)>,
    local_addr: SocketAddr,
}

impl TlsListener {
    /// Accept on `listener`, handshaking with `config`. Must be called within a tokio
    /// runtime (it spawns the accepting task).
    pub fn new(listener: GuardedListener, config: Arc<rustls::ServerConfig>) -> io::Result<Self> {
        let local_addr = axum::serve::Listener::local_addr(&listener)?;
        let (tx, incoming) = mpsc::channel(64);
        tokio::spawn(accept_loop(listener, TlsAcceptor::from(config), tx));
        Ok(TlsListener {
            incoming,
            local_addr,
        })
    }
}

impl axum::serve::Listener for TlsListener {
    type Io = TlsStream<Guarded>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        match self.incoming.recv().await {
            Some(connection) => connection,
            // The accepting task only stops once this listener is dropped.
            None => std::future::pending().await,
        }
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        Ok(self.local_addr)
    }
}

/// Accept TCP connections and handshake with each in a task of its own, passing on those
/// that succeed, until the [`TlsListener`] is gone.
async fn accept_loop(
    mut listener: GuardedListener,
    acceptor: TlsAcceptor,
    tx: mpsc::Sender<(TlsStream<Guarded>, SocketAddr)>,
) {
    let mut handshakes = JoinSet::new();
    loop {
        tokio::select! {
            () = tx.closed() => return,
            Some(_) = handshakes.join_next(), if !handshakes.is_empty() => {}
            // The guarded listener caps connections per address, sets TCP_NODELAY and
            // retries accept errors itself.
            (tcp, addr) = axum::serve::Listener::accept(&mut listener),
                if handshakes.len() < MAX_HANDSHAKES =>
            {
                let acceptor = acceptor.clone();
                let tx = tx.clone();
                handshakes.spawn(async move {
                    match tokio::time::timeout(HANDSHAKE_TIMEOUT, acceptor.accept(tcp)).await {
                        Ok(Ok(tls)) => {
                            let _ = tx.send((tls, addr)).await;
                        }
                        Ok(Err(e)) => tracing::debug!(%addr, "TLS handshake failed: {e}"),
                        Err(_) => tracing::debug!(%addr, "TLS handshake timed out"),
                    }
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, text).expect("write");
        path
    }

    #[test]
    fn a_certificate_and_its_key_make_a_config() {
        let dir = tempfile::tempdir().expect("temp dir");
        let key = rcgen::KeyPair::generate().expect("key");
        let cert = rcgen::CertificateParams::new(vec!["localhost".to_owned()])
            .expect("params")
            .self_signed(&key)
            .expect("self-signed");
        let files = TlsFiles {
            cert: write(dir.path(), "cert.pem", &cert.pem()),
            key: write(dir.path(), "key.pem", &key.serialize_pem()),
        };
        let config = server_config(&files).expect("a valid pair");
        assert_eq!(config.alpn_protocols, vec![b"http/1.1".to_vec()]);
    }

    #[test]
    fn bad_files_are_errors_in_words() {
        let dir = tempfile::tempdir().expect("temp dir");
        let key = rcgen::KeyPair::generate().expect("key");
        let other_key = rcgen::KeyPair::generate().expect("key");
        let cert = rcgen::CertificateParams::new(vec!["localhost".to_owned()])
            .expect("params")
            .self_signed(&key)
            .expect("self-signed");
        let cert_pem = write(dir.path(), "cert.pem", &cert.pem());
        let key_pem = write(dir.path(), "key.pem", &key.serialize_pem());
        let other_key_pem = write(dir.path(), "other.pem", &other_key.serialize_pem());
        let garbage = write(dir.path(), "garbage.pem", "not pem\n");
        let missing = dir.path().join("missing.pem");

        let err = |cert: &Path, key: &Path| {
            server_config(&TlsFiles {
                cert: cert.to_owned(),
                key: key.to_owned(),
            })
            .expect_err("refused")
            .to_string()
        };
        let e = err(&missing, &key_pem);
        assert!(
            e.starts_with("--tls-cert ") && e.contains("missing.pem"),
            "{e}"
        );
        let e = err(&garbage, &key_pem);
        assert!(e.contains("no PEM certificate"), "{e}");
        let e = err(&cert_pem, &missing);
        assert!(e.starts_with("--tls-key "), "{e}");
        let e = err(&cert_pem, &garbage);
        assert!(e.contains("no PEM PRIVATE KEY"), "{e}");
        // The key in the certificate file, the certificate in the key file.
        let e = err(&key_pem, &cert_pem);
        assert!(e.starts_with("--tls-cert "), "{e}");
        // A key that is not the certificate's.
        let e = err(&cert_pem, &other_key_pem);
        assert!(e.contains("--tls-key"), "{e}");
    }
}
