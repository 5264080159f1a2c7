//! A partnership Auction game's play record: the first dealer, and per hand the cards dealt
//! to each seat, the calls, the opponents' trumps, the 13 tricks and the sale.

use serde::{Deserialize, Serialize};

use super::spec::{PLAYERS, PairsSetup, SIDES};
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

/// A whole game, or the hands of it played so far, with its setup (none: every card starts
/// in the green room).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairsRecord {
    #[serde(with = "super::summary::seat")]
    pub first_dealer: Seat,
    /// Each partnership's calypsos in progress from the setup, as cards: `{"NS": ["2S",
    /// ..], "EW": [..]}`.
    #[serde(with = "side_cards", default, skip_serializing_if = "no_cards")]
    pub setup: [Vec<Card>; SIDES],
    /// Calypsos found complete in the setup (shuffled back; 500 to each partnership for each).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub setup_calypsos: u32,
    pub deals: Vec<PairsHandRecord>,
}

fn no_cards(c: &[Vec<Card>; SIDES]) -> bool {
    c.iter().all(Vec::is_empty)
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl PairsRecord {
    /// The record's setup.
    pub fn setup(&self) -> PairsSetup {
        PairsSetup {
            in_progress: self.setup.clone(),
            calypsos: self.setup_calypsos,
        }
    }
}

/// Cards by partnership, `{"NS": ["2S", ..], "EW": [..]}`: both are required.
mod side_cards {
    use crate::engine::auction::pairs::spec::{BySide, SIDES};
    use crate::engine::cards::Card;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    struct Cards(#[serde(with = "crate::engine::kaiso::wire::cards")] Vec<Card>);

    pub fn serialize<S: Serializer>(c: &[Vec<Card>; SIDES], s: S) -> Result<S::Ok, S::Error> {
        let [ns, ew] = c.clone().map(Cards);
        BySide { ns, ew }.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Vec<Card>; SIDES], D::Error> {
        let b = BySide::<Cards>::deserialize(d)?;
        Ok([b.ns.0, b.ew.0])
    }
}
