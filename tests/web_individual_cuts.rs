//! A progressive individual's tables report their own cut for partners: through the API
//! (`PUT .../rounds/{round}/tables/{table}/cut`) and on the table's page. The table is
//! re-seated from its cut, the other tables stay as stored, a cut that is not the table's
//! players or comes after the result is refused with nothing changed, and the next round is
//! seated from the re-seated table.

mod common;

use calypso_director::db;
use calypso_director::db::results::PlayedAt;
use calypso_director::event::EventId;
use common::evening::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// Stores a table's result as the individual form does: no entries, the sides' scores.
fn report(app: &TestApp, id: EventId, round: u32, table: &Value, scores: (i32, i32)) {
    let (t, board) = place(table);
    let at = PlayedAt {
        round: round as i32,
        table_number: t as i32,
        board: board as i32,
        majors_entry: None,
        minors_entry: None,
    };
    store_result(app, id, at, scores);
}

fn numbers(v: &Value) -> Vec<u32> {
    v.as_array()
        .unwrap_or_else(|| panic!("a list: {v}"))
        .iter()
        .map(|x| x.as_u64().unwrap() as u32)
        .collect()
}

fn sorted(mut v: Vec<u32>) -> Vec<u32> {
    v.sort_unstable();
    v
}

/// Thirteen players at three tables (5, 4, 4), three rounds; running, no round started.
async fn evening(app: &TestApp) -> (Browser, Evening, EventId) {
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let e = running_event(
        api_for(app, &d, "alpha").await,
        "progressive-individual",
        3,
        13,
        json!({"rounds": 3}),
    )
    .await;
    let id: EventId = e.path.trim_start_matches("/events/").parse().unwrap();
    (d, e, id)
}

impl Evening {
    async fn tables(&self) -> Vec<Value> {
        let (s, v) = self.api.get(&format!("{}/rounds", self.path)).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        v["tables"].as_array().unwrap().clone()
    }

    async fn cut(&self, round: u32, table: u32, cut: Value) -> (StatusCode, Value) {
        self.api
            .put(
                &format!("{}/rounds/{round}/tables/{table}/cut", self.path),
                json!({ "cut": cut }),
            )
            .await
    }
}

#[tokio::test]
async fn a_table_reports_its_cut_through_the_api_in_round_1_and_round_2() {
    let app = spawn_app().await;
    let (_d, e, id) = evening(&app).await;
    let r1 = e.start_round(1).await["tables"].as_array().unwrap().clone();
    for t in &r1 {
        assert_eq!(t["cut_reported"], false, "{t}");
    }

    // Round 1, table 2: the drawn cut d0 d1 d2 d3 made d0 and d1 partners; the table cut
    // d0 d2 d1 d3, so d0 and d2 partner and sit majors.
    let d = numbers(&r1[1]["cut"]);
    assert_eq!(d.len(), 4);
    let cut = vec![d[0], d[2], d[1], d[3]];
    let (s, v) = e.cut(1, 2, json!(cut)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["table"], 2);
    assert_eq!(v["cut_reported"], true);
    assert_eq!(numbers(&v["cut"]), cut);
    assert_eq!(numbers(&v["majors"]), vec![d[0], d[2]]);
    assert_eq!(numbers(&v["minors"]), vec![d[1], d[3]]);
    assert_eq!(v["state"], "playing");
    assert_eq!(v["code"], r1[1]["code"]);
    let now = e.tables().await;
    assert_eq!(now[1], v);
    assert_eq!(
        (&now[0], &now[2]),
        (&r1[0], &r1[2]),
        "the other tables stay"
    );
    // Stored too: the movement's seated rounds show the reported cut.
    let (_, m) = e.api.get(&format!("{}/movement", e.path)).await;
    assert_eq!(m["seated"][0]["tables"][1]["cut_reported"], true, "{m}");
    assert_eq!(numbers(&m["seated"][0]["tables"][1]["cut"]), cut);

    // Bad cuts at table 1 (players 1 to 5): 422 naming the problem, nothing changed.
    let at1 = sorted(numbers(&r1[0]["cut"]));
    assert_eq!(at1, vec![1, 2, 3, 4, 5]);
    for (bad, says) in [
        (
            json!([1, 2, 3, 4, 6]),
            "round 1, table 1: the reported cut names player 6, who is not at the table",
        ),
        (
            json!([1, 2, 3, 4, 4]),
            "round 1, table 1: the reported cut names player 4 twice",
        ),
        (
            json!([1, 2, 3, 5]),
            "round 1, table 1: the reported cut leaves out player 4",
        ),
        (
            json!([]),
            "round 1, table 1: the reported cut leaves out player 1",
        ),
    ] {
        let (s, v) = e.cut(1, 1, bad.clone()).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {v}");
        assert_eq!(v["error"], says, "{bad}");
        assert_eq!(e.tables().await, now, "nothing changed by {bad}");
    }
    let (s, v) = e
        .api
        .put(
            &format!("{}/rounds/1/tables/1/cut", e.path),
            json!({"cut": [1], "order": 2}),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    // Unknown round, table or event: 404.
    for path in [
        format!("{}/rounds/2/tables/1/cut", e.path),
        format!("{}/rounds/1/tables/4/cut", e.path),
        "/events/999999/rounds/1/tables/1/cut".to_string(),
    ] {
        let (s, v) = e.api.put(&path, json!({"cut": [1, 2, 3, 4, 5]})).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{path}: {v}");
    }
    // Another club's director does not find the event.
    let beta = club_api(&app, "beta", "bea@example.org").await;
    let (s, v) = beta
        .put(
            &format!("{}/rounds/1/tables/1/cut", e.path),
            json!({"cut": [1, 2, 3, 4, 5]}),
        )
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{v}");
    assert_eq!(e.tables().await, now);

    // Table 2's result: its minors (d1, d3 since the cut) win. Then its cut is fixed.
    report(&app, id, 1, &r1[1], (100, 300));
    let (s, v) = e.cut(1, 2, json!(d)).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert_eq!(
        v["error"],
        "table 2 of round 1 has its result in: the cut decided the partners of a game already played"
    );
    let mut reported = now[1].clone();
    reported["state"] = json!("reported");
    assert_eq!(e.tables().await[1], reported, "only its state changed");
    report(&app, id, 1, &r1[0], (300, 100));
    report(&app, id, 1, &r1[2], (300, 100));

    // Round 2 is seated from the re-seated table: d1 and d3 stayed at table 2.
    let r2 = e.start_round(2).await["tables"].as_array().unwrap().clone();
    let stayers_of = |t: &Value| {
        let cut = numbers(&t["cut"]);
        let at: Vec<u32> = numbers(&t["majors"])
            .into_iter()
            .chain(numbers(&t["minors"]))
            .collect();
        assert_eq!(sorted(cut.clone()), sorted(at));
        cut
    };
    stayers_of(&r2[1]);
    let (_, m) = e.api.get(&format!("{}/movement", e.path)).await;
    let stored2 = &m["seated"][1]["tables"][1];
    assert_eq!(
        sorted(numbers(&stored2["stayers"])),
        sorted(vec![d[1], d[3]]),
        "{m}"
    );
    // Round 1 is over: its cuts can no longer be reported.
    let (s, v) = e.cut(1, 1, json!([1, 2, 3, 4, 5])).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert!(v["error"].as_str().unwrap().contains("round 2 is"), "{v}");

    // Round 2, table 1: the table's cut reversed. The highest newcomer partners the highest
    // player who stayed, and their side sits majors.
    let t1 = &m["seated"][1]["tables"][0];
    let mut cut = numbers(&t1["cut"]);
    cut.reverse();
    let stayers = numbers(&t1["stayers"]);
    let newcomers = numbers(&t1["newcomers"]);
    let (s, v) = e.cut(2, 1, json!(cut)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        (numbers(&v["cut"]), &v["cut_reported"]),
        (cut.clone(), &json!(true))
    );
    let majors = numbers(&v["majors"]);
    let top_stayer = *cut.iter().find(|p| stayers.contains(p)).unwrap();
    let top_newcomer = *cut.iter().find(|p| newcomers.contains(p)).unwrap();
    assert_eq!(majors[0], cut[0], "the highest cut sits majors");
    assert!(
        majors.contains(&top_stayer) && majors.contains(&top_newcomer),
        "{v}"
    );
    let now = e.tables().await;
    assert_eq!(
        (&now[1], &now[2]),
        (&r2[1], &r2[2]),
        "the other tables stay"
    );
    assert_eq!(now[0], v);

    // Round 3 follows it: the minors of the re-seated table 1 win and stay.
    let minors = numbers(&v["minors"]);
    report(&app, id, 2, &r2[0], (100, 300));
    report(&app, id, 2, &r2[1], (300, 100));
    report(&app, id, 2, &r2[2], (300, 100));
    let (s, v) = e.cut(2, 1, json!(cut)).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    e.start_round(3).await;
    let (_, m) = e.api.get(&format!("{}/movement", e.path)).await;
    assert_eq!(
        sorted(numbers(&m["seated"][2]["tables"][0]["stayers"])),
        sorted(minors),
        "{m}"
    );
    // Every stored round still passes the rules, round 2 as what round 1 and the cut make.
    let rounds = with_conn(&app, |c| {
        db::individual::rounds_of(c, app.club_id("alpha"), id).unwrap()
    });
    for r in &rounds {
        assert_eq!(
            calypso_director::movement::individual::validate_round(r),
            Ok(())
        );
    }
}

#[tokio::test]
async fn a_table_reports_its_cut_on_its_page() {
    let app = spawn_app().await;
    let (d, e, id) = evening(&app).await;
    let r1 = e.start_round(1).await["tables"].as_array().unwrap().clone();
    let code = r1[0]["code"].as_str().unwrap();
    let path = format!("/t/{code}");
    let phone = Browser::new(&app);
    let (s, page) = phone.get_text(&path).await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("Report your cut"), "{page}");
    assert!(page.contains("as drawn for the table"), "{page}");
    assert!(
        page.contains("the highest cuts partner and sit N-S ♠♥"),
        "{page}"
    );
    for i in 1..=5 {
        assert!(page.contains(&format!("name=\"cut_{i}\"")), "{page}");
    }
    assert!(!page.contains("name=\"cut_6\""));
    assert!(
        page.contains("<option value=\"5\">5 Player 5</option>"),
        "{page}"
    );
    let csrf = csrf_from(&page).unwrap();
    let post = |fields: Vec<(&'static str, String)>| {
        let mut all = vec![("csrf_token", csrf.clone()), ("round", "1".to_string())];
        all.extend(fields);
        let phone = &phone;
        let path = format!("{path}/cut");
        async move {
            let pairs: Vec<(&str, &str)> = all.iter().map(|(k, v)| (*k, v.as_str())).collect();
            phone.post_raw(&path, &pairs).await
        }
    };
    let cut = |v: [&str; 5]| {
        ["cut_1", "cut_2", "cut_3", "cut_4", "cut_5"]
            .into_iter()
            .zip(v.map(String::from))
            .collect::<Vec<_>>()
    };

    // A player twice: refused, the choices kept.
    let r = post(cut(["3", "3", "1", "2", "4"])).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    assert!(
        body.contains("round 1, table 1: the reported cut names player 3 twice"),
        "{body}"
    );
    assert!(
        body.contains("<option value=\"4\" selected>4 Player 4</option>"),
        "{body}"
    );
    assert!(body.contains("<option value=\"3\" selected>3 Player 3</option>"));
    // A place left to choose.
    let r = post(cut(["5", "4", "", "2", "1"])).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    assert!(body.contains("Choose who cut 3rd."), "{body}");
    assert!(body.contains("<option value=\"5\" selected>5 Player 5</option>"));
    assert_eq!(e.tables().await, r1, "nothing changed");

    // The cut 5 4 3 2 1: 5 and 4 partner (majors) against 3, 2 and 1.
    let r = post(cut(["5", "4", "3", "2", "1"])).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&r), format!("/t/{code}#seating"));
    let (_, page) = phone.get_text(&path).await;
    assert!(
        page.contains("The cut, highest first (as the table reported it): 5, 4, 3, 2, 1."),
        "{page}"
    );
    assert!(
        page.contains("E-W ♦♣ sit out by turns: deal 1 · 3 Player 3"),
        "{page}"
    );
    let t = &e.tables().await[0];
    assert_eq!(
        (numbers(&t["majors"]), numbers(&t["minors"])),
        (vec![5, 4], vec![3, 2, 1])
    );
    assert_eq!(t["cut_reported"], true);

    // Round control links each table that may still report its cut to its page.
    let rounds = format!("/c/alpha/events/{id}/rounds");
    let (s, html) = d.get_text(&rounds).await;
    assert_eq!(s, StatusCode::OK);
    for t in &r1 {
        assert!(
            html.contains(&format!("href=\"/t/{}#cut\"", t["code"].as_str().unwrap())),
            "{html}"
        );
    }

    // Once the table's result is in, the form is gone and a late cut is refused.
    report(&app, id, 1, &r1[0], (100, 300));
    let (_, page) = phone.get_text(&path).await;
    assert!(!page.contains("Report your cut"), "{page}");
    let r = post(cut(["1", "2", "3", "4", "5"])).await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert!(r.text().await.unwrap().contains("has its result in"));
    let (_, html) = d.get_text(&rounds).await;
    assert!(!html.contains(&format!("href=\"/t/{code}#cut\"")));
    assert!(html.contains(&format!(
        "href=\"/t/{}#cut\"",
        r1[1]["code"].as_str().unwrap()
    )));
}
