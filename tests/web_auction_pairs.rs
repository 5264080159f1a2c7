//! Partnership Auction Calypso as a club's progressive evening (#40): the settings that make
//! one (and those refused, each with the reason), three tables of four over three rounds,
//! each table's game reported whole through the API and checked by the engine, the stored
//! scores the engine's, and the tallies worked here from the engine's totals.

mod common;

use std::collections::BTreeMap;

use calypso_director::engine::auction::SetupKind;
use calypso_director::engine::auction::pairs::{self, PairsSpec};
use common::evening::*;
use common::games::*;
use common::*;
use reqwest::StatusCode;
use serde_json::json;

const HANDS: usize = 4;

#[tokio::test]
async fn a_partnership_auction_progressive_is_checked_by_the_engine_and_tallied() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let base = json!({"name": "Auction Pairs", "date": "2026-12-03", "format": "progressive",
                      "game": "auction-pairs", "hands": HANDS, "tables": 3, "boards": 9});

    let cases = [
        (
            json!({"format": "pairs-mitchell"}),
            "Partnership Auction Calypso is two fixed partnerships over hands dealt at the table: choose the progressive (pairs)",
        ),
        (
            json!({"format": "progressive-individual"}),
            "choose the progressive (pairs)",
        ),
        (
            json!({"hands": 3}),
            "a Partnership Auction Calypso game is 4 to 60 hands, agreed before play (not \"3\")",
        ),
        (
            json!({"packs": 3}),
            "Auction Calypso is played with four packs",
        ),
        (
            json!({"variant": "cutthroat-4"}),
            "Partnership Auction Calypso is its own game for four",
        ),
        (
            json!({"trick_rule": "all-fours"}),
            "Partnership Auction Calypso plays standard Calypso's trick rule (\"Trick-play rules are as in Standard Calypso\"): leave the trick rule standard (not all-fours)",
        ),
        // The three-hander in a pairs progressive points to the game for four.
        (
            json!({"game": "auction"}),
            "(for four in fixed partnerships, choose Partnership Auction Calypso)",
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
        (Some("auction-pairs"), Some(4), Some(4)),
        "{ev}"
    );
    let id = event_id(&e);
    // A new event's setup is balanced random, the seed's recommended one.
    assert_eq!(ev["auction_setup"], "balanced", "{ev}");
    let spec = PairsSpec::new(HANDS)
        .unwrap()
        .with_setup(SetupKind::Balanced);

    // Each table-round's game, by (round, table): the engine's totals, N-S then E-W.
    let mut played: BTreeMap<(u64, u64), (i64, i64)> = BTreeMap::new();
    for round in 1..=3u64 {
        let started = e.start_round_confirming(round as u32).await;
        for t in started["tables"].as_array().unwrap() {
            let (table, board) = place(t);
            let game = auction_pairs_game(HANDS, SetupKind::Balanced, round * 10 + table);
            assert!(pairs::check(&spec, &game.summary).is_empty());
            if (round, table) == (1, 1) {
                refused_reports(&e, &game.summary, round, table, board).await;
            }
            let body = json!({"round": round, "table": table, "board": board,
                "auction_pairs": game.summary});
            let (s, v) = api.post(&e.results(), body).await;
            assert_eq!(s, StatusCode::CREATED, "round {round} table {table}: {v}");
            let totals = (game.score.totals.ns, game.score.totals.ew);
            played.insert((round, table), totals);
            // The stored scores are the engine's: N-S's total first.
            let stored = results(api, &path).await;
            let r = at(&stored, round, table);
            assert_eq!(
                (
                    r["scores"]["majors"].as_i64(),
                    r["scores"]["minors"].as_i64()
                ),
                (Some(totals.0), Some(totals.1)),
                "round {round} table {table}: {r}"
            );
        }
    }
    let stored = results(api, &path).await;
    assert_eq!(stored.len(), 9);
    // The tallies worked from the engine's totals and the pairs the movement seated.
    let mut worked: BTreeMap<u64, i64> = BTreeMap::new();
    for r in &stored {
        let (ns, ew) = played[&(r["round"].as_u64().unwrap(), r["table"].as_u64().unwrap())];
        *worked.entry(r["majors"].as_u64().unwrap()).or_default() += ns - ew;
        *worked.entry(r["minors"].as_u64().unwrap()).or_default() += ew - ns;
    }
    assert_eq!(worked.len(), 6);
    assert_eq!(worked.values().sum::<i64>(), 0, "a tally is zero-sum");
    assert_eq!(standings_tally(api, &path).await, worked);

    // Dealt at the table: no papers; the sides are their seats (the trumps change by hand).
    let (s, page) = d.get_text(&format!("/c/alpha/events/{id}")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.contains("Partnership Auction Calypso"), "{page}");
    assert!(page.contains("The tables deal their own cards"), "{page}");
    assert!(!page.contains("hand-records.pdf"), "{page}");
    assert!(!page.contains("N-S ♠♥"), "{page}");

    // Pair 1's scorecard gives each game hand by hand, N-S's points of round 1 table 1.
    let first = auction_pairs_game(HANDS, SetupKind::Balanced, 11);
    let line: Vec<String> = first
        .score
        .hands
        .iter()
        .map(|h| h.sides.ns.total.to_string())
        .collect();
    let (s, card) = Phone::at(&app, id, 3, 1)
        .browser
        .get_text(&format!("/c/alpha/events/{id}/scorecards/1"))
        .await;
    assert_eq!(s, StatusCode::OK);
    let line = format!("hands {}", line.join(" · "));
    assert!(card.contains(&line), "{line}: {card}");
    assert!(
        !card.contains("majors") && !card.contains("minors"),
        "{card}"
    );
    // Every page the director and the room read names the sides by their seats, never
    // "majors"/"minors", and none fails.
    let first_result = stored[0]["id"].to_string();
    for page in [
        String::new(),
        "/results".into(),
        format!("/results/{first_result}"),
        "/travellers".into(),
        "/standings".into(),
        "/scorecards/4".into(),
        "/movement".into(),
    ] {
        let (s, text) = d.get_text(&format!("/c/alpha/events/{id}{page}")).await;
        assert_eq!(s, StatusCode::OK, "{page}");
        let seen = visible(&text);
        assert!(
            !seen.contains("majors") && !seen.contains("minors") && !seen.contains("♠♥"),
            "{page}: {seen}"
        );
        if page.starts_with("/results") || page == "/travellers" {
            assert!(
                seen.contains("N-S") && seen.contains("E-W"),
                "{page}: {seen}"
            );
        }
    }
    // The robots do not play it: the travellers say so rather than nothing (#40 item 6).
    let (_, travellers) = d
        .get_text(&format!("/c/alpha/events/{id}/travellers"))
        .await;
    assert!(
        travellers.contains("No robot par for this game."),
        "{travellers}"
    );
    assert!(page.contains("Named at each hand"), "{page}");
    assert!(!page.contains("Trump seating"), "{page}");
    let (_, table) = Phone::at(&app, id, 3, 1).page_text().await;
    assert!(
        table.contains(
            "a game of 4 hands of Partnership Auction Calypso, dealt at the table from 4 packs"
        ),
        "{table}"
    );
    // Its game is no board other tables played: where the pairs stand, no traveller of one.
    assert!(table.contains("Where you stand now"), "{table}");
    assert!(!table.contains("so far</h3>"), "{table}");
}

/// A page's text as read: tags, scripts and styles taken out.
fn visible(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let end = ["<script", "<style"]
            .iter()
            .find(|t| tail.starts_with(*t))
            .and_then(|t| tail.find(&format!("</{}>", &t[1..])))
            .or_else(|| tail.find('>'));
        match end {
            Some(e) => rest = tail[e..].split_once('>').map_or("", |p| p.1),
            None => break,
        }
    }
    out
}

/// What round 1's table 1 may not report, each refused with its reason and nothing kept.
async fn refused_reports(
    e: &Evening,
    game: &pairs::PairsSummary,
    round: u64,
    table: u64,
    board: u64,
) {
    let place = json!({"round": round, "table": table, "board": board});
    let with = |extra: serde_json::Value| {
        let mut b = place.clone();
        for (k, v) in extra.as_object().unwrap() {
            b[k] = v.clone();
        }
        b
    };
    let mut east_first = game.clone();
    east_first.first_dealer = calypso_director::engine::Seat::East;
    let mut short = game.clone();
    short.hands.truncate(HANDS - 1);
    let mut no_setup = game.clone();
    no_setup.setup = None;
    let mut unbalanced = game.clone();
    if let Some(setup) = unbalanced.setup.as_mut() {
        // East-West start with one card fewer (or more) in a suit than North-South.
        setup.ew.0[0] = if setup.ns.0[0] > 0 {
            setup.ns.0[0] - 1
        } else {
            1
        };
    }
    let mut wrong_pile = game.clone();
    wrong_pile.hands[1].sides.ns.trick_pile += 1;
    let cases = [
        (
            with(json!({"players": {}, "trick_piles": {"NS": 0, "EW": 0}})),
            "a Partnership Auction Calypso event takes the game's summary hand by hand: give \"auction_pairs\"",
        ),
        (
            with(json!({"auction_pairs": short})),
            "the game is 4 hands and 3 are reported: a result needs every hand",
        ),
        (
            with(json!({"auction_pairs": east_first})),
            "at an event's table North deals the first hand, not East",
        ),
        (with(json!({"auction_pairs": wrong_pile})), "hand 2"),
        (
            with(json!({"auction_pairs": no_setup})),
            "setup: the game agreed the balanced random setup: give the cards each partnership starts with",
        ),
        (
            with(json!({"auction_pairs": unbalanced})),
            "setup-not-balanced",
        ),
        // The three-hander's summary is not this game's.
        (
            with(json!({"auction": {"first_dealer": "1", "reports": []}})),
            "give \"auction_pairs\" (and nothing else)",
        ),
    ];
    for (body, said) in cases {
        let (s, v) = e.api.post(&e.results(), body).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{said}: {v}");
        // The message, and the engine's problem codes when it found problems.
        let codes: Vec<&str> = v["problems"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|p| p["code"].as_str())
            .collect();
        let text = format!(
            "{} {}",
            v["error"].as_str().unwrap_or_default(),
            codes.join(" ")
        );
        assert!(text.contains(said), "{said}: {v}");
    }
    let stored = results(&e.api, &e.path).await;
    assert!(
        stored
            .iter()
            .all(|r| r["round"] != round || r["table"] != table),
        "nothing kept: {stored:?}"
    );
}

/// A pair of three at a partnership Auction progressive: one of them sits out each hand, in
/// turn over all the game's hands (six here, as for Embers), and the table's page says who
/// sits out which hand.
#[tokio::test]
async fn a_pair_of_three_sits_one_out_each_hand_in_turn_over_the_game() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let mut entries = six_pairs();
    entries[0] =
        json!({"kind": "pair", "players": [{"name": "Ann"}, {"name": "Jo"}, {"name": "Ken"}]});
    let body = json!({"name": "Auction Pairs", "date": "2026-12-03", "format": "progressive",
                      "game": "auction-pairs", "hands": 6, "tables": 3, "boards": 3});
    let (path, boards) = running(&api, body, &entries, one_board_rounds(1)).await;
    let e = Evening { api, path, boards };
    let id = event_id(&e);
    e.start_round_confirming(1).await;
    let (s, page) = Phone::at(&app, id, 3, 1).page_text().await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        page.contains(
            "sitting out hand 1 · Ann, hand 2 · Jo, hand 3 · Ken, hand 4 · Ann, hand 5 · Jo, hand 6 · Ken."
        ),
        "{page}"
    );
}
