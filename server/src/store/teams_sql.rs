//! [`TeamStore`] and [`TeamMatchStore`] in the SQL both stores run (a child of `sql.rs`, whose helpers it uses).

use sqlx::Connection;
use sqlx::types::Json;

use super::super::teams::{
    LeagueTeamRow, PostProgress, PostState, PostStep, StoredTeamEvent, TeamAppend, TeamChange,
    TeamId, TeamMatchRow, TeamMatchSetup, TeamMatchStore, TeamStore,
};
use super::*;

/// The team columns, joined with the coach's account.
macro_rules! team_select {
    () => {
        "SELECT t.id AS team_id, t.league_id, t.account_id AS id, a.name, a.is_bot, \
         t.name AS team_name, t.roster, t.approved, t.created_at FROM league_teams t \
         JOIN accounts a ON a.id = t.account_id"
    };
}

/// [`team_select!`]'s columns.
impl FromSqlRow for LeagueTeamRow {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(LeagueTeamRow {
            id: row.get("team_id")?,
            league: row.get("league_id")?,
            coach: Account::read(row)?,
            name: row.get("team_name")?,
            roster: row.get("roster")?,
            approved_at_ms: row.get("approved")?,
            created_at_ms: row.get("created_at")?,
        })
    }
}

/// A `league_team_events` row with its actor's name: `seq, event, who, reason, match_id,
/// created_at`.
impl FromSqlRow for StoredTeamEvent {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(StoredTeamEvent {
            seq: row.seq("seq")?,
            event: row.json("event")?,
            actor: row.get("who")?,
            reason: row.get("reason")?,
            match_id: row.get("match_id")?,
            at_ms: row.get("created_at")?,
        })
    }
}

/// `seq` alone (`COALESCE(MAX(seq), 0) AS seq`).
struct Seq(i64);

impl FromSqlRow for Seq {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(Seq(row.get("seq")?))
    }
}

/// Insert `events` as seq `first`, `first + 1`, ...; how many were stored (a seq already
/// taken stores nothing for that row).
pub(super) async fn insert_team_events<DB: Dialect>(
    conn: &mut DB::Connection,
    team: TeamId,
    first: u64,
    events: &[TeamChange],
    now_ms: i64,
) -> Result<u64, StoreError> {
    let mut stored = 0;
    for (i, e) in events.iter().enumerate() {
        let query = DB::query(
            "INSERT INTO league_team_events (team_id, seq, event, account_id, reason, \
             match_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
        )
        .arg(team)
        .arg(seq_i64(first + i as u64))
        .arg(Json(&e.event))
        .arg(e.actor)
        .arg(e.reason.as_str())
        .arg(e.match_id.as_deref())
        .arg(now_ms);
        stored += execute(conn, query).await?;
    }
    Ok(stored)
}

impl<B: Backend> TeamStore for B {
    fn create_league_team<'a>(
        &'a self,
        league: LeagueId,
        account: AccountId,
        name: &'a str,
        roster: &'a str,
        events: &'a [TeamChange],
        now_ms: i64,
    ) -> StoreFuture<'a, Option<TeamId>> {
        Box::pin(async move {
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            let query = B::Db::query(
                "INSERT INTO league_teams (league_id, account_id, name, roster, created_at) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id",
            )
            .arg(league)
            .arg(account)
            .arg(name)
            .arg(roster)
            .arg(now_ms);
            let Some(Id(id)) = fetch_optional::<B::Db, Id<i64>>(&mut *tx, query).await? else {
                return Ok(None);
            };
            insert_team_events::<B::Db>(&mut *tx, id, 1, events, now_ms).await?;
            tx.commit().await.map_err(db)?;
            Ok(Some(id))
        })
    }

    fn league_team(&self, id: TeamId) -> StoreFuture<'_, Option<LeagueTeamRow>> {
        Box::pin(async move {
            let query = B::Db::query(concat!(team_select!(), " WHERE t.id = $1")).arg(id);
            fetch_optional(&mut *self.conn().await?, query).await
        })
    }

    fn league_teams(&self, league: LeagueId) -> StoreFuture<'_, Vec<LeagueTeamRow>> {
        Box::pin(async move {
            let query = B::Db::query(concat!(
                team_select!(),
                // A league id SQLite gave again after a deletion does not inherit the
                // deleted league's teams: only those made since the league was.
                " JOIN leagues l ON l.id = t.league_id AND t.created_at >= l.created_at \
                 WHERE t.league_id = $1 ORDER BY t.created_at, t.id"
            ))
            .arg(league);
            fetch_all(&mut *self.conn().await?, query).await
        })
    }

    fn team_events(&self, id: TeamId) -> StoreFuture<'_, Vec<StoredTeamEvent>> {
        Box::pin(async move {
            let query = B::Db::query(
                "SELECT e.seq, e.event, a.name AS who, e.reason, e.match_id, e.created_at \
                 FROM league_team_events e LEFT JOIN accounts a ON a.id = e.account_id \
                 WHERE e.team_id = $1 ORDER BY e.seq",
            )
            .arg(id);
            fetch_all(&mut *self.conn().await?, query).await
        })
    }

    fn append_team_events<'a>(
        &'a self,
        id: TeamId,
        after: u64,
        events: &'a [TeamChange],
        now_ms: i64,
    ) -> StoreFuture<'a, TeamAppend> {
        Box::pin(async move {
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            let exists = B::Db::query("SELECT id FROM league_teams WHERE id = $1").arg(id);
            if fetch_optional::<B::Db, Id<i64>>(&mut *tx, exists)
                .await?
                .is_none()
            {
                return Ok(TeamAppend::NoTeam);
            }
            let last = B::Db::query(
                "SELECT COALESCE(MAX(seq), 0) AS seq FROM league_team_events WHERE team_id = $1",
            )
            .arg(id);
            let Seq(last) = fetch_one(&mut *tx, last).await?;
            if seq_u64(last)? != after {
                return Ok(TeamAppend::Stale);
            }
            // A concurrent writer that read the same `after` takes the same seqs: whichever
            // commits second stores fewer rows than it meant to (`ON CONFLICT DO NOTHING`
            // waits for the first and then skips), and rolls back.
            let stored =
                insert_team_events::<B::Db>(&mut *tx, id, after + 1, events, now_ms).await?;
            if stored != events.len() as u64 {
                return Ok(TeamAppend::Stale);
            }
            tx.commit().await.map_err(db)?;
            Ok(TeamAppend::Appended(after + events.len() as u64))
        })
    }

    fn approve_league_team<'a>(
        &'a self,
        league: LeagueId,
        id: TeamId,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            let query = B::Db::query(
                "UPDATE league_teams SET approved = $3 \
                 WHERE id = $1 AND league_id = $2 AND approved IS NULL",
            )
            .arg(id)
            .arg(league)
            .arg(log.at_ms);
            if execute(&mut *tx, query).await? == 0 {
                return Ok(false);
            }
            insert_log::<B::Db>(&mut *tx, league, LeagueAction::ApproveTeam, &log).await?;
            tx.commit().await.map_err(db)?;
            Ok(true)
        })
    }
}

impl FromSqlRow for TeamMatchRow {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        let state: String = row.get("post_state")?;
        let seed: String = row.get("post_seed")?;
        Ok(TeamMatchRow {
            match_id: row.get("match_id")?,
            league: row.get("league_id")?,
            teams: [row.get("home_team")?, row.get("away_team")?],
            versions: [row.seq("home_version")?, row.seq("away_version")?],
            setup: row.json::<TeamMatchSetup>("setup")?,
            post_seed: unhex_seed(&seed)?,
            decision_ms: row.get("decision_ms")?,
            post_state: PostState::parse(&state)
                .ok_or_else(|| StoreError::Corrupt(format!("post-match state {state:?}")))?,
            post_commands: row.json::<Vec<PostStep>>("post_commands")?,
            post_at: row.get("post_at")?,
            created_at_ms: row.get("created_at")?,
        })
    }
}

/// The team's last seq, inside a transaction.
pub(super) async fn last_seq<DB: Dialect>(
    conn: &mut DB::Connection,
    team: TeamId,
) -> Result<u64, StoreError> {
    let query =
        DB::query("SELECT COALESCE(MAX(seq), 0) AS seq FROM league_team_events WHERE team_id = $1")
            .arg(team);
    let Seq(last) = fetch_one(conn, query).await?;
    seq_u64(last)
}

impl<B: Backend> TeamMatchStore for B {
    fn create_team_match<'a>(&'a self, row: &'a TeamMatchRow) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let query = B::Db::query(
                "INSERT INTO league_team_matches (match_id, league_id, home_team, away_team, \
                 home_version, away_version, setup, post_seed, decision_ms, post_state, \
                 post_commands, post_at, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
            )
            .arg(row.match_id.as_str())
            .arg(row.league)
            .arg(row.teams[0])
            .arg(row.teams[1])
            .arg(seq_i64(row.versions[0]))
            .arg(seq_i64(row.versions[1]))
            .arg(Json(&row.setup))
            .arg(hex(&row.post_seed))
            .arg(row.decision_ms)
            .arg(row.post_state.as_str())
            .arg(Json(&row.post_commands))
            .arg(row.post_at)
            .arg(row.created_at_ms);
            execute(&mut *self.conn().await?, query).await?;
            Ok(())
        })
    }

    fn team_match<'a>(&'a self, match_id: &'a str) -> StoreFuture<'a, Option<TeamMatchRow>> {
        Box::pin(async move {
            if !storable(match_id) {
                return Ok(None);
            }
            let sql: &'static str = team_match_by_id();
            let query = B::Db::query(sql).arg(match_id);
            fetch_optional(&mut *self.conn().await?, query).await
        })
    }

    fn league_team_matches(&self, league: LeagueId) -> StoreFuture<'_, Vec<TeamMatchRow>> {
        Box::pin(async move {
            let sql: &'static str = team_matches_of_league();
            let query = B::Db::query(sql).arg(league);
            fetch_all(&mut *self.conn().await?, query).await
        })
    }

    fn post_match_progress<'a>(
        &'a self,
        match_id: &'a str,
        progress: &'a PostProgress,
        now_ms: i64,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            // The guarded update first: it locks the row (Postgres), so a second writer on
            // the same state waits for the first and then finds nothing to update.
            let update = B::Db::query(
                "UPDATE league_team_matches SET post_state = $2, post_commands = $3, \
                 post_at = $4, post_n = $5 \
                 WHERE match_id = $1 AND post_state = $6 AND post_n = $7",
            )
            .arg(match_id)
            .arg(progress.state.as_str())
            .arg(Json(&progress.commands))
            .arg(progress.post_at)
            .arg(seq_i64(progress.commands.len() as u64))
            .arg(progress.expected_state.as_str())
            .arg(seq_i64(progress.expected as u64));
            if execute(&mut *tx, update).await? == 0 {
                return Ok(false);
            }
            for (team, after, events) in &progress.appends {
                if events.is_empty() {
                    continue;
                }
                if last_seq::<B::Db>(&mut *tx, *team).await? != *after {
                    return Ok(false);
                }
                let stored =
                    insert_team_events::<B::Db>(&mut *tx, *team, after + 1, events, now_ms).await?;
                if stored != events.len() as u64 {
                    return Ok(false);
                }
            }
            tx.commit().await.map_err(db)?;
            Ok(true)
        })
    }
}

/// A `league_team_matches` row by its match (a `&'static str` as sqlx wants).
const fn team_match_by_id() -> &'static str {
    "SELECT match_id, league_id, home_team, away_team, home_version, away_version, setup, \
     post_seed, decision_ms, post_state, post_commands, post_at, created_at \
     FROM league_team_matches WHERE match_id = $1"
}

/// The `league_team_matches` rows of a league, matches, oldest first.
const fn team_matches_of_league() -> &'static str {
    "SELECT match_id, league_id, home_team, away_team, home_version, away_version, setup, \
     post_seed, decision_ms, post_state, post_commands, post_at, created_at \
     FROM league_team_matches m WHERE league_id = $1 AND created_at >= \
     (SELECT l.created_at FROM leagues l WHERE l.id = m.league_id) ORDER BY created_at, match_id"
}
