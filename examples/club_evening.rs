//! A club evening to look at: the server `serve` runs, on a fresh SQLite file, with a club,
//! ten pairs and a five-table Mitchell in its last round (rounds 1 to 4 in; in round 5
//! tables 1, 3 and 5 have reported, 2 and 4 are playing: the standings count the boards every
//! table has played). It prints the pages to open and serves until
//! stopped; with `--shots DIR` it photographs the live standings on a laptop and a playing
//! table's page on a phone in headless Chromium, and stops (the README's picture).
//!
//! ```text
//! cargo run --release --example club_evening                  # open the printed addresses
//! cargo run --release --example club_evening -- --shots /tmp/shots
//! ```

use std::process::Command;
use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

#[allow(dead_code)]
mod common;
use common::{Api, club_director, start_server};

const SLUG: &str = "port-of-spain";
const PAIRS: [(&str, &str); 10] = [
    ("Sonia Quamina", "Trevor Ramdial"),
    ("Marlene Baptiste", "Kelvin Ollivierre"),
    ("Anand Maharaj", "Gillian Lewis"),
    ("Rupert Gomes", "Stacy-Ann Joseph"),
    ("Dexter Charles", "Indira Persad"),
    ("Carlos Mendes", "Yvonne Alexander"),
    ("Winston Hosein", "Althea Phillip"),
    ("Ravi Sookdeo", "Joan Greenidge"),
    ("Lystra Mohammed", "Desmond Bartholomew"),
    ("Patricia Chin", "Nigel Cumberbatch"),
];

/// A board's whole-game counts: each seat's completed calypsos and the cards of the calypso
/// in progress, and the trick piles; 208 cards in all, varied by `n`.
fn result_body(round: u64, table: u64, board: u64, n: u64) -> Value {
    let p = |calypsos: u32, cards: &[&str]| json!({"calypsos": calypsos, "in_progress": cards});
    let (players, piles) = match n % 4 {
        0 => (
            json!({"N": p(1, &["4S", "3S", "2S"]), "E": p(0, &["2D"]),
                   "S": p(1, &["3H", "2H"]), "W": p(0, &["4C", "3C", "2C"])}),
            173,
        ),
        1 => (
            json!({"N": p(0, &["2S"]), "E": p(1, &["4D", "3D", "2D"]),
                   "S": p(0, &["3H", "2H"]), "W": p(1, &["4C", "3C", "2C"])}),
            173,
        ),
        2 => (
            json!({"N": p(2, &[]), "E": p(0, &["5D", "4D"]),
                   "S": p(1, &["KH"]), "W": p(0, &[])}),
            166,
        ),
        _ => (
            json!({"N": p(0, &["9S", "8S"]), "E": p(1, &[]),
                   "S": p(0, &["4H"]), "W": p(1, &["QC", "JC"])}),
            177,
        ),
    };
    // Each side's cards are whole tricks of four: N-S's pile is 1 mod 4 but in the third.
    let ns = 60 + 4 * ((n * 7) % 10) + u64::from(n % 4 != 2);
    json!({"round": round, "table": table, "board": board, "players": players,
           "trick_piles": {"NS": ns, "EW": piles - ns}, "revokes": {"NS": 0, "EW": 0}})
}

fn main() {
    let shots = match std::env::args().skip(1).collect::<Vec<_>>().as_slice() {
        [] => None,
        [flag, dir] if flag == "--shots" => Some(dir.clone()),
        _ => {
            eprintln!("usage: club_evening [--shots DIR]");
            std::process::exit(2);
        }
    };
    if let Err(e) = run(shots) {
        eprintln!("club_evening: {e}");
        std::process::exit(1);
    }
}

fn run(shots: Option<String>) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let url = format!("sqlite://{}", dir.path().join("club.db").display());
    let log = std::fs::File::create(dir.path().join("server.log")).map_err(|e| e.to_string())?;
    let (base, setup_link) = start_server(&url, log)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let (event, playing) = runtime.block_on(async {
        let (_, token) = club_director(
            &base,
            &setup_link,
            "Port of Spain Calypso Club",
            SLUG,
            "olive@example.org",
        )
        .await?;
        let api = Api {
            http: reqwest::Client::new(),
            base: base.clone(),
            token,
        };
        evening(&api).await
    })?;
    let standings = format!("{base}/c/{SLUG}/events/{event}/standings");
    let table = format!("{base}/t/{playing}");
    println!("club page:  {base}/c/{SLUG}");
    println!("standings:  {standings}");
    println!("a table:    {table}");
    match shots {
        Some(dir) => {
            shoot(
                &standings,
                1280,
                900,
                &format!("{dir}/evening-standings.png"),
            )?;
            shoot(&table, 390, 844, &format!("{dir}/evening-table.png"))?;
            println!("screenshots in {dir}");
            Ok(())
        }
        None => {
            println!("log in as olive@example.org with \"{}\"", common::PASSWORD);
            println!("serving until stopped (Ctrl-C)");
            loop {
                std::thread::sleep(Duration::from_secs(3600));
            }
        }
    }
}

/// Rounds 1 to 4 played and entered, round 5 started with tables 1, 3 and 5 reported: the event's id
/// and the code of a table still playing.
async fn evening(api: &Api) -> Result<(i64, String), String> {
    let ev = api
        .call(
            Method::POST,
            "/events",
            json!({"name": "Friday Pairs", "date": "2026-11-27",
                   "format": "pairs-mitchell", "tables": 5, "boards": 10}),
        )
        .await?;
    let id = ev["id"].as_i64().ok_or("no event id")?;
    for (a, b) in PAIRS {
        api.call(
            Method::POST,
            &format!("/events/{id}/entries"),
            json!({"kind": "pair", "players": [{"name": a}, {"name": b}]}),
        )
        .await?;
    }
    api.call(
        Method::PUT,
        &format!("/events/{id}/movement"),
        json!({"rounds": 5, "boards_per_round": 2}),
    )
    .await?;
    for to in ["ready", "running"] {
        api.call(
            Method::POST,
            &format!("/events/{id}/status"),
            json!({"to": to}),
        )
        .await?;
    }
    let mut playing = None;
    for round in 1..=5u64 {
        let rounds = api.get(&format!("/events/{id}/rounds")).await?;
        if rounds["current_round"].as_u64() != Some(round) {
            api.call(
                Method::POST,
                &format!("/events/{id}/rounds"),
                json!({"round": round}),
            )
            .await?;
        }
        let rounds = api.get(&format!("/events/{id}/rounds")).await?;
        for t in rounds["tables"].as_array().into_iter().flatten() {
            let table = t["table"].as_u64().ok_or("a table without its number")?;
            if round == 5 && table % 2 == 0 {
                playing = t["code"].as_str().map(String::from);
                continue;
            }
            for board in t["boards"].as_array().into_iter().flatten() {
                let board = board.as_u64().ok_or("a board without its number")?;
                api.call(
                    Method::POST,
                    &format!("/events/{id}/results"),
                    result_body(round, table, board, table * 3 + board + round * 2),
                )
                .await?;
            }
        }
    }
    Ok((id, playing.ok_or("no table is playing")?))
}

/// A page photographed by headless Chromium at a window's width and height.
fn shoot(url: &str, width: u32, height: u32, file: &str) -> Result<(), String> {
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            &format!("--window-size={width},{height}"),
            &format!("--screenshot={file}"),
            url,
        ])
        .output()
        .map_err(|e| format!("starting chromium: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "chromium: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(())
}
