-- Leagues: an organiser, a points scheme, registered coaches with their teams, and the
-- matches attached to a league (SQLite dialect).

CREATE TABLE leagues (
    id           INTEGER PRIMARY KEY,
    name         TEXT    NOT NULL,
    organiser_id INTEGER NOT NULL REFERENCES accounts (id),
    win_points   INTEGER NOT NULL,
    draw_points  INTEGER NOT NULL,
    loss_points  INTEGER NOT NULL,
    created_at   INTEGER NOT NULL
);

-- A coach registered in a league, with the team they play (TeamId's serde name).
CREATE TABLE league_coaches (
    league_id  INTEGER NOT NULL REFERENCES leagues (id),
    account_id INTEGER NOT NULL REFERENCES accounts (id),
    team       TEXT    NOT NULL,
    PRIMARY KEY (league_id, account_id)
) WITHOUT ROWID;

-- The league a match counts for, if any.
ALTER TABLE matches ADD COLUMN league_id INTEGER REFERENCES leagues (id);
CREATE INDEX matches_league ON matches (league_id);
