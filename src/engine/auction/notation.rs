//! The table's notation for calls, as a phone's form types them (`pass`, `x`, `170C`,
//! `1+200S`), and what a form fills in from a hand's outcome alone: who deals it, and the
//! shortest auction that gives it.

use super::bidding::{Auction, AuctionState, Bid, Call, Doubling};
use super::spec::{AuctionSpec, PLAYERS, SEATS, left_of};
use super::summary::AuctionEnd;
use crate::engine::{Seat, Suit};

/// At a club's table player 1 deals the first hand (the round seats them there).
pub const FIRST_DEALER: Seat = Seat::North;

/// A token that is no call, named as typed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a call: use pass, double, redouble or a bid like 170C or 1+200S")]
pub struct NotACall(pub String);

impl AuctionSpec {
    /// The dealer of hand `k` (1-based) when player 1 deals the first: the deal passes left.
    pub fn dealer_of_hand(k: usize) -> Seat {
        SEATS[(k.max(1) - 1) % PLAYERS]
    }
}

impl Call {
    /// The call as the form types it: `pass`, `double`, `redouble`, `170C`, `1+200S`.
    pub fn token(&self) -> String {
        match self {
            Call::Pass => "pass".into(),
            Call::Double => "double".into(),
            Call::Redouble => "redouble".into(),
            Call::Bid(b) if b.calypsos == 0 => format!("{}{}", b.points, b.suit.letter()),
            Call::Bid(b) => format!("{}+{}{}", b.calypsos, b.points, b.suit.letter()),
        }
    }

    /// Reads one token of the calls (any case): `pass`/`p`, `double`/`x`, `redouble`/`xx`,
    /// or a bid `170C`, `1+200S`. Whether a bid is allowed at all is the auction's to say.
    pub fn parse_token(token: &str) -> Result<Call, NotACall> {
        let t = token.trim();
        let not = || NotACall(t.to_string());
        match t.to_ascii_lowercase().as_str() {
            "pass" | "p" => return Ok(Call::Pass),
            "double" | "x" => return Ok(Call::Double),
            "redouble" | "xx" => return Ok(Call::Redouble),
            _ => {}
        }
        let mut chars = t.chars();
        let suit = chars
            .next_back()
            .and_then(Suit::from_char)
            .ok_or_else(not)?;
        let number = chars.as_str();
        let (calypsos, points) = match number.split_once('+') {
            Some((c, p)) => (c, p),
            None => ("0", number),
        };
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(calypsos) || !digits(points) {
            return Err(not());
        }
        let calypsos: u8 = calypsos.parse().map_err(|_| not())?;
        let points: u32 = points.parse().map_err(|_| not())?;
        Ok(Call::Bid(Bid::new(calypsos, points, suit)))
    }
}

impl AuctionEnd {
    /// The shortest auction giving this outcome from `dealer`: passes to the declarer, the
    /// bid, its doubling, two passes; `None` when the auction does not take it (a malformed
    /// bid).
    pub fn shortest_auction(self, dealer: Seat) -> Option<Vec<Call>> {
        let calls = match self {
            AuctionEnd::Misere => vec![Call::Pass; PLAYERS],
            AuctionEnd::Contract(c) => {
                let mut calls = Vec::new();
                let mut at = left_of(dealer);
                while at != c.declarer {
                    calls.push(Call::Pass);
                    at = left_of(at);
                }
                calls.push(Call::Bid(c.bid));
                match c.doubling {
                    Doubling::Undoubled => {}
                    Doubling::Doubled => calls.push(Call::Double),
                    Doubling::Redoubled => calls.extend([Call::Double, Call::Pass, Call::Redouble]),
                }
                calls.extend([Call::Pass, Call::Pass]);
                calls
            }
        };
        let state = Auction::run(dealer, &calls).ok()?.state();
        let same = match (self, state) {
            (AuctionEnd::Misere, AuctionState::Misere) => true,
            (AuctionEnd::Contract(c), AuctionState::Won(w)) => c == w,
            _ => false,
        };
        same.then_some(calls)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip_for_every_kind_of_call() {
        let calls = [
            Call::Pass,
            Call::Double,
            Call::Redouble,
            Call::Bid(Bid::new(0, 170, Suit::Clubs)),
            Call::Bid(Bid::new(0, 750, Suit::Spades)),
            Call::Bid(Bid::new(1, 200, Suit::Hearts)),
            Call::Bid(Bid::new(2, 0, Suit::Diamonds)),
        ];
        for c in calls {
            let t = c.token();
            assert_eq!(Call::parse_token(&t), Ok(c), "{t}");
            assert_eq!(
                Call::parse_token(&t.to_lowercase()),
                Ok(c),
                "{t} in lower case"
            );
        }
        assert_eq!(calls[5].token(), "1+200H");
        assert_eq!(calls[3].token(), "170C");
        for (t, c) in [
            ("P", Call::Pass),
            ("x", Call::Double),
            ("XX", Call::Redouble),
            ("200s", Call::Bid(Bid::new(0, 200, Suit::Spades))),
            ("1+20♠", Call::Bid(Bid::new(1, 20, Suit::Spades))),
        ] {
            assert_eq!(Call::parse_token(t), Ok(c), "{t}");
        }
        for bad in [
            "17OC",
            "170",
            "C",
            "+170C",
            "1+C",
            "170CC",
            "1+2+0H",
            "99999999999S",
            "pas",
        ] {
            assert_eq!(
                Call::parse_token(bad).map_err(|e| e.to_string()),
                Err(format!(
                    "\"{bad}\" is not a call: use pass, double, redouble or a bid like 170C or 1+200S"
                )),
            );
        }
    }

    #[test]
    fn each_hand_is_dealt_by_the_player_left_of_the_last_dealer() {
        assert_eq!(AuctionSpec::dealer_of_hand(1), FIRST_DEALER);
        assert_eq!(AuctionSpec::dealer_of_hand(2), Seat::East);
        assert_eq!(AuctionSpec::dealer_of_hand(3), Seat::South);
        assert_eq!(AuctionSpec::dealer_of_hand(4), FIRST_DEALER);
    }
}
