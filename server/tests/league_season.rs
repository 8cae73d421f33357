//! A whole Blood Bowl league season through the real server (issue 13): eight teams of
//! different rosters, each plays every other once (the league's own season schedule: the
//! organiser opens a season and the server draws its round robin, §32.1), every match played to its end by two seeded bots over WebSockets, every
//! post-match sequence (§32.5) answered by bot coaches (half the teams take the rules'
//! default, half a greedy strategy). After every match the invariants are checked against
//! the stored histories: the treasury never pays what it does not hold, the team value is the
//! rules' own from the roster (§32.2), the post-match events are exactly the replay of the
//! revealed dice and the answers (so the SPP are what the match's facts award, §32.6), the
//! dead stay dead, and nobody plays while missing a game (§32.9).
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

mod common;

use axum::http::StatusCode;
use common::{Picker, TestServer, play_to_end, start};
use dugout_protocol::MatchResult;
use dugout_rules::bb::data::Roster;
use dugout_rules::bb::league::postmatch::{LeagueRules, PostCommand, PostMatch, PostMatchInput};
use dugout_rules::bb::league::record::MatchFacts;
use dugout_rules::bb::league::tables::SppKind;
use dugout_rules::bb::league::team::{Departure, LeagueTeam, TeamEvent, match_setup};
use dugout_rules::bb::setup::{TeamChoice, starter_team};
use dugout_rules::core::{ChaChaDice, Side};
use dugout_rules::{AnyEvent, AnyGame, AnySetup};
use dugout_server::league_matches::post_dice_seed;
use serde_json::{Value, json};

/// Eight official rosters whose starter teams the engine plays (every skill built).
fn rosters() -> Vec<Roster> {
    Roster::ALL
        .iter()
        .copied()
        .filter(|r| !r.data().unofficial)
        .filter(|r| {
            starter_team(*r).players.iter().all(|p| {
                let pos = r.data().positions.iter().find(|q| q.name == p.position);
                pos.is_some_and(|q| q.skills.iter().all(|s| s.info().built))
            })
        })
        .take(8)
        .collect()
}

/// A coach's post-match choice: the rules' default, or greedy (sign every journeyman,
/// hire one player a window while the roster has room, take a characteristic over a skill,
/// re-roll poor winnings).
fn choose(greedy: bool, prompt: &Value, answered_buys: usize) -> Value {
    let default = prompt["default"].clone();
    if !greedy {
        return default;
    }
    let legal = prompt["legal"].as_array().cloned().unwrap_or_default();
    let find = |f: &dyn Fn(&Value) -> bool| legal.iter().find(|c| f(c)).cloned();
    match prompt["prompt"]["kind"].as_str() {
        Some("buy") if answered_buys == 0 => {
            find(&|c| c["command"] == "buy" && c["purchase"]["do"] == "hire_player")
                .unwrap_or(default)
        }
        Some("journeyman") => find(&|c| c["command"] == "sign_journeyman").unwrap_or(default),
        Some("winnings_reroll") if prompt["prompt"]["d6"].as_u64() < Some(3) => {
            find(&|c| c["command"] == "reroll_winnings").unwrap_or(default)
        }
        Some("advancement") => {
            find(&|c| c["command"] == "advance" && c["advance"].get("stat").is_some())
                .unwrap_or(default)
        }
        _ => default,
    }
}

fn events(lines: &[Value]) -> Vec<TeamEvent> {
    lines
        .iter()
        .map(|l| serde_json::from_value(l["event"].clone()).expect("an event"))
        .collect()
}

/// §32.2: folding the history event by event, nothing is ever paid from gold the treasury
/// does not hold; the dead never come back.
fn check_history(name: &str, history: &[TeamEvent]) {
    let mut team: Option<LeagueTeam> = None;
    let mut dead: Vec<u32> = Vec::new();
    for e in history {
        if let Some(t) = &team {
            let spent = match e {
                TeamEvent::PlayerJoined { cost, .. }
                | TeamEvent::JourneymanSigned { cost, .. }
                | TeamEvent::RerollBought { cost }
                | TeamEvent::FanFactorBought { cost }
                | TeamEvent::StaffHired { cost, .. } => *cost,
                TeamEvent::Expenses { paid, .. } => *paid,
                _ => 0,
            };
            assert!(
                spent <= t.treasury,
                "{name}: {e:?} spends more than the {} held",
                t.treasury
            );
            let about = match e {
                TeamEvent::Played { player }
                | TeamEvent::Spp { player, .. }
                | TeamEvent::Injury { player, .. }
                | TeamEvent::Advanced { player, .. }
                | TeamEvent::AdvancementRolled { player, .. }
                | TeamEvent::PlayerRenamed { player, .. } => Some(*player),
                TeamEvent::PlayerJoined { player, .. } => Some(*player),
                _ => None,
            };
            if let Some(p) = about {
                assert!(!dead.contains(&p), "{name}: dead player {p} is back: {e:?}");
            }
        }
        if let TeamEvent::PlayerLeft {
            player,
            why: Departure::Dead,
        } = e
        {
            dead.push(*player);
        }
        match &mut team {
            None => team = LeagueTeam::fold(std::slice::from_ref(e)),
            Some(t) => t.apply(e),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_season_of_eight_league_teams_is_played_by_bots_and_keeps_its_invariants() {
    let started = std::time::Instant::now();
    let server = TestServer::start().await;
    let org = server.register("commissioner").await;
    let (status, league) = server
        .post(
            "/api/leagues",
            json!({"name": "Season One", "game": "blood_bowl"}),
            Some(&org),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{league}");
    let base = format!("/api/leagues/{}", league["id"]);
    let rosters = rosters();
    assert_eq!(rosters.len(), 8, "eight rosters the engine plays");
    let mut tokens = Vec::new();
    let mut teams = Vec::new();
    for (i, roster) in rosters.iter().enumerate() {
        let coach = format!("coach_{i}");
        let token = server.register(&coach).await;
        let (status, body) = server
            .post(
                &format!("{base}/coaches"),
                json!({"coach": coach, "team": roster.name()}),
                Some(&org),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        server
            .post(&format!("{base}/invitation"), json!({}), Some(&token))
            .await;
        let (status, team) = server
            .post(
                &format!("{base}/teams"),
                json!({"name": format!("{} {i}", roster.data().name), "sheet": starter_team(*roster)}),
                Some(&token),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{roster:?}: {team}");
        let id = team["id"].as_i64().expect("id");
        let (status, body) = server
            .post(
                &format!("{base}/teams/{id}/approval"),
                json!({}),
                Some(&org),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        tokens.push(token);
        teams.push(id);
    }

    // §32.1: the organiser opens a season and the server schedules it, one leg.
    let (status, season) = server
        .post(
            &format!("{base}/seasons"),
            json!({"name": "Season One"}),
            Some(&org),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{season}");
    let number = season["number"].as_i64().expect("a season number");
    let (status, season) = server
        .post(
            &format!("{base}/seasons/{number}/schedule"),
            json!({"first_deadline_ms": 1_900_000_000_000i64, "days_between_rounds": 7}),
            Some(&org),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{season}");
    let coach_index = |name: &str| {
        name.strip_prefix("coach_")
            .and_then(|i| i.parse::<usize>().ok())
            .expect("a coach of the league")
    };
    let mut rounds: Vec<Vec<(usize, usize)>> = Vec::new();
    for f in season["fixtures"].as_array().expect("fixtures") {
        let round = usize::try_from(f["round"].as_i64().expect("round")).expect("round");
        if rounds.len() < round {
            rounds.resize(round, Vec::new());
        }
        let (h, a) = (
            coach_index(f["coaches"][0].as_str().expect("home")),
            coach_index(f["coaches"][1].as_str().expect("away")),
        );
        rounds[round - 1].push((h, a));
    }
    assert_eq!(rounds.len(), 7, "eight teams: seven rounds");
    let mut played = 0;
    // What the season went through: conceded matches, players who missed a match, lasting
    // injuries, advancements, journeymen.
    let mut seen = [0usize; 5];
    for (round, pairs) in rounds.into_iter().enumerate() {
        for (h, a) in pairs {
            // The teams before the match, from their histories.
            let mut before = Vec::new();
            for t in [teams[h], teams[a]] {
                let (_, lines) = server.get(&format!("{base}/teams/{t}/history")).await;
                before.push(
                    LeagueTeam::fold(&events(lines.as_array().expect("lines"))).expect("fold"),
                );
            }
            let (status, m) = server
                .post(
                    &format!("{base}/team-matches"),
                    json!({"home": teams[h], "away": teams[a], "decision_seconds": 3600}),
                    Some(&org),
                )
                .await;
            assert_eq!(status, StatusCode::CREATED, "round {round}: {m}");
            let room = m["match"].as_str().expect("id").to_owned();
            let mut home = server.client(&tokens[h]).await;
            let mut away = server.client(&tokens[a]).await;
            assert_eq!(home.join(&room, Some(Side::Home)).await, Ok(Some(0)));
            assert_eq!(away.join(&room, Some(Side::Away)).await, Ok(Some(0)));
            start(&mut home, &mut away, &room).await;
            // §32.9: the room's sheets are the teams as they stood, without anyone who
            // misses the match.
            let log = server.match_log(&room).await;
            let AnySetup::BloodBowl(setup) = &log.spec.setup else {
                panic!("Blood Bowl")
            };
            let (expected, ids) = match_setup(&before[0], &before[1], Default::default());
            assert_eq!(setup.teams, expected.teams, "the sheets are the folds");
            for (side, t) in before.iter().enumerate() {
                for p in t.players.iter().filter(|p| p.miss_next_game) {
                    assert!(
                        !ids[side].contains(&p.id),
                        "{} plays while missing a game",
                        p.name
                    );
                }
                if let TeamChoice::Sheet(s) = &setup.teams[side] {
                    assert!(s.players.len() >= 11);
                }
            }
            for t in &before {
                seen[1] += t.players.iter().filter(|p| p.miss_next_game).count();
            }
            let mut picker = Picker::new(1000 + played as u64);
            play_to_end(&mut home, &mut away, &mut [], &room, &mut picker).await;

            // The post-match sequence: the deciding coach's bot answers.
            let url = format!("{base}/team-matches/{room}");
            let (_, mut m) = server.get(&url).await;
            let mut buys = [0usize; 2];
            for _ in 0..500 {
                if m["status"] == "done" {
                    break;
                }
                assert_eq!(m["status"], "deciding", "{m}");
                let prompt = &m["prompt"];
                let side = if prompt["side"] == "Home" { 0 } else { 1 };
                let team_index = [h, a][side];
                let greedy = team_index % 2 == 1;
                let command = choose(greedy, prompt, buys[side]);
                if command["command"] == "buy" {
                    buys[side] += 1;
                }
                let (status, body) = server
                    .post(
                        &format!("{url}/post-match"),
                        command.clone(),
                        Some(&tokens[team_index]),
                    )
                    .await;
                assert_eq!(status, StatusCode::OK, "{command}: {body}");
                m = body;
            }
            assert_eq!(m["status"], "done", "{m}");

            // Replay the sequence from the revealed seed: exactly the stored events.
            let seed = dugout_server::fair::unhex_seed(m["server_seed"].as_str().expect("seed"))
                .expect("hex");
            let log = server.match_log(&room).await;
            let (game, evs) = common::replay_any(&log);
            let AnyGame::BloodBowl(game) = game else {
                panic!("Blood Bowl")
            };
            let bb: Vec<_> = evs
                .into_iter()
                .filter_map(|e| match e {
                    AnyEvent::BloodBowl(e) => Some(e),
                    _ => None,
                })
                .collect();
            let mut facts = MatchFacts::read(&game, &bb);
            if let Some(MatchResult::Concession { loser } | MatchResult::Forfeit { loser }) =
                log.result
                && facts.conceded.is_none()
            {
                facts.conceded = Some(loser);
                facts.winner = Some(loser.other());
            }
            // §32.4: the petty cash declared in the match moves first (never more than the
            // treasury); the match TV is the team value plus it.
            let mut petty = [0u32; 2];
            for e in &bb {
                if let dugout_rules::bb::Event::PettyCash { side, amount, .. } = e {
                    petty[side.index()] = *amount;
                }
            }
            let mut teams_then = [before[0].clone(), before[1].clone()];
            let mut all = Vec::new();
            for side in Side::BOTH {
                let i = side.index();
                assert!(
                    petty[i] <= teams_then[i].treasury,
                    "petty cash from the treasury"
                );
                assert!(game.induced[i].petty_cash_spent <= petty[i]);
                if petty[i] > 0 {
                    let e = TeamEvent::PettyCash { amount: petty[i] };
                    teams_then[i].apply(&e);
                    all.push((side, e));
                }
            }
            let input = PostMatchInput {
                match_tv: [
                    before[0].team_value(false) + petty[0],
                    before[1].team_value(false) + petty[1],
                ],
                teams: teams_then,
                ids,
                facts: facts.clone(),
                petty_cash_spent: [0, 1].map(|i| game.induced[i].petty_cash_spent),
                rules: LeagueRules::default(),
                raised_join: m["raised_join"] == serde_json::json!(true),
                stage: Default::default(),
                major: None,
                trophies: Default::default(),
            };
            let match_seed = log.dice_seed().expect("seed").expect("seed");
            let mut dice = ChaChaDice::from_seed(post_dice_seed(&seed, &match_seed));
            let (mut post, started) = PostMatch::start(input, &mut dice);
            all.extend(started);
            for c in m["commands"].as_array().expect("commands") {
                let side: Side = serde_json::from_value(c["side"].clone()).expect("side");
                let cmd: PostCommand = serde_json::from_value(c["command"].clone()).expect("cmd");
                all.extend(post.apply(side, &cmd, &mut dice).expect("replays"));
            }
            assert!(post.is_done());
            for (side, t) in [(Side::Home, teams[h]), (Side::Away, teams[a])] {
                let (_, lines) = server.get(&format!("{base}/teams/{t}/history")).await;
                let lines = lines.as_array().expect("lines");
                let stored: Vec<TeamEvent> = events(
                    &lines
                        .iter()
                        .filter(|l| l["match"].as_str() == Some(room.as_str()))
                        .cloned()
                        .collect::<Vec<_>>(),
                );
                let replayed: Vec<TeamEvent> = all
                    .iter()
                    .filter(|(s, _)| *s == side)
                    .map(|(_, e)| e.clone())
                    .collect();
                assert_eq!(stored, replayed, "round {round}, {side:?}: stored = replay");
                // §32.5: each change says who made it and why, in words: a team's history
                // names no coach but its own (the steps the other coach's answer let run
                // are the server's).
                let own = format!("coach_{}", if side == Side::Home { h } else { a });
                for l in lines
                    .iter()
                    .filter(|l| l["match"].as_str() == Some(room.as_str()))
                {
                    assert!(
                        l["actor"].is_null() || l["actor"] == own.as_str(),
                        "round {round}, {side:?}: {l}"
                    );
                    let why = l["reason"].as_str().unwrap_or("");
                    assert!(!why.is_empty() && !why.contains(" {"), "{l}");
                }
                for e in &stored {
                    match e {
                        TeamEvent::MatchPlayed { conceded: true, .. } => seen[0] += 1,
                        TeamEvent::Injury { .. } => seen[2] += 1,
                        TeamEvent::Advanced { .. } => seen[3] += 1,
                        TeamEvent::PlayerJoined {
                            journeyman: true, ..
                        } => seen[4] += 1,
                        _ => {}
                    }
                }
                // §32.6: the match's SPP are those its facts award (the MVP apart).
                let earned = facts
                    .spp
                    .iter()
                    .filter(|(p, _)| {
                        facts
                            .players
                            .get(p.index())
                            .is_some_and(|mp| mp.side == side && mp.sheet.is_some())
                    })
                    .count();
                let spp_events = stored
                    .iter()
                    .filter(|e| matches!(e, TeamEvent::Spp { kind, .. } if *kind != SppKind::Mvp))
                    .count();
                assert_eq!(spp_events, earned, "round {round}, {side:?}: SPP");
                let history = events(lines);
                check_history(&format!("team {t}"), &history);
                let team = LeagueTeam::fold(&history).expect("fold");
                // §32.2: each player's SPP is the sum of his SPP events.
                for p in &team.players {
                    let sum: u16 = history
                        .iter()
                        .filter_map(|e| match e {
                            TeamEvent::Spp { player, spp, .. } if *player == p.id => Some(*spp),
                            _ => None,
                        })
                        .sum();
                    assert_eq!(p.spp, sum, "{}: SPP", p.name);
                }
                // §32.2, §32.5 step 2.8: the value written is the rules' own, and so is the page's.
                let written = history.iter().rev().find_map(|e| match e {
                    TeamEvent::TeamValue { tv } => Some(*tv),
                    _ => None,
                });
                assert_eq!(
                    written,
                    Some(team.team_value(false)),
                    "team {t}: TV written"
                );
                let (_, page) = server.get(&format!("{base}/teams/{t}")).await;
                assert_eq!(page["team_value"], team.team_value(false));
                assert_eq!(page["treasury"], team.treasury);
                assert!(team.available() >= 11 || team.players.len() < 11, "§32.13");
            }
            played += 1;
        }
    }
    assert_eq!(played, 28, "every pair once");
    let (_, list) = server.get(&format!("{base}/team-matches")).await;
    assert_eq!(list.as_array().map(Vec::len), Some(28));
    // Each match played its fixture (the room links it when it finishes), and the season's
    // table counts seven games a team, as many won as lost over the league.
    let (_, season) = server.get(&format!("{base}/seasons/{number}")).await;
    for f in season["fixtures"].as_array().expect("fixtures") {
        assert!(f["match_id"].is_string(), "fixture played: {f}");
        assert!(!f["result"].is_null(), "fixture has its result: {f}");
    }
    let (_, table) = server
        .get(&format!("{base}/seasons/{number}/standings"))
        .await;
    let lines = table["standings"].as_array().expect("standings");
    assert_eq!(lines.len(), 8, "{table}");
    assert!(lines.iter().all(|l| l["played"] == 7), "{table}");
    let total = |k: &str| {
        lines
            .iter()
            .map(|l| l[k].as_u64().unwrap_or(0))
            .sum::<u64>()
    };
    assert_eq!(total("won"), total("lost"), "{table}");
    assert_eq!(total("won") + total("drawn") / 2, 28, "{table}");
    eprintln!(
        "a season of 28 league matches in {:?}: {} conceded, {} missed a match, {} lasting \
         injuries, {} advancements, {} journeymen",
        started.elapsed(),
        seen[0],
        seen[1],
        seen[2],
        seen[3],
        seen[4]
    );
    // The season went through the steps it checks.
    assert!(seen[1] > 0 && seen[2] > 0, "{seen:?}");
}
