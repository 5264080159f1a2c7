ALTER TABLE events DROP COLUMN round_started_at;
ALTER TABLE events DROP COLUMN current_round;
