//! One partnership Auction game as it is played: hand by hand the deal of 13 each from the
//! green room (completed from the sin bin), the auction of four, the opponents' trumps, the
//! trick play through [`Game`] on a partnership table, the declarer's sale from their
//! partnership's calypso of the bid suit, and between hands the green room and sin bin.

use std::fmt;

use super::spec::{
    BySide, HAND_SIZE, MAX_SETUP_CALYPSOS, PLAYERS, PairsSetup, PairsSpec, SIDES, SeatTrumps,
    seat_name, seat_trumps, side_name, side_of,
};
use super::summary::{PairsHandReport, PairsSummary, SideLine};
use crate::engine::auction::bidding::{Auction, AuctionState, Call, Contract};
use crate::engine::auction::hands::{
    DealFault, Phase, PlayFault, play_card, refill, return_calypsos, sell_from, take_deal,
};
use crate::engine::auction::spec::MAX_IN_PROGRESS;
use crate::engine::auction::summary::{AuctionEnd, fewest_sale};
use crate::engine::auction::wire::SuitCounts;
use crate::engine::calypso::Calypsos;
use crate::engine::cards::{Card, CardCounts, Rank, Seat, Suit};
use crate::engine::game::{CardPlayed, Game};

/// Why a deal, call, trump naming, card or sale is refused: the message, and the seat and
/// card it is about when there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairsPlayError {
    pub seat: Option<Seat>,
    pub card: Option<Card>,
    pub message: String,
}

impl PairsPlayError {
    fn new(message: String) -> PairsPlayError {
        PairsPlayError {
            seat: None,
            card: None,
            message,
        }
    }

    fn at(seat: Seat, card: Option<Card>, message: String) -> PairsPlayError {
        PairsPlayError {
            seat: Some(seat),
            card,
            message,
        }
    }
}

impl fmt::Display for PairsPlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PairsPlayError {}

#[derive(Clone, Debug)]
pub struct PairsGame<'s> {
    spec: &'s PairsSpec,
    first_dealer: Seat,
    hand: usize,
    phase: Phase<'s>,
    /// Each partnership's four calypsos, by suit.
    calypsos: [[Calypsos; 4]; SIDES],
    green_room: CardCounts,
    sin_bin: CardCounts,
    hands: [CardCounts; PLAYERS],
    calls: Vec<Call>,
    outcome: Option<AuctionEnd>,
    opponents: Option<[Suit; 2]>,
    trumps: SeatTrumps,
    /// This hand's trick pile of each partnership.
    piles: [CardCounts; SIDES],
    start: [[Calypsos; 4]; SIDES],
    sold: Vec<Card>,
    setup: PairsSetup,
    reports: Vec<PairsHandReport>,
}

impl<'s> PairsGame<'s> {
    /// A new game without a setup: every card is in the green room.
    pub fn new(spec: &'s PairsSpec, first_dealer: Seat) -> PairsGame<'s> {
        PairsGame {
            spec,
            first_dealer,
            hand: 0,
            phase: Phase::Deal,
            calypsos: [[Calypsos::default(); 4]; SIDES],
            green_room: *spec.deck(),
            sin_bin: CardCounts::new(),
            hands: [CardCounts::new(); PLAYERS],
            calls: Vec::new(),
            outcome: None,
            opponents: None,
            trumps: [None; PLAYERS],
            piles: [CardCounts::new(); SIDES],
            start: [[Calypsos::default(); 4]; SIDES],
            sold: Vec::new(),
            setup: PairsSetup::default(),
            reports: Vec::new(),
        }
    }

    /// A new game from a setup: each partnership's calypsos in progress are on the table
    /// (one of each rank a suit, at most 12), everything else is the green room the first
    /// hand is dealt from.
    pub fn with_setup(
        spec: &'s PairsSpec,
        first_dealer: Seat,
        setup: &PairsSetup,
    ) -> Result<PairsGame<'s>, PairsPlayError> {
        if setup.calypsos > MAX_SETUP_CALYPSOS {
            return Err(PairsPlayError::new(format!(
                "{} calypsos complete in the setup: two partnerships' setups hold at most {MAX_SETUP_CALYPSOS}",
                setup.calypsos
            )));
        }
        let mut game = PairsGame::new(spec, first_dealer);
        for side in 0..SIDES {
            let mut ranks = [0u16; 4];
            for &card in &setup.in_progress[side] {
                let bit = 1u16 << card.rank().index();
                let held = &mut ranks[card.suit().index()];
                if *held & bit != 0 {
                    return Err(PairsPlayError::new(format!(
                        "{}'s setup holds {card} twice: a calypso in progress has one of each rank",
                        side_name(side)
                    )));
                }
                *held |= bit;
                game.green_room.remove(card);
            }
            for suit in Suit::ALL {
                let held = ranks[suit.index()];
                if held.count_ones() > u32::from(MAX_IN_PROGRESS) {
                    return Err(PairsPlayError::new(format!(
                        "{}'s setup holds all 13 {}: a complete calypso is shuffled back",
                        side_name(side),
                        suit.name().to_lowercase()
                    )));
                }
                game.calypsos[side][suit.index()] =
                    Calypsos::new(0, Rank::all().filter(|r| held & (1 << r.index()) != 0));
            }
        }
        game.start = game.calypsos;
        game.setup = setup.clone();
        Ok(game)
    }

    pub fn spec(&self) -> &'s PairsSpec {
        self.spec
    }

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

    /// A partnership's calypso of a suit.
    pub fn calypso(&self, side: usize, suit: Suit) -> &Calypsos {
        &self.calypsos[side % SIDES][suit.index()]
    }

    /// Cards in a partnership's four calypsos in progress, by suit.
    pub fn in_progress(&self, side: usize) -> SuitCounts {
        SuitCounts(self.calypsos[side % SIDES].map(|c| c.in_progress_len() as u8))
    }

    /// Calypsos a partnership has completed in the game, by suit.
    pub fn completed(&self, side: usize) -> SuitCounts {
        SuitCounts(self.calypsos[side % SIDES].map(|c| c.completed()))
    }

    pub fn auction(&self) -> Option<&Auction> {
        match &self.phase {
            Phase::Calling(a) => Some(a),
            _ => None,
        }
    }

    pub fn contract(&self) -> Option<Contract> {
        match self.outcome {
            Some(AuctionEnd::Contract(c)) => Some(c),
            _ => None,
        }
    }

    pub fn game(&self) -> Option<&Game<'s>> {
        match &self.phase {
            Phase::Play { game, .. } => Some(game.as_ref()),
            _ => None,
        }
    }

    pub fn trumps(&self) -> SeatTrumps {
        self.trumps
    }

    /// This hand's trick pile of a partnership.
    pub fn trick_pile(&self, side: usize) -> &CardCounts {
        &self.piles[side % SIDES]
    }

    /// When the declarer is to decide on a sale: the fewest cards that fulfil the contract
    /// (0 when the partnership's trick pile does), or None when no sale can.
    pub fn sale_needed(&self) -> Option<u32> {
        let Phase::Sale(c) = self.phase else {
            return None;
        };
        let side = side_of(c.declarer);
        let s = c.bid.suit.index();
        let cal = &self.calypsos[side][s];
        let done = u32::from(cal.completed() - self.start[side][s].completed());
        let fewest = fewest_sale(c.bid.points, self.piles[side].len() as u32);
        (done >= u32::from(c.bid.calypsos) && fewest as usize <= cal.in_progress_len())
            .then_some(fewest)
    }

    /// What the table reports: its setup and each hand finished so far.
    pub fn summary(&self) -> PairsSummary {
        let counts = self.setup.counts();
        PairsSummary {
            first_dealer: self.first_dealer,
            setup: counts
                .iter()
                .any(|c| c.total() > 0)
                .then(|| BySide::from_array(counts)),
            setup_calypsos: self.setup.calypsos,
            hands: self.reports.clone(),
        }
    }

    fn not_now(&self) -> PairsPlayError {
        PairsPlayError::new(format!(
            "the game is waiting for {}",
            self.phase.expected(self.is_over())
        ))
    }

    /// Deals the next hand: 13 cards each, from the green room, and when it holds fewer than
    /// 52, all of it and the rest from the sin bin.
    pub fn deal(&mut self, hands: [CardCounts; PLAYERS]) -> Result<(), PairsPlayError> {
        if self.in_hand() || self.hand >= self.spec.hands {
            return Err(self.not_now());
        }
        let (green, sin) = take_deal(&self.green_room, &self.sin_bin, &hands, HAND_SIZE)
            .map_err(|f| match f {
                DealFault::HandSize { seat, found } => PairsPlayError::at(
                    seat,
                    None,
                    format!(
                        "{} is dealt {found} cards, a hand is {HAND_SIZE}",
                        seat_name(seat)
                    ),
                ),
                DealFault::NotAvailable { seat, card } => PairsPlayError::at(
                    seat,
                    Some(card),
                    format!(
                        "{} is dealt {card}, but neither the green room nor the sin bin holds another",
                        seat_name(seat)
                    ),
                ),
                DealFault::GreenRoomFirst { seat, card, left } => PairsPlayError::at(
                    seat,
                    Some(card),
                    format!(
                        "{} is dealt {card} from the sin bin, but the green room still holds {left} cards: the deal takes the whole green room first",
                        seat_name(seat)
                    ),
                ),
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
        self.piles = [CardCounts::new(); SIDES];
        self.start = self.calypsos;
        self.sold.clear();
        self.phase = Phase::Calling(Auction::partnership(dealer));
        Ok(())
    }

    /// The next call in the auction.
    pub fn call(&mut self, call: Call) -> Result<AuctionState, PairsPlayError> {
        let Phase::Calling(auction) = &mut self.phase else {
            return Err(self.not_now());
        };
        let state = auction.call(call).map_err(|e| PairsPlayError {
            seat: e.player,
            card: None,
            message: e.to_string(),
        })?;
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
    /// neither the declarer's suit; the declarer's partner has the fourth suit. The declarer
    /// leads the first trick.
    pub fn name_trumps(&mut self, lho: Suit, rho: Suit) -> Result<(), PairsPlayError> {
        let Phase::Trumps(c) = self.phase else {
            return Err(self.not_now());
        };
        let Some(trumps) = seat_trumps(AuctionEnd::Contract(c), Some([lho, rho])) else {
            return Err(PairsPlayError::new(format!(
                "the opponents' trumps {lho} and {rho} must differ from each other and from the declarer's {}",
                c.bid.suit
            )));
        };
        self.opponents = Some([lho, rho]);
        self.trumps = trumps;
        // The first lead is the dealer's left in [`Game`]: as if the declarer's right dealt.
        self.start_play(c.declarer.left_by(PLAYERS - 1, PLAYERS));
        Ok(())
    }

    fn start_play(&mut self, dealer_for_lead: Seat) {
        let table = self
            .spec
            .table(self.trumps)
            .expect("a table for every seating of four distinct trumps");
        let mut collecting = [Calypsos::default(); 4];
        for seat in Seat::ALL {
            if let Some(t) = self.trumps[seat.index()] {
                collecting[seat.index()] = self.calypsos[side_of(seat)][t.index()];
            }
        }
        self.phase = Phase::play(table, dealer_for_lead, self.hands, collecting);
    }

    /// Plays `card` for the player to play. A card not held, or one that fails to follow
    /// suit, is refused. A won trick's cards of the winner's and the partner's trump suits
    /// go to their partnership's calypsos of those suits; the rest to its trick pile.
    pub fn play(&mut self, card: Card) -> Result<CardPlayed, PairsPlayError> {
        if !matches!(self.phase, Phase::Play { .. }) {
            return Err(self.not_now());
        }
        let (played, pile) =
            play_card(&mut self.phase, &self.trumps, card).map_err(|f| match f {
                PlayFault::NotHeld { seat, card } => PairsPlayError::at(
                    seat,
                    Some(card),
                    crate::engine::replay::not_held_by(seat_name(seat), card),
                ),
                PlayFault::MustFollow { seat, card, led } => PairsPlayError::at(
                    seat,
                    Some(card),
                    format!(
                        "{} plays {card} while holding {}: they must follow suit",
                        seat_name(seat),
                        led.name().to_lowercase()
                    ),
                ),
            })?;
        if let Some((winner, pile)) = pile {
            self.piles[side_of(winner)].add_all(&pile);
        }
        let Phase::Play {
            game, collecting, ..
        } = &self.phase
        else {
            unreachable!("still in play")
        };
        if game.is_over() {
            for seat in Seat::ALL {
                if let Some(t) = self.trumps[seat.index()] {
                    self.calypsos[side_of(seat)][t.index()] = collecting[seat.index()];
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
    /// their partnership's calypso in progress of the bid suit (only when the calypsos bid
    /// are made).
    pub fn sell(&mut self, cards: &[Card]) -> Result<(), PairsPlayError> {
        let Phase::Sale(c) = self.phase else {
            return Err(self.not_now());
        };
        if !cards.is_empty() {
            let side = side_of(c.declarer);
            let who = seat_name(c.declarer);
            let Some(fewest) = self.sale_needed() else {
                return Err(PairsPlayError::new(format!(
                    "{who} cannot fulfil {} by selling: the calypsos bid are not completed, or too few cards are held",
                    c.bid
                )));
            };
            if cards.len() != fewest as usize {
                return Err(PairsPlayError::new(format!(
                    "{who} sells {} cards: a sale is none or the fewest needed, here {fewest}",
                    cards.len()
                )));
            }
            let suit = c.bid.suit;
            let cal = &self.calypsos[side][suit.index()];
            self.calypsos[side][suit.index()] = sell_from(cal, suit, cards).map_err(|card| {
                PairsPlayError::new(format!(
                    "{who} sells {card}, which is not in {}'s {} calypso in progress",
                    side_name(side),
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
        for side in 0..SIDES {
            for suit in Suit::ALL {
                let s = suit.index();
                let new = self.calypsos[side][s].completed() - self.start[side][s].completed();
                return_calypsos(&mut self.green_room, suit, new);
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
                13 - self.start[side_of(c.declarer)][c.bid.suit.index()].in_progress_len() as u8,
            ),
            _ => None,
        };
        let sides = [0, 1].map(|side| SideLine {
            trick_pile: self.piles[side].len() as u32,
            calypsos: self.completed(side),
            in_progress: self.in_progress(side),
        });
        self.reports.push(PairsHandReport {
            calls: Some(self.calls.clone()),
            contract: None,
            needed,
            opponents_trumps: self.opponents,
            sides: super::spec::BySide::from_array(sides),
            sold: self.sold.len() as u32,
        });
        self.phase = Phase::Deal;
        debug_assert_eq!(
            self.green_room.len()
                + self.sin_bin.len()
                + (0..SIDES)
                    .map(|s| self.in_progress(s).total() as usize)
                    .sum::<usize>(),
            self.spec.deck().len(),
            "every card is in the green room, the sin bin or a calypso in progress"
        );
        debug_assert!(
            self.calypsos
                .iter()
                .flatten()
                .all(|c| c.in_progress_len() <= usize::from(MAX_IN_PROGRESS))
        );
    }
}

impl<'s> crate::engine::auction::hands::AuctionHands<'s, PLAYERS> for PairsGame<'s> {
    type Error = PairsPlayError;
    const HAND_SIZE: usize = HAND_SIZE;

    fn green_room(&self) -> &CardCounts {
        PairsGame::green_room(self)
    }
    fn sin_bin(&self) -> &CardCounts {
        PairsGame::sin_bin(self)
    }
    fn dealer(&self) -> Seat {
        PairsGame::dealer(self)
    }
    fn deal(&mut self, hands: [CardCounts; PLAYERS]) -> Result<(), PairsPlayError> {
        PairsGame::deal(self, hands)
    }
    fn call(&mut self, call: Call) -> Result<AuctionState, PairsPlayError> {
        PairsGame::call(self, call)
    }
    fn auction(&self) -> Option<&Auction> {
        PairsGame::auction(self)
    }
    fn name_trumps(&mut self, lho: Suit, rho: Suit) -> Result<(), PairsPlayError> {
        PairsGame::name_trumps(self, lho, rho)
    }
    fn game(&self) -> Option<&Game<'s>> {
        PairsGame::game(self)
    }
    fn play(&mut self, card: Card) -> Result<CardPlayed, PairsPlayError> {
        PairsGame::play(self, card)
    }
    fn contract(&self) -> Option<Contract> {
        PairsGame::contract(self)
    }
    fn sale_needed(&self) -> Option<u32> {
        PairsGame::sale_needed(self)
    }
    fn sale_calypso(&self, c: &Contract) -> &Calypsos {
        self.calypso(side_of(c.declarer), c.bid.suit)
    }
    fn sell(&mut self, cards: &[Card]) -> Result<(), PairsPlayError> {
        PairsGame::sell(self, cards)
    }
    fn located(e: &PairsPlayError) -> (Option<Seat>, Option<Card>) {
        (e.seat, e.card)
    }
}
