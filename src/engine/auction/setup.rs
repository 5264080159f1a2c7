//! The optional setup before the first hand: the calypsos in progress each player starts
//! with. Two of the seed's three procedures are here; the standardised setup's list of cards
//! was lost from our copy of the rules, so it is not offered.

use super::spec::{MAX_IN_PROGRESS, PLAYERS};
use crate::engine::cards::{Card, Suit};

/// Cards dealt face up for each setup.
pub const SETUP_CARDS: usize = 30;

/// The calypsos in progress the players start with (by position), and the calypsos found
/// complete in the setup: their cards are shuffled back and everyone scores 500 for each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    pub in_progress: [Vec<Card>; PLAYERS],
    pub calypsos: u32,
}

/// One player's seed: the distinct cards of those dealt (duplicates set aside), less any
/// suit that holds all 13 ranks; and how many such complete calypsos there were.
fn seed(dealt: &[Card]) -> (Vec<Card>, u32) {
    let mut distinct: Vec<Card> = Vec::new();
    for &c in dealt {
        if !distinct.contains(&c) {
            distinct.push(c);
        }
    }
    let mut complete = 0;
    for suit in Suit::ALL {
        let n = distinct.iter().filter(|c| c.suit() == suit).count();
        if n > usize::from(MAX_IN_PROGRESS) {
            complete += 1;
            distinct.retain(|c| c.suit() != suit);
        }
    }
    distinct.sort();
    (distinct, complete)
}

/// Balanced random: 30 cards from the top of the shuffled `deck` seed the dealer's
/// calypsos in progress, and the other two players get the identical set (the deck holds
/// four of each card, so three copies are always there).
pub fn balanced_random(deck: &[Card]) -> Setup {
    let (cards, complete) = seed(&deck[..SETUP_CARDS.min(deck.len())]);
    Setup {
        in_progress: [cards.clone(), cards.clone(), cards],
        calypsos: complete,
    }
}

/// Fully random: each player is dealt 30 cards of the shuffled `deck` in turn and keeps
/// the distinct ones. A calypso complete in anyone's setup is shuffled back and everyone
/// scores 500 for it, as in the balanced setup.
pub fn fully_random(deck: &[Card]) -> Setup {
    let mut out = Setup::default();
    for (p, chunk) in deck.chunks(SETUP_CARDS).take(PLAYERS).enumerate() {
        let (cards, complete) = seed(chunk);
        out.in_progress[p] = cards;
        out.calypsos += complete;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::parse_cards;

    #[test]
    fn duplicates_are_set_aside_and_a_complete_calypso_goes_back() {
        let mut dealt = parse_cards("2S 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 5H 5H 9D").unwrap();
        dealt.extend(parse_cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2C").unwrap());
        assert_eq!(dealt.len(), 30);
        let s = balanced_random(&dealt);
        assert_eq!(s.calypsos, 1, "the spades are complete");
        assert_eq!(s.in_progress[0].len(), 2 + 12);
        assert_eq!(s.in_progress[0], s.in_progress[2]);
        let mut deck = dealt.clone();
        deck.extend(dealt.iter().rev());
        deck.extend(dealt.iter().take(30));
        let f = fully_random(&deck);
        assert_eq!(f.calypsos, 3, "every player had the spades complete");
        assert_eq!(
            f.in_progress[1].len(),
            14,
            "the second player's cards in reverse"
        );
    }
}
