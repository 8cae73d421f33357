//! Blood Bowl bots playing whole matches offline with the real engine (`new_game` + `apply`,
//! seeded [`ChaChaDice`]), each bot fed only what its seat would get from a server: its own
//! [`view`], the legal commands when it is its prompt, and the events projected for it.

use dugout_rules::bb::random_play::random_setup;
use dugout_rules::bb::{
    Command, Event, Game, MatchSetup, Outcome, apply, legal_commands, new_game, view,
};
use dugout_rules::core::{ChaChaDice, Ruleset, Seat, Side};

use super::strategy::Strategy;

/// How one match ended.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchResult {
    pub setup: MatchSetup,
    pub outcome: Outcome,
    /// Home, Away touchdowns.
    pub score: [u16; 2],
    pub commands: usize,
    /// Casualties each side caused (Home, Away), from the events.
    pub casualties: [u32; 2],
}

impl MatchResult {
    /// The winning seat; `None` for a draw.
    pub fn winner(&self) -> Option<Side> {
        match self.outcome {
            Outcome::Score { winner } => winner,
            Outcome::Penalties { winner } | Outcome::Conceded { winner } => Some(winner),
        }
    }
}

/// Play one match: `bots[0]` coaches Home, `bots[1]` Away. Fails if a bot answers with an
/// illegal command, the engine refuses one, or the match has not ended after `max_commands`.
pub fn play_match(
    setup: MatchSetup,
    dice_seed: u64,
    bots: [&mut dyn Strategy; 2],
    max_commands: usize,
) -> Result<MatchResult, String> {
    let mut dice = ChaChaDice::from_u64(dice_seed);
    let (mut g, events) = new_game(setup.clone(), &mut dice).map_err(|e| e.to_string())?;
    let mut casualties = [0u32; 2];
    count_casualties(&g, &events, &mut casualties);
    for side in Side::BOTH {
        bots[side.index()].observe(&project(&events, side));
    }
    let mut commands = 0;
    while !g.is_over() {
        if commands >= max_commands {
            return Err(format!("no end after {max_commands} commands"));
        }
        let Some(coach) = g.prompt.coach else {
            return Err("the game waits for nobody but is not over".into());
        };
        let legal = legal_commands(&g);
        if legal.is_empty() {
            return Err(format!("no legal command at {:?}", g.prompt.kind));
        }
        let seen = view(&g);
        let cmd: Command = bots[coach.index()].choose(&seen, &legal);
        if !legal.contains(&cmd) {
            return Err(format!(
                "{coach:?} chose {cmd:?}, not legal at {:?}",
                g.prompt.kind
            ));
        }
        let events = apply(&mut g, cmd, &mut dice).map_err(|e| format!("{e:?}"))?;
        commands += 1;
        count_casualties(&g, &events, &mut casualties);
        for side in Side::BOTH {
            bots[side.index()].observe(&project(&events, side));
        }
    }
    let outcome = g.outcome.ok_or("the game is over without an outcome")?;
    Ok(MatchResult {
        setup,
        outcome,
        score: g.score,
        commands,
        casualties,
    })
}

/// Casualties caused, by the side of the player who caused them (crowd pushes and fouls
/// included: `by` names the player).
fn count_casualties(g: &Game, events: &[Event], out: &mut [u32; 2]) {
    for e in events {
        if let Event::Casualty { player, by, .. } = e {
            let side = match by {
                Some(by) => g.players.get(by.index()).map(|p| p.side),
                None => g.players.get(player.index()).map(|p| p.side.other()),
            };
            if let Some(side) = side {
                out[side.index()] += 1;
            }
        }
    }
}

fn project(events: &[Event], side: Side) -> Vec<Event> {
    events
        .iter()
        .filter_map(|e| <Game as Ruleset>::project(e, Seat::Coach(side)))
        .collect()
}

/// Wins, draws and losses of the first bot of a duel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Touchdowns scored by the first bot and by the second, over all games.
    pub points_for: u64,
    pub points_against: u64,
    /// Casualties caused by the first bot and by the second.
    pub casualties_for: u64,
    pub casualties_against: u64,
    pub commands: u64,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Wins over games played (0 with no games).
    pub fn win_rate(&self) -> f64 {
        match self.games() {
            0 => 0.0,
            n => f64::from(self.wins) / f64::from(n),
        }
    }
}

/// A duel of `games` matches between two kinds of bot, `first` and `second`, built fresh for
/// each match from a seed. Game `i` uses seed `seed0 + i`: `random_setup(seed)` for the two
/// rosters (a random pair of the six) and options, `ChaChaDice::from_u64(seed)` for the dice;
/// `first` coaches Home in even games and Away in odd ones. `on_game` sees each result with
/// the first bot's seat.
pub fn duel<A, B>(
    games: u32,
    seed0: u64,
    mut first: impl FnMut(u64) -> A,
    mut second: impl FnMut(u64) -> B,
    mut on_game: impl FnMut(u64, Side, &MatchResult),
) -> Result<Tally, String>
where
    A: Strategy,
    B: Strategy,
{
    let mut tally = Tally::default();
    for i in 0..games {
        let seed = seed0.wrapping_add(u64::from(i));
        let mut a = first(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0xa);
        let mut b = second(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0xb);
        let a_side = if i % 2 == 0 { Side::Home } else { Side::Away };
        let bots: [&mut dyn Strategy; 2] = if a_side == Side::Home {
            [&mut a, &mut b]
        } else {
            [&mut b, &mut a]
        };
        let result = play_match(random_setup(seed), seed, bots, 200_000)
            .map_err(|e| format!("game {i} (seed {seed}): {e}"))?;
        match result.winner() {
            Some(w) if w == a_side => tally.wins += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        }
        tally.points_for += u64::from(result.score[a_side.index()]);
        tally.points_against += u64::from(result.score[a_side.other().index()]);
        tally.casualties_for += u64::from(result.casualties[a_side.index()]);
        tally.casualties_against += u64::from(result.casualties[a_side.other().index()]);
        tally.commands += result.commands as u64;
        on_game(seed, a_side, &result);
    }
    Ok(tally)
}
