DROP TRIGGER IF EXISTS event_games_insert_version;
DROP TRIGGER IF EXISTS event_games_update_version;
DROP TRIGGER IF EXISTS event_games_delete_version;
DROP TABLE event_games;
