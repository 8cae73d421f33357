//! League seasons over real HTTP (issue 13, part B): a server on port 0, matches played
//! through the real room code over WebSocket, then the season's REST routes: open, settings,
//! a round-robin schedule, a played fixture linked to its match, a forfeit, a reschedule, a
//! fixed result, standings with tie-breakers, leaders, the organiser's log, and the close
//! that freezes it all. Every organiser action is refused to anyone else.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

mod common;

use std::time::Duration;

use common::http::{http_get, http_post};
use common::{Client, Picker, TestServer, plain_setup, play_one, spec};
use dugout_protocol::{ClientMessage, RoomId, TimerPolicy};
use dugout_rules::blitz::{MatchSetup, data::TeamId};
use dugout_rules::core::Side;
use serde_json::{Value, json};

fn setup(teams: [usize; 2]) -> MatchSetup {
    MatchSetup {
        teams: [TeamId::ALL[teams[0]], TeamId::ALL[teams[1]]],
        ..plain_setup()
    }
}

fn team_name(i: usize) -> String {
    serde_json::to_value(TeamId::ALL[i])
        .expect("a team serializes")
        .as_str()
        .expect("a team is a string")
        .to_owned()
}

/// A match between `home` and `away` (tokens), started, a few commands played, then
/// conceded by `concede` if given (and stored finished).
async fn play(
    server: &TestServer,
    home: &str,
    away: &str,
    teams: [usize; 2],
    moves: usize,
    concede: Option<Side>,
) -> (RoomId, Client, Client) {
    let mut a = server.client(home).await;
    let mut b = server.client(away).await;
    let room = a
        .create_room(spec(setup(teams), TimerPolicy::default()))
        .await;
    assert!(a.join(&room, Some(Side::Home)).await.is_ok());
    assert!(b.join(&room, Some(Side::Away)).await.is_ok());
    common::start(&mut a, &mut b, &room).await;
    let mut picker = Picker::new(moves as u64);
    for _ in 0..moves {
        if play_one(&mut [&mut a, &mut b], &mut [], &room, &mut picker)
            .await
            .is_none()
        {
            break;
        }
    }
    if let Some(loser) = concede {
        let c = if loser == Side::Home { &mut a } else { &mut b };
        let r = room.clone();
        let answer = c.request(|id| ClientMessage::Concede { id, room: r }).await;
        assert!(answer.is_ok(), "{answer:?}");
        for _ in 0..200 {
            if server.match_log(&room).await.result.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    (room, a, b)
}

/// The fixture of `season` between coaches `x` and `y`, either way round.
fn fixture_of(season: &Value, x: &str, y: &str) -> Value {
    season["fixtures"]
        .as_array()
        .expect("fixtures")
        .iter()
        .find(|f| {
            let c = &f["coaches"];
            (c[0] == x && c[1] == y) || (c[0] == y && c[1] == x)
        })
        .unwrap_or_else(|| panic!("a fixture {x} v {y} in {season}"))
        .clone()
}

/// §32.1, §32.16: a season's whole life over REST.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_season_is_opened_scheduled_played_forfeited_fixed_and_closed_by_its_organiser() {
    let s = &TestServer::start().await;
    let ta = s.register("coach_a").await;
    let tb = s.register("coach_b").await;
    let tc = s.register("coach_c").await;
    let org = s.register("organiser").await;

    let (status, league) =
        http_post(s, "/api/leagues", Some(&org), json!({"name": "Spring Cup"})).await;
    assert_eq!(status, 201, "{league}");
    let id = league["id"].as_i64().expect("an id");
    let base = format!("/api/leagues/{id}");
    for (name, token, team) in [
        ("coach_a", &ta, 0),
        ("coach_b", &tb, 1),
        ("coach_c", &tc, 3),
    ] {
        let (status, body) = http_post(
            s,
            &format!("{base}/coaches"),
            Some(&org),
            json!({"coach": name, "team": team_name(team)}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        let (status, body) =
            http_post(s, &format!("{base}/invitation"), Some(token), json!({})).await;
        assert_eq!(status, 200, "{body}");
    }

    // ----- settings ----------------------------------------------------------------------
    let (status, settings) = http_get(s, &format!("{base}/settings"), None).await;
    assert_eq!(status, 200, "{settings}");
    assert_eq!(
        settings["tie_breakers"],
        json!(["touchdown_difference", "casualty_difference"])
    );
    let wanted = json!({"tie_breakers": ["head_to_head", "touchdowns_for"]});
    let (status, body) = http_post(s, &format!("{base}/settings"), Some(&ta), wanted.clone()).await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = http_post(
        s,
        &format!("{base}/settings"),
        Some(&org),
        json!({"tie_breakers": ["head_to_head", "head_to_head"]}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    // §32.17's switches are Blood Bowl's: a Blitz Bowl league keeps the defaults.
    let (status, body) = http_post(
        s,
        &format!("{base}/settings"),
        Some(&org),
        json!({"tie_breakers": [], "rules": {"free_fan_factor": true}}),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    let (status, body) = http_post(s, &format!("{base}/settings"), Some(&org), wanted).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["tie_breakers"],
        json!(["head_to_head", "touchdowns_for"])
    );

    // ----- a season, one at a time ---------------------------------------------------------
    let (status, body) = http_post(
        s,
        &format!("{base}/seasons"),
        Some(&ta),
        json!({"name": "2026"}),
    )
    .await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = http_post(
        s,
        &format!("{base}/seasons"),
        Some(&org),
        json!({"name": " "}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    let (status, season) = http_post(
        s,
        &format!("{base}/seasons"),
        Some(&org),
        json!({"name": "2026"}),
    )
    .await;
    assert_eq!(status, 201, "{season}");
    assert_eq!(season["number"], 1);
    assert_eq!(season["fixtures"], json!([]));
    let (status, body) = http_post(
        s,
        &format!("{base}/seasons"),
        Some(&org),
        json!({"name": "Another"}),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    let sbase = format!("{base}/seasons/1");

    // ----- the schedule: 3 coaches, one leg: 3 rounds, one bye each ------------------------
    let first = 1_900_000_000_000i64;
    let week = 7 * 86_400_000i64;
    for (bad, code) in [
        (
            json!({"first_deadline_ms": first, "days_between_rounds": 0}),
            400,
        ),
        (
            json!({"first_deadline_ms": first, "days_between_rounds": 7, "legs": 3}),
            400,
        ),
        (
            json!({"first_deadline_ms": 5, "days_between_rounds": 7}),
            400,
        ),
        (json!({"first_deadline_ms": first}), 400),
    ] {
        let (status, body) = http_post(s, &format!("{sbase}/schedule"), Some(&org), bad).await;
        assert_eq!(status, code, "{body}");
    }
    let plan = json!({"first_deadline_ms": first, "days_between_rounds": 7});
    let (status, body) = http_post(s, &format!("{sbase}/schedule"), Some(&tb), plan.clone()).await;
    assert_eq!(status, 403, "{body}");
    let (status, season) =
        http_post(s, &format!("{sbase}/schedule"), Some(&org), plan.clone()).await;
    assert_eq!(status, 201, "{season}");
    let fixtures = season["fixtures"].as_array().expect("fixtures").clone();
    assert_eq!(fixtures.len(), 3, "{season}");
    let rounds: Vec<i64> = fixtures
        .iter()
        .map(|f| f["round"].as_i64().expect("round"))
        .collect();
    assert_eq!(rounds, [1, 2, 3]);
    for f in &fixtures {
        let r = f["round"].as_i64().expect("round");
        assert_eq!(f["deadline_ms"], first + (r - 1) * week, "{f}");
        assert_eq!(f["result"], Value::Null);
    }
    let (status, body) = http_post(s, &format!("{sbase}/schedule"), Some(&org), plan).await;
    assert_eq!(status, 409, "scheduled once: {body}");

    // ----- a played fixture: linked to its match ------------------------------------------
    // coach_a (home) beats coach_b, who concedes.
    let (m1, _a1, _b1) = play(s, &ta, &tb, [0, 1], 8, Some(Side::Away)).await;
    // coach_b v coach_c, not finished.
    let (m2, _a2, _b2) = play(s, &tb, &tc, [1, 3], 0, None).await;
    let ab = fixture_of(&season, "coach_a", "coach_b");
    let ac = fixture_of(&season, "coach_a", "coach_c");
    let bc = fixture_of(&season, "coach_b", "coach_c");
    let fpath = |f: &Value, what: &str| format!("{base}/fixtures/{}/{what}", f["id"]);
    let (status, body) = http_post(s, &fpath(&ab, "match"), Some(&ta), json!({"match": m1})).await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = http_post(s, &fpath(&ac, "match"), Some(&org), json!({"match": m2})).await;
    assert_eq!(status, 409, "not this fixture's coaches: {body}");
    let (status, body) = http_post(
        s,
        &fpath(&ab, "match"),
        Some(&org),
        json!({"match": "no-such-match"}),
    )
    .await;
    assert_eq!(status, 404, "{body}");
    let (status, played) =
        http_post(s, &fpath(&ab, "match"), Some(&org), json!({"match": m1})).await;
    assert_eq!(status, 200, "{played}");
    assert_eq!(played["match_id"], json!(m1));
    assert_eq!(played["status"], "finished");
    // The result in the fixture's own seats: coach_a won, wherever the fixture put them.
    let a_seat = if played["coaches"][0] == "coach_a" {
        "home"
    } else {
        "away"
    };
    assert_eq!(played["result"]["winner"], a_seat, "{played}");
    assert_eq!(played["result"]["source"], "match");
    let (status, body) = http_post(s, &fpath(&ac, "match"), Some(&org), json!({"match": m1})).await;
    assert_eq!(status, 409, "a match plays one fixture: {body}");
    let (_, attached) = http_get(s, &base, None).await;
    assert_eq!(
        attached["matches"],
        json!([m1]),
        "linking attaches: {attached}"
    );

    // ----- a forfeit: coach_c did not show ----------------------------------------------------
    let c_side = if bc["coaches"][0] == "coach_c" {
        "home"
    } else {
        "away"
    };
    let forfeit = json!({"absent": c_side, "reason": "coach_c never answered"});
    let (status, body) = http_post(s, &fpath(&bc, "forfeit"), Some(&tb), forfeit.clone()).await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = http_post(
        s,
        &fpath(&bc, "forfeit"),
        Some(&org),
        json!({"absent": c_side, "reason": ""}),
    )
    .await;
    assert_eq!(status, 400, "a reason is required: {body}");
    let (status, body) = http_post(s, &fpath(&ab, "forfeit"), Some(&org), forfeit.clone()).await;
    assert_eq!(
        status, 409,
        "a played fixture is fixed, not forfeited: {body}"
    );
    let (status, lost) = http_post(s, &fpath(&bc, "forfeit"), Some(&org), forfeit).await;
    assert_eq!(status, 200, "{lost}");
    let b_side = if c_side == "home" { "away" } else { "home" };
    assert_eq!(lost["result"]["winner"], b_side);
    assert_eq!(lost["result"]["source"], "forfeit");
    let mut two_nil = [0, 0];
    two_nil[usize::from(b_side == "away")] = 2;
    assert_eq!(lost["result"]["touchdowns"], json!(two_nil));

    // ----- a reschedule ---------------------------------------------------------------------
    let later = first + 30 * 86_400_000;
    let (status, body) = http_post(
        s,
        &fpath(&ac, "deadline"),
        Some(&tc),
        json!({"deadline_ms": later, "reason": "holiday"}),
    )
    .await;
    assert_eq!(status, 403, "{body}");
    let (status, moved) = http_post(
        s,
        &fpath(&ac, "deadline"),
        Some(&org),
        json!({"deadline_ms": later, "reason": "coach_a is on holiday"}),
    )
    .await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!(moved["deadline_ms"], later);

    // ----- a fixed result: standings use it, the archive keeps the match ------------------------
    let (status, body) = http_post(
        s,
        &fpath(&ac, "result"),
        Some(&org),
        json!({"touchdowns": [1, 1], "injuries": [0, 0], "winner": "draw", "reason": "x"}),
    )
    .await;
    assert_eq!(status, 409, "nothing played, nothing to fix: {body}");
    let fix = json!({"touchdowns": [1, 1], "injuries": [0, 0], "winner": "draw",
                     "reason": "coach_b's concession was a misclick, agreed a draw"});
    let (status, body) = http_post(s, &fpath(&ab, "result"), Some(&ta), fix.clone()).await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = http_post(
        s,
        &fpath(&ab, "result"),
        Some(&org),
        json!({"touchdowns": [100, 1], "injuries": [0, 0], "winner": "home", "reason": "x"}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    let (status, fixed) = http_post(s, &fpath(&ab, "result"), Some(&org), fix).await;
    assert_eq!(status, 200, "{fixed}");
    assert_eq!(fixed["result"]["winner"], "draw");
    assert_eq!(fixed["result"]["source"], "fixed");
    assert_eq!(fixed["outcome"]["kind"], "fixed");
    let (status, summary) = http_get(s, &format!("/api/matches/{m1}"), None).await;
    assert_eq!(status, 200, "{summary}");
    assert_eq!(
        summary["winner"], "home",
        "the archive is untouched: {summary}"
    );

    // ----- standings: b drew with a and won the forfeit 2-0; a drew; c lost -------------------
    let (status, table) = http_get(s, &format!("{sbase}/standings"), None).await;
    assert_eq!(status, 200, "{table}");
    assert_eq!(table["frozen"], false);
    assert_eq!(
        table["tie_breakers"],
        json!(["head_to_head", "touchdowns_for"])
    );
    let rows = table["standings"].as_array().expect("rows");
    let order: Vec<&str> = rows
        .iter()
        .map(|r| r["coach"].as_str().expect("coach"))
        .collect();
    assert_eq!(order, ["coach_b", "coach_a", "coach_c"], "{table}");
    assert_eq!(rows[0]["points"], 4);
    assert_eq!(rows[0]["touchdowns_for"], 3);
    assert_eq!(rows[1]["points"], 1);
    assert_eq!(rows[2]["lost"], 1);
    assert_eq!(rows[2]["touchdowns_against"], 2);

    // ----- leaders: Blitz Bowl counts teams, and has no completions --------------------------
    let (status, leaders) = http_get(s, &format!("{sbase}/leaders"), None).await;
    assert_eq!(status, 200, "{leaders}");
    assert_eq!(leaders["completions"], Value::Null);
    assert!(leaders["touchdowns"].is_array(), "{leaders}");

    // ----- close: frozen standings, no more changes -------------------------------------------
    let (status, body) = http_post(
        s,
        &format!("{sbase}/close"),
        Some(&ta),
        json!({"reason": "done"}),
    )
    .await;
    assert_eq!(status, 403, "{body}");
    let (status, closed) = http_post(
        s,
        &format!("{sbase}/close"),
        Some(&org),
        json!({"reason": "the season is over"}),
    )
    .await;
    assert_eq!(status, 200, "{closed}");
    assert!(closed["closed_at_ms"].is_i64(), "{closed}");
    let (_, frozen) = http_get(s, &format!("{sbase}/standings"), None).await;
    assert_eq!(frozen["frozen"], true);
    assert_eq!(frozen["standings"], table["standings"]);
    let (status, body) = http_post(
        s,
        &fpath(&ac, "deadline"),
        Some(&org),
        json!({"deadline_ms": later, "reason": "again"}),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    let (status, body) = http_post(
        s,
        &format!("{sbase}/close"),
        Some(&org),
        json!({"reason": "twice"}),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    // The next season opens.
    let (status, next) = http_post(
        s,
        &format!("{base}/seasons"),
        Some(&org),
        json!({"name": "2027"}),
    )
    .await;
    assert_eq!(status, 201, "{next}");
    assert_eq!(next["number"], 2);
    let (_, listed) = http_get(s, &format!("{base}/seasons"), None).await;
    assert_eq!(listed.as_array().map(Vec::len), Some(2), "{listed}");

    // ----- the organiser's log: every action, with its reason ---------------------------------
    let (status, log) = http_get(s, &format!("{base}/log"), Some(&org)).await;
    assert_eq!(status, 200, "{log}");
    let mut whats: Vec<&str> = log
        .as_array()
        .expect("lines")
        .iter()
        .map(|l| l["what"].as_str().expect("what"))
        .collect();
    whats.reverse();
    assert_eq!(
        whats,
        [
            "set_settings",
            "open_season",
            "schedule",
            "link_match",
            "forfeit",
            "reschedule",
            "fix_result",
            "close_season",
            "open_season"
        ],
        "{log}"
    );
    let details: Vec<&str> = log
        .as_array()
        .expect("lines")
        .iter()
        .map(|l| l["detail"].as_str().expect("detail"))
        .collect();
    assert!(
        details.iter().any(|d| d.contains("misclick")),
        "{details:?}"
    );
    assert!(
        details.iter().any(|d| d.contains("on holiday")),
        "{details:?}"
    );
    assert!(
        details.iter().any(|d| d.contains("never answered")),
        "{details:?}"
    );
}

/// Bad path parameters are typed 400s; unknown seasons and fixtures are 404s.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_season_and_fixture_parameters_are_refused() {
    let s = &TestServer::start().await;
    let org = s.register("organiser").await;
    let (_, league) = http_post(s, "/api/leagues", Some(&org), json!({"name": "L"})).await;
    let id = league["id"].as_i64().expect("an id");
    let base = format!("/api/leagues/{id}");
    for (path, code) in [
        (format!("{base}/seasons/abc"), 400),
        (format!("{base}/seasons/0"), 400),
        (format!("{base}/seasons/-1/standings"), 400),
        (format!("{base}/seasons/99"), 404),
        (format!("{base}/seasons/99/leaders"), 404),
        ("/api/leagues/0/seasons".to_owned(), 400),
        ("/api/leagues/9999/settings".to_owned(), 404),
    ] {
        let (status, body) = http_get(s, &path, None).await;
        assert_eq!(status, code, "{path}: {body}");
        assert!(body["code"].is_string(), "{path}: {body}");
    }
    let forfeit = json!({"absent": "home", "reason": "r"});
    let deadline = json!({"deadline_ms": 1_900_000_000_000i64, "reason": "r"});
    for (path, body, code) in [
        (format!("{base}/fixtures/0/deadline"), &deadline, 400),
        (format!("{base}/fixtures/x/forfeit"), &forfeit, 400),
        (format!("{base}/fixtures/9999/forfeit"), &forfeit, 404),
        (format!("{base}/fixtures/9999/deadline"), &deadline, 404),
    ] {
        let (status, answer) = http_post(s, &path, Some(&org), body.clone()).await;
        assert_eq!(status, code, "{path}: {answer}");
        assert!(answer["code"].is_string(), "{path}: {answer}");
    }
    // A schedule needs two coaches.
    let (_, _) = http_post(
        s,
        &format!("{base}/seasons"),
        Some(&org),
        json!({"name": "S"}),
    )
    .await;
    let (status, body) = http_post(
        s,
        &format!("{base}/seasons/1/schedule"),
        Some(&org),
        json!({"first_deadline_ms": 1_900_000_000_000i64, "days_between_rounds": 7}),
    )
    .await;
    assert_eq!(status, 409, "{body}");
}

/// §32.6, §32.16: a Blood Bowl season's leaders are players, counted from the star player
/// point awards of the linked match's events: the touchdown leaders add up to the touchdowns
/// the archive counts for the match, and a Blood Bowl league has a completions table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_blood_bowl_season_counts_its_leaders_per_player_from_the_match_events() {
    use dugout_protocol::RoomSpec;
    use dugout_rules::AnySetup;
    use dugout_rules::bb::{self, Roster, TeamChoice};

    let s = &TestServer::start().await;
    let org = s.register("commissioner").await;
    let ta = s.register("orc_coach").await;
    let tb = s.register("human_coach").await;
    let (status, league) = http_post(
        s,
        "/api/leagues",
        Some(&org),
        json!({"name": "Old World", "game": "blood_bowl"}),
    )
    .await;
    assert_eq!(status, 201, "{league}");
    let id = league["id"].as_i64().expect("an id");
    let base = format!("/api/leagues/{id}");
    for (coach, team, token) in [("orc_coach", "Orc", &ta), ("human_coach", "Human", &tb)] {
        let (status, body) = http_post(
            s,
            &format!("{base}/coaches"),
            Some(&org),
            json!({"coach": coach, "team": team}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        let (status, body) =
            http_post(s, &format!("{base}/invitation"), Some(token), json!({})).await;
        assert_eq!(status, 200, "{body}");
    }
    // §32.17's switches are taken by a Blood Bowl league.
    let (status, body) = http_post(
        s,
        &format!("{base}/settings"),
        Some(&org),
        json!({"tie_breakers": ["touchdowns_for"], "rules": {"free_fan_factor": true, "mvp": "random_living"}}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["rules"]["free_fan_factor"], true);
    // An integral number is an integer however it is spelt (JSON Schema's `integer`, which
    // the OpenAPI document promises): `70000.0` is taken for a `u32`, `0.5` is not.
    let (status, body) = http_post(
        s,
        &format!("{base}/settings"),
        Some(&org),
        json!({"tie_breakers": ["touchdowns_for"], "rules": {"free_fan_factor": true, "mvp": "random_living", "expenses_band": 70000.0}}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["rules"]["expenses_band"], 70000);
    let (status, body) = http_post(
        s,
        &format!("{base}/settings"),
        Some(&org),
        json!({"tie_breakers": ["touchdowns_for"], "rules": {"expenses_band": 0.5}}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("rules.expenses_band")),
        "the message names the field: {body}"
    );
    // §32.12: a band of 0 (or under 10,000) is refused, as the OpenAPI document says.
    for band in [0, 9_999] {
        let (status, body) = http_post(
            s,
            &format!("{base}/settings"),
            Some(&org),
            json!({"tie_breakers": ["touchdowns_for"], "rules": {"expenses_band": band}}),
        )
        .await;
        assert_eq!(status, 400, "{body}");
        assert!(
            body["message"]
                .as_str()
                .is_some_and(|m| m.contains("rules.expenses_band") && m.contains("10000")),
            "{body}"
        );
    }
    let (_, doc) = http_get(s, "/api/openapi.json", None).await;
    fn band_minimums(v: &Value, out: &mut Vec<Value>) {
        match v {
            Value::Object(m) => {
                if let Some(b) = m.get("properties").and_then(|p| p.get("expenses_band")) {
                    out.push(b["minimum"].clone());
                }
                m.values().for_each(|x| band_minimums(x, out));
            }
            Value::Array(a) => a.iter().for_each(|x| band_minimums(x, out)),
            _ => {}
        }
    }
    let mut minimums = Vec::new();
    band_minimums(&doc, &mut minimums);
    assert!(!minimums.is_empty());
    assert!(
        minimums.iter().all(|m| *m == json!(10000)),
        "the document states the band's minimum: {minimums:?}"
    );
    let (_, settings) = http_get(s, &format!("{base}/settings"), None).await;
    assert_eq!(settings["rules"]["expenses_band"], 70000, "nothing changed");
    let (status, _) = http_post(
        s,
        &format!("{base}/seasons"),
        Some(&org),
        json!({"name": "One"}),
    )
    .await;
    assert_eq!(status, 201);
    let (status, season) = http_post(
        s,
        &format!("{base}/seasons/1/schedule"),
        Some(&org),
        json!({"first_deadline_ms": 1_900_000_000_000i64, "days_between_rounds": 7, "legs": 2}),
    )
    .await;
    assert_eq!(status, 201, "{season}");
    assert_eq!(season["fixtures"].as_array().map(Vec::len), Some(2));

    // Whole matches played in league rooms (each plays the next fixture when it ends), until
    // one has a touchdown or an injury (random coaches make few; the server's dice are its
    // own): at most the two fixtures.
    let mut rooms = 0;
    for attempt in 0..2u64 {
        rooms += 1;
        let mut a = s.client(&ta).await;
        let mut b = s.client(&tb).await;
        let room = a
            .create_room(RoomSpec {
                setup: AnySetup::BloodBowl(bb::MatchSetup {
                    teams: [
                        TeamChoice::Roster(Roster::Orc),
                        TeamChoice::Roster(Roster::Human),
                    ],
                    options: bb::Options::default(),
                    pre_match: Box::default(),
                }),
                timer: TimerPolicy::None,
                private: false,
                league: Some(id),
            })
            .await
            .to_string();
        assert!(a.join(&room, Some(Side::Home)).await.is_ok());
        assert!(b.join(&room, Some(Side::Away)).await.is_ok());
        common::start(&mut a, &mut b, &room).await;
        let mut picker = Picker::playing_on(11 + attempt);
        common::play_to_end(&mut a, &mut b, &mut [], &room, &mut picker).await;
        for _ in 0..200 {
            if s.match_log(&room).await.result.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let (_, summary) = http_get(s, &format!("/api/matches/{room}"), None).await;
        let any = |k: &str| {
            summary[k]
                .as_array()
                .is_some_and(|v| v.iter().any(|n| n != 0))
        };
        if any("touchdowns") || any("injuries") {
            break;
        }
    }
    // The season's linked matches, and what the archive counts in them.
    let mut season = Value::Null;
    for _ in 0..100 {
        season = http_get(s, &format!("{base}/seasons/1"), None).await.1;
        let linked = season["fixtures"].as_array().map_or(0, |f| {
            f.iter().filter(|f| f["match_id"].is_string()).count()
        });
        if linked == rooms {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (mut tds, mut injuries, mut played) = (0u64, 0u64, 0u64);
    for f in season["fixtures"].as_array().expect("fixtures") {
        let Some(m) = f["match_id"].as_str() else {
            continue;
        };
        assert_eq!(f["result"]["source"], "match", "{f}");
        played += 1;
        let (status, summary) = http_get(s, &format!("/api/matches/{m}"), None).await;
        assert_eq!(status, 200, "{summary}");
        let sum = |k: &str| -> u64 {
            summary[k]
                .as_array()
                .expect(k)
                .iter()
                .filter_map(Value::as_u64)
                .sum()
        };
        tds += sum("touchdowns");
        injuries += sum("injuries");
    }
    assert_eq!(
        played, rooms as u64,
        "every room's match plays a fixture: {season}"
    );
    let (status, leaders) = http_get(s, &format!("{base}/seasons/1/leaders"), None).await;
    assert_eq!(status, 200, "{leaders}");
    assert_eq!(leaders["game"], "blood_bowl");
    let table = |name: &str| leaders[name].as_array().expect(name).clone();
    let counted: u64 = table("touchdowns")
        .iter()
        .map(|l| l["count"].as_u64().expect("count"))
        .sum();
    assert_eq!(counted, tds, "{leaders} v {season}");
    // Casualties count only those a player caused (a block, §32.6), so no more than the
    // injuries the archive counts.
    let casualties: u64 = table("casualties")
        .iter()
        .map(|l| l["count"].as_u64().expect("count"))
        .sum();
    assert!(casualties <= injuries, "{leaders} v {season}");
    for name in ["touchdowns", "casualties", "completions"] {
        for l in table(name) {
            assert!(l["player"].as_str().is_some_and(|p| !p.is_empty()), "{l}");
            assert!(
                l["coach"] == "orc_coach" || l["coach"] == "human_coach",
                "{l}"
            );
        }
    }
    // Standings: the season's table counts each linked match for both coaches.
    let (_, table) = http_get(s, &format!("{base}/seasons/1/standings"), None).await;
    let rows: Vec<u64> = table["standings"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["played"].as_u64().expect("played"))
        .collect();
    assert_eq!(rows, [played, played], "{table}");
}

/// A match played in a room created under the league plays its coaches' next open fixture
/// when it finishes: round by round, logged as the home coach's link; once their fixtures are
/// all played, a further match links nothing (it still counts for the league).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_room_s_match_plays_its_coaches_next_fixture_when_it_finishes() {
    let s = &TestServer::start().await;
    let ta = s.register("coach_a").await;
    let tb = s.register("coach_b").await;
    let org = s.register("organiser").await;
    let (_, league) = http_post(s, "/api/leagues", Some(&org), json!({"name": "Rooms"})).await;
    let id = league["id"].as_i64().expect("an id");
    let base = format!("/api/leagues/{id}");
    for (name, token, team) in [("coach_a", &ta, 0), ("coach_b", &tb, 1)] {
        let (status, body) = http_post(
            s,
            &format!("{base}/coaches"),
            Some(&org),
            json!({"coach": name, "team": team_name(team)}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        let (status, _) = http_post(s, &format!("{base}/invitation"), Some(token), json!({})).await;
        assert_eq!(status, 200);
    }
    let (status, _) = http_post(
        s,
        &format!("{base}/seasons"),
        Some(&org),
        json!({"name": "S"}),
    )
    .await;
    assert_eq!(status, 201);
    let (status, season) = http_post(
        s,
        &format!("{base}/seasons/1/schedule"),
        Some(&org),
        json!({"first_deadline_ms": 1_900_000_000_000i64, "days_between_rounds": 7, "legs": 2}),
    )
    .await;
    assert_eq!(status, 201, "{season}");

    let mut rooms = Vec::new();
    for _ in 0..3 {
        let mut a = s.client(&ta).await;
        let mut b = s.client(&tb).await;
        let mut room_spec = spec(setup([0, 1]), TimerPolicy::default());
        room_spec.league = Some(id);
        let room = a.create_room(room_spec).await;
        assert!(a.join(&room, Some(Side::Home)).await.is_ok());
        assert!(b.join(&room, Some(Side::Away)).await.is_ok());
        common::start(&mut a, &mut b, &room).await;
        let r = room.clone();
        let answer = b.request(|id| ClientMessage::Concede { id, room: r }).await;
        assert!(answer.is_ok(), "{answer:?}");
        for _ in 0..200 {
            if s.match_log(&room).await.result.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        rooms.push(room.to_string());
    }
    // The link follows the result in the room's own task: wait for it.
    let mut season = Value::Null;
    for _ in 0..100 {
        season = http_get(s, &format!("{base}/seasons/1"), None).await.1;
        if season["fixtures"][1]["match_id"].is_string() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let linked: Vec<Value> = season["fixtures"]
        .as_array()
        .expect("fixtures")
        .iter()
        .map(|f| f["match_id"].clone())
        .collect();
    assert_eq!(linked, [json!(rooms[0]), json!(rooms[1])], "{season}");
    for f in season["fixtures"].as_array().expect("fixtures") {
        assert_eq!(f["result"]["source"], "match", "{f}");
        // coach_a won each (coach_b conceded), whichever seat the fixture gives them.
        let a_seat = if f["coaches"][0] == "coach_a" {
            "home"
        } else {
            "away"
        };
        assert_eq!(f["result"]["winner"], a_seat, "{f}");
    }
    // The third match counts for the league, not for the season.
    let (_, shown) = http_get(s, &base, None).await;
    assert!(
        shown["matches"]
            .as_array()
            .is_some_and(|m| m.contains(&json!(rooms[2]))),
        "{shown}"
    );
    let (_, table) = http_get(s, &format!("{base}/seasons/1/standings"), None).await;
    assert_eq!(table["standings"][0]["coach"], "coach_a");
    assert_eq!(table["standings"][0]["won"], 2, "{table}");
    let (_, log) = http_get(s, &format!("{base}/log"), Some(&org)).await;
    let links: Vec<&Value> = log
        .as_array()
        .expect("lines")
        .iter()
        .filter(|l| l["what"] == "link_match")
        .collect();
    assert_eq!(links.len(), 2, "{log}");
    assert!(links.iter().all(|l| l["who"] == "coach_a"), "{log}");
}

/// §32.16: the server stops after a league room's match has ended (its log ends with
/// `match_ended`) but before the room stored the result's row and linked the fixture. The
/// match is written to the store exactly as a room writes it up to that point (created,
/// started, the concession and `match_ended` appended); the server restarted on that store
/// finishes the row and links the coaches' open fixture, as the room would have.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_room_s_match_ended_just_before_a_stop_is_linked_by_recovery() {
    use dugout_protocol::{MatchResult, RoomEvent, RoomStatus};
    use dugout_rules::AnyEvent;
    use dugout_server::store::StoredEvent;

    let mut server = TestServer::start().await;
    let s = &server;
    let ta = s.register("coach_a").await;
    let tb = s.register("coach_b").await;
    let org = s.register("organiser").await;
    let (_, league) = http_post(s, "/api/leagues", Some(&org), json!({"name": "Crash"})).await;
    let id = league["id"].as_i64().expect("an id");
    let base = format!("/api/leagues/{id}");
    for (name, token, team) in [("coach_a", &ta, 0), ("coach_b", &tb, 1)] {
        let (status, body) = http_post(
            s,
            &format!("{base}/coaches"),
            Some(&org),
            json!({"coach": name, "team": team_name(team)}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        let (status, _) = http_post(s, &format!("{base}/invitation"), Some(token), json!({})).await;
        assert_eq!(status, 200);
    }
    let (status, _) = http_post(
        s,
        &format!("{base}/seasons"),
        Some(&org),
        json!({"name": "S"}),
    )
    .await;
    assert_eq!(status, 201);
    let (status, season) = http_post(
        s,
        &format!("{base}/seasons/1/schedule"),
        Some(&org),
        json!({"first_deadline_ms": 1_900_000_000_000i64, "days_between_rounds": 7, "legs": 1}),
    )
    .await;
    assert_eq!(status, 201, "{season}");

    // The room's writes, up to the stop.
    let store = s.state.store().clone();
    let mut coaches = Vec::new();
    for name in ["coach_a", "coach_b"] {
        let c = store
            .credential(name)
            .await
            .expect("store")
            .expect("an account");
        coaches.push(c.account);
    }
    let mut room_spec = spec(setup([0, 1]), TimerPolicy::default());
    room_spec.league = Some(id);
    store
        .create_match("crashed", &room_spec, dugout_rules::blitz::RULES_VERSION, 1)
        .await
        .expect("create");
    store
        .set_match_league("crashed", Some(id))
        .await
        .expect("the lobby's league column");
    let seed = [7u8; 32];
    let mut dice = dugout_rules::core::ChaChaDice::from_seed(seed);
    let (_, opening) = dugout_rules::blitz::new_game(setup([0, 1]), &mut dice).expect("setup");
    let mut events = vec![RoomEvent::MatchStarted {
        coaches: [coaches[0].name.clone(), coaches[1].name.clone()],
        dice: None,
    }];
    events.extend(opening.into_iter().map(|event| RoomEvent::Game {
        event: AnyEvent::Blitz(event),
    }));
    let start: Vec<StoredEvent> = events
        .into_iter()
        .enumerate()
        .map(|(i, event)| StoredEvent {
            seq: i as u64 + 1,
            event,
        })
        .collect();
    let n = start.len() as u64;
    store
        .start_match("crashed", [coaches[0].id, coaches[1].id], seed, &start, 2)
        .await
        .expect("start");
    let end = [
        StoredEvent {
            seq: n + 1,
            event: RoomEvent::Conceded { coach: Side::Away },
        },
        StoredEvent {
            seq: n + 2,
            event: RoomEvent::MatchEnded {
                result: MatchResult::Concession { loser: Side::Away },
                server_seed: None,
            },
        },
    ];
    store.append("crashed", None, &end).await.expect("append");
    let (_, before) = http_get(s, &format!("{base}/seasons/1"), None).await;
    assert!(before["fixtures"][0]["match_id"].is_null(), "{before}");
    assert_eq!(
        server.match_log("crashed").await.status,
        RoomStatus::Playing,
        "the row was never finished"
    );

    server.restart().await;
    let s = &server;
    assert_eq!(s.match_log("crashed").await.status, RoomStatus::Finished);
    let (_, after) = http_get(s, &format!("{base}/seasons/1"), None).await;
    let f = &after["fixtures"][0];
    assert_eq!(f["match_id"], "crashed", "{after}");
    assert_eq!(f["result"]["source"], "match", "{f}");
    let a_seat = if f["coaches"][0] == "coach_a" {
        "home"
    } else {
        "away"
    };
    assert_eq!(f["result"]["winner"], a_seat, "coach_b conceded: {f}");
    let (_, log) = http_get(s, &format!("{base}/log"), Some(&org)).await;
    assert_eq!(
        log.as_array()
            .expect("lines")
            .iter()
            .filter(|l| l["what"] == "link_match")
            .count(),
        1,
        "{log}"
    );
    // A second restart links nothing more.
    server.restart().await;
    let (_, log) = http_get(&server, &format!("{base}/log"), Some(&org)).await;
    assert_eq!(
        log.as_array()
            .expect("lines")
            .iter()
            .filter(|l| l["what"] == "link_match")
            .count(),
        1
    );
}
