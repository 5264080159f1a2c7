-- Robot par: each board's figures from a field of robots, worked out in the background
-- once the event's deals exist. A row belongs to one deal commitment: after a redeal the
-- old commitment's rows no longer count. `figures` is the board's par as JSON, read back
-- through the same checks as any input (a row that does not read is worked out again).
-- Kept in step with the other backend's migrations.
CREATE TABLE board_pars (
    event_id INTEGER NOT NULL REFERENCES events(id),
    board INTEGER NOT NULL,
    commitment TEXT NOT NULL,
    games INTEGER NOT NULL,
    playouts INTEGER NOT NULL,
    figures TEXT NOT NULL,
    computed_at TIMESTAMP NOT NULL,
    PRIMARY KEY (event_id, board, commitment)
);
