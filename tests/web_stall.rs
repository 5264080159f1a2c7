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

/// The crafted songs arrive in a simultaneous event's heat file: a Kaiso heat played on
/// another server from the sim's key, one of its results' reports replaced by the 49 songs
/// (its totals left as they were). The organiser's import is refused naming that result, in
/// the engine's words, nothing of the heat is saved, and another club writes meanwhile.
#[tokio::test]
async fn a_heat_file_with_the_crafted_kaiso_songs_is_refused_while_another_club_writes() {
    let app = spawn_app().await;
    let (e1, _) = kaiso_evening(&app).await;
    // Alpha's director, in a browser of their own (the evening was made through the API).
    let d = Browser::new(&app);
    let r = d.login("olive@example.org", PASSWORD).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let r = open_sim(&d, "alpha", event_id(&e1), "Kaiso Sim").await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER, "{:?}", r.text().await);
    let sim_page = location(&r);
    let (_, html) = d
        .get_text(&format!("/c/alpha/events/{}", event_id(&e1)))
        .await;
    let marker = "id=\"deal-key\">";
    let at = html.find(marker).expect("the organiser sees the key") + marker.len();
    let key = html[at..].split('<').next().unwrap().trim().to_string();

    // Charlie plays the heat on a server of its own, from the key, and exports it.
    let remote = spawn_app().await;
    let charlie = remote.club_with_owner("charlie", "cy@charlie.test").await;
    let api = api_for(&remote, &charlie, "charlie").await;
    let (s, ev) = api
        .post(
            "/events",
            json!({"name": "Kaiso Sim at Charlie", "date": "2026-12-01",
                   "format": "pairs-mitchell", "game": "kaiso", "tables": 3, "boards": 3}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    let page = format!("/c/charlie/events/{}", ev["id"]);
    let r = charlie
        .post(&page, &format!("{page}/key"), &[("key", &key)])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let path = format!("/events/{}", ev["id"]);
    let boards = start(&api, &path, &six_pairs(), one_board_rounds(3)).await;
    let e3 = Evening { api, path, boards };
    for round in 1..=3u64 {
        let started = e3.start_round(round as u32).await;
        for t in started["tables"].as_array().unwrap() {
            let (table, board) = place(t);
            post_kaiso(&e3, round, table, board, round * 10 + table).await;
        }
    }
    let (s, v) = e3
        .api
        .post(&format!("{}/status", e3.path), json!({"to": "finished"}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, file) = charlie
        .get_text(&format!("{page}/export.json?with_key=1"))
        .await;
    assert_eq!(s, StatusCode::OK);
    let mut doc: Value = serde_json::from_str(&file).unwrap();
    let crafted = serde_json::to_value(fixture("kaiso-49-songs.json")).unwrap();
    doc["results"][0]["sheet"]["partnerships"] = crafted["partnerships"].clone();
    let crafted_file = serde_json::to_string(&doc).unwrap();

    // Bravo writes its roster all the while the organiser imports the file.
    let b = app.club_with_owner("bravo", "bob@example.org").await;
    let bravo = api_for(&app, &b, "bravo").await;
    let sim_id = sim_page.trim_start_matches("/sims/").to_string();
    let token = d.csrf(&sim_page).await;
    let (content_type, body) = multipart_body(
        &[("csrf_token", &token)],
        Some(("heat.json", crafted_file.as_bytes())),
    );
    let heats = |app: &TestApp| {
        with_conn(app, |c| {
            use calypso_director::db::schema::*;
            use diesel::prelude::*;
            (
                events::table.count().get_result::<i64>(c).unwrap(),
                results::table.count().get_result::<i64>(c).unwrap(),
            )
        })
    };
    let before = heats(&app);
    let stop = Arc::new(AtomicBool::new(false));
    let watcher = tokio::spawn(bravo_meanwhile(app.address.clone(), bravo, stop.clone()));
    tokio::time::sleep(Duration::from_millis(100)).await;
    let r = d
        .http
        .post(d.url(&format!("/c/alpha/sims/{sim_id}/heats/import")))
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap();
    let status = r.status();
    let page = r.text().await.unwrap();
    stop.store(true, Ordering::SeqCst);
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    assert!(page.contains("does not stand"), "{page}");
    assert!(
        page.contains("these songs cannot all be made from the deck")
            || page.contains("too many to check"),
        "{page}"
    );
    assert_eq!(heats(&app), before, "nothing of the heat was saved");
    let seen = watcher.await.unwrap();
    assert!(seen.len() >= 2, "bravo was answered meanwhile: {seen:?}");
    for (what, status, took) in &seen {
        assert!(status.is_success(), "{what}: {status}");
        assert!(*took < Duration::from_secs(1), "{what} took {took:?}");
    }
}
