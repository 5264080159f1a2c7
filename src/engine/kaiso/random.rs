//! Random legal Kaiso games, for tests: a shuffled deck, random legal cards (through
//! [`Game`](crate::engine::Game)), and random legal placements, medleys, scores and
//! declines. Deterministic for a seeded generator.

use rand::Rng;

use super::placement::{Placement, SongId, To};
use super::play::{KaisoGame, KaisoOutcome, WonTrick};
use super::record::{KaisoDealRecord, KaisoRecord};
use super::song::{self, Tally};
use crate::engine::cards::{Card, CardCounts, Rank, Seat, Suit};
use crate::engine::random::{below, shuffled_deck};
use crate::engine::spec::{Deal, GameSpec};

/// Plays `deals` from `first_dealer`'s deal on: `card` picks each card from the legal ones
/// (never empty), `place` each placement of a won trick. Returns the record and outcome.
pub fn play_out(
    spec: &GameSpec,
    deals: &[Deal],
    mut card: impl FnMut(&KaisoGame, &[Card]) -> Card,
    mut place: impl FnMut(&KaisoGame) -> Placement,
) -> (KaisoRecord, KaisoOutcome) {
    let first_dealer = deals.first().map_or(Seat::North, |d| d.dealer);
    let mut game = KaisoGame::new(spec, first_dealer).expect("a Kaiso spec");
    let mut record = KaisoRecord::default();
    let mut legal = [Card::new(Rank::TWO, Suit::Clubs); 52];
    for deal in deals {
        record.deals.push(KaisoDealRecord {
            dealer: Some(deal.dealer),
            hands: deal.hands.each_ref().map(CardCounts::cards),
            tricks: Vec::new(),
            placements: Vec::new(),
        });
        let rec = record.deals.last_mut().expect("just pushed");
        game.deal(deal.hands).expect("dealt hands fit the spec");
        let mut trick = [None; 4];
        while let Some(seat) = game.to_play() {
            let n = game.game().legal_cards_into(&mut legal);
            let c = card(&game, &legal[..n]);
            trick[seat.index()] = Some(c);
            let played = game.play(c).expect("a legal card is held");
            if played.trick_won_by.is_some() {
                rec.tricks.push(trick);
                trick = [None; 4];
                let mut placed = Vec::new();
                while game.won_trick().is_some() {
                    let p = place(&game);
                    game.place(p).expect("the placer picks legal placements");
                    placed.push(p);
                }
                rec.placements.push(placed);
            }
        }
    }
    let outcome = game.outcome();
    (record, outcome)
}

/// One random legal placement for a card of the won trick: mostly adding to a song it
/// builds (a third of the time the largest that can still be one suit, a third the
/// largest, a third any), sometimes a medley, a new song or the trick pile; a completed
/// combination is scored five times in six.
pub fn random_placement<R: Rng + ?Sized>(game: &KaisoGame, rng: &mut R) -> Placement {
    let w: &WonTrick = game.won_trick().expect("a won trick to place");
    let card = w.to_place[below(rng, w.to_place.len())];
    let side = w.winner.index() % 2;
    let songs: Vec<(SongId, Tally)> = game.song_tallies(side).collect();
    let adds: Vec<usize> = (0..songs.len())
        .filter(|&i| songs[i].1.with(card).builds())
        .collect();
    let mut medleys = Vec::new();
    for (i, &a) in adds.iter().enumerate() {
        for &b in &adds[i + 1..] {
            if song::medley(&songs[a].1, &songs[b].1, card).is_ok() {
                medleys.push((a, b));
            }
        }
    }
    let roll = below(rng, 100);
    let (to, result) = if !medleys.is_empty() && roll < 20 {
        let (a, b) = medleys[below(rng, medleys.len())];
        let (ia, ib) = if below(rng, 2) == 0 { (a, b) } else { (b, a) };
        (
            To::Medley(songs[ia].0, songs[ib].0),
            songs[a].1.join(&songs[b].1).with(card),
        )
    } else if !adds.is_empty() && roll < 85 {
        let largest = |among: &[usize]| among.iter().copied().max_by_key(|&i| songs[i].1.len());
        let regular: Vec<usize> = adds
            .iter()
            .copied()
            .filter(|&i| songs[i].1.with(card).builds_regular())
            .collect();
        let i = match below(rng, 3) {
            0 => largest(&regular).or_else(|| largest(&adds)),
            1 => largest(&adds),
            _ => Some(adds[below(rng, adds.len())]),
        }
        .expect("adds is not empty");
        (To::Add(songs[i].0), songs[i].1.with(card))
    } else if below(rng, 2) == 0 {
        (To::New, Tally::of(&[card]))
    } else {
        return Placement::new(card, To::Ditch);
    };
    let score = !result.readings().is_empty() && below(rng, 6) != 0;
    Placement { card, to, score }
}

/// A whole random legal game: shuffled deck, random first dealer, random legal cards and
/// [`random_placement`]s.
pub fn random_game<R: Rng + ?Sized>(spec: &GameSpec, rng: &mut R) -> (KaisoRecord, KaisoOutcome) {
    let stack = shuffled_deck(spec, rng);
    let first_dealer = Seat::from_index(below(rng, 4));
    let deals = spec.deal_stack(&stack, first_dealer);
    // Two closures need the generator: pass it through a cell.
    let rng = std::cell::RefCell::new(rng);
    play_out(
        spec,
        &deals,
        |_, legal| {
            let mut r = rng.borrow_mut();
            legal[below(&mut **r, legal.len())]
        },
        |game| random_placement(game, &mut **rng.borrow_mut()),
    )
}

/// For tests: one deal, West dealing, North holding all the spades, East the diamonds,
/// South the hearts and West the clubs, each playing their lowest card; every card ditched.
#[cfg(test)]
pub(crate) fn one_suit_deal_record(spec: &GameSpec) -> KaisoRecord {
    let hand = |suit: Suit| {
        CardCounts::from_cards(&Rank::all().map(|r| Card::new(r, suit)).collect::<Vec<_>>())
    };
    let deal = Deal {
        dealer: Seat::West,
        hands: [
            hand(Suit::Spades),
            hand(Suit::Diamonds),
            hand(Suit::Hearts),
            hand(Suit::Clubs),
        ],
    };
    play_out(
        spec,
        &[deal],
        |_, legal| legal[0],
        |g| Placement::new(g.won_trick().unwrap().to_place[0], To::Ditch),
    )
    .0
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn a_random_game_is_deterministic_for_its_seed() {
        let spec = GameSpec::default();
        let a = random_game(&spec, &mut ChaCha8Rng::seed_from_u64(7));
        let b = random_game(&spec, &mut ChaCha8Rng::seed_from_u64(7));
        assert_eq!(a, b);
        assert!(a.1.complete);
        let c = random_game(&spec, &mut ChaCha8Rng::seed_from_u64(8));
        assert_ne!(a.0, c.0);
    }
}
