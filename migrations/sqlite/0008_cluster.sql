-- Several server nodes (issue 14): the SQLite dialect of ../postgres/0008. SQLite serves one
-- node only (several nodes need Postgres and NATS), so these tables stay empty; they exist so
-- both dialects keep one schema and the same migration numbers.
CREATE TABLE room_leases (
    room_id    TEXT    PRIMARY KEY,
    node_id    TEXT    NOT NULL,
    epoch      INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX room_leases_node ON room_leases (node_id);

CREATE TABLE cluster_nodes (
    node_id    TEXT    PRIMARY KEY,
    expires_at INTEGER NOT NULL,
    rooms      INTEGER NOT NULL DEFAULT 0,
    capacity   INTEGER NOT NULL DEFAULT 0,
    nats       INTEGER NOT NULL DEFAULT 0
);

ALTER TABLE match_events ADD COLUMN epoch INTEGER;
