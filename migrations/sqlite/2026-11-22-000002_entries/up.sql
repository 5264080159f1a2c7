-- Entries: roster players or guests (a name only); late entries and withdrawals recorded by
-- round, never by deleting; the progressive-individual format. Kept in step with
-- migrations/postgres.
PRAGMA foreign_keys = OFF;
BEGIN;
CREATE TABLE events_new (
    id INTEGER PRIMARY KEY NOT NULL,
    club_id INTEGER NOT NULL REFERENCES clubs(id),
    name TEXT NOT NULL,
    event_date DATE NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('team-match', 'pairs-mitchell', 'progressive', 'progressive-individual')),
    variant TEXT NOT NULL,
    tables INTEGER NOT NULL,
    boards INTEGER NOT NULL,
    trick_rule TEXT NOT NULL,
    -- personal trump per seat N E S W: suit letter or '-', e.g. 'SDHC'
    trumps TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('draft', 'ready', 'running', 'finished', 'cancelled', 'archived')),
    deal_algorithm TEXT,
    deal_commitment TEXT,
    -- never shown until hand_records_released
    deal_key TEXT,
    hand_records_released BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
INSERT INTO events_new SELECT * FROM events;
DROP TABLE events;
ALTER TABLE events_new RENAME TO events;
CREATE INDEX events_club ON events(club_id, event_date);

CREATE TABLE entry_players_new (
    entry_id INTEGER NOT NULL REFERENCES event_entries(id),
    position INTEGER NOT NULL,
    -- a roster player, or a guest known by name only
    player_id INTEGER REFERENCES players(id),
    guest_name TEXT,
    PRIMARY KEY (entry_id, position),
    CHECK ((player_id IS NULL) <> (guest_name IS NULL))
);
INSERT INTO entry_players_new (entry_id, position, player_id)
    SELECT entry_id, position, player_id FROM entry_players;
DROP TABLE entry_players;
ALTER TABLE entry_players_new RENAME TO entry_players;

-- A late entry plays from joined_round on; a withdrawn one played up to withdrawn_round.
ALTER TABLE event_entries ADD COLUMN joined_round INTEGER;
ALTER TABLE event_entries ADD COLUMN withdrawn_round INTEGER;
COMMIT;
PRAGMA foreign_keys = ON;
