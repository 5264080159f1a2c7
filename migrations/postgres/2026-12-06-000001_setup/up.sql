-- Auction Calypso's setup before the first hand (issue #40 item 2, helper "setup"): none,
-- balanced, fully-random or standardised. Old rows, and events without an event_games
-- row, read as none: they were played without a setup. New Auction events default to
-- balanced (the seed's recommended one) in the settings, not here.
ALTER TABLE event_games ADD COLUMN auction_setup TEXT NOT NULL DEFAULT 'none';
