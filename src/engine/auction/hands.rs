//! What the two Auction games share hand by hand: the three-hander ([`AuctionGame`], three
//! players) and the partnership game ([`PairsGame`], four seats, two partnerships) run the
//! same auction, trumps, trick play and sale. [`AuctionHands`] is the little they differ in
//! as the replay and the random games drive them: [`replay_hands`] replays a record's hands
//! and [`random_play_out`] plays a dealt hand at random, once for both games.
//!
//! [`AuctionGame`]: super::AuctionGame
//! [`PairsGame`]: super::pairs::PairsGame

use std::fmt;

use rand::Rng;

use super::bidding::{Auction, AuctionState, Call, Contract, max_calls, seat_name};
use crate::engine::calypso::Calypsos;
use crate::engine::cards::{Card, CardCounts, Rank, Seat, Suit};
use crate::engine::game::{CardPlayed, Game, take_trick};
use crate::engine::random::{below, shuffle};
use crate::engine::spec::{GameSpec, TrickRule};
use crate::engine::trick;

/// An Auction game of `N` players as it is played, hand by hand.
pub trait AuctionHands<'s, const N: usize> {
    /// Why the game refuses a step.
    type Error: fmt::Display + fmt::Debug;
    /// Cards a player is dealt each hand.
    const HAND_SIZE: usize;
    fn green_room(&self) -> &CardCounts;
    fn sin_bin(&self) -> &CardCounts;
    /// The dealer of the hand in play, or of the next one.
    fn dealer(&self) -> Seat;
    fn deal(&mut self, hands: [CardCounts; N]) -> Result<(), Self::Error>;
    fn call(&mut self, call: Call) -> Result<AuctionState, Self::Error>;
    fn auction(&self) -> Option<&Auction>;
    fn name_trumps(&mut self, lho: Suit, rho: Suit) -> Result<(), Self::Error>;
    fn game(&self) -> Option<&Game<'s>>;
    fn play(&mut self, card: Card) -> Result<CardPlayed, Self::Error>;
    fn contract(&self) -> Option<Contract>;
    fn sale_needed(&self) -> Option<u32>;
    /// The calypso a sale comes from: the declarer's (partnership's) of the bid suit.
    fn sale_calypso(&self, c: &Contract) -> &Calypsos;
    fn sell(&mut self, cards: &[Card]) -> Result<(), Self::Error>;
    /// The seat and card a refusal is about, where the error names them and the caller
    /// should report them.
    fn located(e: &Self::Error) -> (Option<Seat>, Option<Card>);
}

/// "three", "four": how many players passed.
fn players_word(n: usize) -> &'static str {
    if n == 4 { "four" } else { "three" }
}

/// A record's number of hands: at least one, at most the game's.
pub fn check_record_length(deals: usize, hands: usize) -> Result<(), Fault> {
    if deals == 0 {
        return Err(Fault::at(None, "the record has no hands".into()));
    }
    if deals > hands {
        return Err(Fault::at(
            None,
            format!("the record has {deals} hands, the game is {hands}"),
        ));
    }
    Ok(())
}

/// One hand of a play record, as both games' records hold it.
pub struct HandView<'a, const N: usize> {
    pub hands: &'a [Vec<Card>; N],
    pub calls: &'a [Call],
    pub opponents_trumps: Option<[Suit; 2]>,
    pub tricks: &'a [[Option<Card>; N]],
    pub sold: &'a [Card],
}

/// Where a replayed record went wrong (1-based numbers) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub hand: Option<usize>,
    pub call: Option<usize>,
    pub trick: Option<usize>,
    pub seat: Option<Seat>,
    pub card: Option<Card>,
    pub message: String,
}

impl Fault {
    pub fn at(hand: Option<usize>, message: String) -> Fault {
        Fault {
            hand,
            call: None,
            trick: None,
            seat: None,
            card: None,
            message,
        }
    }
}

/// Replays a record's hands on `game`: each deal (N hands of the hand size), the calls
/// (no more than an auction of N can hold, none after it is over), the opponents' trumps
/// (none in misère), the tricks (a card for each player in turn) and the sale (none in
/// misère). The first impossible step stops it, located.
pub fn replay_hands<'s, 'a, G, const N: usize>(
    game: &mut G,
    deals: impl IntoIterator<Item = HandView<'a, N>>,
) -> Result<(), Fault>
where
    G: AuctionHands<'s, N>,
{
    let name = |seat: Seat| seat_name(seat, N);
    for (i, deal) in deals.into_iter().enumerate() {
        let n = i + 1;
        let at = |message: String| Fault::at(Some(n), message);
        let refused = |e: G::Error, f: Fault| {
            let (seat, card) = G::located(&e);
            Fault {
                seat: f.seat.or(seat),
                card: f.card.or(card),
                ..f
            }
        };
        for (p, cards) in deal.hands.iter().enumerate() {
            if cards.len() != G::HAND_SIZE {
                let seat = Seat::from_index(p);
                return Err(Fault {
                    seat: Some(seat),
                    ..at(format!(
                        "{} is dealt {} cards, a hand is {}",
                        name(seat),
                        cards.len(),
                        G::HAND_SIZE
                    ))
                });
            }
        }
        game.deal(deal.hands.each_ref().map(CardCounts::from_cards))
            .map_err(|e| {
                let f = at(e.to_string());
                refused(e, f)
            })?;
        if deal.calls.len() > max_calls(N) {
            return Err(at(format!(
                "{} calls: no auction is longer than {}",
                deal.calls.len(),
                max_calls(N)
            )));
        }
        let mut state = None;
        for (c, &call) in deal.calls.iter().enumerate() {
            if let Some(AuctionState::Won(_) | AuctionState::Misere) = state {
                return Err(Fault {
                    call: Some(c + 1),
                    ..at(format!("{call}: the auction was over after call {c}"))
                });
            }
            let s = game.call(call).map_err(|e| {
                let f = Fault {
                    call: Some(c + 1),
                    ..at(e.to_string())
                };
                refused(e, f)
            })?;
            state = Some(s);
        }
        match state {
            None | Some(AuctionState::Open { .. }) => {
                let next = game.auction().and_then(|a| a.to_call());
                return Err(at(format!(
                    "the auction is not over after {} calls{}",
                    deal.calls.len(),
                    next.map(|p| format!(": {} is still to call", name(p)))
                        .unwrap_or_default()
                )));
            }
            Some(AuctionState::Misere) => {
                if deal.opponents_trumps.is_some() {
                    return Err(at(format!(
                        "all {} passed: a misère hand has no trumps to name",
                        players_word(N)
                    )));
                }
            }
            Some(AuctionState::Won(c)) => {
                let Some([lho, rho]) = deal.opponents_trumps else {
                    return Err(at(format!(
                        "{} must name the opponents' trumps",
                        name(c.declarer)
                    )));
                };
                game.name_trumps(lho, rho).map_err(|e| {
                    let f = at(e.to_string());
                    refused(e, f)
                })?;
            }
        }
        if deal.tricks.len() != G::HAND_SIZE {
            return Err(at(format!(
                "the record has {} tricks, a hand has {}",
                deal.tricks.len(),
                G::HAND_SIZE
            )));
        }
        for (t, trick) in deal.tricks.iter().enumerate() {
            for _ in 0..N {
                let Some(seat) = game.game().and_then(|g| g.to_play()) else {
                    break;
                };
                let located = |message: String, card: Option<Card>| Fault {
                    trick: Some(t + 1),
                    seat: Some(seat),
                    card,
                    ..at(message)
                };
                let Some(card) = trick[seat.index()] else {
                    return Err(located(
                        format!("the trick has no card for {}", name(seat)),
                        None,
                    ));
                };
                game.play(card).map_err(|e| {
                    let f = located(e.to_string(), Some(card));
                    refused(e, f)
                })?;
            }
        }
        if game.contract().is_some() {
            game.sell(deal.sold).map_err(|e| {
                let f = at(e.to_string());
                refused(e, f)
            })?;
        } else if !deal.sold.is_empty() {
            return Err(at(
                "cards are sold in a misère hand, which has no declarer".into()
            ));
        }
    }
    Ok(())
}

/// Deals the next hand at random: the shuffled green room, and when it holds fewer than a
/// deal's cards, all of it and then the shuffled sin bin; dealt round from eldest.
pub fn random_deal<'s, G, R, const N: usize>(game: &mut G, rng: &mut R) -> [CardCounts; N]
where
    G: AuctionHands<'s, N>,
    R: Rng + ?Sized,
{
    let deal = N * G::HAND_SIZE;
    let mut stack = game.green_room().cards();
    shuffle(&mut stack, rng);
    if stack.len() < deal {
        let mut sin = game.sin_bin().cards();
        shuffle(&mut sin, rng);
        stack.extend(sin);
    }
    stack.truncate(deal);
    let eldest = game.dealer().left(N).index();
    let four = CardCounts::deal_round(&stack, eldest, N);
    let hands = std::array::from_fn(|i| four[i]);
    game.deal(hands)
        .expect("dealt from the green room and sin bin");
    hands
}

/// What a hand played at random did, for its record: the calls, the opponents' trumps,
/// the tricks (each `{seat: card}`) and the cards sold.
pub struct RandomHand<const N: usize> {
    pub calls: Vec<Call>,
    pub opponents_trumps: Option<[Suit; 2]>,
    pub tricks: Vec<[Option<Card>; N]>,
    pub sold: Vec<Card>,
}

/// The dealt hand's auction, trumps, tricks and sale at random: random legal calls
/// ([`random_call`]), random distinct opponents' trumps,
/// random legal cards, and a sale of the fewest cards seven times in ten when one fulfils.
pub fn random_play_out<'s, G, R, const N: usize>(game: &mut G, rng: &mut R) -> RandomHand<N>
where
    G: AuctionHands<'s, N>,
    R: Rng + ?Sized,
{
    let mut out = RandomHand {
        calls: Vec::new(),
        opponents_trumps: None,
        tricks: Vec::new(),
        sold: Vec::new(),
    };
    loop {
        let legal = game.auction().expect("calling").legal_calls();
        let call = random_call(&legal, rng);
        out.calls.push(call);
        match game.call(call).expect("a legal call") {
            AuctionState::Open { .. } => {}
            AuctionState::Misere => break,
            AuctionState::Won(c) => {
                let mut others: Vec<Suit> =
                    Suit::ALL.into_iter().filter(|&s| s != c.bid.suit).collect();
                let lho = others.remove(below(rng, 3));
                let rho = others[below(rng, 2)];
                game.name_trumps(lho, rho).expect("distinct trumps");
                out.opponents_trumps = Some([lho, rho]);
                break;
            }
        }
    }
    let mut legal = [Card::new(Rank::TWO, Suit::Clubs); 52];
    let mut trick = [None; N];
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
            out.tricks.push(trick);
            trick = [None; N];
        }
    }
    if let Some(c) = game.contract() {
        if let Some(k) = game.sale_needed()
            && k > 0
            && below(rng, 10) < 7
        {
            let mut held: Vec<Card> = game
                .sale_calypso(&c)
                .in_progress()
                .map(|r| Card::new(r, c.bid.suit))
                .collect();
            shuffle(&mut held, rng);
            out.sold = held[..k as usize].to_vec();
        }
        game.sell(&out.sold).expect("none or the fewest");
    }
    out
}

/// Where a hand of either Auction game stands.
#[derive(Clone, Debug)]
pub(crate) enum Phase<'s> {
    /// Waiting for the next deal (or the game is over).
    Deal,
    Calling(Auction),
    /// The declarer is to name the opponents' trumps.
    Trumps(Contract),
    Play {
        table: &'s GameSpec,
        game: Box<Game<'s>>,
        /// By seat: the calypso the seat collects into this hand (its own, or its
        /// partnership's, of its trump suit).
        collecting: [Calypsos; 4],
    },
    /// The declarer may sell calypso cards (none, or the fewest needed).
    Sale(Contract),
}

impl<'s> Phase<'s> {
    /// What a game in this phase is waiting for (`over`: every agreed hand is played).
    pub(crate) fn expected(&self, over: bool) -> &'static str {
        match self {
            Phase::Deal if over => "nothing: all the agreed hands have been played",
            Phase::Deal => "the next deal",
            Phase::Calling(_) => "the next call",
            Phase::Trumps(_) => "the declarer to name the opponents' trumps",
            Phase::Play { .. } => "the next card",
            Phase::Sale(_) => "the declarer's sale",
        }
    }

    /// Trick play on `table` from the hands dealt, the first lead to the left of
    /// `dealer_for_lead`, each seat collecting into `collecting`.
    pub(crate) fn play(
        table: &'s GameSpec,
        dealer_for_lead: Seat,
        hands: [CardCounts; 4],
        collecting: [Calypsos; 4],
    ) -> Phase<'s> {
        let mut game = Game::trick_play_only(table, dealer_for_lead);
        game.deal(hands)
            .expect("a hand each from the green room and sin bin, within the deck");
        Phase::Play {
            table,
            game: Box::new(game),
            collecting,
        }
    }
}

/// Why a deal is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DealFault {
    HandSize {
        seat: Seat,
        found: usize,
    },
    /// A card neither the green room nor the sin bin holds (any more).
    NotAvailable {
        seat: Seat,
        card: Card,
    },
    /// A card from the sin bin while the green room still had cards.
    GreenRoomFirst {
        seat: Seat,
        card: Card,
        left: usize,
    },
}

/// Takes a deal of `N` hands of `hand_size` from the green room, and when it runs short,
/// the whole of it and the rest from the sin bin: the green room and sin bin left.
pub(crate) fn take_deal<const N: usize>(
    green: &CardCounts,
    sin: &CardCounts,
    hands: &[CardCounts; N],
    hand_size: usize,
) -> Result<(CardCounts, CardCounts), DealFault> {
    let (mut green, mut sin) = (*green, *sin);
    let mut from_sin = None;
    for (i, hand) in hands.iter().enumerate() {
        let seat = Seat::from_index(i);
        if hand.len() != hand_size {
            return Err(DealFault::HandSize {
                seat,
                found: hand.len(),
            });
        }
        for card in hand.cards() {
            if green.remove(card) {
                continue;
            }
            if !sin.remove(card) {
                return Err(DealFault::NotAvailable { seat, card });
            }
            from_sin.get_or_insert((seat, card));
        }
    }
    if let Some((seat, card)) = from_sin
        && !green.is_empty()
    {
        return Err(DealFault::GreenRoomFirst {
            seat,
            card,
            left: green.len(),
        });
    }
    Ok((green, sin))
}

/// Why a card is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PlayFault {
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
}

/// Plays `card` for the player to play in a `Phase::Play` (a card held, following suit);
/// a won trick's cards go to the collecting calypsos, and the rest is returned with the
/// winner for their trick pile. `trumps` by seat.
pub(crate) fn play_card<const N: usize>(
    phase: &mut Phase<'_>,
    trumps: &[Option<Suit>; N],
    card: Card,
) -> Result<(CardPlayed, Option<(Seat, CardCounts)>), PlayFault> {
    let Phase::Play {
        table,
        game,
        collecting,
    } = phase
    else {
        unreachable!("cards are played in the play phase only")
    };
    let seat = game.to_play().expect("a hand in play has a player to play");
    let hand = game.hand(seat);
    if !hand.contains(card) {
        return Err(PlayFault::NotHeld { seat, card });
    }
    let led = game.led_suit();
    if !trick::may_play(hand, card, led, trumps[seat.index()], TrickRule::Standard) {
        return Err(PlayFault::MustFollow {
            seat,
            card,
            led: led.expect("a lead may be any card"),
        });
    }
    let mut cards = [card; N];
    let len = game.trick_so_far().len();
    cards[..len].copy_from_slice(game.trick_so_far());
    let played = game.play(card).expect("a held, legal card");
    let pile = played
        .trick_won_by
        .map(|winner| (winner, take_trick(table, collecting, winner, &cards)));
    Ok((played, pile))
}

/// A calypso in progress of `suit` with `cards` sold from it; or the first card it does
/// not hold.
pub(crate) fn sell_from(cal: &Calypsos, suit: Suit, cards: &[Card]) -> Result<Calypsos, Card> {
    let mut ranks = cal.in_progress().collect::<Vec<Rank>>();
    for &card in cards {
        let at = ranks
            .iter()
            .position(|&r| card.suit() == suit && r == card.rank());
        match at {
            Some(i) => {
                ranks.remove(i);
            }
            None => return Err(card),
        }
    }
    Ok(Calypsos::new(cal.completed(), ranks))
}

/// Between hands: the previous sin bin's cards join the green room (which already holds
/// the calypsos completed and the cards not dealt), and the trick piles and cards sold are
/// the new sin bin.
pub(crate) fn refill(
    green: &mut CardCounts,
    sin: &mut CardCounts,
    piles: &[CardCounts],
    sold: &[Card],
) {
    green.add_all(sin);
    *sin = CardCounts::new();
    for pile in piles {
        sin.add_all(pile);
    }
    for &card in sold {
        sin.add(card);
    }
}

/// A completed calypso's 13 cards of `suit`, back to the green room `n` times.
pub(crate) fn return_calypsos(green: &mut CardCounts, suit: Suit, n: u8) {
    for _ in 0..n {
        for rank in Rank::all() {
            green.add(Card::new(rank, suit));
        }
    }
}

/// A random legal call: mostly passes and low bids, sometimes a calypso bid, a double or a
/// redouble, so that auctions end and misères happen.
pub fn random_call<R: Rng + ?Sized>(legal: &[Call], rng: &mut R) -> Call {
    let bids: Vec<Call> = legal
        .iter()
        .copied()
        .filter(|c| matches!(c, Call::Bid(_)))
        .collect();
    let doubles: Vec<Call> = legal
        .iter()
        .copied()
        .filter(|c| matches!(c, Call::Double | Call::Redouble))
        .collect();
    let roll = below(rng, 100);
    if roll < 50 || bids.is_empty() {
        return Call::Pass;
    }
    if roll < 58 && !doubles.is_empty() {
        return doubles[below(rng, doubles.len())];
    }
    if roll < 70 {
        let calypso: Vec<Call> = bids
            .iter()
            .copied()
            .filter(|c| matches!(c, Call::Bid(b) if b.calypsos > 0 && b.points <= 100))
            .collect();
        if !calypso.is_empty() {
            return calypso[below(rng, calypso.len())];
        }
    }
    bids[below(rng, bids.len().min(12))]
}
