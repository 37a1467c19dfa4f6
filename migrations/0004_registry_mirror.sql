-- 0004_registry_mirror: a host of a fleet mirrors the shared registry in PostgreSQL here.
--
-- `schemes.revision` is the shared registry's revision of the change that wrote the row;
-- NULL for a scheme registered on this host alone (the single-host default, or before the
-- host joined a fleet). `registry_mirror` says which shared registry the rows mirror and
-- up to which revision every change has been applied (docs/operations.md, "Running a fleet").
ALTER TABLE schemes ADD COLUMN revision INTEGER CHECK (revision IS NULL OR revision > 0);

CREATE TABLE registry_mirror (
    singleton   INTEGER NOT NULL PRIMARY KEY CHECK (singleton = 1),
    registry_id TEXT    NOT NULL CHECK (length(registry_id) > 0),
    revision    INTEGER NOT NULL CHECK (revision >= 0),
    synced_at   INTEGER NOT NULL
) STRICT;
