//! Load benchmark of the live standings (docs/performance.md, "Live standings under load"): the
//! public standings page of a running 30-table event, read by `wrk` from a second process at
//! 64 connections, next to the static stylesheet served by the same server. Not a test: it
//! prints figures.
//!
//! ```text
//! cargo run --release --example standings_load                  # 3 runs of 15 s each
//! cargo run --release --example standings_load -- --seconds 15 --runs 3
//! ```
//!
//! The server is the one `serve` runs (`Application::build`, its default log going
//! to a file), started in this process on a fresh SQLite file, as `examples/load.rs` does.
//! The event is a pairs Mitchell of 30 tables (60 pairs), 4 rounds of one board, every
//! table's result of every round entered through the API, and left running (the live case).
//!
//! Before the runs, a check that the benchmark measures what it claims: two anonymous GETs
//! of the page give the same HTML with the 60 pairs; a pair renamed in the SQLite file
//! behind the server's back, the event's version put back in the same transaction (its
//! trigger would otherwise tell every process), does not show (the page came from the cache,
//! not the database);
//! a director's correction through the API then shows on the page, the rename with it (a
//! write drops the cache).
//!
//! Then `wrk -t2 -c64 -d{secs}s --latency URL` against the page, `/static/style.css` and the
//! page's `/standings/live` JSON, in turn, `--runs` times; medians of requests/s and p99, and
//! the page's requests/s over the stylesheet's (the target: at least half, p99 under 50 ms).

use std::process::Command;

use diesel::{Connection, RunQueryDsl, SqliteConnection};
use serde_json::{Value, json};

mod common;
use common::{Api, director_token, start_server};

const TABLES: usize = 30;
const ROUNDS: usize = 4;
const CONNECTIONS: u32 = 64;
/// The name a pair gets in the database behind the server's back, for the cache check.
const RENAMED: &str = "Renamed Behind The Cache";

const USAGE: &str =
    "usage: standings_load [--seconds S (default 15)] [--runs N (default 3)]\nneeds wrk on PATH";

struct Opts {
    seconds: u64,
    runs: usize,
}

fn parse_opts() -> Result<Opts, String> {
    let mut o = Opts {
        seconds: 15,
        runs: 3,
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
        let number = value
            .parse::<u64>()
            .map_err(|_| format!("{flag}: {value:?} is not a whole number"))?;
        match flag {
            "--seconds" => o.seconds = number,
            "--runs" => o.runs = number as usize,
            other => return Err(format!("unknown option {other}\n{USAGE}")),
        }
        i += 2;
    }
    if !(1..=3600).contains(&o.seconds) || !(1..=100).contains(&o.runs) {
        return Err("--seconds: 1 to 3600; --runs: 1 to 100".into());
    }
    Ok(o)
}

/// What one wrk run reported.
#[derive(Clone, Debug)]
struct WrkRun {
    requests_per_s: f64,
    p50_ms: f64,
    p99_ms: f64,
    /// Answers other than 2xx and 3xx, and socket errors (connect, read, write, timeout).
    failures: u64,
}

/// A wrk latency such as `812.00us`, `1.25ms` or `2.01s`, in milliseconds.
fn wrk_ms(s: &str) -> Option<f64> {
    let (number, factor) = if let Some(n) = s.strip_suffix("us") {
        (n, 0.001)
    } else if let Some(n) = s.strip_suffix("ms") {
        (n, 1.0)
    } else if let Some(n) = s.strip_suffix('s') {
        (n, 1000.0)
    } else if let Some(n) = s.strip_suffix('m') {
        (n, 60_000.0)
    } else {
        return None;
    };
    number.parse::<f64>().ok().map(|v| v * factor)
}

/// The figures of `wrk --latency` output.
fn parse_wrk(out: &str) -> Result<WrkRun, String> {
    let mut requests_per_s = None;
    let mut p50_ms = None;
    let mut p99_ms = None;
    let mut failures = 0u64;
    for line in out.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["Requests/sec:", v] => requests_per_s = v.parse::<f64>().ok(),
            ["50%", v] => p50_ms = wrk_ms(v),
            ["99%", v] => p99_ms = wrk_ms(v),
            ["Non-2xx", "or", "3xx", "responses:", n] => failures += n.parse::<u64>().unwrap_or(1),
            ["Socket", "errors:", rest @ ..] => {
                // "connect 0, read 0, write 0, timeout 0"
                failures += rest
                    .iter()
                    .filter_map(|w| w.trim_end_matches(',').parse::<u64>().ok())
                    .sum::<u64>();
            }
            _ => {}
        }
    }
    match (requests_per_s, p50_ms, p99_ms) {
        (Some(requests_per_s), Some(p50_ms), Some(p99_ms)) => Ok(WrkRun {
            requests_per_s,
            p50_ms,
            p99_ms,
            failures,
        }),
        _ => Err(format!(
            "could not read requests/s and the 50% and 99% latencies from wrk's output:\n{out}"
        )),
    }
}

/// One wrk run against `url`, as a separate process.
fn wrk(url: &str, seconds: u64) -> Result<WrkRun, String> {
    let out = Command::new("wrk")
        .args([
            "-t2",
            &format!("-c{CONNECTIONS}"),
            &format!("-d{seconds}s"),
            "--latency",
            url,
        ])
        .output()
        .map_err(|e| format!("running wrk: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        return Err(format!(
            "wrk {url} exited with {}: {}{}",
            out.status,
            text,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    parse_wrk(&text)
}

/// Whether wrk can be started at all (it has no `--version` that exits 0).
fn wrk_missing() -> bool {
    matches!(
        Command::new("wrk").arg("--version").output(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound
    )
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

fn main() {
    let opts = common::opts_or_exit("standings_load", parse_opts());
    if wrk_missing() {
        eprintln!(
            "standings_load: wrk is not installed (it is the load generator, run as a second \
             process). Install it: `sudo apt-get install -y wrk` (Debian, Ubuntu) or \
             `brew install wrk` (macOS), then run this again."
        );
        std::process::exit(2);
    }
    common::exit_with("standings_load", run(opts));
}

/// The event, its results, the cache check and the wrk runs; `Ok(false)` when the check
/// failed or a run had failed requests.
fn run(opts: Opts) -> Result<bool, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let file = dir.path().join("standings.db");
    let url = format!("sqlite://{}", file.display());
    let log_path = dir.path().join("server.log");
    let log = std::fs::File::create(&log_path).map_err(|e| e.to_string())?;
    let (base, setup_link) = start_server(&url, log)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let api = runtime.block_on(async {
        let token = director_token(&base, &setup_link).await?;
        Api::new(&base, token)
    })?;
    let (event, first_result) = runtime.block_on(evening(&api))?;
    let page = format!("{base}/c/{}/events/{event}/standings", common::CLUB);
    let checked = runtime.block_on(cache_check(&api, &file, &page, event, &first_result))?;

    println!(
        "wrk -t2 -c{CONNECTIONS} -d{}s --latency, {} run(s) of each, in turn:",
        opts.seconds, opts.runs
    );
    let targets = [
        ("standings page", page.clone()),
        ("/static/style.css", format!("{base}/static/style.css")),
        ("standings/live JSON", format!("{page}/live")),
    ];
    for (name, url) in &targets {
        println!("  {name}: {url}");
    }
    let mut runs: Vec<Vec<WrkRun>> = vec![Vec::new(); targets.len()];
    for n in 1..=opts.runs {
        for (i, (name, url)) in targets.iter().enumerate() {
            let r = wrk(url, opts.seconds)?;
            println!(
                "  run {n} {name:<20} {:>9.0} requests/s  p50 {:>7.2} ms  p99 {:>7.2} ms  failed {}",
                r.requests_per_s, r.p50_ms, r.p99_ms, r.failures
            );
            runs[i].push(r);
        }
    }
    println!(
        "{:<22} {:>12} {:>10} {:>10} {:>8}",
        "medians", "requests/s", "p50 ms", "p99 ms", "failed"
    );
    let mut medians = Vec::new();
    for ((name, _), rs) in targets.iter().zip(&runs) {
        let m = (
            median(rs.iter().map(|r| r.requests_per_s).collect()),
            median(rs.iter().map(|r| r.p50_ms).collect()),
            median(rs.iter().map(|r| r.p99_ms).collect()),
        );
        let failed: u64 = rs.iter().map(|r| r.failures).sum();
        println!(
            "{name:<22} {:>12.0} {:>10.2} {:>10.2} {failed:>8}",
            m.0, m.1, m.2
        );
        medians.push(m);
    }
    let ratio = medians[0].0 / medians[1].0;
    println!(
        "page / static requests/s: {:.0}%; live JSON / static: {:.0}%",
        100.0 * ratio,
        100.0 * medians[2].0 / medians[1].0
    );
    // Each run's page against the stylesheet run right after it: the machine's speed drifts.
    let per_run: Vec<String> = runs[0]
        .iter()
        .zip(&runs[1])
        .map(|(p, s)| format!("{:.0}%", 100.0 * p.requests_per_s / s.requests_per_s))
        .collect();
    println!(
        "page / static requests/s, run by run: {}",
        per_run.join(", ")
    );
    println!(
        "target (page at least 50% of the static file's requests/s, page p99 under 50 ms): {}",
        if ratio >= 0.5 && medians[0].2 < 50.0 {
            "met"
        } else {
            "MISSED"
        }
    );
    let bad = common::print_server_log(&log_path, "", 10);
    let failed = runs.iter().flatten().any(|r| r.failures > 0);
    Ok(checked && !failed && bad == 0)
}

/// The result body of a whole board: nobody made a calypso or has one in progress, the four
/// deals' 208 cards split in whole tricks, varied by table and round so the board's results
/// differ.
fn result_body(round: usize, table: usize, board: i64, variant: usize) -> Value {
    let zero = json!({"calypsos": 0, "in_progress": []});
    let (ns, ew) = [(104, 104), (100, 108), (112, 96), (88, 120), (116, 92)][variant % 5];
    json!({"round": round, "table": table, "board": board,
        "players": {"N": zero, "E": zero, "S": zero, "W": zero},
        "trick_piles": {"NS": ns, "EW": ew}, "revokes": {"NS": 0, "EW": 0}})
}

/// A running 30-table pairs Mitchell with every table's result of its 4 rounds; its id and
/// round 1 table 1's result (id and body), for the correction of the check.
async fn evening(api: &Api) -> Result<(i64, (i64, Value)), String> {
    use reqwest::Method;
    let started = std::time::Instant::now();
    let ev = api
        .call(
            Method::POST,
            "/events",
            json!({"name": "Standings Night", "date": "2026-06-01",
                   "format": "pairs-mitchell", "tables": TABLES, "boards": TABLES}),
        )
        .await?;
    let id = ev["id"].as_i64().ok_or("no event id")?;
    api.pairs_running(
        &format!("/events/{id}"),
        2 * TABLES as u32,
        json!({"rounds": ROUNDS, "boards_per_round": 1}),
    )
    .await?;
    let mut first = None;
    for round in 1..=ROUNDS {
        let started = api
            .call(
                Method::POST,
                &format!("/events/{id}/rounds"),
                json!({"round": round}),
            )
            .await?;
        let tables = started["tables"].as_array().cloned().unwrap_or_default();
        if tables.len() != TABLES {
            return Err(format!(
                "round {round} started {} tables, not {TABLES}: {started}",
                tables.len()
            ));
        }
        for t in &tables {
            let (Some(table), Some(board)) = (t["table"].as_u64(), t["boards"][0].as_i64()) else {
                return Err(format!("round {round}: a table without its board: {t}"));
            };
            let table = table as usize;
            let body = result_body(round, table, board, table * 3 + round);
            let saved = api
                .call(Method::POST, &format!("/events/{id}/results"), body.clone())
                .await?;
            if first.is_none() {
                let rid = saved["id"].as_i64().ok_or("a saved result has no id")?;
                first = Some((rid, body));
            }
        }
    }
    let results = api.get(&format!("/events/{id}/results")).await?;
    let n = results["results"].as_array().map_or(0, Vec::len);
    println!(
        "event {id}: pairs Mitchell, {TABLES} tables, {} pairs, {ROUNDS} rounds of one board, {n} \
         results entered through the API in {:.1} s; left running",
        2 * TABLES,
        started.elapsed().as_secs_f64()
    );
    if n != TABLES * ROUNDS {
        return Err(format!("{n} results in the event, not {}", TABLES * ROUNDS));
    }
    Ok((id, first.ok_or("no result saved")?))
}

/// The pairs a standings page lists (its scorecard links).
fn pairs_listed(html: &str) -> usize {
    let mut numbers: Vec<&str> = html
        .split("/scorecards/")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    numbers.len()
}

/// Pair 1's link text on a standings page (its number and name).
fn pair_one(html: &str) -> Option<String> {
    let at = html.find("/scorecards/1\">")? + "/scorecards/1\">".len();
    Some(html[at..].split("</a>").next()?.to_string())
}

/// The check that the page is served from the cache and that a write drops it; prints each
/// step's outcome, `Ok(false)` when one is not as it should be.
async fn cache_check(
    api: &Api,
    db_file: &std::path::Path,
    page: &str,
    event: i64,
    first_result: &(i64, Value),
) -> Result<bool, String> {
    // No cookies: each GET is a new anonymous visitor, as wrk's.
    let http = reqwest::Client::new();
    let get = async |what: &str| -> Result<String, String> {
        let r = http
            .get(page)
            .send()
            .await
            .map_err(|e| format!("{what}: {e}"))?;
        if r.status() != reqwest::StatusCode::OK {
            return Err(format!("{what}: GET {page}: {}", r.status()));
        }
        r.text().await.map_err(|e| format!("{what}: {e}"))
    };
    let mut ok = true;
    let mut say = |good: bool, what: String| {
        ok &= good;
        println!("check: {} {what}", if good { "ok  " } else { "FAIL" });
    };

    let a = get("first GET").await?;
    let b = get("second GET").await?;
    say(
        a == b,
        format!("two anonymous GETs give the same HTML ({} bytes)", a.len()),
    );
    let pairs = pairs_listed(&a);
    say(
        pairs == 2 * TABLES,
        format!("the page lists {pairs} pairs ({} expected)", 2 * TABLES),
    );

    // Behind the server's back: a page read from the database would show the new name. The
    // rename's trigger bumps the event's version (which is how another process's write
    // reaches this one's cache), so the same transaction puts the version back: only a page
    // read from the database, not the cache, could then show the name.
    let mut conn = SqliteConnection::establish(&db_file.display().to_string())
        .map_err(|e| format!("opening the SQLite file: {e}"))?;
    conn.transaction::<_, diesel::result::Error, _>(|c| {
        diesel::sql_query(format!(
            "CREATE TEMP TABLE kept_version AS SELECT version FROM events WHERE id = {event}"
        ))
        .execute(c)?;
        diesel::sql_query(format!(
            "UPDATE event_entries SET name = '{RENAMED}' WHERE event_id = {event} AND number = 1"
        ))
        .execute(c)?;
        diesel::sql_query(format!(
            "UPDATE events SET version = (SELECT version FROM kept_version) WHERE id = {event}"
        ))
        .execute(c)?;
        diesel::sql_query("DROP TABLE kept_version").execute(c)?;
        Ok(())
    })
    .map_err(|e| format!("renaming pair 1 in the SQLite file: {e}"))?;
    let c = get("GET after the rename in the file").await?;
    say(
        c == a && !c.contains(RENAMED),
        "pair 1 renamed in the SQLite file behind the server's back, the event's version \
         kept: the page is unchanged (served from the cache, the database not read)"
            .into(),
    );

    // A director's correction through the API: the round 1 table 1 result with the trick
    // piles the other way round.
    let (rid, body) = first_result;
    let mut corrected = body.clone();
    let (ns, ew) = (
        body["trick_piles"]["NS"].as_i64().unwrap_or(104),
        body["trick_piles"]["EW"].as_i64().unwrap_or(104),
    );
    let (ns, ew) = if ns == ew { (ns + 8, ew - 8) } else { (ew, ns) };
    corrected["trick_piles"] = json!({"NS": ns, "EW": ew});
    corrected["reason"] = json!("benchmark check: trick piles swapped");
    api.call(
        reqwest::Method::PUT,
        &format!("/events/{event}/results/{rid}"),
        corrected,
    )
    .await?;
    let d = get("GET after the correction").await?;
    let renamed_only = pair_one(&a).map(|old| a.replace(&old, &format!("1 {RENAMED}")));
    say(
        d.contains(RENAMED) && renamed_only.is_some_and(|r| r != d),
        format!(
            "after a director's correction (PUT .../results/{rid}, trick piles {ns}/{ew}) the \
             page shows the rename and changed scores: the write dropped the cache"
        ),
    );
    Ok(ok)
}
