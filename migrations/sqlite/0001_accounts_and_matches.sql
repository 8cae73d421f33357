-- Accounts, sessions and the match log (SQLite dialect).
-- Times are Unix milliseconds. JSON columns hold the protocol's own serde JSON.

CREATE TABLE accounts (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL UNIQUE COLLATE NOCASE,
    -- argon2id PHC string; NULL for bots (they log in with an API token only).
    password_hash TEXT,
    is_bot        INTEGER NOT NULL DEFAULT 0,
    -- The account that created this bot.
    owner_id      INTEGER REFERENCES accounts (id),
    created_at    INTEGER NOT NULL
);

-- Opaque tokens, stored as the hex SHA-256 of the token: a leaked table grants nothing.
CREATE TABLE sessions (
    token_hash TEXT    PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    -- 'session' (login) or 'bot' (API token).
    kind       TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    -- NULL: never expires (bot tokens).
    expires_at INTEGER
);
CREATE INDEX sessions_account ON sessions (account_id);

CREATE TABLE matches (
    id            TEXT    PRIMARY KEY,
    game          TEXT    NOT NULL,
    -- The RoomSpec as JSON: edition, teams, options, timer, privacy.
    spec          TEXT    NOT NULL,
    -- 'open', 'playing', 'finished', 'closed'.
    status        TEXT    NOT NULL,
    home_account  INTEGER REFERENCES accounts (id),
    away_account  INTEGER REFERENCES accounts (id),
    -- The ChaCha20 dice seed, hex; with the commands it replays the match exactly.
    dice_seed     TEXT,
    -- The MatchResult as JSON.
    result        TEXT,
    created_at    INTEGER NOT NULL,
    started_at    INTEGER,
    finished_at   INTEGER
);

-- Every command applied, in order, with the events it produced: seq in (seq_before, seq_after].
CREATE TABLE match_commands (
    match_id   TEXT    NOT NULL REFERENCES matches (id),
    n          INTEGER NOT NULL,
    -- 'home', 'away', or 'timer' (made by the turn timer for the coach it names).
    source     TEXT    NOT NULL,
    coach      TEXT    NOT NULL,
    account_id INTEGER REFERENCES accounts (id),
    -- The client's command id (u64 stored bit for bit as i64); NULL for timer commands.
    client_id  INTEGER,
    command    TEXT    NOT NULL,
    seq_before INTEGER NOT NULL,
    seq_after  INTEGER NOT NULL,
    PRIMARY KEY (match_id, n)
) WITHOUT ROWID;

-- The event log, the source of truth for a match: RoomEvent JSON, unprojected.
CREATE TABLE match_events (
    match_id TEXT    NOT NULL REFERENCES matches (id),
    seq      INTEGER NOT NULL,
    event    TEXT    NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
