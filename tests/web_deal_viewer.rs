//! The deal viewer: hidden from the public until the hand records are released (the club's
//! directors see it any time), the same cards as the boards API, every board listed, and
//! the board's traveller beside its deals.

mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::Value;

/// The ranks the board page shows for a hand, suit by suit: `[('S', "QJ92"), ...]`.
fn hand_on_page(html: &str, deal: usize, seat: char) -> Vec<(char, String)> {
    let at = format!("id=\"deal-{deal}-{seat}\"");
    let start = html
        .find(&at)
        .unwrap_or_else(|| panic!("no {at} on the page: {html}"));
    let hand = &html[start..];
    let hand = &hand[..hand.find("</ul>").expect("the hand's suits")];
    hand.split("<li data-suit=\"")
        .skip(1)
        .map(|li| {
            let suit = li.chars().next().unwrap();
            let ranks = li
                .split("<span class=\"holding\">")
                .nth(1)
                .expect("ranks")
                .split('<')
                .next()
                .unwrap();
            (suit, ranks.to_string())
        })
        .collect()
}

/// The same hand from the boards API's cards ("QS", "TH"...), in the hand record's suit
/// order, "—" for a suit the hand has none of.
fn hand_in_api(cards: &Value) -> Vec<(char, String)> {
    let cards: Vec<&str> = cards
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    ['S', 'H', 'D', 'C']
        .into_iter()
        .map(|s| {
            let ranks: String = cards
                .iter()
                .filter(|c| c.ends_with(s))
                .map(|c| &c[..c.len() - 1])
                .collect();
            (
                s,
                if ranks.is_empty() {
                    "—".into()
                } else {
                    ranks
                },
            )
        })
        .collect()
}

#[tokio::test]
async fn the_viewer_opens_to_the_public_when_the_hand_records_are_released() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let other = app.club_with_owner("bravo", "bob@example.org").await;
    let public = Browser::new(&app);
    let mut fields = event_fields("Autumn Teams");
    fields[2] = ("format", "team-match");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let page = location(&r);
    let id = id_from_location(&page);
    let (list, board_1) = (format!("{page}/boards"), format!("{page}/boards/1"));

    // A draft without a key: nobody has cards to see.
    assert_eq!(d.get(&board_1).await.status(), StatusCode::NOT_FOUND);

    // Ready: the key exists. The club's director sees the boards, marked as theirs only;
    // the public and another club's director get "not found", as from the boards API.
    move_event(&d, &page, &[("draft", "ready")]).await;
    for path in [&list, &board_1] {
        let (status, body) = d.get_text(path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(
            body.contains("Directors only until the hand records are released."),
            "{path}"
        );
        assert_eq!(public.get(path).await.status(), StatusCode::NOT_FOUND);
        assert_eq!(other.get(path).await.status(), StatusCode::NOT_FOUND);
    }
    assert!(
        !public
            .get_text(&page)
            .await
            .1
            .contains("id=\"deal-viewer\"")
    );
    assert!(d.get_text(&page).await.1.contains("id=\"deal-viewer\""));
    let api_boards = format!("{}/api/v1/events/{id}/boards", app.address);
    assert_eq!(
        reqwest::get(&api_boards).await.unwrap().status(),
        StatusCode::NOT_FOUND,
        "the API agrees"
    );

    // Played, finished, released: the public sees every board.
    move_event(&d, &page, &[("ready", "running"), ("running", "finished")]).await;
    assert_eq!(public.get(&board_1).await.status(), StatusCode::NOT_FOUND);
    let r = d
        .post(&page, &format!("{page}/release"), &[("confirm", "yes")])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, event_page) = public.get_text(&page).await;
    assert!(
        event_page.contains(&format!("<a href=\"{list}\" id=\"deal-viewer\">")),
        "the event page links the viewer"
    );
    let (status, html) = public.get_text(&board_1).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!html.contains("Directors only"));
    assert_eq!(
        other.get(&board_1).await.status(),
        StatusCode::OK,
        "another club's director is public"
    );

    // The cards are the boards API's, seat by seat and suit by suit.
    let boards: Value = reqwest::get(&api_boards)
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let deal_1 = &boards["boards"][0]["deals"][0];
    assert_eq!(boards["boards"][0]["board"], 1);
    for seat in ['N', 'E', 'S', 'W'] {
        let shown = hand_on_page(&html, 1, seat);
        assert_eq!(
            shown,
            hand_in_api(&deal_1["hands"][seat.to_string()]),
            "board 1, deal 1, {seat}"
        );
    }
    let dealer = match deal_1["dealer"].as_str().unwrap() {
        "N" => "North",
        "E" => "East",
        "S" => "South",
        _ => "West",
    };
    assert!(html.contains(&format!(
        "<h2>Deal 1 <span class=\"muted\">dealer {dealer}</span></h2>"
    )));
    // The last deal too, and each of the four deals is on the page.
    for seat in ['N', 'W'] {
        assert_eq!(
            hand_on_page(&html, 4, seat),
            hand_in_api(&boards["boards"][0]["deals"][3]["hands"][seat.to_string()]),
            "board 1, deal 4, {seat}"
        );
    }
    for n in 1..=4 {
        assert!(html.contains(&format!("<a href=\"#deal-{n}\">{n}</a>")));
    }
    // Red hearts and diamonds, black spades and clubs; North holds the spades (SDHC).
    assert!(html.contains("<li data-suit=\"H\"><span class=\"suit red\">♥</span>"));
    assert!(html.contains("<li data-suit=\"D\"><span class=\"suit red\">♦</span>"));
    assert!(html.contains("<li data-suit=\"S\"><span class=\"suit\">♠</span>"));
    assert!(html.contains("<li data-suit=\"C\"><span class=\"suit\">♣</span>"));
    assert!(html.contains("<strong>North</strong> <span class=\"trump\""));
    assert!(html.contains("<span class=\"suit\">♠</span> N-S</span>"));
    assert!(html.contains("<span class=\"suit red\">♦</span> E-W</span>"));
    // The traveller's place, empty: this match had no results.
    assert!(html.contains("<section class=\"traveller card\" id=\"traveller\">"));
    assert!(html.contains("No results for this board yet."));

    // Board to board: the first has no board before it, the last none after.
    assert!(html.contains(&format!(
        "<a href=\"{page}/boards/2\" rel=\"next\">Board 2 →</a>"
    )));
    assert!(!html.contains("rel=\"prev\""));
    let (_, last) = public.get_text(&format!("{page}/boards/20")).await;
    assert!(last.contains(&format!(
        "<a href=\"{page}/boards/19\" rel=\"prev\">← Board 19</a>"
    )));
    assert!(!last.contains("rel=\"next\""));
    assert_eq!(
        hand_on_page(&last, 2, 'E'),
        hand_in_api(&boards["boards"][19]["deals"][1]["hands"]["E"]),
        "board 20, deal 2, East"
    );

    // No such board, no such event: not found.
    for path in [
        format!("{page}/boards/21"),
        format!("{page}/boards/0"),
        format!("{page}/boards/one"),
        format!("{page}/boards/-1"),
        "/c/alpha/events/999999/boards/1".to_string(),
        "/c/alpha/events/999999/boards".to_string(),
        format!("/c/nowhere/events/{id}/boards/1"),
    ] {
        assert_eq!(
            public.get(&path).await.status(),
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }

    // The list links every board of the event, and no other.
    let (status, body) = public.get_text(&list).await;
    assert_eq!(status, StatusCode::OK);
    for n in 1..=20 {
        assert!(
            body.contains(&format!("<a href=\"{page}/boards/{n}\">{n}</a>")),
            "board {n} listed"
        );
    }
    assert!(!body.contains(&format!("{page}/boards/21")));
}

#[tokio::test]
async fn the_traveller_shows_the_tables_results_on_the_board() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let public = Browser::new(&app);
    let (page, _, stored) = finished_evening(&app, &d).await;
    let board = |b: u32| format!("{page}/boards/{b}");
    // Finished, not released: the director's traveller already shows it.
    let (status, html) = d.get_text(&board(stored[0].place.board)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains(&format!(
        "<strong>Round {} · table {}</strong>",
        stored[0].place.round, stored[0].place.table
    )));
    assert_eq!(
        public.get(&board(stored[0].place.board)).await.status(),
        StatusCode::NOT_FOUND
    );
    let r = d
        .post(&page, &format!("{page}/release"), &[("confirm", "yes")])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);

    let club = app.club_id("alpha");
    let id = id_from_location(&page);
    let entries = with_conn(&app, |c| {
        calypso_director::db::entries::entries_of(c, club, id).unwrap()
    });
    let name = |e: Option<calypso_director::event::EntryId>| {
        let e = entries.iter().find(|x| Some(x.id) == e).unwrap();
        // As askama writes it.
        format!("{} {}", e.number, e.name).replace('&', "&#38;")
    };
    for r in &stored {
        let (status, html) = public.get_text(&board(r.place.board)).await;
        assert_eq!(status, StatusCode::OK);
        let traveller = &html[html.find("id=\"traveller\"").unwrap()..];
        let head = format!(
            "<strong>Round {} · table {}</strong>",
            r.place.round, r.place.table
        );
        let line = &traveller[traveller
            .find(&head)
            .unwrap_or_else(|| panic!("{head} in {traveller}"))..];
        let line = &line[..line.find("</tbody>").unwrap()];
        let (majors, minors) = (name(r.sides.majors), name(r.sides.minors));
        // The ruled board: its adjusted scores instead of totals, and no net.
        let (ms, ns) = if r.id == stored[1].id {
            assert!(!line.contains("net "), "{line}");
            ("ave+ (60%)".to_string(), "40%".to_string())
        } else {
            let net = r.values.scores.majors - r.values.scores.minors;
            assert!(line.contains(&format!("net {net}")), "{line}");
            (
                r.values.scores.majors.to_string(),
                r.values.scores.minors.to_string(),
            )
        };
        // Each side's score, then its matchpoints on the board.
        assert!(
            line.contains(&format!(
                "<td class=\"muted\">N-S ♠♥</td><td>{majors}</td><td class=\"score\">{ms} <span class=\"muted\">"
            )),
            "{line}"
        );
        assert!(
            line.contains(&format!(
                "<td class=\"muted\">E-W ♦♣</td><td>{minors}</td><td class=\"score\">{ns} <span class=\"muted\">"
            )),
            "{line}"
        );
        assert!(line.contains(" MP</span>"), "{line}");
        // Another board's results are not on this board's traveller.
        for other in stored.iter().filter(|o| o.place.board != r.place.board) {
            assert!(!traveller.contains(&format!(
                "<strong>Round {} · table {}</strong>",
                other.place.round, other.place.table
            )));
        }
    }
}
