//! The plain-TCP listener (issue 15, "idle HTTP connections"): 1,100 connections that sent
//! nothing used to exhaust the file descriptors and make the server unreachable.
//!
//! * At most `max_connections_per_address` connections from one IP address at once; one more
//!   is closed as soon as it is accepted.
//! * A connection that sends nothing for `first_byte_timeout` after it opens, or nothing at
//!   all for `tcp_idle_timeout` later (HTTP keep-alive between requests, or a WebSocket whose
//!   client stopped answering pings), is closed: its reads fail with `TimedOut`. A WebSocket
//!   client answers the server's pings, so a live one is never idle that long.
//! * `TCP_NODELAY`: game messages are small and interactive.

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Instant, Sleep};

/// How the listener limits connections.
#[derive(Clone, Copy, Debug)]
pub struct ConnLimits {
    pub per_address: usize,
    /// `None` (zero): no first-byte timeout.
    pub first_byte: Option<Duration>,
    /// `None`: no idle timeout (keepalive off: a quiet client cannot be told from a dead one).
    pub idle: Option<Duration>,
}

type Counts = Arc<Mutex<HashMap<IpAddr, usize>>>;

/// A TCP listener with per-address caps and read timeouts.
pub struct GuardedListener {
    inner: TcpListener,
    limits: ConnLimits,
    counts: Counts,
}

impl GuardedListener {
    pub fn new(inner: TcpListener, limits: ConnLimits) -> Self {
        GuardedListener {
            inner,
            limits,
            counts: Arc::default(),
        }
    }
}

impl axum::serve::Listener for GuardedListener {
    type Io = Guarded;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            // axum's accept for a TcpListener retries on errors (a full file table included).
            let (tcp, addr) = axum::serve::Listener::accept(&mut self.inner).await;
            let ip = addr.ip();
            {
                let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
                let n = counts.entry(ip).or_insert(0);
                if *n >= self.limits.per_address {
                    tracing::debug!(%ip, "connection refused: too many from this address");
                    drop(tcp);
                    continue;
                }
                *n += 1;
            }
            if let Err(e) = tcp.set_nodelay(true) {
                tracing::debug!("cannot set TCP_NODELAY: {e}");
            }
            let slot = Slot {
                ip,
                counts: self.counts.clone(),
            };
            let deadline = self
                .limits
                .first_byte
                .or(self.limits.idle)
                .map(|d| Box::pin(tokio::time::sleep(d)));
            return (
                Guarded {
                    tcp,
                    _slot: slot,
                    deadline,
                    idle: self.limits.idle,
                },
                addr,
            );
        }
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.inner.local_addr()
    }
}

/// One address's connection slot: given back when the connection is dropped.
struct Slot {
    ip: IpAddr,
    counts: Counts,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = counts.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.remove(&self.ip);
            }
        }
    }
}

/// A connection whose reads time out when the client sends nothing for too long.
pub struct Guarded {
    tcp: TcpStream,
    _slot: Slot,
    deadline: Option<Pin<Box<Sleep>>>,
    idle: Option<Duration>,
}

impl AsyncRead for Guarded {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        match Pin::new(&mut self.tcp).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if buf.filled().len() > before {
                    // Past the first byte, the idle timeout (if any) applies.
                    let idle = self.idle;
                    self.deadline = match (idle, self.deadline.take()) {
                        (Some(idle), Some(mut sleep)) => {
                            sleep.as_mut().reset(Instant::now() + idle);
                            Some(sleep)
                        }
                        (Some(idle), None) => Some(Box::pin(tokio::time::sleep(idle))),
                        (None, _) => None,
                    };
                }
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => match self.deadline.as_mut().map(|d| d.as_mut().poll(cx)) {
                Some(Poll::Ready(())) => Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "the client sent nothing for too long",
                ))),
                _ => Poll::Pending,
            },
        }
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }
}

/// Raise the soft limit on open files to the hard limit, where the system allows: each
/// connection is a file descriptor. Returns the soft limit in force afterwards.
pub fn raise_open_files_limit() -> Option<u64> {
    rlimit::increase_nofile_limit(u64::MAX).ok()
}
