//! The rules engine: pure, no I/O. The referee of every result.

pub mod cards;
pub mod spec;

pub use cards::{Card, CardCounts, NotationError, Rank, Seat, Suit};
pub use spec::{Deal, GameSpec, Scoring, SpecError, TrickRule, Trumps, Variant};
