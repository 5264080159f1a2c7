-- Back to four formats: a duplicate coöperative's table entries are teams, so it becomes a
-- team match (whose movement will then refuse anything but two teams).
UPDATE events SET format = 'team-match' WHERE format = 'duplicate-cooperative';
UPDATE events SET compare = 'net' WHERE compare = 'total';
ALTER TABLE events DROP CONSTRAINT events_compare_check;
ALTER TABLE events ADD CONSTRAINT events_compare_check CHECK (compare IN ('net', 'own'));
ALTER TABLE events DROP CONSTRAINT events_format_check;
ALTER TABLE events ADD CONSTRAINT events_format_check
    CHECK (format IN ('team-match', 'pairs-mitchell', 'progressive', 'progressive-individual'));
