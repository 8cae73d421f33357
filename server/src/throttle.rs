//! Password checks under attack (issue 15, "login memory"): argon2 costs about 19 MiB and
//! tens of milliseconds of CPU per hash, so an unbounded number in flight can take the
//! server down, and unlimited guesses find weak passwords.
//!
//! * At most one hash per core runs at once ([`PasswordGuard::permit`]); a request that
//!   cannot get a slot within [`PERMIT_WAIT`] is refused with `rate_limited` and
//!   `Retry-After`, without hashing.
//! * Failed logins are counted per client address and per account name. After a few free
//!   failures each further one doubles a back-off (1 s, 2 s, 4 s... up to
//!   [`MAX_BACKOFF`]); while a key is backing off, a login for it is refused with
//!   `rate_limited` and `Retry-After` at once, without hashing. A success clears the
//!   account's count (not the address's: an attacker with an account of their own could
//!   clear it otherwise). Entries are forgotten [`FORGET_AFTER`] after their last failure.
//!
//! * The hashes run on [`PasswordGuard`]'s own threads, one per slot, always the same ones.
//!   On tokio's blocking pool they ran on whichever thread was free, and the allocator kept
//!   a freed 19 MiB argon2 block in each thread's arena: a login flood grew the server to
//!   650 MB (bench/abuse.sh) and it stayed there. With fixed threads at most one block per
//!   slot stays.
//!
//! So a flood of wrong passwords from one address is soon answered in microseconds, the
//! hash slots stay free and other people log in as usual. A flood from many addresses
//! against one account locks only that account's logins, for at most [`MAX_BACKOFF`].

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

use crate::error::Failure;

/// How long a request waits for a free hash slot before it is refused.
pub const PERMIT_WAIT: Duration = Duration::from_secs(2);
/// Failed logins from one address before the back-off starts (a shared NAT has many users).
pub const FREE_ADDRESS_FAILURES: u32 = 20;
/// Failed logins for one account before the back-off starts.
pub const FREE_ACCOUNT_FAILURES: u32 = 5;
/// The longest back-off.
pub const MAX_BACKOFF: Duration = Duration::from_secs(15 * 60);
/// A key with no failure for this long is forgotten.
pub const FORGET_AFTER: Duration = Duration::from_secs(30 * 60);
/// At most this many keys are remembered (the oldest are dropped first when full).
const MAX_KEYS: usize = 100_000;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Address(IpAddr),
    Account(String),
}

#[derive(Clone, Copy, Debug)]
struct Failures {
    count: u32,
    last: Instant,
    /// No login for this key before then.
    until: Option<Instant>,
}

/// A job for the hash threads.
type Job = Box<dyn FnOnce() + Send>;

/// The hash slots, the threads that hash, and the failed-login counts of one server.
#[derive(Debug)]
pub struct PasswordGuard {
    slots: Arc<Semaphore>,
    failures: Mutex<HashMap<Key, Failures>>,
    /// Jobs for the hash threads; they end when this is dropped.
    jobs: std::sync::mpsc::Sender<Job>,
}

/// Start `n` threads that run the jobs sent on the returned channel, until it is dropped.
fn hash_threads(n: usize) -> std::sync::mpsc::Sender<Job> {
    let (tx, rx) = std::sync::mpsc::channel::<Job>();
    let rx = Arc::new(Mutex::new(rx));
    for i in 0..n {
        let rx = rx.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("dugout-hash-{i}"))
            .spawn(move || {
                loop {
                    // The lock is held only while waiting for a job, not while running it.
                    let job = rx.lock().unwrap_or_else(|p| p.into_inner()).recv();
                    match job {
                        Ok(job) => job(),
                        Err(_) => break,
                    }
                }
            });
        if let Err(e) = spawned {
            tracing::error!("cannot start a password hashing thread: {e}");
        }
    }
    tx
}

impl PasswordGuard {
    /// `slots` hashes at once (at least 1).
    pub fn new(slots: usize) -> Self {
        PasswordGuard {
            slots: Arc::new(Semaphore::new(slots.max(1))),
            failures: Mutex::new(HashMap::new()),
            jobs: hash_threads(slots.max(1)),
        }
    }

    /// Run `work` on a hash thread, holding `slot` until it ends (a request given up on does
    /// not free the slot of a hash still running).
    pub async fn run<T: Send + 'static>(
        &self,
        slot: OwnedSemaphorePermit,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Failure> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let out = work();
            drop(slot);
            let _ = tx.send(out);
        });
        self.jobs
            .send(job)
            .map_err(|_| Failure::internal("the password hashing threads are gone"))?;
        rx.await
            .map_err(|_| Failure::internal("a password hashing job failed"))
    }

    /// One slot per core.
    pub fn per_core() -> Self {
        Self::new(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    /// A hash slot, or `rate_limited` if none frees up within [`PERMIT_WAIT`]. The hash
    /// holds it to its end (moved into the blocking task: a request given up on does not
    /// free the slot of a hash still running).
    pub async fn permit(&self) -> Result<OwnedSemaphorePermit, Failure> {
        slot(&self.slots, PERMIT_WAIT, "checking passwords").await
    }

    /// Refuse a login for `account` from `address` while either is backing off.
    pub fn check(&self, address: Option<IpAddr>, account: &str) -> Result<(), Failure> {
        let now = Instant::now();
        let failures = self.lock();
        let wait = keys(address, account)
            .iter()
            .filter_map(|k| failures.get(k).and_then(|f| f.until))
            .filter(|until| *until > now)
            .max();
        match wait {
            None => Ok(()),
            Some(until) => {
                let seconds = until.saturating_duration_since(now).as_secs_f64().ceil() as u64;
                Err(Failure::retry_after(
                    format!("too many failed logins: try again in {} s", seconds.max(1)),
                    seconds,
                ))
            }
        }
    }

    /// A wrong password (or unknown account): count it for the address and the account.
    pub fn failed(&self, address: Option<IpAddr>, account: &str) {
        let now = Instant::now();
        let mut failures = self.lock();
        if failures.len() >= MAX_KEYS {
            failures.retain(|_, f| now.saturating_duration_since(f.last) < FORGET_AFTER);
            if failures.len() >= MAX_KEYS {
                // Still full of fresh keys (a wide attack): forget the oldest half.
                let mut lasts: Vec<Instant> = failures.values().map(|f| f.last).collect();
                lasts.sort_unstable();
                let cut = lasts[lasts.len() / 2];
                failures.retain(|_, f| f.last > cut);
            }
        }
        for key in keys(address, account) {
            let free = match key {
                Key::Address(_) => FREE_ADDRESS_FAILURES,
                Key::Account(_) => FREE_ACCOUNT_FAILURES,
            };
            let entry = failures.entry(key).or_insert(Failures {
                count: 0,
                last: now,
                until: None,
            });
            if now.saturating_duration_since(entry.last) >= FORGET_AFTER {
                entry.count = 0;
            }
            entry.count = entry.count.saturating_add(1);
            entry.last = now;
            if entry.count >= free {
                entry.until = Some(now + backoff(entry.count - free));
            }
        }
    }

    /// A good password: the account's count starts again.
    pub fn succeeded(&self, account: &str) {
        self.lock().remove(&Key::Account(account.to_lowercase()));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Key, Failures>> {
        self.failures.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// A permit of `slots`, or `rate_limited` with `Retry-After: 1` ("the server is busy
/// `doing`...") if none frees up within `wait`. The bound on expensive work that anyone
/// may ask for: password hashes here, replays in `crate::replays`.
pub async fn slot(
    slots: &Arc<Semaphore>,
    wait: Duration,
    doing: &str,
) -> Result<OwnedSemaphorePermit, Failure> {
    match tokio::time::timeout(wait, slots.clone().acquire_owned()).await {
        Ok(Ok(permit)) => Ok(permit),
        _ => Err(Failure::retry_after(
            format!("the server is busy {doing}: try again in a moment"),
            1,
        )),
    }
}

fn keys(address: Option<IpAddr>, account: &str) -> Vec<Key> {
    let mut keys = vec![Key::Account(account.to_lowercase())];
    if let Some(a) = address {
        keys.push(Key::Address(a));
    }
    keys
}

/// The back-off after `n` failures beyond the free ones: 1 s, 2 s, 4 s... at most
/// [`MAX_BACKOFF`].
fn backoff(n: u32) -> Duration {
    Duration::from_secs(1u64 << n.min(20)).min(MAX_BACKOFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn addr(last: u8) -> Option<IpAddr> {
        Some(IpAddr::from([10, 0, 0, last]))
    }

    #[test]
    fn the_backoff_doubles_up_to_its_ceiling() {
        assert_eq!(backoff(0), Duration::from_secs(1));
        assert_eq!(backoff(3), Duration::from_secs(8));
        assert_eq!(backoff(40), MAX_BACKOFF);
    }

    #[tokio::test(start_paused = true)]
    async fn an_account_backs_off_after_its_free_failures_and_a_success_clears_it() {
        let g = PasswordGuard::new(1);
        for i in 0..FREE_ACCOUNT_FAILURES - 1 {
            assert!(g.check(addr(i as u8), "Ada").is_ok());
            g.failed(addr(i as u8), "ada");
        }
        assert!(g.check(addr(99), "ada").is_ok(), "still free");
        g.failed(addr(99), "ADA");
        let refused = g.check(addr(100), "ada").expect_err("backing off");
        assert_eq!(refused.retry_after, Some(1));
        assert!(
            g.check(addr(100), "bob").is_ok(),
            "other accounts are not touched"
        );
        tokio::time::advance(Duration::from_millis(1001)).await;
        assert!(g.check(addr(100), "ada").is_ok(), "the back-off ran out");
        g.failed(addr(100), "ada");
        assert_eq!(
            g.check(addr(101), "ada").expect_err("doubled").retry_after,
            Some(2)
        );
        g.succeeded("Ada");
        assert!(
            g.check(addr(101), "ada").is_ok(),
            "a success clears the account"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn an_address_backs_off_after_its_free_failures_whatever_the_account() {
        let g = PasswordGuard::new(1);
        for i in 0..FREE_ADDRESS_FAILURES {
            g.failed(addr(1), &format!("name{i}"));
        }
        let refused = g
            .check(addr(1), "someone_new")
            .expect_err("the address backs off");
        assert!(refused.message.contains("too many failed logins"));
        assert!(
            g.check(addr(2), "someone_new").is_ok(),
            "other addresses are not"
        );
        g.succeeded("someone_new");
        assert!(
            g.check(addr(1), "someone_new").is_err(),
            "a success does not clear the address"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_request_waits_for_a_free_slot_then_is_refused() {
        let g = PasswordGuard::new(1);
        let held = g.permit().await.expect("a free slot");
        let refused = g.permit().await.expect_err("no slot within the wait");
        assert_eq!(refused.code, dugout_protocol::ErrorCode::RateLimited);
        assert_eq!(refused.retry_after, Some(1));
        drop(held);
        assert!(g.permit().await.is_ok());
    }
}
