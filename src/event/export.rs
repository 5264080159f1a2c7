//! An event as one portable JSON document (`docs/export-format.md`): built from what the
//! database holds, and read back and checked before an import writes anything. Pure: the
//! database side is `db::archive`, the standings check `service::archive`.

use std::collections::BTreeSet;

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::club::Club;
use super::entries::{Entry, EntryKind};
use super::individual::{IndividualOptions, IndividualPlan};
use super::lifecycle::EventStatus;
use super::movement::{MovementChange, MovementOptions};
use super::results::{Adjusted, AuditEntry, Outcome, ResultStatus, TableResult};
use super::settings::{EventSettings, SettingsDraft, SettingsJson};
use super::{DealKey, EntryId, Event, PublishedCommitment, ResultId, Withdrawal};
use crate::movement::{IndividualRound, Movement};

/// The one format version this build writes and reads.
pub const FORMAT: &str = "calypso-director/event/v1";

/// How timestamps are written: UTC, to the microsecond, without a zone.
const TIME: &str = "%Y-%m-%dT%H:%M:%S%.6f";

fn time(t: NaiveDateTime) -> String {
    t.format(TIME).to_string()
}

/// A file's timestamp; `path` names the field when it is not one.
fn parse_time(text: &str, path: &str) -> Result<NaiveDateTime, ImportError> {
    NaiveDateTime::parse_from_str(text, TIME)
        .or_else(|_| NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S"))
        .map_err(|_| ImportError::Field {
            path: path.to_string(),
            problem: format!(
                "\"{}\" is not a UTC timestamp",
                text.chars().take(40).collect::<String>()
            ),
        })
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
    pub rounds: Vec<IndividualRound>,
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
    pub individual: Option<(IndividualOptions, IndividualPlan, Vec<IndividualRound>)>,
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
        .map(|r| ResultJson {
            round: r.round,
            table: r.table_number,
            board: r.board,
            majors: number_of(r.majors_entry),
            minors: number_of(r.minors_entry),
            majors_score: r.majors_score,
            minors_score: r.minors_score,
            status: r.status.name().to_string(),
            outcome: r.outcome.name().to_string(),
            majors_adjusted: r.majors_adjusted.map(|a| a.to_string()),
            minors_adjusted: r.minors_adjusted.map(|a| a.to_string()),
            sheet: json_text(&r.sheet),
            entered_by: r.entered_by.clone(),
            created_at: time(r.created_at),
            updated_at: time(r.updated_at),
            audit: i
                .audits
                .iter()
                .filter(|(id, _)| *id == r.id)
                .map(|(_, a)| AuditJson {
                    at: time(a.at),
                    by: a.by.clone(),
                    reason: a.reason.clone(),
                    old: a.old.as_deref().map(json_text),
                    new: json_text(&a.new),
                })
                .collect(),
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

/// Why a file is not imported. Each names the problem; nothing has been written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("the file is not JSON: {0}")]
    NotJson(String),
    #[error("the file has no \"format\": it is not a calypso-director event export")]
    NoFormat,
    #[error("unknown format version \"{0}\": this build reads {FORMAT}")]
    UnknownFormat(String),
    /// A field no page or API request could have stored, by its path in the file.
    #[error("{path}: {problem}")]
    Field { path: String, problem: String },
    #[error("the file is {0} bytes: an event's export is at most {max} bytes", max = super::import::MAX_FILE_BYTES)]
    TooLarge(usize),
    #[error(
        "the deal key is not the one committed to: SHA-256 of the key is {actual}, the \
         commitment is {commitment} (the key or the commitment was edited)"
    )]
    KeyMismatch { commitment: String, actual: String },
    #[error(
        "the file has the deal commitment but not the key (the hand records were not released \
         when it was exported): release them and export again, or export with --with-key (and \
         keep that file private), so the boards can be checked"
    )]
    KeyWithheld,
}

/// An entry to create, with its players (a roster player by name and membership number).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportEntry {
    pub number: i32,
    pub name: String,
    pub kind: EntryKind,
    pub joined_round: Option<u32>,
    pub withdrawn_round: Option<u32>,
    pub players: Vec<PlayerJson>,
}

/// A result to create, its entries by number, with its audit trail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportResult {
    pub round: i32,
    pub table: i32,
    pub board: i32,
    pub majors: Option<i32>,
    pub minors: Option<i32>,
    pub majors_score: i32,
    pub minors_score: i32,
    pub status: ResultStatus,
    pub outcome: Outcome,
    pub majors_adjusted: Option<Adjusted>,
    pub minors_adjusted: Option<Adjusted>,
    pub sheet: String,
    pub entered_by: String,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub audit: Vec<AuditEntry>,
}

/// A document checked and made into what the database stores.
#[derive(Clone, Debug)]
pub struct ImportPlan {
    pub club_slug: String,
    pub settings: EventSettings,
    pub status: EventStatus,
    pub current_round: u32,
    pub round_started_at: Option<NaiveDateTime>,
    pub finished_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub deal: Option<DealKey>,
    /// The public record of commitments, each key checked against its commitment.
    pub commitments: Vec<PublishedCommitment>,
    pub hand_records_released: bool,
    pub entries: Vec<ImportEntry>,
    pub movement: Option<(MovementOptions, Movement)>,
    pub movement_changes: Vec<MovementChange>,
    pub individual: Option<(IndividualOptions, IndividualPlan, Vec<IndividualRound>)>,
    pub results: Vec<ImportResult>,
    /// The file's standings: the results must score to exactly these.
    pub standings: Value,
}

/// Reads and checks a file: the format version first (so an unknown version is reported as
/// such, not as a field this build does not know), then every field, the entry numbers the
/// results name, and the key against its commitment.
pub fn read(text: &str) -> Result<ImportPlan, ImportError> {
    if text.len() > super::import::MAX_FILE_BYTES {
        return Err(ImportError::TooLarge(text.len()));
    }
    let value: Value =
        serde_json::from_str(text).map_err(|e| ImportError::NotJson(e.to_string()))?;
    match value.get("format") {
        Some(Value::String(f)) if f == FORMAT => {}
        Some(Value::String(f)) => return Err(ImportError::UnknownFormat(f.clone())),
        Some(other) => return Err(ImportError::UnknownFormat(other.to_string())),
        None => return Err(ImportError::NoFormat),
    }
    // The path of a field of the wrong type or shape, as the other refusals name theirs.
    let doc: EventDocument = serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        ImportError::Field {
            path,
            problem: e.into_inner().to_string(),
        }
    })?;
    let plan = plan(doc)?;
    super::import::check(&plan)?;
    Ok(plan)
}

fn plan(doc: EventDocument) -> Result<ImportPlan, ImportError> {
    let field = |path: String, problem: String| ImportError::Field { path, problem };
    let settings = EventSettings::parse(&SettingsDraft::from(doc.event.settings.clone()))
        .map_err(|e| field("event.settings".into(), e.to_string()))?;
    let status: EventStatus = doc
        .event
        .status
        .parse()
        .map_err(|e| field("event.status".into(), format!("{e}")))?;
    let kind = settings.format().entry_kind();
    let mut numbers = BTreeSet::new();
    let mut entries = Vec::with_capacity(doc.entries.len());
    for (i, e) in doc.entries.into_iter().enumerate() {
        let at = format!("entries[{i}]");
        let k = EntryKind::from_name(&e.kind)
            .ok_or_else(|| field(format!("{at}.kind"), format!("unknown kind \"{}\"", e.kind)))?;
        if k != kind {
            return Err(field(
                format!("{at}.kind"),
                format!(
                    "entry {} is a {k}, but a {} event's entries are {kind}s",
                    e.number,
                    settings.format()
                ),
            ));
        }
        if !numbers.insert(e.number) {
            return Err(field(
                format!("{at}.number"),
                format!("entry number {} appears twice", e.number),
            ));
        }
        entries.push(ImportEntry {
            number: e.number,
            name: e.name,
            kind: k,
            joined_round: e.joined_round,
            withdrawn_round: e.withdrawn_round,
            players: e.players,
        });
    }
    let deal = match doc.deal.as_ref() {
        None => None,
        Some(DealJson { key: None, .. }) => return Err(ImportError::KeyWithheld),
        Some(DealJson {
            algorithm,
            commitment,
            key: Some(key),
            ..
        }) => {
            let set = crate::deals::SetKey::from_hex(key)
                .map_err(|e| field("deal.key".into(), e.to_string()))?;
            let actual = set.commitment();
            if !actual.eq_ignore_ascii_case(commitment) {
                return Err(ImportError::KeyMismatch {
                    commitment: commitment.clone(),
                    actual,
                });
            }
            if algorithm != crate::deals::ALGORITHM {
                return Err(field(
                    "deal.algorithm".into(),
                    format!(
                        "the deal algorithm \"{algorithm}\" is not this build's ({})",
                        crate::deals::ALGORITHM
                    ),
                ));
            }
            Some(DealKey {
                algorithm: algorithm.clone(),
                key_hex: set.to_hex(),
                commitment: actual,
            })
        }
    };
    let mut movement_changes = Vec::new();
    for (i, c) in doc
        .movement
        .iter()
        .flat_map(|m| m.changes.iter())
        .enumerate()
    {
        movement_changes.push(MovementChange {
            from_round: c.from_round,
            what: c.what.clone(),
            reason: c.reason.clone(),
            changed_by: c.changed_by.clone(),
            changed_at: parse_time(&c.changed_at, &format!("movement.changes[{i}].changed_at"))?,
            old_plan: match &c.old_plan {
                Value::String(text) => text.clone(),
                other => other.to_string(),
            },
        });
    }
    let mut commitments = Vec::new();
    for (i, c) in doc
        .deal
        .iter()
        .flat_map(|d| d.commitments.iter())
        .enumerate()
    {
        let at = format!("deal.commitments[{i}]");
        let key = c
            .key
            .as_deref()
            .ok_or(ImportError::KeyWithheld)
            .and_then(|k| {
                crate::deals::SetKey::from_hex(k)
                    .map_err(|e| field(format!("{at}.key"), e.to_string()))
            })?;
        let actual = key.commitment();
        if !actual.eq_ignore_ascii_case(&c.commitment) {
            return Err(ImportError::KeyMismatch {
                commitment: c.commitment.clone(),
                actual,
            });
        }
        if c.algorithm != crate::deals::ALGORITHM {
            return Err(field(
                format!("{at}.algorithm"),
                format!("the deal algorithm \"{}\" is not this build's", c.algorithm),
            ));
        }
        let withdrawn = match (&c.withdrawn_at, &c.withdrawn_reason) {
            (None, None) => None,
            (Some(when), Some(reason)) => Some(Withdrawal {
                at: parse_time(when, &format!("{at}.withdrawn_at"))?,
                reason: reason.clone(),
            }),
            _ => {
                return Err(field(
                    at,
                    "a withdrawal has both its time and its reason".into(),
                ));
            }
        };
        commitments.push(PublishedCommitment {
            algorithm: c.algorithm.clone(),
            commitment: actual,
            key_hex: key.to_hex(),
            published_at: parse_time(&c.published_at, &format!("{at}.published_at"))?,
            withdrawn,
        });
    }
    let mut results = Vec::with_capacity(doc.results.len());
    for (i, r) in doc.results.into_iter().enumerate() {
        let at = format!("results[{i}]");
        let adjusted = |a: &Option<String>, side: &str| {
            a.as_deref()
                .map(Adjusted::parse)
                .transpose()
                .map_err(|e| field(format!("{at}.{side}_adjusted"), e.to_string()))
        };
        let audit = r
            .audit
            .iter()
            .enumerate()
            .map(|(k, a)| {
                Ok(AuditEntry {
                    at: parse_time(&a.at, &format!("{at}.audit[{k}].at"))?,
                    by: a.by.clone(),
                    reason: a.reason.clone(),
                    old: a.old.as_ref().map(Value::to_string),
                    new: a.new.to_string(),
                })
            })
            .collect::<Result<Vec<_>, ImportError>>()?;
        results.push(ImportResult {
            round: r.round,
            table: r.table,
            board: r.board,
            majors: r.majors,
            minors: r.minors,
            majors_score: r.majors_score,
            minors_score: r.minors_score,
            status: ResultStatus::parse(&r.status).ok_or_else(|| {
                field(
                    format!("{at}.status"),
                    format!("unknown status \"{}\"", r.status),
                )
            })?,
            outcome: Outcome::parse(&r.outcome).ok_or_else(|| {
                field(
                    format!("{at}.outcome"),
                    format!("unknown outcome \"{}\"", r.outcome),
                )
            })?,
            majors_adjusted: adjusted(&r.majors_adjusted, "majors")?,
            minors_adjusted: adjusted(&r.minors_adjusted, "minors")?,
            sheet: r.sheet.to_string(),
            entered_by: r.entered_by,
            created_at: parse_time(&r.created_at, &format!("{at}.created_at"))?,
            updated_at: parse_time(&r.updated_at, &format!("{at}.updated_at"))?,
            audit,
        });
    }
    let opt_time =
        |t: &Option<String>, path: &str| t.as_deref().map(|t| parse_time(t, path)).transpose();
    Ok(ImportPlan {
        club_slug: doc.club.slug,
        status,
        current_round: doc.event.current_round,
        round_started_at: opt_time(&doc.event.round_started_at, "event.round_started_at")?,
        finished_at: opt_time(&doc.event.finished_at, "event.finished_at")?,
        created_at: parse_time(&doc.event.created_at, "event.created_at")?,
        updated_at: parse_time(&doc.event.updated_at, "event.updated_at")?,
        hand_records_released: doc.deal.as_ref().is_some_and(|d| d.hand_records_released),
        deal,
        commitments,
        settings,
        entries,
        movement_changes,
        movement: doc.movement.map(|m| (m.options, m.plan)),
        individual: doc.individual.map(|i| (i.options, i.plan, i.rounds)),
        results,
        standings: doc.standings,
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = include_str!("../../docs/examples/event-export.json");

    fn example() -> Value {
        serde_json::from_str(EXAMPLE).unwrap()
    }

    fn read_value(v: &Value) -> Result<ImportPlan, ImportError> {
        read(&v.to_string())
    }

    #[test]
    fn the_documented_example_reads() {
        let p = read(EXAMPLE).unwrap();
        assert_eq!(p.club_slug, "riverside");
        assert_eq!(p.entries.len(), 6);
        assert_eq!(p.results.len(), 6);
        assert!(p.results.iter().all(|r| r.audit.len() == 1));
        assert_eq!(p.status, EventStatus::Finished);
        assert!(p.movement.is_some() && p.individual.is_none());
    }

    #[test]
    fn the_version_is_checked_before_anything_else() {
        let mut v = example();
        v["format"] = Value::from("calypso-director/event/v9");
        v["surprise"] = Value::from(1);
        assert_eq!(
            read_value(&v).unwrap_err(),
            ImportError::UnknownFormat("calypso-director/event/v9".into())
        );
        v.as_object_mut().unwrap().remove("format");
        assert_eq!(read_value(&v).unwrap_err(), ImportError::NoFormat);
        assert!(matches!(read("{"), Err(ImportError::NotJson(_))));
    }

    #[test]
    fn a_withdrawn_commitment_is_read_with_its_reason_and_its_key_checked() {
        let text = include_str!("../../docs/examples/event-export.json");
        let plan = read(text).unwrap();
        assert_eq!(plan.commitments.len(), 2);
        let w = plan.commitments[0]
            .withdrawn
            .as_ref()
            .expect("the first was withdrawn");
        assert!(w.reason.starts_with("a board was dealt in the wrong order"));
        assert!(plan.commitments[1].withdrawn.is_none());
        let mut v: Value = serde_json::from_str(text).unwrap();
        v["deal"]["commitments"][0]["key"] = Value::from("11".repeat(32));
        assert!(matches!(
            read(&v.to_string()),
            Err(ImportError::KeyMismatch { .. })
        ));
        let mut v: Value = serde_json::from_str(text).unwrap();
        v["deal"]["commitments"][0]["withdrawn_reason"] = Value::Null;
        let e = read(&v.to_string()).unwrap_err();
        assert!(
            e.to_string().contains("both its time and its reason"),
            "{e}"
        );
    }

    #[test]
    fn an_edited_key_or_a_withheld_key_is_refused() {
        let mut v = example();
        let key = v["deal"]["key"].as_str().unwrap().to_string();
        let edited = format!(
            "{}{}",
            if key.starts_with('0') { '1' } else { '0' },
            &key[1..]
        );
        v["deal"]["key"] = Value::from(edited);
        let e = read_value(&v).unwrap_err();
        assert!(matches!(e, ImportError::KeyMismatch { .. }), "{e}");
        assert!(e.to_string().contains("not the one committed to"), "{e}");
        v["deal"]["key"] = Value::Null;
        assert_eq!(read_value(&v).unwrap_err(), ImportError::KeyWithheld);
    }

    #[test]
    fn a_result_naming_a_missing_entry_is_refused() {
        let mut v = example();
        v["results"][0]["minors"] = Value::from(99);
        let e = read_value(&v).unwrap_err().to_string();
        assert!(
            e.contains("names entry 99, which the file does not have"),
            "{e}"
        );
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
