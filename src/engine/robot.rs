//! Players that choose their own cards: a random player, a greedy one, and the robot.
//!
//! The robot plays from what its seat can know: its own hand, the cards played, the
//! renounces shown and the calypsos and trick piles on the table. For each of its
//! `playouts` it guesses the hidden hands (any hands of the right sizes drawn from the cards
//! it cannot see, with no card of a suit a player has renounced), tries one of its legal
//! cards in that guessed world, plays the rest of the deal out at random and scores the
//! position reached. The card with the best mean wins (flat Monte-Carlo over
//! determinizations, the budget shared by UCB1). Seeded: the same game and random numbers
//! give the same card.

use rand::Rng;

use super::calypso::calypso_points;
use super::cards::{Card, CardCounts, Rank, Seat, Suit};
use super::game::Game;
use super::random::below;
use super::score::{IN_PROGRESS_POINTS, TRICK_PILE_POINTS};
use super::spec::{Deal, GameSpec, Scoring};
use super::trick;

/// The most playouts a robot may spend on one card: a budget from outside is checked
/// against it before any play.
pub const MAX_PLAYOUTS: u32 = 100_000;

/// Who chooses a seat's cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Any legal card, uniformly.
    Random,
    /// Wins the trick when it can, with its cheapest winning card; otherwise plays its
    /// cheapest card. Leads its cheapest card.
    Greedy,
    /// Monte-Carlo over guessed hidden hands, with this many playouts per card chosen.
    Robot { playouts: u32 },
}

/// Playouts need one card at least; the robot is refused more than [`MAX_PLAYOUTS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BudgetError(pub u32);

impl std::fmt::Display for BudgetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a robot's playouts per card must be 1 to {MAX_PLAYOUTS}, not {}",
            self.0
        )
    }
}

impl std::error::Error for BudgetError {}

impl Player {
    pub fn robot(playouts: u32) -> Result<Player, BudgetError> {
        if (1..=MAX_PLAYOUTS).contains(&playouts) {
            Ok(Player::Robot { playouts })
        } else {
            Err(BudgetError(playouts))
        }
    }
}

/// The card `player` plays for the seat to play, or None when no deal is in play.
pub fn choose<R: Rng + ?Sized>(game: &Game, player: Player, rng: &mut R) -> Option<Card> {
    let mut legal = [Card::new(Rank::TWO, Suit::Clubs); 52];
    let n = game.legal_cards_into(&mut legal);
    let legal = &legal[..n];
    let seat = game.to_play()?;
    match (legal.len(), player) {
        (0, _) => None,
        (1, _) => Some(legal[0]),
        (_, Player::Random) => Some(legal[below(rng, legal.len())]),
        (_, Player::Greedy) => Some(greedy(game, seat, legal)),
        (_, Player::Robot { playouts }) => Some(robot(game, seat, legal, playouts.max(1), rng)),
    }
}

/// Plays a whole game of these deals (as dealt from a board) with a player at each seat;
/// the game as it ends. The deals must be the spec's (a board's deals are).
pub fn play_game<'s, R: Rng + ?Sized>(
    spec: &'s GameSpec,
    first_dealer: Seat,
    deals: &[Deal],
    players: [Player; 4],
    rng: &mut R,
) -> Game<'s> {
    let mut game = Game::new(spec, first_dealer);
    for deal in deals {
        if game.deal(deal.hands).is_err() {
            break;
        }
        while let Some(seat) = game.to_play() {
            let Some(card) = choose(&game, players[seat.index()], rng) else {
                break;
            };
            if game.play(card).is_err() {
                break;
            }
        }
    }
    game
}

/// A card's cost to the greedy player: its rank, and a card of its own trump suit (which
/// builds its calypso) dearer than another of the same rank.
fn cost(card: Card, own: Option<Suit>) -> (u8, bool, u8) {
    (
        card.rank().index() as u8,
        own == Some(card.suit()),
        card.suit().index() as u8,
    )
}

fn greedy(game: &Game, seat: Seat, legal: &[Card]) -> Card {
    let spec = game.spec();
    let own = spec.trumps.of(seat);
    let so_far = game.trick_so_far();
    let cheapest = |cards: &mut dyn Iterator<Item = Card>| cards.min_by_key(|&c| cost(c, own));
    if !so_far.is_empty() {
        let step = spec.step(game.dealer());
        let mut trick = [legal[0]; 4];
        trick[..so_far.len()].copy_from_slice(so_far);
        let wins = |card: Card| {
            let mut t = trick;
            t[so_far.len()] = card;
            let cards = &t[..=so_far.len()];
            trick::winner_stepping(
                game.leader(),
                cards,
                spec.players,
                step,
                &spec.trumps,
                spec.rule,
            ) == so_far.len()
        };
        if let Some(card) = cheapest(&mut legal.iter().copied().filter(|&c| wins(c))) {
            return card;
        }
    }
    cheapest(&mut legal.iter().copied()).unwrap_or(legal[0])
}

/// The cards the seat cannot see and that are not yet played: those not dealt so far and
/// those in the other hands. Only their union is known to the seat.
struct Unseen {
    cards: [Card; 208],
    len: usize,
    /// Hand sizes of the other seats in play, and the suits each has renounced.
    others: Vec<(Seat, usize, [bool; 4])>,
}

impl Unseen {
    fn of(game: &Game, seat: Seat) -> Unseen {
        let spec = game.spec();
        let mut hidden = CardCounts::new();
        let mut others = Vec::with_capacity(3);
        for &other in spec.seats() {
            if other == seat {
                continue;
            }
            let hand = game.hand(other);
            hidden.add_all(hand);
            let renounced = Suit::ALL.map(|s| game.renounced(other, s));
            others.push((other, hand.len(), renounced));
        }
        // Most constrained first, so their cards are drawn while the pool is full.
        others.sort_by_key(|o| std::cmp::Reverse(o.2.iter().filter(|&&r| r).count()));
        let mut cards = [Card::new(Rank::TWO, Suit::Clubs); 208];
        let mut len = 0;
        for card in Card::all() {
            let copies = spec
                .deck
                .count(card)
                .saturating_sub(game.dealt().count(card))
                + hidden.count(card);
            for _ in 0..copies {
                if len < cards.len() {
                    cards[len] = card;
                    len += 1;
                }
            }
        }
        Unseen { cards, len, others }
    }

    /// One guess at the hidden hands, put into `world`.
    fn deal_into<R: Rng + ?Sized>(&self, world: &mut Game, rng: &mut R) {
        let mut pool = self.cards;
        let mut total = self.len;
        for &(seat, size, renounced) in &self.others {
            let mut hand = CardCounts::new();
            // pool[..open] may still go to this seat; pool[open..total] cannot (renounced).
            let mut open = total;
            for _ in 0..size {
                loop {
                    if total == 0 {
                        break;
                    }
                    let ignore_renounces = open == 0;
                    let j = below(rng, if ignore_renounces { total } else { open });
                    let card = pool[j];
                    if !ignore_renounces && renounced[card.suit().index()] {
                        pool.swap(j, open - 1);
                        open -= 1;
                        continue;
                    }
                    // Out of the pool: to the end of the open part, then past `total`.
                    let last_open = if ignore_renounces { total } else { open } - 1;
                    pool.swap(j, last_open);
                    pool.swap(last_open, total - 1);
                    if !ignore_renounces {
                        open -= 1;
                    }
                    total -= 1;
                    hand.add(card);
                    break;
                }
            }
            if hand.len() == size {
                world.set_hand(seat, hand);
            }
        }
    }
}

/// The seat's view of a position, in points: its side's score less the others'
/// (the table's total when the table plays as one side). Revokes are left out: no player
/// here revokes.
pub fn value(game: &Game, seat: Seat) -> i64 {
    let spec = game.spec();
    let mut sides = [0i64; 4];
    for &s in spec.seats() {
        let c = game.calypsos(s);
        sides[spec.side_of(s)] += calypso_points(u32::from(c.completed()))
            + IN_PROGRESS_POINTS * c.in_progress_len() as i64;
    }
    let n = spec.sides();
    for (side, v) in sides.iter_mut().enumerate().take(n) {
        *v += TRICK_PILE_POINTS * i64::from(game.trick_pile(side));
    }
    let own = spec.side_of(seat);
    match spec.scoring {
        Scoring::Cooperative => sides[..n].iter().sum(),
        Scoring::Partnership => 2 * sides[own] - sides[..n].iter().sum::<i64>(),
        Scoring::CutThroat => n as i64 * sides[own] - sides[..n].iter().sum::<i64>(),
        Scoring::SplitPartnership => {
            let players = spec.players;
            let total = |s: Seat| {
                sides[spec.side_of(s)] + sides[spec.side_of(s.left_by(players - 1, players))]
            };
            let all: i64 = spec.seats().iter().map(|&s| total(s)).sum();
            players as i64 * total(seat) - all
        }
    }
}

fn robot<R: Rng + ?Sized>(
    game: &Game,
    seat: Seat,
    legal: &[Card],
    playouts: u32,
    rng: &mut R,
) -> Card {
    let unseen = Unseen::of(game, seat);
    let k = legal.len();
    let mut sum = [0f64; 52];
    let mut tries = [0u32; 52];
    let (mut low, mut high) = (f64::MAX, f64::MIN);
    let mut scratch = [Card::new(Rank::TWO, Suit::Clubs); 52];
    for round in 0..playouts {
        let i = if (round as usize) < k {
            round as usize
        } else {
            // UCB1, its exploration scaled to the spread of the values seen.
            let c = 0.5 * (high - low).max(1.0);
            let ln = f64::from(round).ln();
            (0..k)
                .max_by(|&a, &b| {
                    let ucb = |m: usize| {
                        let t = f64::from(tries[m]);
                        sum[m] / t + c * (ln / t).sqrt()
                    };
                    ucb(a).total_cmp(&ucb(b))
                })
                .unwrap_or(0)
        };
        let mut world = game.clone();
        unseen.deal_into(&mut world, rng);
        if world.play(legal[i]).is_err() {
            continue;
        }
        while world.to_play().is_some() {
            let n = world.legal_cards_into(&mut scratch);
            if n == 0 || world.play(scratch[below(rng, n)]).is_err() {
                break;
            }
        }
        let v = value(&world, seat) as f64;
        low = low.min(v);
        high = high.max(v);
        sum[i] += v;
        tries[i] += 1;
    }
    let mean = |m: usize| {
        if tries[m] == 0 {
            f64::MIN
        } else {
            sum[m] / f64::from(tries[m])
        }
    };
    (0..k)
        .max_by(|&a, &b| mean(a).total_cmp(&mean(b)).then(b.cmp(&a)))
        .map_or(legal[0], |i| legal[i])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random::shuffled_deck;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn deals(spec: &GameSpec, seed: u64) -> Vec<Deal> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        spec.deal_stack(&shuffled_deck(spec, &mut rng), Seat::North)
    }

    #[test]
    fn every_player_finishes_a_legal_game() {
        let spec = GameSpec::default();
        let d = deals(&spec, 1);
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let players = [
            Player::Robot { playouts: 20 },
            Player::Greedy,
            Player::Random,
            Player::Greedy,
        ];
        let game = play_game(&spec, Seat::North, &d, players, &mut rng);
        assert!(game.is_over());
        assert!(game.revokes().is_empty());
        let s = game.score();
        let piles: u32 = s.sides.iter().map(|x| x.trick_pile).sum();
        let calypso_cards: u32 = s
            .players
            .iter()
            .map(|p| 13 * p.calypsos + p.in_progress.len() as u32)
            .sum();
        assert_eq!(
            piles + calypso_cards,
            208,
            "every card ends in a pile or a calypso"
        );
    }

    #[test]
    fn the_same_seed_plays_the_same_game() {
        let spec = GameSpec::default();
        let d = deals(&spec, 3);
        let play = || {
            let mut rng = ChaCha8Rng::seed_from_u64(4);
            play_game(
                &spec,
                Seat::North,
                &d,
                [Player::Robot { playouts: 10 }; 4],
                &mut rng,
            )
            .score()
        };
        assert_eq!(play(), play());
    }

    /// North leads `lead` from `north`; East, to play, holds 4H 9H KH and must follow.
    fn east_to_follow<'s>(spec: &'s GameSpec, north: &str, south: &str, lead: &str) -> Game<'s> {
        let mut game = Game::new(spec, Seat::West);
        let hand = |s: &str| CardCounts::from_cards(&crate::engine::parse_cards(s).unwrap());
        game.deal([
            hand(north),
            hand("4H 9H KH 2D 3D 4D 5D 6D 7D 8D 9D TD JD"),
            hand(south),
            hand("4S 5S 6S 7S 8S 9S TS JS QS KS AS QD KD"),
        ])
        .unwrap();
        assert_eq!(game.to_play(), Some(Seat::North));
        game.play(lead.parse().unwrap()).unwrap();
        game
    }

    #[test]
    fn greedy_wins_with_its_cheapest_winning_card() {
        let spec = GameSpec::default();
        let game = east_to_follow(
            &spec,
            "5H 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
            "2H 3H 6H 7H 8H TH JH QH AH AC AD 2S 3S",
            "5H",
        );
        assert_eq!(
            choose(&game, Player::Greedy, &mut ChaCha8Rng::seed_from_u64(0)),
            Some("9H".parse().unwrap())
        );
    }

    #[test]
    fn greedy_plays_its_cheapest_card_when_it_cannot_win() {
        let spec = GameSpec::default();
        let game = east_to_follow(
            &spec,
            "AH 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
            "2H 3H 6H 7H 8H TH JH QH 5H AC AD 2S 3S",
            "AH",
        );
        assert_eq!(
            choose(&game, Player::Greedy, &mut ChaCha8Rng::seed_from_u64(0)),
            Some("4H".parse().unwrap())
        );
    }

    #[test]
    fn the_robot_never_looks_at_a_hidden_hand() {
        // Two tables alike in all a seat can see (its hand, the cards played, renounces,
        // calypsos, piles) but with the other hands dealt otherwise: the robot's card is the
        // same at both, for the same random numbers.
        let spec = GameSpec::default();
        let mut scratch = [Card::new(Rank::TWO, Suit::Clubs); 52];
        for seed in 0..12 {
            let d = deals(&spec, 100 + seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Game::new(&spec, Seat::North);
            game.deal(d[0].hands).unwrap();
            for _ in 0..(seed as usize * 3) {
                let n = game.legal_cards_into(&mut scratch);
                game.play(scratch[below(&mut rng, n)]).unwrap();
            }
            let seat = game.to_play().unwrap();
            // The other hands' cards shared out again among them, each keeping its size.
            let mut other = game.clone();
            let seats: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| s != seat).collect();
            let mut hidden: Vec<Card> = seats.iter().flat_map(|&s| game.hand(s).cards()).collect();
            crate::engine::random::shuffle(&mut hidden, &mut rng);
            for &s in &seats {
                let size = game.hand(s).len();
                other.set_hand(s, CardCounts::from_cards(&hidden[..size]));
                hidden.drain(..size);
            }
            assert_ne!(
                Seat::ALL.map(|s| *other.hand(s)),
                Seat::ALL.map(|s| *game.hand(s)),
                "the other table's hidden hands differ"
            );
            let robot = Player::Robot { playouts: 40 };
            let here = choose(&game, robot, &mut ChaCha8Rng::seed_from_u64(7));
            let there = choose(&other, robot, &mut ChaCha8Rng::seed_from_u64(7));
            assert_eq!(here, there, "seed {seed}");
        }
    }

    #[test]
    fn the_robot_guesses_hands_that_keep_every_renounce() {
        let spec = GameSpec::default();
        let d = deals(&spec, 5);
        let mut game = Game::new(&spec, Seat::North);
        game.deal(d[0].hands).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        // Play until some seat has renounced a suit.
        let mut scratch = [Card::new(Rank::TWO, Suit::Clubs); 52];
        while game.to_play().is_some()
            && !Seat::ALL
                .iter()
                .any(|&s| Suit::ALL.iter().any(|&x| game.renounced(s, x)))
        {
            let n = game.legal_cards_into(&mut scratch);
            game.play(scratch[below(&mut rng, n)]).unwrap();
        }
        let seat = game
            .to_play()
            .expect("a renounce comes before the deal's end here");
        let unseen = Unseen::of(&game, seat);
        for _ in 0..200 {
            let mut world = game.clone();
            unseen.deal_into(&mut world, &mut rng);
            let mut hidden = CardCounts::new();
            let mut guessed = CardCounts::new();
            for &other in spec.seats() {
                assert_eq!(world.hand(other).len(), game.hand(other).len());
                if other == seat {
                    assert_eq!(world.hand(other), game.hand(other), "its own hand is known");
                    continue;
                }
                for suit in Suit::ALL {
                    if game.renounced(other, suit) {
                        assert!(
                            !world.hand(other).has_suit(suit),
                            "{other} renounced {suit}"
                        );
                    }
                }
                hidden.add_all(game.hand(other));
                guessed.add_all(world.hand(other));
            }
            // Every guessed card is one the seat cannot see: not dealt yet, or hidden.
            for card in Card::all() {
                let unseen = spec.deck.count(card) - game.dealt().count(card) + hidden.count(card);
                assert!(guessed.count(card) <= unseen, "{card}");
            }
        }
    }
}
