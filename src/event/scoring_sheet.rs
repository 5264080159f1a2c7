//! An event's scoring sheet: its stored results, placed by its movement (or the individual's
//! seatings), as the scoring module reads them. The format decides the method: a Mitchell is
//! matchpointed (with the event's `scale` and `compare`), a progressive, partnership or
//! individual, is scored by tallies, and a team match by team totals. Pure: what `GET
//! .../sheet` answers, and what `calypso-director score` turns into the event's standings.
//!
//! How a stored result becomes a line of the sheet:
//! - played, without an adjusted score: both sides' totals;
//! - with an adjusted score for either side (played or not): adjusted for both sides, a side
//!   the director gave none getting average (50%). A tally has no adjusted scores: such a
//!   game adds nothing to anyone's tally;
//! - not played or fouled, without an adjusted score: no line (the board's other results are
//!   factored by Neuberg; its pairs have no result on it).

use std::collections::BTreeMap;

use super::entries::Entry;
use super::results::{Adjusted, BoardOutcome, TableResult};
use super::settings::{EventFormat, EventSettings};
use super::threes::scores_of;
use crate::movement::threes::ThreesRound;
use crate::movement::{IndividualRound, Movement, MovementKind, Side, simultaneous_table};
use crate::scoring::sheet::{Game, PairResult, Sheet, TableScore, TallySide};

/// What an event's sheet is made from.
pub struct SheetInputs<'a> {
    pub settings: &'a EventSettings,
    pub entries: &'a [Entry],
    /// The fixed movement (team match, Mitchell, progressive).
    pub movement: Option<&'a Movement>,
    /// The progressive individual's stored seatings.
    pub seated: &'a [IndividualRound],
    /// Auction Calypso's stored rounds of tables of three.
    pub threes: &'a [ThreesRound],
    pub results: &'a [TableResult],
}

/// A stored result as the scoring module compares it, or `None` when it gives no line.
pub fn outcome_of(r: &TableResult) -> Option<TableScore> {
    if r.values.is_adjusted() {
        // A side the director left without an adjusted score gets average.
        let a = r.values.adjusted.map(|a| a.unwrap_or(Adjusted::Ave));
        return Some(TableScore::Adjusted {
            majors: a.majors,
            minors: a.minors,
        });
    }
    (r.values.outcome == BoardOutcome::Played).then_some(TableScore::Scored {
        majors: i64::from(r.values.scores.majors),
        minors: i64::from(r.values.scores.minors),
    })
}

/// Where a result sits (a stored row's numbers are checked where it is read).
fn place(r: &TableResult) -> Option<(u32, u32, u32)> {
    Some((r.place.round, r.place.table, r.place.board))
}

/// The pairs of a fixed movement's results, with their outcomes, in round, table, board
/// order. Pairs are the movement's numbers (a team match's 1-4, otherwise entry numbers).
fn pair_results(m: &Movement, results: &[TableResult]) -> Vec<PairResult> {
    let mut out: Vec<PairResult> = results
        .iter()
        .filter_map(|r| {
            let (round, table, board) = place(r)?;
            let seat = m.seating(round, table).filter(|s| s.has_game())?;
            Some(PairResult {
                round,
                table,
                board,
                majors: seat.majors?,
                minors: seat.minors?,
                outcome: outcome_of(r)?,
            })
        })
        .collect();
    out.sort_by_key(|r| (r.round, r.table, r.board));
    out
}

/// How many results each board of a movement should have: one for every table-round that
/// plays it (a table whose other pair is a phantom plays nothing).
pub fn expected_results(m: &Movement) -> BTreeMap<u32, u32> {
    let mut expected = BTreeMap::new();
    for s in m.schedule.iter().filter(|s| s.has_game()) {
        for b in &s.boards {
            *expected.entry(*b).or_insert(0) += 1;
        }
    }
    expected
}

/// Auction Calypso's tally games: three sides of one player each, with the engine's scores
/// from the hands each table reported. A ruled or adjusted game adds nothing.
fn threes_games(i: &SheetInputs, spec: &crate::engine::auction::AuctionSpec) -> Vec<Game> {
    let mut out: Vec<Game> = Vec::new();
    let scored = i
        .results
        .iter()
        .filter(|r| matches!(outcome_of(r), Some(TableScore::Scored { .. })));
    for r in scored {
        let Some(players) = i
            .threes
            .iter()
            .find(|t| t.round() == r.place.round)
            .and_then(|t| t.table(r.place.table))
        else {
            continue;
        };
        out.push(Game {
            round: r.place.round,
            table: r.place.table,
            sides: players
                .iter()
                .zip(scores_of(spec, r))
                .map(|(&p, score)| TallySide {
                    members: vec![p],
                    score,
                })
                .collect(),
        });
    }
    out.sort_by_key(|g| (g.round, g.table));
    out
}

/// The tally games: a progressive's pairs, or the individual's players, by side.
fn games(i: &SheetInputs) -> Vec<Game> {
    if let Some(spec) = i.settings.auction_spec() {
        return threes_games(i, &spec);
    }
    let members = |round: u32, table: u32| -> Option<(Vec<u32>, Vec<u32>)> {
        match i.movement {
            Some(m) => {
                let s = m.seating(round, table).filter(|s| s.has_game())?;
                Some((vec![s.majors?], vec![s.minors?]))
            }
            None => {
                let t = i.seated.iter().find(|r| r.round == round)?.table(table)?;
                Some((
                    t.side(Side::Majors).players.clone(),
                    t.side(Side::Minors).players.clone(),
                ))
            }
        }
    };
    let mut out: Vec<Game> = i
        .results
        .iter()
        .filter_map(|r| {
            let (round, table, _) = place(r)?;
            let Some(TableScore::Scored { majors, minors }) = outcome_of(r) else {
                return None;
            };
            let (m, n) = members(round, table)?;
            Some(Game {
                round,
                table,
                sides: vec![
                    TallySide {
                        members: m,
                        score: majors,
                    },
                    TallySide {
                        members: n,
                        score: minors,
                    },
                ],
            })
        })
        .collect();
    out.sort_by_key(|g| (g.round, g.table));
    out
}

/// The matchpoints sheet of a fixed movement's results (a Mitchell's; a robot duplicate's
/// whatever its format, `event::robot_duplicate`), on the event's `scale` and `compare`.
pub fn matchpoint_sheet(i: &SheetInputs) -> Sheet {
    Sheet::Matchpoints {
        scale: i.settings.scale(),
        compare: i.settings.compare(),
        expected: i.movement.map(expected_results).unwrap_or_default(),
        results: i
            .movement
            .map(|m| pair_results(m, i.results))
            .unwrap_or_default(),
    }
}

/// The event's scoring sheet. An event without its movement yet has an empty one.
pub fn scoring_sheet(i: &SheetInputs) -> Sheet {
    match i.settings.format() {
        // A duplicate coöperative's settings compare table totals.
        EventFormat::PairsMitchell | EventFormat::DuplicateCooperative => matchpoint_sheet(i),
        EventFormat::TeamMatch => Sheet::Team {
            teams: match i.movement.and_then(|m| m.teams.as_ref()) {
                Some(t) => vec![("A".into(), t.a.clone()), ("B".into(), t.b.clone())],
                None => vec![("A".into(), vec![1, 2]), ("B".into(), vec![3, 4])],
            },
            results: i
                .movement
                .map(|m| pair_results(m, i.results))
                .unwrap_or_default(),
        },
        EventFormat::Progressive | EventFormat::ProgressiveIndividual => {
            Sheet::Tally { games: games(i) }
        }
    }
}

/// The entry a movement's pair number stands for: a team match's pairs 1-2 are team entry 1
/// (A) and 3-4 team entry 2 (B); a simultaneous movement's pairs t and T+t are table t's
/// entry t; otherwise pairs are entry numbers.
pub fn entry_number(m: &Movement, pair: u32) -> u32 {
    match &m.teams {
        Some(t) if t.a.contains(&pair) => 1,
        Some(t) if t.b.contains(&pair) => 2,
        _ if m.kind == MovementKind::Simultaneous => simultaneous_table(m.tables, pair),
        _ => pair,
    }
}

/// The entry standing for a movement's pair.
pub fn entry_of<'a>(entries: &'a [Entry], m: &Movement, pair: u32) -> Option<&'a Entry> {
    let n = entry_number(m, pair);
    entries.iter().find(|e| e.number == n as i32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::ids::{EventId, ResultId};
    use crate::event::movement::{MovementOptions, plan};
    use crate::event::results::{Place, ResultStatus, TableReport};
    use crate::event::settings::{Count, SettingsDraft, TrumpsDraft};

    fn settings(format: &str, tables: i64, boards: i64, scale: &str) -> EventSettings {
        EventSettings::parse(&SettingsDraft {
            name: "Night".into(),
            date: "2026-05-01".into(),
            format: format.into(),
            game: String::new(),
            variant: "standard".into(),
            tables: Count::Number(tables),
            boards: Count::Number(boards),
            trick_rule: "standard".into(),
            trumps: TrumpsDraft::VariantDefault,
            correction_minutes: Count::Number(30),
            scale: scale.into(),
            compare: String::new(),
            ..SettingsDraft::default()
        })
        .unwrap()
    }

    fn result(round: u32, table: u32, board: u32, scores: (i32, i32)) -> TableResult {
        let at = chrono::NaiveDate::from_ymd_opt(2026, 5, 1)
            .unwrap()
            .and_hms_opt(20, 0, 0)
            .unwrap();
        TableResult {
            id: ResultId::new(1),
            event_id: EventId::new(1),
            place: Place {
                round,
                table,
                board,
            },
            sides: crate::event::results::Sides::new(None, None),
            values: crate::event::results::ResultValues {
                scores: crate::event::results::Sides::new(scores.0, scores.1),
                status: ResultStatus::Provisional,
                outcome: BoardOutcome::Played,
                adjusted: crate::event::results::Sides::new(None, None),
                report: TableReport::none(),
            },
            entered_by: "table".into(),
            created_at: at,
            updated_at: at,
        }
    }

    #[test]
    fn a_mitchell_is_matchpointed_on_the_events_scale_with_the_movements_pairs() {
        let s = settings("pairs-mitchell", 3, 3, "1-half");
        let m = plan(&s, 6, &MovementOptions::default()).unwrap();
        let seat = |r: u32, t: u32| m.seating(r, t).unwrap().clone();
        let mut adjusted_one_side = result(1, 2, 2, (0, 0));
        adjusted_one_side.values.outcome = BoardOutcome::NotPlayed;
        adjusted_one_side.values.adjusted.majors = Some(Adjusted::AvePlus);
        let mut unplayed = result(1, 3, 3, (0, 0));
        unplayed.values.outcome = BoardOutcome::NotPlayed;
        let results = [
            result(1, 1, seat(1, 1).boards[0], (1850, 1600)),
            adjusted_one_side,
            unplayed,
        ];
        let sheet = scoring_sheet(&SheetInputs {
            settings: &s,
            entries: &[],
            movement: Some(&m),
            seated: &[],
            threes: &[],
            results: &results,
        });
        let Sheet::Matchpoints {
            scale,
            expected,
            results: lines,
            ..
        } = &sheet
        else {
            panic!("{sheet:?}");
        };
        assert_eq!(scale.name(), "1-half");
        // Three tables, three rounds: each board is played once a round.
        assert_eq!(expected, &BTreeMap::from([(1, 3), (2, 3), (3, 3)]));
        assert_eq!(
            lines.len(),
            2,
            "the unplayed board without a ruling gives no line"
        );
        assert_eq!(
            (lines[0].majors, lines[0].minors),
            (seat(1, 1).majors.unwrap(), seat(1, 1).minors.unwrap())
        );
        assert_eq!(
            lines[0].outcome,
            TableScore::Scored {
                majors: 1850,
                minors: 1600
            }
        );
        assert_eq!(
            lines[1].outcome,
            TableScore::Adjusted {
                majors: Adjusted::AvePlus,
                minors: Adjusted::Ave
            },
            "a side without an adjusted score gets average"
        );
        // The sheet reads back as `score` reads it.
        let text = sheet.to_json().to_string();
        assert_eq!(crate::scoring::sheet::parse(&text).unwrap(), sheet);
    }

    #[test]
    fn a_team_match_maps_its_four_pairs_to_its_two_teams() {
        let s = settings("team-match", 2, 4, "");
        let m = plan(&s, 2, &MovementOptions::default()).unwrap();
        assert_eq!(entry_number(&m, 1), 1);
        assert_eq!(entry_number(&m, 2), 1);
        assert_eq!(entry_number(&m, 3), 2);
        assert_eq!(entry_number(&m, 4), 2);
        let board = m.seating(1, 2).unwrap().boards[0];
        let sheet = scoring_sheet(&SheetInputs {
            settings: &s,
            entries: &[],
            movement: Some(&m),
            seated: &[],
            threes: &[],
            results: &[result(1, 2, board, (1300, 1850))],
        });
        let Sheet::Team { teams, results } = sheet else {
            panic!();
        };
        assert_eq!(
            teams,
            vec![("A".to_string(), vec![1, 2]), ("B".to_string(), vec![3, 4])]
        );
        // Table 2 seats B's majors (3) against A's minors (2).
        assert_eq!((results[0].majors, results[0].minors), (3, 2));
    }

    #[test]
    fn a_progressive_is_tallied_by_pairs_and_a_ruled_game_adds_nothing() {
        let s = settings("progressive", 3, 9, "");
        let m = plan(&s, 6, &MovementOptions::default()).unwrap();
        let mut ruled = result(1, 2, 2, (0, 0));
        ruled.values.adjusted.majors = Some(Adjusted::Ave);
        ruled.values.adjusted.minors = Some(Adjusted::Ave);
        let sheet = scoring_sheet(&SheetInputs {
            settings: &s,
            entries: &[],
            movement: Some(&m),
            seated: &[],
            threes: &[],
            results: &[result(1, 1, 1, (1850, 1600)), ruled],
        });
        let Sheet::Tally { games } = sheet else {
            panic!();
        };
        assert_eq!(games.len(), 1);
        let seat = m.seating(1, 1).unwrap();
        assert_eq!(games[0].sides[0].members, vec![seat.majors.unwrap()]);
        assert_eq!(games[0].sides[1].members, vec![seat.minors.unwrap()]);
        assert_eq!(
            (games[0].sides[0].score, games[0].sides[1].score),
            (1850, 1600)
        );
    }
}
