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
-- then the event, which has no delete trigger. The bump locks the event's row: writes of
-- one event already take it first (lock_event), so the lock order stays event, then rows.
-- Kept in step with the other backend's migrations.
ALTER TABLE events ADD COLUMN version BIGINT NOT NULL DEFAULT 0;

CREATE FUNCTION event_version_by_event_id() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        UPDATE events SET version = version + 1 WHERE id = OLD.event_id;
    ELSE
        UPDATE events SET version = version + 1 WHERE id = NEW.event_id;
        IF TG_OP = 'UPDATE' THEN
            IF OLD.event_id <> NEW.event_id THEN
                UPDATE events SET version = version + 1 WHERE id = OLD.event_id;
            END IF;
        END IF;
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION event_version_by_entry() RETURNS trigger AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        UPDATE events SET version = version + 1
        WHERE id = (SELECT event_id FROM event_entries WHERE id = OLD.entry_id);
    END IF;
    IF TG_OP <> 'DELETE' THEN
        UPDATE events SET version = version + 1
        WHERE id = (SELECT event_id FROM event_entries WHERE id = NEW.entry_id);
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION event_version_by_result() RETURNS trigger AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        UPDATE events SET version = version + 1
        WHERE id = (SELECT event_id FROM results WHERE id = OLD.result_id);
    END IF;
    IF TG_OP <> 'DELETE' THEN
        UPDATE events SET version = version + 1
        WHERE id = (SELECT event_id FROM results WHERE id = NEW.result_id);
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

-- An update of the event's own row that leaves the version alone moves it on.
CREATE FUNCTION event_version_of_event() RETURNS trigger AS $$
BEGIN
    IF NEW.version = OLD.version THEN
        NEW.version := OLD.version + 1;
    END IF;
    RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION event_version_by_club() RETURNS trigger AS $$
BEGIN
    UPDATE events SET version = version + 1 WHERE club_id = NEW.id;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION event_version_by_player() RETURNS trigger AS $$
BEGIN
    UPDATE events SET version = version + 1 WHERE id IN (
        SELECT e.event_id FROM event_entries e
        JOIN entry_players p ON p.entry_id = e.id
        WHERE p.player_id = NEW.id);
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER event_entries_version AFTER INSERT OR UPDATE OR DELETE ON event_entries
    FOR EACH ROW EXECUTE FUNCTION event_version_by_event_id();
CREATE TRIGGER movement_rows_version AFTER INSERT OR UPDATE OR DELETE ON movement_rows
    FOR EACH ROW EXECUTE FUNCTION event_version_by_event_id();
CREATE TRIGGER results_version AFTER INSERT OR UPDATE OR DELETE ON results
    FOR EACH ROW EXECUTE FUNCTION event_version_by_event_id();
CREATE TRIGGER deal_commitments_version AFTER INSERT OR UPDATE OR DELETE ON deal_commitments
    FOR EACH ROW EXECUTE FUNCTION event_version_by_event_id();
CREATE TRIGGER event_movements_version AFTER INSERT OR UPDATE OR DELETE ON event_movements
    FOR EACH ROW EXECUTE FUNCTION event_version_by_event_id();
CREATE TRIGGER movement_changes_version AFTER INSERT OR UPDATE OR DELETE ON movement_changes
    FOR EACH ROW EXECUTE FUNCTION event_version_by_event_id();
CREATE TRIGGER table_codes_version AFTER INSERT OR UPDATE OR DELETE ON table_codes
    FOR EACH ROW EXECUTE FUNCTION event_version_by_event_id();
CREATE TRIGGER individual_options_version AFTER INSERT OR UPDATE OR DELETE ON individual_options
    FOR EACH ROW EXECUTE FUNCTION event_version_by_event_id();
CREATE TRIGGER individual_rounds_version AFTER INSERT OR UPDATE OR DELETE ON individual_rounds
    FOR EACH ROW EXECUTE FUNCTION event_version_by_event_id();
CREATE TRIGGER board_pars_version AFTER INSERT OR UPDATE OR DELETE ON board_pars
    FOR EACH ROW EXECUTE FUNCTION event_version_by_event_id();
CREATE TRIGGER entry_players_version AFTER INSERT OR UPDATE OR DELETE ON entry_players
    FOR EACH ROW EXECUTE FUNCTION event_version_by_entry();
CREATE TRIGGER result_audit_version AFTER INSERT OR UPDATE OR DELETE ON result_audit
    FOR EACH ROW EXECUTE FUNCTION event_version_by_result();
CREATE TRIGGER events_version BEFORE UPDATE ON events
    FOR EACH ROW EXECUTE FUNCTION event_version_of_event();
CREATE TRIGGER clubs_version AFTER UPDATE ON clubs
    FOR EACH ROW EXECUTE FUNCTION event_version_by_club();
CREATE TRIGGER players_version AFTER UPDATE ON players
    FOR EACH ROW EXECUTE FUNCTION event_version_by_player();
