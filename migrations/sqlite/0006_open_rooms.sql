-- Open rooms survive a restart (issue 15): the server seed the room committed to when it was
-- made, and who sits where (account, entropy, ready), as JSON; NULL for matches stored before
-- this migration and once the match has started (the log takes over then).

ALTER TABLE matches ADD COLUMN open_room TEXT;
