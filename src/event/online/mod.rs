//! Play at the app's table (#39): boards played online, card by card.
//!
//! - [`replay`]: a board's table rebuilt from its stored move log, and whether a new card
//!   is the next move.

pub mod replay;
