//! A board as data (the `deal` JSON) and as a readable text hand record.

use serde::Serialize;

use super::algorithm::{ALGORITHM, Board, SetKey};
use crate::engine::cards::sort_for_display;
use crate::engine::{Card, CardCounts, GameSpec, Seat, Suit};

/// The published JSON form of one board; field order is part of the output format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardJson {
    pub algorithm: &'static str,
    pub commitment: String,
    pub board: u32,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub reserve: bool,
    pub first_dealer: String,
    pub stack: Vec<String>,
    pub deals: Vec<DealJson>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DealJson {
    pub deal: usize,
    pub dealer: String,
    pub hands: HandsJson,
}

/// Hands by seat letter, in seat order N, E, S, W; seats not in play are left out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[allow(non_snake_case)] // the keys are the seat letters of the published format
pub struct HandsJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub N: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub E: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub S: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub W: Option<Vec<String>>,
}

/// A hand's cards in display order: spades, hearts, diamonds, clubs, high to low.
pub fn sorted_hand(hand: &CardCounts) -> Vec<Card> {
    let mut cards = hand.cards();
    sort_for_display(&mut cards);
    cards
}

fn names(cards: &[Card]) -> Vec<String> {
    cards.iter().map(Card::to_string).collect()
}

pub fn board_json(key: &SetKey, board: &Board, spec: &GameSpec) -> BoardJson {
    let deals = board
        .deals
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let hand = |seat: Seat| {
                (seat.index() < spec.players).then(|| names(&sorted_hand(d.hand(seat))))
            };
            DealJson {
                deal: i + 1,
                dealer: d.dealer.letter().to_string(),
                hands: HandsJson {
                    N: hand(Seat::North),
                    E: hand(Seat::East),
                    S: hand(Seat::South),
                    W: hand(Seat::West),
                },
            }
        })
        .collect();
    BoardJson {
        algorithm: ALGORITHM,
        commitment: key.commitment(),
        board: board.number,
        reserve: board.reserve,
        first_dealer: board.first_dealer.letter().to_string(),
        stack: names(&board.stack),
        deals,
    }
}

/// Display order of suits in hand records.
pub const DISPLAY_SUITS: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

/// The ranks a hand holds in one suit, high to low, copies repeated: "AAK73" (or spaced).
pub fn suit_ranks(hand: &CardCounts, suit: Suit, separator: &str) -> String {
    let ranks: Vec<String> = sorted_hand(hand)
        .into_iter()
        .filter(|c| c.suit() == suit)
        .map(|c| c.rank().char().to_string())
        .collect();
    if ranks.is_empty() {
        "—".to_string()
    } else {
        ranks.join(separator)
    }
}

/// Calypso Duet: the player who receives the board's hand at `seat`, as their suits ("♠♥")
/// and their two hands' seats (secret first).
pub fn duet_player(spec: &GameSpec, seat: Seat) -> Option<(String, [Seat; 2])> {
    let p = spec
        .duet
        .as_ref()?
        .players
        .iter()
        .find(|p| p.dealt().contains(&seat))?;
    let suits: String = p
        .dealt()
        .iter()
        .filter_map(|&s| spec.trumps.of(s).map(|t| t.symbol()))
        .collect();
    Some((suits, p.dealt()))
}

/// Calypso Duet: who receives which two hands, and the choice each makes, as two lines for
/// a hand record.
pub fn duet_hands_lines(spec: &GameSpec) -> Option<[String; 2]> {
    let duet = spec.duet.as_ref()?;
    let players: Vec<String> = duet
        .players
        .iter()
        .map(|p| {
            let [secret, dummy] = p.dealt();
            let suits = duet_player(spec, secret).map(|x| x.0).unwrap_or_default();
            format!(
                "{suits} player: the {} and {} hands",
                secret.name(),
                dummy.name()
            )
        })
        .collect();
    Some([
        format!("Calypso Duet. {}.", players.join(" · ")),
        "Each player chooses which of their two hands is secret and which is the dummy.".into(),
    ])
}

/// How many cards of the seat's own trump suit the hand holds (None for no personal suit).
pub fn own_trumps(spec: &GameSpec, seat: Seat, hand: &CardCounts) -> Option<(Suit, u8)> {
    spec.trumps.of(seat).map(|s| (s, hand.suit_len(s)))
}

/// "North ♠, East ♦, South ♥, West ♣".
pub fn trump_seating(spec: &GameSpec) -> String {
    spec.seats()
        .iter()
        .map(|&s| match spec.trumps.of(s) {
            Some(suit) => format!("{} {}", s.name(), suit.symbol()),
            None => format!("{} (no trump suit)", s.name()),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// "Spades player (North)", or "North" for a seat without a personal suit.
pub fn player_title(spec: &GameSpec, seat: Seat) -> String {
    if let Some((suits, _)) = duet_player(spec, seat) {
        return format!("{suits} player's {} hand", seat.name());
    }
    match spec.trumps.of(seat) {
        Some(suit) => format!("{} player ({})", suit.name(), seat.name()),
        None => seat.name().to_string(),
    }
}

/// A readable hand record of one board.
pub fn board_text(key: &SetKey, board: &Board, spec: &GameSpec) -> String {
    let mut out = String::new();
    let reserve = if board.reserve { " (reserve)" } else { "" };
    out.push_str(&format!(
        "Board {}{reserve}   first dealer {}   {} ({} cards)\n",
        board.number,
        board.first_dealer.name(),
        spec.variant,
        board.stack.len()
    ));
    out.push_str(&format!("Trumps: {}\n", trump_seating(spec)));
    out.push_str(&format!(
        "Algorithm {ALGORITHM}, set commitment {}\n",
        key.commitment()
    ));
    for (i, deal) in board.deals.iter().enumerate() {
        out.push_str(&format!(
            "\nDeal {}, dealer {}\n",
            i + 1,
            deal.dealer.name()
        ));
        for &seat in spec.seats() {
            let hand = deal.hand(seat);
            let suits: Vec<String> = DISPLAY_SUITS
                .iter()
                .filter(|s| spec.deck.has_suit(**s))
                .map(|&s| format!("{} {:<14}", s.symbol(), suit_ranks(hand, s, "")))
                .collect();
            let own = match own_trumps(spec, seat, hand) {
                Some((s, n)) => format!("own trumps {}{n}", s.symbol()),
                None => String::new(),
            };
            out.push_str(&format!(
                "  {:<6} {}  {own}\n",
                seat.name(),
                suits.join(" ").trim_end()
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deals::algorithm::board;
    use crate::engine::Variant;

    #[test]
    fn json_has_the_published_shape() {
        let key = SetKey::from_bytes([0; 32]);
        let spec = GameSpec::default();
        let b = board(&key, 1, false, &spec, None).unwrap();
        let text = serde_json::to_string(&board_json(&key, &b, &spec)).unwrap();
        assert!(
            text.starts_with(
                "{\"algorithm\":\"v1\",\"commitment\":\"66687aad\
                 f862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925\",\"board\":1,\
                 \"first_dealer\":\"N\",\"stack\":[\"4C\",\"5S\",\"6H\""
            ),
            "{text}"
        );
        assert!(!text.contains("reserve"));
        assert!(text.contains(
            "{\"deal\":1,\"dealer\":\"N\",\"hands\":{\"N\":[\"QS\",\"JS\",\"9S\",\"2S\",\"5H\""
        ));
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["stack"].as_array().unwrap().len(), 208);
        assert_eq!(v["deals"].as_array().unwrap().len(), 4);
        assert_eq!(v["deals"][3]["dealer"], "W");
        assert_eq!(v["deals"][2]["hands"]["W"].as_array().unwrap().len(), 13);

        let r = board(&key, 1, true, &spec, None).unwrap();
        let v = serde_json::to_value(board_json(&key, &r, &spec)).unwrap();
        assert_eq!(v["reserve"], true);
    }

    #[test]
    fn three_player_json_leaves_out_west() {
        let key = SetKey::from_bytes([1; 32]);
        let spec = GameSpec::new(Variant::CutThroat3);
        let b = board(&key, 2, false, &spec, None).unwrap();
        let v = serde_json::to_value(board_json(&key, &b, &spec)).unwrap();
        assert_eq!(v["stack"].as_array().unwrap().len(), 117);
        assert!(v["deals"][0]["hands"].get("W").is_none());
        assert_eq!(v["deals"][0]["hands"]["S"].as_array().unwrap().len(), 13);
    }

    #[test]
    fn text_record_shows_the_known_deal() {
        let key = SetKey::from_bytes([0; 32]);
        let spec = GameSpec::default();
        let b = board(&key, 1, false, &spec, None).unwrap();
        let text = board_text(&key, &b, &spec);
        assert!(text.contains("Board 1"), "{text}");
        assert!(text.contains("Trumps: North ♠, East ♦, South ♥, West ♣"));
        // North, deal 1: QS JS 9S 2S 5H KD QD JD 7D 3D 3D 8C 4C; spades are North's trumps.
        assert!(
            text.contains(
                "North  ♠ QJ92           ♥ 5              ♦ KQJ733         ♣ 84  own trumps ♠4"
            ),
            "{text}"
        );
        assert_eq!(text.matches("Deal ").count(), 4);
    }
}
