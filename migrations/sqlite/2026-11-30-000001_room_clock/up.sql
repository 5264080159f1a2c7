-- The room clock and the club's pace (issue #38).
-- An event's round timing: minutes for one game, for rebuilding one board, and for the
-- move; 0 takes the game's default (event::clock). The clock's sound is off unless asked.
ALTER TABLE events ADD COLUMN game_minutes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN rebuild_minutes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN move_minutes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN clock_sound BOOLEAN NOT NULL DEFAULT FALSE;

-- Each round's clock, written when the round starts (its lengths fixed then, so changing
-- the event's timing does not move a round already running) and changed by pause, resume
-- and extend. Kept after the round: the club's pace is learnt from them.
CREATE TABLE round_clocks (
    event_id INTEGER NOT NULL REFERENCES events(id),
    round INTEGER NOT NULL,
    started_at TIMESTAMP NOT NULL,
    play_seconds INTEGER NOT NULL,
    rebuild_seconds INTEGER NOT NULL,
    move_seconds INTEGER NOT NULL,
    paused_at TIMESTAMP,
    paused_seconds INTEGER NOT NULL DEFAULT 0,
    extra_seconds INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (event_id, round)
);

-- A board a table has rebuilt after playing it (the phone's rebuild steps, last tick).
CREATE TABLE board_rebuilds (
    event_id INTEGER NOT NULL REFERENCES events(id),
    round INTEGER NOT NULL,
    table_number INTEGER NOT NULL,
    board INTEGER NOT NULL,
    rebuilt_at TIMESTAMP NOT NULL,
    PRIMARY KEY (event_id, round, table_number, board)
);

-- An event's pace, learnt when it finishes and kept with the club: how long its tables
-- took for a game and for a rebuild (median and slowest quarter, in seconds) and from how
-- many; a figure with no sample is NULL.
CREATE TABLE event_paces (
    event_id INTEGER NOT NULL PRIMARY KEY REFERENCES events(id),
    club_id INTEGER NOT NULL REFERENCES clubs(id),
    game TEXT NOT NULL,
    games INTEGER NOT NULL,
    game_median_seconds INTEGER,
    game_slow_seconds INTEGER,
    rebuilds INTEGER NOT NULL,
    rebuild_median_seconds INTEGER,
    rebuild_slow_seconds INTEGER,
    computed_at TIMESTAMP NOT NULL
);

-- Each bumps its event's version, as every table of an event's data does.
-- Kept in step with the other backend's migrations.
CREATE TRIGGER round_clocks_insert_version AFTER INSERT ON round_clocks
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER round_clocks_update_version AFTER UPDATE ON round_clocks
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER round_clocks_delete_version AFTER DELETE ON round_clocks
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
CREATE TRIGGER board_rebuilds_insert_version AFTER INSERT ON board_rebuilds
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER board_rebuilds_update_version AFTER UPDATE ON board_rebuilds
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER board_rebuilds_delete_version AFTER DELETE ON board_rebuilds
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
CREATE TRIGGER event_paces_insert_version AFTER INSERT ON event_paces
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER event_paces_update_version AFTER UPDATE ON event_paces
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER event_paces_delete_version AFTER DELETE ON event_paces
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
