-- The duplicate-cooperative format (helper "coop", issue #40 item 5): events.format's CHECK
-- takes one more value, and events.compare's 'total'. SQLite cannot change a CHECK in place, and rebuilding `events` would
-- mean re-making its triggers and indexes; widening a CHECK only allows more rows, so the
-- table's own SQL is edited as SQLite's "ALTER TABLE" page describes for removing a CHECK
-- constraint, and the schema is reloaded (RESET). Kept in step with migrations/postgres.
PRAGMA writable_schema = ON;
UPDATE sqlite_master
SET sql = replace(sql,
    'CHECK (format IN (''team-match'', ''pairs-mitchell'', ''progressive'', ''progressive-individual''))',
    'CHECK (format IN (''team-match'', ''pairs-mitchell'', ''progressive'', ''progressive-individual'', ''duplicate-cooperative''))')
WHERE type = 'table' AND name = 'events';
-- A duplicate coöperative compares table totals: compare 'total', that format's only value.
UPDATE sqlite_master
SET sql = replace(sql, 'CHECK (compare IN (''net'', ''own''))', 'CHECK (compare IN (''net'', ''own'', ''total''))')
WHERE type = 'table' AND name = 'events';
PRAGMA writable_schema = RESET;
-- Any schema change moves the schema cookie on, so every other open connection reloads the
-- schema (and the edited CHECK) before its next statement.
CREATE TABLE coop_format_schema_bump (x INTEGER);
DROP TABLE coop_format_schema_bump;
