-- The fleet's shared registry: every scheme document registered through any host, with a
-- revision per change, so that each host mirrors it in order (docs/operations.md, "Running
-- a fleet"). Snapshots are not here: each host computes and caches its own.

-- One row: the registry's identity and latest revision. A change locks it (UPDATE …
-- RETURNING), so that changes take their revisions and commit in one order, which every
-- host then applies. A host remembers `registry_id` with its mirror: a mirror of another
-- registry is replaced, not continued.
CREATE TABLE cgld_registry_head (
    singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    registry_id uuid NOT NULL DEFAULT gen_random_uuid(),
    revision bigint NOT NULL CHECK (revision >= 0)
);
INSERT INTO cgld_registry_head (singleton, revision) VALUES (true, 0);

-- A name's current document, or its removal (document and hash NULL: kept, so that a host
-- that was away learns of it). `revision` is the change that wrote the row.
CREATE TABLE cgld_schemes (
    name text PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 256),
    hash text CHECK (hash ~ '^sha256:[0-9a-f]{64}$'),
    document bytea CHECK (length(document) > 0),
    element_count integer NOT NULL DEFAULT 0 CHECK (element_count >= 0),
    revision bigint NOT NULL UNIQUE CHECK (revision > 0),
    registered_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    updated_by text NOT NULL,
    CHECK ((document IS NULL) = (hash IS NULL))
);
