//! The bot strategies: only legal commands, only their own seat's view, reproducible from a
//! seed, and the greedy bot beats the random one.
#![allow(clippy::unwrap_used)]

use dugout_client::duel::{duel, play_match};
use dugout_client::strategy::{GreedyStrategy, RandomStrategy, Strategy};
use dugout_rules::blitz::random_play::random_setup;
use dugout_rules::blitz::{Command, Event, GameView};

/// Wraps a bot: checks every answer is one of the legal commands and that the view hides the
/// other coach's hand, and records the commands.
struct Checked<S> {
    inner: S,
    commands: Vec<Command>,
    events_seen: usize,
}

impl<S> Checked<S> {
    fn new(inner: S) -> Checked<S> {
        Checked {
            inner,
            commands: Vec::new(),
            events_seen: 0,
        }
    }
}

impl<S: Strategy> Strategy for Checked<S> {
    fn choose(&mut self, view: &GameView, legal: &[Command]) -> Command {
        let me = view.prompt.coach.unwrap();
        assert!(
            view.hands[me.other().index()].cards.is_none(),
            "a bot must not see the other coach's hand"
        );
        assert!(view.hands[me.index()].cards.is_some());
        assert!(!legal.is_empty());
        let cmd = self.inner.choose(view, legal);
        assert!(
            legal.contains(&cmd),
            "{cmd:?} is not among the legal commands {legal:?}"
        );
        self.commands.push(cmd);
        cmd
    }

    fn observe(&mut self, events: &[Event]) {
        self.events_seen += events.len();
        self.inner.observe(events);
    }
}

/// Play game `seed` with two bots; returns both bots' commands (Home, Away) and the score.
fn play<A: Strategy, B: Strategy>(seed: u64, home: A, away: B) -> ([Vec<Command>; 2], [u16; 2]) {
    let mut h = Checked::new(home);
    let mut a = Checked::new(away);
    let result = play_match(random_setup(seed), seed, [&mut h, &mut a], 100_000).unwrap();
    assert!(h.events_seen > 0 && a.events_seen > 0);
    ([h.commands, a.commands], result.score)
}

#[test]
fn the_random_bot_only_plays_legal_commands() {
    for seed in 0..6 {
        let (commands, _) = play(seed, RandomStrategy::new(seed), RandomStrategy::new(!seed));
        assert!(!commands[0].is_empty() && !commands[1].is_empty());
    }
}

#[test]
fn the_greedy_bot_only_plays_legal_commands() {
    // Both editions and the random options (random_setup varies them with the seed), on
    // both seats, against a random and a greedy opponent.
    for seed in 0..12 {
        play(seed, GreedyStrategy::new(seed), RandomStrategy::new(seed));
        play(seed, RandomStrategy::new(seed), GreedyStrategy::new(seed));
    }
    for seed in 100..104 {
        play(seed, GreedyStrategy::new(1), GreedyStrategy::new(2));
    }
}

#[test]
fn the_bots_are_deterministic_for_a_seed() {
    for seed in [3, 8] {
        let random = || play(seed, RandomStrategy::new(7), RandomStrategy::new(9));
        assert_eq!(random(), random());
        let greedy = || play(seed, GreedyStrategy::new(7), RandomStrategy::new(9));
        assert_eq!(greedy(), greedy());
        let both = || play(seed, GreedyStrategy::new(7), GreedyStrategy::new(9));
        assert_eq!(both(), both());
    }
    // Another seed, another random game.
    let (a, _) = play(3, RandomStrategy::new(7), RandomStrategy::new(9));
    let (b, _) = play(3, RandomStrategy::new(8), RandomStrategy::new(9));
    assert_ne!(a, b);
}

#[test]
fn an_empty_command_list_gets_an_answer_without_panicking() {
    let (g, _) = dugout_rules::blitz::new_game(
        random_setup(1),
        &mut dugout_rules::core::ChaChaDice::from_u64(1),
    )
    .unwrap();
    let coach = dugout_rules::blitz::prompt(&g).coach.unwrap();
    let view = dugout_rules::blitz::view(&g, dugout_rules::core::Seat::Coach(coach));
    assert_eq!(RandomStrategy::new(0).choose(&view, &[]), Command::EndTurn);
    assert_eq!(GreedyStrategy::new(0).choose(&view, &[]), Command::EndTurn);
    // And a single legal command is simply played.
    let only = dugout_rules::blitz::legal_commands(&g)[0];
    assert_eq!(GreedyStrategy::new(0).choose(&view, &[only]), only);
}

#[test]
fn greedy_beats_random_in_a_small_duel() {
    let mut seats = [0u32; 2];
    let tally = duel(
        30,
        500,
        GreedyStrategy::new,
        RandomStrategy::new,
        |_, side, _| {
            seats[side.index()] += 1;
        },
    )
    .unwrap();
    assert_eq!(tally.games(), 30);
    assert_eq!(seats, [15, 15], "the greedy bot alternates seats");
    assert!(
        tally.wins > tally.losses,
        "greedy won {} and lost {} of 30",
        tally.wins,
        tally.losses
    );
    assert!(tally.wins >= 20, "greedy won only {} of 30", tally.wins);
    assert!(tally.points_for > tally.points_against);
}
