//! The standings while the evening goes on: every result counts in the ranking at once, but
//! a board's traveller (its scores at each table) stays hidden from the public until every
//! table has played it, and each scorecard says what its entry is doing now: the board it
//! is playing, a board not entered yet, or the round it sits out.

use std::collections::{BTreeMap, BTreeSet};

use crate::movement::threes::ThreesRound;
use crate::movement::{IndividualRound, Movement, Side};

use super::{EntryNames, EventStandings, Progress, RowState, Running, Scorecard, ScorecardRow};

/// One game an entry plays in the plan: its round, table and boards (none for the
/// individual's game, whose lines name no board), its seat and its partners and opponents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedGame {
    pub round: u32,
    pub table: u32,
    pub boards: Vec<u32>,
    /// "majors" or "minors" (pairs); none for the individual's sides.
    pub seat: Option<&'static str>,
    pub partners: Vec<u32>,
    pub opponents: Vec<u32>,
}

/// Where the evening stands: the round being played (0 before the first), the rounds
/// planned, and whether play goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub current_round: u32,
    pub rounds: u32,
    pub running: bool,
}

/// Hides from this view the boards still to be played somewhere (their travellers go, and
/// a scorecard's line on one keeps its matchpoints but not the scores), heads the view
/// "after round N of R" while play goes on, and completes every planned entry's scorecard.
pub fn follow_the_room(
    view: &mut EventStandings,
    hidden: &BTreeSet<u32>,
    plan: &BTreeMap<u32, Vec<PlannedGame>>,
    clock: Clock,
    names: &EntryNames,
) {
    view.travellers.retain(|t| !hidden.contains(&t.board));
    if clock.running {
        let after = view
            .scorecards
            .iter()
            .flat_map(|c| &c.rows)
            .filter(|r| matches!(r.state, RowState::Scored | RowState::InPlay))
            .map(|r| r.round)
            .max()
            .unwrap_or(0);
        view.progress = Some(Progress {
            after,
            of: clock.rounds,
        });
    }
    for card in &mut view.scorecards {
        for row in &mut card.rows {
            if row.board.is_some_and(|b| hidden.contains(&b)) && row.state == RowState::Scored {
                row.state = RowState::InPlay;
                row.own_score.clear();
                row.opponents_score.clear();
            }
        }
    }
    if plan.is_empty() {
        return;
    }
    // The rounds a scorecard shows: every round begun while play goes on, otherwise every
    // round of the plan.
    let last = if clock.running {
        clock.current_round.min(clock.rounds)
    } else if clock.current_round == 0 {
        0
    } else {
        clock.rounds
    };
    let running = view
        .scorecards
        .first()
        .map_or(default_running(view), |c| c.running);
    let field_of = field_of(view);
    for (&entry, games) in plan {
        let at = match view.scorecards.iter().position(|c| c.number == entry) {
            Some(at) => at,
            None => {
                view.scorecards.push(Scorecard {
                    number: entry,
                    name: names.of(entry),
                    field: field_of(entry, games),
                    running,
                    rows: Vec::new(),
                    by_round: Vec::new(),
                });
                view.scorecards.len() - 1
            }
        };
        let card = &mut view.scorecards[at];
        let mut rows = Vec::with_capacity(card.rows.len() + games.len());
        for round in 1..=last {
            let scored: Vec<ScorecardRow> = card
                .rows
                .iter()
                .filter(|r| r.round == round && !r.sits_out())
                .cloned()
                .collect();
            let planned: Vec<&PlannedGame> = games.iter().filter(|g| g.round == round).collect();
            if planned.is_empty() && scored.is_empty() {
                rows.push(ScorecardRow::sitting_out(round));
                continue;
            }
            let state = if clock.running && round == clock.current_round {
                RowState::Playing
            } else {
                RowState::NotEntered
            };
            let mut here = scored;
            for g in planned {
                // A progressive individual's game is its table's: its line names no board.
                if g.boards.is_empty() && !here.iter().any(|r| r.table == Some(g.table)) {
                    here.push(unplayed(g, None, state, names));
                }
                for &board in &g.boards {
                    // A progressive's game is scored by its table (a tally line names no
                    // board): the table's line is this board's.
                    let scored = |r: &ScorecardRow| {
                        r.board == Some(board) || (r.board.is_none() && r.table == Some(g.table))
                    };
                    if !here.iter().any(scored) {
                        here.push(unplayed(g, Some(board), state, names));
                    }
                }
            }
            here.sort_by_key(|r| (r.table, r.board));
            rows.extend(here);
        }
        // Lines past the plan's rounds (a result entered for a round not shown) stay.
        rows.extend(card.rows.iter().filter(|r| r.round > last).cloned());
        card.rows = rows;
    }
    view.scorecards.sort_by_key(|c| c.number);
}

fn unplayed(
    g: &PlannedGame,
    board: Option<u32>,
    state: RowState,
    names: &EntryNames,
) -> ScorecardRow {
    let mut row = ScorecardRow::sitting_out(g.round);
    row.table = Some(g.table);
    row.board = board;
    row.seat = g.seat;
    row.partners = g.partners.iter().map(|&m| names.of(m)).collect();
    row.opponents = g
        .opponents
        .iter()
        .map(|&m| names.of(m))
        .collect::<Vec<_>>()
        .join(" & ");
    row.state = state;
    row
}

fn default_running(view: &EventStandings) -> Running {
    match view.method {
        super::Method::Matchpoints => Running::Percent,
        super::Method::Tally => Running::Tally,
        super::Method::Team => Running::Margin,
    }
}

/// The field a new scorecard's entry is ranked in: its seat's field in a Mitchell without an
/// arrow switch (majors and minors ranked apart), otherwise the view's one field.
fn field_of(view: &EventStandings) -> impl Fn(u32, &[PlannedGame]) -> String + use<> {
    let fields: Vec<&'static str> = view.fields.iter().map(|f| f.field).collect();
    move |_, games| {
        let seat = games.first().and_then(|g| g.seat);
        match seat {
            Some(s) if fields.contains(&s) => s.to_string(),
            _ => fields.first().copied().unwrap_or("all").to_string(),
        }
    }
}

/// Each pair's games in a fixed movement, by the movement's pair numbers (the scorecards').
pub fn plan_of_movement(m: &Movement) -> BTreeMap<u32, Vec<PlannedGame>> {
    let mut plan: BTreeMap<u32, Vec<PlannedGame>> = BTreeMap::new();
    for s in m.schedule.iter().filter(|s| s.has_game()) {
        for (seat, own, other) in [
            ("majors", s.majors, s.minors),
            ("minors", s.minors, s.majors),
        ] {
            if let (Some(own), Some(other)) = (own, other) {
                plan.entry(own).or_default().push(PlannedGame {
                    round: s.round,
                    table: s.table,
                    boards: s.boards.clone(),
                    seat: Some(seat),
                    partners: Vec::new(),
                    opponents: vec![other],
                });
            }
        }
    }
    plan
}

/// Each player's games in the progressive individual's rounds seated so far.
pub fn plan_of_seatings(seated: &[IndividualRound]) -> BTreeMap<u32, Vec<PlannedGame>> {
    let mut plan: BTreeMap<u32, Vec<PlannedGame>> = BTreeMap::new();
    for r in seated {
        for t in &r.tables {
            for (own, other) in [(Side::Majors, Side::Minors), (Side::Minors, Side::Majors)] {
                let (own, other) = (&t.side(own).players, &t.side(other).players);
                for &p in own {
                    plan.entry(p).or_default().push(PlannedGame {
                        round: r.round,
                        table: t.table,
                        boards: Vec::new(),
                        seat: None,
                        partners: own.iter().copied().filter(|&q| q != p).collect(),
                        opponents: other.clone(),
                    });
                }
            }
        }
    }
    plan
}

/// Each player's games in Auction Calypso's rounds of tables of three seated so far: both
/// other players at the table are opponents.
pub fn plan_of_threes(rounds: &[ThreesRound]) -> BTreeMap<u32, Vec<PlannedGame>> {
    let mut plan: BTreeMap<u32, Vec<PlannedGame>> = BTreeMap::new();
    for r in rounds {
        for (t, players) in r.tables().iter().enumerate() {
            for &p in players {
                plan.entry(p).or_default().push(PlannedGame {
                    round: r.round(),
                    table: t as u32 + 1,
                    boards: Vec::new(),
                    seat: None,
                    partners: Vec::new(),
                    opponents: players.iter().copied().filter(|&q| q != p).collect(),
                });
            }
        }
    }
    plan
}

/// What a table sees once its result is agreed, as a Bridgemate shows it: the board's
/// results at the tables that have played it, and where its two pairs stand now.
pub struct SoFar {
    pub lines: Vec<super::TravellerLine>,
    /// "Pair 3 (N-S ♠♥): 2 of 5", one per pair at the table.
    pub places: Vec<String>,
}

/// A board's traveller so far and the places of the pairs that played it at this table.
/// `who` is what an entry is called ("Pair", "Player").
pub fn board_so_far(
    view: &EventStandings,
    names: &crate::event::seats::SideNames,
    who: &str,
    board: u32,
    round: u32,
    table: u32,
) -> Option<SoFar> {
    let t = view.travellers.iter().find(|t| t.board == board)?;
    let here = t
        .lines
        .iter()
        .find(|l| l.round == round && l.table == table)?;
    let places = [(here.majors, names.majors()), (here.minors, names.minors())]
        .into_iter()
        .filter_map(|(pair, seat)| {
            view.fields.iter().find_map(|f| {
                f.rows
                    .iter()
                    .find(|r| r.entry == pair.to_string())
                    .map(|r| match r.place.as_str() {
                        super::NOT_COMPARED => format!("{who} {pair} ({seat}): no comparison yet"),
                        place => format!("{who} {pair} ({seat}): {place} of {}", f.rows.len()),
                    })
            })
        })
        .collect();
    Some(SoFar {
        lines: t.lines.clone(),
        places,
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::event::standings::{ResultMarks, build};
    use crate::scoring::sheet;

    /// Round 1 of a two-table Mitchell: pairs 1-2 NS against 3-4 EW on boards 1 and 2, which
    /// cross over in round 2; pair 5 is planned for round 2 only (a late pair).
    fn round_one() -> EventStandings {
        let s = sheet::parse(
            &json!({"method": "matchpoints", "results": [
                {"round": 1, "table": 1, "board": 1, "majors": 1, "minors": 3,
                 "scores": {"majors": 1850, "minors": 1600}},
                {"round": 1, "table": 2, "board": 2, "majors": 2, "minors": 4,
                 "scores": {"majors": 1500, "minors": 1700}},
            ]})
            .to_string(),
        )
        .unwrap();
        build(&s, &EntryNames::pairs(), &ResultMarks::new()).unwrap()
    }

    #[test]
    fn a_table_sees_its_boards_traveller_so_far_and_where_its_pairs_stand() {
        let view = round_one();
        let names = crate::event::seats::SideNames::of(&crate::engine::GameSpec::default());
        let f =
            board_so_far(&view, &names, "Pair", 1, 1, 1).expect("board 1 was played at table 1");
        assert_eq!(f.lines.len(), 1);
        assert_eq!((f.lines[0].round, f.lines[0].table), (1, 1));
        // Each board has one result so far: nobody to compare with, so no place yet.
        assert_eq!(
            f.places,
            [
                "Pair 1 (N-S ♠♥): no comparison yet",
                "Pair 3 (E-W ♦♣): no comparison yet"
            ]
        );
        // Not a board this table played in that round, nor one with no result: nothing.
        assert!(board_so_far(&view, &names, "Pair", 1, 1, 2).is_none());
        assert!(board_so_far(&view, &names, "Pair", 9, 1, 1).is_none());
    }

    fn game(round: u32, table: u32, board: u32, seat: &'static str, other: u32) -> PlannedGame {
        PlannedGame {
            round,
            table,
            boards: vec![board],
            seat: Some(seat),
            partners: vec![],
            opponents: vec![other],
        }
    }

    fn plan() -> BTreeMap<u32, Vec<PlannedGame>> {
        BTreeMap::from([
            (
                1,
                vec![game(1, 1, 1, "majors", 3), game(2, 1, 2, "majors", 4)],
            ),
            (2, vec![game(1, 2, 2, "majors", 4)]),
            (3, vec![game(1, 1, 1, "minors", 1)]),
            (
                4,
                vec![game(1, 2, 2, "minors", 2), game(2, 1, 2, "minors", 1)],
            ),
            (5, vec![game(2, 2, 1, "majors", 6)]),
        ])
    }

    #[test]
    fn a_board_still_in_play_keeps_its_matchpoints_and_hides_its_traveller_and_scores() {
        let mut v = round_one();
        let clock = Clock {
            current_round: 2,
            rounds: 2,
            running: true,
        };
        follow_the_room(
            &mut v,
            &BTreeSet::from([1]),
            &plan(),
            clock,
            &EntryNames::pairs(),
        );
        assert_eq!(v.progress, Some(Progress { after: 1, of: 2 }));
        assert_eq!(
            v.travellers.iter().map(|t| t.board).collect::<Vec<_>>(),
            [2],
            "board 1 still goes to another table"
        );
        let card = |n: u32| v.scorecards.iter().find(|c| c.number == n).unwrap();
        let first = &card(1).rows[0];
        assert_eq!((first.board, first.state), (Some(1), RowState::InPlay));
        assert!(first.own_score.is_empty() && first.matchpoints.is_some());
        assert_eq!(card(2).rows[0].state, RowState::Scored, "board 2 is public");
        // Round 2 is being played: pair 1 plays board 2, pair 2 sits out.
        let now = &card(1).rows[1];
        assert_eq!(
            (now.round, now.board, now.state),
            (2, Some(2), RowState::Playing)
        );
        assert_eq!(card(2).rows[1].state, RowState::SitsOut);
        // Pair 5 has no result yet: its scorecard exists, round 1 sat out, round 2 playing.
        let late = card(5);
        assert_eq!(
            late.rows.iter().map(|r| r.state).collect::<Vec<_>>(),
            [RowState::SitsOut, RowState::Playing]
        );
        assert_eq!(late.field, "majors");
    }

    #[test]
    fn once_play_is_over_an_unreported_board_reads_not_entered_and_nothing_is_hidden() {
        let mut v = round_one();
        let clock = Clock {
            current_round: 2,
            rounds: 2,
            running: false,
        };
        follow_the_room(
            &mut v,
            &BTreeSet::new(),
            &plan(),
            clock,
            &EntryNames::pairs(),
        );
        assert_eq!(v.progress, None);
        assert_eq!(v.travellers.len(), 2);
        let card = v.scorecards.iter().find(|c| c.number == 4).unwrap();
        assert_eq!(
            card.rows.iter().map(|r| r.state).collect::<Vec<_>>(),
            [RowState::Scored, RowState::NotEntered]
        );
    }

    #[test]
    fn before_play_a_scorecard_has_no_lines() {
        let mut v = round_one();
        let clock = Clock {
            current_round: 0,
            rounds: 2,
            running: false,
        };
        follow_the_room(
            &mut v,
            &BTreeSet::new(),
            &plan(),
            clock,
            &EntryNames::pairs(),
        );
        let late = v.scorecards.iter().find(|c| c.number == 5).unwrap();
        assert!(late.rows.is_empty());
    }
}
