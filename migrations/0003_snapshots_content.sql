-- 0003_snapshots_content: snapshots keyed by content too, in protocol version 2's layout.
--
-- A snapshot is now the layout of a scheme for an environment *and the caller's content*
-- (the values of the document's slots): `content_digest` is the digest of that content's
-- canonical form, or '' for the document's own defaults. The key grows by that column.
-- Payloads are now laid out as version 2 of the protocol has them (the text scale and the
-- content digest after the elements). The snapshots are a cache, so the table is rebuilt
-- empty; the next prewarm or lookup refills it.
DROP TABLE snapshots;

CREATE TABLE snapshots (
    scheme_hash     TEXT    NOT NULL CHECK (length(scheme_hash) = 71),
    engine_version  TEXT    NOT NULL CHECK (length(engine_version) > 0),
    environment_key TEXT    NOT NULL CHECK (length(environment_key) > 0),
    content_digest  TEXT    NOT NULL CHECK (content_digest = '' OR length(content_digest) = 71),
    payload         BLOB    NOT NULL,
    compute_ns      INTEGER NOT NULL CHECK (compute_ns >= 0),
    created_at      INTEGER NOT NULL
) STRICT;

CREATE UNIQUE INDEX snapshots_by_key ON snapshots (scheme_hash, engine_version, environment_key, content_digest);
