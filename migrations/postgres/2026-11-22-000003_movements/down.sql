DROP TABLE event_movements;
