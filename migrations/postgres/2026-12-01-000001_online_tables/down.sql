DROP TABLE seat_links;
DROP TABLE online_moves;
