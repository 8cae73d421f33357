//! Accounts over HTTP, the lobby pushed over WebSockets, connection limits, keepalive and
//! graceful shutdown, and the binary itself.

mod common;

use std::time::Duration;

use axum::http::StatusCode;
use common::*;
use dugout_protocol::{ClientMessage, ErrorCode, RoomStatus, ServerMessage, TimerPolicy};
use dugout_rules::core::Side;
use dugout_server::Limits;
use serde_json::json;

async fn next_room_change(c: &mut Client) -> dugout_protocol::RoomSummary {
    loop {
        match c.recv().await {
            Some(ServerMessage::RoomChanged { room }) => return room,
            Some(_) => {}
            None => panic!("closed"),
        }
    }
}

#[tokio::test]
async fn lobby_changes_are_pushed_to_every_connected_client_and_private_rooms_stay_private() {
    let server = TestServer::start().await;
    let ta = server.register("coach_a").await;
    let tb = server.register("coach_b").await;
    let tw = server.register("watcher").await;
    let mut a = server.client(&ta).await;
    let mut b = server.client(&tb).await;
    let mut w = server.client(&tw).await;

    // A private room: nobody outside hears of it...
    let mut private_spec = spec(plain_setup(), TimerPolicy::None);
    private_spec.private = true;
    let private = a.create_room(private_spec).await;
    assert!(a.join(&private, Some(Side::Home)).await.is_ok());
    // ...but its followers do.
    assert!(b.join(&private, None).await.is_ok());
    let change = next_room_change(&mut a).await;
    assert_eq!(change.room, private);
    assert_eq!(
        change.seats,
        [Some("coach_a".to_owned()), Some("coach_b".to_owned())]
    );

    // A public room: everyone hears of it, and of each change.
    let public = a.create_room(spec(plain_setup(), TimerPolicy::None)).await;
    let created = next_room_change(&mut w).await;
    assert_eq!(created.room, public, "the private room was never announced");
    assert_eq!(created.status, RoomStatus::Open);
    assert_eq!(created.seats, [None, None]);
    assert!(b.join(&public, Some(Side::Away)).await.is_ok());
    let joined = next_room_change(&mut w).await;
    assert_eq!(joined.seats, [None, Some("coach_b".to_owned())]);

    // Listing: over WebSocket and over HTTP, public rooms only.
    let id = w.id();
    w.send(&ClientMessage::ListRooms { id }).await;
    let rooms = loop {
        match w.recv().await {
            Some(ServerMessage::Rooms { rooms }) => break rooms,
            Some(_) => {}
            None => panic!("closed"),
        }
    };
    assert_eq!(w.answer(id).await, Ok(None));
    assert_eq!(rooms.len(), 1);
    assert_eq!(rooms[0].room, public);
    let http: Vec<dugout_protocol::RoomSummary> =
        serde_json::from_value(server.get("/api/rooms").await.1).expect("a room list");
    assert_eq!(http, rooms);

    // Leaving an open room frees the seat, and that is announced too.
    let room = public.clone();
    assert!(
        b.request(|id| ClientMessage::Leave { id, room })
            .await
            .is_ok()
    );
    let left = next_room_change(&mut w).await;
    assert_eq!(left.seats, [None, None]);
}

#[tokio::test]
async fn accounts_register_log_in_out_and_make_bots_over_http() {
    let server = TestServer::start().await;
    let creds = json!({ "name": "Ada", "password": "long enough" });
    let (status, grant) = server.post("/api/register", creds.clone(), None).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(grant["account"], "Ada");
    let (status, err) = server
        .post(
            "/api/register",
            json!({ "name": "ada", "password": "other password" }),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(err["code"], "name_taken", "names are case-insensitive");
    let (status, err) = server
        .post(
            "/api/register",
            json!({ "name": "a b", "password": "long enough" }),
            None,
        )
        .await;
    assert_eq!(
        (status, err["code"].clone()),
        (StatusCode::BAD_REQUEST, json!("invalid_account"))
    );
    let (status, err) = server
        .post(
            "/api/register",
            json!({ "name": "bob", "password": "short" }),
            None,
        )
        .await;
    assert_eq!(
        (status, err["code"].clone()),
        (StatusCode::BAD_REQUEST, json!("invalid_account"))
    );
    // Weak passwords: only spaces, the name inside, one of the most common.
    for weak in ["        ", "bob-the-coach", "password123"] {
        let (status, err) = server
            .post(
                "/api/register",
                json!({ "name": "bob", "password": weak }),
                None,
            )
            .await;
        assert_eq!(
            (status, err["code"].clone()),
            (StatusCode::BAD_REQUEST, json!("invalid_account")),
            "{weak:?}: {err}"
        );
    }
    let (status, err) = server.post_raw("/api/register", "{not json").await;
    assert_eq!(
        (status, err["code"].clone()),
        (StatusCode::BAD_REQUEST, json!("malformed"))
    );

    let (status, err) = server
        .post(
            "/api/login",
            json!({ "name": "Ada", "password": "wrong password" }),
            None,
        )
        .await;
    assert_eq!(
        (status, err["code"].clone()),
        (StatusCode::UNAUTHORIZED, json!("bad_credentials"))
    );
    let (status, err) = server
        .post(
            "/api/login",
            json!({ "name": "nobody", "password": "long enough" }),
            None,
        )
        .await;
    assert_eq!(
        (status, err["code"].clone()),
        (StatusCode::UNAUTHORIZED, json!("bad_credentials"))
    );
    let (status, session) = server.post("/api/login", creds, None).await;
    assert_eq!(status, StatusCode::OK);
    let token = session["token"].as_str().expect("token").to_owned();
    assert_ne!(
        Some(token.as_str()),
        grant["token"].as_str(),
        "a new session per login"
    );

    let (status, me) = server.get_auth("/api/me", &token).await;
    assert_eq!(
        (status, me["account"].clone()),
        (StatusCode::OK, json!("Ada"))
    );

    // A bot, owned by Ada, with an API token that works over WebSocket.
    let (status, bot) = server
        .post("/api/bots", json!({ "name": "ada-bot" }), Some(&token))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(bot["bot"], true);
    let bot_token = bot["token"].as_str().expect("bot token").to_owned();
    let mut c = server.connect().await;
    match c.try_hello(&bot_token).await {
        Ok(ServerMessage::Welcome { account, bot, .. }) => {
            assert_eq!((account.as_str(), bot), ("ada-bot", true));
        }
        other => panic!("the bot was not welcomed: {other:?}"),
    }
    let (status, err) = server
        .post("/api/bots", json!({ "name": "bot-bot" }), Some(&bot_token))
        .await;
    assert_eq!(
        (status, err["code"].clone()),
        (StatusCode::BAD_REQUEST, json!("invalid_account"))
    );

    // Logging out kills the session, not the bot's token.
    let (status, _) = server.post("/api/logout", json!({}), Some(&token)).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, err) = server.get_auth("/api/me", &token).await;
    assert_eq!(
        (status, err["code"].clone()),
        (StatusCode::UNAUTHORIZED, json!("unauthenticated"))
    );
    let (status, _) = server.get_auth("/api/me", &bot_token).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn connections_beyond_the_cap_are_refused() {
    let limits = Limits {
        max_connections: 1,
        ..fast_limits()
    };
    let server = TestServer::start_with(limits).await;
    let _first = server.connect().await;
    let url = format!("ws://{}/ws", server.addr);
    let refused = tokio_tungstenite::connect_async(url).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        }
        other => panic!(
            "a second connection was not refused: {:?}",
            other.map(|_| ())
        ),
    }
}

#[tokio::test]
async fn a_silent_connection_is_closed_and_a_listening_one_is_kept() {
    let limits = Limits {
        ping_interval: Duration::from_millis(50),
        idle_timeout: Duration::from_millis(200),
        ..fast_limits()
    };
    let server = TestServer::start_with(limits).await;
    let token = server.register("sleepy").await;
    let mut silent = server.client(&token).await;
    let mut awake = server.client(&token).await;
    // The awake client keeps reading (and so answering pings) for a while.
    let until = tokio::time::Instant::now() + Duration::from_millis(600);
    awake.deadline = Some(Duration::from_millis(600));
    let reading = async {
        while tokio::time::Instant::now() < until {
            let id = awake.id();
            awake.send(&ClientMessage::Ping { id }).await;
            assert_eq!(awake.answer(id).await, Ok(None));
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    // Meanwhile the silent one reads nothing.
    reading.await;
    while silent.recv().await.is_some() {}
    assert_eq!(
        silent.closed,
        Some(1001),
        "closed as idle with a close frame"
    );
    let id = awake.id();
    awake.send(&ClientMessage::Ping { id }).await;
    assert_eq!(awake.answer(id).await, Ok(None), "still connected");
}

#[tokio::test]
async fn the_idle_close_comes_when_due_not_at_the_next_ping() {
    // Pings every 3 s, idle after 300 ms: the close must not wait for the first ping (issue
    // 15: it came 60-80 s after the last frame with a 60 s timeout).
    let limits = Limits {
        ping_interval: Duration::from_secs(3),
        idle_timeout: Duration::from_millis(300),
        ..fast_limits()
    };
    let server = TestServer::start_with(limits).await;
    let token = server.register("quiet").await;
    let mut quiet = server.client(&token).await;
    let heard = tokio::time::Instant::now();
    quiet.deadline = Some(Duration::from_secs(10));
    while quiet.recv().await.is_some() {}
    let after = heard.elapsed();
    assert_eq!(quiet.closed, Some(1001), "closed as idle");
    assert!(
        after >= Duration::from_millis(250) && after < Duration::from_millis(1500),
        "closed {after:?} after the last frame, not about 300 ms"
    );
}

#[tokio::test]
async fn shutdown_reaches_every_socket_and_room() {
    let mut server = TestServer::start().await;
    let (mut a, mut b, room) = seated_match(&server, plain_setup(), TimerPolicy::None).await;
    let tw = server.register("watcher").await;
    let mut w = server.client(&tw).await;
    assert!(w.spectate(&room).await.is_ok());
    let mut idle = server.connect().await; // not even authenticated
    assert!(
        server.state.shutdown().running_tasks() >= 5,
        "4 sockets and a room"
    );
    let mut lobby = server.state.lobby().subscribe();

    let stopped = server.stop().await;
    assert!(stopped.is_ok());
    for c in [&mut a, &mut b, &mut w, &mut idle] {
        let mut told = false;
        while let Some(msg) = c.recv().await {
            if let ServerMessage::Error { code, .. } = msg {
                told |= code == ErrorCode::ShuttingDown;
            }
        }
        assert!(told, "each client is told why");
        assert_eq!(c.closed, Some(1012), "and gets a close frame");
    }
    assert_eq!(server.state.shutdown().running_tasks(), 0);
    // The match comes back after a restart: the lobby must not announce it closed (bots
    // would abandon it).
    while let Ok(summary) = lobby.try_recv() {
        assert!(
            !(summary.room == room && summary.status == RoomStatus::Closed),
            "a match in play is announced closed when the server stops: {summary:?}"
        );
    }
}

/// The binary starts on a fresh machine with no flags but a port: it makes its data dir and
/// database, serves, and stops cleanly on SIGTERM.
#[cfg(unix)]
#[tokio::test]
async fn the_binary_starts_with_a_fresh_data_dir_serves_and_stops_on_sigterm() {
    use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};

    let dir = tempfile::tempdir().expect("temp dir");
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_dugout-server"))
        .args(["--listen", "127.0.0.1:0"])
        .current_dir(dir.path())
        .env_remove("DUGOUT_DATA_DIR")
        .env_remove("DUGOUT_DATABASE_URL")
        .env_remove("DATABASE_URL")
        .env("DUGOUT_LOG", "info")
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("start the server binary");
    let stderr = child.stderr.take().expect("stderr");
    let mut lines = BufReader::new(stderr).lines();
    let addr = tokio::time::timeout(DEADLINE, async {
        while let Some(line) = lines.next_line().await.expect("read stderr") {
            if let Some(rest) = line.split("listening on http://").nth(1) {
                return rest.split_whitespace().next().map(str::to_owned);
            }
        }
        None
    })
    .await
    .expect("the server starts in time")
    .expect("the server says where it listens");
    assert!(dir.path().join("data").join("dugout.sqlite3").exists());

    let mut stream = tokio::net::TcpStream::connect(&addr)
        .await
        .expect("connect");
    stream
        .write_all(
            format!("GET /health HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
        )
        .await
        .expect("send");
    let mut response = String::new();
    stream.read_to_string(&mut response).await.expect("read");
    assert!(response.starts_with("HTTP/1.1 200 OK"), "{response}");

    let pid = child.id().expect("running").to_string();
    let status = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("send SIGTERM");
    assert!(status.success());
    let exit = tokio::time::timeout(DEADLINE, child.wait())
        .await
        .expect("the server stops in time")
        .expect("exit status");
    assert!(exit.success(), "{exit:?}");
}

#[tokio::test]
async fn an_open_room_nobody_joins_is_retired_and_announced_closed() {
    let limits = Limits {
        room_linger: Duration::from_millis(100),
        ..fast_limits()
    };
    let server = TestServer::start_with(limits).await;
    let token = server.register("host").await;
    let mut host = server.client(&token).await;
    let room = host
        .create_room(spec(plain_setup(), TimerPolicy::None))
        .await;
    let opened = next_room_change(&mut host).await;
    assert_eq!(
        (opened.room.as_str(), opened.status),
        (room.as_str(), RoomStatus::Open)
    );
    let closed = next_room_change(&mut host).await;
    assert_eq!(
        (closed.room.as_str(), closed.status),
        (room.as_str(), RoomStatus::Closed)
    );
    assert_eq!(
        host.join(&room, None).await.map_err(|e| e.0),
        Err(ErrorCode::UnknownRoom)
    );
    assert_eq!(server.match_log(&room).await.status, RoomStatus::Closed);
}

#[tokio::test]
async fn the_room_list_shows_a_public_match_s_current_seq() {
    let server = TestServer::start().await;
    let (mut a, mut b, room) = seated_match(&server, plain_setup(), TimerPolicy::None).await;
    let mut picker = Picker::new(7);
    for _ in 0..5 {
        play_one(&mut [&mut a, &mut b], &mut [], &room, &mut picker).await;
    }
    let (status, rooms) = server.get("/api/rooms").await;
    assert_eq!(status, StatusCode::OK);
    let listed = rooms
        .as_array()
        .expect("a list")
        .iter()
        .find(|r| r["room"] == room.as_str())
        .cloned()
        .expect("the match is listed");
    assert_eq!(
        listed["seq"], a.seq,
        "the list follows the match, not its start"
    );
    assert!(a.seq > 1);
}

#[tokio::test]
async fn a_socket_that_never_says_hello_is_closed_even_when_it_answers_pings() {
    let limits = Limits {
        ping_interval: Duration::from_millis(50),
        hello_timeout: Duration::from_millis(300),
        ..fast_limits()
    };
    let server = TestServer::start_with(limits).await;
    let token = server.register("prompt").await;
    // Reads (so answers the server's pings) but never authenticates.
    let mut mute = server.connect().await;
    let started = tokio::time::Instant::now();
    let mut error = None;
    while let Some(msg) = mute.recv().await {
        if let ServerMessage::Error { code, .. } = msg {
            error = Some(code);
        }
    }
    assert_eq!(error, Some(ErrorCode::Unauthenticated));
    assert_eq!(mute.closed, Some(1008), "closed for policy");
    assert!(started.elapsed() >= Duration::from_millis(250));
    // A socket that says hello in time is kept past the hello timeout.
    let mut polite = server.client(&token).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let id = polite.id();
    polite.send(&ClientMessage::Ping { id }).await;
    assert!(
        polite.answer(id).await.is_ok(),
        "still open after the hello timeout"
    );
}

#[tokio::test]
async fn logging_out_closes_the_sockets_opened_with_that_token_and_only_those() {
    let server = TestServer::start().await;
    let token = server.register("leaver").await;
    let other = server.login("leaver").await;
    let mut with_token = server.client(&token).await;
    let mut with_other = server.client(&other).await;
    let (status, _) = server
        .post("/api/logout", serde_json::json!({}), Some(&token))
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let mut error = None;
    while let Some(msg) = with_token.recv().await {
        if let ServerMessage::Error { code, .. } = msg {
            error = Some(code);
        }
    }
    assert_eq!(error, Some(ErrorCode::Unauthenticated));
    assert_eq!(with_token.closed, Some(1008));
    // The account's other session is untouched.
    let id = with_other.id();
    with_other.send(&ClientMessage::Ping { id }).await;
    assert!(with_other.answer(id).await.is_ok());
}

/// Closed with `unauthenticated` and 1008?
async fn closed_as_revoked(c: &mut Client) {
    let mut error = None;
    while let Some(msg) = c.recv().await {
        if let ServerMessage::Error { code, .. } = msg {
            error = Some(code);
        }
    }
    assert_eq!(error, Some(ErrorCode::Unauthenticated));
    assert_eq!(c.closed, Some(1008));
}

#[tokio::test]
async fn an_owner_lists_rotates_and_revokes_their_bots_tokens_and_the_old_sockets_close() {
    let server = TestServer::start().await;
    let owner = server.register("keeper").await;
    let stranger = server.register("stranger").await;
    let mut tokens = Vec::new();
    for name in ["zeta-bot", "alpha-bot"] {
        let (status, grant) = server
            .post(
                "/api/bots",
                serde_json::json!({ "name": name }),
                Some(&owner),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{grant}");
        tokens.push(grant["token"].as_str().expect("a token").to_owned());
    }
    let (zeta, alpha) = (tokens[0].clone(), tokens[1].clone());
    let (status, list) = server.get_auth("/api/bots", &owner).await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<(&str, u64)> = list
        .as_array()
        .expect("a list")
        .iter()
        .map(|b| {
            (
                b["name"].as_str().unwrap_or(""),
                b["tokens"].as_u64().unwrap_or(99),
            )
        })
        .collect();
    assert_eq!(names, [("alpha-bot", 1), ("zeta-bot", 1)], "by name");
    let (_, theirs) = server.get_auth("/api/bots", &stranger).await;
    assert_eq!(theirs, serde_json::json!([]), "only one's own bots");

    // Rotation: the old token's socket closes, the old token is dead, the new one works.
    let mut zeta_socket = server.client(&zeta).await;
    let (status, grant) = server
        .post(
            "/api/bots/ZETA-bot/token",
            serde_json::json!({}),
            Some(&owner),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{grant}");
    let new_zeta = grant["token"].as_str().expect("a new token").to_owned();
    assert_ne!(new_zeta, zeta);
    closed_as_revoked(&mut zeta_socket).await;
    assert_eq!(
        server.get_auth("/api/me", &zeta).await.0,
        StatusCode::UNAUTHORIZED
    );
    let (status, me) = server.get_auth("/api/me", &new_zeta).await;
    assert_eq!(
        (status, me["account"].as_str()),
        (StatusCode::OK, Some("zeta-bot"))
    );

    // Nobody else manages them, nor the bot itself (a stolen bot token could lock its
    // owner out); an unknown name is the same 404 as someone else's bot.
    for (token, path, want) in [
        (&stranger, "/api/bots/zeta-bot/token", StatusCode::NOT_FOUND),
        (&owner, "/api/bots/nobody-bot/token", StatusCode::NOT_FOUND),
        (&new_zeta, "/api/bots/zeta-bot/token", StatusCode::FORBIDDEN),
    ] {
        let (status, body) = server.post(path, serde_json::json!({}), Some(token)).await;
        assert_eq!(status, want, "{path}: {body}");
    }
    assert_eq!(
        server
            .delete_auth("/api/bots/alpha-bot/tokens", &stranger)
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        server.get_auth("/api/me", &new_zeta).await.0,
        StatusCode::OK
    );

    // Revocation: no token left, the socket closes.
    let mut alpha_socket = server.client(&alpha).await;
    let (status, _) = server
        .delete_auth("/api/bots/alpha-bot/tokens", &owner)
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    closed_as_revoked(&mut alpha_socket).await;
    assert_eq!(
        server.get_auth("/api/me", &alpha).await.0,
        StatusCode::UNAUTHORIZED
    );
    let (_, list) = server.get_auth("/api/bots", &owner).await;
    assert_eq!(list[0]["name"], "alpha-bot");
    assert_eq!(list[0]["tokens"], 0);
}
