//! An event's entries: adding one before play, a late entry or a withdrawal once it runs
//! (each changing the movement), removing one and drawing the starting numbers. Each runs in
//! one transaction with the event module's entry rules, writing through `db::entries`.

use super::play::{self, MovementChangeError};
use super::{ActionError, ErrorKind};
use crate::db::{self, DbConnection, DbError};
use crate::event::club::{Player, RosterOrder, sort_players};
use crate::event::entries::{
    Entry, EntryDraft, EntryError, PlayerChoice, change_reason, check_change_after_start,
    check_draft, entries_open,
};
use crate::event::movement::PlanError;
use crate::event::{ClubId, EntryId, Event, EventId};

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

impl ActionError for EntryChangeError {
    fn kind(&self) -> ErrorKind {
        match self {
            EntryChangeError::NotFound => ErrorKind::NotFound,
            // The event's state forbids the change; anything else names what is wrong.
            EntryChangeError::Refused(
                EntryError::Started
                | EntryError::NotRunning(_)
                | EntryError::TeamsFixed
                | EntryError::IndividualFixed
                | EntryError::AlreadyWithdrawn { .. },
            ) => ErrorKind::Conflict,
            EntryChangeError::Refused(_) => ErrorKind::Invalid,
            EntryChangeError::Movement(p) => play::plan_kind(p),
            EntryChangeError::Db(_) => ErrorKind::Internal,
        }
    }
}

impl From<MovementChangeError> for EntryChangeError {
    fn from(e: MovementChangeError) -> Self {
        match e {
            MovementChangeError::NotFound => EntryChangeError::NotFound,
            MovementChangeError::Refused(p) => EntryChangeError::Movement(p),
            MovementChangeError::Db(d) => EntryChangeError::Db(d),
            // Only starting a round asks for a confirmation; an entry's change never does.
            e @ MovementChangeError::Unconfirmed { .. } => {
                EntryChangeError::Movement(PlanError::Invalid(e.to_string()))
            }
        }
    }
}

impl From<db::entries::EntryChangeError> for EntryChangeError {
    fn from(e: db::entries::EntryChangeError) -> Self {
        match e {
            db::entries::EntryChangeError::NotFound => EntryChangeError::NotFound,
            db::entries::EntryChangeError::Db(d) => EntryChangeError::Db(d),
        }
    }
}

impl From<diesel::result::Error> for EntryChangeError {
    fn from(e: diesel::result::Error) -> Self {
        EntryChangeError::Db(e.into())
    }
}

fn event_before_play(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Event, EntryChangeError> {
    let ev = db::events::event(conn, club, event)?.ok_or(EntryChangeError::NotFound)?;
    if !entries_open(ev.status) {
        return Err(EntryError::Started.into());
    }
    Ok(ev)
}

/// The event, locked, if entries may change after the start (with a director's reason).
fn event_running(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    reason: &str,
) -> Result<Event, EntryChangeError> {
    db::lock_event(conn, event)?;
    let ev = db::events::event(conn, club, event)?.ok_or(EntryChangeError::NotFound)?;
    check_change_after_start(ev.status, ev.settings.format())?;
    change_reason(reason).map_err(EntryError::Reason)?;
    Ok(ev)
}

/// Adds an entry to one of the club's events, numbered after the last one, all or nothing.
pub fn add_entry(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    draft: &EntryDraft,
) -> Result<Entry, EntryChangeError> {
    db::write_transaction(conn, |conn| {
        let ev = event_before_play(conn, club, event)?;
        let draft = checked(conn, &ev, draft)?;
        Ok(db::entries::add_entry(conn, club, event, &draft)?)
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
    db::write_transaction(conn, |conn| {
        let ev = event_running(conn, club, event, reason)?;
        let joined = ev.round.current + 1;
        let draft = checked(conn, &ev, draft)?;
        let e = db::entries::insert_entry(conn, club, event, &draft, Some(joined))?;
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
    db::write_transaction(conn, |conn| {
        let ev = event_running(conn, club, event, reason)?;
        let e = entry_of(conn, club, event, entry)?;
        if let Some(round) = e.withdrawn_round {
            return Err(EntryError::AlreadyWithdrawn {
                name: e.name,
                number: e.number,
                round,
            }
            .into());
        }
        let from = ev.round.current + 1;
        db::entries::set_withdrawn(conn, entry, from)?;
        let what = format!("withdrawal of {}: {}, from round {from}", e.number, e.name);
        replan_if_any(conn, club, event, &what, reason, changed_by)?;
        Ok(Entry {
            withdrawn_round: Some(from),
            ..e
        })
    })
}

fn entry_of(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    entry: EntryId,
) -> Result<Entry, EntryChangeError> {
    db::entries::entries_of(conn, club, event)?
        .into_iter()
        .find(|e| e.id == entry)
        .ok_or(EntryChangeError::NotFound)
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
    if db::movements::movement_of(conn, club, event)?.is_some() {
        play::change_movement(conn, club, event, None, Some(what), reason, changed_by)?;
    }
    Ok(())
}

/// A draft checked against the event's format and the club's roster: each roster player
/// exists, is not archived and is not entered yet.
fn checked(
    conn: &mut DbConnection,
    ev: &Event,
    draft: &EntryDraft,
) -> Result<EntryDraft, EntryChangeError> {
    let draft = check_draft(&ev.settings, draft)?;
    let existing = db::entries::entries_of(conn, ev.club_id, ev.id)?;
    for (i, p) in draft.players.iter().enumerate() {
        if let PlayerChoice::Roster(id) = p {
            let p = db::clubs::player(conn, ev.club_id, *id)?
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
        }
    }
    Ok(draft)
}

/// Removes an entry before play starts; the entries after it move up a number.
pub fn delete_entry(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    entry: EntryId,
) -> Result<Entry, EntryChangeError> {
    db::write_transaction(conn, |conn| {
        event_before_play(conn, club, event)?;
        let gone = entry_of(conn, club, event, entry)?;
        db::entries::remove_entry(conn, event, &gone)?;
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
    db::write_transaction(conn, |conn| {
        event_before_play(conn, club, event)?;
        let entries = db::entries::entries_of(conn, club, event)?;
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
        db::entries::set_numbers(conn, event, &entries, order)?;
        Ok(db::entries::entries_of(conn, club, event)?)
    })
}

/// The event's entries by number.
pub fn entries_of(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Vec<Entry>, DbError> {
    db::entries::entries_of(conn, club, event)
}

/// The entries page's data: the event's entries and the club's players the picker offers,
/// those on the roster not yet in any of its entries (a withdrawn entry's too: entering
/// them again is refused), by surname.
pub fn entries_with_roster(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<(Vec<Entry>, Vec<Player>), DbError> {
    let entries = db::entries::entries_of(conn, club, event)?;
    let mut roster = db::clubs::players_of(conn, club, false)?;
    roster.retain(|p| {
        !entries
            .iter()
            .any(|e| e.players.iter().any(|x| x.player_id == Some(p.id)))
    });
    sort_players(&mut roster, RosterOrder::Surname);
    Ok((entries, roster))
}

/// The entries' current numbers in a random order (a fair draw for starting numbers).
fn drawn_order(entries: &[Entry]) -> Vec<i32> {
    use rand::seq::SliceRandom;
    let mut order: Vec<i32> = entries.iter().map(|e| e.number).collect();
    order.shuffle(&mut rand::rng());
    order
}

/// Draws the starting numbers at random (see [`renumber`]).
pub fn draw_numbers(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Vec<Entry>, EntryChangeError> {
    let entries = db::entries::entries_of(conn, club, event)?;
    renumber(conn, club, event, &drawn_order(&entries))
}
