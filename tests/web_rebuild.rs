//! Rebuilding a played board on the table's phone (#38): once a board's result is agreed,
//! the table's page offers its rebuild; the rebuild page lists every copy of every card with
//! the packet the board's sheet puts it in; the last step records the rebuild once and says
//! where the board goes; anything that is not this table's agreed board is a 404 that says
//! why, and a game dealt at the table has no rebuild.

mod common;

use calypso_director::db;
use calypso_director::deals::{self, rebuild};
use calypso_director::event::EventId;
use common::evening::*;
use common::games::*;
use common::*;
use reqwest::StatusCode;
use serde_json::json;

/// The board as the event dealt it, and its sheet, straight from the deal module.
fn sheet_of(app: &TestApp, id: EventId, board: u32) -> rebuild::RebuildSheet {
    let club = app.club_id("alpha");
    let ev = with_conn(app, |c| db::events::event(c, club, id).unwrap().unwrap());
    let key = ev.deal.expect("a running event has its deal key");
    let set = deals::SetKey::from_hex(&key.key_hex).unwrap();
    let b = deals::board(&set, board, false, &ev.settings.game_spec(), None).unwrap();
    rebuild::sheet(&b)
}

/// What the sheet says, as the page should show it: each card ("10♠") and its copies'
/// packets ("deal 1 · North"), suit by suit, ace down.
fn expected_rows(sheet: &rebuild::RebuildSheet) -> Vec<(String, Vec<String>)> {
    sheet
        .cards
        .iter()
        .map(|r| {
            let rank = match r.card.rank().char() {
                'T' => "10".to_string(),
                c => c.to_string(),
            };
            (
                format!("{rank}{}", r.card.suit().symbol()),
                r.packets
                    .iter()
                    .map(|p| format!("deal {} · {}", p.deal, p.seat.name()))
                    .collect(),
            )
        })
        .collect()
}

/// The page's rows: each card's legend and the labels of its chips, in page order.
fn page_rows(html: &str) -> Vec<(String, Vec<String>)> {
    let mut rows = Vec::new();
    for part in html.split("<fieldset class=\"rank-row\">").skip(1) {
        let part = part.split("</fieldset>").next().unwrap();
        let legend = part.split("</legend>").next().unwrap();
        let card = legend.rsplit('>').next().unwrap().to_string();
        let chips = part
            .split("<span>")
            .skip(1)
            .map(|s| s.split("</span>").next().unwrap().to_string())
            .collect();
        rows.push((card, chips));
    }
    rows
}

fn rebuilt_rows(app: &TestApp, id: EventId) -> Vec<(u32, u32, u32)> {
    let club = app.club_id("alpha");
    with_conn(app, |c| {
        db::rebuilds::rebuilt_of(c, club, id)
            .unwrap()
            .into_iter()
            .map(|r| (r.round, r.table, r.board))
            .collect()
    })
}

/// Where the movement lays `board` in `round`: its table.
fn table_with(app: &TestApp, id: EventId, round: u32, board: u32) -> u32 {
    let club = app.club_id("alpha");
    let (_, m) = with_conn(app, |c| {
        calypso_director::service::play::movement_of(c, club, id)
            .unwrap()
            .unwrap()
    });
    (1..=m.tables)
        .find(|&t| m.boards_at(round, t).contains(&board))
        .unwrap()
}

/// Table 1's phone enters its round-1 result and the other side agrees on it.
async fn agreed_at_table_1(e: &Evening, phone: &Phone, board: u64) {
    let r = phone.enter(e, 1, board).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let rid = result_id(e, 1, 1).await;
    let r = phone.answer(&rid, true).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn the_rebuild_page_lists_each_copy_where_the_sheet_puts_it_and_the_last_step_is_stored_once()
{
    let app = spawn_app().await;
    let api = club_api(&app, "alpha", "olive@example.org").await;
    let e = mitchell(api).await;
    e.start_round(1).await;
    let id = event_id(&e);
    let phone = Phone::at(&app, id, 5, 1);
    let board = board_now(&e, 1).await;
    let rebuild = format!("{}/rebuild/{board}", phone.page);

    // Before the result is agreed: nothing offered, the page says why.
    let (_, page) = phone.page_text().await;
    assert!(!page.contains("Rebuild board"), "{page}");
    let (s, body) = phone.browser.get_text(&rebuild).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(
        body.contains(&format!("Board {board}&#39;s result is not agreed yet")),
        "{body}"
    );
    let r = phone.enter(&e, 1, board).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (s, body) = phone.browser.get_text(&rebuild).await;
    assert_eq!(
        s,
        StatusCode::NOT_FOUND,
        "a provisional result is not agreed"
    );
    assert!(body.contains("not agreed yet"), "{body}");
    let rid = result_id(&e, 1, 1).await;
    let r = phone.answer(&rid, true).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);

    // Agreed: the table's page offers the rebuild.
    let (_, page) = phone.page_text().await;
    assert!(
        page.contains(&format!("href=\"{rebuild}\">Rebuild board {board}</a>")),
        "{page}"
    );

    // The page: every card of the board, each copy's packet exactly as the sheet says.
    let (s, html) = phone.browser.get_text(&rebuild).await;
    assert_eq!(s, StatusCode::OK, "{html}");
    let sheet = sheet_of(&app, id, board as u32);
    let want = expected_rows(&sheet);
    assert_eq!(
        want.len(),
        52,
        "Calypso's board: 52 cards, four copies each"
    );
    assert_eq!(page_rows(&html), want);
    assert_eq!(html.matches("type=\"checkbox\"").count(), 208);
    assert!(html.contains("Sort them into suits, then each suit into its 13 ranks"));
    // Suit by suit, ♠ ♥ ♦ ♣, red suits red.
    let order: Vec<usize> = [
        "♠ Spades",
        "♥</span> Hearts",
        "♦</span> Diamonds",
        "♣ Clubs",
    ]
    .iter()
    .map(|s| html.find(s).unwrap_or_else(|| panic!("{s}")))
    .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
    assert!(html.contains("<span class=\"red\">♥</span> Hearts"));
    assert!(html.contains("<legend class=\"card-face red\">A♦</legend>"));
    assert!(html.contains("<legend class=\"card-face\">10♠</legend>"));
    // The ticks are kept under the board's own key.
    assert!(html.contains(&format!("data-keep-ticks=\"{}-1-1-{board}\"", id.get())));
    assert!(rebuilt_rows(&app, id).is_empty());

    // The last step: stored once, and where the board goes (the movement's next table).
    let goes = table_with(&app, id, 2, board as u32);
    let r = phone.browser.post(&rebuild, &rebuild, &[]).await;
    assert_eq!(r.status(), StatusCode::OK);
    let done = r.text().await.unwrap();
    assert!(done.contains(&format!("Board {board} rebuilt ✓")), "{done}");
    assert!(
        done.contains(&format!("Board {board} goes to table {goes}.")),
        "{done}"
    );
    assert_eq!(rebuilt_rows(&app, id), vec![(1, 1, board as u32)]);
    // A second tap is fine: still one row.
    let r = phone.browser.post(&rebuild, &rebuild, &[]).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(rebuilt_rows(&app, id), vec![(1, 1, board as u32)]);

    // The table's page says it is rebuilt and where it goes; so does the rebuild page.
    let (_, page) = phone.page_text().await;
    assert!(
        page.contains(&format!("Board {board} rebuilt ✓ — goes to table {goes}")),
        "{page}"
    );
    assert!(!page.contains(&format!("Rebuild board {board}</a>")));
    let (s, html) = phone.browser.get_text(&rebuild).await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains(&format!("Board {board} rebuilt ✓ — goes to table {goes}")));
    // Without the form's token the last step is refused and nothing more is stored.
    let r = phone.browser.post_raw(&rebuild, &[]).await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_table_rebuilds_only_its_own_agreed_boards_and_anything_else_is_a_clear_404() {
    let app = spawn_app().await;
    let api = club_api(&app, "alpha", "olive@example.org").await;
    let e = mitchell(api).await;
    e.start_round(1).await;
    let id = event_id(&e);
    let phone = Phone::at(&app, id, 5, 1);
    let board = board_now(&e, 1).await;
    let other = board_now(&e, 2).await;
    agreed_at_table_1(&e, &phone, board).await;
    // Table 2's result is in and agreed too (the director's, through the API).
    post_report(&e, 1, 2, other).await;

    let at = |what: &str| format!("{}/rebuild/{what}", phone.page);
    let cases = [
        (
            other.to_string(),
            "is not one of table 1&#39;s boards".to_string(),
        ),
        (
            "999".into(),
            "Board 999 is not one of table 1&#39;s boards".into(),
        ),
        ("0".into(), "is not a board number".into()),
        ("-1".into(), "is not a board number".into()),
        ("abc".into(), "“abc” is not a board number".into()),
        (
            "99999999999999999999".into(),
            "is not a board number".into(),
        ),
        ("4294967297".into(), "is not a board number".into()),
    ];
    for (what, says) in &cases {
        let (s, body) = phone.browser.get_text(&at(what)).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{what}: {body}");
        assert!(body.contains(says.as_str()), "{what}: {body}");
        assert!(
            body.contains(&format!("href=\"{}\"", phone.page)),
            "the way back"
        );
        // The form's token from this table's own rebuild page.
        let r = phone
            .browser
            .post(&at(&board.to_string()), &at(what), &[])
            .await;
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "POST {what}");
    }
    // A board table 1 plays later in the evening is not its board yet.
    let club = app.club_id("alpha");
    let (_, m) = with_conn(&app, |c| {
        calypso_director::service::play::movement_of(c, club, id)
            .unwrap()
            .unwrap()
    });
    let later = m.seating(3, 1).unwrap().boards[0];
    let (s, body) = phone.browser.get_text(&at(&later.to_string())).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(
        body.contains("is not one of table 1&#39;s boards"),
        "{body}"
    );
    assert!(rebuilt_rows(&app, id).is_empty(), "nothing stored");

    // A code no table has: the code box again, 404.
    let (s, body) = phone
        .browser
        .get_text(&format!("/t/ZZZZZZZZ/rebuild/{board}"))
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(body.contains("No table has the code"), "{body}");

    // Table 2's own phone may rebuild table 2's board.
    let two = Phone::at(&app, id, 5, 2);
    let (s, _) = two
        .browser
        .get_text(&format!("{}/rebuild/{other}", two.page))
        .await;
    assert_eq!(s, StatusCode::OK);

    // Round 2: table 1 may still rebuild round 1's board until it has, then it has moved on.
    e.start_round_confirming(2).await;
    let (_, page) = phone.page_text().await;
    assert!(
        page.contains(&format!("Rebuild board {board}</a>")),
        "{page}"
    );
    assert!(page.contains("From round 1."));
    let r = phone
        .browser
        .post(&at(&board.to_string()), &at(&board.to_string()), &[])
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(rebuilt_rows(&app, id), vec![(1, 1, board as u32)]);
    let (s, body) = phone.browser.get_text(&at(&board.to_string())).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(
        body.contains("is rebuilt already and has moved on"),
        "{body}"
    );
}

#[tokio::test]
async fn a_last_rounds_board_goes_to_the_director() {
    let app = spawn_app().await;
    let api = club_api(&app, "alpha", "olive@example.org").await;
    let e = running_event(
        api,
        "pairs-mitchell",
        5,
        10,
        json!({"rounds": 1, "boards_per_round": 1}),
    )
    .await;
    e.start_round(1).await;
    let id = event_id(&e);
    let phone = Phone::at(&app, id, 5, 1);
    let board = board_now(&e, 1).await;
    agreed_at_table_1(&e, &phone, board).await;
    let rebuild = format!("{}/rebuild/{board}", phone.page);
    let r = phone.browser.post(&rebuild, &rebuild, &[]).await;
    assert_eq!(r.status(), StatusCode::OK);
    let done = r.text().await.unwrap();
    assert!(
        done.contains(&format!("Last round: hand board {board} to the director.")),
        "{done}"
    );
}

#[tokio::test]
async fn an_embers_table_has_no_rebuild() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let base = json!({"name": "Embers Night", "date": "2026-12-02", "format": "progressive",
                      "game": "embers", "hands": 4, "tables": 3, "boards": 9});
    let e = six_pair_evening(api, base, 3).await;
    let started = e.start_round(1).await;
    let id = event_id(&e);
    let (table, board) = place(&started["tables"][0]);
    assert_eq!(table, 1);
    let game = embers_game(4, 11);
    let body = json!({"round": 1, "table": 1, "board": board, "reports": game.summary.hands});
    let (s, v) = e.api.post(&e.results(), body).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let phone = Phone::at(&app, id, 3, 1);
    let (_, page) = phone.page_text().await;
    assert!(
        !page.contains("Rebuild board") && !page.contains("id=\"rebuilds\""),
        "{page}"
    );
    let (s, body) = phone
        .browser
        .get_text(&format!("{}/rebuild/{board}", phone.page))
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(
        body.contains(
            "Embers Calypso is dealt at the table from ordinary packs: there is no board to rebuild"
        ),
        "{body}"
    );
}

#[tokio::test]
async fn a_duets_packets_name_the_player_whose_hand_each_is() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let base = json!({"name": "Duet Night", "date": "2026-12-02", "format": "pairs-mitchell",
                      "variant": "duet", "tables": 4, "boards": 4});
    let entries: Vec<serde_json::Value> = (1..=8)
        .map(|n| json!({"kind": "individual", "players": [{"name": format!("Player {n}")}]}))
        .collect();
    let (path, boards) = running(&api, base, &entries, one_board_rounds(3)).await;
    let e = Evening { api, path, boards };
    let id = event_id(&e);
    let started = e.start_round(1).await;
    let (table, board) = place(&started["tables"][0]);
    assert_eq!(table, 1);
    let mut body = duet_report(&e, 1, 1, board).body(1, 1, board);
    body["dummies"] = json!(
        (1..=4)
            .map(|k| if k % 2 == 0 {
                json!({"majors": "N", "minors": "E"})
            } else {
                json!({"majors": "S", "minors": "W"})
            })
            .collect::<Vec<_>>()
    );
    let (s, v) = e.api.post(&e.results(), body).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");

    let phone = Phone::at(&app, id, 4, 1);
    let (s, html) = phone
        .browser
        .get_text(&format!("{}/rebuild/{board}", phone.page))
        .await;
    assert_eq!(s, StatusCode::OK, "{html}");
    // The ♠♥ player holds the North and South hands, the ♣♦ player West and East.
    let player = |seat: &str| match seat {
        "North" | "South" => "♠♥",
        _ => "♣♦",
    };
    let want: Vec<(String, Vec<String>)> = expected_rows(&sheet_of(&app, id, board as u32))
        .into_iter()
        .map(|(card, packets)| {
            let named = packets
                .into_iter()
                .map(|p| {
                    let seat = p.rsplit(' ').next().unwrap().to_string();
                    format!("{p} ({} player)", player(&seat))
                })
                .collect();
            (card, named)
        })
        .collect();
    assert_eq!(page_rows(&html), want);
    assert!(
        html.contains(
            "North (♠♥ player), East (♣♦ player), South (♠♥ player) and West (♣♦ player)"
        ),
        "{html}"
    );
}

#[tokio::test]
async fn a_progressive_individuals_board_is_played_once_and_goes_to_the_director() {
    let app = spawn_app().await;
    let api = club_api(&app, "alpha", "olive@example.org").await;
    let e = running_event(api, "progressive-individual", 2, 8, json!({"rounds": 2})).await;
    let started = e.start_round(1).await;
    let id = event_id(&e);
    let (table, board) = place(&started["tables"][0]);
    assert_eq!((table, board), (1, 1));
    let at = db::results::PlayedAt {
        round: 1,
        table_number: 1,
        board: 1,
        majors_entry: None,
        minors_entry: None,
    };
    store_result(&app, id, at, (120, 80));
    let phone = Phone::at(&app, id, 2, 1);
    let (_, page) = phone.page_text().await;
    let rebuild = format!("{}/rebuild/1", phone.page);
    assert!(
        page.contains(&format!("href=\"{rebuild}\">Rebuild board 1</a>")),
        "{page}"
    );
    let (s, html) = phone.browser.get_text(&rebuild).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(page_rows(&html), expected_rows(&sheet_of(&app, id, 1)));
    let r = phone.browser.post(&rebuild, &rebuild, &[]).await;
    assert_eq!(r.status(), StatusCode::OK);
    let done = r.text().await.unwrap();
    assert!(
        done.contains("Board 1 is not played again: hand it to the director."),
        "{done}"
    );
    assert_eq!(rebuilt_rows(&app, id), vec![(1, 1, 1)]);
}
