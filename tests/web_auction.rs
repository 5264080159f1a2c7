//! Auction Calypso as a club's progressive individual at tables of three (#23): settings, four
//! tables of three over three rounds, each table's game reported hand by hand through the API
//! and checked by the engine, each round seated from the last round's three scores a table
//! (the highest stays, the middle moves up, the lowest down), and the three-sided tallies
//! worked here from the engine's scores.

mod common;

use calypso_director::engine::auction::{self, AuctionSpec};
use calypso_director::movement::threes::{self, ThreesResult};
use common::evening::Phone;
use common::games::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

const HANDS: usize = 3;
const TABLES: u32 = 4;

fn players_of(t: &Value) -> [u32; 3] {
    let p = t["players"].as_array().unwrap_or_else(|| panic!("{t}"));
    [0, 1, 2].map(|i| p[i].as_u64().unwrap() as u32)
}

#[tokio::test]
async fn an_auction_evening_of_four_tables_of_three_is_seated_from_the_scores_and_tallied() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let base = json!({"name": "Auction Night", "date": "2026-12-03",
                      "format": "progressive-individual", "game": "auction",
                      "auction_setup": "none",
                      "hands": HANDS, "tables": TABLES, "boards": 12});
    let cases = [
        (
            json!({"format": "progressive"}),
            "choose the progressive individual format",
        ),
        (
            json!({"hands": 2}),
            "an Auction Calypso game is 3 to 60 hands, agreed before play (not \"2\")",
        ),
        (
            json!({"packs": 3}),
            "Auction Calypso is played with four packs: leave packs blank (not \"3\")",
        ),
        (
            json!({"variant": "cutthroat-3"}),
            "Auction Calypso is its own three-hand game: choose the standard variant",
        ),
    ];
    refused_event_bodies(&api, &base, &cases).await;

    let (s, ev) = api.post("/events", base.clone()).await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    assert_eq!(
        (
            ev["game"].as_str(),
            ev["hands"].as_i64(),
            ev["packs"].as_i64()
        ),
        (Some("auction"), Some(HANDS as i64), Some(4)),
        "{ev}"
    );
    let path = format!("/events/{}", ev["id"]);
    let id: calypso_director::event::EventId = ev["id"].to_string().parse().unwrap();
    let names = [
        "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou",
    ];
    for n in &names[..11] {
        let (s, v) = api
            .post(
                &format!("{path}/entries"),
                json!({"kind": "individual", "players": [{"name": n}]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
    // Eleven players do not fill four tables of three; sizes are not the director's to give.
    let (s, v) = api
        .put(&format!("{path}/movement"), json!({"rounds": 3}))
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(
        v.to_string()
            .contains("4 tables need 12 players, and the event has 11"),
        "{v}"
    );
    let (s, v) = api
        .post(
            &format!("{path}/entries"),
            json!({"kind": "individual", "players": [{"name": names[11]}]}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let (s, v) = api
        .put(
            &format!("{path}/movement"),
            json!({"rounds": 3, "table_sizes": [3, 3, 3, 3]}),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v.to_string().contains("leave the sizes out"), "{v}");
    let (s, m) = api
        .put(&format!("{path}/movement"), json!({"rounds": 3}))
        .await;
    assert_eq!(s, StatusCode::OK, "{m}");
    assert_eq!(m["table_sizes"], json!([3, 3, 3, 3]), "{m}");
    for to in ["ready", "running"] {
        let (s, v) = api.post(&format!("{path}/status"), json!({"to": to})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }

    let spec = AuctionSpec::new(HANDS).unwrap();
    let mut expected = threes::first_round(12).unwrap();
    let mut games: Vec<(Vec<u64>, Vec<i64>)> = Vec::new();
    // Player 1's games hand by hand, their own points in each hand.
    let mut player_one: Vec<String> = Vec::new();
    for round in 1..=3u64 {
        let (s, rounds) = api.get(&format!("{path}/rounds")).await;
        assert_eq!(s, StatusCode::OK, "{rounds}");
        // Running started round 1; each later round is shown before it starts.
        let seating = if round == 1 {
            &rounds["tables"]
        } else {
            &rounds["next_seating"]["tables"]
        };
        let shown: Vec<[u32; 3]> = seating
            .as_array()
            .unwrap_or_else(|| panic!("{rounds}"))
            .iter()
            .map(players_of)
            .collect();
        assert_eq!(shown, expected.tables(), "round {round} as shown");
        if round == 2 {
            // Round control shows the next round's tables of three by name before it starts.
            let (s, page) = d
                .get_text(&format!("/c/alpha/events/{}/rounds", ev["id"]))
                .await;
            assert_eq!(s, StatusCode::OK);
            let [a, b, c] = expected.table(1).unwrap();
            let name = |p: u32| names[p as usize - 1];
            let line = format!(
                "position 1: {a} {} (deals first) · position 2: {b} {} · position 3: {c} {}",
                name(a),
                name(b),
                name(c)
            );
            assert!(page.contains(&line), "{line} in {page}");
        }
        let (s, started) = api
            .post(&format!("{path}/rounds"), json!({"round": round}))
            .await;
        assert_eq!(s, StatusCode::OK, "{started}");
        let (_, rounds) = api.get(&format!("{path}/rounds")).await;
        let tables = rounds["tables"].as_array().unwrap().clone();
        assert_eq!(tables.len(), TABLES as usize);
        let mut results = Vec::new();
        for t in &tables {
            let table = t["table"].as_u64().unwrap();
            let board = t["boards"][0].as_u64().unwrap();
            let seated = players_of(t);
            assert_eq!(Some(seated), expected.table(table as u32), "{t}");
            assert!(
                t.get("majors").is_none(),
                "a table of three has no sides: {t}"
            );
            let game = auction_game(HANDS, round * 100 + table);
            let body = |auction: Value| json!({"round": round, "table": table, "board": board, "auction": auction});
            if (round, table) == (1, 1) {
                // Refused by name, nothing stored: a Calypso report, a game short of its
                // hands, a game whose first dealer is not position 1, a trick pile too big.
                let calypso = json!({"round": round, "table": table, "board": board,
                    "players": {}, "trick_piles": {"NS": 0, "EW": 0}});
                let (s, v) = api.post(&format!("{path}/results"), calypso).await;
                assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
                assert!(
                    v.to_string()
                        .contains("an Auction Calypso event takes the game's summary"),
                    "{v}"
                );
                let mut short = serde_json::to_value(&game.summary).unwrap();
                short["reports"].as_array_mut().unwrap().pop();
                let (s, v) = api.post(&format!("{path}/results"), body(short)).await;
                assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
                assert!(
                    v.to_string()
                        .contains("the game is 3 hands and 2 are reported"),
                    "{v}"
                );
                let mut second = serde_json::to_value(&game.summary).unwrap();
                second["first_dealer"] = json!("2");
                let (s, v) = api.post(&format!("{path}/results"), body(second)).await;
                assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
                assert!(
                    v.to_string()
                        .contains("at an event's table player 1 deals the first hand"),
                    "{v}"
                );
                let mut big = serde_json::to_value(&game.summary).unwrap();
                big["reports"][0]["players"]["1"]["trick_pile"] = json!(60);
                let (s, v) = api.post(&format!("{path}/results"), body(big)).await;
                assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
                assert!(v.to_string().contains("hand 1"), "{v}");
                let (_, none) = api.get(&format!("{path}/results")).await;
                assert_eq!(none["results"], json!([]), "nothing stored: {none}");
            }
            let v = if (round, table) == (2, 1) {
                on_the_phone(&app, id, &game, round, board, seated, &names).await;
                let (_, all) = api.get(&format!("{path}/results")).await;
                let r = all["results"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|r| r["round"] == round && r["table"] == table)
                    .unwrap()
                    .clone();
                assert_eq!(r["status"], "confirmed", "agreed on the phone: {r}");
                let by = r["audit"][0]["by"].as_str().unwrap_or_default();
                assert!(
                    by.starts_with("table 1 "),
                    "entered on table 1's phone: {r}"
                );
                r
            } else {
                let (s, v) = api
                    .post(
                        &format!("{path}/results"),
                        body(serde_json::to_value(&game.summary).unwrap()),
                    )
                    .await;
                assert_eq!(s, StatusCode::CREATED, "round {round} table {table}: {v}");
                v
            };
            // The stored scores are the engine's, one per position, with the players.
            let engine = auction::score(&spec, &game.summary).totals;
            assert_eq!(engine, game.score.totals);
            assert_eq!(
                (
                    v["scores"]["1"].as_i64(),
                    v["scores"]["2"].as_i64(),
                    v["scores"]["3"].as_i64()
                ),
                (Some(engine[0]), Some(engine[1]), Some(engine[2])),
                "{v}"
            );
            assert_eq!(v["players"], json!(seated), "{v}");
            if let Some(at) = seated.iter().position(|&p| p == 1) {
                let hands: Vec<String> = game
                    .score
                    .hands
                    .iter()
                    .map(|h| h.players[at].total.to_string())
                    .collect();
                player_one.push(format!("hands {}", hands.join(" · ")));
            }
            results.push(ThreesResult {
                table: table as u32,
                scores: engine,
            });
            games.push((
                seated.iter().map(|&p| u64::from(p)).collect(),
                engine.to_vec(),
            ));
        }
        if round < 3 {
            expected = threes::next_round(&expected, &results).unwrap();
        }
    }
    let (s, rounds) = api.get(&format!("{path}/rounds")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        rounds["next_round"].is_null(),
        "three rounds planned: {rounds}"
    );

    // The director's grid, a result's page and its correction form show the table of three.
    let (_, all) = api.get(&format!("{path}/results")).await;
    let first = all["results"][0].clone();
    let rid = first["id"].as_i64().unwrap();
    let scores: Vec<i64> = (1..=3)
        .map(|p| first["scores"][p.to_string()].as_i64().unwrap())
        .collect();
    let ev_page = format!("/c/alpha/events/{}", ev["id"]);
    let (s, grid) = d.get_text(&format!("{ev_page}/results")).await;
    assert_eq!(s, StatusCode::OK);
    let line = format!("{} – {} – {}", scores[0], scores[1], scores[2]);
    assert!(grid.contains(&line), "{line} in {grid}");
    assert!(grid.contains("Positions 1 v 2 v 3"), "{grid}");
    let (s, page) = d.get_text(&format!("{ev_page}/results/{rid}")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("Position 3"), "{page}");
    assert!(
        page.contains("Hand 1: ") && page.contains("Hand 3: "),
        "{page}"
    );
    assert!(
        page.contains(&format!("<strong>{}</strong> position 3", scores[2])),
        "{page}"
    );
    let (s, page) = d
        .get_text(&format!("{ev_page}/results/{rid}/correct"))
        .await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains(r#"name="a3_calls""#), "{page}");
    assert!(page.contains("Position 3</dt>"), "{page}");

    // Player 1's public scorecard: each game hand by hand, both other players named.
    let (s, card) = d.get_text(&format!("{ev_page}/scorecards/1")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(player_one.len(), 3);
    for line in &player_one {
        assert!(card.contains(line), "{line} in {card}");
    }
    assert!(!card.contains("not entered yet"), "{card}");

    // The event page's results list each position's player and score.
    let (s, page) = d.get_text(&ev_page).await;
    assert_eq!(s, StatusCode::OK);
    let [a, b, c] = first["players"]
        .as_array()
        .map(|p| [0, 1, 2].map(|i| p[i].as_u64().unwrap() as usize))
        .unwrap();
    for (i, p) in [a, b, c].into_iter().enumerate() {
        let row = format!(
            "<td class=\"muted\">Position {}</td><td>{p} {}</td><td>{}</td>",
            i + 1,
            names[p - 1],
            scores[i]
        );
        assert!(page.contains(&row), "{row} in {page}");
    }
    // The API's movement lists every round's tables of three.
    let (s, m) = api.get(&format!("{path}/movement")).await;
    assert_eq!(s, StatusCode::OK, "{m}");
    assert_eq!(m["seated"].as_array().map(Vec::len), Some(3), "{m}");
    assert_eq!(
        m["seated"][0],
        json!({"round": 1, "tables": [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]})
    );

    // Every page the standings link to answers for an evening of tables of three.
    for page in [
        "standings",
        "travellers",
        "results.pdf",
        "standings.csv",
        "travellers.csv",
    ] {
        let (s, _) = d.get_text(&format!("{ev_page}/{page}")).await;
        assert_eq!(s, StatusCode::OK, "{page}");
    }
    // The export file holds the tables of three, round by round.
    let (s, v) = d.get_text(&format!("{ev_page}/export.json")).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert!(
        v.contains(r#""tables":[[1,2,3],[4,5,6],[7,8,9],[10,11,12]]"#),
        "{v}"
    );

    let worked = three_sided_tallies(&games);
    assert_eq!(worked.values().sum::<i64>(), 0, "a tally is zero-sum");
    assert_eq!(worked.len(), 12);
    assert_eq!(standings_tally(&api, &path).await, worked);
}

/// Table 1's game typed on its phone hand by hand: each hand checked by the engine with the
/// running score shown and nothing kept, a call that is no call named and kept, the result
/// entered with the last hand, then agreed by the other players on the same phone.
async fn on_the_phone(
    app: &TestApp,
    id: calypso_director::event::EventId,
    game: &auction::AuctionOutcome,
    round: u64,
    board: u64,
    seated: [u32; 3],
    names: &[&str; 12],
) {
    let phone = Phone::at(app, id, TABLES, 1);
    let (s, page) = phone.page_text().await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        page.contains("Hand 1 of 3") && page.contains("Check hand 1"),
        "{page}"
    );
    let first = format!("1 · {}", names[seated[0] as usize - 1]);
    assert!(page.contains(&first), "position 1 by name: {page}");
    let to = format!("{}/result", phone.page);
    let s = &game.summary;

    let r = phone
        .browser
        .post(&phone.page, &to, &pairs(&auction_form(s, round, board, 1)))
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let page = r.text().await.unwrap();
    let h1 = &game.score.hands[0];
    assert!(page.contains("The score so far"), "{page}");
    for total in h1.running {
        assert!(
            page.contains(&format!("<strong>{total}</strong>")),
            "{page}"
        );
    }
    assert!(
        page.contains("Hand 2 of 3") && page.contains("Check hand 2"),
        "{page}"
    );
    // Hand 2 starts from hand 1's counts: a player's calypsos in progress are filled in.
    let clubs = s.hands[0].players[0]
        .unwrap()
        .in_progress
        .get(calypso_director::engine::Suit::Clubs);
    assert!(
        page.contains(&format!(r#"name="a2_prog_1_C" value="{clubs}""#)),
        "{page}"
    );

    // A call that is no call: named, and the calls kept as typed.
    let mut f = auction_form(s, round, board, 1);
    for (k, v) in &mut f {
        if k == "a1_calls" {
            *v = format!("{v} 17OC");
        }
    }
    let r = phone.browser.post(&phone.page, &to, &pairs(&f)).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = r.text().await.unwrap();
    assert!(page.contains("is not a call"), "{page}");
    assert!(page.contains("17OC"), "kept as typed: {page}");

    let r = phone
        .browser
        .post(&phone.page, &to, &pairs(&auction_form(s, round, board, 2)))
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let page = r.text().await.unwrap();
    assert!(page.contains("Check hand 3 and enter the result"), "{page}");

    let r = phone
        .browser
        .post(&phone.page, &to, &pairs(&auction_form(s, round, board, 3)))
        .await;
    assert_eq!(
        r.status(),
        StatusCode::SEE_OTHER,
        "{}",
        r.text().await.unwrap()
    );
    let (_, page) = phone.page_text().await;
    assert!(page.contains("The other two players check"), "{page}");
    for total in game.score.totals {
        assert!(
            page.contains(&format!("<strong>{total}</strong>")),
            "{page}"
        );
    }
    let result = page
        .split(r#"name="result" value=""#)
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .to_string();
    let r = phone.answer(&result, true).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, page) = phone.page_text().await;
    assert!(page.contains("All three players agree"), "{page}");
}
