//! The bodies of the Blood Bowl league team routes (issue 13): `/api/leagues/{id}/teams...`
//! and `/api/leagues/{id}/team-matches...` (see docs/protocol.md, "Blood Bowl league teams").
//! The rules' own types (`TeamSheet`, `Purchase`, `TeamEvent`, `PostPrompt`, `PostCommand`)
//! travel as they serialise.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use dugout_rules::bb::data::{Roster, Skill};
use dugout_rules::bb::league::postmatch::{LeagueRules, PostCommand, PostPrompt};
use dugout_rules::bb::league::team::{Departure, PlayerStats, TeamEvent, TeamRecord};
use dugout_rules::bb::setup::TeamSheet;
use dugout_rules::core::Side;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::TimerPolicy;

/// A new league team: its name and the sheet it is bought from (rookies only: every player
/// is hired at his position's cost, then the re-rolls, fan factor and staff, each purchase
/// checked; what is not spent stays in the treasury).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct NewLeagueTeam {
    pub name: String,
    pub sheet: TeamSheet,
}

/// A league team as its page shows it: the fold of its history.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct LeagueTeamBody {
    pub id: i64,
    pub league: i64,
    /// The coach's account name.
    pub coach: String,
    pub name: String,
    pub roster: Roster,
    pub approved: bool,
    /// Unix milliseconds.
    pub approved_at_ms: Option<i64>,
    pub created_at_ms: i64,
    /// The seq of the last event of its history (how many changes it has had).
    pub version: u64,
    pub treasury: u32,
    pub rerolls: u8,
    pub fan_factor: u8,
    pub assistant_coaches: u8,
    pub cheerleaders: u8,
    pub apothecary: bool,
    /// §32.2: the team value now, worked out from the roster (players who miss the next
    /// match left out).
    pub team_value: u32,
    pub players: Vec<TeamPlayer>,
    /// Players who left (dead, fired, walked out, released).
    pub former: Vec<FormerPlayer>,
    pub record: TeamRecord,
}

/// A player of a league team.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct TeamPlayer {
    /// Stable within the team, never reused.
    pub id: u32,
    pub number: u8,
    pub name: String,
    pub position: String,
    /// His characteristics now: the position's, with his gains and losses (§32.7, §32.9).
    pub ma: i16,
    pub st: i16,
    pub ag: i16,
    pub av: i16,
    /// Every skill: the position's and those he gained.
    pub skills: Vec<Skill>,
    pub spp: u16,
    /// An advancement rolled and not chosen yet (§32.7).
    pub pending_advancement: Option<[u8; 2]>,
    /// §32.8: his value.
    pub value: u32,
    pub niggling: u8,
    /// §32.9: he misses the next match.
    pub miss_next_game: bool,
    pub journeyman: bool,
    pub stats: PlayerStats,
}

/// A player who left the team, and why.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct FormerPlayer {
    pub id: u32,
    pub name: String,
    pub position: String,
    pub spp: u16,
    pub why: Departure,
}

/// One change in a team's history.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct TeamHistoryLine {
    /// 1, 2, 3, ...
    pub seq: u64,
    pub event: TeamEvent,
    /// Who made it (an account name); `None`: the server (a roll, a deadline's default).
    pub actor: Option<String>,
    /// Why, in words.
    pub reason: String,
    /// The match it came from.
    #[serde(rename = "match")]
    pub match_id: Option<String>,
    /// Unix milliseconds.
    pub at_ms: i64,
}

/// A match between two approved teams of the league.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct NewTeamMatch {
    /// The home team's id.
    pub home: i64,
    /// The away team's id.
    pub away: i64,
    /// The room's timer (default none).
    #[serde(default)]
    pub timer: TimerPolicy,
    /// Not listed in the lobby (default false).
    #[serde(default)]
    pub private: bool,
    /// How long each coach has for each post-match decision (1 to 1,209,600; default two days).
    #[serde(default)]
    pub decision_seconds: Option<u32>,
}

/// A team of a league match.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct TeamMatchSide {
    pub team: i64,
    pub name: String,
    pub coach: String,
}

/// What the post-match sequence waits for.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct PostMatchPrompt {
    /// The deciding side.
    pub side: Side,
    /// The deciding coach.
    pub coach: String,
    pub prompt: PostPrompt,
    /// Every answer the rules accept now.
    pub legal: Vec<PostCommand>,
    /// What the server answers at the deadline (§32.5).
    pub default: Option<PostCommand>,
    /// Unix milliseconds.
    pub deadline_ms: i64,
}

/// One answer of the sequence.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct PostAnswer {
    pub side: Side,
    pub command: PostCommand,
    /// The coach who sent it; `null`: the server, at the deadline.
    pub by: Option<String>,
    pub at_ms: i64,
}

/// A league match between two league teams, and its post-match sequence.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct TeamMatchBody {
    /// The room's (and the archive's) match id.
    #[serde(rename = "match")]
    pub match_id: String,
    pub league: i64,
    pub home: TeamMatchSide,
    pub away: TeamMatchSide,
    /// `match` (being played), `deciding` (the post-match sequence waits for a coach),
    /// `done`.
    pub status: String,
    pub decision_seconds: i64,
    pub prompt: Option<PostMatchPrompt>,
    pub commands: Vec<PostAnswer>,
    /// SHA-256 of the post-match server seed (hex), published when the match was made.
    pub commitment: String,
    /// The post-match server seed (hex), once the sequence is over.
    pub server_seed: Option<String>,
    /// The league's optional rules (§32.17) this match plays by: the league's settings when
    /// the match was made.
    #[serde(default)]
    pub rules: LeagueRules,
    /// Each team's match TV, home then away: the team value when the match was made (without
    /// fan factor if the rules make it free), plus, once the match is over, the petty cash
    /// declared in its pre-match (§32.4); the expenses of §32.12 are on it.
    #[serde(default)]
    pub match_tv: [u32; 2],
    /// §12.7, §26.61: the players the match raised join their team in the post-match
    /// sequence (`PostMatchInput::raised_join`); `false` for a match made before they did.
    #[serde(default)]
    pub raised_join: bool,
    /// The petty cash each team moved from its treasury in the match's pre-match (§32.4),
    /// home then away: 0 until the match is over (the declarations are the match's commands).
    #[serde(default)]
    pub petty_cash: [u32; 2],
    /// §32.16: the match's stage (`season`, or a tournament's `semi_final` or `final`), the
    /// Major it is of, and the Majors' trophies each team held when it was made: the
    /// post-match sequence's input with the above.
    #[serde(default)]
    pub stage: dugout_rules::bb::league::tournament::Stage,
    #[serde(default)]
    pub major: Option<dugout_rules::bb::league::tournament::Major>,
    #[serde(default)]
    pub trophies: [dugout_rules::bb::league::tournament::Held; 2],
}
