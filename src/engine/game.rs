//! One game as it is played: the deals, each trick, where the cards of a won trick go,
//! revokes and renounce indicators. Replay, random play and the web all drive this.

use std::fmt;

use super::calypso::Calypsos;
use super::cards::{Card, CardCounts, Seat, Suit};
use super::spec::GameSpec;
use super::trick;

/// A card played to a trick when the hand held the suit led and the rule did not allow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Revoke {
    /// 1-based deal and trick numbers.
    pub deal: usize,
    pub trick: usize,
    pub seat: Seat,
    pub card: Card,
}

/// What the rules cannot accept at all (as opposed to a revoke, which is penalised).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is over, or a deal has not been dealt yet.
    NotInPlay,
    /// The card is not in the seat's hand (any more).
    NotHeld { seat: Seat, card: Card },
}

/// Why a deal's hands cannot be the next deal of this game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandsError {
    GameOver,
    DealInProgress,
    /// A hand with the wrong number of cards.
    HandSize {
        seat: Seat,
        expected: usize,
        found: usize,
    },
    /// More copies of a card than the deck still has.
    TooManyCopies {
        card: Card,
        in_deck: u8,
    },
}

impl fmt::Display for HandsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandsError::GameOver => write!(f, "all the deals of this game have been played"),
            HandsError::DealInProgress => write!(f, "the previous deal is not finished"),
            HandsError::HandSize {
                seat,
                expected,
                found,
            } => write!(
                f,
                "{}'s hand has {found} cards, a hand in this deal has {expected}",
                seat.name()
            ),
            HandsError::TooManyCopies { card, in_deck } => write!(
                f,
                "{card} is dealt more often than the deck holds it ({in_deck} copies in all)"
            ),
        }
    }
}

/// The outcome of one card played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The card broke the follow-suit rule (it is still played, and penalised).
    pub revoke: bool,
    /// When the card completed a trick: who won it.
    pub trick_won_by: Option<Seat>,
}

#[derive(Clone, Debug)]
pub struct Game<'s> {
    spec: &'s GameSpec,
    first_dealer: Seat,
    /// Deals dealt so far (the current one included while it is played).
    deals_dealt: usize,
    in_deal: bool,
    tricks_in_deal: usize,
    hands: [CardCounts; 4],
    leader: Seat,
    trick: [Card; 4],
    trick_len: usize,
    calypsos: [Calypsos; 4],
    /// Trick-pile cards per side.
    piles: [u32; 4],
    /// Revokes per seat.
    revoke_count: [u32; 4],
    revokes: Vec<Revoke>,
    /// renounced[seat][suit] for the current deal.
    renounced: [[bool; 4]; 4],
    dealt: CardCounts,
    /// Won tricks go to calypsos and trick piles; false when the caller places them
    /// (see [`Game::trick_play_only`]).
    collect: bool,
}

impl<'s> Game<'s> {
    pub fn new(spec: &'s GameSpec, first_dealer: Seat) -> Game<'s> {
        // Placeholder card for the empty trick slots; never read before being written.
        let filler = Card::new(super::Rank::TWO, Suit::Clubs);
        Game {
            spec,
            first_dealer,
            deals_dealt: 0,
            in_deal: false,
            tricks_in_deal: 0,
            hands: [CardCounts::new(); 4],
            leader: first_dealer.left(spec.players),
            trick: [filler; 4],
            trick_len: 0,
            calypsos: [Calypsos::default(); 4],
            piles: [0; 4],
            revoke_count: [0; 4],
            revokes: Vec::new(),
            renounced: [[false; 4]; 4],
            dealt: CardCounts::new(),
            collect: true,
        }
    }

    /// A game whose won tricks are left to the caller: the deal, legal cards, revokes and
    /// trick winners as in [`Game::new`], but no calypsos are collected and no trick pile
    /// grows. For variants that only change what the winner does with the cards (Kaiso):
    /// the caller knows the trick's cards it played and takes the winner from
    /// [`Played::trick_won_by`].
    pub fn trick_play_only(spec: &'s GameSpec, first_dealer: Seat) -> Game<'s> {
        Game {
            collect: false,
            ..Game::new(spec, first_dealer)
        }
    }

    pub fn spec(&self) -> &'s GameSpec {
        self.spec
    }

    /// The dealer of the next deal, or of the current one while it is played.
    pub fn dealer(&self) -> Seat {
        let d = if self.in_deal {
            self.deals_dealt - 1
        } else {
            self.deals_dealt
        };
        self.spec.dealer_of(self.first_dealer, d)
    }

    /// Deals finished or under way.
    pub fn deals_dealt(&self) -> usize {
        self.deals_dealt
    }

    pub fn is_over(&self) -> bool {
        !self.in_deal && self.deals_dealt == self.spec.deals()
    }

    /// Starts the next deal with these hands (indexed by seat).
    pub fn deal(&mut self, hands: [CardCounts; 4]) -> Result<(), HandsError> {
        if self.in_deal {
            return Err(HandsError::DealInProgress);
        }
        let Some(&per_hand) = self.spec.schedule.get(self.deals_dealt) else {
            return Err(HandsError::GameOver);
        };
        for seat in Seat::ALL {
            let expected = if seat.index() < self.spec.players {
                per_hand
            } else {
                0
            };
            let found = hands[seat.index()].len();
            if found != expected {
                return Err(HandsError::HandSize {
                    seat,
                    expected,
                    found,
                });
            }
        }
        let mut dealt = self.dealt;
        for hand in &hands {
            dealt.add_all(hand);
        }
        if let Some(card) = dealt.first_excess(&self.spec.deck) {
            return Err(HandsError::TooManyCopies {
                card,
                in_deck: self.spec.deck.count(card),
            });
        }
        self.dealt = dealt;
        let dealer = self.spec.dealer_of(self.first_dealer, self.deals_dealt);
        self.deals_dealt += 1;
        self.in_deal = true;
        self.tricks_in_deal = 0;
        self.hands = hands;
        self.leader = dealer.left(self.spec.players);
        self.trick_len = 0;
        self.renounced = [[false; 4]; 4];
        Ok(())
    }

    /// The seat to play next, if a deal is in play.
    pub fn to_play(&self) -> Option<Seat> {
        self.in_deal
            .then(|| self.leader.left_by(self.trick_len, self.spec.players))
    }

    pub fn leader(&self) -> Seat {
        self.leader
    }

    /// Cards of the trick so far, in play order from the leader.
    pub fn trick_so_far(&self) -> &[Card] {
        &self.trick[..self.trick_len]
    }

    /// 1-based number of the trick being played in the current deal.
    pub fn trick_number(&self) -> usize {
        self.tricks_in_deal + 1
    }

    pub fn led_suit(&self) -> Option<Suit> {
        (self.trick_len > 0).then(|| self.trick[0].suit())
    }

    pub fn hand(&self, seat: Seat) -> &CardCounts {
        &self.hands[seat.index()]
    }

    pub fn calypsos(&self, seat: Seat) -> &Calypsos {
        &self.calypsos[seat.index()]
    }

    /// Trick-pile cards of a side (see [`GameSpec::side_of`]).
    pub fn trick_pile(&self, side: usize) -> u32 {
        self.piles[side]
    }

    pub fn revokes(&self) -> &[Revoke] {
        &self.revokes
    }

    pub fn revokes_by(&self, seat: Seat) -> u32 {
        self.revoke_count[seat.index()]
    }

    /// The renounce indicator of `seat` for `suit` in the current deal.
    pub fn renounced(&self, seat: Seat, suit: Suit) -> bool {
        self.renounced[seat.index()][suit.index()]
    }

    /// Every card dealt so far in this game.
    pub fn dealt(&self) -> &CardCounts {
        &self.dealt
    }

    /// Distinct cards the seat to play may play.
    pub fn legal_cards(&self) -> Vec<Card> {
        match self.to_play() {
            Some(seat) => trick::legal_cards(
                self.hand(seat),
                self.led_suit(),
                self.spec.trumps.of(seat),
                self.spec.rule,
            ),
            None => Vec::new(),
        }
    }

    /// Distinct legal cards into `out`, without allocating; returns how many. The rule is
    /// [`trick::may_play`]'s, the same as [`Game::legal_cards`].
    pub fn legal_cards_into(&self, out: &mut [Card; 52]) -> usize {
        let Some(seat) = self.to_play() else { return 0 };
        let hand = self.hand(seat);
        let led = self.led_suit();
        let own = self.spec.trumps.of(seat);
        let mut n = 0;
        for suit in Suit::ALL {
            for card in hand.distinct_in_suit(suit) {
                if trick::may_play(hand, card, led, own, self.spec.rule) {
                    out[n] = card;
                    n += 1;
                }
            }
        }
        n
    }

    /// Plays `card` for the seat to play. A card against the follow-suit rule is a revoke:
    /// recorded, penalised at the end, and the play stands.
    pub fn play(&mut self, card: Card) -> Result<Played, PlayError> {
        let Some(seat) = self.to_play() else {
            return Err(PlayError::NotInPlay);
        };
        let own = self.spec.trumps.of(seat);
        let rule = self.spec.rule;
        let hand = &mut self.hands[seat.index()];
        let led = (self.trick_len > 0).then(|| self.trick[0].suit());
        let revoke = !trick::may_play(hand, card, led, own, rule);
        if !hand.remove(card) {
            return Err(PlayError::NotHeld { seat, card });
        }
        if let Some(led) = led
            && trick::shows_renounce(card, led, own, rule)
        {
            self.renounced[seat.index()][led.index()] = true;
        }
        if revoke {
            self.revoke_count[seat.index()] += 1;
            self.revokes.push(Revoke {
                deal: self.deals_dealt,
                trick: self.tricks_in_deal + 1,
                seat,
                card,
            });
        }
        self.trick[self.trick_len] = card;
        self.trick_len += 1;
        let mut trick_won_by = None;
        if self.trick_len == self.spec.players {
            trick_won_by = Some(self.finish_trick());
        }
        Ok(Played {
            revoke,
            trick_won_by,
        })
    }

    fn finish_trick(&mut self) -> Seat {
        let players = self.spec.players;
        let cards = self.trick;
        let cards = &cards[..players];
        let i = trick::winner(
            self.leader,
            cards,
            players,
            &self.spec.trumps,
            self.spec.rule,
        );
        let winner = self.leader.left_by(i, players);
        if self.collect {
            self.take_trick(winner, cards);
        }
        self.leader = winner;
        self.trick_len = 0;
        self.tricks_in_deal += 1;
        if self.tricks_in_deal == self.spec.schedule[self.deals_dealt - 1] {
            self.in_deal = false;
        }
        winner
    }

    /// The winner's side takes the trick: each collecting partner's own-suit cards go to
    /// their calypso (see [`Calypsos::collect`]); everything else to the side's trick pile.
    fn take_trick(&mut self, winner: Seat, cards: &[Card]) {
        let partner = self.spec.scoring.partnerships().then(|| winner.partner());
        let collectors = [Some(winner), partner];
        let mut own = [[0u8; 13]; 2];
        let mut pile = 0;
        for &card in cards {
            let taker = collectors
                .iter()
                .position(|s| s.is_some_and(|s| self.spec.trumps.of(s) == Some(card.suit())));
            match taker {
                Some(k) => own[k][card.rank().index()] += 1,
                None => pile += 1,
            }
        }
        for (k, seat) in collectors.iter().enumerate() {
            if let Some(seat) = seat {
                pile += self.calypsos[seat.index()].collect(&own[k]);
            }
        }
        self.piles[self.spec.side_of(winner)] += pile as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::parse_cards;
    use crate::engine::spec::Variant;

    fn hand(s: &str) -> CardCounts {
        CardCounts::from_cards(&parse_cards(s).unwrap())
    }

    /// North all spades, South all hearts, West all clubs; East as given.
    fn one_suit_each(east: &str) -> [CardCounts; 4] {
        [
            hand("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"),
            hand(east),
            hand("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"),
            hand("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
        ]
    }

    #[test]
    fn a_trick_goes_to_the_winners_side() {
        let spec = GameSpec::default();
        let mut g = Game::new(&spec, Seat::West);
        // One deal with 13 cards each; only the first trick matters here.
        let hands = one_suit_each("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD");
        g.deal(hands).unwrap();
        assert_eq!(g.to_play(), Some(Seat::North));
        for c in ["AS", "2D", "3H", "4C"] {
            g.play(c.parse().unwrap()).unwrap();
        }
        // Everyone but the leader trumps in (the problem rule: the led ace counts for
        // nothing); West's 4C is the highest trump-in. E-W collect: 2D to East's calypso,
        // 4C to West's, AS and 3H to their pile.
        assert_eq!(g.leader(), Seat::West);
        assert_eq!(g.calypsos(Seat::East).in_progress_len(), 1);
        assert_eq!(
            g.calypsos(Seat::West).in_progress_len(),
            1,
            "4C is West's suit"
        );
        assert_eq!(g.trick_pile(1), 2);
        // Void players show their renounce indicators.
        assert!(g.renounced(Seat::East, Suit::Spades));
        assert!(!g.renounced(Seat::North, Suit::Spades));
    }

    #[test]
    fn both_partners_complete_a_calypso_in_one_trick() {
        let spec = GameSpec::default();
        let mut g = Game::new(&spec, Seat::West);
        g.calypsos[0] = Calypsos::new(0, crate::engine::Rank::all().filter(|r| r.char() != '7'));
        g.calypsos[2] = Calypsos::new(0, crate::engine::Rank::all().filter(|r| r.char() != '9'));
        let mut hands = [CardCounts::new(); 4];
        hands[0] = hand("7S KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S");
        hands[1] = hand("9H 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD");
        hands[2] = hand("9H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH");
        hands[3] = hand("7S 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC");
        g.deal(hands).unwrap();
        // North leads 7S (own suit); East, void, discards 9H; South, void, trumps in with 9H.
        for c in ["7S", "9H", "9H", "7S"] {
            g.play(c.parse().unwrap()).unwrap();
        }
        // South's 9H is a trump-in and wins; N-S collect: N gets 7S (+7S carries over),
        // S gets 9H (+9H carries over).
        assert_eq!(g.leader(), Seat::South);
        assert_eq!(g.calypsos(Seat::North).completed(), 1);
        assert_eq!(g.calypsos(Seat::South).completed(), 1);
        assert_eq!(g.calypsos(Seat::North).in_progress_len(), 1);
        assert_eq!(g.calypsos(Seat::South).in_progress_len(), 1);
        assert_eq!(g.trick_pile(0), 0);
    }

    #[test]
    fn revoke_is_recorded_and_play_continues() {
        let spec = GameSpec::default();
        let mut g = Game::new(&spec, Seat::West);
        let hands = one_suit_each("2S 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD");
        g.deal(hands).unwrap();
        g.play("AS".parse().unwrap()).unwrap();
        let p = g.play("3D".parse().unwrap()).unwrap();
        assert!(p.revoke, "East held 2S");
        assert_eq!(g.revokes().len(), 1);
        assert_eq!(g.revokes()[0].trick, 1);
        assert_eq!(
            g.play("AS".parse().unwrap()),
            Err(PlayError::NotHeld {
                seat: Seat::South,
                card: "AS".parse().unwrap()
            })
        );
    }

    #[test]
    fn deal_checks_hand_sizes_and_copies() {
        let spec = GameSpec::default();
        let mut g = Game::new(&spec, Seat::North);
        let mut hands = [hand("AS AS AS AS AS 2C 3C 4C 5C 6C 7C 8C 9C"); 4];
        assert!(matches!(
            g.deal(hands),
            Err(HandsError::TooManyCopies { .. })
        ));
        hands[1] = hand("2C");
        assert!(matches!(
            g.deal(hands),
            Err(HandsError::HandSize {
                seat: Seat::East,
                ..
            })
        ));
    }

    #[test]
    fn trick_play_only_decides_tricks_but_collects_nothing() {
        let spec = GameSpec::default();
        let mut g = Game::trick_play_only(&spec, Seat::West);
        g.deal(one_suit_each("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"))
            .unwrap();
        let mut won = None;
        for c in ["AS", "2D", "3H", "4C"] {
            won = g.play(c.parse().unwrap()).unwrap().trick_won_by;
        }
        // The same trick as a_trick_goes_to_the_winners_side: West wins and leads next,
        // but nothing is collected and no pile grows.
        assert_eq!(won, Some(Seat::West));
        assert_eq!(g.leader(), Seat::West);
        for seat in Seat::ALL {
            assert_eq!(g.calypsos(seat).in_progress_len(), 0);
        }
        assert_eq!((g.trick_pile(0), g.trick_pile(1)), (0, 0));
        assert!(g.renounced(Seat::East, Suit::Spades));
    }

    #[test]
    fn cut_throat_winner_keeps_only_own_suit() {
        let spec = GameSpec::new(Variant::CutThroat4);
        let mut g = Game::new(&spec, Seat::West);
        let hands = one_suit_each("2S 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD");
        g.deal(hands).unwrap();
        for c in ["AS", "2S", "2H", "2C"] {
            g.play(c.parse().unwrap()).unwrap();
        }
        // South trumped in: 2H to South, the three others to South's own pile.
        assert_eq!(g.leader(), Seat::South);
        assert_eq!(g.calypsos(Seat::South).in_progress_len(), 1);
        assert_eq!(g.calypsos(Seat::North).in_progress_len(), 0);
        assert_eq!(g.trick_pile(spec.side_of(Seat::South)), 3);
    }
}
