//! Matches between Blood Bowl league teams (issue 13): the room from the teams' folds
//! (§32.3), each seat its team's coach's, the post-match sequence (§32.5) run by the server
//! with committed dice after the match, coaches' answers, the deadline's defaults, and a
//! concession's consequences (§32.15). Played through the real server (WebSockets).
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

mod common;

use std::time::Duration;

use axum::http::StatusCode;
use common::{Client, Picker, TestServer, declare, play_to_end, start};
use dugout_protocol::{ClientMessage, MatchResult};
use dugout_rules::bb::data::Roster;
use dugout_rules::bb::league::postmatch::{LeagueRules, PostCommand, PostMatch, PostMatchInput};
use dugout_rules::bb::league::record::MatchFacts;
use dugout_rules::bb::league::tables::SppKind;
use dugout_rules::bb::league::team::{LeagueTeam, TeamEvent};
use dugout_rules::bb::setup::starter_team;
use dugout_rules::core::{ChaChaDice, Side};
use dugout_rules::{AnyEvent, AnyGame};
use dugout_server::league_matches::post_dice_seed;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// A Blood Bowl league with two coaches and their approved teams: the league's base path,
/// the organiser's and coaches' tokens, and the team ids.
struct League {
    base: String,
    org: String,
    coaches: [String; 2],
    teams: [i64; 2],
}

/// A starter team cut to 11 players with 2 fan factor (so a concession has one to lose).
fn sheet(roster: Roster) -> dugout_rules::bb::setup::TeamSheet {
    let mut s = starter_team(roster);
    s.players.truncate(11);
    s.fan_factor = 2;
    while dugout_rules::bb::setup::sheet_cost(&s) > 1_000_000 && s.rerolls > 0 {
        s.rerolls -= 1;
    }
    s
}

async fn league(server: &TestServer, rosters: [Roster; 2]) -> League {
    let (_, base, org, teams) = common::bb_league_with_teams(server, &rosters, sheet).await;
    League {
        base,
        org,
        coaches: [teams[0].1.clone(), teams[1].1.clone()],
        teams: [teams[0].0, teams[1].0],
    }
}

/// Make the league match; both coaches seated and the match started.
async fn seated(
    server: &TestServer,
    l: &League,
    decision_seconds: u32,
) -> (Client, Client, String) {
    let (status, m) = server
        .post(
            &format!("{}/team-matches", l.base),
            json!({"home": l.teams[0], "away": l.teams[1], "decision_seconds": decision_seconds}),
            Some(&l.coaches[0]),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{m}");
    assert_eq!(m["status"], "match");
    assert!(m["server_seed"].is_null(), "the post-match seed is secret");
    // §12.7, §26.61: a match made now lets the players it raises join (published, so a
    // replay of its post-match sequence knows).
    assert_eq!(m["raised_join"], true);
    let room = m["match"].as_str().expect("a match id").to_owned();
    let mut a = server.client(&l.coaches[0]).await;
    let mut b = server.client(&l.coaches[1]).await;
    // The seats are the teams' coaches': not swapped.
    assert!(a.join(&room, Some(Side::Away)).await.is_err());
    assert_eq!(a.join(&room, Some(Side::Home)).await, Ok(Some(0)));
    assert_eq!(b.join(&room, Some(Side::Away)).await, Ok(Some(0)));
    start(&mut a, &mut b, &room).await;
    (a, b, room)
}

async fn team_match(server: &TestServer, l: &League, room: &str) -> Value {
    let (status, m) = server.get(&format!("{}/team-matches/{room}", l.base)).await;
    assert_eq!(status, StatusCode::OK, "{m}");
    m
}

async fn history(server: &TestServer, l: &League, team: i64) -> Vec<Value> {
    let (status, h) = server
        .get(&format!("{}/teams/{team}/history", l.base))
        .await;
    assert_eq!(status, StatusCode::OK, "{h}");
    h.as_array().expect("lines").clone()
}

fn events_of(lines: &[Value], room: Option<&str>) -> Vec<TeamEvent> {
    lines
        .iter()
        .filter(|l| room.is_none() || l["match"].as_str() == room)
        .map(|l| serde_json::from_value(l["event"].clone()).expect("an event"))
        .collect()
}

/// Answer every decision as the deciding coach, with the rules' default, until it is over.
async fn answer_all(server: &TestServer, l: &League, room: &str) -> Value {
    let mut m = team_match(server, l, room).await;
    for _ in 0..200 {
        if m["status"] == "done" {
            return m;
        }
        let prompt = &m["prompt"];
        let side = if prompt["side"] == "Home" { 0 } else { 1 };
        let command = prompt["default"].clone();
        // The other coach may not answer.
        let (status, body) = server
            .post(
                &format!("{}/team-matches/{room}/post-match", l.base),
                command.clone(),
                Some(&l.coaches[1 - side]),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        let (status, body) = server
            .post(
                &format!("{}/team-matches/{room}/post-match", l.base),
                command,
                Some(&l.coaches[side]),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        m = body;
    }
    panic!("the post-match sequence did not end: {m}");
}

/// Replay the post-match sequence from the revealed seed, the match's log and the stored
/// answers: it gives exactly the events each team's history holds for the match.
async fn verify_post_match(server: &TestServer, l: &League, room: &str, m: &Value) {
    let seed_hex = m["server_seed"].as_str().expect("revealed when done");
    let seed = dugout_server::fair::unhex_seed(seed_hex).expect("a seed");
    let commitment: [u8; 32] = Sha256::digest(seed).into();
    assert_eq!(m["commitment"], dugout_server::store::hex(&commitment));
    let log = server.match_log(room).await;
    let match_seed = log.dice_seed().expect("seed").expect("seed");
    let (game, events) = common::replay_any(&log);
    let AnyGame::BloodBowl(game) = game else {
        panic!("Blood Bowl")
    };
    let bb: Vec<_> = events
        .into_iter()
        .filter_map(|e| match e {
            AnyEvent::BloodBowl(e) => Some(e),
            _ => None,
        })
        .collect();
    let mut facts = MatchFacts::read(&game, &bb);
    if let Some(MatchResult::Concession { loser } | MatchResult::Forfeit { loser }) = log.result
        && facts.conceded.is_none()
    {
        facts.conceded = Some(loser);
        facts.winner = Some(loser.other());
    }
    let mut before = Vec::new();
    let mut stored = Vec::new();
    for team in l.teams {
        let lines = history(server, l, team).await;
        let first = lines
            .iter()
            .position(|x| x["match"].as_str() == Some(room))
            .expect("the match wrote to the team");
        before.push(LeagueTeam::fold(&events_of(&lines[..first], None)).expect("fold"));
        stored.push(events_of(&lines, Some(room)));
    }
    let (mut home, mut away) = (before[0].clone(), before[1].clone());
    let (_, ids) = dugout_rules::bb::league::team::match_setup(&home, &away, Default::default());
    // The rules the match plays by are published with it (§32.17).
    let rules: LeagueRules = serde_json::from_value(m["rules"].clone()).expect("rules");
    // §32.4: the petty cash declared in the match's pre-match moves first; the match TV is
    // the team value plus it; what the inducements spent of it is the match's.
    let petty = declared_petty_cash(&bb);
    assert_eq!(m["petty_cash"], json!(petty));
    let match_tv = [
        home.team_value(rules.free_fan_factor) + petty[0],
        away.team_value(rules.free_fan_factor) + petty[1],
    ];
    assert_eq!(m["match_tv"], json!(match_tv));
    let mut all = Vec::new();
    for (side, team) in Side::BOTH.into_iter().zip([&mut home, &mut away]) {
        assert!(
            petty[side.index()] <= team.treasury,
            "no more than the treasury"
        );
        if petty[side.index()] > 0 {
            let e = TeamEvent::PettyCash {
                amount: petty[side.index()],
            };
            team.apply(&e);
            all.push((side, e));
        }
    }
    let input = PostMatchInput {
        match_tv,
        teams: [home, away],
        ids,
        facts: facts.clone(),
        petty_cash_spent: [0, 1].map(|i| game.induced[i].petty_cash_spent),
        rules,
        raised_join: m["raised_join"] == json!(true),
        stage: Default::default(),
        major: None,
        trophies: Default::default(),
    };
    let mut dice = ChaChaDice::from_seed(post_dice_seed(&seed, &match_seed));
    let (mut post, started) = PostMatch::start(input, &mut dice);
    all.extend(started);
    for c in m["commands"].as_array().expect("commands") {
        let side: Side = serde_json::from_value(c["side"].clone()).expect("side");
        let cmd: PostCommand = serde_json::from_value(c["command"].clone()).expect("command");
        all.extend(post.apply(side, &cmd, &mut dice).expect("replays"));
    }
    assert!(post.is_done());
    for side in Side::BOTH {
        let replayed: Vec<TeamEvent> = all
            .iter()
            .filter(|(s, _)| *s == side)
            .map(|(_, e)| e.clone())
            .collect();
        assert_eq!(
            replayed,
            stored[side.index()],
            "{side:?}: the stored post-match events are the replay's"
        );
        // Invariants: the team value written is the rules' own from the roster; SPP are
        // those the match's facts award (and the MVP); nobody dead plays on.
        let lines = history(server, l, l.teams[side.index()]).await;
        let team = LeagueTeam::fold(&events_of(&lines, None)).expect("fold");
        let written = stored[side.index()].iter().rev().find_map(|e| match e {
            TeamEvent::TeamValue { tv } => Some(*tv),
            _ => None,
        });
        assert_eq!(
            written,
            Some(team.team_value(rules.free_fan_factor)),
            "§32.5 step 2.8"
        );
        let (status, page) = server
            .get(&format!("{}/teams/{}", l.base, l.teams[side.index()]))
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(page["team_value"], team.team_value(rules.free_fan_factor));
        assert_eq!(page["treasury"], team.treasury);
        let earned_in_match: usize = facts
            .spp
            .iter()
            .filter(|(p, _)| {
                facts
                    .players
                    .get(p.index())
                    .is_some_and(|mp| mp.side == side && mp.sheet.is_some())
            })
            .count();
        let spp_events: Vec<(u32, SppKind)> = stored[side.index()]
            .iter()
            .filter_map(|e| match e {
                TeamEvent::Spp { player, kind, .. } => Some((*player, *kind)),
                _ => None,
            })
            .collect();
        let non_mvp = spp_events
            .iter()
            .filter(|(_, k)| *k != SppKind::Mvp)
            .count();
        assert_eq!(
            non_mvp, earned_in_match,
            "{side:?}: SPP from the match's facts"
        );
        for (p, why) in &team.former {
            if *why == dugout_rules::bb::league::team::Departure::Dead {
                assert!(team.player(p.id).is_none(), "the dead stay dead");
            }
        }
    }
}

/// §32.4: the petty cash each side declared in a match's events.
fn declared_petty_cash(events: &[dugout_rules::bb::Event]) -> [u32; 2] {
    let mut petty = [0, 0];
    for e in events {
        if let dugout_rules::bb::Event::PettyCash { side, amount, .. } = e {
            petty[side.index()] = *amount;
        }
    }
    petty
}

/// §32.3, §32.5: a whole match between two league teams, then the post-match sequence run
/// by the server with its committed dice; the coaches answer; the sequence replays from the
/// revealed seed to exactly what the histories hold.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_match_is_played_and_its_post_match_sequence_is_stored_and_fair() {
    let server = TestServer::start().await;
    let l = league(&server, [Roster::Orc, Roster::Human]).await;
    let (mut a, mut b, room) = seated(&server, &l, 3600).await;
    // While the match is on, there is no post-match sequence to answer.
    let (status, body) = server
        .post(
            &format!("{}/team-matches/{room}/post-match", l.base),
            json!({"command": "keep_winnings"}),
            Some(&l.coaches[0]),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    // Nor a second match for these teams.
    let (status, body) = server
        .post(
            &format!("{}/team-matches", l.base),
            json!({"home": l.teams[1], "away": l.teams[0]}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let mut picker = Picker::playing_on(7);
    play_to_end(&mut a, &mut b, &mut [], &room, &mut picker).await;
    // §32.4: the pre-match offered the inducements of the team value difference.
    let log = server.match_log(&room).await;
    let dugout_rules::AnySetup::BloodBowl(setup) = &log.spec.setup else {
        panic!("Blood Bowl")
    };
    assert!(setup.options.league_teams && setup.options.inducements);
    let (_, events) = common::replay_any(&log);
    assert!(
        events.iter().any(|e| matches!(
            e,
            AnyEvent::BloodBowl(dugout_rules::bb::Event::InducementMoney { .. })
        )),
        "the inducement step ran"
    );
    let m = answer_all(&server, &l, &room).await;
    assert_eq!(m["status"], "done");
    assert!(
        m["commands"].as_array().is_some_and(|c| !c.is_empty()),
        "{m}"
    );
    // The server's own steps are the server's; the answers the coaches'.
    let lines = history(&server, &l, l.teams[0]).await;
    let mine: Vec<&Value> = lines
        .iter()
        .filter(|x| x["match"] == room.as_str())
        .collect();
    assert!(mine.iter().any(|x| x["actor"].is_null()));
    assert!(mine.iter().any(|x| x["event"]["type"] == "match_played"));
    verify_post_match(&server, &l, &room, &m).await;
    // Over: the next match may be made.
    let (status, body) = server
        .post(
            &format!("{}/team-matches", l.base),
            json!({"home": l.teams[1], "away": l.teams[0]}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

/// §32.15: a concession is the league's too: the conceding team loses a fan factor point
/// and its winnings go to the winner. §32.5: a coach who lets the deadline pass gets the
/// documented default, recorded as the server's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_conceded_league_match_costs_the_loser_and_the_deadline_applies_the_defaults() {
    let server = TestServer::start().await;
    let l = league(&server, [Roster::Dwarf, Roster::Skaven]).await;
    let (mut a, _b, room) = seated(&server, &l, 1).await;
    let r = room.clone();
    let answer = a.request(|id| ClientMessage::Concede { id, room: r }).await;
    assert!(answer.is_ok(), "{answer:?}");
    // Wait for the deadlines (1 s a decision) to pass, then read: every default is applied.
    let mut m = team_match(&server, &l, &room).await;
    for _ in 0..100 {
        if m["status"] == "done" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        m = team_match(&server, &l, &room).await;
    }
    assert_eq!(m["status"], "done", "{m}");
    let commands = m["commands"].as_array().expect("commands");
    assert!(!commands.is_empty());
    assert!(
        commands.iter().all(|c| c["by"].is_null()),
        "the server's defaults: {m}"
    );
    let home = history(&server, &l, l.teams[0]).await;
    let conceding = events_of(&home, Some(&room));
    assert!(
        conceding
            .iter()
            .any(|e| matches!(e, TeamEvent::MatchPlayed { conceded: true, .. })),
        "{conceding:?}"
    );
    assert!(
        conceding
            .iter()
            .any(|e| matches!(e, TeamEvent::FanFactor { dice, change: -1 } if dice.is_empty())),
        "§32.15: the automatic −1: {conceding:?}"
    );
    let away = history(&server, &l, l.teams[1]).await;
    assert!(
        events_of(&away, Some(&room))
            .iter()
            .any(|e| matches!(e, TeamEvent::WinningsFromConcession { .. })),
        "§32.15: the winner takes the loser's winnings"
    );
    verify_post_match(&server, &l, &room, &m).await;
}

/// Only approved teams of the league play; a team plays one league match at a time; a
/// room claiming league teams must be made by the league.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_match_needs_approved_teams_and_the_right_people() {
    let server = TestServer::start().await;
    let l = league(&server, [Roster::Orc, Roster::Human]).await;
    let stranger = server.register("stranger").await;
    let url = format!("{}/team-matches", l.base);
    let (status, body) = server
        .post(
            &url,
            json!({"home": l.teams[0], "away": l.teams[1]}),
            Some(&stranger),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, body) = server
        .post(
            &url,
            json!({"home": l.teams[0], "away": l.teams[0]}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = server
        .post(&url, json!({"home": l.teams[0], "away": 999}), Some(&l.org))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    // An unapproved team.
    let third = server.register("third").await;
    server
        .post(
            &format!("{}/coaches", l.base),
            json!({"coach": "third", "team": "goblin"}),
            Some(&l.org),
        )
        .await;
    server
        .post(&format!("{}/invitation", l.base), json!({}), Some(&third))
        .await;
    let (status, team) = server
        .post(
            &format!("{}/teams", l.base),
            json!({"name": "Gobbos", "sheet": starter_team(Roster::Goblin)}),
            Some(&third),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{team}");
    let (status, body) = server
        .post(
            &url,
            json!({"home": l.teams[0], "away": team["id"]}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    // A room that claims league teams without the league making it seats nobody.
    let (home, away) = (
        LeagueTeam::fold(
            &LeagueTeam::create(&starter_team(Roster::Orc), "A", 1_000_000).expect("a"),
        )
        .expect("a"),
        LeagueTeam::fold(
            &LeagueTeam::create(&starter_team(Roster::Human), "B", 1_000_000).expect("b"),
        )
        .expect("b"),
    );
    let (setup, _) = dugout_rules::bb::league::team::match_setup(&home, &away, Default::default());
    let mut c = server.client(&l.coaches[0]).await;
    let spec = dugout_protocol::RoomSpec {
        setup: dugout_rules::AnySetup::BloodBowl(setup),
        timer: Default::default(),
        private: false,
        league: l.base.rsplit('/').next().and_then(|s| s.parse().ok()),
    };
    let room = c.create_room(spec).await;
    assert!(c.join(&room, Some(Side::Home)).await.is_err());
    let (status, list) = server.get(&url).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list, json!([]));
}

/// §32.3: a league match whose room closed before it started (nobody came) holds neither
/// team: the next match may be made.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_room_closed_before_its_match_holds_no_team() {
    let limits = dugout_server::Limits {
        room_linger: Duration::from_millis(100),
        ..common::fast_limits()
    };
    let server = TestServer::start_with(limits).await;
    let l = league(&server, [Roster::Orc, Roster::Human]).await;
    let url = format!("{}/team-matches", l.base);
    let (status, m) = server
        .post(
            &url,
            json!({"home": l.teams[0], "away": l.teams[1]}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{m}");
    let room = m["match"].as_str().expect("id").to_owned();
    let mut closed = false;
    for _ in 0..100 {
        if server.match_log(&room).await.status == dugout_protocol::RoomStatus::Closed {
            closed = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(closed, "nobody joined: the room closed");
    let (status, body) = server
        .post(
            &url,
            json!({"home": l.teams[1], "away": l.teams[0]}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

// ----- the league's settings (§32.17) and the deadline sweeper -----------------------------

/// Set the league's §32.17 switches (`rules`, JSON) as its organiser.
async fn set_rules(server: &TestServer, l: &League, rules: Value) {
    let (status, mut settings) = server.get(&format!("{}/settings", l.base)).await;
    assert_eq!(status, StatusCode::OK, "{settings}");
    settings["rules"] = rules;
    let (status, body) = server
        .post(&format!("{}/settings", l.base), settings, Some(&l.org))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// The home coach concedes at once; decisions have 1 second each.
async fn conceded(server: &TestServer, l: &League) -> String {
    let (mut a, mut b, room) = seated(server, l, 1).await;
    // Both declare no petty cash (§32.4), so the inducement step has run.
    declare(&mut a, &mut b, &room, [0, 0]).await;
    let r = room.clone();
    let answer = a.request(|id| ClientMessage::Concede { id, room: r }).await;
    assert!(answer.is_ok(), "{answer:?}");
    room
}

/// Wait for the post-match sequence to be over WITHOUT reading the match over HTTP (which
/// would apply the defaults itself): only the server's deadline sweeper can finish it.
async fn done_unread(server: &TestServer, room: &str) {
    for _ in 0..300 {
        let row = server
            .state
            .store()
            .team_match(room)
            .await
            .expect("store")
            .expect("the row");
        if row.post_state == dugout_server::store::PostState::Done {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the sweeper did not finish the post-match sequence of {room}");
}

/// The match's facts as the server reads them (a concession: the room's loser).
async fn facts_of(server: &TestServer, room: &str) -> MatchFacts {
    let log = server.match_log(room).await;
    let (game, events) = common::replay_any(&log);
    let AnyGame::BloodBowl(game) = game else {
        panic!("Blood Bowl")
    };
    let bb: Vec<_> = events
        .into_iter()
        .filter_map(|e| match e {
            AnyEvent::BloodBowl(e) => Some(e),
            _ => None,
        })
        .collect();
    let mut facts = MatchFacts::read(&game, &bb);
    if let Some(MatchResult::Concession { loser }) = log.result
        && facts.conceded.is_none()
    {
        facts.conceded = Some(loser);
        facts.winner = Some(loser.other());
    }
    facts
}

/// §32.5, §32.6: nobody reads the match and nobody answers: the server's deadline sweeper
/// applies every default when its deadline passes, after a restart too (the sequence
/// started before it; the new process finishes it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sweeper_applies_the_defaults_when_nobody_reads_the_match_even_after_a_restart() {
    let mut server = TestServer::start().await;
    let l = league(&server, [Roster::Dwarf, Roster::Skaven]).await;
    let room = conceded(&server, &l).await;
    server.restart().await;
    done_unread(&server, &room).await;
    let m = team_match(&server, &l, &room).await;
    assert_eq!(m["status"], "done");
    let commands = m["commands"].as_array().expect("commands");
    assert!(!commands.is_empty(), "{m}");
    assert!(commands.iter().all(|c| c["by"].is_null()), "{m}");
    verify_post_match(&server, &l, &room, &m).await;
}

/// §32.5, §32.17: the same on Postgres (the settings, the match row and the sweeper's reads
/// are the Postgres store's): the league's expenses switch is played, and the sweeper ends the
/// sequence nobody reads, after a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_the_leagues_rules_are_played_and_the_sweeper_ends_the_sequence() {
    let Some(db) = common::pg::TestDb::create("league_matches::on_postgres").await else {
        return;
    };
    let mut server = TestServer::start_on(common::fast_limits(), Some(db.url.clone())).await;
    let l = league(&server, [Roster::Orc, Roster::Human]).await;
    set_rules(
        &server,
        &l,
        json!({"expenses_threshold": 500_000, "expenses_band": 100_000}),
    )
    .await;
    let room = conceded(&server, &l).await;
    server.restart().await;
    done_unread(&server, &room).await;
    let m = team_match(&server, &l, &room).await;
    assert_eq!(m["rules"]["expenses_threshold"], 500_000, "{m}");
    let events = events_of(&history(&server, &l, l.teams[0]).await, Some(&room));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, TeamEvent::Expenses { due, .. } if *due > 0)),
        "{events:?}"
    );
    verify_post_match(&server, &l, &room, &m).await;
    server.stop().await.expect("stop");
    drop(db);
}

/// §32.17 (1)(a): with the league's "coach chooses" MVP rule the sequence asks for the MVP
/// (here the deadline's default answers it, an `mvp` command); the default random MVP never
/// asks. The rules are the league's when the match was made: changing them later does not
/// change the match.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_match_plays_the_leagues_mvp_rule() {
    let server = TestServer::start().await;
    let l = league(&server, [Roster::Orc, Roster::Human]).await;
    set_rules(&server, &l, json!({"mvp": "coach_chooses"})).await;
    let room = conceded(&server, &l).await;
    set_rules(&server, &l, json!({})).await;
    done_unread(&server, &room).await;
    let m = team_match(&server, &l, &room).await;
    assert_eq!(m["rules"]["mvp"], "coach_chooses", "{m}");
    let commands = m["commands"].as_array().expect("commands");
    assert!(
        commands.iter().any(|c| c["command"]["command"] == "mvp"),
        "the MVP was a decision: {m}"
    );
    verify_post_match(&server, &l, &room, &m).await;
}

/// §32.12, §32.17 (2): the league's expenses threshold and band: a team of about 1,000,000
/// pays expenses with a 500,000 threshold and 100,000 bands (never with the default
/// 1,750,000).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_match_plays_the_leagues_expenses() {
    let server = TestServer::start().await;
    let l = league(&server, [Roster::Orc, Roster::Human]).await;
    set_rules(
        &server,
        &l,
        json!({"expenses_threshold": 500_000, "expenses_band": 100_000}),
    )
    .await;
    let room = conceded(&server, &l).await;
    done_unread(&server, &room).await;
    let m = team_match(&server, &l, &room).await;
    for side in Side::BOTH {
        let tv = m["match_tv"][side.index()].as_u64().expect("tv") as u32;
        let events = events_of(
            &history(&server, &l, l.teams[side.index()]).await,
            Some(&room),
        );
        let expenses = events.iter().find_map(|e| match e {
            TeamEvent::Expenses { tv, due, .. } => Some((*tv, *due)),
            _ => None,
        });
        assert_eq!(
            expenses,
            Some((
                tv,
                dugout_rules::bb::league::tables::spiralling_expenses(tv, 500_000, 100_000)
            )),
            "{side:?}: {events:?}"
        );
    }
    verify_post_match(&server, &l, &room, &m).await;
}

/// §32.17 (6): with free fan factor the match TV (expenses) and the team value the
/// inducement money is worked on (§30.1) leave fan factor out (both teams have 2).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_match_plays_the_leagues_free_fan_factor() {
    let server = TestServer::start().await;
    let l = league(&server, [Roster::Orc, Roster::Human]).await;
    set_rules(&server, &l, json!({"free_fan_factor": true})).await;
    let mut before = Vec::new();
    for team in l.teams {
        let t =
            LeagueTeam::fold(&events_of(&history(&server, &l, team).await, None)).expect("fold");
        assert_eq!(t.fan_factor, 2);
        before.push(t.team_value(true));
    }
    let room = conceded(&server, &l).await;
    done_unread(&server, &room).await;
    let m = team_match(&server, &l, &room).await;
    assert_eq!(m["match_tv"], json!(before), "{m}");
    let (_, events) = common::replay_any(&server.match_log(&room).await);
    let money = events.iter().find_map(|e| match e {
        AnyEvent::BloodBowl(dugout_rules::bb::Event::InducementMoney { team_value, .. }) => {
            Some(*team_value)
        }
        _ => None,
    });
    assert_eq!(
        money,
        Some([before[0], before[1]]),
        "§30.1 without fan factor"
    );
    verify_post_match(&server, &l, &room, &m).await;
}

/// §32.10, §32.17 (7): the league's short-season winnings: the winner of a conceded match
/// takes the flat +20,000 on top of its winnings.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_match_plays_the_leagues_short_season_winnings() {
    let server = TestServer::start().await;
    let l = league(&server, [Roster::Dwarf, Roster::Human]).await;
    set_rules(&server, &l, json!({"short_season": "flat"})).await;
    let room = conceded(&server, &l).await;
    done_unread(&server, &room).await;
    let m = team_match(&server, &l, &room).await;
    let facts = facts_of(&server, &room).await;
    assert_eq!(facts.winner, Some(Side::Away));
    let events = events_of(&history(&server, &l, l.teams[1]).await, Some(&room));
    let (d6, amount) = events
        .iter()
        .find_map(|e| match e {
            TeamEvent::Winnings {
                d6,
                rerolled,
                amount,
            } => Some((rerolled.unwrap_or(*d6), *amount)),
            _ => None,
        })
        .expect("the winner's winnings");
    use dugout_rules::bb::league::tables::{MatchResult as Res, ShortSeasonWinnings, winnings};
    assert_eq!(
        amount,
        winnings(
            d6,
            facts.fame[1],
            Res::Win,
            false,
            ShortSeasonWinnings::Flat
        )
    );
    assert_ne!(
        amount,
        winnings(d6, facts.fame[1], Res::Win, false, ShortSeasonWinnings::Off)
    );
    verify_post_match(&server, &l, &room, &m).await;
}

/// §32.17 (6): in a league with free fan factor a team buys no fan factor (a sheet with some
/// is refused) and starts with 5 for nothing, never counted in its team value.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_free_fan_factor_league_a_team_starts_with_five_for_nothing() {
    let server = TestServer::start().await;
    let org = server.register("organiser").await;
    let (status, league) = server
        .post(
            "/api/leagues",
            json!({"name": "Free Fans", "game": "blood_bowl"}),
            Some(&org),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{league}");
    let l = League {
        base: format!("/api/leagues/{}", league["id"]),
        org: org.clone(),
        coaches: [String::new(), String::new()],
        teams: [0, 0],
    };
    set_rules(&server, &l, json!({"free_fan_factor": true})).await;
    let token = server.register("coach_0").await;
    let (status, body) = server
        .post(
            &format!("{}/coaches", l.base),
            json!({"coach": "coach_0", "team": Roster::Orc.name()}),
            Some(&org),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, _) = server
        .post(&format!("{}/invitation", l.base), json!({}), Some(&token))
        .await;
    assert_eq!(status, StatusCode::OK);
    let with_ff = sheet(Roster::Orc);
    assert_eq!(with_ff.fan_factor, 2);
    let (status, body) = server
        .post(
            &format!("{}/teams", l.base),
            json!({"name": "Bought Fans", "sheet": with_ff}),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let mut free = with_ff.clone();
    free.fan_factor = 0;
    let (status, team) = server
        .post(
            &format!("{}/teams", l.base),
            json!({"name": "Free Fans", "sheet": free}),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{team}");
    assert_eq!(team["fan_factor"], 5, "{team}");
    let folded = LeagueTeam::fold(&events_of(
        &history(&server, &l, team["id"].as_i64().expect("id")).await,
        None,
    ))
    .expect("fold");
    assert_eq!(folded.fan_factor, 5);
    assert_eq!(
        team["treasury"],
        dugout_rules::bb::league::team::STARTING_TREASURY
            - dugout_rules::bb::setup::sheet_cost(&free)
    );
    assert_eq!(team["team_value"], folded.team_value(true));
    assert_eq!(folded.team_value(true) + 50_000, folded.team_value(false));
}

/// §32.1: two teams never meet more than twice running, outside a schedule too: a league
/// match made between the same pair after their two last matches were against each other is
/// refused (409, §32.1 in the message), and nothing is made; a second meeting is fine.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_third_league_match_in_a_row_between_the_same_teams_is_refused() {
    let server = TestServer::start().await;
    let l = league(&server, [Roster::Dwarf, Roster::Skaven]).await;
    for _ in 0..2 {
        let room = conceded(&server, &l).await;
        done_unread(&server, &room).await;
    }
    let (status, body) = server
        .post(
            &format!("{}/team-matches", l.base),
            json!({"home": l.teams[1], "away": l.teams[0]}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let message = body["message"].as_str().unwrap_or_default();
    assert!(message.contains("§32.1"), "{body}");
    let (status, list) = server.get(&format!("{}/team-matches", l.base)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list.as_array().map(Vec::len), Some(2), "nothing was made");
}

/// §32.4: a real league match: the team with the higher team value is asked first for its
/// petty cash, the gold leaves the treasury (a history event of the match, the server's,
/// "pre-match"), the match TV is team value plus petty cash (the inducement money and the
/// expenses of §32.12 are on it), and what the inducements did not spend comes back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_match_moves_petty_cash_from_the_treasury_and_back() {
    let server = TestServer::start().await;
    let l = league(&server, [Roster::Human, Roster::Orc]).await;
    set_rules(
        &server,
        &l,
        json!({"expenses_threshold": 500_000, "expenses_band": 100_000}),
    )
    .await;
    let mut before = Vec::new();
    for team in l.teams {
        before.push(
            LeagueTeam::fold(&events_of(&history(&server, &l, team).await, None)).expect("fold"),
        );
    }
    let tv = [before[0].team_value(false), before[1].team_value(false)];
    // Each moves all its treasury (in 10,000s: the legal amounts).
    let amounts = [0, 1].map(|i| before[i].treasury / 10_000 * 10_000);
    assert!(amounts[0] > 0, "{amounts:?}");
    let (mut a, mut b, room) = seated(&server, &l, 3600).await;
    let order = declare(&mut a, &mut b, &room, amounts).await;
    let first = match tv[0].cmp(&tv[1]) {
        std::cmp::Ordering::Greater => Some(Side::Home),
        std::cmp::Ordering::Less => Some(Side::Away),
        std::cmp::Ordering::Equal => None,
    };
    // A team with an empty treasury declares 0 unasked (the Orcs spent all of theirs).
    let asked: Vec<Side> = Side::BOTH
        .into_iter()
        .filter(|s| before[s.index()].treasury > 0)
        .collect();
    assert_eq!(order.len(), asked.len(), "{order:?}");
    if let (Some(first), 2) = (first, order.len()) {
        assert_eq!(order[0], first, "the higher team value declares first");
    }
    let mut picker = Picker::playing_on(11);
    play_to_end(&mut a, &mut b, &mut [], &room, &mut picker).await;
    let (game, events) = common::replay_any(&server.match_log(&room).await);
    let AnyGame::BloodBowl(game) = game else {
        panic!("Blood Bowl")
    };
    let bb: Vec<_> = events
        .into_iter()
        .filter_map(|e| match e {
            AnyEvent::BloodBowl(e) => Some(e),
            _ => None,
        })
        .collect();
    assert_eq!(declared_petty_cash(&bb), amounts);
    let money = bb.iter().find_map(|e| match e {
        dugout_rules::bb::Event::InducementMoney {
            team_value,
            petty_cash,
            money,
            ..
        } => Some((*team_value, *petty_cash, *money)),
        _ => None,
    });
    let mtv = [tv[0] + amounts[0], tv[1] + amounts[1]];
    let (weak, gift) = if mtv[0] < mtv[1] {
        (0, mtv[1] - mtv[0])
    } else {
        (1, mtv[0] - mtv[1])
    };
    let mut expected = amounts;
    expected[weak] += gift;
    assert_eq!(money, Some((tv, amounts, expected)), "§30.1 on match TVs");
    let m = answer_all(&server, &l, &room).await;
    assert_eq!(m["petty_cash"], json!(amounts));
    assert_eq!(m["match_tv"], json!(mtv));
    for side in Side::BOTH {
        let i = side.index();
        let lines = history(&server, &l, l.teams[i]).await;
        let first = lines
            .iter()
            .position(|x| x["match"].as_str() == Some(room.as_str()))
            .expect("the match wrote to the team");
        let mine = events_of(&lines, Some(&room));
        let expenses = mine.iter().find_map(|e| match e {
            TeamEvent::Expenses { tv, due, .. } => Some((*tv, *due)),
            _ => None,
        });
        assert_eq!(
            expenses,
            Some((
                mtv[i],
                dugout_rules::bb::league::tables::spiralling_expenses(mtv[i], 500_000, 100_000)
            )),
            "§32.12 on the match TV"
        );
        if amounts[i] == 0 {
            assert!(
                !mine.iter().any(|e| matches!(
                    e,
                    TeamEvent::PettyCash { .. } | TeamEvent::PettyCashReturned { .. }
                )),
                "{mine:?}"
            );
            continue;
        }
        // The first line of the match moves the gold, as the server's pre-match step.
        assert_eq!(
            events_of(&lines[first..=first], None),
            vec![TeamEvent::PettyCash { amount: amounts[i] }]
        );
        assert!(lines[first]["actor"].is_null());
        assert!(
            lines[first]["reason"]
                .as_str()
                .is_some_and(|r| r.contains("§32.4")),
            "{}",
            lines[first]
        );
        let moved = LeagueTeam::fold(&events_of(&lines[..=first], None)).expect("fold");
        assert_eq!(moved.treasury, before[i].treasury - amounts[i]);
        assert_eq!(moved.petty_cash, amounts[i]);
        let spent = game.induced[i].petty_cash_spent;
        assert!(spent <= amounts[i]);
        assert!(
            mine.contains(&TeamEvent::PettyCashReturned {
                amount: amounts[i] - spent
            }),
            "{side:?}: {mine:?}"
        );
        let after = LeagueTeam::fold(&events_of(&lines, None)).expect("fold");
        assert_eq!(after.petty_cash, 0, "nothing left in petty cash");
    }
    verify_post_match(&server, &l, &room, &m).await;
}

/// §32.17 (3), (5): a league's removed inducements and card method are validated (a bad
/// value is refused with the field's name and changes nothing; the OpenAPI document states
/// the bounds), and carried into its matches as match options.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_match_plays_the_leagues_inducement_list_and_card_method() {
    let server = TestServer::start().await;
    let l = league(&server, [Roster::Orc, Roster::Human]).await;
    for (rules, field) in [
        (
            json!({"cards": {"method": "gold", "gold": 10_000}}),
            "rules.cards.gold",
        ),
        (
            json!({"excluded_inducements": ["wizard", "wizard"]}),
            "excluded_inducements",
        ),
        (
            json!({"excluded_inducements": ["dragon"]}),
            "excluded_inducements",
        ),
        (json!({"cards": {"method": "all_of_them"}}), "cards"),
    ] {
        let (_, mut settings) = server.get(&format!("{}/settings", l.base)).await;
        settings["rules"] = rules.clone();
        let (status, body) = server
            .post(&format!("{}/settings", l.base), settings, Some(&l.org))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{rules}: {body}");
        assert!(
            body["message"].as_str().is_some_and(|m| m.contains(field)),
            "{rules}: {body}"
        );
    }
    let (_, settings) = server.get(&format!("{}/settings", l.base)).await;
    assert_eq!(settings["rules"]["cards"], json!({"method": "none"}));
    let (status, doc) = server.get("/api/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    let text = doc.to_string();
    assert!(text.contains(r#""maximum":200000"#) && text.contains(r#""minimum":50000"#));
    assert!(text.contains("InducementKinds"));
    set_rules(
        &server,
        &l,
        json!({"excluded_inducements": ["wizard", "star_player"], "cards": {"method": "gold", "gold": 100_000}}),
    )
    .await;
    let (a, b, room) = seated(&server, &l, 3600).await;
    drop((a, b));
    let log = server.match_log(&room).await;
    let dugout_rules::AnySetup::BloodBowl(setup) = &log.spec.setup else {
        panic!("Blood Bowl")
    };
    use dugout_rules::bb::inducements::{InducementKind, InducementKinds};
    assert_eq!(
        setup.options.excluded_inducements,
        InducementKinds::of(&[InducementKind::Wizard, InducementKind::StarPlayer])
    );
    assert_eq!(setup.options.card_gold, 100_000);
    assert!(!setup.options.card_inducements);
    let m = team_match(&server, &l, &room).await;
    assert_eq!(
        m["rules"]["cards"],
        json!({"method": "gold", "gold": 100_000})
    );
}
