//! Plain HTTP/1.1 over a real socket to a [`TestServer`]: the status and the JSON body.

use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::TestServer;

/// GET `path` over a real socket; the status and the JSON body.
pub async fn http_get(server: &TestServer, path: &str, token: Option<&str>) -> (u16, Value) {
    http(server, "GET", path, token, None).await
}

/// POST JSON over a real socket.
/// DELETE over a real socket.
pub async fn http_delete(server: &TestServer, path: &str, token: Option<&str>) -> (u16, Value) {
    http(server, "DELETE", path, token, None).await
}

pub async fn http_post(
    server: &TestServer,
    path: &str,
    token: Option<&str>,
    body: Value,
) -> (u16, Value) {
    http(server, "POST", path, token, Some(body.to_string())).await
}

pub async fn http(
    server: &TestServer,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<String>,
) -> (u16, Value) {
    let mut s = TcpStream::connect(server.addr).await.expect("connect");
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    let content = body
        .map(|b| {
            format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{b}",
                b.len()
            )
        })
        .unwrap_or_else(|| "\r\n".to_owned());
    let req =
        format!("{method} {path} HTTP/1.1\r\nHost: test\r\n{auth}Connection: close\r\n{content}");
    s.write_all(req.as_bytes()).await.expect("write");
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut buf))
        .await
        .expect("answer in time")
        .expect("read");
    let text = String::from_utf8(buf).expect("utf-8");
    let (head, body) = text.split_once("\r\n\r\n").expect("a head and a body");
    let status: u16 = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_owned()
    };
    let value = if body.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&body).unwrap_or_else(|e| panic!("JSON body for {path}: {e}: {body}"))
    };
    (status, value)
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).expect("chunk size");
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        body = &rest[n + 2..];
    }
    out
}
