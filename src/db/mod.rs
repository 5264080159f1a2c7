//! Persistence: one code path for SQLite (default, bundled) and PostgreSQL (feature
//! `postgres`). The backend is chosen from the URL scheme, never by trial and error.

pub mod accounts;
pub mod archive;
pub mod backup;
pub mod clocks;
pub mod clubs;
pub mod duet;
pub mod entries;
pub mod event_play;
pub mod events;
pub mod individual;
pub mod movements;
pub mod online;
pub mod online_robots;
pub mod paces;
pub mod pars;
pub mod practice;
pub mod rebuilds;
pub mod results;
pub mod schema;
pub mod server;
pub mod sims;
pub mod tables;

use std::path::PathBuf;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::r2d2::{ManageConnection, Pool, PooledConnection};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

use crate::event::{ClubId, EventId};

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/sqlite");
#[cfg(feature = "postgres")]
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/postgres");

/// The default database file, in the working directory.
pub const DEFAULT_SQLITE_FILE: &str = "calypso.db";

#[cfg(feature = "postgres")]
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Sqlite(diesel::SqliteConnection),
    Pg(diesel::PgConnection),
}

#[cfg(not(feature = "postgres"))]
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Sqlite(diesel::SqliteConnection),
}

pub type DbPool = Pool<ConnectionManager>;
pub type PooledDb = PooledConnection<ConnectionManager>;

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error(
        "unsupported database URL scheme \"{0}\": use postgres://, postgresql://, sqlite:// or a file path"
    )]
    UnsupportedScheme(String),
    #[error(
        "DATABASE_URL is a PostgreSQL URL but this binary was built without PostgreSQL support; rebuild with `--features postgres`"
    )]
    PostgresNotBuilt,
    #[error("cannot open the database: {0}")]
    Connection(#[from] diesel::ConnectionError),
    #[error("database error: {0}")]
    Query(#[from] diesel::result::Error),
    #[error("cannot run database migrations: {0}")]
    Migration(String),
    #[error("database pool: {0}")]
    Pool(#[from] diesel::r2d2::PoolError),
    #[error("the database path {0} is not UTF-8")]
    PathNotUtf8(PathBuf),
    /// A stored row that no longer reads as a valid value (edited by hand, or a bug).
    #[error("stored {what} {id} is not valid: {problem}")]
    Corrupt {
        what: &'static str,
        id: i32,
        problem: String,
    },
}

/// The time stored in rows: UTC, without a zone (both backends' TIMESTAMP).
pub fn now() -> chrono::NaiveDateTime {
    chrono::Utc::now().naive_utc()
}

/// Which backend a database URL names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite(PathBuf),
    Postgres(String),
}

impl Backend {
    /// `postgres://` / `postgresql://` (or `postgres:...`) is PostgreSQL; `sqlite://path`,
    /// `sqlite:path`, a plain path or nothing is a SQLite file. Any other scheme is an error.
    pub fn from_url(url: Option<&str>) -> Result<Backend, DbError> {
        let url = match url.map(str::trim) {
            None | Some("") => return Ok(Backend::Sqlite(PathBuf::from(DEFAULT_SQLITE_FILE))),
            Some(u) => u,
        };
        if let Some((scheme, rest)) = url.split_once(':') {
            // A one-letter "scheme" is a Windows drive; anything else with letters only is a scheme.
            let is_scheme = scheme.len() > 1
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '+' || c == '-' || c == '.');
            if is_scheme {
                return match scheme.to_ascii_lowercase().as_str() {
                    "postgres" | "postgresql" => {
                        if cfg!(feature = "postgres") {
                            Ok(Backend::Postgres(url.to_string()))
                        } else {
                            Err(DbError::PostgresNotBuilt)
                        }
                    }
                    "sqlite" | "file" => {
                        let path = rest.strip_prefix("//").unwrap_or(rest);
                        if path.is_empty() || path == ":memory:" {
                            // Each pooled connection would get its own empty database.
                            return Err(DbError::UnsupportedScheme(
                                "sqlite without a file path (in-memory databases cannot be pooled)"
                                    .into(),
                            ));
                        }
                        Ok(Backend::Sqlite(PathBuf::from(path)))
                    }
                    other => Err(DbError::UnsupportedScheme(other.to_string())),
                };
            }
        }
        Ok(Backend::Sqlite(PathBuf::from(url)))
    }

    /// For logs: the file, or the PostgreSQL URL without its password.
    pub fn describe(&self) -> String {
        match self {
            Backend::Sqlite(p) => format!("SQLite file {}", p.display()),
            Backend::Postgres(url) => {
                let shown = match (url.find("://"), url.rfind('@')) {
                    (Some(s), Some(at)) if at > s => {
                        let userinfo = &url[s + 3..at];
                        let user = userinfo.split(':').next().unwrap_or("");
                        format!("{}{}:***{}", &url[..s + 3], user, &url[at..])
                    }
                    _ => url.clone(),
                };
                format!("PostgreSQL {shown}")
            }
        }
    }
}

/// An r2d2 manager that opens the backend its URL names and reports the real error.
#[derive(Clone, Debug)]
pub struct ConnectionManager {
    backend: Backend,
}

impl ConnectionManager {
    pub fn new(backend: Backend) -> ConnectionManager {
        ConnectionManager { backend }
    }
}

/// Pragmas for every SQLite connection: waiting instead of failing on a busy database,
/// enforced foreign keys, and the WAL's usual durability level. The busy timeout comes
/// first: `synchronous` (like `journal_mode`) reads the database, and a read can find it
/// briefly locked, for instance while another connection rebuilds the WAL index, which is
/// what the pool's connections, opened in parallel at start, used to run into ("database
/// is locked" logged by r2d2) when the timeout came after.
const SQLITE_PRAGMAS: &str =
    "PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;";

/// Concurrent readers with one writer. The journal mode is kept in the database file, so it
/// is set once, on the first connection, before the pool opens the others.
const SQLITE_WAL: &str = "PRAGMA journal_mode = WAL;";

impl ManageConnection for ConnectionManager {
    type Connection = DbConnection;
    type Error = DbError;

    fn connect(&self) -> Result<DbConnection, DbError> {
        match &self.backend {
            Backend::Sqlite(path) => {
                let path = path
                    .to_str()
                    .ok_or_else(|| DbError::PathNotUtf8(path.clone()))?;
                let mut conn = diesel::SqliteConnection::establish(path)?;
                // Nothing may run before the busy timeout (see SQLITE_PRAGMAS).
                conn.batch_execute(SQLITE_PRAGMAS)?;
                Ok(DbConnection::Sqlite(conn))
            }
            #[cfg(feature = "postgres")]
            Backend::Postgres(url) => Ok(DbConnection::Pg(diesel::PgConnection::establish(url)?)),
            #[cfg(not(feature = "postgres"))]
            Backend::Postgres(_) => Err(DbError::PostgresNotBuilt),
        }
    }

    fn is_valid(&self, conn: &mut DbConnection) -> Result<(), DbError> {
        conn.batch_execute("SELECT 1").map_err(DbError::Query)
    }

    fn has_broken(&self, _conn: &mut DbConnection) -> bool {
        false
    }
}

/// Opens (creating a SQLite file if needed) and migrates the database, and builds the pool.
/// The first connection is made here so a bad URL or password fails at start, loudly.
pub fn connect(url: Option<&str>, max_size: u32) -> Result<DbPool, DbError> {
    let backend = Backend::from_url(url)?;
    let sqlite = matches!(backend, Backend::Sqlite(_));
    let manager = ConnectionManager::new(backend);
    let mut first = manager.connect()?;
    if sqlite {
        first.batch_execute(SQLITE_WAL)?;
    }
    run_migrations(&mut first)?;
    // `first` stays open while the pool opens its connections and is dropped on return:
    // closing the last connection to a SQLite file checkpoints and removes the WAL, which
    // the pool's first readers would then have to rebuild, all at once.
    Pool::builder()
        .max_size(max_size)
        .build(manager)
        .map_err(DbError::Pool)
}

/// Applies pending migrations for the connection's backend. On PostgreSQL an advisory lock
/// keeps several processes starting at once from migrating concurrently.
pub fn run_migrations(conn: &mut DbConnection) -> Result<(), DbError> {
    let mig = |e: Box<dyn std::error::Error + Send + Sync>| DbError::Migration(e.to_string());
    match conn {
        DbConnection::Sqlite(c) => {
            c.run_pending_migrations(SQLITE_MIGRATIONS).map_err(mig)?;
        }
        #[cfg(feature = "postgres")]
        DbConnection::Pg(c) => {
            c.batch_execute("SELECT pg_advisory_lock(7283401)")?;
            let r = c.run_pending_migrations(POSTGRES_MIGRATIONS).map(|_| ());
            c.batch_execute("SELECT pg_advisory_unlock(7283401)")?;
            r.map_err(mig)?;
        }
    }
    Ok(())
}

/// A transaction that writes. On SQLite it begins IMMEDIATE, taking the write lock before
/// anything is read (waiting for it up to the busy timeout): a deferred transaction that
/// reads and then writes cannot take the lock while another connection writes, or once one
/// has written since its read, and SQLite answers that at once with "database is locked",
/// without waiting (what a round started while phones enter results ran into). Inside a
/// transaction it is a savepoint, as `Connection::transaction`; PostgreSQL's is the usual one.
pub fn write_transaction<T, E>(
    conn: &mut DbConnection,
    f: impl FnOnce(&mut DbConnection) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<diesel::result::Error>,
{
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    type Manager = <DbConnection as Connection>::TransactionManager;
    let depth = Manager::transaction_manager_status_mut(conn).transaction_depth()?;
    let immediate = match conn {
        DbConnection::Sqlite(c) if depth.is_none() => {
            AnsiTransactionManager::begin_transaction_sql(c, "BEGIN IMMEDIATE")?;
            true
        }
        #[allow(unreachable_patterns)] // the SQLite-only build has no other variant
        _ => false,
    };
    if !immediate {
        return conn.transaction(f);
    }
    // The rest as diesel's own `transaction`.
    match f(conn) {
        Ok(value) => {
            Manager::commit_transaction(conn)?;
            Ok(value)
        }
        Err(e) => match Manager::rollback_transaction(conn) {
            Ok(()) | Err(diesel::result::Error::BrokenTransactionManager) => Err(e),
            Err(rollback) => Err(rollback.into()),
        },
    }
}

/// Takes the event's row for the rest of the transaction, before anything is read: a
/// second change of the same event (a double click, two directors) waits for the first and
/// then reads what it left, instead of failing on SQLite's stale snapshot or acting twice.
pub fn lock_event(conn: &mut DbConnection, event: EventId) -> Result<(), DbError> {
    use schema::events;
    diesel::update(events::table.find(event.get()))
        .set(events::current_round.eq(events::current_round))
        .execute(conn)?;
    Ok(())
}

/// Whether the event belongs to the club (the guard of every query on an event's rows).
pub fn event_of_club(
    conn: &mut DbConnection,
    club: ClubId,
    event: EventId,
) -> Result<bool, DbError> {
    use schema::events;
    let n: i64 = events::table
        .filter(events::id.eq(event.get()))
        .filter(events::club_id.eq(club.get()))
        .count()
        .get_result(conn)?;
    Ok(n == 1)
}

/// Whether two concurrent writers collided on a unique key (either backend).
pub fn is_unique_violation(e: &diesel::result::Error) -> bool {
    matches!(
        e,
        diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_schemes_pick_the_backend() {
        assert_eq!(
            Backend::from_url(None).unwrap(),
            Backend::Sqlite(PathBuf::from("calypso.db"))
        );
        assert_eq!(
            Backend::from_url(Some("sqlite:///tmp/x.db")).unwrap(),
            Backend::Sqlite(PathBuf::from("/tmp/x.db"))
        );
        assert_eq!(
            Backend::from_url(Some("data/club.db")).unwrap(),
            Backend::Sqlite(PathBuf::from("data/club.db"))
        );
        assert!(matches!(
            Backend::from_url(Some("mysql://x")),
            Err(DbError::UnsupportedScheme(_))
        ));
        assert!(Backend::from_url(Some("sqlite::memory:")).is_err());
        let pg = Backend::from_url(Some("postgres:foo"));
        if cfg!(feature = "postgres") {
            assert_eq!(pg.unwrap(), Backend::Postgres("postgres:foo".into()));
        } else {
            assert!(matches!(pg, Err(DbError::PostgresNotBuilt)));
        }
    }

    #[test]
    fn password_is_hidden_in_logs() {
        let b = Backend::Postgres("postgres://app:secret@localhost/db".into());
        assert_eq!(b.describe(), "PostgreSQL postgres://app:***@localhost/db");
    }

    #[test]
    fn sqlite_connections_get_wal_foreign_keys_and_a_busy_timeout() {
        #[derive(diesel::QueryableByName)]
        struct Row {
            #[diesel(sql_type = diesel::sql_types::Text)]
            v: String,
        }
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("t.db").display());
        let pool = connect(Some(&url), 2).unwrap();
        // Every pooled connection, not only the first.
        let mut conns: Vec<_> = (0..2).map(|_| pool.get().unwrap()).collect();
        for c in conns.iter_mut() {
            #[allow(irrefutable_let_patterns)] // one variant without the postgres feature
            let DbConnection::Sqlite(c) = &mut **c else {
                panic!("sqlite expected")
            };
            let q = |c: &mut diesel::SqliteConnection, sql: &str| -> String {
                diesel::sql_query(sql).get_result::<Row>(c).unwrap().v
            };
            assert_eq!(
                q(c, "SELECT journal_mode AS v FROM pragma_journal_mode"),
                "wal"
            );
            assert_eq!(
                q(
                    c,
                    "SELECT CAST(foreign_keys AS TEXT) AS v FROM pragma_foreign_keys"
                ),
                "1"
            );
            assert_eq!(
                q(
                    c,
                    "SELECT CAST(timeout AS TEXT) AS v FROM pragma_busy_timeout"
                ),
                "5000"
            );
            assert_eq!(
                q(
                    c,
                    "SELECT CAST(synchronous AS TEXT) AS v FROM pragma_synchronous"
                ),
                "1"
            );
        }
        drop(conns);
        drop(pool);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A write transaction that reads first, while another connection writes in between: with
    /// a deferred BEGIN the first one's write failed at once ("database is locked"); begun
    /// IMMEDIATE, the second waits for the first and both commit.
    #[test]
    fn sqlite_write_transactions_that_read_first_wait_instead_of_failing() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("t.db").display());
        let pool = connect(Some(&url), 2).unwrap();
        pool.get()
            .unwrap()
            .batch_execute(
                "CREATE TABLE counter (n INTEGER NOT NULL); INSERT INTO counter VALUES (0);",
            )
            .unwrap();
        let (read, go) = (
            std::sync::Arc::new(std::sync::Barrier::new(2)),
            std::sync::Arc::new(std::sync::Barrier::new(2)),
        );
        let bump = "UPDATE counter SET n = n + 1";
        let first = {
            let (pool, read, go) = (pool.clone(), read.clone(), go.clone());
            std::thread::spawn(move || {
                let mut c = pool.get().unwrap();
                write_transaction(&mut c, |c| -> Result<(), DbError> {
                    c.batch_execute("SELECT n FROM counter")?;
                    read.wait();
                    // Give the other connection time to try its write meanwhile.
                    go.wait();
                    std::thread::sleep(std::time::Duration::from_millis(100));
                    c.batch_execute(bump)?;
                    Ok(())
                })
            })
        };
        read.wait();
        let mut c = pool.get().unwrap();
        go.wait();
        let second = write_transaction(&mut c, |c| -> Result<(), DbError> {
            c.batch_execute(bump)?;
            Ok(())
        });
        let first = first.join().unwrap();
        assert!(first.is_ok(), "{first:?}");
        assert!(second.is_ok(), "{second:?}");
        #[derive(diesel::QueryableByName)]
        struct N {
            #[diesel(sql_type = diesel::sql_types::Integer)]
            n: i32,
        }
        #[allow(irrefutable_let_patterns)] // one variant without the postgres feature
        let DbConnection::Sqlite(s) = &mut *c else {
            panic!("sqlite expected")
        };
        let n = diesel::sql_query("SELECT n FROM counter")
            .get_result::<N>(s)
            .unwrap()
            .n;
        assert_eq!(n, 2);
        drop(c);
        drop(pool);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(feature = "postgres")]
    #[test]
    fn bad_postgres_url_reports_the_real_error() {
        let err = connect(Some("postgres://nobody:wrong@127.0.0.1:1/none"), 1).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("cannot open the database"), "{text}");
        assert!(!text.contains("Invalid connection url"), "{text}");
    }
}
