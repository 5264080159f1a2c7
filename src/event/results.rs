//! A board's result at one table, as stored: the engine's scores for the majors and the
//! minors, whether the other side has confirmed it, any adjustment, and its audit trail.

use std::collections::BTreeMap;
use std::fmt;

use chrono::NaiveDateTime;

use super::entries::Entry;
use super::ids::{EntryId, EventId, ResultId};

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

/// An adjusted score for one side, as a share of the board's top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adjusted {
    /// Average-plus: 60%.
    AvePlus,
    /// Average: 50%.
    Ave,
    /// Average-minus: 40%.
    AveMinus,
    /// Any percentage, 0 to 100.
    Percent(u8),
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not an adjusted score: use ave+, ave, ave- or a percentage from 0 to 100")]
pub struct AdjustedError(pub String);

impl Adjusted {
    pub fn percent(self) -> u8 {
        match self {
            Adjusted::AvePlus => 60,
            Adjusted::Ave => 50,
            Adjusted::AveMinus => 40,
            Adjusted::Percent(p) => p,
        }
    }

    /// `ave+`, `ave`, `ave-`, or a whole percentage (a trailing `%` is allowed).
    pub fn parse(text: &str) -> Result<Adjusted, AdjustedError> {
        let t = text.trim();
        match t.to_ascii_lowercase().as_str() {
            "ave+" | "a+" => Ok(Adjusted::AvePlus),
            "ave" | "a" => Ok(Adjusted::Ave),
            "ave-" | "a-" => Ok(Adjusted::AveMinus),
            other => other
                .trim_end_matches('%')
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|p| *p <= 100)
                .map(Adjusted::Percent)
                .ok_or_else(|| AdjustedError(text.to_string())),
        }
    }

    /// A percentage given as a JSON number.
    pub fn from_number(n: i64) -> Result<Adjusted, AdjustedError> {
        u8::try_from(n)
            .ok()
            .filter(|p| *p <= 100)
            .map(Adjusted::Percent)
            .ok_or_else(|| AdjustedError(n.to_string()))
    }
}

impl fmt::Display for Adjusted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Adjusted::AvePlus => f.write_str("ave+"),
            Adjusted::Ave => f.write_str("ave"),
            Adjusted::AveMinus => f.write_str("ave-"),
            Adjusted::Percent(p) => write!(f, "{p}"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableResult {
    pub id: ResultId,
    pub event_id: EventId,
    pub round: i32,
    pub table_number: i32,
    pub board: i32,
    /// The pair in the majors and minors seats (none in the progressive individual).
    pub majors_entry: Option<EntryId>,
    pub minors_entry: Option<EntryId>,
    /// The engine's scores from the sheet (0 when the board was not played).
    pub majors_score: i32,
    pub minors_score: i32,
    pub status: ResultStatus,
    pub outcome: Outcome,
    pub majors_adjusted: Option<Adjusted>,
    pub minors_adjusted: Option<Adjusted>,
    /// What was entered, as the API's JSON (summary, deals or play record).
    pub sheet: String,
    pub entered_by: String,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// One change to a result: who, when, why, and the values before and after (JSON).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditEntry {
    pub at: NaiveDateTime,
    pub by: String,
    pub reason: Option<String>,
    pub old: Option<String>,
    pub new: String,
}

/// One line of the provisional standings: an entry's stored scores summed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    pub entry: EntryId,
    pub number: Option<i32>,
    pub name: Option<String>,
    pub boards_played: i64,
    pub total_score: i64,
}

/// Each entry's stored scores summed (the majors score for boards it sat majors, the minors
/// score for minors), best first. Matchpoints and tallies come with the scoring module.
pub fn provisional_standings(entries: &[Entry], results: &[TableResult]) -> Vec<Standing> {
    let mut totals: BTreeMap<EntryId, (i64, i64)> = BTreeMap::new();
    for r in results.iter().filter(|r| r.outcome == Outcome::Played) {
        for (entry, score) in [
            (r.majors_entry, r.majors_score),
            (r.minors_entry, r.minors_score),
        ] {
            if let Some(e) = entry {
                let t = totals.entry(e).or_default();
                t.0 += 1;
                t.1 += i64::from(score);
            }
        }
    }
    let mut out: Vec<Standing> = totals
        .into_iter()
        .map(|(entry, (played, total))| {
            let e = entries.iter().find(|e| e.id == entry);
            Standing {
                entry,
                number: e.map(|e| e.number),
                name: e.map(|e| e.name.clone()),
                boards_played: played,
                total_score: total,
            }
        })
        .collect();
    out.sort_by(|a, b| {
        b.total_score
            .cmp(&a.total_score)
            .then(a.entry.cmp(&b.entry))
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjusted_scores_read_the_usual_names_and_percentages() {
        assert_eq!(Adjusted::parse("ave+"), Ok(Adjusted::AvePlus));
        assert_eq!(Adjusted::parse(" AVE- "), Ok(Adjusted::AveMinus));
        assert_eq!(Adjusted::parse("45%"), Ok(Adjusted::Percent(45)));
        assert_eq!(Adjusted::AvePlus.percent(), 60);
        assert_eq!(Adjusted::Ave.percent(), 50);
        assert_eq!(Adjusted::AveMinus.percent(), 40);
        assert!(Adjusted::parse("101").is_err());
        assert!(Adjusted::parse("ave++").is_err());
        assert!(Adjusted::from_number(-1).is_err());
        assert_eq!(Adjusted::from_number(100), Ok(Adjusted::Percent(100)));
        for a in [
            Adjusted::AvePlus,
            Adjusted::Ave,
            Adjusted::AveMinus,
            Adjusted::Percent(7),
        ] {
            assert_eq!(Adjusted::parse(&a.to_string()), Ok(a));
        }
    }
}
