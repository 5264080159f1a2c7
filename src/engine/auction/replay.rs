//! A whole Auction Calypso play record replayed: every deal checked against the green room
//! and sin bin, every call against the auction, every card against the hand and the
//! follow-suit rule, every sale against the contract; the reports and scores derived.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::bidding::{AuctionState, MAX_CALLS};
use super::play::{AuctionGame, AuctionPlayError};
use super::record::AuctionRecord;
use super::spec::{AuctionSpec, HAND_SIZE, PLAYERS, player_name};
use super::summary::{AuctionScore, AuctionSummary, score};
use crate::engine::cards::{Card, CardCounts, Seat};
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
    if record.deals.is_empty() {
        return Err(AuctionError::at(None, "the record has no hands".into()));
    }
    if record.deals.len() > spec.hands {
        return Err(AuctionError::at(
            None,
            format!(
                "the record has {} hands, the game is {}",
                record.deals.len(),
                spec.hands
            ),
        ));
    }
    let mut game = AuctionGame::new(spec, record.first_dealer, &record.setup())
        .map_err(|e| AuctionError::at(None, format!("setup: {e}")))?;
    if let Some(kind) = spec.setup {
        super::setup::check_cards(kind, &record.setup()).map_err(|m| AuctionError::at(None, m))?;
    }
    for (i, deal) in record.deals.iter().enumerate() {
        let n = i + 1;
        let at = |message: String| AuctionError::at(Some(n), message);
        for (p, cards) in deal.hands.iter().enumerate() {
            if cards.len() != HAND_SIZE {
                return Err(AuctionError {
                    player: Some(Seat::from_index(p)),
                    ..at(format!(
                        "{} is dealt {} cards, a hand is {HAND_SIZE}",
                        player_name(Seat::from_index(p)),
                        cards.len()
                    ))
                });
            }
        }
        game.deal(deal.hands.each_ref().map(CardCounts::from_cards))
            .map_err(|e| {
                let mut err = at(e.to_string());
                match e {
                    AuctionPlayError::NotAvailable { seat, card }
                    | AuctionPlayError::GreenRoomFirst { seat, card, .. } => {
                        err.player = Some(seat);
                        err.card = Some(card);
                    }
                    AuctionPlayError::HandSize { seat, .. } => err.player = Some(seat),
                    _ => {}
                }
                err
            })?;
        if deal.calls.len() > MAX_CALLS {
            return Err(at(format!(
                "{} calls: no auction is longer than {MAX_CALLS}",
                deal.calls.len()
            )));
        }
        let mut state = None;
        for (c, &call) in deal.calls.iter().enumerate() {
            if let Some(AuctionState::Won(_) | AuctionState::Misere) = state {
                return Err(AuctionError {
                    call: Some(c + 1),
                    ..at(format!("{call}: the auction was over after call {c}"))
                });
            }
            let s = game.call(call).map_err(|e| AuctionError {
                call: Some(c + 1),
                ..at(e.to_string())
            })?;
            state = Some(s);
        }
        match state {
            None | Some(AuctionState::Open { .. }) => {
                let next = game.auction().and_then(|a| a.to_call());
                return Err(at(format!(
                    "the auction is not over after {} calls{}",
                    deal.calls.len(),
                    next.map(|p| format!(": {} is still to call", player_name(p)))
                        .unwrap_or_default()
                )));
            }
            Some(AuctionState::Misere) => {
                if deal.opponents_trumps.is_some() {
                    return Err(at(
                        "all three passed: a misère hand has no trumps to name".into()
                    ));
                }
            }
            Some(AuctionState::Won(c)) => {
                let Some([lho, rho]) = deal.opponents_trumps else {
                    return Err(at(format!(
                        "{} must name the opponents' trumps",
                        player_name(c.declarer)
                    )));
                };
                game.name_trumps(lho, rho).map_err(|e| at(e.to_string()))?;
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
                let located = |message: String, card: Option<Card>| AuctionError {
                    trick: Some(t + 1),
                    player: Some(seat),
                    card,
                    ..at(message)
                };
                let Some(card) = trick[seat.index()] else {
                    return Err(located(
                        format!("the trick has no card for {}", player_name(seat)),
                        None,
                    ));
                };
                game.play(card)
                    .map_err(|e| located(e.to_string(), Some(card)))?;
            }
        }
        if game.contract().is_some() {
            game.sell(&deal.sold).map_err(|e| at(e.to_string()))?;
        } else if !deal.sold.is_empty() {
            return Err(at(
                "cards are sold in a misère hand, which has no declarer".into()
            ));
        }
    }
    Ok(AuctionOutcome::of(&game))
}
