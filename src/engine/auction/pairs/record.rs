//! A partnership Auction game's play record: the first dealer, and per hand the cards dealt
//! to each seat, the calls, the opponents' trumps, the 13 tricks and the sale.

use serde::{Deserialize, Serialize};

use super::spec::PLAYERS;
use crate::engine::auction::bidding::Call;
use crate::engine::cards::{Card, Seat, Suit};
use crate::engine::kaiso::wire::{cards, seat_hands, seat_tricks};

/// One hand: the cards dealt to each seat (`{"N": [..], ..}`), the calls from eldest, the
/// opponents' trumps (left-hand opponent first; none in misère), the 13 tricks (`{"N":
/// "AS", ..}`), and the cards the declarer sold.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairsHandRecord {
    #[serde(with = "seat_hands")]
    pub hands: [Vec<Card>; PLAYERS],
    #[serde(default)]
    pub calls: Vec<Call>,
    #[serde(
        with = "crate::engine::auction::wire::opt_trumps",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub opponents_trumps: Option<[Suit; 2]>,
    #[serde(with = "seat_tricks", default)]
    pub tricks: Vec<[Option<Card>; PLAYERS]>,
    #[serde(with = "cards", default, skip_serializing_if = "Vec::is_empty")]
    pub sold: Vec<Card>,
}

/// A whole game, or the hands of it played so far. No setup: the partnership game starts
/// with every card in the green room (setups for four are not built yet).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairsRecord {
    #[serde(with = "super::summary::seat")]
    pub first_dealer: Seat,
    pub deals: Vec<PairsHandRecord>,
}
