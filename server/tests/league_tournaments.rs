//! End-of-season tournaments of Blood Bowl leagues and the Majors' trophies (§32.16), over
//! the real server: the organiser closes the season and starts the tournament, the draw is
//! redone from the published seed, the semi-finals and the final are league team matches
//! with their stage (played by the coaches over WebSockets, ended by a concession), the
//! winners are recorded from the matches or by the organiser, the trophy passes, and the
//! holder's next match has its benefits.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

mod common;

use std::time::Duration;

use axum::http::StatusCode;
use common::{TestServer, declare, start};
use dugout_protocol::ClientMessage;
use dugout_rules::bb::data::Roster;
use dugout_rules::bb::league::tables::SppKind;
use dugout_rules::bb::league::team::TeamEvent;
use dugout_rules::bb::league::tournament::{Entrant, Major, Method, draw_bracket};
use dugout_rules::bb::setup::{Overtime, starter_team};
use dugout_rules::core::{ChaChaDice, Side};
use dugout_server::league_tournaments::{TournamentEntrant, draw_seed};
use serde_json::{Value, json};

struct League {
    id: i64,
    base: String,
    org: String,
    /// (team id, coach's token), in registration order.
    teams: Vec<(i64, String)>,
}

impl League {
    fn token(&self, team: i64) -> &str {
        &self.teams.iter().find(|t| t.0 == team).expect("a team").1
    }
}

fn sheet(roster: Roster) -> dugout_rules::bb::setup::TeamSheet {
    let mut s = starter_team(roster);
    s.players.truncate(11);
    while dugout_rules::bb::setup::sheet_cost(&s) > 1_000_000 && s.rerolls > 0 {
        s.rerolls -= 1;
    }
    s
}

async fn league(server: &TestServer, rosters: &[Roster]) -> League {
    let (id, base, org, teams) = common::bb_league_with_teams(server, rosters, sheet).await;
    League {
        id,
        base,
        org,
        teams,
    }
}

/// The coaches of the match's teams join their seats and start; the home coach concedes (the
/// away team wins); each post-match decision has 1 second, and the sequence is read until
/// the server's defaults have ended it.
async fn play_conceded(server: &TestServer, l: &League, m: &Value) -> String {
    let room = m["match"].as_str().expect("a match id").to_owned();
    let home = m["home"]["team"].as_i64().expect("home");
    let away = m["away"]["team"].as_i64().expect("away");
    let mut a = server.client(l.token(home)).await;
    let mut b = server.client(l.token(away)).await;
    assert_eq!(a.join(&room, Some(Side::Home)).await, Ok(Some(0)));
    assert_eq!(b.join(&room, Some(Side::Away)).await, Ok(Some(0)));
    start(&mut a, &mut b, &room).await;
    // Both declare no petty cash (§32.4), so the inducement step has run.
    declare(&mut a, &mut b, &room, [0, 0]).await;
    let r = room.clone();
    let answer = a.request(|id| ClientMessage::Concede { id, room: r }).await;
    assert!(answer.is_ok(), "{answer:?}");
    for _ in 0..200 {
        let (status, m) = server.get(&format!("{}/team-matches/{room}", l.base)).await;
        assert_eq!(status, StatusCode::OK, "{m}");
        if m["status"] == "done" {
            return room;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("the post-match sequence of {room} did not end");
}

/// Replay a finished league match's post-match sequence from its body (the revealed seed,
/// `match_tv`, `rules`, `stage`, `major`, `trophies`, the answers) and the match's log: it
/// gives exactly the events each team's history holds for the match.
async fn verify_post_match(server: &TestServer, l: &League, room: &str) {
    use dugout_rules::bb::league::postmatch::{PostCommand, PostMatch, PostMatchInput};
    use dugout_rules::bb::league::record::MatchFacts;
    use dugout_rules::bb::league::team::LeagueTeam;
    let (_, m) = server.get(&format!("{}/team-matches/{room}", l.base)).await;
    assert_eq!(m["status"], "done", "{m}");
    let seed = dugout_server::fair::unhex_seed(m["server_seed"].as_str().expect("revealed"))
        .expect("a seed");
    let log = server.match_log(room).await;
    let match_seed = log.dice_seed().expect("seed").expect("seed");
    let (game, events) = common::replay_any(&log);
    let dugout_rules::AnyGame::BloodBowl(game) = game else {
        panic!("Blood Bowl")
    };
    let bb: Vec<_> = events
        .into_iter()
        .filter_map(|e| match e {
            dugout_rules::AnyEvent::BloodBowl(e) => Some(e),
            _ => None,
        })
        .collect();
    let mut facts = MatchFacts::read(&game, &bb);
    if let Some(
        dugout_protocol::MatchResult::Concession { loser }
        | dugout_protocol::MatchResult::Forfeit { loser },
    ) = log.result
        && facts.conceded.is_none()
    {
        facts.conceded = Some(loser);
        facts.winner = Some(loser.other());
    }
    let mut before = Vec::new();
    let mut stored = Vec::new();
    for side in ["home", "away"] {
        let team = m[side]["team"].as_i64().expect("team");
        let (_, h) = server
            .get(&format!("{}/teams/{team}/history", l.base))
            .await;
        let lines = h.as_array().expect("lines").clone();
        let first = lines
            .iter()
            .position(|x| x["match"].as_str() == Some(room))
            .expect("the match wrote to the team");
        let events = |ls: &[Value]| -> Vec<TeamEvent> {
            ls.iter()
                .map(|x| serde_json::from_value(x["event"].clone()).expect("event"))
                .collect()
        };
        before.push(LeagueTeam::fold(&events(&lines[..first])).expect("fold"));
        let mine: Vec<Value> = lines
            .iter()
            .filter(|x| x["match"].as_str() == Some(room))
            .cloned()
            .collect();
        stored.push(events(&mine));
    }
    let (_, ids) =
        dugout_rules::bb::league::team::match_setup(&before[0], &before[1], Default::default());
    let input = PostMatchInput {
        match_tv: serde_json::from_value(m["match_tv"].clone()).expect("match_tv"),
        teams: [before[0].clone(), before[1].clone()],
        ids,
        facts,
        petty_cash_spent: [0, 0],
        rules: serde_json::from_value(m["rules"].clone()).expect("rules"),
        stage: serde_json::from_value(m["stage"].clone()).expect("stage"),
        major: serde_json::from_value(m["major"].clone()).expect("major"),
        trophies: serde_json::from_value(m["trophies"].clone()).expect("trophies"),
        raised_join: m["raised_join"] == Value::Bool(true),
    };
    let mut dice = ChaChaDice::from_seed(dugout_server::league_matches::post_dice_seed(
        &seed,
        &match_seed,
    ));
    let (mut post, mut all) = PostMatch::start(input, &mut dice);
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
        assert_eq!(replayed, stored[side.index()], "{side:?}");
    }
}

async fn tournament(server: &TestServer, l: &League, t: i64) -> Value {
    let (status, body) = server.get(&format!("{}/tournaments/{t}", l.base)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn make(server: &TestServer, l: &League, t: i64, slot: &str) -> (StatusCode, Value) {
    server
        .post(
            &format!("{}/tournaments/{t}/matches", l.base),
            json!({"slot": slot, "decision_seconds": 1}),
            Some(&l.org),
        )
        .await
}

fn bb_setup(log: &dugout_server::store::MatchLog) -> dugout_rules::bb::setup::MatchSetup {
    match &log.spec.setup {
        dugout_rules::AnySetup::BloodBowl(s) => s.clone(),
        _ => panic!("Blood Bowl"),
    }
}

/// §32.16: the organiser closes the season and starts its tournament; the four
/// semi-finalists (a tie across fourth place drawn) and the semi-finals follow from the
/// published seed; the semi-finals and final are league matches with their stage (no
/// inducement money, no stars or mercenaries, the gate doubled, sudden death), the winners
/// come from the matches (or the organiser), the Blood Bowl final gives everyone who played
/// an extra MVP, the trophy goes to the winner, and his next match has its benefits.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_is_drawn_fairly_played_by_stage_and_its_trophy_counts() {
    let server = TestServer::start().await;
    let rosters = [
        Roster::Orc,
        Roster::Human,
        Roster::Dwarf,
        Roster::Skaven,
        Roster::Chaos,
    ];
    let l = league(&server, &rosters).await;
    let (status, body) = server
        .post(
            &format!("{}/seasons", l.base),
            json!({"name": "Season one"}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let url = format!("{}/seasons/1/tournament", l.base);
    let new = json!({"method": "top_win_ratio", "major": "blood_bowl", "reason": "the end"});
    // The season is open: refused.
    let (status, body) = server.post(&url, new.clone(), Some(&l.org)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, body) = server
        .post(
            &format!("{}/seasons/1/close", l.base),
            json!({"reason": "done"}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Not the organiser; play-offs; a bad method; a bad reason: refused, nothing made.
    let (status, _) = server.post(&url, new.clone(), Some(&l.teams[0].1)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = server
        .post(
            &url,
            json!({"method": "play_offs", "reason": "x"}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(body.to_string().contains("play_offs_not_built"), "{body}");
    for bad in [
        json!({"method": "best", "reason": "x"}),
        json!({"method": "top_tv", "reason": ""}),
        json!({"method": "top_tv", "reason": "x", "extra": 1}),
    ] {
        let (status, body) = server.post(&url, bad, Some(&l.org)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    }
    let (_, list) = server.get(&format!("{}/tournaments", l.base)).await;
    assert_eq!(list, json!([]));
    let (status, t) = server.post(&url, new.clone(), Some(&l.org)).await;
    assert_eq!(status, StatusCode::CREATED, "{t}");
    let tid = t["id"].as_i64().expect("id");
    // One a season.
    let (status, _) = server.post(&url, new, Some(&l.org)).await;
    assert_eq!(status, StatusCode::CONFLICT);
    // The draw is redone from the published seed: nobody played, so all five are level on
    // win ratio and four are drawn.
    let entrants: Vec<TournamentEntrant> =
        serde_json::from_value(t["state"]["entrants"].clone()).expect("entrants");
    assert_eq!(entrants.len(), 5);
    let seed = draw_seed(&entrants, l.id, 1);
    assert_eq!(t["state"]["seed"], dugout_server::store::hex(&seed));
    let for_rules: Vec<Entrant> = entrants
        .iter()
        .map(|e| Entrant {
            team: e.team,
            tv: e.tv,
            played: e.played,
            won: e.won,
            table_place: e.table_place,
        })
        .collect();
    let bracket = draw_bracket(
        Method::TopWinRatio,
        &for_rules,
        &mut ChaChaDice::from_seed(seed),
    )
    .expect("draw");
    assert_eq!(
        serde_json::to_value(&bracket).expect("json"),
        t["state"]["bracket"]
    );
    // The final waits for the semi-finals.
    let (status, body) = make(&server, &l, tid, "final").await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    // The first semi-final is played: its stage is in the match's options.
    let (status, m) = make(&server, &l, tid, "first_semi_final").await;
    assert_eq!(status, StatusCode::CREATED, "{m}");
    let [(h1, a1), (h2, a2)] = bracket.semi_finals;
    assert_eq!(m["home"]["team"], i64::from(h1));
    assert_eq!(m["away"]["team"], i64::from(a1));
    let (status, body) = make(&server, &l, tid, "first_semi_final").await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let room1 = play_conceded(&server, &l, &m).await;
    let setup = bb_setup(&server.match_log(&room1).await);
    assert!(setup.options.tournament_stage);
    assert_eq!(setup.options.overtime, Overtime::SuddenDeath);
    assert!(setup.options.penalty_shootout);
    let (_, events) = common::replay_any(&server.match_log(&room1).await);
    assert!(events.iter().any(|e| matches!(
        e,
        dugout_rules::AnyEvent::BloodBowl(dugout_rules::bb::Event::InducementMoney { money, .. })
            if *money == [0, 0]
    )), "§32.16: no inducement money");
    let t = tournament(&server, &l, tid).await;
    assert_eq!(t["state"]["bracket"]["semi_winners"][0], i64::from(a1));
    assert_eq!(t["state"]["decided"][0]["by"], "match");
    // The organiser records the second semi-final by hand (a team that did not show).
    let win = format!("{}/tournaments/{tid}/winner", l.base);
    let (status, body) = server
        .post(
            &win,
            json!({"slot": "second_semi_final", "team": a1, "reason": "x"}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "not in that match: {body}");
    let (status, body) = server
        .post(
            &win,
            json!({"slot": "second_semi_final", "team": h2, "reason": "away did not show"}),
            Some(&l.teams[0].1),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, t) = server
        .post(
            &win,
            json!({"slot": "second_semi_final", "team": h2, "reason": "away did not show"}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{t}");
    assert_eq!(t["final_pairing"], json!([a1, h2]));
    let _ = a2;
    // The Blood Bowl final: the away team wins by concession.
    let (status, m) = make(&server, &l, tid, "final").await;
    assert_eq!(status, StatusCode::CREATED, "{m}");
    let room = play_conceded(&server, &l, &m).await;
    let t = tournament(&server, &l, tid).await;
    assert_eq!(t["state"]["bracket"]["winner"], i64::from(h2));
    // Its post-match sequence replays from the published body: a Blood Bowl final.
    let (_, body) = server.get(&format!("{}/team-matches/{room}", l.base)).await;
    assert_eq!(
        (body["stage"].as_str(), body["major"].as_str()),
        (Some("final"), Some("blood_bowl"))
    );
    verify_post_match(&server, &l, &room).await;
    verify_post_match(&server, &l, &room1).await;
    // §32.16: every player who played the Blood Bowl final gains an extra MVP award.
    for team in [a1, h2] {
        let (_, h) = server
            .get(&format!("{}/teams/{team}/history", l.base))
            .await;
        let events: Vec<TeamEvent> = h
            .as_array()
            .expect("lines")
            .iter()
            .filter(|x| x["match"].as_str() == Some(room.as_str()))
            .map(|x| serde_json::from_value(x["event"].clone()).expect("event"))
            .collect();
        let played: Vec<u32> = events
            .iter()
            .filter_map(|e| match e {
                TeamEvent::Played { player } => Some(*player),
                _ => None,
            })
            .collect();
        assert!(!played.is_empty());
        for p in &played {
            assert!(
                events.iter().any(|e| matches!(e, TeamEvent::Spp { player, kind: SppKind::Mvp, spp: 5 } if player == p)),
                "team {team} player {p}: {events:?}"
            );
        }
    }
    // The trophy is the winner's.
    let (status, trophies) = server.get(&format!("{}/trophies", l.base)).await;
    assert_eq!(status, StatusCode::OK, "{trophies}");
    assert_eq!(trophies["holders"][0]["major"], "blood_bowl");
    assert_eq!(trophies["holders"][0]["team"], i64::from(h2));
    // Every organiser action is in the league's log.
    let (_, log) = server.get_auth(&format!("{}/log", l.base), &l.org).await;
    for what in ["start_tournament", "tournament_match", "tournament_winner"] {
        assert!(log.to_string().contains(what), "{what}: {log}");
    }
    // The holder's next league match: a team re-roll more on its sheet and in its match TV,
    // the trophy in the options; a season match (no stage).
    let other = l
        .teams
        .iter()
        .map(|t| t.0)
        .find(|t| *t != i64::from(h2) && *t != i64::from(a1))
        .expect("another team");
    let (status, m) = server
        .post(
            &format!("{}/team-matches", l.base),
            json!({"home": h2, "away": other}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{m}");
    let next = m["match"].as_str().expect("id");
    let setup = bb_setup(&server.match_log(next).await);
    assert!(!setup.options.tournament_stage);
    assert_eq!(setup.options.trophies[0].majors(), vec![Major::BloodBowl]);
    assert!(setup.options.trophies[1].majors().is_empty());
    let (_, team) = server.get(&format!("{}/teams/{h2}", l.base)).await;
    let rerolls = team["rerolls"].as_u64().expect("rerolls");
    let sheet = setup.teams[0].sheet();
    assert_eq!(u64::from(sheet.rerolls), rerolls + 1);
    let tv = team["team_value"].as_u64().expect("tv");
    let cost = u64::from(sheet.roster.data().reroll_cost);
    assert_eq!(m["match_tv"][0].as_u64(), Some(tv + cost), "{m} {team}");
}

/// Start season `n`'s tournament (opened and closed here) of `major` by top TV; the
/// organiser records every winner by hand: `a` wins both its semi-final and the final.
/// Answers the tournament's id and body.
async fn decided_by_hand(
    server: &TestServer,
    l: &League,
    n: i64,
    major: &str,
    a: i64,
) -> (i64, Value) {
    let (status, body) = server
        .post(
            &format!("{}/seasons", l.base),
            json!({"name": format!("Season {n}")}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = server
        .post(
            &format!("{}/seasons/{n}/close", l.base),
            json!({"reason": "done"}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, t) = server
        .post(
            &format!("{}/seasons/{n}/tournament", l.base),
            json!({"method": "top_tv", "major": major, "reason": "cup"}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{t}");
    let tid = t["id"].as_i64().expect("id");
    let semis = t["state"]["bracket"]["semi_finals"].clone();
    let mut finalists = Vec::new();
    for (i, slot) in ["first_semi_final", "second_semi_final"]
        .into_iter()
        .enumerate()
    {
        let pair = [
            semis[i][0].as_i64().expect("home"),
            semis[i][1].as_i64().expect("away"),
        ];
        let w = if pair.contains(&a) { a } else { pair[0] };
        finalists.push(w);
        let (status, body) = server
            .post(
                &format!("{}/tournaments/{tid}/winner", l.base),
                json!({"slot": slot, "team": w, "reason": "by hand"}),
                Some(&l.org),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (status, t) = server
        .post(
            &format!("{}/tournaments/{tid}/winner", l.base),
            json!({"slot": "final", "team": a, "reason": "by hand"}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{t}");
    assert_eq!(t["state"]["bracket"]["winner"], a);
    (tid, t)
}

async fn team_body(server: &TestServer, l: &League, team: i64) -> Value {
    let (status, body) = server.get(&format!("{}/teams/{team}", l.base)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// §32.16: the Spike! Player of the Year (a player with the most SPP of the league, given
/// by the organiser after the Spike! final: Fan Favourite, +30,000) and the Chaos Cup's gift
/// (D3 of the winner's players drawn from the published seed, each one Mutation or Hypnotic
/// Gaze, Stab or Regeneration, chosen by the winner's coach) go to the teams' histories; the
/// trophies pass from edition to edition.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_spike_player_of_the_year_and_the_chaos_cup_gifts_are_given() {
    let server = TestServer::start().await;
    let rosters = [Roster::Orc, Roster::Human, Roster::Dwarf, Roster::Skaven];
    let l = league(&server, &rosters).await;
    let (orcs, humans) = (l.teams[0].0, l.teams[1].0);
    // A season match: the winner's MVPs give some players SPP.
    let (status, m) = server
        .post(
            &format!("{}/team-matches", l.base),
            json!({"home": humans, "away": orcs, "decision_seconds": 1}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{m}");
    play_conceded(&server, &l, &m).await;
    let team = team_body(&server, &l, orcs).await;
    let best = team["players"]
        .as_array()
        .expect("players")
        .iter()
        .max_by_key(|p| p["spp"].as_u64())
        .expect("a player")
        .clone();
    assert!(best["spp"].as_u64() >= Some(5), "{best}");
    let nobody = team["players"]
        .as_array()
        .expect("players")
        .iter()
        .find(|p| p["spp"] == 0)
        .expect("a player without SPP")
        .clone();
    // The Spike! Magazine trophy's edition, won by the Humans.
    let (tid, _) = decided_by_hand(&server, &l, 1, "spike_magazine", humans).await;
    let awards = format!("{}/tournaments/{tid}/awards", l.base);
    let poy = |team: i64, player: &Value| json!({"award": "player_of_the_year", "team": team, "player": player["id"], "reason": "MVP"});
    let (status, body) = server.post(&awards, poy(orcs, &nobody), Some(&l.org)).await;
    assert_eq!(status, StatusCode::CONFLICT, "not the most SPP: {body}");
    let (status, body) = server
        .post(&awards, poy(orcs, &best), Some(l.token(orcs)))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, body) = server
        .post(
            &awards,
            json!({"award": "chaos_cup_gift", "player": 1, "skill": "claw", "reason": "x"}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "not a Chaos Cup: {body}");
    let before = team_body(&server, &l, orcs).await["team_value"]
        .as_u64()
        .expect("tv");
    let (status, t) = server.post(&awards, poy(orcs, &best), Some(&l.org)).await;
    assert_eq!(status, StatusCode::OK, "{t}");
    assert_eq!(t["state"]["player_of_the_year"]["player"], best["id"]);
    let after = team_body(&server, &l, orcs).await;
    assert_eq!(after["team_value"].as_u64(), Some(before + 30_000));
    let p = after["players"]
        .as_array()
        .expect("players")
        .iter()
        .find(|p| p["id"] == best["id"])
        .expect("the player")
        .clone();
    assert!(
        p["skills"]
            .as_array()
            .expect("skills")
            .contains(&json!("fan_favourite")),
        "{p}"
    );
    let (status, body) = server.post(&awards, poy(orcs, &best), Some(&l.org)).await;
    assert_eq!(status, StatusCode::CONFLICT, "once: {body}");

    // The Chaos Cup, won by the Orcs: D3 players drawn from the published seed.
    let (tid, t) = decided_by_hand(&server, &l, 2, "chaos_cup", orcs).await;
    let drawn: Vec<u32> =
        serde_json::from_value(t["state"]["chaos_cup"]["players"].clone()).expect("drawn");
    assert!((1..=3).contains(&drawn.len()), "{t}");
    let seed = dugout_server::fair::unhex_seed(t["state"]["seed"].as_str().expect("seed"))
        .expect("a seed");
    let ids: Vec<u32> = team_body(&server, &l, orcs).await["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p["id"].as_u64().expect("id") as u32)
        .collect();
    let mut dice = ChaChaDice::from_seed(dugout_server::league_tournaments::chaos_cup_seed(
        &seed,
        orcs as u32,
    ));
    assert_eq!(
        dugout_rules::bb::league::tournament::chaos_cup_players(&ids, &mut dice),
        drawn
    );
    let awards = format!("{}/tournaments/{tid}/awards", l.base);
    let gift = |player: u32, skill: &str| json!({"award": "chaos_cup_gift", "player": player, "skill": skill, "reason": "gift"});
    let undrawn = ids
        .iter()
        .find(|i| !drawn.contains(i))
        .copied()
        .expect("one not drawn");
    for (body, who, code) in [
        (gift(undrawn, "claw"), l.token(orcs), StatusCode::CONFLICT),
        (gift(drawn[0], "block"), l.token(orcs), StatusCode::CONFLICT),
        (
            gift(drawn[0], "claw"),
            l.token(humans),
            StatusCode::FORBIDDEN,
        ),
        (
            gift(drawn[0], "no_such_skill"),
            l.token(orcs),
            StatusCode::BAD_REQUEST,
        ),
    ] {
        let (status, answer) = server.post(&awards, body, Some(who)).await;
        assert_eq!(status, code, "{answer}");
    }
    let before = team_body(&server, &l, orcs).await["team_value"]
        .as_u64()
        .expect("tv");
    let (status, t) = server
        .post(&awards, gift(drawn[0], "claw"), Some(l.token(orcs)))
        .await;
    assert_eq!(status, StatusCode::OK, "{t}");
    // An Orc has no Mutation access: +30,000.
    assert_eq!(t["state"]["chaos_cup"]["gifts"][0]["value"], 30_000);
    let after = team_body(&server, &l, orcs).await;
    assert_eq!(after["team_value"].as_u64(), Some(before + 30_000));
    let (status, body) = server
        .post(&awards, gift(drawn[0], "horns"), Some(&l.org))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "one gift a player: {body}");
    let (_, h) = server
        .get(&format!("{}/teams/{orcs}/history", l.base))
        .await;
    assert!(h.to_string().contains("a Chaos Cup gift (§32.16)"), "{h}");
    // The trophies: each Major's holder.
    let (_, trophies) = server.get(&format!("{}/trophies", l.base)).await;
    assert_eq!(trophies["holders"][0]["major"], "spike_magazine");
    assert_eq!(trophies["holders"][0]["team"], humans);
    assert_eq!(trophies["holders"][1]["major"], "chaos_cup");
    assert_eq!(trophies["holders"][1]["team"], orcs);
    let (_, log) = server.get_auth(&format!("{}/log", l.base), &l.org).await;
    assert!(log.to_string().contains("tournament_award"), "{log}");
}

/// §32.16: league challenges: a coach challenges another once a week during an open season,
/// the challenged coach accepts (a fixture to play) or refuses (a 2–0 win for the
/// challenger in the standings) within a day; no answer by the deadline counts as refused; a
/// substitute is refused (not built); every step is in the league's log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn league_challenges_are_answered_within_a_day_and_counted_in_the_standings() {
    let server = TestServer::start().await;
    let l = league(&server, &[Roster::Orc, Roster::Human, Roster::Dwarf]).await;
    let url = format!("{}/challenges", l.base);
    let tok = |i: usize| l.teams[i].1.as_str();
    // No open season.
    let (status, body) = server
        .post(&url, json!({"challenged": "coach_1"}), Some(tok(0)))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, body) = server
        .post(
            &format!("{}/seasons", l.base),
            json!({"name": "Season one"}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let stranger = server.register("stranger").await;
    for (body, who, code) in [
        (
            json!({"challenged": "coach_1"}),
            stranger.as_str(),
            StatusCode::FORBIDDEN,
        ),
        (
            json!({"challenged": "nobody"}),
            tok(0),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"challenged": "coach_2"}),
            tok(2),
            StatusCode::CONFLICT,
        ),
        (json!({"challenged": 7}), tok(0), StatusCode::BAD_REQUEST),
    ] {
        let (status, answer) = server.post(&url, body, Some(who)).await;
        assert_eq!(status, code, "{answer}");
    }
    let (status, c) = server
        .post(&url, json!({"challenged": "coach_1"}), Some(tok(0)))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{c}");
    assert_eq!(
        c["deadline_ms"].as_i64().expect("deadline") - c["issued_at_ms"].as_i64().expect("at"),
        86_400_000
    );
    // One a week.
    let (status, body) = server
        .post(&url, json!({"challenged": "coach_2"}), Some(tok(0)))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(body.to_string().contains("challenge_too_soon"), "{body}");
    let answer = format!("{url}/{}/answer", c["id"]);
    for (body, who, code) in [
        (json!({"answer": "refuse"}), tok(2), StatusCode::FORBIDDEN),
        (
            json!({"answer": "substitute", "coach": "coach_2"}),
            tok(1),
            StatusCode::CONFLICT,
        ),
        (json!({"answer": "maybe"}), tok(1), StatusCode::BAD_REQUEST),
    ] {
        let (status, a) = server.post(&answer, body, Some(who)).await;
        assert_eq!(status, code, "{a}");
    }
    let (status, c) = server
        .post(&answer, json!({"answer": "refuse"}), Some(tok(1)))
        .await;
    assert_eq!(status, StatusCode::OK, "{c}");
    assert_eq!(c["reply"], "refused");
    let (status, body) = server
        .post(&answer, json!({"answer": "accept"}), Some(tok(1)))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "answered once: {body}");
    // Accepted: a fixture to play, no result yet.
    let (status, c2) = server
        .post(&url, json!({"challenged": "coach_2"}), Some(tok(1)))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{c2}");
    let (status, c2) = server
        .post(
            &format!("{url}/{}/answer", c2["id"]),
            json!({"answer": "accept"}),
            Some(tok(2)),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{c2}");
    assert_eq!(c2["reply"], "accepted");
    // Not answered by its deadline: a challenge issued two days ago by coach_2.
    let store = server.state.store();
    let season = store.seasons(l.id).await.expect("seasons")[0].id;
    let accounts: Vec<i64> = store
        .league_coaches(l.id)
        .await
        .expect("coaches")
        .iter()
        .map(|c| c.account.id)
        .collect();
    let now = dugout_server::store::now_ms();
    let old = store
        .create_challenge(
            &dugout_server::store::NewChallenge {
                league: l.id,
                season,
                challenger: accounts[2],
                challenged: accounts[0],
                issued_at_ms: now - 2 * 86_400_000,
                deadline_ms: now - 86_400_000,
                none_since_ms: now - 9 * 86_400_000,
            },
            dugout_server::store::LogLine {
                who: accounts[2],
                detail: "an old challenge",
                at_ms: now - 2 * 86_400_000,
            },
        )
        .await
        .expect("store")
        .expect("made");
    // The standings count the refusal and the unanswered one: 2-0 each.
    let (status, s) = server.get(&format!("{}/seasons/1/standings", l.base)).await;
    assert_eq!(status, StatusCode::OK, "{s}");
    let row = |coach: &str| {
        s["standings"]
            .as_array()
            .expect("rows")
            .iter()
            .find(|r| r["coach"] == coach)
            .expect("a row")
            .clone()
    };
    for (coach, won, lost, tds) in [
        ("coach_0", 1, 1, 2),
        ("coach_1", 0, 1, 0),
        ("coach_2", 1, 0, 2),
    ] {
        let r = row(coach);
        assert_eq!(
            (
                r["won"].as_i64(),
                r["lost"].as_i64(),
                r["touchdowns_for"].as_i64()
            ),
            (Some(won), Some(lost), Some(tds)),
            "{coach}: {s}"
        );
    }
    let (_, list) = server.get(&url).await;
    let old = list
        .as_array()
        .expect("list")
        .iter()
        .find(|c| c["id"] == old.id)
        .expect("the old one")
        .clone();
    assert_eq!(old["reply"], "unanswered");
    // The season's fixtures: round 0, the challenger at home.
    let (_, season) = server.get(&format!("{}/seasons/1", l.base)).await;
    let zero: Vec<&Value> = season["fixtures"]
        .as_array()
        .expect("fixtures")
        .iter()
        .filter(|f| f["round"] == 0)
        .collect();
    assert_eq!(zero.len(), 3, "{season}");
    assert!(
        zero.iter()
            .any(|f| f["coaches"] == json!(["coach_1", "coach_2"]) && f["result"].is_null())
    );
    // The schedule may still be made after challenges.
    let (status, body) = server
        .post(
            &format!("{}/seasons/1/schedule", l.base),
            json!({"first_deadline_ms": 2_000_000_000_000i64, "days_between_rounds": 7}),
            Some(&l.org),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (_, log) = server.get_auth(&format!("{}/log", l.base), &l.org).await;
    for what in ["\"challenge\"", "challenge_answer"] {
        assert!(log.to_string().contains(what), "{what}: {log}");
    }
}
