ALTER TABLE results DROP COLUMN breakdown;
