-- A league plays one game (issue 11: Blood Bowl beside Blitz Bowl). Leagues made before this
-- played Blitz Bowl, the only game there was.

ALTER TABLE leagues ADD COLUMN game TEXT NOT NULL DEFAULT 'blitz';
