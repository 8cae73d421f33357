//! Provably fair dice: the server's commitment, the dice seed's derivation, and the
//! verification of a stored match.
//!
//! When a room is made it draws a secret 32-byte **server seed** from the OS and publishes
//! its SHA-256 (the **commitment**) in the room's summary; `match_started` repeats it with both
//! coaches' entropy.
//! The match's ChaCha20 dice seed is derived from the three ([`dice_seed`]); `match_ended`
//! reveals the server seed. Anyone holding the log can then check the commitment, derive the
//! dice seed, replay the stored commands through the rules and compare every event
//! ([`verify_log`]). The byte layouts are specified in `docs/protocol.md` ("Provably fair
//! dice") and must never change for a stored match: a new layout needs a new domain tag.
//!
//! What it proves: every roll of the match follows from a seed the server fixed before the
//! first command and could not change afterwards, and the stored log is exactly what the
//! rules make of the stored commands with those rolls. The room draws its seed and publishes
//! the commitment when it is made, before any coach sends entropy, so the server cannot grind
//! seeds against the entropy either. What it does not prove: who sent each command (commands
//! are not signed). A third party checks a match without this code with `examples/verifier`
//! (over `GET /api/matches/{id}/commands` and `/events`).

use std::fmt;

use dugout_protocol::{DiceCommitment, MAX_ENTROPY_BYTES, MatchResult, RoomEvent, RoomStatus};
use dugout_rules::core::Side;
use sha2::{Digest, Sha256};

use crate::replay::{ReplayError, Replayer};
use crate::store::{CommandSource, MatchLog, Store, StoreError, StoredEvent, hex};

/// A 32-byte seed: the server's secret, or the ChaCha20 dice seed derived from it.
pub type Seed = [u8; 32];

/// The domain tag that starts the dice seed's preimage (version 1 of the derivation).
pub const DICE_SEED_DOMAIN: &[u8] = b"dugout-dice-v1";

/// A fresh secret server seed from the OS.
pub fn new_server_seed() -> Result<Seed, getrandom::Error> {
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed)?;
    Ok(seed)
}

/// The commitment to a server seed: `SHA-256(server_seed)`.
pub fn commitment(server_seed: &Seed) -> Seed {
    Sha256::digest(server_seed).into()
}

/// The match's ChaCha20 dice seed:
///
/// `SHA-256("dugout-dice-v1" || server_seed || len(home) || home || len(away) || away)`
///
/// where `home` and `away` are the coaches' entropy bytes (empty when a coach sent none)
/// and each `len` is one byte (entropy is at most [`MAX_ENTROPY_BYTES`] long).
pub fn dice_seed(server_seed: &Seed, entropy: [&[u8]; 2]) -> Seed {
    let mut h = Sha256::new();
    h.update(DICE_SEED_DOMAIN);
    h.update(server_seed);
    for e in entropy {
        // Callers pass entropy checked by `parse_entropy` (at most 64 bytes); the length
        // byte could not hold more, so more is never hashed.
        let e = &e[..e.len().min(MAX_ENTROPY_BYTES)];
        h.update([e.len() as u8]);
        h.update(e);
    }
    h.finalize().into()
}

/// Decode hex (either case, even length); `None` if it is not hex.
pub fn unhex(s: &str) -> Option<Vec<u8>> {
    let digit = |c: u8| match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    };
    let bytes = s.as_bytes();
    if !bytes.len().is_multiple_of(2) {
        return None;
    }
    bytes
        .chunks(2)
        .map(|pair| Some(digit(pair[0])? << 4 | digit(pair[1])?))
        .collect()
}

/// Decode 64 hex digits into a seed.
pub fn unhex_seed(s: &str) -> Option<Seed> {
    unhex(s)?.try_into().ok()
}

/// A coach's entropy as sent in `join_room`: 1 to [`MAX_ENTROPY_BYTES`] bytes of hex.
pub fn parse_entropy(s: &str) -> Result<Vec<u8>, String> {
    if s.is_empty() || s.len() > 2 * MAX_ENTROPY_BYTES {
        return Err(format!(
            "entropy must be 1 to {MAX_ENTROPY_BYTES} bytes (2 to {} hex digits), got {} characters",
            2 * MAX_ENTROPY_BYTES,
            s.len()
        ));
    }
    unhex(s).ok_or_else(|| "entropy must be hex digits, two per byte".to_owned())
}

/// The commitment event's content for a server seed and the coaches' entropy.
pub fn commit(server_seed: &Seed, entropy: &[Option<Vec<u8>>; 2]) -> DiceCommitment {
    DiceCommitment {
        commitment: hex(&commitment(server_seed)),
        entropy: [0, 1].map(|i| entropy[i].as_deref().map(hex)),
    }
}

/// The dice seed of a stored match: derived from the stored server seed and the entropy in
/// its `match_started` event; for a match stored before the commitment existed (its
/// `match_started` has none) the stored seed is the dice seed itself. `None` before the
/// match started.
pub fn match_dice_seed(log: &MatchLog) -> Result<Option<Seed>, StoreError> {
    let Some(server_seed) = log.server_seed else {
        return Ok(None);
    };
    match started(log) {
        Some(commitment) => {
            let entropy = entropy_bytes(commitment).map_err(StoreError::Corrupt)?;
            Ok(Some(dice_seed(
                &server_seed,
                [0, 1].map(|i| entropy[i].as_slice()),
            )))
        }
        None => Ok(Some(server_seed)),
    }
}

/// The commitment in the log's first event, if it is a `match_started` with one.
fn started(log: &MatchLog) -> Option<&DiceCommitment> {
    match log.events.first().map(|e| &e.event) {
        Some(RoomEvent::MatchStarted { dice, .. }) => dice.as_ref(),
        _ => None,
    }
}

/// The entropy of a commitment, decoded (empty where a coach sent none).
fn entropy_bytes(c: &DiceCommitment) -> Result<[Vec<u8>; 2], String> {
    let mut out = [Vec::new(), Vec::new()];
    for (i, e) in c.entropy.iter().enumerate() {
        if let Some(e) = e {
            out[i] = parse_entropy(e).map_err(|err| format!("{:?} entropy: {err}", side(i)))?;
        }
    }
    Ok(out)
}

fn side(i: usize) -> Side {
    if i == 0 { Side::Home } else { Side::Away }
}

// ----- verification --------------------------------------------------------------------

/// The outcome of verifying a stored match.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// The commitment holds and every stored event is what the replay produced.
    Verified(Verified),
    /// The match never started: there are no dice to verify.
    NotStarted { status: RoomStatus },
    /// The match is not over: its server seed is not revealed yet, so it cannot be verified.
    NotRevealed { status: RoomStatus, events: usize },
    /// The match does not verify.
    Failed(Mismatch),
}

/// What a successful verification checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Verified {
    pub commitment: String,
    pub server_seed: String,
    pub entropy: [Option<String>; 2],
    pub dice_seed: String,
    pub commands: usize,
    pub events: usize,
    pub result: MatchResult,
}

/// Why a stored match does not verify.
#[derive(Clone, Debug, PartialEq)]
pub enum Mismatch {
    /// The log does not open with a `match_started` that carries a commitment (a match
    /// stored before the server committed to its dice, or an altered first event).
    NoCommitment,
    /// The match is recorded as finished but its log has no `match_ended`.
    MissingEnd,
    /// `match_ended` reveals no seed, or not a 32-byte hex seed.
    BadReveal { revealed: Option<String> },
    /// The revealed seed's SHA-256 is not the commitment.
    Commitment {
        commitment: String,
        revealed: String,
        revealed_sha256: String,
    },
    /// The server's stored secret differs from the seed revealed in the log.
    StoredSeed { stored: String, revealed: String },
    /// The commitment's entropy is not valid hex of the allowed length.
    BadEntropy(String),
    /// The rules refuse the match's setup.
    Setup(String),
    /// A stored command does not replay: out of turn, refused by the rules, or its stored
    /// seq range disagrees with the events the replay produced.
    Command { n: usize, seq: u64, reason: String },
    /// The first event that differs. `None` on one side: the log is shorter or longer there.
    Event {
        seq: u64,
        stored: Option<Box<StoredEvent>>,
        regenerated: Option<Box<RoomEvent>>,
    },
    /// The result recorded for the match is not the one its log ends with.
    Result {
        stored: MatchResult,
        regenerated: MatchResult,
    },
}

fn json(event: &RoomEvent) -> String {
    serde_json::to_string(event).unwrap_or_else(|e| format!("<unprintable: {e}>"))
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mismatch::NoCommitment => write!(
                f,
                "no dice commitment: the log does not open with a match_started carrying one"
            ),
            Mismatch::MissingEnd => write!(
                f,
                "the match is recorded as finished but its log has no match_ended"
            ),
            Mismatch::BadReveal { revealed } => match revealed {
                Some(s) => write!(f, "match_ended reveals {s:?}, not a 32-byte hex seed"),
                None => write!(f, "match_ended reveals no server seed"),
            },
            Mismatch::Commitment {
                commitment,
                revealed,
                revealed_sha256,
            } => write!(
                f,
                "the revealed server seed does not match the commitment\n  \
                 commitment:         {commitment}\n  \
                 revealed seed:      {revealed}\n  \
                 SHA-256 of it:      {revealed_sha256}"
            ),
            Mismatch::StoredSeed { stored, revealed } => write!(
                f,
                "the server's stored seed differs from the one revealed in the log\n  \
                 stored:   {stored}\n  revealed: {revealed}"
            ),
            Mismatch::BadEntropy(e) => write!(f, "the commitment's entropy is invalid: {e}"),
            Mismatch::Setup(e) => write!(f, "the rules refuse the match's setup: {e}"),
            Mismatch::Command { n, seq, reason } => {
                write!(
                    f,
                    "command #{n} (after seq {seq}) does not replay: {reason}"
                )
            }
            Mismatch::Event {
                seq,
                stored,
                regenerated,
            } => {
                writeln!(f, "first mismatch at seq {seq}")?;
                match stored {
                    Some(s) if s.seq == *seq => writeln!(f, "  stored:      {}", json(&s.event))?,
                    Some(s) => writeln!(
                        f,
                        "  stored:      nothing (the next stored event is seq {}: {})",
                        s.seq,
                        json(&s.event)
                    )?,
                    None => writeln!(f, "  stored:      nothing (the log ends)")?,
                }
                match regenerated {
                    Some(e) => write!(f, "  regenerated: {}", json(e)),
                    None => write!(f, "  regenerated: nothing (the replay ends)"),
                }
            }
            Mismatch::Result {
                stored,
                regenerated,
            } => write!(
                f,
                "the match's recorded result {stored:?} is not the one its log ends with \
                 ({regenerated:?})"
            ),
        }
    }
}

/// Compares regenerated events with the stored log, one seq at a time.
struct Checker<'a> {
    stored: &'a [StoredEvent],
    /// Events checked so far: the next one is seq `next + 1`.
    next: usize,
}

impl Checker<'_> {
    fn seq(&self) -> u64 {
        self.next as u64
    }

    /// The stored event at the next seq, if the log has one there.
    fn peek(&self) -> Option<&RoomEvent> {
        self.stored
            .get(self.next)
            .filter(|e| e.seq == self.next as u64 + 1)
            .map(|e| &e.event)
    }

    fn expect(&mut self, regenerated: RoomEvent) -> Result<(), Mismatch> {
        let seq = self.next as u64 + 1;
        match self.stored.get(self.next) {
            Some(s) if s.seq == seq && s.event == regenerated => {
                self.next += 1;
                Ok(())
            }
            stored => Err(Mismatch::Event {
                seq,
                stored: stored.cloned().map(Box::new),
                regenerated: Some(Box::new(regenerated)),
            }),
        }
    }

    /// Nothing may follow the regenerated log.
    fn end(&self) -> Result<(), Mismatch> {
        match self.stored.get(self.next) {
            None => Ok(()),
            Some(s) => Err(Mismatch::Event {
                seq: self.next as u64 + 1,
                stored: Some(Box::new(s.clone())),
                regenerated: None,
            }),
        }
    }
}

/// Verify a stored match: check the revealed server seed against the commitment, derive the
/// dice seed, replay the stored commands through the rules with those dice, and compare
/// every regenerated event with the stored one, seq by seq.
///
/// The room's own facts that no command makes are taken from the log where they can only
/// be what they are: `timer_expired` before a timer's command (for the coach the command is
/// recorded for), and a closing `conceded` or `forfeited` (whose `match_ended` must then name
/// that coach as the loser).
pub fn verify_log(log: &MatchLog) -> Verdict {
    match verify_inner(log) {
        Ok(v) => v,
        Err(m) => Verdict::Failed(m),
    }
}

fn verify_inner(log: &MatchLog) -> Result<Verdict, Mismatch> {
    let Some(first) = log.events.first() else {
        return Ok(Verdict::NotStarted { status: log.status });
    };
    // The reveal: the log's `match_ended` (the log, not the status, is the source of truth).
    let ended = log.events.iter().find_map(|e| match &e.event {
        RoomEvent::MatchEnded { server_seed, .. } => Some(server_seed.clone()),
        _ => None,
    });
    let Some(revealed_hex) = ended else {
        if log.status == RoomStatus::Finished {
            return Err(Mismatch::MissingEnd);
        }
        return Ok(Verdict::NotRevealed {
            status: log.status,
            events: log.events.len(),
        });
    };
    let RoomEvent::MatchStarted {
        dice: Some(committed),
        ..
    } = &first.event
    else {
        return Err(Mismatch::NoCommitment);
    };
    let Some(server_seed) = revealed_hex.as_deref().and_then(unhex_seed) else {
        return Err(Mismatch::BadReveal {
            revealed: revealed_hex,
        });
    };
    let revealed = hex(&server_seed);
    let revealed_sha256 = hex(&commitment(&server_seed));
    if !committed.commitment.eq_ignore_ascii_case(&revealed_sha256) {
        return Err(Mismatch::Commitment {
            commitment: committed.commitment.clone(),
            revealed,
            revealed_sha256,
        });
    }
    if let Some(stored) = log.server_seed
        && stored != server_seed
    {
        return Err(Mismatch::StoredSeed {
            stored: hex(&stored),
            revealed,
        });
    }
    let entropy = entropy_bytes(committed).map_err(Mismatch::BadEntropy)?;
    let seed = dice_seed(&server_seed, [0, 1].map(|i| entropy[i].as_slice()));
    // The reveal as the room writes it (lower-case hex).
    let reveal = Some(revealed.clone());

    let mut check = Checker {
        stored: &log.events,
        next: 0,
    };
    check.expect(first.event.clone())?;
    let (mut replayer, events) = Replayer::start(log, seed).map_err(|e| match e {
        ReplayError::Panicked { .. } => Mismatch::Setup("the rules panicked on it".into()),
        other => Mismatch::Setup(other.to_string()),
    })?;
    for event in events {
        check.expect(RoomEvent::Game { event })?;
    }
    let mut result = None;
    for (n, c) in log.commands.iter().enumerate() {
        let seq = check.seq();
        let refuse = |reason: String| Mismatch::Command { n, seq, reason };
        if result.is_some() {
            return Err(refuse("it comes after the match ended".into()));
        }
        if c.seq_before != seq {
            return Err(refuse(format!(
                "it is stored as following seq {}, but the replay is at seq {seq}",
                c.seq_before
            )));
        }
        if c.source == CommandSource::Timer
            && let Some(RoomEvent::TimerExpired { coach }) = check.peek()
            && *coach == c.coach
        {
            check.expect(RoomEvent::TimerExpired { coach: c.coach })?;
        }
        // The rules check every command; a stored one they panic on is a failed replay,
        // never a crashed verifier (`crate::replay` catches it).
        let applied = replayer.apply(n, c).map_err(|e| {
            refuse(match e {
                ReplayError::NotDeciding {
                    recorded, deciding, ..
                } => {
                    format!("it is recorded for {recorded:?}, but the game waited for {deciding:?}")
                }
                ReplayError::Panicked { .. } => format!("the rules panicked on {:?}", c.command),
                ReplayError::Refused { reason, .. } => format!("the rules refuse it: {reason}"),
                ReplayError::Setup(e) => e,
            })
        })?;
        for event in applied.events {
            check.expect(RoomEvent::Game { event })?;
        }
        if let Some(r) = applied.ended {
            result = Some(r);
            check.expect(RoomEvent::MatchEnded {
                result: r,
                server_seed: reveal.clone(),
            })?;
        }
        if c.seq_after != check.seq() {
            return Err(refuse(format!(
                "its events are stored as ending at seq {}, but the replay's end at seq {}",
                c.seq_after,
                check.seq()
            )));
        }
    }
    if result.is_none() {
        // No command ended the game: only a concession or a forfeit can.
        let (event, r) = match check.peek() {
            Some(RoomEvent::Conceded { coach }) => (
                RoomEvent::Conceded { coach: *coach },
                MatchResult::Concession { loser: *coach },
            ),
            Some(RoomEvent::Forfeited { coach }) => (
                RoomEvent::Forfeited { coach: *coach },
                MatchResult::Forfeit { loser: *coach },
            ),
            // A coach gone and the win claimed: how long they were gone is a fact of the
            // room, not of the dice; it is taken as stored.
            Some(RoomEvent::Abandoned { coach, gone_ms }) => (
                RoomEvent::Abandoned {
                    coach: *coach,
                    gone_ms: *gone_ms,
                },
                MatchResult::Forfeit { loser: *coach },
            ),
            _ => {
                // What the log has here cannot be regenerated: report it as it is.
                let seq = check.seq() + 1;
                return Err(Mismatch::Event {
                    seq,
                    stored: log.events.get(check.next).cloned().map(Box::new),
                    regenerated: None,
                });
            }
        };
        check.expect(event)?;
        check.expect(RoomEvent::MatchEnded {
            result: r,
            server_seed: reveal.clone(),
        })?;
        result = Some(r);
    }
    check.end()?;
    let Some(result) = result else {
        // Unreachable: both branches above set it.
        return Err(Mismatch::Setup("no result".into()));
    };
    if let Some(stored) = log.result
        && stored != result
    {
        return Err(Mismatch::Result {
            stored,
            regenerated: result,
        });
    }
    Ok(Verdict::Verified(Verified {
        commitment: committed.commitment.clone(),
        server_seed: revealed,
        entropy: committed.entropy.clone(),
        dice_seed: hex(&seed),
        commands: log.commands.len(),
        events: log.events.len(),
        result,
    }))
}

/// A verification report for one match, as `dugout-server verify` prints it.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub id: String,
    /// `None`: the store has no such match.
    pub verdict: Option<Verdict>,
}

impl Report {
    /// The process exit code for this report: 0 verified, 1 failed, 2 nothing to verify
    /// (no such match, or it never started), 3 not finished (seed not revealed yet).
    pub fn exit_code(&self) -> u8 {
        match &self.verdict {
            Some(Verdict::Verified(_)) => 0,
            Some(Verdict::Failed(_)) => 1,
            None | Some(Verdict::NotStarted { .. }) => 2,
            Some(Verdict::NotRevealed { .. }) => 3,
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let id = &self.id;
        match &self.verdict {
            None => write!(f, "match {id}: no such match in the store"),
            Some(Verdict::NotStarted { status }) => write!(
                f,
                "match {id}: CANNOT VERIFY: the match never started (status {status:?}): \
                 no dice were rolled"
            ),
            Some(Verdict::NotRevealed { status, events }) => write!(
                f,
                "match {id}: CANNOT VERIFY YET: the match is not over (status {status:?}, \
                 {events} events); its server seed is revealed when it ends"
            ),
            Some(Verdict::Failed(m)) => write!(f, "match {id}: FAILED: {m}"),
            Some(Verdict::Verified(v)) => {
                let entropy = |i: usize| v.entropy[i].as_deref().unwrap_or("none").to_owned();
                write!(
                    f,
                    "match {id}: OK\n  \
                     commitment:  {}\n  \
                     server seed: {} (its SHA-256 is the commitment)\n  \
                     entropy:     home {}, away {}\n  \
                     dice seed:   {}\n  \
                     replayed {} commands: all {} stored events match; result {:?}",
                    v.commitment,
                    v.server_seed,
                    entropy(0),
                    entropy(1),
                    v.dice_seed,
                    v.commands,
                    v.events,
                    v.result
                )
            }
        }
    }
}

/// Load match `id` from `store` and verify it ([`verify_log`]).
pub async fn verify_match(store: &dyn Store, id: &str) -> Result<Report, StoreError> {
    let log = store.match_log(id).await?;
    Ok(Report {
        id: id.to_owned(),
        verdict: log.as_ref().map(verify_log),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_roundtrips_and_rejects_what_is_not_hex() {
        assert_eq!(unhex("00ffA0"), Some(vec![0, 255, 160]));
        assert_eq!(unhex(""), Some(vec![]));
        assert_eq!(unhex("abc"), None);
        assert_eq!(unhex("zz"), None);
        assert_eq!(unhex("é1"), None);
        let seed: Seed = std::array::from_fn(|i| i as u8 * 7);
        assert_eq!(unhex_seed(&hex(&seed)), Some(seed));
        assert_eq!(unhex_seed("00"), None);
    }

    #[test]
    fn entropy_is_one_to_64_bytes_of_hex() {
        assert_eq!(parse_entropy("0a"), Ok(vec![10]));
        assert_eq!(parse_entropy(&"ab".repeat(64)).map(|v| v.len()), Ok(64));
        assert!(parse_entropy("").is_err());
        assert!(parse_entropy(&"ab".repeat(65)).is_err());
        assert!(parse_entropy("abc").is_err());
        assert!(parse_entropy("xy").is_err());
    }

    #[test]
    fn the_derivation_is_the_documented_byte_layout() {
        let server: Seed = [1; 32];
        // By hand: "dugout-dice-v1" || seed || 02 beef || 00.
        let mut pre = b"dugout-dice-v1".to_vec();
        pre.extend([1u8; 32]);
        pre.extend([2, 0xbe, 0xef, 0]);
        let want: Seed = Sha256::digest(&pre).into();
        assert_eq!(dice_seed(&server, [&[0xbe, 0xef], &[]]), want);
        // Every input matters, and the length prefix keeps the two coaches apart.
        assert_ne!(dice_seed(&server, [&[], &[0xbe, 0xef]]), want);
        assert_ne!(dice_seed(&server, [&[0xbe], &[0xef]]), want);
        assert_ne!(dice_seed(&[2; 32], [&[0xbe, 0xef], &[]]), want);
        assert_eq!(commitment(&server), <Seed>::from(Sha256::digest([1u8; 32])));
    }

    /// The derivation's test vectors of `docs/protocol.md` ("Test vectors"); the stand-alone
    /// verifier (`examples/verifier`) asserts the same ones with its own code.
    #[test]
    fn the_derivation_gives_the_documented_test_vectors() {
        let zero: Seed = [0; 32];
        assert_eq!(
            hex(&dice_seed(&zero, [&[], &[]])),
            "9cbd855e77c2ffd429aabc4df3a839da9912ac701e40b07475779dc872351a4a"
        );
        let home = unhex("c0ffee00deadbeef").expect("hex");
        assert_eq!(
            hex(&dice_seed(&zero, [&home, &[]])),
            "0ff0b2d50f092064663d09f5a6732897d0239ce085b010750e3d2d2fbfb531da"
        );
    }

    #[test]
    fn a_commitment_publishes_the_hash_and_the_entropy_as_lower_case_hex() {
        let c = commit(&[0; 32], &[Some(vec![0xAB]), None]);
        assert_eq!(
            c.commitment,
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
        assert_eq!(c.entropy, [Some("ab".to_owned()), None]);
    }
}
