//! The game an event's tables play, Calypso, Kaiso, Embers or Auction Calypso: a name of its
//! own, so that the settings (which choose it) and the table's report (which is read by it)
//! both take it from here. What each game is called and shows is `event::game::EventGame`.

use std::fmt;

/// The game the tables play on the event's boards: Calypso (in any variant), or Kaiso
/// (Calypso's deal and trick play, with songs scored instead of calypsos).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameKind {
    #[default]
    Calypso,
    Kaiso,
    /// Embers Calypso: hands dealt at the table over an agreed number of hands, the calypsos
    /// carried from hand to hand; a progressive's table-round plays one game.
    Embers,
    /// Auction Calypso for three: each player for themselves at tables of three, an auction
    /// opening every hand; a progressive individual's table-round plays one game.
    Auction,
    /// Partnership Auction Calypso for four (our design, the seed's list of changes being
    /// lost): North-South against East-West hand after hand, an auction opening every hand;
    /// a progressive's table-round plays one game.
    AuctionPairs,
}

impl GameKind {
    pub const ALL: [GameKind; 5] = [
        GameKind::Calypso,
        GameKind::Kaiso,
        GameKind::Embers,
        GameKind::Auction,
        GameKind::AuctionPairs,
    ];
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Calypso => "calypso",
            GameKind::Kaiso => "kaiso",
            GameKind::Embers => "embers",
            GameKind::Auction => "auction",
            GameKind::AuctionPairs => "auction-pairs",
        }
    }
    pub const fn label(self) -> &'static str {
        match self {
            GameKind::Calypso => "Calypso",
            GameKind::Kaiso => "Kaiso",
            GameKind::Embers => "Embers Calypso",
            GameKind::Auction => "Auction Calypso",
            GameKind::AuctionPairs => "Partnership Auction Calypso",
        }
    }
    pub const fn description(self) -> &'static str {
        match self {
            GameKind::Calypso => "Calypsos, calypsos in progress and trick piles.",
            GameKind::Kaiso => {
                "Kaiso v0.0.1: the same deal and tricks; the winner of a trick builds songs (chords and scales) or ditches the cards."
            }
            GameKind::Embers => {
                "Three or more packs, dealt at the table hand after hand; calypsos carry over, trick piles score every hand. Progressive pairs or individual."
            }
            GameKind::Auction => {
                "Three players each for themselves, 17 cards a hand from four packs; every hand opens with an auction for the right to name the trumps. Progressive individual at tables of three only."
            }
            GameKind::AuctionPairs => {
                "Four players, North-South against East-West, 13 cards a hand from four packs; every hand opens with an auction, the declarer names both opponents' trumps. Progressive pairs."
            }
        }
    }
    /// Played hand after hand from cards dealt at the table, not on the event's boards.
    pub const fn continuous(self) -> bool {
        matches!(
            self,
            GameKind::Embers | GameKind::Auction | GameKind::AuctionPairs
        )
    }
    pub fn from_name(s: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.name() == s)
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
