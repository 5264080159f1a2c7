DROP TRIGGER online_moves_insert_version ON online_moves;
DROP TRIGGER online_moves_update_version ON online_moves;
DROP TRIGGER online_moves_delete_version ON online_moves;
DROP TRIGGER seat_links_insert_version ON seat_links;
DROP TRIGGER seat_links_update_version ON seat_links;
DROP TRIGGER seat_links_delete_version ON seat_links;
CREATE TRIGGER online_moves_version AFTER INSERT OR UPDATE OR DELETE ON online_moves
    FOR EACH ROW EXECUTE FUNCTION event_version_by_event_id();
CREATE TRIGGER seat_links_version AFTER INSERT OR UPDATE OR DELETE ON seat_links
    FOR EACH ROW EXECUTE FUNCTION event_version_by_event_id();
DELETE FROM online_moves WHERE round = 0;
DELETE FROM seat_links WHERE round = 0;
DROP TABLE practice_tables;
