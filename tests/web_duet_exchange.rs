//! Calypso Duet's call-and-response at the club's tables (#40 item 4): a table's phone enters
//! its result with each player's exchange in every deal (the hand looked at first, the three
//! cards passed and the three returned), the engine checks each against the board as dealt
//! and a wrong one is refused in words with everything typed kept; the result page lists the
//! exchanges. The director's API takes the same exchanges beside the dummies.

mod common;

use calypso_director::engine::Card;
use common::evening::*;
use common::games::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// The ♠♥ player (North and South at the default table) looks at North, passes North's
/// first three cards as dealt and gets back South's first three; the ♣♦ player looks at
/// West and trades with East the same way. Board seats by index: N 0, E 1, S 2, W 3.
fn exchanges(deal: &[Vec<String>; 4]) -> [(String, Vec<String>, Vec<String>); 2] {
    let three = |s: usize| deal[s][..3].to_vec();
    [
        ("N".into(), three(0), three(2)),
        ("W".into(), three(3), three(1)),
    ]
}

fn pretty(card: &str) -> String {
    card.parse::<Card>().unwrap().pretty()
}

/// The phone's way of typing cards: the majors player's with suit symbols (T♠), the minors
/// player's tens as 10 (10D), so every notation the form accepts is sent.
fn typed(cards: &[String], symbols: bool) -> String {
    cards
        .iter()
        .map(|c| {
            if symbols {
                pretty(c)
            } else {
                c.replace('T', "10")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[tokio::test]
async fn a_call_and_response_table_enters_its_exchanges_on_the_phone_and_a_wrong_one_is_refused() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let body = json!({"name": "Call and Response", "date": "2026-12-04", "format": "pairs-mitchell",
                      "variant": "duet-call-and-response", "tables": 4, "boards": 4});
    let entries: Vec<Value> = (1..=8)
        .map(|n| json!({"kind": "individual", "players": [{"name": format!("Player {n}")}]}))
        .collect();
    let (path, boards) = running(&api, body, &entries, one_board_rounds(3)).await;
    let e = Evening {
        api,
        path: path.clone(),
        boards,
    };
    let id = event_id(&e);
    let started = e.start_round(1).await;
    let tables = started["tables"].as_array().unwrap();

    // Table 1 on its phone: the whole game, each deal's dummies and exchanges.
    let (table, board) = place(&tables[0]);
    assert_eq!(table, 1);
    let deals = e.deals(board);
    let report = duet_report(&e, 1, table, board);
    let phone = Phone::at(&app, id, 4, 1);
    let (_, page) = phone.page_text().await;
    assert!(page.contains("Each player's dummy and exchange"), "{page}");
    for field in [
        "exchange_1_majors_inspected",
        "exchange_4_minors_passed",
        "exchange_3_majors_returned",
    ] {
        assert!(page.contains(&format!("name=\"{field}\"")), "{field}");
    }
    let mut f = report.form(1, board);
    f.push(("mode".into(), "game".into()));
    for (k, deal) in deals.iter().enumerate() {
        let k = k + 1;
        f.push((format!("dummy_{k}_majors"), "S".into()));
        f.push((format!("dummy_{k}_minors"), "E".into()));
        for ((inspected, passed, returned), key) in
            exchanges(deal).into_iter().zip(["majors", "minors"])
        {
            let symbols = key == "majors";
            f.push((format!("exchange_{k}_{key}_inspected"), inspected));
            f.push((
                format!("exchange_{k}_{key}_passed"),
                typed(&passed, symbols),
            ));
            f.push((
                format!("exchange_{k}_{key}_returned"),
                typed(&returned, symbols),
            ));
        }
    }
    let set = |f: &mut Vec<(String, String)>, key: &str, value: String| {
        f.iter_mut().find(|(k, _)| k == key).unwrap().1 = value;
    };
    let to = format!("{}/result", phone.page);
    let saved = |stored: &[Value]| stored.iter().any(|r| r["round"] == 1 && r["table"] == 1);

    // A token that is no card: the form names it, and keeps what was typed.
    let mut wrong = f.clone();
    let returned = format!("{} 9X", typed(&deals[0][1][..2], false));
    set(&mut wrong, "exchange_1_minors_returned", returned.clone());
    let r = phone.browser.post(&phone.page, &to, &pairs(&wrong)).await;
    let page = r.text().await.unwrap();
    assert!(
        page.contains("&#34;9X&#34; is not a card (a rank, 2 to 10, J, Q, K or A, then a suit, ♠ ♥ ♦ ♣ or S H D C)"),
        "{page}"
    );
    assert!(
        page.contains("deal 1: the ♣♦ player&#39;s cards returned"),
        "{page}"
    );
    assert!(
        page.contains(&format!(
            r#"name="exchange_1_minors_returned" value="{returned}""#
        )),
        "the cards typed are kept: {page}"
    );
    assert!(!saved(&results(&e.api, &path).await), "nothing saved");

    // Deal 2: the ♠♥ player passes one of South's cards out of North: the engine, checking
    // against the board as dealt, refuses it in words; every field stays as typed.
    let mut wrong = f.clone();
    let bad = [
        deals[1][0][0].clone(),
        deals[1][0][1].clone(),
        // A card of South's the North hand does not hold (the deck has four packs).
        deals[1][2]
            .iter()
            .find(|c| !deals[1][0].contains(c))
            .unwrap()
            .clone(),
    ];
    let bad_typed = typed(&bad, true);
    set(&mut wrong, "exchange_2_majors_passed", bad_typed.clone());
    let r = phone.browser.post(&phone.page, &to, &pairs(&wrong)).await;
    let page = r.text().await.unwrap();
    let said = format!(
        "the ♠♥ player passed {} in deal 2, but the North hand as dealt does not hold it (or not that many copies)",
        pretty(&bad[2])
    );
    assert!(page.contains(&said), "{page}");
    if let Ok(dir) = std::env::var("CALYPSO_SCREENSHOTS") {
        // The page as the phone got it, for a 390 px screenshot (docs: chromium on the file).
        std::fs::write(format!("{dir}/exchange-refused.html"), &page).unwrap();
    }
    assert!(
        page.contains(&format!(
            r#"name="exchange_2_majors_passed" value="{bad_typed}""#
        )),
        "kept: {page}"
    );
    assert!(
        page.contains(r#"name="exchange_2_majors_inspected" value="N" checked"#),
        "kept"
    );
    assert!(!saved(&results(&e.api, &path).await), "nothing saved");

    // Two cards returned in deal 3: the engine's count, in words.
    let mut wrong = f.clone();
    set(
        &mut wrong,
        "exchange_3_minors_returned",
        typed(&deals[2][1][..2], false),
    );
    let r = phone.browser.post(&phone.page, &to, &pairs(&wrong)).await;
    let page = r.text().await.unwrap();
    assert!(
        page.contains(
            "the ♣♦ player returned 2 cards in deal 3; call-and-response moves exactly 3 each way"
        ),
        "{page}"
    );

    // Right: stored, scored as the counts say.
    let r = phone.browser.post(&phone.page, &to, &pairs(&f)).await;
    assert_eq!(
        r.status(),
        StatusCode::SEE_OTHER,
        "{}",
        r.text().await.unwrap()
    );
    let stored = results(&e.api, &path).await;
    let r = at(&stored, 1, 1);
    assert_eq!(
        (
            r["scores"]["majors"].as_i64(),
            r["scores"]["minors"].as_i64()
        ),
        {
            let (m, n) = report.scores();
            (Some(m), Some(n))
        }
    );
    // The agree screen lists each deal's exchanges for the other player to check.
    let (_, page) = phone.page_text().await;
    let check = &page[page.find("report-check").expect("the counts entered")..];
    assert!(
        check.contains("Deal 1: ♠♥ player South · ♣♦ player East"),
        "{check}"
    );
    let [(_, passed, returned), _] = exchanges(&deals[0]);
    let line = format!(
        "Deal 1, ♠♥ player: looked at North, passed {}, returned {}",
        typed(&passed, true),
        typed(&returned, true)
    );
    assert!(check.contains(&line), "{line} in {check}");
    assert!(
        check.contains("Deal 4, ♣♦ player: looked at West, passed"),
        "{check}"
    );
    assert!(check.contains("Dummies and exchanges"), "{check}");

    // Table 2 through the director's API: the exchanges beside the dummies.
    let (table, board) = place(&tables[1]);
    let deals = e.deals(board);
    let report = duet_report(&e, 1, table, board);
    let mut body = report.body(1, table, board);
    body["dummies"] = json!(vec![json!({"majors": "N", "minors": "W"}); 4]);
    let given: Vec<Value> = deals
        .iter()
        .map(|deal| {
            let [m, n] = exchanges(deal)
                .map(|(inspected, passed, returned)| json!({"inspected": inspected, "passed": passed, "returned": returned}));
            json!({"majors": m, "minors": n})
        })
        .collect();
    // The last deal's ♠♥ exchange names East, the other player's hand.
    let mut wrong = body.clone();
    let mut bad = given.clone();
    bad[3]["majors"]["inspected"] = json!("E");
    wrong["exchanges"] = json!(bad);
    let (s, v) = e.api.post(&e.results(), wrong).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let said = v.to_string();
    assert!(said.contains("exchange-not-own"), "{said}");
    assert!(
        said.contains("the hand the ♠♥ player looked at first in deal 4 must be one of their two dealt hands, North or South; the summary names East"),
        "{said}"
    );
    // None given: each player's in each deal is missing.
    let (s, v) = e.api.post(&e.results(), body.clone()).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v.to_string().matches("exchange-missing").count(), 8, "{v}");
    body["exchanges"] = json!(given);
    let (s, v) = e.api.post(&e.results(), body).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(
        v["audit"][0]["new"]["sheet"]["exchanges"][0]["minors"],
        json!({"inspected": "W", "passed": deals[0][3][..3], "returned": deals[0][1][..3]}),
        "{v}"
    );
    // The director's deal viewer lists each table's exchanges with its dummies.
    let (s, viewer) = d
        .get_text(&format!("/c/alpha/events/{id}/boards/{board}"))
        .await;
    assert_eq!(s, StatusCode::OK);
    assert!(viewer.contains("Dummies and exchanges"), "{viewer}");
    let line = format!(
        "Round 1, table {table}, ♣♦ player: looked at West, passed {}",
        typed(&deals[0][3][..3], true)
    );
    assert!(viewer.contains(&line), "{line} in {viewer}");
}
