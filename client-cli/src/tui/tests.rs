//! Render tests with ratatui's `TestBackend`, and the wording of events.

use dugout_protocol::{RoomStatus, RoomSummary, TimerPolicy};
use dugout_rules::blitz::data::{BonusPlay, Challenge, TeamId};
use dugout_rules::blitz::scenario::Scenario;
use dugout_rules::blitz::{
    ActionKind, BallId, CardId, Event, MatchSetup, PlayerId, Roll, RollPurpose, ScoreReason, view,
};
use dugout_rules::core::{BlockFace, Die, Seat, Side, Square};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};

use super::*;

fn room(id: &str, teams: [TeamId; 2], seats: [Option<&str>; 2]) -> RoomSummary {
    RoomSummary {
        room: id.into(),
        setup: crate::game::blitz::setup(MatchSetup {
            edition: Default::default(),
            teams,
            options: Default::default(),
        }),
        timer: TimerPolicy::None,
        private: false,
        connected: seats.map(|s| s.is_some()),
        seats: seats.map(|s| s.map(String::from)),
        ready: [true, false],
        status: RoomStatus::Open,
        spectators: 0,
        seq: 0,
        dice_commitment: None,
    }
}

fn line(buf: &Buffer, y: u16) -> String {
    (0..buf.area.width)
        .map(|x| buf[(x, y)].symbol())
        .collect::<String>()
}

fn screen(buf: &Buffer) -> String {
    (0..buf.area.height)
        .map(|y| line(buf, y))
        .collect::<Vec<_>>()
        .join("\n")
}

fn draw_lobby(model: &LobbyModel) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(100, 12)).expect("test terminal");
    t.draw(|f| render_lobby(f, f.area(), model)).expect("draw");
    t.backend().buffer().clone()
}

#[test]
fn lobby_lists_rooms_and_highlights_the_selection() {
    let model = LobbyModel {
        rooms: vec![
            room(
                "0193aaaa-0000",
                [TeamId::Amazon, TeamId::Orc],
                [Some("ada"), None],
            ),
            room(
                "0193bbbb-0000",
                [TeamId::Human, TeamId::Skaven],
                [Some("bob"), Some("cy")],
            ),
        ],
        selected: 1,
        status: None,
    };
    let buf = draw_lobby(&model);
    let text = screen(&buf);
    assert!(text.contains("Lobby: 2 rooms"), "{text}");
    let row = |needle: &str| {
        (0..buf.area.height)
            .find(|&y| line(&buf, y).contains(needle))
            .unwrap_or_else(|| panic!("{needle} not on screen:\n{text}"))
    };
    let first = row("0193aaaa");
    let second = row("0193bbbb");
    assert!(first < second);
    let l1 = line(&buf, first);
    assert!(l1.contains("Blitz Bowl") && l1.contains("2024"), "{l1}");
    assert!(l1.contains("Amazon v Orc"), "{l1}");
    assert!(l1.contains("ada* / (free)"), "{l1}");
    assert!(l1.contains("open"), "{l1}");
    let l2 = line(&buf, second);
    assert!(
        l2.contains("Human v Skaven") && l2.contains("bob* / cy"),
        "{l2}"
    );

    // The selected row carries the marker and the highlight; the other does not.
    assert!(l2.contains("> 0193bbbb"), "{l2}");
    assert!(!l1.contains('>'), "{l1}");
    let x = u16::try_from(l2.find("0193bbbb").expect("id")).expect("fits");
    assert_eq!(buf[(x, second)].bg, Color::Yellow);
    let x1 = u16::try_from(l1.find("0193aaaa").expect("id")).expect("fits");
    assert_ne!(buf[(x1, first)].bg, Color::Yellow);

    // The key help line is at the bottom.
    assert!(line(&buf, 11).contains("Enter join"), "{text}");

    // Moving the selection moves the highlight.
    let buf = draw_lobby(&LobbyModel {
        selected: 0,
        ..model
    });
    assert!(line(&buf, first).contains("> 0193aaaa"));
    assert_eq!(buf[(x1 + 2, first)].bg, Color::Yellow);
}

#[test]
fn empty_lobby_says_how_to_create_a_room() {
    let buf = draw_lobby(&LobbyModel::default());
    assert!(
        screen(&buf)
            .contains("No open rooms: press c (Blitz Bowl) or b (Blood Bowl) to create one")
    );
}

/// Amazon (Home, seen by its coach) against Human, mid-game.
fn match_model(seat: Seat) -> MatchModel {
    let mut s = Scenario::new(MatchSetup {
        edition: Default::default(),
        teams: [TeamId::Amazon, TeamId::Human],
        options: Default::default(),
    });
    let blitzer = s.position(Side::Home, "Piranha Warrior Blitzer");
    let thrower = s.position(Side::Home, "Python Warrior Thrower");
    let catcher = s.position(Side::Away, "Catcher");
    s.stand(blitzer, 5, 4)
        .stand(thrower, 1, 5)
        .prone(catcher, 6, 4);
    s.give_ball(thrower);
    s.loose_ball(9, 9);
    s.active_card(0, 3);
    s.hand_card(Side::Home, 0).hand_card(Side::Home, 1);
    s.hand_card(Side::Away, 2);
    let mut game = s.at_action_prompt();
    game.score = [2, 1];
    MatchModel {
        view: view(&game, seat),
        seat,
        names: ["ada".into(), "bob".into()],
        events: vec![
            Event::TurnStarted {
                coach: Side::Home,
                turn: 2,
            },
            Event::PlayerMoved {
                player: blitzer,
                from: Square::new(4, 4),
                to: Square::new(5, 4),
            },
        ],
        cursor: None,
        targets: Vec::new(),
        selected: None,
        log_scroll: 0,
    }
}

/// The Home Piranha Warrior Blitzer of [`match_model`].
fn blitzer(model: &MatchModel) -> PlayerId {
    model
        .view
        .players
        .iter()
        .find(|p| p.square() == Some(Square::new(5, 4)))
        .expect("the blitzer at (5,4)")
        .id
}

fn draw_match(model: &MatchModel) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(110, 30)).expect("test terminal");
    t.draw(|f| render_match(f, f.area(), model)).expect("draw");
    t.backend().buffer().clone()
}

/// The terminal cell of pitch square `(x, y)`'s middle character (the player letter).
fn cell_of(x: u16, y: u16) -> (u16, u16) {
    // Header row 0, prompt row 1, pitch border row 2, column numbers row 3; border column 0
    // and two columns of row labels.
    (
        1 + pitch::ROW_LABEL_WIDTH + pitch::CELL_WIDTH * x + 1,
        4 + y,
    )
}

#[test]
fn match_screen_draws_players_ball_and_pitch_features() {
    let model = match_model(Seat::Coach(Side::Home));
    let buf = draw_match(&model);
    let text = screen(&buf);
    let at = |x, y| {
        let (cx, cy) = cell_of(x, y);
        buf[(cx, cy)].clone()
    };
    // Standing Home Blitzer at (5,4), in Home's colour (red, as on the web pages).
    assert_eq!(at(5, 4).symbol(), "B", "{text}");
    assert_eq!(at(5, 4).bg, Color::Red);
    // The prone Human Catcher at (6,4): lowercase, in Away's colour (blue), dimmed.
    assert_eq!(at(6, 4).symbol(), "c", "{text}");
    assert_eq!(at(6, 4).bg, Color::Blue);
    assert!(at(6, 4).modifier.contains(Modifier::DIM));
    // The Thrower at (1,5) holds the ball: '*' just before its letter.
    assert_eq!(at(1, 5).symbol(), "T");
    let (tx, ty) = cell_of(1, 5);
    assert_eq!(buf[(tx - 1, ty)].symbol(), "*");
    // The loose ball at (9,9).
    assert_eq!(at(9, 9).symbol(), "o");
    // A blocked square, the trapdoor, an end zone and an empty square.
    let (bx, by) = cell_of(3, 2);
    assert_eq!(buf[(bx, by)].symbol(), "#");
    let (dx, dy) = cell_of(7, 5);
    assert_eq!(buf[(dx - 1, dy)].symbol(), "[");
    assert_eq!(at(0, 0).symbol(), ":");
    assert_eq!(at(14, 10).symbol(), ":");
    assert_eq!(at(8, 0).symbol(), ".");
    // Nothing else on the pitch is a player of these positions.
    let letters: usize = (0..15)
        .flat_map(|x| (0..11).map(move |y| (x, y)))
        .filter(|&(x, y)| matches!(at(x, y).symbol(), "B" | "T" | "c"))
        .count();
    assert_eq!(letters, 3, "{text}");
}

#[test]
fn match_screen_shows_score_turn_prompt_cards_and_log() {
    let model = match_model(Seat::Coach(Side::Home));
    let buf = draw_match(&model);
    let text = screen(&buf);
    assert!(
        line(&buf, 0).contains("Amazon (ada) 2 - 1 Human (bob)"),
        "{text}"
    );
    assert!(line(&buf, 0).contains("Home's turn 2"), "{text}");
    assert!(
        line(&buf, 1).contains("You: choose an action, play a Bonus Play or end the turn"),
        "{text}"
    );
    let challenge = CardId(3).def();
    assert!(
        text.contains(&format!(
            "1. {} ({})",
            challenge.challenge.name(),
            describe::pts(challenge.points)
        )),
        "{text}"
    );
    // The legend of position letters.
    assert!(
        text.contains("Amazon: L Linewoman, T Thrower, B Blitzer, J Blocker"),
        "{text}"
    );
    assert!(
        text.contains("Human: L Lineman, T Thrower, C Catcher, B Blitzer"),
        "{text}"
    );
    // The event log, in words.
    assert!(text.contains("Home's turn 2 begins"), "{text}");
    // With the view, the log names players by side and position.
    assert!(
        text.contains(&format!(
            "Home Blitzer #{} moves (4,4) -> (5,4)",
            blitzer(&model).0
        )),
        "{text}"
    );
}

#[test]
fn match_screen_shows_own_hand_but_only_the_opponents_count() {
    let own: Vec<&str> = [0, 1].map(|c| CardId(c).def().bonus.name()).to_vec();
    let theirs = CardId(2).def().bonus.name();
    assert!(
        !own.contains(&theirs),
        "pick cards with distinct Bonus Plays"
    );

    let buf = draw_match(&match_model(Seat::Coach(Side::Home)));
    let text = screen(&buf);
    assert!(text.contains("Your hand (2)"), "{text}");
    for name in &own {
        assert!(text.contains(name), "{name} missing:\n{text}");
    }
    assert!(text.contains("Away hand: 1 card"), "{text}");
    assert!(!text.contains(theirs), "{theirs} leaked:\n{text}");

    // The Away coach sees the mirror image; a spectator sees only counts.
    let buf = draw_match(&match_model(Seat::Coach(Side::Away)));
    let text = screen(&buf);
    assert!(
        text.contains("Your hand (1)") && text.contains(theirs),
        "{text}"
    );
    assert!(text.contains("Home hand: 2 cards"), "{text}");
    assert!(own.iter().all(|n| !text.contains(n)), "{text}");
    assert!(
        text.contains("Waiting for Home: choose an action"),
        "{text}"
    );

    let buf = draw_match(&match_model(Seat::Spectator));
    let text = screen(&buf);
    assert!(!text.contains("Your hand"), "{text}");
    assert!(text.contains("Home hand: 2 cards") && text.contains("Away hand: 1 card"));
    assert!(!text.contains(theirs) && own.iter().all(|n| !text.contains(n)));
}

#[test]
fn position_letters_are_distinct_within_every_team() {
    use dugout_rules::blitz::data::team;
    for id in TeamId::ALL {
        let keys = pitch::position_keys(team(id));
        assert_eq!(keys.len(), team(id).positions.len());
        for (i, (letter, name)) in keys.iter().enumerate() {
            assert!(letter.is_ascii_uppercase(), "{id:?}: {letter}");
            assert!(
                keys[..i].iter().all(|(l, n)| l != letter && n != name),
                "{id:?}: {keys:?}"
            );
        }
    }
    // Same last word: the letter moves to another initial and the name is spelled out.
    let lizards = pitch::position_keys(team(TeamId::Lizardmen));
    assert_eq!(lizards[0], ('S', "Skink".to_string()));
    assert_eq!(lizards[1], ('C', "Chameleon Skink".to_string()));
}

#[test]
fn the_cursor_square_is_reversed() {
    let mut model = match_model(Seat::Coach(Side::Home));
    model.cursor = Some(Square::new(5, 4));
    let buf = draw_match(&model);
    let (x, y) = cell_of(5, 4);
    assert!(buf[(x, y)].modifier.contains(Modifier::REVERSED));
    let (x, y) = cell_of(6, 4);
    assert!(!buf[(x, y)].modifier.contains(Modifier::REVERSED));
}

#[test]
fn describe_in_names_players_and_prompts_use_the_same_names() {
    let model = match_model(Seat::Coach(Side::Home));
    let id = blitzer(&model);
    let event = Event::KnockedDown { player: id };
    assert_eq!(
        describe_in(&event, &model.view),
        format!("Home Blitzer #{} is knocked down", id.0)
    );
    assert_eq!(
        describe(&event),
        format!("Player #{} is knocked down", id.0)
    );
    let catcher = model
        .view
        .players
        .iter()
        .find(|p| p.square() == Some(Square::new(6, 4)))
        .expect("catcher")
        .id;
    let prompt = dugout_rules::blitz::Prompt {
        coach: Some(Side::Away),
        kind: dugout_rules::blitz::PromptKind::FreeAction {
            player: catcher,
            grant: dugout_rules::blitz::FreeGrant::StandUp,
        },
    };
    assert_eq!(
        describe_prompt(&prompt, Seat::Coach(Side::Away), Some(&model.view)),
        format!("You: Away Catcher #{} may take a free Stand Up", catcher.0)
    );
    assert_eq!(
        describe_prompt(&prompt, Seat::Spectator, None),
        format!(
            "Waiting for Away: Player #{} may take a free Stand Up",
            catcher.0
        )
    );
}

#[test]
fn describe_puts_events_in_words() {
    let armour = Event::Rolled(Roll {
        purpose: RollPurpose::Armour,
        coach: Some(Side::Away),
        die: Die::D6,
        faces: vec![3],
        target: Some(4),
        modifier: 1,
        success: Some(false),
        reroll: false,
    });
    assert_eq!(
        describe(&armour),
        "Away rolled D6 for armour: 3 (needs 4+, modifier +1): armour broken"
    );
    let block = Event::Rolled(Roll {
        purpose: RollPurpose::Block,
        coach: Some(Side::Home),
        die: Die::Block,
        faces: vec![1, 5],
        target: None,
        modifier: 0,
        success: None,
        reroll: true,
    });
    assert_eq!(
        describe(&block),
        "Home re-rolled 2 block dice for a block: Miss, Smash"
    );
    let toss = Event::Rolled(Roll {
        purpose: RollPurpose::CoinToss,
        coach: None,
        die: Die::Range(2),
        faces: vec![0],
        target: None,
        modifier: 0,
        success: None,
        reroll: false,
    });
    assert_eq!(
        describe(&toss),
        "The game rolled D2 for the coin toss: 1",
        "a Range pick is shown counted from 1"
    );
    let cases = [
        (
            Event::ActionStarted {
                player: PlayerId(4),
                action: ActionKind::Block,
                free: false,
            },
            "Player #4 takes a Block action",
        ),
        (
            Event::PlayerMoved {
                player: PlayerId(2),
                from: Square::new(3, 4),
                to: Square::new(4, 5),
            },
            "Player #2 moves (3,4) -> (4,5)",
        ),
        (
            Event::BlockDieChosen {
                face: BlockFace::Kerrunch,
            },
            "Block die chosen: Kerrunch!",
        ),
        (
            Event::KnockedDown {
                player: PlayerId(7),
            },
            "Player #7 is knocked down",
        ),
        (
            Event::Injured {
                player: PlayerId(7),
            },
            "Player #7 is injured",
        ),
        (
            Event::Touchdown {
                player: PlayerId(1),
                ball: BallId(0),
            },
            "TOUCHDOWN by Player #1!",
        ),
        (
            Event::Scored {
                coach: Side::Home,
                points: 2,
                reason: ScoreReason::Touchdown,
                total: 5,
            },
            "Home scores 2 for a touchdown (total 5)",
        ),
        (
            Event::Claimed {
                coach: Side::Away,
                slot: 1,
                challenge: Challenge::TakeThemDown,
                points: 1,
                card: None,
            },
            "Away claims Take Them Down! (1 pt)",
        ),
        (
            Event::BonusPlayed {
                coach: Side::Home,
                card: CardId(0),
                bonus: BonusPlay::Sprint,
            },
            "Home plays Sprint",
        ),
        (
            Event::TurnStarted {
                coach: Side::Away,
                turn: 3,
            },
            "Away's turn 3 begins",
        ),
        (Event::TurnEnded { coach: Side::Away }, "Away's turn ends"),
    ];
    for (event, words) in cases {
        assert_eq!(describe(&event), words);
    }
}

#[test]
fn lobby_selection_wraps_and_names_the_room() {
    let mut model = LobbyModel {
        rooms: vec![
            room("a", [TeamId::Amazon, TeamId::Orc], [Some("ada"), None]),
            room("b", [TeamId::Human, TeamId::Orc], [Some("bob"), None]),
        ],
        ..LobbyModel::default()
    };
    assert_eq!(model.selected_room().map(|r| r.room.as_str()), Some("a"));
    model.select_next();
    assert_eq!(model.selected_room().map(|r| r.room.as_str()), Some("b"));
    model.select_next();
    assert_eq!(model.selected, 0);
    model.select_prev();
    assert_eq!(model.selected, 1);
    let mut empty = LobbyModel::default();
    empty.select_next();
    empty.select_prev();
    assert_eq!((empty.selected, empty.selected_room()), (0, None));
}

#[test]
fn the_cursor_starts_at_the_centre_and_stays_on_the_board() {
    let mut model = match_model(Seat::Coach(Side::Home));
    model.move_cursor(1, 0);
    assert_eq!(model.cursor, Some(Square::new(7, 5)));
    model.move_cursor(-2, -1);
    assert_eq!(model.cursor, Some(Square::new(5, 4)));
    assert_eq!(
        model.player_at_cursor().map(|p| p.id),
        Some(blitzer(&model))
    );
    model.move_cursor(-100, 100);
    assert_eq!(model.cursor, Some(Square::new(0, 10)));
    assert!(model.player_at_cursor().is_none());
    model.move_cursor(100, -100);
    assert_eq!(model.cursor, Some(Square::new(14, 0)));
}

const KEYS: &[(&str, &str)] = &[
    ("arrows", "move the cursor"),
    ("Enter", "select the player under the cursor"),
    ("?", "show or hide this help"),
];

#[test]
fn the_help_overlay_lists_the_keys_over_the_screen() {
    let model = match_model(Seat::Coach(Side::Home));
    let mut t = Terminal::new(TestBackend::new(110, 30)).expect("test terminal");
    t.draw(|f| {
        render_match(f, f.area(), &model);
        render_help(f, f.area(), "Keys", KEYS);
    })
    .expect("draw");
    let buf = t.backend().buffer().clone();
    let text = screen(&buf);
    assert!(text.contains(" Keys "), "{text}");
    for (key, what) in KEYS {
        let row = (0..buf.area.height)
            .map(|y| line(&buf, y))
            .find(|l| l.contains(what))
            .unwrap_or_else(|| panic!("{what} missing:\n{text}"));
        assert!(row.contains(key), "{row}");
    }
    // The screen under it is still there around the box.
    assert!(
        line(&buf, 0).contains("Amazon (ada) 2 - 1 Human (bob)"),
        "{text}"
    );
}
