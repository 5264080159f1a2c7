//! Calypso Duet played online (#39 item 9): each player's choices of a deal beside the
//! table's cards, and what a Duet player may know. Pure: no database, no clock.
//!
//! A Duet player holds two seats: their secret hand (the seat of a black suit, the seat
//! their link names) and their dummy (the red suit's seat opposite). Each deal the board
//! deals four hands as usual; each player receives the two dealt at their seats and, in
//! order (the seed, docs/online.md "Calypso Duet"):
//!
//! 1. **look**: picks up one of the two (names its board seat) and sees it;
//! 2. **dummy**: decides which of the two becomes the dummy (names its board seat);
//! 3. call-and-response only, **pass**: sets three cards of the hand looked at aside (they
//!    will join the other hand);
//! 4. call-and-response only, **return**: moves three cards of the other hand, as dealt,
//!    into the hand looked at. A player who made the hand looked at the dummy does it at once
//!    (they pick up the other hand as their secret hand); one who kept it as the secret hand
//!    does it when their dummy is about to play to the first trick (they see the dummy
//!    only then, as the seed says), and leads, if they lead, from the ten cards kept.
//!
//! The deal's first card waits for both players' first steps (and any return due before
//! it). The engine's [`Game::deal_duet`] takes all of a deal's choices at once: a return made
//! after the first card is dealt first with a stand-in (three cards of the other hand, never
//! shown: the dummy is not exposed and the three cards are not in the hand shown until the
//! return is made), and the deal is dealt again with the real one when it comes (at most two
//! cards of the first trick are played again).
//!
//! The rules live in [`super::replay::duet_rules`] (beside the replay that makes each choice
//! in order, in one file: the two do not import each other); this module names them.

pub use super::replay::duet_rules::*;
pub use super::view::{DuetSeats, DuetView};
