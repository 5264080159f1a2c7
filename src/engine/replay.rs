//! Replays a game record trick by trick: checks every card was held, finds revokes, decides
//! every trick, builds the calypsos and gives the score.

use std::fmt;

use super::cards::{Card, CardCounts, Seat};
use super::duet::{DuetDeal, DuetError};
use super::game::{DuetDealError, Game, HandsError, PlayError, Revoke};
use super::score::Score;
use super::spec::GameSpec;

/// One deal as recorded: the hands as dealt and each trick's card per seat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DealRecord {
    /// Required for the first deal; later deals pass as the game's order says (to the left
    /// in the standard game) and may omit it.
    pub dealer: Option<Seat>,
    /// The hands as dealt, by board seat. In Calypso Duet the players' choices in `duet`
    /// decide which seat plays which of them.
    pub hands: [Vec<Card>; 4],
    /// Each trick's cards keyed by seat; the engine knows who led.
    pub tricks: Vec<[Option<Card>; 4]>,
    /// Calypso Duet only: each player's dummy choice and call-and-response exchange.
    pub duet: Option<DuetDeal>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    pub deals: Vec<DealRecord>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayOutcome {
    pub score: Score,
    pub revokes: Vec<Revoke>,
    pub deals_played: usize,
    /// All the variant's deals were played.
    pub complete: bool,
}

/// An impossible or malformed record, with where it went wrong (1-based numbers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    pub deal: Option<usize>,
    pub trick: Option<usize>,
    pub seat: Option<Seat>,
    pub card: Option<Card>,
    pub message: String,
}

impl ReplayError {
    fn new(message: impl Into<String>) -> ReplayError {
        ReplayError {
            deal: None,
            trick: None,
            seat: None,
            card: None,
            message: message.into(),
        }
    }

    fn deal(mut self, d: usize) -> ReplayError {
        self.deal = Some(d);
        self
    }

    fn seat(mut self, seat: Seat) -> ReplayError {
        self.seat = Some(seat);
        self
    }
}

fn hands_error(e: HandsError, n: usize) -> ReplayError {
    let mut err = ReplayError::new(e.to_string()).deal(n);
    match e {
        HandsError::HandSize { seat, .. } => err.seat = Some(seat),
        HandsError::TooManyCopies { card, .. } => err.card = Some(card),
        HandsError::GameOver | HandsError::DealInProgress => {}
    }
    err
}

fn choice_error(e: DuetError, n: usize) -> ReplayError {
    let seat = match &e {
        DuetError::DummyNotOwn { named, .. } | DuetError::InspectedNotOwn { named, .. } => {
            Some(*named)
        }
        DuetError::NotInHand { hand, .. } => Some(*hand),
        _ => None,
    };
    ReplayError {
        seat,
        card: e.card(),
        ..ReplayError::new(e.to_string()).deal(n)
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut place = Vec::new();
        if let Some(d) = self.deal {
            place.push(format!("deal {d}"));
        }
        if let Some(t) = self.trick {
            place.push(format!("trick {t}"));
        }
        if let Some(s) = self.seat {
            place.push(s.name().to_string());
        }
        if let Some(c) = self.card {
            place.push(c.to_string());
        }
        if place.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", place.join(", "), self.message)
        }
    }
}

impl std::error::Error for ReplayError {}

/// Replays `record` under `spec`. Revokes are reported and penalised and replay goes on;
/// anything impossible stops it with an error saying where.
pub fn replay(spec: &GameSpec, record: &GameRecord) -> Result<ReplayOutcome, ReplayError> {
    spec.validate()
        .map_err(|e| ReplayError::new(e.to_string()))?;
    if record.deals.is_empty() {
        return Err(ReplayError::new("the record has no deals"));
    }
    if record.deals.len() > spec.deals() {
        return Err(ReplayError::new(format!(
            "the record has {} deals, a game of {} has {}",
            record.deals.len(),
            spec.variant,
            spec.deals()
        )));
    }
    let first_dealer = record.deals[0]
        .dealer
        .ok_or_else(|| ReplayError::new("the first deal must name its dealer").deal(1))?;
    if !spec.order.deals_from(first_dealer) {
        let seats: Vec<&str> = spec.dealing_seats().iter().map(|s| s.name()).collect();
        let who = if spec.duet.is_some() {
            " (a Calypso Duet player deals from the seat of their secret hand)"
        } else {
            ""
        };
        return Err(ReplayError::new(format!(
            "a game of {} is dealt by {}{who}, not {}",
            spec.variant,
            seats.join(" or "),
            first_dealer.name()
        ))
        .deal(1)
        .seat(first_dealer));
    }
    let mut game = Game::new(spec, first_dealer);
    for (d, deal) in record.deals.iter().enumerate() {
        let n = d + 1;
        let dealer = game.dealer();
        if let Some(named) = deal.dealer
            && named != dealer
        {
            let passes = if spec.duet.is_some() {
                "the deal alternates between the two players"
            } else {
                "the deal passes to the left"
            };
            return Err(ReplayError::new(format!(
                "the dealer should be {} ({passes}), the record says {}",
                dealer.name(),
                named.name()
            ))
            .deal(n));
        }
        for seat in &Seat::ALL[spec.players..] {
            if !deal.hands[seat.index()].is_empty()
                || deal.tricks.iter().any(|t| t[seat.index()].is_some())
            {
                return Err(ReplayError {
                    seat: Some(*seat),
                    ..ReplayError::new(format!(
                        "a {}-player game has no {} seat",
                        spec.players,
                        seat.name()
                    ))
                    .deal(n)
                });
            }
        }
        let hands = deal.hands.each_ref().map(CardCounts::from_cards);
        match (&deal.duet, spec.duet.is_some()) {
            (None, false) => game.deal(hands).map_err(|e| hands_error(e, n))?,
            (Some(choices), true) => game.deal_duet(hands, choices).map_err(|e| match e {
                DuetDealError::Hands(e) => hands_error(e, n),
                DuetDealError::Choice(e) => choice_error(e, n),
                DuetDealError::NotDuet => ReplayError::new(e.to_string()).deal(n),
            })?,
            (None, true) => {
                return Err(ReplayError::new(
                    "a Calypso Duet deal must give each player's dummy choice (\"duet\")",
                )
                .deal(n));
            }
            (Some(_), false) => {
                return Err(ReplayError::new(format!(
                    "the deal gives Calypso Duet choices, but this is a game of {}",
                    spec.variant
                ))
                .deal(n));
            }
        }
        let expected = spec.schedule[d];
        if deal.tricks.len() != expected {
            return Err(ReplayError::new(format!(
                "the record has {} tricks, a deal of {expected}-card hands has {expected}",
                deal.tricks.len()
            ))
            .deal(n));
        }
        for (t, trick) in deal.tricks.iter().enumerate() {
            for _ in 0..spec.players {
                let Some(seat) = game.to_play() else { break };
                let located = |message: String, card: Option<Card>| ReplayError {
                    deal: Some(n),
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
                        return Err(located(
                            format!(
                                "{} does not hold {card} at this point (not dealt to {0}, or already played)",
                                seat.name()
                            ),
                            Some(card),
                        ));
                    }
                    Err(PlayError::NotYetHeld { .. }) => {
                        return Err(located(
                            format!(
                                "{} leads {card} to the first trick, but it is one of the cards moved in from the other hand, which arrive only when the dummy is about to play: the lead comes from the cards kept in the hand inspected",
                                seat.name()
                            ),
                            Some(card),
                        ));
                    }
                    Err(PlayError::NotInPlay) => {
                        return Err(located("no deal is in play".into(), Some(card)));
                    }
                }
            }
        }
    }
    Ok(ReplayOutcome {
        score: game.score(),
        revokes: game.revokes().to_vec(),
        deals_played: record.deals.len(),
        complete: game.is_over(),
    })
}
