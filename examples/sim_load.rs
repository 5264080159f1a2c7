//! Load benchmark of a simultaneous event on two server processes (#25, docs/performance.md's "A
//! simultaneous event under load"): clubs on one PostgreSQL database, each playing a heat of
//! the same sim, every table's two phones entering and confirming results through the tables'
//! pages, spread over two real server processes as a proxy would, while a watcher on each
//! process polls the field's standings. Not a test: it prints figures.
//!
//! ```text
//! cargo run --release --features postgres --example sim_load
//! cargo run --release --features postgres --example sim_load -- --clubs 10 --tables 20 \
//!     --rounds 4 --think-ms 8000 --stagger-ms 1500 --second-try 20 --poll-ms 150 \
//!     --postgres 'postgres://calypso_test:calypso_test@localhost/postgres?sslmode=disable'
//! ```
//!
//! `--postgres` is an admin URL (a role that may create databases): the benchmark creates a
//! fresh database through it and drops it at the end. The example runs itself twice more
//! (`--serve ADDR --database URL`, hidden) as the two server processes, A and B: each builds
//! and runs the application `serve` runs (`Application::build`, no robot par, as
//! `CALYPSO_PAR_GAMES=0`), its default log going to a file. Both are killed at
//! the end (and each ends by itself when this process goes: it watches its stdin).
//!
//! Setup, as directors would, over HTTP: `--clubs` clubs made through setup links (the
//! `setup-link` command's), each owner logged in with an API token; the first club's
//! `--tables`-table Mitchell (one board a round, `--rounds` rounds) opens the sim through its
//! page; every other club joins through the sim's page with a heat of `--tables` tables; each
//! heat's pairs, movement and start go through its club's API. Club i's director uses process
//! A when i is even, B when odd.
//!
//! Play: each heat's driver starts round after round through the API when every table of the
//! round has confirmed. At a table, both phones open the page after a random wait of up to
//! `--stagger-ms`; the table thinks for a random time up to `--think-ms` (drawn per table and
//! round); the majors' phone posts the result, and in `--second-try` percent of the rounds the
//! minors' phone posts it at the same moment too (one gets the 303, the other the 409 page);
//! the other phone reloads the page after another random wait and confirms. At odd tables the
//! majors' phone talks to A and the minors' to B; at even tables the other way round.
//!
//! Currency: a watcher per process polls `GET /api/v1/sims/{sim}/standings` as the organiser's
//! director (who sees every board's results across the field) every `--poll-ms`, and notes
//! when each result first appears there. A result is scored (provisionally) from the moment it
//! is saved, so the lag is measured from the answer to the post that saved it.
//!
//! `--viewers N` adds N players' phones on the sim's public page, half on each process, each
//! asking for the field's live part (`GET /sims/{id}/live`) every 5 s as the page's script
//! does (none by default: the issue's shape is the 400 table devices).
//!
//! At the end each heat's results are counted through its club's API, by round, table and
//! board: exactly one each.

use std::collections::{BTreeMap, HashMap};
use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use tokio::sync::{Notify, mpsc, watch};

#[allow(dead_code)]
mod common;
use common::{Api, browser, club_director, input_value};
#[path = "common/phones.rs"]
mod phones;
use phones::{percentile, percentile_cells, post_confirm, refusal, result_form, table_page};

const DEFAULT_ADMIN: &str =
    "postgres://calypso_test:calypso_test@localhost/postgres?sslmode=disable";

#[derive(Clone, Debug)]
struct Opts {
    postgres: String,
    clubs: usize,
    tables: usize,
    rounds: usize,
    /// Up to this many milliseconds (drawn per table and round) between a table's page
    /// opening and its result being posted: the board being played and scored.
    think_ms: u64,
    /// Up to this many milliseconds (drawn per phone) before each page a phone opens.
    stagger_ms: u64,
    /// Percent of table rounds in which the minors' phone posts the result too.
    second_try: u64,
    /// Milliseconds between a watcher's polls of the field's standings.
    poll_ms: u64,
    /// Players' phones on the sim's public page, each asking for its live part every
    /// `POLL_MS` (5 s) as the page's script does, half on each process.
    viewers: usize,
}

const USAGE: &str = "usage: sim_load [--postgres ADMIN_URL] [--clubs N (2 to 50; default 10)] \
[--tables T (3 to 60; default 20)] [--rounds R (1 to T-1; default 4)] \
[--think-ms MS (up to 600000; default 8000)] [--stagger-ms MS (up to 60000; default 1500)] \
[--second-try PERCENT (default 20)] [--poll-ms MS (20 to 10000; default 150)] \
[--viewers N (up to 2000; default 0)]";

fn parse_opts(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts {
        postgres: std::env::var("CALYPSO_TEST_POSTGRES_URL")
            .ok()
            .filter(|u| !u.is_empty())
            .unwrap_or_else(|| DEFAULT_ADMIN.to_string()),
        clubs: 10,
        tables: 20,
        rounds: 4,
        think_ms: 8000,
        stagger_ms: 1500,
        second_try: 20,
        poll_ms: 150,
        viewers: 0,
    };
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        if flag == "--help" || flag == "-h" {
            return Err(USAGE.into());
        }
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        let number = || -> Result<u64, String> {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag}: {value:?} is not a whole number"))
        };
        match flag {
            "--postgres" => o.postgres = value.clone(),
            "--clubs" => o.clubs = number()? as usize,
            "--tables" => o.tables = number()? as usize,
            "--rounds" => o.rounds = number()? as usize,
            "--think-ms" => o.think_ms = number()?,
            "--stagger-ms" => o.stagger_ms = number()?,
            "--second-try" => o.second_try = number()?,
            "--poll-ms" => o.poll_ms = number()?,
            "--viewers" => o.viewers = number()? as usize,
            other => return Err(format!("unknown option {other}\n{USAGE}")),
        }
        i += 2;
    }
    if !o.postgres.starts_with("postgres://") && !o.postgres.starts_with("postgresql://") {
        return Err("--postgres: a postgres:// URL of a role that may create databases".into());
    }
    if !(2..=50).contains(&o.clubs) {
        return Err("--clubs: from 2 to 50".into());
    }
    if !(3..=60).contains(&o.tables) {
        return Err("--tables: from 3 to 60".into());
    }
    if !(1..o.tables).contains(&o.rounds) {
        return Err(format!(
            "--rounds: from 1 to {} (a Mitchell of T tables, with the skip at an even T, has \
             T-1 rounds in which no pairs meet twice)",
            o.tables - 1
        ));
    }
    if o.think_ms > 600_000 || o.stagger_ms > 60_000 {
        return Err("--think-ms: at most 600000; --stagger-ms: at most 60000".into());
    }
    if o.second_try > 100 || !(20..=10_000).contains(&o.poll_ms) {
        return Err("--second-try: at most 100; --poll-ms: from 20 to 10000".into());
    }
    if o.viewers > 2000 {
        return Err("--viewers: at most 2000".into());
    }
    Ok(o)
}

/// What a request was, for the figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Kind {
    Page,
    Result,
    Confirm,
    RoundStart,
    /// A watcher's poll of the field's standings on process 0 (A) or 1 (B).
    Standings(usize),
    /// A viewer's `GET /sims/{id}/live` (the public page's poll).
    Live,
    Setup,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Page => "GET /t/{code} (table page)",
            Kind::Result => "POST /t/{code}/result",
            Kind::Confirm => "POST /t/{code}/confirm",
            Kind::RoundStart => "POST /api/v1/.../rounds (driver)",
            Kind::Standings(0) => "GET /api/v1/sims/{id}/standings A",
            Kind::Standings(_) => "GET /api/v1/sims/{id}/standings B",
            Kind::Live => "GET /sims/{id}/live (viewers)",
            Kind::Setup => "setup (pages and API)",
        }
    }

    fn device(self) -> bool {
        matches!(self, Kind::Page | Kind::Result | Kind::Confirm)
    }
}

/// Latencies (microseconds) by kind and process, errors, and the outcomes that matter.
#[derive(Default)]
struct Stats {
    latencies: BTreeMap<(Kind, usize), Vec<u32>>,
    errors: u64,
    error_samples: Vec<String>,
    saved: u64,
    refused_409: u64,
    already_shown: u64,
    double_saves: u64,
    confirmed: u64,
}

impl Stats {
    fn time(&mut self, kind: Kind, process: usize, since: Instant) {
        let us = since.elapsed().as_micros().min(u32::MAX as u128) as u32;
        self.latencies.entry((kind, process)).or_default().push(us);
    }

    fn error(&mut self, what: String) {
        self.errors += 1;
        if self.error_samples.len() < 10 {
            self.error_samples.push(what);
        }
    }

    fn merge(&mut self, other: Stats) {
        for (k, v) in other.latencies {
            self.latencies.entry(k).or_default().extend(v);
        }
        self.errors += other.errors;
        for e in other.error_samples {
            if self.error_samples.len() < 10 {
                self.error_samples.push(e);
            }
        }
        self.saved += other.saved;
        self.refused_409 += other.refused_409;
        self.already_shown += other.already_shown;
        self.double_saves += other.double_saves;
        self.confirmed += other.confirmed;
    }
}

fn xorshift(rng: &mut u64) -> u64 {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    *rng
}

/// A table's result, where the field shows it: (heat, round, table).
type Place = (u64, u64, u64);

// ---------------------------------------------------------------------------------------
// The two server processes and the fresh database.

/// The fresh database and the two server processes on it: the processes are killed, then
/// the database dropped, when this goes.
struct Cluster {
    children: Vec<Child>,
    bases: Vec<String>,
    logs: Vec<std::path::PathBuf>,
    admin: String,
    name: String,
    url: String,
    _dir: tempfile::TempDir,
}

impl Drop for Cluster {
    fn drop(&mut self) {
        for c in &mut self.children {
            let _ = c.kill();
            let _ = c.wait();
        }
        drop_database(&self.admin, &self.name);
    }
}

fn create_database(admin: &str) -> Result<(String, String), String> {
    use diesel::{Connection, RunQueryDsl};
    let suffix = &calypso_director::service::tokens::random_token()[..12];
    let name = format!("calypso_simload_{}", suffix.to_lowercase());
    let mut c = diesel::PgConnection::establish(admin)
        .map_err(|e| format!("--postgres: cannot connect: {e}"))?;
    diesel::sql_query(format!("CREATE DATABASE {name}"))
        .execute(&mut c)
        .map_err(|e| format!("CREATE DATABASE {name}: {e}"))?;
    let (path, query) = admin.split_once('?').unwrap_or((admin, ""));
    let base = path.rsplit_once('/').map_or(path, |(b, _)| b);
    let query = if query.is_empty() {
        String::new()
    } else {
        format!("?{query}")
    };
    Ok((name.clone(), format!("{base}/{name}{query}")))
}

fn drop_database(admin: &str, name: &str) {
    use diesel::{Connection, RunQueryDsl};
    if let Ok(mut c) = diesel::PgConnection::establish(admin) {
        let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            .execute(&mut c);
    }
}

fn free_port() -> Result<u16, String> {
    let l = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(l.local_addr().map_err(|e| e.to_string())?.port())
}

/// Starts process `i` on the database and waits until it answers.
async fn start_process(c: &mut Cluster, i: usize) -> Result<(), String> {
    let port = free_port()?;
    let log = c._dir.path().join(format!("server-{}.log", ["a", "b"][i]));
    let out = std::fs::File::create(&log).map_err(|e| e.to_string())?;
    let err = out.try_clone().map_err(|e| e.to_string())?;
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let child = Command::new(exe)
        .args([
            "--serve",
            &format!("127.0.0.1:{port}"),
            "--database",
            &c.url,
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::from(out))
        .stderr(Stdio::from(err))
        .spawn()
        .map_err(|e| format!("starting server process: {e}"))?;
    c.children.push(child);
    c.logs.push(log.clone());
    let base = format!("http://127.0.0.1:{port}");
    let started = Instant::now();
    loop {
        if reqwest::get(format!("{base}/")).await.is_ok() {
            c.bases.push(base);
            return Ok(());
        }
        if let Ok(Some(exit)) = c.children[i].try_wait() {
            return Err(format!(
                "server process {i} exited: {exit}\n{}",
                std::fs::read_to_string(&log).unwrap_or_default()
            ));
        }
        if started.elapsed() > Duration::from_secs(60) {
            return Err(format!("server process {i} did not answer within 60 s"));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The hidden `--serve ADDR --database URL` mode: one server process, as `serve` runs it.
fn serve(args: &[String]) -> i32 {
    let (Some(bind), Some("--database"), Some(url)) =
        (args.get(1), args.get(2).map(String::as_str), args.get(3))
    else {
        eprintln!("sim_load --serve ADDR --database URL");
        return 2;
    };
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stdout)
        .with_ansi(false)
        .with_env_filter(tracing_subscriber::EnvFilter::new(
            calypso_director::web::startup::DEFAULT_LOG,
        ))
        .try_init();
    // The benchmark holds our stdin: when it ends, however it ends, so do we.
    std::thread::spawn(|| {
        let mut buf = [0u8; 64];
        let mut stdin = std::io::stdin();
        while matches!(stdin.read(&mut buf), Ok(n) if n > 0) {}
        std::process::exit(0);
    });
    let config = calypso_director::web::Config {
        bind: bind.clone(),
        base_url: None,
        secure_cookies: false,
        database_url: Some(url.clone()),
        // No robot par (CALYPSO_PAR_GAMES=0): its games would take the measured cores.
        par: None,
        trusted_proxies: Vec::new(),
        tuning: Default::default(),
        db_pool: calypso_director::web::config::DEFAULT_DB_POOL,
        clock: calypso_director::web::config::Clock::system(),
        // No robots at online tables either: no table here is played online.
        robot_seats: false,
    };
    let r = actix_web::rt::System::new().block_on(async move {
        let app = calypso_director::web::Application::build(config).map_err(|e| e.to_string())?;
        app.run_until_stopped().await.map_err(|e| e.to_string())
    });
    match r {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("sim_load server: {e}");
            1
        }
    }
}

// ---------------------------------------------------------------------------------------
// Setup.

/// A club's owner: their browser (logged in) and API on the process they use.
struct Director {
    slug: String,
    process: usize,
    browser: reqwest::Client,
    api: Arc<Api>,
}

impl Director {
    fn base(&self) -> &str {
        &self.api.base
    }

    /// A form post from one of the club's pages (its CSRF token): the answer's Location.
    async fn form(
        &self,
        page: &str,
        path: &str,
        fields: &[(&str, &str)],
        stats: &mut Stats,
    ) -> Result<String, String> {
        let t = Instant::now();
        let html = self
            .browser
            .get(format!("{}{page}", self.base()))
            .send()
            .await
            .map_err(|e| format!("GET {page}: {e}"))?
            .text()
            .await
            .map_err(|e| format!("GET {page}: {e}"))?;
        stats.time(Kind::Setup, self.process, t);
        let csrf = input_value(&html, "csrf_token").ok_or(format!("no CSRF token on {page}"))?;
        let mut form = vec![("csrf_token", csrf.as_str())];
        form.extend_from_slice(fields);
        let t = Instant::now();
        let r = self
            .browser
            .post(format!("{}{path}", self.base()))
            .form(&form)
            .send()
            .await
            .map_err(|e| format!("POST {path}: {e}"))?;
        stats.time(Kind::Setup, self.process, t);
        if r.status() != StatusCode::SEE_OTHER {
            return Err(format!("POST {path}: {}", refusal(r).await));
        }
        r.headers()
            .get("location")
            .and_then(|l| l.to_str().ok())
            .map(str::to_string)
            .ok_or(format!("POST {path}: no Location"))
    }

    async fn call(
        &self,
        method: Method,
        path: &str,
        body: Value,
        stats: &mut Stats,
    ) -> Result<Value, String> {
        let t = Instant::now();
        let r = self.api.call(method, path, body).await;
        stats.time(Kind::Setup, self.process, t);
        r
    }
}

/// A club and its owner through a setup link on process `process`.
async fn make_club(
    c: &Cluster,
    i: usize,
    stats: &mut Stats,
    link_pool: &calypso_director::db::DbPool,
) -> Result<Director, String> {
    let process = i % 2;
    let base = c.bases[process].clone();
    // What `calypso-director setup-link` prints, for this process's address.
    let link = {
        let mut conn = link_pool.get().map_err(|e| e.to_string())?;
        calypso_director::service::accounts::issue_setup_link(&mut conn, &base)
            .map_err(|e| e.to_string())?
    };
    let slug = format!("club{i}");
    let t = Instant::now();
    let (browser, token) = club_director(
        &base,
        &link,
        &format!("Club {i}"),
        &slug,
        &format!("owner{i}@example.org"),
    )
    .await?;
    stats.time(Kind::Setup, process, t);
    Ok(Director {
        slug,
        process,
        browser,
        api: Arc::new(Api {
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(60))
                .pool_idle_timeout(Duration::from_secs(4))
                .build()
                .map_err(|e| e.to_string())?,
            base,
            token,
        }),
    })
}

/// The heat's pairs and movement, then ready (and running, `run`).
async fn fill_heat(
    d: &Director,
    event: i64,
    opts: &Opts,
    run: bool,
    stats: &mut Stats,
) -> Result<(), String> {
    for n in 1..=2 * opts.tables {
        d.call(
            Method::POST,
            &format!("/events/{event}/entries"),
            json!({"kind": "pair", "players": [
                {"name": format!("North {n} of {}", d.slug)},
                {"name": format!("South {n} of {}", d.slug)}]}),
            stats,
        )
        .await?;
    }
    d.call(
        Method::PUT,
        &format!("/events/{event}/movement"),
        json!({"rounds": opts.rounds, "boards_per_round": 1}),
        stats,
    )
    .await?;
    let to: &[&str] = if run {
        &["ready", "running"]
    } else {
        &["ready"]
    };
    for to in to {
        d.call(
            Method::POST,
            &format!("/events/{event}/status"),
            json!({"to": to}),
            stats,
        )
        .await?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Play.

/// A round to play: the heat's event, the round and each table's code and board.
#[derive(Clone, Debug)]
struct Work {
    round: u64,
    codes: Arc<Vec<String>>,
}

/// What the two phones of a table share in a round: who saved the result (0 majors' phone,
/// 1 minors'), by round.
#[derive(Default)]
struct TableState {
    saved: Mutex<Option<(u64, usize)>>,
    notify: Notify,
}

/// When each result was saved (the answer to the post that saved it).
type Saves = Arc<Mutex<HashMap<Place, Instant>>>;

/// One heat's director: starts each round when every table of the previous one confirmed.
async fn driver(
    d: Arc<Director>,
    event: i64,
    opts: Opts,
    work: watch::Sender<Option<Work>>,
    mut done: mpsc::UnboundedReceiver<u64>,
) -> Stats {
    let mut stats = Stats::default();
    for round in 1..=opts.rounds as u64 {
        let t = Instant::now();
        let started = d
            .api
            .call(
                Method::POST,
                &format!("/events/{event}/rounds"),
                json!({"round": round, "confirm_unreported": false}),
            )
            .await;
        stats.time(Kind::RoundStart, d.process, t);
        let started = match started {
            Ok(v) => v,
            Err(e) => {
                stats.error(e);
                break;
            }
        };
        let mut codes = vec![String::new(); opts.tables];
        for t in started["tables"].as_array().into_iter().flatten() {
            if let (Some(n), Some(code)) = (t["table"].as_u64(), t["code"].as_str())
                && (1..=opts.tables as u64).contains(&n)
            {
                codes[n as usize - 1] = code.to_string();
            }
        }
        if codes.iter().any(String::is_empty) {
            stats.error(format!(
                "round {round} of event {event}: a table has no code: {started}"
            ));
            break;
        }
        let _ = work.send(Some(Work {
            round,
            codes: Arc::new(codes),
        }));
        let mut confirmed = 0;
        while confirmed < opts.tables {
            match done.recv().await {
                Some(r) if r == round => confirmed += 1,
                Some(_) => {}
                None => return stats,
            }
        }
    }
    // Dropping the sender tells the phones the heat is over.
    stats
}

async fn get_page(
    http: &reqwest::Client,
    base: &str,
    process: usize,
    code: &str,
    stats: &mut Stats,
) -> Option<String> {
    let t = Instant::now();
    let out = table_page(http, base, code)
        .await
        .map_err(|e| stats.error(e))
        .ok();
    stats.time(Kind::Page, process, t);
    out
}

/// A table's phone and where it is.
struct Phone {
    heat: u64,
    table: usize,
    /// 0: the majors' phone (enters the result); 1: the minors' (sometimes enters it too,
    /// confirms the one saved).
    role: usize,
    process: usize,
    base: String,
}

/// One phone, round after round until its heat is over.
#[allow(clippy::too_many_arguments)]
async fn device(
    phone: Phone,
    opts: Opts,
    shared: Arc<TableState>,
    mut work: watch::Receiver<Option<Work>>,
    done: mpsc::UnboundedSender<u64>,
    saves: Saves,
    seed: u64,
    table_seed: u64,
) -> Stats {
    let http = browser();
    let mut stats = Stats::default();
    let mut rng = seed;
    let mut last = 0u64;
    let Phone {
        heat,
        table,
        role,
        process,
        base,
    } = phone;
    loop {
        let w = loop {
            if let Some(w) = work.borrow_and_update().clone()
                && w.round > last
            {
                break w;
            }
            if work.changed().await.is_err() {
                return stats;
            }
        };
        last = w.round;
        let got = Instant::now();
        let code = &w.codes[table - 1];
        // The same draw at both phones of the table: a second try comes at the same moment.
        let mut table_rng = table_seed ^ w.round.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        xorshift(&mut table_rng);
        let think = xorshift(&mut table_rng) % (opts.think_ms + 1);
        let both = xorshift(&mut table_rng) % 100 < opts.second_try;
        let tries = role == 0 || both;
        let stagger = xorshift(&mut rng) % (opts.stagger_ms + 1);
        tokio::time::sleep(Duration::from_millis(stagger)).await;
        let Some(page) = get_page(&http, &base, process, code, &mut stats).await else {
            continue;
        };
        if tries {
            // The board is played and scored from the start of the round.
            tokio::time::sleep_until((got + Duration::from_millis(think)).into()).await;
            let (csrf, round, board) = (
                input_value(&page, "csrf_token"),
                input_value(&page, "round"),
                input_value(&page, "board"),
            );
            match (csrf, round, board) {
                (Some(csrf), Some(round), Some(board)) if round == w.round.to_string() => {
                    let form = result_form(&csrf, &round, &board, table + w.round as usize);
                    let t = Instant::now();
                    let r = http
                        .post(format!("{base}/t/{code}/result"))
                        .form(&form)
                        .send()
                        .await;
                    match r {
                        Ok(r) if r.status() == StatusCode::SEE_OTHER => {
                            saves
                                .lock()
                                .unwrap()
                                .entry((heat, w.round, table as u64))
                                .or_insert_with(Instant::now);
                            stats.saved += 1;
                            let mut s = shared.saved.lock().unwrap();
                            if matches!(*s, Some((r, _)) if r == w.round) {
                                stats.double_saves += 1;
                            } else {
                                *s = Some((w.round, role));
                            }
                            drop(s);
                            shared.notify.notify_waiters();
                        }
                        Ok(r) if r.status() == StatusCode::CONFLICT => stats.refused_409 += 1,
                        Ok(r) => {
                            stats.error(format!("result at /t/{code}: {}", refusal(r).await));
                        }
                        Err(e) => stats.error(format!("result at /t/{code}: {e}")),
                    }
                    stats.time(Kind::Result, process, t);
                }
                (Some(_), Some(round), Some(_)) => {
                    stats.error(format!("/t/{code} shows round {round}, not {}", w.round));
                }
                _ if input_value(&page, "result").is_some() => stats.already_shown += 1,
                _ => stats.error(format!("/t/{code}: neither the result form nor a result")),
            }
        }
        // Who saved it: the other phone confirms.
        let saver = loop {
            let notified = shared.notify.notified();
            if let Some((r, who)) = *shared.saved.lock().unwrap()
                && r == w.round
            {
                break who;
            }
            let _ = tokio::time::timeout(Duration::from_millis(500), notified).await;
        };
        if saver == role {
            continue;
        }
        let stagger = xorshift(&mut rng) % (opts.stagger_ms + 1);
        tokio::time::sleep(Duration::from_millis(stagger)).await;
        let Some(page) = get_page(&http, &base, process, code, &mut stats).await else {
            continue;
        };
        let (Some(csrf), Some(result)) = (
            input_value(&page, "csrf_token"),
            input_value(&page, "result"),
        ) else {
            stats.error(format!(
                "/t/{code}: no confirmation form after the result was saved"
            ));
            continue;
        };
        let t = Instant::now();
        match post_confirm(&http, &base, code, &csrf, &result).await {
            Ok(()) => {
                stats.confirmed += 1;
                let _ = done.send(w.round);
            }
            Err(e) => stats.error(e),
        }
        stats.time(Kind::Confirm, process, t);
    }
}

/// When each result first appeared in the field's standings on one process.
type Seen = Arc<Mutex<HashMap<Place, Instant>>>;

/// Polls the field's standings on `api`'s process as the organiser's director until `stop`.
async fn watcher(
    api: Arc<Api>,
    process: usize,
    sim: i64,
    poll: Duration,
    seen: Seen,
    stop: Arc<AtomicBool>,
) -> Stats {
    let mut stats = Stats::default();
    while !stop.load(Ordering::SeqCst) {
        let t = Instant::now();
        let r = api.get(&format!("/sims/{sim}/standings")).await;
        stats.time(Kind::Standings(process), process, t);
        match r {
            Ok(v) => {
                let now = Instant::now();
                let mut seen = seen.lock().unwrap();
                for b in v["field"]["boards"].as_array().into_iter().flatten() {
                    for r in b["results"].as_array().into_iter().flatten() {
                        let (Some(round), Some(table)) = (r["round"].as_u64(), r["table"].as_u64())
                        else {
                            continue;
                        };
                        seen.entry((table / 1000, round, table % 1000))
                            .or_insert(now);
                    }
                }
            }
            Err(e) => stats.error(e),
        }
        tokio::time::sleep(poll).await;
    }
    stats
}

/// A player's phone on the sim's public page: its live part every `POLL_MS` until `stop`.
async fn viewer(
    base: String,
    process: usize,
    sim: i64,
    mut rng: u64,
    stop: Arc<AtomicBool>,
) -> Stats {
    let http = browser();
    let mut stats = Stats::default();
    let poll = calypso_director::web::routes::sims::POLL_MS;
    tokio::time::sleep(Duration::from_millis(xorshift(&mut rng) % poll)).await;
    while !stop.load(Ordering::SeqCst) {
        let t = Instant::now();
        match http.get(format!("{base}/sims/{sim}/live")).send().await {
            Ok(r) if r.status() == StatusCode::OK => {
                let _ = r.bytes().await;
            }
            Ok(r) => stats.error(format!("GET /sims/{sim}/live: {}", r.status())),
            Err(e) => stats.error(format!("GET /sims/{sim}/live: {e}")),
        }
        stats.time(Kind::Live, process, t);
        tokio::time::sleep(Duration::from_millis(poll)).await;
    }
    stats
}

// ---------------------------------------------------------------------------------------

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--serve") {
        std::process::exit(serve(&args));
    }
    let opts = common::opts_or_exit("sim_load", parse_opts(&args));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let ran = runtime.block_on(run(opts));
    drop(runtime);
    common::exit_with("sim_load", ran);
}

/// Runs the benchmark and prints the figures; `Ok(false)` when anything was wrong (errors,
/// duplicates, a result missing, or one never seen in a process's field).
async fn run(opts: Opts) -> Result<bool, String> {
    let (name, url) = create_database(&opts.postgres)?;
    let mut c = Cluster {
        children: Vec::new(),
        bases: Vec::new(),
        logs: Vec::new(),
        admin: opts.postgres.clone(),
        name,
        url,
        _dir: tempfile::tempdir().map_err(|e| e.to_string())?,
    };
    // One after the other: the first migrates the fresh database.
    start_process(&mut c, 0).await?;
    start_process(&mut c, 1).await?;
    let ok = bench(&opts, &c).await;
    for (i, log) in c.logs.iter().enumerate() {
        common::print_server_log(log, [" A", " B"][i], 5);
    }
    ok
}

async fn bench(opts: &Opts, c: &Cluster) -> Result<bool, String> {
    let total_tables = opts.clubs * opts.tables;
    println!(
        "sim_load: {} clubs x {} tables = {total_tables} tables, {} devices (two phones a \
         table), {} round(s) of one board; two server processes on one PostgreSQL database; \
         think time up to {} ms a table, stagger up to {} ms a page, second phone also posts in \
         {}% of rounds; watchers poll the field every {} ms; {} viewers poll the public live part",
        opts.clubs,
        opts.tables,
        2 * total_tables,
        opts.rounds,
        opts.think_ms,
        opts.stagger_ms,
        opts.second_try,
        opts.poll_ms,
        opts.viewers
    );
    let mut stats = Stats::default();
    let setup_started = Instant::now();
    let link_pool = calypso_director::db::connect(Some(&c.url), 1).map_err(|e| e.to_string())?;
    let mut directors = Vec::new();
    for i in 0..opts.clubs {
        directors.push(Arc::new(make_club(c, i, &mut stats, &link_pool).await?));
    }
    drop(link_pool);

    // The organiser's event opens the sim; every other club joins with a heat.
    let org = directors[0].clone();
    let ev = org
        .call(
            Method::POST,
            "/events",
            json!({"name": "Sim load", "date": "2026-06-01", "format": "pairs-mitchell",
                   "tables": opts.tables, "boards": opts.tables}),
            &mut stats,
        )
        .await?;
    let first = ev["id"].as_i64().ok_or("no event id")?;
    fill_heat(&org, first, opts, false, &mut stats).await?;
    let page = format!("/c/{}/events/{first}", org.slug);
    let loc = org
        .form(
            &page,
            &format!("{page}/sim"),
            &[("name", "Load Sim")],
            &mut stats,
        )
        .await?;
    let sim: i64 = loc
        .strip_prefix("/sims/")
        .and_then(|s| s.parse().ok())
        .ok_or(format!("not a sim's address: {loc}"))?;
    org.call(
        Method::POST,
        &format!("/events/{first}/status"),
        json!({"to": "running"}),
        &mut stats,
    )
    .await?;
    let mut events = vec![first];
    for d in &directors[1..] {
        let tables = opts.tables.to_string();
        let loc = d
            .form(
                &format!("/sims/{sim}"),
                &format!("/c/{}/sims/{sim}/join", d.slug),
                &[("tables", &tables)],
                &mut stats,
            )
            .await?;
        let heat: i64 = loc
            .rsplit('/')
            .next()
            .and_then(|s| s.parse().ok())
            .ok_or(format!("not an event's address: {loc}"))?;
        events.push(heat);
    }
    let mut fills = Vec::new();
    for (d, &event) in directors.iter().zip(&events).skip(1) {
        let (d, opts) = (d.clone(), opts.clone());
        fills.push(tokio::spawn(async move {
            let mut s = Stats::default();
            let r = fill_heat(&d, event, &opts, true, &mut s).await;
            (r, s)
        }));
    }
    for f in fills {
        let (r, s) = f.await.map_err(|e| e.to_string())?;
        stats.merge(s);
        r?;
    }
    // Each heat's number in the field, from the organiser's view of it.
    let v = org.api.get(&format!("/sims/{sim}/standings")).await?;
    let mut heat_of: HashMap<i64, u64> = HashMap::new();
    for h in v["heats"].as_array().into_iter().flatten() {
        if let (Some(e), Some(n)) = (h["event"].as_i64(), h["heat"].as_u64()) {
            heat_of.insert(e, n);
        }
    }
    if heat_of.len() != opts.clubs {
        return Err(format!(
            "the field shows {} heats, not {}: {}",
            heat_of.len(),
            opts.clubs,
            v["heats"]
        ));
    }
    println!(
        "setup: {} clubs, the sim and {} running heats in {:.1} s (sim {sim})",
        opts.clubs,
        events.len(),
        setup_started.elapsed().as_secs_f64()
    );

    // Watchers, one a process, as the organiser's director.
    let stop = Arc::new(AtomicBool::new(false));
    let seen: Vec<Seen> = (0..2).map(|_| Seen::default()).collect();
    let mut watchers = Vec::new();
    for (p, base) in c.bases.iter().enumerate() {
        let api = Arc::new(Api {
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(60))
                .pool_idle_timeout(Duration::from_secs(4))
                .build()
                .map_err(|e| e.to_string())?,
            base: base.clone(),
            token: org.api.token.clone(),
        });
        watchers.push(tokio::spawn(watcher(
            api,
            p,
            sim,
            Duration::from_millis(opts.poll_ms),
            seen[p].clone(),
            stop.clone(),
        )));
    }

    let mut viewers = Vec::new();
    for v in 0..opts.viewers {
        let p = v % 2;
        viewers.push(tokio::spawn(viewer(
            c.bases[p].clone(),
            p,
            sim,
            (v as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1,
            stop.clone(),
        )));
    }

    // Play: a driver a heat, two phones a table.
    let saves = Saves::default();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut drivers = Vec::new();
    let mut devices = Vec::new();
    let started = Instant::now();
    for (d, &event) in directors.iter().zip(&events) {
        let heat = heat_of[&event];
        let (work_tx, work_rx) = watch::channel(None);
        let (done_tx, done_rx) = mpsc::unbounded_channel();
        for table in 1..=opts.tables {
            let shared = Arc::new(TableState::default());
            let table_seed = xorshift(&mut seed) | 1;
            for role in 0..2 {
                let process = (table + role + 1) % 2;
                devices.push(tokio::spawn(device(
                    Phone {
                        heat,
                        table,
                        role,
                        process,
                        base: c.bases[process].clone(),
                    },
                    opts.clone(),
                    shared.clone(),
                    work_rx.clone(),
                    done_tx.clone(),
                    saves.clone(),
                    xorshift(&mut seed) | 1,
                    table_seed,
                )));
            }
        }
        drivers.push(tokio::spawn(driver(
            d.clone(),
            event,
            opts.clone(),
            work_tx,
            done_rx,
        )));
    }
    for d in drivers {
        stats.merge(d.await.map_err(|e| e.to_string())?);
    }
    let elapsed = started.elapsed().as_secs_f64();
    for d in devices {
        stats.merge(d.await.map_err(|e| e.to_string())?);
    }
    // The watchers catch up with the last results (or 10 s pass).
    let all_saved: Vec<(Place, Instant)> = saves
        .lock()
        .unwrap()
        .iter()
        .map(|(k, v)| (*k, *v))
        .collect();
    let caught_up = Instant::now();
    while caught_up.elapsed() < Duration::from_secs(10)
        && !seen.iter().all(|s| {
            let s = s.lock().unwrap();
            all_saved.iter().all(|(k, _)| s.contains_key(k))
        })
    {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    stop.store(true, Ordering::SeqCst);
    for w in watchers.into_iter().chain(viewers) {
        stats.merge(w.await.map_err(|e| e.to_string())?);
    }

    // Rows per round, table and board of every heat, through its club's API.
    let mut rows = 0u64;
    let mut duplicate_rows = 0u64;
    let mut missing = 0u64;
    let mut by_status: BTreeMap<String, u64> = BTreeMap::new();
    for (d, &event) in directors.iter().zip(&events) {
        let v = d.api.get(&format!("/events/{event}/results")).await?;
        let mut places: BTreeMap<(i64, i64, i64), u64> = BTreeMap::new();
        for r in v["results"].as_array().into_iter().flatten() {
            rows += 1;
            *by_status
                .entry(r["status"].as_str().unwrap_or("?").to_string())
                .or_default() += 1;
            let key = (
                r["round"].as_i64().unwrap_or(-1),
                r["table"].as_i64().unwrap_or(-1),
                r["board"].as_i64().unwrap_or(-1),
            );
            *places.entry(key).or_default() += 1;
        }
        duplicate_rows += places.values().map(|&n| n.saturating_sub(1)).sum::<u64>();
        missing +=
            (opts.tables * opts.rounds) as u64 - places.len().min(opts.tables * opts.rounds) as u64;
    }

    // The figures.
    let total: usize = stats
        .latencies
        .iter()
        .filter(|((k, _), _)| *k != Kind::Setup)
        .map(|(_, v)| v.len())
        .sum();
    println!(
        "play: {} results in {elapsed:.1} s; {total} requests = {:.0} requests/s (setup not counted)",
        all_saved.len(),
        total as f64 / elapsed
    );
    println!(
        "{:<38} {:>7} {:>8} {:>8} {:>8} {:>8}",
        "kind (process)", "count", "p50 ms", "p95 ms", "p99 ms", "max ms"
    );
    let line = |name: &str, v: &[u32]| {
        println!(
            "{:<38} {:>7}{}",
            name,
            v.len(),
            percentile_cells(v, &[50.0, 95.0, 99.0, 100.0], 8)
        );
    };
    let mut by_kind: BTreeMap<Kind, Vec<u32>> = BTreeMap::new();
    let mut devices_by: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
    let mut device_all: Vec<u32> = Vec::new();
    let mut all: Vec<u32> = Vec::new();
    for ((k, p), v) in &stats.latencies {
        by_kind.entry(*k).or_default().extend_from_slice(v);
        if k.device() {
            devices_by[*p].extend_from_slice(v);
            device_all.extend_from_slice(v);
        }
        if *k != Kind::Setup {
            all.extend_from_slice(v);
        }
    }
    for (k, v) in by_kind.iter_mut() {
        v.sort_unstable();
        line(k.name(), v);
    }
    let [mut on_a, mut on_b] = devices_by;
    for (name, v) in [
        ("devices' requests on A", &mut on_a),
        ("devices' requests on B", &mut on_b),
        ("devices' requests", &mut device_all),
        ("overall (setup not counted)", &mut all),
    ] {
        v.sort_unstable();
        line(name, v);
    }
    // Currency: from the save's answer to the first poll that showed the result.
    let mut never_seen = 0u64;
    let mut late = 0u64;
    for (p, s) in seen.iter().enumerate() {
        let s = s.lock().unwrap();
        let mut lags: Vec<u32> = Vec::new();
        for (k, at) in &all_saved {
            match s.get(k) {
                Some(shown) => lags.push(
                    shown
                        .saturating_duration_since(*at)
                        .as_micros()
                        .min(u32::MAX as u128) as u32,
                ),
                None => never_seen += 1,
            }
        }
        lags.sort_unstable();
        let over = lags.iter().filter(|&&l| l > 2_000_000).count() as u64;
        late += over;
        println!(
            "field standings on {}: {} of {} results shown; lag from save p50 {:.0} ms, p99 {:.0} \
             ms, max {:.0} ms; over 2 s: {over}",
            ["A", "B"][p],
            lags.len(),
            all_saved.len(),
            percentile(&lags, 50.0),
            percentile(&lags, 99.0),
            percentile(&lags, 100.0)
        );
    }
    println!(
        "results: {} saved (303), {} second tries refused (409), {} second phones found the \
         result already shown, {} confirmed; rows in the database: {rows} ({}) in {} heats, {} \
         missing",
        stats.saved,
        stats.refused_409,
        stats.already_shown,
        stats.confirmed,
        by_status
            .iter()
            .map(|(s, n)| format!("{n} {s}"))
            .collect::<Vec<_>>()
            .join(", "),
        events.len(),
        missing
    );
    let p99 = percentile(&device_all, 99.0);
    println!(
        "errors: {}; duplicates: {duplicate_rows} rows beyond one per round/table/board, {} \
         second saves answered 303; devices' p99 < 100 ms: {} ({p99:.1} ms); every result in \
         both processes' field within 2 s: {}",
        stats.errors,
        stats.double_saves,
        if p99 < 100.0 { "yes" } else { "no" },
        if never_seen == 0 && late == 0 {
            "yes"
        } else {
            "no"
        }
    );
    for e in &stats.error_samples {
        println!("  error: {e}");
    }
    Ok(stats.errors == 0
        && duplicate_rows == 0
        && stats.double_saves == 0
        && missing == 0
        && never_seen == 0)
}
