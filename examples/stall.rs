//! The stall benchmark (#35): what one table phone or one club's director could once do to
//! every other club on a shared server, timed, with another club's latency measured while it
//! happens. Not a test: it prints figures (the tests assert the refusals and the other
//! club's answers; the times are here).
//!
//! ```text
//! cargo run --release --example stall                  # each case 3 times
//! cargo run --release --example stall -- --repeat 5
//! ```
//!
//! The server is the one `serve` runs (`Application::build`, its default log going to a
//! file), started in this process on a fresh SQLite file. Club alpha runs a Kaiso Mitchell
//! of three tables, round 1 started; club bravo is the bystander, whose home page is read
//! and whose roster is written (`POST /api/v1/players`) every 25 ms while alpha's cases run.
//!
//! The cases:
//! - the engine's check alone (what `rules check --game kaiso` runs) on the 21- and 49-song
//!   summaries of `tests/fixtures/`, songs legal one by one but impossible together;
//! - each posted once through table 1's page (`POST /t/<code>/result`, mode songs) and the
//!   49 through the API (`POST /api/v1/events/<id>/results`);
//! - twelve 49-song posts through the table's page at once;
//! - alpha's roster grown to 20,000 players by ten uploads of 2,000 pasted lines, then one
//!   more upload of 2,000 lines.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

#[allow(dead_code)]
mod common;
use common::{Api, browser, club_director, input_value, start_server};
#[allow(dead_code)]
#[path = "common/phones.rs"]
mod phones;
use phones::{percentile, table_page};

const FIXTURES: [(&str, &str); 2] = [
    ("21 songs", "tests/fixtures/kaiso-21-songs.json"),
    ("49 songs", "tests/fixtures/kaiso-49-songs.json"),
];

fn main() {
    let mut repeat = 3usize;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        match (args[i].as_str(), args.get(i + 1)) {
            ("--repeat", Some(n)) => {
                repeat = n
                    .parse()
                    .ok()
                    .filter(|&n| (1..=50).contains(&n))
                    .unwrap_or_else(|| {
                        eprintln!("--repeat is 1 to 50");
                        std::process::exit(2)
                    });
                i += 2;
            }
            _ => {
                eprintln!("usage: stall [--repeat N (1 to 50, default 3)]");
                std::process::exit(2);
            }
        }
    }
    if let Err(e) = run(repeat) {
        eprintln!("stall: {e}");
        std::process::exit(1);
    }
}

/// A summary's songs as read from a fixture: the songs part only (a fixture may carry the
/// board it was checked against too).
fn summary(path: &str) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let v: Value = serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
    Ok(json!({"partnerships": v["partnerships"].clone()}))
}

/// The table page's song rows for a summary, as the phone's buttons send them.
fn song_form(s: &Value, round: i64, board: i64, csrf: &str) -> Vec<(String, String)> {
    let mut f = vec![
        ("csrf_token".to_string(), csrf.to_string()),
        ("round".to_string(), round.to_string()),
        ("board".to_string(), board.to_string()),
        ("mode".to_string(), "songs".to_string()),
    ];
    for side in ["NS", "EW"] {
        let p = &s["partnerships"][side];
        for (i, song) in p["songs"].as_array().into_iter().flatten().enumerate() {
            let mut field =
                |what: &str, v: String| f.push((format!("k_{side}_{}_{what}", i + 1), v));
            field("kind", song["kind"].as_str().unwrap_or("").into());
            field(
                "suit",
                if song["rainbow"] == true {
                    "rainbow".into()
                } else {
                    song["suit"].as_str().unwrap_or("").into()
                },
            );
            if let Some(r) = song["rank"].as_str() {
                field("rank", r.replace('T', "10"));
            }
            field("wilds", song["wilds"].to_string());
            if let Some(d) = song["deal"].as_u64() {
                field("deal", d.to_string());
            }
        }
        let pile = p["trick_pile_count"]
            .as_u64()
            .unwrap_or_else(|| p["trick_pile"].as_array().map_or(0, Vec::len) as u64);
        f.push((format!("k_{side}_leftover"), p["leftover"].to_string()));
        f.push((format!("k_{side}_pile"), pile.to_string()));
    }
    f
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Club bravo's reads and writes while `stop` is false: the latencies (µs) and the answers
/// that were not 2xx.
async fn bystander(base: String, api: Arc<Api>, stop: Arc<AtomicBool>) -> (Vec<u32>, Vec<String>) {
    let http = browser();
    let mut times = Vec::new();
    let mut bad = Vec::new();
    let mut n = 0u64;
    while !stop.load(Ordering::SeqCst) {
        n += 1;
        let t = Instant::now();
        let status = if n.is_multiple_of(2) {
            http.get(format!("{base}/c/bravo"))
                .send()
                .await
                .map(|r| r.status())
        } else {
            api.http
                .post(format!("{base}/api/v1/players"))
                .bearer_auth(&api.token)
                .json(&json!({"name": format!("Bystander {n}")}))
                .send()
                .await
                .map(|r| r.status())
        };
        times.push(t.elapsed().as_micros().min(u32::MAX as u128) as u32);
        match status {
            Ok(s) if s.is_success() => {}
            Ok(s) => bad.push(format!("{s}")),
            Err(e) => bad.push(e.to_string()),
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    times.sort_unstable();
    (times, bad)
}

/// Runs `case` while bravo reads and writes; prints the case's time and bravo's latency.
async fn with_bystander<F, T>(
    name: &str,
    base: &str,
    bravo: &Arc<Api>,
    case: F,
) -> Result<T, String>
where
    F: std::future::Future<Output = Result<T, String>>,
{
    let stop = Arc::new(AtomicBool::new(false));
    let watcher = tokio::spawn(bystander(base.to_string(), bravo.clone(), stop.clone()));
    let t = Instant::now();
    let out = case.await;
    let took = t.elapsed();
    stop.store(true, Ordering::SeqCst);
    let (times, bad) = watcher.await.map_err(|e| e.to_string())?;
    println!(
        "{name:<52} {:>9.1} ms   bravo: {} requests, p50 {:.1} ms, max {:.1} ms, {} not 2xx",
        ms(took),
        times.len(),
        percentile(&times, 50.0),
        percentile(&times, 100.0),
        bad.len()
    );
    for b in bad.iter().take(3) {
        println!("    bravo got {b}");
    }
    out
}

async fn table_post(
    base: &str,
    code: &str,
    s: &Value,
    round: i64,
    board: i64,
) -> Result<(StatusCode, String), String> {
    let phone = browser();
    let page = table_page(&phone, base, code).await?;
    let csrf = input_value(&page, "csrf_token").ok_or("no csrf on the table page")?;
    let r = phone
        .post(format!("{base}/t/{code}/result"))
        .form(&song_form(s, round, board, &csrf))
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let status = r.status();
    Ok((status, r.text().await.map_err(|e| e.to_string())?))
}

/// The engine's words in a refused page or answer, for the printout.
fn said(body: &str) -> &'static str {
    if body.contains("too many to check") {
        "refused: too many to check"
    } else if body.contains("cannot") {
        "refused: cannot be made"
    } else {
        "?"
    }
}

fn run(repeat: usize) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let url = format!("sqlite://{}", dir.path().join("stall.db").display());
    let log = std::fs::File::create(dir.path().join("server.log")).map_err(|e| e.to_string())?;
    let (base, link) = start_server(&url, log)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let pool = calypso_director::db::connect(Some(&url), 1).map_err(|e| e.to_string())?;
    runtime.block_on(async move {
        let summaries: Vec<(&str, Value)> = FIXTURES
            .iter()
            .map(|(n, p)| Ok((*n, summary(p)?)))
            .collect::<Result<_, String>>()?;
        println!("the engine's check alone (rules check --game kaiso), median of {repeat}:");
        for (name, s) in &summaries {
            let parsed: calypso_director::engine::kaiso::KaisoSummary =
                serde_json::from_value(s.clone()).map_err(|e| e.to_string())?;
            let mut times = Vec::new();
            let mut problems = Vec::new();
            for _ in 0..repeat {
                let t = Instant::now();
                problems = calypso_director::engine::kaiso::check(&parsed, None);
                times.push(ms(t.elapsed()));
            }
            println!(
                "  {name}: {:.1} ms, {}",
                median(times),
                problems
                    .first()
                    .map_or("accepted".to_string(), |p| p.message.clone())
            );
        }

        // Alpha's Kaiso evening and bravo, the bystander.
        let (alpha_browser, alpha_token) =
            club_director(&base, &link, "Alpha", "alpha", "alpha@example.org").await?;
        let link_b = {
            let mut c = pool.get().map_err(|e| e.to_string())?;
            calypso_director::service::accounts::issue_setup_link(&mut c, &base)
                .map_err(|e| e.to_string())?
        };
        let (_, bravo_token) =
            club_director(&base, &link_b, "Bravo", "bravo", "bravo@example.org").await?;
        let api = |token: String| Api {
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(600))
                .build()
                .expect("client"),
            base: base.clone(),
            token,
        };
        let alpha = api(alpha_token);
        let bravo = Arc::new(api(bravo_token));
        let ev = alpha
            .call(
                Method::POST,
                "/events",
                json!({"name": "Kaiso Night", "date": "2026-12-01",
                "format": "pairs-mitchell", "game": "kaiso", "tables": 3, "boards": 3}),
            )
            .await?;
        let id = ev["id"].as_i64().ok_or("no event id")?;
        for i in 1..=6 {
            alpha
                .call(
                    Method::POST,
                    &format!("/events/{id}/entries"),
                    common::pair_entry(i),
                )
                .await?;
        }
        alpha
            .call(
                Method::PUT,
                &format!("/events/{id}/movement"),
                json!({"rounds": 3, "boards_per_round": 1}),
            )
            .await?;
        for to in ["ready", "running"] {
            alpha
                .call(
                    Method::POST,
                    &format!("/events/{id}/status"),
                    json!({"to": to}),
                )
                .await?;
        }
        let started = alpha
            .call(
                Method::POST,
                &format!("/events/{id}/rounds"),
                json!({"round": 1}),
            )
            .await?;
        let t1 = &started["tables"][0];
        let code = t1["code"].as_str().ok_or("no table code")?.to_string();
        let board = t1["boards"][0].as_i64().ok_or("no board")?;

        println!("\nthrough the server, each {repeat} times (median), bravo working meanwhile:");
        for (name, s) in &summaries {
            let label = format!("  {name}, POST /t/<code>/result x {repeat}");
            let (times, last) = with_bystander(&label, &base, &bravo, async {
                let mut times = Vec::new();
                let mut last = String::new();
                for _ in 0..repeat {
                    let t = Instant::now();
                    let (status, body) = table_post(&base, &code, s, 1, board).await?;
                    times.push(ms(t.elapsed()));
                    last = format!("{status} {}", said(&body));
                }
                Ok((times, last))
            })
            .await?;
            println!("    median {:.1} ms each; answer: {last}", median(times));
        }
        let (_, s49) = &summaries[1];
        let mut body = s49.clone();
        body["round"] = json!(1);
        body["table"] = json!(1);
        body["board"] = json!(board);
        let r = with_bystander(
            "  49 songs, POST /api/v1/events/<id>/results",
            &base,
            &bravo,
            async {
                let r = alpha
                    .http
                    .post(format!("{base}/api/v1/events/{id}/results"))
                    .bearer_auth(&alpha.token)
                    .json(&body)
                    .send()
                    .await
                    .map_err(|e| e.to_string())?;
                let status = r.status();
                Ok(format!(
                    "{status} {}",
                    said(&r.text().await.unwrap_or_default())
                ))
            },
        )
        .await?;
        println!("    answer: {r}");

        let wave = with_bystander("  twelve 49-song posts at once", &base, &bravo, async {
            let posts: Vec<_> = (0..12)
                .map(|_| {
                    let (base, code, s) = (base.clone(), code.clone(), s49.clone());
                    tokio::spawn(async move {
                        let t = Instant::now();
                        let r = table_post(&base, &code, &s, 1, board).await;
                        (t.elapsed(), r)
                    })
                })
                .collect();
            let mut out = Vec::new();
            for p in posts {
                let (took, r) = p.await.map_err(|e| e.to_string())?;
                let (status, body) = r?;
                out.push((ms(took), format!("{status} {}", said(&body))));
            }
            Ok(out)
        })
        .await?;
        let slowest = wave.iter().map(|(t, _)| *t).fold(0.0, f64::max);
        let mut answers: Vec<&str> = wave.iter().map(|(_, a)| a.as_str()).collect();
        answers.dedup();
        println!(
            "    slowest post {slowest:.1} ms; answers: {}",
            answers.join(", ")
        );

        // Alpha's roster: ten uploads of 2,000 pasted lines, then the eleventh timed.
        let upload = async |n: usize| -> Result<(StatusCode, f64), String> {
            let page = alpha_browser
                .get(format!("{base}/c/alpha/players"))
                .send()
                .await
                .map_err(|e| e.to_string())?
                .text()
                .await
                .map_err(|e| e.to_string())?;
            let csrf = input_value(&page, "csrf_token").ok_or("no csrf on the roster")?;
            let lines: String = (0..2000)
                .map(|i| format!("Player{n}x{i} Surname{i}\n"))
                .collect();
            let t = Instant::now();
            let r = alpha_browser
                .post(format!("{base}/c/alpha/players/bulk"))
                .form(&[("csrf_token", csrf.as_str()), ("lines", lines.as_str())])
                .send()
                .await
                .map_err(|e| e.to_string())?;
            Ok((r.status(), ms(t.elapsed())))
        };
        let mut filling = Vec::new();
        for n in 0..10 {
            let (status, took) = upload(n).await?;
            if status != StatusCode::SEE_OTHER {
                return Err(format!("roster upload {n}: {status}"));
            }
            filling.push(took);
        }
        println!(
            "\nroster of 20,000 by ten uploads of 2,000: first {:.0} ms, tenth {:.0} ms",
            filling[0], filling[9]
        );
        let (status, took) = with_bystander(
            "  2,000 more lines against 20,000 players",
            &base,
            &bravo,
            upload(10),
        )
        .await?;
        println!("    {status}, the upload's own time {took:.1} ms");
        Ok::<(), String>(())
    })
}
