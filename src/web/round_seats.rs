//! Who sits where at round control's tables, for the page and the API: a pair's entry
//! number at a fixed movement's table, a progressive individual's players.

use crate::event::rounds::TableState;

/// One side of a table: a pair's entry number, or a progressive individual's players with
/// the sit-out order of a side of three.
pub enum Seated {
    Entry(Option<u32>),
    Players {
        players: Vec<u32>,
        /// Who sits out each deal of the game, for a side of three.
        sit_out: Option<Vec<u32>>,
    },
}

pub struct TableSeats {
    pub table: u32,
    pub state: TableState,
    pub majors: Seated,
    pub minors: Seated,
    pub boards: Vec<u32>,
    /// A progressive individual's cut (its players, highest first) and whether the table
    /// reported it (otherwise it was drawn from the event's key).
    pub cut: Option<(Vec<u32>, bool)>,
    /// Auction Calypso's table of three: its players at positions 1, 2, 3 (the sides are
    /// then not used).
    pub players: Option<[u32; 3]>,
}

pub struct Upcoming {
    pub round: u32,
    /// Table and who sits there, for the page.
    pub tables: Vec<(u32, String)>,
    pub seats: Vec<TableSeats>,
}
