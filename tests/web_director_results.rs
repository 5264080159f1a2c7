//! The director's side of score entry on the site: the result grid of every round (each
//! table's state, late tables and disputes standing out), one result with its audit trail,
//! settling a disputed result, and rulings (adjusted scores, a late pair, a board not played)
//! on the pages and in the API, each with a required reason and nothing saved on a refusal.

mod common;

use calypso_director::db;
use calypso_director::event::results::{Adjusted, BoardOutcome, ResultStatus, TableResult};
use calypso_director::event::{EventId, ResultId};
use common::evening::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// A Mitchell evening (five tables) with round 1 started, the director's browser and the
/// round's tables as the API gives them.
async fn evening(app: &TestApp) -> (Browser, Evening, EventId, Vec<Value>) {
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let e = mitchell(api_for(app, &d, "alpha").await).await;
    let id: EventId = e.path.trim_start_matches("/events/").parse().unwrap();
    let started = e.start_round(1).await;
    let tables = started["tables"].as_array().unwrap().clone();
    assert_eq!(tables.len(), 5, "{started}");
    (d, e, id, tables)
}

fn stored(app: &TestApp, id: EventId) -> Vec<TableResult> {
    with_conn(app, |c| {
        db::results::results_of(c, app.club_id("alpha"), id).unwrap()
    })
}

fn audit_rows(app: &TestApp, r: ResultId) -> usize {
    with_conn(app, |c| db::results::audits_of(c, &[r]).unwrap().len())
}

/// The grid's row classes, in page order: "grid-confirmed", "attention grid-late", ...
fn row_classes(html: &str) -> Vec<String> {
    html.split("<tr class=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn the_result_grid_shows_every_tables_state_and_late_tables_stand_out() {
    let app = spawn_app().await;
    let (d, e, id, tables) = evening(&app).await;
    let grid = format!("/c/alpha/events/{id}/results");

    // Table 1 by the director (confirmed), 2 provisional, 3 disputed, 4 and 5 still playing.
    let (t1, b1) = place(&tables[0]);
    let report = Report::new(&e.deals(b1), 4, [1, 0, 0, 2], [2, 3, 1, 4]);
    let (s, v) = e.api.post(&e.results(), report.body(1, t1, b1)).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    table_result(&app, id, &tables[1], ResultStatus::Provisional);
    table_result(&app, id, &tables[2], ResultStatus::Disputed);

    let (s, html) = d.get_text(&grid).await;
    assert_eq!(s, StatusCode::OK);
    for count in ["1 confirmed", "1 provisional", "1 disputed", "2 playing"] {
        assert!(html.contains(count), "{count} in the summary");
    }
    assert_eq!(
        row_classes(&html),
        [
            "grid-confirmed",
            "grid-provisional",
            "attention grid-disputed",
            "grid-playing",
            "grid-playing"
        ],
        "round 1's tables in order, the dispute standing out"
    );
    let (majors, minors) = report.scores();
    assert!(
        html.contains(&format!("{majors} – {minors}")),
        "the engine's scores"
    );
    assert!(html.contains("North 1 &amp; South 1") || html.contains("North 1"));
    assert_eq!(
        html.matches("Not started.").count(),
        2,
        "rounds 2 and 3 are still to come"
    );

    // Once the round's play time is over on the room clock, the two tables without a
    // result are late; a minute before, they are still playing.
    let play = with_conn(&app, |c| {
        calypso_director::db::clocks::clock(c, id, 1)
            .unwrap()
            .expect("round 1's clock")
            .play_length()
    });
    app.advance_clock(play - 60);
    let (_, html) = d.get_text(&grid).await;
    assert!(!html.contains("grid-late"), "{html}");
    app.advance_clock(60);
    let (_, html) = d.get_text(&grid).await;
    assert!(html.contains("2 late"));
    assert_eq!(
        row_classes(&html)[3..],
        ["attention grid-late", "attention grid-late"]
    );

    // Round 2 starts anyway: round 1's missing tables stay late, round 2's are playing.
    let (s, v) = e
        .api
        .post(
            &format!("{}/rounds", e.path),
            json!({"round": 2, "confirm_unreported": true}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (_, html) = d.get_text(&grid).await;
    let classes = row_classes(&html);
    assert_eq!(classes.len(), 10, "{classes:?}");
    assert_eq!(
        classes[3..5],
        ["attention grid-late", "attention grid-late"]
    );
    assert!(
        classes[5..].iter().all(|c| c == "grid-playing"),
        "{classes:?}"
    );
    // The missing boards link to the ruling page; the results to their own pages.
    assert!(html.contains(&format!(
        "/c/alpha/events/{id}/results/board?round=1&amp;table={}",
        place(&tables[3]).0
    )));

    // Another club's director sees none of it.
    let other = app.club_with_owner("bravo", "bob@example.org").await;
    let (s, _) = other.get_text(&grid).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_director_settles_a_dispute_and_rules_with_a_reason_kept_in_the_audit_trail() {
    let app = spawn_app().await;
    let (d, e, id, tables) = evening(&app).await;
    let disputed = table_result(&app, id, &tables[2], ResultStatus::Disputed);
    let page = format!("/c/alpha/events/{id}/results/{}", disputed.id);

    let (s, html) = d.get_text(&page).await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("status-disputed"));
    assert!(html.contains("The other side did not agree at the table"));
    assert!(
        html.contains("table 3 (code test)"),
        "who changed it, in the trail"
    );
    assert_eq!(audit_rows(&app, disputed.id), 2);

    // Confirming needs a reason: without one nothing changes.
    let r = d
        .post(&page, &format!("{page}/settle"), &[("reason", " ")])
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.text().await.unwrap().contains("a reason is required"));
    assert_eq!(audit_rows(&app, disputed.id), 2);
    let reason = "checked the trick piles with both pairs";
    let r = d
        .post(&page, &format!("{page}/settle"), &[("reason", reason)])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&r), page);
    let (_, html) = d.get_text(&page).await;
    assert!(html.contains("status-confirmed"));
    assert!(html.contains(reason), "the reason in the audit trail");
    assert!(html.contains("1850 – 1600, disputed"), "the old value");
    assert!(html.contains("1850 – 1600, confirmed"), "the new value");
    assert_eq!(audit_rows(&app, disputed.id), 3);
    // A confirmed result is not confirmed twice.
    let r = d
        .post(&page, &format!("{page}/settle"), &[("reason", "again")])
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.text().await.unwrap().contains("already confirmed"));

    // A bad ruling comes back with what was typed and nothing changes.
    let bad = [
        ("ruling", "adjust"),
        ("majors", "ave++"),
        ("minors", "45"),
        ("reason", ""),
    ];
    let r = d.post(&page, &format!("{page}/adjust"), &bad).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = r.text().await.unwrap();
    assert!(
        html.contains("&#34;ave++&#34; is not an adjusted score"),
        "{html}"
    );
    assert!(html.contains("value=\"ave++\"") && html.contains("value=\"45\""));
    assert!(html.contains("a reason is required for every ruling"));
    assert_eq!(audit_rows(&app, disputed.id), 3);

    let good = [
        ("ruling", "adjust"),
        ("majors", "ave+"),
        ("minors", "45"),
        ("reason", "slow play by the minors"),
    ];
    let r = d.post(&page, &format!("{page}/adjust"), &good).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, html) = d.get_text(&page).await;
    assert!(html.contains("majors ave+ (60%), minors 45%"));
    assert!(html.contains("slow play by the minors"));
    let now = &stored(&app, id)[0];
    assert_eq!(now.values.adjusted.majors, Some(Adjusted::AvePlus));
    assert_eq!(now.values.adjusted.minors, Some(Adjusted::Percent(45.0)));
    assert_eq!(
        now.values.outcome,
        BoardOutcome::Played,
        "the scores as played stay"
    );

    // A board with no result: the minors pair was late.
    let (t4, b4) = place(&tables[3]);
    let board = format!("/c/alpha/events/{id}/results/board?round=1&table={t4}&board={b4}");
    let (s, html) = d.get_text(&board).await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("no result yet"));
    let late = [
        ("ruling", "late-minors"),
        ("majors", ""),
        ("minors", ""),
        ("reason", "the minors pair arrived at 20:10"),
        ("round", "1"),
        ("table", &t4.to_string()),
        ("board", &b4.to_string()),
    ];
    let rule = format!("/c/alpha/events/{id}/results/rule");
    let r = d.post(&board, &rule, &late).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let ruled = stored(&app, id)
        .into_iter()
        .find(|r| u64::from(r.place.table) == t4)
        .expect("the ruling is a result");
    assert_eq!(
        location(&r),
        format!("/c/alpha/events/{id}/results/{}", ruled.id)
    );
    assert_eq!(ruled.values.outcome, BoardOutcome::NotPlayed);
    assert_eq!(ruled.values.adjusted.majors, Some(Adjusted::AvePlus));
    assert_eq!(ruled.values.adjusted.minors, Some(Adjusted::AveMinus));
    assert_eq!(ruled.values.status, ResultStatus::Confirmed);
    assert_eq!(ruled.entered_by, "director Olive Owner");
    let trail = with_conn(&app, |c| db::results::audits_of(c, &[ruled.id]).unwrap());
    assert_eq!(
        trail[0].1.reason.as_deref(),
        Some("the minors pair arrived at 20:10")
    );
    // Ruling again on the same board is refused with the result already there.
    let r = d.post(&board, &rule, &late).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.text().await.unwrap().contains("already has a result"));
    assert_eq!(stored(&app, id).len(), 2);
    // A place the movement does not have.
    let (s, _) = d
        .get_text(&format!(
            "/c/alpha/events/{id}/results/board?round=1&table=9&board=1"
        ))
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);

    // The API's ruling for a board with no result: a late majors pair.
    let (t5, b5) = place(&tables[4]);
    let body = json!({"round": 1, "table": t5, "board": b5, "late": "majors",
                      "reason": "pair arrived after the round"});
    let adjust = format!("{}/results/adjust", e.path);
    let (s, v) = e.api.post(&adjust, body.clone()).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["outcome"], "not-played");
    assert_eq!(v["adjusted"], json!({"majors": "ave-", "minors": "ave+"}));
    assert_eq!(v["status"], "confirmed");
    assert_eq!(v["audit"][0]["reason"], "pair arrived after the round");
    let (s, v) = e.api.post(&adjust, body).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    for (bad, says) in [
        (
            json!({"round": 1, "table": t5, "board": b5, "late": "east", "reason": "x"}),
            "not a side",
        ),
        (
            json!({"round": 1, "table": t5, "board": b5, "late": "majors", "fouled": true, "reason": "x"}),
            "not fouled",
        ),
        (
            json!({"round": 1, "table": 9, "board": 1, "not_played": true, "reason": "x"}),
            "no game at table 9",
        ),
    ] {
        let (s, v) = e.api.post(&adjust, bad).await;
        assert!(s.is_client_error(), "{v}");
        assert!(v["error"].as_str().unwrap().contains(says), "{v}");
    }
    assert_eq!(stored(&app, id).len(), 3);
}

/// Form fields as `Browser::post` takes them.
fn fields(list: &[(String, String)]) -> Vec<(&str, &str)> {
    list.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
}

#[tokio::test]
async fn a_director_corrects_a_result_from_what_was_entered_and_enters_a_missing_one() {
    let app = spawn_app().await;
    let (d, e, id, tables) = evening(&app).await;
    let (t1, b1) = place(&tables[0]);
    let deals = e.deals(b1);
    let first = Report::new(&deals, 4, [1, 0, 0, 2], [2, 3, 1, 4]);
    let (s, v) = e.api.post(&e.results(), first.body(1, t1, b1)).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let rid = ResultId::new(v["id"].as_i64().unwrap() as i32);
    let page = format!("/c/alpha/events/{id}/results/{rid}");
    let correct = format!("{page}/correct");

    // The form starts from what was entered.
    let (s, html) = d.get_text(&correct).await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("name=\"calypsos_N\" value=\"1\""), "{html}");
    assert!(html.contains("name=\"calypsos_W\" value=\"2\""));
    assert!(html.contains(&format!("name=\"piles_NS\" value=\"{}\"", first.piles[0])));
    assert_eq!(
        html.matches(" checked><span").count(),
        2 + 3 + 1 + 4 + 1,
        "the ranks in progress tapped, and the whole game's way chosen"
    );

    // Without a reason, or with a count that does not add up: the form back, nothing changed.
    let fixed = Report::new(&deals, 4, [2, 0, 0, 2], [2, 3, 1, 4]);
    let mut sent = fixed.form(1, b1);
    sent.push(("mode".into(), "game".into()));
    let r = d.post(&correct, &correct, &fields(&sent)).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = r.text().await.unwrap();
    assert!(html.contains("a reason is required"), "{html}");
    assert!(
        html.contains("name=\"calypsos_N\" value=\"2\""),
        "what was typed is kept"
    );
    let mut wrong = fixed.clone();
    wrong.piles[1] += 4;
    let mut sent_wrong = wrong.form(1, b1);
    sent_wrong.push(("reason".into(), "North had two".into()));
    let r = d.post(&correct, &correct, &fields(&sent_wrong)).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.text().await.unwrap().contains("a game has 208"));
    assert_eq!(audit_rows(&app, rid), 1);
    let (m, n) = first.scores();
    assert_eq!(
        (
            stored(&app, id)[0].values.scores.majors as i64,
            stored(&app, id)[0].values.scores.minors as i64
        ),
        (m, n)
    );

    sent.push((
        "reason".into(),
        "North had two calypsos: checked with both pairs".into(),
    ));
    let r = d.post(&correct, &correct, &fields(&sent)).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&r), page);
    let now = &stored(&app, id)[0];
    let (m, n) = fixed.scores();
    assert_eq!(
        (
            now.values.scores.majors as i64,
            now.values.scores.minors as i64
        ),
        (m, n)
    );
    assert_eq!(now.values.status, ResultStatus::Confirmed);
    let (_, html) = d.get_text(&page).await;
    assert!(html.contains("North had two calypsos: checked with both pairs"));
    assert!(html.contains(&format!("{m} – {n}, confirmed")));
    assert_eq!(audit_rows(&app, rid), 2);

    // Table 2 never reported: the director enters its sheet.
    let (t2, b2) = place(&tables[1]);
    let board = format!("/c/alpha/events/{id}/results/board?round=1&table={t2}&board={b2}");
    let (s, html) = d.get_text(&board).await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("Enter the result") && html.contains("Or rule on the board"));
    let report = Report::new(&e.deals(b2), 4, [0, 1, 1, 0], [4, 0, 2, 1]);
    let mut sent = report.form(1, b2);
    sent.push(("table".into(), t2.to_string()));
    sent.push(("reason".into(), "from the table's paper scoresheet".into()));
    let enter = format!("/c/alpha/events/{id}/results/enter");
    let r = d.post(&board, &enter, &fields(&sent)).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let entered = stored(&app, id)
        .into_iter()
        .find(|r| u64::from(r.place.table) == t2)
        .expect("entered");
    assert_eq!(
        location(&r),
        format!("/c/alpha/events/{id}/results/{}", entered.id)
    );
    let (m, n) = report.scores();
    assert_eq!(
        (
            entered.values.scores.majors as i64,
            entered.values.scores.minors as i64
        ),
        (m, n)
    );
    assert_eq!(entered.values.status, ResultStatus::Confirmed);
    assert_eq!(entered.entered_by, "director Olive Owner");
    let trail = with_conn(&app, |c| db::results::audits_of(c, &[entered.id]).unwrap());
    assert_eq!(
        trail[0].1.reason.as_deref(),
        Some("from the table's paper scoresheet")
    );
    // Twice: refused with the result already there, and the form kept.
    let r = d.post(&board, &enter, &fields(&sent)).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.text().await.unwrap().contains("already has a result"));
    assert_eq!(stored(&app, id).len(), 2);
}

#[tokio::test]
async fn bad_input_on_the_directors_forms_is_a_clear_message_and_saves_nothing() {
    let app = spawn_app().await;
    let (d, _e, id, tables) = evening(&app).await;
    let (t, b) = place(&tables[0]);
    let board = format!("/c/alpha/events/{id}/results/board?round=1&table={t}&board={b}");
    let base = format!("/c/alpha/events/{id}/results");
    let (table, board_no) = (t.to_string(), b.to_string());
    let many = "A ".repeat(10_000);
    let long = "x".repeat(5_000);
    // (where, the fields, the answer, what it says)
    type Case<'a> = (String, Vec<(&'a str, &'a str)>, StatusCode, &'a str);
    let cases: Vec<Case> = vec![
        // No place: the ruling cannot be placed.
        (
            format!("{base}/rule"),
            vec![("ruling", "not-played"), ("reason", "x")],
            StatusCode::UNPROCESSABLE_ENTITY,
            "names no round, table and board",
        ),
        // A place the movement does not have.
        (
            format!("{base}/rule"),
            vec![
                ("ruling", "fouled"),
                ("reason", "x"),
                ("round", "1"),
                ("table", "99"),
                ("board", "1"),
            ],
            StatusCode::NOT_FOUND,
            "",
        ),
        // Ten thousand ranks tapped, negative and unknown counts.
        (
            format!("{base}/enter"),
            vec![
                ("round", "1"),
                ("table", &table),
                ("board", &board_no),
                ("mode", "game"),
                ("ranks_N", &many),
                ("calypsos_E", "-3"),
                ("calypsos_S", "lots"),
                ("piles_NS", "1"),
                ("piles_EW", "1"),
            ],
            StatusCode::UNPROCESSABLE_ENTITY,
            "is not a number",
        ),
        // A reason far too long, and an adjusted score that is not one.
        (
            format!("{base}/rule"),
            vec![
                ("ruling", "adjust"),
                ("majors", &long),
                ("reason", &long),
                ("round", "1"),
                ("table", &table),
                ("board", &board_no),
            ],
            StatusCode::UNPROCESSABLE_ENTITY,
            "is not an adjusted score",
        ),
    ];
    for (path, fields, status, says) in cases {
        let r = d.post(&board, &path, &fields).await;
        assert_eq!(r.status(), status, "{path} {:?}", &fields[..2]);
        let body = r.text().await.unwrap();
        assert!(
            body.contains(says),
            "{path}: {}",
            &body[..body.len().min(3000)]
        );
    }
    // The reason alone too long: the service says so.
    let r = d
        .post(
            &board,
            &format!("{base}/rule"),
            &[
                ("ruling", "not-played"),
                ("reason", &long),
                ("round", "1"),
                ("table", &table),
                ("board", &board_no),
            ],
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.text().await.unwrap().contains("1 to 200 characters"));
    assert!(stored(&app, id).is_empty(), "nothing saved");
}

/// Every table of the round being played reports through the API (confirmed results).
async fn report_every_table(e: &Evening, round: u64) {
    let (_, v) = e.api.get(&format!("{}/rounds", e.path)).await;
    assert_eq!(v["current_round"], round, "{v}");
    for t in v["tables"].as_array().unwrap() {
        let (table, board) = place(t);
        post_report(e, round, table, board).await;
    }
}

#[tokio::test]
async fn a_missing_game_keeps_the_evening_open() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let body = json!({"name": "Short Night", "date": "2026-12-01", "format": "pairs-mitchell",
                      "tables": 3, "boards": 3, "correction_minutes": 0});
    let e = common::games::six_pair_evening(api, body, 3).await;
    let id = event_id(&e);
    let site = format!("/c/alpha/events/{id}");
    let rounds = format!("{site}/rounds");
    let api_rounds = format!("{}/rounds", e.path);

    // Round 1: tables 1 and 3 report, table 2 never does.
    let places = play_round(&e, 1, Some(2)).await;
    let (_, b) = places.iter().copied().find(|p| p.0 == 2).unwrap();
    let missing = format!("round 1 · table 2 · board {b}: no result");
    // Round 1, each board played once: everybody is level, nobody "leads"; the travellers
    // say why no board is shown yet.
    let public = |path: String| {
        let url = format!("{}{path}", app.address);
        async move { reqwest::get(url).await.unwrap().text().await.unwrap() }
    };
    let html = public(format!("{site}/standings")).await;
    assert!(html.contains("All level after round 1."), "{html}");
    assert!(!html.contains("Leading"), "{html}");
    let html = public(format!("{site}/travellers")).await;
    assert!(
        html.contains("2 results are held back: a board's results are shown here once every table has played it."),
        "{html}"
    );
    assert!(!html.contains("No results yet."), "{html}");

    // Starting round 2 names it, on the page and in the API, and asks.
    let r = d.post(&rounds, &rounds, &[("round", "2")]).await;
    assert_eq!(r.status(), StatusCode::OK);
    let html = r.text().await.unwrap();
    assert!(
        html.contains("1 table of round 1 has not reported yet") && html.contains(&missing),
        "{html}"
    );
    let (s, v) = e.api.post(&api_rounds, json!({"round": 2})).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert!(v["error"].as_str().unwrap().contains(&missing), "{v}");
    assert_eq!(
        v["open"],
        json!([{"round": 1, "table": 2, "board": b, "state": "no result", "result": null}])
    );
    start_round_anyway(&e, 2).await;
    report_every_table(&e, 2).await;

    // Round control lists round 1's open game, linked to its ruling page; so does the API.
    let (_, html) = d.get_text(&rounds).await;
    assert!(html.contains(&missing), "{html}");
    let ruling_page = format!("{site}/results/board?round=1&#38;table=2&#38;board={b}");
    assert!(html.contains(&ruling_page), "{html}");
    let (_, v) = e.api.get(&api_rounds).await;
    assert_eq!(v["still_open"][0]["table"], 2, "{v}");

    // Starting round 3 names it again, though every table of round 2 has reported.
    let r = d.post(&rounds, &rounds, &[("round", "3")]).await;
    assert_eq!(r.status(), StatusCode::OK);
    let html = r.text().await.unwrap();
    assert!(
        html.contains(&format!("1 game is still open: {missing}")),
        "{html}"
    );
    let r = d
        .post(&rounds, &rounds, &[("round", "3"), ("confirm", "yes")])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    report_every_table(&e, 3).await;

    // Finishing is refused, on the page and in the API, naming the game.
    let finish_page = format!("{site}/finish");
    let (s, html) = d.get_text(&finish_page).await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("1 game has no result"), "{html}");
    assert!(!html.contains("Yes: mark finished"), "{html}");
    assert!(!html.contains("Every game of the rounds played"), "{html}");
    assert!(html.contains(&ruling_page), "{html}");
    let r = d
        .post(
            &finish_page,
            &format!("{site}/status"),
            &[("from", "running"), ("to", "finished"), ("confirm", "yes")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert!(r.text().await.unwrap().contains("1 game has no result"));
    let (s, v) = e
        .api
        .post(&format!("{}/status", e.path), json!({"to": "finished"}))
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert!(v["error"].as_str().unwrap().contains(&missing), "{v}");
    assert_eq!(v["open"][0]["state"], "no result");
    assert_eq!(v["open"].as_array().unwrap().len(), 1);
    let (_, ev) = e.api.get(&e.path).await;
    assert_eq!(ev["status"], "running");

    // The director rules it not played; then finishing works.
    let (s, v) = e
        .api
        .post(
            &format!("{}/results/adjust", e.path),
            json!({"round": 1, "table": 2, "board": b, "not_played": true,
                   "majors": "ave", "minors": "ave", "reason": "table 2 left early"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let (s, html) = d.get_text(&finish_page).await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("Every game of the rounds played has a confirmed result or a ruling"));
    finish(&e).await;

    // Over: no round is being played, nothing is late or open.
    let (_, grid) = d.get_text(&format!("{site}/results")).await;
    assert!(grid.contains("Play is over after round 3"), "{grid}");
    assert!(!grid.contains("being played"), "{grid}");
    assert!(
        !grid.contains("grid-late") && !grid.contains(" late<"),
        "{grid}"
    );
    assert!(!grid.contains("(now)"), "{grid}");
    let (_, html) = d.get_text(&rounds).await;
    assert!(
        html.contains("Play is over: 3 of 3 rounds were played"),
        "{html}"
    );
    assert!(
        !html.contains("Still open") && !html.contains(">late<"),
        "{html}"
    );
    let (_, v) = e.api.get(&format!("{}/standings", e.path)).await;
    assert_eq!(v["provisional"], false, "{v}");
}

#[tokio::test]
async fn a_disputed_result_is_named_by_the_round_start_confirmation() {
    let app = spawn_app().await;
    let (d, e, id, tables) = evening(&app).await;
    let rounds = format!("/c/alpha/events/{id}/rounds");
    // Every table of round 1 has a result: 1 to 3 confirmed, 4 provisional, 5 disputed.
    for t in &tables[..3] {
        table_result(&app, id, t, ResultStatus::Confirmed);
    }
    table_result(&app, id, &tables[3], ResultStatus::Provisional);
    let disputed = table_result(&app, id, &tables[4], ResultStatus::Disputed);
    let (t5, b5) = place(&tables[4]);
    let (t4, b4) = place(&tables[3]);
    let r = d.post(&rounds, &rounds, &[("round", "2")]).await;
    assert_eq!(r.status(), StatusCode::OK);
    let html = r.text().await.unwrap();
    assert!(!html.contains("not reported yet"), "every table reported");
    assert!(
        html.contains(&format!(
            "2 games are still open: round 1 · table {t4} · board {b4}: provisional; round 1 · table {t5} · board {b5}: disputed."
        )),
        "{html}"
    );
    let (s, v) = e
        .api
        .post(&format!("{}/rounds", e.path), json!({"round": 2}))
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert_eq!(v["open"][1]["state"], "disputed", "{v}");
    assert_eq!(v["open"][1]["result"], disputed.id.get(), "{v}");
    // Confirmed once: round 2 starts.
    let r = d
        .post(&rounds, &rounds, &[("round", "2"), ("confirm", "yes")])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn the_results_pdf_band_says_why_the_results_are_provisional() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let body = json!({"name": "Band Night", "date": "2026-12-01", "format": "pairs-mitchell",
                      "tables": 3, "boards": 3, "correction_minutes": 45});
    let e = common::games::six_pair_evening(api, body, 3).await;
    let id = event_id(&e);
    let pdf = format!("/c/alpha/events/{id}/results.pdf");
    // The banner's words: the first line after "PROVISIONAL" (pdftotext without -layout).
    let band = |text: &str| {
        let mut lines = text.lines().skip_while(|l| !l.contains("PROVISIONAL"));
        lines.next();
        lines
            .find(|l| !l.trim().is_empty())
            .unwrap_or_default()
            .trim()
            .to_string()
    };
    play_round(&e, 1, None).await;
    let text = pdf_text(&d.get(&pdf).await.bytes().await.unwrap());
    assert_eq!(band(&text), "play goes on", "{text}");
    // Each board played once: every pair level, said once, nobody starred as leading.
    assert_eq!(text.matches("all level").count(), 2, "{text}");
    assert!(!text.contains("leading") && !text.contains('★'), "{text}");
    play_round(&e, 2, None).await;
    // Round 3: table 1 enters on its phone and the other side never answers.
    let started = e.start_round(3).await;
    for t in started["tables"].as_array().unwrap() {
        let (table, board) = place(t);
        if table == 1 {
            let r = Phone::at(&app, id, 3, 1).enter(&e, 3, board).await;
            assert_eq!(r.status(), StatusCode::SEE_OTHER);
        } else {
            post_report(&e, 3, table, board).await;
        }
    }
    finish(&e).await;
    let (_, ev) = e.api.get(&e.path).await;
    let ends = chrono::DateTime::parse_from_rfc3339(ev["correction_ends_at"].as_str().unwrap())
        .unwrap()
        .format("%H:%M");
    let text = pdf_text(&d.get(&pdf).await.bytes().await.unwrap());
    assert_eq!(
        band(&text),
        format!("1 result awaits agreement; provisional until {ends} UTC, the correction period"),
        "{text}"
    );
    assert!(!text.contains("not confirmed yet"), "{text}");
}
