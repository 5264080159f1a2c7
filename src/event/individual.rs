//! The progressive individual as an event: the director's options (rounds and round 1's
//! table sizes), the default table sizes, and each round's seating from the event's key and
//! the stored results. Pure: the database stores what these functions compute, and round
//! control shows the same computation before the round starts, so shown and started seating
//! are identical.

use serde::{Deserialize, Serialize};

use super::DealKey;
use super::game_kind::GameKind;
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
    /// The deals of each game (an Embers game's hands), which a side of three sits out in turn.
    pub deals: u32,
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
    #[error(
        "Auction Calypso is played at tables of three: {tables} tables need {} players, and the event has {players}",
        tables * 3
    )]
    ThreesPlayers { players: u32, tables: u32 },
    #[error("table sizes: every Auction Calypso table seats three; leave the sizes out")]
    ThreesSizes,
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
    let threes = settings.game() == GameKind::Auction;
    if threes {
        if options.table_sizes.is_some() {
            return Err(IndividualPlanError::ThreesSizes);
        }
        if !(2..=MAX_TABLES).contains(&tables) {
            return Err(IndividualPlanError::Tables(tables));
        }
        if players != 3 * tables {
            return Err(IndividualPlanError::ThreesPlayers { players, tables });
        }
    }
    let table_sizes = match &options.table_sizes {
        None if threes => vec![3; tables as usize],
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
        deals: settings.deals_per_game(),
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
                    individual::TableOutcome::Scores {
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
                .map(|r| r.with_deals(plan.deals))
        }
        Some(prev) => individual::next_round(prev, results, key, &CutOverrides::none()),
    }
}

/// The options may change until round 1 starts (the event may already be running: the
/// entries are then fixed, and the sizes must fit them).
pub const fn options_open(status: EventStatus, current_round: u32) -> bool {
    status.before_play() || (status.is_running() && current_round == 0)
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

/// Why a table's reported cut cannot be applied. The web layer answers 404 for a round or
/// table that does not exist, 422 for a cut that is not the table's players, 409 otherwise.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CutError {
    #[error("cuts are reported while the event is running (it is {0})")]
    NotRunning(EventStatus),
    #[error("round {0} has not been seated")]
    NoRound(u32),
    #[error(
        "round {round} is not the round being played (round {current} is): a cut is reported \
         before the current round's game"
    )]
    NotCurrent { round: u32, current: u32 },
    #[error("round {round} has no table {table}")]
    NoTable { round: u32, table: u32 },
    #[error(
        "table {table} of round {round} has its result in: the cut decided the partners of a \
         game already played"
    )]
    ResultIn { round: u32, table: u32 },
    /// The cut names a player not at the table, one twice, or leaves one out.
    #[error(transparent)]
    Cut(IndividualError),
    #[error("table {table} of round {round} cannot be re-seated: {problem}")]
    Seating {
        round: u32,
        table: u32,
        problem: String,
    },
}

/// What a table's reported cut is applied to.
pub struct CutInputs<'a> {
    pub status: EventStatus,
    /// The round being played.
    pub current: u32,
    pub deal: Option<&'a DealKey>,
    /// The seating of every round started so far.
    pub seated: &'a [IndividualRound],
    /// Stored results as (round, table, majors' score, minors' score).
    pub results: &'a [(u32, u32, i64, i64)],
}

/// Round `round` with table `table` re-seated from the cut it reported (`cut`: its players,
/// highest first). The round is recomputed the way it was seated (round 1 from its table
/// sizes, a later round from the round before and its results) with this cut and the cuts
/// other tables reported, and only this table's seating is taken: the other tables stay
/// exactly as stored. The games sat out first are recounted for this table's players.
pub fn reseat_with_cut(
    i: &CutInputs,
    round: u32,
    table: u32,
    cut: Vec<u32>,
) -> Result<IndividualRound, CutError> {
    if !i.status.is_running() {
        return Err(CutError::NotRunning(i.status));
    }
    let stored = i
        .seated
        .iter()
        .find(|r| r.round == round)
        .ok_or(CutError::NoRound(round))?;
    if round != i.current {
        return Err(CutError::NotCurrent {
            round,
            current: i.current,
        });
    }
    let old = stored
        .table(table)
        .ok_or(CutError::NoTable { round, table })?;
    if i.results.iter().any(|r| r.0 == round && r.1 == table) {
        return Err(CutError::ResultIn { round, table });
    }
    let problem = |problem: String| CutError::Seating {
        round,
        table,
        problem,
    };
    let key = cut_key(i.deal).map_err(|e| problem(e.to_string()))?;
    // The other tables' reported cuts are kept, so the recomputed round is the stored one
    // everywhere but here.
    let cuts = stored
        .tables
        .iter()
        .filter(|t| t.cut_reported && t.table != table)
        .fold(CutOverrides::none(), |c, t| {
            c.report(t.table, t.cut.clone())
        })
        .report(table, cut);
    let recomputed = if round == 1 {
        individual::first_round(stored.players, &stored.table_sizes(), &key, &cuts)
            .map(|r| r.with_deals(stored.deals))
    } else {
        let prev = i
            .seated
            .iter()
            .find(|r| r.round == round - 1)
            .ok_or_else(|| problem(format!("round {} has no stored seating", round - 1)))?;
        individual::next_round(prev, &table_results(round - 1, i.results), &key, &cuts)
    };
    let recomputed = recomputed.map_err(|e| match e {
        e @ (IndividualError::CutStranger { .. }
        | IndividualError::CutTwice { .. }
        | IndividualError::CutMissing { .. }) => CutError::Cut(e),
        e => problem(e.to_string()),
    })?;
    let new = recomputed
        .table(table)
        .ok_or_else(|| problem("the rules seat no such table".into()))?;
    // A result of the round before corrected since this round was seated could bring other
    // players here: the stored seating stands then, and the director sorts it out.
    let sorted = |v: &[u32]| {
        let mut v = v.to_vec();
        v.sort_unstable();
        v
    };
    if sorted(&new.cut) != sorted(&old.cut) || sorted(&new.stayers) != sorted(&old.stayers) {
        return Err(problem(format!(
            "the results of round {} now bring other players here than were seated",
            round.saturating_sub(1)
        )));
    }
    let mut updated = stored.clone();
    for (t, step) in [(old, -1i64), (new, 1)] {
        for p in [t.majors.first_out(), t.minors.first_out()]
            .into_iter()
            .flatten()
        {
            let count = updated
                .sat_out_first
                .get_mut((p as usize).wrapping_sub(1))
                .ok_or_else(|| problem(format!("player {p} is not in the round")))?;
            *count = (i64::from(*count) + step).max(0) as u32;
        }
    }
    if let Some(slot) = updated.tables.iter_mut().find(|t| t.table == table) {
        *slot = new.clone();
    }
    individual::validate_round(&updated).map_err(|v| {
        problem(
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; "),
        )
    })?;
    Ok(updated)
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
            game: String::new(),
            variant: "standard".into(),
            tables: Count::Number(tables),
            boards: Count::Number(4),
            trick_rule: "standard".into(),
            trumps: TrumpsDraft::VariantDefault,
            correction_minutes: Count::Number(30),
            scale: String::new(),
            compare: String::new(),
            ..SettingsDraft::default()
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
            deals: 4,
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
            deals: 4,
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

    fn cut_evening() -> (DealKey, [u8; 32], IndividualRound) {
        let deal = DealKey {
            algorithm: "test".into(),
            key_hex: "07".repeat(32),
            commitment: String::new(),
        };
        let key = cut_key(Some(&deal)).unwrap();
        let plan = IndividualPlan {
            rounds: 3,
            table_sizes: vec![5, 4, 4],
            players: 13,
            deals: 4,
        };
        let r1 = seat_round(&plan, &key, None, &[]).unwrap();
        (deal, key, r1)
    }

    fn inputs<'a>(
        deal: &'a DealKey,
        current: u32,
        seated: &'a [IndividualRound],
        results: &'a [(u32, u32, i64, i64)],
    ) -> CutInputs<'a> {
        CutInputs {
            status: EventStatus::Running,
            current,
            deal: Some(deal),
            seated,
            results,
        }
    }

    #[test]
    fn a_reported_cut_reseats_its_table_only_in_round_1() {
        let (deal, _, r1) = cut_evening();
        let seated = [r1.clone()];
        // Table 1 (players 1-5) reports a cut: 5 and 4 highest partner, 5 sits majors.
        let r =
            reseat_with_cut(&inputs(&deal, 1, &seated, &[]), 1, 1, vec![5, 4, 3, 2, 1]).unwrap();
        let t = r.table(1).unwrap();
        assert!(t.cut_reported);
        assert_eq!(t.cut, vec![5, 4, 3, 2, 1]);
        assert_eq!(t.majors.players, vec![5, 4]);
        assert_eq!(t.minors.players, vec![3, 2, 1]);
        // The side of three's first sitter-out in round 1 is its highest cut.
        assert_eq!(t.minors.sit_out, Some([3, 2, 1, 3]));
        assert_eq!(r.tables[1..], r1.tables[1..]);
        assert_eq!(r.sat_out_first[2], 1);
        assert_eq!(r.sat_out_first.iter().sum::<u32>(), 1);
        assert!(individual::validate_round(&r).is_ok());
    }

    #[test]
    fn a_reported_cut_in_a_later_round_follows_the_rules_and_the_next_round_follows_it() {
        let (deal, key, r1) = cut_evening();
        let rows = [(1, 1, 300, 200), (1, 2, 100, 400), (1, 3, 50, 60)];
        let r2 = individual::next_round(&r1, &table_results(1, &rows), &key, &CutOverrides::none())
            .unwrap();
        let seated = [r1.clone(), r2.clone()];
        let t2 = r2.table(2).unwrap();
        let mut cut = t2.cut.clone();
        cut.reverse();
        let again = reseat_with_cut(&inputs(&deal, 2, &seated, &rows), 2, 2, cut.clone()).unwrap();
        let t = again.table(2).unwrap();
        assert!(t.cut_reported && t.cut == cut);
        // The highest newcomer partners the highest stayer, and that side sits majors.
        let top_stayer = *cut.iter().find(|p| t2.stayers.contains(p)).unwrap();
        let top_newcomer = *cut.iter().find(|p| t2.newcomers.contains(p)).unwrap();
        assert!(t.majors.players.contains(&top_stayer) && t.majors.players.contains(&top_newcomer));
        for n in [1, 3] {
            assert_eq!(again.table(n), r2.table(n));
        }
        // The re-seated round is exactly what the rules make of round 1, its results and the
        // reported cut, and round 3 is seated from it.
        assert_eq!(
            individual::check_next_round(&r1, &table_results(1, &rows), &key, &again),
            Ok(())
        );
        let rows3 = [(2, 1, 1, 0), (2, 2, 0, 1), (2, 3, 1, 0)];
        let r3 = individual::next_round(
            &again,
            &table_results(2, &rows3),
            &key,
            &CutOverrides::none(),
        );
        let stayed = &again.table(2).unwrap().minors.players;
        let mut now = r3.unwrap().table(2).unwrap().stayers.clone();
        now.sort_unstable();
        let mut want = stayed.clone();
        want.sort_unstable();
        assert_eq!(now, want);
        // A second cut keeps the first table's report.
        let t1 = r2.table(1).unwrap().cut.clone();
        let both = reseat_with_cut(
            &inputs(&deal, 2, &[r1.clone(), again.clone()], &rows),
            2,
            1,
            t1,
        )
        .unwrap();
        assert_eq!(both.table(2), again.table(2));
        assert!(both.table(1).unwrap().cut_reported);
    }

    #[test]
    fn a_cut_that_is_not_the_tables_players_or_comes_too_late_is_refused() {
        let (deal, _, r1) = cut_evening();
        let seated = [r1];
        let go = |current, results: &[(u32, u32, i64, i64)], round, table, cut: Vec<u32>| {
            reseat_with_cut(&inputs(&deal, current, &seated, results), round, table, cut)
                .unwrap_err()
        };
        assert_eq!(
            go(1, &[], 1, 2, vec![6, 7, 8, 1]).to_string(),
            "round 1, table 2: the reported cut names player 1, who is not at the table"
        );
        assert_eq!(
            go(1, &[], 1, 2, vec![6, 7, 8, 8]).to_string(),
            "round 1, table 2: the reported cut names player 8 twice"
        );
        assert_eq!(
            go(1, &[], 1, 2, vec![6, 7, 8]).to_string(),
            "round 1, table 2: the reported cut leaves out player 9"
        );
        assert_eq!(
            go(1, &[(1, 2, 5, 3)], 1, 2, vec![6, 7, 8, 9]),
            CutError::ResultIn { round: 1, table: 2 }
        );
        assert_eq!(
            go(1, &[], 1, 4, vec![1]),
            CutError::NoTable { round: 1, table: 4 }
        );
        assert_eq!(go(1, &[], 2, 1, vec![1]), CutError::NoRound(2));
        assert_eq!(
            go(2, &[], 1, 2, vec![6, 7, 8, 9]),
            CutError::NotCurrent {
                round: 1,
                current: 2
            }
        );
        let mut finished = inputs(&deal, 1, &seated, &[]);
        finished.status = EventStatus::Finished;
        assert_eq!(
            reseat_with_cut(&finished, 1, 2, vec![6, 7, 8, 9]),
            Err(CutError::NotRunning(EventStatus::Finished))
        );
    }
}
