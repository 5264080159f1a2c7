//! An event's movement, stored as the director's options and the generated plan (JSON in
//! the command line's shape). Every query goes through the event's club.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{event_movements, events, movement_changes, results};
use super::{DbConnection, DbError, now};
use crate::event::EventStatus;
use crate::event::entries::change_reason;
use crate::event::movement::{
    MovementOptions, MovementPatch, PlanError, movement_kind, movement_open, plan, replan,
};
use crate::event::rounds::{RoundError, next_round};
use crate::event::{ClubId, EventId};
use crate::movement::Movement;

#[derive(Queryable)]
struct MovementRow {
    event_id: i32,
    options: String,
    plan: String,
    _created_at: NaiveDateTime,
    _updated_at: NaiveDateTime,
    _change_reason: Option<String>,
}

impl MovementRow {
    fn read(self) -> Result<(MovementOptions, Movement), DbError> {
        let corrupt = |e: serde_json::Error| DbError::Corrupt {
            what: "movement of event",
            id: self.event_id,
            problem: e.to_string(),
        };
        Ok((
            serde_json::from_str(&self.options).map_err(corrupt)?,
            serde_json::from_str(&self.plan).map_err(corrupt)?,
        ))
    }
}

pub fn movement_of(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Option<(MovementOptions, Movement)>, DbError> {
    event_movements::table
        .inner_join(events::table)
        .filter(events::club_id.eq(club.get()))
        .filter(event_movements::event_id.eq(event.get()))
        .select(event_movements::all_columns)
        .first::<MovementRow>(conn)
        .optional()?
        .map(MovementRow::read)
        .transpose()
}

#[derive(Debug, thiserror::Error)]
pub enum MovementChangeError {
    #[error("not found")]
    NotFound,
    #[error(transparent)]
    Refused(#[from] PlanError),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for MovementChangeError {
    fn from(e: diesel::result::Error) -> Self {
        MovementChangeError::Db(e.into())
    }
}

/// Generates the movement from the event as it is now (its settings and entries) and the
/// options, stores it, and sets the event's number of boards to the movement's. Only until
/// play starts.
pub fn set_movement(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    options: &MovementOptions,
) -> Result<Movement, MovementChangeError> {
    super::write_transaction(conn, |conn| {
        let ev = super::events::event(conn, club, event)?.ok_or(MovementChangeError::NotFound)?;
        if !movement_open(ev.status) {
            return Err(PlanError::Started.into());
        }
        let entries = super::entries::entries_of(conn, club, event)?.len();
        let m = plan(&ev.settings, entries, options)?;
        let settings = ev
            .settings
            .with_boards(m.boards)
            .map_err(|e| PlanError::Invalid(e.to_string()))?;
        super::events::update_settings(conn, event, &settings)?;
        let to_json = |e: serde_json::Error| PlanError::Invalid(e.to_string());
        let options_json = serde_json::to_string(options).map_err(to_json)?;
        let plan_json = serde_json::to_string(&m).map_err(to_json)?;
        let now = now();
        diesel::delete(event_movements::table.find(event.get())).execute(conn)?;
        diesel::insert_into(event_movements::table)
            .values((
                event_movements::event_id.eq(event.get()),
                event_movements::options.eq(options_json),
                event_movements::plan.eq(plan_json),
                event_movements::created_at.eq(now),
                event_movements::updated_at.eq(now),
            ))
            .execute(conn)?;
        Ok(m)
    })
}

pub use crate::event::movement::MovementChange;

/// Changes the movement of a running event: the rounds already started stay as they were,
/// the later ones follow the entries as they are now (late entries, withdrawals) and
/// `options` (the stored options when `None`). Needs a director's reason; the change, its
/// reason and the plan it replaced are recorded. All or nothing.
pub fn change_movement(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    options: Option<&MovementPatch>,
    what: Option<&str>,
    reason: &str,
    changed_by: &str,
) -> Result<Movement, MovementChangeError> {
    super::write_transaction(conn, |conn| {
        super::events::lock_event(conn, event)?;
        let ev = super::events::event(conn, club, event)?.ok_or(MovementChangeError::NotFound)?;
        if ev.status != EventStatus::Running {
            return Err(PlanError::NotRunning(ev.status).into());
        }
        let reason = change_reason(reason).map_err(PlanError::Reason)?;
        let (old_options, old) = movement_of(conn, club, event)?.ok_or(PlanError::NoMovement)?;
        let options = match options {
            Some(patch) => patch.over(&old_options, &old),
            None => old_options,
        };
        // The record says what the plan became, omitted options included.
        let what = what.map_or_else(|| options.describe(), str::to_string);
        let entries = super::entries::entries_of(conn, club, event)?;
        let played = ev.round.current;
        let m = replan(&ev.settings, &entries, &old, played, &options)?;
        if m.boards != u32::from(ev.settings.boards()) {
            // Boards are dealt from the key by number, so more boards extend the same set.
            let settings = ev
                .settings
                .with_boards(m.boards)
                .map_err(|e| PlanError::Invalid(e.to_string()))?;
            super::events::update_settings(conn, event, &settings)?;
        }
        let to_json = |e: serde_json::Error| PlanError::Invalid(e.to_string());
        let now = now();
        diesel::update(event_movements::table.find(event.get()))
            .set((
                event_movements::options.eq(serde_json::to_string(&options).map_err(to_json)?),
                event_movements::plan.eq(serde_json::to_string(&m).map_err(to_json)?),
                event_movements::updated_at.eq(now),
                event_movements::change_reason.eq(&reason),
            ))
            .execute(conn)?;
        diesel::insert_into(movement_changes::table)
            .values((
                movement_changes::event_id.eq(event.get()),
                movement_changes::from_round.eq(played as i32 + 1),
                movement_changes::what.eq(&what),
                movement_changes::reason.eq(&reason),
                movement_changes::changed_by.eq(changed_by),
                movement_changes::changed_at.eq(now),
                movement_changes::old_plan.eq(serde_json::to_string(&old).map_err(to_json)?),
            ))
            .execute(conn)?;
        Ok(m)
    })
}

/// The changes made to an event's movement after the start, oldest first.
pub fn movement_changes(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Vec<MovementChange>, DbError> {
    Ok(movement_changes::table
        .inner_join(events::table)
        .filter(events::club_id.eq(club.get()))
        .filter(movement_changes::event_id.eq(event.get()))
        .order(movement_changes::id.asc())
        .select((
            movement_changes::from_round,
            movement_changes::what,
            movement_changes::reason,
            movement_changes::changed_by,
            movement_changes::changed_at,
            movement_changes::old_plan,
        ))
        .load::<(i32, String, String, String, NaiveDateTime, String)>(conn)?
        .into_iter()
        .map(
            |(r, what, reason, changed_by, changed_at, old_plan)| MovementChange {
                from_round: r.max(0) as u32,
                what,
                reason,
                changed_by,
                changed_at,
                old_plan,
            },
        )
        .collect())
}

/// Writes an imported event's movement changes as they were recorded.
pub fn insert_changes(
    conn: &mut DbConnection,
    event: EventId,
    changes: &[MovementChange],
) -> Result<(), DbError> {
    for c in changes {
        diesel::insert_into(movement_changes::table)
            .values((
                movement_changes::event_id.eq(event.get()),
                movement_changes::from_round.eq(i32::try_from(c.from_round).unwrap_or(i32::MAX)),
                movement_changes::what.eq(&c.what),
                movement_changes::reason.eq(&c.reason),
                movement_changes::changed_by.eq(&c.changed_by),
                movement_changes::changed_at.eq(c.changed_at),
                movement_changes::old_plan.eq(&c.old_plan),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// The (round, table) pairs that have a result, for the tables' states.
pub fn reported_tables(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Vec<(u32, u32)>, DbError> {
    // Only the two columns: the states need no result's details.
    Ok(results::table
        .inner_join(events::table)
        .filter(events::club_id.eq(club.get()))
        .filter(results::event_id.eq(event.get()))
        .select((results::round, results::table_number))
        .distinct()
        .load::<(i32, i32)>(conn)?
        .into_iter()
        .map(|(r, t)| (r as u32, t as u32))
        .collect())
}

/// Starts round `round`, which must be the next one the rules allow (so a stale page or a
/// double click does not skip a round).
pub fn start_round(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    round: u32,
) -> Result<u32, MovementChangeError> {
    super::write_transaction(conn, |conn| {
        super::events::lock_event(conn, event)?;
        let ev = super::events::event(conn, club, event)?.ok_or(MovementChangeError::NotFound)?;
        let next = if movement_kind(ev.settings.format()).is_none() {
            // Seated round by round from the results, not from a fixed plan.
            super::individual::start_round(conn, &ev, round)?
        } else {
            let m = movement_of(conn, club, event)?.map(|(_, m)| m);
            let next = next_round(ev.status, &ev.round, m.as_ref()).map_err(PlanError::Round)?;
            if next != round {
                return Err(PlanError::Round(RoundError::Stale { asked: round, next }).into());
            }
            next
        };
        // Only from the round just read: of two starts at once (two directors, a double
        // click), the later one finds the round moved on and is told so, not run twice.
        let moved = diesel::update(
            events::table
                .find(event.get())
                .filter(events::current_round.eq(ev.round.current as i32)),
        )
        .set((
            events::current_round.eq(next as i32),
            events::round_started_at.eq(now()),
        ))
        .execute(conn)?;
        if moved != 1 {
            return Err(PlanError::Round(RoundError::Stale {
                asked: round,
                next: next + 1,
            })
            .into());
        }
        Ok(next)
    })
}
