//! The evening as the room lives it (#21): a five-table, five-round Mitchell where the public
//! follows the standings from the first result, while each board's traveller stays hidden
//! until every table has played it, and a scorecard says what its pair is doing now.

mod common;

use common::evening::*;
use common::*;
use reqwest::StatusCode;
use serde_json::json;

/// The public page at `path` (no login), with its status.
async fn public(app: &TestApp, path: &str) -> (StatusCode, String) {
    let r = reqwest::get(format!("{}{path}", app.address))
        .await
        .unwrap();
    let s = r.status();
    (s, r.text().await.unwrap())
}

/// The standings table's rows: (place, pair) in the order shown.
fn ranked(html: &str) -> Vec<(String, u32)> {
    let mut out = Vec::new();
    for row in html.split("<tr").skip(1) {
        let cells: Vec<&str> = row.split("<td>").skip(1).collect();
        let (Some(place), Some(who)) = (cells.first(), cells.get(1)) else {
            continue;
        };
        let place = place.split("</td>").next().unwrap_or("").trim().to_string();
        let pair = who
            .split("/scorecards/")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .and_then(|n| n.parse().ok());
        if let Some(pair) = pair {
            out.push((place, pair));
        }
    }
    out
}

#[tokio::test]
async fn after_round_one_the_public_ranks_every_pair_and_still_sees_no_traveller() {
    let app = spawn_app().await;
    let e = five_rounds(club_api(&app, "alpha", "olive@example.org").await).await;
    let id = e.path.trim_start_matches("/events/").to_string();
    let site = format!("/c/alpha/events/{id}");
    let places = play_round(&e, 1, None).await;

    // Every pair has played one board: all ten are ranked, on the results so far.
    let (s, html) = public(&app, &format!("{site}/standings")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("After round 1 of 5"), "{html}");
    assert!(html.contains("provisional"));
    let rows = ranked(&html);
    let mut pairs: Vec<u32> = rows.iter().map(|(_, p)| *p).collect();
    pairs.sort_unstable();
    assert_eq!(pairs, (1..=10).collect::<Vec<_>>(), "{rows:?}");
    assert!(rows.iter().all(|(place, _)| !place.is_empty()));
    // Each board was played once: every pair of a field is level, and the page says so
    // rather than naming them all as leading.
    assert!(html.contains("All level after round 1."), "{html}");
    assert!(!html.contains("Leading"), "{html}");
    assert!(!html.contains("Winner"));

    // Each round-1 board goes on to other tables: no traveller is public yet, nor its deal.
    let (s, travellers) = public(&app, &format!("{site}/travellers")).await;
    assert_eq!(s, StatusCode::OK);
    for (_, board) in &places {
        assert!(
            !travellers.contains(&format!("id=\"board-{board}\"")),
            "board {board} is still to be played elsewhere"
        );
        let (s, _) = public(&app, &format!("{site}/boards/{board}")).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "board {board}'s deal");
    }
    // The directors' API shows the boards; their ranking is the public's.
    let (s, st) = e.api.get(&format!("{}/standings", e.path)).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(st["boards"].as_array().unwrap().len(), 5);
    assert_eq!(st["standings"].as_array().unwrap().len(), 10);

    // A scorecard never 404s in play: pair 1's shows its round-1 board in play elsewhere
    // (matchpoints, no scores), and once round 2 starts, the board it is playing.
    let (s, card) = public(&app, &format!("{site}/scorecards/1")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(card.contains("in play"), "{card}");
    e.start_round(2).await;
    let (s, card) = public(&app, &format!("{site}/scorecards/1")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(card.contains("playing"), "{card}");
    assert!(
        !card.contains("sits out"),
        "every pair plays every round: {card}"
    );
    let (s, html) = public(&app, &format!("{site}/standings")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("After round 1 of 5"), "no round-2 result yet");
}

#[tokio::test]
async fn in_the_last_round_a_scorecard_says_playing_not_sits_out() {
    let app = spawn_app().await;
    let e = five_rounds(club_api(&app, "alpha", "olive@example.org").await).await;
    let id = e.path.trim_start_matches("/events/").to_string();
    let site = format!("/c/alpha/events/{id}");
    for round in 1..=4 {
        play_round(&e, round, None).await;
    }
    e.start_round(5).await;
    for pair in [1, 6, 10] {
        let (s, card) = public(&app, &format!("{site}/scorecards/{pair}")).await;
        assert_eq!(s, StatusCode::OK);
        let last = card.split("<tr>").last().unwrap();
        assert!(last.contains("playing"), "pair {pair}, round 5: {last}");
        assert!(!card.contains("sits out"), "pair {pair}: {card}");
    }
    // Four rounds of results are in (each board has a table left, so none is public yet).
    let (s, html) = public(&app, &format!("{site}/standings")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("After round 4 of 5"), "{html}");
    // An unknown pair is still not found.
    let (s, _) = public(&app, &format!("{site}/scorecards/11")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_late_table_enters_its_earlier_round_on_its_phone_after_the_next_round_starts() {
    let app = spawn_app().await;
    let e = five_rounds(club_api(&app, "alpha", "olive@example.org").await).await;
    let id = event_id(&e);
    let places = play_round(&e, 1, Some(3)).await;
    let (_, board) = places.iter().copied().find(|p| p.0 == 3).unwrap();
    start_round_anyway(&e, 2).await;
    let phone = Phone::at(&app, id, 5, 3);
    let (s, html) = phone.page_text().await;
    assert_eq!(s, StatusCode::OK);
    let late = html
        .find("Round 1 is not finished here")
        .expect("the late round");
    let now = html.find("Board ").unwrap_or(usize::MAX);
    assert!(late < now, "the earlier round comes first");
    assert!(html.contains("<input type=\"hidden\" name=\"round\" value=\"1\">"));

    let r = phone.enter(&e, 1, board).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let round_one: Vec<_> = e
        .all_results()
        .await
        .into_iter()
        .filter(|r| r["round"] == 1)
        .collect();
    assert_eq!(round_one.len(), 5, "table 3's round-1 result is in");
    // Now it waits for the other side to agree, still on the table's page: E-W pair 8 has
    // moved up to table 4, so this phone names them and has no agree button (#36).
    let (_, html) = phone.page_text().await;
    assert!(
        html.contains("waiting for pair 8, now at table 4"),
        "{html}"
    );
    // The agree screen shows the counts entered, laid out as the form, not just totals.
    let check = &html[html.find("class=\"report-check\"").expect("the counts")..];
    for seat in ["N ♠", "E ♦", "S ♥", "W ♣"] {
        assert!(check.contains(seat), "{seat}: {check}");
    }
    assert!(check.contains("Trick piles: N-S ♠♥"), "{check}");
    // A round not started yet is still refused at the table.
    let r = phone.enter(&e, 3, board).await;
    let text = r.text().await.unwrap();
    assert!(text.contains("role=\"alert\""), "{text}");
    let later = e.all_results().await;
    assert!(
        later.iter().all(|r| r["round"] != 3),
        "nothing saved for round 3"
    );
}

#[tokio::test]
async fn a_dispute_reaches_the_directors_grid_round_control_and_navigation_at_once() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let e = five_rounds(api_for(&app, &d, "alpha").await).await;
    let id = event_id(&e);
    let site = format!("/c/alpha/events/{id}");
    let places = play_round(&e, 1, Some(2)).await;
    let (_, board) = places.iter().copied().find(|p| p.0 == 2).unwrap();
    let live = |path: String| {
        let d = &d;
        async move {
            let (s, body) = d.get_text(&path).await;
            assert_eq!(s, StatusCode::OK, "{path}");
            let v: serde_json::Value = serde_json::from_str(&body).unwrap();
            v["html"].as_str().unwrap().to_string()
        }
    };
    let grid = live(format!("{site}/results/live")).await;
    assert!(!grid.contains("disputed"));
    assert!(live("/c/alpha/disputes/live".into()).await.is_empty());

    // Table 2 enters its result on its phone; the other side disagrees.
    let phone = Phone::at(&app, id, 5, 2);
    assert_eq!(
        phone.enter(&e, 1, board).await.status(),
        StatusCode::SEE_OTHER
    );
    let result = result_id(&e, 1, 2).await;
    let r = phone.answer(&result, false).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);

    // The next poll of each live part says so.
    let grid = live(format!("{site}/results/live")).await;
    assert!(grid.contains("1 disputed"), "{grid}");
    let rounds = live(format!("{site}/rounds/live")).await;
    let row = rounds
        .split("<tr")
        .find(|r| r.contains("<td>2</td>"))
        .unwrap();
    assert!(
        row.contains("disputed") && !row.contains("reported"),
        "{row}"
    );
    let badge = live("/c/alpha/disputes/live".into()).await;
    assert!(badge.contains("⚑ 1 dispute"), "{badge}");
    assert!(
        badge.contains(&format!("href=\"{site}/results\"")),
        "{badge}"
    );
    // Every director page's navigation carries the count, and polls for it.
    for page in [
        "/c/alpha/events",
        "/c/alpha/players",
        &format!("{site}/rounds"),
    ] {
        let (_, html) = d.get_text(page).await;
        assert!(html.contains("⚑ 1 dispute"), "{page}");
        assert!(html.contains("/c/alpha/disputes/live"), "{page}");
        assert!(html.contains("/static/live.js"), "{page}");
    }
    // Another club's director cannot read these parts.
    let other = app.club_with_owner("beta", "bea@example.org").await;
    let (s, _) = other.get_text(&format!("{site}/results/live")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn finishing_lists_what_is_open_and_confirms_every_provisional_result_with_one_reason() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let e = five_rounds(api_for(&app, &d, "alpha").await).await;
    let id = event_id(&e);
    let site = format!("/c/alpha/events/{id}");
    let places = play_round(&e, 1, Some(2)).await;
    // Tables 2 and 4 of round 2 enter on their phones: 2's opponents dispute, 4's never answer.
    start_round_anyway(&e, 2).await;
    let (_, board) = places.iter().copied().find(|p| p.0 == 2).unwrap();
    let two = Phone::at(&app, id, 5, 2);
    assert_eq!(
        two.enter(&e, 1, board).await.status(),
        StatusCode::SEE_OTHER
    );
    // Its E-W pair 7 has moved up to table 3: they dispute it on that table's phone.
    let r = Phone::at(&app, id, 5, 3)
        .answer(&result_id(&e, 1, 2).await, false)
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let four = board_now(&e, 4).await;
    let r = Phone::at(&app, id, 5, 4).enter(&e, 2, four).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);

    // "Mark finished?" lists both, and offers to confirm the provisional one.
    let r = d
        .post(
            &site,
            &format!("{site}/status"),
            &[("from", "running"), ("to", "finished")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let html = r.text().await.unwrap();
    assert!(html.contains("1 provisional"), "{html}");
    assert!(html.contains("1 disputed"));
    assert!(html.contains("Confirm the 1 provisional result"));
    // No reason: refused beside the field, nothing changed.
    let finish = format!("{site}/finish");
    let r = d
        .post(
            &finish,
            &format!("{site}/results/confirm-all"),
            &[("reason", " ")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let statuses = |rs: Vec<serde_json::Value>| {
        let mut s: Vec<String> = rs
            .iter()
            .map(|r| r["status"].as_str().unwrap().to_string())
            .collect();
        s.sort();
        s
    };
    assert!(statuses(e.all_results().await).contains(&"provisional".to_string()));
    let r = d
        .post(
            &finish,
            &format!("{site}/results/confirm-all"),
            &[("reason", "not contested at the end of play")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let after = e.all_results().await;
    let left = statuses(after.clone());
    assert!(!left.contains(&"provisional".to_string()), "{left:?}");
    assert_eq!(left.iter().filter(|s| *s == "disputed").count(), 1);
    let four_result = after
        .iter()
        .find(|r| r["table"] == 4 && r["round"] == 2)
        .unwrap();
    let audit = four_result["audit"].as_array().unwrap();
    assert_eq!(
        audit.last().unwrap()["reason"],
        "not contested at the end of play"
    );
    let (_, html) = d.get_text(&finish).await;
    assert!(
        html.contains("0 provisional") && html.contains("1 disputed"),
        "{html}"
    );
    // Tables 1, 2, 3 and 5 of round 2 have no result at all: finishing is refused until the
    // director rules on each (a disputed result does not block it).
    assert!(html.contains("4 games have no result"), "{html}");
    let r = d
        .post(
            &finish,
            &format!("{site}/status"),
            &[("from", "running"), ("to", "finished"), ("confirm", "yes")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    let (_, rounds) = e.api.get(&format!("{}/rounds", e.path)).await;
    for t in rounds["tables"].as_array().unwrap() {
        let (table, board) = place(t);
        if table == 4 {
            continue;
        }
        let (s, v) = e
            .api
            .post(
                &format!("{}/results/adjust", e.path),
                json!({"round": 2, "table": table, "board": board, "not_played": true,
                       "reason": "play stopped"}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
    // Finishing goes ahead; the disputed result keeps the standings provisional.
    let r = d
        .post(
            &finish,
            &format!("{site}/status"),
            &[("from", "running"), ("to", "finished"), ("confirm", "yes")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, standings) = d.get_text(&format!("{site}/standings")).await;
    assert!(standings.contains("Provisional"));
    assert!(standings.contains("Leading"));
}

#[tokio::test]
async fn starting_play_on_the_event_page_starts_round_one() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let (s, ev) = api
        .post(
            "/events",
            json!({"name": "One Step", "date": "2026-12-01", "format": "pairs-mitchell",
                   "tables": 3, "boards": 3}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    let path = format!("/events/{}", ev["id"]);
    for n in 1..=6 {
        let body = json!({"kind": "pair", "players": [{"name": format!("North {n}")}, {"name": format!("South {n}")}]});
        assert_eq!(
            api.post(&format!("{path}/entries"), body).await.0,
            StatusCode::CREATED
        );
    }
    let (s, _) = api
        .put(&format!("{path}/movement"), json!({"rounds": 3}))
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, _) = api
        .post(&format!("{path}/status"), json!({"to": "ready"}))
        .await;
    assert_eq!(s, StatusCode::OK);
    let site = format!("/c/alpha/events/{}", ev["id"]);
    let r = d
        .post(
            &site,
            &format!("{site}/status"),
            &[("from", "ready"), ("to", "running"), ("confirm", "yes")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&r), format!("{site}/rounds"));
    let (_, rounds) = api.get(&format!("{path}/rounds")).await;
    assert_eq!(rounds["current_round"], 1, "{rounds}");
    // A second "Start round 1" (an old page) says it is on, not an error.
    let page = format!("{site}/rounds");
    let r = d.post(&page, &page, &[("round", "1")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, html) = d.get_text(&page).await;
    assert!(html.contains("Round 1 has started."), "{html}");
}

#[tokio::test]
async fn once_agreed_the_table_sees_the_board_so_far_and_where_its_pairs_stand() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let e = five_rounds(api_for(&app, &d, "alpha").await).await;
    let id = event_id(&e);
    let places = play_round(&e, 1, Some(3)).await;
    let (_, board) = places.iter().copied().find(|p| p.0 == 3).unwrap();
    let phone = Phone::at(&app, id, 5, 3);
    phone.enter(&e, 1, board).await;
    let (_, html) = phone.page_text().await;
    assert!(!html.contains("so far"), "not before the other side agrees");
    let r = phone.answer(&result_id(&e, 1, 3).await, true).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, html) = phone.page_text().await;
    let so_far = &html[html
        .find(&format!("Board {board} so far"))
        .expect("the traveller so far")..];
    assert!(
        so_far.contains("class=\"here\""),
        "this table's line is marked"
    );
    assert!(
        so_far.contains("Where you stand now:</strong> Pair 3 (N-S ♠♥):"),
        "{so_far}"
    );
    assert!(
        so_far.contains("Pair 8 (E-W ♦♣):") && so_far.contains(" of 5"),
        "{so_far}"
    );

    // Once play is over, the table's page links the results.
    for to in ["finished"] {
        let (s, v) = e
            .api
            .post(&format!("{}/status", e.path), json!({"to": to}))
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let (_, html) = phone.page_text().await;
    assert!(html.contains("Play is over"));
    assert!(html.contains("/standings\">See the results</a>"), "{html}");
}
