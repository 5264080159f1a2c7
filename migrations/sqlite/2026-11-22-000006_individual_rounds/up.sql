-- The progressive individual: the director's options (rounds, round 1's table sizes) and each
-- round's seating once it starts, as JSON (movement::individual's shapes). A round is seated
-- from the one before and its results, so the seating of every started round is kept; the
-- next one is computed on read until it starts. Kept in step with migrations/postgres.
CREATE TABLE individual_options (
    event_id INTEGER PRIMARY KEY NOT NULL REFERENCES events(id),
    options TEXT NOT NULL,
    plan TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE individual_rounds (
    event_id INTEGER NOT NULL REFERENCES events(id),
    round INTEGER NOT NULL,
    seating TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (event_id, round)
);
