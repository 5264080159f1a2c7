DROP TRIGGER online_moves_insert_version;
DROP TRIGGER online_moves_update_version;
DROP TRIGGER online_moves_delete_version;
DROP TRIGGER seat_links_insert_version;
DROP TRIGGER seat_links_update_version;
DROP TRIGGER seat_links_delete_version;
CREATE TRIGGER online_moves_insert_version AFTER INSERT ON online_moves
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER online_moves_update_version AFTER UPDATE ON online_moves
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER online_moves_delete_version AFTER DELETE ON online_moves
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
CREATE TRIGGER seat_links_insert_version AFTER INSERT ON seat_links
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER seat_links_update_version AFTER UPDATE ON seat_links
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER seat_links_delete_version AFTER DELETE ON seat_links
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
DELETE FROM online_moves WHERE round = 0;
DELETE FROM seat_links WHERE round = 0;
DROP TABLE practice_tables;
