//! Clubs and their rosters of players: what the club pages and the roster (page and API)
//! read and change. `db::clubs` stores them; these are the one way in from the web.

use super::{ActionError, ErrorKind, FindError, Found, step, write_step};
use crate::db::{self, DbConnection, DbError, DbPool};
use crate::event::club::{
    Club, Director, Player, PlayerFields, RosterOrder, TimeZone, sort_players,
};
use crate::event::roster::{LineProblem, ReadLines};
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

/// The roster page's list: the club's players (archived ones too if asked) in the
/// director's order, the current ones first.
pub fn roster(
    conn: &mut DbConnection,
    club: ClubId,
    include_archived: bool,
    order: RosterOrder,
) -> Result<Vec<Player>, DbError> {
    let mut players = db::clubs::players_of(conn, club, include_archived)?;
    sort_players(&mut players, order);
    Ok(players)
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

/// Why many players were not added: the lines' problems (nothing was added), or storage.
#[derive(Debug, thiserror::Error)]
pub enum BulkAddError {
    #[error("{} line(s) need correcting, and nothing was added", .0.len())]
    Lines(Vec<LineProblem>),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for BulkAddError {
    fn from(e: diesel::result::Error) -> Self {
        BulkAddError::Db(e.into())
    }
}

impl ActionError for BulkAddError {
    fn kind(&self) -> ErrorKind {
        match self {
            BulkAddError::Lines(_) => ErrorKind::Invalid,
            BulkAddError::Db(_) => ErrorKind::Internal,
        }
    }
}

/// Adds many players to the roster, all or none: the lines that are not players and those
/// that repeat another line or a roster player (archived ones included) are all listed, and
/// any problem adds nothing.
///
/// The roster is read (a connection taken and given back), the lines are checked against it
/// with no connection held (hash lookups: milliseconds for 2,000 lines against 20,000
/// players), and the players are written in one short transaction. What that transaction
/// checks again is only what the insert reports itself: a membership number taken
/// meanwhile by another request is that line's problem.
pub fn add_players(
    pool: &DbPool,
    club: ClubId,
    read: ReadLines,
) -> Result<Vec<Player>, BulkAddError> {
    let roster = step(pool, |conn| db::clubs::players_of(conn, club, true))?;
    let lines = read.checked(&roster).map_err(BulkAddError::Lines)?;
    drop(roster);
    write_step(pool, |conn| {
        let mut added = Vec::with_capacity(lines.len());
        for l in &lines {
            match db::clubs::create_player(conn, club, &l.fields) {
                Ok(p) => added.push(p),
                Err(PlayerError::MembershipTaken) => {
                    return Err(BulkAddError::Lines(vec![LineProblem {
                        line: l.line,
                        message: "another player of the club has this membership number".into(),
                    }]));
                }
                Err(PlayerError::NotFound) => {
                    return Err(DbError::from(diesel::result::Error::NotFound).into());
                }
                Err(PlayerError::Db(e)) => return Err(e.into()),
            }
        }
        Ok(added)
    })
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
