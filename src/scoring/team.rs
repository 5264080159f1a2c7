//! A team match (Konstam's, two tables): each team's total of all its pairs' scores, the
//! difference, and each board's swing.

use std::collections::BTreeMap;

use super::sheet::{PairResult, TableScore};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamTotal {
    pub team: String,
    pub total: i64,
    pub place: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamReport {
    /// In the sheet's order.
    pub teams: Vec<TeamTotal>,
    /// First team's total minus the second's.
    pub difference: i64,
    /// Per board: the first team's swing (the second's is its negative).
    pub boards: Vec<(u32, i64)>,
}

/// `teams` are the two teams in order; every result is scored and between the two teams
/// (the sheet reader checks both).
pub fn score(teams: &[(String, Vec<u32>)], results: &[PairResult]) -> TeamReport {
    let first = |pair: u32| teams[0].1.contains(&pair);
    let mut totals = [0i64; 2];
    let mut swings: BTreeMap<u32, i64> = BTreeMap::new();
    for r in results {
        let TableScore::Scored { majors, minors } = r.outcome else {
            continue;
        };
        // The first team's score and the second's at this table.
        let (mine, theirs) = if first(r.majors) {
            (majors, minors)
        } else {
            (minors, majors)
        };
        totals[0] += mine;
        totals[1] += theirs;
        *swings.entry(r.board).or_default() += mine - theirs;
    }
    let places = if totals[0] == totals[1] {
        ["1=", "1="]
    } else if totals[0] > totals[1] {
        ["1", "2"]
    } else {
        ["2", "1"]
    };
    TeamReport {
        teams: teams
            .iter()
            .zip(totals)
            .zip(places)
            .map(|(((team, _), total), place)| TeamTotal {
                team: team.clone(),
                total,
                place: place.into(),
            })
            .collect(),
        difference: totals[0] - totals[1],
        boards: swings.into_iter().collect(),
    }
}
