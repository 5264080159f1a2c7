//! Random legal partnership Auction games, for tests: a random setup (none, balanced
//! random, fully random or standardised), deals from the shuffled green room
//! (completed from the shuffled sin bin), the three-hander's random calls
//! ([`random_call`]), random trumps and cards, and random sales (none or the fewest).
//! Deterministic for a seeded generator.

use rand::Rng;

use super::play::PairsGame;
use super::record::{PairsHandRecord, PairsRecord};
use super::replay::PairsOutcome;
use super::spec::{DEAL, PLAYERS, PairsSetup, PairsSpec, side_of};
use crate::engine::auction::SetupKind;
use crate::engine::auction::bidding::AuctionState;
use crate::engine::auction::random::random_call;
use crate::engine::cards::{Card, CardCounts, Rank, Seat, Suit};
use crate::engine::random::{below, shuffle};

/// Deals the next hand at random: the shuffled green room, and when it holds fewer than 52
/// cards, all of it and then the shuffled sin bin; 13 each, dealt round from eldest.
pub fn random_deal<R: Rng + ?Sized>(game: &mut PairsGame, rng: &mut R) -> [CardCounts; PLAYERS] {
    let mut stack = game.green_room().cards();
    shuffle(&mut stack, rng);
    if stack.len() < DEAL {
        let mut sin = game.sin_bin().cards();
        shuffle(&mut sin, rng);
        stack.extend(sin);
    }
    stack.truncate(DEAL);
    let eldest = game.dealer().left(PLAYERS).index();
    let hands = CardCounts::deal_round(&stack, eldest, PLAYERS);
    game.deal(hands)
        .expect("dealt from the green room and sin bin");
    hands
}

/// The dealt hand's auction, trumps, tricks and sale at random, written into `rec`.
pub fn play_out<R: Rng + ?Sized>(game: &mut PairsGame, rng: &mut R, rec: &mut PairsHandRecord) {
    loop {
        let legal = game.auction().expect("calling").legal_calls();
        let call = random_call(&legal, rng);
        rec.calls.push(call);
        match game.call(call).expect("a legal call") {
            AuctionState::Open { .. } => {}
            AuctionState::Misere => break,
            AuctionState::Won(c) => {
                let mut others: Vec<Suit> =
                    Suit::ALL.into_iter().filter(|&s| s != c.bid.suit).collect();
                let lho = others.remove(below(rng, 3));
                let rho = others[below(rng, 2)];
                game.name_trumps(lho, rho).expect("distinct trumps");
                rec.opponents_trumps = Some([lho, rho]);
                break;
            }
        }
    }
    let mut legal = [Card::new(Rank::TWO, Suit::Clubs); 52];
    let mut trick = [None; PLAYERS];
    while let Some(g) = game.game() {
        let seat = g.to_play().expect("a hand in play has a player to play");
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
            trick = [None; PLAYERS];
        }
    }
    if let Some(c) = game.contract() {
        let mut sold = Vec::new();
        if let Some(k) = game.sale_needed()
            && k > 0
            && below(rng, 10) < 7
        {
            let mut held: Vec<Card> = game
                .calypso(side_of(c.declarer), c.bid.suit)
                .in_progress()
                .map(|r| Card::new(r, c.bid.suit))
                .collect();
            shuffle(&mut held, rng);
            sold = held[..k as usize].to_vec();
        }
        game.sell(&sold).expect("none or the fewest");
        rec.sold = sold;
    }
}

/// Deals, bids and plays the next hand at random; its record.
pub fn random_hand<R: Rng + ?Sized>(game: &mut PairsGame, rng: &mut R) -> PairsHandRecord {
    let hands = random_deal(game, rng);
    let mut rec = PairsHandRecord {
        hands: hands.map(|h| h.cards()),
        ..PairsHandRecord::default()
    };
    play_out(game, rng, &mut rec);
    rec
}

/// A random setup of the agreed `kind`: none, a balanced or fully random deal from the
/// shuffled deck, or the standardised set.
pub fn random_setup_of<R: Rng + ?Sized>(
    kind: SetupKind,
    spec: &PairsSpec,
    rng: &mut R,
) -> PairsSetup {
    let mut deck = spec.deck().cards();
    shuffle(&mut deck, rng);
    PairsSetup::deal(kind, &deck)
}

/// A random setup: none, balanced random, fully random or standardised, a quarter of the
/// time each.
pub fn random_setup<R: Rng + ?Sized>(spec: &PairsSpec, rng: &mut R) -> PairsSetup {
    let kind = SetupKind::ALL[below(rng, SetupKind::ALL.len())];
    random_setup_of(kind, spec, rng)
}

/// Plays every agreed hand at random from a random first dealer and setup.
pub fn random_game<R: Rng + ?Sized>(spec: &PairsSpec, rng: &mut R) -> (PairsRecord, PairsOutcome) {
    let first = Seat::ALL[below(rng, PLAYERS)];
    let setup = random_setup(spec, rng);
    random_game_from(spec, first, &setup, rng)
}

/// Plays every agreed hand at random from this first dealer and setup.
pub fn random_game_from<R: Rng + ?Sized>(
    spec: &PairsSpec,
    first: Seat,
    setup: &PairsSetup,
    rng: &mut R,
) -> (PairsRecord, PairsOutcome) {
    let mut game = PairsGame::with_setup(spec, first, setup).expect("a setup from the procedures");
    let mut record = PairsRecord {
        first_dealer: first,
        setup: setup.in_progress.clone(),
        setup_calypsos: setup.calypsos,
        deals: Vec::new(),
    };
    while !game.is_over() {
        record.deals.push(random_hand(&mut game, rng));
    }
    (record, PairsOutcome::of(&game))
}
