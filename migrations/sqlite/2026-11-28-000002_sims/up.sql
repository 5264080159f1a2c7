-- Simultaneous events: one deal set played by several clubs' heats and scored across the
-- whole field. The organiser's own event is heat 1 and holds the deal key and settings
-- every other heat copies; each heat is an ordinary event of its club with `sim_id` set, so
-- its pages, tables and directors work as any event's. `club_name` is the name the field
-- lists the heat under (an imported heat's is its file's club, the event itself being
-- stored under the organiser's club). Kept in step with the other backend's migrations.
CREATE TABLE sims (
    id INTEGER PRIMARY KEY NOT NULL,
    club_id INTEGER NOT NULL REFERENCES clubs(id),
    name TEXT NOT NULL,
    released BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL
);
ALTER TABLE events ADD COLUMN sim_id INTEGER REFERENCES sims(id);
CREATE TABLE sim_heats (
    event_id INTEGER PRIMARY KEY NOT NULL REFERENCES events(id),
    sim_id INTEGER NOT NULL REFERENCES sims(id),
    heat INTEGER NOT NULL,
    club_name TEXT NOT NULL,
    imported BOOLEAN NOT NULL,
    UNIQUE (sim_id, heat)
);
CREATE INDEX events_sim ON events (sim_id);
