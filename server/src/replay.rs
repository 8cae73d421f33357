//! Replaying a stored match through the rules: the one implementation behind crash recovery
//! (`crate::recovery`), `dugout-server verify` and the verification route (`crate::fair`),
//! and the archive's state at a seq (`crate::archive`).
//!
//! A replay starts a fresh game from the stored setup, under the **rules version the match
//! was stored with**, and the match's dice seed, then applies the stored commands in order.
//! Each caller checks what it needs against the stored events (recovery and verification
//! compare every one); this module owns what they share: starting under the right version,
//! refusing a command recorded for the coach who was not deciding, turning an end of the
//! game into its [`MatchResult`], and catching a panic of the rules, because a stored log is
//! data and must never take the server (or the verifier) down.
//!
//! Which rules versions a server replays: every version from the game's oldest to its
//! newest (`GameKind::oldest_rules_version..=rules_version`). A match stored by a newer
//! server (a version this one does not know) is refused with [`ReplayError::Setup`]: recovery
//! leaves it untouched in the store and reports it; `verify` says so. See `docs/design.md`,
//! "Rules versions".

use dugout_protocol::MatchResult;
use dugout_rules::core::{ChaChaDice, Side};
use dugout_rules::{AnyEvent, AnyGame};

use crate::store::{CommandRecord, MatchLog};

/// Why a stored match does not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The stored setup (or rules version) does not start a match.
    Setup(String),
    /// Command `n` is recorded for a coach the game was not waiting for.
    NotDeciding {
        n: usize,
        recorded: Side,
        deciding: Option<Side>,
    },
    /// The rules refuse command `n`.
    Refused { n: usize, reason: String },
    /// The rules panicked on command `n` (or on the setup: `n` is `None`).
    Panicked { n: Option<usize> },
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Setup(e) => write!(f, "the match does not start: {e}"),
            ReplayError::NotDeciding {
                n,
                recorded,
                deciding,
            } => write!(
                f,
                "command {n} is recorded for {recorded:?}, but the game waited for {deciding:?}"
            ),
            ReplayError::Refused { n, reason } => {
                write!(f, "command {n} is refused by the rules: {reason}")
            }
            ReplayError::Panicked { n: Some(n) } => write!(f, "the rules panicked on command {n}"),
            ReplayError::Panicked { n: None } => write!(f, "the rules panicked on the setup"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// What one replayed command made.
#[derive(Debug)]
pub struct Applied {
    pub events: Vec<AnyEvent>,
    /// The result, when this command ended the game.
    pub ended: Option<MatchResult>,
}

/// A stored match being replayed: the game and its dice, at the same point of their stream
/// as when the match was played.
#[derive(Debug)]
pub struct Replayer {
    game: AnyGame,
    dice: ChaChaDice,
}

fn guarded<T>(n: Option<usize>, f: impl FnOnce() -> T) -> Result<T, ReplayError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .map_err(|_| ReplayError::Panicked { n })
}

impl Replayer {
    /// Start `log`'s match with the dice `seed`: the game and its opening events.
    pub fn start(log: &MatchLog, seed: [u8; 32]) -> Result<(Replayer, Vec<AnyEvent>), ReplayError> {
        let mut dice = ChaChaDice::from_seed(seed);
        let (game, events) = guarded(None, || {
            AnyGame::new_game(log.spec.setup.clone(), log.rules_version, &mut dice)
        })?
        .map_err(|e| ReplayError::Setup(e.to_string()))?;
        Ok((Replayer { game, dice }, events))
    }

    /// Apply stored command `n`.
    pub fn apply(&mut self, n: usize, c: &CommandRecord) -> Result<Applied, ReplayError> {
        let deciding = self.game.deciding();
        if deciding != Some(c.coach) {
            return Err(ReplayError::NotDeciding {
                n,
                recorded: c.coach,
                deciding,
            });
        }
        let (game, dice) = (&mut self.game, &mut self.dice);
        let events = guarded(Some(n), || game.apply(c.command.clone(), dice))?.map_err(|e| {
            ReplayError::Refused {
                n,
                reason: e.to_string(),
            }
        })?;
        Ok(Applied {
            events,
            ended: result_of(&self.game),
        })
    }

    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The game and the dice, to play on (recovery).
    pub fn into_parts(self) -> (AnyGame, ChaChaDice) {
        (self.game, self.dice)
    }
}

/// The result of a game the rules ended (`None` while it goes on).
pub fn result_of(game: &AnyGame) -> Option<MatchResult> {
    game.outcome().map(|outcome| MatchResult::Game {
        outcome,
        score: game.score(),
    })
}

/// Replay `log` with dice `seed` to `seq`: the game after the last whole command whose
/// events end at or before `seq`, and that command's last seq (or the end of the opening
/// events, `match_started` being seq 1). Nothing is compared with the stored events.
pub fn replay_to(log: &MatchLog, seed: [u8; 32], seq: u64) -> Result<(AnyGame, u64), ReplayError> {
    let (mut replayer, opening) = Replayer::start(log, seed)?;
    let mut at = 1 + opening.len() as u64;
    for (n, c) in log.commands.iter().enumerate() {
        if c.seq_after > seq {
            break;
        }
        replayer.apply(n, c)?;
        at = c.seq_after;
    }
    Ok((replayer.game, at))
}
