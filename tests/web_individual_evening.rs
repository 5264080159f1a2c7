//! A whole progressive individual evening with a table of five, from the entries to the last
//! result, entered on the tables' own pages (their codes, no login): the engine refusing an
//! impossible score (a wrong count; a rank that was not dealt by then, reported deal by deal), a double submission
//! refused, the other side confirming or disagreeing on the same phone, and the director's
//! correction with its reason in the audit trail. Each round is seated from the last one's
//! results.

mod common;

use calypso_director::db;
use calypso_director::event::EventId;
use calypso_director::event::results::{ResultStatus, TableResult};
use common::evening::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

fn stored(app: &TestApp, id: EventId) -> Vec<TableResult> {
    with_conn(app, |c| {
        db::results::results_of(c, app.club_id("alpha"), id).unwrap()
    })
}

/// Posts a table page's form from its phone.
async fn post(
    phone: &Browser,
    path: &str,
    csrf: &str,
    fields: &[(String, String)],
) -> reqwest::Response {
    let mut all: Vec<(&str, &str)> = vec![("csrf_token", csrf)];
    all.extend(fields.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    phone.post_raw(path, &all).await
}

#[tokio::test]
async fn a_progressive_individual_evening_with_a_table_of_five_is_entered_at_the_tables() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    // Thirteen players at three tables: one table of five each round.
    let e = running_event(
        api_for(&app, &d, "alpha").await,
        "progressive-individual",
        3,
        13,
        json!({"rounds": 3}),
    )
    .await;
    let id: EventId = e.path.trim_start_matches("/events/").parse().unwrap();
    let mut corrected = None;

    for round in 1..=3u64 {
        let started = e.start_round(round as u32).await;
        let tables = started["tables"].as_array().unwrap().clone();
        assert_eq!(tables.len(), 3);
        let sizes: Vec<usize> = tables
            .iter()
            .map(|t| t["majors"].as_array().unwrap().len() + t["minors"].as_array().unwrap().len())
            .collect();
        assert_eq!(
            sizes.iter().filter(|&&n| n == 5).count(),
            1,
            "round {round}: {sizes:?}"
        );
        for (i, t) in tables.iter().enumerate() {
            let (table, board) = place(t);
            let code = t["code"].as_str().unwrap();
            let path = format!("/t/{code}");
            let phone = Browser::new(&app);
            let (s, page) = phone.get_text(&path).await;
            assert_eq!(s, StatusCode::OK);
            assert!(
                page.contains(&format!("Round {round}: board {board}")),
                "{page}"
            );
            let csrf = csrf_from(&page).unwrap();
            let deals = e.deals(board);
            // A clear winner at every table (the winners stay, the losers move).
            let report = Report::new(&deals, 4, [1 + (i as i64 % 2), 0, 0, 1], [2, 1, 3, 0]);
            let before = stored(&app, id).len();

            if round == 1 && i == 0 {
                // A wrong count: the engine's words, the input kept, nothing saved.
                let mut wrong = report.clone();
                wrong.piles[0] += 4;
                let r = post(
                    &phone,
                    &format!("{path}/result"),
                    &csrf,
                    &wrong.form(round, board),
                )
                .await;
                assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
                let body = r.text().await.unwrap();
                assert!(body.contains("a game has 208"), "{body}");
                assert!(body.contains(&format!("value=\"{}\"", wrong.piles[0])));
                // A game of one deal with a rank that deal did not deal in that seat's suit.
                let (seat, missing) = (0..4)
                    .find_map(|s| {
                        RANKS
                            .chars()
                            .find(|r| !ranks_dealt(&deals, 1, SUITS[s]).contains(r))
                            .map(|r| (s, r))
                    })
                    .expect("some rank of some suit is not dealt in deal 1");
                let mut short = Report::new(&deals, 1, [0; 4], [0; 4]);
                short.in_progress[seat] = vec![format!("{missing}{}", SUITS[seat])];
                short.balance(1);
                // Reported deal by deal (here through the API: the same service as the page).
                let line = json!({"round": round, "table": table, "board": board,
                    "deals": [{"players": short.players(), "trick_piles": short.piles()}]});
                let (s, v) = e.api.post(&e.results(), line).await;
                assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
                assert!(
                    v["error"]
                        .as_str()
                        .unwrap()
                        .contains("only 0 copies were dealt"),
                    "{v}"
                );
                assert_eq!(stored(&app, id).len(), before, "nothing saved");
            }

            let r = post(
                &phone,
                &format!("{path}/result"),
                &csrf,
                &report.form(round, board),
            )
            .await;
            assert_eq!(
                r.status(),
                StatusCode::SEE_OTHER,
                "round {round} table {table}"
            );
            let saved = stored(&app, id);
            assert_eq!(saved.len(), before + 1);
            let r_id = saved
                .iter()
                .find(|r| u64::from(r.place.round) == round && u64::from(r.place.table) == table)
                .unwrap()
                .id;
            let (majors, minors) = report.scores();
            let (_, page) = phone.get_text(&path).await;
            // The agree step names the E-W players by number and name (#36).
            assert!(
                page.contains("E-W ♦♣ · Player ")
                    && page.contains(": agree</button>")
                    && page.contains(&majors.to_string()),
                "{page}"
            );

            if round == 1 && i == 0 {
                // A double tap: refused, the first one stands.
                let r = post(
                    &phone,
                    &format!("{path}/result"),
                    &csrf,
                    &report.form(round, board),
                )
                .await;
                assert_eq!(r.status(), StatusCode::CONFLICT);
                assert!(r.text().await.unwrap().contains("already has a result"));
                assert_eq!(stored(&app, id).len(), before + 1);
            }

            let answer = if round == 2 && i == 1 {
                "disagree"
            } else {
                "agree"
            };
            let r = phone
                .post_raw(
                    &format!("{path}/confirm"),
                    &[
                        ("csrf_token", csrf.as_str()),
                        ("result", &r_id.get().to_string()),
                        ("answer", answer),
                    ],
                )
                .await;
            assert_eq!(r.status(), StatusCode::SEE_OTHER);
            let now = stored(&app, id).into_iter().find(|r| r.id == r_id).unwrap();
            assert_eq!(
                (
                    now.values.scores.majors as i64,
                    now.values.scores.minors as i64
                ),
                (majors, minors)
            );
            if answer == "agree" {
                assert_eq!(now.values.status, ResultStatus::Confirmed);
                continue;
            }
            // The minors disagree: the director is called and corrects it with a reason.
            assert_eq!(now.values.status, ResultStatus::Disputed);
            let fixed = Report::new(&deals, 4, [3, 0, 0, 1], [2, 1, 3, 0]);
            let mut body = fixed.body(round, table, board);
            body["reason"] = json!("North had three calypsos, not two: checked with all five");
            let (s, v) = e
                .api
                .put(&format!("{}/{}", e.results(), r_id.get()), body)
                .await;
            assert_eq!(s, StatusCode::OK, "{v}");
            assert_eq!(v["status"], "confirmed");
            let (m, n) = fixed.scores();
            assert_eq!(v["scores"], json!({"majors": m, "minors": n}));
            corrected = Some((r_id, v));
        }
    }

    // Every game is in once, and final.
    let all = stored(&app, id);
    assert_eq!(all.len(), 9);
    assert!(
        all.iter()
            .all(|r| r.values.status == ResultStatus::Confirmed)
    );
    let (_, v) = e.api.get(&e.results()).await;
    let results = v["results"].as_array().unwrap();
    assert!(results.iter().all(|r| r["players"]["majors"].is_array()));
    // The correction's trail: entered by the table, disputed by it, corrected by the director.
    let (r_id, v) = corrected.expect("a correction was made");
    let audit: Vec<&Value> = v["audit"].as_array().unwrap().iter().collect();
    assert_eq!(audit.len(), 3, "{v}");
    assert!(audit[0]["by"].as_str().unwrap().starts_with("table "));
    assert_eq!(audit[1]["new"]["status"], "disputed");
    assert_eq!(audit[2]["by"], "director Olive Owner");
    assert_eq!(
        audit[2]["reason"],
        "North had three calypsos, not two: checked with all five"
    );
    assert_ne!(audit[2]["old"]["scores"], audit[2]["new"]["scores"]);
    // The director's grid has every table of every round confirmed.
    let (s, html) = d.get_text(&format!("/c/alpha/events/{id}/results")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("9 confirmed"), "{html}");
    assert!(html.contains(&format!("/results/{}", r_id.get())));
    let (s, v) = e
        .api
        .post(&format!("{}/status", e.path), json!({"to": "finished"}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");

    // The tallies: each game's margin to every player of its side (three at the table of
    // five), as `score` gives them for a sheet made here from the results as answered.
    let games: Vec<Value> = results
        .iter()
        .map(|r| {
            json!({"round": r["round"], "table": r["table"], "sides": [
                {"members": r["players"]["majors"], "score": r["scores"]["majors"]},
                {"members": r["players"]["minors"], "score": r["scores"]["minors"]}]})
        })
        .collect();
    let sheet = json!({"method": "tally", "results": games});
    let (_, served) = e.api.get(&format!("{}/sheet", e.path)).await;
    assert_eq!(served, sheet);
    let (_, mut st) = e.api.get(&format!("{}/standings", e.path)).await;
    assert_eq!(st["provisional"], true, "in the correction period");
    st.as_object_mut().unwrap().remove("provisional");
    assert_eq!(st, score_cli(&sheet));
    assert_eq!(st["check"]["sum_of_margins"], 0);
    let members = st["standings"].as_array().unwrap().len();
    let (_, entries) = e.api.get(&format!("{}/entries", e.path)).await;
    assert_eq!(
        members,
        entries["entries"].as_array().unwrap().len(),
        "every player"
    );
    // Each game is its own board: one traveller a game, its net the margin.
    let (_, trav) = e.api.get(&format!("{}/travellers", e.path)).await;
    let travellers = trav["travellers"].as_array().unwrap();
    assert_eq!(travellers.len(), results.len());
    for r in results {
        let t = travellers
            .iter()
            .find(|t| t["board"] == r["board"])
            .unwrap_or_else(|| panic!("board {} in {trav}", r["board"]));
        let line = &t["lines"][0];
        let net = r["scores"]["majors"].as_i64().unwrap() - r["scores"]["minors"].as_i64().unwrap();
        assert_eq!(line["net"], net);
        assert_eq!(line["majors"], r["players"]["majors"][0]);
        let first = r["players"]["majors"][0].as_u64().unwrap();
        assert!(
            line["majors_name"]
                .as_str()
                .unwrap()
                .contains(&format!("Player {first}")),
            "{line}"
        );
    }
    // Every player's scorecard adds up to their tally.
    let (_, cards) = e.api.get(&format!("{}/scorecards", e.path)).await;
    for p in st["standings"].as_array().unwrap() {
        let card = cards["scorecards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["number"] == p["member"])
            .unwrap();
        assert_eq!(card["running"], "tally");
        assert_eq!(
            card["by_round"].as_array().unwrap().last().unwrap()[1],
            p["tally"],
            "{card}"
        );
    }
}
