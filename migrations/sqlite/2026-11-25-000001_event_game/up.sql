-- The game an event's tables play on its boards: calypso, or kaiso (issue #22). Events made
-- before read calypso, which is what they played. The name is checked by the program's
-- settings, not here. Kept in step with the other backend's migrations.
ALTER TABLE events ADD COLUMN game TEXT NOT NULL DEFAULT 'calypso';
