//! Auction setups at a club's tables (#40 item 2): the event's `auction_setup` (balanced
//! random by default for a new Auction event, refused for other games), the event page
//! saying which setup is played, and the phone's setup step before hand 1 — balanced random
//! entered once for all three players, a wrong setup refused in words and kept as typed, the
//! standardised setup filled in — each game checked and scored by the engine.

mod common;

use calypso_director::engine::Seat;
use calypso_director::engine::Suit;
use calypso_director::engine::auction::{
    self, AuctionOutcome, AuctionSpec, AuctionSummary, SetupKind, random,
};
use common::evening::Phone;
use common::games::*;
use common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use reqwest::StatusCode;
use serde_json::{Value, json};

const HANDS: usize = 3;
const TABLES: u32 = 2;

/// A random legal game of `kind`'s setup as an event's table plays it (position 1 deals).
fn game_with(kind: SetupKind, seed: u64) -> AuctionOutcome {
    let spec = AuctionSpec::new(HANDS).unwrap().with_setup(kind);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let setup = random::random_setup_of(kind, &spec, &mut rng);
    random::random_game_from(&spec, Seat::North, &setup, &mut rng).1
}

/// The setup step's fields: once for all three (`su_all_*`) or a line each.
fn setup_fields(s: &AuctionSummary, once: bool) -> Vec<(String, String)> {
    let mut f = Vec::new();
    let lines: Vec<(String, usize)> = if once {
        vec![("all".into(), 0)]
    } else {
        (0..3).map(|p| ((p + 1).to_string(), p)).collect()
    };
    for (key, p) in lines {
        let c = s.setup[p].unwrap_or_default();
        for suit in Suit::ALL {
            f.push((
                format!("su_{key}_{}", suit.letter()),
                c.get(suit).to_string(),
            ));
        }
    }
    f.push(("su_calypsos".into(), s.setup_calypsos.to_string()));
    f
}

/// A running Auction event of two tables of three with `extra` settings, round 1 started:
/// its path, id and table 1's board.
async fn evening(
    api: &Api,
    extra: Value,
) -> (String, calypso_director::event::EventId, u64, Value) {
    let mut body = json!({"name": "Setup Night", "date": "2026-12-06",
                          "format": "progressive-individual", "game": "auction",
                          "hands": HANDS, "tables": TABLES, "boards": 12});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    let (s, ev) = api.post("/events", body).await;
    assert_eq!(s, StatusCode::CREATED, "{ev}");
    let path = format!("/events/{}", ev["id"]);
    let entries: Vec<Value> = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
        .iter()
        .map(|n| json!({"kind": "individual", "players": [{"name": n}]}))
        .collect();
    start(api, &path, &entries, json!({"rounds": 1})).await;
    let (s, v) = api
        .post(&format!("{path}/rounds"), json!({"round": 1}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (_, rounds) = api.get(&format!("{path}/rounds")).await;
    let board = rounds["tables"][0]["boards"][0].as_u64().unwrap();
    let id = ev["id"].to_string().parse().unwrap();
    (path, id, board, ev)
}

#[tokio::test]
async fn a_table_enters_a_balanced_setup_once_for_all_three_players_then_its_hands() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;

    // The setting: refused for Calypso by name, an unknown setup named.
    let calypso = json!({"name": "Pairs", "date": "2026-12-06", "format": "pairs-mitchell",
                         "variant": "standard", "tables": 3, "boards": 6});
    let base = json!({"name": "Setup Night", "date": "2026-12-06",
                      "format": "progressive-individual", "game": "auction",
                      "hands": HANDS, "tables": TABLES, "boards": 12});
    refused_event_bodies(
        &api,
        &base,
        &[(
            json!({"auction_setup": "seeded"}),
            "the Auction setup is none, balanced, fully-random or standardised (not \"seeded\")",
        )],
    )
    .await;
    refused_event_bodies(
        &api,
        &calypso,
        &[(
            json!({"auction_setup": "balanced"}),
            "a setup before the first hand is Auction Calypso's; leave auction_setup blank (or none) for Calypso",
        )],
    )
    .await;
    let (s, v) = api.post("/events", calypso.clone()).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert!(
        v.get("auction_setup").is_none(),
        "a Calypso event has none: {v}"
    );

    // A new Auction event plays the balanced random setup unless told otherwise.
    let (path, id, board, ev) = evening(&api, json!({})).await;
    assert_eq!(ev["auction_setup"], "balanced", "{ev}");
    let (s, page) = d.get_text(&format!("/c/alpha{path}")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        page.contains("3 hands a game, 4 packs, the balanced random setup before hand 1"),
        "{page}"
    );

    let game = game_with(SetupKind::Balanced, 41);
    let s = &game.summary;
    let start = s.setup[0].expect("a balanced setup");
    assert!(start.total() > 0);
    let phone = Phone::at(&app, id, TABLES, 1);
    let (st, page) = phone.page_text().await;
    assert_eq!(st, StatusCode::OK);
    common::shots::screenshot(&app, &phone.page, "auction-setup-390", (390, 2400)).await;
    assert!(
        page.contains("Setup before hand 1: balanced random"),
        "{page}"
    );
    assert!(page.contains(r#"name="su_all_S""#), "{page}");
    assert!(!page.contains(r#"name="su_2_S""#), "once for all: {page}");
    let to = format!("{}/result", phone.page);

    // A count that is no number: named, kept as typed.
    let mut f = auction_form(s, 1, board, 1);
    f.extend(setup_fields(s, true));
    for (k, v) in &mut f {
        if k == "su_all_H" {
            *v = "lots".into();
        }
    }
    let r = phone.browser.post(&phone.page, &to, &pairs(&f)).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = r.text().await.unwrap();
    let said = page
        .split("hearts calypso in progress: ")
        .nth(1)
        .unwrap_or_else(|| panic!("the count named: {page}"));
    assert!(
        said.contains("lots") && said.contains("is not a number"),
        "{page}"
    );
    assert!(page.contains(r#"value="lots""#), "kept as typed: {page}");

    // Three lines that differ: the engine says the players start with the same cards.
    let mut f = auction_form(s, 1, board, 1);
    f.extend(setup_fields(s, false));
    for (k, v) in &mut f {
        if k == "su_3_S" {
            *v = (start.get(Suit::Spades) + 1).min(12).to_string();
            if start.get(Suit::Spades) == 12 {
                *v = "11".into();
            }
        }
    }
    let r = phone.browser.post(&phone.page, &to, &pairs(&f)).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = r.text().await.unwrap();
    assert!(
        page.contains("in the balanced random setup all three players start with the same cards, but player 3 starts with"),
        "{page}"
    );

    // No setup at all: the engine says one was agreed.
    let f = auction_form(s, 1, board, 1);
    let r = phone.browser.post(&phone.page, &to, &pairs(&f)).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = r.text().await.unwrap();
    assert!(
        page.contains(
            "the game agreed the balanced random setup: give the cards each player starts with"
        ),
        "{page}"
    );

    // The setup once for all and hand 1: checked, the running score shown with the setup's
    // calypsos; hand 2 starts from hand 1's counts.
    let mut f = auction_form(s, 1, board, 1);
    f.extend(setup_fields(s, true));
    let r = phone.browser.post(&phone.page, &to, &pairs(&f)).await;
    let status = r.status();
    let page = r.text().await.unwrap();
    assert_eq!(status, StatusCode::OK, "{page}");
    for total in game.score.hands[0].running {
        assert!(
            page.contains(&format!("<strong>{total}</strong>")),
            "{page}"
        );
    }
    assert!(page.contains("Check hand 2"), "{page}");
    let spades = start.get(Suit::Spades);
    assert!(
        page.contains(&format!(r#"name="su_all_S" value="{spades}""#)),
        "the setup kept: {page}"
    );

    // Every hand: the result goes in, the engine's totals with the setup's 500s.
    let mut f = auction_form(s, 1, board, HANDS);
    f.extend(setup_fields(s, true));
    let r = phone.browser.post(&phone.page, &to, &pairs(&f)).await;
    assert_eq!(
        r.status(),
        StatusCode::SEE_OTHER,
        "{}",
        r.text().await.unwrap()
    );
    let (_, page) = phone.page_text().await;
    for total in game.score.totals {
        assert!(
            page.contains(&format!("<strong>{total}</strong>")),
            "{page}"
        );
    }
    let (_, results) = api.get(&format!("{path}/results")).await;
    let stored = results["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["table"] == 1)
        .unwrap_or_else(|| panic!("{results}"));
    assert_eq!(
        stored["scores"],
        json!({"1": game.score.totals[0], "2": game.score.totals[1], "3": game.score.totals[2]}),
        "{stored}"
    );
    let sheet = &stored["audit"][0]["new"]["sheet"]["auction"];
    assert_eq!(sheet["setup"]["2"], json!(start), "{stored}");

    // Table 2 through the API: a game without a setup is refused in words.
    let plain = auction_game(HANDS, 5);
    let (st, v) = api
        .post(
            &format!("{path}/results"),
            json!({"round": 1, "table": 2, "board": board + 1, "auction": plain.summary}),
        )
        .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v.to_string().contains("setup-missing"), "{v}");
}

#[tokio::test]
async fn the_standardised_setup_is_filled_in_and_a_changed_count_is_refused() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let (path, id, board, ev) = evening(&api, json!({"auction_setup": "standardised"})).await;
    assert_eq!(ev["auction_setup"], "standardised", "{ev}");
    let (_, page) = d.get_text(&format!("/c/alpha{path}")).await;
    assert!(
        page.contains("the standardised setup before hand 1"),
        "{page}"
    );

    let phone = Phone::at(&app, id, TABLES, 1);
    let (_, page) = phone.page_text().await;
    assert!(page.contains("Setup before hand 1: standardised"), "{page}");
    for suit in ["S", "H", "D", "C"] {
        assert!(
            page.contains(&format!(
                r#"name="su_all_{suit}" value="6" placeholder="0" aria-label"#
            )),
            "{page}"
        );
        // Hand 1 starts from it.
        assert!(
            page.contains(&format!(r#"name="a1_prog_2_{suit}" value="6""#)),
            "{page}"
        );
    }
    assert!(page.contains("readonly"), "{page}");
    assert!(
        !page.contains(r#"name="su_calypsos""#),
        "none complete: {page}"
    );

    let game = game_with(SetupKind::Standardised, 77);
    let s = &game.summary;
    let to = format!("{}/result", phone.page);
    let fields = |spoil: bool| {
        let mut f = auction_form(s, 1, board, HANDS);
        for suit in ["S", "H", "D", "C"] {
            let v = if spoil && suit == "D" { "5" } else { "6" };
            f.push((format!("su_all_{suit}"), v.to_string()));
        }
        f
    };
    let r = phone
        .browser
        .post(&phone.page, &to, &pairs(&fields(true)))
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = r.text().await.unwrap();
    assert!(
        page.contains("in the standardised setup every player starts with six cards a suit, but player 1 starts with 6♠ 6♥ 5♦ 6♣"),
        "{page}"
    );
    let r = phone
        .browser
        .post(&phone.page, &to, &pairs(&fields(false)))
        .await;
    assert_eq!(
        r.status(),
        StatusCode::SEE_OTHER,
        "{}",
        r.text().await.unwrap()
    );
    let (_, page) = phone.page_text().await;
    for total in game.score.totals {
        assert!(
            page.contains(&format!("<strong>{total}</strong>")),
            "{page}"
        );
    }
    // The engine agrees: the game as stored checks against the standardised setup.
    let spec = AuctionSpec::new(HANDS)
        .unwrap()
        .with_setup(SetupKind::Standardised);
    assert!(auction::check(&spec, s).is_empty());
}
