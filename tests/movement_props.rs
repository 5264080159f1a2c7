//! Every movement the generator makes passes the one validator: each kind at every size
//! from 2 to 30 tables, every allowed round count, 1 to 3 boards a round, with a phantom
//! and with arrow switches; team matches of 2 to 200 boards. And random breakages of a
//! generated movement never pass.

use calypso_director::movement::{
    MAX_TABLES, MAX_TEAM_BOARDS, Movement, MovementKind, MovementRequest, Side, Violation,
    generate, movement_text, validate,
};
use proptest::prelude::*;

fn valid(req: &MovementRequest) -> Movement {
    let m = generate(req).unwrap_or_else(|e| panic!("{req:?}: {e}"));
    if let Err(v) = validate(&m) {
        let list: Vec<String> = v.iter().map(ToString::to_string).collect();
        panic!("{req:?} breaks its rules:\n{}", list.join("\n"));
    }
    m
}

fn max_rounds(kind: MovementKind, t: u32) -> u32 {
    match kind {
        MovementKind::Mitchell if t.is_multiple_of(2) => t - 1,
        _ => t,
    }
}

/// What the movement promises beyond the validator's rules, for Mitchell and progressive.
fn check_shape(m: &Movement, req: &MovementRequest) {
    let t = m.tables;
    assert_eq!(m.schedule.len() as u32, m.rounds * t);
    let mut last = (0, 0);
    for s in &m.schedule {
        assert!((s.round, s.table) > last, "schedule out of order");
        last = (s.round, s.table);
        if !s.has_game() {
            continue;
        }
        // Majors pairs stay at their table (seated minors in an arrow-switched round).
        let switched = req.arrow_switch.contains(&s.round);
        let stays = if switched { s.minors } else { s.majors };
        assert_eq!(stays, Some(s.table), "{s:?}");
    }
    // A phantom: one pair out a round, never the same one twice.
    let phantom = m.pairs < 2 * t;
    assert_eq!(
        m.sit_out.len() as u32,
        if phantom { m.rounds } else { 0 },
        "{req:?}"
    );
    let mut out: Vec<u32> = m.sit_out.iter().map(|s| s.pair).collect();
    out.sort_unstable();
    out.dedup();
    assert_eq!(out.len(), m.sit_out.len());
}

#[test]
fn every_mitchell_from_2_to_30_tables_is_valid() {
    let mut count = 0;
    for t in 2..=30 {
        for r in 1..=max_rounds(MovementKind::Mitchell, t) {
            for k in 1..=3 {
                for pairs in [2 * t, 2 * t - 1] {
                    let arrows: Vec<Vec<u32>> = vec![vec![], vec![r], vec![1, r / 2 + 1]];
                    for arrow_switch in arrows {
                        let req = MovementRequest {
                            tables: Some(t),
                            rounds: Some(r),
                            boards_per_round: Some(k),
                            pairs: Some(pairs),
                            arrow_switch,
                            ..MovementRequest::new(MovementKind::Mitchell)
                        };
                        let m = valid(&req);
                        check_shape(&m, &req);
                        // Every set is in play unless a one-round phantom leaves the last out.
                        let sets = if r == 1 && pairs < 2 * t { t - 1 } else { t };
                        assert_eq!(m.boards, sets * k, "{req:?}");
                        count += 1;
                    }
                }
            }
        }
        // The default round count (#21): every pair meets every opposing pair, T rounds at
        // an odd T; at an even T the skip allows T-1.
        let m = valid(&MovementRequest {
            tables: Some(t),
            ..MovementRequest::new(MovementKind::Mitchell)
        });
        let default = if !t.is_multiple_of(2) { t } else { t - 1 };
        assert_eq!(m.rounds, default, "{t} tables");
    }
    // Rounds x 3 boards-per-round x 2 pair counts x 3 arrow-switch choices, per size.
    let expected: u32 = (2..=30)
        .map(|t| max_rounds(MovementKind::Mitchell, t) * 18)
        .sum();
    assert_eq!(count, expected);
}

#[test]
fn the_largest_mitchells_are_valid() {
    for t in [MAX_TABLES - 1, MAX_TABLES] {
        let m = valid(&MovementRequest {
            tables: Some(t),
            rounds: Some(max_rounds(MovementKind::Mitchell, t)),
            pairs: Some(2 * t - 1),
            ..MovementRequest::new(MovementKind::Mitchell)
        });
        assert_eq!(m.boards, t);
    }
}

#[test]
fn every_progressive_from_2_to_30_tables_is_valid() {
    for t in 2..=30 {
        for r in 1..=t {
            for pairs in [2 * t, 2 * t - 1] {
                let req = MovementRequest {
                    tables: Some(t),
                    rounds: Some(r),
                    pairs: Some(pairs),
                    ..MovementRequest::new(MovementKind::Progressive)
                };
                let m = valid(&req);
                check_shape(&m, &req);
                assert_eq!(m.boards, t * r);
            }
        }
        let m = valid(&MovementRequest {
            tables: Some(t),
            ..MovementRequest::new(MovementKind::Progressive)
        });
        assert_eq!(m.rounds, t.min(4));
    }
}

#[test]
fn every_team_match_is_valid() {
    for b in (2..=MAX_TEAM_BOARDS).step_by(2) {
        let m = valid(&MovementRequest {
            boards: Some(b),
            ..MovementRequest::new(MovementKind::TeamMatch)
        });
        assert_eq!((m.rounds, m.boards, m.pairs, m.tables), (b, b, 4, 2));
    }
}

#[test]
fn plans_print_for_every_kind() {
    let reqs = [
        MovementRequest {
            boards: Some(6),
            ..MovementRequest::new(MovementKind::TeamMatch)
        },
        MovementRequest {
            tables: Some(8),
            rounds: Some(7),
            boards_per_round: Some(2),
            pairs: Some(15),
            arrow_switch: vec![6, 7],
            ..MovementRequest::new(MovementKind::Mitchell)
        },
        MovementRequest {
            tables: Some(6),
            rounds: Some(5),
            pairs: Some(11),
            ..MovementRequest::new(MovementKind::Progressive)
        },
        MovementRequest {
            tables: Some(5),
            rounds: Some(3),
            boards_per_round: Some(2),
            ..MovementRequest::new(MovementKind::Simultaneous)
        },
    ];
    for req in reqs {
        let m = valid(&req);
        let text = movement_text(&m);
        for s in m.schedule.iter().filter(|s| s.has_game()) {
            let line = format!(
                "Table {}: majors {} v minors {}, ",
                s.table,
                s.majors.unwrap(),
                s.minors.unwrap()
            );
            assert!(text.contains(&line), "{line} missing from\n{text}");
        }
        assert_eq!(text.matches("\nRound ").count() as u32, m.rounds);
    }
}

/// Duplicate coöperative: "identical deals as in Duplicate Calypso, so that you can truly
/// compare like-with-like": every table plays the same boards each round, and the four
/// players of a table stay together all evening.
#[test]
fn every_table_plays_the_same_boards_in_a_simultaneous_movement() {
    let mut count = 0;
    for t in 2..=30 {
        for r in 1..=8 {
            for k in 1..=3 {
                let m = valid(&MovementRequest {
                    tables: Some(t),
                    rounds: Some(r),
                    boards_per_round: Some(k),
                    ..MovementRequest::new(MovementKind::Simultaneous)
                });
                assert_eq!((m.pairs, m.boards, m.sit_out.len()), (2 * t, r * k, 0));
                assert_eq!(m.schedule.len() as u32, r * t);
                for s in &m.schedule {
                    let want: Vec<u32> = ((s.round - 1) * k + 1..=s.round * k).collect();
                    assert_eq!(s.boards, want, "{s:?}");
                    assert_eq!((s.majors, s.minors), (Some(s.table), Some(t + s.table)));
                }
                count += 1;
            }
        }
    }
    assert_eq!(count, 29 * 8 * 3);
    // A simultaneous movement has no phantom and no arrow switch: a table of four is an entry.
    let refused = |req: MovementRequest| generate(&req).unwrap_err().to_string();
    let base = MovementRequest {
        tables: Some(3),
        ..MovementRequest::new(MovementKind::Simultaneous)
    };
    assert!(
        refused(MovementRequest {
            pairs: Some(5),
            ..base.clone()
        })
        .contains("3 tables seat 6 pairs (not 5)")
    );
    assert!(
        refused(MovementRequest {
            arrow_switch: vec![1],
            ..base.clone()
        })
        .contains("arrow switch")
    );
    assert!(
        refused(MovementRequest {
            boards: Some(4),
            ..base.clone()
        })
        .contains("boards does not apply")
    );
    assert_eq!(valid(&base).rounds, 4);
}

fn any_simultaneous() -> impl Strategy<Value = Movement> {
    (2u32..=16, 1u32..=8, 1u32..=3).prop_map(|(t, r, k)| {
        valid(&MovementRequest {
            tables: Some(t),
            rounds: Some(r),
            boards_per_round: Some(k),
            ..MovementRequest::new(MovementKind::Simultaneous)
        })
    })
}

fn any_valid() -> impl Strategy<Value = Movement> {
    let mitchell =
        (2u32..=16, 0u32..100, 1u32..=3, any::<bool>()).prop_map(|(t, r, k, phantom)| {
            let max = if t.is_multiple_of(2) { t - 1 } else { t };
            MovementRequest {
                tables: Some(t),
                rounds: Some(r % max + 1),
                boards_per_round: Some(k),
                pairs: Some(2 * t - u32::from(phantom)),
                ..MovementRequest::new(MovementKind::Mitchell)
            }
        });
    let progressive =
        (2u32..=16, 0u32..100, any::<bool>()).prop_map(|(t, r, phantom)| MovementRequest {
            tables: Some(t),
            rounds: Some(r % t + 1),
            pairs: Some(2 * t - u32::from(phantom)),
            ..MovementRequest::new(MovementKind::Progressive)
        });
    let team = (1u32..=10).prop_map(|h| MovementRequest {
        boards: Some(2 * h),
        ..MovementRequest::new(MovementKind::TeamMatch)
    });
    prop_oneof![mitchell, progressive, team].prop_map(|req| valid(&req))
}

proptest! {
    /// Any request either names its problem or makes a valid movement whose JSON reads back.
    #[test]
    fn any_request_is_valid_or_refused(
        kind in prop::sample::select(MovementKind::ALL.to_vec()),
        tables in prop::option::of(0u32..=40),
        rounds in prop::option::of(0u32..=45),
        boards_per_round in prop::option::of(0u32..=4),
        boards in prop::option::of(0u32..=30),
        pairs in prop::option::of(0u32..=82),
        arrow_switch in prop::collection::vec(0u32..=10, 0..3),
    ) {
        let req = MovementRequest { kind, tables, rounds, boards_per_round, boards, pairs, arrow_switch };
        if let Ok(m) = generate(&req) {
            prop_assert_eq!(validate(&m), Ok(()));
            let back: Movement = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
            prop_assert_eq!(back, m);
        }
    }

    /// Seating a pair that is already at another table of the round never passes.
    #[test]
    fn a_pair_seated_twice_is_caught(m in any_valid(), pick in any::<prop::sample::Index>(), other in any::<prop::sample::Index>(), minors in any::<bool>()) {
        let mut m = m;
        let games: Vec<usize> = (0..m.schedule.len()).filter(|i| m.schedule[*i].has_game()).collect();
        let i = games[pick.index(games.len())];
        let round = m.schedule[i].round;
        let others: Vec<usize> = games.iter().copied().filter(|j| *j != i && m.schedule[*j].round == round).collect();
        prop_assume!(!others.is_empty());
        let j = others[other.index(others.len())];
        let side = if minors { Side::Minors } else { Side::Majors };
        let pair = m.schedule[j].pair(side);
        let s = &mut m.schedule[i];
        if minors { s.minors = pair } else { s.majors = pair }
        let v = validate(&m).unwrap_err();
        prop_assert!(v.iter().any(|v| matches!(v, Violation::EntryTwice { .. })), "{:?}", v);
    }

    /// Giving a table a board another table of the round plays never passes.
    #[test]
    fn a_board_at_two_tables_is_caught(m in any_valid(), pick in any::<prop::sample::Index>(), other in any::<prop::sample::Index>()) {
        let mut m = m;
        let games: Vec<usize> = (0..m.schedule.len()).filter(|i| m.schedule[*i].has_game()).collect();
        let i = games[pick.index(games.len())];
        let round = m.schedule[i].round;
        let others: Vec<usize> = games.iter().copied().filter(|j| *j != i && m.schedule[*j].round == round).collect();
        prop_assume!(!others.is_empty());
        let j = others[other.index(others.len())];
        let board = m.schedule[j].boards[0];
        m.schedule[i].boards[0] = board;
        let v = validate(&m).unwrap_err();
        prop_assert!(v.iter().any(|v| matches!(v, Violation::BoardAtTwoTables { .. })), "{:?}", v);
    }

    /// A simultaneous table given a board of another round never passes: the tables would
    /// not compare like with like.
    #[test]
    fn a_simultaneous_table_off_the_rounds_boards_is_caught(m in any_simultaneous(), pick in any::<prop::sample::Index>(), shift in 1u32..=7) {
        let mut m = m;
        let i = pick.index(m.schedule.len());
        let b = m.schedule[i].boards[0];
        m.schedule[i].boards[0] = (b - 1 + shift) % m.boards + 1;
        prop_assume!(m.schedule[i].boards[0] != b);
        let v = validate(&m).unwrap_err();
        prop_assert!(v.iter().any(|v| matches!(v, Violation::NotTheSameBoards { .. })), "{:?}", v);
    }

    /// Two tables' minors pairs swapped in a round never passes: a table's four stay put.
    #[test]
    fn a_simultaneous_pair_moved_is_caught(m in any_simultaneous(), pick in any::<prop::sample::Index>(), other in any::<prop::sample::Index>()) {
        let mut m = m;
        let i = pick.index(m.schedule.len());
        let round = m.schedule[i].round;
        let others: Vec<usize> = (0..m.schedule.len()).filter(|j| *j != i && m.schedule[*j].round == round).collect();
        let j = others[other.index(others.len())];
        let (a, b) = (m.schedule[i].minors, m.schedule[j].minors);
        m.schedule[i].minors = b;
        m.schedule[j].minors = a;
        let v = validate(&m).unwrap_err();
        prop_assert!(v.iter().any(|v| matches!(v, Violation::NotItsTable { .. })), "{:?}", v);
    }
}
