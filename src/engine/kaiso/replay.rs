//! A whole Kaiso play record replayed: the deals and tricks as `rules replay` reads them,
//! plus, for each trick, its winner's placements, each checked as it is made.

use super::play::{KaisoGame, KaisoOutcome, KaisoPlayError};
use super::record::KaisoRecord;
use super::song;
use crate::engine::cards::{Card, CardCounts};
use crate::engine::game::{HandsError, PlayError};
use crate::engine::replay::{ReplayError, not_held};
use crate::engine::spec::GameSpec;

fn error(deal: usize, trick: Option<usize>, message: String) -> ReplayError {
    ReplayError {
        deal: Some(deal),
        trick,
        seat: None,
        card: None,
        message,
    }
}

/// Replays `record` under `spec` (the standard four-hand game). Revokes are listed and play
/// goes on; anything impossible, in play or in placing, stops it with an error naming the
/// deal, trick and card.
pub fn replay(spec: &GameSpec, record: &KaisoRecord) -> Result<KaisoOutcome, ReplayError> {
    let plain = |m: String| ReplayError {
        deal: None,
        trick: None,
        seat: None,
        card: None,
        message: m,
    };
    super::play::kaiso_spec_ok(spec).map_err(plain)?;
    if record.deals.is_empty() {
        return Err(plain("the record has no deals".into()));
    }
    if record.deals.len() > spec.deals() {
        return Err(plain(format!(
            "the record has {} deals, a game has {}",
            record.deals.len(),
            spec.deals()
        )));
    }
    let first_dealer = record.deals[0]
        .dealer
        .ok_or_else(|| error(1, None, "the first deal must name its dealer".into()))?;
    let mut game = KaisoGame::new(spec, first_dealer).map_err(plain)?;
    for (d, deal) in record.deals.iter().enumerate() {
        let n = d + 1;
        let dealer = game.game().dealer();
        if let Some(named) = deal.dealer
            && named != dealer
        {
            return Err(error(
                n,
                None,
                format!(
                    "the dealer should be {} (the deal passes to the left), the record says {}",
                    dealer.name(),
                    named.name()
                ),
            ));
        }
        let hands = deal.hands.each_ref().map(CardCounts::from_cards);
        game.deal(hands).map_err(|e| {
            let mut err = error(n, None, e.to_string());
            match e {
                HandsError::HandSize { seat, .. } => err.seat = Some(seat),
                HandsError::TooManyCopies { card, .. } => err.card = Some(card),
                HandsError::GameOver | HandsError::DealInProgress => {}
            }
            err
        })?;
        let expected = spec.schedule[d];
        if deal.tricks.len() != expected {
            return Err(error(
                n,
                None,
                format!(
                    "the record has {} tricks, a deal of {expected}-card hands has {expected}",
                    deal.tricks.len()
                ),
            ));
        }
        if deal.placements.len() != expected {
            return Err(error(
                n,
                None,
                format!(
                    "the record places the cards of {} tricks, the deal has {expected}",
                    deal.placements.len()
                ),
            ));
        }
        for (t, (trick, placements)) in deal.tricks.iter().zip(&deal.placements).enumerate() {
            let at = Some(t + 1);
            for _ in 0..spec.players {
                let Some(seat) = game.to_play() else { break };
                let located = |message: String, card: Option<Card>| ReplayError {
                    deal: Some(n),
                    trick: at,
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
                    Err(KaisoPlayError::Game(PlayError::NotHeld { .. })) => {
                        return Err(located(not_held(seat, card), Some(card)));
                    }
                    Err(e) => return Err(located(e.to_string(), Some(card))),
                }
            }
            for p in placements {
                game.place(*p).map_err(|e| error(n, at, e.0))?;
            }
            if let Some(w) = game.won_trick() {
                let missing = w.to_place.iter().map(|c| c.pretty()).collect::<Vec<_>>();
                return Err(error(
                    n,
                    at,
                    format!(
                        "{} won the trick ({}) but the record does not place {}",
                        w.winner.name(),
                        song::show(&w.cards),
                        missing.join(" ")
                    ),
                ));
            }
        }
    }
    Ok(game.outcome())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::kaiso::placement::{Placement, SongId, To};

    /// The one-suit deal (see `one_suit_deal_record`) with these placements.
    fn record_of(placements: Vec<Vec<Placement>>) -> KaisoRecord {
        let spec = GameSpec::default();
        let mut rec = crate::engine::kaiso::random::one_suit_deal_record(&spec);
        rec.deals[0].placements = placements;
        rec
    }

    #[test]
    fn placements_are_checked_with_deal_trick_and_card_named() {
        let spec = GameSpec::default();
        let base = crate::engine::kaiso::random::one_suit_deal_record(&spec);
        // Every trick's cards ditched: a legal record of one deal.
        let ditch_all: Vec<Vec<Placement>> = base.deals[0]
            .tricks
            .iter()
            .map(|t| {
                t.iter()
                    .flatten()
                    .map(|&c| Placement::new(c, To::Ditch))
                    .collect()
            })
            .collect();
        let o = replay(&spec, &record_of(ditch_all.clone())).unwrap();
        assert_eq!(o.deals_played, 1);
        assert!(!o.complete);
        assert_eq!(
            o.partnerships.ns.trick_pile.len() + o.partnerships.ew.trick_pile.len(),
            52
        );

        // A card left unplaced.
        let mut short = ditch_all.clone();
        short[6].pop();
        let e = replay(&spec, &record_of(short)).unwrap_err();
        assert_eq!((e.deal, e.trick), (Some(1), Some(7)));
        assert!(e.to_string().starts_with("deal 1, trick 7: "), "{e}");
        assert!(e.message.contains("does not place"), "{e}");

        // A card placed twice.
        let mut twice = ditch_all.clone();
        let first = twice[2][0];
        twice[2][1] = first;
        let e = replay(&spec, &record_of(twice)).unwrap_err();
        assert!(e.to_string().starts_with("deal 1, trick 3: "), "{e}");
        assert!(
            e.message.contains("more often than the trick holds it"),
            "{e}"
        );

        // Trick 1: North leads the 2♠, the others trump in with their 2s and East's, the
        // first, wins. A North-South song is the wrong partnership's.
        let mut wrong = ditch_all.clone();
        let card = wrong[0][0].card;
        wrong[0][0] = Placement::new(card, To::Add(SongId { side: 0, number: 1 }));
        let e = replay(&spec, &record_of(wrong)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "deal 1, trick 1: song NS1 is North-South's, but East-West won the trick: \
             only their own songs take its cards"
        );

        // A score claimed on a song that is no combination.
        let mut no_combo = ditch_all.clone();
        let (a, b) = (no_combo[0][0].card, no_combo[0][1].card);
        no_combo[0][0] = Placement::new(a, To::New);
        no_combo[0][1] = Placement::scored(b, To::Add(SongId { side: 1, number: 1 }));
        let e = replay(&spec, &record_of(no_combo)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "deal 1, trick 1: song EW1 (2♦ 2♠) is not a scoring combination, so it cannot be scored"
        );

        // Placements for too few tricks.
        let mut missing = ditch_all;
        missing.pop();
        let e = replay(&spec, &record_of(missing)).unwrap_err();
        assert!(e.message.contains("places the cards of 12 tricks"), "{e}");
    }
}
