//! The progressive individual as an event: the director's options (rounds and round 1's
//! table sizes), the default table sizes, and each round's seating from the event's key and
//! the stored results. Pure: the database stores what these functions compute, and round
//! control shows the same computation before the round starts, so shown and started seating
//! are identical.

use serde::{Deserialize, Serialize};

use super::DealKey;
use super::lifecycle::EventStatus;
use super::rounds::RoundError;
use super::settings::{EventFormat, EventSettings, MAX_BOARDS};
use crate::deals::SetKey;
use crate::movement::individual::{
    self, CutOverrides, IndividualError, IndividualRound, MAX_AT_TABLE, MIN_AT_TABLE, TableResult,
};
use crate::movement::{MAX_ROUNDS, MAX_TABLES, progressive_board};

/// Rounds when the director gives none: four games make an evening.
pub const DEFAULT_ROUNDS: u32 = 4;

/// What the director chooses (the API's `PUT .../movement` body for this form).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IndividualOptions {
    pub rounds: Option<u32>,
    /// Players at tables 1, 2, ... in round 1; absent for the default spread.
    pub table_sizes: Option<Vec<u32>>,
}

/// The options made whole for the event as it is: stored, and what round control reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IndividualPlan {
    pub rounds: u32,
    /// Round 1's players at each table (later rounds' sizes follow the results).
    pub table_sizes: Vec<u32>,
    /// How many individual entries the sizes were made for.
    pub players: u32,
}

impl IndividualPlan {
    pub fn tables(&self) -> u32 {
        self.table_sizes.len() as u32
    }

    /// Every table-round deals its own deck, as in the partnership progressive.
    pub fn boards(&self) -> u32 {
        self.tables() * self.rounds
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IndividualPlanError {
    #[error("the options are for a progressive individual, not a {0} event")]
    NotIndividual(EventFormat),
    #[error("a progressive individual needs 2 to {MAX_TABLES} tables (the event has {0})")]
    Tables(u32),
    #[error(
        "{players} players cannot be seated at {tables} tables: each table seats 4 to 6, so \
         {tables} tables need {} to {} players",
        tables * MIN_AT_TABLE,
        tables * MAX_AT_TABLE
    )]
    PlayersForTables { players: u32, tables: u32 },
    #[error("rounds: {0} is not a number of rounds: choose 1 to {MAX_ROUNDS}")]
    Rounds(u32),
    #[error("table sizes: {given} tables given, but the event has {tables}")]
    SizesForTables { given: usize, tables: u32 },
    #[error("table sizes: table {table} is given {size} players: a table seats 4, 5 or 6")]
    TableSize { table: u32, size: u32 },
    #[error("table sizes: the tables seat {seats} players, but there are {players}")]
    SizesForPlayers { seats: u32, players: u32 },
    #[error("{boards} boards (tables × rounds) are more than an event may have ({MAX_BOARDS})")]
    Boards { boards: u32 },
}

/// Round 1's table sizes for `players` at `tables`: fours, with the extra players spread
/// out as much as possible (the rules: tables of five or six are spaced round the room).
/// Up to one extra a table makes fives at evenly spaced tables; beyond that every table
/// seats five and the sixes are spaced the same way.
pub fn default_table_sizes(players: u32, tables: u32) -> Result<Vec<u32>, IndividualPlanError> {
    if !(2..=MAX_TABLES).contains(&tables) {
        return Err(IndividualPlanError::Tables(tables));
    }
    if !(tables * MIN_AT_TABLE..=tables * MAX_AT_TABLE).contains(&players) {
        return Err(IndividualPlanError::PlayersForTables { players, tables });
    }
    let extra = players - tables * MIN_AT_TABLE;
    let (base, spread) = if extra <= tables {
        (MIN_AT_TABLE, extra)
    } else {
        (MIN_AT_TABLE + 1, extra - tables)
    };
    let mut sizes = vec![base; tables as usize];
    // k extras at tables 1 + i·T/k: as far apart as whole tables allow.
    for i in 0..spread {
        sizes[(i * tables / spread) as usize] += 1;
    }
    Ok(sizes)
}

/// The plan for the event's settings, its number of individual entries and the options.
pub fn individual_plan(
    settings: &EventSettings,
    players: u32,
    options: &IndividualOptions,
) -> Result<IndividualPlan, IndividualPlanError> {
    if settings.format() != EventFormat::ProgressiveIndividual {
        return Err(IndividualPlanError::NotIndividual(settings.format()));
    }
    let tables = u32::from(settings.tables());
    let rounds = options.rounds.unwrap_or(DEFAULT_ROUNDS);
    if !(1..=MAX_ROUNDS).contains(&rounds) {
        return Err(IndividualPlanError::Rounds(rounds));
    }
    let table_sizes = match &options.table_sizes {
        None => default_table_sizes(players, tables)?,
        Some(given) => {
            if !(2..=MAX_TABLES).contains(&tables) {
                return Err(IndividualPlanError::Tables(tables));
            }
            if given.len() != tables as usize {
                return Err(IndividualPlanError::SizesForTables {
                    given: given.len(),
                    tables,
                });
            }
            if let Some((i, &size)) = given
                .iter()
                .enumerate()
                .find(|(_, s)| !(MIN_AT_TABLE..=MAX_AT_TABLE).contains(*s))
            {
                return Err(IndividualPlanError::TableSize {
                    table: i as u32 + 1,
                    size,
                });
            }
            let seats = given.iter().sum();
            if seats != players {
                return Err(IndividualPlanError::SizesForPlayers { seats, players });
            }
            given.clone()
        }
    };
    let plan = IndividualPlan {
        rounds,
        table_sizes,
        players,
    };
    if plan.boards() > u32::from(MAX_BOARDS) {
        return Err(IndividualPlanError::Boards {
            boards: plan.boards(),
        });
    }
    Ok(plan)
}

/// The board a table plays in a round.
pub fn board(plan: &IndividualPlan, round: u32, table: u32) -> u32 {
    progressive_board(plan.tables(), round, table)
}

/// Each table's outcome from stored results: (round, table, majors' score, minors' score)
/// rows, the individual form storing the majors side's score as North-South's. Several rows
/// of one table-round add up.
pub fn table_results(round: u32, rows: &[(u32, u32, i64, i64)]) -> Vec<TableResult> {
    let mut out: Vec<TableResult> = Vec::new();
    for &(_, t, majors, minors) in rows.iter().filter(|row| row.0 == round) {
        match out.iter_mut().find(|x| x.table == t) {
            Some(TableResult {
                outcome:
                    individual::Outcome::Scores {
                        majors: a,
                        minors: b,
                    },
                ..
            }) => {
                *a += majors;
                *b += minors;
            }
            _ => out.push(TableResult::scores(t, majors, minors)),
        }
    }
    out
}

/// The tables of `round` (of `tables`) that have no result yet.
pub fn unreported(round: &IndividualRound, results: &[TableResult]) -> Vec<u32> {
    round
        .tables
        .iter()
        .map(|t| t.table)
        .filter(|t| !results.iter().any(|r| r.table == *t))
        .collect()
}

/// The seating of round `round`: round 1 from the plan, a later round from the stored round
/// before and its results. Deterministic in the key: the cut of each table is drawn from it.
pub fn seat_round(
    plan: &IndividualPlan,
    key: &[u8; 32],
    previous: Option<&IndividualRound>,
    results: &[TableResult],
) -> Result<IndividualRound, IndividualError> {
    match previous {
        None => {
            individual::first_round(plan.players, &plan.table_sizes, key, &CutOverrides::none())
        }
        Some(prev) => individual::next_round(prev, results, key, &CutOverrides::none()),
    }
}

/// The options may change until round 1 starts (the event may already be running: the
/// entries are then fixed, and the sizes must fit them).
pub const fn options_open(status: EventStatus, current_round: u32) -> bool {
    matches!(status, EventStatus::Draft | EventStatus::Ready)
        || (matches!(status, EventStatus::Running) && current_round == 0)
}

/// The 32 bytes the cuts are drawn from: the event's deal key (the cut's own domain tag
/// keeps the two streams apart).
pub fn cut_key(deal: Option<&DealKey>) -> Result<[u8; 32], RoundError> {
    let key = deal.ok_or(RoundError::NoKey)?;
    SetKey::from_hex(&key.key_hex)
        .map(|k| *k.as_bytes())
        .map_err(|_| RoundError::NoKey)
}

/// What the seating of the round after `current` is computed from.
pub struct SeatingInputs<'a> {
    pub settings: &'a EventSettings,
    /// The event's individual entries now.
    pub players: u32,
    pub options: &'a IndividualOptions,
    pub deal: Option<&'a DealKey>,
    /// The round being played (0 before the first).
    pub current: u32,
    /// The seating of every round started so far.
    pub seated: &'a [IndividualRound],
    /// Stored results as (round, table, majors' score, minors' score).
    pub results: &'a [(u32, u32, i64, i64)],
}

/// The seating of round `current + 1`: what round control shows once the current round's
/// results are all in, and exactly what starting that round stores.
pub fn next_seating(i: &SeatingInputs) -> Result<IndividualRound, RoundError> {
    let plan =
        individual_plan(i.settings, i.players, i.options).map_err(|e| RoundError::Seating {
            round: i.current + 1,
            problem: e.to_string(),
        })?;
    let key = cut_key(i.deal)?;
    let seating_error = |e: IndividualError| RoundError::Seating {
        round: i.current + 1,
        problem: e.to_string(),
    };
    if i.current == 0 {
        return seat_round(&plan, &key, None, &[]).map_err(seating_error);
    }
    let prev = i
        .seated
        .iter()
        .find(|r| r.round == i.current)
        .ok_or_else(|| RoundError::Seating {
            round: i.current + 1,
            problem: format!("round {} has no stored seating", i.current),
        })?;
    let results = table_results(i.current, i.results);
    let missing = unreported(prev, &results);
    if !missing.is_empty() {
        return Err(RoundError::ResultsMissing {
            round: i.current,
            tables: missing,
        });
    }
    seat_round(&plan, &key, Some(prev), &results).map_err(seating_error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Count, SettingsDraft, TrumpsDraft};

    fn settings(format: &str, tables: i64) -> EventSettings {
        EventSettings::parse(&SettingsDraft {
            name: "Night".into(),
            date: "2026-05-01".into(),
            format: format.into(),
            variant: "standard".into(),
            tables: Count::Number(tables),
            boards: Count::Number(4),
            trick_rule: "standard".into(),
            trumps: TrumpsDraft::VariantDefault,
            correction_minutes: Count::Number(30),
            scale: String::new(),
            compare: String::new(),
        })
        .unwrap()
    }

    #[test]
    fn default_sizes_spread_the_larger_tables_round_the_room() {
        assert_eq!(default_table_sizes(16, 4), Ok(vec![4, 4, 4, 4]));
        assert_eq!(default_table_sizes(18, 4), Ok(vec![5, 4, 5, 4]));
        assert_eq!(default_table_sizes(13, 3), Ok(vec![5, 4, 4]));
        assert_eq!(default_table_sizes(17, 4), Ok(vec![5, 4, 4, 4]));
        assert_eq!(default_table_sizes(19, 4), Ok(vec![5, 5, 5, 4]));
        assert_eq!(default_table_sizes(22, 4), Ok(vec![6, 5, 6, 5]));
        assert_eq!(default_table_sizes(24, 4), Ok(vec![6, 6, 6, 6]));
        assert_eq!(default_table_sizes(20, 4), Ok(vec![5, 5, 5, 5]));
        // Every spread seats everyone at 4 to 6 a table.
        for tables in 2..=12 {
            for players in tables * 4..=tables * 6 {
                let s = default_table_sizes(players, tables).unwrap();
                assert_eq!(s.iter().sum::<u32>(), players);
                assert!(s.iter().all(|x| (4..=6).contains(x)), "{s:?}");
                let (lo, hi) = (s.iter().min().unwrap(), s.iter().max().unwrap());
                assert!(hi - lo <= 1, "sizes differ by at most one: {s:?}");
            }
        }
    }

    #[test]
    fn too_few_or_too_many_players_name_the_problem() {
        let e = default_table_sizes(15, 4).unwrap_err();
        assert_eq!(
            e.to_string(),
            "15 players cannot be seated at 4 tables: each table seats 4 to 6, so 4 tables \
             need 16 to 24 players"
        );
        assert!(default_table_sizes(25, 4).is_err());
        assert_eq!(
            default_table_sizes(6, 1),
            Err(IndividualPlanError::Tables(1))
        );
    }

    #[test]
    fn the_plan_takes_the_directors_sizes_or_the_default() {
        let s = settings("progressive-individual", 3);
        let p = individual_plan(&s, 13, &IndividualOptions::default()).unwrap();
        assert_eq!(
            (p.rounds, p.table_sizes.clone(), p.boards()),
            (4, vec![5, 4, 4], 12)
        );
        let given = IndividualOptions {
            rounds: Some(5),
            table_sizes: Some(vec![4, 4, 5]),
        };
        let p = individual_plan(&s, 13, &given).unwrap();
        assert_eq!((p.rounds, p.table_sizes), (5, vec![4, 4, 5]));
        let bad = |o: IndividualOptions| individual_plan(&s, 13, &o).unwrap_err().to_string();
        assert!(
            bad(IndividualOptions {
                rounds: None,
                table_sizes: Some(vec![4, 4, 4]),
            })
            .contains("seat 12 players, but there are 13")
        );
        assert!(
            bad(IndividualOptions {
                rounds: None,
                table_sizes: Some(vec![4, 9]),
            })
            .contains("2 tables given, but the event has 3")
        );
        assert!(
            bad(IndividualOptions {
                rounds: None,
                table_sizes: Some(vec![3, 4, 6]),
            })
            .contains("table 1 is given 3 players")
        );
        assert!(
            bad(IndividualOptions {
                rounds: Some(0),
                table_sizes: None,
            })
            .starts_with("rounds:")
        );
        assert!(matches!(
            individual_plan(
                &settings("progressive", 3),
                13,
                &IndividualOptions::default()
            ),
            Err(IndividualPlanError::NotIndividual(_))
        ));
    }

    #[test]
    fn boards_number_like_the_partnership_progressive() {
        let plan = IndividualPlan {
            rounds: 4,
            table_sizes: vec![5, 4, 4],
            players: 13,
        };
        assert_eq!(board(&plan, 1, 1), 1);
        assert_eq!(board(&plan, 1, 3), 3);
        assert_eq!(board(&plan, 2, 1), 4);
        assert_eq!(board(&plan, 4, 3), 12);
    }

    #[test]
    fn seating_follows_the_key_and_the_stored_scores() {
        let plan = IndividualPlan {
            rounds: 3,
            table_sizes: vec![5, 4, 4],
            players: 13,
        };
        let key = [7u8; 32];
        let r1 = seat_round(&plan, &key, None, &[]).unwrap();
        assert_eq!(r1, seat_round(&plan, &key, None, &[]).unwrap());
        assert_eq!(r1.table_sizes(), vec![5, 4, 4]);
        let rows = [
            (1, 1, 300, 200),
            (1, 2, 100, 400),
            (1, 3, 50, 50),
            (2, 1, 9, 9),
        ];
        let results = table_results(1, &rows);
        assert_eq!(results.len(), 3);
        assert_eq!(unreported(&r1, &results[..2]), vec![3]);
        let r2 = seat_round(&plan, &key, Some(&r1), &results).unwrap();
        assert_eq!(r2.round, 2);
        // The winners stayed: table 1's majors, table 2's minors, table 3's majors (a tie).
        for (t, side) in [
            (1, crate::movement::Side::Majors),
            (2, crate::movement::Side::Minors),
            (3, crate::movement::Side::Majors),
        ] {
            let stayed = &r1.table(t).unwrap().side(side).players;
            let mut now = r2.table(t).unwrap().stayers.clone();
            now.sort_unstable();
            let mut want = stayed.clone();
            want.sort_unstable();
            assert_eq!(now, want, "table {t}");
        }
        assert!(seat_round(&plan, &key, Some(&r1), &results[..2]).is_err());
    }
}
