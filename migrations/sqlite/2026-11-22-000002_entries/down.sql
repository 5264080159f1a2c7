PRAGMA foreign_keys = OFF;
BEGIN;
ALTER TABLE event_entries DROP COLUMN joined_round;
ALTER TABLE event_entries DROP COLUMN withdrawn_round;
CREATE TABLE entry_players_old (
    entry_id INTEGER NOT NULL REFERENCES event_entries(id),
    position INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players(id),
    PRIMARY KEY (entry_id, position)
);
INSERT INTO entry_players_old SELECT entry_id, position, player_id FROM entry_players
    WHERE player_id IS NOT NULL;
DROP TABLE entry_players;
ALTER TABLE entry_players_old RENAME TO entry_players;
UPDATE events SET format = 'progressive' WHERE format = 'progressive-individual';
COMMIT;
PRAGMA foreign_keys = ON;
