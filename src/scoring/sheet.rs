//! The scoring sheet: the JSON input of `score`, read into typed results with every
//! malformed result named ("result 3 (round 1, table 2, board 2): ..."), and the number
//! format of the output (two decimals, whole numbers without a fraction).

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;
use serde_json::{Map, Value, json};

pub use super::rounding::{Points, number};

/// Why a sheet is not scored, by what is at fault: its text, a field of the sheet, one
/// result (named "result 3 (round 1, table 2, board 2)"), or a board with too many results.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SheetError {
    #[error("bad JSON: {0}")]
    Json(String),
    /// The method, scale, compare, expected results or teams.
    #[error("{0}")]
    Sheet(String),
    #[error("{at}: {problem}")]
    Result { at: String, problem: String },
    #[error("board {board} has {results} results, more than the {expected} expected")]
    TooManyResults {
        board: u32,
        results: usize,
        expected: u32,
    },
}

fn at(at: String, problem: impl Into<String>) -> SheetError {
    SheetError::Result {
        at,
        problem: problem.into(),
    }
}

/// The matchpoint scale: `2-1` (2 per result beaten, 1 per tie) or `1-half` (1 and 1/2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    TwoOne,
    OneHalf,
}

impl Scale {
    pub const ALL: [Scale; 2] = [Scale::TwoOne, Scale::OneHalf];
    pub fn parse(text: &str) -> Option<Scale> {
        Self::ALL.into_iter().find(|s| s.name() == text)
    }
    pub fn name(self) -> &'static str {
        match self {
            Scale::TwoOne => "2-1",
            Scale::OneHalf => "1-half",
        }
    }
    /// Raw matchpoints are counted in units of 2 per result beaten and 1 per tie; this
    /// divides them into the scale's matchpoints.
    pub fn divisor(self) -> u64 {
        match self {
            Scale::TwoOne => 1,
            Scale::OneHalf => 2,
        }
    }
}

/// What a board's results are compared on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compare {
    /// Majors' total minus minors' total; the minors get its negative.
    Net,
    /// Each side's own total.
    Own,
    /// The table total, both sides' scores together: duplicate coöperative, where a table's
    /// four players score together and tables, not pairs, are compared. Both pairs of a
    /// table get the table's matchpoints, and only its majors pair (the table's number in a
    /// simultaneous movement) is ranked.
    Total,
}

impl Compare {
    pub const ALL: [Compare; 3] = [Compare::Net, Compare::Own, Compare::Total];
    pub fn parse(text: &str) -> Option<Compare> {
        Self::ALL.into_iter().find(|c| c.name() == text)
    }
    pub fn name(self) -> &'static str {
        match self {
            Compare::Net => "net",
            Compare::Own => "own",
            Compare::Total => "total",
        }
    }
}

pub use super::adjusted::Adjusted;

/// A result at one table: the two sides' totals, or an adjusted score per side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TableScore {
    Scored { majors: i64, minors: i64 },
    Adjusted { majors: Adjusted, minors: Adjusted },
}

/// One board played (or adjusted) at one table by two pairs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairResult {
    pub round: u32,
    pub table: u32,
    pub board: u32,
    pub majors: u32,
    pub minors: u32,
    pub outcome: TableScore,
}

/// Most sides a game has: three players each for themselves (Auction Calypso's tables).
pub const MAX_GAME_SIDES: usize = 3;

/// One game of a progressive: two sides (or three, each one player, at a table of three),
/// each with its members and its total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub round: u32,
    pub table: u32,
    pub sides: Vec<TallySide>,
}

impl Game {
    /// Side `k`'s margin: its total minus each other side's, added up (with two sides, its
    /// total minus the opponents'). The margins of a game add up to 0.
    pub fn margin(&self, k: usize) -> i64 {
        let own = self.sides[k].score;
        self.sides
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != k)
            .map(|(_, s)| own - s.score)
            .sum()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TallySide {
    pub members: Vec<u32>,
    pub score: i64,
}

/// A whole sheet, read and checked.
#[derive(Clone, Debug, PartialEq)]
pub enum Sheet {
    Matchpoints {
        scale: Scale,
        compare: Compare,
        /// Expected results per board, where given.
        expected: BTreeMap<u32, u32>,
        results: Vec<PairResult>,
    },
    Tally {
        games: Vec<Game>,
    },
    Team {
        /// The two teams in the order the sheet gives them.
        teams: Vec<(String, Vec<u32>)>,
        results: Vec<PairResult>,
    },
}

impl Sheet {
    /// The sheet as `score` reads it: `parse(to_json(s))` gives `s` back.
    pub fn to_json(&self) -> Value {
        fn pair_json(r: &PairResult) -> Value {
            let mut m = Map::new();
            for (k, v) in [
                ("round", r.round),
                ("table", r.table),
                ("board", r.board),
                ("majors", r.majors),
                ("minors", r.minors),
            ] {
                m.insert(k.into(), json!(v));
            }
            match r.outcome {
                TableScore::Scored { majors, minors } => {
                    m.insert("scores".into(), json!({"majors": majors, "minors": minors}));
                }
                TableScore::Adjusted { majors, minors } => {
                    m.insert(
                        "adjusted".into(),
                        json!({"majors": majors, "minors": minors}),
                    );
                }
            }
            Value::Object(m)
        }
        match self {
            Sheet::Matchpoints {
                scale,
                compare,
                expected,
                results,
            } => {
                let expected: Map<String, Value> = expected
                    .iter()
                    .map(|(b, n)| (b.to_string(), json!(n)))
                    .collect();
                json!({
                    "method": "matchpoints",
                    "scale": scale.name(),
                    "compare": compare.name(),
                    "expected": expected,
                    "results": results.iter().map(pair_json).collect::<Vec<_>>(),
                })
            }
            Sheet::Tally { games } => json!({
                "method": "tally",
                "results": games.iter().map(|g| json!({
                    "round": g.round,
                    "table": g.table,
                    "sides": g.sides.iter().map(|s| json!({
                        "members": s.members,
                        "score": s.score,
                    })).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
            }),
            Sheet::Team { teams, results } => {
                let teams: Map<String, Value> = teams
                    .iter()
                    .map(|(name, pairs)| (name.clone(), json!(pairs)))
                    .collect();
                json!({
                    "method": "team",
                    "teams": teams,
                    "results": results.iter().map(pair_json).collect::<Vec<_>>(),
                })
            }
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SheetIn<R> {
    method: String,
    scale: Option<String>,
    compare: Option<String>,
    expected: Option<Map<String, Value>>,
    teams: Option<Map<String, Value>>,
    results: Vec<R>,
}

/// A sheet's results as read: typed straight from the text (the pairs' results of a sheet
/// that reads that way), or as JSON values, which name a result at fault.
enum Results {
    Typed(Vec<ResultIn>),
    Values(Vec<Value>),
}

impl Results {
    fn len(&self) -> usize {
        match self {
            Results::Typed(r) => r.len(),
            Results::Values(v) => v.len(),
        }
    }

    /// The name of result `i` in messages.
    fn name(&self, i: usize) -> String {
        match self {
            Results::Typed(r) => format!(
                "result {} (round {}, table {}, board {})",
                i + 1,
                r[i].round,
                r[i].table,
                r[i].board
            ),
            Results::Values(v) => result_name(i, &v[i]),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultIn {
    round: u32,
    table: u32,
    board: u32,
    majors: u32,
    minors: u32,
    scores: Option<SidesIn<i64>>,
    adjusted: Option<SidesIn<Value>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SidesIn<T> {
    majors: T,
    minors: T,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameIn {
    round: u32,
    table: u32,
    sides: Vec<TallySide>,
}

/// The name of a result in messages: "result 3 (round 1, table 2, board 2)", 1-based.
fn result_name(i: usize, v: &Value) -> String {
    let field = |k: &str| v.get(k).and_then(Value::as_u64);
    let mut parts = Vec::new();
    for k in ["round", "table", "board"] {
        if let Some(n) = field(k) {
            parts.push(format!("{k} {n}"));
        }
    }
    if parts.is_empty() {
        format!("result {}", i + 1)
    } else {
        format!("result {} ({})", i + 1, parts.join(", "))
    }
}

/// Result `i` of `results` checked on its own; its name is made only for a message.
fn pair_result(results: &Results, i: usize) -> Result<PairResult, SheetError> {
    let name = || results.name(i);
    let read;
    let r = match results {
        Results::Typed(r) => &r[i],
        Results::Values(v) => {
            read = ResultIn::deserialize(&v[i]).map_err(|e| at(name(), e.to_string()))?;
            &read
        }
    };
    if r.board == 0 {
        return Err(at(name(), "boards are numbered from 1"));
    }
    if r.majors == r.minors {
        return Err(at(name(), format!("pair {} cannot play itself", r.majors)));
    }
    let outcome = match (&r.scores, &r.adjusted) {
        (Some(s), None) => TableScore::Scored {
            majors: s.majors,
            minors: s.minors,
        },
        (None, Some(a)) => TableScore::Adjusted {
            majors: Adjusted::from_json(&a.majors)
                .map_err(|e| at(name(), format!("majors: {e}")))?,
            minors: Adjusted::from_json(&a.minors)
                .map_err(|e| at(name(), format!("minors: {e}")))?,
        },
        (Some(_), Some(_)) => {
            return Err(at(name(), "a result has scores or an adjustment, not both"));
        }
        (None, None) => {
            return Err(at(name(), "a result needs scores or an adjustment"));
        }
    };
    Ok(PairResult {
        round: r.round,
        table: r.table,
        board: r.board,
        majors: r.majors,
        minors: r.minors,
        outcome,
    })
}

/// Results of pairs: each checked on its own, then no pair twice on one board.
fn pair_results(results: &Results) -> Result<Vec<PairResult>, SheetError> {
    let out = (0..results.len())
        .map(|i| pair_result(results, i))
        .collect::<Result<Vec<_>, _>>()?;
    // Each (board, pair) once: sorted keys show whether any repeats; only then is the
    // first repeat looked for in the sheet's order, to name it.
    let mut keys: Vec<u64> = out
        .iter()
        .flat_map(|r| [r.majors, r.minors].map(|p| (u64::from(r.board) << 32) | u64::from(p)))
        .collect();
    keys.sort_unstable();
    if keys.windows(2).all(|w| w[0] != w[1]) {
        return Ok(out);
    }
    let mut seen = BTreeSet::new();
    for (i, r) in out.iter().enumerate() {
        for pair in [r.majors, r.minors] {
            if !seen.insert((r.board, pair)) {
                return Err(at(
                    results.name(i),
                    format!("pair {pair} already has a result on board {}", r.board),
                ));
            }
        }
    }
    Ok(out)
}

fn game(i: usize, v: &Value) -> Result<Game, SheetError> {
    let name = {
        let field = |k: &str| v.get(k).and_then(Value::as_u64);
        match (field("round"), field("table")) {
            (Some(r), Some(t)) => format!("result {} (round {r}, table {t})", i + 1),
            _ => format!("result {}", i + 1),
        }
    };
    let g = GameIn::deserialize(v).map_err(|e| at(name.clone(), e.to_string()))?;
    let sides = g.sides;
    if !(2..=MAX_GAME_SIDES).contains(&sides.len()) {
        return Err(at(
            name,
            format!("a game has two or three sides, not {}", sides.len()),
        ));
    }
    let mut members = BTreeSet::new();
    for side in &sides {
        if side.members.is_empty() {
            return Err(at(name, "a side has at least one member"));
        }
        for &m in &side.members {
            if !members.insert(m) {
                return Err(at(name, format!("member {m} appears twice in one game")));
            }
        }
    }
    Ok(Game {
        round: g.round,
        table: g.table,
        sides,
    })
}

/// Reads a sheet from JSON text. A pairs' sheet that reads straight into its types (most
/// do) is not built as JSON values first; any other is, and names a result at fault exactly
/// as before (a typed read that fails says less).
pub fn parse(text: &str) -> Result<Sheet, SheetError> {
    if let Ok(input) = serde_json::from_str::<SheetIn<ResultIn>>(text)
        && matches!(input.method.as_str(), "matchpoints" | "team")
    {
        let SheetIn {
            method,
            scale,
            compare,
            expected,
            teams,
            results,
        } = input;
        let head = SheetIn {
            method,
            scale,
            compare,
            expected,
            teams,
            results: Vec::<Value>::new(),
        };
        return read(head, Results::Typed(results));
    }
    let mut input: SheetIn<Value> =
        serde_json::from_str(text).map_err(|e| SheetError::Json(e.to_string()))?;
    let results = Results::Values(std::mem::take(&mut input.results));
    read(input, results)
}

/// The sheet from its header fields (`input`, its results taken out) and its results.
fn read(input: SheetIn<Value>, results: Results) -> Result<Sheet, SheetError> {
    let sheet = |m: String| SheetError::Sheet(m);
    let only = |what: &str, given: bool| -> Result<(), SheetError> {
        if given {
            Err(sheet(format!(
                "\"{what}\" belongs to a matchpoints sheet, not {}",
                input.method
            )))
        } else {
            Ok(())
        }
    };
    match input.method.as_str() {
        "matchpoints" => {
            let scale = input.scale.as_deref().unwrap_or("2-1");
            let scale = Scale::parse(scale)
                .ok_or_else(|| sheet(format!("unknown scale \"{scale}\" (2-1 or 1-half)")))?;
            let compare = input.compare.as_deref().unwrap_or("net");
            let compare = Compare::parse(compare).ok_or_else(|| {
                sheet(format!("unknown compare \"{compare}\" (net, own or total)"))
            })?;
            if input.teams.is_some() {
                return Err(sheet("\"teams\" belongs to a team sheet".into()));
            }
            let mut expected = BTreeMap::new();
            for (k, v) in input.expected.iter().flatten() {
                let board: u32 = match k.parse() {
                    Ok(b) if b > 0 => b,
                    _ => {
                        return Err(sheet(format!("expected: \"{k}\" is not a board number")));
                    }
                };
                let n = match v.as_u64() {
                    Some(n) if n > 0 && n <= u32::MAX as u64 => n as u32,
                    _ => {
                        return Err(sheet(format!(
                            "expected: board {board}: the expected results must be a whole number of at least 1, not {v}"
                        )));
                    }
                };
                expected.insert(board, n);
            }
            Ok(Sheet::Matchpoints {
                scale,
                compare,
                expected,
                results: pair_results(&results)?,
            })
        }
        "tally" => {
            if input.teams.is_some() {
                return Err(sheet("\"teams\" belongs to a team sheet".into()));
            }
            only("scale", input.scale.is_some())?;
            only("compare", input.compare.is_some())?;
            only("expected", input.expected.is_some())?;
            let Results::Values(values) = &results else {
                unreachable!("a tally's results are read as values");
            };
            let games = values
                .iter()
                .enumerate()
                .map(|(i, v)| game(i, v))
                .collect::<Result<_, _>>()?;
            Ok(Sheet::Tally { games })
        }
        "team" => {
            only("scale", input.scale.is_some())?;
            only("compare", input.compare.is_some())?;
            only("expected", input.expected.is_some())?;
            let teams_in = input.teams.ok_or_else(|| {
                sheet("a team sheet needs \"teams\": {\"A\":[pairs],\"B\":[pairs]}".into())
            })?;
            if teams_in.len() != 2 {
                return Err(sheet(format!(
                    "a team match has two teams, not {}",
                    teams_in.len()
                )));
            }
            let mut teams = Vec::new();
            let mut owner = BTreeMap::new();
            for (name, v) in teams_in {
                let pairs: Vec<u32> =
                    serde_json::from_value(v).map_err(|e| sheet(format!("teams: {name}: {e}")))?;
                if pairs.is_empty() {
                    return Err(sheet(format!("teams: {name} has no pairs")));
                }
                for &p in &pairs {
                    if owner.insert(p, name.clone()).is_some() {
                        return Err(sheet(format!("teams: pair {p} is in more than one team")));
                    }
                }
                teams.push((name, pairs));
            }
            let read = pair_results(&results)?;
            for (i, r) in read.iter().enumerate() {
                let name = results.name(i);
                if matches!(r.outcome, TableScore::Adjusted { .. }) {
                    return Err(at(name, "a team match takes scores, not adjustments"));
                }
                let (a, b) = (owner.get(&r.majors), owner.get(&r.minors));
                match (a, b) {
                    (None, _) => return Err(at(name, format!("pair {} is in no team", r.majors))),
                    (_, None) => return Err(at(name, format!("pair {} is in no team", r.minors))),
                    (Some(a), Some(b)) if a == b => {
                        return Err(at(
                            name,
                            format!("pairs {} and {} are both in team {a}", r.majors, r.minors),
                        ));
                    }
                    _ => {}
                }
            }
            Ok(Sheet::Team {
                teams,
                results: read,
            })
        }
        other => Err(sheet(format!(
            "unknown method \"{other}\" (matchpoints, tally or team)"
        ))),
    }
}

/// Places from values already sorted best first: equal values share a place, shown `3=`.
pub fn places<T: PartialEq>(sorted: &[T]) -> Vec<String> {
    let mut out = Vec::with_capacity(sorted.len());
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i + 1;
        while j < sorted.len() && sorted[j] == sorted[i] {
            j += 1;
        }
        let shared = j - i > 1;
        for _ in i..j {
            out.push(if shared {
                format!("{}=", i + 1)
            } else {
                (i + 1).to_string()
            });
        }
        i = j;
    }
    out
}
