//! No request can stall the room (#35): songs that are legal one by one but impossible
//! together, posted from a Kaiso table's phone (all a player holds is the table's code) and
//! through the API, are refused within the engine's budget, and twelve of them at once leave
//! another club's pages answering. The times are in `examples/stall.rs`; here the answers.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use calypso_director::engine::kaiso::KaisoSummary;
use common::evening::*;
use common::games::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

fn fixture(name: &str) -> KaisoSummary {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    serde_json::from_value(json!({"partnerships": v["partnerships"]})).unwrap()
}

/// The engine's refusal of the crafted songs, in the player's words: too many to check, or
/// (when the budget settled it) that they cannot all be made from the deck.
fn refused_in_words(page: &str) -> bool {
    page.contains(
        "the songs are too many to check at the table: ask the director, who can enter the result",
    ) || page.contains("cannot")
}

/// A Kaiso Mitchell of three tables at club alpha with round 1 started: the evening, and
/// table 1's board.
async fn kaiso_evening(app: &TestApp) -> (Evening, u64) {
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(app, &d, "alpha").await;
    let base = json!({"name": "Kaiso Night", "date": "2026-12-01", "format": "pairs-mitchell",
                      "game": "kaiso", "tables": 3, "boards": 3});
    let e = six_pair_evening(api, base, 3).await;
    let started = e.start_round(1).await;
    let t1 = started["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["table"] == 1)
        .unwrap();
    let board = t1["boards"][0].as_u64().unwrap();
    (e, board)
}

/// Club bravo's home page read and its roster written every 20 ms until `stop`: each answer's
/// status and time.
async fn bravo_meanwhile(
    app_address: String,
    bravo: Api,
    stop: Arc<AtomicBool>,
) -> Vec<(String, StatusCode, Duration)> {
    let http = reqwest::Client::new();
    let mut seen = Vec::new();
    let mut n = 0;
    while !stop.load(Ordering::SeqCst) {
        n += 1;
        let t = Instant::now();
        let s = http
            .get(format!("{app_address}/c/bravo"))
            .send()
            .await
            .unwrap()
            .status();
        seen.push(("GET /c/bravo".to_string(), s, t.elapsed()));
        let t = Instant::now();
        let (s, _) = bravo
            .post("/players", json!({"name": format!("Bystander {n}")}))
            .await;
        seen.push(("POST /api/v1/players".to_string(), s, t.elapsed()));
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    seen
}

#[tokio::test]
async fn twelve_crafted_kaiso_posts_at_once_leave_another_clubs_pages_answering() {
    let app = spawn_app().await;
    let (e, board) = kaiso_evening(&app).await;
    let id = event_id(&e);
    let b = app.club_with_owner("bravo", "bob@example.org").await;
    let bravo = api_for(&app, &b, "bravo").await;

    // The 21 songs from table 1's phone, once alone: refused in the player's words, the
    // songs kept on the form, nothing saved.
    let s21 = fixture("kaiso-21-songs.json");
    let phone = Phone::at(&app, id, 3, 1);
    let f = kaiso_form(&s21, 1, board);
    let r = phone
        .browser
        .post(&phone.page, &format!("{}/result", phone.page), &pairs(&f))
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = r.text().await.unwrap();
    assert!(refused_in_words(&page), "{page}");
    assert!(
        page.contains(r#"name="k_NS_21_kind" value="quartet" checked"#),
        "kept"
    );

    // Twelve phones post the 49 songs at once while bravo reads and writes.
    let s49 = fixture("kaiso-49-songs.json");
    let f49 = kaiso_form(&s49, 1, board);
    let stop = Arc::new(AtomicBool::new(false));
    let watcher = tokio::spawn(bravo_meanwhile(app.address.clone(), bravo, stop.clone()));
    // Bravo's first answers come before the wave, so there is something to compare.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let posts: Vec<_> = (0..12)
        .map(|_| {
            let phone = Phone::at(&app, id, 3, 1);
            let f = f49.clone();
            tokio::spawn(async move {
                let r = phone
                    .browser
                    .post(&phone.page, &format!("{}/result", phone.page), &pairs(&f))
                    .await;
                (r.status(), r.text().await.unwrap())
            })
        })
        .collect();
    for p in posts {
        let (status, page) = p.await.unwrap();
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(refused_in_words(&page), "{page}");
    }
    stop.store(true, Ordering::SeqCst);
    let seen = watcher.await.unwrap();
    assert!(seen.len() >= 4, "bravo was answered meanwhile: {seen:?}");
    for (what, status, took) in &seen {
        assert!(status.is_success(), "{what}: {status}");
        // A generous net: the stall this replaces made bravo wait 30 s and then fail.
        assert!(*took < Duration::from_secs(1), "{what} took {took:?}");
    }

    // The 49 songs through the API: the same refusal, with the engine's problem.
    let mut body = serde_json::to_value(&s49).unwrap();
    body["round"] = json!(1);
    body["table"] = json!(1);
    body["board"] = json!(board);
    let (s, v) = e.api.post(&e.results(), body).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(refused_in_words(&v.to_string()), "{v}");
    assert!(results(&e.api, &e.path).await.is_empty(), "nothing saved");
}
