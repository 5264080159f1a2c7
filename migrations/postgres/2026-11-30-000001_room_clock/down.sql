DROP TABLE event_paces;
DROP TABLE board_rebuilds;
DROP TABLE round_clocks;
ALTER TABLE events DROP COLUMN clock_sound;
ALTER TABLE events DROP COLUMN move_minutes;
ALTER TABLE events DROP COLUMN rebuild_minutes;
ALTER TABLE events DROP COLUMN game_minutes;
