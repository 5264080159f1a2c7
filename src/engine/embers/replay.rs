//! A whole Embers play record replayed: every deal checked against the green room (or the
//! deck), every card against the hand, and the table's reports and scores derived.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::play::{EmbersDealError, EmbersGame};
use super::record::EmbersRecord;
use super::spec::{EmbersSpec, HAND_SIZE};
use super::summary::{EmbersScore, EmbersSummary, score};
use crate::engine::cards::{Card, CardCounts, Seat};
use crate::engine::game::PlayError;
use crate::engine::kaiso::KaisoRevoke;
use crate::engine::replay::{not_held, write_located};

/// An impossible or malformed record, with where it went wrong (1-based numbers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmbersError {
    pub hand: Option<usize>,
    pub trick: Option<usize>,
    pub seat: Option<Seat>,
    pub card: Option<Card>,
    pub message: String,
}

impl EmbersError {
    fn at(hand: usize, message: String) -> EmbersError {
        EmbersError {
            hand: Some(hand),
            trick: None,
            seat: None,
            card: None,
            message,
        }
    }
}

impl fmt::Display for EmbersError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.hand.map(|h| ("hand", h));
        write_located(f, at, self.trick, self.seat, self.card, &self.message)
    }
}

impl std::error::Error for EmbersError {}

/// The game replayed: what the table reports after each hand, the scores, the revokes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmbersOutcome {
    pub summary: EmbersSummary,
    pub score: EmbersScore,
    /// Revokes by hand ("deal") and trick, each scored 260 to the other side.
    pub revokes: Vec<KaisoRevoke>,
    pub hands_played: usize,
    pub complete: bool,
}

impl EmbersOutcome {
    pub fn of(game: &EmbersGame) -> EmbersOutcome {
        let summary = game.summary();
        let score = score(game.spec(), &summary);
        EmbersOutcome {
            revokes: game
                .revokes()
                .iter()
                .map(|r| KaisoRevoke {
                    deal: r.deal,
                    trick: r.trick,
                    seat: r.seat,
                    card: r.card,
                })
                .collect(),
            hands_played: summary.hands.len(),
            complete: game.is_over(),
            summary,
            score,
        }
    }
}

/// Replays `record`: revokes are listed and scored and play goes on; anything impossible
/// stops it with an error naming the hand, trick, seat and card.
pub fn replay(spec: &EmbersSpec, record: &EmbersRecord) -> Result<EmbersOutcome, EmbersError> {
    let plain = |message: String| EmbersError {
        hand: None,
        trick: None,
        seat: None,
        card: None,
        message,
    };
    if record.deals.is_empty() {
        return Err(plain("the record has no hands".into()));
    }
    if record.deals.len() > spec.hands {
        return Err(plain(format!(
            "the record has {} hands, the game is {}",
            record.deals.len(),
            spec.hands
        )));
    }
    let first_dealer = record.deals[0]
        .dealer
        .ok_or_else(|| EmbersError::at(1, "the first hand must name its dealer".into()))?;
    let mut game = EmbersGame::new(spec, first_dealer);
    for (i, deal) in record.deals.iter().enumerate() {
        let n = i + 1;
        let dealer = game.dealer();
        if let Some(named) = deal.dealer
            && named != dealer
        {
            return Err(EmbersError::at(
                n,
                format!(
                    "the dealer should be {} (the deal passes to the left), the record says {}",
                    dealer.name(),
                    named.name()
                ),
            ));
        }
        for (seat, cards) in Seat::ALL.iter().zip(&deal.hands) {
            if cards.len() != HAND_SIZE {
                return Err(EmbersError {
                    seat: Some(*seat),
                    ..EmbersError::at(
                        n,
                        format!(
                            "{} is dealt {} cards, a hand is 13",
                            seat.name(),
                            cards.len()
                        ),
                    )
                });
            }
        }
        game.deal(deal.hands.each_ref().map(CardCounts::from_cards))
            .map_err(|e| {
                let mut err = EmbersError::at(n, e.to_string());
                match e {
                    EmbersDealError::HandSize { seat, .. } => err.seat = Some(seat),
                    EmbersDealError::NotAvailable { seat, card, .. } => {
                        err.seat = Some(seat);
                        err.card = Some(card);
                    }
                    EmbersDealError::GameOver | EmbersDealError::HandInProgress => {}
                }
                err
            })?;
        if deal.tricks.len() != HAND_SIZE {
            return Err(EmbersError::at(
                n,
                format!("the record has {} tricks, a hand has 13", deal.tricks.len()),
            ));
        }
        for (t, trick) in deal.tricks.iter().enumerate() {
            for _ in 0..4 {
                let Some(seat) = game.game().and_then(|g| g.to_play()) else {
                    break;
                };
                let located = |message: String, card: Option<Card>| EmbersError {
                    hand: Some(n),
                    trick: Some(t + 1),
                    seat: Some(seat),
                    card,
                    message,
                };
                let Some(card) = trick[seat.index()] else {
                    return Err(located(
                        format!("the trick has no card for {}", seat.name()),
                        None,
                    ));
                };
                match game.play(card) {
                    Ok(_) => {}
                    Err(PlayError::NotHeld { .. }) => {
                        return Err(located(not_held(seat, card), Some(card)));
                    }
                    Err(e) => return Err(located(format!("{e:?}"), Some(card))),
                }
            }
        }
    }
    Ok(EmbersOutcome::of(&game))
}
