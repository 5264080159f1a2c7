//! An event's movement, stored as the director's options and the generated plan (JSON in
//! the command line's shape). Every query goes through the event's club.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{event_movements, events, results};
use super::{DbConnection, DbError, now};
use crate::event::movement::{MovementOptions, PlanError, movement_kind, movement_open, plan};
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
    conn.transaction(|conn| {
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
        super::events::set_boards(conn, event, &settings)?;
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
    conn.transaction(|conn| {
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
        diesel::update(events::table.find(event.get()))
            .set((
                events::current_round.eq(next as i32),
                events::round_started_at.eq(now()),
            ))
            .execute(conn)?;
        Ok(next)
    })
}
