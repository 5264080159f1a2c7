//! The robot duplicate (#39 item 6b, BBO's "daylong" in our words): each entrant plays every
//! board of the event with robots in the other three seats, any time within the director's
//! window, matchpointed against every entrant who played it. Pure: the plan the event is
//! scored and checked by, the rule for a board left unplayed when the window closes, when
//! its results are sealed, and the progress a page may show (counts, never scores).
//!
//! - **The plan.** No movement is made by the director: one round, one virtual table per
//!   entrant (table = the entry's number), every board at every table, the entrant N-S (a
//!   person at South, a robot partner at North) and robots E-W. The robots' side is the
//!   pair numbered [`ROBOTS`] (0: no entry has it), so the matchpoints machinery of a
//!   Mitchell compares the entrants' N-S scores board by board and the robots' E-W line,
//!   every result's other side, is dropped from the ranking ([`entrants_only`]).
//! - **Unplayed boards.** When the director finishes the event after the window closed,
//!   every board an entrant did not finish (no result: never started, or cards in the log
//!   and no end) is ruled not played with [`UNFINISHED`] for the entrant: average-minus
//!   (40%), as a pair that fails to play a board through its own fault (Law 12C2), the
//!   practice of the robot tournaments: the entrant had the whole window, and a score of
//!   "not scored" would let a player stop a board going badly and lose nothing. The robots'
//!   side gets average; it is not ranked.
//! - **Sealed.** Until the window closes every board's results, travellers, scorecards and
//!   standings are sealed from everyone but the club's directors (`visibility::Exposure`),
//!   even from an entrant who finished: their scores would tell a later player how the cards
//!   lie.

use std::collections::BTreeMap;

use chrono::NaiveDateTime;

use super::entries::Entry;
use super::play::{Play, Window, rfc3339};
use super::results::TableResult;
use crate::movement::{Movement, MovementKind, Seating};
use crate::scoring::adjusted::Adjusted;
use crate::scoring::matchpoints::Field;
use crate::scoring::standings::Standings;
use crate::scoring::{Scored, SheetScores};

/// The robot duplicate is played in one round.
pub const ROUND: u32 = 1;

/// The robots' pair number: the E-W side of every table (no entry is numbered 0).
pub const ROBOTS: u32 = 0;

/// An entrant's board with no result when the director finishes after the window closed:
/// average-minus (40%) for the entrant.
pub const UNFINISHED: Adjusted = Adjusted::AveMinus;

/// The robots' side of a board ruled unplayed: average (they are not ranked).
pub const ROBOTS_UNFINISHED: Adjusted = Adjusted::Ave;

/// The entrants who play: every entry not withdrawn, with a number a table can have.
fn entrants(entries: &[Entry]) -> impl Iterator<Item = (u32, &Entry)> {
    entries
        .iter()
        .filter(|e| e.withdrawn_round.is_none())
        .filter_map(|e| {
            u32::try_from(e.number)
                .ok()
                .filter(|&n| n > 0)
                .map(|n| (n, e))
        })
}

/// The event's plan: round 1, the table of each entrant its number, every board of the
/// event at every table, the entrant N-S and the robots ([`ROBOTS`]) E-W. An event with no
/// entrants has a plan of no tables.
pub fn plan(entries: &[Entry], boards: u32) -> Movement {
    let mut schedule: Vec<Seating> = entrants(entries)
        .map(|(n, _)| Seating {
            round: ROUND,
            table: n,
            majors: Some(n),
            minors: Some(ROBOTS),
            boards: (1..=boards).collect(),
        })
        .collect();
    schedule.sort_by_key(|s| s.table);
    Movement {
        kind: MovementKind::Mitchell,
        tables: schedule.last().map_or(0, |s| s.table),
        rounds: 1,
        boards_per_round: boards,
        boards,
        pairs: schedule.len() as u32,
        teams: None,
        schedule,
        sit_out: vec![],
        absent: vec![],
    }
}

/// Every (table, board) of the plan with no result yet: what the director's finish rules
/// unplayed with [`UNFINISHED`]. A board with cards in its log and no result (played partly)
/// is among them: only a result counts.
pub fn unplayed(plan: &Movement, results: &[TableResult]) -> Vec<(u32, u32)> {
    let mut out = vec![];
    for s in plan.schedule.iter().filter(|s| s.round == ROUND) {
        for &b in &s.boards {
            let has = results
                .iter()
                .any(|r| r.place.round == ROUND && r.place.table == s.table && r.place.board == b);
            if !has {
                out.push((s.table, b));
            }
        }
    }
    out
}

/// The standings of the entrants only: the robots' side (the Mitchell's E-W field, pair
/// [`ROBOTS`]) is every result's other side and is not ranked.
pub fn entrants_only(scored: &mut Scored) {
    if let SheetScores::Matchpoints(r) = &mut scored.report {
        r.standings
            .retain(|s| s.field != Field::Minors && s.pair != ROBOTS);
    }
    if let Standings::Matchpoints(m) = &mut scored.standings {
        m.standings
            .retain(|s| s.field != Field::Minors.name() && s.pair != ROBOTS);
    }
}

/// When the event's results are sealed until: a robot duplicate's window's close; none for
/// any other way of play.
pub fn sealed_until(play: &Play) -> Option<NaiveDateTime> {
    play.window().map(|w| w.closes)
}

/// Why the director may not finish a robot duplicate at `now`: its window is still open (an
/// entrant may still be playing, and the boards they have not played yet would be ruled).
pub fn finish_refusal(window: Window, now: NaiveDateTime) -> Option<String> {
    (now < window.closes).then(|| {
        format!(
            "the robot duplicate's window is open until {}: entrants may still play; finish \
             the event once it has closed",
            rfc3339(window.closes)
        )
    })
}

/// How far the entrants have got: counts only, never a score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The boards every entrant plays.
    pub boards: u32,
    /// Each entrant (its number and name) with how many boards it has finished.
    pub entrants: Vec<(u32, String, u32)>,
}

impl Progress {
    /// Each entrant's boards with a result (played, or ruled by the director).
    pub fn of(entries: &[Entry], boards: u32, results: &[TableResult]) -> Progress {
        let mut done: BTreeMap<u32, u32> = BTreeMap::new();
        for r in results.iter().filter(|r| r.place.round == ROUND) {
            if (1..=boards).contains(&r.place.board) {
                *done.entry(r.place.table).or_default() += 1;
            }
        }
        let mut list: Vec<(u32, String, u32)> = entrants(entries)
            .map(|(n, e)| (n, e.name.clone(), done.get(&n).copied().unwrap_or(0)))
            .collect();
        list.sort_by_key(|(n, _, _)| *n);
        Progress {
            boards,
            entrants: list,
        }
    }

    /// The entrants who have finished at least one board.
    pub fn started(&self) -> usize {
        self.entrants.iter().filter(|(_, _, d)| *d > 0).count()
    }

    /// The boards finished, all entrants together.
    pub fn boards_done(&self) -> u32 {
        self.entrants.iter().map(|(_, _, d)| d).sum()
    }

    /// In words, for everyone: "2 of 3 entrants have played; 3 of 6 boards finished".
    pub fn summary(&self) -> String {
        let n = self.entrants.len();
        let total = self.boards * n as u32;
        format!(
            "{} of {n} {} played; {} of {total} {} finished",
            self.started(),
            if n == 1 {
                "entrant has"
            } else {
                "entrants have"
            },
            self.boards_done(),
            if total == 1 { "board" } else { "boards" },
        )
    }
}

/// The board an entrant must finish before playing `board`: `now`, the table's first
/// unfinished board, when it comes before (the robots serve only a table's first unfinished
/// board, so an entrant's boards are played in order). None when `board` is the one to play.
pub fn play_first(board: u32, now: u32) -> Option<u32> {
    (now < board).then_some(now)
}

/// Why a card of a later board waits, in words (the refusal; the view and the page say it
/// with a capital).
pub fn play_first_words(first: u32) -> String {
    format!(
        "play board {first} first: the robots play an entrant's boards in order, and board \
         {first} is not finished"
    )
}

/// What the standings say of a robot duplicate where an evening's say "after round N of R":
/// its one round is played by each entrant whenever they like within the window, so a round
/// count tells nothing. Where the window stands, and whether the viewer sees results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowLine {
    pub closes: NaiveDateTime,
    /// The window has not closed yet.
    pub open: bool,
    /// The viewer sees no results (sealed from them: anyone but the club's directors).
    pub sealed: bool,
}

impl WindowLine {
    /// The line for `window` at `now`, for a viewer from whom the results are `sealed`.
    pub fn at(window: Window, now: NaiveDateTime, sealed: bool) -> WindowLine {
        WindowLine {
            closes: window.closes,
            open: now < window.closes,
            sealed,
        }
    }

    /// In words, the close as `closes` says it (the club's local time).
    pub fn words(&self, closes: &str) -> String {
        match (self.open, self.sealed) {
            (true, true) => format!(
                "Robot duplicate: entrants play until {closes}; every board's results are \
                 sealed until the window closes"
            ),
            (true, false) => format!(
                "Robot duplicate: entrants play until {closes}; until then these results are \
                 sealed from everyone but the club's directors"
            ),
            (false, _) => format!("Robot duplicate: the window closed at {closes}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::entries::Entrant;
    use crate::event::ids::{EntryId, EventId, ResultId};
    use crate::event::results::{Place, ResultStatus, ResultValues, TableReport};
    use crate::event::settings::EntryKind;
    use crate::scoring::Sides;
    use crate::scoring::sheet::{Compare, PairResult, Scale, Sheet, TableScore};

    fn entry(number: i32, name: &str) -> Entry {
        Entry {
            id: EntryId::new(number * 10),
            event_id: EventId::new(1),
            number,
            name: name.into(),
            kind: EntryKind::Pair,
            players: vec![Entrant {
                player_id: None,
                name: name.into(),
            }],
            joined_round: None,
            withdrawn_round: None,
        }
    }

    fn result(table: u32, board: u32) -> TableResult {
        let t = chrono::NaiveDate::from_ymd_opt(2026, 12, 1)
            .unwrap()
            .and_hms_opt(18, 0, 0)
            .unwrap();
        TableResult {
            id: ResultId::new((table * 100 + board) as i32),
            event_id: EventId::new(1),
            place: Place {
                round: 1,
                table,
                board,
            },
            sides: Sides::new(None, None),
            values: ResultValues {
                scores: Sides::new(0, 0),
                status: ResultStatus::Confirmed,
                outcome: crate::event::results::BoardOutcome::Played,
                adjusted: Sides::default(),
                report: TableReport::none(),
            },
            entered_by: "online table".into(),
            created_at: t,
            updated_at: t,
        }
    }

    #[test]
    fn the_plan_is_one_round_a_table_per_entrant_every_board_entrant_ns_robots_ew() {
        let mut gone = entry(4, "Gone");
        gone.withdrawn_round = Some(1);
        let m = plan(&[entry(3, "Cy"), entry(1, "Ann"), gone], 2);
        assert_eq!((m.rounds, m.tables, m.boards, m.pairs), (1, 3, 2, 2));
        type Row = (u32, Option<u32>, Option<u32>, Vec<u32>);
        let tables: Vec<Row> = m
            .schedule
            .iter()
            .map(|s| (s.table, s.majors, s.minors, s.boards.clone()))
            .collect();
        assert_eq!(
            tables,
            vec![
                (1, Some(1), Some(ROBOTS), vec![1, 2]),
                (3, Some(3), Some(ROBOTS), vec![1, 2])
            ],
            "table = entry number; a withdrawn entry has none"
        );
        assert!(m.seating(1, 2).is_none(), "no entry 2: no table 2");
        assert_eq!(plan(&[], 2).tables, 0);
    }

    #[test]
    fn unplayed_boards_are_every_planned_board_with_no_result_partly_played_included() {
        let m = plan(&[entry(1, "Ann"), entry(2, "Bob")], 2);
        // Table 2's board 1 has cards in its log but no result: unplayed all the same.
        let results = [result(1, 1), result(1, 2), result(2, 2)];
        assert_eq!(unplayed(&m, &results), vec![(2, 1)]);
        assert_eq!(unplayed(&m, &[]).len(), 4);
    }

    #[test]
    fn an_unfinished_board_is_average_minus_for_the_entrant_and_average_for_the_robots() {
        assert_eq!(UNFINISHED.percent(), 40.0);
        assert_eq!(ROBOTS_UNFINISHED.percent(), 50.0);
    }

    #[test]
    fn matchpoints_compare_the_entrants_ns_and_the_robots_are_not_ranked() {
        // Three entrants on one board: N-S nets 30, 10, 10 against the robots.
        let pr = |table: u32, majors: i64| PairResult {
            round: 1,
            table,
            board: 1,
            majors: table,
            minors: ROBOTS,
            outcome: TableScore::Scored { majors, minors: 0 },
        };
        let m = plan(&[entry(1, "A"), entry(2, "B"), entry(3, "C")], 1);
        let sheet = Sheet::Matchpoints {
            scale: Scale::TwoOne,
            compare: Compare::Net,
            expected: crate::event::scoring_sheet::expected_results(&m),
            results: vec![pr(1, 30), pr(2, 10), pr(3, 10)],
        };
        let mut scored = crate::scoring::score(&sheet).unwrap();
        entrants_only(&mut scored);
        let Standings::Matchpoints(s) = &scored.standings else {
            panic!("matchpoints")
        };
        let ranked: Vec<(u32, String)> = s
            .standings
            .iter()
            .map(|p| (p.pair, format!("{:.2}", p.percent.0)))
            .collect();
        assert_eq!(
            ranked,
            vec![
                (1, "100.00".into()),
                (2, "25.00".into()),
                (3, "25.00".into())
            ]
        );
    }

    #[test]
    fn the_director_may_not_finish_while_the_window_is_open() {
        let t = |s| crate::event::play::parse_rfc3339(s, "t").unwrap();
        let w = Window::new(t("2026-12-01T00:00:00Z"), t("2026-12-02T00:00:00Z")).unwrap();
        let e = finish_refusal(w, t("2026-12-01T23:59:59Z")).unwrap();
        assert!(e.contains("open until 2026-12-02T00:00:00Z"), "{e}");
        assert_eq!(finish_refusal(w, t("2026-12-02T00:00:00Z")), None);
        let p = Play::robots(w, None).unwrap();
        assert_eq!(sealed_until(&p), Some(w.closes));
        assert_eq!(sealed_until(&Play::Table), None);
    }

    #[test]
    fn progress_counts_boards_finished_and_never_a_score() {
        let p = Progress::of(
            &[entry(1, "Ann"), entry(2, "Bob"), entry(3, "Cy")],
            2,
            &[result(1, 1), result(1, 2), result(3, 1)],
        );
        assert_eq!(
            p.entrants,
            vec![
                (1, "Ann".into(), 2),
                (2, "Bob".into(), 0),
                (3, "Cy".into(), 1)
            ]
        );
        assert_eq!(
            p.summary(),
            "2 of 3 entrants have played; 3 of 6 boards finished"
        );
    }

    #[test]
    fn the_standings_say_where_the_window_stands_not_a_round_count() {
        let at = |h: u32| {
            chrono::NaiveDate::from_ymd_opt(2026, 12, 1)
                .unwrap()
                .and_hms_opt(h, 0, 0)
                .unwrap()
        };
        let window = Window {
            opens: at(8),
            closes: at(20),
        };
        let public = WindowLine::at(window, at(12), true);
        assert!(public.open);
        assert_eq!(
            public.words("2026-12-01 20:00"),
            "Robot duplicate: entrants play until 2026-12-01 20:00; every board's results are \
             sealed until the window closes"
        );
        assert!(
            WindowLine::at(window, at(12), false)
                .words("20:00")
                .contains("sealed from everyone but the club's directors")
        );
        // At the close itself the window is closed (play stops at `closes`).
        let closed = WindowLine::at(window, at(20), false);
        assert!(!closed.open);
        assert_eq!(
            closed.words("20:00"),
            "Robot duplicate: the window closed at 20:00"
        );
        for line in [public, closed] {
            assert!(!line.words("20:00").contains("round"));
        }
    }

    #[test]
    fn boards_in_order_a_later_board_waits_for_the_first_unfinished_one() {
        assert_eq!(play_first(3, 1), Some(1));
        assert_eq!(play_first(2, 2), None, "the board to play now");
        // A board before the one now is finished: the engine refuses its cards as over.
        assert_eq!(play_first(1, 2), None);
        assert_eq!(
            play_first_words(1),
            "play board 1 first: the robots play an entrant's boards in order, and board 1 \
             is not finished"
        );
    }
}
