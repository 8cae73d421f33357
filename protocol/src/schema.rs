//! The protocol's JSON Schema, generated from the types with schemars.
//!
//! The generated files are checked in under [`SCHEMA_DIR`] so clients in other languages can
//! use them without building Rust; a test fails when they drift from the types. Regenerate
//! with `DUGOUT_BLESS_SCHEMA=1 cargo test -p dugout-protocol schema`.

use schemars::schema_for;
use serde_json::Value;

use crate::{
    ApiError, AttachMatch, ClientMessage, Credentials, EventPage, LeagueBody, LeagueLogLine,
    LeagueTeamBody, MatchCommands, MatchPage, MatchSummary, NewAccount, NewBot, NewLeague,
    NewLeagueCoach, NewLeagueTeam, NewTeamMatch, ServerMessage, Standings, StateAt,
    TeamHistoryLine, TeamMatchBody, TokenGrant,
};

/// Where the checked-in schema files live, relative to the `protocol` crate.
pub const SCHEMA_DIR: &str = "schema";

/// Every schema file: its name under [`SCHEMA_DIR`] and its content.
pub fn schemas() -> Vec<(&'static str, Value)> {
    let value = |s: schemars::Schema| s.to_value();
    vec![
        (
            "client-message.schema.json",
            value(schema_for!(ClientMessage)),
        ),
        (
            "server-message.schema.json",
            value(schema_for!(ServerMessage)),
        ),
        (
            "http-credentials.schema.json",
            value(schema_for!(Credentials)),
        ),
        (
            "http-new-account.schema.json",
            value(schema_for!(NewAccount)),
        ),
        ("http-new-bot.schema.json", value(schema_for!(NewBot))),
        (
            "http-token-grant.schema.json",
            value(schema_for!(TokenGrant)),
        ),
        ("http-error.schema.json", value(schema_for!(ApiError))),
        ("http-match-page.schema.json", value(schema_for!(MatchPage))),
        (
            "http-match-summary.schema.json",
            value(schema_for!(MatchSummary)),
        ),
        ("http-event-page.schema.json", value(schema_for!(EventPage))),
        ("http-state-at.schema.json", value(schema_for!(StateAt))),
        (
            "http-match-commands.schema.json",
            value(schema_for!(MatchCommands)),
        ),
        ("http-new-league.schema.json", value(schema_for!(NewLeague))),
        (
            "http-new-league-coach.schema.json",
            value(schema_for!(NewLeagueCoach)),
        ),
        (
            "http-attach-match.schema.json",
            value(schema_for!(AttachMatch)),
        ),
        ("http-league.schema.json", value(schema_for!(LeagueBody))),
        ("http-standings.schema.json", value(schema_for!(Standings))),
        (
            "http-league-log.schema.json",
            value(schema_for!(Vec<LeagueLogLine>)),
        ),
        (
            "http-new-league-team.schema.json",
            value(schema_for!(NewLeagueTeam)),
        ),
        (
            "http-league-team.schema.json",
            value(schema_for!(LeagueTeamBody)),
        ),
        (
            "http-league-team-history.schema.json",
            value(schema_for!(Vec<TeamHistoryLine>)),
        ),
        (
            "http-new-team-match.schema.json",
            value(schema_for!(NewTeamMatch)),
        ),
        (
            "http-team-match.schema.json",
            value(schema_for!(TeamMatchBody)),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn pretty(v: &Value) -> String {
        let mut s = serde_json::to_string_pretty(v).expect("a schema serializes");
        s.push('\n');
        s
    }

    #[test]
    fn the_checked_in_schema_matches_the_types() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(SCHEMA_DIR);
        let bless = std::env::var_os("DUGOUT_BLESS_SCHEMA").is_some();
        let mut stale = Vec::new();
        for (name, schema) in schemas() {
            let path = dir.join(name);
            let want = pretty(&schema);
            if bless {
                std::fs::create_dir_all(&dir).expect("create the schema dir");
                std::fs::write(&path, &want).expect("write a schema file");
                continue;
            }
            match std::fs::read_to_string(&path) {
                Ok(have) if have == want => {}
                _ => stale.push(name),
            }
        }
        assert!(
            stale.is_empty(),
            "schema files out of date: {stale:?}; regenerate with \
             `DUGOUT_BLESS_SCHEMA=1 cargo test -p dugout-protocol schema` and check them in"
        );
    }
}
