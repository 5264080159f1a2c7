-- An event's movement: what the director asked for (rounds, boards a round, arrow switches)
-- and the plan generated from it, both as JSON in the command line's shape. Changing it once
-- play has started needs a reason, kept here. Kept in step with migrations/postgres.
CREATE TABLE event_movements (
    event_id INTEGER PRIMARY KEY NOT NULL REFERENCES events(id),
    options TEXT NOT NULL,
    plan TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    change_reason TEXT
);
