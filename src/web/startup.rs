//! The application builder (as zero2prod's `Application::build`): `serve` and the tests'
//! `spawn_app` start exactly the same thing: the database opened and migrated, a listener
//! bound, the session key loaded, the setup link issued when the server has no director.

use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;

use actix_session::config::{CookieContentSecurity, PersistentSession};
use actix_session::{SessionMiddleware, storage::CookieSessionStore};
use actix_web::body::MessageBody;
use actix_web::cookie::{Key, SameSite};
use actix_web::dev::{Server, ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::{DefaultHeaders, Next, from_fn};
use actix_web::{App, HttpServer, web};

use super::config::{Config, FORM_LIMIT};
use super::limits::TableCodeLimit;
use super::online_robot_worker::RobotWorker;
use super::par_worker::{ParStop, ParWorker};
use super::standings_cache::StandingsCache;
use super::state::AppState;
use super::{csrf, extract_errors, routes};
use crate::db::{DbError, DbPool, connect};
use crate::service::accounts::SESSION_DAYS;
use crate::service::live::Hub;
use crate::service::{ServiceError, accounts};

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error(transparent)]
    Service(#[from] ServiceError),
    #[error("cannot listen on {bind}: {source}")]
    Bind {
        bind: String,
        source: std::io::Error,
    },
    #[error("the stored session key is not usable: {0}")]
    SessionKey(String),
}

pub struct Application {
    address: SocketAddr,
    base_url: String,
    pool: DbPool,
    setup_link: Option<String>,
    server: Server,
    par_stop: ParStop,
    live: Hub,
    robots: Arc<RobotWorker>,
}

impl Application {
    /// Opens the configured database (a pool of `config.db_pool` connections) and binds the
    /// configured address.
    pub fn build(config: Config) -> Result<Application, StartError> {
        let pool = connect(config.database_url.as_deref(), config.db_pool)?;
        Application::build_with_pool(config, pool)
    }

    /// The same, on a pool already opened (a second process on one database, in tests).
    pub fn build_with_pool(config: Config, pool: DbPool) -> Result<Application, StartError> {
        let listener = TcpListener::bind(&config.bind).map_err(|source| StartError::Bind {
            bind: config.bind.clone(),
            source,
        })?;
        let address = listener.local_addr().map_err(|source| StartError::Bind {
            bind: config.bind.clone(),
            source,
        })?;
        let base_url = config
            .base_url
            .clone()
            .unwrap_or_else(|| format!("http://{address}"));
        let setup_link = {
            let mut conn = pool.get().map_err(DbError::from)?;
            accounts::first_start_link(&mut conn, &base_url)?
        };
        let key = session_key(&pool)?;
        let pars = ParWorker::start(pool.clone(), config.par, config.tuning.robot_threads);
        let par_stop = pars.stopper();
        let live = Hub::new();
        live.listen(config.database_url.as_deref());
        let robots = Arc::new(RobotWorker::start(
            pool.clone(),
            config.clock.clone(),
            config.tuning,
            config.robot_seats,
            live.clone(),
        ));
        let cache_bytes = config.tuning.cache_bytes_each();
        let state = web::Data::new(AppState {
            pool: pool.clone(),
            config: Config {
                base_url: Some(base_url.clone()),
                ..config
            },
            table_codes: TableCodeLimit::default(),
            standings: StandingsCache::with_budget(cache_bytes),
            sim_fields: StandingsCache::with_budget(cache_bytes),
            pars,
            live: live.clone(),
            robots: robots.clone(),
        });
        let server = server(listener, state, key)?;
        Ok(Application {
            address,
            base_url,
            pool,
            setup_link,
            server,
            par_stop,
            live,
            robots,
        })
    }

    /// Stops the robot par's thread and waits for it; call before the process ends.
    pub fn par_stop(&self) -> ParStop {
        self.par_stop.clone()
    }

    /// The robots' threads at online tables: stop them (`stop`) before the process ends, as
    /// `run_until_stopped` does (a thread may be inside a query).
    pub fn robots(&self) -> Arc<RobotWorker> {
        self.robots.clone()
    }

    /// The app's live tables (`service::live`): every card played through it reaches this
    /// app's streams. Stop its listener (`stop_listener`) before the process ends.
    pub fn live(&self) -> Hub {
        self.live.clone()
    }

    pub fn address(&self) -> SocketAddr {
        self.address
    }
    /// How people reach the server (CALYPSO_BASE_URL, or the bound address).
    pub fn base_url(&self) -> &str {
        &self.base_url
    }
    pub fn pool(&self) -> DbPool {
        self.pool.clone()
    }
    /// The one-time link that creates the first club, when the server has no director yet.
    pub fn setup_link(&self) -> Option<&str> {
        self.setup_link.as_deref()
    }

    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let result = self.server.await;
        // The process ends next: the robot par's thread finishes its board and ends first,
        // and the live tables' listener closes its connection.
        self.par_stop.stop();
        self.live.stop_listener();
        self.robots.stop();
        result
    }

    /// The server future, to spawn.
    pub fn into_server(self) -> Server {
        self.server
    }
}

/// The cookie key, generated once and kept in the database so every process shares it.
fn session_key(pool: &DbPool) -> Result<Key, StartError> {
    let mut conn = pool.get().map_err(DbError::from)?;
    let hex_key = accounts::session_key_hex(&mut conn)?;
    let bytes = hex::decode(hex_key).map_err(|e| StartError::SessionKey(e.to_string()))?;
    Key::try_from(bytes.as_slice()).map_err(|e| StartError::SessionKey(e.to_string()))
}

/// A request's path as the log shows it: invitation tokens and table codes are keys, so they
/// stay out of the log ("/t/…/result").
fn logged_path(path: &str) -> String {
    if path.starts_with("/invite/") {
        return "/invite/…".to_string();
    }
    // A seat link's token is its seat's key.
    if let Some(rest) = path.strip_prefix("/api/v1/seats/") {
        return match rest.split_once('/') {
            Some((_, tail)) => format!("/api/v1/seats/…/{tail}"),
            None => "/api/v1/seats/…".to_string(),
        };
    }
    match path.strip_prefix("/t/") {
        Some(rest) => match rest.split_once('/') {
            Some((_, tail)) => format!("/t/…/{tail}"),
            None => "/t/…".to_string(),
        },
        None => path.to_string(),
    }
}

/// The log without RUST_LOG: the server's own news (its address, the setup link, logins)
/// and every warning and error, but a request only when it was slow or failed (see
/// docs/deploy.md, "Logs").
pub const DEFAULT_LOG: &str = "info,calypso_director::requests=warn";

/// The target of the request lines, so a host can choose their level on its own
/// (`RUST_LOG=info,calypso_director::requests=info` logs every request).
pub const REQUEST_LOG: &str = "calypso_director::requests";

/// One line per request, at a level by what it says: `info` for an ordinary answer (off by
/// default: a busy evening makes about a line per phone every five seconds), `warn` for one
/// slower than `CALYPSO_SLOW_REQUEST_MS` and `error` for a server error.
async fn log_requests(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = std::time::Instant::now();
    let slow = req
        .app_data::<web::Data<AppState>>()
        .map(|s| s.config.tuning.slow_request_ms)
        .unwrap_or(super::config::Tuning::default().slow_request_ms);
    let method = req.method().clone();
    let path = logged_path(req.path());
    let res = next.call(req).await?;
    let status = res.status().as_u16();
    let ms = started.elapsed().as_millis() as u64;
    if status >= 500 {
        tracing::error!(target: REQUEST_LOG, %method, %path, status, ms, "request");
    } else if ms >= slow {
        tracing::warn!(target: REQUEST_LOG, %method, %path, status, ms, "slow request");
    } else {
        tracing::info!(target: REQUEST_LOG, %method, %path, status, ms, "request");
    }
    Ok(res)
}

/// A write may have given an event its deals (a key, a redeal, an import): wake the robot
/// par's worker. (Cached standings need nothing: the event's version in the database moved.)
async fn wake_par_worker(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let writes = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let res = next.call(req).await;
    if let (true, Some(state)) = (writes, state) {
        state.pars.wake();
        // A card played, a seat changed: the robots look now.
        state.robots.wake();
    }
    res
}

fn server(
    listener: TcpListener,
    state: web::Data<AppState>,
    key: Key,
) -> Result<Server, StartError> {
    let secure = state.config.secure_cookies;
    let bind = state.config.bind.clone();
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
            // Refusals of the extractors are the site's own answers (extract_errors): the
            // error page, or JSON under /api/. PayloadConfig has no error handler: the CSRF
            // guard, which reads every form body first, answers its refusals.
            .app_data(web::PayloadConfig::new(FORM_LIMIT))
            .app_data(extract_errors::form_config())
            .app_data(extract_errors::query_config())
            .app_data(extract_errors::path_config())
            .app_data(extract_errors::json_config())
            .configure(routes::configure)
            // Last registered runs first: headers, log, session, then the CSRF check.
            .wrap(from_fn(csrf::guard))
            .wrap(from_fn(wake_par_worker))
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
    .map_err(|source| StartError::Bind { bind, source })?
    .run();
    Ok(server)
}

#[cfg(test)]
mod tests {
    use super::logged_path;

    #[test]
    fn keys_in_paths_stay_out_of_the_log() {
        assert_eq!(logged_path("/t/K7QX2MPA"), "/t/…");
        assert_eq!(logged_path("/t/K7QX2MPA/result"), "/t/…/result");
        assert_eq!(logged_path("/invite/abc123"), "/invite/…");
        assert_eq!(
            logged_path("/api/v1/seats/0123abcd/stream"),
            "/api/v1/seats/…/stream"
        );
        assert_eq!(logged_path("/api/v1/seats/0123abcd"), "/api/v1/seats/…");
        assert_eq!(logged_path("/c/alpha/events/3"), "/c/alpha/events/3");
        assert_eq!(logged_path("/static/table.js"), "/static/table.js");
    }
}
