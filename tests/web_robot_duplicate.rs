//! The robot duplicate end to end (#39 item 6b): three entrants each play the event's
//! boards through the seat API against robots (the person's card scripted: the first legal
//! one), the results go in by themselves; until the window closes no score reaches anyone
//! but the club's directors (standings, travellers, scorecards, the event page); after it
//! closes the director finishes, the board an entrant left unplayed is ruled average-minus,
//! and the standings are the matchpoints this test works out from the stored scores. Named
//! `web_*` so scripts/test.sh runs it on PostgreSQL too.

mod common;

use std::time::{Duration, Instant};

use calypso_director::db;
use calypso_director::event::EventId;
use calypso_director::event::results::{BoardOutcome, TableResult};
use calypso_director::scoring::Adjusted;
use common::seats::{seat_get, seat_post};
use common::shots::screenshot;
use common::*;
use diesel::prelude::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// A robot duplicate of club alpha ("Daylong": 2 boards, its window open from an hour ago
/// for two hours more) with a pair entry for each of `pairs`, started (ready, then
/// running): its id.
async fn daylong(app: &TestApp, api: &Api, pairs: &[(&str, &str)]) -> i64 {
    let opens = app.now() - chrono::Duration::hours(1);
    let closes = app.now() + chrono::Duration::hours(2);
    let t = |x: chrono::NaiveDateTime| x.format("%Y-%m-%dT%H:%M:%SZ").to_string();
    let (s, ev) = api
        .post(
            "/events",
            json!({"name": "Daylong", "date": "2026-12-01", "format": "pairs-mitchell",
                   "tables": 2, "boards": 2, "play": "robots",
                   "window": {"opens": t(opens), "closes": t(closes)}}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    let id = ev["id"].as_i64().unwrap();
    api.enter_pairs(id, pairs).await;
    // Start: ready, then running (round 1, the plan made from the entries: no movement).
    for to in ["ready", "running"] {
        let (s, v) = api
            .post(&format!("/events/{id}/status"), json!({"to": to}))
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    id
}

/// The seat's view, read as an entrant's program reads it (200).
async fn seat_view(app: &TestApp, token: &str) -> Value {
    let (s, v) = seat_get(app, token).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v
}

fn results(app: &TestApp, id: EventId) -> Vec<TableResult> {
    with_conn(app, |c| {
        db::results::results_of(c, app.club_id("alpha"), id).unwrap()
    })
}

/// The robots' budget, written directly: a test's tiny budget is below the setting's bounds.
fn tiny_robots(app: &TestApp, id: EventId) {
    use db::schema::event_play as p;
    with_conn(app, |c| {
        diesel::update(p::table.find(id.get()))
            .set(p::robot_ms.eq(2))
            .execute(c)
            .unwrap()
    });
}

/// One entrant's person at South of one board: its seat link, and how many of its cards
/// it plays before leaving the board (None: to the end).
struct Seat {
    token: String,
    table: u64,
    board: u64,
    stop_after: Option<u32>,
    played: u32,
}

fn fmt2(x: f64) -> String {
    format!("{x:.2}")
}

/// Matchpoints on the 2-1 scale as the scoring module gives them: each scored result 2 per
/// entrant beaten and 1 per tie, factored by Neuberg when some of the `expected` results
/// are adjusted ((E/A)(s+1)-1); an adjusted result its percentage of the top 2(E-1).
fn board_matchpoints(values: &[(u64, Option<i64>, f64)], expected: usize) -> Vec<(u64, f64)> {
    let top = 2.0 * (expected as f64 - 1.0);
    let scored: Vec<i64> = values.iter().filter_map(|(_, v, _)| *v).collect();
    let a = scored.len() as f64;
    values
        .iter()
        .map(|(t, v, pct)| match v {
            Some(v) => {
                let beaten = scored.iter().filter(|x| *x < v).count() as f64;
                let ties = scored.iter().filter(|x| *x == v).count() as f64 - 1.0;
                let raw = 2.0 * beaten + ties;
                (*t, (expected as f64 / a) * (raw + 1.0) - 1.0)
            }
            None => (*t, pct / 100.0 * top),
        })
        .collect()
}

/// A screenshot of a page at 390 px when CALYPSO_SCREENSHOTS names a folder (to look at).
async fn shot(app: &TestApp, path: &str, name: &str) {
    screenshot(app, path, name, (390, 2600)).await;
}

#[tokio::test]
async fn three_entrants_play_against_robots_sealed_until_the_window_closes_then_matchpointed() {
    let app = spawn_app_with_robots().await;
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let api = api_for(&app, &d, "alpha").await;
    let id = daylong(&app, &api, &[("Ann", "Al"), ("Bea", "Bo"), ("Cy", "Cal")]).await;
    let event = EventId::new(id as i32);
    tiny_robots(&app, event);
    let (_, v) = api.get(&format!("/events/{id}")).await;
    assert_eq!(v["status"], "running", "{v}");
    let (s, listed) = api.get(&format!("/events/{id}/seats?round=1")).await;
    assert_eq!(s, StatusCode::OK, "{listed}");
    let mut seats: Vec<Seat> = listed
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["seat"] == "S")
        .map(|s| {
            let (table, board) = (s["table"].as_u64().unwrap(), s["board"].as_u64().unwrap());
            Seat {
                token: s["token"].as_str().unwrap().to_string(),
                table,
                board,
                // Entrant 3 leaves its board 2 after three cards: played partly.
                stop_after: (table == 3 && board == 2).then_some(3),
                played: 0,
            }
        })
        .collect();
    seats.sort_by_key(|s| (s.table, s.board));
    assert_eq!(seats.len(), 6, "3 entrants × 2 boards");

    // Each entrant plays its boards in order, all three at once, against the robots.
    let started = Instant::now();
    loop {
        let mut busy = false;
        for table in 1..=3u64 {
            // The entrant's first board not done (finished, or left).
            let Some(i) = (0..seats.len()).find(|&i| {
                let s = &seats[i];
                s.table == table
                    && s.stop_after.is_none_or(|n| s.played < n)
                    && !results(&app, event).iter().any(|r| {
                        u64::from(r.place.table) == table && u64::from(r.place.board) == s.board
                    })
            }) else {
                continue;
            };
            busy = true;
            let view = seat_view(&app, &seats[i].token).await;
            if view["over"] == true || view["to_play"] != "S" {
                continue;
            }
            let card = view["legal"][0].as_str().unwrap().to_string();
            let (s, v) = seat_post(
                &app,
                &seats[i].token,
                json!({"card": card, "seq": view["seq"].as_i64().unwrap()}),
            )
            .await;
            assert_eq!(s, StatusCode::CREATED, "{v}");
            seats[i].played += 1;
        }
        if !busy {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(900),
            "the entrants' boards are not done after 900 s"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // Five boards went in by themselves; entrant 3's board 2 is played partly.
    let stored = results(&app, event);
    let mut places: Vec<(u32, u32)> = stored
        .iter()
        .map(|r| (r.place.table, r.place.board))
        .collect();
    places.sort();
    assert_eq!(places, vec![(1, 1), (1, 2), (2, 1), (2, 2), (3, 1)]);
    assert!(
        stored
            .iter()
            .all(|r| r.entered_by.starts_with("online table"))
    );
    let partly = with_conn(&app, |c| {
        db::online::moves_of(
            c,
            db::online::OnlineBoard {
                event,
                round: 1,
                table: 3,
                board: 2,
            },
        )
        .unwrap()
        .len()
    });
    assert!(partly >= 3, "cards in the log of the board left: {partly}");

    // Before the window closes: nobody but the club's directors sees a score.
    let names = ["Ann", "Bea", "Cy"];
    let anonymous = Browser::new(&app);
    let other = app.club_with_owner("beta", "owner@beta.test").await;
    for who in [&anonymous, &other] {
        let (s, csv) = who
            .get_text(&format!("/c/alpha/events/{id}/standings.csv"))
            .await;
        assert_eq!(s, StatusCode::OK);
        for n in names {
            assert!(!csv.contains(n), "sealed standings name {n}: {csv}");
        }
        let (_, page) = who
            .get_text(&format!("/c/alpha/events/{id}/travellers.csv"))
            .await;
        for n in names {
            assert!(!page.contains(n), "sealed travellers name {n}: {page}");
        }
        let (_, page) = who
            .get_text(&format!("/c/alpha/events/{id}/standings"))
            .await;
        assert!(!page.contains('%'), "no percentage while sealed");
        // The heading says where the window stands, not "After round 0 of 1".
        assert!(
            page.contains("Robot duplicate: entrants play until ")
                && page.contains("results are sealed until the window closes"),
            "{page}"
        );
        assert!(!page.contains("After round"), "{page}");
        assert!(
            !page.contains("rovisional"),
            "nothing shown to be provisional: {page}"
        );
        let (s, page) = who
            .get_text(&format!("/c/alpha/events/{id}/travellers"))
            .await;
        assert_eq!(s, StatusCode::OK);
        for n in names {
            assert!(
                !page.contains(n),
                "sealed travellers page names {n}: {page}"
            );
        }
        assert!(
            page.contains(
                "id=\"travellers-sealed\">Every board's travellers are shown once the window closes"
            ) && page.contains("Robot duplicate: entrants play until "),
            "the travellers say why they are empty: {page}"
        );
        assert!(!page.contains("rovisional"), "{page}");
        let (s, page) = who.get_text(&format!("/c/alpha/events/{id}")).await;
        assert_eq!(s, StatusCode::OK);
        assert!(page.contains("Robot duplicate"), "the page says so");
        assert!(
            page.contains("Every board&#39;s results are sealed until the window closes.")
                && !page.contains("provisional while play goes on"),
            "the event page's banner: {page}"
        );
        assert!(
            page.contains("3 of 3 entrants have played; 5 of 6 boards finished"),
            "counts only"
        );
        assert!(page.contains("hidden until the window closes"));
        assert!(
            page.contains("5 more results are shown once the window closes")
                && !page.contains("once every table has played"),
            "held back until the close, in words: {page}"
        );
        assert!(
            !page.contains("Boards finished"),
            "each entrant's: directors only"
        );
        for r in &stored {
            assert!(
                !page.contains(&format!(">{}<", r.values.scores.majors)),
                "no score on the event page"
            );
        }
    }
    shot(
        &app,
        &format!("/c/alpha/events/{id}"),
        "robot-duplicate-sealed",
    )
    .await;
    shot(
        &app,
        &format!("/c/alpha/events/{id}/standings"),
        "robot-duplicate-standings-sealed",
    )
    .await;
    // The club's directors see everything, through the pages and the API.
    let (_, csv) = d
        .get_text(&format!("/c/alpha/events/{id}/standings.csv"))
        .await;
    for n in names {
        assert!(csv.contains(n), "the director's standings name {n}: {csv}");
    }
    let (_, page) = d.get_text(&format!("/c/alpha/events/{id}")).await;
    assert!(
        page.contains("Boards finished") && page.contains("1 of 2"),
        "{page}"
    );
    let (_, page) = d.get_text(&format!("/c/alpha/events/{id}/standings")).await;
    assert!(
        page.contains("until then these results are sealed from everyone but the club"),
        "{page}"
    );
    assert!(!page.contains("After round"), "{page}");
    let (s, v) = api.get(&format!("/events/{id}/standings")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["standings"].as_array().unwrap().len(), 3, "{v}");
    assert_eq!(v["boards"].as_array().unwrap().len(), 2);
    // The director may not finish while the window is open.
    let (s, v) = api
        .post(&format!("/events/{id}/status"), json!({"to": "finished"}))
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("window is open until"),
        "{v}"
    );

    // The window closes (the room clock moves past it): a card is refused, the director
    // finishes, and the board left unplayed is ruled.
    app.advance_clock(3 * 3600);
    let left = seats.iter().find(|s| s.table == 3 && s.board == 2).unwrap();
    let view = seat_view(&app, &left.token).await;
    let (s, v) = seat_post(
        &app,
        &left.token,
        json!({"card": "AS", "seq": view["seq"].as_i64().unwrap()}),
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("window closed"),
        "{v}"
    );
    let (s, v) = api
        .post(&format!("/events/{id}/status"), json!({"to": "finished"}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let stored = results(&app, event);
    assert_eq!(
        stored.len(),
        6,
        "every planned board has a result or a ruling"
    );
    let ruled = stored
        .iter()
        .find(|r| (r.place.table, r.place.board) == (3, 2))
        .unwrap();
    assert_eq!(ruled.values.outcome, BoardOutcome::NotPlayed);
    assert_eq!(ruled.values.adjusted.majors, Some(Adjusted::AveMinus));
    assert_eq!(ruled.values.adjusted.minors, Some(Adjusted::Ave));

    // The standings: matchpoints worked here from the stored scores (net, N-S against the
    // robots), the entrants only.
    let (_, v) = api.get(&format!("/events/{id}/standings")).await;
    assert_eq!(v["compare"], "net", "{v}");
    assert_eq!(v["scale"], "2-1", "{v}");
    let mut total: std::collections::BTreeMap<u64, f64> = Default::default();
    for board in 1..=2u32 {
        let on: Vec<(u64, Option<i64>, f64)> = stored
            .iter()
            .filter(|r| r.place.board == board)
            .map(|r| {
                let net = (r.values.outcome == BoardOutcome::Played)
                    .then(|| i64::from(r.values.scores.majors) - i64::from(r.values.scores.minors));
                let pct = r.values.adjusted.majors.map_or(0.0, |a| a.percent());
                (u64::from(r.place.table), net, pct)
            })
            .collect();
        for (t, mp) in board_matchpoints(&on, 3) {
            *total.entry(t).or_default() += mp;
        }
    }
    let standings = v["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 3, "the robots are not ranked: {v}");
    for s in standings {
        let pair = s["pair"].as_u64().unwrap();
        assert!((1..=3).contains(&pair), "{s}");
        assert_eq!(s["field"], "majors");
        let want = 100.0 * total[&pair] / 8.0;
        assert_eq!(
            fmt2(s["percent"].as_f64().unwrap()),
            fmt2(want),
            "pair {pair}: {v}"
        );
    }
    // And now everyone sees them, under the window's close.
    let (_, page) = anonymous
        .get_text(&format!("/c/alpha/events/{id}/standings"))
        .await;
    assert!(
        page.contains("Robot duplicate: the window closed at "),
        "{page}"
    );
    assert!(
        !page.contains("After round") && page.contains('%'),
        "{page}"
    );
    shot(
        &app,
        &format!("/c/alpha/events/{id}/standings"),
        "robot-duplicate-standings-closed",
    )
    .await;
    let (_, csv) = anonymous
        .get_text(&format!("/c/alpha/events/{id}/standings.csv"))
        .await;
    for n in names {
        assert!(
            csv.contains(n),
            "the public standings name {n} once closed: {csv}"
        );
    }
}

#[tokio::test]
async fn a_result_at_the_plans_place_is_accepted_and_a_place_outside_it_is_refused() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let api = api_for(&app, &d, "alpha").await;
    let id = daylong(&app, &api, &[("Ann", "Al"), ("Bea", "Bo")]).await;
    // A director's ruling at (1, entry 2, board 2): the plan's place.
    let (s, v) = api
        .post(
            &format!("/events/{id}/results/adjust"),
            json!({"round": 1, "table": 2, "board": 2, "not_played": true,
                   "majors": "ave", "minors": "ave", "reason": "a test"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["majors"], 2, "entry 2 sits N-S: {v}");
    assert_eq!(v["minors"], Value::Null, "the robots are no entry: {v}");
    // No table 3 (no entry 3), no round 2.
    for (round, table) in [(1, 3), (2, 1)] {
        let (s, v) = api
            .post(
                &format!("/events/{id}/results/adjust"),
                json!({"round": round, "table": table, "board": 1, "not_played": true,
                       "reason": "a test"}),
            )
            .await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{round} {table}: {v}");
    }
}

/// The first card of a view's hand, and the view's seq.
fn any_card(view: &Value) -> (String, i64) {
    let hand = view["hand"].as_array().unwrap();
    (
        hand[0].as_str().unwrap().to_string(),
        view["seq"].as_i64().unwrap(),
    )
}

/// The robots serve only a table's first unfinished board (a robot duplicate's table is the
/// entrant's), so an entrant plays their boards in order: a later board's link says which
/// board to play now, on the page (with that board's link) and in the seat API's view (no
/// legal cards), and a card posted there is refused 409 with those words, by the API and
/// by the page, until the board before is finished; then the later board plays.
#[tokio::test]
async fn boards_in_order_a_later_boards_card_is_refused_until_the_board_before_is_finished() {
    let app = spawn_app_with_robots().await;
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let api = api_for(&app, &d, "alpha").await;
    let id = daylong(&app, &api, &[("Ann", "Al")]).await;
    let event = EventId::new(id as i32);
    tiny_robots(&app, event);
    let (s, listed) = api.get(&format!("/events/{id}/seats?round=1")).await;
    assert_eq!(s, StatusCode::OK, "{listed}");
    let link = |board: u64| {
        listed
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["seat"] == "S" && s["board"] == board)
            .unwrap_or_else(|| panic!("board {board}'s link: {listed}"))["token"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let (one, two) = (link(1), link(2));
    let board_2_cards = || {
        with_conn(&app, |c| {
            db::online::moves_of(
                c,
                db::online::OnlineBoard {
                    event,
                    round: 1,
                    table: 1,
                    board: 2,
                },
            )
            .unwrap()
            .len()
        })
    };

    // Board 2's link opened first: its view says to play board 1 first, and offers no card.
    let later = seat_view(&app, &two).await;
    assert_eq!(later["board"], 2, "{later}");
    assert_eq!(later["play_first"]["board"], 1, "{later}");
    assert_eq!(
        later["play_first"]["message"],
        "Play board 1 first: the robots play an entrant's boards in order, and board 1 is not \
         finished",
        "{later}"
    );
    assert!(later.get("legal").is_none(), "no card to play now: {later}");
    // A card there is refused, whoever's turn it is, and nothing is stored.
    let (card, seq) = any_card(&later);
    let (s, v) = seat_post(&app, &two, json!({"card": card, "seq": seq})).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .starts_with("play board 1 first: the robots play"),
        "{v}"
    );
    // The page says so, with board 1's link, and refuses the card in the same words.
    let b = Browser::new(&app);
    let (s, page) = b.get_text(&format!("/seat/{two}")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("Play board 1 first"), "{page}");
    assert!(page.contains(&format!("href=\"/seat/{one}\"")), "{page}");
    let seq_text = seq.to_string();
    let r = b
        .post(
            &format!("/seat/{two}"),
            &format!("/seat/{two}/cards"),
            &[("card", card.as_str()), ("seq", seq_text.as_str())],
        )
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    let page = r.text().await.unwrap();
    assert!(page.contains("Play board 1 first"), "{page}");
    assert_eq!(board_2_cards(), 0, "no card of board 2 stored");
    shot(&app, &format!("/seat/{two}"), "robot-duplicate-play-first").await;

    // Board 1 played to its end (the person's first legal card each turn).
    let started = Instant::now();
    loop {
        let view = seat_view(&app, &one).await;
        assert!(view.get("play_first").is_none(), "board 1 is the board now");
        if view["over"] == true {
            break;
        }
        if view["to_play"] == "S" {
            let card = view["legal"][0].as_str().unwrap().to_string();
            let (s, v) = seat_post(
                &app,
                &one,
                json!({"card": card, "seq": view["seq"].as_i64().unwrap()}),
            )
            .await;
            assert_eq!(s, StatusCode::CREATED, "{v}");
        }
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "board 1 not over after 600 s"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // Now board 2 is the board to play: no word of another, and its cards go in.
    let started = Instant::now();
    loop {
        let view = seat_view(&app, &two).await;
        assert!(view.get("play_first").is_none(), "{view}");
        if view["to_play"] == "S" {
            let card = view["legal"][0].as_str().unwrap().to_string();
            let (s, v) = seat_post(
                &app,
                &two,
                json!({"card": card, "seq": view["seq"].as_i64().unwrap()}),
            )
            .await;
            assert_eq!(s, StatusCode::CREATED, "{v}");
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the robots did not reach South's turn on board 2"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(board_2_cards() >= 1);
    let (_, page) = b.get_text(&format!("/seat/{two}")).await;
    assert!(!page.contains("Play board 1 first"), "{page}");
}
