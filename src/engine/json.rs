//! The engine's JSON input shapes, shared by the command line (`rules replay|check`) and
//! the results API: seat-keyed maps, cards in notation, a player's summary, a deal's record.

use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};

use super::cards::{Card, NotationError, Seat};
use super::duet::{DuetChoice, DuetDeal, Exchange};
use super::replay::{DealRecord, GameRecord};
use super::spec::GameSpec;
use super::summary::{PlayerSummary, Summary};
use serde_json::{Map, Value, json};

/// A JSON object keyed by seat letters; unknown and repeated seats are errors (a repeated
/// key would otherwise hide a fifth card).
#[derive(Debug)]
pub struct SeatMap<T>(pub [Option<T>; 4]);

impl<T> Default for SeatMap<T> {
    fn default() -> Self {
        SeatMap([None, None, None, None])
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for SeatMap<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = SeatMap<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object keyed by seat: N, E, S, W")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<SeatMap<T>, A::Error> {
                let mut out = SeatMap::default();
                while let Some(key) = map.next_key::<String>()? {
                    let seat: Seat = key.parse().map_err(|_| {
                        de::Error::custom(format!("\"{key}\" is not a seat (use N, E, S, W)"))
                    })?;
                    if out.0[seat.index()].is_some() {
                        return Err(de::Error::custom(format!("seat {seat} is given twice")));
                    }
                    out.0[seat.index()] = Some(map.next_value()?);
                }
                Ok(out)
            }
        }
        d.deserialize_map(V(PhantomData))
    }
}

/// A card in canonical or accepted notation; the error names the token.
#[derive(Debug, Clone, Copy)]
pub struct CardText(pub Card);

impl<'de> Deserialize<'de> for CardText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map(CardText).map_err(de::Error::custom)
    }
}

/// One deal of a play record, as `rules replay` reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealInput {
    pub dealer: Option<String>,
    pub hands: SeatMap<Vec<CardText>>,
    #[serde(default)]
    pub tricks: Vec<SeatMap<CardText>>,
    /// Calypso Duet only: each player's choices this deal.
    #[serde(default)]
    pub duet: Option<DuetInput>,
}

/// Both Calypso Duet players' choices in one deal:
/// `{"majors": {"dummy": "S"}, "minors": {"dummy": "W"}}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DuetInput {
    pub majors: DuetChoiceInput,
    pub minors: DuetChoiceInput,
}

/// One player's choices: which dealt hand (by board seat) became the dummy, and with
/// call-and-response the exchange.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DuetChoiceInput {
    pub dummy: String,
    #[serde(default)]
    pub exchange: Option<ExchangeInput>,
}

/// `{"inspected": "N", "passed": ["AS", "KS", "2H"], "returned": ["3H", "4H", "5H"]}`:
/// the hand looked at first (board seat), the cards moved out of it and those moved back.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExchangeInput {
    pub inspected: String,
    pub passed: Vec<CardText>,
    pub returned: Vec<CardText>,
}

impl ExchangeInput {
    /// The engine's exchange; the error names the field (`exchanges majors inspected: ...`).
    pub fn exchange(&self, what: &str) -> Result<Exchange, String> {
        Ok(Exchange {
            inspected: self
                .inspected
                .parse()
                .map_err(|e| format!("{what} inspected: {e}"))?,
            passed: self.passed.iter().map(|c| c.0).collect(),
            returned: self.returned.iter().map(|c| c.0).collect(),
        })
    }
}

/// Calypso Duet's call-and-response with a table's counts: each player's exchange in one
/// deal, `{"majors": {"inspected": "N", "passed": [..], "returned": [..]}, "minors": {..}}`.
/// A player left out has given none (the check says so).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExchangesInput {
    #[serde(default)]
    pub majors: Option<ExchangeInput>,
    #[serde(default)]
    pub minors: Option<ExchangeInput>,
}

impl ExchangesInput {
    /// The two exchanges, majors then minors; the error names the field that is not a seat.
    pub fn exchanges(&self) -> Result<[Option<Exchange>; 2], String> {
        let one = |name: &str, x: &Option<ExchangeInput>| {
            x.as_ref()
                .map(|x| x.exchange(&format!("exchanges {name}")))
                .transpose()
        };
        Ok([one("majors", &self.majors)?, one("minors", &self.minors)?])
    }

    /// Neither player's exchange given.
    pub fn is_empty(&self) -> bool {
        self.majors.is_none() && self.minors.is_none()
    }
}

impl DuetInput {
    /// The engine's choices; the error names the field (`deal 2 duet majors dummy: ...`).
    pub fn choices(&self, d: usize) -> Result<DuetDeal, String> {
        let choice = |name: &str, c: &DuetChoiceInput| -> Result<DuetChoice, String> {
            let what = |field: &str| format!("deal {} duet {name} {field}", d + 1);
            let seat = |text: &String, field: &str| {
                text.parse::<Seat>()
                    .map_err(|e| format!("{}: {e}", what(field)))
            };
            let exchange = match &c.exchange {
                None => None,
                Some(x) => Some(Exchange {
                    inspected: seat(&x.inspected, "exchange inspected")?,
                    passed: x.passed.iter().map(|c| c.0).collect(),
                    returned: x.returned.iter().map(|c| c.0).collect(),
                }),
            };
            Ok(DuetChoice {
                dummy: seat(&c.dummy, "dummy")?,
                exchange,
            })
        };
        Ok(DuetDeal {
            choices: [
                choice("majors", &self.majors)?,
                choice("minors", &self.minors)?,
            ],
        })
    }
}

/// A seat letter, if given; the error names `what`.
pub fn seat_field(text: &Option<String>, what: &str) -> Result<Option<Seat>, String> {
    text.as_deref()
        .map(|t| t.parse().map_err(|e: NotationError| format!("{what}: {e}")))
        .transpose()
}

/// Deal `d` (0-based) of a record as the engine takes it.
pub fn deal_record(d: usize, input: &DealInput) -> Result<DealRecord, String> {
    let dealer = seat_field(&input.dealer, &format!("deal {} dealer", d + 1))?;
    let hands = input.hands.0.each_ref().map(|h| {
        h.as_ref()
            .map_or(Vec::new(), |cards| cards.iter().map(|c| c.0).collect())
    });
    let tricks = input
        .tricks
        .iter()
        .map(|t| t.0.each_ref().map(|c| c.map(|c| c.0)))
        .collect();
    let duet = input.duet.as_ref().map(|x| x.choices(d)).transpose()?;
    Ok(DealRecord {
        dealer,
        hands,
        tricks,
        duet,
    })
}

/// What one player reported: completed calypsos and the cards of the one in progress.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerInput {
    pub calypsos: i64,
    #[serde(default)]
    pub in_progress: Vec<CardText>,
}

/// A table's summary after a deal, as `rules check` reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SummaryInput {
    pub after_deal: i64,
    pub players: SeatMap<PlayerInput>,
    pub trick_piles: BTreeMap<String, i64>,
    /// Calypso Duet only: which dealt hand (board seat) became each player's dummy in this
    /// deal, `{"majors": "S", "minors": "W"}`.
    #[serde(default)]
    pub dummies: Option<DummiesInput>,
    /// Calypso Duet's call-and-response: each player's exchange in this deal.
    #[serde(default)]
    pub exchanges: Option<ExchangesInput>,
}

/// Each Calypso Duet player's dummy in one deal, by board seat.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DummiesInput {
    pub majors: String,
    pub minors: String,
}

impl DummiesInput {
    /// The two dummies by board seat; the error names the one that is not a seat.
    pub fn seats(&self) -> Result<[Option<Seat>; 2], String> {
        let seat = |name: &str, text: &String| {
            text.parse::<Seat>()
                .map(Some)
                .map_err(|e| format!("dummies {name}: {e}"))
        };
        Ok([seat("majors", &self.majors)?, seat("minors", &self.minors)?])
    }
}

/// The engine's summary; the error names a trick pile that is not a side of this game.
pub fn summary(spec: &GameSpec, input: SummaryInput) -> Result<Summary, String> {
    let mut piles = vec![None; spec.sides()];
    for (name, &n) in &input.trick_piles {
        let side = side_named(spec, "trick_piles", name)?;
        piles[side] = Some(n);
    }
    let dummies = match &input.dummies {
        None => [None, None],
        Some(d) => d.seats()?,
    };
    let exchanges = match &input.exchanges {
        None => [None, None],
        Some(x) => x.exchanges()?,
    };
    Ok(Summary {
        after_deal: input.after_deal,
        players: input.players.0.map(|p| p.map(PlayerInput::into_summary)),
        trick_piles: piles,
        dummies,
        exchanges,
    })
}

impl PlayerInput {
    pub fn into_summary(self) -> PlayerSummary {
        PlayerSummary {
            calypsos: self.calypsos,
            in_progress: self.in_progress.iter().map(|c| c.0).collect(),
        }
    }
}

/// The index of a side from its name ("NS", "EW", or a seat letter), or a message that
/// names the accepted ones.
pub fn side_named(spec: &GameSpec, what: &str, name: &str) -> Result<usize, String> {
    (0..spec.sides())
        .find(|&s| spec.side_name(s) == *name)
        .ok_or_else(|| {
            let names: Vec<String> = (0..spec.sides()).map(|s| spec.side_name(s)).collect();
            format!(
                "{what}: \"{name}\" is not a side of this game (use {})",
                names.join(", ")
            )
        })
}

/// A game record's deals as `rules replay` reads them (dealer, hands, tricks and a Duet
/// deal's choices), for the command line and for a table's stored report alike.
pub fn deals_json(spec: &GameSpec, record: &GameRecord) -> Value {
    let seat_map = |f: &dyn Fn(Seat) -> Option<Value>| -> Value {
        let m: Map<String, Value> = spec
            .seats()
            .iter()
            .filter_map(|&s| f(s).map(|v| (s.to_string(), v)))
            .collect();
        Value::Object(m)
    };
    let deals: Vec<Value> = record
        .deals
        .iter()
        .map(|d| {
            let hands = seat_map(&|s| {
                Some(json!(
                    d.hands[s.index()]
                        .iter()
                        .map(Card::to_string)
                        .collect::<Vec<_>>()
                ))
            });
            let tricks: Vec<Value> = d
                .tricks
                .iter()
                .map(|t| seat_map(&|s| t[s.index()].map(|c| json!(c.to_string()))))
                .collect();
            let mut m = Map::new();
            if let Some(dealer) = d.dealer {
                m.insert("dealer".into(), json!(dealer.to_string()));
            }
            m.insert("hands".into(), hands);
            m.insert("tricks".into(), Value::Array(tricks));
            if let Some(duet) = &d.duet {
                let choice = |c: &DuetChoice| {
                    let mut o = json!({"dummy": c.dummy.to_string()});
                    if let Some(x) = &c.exchange {
                        let cards =
                            |cs: &[Card]| cs.iter().map(Card::to_string).collect::<Vec<_>>();
                        o["exchange"] = json!({
                            "inspected": x.inspected.to_string(),
                            "passed": cards(&x.passed),
                            "returned": cards(&x.returned),
                        });
                    }
                    o
                };
                m.insert(
                    "duet".into(),
                    json!({"majors": choice(&duet.choices[0]), "minors": choice(&duet.choices[1])}),
                );
            }
            Value::Object(m)
        })
        .collect();
    Value::Array(deals)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deal_without_duet_choices_still_reads() {
        let d: DealInput =
            serde_json::from_str(r#"{"dealer": "N", "hands": {"N": ["AS"]}, "tricks": []}"#)
                .unwrap();
        let rec = deal_record(0, &d).unwrap();
        assert_eq!(rec.duet, None);
        assert_eq!(rec.dealer, Some(Seat::North));
    }

    #[test]
    fn a_duet_deal_reads_each_players_choice_and_exchange() {
        let d: DealInput = serde_json::from_str(
            r#"{"dealer": "W", "hands": {}, "duet": {
                "majors": {"dummy": "N", "exchange": {"inspected": "S", "passed": ["2H", "3H", "4H"], "returned": ["AS", "KS", "10S"]}},
                "minors": {"dummy": "E"}}}"#,
        )
        .unwrap();
        let rec = deal_record(1, &d).unwrap();
        let duet = rec.duet.unwrap();
        assert_eq!(duet.choices[0].dummy, Seat::North);
        let ex = duet.choices[0].exchange.as_ref().unwrap();
        assert_eq!(ex.inspected, Seat::South);
        assert_eq!(ex.returned[2].to_string(), "TS");
        assert_eq!(duet.choices[1].dummy, Seat::East);
        assert_eq!(duet.choices[1].exchange, None);
        // A bad seat names its field; an unknown field is refused.
        let bad: DealInput = serde_json::from_str(
            r#"{"hands": {}, "duet": {"majors": {"dummy": "X"}, "minors": {"dummy": "E"}}}"#,
        )
        .unwrap();
        let e = deal_record(2, &bad).unwrap_err();
        assert!(e.starts_with("deal 3 duet majors dummy: "), "{e}");
        assert!(
            serde_json::from_str::<DealInput>(
                r#"{"hands": {}, "duet": {"majors": {"dummy": "N", "secret": "S"}, "minors": {"dummy": "E"}}}"#
            )
            .is_err()
        );
    }

    #[test]
    fn a_summary_reads_the_duet_dummies() {
        let spec = GameSpec::new(super::super::Variant::Duet);
        let input: SummaryInput = serde_json::from_str(
            r#"{"after_deal": 1, "players": {}, "trick_piles": {"NS": 0}, "dummies": {"majors": "S", "minors": "W"}}"#,
        )
        .unwrap();
        assert_eq!(
            summary(&spec, input).unwrap().dummies,
            [Some(Seat::South), Some(Seat::West)]
        );
        let old: SummaryInput =
            serde_json::from_str(r#"{"after_deal": 1, "players": {}, "trick_piles": {}}"#).unwrap();
        assert_eq!(summary(&spec, old).unwrap().dummies, [None, None]);
    }
}
