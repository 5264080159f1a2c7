-- The correction period: how many minutes after the event is marked finished its results stay
-- provisional on the public pages (an event setting, 30 unless the director chooses another,
-- so existing events read 30), and when the event was marked finished (NULL for an event not
-- finished yet, or finished before this was recorded). Kept in step with migrations/sqlite.
ALTER TABLE events ADD COLUMN correction_minutes INTEGER NOT NULL DEFAULT 30;
ALTER TABLE events ADD COLUMN finished_at TIMESTAMP;
