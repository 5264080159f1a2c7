//! Load benchmark of online tables (#39's proof; docs/performance.md, "Online tables under
//! load"): many tables played online at once on one server process, robots in three seats
//! of each and a scripted player in the fourth. Not a test: it prints figures.
//!
//! ```text
//! cargo run --release --example online_load                  # 100 tables, 1 board, robots at 50 ms
//! cargo run --release --example online_load -- --tables 100 --boards 1 --robot-ms 50 --robot-threads 2
//! cargo run --release --features postgres --example online_load -- --postgres postgres://u:p@host/empty_db
//! ```
//!
//! The server is the one `serve` runs (`Application::build`: the same actix workers, pool,
//! middleware and the robots' own threads, `CALYPSO_ROBOT_THREADS` as `--robot-threads`), in
//! this process on a fresh SQLite file (or the empty PostgreSQL database `--postgres` names);
//! the scripted players are HTTP clients (reqwest) on a tokio runtime in the same process,
//! so they share the machine's cores with the server and its robots.
//!
//! One event: a Mitchell of `--tables` tables, one round of `--boards` boards, `"play":
//! "online"` with the robots' budget `--robot-ms` (50, the least the setting allows, by
//! default). North of each table is a scripted player: it follows its seat's stream
//! (`GET /api/v1/seats/{token}/stream`) and, as soon as a view there says North is to play,
//! posts a legal card from it (`POST /api/v1/seats/{token}/cards`); East, South and West are
//! robot seats (the seat links' `robot` flag, written straight to the database as the robot
//! tests do). A board's last card puts the result in by itself.
//!
//! Measured: the card answer (the scripted player's POST round trip; a robot's thinking is
//! not in it, it is another request's); stream delivery (the card's `played_at` in the log,
//! stored by the server, to the moment the card's event is read from North's stream: the
//! same clock); that North's stream carries every card of its table in order, none missing;
//! that every table's result is stored (counted in the database: tables x boards), each the
//! engine's replay of the table's log; and the process's peak memory (VmHWM of
//! /proc/self/status: server and clients together, an upper bound of the server's).

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use calypso_director::db;
use calypso_director::deals;
use calypso_director::event::EventId;
use calypso_director::event::online::replay::{self, Move};
use calypso_director::web::config::Config;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::sync::Mutex;

#[allow(dead_code)]
mod common;
use common::{Api, director_token, server_config, start_app};
#[path = "common/phones.rs"]
#[allow(dead_code)]
mod phones;
use phones::{percentile, percentile_cells};

#[derive(Clone, Debug)]
struct Opts {
    tables: u32,
    boards: u32,
    robot_ms: u32,
    robot_threads: u32,
    postgres: Option<String>,
}

const USAGE: &str = "usage: online_load [--tables T (2 to 100; default 100)] [--boards B (boards \
a table plays, 1 to 10, tables x boards at most 200; default 1)] [--robot-ms MS (50 to 5000; \
default 50)] [--robot-threads N (1 to 64; default: the machine's cores)] [--postgres URL (an \
empty database; build with --features postgres)]";

fn parse_opts() -> Result<Opts, String> {
    let mut o = Opts {
        tables: 100,
        boards: 1,
        robot_ms: 50,
        robot_threads: calypso_director::web::par_worker::default_threads(),
        postgres: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or(format!("{a} needs a value\n{USAGE}"));
        let mut number = |lo: u32, hi: u32| -> Result<u32, String> {
            let v = value()?;
            let n: u32 = v
                .parse()
                .map_err(|_| format!("{a} must be a whole number, not {v:?}"))?;
            if !(lo..=hi).contains(&n) {
                return Err(format!("{a} must be {lo} to {hi}, not {n}"));
            }
            Ok(n)
        };
        match a.as_str() {
            "--tables" => o.tables = number(2, 100)?,
            "--boards" => o.boards = number(1, 10)?,
            "--robot-ms" => o.robot_ms = number(50, 5000)?,
            "--robot-threads" => o.robot_threads = number(1, 64)?,
            "--postgres" => o.postgres = Some(value()?),
            "-h" | "--help" => return Err(USAGE.into()),
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    if o.tables * o.boards > 200 {
        return Err(format!(
            "tables x boards must be at most 200 (an event's boards), not {}",
            o.tables * o.boards
        ));
    }
    Ok(o)
}

/// What the scripted players saw, across tables.
#[derive(Default)]
struct Stats {
    /// The card answers' round trips, in microseconds.
    answers_us: Vec<u32>,
    /// Cards seen on North's streams: (table, board, seq) -> when, or `None` for a card
    /// already played when the stream connected (sent in its catch-up: not a delivery).
    seen: BTreeMap<(u32, u32, u32), Option<NaiveDateTime>>,
    /// Cards out of order or missing on a stream, stalls, refusals, failures: described.
    errors: Vec<String>,
    boards_done: u32,
    streams_opened: u32,
}

/// One scripted North: its table, its link.
struct North {
    http: reqwest::Client,
    base: String,
    table: u32,
    token: String,
}

/// A stream event as read: its name and data.
fn parse_event(block: &str) -> Option<(String, String)> {
    let mut name = None;
    let mut data = String::new();
    for line in block.lines() {
        if let Some(v) = line.strip_prefix("event: ") {
            name = Some(v.to_string());
        } else if let Some(v) = line.strip_prefix("data: ") {
            data.push_str(v);
        }
    }
    Some((name?, data))
}

/// A quiet stream this long (no event) is a stall: North reads its view instead.
const STALL: Duration = Duration::from_secs(30);

impl North {
    /// Plays the table's boards through its stream; returns when a connect's first view is
    /// of a board already played and over (or after `boards` boards).
    async fn play(&self, boards: u32, stats: Arc<Mutex<Stats>>) {
        let mut done: Vec<u32> = Vec::new();
        let mut rng = self.table as u64 * 0x9e37_79b9 + 1;
        let mut attempts = 0;
        while (done.len() as u32) < boards && attempts < boards * 3 + 3 {
            attempts += 1;
            match self.one_board(&done, &stats, &mut rng).await {
                Ok(Some(board)) => {
                    done.push(board);
                    stats.lock().await.boards_done += 1;
                }
                Ok(None) => break,
                Err(e) => stats
                    .lock()
                    .await
                    .errors
                    .push(format!("table {}: {e}", self.table)),
            }
        }
    }

    /// Follows the stream of the board the link gives now, playing North's cards, until
    /// that board's last view. `Ok(None)` when it is a board already done.
    async fn one_board(
        &self,
        done: &[u32],
        stats: &Arc<Mutex<Stats>>,
        rng: &mut u64,
    ) -> Result<Option<u32>, String> {
        let mut r = self
            .http
            .get(format!("{}/api/v1/seats/{}/stream", self.base, self.token))
            .send()
            .await
            .map_err(|e| format!("stream: {e}"))?;
        if r.status() != StatusCode::OK {
            return Err(format!("stream: {}", r.status()));
        }
        stats.lock().await.streams_opened += 1;
        let mut buf = String::new();
        let mut last_card = 0u32;
        let mut board: Option<u32> = None;
        let mut posted_at: Option<u64> = None;
        // The catch-up's cards (before the first view, which names the board).
        let mut caught_up: Vec<u32> = Vec::new();
        loop {
            let chunk = match tokio::time::timeout(STALL, r.chunk()).await {
                Ok(Ok(Some(c))) => c,
                Ok(Ok(None)) => return Err(format!("stream ended at card {last_card}")),
                Ok(Err(e)) => return Err(format!("stream broke at card {last_card}: {e}")),
                Err(_) => return Err(format!("stream quiet for {STALL:?} at card {last_card}")),
            };
            let now = chrono::Utc::now().naive_utc();
            buf.push_str(&String::from_utf8_lossy(&chunk));
            while let Some(end) = buf.find("\n\n") {
                let block: String = buf.drain(..end + 2).collect();
                let Some((name, data)) = parse_event(&block) else {
                    continue; // a heartbeat comment
                };
                let v: Value =
                    serde_json::from_str(&data).map_err(|e| format!("{name} event: {e}"))?;
                match name.as_str() {
                    "card" => {
                        let seq = v["seq"].as_u64().unwrap_or(0) as u32;
                        if seq != last_card + 1 {
                            stats.lock().await.errors.push(format!(
                                "table {}: card {seq} after card {last_card} on the stream",
                                self.table
                            ));
                        }
                        last_card = last_card.max(seq);
                        match board {
                            Some(b) => {
                                stats
                                    .lock()
                                    .await
                                    .seen
                                    .insert((self.table, b, seq), Some(now));
                            }
                            None => caught_up.push(seq),
                        }
                    }
                    "view" => {
                        let b = v["board"].as_u64().unwrap_or(0) as u32;
                        if board.is_none() {
                            if done.contains(&b) && v["over"] == json!(true) {
                                return Ok(None);
                            }
                            board = Some(b);
                            let mut st = stats.lock().await;
                            for &seq in &caught_up {
                                st.seen.insert((self.table, b, seq), None);
                            }
                        }
                        if v["over"] == json!(true) {
                            if last_card != 208 {
                                return Err(format!(
                                    "board {b} over after {last_card} cards on the stream"
                                ));
                            }
                            return Ok(Some(b));
                        }
                        let seq = v["seq"].as_u64().unwrap_or(0);
                        if v["to_play"] == json!("N") && posted_at != Some(seq) {
                            posted_at = Some(seq);
                            let legal: Vec<&str> = v["legal"]
                                .as_array()
                                .map(|a| a.iter().filter_map(Value::as_str).collect())
                                .unwrap_or_default();
                            if legal.is_empty() {
                                return Err(format!("North to play at {seq} with no legal card"));
                            }
                            *rng ^= *rng << 13;
                            *rng ^= *rng >> 7;
                            *rng ^= *rng << 17;
                            let card = legal[(*rng % legal.len() as u64) as usize];
                            self.post(card, seq, stats).await;
                        }
                    }
                    "error" => return Err(format!("stream error event: {data}")),
                    _ => {}
                }
            }
        }
    }

    async fn post(&self, card: &str, seq: u64, stats: &Arc<Mutex<Stats>>) {
        let started = Instant::now();
        let r = self
            .http
            .post(format!("{}/api/v1/seats/{}/cards", self.base, self.token))
            .json(&json!({"card": card, "seq": seq}))
            .send()
            .await;
        let outcome = match r {
            Ok(r) => {
                let status = r.status();
                let text = r.text().await.unwrap_or_default();
                (status == StatusCode::CREATED)
                    .then_some(())
                    .ok_or(format!("{card} at {seq}: {status} {text}"))
            }
            Err(e) => Err(format!("{card} at {seq}: {e}")),
        };
        let us = u32::try_from(started.elapsed().as_micros()).unwrap_or(u32::MAX);
        let mut s = stats.lock().await;
        s.answers_us.push(us);
        if let Err(e) = outcome {
            s.errors.push(format!("table {}: {e}", self.table));
        }
    }
}

/// Peak and current resident memory of this process, in MiB (VmHWM, VmRSS).
fn memory_mib() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    };
    (field("VmHWM:"), field("VmRSS:"))
}

fn main() {
    let opts = common::opts_or_exit("online_load", parse_opts());
    common::exit_with("online_load", run(opts));
}

fn run(opts: Opts) -> Result<bool, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let url = match &opts.postgres {
        Some(u) => u.clone(),
        None => format!("sqlite://{}", dir.path().join("online_load.db").display()),
    };
    let log_path = dir.path().join("server.log");
    let log = std::fs::File::create(&log_path).map_err(|e| e.to_string())?;
    let config = Config {
        tuning: calypso_director::web::config::Tuning {
            robot_threads: opts.robot_threads,
            ..Default::default()
        },
        // The robots at online tables: their own threads, as `serve` has them.
        robot_seats: true,
        ..server_config(&url)
    };
    let (hwm_before, _) = memory_mib();
    let (base, setup_link) = start_app(config, log)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let ok = runtime.block_on(drive(opts, url, base, setup_link, hwm_before))?;
    common::print_server_log(&log_path, "", 10);
    Ok(ok)
}

async fn drive(
    opts: Opts,
    url: String,
    base: String,
    setup_link: String,
    hwm_before: f64,
) -> Result<bool, String> {
    let token = director_token(&base, &setup_link).await?;
    let api = Api::new(&base, token)?;
    let (t, b) = (opts.tables, opts.boards);
    println!(
        "online_load: {t} tables x {b} board(s) online, robots in E, S, W at {} ms a card on {} \
         robot thread(s), a scripted North at each table; {} cores",
        opts.robot_ms,
        opts.robot_threads,
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    use reqwest::Method;
    let ev = api
        .call(
            Method::POST,
            "/events",
            json!({"name": "Online load", "date": "2026-06-01", "format": "pairs-mitchell",
                   "tables": t, "boards": t * b}),
        )
        .await?;
    let id = ev["id"]
        .as_i64()
        .and_then(|i| i32::try_from(i).ok())
        .ok_or("no event id")?;
    let path = format!("/events/{id}");
    api.call(
        Method::PATCH,
        &path,
        json!({"play": "online", "robot_ms": opts.robot_ms}),
    )
    .await?;
    api.pairs_running(&path, 2 * t, json!({"rounds": 1, "boards_per_round": b}))
        .await?;
    api.call(Method::POST, &format!("{path}/rounds"), json!({"round": 1}))
        .await?;
    let seats = api.get(&format!("{path}/seats?round=1")).await?;
    let norths: Vec<(u32, String)> = seats
        .as_array()
        .ok_or("no seats listed")?
        .iter()
        .filter(|s| s["seat"] == json!("N"))
        .map(|s| {
            (
                s["table"].as_u64().unwrap_or(0) as u32,
                s["token"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    if norths.len() != t as usize {
        return Err(format!("{} North seats listed, not {t}", norths.len()));
    }
    // East, South and West are robots' (as the robot tests set them: the director's seat
    // setting stores the same flag).
    let pool = db::connect(Some(&url), 2).map_err(|e| e.to_string())?;
    {
        use db::schema::seat_links as l;
        let mut c = pool.get().map_err(|e| e.to_string())?;
        diesel::update(
            l::table
                .filter(l::event_id.eq(id))
                .filter(l::seat.eq_any(["E", "S", "W"])),
        )
        .set(l::robot.eq(true))
        .execute(&mut c)
        .map_err(|e| e.to_string())?;
    }
    // The robots play from here (their threads find the tables within a nap); each North
    // plays as soon as its stream says it is to.
    let started = Instant::now();

    let stats = Arc::new(Mutex::new(Stats::default()));
    let players: Vec<_> = norths
        .into_iter()
        .map(|(table, token)| {
            let north = North {
                // No overall timeout: a stream lasts the whole board.
                http: reqwest::Client::builder()
                    .pool_idle_timeout(Duration::from_secs(4))
                    .build()
                    .expect("an HTTP client"),
                base: base.clone(),
                table,
                token,
            };
            let stats = stats.clone();
            tokio::spawn(async move { north.play(b, stats).await })
        })
        .collect();
    for p in players {
        p.await.map_err(|e| e.to_string())?;
    }
    let played_for = started.elapsed().as_secs_f64();

    // Every result stored (the last card's request, or the robots' pass, puts it in).
    let event = EventId::new(id);
    let mut count = 0i64;
    let waited = Instant::now();
    while waited.elapsed() < Duration::from_secs(30) {
        use db::schema::results as r;
        let mut c = pool.get().map_err(|e| e.to_string())?;
        count = r::table
            .filter(r::event_id.eq(id))
            .count()
            .get_result(&mut c)
            .map_err(|e| e.to_string())?;
        if count >= i64::from(t * b) {
            break;
        }
        drop(c);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let listed = api.get(&format!("{path}/results")).await?;
    let listed = listed["results"].as_array().cloned().unwrap_or_default();

    // Each table's log: the engine's replay against the stored result, and when each card
    // was stored (for the stream's delivery).
    let mut c = pool.get().map_err(|e| e.to_string())?;
    let ev = db::events::public_event(&mut c, event)
        .map_err(|e| e.to_string())?
        .ok_or("the event")?;
    let key = ev.deal.clone().ok_or("no deal")?;
    let set = deals::SetKey::from_hex(&key.key_hex).map_err(|e| e.to_string())?;
    let spec = ev.settings.game_spec();
    let mut mismatched = Vec::new();
    let mut delivery_us: Vec<u32> = Vec::new();
    let mut missing_on_stream = 0u64;
    let mut caught_up = 0u64;
    let mut cards_logged = 0u64;
    let st = stats.lock().await;
    for r in &listed {
        let (table, board) = (
            r["table"].as_u64().unwrap_or(0) as u32,
            r["board"].as_u64().unwrap_or(0) as u32,
        );
        let at = db::online::OnlineBoard {
            event,
            round: 1,
            table,
            board,
        };
        let rows = db::online::moves_of(&mut c, at).map_err(|e| e.to_string())?;
        cards_logged += rows.len() as u64;
        let moves: Vec<Move> = rows
            .iter()
            .map(|m| Move::from_stored(m.seq.into(), &m.seat, &m.card))
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string())?;
        let dealt = deals::board(&set, board, false, &spec, None).map_err(|e| e.to_string())?;
        let record = replay::record(&spec, &dealt, &moves).map_err(|e| e.to_string())?;
        let outcome =
            calypso_director::engine::replay(&spec, &record).map_err(|e| e.to_string())?;
        let want = (outcome.score.sides[0].score, outcome.score.sides[1].score);
        let got = (
            r["scores"]["majors"].as_i64().unwrap_or(i64::MIN),
            r["scores"]["minors"].as_i64().unwrap_or(i64::MIN),
        );
        if !outcome.complete || want != got {
            mismatched.push(format!(
                "table {table} board {board}: {got:?}, engine {want:?}"
            ));
        }
        for m in &rows {
            match st.seen.get(&(table, board, m.seq as u32)) {
                Some(None) => caught_up += 1,
                Some(Some(seen)) => {
                    let us = (*seen - m.played_at).num_microseconds().unwrap_or(0).max(0);
                    delivery_us.push(u32::try_from(us).unwrap_or(u32::MAX));
                }
                None => missing_on_stream += 1,
            }
        }
    }
    drop(c);
    let (hwm, rss) = memory_mib();

    let mut answers = st.answers_us.clone();
    answers.sort_unstable();
    delivery_us.sort_unstable();
    println!(
        "played: {} of {} boards in {played_for:.1} s ({} streams opened); {cards_logged} cards \
         logged, {} answered to the scripted Norths",
        st.boards_done,
        t * b,
        st.streams_opened,
        answers.len()
    );
    println!(
        "{:<44} {:>7} {:>8} {:>8} {:>8} {:>8}",
        "", "count", "p50 ms", "p90 ms", "p99 ms", "max ms"
    );
    for (name, v) in [
        ("card answer (North's POST round trip)", &answers),
        ("stream delivery (stored -> read on N's)", &delivery_us),
    ] {
        println!(
            "{:<44} {:>7}{}",
            name,
            v.len(),
            percentile_cells(v, &[50.0, 90.0, 99.0, 100.0], 8)
        );
    }
    println!(
        "results: {count} rows in the database for {} boards played ({} listed); {} differ from \
         the engine's replay of the log; cards missing from North's stream: {missing_on_stream} \
         ({caught_up} already played when a stream connected: in its catch-up, not timed)",
        t * b,
        listed.len(),
        mismatched.len()
    );
    println!(
        "memory: peak resident {hwm:.0} MiB (server and clients in one process; {hwm_before:.0} \
         MiB before the server started), {rss:.0} MiB at the end"
    );
    println!("errors: {}", st.errors.len());
    for e in st.errors.iter().take(10) {
        println!("  {e}");
    }
    for m in mismatched.iter().take(10) {
        println!("  {m}");
    }
    let p99 = percentile(&answers, 99.0);
    println!("card answers p99 < 100 ms: {} ({p99:.1} ms)", p99 < 100.0);
    Ok(st.errors.is_empty()
        && mismatched.is_empty()
        && missing_on_stream == 0
        && count == i64::from(t * b)
        && st.boards_done == t * b)
}
