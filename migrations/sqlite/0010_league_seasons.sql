-- League seasons, schedules and settings (issue 13, part B; SQLite dialect).
--
-- A league's settings beyond its points scheme: the tie-breakers in order and the optional
-- league rules of docs/rules/blood-bowl.md §32.17 (both JSON). No row: the defaults.
CREATE TABLE league_settings (
    league_id    INTEGER PRIMARY KEY REFERENCES leagues (id) ON DELETE CASCADE,
    tie_breakers TEXT    NOT NULL,
    rules        TEXT    NOT NULL
);

-- A season of a league, numbered from 1 in the league. At most one is open at a time.
-- Closing it freezes its standings (JSON, as served at the close).
CREATE TABLE league_seasons (
    id         INTEGER PRIMARY KEY,
    league_id  INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    number     INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    opened_at  INTEGER NOT NULL,
    closed_at  INTEGER,
    standings  TEXT,
    UNIQUE (league_id, number)
);
CREATE UNIQUE INDEX league_seasons_one_open ON league_seasons (league_id) WHERE closed_at IS NULL;

-- A fixture of a season: a round, two coaches (home, away), a deadline (unix ms), the match
-- that played it once linked, and an outcome the organiser recorded (JSON: a forfeit, or a
-- fixed result with its reason); the match itself stays as played in the archive.
CREATE TABLE league_fixtures (
    id           INTEGER PRIMARY KEY,
    season_id    INTEGER NOT NULL REFERENCES league_seasons (id) ON DELETE CASCADE,
    round        INTEGER NOT NULL,
    home_account INTEGER NOT NULL REFERENCES accounts (id),
    away_account INTEGER NOT NULL REFERENCES accounts (id),
    deadline     INTEGER NOT NULL,
    match_id     TEXT    UNIQUE REFERENCES matches (id),
    outcome      TEXT
);
CREATE INDEX league_fixtures_season ON league_fixtures (season_id, round);
