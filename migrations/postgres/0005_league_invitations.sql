-- League consent (Postgres dialect of ../sqlite/0005): a row with no `accepted_at` is an
-- invitation the coach has not accepted; registrations made before invitations existed stand
-- as accepted (time 0).

ALTER TABLE league_coaches ADD COLUMN accepted_at BIGINT;
UPDATE league_coaches SET accepted_at = 0;
