//! Partnership Auction's table: its seats and sides, the hands agreed, and the four-seat
//! trick tables for every seating of the trumps.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::engine::auction::setup::{Holders, SetupOf};
use crate::engine::auction::spec::SetupKind;
use crate::engine::cards::{Card, CardCounts, Seat, Suit};
use crate::engine::spec::{GameSpec, PlayOrder, TrickRule, Trumps, Variant};
use crate::engine::summary::Problem;

/// Players at the table: North, East, South, West; N-S against E-W.
pub const PLAYERS: usize = 4;
/// Partnerships: index 0 is North-South, 1 is East-West.
pub const SIDES: usize = 2;
/// Cards per player per hand.
pub const HAND_SIZE: usize = 13;
/// Cards in one hand's deal.
pub const DEAL: usize = 52;
/// Fewest hands accepted (one round of dealers).
pub const MIN_HANDS: usize = 4;
/// Most hands accepted.
pub const MAX_HANDS: usize = 60;
/// Most calls in one auction of four.
pub const MAX_CALLS: usize = crate::engine::auction::bidding::max_calls(PLAYERS);

/// The partnership a seat plays for: 0 North-South, 1 East-West.
pub fn side_of(seat: Seat) -> usize {
    seat.index() % SIDES
}

/// "North-South" or "East-West".
pub fn side_name(side: usize) -> &'static str {
    if side == 0 {
        "North-South"
    } else {
        "East-West"
    }
}

/// "North", as messages name a player.
pub fn seat_name(seat: Seat) -> &'static str {
    seat.name()
}

/// The partnership game's setup: the calypsos in progress each partnership starts with
/// (North-South, East-West), and the calypsos found complete in it (500 to each
/// partnership for each).
pub type PairsSetup = SetupOf<SIDES>;

fn side_at(i: usize) -> String {
    side_name(i).to_string()
}

fn at_side(p: Problem, i: usize) -> Problem {
    Problem {
        side: Some(i % SIDES),
        ..p
    }
}

/// The setup's holders in the game for four: the two partnerships.
pub const SIDE_HOLDERS: Holders = Holders {
    one: "partnership",
    all: "both partnerships",
    group: "the partnerships",
    count: "two",
    name: side_at,
    locate: at_side,
};

/// Most calypsos any setup for four can find complete: two partnerships' four suits.
pub const MAX_SETUP_CALYPSOS: u32 = (SIDES * 4) as u32;

/// The trump suit of each seat in one hand: none in a misère hand.
pub type SeatTrumps = [Option<Suit>; PLAYERS];

/// Values by partnership, `{"NS": .., "EW": ..}`; both are required.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BySide<T> {
    #[serde(rename = "NS")]
    pub ns: T,
    #[serde(rename = "EW")]
    pub ew: T,
}

impl<T: Copy> BySide<T> {
    pub fn from_array([ns, ew]: [T; SIDES]) -> BySide<T> {
        BySide { ns, ew }
    }

    pub fn to_array(self) -> [T; SIDES] {
        [self.ns, self.ew]
    }
}

/// A partnership Auction game as data: four players, 208 cards, an agreed number of hands,
/// and the four-seat trick-play table of every seating of the four trumps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairsSpec {
    /// Hands agreed in advance, [`MIN_HANDS`]..=[`MAX_HANDS`].
    pub hands: usize,
    /// The setup agreed before the first hand, which checks and replays hold the setup to;
    /// `None` when not stated (any setup within the bounds). See [`PairsSpec::with_setup`].
    pub setup: Option<SetupKind>,
    deck: CardCounts,
    /// 24 tables with four distinct trumps and the misère table without trumps.
    tables: Vec<GameSpec>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairsSpecError(pub usize);

impl fmt::Display for PairsSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a partnership Auction Calypso game is {MIN_HANDS} to {MAX_HANDS} hands agreed in advance, not {}",
            self.0
        )
    }
}

impl std::error::Error for PairsSpecError {}

impl PairsSpec {
    pub fn new(hands: usize) -> Result<PairsSpec, PairsSpecError> {
        if !(MIN_HANDS..=MAX_HANDS).contains(&hands) {
            return Err(PairsSpecError(hands));
        }
        let mut deck = CardCounts::new();
        for _ in 0..4 {
            for card in Card::all() {
                deck.add(card);
            }
        }
        let mut seatings: Vec<SeatTrumps> = vec![[None; PLAYERS]];
        for a in Suit::ALL {
            for b in Suit::ALL {
                for c in Suit::ALL {
                    for d in Suit::ALL {
                        let t = [a, b, c, d];
                        if (0..4).all(|i| (0..i).all(|j| t[i] != t[j])) {
                            seatings.push(t.map(Some));
                        }
                    }
                }
            }
        }
        let tables = seatings
            .into_iter()
            .map(|t| {
                // The standard game's partnership table (partners' calypsos collected
                // together), one deal of 13 each from four packs.
                let mut table = GameSpec::new(Variant::Standard).with_rule(TrickRule::Standard);
                table.trumps = Trumps(t);
                table.removed = Vec::new();
                table.deck = deck;
                table.schedule = vec![HAND_SIZE];
                table.order = PlayOrder::pass_left(PLAYERS);
                table
            })
            .collect();
        Ok(PairsSpec {
            hands,
            setup: None,
            deck,
            tables,
        })
    }

    /// The same game with the setup agreed: reports and records are checked against it.
    pub fn with_setup(mut self, kind: SetupKind) -> PairsSpec {
        self.setup = Some(kind);
        self
    }

    /// Every card of the four packs.
    pub fn deck(&self) -> &CardCounts {
        &self.deck
    }

    /// The trick-play table of one seating of trumps (four distinct suits, or none).
    pub fn table(&self, trumps: SeatTrumps) -> Option<&GameSpec> {
        self.tables.iter().find(|t| t.trumps.0 == trumps)
    }

    /// The dealer of hand `h` (1-based): the deal passes to the left.
    pub fn dealer_of(&self, first: Seat, h: usize) -> Seat {
        first.left_by(h.saturating_sub(1) % PLAYERS, PLAYERS)
    }
}

/// Each seat's trump suit in a hand: the declarer's bid suit, the opponents' as named
/// (left-hand opponent first), and the declarer's partner the fourth suit; none in misère.
/// None when the trumps are not known or not allowed.
pub fn seat_trumps(
    outcome: crate::engine::auction::AuctionEnd,
    opponents: Option<[Suit; 2]>,
) -> Option<SeatTrumps> {
    match outcome {
        crate::engine::auction::AuctionEnd::Misere => {
            opponents.is_none().then_some([None; PLAYERS])
        }
        crate::engine::auction::AuctionEnd::Contract(c) => {
            let [lho, rho] = opponents?;
            let own = c.bid.suit;
            if lho == rho || lho == own || rho == own {
                return None;
            }
            let fourth = Suit::ALL
                .into_iter()
                .find(|&s| s != own && s != lho && s != rho)?;
            let d = c.declarer;
            let mut t = [None; PLAYERS];
            t[d.index()] = Some(own);
            t[d.left(PLAYERS).index()] = Some(lho);
            t[d.partner().index()] = Some(fourth);
            t[d.left_by(3, PLAYERS).index()] = Some(rho);
            Some(t)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::auction::{AuctionEnd, Bid, Contract, Doubling};

    #[test]
    fn hands_are_bounded_and_every_seating_of_four_trumps_has_a_table() {
        assert!(PairsSpec::new(3).is_err());
        assert!(PairsSpec::new(61).is_err());
        let spec = PairsSpec::new(16).unwrap();
        assert_eq!(spec.deck().len(), 208);
        assert_eq!(spec.tables.len(), 25);
        let t = spec.table([Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs].map(Some));
        assert_eq!(t.unwrap().players, 4);
        assert!(t.unwrap().scoring.partnerships());
        assert!(spec.table([None; 4]).is_some());
        assert_eq!(spec.dealer_of(Seat::West, 2), Seat::North);
        assert_eq!(
            PairsSpec::new(3).unwrap_err().to_string(),
            "a partnership Auction Calypso game is 4 to 60 hands agreed in advance, not 3"
        );
    }

    /// "Declarer's trump suit is fixed by their winning bid. All trump suits must be
    /// distinct": at four, the declarer names both opponents' and the partner has the fourth.
    #[test]
    fn declarers_trump_suit_is_fixed_by_their_winning_bid_and_all_trump_suits_distinct() {
        let c = Contract {
            declarer: Seat::East,
            bid: Bid::new(0, 200, Suit::Hearts),
            doubling: Doubling::Undoubled,
        };
        let t = seat_trumps(AuctionEnd::Contract(c), Some([Suit::Clubs, Suit::Spades])).unwrap();
        // East declares hearts; South (left) clubs; North (right) spades; West diamonds.
        assert_eq!(
            t,
            [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds].map(Some)
        );
        assert!(seat_trumps(AuctionEnd::Contract(c), Some([Suit::Hearts, Suit::Spades])).is_none());
        assert!(seat_trumps(AuctionEnd::Contract(c), Some([Suit::Clubs, Suit::Clubs])).is_none());
        assert!(seat_trumps(AuctionEnd::Contract(c), None).is_none());
        assert_eq!(seat_trumps(AuctionEnd::Misere, None), Some([None; 4]));
    }
}
