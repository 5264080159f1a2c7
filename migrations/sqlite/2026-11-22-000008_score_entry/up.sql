-- Score entry: a result's sides are the majors and the minors (the old names said NS and EW),
-- it is provisional until the other side confirms, it may be adjusted or not played, and it
-- keeps what the table entered (the summary, the deals or the play record) as JSON so the
-- engine's check can be repeated. Every audit row says why. Kept in step with
-- migrations/postgres.
ALTER TABLE results RENAME COLUMN ns_entry_id TO majors_entry_id;
ALTER TABLE results RENAME COLUMN ew_entry_id TO minors_entry_id;
ALTER TABLE results RENAME COLUMN ns_score TO majors_score;
ALTER TABLE results RENAME COLUMN ew_score TO minors_score;
ALTER TABLE results ADD COLUMN result_status TEXT NOT NULL DEFAULT 'confirmed'
    CHECK (result_status IN ('provisional', 'confirmed', 'disputed'));
ALTER TABLE results ADD COLUMN outcome TEXT NOT NULL DEFAULT 'played'
    CHECK (outcome IN ('played', 'not-played', 'fouled'));
ALTER TABLE results ADD COLUMN majors_adjusted TEXT;
ALTER TABLE results ADD COLUMN minors_adjusted TEXT;
ALTER TABLE results ADD COLUMN sheet TEXT NOT NULL DEFAULT '{}';
-- The four text columns of details are replaced by the sheet.
ALTER TABLE results DROP COLUMN calypsos;
ALTER TABLE results DROP COLUMN in_progress;
ALTER TABLE results DROP COLUMN trick_piles;
ALTER TABLE results DROP COLUMN seat_scores;
ALTER TABLE result_audit ADD COLUMN reason TEXT;
CREATE INDEX result_audit_result ON result_audit (result_id);
