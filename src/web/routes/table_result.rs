//! The result form on a table's page: what the form holds (kept as typed when something is
//! wrong), how it becomes the score sheet the service checks, and what the page shows once a
//! result is in (the engine's totals, and the other side's confirmation).

use std::collections::BTreeMap;

use crate::engine::json::{CardText, PlayerInput, SeatMap};
use crate::engine::{Card, GameSpec, Problem, Rank, Seat};
use crate::event::results::{ResultStatus, TableResult};
use crate::event::scoresheet::{RecordInput, SheetInput, majors_side};

/// The form as typed: text, so that nothing typed is lost when it comes back with problems.
#[derive(Clone, Debug, Default)]
pub struct TableForm {
    pub round: String,
    pub board: String,
    /// By seat index.
    pub calypsos: [String; 4],
    /// Ranks of the calypso in progress, by seat index, space separated.
    pub ranks: [String; 4],
    /// By side name ("NS", "EW").
    pub piles: BTreeMap<String, String>,
    pub revokes: BTreeMap<String, String>,
    /// A play record (JSON), instead of the counts.
    pub record: String,
}

impl TableForm {
    /// Reads the form's fields; a rank field may come several times (one per button).
    pub fn from_pairs(pairs: Vec<(String, String)>) -> TableForm {
        let mut f = TableForm::default();
        for (k, v) in pairs {
            let seat = |suffix: &str| suffix.parse::<Seat>().ok().map(Seat::index);
            match k.split_once('_') {
                _ if k == "round" => f.round = v,
                _ if k == "board" => f.board = v,
                _ if k == "record" => f.record = v,
                Some(("calypsos", s)) => {
                    if let Some(i) = seat(s) {
                        f.calypsos[i] = v;
                    }
                }
                Some(("ranks", s)) => {
                    if let Some(i) = seat(s) {
                        if !f.ranks[i].is_empty() {
                            f.ranks[i].push(' ');
                        }
                        f.ranks[i].push_str(v.trim());
                    }
                }
                Some(("piles", side)) => {
                    f.piles.insert(side.to_string(), v);
                }
                Some(("revokes", side)) => {
                    f.revokes.insert(side.to_string(), v);
                }
                _ => {}
            }
        }
        f
    }

    /// An empty form for a board: revokes 0, the rest to fill in.
    pub fn blank(spec: &GameSpec, round: u32, board: u32) -> TableForm {
        let mut f = TableForm {
            round: round.to_string(),
            board: board.to_string(),
            ..TableForm::default()
        };
        for side in 0..spec.sides() {
            f.revokes.insert(spec.side_name(side), "0".into());
        }
        f
    }

    /// The ranks typed for a seat, as they will be sent.
    fn rank_tokens(&self, seat: Seat) -> impl Iterator<Item = &str> {
        self.ranks[seat.index()]
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
    }

    /// The score sheet, or the problems with the form itself (a count that is not a number,
    /// a rank that is not a rank), each placed by seat or side.
    pub fn sheet(&self, spec: &GameSpec) -> Result<SheetInput, Vec<Problem>> {
        let mut problems = Vec::new();
        if !self.record.trim().is_empty() {
            return match serde_json::from_str::<RecordInput>(&self.record) {
                Ok(record) => Ok(SheetInput {
                    record: Some(record),
                    ..SheetInput::default()
                }),
                Err(e) => Err(vec![problem(
                    "record",
                    format!("the play record cannot be read: {e}"),
                    None,
                    None,
                )]),
            };
        }
        let mut players: SeatMap<PlayerInput> = SeatMap::default();
        for &seat in spec.seats() {
            let who = seat.name();
            let calypsos = match count(&self.calypsos[seat.index()], true) {
                Some(n) => n,
                None => {
                    problems.push(problem(
                        "number",
                        format!(
                            "{who}'s completed calypsos: \"{}\" is not a number",
                            self.calypsos[seat.index()].trim()
                        ),
                        Some(seat),
                        None,
                    ));
                    0
                }
            };
            let mut in_progress = Vec::new();
            if let Some(suit) = spec.trumps.of(seat) {
                for t in self.rank_tokens(seat) {
                    match format!("{t}{}", suit.letter()).parse::<Card>() {
                        Ok(card) => in_progress.push(CardText(card)),
                        Err(_) => problems.push(problem(
                            "rank",
                            format!("{who}'s calypso in progress: \"{t}\" is not a rank (2 to 10, J, Q, K, A)"),
                            Some(seat),
                            None,
                        )),
                    }
                }
            }
            players.0[seat.index()] = Some(PlayerInput {
                calypsos,
                in_progress,
            });
        }
        let mut piles = BTreeMap::new();
        let mut revokes = BTreeMap::new();
        for side in 0..spec.sides() {
            let name = spec.side_name(side);
            let text = |m: &BTreeMap<String, String>| m.get(&name).cloned().unwrap_or_default();
            match count(&text(&self.piles), false) {
                Some(n) => {
                    piles.insert(name.clone(), n);
                }
                None => problems.push(problem(
                    "number",
                    format!(
                        "{name}'s trick pile: give the number of cards (\"{}\" is not one)",
                        text(&self.piles).trim()
                    ),
                    None,
                    Some(side),
                )),
            }
            match count(&text(&self.revokes), true) {
                Some(n) => {
                    revokes.insert(name.clone(), n);
                }
                None => problems.push(problem(
                    "number",
                    format!(
                        "{name}'s revokes: \"{}\" is not a number",
                        text(&self.revokes).trim()
                    ),
                    None,
                    Some(side),
                )),
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(SheetInput {
            players: Some(players),
            trick_piles: Some(piles),
            revokes: Some(revokes),
            ..SheetInput::default()
        })
    }
}

fn problem(
    code: &'static str,
    message: String,
    seat: Option<Seat>,
    side: Option<usize>,
) -> Problem {
    Problem {
        code,
        message,
        seat,
        side,
        deal: None,
    }
}

/// A whole number; blank is 0 where `blank_is_zero`.
fn count(text: &str, blank_is_zero: bool) -> Option<i64> {
    let t = text.trim();
    if t.is_empty() {
        return blank_is_zero.then_some(0);
    }
    t.parse().ok()
}

/// One rank button of a player's calypso in progress.
pub struct RankBox {
    pub value: String,
    pub label: String,
    pub on: bool,
}

/// One player's line of the form.
pub struct SeatField {
    pub letter: char,
    pub name: &'static str,
    pub suit: &'static str,
    pub symbol: char,
    pub red: bool,
    pub side: &'static str,
    pub calypsos: String,
    pub ranks: Vec<RankBox>,
    pub problems: Vec<String>,
}

/// One side's trick pile and revokes.
pub struct SideField {
    pub key: String,
    pub label: String,
    pub piles: String,
    pub revokes: String,
    pub problems: Vec<String>,
}

/// A result already in, as the table sees it.
pub struct ResultView {
    pub id: i32,
    pub majors: i32,
    pub minors: i32,
    pub status: &'static str,
    pub entered_by: String,
    /// The other side may still agree or disagree.
    pub awaiting: bool,
}

/// The result part of a table's page for one board.
pub struct ScoreEntry {
    pub board: u32,
    pub round: u32,
    pub seats: Vec<SeatField>,
    pub sides: Vec<SideField>,
    pub record: String,
    /// Problems not about one line.
    pub problems: Vec<String>,
    pub message: Option<String>,
    pub result: Option<ResultView>,
}

fn rank_label(r: Rank) -> String {
    match r.char() {
        'T' => "10".into(),
        c => c.to_string(),
    }
}

impl ScoreEntry {
    /// The form for a board (kept as typed, with its problems), or the result already in.
    pub fn new(
        spec: &GameSpec,
        form: &TableForm,
        problems: &[Problem],
        message: Option<String>,
        result: Option<&TableResult>,
    ) -> ScoreEntry {
        let m = majors_side(spec);
        let side_word = |side: usize| if side == m { "majors" } else { "minors" };
        let seats = spec
            .seats()
            .iter()
            .map(|&seat| {
                let suit = spec.trumps.of(seat);
                let chosen: Vec<String> = form
                    .rank_tokens(seat)
                    .map(|t| t.to_ascii_uppercase().replace("10", "T"))
                    .collect();
                SeatField {
                    letter: seat.letter(),
                    name: seat.name(),
                    suit: suit.map_or("no trump", |s| s.name()),
                    symbol: suit.map_or(' ', |s| s.symbol()),
                    red: suit.is_some_and(|s| s.is_red()),
                    side: side_word(spec.side_of(seat)),
                    calypsos: form.calypsos[seat.index()].clone(),
                    ranks: Rank::all()
                        .rev()
                        .map(|r| RankBox {
                            value: r.char().to_string(),
                            label: rank_label(r),
                            on: chosen.iter().any(|c| c.starts_with(r.char())),
                        })
                        .collect(),
                    problems: problems
                        .iter()
                        .filter(|p| p.seat == Some(seat))
                        .map(|p| p.message.clone())
                        .collect(),
                }
            })
            .collect();
        let sides = (0..spec.sides())
            .map(|side| {
                let key = spec.side_name(side);
                SideField {
                    label: format!("{} ({})", capitalised(side_word(side)), key),
                    piles: form.piles.get(&key).cloned().unwrap_or_default(),
                    revokes: form.revokes.get(&key).cloned().unwrap_or_default(),
                    problems: problems
                        .iter()
                        .filter(|p| p.side == Some(side) && p.seat.is_none())
                        .map(|p| p.message.clone())
                        .collect(),
                    key,
                }
            })
            .collect();
        ScoreEntry {
            board: form.board.parse().unwrap_or(0),
            round: form.round.parse().unwrap_or(0),
            seats,
            sides,
            record: form.record.clone(),
            problems: problems
                .iter()
                .filter(|p| p.seat.is_none() && p.side.is_none())
                .map(|p| p.message.clone())
                .collect(),
            message,
            result: result.map(|r| ResultView {
                id: r.id.get(),
                majors: r.majors_score,
                minors: r.minors_score,
                status: r.status.name(),
                entered_by: r.entered_by.clone(),
                awaiting: r.status == ResultStatus::Provisional,
            }),
        }
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{TrickRule, Variant};

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn the_form_reads_counts_and_ranks_from_buttons_or_typed() {
        let spec = GameSpec::build(Variant::Standard, TrickRule::Standard, None).unwrap();
        let f = TableForm::from_pairs(pairs(&[
            ("round", "1"),
            ("board", "3"),
            ("calypsos_N", "1"),
            ("ranks_N", "2"),
            ("ranks_N", "10"),
            ("ranks_E", "k, a"),
            ("calypsos_E", ""),
            ("piles_NS", "72"),
            ("piles_EW", "104"),
            ("revokes_NS", "0"),
        ]));
        let sheet = f.sheet(&spec).unwrap();
        let players = sheet.players.unwrap();
        let n = players.0[0].as_ref().unwrap();
        assert_eq!(n.calypsos, 1);
        let cards: Vec<String> = n.in_progress.iter().map(|c| c.0.to_string()).collect();
        assert_eq!(cards, ["2S", "TS"]);
        let e = players.0[1].as_ref().unwrap();
        assert_eq!(e.calypsos, 0);
        assert_eq!(e.in_progress.len(), 2);
        assert_eq!(sheet.revokes.unwrap().get("EW"), Some(&0));
    }

    #[test]
    fn bad_numbers_and_ranks_are_placed_by_seat_and_side() {
        let spec = GameSpec::build(Variant::Standard, TrickRule::Standard, None).unwrap();
        let f = TableForm::from_pairs(pairs(&[
            ("calypsos_S", "two"),
            ("ranks_W", "Z"),
            ("piles_NS", ""),
            ("piles_EW", "-"),
        ]));
        let problems = f.sheet(&spec).unwrap_err();
        let at = |code: &str| {
            problems
                .iter()
                .filter(|p| p.code == code)
                .map(|p| (p.seat, p.side))
                .collect::<Vec<_>>()
        };
        assert_eq!(at("rank"), [(Some(Seat::West), None)]);
        assert_eq!(
            at("number"),
            [(Some(Seat::South), None), (None, Some(0)), (None, Some(1))]
        );
        // Kept as typed for the page.
        let view = ScoreEntry::new(&spec, &f, &problems, None, None);
        assert_eq!(view.seats[2].calypsos, "two");
        assert_eq!(view.seats[2].problems.len(), 1);
        assert_eq!(view.sides[1].piles, "-");
    }
}
