-- The club's time zone, an IANA name (America/Port_of_Spain): pages and papers show stored
-- UTC moments in it. Existing clubs read UTC, as every time was shown before. The name is
-- checked against the time zone database by the program, not here. Kept in step with
-- migrations/postgres.
ALTER TABLE clubs ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';
