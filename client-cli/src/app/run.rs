//! The runtime: a terminal (crossterm through ratatui: alternate screen, raw mode, mouse;
//! restored on exit and on panic), a thread reading keys, a task owning the WebSocket
//! [`Session`], and the loop that feeds all of it to the [`App`] model and carries out the
//! [`Effect`]s it returns. Also the REST loading of a stored match for the replay.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use dugout_protocol::{ApiError, EventPage, LogEntry, MatchSummary, StateAt};
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use tokio::sync::mpsc;

use super::config::{self, Saved};
use super::model::{App, Effect, Input, Replay, Request};
use super::render::render_app;
use crate::http::{self, ServerUrl};
use crate::net::{Error as NetError, Session, SessionConfig};

/// The events a replay loads per request.
const PAGE: u64 = 500;

/// What the loop knows of the connection task.
#[derive(Default)]
struct Net {
    requests: Option<mpsc::UnboundedSender<Request>>,
    link: LinkSlot,
    last_link: Option<bool>,
}

/// Where effects that need the network in a replay go.
struct ReplaySource {
    url: ServerUrl,
    id: String,
    /// The remembered session token for this server, if any (private matches).
    token: Option<String>,
}

/// `dugout play`: the interactive client. `server` is the default server URL for the login
/// screen (a remembered session's server wins).
pub fn play(server: &str) -> Result<(), String> {
    let path = config::config_path();
    let saved = path.as_deref().and_then(config::load);
    let runtime = runtime()?;
    runtime.block_on(async {
        let (app, effects) = App::start(server, saved, Instant::now());
        run_terminal(app, effects, path, None).await
    })
}

/// `dugout replay MATCH`: step through a stored match.
pub fn replay(server: &str, id: &str) -> Result<(), String> {
    let url = ServerUrl::parse(server).map_err(|e| e.to_string())?;
    // The remembered session, when it is for this server: a coach sees their private
    // matches too.
    let token = config::config_path()
        .as_deref()
        .and_then(config::load)
        .filter(|s| s.server.trim_end_matches('/') == server.trim_end_matches('/'))
        .map(|s| s.token)
        .filter(|t| !t.is_empty());
    let runtime = runtime()?;
    runtime.block_on(async {
        let replay = load_replay_as(&url, id, token.as_deref()).await?;
        let (app, effects) = App::replay(server, replay, Instant::now());
        let source = ReplaySource {
            url,
            id: id.to_string(),
            token,
        };
        run_terminal(app, effects, None, Some(source)).await
    })
}

fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))
}

/// The terminal is restored when this goes out of scope (and by ratatui's panic hook).
struct TerminalGuard;

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        let _ = execute!(std::io::stdout(), DisableMouseCapture);
        ratatui::restore();
    }
}

async fn run_terminal(
    mut app: App,
    first: Vec<Effect>,
    config_path: Option<PathBuf>,
    replay: Option<ReplaySource>,
) -> Result<(), String> {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(std::io::stdout(), DisableMouseCapture);
        ratatui::restore();
        previous(info);
    }));
    let mut terminal =
        ratatui::try_init().map_err(|e| format!("cannot set up the terminal: {e}"))?;
    let _guard = TerminalGuard;
    let _ = execute!(std::io::stdout(), EnableMouseCapture);

    let (key_tx, mut key_rx) = mpsc::unbounded_channel::<Event>();
    std::thread::spawn(move || {
        while let Ok(ev) = event::read() {
            if key_tx.send(ev).is_err() {
                break;
            }
        }
    });
    let (input_tx, mut input_rx) = mpsc::unbounded_channel::<Input>();
    let mut net = Net::default();
    let mut pending = first;
    let mut tick = tokio::time::interval(Duration::from_millis(250));
    loop {
        for effect in std::mem::take(&mut pending) {
            match effect {
                Effect::Quit => return Ok(()),
                other => perform(other, &mut net, &input_tx, config_path.as_ref(), &replay),
            }
        }
        terminal
            .draw(|f| render_app(f, &app))
            .map_err(|e| format!("cannot draw: {e}"))?;
        tokio::select! {
            ev = key_rx.recv() => match ev {
                Some(Event::Key(k)) => pending = app.on_key(k),
                Some(Event::Mouse(m)) => pending = app.on_mouse(m),
                Some(_) => {}
                None => return Err("the terminal input closed".into()),
            },
            Some(input) = input_rx.recv() => pending = app.on_input(input),
            _ = tick.tick() => {
                app.tick(Instant::now());
                let flag = net.link.lock().ok().and_then(|slot| slot.clone());
                if let Some(flag) = flag {
                    let up = flag.load(Ordering::SeqCst);
                    if net.last_link != Some(up) {
                        net.last_link = Some(up);
                        pending = app.on_input(Input::Link(up));
                    }
                }
            }
        }
        app.tick(Instant::now());
    }
}

fn perform(
    effect: Effect,
    net: &mut Net,
    inputs: &mpsc::UnboundedSender<Input>,
    config_path: Option<&PathBuf>,
    replay: &Option<ReplaySource>,
) {
    let tx = inputs.clone();
    match effect {
        Effect::Quit => {}
        Effect::Login {
            server,
            name,
            password,
            register,
        } => {
            tokio::spawn(async move {
                let input = match login(&server, &name, &password, register).await {
                    Ok((account, token)) => Input::LoggedIn {
                        server,
                        account,
                        token,
                    },
                    Err(why) => Input::LoginFailed(why),
                };
                let _ = tx.send(input);
            });
        }
        Effect::Connect { server, token } => {
            let (req_tx, req_rx) = mpsc::unbounded_channel();
            net.requests = Some(req_tx);
            net.last_link = None;
            let slot = Arc::new(Mutex::new(None));
            net.link = Arc::clone(&slot);
            tokio::spawn(connection(server, token, req_rx, tx, slot));
        }
        Effect::Send(request) => {
            let sent = net
                .requests
                .as_ref()
                .is_some_and(|r| r.send(request.clone()).is_ok());
            if !sent {
                let _ = tx.send(Input::Answer {
                    request,
                    answer: crate::net::Answer::Interrupted,
                });
            }
        }
        Effect::Save(saved) => {
            if let Some(path) = config_path {
                // Not being able to remember the session is no reason to stop playing.
                let _ = config::save(path, &saved);
            }
        }
        Effect::Logout { server, token } => {
            net.requests = None;
            if let Ok(mut slot) = net.link.lock() {
                *slot = None;
            }
            if let Some(path) = config_path {
                let _ = config::save(
                    path,
                    &Saved {
                        server: server.clone(),
                        account: String::new(),
                        token: String::new(),
                    },
                );
            }
            tokio::spawn(async move {
                if let Ok(url) = ServerUrl::parse(&server) {
                    let _ = http::post_json(&url, "/api/logout", "", Some(&token)).await;
                }
            });
        }
        Effect::FetchState { seq } => {
            let Some(source) = replay else {
                return;
            };
            let url = source.url.clone();
            let id = source.id.clone();
            let token = source.token.clone();
            tokio::spawn(async move {
                let input = match fetch_state_as(&url, &id, seq, token.as_deref()).await {
                    Ok(state) => Input::State(Box::new(state)),
                    Err(why) => Input::StateFailed(why),
                };
                let _ = tx.send(input);
            });
        }
    }
}

/// Log in (or register): the account and its session token.
async fn login(
    server: &str,
    name: &str,
    password: &str,
    register: bool,
) -> Result<(String, String), String> {
    let url = ServerUrl::parse(server).map_err(|e| e.to_string())?;
    let grant = if register {
        let body = serde_json::json!({ "name": name, "password": password }).to_string();
        http::token_grant(&url, "/api/register", &body, None).await
    } else {
        http::session_token(&url, name, password, false).await
    }
    .map_err(|e| match e {
        http::ApiFailure::Refused { error, .. } => {
            super::words::refusal_words(error.code, &error.message)
        }
        other => super::words::unreachable(server, &other.to_string()),
    })?;
    Ok((grant.account, grant.token))
}

/// A flag slot the connection task fills with the session's link flag once connected
/// (`true` while a connection is up, `false` while reconnecting).
pub type LinkSlot = Arc<Mutex<Option<Arc<AtomicBool>>>>;

/// The connection task: connect, then send the requests it is given (answers back as
/// inputs) and pass on every update, until the request channel closes. Public so that it
/// can be driven without a terminal (tests).
pub async fn connection(
    server: String,
    token: String,
    mut requests: mpsc::UnboundedReceiver<Request>,
    inputs: mpsc::UnboundedSender<Input>,
    link: LinkSlot,
) {
    let url = match ServerUrl::parse(&server) {
        Ok(url) => url,
        Err(e) => {
            let _ = inputs.send(Input::ConnectFailed {
                message: e.to_string(),
                auth: false,
            });
            return;
        }
    };
    // A quick look first, so that a wrong address is said at once, not after the
    // session's reconnect period.
    if let Err(e) = http::get(&url, "/health").await {
        let _ = inputs.send(Input::ConnectFailed {
            message: format!("{server}: {e}"),
            auth: false,
        });
        return;
    }
    let mut config = SessionConfig::for_server(&url, token);
    config.client = format!("dugout-tui {}", env!("CARGO_PKG_VERSION"));
    let mut session = match Session::connect(config).await {
        Ok(s) => s,
        Err(e) => {
            let auth = matches!(e, NetError::Refused { .. });
            let _ = inputs.send(Input::ConnectFailed {
                message: e.to_string(),
                auth,
            });
            return;
        }
    };
    if let Ok(mut slot) = link.lock() {
        *slot = Some(session.link_flag());
    }
    let _ = inputs.send(Input::Connected {
        account: session.account().to_string(),
    });
    loop {
        loop {
            match requests.try_recv() {
                Ok(request) => {
                    let msg = request.clone();
                    match session.request(move |id| msg.message(id)).await {
                        Ok(answer) => {
                            let _ = inputs.send(Input::Answer { request, answer });
                        }
                        Err(e) => {
                            let _ = inputs.send(Input::Disconnected(e.to_string()));
                            return;
                        }
                    }
                }
                Err(mpsc::error::TryRecvError::Empty) => break,
                Err(mpsc::error::TryRecvError::Disconnected) => {
                    session.close().await;
                    return;
                }
            }
        }
        match session.next_update_within(Duration::from_millis(40)).await {
            Ok(Some(update)) => {
                if inputs.send(Input::Update(update)).is_err() {
                    return;
                }
            }
            Ok(None) => {}
            Err(e) => {
                let _ = inputs.send(Input::Disconnected(e.to_string()));
                return;
            }
        }
    }
}

fn api_error(status: u16, body: &[u8]) -> String {
    match serde_json::from_slice::<ApiError>(body) {
        Ok(e) => format!("HTTP {status}: {:?}: {}", e.code, e.message),
        Err(_) => format!("HTTP {status}: {}", String::from_utf8_lossy(body)),
    }
}

async fn get_json<T: serde::de::DeserializeOwned>(
    url: &ServerUrl,
    path: &str,
    bearer: Option<&str>,
) -> Result<T, String> {
    let response = http::get_as(url, path, bearer)
        .await
        .map_err(|e| e.to_string())?;
    if response.status != 200 {
        return Err(api_error(response.status, &response.body));
    }
    serde_json::from_slice(&response.body).map_err(|e| format!("{path}: {e}"))
}

/// Load a stored (public) match for the replay: its coaches and its whole event log.
pub async fn load_replay(url: &ServerUrl, id: &str) -> Result<Replay, String> {
    load_replay_as(url, id, None).await
}

/// [`load_replay`] as the holder of session token `bearer` (a coach sees their private
/// matches).
pub async fn load_replay_as(
    url: &ServerUrl,
    id: &str,
    bearer: Option<&str>,
) -> Result<Replay, String> {
    let summary: MatchSummary = get_json(url, &format!("/api/matches/{id}"), bearer).await?;
    let mut entries: Vec<LogEntry> = Vec::new();
    let mut from = 1u64;
    loop {
        let path = format!("/api/matches/{id}/events?from={from}&limit={PAGE}");
        let page: EventPage = get_json(url, &path, bearer).await?;
        entries.extend(page.events);
        match page.next_from {
            Some(next) if next > from => from = next,
            _ => break,
        }
    }
    let names = summary
        .item
        .coaches
        .clone()
        .map(|c| c.unwrap_or_else(|| "?".into()));
    Ok(Replay::new(id.to_string(), entries, names))
}

/// The state of a stored (public) match at `seq` (the server replays it).
pub async fn fetch_state(url: &ServerUrl, id: &str, seq: u64) -> Result<StateAt, String> {
    fetch_state_as(url, id, seq, None).await
}

/// [`fetch_state`] as the holder of session token `bearer`.
pub async fn fetch_state_as(
    url: &ServerUrl,
    id: &str,
    seq: u64,
    bearer: Option<&str>,
) -> Result<StateAt, String> {
    get_json(url, &format!("/api/matches/{id}/state?seq={seq}"), bearer).await
}
