//! The movement form shows the numbers it will use before anything is saved, and a Mitchell
//! left to the usual plays every pair against every opposing pair (#21, item 10).

mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::json;

/// A draft Mitchell at five tables with `pairs` pairs entered; its page.
async fn five_tables(d: &Browser, name: &str, pairs: u32) -> String {
    let r = d
        .post(
            "/c/alpha/events/new",
            "/c/alpha/events",
            &event_fields(name),
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let page = location(&r);
    enter_pairs(d, &format!("{page}/entries"), pairs, "North", "South").await;
    page
}

#[tokio::test]
async fn the_movement_form_shows_its_numbers_and_five_tables_play_five_rounds() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let page = five_tables(&d, "Full Mitchell", 10).await;
    let movement = format!("{page}/movement");

    // Before anything is made, the form says what empty fields will make.
    let (status, body) = d.get_text(&movement).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("No movement yet"), "{body}");
    assert!(
        body.contains("What it will be, with the 10 entries now"),
        "{body}"
    );
    for shown in [
        "<dt>Movement</dt><dd>Mitchell</dd>",
        "<dt>Tables</dt><dd>5</dd>",
        "<dt>Rounds</dt><dd>5</dd>",
        "<dt>Boards a round</dt><dd>1</dd>",
        "<dt>Boards in all</dt><dd>5</dd>",
        "<dt>Pairs</dt><dd>10</dd>",
        "Every pair meets every opposing pair. Nobody sits out.",
        "(empty: 5; at most 5)",
        "placeholder=\"5\" max=\"5\"",
    ] {
        assert!(body.contains(shown), "{shown}: {body}");
    }

    // "Show the numbers" shows what typed options make, and saves nothing.
    let r = d
        .post(
            &movement,
            &movement,
            &[("rounds", "3"), ("boards_per_round", "2"), ("preview", "1")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let body = r.text().await.unwrap();
    assert!(body.contains("<dt>Rounds</dt><dd>3</dd>"), "{body}");
    assert!(body.contains("<dt>Boards in all</dt><dd>10</dd>"), "{body}");
    assert!(body.contains("Each pair meets 3 of the 5 opposing pairs"));
    assert!(body.contains("value=\"3\"") && body.contains("No movement yet"));
    // Options the tables cannot take: the generator's words, still nothing saved.
    let r = d
        .post(&movement, &movement, &[("rounds", "9"), ("preview", "1")])
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let body = r.text().await.unwrap();
    assert!(
        body.contains(
            "Not with these entries and options: mitchell at 5 tables has at most 5 rounds"
        ),
        "{body}"
    );

    // Made with the fields empty: five rounds, every pair meets every opposing pair.
    let r = d.post(&movement, &movement, &[]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, body) = d.get_text(&movement).await;
    assert!(
        body.contains("Movement ready: 5 rounds at 5 tables, 5 boards."),
        "{body}"
    );
    for pair in 6..=10 {
        let met: std::collections::BTreeSet<&str> = body
            .split(&format!("<strong>{pair}</strong>"))
            .nth(1)
            .unwrap()
            .split("</ul>")
            .next()
            .unwrap()
            .split("against ")
            .skip(1)
            .map(|s| s.split(',').next().unwrap())
            .collect();
        assert_eq!(met.len(), 5, "pair {pair} meets {met:?}");
    }
}

#[tokio::test]
async fn an_odd_number_of_pairs_shows_who_sits_out_and_the_api_takes_the_same_default() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let page = five_tables(&d, "Phantom Mitchell", 9).await;
    let (_, body) = d.get_text(&format!("{page}/movement")).await;
    assert!(body.contains("<dt>Pairs</dt><dd>9</dd>"), "{body}");
    assert!(
        body.contains(
            "Pair 10's place is empty: each round the pair it would meet sits out \
             (round 1: pair 5; round 2: pair 1; round 3: pair 2; round 4: pair 3; round 5: pair 4)."
        ),
        "{body}"
    );
    // Too few entries for the tables: the form says so before anything is tried.
    let short = five_tables(&d, "Short Mitchell", 7).await;
    let (_, body) = d.get_text(&format!("{short}/movement")).await;
    assert!(
        body.contains("Not with these entries and options: 5 tables seat 9 or 10 pairs (not 7)."),
        "{body}"
    );

    // The API's usual is the page's.
    let api = api_for(&app, &d, "alpha").await;
    let id = id_from_location(&page);
    let (status, m) = api.put(&format!("/events/{id}/movement"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{m}");
    assert_eq!(
        (m["rounds"].as_u64(), m["boards"].as_u64()),
        (Some(5), Some(5))
    );
    assert_eq!(m["sit_out"].as_array().unwrap().len(), 5);
}
