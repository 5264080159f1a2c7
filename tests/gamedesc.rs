//! One description per game (#37): the words each game's pages, papers and exports use,
//! asked of `event::game::EventGame` instead of each page branching on the game.

mod common;

use common::games::*;
use common::*;
use reqwest::StatusCode;
use serde_json::json;

/// An Auction evening of two tables of three, its rounds set: (its API, its API path, its
/// page).
async fn auction_evening(app: &TestApp, d: &Browser, rounds: u32) -> (Api, String, String) {
    let api = api_for(app, d, "alpha").await;
    let (s, ev) = api
        .post(
            "/events",
            json!({"name": "Auction Night", "date": "2026-12-03",
                   "format": "progressive-individual", "game": "auction",
                   "auction_setup": "none",
                   "hands": 3, "tables": 2, "boards": 12}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    let path = format!("/events/{}", ev["id"]);
    for n in ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"] {
        let (s, v) = api
            .post(
                &format!("{path}/entries"),
                json!({"kind": "individual", "players": [{"name": n}]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
    let (s, m) = api
        .put(&format!("{path}/movement"), json!({"rounds": rounds}))
        .await;
    assert_eq!(s, StatusCode::OK, "{m}");
    let page = format!("/c/alpha/events/{}", ev["id"]);
    (api, path, page)
}

#[tokio::test]
async fn auction_table_cards_round_control_and_setup_tell_the_tables_of_three() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (_, _, page) = auction_evening(&app, &d, 3).await;

    let r = d.get(&format!("{page}/table-cards.pdf")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let text = pdf_text(&r.bytes().await.unwrap());
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("the highest scorer stays at this table"),
        "{flat}"
    );
    assert!(
        flat.contains("the middle scorer moves up a table"),
        "{flat}"
    );
    assert!(flat.contains("the lowest moves down a table"), "{flat}");
    assert!(flat.contains("2 tables of three, 6 players"), "{flat}");
    for wrong in ["cut", "winners stay", "losers", "side of three"] {
        assert!(!flat.contains(wrong), "{wrong} in {flat}");
    }

    for path in [format!("{page}/individual"), format!("{page}/rounds")] {
        let (s, html) = d.get_text(&path).await;
        assert_eq!(s, StatusCode::OK, "{path}");
        assert!(
            html.contains("highest scorer") || html.contains("three to a table"),
            "{path}: {html}"
        );
        for wrong in [
            "4, 5 or 6",
            "cut for partners",
            "the winners stay",
            "cut is drawn",
        ] {
            assert!(!html.contains(wrong), "{wrong} in {path}: {html}");
        }
    }
}

#[tokio::test]
async fn the_auction_archive_csv_gives_three_players_and_three_scores_and_names_the_game() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (api, path, page) = auction_evening(&app, &d, 1).await;
    for to in ["ready", "running"] {
        let (s, v) = api.post(&format!("{path}/status"), json!({"to": to})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let (s, v) = api
        .post(&format!("{path}/rounds"), json!({"round": 1}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (_, rounds) = api.get(&format!("{path}/rounds")).await;
    let mut games = Vec::new();
    for t in rounds["tables"].as_array().unwrap() {
        let table = t["table"].as_u64().unwrap();
        let board = t["boards"][0].as_u64().unwrap();
        let game = auction_game(3, 700 + table);
        let body = json!({"round": 1, "table": table, "board": board,
                          "auction": serde_json::to_value(&game.summary).unwrap()});
        let (s, v) = api.post(&format!("{path}/results"), body).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        games.push((t["players"].clone(), game.score.totals));
    }
    let (s, v) = api
        .post(&format!("{path}/status"), json!({"to": "finished"}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");

    let (s, csv) = d.get_text("/c/alpha/archive.csv").await;
    assert_eq!(s, StatusCode::OK);
    let mut lines = csv.lines();
    let head: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| {
        head.iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("{name} in {head:?}"))
    };
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 2, "{csv}");
    for (row, (players, totals)) in rows.iter().zip(&games) {
        assert_eq!(row[col("game")], "Auction Calypso", "{csv}");
        let seated: Vec<String> = players
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.to_string())
            .collect();
        assert_eq!(
            [row[col("majors")], row[col("minors")], row[col("third")]],
            [seated[0].as_str(), seated[1].as_str(), seated[2].as_str()],
            "{csv}"
        );
        for name in ["majors_name", "minors_name", "third_name"] {
            assert!(!row[col(name)].is_empty(), "{name}: {csv}");
        }
        assert_eq!(
            [
                row[col("majors_score")],
                row[col("minors_score")],
                row[col("third_score")]
            ],
            totals.map(|t| t.to_string()).each_ref().map(String::as_str),
            "{csv}"
        );
        assert_eq!(row[col("net")], "", "no net between three: {csv}");
    }

    let (_, archive) = d.get_text("/c/alpha/archive").await;
    assert!(archive.contains("Auction Calypso"), "{archive}");
    let (_, found) = d.get_text("/c/alpha/players/search?q=Ann").await;
    let start = found
        .find("/c/alpha/people/")
        .unwrap_or_else(|| panic!("{found}"));
    let href = &found[start..start + found[start..].find('"').unwrap()];
    let (s, person) = d.get_text(href).await;
    assert_eq!(s, StatusCode::OK, "{href}");
    assert!(
        person.contains("each for themselves at tables of three"),
        "{person}"
    );
    assert!(!person.contains("changing partners"), "{person}");
    assert!(person.contains("Auction Calypso"), "{person}");
    let _ = page;
}

#[tokio::test]
async fn a_kaiso_evening_shows_no_robot_par_even_one_stored() {
    use calypso_director::deals::par::analyse_board;
    use calypso_director::deals::{SetKey, board};
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let body = json!({"name": "Steel Band Kaiso", "date": "2026-12-02",
                      "format": "pairs-mitchell", "game": "kaiso", "tables": 3, "boards": 3});
    let (path, _) = running(&api, body, &six_pairs(), one_board_rounds(3)).await;
    let id: calypso_director::event::EventId = path.rsplit('/').next().unwrap().parse().unwrap();
    let ev = with_conn(&app, |c| {
        calypso_director::service::events::public_event(c, id).unwrap()
    });
    // A par stored for board 1 (as a server before the fix worked one out).
    let deal = ev.deal.clone().unwrap();
    let key = SetKey::from_hex(&deal.key_hex).unwrap();
    let spec = ev.settings.game_spec();
    let b = board(&key, 1, false, &spec, None).unwrap();
    let par = analyse_board(&spec, &key, &b, TEST_PAR, 1, &|| {}).unwrap();
    with_conn(&app, |c| {
        calypso_director::db::pars::store_par(c, id, &deal.commitment, &par).unwrap()
    });
    let page = format!("/c/alpha/events/{id}");
    for p in [format!("{page}/boards/1"), format!("{page}/travellers")] {
        let (s, html) = d.get_text(&p).await;
        assert_eq!(s, StatusCode::OK, "{p}");
        // Only the line that this game has none (#40 item 6), never the stored figures.
        assert!(html.contains("No robot par for this game."), "{p}: {html}");
        for word in [
            "<div class=\"robot-par\"",
            "robot-par-net",
            "Robot par",
            "against the robots",
            "Against the robots",
        ] {
            assert!(!html.contains(word), "{word} in {p}: {html}");
        }
    }
    let r = d.get(&format!("{page}/hand-records.pdf")).await;
    if r.status() == StatusCode::OK {
        let text = pdf_text(&r.bytes().await.unwrap());
        assert!(!text.contains("Robot par"), "{text}");
        assert!(text.contains("No robot par for this game."), "{text}");
    }
}

#[tokio::test]
async fn embers_pages_speak_of_games_and_tables_not_boards() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let body = json!({"name": "Embers Night", "date": "2026-12-02", "format": "progressive",
                      "game": "embers", "hands": 4, "tables": 3, "boards": 9});
    let e = six_pair_evening(api, body, 3).await;
    e.start_round(1).await;
    let page = format!("/c/alpha/events/{}", e.path.rsplit('/').next().unwrap());
    let (_, html) = d.get_text(&page).await;
    assert!(html.contains(" games</dd>"), "{html}");
    assert!(!html.contains(" boards</dd>"), "{html}");
    let (_, html) = d.get_text(&format!("{page}/rounds")).await;
    assert!(html.contains(", game "), "{html}");
    assert!(!html.contains(", board "), "{html}");
    let (_, html) = d.get_text(&format!("{page}/results")).await;
    assert!(
        html.contains("<span class=\"muted\">game 1</span>"),
        "{html}"
    );
    assert!(!html.contains("board 1"), "{html}");
    let (s, html) = d.get_text(&format!("{page}/scorecards/1")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("<th>Table</th>"), "{html}");
    assert!(!html.contains("<th>Board</th>"), "{html}");
    assert!(!html.contains("muted\">t1<"), "{html}");
}

#[tokio::test]
async fn the_event_form_offers_every_game_in_one_choice_and_posts_the_same_settings() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let (_, form) = d.get_text("/c/alpha/events/new").await;
    assert!(!form.contains("Scored as"), "{form}");
    assert!(!form.contains(r#"id="variant""#), "{form}");
    for option in [
        r#"<option value="standard" selected>Standard partnership game</option>"#,
        r#"<option value="duet">Calypso Duet (two players)</option>"#,
        r#"<option value="kaiso">Kaiso</option>"#,
        r#"<option value="embers">Embers Calypso</option>"#,
        r#"<option value="auction">Auction Calypso</option>"#,
    ] {
        assert!(form.contains(option), "{option} in {form}");
    }
    let mut made = Vec::new();
    for (name, game) in [
        ("Duet Night", "duet"),
        ("Kaiso Night", "kaiso"),
        ("Plain Night", "standard"),
    ] {
        let fields: Vec<(&str, &str)> = event_fields(name)
            .into_iter()
            .filter(|(k, _)| *k != "variant")
            .chain([("game", game)])
            .collect();
        let r = d
            .post("/c/alpha/events/new", "/c/alpha/events", &fields)
            .await;
        assert_eq!(r.status(), StatusCode::SEE_OTHER, "{game}");
        let id = id_from_location(&location(&r));
        let (_, ev) = api.get(&format!("/events/{id}")).await;
        made.push((ev["game"].clone(), ev["variant"].clone()));
        // The edit form shows the one choice selected.
        let (_, edit) = d.get_text(&format!("/c/alpha/events/{id}/edit")).await;
        assert!(
            edit.contains(&format!(r#"<option value="{game}" selected>"#)),
            "{edit}"
        );
    }
    assert_eq!(
        made,
        vec![
            (json!("calypso"), json!("duet")),
            (json!("kaiso"), json!("standard")),
            (json!("calypso"), json!("standard")),
        ]
    );
}

#[tokio::test]
async fn the_board_page_and_the_ruling_form_name_the_sides_as_players_do() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let e = common::evening::mitchell(api).await;
    let started = e.start_round(1).await;
    let id = e.path.rsplit('/').next().unwrap().to_string();
    // A stored result's cards in progress read as cards (J♠), not codes (JS).
    let (table, board) = common::evening::place(&started["tables"][1]);
    let r = common::evening::post_report(&e, 1, table, board).await;
    let (s, html) = d
        .get_text(&format!("/c/alpha/events/{id}/results/{}", r["id"]))
        .await;
    assert_eq!(s, StatusCode::OK, "{html}");
    let start = html
        .find("in progress ")
        .unwrap_or_else(|| panic!("{html}"));
    let cards = &html[start..start + html[start..].find('<').unwrap()];
    assert!(cards.contains(['♠', '♥', '♦', '♣']), "{cards}");
    assert!(!cards.contains(|c: char| "SHDC".contains(c)), "{cards}");
    let (s, html) = d
        .get_text(&format!(
            "/c/alpha/events/{id}/results/board?round=1&table=1&board=1"
        ))
        .await;
    assert_eq!(s, StatusCode::OK, "{html}");
    assert!(html.contains(">Late pair: N-S ♠♥</option>"), "{html}");
    assert!(html.contains(">Late pair: E-W ♦♣</option>"), "{html}");
    assert!(!html.contains("the majors"), "{html}");
}

#[tokio::test]
async fn a_duet_movement_names_its_single_players_not_pairs() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let entries: Vec<serde_json::Value> = (1..=8)
        .map(|n| json!({"kind": "individual", "players": [{"name": format!("Player {n}")}]}))
        .collect();
    let body = json!({"name": "Duet Night", "date": "2026-12-02", "format": "pairs-mitchell",
                      "variant": "duet", "tables": 4, "boards": 4});
    let (path, _) = running(&api, body, &entries, one_board_rounds(3)).await;
    let id = path.rsplit('/').next().unwrap();
    let (s, html) = d.get_text(&format!("/c/alpha/events/{id}/movement")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("4 tables, 8 players, 4 boards"), "{html}");
    assert!(
        html.contains("The N-S ♠♥ players stay; the E-W ♦♣ players move up"),
        "{html}"
    );
    assert!(
        html.contains("Round 1: table 1 · E-W ♦♣ · against player 1 · board 1"),
        "{html}"
    );
    assert!(!html.contains("against pair"), "{html}");
    assert!(!html.contains("♦♣ pair"), "{html}");
}
