//! The WebSocket messages, client to server and server to client.
//!
//! Every client message that asks for something carries a client-chosen `id`; the server
//! answers each with [`ServerMessage::Ack`] or [`ServerMessage::Error`] naming the same id. A
//! command retried with an id the room already applied is acknowledged again and not applied
//! twice. Every game event the server sends carries the room's sequence number.

use dugout_rules::core::{Seat, Side};
pub use dugout_rules::{
    AnyCommand, AnyDecision, AnyEvent, AnyOutcome, AnyPrompt, AnySetup, AnyView, GameKind,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::input::{ACCOUNT_NAME_CHARS, ACCOUNT_NAME_PATTERN, PASSWORD_CHARS};

/// A client-chosen request id. Unique per connection for lobby requests (a counter is
/// enough). For `command` it must **increase** per coach and room, across reconnects (a
/// counter that continues after a reconnect, or a clock in microseconds): the room
/// remembers a coach's newest few ids, acknowledges a retry of one of them again without
/// applying it twice, and refuses an id below them as `stale_id`.
pub type RequestId = u64;

/// A room's id: a UUID v7 as text.
pub type RoomId = String;

/// How a room limits each coach's thinking time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "policy", rename_all = "snake_case")]
pub enum TimerPolicy {
    /// No limit.
    #[default]
    None,
    /// Each turn must end within `seconds`; when it runs out, the turn is ended for the coach
    /// (`end_turn` at the Action prompt; elsewhere `decline` if legal, else the first legal
    /// command, until the turn changes).
    PerTurn { seconds: u32 },
    /// Each coach has `seconds` in all for the match, running while the coach has the
    /// decision; when it runs out, that coach forfeits.
    ChessClock { seconds: u32 },
}

/// What a room is created with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RoomSpec {
    /// The game (`"game"`) and its setup (`"setup"`: edition, teams and match options).
    #[serde(flatten)]
    pub setup: AnySetup,
    #[serde(default)]
    pub timer: TimerPolicy,
    /// Private rooms are not listed in the lobby; they are joined by id.
    #[serde(default)]
    pub private: bool,
    /// The league the match counts for (`GET /api/leagues/{id}`): the creator must be its
    /// organiser or a coach registered in it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub league: Option<i64>,
}

/// A room as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RoomSummary {
    pub room: RoomId,
    /// The game (`"game"`) and its setup (`"setup"`).
    #[serde(flatten)]
    pub setup: AnySetup,
    pub timer: TimerPolicy,
    pub private: bool,
    /// Display names of the coaches in the home and away seats.
    pub seats: [Option<String>; 2],
    pub ready: [bool; 2],
    /// Whether each seat's coach has a connection following the room now (`false` for an
    /// empty seat). A seat whose coach is gone is freed after the server's seat grace while
    /// the room is open; during a match the other coach may claim the win (`claim_win`)
    /// once the absent one has been gone for the server's forfeit time (docs/protocol.md,
    /// "Absent coaches").
    #[serde(default)]
    pub connected: [bool; 2],
    pub status: RoomStatus,
    pub spectators: u32,
    /// The room's sequence number (0 until the match starts).
    pub seq: u64,
    /// SHA-256 of the server's secret dice seed, as 64 lower-case hex digits: drawn when the
    /// room was made, before any coach sends entropy, and the same `commitment` that
    /// `match_started` repeats (docs/protocol.md, "Provably fair dice"). A coach checks that
    /// the two agree. `null` only if the server could not draw a seed yet.
    #[serde(default)]
    pub dice_commitment: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RoomStatus {
    /// Waiting for coaches to join and be ready.
    Open,
    /// The match is being played.
    Playing,
    /// The match is over (result, concession or forfeit).
    Finished,
    /// The room is gone (emptied before the match started, or retired after it).
    Closed,
}

/// Messages from a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// The first message: the protocol version and a session or bot token.
    Hello {
        protocol_version: u32,
        client: String,
        token: String,
    },
    ListRooms {
        id: RequestId,
    },
    CreateRoom {
        id: RequestId,
        room: RoomSpec,
    },
    /// Take a seat (`None`: the free one). Taking a seat your account already holds
    /// (after a reconnect) subscribes this connection to it again.
    JoinRoom {
        id: RequestId,
        room: RoomId,
        seat: Option<Side>,
        /// This coach's contribution to the dice seed: 1 to 64 bytes as hex (upper
        /// or lower case). Recorded while the room is open (the last one sent
        /// before the match starts counts; a join without it keeps the one recorded);
        /// ignored once the match has started. Published in `match_started`.
        #[serde(default)]
        entropy: Option<String>,
    },
    Spectate {
        id: RequestId,
        room: RoomId,
    },
    /// Stop following the room. Before the match starts this also frees the seat.
    Leave {
        id: RequestId,
        room: RoomId,
    },
    Ready {
        id: RequestId,
        room: RoomId,
    },
    Concede {
        id: RequestId,
        room: RoomId,
    },
    /// Claim the win because the other coach is gone: no connection of theirs has followed
    /// the room for at least the server's forfeit time (`forfeit_after_seconds` in
    /// `welcome`). Recorded as a forfeit of the absent coach (`abandoned`, then
    /// `match_ended`). Refused with `opponent_present` while they are connected, and with
    /// `too_early` (the message says how long is left) before the time is up.
    ClaimWin {
        id: RequestId,
        room: RoomId,
    },
    /// A game command answering the room's current prompt.
    Command {
        id: RequestId,
        room: RoomId,
        command: AnyCommand,
    },
    /// After a reconnect: send what came after `last_seq` (or a snapshot). Subscribes the
    /// connection as the account's seat, or as a spectator.
    Resume {
        id: RequestId,
        room: RoomId,
        last_seq: u64,
    },
    /// Send the whole state as this connection's seat sees it.
    Snapshot {
        id: RequestId,
        room: RoomId,
    },
    Chat {
        id: RequestId,
        room: RoomId,
        text: String,
    },
    Ping {
        id: RequestId,
    },
}

impl ClientMessage {
    /// Every `type` a client may send. Anything else is [`ErrorCode::UnknownMessage`].
    pub const TYPES: &'static [&'static str] = &[
        "hello",
        "list_rooms",
        "create_room",
        "join_room",
        "spectate",
        "leave",
        "ready",
        "concede",
        "claim_win",
        "command",
        "resume",
        "snapshot",
        "chat",
        "ping",
    ];

    /// The request id, for every message but `hello`.
    pub fn id(&self) -> Option<RequestId> {
        match self {
            ClientMessage::Hello { .. } => None,
            ClientMessage::ListRooms { id }
            | ClientMessage::CreateRoom { id, .. }
            | ClientMessage::JoinRoom { id, .. }
            | ClientMessage::Spectate { id, .. }
            | ClientMessage::Leave { id, .. }
            | ClientMessage::Ready { id, .. }
            | ClientMessage::Concede { id, .. }
            | ClientMessage::ClaimWin { id, .. }
            | ClientMessage::Command { id, .. }
            | ClientMessage::Resume { id, .. }
            | ClientMessage::Snapshot { id, .. }
            | ClientMessage::Chat { id, .. }
            | ClientMessage::Ping { id } => Some(*id),
        }
    }
}

/// Why a request was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, or JSON of the wrong shape.
    Malformed,
    /// A `type` the server does not know.
    UnknownMessage,
    /// The frame or message is larger than the server accepts.
    TooLarge,
    /// The client speaks another protocol version.
    VersionMismatch,
    /// No valid session or bot token.
    Unauthenticated,
    /// The message is not allowed in the connection's current phase (e.g. before `hello`).
    WrongPhase,
    UnknownRoom,
    RoomFull,
    /// A seat may only be taken over by its own account.
    SeatTaken,
    /// The sender has no seat in this room (spectators, strangers).
    NotSeated,
    /// The command answers the other seat's decision.
    NotYourSeat,
    /// It is not the sender's decision now.
    NotYourTurn,
    /// The rules refused the command; the message says why.
    IllegalCommand,
    /// A command id this seat already used for a different command in this room.
    DuplicateId,
    /// A command id not above this seat's last command id in this room that is not one of
    /// its newest few (a retry of those is acknowledged again): command ids must increase.
    StaleId,
    /// The match has not started or is over.
    NotPlaying,
    /// `claim_win`: the other coach is connected.
    OpponentPresent,
    /// `claim_win`: the other coach has not been gone long enough yet.
    TooEarly,
    /// The room's setup is refused by the rules (not built, wrong edition...).
    InvalidSetup,
    RateLimited,
    /// Chat text too long or empty.
    InvalidChat,
    /// The server has as many rooms or connections as it takes.
    ServerFull,
    /// The server is shutting down.
    ShuttingDown,
    /// HTTP: the account name is taken.
    NameTaken,
    /// HTTP: unknown account or wrong password.
    BadCredentials,
    /// HTTP: a name or password that breaks the account rules.
    InvalidAccount,
    /// HTTP: the account may not do this (a league's management is its organiser's).
    Forbidden,
    /// HTTP: no such match, league or account (or not one the requester may see).
    NotFound,
    /// HTTP: the request conflicts with what is stored (a coach registered twice).
    Conflict,
    Internal,
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum MatchResult {
    /// Played to the end under the rules.
    Game {
        outcome: AnyOutcome,
        score: [u16; 2],
    },
    /// A coach conceded.
    Concession { loser: Side },
    /// A coach's chess clock ran out, or a coach was gone and the other claimed the win.
    Forfeit { loser: Side },
}

impl MatchResult {
    /// The winning side, `None` for a draw.
    pub fn winner(&self) -> Option<Side> {
        match self {
            MatchResult::Game { outcome, .. } => outcome.winner(),
            MatchResult::Concession { loser } | MatchResult::Forfeit { loser } => {
                Some(loser.other())
            }
        }
    }
}

/// The server's commitment to its secret dice seed, published in `match_started`. The dice
/// seed of the match is derived from the server seed and both coaches' entropy (see
/// `docs/protocol.md`, "Provably fair dice"); the server seed is revealed in `match_ended`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DiceCommitment {
    /// SHA-256 of the server's 32-byte secret seed, as 64 lower-case hex digits.
    pub commitment: String,
    /// Each coach's entropy as lower-case hex, home then away (`null`: none sent).
    pub entropy: [Option<String>; 2],
}

/// One entry of a room's event log: a game event (as the receiving seat may see it) or a
/// fact about the match around the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RoomEvent {
    /// Both coaches were ready: the match begins.
    MatchStarted {
        coaches: [String; 2],
        /// The commitment to the dice seed (`null` only in matches stored before the server
        /// committed to its dice).
        #[serde(default)]
        dice: Option<DiceCommitment>,
    },
    /// A fact from the rules engine.
    Game {
        event: AnyEvent,
    },
    /// The turn timer ran out for `coach`; the commands that follow were made for them.
    TimerExpired {
        coach: Side,
    },
    Conceded {
        coach: Side,
    },
    /// The chess clock of `coach` ran out.
    Forfeited {
        coach: Side,
    },
    /// `coach` had no connection to the match for `gone_ms` milliseconds and the other
    /// coach claimed the win (`claim_win`): a forfeit (`match_ended` follows).
    Abandoned {
        coach: Side,
        gone_ms: u64,
    },
    MatchEnded {
        result: MatchResult,
        /// The server's secret seed, revealed: 64 lower-case hex digits whose SHA-256 is the
        /// `commitment` in `match_started` (`null` only in matches stored before the server
        /// committed to its dice).
        #[serde(default)]
        server_seed: Option<String>,
    },
}

impl RoomEvent {
    /// This entry as `seat` may see it (`None`: not at all). Game events go through the
    /// rules' projection; the rest is public.
    pub fn project(&self, seat: Seat) -> Option<RoomEvent> {
        match self {
            RoomEvent::Game { event } => event.project(seat).map(|event| RoomEvent::Game { event }),
            other => Some(other.clone()),
        }
    }
}

/// What one seat may see of a room event, with the room's sequence number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SeqEvent {
    pub seq: u64,
    pub event: RoomEvent,
}

/// The decision pending in a room, for the receiving seat: the game (`"game"`), the prompt
/// (`"prompt"`, public), the legal answers (`"legal"`: only for the coach who decides; empty
/// for everyone else) and that coach's time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Decision {
    #[serde(flatten)]
    pub pending: AnyDecision,
    /// Milliseconds left for the deciding coach under the room's timer (none: no limit).
    pub time_left_ms: Option<u64>,
}

impl Decision {
    /// The coach the decision waits for (`None`: the match is over).
    pub fn deciding(&self) -> Option<Side> {
        self.pending.deciding()
    }

    /// The legal answers (for the deciding coach; empty for everyone else), tagged by game.
    pub fn legal(&self) -> Vec<AnyCommand> {
        self.pending.legal()
    }

    /// Whether there is any legal answer for the receiver.
    pub fn has_legal(&self) -> bool {
        self.pending.legal_len() > 0
    }
}

fn first_rules_version() -> u32 {
    1
}

/// Messages from the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    Welcome {
        protocol_version: u32,
        server: String,
        account: String,
        bot: bool,
        /// Absent coaches: an open room frees the seat of a coach gone this long.
        #[serde(default)]
        seat_grace_seconds: u64,
        /// Absent coaches: in a match, the other coach may claim the win once a coach has
        /// been gone this long (`claim_win`).
        #[serde(default)]
        forfeit_after_seconds: u64,
    },
    Ack {
        id: RequestId,
        /// The room's sequence number after the request, where it concerned a room.
        seq: Option<u64>,
        /// The room the request concerned (the new one, for `create_room`).
        room: Option<RoomId>,
    },
    Error {
        id: Option<RequestId>,
        code: ErrorCode,
        message: String,
    },
    Rooms {
        rooms: Vec<RoomSummary>,
    },
    /// A lobby change: pushed to every connected client for public rooms, and to the
    /// room's own followers for private ones.
    RoomChanged {
        room: RoomSummary,
    },
    /// The whole state as `seat` may see it: sent when the match starts, on join,
    /// spectate, `snapshot`, resume from too far back, and to a client that fell behind.
    Snapshot {
        room: RoomId,
        seq: u64,
        seat: Seat,
        view: Box<AnyView>,
        decision: Decision,
        result: Option<MatchResult>,
        /// The rules version the match is played under. From the game's first version
        /// whose events suffice (`GameKind::view_folds`; Blitz Bowl: 2), a client keeps its
        /// view up to date by folding the events it receives; before it, it asks for a
        /// snapshot after events.
        #[serde(default = "first_rules_version")]
        rules_version: u32,
    },
    /// New events (projected for the receiving seat), then the decision now pending.
    /// `seq` is the room's sequence number after them: events hidden from this seat leave
    /// gaps in the `seq` of `events`, never in `seq` here.
    Events {
        room: RoomId,
        seq: u64,
        events: Vec<SeqEvent>,
        decision: Decision,
    },
    Chat {
        room: RoomId,
        from: String,
        seat: Seat,
        text: String,
    },
    Pong {
        id: RequestId,
    },
}

/// HTTP `POST /api/login` body (and `POST /api/register`'s: see [`NewAccount`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Credentials {
    pub name: String,
    pub password: String,
}

/// HTTP `POST /api/register` body: [`Credentials`] as a new account must have them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct NewAccount {
    /// ASCII letters, digits, `_` and `-`; unique regardless of case.
    #[schemars(
        length(min = *ACCOUNT_NAME_CHARS.start(), max = *ACCOUNT_NAME_CHARS.end()),
        pattern(ACCOUNT_NAME_PATTERN)
    )]
    pub name: String,
    /// Not only white space, not one of the most common passwords (in any case). Also
    /// refused (400 `invalid_account`), which a schema cannot say: a password that contains
    /// the name (in any case).
    #[schemars(
        length(min = *PASSWORD_CHARS.start(), max = *PASSWORD_CHARS.end()),
        pattern(crate::input::not_blank_pattern()),
        extend("not" = {"pattern": crate::input::common_password_pattern()})
    )]
    pub password: String,
}

/// HTTP `POST /api/bots` body: the new bot account's name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct NewBot {
    /// ASCII letters, digits, `_` and `-`; unique regardless of case.
    #[schemars(
        length(min = *ACCOUNT_NAME_CHARS.start(), max = *ACCOUNT_NAME_CHARS.end()),
        pattern(ACCOUNT_NAME_PATTERN)
    )]
    pub name: String,
}

/// One bot of the caller's, in `GET /api/bots`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct BotItem {
    pub name: String,
    /// When the bot was made (Unix milliseconds).
    pub created_at_ms: i64,
    /// How many API tokens log it in now (0 once revoked).
    pub tokens: u32,
}

/// HTTP answer carrying a token: a session (register, login) or a bot's API token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TokenGrant {
    pub account: String,
    pub bot: bool,
    /// Send it as `Authorization: Bearer <token>` over HTTP and in `hello` over WebSocket.
    pub token: String,
}

/// HTTP error body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ApiError {
    pub code: ErrorCode,
    pub message: String,
}
