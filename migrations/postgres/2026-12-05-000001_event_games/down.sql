DROP TRIGGER IF EXISTS event_games_version ON event_games;
DROP TABLE event_games;
