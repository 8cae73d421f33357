-- The rules version that made each match (SQLite dialect). A stored match replays only
-- through the engine of the rules version that recorded it, so the version is kept with the
-- match. Every match stored before this column existed was made by rules version 1.

ALTER TABLE matches ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1;
