//! What every handler shares: the database pool, the configuration and the limits kept in
//! memory.

use actix_web::web;

use super::config::Config;
use super::error::AppError;
use super::limits::TableCodeLimit;
use super::par_worker::ParWorker;
use super::standings_cache::{SimComputed, SimKey, StandingsCache};
use crate::db::{DbConnection, DbPool};

pub struct AppState {
    pub pool: DbPool,
    pub config: Config,
    /// Wrong table codes by client address (this process's memory; see `limits`).
    pub table_codes: TableCodeLimit,
    /// Computed standings, each kept for its event's version (see `standings_cache`).
    pub standings: StandingsCache,
    /// Simultaneous events' fields, each kept for the sum of its heats' versions.
    pub sim_fields: StandingsCache<SimComputed, SimKey>,
    /// The robot par's background analysis (see `par_worker`).
    pub pars: ParWorker,
    /// The live tables' wake-ups (one hub per app: `service::live`).
    pub live: crate::service::live::Hub,
    /// The robots at online tables (see `online_robot_worker`).
    pub robots: std::sync::Arc<super::online_robot_worker::RobotWorker>,
}

impl AppState {
    /// The room clock's now (`config.clock`: the system's, or a test's settable one).
    pub fn now(&self) -> chrono::NaiveDateTime {
        self.config.clock.now()
    }

    /// Runs blocking database work on the blocking thread pool.
    pub async fn db<T, F>(&self, f: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> Result<T, AppError> + Send + 'static,
    {
        let pool = self.pool.clone();
        web::block(move || {
            let mut conn = pool.get().map_err(crate::db::DbError::from)?;
            f(&mut conn)
        })
        .await?
    }

    /// Runs a blocking service action that takes connections from the pool itself, step by
    /// step (one that checks between reading and writing: a result, an upload, an import),
    /// on the blocking thread pool. Nothing is held while it waits to start.
    pub async fn work<T, F>(&self, f: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&DbPool) -> Result<T, AppError> + Send + 'static,
    {
        let pool = self.pool.clone();
        web::block(move || f(&pool)).await?
    }

    /// Runs CPU-bound work that needs no connection (a check of what was read before) on the
    /// blocking thread pool, off the server's workers.
    pub async fn compute<T, F>(&self, f: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        Ok(web::block(f).await?)
    }
}
