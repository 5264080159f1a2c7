//! Tables of five or six in the progressive partnership form: a partnership of three, one
//! of whom sits out each deal, entered on the page and through the API, and its table page
//! saying who sits out which deal, in turn from game to game.

mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn a_side_of_three_makes_a_table_of_five_and_knows_who_sits_out() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let player = Browser::new(&app);
    let mut fields = event_fields("Five Night");
    fields[4] = ("tables", "2");
    fields[2] = ("format", "progressive");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let page = location(&r);
    let (entries, movement, rounds) = (
        format!("{page}/entries"),
        format!("{page}/movement"),
        format!("{page}/rounds"),
    );
    let (_, body) = d.get_text(&entries).await;
    assert!(
        body.contains("Player 3 (optional: a side of three"),
        "{body}"
    );
    // Pair 1 is three players; the others are two.
    let r = d
        .post(
            &entries,
            &entries,
            &[("guest_1", "Ann"), ("guest_2", "Jo"), ("guest_3", "Ken")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    enter_pairs(&d, &entries, 3, "Ann", "Bob").await;
    let (_, body) = d.get_text(&entries).await;
    assert!(body.contains("Ann, Jo &#38; Ken"), "{body}");
    let r = d.post(&movement, &movement, &[("rounds", "2")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    move_event(&d, &page, &TO_RUNNING).await;
    d.post(&rounds, &rounds, &[("round", "1")]).await;
    let (_, body) = d.get_text(&rounds).await;
    let i = body.find("href=\"/t/").expect("table codes listed") + "href=\"".len();
    let table1: String = body[i..].chars().take_while(|c| *c != '"').collect();
    let (status, shown) = player.get_text(&table1).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        shown.contains(
            "A side of three: sitting out deal 1 · Ann, deal 2 · Jo, deal 3 · Ken, deal 4 · Ann."
        ),
        "{shown}"
    );
    // Next game the side of three alternates who sits out first (pair 1 stays at table 1).
    d.post(&rounds, &rounds, &[("round", "2"), ("confirm", "yes")])
        .await;
    let (_, shown) = player.get_text(&table1).await;
    assert!(shown.contains("Round 2"), "{shown}");
    assert!(
        shown.contains("sitting out deal 1 · Jo, deal 2 · Ken, deal 3 · Ann, deal 4 · Jo."),
        "{shown}"
    );

    // The API takes a third player in the progressive form only.
    let token = new_token(&d, "alpha", "entries tool").await;
    let api = reqwest::Client::new();
    let ev: serde_json::Value = api
        .post(format!("{}/api/v1/events", app.address))
        .bearer_auth(&token)
        .json(&json!({"name":"Pairs","date":"2026-06-01","format":"pairs-mitchell","tables":2,"boards":4}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let three = json!({"kind":"pair","players":[{"name":"A"},{"name":"B"},{"name":"C"}]});
    let r = api
        .post(format!(
            "{}/api/v1/events/{}/entries",
            app.address, ev["id"]
        ))
        .bearer_auth(&token)
        .json(&three)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error_of(r).await, "a pair has 2 players, not 3");
}
