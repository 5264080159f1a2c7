//! Calypso Duet: two people play the four seats, each a secret hand (the black trump suit)
//! and a dummy (the red one). The board deals four hands as usual; each player receives
//! two of them, looks at one, and decides which becomes the secret hand and which the
//! dummy. With call-and-response each player also moves three cards from the hand looked
//! at to the other and three back. This module turns a deal's board hands and the players'
//! choices into the hands of the four seats, and says which cards the first trick's leader
//! may lead before their exchange is finished.

use std::fmt;

use super::cards::{Card, CardCounts, Seat};
use super::spec::{Duet, DuetPlayer};

/// The call-and-response exchange of one player in one deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exchange {
    /// The board hand (by its board seat) the player picked up and looked at first.
    pub inspected: Seat,
    /// Cards moved from the inspected hand to the other.
    pub passed: Vec<Card>,
    /// Cards moved from the other hand (as dealt) to the inspected one.
    pub returned: Vec<Card>,
}

/// One player's choices in one deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuetChoice {
    /// The board hand (by its board seat) that became this player's dummy: for the majors
    /// player at the default table "S" keeps the hands where the board has them, "N" swaps
    /// them (the board's N hand is played as the hearts dummy at S).
    pub dummy: Seat,
    /// Call-and-response only.
    pub exchange: Option<Exchange>,
}

/// Both players' choices in one deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuetDeal {
    /// Indexed like [`Duet::players`]: majors, then minors.
    pub choices: [DuetChoice; 2],
}

/// A choice or an exchange the rules do not allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DuetError {
    /// The dummy named is not one of the player's two dealt hands.
    DummyNotOwn {
        player: &'static str,
        named: Seat,
        hands: String,
    },
    /// The inspected hand named is not one of the player's two dealt hands.
    InspectedNotOwn {
        player: &'static str,
        named: Seat,
        hands: String,
    },
    /// Call-and-response without an exchange.
    ExchangeMissing { player: &'static str },
    /// An exchange in plain Duet.
    ExchangeNotInGame { player: &'static str },
    /// Not exactly the exchange's number of cards one way.
    ExchangeCount {
        player: &'static str,
        way: &'static str,
        found: usize,
        expected: usize,
    },
    /// A moved card that was not in the hand it left (or more copies than it held).
    NotInHand {
        player: &'static str,
        way: &'static str,
        card: Card,
        hand: Seat,
    },
}

impl DuetError {
    /// The card the problem is about, if one.
    pub fn card(&self) -> Option<Card> {
        match self {
            DuetError::NotInHand { card, .. } => Some(*card),
            _ => None,
        }
    }
}

impl fmt::Display for DuetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DuetError::DummyNotOwn {
                player,
                named,
                hands,
            } => write!(
                f,
                "the {player} player's dummy must be one of their two dealt hands, {hands}; the record names {}",
                named.name()
            ),
            DuetError::InspectedNotOwn {
                player,
                named,
                hands,
            } => write!(
                f,
                "the hand the {player} player inspected must be one of their two dealt hands, {hands}; the record names {}",
                named.name()
            ),
            DuetError::ExchangeMissing { player } => write!(
                f,
                "call-and-response: the record has no exchange for the {player} player (the hand inspected and the three cards each way)"
            ),
            DuetError::ExchangeNotInGame { player } => write!(
                f,
                "the record gives an exchange for the {player} player, but this game has no call-and-response"
            ),
            DuetError::ExchangeCount {
                player,
                way,
                found,
                expected,
            } => write!(
                f,
                "the {player} player {way} {found} cards; call-and-response moves exactly {expected} each way"
            ),
            DuetError::NotInHand {
                player,
                way,
                card,
                hand,
            } => write!(
                f,
                "the {player} player {way} {card}, but the {} hand as dealt does not hold it (or not that many copies)",
                hand.name()
            ),
        }
    }
}

impl std::error::Error for DuetError {}

/// `hand` less `cards`, or the first card it does not hold (counting copies).
fn take(hand: &CardCounts, cards: &[Card]) -> Result<CardCounts, Card> {
    let mut left = *hand;
    for &card in cards {
        if !left.remove(card) {
            return Err(card);
        }
    }
    Ok(left)
}

/// One player's two hands after the exchange, keyed by board seat: (the inspected hand's
/// seat, the inspected hand, the other hand), with the cards left in the inspected hand
/// before the returned ones arrive.
struct Exchanged {
    inspected: Seat,
    inspected_hand: CardCounts,
    other_hand: CardCounts,
    inspected_less_passed: CardCounts,
}

/// The exchange's own shape, before any card is looked for: the hand inspected is one of
/// the player's two, and exactly `duet.exchange` cards go each way. The player's other hand.
fn exchange_shape(duet: &Duet, player: &DuetPlayer, ex: &Exchange) -> Result<Seat, DuetError> {
    let name = player.name;
    let inspected = ex.inspected;
    if !player.holds(inspected) {
        return Err(DuetError::InspectedNotOwn {
            player: name,
            named: inspected,
            hands: player.hands_named(),
        });
    }
    for (way, cards) in [("passed", &ex.passed), ("returned", &ex.returned)] {
        if cards.len() != duet.exchange {
            return Err(DuetError::ExchangeCount {
                player: name,
                way,
                found: cards.len(),
                expected: duet.exchange,
            });
        }
    }
    Ok(player.other(inspected))
}

/// An exchange given where the game has one, none where it has none.
fn exchange_given<'a>(
    duet: &Duet,
    player: &DuetPlayer,
    ex: Option<&'a Exchange>,
) -> Result<Option<&'a Exchange>, DuetError> {
    let name = player.name;
    match (ex, duet.exchange) {
        (None, 0) => Ok(None),
        (None, _) => Err(DuetError::ExchangeMissing { player: name }),
        (Some(_), 0) => Err(DuetError::ExchangeNotInGame { player: name }),
        (Some(ex), _) => Ok(Some(ex)),
    }
}

/// Checks player `p`'s (0 majors, 1 minors) exchange in one deal, as a table reports it
/// with its counts rather than in a play record: given where the game has one (and only
/// there), the hand inspected one of the player's own, exactly `duet.exchange` cards each
/// way, and, when the board's hands (by board seat) are known, every card moved held by the
/// hand it left as dealt (copies counted). The same checks [`seat_hands`] makes.
pub fn check_exchange(
    duet: &Duet,
    p: usize,
    board: Option<&[CardCounts; 4]>,
    ex: Option<&Exchange>,
) -> Result<(), DuetError> {
    let player = &duet.players[p.min(1)];
    let Some(ex) = exchange_given(duet, player, ex)? else {
        return Ok(());
    };
    match board {
        Some(board) => exchange(duet, player, board, ex).map(|_| ()),
        None => exchange_shape(duet, player, ex).map(|_| ()),
    }
}

fn exchange(
    duet: &Duet,
    player: &DuetPlayer,
    board: &[CardCounts; 4],
    ex: &Exchange,
) -> Result<Exchanged, DuetError> {
    let name = player.name;
    let inspected = ex.inspected;
    let other = exchange_shape(duet, player, ex)?;
    let not_in = |way, hand| {
        move |card| DuetError::NotInHand {
            player: name,
            way,
            card,
            hand,
        }
    };
    let a = take(&board[inspected.index()], &ex.passed).map_err(not_in("passed", inspected))?;
    let b = take(&board[other.index()], &ex.returned).map_err(not_in("returned", other))?;
    let mut inspected_hand = a;
    for &c in &ex.returned {
        inspected_hand.add(c);
    }
    let mut other_hand = b;
    for &c in &ex.passed {
        other_hand.add(c);
    }
    Ok(Exchanged {
        inspected,
        inspected_hand,
        other_hand,
        inspected_less_passed: a,
    })
}

/// The hands of a Duet deal as the four seats play them, from the board's hands (indexed by
/// board seat) and both players' choices; and the hand the first trick's leader must lead
/// from when it is not their whole secret hand (see [`first_lead_from`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuetHands {
    pub seats: [CardCounts; 4],
    /// Per player (majors, minors): with call-and-response, when the hand inspected became
    /// the secret hand, the ten cards it kept before the three returned ones arrived.
    pub before_exchange: [Option<CardCounts>; 2],
}

impl DuetHands {
    /// The cards the leader of the first trick may lead from, when that is less than their
    /// whole hand: a non-dealer who chose the hand they inspected as their secret hand
    /// leads from the ten cards left in it; the three returned cards join it only when
    /// their dummy is about to play. None: the whole hand.
    pub fn first_lead_from(&self, duet: &Duet, leader: Seat) -> Option<CardCounts> {
        let p = duet.player_at(leader);
        if duet.players[p].secret == leader {
            self.before_exchange[p]
        } else {
            None
        }
    }
}

/// Turns the board's hands into the seats' hands; refuses a dummy choice that is not the
/// player's own hand, and an exchange that is not exactly `duet.exchange` cards each way
/// out of the hands they left.
pub fn seat_hands(
    duet: &Duet,
    board: &[CardCounts; 4],
    deal: &DuetDeal,
) -> Result<DuetHands, DuetError> {
    let mut seats = [CardCounts::new(); 4];
    let mut before_exchange = [None, None];
    for (i, (player, choice)) in duet.players.iter().zip(&deal.choices).enumerate() {
        let name = player.name;
        if !player.holds(choice.dummy) {
            return Err(DuetError::DummyNotOwn {
                player: name,
                named: choice.dummy,
                hands: player.hands_named(),
            });
        }
        // The player's two hands by board seat, after any exchange.
        let mut hands = [
            (player.secret, board[player.secret.index()]),
            (player.dummy, board[player.dummy.index()]),
        ];
        if let Some(ex) = exchange_given(duet, player, choice.exchange.as_ref())? {
            let done = exchange(duet, player, board, ex)?;
            for (seat, hand) in hands.iter_mut() {
                *hand = if *seat == done.inspected {
                    done.inspected_hand
                } else {
                    done.other_hand
                };
            }
            if choice.dummy != done.inspected {
                before_exchange[i] = Some(done.inspected_less_passed);
            }
        }
        for (seat, hand) in hands {
            let to = if seat == choice.dummy {
                player.dummy
            } else {
                player.secret
            };
            seats[to.index()] = hand;
        }
    }
    Ok(DuetHands {
        seats,
        before_exchange,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::{Suit, parse_cards};
    use crate::engine::spec::{SpecError, Trumps};

    fn hand(s: &str) -> CardCounts {
        CardCounts::from_cards(&parse_cards(s).unwrap())
    }

    fn duet(exchange: usize) -> Duet {
        Duet::seated(&Trumps::default(), exchange).unwrap()
    }

    /// Board hands: N all spades, E all diamonds, S all hearts, W all clubs.
    fn board() -> [CardCounts; 4] {
        [
            hand("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"),
            hand("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"),
            hand("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"),
            hand("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
        ]
    }

    fn plain(majors: Seat, minors: Seat) -> DuetDeal {
        DuetDeal {
            choices: [majors, minors].map(|dummy| DuetChoice {
                dummy,
                exchange: None,
            }),
        }
    }

    #[test]
    fn duet_default_table_seats_majors_north_south_and_minors_west_east() {
        let d = duet(0);
        assert_eq!(
            (d.players[0].secret, d.players[0].dummy),
            (Seat::North, Seat::South)
        );
        assert_eq!(
            (d.players[1].secret, d.players[1].dummy),
            (Seat::West, Seat::East)
        );
        assert_eq!(d.player_at(Seat::South), 0);
        assert_eq!(d.player_at(Seat::East), 1);
    }

    #[test]
    fn duet_dummy_choice_decides_which_dealt_hand_each_seat_plays() {
        let d = duet(0);
        let b = board();
        // Majors keep the board's S hand as dummy; minors make the board's W hand the dummy.
        let h = seat_hands(&d, &b, &plain(Seat::South, Seat::West)).unwrap();
        assert_eq!(h.seats[Seat::North.index()], b[Seat::North.index()]);
        assert_eq!(h.seats[Seat::South.index()], b[Seat::South.index()]);
        assert_eq!(h.seats[Seat::East.index()], b[Seat::West.index()]);
        assert_eq!(h.seats[Seat::West.index()], b[Seat::East.index()]);
        assert_eq!(h.before_exchange, [None, None]);
    }

    #[test]
    fn duet_dummy_choice_must_be_one_of_the_players_two_hands() {
        let d = duet(0);
        let e = seat_hands(&d, &board(), &plain(Seat::East, Seat::West)).unwrap_err();
        assert_eq!(
            e,
            DuetError::DummyNotOwn {
                player: "majors",
                named: Seat::East,
                hands: "North or South".into()
            }
        );
        assert!(e.to_string().contains("majors player's dummy"), "{e}");
        let e = seat_hands(&d, &board(), &plain(Seat::North, Seat::South)).unwrap_err();
        assert!(matches!(
            e,
            DuetError::DummyNotOwn {
                player: "minors",
                named: Seat::South,
                ..
            }
        ));
    }

    fn swap(inspected: Seat, passed: &str, returned: &str) -> Option<Exchange> {
        Some(Exchange {
            inspected,
            passed: parse_cards(passed).unwrap(),
            returned: parse_cards(returned).unwrap(),
        })
    }

    #[test]
    fn call_and_response_moves_three_cards_each_way() {
        let d = duet(3);
        let b = board();
        let deal = DuetDeal {
            choices: [
                // Majors inspect N, pass three spades to S, get three hearts back; N stays
                // the secret hand (dummy S).
                DuetChoice {
                    dummy: Seat::South,
                    exchange: swap(Seat::North, "AS KS QS", "2H 3H 4H"),
                },
                // Minors inspect W and make it the dummy: W's hand goes to E.
                DuetChoice {
                    dummy: Seat::West,
                    exchange: swap(Seat::West, "2C 3C 4C", "AD KD QD"),
                },
            ],
        };
        let h = seat_hands(&d, &b, &deal).unwrap();
        let n = h.seats[Seat::North.index()];
        assert_eq!(n.len(), 13);
        assert!(n.contains("2H".parse().unwrap()) && !n.contains("AS".parse().unwrap()));
        assert_eq!(n.suit_len(Suit::Spades), 10);
        let s = h.seats[Seat::South.index()];
        assert_eq!(
            (s.suit_len(Suit::Hearts), s.suit_len(Suit::Spades)),
            (10, 3)
        );
        // The minors' dummy (E) is the inspected W hand after the exchange.
        let e = h.seats[Seat::East.index()];
        assert_eq!(
            (e.suit_len(Suit::Clubs), e.suit_len(Suit::Diamonds)),
            (10, 3)
        );
        assert!(e.contains("AD".parse().unwrap()));
        let w = h.seats[Seat::West.index()];
        assert!(w.contains("2C".parse().unwrap()) && !w.contains("AD".parse().unwrap()));
        // The majors chose their inspected hand as secret: before their dummy plays, they
        // hold its ten cards only. The minors' inspected hand went to dummy: no limit.
        let ten = h.before_exchange[0].unwrap();
        assert_eq!(ten.len(), 10);
        assert!(!ten.contains("AS".parse().unwrap()) && !ten.contains("2H".parse().unwrap()));
        assert_eq!(h.before_exchange[1], None);
        assert_eq!(h.first_lead_from(&d, Seat::North), Some(ten));
        assert_eq!(h.first_lead_from(&d, Seat::West), None);
    }

    #[test]
    fn call_and_response_refuses_a_card_the_hand_did_not_hold() {
        let d = duet(3);
        let ok = swap(Seat::North, "AS KS QS", "2H 3H 4H").unwrap();
        let deal = |majors: Exchange| DuetDeal {
            choices: [
                DuetChoice {
                    dummy: Seat::South,
                    exchange: Some(majors),
                },
                DuetChoice {
                    dummy: Seat::East,
                    exchange: swap(Seat::East, "2D 3D 4D", "2C 3C 4C"),
                },
            ],
        };
        assert!(seat_hands(&d, &board(), &deal(ok.clone())).is_ok());
        // A heart passed from the all-spades N hand.
        let bad = Exchange {
            passed: parse_cards("AS KS 5H").unwrap(),
            ..ok.clone()
        };
        let e = seat_hands(&d, &board(), &deal(bad)).unwrap_err();
        assert_eq!(e.card(), Some("5H".parse().unwrap()));
        assert!(
            e.to_string().contains("passed 5H, but the North hand"),
            "{e}"
        );
        // The same spade passed twice: the hand held one copy.
        let twice = Exchange {
            passed: parse_cards("AS AS KS").unwrap(),
            ..ok.clone()
        };
        assert!(matches!(
            seat_hands(&d, &board(), &deal(twice)),
            Err(DuetError::NotInHand { way: "passed", .. })
        ));
        // A spade returned from the all-hearts S hand.
        let back = Exchange {
            returned: parse_cards("2H 3H 2S").unwrap(),
            ..ok.clone()
        };
        assert!(matches!(
            seat_hands(&d, &board(), &deal(back)),
            Err(DuetError::NotInHand {
                way: "returned",
                hand: Seat::South,
                ..
            })
        ));
        // Two cards one way.
        let short = Exchange {
            returned: parse_cards("2H 3H").unwrap(),
            ..ok.clone()
        };
        assert!(matches!(
            seat_hands(&d, &board(), &deal(short)),
            Err(DuetError::ExchangeCount {
                found: 2,
                expected: 3,
                ..
            })
        ));
        // The inspected hand must be the player's own.
        let theirs = Exchange {
            inspected: Seat::West,
            ..ok.clone()
        };
        assert!(matches!(
            seat_hands(&d, &board(), &deal(theirs)),
            Err(DuetError::InspectedNotOwn {
                named: Seat::West,
                ..
            })
        ));
        // No exchange in call-and-response; an exchange in plain Duet.
        let mut none = deal(ok.clone());
        none.choices[0].exchange = None;
        assert_eq!(
            seat_hands(&d, &board(), &none),
            Err(DuetError::ExchangeMissing { player: "majors" })
        );
        assert_eq!(
            seat_hands(&duet(0), &board(), &deal(ok)),
            Err(DuetError::ExchangeNotInGame { player: "majors" })
        );
    }

    #[test]
    fn duet_secret_hands_must_sit_beside_each_other_with_dummies_opposite() {
        // Online seating N♠ E♣ S♥ W♦: majors N/S, minors E (secret) and W (dummy).
        let online: Trumps = "SCHD".parse().unwrap();
        let d = Duet::seated(&online, 0).unwrap();
        assert_eq!(
            (d.players[1].secret, d.players[1].dummy),
            (Seat::East, Seat::West)
        );
        // Spades and hearts side by side is no Duet table.
        let bad: Trumps = "SHDC".parse().unwrap();
        assert!(matches!(
            Duet::seated(&bad, 0),
            Err(SpecError::DuetSeating("spades and hearts"))
        ));
    }
}
