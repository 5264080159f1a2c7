//! Two app processes on one database (#25), as behind a reverse proxy: this test's server
//! (A) and the real binary started as a second OS process (B). Each keeps its own cached
//! standings; a result or correction written through one shows in the other's answers
//! within a second, because both keep them against the event's version in the database.
//! A login on one is accepted by the other: the session key is kept in the database.

mod common;

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::evening::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_calypso-director");
/// How long the second process may take to answer (a debug build on a busy machine).
const START_TIMEOUT: Duration = Duration::from_secs(60);
/// How soon a write through one process must show in the other's answers.
const SEEN_WITHIN: Duration = Duration::from_secs(1);
const POLL: Duration = Duration::from_millis(50);

/// The second process, killed when the test ends (before the database goes).
struct SecondProcess {
    child: Child,
    address: String,
    log: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

impl Drop for SecondProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl SecondProcess {
    async fn start(app: &TestApp) -> SecondProcess {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("b.log");
        let out = std::fs::File::create(&log).unwrap();
        let child = Command::new(BIN)
            .args(["serve", "--bind", &format!("127.0.0.1:{port}")])
            .env("DATABASE_URL", app.config.database_url.as_deref().unwrap())
            .env("CALYPSO_PAR_GAMES", "0")
            .env("RUST_LOG", "warn")
            .env_remove("CALYPSO_BIND")
            .env_remove("CALYPSO_BASE_URL")
            .env_remove("CALYPSO_TRUSTED_PROXIES")
            .env_remove("CALYPSO_SECURE_COOKIES")
            .stdin(Stdio::null())
            .stdout(Stdio::from(out.try_clone().unwrap()))
            .stderr(Stdio::from(out))
            .spawn()
            .expect("the binary starts");
        let mut b = SecondProcess {
            child,
            address: format!("http://127.0.0.1:{port}"),
            log,
            _dir: dir,
        };
        let started = Instant::now();
        loop {
            if reqwest::get(format!("{}/", b.address)).await.is_ok() {
                return b;
            }
            if let Ok(Some(exit)) = b.child.try_wait() {
                panic!("process B exited before answering: {exit}\n{}", b.log());
            }
            assert!(
                started.elapsed() < START_TIMEOUT,
                "process B did not answer within {START_TIMEOUT:?}\n{}",
                b.log()
            );
            tokio::time::sleep(POLL).await;
        }
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

/// An anonymous GET of `path` on the server at `base`: the body, which must be 200.
async fn public(base: &str, path: &str) -> String {
    let r = reqwest::get(format!("{base}{path}")).await.unwrap();
    assert_eq!(r.status(), StatusCode::OK, "{base}{path}");
    r.text().await.unwrap()
}

/// Polls `path` on `base` every 50 ms until it differs from `before`; how long that took
/// from `since` (the moment the write's answer came back).
async fn changes(base: &str, path: &str, before: &str, since: Instant) -> Duration {
    loop {
        if public(base, path).await != before {
            return since.elapsed();
        }
        assert!(
            since.elapsed() < Duration::from_secs(5),
            "{base}{path} still shows what it showed before the write"
        );
        tokio::time::sleep(POLL).await;
    }
}

/// A director's correction of `result` (the API's JSON of it): the game with `calypsos`.
fn correction(e: &Evening, result: &Value, calypsos: [i64; 4]) -> Value {
    let board = result["board"].as_u64().unwrap();
    let fixed = Report::new(&e.deals(board), 4, calypsos, [3, 0, 5, 2]);
    let mut body = fixed.body(
        result["round"].as_u64().unwrap(),
        result["table"].as_u64().unwrap(),
        board,
    );
    body["reason"] = json!("a trick pile was miscounted");
    body
}

fn result_at(results: &[Value], round: u64, table: u64) -> Value {
    results
        .iter()
        .find(|r| r["round"] == round && r["table"] == table)
        .unwrap_or_else(|| panic!("round {round} table {table} has a result"))
        .clone()
}

#[tokio::test]
async fn a_write_through_one_process_shows_in_the_others_answers_within_a_second() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let e = mitchell(api_for(&app, &d, "alpha").await).await;
    let b = SecondProcess::start(&app).await;
    let a = app.address.clone();
    let id = event_id(&e);
    let live = format!("/c/alpha/events/{id}/standings/live");
    let travellers = format!("/c/alpha/events/{id}/travellers");

    // Through A: two rounds, and the third but table 5.
    play_round(&e, 1, None).await;
    play_round(&e, 2, None).await;
    let places = play_round(&e, 3, Some(5)).await;
    let before = public(&b.address, &live).await;
    let shown: Value = serde_json::from_str(&before).unwrap();
    assert_eq!(shown["provisional"], true);
    assert_eq!(public(&b.address, &live).await, before, "B's cached answer");

    // A result through A: B's live standings follow.
    let (table, board) = places.iter().copied().find(|p| p.0 == 5).unwrap();
    post_report(&e, 3, table, board).await;
    let result_seen = changes(&b.address, &live, &before, Instant::now()).await;
    eprintln!("a result through A showed in B's live standings after {result_seen:?}");
    assert!(result_seen < SEEN_WITHIN, "{result_seen:?}");

    // Every table has played every board: the travellers are public. A correction through
    // A changes a score B shows.
    let results = e.all_results().await;
    let before = public(&b.address, &travellers).await;
    assert_eq!(public(&b.address, &travellers).await, before);
    let first = result_at(&results, 1, 1);
    let (s, r) = e
        .api
        .put(
            &format!("{}/{}", e.results(), first["id"]),
            correction(&e, &first, [2, 1, 1, 0]),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_ne!(
        r["scores"], first["scores"],
        "the correction changes the scores"
    );
    let correction_seen = changes(&b.address, &travellers, &before, Instant::now()).await;
    eprintln!("a correction through A showed in B's travellers after {correction_seen:?}");
    assert!(correction_seen < SEEN_WITHIN, "{correction_seen:?}");

    // A correction through B (the director's API token works there too): A follows.
    let on_b = Api {
        http: reqwest::Client::new(),
        base: b.address.clone(),
        token: e.api.token.clone(),
    };
    let before_a = public(&a, &travellers).await;
    let live_a = public(&a, &live).await;
    let second = result_at(&results, 1, 2);
    let (s, r) = on_b
        .put(
            &format!("{}/{}", e.results(), second["id"]),
            correction(&e, &second, [0, 2, 0, 1]),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{r}\n{}", b.log());
    assert_ne!(
        r["scores"], second["scores"],
        "the correction changes the scores"
    );
    let back_seen = changes(&a, &travellers, &before_a, Instant::now()).await;
    eprintln!("a correction through B showed in A's travellers after {back_seen:?}");
    assert!(back_seen < SEEN_WITHIN, "{back_seen:?}");
    assert_ne!(public(&a, &live).await, live_a, "and in A's live standings");

    // A login on A is a login on B: the session cookie is signed with the database's key.
    let cookie = d.cookie_header().expect("the login's cookie");
    let players = format!("{}/c/alpha/players", b.address);
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let r = http
        .get(&players)
        .header("Cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK, "{}", b.log());
    let anonymous = http.get(&players).send().await.unwrap();
    assert_ne!(
        anonymous.status(),
        StatusCode::OK,
        "without the cookie B asks for a login"
    );
}
