//! Putting a played board back together (the first step of issue #38). After a game a
//! board's cards lie mixed in calypsos and trick piles; the board must go back into its
//! packets, one per deal and seat (sixteen for Calypso), before it moves. Sorting the cards
//! by suit, then each suit by rank, makes at most 52 small piles of at most four copies;
//! the sheet then lists, for each card, the packets its copies go to, so no card is looked
//! up twice and no packet is searched. This module makes that list from the board as dealt,
//! and follows it, so a test can check that the list gives back exactly the board's hands.
//! Pure.

use crate::engine::{Card, CardCounts, Rank, Seat, Suit};

use super::algorithm::Board;

/// One packet of a board: a seat's hand in one deal (deal from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Packet {
    pub deal: usize,
    pub seat: Seat,
}

/// One card of the sheet and where each of its copies goes, in deal then seat order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardRoute {
    pub card: Card,
    pub packets: Vec<Packet>,
}

/// The rebuild sheet of a board: every card the board holds, suit by suit (♠ ♥ ♦ ♣), ace
/// down to 2, each with its copies' packets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RebuildSheet {
    pub board: u32,
    pub deals: usize,
    pub cards: Vec<CardRoute>,
}

/// What stops a table's cards from being put back by the sheet.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RebuildError {
    #[error("{card}: the board has {want} and the table has {have}")]
    Count {
        card: Card,
        want: usize,
        have: usize,
    },
}

/// The suits in the order the sheet lists them.
const SUITS: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

/// The sheet of `board`: each card of each deal's hands, with the packets of its copies.
pub fn sheet(board: &Board) -> RebuildSheet {
    let mut cards = Vec::new();
    for suit in SUITS {
        for rank in Rank::ALL.into_iter().rev() {
            let card = Card::new(rank, suit);
            let mut packets = Vec::new();
            for (d, deal) in board.deals.iter().enumerate() {
                for seat in Seat::ALL {
                    for _ in 0..deal.hand(seat).count(card) {
                        packets.push(Packet { deal: d + 1, seat });
                    }
                }
            }
            if !packets.is_empty() {
                cards.push(CardRoute { card, packets });
            }
        }
    }
    RebuildSheet {
        board: board.number,
        deals: board.deals.len(),
        cards,
    }
}

/// The packets the sheet makes of a table's cards, taken in any order: `[deal][seat]`.
/// Refused, naming the card, when the cards are not the board's (one missing or one too many).
pub fn rebuild(
    sheet: &RebuildSheet,
    cards: impl IntoIterator<Item = Card>,
) -> Result<Vec<[CardCounts; 4]>, Vec<RebuildError>> {
    // Sorted into piles by suit and rank: how many copies of each card the table has.
    let mut piles = CardCounts::new();
    for card in cards {
        piles.add(card);
    }
    let mut errors = Vec::new();
    let mut packets = vec![[CardCounts::new(); 4]; sheet.deals];
    for route in &sheet.cards {
        let have = usize::from(piles.count(route.card));
        if have != route.packets.len() {
            errors.push(RebuildError::Count {
                card: route.card,
                want: route.packets.len(),
                have,
            });
            continue;
        }
        for p in &route.packets {
            if let Some(deal) = packets.get_mut(p.deal - 1) {
                deal[p.seat.index()].add(route.card);
            }
        }
    }
    // A card the sheet does not list at all is one too many.
    for card in Card::all() {
        let have = usize::from(piles.count(card));
        if have > 0 && !sheet.cards.iter().any(|r| r.card == card) {
            errors.push(RebuildError::Count {
                card,
                want: 0,
                have,
            });
        }
    }
    if errors.is_empty() {
        Ok(packets)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::deals::algorithm::{SetKey, board};
    use crate::engine::{GameSpec, Variant};

    /// Every card of every deal of a board, each copy once.
    fn all_cards(b: &Board) -> Vec<Card> {
        b.deals
            .iter()
            .flat_map(|d| d.hands.iter().flat_map(CardCounts::cards))
            .collect()
    }

    #[test]
    fn a_board_mixed_at_random_is_rebuilt_by_its_sheet_into_exactly_its_hands() {
        let mut rng = ChaCha8Rng::seed_from_u64(38);
        for variant in [
            Variant::Standard,
            Variant::Duet,
            Variant::CutThroat3,
            Variant::Sheinwold3,
        ] {
            let spec = GameSpec::new(variant);
            for number in 1..=12 {
                let key = SetKey::from_bytes([number as u8; 32]);
                let b = board(&key, number, false, &spec, None).unwrap();
                let s = sheet(&b);
                let mut cards = all_cards(&b);
                assert_eq!(cards.len(), b.stack.len(), "{variant:?} board {number}");
                cards.shuffle(&mut rng);
                let packets = rebuild(&s, cards).unwrap();
                assert_eq!(packets.len(), b.deals.len());
                for (d, deal) in b.deals.iter().enumerate() {
                    assert_eq!(
                        packets[d],
                        deal.hands,
                        "{variant:?} board {number} deal {}",
                        d + 1
                    );
                }
            }
        }
    }

    #[test]
    fn a_card_missing_or_one_too_many_is_named() {
        let spec = GameSpec::new(Variant::Standard);
        let b = board(&SetKey::from_bytes([7; 32]), 3, false, &spec, None).unwrap();
        let s = sheet(&b);
        let mut cards = all_cards(&b);
        let lost = cards.pop().unwrap();
        let errors = rebuild(&s, cards.clone()).unwrap_err();
        assert_eq!(errors.len(), 1);
        let RebuildError::Count { card, want, have } = errors[0].clone();
        assert_eq!((card, want, have + 1), (lost, want, want));
        cards.push(lost);
        cards.push(lost);
        let errors = rebuild(&s, cards).unwrap_err();
        assert!(
            errors[0]
                .to_string()
                .starts_with(&format!("{lost}: the board has"))
        );
    }

    #[test]
    fn the_sheet_lists_suits_as_players_read_them_and_ranks_from_the_ace() {
        let spec = GameSpec::new(Variant::Standard);
        let b = board(&SetKey::from_bytes([1; 32]), 1, false, &spec, None).unwrap();
        let s = sheet(&b);
        // Calypso's board: 52 cards, four copies each, sixteen packets of 13.
        assert_eq!(s.cards.len(), 52);
        assert!(s.cards.iter().all(|r| r.packets.len() == 4));
        assert_eq!(s.cards[0].card, Card::new(Rank::ACE, Suit::Spades));
        assert_eq!(s.cards[51].card, Card::new(Rank::TWO, Suit::Clubs));
        let mut per_packet = std::collections::BTreeMap::new();
        for p in s.cards.iter().flat_map(|r| &r.packets) {
            *per_packet.entry(*p).or_insert(0) += 1;
        }
        assert_eq!(per_packet.len(), 16);
        assert!(per_packet.values().all(|&n| n == 13));
    }
}
