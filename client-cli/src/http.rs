//! Just enough plain HTTP/1.1 to ask a Dugout server a GET or POST a JSON body (health,
//! accounts, bot tokens).
//!
//! This avoids a full HTTP client dependency for a handful of requests; games are played
//! over the WebSocket ([`crate::net`]).

use std::fmt;
use std::time::Duration;

use dugout_protocol::{ApiError, Credentials, ErrorCode, NewBot, TokenGrant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Largest response we are willing to read.
const MAX_RESPONSE_BYTES: u64 = 1024 * 1024;

/// Time allowed for connecting, sending and reading the whole answer.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// A parsed `http://host[:port][/base]` URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerUrl {
    /// `host:port`, as given to `TcpStream::connect` and sent as `Host`.
    pub authority: String,
    /// Path prefix without a trailing slash (empty for the root).
    pub base_path: String,
}

impl ServerUrl {
    /// Parse a base URL. Only `http://` is supported; the port defaults to 80.
    pub fn parse(url: &str) -> Result<Self, Error> {
        let rest = url
            .strip_prefix("http://")
            .ok_or_else(|| Error::BadUrl(format!("{url}: only http:// URLs are supported")))?;
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
        let has_port = match (authority.rfind(':'), authority.rfind(']')) {
            (Some(colon), Some(bracket)) => colon > bracket,
            (Some(_), None) => true,
            (None, _) => false,
        };
        let authority = if has_port {
            authority.to_owned()
        } else {
            format!("{authority}:80")
        };
        Ok(Self {
            authority,
            base_path: path.trim_end_matches('/').to_owned(),
        })
    }

    /// The request target for `path` (which starts with `/`) under this base.
    pub fn target(&self, path: &str) -> String {
        format!("{}{path}", self.base_path)
    }

    /// The server's WebSocket endpoint: `ws://host:port[/base]/ws`.
    pub fn websocket(&self) -> String {
        format!(
            "ws://{}{}",
            self.authority,
            self.target(dugout_protocol::WS_PATH)
        )
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
    Io(std::io::Error),
    Timeout,
    TooLarge,
    Malformed(&'static str),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::BadUrl(msg) => write!(f, "bad server URL {msg}"),
            Error::Io(err) => write!(f, "{err}"),
            Error::Timeout => write!(f, "no complete answer within {}s", TIMEOUT.as_secs()),
            Error::TooLarge => write!(f, "answer larger than {MAX_RESPONSE_BYTES} bytes"),
            Error::Malformed(what) => write!(f, "malformed HTTP answer: {what}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<std::io::Error> for Error {
    fn from(err: std::io::Error) -> Self {
        Error::Io(err)
    }
}

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
    tokio::time::timeout(TIMEOUT, exchange_inner(server, method, path, body, bearer))
        .await
        .map_err(|_| Error::Timeout)?
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
    let mut stream = TcpStream::connect(&server.authority).await?;
    let mut request = format!(
        "{method} {target} HTTP/1.1\r\nHost: {host}\r\nAccept: application/json\r\n\
         User-Agent: dugout/{version}\r\nConnection: close\r\n",
        target = server.target(path),
        host = server.authority,
        version = env!("CARGO_PKG_VERSION"),
    );
    if let Some(token) = bearer {
        request.push_str(&format!("Authorization: Bearer {token}\r\n"));
    }
    if let Some(body) = body {
        request.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    request.push_str("\r\n");
    if let Some(body) = body {
        request.push_str(body);
    }
    stream.write_all(request.as_bytes()).await?;

    // `Connection: close` means the server ends the stream after the answer.
    let mut raw = Vec::new();
    (&mut stream)
        .take(MAX_RESPONSE_BYTES + 1)
        .read_to_end(&mut raw)
        .await?;
    if raw.len() as u64 > MAX_RESPONSE_BYTES {
        return Err(Error::TooLarge);
    }
    parse_response(&raw)
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

/// Parse a full HTTP/1.x response read until the connection closed.
pub fn parse_response(raw: &[u8]) -> Result<Response, Error> {
    let head_end = find(raw, b"\r\n\r\n").ok_or(Error::Malformed("no end of headers"))?;
    let head = std::str::from_utf8(&raw[..head_end])
        .map_err(|_| Error::Malformed("headers are not UTF-8"))?;
    let rest = &raw[head_end + 4..];

    let mut lines = head.split("\r\n");
    let status_line = lines.next().ok_or(Error::Malformed("no status line"))?;
    let mut parts = status_line.splitn(3, ' ');
    let version = parts.next().unwrap_or_default();
    if !version.starts_with("HTTP/1.") {
        return Err(Error::Malformed("not an HTTP/1.x status line"));
    }
    let status = parts
        .next()
        .and_then(|code| code.parse::<u16>().ok())
        .ok_or(Error::Malformed("bad status code"))?;

    let mut chunked = false;
    let mut content_length = None;
    for line in lines {
        let (name, value) = line
            .split_once(':')
            .ok_or(Error::Malformed("bad header line"))?;
        let value = value.trim();
        if name.eq_ignore_ascii_case("transfer-encoding") {
            chunked = value
                .to_ascii_lowercase()
                .split(',')
                .any(|v| v.trim() == "chunked");
        } else if name.eq_ignore_ascii_case("content-length") {
            let len = value
                .parse::<usize>()
                .map_err(|_| Error::Malformed("bad content-length"))?;
            content_length = Some(len);
        }
    }

    let body = if chunked {
        dechunk(rest)?
    } else if let Some(len) = content_length {
        rest.get(..len)
            .ok_or(Error::Malformed("body shorter than content-length"))?
            .to_vec()
    } else {
        rest.to_vec()
    };
    Ok(Response { status, body })
}

/// Decode a `Transfer-Encoding: chunked` body (trailers are ignored).
fn dechunk(mut data: &[u8]) -> Result<Vec<u8>, Error> {
    let mut body = Vec::new();
    loop {
        let line_end = find(data, b"\r\n").ok_or(Error::Malformed("truncated chunk size"))?;
        let size_line = std::str::from_utf8(&data[..line_end])
            .map_err(|_| Error::Malformed("chunk size is not UTF-8"))?;
        let size_hex = size_line.split(';').next().unwrap_or_default().trim();
        let size =
            usize::from_str_radix(size_hex, 16).map_err(|_| Error::Malformed("bad chunk size"))?;
        data = &data[line_end + 2..];
        if size == 0 {
            return Ok(body);
        }
        let chunk = data
            .get(..size)
            .ok_or(Error::Malformed("truncated chunk"))?;
        body.extend_from_slice(chunk);
        data = data
            .get(size..)
            .and_then(|after| after.strip_prefix(b"\r\n"))
            .ok_or(Error::Malformed("chunk not followed by CRLF"))?;
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::net::TcpListener;

    #[test]
    fn a_url_without_a_port_uses_port_80() {
        let url = ServerUrl::parse("http://example.test").expect("valid");
        assert_eq!(url.authority, "example.test:80");
        assert_eq!(url.target("/health"), "/health");
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
    fn https_and_hostless_urls_are_rejected() {
        assert!(ServerUrl::parse("https://example.test").is_err());
        assert!(ServerUrl::parse("example.test:8080").is_err());
        assert!(ServerUrl::parse("http://").is_err());
        assert!(ServerUrl::parse("http:///health").is_err());
    }

    #[test]
    fn a_content_length_response_is_parsed() {
        let raw = b"HTTP/1.1 200 OK\r\ncontent-length: 15\r\n\r\n{\"status\":\"ok\"}";
        let response = parse_response(raw).expect("valid");
        assert_eq!(
            response,
            Response {
                status: 200,
                body: br#"{"status":"ok"}"#.to_vec()
            }
        );
    }

    #[test]
    fn a_chunked_response_is_parsed() {
        let raw = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\
                    5\r\n{\"sta\r\na;ext=1\r\ntus\":\"ok\"}\r\n0\r\n\r\n";
        let response = parse_response(raw).expect("valid");
        assert_eq!(response.body, br#"{"status":"ok"}"#.to_vec());
    }

    #[test]
    fn garbage_is_rejected_not_panicked_on() {
        for raw in [
            &b""[..],
            b"hello",
            b"HTTP/1.1\r\n\r\n",
            b"SMTP 220 hi\r\n\r\n",
            b"HTTP/1.1 200 OK\r\ncontent-length: 99\r\n\r\nshort",
            b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n",
            b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nffffffff\r\nab",
        ] {
            assert!(
                parse_response(raw).is_err(),
                "accepted {:?}",
                String::from_utf8_lossy(raw)
            );
        }
    }

    #[tokio::test]
    async fn get_sends_a_request_and_reads_the_answer() {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind port 0");
        let addr = listener.local_addr().expect("bound address");
        let fake_server = tokio::spawn(async move {
            let (mut socket, _) = listener.accept().await.expect("accept");
            let mut request = Vec::new();
            let mut buf = [0u8; 1024];
            while find(&request, b"\r\n\r\n").is_none() {
                let n = socket.read(&mut buf).await.expect("read request");
                assert!(n > 0, "client closed before finishing its request");
                request.extend_from_slice(&buf[..n]);
            }
            socket
                .write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nhi")
                .await
                .expect("write answer");
            String::from_utf8(request).expect("request is UTF-8")
        });

        let url = ServerUrl::parse(&format!("http://{addr}/base")).expect("valid");
        let response = get(&url, "/health").await.expect("answer");
        assert_eq!(
            response,
            Response {
                status: 200,
                body: b"hi".to_vec()
            }
        );

        let request = fake_server.await.expect("fake server did not panic");
        assert!(
            request.starts_with("GET /base/health HTTP/1.1\r\n"),
            "sent: {request}"
        );
        assert!(
            request.contains(&format!("\r\nHost: {addr}\r\n")),
            "sent: {request}"
        );
    }

    #[tokio::test]
    async fn post_json_sends_the_body_and_the_bearer_token() {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind port 0");
        let addr = listener.local_addr().expect("bound address");
        let fake_server = tokio::spawn(async move {
            let (mut socket, _) = listener.accept().await.expect("accept");
            let mut request = Vec::new();
            let mut buf = [0u8; 1024];
            while !request.ends_with(b"{\"name\":\"b0t\"}") {
                let n = socket.read(&mut buf).await.expect("read request");
                assert!(n > 0, "client closed before finishing its request");
                request.extend_from_slice(&buf[..n]);
            }
            socket
                .write_all(
                    b"HTTP/1.1 409 Conflict\r\ncontent-length: 51\r\n\r\n\
                      {\"code\":\"name_taken\",\"message\":\"the name is taken\"}",
                )
                .await
                .expect("write answer");
            String::from_utf8(request).expect("request is UTF-8")
        });
        let url = ServerUrl::parse(&format!("http://{addr}")).expect("valid");
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
        let request = fake_server.await.expect("fake server did not panic");
        assert!(
            request.starts_with("POST /api/bots HTTP/1.1\r\n"),
            "{request}"
        );
        assert!(
            request.contains("\r\nAuthorization: Bearer s3ssion\r\n"),
            "{request}"
        );
        assert!(request.contains("\r\nContent-Length: 14\r\n"), "{request}");
    }

    #[test]
    fn the_websocket_url_follows_the_base() {
        let url = ServerUrl::parse("http://127.0.0.1:8080/dugout").expect("valid");
        assert_eq!(url.websocket(), "ws://127.0.0.1:8080/dugout/ws");
    }

    #[tokio::test]
    async fn get_from_a_closed_port_is_an_error() {
        // Bind then drop, so the port is (almost certainly) closed.
        let addr = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind port 0")
            .local_addr()
            .expect("bound address");
        let url = ServerUrl::parse(&format!("http://{addr}")).expect("valid");
        assert!(get(&url, "/health").await.is_err());
    }
}
