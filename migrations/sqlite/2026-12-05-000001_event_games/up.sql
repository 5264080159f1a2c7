-- An event's game options that are not columns of `events` (which is at diesel's 32-column
-- limit): one row per event, written with its settings. fire_hands: Embers' fire hands
-- (0 for other games; a missing row reads as 0, which is blank: one fire hand). Helper
-- "fire", issue #40 item 3; #40's Auction setup will be another column here.
CREATE TABLE event_games (
    event_id INTEGER NOT NULL PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
    fire_hands INTEGER NOT NULL DEFAULT 0
);

CREATE TRIGGER event_games_insert_version AFTER INSERT ON event_games
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER event_games_update_version AFTER UPDATE ON event_games
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER event_games_delete_version AFTER DELETE ON event_games
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
