//! Replay a board against robots (#39 item 6c). Before the hand records are released the
//! deal viewer offers no practice table and a post is refused in words, with nothing made;
//! after release any visitor (no login) makes one from the board page, plays their seat's
//! cards (the page's form, then the seat API) while the robots' threads play the other three
//! seats, and the end shows the table's net beside the field's nets on the board and the
//! robot par, while the event's results, standings, traveller, the director's grid and the
//! event's version stay as they were. The club's practice tables are bounded. Named `web_*`
//! so scripts/test.sh runs it on PostgreSQL too.

mod common;

use std::time::{Duration, Instant};

use calypso_director::db;
use calypso_director::event::EventId;
use calypso_director::event::par::signed;
use calypso_director::event::practice::MOST_PER_CLUB;
use calypso_director::event::results::BoardOutcome;
use common::shots::screenshot;
use common::*;
use diesel::prelude::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

fn practice_count(app: &TestApp) -> i64 {
    use db::schema::practice_tables as p;
    with_conn(app, |c| p::table.count().get_result(c).unwrap())
}

fn version(app: &TestApp, id: EventId) -> i64 {
    use db::schema::events as e;
    with_conn(app, |c| {
        e::table.find(id.get()).select(e::version).first(c).unwrap()
    })
}

/// [`finished_evening`] with its hand records released by the director (303): the event's
/// page and id.
async fn released_evening(app: &TestApp, d: &Browser) -> (String, EventId) {
    let (page, id, _) = finished_evening(app, d).await;
    let r = d
        .post(&page, &format!("{page}/release"), &[("confirm", "yes")])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    (page, id)
}

/// The event's first board with results, and its field's nets as the traveller writes them
/// (N-S less E-W), lowest first.
fn board_and_nets(app: &TestApp, id: EventId) -> (u32, Vec<i64>) {
    let results = with_conn(app, |c| {
        db::results::results_of(c, app.club_id("alpha"), id).unwrap()
    });
    let board = results.iter().map(|r| r.place.board).min().unwrap();
    let mut nets: Vec<i64> = results
        .iter()
        .filter(|r| r.place.board == board && r.values.outcome == BoardOutcome::Played)
        .map(|r| i64::from(r.values.scores.majors) - i64::from(r.values.scores.minors))
        .collect();
    nets.sort_unstable();
    (board, nets)
}

/// The traveller section of a board page.
fn traveller_of(html: &str) -> String {
    let start = html.find("id=\"traveller\"").expect("the traveller");
    let end = html[start..]
        .find("</section>")
        .map_or(html.len(), |e| start + e);
    html[start..end].to_string()
}

async fn seat_view(app: &TestApp, token: &str) -> Value {
    let r = reqwest::get(format!("{}/api/v1/seats/{token}", app.address))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    r.json().await.unwrap()
}

/// Robots' thinking kept tiny for the test (a direct update: the setting is the server's).
fn small_robots(app: &TestApp) {
    use db::schema::practice_tables as p;
    with_conn(app, |c| {
        diesel::update(p::table)
            .set(p::robot_ms.eq(1))
            .execute(c)
            .unwrap()
    });
}

#[tokio::test]
async fn before_release_no_practice_table_is_offered_or_made() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let (page, id, _) = finished_evening(&app, &d).await;
    let (board, _) = board_and_nets(&app, id);
    let board_page = format!("{page}/boards/{board}");
    // The director sees the board before release, but no form: the public cannot yet.
    let (s, html) = d.get_text(&board_page).await;
    assert_eq!(s, StatusCode::OK);
    assert!(!html.contains("Play this board against robots"), "{html}");
    // A visitor posting anyway (with the site's CSRF token) is refused in words.
    let visitor = Browser::new(&app);
    let r = visitor
        .post(
            "/login",
            &format!("{board_page}/practice"),
            &[("seat", "S")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let body = r.text().await.unwrap();
    assert!(
        body.contains("once the event&#39;s hand records are released")
            || body.contains("once the event's hand records are released"),
        "{body}"
    );
    // Nor may the director make one before the public may.
    let r = d
        .post(&page, &format!("{board_page}/practice"), &[("seat", "N")])
        .await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    assert_eq!(practice_count(&app), 0, "no practice table made");
}

#[tokio::test]
async fn after_release_a_visitor_plays_a_board_against_robots_and_sees_their_net_beside_the_fields()
{
    let app = spawn_app_with_robots().await;
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let (page, id) = released_evening(&app, &d).await;
    // The release's flash message is shown once: seen here, so the grid compares as it is.
    d.get_text(&page).await;
    let (board, field) = board_and_nets(&app, id);
    assert!(!field.is_empty());
    let board_page = format!("{page}/boards/{board}");

    // What the event shows before.
    let visitor = Browser::new(&app);
    let (_, before_board) = visitor.get_text(&board_page).await;
    let (_, before_standings) = visitor.get_text(&format!("{page}/standings")).await;
    let (_, before_grid) = d.get_text(&format!("{page}/results")).await;
    let before_results = with_conn(&app, |c| {
        db::results::results_of(c, app.club_id("alpha"), id).unwrap()
    });
    let before_version = version(&app, id);

    // The form is offered to a visitor with no login, the seats in the game's words.
    assert!(
        before_board.contains("Play this board against robots"),
        "{before_board}"
    );
    assert!(
        before_board.contains("South ♥"),
        "the seat's trump suit shown"
    );
    let r = visitor
        .post(
            &board_page,
            &format!("{board_page}/practice"),
            &[("seat", "S")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let seat_page = location(&r);
    assert!(seat_page.starts_with("/seat/"), "{seat_page}");
    let token = seat_page.trim_start_matches("/seat/").to_string();
    small_robots(&app);
    let (s, html) = visitor.get_text(&seat_page).await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("Practice against robots"), "{html}");

    // South plays: the first card through the page's form, the rest through the seat API.
    let deadline = Instant::now() + Duration::from_secs(600);
    let mut by_page = true;
    let mut played = 0;
    let end = loop {
        assert!(Instant::now() < deadline, "the board did not end in time");
        let v = seat_view(&app, &token).await;
        if v["over"] == json!(true) {
            break v;
        }
        if v["to_play"] != json!("S") {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        }
        let card = v["legal"][0].as_str().unwrap().to_string();
        let seq = v["seq"].as_u64().unwrap().to_string();
        if by_page {
            let r = visitor
                .post(
                    &seat_page,
                    &format!("{seat_page}/cards"),
                    &[("card", &card), ("seq", &seq)],
                )
                .await;
            assert_eq!(r.status(), StatusCode::SEE_OTHER, "the page's card");
            by_page = false;
        } else {
            let r = reqwest::Client::new()
                .post(format!("{}/api/v1/seats/{token}/cards", app.address))
                .json(&json!({"card": card, "seq": seq.parse::<u64>().unwrap()}))
                .send()
                .await
                .unwrap();
            assert_eq!(r.status(), StatusCode::CREATED, "the seat API's card");
        }
        played += 1;
    };
    assert_eq!(
        played, 52,
        "South played a quarter of the board's 208 cards"
    );
    // The engine's score at the end, from the seat's view: N-S less E-W.
    let side = |name: &str| end["score"]["sides"][name]["points"].as_i64().unwrap();
    let net = side("NS") - side("EW");

    // The table page at the end: the net, the field's nets and the par's line.
    let (_, html) = visitor.get_text(&seat_page).await;
    assert!(html.contains(&format!("net {}", signed(net))), "{html}");
    for n in &field {
        assert!(html.contains(&signed(*n)), "the field's net {n}: {html}");
    }
    assert!(html.contains("No robot par yet."), "{html}");
    // The practice table's own page, linked from the board page.
    let (_, board_html) = visitor.get_text(&board_page).await;
    assert!(board_html.contains("Played against robots"), "{board_html}");
    let link_at = board_html.find(&format!("{board_page}/practice/")).unwrap();
    let link: String = board_html[link_at..]
        .chars()
        .take_while(|c| *c != '"')
        .collect();
    let (s, own) = visitor.get_text(&link).await;
    assert_eq!(s, StatusCode::OK);
    assert!(own.contains(&format!("net {}", signed(net))), "{own}");
    assert!(own.contains("The engine&#39;s score") || own.contains("The engine's score"));
    assert!(own.contains("South (N-S ♠♥)"), "{own}");

    // `CALYPSO_SCREENSHOTS=dir`: the end on the table page and its own page, at 390 and
    // 1280 px (chromium run off the server's thread, which keeps serving).
    for (name, path) in [
        ("table", &seat_page),
        ("own", &link),
        ("board", &board_page),
    ] {
        for width in [390, 1280] {
            screenshot(
                &app,
                path,
                &format!("practice-{name}-{width}"),
                (width, 2000),
            )
            .await;
        }
    }

    // The event is as it was: its results, standings, traveller and grid, and its version.
    let after_results = with_conn(&app, |c| {
        db::results::results_of(c, app.club_id("alpha"), id).unwrap()
    });
    assert_eq!(before_results, after_results);
    let (_, after_standings) = visitor.get_text(&format!("{page}/standings")).await;
    assert_eq!(before_standings, after_standings);
    assert_eq!(traveller_of(&before_board), traveller_of(&board_html));
    let (_, after_grid) = d.get_text(&format!("{page}/results")).await;
    assert_eq!(before_grid, after_grid);
    assert_eq!(
        before_version,
        version(&app, id),
        "a practice table's cards do not move the event's version"
    );
}

#[tokio::test]
async fn a_clubs_practice_tables_are_bounded_and_reclaimed() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let (page, id) = released_evening(&app, &d).await;
    let (board, _) = board_and_nets(&app, id);
    let practice = format!("{page}/boards/{board}/practice");
    let visitor = Browser::new(&app);
    for _ in 0..MOST_PER_CLUB {
        let r = visitor.post("/login", &practice, &[("seat", "E")]).await;
        assert_eq!(r.status(), StatusCode::SEE_OTHER);
    }
    assert_eq!(practice_count(&app), MOST_PER_CLUB as i64);
    // One more while every one is in play: refused in words, nothing made.
    let r = visitor.post("/login", &practice, &[("seat", "E")]).await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    let body = r.text().await.unwrap();
    assert!(body.contains("try again in a few minutes"), "{body}");
    assert_eq!(practice_count(&app), MOST_PER_CLUB as i64);
    // A seat the game has not, or none: refused in words.
    let r = visitor.post("/login", &practice, &[("seat", "X")]).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);

    use db::schema::practice_tables as p;
    // One finished: the next one takes its place (its cards and seats go with it).
    let first: i32 = with_conn(&app, |c| {
        p::table.select(p::id).order(p::id.asc()).first(c).unwrap()
    });
    with_conn(&app, |c| {
        diesel::update(p::table.find(first))
            .set(p::finished_at.eq(Some(app.now())))
            .execute(c)
            .unwrap()
    });
    let r = visitor.post("/login", &practice, &[("seat", "E")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(practice_count(&app), MOST_PER_CLUB as i64);
    let links_of_first: i64 = with_conn(&app, |c| {
        use db::schema::seat_links as l;
        l::table
            .filter(l::round.eq(0))
            .filter(l::table_number.eq(first))
            .count()
            .get_result(c)
            .unwrap()
    });
    assert_eq!(
        links_of_first, 0,
        "the reclaimed table's seats went with it"
    );
    // Older than a day: deleted when any new one is made, abandoned or not.
    let second: i32 = with_conn(&app, |c| {
        p::table.select(p::id).order(p::id.asc()).first(c).unwrap()
    });
    let old = app.now() - chrono::Duration::hours(25);
    with_conn(&app, |c| {
        diesel::update(p::table.filter(p::id.ne(second)))
            .set(p::created_at.eq(old))
            .execute(c)
            .unwrap()
    });
    let r = visitor.post("/login", &practice, &[("seat", "E")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(practice_count(&app), 2, "the day-old tables are gone");
    // None of it shows in the director's seats listing or counts as the event's links.
    let event_links: i64 = with_conn(&app, |c| {
        use db::schema::seat_links as l;
        l::table
            .filter(l::event_id.eq(id.get()))
            .filter(l::round.ne(0))
            .count()
            .get_result(c)
            .unwrap()
    });
    assert_eq!(event_links, 0);
}
