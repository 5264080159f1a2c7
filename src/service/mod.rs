//! What the web pages, the API and the command line do: every action with rules (an event's
//! lifecycle, results, accounts and tokens...), each in one transaction over `db`, which only
//! stores. Over storage, under the web layer.
//!
//! An action that runs a CPU-bound check (the rules engine on a result, a file's every
//! result, a roster upload's lines against the roster) takes the pool, not a connection: it
//! reads with a connection and gives it back, checks with none (the engine through
//! [`checks::run`]), and writes in one short transaction that re-reads only what is cheap to
//! compare. A slow check then never holds a connection that another club's page waits for,
//! nor SQLite's write lock.

pub mod accounts;
pub mod archive;
pub mod checks;
pub mod clock;
pub mod clubs;
pub mod entries;
pub mod event_play;
pub mod events;
pub mod live;
pub mod online;
pub mod online_duet;
pub mod online_robots;
pub mod paces;
pub mod pars;
pub mod play;
pub mod practice;
pub mod rebuilds;
pub mod robot_duplicate;
pub mod seats;
pub mod sims;
pub mod table_play;
pub mod tokens;

pub use accounts::{LoginOutcome, ServiceError};

use crate::db::{DbConnection, DbError, DbPool};
pub mod results;
pub mod standings;

/// The clock the stored times are read against (UTC, without a zone, as rows keep it): pages
/// compare it with a round's start or an event's finish.
pub fn now() -> chrono::NaiveDateTime {
    crate::db::now()
}

/// One step of an action on a connection of its own: taken from the pool for the step and
/// given back when it returns (the read before a check, or the write after it).
pub(crate) fn step<T, E>(
    pool: &DbPool,
    f: impl FnOnce(&mut DbConnection) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<DbError>,
{
    let mut conn = pool.get().map_err(DbError::from)?;
    f(&mut conn)
}

/// [`step`] in one write transaction (`db::write_transaction`).
pub(crate) fn write_step<T, E>(
    pool: &DbPool,
    f: impl FnOnce(&mut DbConnection) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<DbError> + From<diesel::result::Error>,
{
    step(pool, |c| crate::db::write_transaction(c, f))
}

/// What kind of refusal an action's error is: the web answers each kind one way (its HTTP
/// status, an error page or `{"error": ...}`), whichever action refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// What was asked is not valid (a field, a reason, a movement's options).
    Invalid,
    /// No such event, entry, round or table (in this club).
    NotFound,
    /// Not possible in the event's current state (started, stale, already done).
    Conflict,
    /// The director may not do this at all.
    Forbidden,
    /// The database (or another part) failed: logged, never shown.
    Internal,
}

/// An action's typed error: its `kind()` decides how it is answered, its text is the message.
pub trait ActionError: std::error::Error + Send + Sync + 'static {
    fn kind(&self) -> ErrorKind;
}

/// A find that names one thing (an event, a club, a result): missing, or the database failed.
#[derive(Debug, thiserror::Error)]
pub enum FindError {
    #[error("not found")]
    NotFound,
    #[error(transparent)]
    Db(#[from] crate::db::DbError),
}

impl ActionError for FindError {
    fn kind(&self) -> ErrorKind {
        match self {
            FindError::NotFound => ErrorKind::NotFound,
            FindError::Db(_) => ErrorKind::Internal,
        }
    }
}

/// A stored row that must be there, as a `FindError`.
pub(crate) trait Found<T> {
    fn found(self) -> Result<T, FindError>;
}

impl<T> Found<T> for Result<Option<T>, crate::db::DbError> {
    fn found(self) -> Result<T, FindError> {
        self?.ok_or(FindError::NotFound)
    }
}
