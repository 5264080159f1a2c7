-- Calypso Duet online (issue #39 item 9, helper "duet"). Each Duet player's choices of a
-- deal, one row per choice, beside the table's cards (online_moves): the hand they look at,
-- the dealt hand that becomes their dummy and, in call-and-response, the three cards set
-- aside ("pass") and the three moved back ("return"). seat is the player's secret seat
-- (their seat link's); value a seat letter (look, dummy) or three cards ("AS KS QS");
-- cards_before the number of the board's cards played when it was chosen, which puts it in
-- order with the cards. The primary key lets each choice in once: a repeated or concurrent
-- post of the same choice acts once. Its own table (not rows of online_moves) so the card
-- log, its seq and every stream reading it stay cards only: a choice is secret. See
-- docs/online.md, "Calypso Duet".
CREATE TABLE duet_choices (
    event_id INTEGER NOT NULL REFERENCES events(id),
    round INTEGER NOT NULL,
    table_number INTEGER NOT NULL,
    board INTEGER NOT NULL,
    deal INTEGER NOT NULL,
    seat TEXT NOT NULL,
    step TEXT NOT NULL,
    value TEXT NOT NULL,
    cards_before INTEGER NOT NULL,
    chosen_at TIMESTAMP NOT NULL,
    PRIMARY KEY (event_id, round, table_number, board, deal, seat, step)
);

-- Bumps its event's version, as every table of an event's data does.
CREATE TRIGGER duet_choices_insert_version AFTER INSERT ON duet_choices
    BEGIN UPDATE events SET version = version + 1 WHERE id = NEW.event_id; END;
CREATE TRIGGER duet_choices_update_version AFTER UPDATE ON duet_choices
    BEGIN UPDATE events SET version = version + 1 WHERE id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER duet_choices_delete_version AFTER DELETE ON duet_choices
    BEGIN UPDATE events SET version = version + 1 WHERE id = OLD.event_id; END;
