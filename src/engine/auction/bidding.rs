//! Calls and the auction, as a state machine that takes legal calls only, one by one (a
//! web form can validate each call as it is made).
//!
//! Choices where the seed's lists were lost (see docs/variants.md, "Auction Calypso"):
//! a call is pass, a bid, double or redouble; a bid outranks another iff it has more
//! calypsos, or as many and more points, or as many of both and a higher suit (C < D < H <
//! S, as in bridge); points are multiples of 10, at least 170 with no calypsos; a double is
//! by an opponent of the last bidder on a bid not yet doubled, a redouble by the last bidder
//! on a doubled bid; a new bid clears both. The auction ends when two players pass in a row
//! after a bid (double and redouble are not passes), or when all three pass first (misère).
//!
//! The same auction runs the partnership game for four ([`Auction::partnership`]): three
//! passes in a row after a bid end it, four passes first make a misère, a double is by
//! either opponent of the last bidder and a redouble by the bidder or their partner.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::spec::{PLAYERS, player_name};
use crate::engine::cards::{Seat, Suit};

/// Most calypsos in a bid: three in one hand would need 27 or more cards of one suit of the
/// 51 dealt to come to the declarer.
pub const MAX_CALYPSOS_BID: u8 = 2;
/// Most points in a bid: 51 trick-pile cards (510) and 12 calypso cards sold (240).
pub const MAX_POINTS_BID: u32 = 750;
/// The least a bid of no calypsos may be.
pub const MIN_POINTS_NO_CALYPSO: u32 = 170;
/// Bids are in tens of points.
pub const POINTS_STEP: u32 = 10;
/// Most calls in an auction: every legal bid once, each followed by at most a pass, a
/// double, a pass, a redouble and a pass; then the closing passes.
pub const MAX_CALLS: usize = max_calls(PLAYERS);

/// Most calls in an auction of `players`: every legal bid once, each followed by at most
/// `players - 2` passes, a double, as many passes, a redouble and as many passes; then the
/// passes that end an auction without a bid.
pub const fn max_calls(players: usize) -> usize {
    (3 * (players - 2) + 3)
        * (MAX_CALYPSOS_BID as usize + 1)
        * (MAX_POINTS_BID / POINTS_STEP + 1) as usize
        * 4
        + players
}

/// A player as messages name them: "player 1" at the three-hander's table, the seat
/// ("North") at the partnership table of four.
pub fn seat_name(seat: Seat, players: usize) -> String {
    if players == 4 {
        seat.name().to_string()
    } else {
        player_name(seat)
    }
}

/// Are two players partners? Only at the table of four (North-South, East-West).
fn partners(a: Seat, b: Seat, players: usize) -> bool {
    a == b || (players == 4 && a.partner() == b)
}

/// A positive bid: calypsos, points and the declarer's trump suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bid {
    #[serde(default)]
    pub calypsos: u8,
    #[serde(default)]
    pub points: u32,
    #[serde(with = "crate::engine::auction::wire::suit")]
    pub suit: Suit,
}

impl Bid {
    pub fn new(calypsos: u8, points: u32, suit: Suit) -> Bid {
        Bid {
            calypsos,
            points,
            suit,
        }
    }

    /// Does this bid outrank `other`? Calypsos first, then points, then suit.
    pub fn outranks(&self, other: &Bid) -> bool {
        (self.calypsos, self.points, self.suit) > (other.calypsos, other.points, other.suit)
    }

    /// Is the bid allowed at all, whatever came before? (See [`Bid::malformed`].)
    pub fn is_well_formed(&self) -> bool {
        self.calypsos <= MAX_CALYPSOS_BID
            && self.points <= MAX_POINTS_BID
            && self.points.is_multiple_of(POINTS_STEP)
            && (self.calypsos > 0 || self.points >= MIN_POINTS_NO_CALYPSO)
    }

    /// Why the bid is not allowed at all, whatever came before.
    pub fn malformed(&self) -> Option<String> {
        if self.calypsos > MAX_CALYPSOS_BID {
            Some(format!(
                "a bid is of at most {MAX_CALYPSOS_BID} calypsos in one hand"
            ))
        } else if self.points > MAX_POINTS_BID {
            Some(format!(
                "a bid is of at most {MAX_POINTS_BID} points (51 trick-pile cards and 12 cards sold)"
            ))
        } else if !self.points.is_multiple_of(POINTS_STEP) {
            Some(format!(
                "points are bid in tens, and {} is not",
                self.points
            ))
        } else if self.calypsos == 0 && self.points < MIN_POINTS_NO_CALYPSO {
            Some(format!(
                "a bid of no calypsos needs at least {MIN_POINTS_NO_CALYPSO} points"
            ))
        } else {
            None
        }
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suit = self.suit.name().to_lowercase();
        match self.calypsos {
            0 => write!(f, "{} {suit}", self.points),
            1 => write!(f, "1 calypso and {} {suit}", self.points),
            n => write!(f, "{n} calypsos and {} {suit}", self.points),
        }
    }
}

/// One call in the auction. JSON: `"pass"`, `"double"`, `"redouble"`, or a bid
/// `{"calypsos": 1, "points": 20, "suit": "S"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "CallWire", into = "CallWire")]
pub enum Call {
    Pass,
    Bid(Bid),
    Double,
    Redouble,
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum CallWire {
    Word(String),
    Bid(Bid),
}

impl TryFrom<CallWire> for Call {
    type Error = String;
    fn try_from(w: CallWire) -> Result<Call, String> {
        match w {
            CallWire::Bid(b) => Ok(Call::Bid(b)),
            CallWire::Word(s) => match s.trim().to_ascii_lowercase().as_str() {
                "pass" => Ok(Call::Pass),
                "double" => Ok(Call::Double),
                "redouble" => Ok(Call::Redouble),
                _ => Err(format!(
                    "\"{s}\" is not a call: use \"pass\", \"double\", \"redouble\" or a bid {{\"calypsos\", \"points\", \"suit\"}}"
                )),
            },
        }
    }
}

impl From<Call> for CallWire {
    fn from(c: Call) -> CallWire {
        match c {
            Call::Pass => CallWire::Word("pass".into()),
            Call::Double => CallWire::Word("double".into()),
            Call::Redouble => CallWire::Word("redouble".into()),
            Call::Bid(b) => CallWire::Bid(b),
        }
    }
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("pass"),
            Call::Double => f.write_str("double"),
            Call::Redouble => f.write_str("redouble"),
            Call::Bid(b) => b.fmt(f),
        }
    }
}

/// How the contract is doubled: its points bid count 1, 2 or 4 times.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Doubling {
    #[default]
    Undoubled,
    Doubled,
    Redoubled,
}

impl Doubling {
    pub fn multiplier(self) -> i64 {
        match self {
            Doubling::Undoubled => 1,
            Doubling::Doubled => 2,
            Doubling::Redoubled => 4,
        }
    }

    fn is_undoubled(&self) -> bool {
        *self == Doubling::Undoubled
    }
}

/// The auction's result when a bid won it.
/// JSON: `{"declarer": "1", "calypsos": 1, "points": 20, "suit": "S", "doubling":
/// "doubled"}`, the doubling left out when undoubled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Contract {
    #[serde(with = "crate::engine::auction::wire::player")]
    pub declarer: Seat,
    #[serde(flatten)]
    pub bid: Bid,
    #[serde(default, skip_serializing_if = "Doubling::is_undoubled")]
    pub doubling: Doubling,
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} by {}", self.bid, player_name(self.declarer))?;
        match self.doubling {
            Doubling::Undoubled => Ok(()),
            Doubling::Doubled => f.write_str(", doubled"),
            Doubling::Redoubled => f.write_str(", redoubled"),
        }
    }
}

/// Where the auction stands after a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AuctionState {
    /// The auction goes on; this player calls next.
    Open { to_call: Seat },
    /// Two passes in a row after a bid: the last bidder declares.
    Won(Contract),
    /// All three passed without a bid: the hand is played misère.
    Misere,
}

/// A call the auction cannot take, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallError {
    pub player: Option<Seat>,
    /// Players at the table (3, or 4 in the partnership game), for naming the player.
    pub players: usize,
    pub call: Call,
    pub reason: String,
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.player {
            Some(p) => write!(
                f,
                "{}'s {}: {}",
                seat_name(p, self.players),
                self.call,
                self.reason
            ),
            None => write!(f, "{}: {}", self.call, self.reason),
        }
    }
}

impl std::error::Error for CallError {}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Auction {
    dealer: Seat,
    /// 3, or 4 in the partnership game.
    players: usize,
    calls: Vec<Call>,
    /// The last bid and who made it.
    highest: Option<(Seat, Bid)>,
    doubling: Doubling,
    passes: usize,
    state: AuctionState,
}

impl Auction {
    /// A new auction: eldest (the dealer's left) speaks first.
    pub fn new(dealer: Seat) -> Auction {
        Auction::for_players(dealer, PLAYERS)
    }

    /// A new auction of the partnership game for four: eldest (the dealer's left) first.
    pub fn partnership(dealer: Seat) -> Auction {
        Auction::for_players(dealer, 4)
    }

    fn for_players(dealer: Seat, players: usize) -> Auction {
        Auction {
            dealer,
            players,
            calls: Vec::new(),
            highest: None,
            doubling: Doubling::Undoubled,
            passes: 0,
            state: AuctionState::Open {
                to_call: dealer.left(players),
            },
        }
    }

    /// Runs `calls` from the start: the state after the last one, or the first refused
    /// with its 0-based index.
    pub fn run(dealer: Seat, calls: &[Call]) -> Result<Auction, (usize, CallError)> {
        Auction::run_from(Auction::new(dealer), calls)
    }

    /// As [`Auction::run`] at a table of `players`: three, or the partnership game's four.
    pub fn run_for(
        dealer: Seat,
        players: usize,
        calls: &[Call],
    ) -> Result<Auction, (usize, CallError)> {
        Auction::run_from(Auction::for_players(dealer, players), calls)
    }

    /// As [`Auction::run`], for the partnership game of four.
    pub fn run_partnership(dealer: Seat, calls: &[Call]) -> Result<Auction, (usize, CallError)> {
        Auction::run_from(Auction::partnership(dealer), calls)
    }

    fn run_from(mut a: Auction, calls: &[Call]) -> Result<Auction, (usize, CallError)> {
        for (i, &c) in calls.iter().enumerate() {
            a.call(c).map_err(|e| (i, e))?;
        }
        Ok(a)
    }

    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    pub fn state(&self) -> AuctionState {
        self.state
    }

    pub fn calls(&self) -> &[Call] {
        &self.calls
    }

    /// The player to call next, while the auction is open.
    pub fn to_call(&self) -> Option<Seat> {
        match self.state {
            AuctionState::Open { to_call } => Some(to_call),
            _ => None,
        }
    }

    /// The last bid, who made it, and its doubling so far.
    pub fn highest(&self) -> Option<(Seat, Bid, Doubling)> {
        self.highest.map(|(s, b)| (s, b, self.doubling))
    }

    /// Why `call` would be refused now, or None when it is legal.
    pub fn refusal(&self, call: Call) -> Option<CallError> {
        let player = self.to_call();
        let err = |reason: String| {
            Some(CallError {
                player,
                players: self.players,
                call,
                reason,
            })
        };
        let Some(player) = player else {
            return err("the auction is over".into());
        };
        match call {
            Call::Pass => None,
            Call::Bid(bid) => {
                if let Some(why) = bid.malformed() {
                    return err(why);
                }
                match self.highest {
                    Some((_, high)) if !bid.outranks(&high) => {
                        err(format!("{bid} does not outrank {high}"))
                    }
                    _ => None,
                }
            }
            Call::Double => match self.highest {
                None => err("nothing to double: there is no bid".into()),
                Some((bidder, high)) if bidder == player => err(format!(
                    "{high} is {}'s own bid",
                    seat_name(bidder, self.players)
                )),
                Some((bidder, high)) if partners(bidder, player, self.players) => err(format!(
                    "{high} is partner {}'s bid: only an opponent doubles",
                    seat_name(bidder, self.players)
                )),
                Some((_, high)) if self.doubling != Doubling::Undoubled => {
                    err(format!("{high} is already doubled"))
                }
                Some(_) => None,
            },
            Call::Redouble => match self.highest {
                None => err("nothing to redouble: there is no bid".into()),
                Some((bidder, high)) if !partners(bidder, player, self.players) => {
                    err(if self.players == 4 {
                        format!(
                            "only {} or their partner may redouble {high}",
                            seat_name(bidder, self.players)
                        )
                    } else {
                        format!(
                            "only {} may redouble {high}, their own bid",
                            player_name(bidder)
                        )
                    })
                }
                Some((_, high)) if self.doubling == Doubling::Undoubled => {
                    err(format!("{high} is not doubled"))
                }
                Some((_, high)) if self.doubling == Doubling::Redoubled => {
                    err(format!("{high} is already redoubled"))
                }
                Some(_) => None,
            },
        }
    }

    /// Every call legal now: pass, double or redouble when allowed, and each bid.
    pub fn legal_calls(&self) -> Vec<Call> {
        if self.to_call().is_none() {
            return Vec::new();
        }
        let mut out: Vec<Call> = [Call::Pass, Call::Double, Call::Redouble]
            .into_iter()
            .filter(|&c| self.refusal(c).is_none())
            .collect();
        for calypsos in 0..=MAX_CALYPSOS_BID {
            for points in (0..=MAX_POINTS_BID).step_by(POINTS_STEP as usize) {
                for suit in Suit::ALL {
                    let bid = Bid::new(calypsos, points, suit);
                    if bid.is_well_formed()
                        && self.highest.is_none_or(|(_, high)| bid.outranks(&high))
                    {
                        out.push(Call::Bid(bid));
                    }
                }
            }
        }
        debug_assert!(out.iter().all(|&c| self.refusal(c).is_none()));
        out
    }

    /// Takes the next call if it is legal.
    pub fn call(&mut self, call: Call) -> Result<AuctionState, CallError> {
        if let Some(e) = self.refusal(call) {
            return Err(e);
        }
        let player = self.to_call().expect("a legal call has a caller");
        match call {
            Call::Pass => self.passes += 1,
            Call::Bid(bid) => {
                self.highest = Some((player, bid));
                self.doubling = Doubling::Undoubled;
                self.passes = 0;
            }
            Call::Double => {
                self.doubling = Doubling::Doubled;
                self.passes = 0;
            }
            Call::Redouble => {
                self.doubling = Doubling::Redoubled;
                self.passes = 0;
            }
        }
        self.calls.push(call);
        self.state = match self.highest {
            Some((declarer, bid)) if self.passes == self.players - 1 => {
                AuctionState::Won(Contract {
                    declarer,
                    bid,
                    doubling: self.doubling,
                })
            }
            None if self.passes == self.players => AuctionState::Misere,
            _ => AuctionState::Open {
                to_call: player.left(self.players),
            },
        };
        Ok(self.state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::auction::spec::SEATS;

    fn bid(calypsos: u8, points: u32, suit: char) -> Call {
        Call::Bid(Bid::new(calypsos, points, Suit::from_char(suit).unwrap()))
    }

    #[test]
    fn the_seeds_example_auction() {
        // Ken deals, so Alfie (his left) is eldest and speaks first: Alfie 0, Jo 1, Ken 2.
        let [alfie, jo, ken] = SEATS;
        let mut a = Auction::new(ken);
        let calls = [
            Call::Pass,
            bid(0, 170, 'C'),
            bid(0, 170, 'S'),
            bid(0, 180, 'S'),
            bid(0, 190, 'C'),
            bid(0, 190, 'S'),
            bid(0, 240, 'S'),
            Call::Pass,
            bid(0, 270, 'S'),
            bid(1, 20, 'S'),
            Call::Pass,
        ];
        let callers = [alfie, jo, ken];
        for (i, c) in calls.into_iter().enumerate() {
            assert_eq!(a.to_call(), Some(callers[i % 3]), "call {}", i + 1);
            assert!(matches!(a.call(c), Ok(AuctionState::Open { .. })), "{c}");
        }
        let end = a.call(Call::Pass).unwrap();
        let contract = Contract {
            declarer: alfie,
            bid: Bid::new(1, 20, Suit::Spades),
            doubling: Doubling::Undoubled,
        };
        assert_eq!(end, AuctionState::Won(contract));
        assert_eq!(contract.to_string(), "1 calypso and 20 spades by player 1");
        assert_eq!(a.calls().len(), 12);
        assert!(a.call(Call::Pass).is_err(), "the auction is over");
    }

    #[test]
    fn a_bid_that_does_not_outrank() {
        let mut a = Auction::new(SEATS[2]);
        a.call(bid(0, 190, 'S')).unwrap();
        let e = a.call(bid(0, 190, 'C')).unwrap_err();
        assert_eq!(e.reason, "190 clubs does not outrank 190 spades");
        assert_eq!(
            e.to_string(),
            "player 2's 190 clubs: 190 clubs does not outrank 190 spades"
        );
        assert!(a.refusal(bid(0, 190, 'S')).is_some(), "an equal bid");
        // Points must be increased to outrank the same or a lower suit; a higher suit may
        // bid the same points; any calypso outranks any points.
        assert!(a.refusal(bid(0, 200, 'C')).is_none());
        a.call(bid(0, 200, 'D')).unwrap();
        assert!(a.refusal(bid(0, 200, 'H')).is_none());
        assert!(a.refusal(bid(0, 200, 'C')).is_some());
        assert!(a.refusal(bid(1, 0, 'C')).is_none());
        a.call(bid(1, 0, 'C')).unwrap();
        assert!(a.refusal(bid(0, 750, 'S')).is_some());
        assert!(a.refusal(bid(1, 0, 'D')).is_none());
    }

    #[test]
    fn the_170_minimum() {
        let a = Auction::new(SEATS[0]);
        let e = a.refusal(bid(0, 160, 'S')).unwrap();
        assert_eq!(e.reason, "a bid of no calypsos needs at least 170 points");
        assert!(a.refusal(bid(0, 170, 'C')).is_none(), "the smallest bid");
        assert!(
            a.refusal(bid(1, 0, 'C')).is_none(),
            "no points needed with a calypso"
        );
        assert!(a.refusal(bid(0, 175, 'C')).unwrap().reason.contains("tens"));
        assert!(a.refusal(bid(3, 0, 'C')).is_some());
        assert!(a.refusal(bid(0, 760, 'C')).is_some());
        assert!(a.refusal(bid(2, 750, 'S')).is_none(), "the highest bid");
    }

    #[test]
    fn three_passes_make_a_misere_and_a_passer_may_come_back() {
        let mut a = Auction::new(SEATS[0]);
        a.call(Call::Pass).unwrap();
        a.call(Call::Pass).unwrap();
        assert_eq!(a.call(Call::Pass).unwrap(), AuctionState::Misere);

        // Two passes, then a bid: two more passes end it and the third player declares.
        let mut a = Auction::new(SEATS[0]);
        a.call(Call::Pass).unwrap();
        a.call(Call::Pass).unwrap();
        a.call(bid(0, 170, 'H')).unwrap();
        a.call(Call::Pass).unwrap();
        let AuctionState::Won(c) = a.call(Call::Pass).unwrap() else {
            panic!("won")
        };
        assert_eq!(c.declarer, SEATS[0]);
    }

    #[test]
    fn doubling_and_redoubling() {
        // Player 2 (eldest, dealer player 1) bids; player 3 doubles; player 1 passes;
        // player 2 redoubles; two passes end it.
        let mut a = Auction::new(SEATS[0]);
        assert_eq!(
            a.call(Call::Double).unwrap_err().reason,
            "nothing to double: there is no bid"
        );
        a.call(bid(0, 200, 'H')).unwrap();
        assert!(
            a.refusal(Call::Redouble)
                .unwrap()
                .reason
                .contains("only player 2")
        );
        a.call(Call::Double).unwrap();
        assert_eq!(
            a.refusal(Call::Double).unwrap().reason,
            "200 hearts is already doubled"
        );
        a.call(Call::Pass).unwrap();
        // A double is not a pass: one pass after it does not end the auction.
        assert!(a.to_call().is_some());
        a.call(Call::Redouble).unwrap();
        a.call(Call::Pass).unwrap();
        let AuctionState::Won(c) = a.call(Call::Pass).unwrap() else {
            panic!("won")
        };
        assert_eq!((c.declarer, c.doubling), (SEATS[1], Doubling::Redoubled));
        assert_eq!(c.doubling.multiplier(), 4);

        // A new bid clears the double.
        let mut a = Auction::new(SEATS[0]);
        a.call(bid(0, 200, 'H')).unwrap();
        a.call(Call::Double).unwrap();
        a.call(bid(0, 210, 'H')).unwrap();
        assert_eq!(a.highest().unwrap().2, Doubling::Undoubled);
        a.call(Call::Double).unwrap();
        a.call(Call::Pass).unwrap();
        assert_eq!(
            a.refusal(Call::Double).unwrap().reason,
            "210 hearts is player 1's own bid"
        );
    }

    #[test]
    fn calls_read_and_write_as_json() {
        let calls: Vec<Call> = serde_json::from_str(
            r#"["pass", {"calypsos": 0, "points": 170, "suit": "C"}, "double", "Redouble", {"calypsos": 1, "suit": "S"}]"#,
        )
        .unwrap();
        assert_eq!(calls[1], bid(0, 170, 'C'));
        assert_eq!(calls[4], bid(1, 0, 'S'));
        assert_eq!(
            serde_json::to_string(&calls[..2]).unwrap(),
            r#"["pass",{"calypsos":0,"points":170,"suit":"C"}]"#
        );
        let e = serde_json::from_str::<Call>(r#""no bid""#).unwrap_err();
        assert!(e.to_string().contains("is not a call"), "{e}");
    }

    /// "The auction continues until two players pass in a row": at the partnership table
    /// of four, every other player, so three passes in a row end it; four passes before any
    /// bid ("If all three players pass") make a misère.
    #[test]
    fn at_four_the_auction_continues_until_every_other_player_passes_in_a_row() {
        use crate::engine::cards::Seat::{East, North, West};
        let mut a = Auction::partnership(North);
        assert_eq!(
            a.to_call(),
            Some(East),
            "eldest, the dealer's left, speaks first"
        );
        for _ in 0..3 {
            a.call(Call::Pass).unwrap();
        }
        assert_eq!(
            a.to_call(),
            Some(North),
            "three passes without a bid do not end it"
        );
        assert_eq!(a.call(Call::Pass).unwrap(), AuctionState::Misere);

        // East bids; South, West and North (the dealer) pass: over.
        let mut a = Auction::partnership(North);
        a.call(bid(0, 170, 'C')).unwrap();
        a.call(Call::Pass).unwrap();
        a.call(Call::Pass).unwrap();
        assert!(a.to_call().is_some(), "two passes are not enough at four");
        let AuctionState::Won(c) = a.call(Call::Pass).unwrap() else {
            panic!("won")
        };
        assert_eq!(c.declarer, East);
        assert_eq!(a.calls().len(), 4);

        // A player may overcall their partner: East 170 C, South pass, West 180 C (East's
        // partner), then three passes and West declares.
        let mut a = Auction::partnership(North);
        a.call(bid(0, 170, 'C')).unwrap();
        a.call(Call::Pass).unwrap();
        a.call(bid(0, 180, 'C')).unwrap();
        for _ in 0..2 {
            a.call(Call::Pass).unwrap();
        }
        let AuctionState::Won(c) = a.call(Call::Pass).unwrap() else {
            panic!("won")
        };
        assert_eq!(c.declarer, West);
    }

    /// Our partnership reading of "a double is by an opponent of the last bidder, a
    /// redouble by the last bidder": at four, either opponent doubles, the bidder or the
    /// bidder's partner redoubles; the partner may not double.
    #[test]
    fn at_four_opponents_double_and_the_bidders_partnership_redoubles() {
        use crate::engine::cards::Seat::{East, North, West};
        // North deals: East bids, South (opponent) passes, West (partner) may not double.
        let mut a = Auction::partnership(North);
        a.call(bid(0, 200, 'H')).unwrap();
        assert!(a.refusal(Call::Double).is_none(), "South is an opponent");
        a.call(Call::Pass).unwrap();
        assert_eq!(a.to_call(), Some(West));
        let e = a.call(Call::Double).unwrap_err();
        assert_eq!(
            e.to_string(),
            "West's double: 200 hearts is partner East's bid: only an opponent doubles"
        );
        a.call(Call::Pass).unwrap();
        a.call(Call::Double).unwrap(); // North, an opponent
        assert_eq!(a.to_call(), Some(East));
        a.call(Call::Pass).unwrap();
        assert!(
            a.refusal(Call::Redouble)
                .unwrap()
                .reason
                .contains("only East or their partner")
        );
        a.call(Call::Pass).unwrap(); // South
        a.call(Call::Redouble).unwrap(); // West, the bidder's partner
        for _ in 0..2 {
            a.call(Call::Pass).unwrap();
        }
        let AuctionState::Won(c) = a.call(Call::Pass).unwrap() else {
            panic!("won")
        };
        assert_eq!((c.declarer, c.doubling), (East, Doubling::Redoubled));
        assert_eq!(max_calls(3), MAX_CALLS);
        assert!(max_calls(4) > MAX_CALLS);
    }

    #[test]
    fn legal_calls_are_exactly_those_taken() {
        let mut a = Auction::new(SEATS[1]);
        a.call(bid(2, 740, 'S')).unwrap();
        let legal = a.legal_calls();
        assert_eq!(
            legal,
            vec![
                Call::Pass,
                Call::Double,
                bid(2, 750, 'C'),
                bid(2, 750, 'D'),
                bid(2, 750, 'H'),
                bid(2, 750, 'S')
            ]
        );
    }
}
