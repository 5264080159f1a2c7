//! Results of boards played. A result is written once; every later change (a confirmation, a
//! correction, an adjustment) goes through one function that keeps the old and new values in
//! the audit trail with who and why. Nothing is deleted. Every query goes through the club.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{events, result_audit, results};
use super::{DbConnection, DbError, event_of_club, is_unique_violation, lock_event, now};
use crate::event::EventStatus;
use crate::event::results::{
    Adjusted, AuditEntry, AuditValues, BoardOutcome, OpenDisputes, Place, ResultStatus,
    ResultValues, Sides, TableReport, TableResult,
};
use crate::event::table_report::Breakdown;
use crate::event::{ClubId, EntryId, EventId, ResultId};

#[derive(Queryable)]
struct ResultRow {
    id: i32,
    event_id: i32,
    round: i32,
    table_number: i32,
    board: i32,
    majors_entry_id: Option<i32>,
    minors_entry_id: Option<i32>,
    majors_score: i32,
    minors_score: i32,
    entered_by: String,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
    result_status: String,
    outcome: String,
    majors_adjusted: Option<String>,
    minors_adjusted: Option<String>,
    sheet: String,
    breakdown: Option<String>,
}

impl ResultRow {
    fn into_result(self) -> Result<TableResult, DbError> {
        let corrupt = |problem: String| DbError::Corrupt {
            what: "result",
            id: self.id,
            problem,
        };
        let number = |n: i32, what: &str| {
            u32::try_from(n)
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| corrupt(format!("{what} {n}")))
        };
        let adjusted = |t: &Option<String>| {
            t.as_deref()
                .map(Adjusted::parse)
                .transpose()
                .map_err(|e| corrupt(e.to_string()))
        };
        Ok(TableResult {
            id: ResultId::new(self.id),
            event_id: EventId::new(self.event_id),
            place: Place {
                round: number(self.round, "round")?,
                table: number(self.table_number, "table")?,
                board: number(self.board, "board")?,
            },
            sides: Sides::new(self.majors_entry_id, self.minors_entry_id)
                .map(|id| id.map(EntryId::new)),
            values: ResultValues {
                scores: Sides::new(self.majors_score, self.minors_score),
                status: ResultStatus::parse(&self.result_status)
                    .ok_or_else(|| corrupt(format!("status {:?}", self.result_status)))?,
                outcome: BoardOutcome::parse(&self.outcome)
                    .ok_or_else(|| corrupt(format!("outcome {:?}", self.outcome)))?,
                adjusted: Sides::new(
                    adjusted(&self.majors_adjusted)?,
                    adjusted(&self.minors_adjusted)?,
                ),
                report: TableReport::read(&self.sheet)
                    .with_breakdown(self.breakdown.as_deref().and_then(Breakdown::read)),
            },
            entered_by: self.entered_by,
            created_at: self.created_at,
            updated_at: self.updated_at,
        })
    }
}

/// Where a board was played and by whom.
#[derive(Clone, Copy, Debug)]
pub struct PlayedAt {
    pub round: i32,
    pub table_number: i32,
    pub board: i32,
    pub majors_entry: Option<EntryId>,
    pub minors_entry: Option<EntryId>,
}

/// A first result for a table, round and board.
pub enum Inserted {
    Saved(TableResult),
    /// That table, round and board already has a result: it is left as it was.
    Exists(TableResult),
}

fn load(conn: &mut DbConnection, id: i32) -> Result<TableResult, DbError> {
    results::table
        .find(id)
        .first::<ResultRow>(conn)?
        .into_result()
}

fn existing(
    conn: &mut DbConnection,
    event: EventId,
    at: &PlayedAt,
) -> Result<Option<TableResult>, DbError> {
    results::table
        .filter(results::event_id.eq(event.get()))
        .filter(results::round.eq(at.round))
        .filter(results::table_number.eq(at.table_number))
        .filter(results::board.eq(at.board))
        .first::<ResultRow>(conn)
        .optional()?
        .map(ResultRow::into_result)
        .transpose()
}

fn audit(
    conn: &mut DbConnection,
    id: i32,
    by: &str,
    reason: Option<&str>,
    old: Option<&ResultValues>,
    new: &ResultValues,
) -> Result<(), DbError> {
    diesel::insert_into(result_audit::table)
        .values((
            result_audit::result_id.eq(id),
            result_audit::changed_by.eq(by),
            result_audit::changed_at.eq(now()),
            result_audit::reason.eq(reason),
            result_audit::old_value.eq(old.map(|v| v.audit_json().to_string())),
            result_audit::new_value.eq(new.audit_json().to_string()),
        ))
        .execute(conn)?;
    Ok(())
}

/// Writes the first result of a table, round and board, with its audit row, in one
/// transaction; a second one for the same place is refused with the result already there.
/// `None` when the event is not the club's.
pub fn insert_result(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    at: PlayedAt,
    values: &ResultValues,
    by: &str,
    reason: Option<&str>,
) -> Result<Option<Inserted>, DbError> {
    let attempt = super::write_transaction(conn, |conn| {
        // Take the event's row first: two tables' phones at once queue here, and the second
        // then sees the first one's result.
        lock_event(conn, event)?;
        if !event_of_club(conn, club, event)? {
            return Ok(None);
        }
        if let Some(r) = existing(conn, event, &at)? {
            return Ok(Some(Inserted::Exists(r)));
        }
        let now = now();
        let id: i32 = diesel::insert_into(results::table)
            .values((
                results::event_id.eq(event.get()),
                results::round.eq(at.round),
                results::table_number.eq(at.table_number),
                results::board.eq(at.board),
                results::majors_entry_id.eq(at.majors_entry.map(EntryId::get)),
                results::minors_entry_id.eq(at.minors_entry.map(EntryId::get)),
                results::majors_score.eq(values.scores.majors),
                results::minors_score.eq(values.scores.minors),
                results::result_status.eq(values.status.name()),
                results::outcome.eq(values.outcome.name()),
                results::majors_adjusted.eq(values.adjusted.majors.map(|a| a.to_string())),
                results::minors_adjusted.eq(values.adjusted.minors.map(|a| a.to_string())),
                results::sheet.eq(values.report.text()),
                results::breakdown.eq(values.report.breakdown().map(Breakdown::text)),
                results::entered_by.eq(by),
                results::created_at.eq(now),
                results::updated_at.eq(now),
            ))
            .returning(results::id)
            .get_result(conn)?;
        audit(conn, id, by, reason, None, values)?;
        Ok(Some(Inserted::Saved(load(conn, id)?)))
    });
    match attempt {
        // The unique key caught what the lock did not (it should not happen): still once.
        Err(DbError::Query(e)) if is_unique_violation(&e) => {
            Ok(existing(conn, event, &at)?.map(Inserted::Exists))
        }
        other => other,
    }
}

/// Changes one result of the club's event: `change` sees the result as it is now (inside the
/// transaction) and gives the new values or its own refusal. The old and new values go to the
/// audit trail with who and why. `None` when there is no such result.
pub fn change_result<E>(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    id: ResultId,
    by: &str,
    reason: Option<&str>,
    change: impl FnOnce(&TableResult) -> Result<ResultValues, E>,
) -> Result<Option<Result<TableResult, E>>, DbError> {
    super::write_transaction(conn, |conn| {
        lock_event(conn, event)?;
        if !event_of_club(conn, club, event)? {
            return Ok(None);
        }
        let Some(row) = results::table
            .filter(results::id.eq(id.get()))
            .filter(results::event_id.eq(event.get()))
            .first::<ResultRow>(conn)
            .optional()?
        else {
            return Ok(None);
        };
        let current = row.into_result()?;
        let new = match change(&current) {
            Ok(v) => v,
            Err(e) => return Ok(Some(Err(e))),
        };
        let old = current.values.clone();
        diesel::update(results::table.find(id.get()))
            .set((
                results::majors_score.eq(new.scores.majors),
                results::minors_score.eq(new.scores.minors),
                results::result_status.eq(new.status.name()),
                results::outcome.eq(new.outcome.name()),
                results::majors_adjusted.eq(new.adjusted.majors.map(|a| a.to_string())),
                results::minors_adjusted.eq(new.adjusted.minors.map(|a| a.to_string())),
                results::sheet.eq(new.report.text()),
                results::breakdown.eq(new.report.breakdown().map(Breakdown::text)),
                results::updated_at.eq(now()),
            ))
            .execute(conn)?;
        audit(conn, id.get(), by, reason, Some(&old), &new)?;
        Ok(Some(Ok(load(conn, id.get())?)))
    })
}

/// Every result of one of the club's events, by round, table and board.
pub fn results_of(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<Vec<TableResult>, DbError> {
    results::table
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
        .collect()
}

/// Every result one table has entered, in any round (a late table's page lists them).
pub fn results_of_table(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    table: u32,
) -> Result<Vec<TableResult>, DbError> {
    let table = i32::try_from(table).unwrap_or(i32::MAX);
    results::table
        .inner_join(events::table)
        .filter(events::club_id.eq(club.get()))
        .filter(results::event_id.eq(event.get()))
        .filter(results::table_number.eq(table))
        .order((results::round.asc(), results::board.asc()))
        .select(results::all_columns)
        .load::<ResultRow>(conn)?
        .into_iter()
        .map(ResultRow::into_result)
        .collect()
}

/// How many results the event has on record (the delete rule counts them).
pub fn count_of(conn: &mut DbConnection, event: EventId) -> Result<usize, DbError> {
    let n: i64 = results::table
        .filter(results::event_id.eq(event.get()))
        .count()
        .get_result(conn)?;
    Ok(usize::try_from(n).unwrap_or(usize::MAX))
}

/// The results of one table in one round of the club's event (a table's page).
pub fn results_at(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    round: u32,
    table: u32,
) -> Result<Vec<TableResult>, DbError> {
    results::table
        .inner_join(events::table)
        .filter(events::club_id.eq(club.get()))
        .filter(results::event_id.eq(event.get()))
        .filter(results::round.eq(round as i32))
        .filter(results::table_number.eq(table as i32))
        .order(results::board.asc())
        .select(results::all_columns)
        .load::<ResultRow>(conn)?
        .into_iter()
        .map(ResultRow::into_result)
        .collect()
}

/// One result of the club's event.
pub fn result_of(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
    id: ResultId,
) -> Result<Option<TableResult>, DbError> {
    results::table
        .inner_join(events::table)
        .filter(events::club_id.eq(club.get()))
        .filter(results::event_id.eq(event.get()))
        .filter(results::id.eq(id.get()))
        .select(results::all_columns)
        .first::<ResultRow>(conn)
        .optional()?
        .map(ResultRow::into_result)
        .transpose()
}

/// The audit trail of the given results (oldest change first), keyed by result.
pub fn audits_of(
    conn: &mut DbConnection,
    ids: &[ResultId],
) -> Result<Vec<(ResultId, AuditEntry)>, DbError> {
    let ids: Vec<i32> = ids.iter().map(|i| i.get()).collect();
    type Row = (
        i32,
        String,
        NaiveDateTime,
        Option<String>,
        Option<String>,
        String,
    );
    Ok(result_audit::table
        .filter(result_audit::result_id.eq_any(ids))
        .order(result_audit::id.asc())
        .select((
            result_audit::result_id,
            result_audit::changed_by,
            result_audit::changed_at,
            result_audit::reason,
            result_audit::old_value,
            result_audit::new_value,
        ))
        .load::<Row>(conn)?
        .into_iter()
        .map(|(id, by, at, reason, old, new)| {
            (
                ResultId::new(id),
                AuditEntry {
                    at,
                    by,
                    reason,
                    old: old.as_deref().map(AuditValues::read),
                    new: AuditValues::read(&new),
                },
            )
        })
        .collect())
}

/// The club's disputed results in running and finished events, counted by event (oldest
/// event first).
pub fn open_disputes(conn: &mut DbConnection, club: ClubId) -> Result<OpenDisputes, DbError> {
    let live = [EventStatus::Running.name(), EventStatus::Finished.name()];
    let ids: Vec<i32> = results::table
        .inner_join(events::table)
        .filter(events::club_id.eq(club.get()))
        .filter(events::status.eq_any(live))
        .filter(results::result_status.eq(ResultStatus::Disputed.name()))
        .select(results::event_id)
        .order(results::event_id.asc())
        .load(conn)?;
    let mut by_event: Vec<(EventId, u32)> = Vec::new();
    for id in ids {
        match by_event.last_mut() {
            Some((e, n)) if e.get() == id => *n += 1,
            _ => by_event.push((EventId::new(id), 1)),
        }
    }
    Ok(OpenDisputes(by_event))
}
