//! The one check every movement passes, whichever kind made it (or a file it was read
//! from): seats, boards, meetings and sit-outs. Each broken rule is one [`Violation`].

use std::collections::{BTreeMap, BTreeSet};

use super::{MAX_BOARDS_PER_ROUND, MAX_ROUNDS, MAX_TABLES, Movement, MovementKind, Side};

/// Most boards the validator accepts: a fresh deck at every table-round of the largest size.
const MAX_BOARDS: u32 = MAX_TABLES * MAX_ROUNDS;

/// One broken rule of a movement.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// Outside what any movement has; nothing else is checked (the loops would be endless).
    #[error(
        "{rounds} rounds, {tables} tables, {pairs} pairs, {boards_per_round} boards a round and \
         {boards} boards: a movement has 1 to {MAX_ROUNDS} rounds, 1 to {MAX_TABLES} tables, \
         at most two pairs a table, 1 to {MAX_BOARDS_PER_ROUND} boards a round and at most \
         {MAX_BOARDS} boards"
    )]
    Size {
        rounds: u32,
        tables: u32,
        pairs: u32,
        boards_per_round: u32,
        boards: u32,
    },
    #[error("{pairs} pairs at {tables} tables: {kind} seats {expected}")]
    PairsForTables {
        kind: MovementKind,
        pairs: u32,
        tables: u32,
        expected: &'static str,
    },
    #[error(
        "round {round}, table {table}: outside the movement's {rounds} rounds of {tables} tables"
    )]
    SeatingOutOfRange {
        round: u32,
        table: u32,
        rounds: u32,
        tables: u32,
    },
    #[error("round {round}, table {table}: no seating")]
    SeatingMissing { round: u32, table: u32 },
    #[error("round {round}, table {table}: seated more than once")]
    SeatingRepeated { round: u32, table: u32 },
    #[error("a sit-out in round {round}, but the movement has rounds 1 to {rounds}")]
    SitOutOutOfRange { round: u32, rounds: u32 },
    #[error("round {round}: pair {pair} is not an entry (the entries are pairs 1 to {pairs})")]
    EntryOutOfRange { round: u32, pair: u32, pairs: u32 },
    #[error("round {round}: pair {pair} is in two places at once")]
    EntryTwice { round: u32, pair: u32 },
    #[error("round {round}: pair {pair} is neither at a table nor sitting out")]
    EntryMissing { round: u32, pair: u32 },
    #[error("absent in round {round}, but the movement has rounds 1 to {rounds}")]
    AbsentOutOfRange { round: u32, rounds: u32 },
    #[error("round {round}, table {table}: only one side is seated")]
    HalfTable { round: u32, table: u32 },
    #[error("round {round}, table {table}: boards but no game")]
    BoardsWithoutGame { round: u32, table: u32 },
    #[error(
        "round {round}: {empty_tables} table(s) without a game but {sit_outs} pair(s) sitting \
         out; each table without a game has one real pair, who sits out (or none, when both \
         its pairs are absent)"
    )]
    SitOutsAndEmptyTables {
        round: u32,
        empty_tables: u32,
        sit_outs: u32,
    },
    #[error("round {round}, table {table}: {count} boards, the movement plays {expected} a round")]
    BoardCount {
        round: u32,
        table: u32,
        count: usize,
        expected: u32,
    },
    #[error("round {round}, table {table}: board {board} is not one of boards 1 to {boards}")]
    BoardOutOfRange {
        round: u32,
        table: u32,
        board: u32,
        boards: u32,
    },
    #[error("round {round}: board {board} is at tables {first} and {second}")]
    BoardAtTwoTables {
        round: u32,
        board: u32,
        first: u32,
        second: u32,
    },
    #[error("pair {pair} plays board {board} twice (rounds {first} and {second})")]
    BoardPlayedTwice {
        pair: u32,
        board: u32,
        first: u32,
        second: u32,
    },
    #[error("pairs {a} and {b} meet twice (rounds {first} and {second})")]
    MetTwice {
        a: u32,
        b: u32,
        first: u32,
        second: u32,
    },
    #[error("round {round}, table {table}: pairs {a} and {b} are teammates")]
    TeammatesMeet {
        round: u32,
        table: u32,
        a: u32,
        b: u32,
    },
    #[error(
        "pair {pair} plays {played} boards, the other entries that never sit out play {expected}"
    )]
    UnequalBoards {
        pair: u32,
        played: usize,
        expected: usize,
    },
    #[error(
        "round {round}, table {table}: boards {found}, but table {first} plays boards {expected}; \
         in a simultaneous movement every table plays the same boards each round"
    )]
    NotTheSameBoards {
        round: u32,
        table: u32,
        first: u32,
        found: String,
        expected: String,
    },
    #[error(
        "round {round}, table {table}: pairs {majors} (majors) and {minors} (minors); in a \
         simultaneous movement table {table} seats pairs {table} and {} all evening",
        table + tables
    )]
    NotItsTable {
        round: u32,
        table: u32,
        tables: u32,
        majors: u32,
        minors: u32,
    },
    #[error("a team match lists its two teams")]
    TeamsMissing,
    #[error("{kind} has no teams")]
    TeamsUnexpected { kind: MovementKind },
    #[error("the teams must be two pairs each, together every entry once")]
    TeamsNotAPartition,
    #[error(
        "board {board} is played {a_majors} time(s) with team A in the majors seats and \
         {b_majors} with team B; a team match plays it once each way"
    )]
    BoardNotCrossed {
        board: u32,
        a_majors: u32,
        b_majors: u32,
    },
}

/// Checks every rule and returns every broken one, in rule order:
/// - rounds 1..R and tables 1..T, exactly one seating per (round, table);
/// - every entry is within 1..pairs, and in each round at exactly one place: one table,
///   sitting out, or absent (a late entry before it joined, a withdrawn one after);
/// - each table has both sides or none; a table without a game has no boards, and a round
///   has as many pairs sitting out as tables without a game (the phantom's opponent);
/// - a game table plays the movement's boards per round, each within 1..boards, and a board
///   is at one table a round (a simultaneous movement: every table plays the same boards,
///   and table t seats pairs t and T+t all evening);
/// - no pair plays a board twice;
/// - no two pairs meet twice (a simultaneous movement's tables never meet; a team match's opponents are fixed by design: there, pairs
///   never meet a teammate, and each board is played once with each team in the majors);
/// - entries that never sit out play the same number of boards.
pub fn validate(m: &Movement) -> Result<(), Vec<Violation>> {
    let mut v = Vec::new();
    if !(1..=MAX_ROUNDS).contains(&m.rounds)
        || !(1..=MAX_TABLES).contains(&m.tables)
        || m.pairs == 0
        || m.pairs > 2 * m.tables
        || !(1..=MAX_BOARDS_PER_ROUND).contains(&m.boards_per_round)
        || m.boards > MAX_BOARDS
    {
        return Err(vec![Violation::Size {
            rounds: m.rounds,
            tables: m.tables,
            pairs: m.pairs,
            boards_per_round: m.boards_per_round,
            boards: m.boards,
        }]);
    }
    pairs_for_tables(m, &mut v);
    shape(m, &mut v);
    entries(m, &mut v);
    tables(m, &mut v);
    boards(m, &mut v);
    meetings(m, &mut v);
    simultaneous(m, &mut v);
    equal_boards(m, &mut v);
    teams(m, &mut v);
    if v.is_empty() { Ok(()) } else { Err(v) }
}

fn pairs_for_tables(m: &Movement, v: &mut Vec<Violation>) {
    let (ok, expected) = match m.kind {
        MovementKind::TeamMatch => (m.tables == 2 && m.pairs == 4, "4 pairs at 2 tables"),
        MovementKind::Mitchell | MovementKind::Progressive => (
            m.pairs + 1 >= 2 * m.tables,
            "two pairs a table, or one fewer (a phantom)",
        ),
        MovementKind::Simultaneous => (
            m.pairs == 2 * m.tables,
            "two pairs a table (its own four players)",
        ),
    };
    if !ok {
        v.push(Violation::PairsForTables {
            kind: m.kind,
            pairs: m.pairs,
            tables: m.tables,
            expected,
        });
    }
}

fn shape(m: &Movement, v: &mut Vec<Violation>) {
    let mut seen = BTreeSet::new();
    for s in &m.schedule {
        if !(1..=m.rounds).contains(&s.round) || !(1..=m.tables).contains(&s.table) {
            v.push(Violation::SeatingOutOfRange {
                round: s.round,
                table: s.table,
                rounds: m.rounds,
                tables: m.tables,
            });
        } else if !seen.insert((s.round, s.table)) {
            v.push(Violation::SeatingRepeated {
                round: s.round,
                table: s.table,
            });
        }
    }
    for round in 1..=m.rounds {
        for table in 1..=m.tables {
            if !seen.contains(&(round, table)) {
                v.push(Violation::SeatingMissing { round, table });
            }
        }
    }
    for s in &m.sit_out {
        if !(1..=m.rounds).contains(&s.round) {
            v.push(Violation::SitOutOutOfRange {
                round: s.round,
                rounds: m.rounds,
            });
        }
    }
    for a in &m.absent {
        if !(1..=m.rounds).contains(&a.round) {
            v.push(Violation::AbsentOutOfRange {
                round: a.round,
                rounds: m.rounds,
            });
        }
    }
}

fn entries(m: &Movement, v: &mut Vec<Violation>) {
    for round in 1..=m.rounds {
        let seated = m
            .round(round)
            .flat_map(|s| Side::ALL.into_iter().filter_map(|side| s.pair(side)));
        let mut count: BTreeMap<u32, u32> = BTreeMap::new();
        let absent = m.absent.iter().filter(|a| a.round == round).map(|a| a.pair);
        for pair in seated.chain(m.sitting_out(round)).chain(absent) {
            *count.entry(pair).or_default() += 1;
        }
        for (&pair, &n) in &count {
            if !(1..=m.pairs).contains(&pair) {
                v.push(Violation::EntryOutOfRange {
                    round,
                    pair,
                    pairs: m.pairs,
                });
            } else if n > 1 {
                v.push(Violation::EntryTwice { round, pair });
            }
        }
        for pair in 1..=m.pairs {
            if !count.contains_key(&pair) {
                v.push(Violation::EntryMissing { round, pair });
            }
        }
    }
}

fn tables(m: &Movement, v: &mut Vec<Violation>) {
    for round in 1..=m.rounds {
        let mut empty_tables = 0;
        for s in m.round(round) {
            match (s.majors, s.minors) {
                (Some(_), Some(_)) => {
                    if s.boards.len() != m.boards_per_round as usize {
                        v.push(Violation::BoardCount {
                            round,
                            table: s.table,
                            count: s.boards.len(),
                            expected: m.boards_per_round,
                        });
                    }
                }
                (None, None) => {
                    empty_tables += 1;
                    if !s.boards.is_empty() {
                        v.push(Violation::BoardsWithoutGame {
                            round,
                            table: s.table,
                        });
                    }
                }
                _ => v.push(Violation::HalfTable {
                    round,
                    table: s.table,
                }),
            }
        }
        let sit_outs = m.sitting_out(round).count() as u32;
        // An absent pair's table has no game and its opponent sits out, like a phantom's;
        // two absent pairs drawn to one table leave it empty with nobody sitting out.
        let absent = m.absent.iter().filter(|a| a.round == round).count() as u32;
        if sit_outs > empty_tables || empty_tables > sit_outs + absent {
            v.push(Violation::SitOutsAndEmptyTables {
                round,
                empty_tables,
                sit_outs,
            });
        }
    }
}

fn boards(m: &Movement, v: &mut Vec<Violation>) {
    // board -> (round, table) where it was first seen this round; pair -> board -> round.
    let mut at: BTreeMap<(u32, u32), u32> = BTreeMap::new();
    let mut played: BTreeMap<(u32, u32), u32> = BTreeMap::new();
    for s in &m.schedule {
        for &board in &s.boards {
            if !(1..=m.boards).contains(&board) {
                v.push(Violation::BoardOutOfRange {
                    round: s.round,
                    table: s.table,
                    board,
                    boards: m.boards,
                });
            }
            match at.get(&(s.round, board)) {
                // Every table plays the round's boards: [`simultaneous`] checks that.
                _ if m.kind == MovementKind::Simultaneous => {}
                Some(&first) if first != s.table => v.push(Violation::BoardAtTwoTables {
                    round: s.round,
                    board,
                    first,
                    second: s.table,
                }),
                _ => {
                    at.insert((s.round, board), s.table);
                }
            }
            for pair in Side::ALL.into_iter().filter_map(|side| s.pair(side)) {
                match played.get(&(pair, board)) {
                    Some(&first) => v.push(Violation::BoardPlayedTwice {
                        pair,
                        board,
                        first,
                        second: s.round,
                    }),
                    None => {
                        played.insert((pair, board), s.round);
                    }
                }
            }
        }
    }
}

fn meetings(m: &Movement, v: &mut Vec<Violation>) {
    let team_of = |pair: u32| {
        m.teams.as_ref().and_then(|t| {
            if t.a.contains(&pair) {
                Some('A')
            } else if t.b.contains(&pair) {
                Some('B')
            } else {
                None
            }
        })
    };
    let mut met: BTreeMap<(u32, u32), u32> = BTreeMap::new();
    for s in &m.schedule {
        let (Some(x), Some(y)) = (s.majors, s.minors) else {
            continue;
        };
        let (a, b) = (x.min(y), x.max(y));
        if m.kind == MovementKind::Simultaneous {
            // A table's two pairs are one entry, together every round: [`simultaneous`].
            continue;
        }
        if m.kind == MovementKind::TeamMatch {
            // Opponents are fixed in a team match: meeting them every round is the match.
            if team_of(a).is_some() && team_of(a) == team_of(b) {
                v.push(Violation::TeammatesMeet {
                    round: s.round,
                    table: s.table,
                    a,
                    b,
                });
            }
            continue;
        }
        match met.get(&(a, b)) {
            Some(&first) => v.push(Violation::MetTwice {
                a,
                b,
                first,
                second: s.round,
            }),
            None => {
                met.insert((a, b), s.round);
            }
        }
    }
}

/// A simultaneous movement's own rules: each round every table with a game plays the boards
/// of the first such table, and table t seats pair t majors and pair T+t minors.
fn simultaneous(m: &Movement, v: &mut Vec<Violation>) {
    if m.kind != MovementKind::Simultaneous {
        return;
    }
    for round in 1..=m.rounds {
        let mut first: Option<&super::Seating> = None;
        for s in m.round(round).filter(|s| s.has_game()) {
            let (Some(majors), Some(minors)) = (s.majors, s.minors) else {
                continue;
            };
            if (majors, minors) != (s.table, s.table + m.tables) {
                v.push(Violation::NotItsTable {
                    round,
                    table: s.table,
                    tables: m.tables,
                    majors,
                    minors,
                });
            }
            match first {
                None => first = Some(s),
                Some(f) if f.boards != s.boards => v.push(Violation::NotTheSameBoards {
                    round,
                    table: s.table,
                    first: f.table,
                    found: super::plan::board_list(&s.boards),
                    expected: super::plan::board_list(&f.boards),
                }),
                Some(_) => {}
            }
        }
    }
}

fn equal_boards(m: &Movement, v: &mut Vec<Violation>) {
    // A late or withdrawn entry plays fewer boards by its own doing: like a sit-out.
    let sat_out: BTreeSet<u32> = m.sit_out.iter().chain(&m.absent).map(|s| s.pair).collect();
    let mut played: BTreeMap<u32, usize> = (1..=m.pairs)
        .filter(|p| !sat_out.contains(p))
        .map(|p| (p, 0))
        .collect();
    for s in &m.schedule {
        for pair in Side::ALL.into_iter().filter_map(|side| s.pair(side)) {
            if let Some(n) = played.get_mut(&pair) {
                *n += s.boards.len();
            }
        }
    }
    // The usual count is the most common one (the larger on a tie).
    let mut tally: BTreeMap<usize, usize> = BTreeMap::new();
    for n in played.values() {
        *tally.entry(*n).or_default() += 1;
    }
    let Some((&expected, _)) = tally.iter().max_by_key(|(n, c)| (**c, **n)) else {
        return;
    };
    for (&pair, &n) in &played {
        if n != expected {
            v.push(Violation::UnequalBoards {
                pair,
                played: n,
                expected,
            });
        }
    }
}

fn teams(m: &Movement, v: &mut Vec<Violation>) {
    let Some(teams) = &m.teams else {
        if m.kind == MovementKind::TeamMatch {
            v.push(Violation::TeamsMissing);
        }
        return;
    };
    if m.kind != MovementKind::TeamMatch {
        v.push(Violation::TeamsUnexpected { kind: m.kind });
        return;
    }
    let all: BTreeSet<u32> = teams.a.iter().chain(&teams.b).copied().collect();
    if teams.a.len() != 2
        || teams.b.len() != 2
        || all.len() != 4
        || all != (1..=m.pairs).collect::<BTreeSet<u32>>()
    {
        v.push(Violation::TeamsNotAPartition);
        return;
    }
    // Each board once with each team's pair in the majors seats.
    let mut a_majors: BTreeMap<u32, u32> = (1..=m.boards).map(|b| (b, 0)).collect();
    let mut b_majors = a_majors.clone();
    for s in &m.schedule {
        let Some(majors) = s.majors.filter(|_| s.has_game()) else {
            continue;
        };
        let count = if teams.a.contains(&majors) {
            &mut a_majors
        } else {
            &mut b_majors
        };
        for board in &s.boards {
            if let Some(n) = count.get_mut(board) {
                *n += 1;
            }
        }
    }
    for board in 1..=m.boards {
        let (a, b) = (a_majors[&board], b_majors[&board]);
        if (a, b) != (1, 1) {
            v.push(Violation::BoardNotCrossed {
                board,
                a_majors: a,
                b_majors: b,
            });
        }
    }
}
