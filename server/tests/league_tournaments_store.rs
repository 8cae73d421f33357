//! The `TournamentStore` contract (end-of-season tournaments and the Majors' trophies,
//! §32.16; migration 0011), run against both stores like `store.rs`: `sqlite::<case>` and
//! `postgres::<case>` (a fresh database; see `common/pg.rs`).
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

mod common;

use std::sync::Arc;

use dugout_rules::GameKind;
use dugout_rules::bb::data::{Roster, Skill};
use dugout_rules::bb::league::tables::Advance;
use dugout_rules::bb::league::team::{LeagueTeam, STARTING_TREASURY, TeamEvent};
use dugout_rules::bb::league::tournament::{Bracket, Major, Method};
use dugout_rules::bb::setup::starter_team;
use dugout_server::league_challenges::Reply;
use dugout_server::league_schedule::{FixtureSide, Outcome};
use dugout_server::league_tournaments::TournamentState;
use dugout_server::store::{
    LeagueAction, LogLine, NewChallenge, PointsScheme, Store, TeamChange, TournamentChange,
};

crate::store_contract!(
    one_tournament_a_season_created_and_logged,
    a_change_applies_only_to_the_rev_it_read,
    a_trophy_passes_to_the_next_editions_winner,
    a_challenge_is_one_a_week_answered_once_and_makes_a_fixture,
);

fn changes(events: Vec<TeamEvent>) -> Vec<TeamChange> {
    events
        .into_iter()
        .map(|event| TeamChange {
            event,
            actor: None,
            reason: "r".to_owned(),
            match_id: None,
        })
        .collect()
}

/// Ada organises a Blood Bowl league; Bob and Cid have a team each. Answers (organiser's
/// account, league, [team ids], [each team's last seq]).
async fn setup(store: &dyn Store) -> (i64, i64, [i64; 2], [u64; 2]) {
    let mut ids = Vec::new();
    for (i, n) in ["Ada", "Bob", "Cid"].into_iter().enumerate() {
        ids.push(
            store
                .create_account(n, Some("hash"), false, None, i as i64)
                .await
                .expect("create"),
        );
    }
    let league = store
        .create_league(
            "Old World",
            &ids[0],
            GameKind::BloodBowl,
            PointsScheme::default(),
            3,
        )
        .await
        .expect("league");
    let mut teams = [0; 2];
    let mut seqs = [0; 2];
    for (i, (who, roster)) in [(&ids[1], Roster::Orc), (&ids[2], Roster::Human)]
        .into_iter()
        .enumerate()
    {
        let created =
            LeagueTeam::create(&starter_team(roster), "T", STARTING_TREASURY).expect("create");
        seqs[i] = created.len() as u64;
        teams[i] = store
            .create_league_team(league.id, who.id, "T", roster.key(), &changes(created), 5)
            .await
            .expect("store")
            .expect("team");
    }
    (ids[0].id, league.id, teams, seqs)
}

fn state(season: i64, major: Option<Major>) -> TournamentState {
    TournamentState {
        season,
        major,
        entrants: Vec::new(),
        seed: "00".repeat(32),
        bracket: Bracket {
            method: Method::TopTv,
            qualifiers: [1, 2, 3, 4],
            semi_finals: [(1, 2), (3, 4)],
            semi_winners: [None, None],
            winner: None,
        },
        matches: [None, None, None],
        decided: [None, None, None],
        chaos_cup: None,
        player_of_the_year: None,
    }
}

async fn season(store: &dyn Store, league: i64, who: i64, n: i64) -> i64 {
    let log = LogLine {
        who,
        detail: "open",
        at_ms: n * 100,
    };
    let s = store
        .open_season(league, &format!("S{n}"), log)
        .await
        .expect("store")
        .expect("opened");
    assert!(
        store
            .close_season(
                league,
                s.id,
                &[],
                LogLine {
                    at_ms: n * 100 + 1,
                    ..log
                }
            )
            .await
            .expect("close")
    );
    s.id
}

/// §32.16: a season has one tournament; its creation is logged; a season of another league
/// takes none.
async fn one_tournament_a_season_created_and_logged(store: Arc<dyn Store>) {
    let (ada, league, _, _) = setup(store.as_ref()).await;
    let s1 = season(store.as_ref(), league, ada, 1).await;
    let log = LogLine {
        who: ada,
        detail: "start",
        at_ms: 1_000,
    };
    let t = state(1, Some(Major::BloodBowl));
    let row = store
        .create_tournament(league, s1, &t, log)
        .await
        .expect("store")
        .expect("created");
    assert_eq!((row.league, row.season, row.rev), (league, s1, 1));
    assert_eq!(row.state, t);
    assert_eq!(
        store
            .create_tournament(league, s1, &t, log)
            .await
            .expect("store"),
        None,
        "one a season"
    );
    assert_eq!(
        store
            .create_tournament(league + 1, s1, &t, log)
            .await
            .expect("store"),
        None,
        "not another league's season"
    );
    assert_eq!(
        store.tournament(league, row.id).await.expect("read"),
        Some(row.clone())
    );
    assert_eq!(
        store.tournament(league + 1, row.id).await.expect("read"),
        None
    );
    assert_eq!(store.tournaments(league).await.expect("list"), vec![row]);
    let lines = store.league_log(league).await.expect("log");
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.what == LeagueAction::StartTournament.as_str())
            .count(),
        1
    );
}

/// A change names the rev it read: a second change from the same read stores nothing, nor
/// does a team event appended on a stale fold (and then the state is not changed either).
async fn a_change_applies_only_to_the_rev_it_read(store: Arc<dyn Store>) {
    let (ada, league, teams, seqs) = setup(store.as_ref()).await;
    let s1 = season(store.as_ref(), league, ada, 1).await;
    let log = LogLine {
        who: ada,
        detail: "x",
        at_ms: 2_000,
    };
    let row = store
        .create_tournament(league, s1, &state(1, None), log)
        .await
        .expect("store")
        .expect("created");
    let mut t = row.state.clone();
    t.matches[0] = Some("m1".to_owned());
    let change = TournamentChange {
        expected_rev: row.rev,
        state: &t,
        trophy: None,
        appends: Vec::new(),
        what: LeagueAction::TournamentMatch,
        log,
    };
    assert!(
        store
            .update_tournament(league, row.id, &change)
            .await
            .expect("store")
    );
    assert!(
        !store
            .update_tournament(league, row.id, &change)
            .await
            .expect("store"),
        "the rev moved on"
    );
    let now = store
        .tournament(league, row.id)
        .await
        .expect("read")
        .expect("row");
    assert_eq!((now.rev, now.state.matches[0].as_deref()), (2, Some("m1")));
    // A stale team fold: nothing is stored, the rev does not move.
    let gift = TeamEvent::Advanced {
        player: 1,
        advance: Advance::Skill {
            skill: Skill::FanFavourite,
        },
        value: 30_000,
    };
    let mut t2 = now.state.clone();
    t2.matches[1] = Some("m2".to_owned());
    let stale = TournamentChange {
        expected_rev: now.rev,
        state: &t2,
        trophy: None,
        appends: vec![(teams[0], seqs[0] - 1, changes(vec![gift.clone()]))],
        what: LeagueAction::TournamentAward,
        log,
    };
    assert!(
        !store
            .update_tournament(league, row.id, &stale)
            .await
            .expect("store")
    );
    let same = store
        .tournament(league, row.id)
        .await
        .expect("read")
        .expect("row");
    assert_eq!(same, now);
    let fresh = TournamentChange {
        appends: vec![(teams[0], seqs[0], changes(vec![gift.clone()]))],
        ..stale
    };
    assert!(
        store
            .update_tournament(league, row.id, &fresh)
            .await
            .expect("store")
    );
    let events = store.team_events(teams[0]).await.expect("events");
    assert_eq!(events.last().map(|e| &e.event), Some(&gift));
    assert_eq!(events.len() as u64, seqs[0] + 1);
}

/// §32.16: a Major's trophy is won once an edition; the holder is the latest edition's
/// winner (it passes), each Major on its own.
async fn a_trophy_passes_to_the_next_editions_winner(store: Arc<dyn Store>) {
    let (ada, league, teams, _) = setup(store.as_ref()).await;
    let mut rows = Vec::new();
    for n in 1..=3 {
        let s = season(store.as_ref(), league, ada, n).await;
        let log = LogLine {
            who: ada,
            detail: "start",
            at_ms: n * 1_000,
        };
        let major = if n == 3 {
            Major::Dungeonbowl
        } else {
            Major::BloodBowl
        };
        rows.push(
            store
                .create_tournament(league, s, &state(n, Some(major)), log)
                .await
                .expect("store")
                .expect("created"),
        );
    }
    for (i, (row, (major, team))) in rows
        .iter()
        .zip([
            (Major::BloodBowl, teams[0]),
            (Major::BloodBowl, teams[1]),
            (Major::Dungeonbowl, teams[0]),
        ])
        .enumerate()
    {
        let log = LogLine {
            who: ada,
            detail: "final",
            at_ms: 10_000 + i as i64,
        };
        let change = TournamentChange {
            expected_rev: row.rev,
            state: &row.state,
            trophy: Some((major, team)),
            appends: Vec::new(),
            what: LeagueAction::TournamentWinner,
            log,
        };
        assert!(
            store
                .update_tournament(league, row.id, &change)
                .await
                .expect("store")
        );
        // The same edition is won once.
        let again = TournamentChange {
            expected_rev: row.rev + 1,
            ..change
        };
        assert!(
            !store
                .update_tournament(league, row.id, &again)
                .await
                .expect("store")
        );
    }
    let won = store.trophies(league).await.expect("trophies");
    let list: Vec<(Major, i64)> = won.iter().map(|t| (t.major, t.team)).collect();
    assert_eq!(
        list,
        vec![
            (Major::BloodBowl, teams[0]),
            (Major::BloodBowl, teams[1]),
            (Major::Dungeonbowl, teams[0]),
        ]
    );
    assert_eq!(won[1].tournament, rows[1].id);
    assert!(store.trophies(league + 1).await.expect("other").is_empty());
}

/// §32.16: a coach's challenge is one a week (a second within the week stores nothing), in an
/// open season only; it is answered once, making a round-0 fixture of its season (the
/// challenger at home) with the outcome given; a closed season's challenge is answered no more.
async fn a_challenge_is_one_a_week_answered_once_and_makes_a_fixture(store: Arc<dyn Store>) {
    let (ada, league, teams, _) = setup(store.as_ref()).await;
    let coach = |i: usize| {
        let store = store.clone();
        async move {
            store
                .league_team(teams[i])
                .await
                .expect("read")
                .expect("team")
                .coach
                .id
        }
    };
    let (bob, cid) = (coach(0).await, coach(1).await);
    let log = LogLine {
        who: bob,
        detail: "challenge",
        at_ms: 50,
    };
    let open = store
        .open_season(league, "S1", log)
        .await
        .expect("store")
        .expect("opened");
    let new = NewChallenge {
        league,
        season: open.id,
        challenger: bob,
        challenged: cid,
        issued_at_ms: 1_000,
        deadline_ms: 2_000,
        none_since_ms: 0,
    };
    let c = store
        .create_challenge(&new, log)
        .await
        .expect("store")
        .expect("made");
    assert_eq!((c.challenger, c.challenged, c.reply), (bob, cid, None));
    let again = NewChallenge {
        issued_at_ms: 1_500,
        none_since_ms: 1_500 - 7 * 86_400_000,
        ..new
    };
    assert_eq!(
        store.create_challenge(&again, log).await.expect("store"),
        None
    );
    // The other league's season: none.
    let elsewhere = NewChallenge {
        league: league + 1,
        ..new
    };
    assert_eq!(
        store
            .create_challenge(&elsewhere, log)
            .await
            .expect("store"),
        None
    );
    let refused = Outcome::Forfeit {
        absent: FixtureSide::Away,
        reason: "refused".to_owned(),
    };
    let fixture = store
        .answer_challenge(league, c.id, Reply::Refused, 1_800, Some(&refused), log)
        .await
        .expect("store")
        .expect("answered");
    assert_eq!(
        store
            .answer_challenge(league, c.id, Reply::Accepted, 1_800, None, log)
            .await
            .expect("store"),
        None,
        "answered once"
    );
    let f = store
        .fixture(league, fixture)
        .await
        .expect("read")
        .expect("the fixture");
    assert_eq!(
        (f.round, f.coaches, f.outcome),
        (0, [bob, cid], Some(refused))
    );
    let rows = store.challenges(league).await.expect("list");
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (rows[0].reply, rows[0].answered_at_ms, rows[0].fixture),
        (Some(Reply::Refused), Some(50), Some(fixture))
    );
    // A schedule can still be added after a challenge's fixture.
    let scheduled = store
        .add_fixtures(
            league,
            open.id,
            &[dugout_server::store::NewFixture {
                round: 1,
                coaches: [bob, cid],
                deadline_ms: 9_000,
            }],
            log,
        )
        .await
        .expect("store");
    assert!(scheduled.is_some());
    // A week later another; its season closed before the answer: not answered.
    let later = NewChallenge {
        issued_at_ms: 1_000 + 7 * 86_400_000 + 1,
        none_since_ms: 1_000 + 1,
        ..new
    };
    let c2 = store
        .create_challenge(&later, log)
        .await
        .expect("store")
        .expect("a week later");
    assert!(
        store
            .close_season(league, open.id, &[], log)
            .await
            .expect("close")
    );
    assert_eq!(
        store
            .answer_challenge(league, c2.id, Reply::Accepted, 1, None, log)
            .await
            .expect("store"),
        None
    );
    let lines = store.league_log(league).await.expect("log");
    assert_eq!(lines.iter().filter(|l| l.what == "challenge").count(), 2);
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.what == "challenge_answer")
            .count(),
        1
    );
    let _ = ada;
}
