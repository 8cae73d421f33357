//! A stand-alone verifier of a finished Dugout match's provably fair dice, for third parties.
//!
//! It reads the match over the server's public REST API (the summary, the stored commands
//! and the event log) and checks it with nothing of the server's code: only the rules crate
//! (`dugout-rules`, whose `ChaChaDice` and engine the match was played with), the wire types
//! (`dugout-protocol`) and SHA-256. Every step follows `docs/protocol.md`, "Provably fair
//! dice":
//!
//! 1. `SHA-256(server_seed)`, the seed `match_ended` reveals, must be the commitment
//!    `match_started` published ([`commitment`]).
//! 2. The dice seed is derived from the server seed and the coaches' entropy ([`dice_seed`],
//!    written here from the documented byte layout).
//! 3. `new_game` with the stored setup and rules version, then every stored command in order,
//!    with `ChaChaDice::from_seed(dice_seed)`: every regenerated event must be the stored one,
//!    seq by seq, ending with `match_ended` ([`verify`]).
//!
//! [`Api`] fetches a match ([`Api::fetch`]); [`verify`] checks what was fetched and never
//! touches the network, so it can be run on data obtained any other way.

use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::Duration;

use dugout_protocol::{
    ApiError, CommandSource, DiceCommitment, EventPage, GameKind, LogEntry, MAX_ENTROPY_BYTES,
    MatchCommands, MatchResult, MatchSummary, RoomEvent, RoomStatus,
};
use dugout_rules::AnyGame;
use dugout_rules::core::{ChaChaDice, DiceSource};
use sha2::{Digest, Sha256};

/// A 32-byte seed: the server's secret, or the ChaCha20 dice seed derived from it.
pub type Seed = [u8; 32];

/// The domain tag that starts the dice seed's preimage (version 1 of the derivation).
pub const DICE_SEED_DOMAIN: &[u8] = b"dugout-dice-v1";

// ----- the derivation ----------------------------------------------------------------------

/// Bytes as lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    out
}

/// Hex (either case, two digits a byte) as bytes; `None` if it is not that.
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

/// 64 hex digits as a seed.
pub fn unhex_seed(s: &str) -> Option<Seed> {
    unhex(s)?.try_into().ok()
}

/// The commitment to a server seed: `SHA-256(server_seed)`.
pub fn commitment(server_seed: &Seed) -> Seed {
    Sha256::digest(server_seed).into()
}

/// The match's ChaCha20 dice seed, as `docs/protocol.md` specifies it:
///
/// `SHA-256("dugout-dice-v1" || server_seed || len(home) || home || len(away) || away)`
///
/// with each `len` one byte. `None` if an entropy is longer than [`MAX_ENTROPY_BYTES`] (the
/// server refuses those, and one length byte could not hold much more).
pub fn dice_seed(server_seed: &Seed, home: &[u8], away: &[u8]) -> Option<Seed> {
    let mut h = Sha256::new();
    h.update(DICE_SEED_DOMAIN);
    h.update(server_seed);
    for entropy in [home, away] {
        if entropy.len() > MAX_ENTROPY_BYTES {
            return None;
        }
        h.update([u8::try_from(entropy.len()).ok()?]);
        h.update(entropy);
    }
    Some(h.finalize().into())
}

/// A coach's published entropy: 1 to [`MAX_ENTROPY_BYTES`] bytes of hex (`None`: none sent).
fn entropy_bytes(entropy: &Option<String>) -> Result<Vec<u8>, String> {
    let Some(e) = entropy else {
        return Ok(Vec::new());
    };
    match unhex(e) {
        Some(bytes) if !bytes.is_empty() && bytes.len() <= MAX_ENTROPY_BYTES => Ok(bytes),
        _ => Err(format!(
            "{e:?} is not 1 to {MAX_ENTROPY_BYTES} bytes of hex"
        )),
    }
}

// ----- what is verified ------------------------------------------------------------------

/// Everything the verifier reads about a match, as the REST API serves it.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchData {
    /// `GET /api/matches/{id}`.
    pub summary: MatchSummary,
    /// `GET /api/matches/{id}/commands`.
    pub commands: MatchCommands,
    /// Every entry of `GET /api/matches/{id}/events`, all pages, in order.
    pub events: Vec<LogEntry>,
}

/// The outcome of [`verify`].
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// The commitment holds and every stored event is what the replay produced.
    Verified(Box<Verified>),
    /// The match is not over: its server seed is not revealed, so it cannot be checked yet.
    NotOver { status: RoomStatus },
    /// This verifier cannot replay the match (a game or rules version its rules crate does
    /// not know): nothing is proved either way. Build it with a newer `dugout-rules`.
    Unsupported(String),
    /// The match does not verify.
    Failed(Box<Mismatch>),
}

impl Verdict {
    /// The process exit code: 0 verified, 1 does not verify, 2 cannot be checked by this
    /// build, 3 not over.
    pub fn exit_code(&self) -> u8 {
        match self {
            Verdict::Verified(_) => 0,
            Verdict::Failed(_) => 1,
            Verdict::Unsupported(_) => 2,
            Verdict::NotOver { .. } => 3,
        }
    }
}

/// What a successful verification checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Verified {
    pub game: GameKind,
    pub rules_version: u32,
    pub commitment: String,
    pub server_seed: String,
    pub entropy: [Option<String>; 2],
    /// Derived here, never received.
    pub dice_seed: String,
    pub commands: usize,
    pub events: usize,
    pub result: MatchResult,
}

/// Why a match does not verify.
#[derive(Clone, Debug, PartialEq)]
pub enum Mismatch {
    /// The log does not open with a `match_started` that carries a commitment.
    NoCommitment,
    /// `match_ended` reveals no seed, or not 64 hex digits.
    BadReveal { revealed: Option<String> },
    /// The revealed seed's SHA-256 is not the commitment.
    Commitment {
        commitment: String,
        revealed: String,
        revealed_sha256: String,
    },
    /// The routes disagree with each other or with the log (the summary's or the commands'
    /// dice, ids, sequence numbers).
    Inconsistent(String),
    /// The commitment's entropy is not valid hex of the allowed length.
    BadEntropy(String),
    /// The rules refuse the match's setup.
    Setup(String),
    /// Stored command `n` (0-based) does not replay: recorded for the coach the game did not
    /// wait for, refused by the rules, or its seq range disagrees with the replay.
    Command { n: usize, seq: u64, reason: String },
    /// The first event that differs. `None` on one side: the log is shorter or longer there.
    Event {
        seq: u64,
        stored: Option<Box<LogEntry>>,
        regenerated: Option<Box<RoomEvent>>,
    },
    /// The result the summary records is not the one the log ends with.
    Result {
        stored: MatchResult,
        regenerated: MatchResult,
    },
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("<unprintable: {e}>"))
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mismatch::NoCommitment => write!(
                f,
                "no dice commitment: the log does not open with a match_started carrying one"
            ),
            Mismatch::BadReveal { revealed: Some(s) } => {
                write!(f, "match_ended reveals {s:?}, not a 32-byte hex seed")
            }
            Mismatch::BadReveal { revealed: None } => {
                write!(f, "match_ended reveals no server seed")
            }
            Mismatch::Commitment {
                commitment,
                revealed,
                revealed_sha256,
            } => write!(
                f,
                "the revealed server seed does not match the commitment\n  \
                 commitment:    {commitment}\n  \
                 revealed seed: {revealed}\n  \
                 SHA-256 of it: {revealed_sha256}"
            ),
            Mismatch::Inconsistent(why) => write!(f, "the server's answers disagree: {why}"),
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
                "the match's recorded result {} is not the one its log ends with ({})",
                json(stored),
                json(regenerated)
            ),
        }
    }
}

impl fmt::Display for Verified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let entropy = |i: usize| self.entropy[i].clone().unwrap_or_else(|| "none".into());
        write!(
            f,
            "  game:        {}, rules version {}\n  \
             commitment:  {}\n  \
             server seed: {} (its SHA-256 is the commitment)\n  \
             entropy:     home {}, away {}\n  \
             dice seed:   {} (derived here)\n  \
             replayed {} commands: all {} stored events match; result {}",
            self.game,
            self.rules_version,
            self.commitment,
            self.server_seed,
            entropy(0),
            entropy(1),
            self.dice_seed,
            self.commands,
            self.events,
            json(&self.result)
        )
    }
}

// ----- the replay --------------------------------------------------------------------------

/// Compares regenerated events with the stored log, one seq at a time.
struct Checker<'a> {
    stored: &'a [LogEntry],
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

/// Run `f`, turning a panic of the rules into an error: the data is the server's, and must
/// never crash the verifier.
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, ()> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|_| ())
}

/// Verify a fetched match: the commitment, the derived dice seed, and a replay of every
/// command through the rules compared with every stored event (module docs).
///
/// The room's own facts that no command makes are taken from the log where they can only be
/// what they are: a `timer_expired` before a timer's command (for the coach the command is
/// recorded for), and a closing `conceded`, `forfeited` or `abandoned` when no command ended
/// the game (its `match_ended` must then name that coach as the loser).
pub fn verify(m: &MatchData) -> Verdict {
    match verify_inner(m) {
        Ok(v) => v,
        Err(mismatch) => Verdict::Failed(Box::new(mismatch)),
    }
}

fn verify_inner(m: &MatchData) -> Result<Verdict, Mismatch> {
    let log = &m.events;
    let c = &m.commands;
    // The reveal, as the log has it (the log is the source of truth; the other routes are
    // checked against it below).
    let reveal = log.iter().find_map(|e| match &e.event {
        RoomEvent::MatchEnded { server_seed, .. } => Some(server_seed.clone()),
        _ => None,
    });
    let Some(revealed_hex) = reveal else {
        return Ok(Verdict::NotOver {
            status: m.summary.item.status,
        });
    };
    if c.id != m.summary.item.id {
        return Err(Mismatch::Inconsistent(format!(
            "the commands are of match {:?}, the summary of {:?}",
            c.id, m.summary.item.id
        )));
    }
    let game = c.setup.kind();
    if m.summary.item.game != game {
        return Err(Mismatch::Inconsistent(format!(
            "the summary says {}, the commands' setup {game}",
            m.summary.item.game
        )));
    }
    let versions = game.oldest_rules_version()..=game.rules_version();
    if !versions.contains(&c.rules_version) {
        return Ok(Verdict::Unsupported(format!(
            "the match was played under {game} rules version {}; this verifier's rules crate \
             replays versions {} to {}",
            c.rules_version,
            versions.start(),
            versions.end()
        )));
    }
    let Some(first) = log.first() else {
        return Err(Mismatch::NoCommitment);
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
    same_dice("the commands route", &c.dice, committed, &revealed_hex)?;
    same_dice("the summary", &m.summary.dice, committed, &revealed_hex)?;
    let last_seq = log.last().map_or(0, |e| e.seq);
    if c.last_seq != last_seq || m.summary.last_seq != last_seq {
        return Err(Mismatch::Inconsistent(format!(
            "the log ends at seq {last_seq}, the commands route says {}, the summary {}",
            c.last_seq, m.summary.last_seq
        )));
    }

    let home = entropy_bytes(&committed.entropy[0])
        .map_err(|e| Mismatch::BadEntropy(format!("home: {e}")))?;
    let away = entropy_bytes(&committed.entropy[1])
        .map_err(|e| Mismatch::BadEntropy(format!("away: {e}")))?;
    let seed = dice_seed(&server_seed, &home, &away)
        .ok_or_else(|| Mismatch::BadEntropy("longer than a length byte allows".into()))?;
    // `match_ended` as the room writes it: the seed in lower-case hex.
    let reveal = Some(revealed.clone());

    let mut check = Checker {
        stored: log,
        next: 0,
    };
    check.expect(first.event.clone())?;
    let mut dice = ChaChaDice::from_seed(seed);
    let (mut game_state, opening) = {
        let dice: &mut dyn DiceSource = &mut dice;
        guarded(|| AnyGame::new_game(c.setup.clone(), c.rules_version, dice))
            .map_err(|()| Mismatch::Setup("the rules panicked on it".into()))?
            .map_err(|e| Mismatch::Setup(e.to_string()))?
    };
    for event in opening {
        check.expect(RoomEvent::Game { event })?;
    }
    let mut result = None;
    for (n, cmd) in c.commands.iter().enumerate() {
        let seq = check.seq();
        let refuse = |reason: String| Mismatch::Command { n, seq, reason };
        if result.is_some() {
            return Err(refuse("it comes after the match ended".into()));
        }
        if cmd.seq_before != seq {
            return Err(refuse(format!(
                "it is stored as following seq {}, but the replay is at seq {seq}",
                cmd.seq_before
            )));
        }
        if cmd.source == CommandSource::Timer
            && let Some(RoomEvent::TimerExpired { coach }) = check.peek()
            && *coach == cmd.seat
        {
            check.expect(RoomEvent::TimerExpired { coach: cmd.seat })?;
        }
        let deciding = game_state.deciding();
        if deciding != Some(cmd.seat) {
            return Err(refuse(format!(
                "it is recorded for {:?}, but the game waited for {deciding:?}",
                cmd.seat
            )));
        }
        let events = {
            let dice: &mut dyn DiceSource = &mut dice;
            let game = &mut game_state;
            guarded(|| game.apply(cmd.command.clone(), dice))
                .map_err(|()| refuse(format!("the rules panicked on {}", json(&cmd.command))))?
                .map_err(|e| refuse(format!("the rules refuse it: {e}")))?
        };
        for event in events {
            check.expect(RoomEvent::Game { event })?;
        }
        if let Some(outcome) = game_state.outcome() {
            let r = MatchResult::Game {
                outcome,
                score: game_state.score(),
            };
            result = Some(r);
            check.expect(RoomEvent::MatchEnded {
                result: r,
                server_seed: reveal.clone(),
            })?;
        }
        if cmd.seq_after != check.seq() {
            return Err(refuse(format!(
                "its events are stored as ending at seq {}, but the replay's end at seq {}",
                cmd.seq_after,
                check.seq()
            )));
        }
    }
    let result = match result {
        Some(r) => r,
        None => {
            // No command ended the game: only a concession, a forfeit or a claimed win can.
            let (event, r) = match check.peek() {
                Some(RoomEvent::Conceded { coach }) => (
                    RoomEvent::Conceded { coach: *coach },
                    MatchResult::Concession { loser: *coach },
                ),
                Some(RoomEvent::Forfeited { coach }) => (
                    RoomEvent::Forfeited { coach: *coach },
                    MatchResult::Forfeit { loser: *coach },
                ),
                // How long the coach was gone is a fact of the room, not of the dice.
                Some(RoomEvent::Abandoned { coach, gone_ms }) => (
                    RoomEvent::Abandoned {
                        coach: *coach,
                        gone_ms: *gone_ms,
                    },
                    MatchResult::Forfeit { loser: *coach },
                ),
                _ => {
                    return Err(Mismatch::Event {
                        seq: check.seq() + 1,
                        stored: log.get(check.next).cloned().map(Box::new),
                        regenerated: None,
                    });
                }
            };
            check.expect(event)?;
            check.expect(RoomEvent::MatchEnded {
                result: r,
                server_seed: reveal.clone(),
            })?;
            r
        }
    };
    check.end()?;
    if let Some(stored) = m.summary.item.result
        && stored != result
    {
        return Err(Mismatch::Result {
            stored,
            regenerated: result,
        });
    }
    Ok(Verdict::Verified(Box::new(Verified {
        game,
        rules_version: c.rules_version,
        commitment: committed.commitment.clone(),
        server_seed: revealed,
        entropy: committed.entropy.clone(),
        dice_seed: hex(&seed),
        commands: c.commands.len(),
        events: log.len(),
        result,
    })))
}

/// The dice another route shows must be the log's.
fn same_dice(
    route: &str,
    dice: &dugout_protocol::DiceInfo,
    committed: &DiceCommitment,
    revealed: &Option<String>,
) -> Result<(), Mismatch> {
    let commitment_agrees = dice
        .commitment
        .as_deref()
        .is_some_and(|c| c.eq_ignore_ascii_case(&committed.commitment));
    if !commitment_agrees || dice.entropy != committed.entropy || dice.server_seed != *revealed {
        return Err(Mismatch::Inconsistent(format!(
            "{route} shows the dice {}, the log's match_started and match_ended {} and {}",
            json(dice),
            json(committed),
            json(revealed)
        )));
    }
    Ok(())
}

// ----- the REST API ------------------------------------------------------------------------

/// How long one request may take.
pub const TIMEOUT: Duration = Duration::from_secs(30);
/// The largest answer read (a page of 1000 events is far below).
pub const MAX_RESPONSE_BYTES: usize = 64 << 20;
/// Events asked for per page (the server's most).
pub const EVENTS_PAGE: usize = 1000;

/// Why a match could not be fetched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FetchError {
    /// A bad `--server` URL or match id.
    Usage(String),
    /// The server could not be reached, or the exchange failed.
    Network(String),
    /// No such match, or a private one the token does not open (the server answers 404).
    NotFound(String),
    /// The match is not over (or never started): nothing can be verified yet.
    NotOver(String),
    /// Any other refusal: the status, the server's error code and message.
    Refused { status: u16, message: String },
    /// An answer that is not the documented JSON.
    BadAnswer(String),
}

impl FetchError {
    /// The process exit code: 3 when the match is not over, else 2.
    pub fn exit_code(&self) -> u8 {
        match self {
            FetchError::NotOver(_) => 3,
            _ => 2,
        }
    }
}

impl fmt::Display for FetchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FetchError::Usage(why) => write!(f, "{why}"),
            FetchError::Network(why) => write!(f, "cannot reach the server: {why}"),
            FetchError::NotFound(why) => write!(f, "not found: {why}"),
            FetchError::NotOver(why) => write!(f, "{why}"),
            FetchError::Refused { status, message } => {
                write!(f, "the server refused (HTTP {status}): {message}")
            }
            FetchError::BadAnswer(why) => write!(f, "unexpected answer: {why}"),
        }
    }
}

impl std::error::Error for FetchError {}

/// A server's REST API, read with an optional bearer token (a private match is served only
/// to its coaches).
#[derive(Clone, Debug)]
pub struct Api {
    base: String,
    token: Option<String>,
    client: reqwest::Client,
}

/// Percent-encode one path segment (a match id is a UUID; anything else is escaped).
fn segment(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

impl Api {
    /// The API at `server` (`http://host:port` or `https://...`), with `token` if given.
    pub fn new(server: &str, token: Option<&str>) -> Result<Api, FetchError> {
        let base = server.trim().trim_end_matches('/').to_owned();
        if !(base.starts_with("http://") || base.starts_with("https://")) {
            return Err(FetchError::Usage(format!(
                "--server {server:?}: expected http://host:port or https://host"
            )));
        }
        if token.is_some_and(|t| t.is_empty() || t.contains(['\r', '\n'])) {
            return Err(FetchError::Usage(
                "--token: an empty token or a line break".into(),
            ));
        }
        // HTTPS with rustls and its ring provider, trusting the bundled Mozilla roots.
        let roots =
            rustls::RootCertStore::from_iter(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
        let tls = rustls::ClientConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .map_err(|e| FetchError::Usage(format!("cannot set up TLS: {e}")))?
        .with_root_certificates(roots)
        .with_no_client_auth();
        let client = reqwest::Client::builder()
            .tls_backend_preconfigured(tls)
            .timeout(TIMEOUT)
            .connect_timeout(TIMEOUT)
            .no_proxy()
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("dugout-verify/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| FetchError::Usage(format!("cannot set up the HTTP client: {e}")))?;
        Ok(Api {
            base,
            token: token.map(str::to_owned),
            client,
        })
    }

    /// GET `path` and parse its JSON.
    async fn get<T: serde::de::DeserializeOwned>(&self, path: &str) -> Result<T, FetchError> {
        let url = format!("{}{path}", self.base);
        let mut request = self
            .client
            .get(&url)
            .header(reqwest::header::ACCEPT, "application/json");
        if let Some(token) = &self.token {
            request = request.bearer_auth(token);
        }
        let network = |e: reqwest::Error| {
            let mut words = e.to_string();
            let mut source = std::error::Error::source(&e);
            while let Some(s) = source {
                words.push_str(&format!(": {s}"));
                source = s.source();
            }
            FetchError::Network(format!("GET {url}: {words}"))
        };
        let mut response = request.send().await.map_err(network)?;
        let status = response.status().as_u16();
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(network)? {
            if body.len() + chunk.len() > MAX_RESPONSE_BYTES {
                return Err(FetchError::BadAnswer(format!(
                    "GET {url}: more than {MAX_RESPONSE_BYTES} bytes"
                )));
            }
            body.extend_from_slice(&chunk);
        }
        if status != 200 {
            let message = match serde_json::from_slice::<ApiError>(&body) {
                Ok(e) => format!("{} ({})", e.message, json(&e.code)),
                Err(_) => String::from_utf8_lossy(&body).chars().take(300).collect(),
            };
            return Err(match status {
                404 => FetchError::NotFound(message),
                409 => FetchError::NotOver(message),
                _ => FetchError::Refused { status, message },
            });
        }
        serde_json::from_slice(&body).map_err(|e| FetchError::BadAnswer(format!("GET {url}: {e}")))
    }

    /// `GET /api/matches/{id}`.
    pub async fn summary(&self, id: &str) -> Result<MatchSummary, FetchError> {
        self.get(&format!("/api/matches/{}", segment(id))).await
    }

    /// `GET /api/matches/{id}/commands` (a finished match only).
    pub async fn commands(&self, id: &str) -> Result<MatchCommands, FetchError> {
        self.get(&format!("/api/matches/{}/commands", segment(id)))
            .await
    }

    /// Every event of `GET /api/matches/{id}/events`, page by page. Refused as not over if
    /// the server projects the log (it does so only while the match is live).
    pub async fn events(&self, id: &str) -> Result<Vec<LogEntry>, FetchError> {
        let mut out: Vec<LogEntry> = Vec::new();
        let mut from = 1u64;
        loop {
            let page: EventPage = self
                .get(&format!(
                    "/api/matches/{}/events?from={from}&limit={EVENTS_PAGE}",
                    segment(id)
                ))
                .await?;
            if let Some(seat) = page.projected_for {
                return Err(FetchError::NotOver(format!(
                    "the log is projected for {}: the match is not over",
                    json(&seat).trim_matches('"')
                )));
            }
            out.extend(page.events);
            match page.next_from {
                // A page must move forward, or a faulty server would loop us forever.
                Some(next) if next > from && next <= page.last_seq => from = next,
                Some(next) => {
                    return Err(FetchError::BadAnswer(format!(
                        "events: next_from {next} after from {from} (last_seq {})",
                        page.last_seq
                    )));
                }
                None => return Ok(out),
            }
        }
    }

    /// Fetch everything [`verify`] needs: the summary (a match not over is refused with
    /// [`FetchError::NotOver`] before anything else is asked), the commands and the events.
    pub async fn fetch(&self, id: &str) -> Result<MatchData, FetchError> {
        if id.is_empty() {
            return Err(FetchError::Usage("--match: an empty id".into()));
        }
        let summary = self.summary(id).await?;
        if !summary.dice.revealed {
            return Err(FetchError::NotOver(format!(
                "the match is not over (status {}): its server seed is revealed when it ends",
                json(&summary.item.status).trim_matches('"')
            )));
        }
        let commands = self.commands(id).await?;
        let events = self.events(id).await?;
        Ok(MatchData {
            summary,
            commands,
            events,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_roundtrips_and_rejects_what_is_not_hex() {
        assert_eq!(unhex("00ffA0"), Some(vec![0, 255, 160]));
        assert_eq!(hex(&[0, 255, 160]), "00ffa0");
        assert_eq!(unhex("abc"), None);
        assert_eq!(unhex("zz"), None);
        assert_eq!(unhex_seed("00"), None);
        assert_eq!(segment("a b/é"), "a%20b%2F%C3%A9");
    }

    /// The derivation's test vectors of `docs/protocol.md` (the server's `fair.rs` asserts
    /// the same ones): this verifier's own code, from the documented byte layout.
    #[test]
    fn the_derivation_is_the_documented_test_vector() {
        let zero = [0u8; 32];
        assert_eq!(
            hex(&commitment(&zero)),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
        let seed = dice_seed(&zero, &[], &[]).expect("no entropy");
        assert_eq!(hex(&seed), DERIVED_NO_ENTROPY);
        let home = unhex("c0ffee00deadbeef").expect("hex");
        let seed = dice_seed(&zero, &home, &[]).expect("short entropy");
        assert_eq!(hex(&seed), DERIVED_HOME_ENTROPY);
        // By hand: the preimage's bytes.
        let mut pre = b"dugout-dice-v1".to_vec();
        pre.extend([0u8; 32]);
        pre.extend([8, 0xc0, 0xff, 0xee, 0x00, 0xde, 0xad, 0xbe, 0xef, 0]);
        assert_eq!(hex(&Sha256::digest(&pre)), DERIVED_HOME_ENTROPY);
        assert_eq!(dice_seed(&zero, &[0; 65], &[]), None);
    }

    const DERIVED_NO_ENTROPY: &str =
        "9cbd855e77c2ffd429aabc4df3a839da9912ac701e40b07475779dc872351a4a";
    const DERIVED_HOME_ENTROPY: &str =
        "0ff0b2d50f092064663d09f5a6732897d0239ce085b010750e3d2d2fbfb531da";
}
