//! Calypso Duet's choices at an online table (#39 item 9): each player's choices of a deal,
//! one row each (`duet_choices`), beside the table's cards (`db::online`). Storage only:
//! `service::online_duet` decides what may be chosen (by replaying the table through
//! `event::online::duet`). The primary key (the table's board, the deal, the player's seat,
//! the step) lets each choice in once: a repeated or concurrent post of it acts once.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::online::OnlineBoard;
use super::schema::duet_choices;
use super::{DbConnection, DbError, is_unique_violation};

/// The most choice rows a board may have: four deals, two players, four steps each. A log
/// read stops one row past it, so a corrupt one is seen as too long, never read whole.
pub const MOST_CHOICES: usize = 32;

fn number(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// One stored choice, as stored (the event layer reads it, and a row that does not read is
/// a clear error there).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredChoice {
    pub deal: i32,
    pub seat: String,
    pub step: String,
    pub value: String,
    pub cards_before: i32,
}

/// The board's choices, in the order they were made among the cards (by the cards played
/// before each), at most [`MOST_CHOICES`] + 1.
pub fn choices_of(conn: &mut DbConnection, at: OnlineBoard) -> Result<Vec<StoredChoice>, DbError> {
    let rows: Vec<(i32, String, String, String, i32)> = duet_choices::table
        .filter(duet_choices::event_id.eq(at.event.get()))
        .filter(duet_choices::round.eq(number(at.round)))
        .filter(duet_choices::table_number.eq(number(at.table)))
        .filter(duet_choices::board.eq(number(at.board)))
        .order((
            duet_choices::deal.asc(),
            duet_choices::cards_before.asc(),
            duet_choices::chosen_at.asc(),
        ))
        .select((
            duet_choices::deal,
            duet_choices::seat,
            duet_choices::step,
            duet_choices::value,
            duet_choices::cards_before,
        ))
        .limit(MOST_CHOICES as i64 + 1)
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(deal, seat, step, value, cards_before)| StoredChoice {
            deal,
            seat,
            step,
            value,
            cards_before,
        })
        .collect())
}

/// What storing one choice did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChoiceStored {
    /// The row is in: this call made the choice.
    Chosen,
    /// The same choice is already stored (a repeated post, or another one won the race).
    Taken,
}

/// Stores one choice in its own short write transaction.
pub fn insert_choice(
    conn: &mut DbConnection,
    at: OnlineBoard,
    c: &StoredChoice,
    chosen_at: NaiveDateTime,
) -> Result<ChoiceStored, DbError> {
    let stored = super::write_transaction(conn, |conn| {
        diesel::insert_into(duet_choices::table)
            .values((
                duet_choices::event_id.eq(at.event.get()),
                duet_choices::round.eq(number(at.round)),
                duet_choices::table_number.eq(number(at.table)),
                duet_choices::board.eq(number(at.board)),
                duet_choices::deal.eq(c.deal),
                duet_choices::seat.eq(&c.seat),
                duet_choices::step.eq(&c.step),
                duet_choices::value.eq(&c.value),
                duet_choices::cards_before.eq(c.cards_before),
                duet_choices::chosen_at.eq(chosen_at),
            ))
            .execute(conn)
    });
    match stored {
        Ok(_) => Ok(ChoiceStored::Chosen),
        Err(e) if is_unique_violation(&e) => Ok(ChoiceStored::Taken),
        Err(e) => Err(e.into()),
    }
}
