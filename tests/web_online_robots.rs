//! Robots in online seats and the automatic result (#39 items 4 and 5). A board's last card
//! puts the table's result in by itself (the play record as the report, final at once),
//! equal to the engine's replay of the log, and the event's standings show it; a board found
//! over with no result gets it from the robots' pass, once. The robots' threads (the test
//! app with `robot_seats` on) play three seats beside a scripted person and never the
//! person's while they are present, play a table of four robots to its end on their own,
//! and take a person's seat while they are away longer than the event's away time, giving
//! it back when they return. Named `web_*` so scripts/test.sh runs it on PostgreSQL too.

mod common;

use std::time::{Duration, Instant};

use calypso_director::db::{self, DbPool};
use calypso_director::deals;
use calypso_director::engine::{Card, GameSpec, Seat};
use calypso_director::event::EventId;
use calypso_director::event::online::replay::{self, Move};
use calypso_director::event::online::robots::{
    PLAYOUTS_PER_MS, playouts_for, robot_card, seat_game,
};
use calypso_director::event::online::view::SeatView;
use calypso_director::event::play::{ROBOT_MS_DEFAULT, ROBOT_MS_MIN};
use calypso_director::event::results::ResultStatus;
use calypso_director::service::online::{self, ResultIn};
use common::*;
use diesel::prelude::*;
use rand::SeedableRng;

/// A running event of club alpha (2 tables, 1 round of 1 board) and a seat link for each
/// seat of table 1; `robots` seats are made robot seats (a direct update, as the
/// director's seat setting will store them).
async fn seated(app: &TestApp, robots: &[Seat]) -> (EventId, Browser, [String; 4]) {
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let (_, id, _) = two_tables_running(app, &d, "Online evening", ("Ann", "Bob")).await;
    play_online(app, id);
    let club = app.club_id("alpha");
    let tokens = Seat::ALL.map(|seat| {
        with_conn(app, |c| {
            online::issue_seat_link(c, club, id, 1, 1, None, seat, None).unwrap()
        })
    });
    for &seat in robots {
        use db::schema::seat_links as l;
        with_conn(app, |c| {
            diesel::update(
                l::table
                    .filter(l::event_id.eq(id.get()))
                    .filter(l::seat.eq(seat.letter().to_string())),
            )
            .set(l::robot.eq(true))
            .execute(c)
            .unwrap()
        });
    }
    (id, d, tokens)
}

/// The person at `seat` was seen at `at` (what the seat API's reads will store).
fn seen(app: &TestApp, id: EventId, seat: Seat, at: chrono::NaiveDateTime) {
    use db::schema::seat_links as l;
    with_conn(app, |c| {
        diesel::update(
            l::table
                .filter(l::event_id.eq(id.get()))
                .filter(l::seat.eq(seat.letter().to_string())),
        )
        .set(l::seen_at.eq(Some(at)))
        .execute(c)
        .unwrap()
    });
}

/// The event's robots' budget and away time, written directly (the setting is fixed once
/// the event runs). At the least budget and the tests' rate a card is 200 playouts.
fn set_play(app: &TestApp, id: EventId, robot_ms: u32, away_seconds: i32) {
    let robot_ms = i32::try_from(robot_ms).unwrap();
    use db::schema::event_play as p;
    with_conn(app, |c| {
        diesel::update(p::table.find(id.get()))
            .set((p::robot_ms.eq(robot_ms), p::away_seconds.eq(away_seconds)))
            .execute(c)
            .unwrap()
    });
}

fn state(pool: &DbPool, token: &str) -> SeatView {
    online::table_state(pool, token).unwrap()
}

fn legal(s: &SeatView) -> Vec<Card> {
    s.legal.as_ref().map(|c| c.0.clone()).unwrap_or_default()
}

fn next(s: &SeatView) -> u32 {
    u32::try_from(s.seq).unwrap()
}

fn board_of(app: &TestApp, id: EventId, board: u32) -> (GameSpec, deals::Board) {
    let ev = with_conn(app, |c| {
        db::events::event(c, app.club_id("alpha"), id)
            .unwrap()
            .unwrap()
    });
    let key = ev.deal.unwrap();
    let set = deals::SetKey::from_hex(&key.key_hex).unwrap();
    let spec = ev.settings.game_spec();
    let b = deals::board(&set, board, false, &spec, None).unwrap();
    (spec, b)
}

fn at_of(s: &SeatView) -> db::online::OnlineBoard {
    db::online::OnlineBoard {
        event: EventId::new(s.event),
        round: s.round,
        table: s.table,
        board: s.board,
    }
}

fn log_of(app: &TestApp, s: &SeatView) -> Vec<Move> {
    with_conn(app, |c| db::online::moves_of(c, at_of(s)).unwrap())
        .iter()
        .map(|r| Move::from_stored(r.seq.into(), &r.seat, &r.card).unwrap())
        .collect()
}

/// Table 1's results in round 1.
fn results(app: &TestApp, id: EventId) -> Vec<calypso_director::event::results::TableResult> {
    with_conn(app, |c| {
        db::results::results_at(c, app.club_id("alpha"), id, 1, 1).unwrap()
    })
}

/// The engine's score of the board's log: (majors, minors) as a result stores them.
fn engine_scores(app: &TestApp, id: EventId, s: &SeatView) -> (i32, i32) {
    let (spec, board) = board_of(app, id, s.board);
    let log = log_of(app, s);
    let record = replay::record(&spec, &board, &log).unwrap();
    let outcome = calypso_director::engine::replay(&spec, &record).unwrap();
    assert!(outcome.complete);
    let side = |i: usize| i32::try_from(outcome.score.sides[i].score).unwrap();
    (side(0), side(1))
}

/// Waits (up to `secs`) until `done` holds, polling every 50 ms.
async fn wait_until(secs: u64, what: &str, mut done: impl FnMut() -> bool) {
    let started = Instant::now();
    while !done() {
        assert!(
            started.elapsed() < Duration::from_secs(secs),
            "still waiting after {secs} s: {what}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn the_boards_last_card_puts_the_engines_result_in_and_the_standings_show_it() {
    let app = spawn_app().await;
    let (id, d, tokens) = seated(&app, &[]).await;
    let mut last = state(&app.pool, &tokens[0]);
    while let Some(seat) = last.to_play {
        assert!(
            results(&app, id).is_empty(),
            "no result before the last card"
        );
        let s = state(&app.pool, &tokens[seat.index()]);
        let card = legal(&s)[0].to_string();
        last = online::play_card(&app.pool, &tokens[seat.index()], &card, next(&s)).unwrap();
    }
    assert!(last.over);
    let stored = results(&app, id);
    assert_eq!(stored.len(), 1, "{stored:?}");
    let r = &stored[0];
    assert_eq!(
        (r.place.round, r.place.table, r.place.board),
        (1, 1, last.board)
    );
    // Final at once: nothing typed, nothing to agree.
    assert_eq!(r.values.status, ResultStatus::Confirmed);
    assert_eq!(r.entered_by, "online table 1 (its cards as played)");
    let (majors, minors) = engine_scores(&app, id, &last);
    assert_eq!(
        (r.values.scores.majors, r.values.scores.minors),
        (majors, minors)
    );
    // The play record is the report: its deals, each with its tricks.
    let report = r.values.report.json().to_string();
    assert!(report.contains("\"tricks\""), "{report}");
    // Asked again (a retry, a second process): left as it is.
    assert_eq!(
        online::ensure_result(&app.pool, at_of(&last)).unwrap(),
        Some(ResultIn::Already)
    );
    assert_eq!(results(&app, id).len(), 1);

    // The event's standings have it: table 1's pairs scored, with the engine's net.
    let api = api_for(&app, &d, "alpha").await;
    let (status, standings) = api.get(&format!("/events/{id}/standings")).await;
    assert_eq!(status, reqwest::StatusCode::OK, "{standings}");
    let text = standings.to_string();
    let travellers = standings["boards"].as_array().unwrap();
    let line = travellers
        .iter()
        .find(|b| b["board"].as_u64() == Some(u64::from(last.board)))
        .and_then(|b| b["results"].as_array())
        .and_then(|r| r.first())
        .unwrap_or_else(|| panic!("the board's traveller has table 1's line: {text}"));
    assert_eq!(
        (line["round"].as_u64(), line["table"].as_u64()),
        (Some(1), Some(1)),
        "{text}"
    );
    assert_eq!(
        line["net"].as_i64(),
        Some(i64::from(majors) - i64::from(minors)),
        "the traveller's net is the engine's: {text}"
    );
    let rows = standings["standings"].as_array().unwrap();
    assert_eq!(
        rows.iter()
            .filter(|row| row["boards"].as_u64() == Some(1))
            .count(),
        2,
        "table 1's two pairs have played one board: {text}"
    );
}

#[tokio::test]
async fn a_board_found_over_with_no_result_gets_it_once() {
    let app = spawn_app().await;
    let (id, _, tokens) = seated(&app, &[]).await;
    // 207 cards through the service; the last one stored as if its process stopped before
    // the result went in.
    let mut last = state(&app.pool, &tokens[0]);
    for _ in 0..207 {
        let seat = last.to_play.unwrap();
        let s = state(&app.pool, &tokens[seat.index()]);
        let card = legal(&s)[0].to_string();
        last = online::play_card(&app.pool, &tokens[seat.index()], &card, next(&s)).unwrap();
    }
    let seat = last.to_play.unwrap();
    let s = state(&app.pool, &tokens[seat.index()]);
    let m = Move {
        seq: next(&s),
        seat,
        card: legal(&s)[0],
    };
    with_conn(&app, |c| {
        db::online::insert_move(c, at_of(&s), m, db::now()).unwrap()
    });
    assert!(state(&app.pool, &tokens[0]).over);
    assert!(results(&app, id).is_empty());
    assert_eq!(
        online::ensure_result(&app.pool, at_of(&s)).unwrap(),
        Some(ResultIn::Stored)
    );
    assert_eq!(
        online::ensure_result(&app.pool, at_of(&s)).unwrap(),
        Some(ResultIn::Already)
    );
    let stored = results(&app, id);
    assert_eq!(stored.len(), 1);
    let end = state(&app.pool, &tokens[0]);
    let (majors, minors) = engine_scores(&app, id, &end);
    assert_eq!(
        (
            stored[0].values.scores.majors,
            stored[0].values.scores.minors
        ),
        (majors, minors)
    );
}

#[tokio::test]
async fn three_robots_and_a_person_finish_the_board_and_the_robots_never_play_the_persons_card() {
    let app = spawn_app_with_robots().await;
    let robots = [Seat::East, Seat::South, Seat::West];
    let (id, _, tokens) = seated(&app, &robots).await;
    set_play(&app, id, ROBOT_MS_MIN, 3600);
    let me = &tokens[Seat::North.index()];
    let mut mine = 0;
    let started = Instant::now();
    loop {
        seen(&app, id, Seat::North, app.now());
        let s = state(&app.pool, me);
        if s.over {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "the board is not over after 300 s (card {})",
            s.seq
        );
        if s.to_play == Some(Seat::North) {
            let card = legal(&s)[0].to_string();
            // Never refused: no robot took the person's card.
            online::play_card(&app.pool, me, &card, next(&s)).unwrap();
            mine += 1;
            continue;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let end = state(&app.pool, me);
    let log = log_of(&app, &end);
    assert_eq!(log.len(), 208);
    let north = log.iter().filter(|m| m.seat == Seat::North).count();
    assert_eq!(north, mine, "every card of North's was the person's");
    // The result went in by itself, as the engine scores the log.
    wait_until(10, "the result", || results(&app, id).len() == 1).await;
    let r = &results(&app, id)[0];
    assert_eq!(
        (r.values.scores.majors, r.values.scores.minors),
        engine_scores(&app, id, &end)
    );
}

#[tokio::test]
async fn four_robots_play_a_table_to_its_end_on_their_own() {
    let app = spawn_app_with_robots().await;
    let (id, _, tokens) = seated(&app, &Seat::ALL).await;
    set_play(&app, id, ROBOT_MS_MIN, 3600);
    wait_until(300, "four robots finishing the board", || {
        results(&app, id).len() == 1
    })
    .await;
    let end = state(&app.pool, &tokens[0]);
    assert!(end.over);
    assert_eq!(log_of(&app, &end).len(), 208);
    let r = &results(&app, id)[0];
    assert_eq!(r.values.status, ResultStatus::Confirmed);
    assert_eq!(
        (r.values.scores.majors, r.values.scores.minors),
        engine_scores(&app, id, &end)
    );
}

#[tokio::test]
async fn a_person_away_longer_than_the_away_time_has_a_robot_play_for_them_until_they_return() {
    let app = spawn_app_with_robots().await;
    let (id, _, tokens) = seated(&app, &[Seat::East, Seat::South, Seat::West]).await;
    set_play(&app, id, ROBOT_MS_MIN, 60);
    let me = &tokens[Seat::North.index()];
    seen(&app, id, Seat::North, app.now());
    // The robots play up to North's turn, and wait there: North is present.
    wait_until(60, "North to play", || {
        state(&app.pool, me).to_play == Some(Seat::North)
    })
    .await;
    let waiting = state(&app.pool, me).seq;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(
        state(&app.pool, me).seq,
        waiting,
        "North is present: nobody played"
    );
    // Away for more than 60 s of the room clock: a robot plays North's card.
    app.advance_clock(61);
    wait_until(30, "a robot playing for North", || {
        state(&app.pool, me).seq > waiting
    })
    .await;
    let log = log_of(&app, &state(&app.pool, me));
    let taken = log[usize::try_from(waiting).unwrap() - 1];
    assert_eq!(taken.seat, Seat::North, "the robot played North's card");
    // North is back: the seat is theirs again at their next turn. A robot that read the
    // table before North's return may still play the card it was working out (the robot
    // plays while the person is away at the moment it reads): once at most.
    seen(&app, id, Seat::North, app.now());
    let mut late = 0;
    loop {
        wait_until(60, "North to play again", || {
            let s = state(&app.pool, me);
            s.over || s.to_play == Some(Seat::North)
        })
        .await;
        let s = state(&app.pool, me);
        if s.over {
            break;
        }
        tokio::time::sleep(Duration::from_millis(1500)).await;
        if state(&app.pool, me).seq == s.seq {
            // Nobody played for North: North plays.
            online::play_card(&app.pool, me, &legal(&s)[0].to_string(), next(&s)).unwrap();
            break;
        }
        late += 1;
        assert!(
            late <= 1,
            "robots went on playing North's cards after North came back"
        );
    }
}

#[tokio::test]
async fn the_robots_card_is_the_same_with_the_other_hidden_hands_dealt_again() {
    // A real table part-way: the seat view's game, the other hands re-dealt from the
    // cards the seat cannot see, gives the same card at the same seed.
    let app = spawn_app().await;
    let (id, _, tokens) = seated(&app, &[]).await;
    let mut last = state(&app.pool, &tokens[0]);
    let mut checked = 0;
    for n in 0..150 {
        let seat = last.to_play.unwrap();
        let s = state(&app.pool, &tokens[seat.index()]);
        if n % 10 == 7 {
            let (spec, board) = board_of(&app, id, s.board);
            let table = replay::replay(&spec, &board, &log_of(&app, &s)).unwrap();
            let card = robot_card(&table, seat, 40, 5).unwrap();
            for again in 0..3 {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(n * 10 + again);
                let other = replay::TablePlay {
                    game: seat_game(&table.game, seat, &mut rng),
                    ..table.clone()
                };
                assert_eq!(robot_card(&other, seat, 40, 5), Some(card), "card {n}");
            }
            checked += 1;
        }
        let card = legal(&s)[0].to_string();
        last = online::play_card(&app.pool, &tokens[seat.index()], &card, next(&s)).unwrap();
    }
    assert_eq!(checked, 15);
}

#[tokio::test]
async fn a_robots_card_at_the_default_budget_is_timed() {
    // The longest card: a deal's first, every playout to the deal's end. Printed for
    // docs/robots.md (this is a debug build: a release build is many times faster).
    let app = spawn_app().await;
    let (id, _, tokens) = seated(&app, &[]).await;
    let s = state(&app.pool, &tokens[0]);
    let (spec, board) = board_of(&app, id, s.board);
    let table = replay::replay(&spec, &board, &[]).unwrap();
    let seat = table.to_play().unwrap();
    let playouts = playouts_for(ROBOT_MS_DEFAULT, PLAYOUTS_PER_MS);
    let started = Instant::now();
    let card = robot_card(&table, seat, playouts, 1);
    let took = started.elapsed();
    assert!(card.is_some());
    println!(
        "robot card at the default budget ({ROBOT_MS_DEFAULT} ms, {playouts} playouts), a \
         deal's first card: {} ms ({:.2} µs a playout)",
        took.as_millis(),
        took.as_secs_f64() * 1e6 / f64::from(playouts)
    );
}

#[tokio::test]
async fn the_robots_read_the_tables_in_play_however_many_earlier_rounds_left_live_links() {
    // An online evening's earlier rounds keep their links live. Read first by round, their
    // finished tables filled the robots' pick (64), so in a later round the tables in play
    // were never read and their robots never played (the peer match stopped at round 33).
    use calypso_director::db::online::NewLink;
    use calypso_director::event::online::robots::PICK_TABLES;
    let app = spawn_app().await;
    let (id, _, _) = seated(&app, &[]).await;
    let club = app.club_id("alpha");
    let link = |round: u32, table: u32| NewLink {
        token_hash: format!("hash-{round}-{table}"),
        token: None,
        round,
        table,
        board: None,
        seat: Seat::North,
        entry: None,
        robot: true,
    };
    let earlier: Vec<NewLink> = (1..=2)
        .flat_map(|r| (10..10 + PICK_TABLES as u32).map(move |t| (r, t)))
        .map(|(r, t)| link(r, t))
        .collect();
    with_conn(&app, |c| {
        assert!(db::online::insert_club_links(c, club, id, &earlier).unwrap());
        assert!(db::online::insert_club_links(c, club, id, &[link(3, 1), link(4, 2)]).unwrap());
        use db::schema::events as e;
        diesel::update(e::table.find(id.get()))
            .set(e::current_round.eq(4))
            .execute(c)
            .unwrap();
    });
    let picked = with_conn(&app, |c| {
        db::online_robots::online_tables(c, PICK_TABLES).unwrap()
    });
    let places: Vec<(u32, u32)> = picked.iter().map(|t| (t.round, t.table)).collect();
    assert_eq!(
        places,
        vec![(3, 1), (4, 2)],
        "the round in play and the one before (a late table), and no earlier round's"
    );
}

#[tokio::test]
async fn a_table_waiting_on_its_person_rests_until_a_card_is_played_there() {
    // Tables waiting on people (and boards over) must not take the robots' turns from the
    // tables where a robot is to play: found with nothing to play, a table rests until its
    // log grows or the recheck time passes (for a person's away time to be seen).
    use calypso_director::event::online::robots::{RECHECK_SECS, TableQueue};
    use calypso_director::service::online_robots::{Step, work_one};
    use std::sync::Mutex;
    let app = spawn_app().await;
    let (_, _, tokens) = seated(&app, &[Seat::East, Seat::South, Seat::West]).await;
    let queue = Mutex::new(TableQueue::default());
    let now = db::now();
    let step = || work_one(&app.pool, &queue, now, 4).unwrap();
    // The robots play until North is to play (at most the three seats before North).
    let mut first = step();
    for _ in 0..3 {
        if !matches!(first, Step::Played { .. }) {
            break;
        }
        first = step();
    }
    assert_eq!(
        first,
        Step::Waited { tables: 1 },
        "North, a person, is to play"
    );
    assert_eq!(state(&app.pool, &tokens[0]).to_play, Some(Seat::North));
    assert_eq!(
        step(),
        Step::Resting { tables: 1 },
        "not read again while nothing has moved there"
    );
    // After the recheck time it is read again (a person's away time is measured so).
    let later = now + chrono::Duration::seconds(RECHECK_SECS);
    assert_eq!(
        work_one(&app.pool, &queue, later, 4).unwrap(),
        Step::Waited { tables: 1 }
    );
    // North plays: the table's log has grown, so it is read again at once (a robot plays,
    // or North, having won the trick, leads again).
    let s = state(&app.pool, &tokens[0]);
    online::play_card(&app.pool, &tokens[0], &legal(&s)[0].to_string(), next(&s)).unwrap();
    match work_one(&app.pool, &queue, later, 4).unwrap() {
        Step::Played { seat, stored, .. } => {
            assert_ne!(seat, Seat::North);
            assert!(stored);
        }
        Step::Waited { tables: 1 } => {
            assert_eq!(state(&app.pool, &tokens[0]).to_play, Some(Seat::North));
        }
        other => panic!("the table should be read after North's card, not {other:?}"),
    }
}
