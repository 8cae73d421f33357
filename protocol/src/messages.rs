//! The WebSocket messages, client to server and server to client.
//!
//! Every client message that asks for something carries a client-chosen `id`; the server
//! answers each with [`ServerMessage::Ack`] or [`ServerMessage::Error`] naming the same id. A
//! command retried with an id the room already applied is acknowledged again and not applied
//! twice. Every game event the server sends carries the room's sequence number.

use dugout_rules::blitz;
use dugout_rules::core::{Seat, Side};
use serde::{Deserialize, Serialize};

/// A client-chosen request id, unique per connection (a counter is enough).
pub type RequestId = u64;

/// A room's id: a UUID v7 as text.
pub type RoomId = String;

/// Which game a room plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    Blitz,
}

/// How a room limits each coach's thinking time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "policy", rename_all = "snake_case")]
pub enum TimerPolicy {
    /// No limit.
    #[default]
    None,
    /// Each turn must end within `seconds`; when it runs out, the turn is ended for the coach.
    PerTurn { seconds: u32 },
    /// Each coach has `seconds` in all for the match; when it runs out, that coach forfeits.
    ChessClock { seconds: u32 },
}

/// What a room is created with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomSpec {
    pub game: GameKind,
    /// Edition, teams and match options.
    pub setup: blitz::MatchSetup,
    #[serde(default)]
    pub timer: TimerPolicy,
    /// Private rooms are not listed in the lobby; they are joined by id.
    #[serde(default)]
    pub private: bool,
}

/// A room as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomSummary {
    pub room: RoomId,
    pub game: GameKind,
    pub setup: blitz::MatchSetup,
    pub timer: TimerPolicy,
    pub private: bool,
    /// Display names of the coaches in the home and away seats.
    pub seats: [Option<String>; 2],
    pub ready: [bool; 2],
    pub status: RoomStatus,
    pub spectators: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoomStatus {
    /// Waiting for coaches to join and be ready.
    Open,
    /// The match is being played.
    Playing,
    /// The match is over (result, concession or forfeit).
    Finished,
}

/// Messages from a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// Take a seat (`None`: the free one).
    JoinRoom {
        id: RequestId,
        room: RoomId,
        seat: Option<Side>,
    },
    Spectate {
        id: RequestId,
        room: RoomId,
    },
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
    /// A game command answering the room's current prompt.
    Command {
        id: RequestId,
        room: RoomId,
        command: blitz::Command,
    },
    /// After a reconnect: send what came after `last_seq` (or a snapshot).
    Resume {
        id: RequestId,
        room: RoomId,
        last_seq: u64,
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

/// Why a request was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
    /// The command is for the other seat's decision.
    NotYourSeat,
    /// It is not the sender's decision now.
    NotYourTurn,
    /// The rules refused the command; the message says why.
    IllegalCommand,
    /// The match has not started or is over.
    NotPlaying,
    /// The room's setup is refused by the rules (not built, wrong edition...).
    InvalidSetup,
    RateLimited,
    /// Chat text too long or empty.
    InvalidChat,
    /// The server is shutting down.
    ShuttingDown,
    Internal,
}

/// What one seat may see of a game event, with the room's sequence number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeqEvent {
    pub seq: u64,
    pub event: blitz::Event,
}

/// The decision a receiving seat is asked for, with its legal answers (empty for seats that
/// are not deciding).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    pub prompt: blitz::Prompt,
    pub legal: Vec<blitz::Command>,
}

/// Messages from the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    Welcome {
        protocol_version: u32,
        server: String,
        account: String,
        bot: bool,
    },
    Ack {
        id: RequestId,
        /// The room's sequence number after the request, where it changed a room.
        seq: Option<u64>,
        /// The room a `create_room` made.
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
    /// A lobby change, pushed to every connected client.
    RoomChanged {
        room: RoomSummary,
    },
    /// The whole state as `seat` may see it: sent on join, spectate, resume from too far
    /// back, and to a client that fell behind.
    Snapshot {
        room: RoomId,
        seq: u64,
        seat: Seat,
        view: Box<blitz::GameView>,
        decision: Decision,
    },
    /// New events (projected for the receiving seat), then the decision now pending.
    Events {
        room: RoomId,
        events: Vec<SeqEvent>,
        decision: Decision,
    },
    Chat {
        room: RoomId,
        from: String,
        text: String,
    },
    Pong {
        id: RequestId,
    },
}
