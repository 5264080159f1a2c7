//! The table on a phone (#39 item 7) over HTTP: the page a seat link opens shows this seat's
//! hand and no other hidden card of the deal; only the legal cards are buttons; a card
//! posted from the page is played; a stale or illegal card comes back with the service's
//! words and the hand kept; a bad link is a 404 page, a revoked one a 403. Named `web_*` so
//! scripts/test.sh runs it on PostgreSQL too.

mod common;

use std::collections::BTreeSet;

use calypso_director::db::DbPool;
use calypso_director::engine::{Card, Seat};
use calypso_director::event::EventId;
use calypso_director::event::online::view::SeatView;
use calypso_director::event::online::words::card_words;
use calypso_director::service::online;
use common::seats::cards_on_page;
use common::*;
use reqwest::StatusCode;

/// A running event of club alpha (2 tables, 1 round) and a seat link for each seat of
/// table 1.
async fn seated(app: &TestApp) -> (EventId, [String; 4]) {
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let (_, id, _) = two_tables_running(app, &d, "Online evening", ("Ann", "Bob")).await;
    play_online(app, id);
    let club = app.club_id("alpha");
    let tokens = Seat::ALL.map(|seat| {
        with_conn(app, |c| {
            online::issue_seat_link(c, club, id, 1, 1, None, seat, None).unwrap()
        })
    });
    (id, tokens)
}

fn state(pool: &DbPool, token: &str) -> SeatView {
    online::table_state(pool, token).unwrap()
}

fn legal(s: &SeatView) -> Vec<Card> {
    s.legal.as_ref().map(|c| c.0.clone()).unwrap_or_default()
}

/// The seat to play, its token and view.
fn to_play<'t>(pool: &DbPool, tokens: &'t [String; 4]) -> Option<(Seat, &'t str, SeatView)> {
    let seat = state(pool, &tokens[0]).to_play?;
    let token = &tokens[seat.index()];
    Some((seat, token, state(pool, token)))
}

/// Plays `n` cards through the service, each the seat's first legal card.
fn play_cards(pool: &DbPool, tokens: &[String; 4], n: usize) {
    for _ in 0..n {
        let Some((_, token, s)) = to_play(pool, tokens) else {
            return;
        };
        let card = legal(&s)[0].to_string();
        online::play_card(pool, token, &card, s.seq as u32).unwrap();
    }
}

/// The card codes of the page's enabled card buttons, in the page's order.
fn buttons(html: &str) -> Vec<String> {
    html.split("<button type=\"submit\" name=\"card\" value=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap().to_string())
        .collect()
}

/// What a seat may see of the cards: its own hand and the cards face up on the table.
fn may_see(s: &SeatView) -> BTreeSet<Card> {
    s.hand
        .0
        .iter()
        .copied()
        .chain(s.trick_so_far.iter().map(|p| p.card))
        .chain(s.last_trick.iter().map(|p| p.card))
        .collect()
}

/// The page (and its table part) of each seat shows every card it may see and no card it
/// may not: scanned against the other seats' hands, which must hold cards of their own.
async fn scan_every_seat(app: &TestApp, b: &Browser, tokens: &[String; 4]) -> usize {
    let mut others_scanned = 0;
    for seat in Seat::ALL {
        let token = &tokens[seat.index()];
        let s = state(&app.pool, token);
        for path in [
            format!("/seat/{token}"),
            format!("/seat/{token}?part=table"),
        ] {
            let (status, html) = b.get_text(&path).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            let shown = cards_on_page(&html);
            let allowed = may_see(&s);
            assert!(
                shown.is_subset(&allowed),
                "{seat:?} is shown cards it may not see: {:?}",
                shown.difference(&allowed).collect::<Vec<_>>()
            );
            for c in &s.hand.0 {
                assert!(shown.contains(c), "{seat:?}'s own {c} is on its page");
                assert!(
                    html.contains(&format!("aria-label=\"{}", card_words(*c))),
                    "{seat:?}'s {c} is named in words"
                );
            }
            // The other seats' hidden cards that this seat may not see: none on the page.
            for other in Seat::ALL.into_iter().filter(|&o| o != seat) {
                let theirs = state(&app.pool, &tokens[other.index()]).hand.0;
                let hidden: Vec<&Card> = theirs.iter().filter(|c| !allowed.contains(c)).collect();
                others_scanned += hidden.len();
                for c in hidden {
                    assert!(!shown.contains(c), "{seat:?}'s page shows {other:?}'s {c}");
                }
            }
        }
    }
    others_scanned
}

#[tokio::test]
async fn a_seats_page_shows_its_own_hand_and_no_other_hidden_card_of_the_deal() {
    let app = spawn_app().await;
    let (_, tokens) = seated(&app).await;
    let b = Browser::new(&app);
    // Before the first card, mid-trick, and just after a trick (the last trick face up).
    let mut scanned = scan_every_seat(&app, &b, &tokens).await;
    play_cards(&app.pool, &tokens, 6);
    scanned += scan_every_seat(&app, &b, &tokens).await;
    play_cards(&app.pool, &tokens, 2);
    let s = state(&app.pool, &tokens[0]);
    assert!(s.trick_so_far.is_empty() && s.last_trick.len() == 4);
    scanned += scan_every_seat(&app, &b, &tokens).await;
    assert!(
        scanned > 100,
        "the other hands held cards to look for: {scanned}"
    );
}

#[tokio::test]
async fn only_the_legal_cards_are_buttons_and_only_for_the_seat_to_play() {
    let app = spawn_app().await;
    let (_, tokens) = seated(&app).await;
    let b = Browser::new(&app);
    // The leader may play any card; the second seat must follow the suit led when it can.
    for step in 0..3 {
        let (seat, token, s) = to_play(&app.pool, &tokens).unwrap();
        let (_, html) = b.get_text(&format!("/seat/{token}")).await;
        let legal: Vec<String> = legal(&s).iter().map(Card::to_string).collect();
        let mut shown = buttons(&html);
        shown.dedup();
        assert_eq!(shown, legal, "step {step}: {seat:?}'s buttons");
        assert!(html.contains("Your turn"));
        assert!(html.contains(&format!("name=\"seq\" value=\"{}\"", s.seq)));
        // Every other card of the hand is shown, not as a button.
        let off = html.matches("class=\"pc off").count();
        let on = buttons(&html).len();
        assert_eq!(
            on + off,
            s.hand.0.len(),
            "step {step}: every card shown once"
        );
        for other in Seat::ALL.into_iter().filter(|&o| o != seat) {
            let (_, html) = b
                .get_text(&format!("/seat/{}", tokens[other.index()]))
                .await;
            assert!(buttons(&html).is_empty(), "{other:?} is not to play");
            assert!(html.contains(&format!("{} to play", seat.name())));
        }
        play_cards(&app.pool, &tokens, 1);
    }
}

#[tokio::test]
async fn a_card_posted_from_the_page_is_played_and_the_page_comes_back() {
    let app = spawn_app().await;
    let (_, tokens) = seated(&app).await;
    let b = Browser::new(&app);
    let (seat, token, s) = to_play(&app.pool, &tokens).unwrap();
    let page = format!("/seat/{token}");
    let card = legal(&s)[0];
    let seq = s.seq.to_string();
    let r = b
        .post(
            &page,
            &format!("{page}/cards"),
            &[("seq", &seq), ("card", &card.to_string())],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&r), page);
    let after = state(&app.pool, token);
    assert_eq!(after.seq, s.seq + 1);
    assert_eq!(after.trick_so_far[0].card, card);
    assert_eq!(after.trick_so_far[0].seat, seat);
    let (_, html) = b.get_text(&page).await;
    let next = after.to_play.unwrap();
    assert!(html.contains(&format!("{} to play", next.name())));
    assert!(html.contains(&format!("aria-label=\"{}\"", card_words(card))));

    // The page's script posts with ?part=table and gets the table part back.
    let (_, token, s) = to_play(&app.pool, &tokens).unwrap();
    let page = format!("/seat/{token}");
    let card = legal(&s)[0];
    let r = b
        .post(
            &page,
            &format!("{page}/cards?part=table"),
            &[("seq", &s.seq.to_string()), ("card", &card.to_string())],
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let part = r.text().await.unwrap();
    assert!(part.starts_with("<div class=\"seat-table"), "{part}");
    assert!(!part.contains("<html"));
    assert!(part.contains(&format!("data-seq=\"{}\"", s.seq + 1)));
    let now = state(&app.pool, token);
    assert_eq!(now.seq, s.seq + 1);
    assert!(part.contains(&format!(
        "You played the {}. {} to play.",
        card_words(card),
        now.to_play.unwrap().name()
    )));

    // A post without the session's CSRF token plays nothing.
    let (_, token, s) = to_play(&app.pool, &tokens).unwrap();
    let r = b
        .post_raw(
            &format!("/seat/{token}/cards"),
            &[
                ("seq", &s.seq.to_string()),
                ("card", &legal(&s)[0].to_string()),
            ],
        )
        .await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    assert_eq!(state(&app.pool, token).seq, s.seq);
}

#[tokio::test]
async fn a_stale_or_illegal_card_shows_the_services_words_and_keeps_the_hand() {
    let app = spawn_app().await;
    let (_, tokens) = seated(&app).await;
    let b = Browser::new(&app);
    play_cards(&app.pool, &tokens, 1);
    // The second seat, with a card it holds but may not play (it can follow the suit led),
    // found by playing on until there is one.
    let mut found = None;
    for _ in 0..60 {
        let (_, token, s) = to_play(&app.pool, &tokens).unwrap();
        if let Some(bad) = s.hand.0.iter().find(|c| !legal(&s).contains(c)) {
            found = Some((token.to_string(), s.clone(), *bad));
            break;
        }
        play_cards(&app.pool, &tokens, 1);
    }
    let (token, s, bad) = found.expect("a seat that must follow suit");
    let page = format!("/seat/{token}");
    let cards = format!("{page}/cards");
    let seq = s.seq.to_string();
    let hand_kept = |html: &str| {
        s.hand
            .0
            .iter()
            .all(|c| html.contains(&format!("aria-label=\"{}", card_words(*c))))
    };

    let r = b
        .post(&page, &cards, &[("seq", &seq), ("card", &bad.to_string())])
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = r.text().await.unwrap();
    assert!(html.contains("You must follow"), "{html}");
    assert!(hand_kept(&html));
    let mut shown = buttons(&html);
    shown.dedup();
    assert_eq!(
        shown.len(),
        legal(&s).len(),
        "only the legal cards are buttons"
    );

    let not_held = Card::all().find(|c| !s.hand.0.contains(c)).unwrap();
    let r = b
        .post(
            &page,
            &cards,
            &[("seq", &seq), ("card", &not_held.to_string())],
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = r.text().await.unwrap();
    assert!(
        html.contains(&format!("You do not hold {}", not_held.pretty())),
        "{html}"
    );
    assert!(hand_kept(&html));

    // The stale seq: the card before, sent again (a double tap) — played once.
    let good = legal(&s)[0].to_string();
    let r = b
        .post(&page, &cards, &[("seq", &seq), ("card", &good)])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let r = b
        .post(&page, &cards, &[("seq", &seq), ("card", &good)])
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    let html = r.text().await.unwrap();
    assert!(html.contains("has already been played"), "{html}");
    assert_eq!(state(&app.pool, &token).seq, s.seq + 1);

    // Not this seat's turn now: the words, from the table part too.
    let r = b
        .post(
            &page,
            &format!("{cards}?part=table"),
            &[("seq", &(s.seq + 1).to_string()), ("card", &good)],
        )
        .await;
    let status = r.status();
    let part = r.text().await.unwrap();
    if state(&app.pool, &token).to_play != Some(s.seat) {
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(part.contains("turn to play, not"), "{part}");
        assert!(part.contains("role=\"alert\""));
    }

    // Nonsense in the form: said, never a server error.
    for fields in [
        vec![("seq", "x"), ("card", "9S")],
        vec![("seq", "1")],
        vec![("seq", "1"), ("card", "11S")],
        vec![("seq", "99999999999999"), ("card", "9S")],
    ] {
        let r = b.post(&page, &cards, &fields).await;
        assert!(
            matches!(
                r.status(),
                StatusCode::UNPROCESSABLE_ENTITY | StatusCode::CONFLICT
            ),
            "{fields:?}: {}",
            r.status()
        );
    }
}

#[tokio::test]
async fn a_bad_seat_link_is_a_404_page_and_a_revoked_one_a_403() {
    let app = spawn_app().await;
    let (id, tokens) = seated(&app).await;
    let b = Browser::new(&app);
    let long = "f".repeat(5000);
    for bad in ["nonsense", "0123456789abcdef", long.as_str()] {
        for path in [format!("/seat/{bad}"), format!("/seat/{bad}?part=table")] {
            let (status, html) = b.get_text(&path).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
            assert!(html.contains("This seat link is not known"), "{html}");
        }
    }
    // Posting to a link that is not one: the same page.
    let page = format!("/seat/{}", tokens[0]);
    let r = b
        .post(
            &page,
            "/seat/nonsense/cards",
            &[("seq", "1"), ("card", "9S")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);

    let club = app.club_id("alpha");
    with_conn(&app, |c| {
        online::revoke_seat_link(c, club, id, 1, 1, None, Seat::East).unwrap()
    });
    let (status, html) = b.get_text(&format!("/seat/{}", tokens[1])).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(html.contains("ask the director for a new one"), "{html}");
    let r = b
        .post(
            &page,
            &format!("/seat/{}/cards", tokens[1]),
            &[("seq", "1"), ("card", "9S")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    // The other seats still play.
    let (status, _) = b.get_text(&page).await;
    assert_eq!(status, StatusCode::OK);
}
