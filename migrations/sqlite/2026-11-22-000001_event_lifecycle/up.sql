-- Events can be cancelled; every commitment ever shown is kept; directors can be removed
-- and invitations revoked. Kept in step with migrations/postgres.
PRAGMA foreign_keys = OFF;
BEGIN;
CREATE TABLE events_new (
    id INTEGER PRIMARY KEY NOT NULL,
    club_id INTEGER NOT NULL REFERENCES clubs(id),
    name TEXT NOT NULL,
    event_date DATE NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('team-match', 'pairs-mitchell', 'progressive')),
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

-- Every commitment an event's public page has shown, with the key behind it (revealed
-- with the hand records). A redeal withdraws one; nothing is ever deleted.
CREATE TABLE deal_commitments (
    id INTEGER PRIMARY KEY NOT NULL,
    event_id INTEGER NOT NULL REFERENCES events(id),
    algorithm TEXT NOT NULL,
    commitment TEXT NOT NULL,
    deal_key TEXT NOT NULL,
    published_at TIMESTAMP NOT NULL,
    withdrawn_at TIMESTAMP,
    withdrawn_reason TEXT,
    withdrawn_by INTEGER REFERENCES directors(id),
    UNIQUE (event_id, commitment)
);
-- Events that had left draft before this migration showed their commitment.
INSERT INTO deal_commitments (event_id, algorithm, commitment, deal_key, published_at)
    SELECT id, deal_algorithm, deal_commitment, deal_key, updated_at FROM events
    WHERE status <> 'draft' AND deal_key IS NOT NULL;

ALTER TABLE directors ADD COLUMN removed_at TIMESTAMP;
ALTER TABLE invites ADD COLUMN revoked_at TIMESTAMP;
COMMIT;
PRAGMA foreign_keys = ON;
