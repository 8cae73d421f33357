//! The interactive client as a pure model: [`App`] holds everything the screens show, and
//! turns keys, mouse clicks and what the network says into new state plus [`Effect`]s for
//! the runtime to carry out (HTTP, WebSocket requests, the session file). Nothing here
//! touches a terminal or a socket, so every key is unit-tested.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use std::time::{Duration, Instant};

use dugout_protocol::{
    ClientMessage, ErrorCode, MatchResult, RequestId, RoomEvent, RoomId, RoomSpec, RoomStatus,
    RoomSummary, ServerMessage,
};
use dugout_protocol::{LogEntry, StateAt};
use dugout_rules::blitz::data::{BoardSide, board};
use dugout_rules::blitz::{Command, Event, GameView, PlayerId, PromptKind};

use crate::game::{self, WrongGame, blitz::Decision};
use dugout_rules::core::{Seat, Side, Square};
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::choices::{label, subject, target};
use super::config::Saved;
use super::forms::{LoginForm, RoomForm, SeatChoice};
use crate::bb::form::BbRoomForm;
use crate::bb::play::{BbState, Ctx as BbCtx, Reply as BbReply};
use crate::net::{Answer, Update};
use crate::tui::LobbyModel;
use crate::tui::pitch::{CELL_WIDTH, ROW_LABEL_WIDTH};

/// A request to the server over the WebSocket; the runtime gives it an id.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    ListRooms,
    CreateRoom(Box<RoomSpec>),
    Join {
        room: RoomId,
        seat: Option<Side>,
    },
    Spectate(RoomId),
    Leave(RoomId),
    Ready(RoomId),
    Command {
        room: RoomId,
        command: Command,
    },
    /// A Blood Bowl command.
    BbCommand {
        room: RoomId,
        command: dugout_rules::bb::Command,
    },
    Concede(RoomId),
    ClaimWin(RoomId),
    Snapshot(RoomId),
    Chat {
        room: RoomId,
        text: String,
    },
}

impl Request {
    /// The wire message with request id `id`.
    pub fn message(&self, id: RequestId) -> ClientMessage {
        match self.clone() {
            Request::ListRooms => ClientMessage::ListRooms { id },
            Request::CreateRoom(room) => ClientMessage::CreateRoom { id, room: *room },
            Request::Join { room, seat } => ClientMessage::JoinRoom {
                id,
                room,
                seat,
                entropy: None,
            },
            Request::Spectate(room) => ClientMessage::Spectate { id, room },
            Request::Leave(room) => ClientMessage::Leave { id, room },
            Request::Ready(room) => ClientMessage::Ready { id, room },
            Request::Command { room, command } => ClientMessage::Command {
                id,
                room,
                command: game::blitz::command(command),
            },
            Request::BbCommand { room, command } => ClientMessage::Command {
                id,
                room,
                command: game::bb::command(command),
            },
            Request::Concede(room) => ClientMessage::Concede { id, room },
            Request::ClaimWin(room) => ClientMessage::ClaimWin { id, room },
            Request::Snapshot(room) => ClientMessage::Snapshot { id, room },
            Request::Chat { room, text } => ClientMessage::Chat { id, room, text },
        }
    }
}

/// What the runtime must do for the model.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// `POST /api/login` (or `/api/register` first); answer with [`Input::LoggedIn`] or
    /// [`Input::LoginFailed`].
    Login {
        server: String,
        name: String,
        password: String,
        register: bool,
    },
    /// Open the WebSocket session; answer with [`Input::Connected`] or
    /// [`Input::ConnectFailed`].
    Connect { server: String, token: String },
    /// Send a request on the session; its answer comes as [`Input::Answer`].
    Send(Request),
    /// Remember the session in the config file.
    Save(Saved),
    /// Forget the remembered session and close the connection; `POST /api/logout`.
    Logout { server: String, token: String },
    /// Replay: fetch the state at this seq (`GET /api/matches/{id}/state?seq=`).
    FetchState { seq: u64 },
    /// Leave the program.
    Quit,
}

/// What the runtime tells the model.
// Most inputs carry a server message (a Blood Bowl view makes it large): boxing it would
// cost an allocation per message to save space in the rare small variants.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    LoggedIn {
        server: String,
        account: String,
        token: String,
    },
    LoginFailed(String),
    Connected {
        account: String,
    },
    /// The session could not start; `auth`: the token was refused (log in again).
    ConnectFailed {
        message: String,
        auth: bool,
    },
    /// The connection dropped (`false`) or is up again (`true`).
    Link(bool),
    /// The session gave up (no server for too long).
    Disconnected(String),
    Answer {
        request: Request,
        answer: Answer,
    },
    Update(Update),
    /// Replay: the state at a seq.
    State(Box<StateAt>),
    StateFailed(String),
}

/// The connection, as the status line shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    Offline,
    Connecting,
    Up,
    Reconnecting,
}

/// A match being played or watched.
#[derive(Clone, Debug, PartialEq)]
pub struct Play {
    pub room: RoomId,
    /// The seat we asked for (`None`: spectating); the snapshot's seat once it came.
    pub seat: Seat,
    pub names: [String; 2],
    /// The latest view (from the last snapshot).
    pub view: Option<GameView>,
    pub events: Vec<Event>,
    pub seq: u64,
    pub decision: Option<Decision>,
    /// When `decision` arrived (its `time_left_ms` counts from then).
    pub decision_at: Instant,
    /// A command was sent and not answered yet: nothing else is sent meanwhile.
    pub sent: bool,
    pub cursor: Square,
    pub selected: Option<PlayerId>,
    /// Highlighted entry of the choices menu.
    pub menu: usize,
    pub chat: Vec<String>,
    /// The chat line being typed, if the chat input is open.
    pub chat_input: Option<String>,
    pub result: Option<MatchResult>,
    /// The room as the lobby last described it (for the waiting screen).
    pub summary: Option<RoomSummary>,
    /// The time each coach had left when their clock last stopped (the server only tells
    /// the deciding coach's); `None` while it runs or when unknown.
    pub stopped_clocks: [Option<Duration>; 2],
    snapshot_pending: bool,
    snapshot_dirty: bool,
    /// The match's events keep `view` current (its rules version, from the snapshot): no
    /// snapshot is asked for after events.
    pub folds: bool,
    /// How many lines the event log is scrolled back (0: the newest in sight).
    pub log_scroll: usize,
    /// Moving to a destination: the steps still to send, one per decision, and where to.
    pub route: Vec<Square>,
    pub route_to: Option<Square>,
    /// The last command sent (its ack clears `sent` only if no newer one went since).
    last_sent: Option<Command>,
    /// A Blood Bowl match (from its first snapshot on): its view, events, decision and
    /// screen state; `view`, `events` and `decision` above are Blitz Bowl's.
    pub bb: Option<Box<BbState>>,
}

impl Play {
    pub fn new(room: RoomId, seat: Seat, now: Instant) -> Play {
        Play {
            room,
            seat,
            names: ["Home".into(), "Away".into()],
            view: None,
            events: Vec::new(),
            seq: 0,
            decision: None,
            decision_at: now,
            sent: false,
            cursor: Square::new(7, 5),
            selected: None,
            menu: 0,
            chat: Vec::new(),
            chat_input: None,
            result: None,
            summary: None,
            stopped_clocks: [None, None],
            snapshot_pending: false,
            snapshot_dirty: false,
            folds: false,
            log_scroll: 0,
            route: Vec::new(),
            route_to: None,
            last_sent: None,
            bb: None,
        }
    }

    /// The legal commands we may send now (none while one is in flight).
    pub fn legal(&self) -> &[Command] {
        match &self.decision {
            Some(d) if !self.sent => &d.legal,
            _ => &[],
        }
    }

    fn on_pitch(&self, id: PlayerId) -> bool {
        self.view
            .as_ref()
            .and_then(|v| v.players.iter().find(|p| p.id == id))
            .is_some_and(|p| p.square().is_some())
    }

    /// The commands the menu offers: those of the selected player, or all.
    pub fn menu_commands(&self) -> Vec<Command> {
        self.legal()
            .iter()
            .filter(|c| match self.selected {
                Some(sel) => subject(c) == Some(sel),
                None => true,
            })
            .copied()
            .collect()
    }

    /// Commands a click on `sq` may mean: they target `sq` and are either about nobody on
    /// the pitch or about the selected player.
    pub fn commands_at(&self, sq: Square) -> Vec<Command> {
        let view = self.view.as_ref();
        self.legal()
            .iter()
            .filter(|c| target(c, view) == Some(sq))
            .filter(|c| match subject(c) {
                None => true,
                Some(p) => Some(p) == self.selected || !self.on_pitch(p),
            })
            .copied()
            .collect()
    }

    /// The squares to highlight as targets.
    pub fn targets(&self) -> Vec<Square> {
        let view = self.view.as_ref();
        let mut out: Vec<Square> = self
            .legal()
            .iter()
            .filter(|c| match subject(c) {
                None => true,
                Some(p) => Some(p) == self.selected || !self.on_pitch(p),
            })
            .filter_map(|c| target(c, view))
            .collect();
        out.sort_by_key(|s| (s.y, s.x));
        out.dedup();
        out
    }

    /// The players on the pitch that some legal command is about.
    pub fn actors(&self) -> Vec<PlayerId> {
        let mut out: Vec<PlayerId> = self
            .legal()
            .iter()
            .filter_map(subject)
            .filter(|p| self.on_pitch(*p))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    fn player_at(&self, sq: Square) -> Option<PlayerId> {
        self.view
            .as_ref()?
            .players
            .iter()
            .find(|p| p.square() == Some(sq))
            .map(|p| p.id)
    }

    /// Milliseconds left on the deciding coach's clock at `now`.
    pub fn time_left(&self, now: Instant) -> Option<Duration> {
        let ms = self.decision.as_ref()?.time_left_ms?;
        let spent = now.saturating_duration_since(self.decision_at);
        Some(Duration::from_millis(ms).saturating_sub(spent))
    }

    fn max_square(&self) -> (i8, i8) {
        let def = board(
            self.view
                .as_ref()
                .and_then(|v| v.board)
                .unwrap_or(BoardSide::OneTrapdoor),
        );
        (def.length as i8 - 1, def.width as i8 - 1)
    }

    /// Blood Bowl: the legal commands we may send now (none while one is in flight).
    pub fn bb_legal(&self) -> &[dugout_rules::bb::Command] {
        match self.bb.as_ref().and_then(|b| b.decision.as_ref()) {
            Some(d) if !self.sent => &d.legal,
            _ => &[],
        }
    }

    /// The event log's lines (a run of steps is one line).
    pub fn log_len(&self) -> usize {
        if let Some(bb) = &self.bb {
            return bb.log_len();
        }
        match &self.view {
            Some(v) => crate::tui::pitch::log_lines(&self.events, v).len(),
            None => self.events.len(),
        }
    }

    /// Scrolls the event log `lines` back (negative: forward), within the log.
    pub fn scroll_log(&mut self, lines: isize) {
        let max = self.log_len().saturating_sub(1);
        self.log_scroll = self.log_scroll.saturating_add_signed(lines).min(max);
    }

    fn move_cursor(&mut self, dx: i8, dy: i8) {
        let (mx, my) = self.max_square();
        self.cursor = Square::new(
            self.cursor.x.saturating_add(dx).clamp(0, mx),
            self.cursor.y.saturating_add(dy).clamp(0, my),
        );
    }
}

/// A stored match being stepped through.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    pub id: String,
    pub entries: Vec<LogEntry>,
    pub names: [String; 2],
    /// Index into `entries` of the last event shown (`None`: before the first).
    pub pos: Option<usize>,
    pub view: Option<GameView>,
    /// The state shown, of a Blood Bowl match.
    pub bb_view: Option<dugout_rules::bb::GameView>,
    /// The seq of the state shown and the seq it was asked for.
    pub at_seq: Option<u64>,
    pub asked: Option<u64>,
    /// A number being typed: after `t` a turn, after `:` a seq.
    pub input: Option<(char, String)>,
    pub cursor: Square,
    /// How many lines the event log is scrolled back (0: the newest in sight).
    pub log_scroll: usize,
    /// Blood Bowl: the panel shows the teams' stars, inducements and cards (`c`).
    pub team_panel: bool,
}

impl Replay {
    pub fn new(id: String, entries: Vec<LogEntry>, names: [String; 2]) -> Replay {
        Replay {
            id,
            entries,
            names,
            pos: None,
            view: None,
            bb_view: None,
            at_seq: None,
            asked: None,
            input: None,
            cursor: Square::new(7, 5),
            log_scroll: 0,
            team_panel: false,
        }
    }

    /// The seq of the last event shown (0 before the first).
    pub fn seq(&self) -> u64 {
        self.pos
            .and_then(|i| self.entries.get(i))
            .map_or(0, |e| e.seq)
    }

    /// The game events up to the position, for the log.
    pub fn events(&self) -> Vec<Event> {
        let end = self.pos.map_or(0, |i| i + 1);
        self.entries[..end.min(self.entries.len())]
            .iter()
            .filter_map(|e| match &e.event {
                RoomEvent::Game { event } => game::blitz::event(event).ok(),
                _ => None,
            })
            .collect()
    }

    /// The Blood Bowl events up to the position, for the log.
    pub fn bb_events(&self) -> Vec<dugout_rules::bb::Event> {
        let end = self.pos.map_or(0, |i| i + 1);
        self.entries[..end.min(self.entries.len())]
            .iter()
            .filter_map(|e| match &e.event {
                RoomEvent::Game { event } => game::bb::event(event).ok(),
                _ => None,
            })
            .collect()
    }

    fn go(&mut self, pos: Option<usize>) -> Vec<Effect> {
        let pos = pos.map(|p| p.min(self.entries.len().saturating_sub(1)));
        let pos = if self.entries.is_empty() { None } else { pos };
        self.pos = pos;
        let seq = self.seq().max(1);
        self.asked = Some(seq);
        vec![Effect::FetchState { seq }]
    }

    /// The index of the last event whose seq is at most `seq`.
    fn index_of_seq(&self, seq: u64) -> Option<usize> {
        self.entries.iter().rposition(|e| e.seq <= seq)
    }

    /// The index of the `turn_started` event of turn `turn` (either coach's, the first).
    fn index_of_turn(&self, turn: u16) -> Option<usize> {
        self.entries.iter().position(|e| {
            matches!(&e.event, RoomEvent::Game { event } if matches!(game::blitz::event(event), Ok(Event::TurnStarted { turn: t, .. }) if t == turn)
                || matches!(game::bb::event(event), Ok(dugout_rules::bb::Event::TurnStarted { turn: t, .. }) if u16::from(t) == turn))
        })
    }
}

/// The screen shown.
#[derive(Clone, Debug, PartialEq)]
pub enum Screen {
    Login(LoginForm),
    Lobby,
    Play(Box<Play>),
    Replay(Box<Replay>),
}

/// The whole client.
#[derive(Clone, Debug, PartialEq)]
pub struct App {
    pub screen: Screen,
    pub lobby: LobbyModel,
    /// The create-room form, when open (over the lobby).
    pub form: Option<RoomForm>,
    /// The create-room form of a Blood Bowl room, when open (over the lobby).
    pub bb_form: Option<BbRoomForm>,
    pub server: String,
    pub account: Option<String>,
    pub token: Option<String>,
    /// The status line: the last error or notice.
    pub status: Option<String>,
    pub link: Link,
    pub help: bool,
    pub now: Instant,
    /// The room id being typed in the lobby (`i`), to join a private room.
    pub join_input: Option<String>,
    /// The seat chosen in the create-room form, for the room being created.
    creating_seat: Option<Side>,
    /// The login screen's last submit was a Register (its refusal is not a "Login failed").
    registering: bool,
    /// The server's time a coach may be gone from a match before the other may claim the
    /// win (from `welcome`).
    forfeit_after: Option<u64>,
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

impl App {
    /// Starting up: with a remembered session, connect with it; else the login screen.
    pub fn start(server: &str, saved: Option<Saved>, now: Instant) -> (App, Vec<Effect>) {
        let mut app = App {
            screen: Screen::Login(LoginForm::new(server, "")),
            lobby: LobbyModel::default(),
            form: None,
            bb_form: None,
            server: server.to_string(),
            account: None,
            token: None,
            status: None,
            link: Link::Offline,
            help: false,
            now,
            join_input: None,
            creating_seat: None,
            forfeit_after: None,
            registering: false,
        };
        let effects = match saved {
            Some(s) if !s.token.is_empty() => {
                app.server = s.server.clone();
                app.account = Some(s.account.clone());
                app.token = Some(s.token.clone());
                app.screen = Screen::Login(LoginForm::new(&s.server, &s.account));
                app.link = Link::Connecting;
                app.status = Some(format!("Connecting to {} as {}...", s.server, s.account));
                vec![Effect::Connect {
                    server: s.server,
                    token: s.token,
                }]
            }
            Some(s) => {
                app.screen = Screen::Login(LoginForm::new(&s.server, &s.account));
                app.server = s.server;
                Vec::new()
            }
            None => Vec::new(),
        };
        (app, effects)
    }

    /// A replay of a stored match, loaded already; fetch its first state.
    pub fn replay(server: &str, replay: Replay, now: Instant) -> (App, Vec<Effect>) {
        let (mut app, _) = App::start(server, None, now);
        let mut replay = replay;
        let effects = replay.go(None);
        app.screen = Screen::Replay(Box::new(replay));
        app.status = Some("Replay: Right/Left step, g/G start/end, t turn, : seq".into());
        (app, effects)
    }

    pub fn tick(&mut self, now: Instant) {
        self.now = now;
    }

    // ----- keys ------------------------------------------------------------------------

    pub fn on_key(&mut self, k: KeyEvent) -> Vec<Effect> {
        if k.kind == KeyEventKind::Release {
            return Vec::new();
        }
        if k.modifiers.contains(KeyModifiers::CONTROL) && k.code == KeyCode::Char('c') {
            return vec![Effect::Quit];
        }
        let typing = match &self.screen {
            Screen::Login(_) => true,
            Screen::Play(p) => p.chat_input.is_some(),
            Screen::Replay(r) => r.input.is_some(),
            Screen::Lobby => self.join_input.is_some(),
        };
        if self.help {
            self.help = false;
            return Vec::new();
        }
        if !typing && k.code == KeyCode::Char('?') {
            self.help = true;
            return Vec::new();
        }
        match &self.screen {
            Screen::Login(_) => self.login_key(k),
            Screen::Lobby => {
                if self.form.is_some() || self.bb_form.is_some() {
                    self.form_key(k)
                } else {
                    self.lobby_key(k)
                }
            }
            Screen::Play(_) => self.play_key(k),
            Screen::Replay(_) => self.replay_key(k),
        }
    }

    fn login_key(&mut self, k: KeyEvent) -> Vec<Effect> {
        let Screen::Login(form) = &mut self.screen else {
            return Vec::new();
        };
        if form.busy {
            return if k.code == KeyCode::Esc {
                vec![Effect::Quit]
            } else {
                Vec::new()
            };
        }
        match k.code {
            KeyCode::Esc => return vec![Effect::Quit],
            KeyCode::Tab | KeyCode::Down => form.next(),
            KeyCode::BackTab | KeyCode::Up => form.prev(),
            KeyCode::Backspace => {
                if let Some(f) = form.field_mut() {
                    f.pop();
                }
            }
            KeyCode::Char(c) => {
                if let Some(f) = form.field_mut() {
                    if f.len() < 256 {
                        f.push(c);
                    }
                } else if c == ' ' {
                    let register = form_register(form);
                    return self.submit_login(register);
                }
            }
            KeyCode::Enter => match form.focus {
                0 | 1 => form.next(),
                2 | 3 => return self.submit_login(false),
                _ => return self.submit_login(true),
            },
            _ => {}
        }
        Vec::new()
    }

    fn submit_login(&mut self, register: bool) -> Vec<Effect> {
        let Screen::Login(form) = &mut self.screen else {
            return Vec::new();
        };
        let (server, name, password) = (
            form.server.trim().to_string(),
            form.name.trim().to_string(),
            form.password.clone(),
        );
        if server.is_empty() || name.is_empty() || password.is_empty() {
            self.status = Some("Fill in the server, the name and the password".into());
            return Vec::new();
        }
        form.busy = true;
        self.registering = register;
        self.status = Some(if register {
            format!("Registering {name}...")
        } else {
            format!("Logging in as {name}...")
        });
        vec![Effect::Login {
            server,
            name,
            password,
            register,
        }]
    }

    fn lobby_key(&mut self, k: KeyEvent) -> Vec<Effect> {
        if let Some(input) = self.join_input.as_mut() {
            match k.code {
                KeyCode::Esc => self.join_input = None,
                KeyCode::Backspace => {
                    input.pop();
                }
                KeyCode::Char(c) if input.len() < 64 && !c.is_control() => input.push(c),
                KeyCode::Enter => {
                    let room = input.trim().to_string();
                    self.join_input = None;
                    if !room.is_empty() {
                        self.status = Some(format!("Joining room {}...", short(&room)));
                        return vec![Effect::Send(Request::Join { room, seat: None })];
                    }
                }
                _ => {}
            }
            return Vec::new();
        }
        let selected = self.lobby.selected_room().map(|r| r.room.clone());
        match k.code {
            KeyCode::Char('q') | KeyCode::Esc => vec![Effect::Quit],
            KeyCode::Down | KeyCode::Char('j') => {
                self.lobby.select_next();
                Vec::new()
            }
            KeyCode::Up | KeyCode::Char('k') => {
                self.lobby.select_prev();
                Vec::new()
            }
            KeyCode::Char('r') => {
                self.status = Some("Refreshing the room list...".into());
                vec![Effect::Send(Request::ListRooms)]
            }
            KeyCode::Char('c') => {
                self.form = Some(RoomForm::default());
                Vec::new()
            }
            KeyCode::Char('b') => {
                self.bb_form = Some(BbRoomForm::default());
                Vec::new()
            }
            KeyCode::Enter => match selected {
                Some(room) => {
                    self.status = Some(format!("Joining room {}...", short(&room)));
                    vec![Effect::Send(Request::Join { room, seat: None })]
                }
                None => {
                    self.status = Some("No room selected: press c to create one".into());
                    Vec::new()
                }
            },
            KeyCode::Char('s') => match selected {
                Some(room) => {
                    self.status = Some(format!("Watching room {}...", short(&room)));
                    vec![Effect::Send(Request::Spectate(room))]
                }
                None => Vec::new(),
            },
            KeyCode::Char('L') => self.logout(),
            KeyCode::Char('i') => {
                self.join_input = Some(String::new());
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    fn logout(&mut self) -> Vec<Effect> {
        let token = self.token.take().unwrap_or_default();
        let name = self.account.take().unwrap_or_default();
        self.screen = Screen::Login(LoginForm::new(&self.server, &name));
        self.link = Link::Offline;
        self.lobby = LobbyModel::default();
        self.status = Some("Logged out".into());
        vec![Effect::Logout {
            server: self.server.clone(),
            token,
        }]
    }

    fn form_key(&mut self, k: KeyEvent) -> Vec<Effect> {
        if let Some(form) = self.bb_form.as_mut() {
            // The team builder, when open, takes the keys.
            if let Some((_, b)) = form.builder.as_mut() {
                match k.code {
                    KeyCode::Esc => form.builder = None,
                    KeyCode::Down | KeyCode::Tab | KeyCode::Char('j') => b.next(),
                    KeyCode::Up | KeyCode::BackTab | KeyCode::Char('k') => b.prev(),
                    KeyCode::Right | KeyCode::Char('l') | KeyCode::Char('+') => b.change(true),
                    KeyCode::Left | KeyCode::Char('h') | KeyCode::Char('-') => b.change(false),
                    KeyCode::Char('r') => b.randomise(),
                    KeyCode::Enter => match form.accept_builder() {
                        Ok(()) => self.status = Some("Team built".into()),
                        Err(why) => self.status = Some(format!("Not a legal team: {why}")),
                    },
                    _ => {}
                }
                return Vec::new();
            }
            match k.code {
                KeyCode::Char('t') if !form.open_builder() => {
                    self.status = Some("Choose a team field (Home or Away) to build it".into());
                }
                KeyCode::Esc => self.bb_form = None,
                KeyCode::Down | KeyCode::Tab | KeyCode::Char('j') => form.next(),
                KeyCode::Up | KeyCode::BackTab | KeyCode::Char('k') => form.prev(),
                KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') => form.change(true),
                KeyCode::Left | KeyCode::Char('h') => form.change(false),
                KeyCode::Enter => {
                    let spec = form.spec();
                    self.creating_seat = Some(match form.seat {
                        SeatChoice::Home => Side::Home,
                        SeatChoice::Away => Side::Away,
                    });
                    self.bb_form = None;
                    self.status = Some("Creating the Blood Bowl room...".into());
                    return vec![Effect::Send(Request::CreateRoom(Box::new(spec)))];
                }
                _ => {}
            }
            return Vec::new();
        }
        let Some(form) = self.form.as_mut() else {
            return Vec::new();
        };
        match k.code {
            KeyCode::Esc => self.form = None,
            KeyCode::Down | KeyCode::Tab | KeyCode::Char('j') => form.next(),
            KeyCode::Up | KeyCode::BackTab | KeyCode::Char('k') => form.prev(),
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') => form.change(true),
            KeyCode::Left | KeyCode::Char('h') => form.change(false),
            KeyCode::Enter => {
                let spec = form.spec();
                self.creating_seat = Some(match form.seat {
                    SeatChoice::Home => Side::Home,
                    SeatChoice::Away => Side::Away,
                });
                self.form = None;
                self.status = Some("Creating the room...".into());
                return vec![Effect::Send(Request::CreateRoom(Box::new(spec)))];
            }
            _ => {}
        }
        Vec::new()
    }

    fn play_key(&mut self, k: KeyEvent) -> Vec<Effect> {
        if k.code != KeyCode::Char('C') && self.status.as_deref() == Some(CONCEDE_CONFIRM) {
            self.status = None;
        }
        let Screen::Play(play) = &mut self.screen else {
            return Vec::new();
        };
        if let Some(input) = play.chat_input.as_mut() {
            match k.code {
                KeyCode::Esc => play.chat_input = None,
                KeyCode::Backspace => {
                    input.pop();
                }
                KeyCode::Char(c) if input.chars().count() < 500 => input.push(c),
                KeyCode::Enter => {
                    let text = input.trim().to_string();
                    play.chat_input = None;
                    if !text.is_empty() {
                        return vec![Effect::Send(Request::Chat {
                            room: play.room.clone(),
                            text,
                        })];
                    }
                }
                _ => {}
            }
            return Vec::new();
        }
        let generic = matches!(
            k.code,
            KeyCode::Char('t' | 'r' | 'C' | 'W' | 'q' | '[' | ']')
                | KeyCode::PageUp
                | KeyCode::PageDown
                | KeyCode::End
        );
        if !generic && play.bb.is_some() {
            return self.bb_key(k.code);
        }
        match k.code {
            KeyCode::Left | KeyCode::Char('h') => play.move_cursor(-1, 0),
            KeyCode::Right | KeyCode::Char('l') => play.move_cursor(1, 0),
            KeyCode::Up | KeyCode::Char('k') => play.move_cursor(0, -1),
            KeyCode::Down | KeyCode::Char('j') => play.move_cursor(0, 1),
            KeyCode::Char(' ') => return self.act_at_cursor(),
            KeyCode::PageUp | KeyCode::Char('[') => play.scroll_log(LOG_PAGE as isize),
            KeyCode::PageDown | KeyCode::Char(']') => play.scroll_log(-(LOG_PAGE as isize)),
            KeyCode::End => play.log_scroll = 0,
            KeyCode::Esc => {
                play.selected = None;
                play.menu = 0;
                play.route.clear();
                play.route_to = None;
            }
            KeyCode::Tab | KeyCode::Char('n') => {
                let n = play.menu_commands().len();
                if n > 0 {
                    play.menu = (play.menu + 1) % n;
                }
            }
            KeyCode::BackTab | KeyCode::Char('p') => {
                let n = play.menu_commands().len();
                if n > 0 {
                    play.menu = (play.menu + n - 1) % n;
                }
            }
            KeyCode::Enter => {
                let menu = play.menu_commands();
                if let Some(cmd) = menu.get(play.menu).copied() {
                    return self.send_command(cmd);
                }
                self.status = Some("Nothing to choose now".into());
            }
            KeyCode::Char(c @ '1'..='9') => {
                let i = usize::from(c as u8 - b'1');
                let menu = play.menu_commands();
                if let Some(cmd) = menu.get(i).copied() {
                    return self.send_command(cmd);
                }
                self.status = Some(format!("There is no choice {c}"));
            }
            KeyCode::Char('e') => return self.send_if_legal(Command::EndTurn, "End turn"),
            KeyCode::Char('d') => return self.send_if_legal(Command::Decline, "Decline"),
            KeyCode::Char('s') => return self.send_if_legal(Command::StopMoving, "Stop moving"),
            KeyCode::Char('t') => play.chat_input = Some(String::new()),
            KeyCode::Char('r') => {
                return vec![Effect::Send(Request::Snapshot(play.room.clone()))];
            }
            KeyCode::Char('C') if matches!(play.seat, Seat::Coach(_)) && play.result.is_none() => {
                if self.status.as_deref() == Some(CONCEDE_CONFIRM) {
                    self.status = Some("Conceding...".into());
                    return vec![Effect::Send(Request::Concede(play.room.clone()))];
                }
                self.status = Some(CONCEDE_CONFIRM.into());
                return Vec::new();
            }
            KeyCode::Char('W') if matches!(play.seat, Seat::Coach(_)) && play.result.is_none() => {
                // The server decides whether the other coach has been gone long enough; its
                // refusal says how long is left.
                self.status = Some("Claiming the win...".into());
                return vec![Effect::Send(Request::ClaimWin(play.room.clone()))];
            }
            KeyCode::Char('q') => {
                let room = play.room.clone();
                let over = play.result.is_some() || !matches!(play.seat, Seat::Coach(_));
                let started = play.view.is_some();
                if let Some(summary) = play.summary.clone()
                    && matches!(play.seat, Seat::Coach(_))
                    && !over
                    && !self.lobby.rooms.iter().any(|r| r.room == room)
                {
                    self.lobby.rooms.push(summary);
                }
                self.screen = Screen::Lobby;
                self.status = Some(if over || !started {
                    "Back in the lobby".to_string()
                } else {
                    format!(
                        "Back in the lobby; your seat in room {} is kept (Enter on it to return)",
                        short(&room)
                    )
                });
                return vec![
                    Effect::Send(Request::Leave(room)),
                    Effect::Send(Request::ListRooms),
                ];
            }
            _ => {}
        }
        Vec::new()
    }

    fn send_if_legal(&mut self, cmd: Command, what: &str) -> Vec<Effect> {
        let Screen::Play(play) = &self.screen else {
            return Vec::new();
        };
        if play.legal().contains(&cmd) {
            self.send_command(cmd)
        } else {
            self.status = Some(format!("{what} is not possible now"));
            Vec::new()
        }
    }

    /// Send `cmd` if (and only if) it is one of the legal commands.
    fn send_command(&mut self, cmd: Command) -> Vec<Effect> {
        let Screen::Play(play) = &mut self.screen else {
            return Vec::new();
        };
        if !play.legal().contains(&cmd) {
            return Vec::new();
        }
        play.sent = true;
        play.last_sent = Some(cmd);
        play.selected = None;
        play.menu = 0;
        self.status = Some(format!("Sent: {}", label(&cmd, play.view.as_ref())));
        vec![Effect::Send(Request::Command {
            room: play.room.clone(),
            command: cmd,
        })]
    }

    /// Space or a click: choose the command aimed at the cursor's square, or select the
    /// player there.
    fn act_at_cursor(&mut self) -> Vec<Effect> {
        let Screen::Play(play) = &mut self.screen else {
            return Vec::new();
        };
        let sq = play.cursor;
        let here = play.commands_at(sq);
        if here.len() == 1 {
            return self.send_command(here[0]);
        }
        if here.len() > 1 {
            // Several commands aim here (a block with or without a card, say): let the
            // menu tell them apart.
            let first = here[0];
            if let Some(p) = subject(&first).filter(|p| play.on_pitch(*p)) {
                play.selected = Some(p);
            }
            let menu = play.menu_commands();
            play.menu = menu.iter().position(|c| *c == first).unwrap_or(0);
            self.status = Some("Several choices aim there: Tab to pick one, Enter to send".into());
            return Vec::new();
        }
        if let Some(p) = play.player_at(sq) {
            if play.actors().contains(&p) {
                play.selected = Some(p);
                play.menu = 0;
                let n = play.menu_commands().len();
                self.status = Some(format!(
                    "{} selected: {n} choice{}; green squares are targets",
                    crate::tui::describe::player_label(play.view.as_ref(), p),
                    if n == 1 { "" } else { "s" }
                ));
                return Vec::new();
            }
            self.status = Some("That player has nothing to do now".into());
            return Vec::new();
        }
        if let Some(effects) = self.move_towards(sq) {
            return effects;
        }
        let Screen::Play(play) = &mut self.screen else {
            return Vec::new();
        };
        self.status = Some(if play.legal().is_empty() {
            "Not your decision now".to_string()
        } else if play.targets().is_empty() {
            format!("Nothing to do on {sq}: select a player who can act, or use the choices")
        } else {
            format!("No legal choice aims at {sq}: the green + squares are the targets")
        });
        Vec::new()
    }

    /// While moving: to `sq`, a square no legal step aims at. A neighbour says why it cannot
    /// be entered; a square further away is reached by the shortest path, sent one step at
    /// a time (`None`: not moving, let the caller say what it says).
    fn move_towards(&mut self, sq: Square) -> Option<Vec<Effect>> {
        let Screen::Play(play) = &mut self.screen else {
            return None;
        };
        let PromptKind::Move { player, kind, left } = play.decision.as_ref()?.prompt.kind else {
            return None;
        };
        let legal = play.legal().to_vec();
        if legal.is_empty() {
            return None;
        }
        let view = play.view.clone()?;
        let from = view.players.iter().find(|p| p.id == player)?.square()?;
        let neighbour = (from.x - sq.x).abs() <= 1 && (from.y - sq.y).abs() <= 1;
        if neighbour && from != sq {
            let why = super::route::refusal(&view, player, kind, sq)
                .unwrap_or_else(|| format!("the rules do not let this player step on {sq}"));
            self.status = Some(format!("Cannot move there: {why}"));
            return Some(Vec::new());
        }
        match super::route::plan(&view, &legal, player, kind, left, sq) {
            Some(path) => {
                let rolls = super::route::rolls(&view, &path);
                let first = path[0];
                play.route = path[1..].to_vec();
                play.route_to = Some(sq);
                let mut effects = self.send_command(Command::MoveTo { square: first });
                if effects.is_empty() {
                    return Some(effects);
                }
                let steps = super::words::count(path.len(), "step");
                self.status = Some(if rolls.is_empty() {
                    format!("Moving to {sq}: {steps}, no roll on the way")
                } else {
                    format!("Moving to {sq}: {steps}; on the way {}", rolls.join(", "))
                });
                Some(std::mem::take(&mut effects))
            }
            None => {
                self.status = Some(format!(
                    "No way to {sq} within {} (players, blocked and marked squares are in the way)",
                    super::words::count(usize::from(left), "square")
                ));
                Some(Vec::new())
            }
        }
    }

    /// After a new decision: the next step of the path being walked, if it is still legal;
    /// else the walk stops and says where and why.
    fn next_step(&mut self) -> Vec<Effect> {
        let Screen::Play(play) = &mut self.screen else {
            return Vec::new();
        };
        let Some(next) = play.route.first().copied() else {
            return Vec::new();
        };
        let to = play.route_to;
        let moving = play.decision.as_ref().and_then(|d| match d.prompt.kind {
            PromptKind::Move { player, kind, .. } => Some((player, kind)),
            _ => None,
        });
        let step = Command::MoveTo { square: next };
        if moving.is_some() && play.legal().contains(&step) {
            play.route.remove(0);
            if play.route.is_empty() {
                play.route_to = None;
            }
            let effects = self.send_command(step);
            if let (Some(to), Screen::Play(_)) = (to, &self.screen) {
                self.status = Some(format!("Moving to {to}: next step {next}"));
            }
            return effects;
        }
        play.route.clear();
        play.route_to = None;
        let why = match (moving, play.view.as_ref()) {
            (Some((player, kind)), Some(view)) => super::route::refusal(view, player, kind, next)
                .unwrap_or_else(|| format!("the rules do not allow the step to {next}")),
            _ => "the move was interrupted".to_string(),
        };
        self.status = Some(format!(
            "Stopped on the way to {}: {why}",
            to.map_or_else(String::new, |t| t.to_string())
        ));
        Vec::new()
    }

    fn replay_key(&mut self, k: KeyEvent) -> Vec<Effect> {
        let Screen::Replay(r) = &mut self.screen else {
            return Vec::new();
        };
        if let Some((what, text)) = r.input.as_mut() {
            match k.code {
                KeyCode::Esc => r.input = None,
                KeyCode::Backspace => {
                    text.pop();
                }
                KeyCode::Char(c) if c.is_ascii_digit() && text.len() < 9 => text.push(c),
                KeyCode::Enter => {
                    let what = *what;
                    let number = text.parse::<u64>().ok();
                    r.input = None;
                    let Some(n) = number else {
                        self.status = Some("Type a number".into());
                        return Vec::new();
                    };
                    let found = if what == 't' {
                        r.index_of_turn(u16::try_from(n).unwrap_or(u16::MAX))
                    } else {
                        r.index_of_seq(n)
                    };
                    return match found {
                        Some(i) => r.go(Some(i)),
                        None if what == 't' => {
                            self.status = Some(format!("No turn {n} in this match"));
                            Vec::new()
                        }
                        None => r.go(None),
                    };
                }
                _ => {}
            }
            return Vec::new();
        }
        let last = r.entries.len().checked_sub(1);
        match k.code {
            KeyCode::Char('q') | KeyCode::Esc => vec![Effect::Quit],
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') => {
                let next = match r.pos {
                    None => 0,
                    Some(i) => (i + 1).min(last.unwrap_or(0)),
                };
                r.go(Some(next))
            }
            KeyCode::Left | KeyCode::Char('h') => {
                let prev = r.pos.and_then(|i| i.checked_sub(1));
                r.go(prev)
            }
            KeyCode::PageUp | KeyCode::Char('[') => {
                r.log_scroll = r.log_scroll.saturating_add(LOG_PAGE);
                Vec::new()
            }
            KeyCode::PageDown | KeyCode::Char(']') => {
                r.log_scroll = r.log_scroll.saturating_sub(LOG_PAGE);
                Vec::new()
            }
            KeyCode::Home | KeyCode::Char('g') => r.go(None),
            KeyCode::End | KeyCode::Char('G') => r.go(last),
            KeyCode::Char('t') => {
                r.input = Some(('t', String::new()));
                Vec::new()
            }
            KeyCode::Char(':') => {
                r.input = Some((':', String::new()));
                Vec::new()
            }
            KeyCode::Char('c') => {
                r.team_panel = !r.team_panel;
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    // ----- mouse -----------------------------------------------------------------------

    /// A left click on the pitch moves the cursor there and acts as Space. The match screen
    /// draws the pitch at the top left: its squares start at column 3, row 4.
    pub fn on_mouse(&mut self, m: MouseEvent) -> Vec<Effect> {
        if m.kind != MouseEventKind::Down(MouseButton::Left) || self.help {
            return Vec::new();
        }
        if let Screen::Play(play) = &mut self.screen
            && play.chat_input.is_none()
            && let Some(bb) = play.bb.as_mut()
        {
            let Some(sq) = crate::bb::tui::square_at(m.column, m.row) else {
                return Vec::new();
            };
            bb.ui.cursor = sq;
            return self.bb_key(KeyCode::Char(' '));
        }
        let Some(sq) = square_at(m.column, m.row) else {
            return Vec::new();
        };
        match &mut self.screen {
            Screen::Play(play) if play.chat_input.is_none() => {
                let (mx, my) = play.max_square();
                if sq.x > mx || sq.y > my {
                    return Vec::new();
                }
                play.cursor = sq;
                self.act_at_cursor()
            }
            Screen::Replay(r) => {
                r.cursor = sq;
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    // ----- the network -----------------------------------------------------------------

    pub fn on_input(&mut self, input: Input) -> Vec<Effect> {
        match input {
            Input::LoggedIn {
                server,
                account,
                token,
            } => {
                self.server = server.clone();
                self.account = Some(account.clone());
                self.token = Some(token.clone());
                self.link = Link::Connecting;
                self.status = Some(format!("Logged in as {account}; connecting..."));
                vec![
                    Effect::Save(Saved {
                        server: server.clone(),
                        account,
                        token: token.clone(),
                    }),
                    Effect::Connect { server, token },
                ]
            }
            Input::LoginFailed(why) => {
                if let Screen::Login(form) = &mut self.screen {
                    form.busy = false;
                    form.password.clear();
                    form.focus = 2;
                }
                self.status = Some(if self.registering {
                    format!("Registration refused: {why}")
                } else {
                    format!("Login failed: {why}")
                });
                Vec::new()
            }
            Input::Connected { account } => {
                self.link = Link::Up;
                self.account = Some(account.clone());
                if matches!(self.screen, Screen::Login(_)) {
                    self.screen = Screen::Lobby;
                }
                self.status = Some(format!("Connected as {account}"));
                vec![Effect::Send(Request::ListRooms)]
            }
            Input::ConnectFailed { message, auth } => {
                self.link = Link::Offline;
                let name = self.account.clone().unwrap_or_default();
                let mut form = LoginForm::new(&self.server, &name);
                if auth {
                    self.token = None;
                    self.status = Some(format!(
                        "Your saved session is no longer valid ({message}): log in again"
                    ));
                } else {
                    self.status = Some(format!(
                        "Cannot connect: {}",
                        super::words::unreachable(&self.server, &message)
                    ));
                    form.focus = 0;
                }
                self.screen = Screen::Login(form);
                Vec::new()
            }
            Input::Link(up) => {
                self.link = if up { Link::Up } else { Link::Reconnecting };
                Vec::new()
            }
            Input::Disconnected(why) => {
                self.link = Link::Offline;
                self.status = Some(format!(
                    "Disconnected: {}",
                    super::words::unreachable(&self.server, &why)
                ));
                let name = self.account.clone().unwrap_or_default();
                let mut form = LoginForm::new(&self.server, &name);
                form.focus = 2;
                self.screen = Screen::Login(form);
                Vec::new()
            }
            Input::Answer { request, answer } => self.on_answer(request, answer),
            Input::Update(update) => self.on_update(update),
            Input::State(state) => {
                if let Screen::Replay(r) = &mut self.screen
                    && r.asked == Some(state.seq)
                {
                    if let Ok(view) = game::bb::view(&state.view) {
                        r.bb_view = Some(view);
                    } else {
                        match game::blitz::view(&state.view) {
                            Ok(view) => r.view = Some(view),
                            Err(e) => self.status = Some(e.to_string()),
                        }
                    }
                    r.at_seq = Some(state.at_seq);
                }
                Vec::new()
            }
            Input::StateFailed(why) => {
                self.status = Some(format!("Cannot load the state: {why}"));
                Vec::new()
            }
        }
    }

    fn on_answer(&mut self, request: Request, answer: Answer) -> Vec<Effect> {
        let refusal = match answer {
            Answer::Ack(ack) => return self.on_ack(request, ack.room),
            Answer::Refused(r) => format!(
                "refused: {}",
                super::words::refusal_words(r.code, &r.message)
            ),
            Answer::Interrupted => {
                "interrupted: the connection dropped; it may not have happened".into()
            }
        };
        let what = match &request {
            Request::ListRooms => "Listing rooms",
            Request::CreateRoom(_) => "Creating the room",
            Request::Join { .. } => "Joining",
            Request::Spectate(_) => "Watching",
            Request::Leave(_) => "Leaving",
            Request::Ready(_) => "Ready",
            Request::Command { .. } | Request::BbCommand { .. } => "Your command",
            Request::Concede(_) => "Conceding",
            Request::ClaimWin(_) => "Claiming the win",
            Request::Snapshot(_) => "Snapshot",
            Request::Chat { .. } => "Chat",
        };
        if let Screen::Play(play) = &mut self.screen {
            match &request {
                Request::Command { room, .. } | Request::BbCommand { room, .. }
                    if *room == play.room =>
                {
                    play.sent = false
                }
                Request::Snapshot(room) if *room == play.room => {
                    play.snapshot_pending = false;
                }
                _ => {}
            }
        }
        self.status = Some(format!("{what} {refusal}"));
        Vec::new()
    }

    fn on_ack(&mut self, request: Request, room: Option<RoomId>) -> Vec<Effect> {
        let now = self.now;
        match request {
            Request::CreateRoom(_) => {
                let Some(room) = room else {
                    return Vec::new();
                };
                let seat = self.creating_seat.take();
                self.status = Some(format!("Room {} created; taking a seat...", short(&room)));
                vec![Effect::Send(Request::Join { room, seat })]
            }
            Request::Join { room, seat } => {
                let summary = self.lobby.rooms.iter().find(|r| r.room == room).cloned();
                let me = self.account.clone().unwrap_or_default();
                // The seat taken: the one asked for, else ours already, else the free one.
                let side = seat.or_else(|| {
                    let s = summary.as_ref()?;
                    let mine = s
                        .seats
                        .iter()
                        .position(|n| n.as_deref().is_some_and(|n| n.eq_ignore_ascii_case(&me)));
                    let free = s.seats.iter().position(Option::is_none);
                    Side::BOTH.get(mine.or(free)?).copied()
                });
                let open = summary
                    .as_ref()
                    .is_none_or(|s| s.status == RoomStatus::Open);
                let already = matches!(&self.screen, Screen::Play(p) if p.room == room);
                if !already {
                    let seat = side.map_or(Seat::Spectator, Seat::Coach);
                    let mut play = Play::new(room.clone(), seat, now);
                    if let Some(s) = &summary {
                        play.names = names_of(s);
                    }
                    play.summary = summary;
                    self.screen = Screen::Play(Box::new(play));
                }
                if !open {
                    self.status = Some(format!("Back in room {}", short(&room)));
                    return Vec::new();
                }
                self.status = Some(format!(
                    "In room {}: ready; waiting for an opponent",
                    short(&room)
                ));
                vec![Effect::Send(Request::Ready(room))]
            }
            Request::Spectate(room) => {
                let mut play = Play::new(room.clone(), Seat::Spectator, now);
                play.summary = self.lobby.rooms.iter().find(|r| r.room == room).cloned();
                if let Some(s) = &play.summary {
                    play.names = names_of(s);
                }
                self.screen = Screen::Play(Box::new(play));
                self.status = Some(format!("Watching room {}", short(&room)));
                Vec::new()
            }
            Request::Snapshot(room) => {
                if let Screen::Play(play) = &mut self.screen
                    && play.room == room
                {
                    play.snapshot_pending = false;
                    if play.snapshot_dirty {
                        play.snapshot_dirty = false;
                        play.snapshot_pending = true;
                        return vec![Effect::Send(Request::Snapshot(room))];
                    }
                }
                Vec::new()
            }
            Request::Command { room, command } => {
                // The events for it came before the ack and cleared `sent` with a new
                // decision; an ack of a command that changed nothing clears it here (not
                // when a newer one, the next step of a path, went since).
                if let Screen::Play(play) = &mut self.screen
                    && play.room == room
                    && play.last_sent == Some(command)
                {
                    play.sent = false;
                }
                Vec::new()
            }
            Request::BbCommand { room, command } => {
                if let Screen::Play(play) = &mut self.screen
                    && play.room == room
                    && play.bb.as_ref().and_then(|b| b.last_sent) == Some(command)
                {
                    play.sent = false;
                }
                Vec::new()
            }
            Request::Concede(_) => {
                self.status = Some("You conceded".into());
                Vec::new()
            }
            Request::ClaimWin(_) => {
                self.status = Some("You claimed the win: the other coach forfeits".into());
                Vec::new()
            }
            Request::ListRooms | Request::Leave(_) | Request::Ready(_) | Request::Chat { .. } => {
                Vec::new()
            }
        }
    }

    fn on_update(&mut self, update: Update) -> Vec<Effect> {
        match update {
            Update::Reconnected { attempts } => {
                self.link = Link::Up;
                self.status = Some(format!("Reconnected (after {attempts} attempts)"));
                Vec::new()
            }
            Update::Unreadable { why, .. } => {
                self.status = Some(format!("Unreadable message from the server: {why}"));
                Vec::new()
            }
            Update::Server(msg) => self.on_server(msg),
        }
    }

    fn on_server(&mut self, msg: ServerMessage) -> Vec<Effect> {
        let now = self.now;
        match msg {
            ServerMessage::Rooms { rooms } => {
                // The list is the public rooms under way: the rooms we sit in that it cannot
                // have (private ones) stay.
                let me = self.account.clone().unwrap_or_default();
                let ours: Vec<RoomSummary> = self
                    .lobby
                    .rooms
                    .drain(..)
                    .filter(|r| {
                        r.private
                            && seated(r, &me)
                            && matches!(r.status, RoomStatus::Open | RoomStatus::Playing)
                            && !rooms.iter().any(|n| n.room == r.room)
                    })
                    .collect();
                self.lobby.rooms = rooms
                    .into_iter()
                    .filter(|r| matches!(r.status, RoomStatus::Open | RoomStatus::Playing))
                    .chain(ours)
                    .collect();
                if self.lobby.status.is_none() && matches!(self.screen, Screen::Lobby) {
                    self.status = Some(super::words::count(self.lobby.rooms.len(), "room"));
                }
                Vec::new()
            }
            ServerMessage::RoomChanged { room } => {
                if let Screen::Play(play) = &mut self.screen
                    && play.room == room.room
                {
                    if let Seat::Coach(me) = play.seat
                        && room.status == RoomStatus::Playing
                    {
                        let other = me.other().index();
                        let was = play.summary.as_ref().is_none_or(|s| s.connected[other]);
                        let name = room.seats[other].clone().unwrap_or_default();
                        if was && !room.connected[other] {
                            self.status = Some(match self.forfeit_after {
                                Some(s) if s > 0 => format!(
                                    "{name} is gone; if they are not back within {s} s, press W to claim the win"
                                ),
                                _ => format!("{name} is gone; press W to claim the win later"),
                            });
                        } else if !was && room.connected[other] {
                            self.status = Some(format!("{name} is back"));
                        }
                    }
                    play.names = names_of(&room);
                    play.summary = Some(room.clone());
                }
                // The lobby lists rooms to join or watch: a finished or closed room leaves it.
                let live = matches!(room.status, RoomStatus::Open | RoomStatus::Playing);
                let rooms = &mut self.lobby.rooms;
                match rooms.iter().position(|r| r.room == room.room) {
                    Some(i) if !live => {
                        rooms.remove(i);
                    }
                    Some(i) => rooms[i] = room,
                    None if live => rooms.push(room),
                    None => {}
                }
                if self.lobby.selected >= rooms.len() {
                    self.lobby.selected = rooms.len().saturating_sub(1);
                }
                Vec::new()
            }
            ServerMessage::Error { code, message, .. } => {
                self.status = Some(format!(
                    "Server: {}",
                    super::words::refusal_words(code, &message)
                ));
                if code == ErrorCode::Unauthenticated {
                    return vec![Effect::Quit];
                }
                Vec::new()
            }
            ServerMessage::Chat {
                room,
                from,
                seat,
                text,
            } => {
                if let Screen::Play(play) = &mut self.screen
                    && play.room == room
                {
                    let who = match seat {
                        Seat::Coach(s) => format!("{from} ({s:?})"),
                        Seat::Spectator => format!("{from} (watching)"),
                    };
                    play.chat.push(format!("{who}: {text}"));
                    if let Some(bb) = play.bb.as_mut() {
                        bb.note(&play.chat[play.chat.len() - 1..]);
                    }
                }
                Vec::new()
            }
            ServerMessage::Snapshot {
                room,
                seq,
                seat,
                view,
                decision,
                result,
                rules_version,
            } => {
                let Screen::Play(play) = &mut self.screen else {
                    return Vec::new();
                };
                if play.room != room {
                    return Vec::new();
                }
                play.folds = game::view_folds(&view, rules_version);
                play.seat = seat;
                play.seq = seq;
                if let Ok(bb_view) = game::bb::view(&view) {
                    play.result = result;
                    play.sent = false;
                    play.decision_at = now;
                    let state = play.bb.get_or_insert_with(Default::default);
                    if state.view.is_none()
                        && let Seat::Coach(side) = seat
                    {
                        // Start the cursor in our own half.
                        state.ui.cursor = Square::new(if side == Side::Home { 6 } else { 19 }, 7);
                    }
                    state.view = Some(bb_view);
                    match game::bb::Decision::from_wire(&decision) {
                        Ok(d) => state.decision = Some(d),
                        Err(e) => self.status = Some(e.to_string()),
                    }
                    return Vec::new();
                }
                play.view = match game::blitz::view(&view) {
                    Ok(view) => Some(view),
                    Err(e) => {
                        self.status = Some(e.to_string());
                        None
                    }
                };
                play.result = result;
                play.sent = false;
                if let Err(e) = set_decision(play, decision, now) {
                    self.status = Some(e.to_string());
                }
                place_cursor(play);
                Vec::new()
            }
            ServerMessage::Events {
                room,
                seq,
                events,
                decision,
            } => {
                let Screen::Play(play) = &mut self.screen else {
                    return Vec::new();
                };
                if play.room != room {
                    return Vec::new();
                }
                play.seq = seq;
                let any = !events.is_empty();
                let lines_before = if play.log_scroll > 0 {
                    play.log_len()
                } else {
                    0
                };
                for e in events {
                    let chat_before = play.chat.len();
                    match e.event {
                        RoomEvent::Game { event } => {
                            // A Blood Bowl match's start (the weather, the gate, the
                            // inducement money, §30.1) comes as events before its first
                            // snapshot: kept for the log and the panels; the snapshot
                            // brings the view.
                            if play.bb.is_none() && game::bb::event(&event).is_ok() {
                                play.bb = Some(Box::default());
                            }
                            if let Some(bb) = play.bb.as_mut() {
                                if let Ok(event) = game::bb::event(&event) {
                                    if play.folds
                                        && let Some(view) = bb.view.as_mut()
                                    {
                                        view.apply(&event);
                                    }
                                    bb.events.push(event);
                                }
                                continue;
                            }
                            // A match of another game never gets this far: its snapshot
                            // already said this client does not play it.
                            let Ok(event) = game::blitz::event(&event) else {
                                continue;
                            };
                            if play.folds
                                && let Some(view) = play.view.as_mut()
                            {
                                view.apply(&event);
                            }
                            play.events.push(event);
                        }
                        RoomEvent::MatchStarted { coaches, .. } => {
                            play.names = coaches.clone();
                            play.chat.push(format!(
                                "* Match started: {} (Home) v {} (Away)",
                                coaches[0], coaches[1]
                            ));
                        }
                        RoomEvent::TimerExpired { coach } => {
                            play.chat.push(format!("* {coach:?}'s timer ran out"));
                        }
                        RoomEvent::Conceded { coach } => {
                            play.chat.push(format!("* {coach:?} conceded"));
                        }
                        RoomEvent::Forfeited { coach } => {
                            play.chat.push(format!("* {coach:?} forfeited (clock)"));
                        }
                        RoomEvent::Abandoned { coach, gone_ms } => {
                            play.chat.push(format!(
                                "* {coach:?} forfeited: gone for {} s, the win was claimed",
                                gone_ms / 1000
                            ));
                        }
                        RoomEvent::MatchEnded { result, .. } => {
                            play.result = Some(result);
                            play.chat
                                .push(format!("* Match ended: {}", result_words(&result)));
                        }
                    }
                    if let Some(bb) = play.bb.as_mut() {
                        // Room notices go in the Blood Bowl log where they happened.
                        bb.note(&play.chat[chat_before..]);
                    }
                }
                if play.log_scroll > 0 {
                    // Scrolled back: the lines in sight stay in sight.
                    play.log_scroll += play.log_len().saturating_sub(lines_before);
                }
                play.sent = false;
                if play.bb.is_some() {
                    return self.bb_decision(decision, any, room);
                }
                let refused = set_decision(play, decision, now).err();
                if play.folds
                    && let (Some(view), Some(d)) = (play.view.as_mut(), play.decision.as_ref())
                {
                    view.prompt = d.prompt.clone();
                }
                place_cursor(play);
                let walking = !play.route.is_empty();
                if let Some(e) = refused {
                    self.status = Some(e.to_string());
                } else if self
                    .status
                    .as_deref()
                    .is_some_and(|s| s.starts_with("Sent: ") || s.starts_with("In room "))
                {
                    // Done with: the status line goes back to the keys' hint.
                    self.status = None;
                }
                if walking {
                    return self.next_step();
                }
                let Screen::Play(play) = &mut self.screen else {
                    return Vec::new();
                };
                if any && !play.folds {
                    // Events change the state of a match whose events do not carry all of it
                    // (an older rules version): ask for it (one request at a time).
                    if play.snapshot_pending {
                        play.snapshot_dirty = true;
                    } else {
                        play.snapshot_pending = true;
                        return vec![Effect::Send(Request::Snapshot(room))];
                    }
                }
                Vec::new()
            }
            ServerMessage::Welcome {
                forfeit_after_seconds,
                ..
            } => {
                self.forfeit_after = Some(forfeit_after_seconds);
                Vec::new()
            }
            ServerMessage::Ack { .. } | ServerMessage::Pong { .. } => Vec::new(),
        }
    }

    /// Blood Bowl: a new decision after events; the path being walked or a queued command
    /// goes on.
    fn bb_decision(
        &mut self,
        decision: dugout_protocol::Decision,
        any: bool,
        room: RoomId,
    ) -> Vec<Effect> {
        let now = self.now;
        let Screen::Play(play) = &mut self.screen else {
            return Vec::new();
        };
        let Some(bb) = play.bb.as_mut() else {
            return Vec::new();
        };
        match game::bb::Decision::from_wire(&decision) {
            Ok(d) => {
                if bb.decision.as_ref() != Some(&d) {
                    bb.ui.menu = 0;
                    bb.ui.selected = None;
                }
                if let Some(view) = bb.view.as_mut() {
                    view.prompt = d.prompt.clone();
                }
                bb.decision = Some(d);
                play.decision_at = now;
            }
            Err(e) => {
                self.status = Some(e.to_string());
                return Vec::new();
            }
        }
        if self
            .status
            .as_deref()
            .is_some_and(|s| s.starts_with("Sent: ") || s.starts_with("In room "))
        {
            self.status = None;
        }
        if any && !play.folds {
            if play.snapshot_pending {
                play.snapshot_dirty = true;
            } else {
                play.snapshot_pending = true;
                return vec![Effect::Send(Request::Snapshot(room))];
            }
        }
        let side = match play.seat {
            Seat::Coach(s) => Some(s),
            Seat::Spectator => None,
        };
        let legal = play.bb_legal().to_vec();
        let Some(bb) = play.bb.as_mut() else {
            return Vec::new();
        };
        let Some(view) = bb.view.clone() else {
            return Vec::new();
        };
        let reply = bb.ui.on_decision(BbCtx {
            view: &view,
            legal: &legal,
            side,
        });
        self.bb_reply(reply)
    }

    /// Blood Bowl: a key of the match screen other than the generic ones.
    fn bb_key(&mut self, code: KeyCode) -> Vec<Effect> {
        let Screen::Play(play) = &mut self.screen else {
            return Vec::new();
        };
        let side = match play.seat {
            Seat::Coach(s) => Some(s),
            Seat::Spectator => None,
        };
        let legal = play.bb_legal().to_vec();
        let Some(bb) = play.bb.as_mut() else {
            return Vec::new();
        };
        let Some(view) = bb.current_view() else {
            self.status = Some("The match has not started yet".into());
            return Vec::new();
        };
        let reply = bb.ui.key(
            code,
            BbCtx {
                view: &view,
                legal: &legal,
                side,
            },
        );
        self.bb_reply(reply)
    }

    /// Carry out the Blood Bowl screen's answer: the status, and the command to send.
    fn bb_reply(&mut self, reply: BbReply) -> Vec<Effect> {
        if let Some(s) = reply.status {
            self.status = Some(s);
        }
        let Some(cmd) = reply.send else {
            return Vec::new();
        };
        let Screen::Play(play) = &mut self.screen else {
            return Vec::new();
        };
        if !play.bb_legal().contains(&cmd) {
            return Vec::new();
        }
        play.sent = true;
        if let Some(bb) = play.bb.as_mut() {
            bb.last_sent = Some(cmd);
        }
        vec![Effect::Send(Request::BbCommand {
            room: play.room.clone(),
            command: cmd,
        })]
    }

    /// The keys of the current screen, for the help overlay.
    pub fn help_keys(&self) -> &'static [(&'static str, &'static str)] {
        match &self.screen {
            Screen::Login(_) => LOGIN_KEYS,
            Screen::Lobby if self.form.is_some() || self.bb_form.is_some() => FORM_KEYS,
            Screen::Lobby => LOBBY_HELP,
            Screen::Play(p) if p.bb.is_some() => BB_PLAY_KEYS,
            Screen::Play(_) => PLAY_KEYS,
            Screen::Replay(_) => REPLAY_KEYS,
        }
    }
}

fn form_register(form: &LoginForm) -> bool {
    form.focus == 4
}

/// The new pending decision (refused, and the old one kept, when it is of a game these
/// screens do not play).
fn set_decision(
    play: &mut Play,
    decision: dugout_protocol::Decision,
    now: Instant,
) -> Result<(), WrongGame> {
    let decision = Decision::from_wire(&decision)?;
    let changed = play.decision.as_ref() != Some(&decision);
    if changed {
        play.selected = None;
        play.menu = 0;
    }
    // The clock that stops: what it had left now (a chess clock keeps it).
    let before = play.decision.as_ref().and_then(|d| d.prompt.coach);
    if let (Some(side), Some(left)) = (before, play.time_left(now))
        && decision.prompt.coach != Some(side)
    {
        play.stopped_clocks[side.index()] = Some(left);
    }
    if let Some(side) = decision.prompt.coach {
        play.stopped_clocks[side.index()] = None;
    }
    play.decision = Some(decision);
    play.decision_at = now;
    Ok(())
}

/// With a fresh view and a decision of ours: the cursor goes to the moving player during a
/// move, stays where it is if it is on a target or a player who can act, else goes to
/// [`nearest_cursor`].
fn place_cursor(play: &mut Play) {
    if play.legal().is_empty() {
        return;
    }
    if let Some(PromptKind::Move { player, .. }) = play.decision.as_ref().map(|d| &d.prompt.kind)
        && let Some(sq) = play.view.as_ref().and_then(|v| {
            v.players
                .iter()
                .find(|p| p.id == *player)
                .and_then(|p| p.square())
        })
    {
        play.cursor = sq;
        return;
    }
    let here = play.cursor;
    let on_actor = play
        .player_at(here)
        .is_some_and(|p| play.actors().contains(&p));
    if play.targets().contains(&here) || on_actor {
        return;
    }
    play.cursor = nearest_cursor(play);
}

/// The target nearest the cursor (on a tie the one after it in reading order, so placing
/// players one after another walks down the end zone), else the nearest player who can
/// act, else where the cursor is.
fn nearest_cursor(play: &Play) -> Square {
    let here = play.cursor;
    let nearest = |squares: Vec<Square>| {
        squares.into_iter().min_by_key(|sq| {
            let distance = (i16::from(sq.x) - i16::from(here.x))
                .abs()
                .max((i16::from(sq.y) - i16::from(here.y)).abs());
            let before = (sq.y, sq.x) < (here.y, here.x);
            (distance, before, sq.y, sq.x)
        })
    };
    if let Some(sq) = nearest(play.targets()) {
        return sq;
    }
    let actors: Vec<Square> = play
        .actors()
        .iter()
        .filter_map(|id| {
            play.view
                .as_ref()?
                .players
                .iter()
                .find(|p| p.id == *id)?
                .square()
        })
        .collect();
    nearest(actors).unwrap_or(here)
}

/// Whether `account` sits in `room`.
fn seated(room: &RoomSummary, account: &str) -> bool {
    room.seats.iter().any(|s| {
        s.as_deref()
            .is_some_and(|n| n.eq_ignore_ascii_case(account))
    })
}

fn names_of(room: &RoomSummary) -> [String; 2] {
    [
        room.seats[0].clone().unwrap_or_else(|| "(free)".into()),
        room.seats[1].clone().unwrap_or_else(|| "(free)".into()),
    ]
}

/// The first 8 characters of a room id (UUIDs: enough to tell rooms apart).
pub fn short(room: &str) -> String {
    room.chars().take(8).collect()
}

/// A match result in words.
pub fn result_words(result: &MatchResult) -> String {
    match result {
        MatchResult::Game { score, outcome } => format!(
            "{} ({}-{})",
            game::outcome_words(outcome),
            score[0],
            score[1]
        ),
        MatchResult::Concession { loser } => format!("{loser:?} conceded"),
        MatchResult::Forfeit { loser } => format!("{loser:?} forfeited"),
    }
}

/// The pitch square under terminal cell `(column, row)` of the match screen, if any.
pub fn square_at(column: u16, row: u16) -> Option<Square> {
    let left = 1 + ROW_LABEL_WIDTH;
    let top = 4;
    if column < left || row < top {
        return None;
    }
    let x = (column - left) / CELL_WIDTH;
    let y = row - top;
    Some(Square::new(i8::try_from(x).ok()?, i8::try_from(y).ok()?))
}

/// A key event with no modifiers (for tests and the runtime).
pub fn plain(code: KeyCode) -> KeyEvent {
    key(code)
}

/// Lines the event log scrolls per PgUp / PgDn.
const LOG_PAGE: usize = 5;

/// Asked before conceding: `C` again concedes, any other key does not.
const CONCEDE_CONFIRM: &str = "Concede the match? Press C again to concede";

pub const LOGIN_KEYS: &[(&str, &str)] = &[
    ("Tab / Down", "next field"),
    ("Shift-Tab / Up", "previous field"),
    ("Enter", "log in (on Register: register)"),
    ("Esc / Ctrl-C", "quit"),
];

pub const LOBBY_HELP: &[(&str, &str)] = &[
    ("Up/Down j/k", "select a room"),
    ("Enter", "join the selected room (its free seat)"),
    ("s", "watch the selected room"),
    ("i", "type a room id to join (private rooms)"),
    ("c", "create a Blitz Bowl room"),
    ("b", "create a Blood Bowl room"),
    ("r", "refresh the list"),
    ("*", "after a name in Seats: that coach is ready"),
    ("L", "log out"),
    ("? ", "this help"),
    ("q / Ctrl-C", "quit"),
];

pub const FORM_KEYS: &[(&str, &str)] = &[
    ("Up/Down", "field"),
    ("Left/Right Space", "change the value"),
    ("Enter", "create the room and take the seat"),
    ("t", "Blood Bowl: build the team of the focused side"),
    ("Esc", "cancel"),
];

pub const PLAY_KEYS: &[(&str, &str)] = &[
    ("arrows / hjkl", "move the cursor"),
    (
        "Space / click",
        "select the player there, or choose the green target",
    ),
    ("Tab / Shift-Tab", "highlight the next / previous choice"),
    ("Enter", "send the highlighted choice"),
    ("1-9", "send choice 1-9 of the list"),
    ("e", "end the turn"),
    ("d", "decline (re-roll, claim, free action...)"),
    ("s", "stop moving"),
    (
        "Space far away",
        "while moving: walk there by the shortest path",
    ),
    ("Esc", "unselect the player"),
    ("PgUp / [", "scroll the event log back (older)"),
    ("PgDn / ]", "scroll the event log forward"),
    ("End", "the newest events"),
    ("t", "type a chat line (Enter sends, Esc cancels)"),
    ("r", "reload the state from the server"),
    ("C C", "concede (asks first)"),
    ("W", "claim the win when the other coach has gone"),
    ("q", "back to the lobby"),
    ("?", "this help"),
    ("Ctrl-C", "quit"),
];

pub const BB_PLAY_KEYS: &[(&str, &str)] = &[
    ("arrows / hjkl", "move the cursor"),
    (
        "Space / click",
        "select the player there, choose the green target, or move there",
    ),
    (
        "Space far away",
        "plan a move: the path and its dodges and GFIs are shown",
    ),
    (
        "Space on an opponent",
        "block him (next to the player); further away: Blitz (walk next to him, then block)",
    ),
    ("Space again / Enter / y", "go (confirm the move shown)"),
    ("Tab / Shift-Tab", "highlight the next / previous choice"),
    ("Enter", "send the highlighted choice"),
    ("1-9", "send choice 1-9 of the list"),
    ("e", "end the Action / the turn / the set-up"),
    (
        "y / d",
        "yes / no (re-roll, follow up, apothecary, bribe, skill)",
    ),
    ("f", "set-up: the formations in the menu"),
    ("b", "set-up: the picked player back to the Reserves"),
    (
        "P",
        "throw the ball (Pass) or a team-mate (Throw Team-Mate) to the cursor's square",
    ),
    ("J", "leap to the cursor's square"),
    (
        "c",
        "switch the panel: the teams' stars, inducements and cards (your hand by name, when playable) or the player",
    ),
    (
        "i",
        "inducements: list the Mercenaries with an extra skill / the rest",
    ),
    ("e (inducements)", "done buying"),
    ("d (card prompt)", "play no card now"),
    ("Esc", "unselect, cancel the move"),
    ("PgUp / [", "scroll the event log back (older)"),
    ("PgDn / ]", "scroll the event log forward"),
    ("End", "the newest events"),
    ("t", "type a chat line (Enter sends, Esc cancels)"),
    ("r", "reload the state from the server"),
    ("C C", "concede (asks first)"),
    ("W", "claim the win when the other coach has gone"),
    ("q", "back to the lobby"),
    ("?", "this help"),
    ("Ctrl-C", "quit"),
];

pub const REPLAY_KEYS: &[(&str, &str)] = &[
    ("Right / l / Space", "next event"),
    ("Left / h", "previous event"),
    ("g / Home", "the start"),
    ("G / End", "the end"),
    ("t N Enter", "jump to turn N"),
    (": N Enter", "jump to seq N"),
    ("PgUp/PgDn [ ]", "scroll the event log"),
    (
        "c",
        "Blood Bowl: the panel shows the teams' stars, inducements and cards",
    ),
    ("q / Esc", "quit"),
];
