//! The few HTTP requests the client makes of a Dugout server (health, accounts, bot tokens,
//! the archive), over `http://` or `https://`, through reqwest with rustls (see
//! [`crate::tls`] for which certificates are trusted). Games are played over the WebSocket
//! ([`crate::net`]).

use std::fmt;
use std::time::Duration;

use dugout_protocol::{ApiError, Credentials, ErrorCode, NewBot, TokenGrant};

use crate::tls::{self, Trust};

/// Largest response we are willing to read.
const MAX_RESPONSE_BYTES: u64 = 1024 * 1024;

/// Time allowed for connecting, sending and reading the whole answer.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// Whether a server is reached in the clear or over TLS.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    /// `http://` (WebSocket `ws://`), default port 80.
    Http,
    /// `https://` (WebSocket `wss://`), default port 443.
    Https,
}

impl Scheme {
    fn http(self) -> &'static str {
        match self {
            Scheme::Http => "http",
            Scheme::Https => "https",
        }
    }

    fn websocket(self) -> &'static str {
        match self {
            Scheme::Http => "ws",
            Scheme::Https => "wss",
        }
    }

    fn default_port(self) -> u16 {
        match self {
            Scheme::Http => 80,
            Scheme::Https => 443,
        }
    }
}

/// A parsed `http://host[:port][/base]` or `https://host[:port][/base]` URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerUrl {
    pub scheme: Scheme,
    /// `host:port`, the port always given (80 or 443 when the URL has none).
    pub authority: String,
    /// Path prefix without a trailing slash (empty for the root).
    pub base_path: String,
    /// The certificates trusted for `https://`; `None`: the process's default
    /// ([`tls::default_trust`], which `dugout --ca-cert` sets).
    pub trust: Option<Trust>,
}

impl ServerUrl {
    /// Parse a base URL: `http://` or `https://`, then a host, an optional port (default 80
    /// or 443) and an optional base path.
    pub fn parse(url: &str) -> Result<Self, Error> {
        let (scheme, rest) = if let Some(rest) = url.strip_prefix("http://") {
            (Scheme::Http, rest)
        } else if let Some(rest) = url.strip_prefix("https://") {
            (Scheme::Https, rest)
        } else {
            return Err(Error::BadUrl(format!(
                "{url}: give an http:// or https:// URL"
            )));
        };
        let (authority, path) = match rest.find('/') {
            Some(slash) => rest.split_at(slash),
            None => (rest, ""),
        };
        if authority.is_empty() {
            return Err(Error::BadUrl(format!("{url}: no host")));
        }
        if authority.contains('@') || authority.chars().any(char::is_whitespace) {
            return Err(Error::BadUrl(format!("{url}: unsupported host")));
        }
        if path.contains(['?', '#']) || path.chars().any(char::is_whitespace) {
            return Err(Error::BadUrl(format!("{url}: unsupported path")));
        }
        // A port is present if the part after the last ':' is outside any
        // IPv6 brackets.
        let port_at = match (authority.rfind(':'), authority.rfind(']')) {
            (Some(colon), Some(bracket)) if colon > bracket => Some(colon),
            (Some(colon), None) => Some(colon),
            _ => None,
        };
        let host = port_at.map_or(authority, |colon| &authority[..colon]);
        if host.is_empty() || host == "[]" {
            return Err(Error::BadUrl(format!("{url}: no host")));
        }
        let authority = match port_at {
            Some(colon) => {
                let port = &authority[colon + 1..];
                if port.parse::<u16>().is_err() {
                    return Err(Error::BadUrl(format!("{url}: bad port {port:?}")));
                }
                authority.to_owned()
            }
            None => format!("{authority}:{}", scheme.default_port()),
        };
        Ok(Self {
            scheme,
            authority,
            base_path: path.trim_end_matches('/').to_owned(),
            trust: None,
        })
    }

    /// This URL, trusting `trust`'s certificates instead of the process's default.
    pub fn with_trust(mut self, trust: Trust) -> Self {
        self.trust = Some(trust);
        self
    }

    /// Whether the server is reached over TLS (`https://`, `wss://`).
    pub fn is_tls(&self) -> bool {
        self.scheme == Scheme::Https
    }

    /// The base URL, `http(s)://host:port[/base]`.
    pub fn base(&self) -> String {
        format!(
            "{}://{}{}",
            self.scheme.http(),
            self.authority,
            self.base_path
        )
    }

    /// The request target for `path` (which starts with `/`) under this base.
    pub fn target(&self, path: &str) -> String {
        format!("{}{path}", self.base_path)
    }

    /// The full URL of `path` (which starts with `/`) under this base.
    pub fn url(&self, path: &str) -> String {
        format!(
            "{}://{}{}",
            self.scheme.http(),
            self.authority,
            self.target(path)
        )
    }

    /// The server's WebSocket endpoint: `ws://host:port[/base]/ws`, or `wss://` for an
    /// `https://` server.
    pub fn websocket(&self) -> String {
        format!(
            "{}://{}{}",
            self.scheme.websocket(),
            self.authority,
            self.target(dugout_protocol::WS_PATH)
        )
    }

    /// The trust to use for this server ([`ServerUrl::trust`] or the process's default).
    pub fn trust(&self) -> Result<Trust, Error> {
        tls::trust_or_default(self.trust.as_ref()).map_err(|e| Error::Tls(e.to_string()))
    }
}

/// A complete HTTP response.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    pub status: u16,
    pub body: Vec<u8>,
}

#[derive(Debug)]
pub enum Error {
    BadUrl(String),
    /// Nothing answered at the server's address (refused, no route, unknown host...).
    Connect {
        server: String,
        why: String,
    },
    /// TLS failed: most often a certificate this client does not trust.
    Tls(String),
    Timeout,
    TooLarge,
    /// Any other failure of the exchange (the connection closed mid-answer...).
    Http(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::BadUrl(msg) => write!(f, "bad server URL {msg}"),
            Error::Connect { server, why } => {
                write!(f, "{why}: is dugout-server running at {server}?")
            }
            Error::Tls(why) => write!(f, "{why}"),
            Error::Timeout => write!(f, "no complete answer within {}s", TIMEOUT.as_secs()),
            Error::TooLarge => write!(f, "answer larger than {MAX_RESPONSE_BYTES} bytes"),
            Error::Http(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for Error {}

/// GET `path` from `server`, with [`TIMEOUT`] for the whole exchange.
pub async fn get(server: &ServerUrl, path: &str) -> Result<Response, Error> {
    exchange(server, "GET", path, None, None).await
}

/// GET `path` from `server` with a bearer token if given (the archive shows a coach their
/// private matches), with [`TIMEOUT`] for the whole exchange.
pub async fn get_as(
    server: &ServerUrl,
    path: &str,
    bearer: Option<&str>,
) -> Result<Response, Error> {
    exchange(server, "GET", path, None, bearer).await
}

/// POST the JSON `body` to `path` on `server`, with a bearer token if given, with
/// [`TIMEOUT`] for the whole exchange.
pub async fn post_json(
    server: &ServerUrl,
    path: &str,
    body: &str,
    bearer: Option<&str>,
) -> Result<Response, Error> {
    exchange(server, "POST", path, Some(body), bearer).await
}

async fn exchange(
    server: &ServerUrl,
    method: &str,
    path: &str,
    body: Option<&str>,
    bearer: Option<&str>,
) -> Result<Response, Error> {
    // reqwest's own timeout covers the same; this one also covers building the client.
    tokio::time::timeout(TIMEOUT, exchange_inner(server, method, path, body, bearer))
        .await
        .map_err(|_| Error::Timeout)?
}

/// A client trusting `trust`. Built per request: the client makes a handful of them, and
/// each used to be a connection of its own anyway.
fn client(trust: &Trust) -> Result<reqwest::Client, Error> {
    reqwest::Client::builder()
        .tls_backend_preconfigured(rustls::ClientConfig::clone(&trust.client_config()))
        .timeout(TIMEOUT)
        .connect_timeout(TIMEOUT)
        // Like the WebSocket, which cannot go through an HTTP proxy: straight to the server.
        .no_proxy()
        // A redirect is not followed: a token or password goes only where it was sent.
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("dugout/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| Error::Tls(format!("cannot set up the HTTP client: {}", chain(&e))))
}

async fn exchange_inner(
    server: &ServerUrl,
    method: &str,
    path: &str,
    body: Option<&str>,
    bearer: Option<&str>,
) -> Result<Response, Error> {
    if bearer.is_some_and(|t| t.contains(['\r', '\n'])) {
        return Err(Error::BadUrl("a token with a line break".into()));
    }
    let client = client(&server.trust()?)?;
    let url = server.url(path);
    let mut request = match method {
        "POST" => client.post(&url),
        _ => client.get(&url),
    }
    .header(reqwest::header::ACCEPT, "application/json");
    if let Some(token) = bearer {
        request = request.bearer_auth(token);
    }
    if let Some(body) = body {
        request = request
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(body.to_owned());
    }
    let mut response = request.send().await.map_err(|e| failure(server, &e))?;
    if response
        .content_length()
        .is_some_and(|len| len > MAX_RESPONSE_BYTES)
    {
        return Err(Error::TooLarge);
    }
    let status = response.status().as_u16();
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|e| failure(server, &e))? {
        if (body.len() + chunk.len()) as u64 > MAX_RESPONSE_BYTES {
            return Err(Error::TooLarge);
        }
        body.extend_from_slice(&chunk);
    }
    Ok(Response { status, body })
}

/// A reqwest error in words: what went wrong underneath, not only "error sending request".
fn failure(server: &ServerUrl, e: &reqwest::Error) -> Error {
    if let Some(why) = tls::tls_failure(e) {
        return Error::Tls(why);
    }
    if e.is_timeout() {
        return Error::Timeout;
    }
    if e.is_connect() {
        return Error::Connect {
            server: server.base(),
            why: root_cause(e),
        };
    }
    let words = chain(e);
    if !server.is_tls() && words.contains("invalid HTTP version") {
        // What a TLS server answers to plain HTTP is not HTTP.
        return Error::Http(format!(
            "{words}: not an HTTP answer; if the server serves TLS, use https://"
        ));
    }
    Error::Http(words)
}

/// The innermost error's words ("Connection refused (os error 111)").
fn root_cause(e: &(dyn std::error::Error + 'static)) -> String {
    let mut last = e;
    while let Some(next) = last.source() {
        last = next;
    }
    last.to_string()
}

/// Every error of the chain, outermost first, joined by ": ".
fn chain(e: &(dyn std::error::Error + 'static)) -> String {
    let mut words = e.to_string();
    let mut next = e.source();
    while let Some(inner) = next {
        words.push_str(": ");
        words.push_str(&inner.to_string());
        next = inner.source();
    }
    words
}

/// An account request that did not give a token.
#[derive(Debug)]
pub enum ApiFailure {
    /// No answer (network, timeout, garbage).
    Http(Error),
    /// The server's typed refusal (`name_taken`, `bad_credentials`...), with the status.
    Refused { status: u16, error: ApiError },
    /// An answer that is neither a token nor a typed error.
    Unexpected { status: u16, body: String },
}

impl fmt::Display for ApiFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiFailure::Http(e) => write!(f, "{e}"),
            ApiFailure::Refused { status, error } => {
                write!(f, "HTTP {status}: {:?}: {}", error.code, error.message)
            }
            ApiFailure::Unexpected { status, body } => {
                write!(f, "unexpected answer, HTTP {status}: {body}")
            }
        }
    }
}

impl std::error::Error for ApiFailure {}

/// POST `body` (JSON) to an account route that answers with a [`TokenGrant`]
/// (`/api/register`, `/api/login`, `/api/bots`).
pub async fn token_grant(
    server: &ServerUrl,
    path: &str,
    body: &str,
    bearer: Option<&str>,
) -> Result<TokenGrant, ApiFailure> {
    let response = post_json(server, path, body, bearer)
        .await
        .map_err(ApiFailure::Http)?;
    if (200..300).contains(&response.status)
        && let Ok(grant) = serde_json::from_slice::<TokenGrant>(&response.body)
    {
        return Ok(grant);
    }
    match serde_json::from_slice::<ApiError>(&response.body) {
        Ok(error) => Err(ApiFailure::Refused {
            status: response.status,
            error,
        }),
        Err(_) => Err(ApiFailure::Unexpected {
            status: response.status,
            body: String::from_utf8_lossy(&response.body).into_owned(),
        }),
    }
}

/// A bot account named `bot` owned by the person whose session token is `session`: its API
/// token (`POST /api/bots`).
pub async fn create_bot(
    server: &ServerUrl,
    session: &str,
    bot: &str,
) -> Result<TokenGrant, ApiFailure> {
    let body = serde_json::to_string(&NewBot { name: bot.into() }).unwrap_or_default();
    token_grant(server, "/api/bots", &body, Some(session)).await
}

/// Log in as `name` (`POST /api/login`); with `register`, create the account first if it
/// does not exist (`POST /api/register`, then login if the name is taken).
pub async fn session_token(
    server: &ServerUrl,
    name: &str,
    password: &str,
    register: bool,
) -> Result<TokenGrant, ApiFailure> {
    let body = serde_json::to_string(&Credentials {
        name: name.into(),
        password: password.into(),
    })
    .unwrap_or_default();
    if register {
        match token_grant(server, "/api/register", &body, None).await {
            Err(ApiFailure::Refused { error, .. }) if error.code == ErrorCode::NameTaken => {}
            other => return other,
        }
    }
    token_grant(server, "/api/login", &body, None).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpListener;

    #[test]
    fn a_url_without_a_port_uses_port_80() {
        let url = ServerUrl::parse("http://example.test").expect("valid");
        assert_eq!(url.scheme, Scheme::Http);
        assert_eq!(url.authority, "example.test:80");
        assert_eq!(url.target("/health"), "/health");
        assert_eq!(url.url("/health"), "http://example.test:80/health");
    }

    #[test]
    fn an_https_url_without_a_port_uses_port_443() {
        let url = ServerUrl::parse("https://example.test").expect("valid");
        assert_eq!(url.scheme, Scheme::Https);
        assert!(url.is_tls());
        assert_eq!(url.authority, "example.test:443");
        assert_eq!(url.base(), "https://example.test:443");
        assert_eq!(url.websocket(), "wss://example.test:443/ws");
    }

    #[test]
    fn an_https_url_keeps_its_port_and_base_path() {
        let url = ServerUrl::parse("https://play.example.test:8443/dugout/").expect("valid");
        assert_eq!(url.authority, "play.example.test:8443");
        assert_eq!(url.base_path, "/dugout");
        assert_eq!(
            url.url("/api/login"),
            "https://play.example.test:8443/dugout/api/login"
        );
        assert_eq!(url.websocket(), "wss://play.example.test:8443/dugout/ws");
        let v6 = ServerUrl::parse("https://[::1]").expect("valid");
        assert_eq!(v6.authority, "[::1]:443");
        let v6 = ServerUrl::parse("https://[::1]:9443").expect("valid");
        assert_eq!(v6.authority, "[::1]:9443");
    }

    #[test]
    fn a_url_keeps_its_port_and_base_path() {
        let url = ServerUrl::parse("http://127.0.0.1:8080/dugout/").expect("valid");
        assert_eq!(url.authority, "127.0.0.1:8080");
        assert_eq!(url.target("/health"), "/dugout/health");
    }

    #[test]
    fn an_ipv6_url_gets_a_default_port_only_when_it_has_none() {
        assert_eq!(
            ServerUrl::parse("http://[::1]").expect("valid").authority,
            "[::1]:80"
        );
        assert_eq!(
            ServerUrl::parse("http://[::1]:9000")
                .expect("valid")
                .authority,
            "[::1]:9000"
        );
    }

    #[test]
    fn other_schemes_bad_ports_and_hostless_urls_are_rejected() {
        for url in [
            "ftp://example.test",
            "ws://example.test",
            "wss://example.test",
            "HTTPS//example.test",
            "example.test:8080",
            "http://",
            "https://",
            "http:///health",
            "https:///health",
            "https://:443",
            "https://example.test:",
            "https://example.test:https",
            "https://example.test:65536",
            "https://user@example.test",
            "https://example.test/a?b",
        ] {
            let err = ServerUrl::parse(url).expect_err(url);
            assert!(err.to_string().starts_with("bad server URL "), "{err}");
        }
        assert!(
            ServerUrl::parse("ftp://example.test")
                .expect_err("ftp")
                .to_string()
                .contains("http:// or https://")
        );
    }

    /// A one-shot fake server: reads one request (until its end, `until`), answers `answer`,
    /// and gives back the request.
    async fn fake_server(
        answer: Vec<u8>,
        until: &'static [u8],
    ) -> (String, tokio::task::JoinHandle<String>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind port 0");
        let addr = listener.local_addr().expect("bound address");
        let task = tokio::spawn(async move {
            let (mut socket, _) = listener.accept().await.expect("accept");
            let mut request = Vec::new();
            let mut buf = [0u8; 1024];
            while !request.ends_with(until) {
                let n = socket.read(&mut buf).await.expect("read request");
                assert!(n > 0, "client closed before finishing its request");
                request.extend_from_slice(&buf[..n]);
            }
            let _ = socket.write_all(&answer).await;
            let _ = socket.shutdown().await;
            String::from_utf8(request).expect("request is UTF-8")
        });
        (format!("http://{addr}"), task)
    }

    #[tokio::test]
    async fn get_sends_a_request_and_reads_the_answer() {
        let (base, fake) = fake_server(
            b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nhi".to_vec(),
            b"\r\n\r\n",
        )
        .await;
        let url = ServerUrl::parse(&format!("{base}/base")).expect("valid");
        let response = get(&url, "/health").await.expect("answer");
        assert_eq!(
            response,
            Response {
                status: 200,
                body: b"hi".to_vec()
            }
        );
        let request = fake.await.expect("fake server did not panic");
        assert!(
            request.starts_with("GET /base/health HTTP/1.1\r\n"),
            "sent: {request}"
        );
        let lower = request.to_ascii_lowercase();
        let host = base.trim_start_matches("http://");
        assert!(
            lower.contains(&format!("\r\nhost: {host}\r\n")),
            "sent: {request}"
        );
        assert!(
            lower.contains("\r\naccept: application/json\r\n"),
            "sent: {request}"
        );
    }

    #[tokio::test]
    async fn a_chunked_answer_is_read_whole() {
        let (base, fake) = fake_server(
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\
              5\r\n{\"sta\r\na;ext=1\r\ntus\":\"ok\"}\r\n0\r\n\r\n"
                .to_vec(),
            b"\r\n\r\n",
        )
        .await;
        let url = ServerUrl::parse(&base).expect("valid");
        let response = get(&url, "/health").await.expect("answer");
        assert_eq!(response.body, br#"{"status":"ok"}"#.to_vec());
        fake.await.expect("fake server did not panic");
    }

    #[tokio::test]
    async fn post_json_sends_the_body_and_the_bearer_token() {
        let (base, fake) = fake_server(
            b"HTTP/1.1 409 Conflict\r\ncontent-length: 51\r\n\r\n\
              {\"code\":\"name_taken\",\"message\":\"the name is taken\"}"
                .to_vec(),
            b"{\"name\":\"b0t\"}",
        )
        .await;
        let url = ServerUrl::parse(&base).expect("valid");
        let failure = create_bot(&url, "s3ssion", "b0t")
            .await
            .expect_err("the name is taken");
        match failure {
            ApiFailure::Refused { status, error } => {
                assert_eq!(status, 409);
                assert_eq!(error.code, ErrorCode::NameTaken);
            }
            other => panic!("{other}"),
        }
        let request = fake.await.expect("fake server did not panic");
        assert!(
            request.starts_with("POST /api/bots HTTP/1.1\r\n"),
            "{request}"
        );
        let lower = request.to_ascii_lowercase();
        assert!(
            lower.contains("\r\nauthorization: bearer s3ssion\r\n"),
            "{request}"
        );
        assert!(lower.contains("\r\ncontent-length: 14\r\n"), "{request}");
        assert!(
            lower.contains("\r\ncontent-type: application/json\r\n"),
            "{request}"
        );
    }

    #[tokio::test]
    async fn an_answer_over_the_size_bound_is_refused() {
        // Announced too large...
        let (base, fake) = fake_server(
            format!(
                "HTTP/1.1 200 OK\r\ncontent-length: {}\r\n\r\n",
                MAX_RESPONSE_BYTES + 1
            )
            .into_bytes(),
            b"\r\n\r\n",
        )
        .await;
        let url = ServerUrl::parse(&base).expect("valid");
        assert!(matches!(get(&url, "/").await, Err(Error::TooLarge)));
        fake.await.expect("fake server did not panic");
        // ...or found too large on the way (chunked, no length).
        let chunk = vec![b'x'; 64 * 1024];
        let mut answer = b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n".to_vec();
        for _ in 0..17 {
            answer.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
            answer.extend_from_slice(&chunk);
            answer.extend_from_slice(b"\r\n");
        }
        answer.extend_from_slice(b"0\r\n\r\n");
        let (base, fake) = fake_server(answer, b"\r\n\r\n").await;
        let url = ServerUrl::parse(&base).expect("valid");
        assert!(matches!(get(&url, "/").await, Err(Error::TooLarge)));
        fake.await.expect("fake server did not panic");
    }

    #[tokio::test]
    async fn garbage_is_an_error_not_a_panic() {
        for answer in [
            &b""[..],
            b"hello\r\n\r\n",
            b"SMTP 220 hi\r\n\r\n",
            b"HTTP/1.1 200 OK\r\ncontent-length: 99\r\n\r\nshort",
            b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n",
        ] {
            let (base, fake) = fake_server(answer.to_vec(), b"\r\n\r\n").await;
            let url = ServerUrl::parse(&base).expect("valid");
            let result = get(&url, "/health").await;
            assert!(
                result.is_err(),
                "accepted {:?}: {result:?}",
                String::from_utf8_lossy(answer)
            );
            fake.await.expect("fake server did not panic");
        }
    }

    #[test]
    fn the_websocket_url_follows_the_base() {
        let url = ServerUrl::parse("http://127.0.0.1:8080/dugout").expect("valid");
        assert_eq!(url.websocket(), "ws://127.0.0.1:8080/dugout/ws");
        let url = ServerUrl::parse("https://127.0.0.1:8443/dugout").expect("valid");
        assert_eq!(url.websocket(), "wss://127.0.0.1:8443/dugout/ws");
    }

    #[tokio::test]
    async fn get_from_a_closed_port_says_what_and_where() {
        // Bind then drop, so the port is (almost certainly) closed.
        let addr = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind port 0")
            .local_addr()
            .expect("bound address");
        for scheme in ["http", "https"] {
            let url = ServerUrl::parse(&format!("{scheme}://{addr}")).expect("valid");
            let err = get(&url, "/health").await.expect_err("nothing listens");
            assert!(matches!(err, Error::Connect { .. }), "{err:?}");
            let words = err.to_string();
            assert!(words.contains("refused"), "{words}");
            assert!(
                words.ends_with(&format!("is dugout-server running at {scheme}://{addr}?")),
                "{words}"
            );
        }
    }
}
