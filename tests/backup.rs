//! `calypso-director backup -o FILE` while results are being submitted: the real binary copies
//! the running application's SQLite file; a second application started on the copy lists
//! every result acknowledged (201) before the command started, with its id and scores, and
//! the copy passes `PRAGMA integrity_check`. Also the refusals: an existing output file, a
//! PostgreSQL URL, a database file that is not there.

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use common::{Api, api_for, app_on_database, spawn_sqlite_app};
use diesel::{Connection, RunQueryDsl};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::sync::Mutex;

const BIN: &str = env!("CARGO_BIN_EXE_calypso-director");
const TABLES: i64 = 8;
const ROUNDS: i64 = 7;
const BOARDS_PER_ROUND: i64 = 3;

/// Where a result was played: round, table, board.
type Place = (i64, i64, i64);
/// A result as acknowledged or listed: id, majors, minors.
type Stored = (i64, i64, i64);

fn stored_of(v: &Value) -> Stored {
    (
        v["id"].as_i64().unwrap(),
        v["scores"]["majors"].as_i64().unwrap(),
        v["scores"]["minors"].as_i64().unwrap(),
    )
}

/// A valid report (208 cards in whole tricks), its scores varying with `n`.
fn report(place: Place, n: usize) -> Value {
    let zero = json!({"calypsos": 0, "in_progress": []});
    let (ns, ew) = [(104, 104), (100, 108), (112, 96), (88, 120)][n % 4];
    json!({
        "round": place.0, "table": place.1, "board": place.2,
        "players": {"N": zero, "E": zero, "S": zero, "W": zero},
        "trick_piles": {"NS": ns, "EW": ew},
        "revokes": {"NS": 0, "EW": 0},
    })
}

/// A running Mitchell with every round started, and its places.
async fn event_with_places(api: &Api) -> (String, Vec<Place>) {
    let (s, ev) = api
        .post(
            "/events",
            json!({"name": "Backup Night", "date": "2026-05-01", "format": "pairs-mitchell",
                   "tables": TABLES, "boards": ROUNDS * BOARDS_PER_ROUND}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    let path = format!("/events/{}", ev["id"]);
    for i in 1..=2 * TABLES {
        let (s, v) = api
            .post(
                &format!("{path}/entries"),
                json!({"kind": "pair", "players": [{"name": format!("North {i}")}, {"name": format!("South {i}")}]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
    let (s, movement) = api
        .put(
            &format!("{path}/movement"),
            json!({"rounds": ROUNDS, "boards_per_round": BOARDS_PER_ROUND}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{movement}");
    let mut places = Vec::new();
    for game in movement["schedule"].as_array().unwrap() {
        for board in game["boards"].as_array().unwrap() {
            places.push((
                game["round"].as_i64().unwrap(),
                game["table"].as_i64().unwrap(),
                board.as_i64().unwrap(),
            ));
        }
    }
    assert_eq!(places.len() as i64, TABLES * ROUNDS * BOARDS_PER_ROUND);
    for to in ["ready", "running"] {
        let (s, v) = api.post(&format!("{path}/status"), json!({"to": to})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    for round in 1..=ROUNDS {
        let (s, v) = api
            .post(
                &format!("{path}/rounds"),
                json!({"round": round, "confirm_unreported": true}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    (path, places)
}

fn backup_command(database_url: &str, out: &Path) -> Output {
    Command::new(BIN)
        .args(["backup", "-o", out.to_str().unwrap()])
        .env("DATABASE_URL", database_url)
        .output()
        .expect("the binary runs")
}

#[derive(diesel::QueryableByName)]
struct IntegrityRow {
    #[diesel(sql_type = diesel::sql_types::Text)]
    integrity_check: String,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_made_during_writes_restores_every_acknowledged_result() {
    let app = spawn_sqlite_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = Arc::new(api_for(&app, &d, "alpha").await);
    let (path, places) = event_with_places(&api).await;
    let database_url = app.config.database_url.clone().unwrap();

    // One submitter, results in order, each acknowledgement noted as it comes.
    let acked: Arc<Mutex<Vec<(Place, Stored)>>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (api, acked, stop, path) = (api.clone(), acked.clone(), stop.clone(), path.clone());
        tokio::spawn(async move {
            for (n, &place) in places.iter().enumerate() {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let (s, v) = api.post(&format!("{path}/results"), report(place, n)).await;
                assert_eq!(s, StatusCode::CREATED, "{place:?}: {v}");
                acked.lock().await.push((place, stored_of(&v)));
            }
        })
    };
    // Let some results in, then back up while the writer goes on.
    while acked.lock().await.len() < 30 {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let before: BTreeMap<Place, Stored> = acked.lock().await.iter().copied().collect();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("copy.db");
    let output = {
        let (url, out) = (database_url.clone(), out.clone());
        tokio::task::spawn_blocking(move || backup_command(&url, &out))
            .await
            .unwrap()
    };
    let after_command = acked.lock().await.len();
    // A little more writing after the copy, which the copy must not need.
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    stop.store(true, Ordering::SeqCst);
    writer.await.expect("the writer");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "backup: {:?}\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    let size = std::fs::metadata(&out).unwrap().len();
    assert!(
        stdout.contains(&format!("{} ({size} bytes)", out.display())),
        "{stdout}"
    );
    let total = acked.lock().await.len();
    assert!(
        total > before.len(),
        "no writes after the backup started ({total} acknowledged in all)"
    );
    eprintln!(
        "backup: {} results acknowledged before the command, {} by its end, {total} in all",
        before.len(),
        after_command
    );

    // The copy as a file: intact.
    {
        let mut c = diesel::SqliteConnection::establish(out.to_str().unwrap()).unwrap();
        let said: Vec<String> = diesel::sql_query("PRAGMA integrity_check")
            .load::<IntegrityRow>(&mut c)
            .unwrap()
            .into_iter()
            .map(|r| r.integrity_check)
            .collect();
        assert_eq!(said, ["ok"], "PRAGMA integrity_check on the copy");
    }

    // The copy as a database: a second application on it, the same token.
    let restored = app_on_database(&format!("sqlite://{}", out.display())).await;
    let api2 = Api {
        http: reqwest::Client::new(),
        base: restored.address.clone(),
        token: api.token.clone(),
    };
    let (s, v) = api2.get(&format!("{path}/results")).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let listed: BTreeMap<Place, Stored> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                (
                    r["round"].as_i64().unwrap(),
                    r["table"].as_i64().unwrap(),
                    r["board"].as_i64().unwrap(),
                ),
                stored_of(r),
            )
        })
        .collect();
    for (place, stored) in &before {
        assert_eq!(
            listed.get(place),
            Some(stored),
            "result at {place:?} acknowledged before the backup"
        );
    }
    // Nothing in the copy that was not acknowledged (the writer waits for each answer).
    let all: BTreeMap<Place, Stored> = acked.lock().await.iter().copied().collect();
    for (place, stored) in &listed {
        assert_eq!(all.get(place), Some(stored), "{place:?} in the copy");
    }
}

#[test]
fn an_existing_file_a_missing_database_and_postgresql_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("live.db");
    calypso_director::db::connect(Some(live.to_str().unwrap()), 1).expect("make a database");

    let existing = dir.path().join("old.db");
    std::fs::write(&existing, "last week's copy").unwrap();
    let o = backup_command(live.to_str().unwrap(), &existing);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("already exists"), "{err}");
    assert!(err.contains(existing.to_str().unwrap()), "{err}");
    assert_eq!(
        std::fs::read_to_string(&existing).unwrap(),
        "last week's copy"
    );

    let out = dir.path().join("new.db");
    let missing = dir.path().join("nothing-here.db");
    let o = backup_command(&format!("sqlite://{}", missing.display()), &out);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("there is no database at"), "{err}");
    assert!(!missing.exists() && !out.exists());

    let o = backup_command("postgres://calypso:secret@localhost/calypso", &out);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("PostgreSQL database: back it up with pg_dump"),
        "{err}"
    );
    assert!(
        err.contains("pg_restore") && err.contains("docs/web.md"),
        "{err}"
    );
    assert!(!err.contains("secret"), "the password is not echoed: {err}");
    assert!(!out.exists());
}
