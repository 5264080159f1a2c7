//! Making a movement from its size. Each kind is a formula over tables and rounds, never a
//! table written out per size; `validate` checks what comes out.

use std::fmt;

use super::{
    MAX_BOARDS_PER_ROUND, MAX_ROUNDS, MAX_TABLES, MAX_TEAM_BOARDS, Movement, MovementKind, Seating,
    SitOut, Teams,
};

/// What a director asks for. `None` takes the kind's default; a value the kind fixes may be
/// restated (a team match's 2 tables) but not changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovementRequest {
    pub kind: MovementKind,
    /// Mitchell and progressive: required. Team match: 2.
    pub tables: Option<u32>,
    /// Default: [`round_limits`]. Team match: one round per board.
    pub rounds: Option<u32>,
    /// Mitchell: default 1. Team match and progressive: 1.
    pub boards_per_round: Option<u32>,
    /// Team match only: an even number, default 4 (an evening of four rounds).
    pub boards: Option<u32>,
    /// Mitchell and progressive: 2T (default) or 2T-1 (a phantom). Team match: 4.
    pub pairs: Option<u32>,
    /// Mitchell only: rounds in which the pairs at each table swap seats.
    pub arrow_switch: Vec<u32>,
}

impl MovementRequest {
    /// A request for `kind` with every option left to its default.
    pub fn new(kind: MovementKind) -> MovementRequest {
        MovementRequest {
            kind,
            tables: None,
            rounds: None,
            boards_per_round: None,
            boards: None,
            pairs: None,
            arrow_switch: Vec::new(),
        }
    }
}

/// The options of a request, named as JSON and forms name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    Kind,
    Tables,
    Rounds,
    BoardsPerRound,
    Boards,
    Pairs,
    ArrowSwitch,
}

impl Field {
    pub const fn name(self) -> &'static str {
        match self {
            Field::Kind => "kind",
            Field::Tables => "tables",
            Field::Rounds => "rounds",
            Field::BoardsPerRound => "boards_per_round",
            Field::Boards => "boards",
            Field::Pairs => "pairs",
            Field::ArrowSwitch => "arrow_switch",
        }
    }

    /// The option in words, for messages.
    pub const fn label(self) -> &'static str {
        match self {
            Field::Kind => "kind",
            Field::Tables => "tables",
            Field::Rounds => "rounds",
            Field::BoardsPerRound => "boards per round",
            Field::Boards => "boards",
            Field::Pairs => "pairs",
            Field::ArrowSwitch => "an arrow switch",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Why a movement cannot be made as asked; [`MovementError::field`] says which option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MovementError {
    #[error("{field} does not apply to {kind}: {why}")]
    NotApplicable {
        kind: MovementKind,
        field: Field,
        why: &'static str,
    },
    #[error("{kind} needs a number of tables, from 2 to {MAX_TABLES}")]
    TablesMissing { kind: MovementKind },
    #[error("{kind} needs 2 to {MAX_TABLES} tables (not {given})")]
    Tables { kind: MovementKind, given: u32 },
    #[error("a team match is played at 2 tables (not {0})")]
    TeamMatchTables(u32),
    #[error("a team match has 4 pairs, two to a team (not {0})")]
    TeamMatchPairs(u32),
    #[error(
        "a team match needs an even number of boards from 2 to {MAX_TEAM_BOARDS}, so that each \
         half of the match plays half of them at each table (not {0})"
    )]
    TeamMatchBoards(u32),
    #[error("a team match of {boards} boards has {boards} rounds, one board a round (not {given})")]
    TeamMatchRounds { boards: u32, given: u32 },
    #[error("{kind} plays one board a round at each table (not {given})")]
    OneBoardARound { kind: MovementKind, given: u32 },
    #[error("boards per round must be from 1 to {MAX_BOARDS_PER_ROUND} (not {0})")]
    BoardsPerRound(u32),
    #[error("a movement needs at least 1 round (not 0)")]
    NoRounds,
    #[error(
        "{kind} at {tables} tables has at most {max} rounds before a pair would {why} (not {given})"
    )]
    TooManyRounds {
        kind: MovementKind,
        tables: u32,
        given: u32,
        max: u32,
        why: &'static str,
    },
    #[error(
        "{tables} tables seat {} or {} pairs (not {given})",
        2 * tables - 1,
        2 * tables
    )]
    Pairs { tables: u32, given: u32 },
    #[error("an arrow switch in round {round}, but the movement has rounds 1 to {rounds}")]
    ArrowSwitchRound { round: u32, rounds: u32 },
    #[error(
        "every table of a simultaneous movement seats its own four players, two pairs: \
         {tables} tables seat {} pairs (not {given})",
        2 * tables
    )]
    SimultaneousPairs { tables: u32, given: u32 },
}

impl MovementError {
    pub fn field(&self) -> Field {
        match self {
            MovementError::NotApplicable { field, .. } => *field,
            MovementError::TablesMissing { .. }
            | MovementError::Tables { .. }
            | MovementError::TeamMatchTables(_) => Field::Tables,
            MovementError::TeamMatchPairs(_)
            | MovementError::Pairs { .. }
            | MovementError::SimultaneousPairs { .. } => Field::Pairs,
            MovementError::TeamMatchBoards(_) => Field::Boards,
            MovementError::TeamMatchRounds { .. }
            | MovementError::NoRounds
            | MovementError::TooManyRounds { .. } => Field::Rounds,
            MovementError::OneBoardARound { .. } | MovementError::BoardsPerRound(_) => {
                Field::BoardsPerRound
            }
            MovementError::ArrowSwitchRound { .. } => Field::ArrowSwitch,
        }
    }
}

/// Makes the movement a request asks for, or says why it cannot be made.
pub fn generate(req: &MovementRequest) -> Result<Movement, MovementError> {
    match req.kind {
        MovementKind::TeamMatch => team_match(req),
        MovementKind::Mitchell => mitchell(req),
        MovementKind::Progressive => progressive(req),
        MovementKind::Simultaneous => simultaneous(req),
    }
}

fn not_applicable(kind: MovementKind, field: Field, why: &'static str) -> MovementError {
    MovementError::NotApplicable { kind, field, why }
}

fn tables(req: &MovementRequest) -> Result<u32, MovementError> {
    match req.tables {
        None => Err(MovementError::TablesMissing { kind: req.kind }),
        Some(t) if (2..=MAX_TABLES).contains(&t) => Ok(t),
        Some(given) => Err(MovementError::Tables {
            kind: req.kind,
            given,
        }),
    }
}

/// 2T pairs, or 2T-1 with pair 2T a phantom.
fn pairs(req: &MovementRequest, tables: u32) -> Result<u32, MovementError> {
    match req.pairs {
        None => Ok(2 * tables),
        Some(p) if p == 2 * tables || p == 2 * tables - 1 => Ok(p),
        Some(given) => Err(MovementError::Pairs { tables, given }),
    }
}

/// The rounds a Mitchell or progressive at `tables` tables plays when not told, and the most
/// it can play: the one place these defaults are made (the forms show them, the API and the
/// command line take them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundLimits {
    pub default: u32,
    pub max: u32,
    /// What one more round than `max` would break, for the message.
    pub why: &'static str,
}

/// A Mitchell plays as many rounds as it can, so that every minors pair meets every majors
/// pair: T at an odd T; at an even T the skip allows T-1 (a T-th round would bring back
/// round 1's opponents), so one opposing pair is never met. A progressive keeps Sheinwold's
/// session of four games, fewer at fewer tables; at most T. `None` for a team match, whose
/// rounds are its boards. `tables` must be at least 1.
pub fn round_limits(kind: MovementKind, tables: u32) -> Option<RoundLimits> {
    match kind {
        MovementKind::TeamMatch => None,
        MovementKind::Mitchell => Some(mitchell_limits(tables)),
        MovementKind::Progressive => Some(progressive_limits(tables)),
        MovementKind::Simultaneous => Some(simultaneous_limits()),
    }
}

fn mitchell_limits(tables: u32) -> RoundLimits {
    let t = tables.max(1);
    if t.is_multiple_of(2) {
        RoundLimits {
            default: t - 1,
            max: t - 1,
            why: "meet an opponent again, even with the minors skipping a table",
        }
    } else {
        RoundLimits {
            default: t,
            max: t,
            why: "meet an opponent again",
        }
    }
}

fn progressive_limits(tables: u32) -> RoundLimits {
    let t = tables.max(1);
    RoundLimits {
        default: t.min(4),
        max: t,
        why: "meet an opponent again",
    }
}

/// A simultaneous movement meets nobody: its tables stay together, so only the evening's
/// length limits it. Four rounds by default, as a team match's evening of four boards.
fn simultaneous_limits() -> RoundLimits {
    RoundLimits {
        default: 4,
        max: MAX_ROUNDS,
        why: "be longer than any movement the validator accepts",
    }
}

fn rounds(req: &MovementRequest, tables: u32, limits: RoundLimits) -> Result<u32, MovementError> {
    let RoundLimits { default, max, why } = limits;
    match req.rounds.unwrap_or(default) {
        0 => Err(MovementError::NoRounds),
        r if r > max => Err(MovementError::TooManyRounds {
            kind: req.kind,
            tables,
            given: r,
            max,
            why,
        }),
        r => Ok(r),
    }
}

/// Boards `(set-1)·k+1 ..= set·k`.
fn board_set(set: u32, k: u32) -> Vec<u32> {
    ((set - 1) * k + 1..=set * k).collect()
}

/// Konstam's duplicate match. Table 1 seats A's majors (1) against B's minors (4), table 2
/// B's majors (3) against A's minors (2). Table 1 plays board r in round r; table 2 starts
/// on the second half of the boards, so after half the match the boards have changed tables
/// and each has been played once with each team in the majors seats.
fn team_match(req: &MovementRequest) -> Result<Movement, MovementError> {
    let kind = req.kind;
    if !req.arrow_switch.is_empty() {
        return Err(not_applicable(
            kind,
            Field::ArrowSwitch,
            "each board is already played once with each team in the majors seats",
        ));
    }
    if let Some(t) = req.tables.filter(|t| *t != 2) {
        return Err(MovementError::TeamMatchTables(t));
    }
    if let Some(p) = req.pairs.filter(|p| *p != 4) {
        return Err(MovementError::TeamMatchPairs(p));
    }
    if let Some(given) = req.boards_per_round.filter(|k| *k != 1) {
        return Err(MovementError::OneBoardARound { kind, given });
    }
    let boards = req.boards.unwrap_or(4);
    if boards == 0 || !boards.is_multiple_of(2) || boards > MAX_TEAM_BOARDS {
        return Err(MovementError::TeamMatchBoards(boards));
    }
    if let Some(given) = req.rounds.filter(|r| *r != boards) {
        return Err(MovementError::TeamMatchRounds { boards, given });
    }
    let half = boards / 2;
    let mut schedule = Vec::new();
    for round in 1..=boards {
        schedule.push(Seating {
            round,
            table: 1,
            majors: Some(1),
            minors: Some(4),
            boards: vec![round],
        });
        schedule.push(Seating {
            round,
            table: 2,
            majors: Some(3),
            minors: Some(2),
            boards: vec![(round - 1 + half) % boards + 1],
        });
    }
    Ok(Movement {
        kind,
        tables: 2,
        rounds: boards,
        boards_per_round: 1,
        boards,
        pairs: 4,
        teams: Some(Teams {
            a: vec![1, 2],
            b: vec![3, 4],
        }),
        schedule,
        sit_out: Vec::new(),
        absent: Vec::new(),
    })
}

/// The board set at a Mitchell table: set t in round 1, then one table down a round.
pub(super) fn mitchell_set(tables: u32, round: u32, table: u32) -> u32 {
    // In u64: `Movement::boards_at` may ask about a movement read from anywhere.
    ((u64::from(table) + u64::from(round) - 2) % u64::from(tables) + 1) as u32
}

/// How many tables the minors have moved up by a round. With an even number of tables the
/// boards (moving down) and the minors (moving up) close in two tables a round, so after
/// half the tables' rounds the minors would meet their first boards again; moving them up
/// two tables once, after round T/2, puts them on the odd distances they have not used.
fn mitchell_minors_offset(tables: u32, round: u32, skip: bool) -> u32 {
    let skipped = skip && tables.is_multiple_of(2) && round > tables / 2;
    round - 1 + u32::from(skipped)
}

fn mitchell(req: &MovementRequest) -> Result<Movement, MovementError> {
    let kind = req.kind;
    if req.boards.is_some() {
        return Err(not_applicable(
            kind,
            Field::Boards,
            "a Mitchell plays tables × boards per round boards (boards is for a team match)",
        ));
    }
    let t = tables(req)?;
    let pairs = pairs(req, t)?;
    let k = req.boards_per_round.unwrap_or(1);
    if !(1..=MAX_BOARDS_PER_ROUND).contains(&k) {
        return Err(MovementError::BoardsPerRound(k));
    }
    let r = rounds(req, t, mitchell_limits(t))?;
    let mut arrow = req.arrow_switch.clone();
    arrow.sort_unstable();
    arrow.dedup();
    if let Some(&round) = arrow.iter().find(|a| **a == 0 || **a > r) {
        return Err(MovementError::ArrowSwitchRound { round, rounds: r });
    }
    Ok(mitchell_movement(t, r, k, pairs, &arrow, true))
}

/// A Mitchell built from its formula; `skip: false` leaves out the even-tables skip, so the
/// tests can show the validator what goes wrong without it.
pub(super) fn mitchell_movement(
    t: u32,
    r: u32,
    k: u32,
    pairs: u32,
    arrow: &[u32],
    skip: bool,
) -> Movement {
    let mut schedule = Vec::new();
    let mut sit_out = Vec::new();
    let mut sets_used = vec![false; t as usize];
    for round in 1..=r {
        let offset = mitchell_minors_offset(t, round, skip);
        for table in 1..=t {
            // Minors pair T+m started at table m.
            let m = (table - 1 + t - offset % t) % t + 1;
            let minors = t + m;
            if minors > pairs {
                // The phantom's table: no game, and the majors pair sits out.
                schedule.push(Seating {
                    round,
                    table,
                    majors: None,
                    minors: None,
                    boards: Vec::new(),
                });
                sit_out.push(SitOut { round, pair: table });
                continue;
            }
            let set = mitchell_set(t, round, table);
            sets_used[set as usize - 1] = true;
            let (majors, minors) = if arrow.contains(&round) {
                (minors, table)
            } else {
                (table, minors)
            };
            schedule.push(Seating {
                round,
                table,
                majors: Some(majors),
                minors: Some(minors),
                boards: board_set(set, k),
            });
        }
    }
    // Only a one-round Mitchell with a phantom leaves a set unplayed, and it is the last.
    let boards = sets_used.iter().filter(|u| **u).count() as u32 * k;
    sit_out.sort_by_key(|s| (s.round, s.pair));
    Movement {
        kind: MovementKind::Mitchell,
        tables: t,
        rounds: r,
        boards_per_round: k,
        boards,
        pairs,
        teams: None,
        schedule,
        sit_out,
        absent: Vec::new(),
    }
}

/// Sheinwold's progressive, partnership form: majors stay, minors move up one table a
/// round, and every table-round deals its own deck, board (r-1)·T + t.
fn progressive(req: &MovementRequest) -> Result<Movement, MovementError> {
    let kind = req.kind;
    if req.boards.is_some() {
        return Err(not_applicable(
            kind,
            Field::Boards,
            "every table plays a fresh board each round, tables × rounds in all",
        ));
    }
    if !req.arrow_switch.is_empty() {
        return Err(not_applicable(
            kind,
            Field::ArrowSwitch,
            "no two tables play the same board, so there is no field to join",
        ));
    }
    if let Some(given) = req.boards_per_round.filter(|k| *k != 1) {
        return Err(MovementError::OneBoardARound { kind, given });
    }
    let t = tables(req)?;
    let pairs = pairs(req, t)?;
    let r = rounds(req, t, progressive_limits(t))?;
    let mut schedule = Vec::new();
    let mut sit_out = Vec::new();
    for round in 1..=r {
        for table in 1..=t {
            let m = (table - 1 + t - (round - 1) % t) % t + 1;
            let minors = t + m;
            if minors > pairs {
                schedule.push(Seating {
                    round,
                    table,
                    majors: None,
                    minors: None,
                    boards: Vec::new(),
                });
                sit_out.push(SitOut { round, pair: table });
            } else {
                schedule.push(Seating {
                    round,
                    table,
                    majors: Some(table),
                    minors: Some(minors),
                    boards: vec![super::progressive_board(t, round, table)],
                });
            }
        }
    }
    Ok(Movement {
        kind,
        tables: t,
        rounds: r,
        boards_per_round: 1,
        boards: t * r,
        pairs,
        teams: None,
        schedule,
        sit_out,
        absent: Vec::new(),
    })
}

/// Duplicate coöperative: every table plays the same boards each round, boards
/// (r-1)·k+1 ..= r·k in round r, and nobody moves. Table t seats pair t majors and pair
/// T+t minors all evening (the table's four players are one entry), so there is no
/// phantom: a table of four is there or it is not.
fn simultaneous(req: &MovementRequest) -> Result<Movement, MovementError> {
    let kind = req.kind;
    if req.boards.is_some() {
        return Err(not_applicable(
            kind,
            Field::Boards,
            "every table plays rounds × boards per round boards, the same ones",
        ));
    }
    if !req.arrow_switch.is_empty() {
        return Err(not_applicable(
            kind,
            Field::ArrowSwitch,
            "the four players at a table play together, not against another table",
        ));
    }
    let t = tables(req)?;
    if let Some(given) = req.pairs.filter(|p| *p != 2 * t) {
        return Err(MovementError::SimultaneousPairs { tables: t, given });
    }
    let k = req.boards_per_round.unwrap_or(1);
    if !(1..=MAX_BOARDS_PER_ROUND).contains(&k) {
        return Err(MovementError::BoardsPerRound(k));
    }
    let r = rounds(req, t, simultaneous_limits())?;
    let mut schedule = Vec::with_capacity((t * r) as usize);
    for round in 1..=r {
        for table in 1..=t {
            schedule.push(Seating {
                round,
                table,
                majors: Some(table),
                minors: Some(t + table),
                boards: board_set(round, k),
            });
        }
    }
    Ok(Movement {
        kind,
        tables: t,
        rounds: r,
        boards_per_round: k,
        boards: r * k,
        pairs: 2 * t,
        teams: None,
        schedule,
        sit_out: Vec::new(),
        absent: Vec::new(),
    })
}
