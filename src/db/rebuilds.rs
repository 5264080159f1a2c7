//! Boards a table has rebuilt after playing them (#38): a row per event, round, table and
//! board, written by the last step of the table phone's rebuild page. Storage only:
//! `service::rebuilds` decides which boards a table may rebuild.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::board_rebuilds;
use super::{DbConnection, DbError, event_of_club, is_unique_violation, now};
use crate::event::{ClubId, EventId};

/// One rebuilt board: where it was played, and when the table said it was rebuilt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rebuilt {
    pub round: u32,
    pub table: u32,
    pub board: u32,
    pub at: NaiveDateTime,
}

/// A room's rebuilds are bounded by its plan; this only caps a read of a corrupt table.
const MOST_ROWS: i64 = 100_000;

fn number(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// Records that `table` rebuilt `board` after `round`, in its own short write transaction.
/// Already recorded (a second tap, a reload that posts again, another phone of the table) is
/// no error: the first moment is kept. Returns whether this call recorded it. Another club's
/// event is not found (`diesel::result::Error::NotFound`).
pub fn mark_rebuilt(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    round: u32,
    table: u32,
    board: u32,
) -> Result<bool, DbError> {
    super::write_transaction(conn, |conn| {
        if !event_of_club(conn, club, event)? {
            return Err(DbError::Query(diesel::result::Error::NotFound));
        }
        let key = board_rebuilds::table
            .filter(board_rebuilds::event_id.eq(event.get()))
            .filter(board_rebuilds::round.eq(number(round)))
            .filter(board_rebuilds::table_number.eq(number(table)))
            .filter(board_rebuilds::board.eq(number(board)));
        let has: i64 = key.count().get_result(conn)?;
        if has > 0 {
            return Ok(false);
        }
        let stored = diesel::insert_into(board_rebuilds::table)
            .values((
                board_rebuilds::event_id.eq(event.get()),
                board_rebuilds::round.eq(number(round)),
                board_rebuilds::table_number.eq(number(table)),
                board_rebuilds::board.eq(number(board)),
                board_rebuilds::rebuilt_at.eq(now()),
            ))
            .execute(conn);
        match stored {
            Ok(_) => Ok(true),
            Err(e) if is_unique_violation(&e) => Ok(false),
            Err(e) => Err(e.into()),
        }
    })
}

/// Every board the event's tables have rebuilt, by round, table and board.
pub fn rebuilt_of(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Vec<Rebuilt>, DbError> {
    if !event_of_club(conn, club, event)? {
        return Ok(vec![]);
    }
    let rows: Vec<(i32, i32, i32, NaiveDateTime)> = board_rebuilds::table
        .filter(board_rebuilds::event_id.eq(event.get()))
        .order((
            board_rebuilds::round.asc(),
            board_rebuilds::table_number.asc(),
            board_rebuilds::board.asc(),
        ))
        .select((
            board_rebuilds::round,
            board_rebuilds::table_number,
            board_rebuilds::board,
            board_rebuilds::rebuilt_at,
        ))
        .limit(MOST_ROWS)
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(r, t, b, at)| {
            Some(Rebuilt {
                round: u32::try_from(r).ok()?,
                table: u32::try_from(t).ok()?,
                board: u32::try_from(b).ok()?,
                at,
            })
        })
        .collect())
}
