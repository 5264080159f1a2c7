-- The duplicate-cooperative format (helper "coop", issue #40 item 5): events.format's CHECK
-- takes one more value. Kept in step with migrations/sqlite.
ALTER TABLE events DROP CONSTRAINT events_format_check;
ALTER TABLE events ADD CONSTRAINT events_format_check
    CHECK (format IN ('team-match', 'pairs-mitchell', 'progressive', 'progressive-individual',
                      'duplicate-cooperative'));
-- A duplicate coöperative compares table totals: compare 'total', that format's only value.
ALTER TABLE events DROP CONSTRAINT events_compare_check;
ALTER TABLE events ADD CONSTRAINT events_compare_check CHECK (compare IN ('net', 'own', 'total'));
