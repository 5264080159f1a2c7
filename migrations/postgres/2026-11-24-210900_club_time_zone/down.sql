ALTER TABLE clubs DROP COLUMN time_zone;
