//! One description per game (#37): the words each game's pages, papers and exports use,
//! asked of `event::game::Game` instead of each page branching on the game.

mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// An Auction evening of two tables of three, its rounds set: (its API path, its page).
async fn auction_evening(app: &TestApp, d: &Browser) -> (Api, String, String) {
    let api = api_for(app, d, "alpha").await;
    let (s, ev) = api
        .post(
            "/events",
            json!({"name": "Auction Night", "date": "2026-12-03",
                   "format": "progressive-individual", "game": "auction",
                   "hands": 3, "tables": 2, "boards": 12}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    let path = format!("/events/{}", ev["id"]);
    for n in ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"] {
        let (s, v) = api
            .post(
                &format!("{path}/entries"),
                json!({"kind": "individual", "players": [{"name": n}]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
    let (s, m) = api
        .put(&format!("{path}/movement"), json!({"rounds": 3}))
        .await;
    assert_eq!(s, StatusCode::OK, "{m}");
    let page = format!("/c/alpha/events/{}", ev["id"]);
    (api, path, page)
}

#[tokio::test]
async fn auction_table_cards_round_control_and_setup_tell_the_tables_of_three() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (_, _, page) = auction_evening(&app, &d).await;

    let r = d.get(&format!("{page}/table-cards.pdf")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let text = pdf_text(&r.bytes().await.unwrap());
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("the highest scorer stays at this table"),
        "{flat}"
    );
    assert!(
        flat.contains("the middle scorer moves up a table"),
        "{flat}"
    );
    assert!(flat.contains("the lowest moves down a table"), "{flat}");
    assert!(flat.contains("2 tables of three, 6 players"), "{flat}");
    for wrong in ["cut", "winners stay", "losers", "side of three"] {
        assert!(!flat.contains(wrong), "{wrong} in {flat}");
    }

    for path in [format!("{page}/individual"), format!("{page}/rounds")] {
        let (s, html) = d.get_text(&path).await;
        assert_eq!(s, StatusCode::OK, "{path}");
        assert!(
            html.contains("highest scorer") || html.contains("three to a table"),
            "{path}: {html}"
        );
        for wrong in [
            "4, 5 or 6",
            "cut for partners",
            "the winners stay",
            "cut is drawn",
        ] {
            assert!(!html.contains(wrong), "{wrong} in {path}: {html}");
        }
    }
}
