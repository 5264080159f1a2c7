DROP TRIGGER IF EXISTS event_play_version ON event_play;
ALTER TABLE seat_links DROP COLUMN seen_at;
ALTER TABLE seat_links DROP COLUMN robot;
ALTER TABLE seat_links DROP COLUMN token;
DROP TABLE event_play;
