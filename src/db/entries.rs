//! An event's entries (pairs, teams, individuals). Every query goes through the event's club.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{event_entries, events};
use super::{DbConnection, DbError, now};
use crate::event::entries::{Entry, EntryKind};
use crate::event::{ClubId, EntryId, EventId};

#[derive(Queryable)]
struct EntryRow {
    id: i32,
    event_id: i32,
    number: i32,
    name: String,
    kind: String,
    _created_at: NaiveDateTime,
}

impl EntryRow {
    fn into_entry(self) -> Result<Entry, DbError> {
        let kind = EntryKind::from_name(&self.kind).ok_or_else(|| DbError::Corrupt {
            what: "entry",
            id: self.id,
            problem: format!("unknown kind \"{}\"", self.kind),
        })?;
        Ok(Entry {
            id: EntryId::new(self.id),
            event_id: EventId::new(self.event_id),
            number: self.number,
            name: self.name,
            kind,
        })
    }
}

/// Whether the event belongs to the club (the guard every entry and result query uses).
pub(super) fn event_of_club(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<bool, DbError> {
    let n: i64 = events::table
        .filter(events::id.eq(event.get()))
        .filter(events::club_id.eq(club.get()))
        .count()
        .get_result(conn)?;
    Ok(n == 1)
}

pub fn entries_of(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Vec<Entry>, DbError> {
    event_entries::table
        .inner_join(events::table)
        .filter(events::club_id.eq(club.get()))
        .filter(event_entries::event_id.eq(event.get()))
        .order(event_entries::number.asc())
        .select(event_entries::all_columns)
        .load::<EntryRow>(conn)?
        .into_iter()
        .map(EntryRow::into_entry)
        .collect()
}

/// Adds an entry to one of the club's events; `None` when the event is not the club's.
pub fn add_entry(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    number: i32,
    name: &str,
    kind: EntryKind,
) -> Result<Option<EntryId>, DbError> {
    conn.transaction(|conn| {
        if !event_of_club(conn, club, event)? {
            return Ok(None);
        }
        let id: i32 = diesel::insert_into(event_entries::table)
            .values((
                event_entries::event_id.eq(event.get()),
                event_entries::number.eq(number),
                event_entries::name.eq(name),
                event_entries::kind.eq(kind.name()),
                event_entries::created_at.eq(now()),
            ))
            .returning(event_entries::id)
            .get_result(conn)?;
        Ok(Some(EntryId::new(id)))
    })
}
