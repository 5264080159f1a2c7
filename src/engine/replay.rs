//! Replays a game record trick by trick: checks every card was held, finds revokes, decides
//! every trick, builds the calypsos and gives the score.

use std::fmt;

use super::cards::{Card, CardCounts, Seat};
use super::duet::{DuetDeal, DuetError};
use super::game::{CardPlayed, DuetDealError, Game, HandsError, PlayError, Revoke};
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
        let at = self.deal.map(|d| ("deal", d));
        write_located(f, at, self.trick, self.seat, self.card, &self.message)
    }
}

/// "deal 2, trick 5, East, 7H: message", leaving out what is not known.
pub(crate) fn write_located(
    f: &mut fmt::Formatter<'_>,
    at: Option<(&str, usize)>,
    trick: Option<usize>,
    seat: Option<Seat>,
    card: Option<Card>,
    message: &str,
) -> fmt::Result {
    write_located_by(f, at, trick, seat.map(Seat::name), card, message)
}

/// As [`write_located`], the one who played named as given ("player 2").
pub(crate) fn write_located_by(
    f: &mut fmt::Formatter<'_>,
    at: Option<(&str, usize)>,
    trick: Option<usize>,
    who: Option<&str>,
    card: Option<Card>,
    message: &str,
) -> fmt::Result {
    let mut place = Vec::new();
    if let Some((word, n)) = at {
        place.push(format!("{word} {n}"));
    }
    if let Some(t) = trick {
        place.push(format!("trick {t}"));
    }
    if let Some(s) = who {
        place.push(s.to_string());
    }
    if let Some(c) = card {
        place.push(c.to_string());
    }
    if place.is_empty() {
        f.write_str(message)
    } else {
        write!(f, "{}: {message}", place.join(", "))
    }
}

/// Why a card played is refused when the seat does not hold it.
pub(crate) fn not_held(seat: Seat, card: Card) -> String {
    not_held_by(seat.name(), card)
}

/// As [`not_held`], for a player named otherwise ("player 2").
pub(crate) fn not_held_by(name: &str, card: Card) -> String {
    format!("{name} does not hold {card} at this point (not dealt to {name}, or already played)")
}

impl std::error::Error for ReplayError {}

/// What [`replay_watched`] shows as it replays a record.
pub enum ReplayStep<'g, 's> {
    /// A deal's hands are dealt (Duet's choices made): its first card is next.
    Dealt { game: &'g Game<'s> },
    /// A card was played: the game after it, who played it, and what it did.
    Played {
        after: &'g Game<'s>,
        seat: Seat,
        card: Card,
        played: CardPlayed,
    },
}

/// Replays `record` under `spec`. Revokes are reported and penalised and replay goes on;
/// anything impossible stops it with an error saying where.
pub fn replay(spec: &GameSpec, record: &GameRecord) -> Result<ReplayOutcome, ReplayError> {
    replay_watched(spec, record, &mut |_| {})
}

/// [`replay`], showing `watch` every card played (a trick-by-trick viewer follows a record
/// through the one replay, not a second copy of its rules).
pub fn replay_watched(
    spec: &GameSpec,
    record: &GameRecord,
    watch: &mut dyn FnMut(ReplayStep<'_, '_>),
) -> Result<ReplayOutcome, ReplayError> {
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
        let mut seats: Vec<&str> = spec.dealing_seats().iter().map(|s| s.name()).collect();
        let last = seats.pop().unwrap_or_default();
        let seats = if seats.is_empty() {
            last.to_string()
        } else {
            format!("{} or {last}", seats.join(", "))
        };
        let who = if spec.duet.is_some() {
            " (a Calypso Duet player deals from the seat of their secret hand)"
        } else {
            ""
        };
        return Err(ReplayError::new(format!(
            "a game of {} is dealt by {}{who}, not {}",
            spec.variant,
            seats,
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
        watch(ReplayStep::Dealt { game: &game });
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
                    Ok(played) => watch(ReplayStep::Played {
                        after: &game,
                        seat,
                        card,
                        played,
                    }),
                    Err(PlayError::NotHeld { .. }) => {
                        return Err(located(not_held(seat, card), Some(card)));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::duet::{DuetChoice, Exchange};
    use crate::engine::random::play_random_game;
    use crate::engine::spec::Variant;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// A whole random game of the variant and its record.
    fn recorded(variant: Variant, seed: u64) -> (GameSpec, GameRecord) {
        let spec = GameSpec::new(variant);
        let mut record = GameRecord::default();
        play_random_game(
            &spec,
            &mut ChaCha8Rng::seed_from_u64(seed),
            0,
            Some(&mut record),
        );
        (spec, record)
    }

    #[test]
    fn duet_replay_accepts_its_own_record() {
        for v in Variant::DUET {
            let (spec, record) = recorded(v, 1);
            assert!(record.deals.iter().all(|d| d.duet.is_some()));
            let outcome = replay(&spec, &record).unwrap();
            assert!(outcome.complete);
        }
    }

    #[test]
    fn duet_replay_refuses_a_dummy_naming_the_other_players_hand() {
        let (spec, mut record) = recorded(Variant::Duet, 2);
        record.deals[2].duet.as_mut().unwrap().choices[1].dummy = Seat::North;
        let e = replay(&spec, &record).unwrap_err();
        assert_eq!((e.deal, e.seat), (Some(3), Some(Seat::North)));
        assert_eq!(
            e.to_string(),
            "deal 3, North: the minors player's dummy must be one of their two dealt hands, West or East; the record names North"
        );
    }

    #[test]
    fn duet_replay_refuses_an_exchange_card_the_hand_did_not_hold() {
        let (spec, mut record) = recorded(Variant::DuetCallAndResponse, 3);
        let deal = &mut record.deals[1];
        let ex = deal.duet.as_mut().unwrap().choices[0]
            .exchange
            .as_mut()
            .unwrap();
        // A card of the other hand passed out of the inspected one (if the inspected hand
        // also holds it, pick one it does not).
        let inspected = CardCounts::from_cards(&deal.hands[ex.inspected.index()]);
        let card = Card::all()
            .find(|&c| !inspected.contains(c))
            .expect("13 cards cannot hold all 52");
        ex.passed[0] = card;
        let inspected = ex.inspected;
        let e = replay(&spec, &record).unwrap_err();
        assert_eq!(
            (e.deal, e.card, e.seat),
            (Some(2), Some(card), Some(inspected))
        );
        assert!(
            e.message.contains(&format!("majors player passed {card}")),
            "{e}"
        );
    }

    #[test]
    fn duet_replay_refuses_a_first_lead_from_the_cards_still_to_arrive() {
        // A call-and-response deal where the non-dealer keeps the inspected hand secret,
        // then leads one of the cards returned to it: refused at trick 1.
        let spec = GameSpec::new(Variant::DuetCallAndResponse);
        for seed in 0..200 {
            let (_, mut record) = recorded(Variant::DuetCallAndResponse, seed);
            let deal = &mut record.deals[0];
            let dealer = deal.dealer.unwrap();
            let duet = spec.duet.unwrap();
            let p = duet.player_at(spec.leader_of(dealer));
            let choice = &deal.duet.as_ref().unwrap().choices[p];
            let ex = choice.exchange.as_ref().unwrap();
            if choice.dummy == ex.inspected {
                continue;
            }
            let leader = duet.players[p].secret;
            let returned = ex.returned[0];
            // The returned card must not also be among the ten kept.
            let mut kept = CardCounts::from_cards(&deal.hands[ex.inspected.index()]);
            for c in &ex.passed {
                kept.remove(*c);
            }
            if kept.contains(returned) {
                continue;
            }
            // The leader leads the returned card instead of the card they led.
            deal.tricks[0][leader.index()] = Some(returned);
            let e = replay(&spec, &record).unwrap_err();
            assert_eq!(
                (e.deal, e.trick, e.seat, e.card),
                (Some(1), Some(1), Some(leader), Some(returned)),
                "{e}"
            );
            assert!(e.message.contains("moved in from the other hand"), "{e}");
            return;
        }
        panic!("no seed gave a non-dealer who kept the inspected hand secret");
    }

    #[test]
    fn duet_replay_refuses_a_dealer_at_a_dummy_seat_and_missing_choices() {
        let (spec, record) = recorded(Variant::Duet, 4);
        let mut bad = record.clone();
        bad.deals[0].dealer = Some(Seat::South);
        let e = replay(&spec, &bad).unwrap_err();
        assert_eq!((e.deal, e.seat), (Some(1), Some(Seat::South)));
        assert!(e.message.contains("dealt by North or West"), "{e}");
        let mut bad = record.clone();
        bad.deals[1].dealer = Some(bad.deals[0].dealer.unwrap());
        let e = replay(&spec, &bad).unwrap_err();
        assert!(
            e.message.contains("alternates between the two players"),
            "{e}"
        );
        let mut bad = record.clone();
        bad.deals[3].duet = None;
        let e = replay(&spec, &bad).unwrap_err();
        assert_eq!(e.deal, Some(4));
        assert!(e.message.contains("dummy choice"), "{e}");
        // Plain Duet takes no exchange.
        let mut bad = record;
        bad.deals[0].duet.as_mut().unwrap().choices[0].exchange = Some(Exchange {
            inspected: Seat::North,
            passed: vec![],
            returned: vec![],
        });
        assert!(
            replay(&spec, &bad)
                .unwrap_err()
                .message
                .contains("no call-and-response")
        );
    }

    #[test]
    fn a_three_player_record_dealt_from_the_empty_seat_is_refused() {
        let (spec, mut record) = recorded(Variant::CutThroat3, 6);
        record.deals[0].dealer = Some(Seat::West);
        let e = replay(&spec, &record).unwrap_err();
        assert_eq!(
            e.to_string(),
            "deal 1, West: a game of cutthroat-3 is dealt by North, East or South, not West"
        );
    }

    #[test]
    fn a_standard_record_with_duet_choices_is_refused() {
        let (spec, mut record) = recorded(Variant::Standard, 5);
        record.deals[0].duet = Some(DuetDeal {
            choices: [Seat::South, Seat::East].map(|dummy| DuetChoice {
                dummy,
                exchange: None,
            }),
        });
        let e = replay(&spec, &record).unwrap_err();
        assert_eq!(e.deal, Some(1));
        assert!(e.message.contains("Calypso Duet choices"), "{e}");
    }
}
