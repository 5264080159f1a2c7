//! Property tests of the scoring module: a full board's matchpoints on the 2-1 scale add
//! up to n(n-1) in each direction, standings do not depend on the order results arrive,
//! and tallies are zero-sum over the sides.

use std::collections::BTreeMap;

use calypso_director::scoring::matchpoints;
use calypso_director::scoring::sheet::{
    Adjusted, Compare, Game, PairResult, Scale, Sheet, TableScore, TallySide,
};
use calypso_director::scoring::{score_sheet, tally};
use proptest::prelude::*;

/// Boards with the same number of results each (so E = A and no Neuberg), scores drawn
/// from few values so that ties are common. Result k of a board: pair k+1 majors against
/// pair 100+k minors, in round k+1.
fn full_boards() -> impl Strategy<Value = Vec<PairResult>> {
    (1usize..9, 1u32..5).prop_flat_map(|(n, boards)| {
        prop::collection::vec((0i64..6, 0i64..6), n * boards as usize).prop_map(move |s| {
            s.iter()
                .enumerate()
                .map(|(i, &(a, b))| {
                    let k = (i % n) as u32;
                    PairResult {
                        round: k + 1,
                        table: 1,
                        board: (i / n) as u32 + 1,
                        majors: k + 1,
                        minors: 100 + k,
                        outcome: TableScore::Scored {
                            majors: 1500 + 50 * a,
                            minors: 1500 + 50 * b,
                        },
                    }
                })
                .collect()
        })
    })
}

proptest! {
    #[test]
    fn a_full_boards_matchpoints_sum_to_n_n_minus_1(
        results in full_boards(),
        own in any::<bool>(),
    ) {
        let compare = if own { Compare::Own } else { Compare::Net };
        let report = matchpoints::score(Scale::TwoOne, compare, &BTreeMap::new(), &results).unwrap();
        for b in &report.boards {
            let n = b.results.len() as f64;
            let majors: f64 = b.results.iter().map(|a| a.majors).sum();
            let minors: f64 = b.results.iter().map(|a| a.minors).sum();
            prop_assert_eq!(majors, n * (n - 1.0));
            prop_assert_eq!(minors, n * (n - 1.0));
            prop_assert_eq!(b.top, 2.0 * (n - 1.0));
            for a in &b.results {
                prop_assert_eq!(a.majors.fract(), 0.0);
                if compare == Compare::Net {
                    prop_assert_eq!(a.majors + a.minors, b.top);
                }
            }
        }
    }

    #[test]
    fn standings_do_not_depend_on_the_order_of_results(
        results in full_boards(),
        drop in any::<prop::sample::Index>(),
        adjust in any::<prop::sample::Index>(),
        half in any::<bool>(),
        seed in any::<u64>(),
    ) {
        // One result dropped (Neuberg on its board) and one adjusted, when there are enough.
        let mut results = results;
        if results.len() > 2 {
            results.remove(drop.index(results.len()));
            let i = adjust.index(results.len());
            results[i].outcome = TableScore::Adjusted {
                majors: Adjusted::AvePlus,
                minors: Adjusted::Percent(45.0),
            };
        }
        let scale = if half { Scale::OneHalf } else { Scale::TwoOne };
        let sheet = |results: Vec<PairResult>| Sheet::Matchpoints {
            scale,
            compare: Compare::Net,
            expected: BTreeMap::new(),
            results,
        };
        let before = score_sheet(&sheet(results.clone())).unwrap();
        // A deterministic shuffle from the seed (Fisher-Yates on a small LCG).
        let mut shuffled = results;
        let mut x = seed | 1;
        for i in (1..shuffled.len()).rev() {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            shuffled.swap(i, (x >> 33) as usize % (i + 1));
        }
        let after = score_sheet(&sheet(shuffled)).unwrap();
        prop_assert_eq!(before, after);
    }

    #[test]
    fn tallies_are_zero_sum_over_the_sides(
        games in prop::collection::vec(
            (prop::collection::btree_set(1u32..12, 2..7), 0i64..40, 0i64..40, 1usize..4),
            1..30,
        ),
    ) {
        let games: Vec<Game> = games
            .into_iter()
            .enumerate()
            .map(|(i, (members, a, b, split))| {
                let members: Vec<u32> = members.into_iter().collect();
                let split = split.min(members.len() - 1);
                Game {
                    round: i as u32 + 1,
                    table: 1,
                    sides: vec![
                        TallySide { members: members[..split].to_vec(), score: 50 * a },
                        TallySide { members: members[split..].to_vec(), score: 50 * b },
                    ],
                }
            })
            .collect();
        let report = tally::score(&games);
        prop_assert_eq!(report.sum_of_margins, 0);
        // Each member's tally is the margins of its sides; weighted by side size the
        // tallies add up to what the games give, and to zero when sides are equal in size.
        let expected: i64 = games
            .iter()
            .map(|g| {
                let m = g.sides[0].score - g.sides[1].score;
                m * (g.sides[0].members.len() as i64 - g.sides[1].members.len() as i64)
            })
            .sum();
        let total: i64 = report.standings.iter().map(|s| s.tally).sum();
        prop_assert_eq!(total, expected);
        let games_played: u32 = report.standings.iter().map(|s| s.games).sum();
        let seats: usize = games.iter().map(|g| g.sides[0].members.len() + g.sides[1].members.len()).sum();
        prop_assert_eq!(games_played as usize, seats);
    }
}

/// Duplicate coöperative: tables' results on boards every table played, totals drawn from
/// few values so that ties are common. Result k of a board: table k+1, pairs k+1 (majors)
/// and 100+k (minors) as a simultaneous movement seats a table's four.
fn table_totals() -> impl Strategy<Value = Vec<PairResult>> {
    (1usize..9, 1u32..5).prop_flat_map(|(n, boards)| {
        prop::collection::vec((0i64..4, 0i64..4), n * boards as usize).prop_map(move |s| {
            s.iter()
                .enumerate()
                .map(|(i, &(a, b))| {
                    let k = (i % n) as u32;
                    let board = (i / n) as u32 + 1;
                    PairResult {
                        round: board,
                        table: k + 1,
                        board,
                        majors: k + 1,
                        minors: 100 + k,
                        outcome: TableScore::Scored {
                            majors: 2000 + 500 * a,
                            minors: 2000 + 500 * b,
                        },
                    }
                })
                .collect()
        })
    })
}

proptest! {
    /// "using a system of matchpoints" on "a total for the table": a full board's
    /// matchpoints on table totals add up to n(n-1) on 2-1, both pairs of a table get the
    /// same, a higher total never earns fewer, and only the tables (their majors pairs) are
    /// ranked, in one field, whatever order the results arrive in.
    #[test]
    fn tables_are_matchpointed_on_their_table_totals(results in table_totals(), half in any::<bool>()) {
        let report = matchpoints::score(Scale::TwoOne, Compare::Total, &BTreeMap::new(), &results).unwrap();
        let total = |i: usize| match results[i].outcome {
            TableScore::Scored { majors, minors } => majors + minors,
            TableScore::Adjusted { .. } => unreachable!(),
        };
        for b in &report.boards {
            let n = b.results.len() as f64;
            prop_assert_eq!(b.results.iter().map(|a| a.majors).sum::<f64>(), n * (n - 1.0));
            for x in &b.results {
                prop_assert_eq!(x.majors, x.minors);
                for y in &b.results {
                    if total(x.result) > total(y.result) {
                        prop_assert!(x.majors > y.majors);
                    } else if total(x.result) == total(y.result) {
                        prop_assert_eq!(x.majors, y.majors);
                    }
                }
            }
        }
        let scale = if half { Scale::OneHalf } else { Scale::TwoOne };
        let mut reversed = results.clone();
        reversed.reverse();
        let key = |r: &[PairResult]| -> Vec<(String, u32, &'static str, i64)> {
            matchpoints::score(scale, Compare::Total, &BTreeMap::new(), r)
                .unwrap()
                .standings
                .iter()
                .map(|s| (s.place.clone(), s.pair, s.field.name(), (s.matchpoints * 100.0).round() as i64))
                .collect()
        };
        let a = key(&results);
        prop_assert_eq!(&a, &key(&reversed));
        let tables = results.iter().map(|r| r.majors).max().unwrap_or(0);
        prop_assert_eq!(a.len() as u32, tables);
        prop_assert!(a.iter().all(|(_, pair, field, _)| *pair <= tables && *field == "all"));
    }
}
