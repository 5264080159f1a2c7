-- Every change of a movement after the start (a late entry, a withdrawal, a director's new
-- plan): when, by whom, why, from which round on, and the plan it replaced, so a dispute
-- can be settled from the record. Kept in step with migrations/sqlite.
CREATE TABLE movement_changes (
    id SERIAL PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events(id),
    from_round INTEGER NOT NULL,
    what TEXT NOT NULL,
    reason TEXT NOT NULL,
    changed_by TEXT NOT NULL,
    changed_at TIMESTAMP NOT NULL,
    old_plan TEXT NOT NULL
);
CREATE INDEX movement_changes_event ON movement_changes (event_id);
