//! Clubs and their rosters of players: what the club pages and the roster (page and API)
//! read and change. `db::clubs` stores them; these are the one way in from the web.

use super::{ActionError, ErrorKind, FindError, Found};
use crate::db::{self, DbConnection, DbError};
use crate::event::club::{Club, Director, Player, PlayerFields, TimeZone};
use crate::event::{ClubId, Event, PlayerId};

/// Why a player was not added or saved (the number is another player's, no such player, or
/// the database failed): a storage outcome, answered differently by the roster page and the
/// API.
pub use crate::db::clubs::PlayerError;

/// The clubs on this server, by name: the front page's list.
pub fn all_clubs(conn: &mut DbConnection) -> Result<Vec<Club>, DbError> {
    db::clubs::all_clubs(conn)
}

/// The club at this address and all its events (latest date first): the club's home
/// page and its archive filter them by what the viewer may see. None: no such club.
pub fn club_with_events(
    conn: &mut DbConnection,
    slug: &str,
) -> Result<Option<(Club, Vec<Event>)>, DbError> {
    let Some(club) = db::clubs::club_by_slug(conn, slug)? else {
        return Ok(None);
    };
    let events = db::events::events_of(conn, club.id)?;
    Ok(Some((club, events)))
}

/// The club at this address (a public path's `/c/{club}/...`).
pub fn club_by_slug(conn: &mut DbConnection, slug: &str) -> Result<Club, FindError> {
    db::clubs::club_by_slug(conn, slug).found()
}

/// Why a club's settings were not changed.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    #[error("only the club's owner can change the club's settings")]
    NotOwner,
    #[error("no such club")]
    NotFound,
    #[error(transparent)]
    Db(#[from] DbError),
}

impl ActionError for SettingsError {
    fn kind(&self) -> ErrorKind {
        match self {
            SettingsError::NotOwner => ErrorKind::Forbidden,
            SettingsError::NotFound => ErrorKind::NotFound,
            SettingsError::Db(_) => ErrorKind::Internal,
        }
    }
}

/// The owner sets the club's time zone (every page and paper then shows times in it);
/// the club as it now is.
pub fn set_time_zone(
    conn: &mut DbConnection,
    by: &Director,
    zone: TimeZone,
) -> Result<Club, SettingsError> {
    if !by.is_owner() {
        return Err(SettingsError::NotOwner);
    }
    db::clubs::set_time_zone(conn, by.club_id, zone)?.ok_or(SettingsError::NotFound)
}

/// The club's players, archived ones too if asked (the current ones first, by name).
pub fn players_of(
    conn: &mut DbConnection,
    club: ClubId,
    include_archived: bool,
) -> Result<Vec<Player>, DbError> {
    db::clubs::players_of(conn, club, include_archived)
}

/// One player of the club; None for another club's player as for one that does not exist.
pub fn player(
    conn: &mut DbConnection,
    club: ClubId,
    id: PlayerId,
) -> Result<Option<Player>, DbError> {
    db::clubs::player(conn, club, id)
}

/// Adds a player to the club's roster (not archived).
pub fn add_player(
    conn: &mut DbConnection,
    club: ClubId,
    fields: &PlayerFields,
) -> Result<Player, PlayerError> {
    db::clubs::create_player(conn, club, fields)
}

/// Saves a player's fields and, if given, whether they are archived: both or neither.
pub fn update_player(
    conn: &mut DbConnection,
    club: ClubId,
    id: PlayerId,
    fields: &PlayerFields,
    archived: Option<bool>,
) -> Result<Player, PlayerError> {
    db::clubs::update_player(conn, club, id, fields, archived)
}

/// Archives a player (the roster hides them unless asked) or restores them; false if the
/// club has no such player.
pub fn set_player_archived(
    conn: &mut DbConnection,
    club: ClubId,
    id: PlayerId,
    archived: bool,
) -> Result<bool, DbError> {
    db::clubs::set_player_archived(conn, club, id, archived)
}
