ALTER TABLE events DROP COLUMN finished_at;
ALTER TABLE events DROP COLUMN correction_minutes;
