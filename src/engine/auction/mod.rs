//! Auction Calypso (v0.0.1), three-handed: 208 cards, 17 each a hand, over an agreed number
//! of hands. Each hand opens with an auction for calypsos, points and a trump suit; the
//! declarer names the two opponents' trumps and plays against them. Every player builds a
//! calypso in each suit, carried from hand to hand, adding only to the one of that hand's
//! trumps. Between hands, Embers' green room and sin bin, with the sin bin completing a
//! deal the green room is too short for. Trick play is [`Game`]'s, in its
//! [`Game::trick_play_only`] mode on a three-seat table per seating of trumps; won tricks
//! go through [`take_trick`].
//!
//! - [`spec`]: the game as data; [`bidding`]: calls and the auction as a state machine.
//! - [`setup`]: the optional setup; [`play`]: a game hand by hand, the piles between hands.
//! - [`record`], [`replay`]: a whole play record, replayed.
//! - [`summary`]: what a table reports after each hand (counts), checked, and the scores.
//! - [`random`]: random legal games, for tests.
//! - [`pairs`]: the partnership game for four (our design; the seed's list is lost).
//! - [`hands`]: what both games share hand by hand (replay and random play of a hand).
//!
//! [`Game`]: crate::engine::Game
//! [`Game::trick_play_only`]: crate::engine::Game::trick_play_only
//! [`take_trick`]: crate::engine::game::take_trick

pub mod bidding;
pub mod hands;
pub mod notation;
pub mod pairs;
pub mod play;
pub mod random;
pub mod record;
pub mod replay;
pub mod setup;
pub mod spec;
pub mod summary;
pub mod wire;

pub use bidding::{
    Auction, AuctionState, Bid, Call, CallError, Contract, Doubling, MAX_CALLS, MAX_CALYPSOS_BID,
    MAX_POINTS_BID, MIN_POINTS_NO_CALYPSO,
};
pub use notation::{FIRST_DEALER, NotACall};
pub use play::{AuctionGame, AuctionPlayError};
pub use record::{AuctionHandRecord, AuctionRecord};
pub use replay::{AuctionError, AuctionOutcome, replay};
pub use setup::{STANDARDISED, Setup, SetupKind};
pub use spec::{AuctionSpec, AuctionSpecError, MAX_HANDS, MIN_HANDS};
pub use summary::{
    AuctionEnd, AuctionScore, AuctionSummary, HandReport, HandScore, PlayerLine, PlayerPoints,
    calypso_bonus, check, misere_scores, score,
};
pub use wire::SuitCounts;
