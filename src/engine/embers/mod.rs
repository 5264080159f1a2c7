//! Embers Calypso (Calypso Continuo): the standard game's trick play over any agreed number
//! of hands, with three or more packs. The first hands (the fire) are dealt from one shuffled
//! deck; after that each hand is dealt from the green room, and the last hand's trick piles
//! sit out in the sin bin. Calypsos, completed and in progress, carry over from hand to hand.
//! Trick play is [`Game`]'s, in its [`Game::trick_play_only`] mode, one `Game` per hand;
//! won tricks go through [`take_trick`] so the trick piles' cards are known.
//!
//! - [`spec`]: the game as data; [`play`]: a game hand by hand, the piles between hands.
//! - [`record`], [`replay`]: a whole play record, replayed.
//! - [`summary`]: what a table reports after each hand, checked, and the scores.
//! - [`random`]: random legal games, for tests.
//!
//! [`Game`]: crate::engine::Game
//! [`Game::trick_play_only`]: crate::engine::Game::trick_play_only
//! [`take_trick`]: crate::engine::game::take_trick

pub mod play;
pub mod random;
pub mod record;
pub mod replay;
pub mod spec;
pub mod summary;
pub mod wire;

pub use play::{EmbersDealError, EmbersGame};
pub use record::{EmbersHandRecord, EmbersRecord};
pub use replay::{EmbersError, EmbersOutcome, replay};
pub use spec::{EmbersSpec, EmbersSpecError, MAX_HANDS, MAX_PACKS, MIN_HANDS};
pub use summary::{
    EmbersScore, EmbersSummary, HandScore, HandSummary, PlayerLine, Sides, check, score,
};
