-- One durable single-row insert per transaction (autocommit: BEGIN/INSERT/COMMIT), the
-- Postgres baseline for the server's durable command rate (bench/load.sh, BENCHMARKS.md).
-- A JSON payload about the size of one stored Blitz Bowl event.
INSERT INTO bench_events (client, at, event)
VALUES (:client_id, clock_timestamp(), '{"type":"game","event":{"type":"player_moved","player":3,"from":{"x":4,"y":10},"to":{"x":5,"y":9}}}');
