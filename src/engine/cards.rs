//! Cards, suits, ranks, seats and their text notation.
//!
//! A card is a rank and a suit; the quad-deck holds four copies of each, so collections of
//! cards are multisets ([`CardCounts`]), never sets.

use std::fmt;
use std::str::FromStr;

/// Suits in the canonical deck order (C, D, H, S). Suits carry no order in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Clubs = 0,
    Diamonds = 1,
    Hearts = 2,
    Spades = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Suit {
        Suit::ALL[i & 3]
    }

    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    pub const fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "Clubs",
            Suit::Diamonds => "Diamonds",
            Suit::Hearts => "Hearts",
            Suit::Spades => "Spades",
        }
    }

    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    /// Reads a suit letter (any case) or symbol.
    pub fn from_char(c: char) -> Option<Suit> {
        Some(match c {
            'C' | 'c' | '♣' | '♧' => Suit::Clubs,
            'D' | 'd' | '♦' | '♢' => Suit::Diamonds,
            'H' | 'h' | '♥' | '♡' => Suit::Hearts,
            'S' | 's' | '♠' | '♤' => Suit::Spades,
            _ => return None,
        })
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Suit {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Suit, NotationError> {
        let mut chars = s.trim().chars();
        match (chars.next().and_then(Suit::from_char), chars.next()) {
            (Some(suit), None) => Ok(suit),
            _ => Err(NotationError::new(s, "a suit is one of S H D C or ♠ ♥ ♦ ♣")),
        }
    }
}

/// Rank 2..A, stored as 0..=12 (2 is 0, Ace is 12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    pub const TWO: Rank = Rank(0);
    pub const ACE: Rank = Rank(12);
    const CHARS: [char; 13] = [
        '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
    ];

    /// Rank from its index 0..=12 (2..A).
    pub const fn from_index(i: usize) -> Option<Rank> {
        if i < 13 { Some(Rank(i as u8)) } else { None }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub fn all() -> impl DoubleEndedIterator<Item = Rank> + Clone {
        Rank::ALL.into_iter()
    }

    /// Every rank, 2 to ace.
    pub const ALL: [Rank; 13] = [
        Rank(0),
        Rank(1),
        Rank(2),
        Rank(3),
        Rank(4),
        Rank(5),
        Rank(6),
        Rank(7),
        Rank(8),
        Rank(9),
        Rank(10),
        Rank(11),
        Rank(12),
    ];

    pub const fn char(self) -> char {
        Rank::CHARS[self.0 as usize]
    }

    fn parse(s: &str) -> Option<Rank> {
        let up = s.to_ascii_uppercase();
        let i = match up.as_str() {
            "10" => 8,
            _ if up.chars().count() == 1 => {
                let c = up.chars().next()?;
                Rank::CHARS.iter().position(|&r| r == c)?
            }
            _ => return None,
        };
        Some(Rank(i as u8))
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// One card: rank and suit. `index()` is its place in one canonical 52-card pack
/// (suit C, D, H, S, then rank 2..A), the order the deal algorithm uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank.0)
    }

    pub const fn from_index(i: usize) -> Option<Card> {
        if i < 52 { Some(Card(i as u8)) } else { None }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn suit(self) -> Suit {
        Suit::from_index((self.0 / 13) as usize)
    }

    pub const fn rank(self) -> Rank {
        Rank(self.0 % 13)
    }

    /// The card's bit in a set of distinct cards as a `u64`: suit s at bits 16s.., rank r
    /// at bit r of its suit, so bit order is suit then rank, as [`Card::all`].
    pub(crate) const fn bit(self) -> u64 {
        1 << ((self.0 / 13) * 16 + self.0 % 13)
    }

    /// The card of bit `b` of such a set.
    const fn of_bit(b: u32) -> Card {
        Card((b / 16 * 13 + b % 16) as u8)
    }

    /// The cards of the set `bits` into `out` from `n` on, low to high; the new end.
    pub(crate) fn bits_into(mut bits: u64, out: &mut [Card; 52], mut n: usize) -> usize {
        while bits != 0 {
            if let Some(slot) = out.get_mut(n) {
                *slot = Card::of_bit(bits.trailing_zeros());
            }
            n += 1;
            bits &= bits - 1;
        }
        n
    }

    /// Card `k` (from 0) of the set `bits`, low to high, as [`Card::bits_into`] lists them;
    /// `k` is less than their number.
    pub(crate) fn nth_of_bits(mut bits: u64, k: u32) -> Card {
        for _ in 0..k {
            bits &= bits - 1;
        }
        Card::of_bit(bits.trailing_zeros())
    }

    /// All 52 distinct cards in canonical order.
    pub fn all() -> impl DoubleEndedIterator<Item = Card> + Clone {
        (0..52u8).map(Card)
    }

    /// The card with the suit symbol, for people: `A♠`.
    pub fn pretty(self) -> String {
        format!("{}{}", self.rank().char(), self.suit().symbol())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().char(), self.suit().letter())
    }
}

impl FromStr for Card {
    type Err = NotationError;

    /// Accepts `AS`, `as`, `10D`, `TD`, `A♠`; always prints the canonical `AS`.
    fn from_str(token: &str) -> Result<Card, NotationError> {
        let t = token.trim();
        let Some(last) = t.chars().last() else {
            return Err(NotationError::new(token, "empty card"));
        };
        let Some(suit) = Suit::from_char(last) else {
            return Err(NotationError::new(
                token,
                "a card ends with its suit: S H D C or ♠ ♥ ♦ ♣",
            ));
        };
        let rank_text = &t[..t.len() - last.len_utf8()];
        let Some(rank) = Rank::parse(rank_text) else {
            return Err(NotationError::new(
                token,
                "a card starts with its rank: 2-9, T (or 10), J, Q, K, A",
            ));
        };
        Ok(Card::new(rank, suit))
    }
}

/// A token that is not a card, suit or seat, with the token itself and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    pub token: String,
    pub expected: &'static str,
}

impl NotationError {
    fn new(token: &str, expected: &'static str) -> NotationError {
        NotationError {
            token: token.to_string(),
            expected,
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\" is not valid: {}", self.token, self.expected)
    }
}

impl std::error::Error for NotationError {}

/// Parses cards separated by spaces or commas: `"AS TD 10h 2♣"`.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, NotationError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(str::parse)
        .collect()
}

/// The four seats, clockwise. Play and the deal pass to the left, N -> E -> S -> W.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    North = 0,
    East = 1,
    South = 2,
    West = 3,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Seat {
        Seat::ALL[i & 3]
    }

    pub const fn letter(self) -> char {
        match self {
            Seat::North => 'N',
            Seat::East => 'E',
            Seat::South => 'S',
            Seat::West => 'W',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Seat::North => "North",
            Seat::East => "East",
            Seat::South => "South",
            Seat::West => "West",
        }
    }

    /// The seat on the left (the next to play) at a table of `players` seats.
    pub const fn left(self, players: usize) -> Seat {
        Seat::from_index((self as usize + 1) % players)
    }

    /// The seat `n` places to the left at a table of `players` seats.
    pub const fn left_by(self, n: usize, players: usize) -> Seat {
        Seat::from_index((self as usize + n) % players)
    }

    /// The partner opposite at a four-seat table.
    pub const fn partner(self) -> Seat {
        Seat::from_index(self as usize + 2)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Seat {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Seat, NotationError> {
        match s.trim().to_ascii_uppercase().as_str() {
            "N" | "NORTH" => Ok(Seat::North),
            "E" | "EAST" => Ok(Seat::East),
            "S" | "SOUTH" => Ok(Seat::South),
            "W" | "WEST" => Ok(Seat::West),
            _ => Err(NotationError::new(s, "a seat is one of N E S W")),
        }
    }
}

/// A multiset of cards: how many copies of each of the 52 cards. Used for hands and decks.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardCounts {
    counts: [u8; 52],
    suit_len: [u8; 4],
    total: u16,
}

impl Default for CardCounts {
    fn default() -> Self {
        CardCounts {
            counts: [0; 52],
            suit_len: [0; 4],
            total: 0,
        }
    }
}

impl CardCounts {
    pub fn new() -> CardCounts {
        CardCounts::default()
    }

    /// Counts a list of cards. Saturates at 255 copies of a card, so an absurd list from a
    /// file is reported by the caller's hand-size check rather than overflowing.
    pub fn from_cards<'a>(cards: impl IntoIterator<Item = &'a Card>) -> CardCounts {
        let mut c = CardCounts::new();
        for &card in cards {
            c.counts[card.index()] = c.counts[card.index()].saturating_add(1);
        }
        c.recount();
        c
    }

    /// Cards dealt one at a time round a table of `players` seats, the first to seat index
    /// `first`: the hands, indexed by seat (empty for seats not in play). For dealing a
    /// board's stack, so no hand gets near 255 copies of a card.
    pub(crate) fn deal_round(cards: &[Card], first: usize, players: usize) -> [CardCounts; 4] {
        let mut hands = [CardCounts::new(); 4];
        let players = players.clamp(1, 4);
        // Card k of each round goes to order[k]: no running seat carried from card to card.
        let order: [usize; 4] = std::array::from_fn(|k| (first + k) % players);
        let mut rounds = cards.chunks_exact(players);
        for round in &mut rounds {
            for (&seat, &card) in order.iter().zip(round) {
                hands[seat].add(card);
            }
        }
        for (&seat, &card) in order.iter().zip(rounds.remainder()) {
            hands[seat].add(card);
        }
        hands
    }

    /// Suit lengths and the total from the per-card counts, the suit sums saturating like
    /// the counts.
    fn recount(&mut self) {
        let (suits, _) = self.counts.as_chunks::<13>();
        for (len, suit) in self.suit_len.iter_mut().zip(suits) {
            *len = suit.iter().fold(0u8, |sum, &n| sum.saturating_add(n));
        }
        self.total = self.suit_len.iter().map(|&n| u16::from(n)).sum();
    }

    pub fn add(&mut self, card: Card) {
        self.counts[card.index()] += 1;
        self.suit_len[card.suit().index()] += 1;
        self.total += 1;
    }

    /// Adds every copy held in `other`.
    pub fn add_all(&mut self, other: &CardCounts) {
        for (a, b) in self.counts.iter_mut().zip(other.counts.iter()) {
            *a += b;
        }
        for (a, b) in self.suit_len.iter_mut().zip(other.suit_len.iter()) {
            *a += b;
        }
        self.total += other.total;
    }

    /// The first card held more often here than in `limit`.
    pub fn first_excess(&self, limit: &CardCounts) -> Option<Card> {
        Card::all().find(|c| self.count(*c) > limit.count(*c))
    }

    /// Takes one copy out; false (and nothing changed) if there is none.
    pub fn remove(&mut self, card: Card) -> bool {
        let n = &mut self.counts[card.index()];
        if *n == 0 {
            return false;
        }
        *n -= 1;
        self.suit_len[card.suit().index()] -= 1;
        self.total -= 1;
        true
    }

    pub fn count(&self, card: Card) -> u8 {
        self.counts[card.index()]
    }

    pub fn contains(&self, card: Card) -> bool {
        self.counts[card.index()] > 0
    }

    pub fn suit_len(&self, suit: Suit) -> u8 {
        self.suit_len[suit.index()]
    }

    pub fn has_suit(&self, suit: Suit) -> bool {
        self.suit_len[suit.index()] > 0
    }

    pub fn len(&self) -> usize {
        self.total as usize
    }

    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// Every copy, sorted by suit then rank, low to high.
    pub fn cards(&self) -> Vec<Card> {
        let mut v = Vec::with_capacity(self.len());
        for card in Card::all() {
            for _ in 0..self.count(card) {
                v.push(card);
            }
        }
        v
    }

    /// The distinct cards of `suit` into `out` from `n` on, low to high; returns the new end.
    /// `n` is at most 13 for each suit before this one (as when filling suit by suit), so
    /// the 13 slots from `n` are inside `out`: every rank is written, and kept when held.
    pub fn distinct_in_suit_into(&self, suit: Suit, out: &mut [Card; 52], mut n: usize) -> usize {
        let base = suit.index() * 13;
        for (i, &count) in self.counts[base..base + 13].iter().enumerate() {
            if let Some(slot) = out.get_mut(n) {
                *slot = Card((base + i) as u8);
            }
            n += usize::from(count > 0);
        }
        n
    }

    /// The distinct cards held, as a set of [`Card::bit`]s.
    pub(crate) fn held_bits(&self) -> u64 {
        let (suits, _) = self.counts.as_chunks::<13>();
        let mut bits = 0;
        for (s, suit) in suits.iter().enumerate() {
            for (r, &n) in suit.iter().enumerate() {
                bits |= u64::from(n > 0) << (s * 16 + r);
            }
        }
        bits
    }

    /// Distinct cards held in one suit, low to high.
    pub fn distinct_in_suit(&self, suit: Suit) -> impl Iterator<Item = Card> + '_ {
        let base = suit.index() * 13;
        (base..base + 13)
            .filter(|&i| self.counts[i] > 0)
            .filter_map(Card::from_index)
    }
}

impl fmt::Debug for CardCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cards: Vec<String> = self.cards().iter().map(Card::to_string).collect();
        write!(f, "[{}]", cards.join(" "))
    }
}

/// Canonical hand order for printing: spades, hearts, diamonds, clubs, each high to low.
pub fn sort_for_display(cards: &mut [Card]) {
    cards.sort_by(|a, b| {
        b.suit()
            .cmp(&a.suit())
            .then_with(|| b.rank().cmp(&a.rank()))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_notation_round_trips_for_all_52() {
        for card in Card::all() {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
    }

    #[test]
    fn accepts_ten_lower_case_and_symbols() {
        let ten_d = Card::new(Rank::from_index(8).unwrap(), Suit::Diamonds);
        assert_eq!("10D".parse::<Card>(), Ok(ten_d));
        assert_eq!("td".parse::<Card>(), Ok(ten_d));
        assert_eq!("10♦".parse::<Card>(), Ok(ten_d));
        assert_eq!("A♠".parse::<Card>().unwrap().to_string(), "AS");
        assert_eq!("2c".parse::<Card>().unwrap().to_string(), "2C");
        assert_eq!("q♥".parse::<Card>().unwrap().to_string(), "QH");
    }

    #[test]
    fn bad_card_names_the_token() {
        for bad in ["", "1S", "ZS", "AX", "11D", "A", "S", "AS S"] {
            let err = bad.parse::<Card>().unwrap_err();
            assert_eq!(err.token, bad);
            assert!(err.to_string().contains(&format!("\"{bad}\"")));
        }
        let err = parse_cards("AS KX 2C").unwrap_err();
        assert_eq!(err.token, "KX");
    }

    #[test]
    fn canonical_index_is_suit_major_clubs_first() {
        assert_eq!("2C".parse::<Card>().unwrap().index(), 0);
        assert_eq!("AC".parse::<Card>().unwrap().index(), 12);
        assert_eq!("2D".parse::<Card>().unwrap().index(), 13);
        assert_eq!("AS".parse::<Card>().unwrap().index(), 51);
    }

    #[test]
    fn seats_go_clockwise_and_partners_sit_opposite() {
        assert_eq!(Seat::North.left(4), Seat::East);
        assert_eq!(Seat::West.left(4), Seat::North);
        assert_eq!(Seat::South.left(3), Seat::North);
        assert_eq!(Seat::East.partner(), Seat::West);
        assert_eq!("w".parse::<Seat>(), Ok(Seat::West));
        assert!("X".parse::<Seat>().is_err());
    }

    #[test]
    fn counting_an_absurd_list_saturates_instead_of_overflowing() {
        // 300 copies of one card from a file: the count stops at 255 and the hand-size check
        // downstream reports it; counting must not overflow (a panic in debug builds).
        let ace = Card::new(Rank::ACE, Suit::Spades);
        let c = CardCounts::from_cards(&vec![ace; 300]);
        assert_eq!(c.count(ace), 255);
        assert_eq!(c.len(), 255);
        assert_eq!(c.suit_len(Suit::Spades), 255);
    }

    #[test]
    fn card_counts_are_a_multiset() {
        let ace: Card = "AS".parse().unwrap();
        let mut c = CardCounts::new();
        c.add(ace);
        c.add(ace);
        assert_eq!(c.count(ace), 2);
        assert_eq!(c.suit_len(Suit::Spades), 2);
        assert!(c.remove(ace));
        assert!(c.remove(ace));
        assert!(!c.remove(ace));
        assert!(c.is_empty());
    }
}
