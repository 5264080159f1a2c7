//! A board's result at one table, as stored: the engine's scores for the majors and the
//! minors, whether the other side has confirmed it, any adjustment, and its audit trail.

use std::collections::BTreeSet;

use chrono::{Duration, NaiveDateTime};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::ids::{EntryId, EventId, ResultId};
use super::lifecycle::EventStatus;
use crate::movement::Movement;

/// Where a result stands: a table's entry counts once the other side confirms it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultStatus {
    Provisional,
    Confirmed,
    /// The other side said the entry is wrong: the director decides.
    Disputed,
}

impl ResultStatus {
    pub const ALL: [ResultStatus; 3] = [
        ResultStatus::Provisional,
        ResultStatus::Confirmed,
        ResultStatus::Disputed,
    ];
    pub const fn name(self) -> &'static str {
        match self {
            ResultStatus::Provisional => "provisional",
            ResultStatus::Confirmed => "confirmed",
            ResultStatus::Disputed => "disputed",
        }
    }
    pub fn parse(text: &str) -> Option<ResultStatus> {
        Self::ALL.into_iter().find(|s| s.name() == text)
    }
}

/// Whether the board was played as dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Played,
    NotPlayed,
    /// The board was found wrongly made up: no comparison is possible.
    Fouled,
}

impl Outcome {
    pub const ALL: [Outcome; 3] = [Outcome::Played, Outcome::NotPlayed, Outcome::Fouled];
    pub const fn name(self) -> &'static str {
        match self {
            Outcome::Played => "played",
            Outcome::NotPlayed => "not-played",
            Outcome::Fouled => "fouled",
        }
    }
    pub fn parse(text: &str) -> Option<Outcome> {
        Self::ALL.into_iter().find(|s| s.name() == text)
    }
}

// One adjusted-score type and parser for the score sheet, the forms, the API and a file.
pub use crate::scoring::adjusted::{Adjusted, AdjustedError};
// What a result holds for each side: its entries, scores and adjusted scores.
pub use crate::scoring::Sides;

/// Where a result was played: the round, the table and the board, each from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Place {
    pub round: u32,
    pub table: u32,
    pub board: u32,
}

/// A stored result: where, who sat in the majors and minors seats, what it says, and by
/// whom and when it was entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableResult {
    pub id: ResultId,
    pub event_id: EventId,
    pub place: Place,
    /// The entries in the majors and minors seats (none in the progressive individual).
    pub sides: Sides<Option<EntryId>>,
    pub values: ResultValues,
    pub entered_by: String,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// What a table reported for a board, as the API's JSON: the players' summaries, the deals'
/// lines or the play record (`{}` for a board not played, or ruled). Read once from the
/// stored text; a text that is not JSON (a row edited by hand) is kept as a JSON string
/// rather than guessed at, and every check of it then refuses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report(Value);

impl Report {
    /// No report: a board not played, or a director's ruling.
    pub fn none() -> Report {
        Report(Value::Object(Map::new()))
    }

    pub fn of_json(json: Value) -> Report {
        Report(json)
    }

    /// A stored report's text.
    pub fn read(text: &str) -> Report {
        serde_json::from_str(text)
            .map(Report)
            .unwrap_or_else(|_| Report(Value::String(text.to_string())))
    }

    pub fn json(&self) -> &Value {
        &self.0
    }

    /// As the row stores it (compact JSON).
    pub fn text(&self) -> String {
        self.0.to_string()
    }

    /// Whether nothing was reported (`{}`, or a blank text).
    pub fn is_empty(&self) -> bool {
        match &self.0 {
            Value::Object(m) => m.is_empty(),
            Value::String(t) => t.trim().is_empty(),
            _ => false,
        }
    }
}

/// What a result says, apart from where and by whom: what a change may set, and what an
/// audit row records before and after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultValues {
    /// The engine's scores from the report (0 when the board was not played).
    pub scores: Sides<i32>,
    pub status: ResultStatus,
    pub outcome: Outcome,
    /// A director's adjusted score for either side.
    pub adjusted: Sides<Option<Adjusted>>,
    /// What the table reported.
    pub report: Report,
}

impl ResultValues {
    /// Whether a director gave either side an adjusted score.
    pub fn is_adjusted(&self) -> bool {
        self.adjusted.majors.is_some() || self.adjusted.minors.is_some()
    }
}

/// The audit row's stored JSON of a result's values, field by field in the order it is
/// written: `{"scores": {"majors", "minors"}, "status", "outcome", "sheet"[, "adjusted":
/// {"majors", "minors"}]}` (docs/export-format.md shows it in an export's `audit`).
#[derive(Serialize, Deserialize)]
struct AuditJson {
    scores: Sides<i32>,
    status: String,
    outcome: String,
    sheet: Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    adjusted: Option<Sides<Option<String>>>,
}

impl ResultValues {
    /// The values as an audit row stores them.
    pub fn audit_json(&self) -> Value {
        let adjusted = self
            .is_adjusted()
            .then(|| self.adjusted.map(|a| a.map(|a| a.to_string())));
        serde_json::to_value(AuditJson {
            scores: self.scores,
            status: self.status.name().to_string(),
            outcome: self.outcome.name().to_string(),
            sheet: self.report.json().clone(),
            adjusted,
        })
        .unwrap_or(Value::Null)
    }

    /// The values an audit row's JSON records, if it has their shape.
    fn from_audit_json(json: &Value) -> Option<ResultValues> {
        let a = AuditJson::deserialize(json).ok()?;
        let adjusted = match a.adjusted {
            Some(s) => Sides {
                majors: s.majors.as_deref().map(Adjusted::parse).transpose().ok()?,
                minors: s.minors.as_deref().map(Adjusted::parse).transpose().ok()?,
            },
            None => Sides::default(),
        };
        Some(ResultValues {
            scores: a.scores,
            status: ResultStatus::parse(&a.status)?,
            outcome: Outcome::parse(&a.outcome)?,
            adjusted,
            report: Report::of_json(a.sheet),
        })
    }
}

/// One side of an audit row: the result's values, or, for a row not in their shape (an
/// imported file's, a row edited by hand), its JSON as it is, shown rather than guessed at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AuditValues {
    Values(ResultValues),
    Other(Value),
}

impl AuditValues {
    /// An audit row's stored text.
    pub fn read(text: &str) -> AuditValues {
        match serde_json::from_str::<Value>(text) {
            Ok(json) => AuditValues::of_json(json),
            Err(_) => AuditValues::Other(Value::String(text.to_string())),
        }
    }

    /// The values when the JSON is exactly what they write (so a row or a file always reads
    /// back as it was), otherwise the JSON as it is.
    // Compared as text: JSON maps compare equal in any key order, and the order is the shape.
    #[allow(clippy::cmp_owned)]
    pub fn of_json(json: Value) -> AuditValues {
        match ResultValues::from_audit_json(&json) {
            Some(v) if v.audit_json().to_string() == json.to_string() => AuditValues::Values(v),
            _ => AuditValues::Other(json),
        }
    }

    /// As the audit row stores it, and as the API and an export show it.
    pub fn json(&self) -> Value {
        match self {
            AuditValues::Values(v) => v.audit_json(),
            AuditValues::Other(json) => json.clone(),
        }
    }
}

/// One change to a result: who, when, why, and the values before (none for the first entry)
/// and after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditEntry {
    pub at: NaiveDateTime,
    pub by: String,
    pub reason: Option<String>,
    pub old: Option<AuditValues>,
    pub new: AuditValues,
}

/// The club's disputed results no director has ruled on yet, by event (running or finished
/// events: a dispute is the director being called).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpenDisputes(pub Vec<(EventId, u32)>);

impl OpenDisputes {
    pub fn total(&self) -> u32 {
        self.0.iter().map(|(_, n)| n).sum()
    }

    /// The event to open first: the one with a dispute, or the first of several.
    pub fn first_event(&self) -> Option<EventId> {
        self.0.first().map(|(e, _)| *e)
    }

    /// How many events have one.
    pub fn events(&self) -> usize {
        self.0.len()
    }
}

/// How an event's results stand on the public pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Publication {
    /// Play goes on: every result is provisional.
    Live,
    /// Play is over, but results may still be corrected until this moment (UTC).
    Correcting { until: NaiveDateTime },
    /// The results stand.
    Final,
}

/// The correction rule: results are provisional while play goes on and for
/// `correction_minutes` after the director marks the event finished, then final. A cancelled
/// or archived event's results are final; so are those of an event finished before the
/// moment was recorded (`finished_at` unknown).
pub fn publication(
    status: EventStatus,
    finished_at: Option<NaiveDateTime>,
    correction_minutes: u16,
    now: NaiveDateTime,
) -> Publication {
    match status {
        EventStatus::Draft | EventStatus::Ready | EventStatus::Running => Publication::Live,
        EventStatus::Cancelled | EventStatus::Archived => Publication::Final,
        EventStatus::Finished => match finished_at {
            Some(at) => {
                let until = at + Duration::minutes(i64::from(correction_minutes));
                if now < until {
                    Publication::Correcting { until }
                } else {
                    Publication::Final
                }
            }
            None => Publication::Final,
        },
    }
}

/// How one result reads on the public pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PublicState {
    /// Still open to correction (the event is live or in its correction period).
    Provisional,
    /// The other side disputed it and the director has not ruled yet.
    UnderReview,
    /// Final: nothing to say.
    Final,
}

/// A result's public state: every result is provisional until the publication is final, a
/// disputed one under review until the director rules; a result nobody disputed is final
/// when the correction period ends, whether or not the other side pressed "agree".
pub fn public_state(p: Publication, status: ResultStatus) -> PublicState {
    match (p, status) {
        (_, ResultStatus::Disputed) => PublicState::UnderReview,
        (Publication::Live | Publication::Correcting { .. }, _) => PublicState::Provisional,
        (Publication::Final, _) => PublicState::Final,
    }
}

/// The boards some table still has to play: a board of a fixed movement (a Mitchell, a team
/// match) goes round several tables, and while play goes on its scores would tell the tables
/// still to play it what is coming. A board counts as played at a table once that table's
/// result for it is in. A progressive deals every table-round its own board, so there a
/// board's only result never waits for another table (`movement` is `None` for the
/// progressive individual, whose rounds are seated one at a time).
pub fn boards_still_to_play(movement: Option<&Movement>, results: &[TableResult]) -> BTreeSet<u32> {
    let Some(m) = movement else {
        return BTreeSet::new();
    };
    let reported: BTreeSet<(i64, i64, i64)> = results
        .iter()
        .map(|r| {
            (
                i64::from(r.place.round),
                i64::from(r.place.table),
                i64::from(r.place.board),
            )
        })
        .collect();
    m.schedule
        .iter()
        .filter(|s| s.has_game())
        .flat_map(|s| s.boards.iter().map(move |&b| (s.round, s.table, b)))
        .filter(|&(round, table, board)| {
            !reported.contains(&(i64::from(round), i64::from(table), i64::from(board)))
        })
        .map(|(_, _, board)| board)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(adjusted: Option<Adjusted>) -> ResultValues {
        ResultValues {
            scores: Sides::new(1850, 1600),
            status: ResultStatus::Provisional,
            outcome: Outcome::Played,
            adjusted: Sides::new(adjusted, None),
            report: Report::of_json(serde_json::json!({"trick_piles": {"NS": 40, "EW": 12}})),
        }
    }

    #[test]
    fn an_audit_row_is_written_in_its_documented_shape_and_reads_back_typed() {
        let v = values(None);
        assert_eq!(
            v.audit_json().to_string(),
            r#"{"scores":{"majors":1850,"minors":1600},"status":"provisional","outcome":"played","sheet":{"trick_piles":{"NS":40,"EW":12}}}"#
        );
        assert_eq!(
            AuditValues::read(&v.audit_json().to_string()),
            AuditValues::Values(v)
        );
        let ruled = values(Some(Adjusted::AvePlus));
        let text = ruled.audit_json().to_string();
        assert!(
            text.ends_with(r#""adjusted":{"majors":"ave+","minors":null}}"#),
            "{text}"
        );
        assert_eq!(AuditValues::read(&text), AuditValues::Values(ruled));
    }

    #[test]
    fn an_audit_row_not_in_the_shape_is_kept_as_it_is() {
        // Keys in another order, an unknown status, no JSON at all: each is shown and
        // written back exactly as it came, never half-read.
        for text in [
            r#"{"status":"provisional","scores":{"majors":1,"minors":2},"outcome":"played","sheet":{}}"#,
            r#"{"scores":{"majors":1,"minors":2},"status":"lost","outcome":"played","sheet":{}}"#,
            r#"{"scores":{"majors":1,"minors":2},"status":"confirmed","outcome":"played","sheet":{},"adjusted":{"majors":null,"minors":null}}"#,
        ] {
            let read = AuditValues::read(text);
            assert!(matches!(read, AuditValues::Other(_)), "{text}");
            assert_eq!(read.json().to_string(), text);
        }
        assert_eq!(
            AuditValues::read("not json").json(),
            Value::String("not json".into())
        );
    }

    #[test]
    fn a_report_is_read_once_and_a_text_that_is_not_json_is_not_guessed_at() {
        let r = Report::read(r#"{"deals":[]}"#);
        assert_eq!(r.json()["deals"], serde_json::json!([]));
        assert_eq!(r.text(), r#"{"deals":[]}"#);
        assert!(!r.is_empty());
        assert!(Report::none().is_empty());
        assert_eq!(Report::none().text(), "{}");
        assert!(Report::read("  ").is_empty());
        let bad = Report::read("{oops");
        assert_eq!(bad.json(), &Value::String("{oops".into()));
        assert!(!bad.is_empty());
    }

    fn at(h: u32, m: u32) -> NaiveDateTime {
        chrono::NaiveDate::from_ymd_opt(2026, 12, 1)
            .unwrap()
            .and_hms_opt(h, m, 0)
            .unwrap()
    }

    #[test]
    fn results_are_live_while_play_goes_on() {
        for s in [EventStatus::Draft, EventStatus::Ready, EventStatus::Running] {
            assert_eq!(
                publication(s, None, 30, at(20, 0)),
                Publication::Live,
                "{s}"
            );
        }
    }

    #[test]
    fn a_finished_event_corrects_for_its_period_then_is_final() {
        let done = Some(at(21, 15));
        let p = |now| publication(EventStatus::Finished, done, 30, now);
        assert_eq!(p(at(21, 15)), Publication::Correcting { until: at(21, 45) });
        assert_eq!(p(at(21, 44)), Publication::Correcting { until: at(21, 45) });
        assert_eq!(p(at(21, 45)), Publication::Final);
        assert_eq!(p(at(23, 0)), Publication::Final);
        // No correction period: final at once.
        assert_eq!(
            publication(EventStatus::Finished, done, 0, at(21, 15)),
            Publication::Final
        );
        // A day's period runs past midnight.
        assert_eq!(
            publication(EventStatus::Finished, done, 1440, at(23, 59)),
            Publication::Correcting {
                until: at(21, 15) + Duration::days(1)
            }
        );
        // Finished before the moment was recorded: nothing to wait for.
        assert_eq!(
            publication(EventStatus::Finished, None, 30, at(21, 15)),
            Publication::Final
        );
    }

    #[test]
    fn cancelled_and_archived_results_are_final_at_once() {
        for s in [EventStatus::Cancelled, EventStatus::Archived] {
            // Even within what would have been the correction period.
            assert_eq!(
                publication(s, Some(at(21, 15)), 30, at(21, 20)),
                Publication::Final,
                "{s}"
            );
            assert_eq!(publication(s, None, 30, at(21, 20)), Publication::Final);
        }
    }

    #[test]
    fn every_result_is_provisional_until_the_results_are_final() {
        use ResultStatus::*;
        let correcting = Publication::Correcting { until: at(21, 45) };
        for p in [Publication::Live, correcting] {
            assert_eq!(public_state(p, Provisional), PublicState::Provisional);
            assert_eq!(public_state(p, Confirmed), PublicState::Provisional);
            assert_eq!(public_state(p, Disputed), PublicState::UnderReview);
        }
        let f = Publication::Final;
        assert_eq!(public_state(f, Confirmed), PublicState::Final);
        assert_eq!(public_state(f, Provisional), PublicState::Final);
        assert_eq!(public_state(f, Disputed), PublicState::UnderReview);
    }

    fn result(round: u32, table: u32, board: u32) -> TableResult {
        TableResult {
            id: ResultId::new(1),
            event_id: EventId::new(1),
            place: Place {
                round,
                table,
                board,
            },
            sides: Sides::default(),
            values: ResultValues {
                scores: Sides::default(),
                status: ResultStatus::Confirmed,
                outcome: Outcome::Played,
                adjusted: Sides::default(),
                report: Report::none(),
            },
            entered_by: "test".into(),
            created_at: at(20, 0),
            updated_at: at(20, 0),
        }
    }

    #[test]
    fn a_board_is_still_to_play_while_a_table_that_plays_it_has_no_result() {
        use crate::movement::{MovementKind, MovementRequest, generate};
        // Three tables, three rounds of one board: every board goes round every table.
        let m = generate(&MovementRequest {
            kind: MovementKind::Mitchell,
            tables: Some(3),
            rounds: Some(3),
            boards_per_round: Some(1),
            boards: None,
            pairs: None,
            arrow_switch: vec![],
        })
        .unwrap();
        let places = |board: u32| -> Vec<(u32, u32)> {
            m.schedule
                .iter()
                .filter(|s| s.has_game() && s.boards.contains(&board))
                .map(|s| (s.round, s.table))
                .collect()
        };
        assert_eq!(places(1).len(), 3);
        assert_eq!(
            boards_still_to_play(Some(&m), &[]),
            BTreeSet::from([1, 2, 3])
        );
        // Board 1 at two of its three tables: still to play; at all three: done.
        let mut results: Vec<TableResult> = places(1)[..2]
            .iter()
            .map(|&(r, t)| result(r, t, 1))
            .collect();
        assert!(boards_still_to_play(Some(&m), &results).contains(&1));
        let (r, t) = places(1)[2];
        results.push(result(r, t, 1));
        assert_eq!(
            boards_still_to_play(Some(&m), &results),
            BTreeSet::from([2, 3])
        );
        // The progressive individual: every board is played at one table only.
        assert!(boards_still_to_play(None, &[]).is_empty());
    }
}
