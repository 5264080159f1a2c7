//! Load benchmark of score entry (docs/performance.md, "Score entry under load"): many table devices
//! at once against one server on a fresh SQLite file, each doing what a table's phone does
//! through the table's page: open the page, enter the board's result, and the other side's
//! phone confirms it. Not a test: it prints figures.
//!
//! ```text
//! cargo run --release --example load                 # 200 devices, 60 s
//! cargo run --release --example load -- --devices 200 --seconds 60 --tables 25 --second-try 50
//! ```
//!
//! The server is the one `serve` runs (`Application::build`, the same workers, pool and
//! middleware, its default log going to a file), started in this process on a
//! fresh SQLite file in a temporary directory, on its own threads; the devices are HTTP
//! clients (reqwest, each with its own cookies) on a tokio runtime in the same process, so
//! the clients' work shares the machine's cores with the server.
//!
//! Always work: the devices are split into sections, each a running Mitchell of `--tables`
//! tables (an odd number, so the movement has as many rounds as tables) and one board a
//! round, two devices a table (its majors' and its minors' phones). A section's driver starts
//! the next round through the API as soon as every table of the round has confirmed its
//! result, and when the last round is over the section moves on to a new event (prepared in
//! the background while the previous one runs).
//!
//! At a table, each round: both phones open the page; the majors' phone posts the result,
//! and in `--second-try` percent of the rounds the minors' phone posts the same result at
//! the same moment (one of the two gets the page's 303, the other the 409 page: a second
//! 303 is a duplicate); the phone that did not save the result reloads the page for the
//! result's id and agrees. At the end every event's results are counted through the API,
//! by round, table and board.
//!
//! `--via api` does the same through the JSON API instead (a director's `POST .../results`,
//! final at once, so no confirmation): the harness before the tables' pages existed.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::json;
use tokio::sync::{Notify, mpsc, watch};

#[allow(dead_code)]
mod common;
use common::{Api, browser, director_token, input_value, start_server};
#[path = "common/phones.rs"]
mod phones;
use phones::{percentile, percentile_cells, post_confirm, result_form, table_page};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Via {
    Pages,
    Api,
}

#[derive(Clone, Debug)]
struct Opts {
    devices: usize,
    seconds: u64,
    tables: usize,
    /// Percent of table rounds in which the second phone posts the same result too.
    second_try: u64,
    /// Milliseconds a phone waits before posting the result (entering the scores).
    think_ms: u64,
    /// Up to this many milliseconds (drawn at random) a phone waits before each page it
    /// opens: players do not all look at their phones in the same millisecond.
    stagger_ms: u64,
    via: Via,
}

const USAGE: &str = "usage: load [--devices N (even, a multiple of 2 x tables; default 200)] \
[--seconds S (default 60)] [--tables T (odd, 3 to 99; default 25)] \
[--second-try PERCENT (default 50)] [--think-ms MS (default 0)] [--stagger-ms MS (default 0)] \
[--via pages|api]";

fn parse_opts() -> Result<Opts, String> {
    let mut o = Opts {
        devices: 200,
        seconds: 60,
        tables: 25,
        second_try: 50,
        think_ms: 0,
        stagger_ms: 0,
        via: Via::Pages,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
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
            "--devices" => o.devices = number()? as usize,
            "--seconds" => o.seconds = number()?,
            "--tables" => o.tables = number()? as usize,
            "--second-try" => o.second_try = number()?,
            "--think-ms" => o.think_ms = number()?,
            "--stagger-ms" => o.stagger_ms = number()?,
            "--via" => {
                o.via = match value.as_str() {
                    "pages" => Via::Pages,
                    "api" => Via::Api,
                    other => return Err(format!("--via: pages or api, not {other:?}")),
                }
            }
            other => return Err(format!("unknown option {other}\n{USAGE}")),
        }
        i += 2;
    }
    if !(3..=99).contains(&o.tables) || o.tables.is_multiple_of(2) {
        return Err(
            "--tables: an odd number from 3 to 99 (a Mitchell of T tables, T odd, has T rounds)"
                .into(),
        );
    }
    if !(1..=10_000).contains(&o.devices) || !o.devices.is_multiple_of(2 * o.tables) {
        return Err(format!(
            "--devices: up to 10,000, a multiple of {} (two phones at each of the {} tables of a section)",
            2 * o.tables,
            o.tables
        ));
    }
    if o.seconds == 0 || o.second_try > 100 {
        return Err("--seconds must be at least 1 and --second-try at most 100".into());
    }
    Ok(o)
}

/// What a request was, for the figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Page,
    Result,
    Confirm,
    ApiResult,
    RoundStart,
    EventSetup,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Page => "GET /t/{code} (table page)",
            Kind::Result => "POST /t/{code}/result",
            Kind::Confirm => "POST /t/{code}/confirm",
            Kind::ApiResult => "POST /api/v1/.../results",
            Kind::RoundStart => "POST /api/v1/.../rounds (driver)",
            Kind::EventSetup => "event setup (API, driver)",
        }
    }
}

/// Latencies (microseconds) by kind, errors, and the outcomes that matter.
#[derive(Default)]
struct Stats {
    latencies: BTreeMap<Kind, Vec<u32>>,
    errors: u64,
    error_samples: Vec<String>,
    saved: u64,
    refused_409: u64,
    /// Second phones whose page already showed the other phone's result (no form to post).
    already_shown: u64,
    double_saves: u64,
    confirmed: u64,
}

impl Stats {
    fn time(&mut self, kind: Kind, since: Instant) {
        let us = since.elapsed().as_micros().min(u32::MAX as u128) as u32;
        self.latencies.entry(kind).or_default().push(us);
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

/// A running Mitchell of `tables` tables, as many rounds, one board a round; round 1 not yet
/// started.
async fn new_event(api: &Api, tables: usize, n: u64, stats: &mut Stats) -> Result<i64, String> {
    use reqwest::Method;
    let t = Instant::now();
    let ev = api
        .call(
            Method::POST,
            "/events",
            json!({"name": format!("Load {n}"), "date": "2026-06-01",
                   "format": "pairs-mitchell", "tables": tables, "boards": tables}),
        )
        .await?;
    stats.time(Kind::EventSetup, t);
    let id = ev["id"].as_i64().ok_or("no event id")?;
    for i in 1..=2 * tables {
        let t = Instant::now();
        api.call(
            Method::POST,
            &format!("/events/{id}/entries"),
            common::pair_entry(i),
        )
        .await?;
        stats.time(Kind::EventSetup, t);
    }
    let t = Instant::now();
    api.call(
        Method::PUT,
        &format!("/events/{id}/movement"),
        json!({"rounds": tables, "boards_per_round": 1}),
    )
    .await?;
    stats.time(Kind::EventSetup, t);
    for to in ["ready", "running"] {
        let t = Instant::now();
        api.call(
            Method::POST,
            &format!("/events/{id}/status"),
            json!({"to": to}),
        )
        .await?;
        stats.time(Kind::EventSetup, t);
    }
    Ok(id)
}

/// A round to play: the event, the round and each table's code and board.
#[derive(Clone, Debug)]
struct Work {
    generation: u64,
    event: i64,
    round: i64,
    codes: Arc<Vec<String>>,
    /// Each table's board this round (index table - 1).
    boards: Arc<Vec<i64>>,
}

/// What the two phones of a table share in a round: who saved the result (0 majors' phone,
/// 1 minors'), by generation.
#[derive(Default)]
struct TableState {
    saved: Mutex<Option<(u64, usize)>>,
    notify: Notify,
}

/// One section: runs events round after round until `stop`, telling the devices each
/// round's work and waiting for every table's confirmation.
async fn driver(
    api: Arc<Api>,
    opts: Opts,
    section: usize,
    work: watch::Sender<Option<Work>>,
    mut done: mpsc::UnboundedReceiver<u64>,
    stop: Arc<AtomicBool>,
    events_made: Arc<Mutex<Vec<i64>>>,
) -> Stats {
    use reqwest::Method;
    let mut stats = Stats::default();
    let mut generation = 0u64;
    let mut n = 0u64;
    let mut next_event = {
        let api = api.clone();
        let tables = opts.tables;
        n += 1;
        let label = section as u64 * 1000 + n;
        tokio::spawn(async move {
            let mut s = Stats::default();
            let r = new_event(&api, tables, label, &mut s).await;
            (r, s)
        })
    };
    'events: while !stop.load(Ordering::SeqCst) {
        let (made, s) = match next_event.await {
            Ok(x) => x,
            Err(e) => {
                stats.error(format!("event setup task: {e}"));
                break;
            }
        };
        stats.merge(s);
        let event = match made {
            Ok(id) => id,
            Err(e) => {
                stats.error(e);
                break;
            }
        };
        events_made.lock().unwrap().push(event);
        // The next event is made while this one is played.
        next_event = {
            let api = api.clone();
            let tables = opts.tables;
            n += 1;
            let label = section as u64 * 1000 + n;
            tokio::spawn(async move {
                let mut s = Stats::default();
                let r = new_event(&api, tables, label, &mut s).await;
                (r, s)
            })
        };
        for round in 1..=opts.tables as i64 {
            if stop.load(Ordering::SeqCst) {
                break 'events;
            }
            let t = Instant::now();
            let started = api
                .call(
                    Method::POST,
                    &format!("/events/{event}/rounds"),
                    json!({"round": round, "confirm_unreported": false}),
                )
                .await;
            stats.time(Kind::RoundStart, t);
            let started = match started {
                Ok(v) => v,
                Err(e) => {
                    stats.error(e);
                    break 'events;
                }
            };
            let mut codes = vec![String::new(); opts.tables];
            let mut boards = vec![0i64; opts.tables];
            for t in started["tables"].as_array().into_iter().flatten() {
                if let (Some(n), Some(code), Some(board)) = (
                    t["table"].as_u64(),
                    t["code"].as_str(),
                    t["boards"][0].as_i64(),
                ) && (1..=opts.tables as u64).contains(&n)
                {
                    codes[n as usize - 1] = code.to_string();
                    boards[n as usize - 1] = board;
                }
            }
            if codes.iter().any(String::is_empty) {
                stats.error(format!(
                    "round {round} of event {event}: a table has no code or board: {started}"
                ));
                break 'events;
            }
            generation += 1;
            let _ = work.send(Some(Work {
                generation,
                event,
                round,
                codes: Arc::new(codes),
                boards: Arc::new(boards),
            }));
            // Every table's confirmation of this round (or the end of the run).
            let mut in_round = 0;
            while in_round < opts.tables {
                match done.recv().await {
                    Some(g) if g == generation => in_round += 1,
                    Some(_) => {}
                    None => break 'events,
                }
            }
        }
    }
    stats
}

async fn get_page(
    http: &reqwest::Client,
    base: &str,
    code: &str,
    stats: &mut Stats,
) -> Option<String> {
    let t = Instant::now();
    let out = table_page(http, base, code)
        .await
        .map_err(|e| stats.error(e))
        .ok();
    stats.time(Kind::Page, t);
    out
}

/// Whether this device's result post saved the result (`Some(true)`), was refused because
/// one exists (`Some(false)`), or failed (`None`, counted as an error).
#[allow(clippy::too_many_arguments)]
async fn post_result(
    http: &reqwest::Client,
    base: &str,
    api: &Api,
    opts: &Opts,
    w: &Work,
    table: usize,
    page: &str,
    stats: &mut Stats,
) -> Option<bool> {
    let code = &w.codes[table - 1];
    let variant = table + w.round as usize;
    let t = Instant::now();
    let (kind, sent) = match opts.via {
        Via::Pages => {
            let (Some(csrf), Some(round), Some(board)) = (
                input_value(page, "csrf_token"),
                input_value(page, "round"),
                input_value(page, "board"),
            ) else {
                // The other phone's result was in before this page loaded: the page shows it
                // (to confirm) instead of the form, and there is nothing to post.
                if input_value(page, "result").is_some() {
                    stats.already_shown += 1;
                    return Some(false);
                }
                stats.error(format!("/t/{code}: neither the result form nor a result"));
                return None;
            };
            if round != w.round.to_string() {
                stats.error(format!("/t/{code} shows round {round}, not {}", w.round));
                return None;
            }
            let form = result_form(&csrf, &round, &board, variant);
            (
                Kind::Result,
                http.post(format!("{base}/t/{code}/result"))
                    .form(&form)
                    .send()
                    .await,
            )
        }
        Via::Api => {
            let zero = json!({"calypsos": 0, "in_progress": []});
            let (ns, ew) = [(104, 104), (100, 108), (112, 96), (88, 120)][variant % 4];
            let body = json!({"round": w.round, "table": table, "board": w.boards[table - 1],
                "players": {"N": zero, "E": zero, "S": zero, "W": zero},
                "trick_piles": {"NS": ns, "EW": ew}, "revokes": {"NS": 0, "EW": 0}});
            (
                Kind::ApiResult,
                api.http
                    .post(format!("{base}/api/v1/events/{}/results", w.event))
                    .bearer_auth(&api.token)
                    .json(&body)
                    .send()
                    .await,
            )
        }
    };
    let out = match sent {
        Ok(r) => {
            let status = r.status();
            let text = r.text().await.unwrap_or_default();
            match (opts.via, status) {
                (Via::Pages, StatusCode::SEE_OTHER) | (Via::Api, StatusCode::CREATED) => Some(true),
                (_, StatusCode::CONFLICT) => {
                    stats.refused_409 += 1;
                    Some(false)
                }
                _ => {
                    let short: String = text.chars().take(300).collect();
                    stats.error(format!("result at /t/{code}: {status} {short}"));
                    None
                }
            }
        }
        Err(e) => {
            stats.error(format!("result at /t/{code}: {e}"));
            None
        }
    };
    stats.time(kind, t);
    out
}

/// Waits a random 0 to `--stagger-ms` milliseconds (xorshift on the device's own seed).
async fn stagger(opts: &Opts, rng: &mut u64) {
    if opts.stagger_ms == 0 {
        return;
    }
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    tokio::time::sleep(Duration::from_millis(*rng % (opts.stagger_ms + 1))).await;
}

/// One phone: `role` 0 is the majors', which enters the result; 1 the minors', which
/// sometimes enters it too and confirms the one saved.
#[allow(clippy::too_many_arguments)]
async fn device(
    base: String,
    api: Arc<Api>,
    opts: Opts,
    table: usize,
    role: usize,
    shared: Arc<TableState>,
    mut work: watch::Receiver<Option<Work>>,
    done: mpsc::UnboundedSender<u64>,
    stop: Arc<AtomicBool>,
    seed: u64,
) -> Stats {
    let http = browser();
    let mut stats = Stats::default();
    let mut rng = seed;
    let mut last = 0u64;
    loop {
        // The next round's work (the driver's watch), or the end of the run.
        let w = loop {
            if stop.load(Ordering::SeqCst) {
                return stats;
            }
            if let Some(w) = work.borrow_and_update().clone()
                && w.generation > last
            {
                break w;
            }
            if tokio::time::timeout(Duration::from_millis(200), work.changed())
                .await
                .is_ok_and(|r| r.is_err())
            {
                return stats;
            }
        };
        last = w.generation;
        let code = &w.codes[table - 1];
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let tries = role == 0 || rng % 100 < opts.second_try;
        stagger(&opts, &mut rng).await;
        let Some(page) = get_page(&http, &base, code, &mut stats).await else {
            continue;
        };
        if tries {
            if opts.think_ms > 0 {
                tokio::time::sleep(Duration::from_millis(opts.think_ms)).await;
            }
            match post_result(&http, &base, &api, &opts, &w, table, &page, &mut stats).await {
                Some(true) => {
                    stats.saved += 1;
                    let mut s = shared.saved.lock().unwrap();
                    if matches!(*s, Some((g, _)) if g == w.generation) {
                        stats.double_saves += 1;
                    } else {
                        *s = Some((w.generation, role));
                    }
                    drop(s);
                    shared.notify.notify_waiters();
                }
                Some(false) => {}
                None => {}
            }
        }
        // Who saved it: the other phone confirms (with the API the result is final).
        let saver = loop {
            let notified = shared.notify.notified();
            if let Some((g, who)) = *shared.saved.lock().unwrap()
                && g == w.generation
            {
                break Some(who);
            }
            if stop.load(Ordering::SeqCst) {
                break None;
            }
            let _ = tokio::time::timeout(Duration::from_millis(200), notified).await;
        };
        let Some(saver) = saver else {
            return stats;
        };
        if saver == role {
            if opts.via == Via::Api {
                let _ = done.send(w.generation);
            }
            continue;
        }
        if opts.via == Via::Api {
            continue;
        }
        stagger(&opts, &mut rng).await;
        let Some(page) = get_page(&http, &base, code, &mut stats).await else {
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
                let _ = done.send(w.generation);
            }
            Err(e) => stats.error(e),
        }
        stats.time(Kind::Confirm, t);
    }
}

fn main() {
    let opts = common::opts_or_exit("load", parse_opts());
    common::exit_with("load", run(opts));
}

/// Runs the benchmark and prints the figures; `Ok(false)` when there were errors or
/// duplicates.
fn run(opts: Opts) -> Result<bool, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let file = dir.path().join("load.db");
    let url = format!("sqlite://{}", file.display());
    let log_path = dir.path().join("server.log");
    let log = std::fs::File::create(&log_path).map_err(|e| e.to_string())?;
    let (base, setup_link) = start_server(&url, log)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let ok = runtime.block_on(drive(opts, base, setup_link))?;
    common::print_server_log(&log_path, "", 10);
    Ok(ok)
}

async fn drive(opts: Opts, base: String, setup_link: String) -> Result<bool, String> {
    let token = director_token(&base, &setup_link).await?;
    let api = Arc::new(Api::new(&base, token)?);
    let sections = opts.devices / (2 * opts.tables);
    println!(
        "load: {} devices ({} section{} of a {}-table Mitchell, one board a round, two phones a \
         table), {} s, via {}; second phone also posts the result in {}% of rounds; think time {} ms; \
         stagger up to {} ms",
        opts.devices,
        sections,
        if sections == 1 { "" } else { "s" },
        opts.tables,
        opts.seconds,
        match opts.via {
            Via::Pages => "the tables' pages",
            Via::Api => "the JSON API",
        },
        opts.second_try,
        opts.think_ms,
        opts.stagger_ms
    );
    let stop = Arc::new(AtomicBool::new(false));
    let events_made = Arc::new(Mutex::new(Vec::new()));
    let seeds = AtomicU64::new(0x2545_f491_4f6c_dd1d);
    let mut drivers = Vec::new();
    let mut devices = Vec::new();
    let started = Instant::now();
    for section in 0..sections {
        let (work_tx, work_rx) = watch::channel(None);
        let (done_tx, done_rx) = mpsc::unbounded_channel();
        for table in 1..=opts.tables {
            let shared = Arc::new(TableState::default());
            for role in 0..2 {
                devices.push(tokio::spawn(device(
                    base.clone(),
                    api.clone(),
                    opts.clone(),
                    table,
                    role,
                    shared.clone(),
                    work_rx.clone(),
                    done_tx.clone(),
                    stop.clone(),
                    seeds.fetch_add(0x9e37_79b9_7f4a_7c15, Ordering::SeqCst) | 1,
                )));
            }
        }
        drivers.push(tokio::spawn(driver(
            api.clone(),
            opts.clone(),
            section,
            work_tx,
            done_rx,
            stop.clone(),
            events_made.clone(),
        )));
    }
    tokio::time::sleep(Duration::from_secs(opts.seconds)).await;
    stop.store(true, Ordering::SeqCst);
    let mut stats = Stats::default();
    for d in devices {
        stats.merge(d.await.map_err(|e| e.to_string())?);
    }
    let elapsed = started.elapsed().as_secs_f64();
    for d in drivers {
        stats.merge(d.await.map_err(|e| e.to_string())?);
    }

    // Rows per round, table and board of every event, through the API.
    let mut rows = 0u64;
    let mut duplicate_rows = 0u64;
    let mut by_status: BTreeMap<String, u64> = BTreeMap::new();
    let events = events_made.lock().unwrap().clone();
    for &event in &events {
        let v = api.get(&format!("/events/{event}/results")).await?;
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
    }

    let window = |k: &Kind| !matches!(k, Kind::EventSetup);
    let total: usize = stats.latencies.values().map(Vec::len).sum();
    println!(
        "requests: {total} in {elapsed:.1} s = {:.0} requests/s (every request of the run, the \
         drivers' event setups included)",
        total as f64 / elapsed
    );
    println!(
        "{:<36} {:>8} {:>9} {:>9} {:>9} {:>9}",
        "kind", "count", "req/s", "p50 ms", "p99 ms", "max ms"
    );
    let mut all: Vec<u32> = Vec::new();
    let mut device_all: Vec<u32> = Vec::new();
    for (k, v) in stats.latencies.iter_mut() {
        v.sort_unstable();
        println!(
            "{:<36} {:>8} {:>9.1}{}",
            k.name(),
            v.len(),
            v.len() as f64 / elapsed,
            percentile_cells(v, &[50.0, 99.0, 100.0], 9)
        );
        all.extend_from_slice(v);
        if window(k) && *k != Kind::RoundStart {
            device_all.extend_from_slice(v);
        }
    }
    all.sort_unstable();
    device_all.sort_unstable();
    for (name, v) in [
        ("overall (every request)", &all),
        ("devices' requests", &device_all),
    ] {
        println!(
            "{:<36} {:>8} {:>9.1}{}",
            name,
            v.len(),
            v.len() as f64 / elapsed,
            percentile_cells(v, &[50.0, 99.0, 100.0], 9)
        );
    }
    let p99 = percentile(&all, 99.0);
    println!(
        "results: {} saved (303/201), {} second tries refused (409), {} second phones found the \
         result already shown, {} confirmed; rows in the database: {rows} ({}) in {} event(s)",
        stats.saved,
        stats.refused_409,
        stats.already_shown,
        stats.confirmed,
        by_status
            .iter()
            .map(|(s, n)| format!("{n} {s}"))
            .collect::<Vec<_>>()
            .join(", "),
        events.len()
    );
    println!(
        "errors: {}; duplicates: {duplicate_rows} rows beyond one per round/table/board, {} \
         second saves answered 303; p99 < 100 ms: {} (overall p99 {p99:.1} ms)",
        stats.errors,
        stats.double_saves,
        if p99 < 100.0 { "yes" } else { "no" }
    );
    for e in &stats.error_samples {
        println!("  error: {e}");
    }
    Ok(stats.errors == 0 && duplicate_rows == 0 && stats.double_saves == 0)
}
