//! One game as it is played: the deals, each trick, where the cards of a won trick go,
//! revokes and renounce indicators. Replay, random play and the web all drive this.

use std::fmt;

use super::calypso::Calypsos;
use super::cards::{Card, CardCounts, Seat, Suit};
use super::duet::{DuetDeal, DuetError, seat_hands};
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
    /// Calypso Duet, call-and-response: the first lead is from the ten cards the leader
    /// kept in the hand they inspected; this card is held only once their exchange is done.
    NotYetHeld { seat: Seat, card: Card },
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

/// Why a Calypso Duet deal cannot be the next deal of this game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DuetDealError {
    /// The game is not Calypso Duet.
    NotDuet,
    /// The board's hands (by board seat) do not fit the deal.
    Hands(HandsError),
    /// A player's choice or exchange is not allowed.
    Choice(DuetError),
}

impl fmt::Display for DuetDealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DuetDealError::NotDuet => write!(f, "this game is not Calypso Duet"),
            DuetDealError::Hands(e) => e.fmt(f),
            DuetDealError::Choice(e) => e.fmt(f),
        }
    }
}

/// The outcome of one card played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardPlayed {
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
    /// Seats to the left per turn in this deal (1 clockwise; see [`GameSpec::order`]).
    step: usize,
    /// Before the deal's first card: the cards it may be, when less than the leader's hand.
    first_lead: Option<CardCounts>,
    trick: [Card; 4],
    trick_len: usize,
    /// The seat to play while a deal is in play (kept, not worked out per card).
    turn: Seat,
    /// The seat after each seat in this deal's direction.
    next_seat: [Seat; 4],
    /// Who played each card of the trick so far.
    trick_seats: [Seat; 4],
    /// The distinct cards of each seat's hand as [`Card::bit`]s, so the legal cards are
    /// read off by suit without scanning the counts.
    held: [u64; 4],
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
            leader: spec.leader_of(first_dealer),
            step: spec.step(first_dealer),
            first_lead: None,
            trick: [filler; 4],
            trick_len: 0,
            turn: spec.leader_of(first_dealer),
            next_seat: Seat::ALL,
            trick_seats: Seat::ALL,
            held: [0; 4],
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
    /// [`CardPlayed::trick_won_by`].
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
        let dealt = self.check_hands(&hands)?;
        self.start_deal(hands, dealt, None);
        Ok(())
    }

    /// Starts the next deal of a Calypso Duet game from the board's hands (indexed by board
    /// seat) and the players' choices: each player's dummy and any call-and-response
    /// exchange decide the seats' hands (see [`seat_hands`]).
    pub fn deal_duet(
        &mut self,
        board: [CardCounts; 4],
        choices: &DuetDeal,
    ) -> Result<(), DuetDealError> {
        let duet = self.spec.duet.as_ref().ok_or(DuetDealError::NotDuet)?;
        let dealt = self.check_hands(&board).map_err(DuetDealError::Hands)?;
        let hands = seat_hands(duet, &board, choices).map_err(DuetDealError::Choice)?;
        let dealer = self.spec.dealer_of(self.first_dealer, self.deals_dealt);
        let first_lead = hands.first_lead_from(duet, self.spec.leader_of(dealer));
        self.start_deal(hands.seats, dealt, first_lead);
        Ok(())
    }

    /// Checks the next deal's hands; gives every card dealt once they are dealt.
    fn check_hands(&self, hands: &[CardCounts; 4]) -> Result<CardCounts, HandsError> {
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
        for hand in hands {
            dealt.add_all(hand);
        }
        if let Some(card) = dealt.first_excess(&self.spec.deck) {
            return Err(HandsError::TooManyCopies {
                card,
                in_deck: self.spec.deck.count(card),
            });
        }
        Ok(dealt)
    }

    fn start_deal(
        &mut self,
        hands: [CardCounts; 4],
        dealt: CardCounts,
        first_lead: Option<CardCounts>,
    ) {
        self.dealt = dealt;
        let dealer = self.spec.dealer_of(self.first_dealer, self.deals_dealt);
        self.deals_dealt += 1;
        self.in_deal = true;
        self.tricks_in_deal = 0;
        self.hands = hands;
        self.held = hands.each_ref().map(CardCounts::held_bits);
        self.leader = self.spec.leader_of(dealer);
        self.step = self.spec.step(dealer);
        let (step, players) = (self.step, self.spec.players);
        self.next_seat = Seat::ALL.map(|s| s.left_by(step, players));
        self.turn = self.leader;
        self.first_lead = first_lead;
        self.trick_len = 0;
        self.renounced = [[false; 4]; 4];
    }

    /// The seat to play next, if a deal is in play.
    pub fn to_play(&self) -> Option<Seat> {
        self.in_deal.then_some(self.turn)
    }

    /// Before the deal's first card: the cards the leader may lead, when that is less than
    /// their hand (Calypso Duet's call-and-response; see [`Game::deal_duet`]).
    pub fn first_lead_limit(&self) -> Option<&CardCounts> {
        self.first_lead.as_ref()
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

    /// Gives `seat` another hand of the same size in the deal under way: a robot's guess at
    /// a hidden hand (see [`super::robot`]). The caller keeps the cards consistent.
    pub(crate) fn set_hand(&mut self, seat: Seat, hand: CardCounts) {
        debug_assert_eq!(hand.len(), self.hands[seat.index()].len());
        self.hands[seat.index()] = hand;
        self.held[seat.index()] = hand.held_bits();
    }

    /// Distinct cards the seat to play may play.
    pub fn legal_cards(&self) -> Vec<Card> {
        match self.to_play() {
            Some(seat) => {
                let mut cards = trick::legal_cards(
                    self.hand(seat),
                    self.led_suit(),
                    self.spec.trumps.of(seat),
                    self.spec.rule,
                );
                if let Some(limit) = &self.first_lead {
                    cards.retain(|&c| limit.contains(c));
                }
                cards
            }
            None => Vec::new(),
        }
    }

    /// Distinct legal cards into `out`, without allocating; returns how many. The rule is
    /// [`trick::may_play`]'s, the same as [`Game::legal_cards`].
    pub fn legal_cards_into(&self, out: &mut [Card; 52]) -> usize {
        Card::bits_into(self.legal_bits(), out, 0)
    }

    /// The legal cards as a set of [`Card::bit`]s: the cards of
    /// [`Game::legal_cards_into`], in the same order read low to high.
    pub(crate) fn legal_bits(&self) -> u64 {
        let Some(seat) = self.to_play() else {
            return 0;
        };
        let held = self.held[seat.index()];
        if let Some(limit) = &self.first_lead {
            // The deal's first lead: any card held that is also in the limit.
            return held & limit.held_bits();
        }
        let hand = self.hand(seat);
        let led = self.led_suit();
        let own = self.spec.trumps.of(seat);
        let mut suits = 0;
        for suit in Suit::ALL {
            // `may_play` decides by suit alone: check it once per suit, not per card.
            let any = Card::new(super::Rank::TWO, suit);
            if trick::may_play(hand, any, led, own, self.spec.rule) {
                suits |= 0xffff << (16 * suit.index());
            }
        }
        held & suits
    }

    /// Plays `card` for the seat to play. A card against the follow-suit rule is a revoke:
    /// recorded, penalised at the end, and the play stands.
    pub fn play(&mut self, card: Card) -> Result<CardPlayed, PlayError> {
        let Some(seat) = self.to_play() else {
            return Err(PlayError::NotInPlay);
        };
        let own = self.spec.trumps.of(seat);
        let rule = self.spec.rule;
        let hand = &mut self.hands[seat.index()];
        let led = (self.trick_len > 0).then(|| self.trick[0].suit());
        let revoke = !trick::may_play(hand, card, led, own, rule);
        if let Some(limit) = &self.first_lead {
            if hand.contains(card) && !limit.contains(card) {
                return Err(PlayError::NotYetHeld { seat, card });
            }
            self.first_lead = None;
        }
        if !hand.remove(card) {
            return Err(PlayError::NotHeld { seat, card });
        }
        if !hand.contains(card) {
            self.held[seat.index()] &= !card.bit();
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
        self.trick_seats[self.trick_len] = seat;
        self.trick_len += 1;
        self.turn = self.next_seat[seat.index()];
        let mut trick_won_by = None;
        if self.trick_len == self.spec.players {
            trick_won_by = Some(self.finish_trick());
        }
        Ok(CardPlayed {
            revoke,
            trick_won_by,
        })
    }

    fn finish_trick(&mut self) -> Seat {
        let players = self.spec.players;
        let cards = self.trick;
        let cards = &cards[..players];
        let seats = self.trick_seats;
        let i = trick::winner_seated(cards, &seats[..players], &self.spec.trumps, self.spec.rule);
        let winner = seats[i];
        if self.collect {
            self.take_trick(winner, cards);
        }
        self.leader = winner;
        self.turn = winner;
        self.trick_len = 0;
        self.tricks_in_deal += 1;
        if self.tricks_in_deal == self.spec.schedule[self.deals_dealt - 1] {
            self.in_deal = false;
        }
        winner
    }

    /// [`take_trick_into`] for a counted pile: Calypso keeps no pile cards, so each
    /// collector's cards are only rank masks and the pile is what the calypsos leave.
    fn take_trick(&mut self, winner: Seat, cards: &[Card]) {
        let spec = self.spec;
        let partner = spec.scoring.partnerships().then(|| winner.partner());
        let collectors = [Some(winner), partner];
        let suits = collectors.map(|s| s.and_then(|s| spec.trumps.of(s)));
        let mut once = [0u16; 2];
        let mut twice = [0u16; 2];
        for &card in cards {
            let bit = 1u16 << card.rank().index();
            if let Some(k) = suits.iter().position(|&s| s == Some(card.suit())) {
                twice[k] |= once[k] & bit;
                once[k] |= bit;
            }
        }
        let mut kept = 0;
        for k in 0..2 {
            if let Some(seat) = collectors[k]
                && once[k] != 0
            {
                kept += self.calypsos[seat.index()].collect_ranks(once[k], twice[k]);
            }
        }
        self.piles[spec.side_of(winner)] += cards.len() as u32 - kept;
    }
}

/// Where a trick's cards that no calypso takes go: the cards themselves (a trick pile whose
/// cards matter later, as Embers' and Auction's sin bin), or only how many (Calypso's).
pub trait TrickPile {
    fn add(&mut self, card: Card, copies: u8);
}

impl TrickPile for CardCounts {
    fn add(&mut self, card: Card, copies: u8) {
        for _ in 0..copies {
            CardCounts::add(self, card);
        }
    }
}

impl TrickPile for u32 {
    fn add(&mut self, _: Card, copies: u8) {
        *self += u32::from(copies);
    }
}

/// The winner's side takes the trick: each collecting partner's own-suit cards go to their
/// calypso (see [`Calypsos::collect`]); the rest are returned, for the side's trick pile.
pub fn take_trick(
    spec: &GameSpec,
    calypsos: &mut [Calypsos; 4],
    winner: Seat,
    cards: &[Card],
) -> CardCounts {
    let mut pile = CardCounts::new();
    take_trick_into(spec, calypsos, winner, cards, &mut pile);
    pile
}

/// As [`take_trick`], the pile's cards given to `pile`.
pub fn take_trick_into<P: TrickPile>(
    spec: &GameSpec,
    calypsos: &mut [Calypsos; 4],
    winner: Seat,
    cards: &[Card],
    pile: &mut P,
) {
    let partner = spec.scoring.partnerships().then(|| winner.partner());
    let collectors = [Some(winner), partner];
    let mut own = [[0u8; 13]; 2];
    for &card in cards {
        let taker = collectors
            .iter()
            .position(|s| s.is_some_and(|s| spec.trumps.of(s) == Some(card.suit())));
        match taker {
            Some(k) => own[k][card.rank().index()] += 1,
            None => pile.add(card, 1),
        }
    }
    for (k, seat) in collectors.iter().enumerate() {
        if let (Some(seat), Some(suit)) = (seat, seat.and_then(|s| spec.trumps.of(s))) {
            if own[k] == [0; 13] {
                continue;
            }
            let spare = calypsos[seat.index()].collect_spare(&own[k]);
            for (r, &n) in spare.iter().enumerate() {
                if n > 0 {
                    let rank = super::Rank::from_index(r).expect("13 ranks");
                    pile.add(Card::new(rank, suit), n);
                }
            }
        }
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

    use crate::engine::duet::{DuetChoice, Exchange};

    fn keep_as_dealt() -> DuetDeal {
        DuetDeal {
            choices: [Seat::South, Seat::East].map(|dummy| DuetChoice {
                dummy,
                exchange: None,
            }),
        }
    }

    /// Plays a deal out with each seat's lowest legal card; the seats in the order they
    /// played, trick by trick.
    fn play_out(g: &mut Game) -> Vec<Vec<Seat>> {
        let mut tricks = vec![Vec::new()];
        while let Some(seat) = g.to_play() {
            tricks.last_mut().unwrap().push(seat);
            let card = g.legal_cards()[0];
            if g.play(card).unwrap().trick_won_by.is_some() {
                tricks.push(Vec::new());
            }
        }
        tricks.pop();
        tricks
    }

    /// The seat after `seat` going `clockwise` or not.
    fn next(seat: Seat, clockwise: bool) -> Seat {
        seat.left_by(if clockwise { 1 } else { 3 }, 4)
    }

    #[test]
    fn duet_the_deal_alternates_between_the_players() {
        let spec = GameSpec::new(Variant::Duet);
        assert_eq!(spec.dealing_seats(), vec![Seat::North, Seat::West]);
        let dealers: Vec<Seat> = (0..4).map(|d| spec.dealer_of(Seat::North, d)).collect();
        assert_eq!(dealers, [Seat::North, Seat::West, Seat::North, Seat::West]);
        let dealers: Vec<Seat> = (0..4).map(|d| spec.dealer_of(Seat::West, d)).collect();
        assert_eq!(dealers, [Seat::West, Seat::North, Seat::West, Seat::North]);
        // The standard game is untouched: the deal passes left, play runs clockwise.
        let standard = GameSpec::default();
        assert_eq!(standard.dealer_of(Seat::West, 1), Seat::North);
        assert_eq!(standard.leader_of(Seat::West), Seat::North);
        assert_eq!(standard.dealing_seats(), Seat::ALL.to_vec());
    }

    #[test]
    fn duet_order_of_play_reverses_each_deal() {
        use Seat::*;
        let spec = GameSpec::new(Variant::Duet);
        // The majors player (North's spades) deals first: the seed's four first tricks.
        let mut g = Game::new(&spec, North);
        let expected = [
            [West, South, East, North],
            [North, East, South, West],
            [West, South, East, North],
            [North, East, South, West],
        ];
        for (d, first_trick) in expected.iter().enumerate() {
            g.deal_duet(
                one_suit_each("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"),
                &keep_as_dealt(),
            )
            .unwrap();
            assert_eq!(
                spec.play_order(g.dealer(), g.leader()),
                first_trick.to_vec()
            );
            let tricks = play_out(&mut g);
            assert_eq!(tricks.len(), 13);
            assert_eq!(tricks[0], first_trick.to_vec(), "deal {}", d + 1);
            // Later tricks: led by the last winner, going the deal's way round.
            let clockwise = d % 2 == 1;
            for t in &tricks {
                for pair in t.windows(2) {
                    assert_eq!(pair[1], next(pair[0], clockwise), "deal {}: {t:?}", d + 1);
                }
            }
        }
        assert!(g.is_over());
    }

    #[test]
    fn duet_the_non_dealer_leads_from_the_secret_hand() {
        let spec = GameSpec::new(Variant::Duet);
        for (dealer, leader, dealers_dummy) in [
            (Seat::North, Seat::West, Seat::South),
            (Seat::West, Seat::North, Seat::East),
        ] {
            let mut g = Game::new(&spec, dealer);
            g.deal_duet(
                one_suit_each("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"),
                &keep_as_dealt(),
            )
            .unwrap();
            assert_eq!(g.dealer(), dealer);
            assert_eq!(
                g.to_play(),
                Some(leader),
                "the non-dealer's secret hand leads"
            );
            g.play(g.legal_cards()[0]).unwrap();
            assert_eq!(g.to_play(), Some(dealers_dummy), "then the dealer's dummy");
        }
    }

    #[test]
    fn duet_trick_positions_follow_the_deals_direction() {
        // Deal 1, North dealing: West leads 2C (own trump), South (second, not North) plays
        // 5H, East follows 3C, North (last) 2S. Both majors trumped in; South's 5H is the
        // higher and wins. Counted clockwise instead, 5H and 2S would be North's and
        // South's plain cards and West's led trump would win.
        let spec = GameSpec::new(Variant::Duet);
        let mut g = Game::new(&spec, Seat::North);
        let mut board = one_suit_each("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD");
        board[1] = hand("3C 4C 4D 5D 6D 7D 8D 9D TD JD QD KD AD");
        board[3] = hand("2C 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC");
        g.deal_duet(board, &keep_as_dealt()).unwrap();
        for c in ["2C", "5H", "3C", "2S"] {
            g.play(c.parse().unwrap()).unwrap();
        }
        assert_eq!(g.leader(), Seat::South);
        assert_eq!(g.calypsos(Seat::South).in_progress_len(), 1);
        assert_eq!(g.calypsos(Seat::North).in_progress_len(), 1);
        assert_eq!(g.trick_pile(0), 2);
        // North was void in clubs and plays last: its renounce shows; South's too.
        assert!(g.renounced(Seat::South, Suit::Clubs));
        assert!(g.renounced(Seat::North, Suit::Clubs));
        assert!(!g.renounced(Seat::East, Suit::Clubs));
    }

    #[test]
    fn call_and_response_first_lead_comes_from_the_ten_cards_kept() {
        let spec = GameSpec::new(Variant::DuetCallAndResponse);
        let mut g = Game::new(&spec, Seat::North);
        let board = one_suit_each("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD");
        let ex = |inspected, passed: &str, returned: &str| {
            Some(Exchange {
                inspected,
                passed: parse_cards(passed).unwrap(),
                returned: parse_cards(returned).unwrap(),
            })
        };
        let choices = DuetDeal {
            choices: [
                DuetChoice {
                    dummy: Seat::South,
                    exchange: ex(Seat::South, "2H 3H 4H", "2S 3S 4S"),
                },
                // West (minors' secret, the non-dealer) inspected West and kept it secret.
                DuetChoice {
                    dummy: Seat::East,
                    exchange: ex(Seat::West, "AC KC QC", "2D 3D 4D"),
                },
            ],
        };
        g.deal_duet(board, &choices).unwrap();
        assert_eq!(g.to_play(), Some(Seat::West));
        assert!(g.hand(Seat::West).contains("2D".parse().unwrap()));
        let legal = g.legal_cards();
        assert_eq!(legal.len(), 10);
        assert!(legal.iter().all(|c| c.suit() == Suit::Clubs));
        let mut out = [Card::new(crate::engine::Rank::TWO, Suit::Clubs); 52];
        assert_eq!(g.legal_cards_into(&mut out), 10);
        assert_eq!(&out[..10], legal.as_slice());
        assert_eq!(
            g.play("2D".parse().unwrap()),
            Err(PlayError::NotYetHeld {
                seat: Seat::West,
                card: "2D".parse().unwrap()
            })
        );
        assert_eq!(g.trick_so_far().len(), 0, "a refused card is not played");
        g.play("2C".parse().unwrap()).unwrap();
        assert!(g.first_lead_limit().is_none());
        // South (the majors' dummy) now holds the three spades returned to it.
        assert!(g.hand(Seat::South).contains("2S".parse().unwrap()));
        assert!(g.hand(Seat::North).contains("2H".parse().unwrap()));
    }

    #[test]
    fn a_duet_deal_needs_a_duet_game() {
        let spec = GameSpec::default();
        let mut g = Game::new(&spec, Seat::North);
        let board = one_suit_each("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD");
        assert_eq!(
            g.deal_duet(board, &keep_as_dealt()),
            Err(DuetDealError::NotDuet)
        );
    }
}
