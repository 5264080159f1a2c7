-- How a pairs event is matchpointed: the scale (2 per result beaten and 1 per tie, or 1 and
-- 1/2) and what a board's results are compared on (the net, or each side's own total).
-- Existing events read the defaults, 2-1 and net. Kept in step with migrations/sqlite.
ALTER TABLE events ADD COLUMN scale TEXT NOT NULL DEFAULT '2-1' CHECK (scale IN ('2-1', '1-half'));
ALTER TABLE events ADD COLUMN compare TEXT NOT NULL DEFAULT 'net' CHECK (compare IN ('net', 'own'));
