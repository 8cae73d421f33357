//! Turn timers: what a room's [`TimerPolicy`] means as deadlines on tokio's clock.
//!
//! The room asks [`Clock::next_wake`] for the instant to sleep until and, after every
//! change of the game and every wake-up, [`Clock::due`] for what to do. Time is tokio's, so
//! tests pause it and every deadline still holds on that clock.
//!
//! * Per turn: the clock restarts whenever the turn changes (during set-up, whenever the
//!   coach placing players changes). When it runs out the room plays for that coach:
//!   `end_turn` at the Action prompt, else `decline` if legal, else the first legal command,
//!   until the turn changes. If an interrupt gives the opponent a decision meanwhile, the
//!   room waits for it and goes on afterwards.
//! * Chess clock: each coach's time runs while the game waits for that coach's decision.
//!   Out of time: that coach forfeits.

use std::time::Duration;

use dugout_protocol::TimerPolicy;
use dugout_rules::AnyGame;
use dugout_rules::core::{Side, TurnMarker};
use tokio::time::Instant;

/// What a clock wants done now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Due {
    /// Play for this coach until the turn changes.
    EndTurn { coach: Side, first: bool },
    /// This coach ran out of time.
    Forfeit { coach: Side },
}

/// Which turn a per-turn clock is timing: the game's own marker (the game contract's
/// `turn_marker`), which changes at every new turn and set-up.
type TurnKey = TurnMarker;

fn turn_key(g: &AnyGame) -> Option<TurnKey> {
    g.turn_marker()
}

#[derive(Debug)]
pub enum Clock {
    None,
    PerTurn {
        limit: Duration,
        key: Option<TurnKey>,
        deadline: Option<Instant>,
        /// The deadline passed and the room has seen it (no more wake-ups for it).
        fired: bool,
        /// The room has begun playing for the coach (`TimerExpired` was sent).
        announced: bool,
    },
    Chess {
        remaining: [Duration; 2],
        /// Whose time runs, since when.
        running: Option<(Side, Instant)>,
    },
}

impl Clock {
    pub fn new(policy: TimerPolicy) -> Clock {
        match policy {
            TimerPolicy::None => Clock::None,
            TimerPolicy::PerTurn { seconds } => Clock::PerTurn {
                limit: Duration::from_secs(u64::from(seconds)),
                key: None,
                deadline: None,
                fired: false,
                announced: false,
            },
            TimerPolicy::ChessClock { seconds } => Clock::Chess {
                remaining: [Duration::from_secs(u64::from(seconds)); 2],
                running: None,
            },
        }
    }

    /// The game changed (or the match ended: `game` is `None`).
    pub fn observe(&mut self, game: Option<&AnyGame>, now: Instant) {
        match self {
            Clock::None => {}
            Clock::PerTurn {
                limit,
                key,
                deadline,
                fired,
                announced,
            } => {
                let new = game.and_then(turn_key);
                if new != *key {
                    *key = new;
                    *deadline = new.map(|_| now + *limit);
                    *fired = false;
                    *announced = false;
                }
            }
            Clock::Chess { remaining, running } => {
                if let Some((side, since)) = running.take() {
                    let r = &mut remaining[side.index()];
                    *r = r.saturating_sub(now.saturating_duration_since(since));
                }
                *running = game
                    .filter(|g| !g.is_over())
                    .and_then(AnyGame::deciding)
                    .map(|side| (side, now));
            }
        }
    }

    /// When the room should wake up for this clock.
    pub fn next_wake(&self) -> Option<Instant> {
        match self {
            Clock::None => None,
            Clock::PerTurn {
                deadline, fired, ..
            } => deadline.filter(|_| !*fired),
            Clock::Chess { remaining, running } => {
                running.map(|(side, since)| since + remaining[side.index()])
            }
        }
    }

    /// What is due now for `game`, if anything. Marks a per-turn expiry as acted upon.
    pub fn due(&mut self, game: &AnyGame, now: Instant) -> Option<Due> {
        match self {
            Clock::None => None,
            Clock::PerTurn {
                key,
                deadline,
                fired,
                announced,
                ..
            } => {
                let k = (*key)?;
                if now < (*deadline)? {
                    return None;
                }
                *fired = true;
                if game.deciding() != Some(k.coach) {
                    // An interrupt: the opponent decides first; we go on after.
                    return None;
                }
                let first = !*announced;
                *announced = true;
                Some(Due::EndTurn {
                    coach: k.coach,
                    first,
                })
            }
            Clock::Chess { remaining, running } => {
                let (side, since) = (*running)?;
                (now >= since + remaining[side.index()]).then_some(Due::Forfeit { coach: side })
            }
        }
    }

    /// Time left for the coach who decides now, if the policy limits it.
    pub fn time_left(&self, now: Instant) -> Option<Duration> {
        match self {
            Clock::None => None,
            Clock::PerTurn { deadline, .. } => deadline.map(|d| d.saturating_duration_since(now)),
            Clock::Chess { remaining, running } => running.map(|(side, since)| {
                remaining[side.index()].saturating_sub(now.saturating_duration_since(since))
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dugout_rules::blitz::{self, data::BoardSide};
    use dugout_rules::core::ChaChaDice;
    use dugout_rules::{AnySetup, GameKind};

    /// Play the first legal command while `side` decides.
    fn play_while(g: &mut AnyGame, dice: &mut ChaChaDice, side: Side, clock: &mut Clock) {
        while g.deciding() == Some(side) {
            let cmd = g.legal_commands()[0].clone();
            g.apply(cmd, dice).expect("legal");
            clock.observe(Some(g), Instant::now());
        }
    }

    fn new_game(setup: blitz::MatchSetup, dice: &mut ChaChaDice) -> AnyGame {
        AnyGame::new_game(
            AnySetup::Blitz(setup),
            GameKind::Blitz.rules_version(),
            dice,
        )
        .expect("setup")
        .0
    }

    #[tokio::test(start_paused = true)]
    async fn the_chess_clock_runs_only_for_the_deciding_coach() {
        let mut setup = blitz::MatchSetup {
            edition: blitz::Edition::Bb2024,
            teams: [blitz::data::TeamId::ALL[0], blitz::data::TeamId::ALL[1]],
            options: blitz::Options::default(),
        };
        setup.options.board_side = Some(BoardSide::OneTrapdoor);
        let mut dice = ChaChaDice::from_u64(1);
        let mut g = new_game(setup, &mut dice);
        let mut clock = Clock::new(TimerPolicy::ChessClock { seconds: 100 });
        clock.observe(Some(&g), Instant::now());
        let a = g.deciding().expect("coach A sets up");

        tokio::time::advance(Duration::from_secs(40)).await;
        play_while(&mut g, &mut dice, a, &mut clock);
        // The other coach's clock runs now; A has 60 s left.
        tokio::time::advance(Duration::from_secs(50)).await;
        assert_eq!(
            clock.time_left(Instant::now()),
            Some(Duration::from_secs(50))
        );
        play_while(&mut g, &mut dice, a.other(), &mut clock);
        assert_eq!(g.deciding(), Some(a), "A's first turn");
        assert_eq!(
            clock.time_left(Instant::now()),
            Some(Duration::from_secs(60))
        );
        assert_eq!(
            clock.next_wake(),
            Some(Instant::now() + Duration::from_secs(60))
        );
        tokio::time::advance(Duration::from_secs(59)).await;
        assert_eq!(clock.due(&g, Instant::now()), None);
        tokio::time::advance(Duration::from_secs(1)).await;
        assert_eq!(
            clock.due(&g, Instant::now()),
            Some(Due::Forfeit { coach: a })
        );
    }

    #[tokio::test(start_paused = true)]
    async fn the_turn_clock_restarts_when_the_deciding_coach_changes_and_fires_once() {
        let mut setup = blitz::MatchSetup {
            edition: blitz::Edition::Bb2024,
            teams: [blitz::data::TeamId::ALL[0], blitz::data::TeamId::ALL[1]],
            options: blitz::Options::default(),
        };
        setup.options.board_side = Some(BoardSide::OneTrapdoor);
        let mut dice = ChaChaDice::from_u64(2);
        let mut g = new_game(setup, &mut dice);
        let mut clock = Clock::new(TimerPolicy::PerTurn { seconds: 30 });
        clock.observe(Some(&g), Instant::now());
        let a = g.deciding().expect("coach A sets up");

        tokio::time::advance(Duration::from_secs(20)).await;
        assert_eq!(clock.due(&g, Instant::now()), None);
        play_while(&mut g, &mut dice, a, &mut clock);
        // B's set-up: a fresh 30 seconds.
        assert_eq!(
            clock.time_left(Instant::now()),
            Some(Duration::from_secs(30))
        );
        tokio::time::advance(Duration::from_secs(30)).await;
        assert_eq!(
            clock.due(&g, Instant::now()),
            Some(Due::EndTurn {
                coach: a.other(),
                first: true
            })
        );
        assert_eq!(
            clock.next_wake(),
            None,
            "no second wake-up for the same turn"
        );
        assert_eq!(
            clock.due(&g, Instant::now()),
            Some(Due::EndTurn {
                coach: a.other(),
                first: false
            }),
            "still due until the turn changes"
        );
        clock.observe(None, Instant::now());
        assert_eq!(clock.due(&g, Instant::now()), None, "the match ended");
    }
}
