//! Table codes: the short code on each table's card that opens that table's page.

use diesel::prelude::*;

use super::schema::{events, table_codes};
use super::{DbConnection, DbError, is_unique_violation, now};
use crate::event::{ClubId, EventId};

/// The event's table codes by table, making the missing ones with `make` (a code already
/// used anywhere is drawn again).
pub fn ensure_codes(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    tables: u32,
    mut make: impl FnMut() -> String,
) -> Result<Vec<(u32, String)>, DbError> {
    super::write_transaction(conn, |conn| {
        if !super::event_of_club(conn, club, event)? {
            return Err(DbError::Query(diesel::result::Error::NotFound));
        }
        for table in 1..=tables as i32 {
            let has: i64 = table_codes::table
                .filter(table_codes::event_id.eq(event.get()))
                .filter(table_codes::table_number.eq(table))
                .count()
                .get_result(conn)?;
            if has > 0 {
                continue;
            }
            // Codes are random; a clash with another table's code is drawn again.
            let mut tries = 0;
            loop {
                let r = diesel::insert_into(table_codes::table)
                    .values((
                        table_codes::event_id.eq(event.get()),
                        table_codes::table_number.eq(table),
                        table_codes::code.eq(make()),
                        table_codes::created_at.eq(now()),
                    ))
                    .execute(conn);
                match r {
                    Ok(_) => break,
                    Err(e) if is_unique_violation(&e) && tries < 5 => tries += 1,
                    Err(e) => return Err(e.into()),
                }
            }
        }
        Ok(table_codes::table
            .filter(table_codes::event_id.eq(event.get()))
            .filter(table_codes::table_number.le(tables as i32))
            .order(table_codes::table_number.asc())
            .select((table_codes::table_number, table_codes::code))
            .load::<(i32, String)>(conn)?
            .into_iter()
            .map(|(t, c)| (t as u32, c))
            .collect())
    })
}

/// The event (its id and club) and table a code opens.
pub fn table_of_code(
    conn: &mut DbConnection,
    code: &str,
) -> Result<Option<(ClubId, EventId, u32)>, DbError> {
    Ok(table_codes::table
        .inner_join(events::table)
        .filter(table_codes::code.eq(code))
        .select((
            events::club_id,
            table_codes::event_id,
            table_codes::table_number,
        ))
        .first::<(i32, i32, i32)>(conn)
        .optional()?
        .map(|(c, e, t)| (ClubId::new(c), EventId::new(e), t as u32)))
}
