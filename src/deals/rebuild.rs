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

/// The work of putting one board back into its packets, counted by hand movements and by
/// what is read, so two methods can be compared on the same board (docs/deal-algorithm.md,
/// "What rebuilding costs").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RebuildCost {
    /// Cards the board holds.
    pub cards: usize,
    /// Times a card is picked up and put down on a pile.
    pub handled: usize,
    /// Different piles laid out on the table over the whole rebuild (suit piles, rank
    /// piles, packets).
    pub piles: usize,
    /// Entries of the paper read: the sheet's card lines, or curtain cards scanned (a whole
    /// hand each) to find where a card goes.
    pub read: usize,
}

/// The work of rebuilding by the sheet: every card handled three times (to its suit's pile,
/// to its rank's pile, to its packet), one sheet line read per card (each rank's pile is
/// taken whole, its line read once for all its copies), and the suit piles, rank piles and
/// packets laid out.
pub fn cost_by_sheet(sheet: &RebuildSheet) -> RebuildCost {
    let cards: usize = sheet.cards.iter().map(|r| r.packets.len()).sum();
    let suits = SUITS
        .iter()
        .filter(|&&s| sheet.cards.iter().any(|r| r.card.suit() == s))
        .count();
    RebuildCost {
        cards,
        handled: 3 * cards,
        piles: suits + sheet.cards.len() + packets_of(sheet).len(),
        read: sheet.cards.len(),
    }
}

/// The work of filling the packets from the curtain cards alone: each card taken from the
/// mixed heap goes straight to its packet, found by scanning the curtain cards in their
/// printed order (deal by deal, seats in order) until one lists the card and its packet
/// still lacks a copy of it. A copy's scan stops at the first such packet, so the copies of
/// a card end up in its packets in scan order whatever order the cards come in, and the
/// scans add up to the same total for every shuffle.
pub fn cost_by_curtain_cards(sheet: &RebuildSheet) -> RebuildCost {
    let order = packets_of(sheet);
    let position = |p: &Packet| order.binary_search(p).map_or(order.len(), |i| i + 1);
    let cards: usize = sheet.cards.iter().map(|r| r.packets.len()).sum();
    RebuildCost {
        cards,
        handled: cards,
        piles: order.len(),
        read: sheet
            .cards
            .iter()
            .flat_map(|r| &r.packets)
            .map(position)
            .sum(),
    }
}

/// The same scan, followed card by card for cards taken in the given order: how many curtain
/// cards are read in all (for a test of the total above). None when a card has no packet
/// left.
pub fn curtain_scans(sheet: &RebuildSheet, cards: &[Card]) -> Option<usize> {
    let order = packets_of(sheet);
    // Copies each packet still lacks, card by card.
    let mut lacking: Vec<(Packet, Card, usize)> = Vec::new();
    for r in &sheet.cards {
        for p in &r.packets {
            match lacking.iter_mut().find(|(q, c, _)| q == p && *c == r.card) {
                Some(entry) => entry.2 += 1,
                None => lacking.push((*p, r.card, 1)),
            }
        }
    }
    let mut read = 0;
    for &card in cards {
        let mut found = false;
        for p in &order {
            read += 1;
            if let Some(entry) = lacking
                .iter_mut()
                .find(|(q, c, n)| q == p && *c == card && *n > 0)
            {
                entry.2 -= 1;
                found = true;
                break;
            }
        }
        if !found {
            return None;
        }
    }
    Some(read)
}

/// Every packet of the sheet, in deal then seat order (the curtain cards' printed order).
pub fn packets_of(sheet: &RebuildSheet) -> Vec<Packet> {
    let mut all: Vec<Packet> = sheet
        .cards
        .iter()
        .flat_map(|r| r.packets.iter().copied())
        .collect();
    all.sort();
    all.dedup();
    all
}

/// How many cards each packet holds, in deal then seat order.
pub fn packet_counts(sheet: &RebuildSheet) -> Vec<(Packet, usize)> {
    let mut counts: Vec<(Packet, usize)> = packets_of(sheet).into_iter().map(|p| (p, 0)).collect();
    for p in sheet.cards.iter().flat_map(|r| &r.packets) {
        if let Ok(i) = counts.binary_search_by(|(q, _)| q.cmp(p)) {
            counts[i].1 += 1;
        }
    }
    counts
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

    fn variant_boards() -> Vec<(Variant, Board)> {
        let mut out = Vec::new();
        for variant in [
            Variant::Standard,
            Variant::Duet,
            Variant::CutThroat3,
            Variant::Sheinwold3,
        ] {
            let spec = GameSpec::new(variant);
            for number in 1..=4 {
                let key = SetKey::from_bytes([number as u8 + 38; 32]);
                out.push((variant, board(&key, number, false, &spec, None).unwrap()));
            }
        }
        out
    }

    /// The curtain-card total is worked out without following the cards; following them one
    /// by one, in several random orders, must read exactly as many curtain cards.
    #[test]
    fn the_curtain_card_scan_total_is_the_same_for_every_order_of_the_cards() {
        let mut rng = ChaCha8Rng::seed_from_u64(3838);
        for (variant, b) in variant_boards() {
            let s = sheet(&b);
            let cost = cost_by_curtain_cards(&s);
            let mut cards = all_cards(&b);
            for _ in 0..5 {
                cards.shuffle(&mut rng);
                assert_eq!(
                    curtain_scans(&s, &cards),
                    Some(cost.read),
                    "{variant:?} board {}",
                    b.number
                );
            }
            // One card too many finds no packet.
            cards.push(cards[0]);
            assert_eq!(curtain_scans(&s, &cards), None, "{variant:?}");
        }
    }

    /// The model counts the real board: Calypso's 208 cards in 16 packets of 13, each card
    /// handled three times by the sheet against once from the curtain cards, 52 sheet lines
    /// against thousands of curtain cards scanned.
    #[test]
    fn rebuilding_by_the_sheet_reads_a_line_per_card_instead_of_scanning_curtain_cards() {
        for (variant, b) in variant_boards() {
            let s = sheet(&b);
            let by_sheet = cost_by_sheet(&s);
            let by_curtains = cost_by_curtain_cards(&s);
            let cards = b.stack.len();
            let packets = b.deals.len() * GameSpec::new(variant).seats().len();
            assert_eq!(by_sheet.cards, cards, "{variant:?}");
            assert_eq!(by_curtains.cards, cards, "{variant:?}");
            assert_eq!(by_sheet.handled, 3 * cards, "{variant:?}");
            assert_eq!(by_curtains.handled, cards, "{variant:?}");
            assert_eq!(by_curtains.piles, packets, "{variant:?}");
            assert_eq!(by_sheet.read, s.cards.len(), "{variant:?}");
            assert_eq!(packet_counts(&s).len(), packets, "{variant:?}");
            assert_eq!(
                packet_counts(&s).iter().map(|c| c.1).sum::<usize>(),
                cards,
                "{variant:?}"
            );
            // Each copy's scan reads at least its own curtain card, and on average about
            // half of them.
            assert!(by_curtains.read >= cards, "{variant:?}");
            assert!(
                by_curtains.read > 5 * by_sheet.read,
                "{variant:?}: {by_curtains:?}"
            );
        }
        let spec = GameSpec::new(Variant::Standard);
        let b = board(&SetKey::from_bytes([1; 32]), 1, false, &spec, None).unwrap();
        let s = sheet(&b);
        let by_sheet = cost_by_sheet(&s);
        assert_eq!(
            (
                by_sheet.cards,
                by_sheet.handled,
                by_sheet.piles,
                by_sheet.read
            ),
            (208, 624, 4 + 52 + 16, 52)
        );
        // Each copy's scan ends at its packet, so the scans add up to each packet's place in
        // the printed order times its cards: every packet holds 13, so on every board
        // 13 × (1 + 2 + ... + 16) = 1768 curtain cards, 8.5 for each card on average.
        let by_curtains = cost_by_curtain_cards(&s);
        assert_eq!((by_curtains.handled, by_curtains.piles), (208, 16));
        assert_eq!(by_curtains.read, 13 * (1..=16).sum::<usize>());
    }
}
