//! Auction Calypso's progressive evening at tables of three, as an event: each round's
//! seating from the round before and its three scores a table (`movement::threes` has the
//! rules), and those scores from the stored results. Pure: the database stores what these
//! functions compute, and round control shows the same computation before the round starts.

use super::individual::IndividualPlan;
use super::results::{BoardOutcome, TableResult};
use super::rounds::RoundError;
use super::table_report::auction_scores;
use crate::engine::auction::AuctionSpec;
use crate::movement::IndividualRound;
use crate::movement::threes::{self, ThreesResult, ThreesRound};

/// One table-round's scores, positions 1, 2, 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableScores {
    pub round: u32,
    pub table: u32,
    pub scores: [i64; 3],
}

/// Each stored result's three scores: the engine's, from the hands the table reported (the
/// row keeps positions 1 and 2 only). A table ruled not played scores nothing; a report the
/// engine no longer reads (a row edited by hand) keeps the row's two scores.
pub fn table_scores(spec: &AuctionSpec, results: &[TableResult]) -> Vec<TableScores> {
    results
        .iter()
        .map(|r| TableScores {
            round: r.place.round,
            table: r.place.table,
            scores: scores_of(spec, r),
        })
        .collect()
}

/// One stored result's three scores, as [`table_scores`] gives them.
pub fn scores_of(spec: &AuctionSpec, r: &TableResult) -> [i64; 3] {
    match r.values.outcome {
        BoardOutcome::Played => auction_scores(spec, r.values.report.json()).unwrap_or([
            i64::from(r.values.scores.majors),
            i64::from(r.values.scores.minors),
            0,
        ]),
        BoardOutcome::NotPlayed | BoardOutcome::Fouled => [0; 3],
    }
}

/// What the seating of the round after `current` is computed from.
pub struct ThreesInputs<'a> {
    pub plan: Option<&'a IndividualPlan>,
    /// The round being played (0 before the first).
    pub current: u32,
    /// The seating of every round started so far.
    pub seated: &'a [ThreesRound],
    pub scores: &'a [TableScores],
}

/// The seating of round `current + 1`: round 1 in number order, a later round from the
/// round before once every table has its result.
pub fn next_seating(i: &ThreesInputs) -> Result<ThreesRound, RoundError> {
    let round = i.current + 1;
    let seating = |e: threes::ThreesError| RoundError::Seating {
        round,
        problem: e.to_string(),
    };
    let plan = i.plan.ok_or(RoundError::NoIndividualPlan)?;
    if i.current == 0 {
        return threes::first_round(plan.players).map_err(seating);
    }
    let prev = i
        .seated
        .iter()
        .find(|r| r.round() == i.current)
        .ok_or_else(|| RoundError::Seating {
            round,
            problem: format!("round {} has no stored seating", i.current),
        })?;
    let results: Vec<ThreesResult> = i
        .scores
        .iter()
        .filter(|s| s.round == i.current)
        .map(|s| ThreesResult {
            table: s.table,
            scores: s.scores,
        })
        .collect();
    let missing: Vec<u32> = (1..=prev.table_count())
        .filter(|t| !results.iter().any(|r| r.table == *t))
        .collect();
    if !missing.is_empty() {
        return Err(RoundError::ResultsMissing {
            round: i.current,
            tables: missing,
        });
    }
    threes::next_round(prev, &results).map_err(seating)
}

/// A stored round's seating: the progressive individual's tables of four to six, or Auction
/// Calypso's tables of three (each shape refuses the other's fields, so a row reads as one).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum StoredRound {
    Fours(IndividualRound),
    Threes(ThreesRound),
}

impl StoredRound {
    pub fn round(&self) -> u32 {
        match self {
            StoredRound::Fours(r) => r.round,
            StoredRound::Threes(r) => r.round(),
        }
    }

    pub fn has_table(&self, table: u32) -> bool {
        match self {
            StoredRound::Fours(r) => r.table(table).is_some(),
            StoredRound::Threes(r) => r.table(table).is_some(),
        }
    }
}

/// Stored rounds split by shape: an event has one or the other.
pub fn split_rounds(rounds: Vec<StoredRound>) -> (Vec<IndividualRound>, Vec<ThreesRound>) {
    let mut fours = Vec::new();
    let mut threes = Vec::new();
    for r in rounds {
        match r {
            StoredRound::Fours(f) => fours.push(f),
            StoredRound::Threes(t) => threes.push(t),
        }
    }
    (fours, threes)
}
