-- League consent (issue 15): an organiser invites a coach, and the coach accepts. A row with
-- no `accepted_at` is an invitation; only accepted coaches count (teams, matches,
-- standings). Registrations made before invitations existed stand as accepted (time 0).

ALTER TABLE league_coaches ADD COLUMN accepted_at INTEGER;
UPDATE league_coaches SET accepted_at = 0;
