//! Random legal Embers games, for tests: fire hands dealt from one shuffled deck, ember
//! hands from the shuffled green room, random legal cards. Deterministic for a seeded
//! generator.

use rand::Rng;

use super::play::EmbersGame;
use super::record::{EmbersHandRecord, EmbersRecord};
use super::replay::EmbersOutcome;
use super::spec::{DEAL, EmbersSpec};
use crate::engine::cards::{Card, CardCounts, Rank, Seat, Suit};
use crate::engine::random::{below, shuffle};

/// Plays every agreed hand with random legal cards; the first dealer is random too.
pub fn random_game<R: Rng + ?Sized>(
    spec: &EmbersSpec,
    rng: &mut R,
) -> (EmbersRecord, EmbersOutcome) {
    let first = Seat::ALL[below(rng, 4)];
    let mut game = EmbersGame::new(spec, first);
    let mut record = EmbersRecord::default();
    let mut deck = spec.deck().cards();
    shuffle(&mut deck, rng);
    let mut legal = [Card::new(Rank::TWO, Suit::Clubs); 52];
    for h in 1..=spec.hands {
        let stack: Vec<Card> = if spec.is_fire(h) {
            deck[(h - 1) * DEAL..h * DEAL].to_vec()
        } else {
            let mut room = game.green_room().cards();
            shuffle(&mut room, rng);
            room.truncate(DEAL);
            room
        };
        let dealer = game.dealer();
        let hands = CardCounts::deal_round(&stack, dealer.left(4).index(), 4);
        game.deal(hands).expect("dealt from the green room");
        let mut rec = EmbersHandRecord {
            dealer: Some(dealer),
            hands: hands.each_ref().map(CardCounts::cards),
            tricks: Vec::new(),
        };
        let mut trick = [None; 4];
        while let Some(g) = game.game() {
            let seat = g.to_play().expect("a hand in play has a seat to play");
            let n = g.legal_cards_into(&mut legal);
            let card = legal[below(rng, n)];
            trick[seat.index()] = Some(card);
            if game
                .play(card)
                .expect("a legal card")
                .trick_won_by
                .is_some()
            {
                rec.tricks.push(trick);
                trick = [None; 4];
            }
        }
        record.deals.push(rec);
    }
    (record, EmbersOutcome::of(&game))
}
