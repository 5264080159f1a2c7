//! An event's entries (pairs, teams, individuals) and their players. Every query goes
//! through the event's club. Storage only: adding, withdrawing and removing an entry are
//! `service::entries`, with the event module's rules (kind, size, when entries may change).

use std::collections::BTreeMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{entry_players, event_entries, events, players};
use super::{DbConnection, DbError, event_of_club, now};
use crate::event::entries::{Entrant, Entry, EntryDraft, EntryKind, PlayerChoice, entry_name};
use crate::event::{ClubId, EntryId, EventId, PlayerId};

#[derive(Queryable)]
struct EntryRow {
    id: i32,
    event_id: i32,
    number: i32,
    name: String,
    kind: String,
    _created_at: NaiveDateTime,
    joined_round: Option<i32>,
    withdrawn_round: Option<i32>,
}

#[derive(Queryable)]
struct EntrantRow {
    entry_id: i32,
    _position: i32,
    player_id: Option<i32>,
    guest_name: Option<String>,
    roster_name: Option<String>,
}

pub fn entries_of(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Vec<Entry>, DbError> {
    entries_of_events(conn, club, &[event])
}

/// The entries of several of the club's events at once (the archive's search reads every
/// past event's), by event, then number. Events of other clubs give nothing.
pub fn entries_of_events(
    conn: &mut DbConnection,
    club: ClubId,
    ids: &[EventId],
) -> Result<Vec<Entry>, DbError> {
    let event_ids: Vec<i32> = ids.iter().map(|e| e.get()).collect();
    let rows: Vec<EntryRow> = event_entries::table
        .inner_join(events::table)
        .filter(events::club_id.eq(club.get()))
        .filter(event_entries::event_id.eq_any(&event_ids))
        .order((event_entries::event_id.asc(), event_entries::number.asc()))
        .select(event_entries::all_columns)
        .load(conn)?;
    let ids: Vec<i32> = rows.iter().map(|r| r.id).collect();
    let entrants: Vec<EntrantRow> = entry_players::table
        .left_join(players::table)
        .filter(entry_players::entry_id.eq_any(&ids))
        .order((entry_players::entry_id.asc(), entry_players::position.asc()))
        .select((
            entry_players::entry_id,
            entry_players::position,
            entry_players::player_id,
            entry_players::guest_name,
            players::name.nullable(),
        ))
        .load(conn)?;
    let mut by_entry: BTreeMap<i32, Vec<Entrant>> = BTreeMap::new();
    for e in entrants {
        by_entry.entry(e.entry_id).or_default().push(Entrant {
            player_id: e.player_id.map(PlayerId::new),
            name: e.roster_name.or(e.guest_name).unwrap_or_default(),
        });
    }
    rows.into_iter()
        .map(|r| {
            let kind = EntryKind::from_name(&r.kind).ok_or_else(|| DbError::Corrupt {
                what: "entry",
                id: r.id,
                problem: format!("unknown kind \"{}\"", r.kind),
            })?;
            Ok(Entry {
                id: EntryId::new(r.id),
                event_id: EventId::new(r.event_id),
                number: r.number,
                name: r.name,
                kind,
                players: by_entry.remove(&r.id).unwrap_or_default(),
                joined_round: r.joined_round.map(|n| n.max(0) as u32),
                withdrawn_round: r.withdrawn_round.map(|n| n.max(0) as u32),
            })
        })
        .collect()
}

/// Why an entry could not be stored: the event (or a roster player) is not the club's.
#[derive(Debug, thiserror::Error)]
pub enum EntryChangeError {
    #[error("not found")]
    NotFound,
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for EntryChangeError {
    fn from(e: diesel::result::Error) -> Self {
        EntryChangeError::Db(e.into())
    }
}

/// Stores an entry made before play, as given (`service::entries::add_entry` checks it).
pub fn add_entry(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    draft: &EntryDraft,
) -> Result<Entry, EntryChangeError> {
    insert_entry(conn, club, event, draft, None)
}

/// Stores an entry as the event's next number, named after its roster players' names as
/// they are now; `joined`: a late entry's first round. All or nothing.
pub fn insert_entry(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    draft: &EntryDraft,
    joined: Option<u32>,
) -> Result<Entry, EntryChangeError> {
    super::write_transaction(conn, |conn| {
        if !event_of_club(conn, club, event)? {
            return Err(EntryChangeError::NotFound);
        }
        let mut names = Vec::new();
        for p in &draft.players {
            names.push(match p {
                PlayerChoice::Guest(n) => n.clone(),
                PlayerChoice::Roster(id) => players::table
                    .filter(players::id.eq(id.get()))
                    .filter(players::club_id.eq(club.get()))
                    .select(players::name)
                    .first::<String>(conn)
                    .optional()?
                    .ok_or(EntryChangeError::NotFound)?,
            });
        }
        let last: Option<i32> = event_entries::table
            .filter(event_entries::event_id.eq(event.get()))
            .select(diesel::dsl::max(event_entries::number))
            .first(conn)?;
        let number = last.unwrap_or(0) + 1;
        let name = entry_name(draft.kind, draft.name.as_deref(), &names);
        let id: i32 = diesel::insert_into(event_entries::table)
            .values((
                event_entries::event_id.eq(event.get()),
                event_entries::number.eq(number),
                event_entries::name.eq(&name),
                event_entries::kind.eq(draft.kind.name()),
                event_entries::created_at.eq(now()),
                event_entries::joined_round.eq(joined.map(|j| j as i32)),
            ))
            .returning(event_entries::id)
            .get_result(conn)?;
        for (i, p) in draft.players.iter().enumerate() {
            let (player, guest) = match p {
                PlayerChoice::Roster(id) => (Some(id.get()), None),
                PlayerChoice::Guest(n) => (None, Some(n.as_str())),
            };
            diesel::insert_into(entry_players::table)
                .values((
                    entry_players::entry_id.eq(id),
                    entry_players::position.eq(i as i32 + 1),
                    entry_players::player_id.eq(player),
                    entry_players::guest_name.eq(guest),
                ))
                .execute(conn)?;
        }
        entries_of(conn, club, event)?
            .into_iter()
            .find(|e| e.id.get() == id)
            .ok_or(EntryChangeError::NotFound)
    })
}

/// Marks the entry withdrawn from round `from` on.
pub fn set_withdrawn(conn: &mut DbConnection, entry: EntryId, from: u32) -> Result<(), DbError> {
    diesel::update(event_entries::table.find(entry.get()))
        .set(event_entries::withdrawn_round.eq(from as i32))
        .execute(conn)?;
    Ok(())
}

/// Removes an entry and its players; the entries after it move up a number, so numbers
/// stay 1, 2, ... (the movement seats entries by number).
pub fn remove_entry(conn: &mut DbConnection, event: EventId, gone: &Entry) -> Result<(), DbError> {
    diesel::delete(entry_players::table.filter(entry_players::entry_id.eq(gone.id.get())))
        .execute(conn)?;
    diesel::delete(event_entries::table.find(gone.id.get())).execute(conn)?;
    // One at a time, in order, so (event, number) stays unique at every step.
    let later: Vec<(i32, i32)> = event_entries::table
        .filter(event_entries::event_id.eq(event.get()))
        .filter(event_entries::number.gt(gone.number))
        .order(event_entries::number.asc())
        .select((event_entries::id, event_entries::number))
        .load(conn)?;
    for (id, number) in later {
        diesel::update(event_entries::table.find(id))
            .set(event_entries::number.eq(number - 1))
            .execute(conn)?;
    }
    Ok(())
}

/// Gives the entries new numbers 1..n in the order `order` lists their current numbers
/// (every entry's number once).
pub fn set_numbers(
    conn: &mut DbConnection,
    event: EventId,
    entries: &[Entry],
    order: &[i32],
) -> Result<(), DbError> {
    // Through negative numbers, so (event, number) stays unique at every step.
    for e in entries {
        diesel::update(event_entries::table.find(e.id.get()))
            .set(event_entries::number.eq(-e.number))
            .execute(conn)?;
    }
    for (i, old) in order.iter().enumerate() {
        diesel::update(
            event_entries::table
                .filter(event_entries::event_id.eq(event.get()))
                .filter(event_entries::number.eq(-old)),
        )
        .set(event_entries::number.eq(i as i32 + 1))
        .execute(conn)?;
    }
    Ok(())
}
