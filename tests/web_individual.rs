//! The progressive individual run through the site and the API: options (rounds and table
//! sizes), round 1 seated from the event's key, the next round shown as soon as the last
//! result is in and started exactly as shown; and round control's API for a fixed movement.

mod common;

use calypso_director::db;
use calypso_director::db::results::PlayedAt;
use calypso_director::deals::SetKey;
use calypso_director::event::EventId;
use calypso_director::movement::individual::{
    CutOverrides, IndividualRound, TableResult, first_round, next_round,
};
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

fn error(v: &Value) -> String {
    v["error"].as_str().unwrap_or_default().to_string()
}

/// Stores a table's result as the individual form does: no entries, the sides' scores.
fn report(app: &TestApp, id: EventId, round: u32, table: u32, board: u32, scores: (i32, i32)) {
    let at = PlayedAt {
        round: round as i32,
        table_number: table as i32,
        board: board as i32,
        majors_entry: None,
        minors_entry: None,
    };
    store_result(app, id, at, scores);
}

fn key_of(app: &TestApp, id: EventId) -> [u8; 32] {
    with_conn(app, |c| {
        let ev = db::events::event(c, app.club_id("alpha"), id)
            .unwrap()
            .unwrap();
        *SetKey::from_hex(&ev.deal.unwrap().key_hex)
            .unwrap()
            .as_bytes()
    })
}

/// The seating JSON of round control's tables: (table, majors, minors).
fn sides(tables: &Value) -> Vec<(u64, Vec<u64>, Vec<u64>)> {
    let list = |v: &Value| -> Vec<u64> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect()
    };
    tables
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["table"].as_u64().unwrap(),
                list(&t["majors"]),
                list(&t["minors"]),
            )
        })
        .collect()
}

fn sides_of(r: &IndividualRound) -> Vec<(u64, Vec<u64>, Vec<u64>)> {
    let l = |v: &[u32]| v.iter().map(|x| u64::from(*x)).collect::<Vec<_>>();
    r.tables
        .iter()
        .map(|t| {
            (
                u64::from(t.table),
                l(&t.majors.players),
                l(&t.minors.players),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_progressive_individual_is_seated_round_by_round_from_the_results() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let (status, ev) = api
        .post(
            "/events",
            json!({"name": "Individual Night", "date": "2026-12-01",
                   "format": "progressive-individual", "tables": 3, "boards": 3}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{ev}");
    let id_num = ev["id"].as_i64().unwrap();
    let id: EventId = id_num.to_string().parse().unwrap();
    let ev_path = format!("/events/{id_num}");
    let names = [
        "Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou", "Max",
    ];
    for n in names {
        let (s, v) = api
            .post(
                &format!("{ev_path}/entries"),
                json!({"kind": "individual", "players": [{"name": n}]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }

    // Options through the API: the default sizes put the one table of five first.
    let (s, m) = api
        .put(&format!("{ev_path}/movement"), json!({"rounds": 3}))
        .await;
    assert_eq!(s, StatusCode::OK, "{m}");
    assert_eq!(m["kind"], "progressive-individual");
    assert_eq!(m["table_sizes"], json!([5, 4, 4]));
    assert_eq!(
        (m["rounds"].clone(), m["boards"].clone()),
        (json!(3), json!(9))
    );
    let (s, m) = api
        .put(
            &format!("{ev_path}/movement"),
            json!({"table_sizes": [4, 4, 4]}),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        error(&m).contains("the tables seat 12 players, but there are 13"),
        "{m}"
    );
    let (s, m) = api
        .put(&format!("{ev_path}/movement"), json!({"arrow_switch": [2]}))
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{m}");
    assert!(error(&m).contains("arrow_switch"), "{m}");
    let (s, v) = api.get(&format!("{ev_path}/movement")).await;
    assert_eq!((s, v["rounds"].clone()), (StatusCode::OK, json!(3)));

    // ... and through the page, linked from the movement page.
    let page = format!("/c/alpha/events/{id_num}");
    let individual = format!("{page}/individual");
    let (_, body) = d.get_text(&format!("{page}/movement")).await;
    assert!(body.contains(&individual), "{body}");
    let r = d
        .post(
            &individual,
            &individual,
            &[("rounds", "3"), ("table_sizes", "4, 9")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    assert!(
        body.contains("2 tables given, but the event has 3"),
        "{body}"
    );
    let r = d
        .post(
            &individual,
            &individual,
            &[("rounds", "3"), ("table_sizes", "4, 4, 5")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, body) = d.get_text(&individual).await;
    assert!(
        body.contains("3 rounds at 3 tables; round 1 seats 4, 4, 5 players"),
        "{body}"
    );
    // Back to the spread the rules prefer.
    let r = d
        .post(
            &individual,
            &individual,
            &[("rounds", "3"), ("table_sizes", "")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);

    // Ready (the key is made): round 1's seating is shown before play, and it is what
    // starting stores.
    let status = format!("{ev_path}/status");
    let (s, v) = api.post(&status, json!({"to": "ready"})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let key = key_of(&app, id);
    let rounds = format!("{ev_path}/rounds");
    let (s, before) = api.get(&rounds).await;
    assert_eq!(s, StatusCode::OK, "{before}");
    assert_eq!(before["current_round"], 0);
    assert_eq!(before["rounds"], 3);
    assert_eq!(before["format"], "progressive-individual");
    let shown = sides(&before["next_seating"]["tables"]);
    let r1 = first_round(13, &[5, 4, 4], &key, &CutOverrides::none()).unwrap();
    assert_eq!(shown, sides_of(&r1));

    // Running starts round 1, seated as shown (the page and the API alike).
    let (s, v) = api.post(&status, json!({"to": "running"})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (_, body) = d.get_text(&individual).await;
    assert!(
        body.contains("1 Ann") && body.contains("13 Max") && body.contains("sitting out deals 1-4"),
        "round 1's seating: {body}"
    );
    let (s, started) = api.get(&rounds).await;
    assert_eq!(s, StatusCode::OK, "{started}");
    assert_eq!(started["current_round"], 1);
    assert_eq!(sides(&started["tables"]), shown);
    // Round 1 asked again (a tool written for the two steps) is no error; round 2 waits
    // for round 1's results.
    let (s, again) = api.post(&rounds, json!({"round": 1})).await;
    assert_eq!(s, StatusCode::OK, "{again}");
    assert_eq!(sides(&again["tables"]), shown);
    let (s, v) = api.post(&rounds, json!({"round": 2})).await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(error(&v).contains("round 1 is not over"), "{v}");
    // Every player is seated once; the table of five has a side of three sitting out in turn.
    let mut seated: Vec<u64> = shown
        .iter()
        .flat_map(|(_, a, b)| a.iter().chain(b).copied())
        .collect();
    seated.sort_unstable();
    assert_eq!(seated, (1..=13).collect::<Vec<u64>>());
    let five = &started["tables"][0];
    assert_eq!(five["boards"], json!([1]));
    assert_eq!(five["state"], "playing");
    let trio = if five["majors"].as_array().unwrap().len() == 3 {
        "majors"
    } else {
        "minors"
    };
    let out = five["sit_out"][trio].as_array().unwrap().clone();
    assert_eq!(out.len(), 4);
    assert_eq!(
        out[0], out[3],
        "the first sitter-out also sits out the last deal"
    );
    assert_eq!(started["tables"][2]["boards"], json!([3]));
    assert!(started["tables"][1]["sit_out"]["majors"].is_null());
    assert!(started["next_seating"].is_null(), "no result yet");

    // The table's page and round control show the players by name.
    let code = five["code"].as_str().unwrap().to_string();
    let (s, shown_table) = Browser::new(&app).get_text(&format!("/t/{code}")).await;
    assert_eq!(s, StatusCode::OK);
    let first = five["majors"][0].as_u64().unwrap() as usize;
    assert!(
        shown_table.contains(&format!("<strong>{first}</strong> {}", names[first - 1])),
        "{shown_table}"
    );
    assert!(shown_table.contains("sit out by turns"), "{shown_table}");
    assert!(shown_table.contains("Round 1: board 1"), "{shown_table}");
    let (_, control) = d.get_text(&format!("{page}/rounds")).await;
    assert!(control.contains(names[first - 1]), "{control}");
    assert!(control.contains("sitting out deals 1-4"), "{control}");
    // Table cards without a plan: each table's code, its address and how players move; no
    // guide cards (the seating follows the results).
    assert!(control.contains("table-cards.pdf") && !control.contains("guide-cards.pdf"));
    let r = d.get(&format!("{page}/table-cards.pdf")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let text = pdf_text(&r.bytes().await.unwrap());
    assert_eq!(
        text.matches('\u{c}').count(),
        3,
        "one page per table: {text}"
    );
    for (i, card) in text.split('\u{c}').take(3).enumerate() {
        assert!(card.contains(&format!("Table {}", i + 1)), "{card}");
        assert!(
            card.contains("Progressive individual: 3 tables, 13 players"),
            "{card}"
        );
        assert!(card.contains("the losers move up a table"), "{card}");
    }
    let card_1 = text.split('\u{c}').next().unwrap_or_default();
    assert!(
        card_1.contains(&code),
        "table 1's code {code} on its card: {card_1}"
    );
    assert_eq!(
        d.get(&format!("{page}/guide-cards.pdf")).await.status(),
        StatusCode::CONFLICT
    );

    // Round 2 waits for every result, and names the tables without one.
    let (s, v) = api
        .post(&rounds, json!({"round": 2, "confirm_unreported": true}))
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(
        error(&v).contains("tables 1, 2, 3 have no result yet"),
        "{v}"
    );
    report(&app, id, 1, 1, 1, (300, 200));
    report(&app, id, 1, 2, 2, (100, 450));
    let (s, v) = api
        .post(&rounds, json!({"round": 2, "confirm_unreported": true}))
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(error(&v).contains("table 3 has no result yet"), "{v}");
    let (_, v) = api.get(&rounds).await;
    assert!(v["next_seating"].is_null(), "{v}");
    assert_eq!(v["tables"][0]["state"], "reported");
    assert!(
        v["next_round_blocked"]
            .as_str()
            .unwrap()
            .contains("table 3 has no result yet")
    );
    let r = d
        .post(
            &format!("{page}/rounds"),
            &format!("{page}/rounds"),
            &[("round", "2")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT, "the page refuses too");

    // The last result in: round 2's seating appears, computed as the rules make it.
    report(&app, id, 1, 3, 3, (80, 80));
    let (_, v) = api.get(&rounds).await;
    assert_eq!(v["next_round"], 2);
    assert_eq!(v["next_seating"]["round"], 2);
    let shown2 = sides(&v["next_seating"]["tables"]);
    let results = [
        TableResult::scores(1, 300, 200),
        TableResult::scores(2, 100, 450),
        TableResult::scores(3, 80, 80),
    ];
    let r2 = next_round(&r1, &results, &key, &CutOverrides::none()).unwrap();
    assert_eq!(shown2, sides_of(&r2));
    assert_eq!(v["next_seating"]["tables"][0]["boards"], json!([4]));
    let (_, control) = d.get_text(&format!("{page}/rounds")).await;
    assert!(control.contains("Round 2&#39;s seating") || control.contains("Round 2's seating"));

    let (s, v) = api.post(&rounds, json!({"round": 2})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["current_round"], 2);
    assert_eq!(sides(&v["tables"]), shown2, "started exactly as shown");
    // Winners stayed (table 3 tied: its majors stayed), losers moved.
    let stayed = |t: usize, side: &str| -> Vec<u32> {
        let s = if side == "majors" {
            &r1.tables[t].majors
        } else {
            &r1.tables[t].minors
        };
        let mut p = s.players.clone();
        p.sort_unstable();
        p
    };
    for (t, side) in [(0, "majors"), (1, "minors"), (2, "majors")] {
        let mut now = r2.tables[t].stayers.clone();
        now.sort_unstable();
        assert_eq!(now, stayed(t, side), "table {}", t + 1);
        let losers = if side == "majors" {
            &r1.tables[t].minors.players
        } else {
            &r1.tables[t].majors.players
        };
        for p in losers {
            assert_ne!(r2.place(*p).unwrap().0, t as u32 + 1, "player {p} moved");
        }
    }
    // Stored as started: the movement JSON lists both rounds.
    let (_, m) = api.get(&format!("{ev_path}/movement")).await;
    assert_eq!(m["seated"].as_array().unwrap().len(), 2);
    assert_eq!(
        serde_json::from_value::<IndividualRound>(m["seated"][1].clone()).unwrap(),
        r2
    );

    // A stale request cannot start round 2 twice; options are fixed now.
    let (s, v) = api.post(&rounds, json!({"round": 2})).await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(error(&v).contains("reload"), "{v}");
    let (s, _) = api
        .put(&format!("{ev_path}/movement"), json!({"rounds": 4}))
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
}

#[tokio::test]
async fn round_control_through_the_api_for_a_mitchell() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let other = app.club_with_owner("bravo", "bob@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let intruder = api_for(&app, &other, "bravo").await;
    let (_, ev) = api
        .post(
            "/events",
            json!({"name": "Pairs Night", "date": "2026-12-02",
                   "format": "pairs-mitchell", "tables": 3, "boards": 3}),
        )
        .await;
    let id_num = ev["id"].as_i64().unwrap();
    let id: EventId = id_num.to_string().parse().unwrap();
    let ev_path = format!("/events/{id_num}");
    for n in 1..=6 {
        let (s, _) = api
            .post(
                &format!("{ev_path}/entries"),
                json!({"kind": "pair", "players": [{"name": format!("A{n}")}, {"name": format!("B{n}")}]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED);
    }
    let (s, _) = api
        .put(&format!("{ev_path}/movement"), json!({"rounds": 3}))
        .await;
    assert_eq!(s, StatusCode::OK);
    let rounds = format!("{ev_path}/rounds");

    let (s, v) = api.get(&rounds).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["current_round"], 0);
    assert_eq!(v["rounds"], 3);
    assert!(v["next_round"].is_null() && v["started_at"].is_null());
    assert!(
        v["next_round_blocked"]
            .as_str()
            .unwrap()
            .contains("while the event is running")
    );
    let (s, e) = api.post(&rounds, json!({"round": 1})).await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(error(&e).contains("running"), "{e}");

    for to in ["ready", "running"] {
        api.post(&format!("{ev_path}/status"), json!({"to": to}))
            .await;
    }
    // Running started round 1: asking for it again from two places at once (a tool written
    // for the two steps, a double click) is no error, and it was started once.
    let (a, b) = tokio::join!(
        api.post(&rounds, json!({"round": 1})),
        api.post(&rounds, json!({"round": 1}))
    );
    assert_eq!([a.0, b.0], [StatusCode::OK, StatusCode::OK], "{a:?} {b:?}");
    assert_eq!(a.1["started_at"], b.1["started_at"]);
    let (_, v) = a;
    assert_eq!(v["current_round"], 1);
    assert!(v["started_at"].is_string());
    let t1 = &v["tables"][0];
    assert_eq!(
        (
            t1["table"].clone(),
            t1["state"].clone(),
            t1["majors"].clone(),
            t1["minors"].clone()
        ),
        (json!(1), json!("playing"), json!(1), json!(4))
    );
    assert_eq!(t1["boards"], json!([1]));
    assert_eq!(t1["code"].as_str().unwrap().len(), 8);
    assert!(t1.get("sit_out").is_none());
    assert!(v["next_seating"].is_null());

    // Table 1 reports; starting round 2 needs the confirmation, naming tables 2 and 3.
    report(&app, id, 1, 1, 1, (100, 90));
    let (_, v) = api.get(&rounds).await;
    assert_eq!(v["tables"][0]["state"], "reported");
    let (s, e) = api.post(&rounds, json!({"round": 2})).await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(
        error(&e).contains("tables 2, 3 of round 1 have not reported"),
        "{e}"
    );
    let (s, e) = api
        .post(&rounds, json!({"round": 2, "confirm_unreported": false}))
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{e}");
    // Two starts of round 2 at once (two directors, a double click): it starts once, and
    // the other is told it is stale.
    let (a, b) = tokio::join!(
        api.post(&rounds, json!({"round": 2, "confirm_unreported": true})),
        api.post(&rounds, json!({"round": 2, "confirm_unreported": true}))
    );
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(
        statuses,
        [StatusCode::OK, StatusCode::CONFLICT],
        "{a:?} {b:?}"
    );
    let ((_, v), (_, e)) = if a.0 == StatusCode::OK {
        (a, b)
    } else {
        (b, a)
    };
    assert_eq!(v["current_round"], 2);
    assert!(
        error(&e).contains("round 3 is the next round, not 2"),
        "{e}"
    );
    // Stale: round 2 again, or round 4 before 3.
    let (s, e) = api
        .post(&rounds, json!({"round": 2, "confirm_unreported": true}))
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(
        error(&e).contains("round 3 is the next round, not 2"),
        "{e}"
    );
    let (s, v) = api
        .post(&rounds, json!({"round": 3, "confirm_unreported": true}))
        .await;
    assert_eq!(s, StatusCode::OK);
    assert!(v["next_round"].is_null());
    let (s, e) = api
        .post(&rounds, json!({"round": 4, "confirm_unreported": true}))
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert!(error(&e).contains("round 3 is the last round"), "{e}");

    // Bad bodies and another club's token.
    let (s, _) = api.post(&rounds, json!({"round": -1})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (s, _) = api
        .post(&rounds, json!({"round": 3, "confirm": true}))
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (s, e) = intruder.get(&rounds).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{e}");
    let (s, _) = intruder
        .post(&rounds, json!({"round": 4, "confirm_unreported": true}))
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}
