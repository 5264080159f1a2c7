ALTER TABLE event_games DROP COLUMN auction_setup;
