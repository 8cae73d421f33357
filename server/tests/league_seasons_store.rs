//! The `ScheduleStore` contract (seasons, fixtures, settings; migration 0010), run against
//! both stores like `store.rs`: `sqlite::<case>` (a file in a temp dir) and
//! `postgres::<case>` (a fresh database; see `common/pg.rs`).

mod common;

use std::sync::Arc;

use dugout_protocol::{RoomEvent, RoomSpec, Standing, TimerPolicy, Winner};
use dugout_rules::blitz;
use dugout_rules::core::Side;
use dugout_rules::{AnyEvent, AnySetup, GameKind};
use dugout_server::league_schedule::{FixtureSide, LeagueSettings, Outcome, TieBreaker};
use dugout_server::store::{
    Account, LeagueAction, Link, LogLine, NewFixture, PointsScheme, Store, StoredEvent,
};

crate::store_contract!(
    settings_default_to_none_and_are_replaced_and_logged,
    one_season_is_open_at_a_time_and_closing_freezes_its_standings,
    fixtures_are_added_once_to_an_open_season_and_change_only_while_it_is_open,
    a_match_plays_one_fixture_and_is_attached_to_the_league,
    deleting_a_league_deletes_its_seasons_and_fixtures,
    two_opens_at_once_open_one_season,
);

fn spec() -> RoomSpec {
    RoomSpec {
        setup: AnySetup::Blitz(blitz::MatchSetup {
            edition: blitz::Edition::Bb2024,
            teams: [blitz::data::TeamId::ALL[2], blitz::data::TeamId::ALL[3]],
            options: blitz::Options::default(),
        }),
        timer: TimerPolicy::PerTurn { seconds: 90 },
        private: false,
        league: None,
    }
}

fn started() -> Vec<StoredEvent> {
    vec![StoredEvent {
        seq: 1,
        event: RoomEvent::Game {
            event: AnyEvent::Blitz(blitz::Event::CoinToss { winner: Side::Away }),
        },
    }]
}

/// Ada (the organiser), Bea, Cid; a Blitz Bowl league of Ada's with all three registered.
async fn league(store: &dyn Store) -> (Vec<Account>, i64) {
    let mut people = Vec::new();
    for (i, name) in ["Ada", "Bea", "Cid"].into_iter().enumerate() {
        people.push(
            store
                .create_account(name, Some("hash"), false, None, i as i64)
                .await
                .expect("create"),
        );
    }
    let l = store
        .create_league(
            "Spring",
            &people[0],
            GameKind::Blitz,
            PointsScheme::default(),
            7,
        )
        .await
        .expect("league");
    for (p, team) in people.iter().zip(["Human", "Orc", "Elf"]) {
        assert!(
            store
                .add_league_coach(l.id, p.id, team, Some(1))
                .await
                .expect("register")
        );
    }
    (people, l.id)
}

fn line(who: &Account, detail: &'static str, at_ms: i64) -> LogLine<'static> {
    LogLine {
        who: who.id,
        detail,
        at_ms,
    }
}

/// The `what` column of a league's log, oldest first.
async fn log_whats(store: &dyn Store, league: i64) -> Vec<String> {
    let mut lines: Vec<String> = store
        .league_log(league)
        .await
        .expect("log")
        .into_iter()
        .map(|l| l.what)
        .collect();
    lines.reverse();
    lines
}

async fn settings_default_to_none_and_are_replaced_and_logged(store: Arc<dyn Store>) {
    let (people, id) = league(store.as_ref()).await;
    assert_eq!(store.league_settings(id).await.expect("read"), None);
    let mut s = LeagueSettings {
        tie_breakers: vec![TieBreaker::HeadToHead, TieBreaker::TouchdownsFor],
        ..LeagueSettings::default()
    };
    s.rules.free_fan_factor = true;
    store
        .set_league_settings(id, &s, line(&people[0], "settings", 10))
        .await
        .expect("set");
    assert_eq!(store.league_settings(id).await.expect("read"), Some(s));
    let t = LeagueSettings::default();
    store
        .set_league_settings(id, &t, line(&people[0], "settings again", 11))
        .await
        .expect("set");
    assert_eq!(store.league_settings(id).await.expect("read"), Some(t));
    assert_eq!(
        log_whats(store.as_ref(), id).await,
        ["set_settings", "set_settings"]
    );
}

async fn one_season_is_open_at_a_time_and_closing_freezes_its_standings(store: Arc<dyn Store>) {
    let (people, id) = league(store.as_ref()).await;
    let ada = &people[0];
    let first = store
        .open_season(id, "Spring 2026", line(ada, "open", 10))
        .await
        .expect("open")
        .expect("a season");
    assert_eq!((first.number, first.league), (1, id));
    assert_eq!(first.name, "Spring 2026");
    assert_eq!(first.opened_at_ms, 10);
    assert_eq!(
        store
            .open_season(id, "Too soon", line(ada, "open", 11))
            .await
            .expect("open"),
        None
    );
    let frozen = vec![Standing {
        coach: "Ada".into(),
        team: "Human".into(),
        points: 3,
        ..Standing::default()
    }];
    // Not another league's season, and only once.
    assert!(
        !store
            .close_season(id + 1, first.id, &frozen, line(ada, "close", 12))
            .await
            .expect("close")
    );
    assert!(
        store
            .close_season(id, first.id, &frozen, line(ada, "close", 12))
            .await
            .expect("close")
    );
    assert!(
        !store
            .close_season(id, first.id, &[], line(ada, "close", 13))
            .await
            .expect("close")
    );
    let second = store
        .open_season(id, "Summer", line(ada, "open", 14))
        .await
        .expect("open")
        .expect("a season");
    assert_eq!(second.number, 2);
    let seasons = store.seasons(id).await.expect("read");
    assert_eq!(seasons.len(), 2);
    assert_eq!(seasons[0].closed_at_ms, Some(12));
    assert_eq!(seasons[0].standings.as_deref(), Some(frozen.as_slice()));
    assert_eq!(seasons[1], second);
    assert_eq!(
        log_whats(store.as_ref(), id).await,
        ["open_season", "close_season", "open_season"]
    );
}

async fn fixtures_are_added_once_to_an_open_season_and_change_only_while_it_is_open(
    store: Arc<dyn Store>,
) {
    let (people, id) = league(store.as_ref()).await;
    let ada = &people[0];
    let season = store
        .open_season(id, "S", line(ada, "open", 10))
        .await
        .expect("open")
        .expect("a season");
    let new = vec![
        NewFixture {
            round: 1,
            coaches: [people[0].id, people[1].id],
            deadline_ms: 1_000,
        },
        NewFixture {
            round: 2,
            coaches: [people[2].id, people[0].id],
            deadline_ms: 2_000,
        },
    ];
    let made = store
        .add_fixtures(id, season.id, &new, line(ada, "schedule", 11))
        .await
        .expect("add")
        .expect("fixtures");
    assert_eq!(made.len(), 2);
    assert_eq!(store.fixtures(season.id).await.expect("read"), made);
    // Once only.
    assert_eq!(
        store
            .add_fixtures(id, season.id, &new, line(ada, "schedule", 12))
            .await
            .expect("add"),
        None
    );
    let f = made[1].clone();
    assert_eq!(
        store.fixture(id, f.id).await.expect("read"),
        Some(f.clone())
    );
    assert_eq!(store.fixture(id + 1, f.id).await.expect("read"), None);
    assert!(
        store
            .reschedule_fixture(id, f.id, 5_000, line(ada, "later", 13))
            .await
            .expect("reschedule")
    );
    assert!(
        !store
            .reschedule_fixture(id + 1, f.id, 6_000, line(ada, "not mine", 13))
            .await
            .expect("reschedule")
    );
    let forfeit = Outcome::Forfeit {
        absent: FixtureSide::Away,
        reason: "no show".into(),
    };
    assert!(
        store
            .set_fixture_outcome(
                id,
                f.id,
                Some(&forfeit),
                LeagueAction::Forfeit,
                line(ada, "forfeit", 14)
            )
            .await
            .expect("forfeit")
    );
    let read = store.fixture(id, f.id).await.expect("read").expect("found");
    assert_eq!(read.deadline_ms, 5_000);
    assert_eq!(read.outcome, Some(forfeit));
    // A fixture with an outcome takes no match.
    store.create_match("m", &spec(), 1, 1).await.expect("match");
    assert_eq!(
        store
            .link_fixture_match(id, f.id, "m", line(ada, "link", 15))
            .await
            .expect("link"),
        Link::FixtureTaken
    );
    // Closed: nothing changes any more, nothing is logged.
    assert!(
        store
            .close_season(id, season.id, &[], line(ada, "close", 16))
            .await
            .expect("close")
    );
    let fixed = Outcome::Fixed {
        touchdowns: [1, 0],
        injuries: [0, 0],
        winner: Winner::Home,
        reason: "late".into(),
    };
    assert!(
        !store
            .set_fixture_outcome(
                id,
                made[0].id,
                Some(&fixed),
                LeagueAction::FixResult,
                line(ada, "fix", 17)
            )
            .await
            .expect("fix")
    );
    assert!(
        !store
            .reschedule_fixture(id, made[0].id, 9_000, line(ada, "later", 17))
            .await
            .expect("reschedule")
    );
    assert_eq!(
        store
            .link_fixture_match(id, made[0].id, "m", line(ada, "link", 17))
            .await
            .expect("link"),
        Link::FixtureTaken
    );
    assert_eq!(
        log_whats(store.as_ref(), id).await,
        [
            "open_season",
            "schedule",
            "reschedule",
            "forfeit",
            "close_season"
        ]
    );
}

async fn a_match_plays_one_fixture_and_is_attached_to_the_league(store: Arc<dyn Store>) {
    let (people, id) = league(store.as_ref()).await;
    let ada = &people[0];
    let season = store
        .open_season(id, "S", line(ada, "open", 10))
        .await
        .expect("open")
        .expect("a season");
    let new: Vec<NewFixture> = [(0, 1), (1, 2)]
        .into_iter()
        .map(|(h, a)| NewFixture {
            round: 1,
            coaches: [people[h].id, people[a].id],
            deadline_ms: 1_000,
        })
        .collect();
    let made = store
        .add_fixtures(id, season.id, &new, line(ada, "schedule", 11))
        .await
        .expect("add")
        .expect("fixtures");
    store.create_match("m", &spec(), 1, 1).await.expect("match");
    store
        .start_match("m", [people[0].id, people[1].id], [7; 32], &started(), 2)
        .await
        .expect("start");
    assert_eq!(
        store
            .link_fixture_match(id, made[0].id, "m", line(ada, "link", 12))
            .await
            .expect("link"),
        Link::Linked
    );
    assert_eq!(
        store
            .match_header("m")
            .await
            .expect("read")
            .and_then(|h| h.league),
        Some(id)
    );
    assert_eq!(
        store
            .fixture(id, made[0].id)
            .await
            .expect("read")
            .and_then(|f| f.match_id),
        Some("m".to_owned())
    );
    // The match plays no second fixture; the fixture takes no second match.
    assert_eq!(
        store
            .link_fixture_match(id, made[1].id, "m", line(ada, "link", 13))
            .await
            .expect("link"),
        Link::MatchTaken
    );
    store.create_match("n", &spec(), 1, 1).await.expect("match");
    assert_eq!(
        store
            .link_fixture_match(id, made[0].id, "n", line(ada, "link", 13))
            .await
            .expect("link"),
        Link::FixtureTaken
    );
    assert_eq!(
        log_whats(store.as_ref(), id).await,
        ["open_season", "schedule", "link_match"]
    );
}

async fn deleting_a_league_deletes_its_seasons_and_fixtures(store: Arc<dyn Store>) {
    let (people, id) = league(store.as_ref()).await;
    let ada = &people[0];
    let season = store
        .open_season(id, "S", line(ada, "open", 10))
        .await
        .expect("open")
        .expect("a season");
    store
        .set_league_settings(id, &LeagueSettings::default(), line(ada, "settings", 10))
        .await
        .expect("settings");
    let new = vec![NewFixture {
        round: 1,
        coaches: [people[0].id, people[1].id],
        deadline_ms: 1_000,
    }];
    let made = store
        .add_fixtures(id, season.id, &new, line(ada, "schedule", 11))
        .await
        .expect("add")
        .expect("fixtures");
    store.create_match("m", &spec(), 1, 1).await.expect("match");
    assert_eq!(
        store
            .link_fixture_match(id, made[0].id, "m", line(ada, "link", 12))
            .await
            .expect("link"),
        Link::Linked
    );
    assert!(
        store
            .delete_league(id, line(ada, "delete", 13))
            .await
            .expect("delete")
    );
    assert!(store.seasons(id).await.expect("read").is_empty());
    assert!(store.fixtures(season.id).await.expect("read").is_empty());
    assert_eq!(store.league_settings(id).await.expect("read"), None);
    // The match stays in the archive, detached.
    assert_eq!(
        store
            .match_header("m")
            .await
            .expect("read")
            .map(|h| h.league),
        Some(None)
    );
}

async fn two_opens_at_once_open_one_season(store: Arc<dyn Store>) {
    let (people, id) = league(store.as_ref()).await;
    let ada = people[0].clone();
    for round in 0..5 {
        let opens = (0..2).map(|_| {
            let store = store.clone();
            let ada = ada.clone();
            tokio::spawn(async move {
                store
                    .open_season(id, "race", line(&ada, "open", 10))
                    .await
                    .expect("no error, one open or none")
            })
        });
        let mut opened = 0;
        for o in opens.collect::<Vec<_>>() {
            opened += usize::from(o.await.expect("task").is_some());
        }
        assert_eq!(opened, 1, "round {round}");
        let seasons = store.seasons(id).await.expect("read");
        let last = seasons.last().expect("a season");
        assert!(
            store
                .close_season(id, last.id, &[], line(&ada, "close", 11))
                .await
                .expect("close")
        );
    }
    let numbers: Vec<i64> = store
        .seasons(id)
        .await
        .expect("read")
        .iter()
        .map(|s| s.number)
        .collect();
    assert_eq!(numbers, [1, 2, 3, 4, 5]);
}
