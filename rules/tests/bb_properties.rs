//! Property tests over seeded random Blood Bowl games (§1–§27): every pair of the rosters
//! whose positions are all built, random legal teams, random options. Every game ends,
//! nothing panics, `legal_commands`, `is_legal` and `apply` agree, the invariants hold after
//! every command (one player per square, at most 11 per team on the pitch, one ball,
//! players conserved, score = touchdowns), the view reducer follows the match, and replays
//! are deterministic.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.
#![allow(clippy::unwrap_used)]

mod bbcommon;
use bbcommon::*;

use dugout_rules::bb::random_play::{
    playable_rosters, random_setup, random_setup_with_inducements,
};

/// The setup of game `seed`: one game in four with the inducement phase on and random petty
/// cash (§30.1), where random play buys random inducements (§29, §30).
fn setup(seed: u64) -> MatchSetup {
    if seed % 4 == 3 {
        random_setup_with_inducements(seed)
    } else {
        random_setup(seed)
    }
}

const MAX: usize = 200_000;

/// §1.2, §1.4, §5.2: the state invariants.
fn invariants(g: &Game, touchdowns: [u16; 2], seed: u64, step: usize) {
    let mut seen = std::collections::HashSet::new();
    let mut on = [0usize; 2];
    for p in &g.players {
        if let Some(s) = p.state.square() {
            assert!(
                s.x >= 0 && s.x < 26 && s.y >= 0 && s.y < 15,
                "seed {seed} step {step}: {s:?} off the pitch"
            );
            assert!(
                seen.insert(s),
                "seed {seed} step {step}: two players on {s:?}"
            );
            assert_eq!(
                g.at(s),
                Some(p.id),
                "seed {seed} step {step}: grid out of step"
            );
            // Players a Special Play Card brought in (number 0) may be beyond 11 (§31.5).
            // A blackmailed player (§31.8) counts for his own team.
            if p.number != 0 {
                on[g.owner(p.id).index()] += 1;
            }
        }
    }
    // §31.12 Illegal Substitution: a twelfth player to the drive's end.
    let most = |side: usize| 11 + usize::from(g.cards.substituted[side]);
    assert!(
        on[0] <= most(0) && on[1] <= most(1),
        "seed {seed} step {step}: {on:?} on the pitch"
    );
    match g.ball {
        Ball::Held { player } => {
            assert!(
                g.players[player.index()].standing(),
                "seed {seed} step {step}: the ball held by a player not standing"
            );
        }
        Ball::Ground { square } => assert!(
            square.x >= 0 && square.x < 26 && square.y >= 0 && square.y < 15,
            "seed {seed} step {step}: ball off the pitch"
        ),
        Ball::None | Ball::InAir { .. } => {}
    }
    assert_eq!(g.score, touchdowns, "seed {seed} step {step}: score");
    if !g.is_over() {
        assert!(
            g.prompt.coach.is_some(),
            "seed {seed} step {step}: no coach"
        );
        assert!(
            !legal_commands(g).is_empty(),
            "seed {seed} step {step}: nothing legal at {:?}",
            g.prompt
        );
    }
}

fn count_touchdowns(events: &[Event], tds: &mut [u16; 2]) {
    for e in events {
        if let Event::Touchdown { side, .. } = e {
            tds[side.index()] += 1;
        }
    }
}

/// Play one game with the invariants checked after every command; returns the commands
/// and all events.
fn run(seed: u64, deep: bool) -> (Game, Vec<Command>, Vec<Event>) {
    let setup = setup(seed);
    let mut dice = ChaChaDice::from_u64(seed);
    let mut picker = ChaChaDice::from_u64(seed ^ 0xABCD);
    let (mut g, mut all) = new_game(setup, &mut dice).unwrap();
    let mut view = dugout_rules::bb::view(&g);
    let mut tds = [0u16; 2];
    count_touchdowns(&all, &mut tds);
    let mut cmds = Vec::new();
    while !g.is_over() {
        assert!(cmds.len() < MAX, "seed {seed}: no end after {MAX} commands");
        let legal = legal_commands(&g);
        if deep {
            for c in &legal {
                assert!(
                    is_legal(&g, c),
                    "seed {seed}: {c:?} listed but not is_legal"
                );
            }
            for c in illegal_samples(&g) {
                if !legal.contains(&c) {
                    let before = g.clone();
                    assert!(
                        !is_legal(&g, &c),
                        "seed {seed}: {c:?} is_legal but not listed"
                    );
                    assert!(
                        apply(&mut g, c, &mut dice).is_err(),
                        "seed {seed}: {c:?} accepted"
                    );
                    assert_eq!(g, before, "seed {seed}: a refused command changed the game");
                }
            }
        }
        let i = usize::from(picker.roll(Die::Range(legal.len() as u16)));
        let cmd = legal[i];
        let events = apply(&mut g, cmd, &mut dice).unwrap();
        count_touchdowns(&events, &mut tds);
        invariants(&g, tds, seed, cmds.len());
        if deep {
            // The spectator's view folds the events as the spectator gets them (§31.4: no
            // card in a hand is named to him).
            for e in &events {
                if let Some(e) = dugout_rules::bb::cards::project(e, Seat::Spectator) {
                    view.apply(&e);
                }
            }
            view.prompt = g.prompt.clone();
            let real = dugout_rules::bb::view(&g);
            if view != real {
                let mut diff = Vec::new();
                for (a, b) in view.players.iter().zip(&real.players) {
                    if a != b {
                        diff.push(format!("{a:?}\n  vs {b:?}"));
                    }
                }
                if view.teams != real.teams {
                    diff.push(format!("{:?}\n  vs {:?}", view.teams, real.teams));
                }
                let mut v2 = view.clone();
                v2.players = real.players.clone();
                v2.teams = real.teams.clone();
                if v2 != real {
                    diff.push(format!("ball {:?}/{:?} half {}/{} active {:?}/{:?} acting {:?}/{:?} kicking {:?}/{:?}", view.ball, real.ball, view.half, real.half, view.active, real.active, view.acting, real.acting, view.kicking, real.kicking));
                }
                panic!(
                    "seed {seed} step {}: the view reducer after {cmd:?}: {}\nevents {events:?}",
                    cmds.len(),
                    diff.join("\n")
                );
            }
        }
        cmds.push(cmd);
        all.extend(events);
    }
    (g, cmds, all)
}

/// Commands to try against the prompt that are usually not legal.
fn illegal_samples(g: &Game) -> Vec<Command> {
    let p = PlayerId(0);
    vec![
        Command::EndTurn,
        Command::EndAction,
        Command::Decline,
        Command::Done,
        Command::SetupDone,
        Command::Step { to: sq(0, 0) },
        Command::Step { to: sq(40, 3) },
        Command::Pass { target: sq(-1, 3) },
        Command::Declare {
            player: PlayerId(200),
            action: ActionKind::Move,
        },
        Command::Declare {
            player: p,
            action: ActionKind::Foul,
        },
        Command::Block {
            player: p,
            target: PlayerId(1),
        },
        Command::BlockDie { index: 7 },
        Command::Push { square: sq(-3, -3) },
        Command::PlaceKick { square: sq(99, 0) },
        Command::SetupPick {
            player: PlayerId(g.players.len() as u8),
        },
        Command::Reroll {
            source: RerollSource::Pro,
        },
        Command::Touchback {
            player: PlayerId(250),
        },
        Command::Concede,
        Command::DoneInducing,
        Command::Igor { use_it: true },
        Command::Induce {
            item: InducementItem::Igor,
        },
        Command::CastSpell {
            spell: Spell::LightningBolt { target: p },
        },
    ]
}

/// §1–§27 (and §29–§30: one game in four buys random inducements): 10,000 seeded games
/// across every pair of the playable rosters (every position built), random legal teams
/// (§27.0) or starter teams, and random options end, with
/// the invariants after every command: the 26 x 15 pitch with one player a square (§1.2),
/// players conserved between the pitch and the dugout boxes (§1.3, §1.4), at most 11 a team
/// on the pitch (§5.2), the ball's states (§17), the score equal to the touchdowns; the
/// engine flow of §23 runs every match to its end.
#[test]
fn ten_thousand_random_games_end_with_the_invariants_holding() {
    let mut pairs = std::collections::HashSet::new();
    let mut sheets = 0;
    let mut raised = 0;
    for seed in 0..10_000 {
        let s = setup(seed);
        pairs.insert((s.teams[0].roster(), s.teams[1].roster()));
        sheets += s
            .teams
            .iter()
            .filter(|t| matches!(t, TeamChoice::Sheet(_)))
            .count();
        let (_, _, events) = run(seed, false);
        raised += events
            .iter()
            .filter(|e| matches!(e, Event::ZombieRaised { .. }))
            .count();
    }
    // §12.7: the Necromancer's Zombies join random matches too.
    assert!(raised > 0, "no Zombie raised in 10,000 games");
    let n = playable_rosters().len();
    assert!(n >= 6, "{n} playable rosters");
    assert_eq!(
        pairs.len(),
        n * n,
        "every ordered pair of the playable rosters is played"
    );
    assert!(sheets > 10_000, "{sheets} random team builds");
}

/// §1–§27: on 300 games, every listed command is legal, sample illegal commands are refused
/// with the game unchanged, and the view reducer equals the view at every step.
#[test]
fn legal_is_legal_and_apply_agree_and_the_view_reducer_holds() {
    let mut raised = 0;
    for seed in 0..300 {
        let (_, _, events) = run(seed, true);
        raised += events
            .iter()
            .filter(|e| matches!(e, Event::ZombieRaised { .. }))
            .count();
    }
    // §12.7: the view reducer meets raised Zombies too.
    assert!(raised > 0, "no Zombie raised in the 300 checked games");
}

/// §2: the same commands with the same dice replay the same events and state.
#[test]
fn replaying_with_the_same_dice_is_deterministic() {
    for seed in 0..200 {
        let (g1, cmds, events1) = run(seed, false);
        let mut dice = ChaChaDice::from_u64(seed);
        let (mut g2, mut events2) = new_game(setup(seed), &mut dice).unwrap();
        for c in cmds {
            events2.extend(apply(&mut g2, c, &mut dice).unwrap());
        }
        assert_eq!(events1, events2, "seed {seed}");
        assert_eq!(g1, g2, "seed {seed}");
    }
}

/// The contract agrees with the engine: a whole match through `AnyGame`.
#[test]
fn the_contract_plays_blood_bowl_like_the_engine() {
    use dugout_rules::{AnyCommand, AnyEvent, AnyGame, AnySetup, GameKind};
    let seed = 7;
    let mut d1 = ChaChaDice::from_u64(seed);
    let mut d2 = ChaChaDice::from_u64(seed);
    let mut picker = ChaChaDice::from_u64(seed ^ 0xABCD);
    let (mut g, e1) = new_game(setup(seed), &mut d1).unwrap();
    let (mut any, e2) = AnyGame::new_game(
        AnySetup::BloodBowl(setup(seed)),
        GameKind::BloodBowl.rules_version(),
        &mut d2,
    )
    .unwrap();
    assert_eq!(
        e2,
        e1.into_iter().map(AnyEvent::BloodBowl).collect::<Vec<_>>()
    );
    assert_eq!(GameKind::BloodBowl.name(), "blood_bowl");
    while !g.is_over() {
        let legal = legal_commands(&g);
        assert_eq!(any.legal_len(), legal.len());
        let cmd = legal[usize::from(picker.roll(Die::Range(legal.len() as u16)))];
        let e1 = apply(&mut g, cmd, &mut d1).unwrap();
        let e2 = any.apply(AnyCommand::BloodBowl(cmd), &mut d2).unwrap();
        assert_eq!(
            e2,
            e1.into_iter().map(AnyEvent::BloodBowl).collect::<Vec<_>>()
        );
        assert_eq!(any.turn_marker().is_some(), !any.is_over());
    }
    assert!(any.is_over());
    assert_eq!(any.score(), g.score);
    assert!(any.timeout_command().is_none());
}

/// §31.4: on 300 random games where both teams draw Special Play Cards from every deck (built
/// or not: the unbuilt stay in hand), nothing a seat receives names a card in the other
/// side's hand: a draw reaches the other coach and the spectators without its card and
/// without its die, and the view each seat folds from its own events equals the engine's
/// view for that seat (where the other hand is a count). The built cards get played, every
/// listed command is legal, and the invariants hold; §31.7 Hurry Up Offense (free turns) and
/// §31.8 Blackmail (a player changing sides for a turn) are among the cards played.
#[test]
fn cards_in_hand_never_leak_to_the_other_seats() {
    use dugout_rules::bb::cards::{Card, Deck, DeckDraws, SpecialPlayCards};
    use dugout_rules::bb::scenario::start_with_any_cards;
    let seats = [
        Seat::Coach(Side::Home),
        Seat::Coach(Side::Away),
        Seat::Spectator,
    ];
    let mut played = 0;
    let mut cards_played: Vec<Card> = Vec::new();
    for seed in 0..300u64 {
        let mut setup = random_setup(seed);
        let mut d = ChaChaDice::from_u64(seed ^ 0xCA4D);
        let mut draws = || {
            let n = 1 + d.roll(Die::Range(5));
            let decks: Vec<Deck> = (0..n)
                .map(|_| Deck::ALL[usize::from(d.roll(Die::Range(7)))])
                .collect();
            DeckDraws::from(decks)
        };
        setup.options.special_play_cards = SpecialPlayCards {
            home: draws(),
            away: draws(),
        };
        let mut dice = ChaChaDice::from_u64(seed);
        let mut picker = ChaChaDice::from_u64(seed ^ 0xABCD);
        let (mut g, first) = start_with_any_cards(setup, &mut dice).unwrap();
        let mut views: Vec<GameView> = seats.iter().map(|&s| view_for(&g, s)).collect();
        let check = |events: &[Event], step: usize| {
            for &seat in &seats {
                for e in events
                    .iter()
                    .filter_map(|e| <Game as Ruleset>::project(e, seat))
                {
                    match &e {
                        Event::CardDrawn { side, card, .. } => assert_eq!(
                            card.is_some(),
                            seat == Seat::Coach(*side),
                            "seed {seed} step {step}: {seat:?} got {e:?}"
                        ),
                        Event::Rolled { roll } if roll.purpose == RollPurpose::CardDraw => {
                            assert_eq!(
                                roll.coach.map(Seat::Coach),
                                Some(seat),
                                "seed {seed} step {step}: {seat:?} got the draw's die"
                            )
                        }
                        _ => {}
                    }
                }
            }
        };
        check(&first, 0);
        let mut tds = [0u16; 2];
        count_touchdowns(&first, &mut tds);
        let mut steps = 0;
        while !g.is_over() {
            assert!(steps < MAX, "seed {seed}: no end");
            let legal = legal_commands(&g);
            for c in &legal {
                assert!(
                    is_legal(&g, c),
                    "seed {seed}: {c:?} listed but not is_legal"
                );
            }
            let cmd = legal[usize::from(picker.roll(Die::Range(legal.len() as u16)))];
            if let Command::PlayCard { card, .. } = cmd {
                played += 1;
                if !cards_played.contains(&card) {
                    cards_played.push(card);
                }
            }
            let events = apply(&mut g, cmd, &mut dice).unwrap();
            count_touchdowns(&events, &mut tds);
            invariants(&g, tds, seed, steps);
            check(&events, steps);
            // No event a seat receives names a card it may not know: one in a hidden hand
            // that is neither in its own hand nor played by anyone.
            for &seat in &seats {
                let mut known: Vec<Card> = g.cards.played.concat();
                if let Seat::Coach(side) = seat {
                    known.extend(&g.cards.hands[side.index()]);
                }
                let hidden: Vec<String> = Side::BOTH
                    .iter()
                    .filter(|&&side| !seat.sees_secrets_of(side))
                    .flat_map(|side| g.cards.hands[side.index()].iter())
                    .filter(|c| !known.contains(c))
                    .map(|c| serde_json::to_string(c).unwrap())
                    .collect();
                for e in events
                    .iter()
                    .filter_map(|e| <Game as Ruleset>::project(e, seat))
                {
                    let text = serde_json::to_string(&e).unwrap();
                    for id in &hidden {
                        assert!(
                            !text.contains(&format!("\"card\":{id}")),
                            "seed {seed} step {steps}: {seat:?} sees {id} in {text}"
                        );
                    }
                }
                let v = serde_json::to_string(&view_for(&g, seat).hands).unwrap();
                for id in &hidden {
                    assert!(
                        !v.contains(id.as_str()),
                        "seed {seed}: {seat:?}'s view has {id}"
                    );
                }
            }
            for (i, &seat) in seats.iter().enumerate() {
                for e in events
                    .iter()
                    .filter_map(|e| <Game as Ruleset>::project(e, seat))
                {
                    views[i].apply(&e);
                }
                views[i].prompt = g.prompt.clone();
                let real = view_for(&g, seat);
                assert_eq!(
                    views[i], real,
                    "seed {seed} step {steps}: {seat:?}'s view after {cmd:?}"
                );
                if let Seat::Coach(side) = seat {
                    assert!(real.hands[side.other().index()].cards.is_empty());
                }
            }
            steps += 1;
        }
    }
    assert!(played > 50, "the built cards get played ({played})");
    // §31.7 Hurry Up Offense's free turns and §31.8 Blackmail's change of side among them.
    for card in [Card::HurryUpOffense, Card::Blackmail] {
        assert!(
            cards_played.contains(&card),
            "{card:?} is played in some game ({} cards seen)",
            cards_played.len()
        );
    }
}

/// §31.10 Fanatic Invasion: on 150 random games where both teams hold the whole
/// Miscellaneous Mayhem deck (Ball Clone, unbuilt, stays in hand), the neutral Fanatic is
/// placed and moved by both coaches, every listed command is legal, sample illegal commands
/// are refused with the game unchanged, the invariants hold after every command, the
/// spectator's folded view equals the engine's, and no neutral piece is left on the pitch
/// once a drive is over (at every kick-off).
#[test]
fn fanatic_invasion_in_random_games_keeps_the_invariants_and_the_view() {
    use dugout_rules::bb::cards::{Card, Deck, DeckDraws, SpecialPlayCards};
    use dugout_rules::bb::scenario::start_with_any_cards;
    let (mut placed, mut moves) = (0, 0);
    for seed in 0..150u64 {
        let mut setup = random_setup(seed);
        let all = || DeckDraws::from(vec![Deck::MiscellaneousMayhem; 13]);
        setup.options.special_play_cards = SpecialPlayCards {
            home: all(),
            away: all(),
        };
        let mut dice = ChaChaDice::from_u64(seed);
        let mut picker = ChaChaDice::from_u64(seed ^ 0xF4A7);
        let (mut g, first) = start_with_any_cards(setup, &mut dice).unwrap();
        let mut view = view_for(&g, Seat::Spectator);
        let mut tds = [0u16; 2];
        count_touchdowns(&first, &mut tds);
        let mut steps = 0;
        while !g.is_over() {
            assert!(steps < MAX, "seed {seed}: no end");
            let legal = legal_commands(&g);
            for c in &legal {
                assert!(
                    is_legal(&g, c),
                    "seed {seed}: {c:?} listed but not is_legal"
                );
            }
            for c in illegal_samples(&g) {
                if !legal.contains(&c) {
                    let before = g.clone();
                    assert!(apply(&mut g, c, &mut dice).is_err(), "seed {seed}: {c:?}");
                    assert_eq!(g, before, "seed {seed}: a refused command changed the game");
                }
            }
            let cmd = legal[usize::from(picker.roll(Die::Range(legal.len() as u16)))];
            if matches!(
                cmd,
                Command::PlayCard {
                    card: Card::FanaticInvasion,
                    ..
                }
            ) {
                placed += 1;
            }
            let events = apply(&mut g, cmd, &mut dice).unwrap();
            count_touchdowns(&events, &mut tds);
            invariants(&g, tds, seed, steps);
            for e in &events {
                match e {
                    Event::FanaticMove { .. } => moves += 1,
                    Event::KickOff { .. } => assert!(
                        g.players
                            .iter()
                            .all(|p| !p.neutral || p.state == PlayerState::Absent),
                        "seed {seed} step {steps}: a Fanatic left from the last drive"
                    ),
                    _ => {}
                }
            }
            for e in events
                .iter()
                .filter_map(|e| <Game as Ruleset>::project(e, Seat::Spectator))
            {
                view.apply(&e);
            }
            view.prompt = g.prompt.clone();
            assert_eq!(
                view,
                view_for(&g, Seat::Spectator),
                "seed {seed} step {steps}: the view after {cmd:?}"
            );
            steps += 1;
        }
    }
    assert!(placed > 30, "the Fanatic is placed ({placed})");
    assert!(moves > 30, "the Fanatic is moved ({moves})");
}
