//! A table's play, trick by trick, from its play record (issue #39 item 5: after release,
//! each table's play can be replayed on the deal viewer). Built from the engine's own replay
//! of the record ([`replay_watched`]), so the viewer shows exactly what the engine scored:
//! who led, each card by seat, who won the trick, the piles and calypsos after it, and the
//! four hands as they stood before it. Pure.

use crate::engine::{
    Card, CardCounts, GameRecord, GameSpec, ReplayError, ReplayStep, Score, Seat, replay_watched,
};

/// One card of a trick: who played it, and whether it broke the follow-suit rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickCard {
    pub seat: Seat,
    pub card: Card,
    pub revoke: bool,
}

/// One trick as played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickPlay {
    /// From 1 in its deal.
    pub number: usize,
    /// Each seat's hand just before the trick's first card.
    pub hands_before: Vec<(Seat, CardCounts)>,
    /// In play order, the leader first.
    pub cards: Vec<TrickCard>,
    pub winner: Seat,
    /// Trick-pile cards per side after the trick, by the game's side names.
    pub piles: Vec<(String, u32)>,
    /// Completed calypsos per seat after the trick.
    pub calypsos: Vec<(Seat, u8)>,
}

/// One deal as played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealPlay {
    /// From 1.
    pub number: usize,
    pub dealer: Seat,
    pub tricks: Vec<TrickPlay>,
}

/// A whole record, replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayView {
    pub deals: Vec<DealPlay>,
    /// The engine's score of the record.
    pub score: Score,
}

impl PlayView {
    /// The record replayed by the engine; an impossible record is the engine's error.
    pub fn of(spec: &GameSpec, record: &GameRecord) -> Result<PlayView, ReplayError> {
        let seats = spec.seats();
        let hands_of = |game: &crate::engine::Game| -> Vec<(Seat, CardCounts)> {
            seats.iter().map(|&s| (s, *game.hand(s))).collect()
        };
        let mut deals: Vec<DealPlay> = Vec::new();
        let mut hands_before = Vec::new();
        let mut cards: Vec<TrickCard> = Vec::new();
        let outcome = replay_watched(spec, record, &mut |step| match step {
            ReplayStep::Dealt { game } => {
                deals.push(DealPlay {
                    number: game.deals_dealt(),
                    dealer: game.dealer(),
                    tricks: Vec::new(),
                });
                hands_before = hands_of(game);
                cards.clear();
            }
            ReplayStep::Played {
                after,
                seat,
                card,
                played,
            } => {
                cards.push(TrickCard {
                    seat,
                    card,
                    revoke: played.revoke,
                });
                let (Some(winner), Some(deal)) = (played.trick_won_by, deals.last_mut()) else {
                    return;
                };
                let piles = (0..spec.sides())
                    .map(|side| (spec.side_name(side), after.trick_pile(side)))
                    .collect();
                let calypsos = seats
                    .iter()
                    .map(|&s| (s, after.calypsos(s).completed()))
                    .collect();
                let next_hands = hands_of(after);
                deal.tricks.push(TrickPlay {
                    number: deal.tricks.len() + 1,
                    hands_before: std::mem::replace(&mut hands_before, next_hands),
                    cards: std::mem::take(&mut cards),
                    winner,
                    piles,
                    calypsos,
                });
            }
        })?;
        Ok(PlayView {
            deals,
            score: outcome.score,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random::play_random_game;
    use crate::engine::spec::Variant;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

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
    fn the_viewer_shows_every_card_of_the_record_in_its_trick_and_the_engines_score() {
        for variant in [Variant::Standard, Variant::CutThroat3] {
            let (spec, record) = recorded(variant, 7);
            let view = PlayView::of(&spec, &record).unwrap();
            assert_eq!(
                view.score,
                crate::engine::replay(&spec, &record).unwrap().score
            );
            assert_eq!(view.deals.len(), record.deals.len());
            for (deal, rec) in view.deals.iter().zip(&record.deals) {
                assert_eq!(deal.tricks.len(), rec.tricks.len());
                for (trick, cards) in deal.tricks.iter().zip(&rec.tricks) {
                    assert_eq!(trick.cards.len(), spec.players);
                    for c in &trick.cards {
                        assert_eq!(cards[c.seat.index()], Some(c.card), "{variant:?}");
                    }
                    // Each card was in its seat's hand before the trick.
                    for c in &trick.cards {
                        let (_, hand) = trick
                            .hands_before
                            .iter()
                            .find(|(s, _)| *s == c.seat)
                            .unwrap();
                        assert!(hand.count(c.card) > 0);
                    }
                }
                // The first trick's hands are the deal's hands as dealt.
                for (seat, hand) in &deal.tricks[0].hands_before {
                    assert_eq!(*hand, CardCounts::from_cards(&rec.hands[seat.index()]));
                }
            }
            // The piles after the last trick are the score's piles.
            let last = view.deals.last().unwrap().tricks.last().unwrap();
            for side in &view.score.sides {
                let (_, n) = last.piles.iter().find(|(s, _)| *s == side.name).unwrap();
                assert_eq!(*n, side.trick_pile);
            }
        }
    }

    #[test]
    fn an_impossible_record_is_the_engines_error() {
        let (spec, mut record) = recorded(Variant::Standard, 3);
        record.deals[0].tricks[0] = [None; 4];
        assert!(PlayView::of(&spec, &record).is_err());
    }
}
