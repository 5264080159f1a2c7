//! The club's own pace (#38, docs/pace.md): an evening played with results arriving at set
//! times, marked finished, gives its pace row the figures worked out below; the club's next
//! event form shows that pace and the round it suggests; another club's form does not.

mod common;

use calypso_director::db;
use calypso_director::db::schema::{board_rebuilds, event_paces, results, round_clocks};
use calypso_director::event::EventId;
use chrono::{NaiveDate, NaiveDateTime};
use common::*;
use diesel::prelude::*;
use reqwest::StatusCode;

fn at(h: u32, m: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 6, 1)
        .unwrap()
        .and_hms_opt(h, m, 0)
        .unwrap()
}

/// Round `round` started at `t`: its clock row, in place of any the start wrote.
fn round_started(app: &TestApp, id: EventId, round: i32, t: NaiveDateTime) {
    with_conn(app, |c| {
        diesel::delete(
            round_clocks::table
                .filter(round_clocks::event_id.eq(id.get()))
                .filter(round_clocks::round.eq(round)),
        )
        .execute(c)
        .unwrap();
        diesel::insert_into(round_clocks::table)
            .values((
                round_clocks::event_id.eq(id.get()),
                round_clocks::round.eq(round),
                round_clocks::started_at.eq(t),
                round_clocks::play_seconds.eq(45 * 60),
                round_clocks::rebuild_seconds.eq(10 * 60),
                round_clocks::move_seconds.eq(5 * 60),
            ))
            .execute(c)
            .unwrap();
    });
}

/// The result of `round` at `table` arrived at `t`.
fn result_arrived(app: &TestApp, id: EventId, round: i32, table: i32, t: NaiveDateTime) {
    let n = with_conn(app, |c| {
        diesel::update(
            results::table
                .filter(results::event_id.eq(id.get()))
                .filter(results::round.eq(round))
                .filter(results::table_number.eq(table)),
        )
        .set(results::created_at.eq(t))
        .execute(c)
        .unwrap()
    });
    assert_eq!(n, 1, "one result of round {round} at table {table}");
}

/// `table` ticked `board` of `round` rebuilt at `t`.
fn rebuilt(app: &TestApp, id: EventId, round: i32, table: i32, board: i32, t: NaiveDateTime) {
    with_conn(app, |c| {
        diesel::insert_into(board_rebuilds::table)
            .values((
                board_rebuilds::event_id.eq(id.get()),
                board_rebuilds::round.eq(round),
                board_rebuilds::table_number.eq(table),
                board_rebuilds::board.eq(board),
                board_rebuilds::rebuilt_at.eq(t),
            ))
            .execute(c)
            .unwrap();
    });
}

type PaceRow = (
    i32,
    String,
    i32,
    Option<i32>,
    Option<i32>,
    i32,
    Option<i32>,
    Option<i32>,
);

fn pace_row(app: &TestApp, id: EventId) -> Option<PaceRow> {
    with_conn(app, |c| {
        event_paces::table
            .find(id.get())
            .select((
                event_paces::club_id,
                event_paces::game,
                event_paces::games,
                event_paces::game_median_seconds,
                event_paces::game_slow_seconds,
                event_paces::rebuilds,
                event_paces::rebuild_median_seconds,
                event_paces::rebuild_slow_seconds,
            ))
            .first(c)
            .optional()
            .unwrap()
    })
}

/// Club alpha's Mitchell of three tables and six pairs over two rounds of one board a table,
/// played with every result stored; returns its page, id and each (round, table, board).
async fn evening_played(app: &TestApp, d: &Browser) -> (String, EventId, Vec<(i32, i32, i32)>) {
    let mut fields = event_fields("Pace Night");
    fields[4] = ("tables", "3");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let page = location(&r);
    let id = id_from_location(&page);
    enter_pairs(d, &format!("{page}/entries"), 6, "Ann", "Ben").await;
    let movement = format!("{page}/movement");
    let r = d.post(&movement, &movement, &[("rounds", "2")]).await;
    let status = r.status();
    let body = r.text().await.unwrap();
    assert_eq!(
        status,
        StatusCode::SEE_OTHER,
        "{}",
        body.split("field-error").nth(1).unwrap_or(&body)
    );
    move_event(d, &page, &TO_RUNNING).await;
    let club = app.club_id("alpha");
    let (m, entries) = with_conn(app, |c| {
        (
            db::movements::movement_of(c, club, id).unwrap().unwrap().1,
            db::entries::entries_of(c, club, id).unwrap(),
        )
    });
    let entry = |n: Option<u32>| {
        n.and_then(|n| entries.iter().find(|e| e.number == n as i32))
            .map(|e| e.id)
    };
    let rounds = format!("{page}/rounds");
    let mut played = vec![];
    for round in 1..=2u32 {
        let r = d
            .post(&rounds, &rounds, &[("round", &round.to_string())])
            .await;
        assert_eq!(r.status(), StatusCode::SEE_OTHER, "round {round} started");
        for s in m.round(round).filter(|s| s.has_game()) {
            assert_eq!(s.boards.len(), 1, "one board a table a round");
            let at = db::results::PlayedAt {
                round: round as i32,
                table_number: s.table as i32,
                board: s.boards[0] as i32,
                majors_entry: entry(s.majors),
                minors_entry: entry(s.minors),
            };
            store_result(app, id, at, (1250, 500));
            played.push((round as i32, s.table as i32, s.boards[0] as i32));
        }
    }
    assert_eq!(played.len(), 6, "three tables, two rounds: {played:?}");
    (page, id, played)
}

/// When CALYPSO_SCREENSHOTS names a folder: the page as the browser had it, its assets from
/// the running app, shot by headless Chromium at 390 px and at 1280 px (to look at).
async fn shot(app: &TestApp, html: &str, name: &str) {
    let Ok(dir) = std::env::var("CALYPSO_SCREENSHOTS") else {
        return;
    };
    std::fs::create_dir_all(&dir).unwrap();
    let page = html
        .replace("href=\"/", &format!("href=\"{}/", app.address))
        .replace("src=\"/", &format!("src=\"{}/", app.address));
    let file = format!("{dir}/{name}.html");
    std::fs::write(&file, page).unwrap();
    // The event page is long: its pace line is in the Director section at the end.
    let tall = if name.contains("event-form") { 1 } else { 3 };
    for (w, h) in [(390, 1700 * tall), (1280, 1300 * tall)] {
        let (file, out) = (file.clone(), format!("{dir}/{name}-{w}.png"));
        // Off the test's runtime thread, which serves the page's assets meanwhile.
        let ok = tokio::task::spawn_blocking(move || {
            std::process::Command::new("/usr/bin/chromium")
                .args([
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--hide-scrollbars",
                    &format!("--window-size={w},{h}"),
                    &format!("--screenshot={out}"),
                    &format!("file://{file}"),
                ])
                .output()
                .map(|o| o.status.success())
                .unwrap_or(false)
        })
        .await
        .unwrap();
        assert!(ok, "chromium shot {name} at {w}");
    }
}

#[tokio::test]
async fn a_finished_evening_teaches_the_club_its_pace_and_the_next_form_suggests_a_round() {
    let app = spawn_app().await;
    let alice = app.club_with_owner("alpha", "alice@example.org").await;
    let bob = app.club_with_owner("bravo", "bob@example.org").await;
    let (page, id, played) = evening_played(&app, &alice).await;
    let board = |round: i32, table: i32| {
        played
            .iter()
            .find(|p| (p.0, p.1) == (round, table))
            .unwrap()
            .2
    };

    // Round 1 starts at 19:00: table 1's result arrives at 19:40 (40 min), table 2's at
    // 19:45 (45), table 3's at 19:52 (52). Round 2 starts at 20:00: table 1's at 20:50 (50),
    // table 2's at 20:38 (38), table 3's at 20:44 (44).
    round_started(&app, id, 1, at(19, 0));
    round_started(&app, id, 2, at(20, 0));
    result_arrived(&app, id, 1, 1, at(19, 40));
    result_arrived(&app, id, 1, 2, at(19, 45));
    result_arrived(&app, id, 1, 3, at(19, 52));
    result_arrived(&app, id, 2, 1, at(20, 50));
    result_arrived(&app, id, 2, 2, at(20, 38));
    result_arrived(&app, id, 2, 3, at(20, 44));
    // Rebuilds: 9 min (19:49), 12 (19:57), 10 (20:02), 8 (20:58), 15 (20:59); table 2's
    // board of round 2 ticked at 20:37, before its result arrived: impossible, dropped. A
    // board table 1 did not play is ticked too: no result to time it from, nothing.
    rebuilt(&app, id, 1, 1, board(1, 1), at(19, 49));
    rebuilt(&app, id, 1, 2, board(1, 2), at(19, 57));
    rebuilt(&app, id, 1, 3, board(1, 3), at(20, 2));
    rebuilt(&app, id, 2, 1, board(2, 1), at(20, 58));
    rebuilt(&app, id, 2, 2, board(2, 2), at(20, 37));
    rebuilt(&app, id, 2, 3, board(2, 3), at(20, 59));
    rebuilt(&app, id, 1, 1, 199, at(19, 50));

    // Not learnt before the event is finished.
    assert_eq!(pace_row(&app, id), None);
    move_event(&alice, &page, &[("running", "finished")]).await;

    // Games 38 40 44 45 50 52 min: median (44 + 45) / 2 = 44½ min = 2670 s; slowest quarter
    // the ⌈0.75 × 6⌉ = 5th = 50 min. Rebuilds 8 9 10 12 15 min: median 10, slowest quarter
    // the ⌈0.75 × 5⌉ = 4th = 12 min.
    let alpha = app.club_id("alpha");
    assert_eq!(
        pace_row(&app, id),
        Some((
            alpha.get(),
            "standard".to_string(),
            6,
            Some(2670),
            Some(3000),
            5,
            Some(600),
            Some(720)
        ))
    );

    // The finished event's page tells its director its pace, in one line.
    let (status, html) = alice.get_text(&page).await;
    assert_eq!(status, StatusCode::OK);
    shot(&app, &html, "pace-finished-event").await;
    assert!(
        html.replace("&#39;", "'").contains("This event's pace: a board 45 min (slowest quarter 50 min), 6 boards timed; a rebuild 10 min (slowest quarter 12 min), 5 timed."),
        "{html}"
    );
    // Not to another club's director, who sees the public page.
    let (status, html) = bob.get_text(&page).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!html.contains("event-pace"), "{html}");

    // The next event's form shows the club's pace of the chosen game and the round it
    // suggests: 1 × (50 + 12) + 5 = 67 → 70 min; 2 rounds fit 3 hours (3 × 70 > 180).
    let (status, html) = alice.get_text("/c/alpha/events/new").await;
    assert_eq!(status, StatusCode::OK);
    let html = html.replace("&#39;", "'");
    assert!(
        html.contains("<div class=\"pace-game\" data-game=\"standard\">"),
        "{html}"
    );
    assert!(
        html.contains("Your club's pace at Calypso over its last event: a board 45 min (slowest quarter 50 min), a rebuild 10 min (slowest quarter 12 min)."),
        "{html}"
    );
    assert!(
        html.contains("Suggested round of 1 board: 1 h 10 min; 2 rounds fit a 3-hour evening."),
        "{html}"
    );
    // Another game has no pace yet, and its block waits hidden until the game is chosen.
    assert!(
        html.contains("<div class=\"pace-game\" data-game=\"kaiso\" hidden>"),
        "{html}"
    );
    assert!(html.contains("No pace yet for Kaiso"), "{html}");
    shot(&app, &html, "pace-new-event-form").await;

    // Asked for 2 boards a round in a 4-hour evening: 2 × 62 + 5 = 129 → 130 min; one fits.
    let (status, html) = alice
        .get_text("/c/alpha/events/new?game=standard&per_round=2&evening=4")
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("Suggested round of 2 boards: 2 h 10 min; 1 round fits a 4-hour evening."),
        "{html}"
    );

    // A draft's edit form shows it too, for the draft's own game.
    let r = alice
        .post(
            "/c/alpha/events/new",
            "/c/alpha/events",
            &event_fields("Next Night"),
        )
        .await;
    let next = location(&r);
    let (status, html) = alice.get_text(&format!("{next}/edit")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.replace("&#39;", "'")
            .contains("Your club's pace at Calypso over its last event: a board 45 min"),
        "{html}"
    );

    // Another club's form does not see alpha's pace.
    let (status, html) = bob.get_text("/c/bravo/events/new").await;
    assert_eq!(status, StatusCode::OK);
    shot(&app, &html, "pace-other-club-form").await;
    let html = html.replace("&#39;", "'");
    assert!(html.contains("No pace yet for Calypso"), "{html}");
    assert!(!html.contains("Your club's pace at"), "{html}");
    // With no pace of any game, there is no round to work out.
    assert!(!html.contains("Work it out"), "{html}");
}

#[tokio::test]
async fn the_pace_question_answers_bad_numbers_with_a_clear_line() {
    let app = spawn_app().await;
    let alice = app.club_with_owner("alpha", "alice@example.org").await;
    for (query, line) in [
        (
            "per_round=abc",
            "Boards a round: a whole number from 1 to 12 (not “abc”); 1 is shown.",
        ),
        (
            "per_round=0",
            "Boards a round: a whole number from 1 to 12 (not “0”); 1 is shown.",
        ),
        (
            "per_round=99999999999999999999999",
            "Boards a round: a whole number from 1 to 12 (not “99999999999999999999”); 1 is shown.",
        ),
        (
            "evening=13",
            "Hours in the evening: a whole number from 1 to 12 (not “13”); 3 is shown.",
        ),
        (
            "evening=-2",
            "Hours in the evening: a whole number from 1 to 12 (not “-2”); 3 is shown.",
        ),
    ] {
        let (status, html) = alice
            .get_text(&format!("/c/alpha/events/new?{query}"))
            .await;
        assert_eq!(status, StatusCode::OK, "{query}");
        assert!(html.contains(line), "{query}: {html}");
    }
    // An unknown game in the question is ignored: the form's own game is shown.
    let (status, html) = alice.get_text("/c/alpha/events/new?game=bridge").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("<div class=\"pace-game\" data-game=\"standard\">"),
        "{html}"
    );
    // Not for anyone but the club's directors.
    let nobody = Browser::new(&app);
    let r = nobody.get("/c/alpha/events/new?per_round=2").await;
    assert_ne!(r.status(), StatusCode::OK);
}

/// A finished event of `club` in `variant` (a Calypso variant's name), finished at
/// 2026-06-`day` 22:00, with the pace `game` = (count, median, slow) minutes stored as
/// learnt; or left a draft when `finished` is false.
fn event_with_pace(
    c: &mut db::DbConnection,
    club: calypso_director::event::ClubId,
    variant: &str,
    day: u32,
    game: (u32, u32, u32),
    finished: bool,
) -> EventId {
    use calypso_director::event::EventStatus;
    use calypso_director::event::pace::{Figures, Pace};
    use calypso_director::event::{Count, EventSettings, SettingsDraft, TrumpsDraft};
    let settings = EventSettings::parse(&SettingsDraft {
        name: format!("Night {day}"),
        date: format!("2026-06-{day:02}"),
        format: "pairs-mitchell".into(),
        game: String::new(),
        variant: variant.into(),
        tables: Count::Number(4),
        boards: Count::Number(16),
        trick_rule: "standard".into(),
        trumps: TrumpsDraft::VariantDefault,
        correction_minutes: Count::Number(30),
        scale: String::new(),
        compare: String::new(),
        ..SettingsDraft::default()
    })
    .unwrap();
    let ev = db::events::create_event(c, club, &settings).unwrap();
    if finished {
        let t = NaiveDate::from_ymd_opt(2026, 6, day)
            .unwrap()
            .and_hms_opt(22, 0, 0)
            .unwrap();
        diesel::update(calypso_director::db::schema::events::table.find(ev.id.get()))
            .set((
                calypso_director::db::schema::events::status.eq(EventStatus::Finished.name()),
                calypso_director::db::schema::events::finished_at.eq(Some(t)),
            ))
            .execute(c)
            .unwrap();
    }
    let pace = Pace {
        game: Some(Figures {
            count: game.0,
            median: game.1 * 60,
            slow: game.2 * 60,
        }),
        rebuild: None,
    };
    let game = calypso_director::event::pace::game_of(&settings);
    db::paces::store_pace(c, ev.id, club, &game, &pace).unwrap();
    ev.id
}

#[tokio::test]
async fn the_club_pace_is_its_own_last_ten_finished_events_of_the_game() {
    use calypso_director::service::paces::club_pace;
    let app = spawn_app().await;
    let _alice = app.club_with_owner("alpha", "alice@example.org").await;
    let _bob = app.club_with_owner("bravo", "bob@example.org").await;
    let (alpha, bravo) = (app.club_id("alpha"), app.club_id("bravo"));
    with_conn(&app, |c| {
        // Alpha's oldest Calypso evening, very slow and heavy: the eleventh back, not counted.
        event_with_pace(c, alpha, "standard", 1, (500, 90, 99), true);
        // Ten later ones: four of 10 games at 40 (45), six of 20 at 44 (50). The medians
        // weighted: 40 weighs 40, 44 weighs 120 of 160 → 44; slow quarters → 50.
        for day in 2..=5 {
            event_with_pace(c, alpha, "standard", day, (10, 40, 45), true);
        }
        for day in 6..=11 {
            event_with_pace(c, alpha, "standard", day, (20, 44, 50), true);
        }
        // Not Calypso's standard game, not finished, or another club's: none counts.
        event_with_pace(c, alpha, "duet", 12, (30, 20, 25), true);
        event_with_pace(c, alpha, "standard", 13, (300, 10, 12), false);
        event_with_pace(c, bravo, "standard", 14, (300, 10, 12), true);
    });
    let club = with_conn(&app, |c| club_pace(c, alpha, "standard").unwrap()).unwrap();
    assert_eq!(club.events, 10);
    let game = club.pace.game.unwrap();
    assert_eq!(
        (game.count, game.median, game.slow),
        (160, 44 * 60, 50 * 60)
    );
    assert_eq!(club.pace.rebuild, None);
    // Duet has its own pace, from its one evening.
    let duet = with_conn(&app, |c| club_pace(c, alpha, "duet").unwrap()).unwrap();
    assert_eq!((duet.events, duet.pace.game.unwrap().median), (1, 20 * 60));
    // Bravo's pace is its own evening only.
    let b = with_conn(&app, |c| club_pace(c, bravo, "standard").unwrap()).unwrap();
    assert_eq!((b.events, b.pace.game.unwrap().count), (1, 300));
    assert_eq!(
        with_conn(&app, |c| club_pace(c, bravo, "duet").unwrap()),
        None
    );
}
