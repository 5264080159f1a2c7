//! Durability of a board played online (#39's proof "kill -9 of the server mid-deal"): the
//! real binary on a SQLite file, an event set to `"play": "online"` through the API, four
//! seat clients playing one board card by card through `POST /api/v1/seats/{token}/cards`
//! (now and then the same post again after its answer, or two posts at once with the same
//! `seq`), while the test kills the server with SIGKILL at random moments and starts it again
//! on the same file, several times.
//!
//! After every kill, straight from the file while no server runs: `PRAGMA integrity_check` is
//! `ok`; the table's log is seq 1, 2, ... with no seq twice; every card a 201 acknowledged is
//! in it exactly once at its seq, and nothing is in it that was not sent without an answer
//! (a card refused with 409 and never acknowledged is not there); everything the log held
//! after an earlier kill is still there; and the engine replays it. After the restart every
//! seat's view has `seq` one past the log (the next card's number) and the engine's `to_play`
//! and `over`, and play goes on from that card. At the board's end the stored result (read
//! through the API) is the engine's replay of the log, once.
//!
//! PostgreSQL is not killed here: tests/durability.rs (score entry) has no PostgreSQL form
//! either, and SQLite in one process is the contract this proves ("a restart loses nothing
//! and resumes at the same card").
//!
//! `CALYPSO_ONLINE_DURABILITY_CYCLES` (default 12) is the number of kill-and-restart cycles;
//! `CALYPSO_ONLINE_DURABILITY_SEED` fixes the random choices (the kill moments still depend
//! on timing).

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use calypso_director::db::{self, DbConnection};
use calypso_director::deals;
use calypso_director::engine::{GameSpec, Seat};
use calypso_director::event::EventId;
use calypso_director::event::online::replay::{self, Move};
use common::Api;
use common::server::{
    Rng, club_token, env_number, kill, kill_mid_play, log_tail, migrated_file_with_setup,
    seed_from, start_ready,
};
use diesel::Connection;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::sync::Mutex;

/// The longest a cycle lets the server run before the kill (the kill comes at a random
/// moment between a few milliseconds and this).
const MAX_KILL_DELAY_MS: u64 = 700;
/// How long the last part of the board (no kills) may take in a debug build.
const FINISH_TIMEOUT: Duration = Duration::from_secs(180);

/// A card as the log stores it: its seq, the seat that played it, the card.
type Card = (u32, String, String);

/// What the clients know about the cards they sent.
#[derive(Default)]
struct Model {
    /// A 201 said so (or an earlier check found it in the log): it must stay, exactly there.
    known: BTreeMap<u32, (String, String)>,
    /// Sent with no answer (the kill came first): it may be in the log or not.
    unanswered: BTreeSet<Card>,
    /// Refused (409) and never acknowledged: it must not be in the log unless it is also
    /// among the unanswered or acknowledged (the same card sent twice).
    refused: BTreeSet<Card>,
}

#[derive(Default, Debug)]
struct Figures {
    kills: u64,
    posts: u64,
    acknowledged: u64,
    refused: u64,
    unanswered: u64,
    repeats_sent: u64,
    pairs_sent: u64,
    checks_passed: u64,
    cards_at_kills: Vec<usize>,
}

/// One seat's client.
struct SeatClient {
    http: reqwest::Client,
    base: String,
    token: String,
    seat: String,
}

/// What one post came to.
enum Answer {
    Played(Value),
    Refused(String),
    /// No answer: the server was killed (or was already gone).
    None,
}

impl SeatClient {
    async fn view(&self) -> Option<Value> {
        let r = self
            .http
            .get(format!("{}/api/v1/seats/{}", self.base, self.token))
            .send()
            .await
            .ok()?;
        let status = r.status();
        let text = r.text().await.ok()?;
        assert_eq!(status, StatusCode::OK, "seat {}'s view: {text}", self.seat);
        Some(serde_json::from_str(&text).expect("a view is JSON"))
    }

    async fn post(&self, card: &str, seq: u32) -> Answer {
        let sent = self
            .http
            .post(format!("{}/api/v1/seats/{}/cards", self.base, self.token))
            .json(&json!({"card": card, "seq": seq}))
            .send()
            .await;
        let Ok(r) = sent else {
            return Answer::None;
        };
        let status = r.status();
        let Ok(text) = r.text().await else {
            // The headers came but the body did not: as good as no answer.
            return Answer::None;
        };
        match status {
            StatusCode::CREATED => Answer::Played(
                serde_json::from_str(&text)
                    .unwrap_or_else(|e| panic!("201 for {card} at {seq} is not JSON ({e})")),
            ),
            StatusCode::CONFLICT => Answer::Refused(text),
            other => panic!(
                "seat {} posting {card} at seq {seq} was answered {other}: {text}",
                self.seat
            ),
        }
    }
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| a.iter().map(|c| c.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

/// Records an answer; a second acknowledgement of one seq is the failure this test is for.
fn record(model: &mut Model, figures: &mut Figures, card: Card, answer: Answer) {
    figures.posts += 1;
    match answer {
        Answer::Played(after) => {
            figures.acknowledged += 1;
            assert_eq!(
                after["seq"],
                json!(card.0 + 1),
                "the 201's view is the table after {card:?}"
            );
            if let Some(before) = model.known.get(&card.0) {
                panic!(
                    "seq {} was acknowledged twice: {before:?}, then {:?}",
                    card.0,
                    (&card.1, &card.2)
                );
            }
            model.known.insert(card.0, (card.1.clone(), card.2.clone()));
            model.unanswered.remove(&card);
        }
        Answer::Refused(why) => {
            figures.refused += 1;
            // A repeat of the board's last card, once another post of it has ended the
            // board, is told the board is over: the same "played already" in other words.
            assert!(
                why.contains("already been played")
                    || why.contains("turn to play")
                    || why.contains("every card of this board has been played"),
                "{card:?} refused for another reason: {why}"
            );
            model.refused.insert(card);
        }
        Answer::None => {
            figures.unanswered += 1;
            model.unanswered.insert(card);
        }
    }
}

/// One seat's player: whenever the view says it is to play, a legal card (chosen at random)
/// at the view's seq; one time in six the same post again after its answer, one time in six
/// two posts at once with the same seq (two different legal cards when it has two). Ends at
/// the board's end, or when the server stops answering.
async fn player(
    client: SeatClient,
    model: Arc<Mutex<Model>>,
    figures: Arc<Mutex<Figures>>,
    killed: Arc<AtomicBool>,
    mut rng: Rng,
) {
    while !killed.load(Ordering::SeqCst) {
        let Some(view) = client.view().await else {
            return;
        };
        if view["over"] == json!(true) {
            return;
        }
        if view["to_play"].as_str() != Some(client.seat.as_str()) {
            tokio::time::sleep(Duration::from_millis(3)).await;
            continue;
        }
        let seq = u32::try_from(view["seq"].as_u64().unwrap()).unwrap();
        let legal = strings(&view["legal"]);
        assert!(
            !legal.is_empty(),
            "seat {} to play with no legal card",
            client.seat
        );
        let card = legal[rng.below(legal.len() as u64) as usize].clone();
        let as_played = |c: &str| (seq, client.seat.clone(), c.to_string());
        let answers = match rng.below(6) {
            0 => {
                let other = legal[rng.below(legal.len() as u64) as usize].clone();
                let (a, b) = tokio::join!(client.post(&card, seq), client.post(&other, seq));
                figures.lock().await.pairs_sent += 1;
                vec![(as_played(&card), a), (as_played(&other), b)]
            }
            1 => {
                let a = client.post(&card, seq).await;
                let gone = matches!(a, Answer::None);
                let mut answers = vec![(as_played(&card), a)];
                if !gone {
                    answers.push((as_played(&card), client.post(&card, seq).await));
                    figures.lock().await.repeats_sent += 1;
                }
                answers
            }
            _ => vec![(as_played(&card), client.post(&card, seq).await)],
        };
        let gone = answers.iter().any(|(_, a)| matches!(a, Answer::None));
        {
            let mut f = figures.lock().await;
            let mut m = model.lock().await;
            for (c, a) in answers {
                record(&mut m, &mut f, c, a);
            }
        }
        if gone {
            return;
        }
    }
}

/// The event's deal of the board, and its game.
fn dealt(c: &mut DbConnection, id: EventId, board: u32) -> (GameSpec, deals::Board) {
    let ev = db::events::public_event(c, id).unwrap().expect("the event");
    let key = ev.deal.expect("a running event has its deal");
    let set = deals::SetKey::from_hex(&key.key_hex).unwrap();
    let spec = ev.settings.game_spec();
    let b = deals::board(&set, board, false, &spec, None).unwrap();
    (spec, b)
}

/// What the engine says of the log: who is to play next, whether the board is over.
struct Engine {
    moves: Vec<Move>,
    to_play: Option<Seat>,
    over: bool,
}

/// The file as the killed server left it, against what the clients know. Every card of the
/// log becomes known: later kills must keep it.
fn check_file(path: &Path, at: db::online::OnlineBoard, model: &mut Model) -> Engine {
    let mut raw = diesel::SqliteConnection::establish(path.to_str().unwrap())
        .expect("open the database file");
    common::server::assert_intact(&mut raw);
    drop(raw);
    let url = format!("sqlite://{}", path.display());
    let pool = db::connect(Some(&url), 1).expect("open the database file");
    let mut c = pool.get().unwrap();
    let rows = db::online::moves_of(&mut c, at).expect("the table's log");
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(
            r.seq,
            i32::try_from(i + 1).unwrap(),
            "the log is seq 1, 2, ... with no seq twice and none missing: {:?}",
            rows.iter().map(|r| r.seq).collect::<Vec<_>>()
        );
    }
    let logged: BTreeMap<u32, (String, String)> = rows
        .iter()
        .map(|r| (r.seq as u32, (r.seat.clone(), r.card.clone())))
        .collect();
    for (seq, card) in &model.known {
        assert_eq!(
            logged.get(seq),
            Some(card),
            "acknowledged (or found before) card at seq {seq}"
        );
    }
    for (seq, (seat, card)) in &logged {
        let this = (*seq, seat.clone(), card.clone());
        assert!(
            model.known.get(seq) == Some(&(seat.clone(), card.clone()))
                || model.unanswered.contains(&this),
            "{card} by {seat} at seq {seq} is in the log but was neither acknowledged nor sent \
             without an answer (refused: {})",
            model.refused.contains(&this)
        );
    }
    let (spec, board) = dealt(&mut c, at.event, at.board);
    let moves: Vec<Move> = rows
        .iter()
        .map(|r| Move::from_stored(r.seq.into(), &r.seat, &r.card).unwrap())
        .collect();
    let table = replay::replay(&spec, &board, &moves).expect("the engine replays the log");
    let engine = Engine {
        to_play: table.to_play(),
        over: table.is_over(),
        moves,
    };
    model.known = logged;
    model.unanswered.clear();
    model.refused.clear();
    engine
}

/// Every seat's view after a restart: the next card is the one after the log, the engine's
/// seat to play it.
async fn check_views(clients: &[(String, String)], base: &str, engine: &Engine) {
    let http = reqwest::Client::new();
    for (seat, token) in clients {
        let c = SeatClient {
            http: http.clone(),
            base: base.to_string(),
            token: token.clone(),
            seat: seat.clone(),
        };
        let v = c.view().await.expect("the restarted server answers");
        assert_eq!(
            v["seq"],
            json!(engine.moves.len() + 1),
            "seat {seat}'s view after the restart: the next card's seq, one past the log's \
             {} cards",
            engine.moves.len()
        );
        let want = engine.to_play.map(|s| s.letter().to_string());
        assert_eq!(
            v["to_play"].as_str().map(str::to_string),
            want,
            "seat {seat}'s view: the engine's seat to play"
        );
        assert_eq!(v["over"], json!(engine.over));
    }
}

/// Starts the four players against `base`; returns their tasks and the flag that stops them.
fn start_players(
    clients: &[(String, String)],
    base: &str,
    model: &Arc<Mutex<Model>>,
    figures: &Arc<Mutex<Figures>>,
    rng: &mut Rng,
) -> (Vec<tokio::task::JoinHandle<()>>, Arc<AtomicBool>) {
    let killed = Arc::new(AtomicBool::new(false));
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap();
    let tasks = clients
        .iter()
        .map(|(seat, token)| {
            tokio::spawn(player(
                SeatClient {
                    http: http.clone(),
                    base: base.to_string(),
                    token: token.clone(),
                    seat: seat.clone(),
                },
                model.clone(),
                figures.clone(),
                killed.clone(),
                Rng(rng.next()),
            ))
        })
        .collect();
    (tasks, killed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_played_online_survives_sigkill_and_resumes_at_the_same_card() {
    let cycles = env_number("CALYPSO_ONLINE_DURABILITY_CYCLES", 12);
    let seed = seed_from("CALYPSO_ONLINE_DURABILITY_SEED");
    assert!(
        cycles >= 1,
        "CALYPSO_ONLINE_DURABILITY_CYCLES must be at least 1"
    );
    eprintln!("online durability: {cycles} cycles, CALYPSO_ONLINE_DURABILITY_SEED={seed}");
    let mut rng = Rng(seed);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("online.db");
    let log = dir.path().join("server.log");
    let url = format!("sqlite://{}", file.display());
    let setup_token = migrated_file_with_setup(&url);

    let mut server = start_ready(&url, &log).await;
    let mut api = Api {
        http: reqwest::Client::new(),
        base: server.base.clone(),
        token: club_token(&server.base, &setup_token).await,
    };

    // A Mitchell of 2 tables, 4 pairs, 1 round of 1 board, played online; round 1 started.
    let (s, ev) = api
        .post(
            "/events",
            json!({"name": "Online durability", "date": "2026-06-01",
                   "format": "pairs-mitchell", "tables": 2, "boards": 1}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    let id = i32::try_from(ev["id"].as_i64().unwrap()).unwrap();
    let path = format!("/events/{id}");
    let (s, v) = api
        .send("PATCH", &path, Some(json!({"play": "online"})))
        .await;
    assert_eq!((s, &v["play"]), (StatusCode::OK, &json!("online")), "{v}");
    let entries: Vec<Value> = (1..=4)
        .map(|n| json!({"kind": "pair", "players": [{"name": format!("North {n}")}, {"name": format!("South {n}")}]}))
        .collect();
    common::games::start(
        &api,
        &path,
        &entries,
        json!({"rounds": 1, "boards_per_round": 1}),
    )
    .await;
    let (s, v) = api
        .post(&format!("{path}/rounds"), json!({"round": 1}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, listed) = api.get(&format!("{path}/seats?round=1")).await;
    assert_eq!(s, StatusCode::OK, "{listed}");
    let table_1: Vec<&Value> = listed
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["table"] == json!(1))
        .collect();
    assert_eq!(table_1.len(), 4);
    let clients: Vec<(String, String)> = table_1
        .iter()
        .map(|s| {
            (
                s["seat"].as_str().unwrap().to_string(),
                s["token"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let board = u32::try_from(table_1[0]["board"].as_u64().unwrap()).unwrap();
    let at = db::online::OnlineBoard {
        event: EventId::new(id),
        round: 1,
        table: 1,
        board,
    };

    let model = Arc::new(Mutex::new(Model::default()));
    let figures = Arc::new(Mutex::new(Figures::default()));
    let started = Instant::now();
    let mut engine = None;
    for cycle in 1..=cycles {
        let (tasks, killed) = start_players(&clients, &server.base, &model, &figures, &mut rng);
        kill_mid_play(
            &mut server,
            &mut rng,
            MAX_KILL_DELAY_MS,
            &killed,
            tasks,
            (cycle, seed, &log),
        )
        .await;
        let e = check_file(&file, at, &mut *model.lock().await);
        server = start_ready(&url, &log).await;
        check_views(&clients, &server.base, &e).await;
        {
            let mut f = figures.lock().await;
            f.kills += 1;
            f.checks_passed += 1;
            f.cards_at_kills.push(e.moves.len());
        }
        let over = e.over;
        engine = Some(e);
        if over {
            break;
        }
    }
    let kills_before_end = engine.as_ref().map_or(0, |e| e.moves.len());
    assert!(
        kills_before_end > 0,
        "no card was stored before the last kill: the kills came too early to test anything"
    );

    // The rest of the board, no more kills.
    api.base = server.base.clone();
    let (tasks, _killed) = start_players(&clients, &server.base, &model, &figures, &mut rng);
    let finishing = async {
        for t in tasks {
            t.await.expect("a player");
        }
    };
    tokio::time::timeout(FINISH_TIMEOUT, finishing)
        .await
        .unwrap_or_else(|_| {
            panic!(
                "the board did not finish within {FINISH_TIMEOUT:?}; log:\n{}",
                log_tail(&log)
            )
        });

    // The result, read through the API: one, the engine's replay of the log (a kill right
    // after the last card leaves it to the robots' pass after the restart: waited for).
    let waited = Instant::now();
    let result = loop {
        let (s, v) = api.get(&format!("{path}/results")).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let at_table: Vec<Value> = v["results"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["round"] == json!(1) && r["table"] == json!(1))
            .cloned()
            .collect();
        assert!(at_table.len() <= 1, "table 1's results: {at_table:?}");
        if let Some(r) = at_table.into_iter().next() {
            break r;
        }
        assert!(
            waited.elapsed() < Duration::from_secs(30),
            "the board is over but no result was stored within 30 s; log:\n{}",
            log_tail(&log)
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    kill(&mut server);
    let e = check_file(&file, at, &mut *model.lock().await);
    assert!(e.over, "the board is over");
    assert_eq!(e.moves.len(), 208, "a board of four decks has 208 cards");
    let pool = db::connect(Some(&url), 1).unwrap();
    let (spec, dealt_board) = dealt(&mut pool.get().unwrap(), at.event, board);
    let record = replay::record(&spec, &dealt_board, &e.moves).unwrap();
    let outcome = calypso_director::engine::replay(&spec, &record).unwrap();
    assert!(outcome.complete);
    assert_eq!(result["board"], json!(board));
    assert_eq!(
        (&result["scores"]["majors"], &result["scores"]["minors"]),
        (
            &json!(outcome.score.sides[0].score),
            &json!(outcome.score.sides[1].score)
        ),
        "the stored result is the engine's replay of the log: {result}"
    );

    let f = figures.lock().await;
    println!(
        "online durability: {} kills (cards in the log at each: {:?}), {} checks passed; {} \
         posts: {} acknowledged (201), {} refused (409), {} unanswered (killed); {} repeated \
         posts, {} pairs at once; board of {} cards finished, result {}-{} as the engine's \
         replay; {:.1} s",
        f.kills,
        f.cards_at_kills,
        f.checks_passed,
        f.posts,
        f.acknowledged,
        f.refused,
        f.unanswered,
        f.repeats_sent,
        f.pairs_sent,
        e.moves.len(),
        outcome.score.sides[0].score,
        outcome.score.sides[1].score,
        started.elapsed().as_secs_f64()
    );
    assert!(f.kills >= 1);
    assert!(f.acknowledged > 0);
}
