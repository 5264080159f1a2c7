//! Auction Calypso's JSON shapes: players as `"1"`, `"2"`, `"3"` (objects keyed by them),
//! suits as `S`, calypsos in progress as counts by suit `{"S": 5, "H": 3, "D": 0, "C": 7}`.
//! Cards and their lists are Kaiso's (see [`crate::engine::kaiso::wire`]).

use serde::de::Deserializer;
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use super::spec::{PLAYERS, SEATS, player_from_key, player_key, player_name};
use crate::engine::cards::Suit;
use crate::engine::kaiso::wire::read_keyed_object;

pub(crate) fn place(key: &str) -> Result<(usize, String), String> {
    match player_from_key(key) {
        Some(seat) => Ok((seat.index(), player_name(seat))),
        None => Err(format!(
            "\"{key}\" is not a player (use \"1\", \"2\", \"3\")"
        )),
    }
}

/// Reads an object keyed by player into values by position.
pub(crate) fn read_players<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<[Option<T>; PLAYERS], D::Error> {
    read_keyed_object(d, "an object keyed by player: \"1\", \"2\", \"3\"", place)
}

/// Writes values by position as an object keyed by player, leaving out those without one.
pub(crate) fn write_players<S: Serializer, T: Serialize>(
    s: S,
    items: [Option<T>; PLAYERS],
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(items.iter().flatten().count()))?;
    for (seat, item) in SEATS.iter().zip(items) {
        if let Some(item) = item {
            map.serialize_entry(&player_key(*seat), &item)?;
        }
    }
    map.end()
}

/// A player as `"1"`.
pub mod player {
    use crate::engine::auction::spec::{SEATS, player_key};
    use crate::engine::auction::wire::place;
    use crate::engine::cards::Seat;
    use serde::de::{Deserializer, Error as _};
    use serde::{Deserialize, Serializer};

    pub fn serialize<S: Serializer>(seat: &Seat, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&player_key(*seat))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        let text = String::deserialize(d)?;
        place(&text)
            .map(|(i, _)| SEATS[i])
            .map_err(D::Error::custom)
    }
}

/// A suit as its letter, `S`.
pub mod suit {
    use crate::engine::cards::Suit;
    use serde::de::{Deserializer, Error as _};
    use serde::{Deserialize, Serializer};

    pub fn serialize<S: Serializer>(suit: &Suit, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(suit)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Suit, D::Error> {
        let text = String::deserialize(d)?;
        text.parse::<Suit>().map_err(D::Error::custom)
    }
}

/// The opponents' trumps, left-hand opponent first: `["H", "D"]`.
pub mod opt_trumps {
    use crate::engine::cards::Suit;
    use serde::de::{Deserializer, Error as _};
    use serde::{Deserialize, Serializer};

    pub fn serialize<S: Serializer>(t: &Option<[Suit; 2]>, s: S) -> Result<S::Ok, S::Error> {
        match t {
            Some(t) => s.collect_seq(t.iter().map(Suit::to_string)),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<[Suit; 2]>, D::Error> {
        let Some(texts) = Option::<Vec<String>>::deserialize(d)? else {
            return Ok(None);
        };
        let [a, b] = texts.as_slice() else {
            return Err(D::Error::custom(format!(
                "the opponents' trumps are two suits, left-hand opponent first, not {}",
                texts.len()
            )));
        };
        let suit = |t: &String| t.parse::<Suit>().map_err(D::Error::custom);
        Ok(Some([suit(a)?, suit(b)?]))
    }
}

/// Values by player, `{"1": .., "2": .., "3": ..}`; a player left out has none.
pub mod players {
    use crate::engine::auction::spec::PLAYERS;
    use crate::engine::auction::wire::{read_players, write_players};
    use serde::de::Deserializer;
    use serde::{Deserialize, Serialize, Serializer};

    pub fn serialize<S: Serializer, T: Serialize>(
        values: &[Option<T>; PLAYERS],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        write_players(s, values.each_ref().map(Option::as_ref))
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
    ) -> Result<[Option<T>; PLAYERS], D::Error> {
        read_players(d)
    }
}

/// One value for every player, `{"1": .., "2": .., "3": ..}`; all three are required.
pub mod by_player {
    use crate::engine::auction::spec::PLAYERS;
    use crate::engine::auction::wire::{read_players, write_players};
    use serde::de::{Deserializer, Error as _};
    use serde::{Deserialize, Serialize, Serializer};

    pub fn serialize<S: Serializer, T: Serialize>(
        values: &[T; PLAYERS],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        write_players(s, values.each_ref().map(Some))
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
    ) -> Result<[T; PLAYERS], D::Error> {
        let [a, b, c] = read_players::<D, T>(d)?;
        match (a, b, c) {
            (Some(a), Some(b), Some(c)) => Ok([a, b, c]),
            _ => Err(D::Error::custom(
                "every player, \"1\", \"2\" and \"3\", is needed",
            )),
        }
    }
}

/// Cards by player, `{"1": ["AS", ..], ..}`; a player left out has none.
pub mod player_cards {
    use crate::engine::auction::spec::PLAYERS;
    use crate::engine::auction::wire::{read_players, write_players};
    use crate::engine::cards::Card;
    use crate::engine::kaiso::wire::parse_card_lists;
    use serde::Serializer;
    use serde::de::Deserializer;

    pub fn serialize<S: Serializer>(hands: &[Vec<Card>; PLAYERS], s: S) -> Result<S::Ok, S::Error> {
        let texts = hands
            .each_ref()
            .map(|h| (!h.is_empty()).then(|| h.iter().map(Card::to_string).collect::<Vec<_>>()));
        write_players(s, texts)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Vec<Card>; PLAYERS], D::Error> {
        let texts: [Option<Vec<String>>; PLAYERS] = read_players(d)?;
        parse_card_lists(texts)
    }
}

/// The tricks of a hand, each `{"1": "AS", "2": "3S", "3": "KS"}`.
pub mod player_tricks {
    use crate::engine::auction::spec::PLAYERS;
    use crate::engine::auction::wire::{read_players, write_players};
    use crate::engine::cards::Card;
    use crate::engine::kaiso::wire::parse_card_slots;
    use serde::de::Deserializer;
    use serde::{Deserialize, Serialize, Serializer};

    struct Trick<'a>(&'a [Option<Card>; PLAYERS]);

    impl Serialize for Trick<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            write_players(s, self.0.map(|c| c.map(|c| c.to_string())))
        }
    }

    pub fn serialize<S: Serializer>(
        tricks: &[[Option<Card>; PLAYERS]],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_seq(tricks.iter().map(Trick))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Vec<[Option<Card>; PLAYERS]>, D::Error> {
        struct One([Option<Card>; PLAYERS]);
        impl<'de> Deserialize<'de> for One {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<One, D::Error> {
                let texts: [Option<String>; PLAYERS] = read_players(d)?;
                Ok(One(parse_card_slots(texts)?))
            }
        }
        Ok(Vec::<One>::deserialize(d)?
            .into_iter()
            .map(|o| o.0)
            .collect())
    }
}

/// Cards in a player's four calypsos in progress, by suit: `{"S": 5, "H": 3, "D": 0,
/// "C": 7}` (a suit left out has none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SuitCounts(pub [u8; 4]);

impl SuitCounts {
    pub fn get(&self, suit: Suit) -> u8 {
        self.0[suit.index()]
    }

    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SuitCountsWire {
    #[serde(rename = "S", default)]
    s: u8,
    #[serde(rename = "H", default)]
    h: u8,
    #[serde(rename = "D", default)]
    d: u8,
    #[serde(rename = "C", default)]
    c: u8,
}

impl Serialize for SuitCounts {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let [c, d, h, sp] = self.0;
        SuitCountsWire { s: sp, h, d, c }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for SuitCounts {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SuitCounts, D::Error> {
        let w = SuitCountsWire::deserialize(d)?;
        Ok(SuitCounts([w.c, w.d, w.h, w.s]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Serialize, Deserialize, PartialEq)]
    struct T {
        #[serde(with = "players")]
        p: [Option<SuitCounts>; PLAYERS],
    }

    #[test]
    fn players_and_suit_counts_round_trip() {
        let t: T = serde_json::from_str(r#"{"p": {"2": {"S": 5, "C": 7}}}"#).unwrap();
        assert_eq!(t.p[1], Some(SuitCounts([7, 0, 0, 5])));
        assert_eq!(t.p[0], None);
        let back = serde_json::to_string(&t).unwrap();
        assert_eq!(back, r#"{"p":{"2":{"S":5,"H":0,"D":0,"C":7}}}"#);
        let e = serde_json::from_str::<T>(r#"{"p": {"4": {}}}"#).unwrap_err();
        assert!(e.to_string().contains("\"4\" is not a player"), "{e}");
        let e = serde_json::from_str::<T>(r#"{"p": {"1": {}, "1": {}}}"#).unwrap_err();
        assert!(e.to_string().contains("player 1 is given twice"), "{e}");
    }
}
