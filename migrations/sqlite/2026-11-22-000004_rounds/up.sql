-- Round control: the round being played (0 before the first) and when it started, for the
-- director's "late" tables. Kept in step with migrations/postgres.
ALTER TABLE events ADD COLUMN current_round INTEGER NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN round_started_at TIMESTAMP;
