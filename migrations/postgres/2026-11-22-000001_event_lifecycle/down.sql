DROP TABLE deal_commitments;
ALTER TABLE directors DROP COLUMN removed_at;
ALTER TABLE invites DROP COLUMN revoked_at;
UPDATE events SET status = 'archived' WHERE status = 'cancelled';
ALTER TABLE events DROP CONSTRAINT events_status_check;
ALTER TABLE events ADD CONSTRAINT events_status_check
    CHECK (status IN ('draft', 'ready', 'running', 'finished', 'archived'));
