//! The `TeamStore` contract (issue 13: Blood Bowl league teams and their histories), run
//! against both stores like `store.rs`: `sqlite::<case>` and `postgres::<case>` (a fresh
//! database; see `common/pg.rs`).

mod common;

use std::sync::Arc;

use dugout_rules::GameKind;
use dugout_rules::bb::data::Roster;
use dugout_rules::bb::league::postmatch::PostCommand;
use dugout_rules::bb::league::team::{LeagueTeam, Purchase, STARTING_TREASURY, TeamEvent, Window};
use dugout_rules::bb::setup::starter_team;
use dugout_rules::core::Side;
use dugout_server::store::{
    LogLine, PointsScheme, PostProgress, PostState, PostStep, Store, TeamAppend, TeamChange,
    TeamMatchRow, TeamMatchSetup,
};

crate::store_contract!(
    a_team_keeps_its_row_and_its_history_in_order,
    one_team_per_coach_per_league,
    an_append_on_a_stale_fold_stores_nothing,
    approval_is_once_and_logged_with_it,
    a_deleted_leagues_teams_go_to_no_other_league,
    a_league_match_progresses_only_from_the_state_it_was_read_in,
);

fn changes(events: Vec<TeamEvent>, actor: Option<i64>, reason: &str) -> Vec<TeamChange> {
    events
        .into_iter()
        .map(|event| TeamChange {
            event,
            actor,
            reason: reason.to_owned(),
            match_id: None,
        })
        .collect()
}

async fn setup(store: &dyn Store) -> (i64, i64, i64) {
    let ada = store
        .create_account("Ada", Some("hash"), false, None, 1)
        .await
        .expect("create");
    let bob = store
        .create_account("Bob", Some("hash"), false, None, 2)
        .await
        .expect("create");
    let league = store
        .create_league(
            "Old World",
            &ada,
            GameKind::BloodBowl,
            PointsScheme::default(),
            3,
        )
        .await
        .expect("league");
    (ada.id, bob.id, league.id)
}

async fn a_team_keeps_its_row_and_its_history_in_order(store: Arc<dyn Store>) {
    let (_, bob, league) = setup(store.as_ref()).await;
    let created = LeagueTeam::create(&starter_team(Roster::Orc), "Da Boyz", STARTING_TREASURY)
        .expect("create");
    let n = created.len() as u64;
    let team = store
        .create_league_team(
            league,
            bob,
            "Da Boyz",
            "orc",
            &changes(created.clone(), Some(bob), "created"),
            10,
        )
        .await
        .expect("store")
        .expect("a new team");
    let row = store.league_team(team).await.expect("read").expect("row");
    assert_eq!(row.league, league);
    assert_eq!(row.coach.name, "Bob");
    assert_eq!((row.name.as_str(), row.roster.as_str()), ("Da Boyz", "orc"));
    assert_eq!(row.approved_at_ms, None);
    assert_eq!(row.created_at_ms, 10);
    assert_eq!(store.league_teams(league).await.expect("list"), vec![row]);
    assert_eq!(store.league_teams(league + 1).await.expect("list"), vec![]);

    // A purchase appended by the coach, a server change with its match: stored as given.
    let folded = LeagueTeam::fold(&created).expect("fold");
    let bought = folded
        .purchase(
            Window::Creation,
            &Purchase::RenamePlayer {
                player: 1,
                name: "Gorbag".into(),
            },
        )
        .expect("a new name");
    assert_eq!(
        store
            .append_team_events(team, n, &changes(bought.clone(), Some(bob), "bought"), 11)
            .await
            .expect("append"),
        TeamAppend::Appended(n + 1)
    );
    let server = TeamChange {
        event: TeamEvent::TeamValue { tv: 1 },
        actor: None,
        reason: "post-match".into(),
        match_id: Some("m1".into()),
    };
    assert_eq!(
        store
            .append_team_events(team, n + 1, std::slice::from_ref(&server), 12)
            .await
            .expect("append"),
        TeamAppend::Appended(n + 2)
    );
    let history = store.team_events(team).await.expect("history");
    assert_eq!(history.len() as u64, n + 2);
    assert_eq!(
        history.iter().map(|e| e.seq).collect::<Vec<_>>(),
        (1..=n + 2).collect::<Vec<_>>()
    );
    let events: Vec<TeamEvent> = history.iter().map(|e| e.event.clone()).collect();
    let mut expected = created.clone();
    expected.extend(bought);
    expected.push(server.event.clone());
    assert_eq!(events, expected);
    assert_eq!(history[0].actor.as_deref(), Some("Bob"));
    assert_eq!(history[0].reason, "created");
    let last = &history[history.len() - 1];
    assert_eq!(
        (
            last.actor.as_deref(),
            last.reason.as_str(),
            last.match_id.as_deref(),
            last.at_ms
        ),
        (None, "post-match", Some("m1"), 12)
    );
    // The fold of the stored history is the team.
    let team_now = LeagueTeam::fold(&events).expect("fold");
    assert_eq!(team_now.player(1).map(|p| p.name.as_str()), Some("Gorbag"));
    assert_eq!(
        store
            .append_team_events(team + 99, 0, &[], 13)
            .await
            .expect("append"),
        TeamAppend::NoTeam
    );
}

async fn one_team_per_coach_per_league(store: Arc<dyn Store>) {
    let (ada, bob, league) = setup(store.as_ref()).await;
    let created = LeagueTeam::create(&starter_team(Roster::Human), "Reikland", STARTING_TREASURY)
        .expect("create");
    let first = store
        .create_league_team(
            league,
            bob,
            "Reikland",
            "human",
            &changes(created.clone(), Some(bob), "c"),
            11,
        )
        .await
        .expect("store");
    assert!(first.is_some());
    let again = store
        .create_league_team(
            league,
            bob,
            "Other",
            "human",
            &changes(created.clone(), Some(bob), "c"),
            12,
        )
        .await
        .expect("store");
    assert_eq!(again, None);
    assert_eq!(store.league_teams(league).await.expect("list").len(), 1);
    // Another coach may.
    let other = store
        .create_league_team(
            league,
            ada,
            "Altdorf",
            "human",
            &changes(created, Some(ada), "c"),
            13,
        )
        .await
        .expect("store");
    assert!(other.is_some() && other != first);
    let names: Vec<String> = store
        .league_teams(league)
        .await
        .expect("list")
        .into_iter()
        .map(|t| t.name)
        .collect();
    assert_eq!(names, ["Reikland", "Altdorf"]);
}

async fn an_append_on_a_stale_fold_stores_nothing(store: Arc<dyn Store>) {
    let (_, bob, league) = setup(store.as_ref()).await;
    let created = LeagueTeam::create(&starter_team(Roster::Skaven), "Rats", STARTING_TREASURY)
        .expect("create");
    let n = created.len() as u64;
    let team = store
        .create_league_team(
            league,
            bob,
            "Rats",
            "skaven",
            &changes(created, Some(bob), "c"),
            1,
        )
        .await
        .expect("store")
        .expect("new");
    let one = changes(vec![TeamEvent::RerollBought { cost: 1 }], Some(bob), "buy");
    let two = changes(
        vec![
            TeamEvent::RerollBought { cost: 2 },
            TeamEvent::RerollBought { cost: 3 },
        ],
        Some(bob),
        "buy",
    );
    assert_eq!(
        store
            .append_team_events(team, n, &one, 2)
            .await
            .expect("append"),
        TeamAppend::Appended(n + 1)
    );
    // Folded before that append: refused whole, in the past and in the future.
    for after in [n, n - 1, n + 5] {
        assert_eq!(
            store
                .append_team_events(team, after, &two, 3)
                .await
                .expect("append"),
            TeamAppend::Stale
        );
    }
    assert_eq!(
        store.team_events(team).await.expect("read").len() as u64,
        n + 1
    );
    // Two writers on the same fold at once: exactly one wins.
    let (a, b) = tokio::join!(
        store.append_team_events(team, n + 1, &two, 4),
        store.append_team_events(team, n + 1, &one, 4)
    );
    let results = [a.expect("a"), b.expect("b")];
    assert_eq!(
        results
            .iter()
            .filter(|r| matches!(r, TeamAppend::Appended(_)))
            .count(),
        1,
        "{results:?}"
    );
    let history = store.team_events(team).await.expect("read");
    let won_two = results[0] == TeamAppend::Appended(n + 3);
    assert_eq!(history.len() as u64, if won_two { n + 3 } else { n + 2 });
    assert_eq!(
        history.iter().map(|e| e.seq).collect::<Vec<_>>(),
        (1..=history.len() as u64).collect::<Vec<_>>()
    );
}

async fn approval_is_once_and_logged_with_it(store: Arc<dyn Store>) {
    let (ada, bob, league) = setup(store.as_ref()).await;
    let other = store
        .create_league(
            "Elsewhere",
            &store.account_by_id(ada).await.expect("a").expect("a"),
            GameKind::BloodBowl,
            PointsScheme::default(),
            4,
        )
        .await
        .expect("league");
    let created = LeagueTeam::create(&starter_team(Roster::Dwarf), "Karak", STARTING_TREASURY)
        .expect("create");
    let team = store
        .create_league_team(
            league,
            bob,
            "Karak",
            "dwarf",
            &changes(created, Some(bob), "c"),
            1,
        )
        .await
        .expect("store")
        .expect("new");
    let line = |at_ms| LogLine {
        who: ada,
        detail: "team Karak (Bob)",
        at_ms,
    };
    // Not a team of that league: nothing changes, nothing is logged.
    assert!(
        !store
            .approve_league_team(other.id, team, line(5))
            .await
            .expect("approve")
    );
    assert!(store.league_log(other.id).await.expect("log").is_empty());
    assert!(
        store
            .approve_league_team(league, team, line(6))
            .await
            .expect("approve")
    );
    assert_eq!(
        store
            .league_team(team)
            .await
            .expect("read")
            .expect("row")
            .approved_at_ms,
        Some(6)
    );
    // Once only.
    assert!(
        !store
            .approve_league_team(league, team, line(7))
            .await
            .expect("approve")
    );
    let log = store.league_log(league).await.expect("log");
    assert_eq!(log.len(), 1);
    assert_eq!(
        (
            log[0].who.as_str(),
            log[0].what.as_str(),
            log[0].detail.as_str(),
            log[0].at_ms
        ),
        ("Ada", "approve_team", "team Karak (Bob)", 6)
    );
}

async fn a_league_match_progresses_only_from_the_state_it_was_read_in(store: Arc<dyn Store>) {
    let (ada, bob, league) = setup(store.as_ref()).await;
    let mut teams = Vec::new();
    let mut lengths = Vec::new();
    for (coach, roster, name) in [(ada, Roster::Orc, "orc"), (bob, Roster::Human, "human")] {
        let created =
            LeagueTeam::create(&starter_team(roster), name, STARTING_TREASURY).expect("create");
        lengths.push(created.len() as u64);
        teams.push(
            store
                .create_league_team(
                    league,
                    coach,
                    name,
                    name,
                    &changes(created, Some(coach), "c"),
                    1,
                )
                .await
                .expect("store")
                .expect("new"),
        );
    }
    let spec = dugout_protocol::RoomSpec {
        setup: dugout_rules::AnySetup::BloodBowl(dugout_rules::bb::setup::MatchSetup {
            teams: [
                dugout_rules::bb::setup::TeamChoice::Roster(Roster::Orc),
                dugout_rules::bb::setup::TeamChoice::Roster(Roster::Human),
            ],
            options: Default::default(),
            pre_match: Box::default(),
        }),
        timer: Default::default(),
        private: false,
        league: Some(league),
    };
    store.create_match("m1", &spec, 1, 2).await.expect("match");
    let row = TeamMatchRow {
        match_id: "m1".into(),
        league,
        teams: [teams[0], teams[1]],
        versions: [lengths[0], lengths[1]],
        setup: TeamMatchSetup {
            ids: [vec![1, 2], vec![3]],
            match_tv: [1_000_000, 990_000],
            // The league's §32.17 switches are kept with the match (not the defaults here,
            // so a store that dropped them would fail the round trip).
            rules: dugout_rules::bb::league::postmatch::LeagueRules {
                mvp: dugout_rules::bb::league::postmatch::MvpRule::CoachChooses,
                expenses_threshold: 1_000_000,
                expenses_band: 100_000,
                free_fan_factor: true,
                short_season: dugout_rules::bb::league::tables::ShortSeasonWinnings::Flat,
                excluded_inducements: dugout_rules::bb::inducements::InducementKinds::of(&[
                    dugout_rules::bb::inducements::InducementKind::Wizard,
                ]),
                cards: dugout_rules::bb::league::postmatch::CardMethod::Gold { gold: 60_000 },
            },
            raised_join: true,
            // §32.16: a final of the Blood Bowl, the away team holding the Dungeonbowl: kept
            // with the match too.
            stage: dugout_rules::bb::league::tournament::Stage::Final,
            major: Some(dugout_rules::bb::league::tournament::Major::BloodBowl),
            trophies: [
                Default::default(),
                dugout_rules::bb::league::tournament::Held::of(&[
                    dugout_rules::bb::league::tournament::Major::Dungeonbowl,
                ]),
            ],
        },
        post_seed: [9; 32],
        decision_ms: 60_000,
        post_state: PostState::Match,
        post_commands: Vec::new(),
        post_at: None,
        created_at_ms: 3,
    };
    store.create_team_match(&row).await.expect("create");
    assert_eq!(
        store.team_match("m1").await.expect("read"),
        Some(row.clone())
    );
    assert_eq!(store.team_match("nope").await.expect("read"), None);
    assert_eq!(store.team_match("a\0b").await.expect("read"), None);
    assert_eq!(
        store.league_team_matches(league).await.expect("list"),
        vec![row.clone()]
    );

    let event = |tv| {
        vec![TeamChange {
            event: TeamEvent::TeamValue { tv },
            actor: None,
            reason: "post-match".into(),
            match_id: Some("m1".into()),
        }]
    };
    let start = PostProgress {
        expected: 0,
        expected_state: PostState::Match,
        state: PostState::Deciding,
        commands: Vec::new(),
        post_at: Some(10),
        appends: [
            (teams[0], lengths[0], event(1)),
            (teams[1], lengths[1], event(2)),
        ],
    };
    assert!(
        store
            .post_match_progress("m1", &start, 10)
            .await
            .expect("progress")
    );
    // The same start again (a second writer that read the same row): refused whole.
    assert!(
        !store
            .post_match_progress("m1", &start, 11)
            .await
            .expect("progress")
    );
    for (i, team) in teams.iter().enumerate() {
        assert_eq!(
            store.team_events(*team).await.expect("h").len() as u64,
            lengths[i] + 1
        );
    }
    let step = PostStep {
        side: Side::Home,
        command: PostCommand::KeepWinnings,
        actor: Some(ada),
        at_ms: 12,
    };
    let answer = PostProgress {
        expected: 0,
        expected_state: PostState::Deciding,
        state: PostState::Done,
        commands: vec![step.clone()],
        post_at: Some(12),
        // A team's history moved on meanwhile: refused, the row unchanged.
        appends: [
            (teams[0], lengths[0], event(3)),
            (teams[1], lengths[1] + 1, vec![]),
        ],
    };
    assert!(
        !store
            .post_match_progress("m1", &answer, 12)
            .await
            .expect("progress")
    );
    let read = store.team_match("m1").await.expect("read").expect("row");
    assert_eq!(
        (read.post_state, read.post_commands.len()),
        (PostState::Deciding, 0)
    );
    let answer = PostProgress {
        appends: [
            (teams[0], lengths[0] + 1, event(3)),
            (teams[1], lengths[1] + 1, vec![]),
        ],
        ..answer
    };
    assert!(
        store
            .post_match_progress("m1", &answer, 12)
            .await
            .expect("progress")
    );
    let read = store.team_match("m1").await.expect("read").expect("row");
    assert_eq!(read.post_state, PostState::Done);
    assert_eq!(read.post_commands, vec![step]);
    assert_eq!(read.post_at, Some(12));
    let last = store.team_events(teams[0]).await.expect("h");
    assert_eq!(last.len() as u64, lengths[0] + 2);
    assert_eq!(last[last.len() - 1].match_id.as_deref(), Some("m1"));
    // Done: nothing more is stored.
    assert!(
        !store
            .post_match_progress("m1", &answer, 13)
            .await
            .expect("progress")
    );
}

/// A league deleted and a new one given its id (SQLite reuses the largest id): the new league
/// lists none of the old one's teams or matches.
async fn a_deleted_leagues_teams_go_to_no_other_league(store: Arc<dyn Store>) {
    let (ada, bob, league) = setup(store.as_ref()).await;
    let created =
        LeagueTeam::create(&starter_team(Roster::Orc), "Old", STARTING_TREASURY).expect("create");
    store
        .create_league_team(
            league,
            bob,
            "Old",
            "orc",
            &changes(created, Some(bob), "c"),
            5,
        )
        .await
        .expect("store")
        .expect("new");
    let line = LogLine {
        who: ada,
        detail: "gone",
        at_ms: 6,
    };
    assert!(store.delete_league(league, line).await.expect("delete"));
    let organiser = store.account_by_id(ada).await.expect("a").expect("a");
    let again = store
        .create_league(
            "New",
            &organiser,
            GameKind::BloodBowl,
            PointsScheme::default(),
            7,
        )
        .await
        .expect("league");
    assert_eq!(store.league_teams(again.id).await.expect("list"), vec![]);
    assert_eq!(
        store.league_team_matches(again.id).await.expect("list"),
        vec![]
    );
}
