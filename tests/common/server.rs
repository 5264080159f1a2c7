//! The real binary as a separate process on a database file, for the tests that kill it
//! with SIGKILL and start it again on the same file (tests/durability.rs for score entry,
//! tests/online_durability.rs for cards played online): its start on a free port, waiting
//! until it answers, the kill, its log's tail, the club and a director's token made through
//! its setup page, and the small random-number source whose seed those tests print.

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use reqwest::cookie::Jar;

use super::{Browser, PASSWORD, new_token};

const BIN: &str = env!("CARGO_BIN_EXE_calypso-director");
/// How long a (debug, busy) server may take to answer after its start.
const START_TIMEOUT: Duration = Duration::from_secs(60);

/// splitmix64: enough randomness for choosing places, cards and delays, with a printable
/// seed.
#[derive(Clone)]
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// A whole number from the environment, or `default` when unset or empty.
pub fn env_number(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(v) if !v.trim().is_empty() => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name} must be a whole number, not {v:?}")),
        _ => default,
    }
}

/// A seed from the environment variable `name`, or from the clock (printed by the caller, so
/// a failing run can be repeated).
pub fn seed_from(name: &str) -> u64 {
    env_number(
        name,
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64,
    )
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// One server process on the file, its log appended to `log`.
pub struct Server {
    pub child: Child,
    pub base: String,
}

fn start_server(url: &str, log: &Path) -> Server {
    let port = free_port();
    let out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)
        .unwrap();
    let child = Command::new(BIN)
        .args(["serve", "--bind", &format!("127.0.0.1:{port}")])
        .env("DATABASE_URL", url)
        .env("RUST_LOG", "warn")
        // No robot par: its background games (200 a board in a debug build) would take a
        // core from the clients and kills these tests time.
        .env("CALYPSO_PAR_GAMES", "0")
        .env_remove("CALYPSO_BIND")
        .env_remove("CALYPSO_BASE_URL")
        .stdin(Stdio::null())
        .stdout(out.try_clone().unwrap())
        .stderr(out)
        .spawn()
        .expect("the binary starts");
    Server {
        child,
        base: format!("http://127.0.0.1:{port}"),
    }
}

/// The last 40 lines of the servers' log.
pub fn log_tail(log: &Path) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(40)..].join("\n")
}

/// Starts a server and waits until it answers `GET /`. A port taken between choosing it and
/// binding it (another process on the machine) gets another try on another port.
pub async fn start_ready(url: &str, log: &Path) -> Server {
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(5))
        .build()
        .unwrap();
    let mut attempts = 0;
    'start: loop {
        attempts += 1;
        let logged = std::fs::metadata(log).map_or(0, |m| m.len() as usize);
        let mut server = start_server(url, log);
        let started = Instant::now();
        loop {
            if let Ok(r) = http.get(format!("{}/", server.base)).send().await
                && r.status().as_u16() < 500
            {
                return server;
            }
            if let Ok(Some(exit)) = server.child.try_wait() {
                let text = std::fs::read_to_string(log).unwrap_or_default();
                if attempts < 3
                    && text
                        .get(logged..)
                        .is_some_and(|t| t.contains("cannot listen"))
                {
                    continue 'start;
                }
                panic!(
                    "the server exited before answering: {exit}; log:\n{}",
                    log_tail(log)
                );
            }
            assert!(
                started.elapsed() < START_TIMEOUT,
                "the server did not answer within {START_TIMEOUT:?}; log:\n{}",
                log_tail(log)
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// SIGKILL (`Child::kill` on Unix): no shutdown, no flush, no checkpoint; then reaped.
pub fn kill(server: &mut Server) {
    server.child.kill().expect("SIGKILL the server");
    server.child.wait().expect("reap the server");
}

/// The club, its owner and an API token, made through the setup page of the running binary.
pub async fn club_token(base: &str, setup_token: &str) -> String {
    let jar = Arc::new(Jar::default());
    let b = Browser {
        http: reqwest::Client::builder()
            .cookie_provider(jar.clone())
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap(),
        jar,
        base: base.to_string(),
    };
    let page = format!("/setup?token={setup_token}");
    let r = b
        .post(
            &page,
            "/setup",
            &[
                ("token", setup_token),
                ("club_name", "Durable Club"),
                ("slug", "durable"),
                ("name", "Olive Owner"),
                ("email", "olive@example.org"),
                ("password", PASSWORD),
                ("password_confirm", PASSWORD),
            ],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER, "setup");
    let r = b.login("olive@example.org", PASSWORD).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER, "login");
    new_token(&b, "durable", "durability test").await
}

/// A new SQLite file at `file`, migrated, and the token of the setup link its first start
/// would print.
pub fn migrated_file_with_setup(url: &str) -> String {
    let pool = calypso_director::db::connect(Some(url), 1).expect("create the database");
    let mut c = pool.get().unwrap();
    let link =
        calypso_director::service::accounts::issue_setup_link(&mut c, "http://127.0.0.1").unwrap();
    link.split("token=").nth(1).unwrap().to_string()
}

#[derive(diesel::QueryableByName)]
struct IntegrityRow {
    #[diesel(sql_type = diesel::sql_types::Text)]
    integrity_check: String,
}

/// The SQLite file a killed server left is intact: `PRAGMA integrity_check` says `ok`.
pub fn assert_intact(c: &mut diesel::SqliteConnection) {
    use diesel::RunQueryDsl;
    let said: Vec<String> = diesel::sql_query("PRAGMA integrity_check")
        .load::<IntegrityRow>(c)
        .expect("integrity_check")
        .into_iter()
        .map(|r| r.integrity_check)
        .collect();
    assert_eq!(said, ["ok"], "PRAGMA integrity_check");
}

/// The kill tests' cycle: after 5 ms plus up to `most_delay_ms` (drawn from `rng`) of play,
/// the server is killed with SIGKILL, the clients' `killed` flag raised, and their `tasks`
/// awaited (a task that panicked fails the test with the cycle, the seed and the server's
/// log).
pub async fn kill_mid_play(
    server: &mut Server,
    rng: &mut Rng,
    most_delay_ms: u64,
    killed: &std::sync::atomic::AtomicBool,
    tasks: Vec<tokio::task::JoinHandle<()>>,
    (cycle, seed, log): (u64, u64, &Path),
) {
    let delay = 5 + rng.below(most_delay_ms);
    tokio::time::sleep(Duration::from_millis(delay)).await;
    kill(server);
    killed.store(true, std::sync::atomic::Ordering::SeqCst);
    for t in tasks {
        if let Err(e) = t.await {
            panic!(
                "cycle {cycle} (seed {seed}): {e}; server log:\n{}",
                log_tail(log)
            );
        }
    }
}
