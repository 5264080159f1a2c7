//! Accounts: password hashing, the rate-limited login, setup links and invitations.

use std::sync::OnceLock;

use argon2::password_hash::phc::PasswordHash;
use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use chrono::Duration;

use super::tokens::{hash_token, random_token};
use crate::db::{self, DbConnection, DbError};
use crate::event::club::{Club, Director, Email, Invite, NewDirector, TimeZone};
use crate::event::{ClubId, DirectorId, InviteId};

/// Why a setup link or an invitation created no account (the link is used up or expired,
/// the address or the email is taken, or the database failed): a storage outcome, each
/// answered on its form field.
pub use crate::db::accounts::CreateError;
/// Why a director was not removed (no such director, the owner, or the database failed).
pub use crate::db::accounts::RemoveError;

/// Failed logins allowed per account, and per client address, within [`RATE_WINDOW_MINUTES`].
pub const MAX_FAILURES_PER_ACCOUNT: i64 = 5;
pub const MAX_FAILURES_PER_IP: i64 = 20;
pub const RATE_WINDOW_MINUTES: i64 = 15;
/// How long a login lasts.
pub const SESSION_DAYS: i64 = 14;
/// How long setup links and invitations stay valid.
pub const SETUP_LINK_HOURS: i64 = 24;
pub const INVITE_DAYS: i64 = 7;

#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("hashing a password: {0}")]
    Hash(String),
}

/// The accounts' errors are failures only (a refused login is an outcome, not an error).
impl super::ActionError for ServiceError {
    fn kind(&self) -> super::ErrorKind {
        super::ErrorKind::Internal
    }
}

/// argon2id with the crate's defaults (m=19456 KiB, t=2, p=1) and a fresh salt.
pub fn hash_password(password: &str) -> Result<String, ServiceError> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h: PasswordHash| h.to_string())
        .map_err(|e| ServiceError::Hash(e.to_string()))
}

/// Verifies in constant time. For an unknown account call it with `None`: it then checks
/// against a fixed dummy hash, so the answer takes as long either way.
pub fn verify_password(password: &str, stored: Option<&str>) -> bool {
    static DUMMY: OnceLock<String> = OnceLock::new();
    let dummy = DUMMY.get_or_init(|| {
        hash_password("not a real password, only here to spend time").unwrap_or_default()
    });
    let (hash, real) = match stored {
        Some(h) => (h, true),
        None => (dummy.as_str(), false),
    };
    let ok = PasswordHash::new(hash)
        .map(|h| {
            Argon2::default()
                .verify_password(password.as_bytes(), &h)
                .is_ok()
        })
        .unwrap_or(false);
    ok && real
}

pub enum LoginOutcome {
    /// The new login's token (for the cookie), and where the director belongs.
    Ok {
        director: DirectorId,
        club_slug: String,
        token: String,
    },
    BadCredentials,
    RateLimited,
}

/// Checks the rate limits, then the password, recording the attempt. On success starts a
/// new login session and returns its token (for the cookie). `email` is as typed: a text
/// that is not an address still counts against the limits, under the text itself.
pub fn login(
    conn: &mut DbConnection,
    email: &str,
    password: &str,
    ip: &str,
) -> Result<LoginOutcome, ServiceError> {
    let email = Email::parse(email)
        .map(|e| e.as_str().to_string())
        .unwrap_or_else(|_| email.trim().to_lowercase());
    let since = db::now() - Duration::minutes(RATE_WINDOW_MINUTES);
    let (by_email, by_ip) = db::accounts::recent_failures(conn, &email, ip, since)?;
    if by_email >= MAX_FAILURES_PER_ACCOUNT || by_ip >= MAX_FAILURES_PER_IP {
        return Ok(LoginOutcome::RateLimited);
    }
    let found = db::accounts::director_for_login(conn, &email)?;
    let ok = verify_password(password, found.as_ref().map(|(_, h)| h.as_str()));
    db::accounts::record_login_attempt(conn, &email, ip, ok)?;
    match found {
        Some((d, _)) if ok => {
            let token = random_token();
            db::accounts::create_login_session(
                conn,
                d.id,
                &hash_token(&token),
                Duration::days(SESSION_DAYS),
            )?;
            let club = club_of(conn, &d)?;
            Ok(LoginOutcome::Ok {
                director: d.id,
                club_slug: club.slug,
                token,
            })
        }
        _ => Ok(LoginOutcome::BadCredentials),
    }
}

fn club_of(conn: &mut DbConnection, d: &Director) -> Result<Club, DbError> {
    db::clubs::club_by_id(conn, d.club_id)?.ok_or(DbError::Corrupt {
        what: "director",
        id: d.id.get(),
        problem: "their club does not exist".into(),
    })
}

/// A new one-time link that creates a club and its owner (valid [`SETUP_LINK_HOURS`]).
pub fn issue_setup_link(conn: &mut DbConnection, base_url: &str) -> Result<String, ServiceError> {
    let token = random_token();
    db::accounts::insert_setup_token(conn, &hash_token(&token), Duration::hours(SETUP_LINK_HOURS))?;
    Ok(format!("{base_url}/setup?token={token}"))
}

/// With no director yet, a setup link to log at first start.
pub fn first_start_link(
    conn: &mut DbConnection,
    base_url: &str,
) -> Result<Option<String>, ServiceError> {
    if db::accounts::count_directors(conn)? > 0 {
        return Ok(None);
    }
    issue_setup_link(conn, base_url).map(Some)
}

/// What inviting an email gave.
pub enum Invitation {
    /// The link to send (shown once to the owner).
    Link(String),
    /// The email already belongs to a director account.
    EmailTaken,
}

/// Invites a director to the club: an expiring one-time link for that email.
pub fn invite(
    conn: &mut DbConnection,
    club: ClubId,
    by: DirectorId,
    email: &Email,
    base_url: &str,
) -> Result<Invitation, ServiceError> {
    if db::accounts::email_in_use(conn, email.as_str())? {
        return Ok(Invitation::EmailTaken);
    }
    let token = random_token();
    db::accounts::create_invite(
        conn,
        club,
        email.as_str(),
        by,
        &hash_token(&token),
        Duration::days(INVITE_DAYS),
    )?;
    Ok(Invitation::Link(format!("{base_url}/invite/{token}")))
}

/// The key that signs the login cookies, as hex: made once (64 random bytes) and kept in the
/// database, so that every server process on it reads the same one and a restart keeps
/// everyone logged in.
pub fn session_key_hex(conn: &mut DbConnection) -> Result<String, DbError> {
    db::server::setting_or_insert(conn, "session_key", || {
        format!("{}{}", random_token(), random_token())
    })
}

/// The director (and their club) logged in with this cookie's token, if the login is live
/// (unexpired, not logged out, the director not removed).
pub fn director_for_session(
    conn: &mut DbConnection,
    token: &str,
) -> Result<Option<(Director, Club)>, DbError> {
    db::accounts::director_for_session(conn, &hash_token(token))
}

/// Logs out: the cookie's token no longer lets anyone in, even if the cookie was copied.
pub fn logout(conn: &mut DbConnection, token: &str) -> Result<(), DbError> {
    db::accounts::revoke_login_session(conn, &hash_token(token))
}

/// Whether a setup link's token can still create a club (unused and unexpired): the setup
/// page shows its form only then.
pub fn setup_link_open(conn: &mut DbConnection, token: &str) -> Result<bool, DbError> {
    db::accounts::setup_token_valid(conn, &hash_token(token))
}

/// Uses up a setup link and creates the club and its owner, all or nothing.
pub fn setup_club(
    conn: &mut DbConnection,
    token: &str,
    slug: &str,
    club_name: &str,
    time_zone: TimeZone,
    owner: &NewDirector,
) -> Result<Club, CreateError> {
    db::accounts::setup_club(conn, &hash_token(token), slug, club_name, time_zone, owner)
}

/// The open invitation (unused, unrevoked, unexpired) behind a link's token, and its club.
pub fn open_invite(
    conn: &mut DbConnection,
    token: &str,
) -> Result<Option<(Invite, Club)>, DbError> {
    db::accounts::open_invite(conn, &hash_token(token))
}

/// Uses up an invitation and creates the director it was for (with the invited email), all
/// or nothing.
pub fn accept_invite(
    conn: &mut DbConnection,
    token: &str,
    name: &str,
    password_hash: &str,
) -> Result<Club, CreateError> {
    db::accounts::accept_invite(conn, &hash_token(token), name, password_hash)
}

/// The club's directors (by name) and its open invitations (newest first): the directors
/// page.
pub fn directors_and_invites(
    conn: &mut DbConnection,
    club: ClubId,
) -> Result<(Vec<Director>, Vec<Invite>), DbError> {
    Ok((
        db::accounts::directors_of_club(conn, club)?,
        db::accounts::pending_invites(conn, club)?,
    ))
}

/// One active director of the club (the one an owner is about to remove); None for a removed
/// director or another club's, as for one that does not exist.
pub fn director_of_club(
    conn: &mut DbConnection,
    club: ClubId,
    id: DirectorId,
) -> Result<Option<Director>, DbError> {
    Ok(db::accounts::directors_of_club(conn, club)?
        .into_iter()
        .find(|d| d.id == id))
}

/// Revokes an open invitation of the club, so its link stops working; false if there is no
/// such open invitation.
pub fn revoke_invite(conn: &mut DbConnection, club: ClubId, id: InviteId) -> Result<bool, DbError> {
    db::accounts::revoke_invite(conn, club, id)
}

/// Removes a director (never the owner) from the club: their logins and API tokens stop
/// working at once, what they signed stays theirs. One transaction.
pub fn remove_director(
    conn: &mut DbConnection,
    club: ClubId,
    id: DirectorId,
) -> Result<Director, RemoveError> {
    db::accounts::remove_director(conn, club, id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_verify_and_unknown_accounts_never_do() {
        let h = hash_password("correct horse battery").unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify_password("correct horse battery", Some(&h)));
        assert!(!verify_password("wrong horse battery", Some(&h)));
        assert!(!verify_password("correct horse battery", None));
        assert!(!verify_password("x", Some("garbage")));
    }
}
