//! Random games: a shuffled deck and random cards played, for property tests and the
//! benchmark. Not the published deal algorithm (that lives in `deals`).

use rand::Rng;

use super::cards::{Card, CardCounts, Seat};
use super::game::Game;
use super::replay::{DealRecord, GameRecord};
use super::score::Score;
use super::spec::GameSpec;

/// A number in 0..n (n > 0) from one 32-bit draw; the tiny bias is harmless for random play.
fn below<R: Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize
}

/// The spec's deck, shuffled.
pub fn shuffled_deck<R: Rng + ?Sized>(spec: &GameSpec, rng: &mut R) -> Vec<Card> {
    let mut deck = spec.canonical_deck();
    for i in (1..deck.len()).rev() {
        deck.swap(i, below(rng, i + 1));
    }
    deck
}

/// Plays a whole game with random cards. With `revoke_per_mille` > 0 a seat sometimes plays
/// any held card instead of a legal one, so revokes happen. With `record`, the game record
/// is kept for replay.
pub fn play_random_game<R: Rng + ?Sized>(
    spec: &GameSpec,
    rng: &mut R,
    revoke_per_mille: u32,
    mut record: Option<&mut GameRecord>,
) -> Score {
    let stack = shuffled_deck(spec, rng);
    let first_dealer = Seat::from_index(below(rng, spec.players));
    let deals = spec.deal_stack(&stack, first_dealer);
    let mut game = Game::new(spec, first_dealer);
    let mut legal = [Card::new(super::Rank::TWO, super::Suit::Clubs); 52];
    for deal in deals {
        if let Some(rec) = record.as_deref_mut() {
            rec.deals.push(DealRecord {
                dealer: Some(deal.dealer),
                hands: deal.hands.each_ref().map(CardCounts::cards),
                tricks: Vec::new(),
            });
        }
        if game.deal(deal.hands).is_err() {
            unreachable!("a dealt stack always fits its own spec");
        }
        let mut trick = [None; 4];
        while let Some(seat) = game.to_play() {
            let card = if revoke_per_mille > 0 && (rng.next_u32() % 1000) < revoke_per_mille {
                let held = game.hand(seat).cards();
                held[below(rng, held.len())]
            } else {
                let n = game.legal_cards_into(&mut legal);
                legal[below(rng, n)]
            };
            trick[seat.index()] = Some(card);
            match game.play(card) {
                Ok(played) => {
                    if played.trick_won_by.is_some() {
                        if let Some(rec) = record.as_deref_mut()
                            && let Some(last) = rec.deals.last_mut()
                        {
                            last.tricks.push(trick);
                        }
                        trick = [None; 4];
                    }
                }
                Err(_) => unreachable!("a card chosen from the hand is held"),
            }
        }
    }
    game.score()
}
