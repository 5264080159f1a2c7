//! Durability of score entry: the real binary on a SQLite file is killed with SIGKILL at
//! random moments while a client submits results (new places, and deliberate duplicates,
//! some of them at the same moment), then restarted on the same file. After every kill:
//! `PRAGMA integrity_check` is `ok` and no round/table/board has two rows (read straight from
//! the file while no server runs); after every restart the API lists every acknowledged
//! result (a 201, or the result a 409 named) exactly once with its id and scores, and nothing
//! it lists was never submitted.
//!
//! `CALYPSO_DURABILITY_CYCLES` (default 20) is the number of kill-and-restart cycles;
//! `CALYPSO_DURABILITY_SEED` fixes the random choices (the kill moments still depend on
//! timing). `scripts/durability.sh` runs 100 cycles.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use common::server::{
    Rng, club_token, env_number, kill, kill_mid_play, migrated_file_with_setup, seed_from,
    start_ready,
};
use diesel::{Connection, RunQueryDsl};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::sync::Mutex;

/// The event each submission goes to: a Mitchell of 25 tables, 25 rounds of 4 boards, every
/// round started (a director enters any round up to the current one): 2,500 places.
const TABLES: i64 = 25;
const ROUNDS: i64 = 25;
const BOARDS_PER_ROUND: i64 = 4;
/// Concurrent submitters.
const CLIENTS: usize = 4;
/// The longest a cycle lets the server run before the kill (the kill comes at a random
/// moment between a few milliseconds and this).
const MAX_KILL_DELAY_MS: u64 = 300;

/// Where a result was played: event, round, table, board.
type Place = (i64, i64, i64, i64);

/// A result as acknowledged or listed: its id and scores (majors, minors).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stored {
    id: i64,
    majors: i64,
    minors: i64,
}

fn stored_of(v: &Value) -> Option<Stored> {
    Some(Stored {
        id: v["id"].as_i64()?,
        majors: v["scores"]["majors"].as_i64()?,
        minors: v["scores"]["minors"].as_i64()?,
    })
}

/// Valid reports (every one adds up to 208 cards, each side a whole number of tricks), with
/// different scores.
fn report(variant: u64) -> Value {
    let zero = json!({"calypsos": 0, "in_progress": []});
    let (ns, ew) =
        [(104, 104), (100, 108), (112, 96), (88, 120), (124, 84)][(variant % 5) as usize];
    json!({
        "players": {"N": zero, "E": zero, "S": zero, "W": zero},
        "trick_piles": {"NS": ns, "EW": ew},
        "revokes": {"NS": 0, "EW": 0},
    })
}

/// What the client knows about the places it submitted.
#[derive(Default)]
struct Model {
    /// A 201 said so, or a restart's listing showed it: it must stay, exactly as it is.
    known: BTreeMap<Place, Stored>,
    /// A 409 said the place has a result (the first listing after it fills in `known`).
    conflicted: BTreeSet<Place>,
    /// Submitted without an answer (the kill came first): there may be a result or not.
    uncertain: BTreeSet<Place>,
    /// Every place ever submitted.
    submitted: BTreeSet<Place>,
}

#[derive(Default, Debug)]
struct Figures {
    cycles: u64,
    kills: u64,
    submissions: u64,
    acknowledged: u64,
    conflicts: u64,
    duplicates_sent: u64,
    unanswered: u64,
    checks_passed: u64,
}

/// The places of the events made so far (from their movements), and how many are used.
struct Places {
    events: Vec<i64>,
    list: Vec<Place>,
    next: usize,
}

impl Places {
    fn remaining(&self) -> usize {
        self.list.len() - self.next
    }

    /// The next fresh place.
    fn fresh(&mut self) -> Option<Place> {
        let p = self.list.get(self.next).copied()?;
        self.next += 1;
        Some(p)
    }

    fn add(&mut self, event: i64, places: Vec<Place>) {
        self.events.push(event);
        self.list.extend(places);
    }
}

/// A director's API calls.
struct Api {
    http: reqwest::Client,
    base: String,
    token: String,
}

impl Api {
    async fn call(&self, method: reqwest::Method, path: &str, body: &Value) -> (StatusCode, Value) {
        let r = self
            .http
            .request(method.clone(), format!("{}/api/v1{path}", self.base))
            .bearer_auth(&self.token)
            .json(body)
            .send()
            .await
            .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        let status = r.status();
        let text = r.text().await.unwrap_or_default();
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    async fn expect(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Value,
        want: StatusCode,
    ) -> Value {
        let (status, v) = self.call(method.clone(), path, &body).await;
        assert_eq!(status, want, "{method} {path} {body}: {v}");
        v
    }

    async fn results(&self, event: i64) -> Vec<Value> {
        let r = self
            .http
            .get(format!("{}/api/v1/events/{event}/results", self.base))
            .bearer_auth(&self.token)
            .send()
            .await
            .expect("list the results");
        assert_eq!(r.status(), StatusCode::OK);
        let v: Value = r.json().await.expect("results JSON");
        v["results"].as_array().cloned().expect("a results list")
    }
}

/// A running Mitchell with every round started, and its places (from the movement).
async fn new_event(api: &Api, n: usize) -> (i64, Vec<Place>) {
    use reqwest::Method;
    let ev = api
        .expect(
            Method::POST,
            "/events",
            json!({"name": format!("Durability {n}"), "date": "2026-06-01",
                   "format": "pairs-mitchell", "tables": TABLES,
                   "boards": ROUNDS * BOARDS_PER_ROUND}),
            StatusCode::CREATED,
        )
        .await;
    let id = ev["id"].as_i64().expect("event id");
    for i in 1..=2 * TABLES {
        api.expect(
            Method::POST,
            &format!("/events/{id}/entries"),
            json!({"kind": "pair", "players": [{"name": format!("North {i}")}, {"name": format!("South {i}")}]}),
            StatusCode::CREATED,
        )
        .await;
    }
    let movement = api
        .expect(
            Method::PUT,
            &format!("/events/{id}/movement"),
            json!({"rounds": ROUNDS, "boards_per_round": BOARDS_PER_ROUND}),
            StatusCode::OK,
        )
        .await;
    let mut places = Vec::new();
    for game in movement["schedule"]
        .as_array()
        .expect("the movement's schedule")
    {
        let (round, table) = (
            game["round"].as_i64().unwrap(),
            game["table"].as_i64().unwrap(),
        );
        for board in game["boards"].as_array().unwrap() {
            places.push((id, round, table, board.as_i64().unwrap()));
        }
    }
    assert_eq!(places.len() as i64, TABLES * ROUNDS * BOARDS_PER_ROUND);
    for to in ["ready", "running"] {
        api.expect(
            Method::POST,
            &format!("/events/{id}/status"),
            json!({"to": to}),
            StatusCode::OK,
        )
        .await;
    }
    for round in 1..=ROUNDS {
        api.expect(
            Method::POST,
            &format!("/events/{id}/rounds"),
            json!({"round": round, "confirm_unreported": true}),
            StatusCode::OK,
        )
        .await;
    }
    (id, places)
}

/// What one submission came to.
enum Answer {
    Saved(Stored),
    Exists,
    /// No answer: the server was killed (or was already gone).
    None,
}

async fn submit(api: &Api, place: Place, variant: u64) -> Answer {
    let (event, round, table, board) = place;
    let mut body = report(variant);
    body["round"] = json!(round);
    body["table"] = json!(table);
    body["board"] = json!(board);
    let sent = api
        .http
        .post(format!("{}/api/v1/events/{event}/results", api.base))
        .bearer_auth(&api.token)
        .json(&body)
        .send()
        .await;
    let r = match sent {
        Ok(r) => r,
        Err(_) => return Answer::None,
    };
    let status = r.status();
    let text = match r.text().await {
        Ok(t) => t,
        // The headers came but the body did not: as good as no answer.
        Err(_) => return Answer::None,
    };
    match status {
        StatusCode::CREATED => {
            let v: Value = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("201 for {place:?} is not JSON ({e}): {text}"));
            Answer::Saved(stored_of(&v).unwrap_or_else(|| panic!("201 for {place:?}: {text}")))
        }
        StatusCode::CONFLICT => Answer::Exists,
        other => panic!("submission {place:?} answered {other}: {text}"),
    }
}

/// Records an answer; a second acknowledgement of one place is the failure this test is for.
fn record(model: &mut Model, figures: &mut Figures, place: Place, answer: Answer) {
    match answer {
        Answer::Saved(s) => {
            figures.acknowledged += 1;
            if let Some(before) = model.known.get(&place) {
                panic!("{place:?} was acknowledged twice: {before:?}, then {s:?}");
            }
            model.known.insert(place, s);
            model.uncertain.remove(&place);
        }
        Answer::Exists => {
            figures.conflicts += 1;
            model.conflicted.insert(place);
        }
        Answer::None => {
            figures.unanswered += 1;
            if !model.known.contains_key(&place) && !model.conflicted.contains(&place) {
                model.uncertain.insert(place);
            }
        }
    }
}

/// One submitter: fresh places, and now and then a place already submitted (or the same
/// fresh place twice at once), until the server stops answering.
async fn submitter(
    api: Arc<Api>,
    places: Arc<Mutex<Places>>,
    model: Arc<Mutex<Model>>,
    figures: Arc<Mutex<Figures>>,
    killed: Arc<AtomicBool>,
    mut rng: Rng,
) {
    while !killed.load(Ordering::SeqCst) {
        let dice = rng.below(8);
        let old = if dice == 0 {
            let m = model.lock().await;
            let n = m.submitted.len() as u64;
            (n > 0).then(|| *m.submitted.iter().nth(rng.below(n) as usize).unwrap())
        } else {
            None
        };
        let twice = dice == 1;
        let place = match old {
            Some(p) => p,
            None => match places.lock().await.fresh() {
                Some(p) => p,
                None => return,
            },
        };
        model.lock().await.submitted.insert(place);
        let answers = if twice {
            let (a, b) = tokio::join!(
                submit(&api, place, rng.next()),
                submit(&api, place, rng.next())
            );
            vec![a, b]
        } else {
            vec![submit(&api, place, rng.next()).await]
        };
        let stop = answers.iter().any(|a| matches!(a, Answer::None));
        {
            let mut f = figures.lock().await;
            f.submissions += answers.len() as u64;
            if old.is_some() || twice {
                f.duplicates_sent += 1;
            }
            let mut m = model.lock().await;
            for a in answers {
                record(&mut m, &mut f, place, a);
            }
        }
        if stop {
            return;
        }
    }
}

#[derive(diesel::QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

/// The file as the killed server left it: intact, and no place with two rows.
fn check_file(path: &Path) {
    let mut c = diesel::SqliteConnection::establish(path.to_str().unwrap())
        .expect("open the database file");
    common::server::assert_intact(&mut c);
    let doubled: Vec<Count> = diesel::sql_query(
        "SELECT COUNT(*) AS n FROM results \
         GROUP BY event_id, round, table_number, board HAVING COUNT(*) > 1",
    )
    .load(&mut c)
    .expect("count rows per place");
    assert!(
        doubled.is_empty(),
        "places with more than one row in the file: {:?}",
        doubled.iter().map(|c| c.n).collect::<Vec<_>>()
    );
}

/// The restarted server's listing against what the client knows.
async fn check_listing(api: &Api, events: &[i64], model: &mut Model) {
    let mut listed: BTreeMap<Place, Stored> = BTreeMap::new();
    for &event in events {
        for r in api.results(event).await {
            let place = (
                event,
                r["round"].as_i64().unwrap(),
                r["table"].as_i64().unwrap(),
                r["board"].as_i64().unwrap(),
            );
            let s = stored_of(&r).unwrap_or_else(|| panic!("listed result: {r}"));
            assert_eq!(r["status"], json!("confirmed"), "{r}");
            if let Some(other) = listed.insert(place, s) {
                panic!("{place:?} is listed twice: {other:?} and {s:?}");
            }
            assert!(
                model.submitted.contains(&place),
                "{place:?} has a result nobody submitted: {r}"
            );
        }
    }
    for (place, s) in &model.known {
        assert_eq!(
            listed.get(place),
            Some(s),
            "acknowledged {place:?} after the restart"
        );
    }
    for place in &model.conflicted {
        assert!(
            listed.contains_key(place),
            "{place:?} answered 409 (it has a result) but is not listed after the restart"
        );
    }
    // What the listing shows is now known: it must stay as it is through later kills.
    for (place, s) in listed {
        model.known.entry(place).or_insert(s);
        model.uncertain.remove(&place);
    }
    model.conflicted.clear();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_results_survive_sigkill_exactly_once() {
    let cycles = env_number("CALYPSO_DURABILITY_CYCLES", 20);
    let seed = seed_from("CALYPSO_DURABILITY_SEED");
    assert!(cycles >= 1, "CALYPSO_DURABILITY_CYCLES must be at least 1");
    eprintln!("durability: {cycles} cycles, CALYPSO_DURABILITY_SEED={seed}");
    let mut rng = Rng(seed);
    let dir = tempfile::tempdir().unwrap();
    let file: PathBuf = dir.path().join("durable.db");
    let log = dir.path().join("server.log");
    let url = format!("sqlite://{}", file.display());

    // The file made (migrated) here, with a setup link for the club.
    let setup_token = migrated_file_with_setup(&url);

    let mut server = start_ready(&url, &log).await;
    let token = club_token(&server.base, &setup_token).await;
    let mut api = Api {
        http: reqwest::Client::new(),
        base: server.base.clone(),
        token,
    };
    let places = Arc::new(Mutex::new(Places {
        events: vec![],
        list: vec![],
        next: 0,
    }));
    let model = Arc::new(Mutex::new(Model::default()));
    let figures = Arc::new(Mutex::new(Figures::default()));
    let started = Instant::now();

    for cycle in 1..=cycles {
        // Room for this cycle's submissions (a new event is made while nothing is killed).
        if places.lock().await.remaining() < 500 {
            let n = places.lock().await.events.len() + 1;
            let (id, list) = new_event(&api, n).await;
            places.lock().await.add(id, list);
        }
        let killed = Arc::new(AtomicBool::new(false));
        let client = Arc::new(Api {
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(30))
                .build()
                .unwrap(),
            base: server.base.clone(),
            token: api.token.clone(),
        });
        let tasks: Vec<_> = (0..CLIENTS)
            .map(|_| {
                tokio::spawn(submitter(
                    client.clone(),
                    places.clone(),
                    model.clone(),
                    figures.clone(),
                    killed.clone(),
                    Rng(rng.next()),
                ))
            })
            .collect();
        kill_mid_play(
            &mut server,
            &mut rng,
            MAX_KILL_DELAY_MS,
            &killed,
            tasks,
            (cycle, seed, &log),
        )
        .await;
        {
            let mut f = figures.lock().await;
            f.kills += 1;
            f.cycles = cycle;
        }

        check_file(&file);
        server = start_ready(&url, &log).await;
        api.base = server.base.clone();
        let events = places.lock().await.events.clone();
        check_listing(&api, &events, &mut *model.lock().await).await;
        figures.lock().await.checks_passed += 1;
    }
    kill(&mut server);

    let f = figures.lock().await;
    let m = model.lock().await;
    println!(
        "durability: {} cycles, {} kills, {} checks passed (integrity_check ok, no place twice, \
         every acknowledged result listed once with its id and scores); {} submissions: {} \
         acknowledged (201), {} refused as existing (409), {} unanswered (killed); {} deliberate \
         duplicates sent; {} results stored in {} event(s); {:.1} s",
        f.cycles,
        f.kills,
        f.checks_passed,
        f.submissions,
        f.acknowledged,
        f.conflicts,
        f.unanswered,
        f.duplicates_sent,
        m.known.len(),
        places.lock().await.events.len(),
        started.elapsed().as_secs_f64()
    );
    assert_eq!(f.checks_passed, cycles);
    assert!(
        f.acknowledged > 0,
        "no submission was acknowledged: the kills came too early to test anything"
    );
}
