//! Kaiso's JSON shapes for the engine's own types, kept inside this module: cards as `5H`,
//! suits as `S`, ranks as `T`, seat-keyed objects as `{"N": ..., "E": ...}`. Used through
//! `#[serde(with = "...")]` on the record, summary and outcome fields.

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};

use crate::engine::cards::{Card, Seat};

pub(crate) fn parse_card<E: de::Error>(s: &str) -> Result<Card, E> {
    s.parse::<Card>().map_err(E::custom)
}

/// Card texts by place (seat or player) parsed; a place left out has none.
pub(crate) fn parse_card_slots<E: de::Error, const N: usize>(
    texts: [Option<String>; N],
) -> Result<[Option<Card>; N], E> {
    let mut out = [None; N];
    for (slot, t) in out.iter_mut().zip(texts) {
        *slot = t.map(|t| parse_card(&t)).transpose()?;
    }
    Ok(out)
}

/// Lists of card texts by place (seat or player) parsed; a place left out has no cards.
pub(crate) fn parse_card_lists<E: de::Error, const N: usize>(
    texts: [Option<Vec<String>>; N],
) -> Result<[Vec<Card>; N], E> {
    let mut out: [Vec<Card>; N] = std::array::from_fn(|_| Vec::new());
    for (slot, hand) in out.iter_mut().zip(texts) {
        for t in hand.unwrap_or_default() {
            slot.push(parse_card(&t)?);
        }
    }
    Ok(out)
}

/// One card as its notation, `5H`.
pub mod card {
    use crate::engine::cards::Card;
    use crate::engine::kaiso::wire::parse_card;
    use serde::de::Deserializer;
    use serde::{Deserialize, Serializer};

    pub fn serialize<S: Serializer>(card: &Card, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(card)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let text = String::deserialize(d)?;
        parse_card(&text)
    }
}

/// A list of cards, `["5H", "TD"]`.
pub mod cards {
    use crate::engine::cards::Card;
    use crate::engine::kaiso::wire::parse_card;
    use serde::de::Deserializer;
    use serde::{Deserialize, Serializer};

    pub fn serialize<S: Serializer>(cards: &[Card], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(cards.iter().map(Card::to_string))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Card>, D::Error> {
        let texts = Vec::<String>::deserialize(d)?;
        texts.iter().map(|t| parse_card(t)).collect()
    }
}

/// An optional seat as its letter.
pub mod opt_seat {
    use crate::engine::cards::Seat;
    use serde::de::{self, Deserializer};
    use serde::{Deserialize, Serializer};

    pub fn serialize<S: Serializer>(seat: &Option<Seat>, s: S) -> Result<S::Ok, S::Error> {
        match seat {
            Some(seat) => s.collect_str(seat),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Seat>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|t| t.parse::<Seat>().map_err(de::Error::custom))
            .transpose()
    }
}

/// An optional suit as its letter, `S`.
pub mod opt_suit {
    use crate::engine::cards::Suit;
    use serde::de::{self, Deserializer};
    use serde::{Deserialize, Serializer};

    pub fn serialize<S: Serializer>(suit: &Option<Suit>, s: S) -> Result<S::Ok, S::Error> {
        match suit {
            Some(suit) => s.collect_str(suit),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Suit>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|t| t.parse::<Suit>().map_err(de::Error::custom))
            .transpose()
    }
}

/// An optional rank as its character, `T` (`10` accepted).
pub mod opt_rank {
    use crate::engine::cards::{Card, Rank};
    use serde::de::{self, Deserializer};
    use serde::{Deserialize, Serializer};

    pub fn serialize<S: Serializer>(rank: &Option<Rank>, s: S) -> Result<S::Ok, S::Error> {
        match rank {
            Some(rank) => s.collect_str(rank),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Rank>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|t| {
                // A rank is read as the rank of a card of any suit.
                format!("{}S", t.trim())
                    .parse::<Card>()
                    .map(Card::rank)
                    .map_err(|_| {
                        de::Error::custom(format!(
                            "\"{t}\" is not a rank: use 2-9, T (or 10), J, Q, K, A"
                        ))
                    })
            })
            .transpose()
    }
}

/// Serialises values indexed by seat as an object keyed by seat letter, leaving out the
/// seats without one.
pub(crate) fn seat_object<S: Serializer, T: Serialize>(
    s: S,
    items: [Option<T>; 4],
) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(items.iter().flatten().count()))?;
    for (seat, item) in Seat::ALL.iter().zip(items) {
        if let Some(item) = item {
            map.serialize_entry(&seat.letter().to_string(), &item)?;
        }
    }
    map.end()
}

/// Reads an object keyed by seat letters into values by seat; unknown and repeated seats
/// are errors (a repeated key would otherwise hide a card).
pub(crate) fn read_seat_object<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<[Option<T>; 4], D::Error> {
    read_keyed_object(d, "an object keyed by seat: N, E, S, W", |key| {
        match key.parse::<Seat>() {
            Ok(seat) => Ok((seat.index(), format!("seat {seat}"))),
            Err(_) => Err(format!("\"{key}\" is not a seat (use N, E, S, W)")),
        }
    })
}

/// Reads an object whose keys name places `0..N` (seats, players) into values by place;
/// `place` gives a key's index and its name in messages ("seat N"), or why it is no key. Unknown and
/// repeated keys are errors.
pub(crate) fn read_keyed_object<'de, D: Deserializer<'de>, T: Deserialize<'de>, const N: usize>(
    d: D,
    expecting: &'static str,
    place: fn(&str) -> Result<(usize, String), String>,
) -> Result<[Option<T>; N], D::Error> {
    struct V<T, const N: usize> {
        expecting: &'static str,
        place: fn(&str) -> Result<(usize, String), String>,
        items: std::marker::PhantomData<T>,
    }
    impl<'de, T: Deserialize<'de>, const N: usize> Visitor<'de> for V<T, N> {
        type Value = [Option<T>; N];
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str(self.expecting)
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out: [Option<T>; N] = std::array::from_fn(|_| None);
            while let Some(key) = map.next_key::<String>()? {
                let (i, name) = (self.place)(&key).map_err(de::Error::custom)?;
                if out[i].is_some() {
                    return Err(de::Error::custom(format!("{name} is given twice")));
                }
                out[i] = Some(map.next_value()?);
            }
            Ok(out)
        }
    }
    d.deserialize_map(V {
        expecting,
        place,
        items: std::marker::PhantomData,
    })
}

/// The hands of a deal, `{"N": ["AS", ...], ...}`; a seat left out has no cards.
pub mod seat_hands {
    use crate::engine::cards::Card;
    use crate::engine::kaiso::wire::{parse_card_lists, read_seat_object, seat_object};
    use serde::Serializer;
    use serde::de::Deserializer;

    pub fn serialize<S: Serializer>(hands: &[Vec<Card>; 4], s: S) -> Result<S::Ok, S::Error> {
        let texts = hands
            .each_ref()
            .map(|h| (!h.is_empty()).then(|| h.iter().map(Card::to_string).collect::<Vec<_>>()));
        seat_object(s, texts)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Vec<Card>; 4], D::Error> {
        let texts: [Option<Vec<String>>; 4] = read_seat_object(d)?;
        parse_card_lists(texts)
    }
}

/// The tricks of a deal, each `{"N": "AS", "E": ...}`, as `rules replay` reads them.
pub mod seat_tricks {
    use crate::engine::cards::Card;
    use crate::engine::kaiso::wire::{parse_card_slots, read_seat_object, seat_object};
    use serde::de::Deserializer;
    use serde::{Deserialize, Serialize, Serializer};

    struct Trick<'a>(&'a [Option<Card>; 4]);

    impl Serialize for Trick<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            seat_object(s, self.0.map(|c| c.map(|c| c.to_string())))
        }
    }

    pub fn serialize<S: Serializer>(tricks: &[[Option<Card>; 4]], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(tricks.iter().map(Trick))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Vec<[Option<Card>; 4]>, D::Error> {
        struct One([Option<Card>; 4]);
        impl<'de> Deserialize<'de> for One {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<One, D::Error> {
                let texts: [Option<String>; 4] = read_seat_object(d)?;
                Ok(One(parse_card_slots(texts)?))
            }
        }
        Ok(Vec::<One>::deserialize(d)?
            .into_iter()
            .map(|o| o.0)
            .collect())
    }
}
