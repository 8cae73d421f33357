-- Open rooms survive a restart (Postgres dialect of ../sqlite/0006): the server seed the room
-- committed to and who sits where, as JSON; NULL once the match has started.

ALTER TABLE matches ADD COLUMN open_room JSONB;
