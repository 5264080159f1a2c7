//! An online backup of a SQLite database: `VACUUM INTO` writes a consistent snapshot (one
//! read transaction) to a new file while the server goes on reading and writing. The copy is
//! an ordinary database: pointing `DATABASE_URL` at it restores it. PostgreSQL has its own
//! tools (`pg_dump`, `pg_restore`; see docs/web.md, "Backup").

use std::path::{Path, PathBuf};

use diesel::RunQueryDsl;
use diesel::r2d2::ManageConnection;

use super::{Backend, ConnectionManager, DbConnection, DbError};

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error(
        "DATABASE_URL names a PostgreSQL database: back it up with pg_dump, e.g. \
         `pg_dump --format=custom --file=calypso.dump \"$DATABASE_URL\"`, and restore with \
         pg_restore (docs/web.md, \"Backup\")"
    )]
    Postgres,
    #[error("{0} already exists: the backup never overwrites a file; choose a new name")]
    OutputExists(PathBuf),
    #[error("there is no database at {0} (check DATABASE_URL)")]
    NoDatabase(PathBuf),
    #[error("the output path {0} is not UTF-8")]
    OutputNotUtf8(PathBuf),
    #[error("cannot write the backup to {path}: {problem}")]
    Write { path: PathBuf, problem: String },
    #[error(transparent)]
    Db(#[from] DbError),
}

impl BackupError {
    /// Whether the command line was at fault (exit 2) rather than the database or disk.
    pub fn is_bad_input(&self) -> bool {
        matches!(
            self,
            BackupError::Postgres
                | BackupError::OutputExists(_)
                | BackupError::NoDatabase(_)
                | BackupError::OutputNotUtf8(_)
        )
    }
}

/// Opens the database `url` names the way the server does (same pragmas; no migrations, so
/// a backup never changes the live database) and writes its snapshot to `out`. Returns the
/// size of the file written.
pub fn backup_url(url: Option<&str>, out: &Path) -> Result<u64, BackupError> {
    let backend = match Backend::from_url(url) {
        Ok(Backend::Sqlite(path)) => Backend::Sqlite(path),
        // Refused with the pg_dump advice whether or not this binary can talk to PostgreSQL.
        Ok(Backend::Postgres(_)) | Err(DbError::PostgresNotBuilt) => {
            return Err(BackupError::Postgres);
        }
        Err(e) => return Err(e.into()),
    };
    if let Backend::Sqlite(path) = &backend
        && !path.is_file()
    {
        // Opening it would create an empty database and back that up.
        return Err(BackupError::NoDatabase(path.clone()));
    }
    refuse_existing(out)?;
    let mut conn = ConnectionManager::new(backend).connect()?;
    backup(&mut conn, out)
}

fn refuse_existing(out: &Path) -> Result<(), BackupError> {
    if out.exists() {
        return Err(BackupError::OutputExists(out.to_path_buf()));
    }
    Ok(())
}

/// Writes a consistent copy of the connection's SQLite database to the new file `out` and
/// flushes it to disk. Returns its size in bytes.
pub fn backup(conn: &mut DbConnection, out: &Path) -> Result<u64, BackupError> {
    refuse_existing(out)?;
    let target = out
        .to_str()
        .ok_or_else(|| BackupError::OutputNotUtf8(out.to_path_buf()))?;
    let write_err = |problem: String| BackupError::Write {
        path: out.to_path_buf(),
        problem,
    };
    #[allow(unreachable_patterns)] // the SQLite-only build has no other variant
    let sqlite = match conn {
        DbConnection::Sqlite(c) => c,
        _ => return Err(BackupError::Postgres),
    };
    // A bound parameter, so any file name (quotes included) is taken as it is.
    let done = diesel::sql_query("VACUUM INTO ?")
        .bind::<diesel::sql_types::Text, _>(target)
        .execute(sqlite);
    if let Err(e) = done {
        // SQLite may leave a partial file behind; it is ours (the name was free), so remove it.
        let _ = std::fs::remove_file(out);
        return Err(write_err(e.to_string()));
    }
    // VACUUM INTO does not sync its output: make the copy durable before reporting it.
    let file = std::fs::File::open(out).map_err(|e| write_err(e.to_string()))?;
    file.sync_all().map_err(|e| write_err(e.to_string()))?;
    let size = file.metadata().map_err(|e| write_err(e.to_string()))?.len();
    Ok(size)
}

#[cfg(test)]
mod tests {
    use super::*;
    use diesel::connection::SimpleConnection;

    #[test]
    fn a_backup_is_a_copy_and_never_overwrites() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("live.db").display());
        let pool = super::super::connect(Some(&url), 1).unwrap();
        pool.get()
            .unwrap()
            .batch_execute("CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (7);")
            .unwrap();
        // A name with a quote in it goes through as it is.
        let out = dir.path().join("it's a copy.db");
        let size = backup_url(Some(&url), &out).unwrap();
        assert_eq!(size, std::fs::metadata(&out).unwrap().len());
        assert!(size > 0);
        let copy = format!("sqlite://{}", out.display());
        let mut c = ConnectionManager::new(Backend::from_url(Some(&copy)).unwrap())
            .connect()
            .unwrap();
        #[derive(diesel::QueryableByName)]
        struct N {
            #[diesel(sql_type = diesel::sql_types::Integer)]
            n: i32,
        }
        let n: Vec<N> = diesel::sql_query("SELECT n FROM t").load(&mut c).unwrap();
        assert_eq!(n.iter().map(|r| r.n).collect::<Vec<_>>(), [7]);

        let again = backup_url(Some(&url), &out).unwrap_err();
        assert!(matches!(again, BackupError::OutputExists(_)), "{again}");
        assert!(again.is_bad_input());
    }

    #[test]
    fn postgres_and_missing_files_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("b.db");
        let pg = backup_url(Some("postgres://u@localhost/db"), &out).unwrap_err();
        assert!(pg.to_string().contains("pg_dump"), "{pg}");
        let missing = dir.path().join("none.db");
        let e = backup_url(Some(missing.to_str().unwrap()), &out).unwrap_err();
        assert!(matches!(e, BackupError::NoDatabase(_)), "{e}");
        assert!(
            !missing.exists(),
            "the refusal created {}",
            missing.display()
        );
        assert!(!out.exists());
    }
}
