//! The progressive individual's storage: the director's options (and the plan made from
//! them) and the seating of every round started. Every query goes through the event's club.

use diesel::prelude::*;

use super::movements::MovementChangeError;
use super::schema::{events, individual_options, individual_rounds, results};
use super::{DbConnection, DbError, now};
use crate::event::individual::{
    CutError, CutInputs, IndividualOptions, IndividualPlan, IndividualPlanError, SeatingInputs,
    individual_plan, next_seating, options_open, reseat_with_cut,
};
use crate::event::movement::PlanError;
use crate::event::rounds::{RoundError, next_round_of};
use crate::event::settings::EventFormat;
use crate::event::{ClubId, Event, EventId};
use crate::movement::{IndividualRound, IndividualTable};

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

/// The seating of every round started, by round.
pub fn rounds_of(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Vec<IndividualRound>, DbError> {
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

#[derive(Debug, thiserror::Error)]
pub enum IndividualChangeError {
    #[error("not found")]
    NotFound,
    #[error("the rounds and table sizes are fixed once round 1 has started")]
    Started,
    #[error(transparent)]
    Refused(#[from] IndividualPlanError),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for IndividualChangeError {
    fn from(e: diesel::result::Error) -> Self {
        IndividualChangeError::Db(e.into())
    }
}

/// Makes the plan from the event as it is now (its tables and individual entries) and the
/// options, stores both, and sets the event's boards to tables × rounds. Until round 1
/// starts.
pub fn set_options(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    options: &IndividualOptions,
) -> Result<IndividualPlan, IndividualChangeError> {
    super::write_transaction(conn, |conn| {
        let ev = super::events::event(conn, club, event)?.ok_or(IndividualChangeError::NotFound)?;
        if !options_open(ev.status, ev.round.current) {
            return Err(IndividualChangeError::Started);
        }
        let players = super::entries::entries_of(conn, club, event)?.len() as u32;
        let plan = individual_plan(&ev.settings, players, options)?;
        let settings =
            ev.settings
                .with_boards(plan.boards())
                .map_err(|_| IndividualPlanError::Boards {
                    boards: plan.boards(),
                })?;
        super::events::update_settings(conn, event, &settings)?;
        let json = corrupt("individual options of event", event.get());
        let options_json = serde_json::to_string(options).map_err(&json)?;
        let plan_json = serde_json::to_string(&plan).map_err(&json)?;
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
        Ok(plan)
    })
}

/// What round control reads for a progressive individual.
pub struct IndividualState {
    pub options: Option<(IndividualOptions, IndividualPlan)>,
    pub seated: Vec<IndividualRound>,
    pub scores: Vec<(u32, u32, i64, i64)>,
    pub players: u32,
}

impl IndividualState {
    /// The rounds planned, for the last-round check.
    pub fn rounds(&self) -> Result<u32, RoundError> {
        self.options
            .as_ref()
            .map(|(_, plan)| plan.rounds)
            .ok_or(RoundError::NoIndividualPlan)
    }

    /// The seating of the round after the current one (see [`next_seating`]).
    pub fn next_seating(&self, ev: &Event) -> Result<IndividualRound, RoundError> {
        let (options, _) = self.options.as_ref().ok_or(RoundError::NoIndividualPlan)?;
        next_seating(&SeatingInputs {
            settings: &ev.settings,
            players: self.players,
            options,
            deal: ev.deal.as_ref(),
            current: ev.round.current,
            seated: &self.seated,
            results: &self.scores,
        })
    }
}

pub fn state_of(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<IndividualState, DbError> {
    Ok(IndividualState {
        options: options_of(conn, club, event)?,
        seated: rounds_of(conn, club, event)?,
        scores: scores_of(conn, club, event)?,
        players: super::entries::entries_of(conn, club, event)?.len() as u32,
    })
}

/// Starts round `round` of a progressive individual (inside the caller's transaction): it
/// must be the next one, every table of the current round must have its result, and the
/// round's seating, computed as round control shows it, is stored.
pub(super) fn start_round(
    conn: &mut DbConnection,
    ev: &Event,
    round: u32,
) -> Result<u32, MovementChangeError> {
    let st = state_of(conn, ev.club_id, ev.id)?;
    let next = next_round_of(ev.status, &ev.round, st.rounds()).map_err(PlanError::Round)?;
    if next != round {
        return Err(PlanError::Round(RoundError::Stale { asked: round, next }).into());
    }
    let seating = st.next_seating(ev).map_err(PlanError::Round)?;
    let json = serde_json::to_string(&seating)
        .map_err(corrupt("individual round of event", ev.id.get()))?;
    diesel::insert_into(individual_rounds::table)
        .values((
            individual_rounds::event_id.eq(ev.id.get()),
            individual_rounds::round.eq(next as i32),
            individual_rounds::seating.eq(json),
            individual_rounds::created_at.eq(now()),
        ))
        .execute(conn)
        .map_err(|e| match e {
            // Another start of the same round got there first.
            diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _,
            ) => PlanError::Round(RoundError::Stale {
                asked: round,
                next: next + 1,
            })
            .into(),
            e => MovementChangeError::from(e),
        })?;
    Ok(next)
}

#[derive(Debug, thiserror::Error)]
pub enum CutChangeError {
    /// No such event in the club, or not a progressive individual.
    #[error("not found")]
    NotFound,
    #[error(transparent)]
    Refused(#[from] CutError),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for CutChangeError {
    fn from(e: diesel::result::Error) -> Self {
        CutChangeError::Db(e.into())
    }
}

/// Applies the cut a table of a progressive individual reported for the round being played
/// (its players, highest first): the stored seating of that round is rewritten with that
/// table re-seated (see [`reseat_with_cut`]). Answers the table's new seating.
pub fn report_cut(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    round: u32,
    table: u32,
    cut: Vec<u32>,
) -> Result<IndividualTable, CutChangeError> {
    super::write_transaction(conn, |conn| {
        // As a result's insert does: a result and a cut at the same table queue here, and
        // the second sees the first (a cut after the result is refused).
        super::events::lock_event(conn, event)?;
        let ev = super::events::event(conn, club, event)?.ok_or(CutChangeError::NotFound)?;
        if ev.settings.format() != EventFormat::ProgressiveIndividual {
            return Err(CutChangeError::NotFound);
        }
        let st = state_of(conn, club, event)?;
        let updated = reseat_with_cut(
            &CutInputs {
                status: ev.status,
                current: ev.round.current,
                deal: ev.deal.as_ref(),
                seated: &st.seated,
                results: &st.scores,
            },
            round,
            table,
            cut,
        )?;
        let json = serde_json::to_string(&updated)
            .map_err(corrupt("individual round of event", event.get()))?;
        diesel::update(
            individual_rounds::table
                .filter(individual_rounds::event_id.eq(event.get()))
                .filter(individual_rounds::round.eq(round as i32)),
        )
        .set(individual_rounds::seating.eq(json))
        .execute(conn)?;
        updated
            .table(table)
            .cloned()
            .ok_or(CutChangeError::Refused(CutError::NoTable { round, table }))
    })
}
