//! Partnership Auction Calypso on a table's phone (#40 item 1): a progressive's table types
//! its game hand by hand on the partnership form (the calls at four, the opponents' trumps,
//! each partnership's trick pile, calypsos by suit and cards in progress, the cards sold);
//! after each hand the engine checks the hands so far and the page shows the running score
//! by partnership, nothing kept; a wrong hand is flagged on its hand with what was typed
//! kept; the last hand enters the result, whose totals are the figures worked out below.

mod common;

use calypso_director::engine::auction::pairs::{self, PairsSpec};
use common::evening::*;
use common::games::*;
use common::*;
use reqwest::StatusCode;
use serde_json::json;

const HANDS: usize = 4;

/// One hand as the table types it: the calls, the opponents' trumps (left, right), each
/// partnership's trick pile, calypsos so far and cards in progress (by suit letter), and
/// the cards sold.
struct Hand {
    calls: &'static str,
    trumps: Option<(&'static str, &'static str)>,
    piles: [u32; 2],
    calypsos: [&'static [(char, u32)]; 2],
    progress: [&'static [(char, u32)]; 2],
    sold: u32,
}

/// A game of four hands worked out by hand (docs/variants.md, "Partnership Auction
/// Calypso"); the running totals after each are in `RUNNING`.
///
/// 1. North deals. South bids 170 spades (East passed before; West, North, East after);
///    West has hearts, East diamonds, North clubs. North-South: 20 pile cards, 5 spades and
///    3 clubs to their calypsos; East-West: 20 and 2 hearts, 2 diamonds (52). Made:
///    N-S 200 + 170 = 370; E-W their pile, 200.
/// 2. East deals, four passes: misère. Piles 30 and 22: N-S −(300 + 220) = −520, E-W nil.
/// 3. South deals. West bids 1 calypso and 0 hearts; North spades, South clubs, East
///    diamonds. E-W's hearts calypso needed 11 at the start: bonus 40 + 10·11² = 1250. They
///    complete it (11 hearts), take 3 diamonds, pile 10: 100 + 1250 + 500 = 1850. N-S take 2
///    spades, 1 club, pile 25: 250. (10 + 14 + 25 + 3 = 52.)
/// 4. West deals. North bids 200 clubs, East doubles, three passes; East hearts, West
///    diamonds, South spades. N-S pile 15 (150), 2 clubs taken, 1 spade: 50 short, so the
///    fewest sale is 3 clubs (12 → … the clubs calypso 4 + 2 − 3 = 3): 150 + 60 + 200 × 2 =
///    610. E-W pile 29, 4 hearts, 1 diamond: 290. The last hand: 20 a card in progress,
///    N-S 8 + 3 = 11 (220), E-W 4 + 6 = 10 (200): N-S 830, E-W 490.
fn game() -> [Hand; HANDS] {
    [
        Hand {
            calls: "pass 170S pass pass pass",
            trumps: Some(("H", "D")),
            piles: [20, 20],
            calypsos: [&[], &[]],
            progress: [&[('S', 5), ('C', 3)], &[('H', 2), ('D', 2)]],
            sold: 0,
        },
        Hand {
            calls: "pass pass pass pass",
            trumps: None,
            piles: [30, 22],
            calypsos: [&[], &[]],
            progress: [&[('S', 5), ('C', 3)], &[('H', 2), ('D', 2)]],
            sold: 0,
        },
        Hand {
            calls: "1+0H pass pass pass",
            trumps: Some(("S", "C")),
            piles: [25, 10],
            calypsos: [&[], &[('H', 1)]],
            progress: [&[('S', 7), ('C', 4)], &[('H', 0), ('D', 5)]],
            sold: 0,
        },
        Hand {
            calls: "200C double pass pass pass",
            trumps: Some(("H", "D")),
            piles: [15, 29],
            calypsos: [&[], &[('H', 1)]],
            progress: [&[('S', 8), ('C', 3)], &[('H', 4), ('D', 6)]],
            sold: 3,
        },
    ]
}

/// Each hand's points and the running totals after it, N-S then E-W, worked above.
const POINTS: [[i64; 2]; HANDS] = [[370, 200], [-520, 0], [250, 1850], [830, 490]];
const RUNNING: [[i64; 2]; HANDS] = [[370, 200], [-150, 200], [100, 2050], [930, 2540]];

/// The phone form's fields for hands 1 to `upto`.
fn form(round: u64, board: u64, upto: usize) -> Vec<(String, String)> {
    let mut f = vec![
        ("round".to_string(), round.to_string()),
        ("board".to_string(), board.to_string()),
        ("mode".to_string(), "auction-pairs".to_string()),
    ];
    for (i, h) in game().iter().take(upto).enumerate() {
        let k = i + 1;
        f.push((format!("a{k}_calls"), h.calls.into()));
        if let Some((l, r)) = h.trumps {
            f.push((format!("a{k}_lho"), l.into()));
            f.push((format!("a{k}_rho"), r.into()));
        }
        for (side, key) in ["NS", "EW"].iter().enumerate() {
            f.push((format!("a{k}_pile_{key}"), h.piles[side].to_string()));
            for &(suit, n) in h.calypsos[side] {
                f.push((format!("a{k}_calypsos_{key}_{suit}"), n.to_string()));
            }
            for &(suit, n) in h.progress[side] {
                f.push((format!("a{k}_prog_{key}_{suit}"), n.to_string()));
            }
        }
        f.push((format!("a{k}_sold"), h.sold.to_string()));
    }
    f
}

/// A form sent back (not a page a GET shows) as `{CALYPSO_SCREENSHOTS}/{name}.png` at 390
/// px, its styles from the test's server; nothing when the variable is not set.
async fn shot_of_reply(app: &TestApp, html: &str, name: &str) {
    let Ok(dir) = std::env::var("CALYPSO_SCREENSHOTS") else {
        return;
    };
    std::fs::create_dir_all(&dir).unwrap();
    let file = format!("{dir}/{name}.html");
    let based = html.replacen(
        "<head>",
        &format!("<head><base href=\"{}/\">", app.address),
        1,
    );
    std::fs::write(&file, based).unwrap();
    let png = format!("{dir}/{name}.png");
    // Off the test's thread: the server keeps serving the styles.
    let ran = tokio::task::spawn_blocking(move || {
        std::process::Command::new("chromium")
            .args([
                "--headless",
                "--no-sandbox",
                "--hide-scrollbars",
                &format!("--screenshot={png}"),
                "--window-size=390,3400",
                &format!("file://{file}"),
            ])
            .output()
    })
    .await
    .unwrap();
    assert!(ran.is_ok_and(|o| o.status.success()), "chromium for {name}");
}

#[tokio::test]
async fn a_partnership_auction_table_enters_its_game_hand_by_hand_on_the_phone() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    // Worked from empty calypsos: no setup (a new event's default is balanced random).
    let base = json!({"name": "Auction Pairs", "date": "2026-12-03", "format": "progressive",
                      "game": "auction-pairs", "hands": HANDS, "tables": 3, "boards": 3,
                      "auction_setup": "none"});
    let e = six_pair_evening(api, base, 1).await;
    let id = event_id(&e);
    let started = e.start_round_confirming(1).await;
    let (table, board) = place(&started["tables"][0]);
    let phone = Phone::at(&app, id, 3, table as usize);
    let to = format!("{}/result", phone.page);

    // The engine agrees with the figures worked by hand (else the test's game is wrong).
    {
        let mut problems = Vec::new();
        let mut f = calypso_director::event::forms::auction_pairs::PairsForm::default();
        for (k, v) in form(1, board, HANDS).into_iter().skip(3) {
            assert!(f.take(&k, v), "{k}");
        }
        let summary = f.summary(&mut problems);
        assert!(problems.is_empty(), "{problems:?}");
        let spec = PairsSpec::new(HANDS).unwrap();
        assert_eq!(pairs::check(&spec, &summary), vec![]);
        let score = pairs::score(&spec, &summary);
        for (h, (p, r)) in score.hands.iter().zip(POINTS.iter().zip(&RUNNING)) {
            assert_eq!([h.sides.ns.total, h.sides.ew.total], *p, "hand {}", h.hand);
            assert_eq!([h.running.ns, h.running.ew], *r, "hand {}", h.hand);
        }
    }

    // The blank form: hand 1, North deals, East calls first, the call pad for four.
    let (s, page) = phone.page_text().await;
    assert_eq!(s, StatusCode::OK);
    common::shots::screenshot(&app, &phone.page, "auction-pairs-390", (390, 2600)).await;
    for want in [
        "Partnership Auction Calypso, 4 hands",
        "Hand 1 of 4 · North deals",
        "East calls first",
        r#"data-callers="N E S W""#,
        r#"name="a1_pile_NS""#,
        r#"name="a1_calypsos_EW_H""#,
        r#"name="a1_prog_EW_D""#,
        r#"<input type="hidden" name="mode" value="auction-pairs">"#,
        "Check hand 1",
    ] {
        assert!(page.contains(want), "{want} in {page}");
    }
    assert!(!page.contains("Check hand 1 and enter"), "{page}");

    // Hands 1 to 3, one at a time: each checked, the running score by partnership shown,
    // the next hand started from the last one's calypsos and cards in progress.
    for k in 1..HANDS {
        let r = phone
            .browser
            .post(&phone.page, &to, &pairs(&form(1, board, k)))
            .await;
        assert_eq!(r.status(), StatusCode::OK, "hand {k}");
        let page = r.text().await.unwrap();
        assert!(page.contains("The score so far"), "{page}");
        assert!(
            page.contains(
                r#"<th class="num player">North-South</th><th class="num player">East-West</th>"#
            ),
            "{page}"
        );
        for (i, (p, t)) in POINTS.iter().zip(&RUNNING).take(k).enumerate() {
            let row = format!(
                "<tr><td>{}</td><td class=\"num\">{}<br><strong>{}</strong></td><td class=\"num\">{}<br><strong>{}</strong></td>",
                i + 1,
                p[0],
                t[0],
                p[1],
                t[1]
            );
            assert!(page.contains(&row), "hand {k}: {row} in {page}");
        }
        let next = k + 1;
        let dealer = ["North", "East", "South", "West"][k % 4];
        assert!(
            page.contains(&format!("Hand {next} of 4 · {dealer} deals")),
            "{page}"
        );
        let spades = game()[k - 1].progress[0][0].1;
        assert!(
            page.contains(&format!(r#"name="a{next}_prog_NS_S" value="{spades}""#)),
            "carried over: {page}"
        );
        if next == HANDS {
            assert!(page.contains("Check hand 4 and enter the result"), "{page}");
            shot_of_reply(&app, &page, "auction-pairs-hand-4-390").await;
        } else {
            assert!(page.contains(&format!("Check hand {next}<")), "{page}");
        }
    }
    // Checking a hand keeps nothing: the page opens blank again.
    let (_, page) = phone.page_text().await;
    assert!(
        !page.contains("The score so far"),
        "nothing was kept: {page}"
    );

    // A wrong hand 2 (a card too many in North-South's pile): the engine's words on hand 2,
    // hand 2 opened, what was typed kept; nothing stored.
    let mut f = form(1, board, 2);
    for (k, v) in &mut f {
        if k == "a2_pile_NS" {
            *v = "31".into();
        }
    }
    let r = phone.browser.post(&phone.page, &to, &pairs(&f)).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = r.text().await.unwrap();
    assert!(
        page.contains("hand 2: the trick piles (53 cards) and the cards the calypsos took (0) make 53, and a hand deals 52"),
        "{page}"
    );
    let hand2 = page
        .split(&format!(r#"id="board-{board}-hand-2" open>"#))
        .nth(1)
        .unwrap_or_else(|| panic!("hand 2 open with its note: {page}"));
    let hand2 = hand2.split("</details>").next().unwrap();
    assert!(hand2.contains("hand 2: the trick piles"), "{hand2}");
    assert!(hand2.contains(r#"name="a2_pile_NS" value="31""#), "{hand2}");
    assert!(results(&e.api, &e.path).await.is_empty(), "nothing kept");

    // A call that is no call is named on its hand, kept as typed.
    let mut f = form(1, board, 1);
    for (k, v) in &mut f {
        if k == "a1_calls" {
            *v = "pass 17OS pass pass pass".into();
        }
    }
    let r = phone.browser.post(&phone.page, &to, &pairs(&f)).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = r.text().await.unwrap();
    assert!(
        page.contains("hand 1: &#34;17OS&#34; is not a call"),
        "{page}"
    );
    assert!(
        page.contains(r#"value="pass 17OS pass pass pass""#),
        "{page}"
    );

    // The last hand enters the result: stored with the figures worked above.
    let r = phone
        .browser
        .post(&phone.page, &to, &pairs(&form(1, board, HANDS)))
        .await;
    assert_eq!(
        r.status(),
        StatusCode::SEE_OTHER,
        "{}",
        r.text().await.unwrap()
    );
    let stored = results(&e.api, &e.path).await;
    assert_eq!(stored.len(), 1, "{stored:?}");
    let [ns, ew] = RUNNING[HANDS - 1];
    assert_eq!(
        (
            stored[0]["scores"]["majors"].as_i64(),
            stored[0]["scores"]["minors"].as_i64()
        ),
        (Some(ns), Some(ew)),
        "{stored:?}"
    );
    // The table's page: both partnerships' totals, and each hand as the engine scored it.
    let (_, page) = phone.page_text().await;
    for want in [
        format!("<dt>N-S</dt><dd>{ns}</dd>"),
        format!("<dt>E-W</dt><dd>{ew}</dd>"),
        format!("<strong>{}</strong>", RUNNING[2][1]),
        "North: 200 clubs, doubled".to_string(),
    ] {
        assert!(page.contains(&want), "{want} in {page}");
    }
    // The director's correction starts from the table's hands, on the same form.
    let rid = &stored[0]["id"];
    let (s, page) = d
        .get_text(&format!("/c/alpha/events/{id}/results/{rid}/correct"))
        .await;
    assert_eq!(s, StatusCode::OK);
    for want in [
        r#"<input type="hidden" name="mode" value="auction-pairs">"#,
        r#"name="a4_calls" value="200C double pass pass pass""#,
        r#"name="a3_calypsos_EW_H" value="1""#,
        r#"name="a4_sold" value="3""#,
    ] {
        assert!(page.contains(want), "{want} in {page}");
    }
}

/// The setup step before hand 1 at four: standardised, both partnerships' line shown once,
/// read-only, filled with the six cards of every suit, and hand 1 started from it; the first
/// hand is checked on top of it (South's 170 spades made: N-S 370, E-W 200). Balanced random
/// is typed once for both partnerships, and a setup left out is refused by the engine.
#[tokio::test]
async fn the_setup_step_at_four_starts_both_partnerships_from_the_setup_agreed() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let base = json!({"name": "Auction Pairs", "date": "2026-12-03", "format": "progressive",
                      "game": "auction-pairs", "hands": HANDS, "tables": 3, "boards": 3,
                      "auction_setup": "standardised"});
    let e = six_pair_evening(api, base, 1).await;
    let id = event_id(&e);
    let started = e.start_round_confirming(1).await;
    let (table, board) = place(&started["tables"][0]);
    let phone = Phone::at(&app, id, 3, table as usize);
    let to = format!("{}/result", phone.page);

    let (s, page) = phone.page_text().await;
    assert_eq!(s, StatusCode::OK);
    for want in [
        "Setup before hand 1: standardised",
        "Each partnership starts with the 2, 4, 6, 8, 10 and queen of every suit",
        "<legend>Both partnerships</legend>",
        r#"name="su_all_S" value="6" placeholder="0" aria-label="spades at the start" readonly"#,
        r#"name="a1_prog_NS_S" value="6""#,
        r#"name="a1_prog_EW_C" value="6""#,
    ] {
        assert!(page.contains(want), "{want} in {page}");
    }
    assert!(!page.contains("su_NS_S"), "one line for both: {page}");
    // Read-only: nothing to type.
    assert!(!page.contains("Type the cards of each calypso"), "{page}");
    common::shots::screenshot(&app, &phone.page, "auction-pairs-setup-390", (390, 2600)).await;

    // Hand 1 on top of the setup: South 170 spades, West hearts, East diamonds, North
    // clubs. N-S take 5 spades and 3 clubs (6 + 5, 6 + 3), E-W 2 hearts and 2 diamonds.
    let mut f: Vec<(String, String)> = vec![
        ("round".into(), "1".into()),
        ("board".into(), board.to_string()),
        ("mode".into(), "auction-pairs".into()),
        ("a1_calls".into(), "pass 170S pass pass pass".into()),
        ("a1_lho".into(), "H".into()),
        ("a1_rho".into(), "D".into()),
        ("a1_pile_NS".into(), "20".into()),
        ("a1_pile_EW".into(), "20".into()),
        ("a1_sold".into(), "0".into()),
    ];
    for (key, counts) in [("NS", [11, 6, 6, 9]), ("EW", [6, 8, 8, 6])] {
        for (suit, n) in ["S", "H", "D", "C"].iter().zip(counts) {
            f.push((format!("a1_prog_{key}_{suit}"), n.to_string()));
        }
    }
    let mut with_setup = f.clone();
    for suit in ["S", "H", "D", "C"] {
        with_setup.push((format!("su_all_{suit}"), "6".into()));
    }
    let r = phone
        .browser
        .post(&phone.page, &to, &pairs(&with_setup))
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let page = r.text().await.unwrap();
    assert!(
        page.contains(
            "<tr><td>1</td><td class=\"num\">370<br><strong>370</strong></td><td class=\"num\">200<br><strong>200</strong></td>"
        ),
        "{page}"
    );
    // Without the setup's cards the hand does not add up, and the engine says the setup is
    // missing.
    let r = phone.browser.post(&phone.page, &to, &pairs(&f)).await;
    let page = r.text().await.unwrap();
    assert!(
        page.contains("the game agreed the standardised setup"),
        "{page}"
    );
}
