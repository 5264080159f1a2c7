//! Passwords, tokens, login rate limits, and the extractors that say who is asking.

use std::future::Future;
use std::pin::Pin;
use std::sync::OnceLock;

use actix_session::SessionExt;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest, HttpResponse, dev::Payload, web};
use argon2::password_hash::phc::PasswordHash;
use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use chrono::Duration;
use rand::Rng;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::error::AppError;
use super::startup::AppState;
use crate::db::models::{Club, Director};
use crate::db::queries;

/// Failed logins allowed per account, and per client address, within [`RATE_WINDOW_MINUTES`].
pub const MAX_FAILURES_PER_ACCOUNT: i64 = 5;
pub const MAX_FAILURES_PER_IP: i64 = 20;
pub const RATE_WINDOW_MINUTES: i64 = 15;
/// How long a login lasts.
pub const SESSION_DAYS: i64 = 14;
/// Session keys.
pub const SESSION_LOGIN: &str = "login";
pub const SESSION_CSRF: &str = "csrf";

/// 32 random bytes from the thread RNG (a CSPRNG seeded from the OS), hex.
pub fn random_token() -> String {
    let mut b = [0u8; 32];
    rand::rng().fill_bytes(&mut b);
    hex::encode(b)
}

/// Tokens are stored hashed: a leaked database gives no working link, login or API token.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

pub fn constant_time_eq(a: &str, b: &str) -> bool {
    a.as_bytes().ct_eq(b.as_bytes()).into()
}

/// argon2id with the crate's defaults (m=19456 KiB, t=2, p=1) and a fresh salt.
pub fn hash_password(password: &str) -> Result<String, AppError> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h: PasswordHash| h.to_string())
        .map_err(|e| AppError::Internal(format!("hashing a password: {e}")))
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
        director_id: i32,
        club_slug: String,
        token: String,
    },
    BadCredentials,
    RateLimited,
}

/// Checks the rate limits, then the password, recording the attempt. On success starts a
/// new login session and returns its token (for the cookie).
pub fn login(
    conn: &mut crate::db::DbConnection,
    email: &str,
    password: &str,
    ip: &str,
) -> Result<LoginOutcome, AppError> {
    let since = queries::now() - Duration::minutes(RATE_WINDOW_MINUTES);
    let (by_email, by_ip) = queries::recent_failures(conn, email, ip, since)?;
    if by_email >= MAX_FAILURES_PER_ACCOUNT || by_ip >= MAX_FAILURES_PER_IP {
        return Ok(LoginOutcome::RateLimited);
    }
    let director = queries::director_by_email(conn, email)?;
    let ok = verify_password(
        password,
        director.as_ref().map(|d| d.password_hash.as_str()),
    );
    queries::record_login_attempt(conn, email, ip, ok)?;
    match director {
        Some(d) if ok => {
            let token = random_token();
            queries::create_login_session(
                conn,
                d.id,
                &hash_token(&token),
                Duration::days(SESSION_DAYS),
            )?;
            let club = queries::club_by_id(conn, d.club_id)?;
            Ok(LoginOutcome::Ok {
                director_id: d.id,
                club_slug: club.slug,
                token,
            })
        }
        _ => Ok(LoginOutcome::BadCredentials),
    }
}

/// The client address used for per-IP limits: the TCP peer. (A proxy in front should be
/// the only client; trusting X-Forwarded-For here would let anyone pick their own address.)
pub fn client_ip(req: &HttpRequest) -> String {
    req.peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_else(|| "unknown".into())
}

/// A logged-in director, if any (public pages use this to show director controls).
pub struct Viewer(pub Option<(Director, Club)>);

fn load_viewer(req: &HttpRequest) -> Pin<Box<dyn Future<Output = Result<Viewer, AppError>>>> {
    let token = req
        .get_session()
        .get::<String>(SESSION_LOGIN)
        .ok()
        .flatten();
    let state = req.app_data::<web::Data<AppState>>().cloned();
    Box::pin(async move {
        let (Some(token), Some(state)) = (token, state) else {
            return Ok(Viewer(None));
        };
        let found = state
            .db(move |conn| Ok(queries::director_for_session(conn, &hash_token(&token))?))
            .await?;
        Ok(Viewer(found))
    })
}

impl FromRequest for Viewer {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<Viewer, AppError>>>>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        load_viewer(req)
    }
}

impl Viewer {
    /// Whether the viewer directs this club.
    pub fn directs(&self, club_id: i32) -> bool {
        matches!(&self.0, Some((d, _)) if d.club_id == club_id)
    }
}

/// A director acting on their own club: the `{club}` in the path must be theirs. Not
/// logged in: redirect to the login page. Another club: 404, as if it did not exist.
pub struct ClubDirector {
    pub director: Director,
    pub club: Club,
}

impl FromRequest for ClubDirector {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<ClubDirector, actix_web::Error>>>>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let viewer = load_viewer(req);
        let slug = req.match_info().get("club").map(str::to_string);
        let path = req.path().to_string();
        Box::pin(async move {
            match viewer.await? {
                Viewer(None) => {
                    let to = format!("/login?next={}", urlencode(&path));
                    Err(actix_web::error::InternalError::from_response(
                        "login required",
                        HttpResponse::SeeOther()
                            .insert_header((header::LOCATION, to))
                            .finish(),
                    )
                    .into())
                }
                Viewer(Some((director, club))) => {
                    if slug.as_deref() != Some(club.slug.as_str()) {
                        return Err(AppError::NotFound.into());
                    }
                    Ok(ClubDirector { director, club })
                }
            }
        })
    }
}

/// A director authenticated by `Authorization: Bearer <API token>`.
pub struct ApiDirector {
    pub director: Director,
    pub club: Club,
}

impl FromRequest for ApiDirector {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<ApiDirector, AppError>>>>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = req
            .headers()
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(|t| t.trim().to_string());
        let state = req.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let Some(token) = token.filter(|t| !t.is_empty()) else {
                return Err(AppError::ApiUnauthorized(
                    "missing API token: send Authorization: Bearer <token>".into(),
                ));
            };
            let state = state.ok_or_else(|| AppError::Internal("no app state".into()))?;
            let found = state
                .db(move |conn| Ok(queries::director_for_api_token(conn, &hash_token(&token))?))
                .await
                .map_err(AppError::into_api)?;
            match found {
                Some((director, club)) => Ok(ApiDirector { director, club }),
                None => Err(AppError::ApiUnauthorized(
                    "invalid or revoked API token".into(),
                )),
            }
        })
    }
}

/// Percent-encodes for a query value (the `next` page after login).
pub fn urlencode(s: &str) -> String {
    serde_urlencoded::to_string([("", s)])
        .map(|q| q.trim_start_matches('=').to_string())
        .unwrap_or_default()
}

/// Only same-site paths are followed after login (no open redirect).
pub fn safe_next(next: &str) -> String {
    if next.starts_with('/') && !next.starts_with("//") && !next.contains('\\') {
        next.to_string()
    } else {
        "/".to_string()
    }
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

    #[test]
    fn next_must_stay_on_site() {
        assert_eq!(safe_next("/c/x/players"), "/c/x/players");
        assert_eq!(safe_next("//evil.example"), "/");
        assert_eq!(safe_next("https://evil.example"), "/");
        assert_eq!(urlencode("/c/a b"), "%2Fc%2Fa+b");
    }
}
