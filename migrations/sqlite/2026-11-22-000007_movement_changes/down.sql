DROP TABLE movement_changes;
