//! Directors and what lets them in: setup links, invitations, login sessions, login attempts
//! (for rate limits) and API tokens. Tokens are stored only as hashes.

use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;

use super::schema::{
    api_tokens, clubs, directors, invites, login_attempts, login_sessions, setup_tokens,
};
use super::{DbConnection, DbError, clubs::ClubRow, is_unique_violation, now};
use crate::event::club::{ApiToken, Club, Director, Invite, NewDirector, Role, TimeZone};
use crate::event::{ApiTokenId, ClubId, DirectorId, InviteId};

#[derive(Queryable)]
pub(super) struct DirectorRow {
    id: i32,
    club_id: i32,
    email: String,
    name: String,
    password_hash: String,
    role: String,
    created_at: NaiveDateTime,
    _removed_at: Option<NaiveDateTime>,
}

impl DirectorRow {
    fn into_director(self) -> Result<Director, DbError> {
        let role = Role::from_name(&self.role).ok_or_else(|| DbError::Corrupt {
            what: "director",
            id: self.id,
            problem: format!("unknown role \"{}\"", self.role),
        })?;
        Ok(Director {
            id: DirectorId::new(self.id),
            club_id: ClubId::new(self.club_id),
            email: self.email,
            name: self.name,
            role,
            created_at: self.created_at,
        })
    }
}

// ---- setup ----

pub fn count_directors(conn: &mut DbConnection) -> Result<i64, DbError> {
    Ok(directors::table
        .filter(directors::removed_at.is_null())
        .count()
        .get_result(conn)?)
}

pub fn insert_setup_token(
    conn: &mut DbConnection,
    token_hash: &str,
    valid_for: Duration,
) -> Result<(), DbError> {
    let now = now();
    diesel::insert_into(setup_tokens::table)
        .values((
            setup_tokens::token_hash.eq(token_hash),
            setup_tokens::created_at.eq(now),
            setup_tokens::expires_at.eq(now + valid_for),
        ))
        .execute(conn)?;
    Ok(())
}

pub fn setup_token_valid(conn: &mut DbConnection, token_hash: &str) -> Result<bool, DbError> {
    let n: i64 = setup_tokens::table
        .filter(setup_tokens::token_hash.eq(token_hash))
        .filter(setup_tokens::used_at.is_null())
        .filter(setup_tokens::expires_at.gt(now()))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    #[error("the link is invalid, expired or already used")]
    TokenInvalid,
    #[error("another club already uses this address")]
    SlugTaken,
    #[error("this email already has an account")]
    EmailTaken,
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for CreateError {
    fn from(e: diesel::result::Error) -> Self {
        CreateError::Db(e.into())
    }
}

fn email_taken(conn: &mut DbConnection, email: &str) -> Result<bool, DbError> {
    let n: i64 = directors::table
        .filter(directors::email.eq(email))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

fn insert_director(
    conn: &mut DbConnection,
    club_id: i32,
    d: &NewDirector,
    role: Role,
) -> Result<(), CreateError> {
    if email_taken(conn, d.email)? {
        return Err(CreateError::EmailTaken);
    }
    diesel::insert_into(directors::table)
        .values((
            directors::club_id.eq(club_id),
            directors::email.eq(d.email),
            directors::name.eq(d.name),
            directors::password_hash.eq(d.password_hash),
            directors::role.eq(role.name()),
            directors::created_at.eq(now()),
        ))
        .execute(conn)
        .map_err(|e| {
            if is_unique_violation(&e) {
                CreateError::EmailTaken
            } else {
                e.into()
            }
        })?;
    Ok(())
}

/// Uses up a setup token and creates the club and its owner, all or nothing.
pub fn setup_club(
    conn: &mut DbConnection,
    token_hash: &str,
    slug: &str,
    club_name: &str,
    time_zone: TimeZone,
    owner: &NewDirector,
) -> Result<Club, CreateError> {
    super::write_transaction(conn, |conn| {
        let now = now();
        let used = diesel::update(
            setup_tokens::table
                .filter(setup_tokens::token_hash.eq(token_hash))
                .filter(setup_tokens::used_at.is_null())
                .filter(setup_tokens::expires_at.gt(now)),
        )
        .set(setup_tokens::used_at.eq(now))
        .execute(conn)?;
        if used != 1 {
            return Err(CreateError::TokenInvalid);
        }
        let taken: i64 = clubs::table
            .filter(clubs::slug.eq(slug))
            .count()
            .get_result(conn)?;
        if taken > 0 {
            return Err(CreateError::SlugTaken);
        }
        let club_id: i32 = diesel::insert_into(clubs::table)
            .values((
                clubs::slug.eq(slug),
                clubs::name.eq(club_name),
                clubs::created_at.eq(now),
                clubs::time_zone.eq(time_zone.name()),
            ))
            .returning(clubs::id)
            .get_result(conn)
            .map_err(|e| {
                if is_unique_violation(&e) {
                    CreateError::SlugTaken
                } else {
                    e.into()
                }
            })?;
        insert_director(conn, club_id, owner, Role::Owner)?;
        Ok(clubs::table
            .find(club_id)
            .first::<ClubRow>(conn)?
            .into_club()?)
    })
}

// ---- directors ----

/// An active director by email, with the stored password hash (for login only).
pub fn director_for_login(
    conn: &mut DbConnection,
    email: &str,
) -> Result<Option<(Director, String)>, DbError> {
    let row: Option<DirectorRow> = directors::table
        .filter(directors::email.eq(email))
        .filter(directors::removed_at.is_null())
        .first(conn)
        .optional()?;
    row.map(|r| {
        let hash = r.password_hash.clone();
        r.into_director().map(|d| (d, hash))
    })
    .transpose()
}

/// Whether any director account, active or removed, has this email.
pub fn email_in_use(conn: &mut DbConnection, email: &str) -> Result<bool, DbError> {
    email_taken(conn, email)
}

pub fn directors_of_club(conn: &mut DbConnection, club: ClubId) -> Result<Vec<Director>, DbError> {
    directors::table
        .filter(directors::club_id.eq(club.get()))
        .filter(directors::removed_at.is_null())
        .order(directors::name.asc())
        .load::<DirectorRow>(conn)?
        .into_iter()
        .map(DirectorRow::into_director)
        .collect()
}

#[derive(Debug, thiserror::Error)]
pub enum RemoveError {
    #[error("There is no such director in this club.")]
    NotFound,
    #[error("The owner cannot be removed.")]
    Owner,
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for RemoveError {
    fn from(e: diesel::result::Error) -> Self {
        RemoveError::Db(e.into())
    }
}

/// Removes a director from the club: their logins and API tokens stop working at once.
/// The row stays (it signed results and audit entries), marked removed.
pub fn remove_director(
    conn: &mut DbConnection,
    club: ClubId,
    id: DirectorId,
) -> Result<Director, RemoveError> {
    super::write_transaction(conn, |conn| {
        let row: DirectorRow = directors::table
            .filter(directors::id.eq(id.get()))
            .filter(directors::club_id.eq(club.get()))
            .filter(directors::removed_at.is_null())
            .first(conn)
            .optional()?
            .ok_or(RemoveError::NotFound)?;
        let d = row.into_director()?;
        if d.is_owner() {
            return Err(RemoveError::Owner);
        }
        let now = now();
        diesel::update(directors::table.find(id.get()))
            .set(directors::removed_at.eq(now))
            .execute(conn)?;
        diesel::update(
            login_sessions::table
                .filter(login_sessions::director_id.eq(id.get()))
                .filter(login_sessions::revoked_at.is_null()),
        )
        .set(login_sessions::revoked_at.eq(now))
        .execute(conn)?;
        diesel::update(
            api_tokens::table
                .filter(api_tokens::director_id.eq(id.get()))
                .filter(api_tokens::revoked_at.is_null()),
        )
        .set(api_tokens::revoked_at.eq(now))
        .execute(conn)?;
        Ok(d)
    })
}

// ---- login sessions and attempts ----

pub fn create_login_session(
    conn: &mut DbConnection,
    director: DirectorId,
    token_hash: &str,
    valid_for: Duration,
) -> Result<(), DbError> {
    let now = now();
    diesel::insert_into(login_sessions::table)
        .values((
            login_sessions::token_hash.eq(token_hash),
            login_sessions::director_id.eq(director.get()),
            login_sessions::created_at.eq(now),
            login_sessions::expires_at.eq(now + valid_for),
        ))
        .execute(conn)?;
    Ok(())
}

fn with_club(found: Option<(DirectorRow, ClubRow)>) -> Result<Option<(Director, Club)>, DbError> {
    found
        .map(|(d, c)| Ok((d.into_director()?, c.into_club()?)))
        .transpose()
}

/// The director and club behind a live (unexpired, unrevoked) login session.
pub fn director_for_session(
    conn: &mut DbConnection,
    token_hash: &str,
) -> Result<Option<(Director, Club)>, DbError> {
    let found = login_sessions::table
        .inner_join(directors::table.inner_join(clubs::table))
        .filter(login_sessions::token_hash.eq(token_hash))
        .filter(login_sessions::revoked_at.is_null())
        .filter(login_sessions::expires_at.gt(now()))
        .filter(directors::removed_at.is_null())
        .select((directors::all_columns, clubs::all_columns))
        .first(conn)
        .optional()?;
    with_club(found)
}

pub fn revoke_login_session(conn: &mut DbConnection, token_hash: &str) -> Result<(), DbError> {
    diesel::update(login_sessions::table.filter(login_sessions::token_hash.eq(token_hash)))
        .set(login_sessions::revoked_at.eq(now()))
        .execute(conn)?;
    Ok(())
}

pub fn record_login_attempt(
    conn: &mut DbConnection,
    email: &str,
    ip: &str,
    ok: bool,
) -> Result<(), DbError> {
    diesel::insert_into(login_attempts::table)
        .values((
            login_attempts::email.eq(email),
            login_attempts::ip.eq(ip),
            login_attempts::attempted_at.eq(now()),
            login_attempts::ok.eq(ok),
        ))
        .execute(conn)?;
    Ok(())
}

/// Failed attempts since `since`, for this email and for this IP.
pub fn recent_failures(
    conn: &mut DbConnection,
    email: &str,
    ip: &str,
    since: NaiveDateTime,
) -> Result<(i64, i64), DbError> {
    let failed = || {
        login_attempts::table
            .filter(login_attempts::ok.eq(false))
            .filter(login_attempts::attempted_at.gt(since))
    };
    let by_email = failed()
        .filter(login_attempts::email.eq(email))
        .count()
        .get_result(conn)?;
    let by_ip = failed()
        .filter(login_attempts::ip.eq(ip))
        .count()
        .get_result(conn)?;
    Ok((by_email, by_ip))
}

// ---- invitations ----

#[derive(Queryable)]
struct InviteRow {
    id: i32,
    _token_hash: String,
    club_id: i32,
    email: String,
    _created_by: i32,
    created_at: NaiveDateTime,
    expires_at: NaiveDateTime,
    _used_at: Option<NaiveDateTime>,
    _revoked_at: Option<NaiveDateTime>,
}

impl InviteRow {
    fn into_invite(self) -> Invite {
        Invite {
            id: InviteId::new(self.id),
            club_id: ClubId::new(self.club_id),
            email: self.email,
            created_at: self.created_at,
            expires_at: self.expires_at,
        }
    }
}

pub fn create_invite(
    conn: &mut DbConnection,
    club: ClubId,
    email: &str,
    created_by: DirectorId,
    token_hash: &str,
    valid_for: Duration,
) -> Result<(), DbError> {
    let now = now();
    diesel::insert_into(invites::table)
        .values((
            invites::token_hash.eq(token_hash),
            invites::club_id.eq(club.get()),
            invites::email.eq(email),
            invites::created_by.eq(created_by.get()),
            invites::created_at.eq(now),
            invites::expires_at.eq(now + valid_for),
        ))
        .execute(conn)?;
    Ok(())
}

/// An unused, unrevoked, unexpired invite and its club.
pub fn open_invite(
    conn: &mut DbConnection,
    token_hash: &str,
) -> Result<Option<(Invite, Club)>, DbError> {
    let found: Option<(InviteRow, ClubRow)> = invites::table
        .inner_join(clubs::table)
        .filter(invites::token_hash.eq(token_hash))
        .filter(invites::used_at.is_null())
        .filter(invites::revoked_at.is_null())
        .filter(invites::expires_at.gt(now()))
        .select((invites::all_columns, clubs::all_columns))
        .first(conn)
        .optional()?;
    found
        .map(|(i, c)| Ok((i.into_invite(), c.into_club()?)))
        .transpose()
}

pub fn pending_invites(conn: &mut DbConnection, club: ClubId) -> Result<Vec<Invite>, DbError> {
    Ok(invites::table
        .filter(invites::club_id.eq(club.get()))
        .filter(invites::used_at.is_null())
        .filter(invites::revoked_at.is_null())
        .filter(invites::expires_at.gt(now()))
        .order(invites::created_at.desc())
        .load::<InviteRow>(conn)?
        .into_iter()
        .map(InviteRow::into_invite)
        .collect())
}

/// Revokes an open invitation of the club; false if there is no such open invitation.
pub fn revoke_invite(conn: &mut DbConnection, club: ClubId, id: InviteId) -> Result<bool, DbError> {
    let n = diesel::update(
        invites::table
            .filter(invites::id.eq(id.get()))
            .filter(invites::club_id.eq(club.get()))
            .filter(invites::used_at.is_null())
            .filter(invites::revoked_at.is_null()),
    )
    .set(invites::revoked_at.eq(now()))
    .execute(conn)?;
    Ok(n == 1)
}

/// Uses up an invite and creates the director it was for, all or nothing.
pub fn accept_invite(
    conn: &mut DbConnection,
    token_hash: &str,
    name: &str,
    password_hash: &str,
) -> Result<Club, CreateError> {
    super::write_transaction(conn, |conn| {
        let (invite, club) = open_invite(conn, token_hash)?.ok_or(CreateError::TokenInvalid)?;
        let used = diesel::update(
            invites::table
                .filter(invites::id.eq(invite.id.get()))
                .filter(invites::used_at.is_null()),
        )
        .set(invites::used_at.eq(now()))
        .execute(conn)?;
        if used != 1 {
            return Err(CreateError::TokenInvalid);
        }
        let d = NewDirector {
            email: &invite.email,
            name,
            password_hash,
        };
        insert_director(conn, club.id.get(), &d, Role::Director)?;
        Ok(club)
    })
}

// ---- API tokens ----

#[derive(Queryable)]
struct ApiTokenRow {
    id: i32,
    director_id: i32,
    name: String,
    _token_hash: String,
    created_at: NaiveDateTime,
    last_used_at: Option<NaiveDateTime>,
    revoked_at: Option<NaiveDateTime>,
}

impl ApiTokenRow {
    fn into_token(self) -> ApiToken {
        ApiToken {
            id: ApiTokenId::new(self.id),
            director_id: DirectorId::new(self.director_id),
            name: self.name,
            created_at: self.created_at,
            last_used_at: self.last_used_at,
            revoked_at: self.revoked_at,
        }
    }
}

pub fn create_api_token(
    conn: &mut DbConnection,
    director: DirectorId,
    name: &str,
    token_hash: &str,
) -> Result<ApiTokenId, DbError> {
    let id = diesel::insert_into(api_tokens::table)
        .values((
            api_tokens::director_id.eq(director.get()),
            api_tokens::name.eq(name),
            api_tokens::token_hash.eq(token_hash),
            api_tokens::created_at.eq(now()),
        ))
        .returning(api_tokens::id)
        .get_result(conn)?;
    Ok(ApiTokenId::new(id))
}

pub fn api_tokens_of(
    conn: &mut DbConnection,
    director: DirectorId,
) -> Result<Vec<ApiToken>, DbError> {
    Ok(api_tokens::table
        .filter(api_tokens::director_id.eq(director.get()))
        .order(api_tokens::created_at.desc())
        .load::<ApiTokenRow>(conn)?
        .into_iter()
        .map(ApiTokenRow::into_token)
        .collect())
}

/// Revokes one of the director's own tokens; false if there is no such token of theirs.
pub fn revoke_api_token(
    conn: &mut DbConnection,
    director: DirectorId,
    id: ApiTokenId,
) -> Result<bool, DbError> {
    let n = diesel::update(
        api_tokens::table
            .filter(api_tokens::id.eq(id.get()))
            .filter(api_tokens::director_id.eq(director.get())),
    )
    .set(api_tokens::revoked_at.eq(now()))
    .execute(conn)?;
    Ok(n == 1)
}

/// The director and club behind an unrevoked API token; records its use.
pub fn director_for_api_token(
    conn: &mut DbConnection,
    token_hash: &str,
) -> Result<Option<(Director, Club)>, DbError> {
    let found: Option<(i32, DirectorRow, ClubRow)> = api_tokens::table
        .inner_join(directors::table.inner_join(clubs::table))
        .filter(api_tokens::token_hash.eq(token_hash))
        .filter(api_tokens::revoked_at.is_null())
        .filter(directors::removed_at.is_null())
        .select((api_tokens::id, directors::all_columns, clubs::all_columns))
        .first(conn)
        .optional()?;
    let Some((id, d, c)) = found else {
        return Ok(None);
    };
    diesel::update(api_tokens::table.find(id))
        .set(api_tokens::last_used_at.eq(now()))
        .execute(conn)?;
    with_club(Some((d, c)))
}
