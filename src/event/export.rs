//! An event as one portable JSON document (`docs/export-format.md`), built from what the
//! database holds. Pure: reading a file back and checking it is `event::import`, the database
//! side `db::archive`, the standings check `service::archive`.

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::club::Club;
use super::entries::Entry;
use super::individual::{IndividualOptions, IndividualPlan};
use super::movement::{MovementChange, MovementOptions};
use super::results::{AuditEntry, AuditValues, Sides, TableResult};
use super::settings::SettingsJson;
use super::threes::StoredRound;
use super::{EntryId, Event, PublishedCommitment, ResultId};
use crate::movement::Movement;

/// The one format version this build writes and reads.
pub const FORMAT: &str = "calypso-director/event/v1";

/// How timestamps are written: UTC, to the microsecond, without a zone.
pub(super) const TIME: &str = "%Y-%m-%dT%H:%M:%S%.6f";

fn time(t: NaiveDateTime) -> String {
    t.format(TIME).to_string()
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventDocument {
    pub format: String,
    /// When the file was written (differs between exports).
    pub exported_at: String,
    pub club: ClubJson,
    pub event: EventJson,
    pub entries: Vec<EntryJson>,
    /// The pairs and team formats' movement, as `calypso-director movement` prints it.
    pub movement: Option<MovementJson>,
    /// The progressive individual's plan and the seating of every round started.
    pub individual: Option<IndividualJson>,
    pub deal: Option<DealJson>,
    pub results: Vec<ResultJson>,
    /// Exactly what `calypso-director score` prints for the event's results.
    pub standings: Value,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClubJson {
    pub slug: String,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventJson {
    /// The id on the exporting instance (differs between instances).
    pub id: i32,
    pub settings: SettingsJson,
    pub status: String,
    /// The round being played or last played (0 before the first).
    pub current_round: u32,
    pub round_started_at: Option<String>,
    pub finished_at: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryJson {
    pub number: i32,
    pub name: String,
    pub kind: String,
    pub joined_round: Option<u32>,
    pub withdrawn_round: Option<u32>,
    pub players: Vec<PlayerJson>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerJson {
    pub name: String,
    /// A player of the club's roster (else a guest, known by name only).
    pub roster: bool,
    pub membership_number: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementJson {
    pub options: MovementOptions,
    pub plan: Movement,
    /// Changes after the start (late entries, withdrawals), oldest first, each with its
    /// reason and the plan it replaced.
    #[serde(default)]
    pub changes: Vec<MovementChangeJson>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementChangeJson {
    pub from_round: u32,
    pub what: String,
    pub reason: String,
    pub changed_by: String,
    pub changed_at: String,
    pub old_plan: Value,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IndividualJson {
    pub options: IndividualOptions,
    pub plan: IndividualPlan,
    /// Each round's seating: tables of four to six, or Auction Calypso's tables of three
    /// (`{"round": 2, "tables": [[1, 5, 9], ...]}`).
    pub rounds: Vec<StoredRound>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealJson {
    pub algorithm: String,
    /// SHA-256 of the key, hex: what was published before play.
    pub commitment: String,
    /// The key, hex; `null` until the hand records are released.
    pub key: Option<String>,
    pub hand_records_released: bool,
    /// The public record of the event's commitments, the current one and every one a redeal
    /// withdrew, oldest first (each key under the same rule as `key`).
    #[serde(default)]
    pub commitments: Vec<CommitmentJson>,
}

/// One commitment the event's public page has shown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommitmentJson {
    pub algorithm: String,
    pub commitment: String,
    pub key: Option<String>,
    pub published_at: String,
    pub withdrawn_at: Option<String>,
    pub withdrawn_reason: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultJson {
    pub round: i32,
    pub table: i32,
    pub board: i32,
    /// The entry numbers in the majors and minors seats (`null` in the individual, whose
    /// seatings say who sat where).
    pub majors: Option<i32>,
    pub minors: Option<i32>,
    pub majors_score: i32,
    pub minors_score: i32,
    pub status: String,
    pub outcome: String,
    pub majors_adjusted: Option<String>,
    pub minors_adjusted: Option<String>,
    /// What was entered, as the API's JSON.
    pub sheet: Value,
    pub entered_by: String,
    pub created_at: String,
    pub updated_at: String,
    /// Every change, oldest first.
    pub audit: Vec<AuditJson>,
}

impl ResultJson {
    /// A stored result as the file writes it (the file's field names, flat, are its
    /// documented format): `numbers` gives the entry numbers of its sides.
    pub fn of<'a>(
        r: &TableResult,
        numbers: impl Fn(Sides<Option<EntryId>>) -> Sides<Option<i32>>,
        audit: impl Iterator<Item = &'a AuditEntry>,
    ) -> ResultJson {
        let entries = numbers(r.sides);
        let v = &r.values;
        let adjusted = v.adjusted.map(|a| a.map(|a| a.to_string()));
        ResultJson {
            round: file_number(r.place.round),
            table: file_number(r.place.table),
            board: file_number(r.place.board),
            majors: entries.majors,
            minors: entries.minors,
            majors_score: v.scores.majors,
            minors_score: v.scores.minors,
            status: v.status.name().to_string(),
            outcome: v.outcome.name().to_string(),
            majors_adjusted: adjusted.majors,
            minors_adjusted: adjusted.minors,
            sheet: v.report.json().clone(),
            entered_by: r.entered_by.clone(),
            created_at: time(r.created_at),
            updated_at: time(r.updated_at),
            audit: audit
                .map(|a| AuditJson {
                    at: time(a.at),
                    by: a.by.clone(),
                    reason: a.reason.clone(),
                    old: a.old.as_ref().map(AuditValues::json),
                    new: a.new.json(),
                })
                .collect(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuditJson {
    pub at: String,
    pub by: String,
    pub reason: Option<String>,
    pub old: Option<Value>,
    pub new: Value,
}

/// Everything an export is made from, as the database gives it.
pub struct ExportInputs<'a> {
    pub club: &'a Club,
    pub event: &'a Event,
    pub entries: &'a [Entry],
    /// Each roster player's membership number, by player id.
    pub membership: &'a dyn Fn(super::PlayerId) -> Option<String>,
    pub movement: Option<(MovementOptions, Movement)>,
    pub movement_changes: &'a [MovementChange],
    pub individual: Option<(IndividualOptions, IndividualPlan, Vec<StoredRound>)>,
    pub results: &'a [TableResult],
    pub audits: &'a [(ResultId, AuditEntry)],
    pub standings: Value,
    pub now: NaiveDateTime,
    /// Write the key even before the hand records are released (`export --with-key`).
    pub with_key: bool,
    /// Every commitment the event's public page has shown.
    pub commitments: &'a [PublishedCommitment],
}

/// Stored JSON text as a JSON value; text that does not parse is kept as a string.
fn json_text(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string()))
}

pub fn build(i: &ExportInputs) -> EventDocument {
    let ev = i.event;
    let number_of = |id: Option<EntryId>| {
        id.and_then(|id| i.entries.iter().find(|e| e.id == id).map(|e| e.number))
    };
    let entries = i
        .entries
        .iter()
        .map(|e| EntryJson {
            number: e.number,
            name: e.name.clone(),
            kind: e.kind.name().to_string(),
            joined_round: e.joined_round,
            withdrawn_round: e.withdrawn_round,
            players: e
                .players
                .iter()
                .map(|p| PlayerJson {
                    name: p.name.clone(),
                    roster: p.player_id.is_some(),
                    membership_number: p.player_id.and_then(i.membership),
                })
                .collect(),
        })
        .collect();
    let results = i
        .results
        .iter()
        .map(|r| {
            let audit = i.audits.iter().filter(|(id, _)| *id == r.id);
            ResultJson::of(r, |sides| sides.map(number_of), audit.map(|(_, a)| a))
        })
        .collect();
    EventDocument {
        format: FORMAT.to_string(),
        exported_at: time(i.now),
        club: ClubJson {
            slug: i.club.slug.clone(),
            name: i.club.name.clone(),
        },
        event: EventJson {
            id: ev.id.get(),
            settings: SettingsJson::from(&ev.settings),
            status: ev.status.name().to_string(),
            current_round: ev.round.current,
            round_started_at: ev.round.started_at.map(time),
            finished_at: ev.finished_at.map(time),
            created_at: time(ev.created_at),
            updated_at: time(ev.updated_at),
        },
        entries,
        movement: i.movement.clone().map(|(options, plan)| MovementJson {
            options,
            plan,
            changes: i
                .movement_changes
                .iter()
                .map(|c| MovementChangeJson {
                    from_round: c.from_round,
                    what: c.what.clone(),
                    reason: c.reason.clone(),
                    changed_by: c.changed_by.clone(),
                    changed_at: time(c.changed_at),
                    old_plan: json_text(&c.old_plan),
                })
                .collect(),
        }),
        individual: i
            .individual
            .clone()
            .map(|(options, plan, rounds)| IndividualJson {
                options,
                plan,
                rounds,
            }),
        deal: ev.deal.as_ref().map(|d| DealJson {
            algorithm: d.algorithm.clone(),
            commitment: d.commitment.clone(),
            key: (ev.hand_records_released || i.with_key).then(|| d.key_hex.clone()),
            hand_records_released: ev.hand_records_released,
            commitments: i
                .commitments
                .iter()
                .map(|c| CommitmentJson {
                    algorithm: c.algorithm.clone(),
                    commitment: c.commitment.clone(),
                    key: (ev.hand_records_released || i.with_key).then(|| c.key_hex.clone()),
                    published_at: time(c.published_at),
                    withdrawn_at: c.withdrawn.as_ref().map(|w| time(w.at)),
                    withdrawn_reason: c.withdrawn.as_ref().map(|w| w.reason.clone()),
                })
                .collect(),
        }),
        results,
        standings: i.standings.clone(),
    }
}

/// The fields that may differ between two exports of the same event (ids, timestamps), set
/// to `null`: two documents equal after this are the same event's record.
pub fn without_instance_fields(doc: &mut Value) {
    let null = |v: &mut Value, key: &str| {
        if let Some(f) = v.get_mut(key) {
            *f = Value::Null;
        }
    };
    null(doc, "exported_at");
    if let Some(ev) = doc.get_mut("event") {
        for k in [
            "id",
            "round_started_at",
            "finished_at",
            "created_at",
            "updated_at",
        ] {
            null(ev, k);
        }
    }
    if let Some(Value::Array(results)) = doc.get_mut("results") {
        for r in results {
            null(r, "created_at");
            null(r, "updated_at");
            if let Some(Value::Array(audit)) = r.get_mut("audit") {
                for a in audit {
                    null(a, "at");
                }
            }
        }
    }
}

/// A place's number as the file writes it (a signed 32-bit number, as the tables store it;
/// a stored number is always within it).
fn file_number(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = include_str!("../../docs/examples/event-export.json");

    fn example() -> Value {
        serde_json::from_str(EXAMPLE).unwrap()
    }

    #[test]
    fn instance_fields_are_the_ids_and_timestamps() {
        let mut a = example();
        let mut b = a.clone();
        b["event"]["id"] = Value::from(42);
        b["exported_at"] = Value::from("2030-01-01T00:00:00.000000");
        b["results"][0]["audit"][0]["at"] = Value::from("2030-01-01T00:00:00.000000");
        assert_ne!(a, b);
        without_instance_fields(&mut a);
        without_instance_fields(&mut b);
        assert_eq!(a, b);
        b["results"][0]["majors_score"] = Value::from(1);
        assert_ne!(a, b, "a result is not an instance field");
    }
}
