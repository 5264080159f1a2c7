//! Builds the application: state, middleware, routes. Tests call [`run`] with a listener on
//! port 0 and their own database pool.

use std::net::TcpListener;

use actix_session::config::{CookieContentSecurity, PersistentSession};
use actix_session::{SessionMiddleware, storage::CookieSessionStore};
use actix_web::body::MessageBody;
use actix_web::cookie::{Key, SameSite};
use actix_web::dev::{Server, ServiceRequest, ServiceResponse};
use actix_web::middleware::{DefaultHeaders, Next, from_fn};
use actix_web::{App, HttpServer, web};
use chrono::Duration;

use super::auth::{self, SESSION_DAYS};
use super::config::Config;
use super::error::AppError;
use super::{csrf, routes};
use crate::db::{DbConnection, DbPool, queries};

/// Largest form body accepted (bytes); larger gets 413.
pub const FORM_LIMIT: usize = 64 * 1024;
/// Largest JSON body accepted by the API (bytes).
pub const JSON_LIMIT: usize = 64 * 1024;

pub struct AppState {
    pub pool: DbPool,
    pub config: Config,
}

impl AppState {
    /// Runs blocking database work on the blocking thread pool.
    pub async fn db<T, F>(&self, f: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> Result<T, AppError> + Send + 'static,
    {
        let pool = self.pool.clone();
        web::block(move || {
            let mut conn = pool
                .get()
                .map_err(|e| AppError::Internal(format!("pool: {e}")))?;
            f(&mut conn)
        })
        .await
        .map_err(|e| AppError::Internal(format!("blocking task: {e}")))?
    }
}

/// The cookie key, generated once and kept in the database so every process shares it.
fn session_key(pool: &DbPool) -> Result<Key, AppError> {
    let mut conn = pool
        .get()
        .map_err(|e| AppError::Internal(format!("pool: {e}")))?;
    let hex_key = queries::setting_or_insert(&mut conn, "session_key", || {
        format!("{}{}", auth::random_token(), auth::random_token())
    })?;
    let bytes =
        hex::decode(hex_key).map_err(|e| AppError::Internal(format!("stored session key: {e}")))?;
    Key::try_from(bytes.as_slice())
        .map_err(|e| AppError::Internal(format!("stored session key: {e}")))
}

/// With no director yet, issues a one-time setup link and logs it. Returns the link.
pub fn announce_setup_link(pool: &DbPool, config: &Config) -> Result<Option<String>, AppError> {
    let mut conn = pool
        .get()
        .map_err(|e| AppError::Internal(format!("pool: {e}")))?;
    if queries::count_directors(&mut conn)? > 0 {
        return Ok(None);
    }
    let link = issue_setup_link(&mut conn, config)?;
    tracing::warn!("no director account yet: open {link} to create the first club");
    Ok(Some(link))
}

/// A new one-time link that creates a club and its owner (valid 24 hours).
pub fn issue_setup_link(conn: &mut DbConnection, config: &Config) -> Result<String, AppError> {
    let token = auth::random_token();
    queries::insert_setup_token(conn, &auth::hash_token(&token), Duration::hours(24))?;
    Ok(format!("{}/setup?token={token}", config.base_url))
}

async fn log_requests(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let method = req.method().clone();
    // Invitation tokens are in the path: keep them out of the log.
    let path = match req.path() {
        p if p.starts_with("/invite/") => "/invite/…".to_string(),
        p => p.to_string(),
    };
    let res = next.call(req).await?;
    tracing::info!(%method, %path, status = res.status().as_u16(), "request");
    Ok(res)
}

pub fn run(listener: TcpListener, pool: DbPool, config: Config) -> Result<Server, AppError> {
    let key = session_key(&pool)?;
    let secure = config.secure_cookies;
    let state = web::Data::new(AppState { pool, config });
    let server = HttpServer::new(move || {
        let session = SessionMiddleware::builder(CookieSessionStore::default(), key.clone())
            .cookie_name("calypso_session".into())
            .cookie_http_only(true)
            .cookie_same_site(SameSite::Lax)
            .cookie_secure(secure)
            .cookie_content_security(CookieContentSecurity::Private)
            .session_lifecycle(
                PersistentSession::default()
                    .session_ttl(actix_web::cookie::time::Duration::days(SESSION_DAYS)),
            )
            .build();
        App::new()
            .app_data(state.clone())
            .app_data(web::PayloadConfig::new(FORM_LIMIT))
            .app_data(web::FormConfig::default().limit(FORM_LIMIT))
            .configure(routes::configure)
            // Last registered runs first: headers, log, session, then the CSRF check.
            .wrap(from_fn(csrf::guard))
            .wrap(session)
            .wrap(from_fn(log_requests))
            .wrap(
                DefaultHeaders::new()
                    .add(("X-Content-Type-Options", "nosniff"))
                    .add(("X-Frame-Options", "DENY"))
                    .add(("Referrer-Policy", "same-origin"))
                    .add((
                        "Content-Security-Policy",
                        "default-src 'self'; style-src 'self'; script-src 'self'; frame-ancestors 'none'",
                    )),
            )
    })
    .listen(listener)
    .map_err(|e| AppError::Internal(format!("listen: {e}")))?
    .run();
    Ok(server)
}
