-- Entries: roster players or guests (a name only); late entries and withdrawals recorded by
-- round, never by deleting; the progressive-individual format. Kept in step with
-- migrations/sqlite.
ALTER TABLE events DROP CONSTRAINT events_format_check;
ALTER TABLE events ADD CONSTRAINT events_format_check
    CHECK (format IN ('team-match', 'pairs-mitchell', 'progressive', 'progressive-individual'));

ALTER TABLE entry_players ALTER COLUMN player_id DROP NOT NULL;
-- a roster player, or a guest known by name only
ALTER TABLE entry_players ADD COLUMN guest_name TEXT;
ALTER TABLE entry_players ADD CONSTRAINT entry_players_who
    CHECK ((player_id IS NULL) <> (guest_name IS NULL));

-- A late entry plays from joined_round on; a withdrawn one played up to withdrawn_round.
ALTER TABLE event_entries ADD COLUMN joined_round INTEGER;
ALTER TABLE event_entries ADD COLUMN withdrawn_round INTEGER;
