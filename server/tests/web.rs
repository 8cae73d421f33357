//! The web front end's server side: the pages and assets (content types, CSP, ETags, the
//! HTML 404 beside the JSON 404 of `/api`), `GET /api/leagues`, `GET /api/rules/blitz`, `GET /api/rules/blood_bowl`, and
//! `GET /api/matches/{id}/verification` on matches played over real WebSocket rooms.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::{Picker, TestServer, plain_setup, play_one, spec};
use dugout_protocol::{ClientMessage, MatchResult, TimerPolicy};
use dugout_rules::core::Side;
use dugout_server::app;
use serde_json::{Value, json};
use tower::ServiceExt;

/// GET `path` from the app: status, headers, body as text.
async fn raw(
    server: &TestServer,
    path: &str,
    if_none_match: Option<&str>,
) -> (StatusCode, axum::http::HeaderMap, String) {
    let mut req = Request::get(path);
    if let Some(tag) = if_none_match {
        req = req.header(header::IF_NONE_MATCH, tag);
    }
    let resp = app(server.state.clone())
        .oneshot(req.body(Body::empty()).expect("request"))
        .await
        .expect("router is infallible");
    let status = resp.status();
    let headers = resp.headers().clone();
    let bytes = axum::body::to_bytes(resp.into_body(), 1 << 20)
        .await
        .expect("body");
    (
        status,
        headers,
        String::from_utf8(bytes.to_vec()).expect("utf-8"),
    )
}

fn header_of(h: &axum::http::HeaderMap, name: header::HeaderName) -> String {
    h.get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn pages_and_assets_are_served_with_a_strict_csp_and_etags() {
    let server = TestServer::start().await;
    for (path, script) in [
        ("/", "archive.js"),
        ("/matches", "archive.js"),
        ("/matches/any-id", "match.js"),
        ("/live", "live.js"),
        ("/live/any-room", "live.js"),
        ("/leagues", "leagues.js"),
        ("/leagues/7", "league.js"),
        ("/leagues/7/teams", "team.js"),
        ("/leagues/7/teams/3", "team.js"),
        ("/leagues/7/teams/3/players/12", "player.js"),
        ("/organiser", "organiser.js"),
    ] {
        let (status, h, body) = raw(&server, path, None).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(header_of(&h, header::CONTENT_TYPE).starts_with("text/html"));
        let csp = header_of(&h, header::CONTENT_SECURITY_POLICY);
        assert!(csp.contains("default-src 'none'"), "{csp}");
        assert!(csp.contains("script-src 'self'"), "{csp}");
        assert!(!csp.contains("unsafe"), "{csp}");
        assert_eq!(header_of(&h, header::X_CONTENT_TYPE_OPTIONS), "nosniff");
        assert_eq!(header_of(&h, header::CACHE_CONTROL), "no-cache");
        assert!(
            body.contains(&format!("src=\"/assets/{script}\"")),
            "{path}: {body}"
        );
        // No inline script or style: the CSP would refuse them.
        assert!(
            !body.contains("<script>") && !body.contains("style="),
            "{body}"
        );
    }
    // Every script a page names exists, with its type; an ETag answers 304.
    for asset in [
        "app.css",
        "common.js",
        "pitch.js",
        "describe.js",
        "games.js",
        "blitz_fold.js",
        "bb_fold.js",
        "bb_pitch.js",
        "bb_describe.js",
        "archive.js",
        "match.js",
        "live.js",
        "leagues.js",
        "league.js",
        "organiser.js",
        "team_words.js",
        "team.js",
        "player.js",
        "notfound.js",
        "favicon.svg",
    ] {
        let path = format!("/assets/{asset}");
        let (status, h, body) = raw(&server, &path, None).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(!body.is_empty());
        let ct = header_of(&h, header::CONTENT_TYPE);
        let want = if asset.ends_with(".js") {
            "text/javascript"
        } else if asset.ends_with(".css") {
            "text/css"
        } else {
            "image/svg+xml"
        };
        assert!(ct.starts_with(want), "{path}: {ct}");
        let tag = header_of(&h, header::ETAG);
        assert!(tag.starts_with('"'), "{tag}");
        let (again, _, body) = raw(&server, &path, Some(&tag)).await;
        assert_eq!(again, StatusCode::NOT_MODIFIED, "{path}");
        assert!(body.is_empty());
        let (stale, _, _) = raw(&server, &path, Some("\"something-else\"")).await;
        assert_eq!(stale, StatusCode::OK);
    }
    // An unknown asset is a JSON 404, as the OpenAPI document says.
    let (status, h, body) = raw(&server, "/assets/nope.js", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(header_of(&h, header::CONTENT_TYPE).starts_with("application/json"));
    let error: serde_json::Value = serde_json::from_str(&body).expect("an ApiError");
    assert_eq!(error["code"], "not_found", "{error}");
}

#[tokio::test]
async fn unknown_pages_get_the_html_404_and_unknown_api_paths_the_json_404() {
    let server = TestServer::start().await;
    let (status, h, body) = raw(&server, "/no/such/page", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(header_of(&h, header::CONTENT_TYPE).starts_with("text/html"));
    assert!(body.contains("/assets/notfound.js"));
    for path in [
        "/api",
        "/api/nothing",
        "/api/matches/x/nothing",
        "/ws/extra",
    ] {
        let (status, h, body) = raw(&server, path, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert!(header_of(&h, header::CONTENT_TYPE).starts_with("application/json"));
        let v: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(v["code"], "not_found", "{path}: {v}");
    }
}

#[tokio::test]
async fn the_rules_data_has_both_boards_and_every_team() {
    let server = TestServer::start().await;
    let (status, body) = server.get("/api/rules/blitz").await;
    assert_eq!(status, StatusCode::OK);
    let one = &body["boards"]["OneTrapdoor"];
    assert_eq!(one["length"], 15);
    assert_eq!(one["width"], 11);
    assert_eq!(one["trapdoors"], json!([[7, 5]]));
    assert_eq!(one["blocked"].as_array().map(Vec::len), Some(16));
    assert_eq!(
        body["boards"]["TwoTrapdoors"]["trapdoors"],
        json!([[7, 3], [7, 7]])
    );
    let teams = body["teams"].as_object().expect("teams");
    assert_eq!(teams.len(), 23);
    assert_eq!(teams["BlackOrc"]["name"], "Black Orc");
    assert_eq!(teams["BlackOrc"]["positions"][0]["name"], "Goblin");
}

#[tokio::test]
async fn the_blood_bowl_rules_data_has_the_pitch_every_roster_and_skill_names() {
    let server = TestServer::start().await;
    let (status, body) = server.get("/api/rules/blood_bowl").await;
    assert_eq!(status, StatusCode::OK);
    let pitch = &body["pitch"];
    assert_eq!(pitch["length"], 26);
    assert_eq!(pitch["width"], 15);
    assert_eq!(
        pitch["home"],
        json!({"end_zone": 0, "line_of_scrimmage": 12})
    );
    assert_eq!(
        pitch["away"],
        json!({"end_zone": 25, "line_of_scrimmage": 13})
    );
    assert_eq!(pitch["wide_zones"], json!([[0, 1, 2, 3], [11, 12, 13, 14]]));
    let teams = body["teams"].as_object().expect("teams");
    let mut keys: Vec<&str> = teams.keys().map(String::as_str).collect();
    keys.sort_unstable();
    let mut book = dugout_rules::bb::data::ALL_ROSTER_KEYS.to_vec();
    book.sort_unstable();
    assert_eq!(keys, book);
    assert_eq!(teams["human"]["name"], "Humans");
    assert_eq!(teams["undead"]["necromancer"], true);
    assert_eq!(teams["slann"]["unofficial"], true);
    assert_eq!(teams["human"]["unofficial"], false);
    assert_eq!(teams["wood_elf"]["name"], "Wood Elves");
    let blitzer = teams["human"]["positions"]
        .as_array()
        .and_then(|ps| ps.iter().find(|p| p["name"] == "Blitzer"))
        .expect("a Human Blitzer");
    assert_eq!(
        (
            &blitzer["ma"],
            &blitzer["st"],
            &blitzer["ag"],
            &blitzer["av"]
        ),
        (&json!(7), &json!(3), &json!(3), &json!(8))
    );
    assert_eq!(blitzer["skills"], json!(["block"]));
    assert_eq!(body["skills"]["sure_hands"]["name"], "Sure Hands");
    assert_eq!(body["skills"]["block"]["category"], "general");
    assert_eq!(body["weather"]["pouring_rain"], "Pouring Rain");
    // §29, §31: the Star Players, the Special Play Cards and the decks, by wire name.
    assert_eq!(
        body["stars"].as_object().map(|m| m.len()),
        Some(dugout_rules::bb::Star::all().count())
    );
    assert_eq!(body["stars"]["mighty_zug"]["name"], "Mighty Zug");
    assert_eq!(body["cards"]["come_on_boys"]["name"], "Come On Boys!");
    assert_eq!(body["cards"]["come_on_boys"]["deck"], "desperate_measures");
    assert_eq!(body["cards"]["come_on_boys"]["window"], "end_of_own_turn");
    assert_eq!(body["decks"]["good_karma"]["name"], "Good Karma");
    assert_eq!(body["decks"]["good_karma"]["price"], 100_000);
}

#[tokio::test]
async fn the_leagues_list_is_newest_first_and_filters_by_organiser() {
    let server = TestServer::start().await;
    let ada = server.register("ada").await;
    let bob = server.register("bob").await;
    let mut made = Vec::new();
    for (name, token) in [("First", &ada), ("Second", &bob), ("Third", &ada)] {
        let (status, body) = server
            .post("/api/leagues", json!({ "name": name }), Some(token))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        made.push(body["id"].as_i64().expect("id"));
        // Distinct creation times.
        tokio::time::sleep(std::time::Duration::from_millis(3)).await;
    }
    let (status, all) = server.get("/api/leagues").await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<i64> = all
        .as_array()
        .expect("a list")
        .iter()
        .map(|l| l["id"].as_i64().expect("id"))
        .collect();
    assert_eq!(ids, vec![made[2], made[1], made[0]]);
    assert_eq!(all[0]["name"], "Third");
    assert_eq!(all[0]["organiser"], "ada");
    assert_eq!(all[0]["points"], json!({"win": 3, "draw": 1, "loss": 0}));
    assert!(all[0]["created_at_ms"].as_i64().is_some());

    let (_, mine) = server.get("/api/leagues?organiser=ADA").await;
    let names: Vec<&str> = mine
        .as_array()
        .expect("a list")
        .iter()
        .map(|l| l["name"].as_str().expect("name"))
        .collect();
    assert_eq!(names, ["Third", "First"]);
    let (_, none) = server.get("/api/leagues?organiser=nobody").await;
    assert_eq!(none, json!([]));

    for bad in [
        "/api/leagues?sort=name",
        "/api/leagues?organiser=ada&organiser=bob",
    ] {
        let (status, body) = server.get(bad).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(body["code"], "malformed", "{bad}: {body}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn verification_says_verified_not_revealed_not_started_or_failed() {
    let server = TestServer::start().await;
    let ta = server.register("coach_a").await;
    let tb = server.register("coach_b").await;
    let tc = server.register("coach_c").await;

    // A match played a little, then conceded: over, its seed revealed.
    let mut a = server.client(&ta).await;
    let mut b = server.client(&tb).await;
    let room = a
        .create_room(spec(plain_setup(), TimerPolicy::default()))
        .await;
    assert!(a.join(&room, Some(Side::Home)).await.is_ok());
    assert!(b.join(&room, Some(Side::Away)).await.is_ok());
    common::start(&mut a, &mut b, &room).await;
    let mut picker = Picker::new(7);
    for _ in 0..20 {
        if play_one(&mut [&mut a, &mut b], &mut [], &room, &mut picker)
            .await
            .is_none()
        {
            break;
        }
    }

    // While it is live: not revealed, no seed shown.
    let path = format!("/api/matches/{room}/verification");
    let (status, live) = server.get(&path).await;
    assert_eq!(status, StatusCode::OK, "{live}");
    assert_eq!(live["status"], "not_revealed", "{live}");
    assert_eq!(live["server_seed"], Value::Null);
    assert_eq!(live["dice_seed"], Value::Null);
    assert!(live["commitment"].as_str().is_some_and(|c| c.len() == 64));
    assert!(
        live["message"]
            .as_str()
            .is_some_and(|m| m.contains("CANNOT VERIFY YET"))
    );

    let r = room.clone();
    let answer = b.request(|id| ClientMessage::Concede { id, room: r }).await;
    assert!(answer.is_ok(), "{answer:?}");
    let mut log = server.match_log(&room).await;
    for _ in 0..200 {
        if log.result.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        log = server.match_log(&room).await;
    }
    let (status, done) = server.get(&path).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(done["status"], "verified", "{done}");
    assert_eq!(done["commitment"], live["commitment"]);
    // The seed shown is the one the log reveals, and it is the server's stored secret.
    let seed = done["server_seed"].as_str().expect("revealed seed");
    assert_eq!(
        Some(seed.to_owned()),
        log.server_seed.map(|s| dugout_server::store::hex(&s))
    );
    assert_eq!(
        done["events"].as_u64(),
        Some(log.events.len() as u64),
        "{done}"
    );
    assert_eq!(done["commands"].as_u64(), Some(log.commands.len() as u64));
    assert!(done["message"].as_str().is_some_and(|m| m.contains(": OK")));

    // A room whose match never started.
    let mut c = server.client(&tc).await;
    let open = c
        .create_room(spec(plain_setup(), TimerPolicy::default()))
        .await;
    let (status, body) = server
        .get(&format!("/api/matches/{open}/verification"))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["status"], "not_started");

    // A second match, live, then recorded as finished behind the log's back (no
    // match_ended): it does not verify.
    let mut a2 = server.client(&ta).await;
    let mut c2 = server.client(&tc).await;
    let broken = a2
        .create_room(spec(plain_setup(), TimerPolicy::default()))
        .await;
    assert!(a2.join(&broken, Some(Side::Home)).await.is_ok());
    assert!(c2.join(&broken, Some(Side::Away)).await.is_ok());
    common::start(&mut a2, &mut c2, &broken).await;
    server
        .state
        .store()
        .finish_match(
            &broken,
            &MatchResult::Concession { loser: Side::Away },
            dugout_server::store::now_ms(),
        )
        .await
        .expect("the store answers");
    let (status, body) = server
        .get(&format!("/api/matches/{broken}/verification"))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["status"], "failed", "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("FAILED"))
    );
    assert_eq!(body["server_seed"], Value::Null);

    // Unknown match; a private match to a stranger.
    let (status, body) = server.get("/api/matches/nope/verification").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["code"], "unknown_room");
    let mut private_spec = spec(plain_setup(), TimerPolicy::default());
    private_spec.private = true;
    let mut a3 = server.client(&ta).await;
    let mut b3 = server.client(&tb).await;
    let private = a3.create_room(private_spec).await;
    assert!(a3.join(&private, Some(Side::Home)).await.is_ok());
    assert!(b3.join(&private, Some(Side::Away)).await.is_ok());
    common::start(&mut a3, &mut b3, &private).await;
    let (status, _) = server
        .get(&format!("/api/matches/{private}/verification"))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = server
        .get_auth(&format!("/api/matches/{private}/verification"), &ta)
        .await;
    assert_eq!(status, StatusCode::OK, "its coach sees it");
    assert_eq!(body["status"], "not_revealed");
    let (status, _) = server
        .get_auth(&format!("/api/matches/{private}/verification"), &tc)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a stranger does not");
}
