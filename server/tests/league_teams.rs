//! Blood Bowl league teams over REST (issue 13): creation from rookies with the starting
//! treasury, purchases checked by the rules, the team as the fold of its history, approval by
//! the organiser, and who may do what.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

mod common;

use axum::http::StatusCode;
use common::TestServer;
use dugout_rules::bb::data::Roster;
use dugout_rules::bb::league::team::{LeagueTeam, STARTING_TREASURY, TeamEvent};
use dugout_rules::bb::setup::{sheet_cost, starter_team};
use serde_json::{Value, json};

/// A Blood Bowl league organised by `org` with `orc_coach` (Orc) and `human_coach` (Human)
/// registered: the league's base path and the three tokens.
async fn league(server: &TestServer) -> (String, String, String, String) {
    let org = server.register("organiser").await;
    let orc = server.register("orc_coach").await;
    let human = server.register("human_coach").await;
    let (status, league) = server
        .post(
            "/api/leagues",
            json!({"name": "Old World", "game": "blood_bowl"}),
            Some(&org),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{league}");
    let base = format!("/api/leagues/{}", league["id"]);
    for (coach, team, token) in [("orc_coach", "orc", &orc), ("human_coach", "human", &human)] {
        let (status, body) = server
            .post(
                &format!("{base}/coaches"),
                json!({"coach": coach, "team": team}),
                Some(&org),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (status, body) = server
            .post(&format!("{base}/invitation"), json!({}), Some(token))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    (base, org, orc, human)
}

fn sheet(roster: Roster) -> Value {
    serde_json::to_value(starter_team(roster)).expect("a sheet")
}

/// A cheaper Orc team than the starter: the first 11 players of it, no re-roll, no apothecary.
fn cheap_orcs() -> Value {
    let mut s = starter_team(Roster::Orc);
    s.players.truncate(11);
    s.rerolls = 0;
    s.fan_factor = 0;
    s.apothecary = false;
    serde_json::to_value(s).expect("a sheet")
}

/// §27.0, §32.2: a registered coach creates a team of his roster from rookies; what the
/// sheet cost leaves the 1,000,000 treasury, the team value is the rules' own, and every
/// purchase of creation is in the history with who made it.
#[tokio::test]
async fn a_coach_creates_a_team_from_rookies_with_the_starting_treasury() {
    let server = TestServer::start().await;
    let (base, _org, orc, _human) = league(&server).await;
    let (status, team) = server
        .post(
            &format!("{base}/teams"),
            json!({"name": "Da Boyz", "sheet": cheap_orcs()}),
            Some(&orc),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{team}");
    let cheap: dugout_rules::bb::setup::TeamSheet =
        serde_json::from_value(cheap_orcs()).expect("sheet");
    let cost = sheet_cost(&cheap);
    assert_eq!(team["treasury"], STARTING_TREASURY - cost);
    assert_eq!(team["coach"], "orc_coach");
    assert_eq!(team["roster"], "orc");
    assert_eq!(team["approved"], false);
    assert_eq!(team["players"].as_array().expect("players").len(), 11);
    // §32.2: the team value from the roster: the players at their values, nothing else here.
    assert_eq!(team["team_value"], cost);
    let player = &team["players"][0];
    assert_eq!(player["spp"], 0);
    assert_eq!(player["miss_next_game"], false);
    assert!(
        player["skills"].is_array() && player["ma"].is_i64(),
        "{player}"
    );

    let id = team["id"].as_i64().expect("id");
    let (status, listed) = server.get(&format!("{base}/teams")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(listed.as_array().map(Vec::len), Some(1));
    assert_eq!(listed[0]["id"], id);

    // The history: the creation's events, each by the coach, and its fold is the team.
    let (status, history) = server.get(&format!("{base}/teams/{id}/history")).await;
    assert_eq!(status, StatusCode::OK, "{history}");
    let lines = history.as_array().expect("lines");
    assert_eq!(lines[0]["event"]["type"], "created");
    assert!(lines.iter().all(|l| l["actor"] == "orc_coach"), "{history}");
    let events: Vec<TeamEvent> = lines
        .iter()
        .map(|l| serde_json::from_value(l["event"].clone()).expect("an event"))
        .collect();
    let fold = LeagueTeam::fold(&events).expect("fold");
    assert_eq!(json!(fold.treasury), team["treasury"]);
    assert_eq!(json!(fold.team_value(false)), team["team_value"]);
    assert_eq!(team["version"], lines.len());

    // One team per coach per league.
    let (status, body) = server
        .post(
            &format!("{base}/teams"),
            json!({"name": "Again", "sheet": cheap_orcs()}),
            Some(&orc),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
}

/// §27.0: only a registered coach, only the roster he is registered with, only rookies,
/// 11 to 16 of them, and no more than the treasury buys.
#[tokio::test]
async fn a_team_that_breaks_the_creation_rules_is_refused() {
    let server = TestServer::start().await;
    let (base, _org, orc, human) = league(&server).await;
    let stranger = server.register("stranger").await;
    let teams = format!("{base}/teams");
    let (status, body) = server
        .post(
            &teams,
            json!({"name": "X", "sheet": sheet(Roster::Orc)}),
            Some(&stranger),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "not registered: {body}");
    let (status, body) = server
        .post(
            &teams,
            json!({"name": "X", "sheet": sheet(Roster::Orc)}),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    let (status, body) = server
        .post(
            &teams,
            json!({"name": "X", "sheet": sheet(Roster::Human)}),
            Some(&orc),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "registered with orc: {body}");
    // Not rookies.
    let mut veteran = starter_team(Roster::Human);
    veteran.players[0].stat_changes.st = 1;
    let (status, body) = server
        .post(&teams, json!({"name": "X", "sheet": veteran}), Some(&human))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    // Too few players.
    let mut short = starter_team(Roster::Human);
    short.players.truncate(10);
    let (status, body) = server
        .post(&teams, json!({"name": "X", "sheet": short}), Some(&human))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["code"], "illegal_command", "{body}");
    // More than the treasury.
    let mut rich = starter_team(Roster::Human);
    rich.rerolls = 8;
    let (status, body) = server
        .post(&teams, json!({"name": "X", "sheet": rich}), Some(&human))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("not enough gold")),
        "{body}"
    );
    let (_, listed) = server.get(&teams).await;
    assert_eq!(listed, json!([]), "nothing refused was stored");
    // A Blitz Bowl league has no league teams.
    let org2 = server.register("blitz_org").await;
    let (_, blitz) = server
        .post("/api/leagues", json!({"name": "Blitz"}), Some(&org2))
        .await;
    let (status, body) = server
        .get(&format!("/api/leagues/{}/teams", blitz["id"]))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
}

/// §27.0, §32.14: purchases are the rules' own: prices, limits, the treasury; a refusal
/// changes nothing; only the team's coach buys; once approved (logged by the organiser), a
/// team only renames outside the post-match window.
#[tokio::test]
async fn purchases_are_checked_by_the_rules_and_only_the_coach_makes_them() {
    let server = TestServer::start().await;
    let (base, org, orc, human) = league(&server).await;
    let (_, team) = server
        .post(
            &format!("{base}/teams"),
            json!({"name": "Da Boyz", "sheet": cheap_orcs()}),
            Some(&orc),
        )
        .await;
    let id = team["id"].as_i64().expect("id");
    let buy = format!("{base}/teams/{id}/purchases");
    let treasury = team["treasury"].as_u64().expect("treasury");
    let reroll = u64::from(Roster::Orc.data().reroll_cost);

    // The coach buys a re-roll at the creation price; TV rises by the list price.
    let (status, after) = server
        .post(&buy, json!({"do": "buy_reroll"}), Some(&orc))
        .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["treasury"], treasury - reroll);
    assert_eq!(after["rerolls"], 1);
    assert_eq!(
        after["team_value"].as_u64(),
        team["team_value"].as_u64().map(|v| v + reroll)
    );
    // Hire a blitzer, name him, fire a lineman (no refund).
    let (status, hired) = server
        .post(
            &buy,
            json!({"do": "hire_player", "position": "Blitzer", "name": "Gorbag"}),
            Some(&orc),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{hired}");
    let players = hired["players"].as_array().expect("players");
    let gorbag = players
        .iter()
        .find(|p| p["name"] == "Gorbag")
        .expect("hired");
    assert_eq!(gorbag["position"], "Blitzer");
    let blitzer = Roster::Orc
        .data()
        .positions
        .iter()
        .find(|p| p.name == "Blitzer")
        .expect("a blitzer")
        .cost;
    assert_eq!(
        hired["treasury"].as_u64(),
        after["treasury"].as_u64().map(|t| t - u64::from(blitzer))
    );
    let first = hired["players"][0]["id"].clone();
    let (status, renamed) = server
        .post(
            &buy,
            json!({"do": "rename_player", "player": first, "name": "Ugluk"}),
            Some(&orc),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{renamed}");
    assert_eq!(renamed["players"][0]["name"], "Ugluk");
    let (status, fired) = server
        .post(
            &buy,
            json!({"do": "fire_player", "player": first}),
            Some(&orc),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{fired}");
    assert_eq!(fired["treasury"], renamed["treasury"], "no refund");
    assert_eq!(fired["former"][0]["why"], "fired");

    // Refusals: typed, and nothing changes.
    let before = fired.clone();
    for (purchase, code) in [
        (
            json!({"do": "fire_player", "player": 999}),
            StatusCode::NOT_FOUND,
        ),
        (
            json!({"do": "hire_player", "position": "Catcher"}),
            StatusCode::FORBIDDEN,
        ),
        (
            json!({"do": "hire_staff", "staff": "apothecary"}),
            StatusCode::OK,
        ),
        (
            json!({"do": "hire_staff", "staff": "apothecary"}),
            StatusCode::FORBIDDEN,
        ),
        (json!({"do": "teleport"}), StatusCode::BAD_REQUEST),
    ] {
        let (status, body) = server.post(&buy, purchase.clone(), Some(&orc)).await;
        assert_eq!(status, code, "{purchase}: {body}");
    }
    let (status, body) = server
        .post(&buy, json!({"do": "buy_reroll"}), Some(&human))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "another coach: {body}");
    let (_, now) = server.get(&format!("{base}/teams/{id}")).await;
    assert_eq!(now["rerolls"], before["rerolls"]);
    assert_eq!(now["apothecary"], true);
    assert_eq!(
        now["treasury"].as_u64(),
        before["treasury"].as_u64().map(|t| t - 50_000)
    );

    // Approval: the organiser's only, once, logged.
    let approve = format!("{base}/teams/{id}/approval");
    let (status, body) = server.post(&approve, json!({}), Some(&orc)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, approved) = server.post(&approve, json!({}), Some(&org)).await;
    assert_eq!(status, StatusCode::OK, "{approved}");
    assert_eq!(approved["approved"], true);
    let (status, body) = server.post(&approve, json!({}), Some(&org)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, log) = server.get_auth(&format!("{base}/log"), &org).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(log[0]["what"], "approve_team", "{log}");

    // §32.14: approved, the team buys only in the post-match window; renaming is fine.
    let (status, body) = server
        .post(&buy, json!({"do": "buy_reroll"}), Some(&orc))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, body) = server
        .post(
            &buy,
            json!({"do": "rename_player", "player": gorbag["id"], "name": "Gorbag the Bold"}),
            Some(&orc),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // The history says who did what and why, in order.
    let (_, history) = server.get(&format!("{base}/teams/{id}/history")).await;
    let lines = history.as_array().expect("lines");
    let seqs: Vec<u64> = lines.iter().filter_map(|l| l["seq"].as_u64()).collect();
    assert_eq!(seqs, (1..=lines.len() as u64).collect::<Vec<_>>());
    let last = &lines[lines.len() - 1];
    assert_eq!(last["event"]["type"], "player_renamed");
    assert_eq!(last["actor"], "orc_coach");
    assert!(
        last["reason"]
            .as_str()
            .is_some_and(|r| r.contains("renamed")),
        "{last}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l["reason"].as_str() == Some("bought a team re-roll (creation)"))
    );
    // Unknown teams and bad ids.
    let (status, _) = server.get(&format!("{base}/teams/999")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = server.get(&format!("{base}/teams/0")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}
