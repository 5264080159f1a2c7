-- Back to four formats: a duplicate coöperative's table entries are teams, so it becomes a
-- team match (whose movement will then refuse anything but two teams).
UPDATE events SET format = 'team-match' WHERE format = 'duplicate-cooperative';
UPDATE events SET compare = 'net' WHERE compare = 'total';
PRAGMA writable_schema = ON;
UPDATE sqlite_master
SET sql = replace(sql,
    'CHECK (format IN (''team-match'', ''pairs-mitchell'', ''progressive'', ''progressive-individual'', ''duplicate-cooperative''))',
    'CHECK (format IN (''team-match'', ''pairs-mitchell'', ''progressive'', ''progressive-individual''))')
WHERE type = 'table' AND name = 'events';
UPDATE sqlite_master
SET sql = replace(sql, 'CHECK (compare IN (''net'', ''own'', ''total''))', 'CHECK (compare IN (''net'', ''own''))')
WHERE type = 'table' AND name = 'events';
PRAGMA writable_schema = RESET;
-- Any schema change moves the schema cookie on, so every other open connection reloads the
-- schema (and the edited CHECK) before its next statement.
CREATE TABLE coop_format_schema_bump (x INTEGER);
DROP TABLE coop_format_schema_bump;
