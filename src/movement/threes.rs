//! Tables of three: the progressive individual evening for three-handed Auction Calypso. Each
//! round every table plays one game of several hands, and afterwards the highest scorer
//! stays, the others move. Like the individual progressive ([`super::individual`]) a round
//! follows the last round's results, so it is made one round at a time: [`first_round`] from
//! the number of players, then [`next_round`] from the round before and its results. Every
//! round, however it was made, passes [`validate_round`]; [`check_next_round`] also checks
//! that a round follows from the one before. Pure: no I/O, no clock, nothing drawn.
//!
//! The rules, with the choices made where they are silent (docs/movement.md, "Tables of
//! three", says the same):
//! - Players are numbered 1..N, tables 1..T (2 to [`MAX_TABLES`]), exactly three players a
//!   table, so N = 3T (6 to 300). The positions at a table are 1, 2, 3 clockwise; position 1
//!   deals the first hand of the game (the deal then passes to the left, 1, 2, 3, 1, ...).
//! - Round 1 seats players in number order: 1, 2, 3 at table 1 in positions 1, 2, 3; 4, 5, 6
//!   at table 2; and so on.
//! - After a round, at each table the highest scorer stays, the middle scorer moves up a
//!   table (table T's to table 1) and the lowest moves down a table (table 1's to table T).
//!   With two tables both movers go to the other table.
//! - Ties ([`finishing_order`]): between equal scores the player who did better the round
//!   before ranks higher: the one who stayed (first at this table), then the one who moved
//!   up (second at theirs), then the one who moved down (third at theirs). Every table from
//!   round 2 has one of each, so this always decides. In round 1 nobody has a round before:
//!   the higher position ranks higher (position 3, then 2, then 1), against the first deal.
//! - Seats: clockwise the stayer, then the player who moved up (from the table below), then
//!   the player who moved down (from the table above). Who deals first turns with the round
//!   ([`arrival_at`]): in round 2 the stayer takes position 1, in round 3 the player who
//!   moved up, in round 4 the player who moved down, in round 5 the stayer again, and so on.
//!   So winning does not also bring the first deal, which over a game whose hands are not a
//!   multiple of three is one deal more than position 3 has.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::{MAX_ROUNDS, MAX_TABLES};
use super::{join, list};

/// Players at every table.
pub const AT_TABLE: u32 = 3;
/// Fewest players: two tables.
pub const MIN_PLAYERS: u32 = 2 * AT_TABLE;
/// Most players: [`MAX_TABLES`] tables.
pub const MAX_PLAYERS: u32 = MAX_TABLES * AT_TABLE;

/// One round of tables of three: every table's players by position (1, 2, 3), by table.
///
/// As JSON `{"round":2,"tables":[[1,5,9],[4,8,3]]}`: table t is the t-th list, and the
/// players are 1 to 3 × the number of tables. A table of other than three players is not a
/// round at all (reading it fails); [`validate_round`] checks the rest of a stored round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThreesRound {
    round: u32,
    tables: Vec<[u32; 3]>,
}

impl ThreesRound {
    /// The round's number, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Every table's players by position, table 1 first.
    pub fn tables(&self) -> &[[u32; 3]] {
        &self.tables
    }

    /// How many tables play.
    pub fn table_count(&self) -> u32 {
        self.tables.len() as u32
    }

    /// How many players play (numbered 1 to this): three a table.
    pub fn players(&self) -> u32 {
        self.table_count() * AT_TABLE
    }

    /// A table's players by position (positions 1, 2, 3 at indices 0, 1, 2).
    pub fn table(&self, table: u32) -> Option<[u32; 3]> {
        let i = usize::try_from(table).ok()?.checked_sub(1)?;
        self.tables.get(i).copied()
    }

    /// Where a player sits: (table, position).
    pub fn seat_of(&self, player: u32) -> Option<(u32, u32)> {
        self.tables.iter().enumerate().find_map(|(i, t)| {
            t.iter()
                .position(|p| *p == player)
                .map(|j| (i as u32 + 1, j as u32 + 1))
        })
    }

    /// How the player in a position came to it this round: `None` in round 1 (or for a
    /// position other than 1 to 3).
    pub fn arrival(&self, position: u32) -> Option<Arrival> {
        arrival_at(self.round, position)
    }
}

/// How a player came to their table, from round 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arrival {
    /// The table's highest scorer last round.
    Stayed,
    /// The middle scorer of the table below (table T's, for table 1).
    MovedUp,
    /// The lowest scorer of the table above (table 1's, for table T).
    MovedDown,
}

impl Arrival {
    /// Clockwise round the table, and the order ties are broken in (the best finish first).
    pub const CLOCKWISE: [Arrival; 3] = [Arrival::Stayed, Arrival::MovedUp, Arrival::MovedDown];

    pub const fn name(self) -> &'static str {
        match self {
            Arrival::Stayed => "stayed",
            Arrival::MovedUp => "moved up",
            Arrival::MovedDown => "moved down",
        }
    }
}

impl fmt::Display for Arrival {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Who sits in a position in a round: clockwise the stayer, the player who moved up and the
/// player who moved down, with position 1 (the first deal) turning one seat on each round:
/// the stayer in round 2, the player who moved up in round 3, the one who moved down in
/// round 4, the stayer again in round 5. `None` in round 0 or 1 (nobody has moved yet) and
/// for a position other than 1 to 3.
pub fn arrival_at(round: u32, position: u32) -> Option<Arrival> {
    if round < 2 || !(1..=AT_TABLE).contains(&position) {
        return None;
    }
    let i = ((round - 2) % AT_TABLE + position - 1) % AT_TABLE;
    Some(Arrival::CLOCKWISE[i as usize])
}

/// The position in a round that a player who arrived this way takes.
fn position_of(round: u32, arrival: Arrival) -> usize {
    (1..=AT_TABLE)
        .find(|p| arrival_at(round, *p) == Some(arrival))
        .map_or(0, |p| p as usize - 1)
}

/// One table's result: the three players' scores for the game, by position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThreesResult {
    pub table: u32,
    /// Positions 1, 2, 3 at indices 0, 1, 2.
    pub scores: [i64; 3],
}

/// A table's positions (1, 2, 3) from the highest scorer to the lowest in `round`. Equal
/// scores: from round 2, the better finish the round before ranks higher (the player who
/// stayed, then the one who moved up, then the one who moved down; see [`arrival_at`]); in
/// round 1 the higher position (3, then 2, then 1).
pub fn finishing_order(round: u32, scores: [i64; 3]) -> [u32; 3] {
    let mut order = [1, 2, 3];
    order.sort_by_key(|&p| {
        let tie = match arrival_at(round, p) {
            Some(a) => Arrival::CLOCKWISE.iter().position(|c| *c == a).unwrap_or(0),
            None => (AT_TABLE - p) as usize,
        };
        (std::cmp::Reverse(scores[p as usize - 1]), tie)
    });
    order
}

/// Why a round cannot be seated as asked. Each message names the number, table or player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThreesError {
    #[error("{0} players do not fill tables of three: the players must be a multiple of 3")]
    NotThrees(u32),
    #[error("{0} players are too few: tables of three need at least {MIN_PLAYERS} (two tables)")]
    TooFewPlayers(u32),
    #[error(
        "{0} players are too many: tables of three take at most {MAX_PLAYERS} ({MAX_TABLES} \
         tables)"
    )]
    TooManyPlayers(u32),
    #[error("a result for table {table}, but round {round} has tables 1 to {tables}")]
    ResultForNoTable { round: u32, table: u32, tables: u32 },
    #[error("round {round}, table {table}: two results")]
    ResultTwice { round: u32, table: u32 },
    #[error("round {round}, table {table}: no result")]
    ResultMissing { round: u32, table: u32 },
    #[error("round {0} is the last an event may have")]
    LastRound(u32),
    #[error("round {round} breaks the rules: {}", list(violations))]
    BrokenRound {
        round: u32,
        violations: Vec<ThreesViolation>,
    },
    #[error("round {round} is not what the rules make of the round before and its results: {what}")]
    NotTheNextRound { round: u32, what: String },
}

/// One broken rule of a round, as [`validate_round`] finds it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThreesViolation {
    /// Outside what any round has; nothing else is checked.
    #[error(
        "round {round} of {tables} tables: a round is numbered 1 to {MAX_ROUNDS} and has 2 to \
         {MAX_TABLES} tables"
    )]
    Size { round: u32, tables: usize },
    #[error(
        "table {table}, position {position}: player {player} is not one of players 1 to \
         {players}"
    )]
    PlayerOutOfRange {
        table: u32,
        position: u32,
        player: u32,
        players: u32,
    },
    #[error(
        "player {player} is seated twice (table {}, position {}, and table {}, position {})",
        first.0, first.1, second.0, second.1
    )]
    PlayerTwice {
        player: u32,
        /// (table, position)
        first: (u32, u32),
        second: (u32, u32),
    },
    #[error("player {player} is at no table")]
    PlayerMissing { player: u32 },
}

/// Seats round 1: `players` (numbered 1..=players, a multiple of 3 from [`MIN_PLAYERS`] to
/// [`MAX_PLAYERS`]) in number order, 1, 2, 3 at table 1 in positions 1, 2, 3, then 4, 5, 6
/// at table 2, and so on.
pub fn first_round(players: u32) -> Result<ThreesRound, ThreesError> {
    if !players.is_multiple_of(AT_TABLE) {
        return Err(ThreesError::NotThrees(players));
    }
    if players < MIN_PLAYERS {
        return Err(ThreesError::TooFewPlayers(players));
    }
    if players > MAX_PLAYERS {
        return Err(ThreesError::TooManyPlayers(players));
    }
    let tables = (0..players / AT_TABLE)
        .map(|i| [3 * i + 1, 3 * i + 2, 3 * i + 3])
        .collect();
    Ok(ThreesRound { round: 1, tables })
}

/// Each table's scores, by table: one result per table of `prev`, in any order.
fn scores_by_table(
    prev: &ThreesRound,
    results: &[ThreesResult],
) -> Result<Vec<[i64; 3]>, ThreesError> {
    let count = prev.table_count();
    let mut scores: BTreeMap<u32, [i64; 3]> = BTreeMap::new();
    for r in results {
        if !(1..=count).contains(&r.table) {
            return Err(ThreesError::ResultForNoTable {
                round: prev.round,
                table: r.table,
                tables: count,
            });
        }
        if scores.insert(r.table, r.scores).is_some() {
            return Err(ThreesError::ResultTwice {
                round: prev.round,
                table: r.table,
            });
        }
    }
    (1..=count)
        .map(|table| {
            scores
                .get(&table)
                .copied()
                .ok_or(ThreesError::ResultMissing {
                    round: prev.round,
                    table,
                })
        })
        .collect()
}

/// Seats the round after `prev` from its `results` (one per table, in any order).
///
/// At each table the highest scorer stays, the middle scorer moves up a table (table T's
/// to table 1) and the lowest moves down (table 1's to table T); ties as
/// [`finishing_order`] breaks them. At the new table the three sit clockwise stayer, mover
/// up, mover down, position 1 turning with the round as [`arrival_at`] gives it.
pub fn next_round(
    prev: &ThreesRound,
    results: &[ThreesResult],
) -> Result<ThreesRound, ThreesError> {
    if prev.round >= MAX_ROUNDS {
        return Err(ThreesError::LastRound(prev.round));
    }
    validate_round(prev).map_err(|violations| ThreesError::BrokenRound {
        round: prev.round,
        violations,
    })?;
    let scores = scores_by_table(prev, results)?;
    let count = prev.tables.len();
    // Each table's players from the highest scorer to the lowest.
    let finish: Vec<[u32; 3]> = prev
        .tables
        .iter()
        .zip(&scores)
        .map(|(players, scores)| {
            finishing_order(prev.round, *scores).map(|p| players[p as usize - 1])
        })
        .collect();
    let round = prev.round + 1;
    let tables = (0..count)
        .map(|i| {
            let below = (i + count - 1) % count;
            let above = (i + 1) % count;
            let mut seats = [0; 3];
            for (arrival, player) in [
                (Arrival::Stayed, finish[i][0]),
                (Arrival::MovedUp, finish[below][1]),
                (Arrival::MovedDown, finish[above][2]),
            ] {
                seats[position_of(round, arrival)] = player;
            }
            seats
        })
        .collect();
    Ok(ThreesRound { round, tables })
}

/// Checks that `next` is exactly the round the rules make of `prev` and its `results` (for
/// a round read back from storage): every table's players in their positions. `next` must
/// first pass [`validate_round`]; `prev` and `results` as [`next_round`] takes them.
pub fn check_next_round(
    prev: &ThreesRound,
    results: &[ThreesResult],
    next: &ThreesRound,
) -> Result<(), ThreesError> {
    validate_round(next).map_err(|violations| ThreesError::BrokenRound {
        round: next.round,
        violations,
    })?;
    let not = |what: String| ThreesError::NotTheNextRound {
        round: next.round,
        what,
    };
    if next.round != prev.round + 1 {
        return Err(not(format!(
            "round {} follows round {}",
            prev.round + 1,
            prev.round
        )));
    }
    if next.tables.len() != prev.tables.len() {
        return Err(not(format!(
            "the players move between the same {} tables, not {}",
            prev.tables.len(),
            next.tables.len()
        )));
    }
    let expected = next_round(prev, results)?;
    for (i, (e, f)) in expected.tables.iter().zip(&next.tables).enumerate() {
        if e != f {
            return Err(not(format!(
                "table {} seats {} in positions 1 to 3, not {}",
                i + 1,
                join(e),
                join(f)
            )));
        }
    }
    Ok(())
}

/// Checks every rule of one round (such as one read back from storage) and returns every
/// broken one:
/// - the round is numbered 1 to [`MAX_ROUNDS`] and has 2 to [`MAX_TABLES`] tables
///   (otherwise nothing else is checked);
/// - every player 1..3T is seated exactly once (each out-of-range player, each second seat
///   and each missing player is named).
///
/// Three players a table and tables numbered 1..T in order hold by the round's shape.
pub fn validate_round(r: &ThreesRound) -> Result<(), Vec<ThreesViolation>> {
    let tables = r.tables.len();
    if !(1..=MAX_ROUNDS).contains(&r.round) || !(2..=MAX_TABLES as usize).contains(&tables) {
        return Err(vec![ThreesViolation::Size {
            round: r.round,
            tables,
        }]);
    }
    let players = r.players();
    let mut v = Vec::new();
    let mut at: BTreeMap<u32, (u32, u32)> = BTreeMap::new();
    for (i, t) in r.tables.iter().enumerate() {
        for (j, &player) in t.iter().enumerate() {
            let seat = (i as u32 + 1, j as u32 + 1);
            if !(1..=players).contains(&player) {
                v.push(ThreesViolation::PlayerOutOfRange {
                    table: seat.0,
                    position: seat.1,
                    player,
                    players,
                });
            } else if let Some(&first) = at.get(&player) {
                v.push(ThreesViolation::PlayerTwice {
                    player,
                    first,
                    second: seat,
                });
            } else {
                at.insert(player, seat);
            }
        }
    }
    for player in (1..=players).filter(|p| !at.contains_key(p)) {
        v.push(ThreesViolation::PlayerMissing { player });
    }
    if v.is_empty() { Ok(()) } else { Err(v) }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    fn valid(r: &ThreesRound) {
        if let Err(v) = validate_round(r) {
            panic!("round {} breaks its rules: {}", r.round, list(&v));
        }
    }

    fn result(table: u32, scores: [i64; 3]) -> ThreesResult {
        ThreesResult { table, scores }
    }

    /// A round as it might be read back from storage.
    fn stored(round: u32, tables: &[[u32; 3]]) -> ThreesRound {
        ThreesRound {
            round,
            tables: tables.to_vec(),
        }
    }

    #[test]
    fn round_one_seats_players_in_number_order() {
        let r = first_round(12).unwrap();
        valid(&r);
        assert_eq!(r.round(), 1);
        assert_eq!(r.table_count(), 4);
        assert_eq!(r.players(), 12);
        assert_eq!(r.tables(), &[[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]);
        assert_eq!(r.table(2), Some([4, 5, 6]));
        assert_eq!(r.table(0), None);
        assert_eq!(r.table(5), None);
        assert_eq!(r.seat_of(1), Some((1, 1)));
        assert_eq!(r.seat_of(8), Some((3, 2)));
        assert_eq!(r.seat_of(12), Some((4, 3)));
        assert_eq!(r.seat_of(13), None);
        assert_eq!(r.arrival(1), None);
        assert_eq!(first_round(300).unwrap().table(100), Some([298, 299, 300]));
    }

    #[test]
    fn the_highest_scorer_stays() {
        let r1 = first_round(9).unwrap();
        // The winner in each position in turn.
        let r2 = next_round(
            &r1,
            &[
                result(1, [40, 10, 20]),
                result(2, [10, 50, 20]),
                result(3, [-30, -20, 0]),
            ],
        )
        .unwrap();
        valid(&r2);
        // Round 2: the stayer deals first (position 1).
        assert_eq!(r2.table(1).unwrap()[0], 1);
        assert_eq!(r2.table(2).unwrap()[0], 5);
        assert_eq!(r2.table(3).unwrap()[0], 9);
        assert_eq!(r2.seat_of(5), Some((2, 1)));
        assert_eq!(r2.arrival(1), Some(Arrival::Stayed));
        // Staying again in round 3, the stayer sits third: the player who moved up deals.
        let r3 = next_round(
            &r2,
            &[
                result(1, [90, 0, 0]),
                result(2, [90, 0, 0]),
                result(3, [90, 0, 0]),
            ],
        )
        .unwrap();
        valid(&r3);
        assert_eq!(r3.seat_of(1), Some((1, 3)));
        assert_eq!(r3.seat_of(5), Some((2, 3)));
        assert_eq!(r3.seat_of(9), Some((3, 3)));
        assert_eq!(r3.arrival(3), Some(Arrival::Stayed));
    }

    #[test]
    fn the_middle_moves_up_and_the_lowest_down() {
        let r1 = first_round(12).unwrap();
        let results = [
            result(1, [30, 20, 10]),
            result(2, [10, 30, 20]),
            result(3, [20, 10, 30]),
            result(4, [-10, -5, 0]),
        ];
        let r2 = next_round(&r1, &results).unwrap();
        valid(&r2);
        // Middles: 2 (table 1), 6 (2), 7 (3), 11 (4). Lowest: 3, 4, 8, 10.
        assert_eq!(r2.seat_of(2).unwrap().0, 2);
        assert_eq!(r2.seat_of(6).unwrap().0, 3);
        assert_eq!(r2.seat_of(7).unwrap().0, 4);
        assert_eq!(
            r2.seat_of(11).unwrap().0,
            1,
            "table T's middle goes to table 1"
        );
        assert_eq!(
            r2.seat_of(3).unwrap().0,
            4,
            "table 1's lowest goes to table T"
        );
        assert_eq!(r2.seat_of(4).unwrap().0, 1);
        assert_eq!(r2.seat_of(8).unwrap().0, 2);
        assert_eq!(r2.seat_of(10).unwrap().0, 3);
        // Round 2's positions: stayer, mover up (from below), mover down (from above).
        assert_eq!(
            r2.tables(),
            &[[1, 11, 4], [5, 2, 8], [9, 6, 10], [12, 7, 3]]
        );
        assert_eq!(
            [2, 3].map(|p| r2.arrival(p)),
            [Some(Arrival::MovedUp), Some(Arrival::MovedDown)]
        );
    }

    #[test]
    fn who_deals_first_turns_with_the_round() {
        let clockwise = |round| [1, 2, 3].map(|p| arrival_at(round, p).unwrap());
        use Arrival::*;
        assert_eq!(clockwise(2), [Stayed, MovedUp, MovedDown]);
        assert_eq!(clockwise(3), [MovedUp, MovedDown, Stayed]);
        assert_eq!(clockwise(4), [MovedDown, Stayed, MovedUp]);
        assert_eq!(clockwise(5), clockwise(2));
        assert_eq!(clockwise(MAX_ROUNDS), clockwise(MAX_ROUNDS - 3));
        assert_eq!(arrival_at(1, 1), None);
        assert_eq!(arrival_at(0, 1), None);
        assert_eq!(arrival_at(2, 0), None);
        assert_eq!(arrival_at(2, 4), None);
    }

    #[test]
    fn two_tables_swap_both_movers() {
        let r1 = first_round(6).unwrap();
        let r2 = next_round(&r1, &[result(1, [5, 3, 1]), result(2, [1, 3, 5])]).unwrap();
        valid(&r2);
        // Table 1 keeps 1 and gets table 2's middle (5, moving up) and lowest (4, down).
        assert_eq!(r2.tables(), &[[1, 5, 4], [6, 2, 3]]);
    }

    #[test]
    fn ties_are_broken_by_the_better_finish_the_round_before() {
        // Round 1: nobody has a round before; the higher position ranks higher.
        assert_eq!(finishing_order(1, [0, 0, 0]), [3, 2, 1]);
        assert_eq!(finishing_order(1, [7, 7, 1]), [2, 1, 3]);
        assert_eq!(finishing_order(1, [7, 1, 1]), [1, 3, 2]);
        assert_eq!(finishing_order(1, [1, 2, 3]), [3, 2, 1]);
        // Round 2 (stayer, mover up, mover down): the stayer, then the mover up.
        assert_eq!(finishing_order(2, [0, 0, 0]), [1, 2, 3]);
        assert_eq!(finishing_order(2, [1, 5, 5]), [2, 3, 1]);
        // Round 3 (mover up, mover down, stayer): still the stayer first, wherever sitting.
        assert_eq!(finishing_order(3, [0, 0, 0]), [3, 1, 2]);
        assert_eq!(finishing_order(3, [4, 4, 1]), [1, 2, 3]);
        // Round 4 (mover down, stayer, mover up).
        assert_eq!(finishing_order(4, [0, 0, 0]), [2, 3, 1]);
        assert_eq!(finishing_order(4, [6, 2, 6]), [3, 1, 2]);

        // Through next_round: a tie for top in round 1 keeps position 3.
        let r1 = first_round(6).unwrap();
        let r2 = next_round(&r1, &[result(1, [50, 20, 50]), result(2, [0, 0, 0])]).unwrap();
        // Table 1: 3 stays, 1 (tied top, lower position) is the middle and moves up; 2 down.
        // Table 2: 6 stays, 5 moves up, 4 moves down.
        assert_eq!(r2.tables(), &[[3, 5, 4], [6, 1, 2]]);
        // Round 2, a three-way tie: the stayer stays at both tables.
        let r3 = next_round(&r2, &[result(1, [0, 0, 0]), result(2, [0, 0, 0])]).unwrap();
        assert_eq!(r3.seat_of(3), Some((1, 3)));
        assert_eq!(r3.seat_of(6), Some((2, 3)));
    }

    /// The worked example of docs/movement.md ("Tables of three"): 4 tables, 2 rounds.
    #[test]
    fn the_documented_example() {
        let r1 = first_round(12).unwrap();
        let results1 = [
            result(1, [310, 120, 450]),
            result(2, [200, 200, -60]),
            result(3, [90, 380, 90]),
            result(4, [0, 240, 520]),
        ];
        let r2 = next_round(&r1, &results1).unwrap();
        assert_eq!(
            r2.tables(),
            &[[3, 11, 6], [5, 1, 7], [8, 4, 10], [12, 9, 2]]
        );
        let results2 = [
            result(1, [260, 260, 40]),
            result(2, [150, 330, 150]),
            result(3, [-20, 410, 180]),
            result(4, [300, 120, 300]),
        ];
        let r3 = next_round(&r2, &results2).unwrap();
        assert_eq!(
            r3.tables(),
            &[[2, 7, 3], [11, 8, 1], [5, 9, 4], [10, 6, 12]]
        );
        assert_eq!(check_next_round(&r2, &results2, &r3), Ok(()));
    }

    /// Many evenings of random results (scores from a few values, so plenty of ties).
    #[test]
    fn every_round_seats_everyone_once() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for tables in 2..=12u32 {
            for _ in 0..40 {
                let mut round = first_round(3 * tables).unwrap();
                for _ in 0..6 {
                    valid(&round);
                    assert_eq!(round.tables().len(), tables as usize);
                    for (i, t) in round.tables().iter().enumerate() {
                        assert!(t[0] != t[1] && t[1] != t[2] && t[0] != t[2], "table {i}");
                    }
                    let results: Vec<ThreesResult> = (1..=tables)
                        .rev()
                        .map(|t| {
                            let mut s = || i64::from(rng.next_u32() % 4) * 100 - 100;
                            result(t, [s(), s(), s()])
                        })
                        .collect();
                    let next = next_round(&round, &results).unwrap();
                    assert_eq!(check_next_round(&round, &results, &next), Ok(()));
                    // The highest scorer stays; whoever moved came from one table away.
                    for (i, t) in round.tables().iter().enumerate() {
                        let scores = results[tables as usize - 1 - i].scores;
                        let order = finishing_order(round.round(), scores);
                        let table = i as u32 + 1;
                        let top = t[order[0] as usize - 1];
                        assert_eq!(next.seat_of(top).unwrap().0, table);
                        let (up, down) = (t[order[1] as usize - 1], t[order[2] as usize - 1]);
                        assert_eq!(next.seat_of(up).unwrap().0, table % tables + 1);
                        assert_eq!(
                            next.seat_of(down).unwrap().0,
                            (table + tables - 2) % tables + 1
                        );
                        let best = *scores.iter().max().unwrap();
                        assert_eq!(scores[order[0] as usize - 1], best);
                    }
                    round = next;
                }
            }
        }
    }

    #[test]
    fn bad_player_counts_are_refused_by_number() {
        let err = |n| first_round(n).unwrap_err();
        assert_eq!(err(7), ThreesError::NotThrees(7));
        assert_eq!(
            err(7).to_string(),
            "7 players do not fill tables of three: the players must be a multiple of 3"
        );
        assert_eq!(err(0), ThreesError::TooFewPlayers(0));
        assert_eq!(
            err(3).to_string(),
            "3 players are too few: tables of three need at least 6 (two tables)"
        );
        assert_eq!(err(303), ThreesError::TooManyPlayers(303));
        assert_eq!(
            err(303).to_string(),
            "303 players are too many: tables of three take at most 300 (100 tables)"
        );
        assert_eq!(err(u32::MAX), ThreesError::TooManyPlayers(u32::MAX));
        assert_eq!(err(u32::MAX - 1), ThreesError::NotThrees(u32::MAX - 1));
    }

    #[test]
    fn bad_results_are_refused_by_table() {
        let r1 = first_round(9).unwrap();
        let (a, b, c) = (
            result(1, [1, 2, 3]),
            result(2, [1, 2, 3]),
            result(3, [1, 2, 3]),
        );
        let err = |results: &[ThreesResult]| next_round(&r1, results).unwrap_err();
        assert_eq!(
            err(&[a, b, c, result(4, [0; 3])]),
            ThreesError::ResultForNoTable {
                round: 1,
                table: 4,
                tables: 3
            }
        );
        assert_eq!(
            err(&[a, b, result(0, [0; 3])]).to_string(),
            "a result for table 0, but round 1 has tables 1 to 3"
        );
        assert_eq!(
            err(&[a, c]),
            ThreesError::ResultMissing { round: 1, table: 2 }
        );
        assert_eq!(err(&[a, c]).to_string(), "round 1, table 2: no result");
        assert_eq!(err(&[]).to_string(), "round 1, table 1: no result");
        assert_eq!(
            err(&[a, b, b, c]).to_string(),
            "round 1, table 2: two results"
        );
        let last = stored(MAX_ROUNDS, r1.tables());
        assert_eq!(
            next_round(&last, &[a, b, c]).unwrap_err(),
            ThreesError::LastRound(MAX_ROUNDS)
        );
        // A broken round is not moved on from.
        let broken = stored(1, &[[1, 2, 3], [4, 5, 6], [7, 8, 8]]);
        assert_eq!(
            next_round(&broken, &[a, b, c]).unwrap_err().to_string(),
            "round 1 breaks the rules: player 8 is seated twice (table 3, position 2, and \
             table 3, position 3); player 9 is at no table"
        );
    }

    #[test]
    fn a_stored_round_with_a_player_twice_is_refused() {
        let r = stored(2, &[[1, 5, 4], [6, 2, 1]]);
        assert_eq!(
            validate_round(&r),
            Err(vec![
                ThreesViolation::PlayerTwice {
                    player: 1,
                    first: (1, 1),
                    second: (2, 3)
                },
                ThreesViolation::PlayerMissing { player: 3 },
            ])
        );
        assert_eq!(
            ThreesViolation::PlayerTwice {
                player: 1,
                first: (1, 1),
                second: (2, 3)
            }
            .to_string(),
            "player 1 is seated twice (table 1, position 1, and table 2, position 3)"
        );
    }

    #[test]
    fn the_validator_names_each_broken_rule() {
        let broken = |r: &ThreesRound| validate_round(r).expect_err("must be broken");
        assert_eq!(
            broken(&stored(0, &[[1, 2, 3], [4, 5, 6]])),
            [ThreesViolation::Size {
                round: 0,
                tables: 2
            }]
        );
        assert_eq!(
            broken(&stored(MAX_ROUNDS + 1, &[[1, 2, 3], [4, 5, 6]])).len(),
            1
        );
        assert_eq!(
            broken(&stored(1, &[[1, 2, 3]])),
            [ThreesViolation::Size {
                round: 1,
                tables: 1
            }]
        );
        assert_eq!(
            broken(&stored(1, &[[1, 2, 3]]))[0].to_string(),
            "round 1 of 1 tables: a round is numbered 1 to 200 and has 2 to 100 tables"
        );
        assert_eq!(broken(&stored(1, &[[1, 2, 3]; 101])).len(), 1);
        assert_eq!(
            broken(&stored(3, &[[1, 2, 3], [4, 0, 7]])),
            [
                ThreesViolation::PlayerOutOfRange {
                    table: 2,
                    position: 2,
                    player: 0,
                    players: 6
                },
                ThreesViolation::PlayerOutOfRange {
                    table: 2,
                    position: 3,
                    player: 7,
                    players: 6
                },
                ThreesViolation::PlayerMissing { player: 5 },
                ThreesViolation::PlayerMissing { player: 6 },
            ]
        );
        assert_eq!(
            broken(&stored(3, &[[1, 2, 3], [4, 0, 7]]))[1].to_string(),
            "table 2, position 3: player 7 is not one of players 1 to 6"
        );
        assert_eq!(
            ThreesViolation::PlayerMissing { player: 5 }.to_string(),
            "player 5 is at no table"
        );
    }

    #[test]
    fn check_next_round_finds_a_round_that_does_not_follow() {
        let r1 = first_round(9).unwrap();
        let results = [
            result(1, [10, 20, 30]),
            result(2, [30, 20, 10]),
            result(3, [0, 0, 0]),
        ];
        let r2 = next_round(&r1, &results).unwrap();
        assert_eq!(check_next_round(&r1, &results, &r2), Ok(()));
        // Two players of one table swapped: sound, but not what the rules make.
        let mut swapped = r2.clone();
        swapped.tables[1].swap(1, 2);
        let e = check_next_round(&r1, &results, &swapped).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "round 2 is not what the rules make of the round before and its results: \
                 table 2 seats {} in positions 1 to 3, not {}",
                join(&r2.tables[1]),
                join(&swapped.tables[1])
            )
        );
        // Other results move other players.
        let other = [results[0], results[1], result(3, [1, 0, 0])];
        assert!(matches!(
            check_next_round(&r1, &other, &r2),
            Err(ThreesError::NotTheNextRound { round: 2, .. })
        ));
        // The wrong round number, the wrong number of tables.
        let renumbered = stored(3, r2.tables());
        assert_eq!(
            check_next_round(&r1, &results, &renumbered)
                .unwrap_err()
                .to_string(),
            "round 3 is not what the rules make of the round before and its results: round 2 \
             follows round 1"
        );
        let smaller = stored(2, &[[1, 2, 3], [4, 5, 6]]);
        assert!(matches!(
            check_next_round(&r1, &results, &smaller),
            Err(ThreesError::NotTheNextRound { round: 2, .. })
        ));
        // A broken round is refused before anything else, its violations named.
        let twice = stored(2, &[[1, 2, 3], [4, 5, 6], [7, 8, 1]]);
        assert!(matches!(
            check_next_round(&r1, &results, &twice),
            Err(ThreesError::BrokenRound { round: 2, violations }) if violations.contains(
                &ThreesViolation::PlayerTwice { player: 1, first: (1, 1), second: (3, 3) })
        ));
        // Bad results are refused as next_round refuses them.
        assert_eq!(
            check_next_round(&r1, &results[..2], &r2),
            Err(ThreesError::ResultMissing { round: 1, table: 3 })
        );
    }

    #[test]
    fn rounds_and_results_read_back_from_json() {
        let r1 = first_round(6).unwrap();
        let json = serde_json::to_string(&r1).unwrap();
        assert_eq!(json, r#"{"round":1,"tables":[[1,2,3],[4,5,6]]}"#);
        assert_eq!(serde_json::from_str::<ThreesRound>(&json).unwrap(), r1);
        // Not a round at all: a table of four, an unknown field.
        assert!(
            serde_json::from_str::<ThreesRound>(r#"{"round":1,"tables":[[1,2,3,4]]}"#).is_err()
        );
        assert!(
            serde_json::from_str::<ThreesRound>(r#"{"round":1,"tables":[[1,2,3]],"x":1}"#).is_err()
        );
        // Read, but a player twice: the validator refuses it.
        let twice: ThreesRound =
            serde_json::from_str(r#"{"round":2,"tables":[[1,2,3],[4,5,5]]}"#).unwrap();
        assert!(validate_round(&twice).is_err());
        let r = result(2, [120, -40, 0]);
        let json = serde_json::to_string(&r).unwrap();
        assert_eq!(json, r#"{"table":2,"scores":[120,-40,0]}"#);
        assert_eq!(serde_json::from_str::<ThreesResult>(&json).unwrap(), r);
        assert_eq!(
            serde_json::to_string(&Arrival::MovedUp).unwrap(),
            r#""moved_up""#
        );
    }
}
