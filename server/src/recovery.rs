//! Crash recovery: on start, every unfinished match in the store gets its room back.
//!
//! The event log is the source of truth; the commands and the dice seed are how the server
//! rebuilds the game from it. For each match the store lists as open or playing:
//!
//! * an **open** match (its room was waiting for coaches) gets its open room again, with the
//!   server seed it committed to and its coaches seated as they were, with their entropy and
//!   readiness (the `open_room` column, saved by the room whenever they change); nobody is
//!   connected, so the seat grace frees the seat of a coach who does not come back. A room
//!   stored before `open_room` existed comes back empty;
//! * a **playing** match is replayed: a fresh game from the stored setup and seed, then every
//!   stored command through the rules engine, in order. Every event the replay makes must
//!   equal the stored one at the same `seq`, every command's `seq` range must hold exactly the
//!   events that command made, and the log must be contiguous from 1. The room comes back
//!   with the game, the dice (at the same point of their stream), the log, the sequence
//!   number, the command count and the command ids already applied (so a client that retries a
//!   command the crash kept from acknowledging gets the original ack, not a second
//!   application). Coaches reconnect and `resume` with the last `seq` they saw.
//! * a playing match whose log already ends with `match_ended` (the crash came between the
//!   append and the result's row update) is finished in the store and gets a finished room,
//!   so its coaches can still read the end. A league room's match is first linked to its
//!   coaches' next open fixture, as the room would have (the room links before it writes the
//!   row, so a finished row means the link was tried).
//!
//! A match that fails to replay is reported and left untouched in the store (never served,
//! never rewritten); the other matches still come back.
//!
//! Timers restart: a per-turn timer gives the coach to decide a full turn from the restart,
//! and a chess clock restarts with each coach's full time (how much was used is not stored).

use dugout_protocol::{MatchResult, RequestId, RoomEvent, RoomSpec, RoomStatus};
use dugout_rules::core::{ChaChaDice, Side};
use dugout_rules::{AnyCommand, AnyEvent, AnyGame};

use crate::lobby::Lobby;
use crate::replay::Replayer;
use crate::store::{Account, CommandSource, MatchLog, Store, StoreError, StoredEvent, now_ms};

/// What recovery did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Matches under way, replayed and verified, with their rooms back.
    pub playing: Vec<String>,
    /// Open rooms (not started) back in the lobby.
    pub open: Vec<String>,
    /// Matches whose log had ended but whose row had not: now finished.
    pub finished: Vec<String>,
    /// Matches that could not be rebuilt, and why; left as they are in the store.
    pub failed: Vec<(String, String)>,
}

/// Why a stored match cannot be rebuilt.
#[derive(Debug)]
pub enum RecoveryError {
    /// The store failed while reading or repairing it.
    Store(StoreError),
    /// The stored log does not replay to itself: what differs.
    Mismatch(String),
}

impl std::fmt::Display for RecoveryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecoveryError::Store(e) => write!(f, "{e}"),
            RecoveryError::Mismatch(e) => write!(f, "the stored log does not replay: {e}"),
        }
    }
}

impl std::error::Error for RecoveryError {}

impl From<StoreError> for RecoveryError {
    fn from(e: StoreError) -> Self {
        RecoveryError::Store(e)
    }
}

fn mismatch(what: impl Into<String>) -> RecoveryError {
    RecoveryError::Mismatch(what.into())
}

/// A match as its room needs it after a restart.
#[derive(Clone, Debug)]
pub struct Restored {
    pub id: String,
    pub spec: RoomSpec,
    pub status: RoomStatus,
    pub seats: [Option<Account>; 2],
    /// The game and the dice, at the end of the log (`None` for an open room).
    pub game: Option<(AnyGame, ChaChaDice)>,
    pub log: Vec<StoredEvent>,
    /// Commands stored: the number the next one gets.
    pub commands: u64,
    /// Coach commands with their client ids and the seq after them: the retry keys.
    pub applied: Vec<((Side, RequestId), (AnyCommand, u64))>,
    pub result: Option<MatchResult>,
    /// An open room's coaches' entropy and readiness (empty once the match started).
    pub entropy: [Option<Vec<u8>>; 2],
    pub ready: [bool; 2],
    /// The server's secret dice seed, to reveal when the match ends (provably fair dice).
    pub server_seed: Option<[u8; 32]>,
    /// The rules version the match was made with.
    pub rules_version: u32,
}

/// Rebuild a room for every unfinished match in `store` and hand it to `lobby`.
///
/// Matches are rebuilt one after another before the server listens, so no client can reach
/// a room before it is whole. Only listing the matches can fail the whole recovery; a match
/// that does not rebuild is logged and reported, and the rest go on.
pub async fn recover(lobby: &Lobby, store: &dyn Store) -> Result<Report, StoreError> {
    let mut report = Report::default();
    for id in store.unfinished_matches().await? {
        match restore(store, &id).await {
            Ok(restored) => {
                let list = match restored.status {
                    RoomStatus::Open => &mut report.open,
                    RoomStatus::Finished => &mut report.finished,
                    _ => &mut report.playing,
                };
                list.push(id);
                lobby.restore(restored);
            }
            Err(e) => {
                tracing::error!(room = %id, "cannot restore the match: {e}");
                report.failed.push((id, e.to_string()));
            }
        }
    }
    Ok(report)
}

/// Read one match, replay and verify it, look up its coaches, and repair a missing result.
pub async fn restore(store: &dyn Store, id: &str) -> Result<Restored, RecoveryError> {
    let log = store
        .match_log(id)
        .await?
        .ok_or_else(|| mismatch("the match row is gone"))?;
    let mut restored = rebuild(&log)?;
    // An open room's coaches: the ids it saved, the accounts behind them.
    if let Some(open) = &log.open_room
        && log.status == RoomStatus::Open
    {
        for (i, seat) in open.seats.iter().enumerate() {
            if let Some(seat) = seat {
                let account = store.account_by_id(seat.account).await?.ok_or_else(|| {
                    mismatch(format!(
                        "the open room's seat {i}: no account {}",
                        seat.account
                    ))
                })?;
                restored.seats[i] = Some(account);
            }
        }
    }
    // The accounts behind the seats: the names are in `match_started`, the ids in the row.
    if let Some(RoomEvent::MatchStarted { coaches, .. }) = log.events.first().map(|e| &e.event) {
        for side in Side::BOTH {
            let (Some(id), name) = (log.seats[side.index()], &coaches[side.index()]) else {
                return Err(mismatch(format!("no account for the {side:?} seat")));
            };
            let account = store
                .credential(name)
                .await?
                .map(|c| c.account)
                .filter(|a| a.id == id)
                .ok_or_else(|| {
                    mismatch(format!(
                        "the {side:?} seat: no account {id} called {name:?}"
                    ))
                })?;
            restored.seats[side.index()] = Some(account);
        }
    }
    if restored.status == RoomStatus::Finished
        && let Some(result) = restored.result
    {
        // The room links a league room's match to its fixture before it writes the result's
        // row: a stop between the end and the row means the link may not be made yet.
        if let Some(league) = restored.spec.league {
            crate::league_schedule::link_logged(store, league, id).await;
        }
        store.finish_match(id, &result, now_ms()).await?;
    }
    Ok(restored)
}

/// Replay a stored match and check every stored event against the replay.
///
/// Pure: no store, no clock. Seats are left empty for the caller to fill with accounts.
pub fn rebuild(log: &MatchLog) -> Result<Restored, RecoveryError> {
    let mut restored = Restored {
        id: log.id.clone(),
        spec: log.spec.clone(),
        status: RoomStatus::Open,
        seats: [None, None],
        game: None,
        log: log.events.clone(),
        commands: 0,
        applied: Vec::new(),
        result: None,
        entropy: [None, None],
        ready: [false, false],
        server_seed: log.server_seed,
        rules_version: log.rules_version,
    };
    for (i, e) in log.events.iter().enumerate() {
        if e.seq != i as u64 + 1 {
            return Err(mismatch(format!(
                "event {i} has seq {} (the log must run 1, 2, 3, ...)",
                e.seq
            )));
        }
    }
    match log.status {
        RoomStatus::Open => {
            if !log.events.is_empty() || !log.commands.is_empty() {
                return Err(mismatch("an open match with events or commands"));
            }
            if let Some(open) = &log.open_room {
                if restored.server_seed.is_none() {
                    restored.server_seed = open
                        .server_seed
                        .as_deref()
                        .map(crate::store::unhex_seed)
                        .transpose()
                        .map_err(|e| mismatch(format!("the open room's seed: {e}")))?;
                }
                for (i, seat) in open.seats.iter().enumerate() {
                    if let Some(seat) = seat {
                        restored.ready[i] = seat.ready;
                        restored.entropy[i] = match seat.entropy.as_deref() {
                            None => None,
                            Some(h) => Some(
                                crate::fair::unhex(h)
                                    .ok_or_else(|| mismatch("an open room's entropy is not hex"))?,
                            ),
                        };
                    }
                }
            }
            return Ok(restored);
        }
        RoomStatus::Playing => {}
        other => return Err(mismatch(format!("status {other:?} is not unfinished"))),
    }
    // The dice seed is derived from the server's secret seed and the coaches' entropy
    // published in `match_started` (provably fair dice, `crate::fair`).
    let seed = log
        .dice_seed()
        .map_err(|e| mismatch(format!("the dice seed does not derive: {e}")))?
        .ok_or_else(|| mismatch("a started match without a dice seed"))?;
    // A stored log is data: the replay catches a panic of the rules (`crate::replay`).
    let (mut replayer, start) = Replayer::start(log, seed).map_err(|e| mismatch(e.to_string()))?;

    // The start: `match_started`, then the rules' opening events.
    let mut cursor = match log.events.first().map(|e| &e.event) {
        Some(RoomEvent::MatchStarted { .. }) => 1,
        other => return Err(mismatch(format!("seq 1 is {other:?}, not match_started"))),
    };
    expect_game_events(&log.events, &mut cursor, &start, "the start")?;

    let mut result = None;
    for (n, c) in log.commands.iter().enumerate() {
        if result.is_some() {
            return Err(mismatch(format!("command {n} after the match ended")));
        }
        if c.seq_before != cursor as u64 || c.seq_after < c.seq_before {
            return Err(mismatch(format!(
                "command {n} covers seq ({}, {}], expected it to start at {cursor}",
                c.seq_before, c.seq_after
            )));
        }
        let end = usize::try_from(c.seq_after).unwrap_or(usize::MAX);
        if end > log.events.len() {
            return Err(mismatch(format!(
                "command {n} ends at seq {end}, after the last event ({})",
                log.events.len()
            )));
        }
        let range = &log.events[cursor..end];
        let mut at = 0;
        // A timer command may open with the timer's announcement for that coach.
        if c.source == CommandSource::Timer
            && let Some(RoomEvent::TimerExpired { coach }) = range.first().map(|e| &e.event)
        {
            if *coach != c.coach {
                return Err(mismatch(format!(
                    "command {n}: the timer expired for {coach:?}, the command is {:?}'s",
                    c.coach
                )));
            }
            at = 1;
        }
        let applied = replayer
            .apply(n, c)
            .map_err(|e| mismatch(format!("{e} ({:?})", c.command)))?;
        let mut local = at;
        expect_game_events(range, &mut local, &applied.events, &format!("command {n}"))?;
        if let Some(ended) = applied.ended {
            match range.get(local).map(|e| &e.event) {
                Some(RoomEvent::MatchEnded { result: r, .. }) if *r == ended => local += 1,
                other => {
                    return Err(mismatch(format!(
                        "command {n} ends the game; stored {other:?}, expected match_ended"
                    )));
                }
            }
            result = Some(ended);
        }
        if local != range.len() {
            return Err(mismatch(format!(
                "command {n}: {} stored events the replay did not make",
                range.len() - local
            )));
        }
        cursor = end;
        if let (CommandSource::Coach, Some(id)) = (c.source, c.client_id) {
            restored
                .applied
                .push(((c.coach, id), (c.command.clone(), c.seq_after)));
        }
    }
    restored.commands = log.commands.len() as u64;

    // After the last command: nothing, or the end of a match no command ended.
    let rest: Vec<&RoomEvent> = log.events[cursor..].iter().map(|e| &e.event).collect();
    match rest.as_slice() {
        [] => {}
        [
            RoomEvent::Conceded { coach },
            RoomEvent::MatchEnded {
                result: r @ MatchResult::Concession { loser },
                ..
            },
        ]
        | [
            RoomEvent::Forfeited { coach } | RoomEvent::Abandoned { coach, .. },
            RoomEvent::MatchEnded {
                result: r @ MatchResult::Forfeit { loser },
                ..
            },
        ] if result.is_none() && coach == loser => result = Some(*r),
        other => {
            return Err(mismatch(format!(
                "after the last command: {other:?} (no command made these)"
            )));
        }
    }

    restored.status = if result.is_some() {
        RoomStatus::Finished
    } else {
        RoomStatus::Playing
    };
    restored.result = result;
    restored.game = Some(replayer.into_parts());
    Ok(restored)
}

/// The stored events from `*cursor` on must be `expected`, as `game` events; moves the cursor
/// past them.
fn expect_game_events(
    stored: &[StoredEvent],
    cursor: &mut usize,
    expected: &[AnyEvent],
    what: &str,
) -> Result<(), RecoveryError> {
    for (i, want) in expected.iter().enumerate() {
        match stored.get(*cursor + i).map(|e| (e.seq, &e.event)) {
            Some((_, RoomEvent::Game { event })) if event == want => {}
            Some((seq, got)) => {
                return Err(mismatch(format!(
                    "{what}: seq {seq} is stored as {got:?}, the replay makes {want:?}"
                )));
            }
            None => {
                return Err(mismatch(format!(
                    "{what}: the log ends where the replay makes {want:?}"
                )));
            }
        }
    }
    *cursor += expected.len();
    Ok(())
}
