//! The `Store` contract, run against every implementation (SQLite now; Postgres joins it).

use dugout_protocol::{GameKind, MatchResult, RoomEvent, RoomSpec, RoomStatus, TimerPolicy};
use dugout_rules::blitz::{self, Command};
use dugout_rules::core::Side;
use dugout_server::store::{
    CommandRecord, CommandSource, SqliteStore, Store, StoreError, StoredEvent, TokenKind,
};

fn spec() -> RoomSpec {
    RoomSpec {
        game: GameKind::Blitz,
        setup: blitz::MatchSetup {
            edition: blitz::Edition::Bb2024,
            teams: [blitz::data::TeamId::ALL[2], blitz::data::TeamId::ALL[3]],
            options: blitz::Options::default(),
        },
        timer: TimerPolicy::PerTurn { seconds: 90 },
        private: true,
    }
}

async fn contract(store: &dyn Store) {
    // Accounts: names are unique without regard to case.
    let ada = store
        .create_account("Ada", Some("hash"), false, None, 1)
        .await
        .expect("create");
    assert!(matches!(
        store.create_account("ADA", None, false, None, 2).await,
        Err(StoreError::NameTaken)
    ));
    let bot = store
        .create_account("ada-bot", None, true, Some(ada.id), 3)
        .await
        .expect("create a bot");
    assert!(bot.bot);
    let cred = store.credential("ada").await.expect("read").expect("found");
    assert_eq!(cred.account, ada);
    assert_eq!(cred.password_hash.as_deref(), Some("hash"));
    assert_eq!(store.credential("nobody").await.expect("read"), None);

    // Tokens: found until they expire or are deleted; bot tokens do not expire.
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
        Some(bot.clone())
    );
    assert_eq!(store.token_account("nope", 50).await.expect("read"), None);
    assert!(store.delete_token("h1").await.expect("delete"));
    assert!(!store.delete_token("h1").await.expect("delete"));
    assert_eq!(store.token_account("h1", 50).await.expect("read"), None);

    // A match: created, started with seats and seed, commands and events appended, finished.
    let spec = spec();
    store
        .create_match("m1", &spec, 5)
        .await
        .expect("create match");
    let log = store.match_log("m1").await.expect("read").expect("found");
    assert_eq!(
        (log.status, log.seats, log.server_seed),
        (RoomStatus::Open, [None, None], None)
    );
    assert_eq!(log.spec, spec);
    let seed = [7u8; 32];
    let start = vec![
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
                event: blitz::Event::CoinToss { winner: Side::Away },
            },
        },
    ];
    store
        .start_match("m1", [ada.id, bot.id], seed, &start, 6)
        .await
        .expect("start");
    let command = CommandRecord {
        coach: Side::Away,
        source: CommandSource::Coach,
        account: Some(bot.id),
        client_id: Some(u64::MAX),
        command: Command::EndTurn,
        seq_before: 2,
        seq_after: 3,
    };
    let more = vec![StoredEvent {
        seq: 3,
        event: RoomEvent::Game {
            event: blitz::Event::TurnEnded { coach: Side::Away },
        },
    }];
    store
        .append("m1", Some((0, &command)), &more)
        .await
        .expect("append");
    let timer = CommandRecord {
        source: CommandSource::Timer,
        account: None,
        client_id: None,
        command: Command::Decline,
        seq_before: 3,
        seq_after: 3,
        ..command.clone()
    };
    store
        .append("m1", Some((1, &timer)), &[])
        .await
        .expect("a command with no events");
    // The (match, seq) key refuses a second event at the same seq.
    assert!(store.append("m1", None, &more).await.is_err());
    let result = MatchResult::Concession { loser: Side::Home };
    store.finish_match("m1", &result, 9).await.expect("finish");

    let log = store.match_log("m1").await.expect("read").expect("found");
    assert_eq!(log.status, RoomStatus::Finished);
    assert_eq!(log.seats, [Some(ada.id), Some(bot.id)]);
    assert_eq!(log.server_seed, Some(seed));
    assert_eq!(log.result, Some(result));
    assert_eq!(log.commands, vec![command, timer]);
    let mut all = start.clone();
    all.extend(more);
    assert_eq!(log.events, all);

    // Closing applies to open matches only.
    store.close_match("m1").await.expect("close");
    assert_eq!(
        store.match_log("m1").await.expect("read").map(|l| l.status),
        Some(RoomStatus::Finished)
    );
    store.create_match("m2", &spec, 5).await.expect("create");
    store.close_match("m2").await.expect("close");
    assert_eq!(
        store.match_log("m2").await.expect("read").map(|l| l.status),
        Some(RoomStatus::Closed)
    );
    assert_eq!(store.match_log("m3").await.expect("read"), None);
}

#[tokio::test]
async fn the_sqlite_store_keeps_the_contract() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = SqliteStore::open(&dir.path().join("data"))
        .await
        .expect("open");
    contract(&store).await;
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
