-- Each table of an event has a short code, printed with a QR code on its table card: the
-- table's page (and, with score entry, its result form) is /t/<code>. Kept in step with
-- migrations/postgres.
CREATE TABLE table_codes (
    event_id INTEGER NOT NULL REFERENCES events(id),
    table_number INTEGER NOT NULL,
    code TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (event_id, table_number)
);
