//! Random games: a shuffled deck and random cards played, for property tests and the
//! benchmark. Not the published deal algorithm (that lives in `deals`).

use rand::Rng;

use super::cards::{Card, CardCounts};
use super::duet::{DuetChoice, DuetDeal, Exchange};
use super::game::Game;
use super::replay::{DealRecord, GameRecord};
use super::score::Score;
use super::spec::{Duet, GameSpec};

/// A number in 0..n (n > 0) from one 32-bit draw; the tiny bias is harmless for random play.
pub(crate) fn below<R: Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize
}

/// The spec's deck, shuffled.
pub fn shuffled_deck<R: Rng + ?Sized>(spec: &GameSpec, rng: &mut R) -> Vec<Card> {
    let mut deck = spec.canonical_deck();
    shuffle(&mut deck, rng);
    deck
}

/// Shuffles the cards in place (Fisher-Yates).
pub(crate) fn shuffle<R: Rng + ?Sized>(cards: &mut [Card], rng: &mut R) {
    for i in (1..cards.len()).rev() {
        cards.swap(i, below(rng, i + 1));
    }
}

/// `n` cards drawn at random, without replacement, from `hand` (which holds at least `n`).
fn draw<R: Rng + ?Sized>(rng: &mut R, hand: &CardCounts, n: usize) -> Vec<Card> {
    let mut cards = hand.cards();
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push(cards.swap_remove(below(rng, cards.len())));
    }
    out
}

/// Random Calypso Duet choices for a deal with these board hands: each player's dummy is
/// either of their two hands, and with call-and-response the hand inspected is either, the
/// cards passed come from it and the cards returned from the other hand as dealt.
pub fn random_duet_deal<R: Rng + ?Sized>(
    duet: &Duet,
    board: &[CardCounts; 4],
    rng: &mut R,
) -> DuetDeal {
    let choices = duet.players.map(|p| {
        let [a, b] = p.dealt();
        let pick = |rng: &mut R| if rng.next_u32() & 1 == 0 { a } else { b };
        let dummy = pick(rng);
        let exchange = (duet.exchange > 0).then(|| {
            let inspected = pick(rng);
            let other = if inspected == a { b } else { a };
            Exchange {
                inspected,
                passed: draw(rng, &board[inspected.index()], duet.exchange),
                returned: draw(rng, &board[other.index()], duet.exchange),
            }
        });
        DuetChoice { dummy, exchange }
    });
    DuetDeal { choices }
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
    // shuffled_deck, dealing_seats and deal_stack without their Vecs: no allocation per game.
    let mut deck = [Card::new(super::Rank::TWO, super::Suit::Clubs); 208];
    let n = spec.canonical_deck_into(&mut deck);
    let stack = &mut deck[..n];
    shuffle(stack, rng);
    let dealers = spec.dealing_seats_iter();
    let k = below(rng, dealers.clone().count());
    let Some(first_dealer) = dealers.clone().nth(k) else {
        unreachable!("a valid spec has a dealing seat")
    };
    let deals = spec.deals_of_stack(stack, first_dealer);
    let mut game = Game::new(spec, first_dealer);
    for deal in deals {
        let duet = spec
            .duet
            .as_ref()
            .map(|d| random_duet_deal(d, &deal.hands, rng));
        if let Some(rec) = record.as_deref_mut() {
            rec.deals.push(DealRecord {
                dealer: Some(deal.dealer),
                hands: deal.hands.each_ref().map(CardCounts::cards),
                tricks: Vec::new(),
                duet: duet.clone(),
            });
        }
        let dealt = match &duet {
            Some(choices) => game.deal_duet(deal.hands, choices).is_ok(),
            None => game.deal(deal.hands).is_ok(),
        };
        if !dealt {
            unreachable!("a dealt stack and random choices always fit their own spec");
        }
        let mut trick = [None; 4];
        while let Some(seat) = game.to_play() {
            // A limited first lead (call-and-response) is always a legal card: leading
            // cannot revoke.
            let card = if revoke_per_mille > 0
                && game.first_lead_limit().is_none()
                && (rng.next_u32() % 1000) < revoke_per_mille
            {
                let held = game.hand(seat).cards();
                held[below(rng, held.len())]
            } else {
                // The card legal_cards_into would list at the same random place.
                let legal = game.legal_bits();
                Card::nth_of_bits(legal, below(rng, legal.count_ones() as usize) as u32)
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
