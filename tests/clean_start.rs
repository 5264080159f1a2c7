//! A first start of the real binary on a fresh database: the log has no ERROR and no WARN
//! line except the one-time setup link, and no colour escapes when it goes to a pipe.
//! On a SQLite temp file always; on a fresh PostgreSQL database too when
//! `CALYPSO_TEST_POSTGRES_URL` (an admin URL, e.g.
//! postgres://calypso_test:calypso_test@localhost/postgres) is set and the tests are built
//! with `--features postgres`.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_calypso-director");
/// How long the server may take to answer its first request (a debug build on a busy
/// machine, PostgreSQL migrations).
const START_TIMEOUT: Duration = Duration::from_secs(60);

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The status code of `GET /`, or `None` while nothing answers.
fn get_root(port: u16) -> Option<u16> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ok()?;
    stream
        .write_all(b"GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
        .ok()?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).ok()?;
    let text = String::from_utf8_lossy(&response);
    let status_line = text.lines().next()?;
    status_line
        .strip_prefix("HTTP/1.")?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

fn read_all(pipe: impl Read + Send + 'static) -> JoinHandle<String> {
    std::thread::spawn(move || {
        let mut pipe = pipe;
        let mut buf = Vec::new();
        let _ = pipe.read_to_end(&mut buf);
        String::from_utf8_lossy(&buf).into_owned()
    })
}

/// Starts `calypso-director serve` on `database_url` with the log going to pipes, waits
/// until `GET /` answers, lets it run a second more, kills it and returns all it printed.
fn first_start_log(database_url: &str) -> String {
    let port = free_port();
    let mut child = Command::new(BIN)
        .args(["serve", "--bind", &format!("127.0.0.1:{port}")])
        .env("DATABASE_URL", database_url)
        // The log a user gets by default: RUST_LOG unset means "info".
        .env_remove("RUST_LOG")
        .env_remove("NO_COLOR")
        .env_remove("CALYPSO_BIND")
        .env_remove("CALYPSO_BASE_URL")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let stdout = read_all(child.stdout.take().unwrap());
    let stderr = read_all(child.stderr.take().unwrap());
    let started = Instant::now();
    let outcome = loop {
        if let Some(status) = get_root(port) {
            std::thread::sleep(Duration::from_secs(1));
            break Ok(status);
        }
        if let Ok(Some(exit)) = child.try_wait() {
            break Err(format!("the server exited before answering: {exit}"));
        }
        if started.elapsed() > START_TIMEOUT {
            break Err(format!(
                "GET / got no answer within {START_TIMEOUT:?} on port {port}"
            ));
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let _ = child.kill();
    let _ = child.wait();
    let log = format!("{}{}", stdout.join().unwrap(), stderr.join().unwrap());
    match outcome {
        Ok(status) => assert!(status < 500, "GET / answered {status}; log:\n{log}"),
        Err(e) => panic!("{e}; log:\n{log}"),
    }
    log
}

fn assert_clean(log: &str) {
    assert!(
        !log.contains("\x1b["),
        "the log went to a pipe but has ANSI escapes:\n{log}"
    );
    assert!(
        log.lines().any(|l| l.contains("/setup?token=")),
        "a fresh database should get the setup link; log:\n{log}"
    );
    let bad: Vec<&str> = log
        .lines()
        .filter(|l| (l.contains(" ERROR ") || l.contains(" WARN ")) && !l.contains("/setup?token="))
        .collect();
    assert!(
        bad.is_empty(),
        "a clean first start logged:\n{}\n\nwhole log:\n{log}",
        bad.join("\n")
    );
}

#[test]
fn first_start_on_a_fresh_sqlite_file_logs_no_error_or_warning() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("fresh.db").display());
    let log = first_start_log(&url);
    assert_clean(&log);
}

/// A database created for the test and dropped afterwards, even when the test fails.
#[cfg(feature = "postgres")]
struct FreshPostgres {
    admin_url: String,
    name: String,
}

#[cfg(feature = "postgres")]
impl FreshPostgres {
    fn create(admin_url: &str) -> FreshPostgres {
        use diesel::{Connection, RunQueryDsl};
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos();
        let name = format!("calypso_clean_{}_{nanos:08x}", std::process::id());
        let mut c = diesel::PgConnection::establish(admin_url)
            .unwrap_or_else(|e| panic!("CALYPSO_TEST_POSTGRES_URL: cannot connect: {e}"));
        diesel::sql_query(format!("CREATE DATABASE {name}"))
            .execute(&mut c)
            .expect("create the test database");
        FreshPostgres {
            admin_url: admin_url.to_string(),
            name,
        }
    }

    /// The admin URL with the test database's name, its parameters (`?sslmode=...`) kept.
    fn url(&self) -> String {
        let (path, query) = self
            .admin_url
            .split_once('?')
            .map_or((self.admin_url.as_str(), ""), |(p, q)| (p, q));
        let base = path.rsplit_once('/').map_or(path, |(b, _)| b);
        let query = if query.is_empty() {
            String::new()
        } else {
            format!("?{query}")
        };
        format!("{base}/{}{query}", self.name)
    }
}

#[cfg(feature = "postgres")]
impl Drop for FreshPostgres {
    fn drop(&mut self) {
        use diesel::{Connection, RunQueryDsl};
        if let Ok(mut c) = diesel::PgConnection::establish(&self.admin_url) {
            let _ = diesel::sql_query(format!(
                "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                self.name
            ))
            .execute(&mut c);
        }
    }
}

#[cfg(feature = "postgres")]
#[test]
fn first_start_on_a_fresh_postgres_database_logs_no_error_or_warning() {
    let admin = match std::env::var("CALYPSO_TEST_POSTGRES_URL") {
        Ok(url) if !url.is_empty() => url,
        _ => {
            eprintln!("CALYPSO_TEST_POSTGRES_URL is not set: PostgreSQL first start not tested");
            return;
        }
    };
    let db = FreshPostgres::create(&admin);
    let log = first_start_log(&db.url());
    assert_clean(&log);
}
