//! The command ids a coach's commands were applied under, so that a retried command (its
//! ack lost in a drop or a crash) is acknowledged again and never applied twice.
//!
//! Protocol 2 asks every coach to number its commands in a room with increasing ids (a
//! counter that goes on after a reconnect, or a clock). That lets the room keep only the
//! last [`WINDOW`] ids per coach instead of every id of the match: a command whose id is in
//! the window is a retry; one above the newest is new; one below the window is refused as
//! stale (`ErrorCode::StaleId`), because the room can no longer tell whether it was applied.
//! A client sends one command at a time, so a retry is always of its newest few.

use std::collections::VecDeque;

use dugout_protocol::RequestId;
use dugout_rules::AnyCommand;

/// Ids remembered per coach. A client waits for each command's answer before the next, so
/// it can only ever retry its newest; the slack covers a client that pipelines a few.
pub const WINDOW: usize = 8;

/// What the window says of a command id.
#[derive(Clone, Debug, PartialEq)]
pub enum Seen<'a> {
    /// Above every id applied: a new command.
    New,
    /// Applied already: this command, with the room's seq after it.
    Applied(&'a AnyCommand, u64),
    /// Not above the newest and not in the window (or in it, but not applied: a gap).
    Stale { newest: RequestId },
}

/// One coach's newest applied ids, oldest first, with the command and the seq after it.
#[derive(Clone, Debug, Default)]
pub struct Applied {
    entries: VecDeque<(RequestId, AnyCommand, u32)>,
}

impl Applied {
    /// What `id` is to this coach.
    pub fn seen(&self, id: RequestId) -> Seen<'_> {
        match self.entries.back() {
            None => Seen::New,
            Some((newest, ..)) if id > *newest => Seen::New,
            Some((newest, ..)) => match self.entries.iter().find(|(i, ..)| *i == id) {
                Some((_, command, seq)) => Seen::Applied(command, u64::from(*seq)),
                None => Seen::Stale { newest: *newest },
            },
        }
    }

    /// Record an applied command (its id is new: above every id recorded).
    pub fn record(&mut self, id: RequestId, command: AnyCommand, seq_after: u64) {
        if self.entries.len() == WINDOW {
            self.entries.pop_front();
        }
        // A match has far fewer than 4 billion events.
        let seq = u32::try_from(seq_after).unwrap_or(u32::MAX);
        self.entries.push_back((id, command, seq));
    }

    /// How many ids are remembered (at most [`WINDOW`]).
    #[cfg(test)]
    fn len(&self) -> usize {
        self.entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dugout_rules::blitz::Command;

    fn cmd(c: Command) -> AnyCommand {
        AnyCommand::Blitz(c)
    }

    #[test]
    fn new_ids_go_up_retries_are_found_and_old_ones_are_stale() {
        let mut a = Applied::default();
        assert_eq!(a.seen(5), Seen::New);
        a.record(5, cmd(Command::EndTurn), 10);
        a.record(9, cmd(Command::Decline), 12);
        assert_eq!(a.seen(9), Seen::Applied(&cmd(Command::Decline), 12));
        assert_eq!(a.seen(5), Seen::Applied(&cmd(Command::EndTurn), 10));
        assert_eq!(a.seen(10), Seen::New);
        assert_eq!(
            a.seen(7),
            Seen::Stale { newest: 9 },
            "a gap is not a new id"
        );
        assert_eq!(a.seen(1), Seen::Stale { newest: 9 });
    }

    #[test]
    fn the_window_holds_only_the_newest_ids() {
        let mut a = Applied::default();
        for id in 1..=100 {
            a.record(id, cmd(Command::EndTurn), id);
        }
        assert_eq!(a.len(), WINDOW);
        assert_eq!(a.seen(100), Seen::Applied(&cmd(Command::EndTurn), 100));
        let oldest = 100 - WINDOW as u64 + 1;
        assert!(matches!(a.seen(oldest), Seen::Applied(..)));
        assert_eq!(a.seen(oldest - 1), Seen::Stale { newest: 100 });
    }
}
