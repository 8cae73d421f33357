//! The SQL of [`TournamentStore`] (tournaments and trophies), shared by both dialects like
//! the rest of `sql.rs`. Every change runs in one transaction with its `league_log` line.

use super::teams_sql::{insert_team_events, last_seq};
use super::*;
use crate::league_challenges::Reply;
use crate::league_schedule::Outcome;
use crate::league_tournaments::TournamentState;
use crate::store::tournaments::{
    ChallengeRow, NewChallenge, TournamentChange, TournamentRow, TournamentStore, TrophyRow,
};
use dugout_rules::bb::league::tournament::Major;

impl FromSqlRow for TournamentRow {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(TournamentRow {
            id: row.get("id")?,
            league: row.get("league_id")?,
            season: row.get("season_id")?,
            state: row.json("state")?,
            rev: row.get("rev")?,
            created_at_ms: row.get("created_at")?,
        })
    }
}

fn major_str(m: Major) -> &'static str {
    match m {
        Major::SpikeMagazine => "spike_magazine",
        Major::ChaosCup => "chaos_cup",
        Major::Dungeonbowl => "dungeonbowl",
        Major::BloodBowl => "blood_bowl",
    }
}

impl FromSqlRow for TrophyRow {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        let major: String = row.get("major")?;
        let major = Major::ALL
            .into_iter()
            .find(|m| major_str(*m) == major)
            .ok_or_else(|| StoreError::Corrupt(format!("no Major {major:?}")))?;
        Ok(TrophyRow {
            tournament: row.get("tournament_id")?,
            league: row.get("league_id")?,
            major,
            team: row.get("team_id")?,
            won_at_ms: row.get("won_at")?,
        })
    }
}

impl FromSqlRow for ChallengeRow {
    fn read<DB: Dialect>(row: &SqlRow<'_, DB>) -> Result<Self, StoreError> {
        Ok(ChallengeRow {
            id: row.get("id")?,
            league: row.get("league_id")?,
            season: row.get("season_id")?,
            challenger: row.get("challenger")?,
            challenged: row.get("challenged")?,
            issued_at_ms: row.get("issued_at")?,
            deadline_ms: row.get("deadline")?,
            reply: row.get::<Option<Json<Reply>>>("answer")?.map(|j| j.0),
            answered_at_ms: row.get("answered_at")?,
            fixture: row.get("fixture_id")?,
        })
    }
}

macro_rules! challenge_select {
    () => {
        "SELECT id, league_id, season_id, challenger, challenged, issued_at, deadline, answer, \
         answered_at, fixture_id FROM league_challenges"
    };
}

impl<B: Backend> TournamentStore for B {
    fn create_challenge<'a>(
        &'a self,
        new: &'a NewChallenge,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, Option<ChallengeRow>> {
        Box::pin(async move {
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            let check = B::Db::query(
                "SELECT (SELECT COUNT(*) FROM league_seasons WHERE id = $1 AND league_id = $2 \
                 AND closed_at IS NULL) - (SELECT COUNT(*) FROM league_challenges \
                 WHERE league_id = $2 AND challenger = $3 AND issued_at > $4) AS id",
            )
            .arg(new.season)
            .arg(new.league)
            .arg(new.challenger)
            .arg(new.none_since_ms);
            let Id(ok): Id<i64> = fetch_one(&mut *tx, check).await?;
            if ok != 1 {
                return Ok(None);
            }
            let insert = B::Db::query(
                "INSERT INTO league_challenges (league_id, season_id, challenger, challenged, \
                 issued_at, deadline) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
            )
            .arg(new.league)
            .arg(new.season)
            .arg(new.challenger)
            .arg(new.challenged)
            .arg(new.issued_at_ms)
            .arg(new.deadline_ms);
            let Id(id): Id<i64> = fetch_one(&mut *tx, insert).await?;
            insert_log::<B::Db>(&mut *tx, new.league, LeagueAction::Challenge, &log).await?;
            tx.commit().await.map_err(db)?;
            Ok(Some(ChallengeRow {
                id,
                league: new.league,
                season: new.season,
                challenger: new.challenger,
                challenged: new.challenged,
                issued_at_ms: new.issued_at_ms,
                deadline_ms: new.deadline_ms,
                reply: None,
                answered_at_ms: None,
                fixture: None,
            }))
        })
    }

    fn challenges(&self, league: LeagueId) -> StoreFuture<'_, Vec<ChallengeRow>> {
        Box::pin(async move {
            let query = B::Db::query(concat!(
                challenge_select!(),
                " WHERE league_id = $1 ORDER BY id"
            ))
            .arg(league);
            fetch_all(&mut *self.conn().await?, query).await
        })
    }

    fn answer_challenge<'a>(
        &'a self,
        league: LeagueId,
        id: i64,
        reply: Reply,
        fixture_deadline_ms: i64,
        outcome: Option<&'a Outcome>,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, Option<i64>> {
        Box::pin(async move {
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            let query = B::Db::query(concat!(
                challenge_select!(),
                " WHERE league_id = $1 AND id = $2 AND answer IS NULL AND season_id IN \
                 (SELECT id FROM league_seasons WHERE league_id = $1 AND closed_at IS NULL)"
            ))
            .arg(league)
            .arg(id);
            let Some(c): Option<ChallengeRow> = fetch_optional(&mut *tx, query).await? else {
                return Ok(None);
            };
            let insert = B::Db::query(
                "INSERT INTO league_fixtures \
                 (season_id, round, home_account, away_account, deadline, outcome) \
                 VALUES ($1, 0, $2, $3, $4, $5) RETURNING id",
            )
            .arg(c.season)
            .arg(c.challenger)
            .arg(c.challenged)
            .arg(fixture_deadline_ms)
            .arg(outcome.map(Json));
            let Id(fixture): Id<i64> = fetch_one(&mut *tx, insert).await?;
            let update = B::Db::query(
                "UPDATE league_challenges SET answer = $1, answered_at = $2, fixture_id = $3 \
                 WHERE id = $4 AND answer IS NULL",
            )
            .arg(Json(reply))
            .arg(log.at_ms)
            .arg(fixture)
            .arg(id);
            if execute(&mut *tx, update).await? == 0 {
                return Ok(None);
            }
            insert_log::<B::Db>(&mut *tx, league, LeagueAction::ChallengeAnswer, &log).await?;
            tx.commit().await.map_err(db)?;
            Ok(Some(fixture))
        })
    }

    fn create_tournament<'a>(
        &'a self,
        league: LeagueId,
        season: i64,
        state: &'a TournamentState,
        log: LogLine<'a>,
    ) -> StoreFuture<'a, Option<TournamentRow>> {
        Box::pin(async move {
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            let insert = B::Db::query(
                "INSERT INTO league_tournaments (league_id, season_id, state, rev, created_at) \
                 SELECT $1, $2, $3, 1, $4 WHERE EXISTS (SELECT 1 FROM league_seasons \
                 WHERE id = $2 AND league_id = $1) RETURNING id",
            )
            .arg(league)
            .arg(season)
            .arg(Json(state))
            .arg(log.at_ms);
            // One tournament a season: the unique index refuses a second.
            let row = match insert.fetch_optional(B::Db::executor(&mut *tx)).await {
                Ok(Some(row)) => row,
                Ok(None) => return Ok(None),
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Ok(None),
                Err(e) => return Err(db(e)),
            };
            let Id(id): Id<i64> = Id::read(&SqlRow::<B::Db>(&row))?;
            insert_log::<B::Db>(&mut *tx, league, LeagueAction::StartTournament, &log).await?;
            tx.commit().await.map_err(db)?;
            Ok(Some(TournamentRow {
                id,
                league,
                season,
                state: state.clone(),
                rev: 1,
                created_at_ms: log.at_ms,
            }))
        })
    }

    fn tournaments(&self, league: LeagueId) -> StoreFuture<'_, Vec<TournamentRow>> {
        Box::pin(async move {
            let query = B::Db::query(
                "SELECT id, league_id, season_id, state, rev, created_at \
                 FROM league_tournaments WHERE league_id = $1 ORDER BY id",
            )
            .arg(league);
            fetch_all(&mut *self.conn().await?, query).await
        })
    }

    fn tournament(&self, league: LeagueId, id: i64) -> StoreFuture<'_, Option<TournamentRow>> {
        Box::pin(async move {
            let query = B::Db::query(
                "SELECT id, league_id, season_id, state, rev, created_at \
                 FROM league_tournaments WHERE league_id = $1 AND id = $2",
            )
            .arg(league)
            .arg(id);
            fetch_optional(&mut *self.conn().await?, query).await
        })
    }

    fn update_tournament<'a>(
        &'a self,
        league: LeagueId,
        id: i64,
        change: &'a TournamentChange<'a>,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let mut conn = self.conn().await?;
            let mut tx = conn.begin().await.map_err(db)?;
            // The guarded update first: it locks the row (Postgres).
            let update = B::Db::query(
                "UPDATE league_tournaments SET state = $1, rev = rev + 1 \
                 WHERE id = $2 AND league_id = $3 AND rev = $4",
            )
            .arg(Json(change.state))
            .arg(id)
            .arg(league)
            .arg(change.expected_rev);
            if execute(&mut *tx, update).await? == 0 {
                return Ok(false);
            }
            if let Some((major, team)) = change.trophy {
                let insert = B::Db::query(
                    "INSERT INTO league_trophies (tournament_id, league_id, major, team_id, \
                     won_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
                )
                .arg(id)
                .arg(league)
                .arg(major_str(major))
                .arg(team)
                .arg(change.log.at_ms);
                if execute(&mut *tx, insert).await? == 0 {
                    return Ok(false);
                }
            }
            for (team, after, events) in &change.appends {
                if events.is_empty() {
                    continue;
                }
                if last_seq::<B::Db>(&mut *tx, *team).await? != *after {
                    return Ok(false);
                }
                let stored = insert_team_events::<B::Db>(
                    &mut *tx,
                    *team,
                    after + 1,
                    events,
                    change.log.at_ms,
                )
                .await?;
                if stored != events.len() as u64 {
                    return Ok(false);
                }
            }
            insert_log::<B::Db>(&mut *tx, league, change.what, &change.log).await?;
            tx.commit().await.map_err(db)?;
            Ok(true)
        })
    }

    fn trophies(&self, league: LeagueId) -> StoreFuture<'_, Vec<TrophyRow>> {
        Box::pin(async move {
            let query = B::Db::query(
                "SELECT tournament_id, league_id, major, team_id, won_at FROM league_trophies \
                 WHERE league_id = $1 ORDER BY won_at, tournament_id",
            )
            .arg(league);
            fetch_all(&mut *self.conn().await?, query).await
        })
    }
}
