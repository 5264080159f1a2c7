//! A whole partnership Auction play record replayed: every deal checked against the green
//! room and sin bin, every call against the auction of four, every card against the hand
//! and the follow-suit rule, every sale against the contract; the reports and scores derived.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::play::PairsGame;
use super::record::PairsRecord;
use super::spec::{PairsSpec, SIDE_HOLDERS, seat_name};
use super::summary::{PairsScore, PairsSummary, score};
use crate::engine::auction::hands::{Fault, HandView, check_record_length, replay_hands};
use crate::engine::auction::setup::check_cards_for;
use crate::engine::cards::{Card, Seat};
use crate::engine::replay::write_located_by;

/// An impossible or malformed record, with where it went wrong (1-based numbers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairsError {
    pub hand: Option<usize>,
    pub call: Option<usize>,
    pub trick: Option<usize>,
    pub seat: Option<Seat>,
    pub card: Option<Card>,
    pub message: String,
}

impl PairsError {
    fn at(hand: Option<usize>, message: String) -> PairsError {
        PairsError {
            hand,
            call: None,
            trick: None,
            seat: None,
            card: None,
            message,
        }
    }
}

impl From<Fault> for PairsError {
    fn from(f: Fault) -> PairsError {
        PairsError {
            hand: f.hand,
            call: f.call,
            trick: f.trick,
            seat: f.seat,
            card: f.card,
            message: f.message,
        }
    }
}

impl fmt::Display for PairsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = match self.call {
            Some(c) => Some(format!("call {c}")),
            None => self.seat.map(|s| seat_name(s).to_string()),
        };
        write_located_by(
            f,
            self.hand.map(|h| ("hand", h)),
            self.trick,
            who.as_deref(),
            self.card,
            &self.message,
        )
    }
}

impl std::error::Error for PairsError {}

/// The game replayed: what the table reports after each hand, and the scores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairsOutcome {
    pub summary: PairsSummary,
    pub score: PairsScore,
    pub hands_played: usize,
    pub complete: bool,
}

impl PairsOutcome {
    pub fn of(game: &PairsGame) -> PairsOutcome {
        let summary = game.summary();
        let score = score(game.spec(), &summary);
        PairsOutcome {
            hands_played: summary.hands.len(),
            complete: game.is_over(),
            summary,
            score,
        }
    }
}

/// Replays `record`; anything impossible stops it with an error naming the hand and the
/// call, or the trick, seat and card.
pub fn replay(spec: &PairsSpec, record: &PairsRecord) -> Result<PairsOutcome, PairsError> {
    check_record_length(record.deals.len(), spec.hands).map_err(PairsError::from)?;
    let setup = record.setup();
    let mut game = PairsGame::with_setup(spec, record.first_dealer, &setup)
        .map_err(|e| PairsError::at(None, format!("setup: {e}")))?;
    if let Some(kind) = spec.setup {
        check_cards_for(&SIDE_HOLDERS, kind, &setup).map_err(|m| PairsError::at(None, m))?;
    }
    let deals = record.deals.iter().map(|d| HandView {
        hands: &d.hands,
        calls: &d.calls,
        opponents_trumps: d.opponents_trumps,
        tricks: &d.tricks,
        sold: &d.sold,
    });
    replay_hands(&mut game, deals).map_err(PairsError::from)?;
    Ok(PairsOutcome::of(&game))
}
