//! Results of boards played, each change kept in the audit trail. Every query goes through
//! the event's club.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::entries::event_of_club;
use super::schema::{events, result_audit, results};
use super::{DbConnection, DbError, now};
use crate::event::results::{ResultDetails, Standing, TableResult, provisional_standings};
use crate::event::{ClubId, EntryId, EventId, ResultId};

#[derive(Queryable)]
struct ResultRow {
    id: i32,
    event_id: i32,
    round: i32,
    table_number: i32,
    board: i32,
    ns_entry_id: Option<i32>,
    ew_entry_id: Option<i32>,
    calypsos: String,
    in_progress: String,
    trick_piles: String,
    seat_scores: String,
    ns_score: i32,
    ew_score: i32,
    entered_by: String,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

impl ResultRow {
    fn into_result(self) -> TableResult {
        TableResult {
            id: ResultId::new(self.id),
            event_id: EventId::new(self.event_id),
            round: self.round,
            table_number: self.table_number,
            board: self.board,
            ns_entry: self.ns_entry_id.map(EntryId::new),
            ew_entry: self.ew_entry_id.map(EntryId::new),
            details: ResultDetails {
                calypsos: self.calypsos,
                in_progress: self.in_progress,
                trick_piles: self.trick_piles,
                seat_scores: self.seat_scores,
            },
            ns_score: self.ns_score,
            ew_score: self.ew_score,
            entered_by: self.entered_by,
            created_at: self.created_at,
            updated_at: self.updated_at,
        }
    }
}

/// The audit trail's record of a result's values.
fn audit_json(r: &TableResult) -> String {
    serde_json::json!({
        "ns_entry_id": r.ns_entry.map(EntryId::get), "ew_entry_id": r.ew_entry.map(EntryId::get),
        "ns_score": r.ns_score, "ew_score": r.ew_score,
        "calypsos": r.details.calypsos, "in_progress": r.details.in_progress,
        "trick_piles": r.details.trick_piles, "seat_scores": r.details.seat_scores,
    })
    .to_string()
}

pub fn results_of(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Vec<TableResult>, DbError> {
    Ok(results::table
        .inner_join(events::table)
        .filter(events::club_id.eq(club.get()))
        .filter(results::event_id.eq(event.get()))
        .order((
            results::round.asc(),
            results::table_number.asc(),
            results::board.asc(),
        ))
        .select(results::all_columns)
        .load::<ResultRow>(conn)?
        .into_iter()
        .map(ResultRow::into_result)
        .collect())
}

/// Provisional standings of one of the club's events.
pub fn standings(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Vec<Standing>, DbError> {
    let results = results_of(conn, club, event)?;
    let entries = super::entries::entries_of(conn, club, event)?;
    Ok(provisional_standings(&entries, &results))
}

/// Where a board was played and by whom.
#[derive(Clone, Copy, Debug)]
pub struct Played {
    pub round: i32,
    pub table_number: i32,
    pub board: i32,
    pub ns_entry: Option<EntryId>,
    pub ew_entry: Option<EntryId>,
}

/// Stores (or replaces) one board's result with an audit row recording old and new; `None`
/// when the event is not the club's. Used by the tests now and by score entry next.
pub fn save_result(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    at: Played,
    scores: (i32, i32),
    details: &ResultDetails,
    entered_by: &str,
) -> Result<Option<ResultId>, DbError> {
    conn.transaction(|conn| {
        if !event_of_club(conn, club, event)? {
            return Ok(None);
        }
        let now = now();
        let existing: Option<ResultRow> = results::table
            .filter(results::event_id.eq(event.get()))
            .filter(results::round.eq(at.round))
            .filter(results::table_number.eq(at.table_number))
            .filter(results::board.eq(at.board))
            .first(conn)
            .optional()?;
        let values = (
            results::ns_entry_id.eq(at.ns_entry.map(EntryId::get)),
            results::ew_entry_id.eq(at.ew_entry.map(EntryId::get)),
            results::calypsos.eq(&details.calypsos),
            results::in_progress.eq(&details.in_progress),
            results::trick_piles.eq(&details.trick_piles),
            results::seat_scores.eq(&details.seat_scores),
            results::ns_score.eq(scores.0),
            results::ew_score.eq(scores.1),
            results::entered_by.eq(entered_by),
            results::updated_at.eq(now),
        );
        let (id, old) = match existing {
            Some(r) => {
                let id = r.id;
                let old = audit_json(&r.into_result());
                diesel::update(results::table.find(id))
                    .set(values)
                    .execute(conn)?;
                (id, Some(old))
            }
            None => {
                let id: i32 = diesel::insert_into(results::table)
                    .values((
                        values,
                        results::event_id.eq(event.get()),
                        results::round.eq(at.round),
                        results::table_number.eq(at.table_number),
                        results::board.eq(at.board),
                        results::created_at.eq(now),
                    ))
                    .returning(results::id)
                    .get_result(conn)?;
                (id, None)
            }
        };
        let saved: ResultRow = results::table.find(id).first(conn)?;
        diesel::insert_into(result_audit::table)
            .values((
                result_audit::result_id.eq(id),
                result_audit::changed_by.eq(entered_by),
                result_audit::changed_at.eq(now),
                result_audit::old_value.eq(old),
                result_audit::new_value.eq(audit_json(&saved.into_result())),
            ))
            .execute(conn)?;
        Ok(Some(ResultId::new(id)))
    })
}
