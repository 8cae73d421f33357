//! What each seat sees: decisions, snapshots and events projected per seat, and their
//! delivery to subscribers without ever waiting for one.

use std::collections::HashMap;
use std::sync::Arc;

use dugout_protocol::{Decision, ErrorCode, SeqEvent, ServerMessage};
use dugout_rules::core::Seat;
use tokio::sync::mpsc;
use tokio::time::Instant;

use super::{ConnId, Member, Outgoing, Reply, Room, encode, refuse};
use crate::store::StoredEvent;

impl Room {
    pub(super) fn decision_for(&self, seat: Seat) -> Option<Decision> {
        let m = self.game.as_ref()?;
        if self.result.is_some() {
            return Some(Decision {
                pending: m.game.decision_over(),
                time_left_ms: None,
            });
        }
        let time_left_ms = self
            .clock
            .time_left(Instant::now())
            .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
        Some(Decision {
            pending: m.game.decision(seat),
            time_left_ms,
        })
    }

    pub(super) fn snapshot_for(&self, seat: Seat) -> Option<ServerMessage> {
        let m = self.game.as_ref()?;
        Some(ServerMessage::Snapshot {
            room: self.id.clone(),
            seq: self.seq,
            seat,
            view: Box::new(m.game.view(seat)),
            decision: self.decision_for(seat)?,
            result: self.result,
            rules_version: self.rules_version,
        })
    }

    pub(super) fn events_for(&self, seat: Seat, events: &[StoredEvent]) -> Option<ServerMessage> {
        Some(ServerMessage::Events {
            room: self.id.clone(),
            seq: self.seq,
            events: events
                .iter()
                .filter_map(|e| {
                    e.event
                        .project(seat)
                        .map(|event| SeqEvent { seq: e.seq, event })
                })
                .collect(),
            decision: self.decision_for(seat)?,
        })
    }

    /// Send `text` to one subscriber without waiting; a full queue starts a resync.
    pub(super) fn deliver(&mut self, conn: ConnId, text: Arc<str>) {
        let Some(sub) = self.subs.get_mut(&conn) else {
            return;
        };
        if sub.resync_pending {
            return;
        }
        match sub.out.try_send(Outgoing::Text(text)) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(_)) => {
                sub.resync_pending = true;
                sub.lag.mark(&self.id);
            }
            Err(mpsc::error::TrySendError::Closed(_)) => {
                self.subs.remove(&conn);
            }
        }
    }

    /// Publish new (durable) events: each seat gets its projection, serialized once.
    pub(super) fn publish(&mut self, events: &[StoredEvent]) {
        let mut texts: HashMap<Seat, Option<Arc<str>>> = HashMap::new();
        let targets: Vec<(ConnId, Seat)> = self.subs.iter().map(|(c, s)| (*c, s.seat)).collect();
        for (conn, seat) in targets {
            let text = texts
                .entry(seat)
                .or_insert_with(|| self.events_for(seat, events).map(|m| encode(&m)))
                .clone();
            if let Some(text) = text {
                self.deliver(conn, text);
            }
        }
    }

    pub(super) fn send_snapshot(&mut self, conn: ConnId) {
        let Some(seat) = self.subs.get(&conn).map(|s| s.seat) else {
            return;
        };
        if let Some(msg) = self.snapshot_for(seat) {
            self.deliver(conn, encode(&msg));
        }
    }

    pub(super) fn snapshot_request(&mut self, conn: ConnId) -> Reply {
        let Some(seat) = self.subs.get(&conn).map(|s| s.seat) else {
            return Err(refuse(
                ErrorCode::NotSeated,
                "join, spectate or resume this room first",
            ));
        };
        let Some(msg) = self.snapshot_for(seat) else {
            return Err(refuse(ErrorCode::NotPlaying, "the match has not started"));
        };
        self.deliver(conn, encode(&msg));
        Ok(self.seq)
    }

    pub(super) fn resync(&mut self, conn: ConnId) {
        let Some(sub) = self.subs.get_mut(&conn) else {
            return;
        };
        if !sub.resync_pending {
            return;
        }
        sub.resync_pending = false;
        let seat = sub.seat;
        let msg = self
            .snapshot_for(seat)
            .unwrap_or_else(|| ServerMessage::RoomChanged {
                room: self.summary(),
            });
        self.deliver(conn, encode(&msg));
    }

    pub(super) fn resume(&mut self, member: Member, last_seq: u64) -> Reply {
        let seat = match self.side_of(member.account.id) {
            Some(side) => Seat::Coach(side),
            None => {
                self.may_watch(&member.account)?;
                self.spectator_fits(member.conn, member.account.id)?;
                Seat::Spectator
            }
        };
        let conn = member.conn;
        self.subscribe(member, seat);
        self.update_presence();
        self.announce();
        if self.game.is_none() {
            return Ok(self.seq);
        }
        // The log holds the last events up to `self.seq`, in order, with no gap: it covers
        // what the client missed if it starts at or before `last_seq + 1`.
        let missed = self.seq.saturating_sub(last_seq);
        let first_kept = self.log.front().map_or(self.seq + 1, |e| e.seq());
        let fits = last_seq <= self.seq
            && missed as usize <= self.ctx.limits.resume_max_events
            && first_kept <= last_seq + 1;
        let msg = if fits {
            let from = usize::try_from(missed)
                .unwrap_or(usize::MAX)
                .min(self.log.len());
            let missed: Vec<StoredEvent> = self
                .log
                .iter()
                .skip(self.log.len() - from)
                .map(|e| e.to_stored())
                .collect();
            self.events_for(seat, &missed)
        } else {
            self.snapshot_for(seat)
        };
        if let Some(msg) = msg {
            self.deliver(conn, encode(&msg));
        }
        Ok(self.seq)
    }

    pub(super) fn chat(&mut self, conn: ConnId, text: String) -> Reply {
        let Some(sub) = self.subs.get(&conn) else {
            return Err(refuse(
                ErrorCode::NotSeated,
                "join, spectate or resume this room to chat in it",
            ));
        };
        // Bidi controls would let a line display as something else (U+202E reverses what
        // follows): they are dropped. Names are ASCII (`accounts::check_name`).
        let text: String = text.chars().filter(|c| !is_bidi_control(*c)).collect();
        let text = text.trim().to_owned();
        let chars = text.chars().count();
        if chars == 0 || chars > dugout_protocol::MAX_CHAT_CHARS {
            return Err(refuse(
                ErrorCode::InvalidChat,
                format!(
                    "chat lines are 1 to {} characters",
                    dugout_protocol::MAX_CHAT_CHARS
                ),
            ));
        }
        if text.chars().any(char::is_control) {
            return Err(refuse(
                ErrorCode::InvalidChat,
                "chat lines may not contain control characters",
            ));
        }
        let msg = encode(&ServerMessage::Chat {
            room: self.id.clone(),
            from: sub.name.clone(),
            seat: sub.seat,
            text,
        });
        let conns: Vec<ConnId> = self.subs.keys().copied().collect();
        for c in conns {
            self.deliver(c, msg.clone());
        }
        Ok(self.seq)
    }
}

/// The Unicode bidirectional formatting characters: embeddings, overrides, isolates and the
/// directional marks.
fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}
