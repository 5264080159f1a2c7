//! A board's result at one table, as stored: the engine's scores for the majors and the
//! minors, whether the other side has confirmed it, any adjustment, and its audit trail.

use std::collections::BTreeSet;
use std::sync::Arc;

use chrono::{Duration, NaiveDateTime};
use serde::{Deserialize, Serialize};

use super::settings::EventSettings;
use super::table_report::{Breakdown, CalypsoReport};
use crate::engine::auction::pairs::PairsSummary;
use crate::engine::auction::{self, AuctionSummary};
use crate::engine::embers::{self, EmbersSummary};
use crate::engine::kaiso::{self, KaisoSummary};
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
pub enum BoardOutcome {
    Played,
    NotPlayed,
    /// The board was found wrongly made up: no comparison is possible.
    Fouled,
}

impl BoardOutcome {
    pub const ALL: [BoardOutcome; 3] = [
        BoardOutcome::Played,
        BoardOutcome::NotPlayed,
        BoardOutcome::Fouled,
    ];
    pub const fn name(self) -> &'static str {
        match self {
            BoardOutcome::Played => "played",
            BoardOutcome::NotPlayed => "not-played",
            BoardOutcome::Fouled => "fouled",
        }
    }
    pub fn parse(text: &str) -> Option<BoardOutcome> {
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

impl TableResult {
    /// The table entered the full play record (typed, pasted, or played online): its play can
    /// be replayed trick by trick.
    pub fn play_record(&self) -> Option<&crate::event::table_report::RecordInput> {
        match &self.values.report {
            TableReport::Calypso(c) => match c.report() {
                CalypsoReport::Record(r) => Some(r),
                _ => None,
            },
            _ => None,
        }
    }
}

/// What a table reported for a board, read once from the stored text into the game's own
/// terms. Each read report keeps the JSON it was read from (the wire form the API, the audit
/// trail and the export write), so a report round-trips byte for byte.
#[derive(Clone, Debug)]
pub enum TableReport {
    /// Nothing reported (`{}`): a board not played, or a director's ruling.
    NotReported,
    /// A Calypso game (any variant, Duet's dummies with it): a summary, the deals' lines, or
    /// the play record.
    Calypso(Kept<CalypsoReport>),
    /// A Kaiso game's songs.
    Kaiso(Kept<KaisoSummary>),
    /// An Embers game's reports, hand by hand.
    Embers(Kept<EmbersSummary>),
    /// An Auction Calypso game's hands.
    Auction(Kept<AuctionSummary>),
    /// A partnership Auction Calypso game's hands.
    AuctionPairs(Kept<PairsSummary>),
    /// A stored text no game's report reads (a row edited by hand): kept as it is (a text
    /// that is not JSON as a JSON string) rather than guessed at; every check refuses it.
    Unreadable(Value),
}

/// A report read, with the JSON it was read from.
#[derive(Debug)]
pub struct Kept<T> {
    report: Arc<T>,
    json: Value,
    /// The engine's score as stored beside the report (none in a row kept before it was).
    breakdown: Option<Arc<Breakdown>>,
}

impl<T> Clone for Kept<T> {
    fn clone(&self) -> Kept<T> {
        Kept {
            report: Arc::clone(&self.report),
            json: self.json.clone(),
            breakdown: self.breakdown.clone(),
        }
    }
}

impl<T> Kept<T> {
    pub fn report(&self) -> &T {
        &self.report
    }
}

impl<T> std::ops::Deref for Kept<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.report
    }
}

/// Two reports are the same when their wire forms are (the typed form is read from it).
impl PartialEq for TableReport {
    fn eq(&self, other: &TableReport) -> bool {
        self.json() == other.json()
    }
}

impl Eq for TableReport {}

static NOTHING: std::sync::LazyLock<Value> = std::sync::LazyLock::new(|| Value::Object(Map::new()));

impl TableReport {
    /// No report: a board not played, or a director's ruling.
    pub fn none() -> TableReport {
        TableReport::NotReported
    }

    /// A report in the API's JSON shape, read into its game's terms by the keys it has.
    pub fn of_json(json: Value) -> TableReport {
        fn kept<T>(report: T, json: Value) -> Kept<T> {
            Kept {
                report: Arc::new(report),
                json,
                breakdown: None,
            }
        }
        let Some(object) = json.as_object() else {
            return TableReport::Unreadable(json);
        };
        if object.is_empty() {
            return TableReport::NotReported;
        }
        let only = |key: &str| object.len() == 1 && object.contains_key(key);
        if only("auction") {
            return match AuctionSummary::deserialize(&json["auction"]) {
                Ok(r) => TableReport::Auction(kept(r, json)),
                Err(_) => TableReport::Unreadable(json),
            };
        }
        if only("auction_pairs") {
            return match PairsSummary::deserialize(&json["auction_pairs"]) {
                Ok(r) => TableReport::AuctionPairs(kept(r, json)),
                Err(_) => TableReport::Unreadable(json),
            };
        }
        if only("reports") {
            return match EmbersSummary::deserialize(&json) {
                Ok(r) => TableReport::Embers(kept(r, json)),
                Err(_) => TableReport::Unreadable(json),
            };
        }
        if only("partnerships") {
            return match KaisoSummary::deserialize(&json) {
                Ok(r) => TableReport::Kaiso(kept(r, json)),
                Err(_) => TableReport::Unreadable(json),
            };
        }
        match CalypsoReport::read(&json) {
            Some(r) => TableReport::Calypso(kept(r, json)),
            None => TableReport::Unreadable(json),
        }
    }

    /// A stored report's text.
    pub fn read(text: &str) -> TableReport {
        match serde_json::from_str(text) {
            Ok(json) => TableReport::of_json(json),
            Err(_) => TableReport::Unreadable(Value::String(text.to_string())),
        }
    }

    /// The wire form: the JSON the report was read from.
    pub fn json(&self) -> &Value {
        match self {
            TableReport::NotReported => &NOTHING,
            TableReport::Calypso(k) => &k.json,
            TableReport::Kaiso(k) => &k.json,
            TableReport::Embers(k) => &k.json,
            TableReport::Auction(k) => &k.json,
            TableReport::AuctionPairs(k) => &k.json,
            TableReport::Unreadable(v) => v,
        }
    }

    /// As the row stores it (compact JSON).
    pub fn text(&self) -> String {
        self.json().to_string()
    }

    /// The wire form laid out for reading (a director's result page); empty when nothing
    /// was reported, or the row's text is not a JSON object.
    pub fn pretty_text(&self) -> String {
        Some(self.json())
            .filter(|v| v.as_object().is_some_and(|o| !o.is_empty()))
            .and_then(|v| serde_json::to_string_pretty(v).ok())
            .unwrap_or_default()
    }

    /// A play record's deals laid out for reading, as the form's record box takes them.
    pub fn record_text(&self) -> Option<String> {
        match self {
            TableReport::Calypso(k) => serde_json::to_string_pretty(k.json.get("record")?).ok(),
            _ => None,
        }
    }

    /// The engine's breakdown of the report, scored against the event's game: the one place a
    /// stored report is scored (a row kept before breakdowns were stored has none). `None` for
    /// a report that has no breakdown or is not this event's game.
    pub fn score_breakdown(&self, settings: &EventSettings) -> Option<Breakdown> {
        match self {
            TableReport::Kaiso(k) => Some(Breakdown::Kaiso(kaiso::score(k))),
            TableReport::Embers(e) => {
                let spec = settings.embers_spec()?;
                Some(Breakdown::Embers(embers::score(&spec, e)))
            }
            TableReport::Auction(a) => {
                let spec = settings.auction_spec()?;
                Some(Breakdown::Auction(auction::score(&spec, a)))
            }
            TableReport::AuctionPairs(a) => {
                let spec = settings.auction_pairs_spec()?;
                Some(Breakdown::AuctionPairs(auction::pairs::score(&spec, a)))
            }
            TableReport::NotReported | TableReport::Calypso(_) | TableReport::Unreadable(_) => None,
        }
    }

    /// The engine's score stored beside the report, if any.
    pub fn breakdown(&self) -> Option<&Breakdown> {
        match self {
            TableReport::Kaiso(k) => k.breakdown.as_deref(),
            TableReport::Embers(k) => k.breakdown.as_deref(),
            TableReport::Auction(k) => k.breakdown.as_deref(),
            TableReport::AuctionPairs(k) => k.breakdown.as_deref(),
            TableReport::NotReported | TableReport::Calypso(_) | TableReport::Unreadable(_) => None,
        }
    }

    /// The report with the engine's score of it, to store beside it; a breakdown of another
    /// game than the report's is not kept.
    pub fn with_breakdown(mut self, breakdown: Option<Breakdown>) -> TableReport {
        let b = breakdown.map(Arc::new);
        match (&mut self, b) {
            (TableReport::Kaiso(k), Some(b)) if matches!(*b, Breakdown::Kaiso(_)) => {
                k.breakdown = Some(b)
            }
            (TableReport::Embers(k), Some(b)) if matches!(*b, Breakdown::Embers(_)) => {
                k.breakdown = Some(b)
            }
            (TableReport::Auction(k), Some(b)) if matches!(*b, Breakdown::Auction(_)) => {
                k.breakdown = Some(b)
            }
            (TableReport::AuctionPairs(k), Some(b)) if matches!(*b, Breakdown::AuctionPairs(_)) => {
                k.breakdown = Some(b)
            }
            _ => {}
        }
        self
    }

    /// Whether nothing was reported (`{}`, or a blank text).
    pub fn is_empty(&self) -> bool {
        match self {
            TableReport::NotReported => true,
            TableReport::Unreadable(Value::String(t)) => t.trim().is_empty(),
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
    pub outcome: BoardOutcome,
    /// A director's adjusted score for either side.
    pub adjusted: Sides<Option<Adjusted>>,
    /// What the table reported.
    pub report: TableReport,
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
            outcome: BoardOutcome::parse(&a.outcome)?,
            adjusted,
            report: TableReport::of_json(a.sheet),
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

    #[test]
    fn a_stored_report_reads_as_its_games_and_writes_back_byte_for_byte() {
        let texts = [
            (
                r#"{"players":{"N":{"calypsos":1,"in_progress":["2S"]}},"trick_piles":{"NS":72,"EW":104},"revokes":{"NS":0,"EW":1}}"#,
                "calypso",
            ),
            (
                r#"{"deals":[{"players":{},"trick_piles":{"EW":1,"NS":2}}],"revokes":{"NS":0}}"#,
                "calypso",
            ),
            (r#"{"record":{"deals":[]}}"#, "calypso"),
            (
                r#"{"partnerships":{"NS":{"songs":[],"leftover":0,"trick_pile_count":0},"EW":{"songs":[],"leftover":0,"trick_pile_count":0}}}"#,
                "kaiso",
            ),
            (r#"{"reports":[]}"#, "embers"),
            (
                r#"{"auction":{"first_dealer":"1","reports":[]}}"#,
                "auction",
            ),
            (
                r#"{"auction_pairs":{"first_dealer":"N","reports":[]}}"#,
                "auction_pairs",
            ),
            (
                r#"{"auction_pairs":{"first_dealer":"N","reports":[],"players":3}}"#,
                "unreadable",
            ),
            ("{}", "none"),
            (r#"{"players":{}}"#, "unreadable"),
            (r#"{"auction":{"reports":[]},"extra":1}"#, "unreadable"),
            ("not json", "unreadable"),
        ];
        for (text, game) in texts {
            let r = TableReport::read(text);
            let read = match &r {
                TableReport::NotReported => "none",
                TableReport::Calypso(_) => "calypso",
                TableReport::Kaiso(_) => "kaiso",
                TableReport::Embers(_) => "embers",
                TableReport::Auction(_) => "auction",
                TableReport::AuctionPairs(_) => "auction_pairs",
                TableReport::Unreadable(_) => "unreadable",
            };
            assert_eq!(read, game, "{text}");
            // The wire form as read: key order and all (a text not JSON as a JSON string).
            let back = if game == "unreadable" && text == "not json" {
                "\"not json\"".to_string()
            } else {
                text.to_string()
            };
            assert_eq!(r.text(), back, "{text}");
            assert_eq!(TableReport::read(&r.text()), r);
        }
    }

    #[test]
    fn a_breakdown_is_kept_only_beside_a_report_of_its_game() {
        use crate::engine::embers::EmbersScore;
        let embers = Breakdown::Embers(EmbersScore {
            hands: vec![],
            totals: Default::default(),
            complete: false,
        });
        let r = TableReport::read(r#"{"reports":[]}"#).with_breakdown(Some(embers.clone()));
        assert_eq!(r.breakdown(), Some(&embers));
        assert_eq!(Breakdown::read(&embers.text()), Some(embers.clone()));
        let kaiso = TableReport::read(
            r#"{"partnerships":{"NS":{"songs":[],"leftover":0,"trick_pile_count":0},"EW":{"songs":[],"leftover":0,"trick_pile_count":0}}}"#,
        );
        assert_eq!(kaiso.with_breakdown(Some(embers)).breakdown(), None);
    }

    fn values(adjusted: Option<Adjusted>) -> ResultValues {
        ResultValues {
            scores: Sides::new(1850, 1600),
            status: ResultStatus::Provisional,
            outcome: BoardOutcome::Played,
            adjusted: Sides::new(adjusted, None),
            report: TableReport::of_json(serde_json::json!({"trick_piles": {"NS": 40, "EW": 12}})),
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
        let r = TableReport::read(r#"{"deals":[]}"#);
        assert_eq!(r.json()["deals"], serde_json::json!([]));
        assert_eq!(r.text(), r#"{"deals":[]}"#);
        assert!(!r.is_empty());
        assert!(TableReport::none().is_empty());
        assert_eq!(TableReport::none().text(), "{}");
        assert!(TableReport::read("  ").is_empty());
        let bad = TableReport::read("{oops");
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
                outcome: BoardOutcome::Played,
                adjusted: Sides::default(),
                report: TableReport::none(),
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
