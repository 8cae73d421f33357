-- The organiser's audit log of a league (SQLite dialect): who did what, when. Written in the
-- same transaction as the change it records. No foreign key to `leagues`: the log of a
-- deleted league is kept (its last entry says it was deleted).

CREATE TABLE league_log (
    id         INTEGER PRIMARY KEY,
    league_id  INTEGER NOT NULL,
    account_id INTEGER NOT NULL REFERENCES accounts (id),
    -- What was done: 'detach_match', 'remove_coach', 'delete_league'.
    what       TEXT    NOT NULL,
    -- What it was done to, in words (a match id, a coach and their team, ...).
    detail     TEXT    NOT NULL,
    at         INTEGER NOT NULL
);
CREATE INDEX league_log_league ON league_log (league_id, at);
