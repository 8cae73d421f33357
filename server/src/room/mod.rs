//! One room per match: a tokio task that owns the game, the dice, the subscribers, the
//! event log and the sequence number.
//!
//! Requests arrive on a bounded channel and are handled one at a time, so the game needs no
//! lock: the task is its only owner (the actor pattern of lila's rooms). A request is
//! checked in one place ([`Room::check_command`]: match status, the sender's seat, command
//! ids already applied, whose decision is pending, legality), applied to a copy of the game,
//! appended to the store, and only then published: an event reaches a client only once it
//! is durable. If the store refuses, the copy is dropped and the room is untouched.
//!
//! The room never waits for a client: it hands each subscriber its messages with
//! `try_send` on the connection's bounded queue. A full queue marks the subscriber as
//! lagging; the room sends it nothing more until its connection has drained the queue and
//! asks for a resync, which is a full snapshot. Nobody is disconnected for being slow.

mod applied;
mod clock;
mod views;

use applied::{Applied, Seen};

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use dugout_protocol::{
    ErrorCode, MatchResult, RequestId, RoomEvent, RoomId, RoomSpec, RoomStatus, RoomSummary,
    ServerMessage,
};
use dugout_rules::core::RefusedCommand;
use dugout_rules::core::{ChaChaDice, Seat, Side};
use dugout_rules::{AnyCommand, AnyEvent, AnyGame};
use tokio::sync::{Notify, mpsc, oneshot, watch};
use tokio::time::Instant;

use crate::error::Failure;
use crate::lobby::Lobby;
use crate::store::{
    Account, AccountId, CommandRecord, CommandSource, Store, StoredEvent, hex, now_ms,
};
use crate::{Limits, TaskGuard, fair};

use clock::{Clock, Due};

/// A connection's id, unique for the server's life.
pub type ConnId = u64;

/// What a connection's writer sends.
#[derive(Clone, Debug)]
pub enum Outgoing {
    /// A JSON text frame, serialized once and shared by every subscriber of a seat.
    Text(Arc<str>),
    /// A close frame, then the writer stops.
    Close { code: u16, reason: &'static str },
}

/// Serialize a server message (our own types: this cannot fail in practice; if it did,
/// the client gets an `internal` error instead).
pub fn encode(msg: &ServerMessage) -> Arc<str> {
    match serde_json::to_string(msg) {
        Ok(text) => text.into(),
        Err(e) => {
            tracing::error!("cannot serialize a server message: {e}");
            Arc::from(
                r#"{"type":"error","id":null,"code":"internal","message":"internal server error"}"#,
            )
        }
    }
}

/// The rooms that found a connection's queue full and wait for it to drain.
///
/// Shared by the rooms (which mark) and the connection's writer (which takes the marks
/// and asks each room for a resync once its queue is empty). A `std::sync::Mutex`: held
/// for a set operation only, never across an `.await`. `Notify` stores a permit when the
/// writer is not waiting, so a mark is never missed.
#[derive(Debug, Default)]
pub struct LagFlags {
    rooms: Mutex<HashSet<RoomId>>,
    pub notify: Notify,
}

impl LagFlags {
    pub(crate) fn mark(&self, room: &str) {
        self.rooms
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(room.to_owned());
        self.notify.notify_one();
    }

    /// The rooms marked since the last call.
    pub fn take(&self) -> Vec<RoomId> {
        self.rooms
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .drain()
            .collect()
    }
}

/// A connection as a room sees it.
#[derive(Clone, Debug)]
pub struct Member {
    pub conn: ConnId,
    pub account: Account,
    pub out: mpsc::Sender<Outgoing>,
    pub lag: Arc<LagFlags>,
}

/// The answer to a request: the room's sequence number after it, or why it was refused.
pub type Reply = Result<u64, Failure>;

/// Requests from connections to a room.
#[derive(Debug)]
pub enum Request {
    Join {
        member: Member,
        seat: Option<Side>,
        /// The coach's entropy for the dice seed, decoded (checked by the connection).
        entropy: Option<Vec<u8>>,
        reply: oneshot::Sender<Reply>,
    },
    Spectate {
        member: Member,
        reply: oneshot::Sender<Reply>,
    },
    Leave {
        conn: ConnId,
        reply: oneshot::Sender<Reply>,
    },
    Ready {
        conn: ConnId,
        reply: oneshot::Sender<Reply>,
    },
    Concede {
        conn: ConnId,
        reply: oneshot::Sender<Reply>,
    },
    ClaimWin {
        conn: ConnId,
        reply: oneshot::Sender<Reply>,
    },
    Command {
        conn: ConnId,
        id: RequestId,
        command: AnyCommand,
        reply: oneshot::Sender<Reply>,
    },
    Resume {
        member: Member,
        last_seq: u64,
        reply: oneshot::Sender<Reply>,
    },
    Snapshot {
        conn: ConnId,
        reply: oneshot::Sender<Reply>,
    },
    Chat {
        conn: ConnId,
        text: String,
        reply: oneshot::Sender<Reply>,
    },
    /// The connection drained its queue after lagging: send it a snapshot.
    Resync { conn: ConnId },
    /// The connection closed.
    Gone { conn: ConnId },
    /// Several nodes (issue 14): this node lost the room's lease (another node took it over
    /// while this one was paused or cut off): stop serving it at once, without closing it.
    Evict,
}

/// What a room task needs from the server.
pub struct Context {
    pub store: Arc<dyn Store>,
    pub lobby: Lobby,
    pub limits: Limits,
    pub shutdown: watch::Receiver<bool>,
    pub guard: TaskGuard,
}

struct Subscriber {
    account: AccountId,
    name: String,
    bot: bool,
    seat: Seat,
    out: mpsc::Sender<Outgoing>,
    lag: Arc<LagFlags>,
    /// The queue was full: send nothing until the connection asks for a resync.
    resync_pending: bool,
}

/// A match under way: the game, its dice and what the rules need to go on.
struct Match {
    game: AnyGame,
    dice: ChaChaDice,
}

/// One event of a room's in-memory log. Game events (nearly all) are kept inline in 48
/// bytes; the others (the start, the end, timers, concessions: rare, and with strings and
/// hashes inside) are boxed, so that they do not make every entry 128 bytes.
#[derive(Debug)]
enum LogEntry {
    Game { seq: u64, event: AnyEvent },
    Other(Box<StoredEvent>),
}

impl LogEntry {
    fn new(e: StoredEvent) -> LogEntry {
        match e.event {
            RoomEvent::Game { event } => LogEntry::Game { seq: e.seq, event },
            event => LogEntry::Other(Box::new(StoredEvent { seq: e.seq, event })),
        }
    }

    fn seq(&self) -> u64 {
        match self {
            LogEntry::Game { seq, .. } => *seq,
            LogEntry::Other(e) => e.seq,
        }
    }

    fn to_stored(&self) -> StoredEvent {
        match self {
            LogEntry::Game { seq, event } => StoredEvent {
                seq: *seq,
                event: RoomEvent::Game {
                    event: event.clone(),
                },
            },
            LogEntry::Other(e) => (**e).clone(),
        }
    }
}

/// A change ready to be made durable and published.
struct Step {
    next: Option<Match>,
    events: Vec<RoomEvent>,
    command: Option<CommandRecord>,
    result: Option<MatchResult>,
}

pub struct Room {
    id: RoomId,
    spec: RoomSpec,
    /// The rules version the match is (to be) played under, as stored with it.
    rules_version: u32,
    ctx: Context,
    status: RoomStatus,
    seats: [Option<Account>; 2],
    ready: [bool; 2],
    /// Each seated coach's entropy for the dice seed, while the room is open.
    entropy: [Option<Vec<u8>>; 2],
    /// The secret seed committed to at the start, revealed in `match_ended`.
    server_seed: Option<fair::Seed>,
    subs: HashMap<ConnId, Subscriber>,
    game: Option<Match>,
    /// The end of the event log, unprojected: the last `resume_max_events` events (the whole
    /// log is in the store). Resumes are served from here; one that missed more gets a
    /// snapshot. Bounded, so a room's memory does not grow with the length of its match.
    log: VecDeque<LogEntry>,
    seq: u64,
    commands: u64,
    /// Each coach's newest applied command ids (home, away), with the seq after each: a
    /// retry is acknowledged, not re-applied. Ids increase (protocol 2), so a short window
    /// per coach is enough and a room's memory does not grow with its match
    /// ([`applied`]).
    applied: [Applied; 2],
    result: Option<MatchResult>,
    clock: Clock,
    /// When the room retires if nobody needs it (open and empty, or finished and unwatched).
    retire_at: Option<Instant>,
    /// Since when each seat's coach has had no connection following the room (`None`:
    /// connected, or an empty seat). See [`Room::update_presence`].
    gone_since: [Option<Instant>; 2],
    /// What the store holds of this open room (seed and seats) since the last save.
    saved: Option<crate::store::OpenRoom>,
    /// A start the store refused (a database error): when to try again, and the wait after.
    start_retry: Option<(Instant, Duration)>,
    /// Several nodes (issue 14): the store refused a write because this node no longer holds
    /// the room's lease, or the lease was found lost: the room stops serving at once (its new
    /// owner serves it), without closing it or announcing anything.
    fenced: bool,
}

/// The first wait before a start the store refused is tried again; it doubles up to
/// [`MAX_START_RETRY`].
const START_RETRY: Duration = Duration::from_secs(1);
const MAX_START_RETRY: Duration = Duration::from_secs(30);

fn refuse(code: ErrorCode, message: impl Into<String>) -> Failure {
    Failure::new(code, message)
}

/// At most this many commands per timer expiry (a safety net: a turn is far shorter).
const MAX_TIMER_COMMANDS: usize = 10_000;

impl Room {
    pub fn new(id: RoomId, spec: RoomSpec, rules_version: u32, ctx: Context) -> Room {
        let clock = Clock::new(spec.timer);
        let retire_at =
            (!ctx.limits.room_linger.is_zero()).then(|| Instant::now() + ctx.limits.room_linger);
        Room {
            id,
            spec,
            rules_version,
            ctx,
            status: RoomStatus::Open,
            seats: [None, None],
            ready: [false, false],
            entropy: [None, None],
            // Drawn now, before any coach has sent entropy, and committed to in the room's
            // summary (`dice_commitment`): the server cannot choose it knowing the entropy
            // (issue 15, seed grinding). If the OS has no randomness now, `start` tries again.
            server_seed: fair::new_server_seed().ok(),
            subs: HashMap::new(),
            game: None,
            log: VecDeque::new(),
            seq: 0,
            commands: 0,
            applied: [Applied::default(), Applied::default()],
            result: None,
            clock,
            retire_at,
            gone_since: [None, None],
            saved: None,
            start_retry: None,
            fenced: false,
        }
    }

    /// A room rebuilt from the store after a restart: the match where the log left it.
    pub fn restore(restored: crate::recovery::Restored, ctx: Context) -> Room {
        let mut room = Room::new(restored.id, restored.spec, restored.rules_version, ctx);
        room.status = restored.status;
        room.seats = restored.seats;
        if restored.status != RoomStatus::Open {
            // Both were ready: the match had started.
            room.ready = [true, true];
        }
        room.game = restored.game.map(|(game, dice)| Match { game, dice });
        room.seq = restored.log.last().map_or(0, |e| e.seq);
        room.push_log(restored.log);
        room.commands = restored.commands;
        for ((side, id), (command, seq)) in restored.applied {
            room.applied[side.index()].record(id, command, seq);
        }
        room.result = restored.result;
        if restored.status == RoomStatus::Open {
            // An open room comes back with its coaches seated as they were (not connected:
            // the seat grace frees a seat whose coach does not come back), their entropy
            // and readiness.
            room.entropy = restored.entropy;
            room.ready = restored.ready;
        }
        // The stored seed: the one the room committed to when it was made (a match stored
        // before open rooms kept theirs gets the new one drawn by `new`).
        room.server_seed = restored.server_seed.or(room.server_seed);
        // Nobody is connected to a room just recovered: its coaches are gone from now.
        room.update_presence();
        // The clock starts afresh from now (how much time was used is not stored).
        room.clock.observe(
            room.game
                .as_ref()
                .map(|m| &m.game)
                .filter(|_| room.result.is_none()),
            Instant::now(),
        );
        room
    }

    /// The open room as the store keeps it for a restart.
    fn open_room(&self) -> crate::store::OpenRoom {
        crate::store::OpenRoom {
            server_seed: self.server_seed.as_ref().map(|s| crate::store::hex(s)),
            seats: [0, 1].map(|i| {
                self.seats[i].as_ref().map(|a| crate::store::OpenSeat {
                    account: a.id,
                    entropy: self.entropy[i].as_deref().map(crate::store::hex),
                    ready: self.ready[i],
                })
            }),
        }
    }

    /// Keep an open room's seed and seats in the store when they changed, so a restart
    /// brings it back as it was. A failed save is logged: the room plays on.
    async fn save_open(&mut self) {
        if self.status != RoomStatus::Open {
            return;
        }
        let now = self.open_room();
        if self.saved.as_ref() == Some(&now) {
            return;
        }
        match self.ctx.store.save_open_room(&self.id, &now).await {
            Ok(()) => self.saved = Some(now),
            Err(e) => tracing::warn!(room = %self.id, "cannot save the open room: {e}"),
        }
    }

    /// Serve requests until the room retires or the server shuts down.
    pub async fn run(mut self, mut rx: mpsc::Receiver<Request>) {
        // A new room's seed is stored at once (its commitment is already public).
        self.save_open().await;
        let mut shutdown = self.ctx.shutdown.clone();
        let mut stopping = false;
        loop {
            let wake = self.clock.next_wake();
            let retire = self.retire_at;
            let seat_free = self.seat_grace_ends();
            let start_retry = self.start_retry.map(|(at, _)| at);
            // `biased`: shutdown first, then requests, then timers; a timer that is due
            // while requests queue up still runs after the request that is being served.
            tokio::select! {
                biased;
                () = crate::shutdown_requested(&mut shutdown) => {
                    stopping = true;
                    break;
                }
                request = rx.recv() => match request {
                    Some(request) => {
                        self.handle(request).await;
                        if self.fenced {
                            break;
                        }
                        self.save_open().await;
                    }
                    None => break,
                },
                () = sleep_until(wake), if wake.is_some() => {
                    self.run_timers(true).await;
                    if self.fenced {
                        break;
                    }
                }
                () = sleep_until(start_retry), if start_retry.is_some() => {
                    self.retry_start().await;
                    self.save_open().await;
                }
                () = sleep_until(seat_free), if seat_free.is_some() => {
                    self.free_absent_seats();
                    self.save_open().await;
                    self.update_retirement();
                }
                () = sleep_until(retire), if retire.is_some() => {
                    if self.update_retirement() {
                        break;
                    }
                }
            }
        }
        if self.fenced {
            // Another node owns the room now: forget it here, write nothing more, and let
            // its new owner announce it.
            tracing::warn!(room = %self.id, "room stopped: this node no longer holds its lease");
            if let Some(leases) = self.ctx.store.leases() {
                leases.forget(&self.id);
            }
            self.ctx.lobby.forget(&self.id);
            // Its connections follow it to the new owner (several nodes, `cluster.rs`).
            let members = self
                .subs
                .drain()
                .map(|(conn, sub)| {
                    let member = Member {
                        conn,
                        account: Account {
                            id: sub.account,
                            name: sub.name,
                            bot: sub.bot,
                        },
                        out: sub.out,
                        lag: sub.lag,
                    };
                    (member, self.seq, sub.resync_pending)
                })
                .collect();
            self.ctx.lobby.hand_off(crate::lobby::Handoff {
                room: self.id.clone(),
                members,
            });
            return;
        }
        // A server going down does not close its open rooms: they come back on the next
        // start with their seats (recovery), as playing matches do.
        if !stopping
            && self.status == RoomStatus::Open
            && let Err(e) = self.ctx.store.close_match(&self.id).await
        {
            tracing::warn!(room = %self.id, "cannot mark the room closed: {e}");
        }
        if stopping && matches!(self.status, RoomStatus::Playing | RoomStatus::Open) {
            // The server is going down, not the match: recovery brings it back on the next
            // start, so the lobby must not tell anyone it is closed.
            self.ctx.lobby.forget(&self.id);
        } else {
            self.ctx.lobby.remove(&self.id, self.summary());
            if !stopping && let Some(leases) = self.ctx.store.leases() {
                // The room retired: nobody needs to own it any more.
                if let Err(e) = leases.release(&self.id).await {
                    tracing::warn!(room = %self.id, "cannot release the room's lease: {e}");
                }
            }
        }
        tracing::debug!(room = %self.id, "room task ends");
    }

    async fn handle(&mut self, request: Request) {
        tracing::trace!(room = %self.id, ?request, "request");
        match request {
            Request::Join {
                member,
                seat,
                entropy,
                reply,
            } => {
                let r = self.join(member, seat, entropy).await;
                let _ = reply.send(r);
            }
            Request::Spectate { member, reply } => {
                let r = self.spectate(member);
                let _ = reply.send(r);
            }
            Request::Leave { conn, reply } => {
                let r = self.leave(conn);
                let _ = reply.send(r);
            }
            Request::Ready { conn, reply } => {
                let r = self.set_ready(conn).await;
                let _ = reply.send(r);
            }
            Request::Concede { conn, reply } => {
                let r = self.concede(conn).await;
                let _ = reply.send(r);
            }
            Request::ClaimWin { conn, reply } => {
                let r = self.claim_win(conn).await;
                let _ = reply.send(r);
            }
            Request::Command {
                conn,
                id,
                command,
                reply,
            } => {
                let r = self.command(conn, id, command).await;
                let _ = reply.send(r);
                self.run_timers(false).await;
            }
            Request::Resume {
                member,
                last_seq,
                reply,
            } => {
                let mut r = self.resume(member, last_seq);
                if r.is_ok() && self.may_start() {
                    // Both were ready and waited for this coach to come back.
                    r = self.start().await.map(|()| self.seq);
                }
                let _ = reply.send(r);
            }
            Request::Snapshot { conn, reply } => {
                let r = self.snapshot_request(conn);
                let _ = reply.send(r);
            }
            Request::Chat { conn, text, reply } => {
                let r = self.chat(conn, text);
                let _ = reply.send(r);
            }
            Request::Resync { conn } => self.resync(conn),
            Request::Evict => self.fenced = true,
            Request::Gone { conn } => {
                if self.subs.remove(&conn).is_some() {
                    self.update_presence();
                    self.announce();
                }
            }
        }
        self.update_retirement();
    }

    // ----- lobby ---------------------------------------------------------------------

    pub(crate) fn summary(&self) -> RoomSummary {
        RoomSummary {
            room: self.id.clone(),
            setup: self.spec.setup.clone(),
            timer: self.spec.timer,
            private: self.spec.private,
            seats: [0, 1].map(|i| self.seats[i].as_ref().map(|a| a.name.clone())),
            ready: self.ready,
            connected: Side::BOTH
                .map(|side| self.seats[side.index()].is_some() && self.connected(side)),
            status: self.status,
            spectators: self.spectators() as u32,
            seq: self.seq,
            dice_commitment: self.server_seed.as_ref().map(|s| hex(&fair::commitment(s))),
        }
    }

    fn spectators(&self) -> usize {
        self.subs
            .values()
            .filter(|s| s.seat == Seat::Spectator)
            .count()
    }

    // ----- absent coaches ----------------------------------------------------------------

    /// Whether a connection follows the room as `side`'s coach.
    fn connected(&self, side: Side) -> bool {
        self.subs.values().any(|s| s.seat == Seat::Coach(side))
    }

    /// Note when a seated coach's last connection left (and forget it when one is back).
    /// Called whenever the subscribers or the seats change.
    fn update_presence(&mut self) {
        let now = Instant::now();
        for side in Side::BOTH {
            let i = side.index();
            if self.seats[i].is_none() || self.connected(side) {
                self.gone_since[i] = None;
            } else if self.gone_since[i].is_none() {
                self.gone_since[i] = Some(now);
            }
        }
    }

    /// When the next absent coach's seat is freed (open rooms only).
    fn seat_grace_ends(&self) -> Option<Instant> {
        let grace = self.ctx.limits.seat_grace;
        if self.status != RoomStatus::Open || grace.is_zero() {
            return None;
        }
        self.gone_since.iter().flatten().map(|t| *t + grace).min()
    }

    /// An open room frees the seat of a coach gone past the seat grace: a room whose
    /// creator's process died does not sit in the lobby with them seated (issue 17,
    /// "ghost rooms"). Their entropy goes with the seat; both coaches must be ready again.
    fn free_absent_seats(&mut self) {
        let Some(due) = self.seat_grace_ends() else {
            return;
        };
        let now = Instant::now();
        if due > now {
            return;
        }
        let grace = self.ctx.limits.seat_grace;
        for side in Side::BOTH {
            let i = side.index();
            if self.gone_since[i].is_some_and(|t| t + grace <= now) {
                let name = self.seats[i].take().map(|a| a.name);
                tracing::info!(room = %self.id, ?side, coach = ?name, "seat freed: the coach is gone");
                self.entropy[i] = None;
                self.gone_since[i] = None;
                self.ready = [false, false];
            }
        }
        self.announce();
    }

    /// `claim_win`: the sender's opponent has been gone for `forfeit_after`: they forfeit.
    async fn claim_win(&mut self, conn: ConnId) -> Reply {
        let side = self.coach_of(conn)?;
        if self.status != RoomStatus::Playing {
            return Err(refuse(
                ErrorCode::NotPlaying,
                "the match is not being played",
            ));
        }
        let other = side.other();
        let Some(since) = self.gone_since[other.index()] else {
            return Err(refuse(
                ErrorCode::OpponentPresent,
                "the other coach is connected",
            ));
        };
        let gone = Instant::now().saturating_duration_since(since);
        let needed = self.ctx.limits.forfeit_after;
        if gone < needed {
            return Err(refuse(
                ErrorCode::TooEarly,
                format!(
                    "the other coach has been gone {} s; you may claim the win after {} s \
                     (in {} s)",
                    gone.as_secs(),
                    needed.as_secs(),
                    (needed - gone).as_secs().max(1)
                ),
            ));
        }
        tracing::info!(room = %self.id, loser = ?other, gone_s = gone.as_secs(), "win claimed: the other coach is gone");
        self.commit(Step {
            next: None,
            events: vec![RoomEvent::Abandoned {
                coach: other,
                gone_ms: u64::try_from(gone.as_millis()).unwrap_or(u64::MAX),
            }],
            command: None,
            result: Some(MatchResult::Forfeit { loser: other }),
        })
        .await
    }

    /// Tell the lobby (public rooms) or the room's followers (private ones) what changed.
    fn announce(&mut self) {
        let summary = self.summary();
        if summary.private {
            let text = encode(&ServerMessage::RoomChanged {
                room: summary.clone(),
            });
            let conns: Vec<ConnId> = self.subs.keys().copied().collect();
            for conn in conns {
                self.deliver(conn, text.clone());
            }
        }
        self.ctx.lobby.update(summary);
    }

    /// Decide whether the room should retire; `true` if it should now.
    fn update_retirement(&mut self) -> bool {
        if self.ctx.limits.room_linger.is_zero() {
            return false;
        }
        let idle = match self.status {
            RoomStatus::Open => self.seats.iter().all(Option::is_none) && self.subs.is_empty(),
            RoomStatus::Finished | RoomStatus::Closed => self.subs.is_empty(),
            RoomStatus::Playing => false,
        };
        if !idle {
            self.retire_at = None;
            return false;
        }
        let now = Instant::now();
        match self.retire_at {
            Some(at) if now >= at => true,
            Some(_) => false,
            None => {
                self.retire_at = Some(now + self.ctx.limits.room_linger);
                false
            }
        }
    }

    fn side_of(&self, account: AccountId) -> Option<Side> {
        Side::BOTH.into_iter().find(|s| {
            self.seats[s.index()]
                .as_ref()
                .is_some_and(|a| a.id == account)
        })
    }

    fn subscribe(&mut self, member: Member, seat: Seat) {
        self.subs.insert(
            member.conn,
            Subscriber {
                account: member.account.id,
                bot: member.account.bot,
                name: member.account.name,
                seat,
                out: member.out,
                lag: member.lag,
                resync_pending: false,
            },
        );
    }

    async fn join(
        &mut self,
        member: Member,
        wanted: Option<Side>,
        entropy: Option<Vec<u8>>,
    ) -> Reply {
        let account = member.account.id;
        let mine = self.side_of(account);
        let side = match (self.status, wanted, mine) {
            // Your own seat: take it over (a reconnect), in any status.
            (_, Some(w), Some(m)) if w == m => m,
            (_, None, Some(m)) => m,
            (_, Some(w), Some(_)) => {
                return Err(refuse(
                    ErrorCode::SeatTaken,
                    format!("you already hold the other seat; leave it before taking {w:?}"),
                ));
            }
            (RoomStatus::Open, Some(w), None) => {
                if self.seats[w.index()].is_some() {
                    return Err(refuse(
                        ErrorCode::SeatTaken,
                        "that seat belongs to another coach",
                    ));
                }
                w
            }
            (RoomStatus::Open, None, None) => Side::BOTH
                .into_iter()
                .find(|s| self.seats[s.index()].is_none())
                .ok_or_else(|| refuse(ErrorCode::RoomFull, "both seats are taken"))?,
            (_, Some(_), None) => {
                return Err(refuse(
                    ErrorCode::SeatTaken,
                    "a seat may only be taken over by its own account",
                ));
            }
            (_, None, None) => {
                return Err(refuse(
                    ErrorCode::RoomFull,
                    "both seats are taken; spectate instead",
                ));
            }
        };
        if self.seats[side.index()].is_none() {
            self.league_seat_check(&member.account, side).await?;
            self.seats[side.index()] = Some(member.account.clone());
            self.ready[side.index()] = false;
        }
        // Entropy counts until the match starts; after that the dice are fixed.
        if self.status == RoomStatus::Open && entropy.is_some() {
            self.entropy[side.index()] = entropy;
        }
        let conn = member.conn;
        self.subscribe(member, Seat::Coach(side));
        self.update_presence();
        self.send_snapshot(conn);
        if self.may_start() {
            // Both were ready and waited for this coach to come back.
            self.start().await?;
        } else {
            self.announce();
        }
        Ok(self.seq)
    }

    /// A room created under a league seats a coach only with the team they are registered
    /// with there (see [`crate::leagues::seat_check`]).
    async fn league_seat_check(&self, account: &Account, side: Side) -> Result<(), Failure> {
        let Some(league) = self.spec.league else {
            return Ok(());
        };
        crate::leagues::seat_check(
            &*self.ctx.store,
            league,
            account,
            &self.spec.setup,
            side.index(),
        )
        .await?;
        // A match of league teams: each seat is its team's coach's (issue 13).
        crate::league_matches::seat_check(
            &*self.ctx.store,
            &self.id,
            &self.spec.setup,
            account,
            side,
        )
        .await
    }

    /// An open room starts when both seats are taken, both coaches are ready and both are
    /// connected (a match never starts against a coach who is gone).
    fn may_start(&self) -> bool {
        self.status == RoomStatus::Open
            && self.ready == [true, true]
            && self.seats.iter().all(Option::is_some)
            && Side::BOTH.into_iter().all(|s| self.connected(s))
    }

    /// A private match is for its coaches only: nobody else watches it (issue 15).
    pub(super) fn may_watch(&self, account: &Account) -> Result<(), Failure> {
        if self.spec.private && self.side_of(account.id).is_none() {
            return Err(refuse(
                ErrorCode::Forbidden,
                "a private match is for its two coaches only: nobody else may watch it",
            ));
        }
        Ok(())
    }

    /// Whether another spectator connection of `account` fits: the room's cap, and
    /// `max_spectators_per_account` (one account cannot take every seat in the stands).
    pub(super) fn spectator_fits(&self, conn: ConnId, account: AccountId) -> Result<(), Failure> {
        if self.subs.contains_key(&conn) {
            return Ok(());
        }
        if self.spectators() >= self.ctx.limits.max_spectators {
            return Err(refuse(
                ErrorCode::RoomFull,
                "the room has as many spectators as it takes",
            ));
        }
        let theirs = self
            .subs
            .values()
            .filter(|s| s.seat == Seat::Spectator && s.account == account)
            .count();
        if theirs >= self.ctx.limits.max_spectators_per_account {
            return Err(refuse(
                ErrorCode::RoomFull,
                format!("you already watch this room from {theirs} connections"),
            ));
        }
        Ok(())
    }

    fn spectate(&mut self, member: Member) -> Reply {
        self.may_watch(&member.account)?;
        self.spectator_fits(member.conn, member.account.id)?;
        let conn = member.conn;
        self.subscribe(member, Seat::Spectator);
        self.send_snapshot(conn);
        self.announce();
        Ok(self.seq)
    }

    fn leave(&mut self, conn: ConnId) -> Reply {
        let Some(sub) = self.subs.remove(&conn) else {
            return Err(refuse(ErrorCode::NotSeated, "you do not follow this room"));
        };
        if self.status == RoomStatus::Open
            && let Seat::Coach(side) = sub.seat
        {
            // Before the match, leaving frees the seat (if no other connection of the
            // same account still follows the room as that coach).
            let still_here = self
                .subs
                .values()
                .any(|s| s.account == sub.account && s.seat == sub.seat);
            if !still_here {
                self.seats[side.index()] = None;
                self.entropy[side.index()] = None;
                self.ready = [false, false];
            }
        }
        self.update_presence();
        self.announce();
        Ok(self.seq)
    }

    fn coach_of(&self, conn: ConnId) -> Result<Side, Failure> {
        match self.subs.get(&conn).map(|s| s.seat) {
            Some(Seat::Coach(side)) => Ok(side),
            Some(Seat::Spectator) => Err(refuse(
                ErrorCode::NotSeated,
                "spectators cannot do that; coaches only",
            )),
            None => Err(refuse(
                ErrorCode::NotSeated,
                "join (or resume) this room as a coach first",
            )),
        }
    }

    async fn set_ready(&mut self, conn: ConnId) -> Reply {
        let side = self.coach_of(conn)?;
        if self.status != RoomStatus::Open {
            return Err(refuse(
                ErrorCode::NotPlaying,
                "the match has already started",
            ));
        }
        self.ready[side.index()] = true;
        if self.may_start() {
            match self.start().await {
                Ok(()) => {}
                Err(e) if e.code == ErrorCode::Internal => {
                    // The store failed (nothing of the match was kept): the room stays open
                    // with both coaches ready and tries again by itself, so a passing
                    // database error does not leave it stuck.
                    self.start_retry = Some((Instant::now() + START_RETRY, START_RETRY));
                    self.announce();
                    return Err(refuse(
                        ErrorCode::Internal,
                        "the match could not be stored, so it has not started yet; the room \
                         tries again by itself in a moment",
                    ));
                }
                Err(e) => return Err(e),
            }
        } else {
            self.announce();
        }
        Ok(self.seq)
    }

    /// Try again a start the store refused, if the match may still start; else forget it.
    async fn retry_start(&mut self) {
        let Some((_, wait)) = self.start_retry.take() else {
            return;
        };
        if !self.may_start() {
            return;
        }
        match self.start().await {
            Ok(()) => tracing::info!(room = %self.id, "match started after a failed try"),
            Err(e) if e.code == ErrorCode::Internal => {
                let wait = (wait * 2).min(MAX_START_RETRY);
                self.start_retry = Some((Instant::now() + wait, wait));
            }
            Err(e) => {
                tracing::info!(room = %self.id, "the match does not start after all: {}", e.message);
                self.announce();
            }
        }
    }

    async fn start(&mut self) -> Result<(), Failure> {
        let (Some(home), Some(away)) = (self.seats[0].clone(), self.seats[1].clone()) else {
            return Err(refuse(ErrorCode::NotPlaying, "both seats must be taken"));
        };
        // Registrations may have changed since the coaches sat down.
        self.league_seat_check(&home, Side::Home).await?;
        self.league_seat_check(&away, Side::Away).await?;
        // Provably fair dice (`crate::fair`): the secret seed drawn when the room was made
        // and committed to in its summary, stored now (so a restarted server can still
        // reveal it) and committed to again in `match_started`; the dice seed is derived
        // from it and the coaches' entropy.
        let server_seed = match self.server_seed {
            Some(seed) => seed,
            None => fair::new_server_seed()
                .map_err(|e| Failure::internal(format!("no randomness for the dice: {e}")))?,
        };
        let seed = fair::dice_seed(
            &server_seed,
            [0, 1].map(|i| self.entropy[i].as_deref().unwrap_or_default()),
        );
        let mut dice = ChaChaDice::from_seed(seed);
        // The rules version recorded when the room was made (`create_match`): the match
        // always replays under it.
        let (game, game_events) =
            AnyGame::new_game(self.spec.setup.clone(), self.rules_version, &mut dice)
                .map_err(|e| refuse(ErrorCode::InvalidSetup, e.to_string()))?;
        let mut events = vec![RoomEvent::MatchStarted {
            coaches: [home.name.clone(), away.name.clone()],
            dice: Some(fair::commit(&server_seed, &self.entropy)),
        }];
        events.extend(
            game_events
                .into_iter()
                .map(|event| RoomEvent::Game { event }),
        );
        let stored = self.number(events);
        self.ctx
            .store
            .start_match(&self.id, [home.id, away.id], server_seed, &stored, now_ms())
            .await
            .map_err(|e| self.store_refused(e))?;
        self.status = RoomStatus::Playing;
        self.server_seed = Some(server_seed);
        self.game = Some(Match { game, dice });
        self.finish_step(stored);
        // A match that starts gives every follower the events and then the full state.
        let conns: Vec<ConnId> = self.subs.keys().copied().collect();
        for conn in conns {
            self.send_snapshot(conn);
        }
        self.announce();
        tracing::info!(room = %self.id, home = %home.name, away = %away.name, "match started");
        self.run_timers(false).await;
        Ok(())
    }

    // ----- the match -----------------------------------------------------------------

    /// Give `events` their sequence numbers (not yet committed to `self.seq`).
    fn number(&self, events: Vec<RoomEvent>) -> Vec<StoredEvent> {
        events
            .into_iter()
            .enumerate()
            .map(|(i, event)| StoredEvent {
                seq: self.seq + 1 + i as u64,
                event,
            })
            .collect()
    }

    /// Add events to the in-memory end of the log, dropping the oldest beyond
    /// `resume_max_events` (before pushing, so the ring never grows past that).
    fn push_log(&mut self, events: Vec<StoredEvent>) {
        let keep = self.ctx.limits.resume_max_events;
        for e in events {
            if keep == 0 {
                break;
            }
            if self.log.len() >= keep {
                self.log.pop_front();
            }
            self.log.push_back(LogEntry::new(e));
        }
    }

    /// After a durable append: advance the log and publish.
    fn finish_step(&mut self, stored: Vec<StoredEvent>) {
        if let Some(last) = stored.last() {
            self.seq = last.seq;
        }
        self.clock.observe(
            self.game
                .as_ref()
                .map(|m| &m.game)
                .filter(|_| self.result.is_none()),
            Instant::now(),
        );
        self.publish(&stored);
        self.push_log(stored);
        if !self.spec.private {
            // The lobby's list shows where a public match is (no push: a push per command
            // to every connection would cost more than it tells).
            self.ctx.lobby.set_seq(&self.id, self.seq);
        }
    }

    /// Make a step durable, then apply it to the room and publish it.
    async fn commit(&mut self, mut step: Step) -> Reply {
        if step.result.is_none()
            && let Some(next) = &step.next
            && let Some(result) = crate::replay::result_of(&next.game)
        {
            step.result = Some(result);
        }
        if let Some(result) = step.result {
            // The end reveals the server seed: from here on anyone can verify the dice.
            step.events.push(RoomEvent::MatchEnded {
                result,
                server_seed: self.server_seed.as_ref().map(|s| hex(s)),
            });
        }
        let stored = self.number(step.events);
        let n = self.commands;
        let command = step.command.map(|mut c| {
            c.seq_before = self.seq;
            c.seq_after = self.seq + stored.len() as u64;
            c
        });
        self.ctx
            .store
            .append(&self.id, command.as_ref().map(|c| (n, c)), &stored)
            .await
            .map_err(|e| self.store_refused(e))?;
        if let Some(c) = &command {
            self.commands += 1;
            if let (CommandSource::Coach, Some(id)) = (c.source, c.client_id) {
                self.applied[c.coach.index()].record(id, c.command.clone(), c.seq_after);
            }
        }
        if let Some(next) = step.next {
            self.game = Some(next);
        }
        if let Some(result) = step.result {
            self.result = Some(result);
            self.status = RoomStatus::Finished;
            // A league room's match plays its coaches' next open fixture, if any. Linked
            // before the result's row is written: a stop between the two leaves the row
            // unfinished, and recovery (which finishes a row whose log has ended) links it
            // then (`recovery::restore`); linking twice is a no-op.
            if let Some(league) = self.spec.league {
                crate::league_schedule::link_logged(&*self.ctx.store, league, &self.id).await;
            }
            if let Err(e) = self
                .ctx
                .store
                .finish_match(&self.id, &result, now_ms())
                .await
            {
                // The log already ends with `match_ended`; only the summary row is stale.
                tracing::error!(room = %self.id, "cannot record the result: {e}");
            }
            // A league team match (issue 13): its post-match sequence starts.
            crate::league_matches::match_finished(self.ctx.store.clone(), self.id.clone());
        }
        self.finish_step(stored);
        if self.result.is_some() {
            self.announce();
            tracing::info!(room = %self.id, result = ?self.result, "match finished");
        }
        Ok(self.seq)
    }

    /// A write the store refused. If it was fenced (this node lost the room's lease, issue
    /// 14), the room stops after this request: its new owner serves it.
    fn store_refused(&mut self, e: crate::store::StoreError) -> Failure {
        if let crate::store::StoreError::Fenced(why) = &e {
            tracing::warn!(room = %self.id, "write refused, the room moved to another node: {why}");
            self.fenced = true;
            return refuse(
                ErrorCode::Internal,
                "the room moved to another server node; send the request again",
            );
        }
        e.into()
    }

    /// Who may send this command now: the one place that checks. Returns the sender's
    /// side, or the reply for a retried id.
    fn check_command(
        &self,
        conn: ConnId,
        id: RequestId,
        command: &AnyCommand,
    ) -> Result<Result<Side, u64>, Failure> {
        let side = self.coach_of(conn)?;
        match self.applied[side.index()].seen(id) {
            Seen::New => {}
            Seen::Applied(applied, seq) => {
                return if applied == command {
                    Ok(Err(seq))
                } else {
                    Err(refuse(
                        ErrorCode::DuplicateId,
                        format!("command id {id} was already used for another command"),
                    ))
                };
            }
            Seen::Stale { newest } => {
                return Err(refuse(
                    ErrorCode::StaleId,
                    format!(
                        "command id {id} is not above your last command's id ({newest}): \
                         number your commands in a room with increasing ids"
                    ),
                ));
            }
        }
        let Some(m) = self
            .game
            .as_ref()
            .filter(|_| self.status == RoomStatus::Playing)
        else {
            return Err(refuse(
                ErrorCode::NotPlaying,
                match self.status {
                    RoomStatus::Open => "the match has not started",
                    _ => "the match is over",
                },
            ));
        };
        if command.kind() != m.game.kind() {
            return Err(refuse(
                ErrorCode::IllegalCommand,
                format!(
                    "a {} command sent to a {} match",
                    command.kind(),
                    m.game.kind()
                ),
            ));
        }
        if m.game.deciding() != Some(side) {
            let answers_other =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| m.game.is_legal(command)))
                    .unwrap_or(false);
            return Err(if answers_other {
                refuse(
                    ErrorCode::NotYourSeat,
                    "that answers the other coach's decision",
                )
            } else {
                refuse(
                    ErrorCode::NotYourTurn,
                    format!("the game waits for the other coach ({:?})", m.game.prompt()),
                )
            });
        }
        Ok(Ok(side))
    }

    async fn command(&mut self, conn: ConnId, id: RequestId, command: AnyCommand) -> Reply {
        let side = match self.check_command(conn, id, &command)? {
            Ok(side) => side,
            Err(seq) => return Ok(seq),
        };
        let account = self.subs.get(&conn).map(|s| s.account);
        self.apply(
            side,
            CommandSource::Coach,
            account,
            Some(id),
            command,
            Vec::new(),
        )
        .await
    }

    /// Apply a command for `side` on a copy of the game, then commit it.
    async fn apply(
        &mut self,
        side: Side,
        source: CommandSource,
        account: Option<AccountId>,
        client_id: Option<RequestId>,
        command: AnyCommand,
        mut events: Vec<RoomEvent>,
    ) -> Reply {
        let Some(current) = &self.game else {
            return Err(refuse(ErrorCode::NotPlaying, "the match has not started"));
        };
        let mut next = Match {
            game: current.game.clone(),
            dice: current.dice.clone(),
        };
        // The rules run on a copy; should they ever panic (a bug: they check every command
        // and were fuzzed with commands naming players, cards and squares that do not
        // exist), the copy is dropped and the room lives on, untouched.
        let applied = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            next.game.apply(command.clone(), &mut next.dice)
        }))
        .map_err(|_| Failure::internal(format!("the rules panicked on {command:?}")))?;
        let game_events = applied.map_err(|e| match e {
            RefusedCommand::GameOver => refuse(ErrorCode::NotPlaying, "the match is over"),
            e @ (RefusedCommand::Illegal { .. } | RefusedCommand::WrongGame { .. }) => {
                refuse(ErrorCode::IllegalCommand, e.to_string())
            }
        })?;
        events.extend(
            game_events
                .into_iter()
                .map(|event| RoomEvent::Game { event }),
        );
        self.commit(Step {
            next: Some(next),
            events,
            command: Some(CommandRecord {
                coach: side,
                source,
                account,
                client_id,
                command,
                seq_before: 0,
                seq_after: 0,
            }),
            result: None,
        })
        .await
    }

    async fn concede(&mut self, conn: ConnId) -> Reply {
        let side = self.coach_of(conn)?;
        if self.status != RoomStatus::Playing {
            return Err(refuse(
                ErrorCode::NotPlaying,
                "the match is not being played",
            ));
        }
        self.commit(Step {
            next: None,
            events: vec![RoomEvent::Conceded { coach: side }],
            command: None,
            result: Some(MatchResult::Concession { loser: side }),
        })
        .await
    }

    /// Act on whatever the clock says is due (`woken`: the deadline just passed).
    async fn run_timers(&mut self, woken: bool) {
        for _ in 0..MAX_TIMER_COMMANDS {
            if self.status != RoomStatus::Playing {
                return;
            }
            let Some(m) = &self.game else { return };
            let due = self.clock.due(&m.game, Instant::now());
            let result = match due {
                None => return,
                Some(Due::Forfeit { coach }) => {
                    self.commit(Step {
                        next: None,
                        events: vec![RoomEvent::Forfeited { coach }],
                        command: None,
                        result: Some(MatchResult::Forfeit { loser: coach }),
                    })
                    .await
                }
                Some(Due::EndTurn { coach, first }) => {
                    let Some(command) = m.game.timeout_command() else {
                        return;
                    };
                    let events = if first {
                        vec![RoomEvent::TimerExpired { coach }]
                    } else {
                        Vec::new()
                    };
                    self.apply(coach, CommandSource::Timer, None, None, command, events)
                        .await
                }
            };
            if let Err(e) = result {
                // The store refused: try again at the next wake-up rather than spin.
                tracing::error!(room = %self.id, "timer action failed: {e}");
                return;
            }
        }
        if woken {
            tracing::error!(room = %self.id, "the timer made {MAX_TIMER_COMMANDS} commands");
        }
    }
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests;
