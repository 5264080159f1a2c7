//! Partnership Auction Calypso for four (our design: the seed's list of changes is lost; see
//! docs/variants.md, "Partnership Auction Calypso"). North-South play East-West in fixed
//! partnerships; 13 cards each a hand (52) from the green room, completed from the sin bin.
//! The auction is the three-hander's ([`Auction::partnership`]); the declarer's trumps are
//! the bid suit, the declarer names both opponents' trumps and their partner takes the
//! fourth suit. Each partnership builds ONE calypso per suit, carried from hand to hand, and
//! keeps one trick pile; a partnership's contract, defence, misère and calypsos are scored
//! to the partnership. An optional setup ([`PairsSetup`]) is the three-hander's, per
//! partnership: its procedures and checks are [`setup`](super::setup)'s.
//!
//! - [`play`]: a game hand by hand; [`record`], [`replay`]: a play record replayed.
//! - [`summary`]: what a table reports after each hand (counts per partnership), checked,
//!   and the scores; [`random`]: random legal games, for tests.
//!
//! [`Auction::partnership`]: super::Auction::partnership

pub mod play;
pub mod random;
pub mod record;
pub mod replay;
pub mod spec;
pub mod summary;

pub use play::{PairsGame, PairsPlayError};
pub use record::{PairsHandRecord, PairsRecord};
pub use replay::{PairsError, PairsOutcome, replay};
pub use spec::*;
pub use summary::{
    PairsHandReport, PairsHandScore, PairsScore, PairsSummary, SideLine, SidePoints, check, score,
};
