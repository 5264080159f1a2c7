//! An event's papers: hand records, curtain cards and stacking order of its boards (or of
//! its reserve boards), made from its settings and deal key alone, so the site and the
//! command line print the same bytes, but for the robot par the site's hand records add
//! (worked out and stored by the site alone; see `event::par`). What they show is here;
//! [`crate::print`] draws it.

use serde::{Deserialize, Serialize};

use super::DealKey;
use super::settings::{EventSettings, SettingsErrors, SettingsJson};
use crate::deals::{self, Board, DealError, SetKey};
use crate::engine::GameSpec;

/// The document a director downloads to print an event's papers on the command line
/// (`calypso-director hand-records --settings FILE`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PapersJson {
    /// Always [`PAPERS_FORMAT`].
    pub format: String,
    pub settings: SettingsJson,
    pub deal: DealJson,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealJson {
    pub algorithm: String,
    pub key: String,
    pub commitment: String,
}

pub const PAPERS_FORMAT: &str = "calypso-director/papers/v1";

impl PapersJson {
    pub fn new(settings: &EventSettings, key: &DealKey) -> PapersJson {
        PapersJson {
            format: PAPERS_FORMAT.to_string(),
            settings: SettingsJson::from(settings),
            deal: DealJson {
                algorithm: key.algorithm.clone(),
                key: key.key_hex.clone(),
                commitment: key.commitment.clone(),
            },
        }
    }

    /// Checks the document: its format, the settings, and that the key matches the
    /// commitment under an algorithm this program knows.
    pub fn read(self) -> Result<(EventSettings, DealKey), PapersError> {
        if self.format != PAPERS_FORMAT {
            return Err(PapersError::Format(self.format));
        }
        let settings = EventSettings::parse(&self.settings.into())?;
        let key = DealKey {
            algorithm: self.deal.algorithm,
            key_hex: self.deal.key,
            commitment: self.deal.commitment,
        };
        let set = set_key(&key)?;
        if set.commitment() != key.commitment {
            return Err(PapersError::Commitment);
        }
        Ok((settings, key))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum PapersError {
    #[error("unknown papers format \"{0}\": this program reads {PAPERS_FORMAT}")]
    Format(String),
    #[error("the settings are not valid: {0}")]
    Settings(#[from] SettingsErrors),
    #[error("unknown deal algorithm \"{0}\": this program deals {known}", known = deals::ALGORITHM)]
    Algorithm(String),
    #[error("the deal key does not match the commitment")]
    Commitment,
    #[error(transparent)]
    Deal(#[from] DealError),
}

fn set_key(key: &DealKey) -> Result<SetKey, PapersError> {
    if key.algorithm != deals::ALGORITHM {
        return Err(PapersError::Algorithm(key.algorithm.clone()));
    }
    Ok(SetKey::from_hex(&key.key_hex)?)
}

/// Every board of the event as `deal --format json` prints it (the API's `boards`).
pub fn boards_json(
    settings: &EventSettings,
    key: &DealKey,
) -> Result<Vec<deals::BoardJson>, PapersError> {
    let set = set_key(key)?;
    let spec = settings.game_spec();
    (1..=u32::from(settings.boards()))
        .map(|n| {
            let b = deals::board(&set, n, false, &spec, None)?;
            Ok(deals::board_json(&set, &b, &spec))
        })
        .collect()
}

/// The hands of each deal of one of the event's boards, for the engine's dealt-card checks;
/// None when the event has no such board (a progressive table playing "as dealt").
pub fn board_deals(
    settings: &EventSettings,
    key: &DealKey,
    number: u32,
) -> Result<Option<Vec<crate::engine::Deal>>, PapersError> {
    if number == 0 || number > u32::from(settings.boards()) {
        return Ok(None);
    }
    let set = set_key(key)?;
    Ok(Some(
        deals::board(&set, number, false, &settings.game_spec(), None)?.deals,
    ))
}

/// What an event's papers show: every board of the event (or every reserve board), its
/// game, and the heading of each page.
#[derive(Clone, Debug)]
pub struct Papers {
    pub boards: Vec<Board>,
    pub spec: GameSpec,
    /// The event's name; the reserve boards' papers say so.
    pub event_name: String,
    /// YYYY-MM-DD.
    pub date: String,
    /// The set commitment, tying the papers to the deal.
    pub commitment: String,
}

/// The papers of the event's boards, or of its reserve boards.
pub fn papers(
    settings: &EventSettings,
    key: &DealKey,
    reserve: bool,
) -> Result<Papers, PapersError> {
    let set = set_key(key)?;
    let spec = settings.game_spec();
    let boards = (1..=u32::from(settings.boards()))
        .map(|n| deals::board(&set, n, reserve, &spec, None))
        .collect::<Result<Vec<_>, _>>()?;
    let event_name = if reserve {
        format!("{} (reserve boards)", settings.name())
    } else {
        settings.name().to_string()
    };
    Ok(Papers {
        boards,
        spec,
        event_name,
        date: settings.date().format("%Y-%m-%d").to_string(),
        commitment: key.commitment.clone(),
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::event::{Count, SettingsDraft, TrumpsDraft};

    pub(crate) fn settings() -> EventSettings {
        EventSettings::parse(&SettingsDraft {
            name: "Club Night".into(),
            date: "2026-05-01".into(),
            format: "progressive".into(),
            game: String::new(),
            variant: "standard".into(),
            tables: Count::Number(2),
            boards: Count::Number(2),
            trick_rule: "beat-the-leader".into(),
            trumps: TrumpsDraft::Text("HCSD".into()),
            correction_minutes: Count::Number(30),
            scale: String::new(),
            compare: String::new(),
            ..SettingsDraft::default()
        })
        .unwrap()
    }

    #[test]
    fn papers_json_round_trips_and_checks_the_key() {
        let key = DealKey::generate().unwrap();
        let doc = PapersJson::new(&settings(), &key);
        let text = serde_json::to_string(&doc).unwrap();
        let back: PapersJson = serde_json::from_str(&text).unwrap();
        let (s, k) = back.clone().read().unwrap();
        assert_eq!((s, k), (settings(), key.clone()));
        let mut bad = back.clone();
        bad.deal.commitment = "00".repeat(32);
        assert!(matches!(bad.read(), Err(PapersError::Commitment)));
        let mut bad = back.clone();
        bad.format = "calypso-director/papers/v9".into();
        assert!(matches!(bad.read(), Err(PapersError::Format(_))));
        let mut bad = back;
        bad.settings.tables = 0;
        assert!(matches!(bad.read(), Err(PapersError::Settings(_))));
    }
}
