//! The event as a type: its settings (the only place a `GameSpec` is made for an event),
//! its lifecycle, and who may see what; and the club around it. Pure: no database, no HTTP.

pub mod archive;
pub mod clock;
pub mod club;
pub mod coop;
pub mod entries;
pub mod export;
pub mod fair;
pub mod forms;
pub mod game;
pub mod game_kind;
pub mod ids;
pub mod import;
pub mod individual;
pub mod lifecycle;
pub mod movement;
pub mod online;
pub mod pace;
pub mod papers;
pub mod par;
pub mod play;
pub mod play_view;
pub mod practice;
pub mod problem_words;
pub mod results;
pub mod robot_duplicate;
pub mod roster;
pub mod rounds;
pub mod scoring_sheet;
pub mod seats;
pub mod settings;
pub mod sim;
pub mod standings;
pub mod table_report;
pub mod threes;
pub mod visibility;

use chrono::NaiveDateTime;

pub use ids::{
    ApiTokenId, ClubId, DirectorId, EntryId, EventId, InviteId, PlayerId, ResultId, SimId,
};
pub use lifecycle::{EventStatus, LifecycleError, Redeal};
pub use papers::{PapersError, PapersJson};
pub use settings::{
    Count, EventFormat, EventSettings, Field, SettingsDraft, SettingsError, SettingsErrors,
    SettingsJson, TrumpsDraft,
};
pub use visibility::{Exposure, Viewer};

/// An event's deal key with its commitment and the algorithm that turns it into boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealKey {
    pub algorithm: String,
    pub key_hex: String,
    pub commitment: String,
}

impl DealKey {
    /// A fresh key from the deals module's set keys.
    pub fn generate() -> Result<DealKey, crate::deals::DealError> {
        let key = crate::deals::SetKey::generate()?;
        Ok(DealKey {
            algorithm: crate::deals::ALGORITHM.to_string(),
            key_hex: key.to_hex(),
            commitment: key.commitment(),
        })
    }

    /// A given key, as 64 hex digits (a simultaneous event's heat played on another server).
    pub fn from_hex(hex: &str) -> Result<DealKey, crate::deals::DealError> {
        let key = crate::deals::SetKey::from_hex(hex)?;
        Ok(DealKey {
            algorithm: crate::deals::ALGORITHM.to_string(),
            key_hex: key.to_hex(),
            commitment: key.commitment(),
        })
    }
}

/// A commitment that has been shown on the public page. It stays on record for good; a
/// redeal withdraws it, with when and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublishedCommitment {
    pub algorithm: String,
    pub commitment: String,
    /// The key behind it; shown under the same rule as the event's key.
    pub key_hex: String,
    pub published_at: NaiveDateTime,
    pub withdrawn: Option<Withdrawal>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Withdrawal {
    pub at: NaiveDateTime,
    pub reason: String,
}

/// One event of a club.
#[derive(Clone, Debug)]
pub struct Event {
    pub id: EventId,
    pub club_id: ClubId,
    pub settings: EventSettings,
    pub status: EventStatus,
    pub deal: Option<DealKey>,
    pub hand_records_released: bool,
    /// The round being played (0 before the first) and when it started.
    pub round: rounds::RoundState,
    /// When the director marked the event finished (its correction period starts then);
    /// `None` before, and for an event finished before the moment was recorded.
    pub finished_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    /// The simultaneous event this is a heat of, if any (`event::sim`).
    pub sim: Option<SimId>,
}

impl Event {
    /// The facts the visibility rule reads.
    pub fn exposure(&self) -> Exposure {
        Exposure {
            status: self.status,
            has_key: self.deal.is_some(),
            released: self.hand_records_released,
            in_sim: self.sim.is_some(),
            sealed: false,
        }
    }

    /// How the event's results stand on the public pages at `now` (UTC).
    pub fn publication(&self, now: NaiveDateTime) -> results::Publication {
        results::publication(
            self.status,
            self.finished_at,
            self.settings.correction_minutes(),
            now,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deals::SetKey;

    #[test]
    fn keys_are_the_deals_modules_set_keys() {
        let k = DealKey::generate().unwrap();
        assert_eq!(k.algorithm, crate::deals::ALGORITHM);
        let set = SetKey::from_hex(&k.key_hex).unwrap();
        assert_eq!(set.to_hex(), k.key_hex);
        assert_eq!(set.commitment(), k.commitment);
    }

    #[test]
    fn keys_are_fresh_and_match_their_commitment() {
        let a = DealKey::generate().unwrap();
        let b = DealKey::generate().unwrap();
        assert_eq!(a.key_hex.len(), 64);
        assert_ne!(a.key_hex, b.key_hex);
        assert_ne!(a.commitment, b.commitment);
        let commit = |k: &DealKey| SetKey::from_hex(&k.key_hex).unwrap().commitment();
        assert_eq!(commit(&a), a.commitment);
        assert_ne!(commit(&b), a.commitment);
    }
}
