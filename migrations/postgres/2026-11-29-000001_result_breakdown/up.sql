-- The engine's score of a result's report (song by song, hand by hand), stored beside it
-- so the pages show it without scoring the report again. A row kept before this column
-- has none: the service scores its report when it is read (docs/scoring.md). Kept in step
-- with the other backend's migrations.
ALTER TABLE results ADD COLUMN breakdown TEXT;
