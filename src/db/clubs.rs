//! Clubs and their rosters of players.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{clubs, players};
use super::{DbConnection, DbError, is_unique_violation, now};
use crate::event::club::{Club, Player, PlayerFields, TimeZone};
use crate::event::{ClubId, PlayerId};

#[derive(Queryable)]
pub(super) struct ClubRow {
    id: i32,
    slug: String,
    name: String,
    created_at: NaiveDateTime,
    time_zone: String,
}

impl ClubRow {
    /// A stored zone the time zone database does not know is a corrupt row (every zone is
    /// checked before it is written), not a guess at UTC.
    pub(super) fn into_club(self) -> Result<Club, DbError> {
        let time_zone = TimeZone::parse(&self.time_zone).map_err(|e| DbError::Corrupt {
            what: "club",
            id: self.id,
            problem: e.to_string(),
        })?;
        Ok(Club {
            id: ClubId::new(self.id),
            slug: self.slug,
            name: self.name,
            created_at: self.created_at,
            time_zone,
        })
    }
}

pub fn club_by_slug(conn: &mut DbConnection, slug: &str) -> Result<Option<Club>, DbError> {
    clubs::table
        .filter(clubs::slug.eq(slug))
        .first::<ClubRow>(conn)
        .optional()?
        .map(ClubRow::into_club)
        .transpose()
}

pub fn club_by_id(conn: &mut DbConnection, id: ClubId) -> Result<Option<Club>, DbError> {
    clubs::table
        .find(id.get())
        .first::<ClubRow>(conn)
        .optional()?
        .map(ClubRow::into_club)
        .transpose()
}

pub fn all_clubs(conn: &mut DbConnection) -> Result<Vec<Club>, DbError> {
    clubs::table
        .order(clubs::name.asc())
        .load::<ClubRow>(conn)?
        .into_iter()
        .map(ClubRow::into_club)
        .collect()
}

/// Sets the club's time zone; the club as it now is (None: no such club).
pub fn set_time_zone(
    conn: &mut DbConnection,
    club: ClubId,
    zone: TimeZone,
) -> Result<Option<Club>, DbError> {
    super::write_transaction(conn, |conn| {
        let changed = diesel::update(clubs::table.find(club.get()))
            .set(clubs::time_zone.eq(zone.name()))
            .execute(conn)?;
        if changed == 0 {
            return Ok(None);
        }
        club_by_id(conn, club)
    })
}

#[derive(Queryable)]
struct PlayerRow {
    id: i32,
    club_id: i32,
    name: String,
    membership_number: Option<String>,
    archived: bool,
    _created_at: NaiveDateTime,
    _updated_at: NaiveDateTime,
}

impl PlayerRow {
    fn into_player(self) -> Player {
        Player {
            id: PlayerId::new(self.id),
            club_id: ClubId::new(self.club_id),
            name: self.name,
            membership_number: self.membership_number,
            archived: self.archived,
        }
    }
}

pub fn players_of(
    conn: &mut DbConnection,
    club: ClubId,
    include_archived: bool,
) -> Result<Vec<Player>, DbError> {
    let mut q = players::table
        .filter(players::club_id.eq(club.get()))
        .order((players::archived.asc(), players::name.asc()))
        .into_boxed();
    if !include_archived {
        q = q.filter(players::archived.eq(false));
    }
    Ok(q.load::<PlayerRow>(conn)?
        .into_iter()
        .map(PlayerRow::into_player)
        .collect())
}

pub fn player(
    conn: &mut DbConnection,
    club: ClubId,
    id: PlayerId,
) -> Result<Option<Player>, DbError> {
    Ok(players::table
        .filter(players::id.eq(id.get()))
        .filter(players::club_id.eq(club.get()))
        .first::<PlayerRow>(conn)
        .optional()?
        .map(PlayerRow::into_player))
}

#[derive(Debug, thiserror::Error)]
pub enum PlayerError {
    #[error("another player of the club has this number")]
    MembershipTaken,
    #[error("there is no such player in this club")]
    NotFound,
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for PlayerError {
    fn from(e: diesel::result::Error) -> Self {
        if is_unique_violation(&e) {
            PlayerError::MembershipTaken
        } else {
            PlayerError::Db(e.into())
        }
    }
}

pub fn create_player(
    conn: &mut DbConnection,
    club: ClubId,
    f: &PlayerFields,
) -> Result<Player, PlayerError> {
    let now = now();
    let id: i32 = diesel::insert_into(players::table)
        .values((
            players::club_id.eq(club.get()),
            players::name.eq(&f.name),
            players::membership_number.eq(&f.membership_number),
            players::archived.eq(false),
            players::created_at.eq(now),
            players::updated_at.eq(now),
        ))
        .returning(players::id)
        .get_result(conn)?;
    player(conn, club, PlayerId::new(id))?.ok_or(PlayerError::NotFound)
}

/// Changes a player's fields (and, if given, whether they are archived), in one step.
pub fn update_player(
    conn: &mut DbConnection,
    club: ClubId,
    id: PlayerId,
    f: &PlayerFields,
    archived: Option<bool>,
) -> Result<Player, PlayerError> {
    super::write_transaction(conn, |conn| {
        let target = players::table
            .filter(players::id.eq(id.get()))
            .filter(players::club_id.eq(club.get()));
        let n = diesel::update(target)
            .set((
                players::name.eq(&f.name),
                players::membership_number.eq(&f.membership_number),
                players::updated_at.eq(now()),
            ))
            .execute(conn)?;
        if n != 1 {
            return Err(PlayerError::NotFound);
        }
        if let Some(a) = archived {
            diesel::update(target)
                .set(players::archived.eq(a))
                .execute(conn)?;
        }
        player(conn, club, id)?.ok_or(PlayerError::NotFound)
    })
}

pub fn set_player_archived(
    conn: &mut DbConnection,
    club: ClubId,
    id: PlayerId,
    archived: bool,
) -> Result<bool, DbError> {
    let n = diesel::update(
        players::table
            .filter(players::id.eq(id.get()))
            .filter(players::club_id.eq(club.get())),
    )
    .set((
        players::archived.eq(archived),
        players::updated_at.eq(now()),
    ))
    .execute(conn)?;
    Ok(n == 1)
}
