//! Play at the app's table (issue #39): one board played card by card online, every card
//! refereed by the engine. Pure, like the rest of `event`: no database, no HTTP.
//!
//! - [`replay`]: a board's table rebuilt from its stored move log, and whether a new card
//!   is the next move.
//! - [`view`]: what one seat may know of a table being played, as the seat API's JSON, and
//!   why a card is refused, in the player's words.
//! - [`words`]: cards and suits in words for a screen reader ("nine of spades").
//! - [`robots`]: whether a robot plays a seat now, its card from that seat's view only, and
//!   the fair queue of tables across clubs.

pub mod duet;
pub mod replay;
pub mod robots;
pub mod view;
pub mod words;
