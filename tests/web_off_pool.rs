//! Issue #35: no pool connection and no write transaction is held while a CPU-bound check
//! runs (the rules engine on a result or on an imported file's every result, a roster upload's
//! lines against the roster), so a wave of heavy work at one club leaves the other clubs'
//! pages and writes answering.

mod common;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use calypso_director::event::club::PlayerFields;
use calypso_director::event::roster::{ReadLines, RosterLine};
use calypso_director::service::clubs;
use common::evening::*;
use common::games::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// Players of a club, counted.
fn players_of(app: &TestApp, slug: &str) -> i64 {
    let club = app.club_id(slug).get();
    with_conn(app, |c| {
        use calypso_director::db::schema::players;
        use diesel::prelude::*;
        players::table
            .filter(players::club_id.eq(club))
            .count()
            .get_result(c)
            .unwrap()
    })
}

/// Rows an import or a heat's import writes.
fn counts(app: &TestApp) -> Vec<i64> {
    with_conn(app, |c| {
        use calypso_director::db::schema::*;
        use diesel::prelude::*;
        vec![
            events::table.count().get_result(c).unwrap(),
            event_entries::table.count().get_result(c).unwrap(),
            results::table.count().get_result(c).unwrap(),
            result_audit::table.count().get_result(c).unwrap(),
            sim_heats::table.count().get_result(c).unwrap(),
        ]
    })
}

/// Another club writes a player every few milliseconds until `done`, each write through the
/// API (`POST /api/v1/players`): every answer's status and the slowest answer.
async fn keep_writing(api: &Api, done: &AtomicBool) -> (Vec<StatusCode>, Duration) {
    static WRITTEN: AtomicUsize = AtomicUsize::new(0);
    let (mut statuses, mut slowest) = (Vec::new(), Duration::ZERO);
    while !done.load(Ordering::SeqCst) || statuses.is_empty() {
        let n = WRITTEN.fetch_add(1, Ordering::SeqCst) + 1;
        let t = Instant::now();
        let (s, v) = api
            .post(
                "/players",
                json!({"name": format!("Bravo Player {n}"), "membership_number": format!("B{n}")}),
            )
            .await;
        slowest = slowest.max(t.elapsed());
        assert!(s.is_success(), "the other club's write {n}: {s} {v}");
        statuses.push(s);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    (statuses, slowest)
}

/// The many-players form as the roster page sends it (multipart), with a CSRF token read
/// before the roster grew (the page lists every player).
async fn upload(d: &Browser, token: &str, lines: &str) -> reqwest::Response {
    let (content_type, body) = multipart_body(&[("csrf_token", token), ("lines", lines)], None);
    d.http
        .post(d.url("/c/alpha/players/bulk"))
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn roster_upload_of_2000_lines_against_20000_players_leaves_other_clubs_writing() {
    let app = spawn_app().await;
    let alpha = app.club_with_owner("alpha", "olive@alpha.test").await;
    let bravo = app.club_with_owner("bravo", "bea@bravo.test").await;
    let bravo_api = api_for(&app, &bravo, "bravo").await;
    let token = alpha.csrf("/c/alpha/players").await;

    // 20,000 players, through the service's own path, 2,000 at a time.
    let (club, pool) = (app.club_id("alpha"), app.pool.clone());
    let built = Instant::now();
    tokio::task::spawn_blocking(move || {
        for chunk in 0..10u64 {
            let lines = (0..2000u64)
                .map(|i| {
                    let n = chunk * 2000 + i;
                    RosterLine {
                        line: i + 1,
                        fields: PlayerFields::parse(&format!("Member {n:05}"), &format!("M{n:05}"))
                            .unwrap(),
                    }
                })
                .collect();
            let read = ReadLines {
                lines,
                problems: vec![],
            };
            clubs::add_players(&pool, club, read).unwrap();
        }
    })
    .await
    .unwrap();
    eprintln!("20,000 players added in {:?}", built.elapsed());
    assert_eq!(players_of(&app, "alpha"), 20_000);

    // 2,000 new lines with three planted duplicates: a roster player's number, a roster
    // player's name without a number, and a number from an earlier line.
    let line = |i: usize| match i {
        10 => "New Player 10, M00042".to_string(),
        20 => "member  00007".to_string(),
        30 => "New Player 30, N5".to_string(),
        _ => format!("New Player {i}, N{i}"),
    };
    let planted: String = (1..=2000).map(|i| line(i) + "\n").collect();
    let done = AtomicBool::new(false);
    let (refused, (statuses, slowest)) = tokio::join!(
        async {
            let t = Instant::now();
            let r = upload(&alpha, &token, &planted).await;
            let out = (r.status(), r.text().await.unwrap(), t.elapsed());
            done.store(true, Ordering::SeqCst);
            out
        },
        keep_writing(&bravo_api, &done)
    );
    let (status, body, took) = refused;
    eprintln!(
        "refused upload: {took:?}; the other club wrote {} players meanwhile, the slowest in {slowest:?}",
        statuses.len()
    );
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    for said in [
        "3 lines need correcting, and nothing was added",
        "line 10: membership number M00042 is already Member 00042&#39;s",
        "line 20: Member 00007 is already on the roster",
        "line 30: membership number N5 is also on line 5",
    ] {
        assert!(body.contains(said), "{said}");
    }
    assert_eq!(players_of(&app, "alpha"), 20_000, "nothing was added");

    // Corrected: all 2,000 added at once, while the other club writes again.
    let corrected: String = (1..=2000)
        .map(|i| format!("New Player {i}, N{i}\n"))
        .collect();
    let done = AtomicBool::new(false);
    let (added, (statuses, slowest)) = tokio::join!(
        async {
            let t = Instant::now();
            let r = upload(&alpha, &token, &corrected).await;
            let out = (r.status(), t.elapsed());
            done.store(true, Ordering::SeqCst);
            out
        },
        keep_writing(&bravo_api, &done)
    );
    eprintln!(
        "added upload: {:?}; the other club wrote {} players meanwhile, the slowest in {slowest:?}",
        added.1,
        statuses.len()
    );
    assert_eq!(added.0, StatusCode::SEE_OTHER);
    assert_eq!(players_of(&app, "alpha"), 22_000);
}

/// A Kaiso Mitchell of six tables, five rounds of three boards, running with every round
/// started and no result entered: its 90 places, as (round, table, board).
async fn kaiso_rounds(api: Api) -> (Evening, Vec<(u64, u64, u64)>) {
    let pairs: Vec<Value> = (1..=12)
        .map(|n| json!({"kind": "pair", "players": [{"name": format!("North {n}")}, {"name": format!("South {n}")}]}))
        .collect();
    let body = json!({"name": "Kaiso Night", "date": "2026-12-01", "format": "pairs-mitchell",
                      "game": "kaiso", "tables": 6, "boards": 18});
    let (path, boards) = running(
        &api,
        body,
        &pairs,
        json!({"rounds": 5, "boards_per_round": 3}),
    )
    .await;
    let e = Evening { api, path, boards };
    let mut places = Vec::new();
    for round in 1..=5u32 {
        let started = if round == 1 {
            e.start_round(1).await
        } else {
            start_round_anyway(&e, round).await;
            let (_, v) = e.api.get(&format!("{}/rounds", e.path)).await;
            v
        };
        for t in started["tables"].as_array().unwrap() {
            for b in t["boards"].as_array().unwrap() {
                let table = t["table"].as_u64().unwrap();
                places.push((u64::from(round), table, b.as_u64().unwrap()));
            }
        }
    }
    (e, places)
}

/// With two connections in the pool, a wave of results posted at once (each checked by the
/// engine, no more at a time than the gate lets through) leaves another club's pages and
/// writes answering: the checks hold no connection, only their short reads and writes do.
#[tokio::test]
async fn a_wave_of_results_checked_at_once_on_a_pool_of_two_leaves_other_clubs_answering() {
    let app = spawn_app_with_pool(2).await;
    let alpha_api = club_api(&app, "alpha", "olive@alpha.test").await;
    let bravo = app.club_with_owner("bravo", "bea@bravo.test").await;
    let bravo_api = api_for(&app, &bravo, "bravo").await;
    let (e, places) = kaiso_rounds(alpha_api).await;
    assert_eq!(places.len(), 90);

    let done = AtomicBool::new(false);
    let wave = async {
        let t = Instant::now();
        let mut posts = tokio::task::JoinSet::new();
        for (i, &(round, table, board)) in places.iter().enumerate() {
            let summary = kaiso_game(&board_deals(&e.boards, board), 500 + i as u64);
            let mut body = serde_json::to_value(&summary).unwrap();
            body["round"] = json!(round);
            body["table"] = json!(table);
            body["board"] = json!(board);
            let (api, to) = (e.api.clone(), e.results());
            posts.spawn(async move { api.post(&to, body).await });
        }
        let answers = posts.join_all().await;
        done.store(true, Ordering::SeqCst);
        (answers, t.elapsed())
    };
    let pages = async {
        let (mut seen, mut slowest) = (0, Duration::ZERO);
        while !done.load(Ordering::SeqCst) || seen == 0 {
            let t = Instant::now();
            let (s, page) = bravo.get_text("/c/bravo/players").await;
            assert_eq!(s, StatusCode::OK, "the other club's page: {page}");
            let (s, v) = bravo_api.get("/events").await;
            assert_eq!(s, StatusCode::OK, "the other club's API: {v}");
            slowest = slowest.max(t.elapsed());
            seen += 1;
        }
        (seen, slowest)
    };
    let ((answers, took), (seen, slowest), (writes, slowest_write)) =
        tokio::join!(wave, pages, keep_writing(&bravo_api, &done));
    eprintln!(
        "90 results in {took:?}; the other club's pages answered {seen} times (slowest {slowest:?}), \
         its writes {} times (slowest {slowest_write:?})",
        writes.len()
    );
    for (s, v) in &answers {
        assert_eq!(*s, StatusCode::CREATED, "{v}");
    }
    assert_eq!(e.all_results().await.len(), 90, "each result stored once");
}

#[tokio::test]
async fn a_heat_whose_file_has_a_result_the_engine_refuses_is_refused_whole_while_others_write() {
    let app = spawn_app().await;
    let sim = two_club_sim(&app, "Winter Sim").await;
    let bravo_api = sim.e2.api.clone();
    let id1 = event_id(&sim.e1);
    let (_, html) = sim.alpha.get_text(&format!("/c/alpha/events/{id1}")).await;
    let marker = "id=\"deal-key\">";
    let at = html.find(marker).expect("the organiser sees the key") + marker.len();
    let key = html[at..].split('<').next().unwrap().trim().to_string();

    // Charlie's heat, played on a server of its own from the key, exported with it.
    let remote = spawn_app().await;
    let charlie = remote.club_with_owner("charlie", "cy@charlie.test").await;
    let charlie_api = api_for(&remote, &charlie, "charlie").await;
    let (s, ev) = charlie_api
        .post(
            "/events",
            json!({"name": "Winter Sim at Charlie", "date": "2026-12-01",
                   "format": "pairs-mitchell", "tables": 5, "boards": 5}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    let page3 = format!("/c/charlie/events/{}", ev["id"]);
    let r = charlie
        .post(&page3, &format!("{page3}/key"), &[("key", &key)])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let e3 = run_heat(charlie_api, format!("/events/{}", ev["id"])).await;
    play_all(&e3).await;
    finish(&e3).await;
    let (s, file) = charlie
        .get_text(&format!("{page3}/export.json?with_key=1"))
        .await;
    assert_eq!(s, StatusCode::OK);

    // One report edited, its totals left alone: the engine, run again on the board dealt
    // from the key, no longer gives them.
    let mut doc: Value = serde_json::from_str(&file).unwrap();
    let last = doc["results"].as_array().unwrap().len() - 1;
    let piles = doc["results"][last]["sheet"]["trick_piles"].clone();
    let (ns, ew) = (piles["NS"].as_i64().unwrap(), piles["EW"].as_i64().unwrap());
    doc["results"][last]["sheet"]["trick_piles"] = json!({"NS": ns + 4, "EW": ew - 4});
    let edited = serde_json::to_string(&doc).unwrap();

    let sim_id = sim.sim_page.trim_start_matches("/sims/").to_string();
    let token = sim.alpha.csrf(&sim.sim_page).await;
    let import = |body: String| {
        let (content_type, body) = multipart_body(
            &[("csrf_token", &token)],
            Some(("heat.json", body.as_bytes())),
        );
        sim.alpha
            .http
            .post(
                sim.alpha
                    .url(&format!("/c/alpha/sims/{sim_id}/heats/import")),
            )
            .header("content-type", content_type)
            .body(body)
            .send()
    };
    let before = counts(&app);
    let done = AtomicBool::new(false);
    let (refused, (writes, slowest)) = tokio::join!(
        async {
            let r = import(edited).await.unwrap();
            let out = (r.status(), r.text().await.unwrap());
            done.store(true, Ordering::SeqCst);
            out
        },
        keep_writing(&bravo_api, &done)
    );
    eprintln!(
        "the other club wrote {} players during the refused import, the slowest in {slowest:?}",
        writes.len()
    );
    assert_eq!(refused.0, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.1);
    assert!(refused.1.contains("does not stand"), "{}", refused.1);
    assert_eq!(counts(&app), before, "nothing of the heat was saved");

    // The file as exported goes in: the refusal left nothing in its way.
    let r = import(file).await.unwrap();
    assert_eq!(r.status(), StatusCode::SEE_OTHER, "{:?}", r.text().await);
    assert_eq!(counts(&app)[4], before[4] + 1, "the heat joined the sim");
}
