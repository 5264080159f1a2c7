//! Matchpoints: each board's results compared in each direction, Neuberg's formula for a
//! board with fewer scored results than expected, adjusted scores as a share of the top,
//! and the pairs' percentages and places by field.

use std::collections::BTreeMap;

use super::rounding::hundredths;
use super::sheet::{Compare, PairResult, Scale, SheetError, TableScore, places};

/// A direction at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Direction {
    Majors,
    Minors,
}

/// The group a pair is ranked in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Field {
    /// No pair ever changed direction: the pairs that always sat majors...
    Majors,
    /// ...and those that always sat minors, ranked apart (two winners).
    Minors,
    /// After an arrow switch: everyone in one field.
    All,
}

impl Field {
    pub fn name(self) -> &'static str {
        match self {
            Field::Majors => "majors",
            Field::Minors => "minors",
            Field::All => "all",
        }
    }
}

/// One result's matchpoints on its board: `result` indexes the sheet's results.
#[derive(Clone, Debug, PartialEq)]
pub struct Awarded {
    pub result: usize,
    pub majors: f64,
    pub minors: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BoardScore {
    pub board: u32,
    /// Expected results (E) and scored, compared ones (A).
    pub expected: u32,
    pub scored: u32,
    pub top: f64,
    /// In round, table order.
    pub results: Vec<Awarded>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub field: Field,
    pub place: String,
    pub pair: u32,
    pub boards: u32,
    pub matchpoints: f64,
    pub max: f64,
    pub percent: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MatchpointReport {
    pub boards: Vec<BoardScore>,
    pub standings: Vec<Standing>,
}

/// Raw matchpoints in units of 2 per result beaten and 1 per tie, for each value.
fn raw_units(values: &[i64]) -> Vec<u64> {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    values
        .iter()
        .map(|v| {
            let below = sorted.partition_point(|x| x < v) as u64;
            let upto = sorted.partition_point(|x| x <= v) as u64;
            2 * below + (upto - below - 1)
        })
        .collect()
}

/// Neuberg: with A of E results scored, raw s on the scale becomes (E/A)(s+1)-1 on 2-1 and
/// (E/A)(s+1/2)-1/2 on 1-half. In units u (s = u/d): ((E/A)(u+1)-1)/d, computed as one
/// division of whole numbers, so that A = E gives u/d exactly.
fn neuberg(units: u64, scored: u32, expected: u32, scale: Scale) -> f64 {
    let (a, e) = (scored as u64, expected as u64);
    let numerator = e * (units + 1) - a;
    numerator as f64 / (a * scale.divisor()) as f64
}

/// The board's top on the scale for E expected results: 2(E-1) or E-1.
fn top(expected: u32, scale: Scale) -> f64 {
    (2 * (expected as u64).saturating_sub(1)) as f64 / scale.divisor() as f64
}

/// The value a direction's result is compared on (higher is better for that direction).
fn value(compare: Compare, dir: Direction, majors: i64, minors: i64) -> i64 {
    match (compare, dir) {
        (Compare::Net, Direction::Majors) => majors - minors,
        (Compare::Net, Direction::Minors) => minors - majors,
        (Compare::Own, Direction::Majors) => majors,
        (Compare::Own, Direction::Minors) => minors,
        (Compare::Total, _) => majors + minors,
    }
}

/// Scores a sheet's results. `expected` gives E for some boards; the others take the most
/// results any board of the sheet has. Fails when a board has more results than expected.
pub fn score(
    scale: Scale,
    compare: Compare,
    expected: &BTreeMap<u32, u32>,
    results: &[PairResult],
) -> Result<MatchpointReport, SheetError> {
    let mut by_board: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    for (i, r) in results.iter().enumerate() {
        by_board.entry(r.board).or_default().push(i);
    }
    let most = by_board.values().map(Vec::len).max().unwrap_or(0) as u32;
    let mut boards = Vec::with_capacity(by_board.len());
    for (&board, idx) in &mut by_board {
        idx.sort_by_key(|&i| {
            let r = &results[i];
            (r.round, r.table, r.majors, r.minors)
        });
        let e = expected.get(&board).copied().unwrap_or(most);
        if (idx.len() as u32) > e {
            return Err(SheetError::TooManyResults {
                board,
                results: idx.len(),
                expected: e,
            });
        }
        let top = top(e, scale);
        let scored: Vec<(usize, i64, i64)> = idx
            .iter()
            .filter_map(|&i| match results[i].outcome {
                TableScore::Scored { majors, minors } => Some((i, majors, minors)),
                TableScore::Adjusted { .. } => None,
            })
            .collect();
        let a = scored.len() as u32;
        // Each scored result's matchpoints, in the order of `scored` (a subsequence of `idx`).
        let mut mp: Vec<(f64, f64)> = Vec::with_capacity(scored.len());
        if a > 0 {
            let of = |dir| -> Vec<u64> {
                let vals: Vec<i64> = scored
                    .iter()
                    .map(|&(_, m, n)| value(compare, dir, m, n))
                    .collect();
                raw_units(&vals)
            };
            let (uj, un) = (of(Direction::Majors), of(Direction::Minors));
            for k in 0..scored.len() {
                mp.push((neuberg(uj[k], a, e, scale), neuberg(un[k], a, e, scale)));
            }
        }
        let mut next = mp.into_iter();
        let awarded = idx
            .iter()
            .map(|&i| {
                let (majors, minors) = match results[i].outcome {
                    TableScore::Scored { .. } => next.next().unwrap_or_default(),
                    TableScore::Adjusted { majors, minors } => (
                        majors.percent() * top / 100.0,
                        minors.percent() * top / 100.0,
                    ),
                };
                Awarded {
                    result: i,
                    majors,
                    minors,
                }
            })
            .collect();
        boards.push(BoardScore {
            board,
            expected: e,
            scored: a,
            top,
            results: awarded,
        });
    }
    Ok(MatchpointReport {
        standings: standings(compare, results, &boards),
        boards,
    })
}

#[derive(Default)]
struct Totals {
    matchpoints: f64,
    max: f64,
    boards: u32,
    majors: bool,
    minors: bool,
}

/// The pairs' standings. Comparing table totals, a table's result is one result: only its
/// majors pair is ranked (the minors pair's matchpoints are the same), in one field.
fn standings(compare: Compare, results: &[PairResult], boards: &[BoardScore]) -> Vec<Standing> {
    let mut pairs: BTreeMap<u32, Totals> = BTreeMap::new();
    for b in boards {
        for a in &b.results {
            let r = &results[a.result];
            let sides = [
                (r.majors, a.majors, Direction::Majors),
                (r.minors, a.minors, Direction::Minors),
            ];
            let ranked = if compare == Compare::Total { 1 } else { 2 };
            for (pair, mp, dir) in sides.into_iter().take(ranked) {
                let t = pairs.entry(pair).or_default();
                t.matchpoints += mp;
                t.max += b.top;
                t.boards += 1;
                match dir {
                    Direction::Majors => t.majors = true,
                    Direction::Minors => t.minors = true,
                }
            }
        }
    }
    let switched = compare == Compare::Total || pairs.values().any(|t| t.majors && t.minors);
    let mut fields: BTreeMap<Field, Vec<Standing>> = BTreeMap::new();
    for (pair, t) in pairs {
        let field = if switched {
            Field::All
        } else if t.majors {
            Field::Majors
        } else {
            Field::Minors
        };
        let percent = if t.max > 0.0 {
            100.0 * t.matchpoints / t.max
        } else {
            0.0
        };
        fields.entry(field).or_default().push(Standing {
            field,
            place: String::new(),
            pair,
            boards: t.boards,
            matchpoints: t.matchpoints,
            max: t.max,
            percent,
        });
    }
    let mut out = Vec::new();
    for (_, mut list) in fields {
        list.sort_by(|x, y| {
            hundredths(y.percent)
                .cmp(&hundredths(x.percent))
                .then(x.pair.cmp(&y.pair))
        });
        let keys: Vec<i64> = list.iter().map(|s| hundredths(s.percent)).collect();
        for (s, place) in list.iter_mut().zip(places(&keys)) {
            s.place = place;
        }
        out.extend(list);
    }
    out
}
