//! Random legal partnership Auction games, for tests: a random setup (none, balanced
//! random, fully random or standardised), deals from the shuffled green room (completed
//! from the shuffled sin bin), and the hand played as the three-hander's is
//! ([`random_play_out`]: random legal calls, trumps and cards, and random sales, none or
//! the fewest). Deterministic for a seeded generator.

use rand::Rng;

use super::play::PairsGame;
use super::record::{PairsHandRecord, PairsRecord};
use super::replay::PairsOutcome;
use super::spec::{PLAYERS, PairsSetup, PairsSpec};
use crate::engine::auction::SetupKind;
use crate::engine::auction::hands::{self, random_play_out};
use crate::engine::cards::{CardCounts, Seat};
use crate::engine::random::{below, shuffle};

/// Deals the next hand at random: the shuffled green room, and when it holds fewer than 52
/// cards, all of it and then the shuffled sin bin; 13 each, dealt round from eldest.
pub fn random_deal<R: Rng + ?Sized>(game: &mut PairsGame, rng: &mut R) -> [CardCounts; PLAYERS] {
    hands::random_deal(game, rng)
}

/// The dealt hand's auction, trumps, tricks and sale at random, written into `rec`
/// ([`random_play_out`], as the three-hander's).
pub fn play_out<R: Rng + ?Sized>(game: &mut PairsGame, rng: &mut R, rec: &mut PairsHandRecord) {
    let hand = random_play_out(game, rng);
    rec.calls.extend(hand.calls);
    rec.opponents_trumps = hand.opponents_trumps;
    rec.tricks.extend(hand.tricks);
    rec.sold = hand.sold;
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
