//! `dugout team`: the screen's keys and its rendering with ratatui's `TestBackend`.
//! Section references (§) are to docs/rules/blood-bowl.md.

use dugout_rules::bb::data::Skill;
use dugout_rules::bb::league::postmatch::{PostCommand, PostPrompt};
use dugout_rules::bb::league::tables::{Advance, Stat};
use dugout_rules::bb::league::team::Purchase;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;

use super::*;
use crate::league::Prompt;

fn team() -> TeamView {
    serde_json::from_value(serde_json::json!({
        "id": 3, "league": 7, "coach": "ann", "name": "Grim Gits", "roster": "orc",
        "approved": true, "approved_at_ms": 1, "created_at_ms": 1, "version": 40,
        "treasury": 125000, "rerolls": 2, "fan_factor": 3, "assistant_coaches": 1,
        "cheerleaders": 0, "apothecary": true, "team_value": 1010000,
        "players": [
            {"id": 1, "number": 1, "name": "Ugrak", "position": "Black Orc Blocker",
             "ma": 4, "st": 4, "ag": 2, "av": 9, "skills": [], "spp": 7,
             "pending_advancement": [6, 5], "value": 80000, "niggling": 0,
             "miss_next_game": false, "journeyman": false,
             "stats": {"played": 1, "touchdowns": 0, "completions": 0, "interceptions": 0, "casualties": 1, "mvps": 1}},
            {"id": 2, "number": 2, "name": "Snaga", "position": "Lineman",
             "ma": 5, "st": 3, "ag": 3, "av": 9, "skills": [], "spp": 0,
             "pending_advancement": null, "value": 50000, "niggling": 1,
             "miss_next_game": true, "journeyman": false,
             "stats": {"played": 1, "touchdowns": 0, "completions": 0, "interceptions": 0, "casualties": 0, "mvps": 0}}
        ],
        "former": [{"id": 9, "name": "Gob", "position": "Goblin", "spp": 2, "why": "dead"}],
        "record": {"played": 1, "won": 1, "drawn": 0, "lost": 0, "touchdowns_for": 2,
                   "touchdowns_against": 1, "casualties_for": 1, "casualties_against": 1}
    }))
    .expect("a LeagueTeamBody reads")
}

fn advancement() -> Decision {
    let block = PostCommand::Advance {
        player: 1,
        advance: Advance::Skill {
            skill: Skill::Block,
        },
    };
    let ma = PostCommand::Advance {
        player: 1,
        advance: Advance::Stat { stat: Stat::Ma },
    };
    let av = PostCommand::Advance {
        player: 1,
        advance: Advance::Stat { stat: Stat::Av },
    };
    Decision {
        match_id: "m-1".into(),
        opponent: "Reikland Rookies".into(),
        prompt: Prompt {
            side: dugout_rules::core::Side::Home,
            deadline_ms: 1_900_000_000_000,
            coach: "ann".into(),
            prompt: PostPrompt::Advancement {
                player: 1,
                dice: [6, 4],
                choices: vec![],
            },
            legal: vec![block.clone(), ma, av],
            default: Some(block),
        },
    }
}

fn draw(s: &Screen, w: u16, hgt: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, hgt)).expect("a test terminal");
    t.draw(|f| render(f, s)).expect("draws");
    let buf = t.backend().buffer().clone();
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// §32.2, §32.7: the team's figures, each player's SPP, level and value, and who misses
/// the next match are on the screen; with no decision it says so.
#[test]
fn the_team_screen_shows_the_roster_and_the_treasury() {
    let s = Screen::new(team(), "ann".into());
    let text = draw(&s, 120, 24);
    assert!(text.contains("Grim Gits · Orc · coach ann"), "{text}");
    assert!(text.contains("TV 1010k"), "{text}");
    assert!(text.contains("treasury 125,000 gp"), "{text}");
    assert!(text.contains("re-rolls 2"), "{text}");
    assert!(text.contains("fan factor 3"), "{text}");
    assert!(text.contains("record 1/0/0 in 1"), "{text}");
    assert!(text.contains("an apothecary"), "{text}");
    let ugrak = text
        .lines()
        .find(|l| l.contains("Ugrak"))
        .expect("Ugrak's row");
    assert!(ugrak.contains("Black Orc Blocker"), "{ugrak}");
    assert!(ugrak.contains("4 4 2 9"), "{ugrak}");
    assert!(
        ugrak.contains("Experienced"),
        "7 SPP is Experienced: {ugrak}"
    );
    assert!(ugrak.contains("80k"), "{ugrak}");
    assert!(ugrak.contains("adv 6+5"), "{ugrak}");
    let snaga = text
        .lines()
        .find(|l| l.contains("Snaga"))
        .expect("Snaga's row");
    assert!(snaga.contains("MNG") && snaga.contains("1N"), "{snaga}");
    assert!(snaga.contains("Rookie"), "{snaga}");
    assert!(
        text.contains("No post-match decision waits for you."),
        "{text}"
    );
}

/// §32.7: an advancement decision lists exactly the server's legal answers, the default
/// marked, the first highlighted; Down moves the highlight and Enter sends it.
#[test]
fn an_advancement_is_chosen_with_the_keyboard_among_the_legal_answers() {
    let mut s = Screen::new(team(), "ann".into());
    s.update(team(), Some(advancement()), None);
    let text = draw(&s, 120, 24);
    assert!(
        text.contains("#1 Ugrak rolled 6+4 for an advancement"),
        "{text}"
    );
    assert!(text.contains("> 1. #1 Ugrak: Block (default)"), "{text}");
    assert!(text.contains("2. #1 Ugrak: +1 MA"), "{text}");
    assert!(text.contains("3. #1 Ugrak: +1 AV"), "{text}");
    assert!(!text.contains("+1 AG"), "not offered: {text}");

    assert_eq!(s.on_key(KeyCode::Down), Action::None);
    let text = draw(&s, 120, 24);
    assert!(text.contains("> 2. #1 Ugrak: +1 MA"), "{text}");
    assert_eq!(
        s.on_key(KeyCode::Enter),
        Action::Send {
            match_id: "m-1".into(),
            command: PostCommand::Advance {
                player: 1,
                advance: Advance::Stat { stat: Stat::Ma }
            }
        }
    );
    // Past the end stays on the last; a number picks directly; `d` is the default.
    s.on_key(KeyCode::Down);
    s.on_key(KeyCode::Down);
    assert_eq!(s.selected, 2);
    assert!(matches!(s.on_key(KeyCode::Char('3')), Action::Send { .. }));
    assert_eq!(s.on_key(KeyCode::Char('7')), Action::None);
    assert!(s.status.contains("no answer 7"));
    assert_eq!(
        s.on_key(KeyCode::Char('d')),
        Action::Send {
            match_id: "m-1".into(),
            command: PostCommand::Advance {
                player: 1,
                advance: Advance::Skill {
                    skill: Skill::Block
                }
            }
        }
    );
    assert_eq!(s.on_key(KeyCode::Char('q')), Action::Quit);
}

/// §32.13, §32.14: the buying window and a journeyman in words; no decision, no answer.
#[test]
fn buying_and_journeymen_read_in_words() {
    let mut s = Screen::new(team(), "ann".into());
    assert_eq!(s.on_key(KeyCode::Enter), Action::None);
    assert!(s.status.contains("no decision"));
    let hire = PostCommand::Buy {
        purchase: Purchase::HirePlayer {
            position: "Lineman".into(),
            name: String::new(),
        },
    };
    let fire = PostCommand::Buy {
        purchase: Purchase::FirePlayer { player: 2 },
    };
    let mut d = advancement();
    d.prompt = Prompt {
        side: dugout_rules::core::Side::Home,
        deadline_ms: 1_900_000_000_000,
        coach: "ann".into(),
        prompt: PostPrompt::Buy,
        legal: vec![
            hire,
            fire,
            PostCommand::Buy {
                purchase: Purchase::BuyReroll,
            },
            PostCommand::Done,
        ],
        default: Some(PostCommand::Done),
    };
    s.update(team(), Some(d), None);
    let text = draw(&s, 120, 24);
    assert!(
        text.contains("buying window (treasury 125,000 gp)"),
        "{text}"
    );
    assert!(text.contains("1. Hire a Lineman"), "{text}");
    assert!(text.contains("2. Fire #2 Snaga"), "{text}");
    assert!(text.contains("3. Buy a team re-roll"), "{text}");
    assert!(
        text.contains("4. Done (close the window) (default)"),
        "{text}"
    );
    assert_eq!(
        s.command_text(&PostCommand::SignJourneyman),
        "Sign him".to_string()
    );
    assert_eq!(
        s.prompt_text(&PostPrompt::Journeyman {
            player: 9,
            cost: 40_000
        }),
        "§32.13: sign journeyman Gob for 40,000 gp or release him"
    );
    // Someone else's decision: shown as waiting.
    s.update(team(), None, Some("waits for bob".into()));
    let text = draw(&s, 120, 24);
    assert!(text.contains("waits for bob"), "{text}");
}

/// The screen fits a narrow terminal without panicking.
#[test]
fn a_small_terminal_still_draws() {
    let mut s = Screen::new(team(), "ann".into());
    s.update(team(), Some(advancement()), None);
    let text = draw(&s, 40, 12);
    assert!(text.contains("Grim Gits"), "{text}");
}
