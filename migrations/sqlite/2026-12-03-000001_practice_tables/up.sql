-- Replay a board against robots (issue #39 item 6c, helper "practice"). After release,
-- anyone may play a released board in one seat with robots in the others. A practice table
-- is played with the online tables' own machinery (its cards in online_moves, its seats in
-- seat_links) under round 0, a round no event has (rounds count from 1), with this row's id
-- as its table number: every query of the event's online tables names a round of the
-- event, so none reads a practice table as the event's. It is never a result.
-- robot_ms: the robots' budget per card; finished_at: when its last card was played.
CREATE TABLE practice_tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    event_id INTEGER NOT NULL REFERENCES events(id),
    club_id INTEGER NOT NULL,
    board INTEGER NOT NULL,
    seat TEXT NOT NULL,
    robot_ms INTEGER NOT NULL,
    created_at TIMESTAMP NOT NULL,
    finished_at TIMESTAMP
);
CREATE INDEX practice_tables_club ON practice_tables (club_id, created_at);
CREATE INDEX practice_tables_board ON practice_tables (event_id, board);

-- A practice table's cards and seats are not the event's data: they do not move the
-- event's version (its pages, standings and caches stay as they are). The event's own
-- online tables (round 1 on) still do, as before.
DROP TRIGGER online_moves_insert_version;
DROP TRIGGER online_moves_update_version;
DROP TRIGGER online_moves_delete_version;
DROP TRIGGER seat_links_insert_version;
DROP TRIGGER seat_links_update_version;
DROP TRIGGER seat_links_delete_version;
CREATE TRIGGER online_moves_insert_version AFTER INSERT ON online_moves WHEN NEW.round <> 0
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER online_moves_update_version AFTER UPDATE ON online_moves
    WHEN NEW.round <> 0 OR OLD.round <> 0
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER online_moves_delete_version AFTER DELETE ON online_moves WHEN OLD.round <> 0
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
CREATE TRIGGER seat_links_insert_version AFTER INSERT ON seat_links WHEN NEW.round <> 0
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER seat_links_update_version AFTER UPDATE ON seat_links
    WHEN NEW.round <> 0 OR OLD.round <> 0
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER seat_links_delete_version AFTER DELETE ON seat_links WHEN OLD.round <> 0
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
