//! Where the winner of a trick puts its cards: song ids and placements, as data and JSON.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::side::side_code;
use super::wire;
use crate::engine::cards::Card;

/// A song of one partnership: its side (0 N-S, 1 E-W) and number (1, 2, ... in order of
/// creation). Written `NS3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SongId {
    pub side: usize,
    pub number: u32,
}

impl fmt::Display for SongId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", side_code(self.side), self.number)
    }
}

impl FromStr for SongId {
    type Err = String;
    fn from_str(s: &str) -> Result<SongId, String> {
        let t = s.trim();
        let bad = || format!("\"{s}\" is not a song: write the partnership and number, NS3 or EW1");
        let side = match t.get(..2).map(str::to_ascii_uppercase).as_deref() {
            Some("NS") => 0,
            Some("EW") => 1,
            _ => return Err(bad()),
        };
        let number: u32 = t[2..].parse().map_err(|_| bad())?;
        if number == 0 {
            return Err(bad());
        }
        Ok(SongId { side, number })
    }
}

impl Serialize for SongId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for SongId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SongId, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Where the winner of a trick puts one of its cards: `"new"`, `{"add": "NS3"}`,
/// `{"medley": ["NS1", "NS4"]}` or `"ditch"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum To {
    /// Start a new song with the card.
    New,
    /// Add the card to a song of the partnership.
    Add(SongId),
    /// Join two songs of the partnership with the card.
    Medley(SongId, SongId),
    /// Put the card in the partnership's trick pile.
    Ditch,
}

/// One card of a won trick placed: `{"card": "5H", "to": {"add": "NS3"}, "score": true}`.
/// `score` (default false) scores the song the card completes; declining it means that
/// song, as it stands, can never be scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    #[serde(with = "wire::card")]
    pub card: Card,
    pub to: To,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub score: bool,
}

impl Placement {
    pub fn new(card: Card, to: To) -> Placement {
        Placement {
            card,
            to,
            score: false,
        }
    }

    pub fn scored(card: Card, to: To) -> Placement {
        Placement {
            card,
            to,
            score: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn song_ids_and_placements_read_and_write_as_documented() {
        let id: SongId = "ns3".parse().unwrap();
        assert_eq!(id, SongId { side: 0, number: 3 });
        assert_eq!(id.to_string(), "NS3");
        assert!("NS0".parse::<SongId>().is_err());
        assert!("N3".parse::<SongId>().is_err());
        assert!("EW".parse::<SongId>().is_err());
        let p = Placement::scored(
            "5H".parse().unwrap(),
            To::Medley(id, SongId { side: 0, number: 4 }),
        );
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(
            json,
            r#"{"card":"5H","to":{"medley":["NS3","NS4"]},"score":true}"#
        );
        assert_eq!(serde_json::from_str::<Placement>(&json).unwrap(), p);
        let ditch: Placement = serde_json::from_str(r#"{"card":"2C","to":"ditch"}"#).unwrap();
        assert_eq!(ditch, Placement::new("2C".parse().unwrap(), To::Ditch));
        assert!(serde_json::from_str::<Placement>(r#"{"card":"2C","to":"bin"}"#).is_err());
        assert!(
            serde_json::from_str::<Placement>(r#"{"card":"2C","to":"new","sore":true}"#).is_err()
        );
    }
}
