-- Events can be cancelled; every commitment ever shown is kept; directors can be removed
-- and invitations revoked. Kept in step with migrations/sqlite.
ALTER TABLE events DROP CONSTRAINT events_status_check;
ALTER TABLE events ADD CONSTRAINT events_status_check
    CHECK (status IN ('draft', 'ready', 'running', 'finished', 'cancelled', 'archived'));

-- Every commitment an event's public page has shown, with the key behind it (revealed
-- with the hand records). A redeal withdraws one; nothing is ever deleted.
CREATE TABLE deal_commitments (
    id SERIAL PRIMARY KEY,
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
INSERT INTO deal_commitments (event_id, algorithm, commitment, deal_key, published_at)
    SELECT id, deal_algorithm, deal_commitment, deal_key, updated_at FROM events
    WHERE status <> 'draft' AND deal_key IS NOT NULL;

ALTER TABLE directors ADD COLUMN removed_at TIMESTAMP;
ALTER TABLE invites ADD COLUMN revoked_at TIMESTAMP;
