//! The movement as the table and guide cards print it: where a table's pairs and boards go
//! after each round, the movement in a line, and board numbers in words. Pure data for
//! [`crate::print`], which draws it.

use std::collections::BTreeMap;

use super::{Movement, MovementKind, Side};

/// `5`, `4-6` or `1, 3`.
pub fn board_list(boards: &[u32]) -> String {
    match boards {
        [] => "none".to_string(),
        [b] => b.to_string(),
        [first, .., last] if boards.windows(2).all(|w| w[1] == w[0] + 1) => {
            format!("{first}-{last}")
        }
        _ => {
            let list: Vec<String> = boards.iter().map(u32::to_string).collect();
            list.join(", ")
        }
    }
}

/// `Board 5` or `Boards 4-6`.
fn boards_named(boards: &[u32]) -> String {
    let word = if boards.len() == 1 { "Board" } else { "Boards" };
    format!("{word} {}", board_list(boards))
}

pub(super) fn plural(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The movement in a line.
pub fn summary(m: &Movement) -> String {
    match m.kind {
        MovementKind::TeamMatch => format!(
            "Team match: {}, {}, one a round",
            plural(m.tables, "table", "tables"),
            plural(m.boards, "board", "boards")
        ),
        MovementKind::Mitchell => format!(
            "Mitchell: {}, {}, {} pairs, {} a round",
            plural(m.tables, "table", "tables"),
            plural(m.rounds, "round", "rounds"),
            m.pairs,
            plural(m.boards_per_round, "board", "boards")
        ),
        MovementKind::Progressive => format!(
            "Progressive: {}, {}, {} pairs, a fresh board each round",
            plural(m.tables, "table", "tables"),
            plural(m.rounds, "round", "rounds"),
            m.pairs
        ),
        MovementKind::Simultaneous => format!(
            "Every table the same boards: {}, {}, {} a round, nobody moves",
            plural(m.tables, "table", "tables"),
            plural(m.rounds, "round", "rounds"),
            plural(m.boards_per_round, "board", "boards")
        ),
    }
}

/// Where something goes after a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// A pair to another table for the next round.
    Pair { pair: u32, table: u32 },
    /// A pair that sits out the next round.
    PairOut { pair: u32 },
    /// Boards to a table, for the next round or a later one.
    Boards {
        boards: Vec<u32>,
        table: u32,
        round: u32,
    },
}

impl Next {
    /// In a card's words, for the round `after`.
    pub fn text(&self, after: u32) -> String {
        match self {
            Next::Pair { pair, table } => format!("Pair {pair} to table {table}"),
            Next::PairOut { pair } => format!("Pair {pair} sits out next round"),
            Next::Boards {
                boards,
                table,
                round,
            } if *round == after + 1 => format!("{} to table {table}", boards_named(boards)),
            Next::Boards {
                boards,
                table,
                round,
            } => format!(
                "{} to table {table} for round {round}",
                boards_named(boards)
            ),
        }
    }
}

/// The movement looked at from a table: the rules of the director's text plan
/// ([`super::movement_text`]) for who and what moves where.
pub struct Plan<'a> {
    pub movement: &'a Movement,
    /// Where each pair plays, by (round, pair).
    place: BTreeMap<(u32, u32), (u32, Side)>,
    /// Where each board lies, played or waiting: (round, table) in order.
    lying: BTreeMap<u32, Vec<(u32, u32)>>,
}

impl<'a> Plan<'a> {
    pub fn new(m: &'a Movement) -> Plan<'a> {
        Plan {
            movement: m,
            place: m.places(),
            lying: m.boards_lying(),
        }
    }

    /// The pair that would have played at a table without a game: the round's one pair
    /// sitting out when the round has one such table (the phantom's opponent).
    pub fn phantom_opponent(&self, round: u32) -> Option<u32> {
        let empty = self.movement.round(round).filter(|s| !s.has_game()).count();
        let out: Vec<u32> = self.movement.sitting_out(round).collect();
        match out[..] {
            [p] if empty == 1 => Some(p),
            _ => None,
        }
    }

    /// Where the pairs and boards at a table go after a round.
    pub fn next(&self, round: u32, table: u32) -> Vec<Next> {
        let mut out = Vec::new();
        let Some(s) = self.movement.seating(round, table) else {
            return out;
        };
        let pairs: Vec<u32> = if s.has_game() {
            Side::ALL
                .into_iter()
                .filter_map(|side| s.pair(side))
                .collect()
        } else {
            self.phantom_opponent(round).into_iter().collect()
        };
        for p in pairs {
            match self.place.get(&(round + 1, p)) {
                Some((t, _)) if *t != table => out.push(Next::Pair { pair: p, table: *t }),
                None if round < self.movement.rounds => out.push(Next::PairOut { pair: p }),
                _ => {}
            }
        }
        // Boards going to the same place travel together.
        let mut going: BTreeMap<(u32, u32), Vec<u32>> = BTreeMap::new();
        for b in self.movement.boards_at(round, table) {
            let to = self
                .lying
                .get(&b)
                .and_then(|p| p.iter().find(|(r, _)| *r > round).copied());
            if let Some(to) = to {
                going.entry(to).or_default().push(b);
            }
        }
        for ((r, t), boards) in going {
            if r > round + 1 || t != table {
                out.push(Next::Boards {
                    boards,
                    table: t,
                    round: r,
                });
            }
        }
        out
    }
}
