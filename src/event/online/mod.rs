//! Play at the app's table (issue #39): one board played card by card online, every card
//! refereed by the engine. Pure, like the rest of `event`: no database, no HTTP.
//!
//! - [`view`]: what one seat may know of a table being played, as the seat API's JSON, and
//!   why a card is refused, in the player's words.

pub mod view;
