//! The individual progressive: Sheinwold's "Calypso for Many", individual form. Nobody has a
//! fixed partner and the seating of a round follows the last round's results, so it is made
//! one round at a time: [`first_round`] from the table sizes, then [`next_round`] from the
//! round before and its results. Every round, however it was made, passes
//! [`validate_round`]; [`check_next_round`] also checks that a round follows from the one
//! before. Pure: no I/O, no clock; the cut is drawn from the event's 32-byte key.
//!
//! The rules, with the choices made where they are silent (docs/movement.md says the same):
//! - Players are numbered 1..N, tables 1..T (2 to [`MAX_TABLES`]). Each table seats 4, 5 or
//!   6 players: two sides of two, or a side of three and a side of two, or two sides of three.
//! - Round 1 seats players in number order: as many as table 1 seats at table 1 (players
//!   1-4 at a table of four), the next at table 2, and so on.
//! - Before each round every player at a table cuts; the cut is an order of the table's
//!   players, highest first (drawn by [`drawn_cut`] or reported by the table, which wins).
//! - Partners: the highest newcomer partners the highest player who stayed, the second-
//!   highest newcomer the second-highest stayer. A third stayer or newcomer is left over:
//!   one left over joins the second partnership; two left over (a table of six) go in cut
//!   order, the higher to the second partnership and the lower to the first. In round 1
//!   nobody stayed and the highest cuts are partners, as in rubber bridge: the top two (the
//!   top three at a table of six) against the rest.
//! - The first partnership (the highest stayer's; in round 1 the highest cut's) sits majors,
//!   so the table's highest cut always sits majors.
//! - After the round the winning side stays and the losing side moves up a table (table T's
//!   to table 1). A tie: the majors side stays (the side of the table's highest cut). A
//!   losing side of three: the two who played the last deal move up; the one who sat it out
//!   (who also sat out the first) moves down a table (table 1's to table T). Table sizes
//!   therefore change from round to round, always staying within 4 to 6.
//! - A side of three sits one player out each deal: the first sitter-out, then the next in
//!   the side's cut order, then the next, then the first again ([`sit_out_order`]). Between
//!   games the first sitter-out changes ([`first_out_index`]): whoever sat out first in the
//!   previous game does not, if a side-mate did not either.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::{MAX_ROUNDS, MAX_TABLES, Side};
use super::{join, list};

/// Domain tag of the cut's seed, so the event key's boards and cuts never share a stream.
pub const CUT_TAG: &[u8] = b"calypso-director/cut/v1";
/// Fewest players at a table: two sides of two.
pub const MIN_AT_TABLE: u32 = 4;
/// Most players at a table: two sides of three.
pub const MAX_AT_TABLE: u32 = 6;
/// The deals of a Calypso game: a side of three sits out one of them in turn.
pub const STANDARD_DEALS: u32 = 4;
/// Most deals in one game (an Embers game's hands; the settings allow fewer).
pub const MAX_DEALS: u32 = 64;

/// One side of a table in a round: a partnership of two, or a side of three whose players
/// take turns to sit out a deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IndividualSide {
    /// The side's players in cut order, highest first (two or three).
    pub players: Vec<u32>,
    /// A side of three: who sits out deals 1, 2, 3 and 4 of the game (the first also sits
    /// out the fourth). The turns go on in that order for a game of more deals
    /// ([`IndividualSide::turns`]). `None` for a side of two, who play every deal.
    pub sit_out: Option<[u32; 4]>,
}

impl IndividualSide {
    /// The player who sits out the first deal, for a side of three.
    pub fn first_out(&self) -> Option<u32> {
        self.sit_out.map(|o| o[0])
    }

    /// Who sits out each of a game's `deals` (at most [`MAX_DEALS`]), for a side of three:
    /// the three in turn, so a four-deal game's first player also sits out its last.
    pub fn turns(&self, deals: u32) -> Option<Vec<u32>> {
        let o = self.sit_out?;
        Some(
            (0..deals.min(MAX_DEALS))
                .map(|d| o[d as usize % 3])
                .collect(),
        )
    }

    /// Who sits out the last of a game's `deals`, for a side of three.
    pub fn last_out(&self, deals: u32) -> Option<u32> {
        let o = self.sit_out?;
        Some(o[(deals.clamp(1, MAX_DEALS) as usize - 1) % 3])
    }
}

/// One table in one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IndividualTable {
    pub table: u32,
    /// The players who won here last round and stayed, in cut order (none in round 1).
    pub stayers: Vec<u32>,
    /// The players who came to this table for this round, in cut order (all in round 1).
    pub newcomers: Vec<u32>,
    /// Every player at the table, highest cut first.
    pub cut: Vec<u32>,
    /// Whether the table reported its cut (otherwise it was drawn from the event's key).
    pub cut_reported: bool,
    /// The Spades and Hearts side.
    pub majors: IndividualSide,
    /// The Clubs and Diamonds side.
    pub minors: IndividualSide,
}

impl IndividualTable {
    pub fn side(&self, side: Side) -> &IndividualSide {
        match side {
            Side::Majors => &self.majors,
            Side::Minors => &self.minors,
        }
    }

    /// How many players sit at the table.
    pub fn size(&self) -> usize {
        self.majors.players.len() + self.minors.players.len()
    }

    /// The side a player sits on here, if at this table.
    pub fn side_of(&self, player: u32) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|s| self.side(*s).players.contains(&player))
    }
}

/// One round of an individual progressive: every table's seating, by table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IndividualRound {
    pub round: u32,
    /// The players are numbered 1 to `players`.
    pub players: u32,
    /// Tables 1 to T, in order.
    pub tables: Vec<IndividualTable>,
    /// For each player (player p at index p-1): the games so far, this one included, in
    /// which they sat out first (and so sat out two deals of the four).
    pub sat_out_first: Vec<u32>,
    /// The deals of each game: [`STANDARD_DEALS`], or an Embers game's hands. Rounds stored
    /// before it was kept read as four.
    #[serde(default = "standard_deals", skip_serializing_if = "is_standard_deals")]
    pub deals: u32,
}

fn standard_deals() -> u32 {
    STANDARD_DEALS
}

fn is_standard_deals(d: &u32) -> bool {
    *d == STANDARD_DEALS
}

impl IndividualRound {
    pub fn table(&self, table: u32) -> Option<&IndividualTable> {
        self.tables.iter().find(|t| t.table == table)
    }

    /// Where a player sits: table and side.
    pub fn place(&self, player: u32) -> Option<(u32, Side)> {
        self.tables
            .iter()
            .find_map(|t| t.side_of(player).map(|s| (t.table, s)))
    }

    /// The players at each table, by table.
    pub fn table_sizes(&self) -> Vec<u32> {
        self.tables.iter().map(|t| t.size() as u32).collect()
    }

    /// This round with games of `deals` deals (an Embers game's hands).
    pub fn with_deals(mut self, deals: u32) -> IndividualRound {
        self.deals = deals;
        self
    }

    /// Whether a player sat out the first deal of this round's game.
    pub fn sat_out_first_here(&self, player: u32) -> bool {
        self.tables.iter().any(|t| {
            Side::ALL
                .into_iter()
                .any(|s| t.side(s).first_out() == Some(player))
        })
    }
}

/// How a table's game ended, as the table reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum TableOutcome {
    /// The side that won.
    Won(#[serde(with = "side_name")] Side),
    /// The two sides' scores; the higher wins, and on a tie the majors side stays.
    Scores { majors: i64, minors: i64 },
}

impl TableOutcome {
    /// The side that stays at the table: the winner, or the majors side on a tie.
    pub fn staying(self) -> Side {
        match self {
            TableOutcome::Won(side) => side,
            TableOutcome::Scores { majors, minors } if minors > majors => Side::Minors,
            TableOutcome::Scores { .. } => Side::Majors,
        }
    }
}

/// One table's result in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableResult {
    pub table: u32,
    pub outcome: TableOutcome,
}

impl TableResult {
    /// A table reporting only which side won.
    pub fn won(table: u32, side: Side) -> TableResult {
        TableResult {
            table,
            outcome: TableOutcome::Won(side),
        }
    }

    /// A table reporting both sides' scores.
    pub fn scores(table: u32, majors: i64, minors: i64) -> TableResult {
        TableResult {
            table,
            outcome: TableOutcome::Scores { majors, minors },
        }
    }
}

/// Cuts reported by tables for the round being seated: table -> its players, highest cut
/// first. A reported cut replaces the drawn one at that table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CutOverrides {
    pub tables: BTreeMap<u32, Vec<u32>>,
}

impl CutOverrides {
    /// No table reported its cut: every cut is drawn.
    pub fn none() -> CutOverrides {
        CutOverrides::default()
    }

    /// Adds (or replaces) the cut a table reported, its players highest first.
    pub fn report(mut self, table: u32, cut: Vec<u32>) -> CutOverrides {
        self.tables.insert(table, cut);
        self
    }
}

/// Why a round cannot be seated as asked. Each message names the table, player or number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IndividualError {
    #[error("an individual progressive needs 2 to {MAX_TABLES} tables (not {0})")]
    Tables(usize),
    #[error("table {table} is given {size} players: a table seats 4, 5 or 6")]
    TableSize { table: u32, size: u32 },
    #[error("the tables seat {seats} players, but there are {players}")]
    PlayersForTables { players: u32, seats: u64 },
    #[error("a result for table {table}, but round {round} has tables 1 to {tables}")]
    ResultForNoTable { round: u32, table: u32, tables: u32 },
    #[error("round {round}, table {table}: two results")]
    ResultTwice { round: u32, table: u32 },
    #[error("round {round}, table {table}: no result")]
    ResultMissing { round: u32, table: u32 },
    #[error("a reported cut for table {table}, but round {round} has tables 1 to {tables}")]
    CutForNoTable { round: u32, table: u32, tables: u32 },
    #[error(
        "round {round}, table {table}: the reported cut names player {player}, who is not at \
         the table"
    )]
    CutStranger { round: u32, table: u32, player: u32 },
    #[error("round {round}, table {table}: the reported cut names player {player} twice")]
    CutTwice { round: u32, table: u32, player: u32 },
    #[error("round {round}, table {table}: the reported cut leaves out player {player}")]
    CutMissing { round: u32, table: u32, player: u32 },
    #[error("round {0} is the last an event may have")]
    LastRound(u32),
    #[error("round {round} breaks the rules: {}", list(violations))]
    BrokenRound {
        round: u32,
        violations: Vec<IndividualViolation>,
    },
    #[error("round {round} is not what the rules make of the round before and its results: {what}")]
    NotTheNextRound { round: u32, what: String },
}

/// One broken rule of a round, as [`validate_round`] finds it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IndividualViolation {
    /// Outside what any round has; nothing else is checked.
    #[error(
        "round {round} of {tables} tables and {players} players: a round is numbered 1 to \
         {MAX_ROUNDS} and has 2 to {MAX_TABLES} tables of 4 to 6 players"
    )]
    Size {
        round: u32,
        tables: usize,
        players: u32,
    },
    #[error("the table in place {place} is numbered {table}: tables are numbered 1 to T in order")]
    TableNumber { place: usize, table: u32 },
    #[error("table {table} seats {size} players: a table seats 4, 5 or 6")]
    TableSize { table: u32, size: usize },
    #[error("table {table}: the {side} side has {size} players, a side has 2 or 3")]
    SideSize { table: u32, side: Side, size: usize },
    #[error("table {table}: player {player} is not one of players 1 to {players}")]
    PlayerOutOfRange {
        table: u32,
        player: u32,
        players: u32,
    },
    #[error("player {player} is seated twice (tables {first} and {second})")]
    PlayerTwice {
        player: u32,
        first: u32,
        second: u32,
    },
    #[error("player {player} is at no table")]
    PlayerMissing { player: u32 },
    #[error("table {table}: the cut is not an order of the table's players")]
    CutNotTheTable { table: u32 },
    #[error("table {table}: the players who stayed and the newcomers are not the table's players")]
    StayersNotTheTable { table: u32 },
    #[error(
        "table {table}: nobody stays into round 1, yet players {} are listed as stayers",
        join(stayers)
    )]
    StayersInRoundOne { table: u32, stayers: Vec<u32> },
    #[error(
        "table {table}: {stayers} stayed and {newcomers} came; after round 1 a table has two or \
         three of each"
    )]
    StayersAndNewcomers {
        table: u32,
        stayers: usize,
        newcomers: usize,
    },
    #[error("table {table}: the {list} are not listed in cut order")]
    NotInCutOrder { table: u32, list: &'static str },
    #[error(
        "table {table}: the {side} side has no {missing}; partners are a stayer and a newcomer"
    )]
    PartnersNotMixed {
        table: u32,
        side: Side,
        missing: &'static str,
    },
    #[error(
        "table {table}: the cut makes majors {} and minors {} (the highest newcomer partners the \
         highest stayer)",
        join(majors),
        join(minors)
    )]
    SidesNotByCut {
        table: u32,
        majors: Vec<u32>,
        minors: Vec<u32>,
    },
    #[error("table {table}: the {side} side has two players, and nobody sits out")]
    SitOutForTwo { table: u32, side: Side },
    #[error("table {table}: the {side} side has three players but no sit-outs")]
    SitOutMissing { table: u32, side: Side },
    #[error(
        "table {table}: the {side} side's sit-outs are not a rotation (the first sitter-out, the \
         next two in cut order, then the first again)"
    )]
    SitOutRotation { table: u32, side: Side },
    #[error("the games sat out first are counted for {counted} players, there are {players}")]
    SatOutFirstLength { counted: usize, players: u32 },
    #[error(
        "player {player} has sat out first in {count} games, which cannot be after round {round}"
    )]
    SatOutFirstCount { player: u32, count: u32, round: u32 },
    #[error("a game of {deals} deals: a game has 1 to {MAX_DEALS}")]
    Deals { deals: u32 },
}

/// `Side` as "majors" or "minors" in JSON.
mod side_name {
    use serde::{Deserialize, Deserializer, Serializer};

    use super::Side;

    pub fn serialize<S: Serializer>(side: &Side, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(side.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Side, D::Error> {
        let name = String::deserialize(d)?;
        Side::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| serde::de::Error::custom(format!("\"{name}\" is not majors or minors")))
    }
}

fn other(side: Side) -> Side {
    match side {
        Side::Majors => Side::Minors,
        Side::Minors => Side::Majors,
    }
}

impl fmt::Display for IndividualSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&join(&self.players))?;
        if let Some(o) = self.sit_out {
            write!(f, " (out: {})", join(&o))?;
        }
        Ok(())
    }
}

/// The ChaCha20 seed of one table's cut in one round:
/// `SHA-256(CUT_TAG || key || round as u32 big-endian || table as u32 big-endian)`.
pub fn cut_seed(seed: &[u8; 32], round: u32, table: u32) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(CUT_TAG);
    h.update(seed);
    h.update(round.to_be_bytes());
    h.update(table.to_be_bytes());
    h.finalize().into()
}

/// The drawn cut of a table: its players, highest cut first. The players start in number
/// order; then Fisher-Yates from the last index down to 1 with `rand_chacha`'s
/// `ChaCha20Rng` seeded with [`cut_seed`], drawn with `next_u32`: for each i, draw words
/// until one is below `2^32 - (2^32 mod (i+1))`, take it mod `i+1` as j, swap i and j.
pub fn drawn_cut(seed: &[u8; 32], round: u32, table: u32, players: &[u32]) -> Vec<u32> {
    let mut cut = players.to_vec();
    cut.sort_unstable();
    let mut rng = ChaCha20Rng::from_seed(cut_seed(seed, round, table));
    for i in (1..cut.len()).rev() {
        let m = (i + 1) as u64;
        let zone = (1u64 << 32) - (1u64 << 32) % m;
        let j = loop {
            let x = u64::from(rng.next_u32());
            if x < zone {
                break x % m;
            }
        };
        cut.swap(i, j as usize);
    }
    cut
}

/// Who sits out deals 1 to 4 of a game, for a side of three: `side[first_out_index]` (taken
/// modulo 3) first, then the next two in the side's order, wrapping round, then the first
/// again. After each deal the player who has just sat out comes back in for the next one
/// out, and whoever sat out the first deal also sits out the last: "A out, then J out,
/// then K out, then A out" for `sit_out_order([A, J, K], 0)`.
pub fn sit_out_order(side: [u32; 3], first_out_index: usize) -> [u32; 4] {
    let i = first_out_index % 3;
    [side[i], side[(i + 1) % 3], side[(i + 2) % 3], side[i]]
}

/// Which player of a side of three (listed in cut order) sits out first this game. The
/// alternation between games: a player who sat out first in the previous game does not
/// again if a side-mate did not; then the one who has sat out first in the fewest games;
/// then the higher cut. `previous` is the round before (`None` in round 1).
pub fn first_out_index(side: [u32; 3], previous: Option<&IndividualRound>) -> usize {
    let key = |p: u32| {
        previous.map_or((false, 0), |r| {
            let count = r
                .sat_out_first
                .get(p.wrapping_sub(1) as usize)
                .copied()
                .unwrap_or(0);
            (r.sat_out_first_here(p), count)
        })
    };
    (0..3).min_by_key(|&i| (key(side[i]), i)).unwrap_or(0)
}

/// The two sides the cut makes, each in cut order: (majors, minors). `cut` is the table's
/// players highest first; `stayers` those of them who stayed (none in round 1).
fn sides_by_cut(cut: &[u32], stayers: &BTreeSet<u32>) -> (Vec<u32>, Vec<u32>) {
    let position = |p: &u32| cut.iter().position(|c| c == p).unwrap_or(usize::MAX);
    let (mut first, mut second) = if stayers.is_empty() {
        let top = (if cut.len() >= 6 { 3 } else { 2 }).min(cut.len());
        (cut[..top].to_vec(), cut[top..].to_vec())
    } else {
        let s: Vec<u32> = cut
            .iter()
            .copied()
            .filter(|p| stayers.contains(p))
            .collect();
        let n: Vec<u32> = cut
            .iter()
            .copied()
            .filter(|p| !stayers.contains(p))
            .collect();
        let mut first = Vec::new();
        let mut second = Vec::new();
        // Stayer i partners newcomer i for the first two; the rest are left over.
        for (i, pair) in s.iter().zip(&n).enumerate().take(2) {
            let side = if i == 0 { &mut first } else { &mut second };
            side.extend([*pair.0, *pair.1]);
        }
        let taken = s.len().min(n.len()).min(2);
        let mut left: Vec<u32> = s[taken..].iter().chain(&n[taken..]).copied().collect();
        left.sort_by_key(position);
        for (i, p) in left.into_iter().enumerate() {
            if i % 2 == 0 {
                second.push(p);
            } else {
                first.push(p);
            }
        }
        (first, second)
    };
    first.sort_by_key(position);
    second.sort_by_key(position);
    (first, second)
}

/// A side's seating, its sit-outs chosen with the round before.
fn side(players: Vec<u32>, previous: Option<&IndividualRound>) -> IndividualSide {
    let sit_out = <[u32; 3]>::try_from(players.as_slice())
        .ok()
        .map(|three| sit_out_order(three, first_out_index(three, previous)));
    IndividualSide { players, sit_out }
}

/// The cut at one table: reported (checked against the table's players) or drawn.
fn cut_at(
    round: u32,
    table: u32,
    players: &[u32],
    seed: &[u8; 32],
    cuts: &CutOverrides,
) -> Result<(Vec<u32>, bool), IndividualError> {
    let Some(reported) = cuts.tables.get(&table) else {
        return Ok((drawn_cut(seed, round, table, players), false));
    };
    let mut seen = BTreeSet::new();
    for &player in reported {
        if !players.contains(&player) {
            return Err(IndividualError::CutStranger {
                round,
                table,
                player,
            });
        }
        if !seen.insert(player) {
            return Err(IndividualError::CutTwice {
                round,
                table,
                player,
            });
        }
    }
    if let Some(&player) = players.iter().find(|p| !seen.contains(p)) {
        return Err(IndividualError::CutMissing {
            round,
            table,
            player,
        });
    }
    Ok((reported.clone(), true))
}

fn check_cut_tables(round: u32, tables: u32, cuts: &CutOverrides) -> Result<(), IndividualError> {
    match cuts.tables.keys().find(|t| !(1..=tables).contains(*t)) {
        Some(&table) => Err(IndividualError::CutForNoTable {
            round,
            table,
            tables,
        }),
        None => Ok(()),
    }
}

/// Seats one round from who stayed and who came to each table (index table-1).
fn seat(
    round: u32,
    players: u32,
    arrivals: Vec<(Vec<u32>, Vec<u32>)>,
    previous: Option<&IndividualRound>,
    seed: &[u8; 32],
    cuts: &CutOverrides,
) -> Result<IndividualRound, IndividualError> {
    check_cut_tables(round, arrivals.len() as u32, cuts)?;
    let mut tables = Vec::with_capacity(arrivals.len());
    for (i, (stayed, came)) in arrivals.into_iter().enumerate() {
        let table = i as u32 + 1;
        let mut at: Vec<u32> = stayed.iter().chain(&came).copied().collect();
        at.sort_unstable();
        let (cut, cut_reported) = cut_at(round, table, &at, seed, cuts)?;
        let stayed: BTreeSet<u32> = stayed.into_iter().collect();
        let (majors, minors) = sides_by_cut(&cut, &stayed);
        let (stayers, newcomers) = cut.iter().partition(|p| stayed.contains(p));
        tables.push(IndividualTable {
            table,
            stayers,
            newcomers,
            cut_reported,
            majors: side(majors, previous),
            minors: side(minors, previous),
            cut,
        });
    }
    let mut sat_out_first = match previous {
        Some(r) => r.sat_out_first.clone(),
        None => vec![0; players as usize],
    };
    for t in &tables {
        for p in [t.majors.first_out(), t.minors.first_out()]
            .into_iter()
            .flatten()
        {
            sat_out_first[p as usize - 1] += 1;
        }
    }
    Ok(IndividualRound {
        round,
        players,
        tables,
        sat_out_first,
        deals: previous.map_or(STANDARD_DEALS, |r| r.deals),
    })
}

/// Seats round 1. `players`: how many play (numbered 1..=players). `table_sizes`: the
/// players at tables 1, 2, ... (each 4, 5 or 6, adding up to `players`; the director
/// decides which tables seat five or six). `seed`: the event's 32-byte key, from which each
/// table's cut is drawn. `cuts`: the cuts tables reported instead.
///
/// Players sit in number order: players 1 to `table_sizes[0]` at table 1, the next
/// `table_sizes[1]` at table 2, and so on. Nobody has stayed, so the highest cuts partner
/// each other and the highest cut's side sits majors.
pub fn first_round(
    players: u32,
    table_sizes: &[u32],
    seed: &[u8; 32],
    cuts: &CutOverrides,
) -> Result<IndividualRound, IndividualError> {
    if !(2..=MAX_TABLES as usize).contains(&table_sizes.len()) {
        return Err(IndividualError::Tables(table_sizes.len()));
    }
    for (i, &size) in table_sizes.iter().enumerate() {
        if !(MIN_AT_TABLE..=MAX_AT_TABLE).contains(&size) {
            return Err(IndividualError::TableSize {
                table: i as u32 + 1,
                size,
            });
        }
    }
    let seats: u64 = table_sizes.iter().map(|s| u64::from(*s)).sum();
    if seats != u64::from(players) {
        return Err(IndividualError::PlayersForTables { players, seats });
    }
    let mut next = 1;
    let arrivals = table_sizes
        .iter()
        .map(|&size| {
            let at: Vec<u32> = (next..next + size).collect();
            next += size;
            (Vec::new(), at)
        })
        .collect();
    seat(1, players, arrivals, None, seed, cuts)
}

/// Seats the round after `prev` from its `results` (one per table, in any order). `seed`
/// and `cuts` as for [`first_round`]; the cuts are those of the round being seated.
///
/// At each table the side that won stays (the majors on a tie). A losing side of two moves
/// up a table, from the last table to table 1. Of a losing side of three, the two who
/// played the last deal move up and the one who sat it out moves down, from table 1 to the
/// last table. Then each table cuts and is seated as [`first_round`] describes, partners
/// being one stayer and one newcomer.
pub fn next_round(
    prev: &IndividualRound,
    results: &[TableResult],
    seed: &[u8; 32],
    cuts: &CutOverrides,
) -> Result<IndividualRound, IndividualError> {
    if prev.round >= MAX_ROUNDS {
        return Err(IndividualError::LastRound(prev.round));
    }
    validate_round(prev).map_err(|violations| IndividualError::BrokenRound {
        round: prev.round,
        violations,
    })?;
    let count = prev.tables.len() as u32;
    let mut outcome: BTreeMap<u32, TableOutcome> = BTreeMap::new();
    for r in results {
        if !(1..=count).contains(&r.table) {
            return Err(IndividualError::ResultForNoTable {
                round: prev.round,
                table: r.table,
                tables: count,
            });
        }
        if outcome.insert(r.table, r.outcome).is_some() {
            return Err(IndividualError::ResultTwice {
                round: prev.round,
                table: r.table,
            });
        }
    }
    if let Some(table) = (1..=count).find(|t| !outcome.contains_key(t)) {
        return Err(IndividualError::ResultMissing {
            round: prev.round,
            table,
        });
    }
    let up = |t: u32| t % count + 1;
    let down = |t: u32| (t + count - 2) % count + 1;
    let mut arrivals: Vec<(Vec<u32>, Vec<u32>)> = vec![(Vec::new(), Vec::new()); count as usize];
    for t in &prev.tables {
        let staying = outcome[&t.table].staying();
        arrivals[t.table as usize - 1].0 = t.side(staying).players.clone();
        let losers = t.side(other(staying));
        let out_last = losers.last_out(prev.deals);
        for &p in &losers.players {
            let to = if Some(p) == out_last {
                down(t.table)
            } else {
                up(t.table)
            };
            arrivals[to as usize - 1].1.push(p);
        }
    }
    seat(
        prev.round + 1,
        prev.players,
        arrivals,
        Some(prev),
        seed,
        cuts,
    )
}

/// Checks that `next` is exactly the round the rules make of `prev` and its `results`: who
/// stayed and who came, the cut (drawn from `seed` unless the table reported it), the sides,
/// the sit-outs and their counts. `next` must first pass [`validate_round`].
pub fn check_next_round(
    prev: &IndividualRound,
    results: &[TableResult],
    seed: &[u8; 32],
    next: &IndividualRound,
) -> Result<(), IndividualError> {
    validate_round(next).map_err(|violations| IndividualError::BrokenRound {
        round: next.round,
        violations,
    })?;
    let reported = CutOverrides {
        tables: next
            .tables
            .iter()
            .filter(|t| t.cut_reported)
            .map(|t| (t.table, t.cut.clone()))
            .collect(),
    };
    let not = |what: String| IndividualError::NotTheNextRound {
        round: next.round,
        what,
    };
    if next.round != prev.round + 1 || next.players != prev.players {
        return Err(not(format!(
            "round {} of {} players follows round {} of {} players",
            prev.round + 1,
            prev.players,
            prev.round,
            prev.players
        )));
    }
    if next.tables.len() != prev.tables.len() {
        return Err(not(format!(
            "the players move between the same {} tables",
            prev.tables.len()
        )));
    }
    let expected = next_round(prev, results, seed, &reported)?;
    for (e, f) in expected.tables.iter().zip(&next.tables) {
        let parts: [(&str, String, String); 5] = [
            ("players who stayed", join(&e.stayers), join(&f.stayers)),
            ("newcomers", join(&e.newcomers), join(&f.newcomers)),
            ("cut", join(&e.cut), join(&f.cut)),
            ("majors", e.majors.to_string(), f.majors.to_string()),
            ("minors", e.minors.to_string(), f.minors.to_string()),
        ];
        if let Some((what, want, found)) = parts.into_iter().find(|(_, w, f)| w != f) {
            return Err(not(format!(
                "table {}'s {what}: {want}, not {found}",
                e.table
            )));
        }
    }
    if expected.deals != next.deals {
        return Err(not(format!(
            "games of {} deals, not {}",
            expected.deals, next.deals
        )));
    }
    if expected.sat_out_first != next.sat_out_first {
        return Err(not(
            "the games each player has sat out first are not counted right".into(),
        ));
    }
    Ok(())
}

/// Checks every rule of one round and returns every broken one:
/// - the round is numbered 1 to [`MAX_ROUNDS`] and has 2 to [`MAX_TABLES`] tables with 4 to
///   6 players a table on average (otherwise nothing else is checked), numbered 1 to T in
///   order;
/// - each table seats 4 to 6 players in two sides of 2 or 3;
/// - every player 1..players is seated exactly once;
/// - each table's cut is an order of its players, and its stayers and newcomers are its
///   players, each list (stayers, newcomers, both sides) in cut order;
/// - round 1 has no stayers; later rounds have two or three stayers and two or three
///   newcomers at every table, and each side has both;
/// - the sides are those the cut makes (the highest newcomer partners the highest stayer,
///   the majors being the highest stayer's side);
/// - a side of three has a sit-out rotation ([`sit_out_order`] of its players), a side of
///   two none;
/// - the games sat out first are counted for every player, each at most the round number
///   and at least one for whoever sat out first in this round.
pub fn validate_round(r: &IndividualRound) -> Result<(), Vec<IndividualViolation>> {
    let tables = r.tables.len();
    if !(1..=MAX_ROUNDS).contains(&r.round)
        || !(2..=MAX_TABLES as usize).contains(&tables)
        || !(MIN_AT_TABLE as usize * tables..=MAX_AT_TABLE as usize * tables)
            .contains(&(r.players as usize))
    {
        return Err(vec![IndividualViolation::Size {
            round: r.round,
            tables,
            players: r.players,
        }]);
    }
    let mut v = Vec::new();
    for (i, t) in r.tables.iter().enumerate() {
        if t.table != i as u32 + 1 {
            v.push(IndividualViolation::TableNumber {
                place: i + 1,
                table: t.table,
            });
        }
    }
    players_once(r, &mut v);
    for t in &r.tables {
        table_rules(r.round, t, &mut v);
    }
    counts(r, &mut v);
    if !(1..=MAX_DEALS).contains(&r.deals) {
        v.push(IndividualViolation::Deals { deals: r.deals });
    }
    if v.is_empty() { Ok(()) } else { Err(v) }
}

fn players_once(r: &IndividualRound, v: &mut Vec<IndividualViolation>) {
    let mut at: BTreeMap<u32, u32> = BTreeMap::new();
    for t in &r.tables {
        for &player in Side::ALL.iter().flat_map(|s| &t.side(*s).players) {
            if !(1..=r.players).contains(&player) {
                v.push(IndividualViolation::PlayerOutOfRange {
                    table: t.table,
                    player,
                    players: r.players,
                });
            } else if let Some(&first) = at.get(&player) {
                v.push(IndividualViolation::PlayerTwice {
                    player,
                    first,
                    second: t.table,
                });
            } else {
                at.insert(player, t.table);
            }
        }
    }
    for player in (1..=r.players).filter(|p| !at.contains_key(p)) {
        v.push(IndividualViolation::PlayerMissing { player });
    }
}

fn is_in_order(list: &[u32], cut: &[u32]) -> bool {
    let positions: Vec<Option<usize>> = list
        .iter()
        .map(|p| cut.iter().position(|c| c == p))
        .collect();
    positions.iter().all(Option::is_some) && positions.windows(2).all(|w| w[0] < w[1])
}

fn table_rules(round: u32, t: &IndividualTable, v: &mut Vec<IndividualViolation>) {
    let table = t.table;
    let size = t.size();
    let mut sound = true;
    if !(MIN_AT_TABLE as usize..=MAX_AT_TABLE as usize).contains(&size) {
        v.push(IndividualViolation::TableSize { table, size });
        sound = false;
    }
    for side in Side::ALL {
        let size = t.side(side).players.len();
        if !(2..=3).contains(&size) {
            v.push(IndividualViolation::SideSize { table, side, size });
            sound = false;
        }
    }
    let seated: BTreeSet<u32> = Side::ALL
        .iter()
        .flat_map(|s| t.side(*s).players.iter().copied())
        .collect();
    let cut: BTreeSet<u32> = t.cut.iter().copied().collect();
    if cut.len() != t.cut.len() || cut != seated || seated.len() != size {
        v.push(IndividualViolation::CutNotTheTable { table });
        sound = false;
    }
    let stayers: BTreeSet<u32> = t.stayers.iter().copied().collect();
    let newcomers: BTreeSet<u32> = t.newcomers.iter().copied().collect();
    let came_or_stayed: BTreeSet<u32> = stayers.union(&newcomers).copied().collect();
    if stayers.len() + newcomers.len() != t.stayers.len() + t.newcomers.len()
        || !stayers.is_disjoint(&newcomers)
        || came_or_stayed != seated
    {
        v.push(IndividualViolation::StayersNotTheTable { table });
        sound = false;
    }
    if round == 1 {
        if !t.stayers.is_empty() {
            v.push(IndividualViolation::StayersInRoundOne {
                table,
                stayers: t.stayers.clone(),
            });
            sound = false;
        }
    } else if !(2..=3).contains(&t.stayers.len()) || !(2..=3).contains(&t.newcomers.len()) {
        v.push(IndividualViolation::StayersAndNewcomers {
            table,
            stayers: t.stayers.len(),
            newcomers: t.newcomers.len(),
        });
        sound = false;
    } else {
        for side in Side::ALL {
            let players = &t.side(side).players;
            for (missing, group) in [("stayer", &stayers), ("newcomer", &newcomers)] {
                if !players.iter().any(|p| group.contains(p)) {
                    v.push(IndividualViolation::PartnersNotMixed {
                        table,
                        side,
                        missing,
                    });
                    sound = false;
                }
            }
        }
    }
    let lists = [
        ("players who stayed", &t.stayers),
        ("newcomers", &t.newcomers),
        ("majors", &t.majors.players),
        ("minors", &t.minors.players),
    ];
    for (list, players) in lists {
        if !is_in_order(players, &t.cut) {
            v.push(IndividualViolation::NotInCutOrder { table, list });
            sound = false;
        }
    }
    if sound {
        let (majors, minors) = sides_by_cut(&t.cut, &stayers);
        if majors != t.majors.players || minors != t.minors.players {
            v.push(IndividualViolation::SidesNotByCut {
                table,
                majors,
                minors,
            });
        }
    }
    for side in Side::ALL {
        let s = t.side(side);
        match (<[u32; 3]>::try_from(s.players.as_slice()), s.sit_out) {
            (Ok(three), Some(order)) => {
                if !(0..3).any(|i| sit_out_order(three, i) == order) {
                    v.push(IndividualViolation::SitOutRotation { table, side });
                }
            }
            (Ok(_), None) => v.push(IndividualViolation::SitOutMissing { table, side }),
            (Err(_), Some(_)) if s.players.len() == 2 => {
                v.push(IndividualViolation::SitOutForTwo { table, side });
            }
            // A side of another size is already reported.
            (Err(_), _) => {}
        }
    }
}

fn counts(r: &IndividualRound, v: &mut Vec<IndividualViolation>) {
    if r.sat_out_first.len() != r.players as usize {
        v.push(IndividualViolation::SatOutFirstLength {
            counted: r.sat_out_first.len(),
            players: r.players,
        });
        return;
    }
    for (i, &count) in r.sat_out_first.iter().enumerate() {
        let player = i as u32 + 1;
        let least = u32::from(r.sat_out_first_here(player));
        if count < least || count > r.round {
            v.push(IndividualViolation::SatOutFirstCount {
                player,
                count,
                round: r.round,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: [u8; 32] = [0; 32];

    fn cuts(reported: &[(u32, &[u32])]) -> CutOverrides {
        reported.iter().fold(CutOverrides::none(), |c, (t, cut)| {
            c.report(*t, cut.to_vec())
        })
    }

    fn side(players: &[u32], sit_out: Option<[u32; 4]>) -> IndividualSide {
        IndividualSide {
            players: players.to_vec(),
            sit_out,
        }
    }

    fn valid(r: &IndividualRound) {
        if let Err(v) = validate_round(r) {
            panic!("round {} breaks its rules: {}", r.round, list(&v));
        }
    }

    #[test]
    fn a_side_of_three_sits_out_in_turn_and_the_first_also_last() {
        // "A out, then J out, then K out, then A out".
        assert_eq!(sit_out_order([1, 11, 13], 0), [1, 11, 13, 1]);
        assert_eq!(sit_out_order([1, 11, 13], 1), [11, 13, 1, 11]);
        assert_eq!(sit_out_order([1, 11, 13], 2), [13, 1, 11, 13]);
        assert_eq!(sit_out_order([1, 11, 13], 4), sit_out_order([1, 11, 13], 1));
    }

    /// The published cut, checked against an independent implementation (Python's hashlib
    /// and a ChaCha20 block function written from RFC 8439, 64-bit counter, nonce 0).
    #[test]
    fn the_drawn_cut_is_the_documented_one() {
        assert_eq!(
            hex::encode(cut_seed(&KEY, 1, 1)),
            "b45c9bcb90d5726950e3249c2a534596cbe61c768e118c7ab8f153fe91d68171"
        );
        assert_eq!(drawn_cut(&KEY, 1, 1, &[1, 2, 3, 4]), vec![3, 2, 1, 4]);
        assert_eq!(drawn_cut(&KEY, 1, 2, &[5, 6, 7, 8, 9]), vec![8, 6, 5, 9, 7]);
        // The order the players are given in does not matter: the draw starts from numbers.
        assert_eq!(drawn_cut(&KEY, 1, 2, &[9, 7, 5, 8, 6]), vec![8, 6, 5, 9, 7]);
        assert_ne!(drawn_cut(&[1; 32], 1, 1, &[1, 2, 3, 4]), vec![3, 2, 1, 4]);
    }

    #[test]
    fn round_one_seats_by_number_and_the_highest_cuts_partner() {
        let r = first_round(15, &[4, 5, 6], &KEY, &CutOverrides::none()).unwrap();
        valid(&r);
        assert_eq!(r.table_sizes(), vec![4, 5, 6]);
        let at = |t: u32| {
            let mut p = r.table(t).unwrap().cut.clone();
            p.sort_unstable();
            p
        };
        assert_eq!(at(1), vec![1, 2, 3, 4]);
        assert_eq!(at(2), vec![5, 6, 7, 8, 9]);
        assert_eq!(at(3), vec![10, 11, 12, 13, 14, 15]);
        for t in &r.tables {
            assert!(t.stayers.is_empty() && t.newcomers == t.cut && !t.cut_reported);
            let top = if t.size() == 6 { 3 } else { 2 };
            assert_eq!(t.majors.players, t.cut[..top]);
            assert_eq!(t.minors.players, t.cut[top..]);
        }
        // The drawn cut above, and the side of three's highest cut sits out first.
        assert_eq!(r.tables[0].majors.players, vec![3, 2]);
        assert_eq!(r.tables[1].minors, side(&[5, 9, 7], Some([5, 9, 7, 5])));
        assert_eq!(r.sat_out_first.iter().sum::<u32>(), 3);
    }

    /// Three tables of four, every cut reported, worked by hand.
    #[test]
    fn winners_stay_losers_move_up_and_newcomers_partner_stayers_by_the_cut() {
        let r1 = first_round(
            12,
            &[4, 4, 4],
            &KEY,
            &cuts(&[
                (1, &[3, 1, 4, 2]),
                (2, &[5, 6, 7, 8]),
                (3, &[12, 11, 10, 9]),
            ]),
        )
        .unwrap();
        assert_eq!(r1.tables[0].majors, side(&[3, 1], None));
        assert_eq!(r1.tables[0].minors, side(&[4, 2], None));
        assert!(r1.tables.iter().all(|t| t.cut_reported));
        let results = [
            TableResult::scores(1, 100, 250),
            TableResult::won(2, Side::Majors),
            // A tie: the majors stay.
            TableResult::scores(3, 50, 50),
        ];
        let r2 = next_round(
            &r1,
            &results,
            &KEY,
            &cuts(&[
                (1, &[9, 2, 10, 4]),
                (2, &[6, 1, 5, 3]),
                (3, &[7, 8, 12, 11]),
            ]),
        )
        .unwrap();
        valid(&r2);
        let t = |n: usize| &r2.tables[n - 1];
        // Table 1: minors 4, 2 stayed; table 3's losers 10, 9 came up (from the last table).
        assert_eq!(
            (&t(1).stayers, &t(1).newcomers),
            (&vec![2, 4], &vec![9, 10])
        );
        assert_eq!(t(1).majors.players, vec![9, 2]);
        assert_eq!(t(1).minors.players, vec![10, 4]);
        assert_eq!((&t(2).stayers, &t(2).newcomers), (&vec![6, 5], &vec![1, 3]));
        assert_eq!(t(2).majors.players, vec![6, 1]);
        assert_eq!(t(2).minors.players, vec![5, 3]);
        assert_eq!(
            (&t(3).stayers, &t(3).newcomers),
            (&vec![12, 11], &vec![7, 8])
        );
        assert_eq!(t(3).majors.players, vec![7, 12]);
        assert_eq!(t(3).minors.players, vec![8, 11]);
        assert_eq!(check_next_round(&r1, &results, &KEY, &r2), Ok(()));
    }

    /// Tables of five, four and six: a losing side of three sends the two who played the
    /// last deal up and the one who sat it out down; sizes change; sit-outs alternate.
    #[test]
    fn a_losing_side_of_three_splits_and_the_first_sitter_out_changes() {
        let r1 = first_round(
            15,
            &[5, 4, 6],
            &KEY,
            &cuts(&[
                (1, &[1, 2, 3, 4, 5]),
                (2, &[6, 7, 8, 9]),
                (3, &[10, 11, 12, 13, 14, 15]),
            ]),
        )
        .unwrap();
        assert_eq!(r1.tables[0].minors, side(&[3, 4, 5], Some([3, 4, 5, 3])));
        assert_eq!(
            r1.tables[2].majors,
            side(&[10, 11, 12], Some([10, 11, 12, 10]))
        );
        assert_eq!(
            r1.tables[2].minors,
            side(&[13, 14, 15], Some([13, 14, 15, 13]))
        );
        let results = [
            TableResult::won(1, Side::Majors),
            TableResult::won(2, Side::Minors),
            TableResult::won(3, Side::Majors),
        ];
        let r2 = next_round(
            &r1,
            &results,
            &KEY,
            &cuts(&[(2, &[13, 9, 4, 8, 5]), (3, &[3, 10, 6, 11, 12, 7])]),
        )
        .unwrap();
        valid(&r2);
        assert_eq!(r2.table_sizes(), vec![4, 5, 6]);
        let t = |n: usize| &r2.tables[n - 1];
        // 3 sat out table 1's last deal: down to table 3. 4, 5 up to table 2. Table 3's
        // losing three: 13 (out last) down to table 2, 14 and 15 up to table 1.
        let mut stayed = t(1).stayers.clone();
        stayed.sort_unstable();
        assert_eq!(stayed, vec![1, 2]);
        let mut came = t(1).newcomers.clone();
        came.sort_unstable();
        assert_eq!(came, vec![14, 15]);
        assert_eq!(
            (&t(2).stayers, &t(2).newcomers),
            (&vec![9, 8], &vec![13, 4, 5])
        );
        assert_eq!(t(2).majors, side(&[13, 9], None));
        // Nobody in the side sat out first last game: the highest cut does.
        assert_eq!(t(2).minors, side(&[4, 8, 5], Some([4, 8, 5, 4])));
        assert_eq!(
            (&t(3).stayers, &t(3).newcomers),
            (&vec![10, 11, 12], &vec![3, 6, 7])
        );
        // 10 partners 3, 11 partners 6; left over 12 (higher) joins the second, 7 the first.
        // 3 and 10 sat out first last game, so 7 does now.
        assert_eq!(t(3).majors, side(&[3, 10, 7], Some([7, 3, 10, 7])));
        assert_eq!(t(3).minors, side(&[6, 11, 12], Some([6, 11, 12, 6])));
        let twice: Vec<u32> = (1..=15)
            .filter(|p| r2.sat_out_first[*p as usize - 1] > 0)
            .collect();
        assert_eq!(twice, vec![3, 4, 6, 7, 10, 13]);
        assert_eq!(check_next_round(&r1, &results, &KEY, &r2), Ok(()));
    }

    /// An Embers game of eight hands: a side of three sits out in turn over all eight
    /// (A J K A J K A J), so J sat out the last hand and is the one who moves down.
    #[test]
    fn over_an_embers_game_of_eight_hands_the_turns_go_round_and_the_last_out_moves_down() {
        let r1 = first_round(13, &[5, 4, 4], &KEY, &cuts(&[(1, &[1, 2, 3, 4, 5])]))
            .unwrap()
            .with_deals(8);
        valid(&r1);
        let three = &r1.tables[0].minors;
        assert_eq!(three.turns(8), Some(vec![3, 4, 5, 3, 4, 5, 3, 4]));
        assert_eq!(three.turns(4), Some(vec![3, 4, 5, 3]));
        assert_eq!((three.last_out(8), three.last_out(4)), (Some(4), Some(3)));
        assert_eq!(r1.tables[0].majors.turns(8), None);
        let results = [
            TableResult::won(1, Side::Majors),
            TableResult::won(2, Side::Majors),
            TableResult::won(3, Side::Majors),
        ];
        let r2 = next_round(&r1, &results, &KEY, &CutOverrides::none()).unwrap();
        valid(&r2);
        assert_eq!(r2.deals, 8, "the game's deals carry to the next round");
        // Table 1's losing three: 4 sat out hand 8, so 4 moves down to table 3; 3 and 5
        // (who sat out hands 1 and 7, and 3 and 6) move up to table 2.
        assert!(r2.tables[2].newcomers.contains(&4));
        assert!(r2.tables[1].newcomers.contains(&3) && r2.tables[1].newcomers.contains(&5));
        assert_eq!(check_next_round(&r1, &results, &KEY, &r2), Ok(()));
        // In a four-deal game 3 sits out the last deal too, and moves down instead.
        let r1_four = first_round(13, &[5, 4, 4], &KEY, &cuts(&[(1, &[1, 2, 3, 4, 5])])).unwrap();
        let r2_four = next_round(&r1_four, &results, &KEY, &CutOverrides::none()).unwrap();
        assert!(r2_four.tables[2].newcomers.contains(&3));
        // Four-deal rounds stored before `deals` was kept read back as four, and a four-deal
        // round writes no `deals`.
        let four = first_round(9, &[5, 4], &KEY, &CutOverrides::none()).unwrap();
        let json = serde_json::to_string(&four).unwrap();
        assert!(!json.contains("deals"), "{json}");
        let back: IndividualRound = serde_json::from_str(&json).unwrap();
        assert_eq!(back.deals, STANDARD_DEALS);
        let mut none = r1.clone();
        none.deals = 0;
        assert!(
            validate_round(&none)
                .unwrap_err()
                .contains(&IndividualViolation::Deals { deals: 0 })
        );
    }

    #[test]
    fn the_first_sitter_out_prefers_who_has_done_it_least() {
        let mut prev = first_round(12, &[6, 6], &KEY, &CutOverrides::none()).unwrap();
        // Nobody sat out first last game, but player 2 has twice before and player 3 once.
        for t in &mut prev.tables {
            for s in [&mut t.majors, &mut t.minors] {
                s.sit_out = None;
            }
        }
        prev.sat_out_first = vec![0; 12];
        prev.sat_out_first[1] = 2;
        prev.sat_out_first[2] = 1;
        assert_eq!(first_out_index([2, 3, 4], Some(&prev)), 2);
        assert_eq!(first_out_index([2, 3, 5], Some(&prev)), 2);
        assert_eq!(first_out_index([2, 3, 4], None), 0);
        // Who sat out first last game goes behind even a side-mate who has done it more.
        let mut last_game = first_round(12, &[6, 6], &KEY, &CutOverrides::none()).unwrap();
        let first = last_game.tables[0].majors.first_out().unwrap();
        last_game.sat_out_first = vec![5; 12];
        last_game.sat_out_first[first as usize - 1] = 1;
        let others: Vec<u32> = (1..=12).filter(|p| *p != first).take(2).collect();
        assert_eq!(
            first_out_index([first, others[0], others[1]], Some(&last_game)),
            1
        );
    }

    #[test]
    fn bad_inputs_are_refused_by_name() {
        let none = CutOverrides::none();
        let err = |players, sizes: &[u32]| first_round(players, sizes, &KEY, &none).unwrap_err();
        assert_eq!(err(4, &[4]), IndividualError::Tables(1));
        assert_eq!(
            err(4, &[4]).to_string(),
            "an individual progressive needs 2 to 100 tables (not 1)"
        );
        assert_eq!(err(0, &[]), IndividualError::Tables(0));
        assert_eq!(
            err(11, &[4, 7]),
            IndividualError::TableSize { table: 2, size: 7 }
        );
        assert_eq!(
            err(7, &[3, 4]).to_string(),
            "table 1 is given 3 players: a table seats 4, 5 or 6"
        );
        assert_eq!(
            err(10, &[4, 5]).to_string(),
            "the tables seat 9 players, but there are 10"
        );
        let cut_err = |c: CutOverrides| first_round(9, &[4, 5], &KEY, &c).unwrap_err();
        assert_eq!(
            cut_err(cuts(&[(3, &[1, 2, 3, 4])])).to_string(),
            "a reported cut for table 3, but round 1 has tables 1 to 2"
        );
        assert_eq!(
            cut_err(cuts(&[(1, &[1, 2, 3, 5])])).to_string(),
            "round 1, table 1: the reported cut names player 5, who is not at the table"
        );
        assert_eq!(
            cut_err(cuts(&[(2, &[5, 6, 6, 7, 8])])).to_string(),
            "round 1, table 2: the reported cut names player 6 twice"
        );
        assert_eq!(
            cut_err(cuts(&[(2, &[5, 6, 8, 9])])).to_string(),
            "round 1, table 2: the reported cut leaves out player 7"
        );

        let r1 = first_round(9, &[4, 5], &KEY, &none).unwrap();
        let next = |results: &[TableResult]| next_round(&r1, results, &KEY, &none).unwrap_err();
        let won = |t| TableResult::won(t, Side::Majors);
        assert_eq!(
            next(&[won(1), won(2), won(3)]).to_string(),
            "a result for table 3, but round 1 has tables 1 to 2"
        );
        assert_eq!(
            next(&[won(1), won(1)]).to_string(),
            "round 1, table 1: two results"
        );
        assert_eq!(next(&[won(2)]).to_string(), "round 1, table 1: no result");
        assert_eq!(
            next_round(&r1, &[won(1), won(2)], &KEY, &cuts(&[(5, &[1])])).unwrap_err(),
            IndividualError::CutForNoTable {
                round: 2,
                table: 5,
                tables: 2
            }
        );
        let mut broken = r1.clone();
        broken.tables[0].majors.players.swap(0, 1);
        let e = next_round(&broken, &[won(1), won(2)], &KEY, &none).unwrap_err();
        assert!(
            matches!(&e, IndividualError::BrokenRound { round: 1, violations } if violations
                == &[IndividualViolation::NotInCutOrder { table: 1, list: "majors" }]),
            "{e}"
        );
        assert_eq!(
            e.to_string(),
            "round 1 breaks the rules: table 1: the majors are not listed in cut order"
        );
        let mut last = r1.clone();
        last.round = MAX_ROUNDS;
        assert_eq!(
            next_round(&last, &[won(1), won(2)], &KEY, &none).unwrap_err(),
            IndividualError::LastRound(MAX_ROUNDS)
        );
    }

    /// Every rule of the validator, each broken once on a sound round.
    #[test]
    fn the_validator_names_each_broken_rule() {
        let r1 = first_round(15, &[4, 5, 6], &KEY, &CutOverrides::none()).unwrap();
        let r2 = next_round(
            &r1,
            &[
                TableResult::won(1, Side::Majors),
                TableResult::won(2, Side::Minors),
                TableResult::won(3, Side::Minors),
            ],
            &KEY,
            &CutOverrides::none(),
        )
        .unwrap();
        valid(&r2);
        let broken = |r: &IndividualRound| validate_round(r).expect_err("must be broken");
        let has = |r: &IndividualRound, want: &IndividualViolation| {
            let v = broken(r);
            assert!(v.contains(want), "{want:?} not in {v:?}");
        };

        let mut r = r2.clone();
        r.round = 0;
        assert!(matches!(
            broken(&r)[..],
            [IndividualViolation::Size { round: 0, .. }]
        ));
        let mut r = r2.clone();
        r.players = 1000;
        assert!(matches!(
            broken(&r)[..],
            [IndividualViolation::Size { players: 1000, .. }]
        ));

        let mut r = r2.clone();
        r.tables.swap(0, 1);
        has(&r, &IndividualViolation::TableNumber { place: 1, table: 2 });

        // A player twice (and so another missing), one out of range.
        let mut r = r2.clone();
        let p = r.tables[0].majors.players[0];
        let q = r.tables[1].majors.players[0];
        r.tables[1].majors.players[0] = p;
        has(
            &r,
            &IndividualViolation::PlayerTwice {
                player: p,
                first: 1,
                second: 2,
            },
        );
        has(&r, &IndividualViolation::PlayerMissing { player: q });
        has(&r, &IndividualViolation::CutNotTheTable { table: 2 });
        let mut r = r2.clone();
        r.tables[0].majors.players[0] = 99;
        has(
            &r,
            &IndividualViolation::PlayerOutOfRange {
                table: 1,
                player: 99,
                players: 15,
            },
        );

        // A side of one, a side of four.
        let mut r = r2.clone();
        let t = r.tables.iter_mut().find(|t| t.size() == 4).unwrap();
        let moved = t.majors.players.pop().unwrap();
        t.minors.players.push(moved);
        let table = t.table;
        has(
            &r,
            &IndividualViolation::SideSize {
                table,
                side: Side::Majors,
                size: 1,
            },
        );
        let mut r = r2.clone();
        let t = r.tables.iter_mut().find(|t| t.size() == 6).unwrap();
        let moved = t.majors.players.pop().unwrap();
        t.minors.players.push(moved);
        let table = t.table;
        has(
            &r,
            &IndividualViolation::SideSize {
                table,
                side: Side::Minors,
                size: 4,
            },
        );

        // A table of seven (a player from another table of five or six).
        let mut r = r2.clone();
        let six = r.tables.iter().position(|t| t.size() == 6).unwrap();
        let five = r.tables.iter().position(|t| t.size() == 5).unwrap();
        let p = r.tables[five].minors.players.pop().unwrap();
        r.tables[six].minors.players.push(p);
        has(
            &r,
            &IndividualViolation::TableSize {
                table: six as u32 + 1,
                size: 7,
            },
        );

        let mut r = r2.clone();
        r.tables[0].stayers.pop();
        has(&r, &IndividualViolation::StayersNotTheTable { table: 1 });
        has(
            &r,
            &IndividualViolation::StayersAndNewcomers {
                table: 1,
                stayers: r.tables[0].stayers.len(),
                newcomers: r.tables[0].newcomers.len(),
            },
        );

        let mut r = r1.clone();
        let p = r.tables[0].newcomers.remove(0);
        r.tables[0].stayers.push(p);
        has(
            &r,
            &IndividualViolation::StayersInRoundOne {
                table: 1,
                stayers: vec![p],
            },
        );

        let mut r = r2.clone();
        r.tables[0].cut.reverse();
        has(
            &r,
            &IndividualViolation::NotInCutOrder {
                table: 1,
                list: "players who stayed",
            },
        );

        // Two stayers partnered: both sides unmixed, and not what the cut makes.
        let mut r = r2.clone();
        let t = r.tables.iter_mut().find(|t| t.size() == 4).unwrap();
        let table = t.table;
        t.majors.players = t.stayers.clone();
        t.minors.players = t.newcomers.clone();
        t.cut = [t.stayers.clone(), t.newcomers.clone()].concat();
        has(
            &r,
            &IndividualViolation::PartnersNotMixed {
                table,
                side: Side::Majors,
                missing: "newcomer",
            },
        );
        has(
            &r,
            &IndividualViolation::PartnersNotMixed {
                table,
                side: Side::Minors,
                missing: "stayer",
            },
        );

        // Mixed, but the highest newcomer with the second stayer.
        let mut r = r2.clone();
        let t = r.tables.iter_mut().find(|t| t.size() == 4).unwrap();
        let table = t.table;
        let (s, n) = (t.stayers.clone(), t.newcomers.clone());
        t.cut = vec![s[0], s[1], n[0], n[1]];
        t.majors.players = vec![s[0], n[1]];
        t.minors.players = vec![s[1], n[0]];
        has(
            &r,
            &IndividualViolation::SidesNotByCut {
                table,
                majors: vec![s[0], n[0]],
                minors: vec![s[1], n[1]],
            },
        );

        // Sit-outs: none for three, some for two, not a rotation.
        let mut r = r2.clone();
        let (i, side) = r
            .tables
            .iter()
            .enumerate()
            .find_map(|(i, t)| {
                Side::ALL
                    .into_iter()
                    .find(|s| t.side(*s).players.len() == 3)
                    .map(|s| (i, s))
            })
            .unwrap();
        let table = i as u32 + 1;
        let three = match side {
            Side::Majors => &mut r.tables[i].majors,
            Side::Minors => &mut r.tables[i].minors,
        };
        let order = three.sit_out.unwrap();
        three.sit_out = Some([order[0], order[2], order[1], order[0]]);
        has(&r, &IndividualViolation::SitOutRotation { table, side });
        three_none(&mut r, i, side);
        has(&r, &IndividualViolation::SitOutMissing { table, side });
        let mut r = r2.clone();
        let two = r
            .tables
            .iter_mut()
            .find(|t| t.majors.players.len() == 2)
            .unwrap();
        let table = two.table;
        let p = two.majors.players[0];
        two.majors.sit_out = Some([p; 4]);
        has(
            &r,
            &IndividualViolation::SitOutForTwo {
                table,
                side: Side::Majors,
            },
        );

        let mut r = r2.clone();
        r.sat_out_first.pop();
        has(
            &r,
            &IndividualViolation::SatOutFirstLength {
                counted: 14,
                players: 15,
            },
        );
        let mut r = r2.clone();
        let first = r
            .tables
            .iter()
            .find_map(|t| t.majors.first_out().or(t.minors.first_out()))
            .unwrap();
        r.sat_out_first[first as usize - 1] = 0;
        has(
            &r,
            &IndividualViolation::SatOutFirstCount {
                player: first,
                count: 0,
                round: 2,
            },
        );
        r.sat_out_first[first as usize - 1] = 3;
        has(
            &r,
            &IndividualViolation::SatOutFirstCount {
                player: first,
                count: 3,
                round: 2,
            },
        );
    }

    fn three_none(r: &mut IndividualRound, i: usize, side: Side) {
        match side {
            Side::Majors => r.tables[i].majors.sit_out = None,
            Side::Minors => r.tables[i].minors.sit_out = None,
        }
    }

    #[test]
    fn check_next_round_finds_a_round_that_does_not_follow() {
        let none = CutOverrides::none();
        let r1 = first_round(14, &[4, 5, 5], &KEY, &none).unwrap();
        let results = [
            TableResult::won(1, Side::Minors),
            TableResult::scores(2, 10, 5),
            TableResult::scores(3, 5, 10),
        ];
        let r2 = next_round(&r1, &results, &KEY, &none).unwrap();
        assert_eq!(check_next_round(&r1, &results, &KEY, &r2), Ok(()));
        // Another key draws other cuts.
        assert!(matches!(
            check_next_round(&r1, &results, &[7; 32], &r2),
            Err(IndividualError::NotTheNextRound { round: 2, .. })
        ));
        // Another result moves other players.
        let other_results = [results[0], results[1], TableResult::scores(3, 10, 5)];
        let e = check_next_round(&r1, &other_results, &KEY, &r2).unwrap_err();
        assert!(
            e.to_string().starts_with(
                "round 2 is not what the rules make of the round before and its results: table "
            ),
            "{e}"
        );
        // A reported cut is taken as reported.
        let mut reported = r2.clone();
        reported.tables[0].cut_reported = true;
        assert_eq!(
            check_next_round(&r1, &results, &[7; 32], &reported).map_err(|_| ()),
            Err(())
        );
        assert_eq!(check_next_round(&r1, &results, &KEY, &reported), Ok(()));
        let mut miscounted = r2.clone();
        let p = (1..=14)
            .find(|p| !r2.sat_out_first_here(*p) && r2.sat_out_first[*p as usize - 1] == 0)
            .unwrap();
        miscounted.sat_out_first[p as usize - 1] = 1;
        assert!(check_next_round(&r1, &results, &KEY, &miscounted).is_err());
    }

    #[test]
    fn rounds_and_results_read_back_from_json() {
        let r1 = first_round(9, &[4, 5], &KEY, &CutOverrides::none()).unwrap();
        let json = serde_json::to_string(&r1).unwrap();
        assert!(
            json.starts_with(
                r#"{"round":1,"players":9,"tables":[{"table":1,"stayers":[],"newcomers":["#
            ),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<IndividualRound>(&json).unwrap(), r1);
        let results = [
            TableResult::won(1, Side::Minors),
            TableResult::scores(2, 120, -40),
        ];
        let json = serde_json::to_string(&results).unwrap();
        assert_eq!(
            json,
            r#"[{"table":1,"outcome":{"won":"minors"}},{"table":2,"outcome":{"scores":{"majors":120,"minors":-40}}}]"#
        );
        assert_eq!(
            serde_json::from_str::<Vec<TableResult>>(&json).unwrap(),
            results
        );
        assert!(
            serde_json::from_str::<TableResult>(r#"{"table":1,"outcome":{"won":"north"}}"#)
                .is_err()
        );
        let c = cuts(&[(2, &[5, 6, 7, 8, 9])]);
        assert_eq!(serde_json::to_string(&c).unwrap(), r#"{"2":[5,6,7,8,9]}"#);
    }
}
