//! [`TeamStore`] in the SQL both stores run (a child of `sql.rs`, whose helpers it uses).

use sqlx::Connection;
use sqlx::types::Json;

use super::super::teams::{
    LeagueTeamRow, StoredTeamEvent, TeamAppend, TeamChange, TeamId, TeamStore,
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
async fn insert_team_events<DB: Dialect>(
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
                " WHERE t.league_id = $1 ORDER BY t.created_at, t.id"
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
