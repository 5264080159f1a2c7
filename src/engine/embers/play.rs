//! One Embers game as it is played: hand by hand, each hand's trick play through [`Game`],
//! and between hands the green room and the sin bin.

use std::fmt;

use super::spec::{EmbersSpec, HAND_SIZE};
use super::summary::{EmbersSummary, HandSummary, PlayerLine, Sides};
use crate::engine::calypso::Calypsos;
use crate::engine::cards::{Card, CardCounts, Rank, Seat};
use crate::engine::game::{CardPlayed, Game, HandsError, PlayError, Revoke, take_trick};

/// Why a deal cannot be the next hand of this game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EmbersDealError {
    GameOver,
    HandInProgress,
    HandSize {
        seat: Seat,
        expected: usize,
        found: usize,
    },
    /// The seat is dealt a card the green room (or in fire hands the deck) no longer holds.
    NotAvailable {
        seat: Seat,
        card: Card,
        fire: bool,
        available: u8,
    },
}

impl fmt::Display for EmbersDealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmbersDealError::GameOver => write!(f, "all the agreed hands have been played"),
            EmbersDealError::HandInProgress => write!(f, "the previous hand is not finished"),
            EmbersDealError::HandSize {
                seat,
                expected,
                found,
            } => write!(
                f,
                "{} is dealt {found} cards, a hand is {expected}",
                seat.name()
            ),
            EmbersDealError::NotAvailable {
                seat,
                card,
                fire,
                available,
            } => {
                let from = if *fire {
                    "the rest of the deck (a fire hand)"
                } else {
                    "the green room"
                };
                write!(
                    f,
                    "{} is dealt {card}, but {from} holds {available} of it for this deal",
                    seat.name()
                )
            }
        }
    }
}

#[derive(Clone, Debug)]
pub struct EmbersGame<'s> {
    spec: &'s EmbersSpec,
    first_dealer: Seat,
    /// Hands dealt so far (the one in play included).
    hand: usize,
    game: Option<Game<'s>>,
    calypsos: [Calypsos; 4],
    /// The cards the next hand is dealt from: in fire hands the rest of the shuffled deck.
    green_room: CardCounts,
    /// Cards sitting out: the last hand's trick piles (in fire hands, every trick pile and
    /// completed calypso so far).
    sin_bin: CardCounts,
    /// This hand's trick piles, N-S and E-W.
    piles: [CardCounts; 2],
    completed_before: [u8; 4],
    revokes: Vec<Revoke>,
    hand_revokes: [u32; 4],
    summaries: Vec<HandSummary>,
}

impl<'s> EmbersGame<'s> {
    pub fn new(spec: &'s EmbersSpec, first_dealer: Seat) -> EmbersGame<'s> {
        EmbersGame {
            spec,
            first_dealer,
            hand: 0,
            game: None,
            calypsos: [Calypsos::default(); 4],
            green_room: *spec.deck(),
            sin_bin: CardCounts::new(),
            piles: [CardCounts::new(); 2],
            completed_before: [0; 4],
            revokes: Vec::new(),
            hand_revokes: [0; 4],
            summaries: Vec::new(),
        }
    }

    pub fn spec(&self) -> &'s EmbersSpec {
        self.spec
    }

    /// Hands dealt so far (the one in play included).
    pub fn hands_dealt(&self) -> usize {
        self.hand
    }

    /// The dealer of the hand in play, or of the next one.
    pub fn dealer(&self) -> Seat {
        let h = if self.in_hand() {
            self.hand
        } else {
            self.hand + 1
        };
        self.spec.dealer_of(self.first_dealer, h)
    }

    pub fn in_hand(&self) -> bool {
        self.game.as_ref().is_some_and(|g| !g.is_over())
    }

    pub fn is_over(&self) -> bool {
        !self.in_hand() && self.hand == self.spec.hands
    }

    /// The hand in play (its trick play), if one is.
    pub fn game(&self) -> Option<&Game<'s>> {
        self.game.as_ref().filter(|g| !g.is_over())
    }

    pub fn green_room(&self) -> &CardCounts {
        &self.green_room
    }

    pub fn sin_bin(&self) -> &CardCounts {
        &self.sin_bin
    }

    pub fn calypsos(&self, seat: Seat) -> &Calypsos {
        &self.calypsos[seat.index()]
    }

    /// A seat's calypso in progress as cards (ranks of their suit).
    pub fn in_progress(&self, seat: Seat) -> Vec<Card> {
        match self.spec.trumps().of(seat) {
            Some(suit) => self.calypsos[seat.index()]
                .in_progress()
                .map(|r| Card::new(r, suit))
                .collect(),
            None => Vec::new(),
        }
    }

    /// This hand's trick pile of a side (0 N-S, 1 E-W).
    pub fn trick_pile(&self, side: usize) -> &CardCounts {
        &self.piles[side]
    }

    pub fn revokes(&self) -> &[Revoke] {
        &self.revokes
    }

    /// What a table reports after each hand finished so far.
    pub fn summary(&self) -> EmbersSummary {
        EmbersSummary {
            hands: self.summaries.clone(),
        }
    }

    /// Deals the next hand: 13 cards each, every card from the green room (in fire hands
    /// from the rest of the deck).
    pub fn deal(&mut self, hands: [CardCounts; 4]) -> Result<(), EmbersDealError> {
        if self.in_hand() {
            return Err(EmbersDealError::HandInProgress);
        }
        if self.hand >= self.spec.hands {
            return Err(EmbersDealError::GameOver);
        }
        let fire = self.spec.is_fire(self.hand + 1);
        let mut left = self.green_room;
        for seat in Seat::ALL {
            let hand = &hands[seat.index()];
            if hand.len() != HAND_SIZE {
                return Err(EmbersDealError::HandSize {
                    seat,
                    expected: HAND_SIZE,
                    found: hand.len(),
                });
            }
            for card in hand.cards() {
                if !left.remove(card) {
                    return Err(EmbersDealError::NotAvailable {
                        seat,
                        card,
                        fire,
                        available: self.green_room.count(card),
                    });
                }
            }
        }
        let mut game = Game::trick_play_only(self.spec.table(), self.dealer());
        game.deal(hands).map_err(|e| match e {
            HandsError::HandSize {
                seat,
                expected,
                found,
            } => EmbersDealError::HandSize {
                seat,
                expected,
                found,
            },
            // The green room is part of the deck and the hand sizes are checked above.
            _ => EmbersDealError::HandInProgress,
        })?;
        self.green_room = left;
        self.hand += 1;
        self.game = Some(game);
        self.piles = [CardCounts::new(); 2];
        self.hand_revokes = [0; 4];
        self.completed_before = self.calypsos.map(|c| c.completed());
        Ok(())
    }

    /// Plays `card` for the seat to play; a revoke is recorded and the play stands.
    pub fn play(&mut self, card: Card) -> Result<CardPlayed, PlayError> {
        let Some(game) = self.game.as_mut().filter(|g| !g.is_over()) else {
            return Err(PlayError::NotInPlay);
        };
        let mut trick = [card; 4];
        trick[..game.trick_so_far().len()].copy_from_slice(game.trick_so_far());
        let len = game.trick_so_far().len();
        let trick_number = game.trick_number();
        let seat = game.to_play().ok_or(PlayError::NotInPlay)?;
        let played = game.play(card)?;
        if played.revoke {
            self.hand_revokes[seat.index()] += 1;
            self.revokes.push(Revoke {
                deal: self.hand,
                trick: trick_number,
                seat,
                card,
            });
        }
        if let Some(winner) = played.trick_won_by {
            let cards = &trick[..=len];
            let pile = take_trick(self.spec.table(), &mut self.calypsos, winner, cards);
            self.piles[self.spec.side_of(winner)].add_all(&pile);
            if game.is_over() {
                self.end_hand();
            }
        }
        Ok(played)
    }

    /// The hand is settled: the table's report is taken, then the cards move. In fire hands
    /// before the last, trick piles and completed calypsos are set aside. From the last fire
    /// hand on, the trick piles become the new sin bin, and the previous sin bin and the
    /// completed calypsos join the undealt cards as the green room.
    fn end_hand(&mut self) {
        let mut completed = CardCounts::new();
        for seat in Seat::ALL {
            let new = self.calypsos[seat.index()].completed() - self.completed_before[seat.index()];
            if let Some(suit) = self.spec.trumps().of(seat) {
                for _ in 0..new {
                    for rank in Rank::all() {
                        completed.add(Card::new(rank, suit));
                    }
                }
            }
        }
        let mut piles = self.piles[0];
        piles.add_all(&self.piles[1]);
        if self.hand < self.spec.fire_hands {
            self.sin_bin.add_all(&piles);
            self.sin_bin.add_all(&completed);
        } else {
            self.green_room.add_all(&self.sin_bin);
            self.green_room.add_all(&completed);
            self.sin_bin = piles;
        }
        let players = Seat::ALL.map(|seat| {
            Some(PlayerLine {
                calypsos: u32::from(self.calypsos[seat.index()].completed()),
                in_progress: self.in_progress(seat),
            })
        });
        self.summaries.push(HandSummary {
            players,
            trick_piles: Sides {
                ns: self.piles[0].len() as u32,
                ew: self.piles[1].len() as u32,
            },
            revokes: self.hand_revokes.map(|n| (n > 0).then_some(n)),
            green_room: Some(self.green_room.len() as u32),
            sin_bin: Some(self.sin_bin.len() as u32),
        });
        debug_assert_eq!(
            self.green_room.len()
                + self.sin_bin.len()
                + Seat::ALL
                    .iter()
                    .map(|&s| self.in_progress(s).len())
                    .sum::<usize>(),
            self.spec.deck().len(),
            "every card is in the green room, the sin bin or a calypso in progress"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::embers::random::random_game;
    use crate::engine::embers::{EmbersSpec, replay};
    use crate::engine::random::{below, shuffle};
    use crate::engine::spec::TrickRule;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Deals the next hand at random from the green room and plays random legal cards.
    fn play_hand(game: &mut EmbersGame, rng: &mut ChaCha8Rng) {
        let mut room = game.green_room().cards();
        shuffle(&mut room, rng);
        room.truncate(52);
        let hands = CardCounts::deal_round(&room, game.dealer().left(4).index(), 4);
        game.deal(hands).unwrap();
        let mut legal = [Card::new(Rank::TWO, crate::engine::Suit::Clubs); 52];
        while let Some(g) = game.game() {
            let n = g.legal_cards_into(&mut legal);
            game.play(legal[below(rng, n)]).unwrap();
        }
    }

    fn contains_all(big: &CardCounts, small: &CardCounts) -> bool {
        small.first_excess(big).is_none()
    }

    #[test]
    fn the_green_room_is_refilled_from_the_sin_bin() {
        let spec = EmbersSpec::three_packs(12).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut game = EmbersGame::new(&spec, Seat::North);
        for h in 1..=12 {
            let sin_before = *game.sin_bin();
            play_hand(&mut game, &mut rng);
            let mut piles = *game.trick_pile(0);
            piles.add_all(game.trick_pile(1));
            // This hand's trick piles sit out the next hand; the previous sin bin is back.
            assert_eq!(*game.sin_bin(), piles, "hand {h}");
            assert!(contains_all(game.green_room(), &sin_before), "hand {h}");
            assert!(game.green_room().len() >= 56, "hand {h}");
        }
        assert!(game.is_over());
    }

    #[test]
    fn completed_calypsos_go_back_to_the_green_room_and_in_progress_cards_stay_out() {
        let spec = EmbersSpec::three_packs(12).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut game = EmbersGame::new(&spec, Seat::East);
        for _ in 0..12 {
            play_hand(&mut game, &mut rng);
            let held: usize = Seat::ALL.iter().map(|&s| game.in_progress(s).len()).sum();
            assert_eq!(
                game.green_room().len(),
                156 - game.sin_bin().len() - held,
                "everything else is in the green room"
            );
        }
        let done: u32 = Seat::ALL
            .iter()
            .map(|&s| u32::from(game.calypsos(s).completed()))
            .sum();
        assert!(
            done > 0,
            "random play completes some calypsos over 12 hands"
        );
    }

    #[test]
    fn fire_hands_with_more_packs_deal_from_the_rest_of_the_deck() {
        let spec = EmbersSpec::new(6, 8, 4, TrickRule::Standard, None).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut game = EmbersGame::new(&spec, Seat::South);
        for h in 1..=3 {
            play_hand(&mut game, &mut rng);
            // Nothing comes back before the fifth hand: the rest of the deck is left.
            assert_eq!(game.green_room().len(), 312 - 52 * h);
        }
        play_hand(&mut game, &mut rng);
        let mut piles = *game.trick_pile(0);
        piles.add_all(game.trick_pile(1));
        assert_eq!(
            *game.sin_bin(),
            piles,
            "the procedure starts after the last fire hand"
        );
        assert!(game.green_room().len() > 312 - 52 * 4);
    }

    #[test]
    fn trick_piles_are_scored_every_hand_and_in_progress_cards_only_at_the_end() {
        let spec = EmbersSpec::three_packs(4).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (_, o) = random_game(&spec, &mut rng);
        let last = o.summary.hands.len() - 1;
        for (i, (h, s)) in o.summary.hands.iter().zip(&o.score.hands).enumerate() {
            assert_eq!(s.trick_piles.ns, 10 * i64::from(h.trick_piles.ns));
            assert_eq!(s.trick_piles.ew, 10 * i64::from(h.trick_piles.ew));
            let held: i64 = [Seat::North, Seat::South]
                .iter()
                .map(|s| h.players[s.index()].as_ref().unwrap().in_progress.len() as i64)
                .sum();
            let expected = if i == last { 20 * held } else { 0 };
            assert_eq!(s.in_progress.ns, expected, "hand {}", i + 1);
        }
        assert!(o.complete);
    }

    #[test]
    fn calypsos_count_500_750_then_1000_over_the_whole_game() {
        let spec = EmbersSpec::three_packs(40).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let (_, o) = random_game(&spec, &mut rng);
        let last = o.summary.hands.last().unwrap();
        let points: i64 = o
            .score
            .hands
            .iter()
            .map(|h| h.calypsos.ns + h.calypsos.ew)
            .sum();
        let expected: i64 = last
            .players
            .iter()
            .flatten()
            .map(|l| crate::engine::calypso_points(l.calypsos))
            .sum();
        assert_eq!(points, expected);
    }

    #[test]
    fn a_deal_must_come_from_the_green_room() {
        let spec = EmbersSpec::three_packs(4).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let (mut record, _) = random_game(&spec, &mut rng);
        // Give East in hand 3 a fourth copy of a card the deck has three of.
        let card = record.deals[2].hands[0][0];
        let count = |r: &[Card]| r.iter().filter(|&&c| c == card).count();
        let others: usize = record.deals[2].hands[1..].iter().map(|h| count(h)).sum();
        let mut extra = 3 + 1 - count(&record.deals[2].hands[0]) - others;
        let east = &mut record.deals[2].hands[1];
        for slot in east.iter_mut() {
            if extra == 0 {
                break;
            }
            if *slot != card {
                *slot = card;
                extra -= 1;
            }
        }
        let e = replay(&spec, &record).unwrap_err();
        assert_eq!(
            (e.hand, e.seat, e.card),
            (Some(3), Some(Seat::East), Some(card))
        );
        assert!(e.to_string().starts_with("hand 3, East, "), "{e}");
        assert!(e.message.contains("the green room holds"), "{e}");
    }

    #[test]
    fn packs_hands_and_fire_hands_are_bounded() {
        let rule = TrickRule::Standard;
        assert!(EmbersSpec::new(2, 12, 1, rule, None).is_err());
        assert!(EmbersSpec::new(9, 12, 1, rule, None).is_err());
        assert!(EmbersSpec::new(3, 3, 1, rule, None).is_err());
        assert!(EmbersSpec::new(3, 41, 1, rule, None).is_err());
        assert!(EmbersSpec::new(3, 12, 2, rule, None).is_err());
        assert!(EmbersSpec::new(3, 12, 0, rule, None).is_err());
        assert!(EmbersSpec::new(8, 4, 5, rule, None).is_err());
        assert!(EmbersSpec::new(8, 40, 6, rule, None).is_ok());
    }
}
