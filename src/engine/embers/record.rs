//! An Embers game's play record: per hand the dealer, the hands as dealt and the tricks.

use serde::{Deserialize, Serialize};

use crate::engine::cards::{Card, Seat};
use crate::engine::kaiso::wire;

/// One hand: the dealer, the cards dealt to each seat, the 13 tricks by seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EmbersHandRecord {
    /// Required for the first hand; later hands pass to the left and may omit it.
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
}

/// The hands played so far, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EmbersRecord {
    pub deals: Vec<EmbersHandRecord>,
}
