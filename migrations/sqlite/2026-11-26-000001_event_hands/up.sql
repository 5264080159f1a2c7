-- Embers Calypso (issue #23): each table-round plays a game of an agreed number of hands
-- from a deck of several packs. 0 for a game played on the event's boards. The values are
-- checked by the program's settings. Kept in step with the other backend's migrations.
ALTER TABLE events ADD COLUMN hands INTEGER NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN packs INTEGER NOT NULL DEFAULT 0;
