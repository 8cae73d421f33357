//! The Blood Bowl screen's pure parts on views built by the real engine (`new_game` and the
//! view reducer folding real events): paths and their rolls, prompts in words, the keys, and
//! the screen drawn at 120x40.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use dugout_rules::bb::{
    self, ActionKind, Ball, CheckKind, Command, Event, GameView, MatchSetup, PlayerId, PlayerState,
    Prompt, PromptKind, RerollSource, Roster, TeamChoice, Weather,
};
use dugout_rules::core::{ChaChaDice, Seat, Side, Square};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;

use super::path::{self, RollKind};
use super::play::{BbPlay, Ctx};
use super::tui::{BbMatch, log_lines, render_bb_match};
use super::words;

/// Orcs (Home, players 0–10: #1–4 Linemen, #5 Thrower, #6–9 Black Orc Blockers, #10–11
/// Blitzers) against Humans (Away, players 11–22: #1–6 Linemen, #7–8 Catchers, #9–10
/// Throwers, #11–12 Blitzers), all in Reserves.
fn fixture() -> GameView {
    let setup = MatchSetup {
        teams: [
            TeamChoice::Roster(Roster::Orc),
            TeamChoice::Roster(Roster::Human),
        ],
        options: Default::default(),
        pre_match: Default::default(),
    };
    let mut dice = ChaChaDice::from_u64(7);
    let (game, _) = bb::new_game(setup, &mut dice).expect("a valid setup");
    bb::view(&game)
}

fn sq(x: i8, y: i8) -> Square {
    Square::new(x, y)
}

fn stand(view: &mut GameView, id: u8, at: Square) {
    view.apply(&Event::PlayerState {
        player: PlayerId(id),
        state: PlayerState::Standing { square: at },
    });
}

fn set_prompt(view: &mut GameView, coach: Side, kind: PromptKind) {
    view.prompt = Prompt {
        coach: Some(coach),
        kind,
    };
}

#[test]
fn the_fixture_is_the_real_starter_teams() {
    let v = fixture();
    assert_eq!(v.players.len(), 23);
    let blitzer = &v.players[9];
    assert_eq!(
        (blitzer.position.as_str(), blitzer.number, blitzer.side),
        ("Blitzer", 10, Side::Home)
    );
    assert_eq!(
        (blitzer.ma, blitzer.st, blitzer.ag, blitzer.av),
        (6, 3, 3, 9)
    );
    let catcher = &v.players[17];
    assert_eq!(
        (catcher.position.as_str(), catcher.side),
        ("Catcher", Side::Away)
    );
}

#[test]
fn a_free_path_needs_no_roll_and_is_the_shortest() {
    let mut v = fixture();
    stand(&mut v, 9, sq(5, 7));
    let plan = path::plan(&v, PlayerId(9), 6, 2, sq(9, 7)).expect("a path");
    assert_eq!(plan.steps.len(), 4);
    assert_eq!(plan.steps.last(), Some(&sq(9, 7)));
    assert!(plan.rolls.is_empty());
    assert_eq!(plan.rolls_words(), "no rolls");
}

#[test]
fn going_past_the_movement_costs_gfi_rolls() {
    let mut v = fixture();
    stand(&mut v, 9, sq(5, 7));
    let plan = path::plan(&v, PlayerId(9), 6, 2, sq(13, 7)).expect("a path");
    assert_eq!(plan.steps.len(), 8);
    assert_eq!(plan.rolls_words(), "2 GFI (2+, 2+)");
    // In a blizzard a GFI needs 3+.
    v.apply(&Event::Weather {
        weather: Weather::Blizzard,
    });
    let plan = path::plan(&v, PlayerId(9), 6, 2, sq(12, 7)).expect("a path");
    assert_eq!(plan.rolls_words(), "1 GFI (3+)");
    // Nine squares is out of reach.
    let err = path::plan(&v, PlayerId(9), 6, 2, sq(14, 7)).expect_err("too far");
    assert!(err.to_string().contains("8 squares"), "{err}");
}

#[test]
fn leaving_tackle_zones_costs_dodges_with_their_targets() {
    let mut v = fixture();
    // The Orc Blitzer (AG 3) at F8, marked by a Human Lineman at G8.
    stand(&mut v, 9, sq(5, 7));
    stand(&mut v, 11, sq(6, 7));
    // Straight back: one dodge into a free square, AG 3 +1: 3+.
    let plan = path::plan(&v, PlayerId(9), 6, 2, sq(3, 7)).expect("a path");
    assert_eq!(plan.rolls_words(), "1 dodge (3+)");
    assert_eq!(plan.rolls[0].kind, RollKind::Dodge);
    assert_eq!(plan.rolls[0].step, 0);
    // A second Lineman at C8, guarding B8: the safest way dodges once, away from both
    // tackle zones, and goes round.
    stand(&mut v, 12, sq(2, 7));
    let plan = path::plan(&v, PlayerId(9), 6, 2, sq(1, 7)).expect("a path");
    assert_eq!(
        plan.rolls
            .iter()
            .filter(|r| r.kind == RollKind::Dodge)
            .count(),
        1
    );
    assert_eq!(plan.rolls[0].target, 3);
    // Dodging next to another opponent costs −1: the only square is in a tackle zone.
    let mut v = fixture();
    stand(&mut v, 9, sq(0, 0));
    stand(&mut v, 11, sq(1, 0));
    stand(&mut v, 12, sq(2, 2));
    stand(&mut v, 0, sq(1, 1));
    let plan = path::plan(&v, PlayerId(9), 6, 2, sq(0, 1)).expect("a path");
    assert_eq!(plan.rolls_words(), "1 dodge (4+)");
    assert_eq!(
        plan.words(sq(0, 1)),
        "1 square to A2: 1 dodge (4+); 50% to make it without a re-roll"
    );
}

#[test]
fn several_dodges_and_a_gfi_are_named_in_order() {
    let mut v = fixture();
    // The Orc Blitzer (AG 3) at F8 between two Human Linemen (G8 and D8): every square
    // around him is in one of their zones, so the first dodge needs 4+.
    stand(&mut v, 9, sq(5, 7));
    stand(&mut v, 11, sq(6, 7));
    stand(&mut v, 12, sq(3, 7));
    let plan = path::plan(&v, PlayerId(9), 3, 2, sq(1, 7)).expect("a path");
    let words = plan.rolls_words();
    // Out to E7 (4+, one zone there), then out of D8's zone to D6 (3+), round by C6 and
    // B7 to B8: five squares, two past his three of movement left.
    assert_eq!(words, "2 dodges (4+, 3+), 2 GFI (2+, 2+)");
    assert_eq!(
        plan.steps,
        vec![sq(4, 6), sq(3, 5), sq(2, 5), sq(1, 6), sq(1, 7)]
    );
}

#[test]
fn a_ball_on_the_destination_is_a_pick_up() {
    let mut v = fixture();
    stand(&mut v, 4, sq(5, 7));
    v.apply(&Event::Ball {
        ball: Ball::Ground { square: sq(7, 7) },
    });
    let plan = path::plan(&v, PlayerId(4), 5, 2, sq(7, 7)).expect("a path");
    assert_eq!(plan.rolls_words(), "1 pick-up (3+)");
    v.apply(&Event::Weather {
        weather: Weather::PouringRain,
    });
    let plan = path::plan(&v, PlayerId(4), 5, 2, sq(7, 7)).expect("a path");
    assert_eq!(plan.rolls_words(), "1 pick-up (4+)");
}

#[test]
fn taken_squares_are_refused_in_words() {
    let mut v = fixture();
    stand(&mut v, 9, sq(5, 7));
    stand(&mut v, 11, sq(8, 7));
    let err = path::plan(&v, PlayerId(9), 6, 2, sq(8, 7)).expect_err("taken");
    assert_eq!(err.to_string(), "I8 is taken by a player");
}

#[test]
fn the_reroll_prompt_is_a_question_in_words() {
    let mut v = fixture();
    stand(&mut v, 9, sq(5, 7));
    set_prompt(
        &mut v,
        Side::Home,
        PromptKind::Reroll {
            player: PlayerId(9),
            check: CheckKind::Dodge,
            faces: vec![2],
            target: 3,
            sources: vec![RerollSource::Team],
        },
    );
    let text = words::prompt(&v, &v.prompt, true);
    assert!(
        text.starts_with("Team re-roll for the failed Dodge? (3 left)"),
        "{text}"
    );
    assert!(text.contains("rolled 2, needed 3+"), "{text}");
    let theirs = words::prompt(&v, &v.prompt, false);
    assert!(theirs.starts_with("Waiting for Home: "), "{theirs}");
    assert_eq!(
        words::command(
            &v,
            &Command::Reroll {
                source: RerollSource::Team
            }
        ),
        "Use: Team re-roll (3 left)"
    );
    assert_eq!(words::command(&v, &Command::Decline), "No re-roll");
}

#[test]
fn the_log_tells_the_dice_and_merges_a_walk() {
    let mut v = fixture();
    stand(&mut v, 9, sq(5, 7));
    let events = vec![
        Event::Declared {
            player: PlayerId(9),
            action: ActionKind::Move,
        },
        Event::Moved {
            player: PlayerId(9),
            from: sq(5, 7),
            to: sq(6, 7),
        },
        Event::Moved {
            player: PlayerId(9),
            from: sq(6, 7),
            to: sq(7, 7),
        },
        Event::Rolled {
            roll: bb::Roll {
                purpose: bb::RollPurpose::Dodge,
                coach: Some(Side::Home),
                die: dugout_rules::core::Die::D6,
                faces: vec![2],
                target: Some(3),
                modifier: 0,
                success: Some(false),
                reroll: false,
            },
        },
        Event::BlockDeclared {
            attacker: PlayerId(9),
            defender: PlayerId(11),
            dice: 2,
            chooser: Side::Home,
            attacker_st: 3,
            defender_st: 3,
        },
    ];
    let lines = log_lines(&v, &events);
    assert_eq!(
        lines,
        vec![
            "Home #10 Blitzer declares a Move".to_string(),
            "Home #10 moves F8 -> G8 -> H8".to_string(),
            "Dodge roll: 2, needs 3+: failed".to_string(),
            "Home #10 blocks Away #1 (ST 3 v 3): 2 dice, Home chooses".to_string(),
        ]
    );
}

fn ctx<'a>(v: &'a GameView, legal: &'a [Command]) -> Ctx<'a> {
    Ctx {
        view: v,
        legal,
        side: Some(Side::Home),
    }
}

#[test]
fn choosing_a_destination_shows_the_rolls_then_declares_and_walks() {
    let mut v = fixture();
    stand(&mut v, 9, sq(5, 7));
    stand(&mut v, 11, sq(6, 7));
    set_prompt(
        &mut v,
        Side::Home,
        PromptKind::Action { blitz_bonus: false },
    );
    let legal = vec![
        Command::Declare {
            player: PlayerId(9),
            action: ActionKind::Move,
        },
        Command::Declare {
            player: PlayerId(9),
            action: ActionKind::Blitz,
        },
        Command::Block {
            player: PlayerId(9),
            target: PlayerId(11),
        },
        Command::EndTurn,
    ];
    let mut play = BbPlay {
        cursor: sq(5, 7),
        ..BbPlay::default()
    };
    let r = play.key(KeyCode::Char(' '), ctx(&v, &legal));
    assert_eq!(play.selected, Some(PlayerId(9)));
    assert!(r.send.is_none());
    assert_eq!(play.menu_commands(ctx(&v, &legal)).len(), 3);
    // A square three back: a dodge out of the Lineman's zone first.
    play.cursor = sq(2, 7);
    let r = play.key(KeyCode::Char(' '), ctx(&v, &legal));
    assert!(r.send.is_none());
    let status = r.status.unwrap_or_default();
    assert!(
        status.starts_with("3 squares to C8: 1 dodge (3+)"),
        "{status}"
    );
    assert!(play.pending.is_some());
    // Confirm: the Move is declared first.
    let r = play.key(KeyCode::Enter, ctx(&v, &legal));
    assert_eq!(
        r.send,
        Some(Command::Declare {
            player: PlayerId(9),
            action: ActionKind::Move
        })
    );
    // The engine asks for the steps: each decision gets the next one.
    set_prompt(
        &mut v,
        Side::Home,
        PromptKind::Acting {
            player: PlayerId(9),
            action: ActionKind::Move,
            ma_left: 6,
            gfi_left: 2,
            must_dodge: true,
        },
    );
    let steps = play.route.clone();
    assert_eq!(steps.len(), 3);
    let mut at = sq(5, 7);
    for step in steps {
        let legal: Vec<Command> = (-1..=1)
            .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
            .filter(|d| *d != (0, 0))
            .map(|(dx, dy)| Command::Step {
                to: sq(at.x + dx, at.y + dy),
            })
            .collect();
        let r = play.on_decision(ctx(&v, &legal));
        assert_eq!(r.send, Some(Command::Step { to: step }));
        v.apply(&Event::Moved {
            player: PlayerId(9),
            from: at,
            to: step,
        });
        stand(&mut v, 9, step);
        at = step;
    }
    assert_eq!(at, sq(2, 7));
    assert!(play.route.is_empty());
    // Nothing more to walk.
    let r = play.on_decision(ctx(&v, &[Command::EndAction]));
    assert_eq!(r.send, None);
    // e ends the Action.
    let r = play.key(KeyCode::Char('e'), ctx(&v, &[Command::EndAction]));
    assert_eq!(r.send, Some(Command::EndAction));
}

#[test]
fn a_turnover_on_the_way_stops_the_walk() {
    let mut v = fixture();
    stand(&mut v, 9, sq(5, 7));
    set_prompt(
        &mut v,
        Side::Home,
        PromptKind::Acting {
            player: PlayerId(9),
            action: ActionKind::Move,
            ma_left: 6,
            gfi_left: 2,
            must_dodge: false,
        },
    );
    let mut play = BbPlay {
        cursor: sq(9, 7),
        ..BbPlay::default()
    };
    let legal = vec![Command::Step { to: sq(6, 7) }, Command::EndAction];
    // No roll on the way: the first step goes at once.
    let r = play.key(KeyCode::Char(' '), ctx(&v, &legal));
    assert_eq!(r.send, Some(Command::Step { to: sq(6, 7) }));
    assert_eq!(play.route.len(), 3);
    // The other coach's turn now.
    set_prompt(
        &mut v,
        Side::Away,
        PromptKind::Action { blitz_bonus: false },
    );
    let r = play.on_decision(ctx(&v, &[]));
    assert_eq!(r.send, None);
    assert!(play.route.is_empty());
    assert!(r.status.unwrap_or_default().contains("stopped"));
}

#[test]
fn setup_places_the_next_reserve_where_space_is_pressed() {
    let mut v = fixture();
    set_prompt(
        &mut v,
        Side::Home,
        PromptKind::Setup {
            placed: 0,
            needed: 11,
            picked: None,
            perfect_defence: false,
        },
    );
    let mut legal: Vec<Command> = (0..11)
        .map(|i| Command::SetupPick {
            player: PlayerId(i),
        })
        .collect();
    legal.push(Command::SetupFormation {
        formation: bb::Formation::Wall,
    });
    let mut play = BbPlay {
        cursor: sq(12, 7),
        ..BbPlay::default()
    };
    let r = play.key(KeyCode::Char(' '), ctx(&v, &legal));
    assert_eq!(
        r.send,
        Some(Command::SetupPick {
            player: PlayerId(0)
        })
    );
    // The engine now asks where: the queued place goes.
    set_prompt(
        &mut v,
        Side::Home,
        PromptKind::Setup {
            placed: 0,
            needed: 11,
            picked: Some(PlayerId(0)),
            perfect_defence: false,
        },
    );
    let legal = vec![
        Command::SetupPlace { square: sq(12, 7) },
        Command::SetupPlace { square: sq(11, 7) },
        Command::SetupBench,
    ];
    let r = play.on_decision(ctx(&v, &legal));
    assert_eq!(r.send, Some(Command::SetupPlace { square: sq(12, 7) }));
}

#[test]
fn block_dice_and_yes_no_prompts_answer_by_keys() {
    let mut v = fixture();
    stand(&mut v, 9, sq(5, 7));
    stand(&mut v, 11, sq(6, 7));
    set_prompt(
        &mut v,
        Side::Home,
        PromptKind::BlockDice {
            attacker: PlayerId(9),
            defender: PlayerId(11),
            dice: vec![bb::BlockFace::Pushed, bb::BlockFace::DefenderDown],
        },
    );
    let legal = vec![
        Command::BlockDie { index: 0 },
        Command::BlockDie { index: 1 },
    ];
    let mut play = BbPlay::default();
    let text = words::prompt(&v, &v.prompt, true);
    assert_eq!(
        text,
        "Block dice Home #10 on Away #1: [Pushed] [Defender Down]; Home chooses"
    );
    let menu = play.menu_commands(ctx(&v, &legal));
    assert_eq!(words::command(&v, &menu[1]), "Die 2: Defender Down");
    let r = play.key(KeyCode::Char('2'), ctx(&v, &legal));
    assert_eq!(r.send, Some(Command::BlockDie { index: 1 }));
    set_prompt(
        &mut v,
        Side::Home,
        PromptKind::FollowUp {
            player: PlayerId(9),
            square: sq(6, 7),
        },
    );
    let legal = vec![
        Command::FollowUp { follow: true },
        Command::FollowUp { follow: false },
    ];
    let r = play.key(KeyCode::Char('n'), ctx(&v, &legal));
    assert_eq!(r.send, None, "n is the menu's next entry");
    let r = play.key(KeyCode::Char('d'), ctx(&v, &legal));
    assert_eq!(r.send, Some(Command::FollowUp { follow: false }));
    let r = play.key(KeyCode::Char('y'), ctx(&v, &legal));
    assert_eq!(r.send, Some(Command::FollowUp { follow: true }));
}

fn draw(width: u16, height: u16, m: &BbMatch) -> String {
    let mut term = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    term.draw(|f| {
        let area = f.area();
        let main = ratatui::layout::Rect {
            height: area.height - 1,
            ..area
        };
        render_bb_match(f, main, m);
    })
    .expect("drawn");
    let buf = term.backend().buffer().clone();
    let mut out = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

#[test]
fn the_match_screen_fits_120x40_with_everything_a_coach_needs() {
    let mut v = fixture();
    stand(&mut v, 9, sq(5, 7));
    stand(&mut v, 11, sq(6, 7));
    v.apply(&Event::PlayerState {
        player: PlayerId(12),
        state: PlayerState::Prone { square: sq(8, 2) },
    });
    v.apply(&Event::PlayerState {
        player: PlayerId(13),
        state: PlayerState::Stunned { square: sq(9, 2) },
    });
    v.apply(&Event::Ball {
        ball: Ball::Held {
            player: PlayerId(9),
        },
    });
    v.apply(&Event::PlayerState {
        player: PlayerId(20),
        state: PlayerState::KnockedOut,
    });
    v.apply(&Event::HalfStarted { half: 1 });
    v.apply(&Event::TurnStarted {
        side: Side::Home,
        turn: 3,
        blitz_bonus: false,
    });
    set_prompt(
        &mut v,
        Side::Home,
        PromptKind::Action { blitz_bonus: false },
    );
    let legal = vec![
        Command::Declare {
            player: PlayerId(9),
            action: ActionKind::Move,
        },
        Command::EndTurn,
    ];
    let play = BbPlay {
        cursor: sq(5, 7),
        selected: Some(PlayerId(9)),
        ..BbPlay::default()
    };
    let names = ["alice".to_string(), "bot".to_string()];
    let events = vec![Event::TurnStarted {
        side: Side::Home,
        turn: 3,
        blitz_bonus: false,
    }];
    let m = BbMatch {
        view: &v,
        events: &events,
        play: &play,
        legal: &legal,
        seat: Seat::Coach(Side::Home),
        names: &names,
        log_scroll: 0,
        clock: Some("2:31"),
        result: None,
        notes: &[],
        chat_input: None,
    };
    let screen = draw(120, 40, &m);
    for want in [
        "BLOOD BOWL",
        "Home alice",
        "0 - 0",
        "bot Away",
        "half 1",
        "Home's turn (you)",
        "re-rolls 3/3",
        "KO #10",
        ">10o",
        "< 1 ",
        "< 2_",
        "< 3*",
        "MA 6  ST 3  AG 3  AV 9",
        "Skills: Block",
        "HAS THE BALL",
        "-- Home turn 3 --",
        "1. Move: Home #10 Blitzer",
        "e end turn",
        "CC concede",
        "? help",
    ] {
        assert!(screen.contains(want), "missing {want:?} in:\n{screen}");
    }
    // The pitch's 26 columns, A to Z.
    assert!(screen.contains(" A   B   C "), "{screen}");
    assert!(screen.contains(" Y   Z "), "{screen}");
    // Too small: a clear message instead.
    let small = draw(100, 30, &m);
    assert!(
        small.contains("needs a bigger terminal") && small.contains("120x40; this one is 100x30"),
        "{small}"
    );
}

#[test]
fn long_log_lines_wrap_at_spaces_with_an_indent() {
    use super::tui::wrap;
    assert_eq!(wrap("short", 10), vec!["short".to_string()]);
    assert_eq!(
        wrap("Away #11 moves W8 -> V7 -> U6 -> T7", 16),
        vec![
            "Away #11 moves".to_string(),
            "  W8 -> V7 -> U6".to_string(),
            "  -> T7".to_string()
        ]
    );
    assert_eq!(
        wrap("abcdefghijkl", 5),
        vec![
            "abcde".to_string(),
            "  fgh".to_string(),
            "  ijk".to_string(),
            "  l".to_string()
        ]
    );
}

#[test]
fn chat_and_room_notices_sit_in_the_log_where_they_came() {
    let mut v = fixture();
    stand(&mut v, 9, sq(5, 7));
    let events = vec![
        Event::HalfStarted { half: 1 },
        Event::Declared {
            player: PlayerId(9),
            action: ActionKind::Move,
        },
        Event::Moved {
            player: PlayerId(9),
            from: sq(5, 7),
            to: sq(6, 7),
        },
    ];
    let notes = vec![
        (0, "* Match started: ada (Home) v bot (Away)".to_string()),
        (2, "bot (Away): good luck".to_string()),
        (3, "* later".to_string()),
    ];
    assert_eq!(
        super::tui::log_rows(&v, &events, &notes, 80),
        vec![
            "* Match started: ada (Home) v bot (Away)".to_string(),
            "Half 1 begins".to_string(),
            "Home #10 Blitzer declares a Move".to_string(),
            "bot (Away): good luck".to_string(),
            "Home #10 moves F8 -> G8".to_string(),
            "* later".to_string(),
        ]
    );
}

/// §30.10, §31 (docs/rules/blood-bowl.md): a spell or a card aimed at a square is chosen on
/// the pitch (a green square, Space), never listed one menu line a square; a card on a player
/// is aimed at his square too and listed in the menu with its target.
#[test]
fn spells_and_cards_on_squares_are_chosen_on_the_pitch() {
    use dugout_rules::bb::Spell;
    use dugout_rules::bb::cards::{Card, Window};
    let mut v = fixture();
    stand(&mut v, 12, sq(14, 7));
    set_prompt(&mut v, Side::Home, PromptKind::Wizard);
    let fireball = Command::CastSpell {
        spell: Spell::Fireball { target: sq(14, 7) },
    };
    let bolt = Command::CastSpell {
        spell: Spell::LightningBolt {
            target: PlayerId(12),
        },
    };
    let legal = vec![fireball, bolt, Command::Decline];
    let ctx = Ctx {
        view: &v,
        legal: &legal,
        side: Some(Side::Home),
    };
    let mut play = BbPlay::default();
    assert_eq!(play.menu_commands(ctx), vec![bolt, Command::Decline]);
    assert_eq!(play.targets(ctx), vec![sq(14, 7)]);
    assert_eq!(
        words::command(&v, &bolt),
        "Lightning Bolt at Away #2 Lineman"
    );
    // Two commands aim at (14,7): Space puts the menu on the first, Enter sends it.
    play.cursor = sq(14, 7);
    let r = play.act_at_cursor(ctx);
    assert_eq!(r.send, None, "{r:?}");
    set_prompt(
        &mut v,
        Side::Home,
        PromptKind::PlayCard {
            window: Window::StartOfOwnTurn,
        },
    );
    let freight = Command::PlayCard {
        card: Card::DaFreightTrain,
        player: None,
        square: Some(sq(3, 0)),
        choice: None,
    };
    let mindblow = Command::PlayCard {
        card: Card::Mindblow,
        player: Some(PlayerId(12)),
        square: None,
        choice: None,
    };
    let legal = vec![freight, mindblow, Command::NoCard];
    let ctx = Ctx {
        view: &v,
        legal: &legal,
        side: Some(Side::Home),
    };
    let mut play = BbPlay::default();
    assert_eq!(play.menu_commands(ctx), vec![mindblow, Command::NoCard]);
    assert_eq!(play.targets(ctx), vec![sq(3, 0), sq(14, 7)]);
    assert_eq!(
        words::command(&v, &mindblow),
        "Play Mindblow on Away #2 Lineman"
    );
    play.cursor = sq(3, 0);
    assert_eq!(play.act_at_cursor(ctx).send, Some(freight));
    assert_eq!(
        play.key(KeyCode::Char('d'), ctx).send,
        Some(Command::NoCard)
    );
}

/// §31.4 (docs/rules/blood-bowl.md): a spectator's Teams panel (`c`) gives each hand's count
/// and the cards played by name, never a card in hand; the coach's own hand is named with its
/// code and when it is playable.
#[test]
fn the_teams_panel_names_our_hand_and_counts_the_others() {
    use dugout_rules::bb::cards::Card;
    let mut v = fixture();
    v.hands[0].count = 2;
    v.hands[0].cards = vec![Card::Mindblow, Card::ComeOnBoys];
    v.hands[1].count = 1;
    v.hands[1].played = vec![Card::DoomAndGloom];
    let names = ["alice".to_string(), "bot".to_string()];
    let play = BbPlay {
        team_panel: true,
        ..BbPlay::default()
    };
    let m = |seat: Seat, v: &GameView| -> Vec<String> {
        let mb = BbMatch {
            view: v,
            events: &[],
            play: &play,
            legal: &[],
            seat,
            names: &names,
            log_scroll: 0,
            clock: None,
            result: None,
            notes: &[],
            chat_input: None,
        };
        super::tui::team_panel_lines(&mb)
    };
    let home = m(Seat::Coach(Side::Home), &v).join("\n");
    assert!(
        home.contains(&format!("  {}", words::card_words(Card::Mindblow))),
        "{home}"
    );
    assert!(home.contains("at the start of your turn"), "{home}");
    assert!(home.contains("Come On Boys!"), "{home}");
    assert!(home.contains(" Hand: 1 card(s), secret"), "{home}");
    assert!(home.contains(" Played: Doom and Gloom"), "{home}");
    // A spectator's view has no card in hand (the server sends none); the panel says so.
    let mut spectator = v.clone();
    spectator.hands[0].cards.clear();
    let seen = m(Seat::Spectator, &spectator).join("\n");
    assert!(!seen.contains("Mindblow"), "{seen}");
    assert!(seen.contains(" Hand: 2 card(s), secret"), "{seen}");
    let screen = draw(
        120,
        40,
        &BbMatch {
            view: &spectator,
            events: &[],
            play: &play,
            legal: &[],
            seat: Seat::Spectator,
            names: &names,
            log_scroll: 0,
            clock: None,
            result: None,
            notes: &[],
            chat_input: None,
        },
    );
    assert!(screen.contains(" Teams (c) "), "{screen}");
    assert!(
        screen.contains("cards 2"),
        "the header counts the hand: {screen}"
    );
}
