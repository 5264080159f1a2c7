-- Each event's version (issue #25): moved on in the same transaction as every write to
-- what the event's pages show, so a process's cached standings are served only while
-- they were computed from the current version, whichever process or command wrote.
-- Triggers, not the program, do it: every write path (site, API, import, the command
-- line, whatever comes next) bumps it without anyone remembering to.
--
-- Tables holding an event's data, each bumping its event on insert, update and delete:
--   by event_id: event_entries, movement_rows, results, deal_commitments, event_movements,
--     movement_changes, table_codes, individual_options, individual_rounds, board_pars;
--   by entry: entry_players; by result: result_audit;
--   events itself (any update of the row that does not set the version);
--   clubs (name, address, time zone: the events of the club);
--   players (a name: the events with an entry the player sits in).
-- Not event data: app_settings, setup_tokens, directors, login_sessions, invites,
-- api_tokens, login_attempts.
-- Deleting an event deletes its rows first (the event row is still there to bump) and
-- then the event, which has no delete trigger. Recursive triggers are off (SQLite's default),
-- and the WHEN guard on events' own trigger stops a bump from bumping again anyway.
-- Kept in step with the other backend's migrations.
ALTER TABLE events ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER event_entries_insert_version AFTER INSERT ON event_entries
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER event_entries_update_version AFTER UPDATE ON event_entries
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER event_entries_delete_version AFTER DELETE ON event_entries
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
CREATE TRIGGER movement_rows_insert_version AFTER INSERT ON movement_rows
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER movement_rows_update_version AFTER UPDATE ON movement_rows
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER movement_rows_delete_version AFTER DELETE ON movement_rows
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
CREATE TRIGGER results_insert_version AFTER INSERT ON results
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER results_update_version AFTER UPDATE ON results
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER results_delete_version AFTER DELETE ON results
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
CREATE TRIGGER deal_commitments_insert_version AFTER INSERT ON deal_commitments
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER deal_commitments_update_version AFTER UPDATE ON deal_commitments
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER deal_commitments_delete_version AFTER DELETE ON deal_commitments
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
CREATE TRIGGER event_movements_insert_version AFTER INSERT ON event_movements
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER event_movements_update_version AFTER UPDATE ON event_movements
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER event_movements_delete_version AFTER DELETE ON event_movements
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
CREATE TRIGGER movement_changes_insert_version AFTER INSERT ON movement_changes
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER movement_changes_update_version AFTER UPDATE ON movement_changes
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER movement_changes_delete_version AFTER DELETE ON movement_changes
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
CREATE TRIGGER table_codes_insert_version AFTER INSERT ON table_codes
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER table_codes_update_version AFTER UPDATE ON table_codes
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER table_codes_delete_version AFTER DELETE ON table_codes
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
CREATE TRIGGER individual_options_insert_version AFTER INSERT ON individual_options
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER individual_options_update_version AFTER UPDATE ON individual_options
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER individual_options_delete_version AFTER DELETE ON individual_options
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
CREATE TRIGGER individual_rounds_insert_version AFTER INSERT ON individual_rounds
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER individual_rounds_update_version AFTER UPDATE ON individual_rounds
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER individual_rounds_delete_version AFTER DELETE ON individual_rounds
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
CREATE TRIGGER board_pars_insert_version AFTER INSERT ON board_pars
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER board_pars_update_version AFTER UPDATE ON board_pars
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER board_pars_delete_version AFTER DELETE ON board_pars
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
CREATE TRIGGER entry_players_insert_version AFTER INSERT ON entry_players
    BEGIN UPDATE events SET version = version + 1 WHERE id = (SELECT event_id FROM event_entries WHERE id = NEW.entry_id); END;
CREATE TRIGGER entry_players_update_version AFTER UPDATE ON entry_players
    BEGIN UPDATE events SET version = version + 1 WHERE id IN ((SELECT event_id FROM event_entries WHERE id = OLD.entry_id), (SELECT event_id FROM event_entries WHERE id = NEW.entry_id)); END;
CREATE TRIGGER entry_players_delete_version AFTER DELETE ON entry_players
    BEGIN UPDATE events SET version = version + 1 WHERE id = (SELECT event_id FROM event_entries WHERE id = OLD.entry_id); END;
CREATE TRIGGER result_audit_insert_version AFTER INSERT ON result_audit
    BEGIN UPDATE events SET version = version + 1 WHERE id = (SELECT event_id FROM results WHERE id = NEW.result_id); END;
CREATE TRIGGER result_audit_update_version AFTER UPDATE ON result_audit
    BEGIN UPDATE events SET version = version + 1 WHERE id IN ((SELECT event_id FROM results WHERE id = OLD.result_id), (SELECT event_id FROM results WHERE id = NEW.result_id)); END;
CREATE TRIGGER result_audit_delete_version AFTER DELETE ON result_audit
    BEGIN UPDATE events SET version = version + 1 WHERE id = (SELECT event_id FROM results WHERE id = OLD.result_id); END;
-- An update of the event's own row that leaves the version alone moves it on.
CREATE TRIGGER events_version AFTER UPDATE ON events WHEN NEW.version = OLD.version
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.id; END;
CREATE TRIGGER clubs_version AFTER UPDATE ON clubs
    BEGIN UPDATE events SET version = version + 1 WHERE club_id = NEW.id; END;
CREATE TRIGGER players_version AFTER UPDATE ON players
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (
        SELECT e.event_id FROM event_entries e
        JOIN entry_players p ON p.entry_id = e.id
        WHERE p.player_id = NEW.id);
    END;
