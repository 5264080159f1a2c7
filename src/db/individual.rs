//! The progressive individual's storage: the director's options (and the plan made from
//! them) and the seating of every round started. Every query goes through the event's club.
//! Storage only: setting the options, seating a round and a table's cut are `service::play`.

use diesel::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::schema::{events, individual_options, individual_rounds, results};
use super::{DbConnection, DbError, now};
use crate::event::individual::{IndividualOptions, IndividualPlan};
use crate::event::{ClubId, EventId};
use crate::movement::IndividualRound;

fn corrupt(what: &'static str, id: i32) -> impl Fn(serde_json::Error) -> DbError {
    move |e| DbError::Corrupt {
        what,
        id,
        problem: e.to_string(),
    }
}

/// The director's options and the plan made from them, if set.
pub fn options_of(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Option<(IndividualOptions, IndividualPlan)>, DbError> {
    let row = individual_options::table
        .inner_join(events::table)
        .filter(events::club_id.eq(club.get()))
        .filter(individual_options::event_id.eq(event.get()))
        .select((individual_options::options, individual_options::plan))
        .first::<(String, String)>(conn)
        .optional()?;
    let Some((options, plan)) = row else {
        return Ok(None);
    };
    let bad = corrupt("individual options of event", event.get());
    Ok(Some((
        serde_json::from_str(&options).map_err(&bad)?,
        serde_json::from_str(&plan).map_err(&bad)?,
    )))
}

/// The seating of every round started, by round: an `IndividualRound` each, or a
/// `ThreesRound` at an Auction event's tables of three (the event's game says which).
pub fn rounds_of<R: DeserializeOwned>(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Vec<R>, DbError> {
    individual_rounds::table
        .inner_join(events::table)
        .filter(events::club_id.eq(club.get()))
        .filter(individual_rounds::event_id.eq(event.get()))
        .order(individual_rounds::round.asc())
        .select(individual_rounds::seating)
        .load::<String>(conn)?
        .iter()
        .map(|s| serde_json::from_str(s).map_err(corrupt("individual round of event", event.get())))
        .collect()
}

/// Every stored result's (round, table, majors' score, minors' score): the individual form
/// keeps the majors side's score in the North-South column.
pub fn scores_of(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Vec<(u32, u32, i64, i64)>, DbError> {
    Ok(results::table
        .inner_join(events::table)
        .filter(events::club_id.eq(club.get()))
        .filter(results::event_id.eq(event.get()))
        .select((
            results::round,
            results::table_number,
            results::majors_score,
            results::minors_score,
        ))
        .load::<(i32, i32, i32, i32)>(conn)?
        .into_iter()
        .map(|(r, t, a, b)| (r as u32, t as u32, i64::from(a), i64::from(b)))
        .collect())
}

/// Stores the options and the plan made from them, replacing those there were.
pub fn store_options(
    conn: &mut DbConnection,
    event: EventId,
    options: &IndividualOptions,
    plan: &IndividualPlan,
) -> Result<(), DbError> {
    let json = corrupt("individual options of event", event.get());
    let options_json = serde_json::to_string(options).map_err(&json)?;
    let plan_json = serde_json::to_string(plan).map_err(&json)?;
    let now = now();
    diesel::delete(individual_options::table.find(event.get())).execute(conn)?;
    diesel::insert_into(individual_options::table)
        .values((
            individual_options::event_id.eq(event.get()),
            individual_options::options.eq(options_json),
            individual_options::plan.eq(plan_json),
            individual_options::created_at.eq(now),
            individual_options::updated_at.eq(now),
        ))
        .execute(conn)?;
    Ok(())
}

/// Stores a round's seating when the round starts (a second start of the same round is a
/// unique violation).
pub fn insert_round<R: Serialize>(
    conn: &mut DbConnection,
    event: EventId,
    round: u32,
    seating: &R,
) -> Result<(), DbError> {
    let json = serde_json::to_string(seating)
        .map_err(corrupt("individual round of event", event.get()))?;
    diesel::insert_into(individual_rounds::table)
        .values((
            individual_rounds::event_id.eq(event.get()),
            individual_rounds::round.eq(round as i32),
            individual_rounds::seating.eq(json),
            individual_rounds::created_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(())
}

/// Rewrites a started round's seating (a table's cut re-seats it).
pub fn update_round(
    conn: &mut DbConnection,
    event: EventId,
    round: u32,
    seating: &IndividualRound,
) -> Result<(), DbError> {
    let json = serde_json::to_string(seating)
        .map_err(corrupt("individual round of event", event.get()))?;
    diesel::update(
        individual_rounds::table
            .filter(individual_rounds::event_id.eq(event.get()))
            .filter(individual_rounds::round.eq(round as i32)),
    )
    .set(individual_rounds::seating.eq(json))
    .execute(conn)?;
    Ok(())
}
