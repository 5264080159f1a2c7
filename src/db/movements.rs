//! An event's movement, stored as the director's options and the generated plan (JSON in
//! the command line's shape). Every query goes through the event's club. Storage only:
//! making and changing the movement and starting rounds are `service::play`.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{event_movements, events, movement_changes, results};
use super::{DbConnection, DbError, now};
use crate::event::movement::{MovementChange, MovementOptions};
use crate::event::results::ResultStatus;
use crate::event::rounds::Reported;
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

fn to_json(event: EventId, value: &impl serde::Serialize) -> Result<String, DbError> {
    serde_json::to_string(value).map_err(|e| DbError::Corrupt {
        what: "movement of event",
        id: event.get(),
        problem: e.to_string(),
    })
}

/// Stores a movement made before play, replacing the one there was.
pub fn store_movement(
    conn: &mut DbConnection,
    event: EventId,
    options: &MovementOptions,
    plan: &Movement,
) -> Result<(), DbError> {
    let now = now();
    diesel::delete(event_movements::table.find(event.get())).execute(conn)?;
    diesel::insert_into(event_movements::table)
        .values((
            event_movements::event_id.eq(event.get()),
            event_movements::options.eq(to_json(event, options)?),
            event_movements::plan.eq(to_json(event, plan)?),
            event_movements::created_at.eq(now),
            event_movements::updated_at.eq(now),
        ))
        .execute(conn)?;
    Ok(())
}

/// Stores a running event's changed movement with the director's reason (the change itself
/// is recorded by [`insert_changes`]).
pub fn update_movement(
    conn: &mut DbConnection,
    event: EventId,
    options: &MovementOptions,
    plan: &Movement,
    reason: &str,
) -> Result<(), DbError> {
    diesel::update(event_movements::table.find(event.get()))
        .set((
            event_movements::options.eq(to_json(event, options)?),
            event_movements::plan.eq(to_json(event, plan)?),
            event_movements::updated_at.eq(now()),
            event_movements::change_reason.eq(reason),
        ))
        .execute(conn)?;
    Ok(())
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

/// Records changes of the movement (a change made now, or an imported event's as they were
/// recorded).
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
) -> Result<Vec<Reported>, DbError> {
    // Only three columns: the states need no result's details.
    let disputed = ResultStatus::Disputed.name();
    Ok(results::table
        .inner_join(events::table)
        .filter(events::club_id.eq(club.get()))
        .filter(results::event_id.eq(event.get()))
        .select((
            results::round,
            results::table_number,
            results::result_status,
        ))
        .load::<(i32, i32, String)>(conn)?
        .into_iter()
        .filter_map(|(r, t, s)| {
            Some(Reported {
                round: u32::try_from(r).ok()?,
                table: u32::try_from(t).ok()?,
                disputed: s == disputed,
            })
        })
        .collect())
}
