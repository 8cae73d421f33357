//! Which servers the client trusts, for HTTPS ([`crate::http`], through reqwest) and for the
//! WebSocket over TLS (`wss://`, [`crate::net`] and [`crate::load`], through
//! tokio-tungstenite): one rustls configuration for both, so both trust the same servers.
//!
//! A [`Trust`] holds the certificate authorities whose certificates are accepted: the Mozilla
//! roots bundled with the client (`webpki-roots`), the system's (the file or directory named
//! by `SSL_CERT_FILE` / `SSL_CERT_DIR`, else the usual places), and the certificates of a PEM
//! file given with `dugout --ca-cert FILE` (a self-signed server certificate, or the private
//! CA that signed it). The crypto is rustls's *ring* provider, set on each configuration, so
//! no process-wide provider is needed.
//!
//! `dugout` sets the process's default trust once at start ([`set_default`]); a
//! [`crate::http::ServerUrl`] or a [`crate::net::SessionConfig`] without a trust of its own
//! uses it ([`default_trust`]).

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{Connector, MaybeTlsStream, WebSocketStream};

/// A WebSocket over plain TCP or TLS.
pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The certificate authorities a client trusts (see the module docs). Cheap to clone.
#[derive(Clone)]
pub struct Trust {
    ca_cert: Option<PathBuf>,
    config: Arc<rustls::ClientConfig>,
}

impl fmt::Debug for Trust {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Trust")
            .field("ca_cert", &self.ca_cert)
            .finish_non_exhaustive()
    }
}

/// Two trusts are the same when they add the same `--ca-cert` file to the same roots.
impl PartialEq for Trust {
    fn eq(&self, other: &Self) -> bool {
        self.ca_cert == other.ca_cert
    }
}

impl Eq for Trust {}

/// A trust that could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TlsError {
    /// The `--ca-cert` file: unreadable, no certificate in it, or a certificate rustls cannot
    /// use as a trust anchor.
    CaCert { path: PathBuf, why: String },
    /// rustls refused the configuration (should not happen with the ring provider).
    Config(String),
}

impl fmt::Display for TlsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TlsError::CaCert { path, why } => write!(f, "--ca-cert {}: {why}", path.display()),
            TlsError::Config(why) => write!(f, "cannot set up TLS: {why}"),
        }
    }
}

impl std::error::Error for TlsError {}

impl Trust {
    /// The bundled and the system's roots.
    pub fn system() -> Result<Trust, TlsError> {
        Self::build(None)
    }

    /// The bundled and the system's roots, and every certificate in the PEM file `path` (a
    /// self-signed server certificate, or a private CA).
    pub fn with_ca_cert(path: &Path) -> Result<Trust, TlsError> {
        Self::build(Some(path))
    }

    /// The `--ca-cert` file added to the roots, if any.
    pub fn ca_cert(&self) -> Option<&Path> {
        self.ca_cert.as_deref()
    }

    /// The rustls configuration (the same for HTTPS and the WebSocket).
    pub fn client_config(&self) -> Arc<rustls::ClientConfig> {
        Arc::clone(&self.config)
    }

    fn build(ca_cert: Option<&Path>) -> Result<Trust, TlsError> {
        let mut roots =
            rustls::RootCertStore::from_iter(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
        // The system's store, when there is one; unreadable entries are skipped (the bundled
        // roots are there anyway).
        let system = rustls_native_certs::load_native_certs();
        roots.add_parsable_certificates(system.certs);
        if let Some(path) = ca_cert {
            let bad = |why: String| TlsError::CaCert {
                path: path.to_owned(),
                why,
            };
            let certs = CertificateDer::pem_file_iter(path)
                .map_err(|e| bad(pem_words(&e)))?
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| bad(pem_words(&e)))?;
            if certs.is_empty() {
                return Err(bad(
                    "no PEM certificate (-----BEGIN CERTIFICATE-----) in it".into(),
                ));
            }
            for cert in certs {
                roots
                    .add(cert)
                    .map_err(|e| bad(format!("not a certificate rustls can trust: {e}")))?;
            }
        }
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| TlsError::Config(e.to_string()))?
            .with_root_certificates(roots)
            .with_no_client_auth();
        Ok(Trust {
            ca_cert: ca_cert.map(Path::to_owned),
            config: Arc::new(config),
        })
    }
}

fn pem_words(e: &rustls::pki_types::pem::Error) -> String {
    match e {
        rustls::pki_types::pem::Error::Io(io) => io.to_string(),
        other => format!("not a PEM file: {other:?}"),
    }
}

static DEFAULT: OnceLock<Trust> = OnceLock::new();

/// Make `trust` the process's default (`dugout --ca-cert`). Only the first call counts: `false`
/// if a default was already in place.
pub fn set_default(trust: Trust) -> bool {
    DEFAULT.set(trust).is_ok()
}

/// The process's default trust: the one given to [`set_default`], else the bundled and the
/// system's roots (built once).
pub fn default_trust() -> Result<Trust, TlsError> {
    if let Some(trust) = DEFAULT.get() {
        return Ok(trust.clone());
    }
    let trust = Trust::system()?;
    // Someone may have set it meanwhile: theirs wins.
    let _ = DEFAULT.set(trust);
    DEFAULT
        .get()
        .cloned()
        .ok_or_else(|| TlsError::Config("no default trust".into()))
}

/// `trust`, or the process's default when `None`.
pub fn trust_or_default(trust: Option<&Trust>) -> Result<Trust, TlsError> {
    match trust {
        Some(trust) => Ok(trust.clone()),
        None => default_trust(),
    }
}

/// Open a WebSocket at `url` (`ws://` or `wss://`), trusting what `trust` trusts for `wss://`.
pub async fn connect_websocket(
    url: &str,
    trust: &Trust,
    config: Option<WebSocketConfig>,
    disable_nagle: bool,
) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    let connector = Connector::Rustls(trust.client_config());
    let (ws, _) = tokio_tungstenite::connect_async_tls_with_config(
        url,
        config,
        disable_nagle,
        Some(connector),
    )
    .await?;
    Ok(ws)
}

/// If `err` (or an error it wraps) is a TLS failure, the failure in words, with what to do
/// about an untrusted certificate.
pub fn tls_failure(err: &(dyn std::error::Error + 'static)) -> Option<String> {
    let mut next = Some(err);
    while let Some(e) = next {
        if let Some(tls) = as_rustls(e) {
            return Some(rustls_words(tls));
        }
        next = e.source();
    }
    None
}

/// A rustls error, directly or inside `io::Error`s (whose `source` skips what they wrap; the
/// HTTP connector wraps it twice).
fn as_rustls<'a>(e: &'a (dyn std::error::Error + 'static)) -> Option<&'a rustls::Error> {
    let mut e = e;
    loop {
        if let Some(tls) = e.downcast_ref::<rustls::Error>() {
            return Some(tls);
        }
        let inner: &(dyn std::error::Error + 'static) =
            e.downcast_ref::<std::io::Error>()?.get_ref()?;
        e = inner;
    }
}

fn rustls_words(e: &rustls::Error) -> String {
    match e {
        // `openssl req -x509` makes such certificates unless told `CA:FALSE`; browsers and
        // curl take them, rustls does not.
        rustls::Error::InvalidCertificate(_) if format!("{e:?}").contains("CaUsedAsEndEntity") => {
            "the server's TLS certificate is a CA certificate (basicConstraints CA:TRUE), which \
             cannot be a server's own certificate: make the self-signed certificate with \
             `-addext basicConstraints=critical,CA:FALSE` (openssl req -x509), or sign a \
             server certificate with that CA"
                .to_owned()
        }
        rustls::Error::InvalidCertificate(_) => format!(
            "the server's TLS certificate is not trusted ({e}); if it is self-signed or from a \
             private CA, give that certificate with --ca-cert FILE"
        ),
        rustls::Error::InvalidMessage(_) => {
            format!("TLS handshake failed ({e}): does the server speak TLS there (https://)?")
        }
        other => format!("TLS handshake failed: {other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ca_cert_file_adds_its_certificates() {
        let dir = tempfile::tempdir().expect("temp dir");
        let key = rcgen::KeyPair::generate().expect("key");
        let cert = rcgen::CertificateParams::new(vec!["localhost".to_owned()])
            .expect("params")
            .self_signed(&key)
            .expect("self-signed");
        let path = dir.path().join("ca.pem");
        std::fs::write(&path, cert.pem()).expect("write");
        let trust = Trust::with_ca_cert(&path).expect("a PEM certificate is accepted");
        assert_eq!(trust.ca_cert(), Some(path.as_path()));
        assert_ne!(trust, Trust::system().expect("the system roots"));
    }

    #[test]
    fn a_bad_ca_cert_file_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().expect("temp dir");
        let missing = dir.path().join("missing.pem");
        let err = Trust::with_ca_cert(&missing).expect_err("no such file");
        assert!(err.to_string().starts_with("--ca-cert "), "{err}");
        let empty = dir.path().join("empty.pem");
        std::fs::write(&empty, "hello\n").expect("write");
        let err = Trust::with_ca_cert(&empty).expect_err("no certificate");
        assert!(err.to_string().contains("no PEM certificate"), "{err}");
        let garbage = dir.path().join("garbage.pem");
        std::fs::write(
            &garbage,
            "-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----\n",
        )
        .expect("write");
        let err = Trust::with_ca_cert(&garbage).expect_err("not a certificate");
        assert!(err.to_string().contains("--ca-cert"), "{err}");
    }
}
