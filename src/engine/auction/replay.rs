//! A whole Auction Calypso play record replayed: every deal checked against the green room
//! and sin bin, every call against the auction, every card against the hand and the
//! follow-suit rule, every sale against the contract; the reports and scores derived.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::hands::{Fault, HandView, check_record_length, replay_hands};
use super::play::AuctionGame;
use super::record::AuctionRecord;
use super::spec::{AuctionSpec, player_name};
use super::summary::{AuctionScore, AuctionSummary, score};
use crate::engine::cards::{Card, Seat};
use crate::engine::replay::write_located_by;

/// An impossible or malformed record, with where it went wrong (1-based numbers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuctionError {
    pub hand: Option<usize>,
    /// The call (1-based) when a call is refused.
    pub call: Option<usize>,
    pub trick: Option<usize>,
    pub player: Option<Seat>,
    pub card: Option<Card>,
    pub message: String,
}

impl AuctionError {
    fn at(hand: Option<usize>, message: String) -> AuctionError {
        AuctionError {
            hand,
            call: None,
            trick: None,
            player: None,
            card: None,
            message,
        }
    }
}

impl From<Fault> for AuctionError {
    fn from(f: Fault) -> AuctionError {
        AuctionError {
            hand: f.hand,
            call: f.call,
            trick: f.trick,
            player: f.seat,
            card: f.card,
            message: f.message,
        }
    }
}

impl fmt::Display for AuctionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = self.player.map(player_name);
        let at = self.hand.map(|h| ("hand", h));
        // "hand 2, call 1: player 3's 160 clubs: ..." or "hand 1, trick 5, player 2, 7H: ...".
        let who = match self.call {
            Some(c) => Some(format!("call {c}")),
            None => who,
        };
        write_located_by(f, at, self.trick, who.as_deref(), self.card, &self.message)
    }
}

impl std::error::Error for AuctionError {}

/// The game replayed: what the table reports after each hand, and the scores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuctionOutcome {
    pub summary: AuctionSummary,
    pub score: AuctionScore,
    pub hands_played: usize,
    pub complete: bool,
}

impl AuctionOutcome {
    pub fn of(game: &AuctionGame) -> AuctionOutcome {
        let summary = game.summary();
        let score = score(game.spec(), &summary);
        AuctionOutcome {
            hands_played: summary.hands.len(),
            complete: game.is_over(),
            summary,
            score,
        }
    }
}

/// Replays `record`; anything impossible stops it with an error naming the hand and the
/// call, or the trick, player and card.
pub fn replay(spec: &AuctionSpec, record: &AuctionRecord) -> Result<AuctionOutcome, AuctionError> {
    check_record_length(record.deals.len(), spec.hands).map_err(AuctionError::from)?;
    let mut game = AuctionGame::new(spec, record.first_dealer, &record.setup())
        .map_err(|e| AuctionError::at(None, format!("setup: {e}")))?;
    if let Some(kind) = spec.setup {
        super::setup::check_cards(kind, &record.setup()).map_err(|m| AuctionError::at(None, m))?;
    }
    let deals = record.deals.iter().map(|d| HandView {
        hands: &d.hands,
        calls: &d.calls,
        opponents_trumps: d.opponents_trumps,
        tricks: &d.tricks,
        sold: &d.sold,
    });
    replay_hands(&mut game, deals).map_err(AuctionError::from)?;
    Ok(AuctionOutcome::of(&game))
}
