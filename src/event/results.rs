//! A board's result at one table, as stored, and the provisional totals shown until the
//! scoring module ranks them.

use std::collections::BTreeMap;

use chrono::NaiveDateTime;

use super::entries::Entry;
use super::ids::{EntryId, EventId, ResultId};

/// The table's details in the engine's notation, kept as entered.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ResultDetails {
    pub calypsos: String,
    pub in_progress: String,
    pub trick_piles: String,
    pub seat_scores: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableResult {
    pub id: ResultId,
    pub event_id: EventId,
    pub round: i32,
    pub table_number: i32,
    pub board: i32,
    pub ns_entry: Option<EntryId>,
    pub ew_entry: Option<EntryId>,
    pub details: ResultDetails,
    pub ns_score: i32,
    pub ew_score: i32,
    pub entered_by: String,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// One line of the provisional standings: an entry's stored scores summed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    pub entry: EntryId,
    pub number: Option<i32>,
    pub name: Option<String>,
    pub boards_played: i64,
    pub total_score: i64,
}

/// Each entry's stored scores summed (the NS score for boards it sat North-South, the EW
/// score for East-West), best first. Matchpoints and tallies come with the scoring module.
pub fn provisional_standings(entries: &[Entry], results: &[TableResult]) -> Vec<Standing> {
    let mut totals: BTreeMap<EntryId, (i64, i64)> = BTreeMap::new();
    for r in results {
        for (entry, score) in [(r.ns_entry, r.ns_score), (r.ew_entry, r.ew_score)] {
            if let Some(e) = entry {
                let t = totals.entry(e).or_default();
                t.0 += 1;
                t.1 += i64::from(score);
            }
        }
    }
    let mut out: Vec<Standing> = totals
        .into_iter()
        .map(|(entry, (played, total))| {
            let e = entries.iter().find(|e| e.id == entry);
            Standing {
                entry,
                number: e.map(|e| e.number),
                name: e.map(|e| e.name.clone()),
                boards_played: played,
                total_score: total,
            }
        })
        .collect();
    out.sort_by(|a, b| {
        b.total_score
            .cmp(&a.total_score)
            .then(a.entry.cmp(&b.entry))
    });
    out
}
