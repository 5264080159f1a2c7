//! Export and import of one event as a JSON document (`docs/export-format.md`), shared by the
//! command line and the event page's download. An import reads the file and has the rules
//! engine check every result in it first, with no connection held ([`check_plan`]); then one
//! short transaction writes the event, scores the written results and keeps them only if
//! they give the file's standings. And what the club's public archive reads beyond its
//! events: their entries.

use std::collections::BTreeMap;

use serde_json::Value;

use serde::Deserialize;

use super::results::{EntryError, check_report_within};
use super::standings::{StandingsError, event_scores};
use super::{step, write_step};
use crate::db::{self, DbConnection, DbError, DbPool};
use crate::engine::{Budget, kaiso};
use crate::event::entries::Entry;
use crate::event::export::{self, EventDocument, ExportInputs};
use crate::event::import::{self, ImportError, ImportPlan, ImportResult};
use crate::event::results::{BoardOutcome, TableResult};
use crate::event::table_report::{Breakdown, SheetInput};
use crate::event::threes::StoredRound;
use crate::event::{ClubId, EventId, Viewer};

#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    #[error("there is no club \"{0}\" on this instance: create it first (setup-link)")]
    NoClub(String),
    #[error("the club has no event {0}")]
    NoEvent(i32),
    #[error(transparent)]
    File(#[from] ImportError),
    #[error(
        "this event is already in club \"{club}\" as event {existing} (the same {identity}): \
         it is not imported twice"
    )]
    AlreadyImported {
        club: String,
        existing: i32,
        identity: &'static str,
    },
    #[error(
        "the results do not give the file's standings (a result or the standings were edited): \
         {0}"
    )]
    StandingsDiffer(String),
    /// The file's results together need more of the rules engine than one import may take
    /// ([`IMPORT_CHECK_BUDGET`]): a file made to keep a server busy, not a club's evening.
    #[error(
        "the file's results are too much for the rules engine to check in one import \
         (its budget for a file ran out at {place}): ask the server's operator"
    )]
    TooMuchToCheck { place: String },
    /// A result's stored report that the rules engine, run again on the board dealt from the
    /// key, refuses or scores otherwise than the file says.
    #[error("the result of {place} does not stand: {problem}")]
    ResultRefused { place: String, problem: String },
    #[error(transparent)]
    Standings(#[from] StandingsError),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for ArchiveError {
    fn from(e: diesel::result::Error) -> Self {
        ArchiveError::Db(e.into())
    }
}

/// The club's event as its export document (the directors' view: every result).
/// The key is in the document once the hand records are released, or when `with_key` (an
/// operator moving an unreleased event).
pub fn export_event(
    conn: &mut DbConnection,
    club: ClubId,
    id: EventId,
    with_key: bool,
) -> Result<EventDocument, ArchiveError> {
    let club_row = db::clubs::club_by_id(conn, club)?.ok_or(ArchiveError::NoEvent(id.get()))?;
    let ev = db::events::event(conn, club, id)?.ok_or(ArchiveError::NoEvent(id.get()))?;
    let scores = event_scores(conn, &ev, Viewer::ClubDirector)?;
    let movement = db::movements::movement_of(conn, club, id)?;
    let individual = match db::individual::options_of(conn, club, id)? {
        Some((options, plan)) => Some((
            options,
            plan,
            db::individual::rounds_of::<StoredRound>(conn, club, id)?,
        )),
        None => None,
    };
    let commitments = db::events::commitments_of(conn, club, id)?;
    let movement_changes = db::movements::movement_changes(conn, club, id)?;
    let ids: Vec<_> = scores.results.iter().map(|r| r.id).collect();
    let audits = db::results::audits_of(conn, &ids)?;
    let roster = db::clubs::players_of(conn, club, true)?;
    let membership = |p| {
        roster
            .iter()
            .find(|r| r.id == p)
            .and_then(|r| r.membership_number.clone())
    };
    Ok(export::build(&ExportInputs {
        club: &club_row,
        event: &ev,
        entries: &scores.entries,
        membership: &membership,
        movement,
        movement_changes: &movement_changes,
        individual,
        results: &scores.results,
        audits: &audits,
        standings: scores.standings.to_value(),
        now: db::now(),
        with_key,
        commitments: &commitments,
    }))
}

/// Imports a file's text under the club `club_slug` (the file's own club when `None`).
/// Returns the new event's id and the club's slug. Nothing is written unless all is well.
///
/// Three steps, so that neither a connection nor the write lock is held while the engine
/// checks the file's results: the club is found (and the event looked for, to refuse a
/// second import early), every result is checked with no connection, and one short
/// transaction writes it all (looking for the event again: another import may have written
/// it meanwhile).
pub fn import_event(
    pool: &DbPool,
    text: &str,
    club_slug: Option<&str>,
) -> Result<(EventId, String), ArchiveError> {
    let mut plan = import::read(text)?;
    let slug = club_slug.unwrap_or(&plan.club_slug).to_string();
    let club = step(pool, |conn| {
        let club = db::clubs::club_by_slug(conn, &slug)?
            .ok_or_else(|| ArchiveError::NoClub(slug.clone()))?;
        refuse_twice(conn, club.id, &slug, &plan)?;
        Ok::<_, ArchiveError>(club)
    })?;
    let checked = check_plan(&mut plan)?;
    let id = write_step(pool, |conn| {
        refuse_twice(conn, club.id, &slug, checked.plan)?;
        import_plan(conn, club.id, &checked)
    })?;
    Ok((id, slug))
}

/// A read file whose every result the rules engine has checked ([`check_plan`]): only such a
/// plan is written. Each played result's totals, by place, as the engine gives them.
pub struct CheckedPlan<'a> {
    plan: &'a ImportPlan,
    totals: BTreeMap<(i32, i32, i32), (i64, i64)>,
}

impl CheckedPlan<'_> {
    pub fn plan(&self) -> &ImportPlan {
        self.plan
    }
}

/// The rules engine's check of every result of a read file, as when each was entered (see
/// [`recheck`]), in the order of their places (so the first refusal named is the same
/// whatever order the file lists them in). Holds no connection: call it before the
/// transaction that writes the plan. Each result passes the gate of `checks` on its own, so
/// a long file takes turns with the checks of other requests.
/// Each checked report gets the engine's breakdown, stored beside it as at the table.
pub fn check_plan(plan: &mut ImportPlan) -> Result<CheckedPlan<'_>, ArchiveError> {
    let mut order: Vec<usize> = (0..plan.results.len()).collect();
    order.sort_by_key(|&i| {
        let r = &plan.results[i];
        (r.round, r.table, r.board)
    });
    let mut totals = BTreeMap::new();
    let mut budget = Budget::new(IMPORT_CHECK_BUDGET);
    for i in order {
        let r = &plan.results[i];
        if let Some((t, breakdown)) = recheck(plan, r, &mut budget)? {
            totals.insert((r.round, r.table, r.board), t);
            let sheet = plan.results[i]
                .values
                .report
                .clone()
                .with_breakdown(breakdown);
            plan.results[i].values.report = sheet;
        }
    }
    Ok(CheckedPlan { plan, totals })
}

/// The rules engine's work one imported file may take, all its results together: ten
/// times one table's report (about 3 s of a core in a release build). Each report gets at
/// most one table report's budget (so it is judged as at the table); a club's real Kaiso
/// reports take at most about 0.5% of that each, so a file of thousands fits, and a file of
/// costly reports is refused once the file's budget is spent, whatever its length.
pub const IMPORT_CHECK_BUDGET: u64 = 10 * kaiso::CHECK_BUDGET;

/// Writes a checked file's event under the club, in the caller's transaction: the results
/// are scored again and kept only if they give the file's standings. (Whether it is there
/// already is the caller's question: a sim's heats share one deal commitment.) What the
/// engine found is compared with the written results here, which is cheap: the engine ran
/// before, in [`check_plan`].
pub fn import_plan(
    conn: &mut DbConnection,
    club: ClubId,
    checked: &CheckedPlan,
) -> Result<EventId, ArchiveError> {
    let plan = checked.plan;
    let id = db::archive::insert_event(conn, club, plan)?;
    db::movements::insert_changes(conn, id, &plan.movement_changes)?;
    let ev = db::events::event(conn, club, id)?.ok_or(ArchiveError::NoEvent(id.get()))?;
    let scores = event_scores(conn, &ev, Viewer::ClubDirector)?;
    for r in &scores.results {
        as_checked(checked, r)?;
    }
    if let Some(diff) = first_difference(&plan.standings, &scores.standings.to_value(), "standings")
    {
        return Err(ArchiveError::StandingsDiffer(diff));
    }
    Ok(id)
}

/// The entries of several of the club's events at once, by event then number: the archive's
/// search and a player's page read every past event's. Another club's events give nothing.
pub fn entries_of_events(
    conn: &mut DbConnection,
    club: ClubId,
    ids: &[EventId],
) -> Result<Vec<Entry>, DbError> {
    db::entries::entries_of_events(conn, club, ids)
}

fn place_of(round: impl std::fmt::Display, table: impl std::fmt::Display, board: u32) -> String {
    format!("round {round}, table {table}, board {board}")
}

/// An imported result as the engine scored it: its totals, and the breakdown to store.
type Rechecked = ((i64, i64), Option<Breakdown>);

/// The rules engine's check of an imported result, as when it was entered: its report
/// against the board dealt from the file's key, and the totals it gives against the file's.
/// A ruling without a report (not played, fouled) and a result stored before reports were
/// kept have nothing to check here (`None`); the standings check covers them.
fn recheck(
    plan: &ImportPlan,
    r: &ImportResult,
    budget: &mut Budget,
) -> Result<Option<Rechecked>, ArchiveError> {
    let board = u32::try_from(r.board).unwrap_or(0);
    let refused = |problem: String| ArchiveError::ResultRefused {
        place: place_of(r.round, r.table, board),
        problem,
    };
    if r.values.outcome != BoardOutcome::Played || r.values.report.is_empty() {
        return Ok(None);
    }
    let spent = || ArchiveError::TooMuchToCheck {
        place: place_of(r.round, r.table, board),
    };
    if budget.exhausted() {
        return Err(spent());
    }
    let input = SheetInput::deserialize(r.values.report.json())
        .map_err(|e| refused(format!("its report: {e}")))?;
    // Each report gets what one table's report gets, or what the file has left if less: a
    // report is judged as at the table, and the file's reports together stay bounded.
    let share = budget.left().min(kaiso::CHECK_BUDGET);
    let mut one = Budget::new(share);
    let checked = check_report_within(&plan.settings, plan.deal.as_ref(), board, input, &mut one);
    budget.spend(one.spent());
    let file_spent = one.exhausted() && share < kaiso::CHECK_BUDGET;
    if file_spent {
        budget.spend_all();
    }
    let (checked, _) = checked.map_err(|e| match e {
        EntryError::Problems(_) if file_spent => spent(),
        EntryError::Problems(p) => refused(
            p.iter()
                .map(|p| p.message.clone())
                .collect::<Vec<_>>()
                .join("; "),
        ),
        other => refused(other.to_string()),
    })?;
    let stored = (
        i64::from(r.values.scores.majors),
        i64::from(r.values.scores.minors),
    );
    if (checked.majors, checked.minors) != stored {
        return Err(refused(format!(
            "its report scores {} to {}, the file says {} to {}",
            checked.majors, checked.minors, stored.0, stored.1
        )));
    }
    Ok(Some((stored, Breakdown::of_scored(&checked.score))))
}

/// A written result against what the engine found before the transaction: a played result
/// with a report was checked, and is stored with the totals the engine gave.
fn as_checked(checked: &CheckedPlan, r: &TableResult) -> Result<(), ArchiveError> {
    if r.values.outcome != BoardOutcome::Played || r.values.report.is_empty() {
        return Ok(());
    }
    let at = (
        i32::try_from(r.place.round).unwrap_or(i32::MAX),
        i32::try_from(r.place.table).unwrap_or(i32::MAX),
        i32::try_from(r.place.board).unwrap_or(i32::MAX),
    );
    let stored = (
        i64::from(r.values.scores.majors),
        i64::from(r.values.scores.minors),
    );
    match checked.totals.get(&at) {
        Some(&t) if t == stored => Ok(()),
        found => Err(ArchiveError::ResultRefused {
            place: place_of(r.place.round, r.place.table, r.place.board),
            problem: match found {
                Some((m, n)) => format!(
                    "its report scores {m} to {n}, it was written as {} to {}",
                    stored.0, stored.1
                ),
                None => "its report was not checked by the rules engine".into(),
            },
        }),
    }
}

/// An event's identity across instances: its club and deal commitment; for an event without
/// a deal key, its club, name and date.
fn refuse_twice(
    conn: &mut DbConnection,
    club: ClubId,
    slug: &str,
    plan: &ImportPlan,
) -> Result<(), ArchiveError> {
    let (found, identity) = match &plan.deal {
        Some(d) => (
            db::archive::event_with_commitment(conn, club, &d.commitment)?,
            "deal commitment",
        ),
        None => (
            db::archive::event_with_name_and_date(
                conn,
                club,
                plan.settings.name(),
                plan.settings.date(),
            )?,
            "name and date (the event has no deal key)",
        ),
    };
    match found {
        Some(existing) => Err(ArchiveError::AlreadyImported {
            club: slug.to_string(),
            existing: existing.get(),
            identity,
        }),
        None => Ok(()),
    }
}

/// Where two JSON values first differ, as a path and the two values; `None` when equal.
fn first_difference(file: &Value, computed: &Value, path: &str) -> Option<String> {
    match (file, computed) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, va) in a {
                let p = format!("{path}.{k}");
                match b.get(k) {
                    Some(vb) => {
                        if let Some(d) = first_difference(va, vb, &p) {
                            return Some(d);
                        }
                    }
                    None => return Some(format!("{p} is in the file but not computed")),
                }
            }
            b.keys()
                .find(|k| !a.contains_key(*k))
                .map(|k| format!("{path}.{k} is computed but not in the file"))
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => a
            .iter()
            .zip(b)
            .enumerate()
            .find_map(|(i, (va, vb))| first_difference(va, vb, &format!("{path}[{i}]"))),
        _ if file == computed => None,
        _ => Some(format!(
            "{path}: the file has {file}, the results give {computed}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::first_difference;
    use serde_json::json;

    #[test]
    fn the_first_difference_is_named_by_its_path() {
        let a = json!({"pairs": [{"pair": 1, "mp": 10}, {"pair": 2, "mp": 4}]});
        let mut b = a.clone();
        assert_eq!(first_difference(&a, &b, "standings"), None);
        b["pairs"][1]["mp"] = json!(5);
        assert_eq!(
            first_difference(&a, &b, "standings").unwrap(),
            "standings.pairs[1].mp: the file has 4, the results give 5"
        );
    }
}
