//! Random legal Auction Calypso games, for tests: a random setup, deals from the shuffled
//! green room (completed from the shuffled sin bin), random legal calls, trumps and cards,
//! and random sales (none or the fewest). Deterministic for a seeded generator.

use rand::Rng;

use super::hands::{self, random_play_out};
use super::play::AuctionGame;
use super::record::{AuctionHandRecord, AuctionRecord};
use super::replay::AuctionOutcome;
use super::setup::{Setup, balanced_random, fully_random};
use super::spec::{AuctionSpec, PLAYERS, SEATS};
use crate::engine::cards::{CardCounts, Seat};
use crate::engine::random::{below, shuffle};

/// A random setup: none, balanced random or fully random, a third of the time each.
pub fn random_setup<R: Rng + ?Sized>(spec: &AuctionSpec, rng: &mut R) -> Setup {
    let mut deck = spec.deck().cards();
    shuffle(&mut deck, rng);
    match below(rng, 3) {
        0 => Setup::default(),
        1 => balanced_random(&deck),
        _ => fully_random(&deck),
    }
}

/// A random setup of the agreed `kind`: none, a balanced or fully random deal from the
/// shuffled deck, or the standardised set.
pub fn random_setup_of<R: Rng + ?Sized>(
    kind: super::setup::SetupKind,
    spec: &AuctionSpec,
    rng: &mut R,
) -> Setup {
    let mut deck = spec.deck().cards();
    shuffle(&mut deck, rng);
    super::setup::deal(kind, &deck)
}

/// Deals the next hand at random: the shuffled green room, and when it holds fewer than 51
/// cards, all of it and then the shuffled sin bin; 17 each, dealt round from eldest.
pub fn random_deal<R: Rng + ?Sized>(game: &mut AuctionGame, rng: &mut R) -> [CardCounts; PLAYERS] {
    hands::random_deal(game, rng)
}

/// Deals, bids and plays the next hand at random; its record.
pub fn random_hand<R: Rng + ?Sized>(game: &mut AuctionGame, rng: &mut R) -> AuctionHandRecord {
    let hands = random_deal(game, rng);
    let mut rec = AuctionHandRecord {
        hands: hands.map(|h| h.cards()),
        ..AuctionHandRecord::default()
    };
    play_out(game, rng, &mut rec);
    rec
}

/// The dealt hand's auction, trumps, tricks and sale at random, written into `rec`
/// ([`random_play_out`], as the partnership game's).
pub fn play_out<R: Rng + ?Sized>(game: &mut AuctionGame, rng: &mut R, rec: &mut AuctionHandRecord) {
    let hand = random_play_out(game, rng);
    rec.calls.extend(hand.calls);
    rec.opponents_trumps = hand.opponents_trumps;
    rec.tricks.extend(hand.tricks);
    rec.sold = hand.sold;
}

/// Plays every agreed hand at random from a random first dealer and setup.
pub fn random_game<R: Rng + ?Sized>(
    spec: &AuctionSpec,
    rng: &mut R,
) -> (AuctionRecord, AuctionOutcome) {
    let first: Seat = SEATS[below(rng, PLAYERS)];
    let setup = random_setup(spec, rng);
    random_game_from(spec, first, &setup, rng)
}

/// Plays every agreed hand at random from this first dealer and setup.
pub fn random_game_from<R: Rng + ?Sized>(
    spec: &AuctionSpec,
    first: Seat,
    setup: &Setup,
    rng: &mut R,
) -> (AuctionRecord, AuctionOutcome) {
    let mut game = AuctionGame::new(spec, first, setup).expect("a setup from the procedures");
    let mut record = AuctionRecord {
        first_dealer: first,
        setup: setup.in_progress.clone(),
        setup_calypsos: setup.calypsos,
        deals: Vec::new(),
    };
    while !game.is_over() {
        record.deals.push(random_hand(&mut game, rng));
    }
    (record, AuctionOutcome::of(&game))
}
