-- Replay a board against robots (issue #39 item 6c, helper "practice"). After release,
-- anyone may play a released board in one seat with robots in the others. A practice table
-- is played with the online tables' own machinery (its cards in online_moves, its seats in
-- seat_links) under round 0, a round no event has (rounds count from 1), with this row's id
-- as its table number: every query of the event's online tables names a round of the
-- event, so none reads a practice table as the event's. It is never a result.
-- robot_ms: the robots' budget per card; finished_at: when its last card was played.
-- Kept in step with the other backend's migrations.
CREATE TABLE practice_tables (
    id SERIAL PRIMARY KEY,
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
-- event's version. The event's own online tables (round 1 on) still do, as before.
DROP TRIGGER online_moves_version ON online_moves;
DROP TRIGGER seat_links_version ON seat_links;
CREATE TRIGGER online_moves_insert_version AFTER INSERT ON online_moves
    FOR EACH ROW WHEN (NEW.round <> 0) EXECUTE FUNCTION event_version_by_event_id();
CREATE TRIGGER online_moves_update_version AFTER UPDATE ON online_moves
    FOR EACH ROW WHEN (NEW.round <> 0 OR OLD.round <> 0)
    EXECUTE FUNCTION event_version_by_event_id();
CREATE TRIGGER online_moves_delete_version AFTER DELETE ON online_moves
    FOR EACH ROW WHEN (OLD.round <> 0) EXECUTE FUNCTION event_version_by_event_id();
CREATE TRIGGER seat_links_insert_version AFTER INSERT ON seat_links
    FOR EACH ROW WHEN (NEW.round <> 0) EXECUTE FUNCTION event_version_by_event_id();
CREATE TRIGGER seat_links_update_version AFTER UPDATE ON seat_links
    FOR EACH ROW WHEN (NEW.round <> 0 OR OLD.round <> 0)
    EXECUTE FUNCTION event_version_by_event_id();
CREATE TRIGGER seat_links_delete_version AFTER DELETE ON seat_links
    FOR EACH ROW WHEN (OLD.round <> 0) EXECUTE FUNCTION event_version_by_event_id();
