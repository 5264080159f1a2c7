//! An Auction Calypso game as data: three players, 208 cards, an agreed number of hands,
//! and the trick-play tables of every way the trumps can be seated in one hand.

use std::fmt;

use crate::engine::cards::{Card, CardCounts, Seat, Suit};
use crate::engine::spec::{GameSpec, PlayOrder, TrickRule, Trumps, Variant};

/// Players at the table; positions 0, 1, 2 clockwise are the seats North, East, South of
/// the engine's [`Seat`], written `"1"`, `"2"`, `"3"` in JSON and "player 1" in messages.
pub const PLAYERS: usize = 3;
/// Cards per player per hand.
pub const HAND_SIZE: usize = 17;
/// Cards in one hand's deal.
pub const DEAL: usize = 51;
/// Packs shuffled together: the standard game's 208 cards.
pub const PACKS: usize = 4;
/// Fewest hands accepted (one round of dealers).
pub const MIN_HANDS: usize = 3;
/// Most hands accepted: an input's hands size the game (the seed suggests 18).
pub const MAX_HANDS: usize = 60;
/// Most cards in a calypso in progress: the thirteenth rank completes it.
pub const MAX_IN_PROGRESS: u8 = 12;

/// The players, in seat order.
pub const SEATS: [Seat; PLAYERS] = [Seat::North, Seat::East, Seat::South];

/// "player 1" for the first position.
pub fn player_name(seat: Seat) -> String {
    format!("player {}", seat.index() + 1)
}

/// `"1"` for the first position, as JSON keys and values write it.
pub fn player_key(seat: Seat) -> String {
    (seat.index() + 1).to_string()
}

/// The position a key `"1"`..`"3"` names.
pub fn player_from_key(key: &str) -> Option<Seat> {
    match key.trim() {
        "1" => Some(Seat::North),
        "2" => Some(Seat::East),
        "3" => Some(Seat::South),
        _ => None,
    }
}

/// The next player clockwise (the left-hand opponent, the next dealer, the next to call).
pub fn left_of(seat: Seat) -> Seat {
    seat.left(PLAYERS)
}

/// The player to the right (the left-hand player's left).
pub fn right_of(seat: Seat) -> Seat {
    seat.left_by(PLAYERS - 1, PLAYERS)
}

/// The trump suit of each player in one hand: none in a misère hand.
pub type HandTrumps = [Option<Suit>; PLAYERS];

/// The setup a game agreed before its first hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SetupKind {
    /// No setup: every player starts with no calypso in progress.
    #[default]
    None,
    /// Balanced random (the seed's recommended one): 30 cards dealt face up seed the
    /// dealer's calypsos, and the other two players get the identical set.
    Balanced,
    /// Fully random: each player is dealt 30 cards and keeps the distinct ones.
    FullyRandom,
    /// The standardised setup: every player starts with [`STANDARDISED`](super::setup::STANDARDISED) (ours).
    Standardised,
}

impl SetupKind {
    pub const ALL: [SetupKind; 4] = [
        SetupKind::None,
        SetupKind::Balanced,
        SetupKind::FullyRandom,
        SetupKind::Standardised,
    ];

    /// The word settings, forms and the command line use: `none`, `balanced`,
    /// `fully-random`, `standardised`.
    pub fn word(self) -> &'static str {
        match self {
            SetupKind::None => "none",
            SetupKind::Balanced => "balanced",
            SetupKind::FullyRandom => "fully-random",
            SetupKind::Standardised => "standardised",
        }
    }

    /// The kind a word names (`standardized` and `fully_random` are accepted too).
    pub fn parse(word: &str) -> Option<SetupKind> {
        match word.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "none" => Some(SetupKind::None),
            "balanced" | "balanced-random" => Some(SetupKind::Balanced),
            "fully-random" | "random" => Some(SetupKind::FullyRandom),
            "standardised" | "standardized" | "standard" => Some(SetupKind::Standardised),
            _ => None,
        }
    }

    /// Its name on a page: "balanced random", "fully random", "standardised", "no setup".
    pub fn name(self) -> &'static str {
        match self {
            SetupKind::None => "no setup",
            SetupKind::Balanced => "balanced random",
            SetupKind::FullyRandom => "fully random",
            SetupKind::Standardised => "standardised",
        }
    }

    /// Most calypsos a setup of this kind can find complete: two in balanced random's 30
    /// cards (26 distinct cards), two in each player's 30 in fully random; none otherwise.
    pub fn max_calypsos(self) -> u32 {
        self.max_calypsos_for(PLAYERS)
    }

    /// [`SetupKind::max_calypsos`] for `holders` setups (the partnership game's two): the
    /// fully random setup deals 30 cards to each holder.
    pub fn max_calypsos_for(self, holders: usize) -> u32 {
        match self {
            SetupKind::Balanced => 2,
            SetupKind::FullyRandom => 2 * holders as u32,
            SetupKind::None | SetupKind::Standardised => 0,
        }
    }
}

impl fmt::Display for SetupKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuctionSpec {
    /// Hands agreed in advance, [`MIN_HANDS`]..=[`MAX_HANDS`].
    pub hands: usize,
    /// The setup agreed before the first hand, which checks and replays hold the setup to;
    /// `None` when not stated (any setup within the bounds). See [`AuctionSpec::with_setup`].
    pub setup: Option<SetupKind>,
    deck: CardCounts,
    /// One trick-play table per seating of trumps: 24 with three distinct suits and the
    /// misère table without trumps.
    tables: Vec<GameSpec>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AuctionSpecError {
    Hands(usize),
}

impl fmt::Display for AuctionSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AuctionSpecError::Hands(n) => write!(
                f,
                "an Auction Calypso game is {MIN_HANDS} to {MAX_HANDS} hands agreed in advance, not {n}"
            ),
        }
    }
}

impl std::error::Error for AuctionSpecError {}

impl AuctionSpec {
    pub fn new(hands: usize) -> Result<AuctionSpec, AuctionSpecError> {
        if !(MIN_HANDS..=MAX_HANDS).contains(&hands) {
            return Err(AuctionSpecError::Hands(hands));
        }
        let mut deck = CardCounts::new();
        for _ in 0..PACKS {
            for card in Card::all() {
                deck.add(card);
            }
        }
        let mut seatings: Vec<HandTrumps> = vec![[None; PLAYERS]];
        for a in Suit::ALL {
            for b in Suit::ALL.into_iter().filter(|&b| b != a) {
                for c in Suit::ALL.into_iter().filter(|&c| c != a && c != b) {
                    seatings.push([Some(a), Some(b), Some(c)]);
                }
            }
        }
        let tables = seatings
            .into_iter()
            .map(|t| {
                // Three seats of the cut-throat table, one deal of 17 each from four packs.
                let mut table = GameSpec::new(Variant::CutThroat3).with_rule(TrickRule::Standard);
                table.trumps = Trumps([t[0], t[1], t[2], None]);
                table.removed = Vec::new();
                table.deck = deck;
                table.schedule = vec![HAND_SIZE];
                table.order = PlayOrder::pass_left(PLAYERS);
                table
            })
            .collect();
        Ok(AuctionSpec {
            hands,
            setup: None,
            deck,
            tables,
        })
    }

    /// The same game with the setup agreed: reports and records are checked against it.
    pub fn with_setup(mut self, kind: SetupKind) -> AuctionSpec {
        self.setup = Some(kind);
        self
    }

    /// The seed's suggestion: 18 hands.
    pub fn eighteen_hands() -> AuctionSpec {
        AuctionSpec::new(18).expect("18 hands are within the bounds")
    }

    /// Every card of the four packs.
    pub fn deck(&self) -> &CardCounts {
        &self.deck
    }

    /// The trick-play table of one seating of trumps (three distinct suits, or none).
    pub fn table(&self, trumps: HandTrumps) -> Option<&GameSpec> {
        self.tables
            .iter()
            .find(|t| t.trumps.0[..PLAYERS] == trumps[..])
    }

    /// The dealer of hand `h` (1-based): the deal passes to the left.
    pub fn dealer_of(&self, first: Seat, h: usize) -> Seat {
        first.left_by(h.saturating_sub(1) % PLAYERS, PLAYERS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_are_bounded_and_every_seating_has_a_table() {
        assert!(AuctionSpec::new(2).is_err());
        assert!(AuctionSpec::new(61).is_err());
        let spec = AuctionSpec::new(3).unwrap();
        assert_eq!(spec.deck().len(), 208);
        assert_eq!(spec.tables.len(), 25);
        let t = spec
            .table([Some(Suit::Spades), Some(Suit::Hearts), Some(Suit::Diamonds)])
            .unwrap();
        assert_eq!(t.players, 3);
        assert!(
            spec.table([Some(Suit::Spades), Some(Suit::Spades), None])
                .is_none()
        );
        assert!(spec.table([None; 3]).is_some());
        assert_eq!(spec.dealer_of(Seat::South, 2), Seat::North);
        assert_eq!(
            AuctionSpec::new(61).unwrap_err().to_string(),
            "an Auction Calypso game is 3 to 60 hands agreed in advance, not 61"
        );
    }
}
