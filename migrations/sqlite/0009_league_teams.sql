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
