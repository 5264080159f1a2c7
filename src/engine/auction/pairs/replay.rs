//! A whole partnership Auction play record replayed: every deal checked against the green
//! room and sin bin, every call against the auction of four, every card against the hand
//! and the follow-suit rule, every sale against the contract; the reports and scores derived.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::play::{PairsGame, PairsPlayError};
use super::record::PairsRecord;
use super::spec::{HAND_SIZE, MAX_CALLS, PLAYERS, PairsSpec, SIDE_HOLDERS, seat_name};
use super::summary::{PairsScore, PairsSummary, score};
use crate::engine::auction::bidding::AuctionState;
use crate::engine::auction::setup::check_cards_for;
use crate::engine::cards::{Card, CardCounts, Seat};
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

    fn from_play(hand: usize, e: PairsPlayError) -> PairsError {
        PairsError {
            seat: e.seat,
            card: e.card,
            ..PairsError::at(Some(hand), e.message)
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
    if record.deals.is_empty() {
        return Err(PairsError::at(None, "the record has no hands".into()));
    }
    if record.deals.len() > spec.hands {
        return Err(PairsError::at(
            None,
            format!(
                "the record has {} hands, the game is {}",
                record.deals.len(),
                spec.hands
            ),
        ));
    }
    let setup = record.setup();
    let mut game = PairsGame::with_setup(spec, record.first_dealer, &setup)
        .map_err(|e| PairsError::at(None, format!("setup: {e}")))?;
    if let Some(kind) = spec.setup {
        check_cards_for(&SIDE_HOLDERS, kind, &setup).map_err(|m| PairsError::at(None, m))?;
    }
    for (i, deal) in record.deals.iter().enumerate() {
        let n = i + 1;
        let at = |message: String| PairsError::at(Some(n), message);
        for seat in Seat::ALL {
            let cards = &deal.hands[seat.index()];
            if cards.len() != HAND_SIZE {
                return Err(PairsError {
                    seat: Some(seat),
                    ..at(format!(
                        "{} is dealt {} cards, a hand is {HAND_SIZE}",
                        seat_name(seat),
                        cards.len()
                    ))
                });
            }
        }
        game.deal(deal.hands.each_ref().map(CardCounts::from_cards))
            .map_err(|e| PairsError::from_play(n, e))?;
        if deal.calls.len() > MAX_CALLS {
            return Err(at(format!(
                "{} calls: no auction is longer than {MAX_CALLS}",
                deal.calls.len()
            )));
        }
        let mut state = None;
        for (c, &call) in deal.calls.iter().enumerate() {
            if let Some(AuctionState::Won(_) | AuctionState::Misere) = state {
                return Err(PairsError {
                    call: Some(c + 1),
                    ..at(format!("{call}: the auction was over after call {c}"))
                });
            }
            let s = game.call(call).map_err(|e| PairsError {
                call: Some(c + 1),
                ..PairsError::from_play(n, e)
            })?;
            state = Some(s);
        }
        match state {
            None | Some(AuctionState::Open { .. }) => {
                let next = game.auction().and_then(|a| a.to_call());
                return Err(at(format!(
                    "the auction is not over after {} calls{}",
                    deal.calls.len(),
                    next.map(|p| format!(": {} is still to call", seat_name(p)))
                        .unwrap_or_default()
                )));
            }
            Some(AuctionState::Misere) => {
                if deal.opponents_trumps.is_some() {
                    return Err(at(
                        "all four passed: a misère hand has no trumps to name".into()
                    ));
                }
            }
            Some(AuctionState::Won(c)) => {
                let Some([lho, rho]) = deal.opponents_trumps else {
                    return Err(at(format!(
                        "{} must name the opponents' trumps",
                        seat_name(c.declarer)
                    )));
                };
                game.name_trumps(lho, rho)
                    .map_err(|e| PairsError::from_play(n, e))?;
            }
        }
        if deal.tricks.len() != HAND_SIZE {
            return Err(at(format!(
                "the record has {} tricks, a hand has {HAND_SIZE}",
                deal.tricks.len()
            )));
        }
        for (t, trick) in deal.tricks.iter().enumerate() {
            for _ in 0..PLAYERS {
                let Some(seat) = game.game().and_then(|g| g.to_play()) else {
                    break;
                };
                let Some(card) = trick[seat.index()] else {
                    return Err(PairsError {
                        trick: Some(t + 1),
                        seat: Some(seat),
                        ..at(format!("the trick has no card for {}", seat_name(seat)))
                    });
                };
                game.play(card).map_err(|e| PairsError {
                    trick: Some(t + 1),
                    seat: Some(seat),
                    card: Some(card),
                    ..PairsError::from_play(n, e)
                })?;
            }
        }
        if game.contract().is_some() {
            game.sell(&deal.sold)
                .map_err(|e| PairsError::from_play(n, e))?;
        } else if !deal.sold.is_empty() {
            return Err(at(
                "cards are sold in a misère hand, which has no declarer".into()
            ));
        }
    }
    Ok(PairsOutcome::of(&game))
}
