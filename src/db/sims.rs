//! Simultaneous events and their heats. Storage only: who may open, join, import and
//! release is `event::sim`, asked by `service::sims`.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{events, sim_heats, sims};
use super::{DbConnection, DbError, now};
use crate::event::sim::{Heat, Sim};
use crate::event::{ClubId, EventId, SimId};

/// Sims listed at most (newest first): the list is a page, not an archive.
pub const MAX_LISTED: i64 = 200;

#[derive(Queryable)]
struct SimRow {
    id: i32,
    club_id: i32,
    name: String,
    released: bool,
    created_at: NaiveDateTime,
}

impl From<SimRow> for Sim {
    fn from(r: SimRow) -> Sim {
        Sim {
            id: SimId::new(r.id),
            club_id: ClubId::new(r.club_id),
            name: r.name,
            released: r.released,
            created_at: r.created_at,
        }
    }
}

#[derive(Queryable)]
struct HeatRow {
    event_id: i32,
    sim_id: i32,
    heat: i32,
    club_name: String,
    imported: bool,
}

impl HeatRow {
    fn into_heat(self) -> Result<Heat, DbError> {
        let heat = u32::try_from(self.heat)
            .ok()
            .filter(|h| (1..=crate::event::sim::MAX_HEATS).contains(h))
            .ok_or_else(|| DbError::Corrupt {
                what: "sim heat",
                id: self.event_id,
                problem: format!("heat number {} is out of range", self.heat),
            })?;
        Ok(Heat {
            event: EventId::new(self.event_id),
            sim: SimId::new(self.sim_id),
            heat,
            club_name: self.club_name,
            imported: self.imported,
        })
    }
}

/// A new sim of `club`, with `event` (of the same club) as its heat 1.
pub fn create(
    conn: &mut DbConnection,
    club: ClubId,
    name: &str,
    event: EventId,
    club_name: &str,
) -> Result<SimId, DbError> {
    let id: i32 = diesel::insert_into(sims::table)
        .values((
            sims::club_id.eq(club.get()),
            sims::name.eq(name),
            sims::released.eq(false),
            sims::created_at.eq(now()),
        ))
        .returning(sims::id)
        .get_result(conn)?;
    let sim = SimId::new(id);
    add_heat(conn, sim, event, 1, club_name, false)?;
    Ok(sim)
}

pub fn sim(conn: &mut DbConnection, id: SimId) -> Result<Option<Sim>, DbError> {
    Ok(sims::table
        .find(id.get())
        .first::<SimRow>(conn)
        .optional()?
        .map(Sim::from))
}

/// Every sim on the server, newest first (at most [`MAX_LISTED`]).
pub fn all(conn: &mut DbConnection) -> Result<Vec<Sim>, DbError> {
    Ok(sims::table
        .order(sims::id.desc())
        .limit(MAX_LISTED)
        .load::<SimRow>(conn)?
        .into_iter()
        .map(Sim::from)
        .collect())
}

pub fn heats_of(conn: &mut DbConnection, sim: SimId) -> Result<Vec<Heat>, DbError> {
    sim_heats::table
        .filter(sim_heats::sim_id.eq(sim.get()))
        .order(sim_heats::heat)
        .load::<HeatRow>(conn)?
        .into_iter()
        .map(HeatRow::into_heat)
        .collect()
}

pub fn heat_of(conn: &mut DbConnection, event: EventId) -> Result<Option<Heat>, DbError> {
    sim_heats::table
        .find(event.get())
        .first::<HeatRow>(conn)
        .optional()?
        .map(HeatRow::into_heat)
        .transpose()
}

/// Makes `event` heat `heat` of the sim: its row here and the event's own mark.
pub fn add_heat(
    conn: &mut DbConnection,
    sim: SimId,
    event: EventId,
    heat: u32,
    club_name: &str,
    imported: bool,
) -> Result<(), DbError> {
    diesel::insert_into(sim_heats::table)
        .values((
            sim_heats::event_id.eq(event.get()),
            sim_heats::sim_id.eq(sim.get()),
            sim_heats::heat.eq(i32::try_from(heat).unwrap_or(i32::MAX)),
            sim_heats::club_name.eq(club_name),
            sim_heats::imported.eq(imported),
        ))
        .execute(conn)?;
    diesel::update(events::table.find(event.get()))
        .set((events::sim_id.eq(sim.get()), events::updated_at.eq(now())))
        .execute(conn)?;
    Ok(())
}

/// What a sim's computed field is kept against: its heats' versions added up, plus their
/// number. A heat is never deleted and every write to a heat (joining included) moves its
/// version on, so this only grows, and grows with every change to the field.
pub fn version(conn: &mut DbConnection, sim: SimId) -> Result<i64, DbError> {
    let versions: Vec<i64> = events::table
        .filter(events::sim_id.eq(sim.get()))
        .select(events::version)
        .load(conn)?;
    let count = i64::try_from(versions.len()).unwrap_or(i64::MAX);
    Ok(versions
        .into_iter()
        .fold(count, |sum, v| sum.saturating_add(v)))
}

/// Releases the key and hand records of the sim and of every heat.
pub fn release(conn: &mut DbConnection, sim: SimId) -> Result<(), DbError> {
    diesel::update(sims::table.find(sim.get()))
        .set(sims::released.eq(true))
        .execute(conn)?;
    diesel::update(events::table.filter(events::sim_id.eq(sim.get())))
        .set((
            events::hand_records_released.eq(true),
            events::updated_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(())
}
