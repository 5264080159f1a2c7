//! A table's problems in the players' words: the engine's problems with a counts report
//! (whole game or deal by deal) as a table's page shows them. The engine's codes, seats,
//! sides and deals are kept; only the words and the order change.

use super::seats::{side_called, side_letters};
use crate::engine::{GameSpec, Problem};

/// Problems with a counts report (whole game or deal by deal) as a table's page shows them,
/// in the players' words: cards as 9♠ (not 9S), sides as their seats and trumps (N-S ♠♥, not
/// N-S or NS); the line most likely wrong first (a count of completed calypsos the deal cannot
/// hold comes before the cards it makes look wrong, and the totals come last); and one note
/// per player for calypsos the deal cannot hold (the engine names every rank short of them).
/// The codes, seats, sides and deals are the engine's.
pub fn players_words(spec: &GameSpec, problems: &[Problem]) -> Vec<Problem> {
    let rank = |p: &Problem| match p.code {
        "too-many-calypsos" | "player-bound" | "calypso-not-possible" => 0,
        "card-count" if p.side.is_none() => 2,
        "side-count" => 2,
        _ => 1,
    };
    let counted = |p: &Problem| {
        problems.iter().any(|q| {
            matches!(q.code, "too-many-calypsos" | "player-bound")
                && (q.deal, q.seat) == (p.deal, p.seat)
        })
    };
    let mut seen = Vec::new();
    let mut out: Vec<Problem> = problems
        .iter()
        .filter(|p| {
            if p.code != "calypso-not-possible" {
                return true;
            }
            if counted(p) || seen.contains(&(p.deal, p.seat)) {
                return false;
            }
            seen.push((p.deal, p.seat));
            true
        })
        .map(|p| Problem {
            message: reworded(spec, &p.message),
            ..p.clone()
        })
        .collect();
    out.sort_by_key(rank);
    out
}

/// A message with its cards as 9♠ and its sides as N-S ♠♥.
fn reworded(spec: &GameSpec, message: &str) -> String {
    let sides: Vec<(String, String, String)> = (0..spec.sides())
        .filter(|&side| spec.side_seats(side).len() > 1)
        .map(|side| {
            let called = side_called(spec, side);
            (side_letters(spec, side), spec.side_name(side), called)
        })
        .collect();
    let mut out = String::with_capacity(message.len() + 16);
    let mut rest = message;
    while !rest.is_empty() {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (word, after) = rest.split_at(end);
        let space = after.len() - after.trim_start().len();
        let (gap, next) = after.split_at(space);
        out.push_str(&reworded_word(&sides, word, next));
        out.push_str(gap);
        rest = next;
    }
    out
}

fn reworded_word(sides: &[(String, String, String)], word: &str, next: &str) -> String {
    let lead = word.len() - word.trim_start_matches(['(', '"', '\'']).len();
    let core_end = word
        .char_indices()
        .skip_while(|&(i, _)| i < lead)
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '-'))
        .map_or(word.len(), |(i, _)| i);
    let (head, core, tail) = (&word[..lead], &word[lead..core_end], &word[core_end..]);
    if let Some(card) = card_in_words(core) {
        return format!("{head}{card}{tail}");
    }
    for (letters, name, called) in sides {
        // Already named with its trumps ("N-S ♠♥"): as it is.
        let named = tail.is_empty()
            && called
                .strip_prefix(letters.as_str())
                .is_some_and(|t| next.starts_with(t.trim()));
        if (core == letters || core == name) && !named {
            return format!("{head}{called}{tail}");
        }
    }
    word.to_string()
}

/// A card as players read it: "JS" as "J♠", "TD" as "10♦"; anything else as it is.
pub fn card_words(code: &str) -> String {
    card_in_words(code).unwrap_or_else(|| code.to_string())
}

/// "9S" as "9♠", "TD" or "10D" as "10♦"; anything else is no card.
fn card_in_words(word: &str) -> Option<String> {
    let (rank, suit) = word.split_at(word.len().checked_sub(1)?);
    let symbol = match suit {
        "S" => '♠',
        "H" => '♥',
        "D" => '♦',
        "C" => '♣',
        _ => return None,
    };
    let rank = match rank {
        "T" | "10" => "10",
        "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "J" | "Q" | "K" | "A" => rank,
        _ => return None,
    };
    Some(format!("{rank}{symbol}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{TrickRule, Variant};

    #[test]
    fn a_card_code_reads_with_its_suit_symbol() {
        assert_eq!(card_words("JS"), "J♠");
        assert_eq!(card_words("TD"), "10♦");
        assert_eq!(card_words("zz"), "zz");
    }

    #[test]
    fn cards_and_sides_are_named_as_players_know_them() {
        let spec = GameSpec::build(Variant::Standard, TrickRule::Standard, None).unwrap();
        assert_eq!(
            reworded(
                &spec,
                "after deal 2: TS left North's calypso in progress (9S, 10D)"
            ),
            "after deal 2: 10♠ left North's calypso in progress (9♠, 10♦)"
        );
        assert_eq!(
            reworded(
                &spec,
                "N-S's trick pile; EW's trick pile is empty: count it"
            ),
            "N-S ♠♥'s trick pile; E-W ♦♣'s trick pile is empty: count it"
        );
        // Already named, or words that are no card: as they are.
        assert_eq!(reworded(&spec, "N-S ♠♥ AS as A"), "N-S ♠♥ A♠ as A");
    }
}
