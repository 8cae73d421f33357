//! The Blood Bowl fixtures of the web tests. `bb-scripted.json`: a match
//! start from the engine (`bb::new_game`, Humans v Orcs starter teams) and a scripted drive
//! of engine events (set-up, kick-off, a block with armour and injury, a failed dodge
//! re-rolled, a foul and a sending-off, a casualty, a touchdown, the end), each followed by the
//! view as the engine's own reducer (`GameView::apply`, what `Ruleset::fold` runs) leaves it.
//! Events and views are the wire's (`AnyEvent`, `AnyView`: game-tagged JSON), so the pages'
//! port of the reducer (server/web/bb_fold.js), its drawing and its words are tested against
//! the engine's types and the engine's fold (web-tests/tests/bb.test.mjs).
//!
//! web-tests/run writes them afresh before every run (`DUGOUT_BB_FIXTURES`), so they are the
//! engine's of the day; with them `bb-random.json`: random complete matches with the engine's
//! own view every few commands; and `bb-induced.json`: each seat's view of a match started with
//! inducements and Special Play Cards (stars hired, a bribe bought, two cards a hand). The
//! random matches include two where both teams hold the Miscellaneous Mayhem deck (§31.10:
//! the neutral Fanatic).

use dugout_rules::bb::{
    self, ActionKind, Ball, BlockFace, Cause, Event, GameView, InjuryOutcome, MatchSetup, Options,
    Outcome, PlayerId, PlayerState, RerollSource, Roll, RollPurpose, Roster, TeamChoice, Turnover,
    Weather,
};
use dugout_rules::core::{ChaChaDice, DiceSource, Die, Side, Square};
use dugout_rules::{AnyEvent, AnyView};
use serde_json::{Value, json};

struct Script {
    view: GameView,
    steps: Vec<Value>,
}

impl Script {
    fn ev(&mut self, e: Event) {
        self.view.apply(&e);
        let event = serde_json::to_value(AnyEvent::BloodBowl(e)).expect("an event serializes");
        let view =
            serde_json::to_value(AnyView::BloodBowl(self.view.clone())).expect("a view serializes");
        self.steps.push(json!({"event": event, "view": view}));
    }

    fn roll(&mut self, purpose: RollPurpose, coach: Option<Side>, die: Die, faces: &[u16]) {
        self.ev(Event::Rolled {
            roll: Roll {
                purpose,
                coach,
                die,
                faces: faces.to_vec(),
                target: None,
                modifier: 0,
                success: None,
                reroll: false,
            },
        });
    }

    #[allow(clippy::too_many_arguments)]
    fn check(
        &mut self,
        purpose: RollPurpose,
        coach: Side,
        face: u16,
        target: u8,
        modifier: i8,
        reroll: bool,
    ) {
        self.ev(Event::Rolled {
            roll: Roll {
                purpose,
                coach: Some(coach),
                die: Die::D6,
                faces: vec![face],
                target: Some(target),
                modifier,
                success: Some(i32::from(face) + i32::from(modifier) >= i32::from(target)),
                reroll,
            },
        });
    }

    fn at(&mut self, player: u8, state: PlayerState) {
        self.ev(Event::PlayerState {
            player: PlayerId(player),
            state,
        });
    }

    fn step(&mut self, player: u8, from: (i8, i8), to: (i8, i8)) {
        self.ev(Event::Moved {
            player: PlayerId(player),
            from: sq(from),
            to: sq(to),
        });
        self.at(player, standing(to));
    }
}

fn sq((x, y): (i8, i8)) -> Square {
    Square::new(x, y)
}
fn standing(s: (i8, i8)) -> PlayerState {
    PlayerState::Standing { square: sq(s) }
}

/// The fixture: `{"start": view, "steps": [{"event", "view"}]}`.
fn fixture() -> Value {
    let setup = MatchSetup {
        teams: [
            TeamChoice::Roster(Roster::Human),
            TeamChoice::Roster(Roster::Orc),
        ],
        options: Options::default(),
        pre_match: Box::default(),
    };
    let mut dice = ChaChaDice::from_u64(11);
    let (game, _) = bb::new_game(setup, &mut dice).expect("a starter match starts");
    let start = bb::view(&game);
    let n_home = start
        .players
        .iter()
        .filter(|p| p.side == Side::Home)
        .count() as u8;
    let n_away = start.players.len() as u8 - n_home;
    assert!(n_home >= 11 && n_away >= 11, "two full starter teams");
    let home = |i: u8| i;
    let away = |i: u8| n_home + i;
    let mut s = Script {
        view: start.clone(),
        steps: Vec::new(),
    };
    use RollPurpose as R;
    use Side::{Away, Home};

    // Pre-match: weather, gate, toss.
    s.roll(R::Weather, None, Die::D6, &[5, 6]);
    s.ev(Event::Weather {
        weather: Weather::PouringRain,
    });
    s.ev(Event::Gate {
        fans: [21_000, 18_000],
        fame: [1, 0],
    });
    s.roll(R::CoinToss, None, Die::D6, &[4]);
    s.ev(Event::CoinToss { winner: Away });
    s.ev(Event::Kicking { side: Home });
    s.ev(Event::HalfStarted { half: 1 });
    // Set-up: Home (kicking) in its half, three on the line; Away likewise.
    let home_squares = [
        (12, 6),
        (12, 7),
        (12, 8),
        (10, 2),
        (10, 12),
        (9, 5),
        (9, 9),
        (7, 7),
        (5, 4),
        (5, 10),
        (2, 7),
    ];
    for (i, &q) in home_squares.iter().enumerate() {
        s.at(home(i as u8), standing(q));
    }
    let away_squares = [
        (13, 6),
        (13, 7),
        (13, 8),
        (15, 3),
        (15, 11),
        (16, 6),
        (16, 8),
        (18, 7),
        (20, 4),
        (20, 10),
        (23, 7),
    ];
    for (i, &q) in away_squares.iter().enumerate() {
        s.at(away(i as u8), standing(q));
    }
    // The kick, the kick-off table, the landing and a catch.
    s.roll(R::KickDirection, Some(Home), Die::D8, &[5]);
    s.roll(R::KickDistance, Some(Home), Die::D6, &[2]);
    s.ev(Event::Kick {
        aimed: sq((18, 7)),
        lands: sq((20, 7)),
    });
    s.ev(Event::Ball {
        ball: Ball::InAir {
            square: sq((20, 7)),
        },
    });
    s.roll(R::KickOffTable, None, Die::D6, &[3, 5]);
    s.ev(Event::KickOff {
        result: bb::KickOffResult::BrilliantCoaching,
    });
    s.roll(R::BrilliantCoaching, Some(Home), Die::D6, &[2]);
    s.roll(R::BrilliantCoaching, Some(Away), Die::D6, &[5]);
    s.ev(Event::Rerolls {
        side: Away,
        rerolls: 4,
    });
    s.ev(Event::Ball {
        ball: Ball::Ground {
            square: sq((20, 7)),
        },
    });
    s.roll(R::Bounce, None, Die::D8, &[5]);
    s.ev(Event::Ball {
        ball: Ball::Ground {
            square: sq((21, 7)),
        },
    });
    // Nobody there: it rests. Away's turn 1.
    s.ev(Event::TurnStarted {
        side: Away,
        turn: 1,
        blitz_bonus: false,
    });
    // A block on the line: 2 dice, Orcs choose.
    let (att, def) = (away(1), home(1));
    s.ev(Event::Declared {
        player: PlayerId(att),
        action: ActionKind::Block,
    });
    s.ev(Event::BlockDeclared {
        attacker: PlayerId(att),
        defender: PlayerId(def),
        dice: 2,
        chooser: Away,
        attacker_st: 4,
        defender_st: 3,
    });
    s.ev(Event::Rolled {
        roll: Roll {
            purpose: R::Block,
            coach: Some(Away),
            die: Die::Block,
            faces: vec![3, 6],
            target: None,
            modifier: 0,
            success: None,
            reroll: false,
        },
    });
    s.ev(Event::BlockResult {
        face: BlockFace::DefenderDown,
    });
    s.ev(Event::Moved {
        player: PlayerId(def),
        from: sq((12, 7)),
        to: sq((11, 7)),
    });
    s.at(def, standing((11, 7)));
    s.ev(Event::KnockedDown {
        player: PlayerId(def),
        cause: Cause::Blocked,
        by: Some(PlayerId(att)),
    });
    s.at(
        def,
        PlayerState::Prone {
            square: sq((11, 7)),
        },
    );
    s.roll(R::Armour, Some(Away), Die::D6, &[4, 5]);
    s.ev(Event::Armour {
        player: PlayerId(def),
        broken: true,
    });
    s.roll(R::Injury, Some(Away), Die::D6, &[3, 5]);
    s.ev(Event::Injured {
        player: PlayerId(def),
        outcome: InjuryOutcome::KnockedOut,
        cause: Cause::Blocked,
        by: Some(PlayerId(att)),
    });
    s.at(def, PlayerState::KnockedOut);
    s.ev(Event::ActionEnded {
        player: PlayerId(att),
    });
    // A catcher goes for the ball: a failed dodge, re-rolled with a team re-roll.
    let runner = away(3);
    s.ev(Event::Declared {
        player: PlayerId(runner),
        action: ActionKind::Move,
    });
    s.step(runner, (15, 3), (16, 4));
    s.check(R::Dodge, Away, 3, 4, 0, false);
    s.ev(Event::RerollUsed {
        side: Away,
        player: Some(PlayerId(runner)),
        source: RerollSource::Team,
    });
    s.ev(Event::Rerolls {
        side: Away,
        rerolls: 3,
    });
    s.check(R::Dodge, Away, 5, 4, 0, true);
    s.step(runner, (16, 4), (17, 5));
    s.step(runner, (17, 5), (18, 6));
    s.step(runner, (18, 6), (19, 6));
    s.step(runner, (19, 6), (20, 7));
    s.step(runner, (20, 7), (21, 7));
    s.check(R::PickUp, Away, 4, 4, 0, false);
    s.ev(Event::BallHeld {
        player: PlayerId(runner),
        caught: false,
    });
    s.ev(Event::Ball {
        ball: Ball::Held {
            player: PlayerId(runner),
        },
    });
    s.ev(Event::ActionEnded {
        player: PlayerId(runner),
    });
    s.ev(Event::TurnEnded {
        side: Away,
        turnover: None,
    });
    // Home's turn 1: a Blitz that ends both down, a turnover.
    s.ev(Event::TurnStarted {
        side: Home,
        turn: 1,
        blitz_bonus: false,
    });
    let (blitzer, target) = (home(10), away(4));
    s.ev(Event::Declared {
        player: PlayerId(blitzer),
        action: ActionKind::Blitz,
    });
    s.step(blitzer, (5, 10), (6, 10));
    s.ev(Event::BlockDeclared {
        attacker: PlayerId(blitzer),
        defender: PlayerId(target),
        dice: 1,
        chooser: Home,
        attacker_st: 3,
        defender_st: 3,
    });
    s.ev(Event::Rolled {
        roll: Roll {
            purpose: R::Block,
            coach: Some(Home),
            die: Die::Block,
            faces: vec![2],
            target: None,
            modifier: 0,
            success: None,
            reroll: false,
        },
    });
    s.ev(Event::BlockResult {
        face: BlockFace::BothDown,
    });
    s.ev(Event::KnockedDown {
        player: PlayerId(blitzer),
        cause: Cause::Blocking,
        by: Some(PlayerId(target)),
    });
    s.at(
        blitzer,
        PlayerState::Prone {
            square: sq((6, 10)),
        },
    );
    s.roll(R::Armour, Some(Away), Die::D6, &[2, 3]);
    s.ev(Event::Armour {
        player: PlayerId(blitzer),
        broken: false,
    });
    s.ev(Event::TurnoverCaused {
        side: Home,
        reason: Turnover::KnockedDown,
    });
    s.ev(Event::ActionEnded {
        player: PlayerId(blitzer),
    });
    s.ev(Event::TurnEnded {
        side: Home,
        turnover: Some(Turnover::KnockedDown),
    });
    // Away's turn 2: a foul (stunned), the fouler sent off; the carrier runs in.
    s.ev(Event::TurnStarted {
        side: Away,
        turn: 2,
        blitz_bonus: false,
    });
    let fouler = away(2);
    s.ev(Event::Declared {
        player: PlayerId(fouler),
        action: ActionKind::Foul,
    });
    // (A lost tackle zone, to be reset when he leaves the pitch.)
    s.ev(Event::Confused {
        player: PlayerId(fouler),
        confused: true,
    });
    s.roll(R::Armour, Some(Away), Die::D6, &[6, 6]);
    s.ev(Event::Armour {
        player: PlayerId(blitzer),
        broken: true,
    });
    s.roll(R::Injury, Some(Away), Die::D6, &[1, 3]);
    s.ev(Event::Injured {
        player: PlayerId(blitzer),
        outcome: InjuryOutcome::Stunned,
        cause: Cause::Foul,
        by: Some(PlayerId(fouler)),
    });
    s.at(
        blitzer,
        PlayerState::Stunned {
            square: sq((6, 10)),
        },
    );
    s.at(fouler, PlayerState::SentOff);
    s.ev(Event::SentOff {
        player: PlayerId(fouler),
    });
    s.ev(Event::ActionEnded {
        player: PlayerId(fouler),
    });
    // A casualty: a Human lineman hurt by a Blitz (the team's Blitz allocation).
    let hitter = away(5);
    let victim = home(5);
    s.ev(Event::Declared {
        player: PlayerId(hitter),
        action: ActionKind::Blitz,
    });
    s.step(hitter, (16, 6), (15, 6));
    s.ev(Event::BlockDeclared {
        attacker: PlayerId(hitter),
        defender: PlayerId(victim),
        dice: 1,
        chooser: Away,
        attacker_st: 3,
        defender_st: 3,
    });
    s.ev(Event::Rolled {
        roll: Roll {
            purpose: R::Block,
            coach: Some(Away),
            die: Die::Block,
            faces: vec![5],
            target: None,
            modifier: 0,
            success: None,
            reroll: false,
        },
    });
    s.ev(Event::BlockResult {
        face: BlockFace::DefenderStumbles,
    });
    s.ev(Event::KnockedDown {
        player: PlayerId(victim),
        cause: Cause::Blocked,
        by: Some(PlayerId(hitter)),
    });
    s.at(victim, PlayerState::Prone { square: sq((9, 5)) });
    s.roll(R::Armour, Some(Away), Die::D6, &[5, 6]);
    s.ev(Event::Armour {
        player: PlayerId(victim),
        broken: true,
    });
    s.roll(R::Injury, Some(Away), Die::D6, &[5, 6]);
    s.ev(Event::Injured {
        player: PlayerId(victim),
        outcome: InjuryOutcome::Casualty,
        cause: Cause::Blocked,
        by: Some(PlayerId(hitter)),
    });
    s.roll(R::Casualty, Some(Away), Die::D6, &[4]);
    s.roll(R::Casualty, Some(Away), Die::D8, &[2]);
    s.ev(Event::Casualty {
        player: PlayerId(victim),
        result: bb::CasualtyResult::GroinStrain,
        cause: Cause::Blocked,
        by: Some(PlayerId(hitter)),
    });
    s.at(
        victim,
        PlayerState::Casualty {
            result: bb::CasualtyResult::GroinStrain,
        },
    );
    s.ev(Event::ActionEnded {
        player: PlayerId(hitter),
    });
    // The carrier runs for the end zone (going for it on the last squares).
    s.ev(Event::Declared {
        player: PlayerId(runner),
        action: ActionKind::Move,
    });
    let mut at = (21, 7);
    let path = [(20, 6), (19, 5), (18, 4), (17, 3), (16, 2), (15, 1)]
        .into_iter()
        .chain((0..=14).rev().map(|x| (x, 1)));
    for to in path {
        if to.0 == 0 {
            s.check(R::Gfi, Away, 4, 2, 0, false);
        }
        s.step(runner, at, to);
        at = to;
    }
    s.ev(Event::Touchdown {
        side: Away,
        player: Some(PlayerId(runner)),
        score: [0, 1],
    });
    s.ev(Event::TurnEnded {
        side: Away,
        turnover: Some(Turnover::Touchdown),
    });
    s.ev(Event::TurnMarkers { turns: [1, 2] });
    s.ev(Event::GameOver {
        outcome: Outcome::Score { winner: Some(Away) },
        score: [0, 1],
    });
    let start = serde_json::to_value(AnyView::BloodBowl(start)).expect("a view serializes");
    json!({
        "start": start,
        "steps": s.steps,
    })
}

/// Random complete matches on the engine (`bb::random_play`): each with its start view, the
/// events of every command, and the engine's view (`bb::view`) after every `every`-th
/// command and the last. `{"games": [{"seed", "start", "commands": [{"events", "view"?}]}]}`.
fn random_games(seeds: &[u64], every: usize) -> Value {
    random_games_with(seeds, every, false)
}

/// As [`random_games`]; with `mayhem` both teams hold the whole Miscellaneous Mayhem deck
/// (§31.10: the neutral Fanatic of Fanatic Invasion on the pitch; Ball Clone, unbuilt, stays
/// in hand), started as the engine's tests start them (`start_with_any_cards`).
fn random_games_with(seeds: &[u64], every: usize, mayhem: bool) -> Value {
    let mut games = Vec::new();
    for &seed in seeds {
        let mut setup = bb::random_play::random_setup(seed);
        let mut dice = ChaChaDice::from_u64(seed);
        let mut picker = ChaChaDice::from_u64(seed ^ 0x5EED);
        let (mut game, _) = if mayhem {
            use bb::cards::{Deck, DeckDraws, SpecialPlayCards};
            let all = || DeckDraws::from(vec![Deck::MiscellaneousMayhem; 13]);
            setup.options.special_play_cards = SpecialPlayCards {
                home: all(),
                away: all(),
            };
            bb::scenario::start_with_any_cards(setup, &mut dice).expect("a random setup starts")
        } else {
            bb::new_game(setup, &mut dice).expect("a random setup starts")
        };
        let view_json = |g: &bb::Game| {
            serde_json::to_value(AnyView::BloodBowl(bb::view(g))).expect("a view serializes")
        };
        let start = view_json(&game);
        let mut commands = Vec::new();
        while game.outcome.is_none() {
            assert!(commands.len() < 100_000, "seed {seed}: no end");
            let legal = bb::legal_commands(&game);
            let cmd = legal[usize::from(picker.roll(Die::Range(legal.len() as u16)))];
            let events = bb::apply(&mut game, cmd, &mut dice).expect("a legal command");
            // As a spectator gets them (§31.4: no card in a hand named), like the view.
            let events: Vec<Value> = events
                .iter()
                .filter_map(|e| bb::cards::project(e, dugout_rules::core::Seat::Spectator))
                .map(|e| serde_json::to_value(AnyEvent::BloodBowl(e)).expect("an event"))
                .collect();
            let n = commands.len() + 1;
            let mut c = json!({ "events": events });
            if n % every == 0 || game.outcome.is_some() {
                c["view"] = view_json(&game);
            }
            commands.push(c);
        }
        games.push(json!({"seed": seed, "start": start, "commands": commands}));
    }
    json!({ "games": games })
}

/// A match started with the inducement phase (§30) and Special Play Cards (§31) on the
/// engine: each side hires the first Star Player it may and a Bribe, then is done; no card is
/// played before the kick-off. `{"home", "away", "spectator"}`: the views of each seat once
/// the hands are drawn (a hand's cards in its owner's view only, §31.4).
fn induced_views() -> Value {
    use bb::cards::{Deck, DeckDraws, SpecialPlayCards};
    use bb::{Command, InducementItem, PromptKind};
    use dugout_rules::core::Seat;
    let draws = DeckDraws::from(vec![Deck::DesperateMeasures, Deck::DesperateMeasures]);
    let mut setup = MatchSetup {
        teams: [
            TeamChoice::Roster(Roster::Human),
            TeamChoice::Roster(Roster::Orc),
        ],
        options: Options::default(),
        pre_match: Box::default(),
    };
    setup.options.inducements = true;
    setup.options.special_play_cards = SpecialPlayCards {
        home: draws,
        away: draws,
    };
    setup.pre_match.petty_cash = [600_000, 600_000];
    let mut dice = ChaChaDice::from_u64(5);
    let (mut game, _) = bb::new_game(setup, &mut dice).expect("an induced match starts");
    for _ in 0..200 {
        if matches!(
            game.prompt.kind,
            PromptKind::ChooseKicking | PromptKind::Setup { .. }
        ) {
            break;
        }
        let legal = bb::legal_commands(&game);
        let side = game.prompt.coach.expect("a coach decides");
        let hired = game.induced[side.index()]
            .bought
            .iter()
            .any(|b| matches!(b, InducementItem::StarPlayer { .. }));
        let bribed = game.induced[side.index()]
            .bought
            .contains(&InducementItem::Bribe);
        let pick = |f: &dyn Fn(&Command) -> bool| legal.iter().copied().find(|c| f(c));
        let cmd = match game.prompt.kind {
            PromptKind::Inducements { .. } => pick(&|c| {
                !hired
                    && matches!(
                        c,
                        Command::Induce {
                            item: InducementItem::StarPlayer { .. }
                        }
                    )
            })
            .or_else(|| {
                pick(&|c| {
                    !bribed
                        && *c
                            == Command::Induce {
                                item: InducementItem::Bribe,
                            }
                })
            })
            .unwrap_or(Command::DoneInducing),
            PromptKind::PlayCard { .. } => Command::NoCard,
            _ => legal[0],
        };
        bb::apply(&mut game, cmd, &mut dice).expect("a legal command");
    }
    let v = |seat: Seat| {
        serde_json::to_value(AnyView::BloodBowl(bb::view_for(&game, seat))).expect("a view")
    };
    json!({
        "home": v(Seat::Coach(Side::Home)),
        "away": v(Seat::Coach(Side::Away)),
        "spectator": v(Seat::Spectator),
    })
}

/// The fixtures of the web tests, written where `DUGOUT_BB_FIXTURES` says (web-tests/run
/// sets it to its temp dir): `bb-scripted.json` and `bb-random.json`. Without it the test
/// checks that both build (the scripted drive ends the match; every random match ends).
#[test]
fn the_web_tests_blood_bowl_fixtures() {
    let scripted = fixture();
    let steps = scripted["steps"].as_array().map_or(0, Vec::len);
    assert!(steps > 100, "the scripted drive: {steps} events");
    assert_eq!(
        scripted["steps"][steps - 1]["view"]["outcome"],
        json!({"result": "score", "winner": "Away"})
    );
    // Seeds 1 and 10 throw passes; 19 plays a Special Play Card; 37 raises a Zombie.
    let mut random = random_games(&[1, 3, 7, 10, 11, 19, 23, 31, 37, 43], 10);
    // §31.10 Fanatic Invasion: matches with the neutral Fanatic placed and moved.
    let mayhem = random_games_with(&[2, 5], 10, true);
    let text = mayhem.to_string();
    assert!(
        text.contains("\"fanatic_move\"") && text.contains("\"neutral\":true"),
        "the Mayhem matches place and move the Fanatic"
    );
    if let (Some(games), Some(more)) = (
        random["games"].as_array_mut(),
        mayhem["games"].as_array().cloned(),
    ) {
        games.extend(more);
    }
    let induced = induced_views();
    for seat in ["home", "away"] {
        let v = &induced[seat];
        let i = usize::from(seat == "away");
        assert_eq!(v["hands"][i]["count"], 2, "{seat}: two cards drawn");
        assert_eq!(
            v["hands"][i]["cards"].as_array().map(Vec::len),
            Some(2),
            "{seat} sees its own hand"
        );
        assert_eq!(
            v["hands"][1 - i]["cards"].as_array().map(Vec::len),
            Some(0),
            "{seat} does not see the other hand"
        );
        let stars = v["players"].as_array().map_or(0, |ps| {
            ps.iter().filter(|p| p["position"] == "Star Player").count()
        });
        assert!(stars >= 2, "each side hired a star: {stars}");
        for t in 0..2 {
            let bought = &v["teams"][t]["induced"]["bought"];
            assert!(
                bought
                    .as_array()
                    .is_some_and(|b| b.contains(&json!({"kind": "bribe"}))),
                "team {t} bought a bribe: {bought}"
            );
        }
    }
    if let Some(dir) = std::env::var_os("DUGOUT_BB_FIXTURES") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).expect("the fixtures directory");
        for (name, value) in [
            ("bb-scripted.json", &scripted),
            ("bb-random.json", &random),
            ("bb-induced.json", &induced),
        ] {
            let text = serde_json::to_string(value).expect("JSON");
            std::fs::write(dir.join(name), text).expect("a fixture is written");
        }
    }
}
