//! Rows as read from the database, and the validated values written to it.
//! Field order follows `schema.rs` (diesel's `Queryable` maps by position).

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use serde::Serialize;

#[derive(Queryable, Clone, Debug)]
pub struct Club {
    pub id: i32,
    pub slug: String,
    pub name: String,
    pub created_at: NaiveDateTime,
}

#[derive(Queryable, Clone, Debug)]
pub struct Director {
    pub id: i32,
    pub club_id: i32,
    pub email: String,
    pub name: String,
    pub password_hash: String,
    pub role: String,
    pub created_at: NaiveDateTime,
}

impl Director {
    pub fn is_owner(&self) -> bool {
        self.role == ROLE_OWNER
    }
}

pub const ROLE_OWNER: &str = "owner";
pub const ROLE_DIRECTOR: &str = "director";

#[derive(Queryable, Clone, Debug)]
pub struct ApiToken {
    pub id: i32,
    pub director_id: i32,
    pub name: String,
    pub token_hash: String,
    pub created_at: NaiveDateTime,
    pub last_used_at: Option<NaiveDateTime>,
    pub revoked_at: Option<NaiveDateTime>,
}

#[derive(Queryable, Clone, Debug)]
pub struct Invite {
    pub id: i32,
    pub token_hash: String,
    pub club_id: i32,
    pub email: String,
    pub created_by: i32,
    pub created_at: NaiveDateTime,
    pub expires_at: NaiveDateTime,
    pub used_at: Option<NaiveDateTime>,
}

#[derive(Queryable, Clone, Debug, Serialize)]
pub struct Player {
    pub id: i32,
    #[serde(skip)]
    pub club_id: i32,
    pub name: String,
    pub membership_number: Option<String>,
    pub archived: bool,
    #[serde(skip)]
    pub created_at: NaiveDateTime,
    #[serde(skip)]
    pub updated_at: NaiveDateTime,
}

/// A player's editable fields, already validated.
#[derive(Clone, Debug)]
pub struct PlayerFields {
    pub name: String,
    pub membership_number: Option<String>,
}

#[derive(Queryable, Clone, Debug)]
pub struct Event {
    pub id: i32,
    pub club_id: i32,
    pub name: String,
    pub event_date: NaiveDate,
    pub format: String,
    pub variant: String,
    pub tables: i32,
    pub boards: i32,
    pub trick_rule: String,
    pub trumps: String,
    pub status: String,
    pub deal_algorithm: Option<String>,
    pub deal_commitment: Option<String>,
    pub deal_key: Option<String>,
    pub hand_records_released: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// An event's editable fields, already validated.
#[derive(Clone, Debug)]
pub struct EventFields {
    pub name: String,
    pub event_date: NaiveDate,
    pub format: String,
    pub variant: String,
    pub tables: i32,
    pub boards: i32,
    pub trick_rule: String,
    pub trumps: String,
}

/// The event's deal key, its commitment and the algorithm that turns it into boards.
#[derive(Clone, Debug)]
pub struct DealKey {
    pub algorithm: String,
    pub key_hex: String,
    pub commitment: String,
}

#[derive(Queryable, Clone, Debug, Serialize)]
pub struct StoredResult {
    pub id: i32,
    #[serde(skip)]
    pub event_id: i32,
    pub round: i32,
    pub table_number: i32,
    pub board: i32,
    pub ns_entry_id: Option<i32>,
    pub ew_entry_id: Option<i32>,
    pub calypsos: String,
    pub in_progress: String,
    pub trick_piles: String,
    pub seat_scores: String,
    pub ns_score: i32,
    pub ew_score: i32,
    pub entered_by: String,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

#[derive(Queryable, Clone, Debug, Serialize)]
pub struct Entry {
    pub id: i32,
    #[serde(skip)]
    pub event_id: i32,
    pub number: i32,
    pub name: String,
    pub kind: String,
    #[serde(skip)]
    pub created_at: NaiveDateTime,
}

/// One line of the provisional standings: an entry's stored scores summed.
#[derive(Clone, Debug, Serialize)]
pub struct Standing {
    pub entry_id: i32,
    pub number: Option<i32>,
    pub name: Option<String>,
    pub boards_played: i64,
    pub total_score: i64,
}
