//! Model tests (keys, clicks and server messages in, effects out) and `TestBackend` render
//! tests of the client's screens.

use std::time::{Duration, Instant};

use dugout_protocol::{
    ErrorCode, LogEntry, RoomEvent, RoomStatus, RoomSummary, SeqEvent, ServerMessage, StateAt,
    TimerPolicy,
};
use dugout_rules::blitz::data::TeamId;
use dugout_rules::blitz::scenario::Scenario;
use dugout_rules::blitz::{
    ActionChoice, Command, Edition, Event, Game, MatchSetup, PlayerId, legal_commands, view,
};
use dugout_rules::core::{Seat, Side, Square};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::style::Color;

use super::config::Saved;
use super::model::{App, Effect, Input, Link, Play, Replay, Request, Screen, plain, square_at};
use super::render::render_app;
use crate::net::{Ack, Answer, Refusal, Update};

fn key(app: &mut App, code: KeyCode) -> Vec<Effect> {
    app.on_key(plain(code))
}

fn typed(app: &mut App, text: &str) {
    for c in text.chars() {
        assert!(key(app, KeyCode::Char(c)).is_empty(), "typing {c:?}");
    }
}

fn screen(app: &App, w: u16, h: u16) -> (String, Buffer) {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    t.draw(|f| render_app(f, app)).expect("draw");
    let buf = t.backend().buffer().clone();
    let text = (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n");
    (text, buf)
}

fn room(id: &str, seats: [Option<&str>; 2], status: RoomStatus) -> RoomSummary {
    RoomSummary {
        room: id.into(),
        setup: crate::game::blitz::setup(MatchSetup {
            edition: Edition::Bb2024,
            teams: [TeamId::Amazon, TeamId::Human],
            options: Default::default(),
        }),
        timer: TimerPolicy::PerTurn { seconds: 120 },
        private: false,
        connected: seats.map(|s| s.is_some()),
        seats: seats.map(|s| s.map(String::from)),
        ready: [true, false],
        status,
        spectators: 0,
        seq: 0,
        dice_commitment: None,
    }
}

fn ack(request: Request, room: Option<&str>) -> Input {
    Input::Answer {
        request,
        answer: Answer::Ack(Ack {
            seq: None,
            room: room.map(String::from),
        }),
    }
}

fn server(msg: ServerMessage) -> Input {
    Input::Update(Update::Server(msg))
}

/// A logged-in app in the lobby.
fn lobby_app(now: Instant) -> App {
    let (mut app, effects) = App::start(
        "http://127.0.0.1:1",
        Some(Saved {
            server: "http://127.0.0.1:1".into(),
            account: "ada".into(),
            token: "tok".into(),
        }),
        now,
    );
    assert_eq!(
        effects,
        vec![Effect::Connect {
            server: "http://127.0.0.1:1".into(),
            token: "tok".into()
        }],
        "a remembered session connects at once"
    );
    let effects = app.on_input(Input::Connected {
        account: "ada".into(),
    });
    assert_eq!(effects, vec![Effect::Send(Request::ListRooms)]);
    assert_eq!(app.screen, Screen::Lobby);
    app
}

// ----- login ---------------------------------------------------------------------------

#[test]
fn login_screen_types_logs_in_saves_and_connects() {
    let now = Instant::now();
    let (mut app, effects) = App::start("http://127.0.0.1:8080", None, now);
    assert!(effects.is_empty(), "nothing remembered: the login screen");
    typed(&mut app, "ada");
    assert!(key(&mut app, KeyCode::Tab).is_empty());
    typed(&mut app, "secret-pw");
    let (text, _) = screen(&app, 100, 20);
    assert!(text.contains("Server    http://127.0.0.1:8080"), "{text}");
    assert!(text.contains("Name      ada"), "{text}");
    assert!(text.contains("Password  *********"), "masked: {text}");
    assert!(!text.contains("secret-pw"), "{text}");
    assert!(
        text.contains("[ Log in ]") && text.contains("[ Register ]"),
        "{text}"
    );

    // Tab to the Register button, Enter: register.
    key(&mut app, KeyCode::Tab);
    key(&mut app, KeyCode::Tab);
    let effects = key(&mut app, KeyCode::Enter);
    assert_eq!(
        effects,
        vec![Effect::Login {
            server: "http://127.0.0.1:8080".into(),
            name: "ada".into(),
            password: "secret-pw".into(),
            register: true
        }]
    );
    assert!(
        key(&mut app, KeyCode::Enter).is_empty(),
        "busy: no second login"
    );

    let effects = app.on_input(Input::LoggedIn {
        server: "http://127.0.0.1:8080".into(),
        account: "ada".into(),
        token: "t0k".into(),
    });
    assert_eq!(
        effects,
        vec![
            Effect::Save(Saved {
                server: "http://127.0.0.1:8080".into(),
                account: "ada".into(),
                token: "t0k".into()
            }),
            Effect::Connect {
                server: "http://127.0.0.1:8080".into(),
                token: "t0k".into()
            }
        ]
    );
    app.on_input(Input::Connected {
        account: "ada".into(),
    });
    assert_eq!(app.screen, Screen::Lobby);
    assert_eq!(app.link, Link::Up);
}

#[test]
fn a_refused_login_says_why_and_a_stale_token_goes_back_to_login() {
    let now = Instant::now();
    let (mut app, _) = App::start("http://h:1", None, now);
    typed(&mut app, "ada");
    key(&mut app, KeyCode::Tab);
    typed(&mut app, "wrongpass");
    assert!(matches!(
        key(&mut app, KeyCode::Enter).as_slice(),
        [Effect::Login {
            register: false,
            ..
        }]
    ));
    app.on_input(Input::LoginFailed(
        "BadCredentials: wrong name or password".into(),
    ));
    let (text, _) = screen(&app, 100, 20);
    assert!(
        text.contains("Login failed: BadCredentials: wrong name or password"),
        "{text}"
    );

    // A remembered token the server no longer knows.
    let mut app = lobby_app(now);
    let effects = app.on_input(Input::ConnectFailed {
        message: "the server refused the hello".into(),
        auth: true,
    });
    assert!(effects.is_empty());
    assert!(matches!(app.screen, Screen::Login(_)));
    assert_eq!(app.token, None);
    let (text, _) = screen(&app, 120, 20);
    assert!(text.contains("no longer valid"), "{text}");
    assert!(text.contains("log in again"), "{text}");
}

#[test]
fn logout_forgets_the_token() {
    let mut app = lobby_app(Instant::now());
    let effects = key(&mut app, KeyCode::Char('L'));
    assert_eq!(
        effects,
        vec![Effect::Logout {
            server: "http://127.0.0.1:1".into(),
            token: "tok".into()
        }]
    );
    assert!(matches!(app.screen, Screen::Login(_)));
    assert_eq!(app.token, None);
}

// ----- lobby ---------------------------------------------------------------------------

#[test]
fn the_lobby_lists_pushed_rooms_and_joins_and_spectates() {
    let mut app = lobby_app(Instant::now());
    app.on_input(server(ServerMessage::Rooms {
        rooms: vec![room("room-aaaa-1", [Some("bob"), None], RoomStatus::Open)],
    }));
    app.on_input(server(ServerMessage::RoomChanged {
        room: room(
            "room-bbbb-2",
            [Some("cyd"), Some("dan")],
            RoomStatus::Playing,
        ),
    }));
    assert_eq!(app.lobby.rooms.len(), 2);
    let (text, _) = screen(&app, 110, 12);
    assert!(text.contains("Lobby: 2 rooms"), "{text}");
    assert!(text.contains("bob* / (free)"), "{text}");
    assert!(text.contains("cyd* / dan"), "{text}");

    // Enter joins the highlighted room's free seat; the ack makes us ready.
    let effects = key(&mut app, KeyCode::Enter);
    assert_eq!(
        effects,
        vec![Effect::Send(Request::Join {
            room: "room-aaaa-1".into(),
            seat: None
        })]
    );
    let effects = app.on_input(ack(
        Request::Join {
            room: "room-aaaa-1".into(),
            seat: None,
        },
        Some("room-aaaa-1"),
    ));
    assert_eq!(
        effects,
        vec![Effect::Send(Request::Ready("room-aaaa-1".into()))]
    );
    let Screen::Play(play) = &app.screen else {
        panic!("the room screen");
    };
    assert_eq!(play.seat, Seat::Coach(Side::Away), "the free seat was Away");
    let (text, _) = screen(&app, 110, 20);
    assert!(text.contains("waiting for the match to start"), "{text}");
    assert!(text.contains("Away: (free seat) with Human"), "{text}");

    // Back to the lobby, spectate the other one.
    let effects = key(&mut app, KeyCode::Char('q'));
    assert_eq!(
        effects,
        vec![
            Effect::Send(Request::Leave("room-aaaa-1".into())),
            Effect::Send(Request::ListRooms)
        ]
    );
    key(&mut app, KeyCode::Down);
    let effects = key(&mut app, KeyCode::Char('s'));
    assert_eq!(
        effects,
        vec![Effect::Send(Request::Spectate("room-bbbb-2".into()))]
    );
    // A closed room leaves the list.
    app.screen = Screen::Lobby;
    app.on_input(server(ServerMessage::RoomChanged {
        room: room("room-aaaa-1", [None, None], RoomStatus::Closed),
    }));
    assert_eq!(app.lobby.rooms.len(), 1);
}

#[test]
fn the_create_room_form_builds_the_spec_then_joins_the_chosen_seat() {
    let mut app = lobby_app(Instant::now());
    assert!(key(&mut app, KeyCode::Char('c')).is_empty());
    let (text, _) = screen(&app, 110, 30);
    assert!(text.contains("Create a room (Blitz Bowl)"), "{text}");
    for field in [
        "Edition",
        "Home team",
        "Away team",
        "Timer",
        "Private",
        "Random events",
    ] {
        assert!(text.contains(field), "{field}: {text}");
    }
    // Home team one step on, seat Away, per-turn timer 150 s, private, random events.
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Right); // seat: Away
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Right); // timer: per turn
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Right); // 150 s
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Char(' ')); // private
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Right); // random events
    let (text, _) = screen(&app, 110, 30);
    assert!(text.contains("< per turn >"), "{text}");
    assert!(text.contains("< 150 s >"), "{text}");
    let effects = key(&mut app, KeyCode::Enter);
    let [Effect::Send(Request::CreateRoom(spec))] = effects.as_slice() else {
        panic!("create_room: {effects:?}");
    };
    let setup = crate::game::blitz::setup_of(&spec.setup).expect("a Blitz Bowl setup");
    assert_eq!(setup.teams, [TeamId::ALL[1], TeamId::ALL[1]]);
    assert_eq!(spec.timer, TimerPolicy::PerTurn { seconds: 150 });
    assert!(spec.private);
    assert!(setup.options.random_events);
    assert!(app.form.is_none());
    // The ack names the room: take the chosen seat.
    let effects = app.on_input(ack(Request::CreateRoom(spec.clone()), Some("new-room")));
    assert_eq!(
        effects,
        vec![Effect::Send(Request::Join {
            room: "new-room".into(),
            seat: Some(Side::Away)
        })]
    );
    // A refusal is shown, nothing crashes.
    app.on_input(Input::Answer {
        request: Request::CreateRoom(spec.clone()),
        answer: Answer::Refused(Refusal {
            code: ErrorCode::InvalidSetup,
            message: "random events need the 2024 edition".into(),
        }),
    });
    let (text, _) = screen(&app, 110, 30);
    assert!(
        text.contains(
            "Creating the room refused: the rules refuse this room's set-up: random events need"
        ),
        "{text}"
    );
}

// ----- the match -----------------------------------------------------------------------

struct Fixture {
    game: Game,
    blitzer: PlayerId,
    catcher: PlayerId,
}

/// Amazon (Home) against Human at Home's Action prompt: a Blitzer at (5,4) next to a
/// standing Catcher at (6,4); no cards in hand unless `cards`.
fn fixture(cards: bool) -> Fixture {
    let mut s = Scenario::new(MatchSetup {
        edition: Edition::Bb2024,
        teams: [TeamId::Amazon, TeamId::Human],
        options: Default::default(),
    });
    let blitzer = s.position(Side::Home, "Piranha Warrior Blitzer");
    let thrower = s.position(Side::Home, "Python Warrior Thrower");
    let catcher = s.position(Side::Away, "Catcher");
    s.stand(blitzer, 5, 4)
        .stand(thrower, 1, 5)
        .stand(catcher, 6, 4);
    s.give_ball(thrower);
    s.active_card(0, 3);
    if cards {
        s.hand_card(Side::Home, 0).hand_card(Side::Home, 1);
        s.hand_card(Side::Away, 2);
    }
    Fixture {
        game: s.at_action_prompt(),
        blitzer,
        catcher,
    }
}

fn playing(fx: &Fixture, seat: Seat, now: Instant) -> App {
    playing_under(fx, seat, now, dugout_rules::blitz::RULES_VERSION)
}

/// [`playing`] a match of rules `version`.
fn playing_under(fx: &Fixture, seat: Seat, now: Instant, version: u32) -> App {
    let mut app = lobby_app(now);
    app.on_input(ack(
        Request::Join {
            room: "r1".into(),
            seat: Some(Side::Home),
        },
        Some("r1"),
    ));
    let legal = if seat == Seat::Coach(Side::Home) {
        legal_commands(&fx.game)
    } else {
        Vec::new()
    };
    app.on_input(server(ServerMessage::Snapshot {
        room: "r1".into(),
        seq: 40,
        seat,
        view: Box::new(dugout_rules::AnyView::Blitz(view(&fx.game, seat))),
        decision: crate::game::blitz::Decision {
            prompt: dugout_rules::blitz::prompt(&fx.game).clone(),
            legal,
            time_left_ms: Some(95_000),
        }
        .to_wire(),
        result: None,
        rules_version: version,
    }));
    app
}

fn play(app: &App) -> &Play {
    match &app.screen {
        Screen::Play(p) => p,
        other => panic!("not playing: {other:?}"),
    }
}

fn move_cursor_to(app: &mut App, sq: Square) {
    for _ in 0..20 {
        let c = play(app).cursor;
        let code = if c.x < sq.x {
            KeyCode::Char('l')
        } else if c.x > sq.x {
            KeyCode::Char('h')
        } else if c.y < sq.y {
            KeyCode::Char('j')
        } else if c.y > sq.y {
            KeyCode::Char('k')
        } else {
            return;
        };
        assert!(key(app, code).is_empty(), "moving the cursor sends nothing");
    }
    assert_eq!(play(app).cursor, sq);
}

#[test]
fn selecting_a_player_then_a_legal_target_sends_exactly_that_command() {
    let fx = fixture(false);
    let mut app = playing(&fx, Seat::Coach(Side::Home), Instant::now());
    let block = Command::Action {
        player: fx.blitzer,
        choice: ActionChoice::Block { target: fx.catcher },
        bonus: None,
    };
    assert!(
        legal_commands(&fx.game).contains(&block),
        "the fixture offers the block"
    );

    // An empty square nobody aims at: nothing.
    move_cursor_to(&mut app, Square::new(10, 8));
    assert!(key(&mut app, KeyCode::Char(' ')).is_empty());
    assert_eq!(play(&app).selected, None);
    // The catcher before selecting anyone: not ours, nothing.
    move_cursor_to(&mut app, Square::new(6, 4));
    assert!(key(&mut app, KeyCode::Char(' ')).is_empty());

    // Select the blitzer: its choices only, the catcher's square a target.
    move_cursor_to(&mut app, Square::new(5, 4));
    assert!(key(&mut app, KeyCode::Char(' ')).is_empty());
    assert_eq!(play(&app).selected, Some(fx.blitzer));
    let menu = play(&app).menu_commands();
    assert!(menu.contains(&block));
    assert!(
        menu.iter()
            .all(|c| super::choices::subject(c) == Some(fx.blitzer))
    );
    assert!(play(&app).targets().contains(&Square::new(6, 4)));
    assert!(!play(&app).targets().contains(&Square::new(9, 9)));

    // An illegal square for the selected player: nothing is sent.
    move_cursor_to(&mut app, Square::new(12, 9));
    assert!(key(&mut app, KeyCode::Char(' ')).is_empty());

    // The catcher: the block, exactly.
    move_cursor_to(&mut app, Square::new(6, 4));
    let effects = key(&mut app, KeyCode::Char(' '));
    assert_eq!(
        effects,
        vec![Effect::Send(Request::Command {
            room: "r1".into(),
            command: block
        })]
    );
    // In flight: nothing more is sent until the server answers.
    assert!(play(&app).sent);
    assert!(key(&mut app, KeyCode::Char('e')).is_empty());
    assert!(key(&mut app, KeyCode::Enter).is_empty());
}

#[test]
fn menu_keys_send_only_legal_commands_and_a_refusal_is_shown() {
    let fx = fixture(false);
    let mut app = playing(&fx, Seat::Coach(Side::Home), Instant::now());
    let legal = legal_commands(&fx.game);
    // Digit 2 sends the second choice of the menu (all choices: nobody selected).
    let effects = key(&mut app, KeyCode::Char('2'));
    assert_eq!(
        effects,
        vec![Effect::Send(Request::Command {
            room: "r1".into(),
            command: legal[1]
        })]
    );
    // The server refuses it (a race, say): the typed error is shown, the choices come back.
    app.on_input(Input::Answer {
        request: Request::Command {
            room: "r1".into(),
            command: legal[1],
        },
        answer: Answer::Refused(Refusal {
            code: ErrorCode::NotYourTurn,
            message: "the game waits for the other coach (Action)".into(),
        }),
    });
    assert!(!play(&app).sent);
    let (text, _) = screen(&app, 160, 50);
    assert!(
        text.contains("Your command refused: it is not your decision now"),
        "{text}"
    );
    // Tab, Tab, Enter: the third.
    key(&mut app, KeyCode::Tab);
    key(&mut app, KeyCode::Tab);
    assert_eq!(
        key(&mut app, KeyCode::Enter),
        vec![Effect::Send(Request::Command {
            room: "r1".into(),
            command: legal[2]
        })]
    );
    app.on_input(ack(
        Request::Command {
            room: "r1".into(),
            command: legal[2],
        },
        Some("r1"),
    ));
    // e: end turn (legal at the Action prompt); d: decline is not legal here.
    assert_eq!(
        key(&mut app, KeyCode::Char('e')),
        vec![Effect::Send(Request::Command {
            room: "r1".into(),
            command: Command::EndTurn
        })]
    );
    app.on_input(ack(
        Request::Command {
            room: "r1".into(),
            command: Command::EndTurn,
        },
        Some("r1"),
    ));
    assert!(key(&mut app, KeyCode::Char('d')).is_empty());
    assert!(app.status.as_deref().unwrap_or("").contains("not possible"));
    // A spectator has no choices at all.
    let mut watcher = playing(&fx, Seat::Spectator, Instant::now());
    assert!(key(&mut watcher, KeyCode::Char('1')).is_empty());
    assert!(key(&mut watcher, KeyCode::Char('e')).is_empty());
    move_cursor_to(&mut watcher, Square::new(5, 4));
    assert!(key(&mut watcher, KeyCode::Char(' ')).is_empty());
}

#[test]
fn a_click_on_the_pitch_moves_the_cursor_and_acts() {
    let fx = fixture(false);
    let mut app = playing(&fx, Seat::Coach(Side::Home), Instant::now());
    let click = |col: u16, row: u16| MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: col,
        row,
        modifiers: KeyModifiers::NONE,
    };
    assert_eq!(square_at(3, 4), Some(Square::new(0, 0)));
    assert_eq!(square_at(3 + 3 * 5 + 2, 4 + 4), Some(Square::new(5, 4)));
    assert_eq!(square_at(2, 4), None);
    // Click the blitzer: selected. Click the catcher: the block.
    assert!(app.on_mouse(click(3 + 3 * 5 + 1, 8)).is_empty());
    assert_eq!(play(&app).cursor, Square::new(5, 4));
    assert_eq!(play(&app).selected, Some(fx.blitzer));
    let effects = app.on_mouse(click(3 + 3 * 6, 8));
    assert_eq!(
        effects,
        vec![Effect::Send(Request::Command {
            room: "r1".into(),
            command: Command::Action {
                player: fx.blitzer,
                choice: ActionChoice::Block { target: fx.catcher },
                bonus: None
            }
        })]
    );
}

#[test]
fn the_match_screen_shows_cursor_targets_hands_clock_and_chat() {
    let fx = fixture(true);
    let t0 = Instant::now();
    let mut app = playing(&fx, Seat::Coach(Side::Home), t0);
    move_cursor_to(&mut app, Square::new(5, 4));
    key(&mut app, KeyCode::Char(' '));
    app.on_input(server(ServerMessage::Chat {
        room: "r1".into(),
        from: "bob".into(),
        seat: Seat::Coach(Side::Away),
        text: "good luck".into(),
    }));
    key(&mut app, KeyCode::Char('t'));
    typed(&mut app, "thanks");
    app.tick(t0 + Duration::from_millis(5_500));
    let (text, buf) = screen(&app, 160, 50);
    // The cursor on the selected blitzer: its letter in ( ).
    let row = text.lines().nth(4 + 4).expect("pitch row 4");
    assert!(row.contains("(B)"), "cursor on the blitzer: {row}");
    // The catcher's square is a target: +C+ on green.
    assert!(row.contains("+C+"), "{row}");
    let col = 3 + 3 * 6;
    assert_eq!(buf[(col + 1, 8)].bg, Color::Green);
    assert_eq!(buf[(3 + 3 * 9 + 1, 8)].bg, Color::Reset, "not a target");
    // Own hand listed, opponent's only counted.
    assert!(text.contains("Your hand (2)"), "{text}");
    assert!(text.contains("Away hand: 1 card"), "{text}");
    // The clock: 95 s at the snapshot, 5.5 s later.
    assert!(text.contains("Clock: Home 1:29 (yours, running)"), "{text}");
    // Choices of the selected player, chat and the line being typed.
    assert!(text.contains("Selected player: 3 choices"), "{text}");
    assert!(text.contains("Block Away Catcher"), "{text}");
    assert!(text.contains("bob (Away): good luck"), "{text}");
    assert!(text.contains("say: thanks_"), "{text}");
    // Enter sends the chat line.
    assert_eq!(
        key(&mut app, KeyCode::Enter),
        vec![Effect::Send(Request::Chat {
            room: "r1".into(),
            text: "thanks".into()
        })]
    );
    // The opponent sees only our count.
    let away = playing(&fx, Seat::Coach(Side::Away), t0);
    let (text, _) = screen(&away, 160, 50);
    assert!(text.contains("Home hand: 2 cards"), "{text}");
    assert!(text.contains("Your hand (1)"), "{text}");
    assert!(text.contains("Clock: Home 1:35 (running)"), "{text}");
    // Help overlay.
    key(&mut app, KeyCode::Char('?'));
    let (text, _) = screen(&app, 160, 50);
    assert!(text.contains("Match keys"), "{text}");
    assert!(text.contains("send the highlighted choice"), "{text}");
}

#[test]
fn events_of_a_version_1_match_ask_for_one_snapshot_at_a_time_and_update_the_log() {
    let fx = fixture(false);
    // Version 1 events do not carry every fact of the view: the client asks for the state.
    let mut app = playing_under(&fx, Seat::Coach(Side::Home), Instant::now(), 1);
    let decision = crate::game::blitz::Decision {
        prompt: dugout_rules::blitz::prompt(&fx.game).clone(),
        legal: vec![Command::EndTurn],
        time_left_ms: None,
    }
    .to_wire();
    let events = |seq: u64| ServerMessage::Events {
        room: "r1".into(),
        seq,
        events: vec![SeqEvent {
            seq,
            event: RoomEvent::Game {
                event: dugout_rules::AnyEvent::Blitz(Event::TurnStarted {
                    coach: Side::Home,
                    turn: 3,
                }),
            },
        }],
        decision: decision.clone(),
    };
    assert_eq!(
        app.on_input(server(events(41))),
        vec![Effect::Send(Request::Snapshot("r1".into()))]
    );
    assert!(app.on_input(server(events(42))).is_empty(), "one at a time");
    assert_eq!(play(&app).events.len(), 2);
    assert_eq!(play(&app).legal(), &[Command::EndTurn]);
    // Its ack: the events since ask for another.
    assert_eq!(
        app.on_input(ack(Request::Snapshot("r1".into()), Some("r1"))),
        vec![Effect::Send(Request::Snapshot("r1".into()))]
    );
    assert!(
        app.on_input(ack(Request::Snapshot("r1".into()), Some("r1")))
            .is_empty()
    );
    // Reconnecting shows, and goes.
    app.on_input(Input::Link(false));
    let (text, _) = screen(&app, 160, 50);
    assert!(text.contains("[reconnecting...]"), "{text}");
    app.on_input(Input::Update(Update::Reconnected { attempts: 2 }));
    let (text, _) = screen(&app, 160, 50);
    assert!(!text.contains("reconnecting"), "{text}");
    assert!(text.contains("Home's turn 3 begins"), "the log: {text}");
}

#[test]
fn events_of_a_current_match_fold_into_the_view_without_asking_for_a_snapshot() {
    let fx = fixture(false);
    for seat in [Seat::Coach(Side::Home), Seat::Spectator] {
        let mut app = playing(&fx, seat, Instant::now());
        let mut game = fx.game.clone();
        let mut dice = dugout_rules::core::ChaChaDice::from_u64(7);
        let mut seq = 40;
        // Home's Blitzer runs one square, then Home ends the turn: the events as this seat
        // receives them, with the decision after each command.
        for cmd in [
            Command::Action {
                player: fx.blitzer,
                choice: ActionChoice::Run,
                bonus: None,
            },
            Command::EndTurn,
        ] {
            let legal_now = legal_commands(&game);
            let cmd = if legal_now.contains(&cmd) {
                cmd
            } else {
                legal_now[0]
            };
            let events = dugout_rules::blitz::apply(&mut game, cmd, &mut dice).expect("legal");
            let events: Vec<SeqEvent> = events
                .iter()
                .filter_map(|e| e.project(seat))
                .map(|e| {
                    seq += 1;
                    SeqEvent {
                        seq,
                        event: RoomEvent::Game {
                            event: dugout_rules::AnyEvent::Blitz(e),
                        },
                    }
                })
                .collect();
            let decides = dugout_rules::blitz::prompt(&game).coach == Some(Side::Home)
                && seat == Seat::Coach(Side::Home);
            let decision = crate::game::blitz::Decision {
                prompt: dugout_rules::blitz::prompt(&game).clone(),
                legal: if decides {
                    legal_commands(&game)
                } else {
                    Vec::new()
                },
                time_left_ms: None,
            }
            .to_wire();
            let effects = app.on_input(server(ServerMessage::Events {
                room: "r1".into(),
                seq,
                events,
                decision,
            }));
            assert!(
                !effects.contains(&Effect::Send(Request::Snapshot("r1".into()))),
                "{seat:?}: no snapshot asked for"
            );
            assert_eq!(
                play(&app).view.as_ref(),
                Some(&view(&game, seat)),
                "{seat:?}: the folded view is the engine's"
            );
        }
    }
}

// ----- replay --------------------------------------------------------------------------

#[test]
fn replay_keys_step_and_jump_and_ask_for_the_state() {
    let entries: Vec<LogEntry> = (1..=6)
        .map(|seq| LogEntry {
            seq,
            event: RoomEvent::Game {
                event: dugout_rules::AnyEvent::Blitz(Event::TurnStarted {
                    coach: Side::Home,
                    turn: u16::try_from(seq).unwrap_or(0),
                }),
            },
        })
        .collect();
    let replay = Replay::new("m1".into(), entries, ["ada".into(), "bob".into()]);
    let (mut app, effects) = App::replay("http://h:1", replay, Instant::now());
    assert_eq!(effects, vec![Effect::FetchState { seq: 1 }]);
    assert_eq!(
        key(&mut app, KeyCode::Right),
        vec![Effect::FetchState { seq: 1 }]
    );
    assert_eq!(
        key(&mut app, KeyCode::Right),
        vec![Effect::FetchState { seq: 2 }]
    );
    assert_eq!(
        key(&mut app, KeyCode::Left),
        vec![Effect::FetchState { seq: 1 }]
    );
    assert_eq!(
        key(&mut app, KeyCode::End),
        vec![Effect::FetchState { seq: 6 }]
    );
    assert_eq!(
        key(&mut app, KeyCode::Right),
        vec![Effect::FetchState { seq: 6 }]
    );
    assert_eq!(
        key(&mut app, KeyCode::Home),
        vec![Effect::FetchState { seq: 1 }]
    );
    key(&mut app, KeyCode::Char('t'));
    typed(&mut app, "4");
    assert_eq!(
        key(&mut app, KeyCode::Enter),
        vec![Effect::FetchState { seq: 4 }]
    );
    key(&mut app, KeyCode::Char(':'));
    typed(&mut app, "5");
    assert_eq!(
        key(&mut app, KeyCode::Enter),
        vec![Effect::FetchState { seq: 5 }]
    );
    key(&mut app, KeyCode::Char('t'));
    typed(&mut app, "99");
    assert!(key(&mut app, KeyCode::Enter).is_empty());
    assert!(app.status.as_deref().unwrap_or("").contains("No turn 99"));

    // A state for another seq (an older request) is not shown; the asked one is.
    let fx = fixture(false);
    let state = |seq: u64| StateAt {
        seq,
        at_seq: seq,
        seat: dugout_protocol::SeatName::Spectator,
        view: dugout_rules::AnyView::Blitz(view(&fx.game, Seat::Spectator)),
    };
    app.on_input(Input::State(Box::new(state(2))));
    let Screen::Replay(r) = &app.screen else {
        panic!("replay");
    };
    assert_eq!(r.view, None);
    app.on_input(Input::State(Box::new(state(5))));
    let (text, _) = screen(&app, 160, 50);
    assert!(text.contains("Event seq 5 of 6"), "{text}");
    assert!(text.contains("State after seq 5"), "{text}");
    assert!(text.contains("Amazon"), "the pitch and teams: {text}");
}

#[test]
fn ctrl_c_quits_everywhere() {
    let mut app = lobby_app(Instant::now());
    assert_eq!(
        app.on_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
        vec![Effect::Quit]
    );
}

#[test]
fn on_a_new_decision_the_cursor_goes_to_the_nearest_target_after_it() {
    let fx = fixture(false);
    let mut app = playing(&fx, Seat::Coach(Side::Home), Instant::now());
    let reserve = fx
        .game
        .players
        .iter()
        .find(|p| p.side == Side::Home && p.square().is_none())
        .expect("a Home player in reserve")
        .id;
    let place = |y: i8| Command::PlacePlayer {
        player: reserve,
        square: Square::new(0, y),
    };
    move_cursor_to(&mut app, Square::new(0, 1));
    let decision = crate::game::blitz::Decision {
        prompt: dugout_rules::blitz::Prompt {
            coach: Some(Side::Home),
            kind: dugout_rules::blitz::PromptKind::SetUp,
        },
        legal: vec![place(0), place(2), place(3)],
        time_left_ms: None,
    }
    .to_wire();
    app.on_input(server(ServerMessage::Events {
        room: "r1".into(),
        seq: 41,
        events: Vec::new(),
        decision,
    }));
    assert_eq!(
        play(&app).cursor,
        Square::new(0, 2),
        "(0,0) and (0,2) tie: the later"
    );
    // The reserve player is off the pitch: its placements are targets without selecting.
    assert_eq!(
        key(&mut app, KeyCode::Char(' ')),
        vec![Effect::Send(Request::Command {
            room: "r1".into(),
            command: place(2)
        })]
    );
}

#[test]
fn a_private_room_is_joined_by_typing_its_id() {
    let mut app = lobby_app(Instant::now());
    assert!(key(&mut app, KeyCode::Char('i')).is_empty());
    typed(&mut app, "0193-priv q");
    key(&mut app, KeyCode::Backspace);
    key(&mut app, KeyCode::Backspace);
    let (text, _) = screen(&app, 110, 12);
    assert!(text.contains("Join room by id: 0193-priv_"), "{text}");
    assert_eq!(
        key(&mut app, KeyCode::Enter),
        vec![Effect::Send(Request::Join {
            room: "0193-priv".into(),
            seat: None
        })]
    );
    // Its creator sees the whole id to pass on.
    app.on_input(ack(
        Request::Join {
            room: "0193-priv".into(),
            seat: Some(Side::Home),
        },
        Some("0193-priv"),
    ));
    let mut private = room("0193-priv", [Some("ada"), None], RoomStatus::Open);
    private.private = true;
    app.on_input(server(ServerMessage::RoomChanged { room: private }));
    let (text, _) = screen(&app, 140, 20);
    assert!(
        text.contains("Room id: 0193-priv  (private: give this id"),
        "{text}"
    );
}

#[test]
fn every_screen_draws_at_any_terminal_size() {
    let fx = fixture(true);
    let now = Instant::now();
    let mut apps = vec![App::start("http://h:1", None, now).0, lobby_app(now)];
    let mut form = lobby_app(now);
    key(&mut form, KeyCode::Char('c'));
    apps.push(form);
    let mut waiting = lobby_app(now);
    waiting.on_input(ack(
        Request::Join {
            room: "r1".into(),
            seat: Some(Side::Home),
        },
        Some("r1"),
    ));
    apps.push(waiting);
    let mut helped = playing(&fx, Seat::Coach(Side::Home), now);
    key(&mut helped, KeyCode::Char('?'));
    apps.push(helped);
    apps.push(playing(&fx, Seat::Spectator, now));
    let replay = Replay::new("m".into(), Vec::new(), ["a".into(), "b".into()]);
    apps.push(App::replay("http://h:1", replay, now).0);
    for app in &apps {
        for (w, h) in [(1, 1), (20, 5), (80, 24), (120, 40), (200, 60)] {
            let (text, _) = screen(app, w, h);
            assert_eq!(text.lines().count(), usize::from(h));
        }
    }
}

#[test]
fn conceding_asks_first() {
    let fx = fixture(false);
    let mut app = playing(&fx, Seat::Coach(Side::Home), Instant::now());
    assert!(key(&mut app, KeyCode::Char('C')).is_empty());
    assert!(
        app.status
            .as_deref()
            .unwrap_or("")
            .contains("Press C again")
    );
    key(&mut app, KeyCode::Char('h'));
    assert!(
        key(&mut app, KeyCode::Char('C')).is_empty(),
        "another key in between"
    );
    assert_eq!(
        key(&mut app, KeyCode::Char('C')),
        vec![Effect::Send(Request::Concede("r1".into()))]
    );
    let mut watcher = playing(&fx, Seat::Spectator, Instant::now());
    assert!(key(&mut watcher, KeyCode::Char('C')).is_empty());
    assert!(
        key(&mut watcher, KeyCode::Char('C')).is_empty(),
        "spectators cannot"
    );
}

#[test]
fn the_other_coach_gone_is_said_and_w_claims_the_win() {
    let fx = fixture(false);
    let mut app = playing(&fx, Seat::Coach(Side::Home), Instant::now());
    app.on_input(server(ServerMessage::Welcome {
        protocol_version: 2,
        server: "s".into(),
        account: "ada".into(),
        bot: false,
        seat_grace_seconds: 60,
        forfeit_after_seconds: 120,
    }));
    let mut summary = room("r1", [Some("ada"), Some("bob")], RoomStatus::Playing);
    app.on_input(server(ServerMessage::RoomChanged {
        room: summary.clone(),
    }));
    summary.connected = [true, false];
    app.on_input(server(ServerMessage::RoomChanged {
        room: summary.clone(),
    }));
    let said = app.status.clone().unwrap_or_default();
    assert!(
        said.contains("bob is gone") && said.contains("120 s") && said.contains("press W"),
        "{said}"
    );
    assert_eq!(
        key(&mut app, KeyCode::Char('W')),
        vec![Effect::Send(Request::ClaimWin("r1".into()))]
    );
    summary.connected = [true, true];
    app.on_input(server(ServerMessage::RoomChanged { room: summary }));
    assert_eq!(app.status.as_deref(), Some("bob is back"));
    let mut watcher = playing(&fx, Seat::Spectator, Instant::now());
    assert!(
        key(&mut watcher, KeyCode::Char('W')).is_empty(),
        "spectators cannot"
    );
}

#[test]
fn a_chess_clock_shows_the_running_clock_and_where_the_other_stopped() {
    let fx = fixture(false);
    let t0 = Instant::now();
    let mut app = playing(&fx, Seat::Coach(Side::Home), t0);
    let mut summary = room("r1", [Some("ada"), Some("bob")], RoomStatus::Playing);
    summary.room = "r1".into();
    summary.timer = TimerPolicy::ChessClock { seconds: 600 };
    app.on_input(server(ServerMessage::RoomChanged { room: summary }));
    // Home thinks 10 s of its 95, then Away decides with 300 s left.
    app.tick(t0 + Duration::from_secs(10));
    let away = crate::game::blitz::Decision {
        prompt: dugout_rules::blitz::Prompt {
            coach: Some(Side::Away),
            kind: dugout_rules::blitz::PromptKind::Action,
        },
        legal: Vec::new(),
        time_left_ms: Some(300_000),
    }
    .to_wire();
    app.on_input(server(ServerMessage::Events {
        room: "r1".into(),
        seq: 41,
        events: Vec::new(),
        decision: away,
    }));
    app.tick(t0 + Duration::from_secs(70));
    let (text, _) = screen(&app, 160, 50);
    assert!(text.contains("Clock: Away 4:00 (running)"), "{text}");
    assert!(text.contains("Home 1:25 (stopped)"), "{text}");
}

// ----- issue 17: small terminals, the log, words, the lobby ------------------------------

#[test]
fn the_match_screen_fits_80x24_with_the_whole_pitch_and_the_choices() {
    let fx = fixture(false);
    let mut app = playing(&fx, Seat::Coach(Side::Home), Instant::now());
    move_cursor_to(&mut app, Square::new(5, 4));
    key(&mut app, KeyCode::Char(' '));
    assert_eq!(play(&app).selected, Some(fx.blitzer));
    let (text, buf) = screen(&app, 80, 24);
    // Every pitch column is drawn: the column numbers up to 14, and the last square of
    // each row (the end zone) in full.
    let header = text.lines().nth(3).unwrap_or_default();
    assert!(header.contains("13 14"), "{text}");
    for y in 0..11u16 {
        let last = 3 + 3 * 14 + 1;
        assert_ne!(buf[(last, 4 + y)].symbol(), " ", "row {y}: {text}");
    }
    // The choices of the selected player, with their squares, right of the pitch.
    assert!(text.contains("Selected player:"), "{text}");
    assert!(text.contains("Block Away Catcher"), "{text}");
    assert!(text.contains("1. "), "{text}");
    // The prompt, the seq and the log.
    assert!(text.contains("You: choose an action"), "{text}");
    assert!(text.contains("seq 40"), "{text}");
    assert!(text.contains("Events"), "{text}");
    // A click on a square still lands on it in the small layout.
    assert_eq!(square_at(3 + 3 * 6 + 1, 4 + 4), Some(Square::new(6, 4)));

    // Smaller than 80x24: it says the size it needs rather than cut the pitch.
    let (text, _) = screen(&app, 70, 20);
    assert!(
        text.contains("needs a terminal of at least 80x24") && text.contains("70x20"),
        "{text}"
    );
    assert!(!text.contains(" Pitch "), "{text}");
}

/// 60 Home turns begun, then the Blitzer's run of three steps.
fn many_events(fx: &Fixture) -> Vec<Event> {
    let mut events: Vec<Event> = (1..=60)
        .map(|turn| Event::TurnStarted {
            coach: Side::Home,
            turn,
        })
        .collect();
    for x in 2..5 {
        events.push(Event::PlayerMoved {
            player: fx.blitzer,
            from: Square::new(x, 4),
            to: Square::new(x + 1, 4),
        });
    }
    events
}

#[test]
fn the_event_log_scrolls_back_and_a_run_of_steps_is_one_line() {
    let fx = fixture(false);
    let mut app = playing(&fx, Seat::Coach(Side::Home), Instant::now());
    if let Screen::Play(p) = &mut app.screen {
        p.events = many_events(&fx);
    }
    let (text, _) = screen(&app, 160, 50);
    // The three steps in one line.
    assert!(
        text.contains("Home Blitzer #") && text.contains("moves (2,4) -> (3,4) -> (4,4) -> (5,4)"),
        "{text}"
    );
    assert!(
        !text.contains("Home's turn 1 begins"),
        "the oldest are out of sight"
    );
    assert!(text.contains("PgUp: older"), "{text}");
    // PgUp goes back; the oldest come into sight; the title says newer lines are below.
    for _ in 0..10 {
        assert!(key(&mut app, KeyCode::PageUp).is_empty());
    }
    let (text, _) = screen(&app, 160, 50);
    assert!(text.contains("Home's turn 1 begins"), "{text}");
    assert!(!text.contains("-> (5,4)"), "{text}");
    assert!(text.contains("newer below"), "{text}");
    // New events while scrolled back do not move the lines in sight.
    let before = play(&app).log_scroll;
    let mut game = fx.game.clone();
    let events = dugout_rules::blitz::apply(
        &mut game,
        Command::EndTurn,
        &mut dugout_rules::core::ChaChaDice::from_u64(1),
    )
    .expect("legal");
    let n = events.len();
    app.on_input(server(ServerMessage::Events {
        room: "r1".into(),
        seq: 41 + n as u64,
        events: events
            .into_iter()
            .enumerate()
            .map(|(i, e)| SeqEvent {
                seq: 41 + i as u64,
                event: RoomEvent::Game {
                    event: dugout_rules::AnyEvent::Blitz(e),
                },
            })
            .collect(),
        decision: crate::game::blitz::Decision {
            prompt: dugout_rules::blitz::prompt(&game).clone(),
            legal: Vec::new(),
            time_left_ms: None,
        }
        .to_wire(),
    }));
    assert!(play(&app).log_scroll > before, "kept in place");
    // End: back to the newest; PgDn never goes past it.
    key(&mut app, KeyCode::End);
    assert_eq!(play(&app).log_scroll, 0);
    key(&mut app, KeyCode::PageDown);
    assert_eq!(play(&app).log_scroll, 0);
    // The keys are in the help.
    key(&mut app, KeyCode::Char('?'));
    let (text, _) = screen(&app, 160, 50);
    assert!(
        text.contains("PgUp") && text.contains("scroll the event log"),
        "{text}"
    );
}

#[test]
fn refusals_and_failures_are_said_in_words_with_a_hint() {
    let now = Instant::now();
    // A refused Register: no "Login failed", the code in words.
    let (mut app, _) = App::start("http://h:1", None, now);
    typed(&mut app, "ada");
    key(&mut app, KeyCode::Tab);
    typed(&mut app, "correct horse");
    key(&mut app, KeyCode::Tab);
    key(&mut app, KeyCode::Tab);
    assert!(matches!(
        key(&mut app, KeyCode::Enter).as_slice(),
        [Effect::Login { register: true, .. }]
    ));
    app.on_input(Input::LoginFailed(super::words::refusal_words(
        ErrorCode::NameTaken,
        "name taken",
    )));
    let (text, _) = screen(&app, 100, 20);
    assert!(
        text.contains("Registration refused: that name is taken"),
        "{text}"
    );
    assert!(
        !text.contains("Login failed") && !text.contains("NameTaken"),
        "{text}"
    );

    // No server there: a hint.
    let mut app = lobby_app(now);
    app.on_input(Input::ConnectFailed {
        message: "http://127.0.0.1:1: Connection refused (os error 111)".into(),
        auth: false,
    });
    let (text, _) = screen(&app, 160, 20);
    assert!(
        text.contains("is dugout-server running at http://127.0.0.1:1?"),
        "{text}"
    );

    // A refused request and a server error: words, not Rust names.
    let mut app = lobby_app(now);
    app.on_input(Input::Answer {
        request: Request::Join {
            room: "gone".into(),
            seat: None,
        },
        answer: Answer::Refused(Refusal {
            code: ErrorCode::UnknownRoom,
            message: "no such room".into(),
        }),
    });
    let (text, _) = screen(&app, 120, 20);
    assert!(
        text.contains("Joining refused: there is no such room"),
        "{text}"
    );
    assert!(!text.contains("UnknownRoom"), "{text}");
    for code in [
        ErrorCode::NameTaken,
        ErrorCode::BadCredentials,
        ErrorCode::UnknownRoom,
        ErrorCode::IllegalCommand,
    ] {
        let words = super::words::refusal_words(code, "why");
        assert!(!words.contains(&format!("{code:?}")), "{words}");
    }

    // Plurals.
    app.on_input(server(ServerMessage::Rooms {
        rooms: vec![room("room-aaaa-1", [Some("bob"), None], RoomStatus::Open)],
    }));
    let (text, _) = screen(&app, 120, 20);
    assert!(
        text.contains("Lobby: 1 room ") && !text.contains("1 rooms"),
        "{text}"
    );
}

#[test]
fn an_armour_roll_says_holds_or_broken_and_one_square_is_singular() {
    use dugout_rules::blitz::{MoveKind, PromptKind, Roll, RollPurpose};
    use dugout_rules::core::Die;
    let fx = fixture(false);
    let v = view(&fx.game, Seat::Coach(Side::Home));
    for (success, words) in [(true, "armour holds"), (false, "armour broken")] {
        let mut roll = Roll::plain(RollPurpose::Armour, Some(Side::Away), Die::D6, 4);
        roll.target = Some(4);
        roll.success = Some(success);
        let text = crate::tui::describe_in(&Event::Rolled(roll), &v);
        assert!(text.ends_with(words), "{text}");
        assert!(
            !text.contains("success") && !text.contains("failure"),
            "{text}"
        );
    }
    let mut prompt = dugout_rules::blitz::prompt(&fx.game).clone();
    prompt.kind = PromptKind::Move {
        player: fx.blitzer,
        kind: MoveKind::Run,
        left: 1,
    };
    let text = crate::tui::describe_prompt(&prompt, Seat::Coach(Side::Home), Some(&v));
    assert!(text.contains("1 square left"), "{text}");
}

#[test]
fn no_text_is_dark_blue_on_the_dark_background() {
    let fx = fixture(true);
    let app = playing(&fx, Seat::Coach(Side::Home), Instant::now());
    let (_, buf) = screen(&app, 160, 50);
    for y in 0..50 {
        for x in 0..160 {
            let c = &buf[(x, y)];
            assert!(
                !(c.fg == Color::Blue && c.bg == Color::Reset && c.symbol() != " "),
                "dark blue text at ({x},{y})"
            );
        }
    }
}

#[test]
fn the_lobby_drops_finished_rooms_keeps_ours_and_tells_ids_apart() {
    let mut app = lobby_app(Instant::now());
    // Five rooms made within a minute share their first 8 characters.
    let ids: Vec<String> = (0..5)
        .map(|i| format!("019abcde-f0{i}1-7000-8000-00000000000{i}"))
        .collect();
    app.on_input(server(ServerMessage::Rooms {
        rooms: ids
            .iter()
            .map(|id| room(id, [Some("bob"), None], RoomStatus::Open))
            .collect(),
    }));
    let (text, _) = screen(&app, 140, 14);
    for i in 0..5 {
        assert!(text.contains(&format!("019abcde-f0{i} ")), "{text}");
    }
    assert!(text.contains("Seats (* ready)"), "{text}");
    // A finished room leaves the list.
    app.on_input(server(ServerMessage::RoomChanged {
        room: room(&ids[0], [Some("bob"), Some("cyd")], RoomStatus::Finished),
    }));
    assert!(!app.lobby.rooms.iter().any(|r| r.room == ids[0]));
    // Our private room (not in the public list) stays through a refresh.
    let mut mine = room("private-1", [Some("ada"), None], RoomStatus::Open);
    mine.private = true;
    app.on_input(server(ServerMessage::RoomChanged { room: mine }));
    app.on_input(server(ServerMessage::Rooms {
        rooms: vec![room(&ids[1], [Some("bob"), None], RoomStatus::Open)],
    }));
    assert!(
        app.lobby.rooms.iter().any(|r| r.room == "private-1"),
        "{:?}",
        app.lobby.rooms
    );
    // `?` explains the `*`.
    key(&mut app, KeyCode::Char('?'));
    let (text, _) = screen(&app, 140, 20);
    assert!(text.contains("that coach is ready"), "{text}");
}

/// Applies `cmd` to `game` and gives `app` (Home's coach) the events and the decision, as
/// the server sends them.
fn feed(app: &mut App, game: &mut Game, cmd: Command, seq: &mut u64) -> Vec<Effect> {
    let mut dice = dugout_rules::core::ChaChaDice::from_u64(*seq);
    let seat = Seat::Coach(Side::Home);
    let events = dugout_rules::blitz::apply(game, cmd, &mut dice).expect("legal");
    let events: Vec<SeqEvent> = events
        .iter()
        .filter_map(|e| e.project(seat))
        .map(|e| {
            *seq += 1;
            SeqEvent {
                seq: *seq,
                event: RoomEvent::Game {
                    event: dugout_rules::AnyEvent::Blitz(e),
                },
            }
        })
        .collect();
    let prompt = dugout_rules::blitz::prompt(game).clone();
    let legal = if prompt.coach == Some(Side::Home) {
        legal_commands(game)
    } else {
        Vec::new()
    };
    app.on_input(server(ServerMessage::Events {
        room: "r1".into(),
        seq: *seq,
        events,
        decision: crate::game::blitz::Decision {
            prompt,
            legal,
            time_left_ms: None,
        }
        .to_wire(),
    }))
}

#[test]
fn after_the_other_coachs_turn_the_prompt_comes_with_the_board_not_before_it() {
    let fx = fixture(false);
    let mut app = playing(&fx, Seat::Coach(Side::Home), Instant::now());
    let mut game = fx.game.clone();
    let mut seq = 40;
    feed(&mut app, &mut game, Command::EndTurn, &mut seq);
    // Away's turn: a player runs as far as it may, then Away ends the turn. After each
    // message the board drawn is the engine's, in the same frame as the prompt.
    for _ in 0..40 {
        let prompt = dugout_rules::blitz::prompt(&game).clone();
        if prompt.coach == Some(Side::Home) {
            break;
        }
        let legal = legal_commands(&game);
        let pick = legal
            .iter()
            .find(|c| {
                matches!(
                    c,
                    Command::Action {
                        choice: ActionChoice::Run,
                        ..
                    } | Command::MoveTo { .. }
                )
            })
            .filter(|_| {
                game_actions_taken(&game) == 0
                    || matches!(prompt.kind, dugout_rules::blitz::PromptKind::Move { .. })
            })
            .or_else(|| legal.iter().find(|c| **c == Command::EndTurn))
            .unwrap_or(&legal[0]);
        let effects = feed(&mut app, &mut game, *pick, &mut seq);
        assert!(effects.is_empty(), "no snapshot asked for: {effects:?}");
        let home = view(&game, Seat::Coach(Side::Home));
        assert_eq!(
            play(&app).view.as_ref().map(|v| &v.players),
            Some(&home.players)
        );
        let (text, _) = screen(&app, 160, 50);
        let shown = text.lines().nth(1).unwrap_or_default().to_string();
        let asked = crate::tui::describe_prompt(
            dugout_rules::blitz::prompt(&game),
            Seat::Coach(Side::Home),
            Some(&home),
        );
        assert!(shown.starts_with(&asked), "{shown} / {asked}");
    }
    assert_eq!(
        dugout_rules::blitz::prompt(&game).coach,
        Some(Side::Home),
        "back to Home"
    );
    let (text, _) = screen(&app, 160, 50);
    assert!(
        text.lines().nth(1).unwrap_or_default().starts_with("You:"),
        "{text}"
    );
    assert!(text.contains("Away's turn ends"), "{text}");
}

fn game_actions_taken(game: &Game) -> u8 {
    view(game, Seat::Spectator).actions_taken
}

#[test]
fn space_on_a_far_square_walks_the_shortest_legal_path_one_step_per_decision() {
    use dugout_rules::blitz::PromptKind;
    let fx = fixture(false);
    let mut app = playing(&fx, Seat::Coach(Side::Home), Instant::now());
    let mut game = fx.game.clone();
    let mut seq = 40;
    // A square next to the Catcher at (6,4) is marked: a Run may not enter it.
    let v = view(&fx.game, Seat::Coach(Side::Home));
    let why = super::route::refusal(
        &v,
        fx.blitzer,
        dugout_rules::blitz::MoveKind::Run,
        Square::new(6, 5),
    )
    .unwrap_or_default();
    assert!(why.contains("(6,5) is marked"), "{why}");
    // The Thrower at (1,5) starts a Run.
    let thrower = v
        .players
        .iter()
        .find(|p| p.square() == Some(Square::new(1, 5)))
        .expect("the thrower")
        .id;
    feed(
        &mut app,
        &mut game,
        Command::Action {
            player: thrower,
            choice: ActionChoice::Run,
            bonus: None,
        },
        &mut seq,
    );
    let PromptKind::Move { left, .. } = dugout_rules::blitz::prompt(&game).kind else {
        panic!("a move prompt");
    };
    assert!(left >= 2, "room for two steps ({left})");

    // Two squares away: the first step is sent, the status says the way and the rolls.
    // (A blocked square, (3,7), is said to be so.)
    let v = play(&app).view.clone().expect("a view");
    let why = super::route::refusal(
        &v,
        thrower,
        dugout_rules::blitz::MoveKind::Run,
        Square::new(3, 7),
    );
    assert_eq!(why.as_deref(), Some("(3,7) is blocked"));
    move_cursor_to(&mut app, Square::new(3, 6));
    let effects = key(&mut app, KeyCode::Char(' '));
    let [Effect::Send(Request::Command { command: first, .. })] = effects.as_slice() else {
        panic!("one step sent: {effects:?}");
    };
    let first = *first;
    assert!(
        [Square::new(2, 5), Square::new(2, 6)]
            .map(|square| Command::MoveTo { square })
            .contains(&first),
        "{first:?}"
    );
    let status = app.status.clone().unwrap_or_default();
    assert!(
        status.contains("Moving to (3,6): 2 steps, no roll on the way"),
        "{status}"
    );
    // The decision after the first step: the second goes by itself, checked as legal.
    let effects = feed(&mut app, &mut game, first, &mut seq);
    let second = Command::MoveTo {
        square: Square::new(3, 6),
    };
    assert!(legal_commands(&game).contains(&second));
    assert_eq!(
        effects,
        vec![Effect::Send(Request::Command {
            room: "r1".into(),
            command: second
        })]
    );
    // The late ack of the first step does not let another command out meanwhile.
    app.on_input(ack(
        Request::Command {
            room: "r1".into(),
            command: first,
        },
        Some("r1"),
    ));
    assert!(play(&app).sent, "the second step is still in flight");
    let effects = feed(&mut app, &mut game, second, &mut seq);
    assert!(effects.is_empty(), "arrived: {effects:?}");
    assert!(play(&app).route.is_empty());
    let at = play(&app)
        .view
        .as_ref()
        .and_then(|v| v.players.iter().find(|p| p.id == thrower))
        .and_then(|p| p.square());
    assert_eq!(at, Some(Square::new(3, 6)));

    // Out of reach: said, nothing sent.
    move_cursor_to(&mut app, Square::new(13, 9));
    assert!(key(&mut app, KeyCode::Char(' ')).is_empty());
    let status = app.status.clone().unwrap_or_default();
    assert!(status.contains("No way to (13,9) within"), "{status}");

    // A trapdoor on the way is a roll to show.
    let v = play(&app).view.clone().expect("a view");
    assert_eq!(
        super::route::rolls(&v, &[Square::new(6, 6), Square::new(7, 5)]),
        vec!["a trapdoor roll at (7,5)".to_string()]
    );
}
