//! The individual progressive over random events: 3 to 12 tables (some of five or six),
//! five rounds of random results. After every round the rules are checked here, written
//! out again rather than taken from the module: winners stayed, losers moved, partners are
//! a stayer and a newcomer by the cut, everyone is seated once, and sides of three sit out
//! in turn and alternate who sits out first. Also: the same key gives the same rounds,
//! another key other cuts, reported cuts replace drawn ones, and bad input is refused.

use std::collections::{BTreeMap, BTreeSet};

use calypso_director::movement::Side;
use calypso_director::movement::individual::{
    CutOverrides, IndividualError, IndividualRound, IndividualTable, TableOutcome, TableResult,
    check_next_round, first_round, next_round, validate_round,
};
use proptest::prelude::*;

const ROUNDS: u32 = 5;

fn other(side: Side) -> Side {
    match side {
        Side::Majors => Side::Minors,
        Side::Minors => Side::Majors,
    }
}

fn set(players: &[u32]) -> BTreeSet<u32> {
    players.iter().copied().collect()
}

fn all_at(t: &IndividualTable) -> Vec<u32> {
    let mut p: Vec<u32> = [&t.majors.players[..], &t.minors.players[..]].concat();
    p.sort_unstable();
    p
}

/// The side that stays: the winner, the majors on a tie.
fn staying(outcome: TableOutcome) -> Side {
    match outcome {
        TableOutcome::Won(side) => side,
        TableOutcome::Scores { majors, minors } => {
            if minors > majors {
                Side::Minors
            } else {
                Side::Majors
            }
        }
    }
}

/// What the test remembers between rounds: who sat out first last game, and how often
/// each player has.
#[derive(Default)]
struct History {
    first_last_game: BTreeSet<u32>,
    sat_out_first: BTreeMap<u32, u32>,
}

/// The rules every round keeps by itself.
fn check_round(r: &IndividualRound, sizes_total: u32, history: &mut History) {
    assert_eq!(validate_round(r), Ok(()), "round {}", r.round);
    assert_eq!(r.players, sizes_total);
    // Everyone seated exactly once.
    let mut seated: Vec<u32> = r.tables.iter().flat_map(all_at).collect();
    seated.sort_unstable();
    assert_eq!(
        seated,
        (1..=r.players).collect::<Vec<_>>(),
        "round {}",
        r.round
    );
    let mut first_this_game = BTreeSet::new();
    for (i, t) in r.tables.iter().enumerate() {
        let at = format!("round {}, table {}", r.round, t.table);
        assert_eq!(t.table, i as u32 + 1, "{at}");
        assert!((4..=6).contains(&t.size()), "{at}");
        // The cut is an order of the table; the lists follow it.
        let mut cut = t.cut.clone();
        cut.sort_unstable();
        assert_eq!(cut, all_at(t), "{at}");
        let pos = |p: u32| t.cut.iter().position(|c| *c == p).unwrap();
        for list in [
            &t.stayers,
            &t.newcomers,
            &t.majors.players,
            &t.minors.players,
        ] {
            assert!(
                list.windows(2).all(|w| pos(w[0]) < pos(w[1])),
                "{at}: {list:?}"
            );
        }
        let mut came_or_stayed = [&t.stayers[..], &t.newcomers[..]].concat();
        came_or_stayed.sort_unstable();
        assert_eq!(came_or_stayed, all_at(t), "{at}");
        // The table's highest cut always sits majors.
        assert!(t.majors.players.contains(&t.cut[0]), "{at}");
        let (s, n) = (&t.stayers, &t.newcomers);
        if r.round == 1 {
            assert!(s.is_empty(), "{at}");
            let top = if t.size() == 6 { 3 } else { 2 };
            assert_eq!(t.majors.players, t.cut[..top], "{at}");
            assert_eq!(t.minors.players, t.cut[top..], "{at}");
        } else {
            assert!(
                (2..=3).contains(&s.len()) && (2..=3).contains(&n.len()),
                "{at}"
            );
            // The highest newcomer partners the highest stayer (majors), the second the
            // second (minors).
            let (maj, min) = (set(&t.majors.players), set(&t.minors.players));
            assert!(maj.contains(&s[0]) && maj.contains(&n[0]), "{at}");
            assert!(min.contains(&s[1]) && min.contains(&n[1]), "{at}");
            // Left over (a third stayer or newcomer): the higher cut to the second
            // partnership, the next to the first.
            let mut left: Vec<u32> = s[2..].iter().chain(&n[2..]).copied().collect();
            left.sort_by_key(|p| pos(*p));
            if let Some(p) = left.first() {
                assert!(min.contains(p), "{at}: left over {p}");
            }
            if let Some(p) = left.get(1) {
                assert!(maj.contains(p), "{at}: left over {p}");
            }
            // Every side has a stayer and a newcomer.
            for side in [&maj, &min] {
                assert!(s.iter().any(|p| side.contains(p)), "{at}");
                assert!(n.iter().any(|p| side.contains(p)), "{at}");
            }
        }
        for side in Side::ALL {
            let players = &t.side(side).players;
            assert!((2..=3).contains(&players.len()), "{at}");
            let Some(out) = t.side(side).sit_out else {
                assert_eq!(players.len(), 2, "{at}: a side of three with no sit-outs");
                continue;
            };
            assert_eq!(players.len(), 3, "{at}: a side of two sitting out");
            // Four deals; the first sitter-out also sits out the last; each of the three
            // sits out; after the first, the next in the side's order, wrapping round.
            assert_eq!(out[0], out[3], "{at}");
            assert_eq!(set(&out[..3]), set(players), "{at}");
            let i = players.iter().position(|p| *p == out[0]).unwrap();
            assert_eq!(out[1], players[(i + 1) % 3], "{at}");
            assert_eq!(out[2], players[(i + 2) % 3], "{at}");
            // Between games: nobody sits out first twice running if a side-mate did not
            // last game; then whoever has done it least; then the higher cut.
            let key = |p: u32| {
                (
                    history.first_last_game.contains(&p),
                    history.sat_out_first.get(&p).copied().unwrap_or(0),
                )
            };
            let best = players.iter().map(|p| key(*p)).min().unwrap();
            assert_eq!(key(out[0]), best, "{at}: {out:?}");
            let first_best = players.iter().find(|p| key(**p) == best).unwrap();
            assert_eq!(out[0], *first_best, "{at}");
            if history.first_last_game.contains(&out[0]) {
                assert!(players.iter().all(|p| history.first_last_game.contains(p)));
            }
            first_this_game.insert(out[0]);
        }
    }
    for p in &first_this_game {
        *history.sat_out_first.entry(*p).or_default() += 1;
    }
    history.first_last_game = first_this_game;
    for p in 1..=r.players {
        let counted = history.sat_out_first.get(&p).copied().unwrap_or(0);
        assert_eq!(r.sat_out_first[p as usize - 1], counted, "player {p}");
    }
}

/// Winners stayed; losers of two moved up a table; of three, the two who played the last
/// deal moved up and the one who sat it out moved down; nobody else came.
fn check_moves(prev: &IndividualRound, results: &[TableResult], next: &IndividualRound) {
    assert_eq!(next.round, prev.round + 1);
    let count = prev.tables.len() as u32;
    let up = |t: u32| if t == count { 1 } else { t + 1 };
    let down = |t: u32| if t == 1 { count } else { t - 1 };
    let mut expected_newcomers: BTreeMap<u32, BTreeSet<u32>> = BTreeMap::new();
    for r in results {
        let t = prev.table(r.table).unwrap();
        let stays = staying(r.outcome);
        let after = next.table(r.table).unwrap();
        assert_eq!(
            set(&after.stayers),
            set(&t.side(stays).players),
            "round {}, table {}: the winners stay",
            next.round,
            r.table
        );
        let losers = t.side(other(stays));
        for &p in &losers.players {
            let to = match losers.sit_out {
                Some(out) if out[3] == p => down(r.table),
                _ => up(r.table),
            };
            assert_eq!(next.place(p).map(|(t, _)| t), Some(to), "player {p}");
            expected_newcomers.entry(to).or_default().insert(p);
        }
        if losers.players.len() == 3 && count > 2 {
            // Two up and one down (at two tables both are the other table).
            let ups = losers
                .players
                .iter()
                .filter(|p| next.place(**p).unwrap().0 == up(r.table))
                .count();
            assert_eq!(ups, 2);
        }
    }
    for t in &next.tables {
        assert_eq!(
            set(&t.newcomers),
            expected_newcomers.remove(&t.table).unwrap_or_default(),
            "round {}, table {}",
            next.round,
            t.table
        );
    }
}

fn outcome(code: (u8, i64, i64)) -> TableOutcome {
    match code.0 % 3 {
        0 => TableOutcome::Won(Side::Majors),
        1 => TableOutcome::Won(Side::Minors),
        // Small scores, so ties happen.
        _ => TableOutcome::Scores {
            majors: code.1,
            minors: code.2,
        },
    }
}

/// Plays five rounds with the given results, checking each; returns the rounds.
fn event(
    sizes: &[u32],
    seed: &[u8; 32],
    codes: &[(u8, i64, i64)],
    report: &[(usize, usize)],
) -> Vec<IndividualRound> {
    let players: u32 = sizes.iter().sum();
    let mut history = History::default();
    let r1 = first_round(players, sizes, seed, &CutOverrides::none()).unwrap();
    // Round 1 seats by number.
    let mut next = 1;
    for (t, &size) in r1.tables.iter().zip(sizes) {
        assert_eq!(all_at(t), (next..next + size).collect::<Vec<_>>());
        assert_eq!(t.newcomers.len() as u32, size);
        next += size;
    }
    check_round(&r1, players, &mut history);
    let mut rounds = vec![r1];
    for round in 1..ROUNDS {
        let prev = rounds.last().unwrap();
        let results: Vec<TableResult> = prev
            .tables
            .iter()
            .rev() // in any order
            .map(|t| TableResult {
                table: t.table,
                outcome: outcome(codes[(round as usize * 12 + t.table as usize) % codes.len()]),
            })
            .collect();
        let drawn = next_round(prev, &results, seed, &CutOverrides::none()).unwrap();
        assert_eq!(validate_round(&drawn), Ok(()));
        check_moves(prev, &results, &drawn);
        // A table reports its own cut: it replaces the draw there and nowhere else.
        let (which, turn) = report[round as usize % report.len()];
        let table = (which % drawn.tables.len()) as u32 + 1;
        let mut reported = drawn.table(table).unwrap().cut.clone();
        let size = reported.len();
        reported.rotate_left(turn % size);
        reported.reverse();
        let with = next_round(
            prev,
            &results,
            seed,
            &CutOverrides::none().report(table, reported.clone()),
        )
        .unwrap();
        for (a, b) in drawn.tables.iter().zip(&with.tables) {
            if a.table == table {
                assert_eq!(b.cut, reported);
                assert!(b.cut_reported && !a.cut_reported);
                assert_eq!(set(&a.stayers), set(&b.stayers));
                assert_eq!(set(&a.newcomers), set(&b.newcomers));
            } else {
                assert_eq!(a, b, "a reported cut changed another table");
            }
        }
        // Carry on with the reported cut (so later rounds see reported cuts too).
        check_moves(prev, &results, &with);
        check_round(&with, players, &mut history);
        assert_eq!(check_next_round(prev, &results, seed, &with), Ok(()));
        rounds.push(with);
    }
    rounds
}

fn sizes() -> impl Strategy<Value = Vec<u32>> {
    (3usize..=12).prop_flat_map(|t| {
        prop::collection::vec(
            prop_oneof![3 => Just(4u32), 1 => Just(5u32), 1 => Just(6u32)],
            t,
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn five_rounds_of_random_results_keep_every_rule(
        sizes in sizes(),
        seed in any::<[u8; 32]>(),
        codes in prop::collection::vec((any::<u8>(), 0i64..3, 0i64..3), 60),
        report in prop::collection::vec((0usize..12, 0usize..6), 5),
    ) {
        let rounds = event(&sizes, &seed, &codes, &report);
        // The same key and results: the same rounds.
        prop_assert_eq!(&event(&sizes, &seed, &codes, &report), &rounds);
        // Another key: other cuts (the chance that every cut of five rounds agrees is
        // below 1 in 24^15).
        let mut other_seed = seed;
        other_seed[31] ^= 1;
        let others = event(&sizes, &other_seed, &codes, &report);
        let drawn_cuts = |rs: &[IndividualRound]| -> Vec<Vec<u32>> {
            rs.iter().flat_map(|r| r.tables.iter().filter(|t| !t.cut_reported).map(|t| t.cut.clone())).collect()
        };
        prop_assert_ne!(drawn_cuts(&rounds), drawn_cuts(&others));
    }
}

#[test]
fn sizes_change_but_stay_within_four_to_six_and_tables_of_five_and_six_appear() {
    // Start with only one table of five; a losing side of three spreads the odd player.
    let seed = [3u8; 32];
    let codes: Vec<(u8, i64, i64)> = (0..60u8).map(|i| (i.wrapping_mul(7) + 1, 0, 0)).collect();
    let rounds = event(&[4, 4, 5, 4, 4], &seed, &codes, &[(0, 0)]);
    let mut seen = BTreeSet::new();
    for r in &rounds {
        for s in r.table_sizes() {
            assert!((4..=6).contains(&s));
            seen.insert(s);
        }
        assert_eq!(r.table_sizes().iter().sum::<u32>(), 21);
    }
    assert!(seen.contains(&5), "{seen:?}");
}

/// Two tables: up and down from either table lead to the other.
#[test]
fn two_tables_send_every_loser_to_the_other_table() {
    let codes: Vec<(u8, i64, i64)> = (0..60).map(|i| (i as u8, 1, 2)).collect();
    for sizes in [[4, 4], [5, 5], [6, 6], [4, 6], [5, 6]] {
        event(&sizes, &[9; 32], &codes, &[(1, 2)]);
    }
}

/// "Mostly": over 300 keys, a table of four's drawn cut in round 1 matches the first key's
/// in about one case in 24.
#[test]
fn different_keys_draw_different_cuts() {
    let cut_of = |k: u8| {
        let mut seed = [0u8; 32];
        seed[0] = k;
        seed[1] = 0xA5;
        first_round(40, &[4; 10], &seed, &CutOverrides::none()).unwrap()
    };
    let base = cut_of(0);
    let mut same = 0;
    let mut total = 0;
    for k in 1..=255u8 {
        let r = cut_of(k);
        for (a, b) in base.tables.iter().zip(&r.tables) {
            total += 1;
            if a.cut == b.cut {
                same += 1;
            }
        }
    }
    // 2550 tables: about 106 expected to agree by chance.
    assert!(same < total / 12, "{same} of {total} cuts agree");
    assert!(same > 0, "the draw cannot be that far from uniform");
}

#[test]
fn bad_input_is_refused_with_the_problem_named() {
    let none = CutOverrides::none();
    let key = [1u8; 32];
    assert_eq!(
        first_round(4, &[4], &key, &none),
        Err(IndividualError::Tables(1))
    );
    assert_eq!(first_round(13, &[4, 4, 5], &key, &none).map(|_| ()), Ok(()));
    assert_eq!(
        first_round(14, &[4, 4, 5], &key, &none)
            .unwrap_err()
            .to_string(),
        "the tables seat 13 players, but there are 14"
    );
    assert_eq!(
        first_round(11, &[4, 4, 3], &key, &none),
        Err(IndividualError::TableSize { table: 3, size: 3 })
    );
    assert_eq!(
        first_round(15, &[4, 7, 4], &key, &none),
        Err(IndividualError::TableSize { table: 2, size: 7 })
    );
    assert_eq!(
        first_round(404, &[4; 101], &key, &none),
        Err(IndividualError::Tables(101))
    );
    let r1 = first_round(13, &[4, 4, 5], &key, &none).unwrap();
    let won = |t| TableResult::won(t, Side::Minors);
    assert_eq!(
        next_round(&r1, &[won(1), won(2), won(3), won(4)], &key, &none),
        Err(IndividualError::ResultForNoTable {
            round: 1,
            table: 4,
            tables: 3
        })
    );
    assert_eq!(
        next_round(&r1, &[won(1), won(3)], &key, &none),
        Err(IndividualError::ResultMissing { round: 1, table: 2 })
    );
    assert_eq!(
        next_round(&r1, &[won(1), won(2), won(2), won(3)], &key, &none),
        Err(IndividualError::ResultTwice { round: 1, table: 2 })
    );
    let results = [won(1), won(2), won(3)];
    let r2 = next_round(&r1, &results, &key, &none).unwrap();
    let at_1 = all_at(&r2.tables[0]);
    let stranger = (1..=13).find(|p| !at_1.contains(p)).unwrap();
    let report = |cut: Vec<u32>| next_round(&r1, &results, &key, &none.clone().report(1, cut));
    assert_eq!(
        report([&at_1[1..], &[stranger]].concat()),
        Err(IndividualError::CutStranger {
            round: 2,
            table: 1,
            player: stranger
        })
    );
    assert_eq!(
        report(at_1[1..].to_vec()),
        Err(IndividualError::CutMissing {
            round: 2,
            table: 1,
            player: at_1[0]
        })
    );
    assert_eq!(
        report([&at_1[..], &at_1[..1]].concat()),
        Err(IndividualError::CutTwice {
            round: 2,
            table: 1,
            player: at_1[0]
        })
    );
    assert_eq!(
        next_round(&r1, &results, &key, &none.clone().report(0, at_1.clone())),
        Err(IndividualError::CutForNoTable {
            round: 2,
            table: 0,
            tables: 3
        })
    );
    // A round that breaks its rules is not moved on from.
    let mut broken = r2.clone();
    broken.tables[1].majors.players.push(1);
    assert!(matches!(
        next_round(&broken, &results, &key, &none),
        Err(IndividualError::BrokenRound { round: 2, .. })
    ));
}
