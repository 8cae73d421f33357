//! Replays on demand under attack (issue 15, "replays"): `GET /api/matches/{id}/state` and
//! `/verification` replay a stored match through the rules, which costs CPU in proportion to
//! the match's length, and anyone may ask, without an account. Unbounded, a flood of them
//! ran on the async workers beside the live rooms and slowed their commands from 12 to
//! 31 ms.
//!
//! * A replay runs on the blocking pool ([`tokio::task::spawn_blocking`]), never on an async
//!   worker, so live rooms keep their threads.
//! * At most [`ReplayGate::slots`] requests load and replay at once (half the cores, at
//!   least one): the rest of the machine stays with the live matches. A request that finds
//!   no slot within [`PERMIT_WAIT`] is refused with `rate_limited` and `Retry-After`, before
//!   it reads the store.
//! * Answers are remembered ([`ReplayCache`]): a stored log only grows, so the state at a
//!   seq, for one seat, never changes once it can be computed, live or finished. A repeated
//!   question (a page stepping back and forth, the same link shared widely) costs a lookup.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use dugout_protocol::SeatName;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::Failure;

/// How long a replay request waits for a free slot before it is refused.
pub const PERMIT_WAIT: Duration = Duration::from_secs(2);
/// Answers the cache holds (a Blitz Bowl view is a few KiB: a few MiB in all).
pub const CACHE_ENTRIES: usize = 1024;

/// What an answer is remembered by: the match, the seq asked for, the seat it is projected
/// for, and whether the log had ended (a coach's own view becomes anyone's then).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StateKey {
    pub id: String,
    pub seq: u64,
    pub seat: SeatName,
    pub ended: bool,
}

/// A bounded map of answers, the oldest forgotten first.
#[derive(Debug)]
pub struct ReplayCache<V> {
    capacity: usize,
    entries: HashMap<StateKey, Arc<V>>,
    order: VecDeque<StateKey>,
}

impl<V> ReplayCache<V> {
    pub fn new(capacity: usize) -> Self {
        ReplayCache {
            capacity: capacity.max(1),
            entries: HashMap::new(),
            order: VecDeque::new(),
        }
    }

    pub fn get(&self, key: &StateKey) -> Option<Arc<V>> {
        self.entries.get(key).cloned()
    }

    pub fn insert(&mut self, key: StateKey, value: Arc<V>) {
        if self.entries.insert(key.clone(), value).is_none() {
            self.order.push_back(key);
        }
        while self.entries.len() > self.capacity {
            match self.order.pop_front() {
                Some(old) => {
                    self.entries.remove(&old);
                }
                None => break,
            }
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// The replay slots and the answer cache of one server.
#[derive(Debug)]
pub struct ReplayGate<V> {
    slots: Arc<Semaphore>,
    count: usize,
    cache: Mutex<ReplayCache<V>>,
}

impl<V> ReplayGate<V> {
    /// `slots` replays at once (at least 1), `entries` answers remembered.
    pub fn new(slots: usize, entries: usize) -> Self {
        ReplayGate {
            slots: Arc::new(Semaphore::new(slots.max(1))),
            count: slots.max(1),
            cache: Mutex::new(ReplayCache::new(entries)),
        }
    }

    /// Half the cores (at least one slot), [`CACHE_ENTRIES`] answers.
    pub fn per_machine() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Self::new(cores / 2, CACHE_ENTRIES)
    }

    /// How many replays may run at once.
    pub fn slots(&self) -> usize {
        self.count
    }

    /// A replay slot, or `rate_limited` if none frees up within [`PERMIT_WAIT`].
    pub async fn permit(&self) -> Result<OwnedSemaphorePermit, Failure> {
        crate::throttle::slot(&self.slots, PERMIT_WAIT, "replaying matches").await
    }

    pub fn cached(&self, key: &StateKey) -> Option<Arc<V>> {
        self.lock().get(key)
    }

    pub fn remember(&self, key: StateKey, value: Arc<V>) {
        self.lock().insert(key, value);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, ReplayCache<V>> {
        self.cache.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Run `work` on the blocking pool, holding `permit` until it ends (a request given up on
/// does not free the slot of a replay still running).
pub async fn off_the_workers<T: Send + 'static>(
    permit: OwnedSemaphorePermit,
    work: impl FnOnce() -> Result<T, Failure> + Send + 'static,
) -> Result<T, Failure> {
    tokio::task::spawn_blocking(move || {
        let out = work();
        drop(permit);
        out
    })
    .await
    .map_err(|e| Failure::internal(format!("a replay task failed: {e}")))?
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(seq: u64) -> StateKey {
        StateKey {
            id: "m".into(),
            seq,
            seat: SeatName::Spectator,
            ended: true,
        }
    }

    #[test]
    fn the_cache_forgets_its_oldest_answer_when_full() {
        let mut c = ReplayCache::new(2);
        c.insert(key(1), Arc::new(1));
        c.insert(key(2), Arc::new(2));
        c.insert(key(1), Arc::new(10)); // a replacement is not a new entry
        assert_eq!(c.len(), 2);
        c.insert(key(3), Arc::new(3));
        assert_eq!(c.len(), 2);
        assert!(c.get(&key(1)).is_none(), "the oldest went first");
        assert_eq!(c.get(&key(2)).as_deref(), Some(&2));
        assert_eq!(c.get(&key(3)).as_deref(), Some(&3));
        let other_seat = StateKey {
            seat: SeatName::Home,
            ..key(3)
        };
        assert!(
            c.get(&other_seat).is_none(),
            "a seat's view is its own entry"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_request_finding_no_slot_in_time_is_refused_with_retry_after() {
        let gate: ReplayGate<u8> = ReplayGate::new(1, 4);
        assert_eq!(gate.slots(), 1);
        let held = gate.permit().await.expect("a free slot");
        let refused = gate.permit().await.expect_err("no slot frees up");
        assert_eq!(refused.retry_after, Some(1));
        drop(held);
        assert!(gate.permit().await.is_ok(), "a freed slot is given again");
    }
}
