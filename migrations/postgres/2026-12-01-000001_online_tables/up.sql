-- Play at the app's table (issue #39, helper "movelog").
-- Each card played at an online table, one row per card: the table's state is only this
-- log (replayed over the board as dealt). The primary key makes seq unique per table, so
-- a repeated or concurrent post of the same card plays once.
CREATE TABLE online_moves (
    event_id INTEGER NOT NULL REFERENCES events(id),
    round INTEGER NOT NULL,
    table_number INTEGER NOT NULL,
    board INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    seat TEXT NOT NULL,
    card TEXT NOT NULL,
    played_at TIMESTAMP NOT NULL,
    PRIMARY KEY (event_id, round, table_number, board, seq)
);

-- A personal seat link: the token (at least 128 random bits) is shown once and stored
-- only as its SHA-256 hash, as the API tokens are. board is NULL for a seat at every board
-- of its round's table; entry_id names the entrant seated, when one is (no foreign key:
-- removing an entry is not blocked by a link naming it). Revoked links keep their row
-- (revoked_at set).
CREATE TABLE seat_links (
    token_hash TEXT NOT NULL PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events(id),
    round INTEGER NOT NULL,
    table_number INTEGER NOT NULL,
    board INTEGER,
    seat TEXT NOT NULL,
    entry_id INTEGER,
    created_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);
CREATE INDEX seat_links_event ON seat_links (event_id, round, table_number);

-- Each bumps its event's version, as every table of an event's data does.
-- Kept in step with the other backend's migrations.
CREATE TRIGGER online_moves_version AFTER INSERT OR UPDATE OR DELETE ON online_moves
    FOR EACH ROW EXECUTE FUNCTION event_version_by_event_id();
CREATE TRIGGER seat_links_version AFTER INSERT OR UPDATE OR DELETE ON seat_links
    FOR EACH ROW EXECUTE FUNCTION event_version_by_event_id();
