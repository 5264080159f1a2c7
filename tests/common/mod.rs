//! Shared test harness (zero2prod's `spawn_app`): the real server on a random port with a
//! fresh database per test. SQLite temp file by default; a fresh PostgreSQL database when
//! `CALYPSO_TEST_POSTGRES_URL` (an admin URL, e.g. postgres://app:app@localhost/postgres)
//! is set. Tests drive it over HTTP with a cookie-keeping client.
#![allow(dead_code)]

use std::sync::Arc;

use calypso_director::db::{self, DbConnection, DbPool};
use calypso_director::deals::par::{BoardPar, ParSettings};
use calypso_director::event::ClubId;
use calypso_director::service::accounts;
use calypso_director::web::{Application, Config};
use reqwest::StatusCode;
use reqwest::cookie::{CookieStore, Jar};
use serde_json::Value;

pub mod evening;
pub mod games;
pub mod seats;
pub mod server;
pub mod shots;

pub struct TestApp {
    pub address: String,
    pub pool: DbPool,
    pub config: Config,
    /// The setup link the application issued at start (none once a director exists).
    pub setup_link: Option<String>,
    /// Stops the robot par's thread when the test ends (see [`spawn_app`]).
    par_stop: calypso_director::web::par_worker::ParStop,
    /// The app's live tables: play cards through it (`service::live::play_card`) to wake
    /// this app's streams.
    pub live: calypso_director::service::live::Hub,
    /// Stops the robots' threads at online tables when the test ends.
    robots: std::sync::Arc<calypso_director::web::online_robot_worker::RobotWorker>,
    _db: TestDb,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        // Before the database goes: the thread may be inside a query on it.
        self.par_stop.stop();
        self.robots.stop();
        self.live.stop_listener();
    }
}

enum TestDb {
    Sqlite(#[allow(dead_code)] tempfile::TempDir),
    #[cfg(feature = "postgres")]
    Postgres {
        admin_url: String,
        name: String,
    },
}

impl Drop for TestDb {
    fn drop(&mut self) {
        #[cfg(feature = "postgres")]
        if let TestDb::Postgres { admin_url, name } = self {
            use diesel::{Connection, RunQueryDsl};
            if let Ok(mut c) = diesel::PgConnection::establish(admin_url) {
                let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&mut c);
            }
        }
    }
}

fn random_suffix() -> String {
    calypso_director::service::tokens::random_token()[..12].to_string()
}

fn fresh_database() -> (String, TestDb) {
    match std::env::var("CALYPSO_TEST_POSTGRES_URL") {
        Ok(admin) if !admin.is_empty() => postgres_database(&admin),
        _ => {
            let dir = tempfile::tempdir().expect("temp dir");
            let url = format!("sqlite://{}", dir.path().join("test.db").display());
            (url, TestDb::Sqlite(dir))
        }
    }
}

#[cfg(feature = "postgres")]
fn postgres_database(admin: &str) -> (String, TestDb) {
    use diesel::{Connection, RunQueryDsl};
    let name = format!("calypso_test_{}", random_suffix());
    let mut c = diesel::PgConnection::establish(admin)
        .unwrap_or_else(|e| panic!("CALYPSO_TEST_POSTGRES_URL: cannot connect: {e}"));
    diesel::sql_query(format!("CREATE DATABASE {name}"))
        .execute(&mut c)
        .expect("create test database");
    // The admin URL with the test database's name, its parameters (`?sslmode=...`) kept.
    let (path, query) = admin.split_once('?').map_or((admin, ""), |(p, q)| (p, q));
    let base = path.rsplit_once('/').map(|(b, _)| b).unwrap_or(path);
    let query = if query.is_empty() {
        String::new()
    } else {
        format!("?{query}")
    };
    (
        format!("{base}/{name}{query}"),
        TestDb::Postgres {
            admin_url: admin.to_string(),
            name,
        },
    )
}

#[cfg(not(feature = "postgres"))]
fn postgres_database(_admin: &str) -> (String, TestDb) {
    panic!("CALYPSO_TEST_POSTGRES_URL is set but the tests were built without --features postgres");
}

/// The robot par's field in tests: small, so a board takes a moment, not a minute.
pub const TEST_PAR: ParSettings = ParSettings {
    games: 4,
    playouts: 8,
};

/// The configuration a test server runs with: a random port on loopback, and no robot par
/// (see [`spawn_app_with_par`]).
pub fn test_config(database_url: &str) -> Config {
    Config {
        bind: "127.0.0.1:0".into(),
        base_url: None,
        secure_cookies: false,
        database_url: Some(database_url.to_string()),
        par: None,
        trusted_proxies: Vec::new(),
        tuning: Default::default(),
        db_pool: calypso_director::web::config::DEFAULT_DB_POOL,
        clock: calypso_director::web::config::Clock::settable(),
        robot_seats: false,
    }
}

/// Waits (up to two minutes) until the background analysis has stored every board's par of
/// the event's current deal, and returns them by board.
pub async fn wait_for_pars(
    app: &TestApp,
    id: calypso_director::event::EventId,
) -> std::collections::BTreeMap<u32, BoardPar> {
    use calypso_director::event::par::EventPars;
    let started = std::time::Instant::now();
    loop {
        let pars = with_conn(app, |c| {
            let ev = calypso_director::service::events::public_event(c, id).unwrap();
            calypso_director::service::pars::event_pars(c, &ev, true).unwrap()
        });
        match pars {
            EventPars::Boards { boards, stored, .. } if stored.len() == boards as usize => {
                return stored;
            }
            EventPars::None | EventPars::NotThisGame => panic!("event {id} gets no robot par"),
            _ => {}
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(120),
            "event {id}: the robot par is still not worked out after two minutes"
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
}

/// The same application `serve` starts (`Application::build`), on a fresh database, working
/// out no robot par (`CALYPSO_PAR_GAMES=0`).
///
/// Only the tests of robot par run its background thread: a test process ends with that
/// thread perhaps inside a libpq call, and PostgreSQL's client library tearing down under
/// it killed a test binary (SIGSEGV after its tests had passed).
pub async fn spawn_app() -> TestApp {
    let (url, test_db) = fresh_database();
    start_with(&url, test_db, None)
}

/// The same, with the robot par worked out in the background (a small field, [`TEST_PAR`]).
pub async fn spawn_app_with_par() -> TestApp {
    let (url, test_db) = fresh_database();
    start_with(&url, test_db, Some(TEST_PAR))
}

/// The robots' playouts per ms of their budget in tests: at the least budget a director
/// may set (50 ms) a robot's card takes 200 playouts, a moment even in a debug build.
pub const TEST_ROBOT_PLAYOUTS_PER_MS: u32 = 4;

/// The same, with the robots at online tables playing in the background (#39), at
/// [`TEST_ROBOT_PLAYOUTS_PER_MS`]: only the tests of robots in seats run those threads.
pub async fn spawn_app_with_robots() -> TestApp {
    let (url, test_db) = fresh_database();
    let mut config = Config {
        robot_seats: true,
        ..test_config(&url)
    };
    config.tuning.robot_playouts_per_ms = TEST_ROBOT_PLAYOUTS_PER_MS;
    start_config(config, test_db)
}

/// The same application behind a reverse proxy at `proxies` (CALYPSO_TRUSTED_PROXIES).
pub async fn spawn_app_behind(proxies: &[&str]) -> TestApp {
    let (url, test_db) = fresh_database();
    let config = Config {
        trusted_proxies: proxies.iter().map(|p| p.parse().unwrap()).collect(),
        ..test_config(&url)
    };
    start_config(config, test_db)
}

/// The same application with `size` database connections (`CALYPSO_DB_POOL`).
pub async fn spawn_app_with_pool(size: u32) -> TestApp {
    let (url, test_db) = fresh_database();
    let config = Config {
        db_pool: size,
        ..test_config(&url)
    };
    start_config(config, test_db)
}

/// A server that works out no robot par, named for the tests that are about that.
pub async fn spawn_app_without_par() -> TestApp {
    spawn_app().await
}

/// The application on a fresh SQLite file, whatever `CALYPSO_TEST_POSTGRES_URL` says (for
/// what only SQLite has, such as `backup`).
pub async fn spawn_sqlite_app() -> TestApp {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("test.db").display());
    start(&url, TestDb::Sqlite(dir))
}

/// The application on an existing database it does not own (a restored backup, say).
pub async fn app_on_database(url: &str) -> TestApp {
    start(url, TestDb::Sqlite(tempfile::tempdir().unwrap()))
}

/// Builds and spawns the application on the database at `url`.
fn start(url: &str, db: TestDb) -> TestApp {
    start_with(url, db, None)
}

fn start_with(url: &str, db: TestDb, par: Option<ParSettings>) -> TestApp {
    let config = Config {
        par,
        ..test_config(url)
    };
    start_config(config, db)
}

fn start_config(config: Config, db: TestDb) -> TestApp {
    let app = Application::build(config.clone()).expect("the application starts");
    let address = app.base_url().to_string();
    let pool = app.pool();
    let setup_link = app.setup_link().map(str::to_string);
    let par_stop = app.par_stop();
    let live = app.live();
    let robots = app.robots();
    tokio::spawn(app.into_server());
    TestApp {
        address: address.clone(),
        pool,
        config: Config {
            base_url: Some(address),
            ..config
        },
        setup_link,
        par_stop,
        live,
        robots,
        _db: db,
    }
}

impl TestApp {
    /// Moves the server's room clock `seconds` forward (the test's own clock: other tests'
    /// servers keep theirs).
    pub fn advance_clock(&self, seconds: i64) {
        self.config.clock.advance(seconds);
    }

    /// The server's room clock's now.
    pub fn now(&self) -> chrono::NaiveDateTime {
        self.config.clock.now()
    }

    /// A second server process-alike on the same database (own pool, own port): what runs
    /// when a club puts several app instances behind one PostgreSQL.
    pub async fn second_instance(&self) -> TestApp {
        let url = self.config.database_url.clone().unwrap();
        // The first instance owns (and drops) the database.
        start(&url, TestDb::Sqlite(tempfile::tempdir().unwrap()))
    }
}

/// A browser-like client: keeps cookies, does not follow redirects (tests look at them).
pub struct Browser {
    pub http: reqwest::Client,
    pub jar: Arc<Jar>,
    pub base: String,
}

/// How long a test client keeps an idle connection: well under the server's keep-alive (5 s),
/// so a request is never sent on a connection the server is closing at that moment (on a
/// loaded machine that race showed as hyper's `IncompleteMessage`).
const POOL_IDLE: std::time::Duration = std::time::Duration::from_secs(2);

impl Browser {
    pub fn new(app: &TestApp) -> Browser {
        let jar = Arc::new(Jar::default());
        let http = reqwest::Client::builder()
            .cookie_provider(jar.clone())
            .redirect(reqwest::redirect::Policy::none())
            .pool_idle_timeout(POOL_IDLE)
            .build()
            .unwrap();
        Browser {
            http,
            jar,
            base: app.address.clone(),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    /// The Cookie header this client would send now.
    pub fn cookie_header(&self) -> Option<String> {
        self.jar
            .cookies(&self.base.parse().unwrap())
            .map(|v| v.to_str().unwrap().to_string())
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.http.get(self.url(path)).send().await.unwrap()
    }

    pub async fn get_text(&self, path: &str) -> (StatusCode, String) {
        let r = self.get(path).await;
        let s = r.status();
        (s, r.text().await.unwrap())
    }

    /// The CSRF token from a page's forms.
    pub async fn csrf(&self, path: &str) -> String {
        let (status, body) = self.get_text(path).await;
        assert!(status.is_success(), "GET {path}: {status}");
        csrf_from(&body).unwrap_or_else(|| panic!("no csrf_token on {path}"))
    }

    /// Posts a form as is (no CSRF token added).
    pub async fn post_raw(&self, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
        self.http
            .post(self.url(path))
            .form(fields)
            .send()
            .await
            .unwrap()
    }

    /// Posts a form with the CSRF token taken from `page` first.
    pub async fn post(&self, page: &str, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
        let token = self.csrf(page).await;
        let mut all = vec![("csrf_token", token.as_str())];
        all.extend_from_slice(fields);
        self.post_raw(path, &all).await
    }

    pub async fn login(&self, email: &str, password: &str) -> reqwest::Response {
        self.post(
            "/login",
            "/login",
            &[("email", email), ("password", password)],
        )
        .await
    }
}

pub fn csrf_from(html: &str) -> Option<String> {
    let i = html.find("name=\"csrf_token\" value=\"")? + "name=\"csrf_token\" value=\"".len();
    Some(html[i..].split('"').next()?.to_string())
}

pub fn location(r: &reqwest::Response) -> String {
    r.headers()
        .get("location")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default()
}

impl TestApp {
    pub fn conn(&self) -> db::PooledDb {
        self.pool.get().unwrap()
    }

    /// A fresh setup link, as the server logs at first start (path and query only).
    pub fn setup_path(&self) -> String {
        let mut conn = self.conn();
        let link = accounts::issue_setup_link(&mut conn, &self.address).unwrap();
        link.strip_prefix(&self.address).unwrap().to_string()
    }

    /// Creates a club and its owner through the setup page; returns a logged-in browser.
    pub async fn club_with_owner(&self, slug: &str, email: &str) -> Browser {
        let b = Browser::new(self);
        let path = self.setup_path();
        let token = path.split("token=").nth(1).unwrap().to_string();
        let r = b
            .post(
                &path,
                "/setup",
                &[
                    ("token", &token),
                    ("club_name", &format!("Club {slug}")),
                    ("slug", slug),
                    ("name", "Olive Owner"),
                    ("email", email),
                    ("password", PASSWORD),
                    ("password_confirm", PASSWORD),
                ],
            )
            .await;
        assert_eq!(r.status(), StatusCode::SEE_OTHER, "setup of {slug}");
        let r = b.login(email, PASSWORD).await;
        assert_eq!(r.status(), StatusCode::SEE_OTHER, "login to {slug}");
        b
    }

    pub fn club_id(&self, slug: &str) -> ClubId {
        let mut c = self.conn();
        db::clubs::club_by_slug(&mut c, slug).unwrap().unwrap().id
    }
}

pub const PASSWORD: &str = "a long enough password";

/// Event form fields that validate.
pub fn event_fields(name: &str) -> Vec<(&str, &str)> {
    vec![
        ("name", name),
        ("date", "2026-06-01"),
        ("format", "pairs-mitchell"),
        ("variant", "standard"),
        ("tables", "5"),
        ("boards", "20"),
        ("trick_rule", "standard"),
        ("trump_n", ""),
        ("trump_e", ""),
        ("trump_s", ""),
        ("trump_w", ""),
    ]
}

/// The id at the end of an `/events/<id>` redirect.
pub fn id_from_location(loc: &str) -> calypso_director::event::EventId {
    loc.rsplit('/').next().unwrap().parse().unwrap()
}

pub fn with_conn<T>(app: &TestApp, f: impl FnOnce(&mut DbConnection) -> T) -> T {
    let mut c = app.conn();
    f(&mut c)
}

/// The text of a PDF, read back with pdftotext (poppler-utils; scripts/test.sh installs it).
pub fn pdf_text(pdf: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("document.pdf");
    std::fs::write(&path, pdf).unwrap();
    let out = std::process::Command::new("pdftotext")
        .arg(&path)
        .arg("-")
        .output()
        .unwrap_or_else(|e| panic!("pdftotext is needed (run scripts/test.sh): {e}"));
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A new API token of the club, made on the tokens page as a director would.
pub async fn new_token(b: &Browser, slug: &str, name: &str) -> String {
    let page = format!("/c/{slug}/tokens");
    let r = b.post(&page, &page, &[("name", name)]).await;
    assert_eq!(r.status(), StatusCode::OK);
    let body = r.text().await.unwrap();
    let i = body.find("id=\"new-token\">").expect("token shown once") + "id=\"new-token\">".len();
    body[i..].split('<').next().unwrap().trim().to_string()
}

/// The message of a JSON error body.
pub async fn error_of(r: reqwest::Response) -> String {
    let v: serde_json::Value = r.json().await.expect("JSON error body");
    v["error"].as_str().expect("error field").to_string()
}

/// Moves an event on its page through each `(from, to)` in turn, confirming each move.
pub async fn move_event(d: &Browser, page: &str, moves: &[(&str, &str)]) {
    for (from, to) in moves {
        let r = d
            .post(
                page,
                &format!("{page}/status"),
                &[("from", from), ("to", to), ("confirm", "yes")],
            )
            .await;
        assert_eq!(r.status(), StatusCode::SEE_OTHER, "{from} -> {to}");
    }
}

/// Draft to running.
pub const TO_RUNNING: [(&str, &str); 2] = [("draft", "ready"), ("ready", "running")];

/// Enters pairs 1..=n of guests "{first} {i}" and "{second} {i}" on the entries page.
pub async fn enter_pairs(d: &Browser, entries: &str, n: u32, first: &str, second: &str) {
    for i in 1..=n {
        let (a, b) = (format!("{first} {i}"), format!("{second} {i}"));
        let r = d
            .post(entries, entries, &[("guest_1", &a), ("guest_2", &b)])
            .await;
        assert_eq!(r.status(), StatusCode::SEE_OTHER, "pair {i}");
    }
}

/// A running Mitchell of club alpha named `name`: 2 tables, 4 pairs ("{first} n" and
/// "{second} n"), 1 round of 1 board, round 1 started. Its page, id and table codes by table.
pub async fn two_tables_running(
    app: &TestApp,
    d: &Browser,
    name: &str,
    (first, second): (&str, &str),
) -> (String, calypso_director::event::EventId, Vec<(u32, String)>) {
    let mut fields = event_fields(name);
    fields[4] = ("tables", "2");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let page = location(&r);
    let id = id_from_location(&page);
    enter_pairs(d, &format!("{page}/entries"), 4, first, second).await;
    let movement = format!("{page}/movement");
    let r = d.post(&movement, &movement, &[("rounds", "1")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    move_event(d, &page, &TO_RUNNING).await;
    let rounds = format!("{page}/rounds");
    let r = d.post(&rounds, &rounds, &[("round", "1")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let club = app.club_id("alpha");
    let codes = with_conn(app, |c| {
        db::tables::ensure_codes(
            c,
            club,
            id,
            2,
            calypso_director::service::tokens::table_code,
        )
        .unwrap()
    });
    (page, id, codes)
}

/// Stores a confirmed result of club "alpha"'s event directly, with the given scores (majors,
/// minors), as a director's entry would be stored; for tests about what follows a result.
pub fn store_result(
    app: &TestApp,
    id: calypso_director::event::EventId,
    at: db::results::PlayedAt,
    scores: (i32, i32),
) -> calypso_director::event::results::TableResult {
    use calypso_director::event::results::{BoardOutcome, ResultStatus};
    let values = calypso_director::event::results::ResultValues {
        scores: calypso_director::event::results::Sides::new(scores.0, scores.1),
        status: ResultStatus::Confirmed,
        outcome: BoardOutcome::Played,
        adjusted: calypso_director::event::results::Sides::new(None, None),
        report: calypso_director::event::results::TableReport::none(),
    };
    with_conn(app, |c| {
        match db::results::insert_result(c, app.club_id("alpha"), id, at, &values, "test", None)
            .unwrap()
            .expect("the club's event")
        {
            db::results::Inserted::Saved(r) => r,
            db::results::Inserted::Exists(r) => {
                panic!(
                    "round {} table {} has a result",
                    r.place.round, r.place.table
                )
            }
        }
    })
}

/// A director's API client: one bearer token, answers as (status, JSON or the body text).
#[derive(Clone)]
pub struct Api {
    pub http: reqwest::Client,
    pub base: String,
    pub token: String,
}

impl Api {
    pub async fn send(&self, method: &str, path: &str, body: Option<Value>) -> (StatusCode, Value) {
        let url = format!("{}/api/v1{path}", self.base);
        let req = match method {
            "GET" => self.http.get(&url),
            "POST" => self.http.post(&url),
            "PUT" => self.http.put(&url),
            "PATCH" => self.http.patch(&url),
            _ => unreachable!(),
        }
        .bearer_auth(&self.token);
        let req = match body {
            Some(b) => req.json(&b),
            None => req,
        };
        let r = req.send().await.unwrap();
        let status = r.status();
        let text = r.text().await.unwrap();
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }
    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        self.send("GET", path, None).await
    }
    pub async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.send("POST", path, Some(body)).await
    }
    pub async fn put(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.send("PUT", path, Some(body)).await
    }
    /// A pair entry for each of `pairs` (its two players' names) in event `id` (201 each).
    pub async fn enter_pairs(&self, id: i64, pairs: &[(&str, &str)]) {
        for (a, b) in pairs {
            let (s, v) = self
                .post(
                    &format!("/events/{id}/entries"),
                    serde_json::json!({"kind": "pair", "players": [{"name": a}, {"name": b}]}),
                )
                .await;
            assert_eq!(s, StatusCode::CREATED, "{v}");
        }
    }
}

/// An API client with a new token of the club `slug`, made by its director `d`.
pub async fn api_for(app: &TestApp, d: &Browser, slug: &str) -> Api {
    Api {
        http: reqwest::Client::builder()
            .pool_idle_timeout(POOL_IDLE)
            .build()
            .unwrap(),
        base: app.address.clone(),
        token: new_token(d, slug, "round laptop").await,
    }
}

/// The board as dealt from the event's seeded deck, and the event's game.
pub fn board_as_dealt(
    app: &TestApp,
    slug: &str,
    id: calypso_director::event::EventId,
    board: u32,
) -> (
    calypso_director::engine::GameSpec,
    Vec<calypso_director::engine::Deal>,
) {
    let club = app.club_id(slug);
    let ev = with_conn(app, |c| db::events::event(c, club, id).unwrap().unwrap());
    let key = ev.deal.clone().expect("a running event has its deal key");
    let deals = calypso_director::event::papers::board_deals(&ev.settings, &key, board)
        .unwrap()
        .unwrap();
    (ev.settings.game_spec(), deals)
}

/// One line of a game a table reports: after deal `after`, each seat's completed calypsos,
/// the ranks of its calypso in progress, and the trick piles (NS, EW) that make the cards
/// dealt by then add up, each side's a whole number of tricks.
#[derive(Clone, Debug)]
pub struct GameLine {
    pub after: usize,
    pub calypsos: [i64; 4],
    pub ranks: [Vec<char>; 4],
    pub piles: [i64; 2],
}

impl GameLine {
    /// The first `ip[seat]` ranks of each seat's suit dealt in deal 1 (to anyone) in progress.
    pub fn new(
        spec: &calypso_director::engine::GameSpec,
        deals: &[calypso_director::engine::Deal],
        after: usize,
        calypsos: [i64; 4],
        ip: [usize; 4],
    ) -> GameLine {
        use calypso_director::engine::{Card, Rank, Seat};
        let ranks = std::array::from_fn(|s| {
            let suit = spec.trumps.of(Seat::ALL[s]).unwrap();
            let dealt: Vec<char> = Rank::all()
                .filter(|&r| {
                    deals[0]
                        .hands
                        .iter()
                        .any(|h| h.count(Card::new(r, suit)) > 0)
                })
                .map(Rank::char)
                .collect();
            dealt[..ip[s]].to_vec()
        });
        let mut line = GameLine {
            after,
            calypsos,
            ranks,
            piles: [0, 0],
        };
        let cards = |s: usize| 13 * line.calypsos[s] + line.ranks[s].len() as i64;
        let (ns, ew) = (cards(0) + cards(2), cards(1) + cards(3));
        let rest = 52 * after as i64 - ns - ew;
        let mut ns_total = (ns + rest / 2) / 4 * 4;
        if ns_total < ns {
            ns_total += 4;
        }
        line.piles = [ns_total - ns, rest - (ns_total - ns)];
        assert_eq!((ew + line.piles[1]) % 4, 0, "{line:?}");
        line
    }

    /// The fields of this line: the whole game's (prefix "") or deal k's ("dk_").
    pub fn fields(&self, prefix: &str) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for (s, seat) in ["N", "E", "S", "W"].iter().enumerate() {
            out.push((
                format!("{prefix}calypsos_{seat}"),
                self.calypsos[s].to_string(),
            ));
            for r in &self.ranks[s] {
                out.push((format!("{prefix}ranks_{seat}"), r.to_string()));
            }
        }
        out.push((format!("{prefix}piles_NS"), self.piles[0].to_string()));
        out.push((format!("{prefix}piles_EW"), self.piles[1].to_string()));
        out
    }

    /// The scores by the rules, worked by hand: (majors = NS, minors = EW).
    pub fn scores(&self, revokes: [i64; 2]) -> (i64, i64) {
        use calypso_director::engine::calypso_points;
        let side = |a: usize, b: usize, pile: i64, their_revokes: i64| {
            calypso_points(self.calypsos[a] as u32)
                + calypso_points(self.calypsos[b] as u32)
                + 20 * (self.ranks[a].len() + self.ranks[b].len()) as i64
                + 10 * pile
                + 260 * their_revokes
        };
        (
            side(0, 2, self.piles[0], revokes[1]),
            side(1, 3, self.piles[1], revokes[0]),
        )
    }
}

/// Club "alpha"'s Mitchell evening, "Harbour Winter Pairs": three tables, six pairs, two
/// rounds, a confirmed result stored for the first board of each table's round (the second
/// one a ruling: not played, ave+ for the majors and 40% for the minors), then finished.
/// Returns the event's page and id and the results stored; the hand records are not released.
pub async fn finished_evening(
    app: &TestApp,
    d: &Browser,
) -> (
    String,
    calypso_director::event::EventId,
    Vec<calypso_director::event::results::TableResult>,
) {
    use calypso_director::event::results::{Adjusted, BoardOutcome};
    let mut fields = event_fields("Harbour Winter Pairs");
    fields[4] = ("tables", "3");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let event = location(&r);
    let id = id_from_location(&event);
    enter_pairs(
        d,
        &format!("{event}/entries"),
        6,
        "Annabel Longname-Smythe",
        "Bartholomew Quarterdeck",
    )
    .await;
    let movement = format!("{event}/movement");
    let r = d.post(&movement, &movement, &[("rounds", "2")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    move_event(d, &event, &TO_RUNNING).await;
    let rounds = format!("{event}/rounds");
    let club = app.club_id("alpha");
    let (m, entries) = with_conn(app, |c| {
        (
            db::movements::movement_of(c, club, id).unwrap().unwrap().1,
            db::entries::entries_of(c, club, id).unwrap(),
        )
    });
    let entry = |n: Option<u32>| {
        n.and_then(|n| entries.iter().find(|e| e.number == n as i32))
            .map(|e| e.id)
    };
    let mut stored = vec![];
    for round in 1..=2u32 {
        let r = d
            .post(&rounds, &rounds, &[("round", &round.to_string())])
            .await;
        assert_eq!(r.status(), StatusCode::SEE_OTHER);
        for s in m.round(round).filter(|s| s.has_game()) {
            let at = db::results::PlayedAt {
                round: round as i32,
                table_number: s.table as i32,
                board: s.boards[0] as i32,
                majors_entry: entry(s.majors),
                minors_entry: entry(s.minors),
            };
            stored.push(store_result(app, id, at, (1250 * s.table as i32, 500)));
        }
    }
    let ruled = with_conn(app, |c| {
        db::results::change_result(c, club, id, stored[1].id, "test", Some("ruling"), |r| {
            Ok::<_, ()>(calypso_director::event::results::ResultValues {
                outcome: BoardOutcome::NotPlayed,
                scores: calypso_director::event::results::Sides::new(0, 0),
                adjusted: calypso_director::event::results::Sides::new(
                    Some(Adjusted::AvePlus),
                    Some(Adjusted::Percent(40.0)),
                ),
                ..r.values.clone()
            })
        })
        .unwrap()
        .unwrap()
        .unwrap()
    });
    stored[1] = ruled;
    move_event(d, &event, &[("running", "finished")]).await;
    (event, id, stored)
}

/// A multipart/form-data body as a browser sends a form with a file input: text fields,
/// then the input `file` (its name and bytes; a browser sends an empty name and no bytes
/// when no file is chosen).
pub fn multipart_body(fields: &[(&str, &str)], file: Option<(&str, &[u8])>) -> (String, Vec<u8>) {
    let boundary = "----calypsoTestBoundary7MA4YWxk";
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            )
            .as_bytes(),
        );
    }
    let (filename, bytes) = file.unwrap_or(("", b""));
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{filename}\"\r\n\
             Content-Type: text/csv\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// Makes the event one played online (`event::play`), as its director's setting does:
/// cards are played at the app's tables only in such an event.
pub fn play_online(app: &TestApp, id: calypso_director::event::EventId) {
    use calypso_director::event::play::Play;
    with_conn(app, |c| {
        calypso_director::db::event_play::set_play(c, id, &Play::online(None, None).unwrap())
            .unwrap()
    });
}
