//! The match archive over real HTTP: a server on port 0, matches played through the real
//! room code over WebSocket, then `GET /api/matches...` with a plain HTTP/1.1 client.

mod common;

use std::time::Duration;

use common::http::{http_delete, http_get, http_post};
use common::{Client, Picker, TestServer, plain_setup, play_one, spec};
use dugout_protocol::{
    ClientMessage, CommandSource, LogEntry, MatchCommands, RoomEvent, RoomId, TimerPolicy,
};
use dugout_rules::blitz::{self, MatchSetup, data::TeamId};
use dugout_rules::core::{ChaChaDice, Seat, Side};
use dugout_server::fair;
use dugout_server::store::{MatchLog, hex};
use serde_json::Value;

fn setup(teams: [usize; 2]) -> MatchSetup {
    MatchSetup {
        teams: [TeamId::ALL[teams[0]], TeamId::ALL[teams[1]]],
        ..plain_setup()
    }
}

/// A match between `home` and `away` (tokens): started, `moves` commands played, then
/// conceded by `concede` if given. The two clients stay connected.
async fn play(
    server: &TestServer,
    home: &str,
    away: &str,
    setup: MatchSetup,
    private: bool,
    moves: usize,
    concede: Option<Side>,
) -> (RoomId, Client, Client) {
    let mut a = server.client(home).await;
    let mut b = server.client(away).await;
    let mut room_spec = spec(setup, TimerPolicy::default());
    room_spec.private = private;
    let room = a.create_room(room_spec).await;
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
        // Wait until the store has the result.
        for _ in 0..200 {
            let log = server.match_log(&room).await;
            if log.result.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    // Distinct creation times.
    tokio::time::sleep(Duration::from_millis(5)).await;
    (room, a, b)
}

struct World {
    server: TestServer,
    tokens: [String; 3],
    /// Public, coach_a beats coach_b (b concedes).
    m1: RoomId,
    /// Public, coach_c beats coach_b (b, at home, concedes).
    m2: RoomId,
    /// Private, coach_a v coach_c, live.
    m3: RoomId,
    /// Public, coach_a v coach_c, live.
    m4: RoomId,
    _clients: Vec<Client>,
}

async fn world() -> World {
    let server = TestServer::start().await;
    let tokens = [
        server.register("coach_a").await,
        server.register("coach_b").await,
        server.register("coach_c").await,
    ];
    let [ta, tb, tc] = &tokens;
    let mut clients = Vec::new();
    // Each coach plays one team throughout (a: team 0, b: team 1, c: team 3), as a league
    // wants: the league tests register them with those teams.
    let (m1, a, b) = play(&server, ta, tb, setup([0, 1]), false, 30, Some(Side::Away)).await;
    clients.extend([a, b]);
    let (m2, a, b) = play(&server, tb, tc, setup([1, 3]), false, 12, Some(Side::Home)).await;
    clients.extend([a, b]);
    let (m3, a, b) = play(&server, ta, tc, setup([0, 3]), true, 6, None).await;
    clients.extend([a, b]);
    let (m4, a, b) = play(&server, ta, tc, setup([0, 3]), false, 6, None).await;
    clients.extend([a, b]);
    World {
        server,
        tokens,
        m1,
        m2,
        m3,
        m4,
        _clients: clients,
    }
}

fn ids(page: &Value) -> Vec<String> {
    page["matches"]
        .as_array()
        .expect("matches")
        .iter()
        .map(|m| m["id"].as_str().expect("id").to_owned())
        .collect()
}

fn own(xs: &[&RoomId]) -> Vec<String> {
    xs.iter().map(|x| x.to_string()).collect()
}

fn team_name(i: usize) -> String {
    serde_json::to_value(TeamId::ALL[i])
        .expect("a team serializes")
        .as_str()
        .expect("a team is a string")
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_archive_lists_filters_pages_summarises_replays_and_refuses() {
    let w = world().await;
    let s = &w.server;
    let [ta, tb, tc] = &w.tokens;

    // ----- list, newest first; the private match only for its coaches ----------------
    let (status, all) = http_get(s, "/api/matches", None).await;
    assert_eq!(status, 200, "{all}");
    assert_eq!(ids(&all), own(&[&w.m4, &w.m2, &w.m1]));
    assert_eq!(all["total"], 3);
    let (_, for_c) = http_get(s, "/api/matches", Some(tc)).await;
    assert_eq!(ids(&for_c), own(&[&w.m4, &w.m3, &w.m2, &w.m1]));
    let (_, for_b) = http_get(s, "/api/matches", Some(tb)).await;
    assert_eq!(ids(&for_b), own(&[&w.m4, &w.m2, &w.m1]));

    // ----- filters ----------------------------------------------------------------------
    let cases: Vec<(String, Vec<&RoomId>)> = vec![
        ("status=finished".into(), vec![&w.m2, &w.m1]),
        ("status=playing".into(), vec![&w.m4]),
        ("result=home".into(), vec![&w.m1]),
        ("result=away".into(), vec![&w.m2]),
        ("result=draw".into(), vec![]),
        ("coach=COACH_A".into(), vec![&w.m4, &w.m1]),
        ("coach=coach_b&status=finished".into(), vec![&w.m2, &w.m1]),
        (format!("team={}", team_name(1)), vec![&w.m2, &w.m1]),
        (
            "game=blitz&edition=Bb2024".into(),
            vec![&w.m4, &w.m2, &w.m1],
        ),
        // Values as people type them: any case, spaces, a year alone for an edition.
        ("status=Finished&result=HOME".into(), vec![&w.m1]),
        (
            format!("team={}", team_name(1).to_uppercase()),
            vec![&w.m2, &w.m1],
        ),
        (
            format!("team={}", team_name(1).to_lowercase()),
            vec![&w.m2, &w.m1],
        ),
        ("game=BLITZ&edition=2024".into(), vec![&w.m4, &w.m2, &w.m1]),
        ("edition=bb%202024".into(), vec![&w.m4, &w.m2, &w.m1]),
        ("edition=2018".into(), vec![]),
        ("from=2000-01-01".into(), vec![&w.m4, &w.m2, &w.m1]),
        ("to=2000-01-01".into(), vec![]),
        ("from=99999999999999".into(), vec![]),
        // `from` after `to` selects nothing (not an error: a schema cannot compare two
        // parameters, so the OpenAPI document could not say so).
        ("from=2025-01-02&to=2025-01-01".into(), vec![]),
        // The largest date is no end (it used to overflow and match nothing).
        ("to=9223372036854775807".into(), vec![&w.m4, &w.m2, &w.m1]),
    ];
    for (q, want) in cases {
        let (status, page) = http_get(s, &format!("/api/matches?{q}"), None).await;
        assert_eq!(status, 200, "{q}: {page}");
        assert_eq!(ids(&page), own(&want), "{q}");
    }

    // ----- pagination ------------------------------------------------------------------
    let (_, p1) = http_get(s, "/api/matches?limit=2", None).await;
    assert_eq!(ids(&p1), own(&[&w.m4, &w.m2]));
    assert_eq!(p1["next_offset"], 2);
    let (_, p2) = http_get(s, "/api/matches?limit=2&offset=2", None).await;
    assert_eq!(ids(&p2), own(&[&w.m1]));
    assert_eq!(p2["next_offset"], Value::Null);

    // ----- summary: the numbers match the events ---------------------------------------
    let log1 = s.match_log(&w.m1).await;
    let (status, sum) = http_get(s, &format!("/api/matches/{}", w.m1), None).await;
    assert_eq!(status, 200, "{sum}");
    assert_eq!(sum["status"], "finished");
    assert_eq!(sum["winner"], "home");
    assert_eq!(sum["coaches"], serde_json::json!(["coach_a", "coach_b"]));
    let events = all_events(s, &w.m1, None).await;
    assert_eq!(events.len(), log1.events.len());
    let (td, inj, ch) = count(&log1, &events);
    assert_eq!(sum["touchdowns"], serde_json::json!(td));
    assert_eq!(sum["injuries"], serde_json::json!(inj));
    assert_eq!(sum["challenge_points"], serde_json::json!(ch));
    assert_eq!(sum["last_seq"], log1.events.len() as u64);
    assert_eq!(sum["dice"]["revealed"], true);
    let seed = hex(&log1.server_seed.expect("a started match has a seed"));
    assert_eq!(sum["dice"]["server_seed"], seed.as_str());
    assert!(sum["duration_ms"].as_i64().is_some());

    // A live match never shows its seed, anywhere.
    let log4 = s.match_log(&w.m4).await;
    let seed4 = hex(&log4.server_seed.expect("seed"));
    let (_, sum4) = http_get(s, &format!("/api/matches/{}", w.m4), None).await;
    assert_eq!(sum4["dice"]["revealed"], false);
    assert_eq!(sum4["dice"]["server_seed"], Value::Null);
    assert!(sum4["dice"]["commitment"].is_string());
    for path in [
        format!("/api/matches/{}", w.m4),
        format!("/api/matches/{}/events", w.m4),
        format!("/api/matches/{}/state", w.m4),
        "/api/matches".to_owned(),
    ] {
        for token in [None, Some(ta.as_str()), Some(tc.as_str())] {
            let (_, body) = http_get(s, &path, token).await;
            assert!(!body.to_string().contains(&seed4), "{path} shows the seed");
        }
    }

    // ----- replay to seq equals a fresh replay ------------------------------------------
    let dice_seed = log1.dice_seed().expect("derives").expect("a seed");
    let mut dice = ChaChaDice::from_seed(dice_seed);
    let (mut game, opening) =
        blitz::new_game(common::blitz_setup(&log1.spec.setup), &mut dice).expect("setup");
    let mut checked = 0;
    let mut at = 1 + opening.len() as u64;
    check_state(s, &w.m1, &game, at).await;
    for (n, c) in log1.commands.iter().enumerate() {
        blitz::apply(
            &mut game,
            common::blitz_command(c.command.clone()),
            &mut dice,
        )
        .expect("replays");
        at = c.seq_after;
        // Commands that add no event leave the seq where it was: the state at a seq is the
        // one after all of them.
        let last_at_this_seq = log1
            .commands
            .get(n + 1)
            .is_none_or(|next| next.seq_after > at);
        if last_at_this_seq && (n % 7 == 0 || n + 1 == log1.commands.len()) {
            check_state(s, &w.m1, &game, at).await;
            checked += 1;
        }
    }
    assert!(checked >= 3);
    // A seq inside a command's events: the state after the last whole command before it.
    if let Some(c) = log1
        .commands
        .iter()
        .find(|c| c.seq_after > c.seq_before + 1)
    {
        let (status, body) = http_get(
            s,
            &format!("/api/matches/{}/state?seq={}", w.m1, c.seq_after - 1),
            None,
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert!(body["at_seq"].as_u64().expect("at_seq") <= c.seq_before.max(at));
    }

    // ----- permissions -----------------------------------------------------------------
    for token in [None, Some(tb.as_str())] {
        for path in [
            format!("/api/matches/{}", w.m3),
            format!("/api/matches/{}/events", w.m3),
            format!("/api/matches/{}/state", w.m3),
        ] {
            let (status, body) = http_get(s, &path, token).await;
            assert_eq!(status, 404, "{path} {token:?}: {body}");
        }
    }
    let (status, _) = http_get(s, &format!("/api/matches/{}", w.m3), Some(ta)).await;
    assert_eq!(status, 200);
    // The live match: a coach sees their own hand, nobody else does.
    let (_, anon) = http_get(s, &format!("/api/matches/{}/state", w.m4), None).await;
    assert_eq!(anon["seat"], "spectator");
    assert_eq!(anon["view"]["hands"][0]["cards"], Value::Null);
    assert_eq!(anon["view"]["hands"][1]["cards"], Value::Null);
    let (_, home) = http_get(s, &format!("/api/matches/{}/state", w.m4), Some(ta)).await;
    assert_eq!(home["seat"], "home");
    assert!(home["view"]["hands"][0]["cards"].is_array(), "{home}");
    assert_eq!(home["view"]["hands"][1]["cards"], Value::Null);
    let (status, body) =
        http_get(s, &format!("/api/matches/{}/state?as=away", w.m4), Some(ta)).await;
    assert_eq!(status, 403, "{body}");
    let (_, ev) = http_get(s, &format!("/api/matches/{}/events", w.m4), None).await;
    assert_eq!(ev["projected_for"], "spectator");
    let (_, ev) = http_get(s, &format!("/api/matches/{}/events", w.m4), Some(tc)).await;
    assert_eq!(ev["projected_for"], "away");
    let (_, ev) = http_get(s, &format!("/api/matches/{}/events", w.m1), None).await;
    assert_eq!(
        ev["projected_for"],
        Value::Null,
        "a finished match's log is public"
    );
    // After the end, any seat's view of any seq.
    let (status, _) = http_get(
        s,
        &format!("/api/matches/{}/state?as=away&seq=3", w.m1),
        None,
    )
    .await;
    assert_eq!(status, 200);
    let (status, body) = http_get(
        s,
        &format!("/api/matches/{}/state?as=Away&seq=3", w.m1),
        None,
    )
    .await;
    assert_eq!(status, 200, "`as` in any case: {body}");

    // ----- bad parameters: 4xx with a message, never a 500 ----------------------------
    let m = &w.m1;
    let bad = [
        ("/api/matches?limit=0".to_owned(), 400, "limit"),
        ("/api/matches?limit=101".into(), 400, "limit"),
        ("/api/matches?limit=ten".into(), 400, "limit"),
        ("/api/matches?offset=-1".into(), 400, "offset"),
        ("/api/matches?status=won".into(), 400, "status"),
        ("/api/matches?result=win".into(), 400, "result"),
        ("/api/matches?game=chess".into(), 400, "game"),
        ("/api/matches?edition=1066".into(), 400, "edition"),
        ("/api/matches?team=nobody".into(), 400, "team"),
        ("/api/matches?from=2024-13-01".into(), 400, "from"),
        ("/api/matches?to=yesterday".into(), 400, "to"),
        ("/api/matches?from=2024-02-30".into(), 400, "from"),
        ("/api/matches?sort=asc".into(), 400, "sort"),
        ("/api/matches?limit=1&limit=2".into(), 400, "limit"),
        ("/api/matches/no-such-match".into(), 404, "no-such-match"),
        (
            "/api/matches/no-such-match/events".into(),
            404,
            "no-such-match",
        ),
        (
            "/api/matches/no-such-match/state".into(),
            404,
            "no-such-match",
        ),
        (format!("/api/matches/{m}/state?seq=abc"), 400, "seq"),
        (format!("/api/matches/{m}/state?seq=0"), 400, "seq"),
        (format!("/api/matches/{m}/state?seq=99999999"), 404, "seq"),
        (
            format!("/api/matches/{m}/state?seq=99999999999999999999999"),
            400,
            "seq",
        ),
        (format!("/api/matches/{m}/state?as=referee"), 400, "as"),
        (format!("/api/matches/{m}/events?from=abc"), 400, "from"),
        (format!("/api/matches/{m}/events?from=0"), 400, "from"),
        (format!("/api/matches/{m}/events?limit=5000"), 400, "limit"),
        ("/api/matches/%FF%FE".into(), 400, "id"),
        (format!("/api/matches/{m}/nothing"), 404, "no route"),
        ("/api/matches?result=%FF".into(), 400, "result"),
        ("/api/matches?from=%2B123-01-01".into(), 400, "from"),
        ("/api/matches?league=0".into(), 400, "league"),
        ("/api/matches?league=-1".into(), 400, "league"),
    ];
    for (path, want, mention) in bad {
        let (status, body) = http_get(s, &path, None).await;
        assert_eq!(status, want, "{path}: {body}");
        let message = body["message"].as_str().unwrap_or_default();
        assert!(message.contains(mention), "{path}: {body}");
        assert!(body["code"].is_string(), "{path}: {body}");
    }
    let (status, body) = http_get(s, "/api/matches", Some("not-a-token")).await;
    assert_eq!(status, 401, "{body}");
    // Past the end of the log: an empty page of events (as just past the last event).
    let (status, page) = http_get(s, &format!("/api/matches/{m}/events?from=99999"), None).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["events"], serde_json::json!([]));
    assert_eq!(page["next_from"], Value::Null);
    assert!(
        page["last_seq"]
            .as_u64()
            .is_some_and(|n| n > 0 && n < 99999)
    );
}

/// Every event of a match through `/events`, page by page.
async fn all_events(s: &TestServer, id: &str, token: Option<&str>) -> Vec<Value> {
    let mut out = Vec::new();
    let mut from = 1;
    loop {
        let (status, page) = http_get(
            s,
            &format!("/api/matches/{id}/events?from={from}&limit=50"),
            token,
        )
        .await;
        assert_eq!(status, 200, "{page}");
        out.extend(page["events"].as_array().expect("events").iter().cloned());
        match page["next_from"].as_u64() {
            Some(next) => from = next,
            None => return out,
        }
    }
}

/// Touchdowns, injuries (by the injured player's side) and challenge points, counted from
/// the events the API served.
fn count(log: &MatchLog, events: &[Value]) -> ([u32; 2], [u32; 2], [u32; 2]) {
    let mut dice = ChaChaDice::from_seed([0; 32]);
    let (game, _) =
        blitz::new_game(common::blitz_setup(&log.spec.setup), &mut dice).expect("setup");
    let side = |s: &Value| usize::from(s.as_str() == Some("away"));
    let (mut td, mut inj, mut ch) = ([0; 2], [0; 2], [0; 2]);
    for e in events {
        let ev = &e["event"];
        if ev["type"] != "game" {
            continue;
        }
        let g = &ev["event"];
        match g["type"].as_str() {
            Some("scored") if g["reason"] == "touchdown" => td[side(&g["coach"])] += 1,
            Some("scored") if g["reason"] == "challenge" => {
                ch[side(&g["coach"])] += g["points"].as_u64().expect("points") as u32
            }
            Some("injured") => {
                let p = g["player"].as_u64().expect("player") as usize;
                inj[game.players[p].side.index()] += 1;
            }
            _ => {}
        }
    }
    (td, inj, ch)
}

/// The state the API replays to `at` is the one a fresh replay reaches.
async fn check_state(s: &TestServer, id: &str, game: &blitz::Game, at: u64) {
    let (status, body) = http_get(
        s,
        &format!("/api/matches/{id}/state?seq={at}&as=home"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["at_seq"], at);
    let want = serde_json::to_value(dugout_rules::AnyView::Blitz(blitz::view(
        game,
        Seat::Coach(Side::Home),
    )))
    .expect("a view serializes");
    assert_eq!(body["view"], want, "state at seq {at}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_computes_standings_from_stored_results_and_only_its_organiser_manages_it() {
    let w = world().await;
    let s = &w.server;
    let [ta, tb, tc] = &w.tokens;
    let org = s.register("organiser").await;

    // ----- create, register, attach ------------------------------------------------------
    let (status, body) = http_post(s, "/api/leagues", None, serde_json::json!({"name": "L"})).await;
    assert_eq!(status, 401, "{body}");
    let (status, league) = http_post(
        s,
        "/api/leagues",
        Some(&org),
        serde_json::json!({"name": "Spring Cup", "points": {"win": 2, "draw": 1, "loss": -1}}),
    )
    .await;
    assert_eq!(status, 201, "{league}");
    let id = league["id"].as_i64().expect("an id");
    assert_eq!(league["organiser"], "organiser");
    let (status, default) = http_post(
        s,
        "/api/leagues",
        Some(&org),
        serde_json::json!({"name": "Other"}),
    )
    .await;
    assert_eq!(status, 201);
    assert_eq!(
        default["points"],
        serde_json::json!({"win": 3, "draw": 1, "loss": 0})
    );

    let base = format!("/api/leagues/{id}");
    for (name, token, team) in [("coach_a", ta, 0), ("coach_b", tb, 1), ("coach_c", tc, 3)] {
        let (status, body) = http_post(
            s,
            &format!("{base}/coaches"),
            Some(&org),
            serde_json::json!({"coach": name, "team": team_name(team)}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        accept(s, &base, token).await;
    }
    // Only the organiser manages the league.
    let (status, body) = http_post(
        s,
        &format!("{base}/matches"),
        Some(ta),
        serde_json::json!({"match": w.m1}),
    )
    .await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = http_post(
        s,
        &format!("{base}/coaches"),
        Some(tb),
        serde_json::json!({"coach": "coach_b", "team": team_name(0)}),
    )
    .await;
    assert_eq!(status, 403, "{body}");
    for m in [&w.m1, &w.m2, &w.m4] {
        let (status, body) = http_post(
            s,
            &format!("{base}/matches"),
            Some(&org),
            serde_json::json!({"match": m}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    let (_, shown) = http_get(s, &base, None).await;
    assert_eq!(shown["matches"], serde_json::json!([w.m4, w.m2, w.m1]));
    let (status, listed) = http_get(s, &format!("/api/matches?league={id}"), Some(tc)).await;
    assert_eq!(status, 200, "{listed}");
    assert_eq!(ids(&listed), own(&[&w.m4, &w.m2, &w.m1]));

    // ----- standings: from the stored results and the summaries' numbers --------------
    let (status, table) = http_get(s, &format!("{base}/standings"), None).await;
    assert_eq!(status, 200, "{table}");
    let rows = table["standings"].as_array().expect("rows");
    assert_eq!(rows.len(), 3);
    let row = |name: &str| {
        rows.iter()
            .find(|r| r["coach"] == name)
            .unwrap_or_else(|| panic!("{name} in {table}"))
            .clone()
    };
    let (a, b, c) = (row("coach_a"), row("coach_b"), row("coach_c"));
    assert_eq!(
        (&a["played"], &a["won"], &a["points"]),
        (&1.into(), &1.into(), &2.into())
    );
    assert_eq!(
        (&c["played"], &c["won"], &c["points"]),
        (&1.into(), &1.into(), &2.into())
    );
    assert_eq!(
        (&b["played"], &b["lost"], &b["points"]),
        (&2.into(), &2.into(), &(-2).into())
    );
    // The live match m4 (a v c) does not count yet.
    let (_, s1) = http_get(s, &format!("/api/matches/{}", w.m1), None).await;
    let (_, s2) = http_get(s, &format!("/api/matches/{}", w.m2), None).await;
    let n = |v: &Value, k: &str, i: usize| v[k][i].as_i64().expect("a number");
    // coach_b: away in m1, home in m2.
    let b_td = n(&s1, "touchdowns", 1) + n(&s2, "touchdowns", 0)
        - n(&s1, "touchdowns", 0)
        - n(&s2, "touchdowns", 1);
    let b_inj = n(&s1, "injuries", 0) + n(&s2, "injuries", 1)
        - n(&s1, "injuries", 1)
        - n(&s2, "injuries", 0);
    assert_eq!(b["touchdown_difference"], b_td);
    assert_eq!(b["injury_difference"], b_inj);
    assert_eq!(
        a["touchdown_difference"],
        n(&s1, "touchdowns", 0) - n(&s1, "touchdowns", 1)
    );
    assert_eq!(
        a["injury_difference"],
        n(&s1, "injuries", 1) - n(&s1, "injuries", 0)
    );
    // Sorted: points, touchdown difference, injury difference.
    let key = |r: &Value| {
        (
            -r["points"].as_i64().expect("points"),
            -r["touchdown_difference"].as_i64().expect("td"),
            -r["injury_difference"].as_i64().expect("inj"),
        )
    };
    assert!(rows.windows(2).all(|p| key(&p[0]) <= key(&p[1])), "{table}");
    assert_eq!(rows[2]["coach"], "coach_b");

    // ----- a room created under the league counts for it -----------------------------
    let mut league_spec = spec(setup([0, 1]), TimerPolicy::default());
    league_spec.league = Some(id);
    let mut a = s.client(ta).await;
    let room = a.create_room(league_spec.clone()).await;
    let (status, item) = http_get(s, &format!("/api/matches/{room}"), None).await;
    assert_eq!(status, 200, "{item}");
    assert_eq!(item["league"], id);
    let stranger = s.register("stranger").await;
    let mut x = s.client(&stranger).await;
    let refused = x
        .request(|rid| ClientMessage::CreateRoom {
            id: rid,
            room: league_spec.clone(),
        })
        .await;
    assert!(
        matches!(refused, Err((dugout_protocol::ErrorCode::Forbidden, _))),
        "{refused:?}"
    );
    league_spec.league = Some(9999);
    let refused = a
        .request(|rid| ClientMessage::CreateRoom {
            id: rid,
            room: league_spec.clone(),
        })
        .await;
    assert!(
        matches!(refused, Err((dugout_protocol::ErrorCode::InvalidSetup, _))),
        "{refused:?}"
    );

    // ----- refusals -------------------------------------------------------------------
    let other = default["id"].as_i64().expect("id");
    let cases = [
        (
            format!("/api/leagues/{other}/matches"),
            serde_json::json!({"match": w.m1}),
            409,
        ),
        (
            format!("{base}/matches"),
            serde_json::json!({"match": "nope"}),
            404,
        ),
        (
            format!("{base}/matches"),
            serde_json::json!({"game": "nope"}),
            400,
        ),
        (
            format!("{base}/coaches"),
            serde_json::json!({"coach": "coach_a", "team": team_name(1)}),
            409,
        ),
        (
            format!("{base}/coaches"),
            serde_json::json!({"coach": "nobody", "team": team_name(1)}),
            404,
        ),
        (
            format!("{base}/coaches"),
            serde_json::json!({"coach": "organiser", "team": "Martians"}),
            400,
        ),
        (
            "/api/leagues".to_owned(),
            serde_json::json!({"name": ""}),
            400,
        ),
        (
            "/api/leagues".to_owned(),
            serde_json::json!({"name": "x", "points": {"win": 1000, "draw": 0, "loss": 0}}),
            400,
        ),
        (
            "/api/leagues/abc/coaches".to_owned(),
            serde_json::json!({"coach": "coach_a", "team": team_name(1)}),
            400,
        ),
        (
            "/api/leagues/9999/coaches".to_owned(),
            serde_json::json!({"coach": "coach_a", "team": team_name(1)}),
            404,
        ),
    ];
    for (path, body, want) in cases {
        let (status, answer) = http_post(s, &path, Some(&org), body.clone()).await;
        assert_eq!(status, want, "{path} {body}: {answer}");
        assert!(answer["message"].is_string(), "{path}: {answer}");
    }
    for (path, want) in [
        ("/api/leagues/abc/standings", 400),
        ("/api/leagues/0", 400),
        ("/api/leagues/9999/standings", 404),
        ("/api/leagues/9999", 404),
    ] {
        let (status, answer) = http_get(s, path, None).await;
        assert_eq!(status, want, "{path}: {answer}");
        assert!(answer["message"].is_string(), "{path}: {answer}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn organisers_detach_remove_and_delete_with_a_log_and_teams_are_checked() {
    let w = world().await;
    let s = &w.server;
    let [ta, tb, tc] = &w.tokens;
    let org = s.register("organiser").await;
    // coach_c plays team 3 in every match but is registered with team 2.
    let (id, base) = new_league(
        s,
        &org,
        "Tools Cup",
        &[("coach_a", ta, 0), ("coach_b", tb, 1), ("coach_c", tc, 2)],
    )
    .await;

    // ----- the team check on attach ---------------------------------------------------
    let (status, body) = http_post(
        s,
        &format!("{base}/matches"),
        Some(&org),
        serde_json::json!({"match": w.m2}),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["code"], "conflict", "{body}");
    let message = body["message"].as_str().expect("a message");
    for word in ["coach_c", &team_name(2), &team_name(3)] {
        assert!(message.contains(word), "{word} in {message}");
    }
    let (status, body) = http_post(
        s,
        &format!("{base}/matches"),
        Some(&org),
        serde_json::json!({"match": w.m1}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["matches"], serde_json::json!([w.m1]));
    let shown = &body["attached"][0];
    assert_eq!(shown["id"], w.m1.as_str());
    assert_eq!(
        shown["teams"],
        serde_json::json!([team_name(0), team_name(1)])
    );
    assert_eq!(shown["coaches"], serde_json::json!(["coach_a", "coach_b"]));
    let (_, summary) = http_get(s, &format!("/api/matches/{}", w.m1), None).await;
    assert_eq!(shown["touchdowns"], summary["touchdowns"], "{summary}");
    assert_eq!(shown["winner"], "home");

    // ----- the team check in a room created under the league ----------------------------
    let mut league_spec = spec(setup([1, 3]), TimerPolicy::default());
    league_spec.league = Some(id);
    let mut b = s.client(tb).await;
    let mut c = s.client(tc).await;
    let wrong = b.create_room(league_spec.clone()).await;
    let refused = c.join(&wrong, Some(Side::Away)).await;
    match refused {
        Err((dugout_protocol::ErrorCode::Conflict, m)) => {
            assert!(m.contains("coach_c") && m.contains(&team_name(2)), "{m}")
        }
        other => panic!("coach_c seated with the wrong team: {other:?}"),
    }
    assert!(b.join(&wrong, Some(Side::Home)).await.is_ok());
    let mut league_spec = spec(setup([1, 2]), TimerPolicy::default());
    league_spec.league = Some(id);
    let room = b.create_room(league_spec).await;
    assert!(c.join(&room, Some(Side::Away)).await.is_ok());
    assert!(b.join(&room, Some(Side::Home)).await.is_ok());

    // ----- refusals: who, what ----------------------------------------------------------
    let detach_m1 = format!("{base}/matches/{}", w.m1);
    for (path, token, want) in [
        (detach_m1.clone(), None, 401),
        (detach_m1.clone(), Some(ta), 403),
        (
            format!("/api/leagues/9999/matches/{}", w.m1),
            Some(&org),
            404,
        ),
        (format!("{base}/matches/nope"), Some(&org), 404),
        (format!("{base}/matches/{}", w.m2), Some(&org), 409),
        (format!("{base}/coaches/coach_a"), Some(ta), 403),
        (format!("{base}/coaches/nobody"), Some(&org), 404),
        ("/api/leagues/9999/coaches/coach_a".into(), Some(&org), 404),
        (base.clone(), Some(tb), 403),
        ("/api/leagues/9999".into(), Some(&org), 404),
        ("/api/leagues/abc".into(), Some(&org), 400),
    ] {
        let (status, body) = http_delete(s, &path, token.map(String::as_str)).await;
        assert_eq!(status, want, "DELETE {path}: {body}");
        assert!(body["message"].is_string(), "{path}: {body}");
    }
    // A coach with an attached match stays until it is detached.
    let (status, body) = http_delete(s, &format!("{base}/coaches/coach_a"), Some(&org)).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("detach")),
        "{body}"
    );

    // ----- detach, remove ---------------------------------------------------------------
    let (status, body) = http_delete(s, &detach_m1, Some(&org)).await;
    assert_eq!(status, 200, "{body}");
    // The rooms made under the league count for it; m1 no longer does.
    assert_eq!(body["matches"], serde_json::json!([room, wrong]));
    let (_, item) = http_get(s, &format!("/api/matches/{}", w.m1), None).await;
    assert_eq!(item["league"], Value::Null, "still in the archive: {item}");
    let (status, _) = http_delete(s, &detach_m1, Some(&org)).await;
    assert_eq!(status, 409);
    let (status, body) = http_delete(s, &format!("{base}/coaches/COACH_A"), Some(&org)).await;
    assert_eq!(status, 200, "{body}");
    let names: Vec<&str> = body["coaches"]
        .as_array()
        .expect("coaches")
        .iter()
        .filter_map(|c| c["coach"].as_str())
        .collect();
    assert_eq!(names, ["coach_b", "coach_c"]);
    let (status, _) = http_delete(s, &format!("{base}/coaches/coach_a"), Some(&org)).await;
    assert_eq!(status, 404);

    // ----- the log: organiser only, newest first ------------------------------------------
    let (status, body) = http_get(s, &format!("{base}/log"), Some(ta)).await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = http_get(s, &format!("{base}/log"), None).await;
    assert_eq!(status, 401, "{body}");
    let (status, body) = http_get(s, "/api/leagues/9999/log", Some(&org)).await;
    assert_eq!(status, 404, "{body}");
    let (status, log) = http_get(s, &format!("{base}/log"), Some(&org)).await;
    assert_eq!(status, 200, "{log}");
    let lines = log.as_array().expect("lines");
    assert_eq!(lines.len(), 2, "{log}");
    assert_eq!(lines[0]["what"], "remove_coach");
    assert!(
        lines[0]["detail"]
            .as_str()
            .is_some_and(|d| d.contains("coach_a"))
    );
    assert_eq!(lines[1]["what"], "detach_match");
    assert!(
        lines[1]["detail"]
            .as_str()
            .is_some_and(|d| d.contains(w.m1.as_str()))
    );
    assert!(lines.iter().all(|l| l["who"] == "organiser"));
    assert!(lines[0]["at_ms"].as_i64() >= lines[1]["at_ms"].as_i64());

    // ----- delete the league -------------------------------------------------------------
    let (status, body) = http_post(
        s,
        &format!("{base}/matches"),
        Some(&org),
        serde_json::json!({"match": w.m1}),
    )
    .await;
    assert_eq!(status, 409, "coach_a is no longer registered: {body}");
    let (status, body) = http_delete(s, &base, Some(&org)).await;
    assert_eq!(status, 204, "{body}");
    let (status, _) = http_get(s, &base, None).await;
    assert_eq!(status, 404);
    let (status, _) = http_delete(s, &base, Some(&org)).await;
    assert_eq!(status, 404);
    let (_, listed) = http_get(s, "/api/leagues", None).await;
    assert!(
        listed
            .as_array()
            .expect("leagues")
            .iter()
            .all(|l| l["id"] != id)
    );
    // The rooms made under the deleted league no longer count for it.
    for r in [&room, &wrong] {
        let (_, item) = http_get(s, &format!("/api/matches/{r}"), None).await;
        assert_eq!(item["league"], Value::Null, "{item}");
    }
}

#[tokio::test]
async fn the_openapi_document_lists_the_archive_and_league_routes() {
    let s = TestServer::start().await;
    let (status, doc) = http_get(&s, "/api/openapi.json", None).await;
    assert_eq!(status, 200, "{doc}");
    assert_eq!(doc["openapi"], "3.1.0");
    for (path, method) in [
        ("/api/matches", "get"),
        ("/api/matches/{id}", "get"),
        ("/api/matches/{id}/events", "get"),
        ("/api/matches/{id}/state", "get"),
        ("/api/matches/{id}/verification", "get"),
        ("/api/matches/{id}/commands", "get"),
        ("/api/leagues", "post"),
        ("/api/leagues/{id}/standings", "get"),
        ("/api/leagues/{id}", "delete"),
        ("/api/leagues/{id}/matches/{match}", "delete"),
        ("/api/leagues/{id}/coaches/{coach}", "delete"),
        ("/api/leagues/{id}/log", "get"),
    ] {
        assert!(doc["paths"][path][method].is_object(), "{method} {path}");
    }
    assert!(doc["components"]["schemas"]["GameView"].is_object());
    assert!(doc["components"]["schemas"]["MatchSummary"].is_object());
    assert!(doc["components"]["schemas"]["MatchCommands"].is_object());
    // The league team pages, with every path parameter declared.
    for (path, names) in [
        ("/leagues/{id}/teams", vec!["id"]),
        ("/leagues/{id}/teams/{team}", vec!["id", "team"]),
        (
            "/leagues/{id}/teams/{team}/players/{player}",
            vec!["id", "team", "player"],
        ),
    ] {
        let params: Vec<&str> = doc["paths"][path]["get"]["parameters"]
            .as_array()
            .unwrap_or_else(|| panic!("{path} is listed"))
            .iter()
            .filter_map(|p| p["name"].as_str())
            .collect();
        assert_eq!(params, names, "{path}");
    }
}

/// Issue 15: `GET /api/matches/{id}/commands` serves a finished match's setup, dice and
/// commands, and they replay, with the rules alone and the dice seed derived from what the
/// route shows, to exactly the stored events; under the archive's visibility rules, and
/// only once the match is over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_matchs_commands_are_served_and_replay_to_its_stored_events() {
    let s = TestServer::start().await;
    let ta = s.register("coach_a").await;
    let tb = s.register("coach_b").await;
    let stranger = s.register("stranger").await;
    let (public, _a1, _b1) = play(&s, &ta, &tb, setup([0, 1]), false, 40, Some(Side::Away)).await;
    let (private, _a2, _b2) = play(&s, &ta, &tb, setup([2, 3]), true, 12, Some(Side::Home)).await;
    let (live, _a3, _b3) = play(&s, &ta, &tb, setup([0, 1]), false, 6, None).await;
    let mut c = s.client(&ta).await;
    let unstarted = c
        .create_room(spec(plain_setup(), TimerPolicy::default()))
        .await;

    // ----- the public finished match: served to anyone ---------------------------------
    let (status, body) = http_get(&s, &format!("/api/matches/{public}/commands"), None).await;
    assert_eq!(status, 200, "{body}");
    let served: MatchCommands = serde_json::from_value(body.clone()).expect("a MatchCommands");
    assert_eq!(
        body["game"], "blitz",
        "the game kind, flattened with the setup: {body}"
    );
    let log = s.match_log(&public).await;
    assert_eq!(served.id, public.to_string());
    assert_eq!(served.setup, log.spec.setup);
    assert_eq!(served.rules_version, log.rules_version);
    assert_eq!(served.last_seq, log.events.len() as u64);
    assert_eq!(served.commands.len(), log.commands.len());
    for (got, stored) in served.commands.iter().zip(&log.commands) {
        assert_eq!(got.seat, stored.coach);
        assert_eq!(got.source, CommandSource::Coach);
        assert_eq!(got.command, stored.command);
        assert_eq!(
            (got.seq_before, got.seq_after),
            (stored.seq_before, stored.seq_after)
        );
    }
    // The dice as the log shows them: the commitment holds, the seed derives.
    let revealed = served.dice.server_seed.as_deref().expect("revealed");
    let server_seed = fair::unhex_seed(revealed).expect("a hex seed");
    assert_eq!(Some(server_seed), log.server_seed);
    assert_eq!(
        served.dice.commitment.as_deref(),
        Some(hex(&fair::commitment(&server_seed)).as_str())
    );
    let entropy = served
        .dice
        .entropy
        .clone()
        .map(|e| e.map(|h| fair::unhex(&h).expect("hex")).unwrap_or_default());
    let dice_seed = fair::dice_seed(&server_seed, [&entropy[0], &entropy[1]]);
    assert_eq!(Some(dice_seed), log.dice_seed().expect("derives"));

    // Replayed from the route alone, every stored event comes back, seq by seq.
    let stored: Vec<LogEntry> = all_events(&s, &public, None)
        .await
        .into_iter()
        .map(|v| serde_json::from_value(v).expect("a log entry"))
        .collect();
    let mut dice = ChaChaDice::from_seed(dice_seed);
    let (mut game, opening) =
        dugout_rules::AnyGame::new_game(served.setup.clone(), served.rules_version, &mut dice)
            .expect("the served setup starts a match");
    assert!(matches!(stored[0].event, RoomEvent::MatchStarted { .. }));
    let mut seq = 1u64;
    let next = |seq: &mut u64, event: dugout_rules::AnyEvent| {
        *seq += 1;
        let entry = &stored[(*seq - 1) as usize];
        assert_eq!(entry.seq, *seq);
        assert_eq!(entry.event, RoomEvent::Game { event }, "seq {seq}");
    };
    for event in opening {
        next(&mut seq, event);
    }
    for cmd in &served.commands {
        assert_eq!(cmd.seq_before, seq);
        assert_eq!(game.deciding(), Some(cmd.seat));
        for event in game
            .apply(cmd.command.clone(), &mut dice)
            .expect("a served command replays")
        {
            next(&mut seq, event);
        }
        assert_eq!(cmd.seq_after, seq);
    }
    // Conceded by away, then the reveal: the last two entries.
    assert_eq!(seq + 2, served.last_seq);
    assert_eq!(
        stored[seq as usize].event,
        RoomEvent::Conceded { coach: Side::Away }
    );
    assert!(matches!(
        stored[seq as usize + 1].event,
        RoomEvent::MatchEnded { .. }
    ));

    // ----- a private finished match: its coaches only ----------------------------------
    let path = format!("/api/matches/{private}/commands");
    for token in [None, Some(stranger.as_str())] {
        let (status, body) = http_get(&s, &path, token).await;
        assert_eq!(status, 404, "{token:?}: {body}");
        assert_eq!(body["code"], "unknown_room", "{body}");
    }
    for token in [&ta, &tb] {
        let (status, body) = http_get(&s, &path, Some(token)).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["id"], private.as_str());
    }

    // ----- not over, not started, unknown: refused ------------------------------------
    let seed = hex(&s.match_log(&live).await.server_seed.expect("a seed"));
    for token in [None, Some(ta.as_str())] {
        let (status, body) = http_get(&s, &format!("/api/matches/{live}/commands"), token).await;
        assert_eq!(status, 409, "{body}");
        assert_eq!(body["code"], "wrong_phase", "{body}");
        assert!(
            body["message"]
                .as_str()
                .is_some_and(|m| m.contains("not over")),
            "{body}"
        );
        assert!(!body.to_string().contains(&seed));
    }
    let (status, body) = http_get(&s, &format!("/api/matches/{unstarted}/commands"), None).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("not started")),
        "{body}"
    );
    let (status, body) = http_get(&s, "/api/matches/no-such-match/commands", None).await;
    assert_eq!(status, 404, "{body}");
    assert_eq!(body["code"], "unknown_room", "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_league_match_is_shown_only_to_its_coaches_and_the_organiser() {
    let w = world().await;
    let s = &w.server;
    let [ta, tb, tc] = &w.tokens;
    let org = s.register("private_org").await;
    // m3 is private: coach_a (team 0) v coach_c (team 3).
    let (_, base) = new_league(
        s,
        &org,
        "Private Cup",
        &[("coach_a", ta, 0), ("coach_c", tc, 3)],
    )
    .await;
    let (status, body) = http_post(
        s,
        &format!("{base}/matches"),
        Some(&org),
        serde_json::json!({"match": w.m3}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let attached_ids = |body: &Value| -> Vec<String> {
        body["attached"]
            .as_array()
            .expect("a list")
            .iter()
            .map(|m| m["id"].as_str().expect("an id").to_owned())
            .collect()
    };
    for (who, token, sees) in [
        ("anyone", None, false),
        ("another coach", Some(tb.as_str()), false),
        ("its home coach", Some(ta.as_str()), true),
        ("its away coach", Some(tc.as_str()), true),
        ("the organiser", Some(org.as_str()), true),
    ] {
        let (status, body) = http_get(s, &base, token).await;
        assert_eq!(status, 200, "{body}");
        let want = if sees { vec![w.m3.to_string()] } else { vec![] };
        assert_eq!(attached_ids(&body), want, "{who}");
        assert_eq!(
            body["matches"],
            serde_json::json!(want),
            "{who}: the ids too"
        );
    }
}

/// A league made by `org` with `coaches` registered (name, index into `TeamId::ALL`): its id
/// and its REST path.
async fn new_league(
    s: &TestServer,
    org: &str,
    name: &str,
    coaches: &[(&str, &str, usize)],
) -> (i64, String) {
    let (status, league) = http_post(
        s,
        "/api/leagues",
        Some(org),
        serde_json::json!({"name": name}),
    )
    .await;
    assert_eq!(status, 201, "{league}");
    let id = league["id"].as_i64().expect("an id");
    let base = format!("/api/leagues/{id}");
    for (coach, token, team) in coaches {
        let (status, body) = http_post(
            s,
            &format!("{base}/coaches"),
            Some(org),
            serde_json::json!({"coach": coach, "team": team_name(*team)}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        accept(s, &base, token).await;
    }
    (id, base)
}

/// The coach with `token` accepts their invitation to the league at `base`.
async fn accept(s: &TestServer, base: &str, token: &str) {
    let (status, body) = http_post(
        s,
        &format!("{base}/invitation"),
        Some(token),
        serde_json::json!({}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_coach_plays_for_a_league_only_after_accepting_its_invitation() {
    let w = world().await;
    let s = &w.server;
    let [ta, tb, tc] = &w.tokens;
    let org = s.register("consent_org").await;
    let (_, league) = http_post(
        s,
        "/api/leagues",
        Some(&org),
        serde_json::json!({"name": "Consent Cup"}),
    )
    .await;
    let id = league["id"].as_i64().expect("an id");
    let base = format!("/api/leagues/{id}");
    for (coach, team) in [("coach_a", 0), ("coach_b", 1), ("consent_org", 2)] {
        let (status, body) = http_post(
            s,
            &format!("{base}/coaches"),
            Some(&org),
            serde_json::json!({"coach": coach, "team": team_name(team)}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
    }
    // Invited, not registered: the organiser sees the invitations, each coach their own,
    // anyone else none. The organiser registered themself at once.
    let entry = |c: &str, t: usize| serde_json::json!({"coach": c, "team": team_name(t)});
    let (_, shown) = http_get(s, &base, Some(&org)).await;
    assert_eq!(
        shown["coaches"],
        serde_json::json!([entry("consent_org", 2)])
    );
    assert_eq!(
        shown["invited"],
        serde_json::json!([entry("coach_a", 0), entry("coach_b", 1)])
    );
    let (_, shown) = http_get(s, &base, Some(tb)).await;
    assert_eq!(shown["invited"], serde_json::json!([entry("coach_b", 1)]));
    for viewer in [None, Some(tc.as_str())] {
        let (_, shown) = http_get(s, &base, viewer).await;
        assert_eq!(shown["invited"], serde_json::json!([]), "{viewer:?}");
    }
    let (status, mine) = http_get(s, "/api/invitations", Some(ta)).await;
    assert_eq!(status, 200, "{mine}");
    assert_eq!(
        mine,
        serde_json::json!([{"league": id, "name": "Consent Cup", "organiser": "consent_org",
                            "team": team_name(0)}])
    );
    // Their match does not count until both accept.
    let attach = |m: &RoomId| {
        let m = m.clone();
        let (base, org) = (base.clone(), org.clone());
        async move {
            http_post(
                s,
                &format!("{base}/matches"),
                Some(&org),
                serde_json::json!({"match": m}),
            )
            .await
        }
    };
    let (status, body) = attach(&w.m1).await;
    assert_eq!(status, 409, "{body}");
    accept(s, &base, ta).await;
    let (status, body) = attach(&w.m1).await;
    assert_eq!(status, 409, "coach_b has not accepted: {body}");
    // Nobody accepts for another, or twice; coach_c was never invited.
    for token in [ta, tc] {
        let (status, body) = http_post(
            s,
            &format!("{base}/invitation"),
            Some(token),
            serde_json::json!({}),
        )
        .await;
        assert_eq!(status, 404, "{body}");
    }
    accept(s, &base, tb).await;
    let (status, body) = attach(&w.m1).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        http_get(s, "/api/invitations", Some(ta)).await.1,
        serde_json::json!([])
    );

    // Declining: the invitation goes, and the league's log says who declined.
    let (status, _) = http_post(
        s,
        &format!("{base}/coaches"),
        Some(&org),
        serde_json::json!({"coach": "coach_c", "team": team_name(3)}),
    )
    .await;
    assert_eq!(status, 201);
    let (status, body) = http_delete(s, &format!("{base}/invitation"), Some(tc)).await;
    assert_eq!(status, 204, "{body}");
    let (_, shown) = http_get(s, &base, Some(&org)).await;
    assert_eq!(shown["invited"], serde_json::json!([]));
    let (_, log) = http_get(s, &format!("{base}/log"), Some(&org)).await;
    assert!(
        log.to_string().contains("coach_c (") && log.to_string().contains("declined"),
        "{log}"
    );
    let (status, _) = http_delete(s, &format!("{base}/invitation"), Some(tc)).await;
    assert_eq!(status, 404, "declined once");
}
