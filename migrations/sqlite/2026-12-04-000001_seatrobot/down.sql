ALTER TABLE seat_links DROP COLUMN robot_seated_at;
