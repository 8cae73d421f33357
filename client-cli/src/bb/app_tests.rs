//! The Blood Bowl screens in the app, against the real engine: the app gets what a server
//! sends (snapshots, events, decisions), the test plays the keys a coach presses, and every
//! command the app sends is applied to the real game (`dugout_rules::bb::apply`). The other
//! coach is the bots' greedy strategy.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use std::time::Instant;

use dugout_protocol::{RoomEvent, SeqEvent, ServerMessage};
use dugout_rules::bb::scenario::Scenario;
use dugout_rules::bb::{
    self, Command, Game, MatchSetup, PlayerState, PromptKind, Roster, TeamChoice,
};
use dugout_rules::core::{ChaChaDice, DiceSource, Seat, Side, Square};
use dugout_rules::{AnyEvent, AnyView};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;

use super::strategy::{GreedyStrategy, Strategy};
use crate::app::config::Saved;
use crate::app::model::{App, Effect, Input, Play, Request, Screen, plain};
use crate::app::render::render_app;
use crate::net::{Ack, Answer, Update};

struct Table {
    game: Game,
    dice: Box<dyn DiceSource>,
    app: App,
    seq: u64,
    away: GreedyStrategy,
    /// Commands the app sent, in order.
    sent: Vec<Command>,
}

fn decision(game: &Game, seat: Side) -> dugout_protocol::Decision {
    let prompt = game.prompt.clone();
    let legal = if prompt.coach == Some(seat) && !game.is_over() {
        bb::legal_commands(game)
    } else {
        Vec::new()
    };
    crate::game::bb::Decision {
        prompt,
        legal,
        time_left_ms: None,
    }
    .to_wire()
}

fn joined_app() -> App {
    let mut app = connected_app();
    app.on_input(Input::Answer {
        request: Request::Join {
            room: "r1".into(),
            seat: Some(Side::Home),
        },
        answer: Answer::Ack(Ack {
            seq: None,
            room: Some("r1".into()),
        }),
    });
    app
}

impl Table {
    /// The app seated Home at `game`, with its first snapshot (the Away bot plays first if
    /// the game waits for it).
    fn new(game: Game, dice: Box<dyn DiceSource>) -> Table {
        let mut t = Table {
            game,
            dice,
            app: joined_app(),
            seq: 1,
            away: GreedyStrategy::new(3),
            sent: Vec::new(),
        };
        t.away_plays();
        t.app
            .on_input(Input::Update(Update::Server(ServerMessage::Snapshot {
                room: "r1".into(),
                seq: t.seq,
                seat: Seat::Coach(Side::Home),
                view: Box::new(AnyView::BloodBowl(bb::view_for(
                    &t.game,
                    Seat::Coach(Side::Home),
                ))),
                decision: decision(&t.game, Side::Home),
                result: None,
                rules_version: bb::RULES_VERSION,
            })));
        t
    }

    /// The Away bot answers while the game waits for it; the events.
    fn away_plays(&mut self) -> Vec<bb::Event> {
        let mut events = Vec::new();
        let mut guard = 0;
        while self.game.prompt.coach == Some(Side::Away) && !self.game.is_over() {
            guard += 1;
            assert!(guard < 10_000, "the Away bot never ends its turn");
            let view = bb::view(&self.game);
            let legal = bb::legal_commands(&self.game);
            let cmd = self.away.choose(&view, &legal);
            let ev = bb::apply(&mut self.game, cmd, self.dice.as_mut())
                .unwrap_or_else(|e| panic!("the bot's {cmd:?} refused: {e:?}"));
            self.away.observe(&ev);
            events.extend(ev);
        }
        events
    }

    /// Carry out the app's effects: its commands go to the real game; the events (with the
    /// Away bot's answers) come back, and whatever the app sends then, until it waits.
    fn pump(&mut self, mut effects: Vec<Effect>) {
        let mut guard = 0;
        loop {
            guard += 1;
            assert!(guard < 1000, "the app keeps sending");
            let cmd = effects.iter().find_map(|e| match e {
                Effect::Send(Request::BbCommand { command, .. }) => Some(*command),
                _ => None,
            });
            let Some(cmd) = cmd else {
                return;
            };
            self.sent.push(cmd);
            let mut events = bb::apply(&mut self.game, cmd, self.dice.as_mut())
                .unwrap_or_else(|e| panic!("the app sent an illegal {cmd:?}: {e:?}"));
            events.extend(self.away_plays());
            effects = self.deliver(events);
        }
    }

    fn deliver(&mut self, events: Vec<bb::Event>) -> Vec<Effect> {
        // As the server sends them to Home: the other hand's cards kept secret (§31.4).
        let events: Vec<SeqEvent> = events
            .into_iter()
            .filter_map(|e| bb::cards::project(&e, Seat::Coach(Side::Home)))
            .map(|e| {
                self.seq += 1;
                SeqEvent {
                    seq: self.seq,
                    event: RoomEvent::Game {
                        event: AnyEvent::BloodBowl(e),
                    },
                }
            })
            .collect();
        self.app
            .on_input(Input::Update(Update::Server(ServerMessage::Events {
                room: "r1".into(),
                seq: self.seq,
                events,
                decision: decision(&self.game, Side::Home),
            })))
    }

    fn key(&mut self, code: KeyCode) {
        let effects = self.app.on_key(plain(code));
        self.pump(effects);
    }

    fn play(&self) -> &Play {
        match &self.app.screen {
            Screen::Play(p) => p,
            other => panic!("not playing: {other:?}"),
        }
    }

    fn cursor(&self) -> Square {
        self.play()
            .bb
            .as_ref()
            .map(|b| b.ui.cursor)
            .unwrap_or(Square::new(0, 0))
    }

    fn cursor_to(&mut self, sq: Square) {
        for _ in 0..60 {
            let c = self.cursor();
            let code = if c.x < sq.x {
                KeyCode::Right
            } else if c.x > sq.x {
                KeyCode::Left
            } else if c.y < sq.y {
                KeyCode::Down
            } else if c.y > sq.y {
                KeyCode::Up
            } else {
                return;
            };
            self.key(code);
        }
        assert_eq!(self.cursor(), sq);
    }

    fn status(&self) -> String {
        self.app.status.clone().unwrap_or_default()
    }

    fn screen(&self) -> String {
        let mut t = Terminal::new(TestBackend::new(120, 40)).expect("test terminal");
        t.draw(|f| render_app(f, &self.app)).expect("draw");
        let buf = t.backend().buffer().clone();
        (0..40)
            .map(|y| {
                (0..120)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect::<String>()
                    + "\n"
            })
            .collect()
    }
}

fn square_of(game: &Game, id: bb::PlayerId) -> Option<Square> {
    game.players[id.index()].state.square()
}

#[test]
fn a_move_to_a_far_square_shows_its_dodge_then_walks_step_by_step_on_the_real_engine() {
    let mut s = Scenario::new(Roster::Orc, Roster::Human);
    let blitzer = s.find(Side::Home, "Blitzer", 0);
    let lineman = s.find(Side::Away, "Lineman", 0);
    s.put(blitzer, 5, 7).put(lineman, 6, 7);
    let game = s.turn(Side::Home, 1);
    // The dodge succeeds (a 6); nothing else is rolled.
    let dice = Box::new(dugout_rules::core::ScriptedDice::new([
        dugout_rules::core::d6(6),
    ]));
    let mut t = Table::new(game, dice);
    let screen = t.screen();
    assert!(screen.contains("Your turn: choose a player"), "{screen}");
    t.cursor_to(Square::new(5, 7));
    t.key(KeyCode::Char(' '));
    assert!(t.status().contains("Blitzer selected"), "{}", t.status());
    let screen = t.screen();
    assert!(screen.contains("MA 6  ST 3  AG 3  AV 9"), "{screen}");
    assert!(screen.contains("Skills: Block"), "{screen}");
    t.cursor_to(Square::new(2, 7));
    t.key(KeyCode::Char(' '));
    assert!(
        t.sent.is_empty(),
        "nothing is sent before the coach confirms"
    );
    assert!(
        t.status().starts_with("3 squares to C8: 1 dodge (3+)"),
        "{}",
        t.status()
    );
    let screen = t.screen();
    assert!(
        screen.contains("Move: 3 squares to C8: 1 dodge (3+)"),
        "{screen}"
    );
    assert!(
        screen.contains("D3+"),
        "the dodge is marked on the pitch:\n{screen}"
    );
    t.key(KeyCode::Enter);
    assert_eq!(
        t.sent[0],
        Command::Declare {
            player: blitzer,
            action: bb::ActionKind::Move
        }
    );
    assert_eq!(t.sent.len(), 4, "declare then three steps: {:?}", t.sent);
    assert!(
        t.sent[1..]
            .iter()
            .all(|c| matches!(c, Command::Step { .. }))
    );
    assert_eq!(square_of(&t.game, blitzer), Some(Square::new(2, 7)));
    let app_view = t.play().bb.as_ref().and_then(|b| b.view.clone());
    assert_eq!(
        app_view.map(|v| v.players[blitzer.index()].state),
        Some(PlayerState::Standing {
            square: Square::new(2, 7)
        }),
        "the app's view follows the events"
    );
    let screen = t.screen();
    assert!(screen.contains("Home #10 moves F8 -> "), "{screen}");
    assert!(screen.contains("Dodge roll: 6"), "{screen}");
    // e ends the Action, e again the turn: the Away bot plays.
    t.key(KeyCode::Char('e'));
    assert_eq!(t.sent.last(), Some(&Command::EndAction));
    t.key(KeyCode::Char('e'));
    assert_eq!(t.sent.last(), Some(&Command::EndTurn));
}

#[test]
fn a_failed_dodge_asks_for_the_team_reroll_in_words() {
    let mut s = Scenario::new(Roster::Orc, Roster::Human);
    let blitzer = s.find(Side::Home, "Blitzer", 0);
    let lineman = s.find(Side::Away, "Lineman", 0);
    s.put(blitzer, 5, 7).put(lineman, 6, 7);
    let game = s.turn(Side::Home, 1);
    // The dodge fails (a 1), the re-roll succeeds (a 5).
    let dice = Box::new(dugout_rules::core::ScriptedDice::new([
        dugout_rules::core::d6(1),
        dugout_rules::core::d6(5),
    ]));
    let mut t = Table::new(game, dice);
    t.cursor_to(Square::new(5, 7));
    t.key(KeyCode::Char(' '));
    t.cursor_to(Square::new(2, 7));
    t.key(KeyCode::Char(' '));
    t.key(KeyCode::Char('y'));
    let screen = t.screen();
    assert!(
        screen.contains("Team re-roll for the failed Dodge? (3 left)"),
        "{screen}"
    );
    assert!(
        screen.contains("Dodge roll: 1, needs 3+: failed"),
        "{screen}"
    );
    assert!(
        screen.contains("failed the Dodge (rolled 1, needed 3+)"),
        "{screen}"
    );
    t.key(KeyCode::Char('y'));
    assert!(
        t.sent.contains(&Command::Reroll {
            source: bb::RerollSource::Team
        }),
        "{:?}",
        t.sent
    );
    // The walk goes on after the answer.
    assert_eq!(square_of(&t.game, blitzer), Some(Square::new(2, 7)));
}

/// What a coach presses for the prompt on the screen (the test's person): kicks, sets up in
/// a formation, moves one player forward a little each turn, answers the rest plainly.
fn person_key(t: &mut Table, turn_moves: &mut u32) -> bool {
    let play = t.play();
    let Some(bb) = play.bb.as_ref() else {
        return false;
    };
    let Some(view) = bb.current_view() else {
        return false;
    };
    if view.outcome.is_some() || play.result.is_some() {
        return false;
    }
    let legal = play.bb_legal().to_vec();
    if legal.is_empty() {
        panic!(
            "the game waits for Home and the app offers nothing: {:?}",
            view.prompt
        );
    }
    let targets = bb.ui.targets(super::play::Ctx {
        view: &view,
        legal: &legal,
        side: Some(Side::Home),
    });
    match view.prompt.kind {
        PromptKind::ChooseKicking => t.key(KeyCode::Char('y')),
        PromptKind::Setup { .. } => {
            if legal.contains(&Command::SetupDone) {
                t.key(KeyCode::Char('e'));
            } else {
                t.key(KeyCode::Char('f'));
                t.key(KeyCode::Enter);
            }
        }
        PromptKind::Action { .. } => {
            // Once a turn: a player steps forward one square with no roll, else end the turn.
            let free = view
                .players
                .iter()
                .filter(|p| {
                    p.side == Side::Home
                        && !p.acted
                        && matches!(p.state, PlayerState::Standing { .. })
                        && legal.contains(&Command::Declare {
                            player: p.id,
                            action: bb::ActionKind::Move,
                        })
                })
                .find_map(|p| {
                    let at = p.state.square()?;
                    let to = Square::new(at.x + 1, at.y);
                    let plan = super::path::plan(&view, p.id, p.ma, 2, to).ok()?;
                    plan.rolls.is_empty().then_some((at, to))
                });
            match free {
                Some((at, to)) if *turn_moves == 0 => {
                    *turn_moves += 1;
                    t.cursor_to(at);
                    t.key(KeyCode::Char(' '));
                    t.cursor_to(to);
                    t.key(KeyCode::Char(' '));
                    t.key(KeyCode::Char('y'));
                }
                _ => {
                    *turn_moves = 0;
                    t.key(KeyCode::Char('e'));
                }
            }
        }
        PromptKind::Acting { .. } | PromptKind::FanaticMove { .. } => t.key(KeyCode::Char('e')),
        PromptKind::BlockDice { .. } => t.key(KeyCode::Char('1')),
        PromptKind::Reroll { .. } | PromptKind::Intercept { .. } | PromptKind::CatchBomb { .. } => {
            t.key(KeyCode::Char('d'))
        }
        PromptKind::FollowUp { .. } => t.key(KeyCode::Char('d')),
        PromptKind::PlayCard { .. } | PromptKind::FailOnPurpose { .. } => t.key(KeyCode::Char('d')),
        PromptKind::Apothecary { .. } | PromptKind::Bribe { .. } | PromptKind::UseSkill { .. } => {
            t.key(KeyCode::Char('y'))
        }
        PromptKind::QuickSnap | PromptKind::KickOffReturn { .. } | PromptKind::PassBlock { .. } => {
            t.key(KeyCode::Char('e'))
        }
        PromptKind::DumpOff { .. } => t.key(KeyCode::Char('d')),
        PromptKind::Feed { .. } => panic!("no Blood Lust player in these matches"),
        PromptKind::Inducements { .. }
        | PromptKind::PettyCash { .. }
        | PromptKind::CardGold { .. }
        | PromptKind::Igor { .. }
        | PromptKind::Wizard => {
            panic!("the test match has no inducements: {:?}", view.prompt.kind)
        }
        PromptKind::HighKick { .. } => t.key(KeyCode::Char('d')),
        PromptKind::ThrowBomb { .. } => {
            // A caught bomb is thrown on at once: `P` at a square it may be thrown to.
            let Some(sq) = legal.iter().find_map(|c| match c {
                Command::Pass { target } => Some(*target),
                _ => None,
            }) else {
                panic!("nowhere to throw the bomb: {legal:?}");
            };
            t.cursor_to(sq);
            t.key(KeyCode::Char('P'));
        }
        PromptKind::PlaceKick
        | PromptKind::Touchback
        | PromptKind::ThrowInAim { .. }
        | PromptKind::Push { .. } => {
            // A green square: the one in the middle of the list.
            let Some(&sq) = targets.get(targets.len() / 2) else {
                panic!("no target for {:?}", view.prompt.kind);
            };
            t.cursor_to(sq);
            t.key(KeyCode::Char(' '));
        }
        PromptKind::GameOver => return false,
    }
    true
}

#[test]
fn a_whole_match_is_played_from_the_keys_against_the_greedy_bot() {
    let setup = MatchSetup {
        teams: [
            TeamChoice::Roster(Roster::Orc),
            TeamChoice::Roster(Roster::Human),
        ],
        options: Default::default(),
        pre_match: Default::default(),
    };
    let mut dice = ChaChaDice::from_u64(11);
    let (game, _) = bb::new_game(setup, &mut dice).expect("a match");
    let mut t = Table::new(game, Box::new(dice));
    let mut keys = 0;
    let mut turn_moves = 0;
    while person_key(&mut t, &mut turn_moves) {
        keys += 1;
        assert!(keys < 20_000, "the match never ends");
    }
    assert!(t.game.is_over(), "{:?}", t.game.prompt);
    let screen = t.screen();
    assert!(screen.contains("The match is over"), "{screen}");
    let declares = t
        .sent
        .iter()
        .filter(|c| matches!(c, Command::Declare { .. }))
        .count();
    assert!(declares > 0, "{:?}", t.sent);
    assert!(
        t.sent.iter().any(|c| matches!(c, Command::Step { .. })),
        "the person moved players"
    );
    assert!(t.sent.contains(&Command::EndTurn));
}

fn render(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    t.draw(|f| render_app(f, app)).expect("draw");
    let buf = t.backend().buffer().clone();
    (0..h)
        .map(|y| {
            (0..w)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                + "\n"
        })
        .collect()
}

/// An app logged in as "ada" and connected, in the lobby.
fn connected_app() -> App {
    let now = Instant::now();
    let (mut app, _) = App::start(
        "http://127.0.0.1:1",
        Some(Saved {
            server: "http://127.0.0.1:1".into(),
            account: "ada".into(),
            token: "tok".into(),
        }),
        now,
    );
    app.on_input(Input::Connected {
        account: "ada".into(),
    });
    app
}

/// §27.0: the create-room form's team builder: `t` on a team field opens it, the rules'
/// refusal shows and an illegal team is not taken, `r` builds a random legal team and Enter
/// puts it in the room's setup as a full sheet, checked against the budget.
#[test]
fn the_team_builder_puts_a_legal_team_in_the_room() {
    let mut app = connected_app();
    app.on_key(plain(KeyCode::Char('b')));
    app.on_key(plain(KeyCode::Char('t')));
    let screen = render(&app, 120, 40);
    assert!(screen.contains("Build the Home team: Orc"), "{screen}");
    assert!(
        screen.contains("A legal team"),
        "the starter team: {screen}"
    );
    // Linemen down to none: too few players, refused.
    for _ in 0..16 {
        app.on_key(plain(KeyCode::Left));
    }
    let screen = render(&app, 120, 40);
    assert!(screen.contains("11 to 16"), "{screen}");
    app.on_key(plain(KeyCode::Enter));
    assert!(
        app.status
            .as_deref()
            .is_some_and(|s| s.starts_with("Not a legal team")),
        "{:?}",
        app.status
    );
    // A random legal team, taken.
    app.on_key(plain(KeyCode::Char('r')));
    app.on_key(plain(KeyCode::Enter));
    let screen = render(&app, 120, 40);
    assert!(screen.contains("Orc (built:"), "{screen}");
    let effects = app.on_key(plain(KeyCode::Enter));
    let [Effect::Send(Request::CreateRoom(spec))] = effects.as_slice() else {
        panic!("{effects:?}");
    };
    let dugout_rules::AnySetup::BloodBowl(setup) = &spec.setup else {
        panic!("not a Blood Bowl room: {spec:?}");
    };
    let bb::TeamChoice::Sheet(sheet) = &setup.teams[0] else {
        panic!("the built team is not in the setup: {setup:?}");
    };
    assert_eq!(sheet.roster, Roster::Orc);
    assert!(bb::setup::check_team(sheet, Some(setup.options.budget)).is_ok());
    assert!(bb::setup::validate(setup).is_ok());
}

#[test]
fn the_lobby_creates_a_blood_bowl_room_with_the_chosen_rosters_and_options() {
    let mut app = connected_app();
    assert!(app.on_key(plain(KeyCode::Char('b'))).is_empty());
    let screen = render(&app, 120, 40);
    assert!(screen.contains("Create a room (Blood Bowl)"), "{screen}");
    assert!(
        screen.contains("< Orc (starter team) >") && screen.contains("< Human (starter team) >"),
        "{screen}"
    );
    assert!(screen.contains("< 1,000,000 gp >"), "the budget: {screen}");
    // Home: one roster on (Dwarf); Away: five on (Goblin); my seat Away; overtime.
    app.on_key(plain(KeyCode::Right));
    app.on_key(plain(KeyCode::Down));
    for _ in 0..5 {
        app.on_key(plain(KeyCode::Right));
    }
    // The team budget one step up.
    app.on_key(plain(KeyCode::Down));
    app.on_key(plain(KeyCode::Right));
    assert!(render(&app, 120, 40).contains("< 1,050,000 gp >"));
    for _ in 0..2 {
        app.on_key(plain(KeyCode::Down));
    }
    app.on_key(plain(KeyCode::Right));
    for _ in 0..4 {
        app.on_key(plain(KeyCode::Down));
    }
    app.on_key(plain(KeyCode::Right));
    let screen = render(&app, 120, 40);
    assert!(screen.contains("< sudden death >"), "{screen}");
    let effects = app.on_key(plain(KeyCode::Enter));
    let [Effect::Send(Request::CreateRoom(spec))] = effects.as_slice() else {
        panic!("{effects:?}");
    };
    let dugout_rules::AnySetup::BloodBowl(setup) = &spec.setup else {
        panic!("not a Blood Bowl room: {spec:?}");
    };
    assert_eq!(
        [setup.teams[0].roster(), setup.teams[1].roster()],
        [Roster::Dwarf, Roster::Goblin]
    );
    assert_eq!(setup.options.overtime, bb::Overtime::SuddenDeath);
    assert_eq!(setup.options.budget, 1_050_000);
    // The room created, the seat asked for is Away.
    let effects = app.on_input(Input::Answer {
        request: Request::CreateRoom(spec.clone()),
        answer: Answer::Ack(Ack {
            seq: None,
            room: Some("r9".into()),
        }),
    });
    assert_eq!(
        effects,
        vec![Effect::Send(Request::Join {
            room: "r9".into(),
            seat: Some(Side::Away)
        })]
    );
}

#[test]
fn a_spectator_watches_and_sends_nothing_a_coach_claims_the_win_with_w() {
    let mut s = Scenario::new(Roster::Orc, Roster::Human);
    let blitzer = s.find(Side::Home, "Blitzer", 0);
    s.put(blitzer, 5, 7);
    let game = s.turn(Side::Home, 1);
    let mut app = joined_app();
    app.on_input(Input::Update(Update::Server(ServerMessage::Snapshot {
        room: "r1".into(),
        seq: 3,
        seat: Seat::Spectator,
        view: Box::new(AnyView::BloodBowl(bb::view(&game))),
        decision: decision(&game, Side::Away),
        result: None,
        rules_version: bb::RULES_VERSION,
    })));
    let screen = render(&app, 120, 40);
    assert!(screen.contains("watching"), "{screen}");
    assert!(screen.contains("Waiting for Home: their turn"), "{screen}");
    let effects = app.on_key(plain(KeyCode::Char(' ')));
    assert!(effects.is_empty());
    assert_eq!(app.status.as_deref(), Some("Not your decision now"));
    assert!(app.on_key(plain(KeyCode::Char('e'))).is_empty());
    // Too small a terminal: a clear message instead of a broken pitch.
    let small = render(&app, 100, 30);
    assert!(small.contains("needs a bigger terminal"), "{small}");
    assert!(small.contains("120x40; this one is 100x30"), "{small}");

    // A coach: W claims the win (the server decides whether the other coach is gone).
    let mut t = Table::new(game, Box::new(ChaChaDice::from_u64(1)));
    let effects = t.app.on_key(plain(KeyCode::Char('W')));
    assert_eq!(effects, vec![Effect::Send(Request::ClaimWin("r1".into()))]);
    // C asks first, C again concedes.
    assert!(t.app.on_key(plain(KeyCode::Char('C'))).is_empty());
    assert_eq!(
        t.app.on_key(plain(KeyCode::Char('C'))),
        vec![Effect::Send(Request::Concede("r1".into()))]
    );
    // The help lists the Blood Bowl keys.
    t.app.on_key(plain(KeyCode::Char('?')));
    let help = t.screen();
    assert!(help.contains("plan a move"), "{help}");
    assert!(help.contains("claim the win"), "{help}");
}

#[test]
fn set_up_by_placing_players_one_by_one_with_space_on_the_real_engine() {
    let setup = MatchSetup {
        teams: [
            TeamChoice::Roster(Roster::Skaven),
            TeamChoice::Roster(Roster::Dwarf),
        ],
        options: Default::default(),
        pre_match: Default::default(),
    };
    let mut dice = ChaChaDice::from_u64(5);
    let (game, _) = bb::new_game(setup, &mut dice).expect("a match");
    let mut t = Table::new(game, Box::new(dice));
    // To our set-up (kicking or receiving).
    for _ in 0..5 {
        let kind = t.game.prompt.kind.clone();
        if matches!(kind, PromptKind::Setup { .. }) && t.game.prompt.coach == Some(Side::Home) {
            break;
        }
        t.key(KeyCode::Char('y'));
    }
    assert!(
        matches!(t.game.prompt.kind, PromptKind::Setup { picked: None, .. }),
        "{:?}",
        t.game.prompt
    );
    let screen = t.screen();
    assert!(screen.contains("Set up: 0 on the pitch"), "{screen}");
    assert!(screen.contains("Formation: Standard"), "{screen}");
    // Three on the line of scrimmage, then two behind, by Space on each square.
    let squares = [
        Square::new(12, 6),
        Square::new(12, 7),
        Square::new(12, 8),
        Square::new(9, 5),
        Square::new(9, 9),
    ];
    for sq in squares {
        t.cursor_to(sq);
        t.key(KeyCode::Char(' '));
        let here = t
            .game
            .players
            .iter()
            .find(|p| p.state.square() == Some(sq))
            .map(|p| p.side);
        assert_eq!(
            here,
            Some(Side::Home),
            "a player placed on {sq:?}: {}",
            t.status()
        );
    }
    assert!(t.screen().contains("Set up: 5 on the pitch"));
    // A placed player picked and sent back to the Reserves with b.
    t.cursor_to(Square::new(9, 9));
    t.key(KeyCode::Char(' '));
    assert!(matches!(
        t.game.prompt.kind,
        PromptKind::Setup {
            picked: Some(_),
            ..
        }
    ));
    t.key(KeyCode::Char('b'));
    assert!(
        t.game
            .players
            .iter()
            .all(|p| p.state.square() != Some(Square::new(9, 9)))
    );
    // The rest by formation, then done.
    t.key(KeyCode::Char('f'));
    t.key(KeyCode::Enter);
    t.key(KeyCode::Char('e'));
    assert!(t.sent.contains(&Command::SetupDone), "{:?}", t.sent);
}

/// The targets the client shows before a move are the engine's: 300 random positions, one
/// step each, the dodge (and GFI) rolls the engine makes compared with the plan's.
#[test]
fn the_planned_targets_are_the_engines_on_random_positions() {
    let mut rng = ChaChaDice::from_u64(99);
    let mut compared = 0;
    for round in 0..300usize {
        let mut s = Scenario::new(Roster::Skaven, Roster::Dwarf);
        let mover = s.player(Side::Home, round % 11);
        let at = Square::new(
            2 + rng.roll(dugout_rules::core::Die::Range(20)) as i8,
            1 + rng.roll(dugout_rules::core::Die::Range(12)) as i8,
        );
        s.put(mover, at.x, at.y);
        // Up to four Dwarfs around (some prone: no tackle zone).
        for k in 0..4 {
            let d = s.player(Side::Away, k);
            let sq = Square::new(
                at.x - 2 + rng.roll(dugout_rules::core::Die::Range(5)) as i8,
                at.y - 2 + rng.roll(dugout_rules::core::Die::Range(5)) as i8,
            );
            let taken = s.game.players.iter().any(|p| p.state.square() == Some(sq));
            if taken || !super::path::on_pitch(sq) {
                continue;
            }
            if rng.roll(dugout_rules::core::Die::D6) == 1 {
                s.prone(d, sq.x, sq.y);
            } else {
                s.put(d, sq.x, sq.y);
            }
        }
        let game = s.turn(Side::Home, 1);
        let view = bb::view(&game);
        let Some(to) = (0..8)
            .map(|i| {
                let (dx, dy) = [
                    (1, 0),
                    (1, 1),
                    (0, 1),
                    (-1, 1),
                    (-1, 0),
                    (-1, -1),
                    (0, -1),
                    (1, -1),
                ][i];
                Square::new(at.x + dx, at.y + dy)
            })
            .find(|sq| {
                super::path::on_pitch(*sq)
                    && view.players.iter().all(|p| p.state.square() != Some(*sq))
            })
        else {
            continue;
        };
        let p = &view.players[mover.index()];
        // The safest way may go round (a dodge into fewer zones first): the first step's
        // rolls are compared.
        let plan = super::path::plan(&view, mover, p.ma, 2, to).expect("a free neighbour");
        let to = plan.steps[0];
        let mut g = game.clone();
        let mut dice = dugout_rules::core::ScriptedDice::new(std::iter::repeat_n(
            dugout_rules::core::d6(6),
            8,
        ));
        bb::apply(
            &mut g,
            Command::Declare {
                player: mover,
                action: bb::ActionKind::Move,
            },
            &mut dice,
        )
        .expect("declare");
        let events = bb::apply(&mut g, Command::Step { to }, &mut dice).expect("step");
        let rolled: Vec<(bb::RollPurpose, i16)> = events
            .iter()
            .filter_map(|e| match e {
                bb::Event::Rolled { roll } if roll.target.is_some() => Some((
                    roll.purpose,
                    (i16::from(roll.target.unwrap_or(0)) - i16::from(roll.modifier)).clamp(2, 6),
                )),
                _ => None,
            })
            .collect();
        let planned: Vec<(bb::RollPurpose, i16)> = plan
            .rolls
            .iter()
            .filter(|r| r.step == 0)
            .map(|r| {
                (
                    match r.kind {
                        super::path::RollKind::Dodge => bb::RollPurpose::Dodge,
                        super::path::RollKind::Gfi => bb::RollPurpose::Gfi,
                        super::path::RollKind::PickUp => bb::RollPurpose::PickUp,
                    },
                    i16::from(r.target),
                )
            })
            .collect();
        assert_eq!(
            planned, rolled,
            "round {round}: {} from {at:?} to {to:?}",
            p.position
        );
        compared += usize::from(!rolled.is_empty());
    }
    assert!(compared > 50, "only {compared} moves with a roll");
}

#[test]
fn a_block_shows_its_dice_and_who_chooses_then_the_push_and_follow_up() {
    let mut s = Scenario::new(Roster::Orc, Roster::Human);
    let bob = s.find(Side::Home, "Black Orc Blocker", 0);
    let lineman = s.find(Side::Away, "Lineman", 0);
    s.put(bob, 10, 7).put(lineman, 11, 7);
    let game = s.turn(Side::Home, 1);
    // Block dice: Pushed (3) and Defender Down (6); nothing else is rolled before the
    // choice; the armour roll after a knock-down: 2+2, held.
    let dice = Box::new(dugout_rules::core::ScriptedDice::new([
        (dugout_rules::core::Die::Block, 3),
        (dugout_rules::core::Die::Block, 6),
        dugout_rules::core::d6(2),
        dugout_rules::core::d6(2),
    ]));
    let mut t = Table::new(game, dice);
    t.cursor_to(Square::new(10, 7));
    t.key(KeyCode::Char(' '));
    t.cursor_to(Square::new(11, 7));
    t.key(KeyCode::Char(' '));
    assert_eq!(
        t.sent,
        vec![Command::Block {
            player: bob,
            target: lineman
        }]
    );
    // First the team re-roll of the block dice is offered: no.
    let screen = t.screen();
    assert!(
        screen.contains("Team re-roll the block dice? (3 left) Rolled:")
            && screen.contains("[Pushed] [Defender Down]"),
        "{screen}"
    );
    t.key(KeyCode::Char('d'));
    assert_eq!(t.sent.last(), Some(&Command::Decline));
    let screen = t.screen();
    assert!(
        screen.contains("Block dice Home #6 on Away #1: [Pushed]")
            && screen.contains("[Defender Down]; Home chooses"),
        "{screen}"
    );
    assert!(screen.contains("Home chooses"), "{screen}");
    assert!(screen.contains("2. Die 2: Defender Down"), "{screen}");
    t.key(KeyCode::Char('2'));
    assert_eq!(t.sent.last(), Some(&Command::BlockDie { index: 1 }));
    // The push: the cursor is on a green square; Space pushes there.
    if matches!(t.game.prompt.kind, PromptKind::Push { .. }) {
        let screen = t.screen();
        assert!(
            screen.contains("Push Away #1: choose a green square"),
            "{screen}"
        );
        t.key(KeyCode::Char(' '));
        assert!(
            matches!(t.sent.last(), Some(Command::Push { .. })),
            "{:?}",
            t.sent
        );
    }
    if matches!(t.game.prompt.kind, PromptKind::FollowUp { .. }) {
        assert!(t.screen().contains("Follow up with Home #6"));
        t.key(KeyCode::Char('y'));
        assert_eq!(t.sent.last(), Some(&Command::FollowUp { follow: true }));
    }
    let screen = t.screen();
    assert!(screen.contains("Block result: Defender Down"), "{screen}");
    assert!(
        screen.contains("Away #1 Lineman is knocked down by a"),
        "{screen}"
    );
    assert!(
        !matches!(
            t.game.players[lineman.index()].state,
            PlayerState::Standing { .. }
        ),
        "the defender is down"
    );
}

#[test]
fn a_click_on_the_pitch_is_space_on_that_square() {
    use ratatui::crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    assert_eq!(super::tui::square_at(3, 5), Some(Square::new(0, 0)));
    assert_eq!(super::tui::square_at(6, 5), Some(Square::new(0, 0)));
    assert_eq!(super::tui::square_at(7, 6), Some(Square::new(1, 1)));
    assert_eq!(
        super::tui::square_at(3 + 4 * 25, 19),
        Some(Square::new(25, 14))
    );
    assert_eq!(super::tui::square_at(2, 5), None);
    assert_eq!(super::tui::square_at(3 + 4 * 26, 5), None);
    assert_eq!(super::tui::square_at(3, 20), None);
    let mut s = Scenario::new(Roster::Orc, Roster::Human);
    let blitzer = s.find(Side::Home, "Blitzer", 0);
    s.put(blitzer, 5, 7);
    let game = s.turn(Side::Home, 1);
    let mut t = Table::new(game, Box::new(ChaChaDice::from_u64(2)));
    let click = |column: u16, row: u16| MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    };
    // The blitzer's cell on the screen: column 3 + 4x, row 5 + y.
    let screen = t.screen();
    let row: String = screen
        .lines()
        .nth(12)
        .unwrap_or("")
        .chars()
        .skip(23)
        .take(4)
        .collect();
    assert_eq!(row, ">10 ", "{screen}");
    let effects = t.app.on_mouse(click(24, 12));
    assert!(effects.is_empty());
    assert_eq!(
        t.play().bb.as_ref().and_then(|b| b.ui.selected),
        Some(blitzer)
    );
    // A click two squares on: the plan; a second click there: go.
    t.app.on_mouse(click(31, 12));
    assert!(
        t.status().starts_with("2 squares to H8: no rolls"),
        "{}",
        t.status()
    );
    let effects = t.app.on_mouse(click(31, 12));
    t.pump(effects);
    assert_eq!(square_of(&t.game, blitzer), Some(Square::new(7, 7)));
}

#[test]
fn space_on_an_opponent_further_away_blitzes_him_walk_then_block() {
    let mut s = Scenario::new(Roster::Orc, Roster::Human);
    let blitzer = s.find(Side::Home, "Blitzer", 0);
    let lineman = s.find(Side::Away, "Lineman", 0);
    s.put(blitzer, 5, 7).put(lineman, 9, 7);
    let game = s.turn(Side::Home, 1);
    let mut t = Table::new(game, Box::new(ChaChaDice::from_u64(4)));
    t.cursor_to(Square::new(5, 7));
    t.key(KeyCode::Char(' '));
    t.cursor_to(Square::new(9, 7));
    t.key(KeyCode::Char(' '));
    assert!(t.sent.is_empty());
    assert!(
        t.status()
            .starts_with("Blitz on Away #1: 3 squares to I8: no rolls, then the block."),
        "{}",
        t.status()
    );
    t.key(KeyCode::Char('y'));
    assert_eq!(
        t.sent[0],
        Command::Declare {
            player: blitzer,
            action: bb::ActionKind::Blitz
        }
    );
    assert_eq!(
        t.sent[1..4],
        [
            Command::Step {
                to: Square::new(6, 7)
            },
            Command::Step {
                to: Square::new(7, 7)
            },
            Command::Step {
                to: Square::new(8, 7)
            },
        ]
    );
    assert_eq!(t.sent[4], Command::BlitzBlock { target: lineman });
    assert_eq!(t.sent.len(), 5, "{:?}", t.sent);
    assert!(
        matches!(
            t.game.prompt.kind,
            PromptKind::BlockDice { .. } | PromptKind::Reroll { .. } | PromptKind::Push { .. }
        ) || t.game.prompt.coach == Some(Side::Away),
        "the block is under way: {:?}",
        t.game.prompt
    );
    let screen = t.screen();
    assert!(screen.contains("Home #10 blocks Away #1"), "{screen}");
}

/// §30, §31 (docs/rules/blood-bowl.md): the create-room form offers the inducement phase,
/// the petty cash each team brings and the Special Play Cards each team draws; the room asked
/// for carries them, and the engine accepts it.
#[test]
fn the_lobby_offers_inducements_petty_cash_and_special_play_cards() {
    let mut app = connected_app();
    app.on_key(plain(KeyCode::Char('b')));
    let screen = render(&app, 120, 40);
    for field in ["Inducements", "Petty cash (each)", "Special Play Cards"] {
        assert!(screen.contains(field), "{field}: {screen}");
    }
    // Up from the first field: the last (the cards), then the petty cash.
    app.on_key(plain(KeyCode::Up));
    app.on_key(plain(KeyCode::Right));
    let choices = super::form::card_choices();
    assert!(!choices.is_empty(), "a usable deck");
    let screen = render(&app, 120, 40);
    assert!(
        screen.contains(&format!("< {} >", choices[0].0)),
        "{screen}"
    );
    app.on_key(plain(KeyCode::Up));
    app.on_key(plain(KeyCode::Right));
    app.on_key(plain(KeyCode::Right));
    let screen = render(&app, 120, 40);
    assert!(screen.contains("< 100,000 gp >"), "{screen}");
    let effects = app.on_key(plain(KeyCode::Enter));
    let [Effect::Send(Request::CreateRoom(spec))] = effects.as_slice() else {
        panic!("{effects:?}");
    };
    let dugout_rules::AnySetup::BloodBowl(setup) = &spec.setup else {
        panic!("not a Blood Bowl room: {spec:?}");
    };
    // Petty cash turns the inducement phase on (§30.1: it is spent there).
    assert!(setup.options.inducements);
    assert_eq!(setup.pre_match.petty_cash, [100_000, 100_000]);
    assert_eq!(setup.options.special_play_cards.home, choices[0].1);
    assert_eq!(setup.options.special_play_cards.away, choices[0].1);
    assert!(
        bb::setup::validate(setup).is_ok(),
        "{:?}",
        bb::setup::validate(setup)
    );
    let mut dice = ChaChaDice::from_u64(3);
    assert!(bb::new_game(setup.clone(), &mut dice).is_ok());
}

/// The keys for the inducement and card prompts (§30, §31): buy a Star Player (Tab to him,
/// Enter) and the first purchase (1), then done (e); at a card prompt play the first card
/// offered (1); the rest as [`person_key`].
fn person_key_with_cards(t: &mut Table, turn_moves: &mut u32, seen: &mut Seen) -> bool {
    let play = t.play();
    let Some(bb) = play.bb.as_ref() else {
        return false;
    };
    let Some(view) = bb.current_view() else {
        return false;
    };
    let legal = play.bb_legal().to_vec();
    match view.prompt.kind {
        PromptKind::Inducements { money } if !legal.is_empty() => {
            let screen = t.screen();
            assert!(screen.contains(" Teams (c) "), "{screen}");
            assert!(
                screen.contains(&format!("{} gp left", super::words::gp(money))),
                "{screen}"
            );
            assert!(screen.contains("Petty cash"), "{screen}");
            seen.shop = true;
            let star = legal.iter().copied().find(|c| {
                matches!(
                    c,
                    Command::Induce {
                        item: bb::InducementItem::StarPlayer { .. }
                    }
                )
            });
            let bought_star = view.players.iter().any(|p| p.position == "Star Player");
            match star {
                Some(star) if !bought_star => {
                    // Tab down the menu to him, then Enter.
                    for _ in 0..200 {
                        let play = t.play();
                        let bb = play.bb.as_ref().expect("bb");
                        let v = bb.current_view().expect("view");
                        let menu = bb.ui.menu_commands(super::play::Ctx {
                            view: &v,
                            legal: &legal,
                            side: Some(Side::Home),
                        });
                        if menu.get(bb.ui.menu) == Some(&star) {
                            break;
                        }
                        t.key(KeyCode::Tab);
                    }
                    t.key(KeyCode::Enter);
                }
                _ if t
                    .sent
                    .iter()
                    .filter(|c| matches!(c, Command::Induce { .. }))
                    .count()
                    < 2
                    && legal.len() > 1 =>
                {
                    t.key(KeyCode::Char('1'))
                }
                _ => t.key(KeyCode::Char('e')),
            }
            true
        }
        PromptKind::PlayCard { .. } if !legal.is_empty() => {
            let screen = t.screen();
            let hand = &view.hands[Side::Home.index()];
            assert!(!hand.cards.is_empty(), "our hand is named to us");
            for c in &hand.cards {
                assert!(
                    screen.contains(c.name()),
                    "{} in the panel: {screen}",
                    c.name()
                );
            }
            let theirs = &view.hands[Side::Away.index()];
            assert!(theirs.cards.is_empty(), "the other hand is secret");
            if theirs.count > 0 {
                assert!(screen.contains("card(s), secret"), "{screen}");
            }
            seen.card_prompt = true;
            let play = legal.iter().any(|c| {
                matches!(
                    c,
                    Command::PlayCard {
                        player: None,
                        square: None,
                        ..
                    } | Command::PlayCard {
                        player: Some(_),
                        square: None,
                        ..
                    }
                )
            });
            if play {
                t.key(KeyCode::Char('1'));
            } else {
                t.key(KeyCode::Char('d'));
            }
            true
        }
        PromptKind::Igor { .. } if !legal.is_empty() => {
            t.key(KeyCode::Char('d'));
            true
        }
        PromptKind::Wizard if !legal.is_empty() => {
            t.key(KeyCode::Char('d'));
            true
        }
        _ => person_key(t, turn_moves),
    }
}

#[derive(Default)]
struct Seen {
    shop: bool,
    card_prompt: bool,
}

/// §30, §31 (docs/rules/blood-bowl.md): a whole match with the inducement phase and Special
/// Play Cards played from the keys: a Star Player and another inducement bought with the
/// petty cash, the money and petty cash shown while buying, our hand shown by name at each
/// card prompt and the other's by its count, a card played.
#[test]
fn a_match_with_inducements_and_cards_is_played_from_the_keys() {
    use dugout_rules::bb::cards::{Deck, DeckDraws, SpecialPlayCards};
    let draws = DeckDraws::from(vec![Deck::DesperateMeasures, Deck::DesperateMeasures]);
    let mut setup = MatchSetup {
        teams: [
            TeamChoice::Roster(Roster::Orc),
            TeamChoice::Roster(Roster::Human),
        ],
        options: Default::default(),
        pre_match: Default::default(),
    };
    setup.options.inducements = true;
    setup.options.special_play_cards = SpecialPlayCards {
        home: draws,
        away: draws,
    };
    setup.pre_match.petty_cash = [400_000, 100_000];
    let mut dice = ChaChaDice::from_u64(21);
    let (game, start) = bb::new_game(setup, &mut dice).expect("a match");
    let mut t = Table::new(game, Box::new(dice));
    // The start's inducement money as the room's events bring it (it changes no view).
    let money: Vec<bb::Event> = start
        .into_iter()
        .filter(|e| matches!(e, bb::Event::InducementMoney { .. }))
        .collect();
    assert_eq!(money.len(), 1, "the inducement money is told at the start");
    let effects = t.deliver(money);
    t.pump(effects);
    let mut keys = 0;
    let mut turn_moves = 0;
    let mut seen = Seen::default();
    while person_key_with_cards(&mut t, &mut turn_moves, &mut seen) {
        keys += 1;
        assert!(keys < 20_000, "the match never ends");
    }
    assert!(t.game.is_over(), "{:?}", t.game.prompt);
    assert!(seen.shop, "the inducement prompt came");
    assert!(seen.card_prompt, "a card prompt came");
    assert!(t.sent.iter().any(|c| matches!(
        c,
        Command::Induce {
            item: bb::InducementItem::StarPlayer { .. }
        }
    )));
    assert!(t.sent.contains(&Command::DoneInducing) || t.game.induced[0].spent > 0);
    assert!(
        t.sent.iter().any(|c| matches!(c, Command::PlayCard { .. })),
        "a card played: {:?}",
        t.sent
            .iter()
            .filter(|c| matches!(c, Command::PlayCard { .. } | Command::NoCard))
            .collect::<Vec<_>>()
    );
    // The star joined Home; the panel (c) names him as a star.
    let star = t
        .game
        .players
        .iter()
        .find(|p| p.side == Side::Home && p.position == "Star Player")
        .map(|p| p.name.clone())
        .expect("a star joined Home");
    t.key(KeyCode::Char('c'));
    let screen = t.screen();
    assert!(screen.contains(" Teams (c) "), "{screen}");
    assert!(
        screen.contains(&format!("*{star}")) || screen.contains("Stars:"),
        "{screen}"
    );
}

/// §30.1 (docs/rules/blood-bowl.md): as the server starts a match (its first events, then the
/// snapshot), the start's events are kept: the log has the inducement money and, while we
/// buy, the Teams panel gives the team values, the petty cash and what each side may spend.
#[test]
fn the_start_events_before_the_first_snapshot_show_the_inducement_money() {
    let mut setup = MatchSetup {
        teams: [
            TeamChoice::Roster(Roster::Orc),
            TeamChoice::Roster(Roster::Human),
        ],
        options: Default::default(),
        pre_match: Default::default(),
    };
    setup.options.inducements = true;
    setup.pre_match.petty_cash = [150_000, 250_000];
    let mut dice = ChaChaDice::from_u64(8);
    let (mut game, start) = bb::new_game(setup, &mut dice).expect("a match");
    let mut start = start;
    // Home buys when the decision is Home's; let Away (if first) be done at once.
    while game.prompt.coach == Some(Side::Away) {
        start.extend(bb::apply(&mut game, Command::DoneInducing, &mut dice).expect("done"));
    }
    assert!(matches!(game.prompt.kind, PromptKind::Inducements { .. }));
    let mut app = joined_app();
    let mut seq = 1;
    let mut events = vec![SeqEvent {
        seq,
        event: RoomEvent::MatchStarted {
            coaches: ["ada".into(), "bob".into()],
            dice: None,
        },
    }];
    for e in start {
        seq += 1;
        events.push(SeqEvent {
            seq,
            event: RoomEvent::Game {
                event: AnyEvent::BloodBowl(e),
            },
        });
    }
    app.on_input(Input::Update(Update::Server(ServerMessage::Events {
        room: "r1".into(),
        seq,
        events,
        decision: decision(&game, Side::Home),
    })));
    app.on_input(Input::Update(Update::Server(ServerMessage::Snapshot {
        room: "r1".into(),
        seq,
        seat: Seat::Coach(Side::Home),
        view: Box::new(AnyView::BloodBowl(bb::view_for(
            &game,
            Seat::Coach(Side::Home),
        ))),
        decision: decision(&game, Side::Home),
        result: None,
        rules_version: bb::RULES_VERSION,
    })));
    let screen = render(&app, 120, 40);
    assert!(screen.contains(" Teams (c) "), "{screen}");
    assert!(screen.contains("Petty cash 150,000 / 250,000"), "{screen}");
    assert!(screen.contains("To spend "), "{screen}");
    assert!(
        screen.contains("Inducements: team values"),
        "the log: {screen}"
    );
    assert!(screen.contains("1-9 / Tab+Enter buy"), "{screen}");
    // `i` lists the Mercenaries with a skill, and back.
    app.on_key(plain(KeyCode::Char('i')));
    let screen = render(&app, 120, 40);
    assert!(screen.contains("Buy a Mercenary "), "{screen}");
    assert!(screen.contains(" with "), "{screen}");
    app.on_key(plain(KeyCode::Char('i')));
    let screen = render(&app, 120, 40);
    assert!(
        screen.contains("Buy Bloodweiser Babe (50,000 gp)"),
        "{screen}"
    );
    // `c` switches the panel to the player and back.
    app.on_key(plain(KeyCode::Char('c')));
    let screen = render(&app, 120, 40);
    assert!(
        screen.contains(" Player ") && !screen.contains(" Teams (c) "),
        "{screen}"
    );
    app.on_key(plain(KeyCode::Char('c')));
    assert!(render(&app, 120, 40).contains(" Teams (c) "));
    // `e`: done buying.
    let effects = app.on_key(plain(KeyCode::Char('e')));
    assert!(
        effects.iter().any(|e| matches!(
            e,
            Effect::Send(Request::BbCommand {
                command: Command::DoneInducing,
                ..
            })
        )),
        "{effects:?}"
    );
}

/// §29–§31 (docs/rules/blood-bowl.md): `dugout replay` of a Blood Bowl match shows the Teams
/// panel on `c`: the cards played by name, a hand by name where the log names its draws.
#[test]
fn the_replay_shows_the_teams_panel_on_c() {
    use dugout_protocol::LogEntry;
    use dugout_rules::bb::cards::{Card, Deck};
    let entries = vec![
        LogEntry {
            seq: 1,
            event: RoomEvent::Game {
                event: AnyEvent::BloodBowl(bb::Event::CardDrawn {
                    side: Side::Away,
                    deck: Deck::DesperateMeasures,
                    card: Some(Card::Mindblow),
                }),
            },
        },
        LogEntry {
            seq: 2,
            event: RoomEvent::Game {
                event: AnyEvent::BloodBowl(bb::Event::CardPlayed {
                    side: Side::Home,
                    card: Card::ComeOnBoys,
                    player: None,
                }),
            },
        },
    ];
    let replay = crate::app::model::Replay::new("m1".into(), entries, ["ada".into(), "bob".into()]);
    let (mut app, _) = App::replay("http://h:1", replay, Instant::now());
    let setup = MatchSetup {
        teams: [
            TeamChoice::Roster(Roster::Orc),
            TeamChoice::Roster(Roster::Human),
        ],
        options: Default::default(),
        pre_match: Default::default(),
    };
    let mut dice = ChaChaDice::from_u64(4);
    let (game, _) = bb::new_game(setup, &mut dice).expect("a match");
    let mut view = bb::view(&game);
    view.hands[1].count = 1;
    view.hands[0].played = vec![Card::ComeOnBoys];
    if let Screen::Replay(r) = &mut app.screen {
        r.bb_view = Some(view);
        r.pos = Some(1);
    }
    let screen = render(&app, 120, 40);
    assert!(screen.contains(" Player "), "{screen}");
    app.on_key(plain(KeyCode::Char('c')));
    let screen = render(&app, 120, 40);
    assert!(screen.contains(" Teams (c) "), "{screen}");
    assert!(screen.contains("Played: Come On Boys!"), "{screen}");
    // The log names Away's draw (a finished match's archive): the panel names the card.
    assert!(screen.contains("Hand (1):"), "{screen}");
    assert!(screen.contains("Mindblow ("), "{screen}");
    // A draw without its card (the other coach's, live) leaves the count alone.
    assert_eq!(
        super::tui::known_hand(
            &[bb::Event::CardDrawn {
                side: Side::Away,
                deck: Deck::DesperateMeasures,
                card: None,
            }],
            Side::Away
        ),
        None
    );
}
