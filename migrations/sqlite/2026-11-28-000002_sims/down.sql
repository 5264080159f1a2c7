DROP TABLE sim_heats;
DROP INDEX events_sim;
ALTER TABLE events DROP COLUMN sim_id;
DROP TABLE sims;
