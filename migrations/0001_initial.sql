-- 0001_initial: the registry of scheme documents and the cache of their layout snapshots.
--
-- Times are INTEGER milliseconds since the Unix epoch (UTC): exact, compact and ordered.
-- Tables are STRICT (SQLite 3.37 or later), so that a column holds only its declared type.
-- A content hash is 'sha256:' and 64 lowercase hex digits.

-- Registered scheme documents. Durable data: nothing but unregistering removes a row, and
-- `document` keeps the bytes exactly as they were registered.
CREATE TABLE schemes (
    name          TEXT    NOT NULL PRIMARY KEY CHECK (length(name) > 0),
    hash          TEXT    NOT NULL CHECK (length(hash) = 71 AND hash GLOB 'sha256:*'
                                          AND substr(hash, 8) NOT GLOB '*[^0-9a-f]*'),
    document      BLOB    NOT NULL CHECK (length(document) > 0),
    element_count INTEGER NOT NULL CHECK (element_count >= 0),
    registered_at INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
) STRICT;

-- Two names may share content. Before the snapshots of a hash are dropped, the store asks
-- whether any scheme still has that hash: this index answers without a scan.
CREATE INDEX schemes_by_hash ON schemes (hash);

-- Layout snapshots: a cache, rebuildable from the schemes at any time. The key is the
-- architecture's cache key; `payload` is the compact binary snapshot, opaque to the store.
-- WITHOUT ROWID: rows are found by their key only, and payloads are small (hundreds of
-- bytes), so the key's B-tree holds the rows themselves and a lookup is one tree search.
CREATE TABLE snapshots (
    scheme_hash     TEXT    NOT NULL CHECK (length(scheme_hash) = 71 AND scheme_hash GLOB 'sha256:*'
                                            AND substr(scheme_hash, 8) NOT GLOB '*[^0-9a-f]*'),
    engine_version  TEXT    NOT NULL CHECK (length(engine_version) > 0),
    environment_key TEXT    NOT NULL CHECK (length(environment_key) > 0),
    payload         BLOB    NOT NULL,
    compute_ns      INTEGER NOT NULL CHECK (compute_ns >= 0),
    created_at      INTEGER NOT NULL,
    PRIMARY KEY (scheme_hash, engine_version, environment_key)
) STRICT, WITHOUT ROWID;
