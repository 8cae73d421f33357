//! The `Store` contract: one suite, run against every implementation. Each case below is a
//! test twice over, `sqlite::<case>` (a file in a temp dir) and `postgres::<case>` (a fresh
//! database; see `common/pg.rs` for where Postgres is found and what happens without it).

mod common;

use std::sync::Arc;

use dugout_protocol::{MatchResult, RoomEvent, RoomSpec, RoomStatus, TimerPolicy};
use dugout_rules::blitz::{self, Command};
use dugout_rules::core::Side;
use dugout_rules::{AnyCommand, AnyEvent, AnySetup, GameKind};
use dugout_server::store::{
    Account, AccountStore, CoachRemoval, CommandRecord, CommandSource, LogLine, MatchHeader,
    PointsScheme, SqliteStore, Store, StoreError, StoredEvent, TokenKind,
};

crate::store_contract!(
    account_names_are_unique_without_regard_to_case,
    tokens_are_found_until_they_expire_or_are_deleted,
    a_match_keeps_its_seats_seed_commands_events_and_result,
    an_append_is_all_or_nothing_and_a_seq_is_never_stored_twice,
    closing_applies_to_open_matches_only,
    unfinished_matches_are_the_open_and_playing_ones_oldest_first,
    many_matches_append_at_once_and_each_log_stays_in_order,
    match_headers_are_newest_first_with_names_times_and_results,
    a_league_keeps_its_scheme_coaches_and_matches,
    leagues_are_listed_newest_first,
    a_match_keeps_the_rules_version_that_made_it,
    organiser_changes_are_made_and_logged_together,
    a_key_with_a_nul_names_nothing,
);

fn spec() -> RoomSpec {
    RoomSpec {
        setup: AnySetup::Blitz(blitz::MatchSetup {
            edition: blitz::Edition::Bb2024,
            teams: [blitz::data::TeamId::ALL[2], blitz::data::TeamId::ALL[3]],
            options: blitz::Options::default(),
        }),
        timer: TimerPolicy::PerTurn { seconds: 90 },
        private: true,
        league: None,
    }
}

async fn two_coaches(store: &dyn Store) -> (Account, Account) {
    let ada = store
        .create_account("Ada", Some("hash"), false, None, 1)
        .await
        .expect("create");
    let bot = store
        .create_account("ada-bot", None, true, Some(ada.id), 3)
        .await
        .expect("create a bot");
    (ada, bot)
}

fn started_events() -> Vec<StoredEvent> {
    vec![
        StoredEvent {
            seq: 1,
            event: RoomEvent::MatchStarted {
                coaches: ["Ada".into(), "ada-bot".into()],
                dice: None,
            },
        },
        StoredEvent {
            seq: 2,
            event: RoomEvent::Game {
                event: AnyEvent::Blitz(blitz::Event::CoinToss { winner: Side::Away }),
            },
        },
    ]
}

fn turn_ended(seq: u64) -> StoredEvent {
    StoredEvent {
        seq,
        event: RoomEvent::Game {
            event: AnyEvent::Blitz(blitz::Event::TurnEnded { coach: Side::Away }),
        },
    }
}

fn end_turn(account: &Account, client_id: u64, seq_before: u64, seq_after: u64) -> CommandRecord {
    CommandRecord {
        coach: Side::Away,
        source: CommandSource::Coach,
        account: Some(account.id),
        client_id: Some(client_id),
        command: AnyCommand::Blitz(Command::EndTurn),
        seq_before,
        seq_after,
    }
}

async fn account_names_are_unique_without_regard_to_case(store: Arc<dyn Store>) {
    let (ada, bot) = two_coaches(store.as_ref()).await;
    assert!(matches!(
        store.create_account("ADA", None, false, None, 2).await,
        Err(StoreError::NameTaken)
    ));
    assert!(bot.bot);
    assert!(!ada.bot);
    let cred = store.credential("ada").await.expect("read").expect("found");
    assert_eq!(cred.account, ada);
    assert_eq!(cred.password_hash.as_deref(), Some("hash"));
    let cred = store
        .credential("ADA-BOT")
        .await
        .expect("read")
        .expect("found");
    assert_eq!((cred.account, cred.password_hash), (bot, None));
    assert_eq!(store.credential("nobody").await.expect("read"), None);
}

/// Postgres's `text` holds no NUL and refuses a statement binding one: a name or match id
/// with a NUL (a client may send one) is simply not found, in both stores.
async fn a_key_with_a_nul_names_nothing(store: Arc<dyn Store>) {
    two_coaches(store.as_ref()).await;
    assert_eq!(store.credential("ada\0").await.expect("read"), None);
    assert_eq!(store.account_named("\0").await.expect("read"), None);
    assert!(store.match_header("m\0").await.expect("read").is_none());
    assert!(store.match_log("m\0").await.expect("read").is_none());
}

async fn tokens_are_found_until_they_expire_or_are_deleted(store: Arc<dyn Store>) {
    let (ada, bot) = two_coaches(store.as_ref()).await;
    store
        .create_token("h1", ada.id, TokenKind::Session, 10, Some(100))
        .await
        .expect("token");
    store
        .create_token("h2", bot.id, TokenKind::Bot, 10, None)
        .await
        .expect("token");
    assert_eq!(
        store.token_account("h1", 50).await.expect("read"),
        Some(ada.clone())
    );
    assert_eq!(
        store.token_account("h1", 100).await.expect("read"),
        None,
        "expired"
    );
    assert_eq!(
        store.token_account("h2", i64::MAX).await.expect("read"),
        Some(bot.clone()),
        "bot tokens do not expire"
    );
    assert_eq!(store.token_account("nope", 50).await.expect("read"), None);
    assert!(store.delete_token("h1").await.expect("delete"));
    assert!(!store.delete_token("h1").await.expect("delete"));
    assert_eq!(store.token_account("h1", 50).await.expect("read"), None);
}

async fn a_match_keeps_its_seats_seed_commands_events_and_result(store: Arc<dyn Store>) {
    let (ada, bot) = two_coaches(store.as_ref()).await;
    let spec = spec();
    store
        .create_match("m1", &spec, 1, 5)
        .await
        .expect("create match");
    let log = store.match_log("m1").await.expect("read").expect("found");
    assert_eq!(
        (log.status, log.seats, log.server_seed),
        (RoomStatus::Open, [None, None], None)
    );
    assert_eq!(log.spec, spec);
    let seed: [u8; 32] = std::array::from_fn(|i| (i * 37 % 256) as u8);
    let start = started_events();
    store
        .start_match("m1", [ada.id, bot.id], seed, &start, 6)
        .await
        .expect("start");
    let log = store.match_log("m1").await.expect("read").expect("found");
    assert_eq!(
        (log.status, log.seats, log.server_seed),
        (
            RoomStatus::Playing,
            [Some(ada.id), Some(bot.id)],
            Some(seed)
        )
    );
    assert_eq!(log.events, start);
    // A client id above i64::MAX is kept bit for bit.
    let command = end_turn(&bot, u64::MAX, 2, 3);
    let more = vec![turn_ended(3)];
    store
        .append("m1", Some((0, &command)), &more)
        .await
        .expect("append");
    let timer = CommandRecord {
        source: CommandSource::Timer,
        account: None,
        client_id: None,
        command: AnyCommand::Blitz(Command::Decline),
        seq_before: 3,
        seq_after: 3,
        ..command.clone()
    };
    store
        .append("m1", Some((1, &timer)), &[])
        .await
        .expect("a command with no events");
    let end = vec![
        StoredEvent {
            seq: 4,
            event: RoomEvent::Conceded { coach: Side::Home },
        },
        StoredEvent {
            seq: 5,
            event: RoomEvent::MatchEnded {
                result: MatchResult::Concession { loser: Side::Home },
                server_seed: None,
            },
        },
    ];
    store
        .append("m1", None, &end)
        .await
        .expect("events without a command");
    let result = MatchResult::Concession { loser: Side::Home };
    store.finish_match("m1", &result, 9).await.expect("finish");

    let log = store.match_log("m1").await.expect("read").expect("found");
    assert_eq!(log.id, "m1");
    assert_eq!(log.spec, spec);
    assert_eq!(log.status, RoomStatus::Finished);
    assert_eq!(log.seats, [Some(ada.id), Some(bot.id)]);
    assert_eq!(log.server_seed, Some(seed));
    assert_eq!(log.result, Some(result));
    assert_eq!(log.commands, vec![command, timer]);
    let mut all = start;
    all.extend(more);
    all.extend(end);
    assert_eq!(log.events, all);
    assert_eq!(store.match_log("m3").await.expect("read"), None);
}

async fn an_append_is_all_or_nothing_and_a_seq_is_never_stored_twice(store: Arc<dyn Store>) {
    let (ada, bot) = two_coaches(store.as_ref()).await;
    store
        .create_match("m1", &spec(), 1, 5)
        .await
        .expect("create");
    store
        .start_match("m1", [ada.id, bot.id], [1; 32], &started_events(), 6)
        .await
        .expect("start");
    let first = end_turn(&bot, 1, 2, 3);
    store
        .append("m1", Some((0, &first)), &[turn_ended(3)])
        .await
        .expect("append");
    // The (match, seq) key refuses a second event at seq 3 ...
    assert!(store.append("m1", None, &[turn_ended(3)]).await.is_err());
    // ... and the whole append fails: its command is not kept either, nor its other event.
    let second = end_turn(&bot, 2, 3, 5);
    assert!(
        store
            .append("m1", Some((1, &second)), &[turn_ended(4), turn_ended(3)])
            .await
            .is_err()
    );
    // A command number is never used twice either.
    assert!(
        store
            .append("m1", Some((0, &second)), &[turn_ended(4)])
            .await
            .is_err()
    );
    let log = store.match_log("m1").await.expect("read").expect("found");
    assert_eq!(log.commands, vec![first]);
    assert_eq!(log.events.last(), Some(&turn_ended(3)));
    assert_eq!(log.events.len(), 3);
}

async fn closing_applies_to_open_matches_only(store: Arc<dyn Store>) {
    let (ada, bot) = two_coaches(store.as_ref()).await;
    let spec = spec();
    store.create_match("m1", &spec, 1, 5).await.expect("create");
    store
        .start_match("m1", [ada.id, bot.id], [1; 32], &started_events(), 6)
        .await
        .expect("start");
    store.close_match("m1").await.expect("close");
    assert_eq!(
        store.match_log("m1").await.expect("read").map(|l| l.status),
        Some(RoomStatus::Playing)
    );
    store.create_match("m2", &spec, 1, 5).await.expect("create");
    store.close_match("m2").await.expect("close");
    assert_eq!(
        store.match_log("m2").await.expect("read").map(|l| l.status),
        Some(RoomStatus::Closed)
    );
}

async fn unfinished_matches_are_the_open_and_playing_ones_oldest_first(store: Arc<dyn Store>) {
    let (ada, bot) = two_coaches(store.as_ref()).await;
    assert_eq!(
        store.unfinished_matches().await.expect("read"),
        Vec::<String>::new()
    );
    let spec = spec();
    // Created out of order: the list goes by creation time.
    for (id, at) in [
        ("playing", 20),
        ("open", 30),
        ("finished", 10),
        ("closed", 5),
        ("early", 1),
    ] {
        store.create_match(id, &spec, 1, at).await.expect("create");
    }
    for id in ["playing", "finished"] {
        store
            .start_match(id, [ada.id, bot.id], [2; 32], &started_events(), 40)
            .await
            .expect("start");
    }
    store
        .finish_match("finished", &MatchResult::Forfeit { loser: Side::Away }, 50)
        .await
        .expect("finish");
    store.close_match("closed").await.expect("close");
    assert_eq!(
        store.unfinished_matches().await.expect("read"),
        vec!["early".to_owned(), "playing".into(), "open".into()]
    );
}

async fn many_matches_append_at_once_and_each_log_stays_in_order(store: Arc<dyn Store>) {
    const MATCHES: usize = 8;
    const STEPS: u64 = 40;
    let (ada, bot) = two_coaches(store.as_ref()).await;
    let mut tasks = Vec::new();
    for m in 0..MATCHES {
        let store = store.clone();
        let bot = bot.clone();
        let id = format!("m{m}");
        store
            .create_match(&id, &spec(), 1, 1)
            .await
            .expect("create");
        store
            .start_match(&id, [ada.id, bot.id], [3; 32], &started_events(), 2)
            .await
            .expect("start");
        // Each match has one writer, as a room is; the matches write at the same time.
        tasks.push(tokio::spawn(async move {
            for n in 0..STEPS {
                let seq = 3 + n;
                let c = end_turn(&bot, n, seq - 1, seq);
                store
                    .append(&id, Some((n, &c)), &[turn_ended(seq)])
                    .await
                    .expect("append");
            }
            id
        }));
    }
    for task in tasks {
        let id = task.await.expect("the writer did not panic");
        let log = store.match_log(&id).await.expect("read").expect("found");
        assert_eq!(log.commands.len() as u64, STEPS);
        let seqs: Vec<u64> = log.events.iter().map(|e| e.seq).collect();
        assert_eq!(seqs, (1..=2 + STEPS).collect::<Vec<_>>(), "{id}");
        for (n, c) in log.commands.iter().enumerate() {
            assert_eq!(c.client_id, Some(n as u64));
            assert_eq!(c.seq_after, 3 + n as u64);
        }
    }
}

#[tokio::test]
async fn the_sqlite_store_reopens_with_its_data_and_migrations_applied_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    {
        let store = SqliteStore::open(dir.path()).await.expect("open");
        store
            .create_account("kept", None, false, None, 1)
            .await
            .expect("create");
    }
    let store = SqliteStore::open(dir.path()).await.expect("reopen");
    assert!(store.credential("kept").await.expect("read").is_some());
    let url = format!("sqlite://{}", dir.path().join("dugout.sqlite3").display());
    let by_url = SqliteStore::open_url(&url).await.expect("open by URL");
    assert!(by_url.credential("kept").await.expect("read").is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_postgres_store_reconnects_with_its_data_and_migrations_applied_once() {
    let Some(db) = common::pg::TestDb::create("the_postgres_store_reconnects").await else {
        return;
    };
    {
        let store = db.store().await;
        store
            .create_account("kept", None, false, None, 1)
            .await
            .expect("create");
        store.close().await;
    }
    // Two servers starting on one database at once: the migrator's lock lets one apply.
    let (a, b) = tokio::join!(db.store(), db.store());
    assert!(a.credential("kept").await.expect("read").is_some());
    assert!(b.credential("KEPT").await.expect("read").is_some());
    a.close().await;
    b.close().await;
    // The URL form the server takes (`store::open`) picks Postgres.
    let store = dugout_server::store::open(Some(&db.url), std::path::Path::new("unused"))
        .await
        .expect("open by URL");
    assert!(store.credential("kept").await.expect("read").is_some());
}

#[tokio::test]
async fn an_unknown_database_url_is_refused_with_its_password_hidden() {
    let err = dugout_server::store::open(
        Some("mysql://root:hunter2@db/dugout"),
        std::path::Path::new("unused"),
    )
    .await
    .err()
    .expect("refused");
    let msg = err.to_string();
    assert!(msg.contains("unsupported database URL"), "{msg}");
    assert!(!msg.contains("hunter2"), "{msg}");
}

async fn match_headers_are_newest_first_with_names_times_and_results(store: Arc<dyn Store>) {
    let (ada, bot) = two_coaches(store.as_ref()).await;
    assert_eq!(
        store.match_headers().await.expect("read"),
        Vec::<MatchHeader>::new()
    );
    assert_eq!(store.match_header("none").await.expect("read"), None);
    let spec = spec();
    for (id, at) in [
        ("b", 20),
        ("c", 30),
        ("a", 10),
        ("tie-1", 40),
        ("tie-2", 40),
    ] {
        store.create_match(id, &spec, 1, at).await.expect("create");
    }
    store
        .start_match("b", [ada.id, bot.id], [2; 32], &started_events(), 21)
        .await
        .expect("start");
    let result = MatchResult::Concession { loser: Side::Home };
    store.finish_match("b", &result, 25).await.expect("finish");
    let headers = store.match_headers().await.expect("read");
    let ids: Vec<&str> = headers.iter().map(|h| h.id.as_str()).collect();
    assert_eq!(ids, ["tie-2", "tie-1", "c", "b", "a"]);
    let b = store.match_header("b").await.expect("read").expect("found");
    assert_eq!(
        b,
        MatchHeader {
            id: "b".into(),
            spec: spec.clone(),
            status: RoomStatus::Finished,
            seats: [Some(ada.id), Some(bot.id)],
            coaches: [Some("Ada".into()), Some("ada-bot".into())],
            rules_version: 1,
            result: Some(result),
            created_at_ms: 20,
            started_at_ms: Some(21),
            finished_at_ms: Some(25),
            league: None,
        }
    );
    assert_eq!(headers[3], b);
    let c = store.match_header("c").await.expect("read").expect("found");
    assert_eq!(
        (c.status, c.seats, c.coaches, c.result, c.started_at_ms),
        (RoomStatus::Open, [None, None], [None, None], None, None)
    );
}

async fn a_league_keeps_its_scheme_coaches_and_matches(store: Arc<dyn Store>) {
    let (ada, bot) = two_coaches(store.as_ref()).await;
    assert_eq!(store.league(1).await.expect("read"), None);
    let points = PointsScheme {
        win: 2,
        draw: 1,
        loss: -1,
    };
    let league = store
        .create_league("Spring", &ada, GameKind::Blitz, points, 7)
        .await
        .expect("create");
    let other = store
        .create_league("Autumn", &bot, GameKind::Blitz, PointsScheme::default(), 8)
        .await
        .expect("create");
    assert_ne!(league.id, other.id);
    assert_eq!(
        store.league(league.id).await.expect("read"),
        Some(league.clone())
    );
    assert_eq!(league.organiser, ada);
    assert_eq!(league.points, points);
    assert!(
        store
            .add_league_coach(league.id, bot.id, "Amazon", Some(1))
            .await
            .expect("add")
    );
    assert!(
        store
            .add_league_coach(league.id, ada.id, "Human", Some(1))
            .await
            .expect("add")
    );
    assert!(
        !store
            .add_league_coach(league.id, ada.id, "Orc", Some(1))
            .await
            .expect("add")
    );
    let coaches = store.league_coaches(league.id).await.expect("read");
    let names: Vec<(&str, &str)> = coaches
        .iter()
        .map(|c| (c.account.name.as_str(), c.team.as_str()))
        .collect();
    assert_eq!(names, [("Ada", "Human"), ("ada-bot", "Amazon")]);
    assert!(
        store
            .league_coaches(other.id)
            .await
            .expect("read")
            .is_empty()
    );

    // An invitation counts for nothing until it is accepted, and is accepted once.
    assert!(
        store
            .add_league_coach(other.id, ada.id, "Orc", None)
            .await
            .expect("invite")
    );
    assert!(
        store
            .league_coaches(other.id)
            .await
            .expect("read")
            .is_empty()
    );
    let pending = store.league_invitations(other.id).await.expect("read");
    assert_eq!(pending.len(), 1);
    assert_eq!(
        (pending[0].account.id, pending[0].team.as_str()),
        (ada.id, "Orc")
    );
    let mine = store.invitations_for(ada.id).await.expect("read");
    assert_eq!(mine.len(), 1);
    assert_eq!(
        (mine[0].league.id, mine[0].team.as_str()),
        (other.id, "Orc")
    );
    assert!(
        store
            .invitations_for(bot.id)
            .await
            .expect("read")
            .is_empty()
    );
    assert!(
        !store
            .accept_league_invitation(other.id, bot.id, 9)
            .await
            .expect("accept"),
        "nobody invited bot there"
    );
    assert!(
        store
            .accept_league_invitation(other.id, ada.id, 9)
            .await
            .expect("accept")
    );
    assert!(
        !store
            .accept_league_invitation(other.id, ada.id, 10)
            .await
            .expect("accept"),
        "accepted once"
    );
    assert_eq!(store.league_coaches(other.id).await.expect("read").len(), 1);
    assert!(
        store
            .league_invitations(other.id)
            .await
            .expect("read")
            .is_empty()
    );
    assert!(
        store
            .invitations_for(ada.id)
            .await
            .expect("read")
            .is_empty()
    );

    let spec = spec();
    for (id, at) in [("x", 1), ("y", 2), ("z", 3)] {
        store.create_match(id, &spec, 1, at).await.expect("create");
    }
    assert!(
        store
            .set_match_league("x", Some(league.id))
            .await
            .expect("attach")
    );
    assert!(
        store
            .set_match_league("z", Some(league.id))
            .await
            .expect("attach")
    );
    assert!(
        store
            .set_match_league("y", Some(other.id))
            .await
            .expect("attach")
    );
    assert!(
        !store
            .set_match_league("nope", Some(league.id))
            .await
            .expect("attach")
    );
    let ids = |h: Vec<MatchHeader>| h.into_iter().map(|h| h.id).collect::<Vec<_>>();
    assert_eq!(
        ids(store.league_matches(league.id).await.expect("read")),
        ["z", "x"]
    );
    assert!(store.set_match_league("z", None).await.expect("detach"));
    assert_eq!(
        ids(store.league_matches(league.id).await.expect("read")),
        ["x"]
    );
    let x = store.match_header("x").await.expect("read").expect("found");
    assert_eq!(x.league, Some(league.id));
}

async fn leagues_are_listed_newest_first(store: Arc<dyn Store>) {
    let (ada, bot) = two_coaches(store.as_ref()).await;
    assert_eq!(store.leagues().await.expect("read"), Vec::new());
    let spring = store
        .create_league("Spring", &ada, GameKind::Blitz, PointsScheme::default(), 7)
        .await
        .expect("create");
    let autumn = store
        .create_league("Autumn", &bot, GameKind::Blitz, PointsScheme::default(), 9)
        .await
        .expect("create");
    // Same creation time as Autumn: the higher id first.
    let winter = store
        .create_league("Winter", &ada, GameKind::Blitz, PointsScheme::default(), 9)
        .await
        .expect("create");
    assert_eq!(
        store.leagues().await.expect("read"),
        vec![winter, autumn, spring]
    );
}

async fn a_match_keeps_the_rules_version_that_made_it(store: Arc<dyn Store>) {
    let spec = spec();
    let largest = i32::MAX as u32;
    for (id, version, at) in [("v1", 1, 1), ("v2", 2, 2), ("largest", largest, 3)] {
        store
            .create_match(id, &spec, version, at)
            .await
            .expect("create");
    }
    for (id, version) in [("v1", 1), ("v2", 2), ("largest", largest)] {
        let log = store.match_log(id).await.expect("read").expect("found");
        assert_eq!(log.rules_version, version, "{id}: log");
        let header = store.match_header(id).await.expect("read").expect("found");
        assert_eq!(header.rules_version, version, "{id}: header");
    }
    let listed: Vec<(String, u32)> = store
        .match_headers()
        .await
        .expect("read")
        .into_iter()
        .map(|h| (h.id, h.rules_version))
        .collect();
    assert_eq!(
        listed,
        [
            ("largest".into(), largest),
            ("v2".into(), 2),
            ("v1".into(), 1)
        ]
    );
    // Beyond what the column holds (a 32-bit INTEGER in Postgres): refused, nothing stored.
    assert!(
        store
            .create_match("too-new", &spec, largest + 1, 4)
            .await
            .is_err()
    );
    assert_eq!(store.match_header("too-new").await.expect("read"), None);
}

/// A match written by a server from before `0003_rules_version` (the row has no
/// `rules_version`) reads as rules version 1 once the store has migrated the database:
/// every match stored before the column existed was made by version 1.
mod a_match_stored_before_rules_versions_reads_as_version_1 {
    use std::path::Path;
    use std::sync::Arc;

    use dugout_server::store::{SQLITE_FILE, SqliteStore, Store};
    use sqlx::migrate::Migrator;
    use sqlx::postgres::PgConnection;
    use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
    use sqlx::{ConnectOptions, Connection};

    /// The last migration before `matches.rules_version`.
    const BEFORE: i64 = 2;

    /// The server's migrations for `dialect`, read from `migrations/` as the server embeds
    /// them (same text, so the store accepts them as applied).
    async fn migrations(dialect: &str) -> Migrator {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../migrations")
            .join(dialect);
        Migrator::new(dir).await.expect("read the migrations")
    }

    fn spec_json() -> String {
        serde_json::to_string(&super::spec()).expect("a spec serialises")
    }

    /// The rows a protocol-1 server wrote for a finished match: game payloads without their
    /// `"game"` tag (Blitz Bowl was the only game). `cast` is the dialect's JSON cast.
    fn protocol_1_rows(cast: &str) -> Vec<String> {
        vec![
            format!(
                "UPDATE matches SET status = 'finished', result = \
                 '{{\"by\":\"game\",\"outcome\":{{\"Points\":{{\"winner\":\"Away\"}}}},\"score\":[0,1]}}'{cast} \
                 WHERE id = 'old'"
            ),
            format!(
                "INSERT INTO match_commands (match_id, n, source, coach, account_id, client_id, \
                 command, seq_before, seq_after) VALUES ('old', 0, 'away', 'away', NULL, 7, \
                 '{{\"type\":\"end_turn\"}}'{cast}, 1, 2)"
            ),
            format!(
                "INSERT INTO match_events (match_id, seq, event) VALUES ('old', 1, \
                 '{{\"type\":\"match_started\",\"coaches\":[\"a\",\"b\"]}}'{cast}), ('old', 2, \
                 '{{\"type\":\"game\",\"event\":{{\"type\":\"turn_ended\",\"coach\":\"Away\"}}}}'{cast})"
            ),
        ]
    }

    /// What the migrated store says about the old match, and that new matches are unaffected.
    async fn reads_as_version_1(store: Arc<dyn Store>) {
        use dugout_protocol::{MatchResult, RoomEvent};
        use dugout_rules::blitz::{Command, Event, Outcome};
        use dugout_rules::core::Side;
        use dugout_rules::{AnyCommand, AnyEvent, AnyOutcome};
        let log = store.match_log("old").await.expect("read").expect("found");
        assert_eq!((log.rules_version, log.spec.clone()), (1, super::spec()));
        // The protocol-1 payloads read as Blitz Bowl's.
        assert_eq!(log.commands[0].command, AnyCommand::Blitz(Command::EndTurn));
        assert_eq!(
            log.events[1].event,
            RoomEvent::Game {
                event: AnyEvent::Blitz(Event::TurnEnded { coach: Side::Away })
            }
        );
        assert_eq!(
            log.result,
            Some(MatchResult::Game {
                outcome: AnyOutcome::Blitz(Outcome::Points {
                    winner: Some(Side::Away)
                }),
                score: [0, 1]
            })
        );
        let header = store
            .match_header("old")
            .await
            .expect("read")
            .expect("found");
        assert_eq!(header.rules_version, 1);
        store
            .create_match("new", &super::spec(), 2, 2)
            .await
            .expect("create after the migration");
        let header = store
            .match_header("new")
            .await
            .expect("read")
            .expect("found");
        assert_eq!(header.rules_version, 2);
    }

    #[tokio::test]
    async fn sqlite() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut conn: SqliteConnection = SqliteConnectOptions::new()
            .filename(dir.path().join(SQLITE_FILE))
            .create_if_missing(true)
            .connect()
            .await
            .expect("create the database");
        migrations("sqlite")
            .await
            .run_to(BEFORE, &mut conn)
            .await
            .expect("migrate to 0002");
        sqlx::query(
            "INSERT INTO matches (id, game, spec, status, created_at) \
             VALUES ('old', 'blitz', $1, 'open', 1)",
        )
        .bind(spec_json())
        .execute(&mut conn)
        .await
        .expect("insert a match the old way");
        for sql in protocol_1_rows("") {
            sqlx::query(sqlx::AssertSqlSafe(sql))
                .execute(&mut conn)
                .await
                .expect("a protocol-1 row");
        }
        conn.close().await.expect("close");
        let store = SqliteStore::open(dir.path())
            .await
            .expect("open and migrate");
        reads_as_version_1(Arc::new(store)).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        let test = "a_match_stored_before_rules_versions_reads_as_version_1::postgres";
        let Some(db) = super::common::pg::TestDb::create(test).await else {
            return;
        };
        let mut conn = PgConnection::connect(&db.url).await.expect("connect");
        migrations("postgres")
            .await
            .run_to(BEFORE, &mut conn)
            .await
            .expect("migrate to 0002");
        sqlx::query(
            "INSERT INTO matches (id, game, spec, status, created_at) \
             VALUES ('old', 'blitz', $1::jsonb, 'open', 1)",
        )
        .bind(spec_json())
        .execute(&mut conn)
        .await
        .expect("insert a match the old way");
        for sql in protocol_1_rows("::jsonb") {
            sqlx::query(sqlx::AssertSqlSafe(sql))
                .execute(&mut conn)
                .await
                .expect("a protocol-1 row");
        }
        conn.close().await.expect("close");
        let store = db.store().await;
        reads_as_version_1(Arc::new(store.clone())).await;
        store.close().await;
    }
}

async fn organiser_changes_are_made_and_logged_together(store: Arc<dyn Store>) {
    let (ada, bot) = two_coaches(store.as_ref()).await;
    let carl = store
        .create_account("Carl", Some("hash"), false, None, 4)
        .await
        .expect("create");
    let league = store
        .create_league("Spring", &ada, GameKind::Blitz, PointsScheme::default(), 7)
        .await
        .expect("create");
    let other = store
        .create_league("Autumn", &ada, GameKind::Blitz, PointsScheme::default(), 8)
        .await
        .expect("create");
    for (who, team) in [(&ada, "Human"), (&bot, "Orc"), (&carl, "Elf")] {
        assert!(
            store
                .add_league_coach(league.id, who.id, team, Some(1))
                .await
                .expect("register")
        );
    }
    let spec = spec();
    for (id, at) in [("x", 1), ("y", 2)] {
        store.create_match(id, &spec, 1, at).await.expect("create");
    }
    // x: Ada v ada-bot, attached to the league.
    store
        .start_match("x", [ada.id, bot.id], [7; 32], &started_events(), 10)
        .await
        .expect("start");
    assert!(
        store
            .set_match_league("x", Some(league.id))
            .await
            .expect("attach")
    );
    let line = |detail: &'static str, at_ms: i64| LogLine {
        who: ada.id,
        detail,
        at_ms,
    };

    // Detach: only a match attached to that league, and only then logged.
    assert!(
        !store
            .detach_league_match(other.id, "x", line("x from autumn", 20))
            .await
            .expect("detach")
    );
    assert!(
        !store
            .detach_league_match(league.id, "y", line("y", 20))
            .await
            .expect("detach")
    );
    assert!(store.league_log(league.id).await.expect("log").is_empty());
    assert!(store.league_log(other.id).await.expect("log").is_empty());

    // A coach with an attached match stays; one without goes.
    assert_eq!(
        store
            .remove_league_coach(league.id, bot.id, line("bot", 21))
            .await
            .expect("remove"),
        CoachRemoval::HasMatches(1)
    );
    assert_eq!(
        store
            .remove_league_coach(other.id, carl.id, line("carl", 21))
            .await
            .expect("remove"),
        CoachRemoval::NotRegistered
    );
    assert_eq!(
        store
            .remove_league_coach(league.id, carl.id, line("carl", 22))
            .await
            .expect("remove"),
        CoachRemoval::Removed
    );
    assert!(
        store
            .detach_league_match(league.id, "x", line("x", 23))
            .await
            .expect("detach")
    );
    assert_eq!(
        store
            .match_header("x")
            .await
            .expect("read")
            .map(|h| h.league),
        Some(None)
    );
    assert_eq!(
        store
            .remove_league_coach(league.id, bot.id, line("bot", 23))
            .await
            .expect("remove"),
        CoachRemoval::Removed
    );
    let coaches: Vec<String> = store
        .league_coaches(league.id)
        .await
        .expect("read")
        .into_iter()
        .map(|c| c.account.name)
        .collect();
    assert_eq!(coaches, ["Ada"]);

    // The log: newest first (same time: the later entry first), with who did it.
    let log = store.league_log(league.id).await.expect("log");
    let got: Vec<(&str, &str, i64)> = log
        .iter()
        .map(|l| (l.what.as_str(), l.detail.as_str(), l.at_ms))
        .collect();
    assert_eq!(
        got,
        [
            ("remove_coach", "bot", 23),
            ("detach_match", "x", 23),
            ("remove_coach", "carl", 22),
        ]
    );
    assert!(log.iter().all(|l| l.who == "Ada" && l.league == league.id));

    // Delete: its matches detached, its coaches gone, the league gone, the log kept.
    assert!(
        store
            .set_match_league("y", Some(league.id))
            .await
            .expect("attach")
    );
    assert!(
        store
            .delete_league(league.id, line("spring", 30))
            .await
            .expect("delete")
    );
    assert_eq!(store.league(league.id).await.expect("read"), None);
    assert!(
        store
            .league_matches(league.id)
            .await
            .expect("read")
            .is_empty()
    );
    assert!(
        store
            .league_coaches(league.id)
            .await
            .expect("read")
            .is_empty()
    );
    assert_eq!(
        store
            .match_header("y")
            .await
            .expect("read")
            .map(|h| h.league),
        Some(None)
    );
    let log = store.league_log(league.id).await.expect("log");
    assert_eq!(log.len(), 4);
    assert_eq!(
        (log[0].what.as_str(), log[0].detail.as_str()),
        ("delete_league", "spring")
    );
    assert!(
        !store
            .delete_league(league.id, line("again", 31))
            .await
            .expect("delete")
    );
    assert_eq!(store.league_log(league.id).await.expect("log").len(), 4);
    // The other league is untouched.
    assert_eq!(store.leagues().await.expect("read"), vec![other]);
}
