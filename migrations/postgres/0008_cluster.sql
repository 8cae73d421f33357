-- Several server nodes on one database (issue 14; docs/server.md, "Several nodes").
-- Every live room is owned by one node: its lease. `epoch` is the fencing token: it grows by
-- one at every takeover, and an append is stored only while its room's lease row still names
-- the appending node and epoch (server/src/store/postgres.rs). Times are Unix milliseconds of
-- the database's clock, so the nodes' clocks do not matter.
CREATE TABLE room_leases (
    room_id    TEXT   PRIMARY KEY,
    node_id    TEXT   NOT NULL,
    epoch      BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX room_leases_node ON room_leases (node_id);

-- The nodes alive: each renews its row with its leases; `rooms` (its live rooms) drives the
-- placement of rooms taken over; `nats`: it runs with a message bus (a node without one
-- refuses to start beside another live node).
CREATE TABLE cluster_nodes (
    node_id    TEXT    PRIMARY KEY,
    expires_at BIGINT  NOT NULL,
    rooms      BIGINT  NOT NULL DEFAULT 0,
    capacity   BIGINT  NOT NULL DEFAULT 0,
    nats       BOOLEAN NOT NULL DEFAULT FALSE
);

-- The epoch each event was appended under (NULL: a single node without leases, or an event
-- stored before leases): what a test reads to prove that no fenced node wrote after a
-- takeover.
ALTER TABLE match_events ADD COLUMN epoch BIGINT;
