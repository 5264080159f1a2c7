//! Round control: which round the room is playing, each table's state in it, and when the
//! director may start the next round.

use chrono::{Duration, NaiveDateTime};

use super::ResultId;
use super::clock::RoundClock;
use super::lifecycle::EventStatus;
use super::results::{Place, ResultStatus, TableResult};
use crate::movement::Movement;

/// A round without a clock (started before the room clock, or imported): a table that has
/// not reported this long after the round started is shown as late.
pub const LATE_AFTER_MINUTES: i64 = 70;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct RoundState {
    /// 0 before the first round starts.
    pub current: u32,
    pub started_at: Option<NaiveDateTime>,
    /// The current round's clock, when the service read it with the event (the director's
    /// pages): a table is late once the clock's play time is over, extra time given and
    /// pauses counted, as the room clock says it.
    pub clock: Option<RoundClock>,
}

impl RoundState {
    /// Whether a table still playing the current round is late at `now`: its round's play
    /// time is over on the room clock, or, for a round without one, [`LATE_AFTER_MINUTES`]
    /// have passed since its start.
    pub fn is_late(&self, now: NaiveDateTime) -> bool {
        match &self.clock {
            Some(c) if c.round == self.current => c.elapsed(now) >= c.play_length(),
            _ => self
                .started_at
                .is_some_and(|t| now - t >= Duration::minutes(LATE_AFTER_MINUTES)),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableState {
    /// No game at this table this round (a phantom pair's table).
    NoGame,
    Playing,
    Late,
    Reported,
    /// The other side disputed a result of this table's round: the director is called.
    Disputed,
}

/// A table's result in a round, as round control needs it: where, and whether the other side
/// disputed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reported {
    pub round: u32,
    pub table: u32,
    pub disputed: bool,
}

impl TableState {
    pub const fn name(self) -> &'static str {
        match self {
            TableState::NoGame => "no game",
            TableState::Playing => "playing",
            TableState::Late => "late",
            TableState::Reported => "reported",
            TableState::Disputed => "disputed",
        }
    }
}

/// A board a table still owes from an earlier round: its result was not entered before the
/// next round started, or the other side has still to agree it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Owed {
    pub round: u32,
    pub board: u32,
    /// The provisional result waiting for the other side, if one was entered.
    pub entered: Option<usize>,
}

/// The boards of rounds before `current` that `table` still owes, in round and board order:
/// none entered, or entered and still provisional (`entered` indexes `results`, the table's
/// own results as `(round, board, status)`). A round where the table had no game owes
/// nothing.
pub fn owed_by_table(
    m: &Movement,
    table: u32,
    current: u32,
    results: &[(u32, u32, ResultStatus)],
) -> Vec<Owed> {
    let mut out = Vec::new();
    for round in 1..current {
        let Some(s) = m.seating(round, table).filter(|s| s.has_game()) else {
            continue;
        };
        for &board in &s.boards {
            let entered = results
                .iter()
                .position(|&(r, b, _)| r == round && b == board);
            match entered.map(|i| results[i].2) {
                Some(ResultStatus::Provisional) | None => out.push(Owed {
                    round,
                    board,
                    entered,
                }),
                Some(_) => {}
            }
        }
    }
    out
}

/// Each table's state in the current round: disputed when the other side disputed one of its
/// results (never "reported" then: the director is called), reported when a result for that
/// round and table is in, late when not and the round started [`LATE_AFTER_MINUTES`] ago.
pub fn table_states(
    m: &Movement,
    round: &RoundState,
    now: NaiveDateTime,
    reported: &[Reported],
) -> Vec<(u32, TableState)> {
    table_states_with(m.tables, round, now, reported, |t| {
        m.seating(round.current, t).is_some_and(|s| s.has_game())
    })
}

/// The same for any seating: `has_game(table)` says whether the table plays this round
/// (every table of a progressive individual does).
pub fn table_states_with(
    tables: u32,
    round: &RoundState,
    now: NaiveDateTime,
    reported: &[Reported],
    has_game: impl Fn(u32) -> bool,
) -> Vec<(u32, TableState)> {
    let late = round.is_late(now);
    (1..=tables)
        .map(|t| {
            let here = || {
                reported
                    .iter()
                    .filter(move |r| (r.round, r.table) == (round.current, t))
            };
            let state = match () {
                _ if round.current == 0 || !has_game(t) => TableState::NoGame,
                _ if here().any(|r| r.disputed) => TableState::Disputed,
                _ if here().next().is_some() => TableState::Reported,
                _ if late => TableState::Late,
                _ => TableState::Playing,
            };
            (t, state)
        })
        .collect()
}

/// Why a game of the plan is not accounted for yet. A game of the plan (every round started,
/// every table with a game in it, every board it plays) is accounted for once it has a
/// confirmed result or a director's ruling (stored confirmed: not played, fouled, or adjusted
/// scores); otherwise it is open, in one of these states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenState {
    /// Nothing entered and no ruling.
    NoResult,
    /// Entered at the table, the other side has not agreed yet.
    Provisional,
    /// The other side disputed it: the director is called.
    Disputed,
}

impl OpenState {
    pub const fn name(self) -> &'static str {
        match self {
            OpenState::NoResult => "no result",
            OpenState::Provisional => "provisional",
            OpenState::Disputed => "disputed",
        }
    }

    /// Whether the game keeps the event from being finished. A game with no result does: the
    /// standings would silently drop it. A provisional result does not (it becomes final
    /// when the correction period ends, and "Mark finished?" offers to confirm them all),
    /// nor a disputed one (it stays under review, and the standings provisional, until the
    /// director rules on it).
    pub const fn blocks_finishing(self) -> bool {
        matches!(self, OpenState::NoResult)
    }
}

/// A game of the plan that is still open: where, why, and its result when there is one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenGame {
    pub round: u32,
    pub table: u32,
    pub board: u32,
    pub state: OpenState,
    pub result: Option<ResultId>,
}

impl std::fmt::Display for OpenGame {
    /// "round 1 · table 2 · board 2: no result".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "round {} · table {} · board {}: {}",
            self.round,
            self.table,
            self.board,
            self.state.name()
        )
    }
}

/// The games of `planned` (each round, table and board of the plan, in order) that are not
/// accounted for by `results`, in the plan's order.
pub fn open_games(planned: &[Place], results: &[TableResult]) -> Vec<OpenGame> {
    planned
        .iter()
        .filter_map(|p| {
            let result = results.iter().find(|r| r.place == *p);
            let state = match result.map(|r| r.values.status) {
                Some(ResultStatus::Confirmed) => return None,
                Some(ResultStatus::Provisional) => OpenState::Provisional,
                Some(ResultStatus::Disputed) => OpenState::Disputed,
                None => OpenState::NoResult,
            };
            Some(OpenGame {
                round: p.round,
                table: p.table,
                board: p.board,
                state,
                result: result.map(|r| r.id),
            })
        })
        .collect()
}

/// The open games as a sentence's list: "round 1 · table 2 · board 2: no result; round 2 ·
/// table 1 · board 3: disputed".
pub fn list_open(open: &[OpenGame]) -> String {
    open.iter()
        .map(OpenGame::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// The tables of round `current` with a game and no result, in order, once each.
fn unreported_tables(current: u32, open: &[OpenGame]) -> Vec<u32> {
    let mut waiting: Vec<u32> = open
        .iter()
        .filter(|g| g.round == current && g.state == OpenState::NoResult)
        .map(|g| g.table)
        .collect();
    waiting.dedup();
    waiting
}

/// The API's refusal of a round start that was not confirmed: the current round's tables
/// that have not reported, then every open game, and how to start anyway.
pub fn start_refusal(current: u32, round: u32, open: &[OpenGame]) -> String {
    let waiting = unreported_tables(current, open);
    let silent = if waiting.is_empty() {
        String::new()
    } else {
        format!(
            "table{} {} of round {current} {} not reported; ",
            if waiting.len() == 1 { "" } else { "s" },
            waiting
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            if waiting.len() == 1 { "has" } else { "have" },
        )
    };
    format!(
        "{silent}still open: {}: send \"confirm_unreported\": true to start round {round} anyway",
        list_open(open)
    )
}

/// What the director is asked before starting round `next` while games of rounds up to
/// `current` are open: the current round's tables with no result first ("2 tables of round 1
/// have not reported yet"), then every open game by name.
pub fn start_question(current: u32, open: &[OpenGame]) -> String {
    let waiting = unreported_tables(current, open);
    let mut out = String::new();
    if !waiting.is_empty() {
        let n = waiting.len();
        out.push_str(&format!(
            "{n} table{} of round {current} {} not reported yet. ",
            if n == 1 { "" } else { "s" },
            if n == 1 { "has" } else { "have" }
        ));
    }
    let n = open.len();
    out.push_str(&format!(
        "{n} game{} still open: {}.",
        if n == 1 { " is" } else { "s are" },
        list_open(open)
    ));
    out
}

/// A table's board in the director's result grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridState {
    /// The round has not started.
    NotStarted,
    /// The round is on and the table has not reported yet.
    Playing,
    /// No result [`LATE_AFTER_MINUTES`] after the round started, or the round is over.
    Late,
    Provisional,
    Confirmed,
    Disputed,
    /// Play is over (the event is no longer running) and the board has no result nor
    /// ruling: nothing is late any more, the game is simply missing.
    Missing,
}

impl GridState {
    pub const fn name(self) -> &'static str {
        match self {
            GridState::NotStarted => "not started",
            GridState::Playing => "playing",
            GridState::Late => "late",
            GridState::Provisional => "provisional",
            GridState::Confirmed => "confirmed",
            GridState::Disputed => "disputed",
            GridState::Missing => "no result",
        }
    }

    /// What the director should look at: a late table, a disputed result or a missing game.
    pub const fn needs_director(self) -> bool {
        matches!(
            self,
            GridState::Late | GridState::Disputed | GridState::Missing
        )
    }
}

/// A table's board in round `round`: its result's state when there is one, otherwise
/// whether the round has started and whether the table is late (while the event runs;
/// once play is over, a board of a round played without a result is missing, not late).
pub fn grid_state(
    round: u32,
    now_playing: &RoundState,
    running: bool,
    now: NaiveDateTime,
    result: Option<ResultStatus>,
) -> GridState {
    match result {
        Some(ResultStatus::Provisional) => GridState::Provisional,
        Some(ResultStatus::Confirmed) => GridState::Confirmed,
        Some(ResultStatus::Disputed) => GridState::Disputed,
        None if round > now_playing.current => GridState::NotStarted,
        None if !running => GridState::Missing,
        None if round < now_playing.current => GridState::Late,
        None if now_playing.is_late(now) => GridState::Late,
        None => GridState::Playing,
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoundError {
    #[error("rounds are played while the event is running (it is {0})")]
    NotRunning(EventStatus),
    #[error("the event has no movement: make one before play starts")]
    NoMovement,
    #[error("round {0} is the last round of the movement")]
    LastRound(u32),
    #[error("round {next} is the next round, not {asked}: reload the page")]
    Stale { asked: u32, next: u32 },
    #[error(
        "the progressive individual has no rounds and table sizes yet: set them before play starts"
    )]
    NoIndividualPlan,
    #[error("the event has no deal key, from which the cuts are drawn")]
    NoKey,
    #[error(
        "round {round} is not over: table{} {} {} no result yet, and the next round is seated from every table's result",
        if tables.len() == 1 { "" } else { "s" },
        tables.iter().map(u32::to_string).collect::<Vec<_>>().join(", "),
        if tables.len() == 1 { "has" } else { "have" }
    )]
    ResultsMissing { round: u32, tables: Vec<u32> },
    #[error("round {round} cannot be seated: {problem}")]
    Seating { round: u32, problem: String },
}

/// The round the director may start now: the first once the event runs, then each next
/// one until the movement's last.
pub fn next_round(
    status: EventStatus,
    round: &RoundState,
    movement: Option<&Movement>,
) -> Result<u32, RoundError> {
    next_round_of(
        status,
        round,
        movement.map(|m| m.rounds).ok_or(RoundError::NoMovement),
    )
}

/// The same from the number of rounds planned (a movement's, or a progressive individual's
/// options), or why there is no plan.
pub fn next_round_of(
    status: EventStatus,
    round: &RoundState,
    rounds: Result<u32, RoundError>,
) -> Result<u32, RoundError> {
    if !status.is_running() {
        return Err(RoundError::NotRunning(status));
    }
    if round.current >= rounds? {
        return Err(RoundError::LastRound(round.current));
    }
    Ok(round.current + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movement::{MovementKind, MovementRequest, generate};

    fn mitchell(tables: u32, pairs: u32) -> Movement {
        let mut r = MovementRequest::new(MovementKind::Mitchell);
        r.tables = Some(tables);
        r.pairs = Some(pairs);
        generate(&r).unwrap()
    }

    fn at(minutes: i64) -> NaiveDateTime {
        chrono::DateTime::from_timestamp(1_800_000_000 + minutes * 60, 0)
            .unwrap()
            .naive_utc()
    }

    #[test]
    fn a_late_table_owes_its_unentered_and_unagreed_boards_of_earlier_rounds() {
        let m = mitchell(3, 6);
        let board = |round: u32| m.seating(round, 2).unwrap().boards[0];
        // Round 1 confirmed, round 2 provisional, round 3 not entered; round 4 is current.
        let results = [
            (1, board(1), ResultStatus::Confirmed),
            (2, board(2), ResultStatus::Provisional),
        ];
        let owed = owed_by_table(&m, 2, 4, &results);
        assert_eq!(
            owed,
            [
                Owed {
                    round: 2,
                    board: board(2),
                    entered: Some(1)
                },
                Owed {
                    round: 3,
                    board: board(3),
                    entered: None
                },
            ]
        );
        // A disputed result is the director's now, not the table's to enter again.
        let disputed = [(3, board(3), ResultStatus::Disputed)];
        assert_eq!(owed_by_table(&m, 2, 4, &disputed).len(), 2);
        assert!(
            owed_by_table(&m, 2, 4, &disputed)
                .iter()
                .all(|o| o.round != 3)
        );
        // Nothing is owed in round 1, nor for the round being played.
        assert!(owed_by_table(&m, 2, 1, &[]).is_empty());
    }

    fn result(id: i32, round: u32, table: u32, board: u32, status: ResultStatus) -> TableResult {
        use crate::event::results::{BoardOutcome, TableReport};
        TableResult {
            id: ResultId::new(id),
            event_id: crate::event::EventId::new(1),
            place: Place {
                round,
                table,
                board,
            },
            sides: crate::event::results::Sides::new(None, None),
            values: crate::event::results::ResultValues {
                scores: crate::event::results::Sides::new(0, 0),
                status,
                outcome: BoardOutcome::Played,
                adjusted: crate::event::results::Sides::new(None, None),
                report: TableReport::none(),
            },
            entered_by: "test".into(),
            created_at: at(0),
            updated_at: at(0),
        }
    }

    #[test]
    fn every_game_of_the_plan_is_confirmed_ruled_or_open() {
        let place = |round, table, board| Place {
            round,
            table,
            board,
        };
        let planned = [
            place(1, 1, 1),
            place(1, 2, 2),
            place(1, 3, 3),
            place(2, 1, 2),
            place(2, 2, 3),
            place(2, 3, 1),
        ];
        let results = [
            result(1, 1, 1, 1, ResultStatus::Confirmed),
            // Table 2 never reported round 1; table 3's was disputed.
            result(2, 1, 3, 3, ResultStatus::Disputed),
            result(3, 2, 1, 2, ResultStatus::Provisional),
            // A ruling (not played, adjusted) is stored confirmed: accounted for.
            result(4, 2, 2, 3, ResultStatus::Confirmed),
            // A result outside the plan accounts for nothing.
            result(5, 3, 3, 1, ResultStatus::Confirmed),
        ];
        let open = open_games(&planned, &results);
        let states: Vec<_> = open
            .iter()
            .map(|g| (g.round, g.table, g.board, g.state))
            .collect();
        assert_eq!(
            states,
            [
                (1, 2, 2, OpenState::NoResult),
                (1, 3, 3, OpenState::Disputed),
                (2, 1, 2, OpenState::Provisional),
                (2, 3, 1, OpenState::NoResult),
            ]
        );
        assert_eq!(open[0].result, None);
        assert_eq!(open[1].result, Some(ResultId::new(2)));
        assert_eq!(
            open[0].to_string(),
            "round 1 · table 2 · board 2: no result"
        );
        // Only a game with no result keeps the event from being finished.
        let blocking: Vec<_> = open
            .iter()
            .filter(|g| g.state.blocks_finishing())
            .map(|g| (g.round, g.table))
            .collect();
        assert_eq!(blocking, [(1, 2), (2, 3)]);
        // Starting round 3 names them all, the current round's silent tables first.
        let q = start_question(2, &open);
        assert!(
            q.starts_with("1 table of round 2 has not reported yet. 4 games are still open: round 1 · table 2 · board 2: no result; round 1 · table 3 · board 3: disputed;"),
            "{q}"
        );
        // Earlier rounds only: no count of silent tables, one game named.
        let q = start_question(3, &open[..1]);
        assert_eq!(
            q,
            "1 game is still open: round 1 · table 2 · board 2: no result."
        );
        // Everything confirmed: nothing open.
        let all: Vec<_> = planned
            .iter()
            .enumerate()
            .map(|(i, p)| {
                result(
                    i as i32 + 1,
                    p.round,
                    p.table,
                    p.board,
                    ResultStatus::Confirmed,
                )
            })
            .collect();
        assert!(open_games(&planned, &all).is_empty());
    }

    #[test]
    fn rounds_advance_while_running_up_to_the_last() {
        let m = mitchell(3, 6);
        let mut r = RoundState::default();
        assert_eq!(
            next_round(EventStatus::Ready, &r, Some(&m)),
            Err(RoundError::NotRunning(EventStatus::Ready))
        );
        assert_eq!(
            next_round(EventStatus::Running, &r, None),
            Err(RoundError::NoMovement)
        );
        for want in 1..=m.rounds {
            assert_eq!(next_round(EventStatus::Running, &r, Some(&m)), Ok(want));
            r.current = want;
        }
        assert_eq!(
            next_round(EventStatus::Running, &r, Some(&m)),
            Err(RoundError::LastRound(m.rounds))
        );
    }

    #[test]
    fn tables_are_playing_reported_late_or_without_a_game() {
        // Five pairs at three tables: one table has no game each round.
        let m = mitchell(3, 5);
        let round = RoundState {
            current: 1,
            started_at: Some(at(0)),
            clock: None,
        };
        let one = |disputed| Reported {
            round: 1,
            table: 1,
            disputed,
        };
        let states = table_states(&m, &round, at(30), &[one(false)]);
        assert_eq!(states[0], (1, TableState::Reported));
        let no_game = states
            .iter()
            .filter(|(_, s)| *s == TableState::NoGame)
            .count();
        assert_eq!(no_game, 1);
        assert!(
            states.contains(&(2, TableState::Playing))
                || states.contains(&(3, TableState::Playing))
        );
        // A disputed result calls the director: the table is never "reported" then.
        let disputed = table_states(&m, &round, at(30), &[one(false), one(true)]);
        assert_eq!(disputed[0], (1, TableState::Disputed));
        let later = table_states(&m, &round, at(LATE_AFTER_MINUTES), &[one(false)]);
        assert!(later.iter().any(|(_, s)| *s == TableState::Late));
        assert!(!later.iter().any(|(_, s)| *s == TableState::Playing));
        // Before the first round nothing is being played.
        let before = table_states(&m, &RoundState::default(), at(0), &[]);
        assert!(before.iter().all(|(_, s)| *s == TableState::NoGame));
    }

    #[test]
    fn a_table_is_late_once_the_round_clocks_play_time_is_over_pauses_and_extra_time_counted() {
        // 45 minutes of play, 5 paused before, 10 minutes extra: late from minute 60.
        let clock = RoundClock {
            round: 2,
            started_at: at(0),
            play_seconds: 45 * 60,
            rebuild_seconds: 8 * 60,
            move_seconds: 3 * 60,
            paused_at: None,
            paused_seconds: 5 * 60,
            extra_seconds: 10 * 60,
        };
        let round = RoundState {
            current: 2,
            started_at: Some(at(0)),
            clock: Some(clock),
        };
        assert!(!round.is_late(at(59)));
        assert!(round.is_late(at(60)));
        // Paused at minute 50: the clock stands still, and no table becomes late.
        let paused = RoundState {
            clock: Some(RoundClock {
                paused_at: Some(at(50)),
                ..clock
            }),
            ..round
        };
        assert!(!paused.is_late(at(LATE_AFTER_MINUTES + 60)));
        // Another round's clock does not count: 70 minutes after the start, as without one.
        let stale = RoundState {
            current: 3,
            ..round
        };
        assert!(!stale.is_late(at(LATE_AFTER_MINUTES - 1)));
        assert!(stale.is_late(at(LATE_AFTER_MINUTES)));
        assert_eq!(
            grid_state(2, &round, true, at(60), None),
            GridState::Late,
            "the results grid follows the same clock"
        );
        assert_eq!(
            grid_state(2, &round, true, at(59), None),
            GridState::Playing
        );
    }

    #[test]
    fn the_grid_shows_results_by_state_and_late_tables() {
        let round = RoundState {
            current: 2,
            started_at: Some(at(0)),
            clock: None,
        };
        let soon = at(10);
        let late = at(LATE_AFTER_MINUTES);
        for (status, want) in [
            (ResultStatus::Provisional, GridState::Provisional),
            (ResultStatus::Confirmed, GridState::Confirmed),
            (ResultStatus::Disputed, GridState::Disputed),
        ] {
            // A result's own state wins, in any round, late or not.
            for r in 1..=3 {
                assert_eq!(grid_state(r, &round, true, late, Some(status)), want);
            }
        }
        assert_eq!(
            grid_state(3, &round, true, late, None),
            GridState::NotStarted
        );
        assert_eq!(grid_state(2, &round, true, soon, None), GridState::Playing);
        assert_eq!(grid_state(2, &round, true, late, None), GridState::Late);
        // A round already over with a table still missing: late at once.
        assert_eq!(grid_state(1, &round, true, soon, None), GridState::Late);
        assert!(GridState::Late.needs_director() && GridState::Disputed.needs_director());
        assert!(!GridState::Provisional.needs_director());
        // Once play is over nothing is late or playing: a board without a result is missing.
        for r in 1..=2 {
            assert_eq!(grid_state(r, &round, false, late, None), GridState::Missing);
        }
        assert_eq!(
            grid_state(1, &round, false, late, Some(ResultStatus::Confirmed)),
            GridState::Confirmed
        );
        // Before the first round, every round is still to come.
        assert_eq!(
            grid_state(1, &RoundState::default(), true, soon, None),
            GridState::NotStarted
        );
    }
}
