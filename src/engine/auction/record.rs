//! An Auction Calypso game's play record: where it starts (first dealer, setup), and per
//! hand the cards dealt, the calls, the opponents' trumps, the tricks and the sale.

use serde::{Deserialize, Serialize};

use super::bidding::Call;
use super::setup::Setup;
use super::spec::PLAYERS;
use super::wire::{opt_trumps, player, player_cards, player_tricks};
use crate::engine::cards::{Card, Seat, Suit};
use crate::engine::kaiso::wire::cards;

/// One hand: the cards dealt to each player, the calls from eldest, the opponents' trumps
/// (left-hand opponent first; none in misère), the 17 tricks, and the cards the declarer
/// sold.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuctionHandRecord {
    #[serde(with = "player_cards")]
    pub hands: [Vec<Card>; PLAYERS],
    #[serde(default)]
    pub calls: Vec<Call>,
    #[serde(with = "opt_trumps", default, skip_serializing_if = "Option::is_none")]
    pub opponents_trumps: Option<[Suit; 2]>,
    #[serde(with = "player_tricks", default)]
    pub tricks: Vec<[Option<Card>; PLAYERS]>,
    #[serde(with = "cards", default, skip_serializing_if = "Vec::is_empty")]
    pub sold: Vec<Card>,
}

/// A whole game, or the hands of it played so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuctionRecord {
    #[serde(with = "player")]
    pub first_dealer: Seat,
    /// Each player's calypsos in progress from the setup, as cards.
    #[serde(with = "player_cards", default, skip_serializing_if = "no_cards")]
    pub setup: [Vec<Card>; PLAYERS],
    /// Calypsos found complete in the setup (shuffled back; 500 to everyone for each).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub setup_calypsos: u32,
    pub deals: Vec<AuctionHandRecord>,
}

fn no_cards(c: &[Vec<Card>; PLAYERS]) -> bool {
    c.iter().all(Vec::is_empty)
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl AuctionRecord {
    pub fn setup(&self) -> Setup {
        Setup {
            in_progress: self.setup.clone(),
            calypsos: self.setup_calypsos,
        }
    }
}
