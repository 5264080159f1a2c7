//! What takes part in an event: a pair, a team of four, or an individual, numbered within
//! the event.

use super::ids::{EntryId, EventId};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryKind {
    Pair,
    Team,
    Individual,
}

impl EntryKind {
    pub const ALL: [EntryKind; 3] = [EntryKind::Pair, EntryKind::Team, EntryKind::Individual];
    pub const fn name(self) -> &'static str {
        match self {
            EntryKind::Pair => "pair",
            EntryKind::Team => "team",
            EntryKind::Individual => "individual",
        }
    }
    pub fn from_name(s: &str) -> Option<EntryKind> {
        EntryKind::ALL.into_iter().find(|k| k.name() == s)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub id: EntryId,
    pub event_id: EventId,
    pub number: i32,
    pub name: String,
    pub kind: EntryKind,
}
