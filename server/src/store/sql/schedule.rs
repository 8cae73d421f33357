//! The SQL of [`ScheduleStore`] (seasons, fixtures, settings), shared by both dialects like
//! the rest of `sql.rs`. Every change runs in one transaction with its `league_log` line.

use super::*;
use crate::league_schedule::{LeagueSettings, Outcome};
use crate::store::schedule::{Fixture, Link, NewFixture, ScheduleStore, Season};
use dugout_protocol::Standing;

/// A fixture of an open season of league `$league`: the condition every fixture change
/// carries (`$n` is the league's placeholder).
macro_rules! open_fixture_of {
    ($league:literal) => {
        concat!(
            " AND season_id IN (SELECT id FROM league_seasons WHERE league_id = ",
            $league,
            " AND closed_at IS NULL)"
        )
    };
}

impl FromSqlRow for Season {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(Season {
            id: row.get("id")?,
            league: row.get("league_id")?,
            number: row.get("number")?,
            name: row.get("name")?,
            opened_at_ms: row.get("opened_at")?,
            closed_at_ms: row.get("closed_at")?,
            standings: row
                .get::<Option<Json<Vec<Standing>>>>("standings")?
                .map(|j| j.0),
        })
    }
}

impl FromSqlRow for Fixture {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(Fixture {
            id: row.get("id")?,
            season: row.get("season_id")?,
            round: row.get("round")?,
            coaches: [row.get("home_account")?, row.get("away_account")?],
            deadline_ms: row.get("deadline")?,
            match_id: row.get("match_id")?,
            outcome: row.get::<Option<Json<Outcome>>>("outcome")?.map(|j| j.0),
        })
    }
}

/// `tie_breakers, rules`.
impl FromSqlRow for LeagueSettings {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(LeagueSettings {
            tie_breakers: row.json("tie_breakers")?,
            rules: row.json("rules")?,
        })
    }
}

impl<B: Backend> ScheduleStore for B {
    fn league_settings(&self, league: LeagueId) -> StoreFuture<'_, Option<LeagueSettings>> {
        Box::pin(async move {
            let query = B::Db::query(
                "SELECT tie_breakers, rules FROM league_settings WHERE league_id = $1",
            )
            .arg(league);
            fetch_optional(&mut *self.conn().await?, query).await
        })
    }

    fn set_league_settings<'a>(
        &'a self,
        league: LeagueId,
        settings: &'a LeagueSettings,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            let query = B::Db::query(
                "INSERT INTO league_settings (league_id, tie_breakers, rules) VALUES ($1, $2, $3) \
                 ON CONFLICT (league_id) DO UPDATE SET tie_breakers = EXCLUDED.tie_breakers, \
                 rules = EXCLUDED.rules",
            )
            .arg(league)
            .arg(Json(&settings.tie_breakers))
            .arg(Json(&settings.rules));
            execute(&mut *tx, query).await?;
            insert_log::<B::Db>(&mut *tx, league, LeagueAction::SetSettings, &log).await?;
            tx.commit().await.map_err(db)
        })
    }

    fn open_season<'a>(
        &'a self,
        league: LeagueId,
        name: &'a str,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, Option<Season>> {
        Box::pin(async move {
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            let open = B::Db::query(
                "SELECT COUNT(*) AS id FROM league_seasons \
                 WHERE league_id = $1 AND closed_at IS NULL",
            )
            .arg(league);
            let Id(n): Id<i64> = fetch_one(&mut *tx, open).await?;
            if n > 0 {
                return Ok(None);
            }
            let next = B::Db::query(
                "SELECT COALESCE(MAX(number), 0) + 1 AS id FROM league_seasons WHERE league_id = $1",
            )
            .arg(league);
            let Id(number): Id<i64> = fetch_one(&mut *tx, next).await?;
            let insert = B::Db::query(
                "INSERT INTO league_seasons (league_id, number, name, opened_at) \
                 VALUES ($1, $2, $3, $4) RETURNING id",
            )
            .arg(league)
            .arg(number)
            .arg(name)
            .arg(log.at_ms);
            // Another open raced this one (one open season, one number a league): the unique
            // indexes refuse the second, which then changes nothing.
            let row = match insert.fetch_one(B::Db::executor(&mut *tx)).await {
                Ok(row) => row,
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Ok(None),
                Err(e) => return Err(db(e)),
            };
            let Id(id): Id<i64> = Id::read(&SqlRow::<B::Db>(&row))?;
            insert_log::<B::Db>(&mut *tx, league, LeagueAction::OpenSeason, &log).await?;
            tx.commit().await.map_err(db)?;
            Ok(Some(Season {
                id,
                league,
                number,
                name: name.to_owned(),
                opened_at_ms: log.at_ms,
                closed_at_ms: None,
                standings: None,
            }))
        })
    }

    fn seasons(&self, league: LeagueId) -> StoreFuture<'_, Vec<Season>> {
        Box::pin(async move {
            let query = B::Db::query(
                "SELECT id, league_id, number, name, opened_at, closed_at, standings \
                 FROM league_seasons WHERE league_id = $1 ORDER BY number",
            )
            .arg(league);
            fetch_all(&mut *self.conn().await?, query).await
        })
    }

    fn close_season<'a>(
        &'a self,
        league: LeagueId,
        season: i64,
        standings: &'a [Standing],
        log: LogLine<'a>,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            let query = B::Db::query(
                "UPDATE league_seasons SET closed_at = $1, standings = $2 \
                 WHERE id = $3 AND league_id = $4 AND closed_at IS NULL",
            )
            .arg(log.at_ms)
            .arg(Json(standings))
            .arg(season)
            .arg(league);
            if execute(&mut *tx, query).await? == 0 {
                return Ok(false);
            }
            insert_log::<B::Db>(&mut *tx, league, LeagueAction::CloseSeason, &log).await?;
            tx.commit().await.map_err(db)?;
            Ok(true)
        })
    }

    fn add_fixtures<'a>(
        &'a self,
        league: LeagueId,
        season: i64,
        fixtures: &'a [NewFixture],
        log: LogLine<'a>,
    ) -> StoreFuture<'a, Option<Vec<Fixture>>> {
        Box::pin(async move {
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            let check = B::Db::query(
                "SELECT (SELECT COUNT(*) FROM league_seasons WHERE id = $1 AND league_id = $2 \
                 AND closed_at IS NULL) - (SELECT COUNT(*) FROM league_fixtures \
                 WHERE season_id = $1 AND round > 0) AS id",
            )
            .arg(season)
            .arg(league);
            // 1: the season is open and has no scheduled fixture yet (round 0 holds the
            // league challenges' fixtures, issue 13, which may come first).
            let Id(ok): Id<i64> = fetch_one(&mut *tx, check).await?;
            if ok != 1 {
                return Ok(None);
            }
            let mut made = Vec::with_capacity(fixtures.len());
            for f in fixtures {
                let insert = B::Db::query(
                    "INSERT INTO league_fixtures \
                     (season_id, round, home_account, away_account, deadline) \
                     VALUES ($1, $2, $3, $4, $5) RETURNING id",
                )
                .arg(season)
                .arg(f.round)
                .arg(f.coaches[0])
                .arg(f.coaches[1])
                .arg(f.deadline_ms);
                let Id(id): Id<i64> = fetch_one(&mut *tx, insert).await?;
                made.push(Fixture {
                    id,
                    season,
                    round: f.round,
                    coaches: f.coaches,
                    deadline_ms: f.deadline_ms,
                    match_id: None,
                    outcome: None,
                });
            }
            insert_log::<B::Db>(&mut *tx, league, LeagueAction::Schedule, &log).await?;
            tx.commit().await.map_err(db)?;
            Ok(Some(made))
        })
    }

    fn fixtures(&self, season: i64) -> StoreFuture<'_, Vec<Fixture>> {
        Box::pin(async move {
            let query = B::Db::query(
                "SELECT f.id, f.season_id, f.round, f.home_account, f.away_account, \
                 f.deadline, f.match_id, f.outcome FROM league_fixtures f \
                 WHERE f.season_id = $1 ORDER BY f.round, f.id",
            )
            .arg(season);
            fetch_all(&mut *self.conn().await?, query).await
        })
    }

    fn fixture(&self, league: LeagueId, id: i64) -> StoreFuture<'_, Option<Fixture>> {
        Box::pin(async move {
            let query = B::Db::query(
                "SELECT f.id, f.season_id, f.round, f.home_account, f.away_account, \
                 f.deadline, f.match_id, f.outcome FROM league_fixtures f \
                 JOIN league_seasons s ON s.id = f.season_id \
                 WHERE f.id = $1 AND s.league_id = $2",
            )
            .arg(id)
            .arg(league);
            fetch_optional(&mut *self.conn().await?, query).await
        })
    }

    fn reschedule_fixture<'a>(
        &'a self,
        league: LeagueId,
        id: i64,
        deadline_ms: i64,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            let query = B::Db::query(concat!(
                "UPDATE league_fixtures SET deadline = $1 WHERE id = $2",
                open_fixture_of!("$3")
            ))
            .arg(deadline_ms)
            .arg(id)
            .arg(league);
            if execute(&mut *tx, query).await? == 0 {
                return Ok(false);
            }
            insert_log::<B::Db>(&mut *tx, league, LeagueAction::Reschedule, &log).await?;
            tx.commit().await.map_err(db)?;
            Ok(true)
        })
    }

    fn link_fixture_match<'a>(
        &'a self,
        league: LeagueId,
        id: i64,
        match_id: &'a str,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, Link> {
        Box::pin(async move {
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            let taken =
                B::Db::query("SELECT COUNT(*) AS id FROM league_fixtures WHERE match_id = $1")
                    .arg(match_id);
            let Id(n): Id<i64> = fetch_one(&mut *tx, taken).await?;
            if n > 0 {
                return Ok(Link::MatchTaken);
            }
            let query = B::Db::query(concat!(
                "UPDATE league_fixtures SET match_id = $1 WHERE id = $2 \
                 AND match_id IS NULL AND outcome IS NULL",
                open_fixture_of!("$3")
            ))
            .arg(match_id)
            .arg(id)
            .arg(league);
            if execute(&mut *tx, query).await? == 0 {
                return Ok(Link::FixtureTaken);
            }
            let attach = B::Db::query("UPDATE matches SET league_id = $1 WHERE id = $2")
                .arg(league)
                .arg(match_id);
            execute(&mut *tx, attach).await?;
            insert_log::<B::Db>(&mut *tx, league, LeagueAction::LinkMatch, &log).await?;
            tx.commit().await.map_err(db)?;
            Ok(Link::Linked)
        })
    }

    fn set_fixture_outcome<'a>(
        &'a self,
        league: LeagueId,
        id: i64,
        outcome: Option<&'a Outcome>,
        what: LeagueAction,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            let query = B::Db::query(concat!(
                "UPDATE league_fixtures SET outcome = $1 WHERE id = $2",
                open_fixture_of!("$3")
            ))
            .arg(outcome.map(Json))
            .arg(id)
            .arg(league);
            if execute(&mut *tx, query).await? == 0 {
                return Ok(false);
            }
            insert_log::<B::Db>(&mut *tx, league, what, &log).await?;
            tx.commit().await.map_err(db)?;
            Ok(true)
        })
    }
}
