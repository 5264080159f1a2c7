//! Cards and suits in words, for a screen reader (#39 item 7: "nine of spades"). Pure text:
//! the seat page names each card button with these words.

use crate::engine::{Card, Rank, Suit};

/// A rank in words: "two" .. "ten", "jack", "queen", "king", "ace".
pub fn rank_words(rank: Rank) -> &'static str {
    const WORDS: [&str; 13] = [
        "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
        "king", "ace",
    ];
    WORDS[rank.index().min(12)]
}

/// A suit in words, plural as a card names it: "spades".
pub fn suit_words(suit: Suit) -> &'static str {
    match suit {
        Suit::Spades => "spades",
        Suit::Hearts => "hearts",
        Suit::Diamonds => "diamonds",
        Suit::Clubs => "clubs",
    }
}

/// A card in words: "nine of spades", "ten of hearts".
pub fn card_words(card: Card) -> String {
    format!("{} of {}", rank_words(card.rank()), suit_words(card.suit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_are_named_as_people_say_them() {
        let named = |s: &str| card_words(s.parse().unwrap());
        assert_eq!(named("9S"), "nine of spades");
        assert_eq!(named("TH"), "ten of hearts");
        assert_eq!(named("AD"), "ace of diamonds");
        assert_eq!(named("2C"), "two of clubs");
        assert_eq!(named("QS"), "queen of spades");
        // Every one of the 52 cards has its own name.
        let mut all: Vec<String> = Card::all().map(card_words).collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 52);
    }
}
