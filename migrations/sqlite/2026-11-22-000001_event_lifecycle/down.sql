PRAGMA foreign_keys = OFF;
BEGIN;
DROP TABLE deal_commitments;
ALTER TABLE directors DROP COLUMN removed_at;
ALTER TABLE invites DROP COLUMN revoked_at;
CREATE TABLE events_old (
    id INTEGER PRIMARY KEY NOT NULL,
    club_id INTEGER NOT NULL REFERENCES clubs(id),
    name TEXT NOT NULL,
    event_date DATE NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('team-match', 'pairs-mitchell', 'progressive')),
    variant TEXT NOT NULL,
    tables INTEGER NOT NULL,
    boards INTEGER NOT NULL,
    trick_rule TEXT NOT NULL,
    trumps TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('draft', 'ready', 'running', 'finished', 'archived')),
    deal_algorithm TEXT,
    deal_commitment TEXT,
    deal_key TEXT,
    hand_records_released BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
INSERT INTO events_old SELECT id, club_id, name, event_date, format, variant, tables, boards,
    trick_rule, trumps, CASE status WHEN 'cancelled' THEN 'archived' ELSE status END,
    deal_algorithm, deal_commitment, deal_key, hand_records_released, created_at, updated_at
    FROM events;
DROP TABLE events;
ALTER TABLE events_old RENAME TO events;
CREATE INDEX events_club ON events(club_id, event_date);
COMMIT;
PRAGMA foreign_keys = ON;
