//! Embers Calypso as a club's progressive evening (#23): settings, three tables of four over
//! three rounds, each table's game of four hands reported hand by hand (on the phone, the
//! engine checks each hand and shows the running score; the result goes in with the last
//! hand) or whole through the API, and the tallies worked here from the stored scores.

mod common;

use calypso_director::engine::TrickRule;
use calypso_director::engine::embers::{self, EmbersSpec};
use common::evening::*;
use common::games::*;
use common::*;
use reqwest::StatusCode;
use serde_json::json;

const HANDS: usize = 4;

#[tokio::test]
async fn an_embers_progressive_of_three_tables_is_scored_hand_by_hand_and_tallied() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let base = json!({"name": "Embers Night", "date": "2026-12-02", "format": "progressive",
                      "game": "embers", "hands": HANDS, "tables": 3, "boards": 9});

    // Embers is a progressive of pairs, with its hands agreed; hands belong to Embers only.
    let cases = [
        (
            json!({"format": "pairs-mitchell"}),
            "choose a progressive (pairs or individual)",
        ),
        (
            json!({"hands": 3}),
            "an Embers game is 4 to 40 hands, agreed before play (not \"3\")",
        ),
        (
            json!({"packs": 9}),
            "Embers is played with 3 to 8 packs shuffled together (not \"9\")",
        ),
        (
            json!({"game": "calypso"}),
            "hands is for Embers and Auction Calypso",
        ),
        (
            json!({"variant": "cutthroat-4"}),
            "Embers Calypso is the standard four-hand game",
        ),
    ];
    refused_event_bodies(&api, &base, &cases).await;

    let e = six_pair_evening(api, base, 3).await;
    let path = e.path.clone();
    let api = &e.api;
    let (s, ev) = api.get(&path).await;
    assert_eq!(s, StatusCode::OK, "{ev}");
    assert_eq!(
        (
            ev["game"].as_str(),
            ev["hands"].as_i64(),
            ev["packs"].as_i64()
        ),
        (Some("embers"), Some(4), Some(3)),
        "{ev}"
    );
    let id = event_id(&e);

    for round in 1..=3u64 {
        // Table 1's phone results wait for the other side: the director starts anyway.
        let started = e.start_round_confirming(round as u32).await;
        for t in started["tables"].as_array().unwrap() {
            let (table, board) = place(t);
            let mut game = embers_game(HANDS, round * 10 + table);
            if (round, table) == (1, 1) {
                // East revokes once in hand 3: 260 to N-S, typed on the phone.
                game.summary.hands[2].revokes[1] = Some(1);
                let spec = EmbersSpec::three_packs(HANDS).unwrap();
                game.score = embers::score(&spec, &game.summary);
                phone_hand_by_hand(&app, id, &e, &game, round, board).await;
            } else {
                if round == 1 {
                    // Through the API: a Calypso summary, and a game short of its hands.
                    let calypso = json!({"round": round, "table": table, "board": board,
                        "players": {}, "trick_piles": {"NS": 0, "EW": 0}});
                    let (s, v) = api.post(&e.results(), calypso).await;
                    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
                    assert!(
                        v["error"]
                            .as_str()
                            .unwrap()
                            .contains("an Embers event takes the report after each hand"),
                        "{v}"
                    );
                    let short = json!({"round": round, "table": table, "board": board,
                        "reports": game.summary.hands[..3]});
                    let (s, v) = api.post(&e.results(), short).await;
                    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
                    assert!(
                        v.to_string()
                            .contains("the game is 4 hands and 3 are reported"),
                        "{v}"
                    );
                }
                let body = json!({"round": round, "table": table, "board": board,
                    "reports": game.summary.hands});
                let (s, v) = api.post(&e.results(), body).await;
                assert_eq!(s, StatusCode::CREATED, "round {round} table {table}: {v}");
            }
            // The stored scores are the engine's: N-S hold the majors at the standard seating.
            let stored = results(api, &path).await;
            let r = at(&stored, round, table);
            assert_eq!(
                (
                    r["scores"]["majors"].as_i64(),
                    r["scores"]["minors"].as_i64()
                ),
                (Some(game.score.totals.ns), Some(game.score.totals.ew)),
                "round {round} table {table}: {r}"
            );
        }
    }
    let stored = results(api, &path).await;
    assert_eq!(stored.len(), 9);
    let worked = tallies(&stored);
    assert_eq!(worked.values().sum::<i64>(), 0, "a tally is zero-sum");
    assert_eq!(standings_tally(api, &path).await, worked);

    // Nothing the site deals is played: the event page says so and offers no papers.
    let (s, page) = d.get_text(&format!("/c/alpha/events/{id}")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("The tables deal their own cards"), "{page}");
    assert!(!page.contains("hand-records.pdf"), "{page}");
    let (s, _) = d
        .get_text(&format!("/c/alpha/events/{id}/hand-records.pdf"))
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);

    // Pair 1 stays at table 1 as N-S: its public scorecard gives each game hand by hand
    // (East's revoke in hand 3 included).
    let mut first = embers_game(HANDS, 11);
    first.summary.hands[2].revokes[1] = Some(1);
    first.score = embers::score(&EmbersSpec::three_packs(HANDS).unwrap(), &first.summary);
    let hands: Vec<String> = first
        .score
        .hands
        .iter()
        .map(|h| h.total.ns.to_string())
        .collect();
    let (s, card) = Phone::at(&app, id, 3, 1)
        .browser
        .get_text(&format!("/c/alpha/events/{id}/scorecards/1"))
        .await;
    assert_eq!(s, StatusCode::OK);
    let line = format!("hands {}", hands.join(" · "));
    assert!(card.contains(&line), "{line}: {card}");
    // One line per game: a progressive's scored game is its table's board.
    assert!(!card.contains("not entered yet"), "{card}");
    assert_eq!(card.matches("class=\"muted hands\"").count(), 3, "{card}");
}

/// Table 1 of round 1 on its phone: hand 1 checked and its running score shown with nothing
/// kept, a wrong hand 2 named and kept, then every hand and the result in.
async fn phone_hand_by_hand(
    app: &TestApp,
    id: calypso_director::event::EventId,
    e: &Evening,
    game: &calypso_director::engine::embers::EmbersOutcome,
    round: u64,
    board: u64,
) {
    let phone = Phone::at(app, id, 3, 1);
    let (s, page) = phone.page_text().await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        page.contains("After hand 1 of 4") && page.contains("Check hand 1"),
        "{page}"
    );
    let to = format!("{}/result", phone.page);
    let s = &game.summary;

    let f = embers_form(s, round, board, 1);
    let r = phone.browser.post(&phone.page, &to, &pairs(&f)).await;
    assert_eq!(r.status(), StatusCode::OK);
    let page = r.text().await.unwrap();
    let h1 = &game.score.hands[0];
    assert!(page.contains("The score so far"), "{page}");
    assert!(
        page.contains(&format!("<strong>{}</strong>", h1.running.ns)),
        "{page}"
    );
    assert!(
        page.contains("After hand 2 of 4") && page.contains("Check hand 2"),
        "{page}"
    );
    // Hand 2 starts from hand 1's calypsos and cards: a rank in progress is ticked already.
    if let Some(card) = s.hands[0].players[0]
        .as_ref()
        .and_then(|p| p.in_progress.first())
    {
        let ticked = format!(
            r#"name="h2_ranks_N" value="{}" checked"#,
            card.rank().char()
        );
        assert!(page.contains(&ticked), "{ticked}");
    }
    assert!(
        results(&e.api, &e.path).await.is_empty(),
        "nothing is kept before the last hand"
    );

    // A revoke count that is not a number is named, the line kept.
    let mut f = embers_form(s, round, board, 1);
    f.push(("h1_revokes_N".into(), "x".into()));
    let r = phone.browser.post(&phone.page, &to, &pairs(&f)).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = r.text().await.unwrap();
    assert!(
        page.contains("after hand 1: North&#39;s revokes: &#34;x&#34; is not a number")
            || page.contains("after hand 1: North&#39;s revokes: &quot;x&quot; is not a number"),
        "{page}"
    );
    assert!(
        page.contains(r#"name="h1_revokes_N" value="x""#),
        "kept as typed"
    );

    // Hand 2 with a trick pile of 60: named beside the pile, the form kept.
    let mut f = embers_form(s, round, board, 2);
    for (k, v) in &mut f {
        if k == "h2_piles_NS" {
            *v = "60".into();
        }
    }
    let r = phone.browser.post(&phone.page, &to, &pairs(&f)).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = r.text().await.unwrap();
    assert!(
        page.contains("hand 2: North-South&#39;s trick pile holds 60 cards, a hand is 52"),
        "{page}"
    );
    assert!(
        page.contains(r#"name="h2_piles_NS" value="60""#),
        "kept as typed"
    );

    for upto in 2..HANDS {
        let f = embers_form(s, round, board, upto);
        let r = phone.browser.post(&phone.page, &to, &pairs(&f)).await;
        assert_eq!(r.status(), StatusCode::OK, "hand {upto}");
        let page = r.text().await.unwrap();
        let h = &game.score.hands[upto - 1];
        assert!(
            page.contains(&format!("<strong>{}</strong>", h.running.ew)),
            "hand {upto}: {page}"
        );
        if upto + 1 == HANDS {
            assert!(page.contains("Check hand 4 and enter the result"), "{page}");
            assert!(
                page.contains("N-S revokes 260"),
                "hand 3's revoke is in the score: {page}"
            );
            assert!(page.contains(r#"name="h3_revokes_E" value="1""#), "{page}");
        }
    }
    let f = embers_form(s, round, board, HANDS);
    let r = phone.browser.post(&phone.page, &to, &pairs(&f)).await;
    assert_eq!(
        r.status(),
        StatusCode::SEE_OTHER,
        "{}",
        r.text().await.unwrap()
    );
    let (_, page) = phone.page_text().await;
    assert!(
        page.contains("The engine&#39;s score, hand by hand")
            || page.contains("The engine's score, hand by hand"),
        "{page}"
    );
    assert!(
        page.contains(&format!("<strong>{}</strong>", game.score.totals.ns)),
        "{page}"
    );
    // The engine's breakdown is stored beside the report, hand by hand, as it was checked.
    use calypso_director::db::schema::results as rows;
    use diesel::prelude::*;
    let breakdown = |c: &mut calypso_director::db::DbConnection| {
        rows::table
            .filter(rows::event_id.eq(id.get()))
            .filter(rows::round.eq(round as i32))
            .filter(rows::table_number.eq(1))
            .select(rows::breakdown)
            .first::<Option<String>>(c)
            .unwrap()
    };
    let stored = with_conn(app, breakdown).expect("a breakdown stored with the result");
    let stored: serde_json::Value = serde_json::from_str(&stored).unwrap();
    assert_eq!(
        stored["embers"]["totals"],
        json!({"NS": game.score.totals.ns, "EW": game.score.totals.ew}),
        "{stored}"
    );
    // A row kept before breakdowns were stored has none: its report is scored when read,
    // and the page shows the same.
    with_conn(app, |c| {
        diesel::update(
            rows::table
                .filter(rows::event_id.eq(id.get()))
                .filter(rows::round.eq(round as i32))
                .filter(rows::table_number.eq(1)),
        )
        .set(rows::breakdown.eq(None::<String>))
        .execute(c)
        .unwrap()
    });
    assert_eq!(with_conn(app, breakdown), None);
    let (_, again) = phone.page_text().await;
    assert!(
        again.contains(&format!("<strong>{}</strong>", game.score.totals.ns)),
        "{again}"
    );
}

/// The seed: "With four or more there are enough cards to play more 'fire' hands if desired
/// - up to the number of packs minus two. So for example with six decks, you could play four
/// fire hands". An Embers progressive of 6 packs, 8 hands and 3 fire hands, made through the
/// director's form: the pages and the API say so, and a table's game is checked against the
/// fire hands agreed (a game whose hands 2 and 3 came from the green room, as with one fire
/// hand, is refused).
#[tokio::test]
async fn up_to_the_number_of_packs_minus_two_fire_hands_at_an_embers_evening() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let mut fields = event_fields("Fire Night");
    fields[2] = ("format", "progressive");
    fields[3] = ("variant", "");
    fields[4] = ("tables", "3");
    fields[5] = ("boards", "3");
    fields.extend([
        ("game", "embers"),
        ("hands", "8"),
        ("packs", "6"),
        ("fire_hands", "5"),
    ]);
    // Five fire hands of six packs: refused in words, the form kept.
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = r.text().await.unwrap();
    assert!(
        page.contains(
            "Embers plays 1 to 4 fire hands with 6 packs (up to the number of packs minus two)"
        ),
        "{page}"
    );
    assert!(page.contains(r#"name="fire_hands" value="5""#), "{page}");
    fields.pop();
    fields.push(("fire_hands", "3"));
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    assert_eq!(
        r.status(),
        StatusCode::SEE_OTHER,
        "{}",
        r.text().await.unwrap()
    );
    let web_path = location(&r);
    let id: i32 = web_path.rsplit('/').next().unwrap().parse().unwrap();
    let (s, page) = d.get_text(&web_path).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        page.contains("8 hands a game, 6 packs, 3 fire hands."),
        "{page}"
    );

    let path = format!("/events/{id}");
    let (s, ev) = api.get(&path).await;
    assert_eq!(s, StatusCode::OK, "{ev}");
    assert_eq!(
        (
            ev["hands"].as_i64(),
            ev["packs"].as_i64(),
            ev["fire_hands"].as_i64()
        ),
        (Some(8), Some(6), Some(3)),
        "{ev}"
    );
    let boards = start(&api, &path, &six_pairs(), one_board_rounds(1)).await;
    let e = Evening { api, path, boards };
    let started = e.start_round_confirming(1).await;
    let tables = started["tables"].as_array().unwrap();
    // The table's page says what its game is: hands, packs and fire hands.
    let (s, page) = Phone::at(&app, event_id(&e), 3, 1).page_text().await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        page.contains(
            "a game of 8 hands of Embers Calypso, dealt at the table from 6 packs, the first 3 fire hands"
        ),
        "{page}"
    );
    let three = EmbersSpec::new(6, 8, 3, TrickRule::Standard, None).unwrap();
    let one = EmbersSpec::new(6, 8, 1, TrickRule::Standard, None).unwrap();
    let game = |spec: &EmbersSpec, seed: u64| {
        use calypso_director::engine::embers::random::random_game;
        use rand::SeedableRng;
        random_game(spec, &mut rand_chacha::ChaCha8Rng::seed_from_u64(seed)).1
    };

    // Table 1: a game whose first three hands are fire hands goes in as the engine scores it.
    let (table, board) = place(&tables[0]);
    let good = game(&three, 7);
    let body = json!({"round": 1, "table": table, "board": board, "reports": good.summary.hands});
    let (s, v) = e.api.post(&e.results(), body).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let stored = results(&e.api, &e.path).await;
    let r = at(&stored, 1, table);
    assert_eq!(
        (
            r["scores"]["majors"].as_i64(),
            r["scores"]["minors"].as_i64()
        ),
        (Some(good.score.totals.ns), Some(good.score.totals.ew)),
        "{r}"
    );

    // Table 2: a game played as if only the first hand were a fire hand is refused: the
    // engine counts hand 2's green room and sin bin against the deck.
    let (table, board) = place(&tables[1]);
    let wrong = (1..200)
        .map(|seed| game(&one, seed))
        .find(|g| !embers::check(&three, &g.summary).is_empty())
        .expect("a one-fire-hand game the three-fire-hand rules refuse");
    let body = json!({"round": 1, "table": table, "board": board, "reports": wrong.summary.hands});
    let (s, v) = e.api.post(&e.results(), body).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("hand 2: the green room is counted as"),
        "{v}"
    );
    assert!(
        results(&e.api, &e.path).await.len() == 1,
        "nothing kept for table 2"
    );
}

/// Embers for individuals (#40): no seed sentence keeps Embers from the progressive
/// individual, whose tables play in partnerships as the seed's game is played. Thirteen
/// players at three tables (one of five) play games of five hands. A side of three sits out
/// in turn over all five hands (A J K A J: ours, docs/variants.md), the table page says so
/// hand by hand, and of a losing side of three the one who sat out the fifth hand moves
/// down a table. The tallies are each game's margin to every player of its side.
#[tokio::test]
async fn an_embers_progressive_individual_sits_a_side_of_three_out_in_turn_over_its_hands() {
    const FIVE: usize = 5;
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let body = json!({"name": "Embers Individual", "date": "2026-12-03",
        "format": "progressive-individual", "game": "embers", "hands": FIVE,
        "tables": 3, "boards": 3});
    let entries: Vec<serde_json::Value> = (1..=13)
        .map(|n| json!({"kind": "individual", "players": [{"name": format!("Player {n}")}]}))
        .collect();
    let (path, _) = running(&api, body, &entries, json!({"rounds": 2})).await;
    let results_path = format!("{path}/results");

    let (s, r1) = api
        .post(&format!("{path}/rounds"), json!({"round": 1}))
        .await;
    assert_eq!(s, StatusCode::OK, "{r1}");
    let tables = r1["tables"].as_array().unwrap().clone();
    let five = tables
        .iter()
        .find(|t| t["sit_out"]["majors"].is_array() || t["sit_out"]["minors"].is_array())
        .expect("a table of five");
    let (three_side, two_side) = if five["sit_out"]["majors"].is_array() {
        ("majors", "minors")
    } else {
        ("minors", "majors")
    };
    let turns: Vec<u64> = five["sit_out"][three_side]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_u64().unwrap())
        .collect();
    // Five hands, the three in turn: A J K A J.
    assert_eq!(turns.len(), FIVE, "{five}");
    assert_eq!((turns[3], turns[4]), (turns[0], turns[1]), "{turns:?}");
    let mut three: Vec<u64> = turns[..3].to_vec();
    three.sort_unstable();
    let mut side: Vec<u64> = five[three_side]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_u64().unwrap())
        .collect();
    side.sort_unstable();
    assert_eq!(three, side, "the side's three players each sit out in turn");

    // The table's page lists the five hands.
    let code = five["code"].as_str().unwrap();
    let phone = Browser::new(&app);
    let (s, page) = phone.get_text(&format!("/t/{code}")).await;
    assert_eq!(s, StatusCode::OK);
    let line = format!("hand 5 · {} Player {}", turns[4], turns[4]);
    assert!(page.contains(&line), "{line}: {page}");
    assert!(
        !page.contains("deal 1 ·"),
        "an Embers game has hands: {page}"
    );
    assert!(
        page.contains("the player who sat out the last hand moves down a table"),
        "{page}"
    );
    assert!(
        page.contains(
            "Round 1: a game of 5 hands of Embers Calypso, dealt at the table from 3 packs, the first a fire hand"
        ),
        "{page}"
    );

    // Every table's game through the API; the side of three loses at the table of five.
    let (five_table, _) = place(five);
    let mut played = Vec::new();
    for t in &tables {
        let (table, board) = place(t);
        let three_loses = |g: &calypso_director::engine::embers::EmbersOutcome| {
            let (ns, ew) = (g.score.totals.ns, g.score.totals.ew);
            if three_side == "majors" {
                ns < ew
            } else {
                ew < ns
            }
        };
        let game = (1..200)
            .map(|seed| embers_game(FIVE, table * 100 + seed))
            .find(|g| table != five_table || three_loses(g))
            .expect("a game the side of three loses");
        let body = json!({"round": 1, "table": table, "board": board,
            "reports": game.summary.hands});
        let (s, v) = api.post(&results_path, body).await;
        assert_eq!(s, StatusCode::CREATED, "table {table}: {v}");
        played.push((table, game.score.totals));
    }
    let _ = two_side;

    // Round 2: of the losing three, the one who sat out hand 5 moved down a table (from
    // table T to T-1, table 1's to the last); the other two up.
    let (s, r2) = api
        .post(&format!("{path}/rounds"), json!({"round": 2}))
        .await;
    assert_eq!(s, StatusCode::OK, "{r2}");
    let count = tables.len() as u64;
    let down = (five_table + count - 2) % count + 1;
    let up = five_table % count + 1;
    let newcomers = |table: u64| -> Vec<u64> {
        r2["tables"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["table"].as_u64() == Some(table))
            .map(|t| {
                ["majors", "minors"]
                    .iter()
                    .flat_map(|s| t[*s].as_array().unwrap().clone())
                    .map(|p| p.as_u64().unwrap())
                    .collect()
            })
            .unwrap()
    };
    assert!(newcomers(down).contains(&turns[4]), "{r2}");
    for p in three.iter().filter(|p| **p != turns[4]) {
        assert!(newcomers(up).contains(p), "player {p}: {r2}");
    }

    for t in r2["tables"].as_array().unwrap() {
        let (table, board) = place(t);
        let game = embers_game(FIVE, 1000 + table);
        let body = json!({"round": 2, "table": table, "board": board,
            "reports": game.summary.hands});
        let (s, v) = api.post(&results_path, body).await;
        assert_eq!(s, StatusCode::CREATED, "round 2 table {table}: {v}");
    }

    // The tallies: each game's margin to every player of its side, worked here.
    let (s, v) = api.get(&results_path).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 6);
    let mut worked: std::collections::BTreeMap<u64, i64> = Default::default();
    for r in results {
        let (m, n) = (
            r["scores"]["majors"].as_i64().unwrap(),
            r["scores"]["minors"].as_i64().unwrap(),
        );
        for (side, margin) in [("majors", m - n), ("minors", n - m)] {
            for p in r["players"][side].as_array().unwrap() {
                *worked.entry(p.as_u64().unwrap()).or_insert(0) += margin;
            }
        }
    }
    let round_one = results
        .iter()
        .find(|r| r["round"].as_u64() == Some(1) && r["table"].as_u64() == Some(five_table));
    let totals = played.iter().find(|(t, _)| *t == five_table).unwrap().1;
    assert_eq!(
        (
            round_one.unwrap()["scores"]["majors"].as_i64(),
            round_one.unwrap()["scores"]["minors"].as_i64()
        ),
        (Some(totals.ns), Some(totals.ew)),
        "the stored scores are the engine's"
    );
    assert_eq!(worked.len(), 13, "every player played");
    assert_eq!(standings_tally(&api, &path).await, worked);
}
