//! A Kaiso game's play record: the deals and tricks as `rules replay` reads them, plus each
//! trick's placements.

use serde::{Deserialize, Serialize};

use super::placement::Placement;
use super::wire;
use crate::engine::cards::{Card, Seat};

/// One deal: the dealer, the hands as dealt, the 13 tricks by seat, and for each trick the
/// winner's placements of its four cards, in the order made.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KaisoDealRecord {
    /// Required for the first deal; later deals pass to the left and may omit it.
    #[serde(
        with = "wire::opt_seat",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub dealer: Option<Seat>,
    #[serde(with = "wire::seat_hands")]
    pub hands: [Vec<Card>; 4],
    #[serde(with = "wire::seat_tricks", default)]
    pub tricks: Vec<[Option<Card>; 4]>,
    /// One list per trick.
    #[serde(default)]
    pub placements: Vec<Vec<Placement>>,
}

/// A Kaiso game's play record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KaisoRecord {
    pub deals: Vec<KaisoDealRecord>,
}
