ALTER TABLE event_entries DROP COLUMN joined_round;
ALTER TABLE event_entries DROP COLUMN withdrawn_round;
DELETE FROM entry_players WHERE player_id IS NULL;
ALTER TABLE entry_players DROP CONSTRAINT entry_players_who;
ALTER TABLE entry_players DROP COLUMN guest_name;
ALTER TABLE entry_players ALTER COLUMN player_id SET NOT NULL;
UPDATE events SET format = 'progressive' WHERE format = 'progressive-individual';
ALTER TABLE events DROP CONSTRAINT events_format_check;
ALTER TABLE events ADD CONSTRAINT events_format_check
    CHECK (format IN ('team-match', 'pairs-mitchell', 'progressive'));
