//! An event's entries (pairs, teams, individuals) and their players. Every query goes
//! through the event's club; the rules (kind, size, when entries may change) are the event
//! module's.

use std::collections::BTreeMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{entry_players, event_entries, events, players};
use super::{DbConnection, DbError, now};
use crate::event::entries::{
    Entrant, Entry, EntryDraft, EntryError, EntryKind, PlayerChoice, change_reason,
    check_change_after_start, check_draft, entries_open, entry_name,
};
use crate::event::movement::PlanError;
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

/// Why an entry could not be added or removed.
#[derive(Debug, thiserror::Error)]
pub enum EntryChangeError {
    #[error("not found")]
    NotFound,
    #[error(transparent)]
    Refused(#[from] EntryError),
    /// A late entry or withdrawal whose movement change is refused.
    #[error(transparent)]
    Movement(#[from] PlanError),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<super::movements::MovementChangeError> for EntryChangeError {
    fn from(e: super::movements::MovementChangeError) -> Self {
        use super::movements::MovementChangeError as M;
        match e {
            M::NotFound => EntryChangeError::NotFound,
            M::Refused(p) => EntryChangeError::Movement(p),
            M::Db(d) => EntryChangeError::Db(d),
        }
    }
}

impl From<diesel::result::Error> for EntryChangeError {
    fn from(e: diesel::result::Error) -> Self {
        EntryChangeError::Db(e.into())
    }
}

/// Adds an entry to one of the club's events, numbered after the last one, all or nothing.
pub fn add_entry(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    draft: &EntryDraft,
) -> Result<Entry, EntryChangeError> {
    super::write_transaction(conn, |conn| {
        let ev = super::events::event(conn, club, event)?.ok_or(EntryChangeError::NotFound)?;
        if !entries_open(ev.status) {
            return Err(EntryError::Started.into());
        }
        insert_entry(conn, club, &ev, draft, None)
    })
}

/// Adds an entry to a running event from the next round on and seats it in the movement
/// (in a phantom's place), recording the director's reason; all or nothing, so an entry the
/// movement cannot seat is not kept.
pub fn add_late_entry(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    draft: &EntryDraft,
    reason: &str,
    changed_by: &str,
) -> Result<Entry, EntryChangeError> {
    super::write_transaction(conn, |conn| {
        super::events::lock_event(conn, event)?;
        let ev = super::events::event(conn, club, event)?.ok_or(EntryChangeError::NotFound)?;
        check_change_after_start(ev.status, ev.settings.format())?;
        change_reason(reason).map_err(EntryError::Reason)?;
        let joined = ev.round.current + 1;
        let e = insert_entry(conn, club, &ev, draft, Some(joined))?;
        let what = format!("late entry {}: {}, from round {joined}", e.number, e.name);
        replan_if_any(conn, club, event, &what, reason, changed_by)?;
        Ok(e)
    })
}

/// Withdraws an entry of a running event from the next round on: its played results stay,
/// its later opponents sit out. Recorded with the director's reason; all or nothing.
pub fn withdraw_entry(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    entry: EntryId,
    reason: &str,
    changed_by: &str,
) -> Result<Entry, EntryChangeError> {
    super::write_transaction(conn, |conn| {
        super::events::lock_event(conn, event)?;
        let ev = super::events::event(conn, club, event)?.ok_or(EntryChangeError::NotFound)?;
        check_change_after_start(ev.status, ev.settings.format())?;
        change_reason(reason).map_err(EntryError::Reason)?;
        let e = entries_of(conn, club, event)?
            .into_iter()
            .find(|e| e.id == entry)
            .ok_or(EntryChangeError::NotFound)?;
        if let Some(round) = e.withdrawn_round {
            return Err(EntryError::AlreadyWithdrawn {
                name: e.name,
                number: e.number,
                round,
            }
            .into());
        }
        let from = ev.round.current + 1;
        diesel::update(event_entries::table.find(entry.get()))
            .set(event_entries::withdrawn_round.eq(from as i32))
            .execute(conn)?;
        let what = format!("withdrawal of {}: {}, from round {from}", e.number, e.name);
        replan_if_any(conn, club, event, &what, reason, changed_by)?;
        Ok(Entry {
            withdrawn_round: Some(from),
            ..e
        })
    })
}

/// Changes the movement for the entries as they are now, when the event has one (an event
/// run without a movement just records the entry's rounds).
fn replan_if_any(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    what: &str,
    reason: &str,
    changed_by: &str,
) -> Result<(), EntryChangeError> {
    if super::movements::movement_of(conn, club, event)?.is_some() {
        super::movements::change_movement(conn, club, event, None, Some(what), reason, changed_by)?;
    }
    Ok(())
}

/// Checks a draft and stores it as the event's next number; `joined`: a late entry's first
/// round. Runs inside the caller's transaction.
fn insert_entry(
    conn: &mut DbConnection,
    club: ClubId,
    ev: &crate::event::Event,
    draft: &EntryDraft,
    joined: Option<u32>,
) -> Result<Entry, EntryChangeError> {
    let event = ev.id;
    let draft = check_draft(ev.settings.format(), draft)?;
    let existing = entries_of(conn, club, event)?;
    let mut names = Vec::new();
    for (i, p) in draft.players.iter().enumerate() {
        names.push(match p {
            PlayerChoice::Guest(n) => n.clone(),
            PlayerChoice::Roster(id) => {
                let p = super::clubs::player(conn, club, *id)?
                    .filter(|p| !p.archived)
                    .ok_or(EntryError::NotOnRoster { position: i + 1 })?;
                if let Some(e) = existing
                    .iter()
                    .find(|e| e.players.iter().any(|x| x.player_id == Some(*id)))
                {
                    return Err(EntryError::AlreadyEntered {
                        name: p.name,
                        number: e.number,
                    }
                    .into());
                }
                p.name
            }
        });
    }
    let number = existing.iter().map(|e| e.number).max().unwrap_or(0) + 1;
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
}

/// Removes an entry before play starts; the entries after it move up a number, so numbers
/// stay 1, 2, ... (the movement seats entries by number).
pub fn delete_entry(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    entry: EntryId,
) -> Result<Entry, EntryChangeError> {
    super::write_transaction(conn, |conn| {
        let ev = super::events::event(conn, club, event)?.ok_or(EntryChangeError::NotFound)?;
        if !entries_open(ev.status) {
            return Err(EntryError::Started.into());
        }
        let gone = entries_of(conn, club, event)?
            .into_iter()
            .find(|e| e.id == entry)
            .ok_or(EntryChangeError::NotFound)?;
        diesel::delete(entry_players::table.filter(entry_players::entry_id.eq(entry.get())))
            .execute(conn)?;
        diesel::delete(event_entries::table.find(entry.get())).execute(conn)?;
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
        Ok(gone)
    })
}

/// Gives the entries new numbers 1..n in the order `order` lists their current numbers (a
/// draw for starting numbers), before play starts. A movement stays as it is: it seats
/// numbers, and the numbers now belong to other entries.
pub fn renumber(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    order: &[i32],
) -> Result<Vec<Entry>, EntryChangeError> {
    super::write_transaction(conn, |conn| {
        let ev = super::events::event(conn, club, event)?.ok_or(EntryChangeError::NotFound)?;
        if !entries_open(ev.status) {
            return Err(EntryError::Started.into());
        }
        let entries = entries_of(conn, club, event)?;
        let mut given = order.to_vec();
        given.sort_unstable();
        let mut have: Vec<i32> = entries.iter().map(|e| e.number).collect();
        have.sort_unstable();
        if given != have {
            return Err(EntryChangeError::Db(DbError::Corrupt {
                what: "entry order of event",
                id: event.get(),
                problem: "the order does not list every entry once".into(),
            }));
        }
        // Through negative numbers, so (event, number) stays unique at every step.
        for e in &entries {
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
        Ok(entries_of(conn, club, event)?)
    })
}
