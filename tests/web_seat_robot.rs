//! A director seats a robot for a person, and gives the seat back (#39 item 4: "plays for
//! an empty seat, and takes over a seat whose player has been away"; docs/api.md "Seat a
//! robot for a person"). Through `POST /api/v1/events/{id}/seats/robot`: the listing then
//! says `robot` for the seat and keeps the person's link; the robots' threads play the seat
//! at once (a table of four such seats to its board's end, the result in by itself); the
//! person's own card is refused 409 in words while the robot plays; given back, the person
//! plays the seat's next card and no robot does. Every refusal with its status and words,
//! and the "Seats online" page's form. Named `web_*` so scripts/test.sh runs it on
//! PostgreSQL too.

mod common;

use std::time::{Duration, Instant};

use calypso_director::db;
use calypso_director::event::EventId;
use calypso_director::service::online::ROBOT_SEATED;
use common::seats::{online_draft, run_round_one};
use common::*;
use diesel::prelude::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// A Mitchell of club alpha at 2 tables, 4 pairs ("Ann n" & "Bob n"), 1 round, played
/// online, running with round 1 started; the robots' budget at its least (at the tests'
/// rate a card is 200 playouts).
async fn online_running(app: &TestApp) -> (Browser, Api, EventId) {
    let (d, api, id, page, _) = online_draft(app).await;
    {
        use db::schema::event_play as p;
        with_conn(app, |c| {
            diesel::update(p::table.find(id.get()))
                .set(p::robot_ms.eq(50))
                .execute(c)
                .unwrap()
        });
    }
    run_round_one(&d, &page).await;
    (d, api, id)
}

/// The round's seats as the director's API lists them.
async fn listed(api: &Api, id: EventId) -> Vec<Value> {
    let (s, v) = api.get(&format!("/events/{id}/seats?round=1")).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v.as_array().unwrap().clone()
}

fn seat_of<'a>(seats: &'a [Value], table: u64, seat: &str) -> &'a Value {
    seats
        .iter()
        .find(|s| s["table"] == table && s["seat"] == seat)
        .unwrap_or_else(|| panic!("table {table} {seat} in {seats:?}"))
}

fn token_of(seats: &[Value], table: u64, seat: &str) -> String {
    seat_of(seats, table, seat)["token"]
        .as_str()
        .unwrap()
        .to_string()
}

async fn robot(api: &Api, id: EventId, body: Value) -> (StatusCode, Value) {
    api.post(&format!("/events/{id}/seats/robot"), body).await
}

async fn seat_get(app: &TestApp, token: &str) -> Value {
    let r = reqwest::get(format!("{}/api/v1/seats/{token}", app.address))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    r.json().await.unwrap()
}

async fn seat_post(app: &TestApp, token: &str, card: &str, seq: u64) -> (StatusCode, Value) {
    let r = reqwest::Client::new()
        .post(format!("{}/api/v1/seats/{token}/cards", app.address))
        .json(&json!({"card": card, "seq": seq}))
        .send()
        .await
        .unwrap();
    let s = r.status();
    (s, r.json().await.unwrap())
}

fn first_legal(v: &Value) -> Option<String> {
    v["legal"]
        .as_array()
        .and_then(|l| l.first())
        .map(|c| c.as_str().unwrap().to_string())
}

/// The results stored at a table of round 1.
fn results_at(app: &TestApp, id: EventId, table: u32) -> Vec<u32> {
    with_conn(app, |c| {
        db::results::results_at(c, app.club_id("alpha"), id, 1, table).unwrap()
    })
    .iter()
    .map(|r| r.place.board)
    .collect()
}

#[tokio::test]
async fn a_robot_seated_for_a_person_plays_their_seat_refuses_their_cards_and_gives_it_back() {
    let app = spawn_app_with_robots().await;
    let (_, api, id) = online_running(&app).await;
    let before = listed(&api, id).await;
    assert!(before.iter().all(|s| s["robot"] == false), "{before:?}");
    let north = token_of(&before, 1, "N");

    // Table 1 North: a robot plays for the person. 200 with the seat as listed.
    let (s, v) = robot(
        &api,
        id,
        json!({"round": 1, "table": 1, "seat": "N", "robot": true}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let mut want = seat_of(&before, 1, "N").clone();
    want["robot"] = json!(true);
    assert_eq!(v, want, "the listing's shape, the same link, robot true");
    // Asking again changes nothing; the listing says robot, twice the same.
    let (s, again) = robot(
        &api,
        id,
        json!({"round": 1, "table": 1, "seat": "N", "robot": true}),
    )
    .await;
    assert_eq!((s, &again), (StatusCode::OK, &want));
    let after = listed(&api, id).await;
    assert_eq!(seat_of(&after, 1, "N"), &want);
    assert_eq!(
        listed(&api, id).await,
        after,
        "listing twice: the same links"
    );
    for s in &after {
        if !(s["table"] == 1 && s["seat"] == "N") {
            assert_eq!(s["robot"], false, "{s}");
        }
    }

    // The person keeps the link: its view says a robot plays, offers no card, and their
    // card is refused in words.
    let v = seat_get(&app, &north).await;
    assert_eq!(v["robot_seated"], true, "{v}");
    assert!(v.get("legal").is_none(), "{v}");
    let card = v["hand"][0].as_str().unwrap().to_string();
    let (s, e) = seat_post(&app, &north, &card, v["seq"].as_u64().unwrap()).await;
    assert_eq!(s, StatusCode::CONFLICT, "{e}");
    assert_eq!(e["error"], ROBOT_SEATED);
    // Their page says so in words and offers no card to tap.
    let (s, html) = Browser::new(&app).get_text(&format!("/seat/{north}")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        html.contains("id=\"robot-seated\">A robot plays this seat now, by the director"),
        "{html}"
    );
    assert!(!html.contains("name=\"card\""), "no card to tap: {html}");

    // Table 2: robots for all four people; they play the board to its end on their own.
    for seat in ["N", "E", "S", "W"] {
        let (s, v) = robot(
            &api,
            id,
            json!({"round": 1, "table": 2, "seat": seat, "robot": true}),
        )
        .await;
        assert_eq!((s, &v["robot"]), (StatusCode::OK, &json!(true)), "{v}");
    }

    // Table 1: East, South and West are people (the first legal card, scripted); North's
    // robot plays North's cards. Once it has, and East is to play, North is given back.
    let people: Vec<(String, String)> = ["E", "S", "W"]
        .iter()
        .map(|s| (s.to_string(), token_of(&after, 1, s)))
        .collect();
    let started = Instant::now();
    let mut given_back = false;
    let norths_turn = loop {
        assert!(
            started.elapsed() < Duration::from_secs(240),
            "table 1 stalled"
        );
        let v = seat_get(&app, &north).await;
        let to_play = v["to_play"].as_str().unwrap_or("").to_string();
        let north_played = v["trick_so_far"]
            .as_array()
            .unwrap()
            .iter()
            .chain(v["last_trick"].as_array().unwrap())
            .any(|p| p["seat"] == "N");
        if given_back && to_play == "N" {
            break v;
        }
        if !given_back && north_played && to_play == "E" {
            let (s, v) = robot(
                &api,
                id,
                json!({"round": 1, "table": 1, "seat": "N", "robot": false}),
            )
            .await;
            assert_eq!(s, StatusCode::OK, "{v}");
            assert_eq!(v, seat_of(&before, 1, "N").clone(), "robot false again");
            assert_eq!(seat_of(&listed(&api, id).await, 1, "N")["robot"], false);
            given_back = true;
        }
        let mut moved = false;
        for (seat, token) in &people {
            if to_play == *seat {
                let pv = seat_get(&app, token).await;
                if let Some(card) = first_legal(&pv) {
                    let (s, e) = seat_post(&app, token, &card, pv["seq"].as_u64().unwrap()).await;
                    assert!(
                        s == StatusCode::CREATED || s == StatusCode::CONFLICT,
                        "{s} {e}"
                    );
                    moved = true;
                }
            }
        }
        if !moved {
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
    };
    // Given back: North's turn waits for the person (the robots' threads look at once and
    // often; a second is many of their passes), and the person's card goes in.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let v = seat_get(&app, &north).await;
    assert_eq!(
        (&v["to_play"], &v["seq"]),
        (&json!("N"), &norths_turn["seq"])
    );
    assert!(v.get("robot_seated").is_none(), "{v}");
    let card = first_legal(&v).expect("North's legal cards again");
    let (s, e) = seat_post(&app, &north, &card, v["seq"].as_u64().unwrap()).await;
    assert_eq!(s, StatusCode::CREATED, "{e}");

    // Table 2's first board played to its end by the robots, its result in.
    let started = Instant::now();
    let t2 = token_of(&after, 2, "N");
    let board = seat_get(&app, &t2).await["board"].as_u64().unwrap() as u32;
    while !results_at(&app, id, 2).contains(&board) {
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "table 2's board {board} got no result: {}",
            seat_get(&app, &t2).await
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn seating_a_robot_is_refused_in_words() {
    let app = spawn_app().await;
    let (_, api, id) = online_running(&app).await;
    let path = format!("/events/{id}/seats/robot");
    let cases = [
        (
            json!({"round": 1, "table": 9, "seat": "N", "robot": true}),
            StatusCode::NOT_FOUND,
            "round 1 has no table 9",
        ),
        (
            json!({"round": 1, "table": 1, "seat": "X", "robot": true}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "\"X\" is not a seat: N, E, S or W",
        ),
        (
            json!({"round": 2, "table": 1, "seat": "N", "robot": true}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "round must be 1 to 1 (the rounds the event plans), not 2",
        ),
        (
            json!({"round": 1, "table": 1, "seat": "N", "robot": true, "board": 1}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "an online event's seat is named by round, table and seat, not by board",
        ),
    ];
    for (body, status, words) in cases {
        let (s, v) = api.post(&path, body.clone()).await;
        assert_eq!((s, v["error"].as_str()), (status, Some(words)), "{body}");
    }
    assert!(
        listed(&api, id).await.iter().all(|s| s["robot"] == false),
        "nothing changed"
    );

    // An event played at the club's tables has no seats online.
    let (s, ev) = api
        .post(
            "/events",
            json!({"name": "At the club", "date": "2026-12-01", "format": "pairs-mitchell",
                   "tables": 2, "boards": 2}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    let (s, v) = api
        .post(
            &format!("/events/{}/seats/robot", ev["id"]),
            json!({"round": 1, "table": 1, "seat": "N", "robot": true}),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .starts_with("this event is played at the club's tables"),
        "{v}"
    );

    // A robot duplicate: the entrant's own seat would leave the entry with no player; the
    // other seats are robots' already (asking for one changes nothing); giving a robot's
    // seat back is refused: nobody sits there.
    let (s, ev) = api
        .post(
            "/events",
            json!({"name": "Daylong", "date": "2026-12-01", "format": "pairs-mitchell",
                   "tables": 2, "boards": 2, "play": "robots",
                   "window": {"opens": "2026-12-01T08:00:00Z", "closes": "2026-12-01T20:00:00Z"}}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    let dup = ev["id"].as_i64().unwrap();
    let (s, v) = api
        .post(
            &format!("/events/{dup}/entries"),
            json!({"kind": "pair", "players": [{"name": "Ann"}, {"name": "Al"}]}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let dup_path = format!("/events/{dup}/seats/robot");
    let (s, v) = api
        .post(
            &dup_path,
            json!({"round": 1, "table": 1, "board": 2, "seat": "S", "robot": true}),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert_eq!(
        v["error"],
        "table 1 South is the entrant's own seat in this robot duplicate: a robot there would \
         leave the entry with no player (the other three seats are robots' already)"
    );
    let (s, v) = api
        .post(
            &dup_path,
            json!({"round": 1, "table": 1, "seat": "S", "robot": true}),
        )
        .await;
    assert_eq!(
        (s, v["error"].as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("a robot duplicate's seats are one per board: say which board")
        )
    );
    let (s, v) = api
        .post(
            &dup_path,
            json!({"round": 1, "table": 1, "board": 2, "seat": "E", "robot": true}),
        )
        .await;
    assert_eq!(
        (s, &v["robot"], &v["token"]),
        (StatusCode::OK, &json!(true), &Value::Null)
    );
    let (s, v) = api
        .post(
            &dup_path,
            json!({"round": 1, "table": 1, "board": 2, "seat": "E", "robot": false}),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert_eq!(
        v["error"],
        "nobody sits at table 1 East in round 1: a robot plays the empty seat, and there is no \
         person to give it back to"
    );

    // Another club's director: not found; no token: 401; a body with an unknown key: refused.
    let beta = app.club_with_owner("beta", "owner@beta.test").await;
    let beta_api = api_for(&app, &beta, "beta").await;
    let (s, _) = beta_api
        .post(
            &path,
            json!({"round": 1, "table": 1, "seat": "N", "robot": true}),
        )
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let r = reqwest::Client::new()
        .post(format!("{}/api/v1{path}", app.address))
        .json(&json!({"round": 1, "table": 1, "seat": "N", "robot": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    let (s, _) = api
        .post(
            &path,
            json!({"round": 1, "table": 1, "seat": "N", "robot": true, "who": "me"}),
        )
        .await;
    assert!(s.is_client_error(), "{s}");
    assert!(listed(&api, id).await.iter().all(|s| s["robot"] == false));
}

/// The page's form for table 1 East, posted ("1": seat a robot, "0": give the seat back).
async fn post_robot(d: &Browser, page: &str, action: &str, robot: &str) -> reqwest::Response {
    d.post(
        page,
        action,
        &[
            ("round", "1"),
            ("table", "1"),
            ("seat", "E"),
            ("robot", robot),
        ],
    )
    .await
}

#[tokio::test]
async fn the_seats_page_seats_a_robot_and_gives_the_seat_back() {
    let app = spawn_app().await;
    let (d, api, id) = online_running(&app).await;
    let page = format!("/c/alpha/events/{id}/seats?round=1");
    let (s, html) = d.get_text(&page).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        html.matches(">Seat a robot</button>").count(),
        8,
        "every person's seat"
    );
    assert!(!html.contains("A robot plays for them"));
    let name = seat_of(&listed(&api, id).await, 1, "E")["name"]
        .as_str()
        .unwrap()
        .to_string();
    let action = format!("/c/alpha/events/{id}/seats/robot");
    let r = post_robot(&d, &page, &action, "1").await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&r), page);
    let (_, html) = d.get_text(&page).await;
    assert!(
        html.contains(&format!(
            "Table 1 East: a robot plays for {name} from the next card."
        )),
        "the flash"
    );
    assert_eq!(html.matches("A robot plays for them").count(), 1);
    assert_eq!(html.matches(">Seat a robot</button>").count(), 7);
    assert!(html.contains(&format!(">Give back to {name}</button>")));
    assert_eq!(seat_of(&listed(&api, id).await, 1, "E")["robot"], true);

    let r = post_robot(&d, &page, &action, "0").await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, html) = d.get_text(&page).await;
    assert!(html.contains(&format!(
        "Table 1 East: {name} plays the seat again from the next card."
    )));
    assert_eq!(html.matches(">Seat a robot</button>").count(), 8);
    assert!(!html.contains("A robot plays for them"));
    assert_eq!(seat_of(&listed(&api, id).await, 1, "E")["robot"], false);
    if let Ok(dir) = std::env::var("CALYPSO_SCREENSHOTS") {
        // Seated again for the screenshots: the page with one seat given to a robot, as the
        // director's browser gets it (saved with a <base> at this server, so its styles
        // load), at a phone's width and a laptop's.
        post_robot(&d, &page, &action, "1").await;
        let (_, html) = d.get_text(&page).await;
        let html = html.replacen(
            "<head>",
            &format!("<head><base href=\"{}/\">", app.address),
            1,
        );
        let file = format!("{dir}/seats.html");
        std::fs::write(&file, html).unwrap();
        for width in [390, 1280] {
            let (file, out) = (file.clone(), format!("{dir}/seats-{width}.png"));
            let ran = tokio::task::spawn_blocking(move || {
                std::process::Command::new("chromium")
                    .args([
                        "--headless",
                        "--no-sandbox",
                        "--hide-scrollbars",
                        &format!("--screenshot={out}"),
                        &format!("--window-size={width},1800"),
                        &format!("file://{file}"),
                    ])
                    .output()
            })
            .await
            .unwrap();
            assert!(ran.is_ok_and(|o| o.status.success()), "chromium ran");
        }
    }
}
