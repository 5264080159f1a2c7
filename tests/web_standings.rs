//! Standings, travellers and scorecards (#12) after a five-table Mitchell evening entered
//! from the real boards: the API's JSON, the public pages and the CSV agree with each other
//! and with the standings `score` computes, and the live part changes when a result does.

mod common;

use std::collections::BTreeMap;

use common::evening::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// The public page at `path` (no login), with its status.
async fn public(app: &TestApp, path: &str) -> (StatusCode, String) {
    let r = reqwest::get(format!("{}{path}", app.address))
        .await
        .unwrap();
    let s = r.status();
    (s, r.text().await.unwrap())
}

fn number(v: &Value) -> String {
    // As the pages print a number: two decimals at most, whole numbers without a fraction.
    let x = v.as_f64().unwrap();
    if x.fract() == 0.0 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

#[tokio::test]
async fn the_pages_the_csv_and_the_json_agree_with_the_scoring_module() {
    let app = spawn_app().await;
    let e = mitchell(club_api(&app, "alpha", "olive@example.org").await).await;
    let id = e.path.trim_start_matches("/events/").to_string();
    let site = format!("/c/alpha/events/{id}");
    for round in 1..=3 {
        play_round(&e, round, None).await;
    }
    let (s, standings) = e.api.get(&format!("{}/standings", e.path)).await;
    assert_eq!(s, StatusCode::OK, "{standings}");
    assert_eq!(standings["method"], "matchpoints");
    assert_eq!(standings["provisional"], true, "the event still runs");
    let rows = standings["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 10);

    // The standings page: every pair with its place and percentage, two fields.
    let (s, page) = public(&app, &format!("{site}/standings")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("Provisional"), "the live banner");
    assert!(page.contains("/static/live.js"));
    for r in rows {
        let pair = r["pair"].as_u64().unwrap();
        let name = format!("North {pair} &#38; South {pair}");
        let at = page
            .find(&format!("/scorecards/{pair}\">{pair} {name}</a>"))
            .unwrap_or_else(|| panic!("pair {pair} on the standings page"));
        let row = &page[page[..at].rfind("<tr").unwrap()..at + page[at..].find("</tr>").unwrap()];
        assert!(
            row.contains(&format!("<td>{}</td>", r["place"].as_str().unwrap())),
            "{row}"
        );
        assert!(row.contains(&number(&r["percent"])), "{row} {r}");
        assert!(
            row.contains(&format!(
                "{}/{}",
                number(&r["matchpoints"]),
                number(&r["max"])
            )),
            "{row}"
        );
    }
    for field in ["majors", "minors"] {
        let top = rows
            .iter()
            .find(|r| r["field"] == field && r["place"] == "1");
        if let Some(top) = top {
            let pair = top["pair"].as_u64().unwrap();
            assert!(
                page.contains(&format!("North {pair} &#38; South {pair}</strong>")),
                "the {field} winner is named"
            );
        }
    }

    // The public event page carries the same live standings.
    let (s, event_page) = public(&app, &site).await;
    assert_eq!(s, StatusCode::OK);
    assert!(event_page.contains(&format!("data-src=\"{site}/standings/live\"")));
    let live_part = &page[page.find("<div id=\"live-standings\"").unwrap()..];
    let event_part = &event_page[event_page.find("<div id=\"live-standings\"").unwrap()..];
    let part_end = |p: &str| p[..p.find("</div>").unwrap()].to_string();
    assert_eq!(part_end(live_part), part_end(event_part));

    // Travellers: every board's lines with the matchpoints `score` gave each way.
    let (s, trav) = e.api.get(&format!("{}/travellers", e.path)).await;
    assert_eq!(s, StatusCode::OK, "{trav}");
    let (s, tpage) = public(&app, &format!("{site}/travellers")).await;
    assert_eq!(s, StatusCode::OK);
    for b in standings["boards"].as_array().unwrap() {
        let board = b["board"].as_u64().unwrap();
        let t = trav["travellers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["board"] == board)
            .unwrap_or_else(|| panic!("board {board} in {trav}"));
        let lines = t["lines"].as_array().unwrap();
        assert_eq!(lines.len(), b["results"].as_array().unwrap().len());
        let section = &tpage[tpage.find(&format!("id=\"board-{board}\"")).unwrap()..];
        let section = &section[..section.find("</section>").unwrap()];
        for r in b["results"].as_array().unwrap() {
            let line = lines
                .iter()
                .find(|l| l["round"] == r["round"] && l["table"] == r["table"])
                .unwrap();
            assert_eq!(line["net"], r["net"]);
            assert_eq!(line["majors_mp"], r["mp"]["majors"]);
            assert_eq!(line["minors_mp"], r["mp"]["minors"]);
            assert!(
                section.contains(&format!(
                    "{} / {}",
                    number(&r["mp"]["majors"]),
                    number(&r["mp"]["minors"])
                )),
                "board {board}: {r}"
            );
        }
        assert!(section.contains("<svg"), "board {board}'s nets are charted");
    }

    // Scorecards: each pair's last running percentage is its standing's percentage.
    let (s, cards) = e.api.get(&format!("{}/scorecards", e.path)).await;
    assert_eq!(s, StatusCode::OK, "{cards}");
    for r in rows {
        let pair = r["pair"].as_u64().unwrap();
        let card = cards["scorecards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["number"] == pair)
            .unwrap();
        let played: Vec<&Value> = card["rows"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|row| row["state"] != "sits-out")
            .collect();
        assert_eq!(played.len(), 3);
        assert_eq!(
            played.last().unwrap()["running_percent"],
            r["percent"],
            "{card}"
        );
        let mp: f64 = played
            .iter()
            .map(|row| row["matchpoints"].as_f64().unwrap())
            .sum();
        assert!((mp - r["matchpoints"].as_f64().unwrap()).abs() < 0.01);
        let (s, cpage) = public(&app, &format!("{site}/scorecards/{pair}")).await;
        assert_eq!(s, StatusCode::OK);
        assert!(
            cpage.contains(&format!("{}%", number(&r["percent"]))),
            "{pair}"
        );
        assert!(cpage.contains("<svg"), "the running percentage is charted");
    }
    let (s, _) = public(&app, &format!("{site}/scorecards/99")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);

    // CSV: one row a pair, as the JSON.
    let r = reqwest::get(format!("{}{site}/standings.csv", app.address))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert!(
        r.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/csv")
    );
    let csv = r.text().await.unwrap();
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let header = reader.headers().unwrap().clone();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("{name} in {header:?}"))
    };
    let by_pair: BTreeMap<String, String> = reader
        .records()
        .map(|rec| {
            let rec = rec.unwrap();
            (
                rec[col("entry")].to_string(),
                rec[col("percent")].to_string(),
            )
        })
        .collect();
    assert_eq!(by_pair.len(), 10);
    for r in rows {
        assert_eq!(by_pair[&r["pair"].to_string()], number(&r["percent"]));
    }
    let r = reqwest::get(format!("{}{site}/travellers.csv", app.address))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let lines = csv::Reader::from_reader(r.text().await.unwrap().as_bytes())
        .records()
        .count();
    assert_eq!(lines, 15, "one line a table-round");

    // The results PDF reads back with the winners and a traveller.
    let r = reqwest::get(format!("{}{site}/results.pdf", app.address))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let text = pdf_text(&r.bytes().await.unwrap());
    assert!(text.contains("PROVISIONAL"), "{text}");
    let top = rows.iter().find(|r| r["place"] == "1").unwrap();
    assert!(text.contains(&format!("North {}", top["pair"])), "{text}");
    assert!(text.contains(&number(&top["percent"])), "{text}");
    assert!(text.contains("Board 1"), "{text}");
}

#[tokio::test]
async fn the_live_part_follows_a_new_result_and_a_hidden_event_stays_hidden() {
    let app = spawn_app().await;
    let e = mitchell(club_api(&app, "alpha", "olive@example.org").await).await;
    let id = e.path.trim_start_matches("/events/").to_string();
    let site = format!("/c/alpha/events/{id}");
    play_round(&e, 1, None).await;
    play_round(&e, 2, None).await;
    let places = play_round(&e, 3, Some(5)).await;
    let live = || async {
        let r = reqwest::get(format!("{}{site}/standings/live", app.address))
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::OK);
        r.json::<Value>().await.unwrap()
    };
    let before = live().await;
    assert_eq!(before["provisional"], true);
    let again = live().await;
    assert_eq!(before, again, "nothing changed, the same part");
    // Table 5's board is still to be played there: the public does not see that board's
    // results yet; the club's directors do.
    let (table, board) = places.iter().copied().find(|p| p.0 == 5).unwrap();
    let (_, st) = e.api.get(&format!("{}/standings", e.path)).await;
    let shown = |st: &Value| {
        st["boards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["board"] == board)
            .map_or(0, |b| b["results"].as_array().unwrap().len())
    };
    assert_eq!(shown(&st), 2, "the directors see the board's two results");
    let (_, cards) = public(&app, &format!("{site}/travellers")).await;
    assert!(
        !cards.contains(&format!("id=\"board-{board}\"")),
        "hidden from the public"
    );
    post_report(&e, 3, table, board).await;
    let after = live().await;
    assert_ne!(
        before["html"], after["html"],
        "the new result shows at once"
    );
    let (_, cards) = public(&app, &format!("{site}/travellers")).await;
    assert!(
        cards.contains(&format!("id=\"board-{board}\"")),
        "now every table has played it"
    );
    let (_, st) = e.api.get(&format!("{}/standings", e.path)).await;
    assert_eq!(shown(&st), 3);

    // Unknown and draft events are not found by the public.
    let (s, _) = public(&app, "/c/alpha/events/999/standings").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, draft) = e
        .api
        .post(
            "/events",
            json!({"name": "Draft", "date": "2026-12-02", "format": "pairs-mitchell",
                   "tables": 3, "boards": 3}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED);
    for page in [
        "standings",
        "standings/live",
        "travellers",
        "standings.csv",
        "results.pdf",
    ] {
        let (s, _) = public(&app, &format!("/c/alpha/events/{}/{page}", draft["id"])).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{page}");
    }
}

#[tokio::test]
async fn a_team_match_is_scored_by_team_totals_with_its_pairs_named_by_team() {
    let app = spawn_app().await;
    let api = club_api(&app, "alpha", "olive@example.org").await;
    let (s, ev) = api
        .post(
            "/events",
            json!({"name": "Match", "date": "2026-12-01", "format": "team-match",
                   "tables": 2, "boards": 4}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    let path = format!("/events/{}", ev["id"]);
    for team in ["Adders", "Boas"] {
        let players: Vec<Value> = (1..=4)
            .map(|i| json!({"name": format!("{team} {i}")}))
            .collect();
        let (s, v) = api
            .post(
                &format!("{path}/entries"),
                json!({"kind": "team", "name": team, "players": players}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
    let (s, m) = api
        .put(&format!("{path}/movement"), json!({"rounds": 4}))
        .await;
    assert_eq!(s, StatusCode::OK, "{m}");
    assert_eq!(m["teams"], json!({"A": [1, 2], "B": [3, 4]}));
    for to in ["ready", "running"] {
        let (s, v) = api.post(&format!("{path}/status"), json!({"to": to})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let (_, boards) = api.get(&format!("{path}/boards")).await;
    let e = Evening { api, path, boards };
    let mut lines = Vec::new();
    for round in 1..=4u64 {
        let started = e.start_round(round as u32).await;
        for t in started["tables"].as_array().unwrap() {
            let (table, board) = place(t);
            let r = post_report(&e, round, table, board).await;
            // A result names the team entries (A is 1, B is 2); the sheet, the movement's
            // pairs (A's are 1 and 2, B's 3 and 4).
            let team = |pair: &Value| json!(pair.as_u64().unwrap().div_ceil(2));
            assert_eq!(
                (r["majors"].clone(), r["minors"].clone()),
                (team(&t["majors"]), team(&t["minors"])),
                "{r}"
            );
            lines.push(json!({"round": round, "table": table, "board": board,
                              "majors": t["majors"], "minors": t["minors"],
                              "scores": r["scores"]}));
        }
    }
    // Table 2 seats B's majors (pair 3) against A's minors (pair 2).
    assert_eq!(
        (&lines[1]["majors"], &lines[1]["minors"]),
        (&json!(3), &json!(2))
    );
    let sheet = json!({"method": "team", "teams": {"A": [1, 2], "B": [3, 4]}, "results": lines});
    let (_, served) = e.api.get(&format!("{}/sheet", e.path)).await;
    assert_eq!(served, sheet);
    let (_, mut st) = e.api.get(&format!("{}/standings", e.path)).await;
    assert_eq!(st["provisional"], true);
    st.as_object_mut().unwrap().remove("provisional");
    let printed = score_cli(&sheet);
    assert_eq!(st, printed);
    // The team totals by hand: each team's partnership scores summed.
    let total = |team: [u64; 2]| -> i64 {
        lines
            .iter()
            .map(|l| {
                let side = |s: &str| l["scores"][s].as_i64().unwrap();
                let mut t = 0;
                if team.contains(&l["majors"].as_u64().unwrap()) {
                    t += side("majors");
                }
                if team.contains(&l["minors"].as_u64().unwrap()) {
                    t += side("minors");
                }
                t
            })
            .sum()
    };
    let (a, b) = (total([1, 2]), total([3, 4]));
    let team_total = |label: &str| {
        st["teams"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["team"] == label)
            .unwrap()["total"]
            .as_i64()
            .unwrap()
    };
    assert_eq!((team_total("A"), team_total("B")), (a, b));
    assert_eq!(st["difference"], a - b, "A's total minus B's");
    // The pages name the teams, and the pairs by their team.
    let id = e.path.trim_start_matches("/events/");
    let (s, page) = public(&app, &format!("/c/alpha/events/{id}/standings")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("Adders") && page.contains("Boas"), "{page}");
    // The teams' scorecard: each board's swing for A and for B, and A's running total,
    // which ends on the difference.
    let board_table = &page[page.find("The match, board by board").unwrap()..];
    let mut running = 0;
    for b in st["boards"].as_array().unwrap() {
        let swing = b["swing"]["A"].as_i64().unwrap();
        running += swing;
        let row = format!(
            "#board-{0}\">{0}</a></td><td class=\"num\">{swing}</td><td class=\"num\">{1}</td><td class=\"num\">{running}</td>",
            b["board"], -swing
        );
        assert!(board_table.contains(&row), "{row} in {board_table}");
    }
    assert_eq!(running, a - b);
    let (_, trav) = public(&app, &format!("/c/alpha/events/{id}/travellers")).await;
    assert!(trav.contains("Boas (majors)") && trav.contains("Adders (minors)"));
}
