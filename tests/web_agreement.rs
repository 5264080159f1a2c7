//! Who agrees a table's result (#36): the side who played it, named, on the phone of the table
//! where it sits now. A late result of a five-table Mitchell waits for its E-W pair, who has
//! moved on: their new table's phone shows it set apart and takes their answer; the pair now
//! at the result's table never played it, and cannot agree it, whatever its phone sends.

mod common;

use common::evening::*;
use common::*;
use reqwest::StatusCode;

/// The stored status of the result with this id (as the API writes it).
async fn status_of(e: &Evening, id: &str) -> String {
    e.all_results()
        .await
        .into_iter()
        .find(|r| r["id"].as_i64() == id.parse().ok())
        .unwrap()["status"]
        .as_str()
        .unwrap()
        .to_string()
}

/// The audit trail's last row of the result with this id: who changed it.
async fn last_audit(e: &Evening, id: &str) -> String {
    let r = e
        .all_results()
        .await
        .into_iter()
        .find(|r| r["id"].as_i64() == id.parse().ok())
        .unwrap();
    r["audit"].as_array().unwrap().last().unwrap()["by"]
        .as_str()
        .unwrap()
        .to_string()
}

/// A five-table Mitchell in round 2 whose table 5 entered round 1 on its phone only after
/// round 2 started: its E-W pair 10 now sits at table 1 (E-W move up a table). The result's
/// id as the API writes it.
async fn late_table_five(app: &TestApp) -> (Evening, String) {
    let e = five_rounds(club_api(app, "alpha", "olive@example.org").await).await;
    let id = event_id(&e);
    let places = play_round(&e, 1, Some(5)).await;
    let (_, board) = places.iter().copied().find(|p| p.0 == 5).unwrap();
    start_round_anyway(&e, 2).await;
    let five = Phone::at(app, id, 5, 5);
    let r = five.enter(&e, 1, board).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let rid = result_id(&e, 1, 5).await;
    assert_eq!(status_of(&e, &rid).await, "provisional");
    (e, rid)
}

#[tokio::test]
async fn a_late_result_is_agreed_by_the_pair_who_played_it_at_their_new_table() {
    let app = spawn_app().await;
    let (e, rid) = late_table_five(&app).await;
    let id = event_id(&e);
    let agree_form = format!("name=\"result\" value=\"{rid}\"");

    // Table 5's phone: the result waits for pair 10, who has moved; no agree button for it.
    let (s, html) = Phone::at(&app, id, 5, 5).page_text().await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("Round 1 is not finished here"), "{html}");
    assert!(
        html.contains("waiting for pair 10, now at table 1"),
        "{html}"
    );
    assert!(!html.contains(&agree_form), "no agree button here: {html}");

    // Table 1's phone: the round 1 result set apart from round 2's, naming pair 10.
    let one = Phone::at(&app, id, 5, 1);
    let (s, html) = one.page_text().await;
    assert_eq!(s, StatusCode::OK);
    let away = html
        .find("From round 1 at table 5: your result waits for you to agree")
        .expect("the round 1 result, set apart");
    let part = &html[away..];
    let part = &part[..part.find("</section>").unwrap()];
    assert!(part.contains(&agree_form), "{part}");
    assert!(
        part.contains("E-W ♦♣ · Pair 10, North 10 &#38; South 10: agree"),
        "{part}"
    );
    let now = html.find("Board ").expect("this round's board");
    assert!(
        away < now,
        "the earlier round's result comes before this round's"
    );
    assert!(html.contains("class=\"card score late away\""), "{html}");

    // Pair 10 agrees on table 1's phone: final, and the audit says who and where.
    let r = one.answer(&rid, true).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(status_of(&e, &rid).await, "confirmed");
    let by = last_audit(&e, &rid).await;
    assert!(
        by.starts_with("agreed by E-W ♦♣ (pair 10) at table 1"),
        "{by}"
    );
    // Both pages now leave it: table 1 has nothing waiting, table 5's round 1 is finished.
    let (_, html) = one.page_text().await;
    assert!(!html.contains("your result waits for you"), "{html}");
    let (_, html) = Phone::at(&app, id, 5, 5).page_text().await;
    assert!(!html.contains("Round 1 is not finished here"), "{html}");
}

#[tokio::test]
async fn the_pair_now_at_the_table_cannot_agree_a_result_it_did_not_play() {
    let app = spawn_app().await;
    let (e, rid) = late_table_five(&app).await;
    let id = event_id(&e);
    // Pair 9, at table 5 in round 2, posts the agree (a stale page, or crafted): refused.
    let five = Phone::at(&app, id, 5, 5);
    for agree in [true, false] {
        let r = five.answer(&rid, agree).await;
        assert_eq!(r.status(), StatusCode::CONFLICT);
        let html = r.text().await.unwrap();
        assert!(
            html.contains("waits for pair 10, now at table 1: only they agree or dispute it"),
            "{html}"
        );
        assert_eq!(status_of(&e, &rid).await, "provisional", "nothing changes");
    }
    let by = last_audit(&e, &rid).await;
    assert!(by.starts_with("table 5 (code "), "only the entry: {by}");
    // Nor may another table's phone whose pairs did not play it (404, as for any other
    // table's result).
    let r = Phone::at(&app, id, 5, 3).answer(&rid, true).await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    assert_eq!(status_of(&e, &rid).await, "provisional");
}

#[tokio::test]
async fn the_same_rounds_agreement_names_the_pair_and_still_works_on_the_same_phone() {
    let app = spawn_app().await;
    let e = five_rounds(club_api(&app, "alpha", "olive@example.org").await).await;
    let id = event_id(&e);
    play_round(&e, 1, None).await;
    e.start_round(2).await;
    // Round 2 at table 2: pair 2 (N-S, stationary) against pair 6 (E-W, from table 1).
    let two = Phone::at(&app, id, 5, 2);
    let board = board_now(&e, 2).await;
    assert_eq!(
        two.enter(&e, 2, board).await.status(),
        StatusCode::SEE_OTHER
    );
    let rid = result_id(&e, 2, 2).await;
    let (_, html) = two.page_text().await;
    assert!(
        html.contains("E-W ♦♣ · Pair 6, North 6 &#38; South 6: agree"),
        "{html}"
    );
    assert!(!html.contains("waiting for pair"), "{html}");
    let r = two.answer(&rid, true).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(status_of(&e, &rid).await, "confirmed");
    let by = last_audit(&e, &rid).await;
    assert!(
        by.starts_with("agreed by E-W ♦♣ (pair 6) at table 2"),
        "{by}"
    );
}
