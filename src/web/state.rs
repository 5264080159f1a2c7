//! What every handler shares: the database pool and the configuration.

use actix_web::web;

use super::config::Config;
use super::error::AppError;
use crate::db::{DbConnection, DbPool};

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
            let mut conn = pool.get().map_err(crate::db::DbError::from)?;
            f(&mut conn)
        })
        .await?
    }
}
