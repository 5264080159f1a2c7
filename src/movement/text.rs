//! The director's plan: what is pinned on the wall. Round by round, each table's pairs and
//! boards, who sits out, and where each moving pair and board goes next.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::plan::{board_list, plural};
use super::{Movement, MovementKind, Side};

/// `board 5`, `boards 4-6` or `boards 1, 3`.
fn boards_label(boards: &[u32]) -> String {
    match boards {
        [] => "no boards".to_string(),
        [_] => format!("board {}", board_list(boards)),
        _ => format!("boards {}", board_list(boards)),
    }
}

/// The plan as text, one line per table and round. Expects a valid movement.
pub fn movement_text(m: &Movement) -> String {
    let mut out = String::new();
    header(m, &mut out);

    // Where every pair plays, and where every board lies (played or waiting), by round.
    let place = m.places();
    let lying = m.boards_lying();
    // The next (round, table) a board is at after `round`.
    let next_place = |board: u32, round: u32| {
        lying
            .get(&board)
            .and_then(|p| p.iter().find(|(r, _)| *r > round).copied())
    };

    for round in 1..=m.rounds {
        let _ = write!(out, "\nRound {round}");
        if m.arrow_switched(round) {
            out.push_str(" (arrow switch: the moving pairs sit majors, the others minors)");
        }
        out.push('\n');
        let sitting_out: Vec<u32> = m.sitting_out(round).collect();
        let seatings: Vec<_> = m.round(round).collect();
        let empty = seatings.iter().filter(|s| !s.has_game()).count();
        // With one table without a game and one pair out, that pair is the table's.
        let lone = (empty == 1 && sitting_out.len() == 1).then(|| sitting_out[0]);
        for s in &seatings {
            let mut moves = Vec::new();
            let line = if s.has_game() {
                for side in Side::ALL {
                    let Some(p) = s.pair(side) else { continue };
                    match place.get(&(round + 1, p)) {
                        Some((t, _)) if *t != s.table => {
                            moves.push(format!("{side} {p} to table {t}"));
                        }
                        None if m.is_absent(round + 1, p) => {
                            moves.push(format!("{side} {p} leaves (withdrawn)"));
                        }
                        None if round < m.rounds => {
                            moves.push(format!("{side} {p} sits out next round"));
                        }
                        _ => {}
                    }
                }
                format!(
                    "Table {}: majors {} v minors {}, {}",
                    s.table,
                    s.majors.unwrap_or_default(),
                    s.minors.unwrap_or_default(),
                    boards_label(&s.boards)
                )
            } else {
                let waiting = m.boards_at(round, s.table);
                let mut line = format!("Table {}: no game", s.table);
                if let Some(p) = lone {
                    let _ = write!(line, ", pair {p} sits out");
                }
                if !waiting.is_empty() {
                    let _ = write!(line, " ({} waits here)", boards_label(&waiting));
                }
                line
            };
            // Boards going to the same place travel together.
            let mut going: BTreeMap<(u32, u32), Vec<u32>> = BTreeMap::new();
            for b in m.boards_at(round, s.table) {
                if let Some(to) = next_place(b, round) {
                    going.entry(to).or_default().push(b);
                }
            }
            for ((r, t), boards) in going {
                if r == round + 1 && t != s.table {
                    moves.push(format!("{} to table {t}", boards_label(&boards)));
                } else if r > round + 1 {
                    moves.push(format!(
                        "{} to table {t} for round {r}",
                        boards_label(&boards)
                    ));
                }
            }
            out.push_str("  ");
            out.push_str(&line);
            if !moves.is_empty() {
                out.push_str("; then ");
                out.push_str(&moves.join(", "));
            }
            out.push('\n');
        }
        if !sitting_out.is_empty() {
            let list: Vec<String> = sitting_out.iter().map(u32::to_string).collect();
            let who = if list.len() == 1 { "pair" } else { "pairs" };
            let _ = writeln!(out, "  Sitting out: {who} {}", list.join(", "));
        }
        let absent: Vec<String> = m
            .absent
            .iter()
            .filter(|a| a.round == round)
            .map(|a| a.pair.to_string())
            .collect();
        if !absent.is_empty() {
            let who = if absent.len() == 1 { "pair" } else { "pairs" };
            let _ = writeln!(
                out,
                "  Not playing (late or withdrawn): {who} {}",
                absent.join(", ")
            );
        }
        if m.skip_after() == Some(round) {
            out.push_str(
                "  After this round the minors skip a table: they move up two tables, once.\n",
            );
        }
    }
    out.push_str("\nEnd of the session.\n");
    out
}

fn header(m: &Movement, out: &mut String) {
    let t = m.tables;
    let boards = if m.boards == 1 {
        "board 1".to_string()
    } else {
        format!("boards 1-{}", m.boards)
    };
    match m.kind {
        MovementKind::TeamMatch => {
            let _ = writeln!(
                out,
                "Team match: {}, {}, one a round ({})",
                plural(t, "table", "tables"),
                plural(m.boards, "board", "boards"),
                plural(m.rounds, "round", "rounds"),
            );
            if let Some(teams) = &m.teams {
                let team = |name: &str, pairs: &[u32]| match pairs {
                    [majors, minors] => {
                        format!("Team {name}: pairs {majors} (majors) and {minors} (minors).")
                    }
                    _ => format!("Team {name}: pairs {pairs:?}."),
                };
                let _ = writeln!(out, "{} {}", team("A", &teams.a), team("B", &teams.b));
            }
            let _ = writeln!(
                out,
                "The pairs stay at their tables. Each board is played at both tables, once with \
                 each team in the majors seats: after round {} the boards change tables.",
                m.rounds / 2
            );
        }
        MovementKind::Simultaneous => {
            let _ = writeln!(
                out,
                "Every table the same boards: {}, {}, {} a round ({boards})",
                plural(t, "table", "tables"),
                plural(m.rounds, "round", "rounds"),
                plural(m.boards_per_round, "board", "boards"),
            );
            let _ = writeln!(
                out,
                "Nobody moves: table t's four players (pairs t majors and {}+t minors) play \
                 together all evening. Every table plays the same boards each round, so the \
                 club makes one copy of each board per table ({} copies).",
                t, t
            );
        }
        MovementKind::Mitchell | MovementKind::Progressive => {
            let each_round = if m.kind == MovementKind::Mitchell {
                format!(
                    "{} a round ({boards})",
                    plural(m.boards_per_round, "board", "boards")
                )
            } else {
                format!("a fresh board at every table each round ({boards})")
            };
            let _ = writeln!(
                out,
                "{}: {}, {}, {}, {} pairs",
                m.kind.label(),
                plural(t, "table", "tables"),
                plural(m.rounds, "round", "rounds"),
                each_round,
                m.pairs
            );
            let _ = write!(
                out,
                "Majors pairs 1-{t} stay at their tables. Minors pairs {}-{} move up one table \
                 after each round (table {t} to table 1)",
                t + 1,
                2 * t
            );
            if m.kind == MovementKind::Mitchell {
                let _ = writeln!(
                    out,
                    "; the boards move down one table (table 1 to table {t})."
                );
            } else {
                out.push_str(".\n");
            }
            if let Some(r) = m.skip_after() {
                let _ = writeln!(
                    out,
                    "With an even number of tables the minors skip a table once, after round \
                     {r}: they move up two tables, so that nobody meets a board twice."
                );
            }
            if m.pairs < 2 * t {
                let _ = writeln!(
                    out,
                    "{} pairs: pair {}'s place is empty, and each round the pair it would meet \
                     sits out.",
                    m.pairs,
                    2 * t
                );
            }
            let arrows: Vec<String> = (1..=m.rounds)
                .filter(|r| m.arrow_switched(*r))
                .map(|r| r.to_string())
                .collect();
            if !arrows.is_empty() {
                let _ = writeln!(
                    out,
                    "Arrow switch in {} {}: at each table the two pairs swap seats for that \
                     round, so that the event has one field.",
                    if arrows.len() == 1 { "round" } else { "rounds" },
                    arrows.join(", ")
                );
            }
        }
    }
}
