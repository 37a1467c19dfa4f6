-- 0002_snapshots_rowid: snapshots in a rowid table with a unique key index.
--
-- Snapshot payloads turned out near a kilobyte (every element's id, frame and root frame),
-- well past the size WITHOUT ROWID tables suit: their B-tree pages held three rows, and a
-- prewarm spent most of its time splitting and rewriting them. A rowid table keeps the
-- payloads in its own pages and the key in a small index. The snapshots are a cache, so
-- the table is rebuilt empty; the next prewarm or lookup refills it.
--
-- The hash is checked for its length only: a snapshot is stored only for the hash of a
-- registered scheme, whose hash `schemes` checks in full.
DROP TABLE snapshots;

CREATE TABLE snapshots (
    scheme_hash     TEXT    NOT NULL CHECK (length(scheme_hash) = 71),
    engine_version  TEXT    NOT NULL CHECK (length(engine_version) > 0),
    environment_key TEXT    NOT NULL CHECK (length(environment_key) > 0),
    payload         BLOB    NOT NULL,
    compute_ns      INTEGER NOT NULL CHECK (compute_ns >= 0),
    created_at      INTEGER NOT NULL
) STRICT;

CREATE UNIQUE INDEX snapshots_by_key ON snapshots (scheme_hash, engine_version, environment_key);
