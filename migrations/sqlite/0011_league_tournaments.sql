-- End-of-season tournaments and the Majors' trophies of Blood Bowl leagues (issue 13,
-- docs/rules/blood-bowl.md §32.16; SQLite dialect).
--
-- A tournament of a closed season (one a season): its state as JSON (the method, the
-- entrants as drawn from, the draw's seed, the bracket, the match of each of its three
-- matches, the awards made), and `rev`, bumped by every change (a change names the rev it
-- read, so two organiser requests cannot both apply).
CREATE TABLE league_tournaments (
    id         INTEGER PRIMARY KEY,
    league_id  INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    season_id  INTEGER NOT NULL UNIQUE REFERENCES league_seasons (id) ON DELETE CASCADE,
    state      TEXT    NOT NULL,
    rev        INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX league_tournaments_league ON league_tournaments (league_id, id);

-- A Major's trophy won: one row an edition (a tournament's final). The holder of a Major in
-- a league is the team of its latest row: the trophy passes to the next edition's winner.
CREATE TABLE league_trophies (
    tournament_id INTEGER PRIMARY KEY REFERENCES league_tournaments (id) ON DELETE CASCADE,
    league_id     INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    major         TEXT    NOT NULL,
    team_id       INTEGER NOT NULL REFERENCES league_teams (id) ON DELETE CASCADE,
    won_at        INTEGER NOT NULL
);
CREATE INDEX league_trophies_league ON league_trophies (league_id, major, won_at);

-- A league challenge (§32.16): a coach of the league challenges another through the
-- organiser during an open season, once a week; the challenged coach answers within a day
-- (`answer`: JSON, NULL until answered; a challenge not answered by its deadline counts as
-- refused). An accepted or refused challenge is a fixture of the season (`fixture_id`):
-- to play, or a 2-0 win for the challenger.
CREATE TABLE league_challenges (
    id          INTEGER PRIMARY KEY,
    league_id   INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    season_id   INTEGER NOT NULL REFERENCES league_seasons (id) ON DELETE CASCADE,
    challenger  INTEGER NOT NULL REFERENCES accounts (id),
    challenged  INTEGER NOT NULL REFERENCES accounts (id),
    issued_at   INTEGER NOT NULL,
    deadline    INTEGER NOT NULL,
    answer      TEXT,
    answered_at INTEGER,
    fixture_id  INTEGER REFERENCES league_fixtures (id) ON DELETE SET NULL
);
CREATE INDEX league_challenges_league ON league_challenges (league_id, challenger, issued_at);
