//! One Auction Calypso game as it is played: hand by hand the deal from the green room
//! (completed from the sin bin when it runs short), the auction, the opponents' trumps, the
//! trick play through [`Game`], the declarer's sale, and between hands the green room and
//! the sin bin.

use std::fmt;

use super::bidding::{Auction, AuctionState, Call, CallError, Contract};
use super::hands::{
    DealFault, Phase, PlayFault, play_card, refill, return_calypsos, sell_from, take_deal,
};
use super::setup::Setup;
use super::spec::{
    AuctionSpec, HAND_SIZE, HandTrumps, MAX_IN_PROGRESS, PLAYERS, SEATS, player_name, right_of,
};
use super::summary::{
    AuctionEnd, AuctionSummary, HandReport, PlayerLine, fewest_sale, hand_trumps,
};
use super::wire::SuitCounts;
use crate::engine::calypso::Calypsos;
use crate::engine::cards::{Card, CardCounts, Rank, Seat, Suit};
use crate::engine::game::{CardPlayed, Game};

/// Why a setup, deal, trump naming, card or sale is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AuctionPlayError {
    /// Nothing of the kind is due now (the phase of the hand is named).
    NotNow {
        expected: &'static str,
    },
    Setup(String),
    HandSize {
        seat: Seat,
        found: usize,
    },
    /// A card dealt that neither the green room nor the sin bin holds (any more).
    NotAvailable {
        seat: Seat,
        card: Card,
    },
    /// A card dealt from the sin bin while the green room still had cards.
    GreenRoomFirst {
        seat: Seat,
        card: Card,
        left: usize,
    },
    Call(CallError),
    Trumps(String),
    NotHeld {
        seat: Seat,
        card: Card,
    },
    /// The player held the suit led.
    MustFollow {
        seat: Seat,
        card: Card,
        led: Suit,
    },
    Sale(String),
}

impl fmt::Display for AuctionPlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AuctionPlayError::NotNow { expected } => {
                write!(f, "the game is waiting for {expected}")
            }
            AuctionPlayError::Setup(m)
            | AuctionPlayError::Trumps(m)
            | AuctionPlayError::Sale(m) => f.write_str(m),
            AuctionPlayError::HandSize { seat, found } => write!(
                f,
                "{} is dealt {found} cards, a hand is {HAND_SIZE}",
                player_name(*seat)
            ),
            AuctionPlayError::NotAvailable { seat, card } => write!(
                f,
                "{} is dealt {card}, but neither the green room nor the sin bin holds another",
                player_name(*seat)
            ),
            AuctionPlayError::GreenRoomFirst { seat, card, left } => write!(
                f,
                "{} is dealt {card} from the sin bin, but the green room still holds {left} cards: the deal takes the whole green room first",
                player_name(*seat)
            ),
            AuctionPlayError::Call(e) => e.fmt(f),
            AuctionPlayError::NotHeld { seat, card } => f.write_str(
                &crate::engine::replay::not_held_by(&player_name(*seat), *card),
            ),
            AuctionPlayError::MustFollow { seat, card, led } => write!(
                f,
                "{} plays {card} while holding {}: they must follow suit",
                player_name(*seat),
                led.name().to_lowercase()
            ),
        }
    }
}

impl std::error::Error for AuctionPlayError {}

#[derive(Clone, Debug)]
pub struct AuctionGame<'s> {
    spec: &'s AuctionSpec,
    first_dealer: Seat,
    /// Hands dealt so far (the one in play included).
    hand: usize,
    phase: Phase<'s>,
    /// Each player's four calypsos, by suit.
    calypsos: [[Calypsos; 4]; PLAYERS],
    green_room: CardCounts,
    sin_bin: CardCounts,
    // This hand:
    hands: [CardCounts; PLAYERS],
    calls: Vec<Call>,
    outcome: Option<AuctionEnd>,
    opponents: Option<[Suit; 2]>,
    trumps: HandTrumps,
    piles: [CardCounts; PLAYERS],
    start: [[Calypsos; 4]; PLAYERS],
    sold: Vec<Card>,
    setup: Setup,
    reports: Vec<HandReport>,
}

impl<'s> AuctionGame<'s> {
    /// A new game: the setup's calypsos in progress are on the table, everything else is
    /// the green room the first hand is dealt from.
    pub fn new(
        spec: &'s AuctionSpec,
        first_dealer: Seat,
        setup: &Setup,
    ) -> Result<AuctionGame<'s>, AuctionPlayError> {
        if first_dealer.index() >= PLAYERS {
            return Err(AuctionPlayError::Setup(format!(
                "the first dealer must be one of the three players, not {}",
                first_dealer.name()
            )));
        }
        if setup.calypsos > 12 {
            return Err(AuctionPlayError::Setup(format!(
                "{} calypsos complete in the setup: three players' setups hold at most 12",
                setup.calypsos
            )));
        }
        let mut green_room = *spec.deck();
        let mut calypsos = [[Calypsos::default(); 4]; PLAYERS];
        for seat in SEATS {
            let mut ranks = [0u16; 4];
            for &card in &setup.in_progress[seat.index()] {
                let bit = 1u16 << card.rank().index();
                let held = &mut ranks[card.suit().index()];
                if *held & bit != 0 {
                    return Err(AuctionPlayError::Setup(format!(
                        "{}'s setup holds {card} twice: a calypso in progress has one of each rank",
                        player_name(seat)
                    )));
                }
                *held |= bit;
                green_room.remove(card);
            }
            for suit in Suit::ALL {
                let held = ranks[suit.index()];
                if held.count_ones() > u32::from(MAX_IN_PROGRESS) {
                    return Err(AuctionPlayError::Setup(format!(
                        "{}'s setup holds all 13 {}: a complete calypso is shuffled back",
                        player_name(seat),
                        suit.name().to_lowercase()
                    )));
                }
                calypsos[seat.index()][suit.index()] =
                    Calypsos::new(0, Rank::all().filter(|r| held & (1 << r.index()) != 0));
            }
        }
        Ok(AuctionGame {
            spec,
            first_dealer,
            hand: 0,
            phase: Phase::Deal,
            calypsos,
            green_room,
            sin_bin: CardCounts::new(),
            hands: [CardCounts::new(); PLAYERS],
            calls: Vec::new(),
            outcome: None,
            opponents: None,
            trumps: [None; PLAYERS],
            piles: [CardCounts::new(); PLAYERS],
            start: calypsos,
            sold: Vec::new(),
            setup: setup.clone(),
            reports: Vec::new(),
        })
    }

    pub fn spec(&self) -> &'s AuctionSpec {
        self.spec
    }

    /// Hands dealt so far (the one in play included).
    pub fn hands_dealt(&self) -> usize {
        self.hand
    }

    pub fn in_hand(&self) -> bool {
        !matches!(self.phase, Phase::Deal)
    }

    pub fn is_over(&self) -> bool {
        !self.in_hand() && self.hand == self.spec.hands
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

    pub fn green_room(&self) -> &CardCounts {
        &self.green_room
    }

    pub fn sin_bin(&self) -> &CardCounts {
        &self.sin_bin
    }

    /// A player's calypso of a suit: its cards in progress and the completed count.
    pub fn calypso(&self, seat: Seat, suit: Suit) -> &Calypsos {
        &self.calypsos[seat.index()][suit.index()]
    }

    /// Cards in a player's four calypsos in progress, by suit.
    pub fn in_progress(&self, seat: Seat) -> SuitCounts {
        SuitCounts(self.calypsos[seat.index()].map(|c| c.in_progress_len() as u8))
    }

    /// Calypsos a player has completed in the game.
    pub fn completed(&self, seat: Seat) -> u32 {
        self.calypsos[seat.index()]
            .iter()
            .map(|c| u32::from(c.completed()))
            .sum()
    }

    /// The auction under way.
    pub fn auction(&self) -> Option<&Auction> {
        match &self.phase {
            Phase::Calling(a) => Some(a),
            _ => None,
        }
    }

    /// The contract whose declarer is to name the opponents' trumps, or to sell.
    pub fn contract(&self) -> Option<Contract> {
        match self.outcome {
            Some(AuctionEnd::Contract(c)) => Some(c),
            _ => None,
        }
    }

    pub fn naming_trumps(&self) -> bool {
        matches!(self.phase, Phase::Trumps(_))
    }

    /// The trick play under way.
    pub fn game(&self) -> Option<&Game<'s>> {
        match &self.phase {
            Phase::Play { game, .. } => Some(game.as_ref()),
            _ => None,
        }
    }

    /// Each player's trumps in the hand in play (none in misère or before they are named).
    pub fn trumps(&self) -> HandTrumps {
        self.trumps
    }

    /// This hand's trick pile of a player.
    pub fn trick_pile(&self, seat: Seat) -> &CardCounts {
        &self.piles[seat.index()]
    }

    /// When the declarer is to decide on a sale: the fewest cards that fulfil the contract
    /// (0 when the trick pile does), or None when no sale can (a calypso bid not completed,
    /// or too few cards held).
    pub fn sale_needed(&self) -> Option<u32> {
        let Phase::Sale(c) = self.phase else {
            return None;
        };
        let d = c.declarer.index();
        let cal = &self.calypsos[d][c.bid.suit.index()];
        let done = u32::from(cal.completed() - self.start[d][c.bid.suit.index()].completed());
        let fewest = fewest_sale(c.bid.points, self.piles[d].len() as u32);
        (done >= u32::from(c.bid.calypsos) && fewest as usize <= cal.in_progress_len())
            .then_some(fewest)
    }

    /// What the table reports after each hand finished so far.
    pub fn summary(&self) -> AuctionSummary {
        let mut setup = [None; PLAYERS];
        for seat in SEATS {
            let cards = &self.setup.in_progress[seat.index()];
            if !cards.is_empty() {
                let mut c = SuitCounts::default();
                for card in cards {
                    c.0[card.suit().index()] += 1;
                }
                setup[seat.index()] = Some(c);
            }
        }
        AuctionSummary {
            first_dealer: self.first_dealer,
            setup,
            setup_calypsos: self.setup.calypsos,
            hands: self.reports.clone(),
        }
    }

    /// The refusal of a step that is not due: what the game is waiting for.
    fn not_now(&self) -> AuctionPlayError {
        AuctionPlayError::NotNow {
            expected: self.phase.expected(self.is_over()),
        }
    }

    /// Deals the next hand: 17 cards each, from the green room, and when it holds fewer than
    /// 51, all of it and the rest from the sin bin.
    pub fn deal(&mut self, hands: [CardCounts; PLAYERS]) -> Result<(), AuctionPlayError> {
        if self.in_hand() || self.hand >= self.spec.hands {
            return Err(self.not_now());
        }
        let (green, sin) =
            take_deal(&self.green_room, &self.sin_bin, &hands, HAND_SIZE).map_err(|f| match f {
                DealFault::HandSize { seat, found } => AuctionPlayError::HandSize { seat, found },
                DealFault::NotAvailable { seat, card } => {
                    AuctionPlayError::NotAvailable { seat, card }
                }
                DealFault::GreenRoomFirst { seat, card, left } => {
                    AuctionPlayError::GreenRoomFirst { seat, card, left }
                }
            })?;
        let dealer = self.dealer();
        self.green_room = green;
        self.sin_bin = sin;
        self.hand += 1;
        self.hands = hands;
        self.calls.clear();
        self.outcome = None;
        self.opponents = None;
        self.trumps = [None; PLAYERS];
        self.piles = [CardCounts::new(); PLAYERS];
        self.start = self.calypsos;
        self.sold.clear();
        self.phase = Phase::Calling(Auction::new(dealer));
        Ok(())
    }

    /// The next call in the auction.
    pub fn call(&mut self, call: Call) -> Result<AuctionState, AuctionPlayError> {
        let Phase::Calling(auction) = &mut self.phase else {
            return Err(self.not_now());
        };
        let state = auction.call(call).map_err(AuctionPlayError::Call)?;
        self.calls.push(call);
        match state {
            AuctionState::Open { .. } => {}
            AuctionState::Won(c) => {
                self.outcome = Some(AuctionEnd::Contract(c));
                self.phase = Phase::Trumps(c);
            }
            AuctionState::Misere => {
                self.outcome = Some(AuctionEnd::Misere);
                let dealer = self.dealer();
                self.start_play(dealer);
            }
        }
        Ok(state)
    }

    /// The declarer names the left-hand and right-hand opponents' trumps: distinct, and
    /// neither the declarer's suit. The declarer leads the first trick.
    pub fn name_trumps(&mut self, lho: Suit, rho: Suit) -> Result<(), AuctionPlayError> {
        let Phase::Trumps(c) = self.phase else {
            return Err(self.not_now());
        };
        let Some(trumps) = hand_trumps(AuctionEnd::Contract(c), Some([lho, rho])) else {
            return Err(AuctionPlayError::Trumps(format!(
                "the opponents' trumps {lho} and {rho} must differ from each other and from the declarer's {}",
                c.bid.suit
            )));
        };
        self.opponents = Some([lho, rho]);
        self.trumps = trumps;
        // The first lead is the dealer's left in [`Game`]: play as if the declarer's right
        // had dealt.
        self.start_play(right_of(c.declarer));
        Ok(())
    }

    fn start_play(&mut self, dealer_for_lead: Seat) {
        let table = self
            .spec
            .table(self.trumps)
            .expect("a table for every seating of distinct trumps");
        let mut hands = [CardCounts::new(); 4];
        hands[..PLAYERS].copy_from_slice(&self.hands);
        let mut collecting = [Calypsos::default(); 4];
        for seat in SEATS {
            if let Some(t) = self.trumps[seat.index()] {
                collecting[seat.index()] = self.calypsos[seat.index()][t.index()];
            }
        }
        self.phase = Phase::play(table, dealer_for_lead, hands, collecting);
    }

    /// Plays `card` for the player to play. A card not held, or one that fails to follow
    /// suit, is refused.
    pub fn play(&mut self, card: Card) -> Result<CardPlayed, AuctionPlayError> {
        if !matches!(self.phase, Phase::Play { .. }) {
            return Err(self.not_now());
        }
        let (played, pile) =
            play_card(&mut self.phase, &self.trumps, card).map_err(|f| match f {
                PlayFault::NotHeld { seat, card } => AuctionPlayError::NotHeld { seat, card },
                PlayFault::MustFollow { seat, card, led } => {
                    AuctionPlayError::MustFollow { seat, card, led }
                }
            })?;
        if let Some((winner, pile)) = pile {
            self.piles[winner.index()].add_all(&pile);
        }
        let Phase::Play {
            game, collecting, ..
        } = &self.phase
        else {
            unreachable!("still in play")
        };
        if game.is_over() {
            for seat in SEATS {
                if let Some(t) = self.trumps[seat.index()] {
                    self.calypsos[seat.index()][t.index()] = collecting[seat.index()];
                }
            }
            match self.outcome {
                Some(AuctionEnd::Contract(c)) => self.phase = Phase::Sale(c),
                _ => self.end_hand(),
            }
        }
        Ok(played)
    }

    /// The declarer's sale: no cards, or the fewest needed to fulfil the contract, from
    /// their calypso in progress of the bid suit (and only when the calypsos bid are made).
    pub fn sell(&mut self, cards: &[Card]) -> Result<(), AuctionPlayError> {
        let Phase::Sale(c) = self.phase else {
            return Err(self.not_now());
        };
        if !cards.is_empty() {
            let d = c.declarer.index();
            let who = player_name(c.declarer);
            let Some(fewest) = self.sale_needed() else {
                return Err(AuctionPlayError::Sale(format!(
                    "{who} cannot fulfil {} by selling: the calypsos bid are not completed, or too few cards are held",
                    c.bid
                )));
            };
            if cards.len() != fewest as usize {
                return Err(AuctionPlayError::Sale(format!(
                    "{who} sells {} cards: a sale is none or the fewest needed, here {fewest}",
                    cards.len()
                )));
            }
            let suit = c.bid.suit;
            let cal = &self.calypsos[d][suit.index()];
            self.calypsos[d][suit.index()] = sell_from(cal, suit, cards).map_err(|card| {
                AuctionPlayError::Sale(format!(
                    "{who} sells {card}, which is not in their {} calypso in progress",
                    suit.name().to_lowercase()
                ))
            })?;
            self.sold = cards.to_vec();
        }
        self.end_hand();
        Ok(())
    }

    /// The hand is settled: trick piles and cards sold form the new sin bin; the completed
    /// calypsos, the previous sin bin's cards and the undealt cards the green room.
    fn end_hand(&mut self) {
        for seat in SEATS {
            let s = seat.index();
            if let Some(t) = self.trumps[s] {
                let new =
                    self.calypsos[s][t.index()].completed() - self.start[s][t.index()].completed();
                return_calypsos(&mut self.green_room, t, new);
            }
        }
        refill(
            &mut self.green_room,
            &mut self.sin_bin,
            &self.piles,
            &self.sold,
        );
        let needed = match self.outcome {
            Some(AuctionEnd::Contract(c)) if c.bid.calypsos > 0 => Some(
                13 - self.start[c.declarer.index()][c.bid.suit.index()].in_progress_len() as u8,
            ),
            _ => None,
        };
        let players = SEATS.map(|seat| {
            Some(PlayerLine {
                trick_pile: self.piles[seat.index()].len() as u32,
                calypsos: self.completed(seat),
                in_progress: self.in_progress(seat),
            })
        });
        self.reports.push(HandReport {
            calls: Some(self.calls.clone()),
            contract: None,
            needed,
            opponents_trumps: self.opponents,
            players,
            sold: self.sold.len() as u32,
        });
        self.phase = Phase::Deal;
        debug_assert_eq!(
            self.green_room.len()
                + self.sin_bin.len()
                + SEATS
                    .iter()
                    .map(|&s| self.in_progress(s).total() as usize)
                    .sum::<usize>(),
            self.spec.deck().len(),
            "every card is in the green room, the sin bin or a calypso in progress"
        );
    }
}

impl<'s> super::hands::AuctionHands<'s, PLAYERS> for AuctionGame<'s> {
    type Error = AuctionPlayError;
    const HAND_SIZE: usize = HAND_SIZE;

    fn green_room(&self) -> &CardCounts {
        AuctionGame::green_room(self)
    }
    fn sin_bin(&self) -> &CardCounts {
        AuctionGame::sin_bin(self)
    }
    fn dealer(&self) -> Seat {
        AuctionGame::dealer(self)
    }
    fn deal(&mut self, hands: [CardCounts; PLAYERS]) -> Result<(), AuctionPlayError> {
        AuctionGame::deal(self, hands)
    }
    fn call(&mut self, call: Call) -> Result<AuctionState, AuctionPlayError> {
        AuctionGame::call(self, call)
    }
    fn auction(&self) -> Option<&Auction> {
        AuctionGame::auction(self)
    }
    fn name_trumps(&mut self, lho: Suit, rho: Suit) -> Result<(), AuctionPlayError> {
        AuctionGame::name_trumps(self, lho, rho)
    }
    fn game(&self) -> Option<&Game<'s>> {
        AuctionGame::game(self)
    }
    fn play(&mut self, card: Card) -> Result<CardPlayed, AuctionPlayError> {
        AuctionGame::play(self, card)
    }
    fn contract(&self) -> Option<Contract> {
        AuctionGame::contract(self)
    }
    fn sale_needed(&self) -> Option<u32> {
        AuctionGame::sale_needed(self)
    }
    fn sale_calypso(&self, c: &Contract) -> &Calypsos {
        self.calypso(c.declarer, c.bid.suit)
    }
    fn sell(&mut self, cards: &[Card]) -> Result<(), AuctionPlayError> {
        AuctionGame::sell(self, cards)
    }
    /// A deal names the player and card; the other refusals are reported by their words.
    fn located(e: &AuctionPlayError) -> (Option<Seat>, Option<Card>) {
        match *e {
            AuctionPlayError::NotAvailable { seat, card }
            | AuctionPlayError::GreenRoomFirst { seat, card, .. } => (Some(seat), Some(card)),
            AuctionPlayError::HandSize { seat, .. } => (Some(seat), None),
            _ => (None, None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::auction::bidding::Bid;
    use crate::engine::auction::random::{play_out, random_deal, random_game_from};
    use crate::engine::auction::record::AuctionHandRecord;
    use crate::engine::auction::spec::DEAL;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Every player starts with twelve cards of every suit, all but the ace: 144 cards on
    /// the table, 64 in the green room.
    fn crowded() -> Setup {
        let cards: Vec<Card> = Card::all().filter(|c| c.rank() != Rank::ACE).collect();
        Setup {
            in_progress: [cards.clone(), cards.clone(), cards],
            calypsos: 0,
        }
    }

    #[test]
    fn the_green_room_refilled_from_the_sin_bin() {
        let spec = AuctionSpec::new(6).unwrap();
        let mut refills = 0;
        for seed in 0..5 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = AuctionGame::new(&spec, Seat::East, &crowded()).unwrap();
            assert_eq!(game.green_room().len(), 64);
            while !game.is_over() {
                let (green, sin) = (*game.green_room(), *game.sin_bin());
                let hands = random_deal(&mut game, &mut rng);
                let mut dealt = CardCounts::new();
                for h in &hands {
                    dealt.add_all(h);
                }
                if green.len() < DEAL {
                    // The whole green room is dealt, and the rest comes from the sin bin.
                    refills += 1;
                    assert!(game.green_room().is_empty());
                    assert!(green.first_excess(&dealt).is_none());
                    assert_eq!(game.sin_bin().len(), sin.len() - (DEAL - green.len()));
                } else {
                    assert_eq!(game.green_room().len(), green.len() - DEAL);
                    assert_eq!(*game.sin_bin(), sin);
                }
                play_out(&mut game, &mut rng, &mut AuctionHandRecord::default());
                // "There will always be enough": 208 less at most 144 cards in progress.
                assert!(game.green_room().len() + game.sin_bin().len() >= 64);
            }
        }
        assert!(refills > 0, "a crowded table runs the green room short");
    }

    #[test]
    fn a_deal_takes_the_whole_green_room_before_the_sin_bin() {
        let spec = AuctionSpec::new(3).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut game = AuctionGame::new(&spec, Seat::North, &crowded()).unwrap();
        random_deal(&mut game, &mut rng);
        play_out(&mut game, &mut rng, &mut AuctionHandRecord::default());
        let green = game.green_room().cards();
        assert!(green.len() < DEAL, "seed 3 leaves the green room short");
        // Deal from the sin bin only: refused, naming a card from the sin bin.
        let sin = game.sin_bin().cards();
        let hands = [0, 1, 2].map(|p| CardCounts::from_cards(&sin[p * 17..(p + 1) * 17]));
        let e = game.deal(hands).unwrap_err();
        assert!(
            matches!(
                e,
                AuctionPlayError::GreenRoomFirst { .. } | AuctionPlayError::NotAvailable { .. }
            ),
            "{e}"
        );
        if green.iter().any(|c| !game.sin_bin().contains(*c)) {
            assert!(e.to_string().contains("the green room still holds"), "{e}");
        }
    }

    #[test]
    fn a_card_that_does_not_follow_suit_is_refused_and_a_sale_must_be_the_fewest() {
        let spec = AuctionSpec::new(3).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let setup = Setup::default();
        let mut game = AuctionGame::new(&spec, Seat::North, &setup).unwrap();
        random_deal(&mut game, &mut rng);
        // Player 2 (eldest) bids 170 spades; two passes.
        game.call(Call::Bid(Bid::new(0, 170, Suit::Spades)))
            .unwrap();
        game.call(Call::Pass).unwrap();
        assert!(matches!(
            game.call(Call::Pass).unwrap(),
            AuctionState::Won(_)
        ));
        assert!(
            game.play(Card::all().next().unwrap()).is_err(),
            "trumps first"
        );
        assert!(game.name_trumps(Suit::Spades, Suit::Hearts).is_err());
        assert!(game.name_trumps(Suit::Hearts, Suit::Hearts).is_err());
        game.name_trumps(Suit::Hearts, Suit::Diamonds).unwrap();
        let g = game.game().unwrap();
        assert_eq!(g.to_play(), Some(Seat::East), "the declarer leads");
        // Lead a card, then find a follower holding the suit led who tries another.
        let lead = g.legal_cards()[0];
        game.play(lead).unwrap();
        let g = game.game().unwrap();
        let seat = g.to_play().unwrap();
        let off = g
            .hand(seat)
            .cards()
            .into_iter()
            .find(|c| c.suit() != lead.suit());
        if g.hand(seat).has_suit(lead.suit())
            && let Some(off) = off
        {
            let e = game.play(off).unwrap_err();
            assert!(e.to_string().contains("must follow suit"), "{e}");
        }
    }

    #[test]
    fn the_game_conserves_the_deck_and_its_reports_check_clean() {
        let spec = AuctionSpec::new(9).unwrap();
        for seed in 0..10 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let (_, outcome) =
                random_game_from(&spec, SEATS[(seed % 3) as usize], &crowded(), &mut rng);
            let problems = crate::engine::auction::check(&spec, &outcome.summary);
            assert!(problems.is_empty(), "seed {seed}: {problems:?}");
            assert!(outcome.complete);
        }
    }
}
