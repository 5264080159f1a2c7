-- How an event is played (issue #39), one row per event that is not played at the club's
-- tables (no row: 'table', cards at the club's tables, results typed). play: 'online'
-- (virtual tables, seats by link) or 'robots' (the robot duplicate: each entrant with three
-- robots, any time between opens and closes). robot_ms is the robots' thinking budget per
-- card; away_seconds how long a person may be away before a robot takes their seat (and
-- gives it back when they return). Its own table: events is at diesel's 32 columns.
CREATE TABLE event_play (
    event_id INTEGER NOT NULL PRIMARY KEY REFERENCES events(id),
    play TEXT NOT NULL,
    opens TIMESTAMP,
    closes TIMESTAMP,
    robot_ms INTEGER NOT NULL,
    away_seconds INTEGER NOT NULL
);

-- A seat link's token kept so the director can list, print and send it again (it is a
-- capability the director hands out, like a table code; revoking is the remedy for a leak;
-- token_hash stays the lookup key). robot: the seat is played by a robot (no person).
-- seen_at: the person's last sign of life (a view, a stream, a card), for the robot's
-- takeover after away_seconds.
ALTER TABLE seat_links ADD COLUMN token TEXT;
ALTER TABLE seat_links ADD COLUMN robot BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE seat_links ADD COLUMN seen_at TIMESTAMP;

-- Bumps its event's version, as every table of an event's data does.
CREATE TRIGGER event_play_insert_version AFTER INSERT ON event_play
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER event_play_update_version AFTER UPDATE ON event_play
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER event_play_delete_version AFTER DELETE ON event_play
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
