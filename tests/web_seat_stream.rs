//! The seat's live stream (#39 item 3): `GET /api/v1/seats/{token}/stream`, Server-Sent
//! Events. Every card played at the table reaches a seat's stream, in order, within 200 ms
//! of the play's answer (on PostgreSQL from another app instance on the same database,
//! through LISTEN/NOTIFY); `Last-Event-ID` resumes with exactly the cards after it; every
//! byte a seat's stream sends over a whole board is scanned for the other seats' hidden
//! cards; a bad or revoked link is refused, and a link revoked mid-stream ends it. Named
//! `web_*` so scripts/test.sh runs it on PostgreSQL too.

mod common;

use std::time::{Duration, Instant};

use calypso_director::db::{self, DbPool};
use calypso_director::deals;
use calypso_director::engine::{Card, GameSpec, Seat};
use calypso_director::event::EventId;
use calypso_director::event::online::replay::{self, Move};
use calypso_director::service::live::{self, Hub, STREAMS_PER_LINK};
use calypso_director::service::online;
use calypso_director::web::routes::api::seat_stream::HEARTBEAT;
use common::seats::{Sse, Stream};
use common::*;
use serde_json::Value;

/// A running event of club alpha (2 tables, 1 round of 1 board) and a seat link for each
/// seat of table 1, issued for the table's round.
async fn seated(app: &TestApp) -> (EventId, [String; 4]) {
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let (_, id, _) = two_tables_running(app, &d, "Live evening", ("Ann", "Bob")).await;
    play_online(app, id);
    let club = app.club_id("alpha");
    let tokens = Seat::ALL.map(|seat| {
        with_conn(app, |c| {
            online::issue_seat_link(c, club, id, 1, 1, None, seat, None).unwrap()
        })
    });
    (id, tokens)
}

fn on_postgres(app: &TestApp) -> bool {
    app.config
        .database_url
        .as_deref()
        .is_some_and(|u| u.starts_with("postgres"))
}

/// Plays the next card (the seat to play's first legal card) through `hub`; the seq played,
/// or none once the board is over.
fn play_next(pool: &DbPool, hub: &Hub, tokens: &[String; 4]) -> Option<u32> {
    let s = online::table_state(pool, &tokens[0]).unwrap();
    let seat = s.to_play?;
    let token = &tokens[seat.index()];
    let mine = online::table_state(pool, token).unwrap();
    let card = mine.legal.as_ref().unwrap().0[0].to_string();
    let seq = u32::try_from(mine.seq).unwrap();
    live::play_card(pool, hub, token, &card, seq, calypso_director::db::now()).unwrap();
    Some(seq)
}

/// One event as received: its name, id and data, and its bytes as sent.
const SOON: Duration = Duration::from_secs(10);

#[tokio::test]
async fn every_card_reaches_a_seats_stream_in_order_within_200_ms_of_its_answer() {
    let app = spawn_app().await;
    let (_, tokens) = seated(&app).await;
    // On PostgreSQL the cards are played on a second app instance and reach the first's
    // stream through LISTEN/NOTIFY; on SQLite (one process) on the same app.
    let second = if on_postgres(&app) {
        Some(app.second_instance().await)
    } else {
        None
    };
    let player = second.as_ref().unwrap_or(&app);
    if second.is_some() {
        assert!(app.live.listening() && player.live.listening());
    } else {
        assert!(!app.live.listening(), "SQLite: one process, no listener");
    }
    let watcher = Seat::South;
    let mut stream = Stream::open(&app, &tokens[watcher.index()], None, "").await;
    let first = stream.event(SOON).await.unwrap();
    assert_eq!((first.event.as_str(), first.id), ("view", Some(0)));
    let view = first.json();
    assert_eq!(view["seat"], "S");
    assert_eq!(view["seq"], 1);
    assert_eq!(app.live.tables_followed(), 1);

    let mut slowest = Duration::ZERO;
    let mut seen_from_others = 0;
    while let Some(seq) = play_next(&player.pool, &player.live, &tokens) {
        let answered = Instant::now();
        let card = stream.event(SOON).await.unwrap();
        let took = answered.elapsed();
        slowest = slowest.max(took);
        assert_eq!(
            (card.event.as_str(), card.id),
            ("card", Some(seq)),
            "{card:?}"
        );
        let c = card.json();
        assert_eq!(c["seq"], seq);
        assert!(c["card"].as_str().unwrap().parse::<Card>().is_ok(), "{c}");
        assert!(
            took < Duration::from_millis(200),
            "card {seq} reached the stream {took:?} after its answer"
        );
        if c["seat"] != "S" {
            seen_from_others += 1;
        }
        let v = stream.event(SOON).await.unwrap();
        assert_eq!((v.event.as_str(), v.id), ("view", Some(seq)));
        let v = v.json();
        assert_eq!(v["seq"], seq + 1);
        if v["over"] == true {
            break;
        }
    }
    assert_eq!(
        seen_from_others, 156,
        "208 cards, three quarters by the other seats"
    );
    eprintln!("slowest card to reach the stream: {slowest:?}");
    // The board is over: its last view was sent and the stream ends.
    assert!(
        stream.next(SOON).await.is_none(),
        "the stream ends after the last view"
    );
    // No one follows the table any more: the hub keeps nothing for it.
    let gone = Instant::now();
    while app.live.tables_followed() != 0 {
        assert!(
            gone.elapsed() < SOON,
            "the ended stream's table is still followed"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(app.live.streams_open(), 0);
}

#[tokio::test]
async fn resuming_with_last_event_id_sends_exactly_the_cards_after_it() {
    let app = spawn_app().await;
    let (_, tokens) = seated(&app).await;
    for _ in 0..10 {
        play_next(&app.pool, &app.live, &tokens).unwrap();
    }
    let cards_then_view = |from: u32| {
        let mut want: Vec<(String, Option<u32>)> =
            (from..=10).map(|n| ("card".to_string(), Some(n))).collect();
        want.push(("view".into(), Some(10)));
        want
    };
    let mut streams = Vec::new();
    for (i, (header, query, from)) in [
        (Some("4"), "", 5),
        (None, "?after=7", 8),
        // The header (what a browser's EventSource sends again) wins over the query.
        (Some("2"), "?after=9", 3),
        (Some("0"), "", 1),
        (Some("10"), "", 11),
    ]
    .into_iter()
    .enumerate()
    {
        let mut s = Stream::open(&app, &tokens[i % 4], header, query).await;
        let mut got = Vec::new();
        for _ in 0..(12 - from) {
            let e = s.event(SOON).await.unwrap();
            got.push((e.event, e.id));
        }
        assert_eq!(got, cards_then_view(from), "{header:?} {query}");
        streams.push(s);
    }
    // Nothing more until the next card, and then only that card and the view: nothing twice.
    play_next(&app.pool, &app.live, &tokens).unwrap();
    for s in &mut streams {
        let card = s.event(SOON).await.unwrap();
        assert_eq!(
            (card.event.as_str(), card.id),
            ("card", Some(11)),
            "{card:?}"
        );
        let view = s.event(SOON).await.unwrap();
        assert_eq!(
            (view.event.as_str(), view.id),
            ("view", Some(11)),
            "{view:?}"
        );
    }
    // A Last-Event-ID that is not a card number is refused, as JSON.
    let r = reqwest::Client::new()
        .get(format!("{}/api/v1/seats/{}/stream", app.address, tokens[1]))
        .header("Last-Event-ID", "eleven")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);
    let body: Value = r.json().await.unwrap();
    assert!(
        body["error"].as_str().unwrap().contains("Last-Event-ID"),
        "{body}"
    );
}

/// The board as the event dealt it, and the event's game.
fn board_of(app: &TestApp, id: EventId, board: u32) -> (GameSpec, deals::Board) {
    let ev = with_conn(app, |c| {
        db::events::event(c, app.club_id("alpha"), id)
            .unwrap()
            .unwrap()
    });
    let set = deals::SetKey::from_hex(&ev.deal.unwrap().key_hex).unwrap();
    let spec = ev.settings.game_spec();
    let b = deals::board(&set, board, false, &spec, None).unwrap();
    (spec, b)
}

fn log_of(app: &TestApp, id: EventId, board: u32) -> Vec<Move> {
    let at = db::online::OnlineBoard {
        event: id,
        round: 1,
        table: 1,
        board,
    };
    with_conn(app, |c| db::online::moves_of(c, at).unwrap())
        .iter()
        .map(|r| Move::from_stored(r.seq.into(), &r.seat, &r.card).unwrap())
        .collect()
}

/// The names (`"9S"`, quoted as JSON writes them) that may not appear in what `seat` is
/// sent when `played` cards of the board are played: every card another seat holds then
/// that is neither in the seat's own hand nor among the cards played so far. (The deck has
/// four copies of each card: a name the seat may see for another reason is no leak.)
fn hidden_names(
    spec: &GameSpec,
    board: &deals::Board,
    log: &[Move],
    seat: Seat,
    played: usize,
) -> Vec<String> {
    let table = replay::replay(spec, board, &log[..played]).unwrap();
    let own = table.game.hand(seat).cards();
    let seen: Vec<Card> = log[..played].iter().map(|m| m.card).collect();
    let mut names: Vec<String> = Seat::ALL
        .into_iter()
        .filter(|&s| s != seat)
        .flat_map(|s| table.game.hand(s).cards())
        .filter(|c| !own.contains(c) && !seen.contains(c))
        .map(|c| format!("\"{c}\""))
        .collect();
    names.sort();
    names.dedup();
    names
}

#[tokio::test]
async fn no_leak_every_byte_of_a_whole_boards_stream_for_every_seat_is_scanned_for_hidden_cards() {
    let app = spawn_app().await;
    let (id, tokens) = seated(&app).await;
    let mut streams = Vec::new();
    for t in &tokens {
        streams.push(Stream::open(&app, t, None, "").await);
    }
    let mut received: Vec<Vec<Sse>> = vec![Vec::new(); 4];
    for (i, s) in streams.iter_mut().enumerate() {
        received[i].push(s.event(SOON).await.unwrap());
    }
    let mut cards = 0;
    while play_next(&app.pool, &app.live, &tokens).is_some() {
        cards += 1;
        // Each stream: the card, then the view.
        for (i, s) in streams.iter_mut().enumerate() {
            received[i].push(s.event(SOON).await.unwrap());
            received[i].push(s.event(SOON).await.unwrap());
        }
    }
    assert_eq!(cards, 208);
    for s in &mut streams {
        let after = s.next(SOON).await;
        assert!(after.is_none(), "an event after the last view: {after:?}");
    }
    let first = received[0][0].json();
    let board = first["board"].as_u64().unwrap() as u32;
    let (spec, dealt) = board_of(&app, id, board);
    let log = log_of(&app, id, board);
    assert_eq!(log.len(), 208);

    let mut hidden_at = std::collections::HashMap::new();
    let mut scanned_bytes = 0usize;
    let mut names_checked = 0usize;
    for seat in Seat::ALL {
        let events = &received[seat.index()];
        assert_eq!(events.len(), 1 + 2 * 208);
        // Each event as sent when its batch's view was read: a card event's batch ends with
        // the next view.
        for (k, e) in events.iter().enumerate() {
            let played = events[k..]
                .iter()
                .find(|v| v.event == "view")
                .and_then(|v| v.id)
                .unwrap() as usize;
            if e.event == "card" {
                let c = e.json();
                let m = log[c["seq"].as_u64().unwrap() as usize - 1];
                assert_eq!(c["card"], m.card.to_string());
                assert_eq!(c["seat"], m.seat.letter().to_string());
            } else {
                assert_eq!(e.json()["seat"], seat.letter().to_string());
            }
            let hidden = hidden_at
                .entry((seat, played))
                .or_insert_with(|| hidden_names(&spec, &dealt, &log, seat, played));
            for name in hidden.iter() {
                assert!(
                    !e.raw.contains(name.as_str()),
                    "{seat:?}'s stream sent {name} (held only by another seat, unplayed) in {}",
                    e.raw
                );
            }
            names_checked += hidden.len();
            scanned_bytes += e.raw.len();
        }
    }
    eprintln!("scanned {scanned_bytes} bytes against {names_checked} hidden names");
    // The scan looked for something: early in each deal most cards are hidden elsewhere.
    assert!(names_checked > 4 * 208 * 5, "{names_checked}");
    // And it would catch a leak: East's own view, sent to North, shows hidden names.
    let start = replay::replay(&spec, &dealt, &[]).unwrap();
    let east_view = start
        .view(
            calypso_director::event::online::view::Place {
                event: id.get(),
                round: 1,
                table: 1,
                board,
            },
            Seat::East,
        )
        .unwrap();
    let planted = serde_json::to_string(&east_view).unwrap();
    let north_hidden = hidden_names(&spec, &dealt, &log, Seat::North, 0);
    assert!(
        north_hidden.iter().any(|n| planted.contains(n.as_str())),
        "the scan would not see East's hand sent to North"
    );
}

#[tokio::test]
async fn a_bad_or_revoked_link_is_refused_and_a_link_revoked_mid_stream_ends_it() {
    let app = spawn_app().await;
    let (id, tokens) = seated(&app).await;
    let club = app.club_id("alpha");
    let get = |token: String| {
        let url = format!("{}/api/v1/seats/{token}/stream", app.address);
        async move { reqwest::Client::new().get(url).send().await.unwrap() }
    };
    let r = get("0".repeat(64)).await;
    assert_eq!(r.status(), 404);
    assert!(
        r.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/json")
    );
    let body: Value = r.json().await.unwrap();
    assert!(body["error"].is_string(), "{body}");

    // A stream open when the link is revoked ends at its next read with why (a seat not
    // to play, so the others play on).
    let to_play = online::table_state(&app.pool, &tokens[0])
        .unwrap()
        .to_play
        .unwrap();
    let seat = to_play.left(4);
    let token = tokens[seat.index()].clone();
    let mut s = Stream::open(&app, &token, None, "").await;
    assert_eq!(s.event(SOON).await.unwrap().event, "view");
    with_conn(&app, |c| {
        online::revoke_seat_link(c, club, id, 1, 1, None, seat).unwrap()
    });
    play_next(&app.pool, &app.live, &tokens).unwrap();
    // The stream's read on connect may still be under way as the link is revoked and the
    // card played: read one statement at a time, it can find the link live and then the
    // card (seen once in six runs). Then the card and its view come first; nothing else.
    let mut e = s.event(SOON).await.unwrap();
    for _ in 0..2 {
        if e.event == "error" {
            break;
        }
        assert!(matches!(e.event.as_str(), "card" | "view"), "{e:?}");
        e = s.event(SOON).await.unwrap();
    }
    assert_eq!(e.event, "error", "{e:?}");
    assert!(
        e.json()["error"].as_str().unwrap().contains("revoked"),
        "{e:?}"
    );
    assert!(s.next(SOON).await.is_none(), "the stream ends");

    let r = get(token).await;
    assert_eq!(r.status(), 403);
    let body: Value = r.json().await.unwrap();
    assert!(
        body["error"].as_str().unwrap().contains("revoked"),
        "{body}"
    );
}

#[tokio::test]
async fn a_seat_link_has_at_most_four_streams_open() {
    let app = spawn_app().await;
    let (_, tokens) = seated(&app).await;
    let mut open = Vec::new();
    for _ in 0..STREAMS_PER_LINK {
        open.push(Stream::open(&app, &tokens[0], None, "").await);
    }
    let url = format!("{}/api/v1/seats/{}/stream", app.address, tokens[0]);
    let r = reqwest::Client::new().get(&url).send().await.unwrap();
    assert_eq!(r.status(), 429);
    let body: Value = r.json().await.unwrap();
    assert!(
        body["error"].as_str().unwrap().contains("streams open"),
        "{body}"
    );
    // Another seat's link is not held back by it.
    let mut other = Stream::open(&app, &tokens[1], None, "").await;
    assert_eq!(other.event(SOON).await.unwrap().event, "view");
    // A stream closed by its client frees its place: the server sees the close when a write
    // to it fails, at the latest at the stream's second heartbeat (the first write after a
    // close may still be taken by the socket).
    drop(open.pop());
    let freed = Instant::now();
    loop {
        let r = reqwest::Client::new().get(&url).send().await.unwrap();
        if r.status() == 200 {
            break;
        }
        assert_eq!(r.status(), 429);
        assert!(
            freed.elapsed() < 2 * HEARTBEAT + Duration::from_secs(5),
            "a closed stream still counts after two heartbeats"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    eprintln!(
        "a closed stream's place was freed after {:?}",
        freed.elapsed()
    );
}

/// The listeners' backends on the test database (their last query is the `LISTEN`).
#[cfg(feature = "postgres")]
fn listener_pids(app: &TestApp) -> Vec<i32> {
    use diesel::prelude::*;
    #[derive(QueryableByName)]
    struct Pid {
        #[diesel(sql_type = diesel::sql_types::Integer)]
        pid: i32,
    }
    with_conn(app, |c| match c {
        db::DbConnection::Pg(c) => diesel::sql_query(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() \
             AND query = 'LISTEN calypso_tables' AND pid <> pg_backend_pid() ORDER BY pid",
        )
        .load::<Pid>(c)
        .unwrap()
        .into_iter()
        .map(|p| p.pid)
        .collect(),
        _ => unreachable!("a PostgreSQL test"),
    })
}

/// Two app instances on PostgreSQL whose listeners' connections are killed: each reopens
/// its connection, a card played while the first one's was down still reaches its stream
/// (every followed table is woken once it listens again), and later cards come as before.
#[cfg(feature = "postgres")]
#[tokio::test]
async fn a_dropped_listener_connection_is_reopened_and_no_card_is_lost() {
    use diesel::prelude::*;
    let app = spawn_app().await;
    if !on_postgres(&app) {
        eprintln!("CALYPSO_TEST_POSTGRES_URL is not set: the listener is PostgreSQL's");
        return;
    }
    let (_, tokens) = seated(&app).await;
    let second = app.second_instance().await;
    let mut stream = Stream::open(&app, &tokens[2], None, "").await;
    assert_eq!(stream.event(SOON).await.unwrap().id, Some(0));
    let waited = Instant::now();
    let before = loop {
        let pids = listener_pids(&app);
        if pids.len() == 2 {
            break pids;
        }
        assert!(waited.elapsed() < SOON, "two listeners: {pids:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let killed = with_conn(&app, |c| match c {
        db::DbConnection::Pg(c) => diesel::sql_query(format!(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid IN ({}, {})",
            before[0], before[1]
        ))
        .execute(c)
        .unwrap(),
        _ => unreachable!(),
    });
    assert_eq!(killed, 2, "both listeners terminated");
    // At once, before the listeners are back: this card's NOTIFY may reach no one.
    let seq = play_next(&second.pool, &second.live, &tokens).unwrap();
    let card = stream.event(SOON).await.unwrap();
    assert_eq!((card.event.as_str(), card.id), ("card", Some(seq)));
    let waited = Instant::now();
    loop {
        let pids = listener_pids(&app);
        if pids.len() == 2 && pids.iter().all(|p| !before.contains(p)) {
            break;
        }
        assert!(
            waited.elapsed() < SOON,
            "the listeners are not back: {pids:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    eprintln!("both listeners back after {:?}", waited.elapsed());
    assert_eq!(stream.event(SOON).await.unwrap().id, Some(seq), "its view");
    for _ in 0..8 {
        let seq = play_next(&second.pool, &second.live, &tokens).unwrap();
        let answered = Instant::now();
        let card = stream.event(SOON).await.unwrap();
        assert_eq!((card.event.as_str(), card.id), ("card", Some(seq)));
        assert!(
            answered.elapsed() < Duration::from_millis(200),
            "{:?}",
            answered.elapsed()
        );
        assert_eq!(stream.event(SOON).await.unwrap().id, Some(seq));
    }
}
