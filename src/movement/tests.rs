use super::generate::mitchell_movement;
use super::plan::{Next, Plan, board_list};
use super::*;

fn request(kind: MovementKind) -> MovementRequest {
    MovementRequest::new(kind)
}

fn mitchell(tables: u32) -> MovementRequest {
    MovementRequest {
        tables: Some(tables),
        ..request(MovementKind::Mitchell)
    }
}

fn progressive(tables: u32) -> MovementRequest {
    MovementRequest {
        tables: Some(tables),
        ..request(MovementKind::Progressive)
    }
}

fn team_match(boards: u32) -> MovementRequest {
    MovementRequest {
        boards: Some(boards),
        ..request(MovementKind::TeamMatch)
    }
}

fn made(req: &MovementRequest) -> Movement {
    let m = generate(req).unwrap_or_else(|e| panic!("{req:?}: {e}"));
    if let Err(v) = validate(&m) {
        panic!("{req:?} breaks its rules: {v:?}");
    }
    m
}

/// The one violation a broken movement reports, checked against what was broken.
fn broken(m: &Movement) -> Vec<Violation> {
    validate(m).expect_err("the broken movement must fail")
}

fn seat(m: &Movement, round: u32, table: u32) -> (Option<u32>, Option<u32>, Vec<u32>) {
    let s = m.seating(round, table).unwrap();
    (s.majors, s.minors, s.boards.clone())
}

fn seating_mut(m: &mut Movement, round: u32, table: u32) -> &mut Seating {
    m.schedule
        .iter_mut()
        .find(|s| s.round == round && s.table == table)
        .unwrap()
}

#[test]
fn kinds_have_names_and_parse_back() {
    for k in MovementKind::ALL {
        assert_eq!(k.name().parse::<MovementKind>(), Ok(k));
        assert_eq!(
            serde_json::to_string(&k).unwrap(),
            format!("\"{}\"", k.name())
        );
    }
    let e = "howell".parse::<MovementKind>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "\"howell\" is not a movement kind: choose team-match, mitchell, progressive or simultaneous"
    );
}

#[test]
fn team_match_crosses_the_boards_at_half_time() {
    let m = made(&team_match(8));
    assert_eq!((m.tables, m.rounds, m.boards, m.pairs), (2, 8, 8, 4));
    assert_eq!(
        m.teams,
        Some(Teams {
            a: vec![1, 2],
            b: vec![3, 4]
        })
    );
    for r in 1..=4 {
        assert_eq!(seat(&m, r, 1), (Some(1), Some(4), vec![r]));
        assert_eq!(seat(&m, r, 2), (Some(3), Some(2), vec![4 + r]));
    }
    for r in 5..=8 {
        assert_eq!(seat(&m, r, 1), (Some(1), Some(4), vec![r]));
        assert_eq!(seat(&m, r, 2), (Some(3), Some(2), vec![r - 4]));
    }
    assert!(m.sit_out.is_empty());
    // The default is an evening: four boards.
    assert_eq!(made(&request(MovementKind::TeamMatch)).boards, 4);
}

#[test]
fn mitchell_minors_move_up_and_boards_down() {
    let m = made(&mitchell(3));
    assert_eq!((m.rounds, m.boards, m.pairs), (3, 3, 6));
    assert_eq!(seat(&m, 1, 1), (Some(1), Some(4), vec![1]));
    assert_eq!(seat(&m, 1, 3), (Some(3), Some(6), vec![3]));
    // Round 2: minors 4 up to table 2, board 1 down to table 3.
    assert_eq!(seat(&m, 2, 2), (Some(2), Some(4), vec![3]));
    assert_eq!(seat(&m, 2, 3), (Some(3), Some(5), vec![1]));
    assert_eq!(seat(&m, 2, 1), (Some(1), Some(6), vec![2]));
}

#[test]
fn mitchell_default_and_maximum_rounds() {
    // The default is the most: every pair meets every opposing pair (all but one at an even
    // number of tables, where the skip allows T-1 rounds).
    for (t, default, max) in [
        (2, 1, 1),
        (3, 3, 3),
        (4, 3, 3),
        (5, 5, 5),
        (6, 5, 5),
        (7, 7, 7),
        (8, 7, 7),
        (13, 13, 13),
        (14, 13, 13),
    ] {
        let m = made(&mitchell(t));
        assert_eq!(m.rounds, default, "{t} tables");
        assert_eq!(
            round_limits(MovementKind::Mitchell, t).map(|l| (l.default, l.max)),
            Some((default, max))
        );
        // Each minors pair meets this many different majors pairs.
        for minors in t + 1..=2 * t {
            let met: std::collections::BTreeSet<u32> = m
                .schedule
                .iter()
                .filter(|s| s.minors == Some(minors))
                .filter_map(|s| s.majors)
                .collect();
            assert_eq!(met.len() as u32, default, "{t} tables, pair {minors}");
        }
        let at_max = MovementRequest {
            rounds: Some(max),
            ..mitchell(t)
        };
        assert_eq!(made(&at_max).rounds, max);
        let past = MovementRequest {
            rounds: Some(max + 1),
            ..mitchell(t)
        };
        assert!(
            matches!(generate(&past), Err(MovementError::TooManyRounds { max: m, .. }) if m == max),
            "{t} tables"
        );
    }
}

#[test]
fn mitchell_boards_per_round_take_consecutive_sets() {
    let m = made(&MovementRequest {
        boards_per_round: Some(3),
        rounds: Some(4),
        ..mitchell(5)
    });
    assert_eq!(m.boards, 15);
    assert_eq!(seat(&m, 1, 2).2, vec![4, 5, 6]);
    assert_eq!(seat(&m, 2, 1).2, vec![4, 5, 6]);
}

/// The even-tables skip, for every even size the movement allows: with it every round up
/// to T-1 passes; without it the minors meet their first boards again in round T/2+1
/// (and only the boards go wrong: they meet new opponents until round T).
#[test]
fn even_mitchell_needs_the_skip_and_the_skip_is_enough() {
    for t in (2..=MAX_TABLES).step_by(2) {
        let with = mitchell_movement(t, t - 1, 1, 2 * t, &[], true);
        assert_eq!(validate(&with), Ok(()), "{t} tables, {} rounds", t - 1);
        if t >= 4 {
            let without = mitchell_movement(t, t / 2 + 1, 1, 2 * t, &[], false);
            let v = broken(&without);
            assert!(
                v.iter().all(|v| matches!(
                    v,
                    Violation::BoardPlayedTwice { first: 1, second, .. } if *second == t / 2 + 1
                )),
                "{t} tables without the skip: {v:?}"
            );
            assert_eq!(v.len(), t as usize, "every minors pair replays a board");
        }
        // Round T, even with the skip, brings back round 1's opponents.
        let one_more = mitchell_movement(t, t, 1, 2 * t, &[], true);
        assert!(
            broken(&one_more)
                .iter()
                .all(|v| matches!(v, Violation::MetTwice { first: 1, .. })),
            "{t} tables, {t} rounds"
        );
    }
}

#[test]
fn odd_mitchell_needs_no_skip_up_to_t_rounds() {
    for t in (3..=MAX_TABLES).step_by(2) {
        let m = made(&MovementRequest {
            rounds: Some(t),
            ..mitchell(t)
        });
        assert_eq!(m.skip_after(), None);
    }
}

#[test]
fn a_phantom_makes_one_sit_out_a_round() {
    let m = made(&MovementRequest {
        pairs: Some(13),
        rounds: Some(5),
        ..mitchell(7)
    });
    // Pair 14 would be at table 7 in round 1, then one table up each round.
    assert_eq!(seat(&m, 1, 7), (None, None, vec![]));
    assert_eq!(seat(&m, 2, 1), (None, None, vec![]));
    let out: Vec<(u32, u32)> = m.sit_out.iter().map(|s| (s.round, s.pair)).collect();
    assert_eq!(out, vec![(1, 7), (2, 1), (3, 2), (4, 3), (5, 4)]);
    // The phantom table's board set waits there and moves on.
    assert_eq!(m.boards_at(1, 7), vec![7]);
    assert_eq!(m.boards, 7);
}

#[test]
fn a_one_round_mitchell_with_a_phantom_needs_one_set_fewer() {
    let m = made(&MovementRequest {
        pairs: Some(5),
        rounds: Some(1),
        ..mitchell(3)
    });
    assert_eq!(m.boards, 2);
    assert_eq!(m.boards_at(1, 3), Vec::<u32>::new());
}

/// The indexes agree with the lookups they stand for: a pair's place is `place`, and a
/// board lies wherever `boards_at` puts it, the phantom table's waiting set included.
#[test]
fn places_and_boards_lying_index_the_schedule() {
    let m = made(&MovementRequest {
        pairs: Some(13),
        rounds: Some(5),
        ..mitchell(7)
    });
    let places = m.places();
    for round in 1..=m.rounds {
        for pair in 1..=m.pairs {
            assert_eq!(places.get(&(round, pair)).copied(), m.place(round, pair));
        }
    }
    let lying = m.boards_lying();
    for (board, at) in &lying {
        assert!(at.is_sorted(), "board {board}: {at:?}");
        for &(round, table) in at {
            assert!(m.boards_at(round, table).contains(board));
        }
    }
    assert!(lying[&7].contains(&(1, 7)), "{:?}", lying[&7]);
    let placed: usize = lying.values().map(Vec::len).sum();
    let expected: usize = (1..=m.rounds)
        .flat_map(|r| (1..=m.tables).map(move |t| (r, t)))
        .map(|(r, t)| m.boards_at(r, t).len())
        .sum();
    assert_eq!(placed, expected);
}

/// What moves where after each round is what the director's text plan says.
#[test]
fn next_moves_agree_with_the_text_plan() {
    let m = made(&MovementRequest {
        rounds: Some(4),
        ..mitchell(5)
    });
    let plan = Plan::new(&m);
    let text = movement_text(&m);
    for round in 1..m.rounds {
        for table in 1..=m.tables {
            for next in plan.next(round, table) {
                let wanted = match next {
                    Next::Pair { pair, table } => format!(" {pair} to table {table}"),
                    Next::Boards { boards, table, .. } => {
                        format!("board {} to table {table}", board_list(&boards))
                    }
                    Next::PairOut { pair } => format!(" {pair} sits out next round"),
                };
                assert!(
                    text.contains(&wanted),
                    "round {round} table {table}: {wanted}"
                );
            }
        }
    }
}

#[test]
fn an_arrow_switch_swaps_seats_for_its_round_only() {
    let m = made(&MovementRequest {
        arrow_switch: vec![3, 3, 2],
        rounds: Some(3),
        ..mitchell(5)
    });
    assert_eq!(seat(&m, 1, 1).0, Some(1));
    assert_eq!(seat(&m, 2, 1).1, Some(1));
    assert_eq!(seat(&m, 3, 1).1, Some(1));
    assert!(!m.arrow_switched(1) && m.arrow_switched(2) && m.arrow_switched(3));
}

#[test]
fn progressive_deals_a_fresh_board_at_every_table_round() {
    let m = made(&MovementRequest {
        rounds: Some(5),
        pairs: Some(11),
        ..progressive(6)
    });
    assert_eq!((m.rounds, m.boards, m.boards_per_round), (5, 30, 1));
    assert_eq!(seat(&m, 1, 1), (Some(1), Some(7), vec![1]));
    assert_eq!(seat(&m, 2, 2), (Some(2), Some(7), vec![8]));
    assert_eq!(seat(&m, 5, 6), (Some(6), Some(8), vec![30]));
    assert_eq!(m.sit_out.len(), 5);
    assert_eq!(made(&progressive(3)).rounds, 3);
    assert_eq!(made(&progressive(9)).rounds, 4);
}

#[test]
fn impossible_requests_name_the_problem() {
    use MovementKind::*;
    let cases: Vec<(MovementRequest, Field, &str)> = vec![
        (
            mitchell(0),
            Field::Tables,
            "mitchell needs 2 to 100 tables (not 0)",
        ),
        (mitchell(101), Field::Tables, "(not 101)"),
        (
            request(Mitchell),
            Field::Tables,
            "mitchell needs a number of tables",
        ),
        (
            progressive(1),
            Field::Tables,
            "progressive needs 2 to 100 tables (not 1)",
        ),
        (
            MovementRequest {
                rounds: Some(8),
                ..mitchell(7)
            },
            Field::Rounds,
            "mitchell at 7 tables has at most 7 rounds before a pair would meet an opponent again (not 8)",
        ),
        (
            MovementRequest {
                rounds: Some(8),
                ..mitchell(8)
            },
            Field::Rounds,
            "at most 7 rounds",
        ),
        (
            MovementRequest {
                rounds: Some(7),
                ..progressive(6)
            },
            Field::Rounds,
            "progressive at 6 tables has at most 6 rounds",
        ),
        (
            MovementRequest {
                rounds: Some(0),
                ..mitchell(6)
            },
            Field::Rounds,
            "at least 1 round",
        ),
        (
            team_match(7),
            Field::Boards,
            "an even number of boards from 2 to 200",
        ),
        (team_match(0), Field::Boards, "(not 0)"),
        (team_match(202), Field::Boards, "(not 202)"),
        (
            MovementRequest {
                pairs: Some(12),
                ..mitchell(7)
            },
            Field::Pairs,
            "7 tables seat 13 or 14 pairs (not 12)",
        ),
        (
            MovementRequest {
                pairs: Some(15),
                ..progressive(7)
            },
            Field::Pairs,
            "(not 15)",
        ),
        (
            MovementRequest {
                boards: Some(8),
                ..mitchell(7)
            },
            Field::Boards,
            "boards does not apply to mitchell",
        ),
        (
            MovementRequest {
                boards: Some(8),
                ..progressive(7)
            },
            Field::Boards,
            "boards does not apply to progressive",
        ),
        (
            MovementRequest {
                tables: Some(3),
                ..team_match(8)
            },
            Field::Tables,
            "a team match is played at 2 tables (not 3)",
        ),
        (
            MovementRequest {
                pairs: Some(6),
                ..team_match(8)
            },
            Field::Pairs,
            "4 pairs",
        ),
        (
            MovementRequest {
                rounds: Some(4),
                ..team_match(8)
            },
            Field::Rounds,
            "a team match of 8 boards has 8 rounds",
        ),
        (
            MovementRequest {
                arrow_switch: vec![2],
                ..team_match(8)
            },
            Field::ArrowSwitch,
            "an arrow switch does not apply to team-match",
        ),
        (
            MovementRequest {
                arrow_switch: vec![2],
                ..progressive(5)
            },
            Field::ArrowSwitch,
            "an arrow switch does not apply to progressive",
        ),
        (
            MovementRequest {
                boards_per_round: Some(2),
                ..progressive(5)
            },
            Field::BoardsPerRound,
            "progressive plays one board a round",
        ),
        (
            MovementRequest {
                boards_per_round: Some(2),
                ..team_match(4)
            },
            Field::BoardsPerRound,
            "team-match plays one board a round",
        ),
        (
            MovementRequest {
                boards_per_round: Some(0),
                ..mitchell(5)
            },
            Field::BoardsPerRound,
            "from 1 to 10 (not 0)",
        ),
        (
            MovementRequest {
                arrow_switch: vec![5],
                rounds: Some(4),
                ..mitchell(5)
            },
            Field::ArrowSwitch,
            "an arrow switch in round 5, but the movement has rounds 1 to 4",
        ),
        (
            MovementRequest {
                arrow_switch: vec![0],
                ..mitchell(5)
            },
            Field::ArrowSwitch,
            "round 0",
        ),
    ];
    for (req, field, words) in cases {
        let e = generate(&req).expect_err(words);
        assert!(e.to_string().contains(words), "{req:?}: {e}");
        assert_eq!(e.field(), field, "{e}");
    }
    // A value the kind fixes may be restated.
    let restated = MovementRequest {
        tables: Some(2),
        pairs: Some(4),
        rounds: Some(6),
        boards_per_round: Some(1),
        ..team_match(6)
    };
    assert_eq!(made(&restated).rounds, 6);
}

// ---- the validator on broken movements: each rule ----

fn sample() -> Movement {
    made(&MovementRequest {
        rounds: Some(3),
        ..mitchell(5)
    })
}

#[test]
fn an_entry_at_two_tables_in_a_round() {
    let mut m = sample();
    seating_mut(&mut m, 1, 2).minors = Some(6); // pair 6 is also at table 1
    let v = broken(&m);
    assert!(
        v.contains(&Violation::EntryTwice { round: 1, pair: 6 }),
        "{v:?}"
    );
    assert!(
        v.contains(&Violation::EntryMissing { round: 1, pair: 7 }),
        "{v:?}"
    );
}

#[test]
fn an_entry_seated_and_sitting_out() {
    let mut m = sample();
    m.sit_out.push(SitOut { round: 2, pair: 3 });
    let v = broken(&m);
    assert!(
        v.contains(&Violation::EntryTwice { round: 2, pair: 3 }),
        "{v:?}"
    );
}

#[test]
fn a_pair_plays_a_board_twice() {
    let mut m = sample();
    // Pair 1 at table 1 gets board 1 again in round 2 (board 2 is not played there).
    seating_mut(&mut m, 2, 1).boards = vec![1];
    let v = broken(&m);
    assert!(
        v.contains(&Violation::BoardPlayedTwice {
            pair: 1,
            board: 1,
            first: 1,
            second: 2
        }),
        "{v:?}"
    );
}

#[test]
fn two_pairs_meet_twice() {
    let mut m = sample();
    // Round 2, table 1 seats minors 6 again; swap it with table 2's so all else holds.
    let a = seating_mut(&mut m, 2, 1).minors;
    let b = seating_mut(&mut m, 2, 2).minors;
    seating_mut(&mut m, 2, 1).minors = b;
    seating_mut(&mut m, 2, 2).minors = a;
    let v = broken(&m);
    assert!(
        v.iter().any(|v| matches!(
            v,
            Violation::MetTwice {
                a: 1,
                b: 6,
                first: 1,
                second: 2
            }
        )),
        "{v:?}"
    );
}

#[test]
fn a_board_at_two_tables_in_a_round() {
    let mut m = sample();
    seating_mut(&mut m, 1, 2).boards = vec![1];
    let v = broken(&m);
    assert!(
        v.contains(&Violation::BoardAtTwoTables {
            round: 1,
            board: 1,
            first: 1,
            second: 2
        }),
        "{v:?}"
    );
}

#[test]
fn a_table_with_one_side() {
    let mut m = sample();
    seating_mut(&mut m, 3, 4).minors = None;
    let v = broken(&m);
    assert!(
        v.contains(&Violation::HalfTable { round: 3, table: 4 }),
        "{v:?}"
    );
}

#[test]
fn a_table_without_a_game_needs_its_pair_sitting_out() {
    let mut m = made(&MovementRequest {
        pairs: Some(9),
        rounds: Some(3),
        ..mitchell(5)
    });
    let out = m.sit_out.remove(0);
    let v = broken(&m);
    assert!(
        v.contains(&Violation::SitOutsAndEmptyTables {
            round: out.round,
            empty_tables: 1,
            sit_outs: 0
        }),
        "{v:?}"
    );
    assert!(v.contains(&Violation::EntryMissing {
        round: out.round,
        pair: out.pair
    }));
}

#[test]
fn a_table_without_a_game_has_no_boards() {
    let mut m = made(&MovementRequest {
        pairs: Some(9),
        rounds: Some(3),
        ..mitchell(5)
    });
    let out = m.sit_out[0].clone();
    let table = m.round(out.round).find(|s| !s.has_game()).unwrap().table;
    seating_mut(&mut m, out.round, table).boards = vec![5];
    let v = broken(&m);
    assert!(
        v.contains(&Violation::BoardsWithoutGame {
            round: out.round,
            table
        }),
        "{v:?}"
    );
}

#[test]
fn entries_that_never_sit_out_play_as_many_boards() {
    let mut m = sample();
    seating_mut(&mut m, 3, 5).boards.push(4);
    let v = broken(&m);
    // Both pairs at that table play one board more than everyone else.
    assert!(
        v.iter().any(|v| matches!(
            v,
            Violation::UnequalBoards {
                played: 4,
                expected: 3,
                ..
            }
        )),
        "{v:?}"
    );
    assert!(v.contains(&Violation::BoardCount {
        round: 3,
        table: 5,
        count: 2,
        expected: 1
    }));
}

#[test]
fn entries_numbered_outside_the_pairs() {
    let mut m = sample();
    seating_mut(&mut m, 2, 3).majors = Some(11);
    let v = broken(&m);
    assert!(
        v.contains(&Violation::EntryOutOfRange {
            round: 2,
            pair: 11,
            pairs: 10
        }),
        "{v:?}"
    );
    let mut m = sample();
    m.sit_out.push(SitOut { round: 1, pair: 0 });
    assert!(broken(&m).contains(&Violation::EntryOutOfRange {
        round: 1,
        pair: 0,
        pairs: 10
    }));
}

#[test]
fn rounds_and_tables_have_exactly_one_seating_each() {
    let mut m = sample();
    let dropped = m.schedule.remove(4);
    let v = broken(&m);
    assert!(v.contains(&Violation::SeatingMissing {
        round: dropped.round,
        table: dropped.table
    }));

    let mut m = sample();
    let copy = m.schedule[0].clone();
    m.schedule.push(copy);
    assert!(broken(&m).contains(&Violation::SeatingRepeated { round: 1, table: 1 }));

    let mut m = sample();
    m.schedule[0].table = 6;
    assert!(broken(&m).contains(&Violation::SeatingOutOfRange {
        round: 1,
        table: 6,
        rounds: 3,
        tables: 5
    }));

    let mut m = sample();
    m.sit_out.push(SitOut { round: 4, pair: 1 });
    assert!(broken(&m).contains(&Violation::SitOutOutOfRange {
        round: 4,
        rounds: 3
    }));
}

#[test]
fn boards_outside_the_set() {
    let mut m = sample();
    seating_mut(&mut m, 1, 1).boards = vec![6];
    assert!(broken(&m).contains(&Violation::BoardOutOfRange {
        round: 1,
        table: 1,
        board: 6,
        boards: 5
    }));
}

#[test]
fn team_match_rules() {
    // Teammates at one table.
    let mut m = made(&team_match(4));
    seating_mut(&mut m, 1, 1).minors = Some(2);
    seating_mut(&mut m, 1, 2).minors = Some(4);
    let v = broken(&m);
    assert!(
        v.contains(&Violation::TeammatesMeet {
            round: 1,
            table: 1,
            a: 1,
            b: 2
        }),
        "{v:?}"
    );

    // Boards that do not change tables: played twice with team A in the majors.
    let mut m = made(&team_match(4));
    for r in 1..=4 {
        seating_mut(&mut m, r, 1).boards = vec![(r - 1) % 2 + 1];
        seating_mut(&mut m, r, 2).boards = vec![(r - 1) % 2 + 3];
    }
    let v = broken(&m);
    assert!(
        v.contains(&Violation::BoardNotCrossed {
            board: 1,
            a_majors: 2,
            b_majors: 0
        }),
        "{v:?}"
    );

    let mut m = made(&team_match(4));
    m.teams = None;
    assert_eq!(broken(&m), vec![Violation::TeamsMissing]);
    let mut m = made(&team_match(4));
    m.teams = Some(Teams {
        a: vec![1, 2],
        b: vec![2, 4],
    });
    assert!(broken(&m).contains(&Violation::TeamsNotAPartition));
    let mut m = sample();
    m.teams = made(&team_match(4)).teams;
    assert!(broken(&m).contains(&Violation::TeamsUnexpected {
        kind: MovementKind::Mitchell
    }));
    // A team match repeats its opponents every round by design.
    assert!(validate(&made(&team_match(20))).is_ok());
}

#[test]
fn sizes_out_of_bounds_stop_the_check() {
    let mut m = sample();
    m.rounds = u32::MAX;
    assert!(matches!(broken(&m).as_slice(), [Violation::Size { .. }]));
    let mut m = sample();
    m.pairs = 8;
    assert!(broken(&m).contains(&Violation::PairsForTables {
        kind: MovementKind::Mitchell,
        pairs: 8,
        tables: 5,
        expected: "two pairs a table, or one fewer (a phantom)"
    }));
}

#[test]
fn violations_read_as_sentences() {
    let v = Violation::BoardPlayedTwice {
        pair: 8,
        board: 3,
        first: 1,
        second: 4,
    };
    assert_eq!(v.to_string(), "pair 8 plays board 3 twice (rounds 1 and 4)");
    let v = Violation::SitOutsAndEmptyTables {
        round: 2,
        empty_tables: 1,
        sit_outs: 0,
    };
    assert!(
        v.to_string()
            .starts_with("round 2: 1 table(s) without a game")
    );
}

#[test]
fn json_round_trips_in_the_documented_key_order() {
    let m = made(&MovementRequest {
        pairs: Some(5),
        rounds: Some(2),
        ..mitchell(3)
    });
    let json = serde_json::to_string(&m).unwrap();
    assert!(json.starts_with(
        "{\"kind\":\"mitchell\",\"tables\":3,\"rounds\":2,\"boards_per_round\":1,\"boards\":3,\
         \"pairs\":5,\"teams\":null,\"schedule\":[{\"round\":1,\"table\":1,\"majors\":1,\
         \"minors\":4,\"boards\":[1]},"
    ));
    assert!(
        json.contains("{\"round\":1,\"table\":3,\"majors\":null,\"minors\":null,\"boards\":[]}")
    );
    assert!(json.ends_with("\"sit_out\":[{\"round\":1,\"pair\":3},{\"round\":2,\"pair\":1}]}"));
    let back: Movement = serde_json::from_str(&json).unwrap();
    assert_eq!(back, m);
}

#[test]
fn the_plan_reads_table_by_table() {
    let m = made(&MovementRequest {
        pairs: Some(5),
        rounds: Some(3),
        ..mitchell(3)
    });
    let text = movement_text(&m);
    assert!(text.contains("\nRound 1\n"), "{text}");
    assert!(
        text.contains(
            "  Table 1: majors 1 v minors 4, board 1; then majors 1 sits out next round, \
         minors 4 to table 2, board 1 to table 3\n"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "  Table 3: no game, pair 3 sits out (board 3 waits here); then board 3 to table 2\n"
        ),
        "{text}"
    );
    assert!(text.contains("  Sitting out: pair 3\n"), "{text}");
    assert!(text.ends_with("End of the session.\n"));

    let skip = movement_text(&made(&MovementRequest {
        rounds: Some(5),
        ..mitchell(6)
    }));
    assert!(
        skip.contains("minors skip a table once, after round 3"),
        "{skip}"
    );
    assert!(skip.contains("Round 3\n"));
    assert!(skip.contains("  After this round the minors skip a table"));

    let tm = movement_text(&made(&team_match(4)));
    assert!(
        tm.contains(
            "  Table 1: majors 1 v minors 4, board 1; then board 1 to table 2 for round 3\n"
        ),
        "{tm}"
    );
}

#[test]
fn an_absent_pair_is_in_no_other_place_and_its_opponent_sits_out() {
    // Pair 1 withdraws from round 2: its table has no game and its opponent sits out.
    let mut m = made(&MovementRequest {
        pairs: Some(6),
        rounds: Some(3),
        ..mitchell(3)
    });
    let t = seating_mut(&mut m, 2, 1);
    let opponent = t.minors.unwrap();
    t.majors = None;
    t.minors = None;
    t.boards.clear();
    m.sit_out.push(SitOut {
        round: 2,
        pair: opponent,
    });
    m.absent.push(SitOut { round: 2, pair: 1 });
    assert_eq!(validate(&m), Ok(()));
    // Absent and sitting out at once is two places.
    let mut twice = m.clone();
    twice.sit_out.push(SitOut { round: 2, pair: 1 });
    assert!(broken(&twice).contains(&Violation::EntryTwice { round: 2, pair: 1 }));
    // An absent pair's opponent must still be somewhere.
    let mut lost = m.clone();
    lost.sit_out.retain(|s| s.pair != opponent);
    let v = broken(&lost);
    assert!(v.contains(&Violation::EntryMissing {
        round: 2,
        pair: opponent
    }));
    // Both pairs of the table absent: an empty table with nobody sitting out is right.
    let mut both = m.clone();
    both.sit_out.retain(|s| s.pair != opponent);
    both.absent.push(SitOut {
        round: 2,
        pair: opponent,
    });
    assert_eq!(validate(&both), Ok(()));
    // But an empty table with neither a sit-out nor an absent pair is not.
    let mut empty = made(&MovementRequest {
        pairs: Some(6),
        rounds: Some(3),
        ..mitchell(3)
    });
    let t = seating_mut(&mut empty, 3, 2);
    let (a, b) = (t.majors.unwrap(), t.minors.unwrap());
    t.majors = None;
    t.minors = None;
    t.boards.clear();
    empty.sit_out.push(SitOut { round: 3, pair: a });
    empty.sit_out.push(SitOut { round: 3, pair: b });
    assert!(broken(&empty).contains(&Violation::SitOutsAndEmptyTables {
        round: 3,
        empty_tables: 1,
        sit_outs: 2
    }));
    // Out of the movement's rounds.
    let mut late = m;
    late.absent.push(SitOut { round: 9, pair: 2 });
    assert!(broken(&late).contains(&Violation::AbsentOutOfRange {
        round: 9,
        rounds: 3
    }));
}
