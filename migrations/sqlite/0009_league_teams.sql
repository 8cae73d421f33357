-- Blood Bowl league teams (issue 13, SQLite dialect): a team that lives across matches, and
-- its history. The history is the truth (docs/rules/blood-bowl.md §32.5): every change is a
-- row of `league_team_events` holding one `TeamEvent` as JSON; the team is the fold of its
-- rows in `seq` order. `league_teams` holds only what never changes but approval.
-- No foreign key to `leagues`: like the league's log, a team's history outlives its league.

CREATE TABLE league_teams (
    id         INTEGER PRIMARY KEY,
    league_id  INTEGER NOT NULL,
    account_id INTEGER NOT NULL REFERENCES accounts (id),
    name       TEXT    NOT NULL,
    -- The roster's serde name ("human", "orc", ...).
    roster     TEXT    NOT NULL,
    -- When the organiser approved it (NULL: not yet).
    approved   INTEGER,
    created_at INTEGER NOT NULL,
    -- One team per coach per league.
    UNIQUE (league_id, account_id)
);
CREATE INDEX league_teams_league ON league_teams (league_id);

CREATE TABLE league_team_events (
    team_id    INTEGER NOT NULL REFERENCES league_teams (id),
    seq        INTEGER NOT NULL,
    event      TEXT    NOT NULL,
    -- Who made the change: a coach's or organiser's account, NULL for the server (a
    -- post-match roll, a default applied at a deadline).
    account_id INTEGER REFERENCES accounts (id),
    -- Why, in words.
    reason     TEXT    NOT NULL,
    -- The match it came from, if any.
    match_id   TEXT,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (team_id, seq)
) WITHOUT ROWID;

-- A match between two league teams (§32.3) and its post-match sequence (§32.5). The sheets
-- are the teams' folds at `home_version` / `away_version` (the last seq of each history then);
-- `setup` holds which league player each sheet place is and the match TVs. The post-match
-- dice come from `post_seed` (secret until the sequence is over; its SHA-256 is published
-- from the start) and the match's own dice seed; `post_commands` are the coaches' (and the
-- deadline's) answers in order, so the sequence replays exactly.
CREATE TABLE league_team_matches (
    match_id      TEXT    PRIMARY KEY REFERENCES matches (id),
    league_id     INTEGER NOT NULL,
    home_team     INTEGER NOT NULL REFERENCES league_teams (id),
    away_team     INTEGER NOT NULL REFERENCES league_teams (id),
    home_version  INTEGER NOT NULL,
    away_version  INTEGER NOT NULL,
    setup         TEXT    NOT NULL,
    post_seed     TEXT    NOT NULL,
    -- How long a coach has for each post-match decision before the default is applied.
    decision_ms   INTEGER NOT NULL,
    -- 'match' (being played), 'deciding', 'done'.
    post_state    TEXT    NOT NULL,
    post_commands TEXT    NOT NULL,
    -- How many answers `post_commands` holds: the guard of a write.
    post_n        INTEGER NOT NULL DEFAULT 0,
    -- When the decision now waited for came up (NULL before the sequence starts).
    post_at       INTEGER,
    created_at    INTEGER NOT NULL
);
CREATE INDEX league_team_matches_league ON league_team_matches (league_id, created_at);
