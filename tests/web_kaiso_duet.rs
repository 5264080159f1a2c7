//! Kaiso and Calypso Duet as club events (#22), from the director's first request to the
//! standings: a Kaiso Mitchell of three tables whose tables enter their songs on their
//! phones' forms, and a Duet individual of four two-player tables reporting with each deal's
//! dummies. The engine checks every report against the real boards; the matchpoints are
//! worked here from the stored scores and compared with the API's standings.

mod common;

use calypso_director::engine::kaiso::{self, KaisoSummary};
use common::evening::*;
use common::games::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn a_kaiso_mitchell_of_three_tables_is_entered_on_the_phones_and_matchpointed() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let base = json!({"name": "Kaiso Night", "date": "2026-12-01", "format": "pairs-mitchell",
                      "game": "kaiso", "tables": 3, "boards": 3});

    // Kaiso is the standard partnership game (any format: the progressives too).
    let cases = [
        (
            json!({"variant": "cutthroat-4"}),
            "Kaiso is played by four players in two partnerships",
        ),
        (
            json!({"game": "whist"}),
            "the game is calypso, kaiso, embers, auction or auction-pairs (not \"whist\")",
        ),
    ];
    refused_event_bodies(&api, &base, &cases).await;

    let e = six_pair_evening(api, base, 3).await;
    let path = e.path.clone();
    let api = &e.api;
    let (s, ev) = api.get(&path).await;
    assert_eq!((s, ev["game"].as_str()), (StatusCode::OK, Some("kaiso")));
    let id = event_id(&e);

    for round in 1..=3u64 {
        let started = e.start_round(round as u32).await;
        if round == 1 {
            // A Calypso report is refused at a Kaiso event, naming what to give.
            let report = Report::new(&e.deals(1), 4, [0; 4], [0; 4]);
            let (_, board) = place(&started["tables"][0]);
            let (s, v) = api.post(&e.results(), report.body(1, 1, board)).await;
            assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
            assert!(
                v["error"]
                    .as_str()
                    .unwrap()
                    .contains("a Kaiso event takes each partnership's songs"),
                "{v}"
            );
        }
        for t in started["tables"].as_array().unwrap() {
            let (table, board) = place(t);
            let phone = Phone::at(&app, id, 3, table as usize);
            let summary: KaisoSummary = if (round, table) == (1, 1) {
                serde_json::from_value(json!({"partnerships": docs_example()})).unwrap()
            } else {
                kaiso_game(&board_deals(&e.boards, board), round * 10 + table)
            };
            if (round, table) == (1, 2) {
                // A quartet without its rank and a row without its kind: both named, on
                // the partnership's part of the form, and what was typed stays.
                let mut f = kaiso_form(&summary, round, board);
                f.retain(|(k, _)| !k.starts_with("k_NS_1_"));
                f.extend(
                    [
                        ("k_NS_1_kind", "quartet"),
                        ("k_NS_1_suit", "rainbow"),
                        ("k_EW_9_suit", "C"),
                    ]
                    .map(|(k, v)| (k.to_string(), v.to_string())),
                );
                let r = phone
                    .browser
                    .post(&phone.page, &format!("{}/result", phone.page), &pairs(&f))
                    .await;
                let page = r.text().await.unwrap();
                assert!(
                    page.contains("East-West&#39;s song 9: choose what it is (calypso, kaiso minor, midi, major or quartet)")
                        || page.contains("East-West's song 9: choose what it is"),
                    "{page}"
                );
                let r = phone
                    .browser
                    .post(
                        &phone.page,
                        &format!("{}/result", phone.page),
                        &pairs(&f[..f.len() - 1]),
                    )
                    .await;
                let page = r.text().await.unwrap();
                assert!(page.contains("a quartet needs its rank"), "{page}");
                assert!(
                    page.contains(r#"name="k_NS_1_kind" value="quartet" checked"#),
                    "the typed row is kept"
                );
                let before = results(api, &path).await;
                assert!(
                    before
                        .iter()
                        .all(|r| r["round"] != round || r["table"] != table),
                    "nothing saved"
                );
            }
            let f = kaiso_form(&summary, round, board);
            let r = phone
                .browser
                .post(&phone.page, &format!("{}/result", phone.page), &pairs(&f))
                .await;
            assert_eq!(
                r.status(),
                StatusCode::SEE_OTHER,
                "round {round} table {table}: {}",
                r.text().await.unwrap()
            );
            let score = kaiso::score(&summary);
            let totals = (score.partnerships.ns.total, score.partnerships.ew.total);
            if (round, table) == (1, 1) {
                assert_eq!(totals, (450, 50), "the docs' example, worked by hand");
            }
            let stored = results(api, &path).await;
            let r = at(&stored, round, table);
            assert_eq!(
                (
                    r["scores"]["majors"].as_i64().unwrap(),
                    r["scores"]["minors"].as_i64().unwrap()
                ),
                totals
            );
            assert_eq!(r["status"], "provisional");
            // The agree screen lists the songs with their points; East-West agree.
            let (_, page) = phone.page_text().await;
            assert!(page.contains("leftover song card"), "{page}");
            if (round, table) == (1, 1) {
                assert!(page.contains("regular ♠ calypso"), "{page}");
                assert!(page.contains("N-S ♠♥: 450"), "{page}");
            }
            let r = phone.answer(&r["id"].to_string(), true).await;
            assert_eq!(r.status(), StatusCode::SEE_OTHER);
        }
    }
    let stored = results(api, &path).await;
    assert_eq!(stored.len(), 9);
    assert!(
        stored.iter().all(|r| r["status"] == "confirmed"),
        "{stored:?}"
    );
    assert_eq!(standings_mp(api, &path).await, matchpoints(&stored));

    // The director's result page lists the songs; a correction starts from what the table
    // entered and is scored again: one leftover card fewer, one more in the trick pile.
    let rid = at(&stored, 1, 1)["id"].to_string();
    let result = format!("/c/alpha/events/{id}/results/{rid}");
    let (s, page) = d.get_text(&result).await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("regular ♠ calypso 500"), "{page}");
    let correct = format!("{result}/correct");
    let (_, form) = d.get_text(&correct).await;
    for kept in [
        r#"name="k_NS_1_kind" value="calypso" checked"#,
        r#"name="k_NS_2_suit" value="rainbow" checked"#,
        r#"name="k_EW_1_rank" value="K" checked"#,
        r#"name="k_NS_pile" value="101""#,
    ] {
        assert!(form.contains(kept), "{kept} in {form}");
    }
    let mut f = kaiso_form(
        &serde_json::from_value(json!({"partnerships": docs_example()})).unwrap(),
        1,
        at(&stored, 1, 1)["board"].as_u64().unwrap(),
    );
    for (k, v) in f.iter_mut() {
        match k.as_str() {
            "k_NS_leftover" => *v = "1".into(),
            "k_NS_pile" => *v = "102".into(),
            _ => {}
        }
    }
    f.push((
        "reason".into(),
        "N-S counted a trick pile card as a leftover".into(),
    ));
    let r = d.post(&correct, &correct, &pairs(&f)).await;
    assert_eq!(
        r.status(),
        StatusCode::SEE_OTHER,
        "{}",
        r.text().await.unwrap()
    );
    let stored = results(api, &path).await;
    assert_eq!(
        at(&stored, 1, 1)["scores"],
        json!({"majors": 480, "minors": 50}),
        "500 + 10 - 30"
    );
}

#[tokio::test]
async fn a_duet_individual_of_four_tables_reports_each_deals_dummies_and_is_matchpointed() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let base = json!({"name": "Duet Night", "date": "2026-12-02", "format": "pairs-mitchell",
                      "variant": "duet", "tables": 4, "boards": 4});
    let mut team = base.clone();
    team["format"] = json!("team-match");
    let (s, v) = api.post("/events", team).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("Calypso Duet is played by individuals at two-player tables"),
        "{v}"
    );

    // Single players, not pairs.
    let (s, ev) = api.post("/events", base.clone()).await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    let pair = json!({"kind": "pair", "players": [{"name": "Ann"}, {"name": "Bob"}]});
    let (s, v) = api
        .post(&format!("/events/{}/entries", ev["id"]), pair)
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(
        v["error"],
        "this event is Calypso Duet (two players): its entries are individuals, not pairs"
    );

    let entries: Vec<Value> = (1..=8)
        .map(|n| json!({"kind": "individual", "players": [{"name": format!("Player {n}")}]}))
        .collect();
    let (path, boards) = running(&api, base, &entries, one_board_rounds(3)).await;
    let e = Evening {
        api,
        path: path.clone(),
        boards,
    };
    let api = &e.api;
    let id: calypso_director::event::EventId = path.trim_start_matches("/events/").parse().unwrap();
    // The hand records say which two hands each player receives.
    let r = d
        .get(&format!("/c/alpha/events/{id}/hand-records.pdf"))
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let text = pdf_text(&r.bytes().await.unwrap());
    assert!(
        text.contains("♠♥ player: the North and South hands"),
        "{text}"
    );
    assert!(
        text.contains("♣♦ player: the West and East hands"),
        "{text}"
    );
    let dummies = |k: usize| {
        if k.is_multiple_of(2) {
            ("N", "E")
        } else {
            ("S", "W")
        }
    };

    for round in 1..=3u64 {
        // Table 1's phone results wait for the other side: the director starts anyway.
        let started = e.start_round_confirming(round as u32).await;
        for t in started["tables"].as_array().unwrap() {
            let (table, board) = place(t);
            let report = duet_report(&e, round, table, board);
            if table == 1 {
                // The table's phone: the whole game, and each deal's dummies tapped.
                let phone = Phone::at(&app, id, 4, 1);
                let (_, page) = phone.page_text().await;
                assert!(page.contains("Each player's dummy"), "{page}");
                assert!(page.contains("♠♥ player"), "{page}");
                let mut f = report.form(round, board);
                f.push(("mode".into(), "game".into()));
                for k in 1..=4 {
                    let (m, n) = dummies(k);
                    f.push((format!("dummy_{k}_majors"), m.into()));
                    if k != 3 || round > 1 {
                        f.push((format!("dummy_{k}_minors"), n.into()));
                    }
                }
                let to = format!("{}/result", phone.page);
                let r = phone.browser.post(&phone.page, &to, &pairs(&f)).await;
                if round == 1 {
                    // Deal 3's minors dummy was not tapped: named, nothing saved.
                    let page = r.text().await.unwrap();
                    assert!(
                        page.contains(
                            "deal 3: choose which hand was the ♣♦ player&#39;s dummy (West or East)"
                        ) || page.contains(
                            "deal 3: choose which hand was the ♣♦ player's dummy (West or East)"
                        ),
                        "{page}"
                    );
                    assert!(
                        page.contains(r#"name="dummy_3_majors" value="S" checked"#),
                        "kept"
                    );
                    f.push(("dummy_3_minors".into(), "W".into()));
                    let r = phone.browser.post(&phone.page, &to, &pairs(&f)).await;
                    assert_eq!(r.status(), StatusCode::SEE_OTHER);
                } else {
                    assert_eq!(r.status(), StatusCode::SEE_OTHER);
                }
                // The agree screen shows the dummies chosen: the other player checks them.
                let (_, page) = phone.page_text().await;
                let check = &page[page.find("report-check").expect("the counts entered")..];
                assert!(check.contains("Dummies chosen"), "{check}");
                assert!(
                    check.contains("Deal 1: ♠♥ player South · ♣♦ player West"),
                    "{check}"
                );
                assert!(
                    check.contains("Deal 2: ♠♥ player North · ♣♦ player East"),
                    "{check}"
                );
            } else {
                let mut body = report.body(round, table, board);
                let choices: Vec<Value> = (1..=4)
                    .map(|k| {
                        let (m, n) = dummies(k);
                        json!({"majors": m, "minors": n})
                    })
                    .collect();
                if (round, table) == (1, 2) {
                    // A hand that is not the player's is refused with the engine's words.
                    let mut wrong = body.clone();
                    let mut bad = choices.clone();
                    bad[1]["majors"] = json!("E");
                    wrong["dummies"] = json!(bad);
                    let (s, v) = api.post(&e.results(), wrong).await;
                    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
                    let said = v.to_string();
                    assert!(said.contains("dummy-not-own"), "{said}");
                    assert!(said.contains("the majors player's dummy in deal 2 must be one of their two dealt hands, North or South; the summary names East"), "{said}");
                }
                body["dummies"] = json!(choices);
                let (s, v) = api.post(&e.results(), body).await;
                assert_eq!(s, StatusCode::CREATED, "round {round} table {table}: {v}");
                assert_eq!(
                    v["audit"][0]["new"]["sheet"]["dummies"][1],
                    json!({"majors": "N", "minors": "E"}),
                    "{v}"
                );
            }
            let stored = results(api, &path).await;
            let r = at(&stored, round, table);
            let (m, n) = report.scores();
            assert_eq!(
                (
                    r["scores"]["majors"].as_i64().unwrap(),
                    r["scores"]["minors"].as_i64().unwrap()
                ),
                (m, n)
            );
        }
    }
    let stored = results(api, &path).await;
    assert_eq!(stored.len(), 12);
    let mp = standings_mp(api, &path).await;
    assert_eq!(mp, matchpoints(&stored));
    assert_eq!(mp.len(), 8, "eight single players");
    let (_, st) = api.get(&format!("{path}/standings")).await;
    let (s, page) = reqwest::get(format!("{}/c/alpha/events/{}/standings", app.address, id))
        .await
        .map(|r| (r.status(), r))
        .unwrap();
    assert_eq!(s, StatusCode::OK, "{st}");
    let page = page.text().await.unwrap();
    assert!(page.contains("Player 1"), "{page}");
    assert!(
        !page.contains("Player 1 &#38;"),
        "a player alone, not a pair"
    );
    // The deal viewer shows each table's dummies, deal by deal: the board alone does not say
    // which hands were dummies.
    let first = at(&stored, 1, 1);
    let board = first["board"].as_u64().unwrap();
    let r = d.get(&format!("/c/alpha/events/{id}/boards/{board}")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let viewer = r.text().await.unwrap();
    let deal = |n: usize| {
        let from = viewer.find(&format!("id=\"deal-{n}\"")).expect("the deal");
        let to = viewer[from..].find("</section>").unwrap() + from;
        viewer[from..to].to_string()
    };
    assert!(deal(1).contains("Dummies chosen"), "{}", deal(1));
    assert!(
        deal(1).contains("Round 1, table 1: ♠♥ player South · ♣♦ player West"),
        "{}",
        deal(1)
    );
    assert!(
        deal(2).contains("Round 1, table 1: ♠♥ player North · ♣♦ player East"),
        "{}",
        deal(2)
    );
}

#[tokio::test]
async fn a_kaiso_team_match_adds_up_each_teams_partnership_scores() {
    let app = spawn_app().await;
    let api = club_api(&app, "alpha", "olive@example.org").await;
    let teams: Vec<Value> = ["Adders", "Boas"]
        .iter()
        .map(|team| {
            let players: Vec<Value> = (1..=4)
                .map(|i| json!({"name": format!("{team} {i}")}))
                .collect();
            json!({"kind": "team", "name": team, "players": players})
        })
        .collect();
    let (path, boards) = running(
        &api,
        json!({"name": "Kaiso Match", "date": "2026-12-03", "format": "team-match",
               "game": "kaiso", "tables": 2, "boards": 4}),
        &teams,
        one_board_rounds(4),
    )
    .await;
    let e = Evening { api, path, boards };
    let mut lines = Vec::new();
    for round in 1..=4u64 {
        let started = e.start_round(round as u32).await;
        for t in started["tables"].as_array().unwrap() {
            let (table, board) = place(t);
            let (summary, r) = post_kaiso(&e, round, table, board, 100 + round * 10 + table).await;
            let score = kaiso::score(&summary);
            assert_eq!(
                r["scores"],
                json!({"majors": score.partnerships.ns.total, "minors": score.partnerships.ew.total})
            );
            lines.push((
                t["majors"].as_u64().unwrap(),
                t["minors"].as_u64().unwrap(),
                r["scores"].clone(),
            ));
        }
    }
    // Each team's total by hand: its pairs' partnership scores (A's pairs 1 and 2).
    let total = |team: [u64; 2]| -> i64 {
        lines
            .iter()
            .map(|(m, n, s)| {
                let mut t = 0;
                if team.contains(m) {
                    t += s["majors"].as_i64().unwrap();
                }
                if team.contains(n) {
                    t += s["minors"].as_i64().unwrap();
                }
                t
            })
            .sum()
    };
    let (s, st) = e.api.get(&format!("{}/standings", e.path)).await;
    assert_eq!(s, StatusCode::OK, "{st}");
    assert_eq!(st["method"], "team");
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
    assert_eq!(
        (team_total("A"), team_total("B")),
        (total([1, 2]), total([3, 4]))
    );
}

/// The event form offers Kaiso and the Duet variants; a combination that does not go
/// together is named beside its field, with every choice kept.
#[tokio::test]
async fn the_event_form_offers_kaiso_and_duet_and_names_a_wrong_combination() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (_, form) = d.get_text("/c/alpha/events/new").await;
    assert!(
        form.contains(r#"<option value="kaiso">Kaiso</option>"#),
        "{form}"
    );
    assert!(form.contains(r#"<option value="duet">Calypso Duet (two players)</option>"#));
    let mut fields = event_fields("Steel Band Kaiso");
    fields[3] = ("variant", "cutthroat-4");
    fields.push(("game", "kaiso"));
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = r.text().await.unwrap();
    assert!(page.contains("Kaiso is played by four players in two partnerships: choose the standard variant (not cutthroat-4)"), "{page}");
    assert!(
        page.contains(r#"<option value="kaiso" selected>Kaiso</option>"#),
        "kept"
    );
    // Duet in a progressive: refused on the format.
    let mut fields = event_fields("Duet Progressive");
    fields[2] = ("format", "progressive");
    fields[3] = ("variant", "duet");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = r.text().await.unwrap();
    assert!(
        page.contains("Calypso Duet is played by individuals at two-player tables"),
        "{page}"
    );
    // Made right, the Kaiso event's page names the game.
    let mut fields = event_fields("Steel Band Kaiso");
    fields.push(("game", "kaiso"));
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, page) = d.get_text(&location(&r)).await;
    assert!(page.contains("<dt>Scored as</dt><dd>Kaiso"), "{page}");
}

/// Kaiso in a progressive of pairs (#40 item 3: no seed sentence forbids it): two tables,
/// one round, each table's songs entered on its phone; the tallies are the partnerships'
/// Kaiso totals, plus for the pair that stays (N-S) and minus for its opponents, worked here.
#[tokio::test]
async fn a_kaiso_progressive_tallies_the_partnerships_kaiso_totals() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let body = json!({"name": "Kaiso Progressive", "date": "2026-12-01", "format": "progressive",
                      "game": "kaiso", "tables": 2, "boards": 2});
    let four: Vec<serde_json::Value> = (1..=4)
        .map(|n| json!({"kind": "pair", "players": [{"name": format!("North {n}")}, {"name": format!("South {n}")}]}))
        .collect();
    let (path, boards) = running(&api, body, &four, one_board_rounds(1)).await;
    let e = Evening { api, path, boards };
    let id = event_id(&e);
    let started = e.start_round(1).await;
    let mut worked: std::collections::BTreeMap<u64, i64> = Default::default();
    for t in started["tables"].as_array().unwrap() {
        let (table, board) = place(t);
        let summary = kaiso_game(&board_deals(&e.boards, board), 40 + table);
        let phone = Phone::at(&app, id, 2, table as usize);
        let f = kaiso_form(&summary, 1, board);
        let r = phone
            .browser
            .post(&phone.page, &format!("{}/result", phone.page), &pairs(&f))
            .await;
        assert_eq!(
            r.status(),
            StatusCode::SEE_OTHER,
            "table {table}: {}",
            r.text().await.unwrap()
        );
        let score = kaiso::score(&summary);
        let margin = score.partnerships.ns.total - score.partnerships.ew.total;
        let stored = results(&e.api, &e.path).await;
        let r = at(&stored, 1, table);
        assert_eq!(
            (
                r["scores"]["majors"].as_i64(),
                r["scores"]["minors"].as_i64()
            ),
            (
                Some(score.partnerships.ns.total),
                Some(score.partnerships.ew.total)
            ),
            "table {table}: {r}"
        );
        // Round 1 of a progressive: pair t stays N-S at table t, pair t + 2 sits E-W.
        assert_eq!(
            (r["majors"].as_u64(), r["minors"].as_u64()),
            (Some(table), Some(table + 2)),
            "{r}"
        );
        worked.insert(table, margin);
        worked.insert(table + 2, -margin);
    }
    let stored = results(&e.api, &e.path).await;
    assert_eq!(stored.len(), 2);
    assert!(worked.values().any(|&t| t != 0), "{worked:?}");
    assert_eq!(tallies(&stored), worked);
    assert_eq!(standings_tally(&e.api, &e.path).await, worked);
}
