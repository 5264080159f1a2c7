//! The room clock (issue #38) over HTTP: round 1's clock starts with play, the director
//! pauses, resumes, extends and sets the timing from round control, refusals say why, and
//! the clock's page, its live JSON and a table phone's line follow a test clock moved
//! forward (the server's "now" is the test's, not the wall's).

mod common;

use common::*;
use calypso_director::event::EventId;
use reqwest::StatusCode;
use serde_json::Value;

/// A running Mitchell of club alpha: 3 tables, 6 pairs, 2 rounds of 1 board; round 1 on
/// (started by moving the event to running). Its page and id.
async fn running(d: &Browser) -> (String, EventId) {
    let mut fields = event_fields("Clock Night");
    fields[4] = ("tables", "3");
    fields[5] = ("boards", "3");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let page = location(&r);
    let id = id_from_location(&page);
    enter_pairs(d, &format!("{page}/entries"), 6, "Ann", "Bob").await;
    let movement = format!("{page}/movement");
    let r = d
        .post(
            &movement,
            &movement,
            &[("rounds", "2"), ("boards_per_round", "1")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER, "{}", r.text().await.unwrap());
    move_event(d, &page, &TO_RUNNING).await;
    (page, id)
}

async fn clock_json(b: &Browser, page: &str) -> Value {
    let r = b.get(&format!("{page}/clock/live")).await;
    assert_eq!(r.status(), StatusCode::OK);
    r.json().await.unwrap()
}

/// Posts one of the clock's acts from round control; the answer.
async fn act(d: &Browser, page: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    d.post(&format!("{page}/rounds"), &format!("{page}/clock"), fields)
        .await
}

fn seconds(v: &Value, key: &str) -> i64 {
    v[key].as_i64().unwrap_or_else(|| panic!("{key} in {v}"))
}

#[tokio::test]
async fn round_one_starts_its_clock_and_the_page_follows_the_moved_clock_through_every_phase() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let (page, _) = running(&d).await;
    // Anyone may see a running event's page, so anyone may see its clock.
    let anyone = Browser::new(&app);
    let (status, html) = anyone.get_text(&format!("{page}/clock")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Round <strong>1</strong> of 2"), "{html}");
    assert!(html.contains("clock.js"));
    let v = clock_json(&anyone, &page).await;
    assert_eq!(v["phase"], "play");
    assert_eq!(v["round"], 1);
    // 45 minutes of play for a Calypso board, 8 to rebuild it, 3 to move.
    let left = seconds(&v, "phase_left");
    assert!((2690..=2700).contains(&left), "{left}");
    assert_eq!(seconds(&v, "round_left") - left, 8 * 60 + 3 * 60);
    assert!(v["announcement"].is_null(), "{v}");

    // Sheinwold's pacing: three quarters into the first deal's share (506 s of 2700).
    app.advance_clock(510);
    let v = clock_json(&anyone, &page).await;
    assert_eq!(v["announcement"], "You should be finishing deal 1");
    assert!(v["html"].as_str().unwrap().contains("You should be finishing deal 1"));
    app.advance_clock(2025 - 510);
    assert_eq!(clock_json(&anyone, &page).await["announcement"], "Last deal");

    app.advance_clock(2700 - 2025);
    let v = clock_json(&anyone, &page).await;
    assert_eq!(v["phase"], "rebuild");
    assert_eq!(
        v["announcement"],
        "Rebuild the board with its sheet before it moves"
    );
    // Play is over and no table has reported: both are named late.
    let html = v["html"].as_str().unwrap().to_string();
    assert!(html.contains("Late: tables 1, 2, 3"), "{html}");
    assert!(html.contains("Where do I go?"), "{html}");

    app.advance_clock(8 * 60);
    let v = clock_json(&anyone, &page).await;
    assert_eq!(v["phase"], "move");
    assert_eq!(v["announcement"], "Move: where do I go?");
    let html = v["html"].as_str().unwrap().to_string();
    // Every pair's next table and seat, and the boards, as the table cards move them.
    // Mitchell: N-S pairs stay, E-W pairs move up a table, boards down.
    for line in [
        "Pair 1: stays at table 1, N-S ♠♥",
        "Pair 4: table 2, E-W ♦♣",
        "Pair 6: table 1, E-W ♦♣",
        "Board 1 to table 3",
        "Board 3 to table 2",
    ] {
        assert!(html.contains(line), "{line}: {html}");
    }

    app.advance_clock(3 * 60 + 65);
    let v = clock_json(&anyone, &page).await;
    assert_eq!(v["phase"], "time up");
    assert!((60..=75).contains(&seconds(&v, "over_by")), "{v}");
    assert_eq!(v["announcement"], "Time is up");
}

#[tokio::test]
async fn the_director_pauses_resumes_and_extends_the_round_and_paused_time_does_not_count() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let (page, _) = running(&d).await;
    let (_, rounds) = d.get_text(&format!("{page}/rounds")).await;
    assert!(rounds.contains("Open the room clock"), "{rounds}");
    assert!(rounds.contains(">Pause</button>") && rounds.contains(">Extend 5 min</button>"));
    assert!(rounds.contains("Round 1 · 56 min left · play"), "{rounds}");

    let r = act(&d, &page, &[("act", "pause")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&r), format!("{page}/rounds"));
    let before = clock_json(&d, &page).await;
    assert_eq!(before["paused"], true);
    app.advance_clock(600);
    let paused = clock_json(&d, &page).await;
    assert_eq!(paused["paused"], true);
    assert_eq!(seconds(&paused, "phase_left"), seconds(&before, "phase_left"));
    assert!(paused["html"].as_str().unwrap().contains("paused"));
    let (_, rounds) = d.get_text(&format!("{page}/rounds")).await;
    assert!(rounds.contains(">Resume</button>"), "{rounds}");

    // Paused twice: refused, saying why.
    let r = act(&d, &page, &[("act", "pause")]).await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert!(r.text().await.unwrap().contains("The clock is already paused."));

    let r = act(&d, &page, &[("act", "resume")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    app.advance_clock(100);
    let v = clock_json(&d, &page).await;
    assert_eq!(v["paused"], false);
    let gone = seconds(&before, "phase_left") - seconds(&v, "phase_left");
    assert!((100..=103).contains(&gone), "{gone}: the 600 s paused did not count");
    let r = act(&d, &page, &[("act", "resume")]).await;
    assert_eq!(r.status(), StatusCode::CONFLICT);

    let r = act(&d, &page, &[("act", "extend"), ("minutes", "5")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let extended = clock_json(&d, &page).await;
    let added = seconds(&extended, "phase_left") - seconds(&v, "phase_left");
    assert!((297..=300).contains(&added), "{added}");

    for (minutes, says) in [
        ("0", "Add from 1 to 30 minutes at a time, not 0."),
        ("31", "Add from 1 to 30 minutes at a time, not 31."),
        ("lots", "\"lots\" is not a number of minutes"),
    ] {
        let r = act(&d, &page, &[("act", "extend"), ("minutes", minutes)]).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{minutes}");
        let body = r.text().await.unwrap();
        assert!(body.contains(&says.replace('"', "&#34;")), "{minutes}: {body}");
    }
    let r = act(&d, &page, &[("act", "stop")]).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    // Refusals changed nothing.
    let after = clock_json(&d, &page).await;
    assert!(seconds(&extended, "phase_left") - seconds(&after, "phase_left") <= 3);
}

#[tokio::test]
async fn the_timing_applies_to_rounds_started_after_it_and_each_started_round_keeps_its_clock() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let (page, id) = running(&d).await;
    let rounds = format!("{page}/rounds");
    let timing = format!("{page}/clock/timing");
    // The sound is off unless asked: no "Sound on" button, no beep.
    let (_, html) = d.get_text(&format!("{page}/clock")).await;
    assert!(!html.contains("clock-sound-on") && !html.contains("data-sound"), "{html}");
    let r = d
        .post(&rounds, &timing, &[("clock_sound", "on")])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, html) = d.get_text(&format!("{page}/clock")).await;
    assert!(html.contains("id=\"clock-sound-on\"") && html.contains("data-sound=\"1\""), "{html}");
    assert_eq!(clock_json(&d, &page).await["sound"], true);
    let r = d
        .post(
            &rounds,
            &timing,
            &[
                ("game_minutes", "50"),
                ("rebuild_minutes", ""),
                ("move_minutes", "4"),
            ],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, html) = d.get_text(&rounds).await;
    assert!(
        html.contains("Rounds started from now on: 50 min a game, 8 min a rebuild, 4 min to move."),
        "{html}"
    );
    assert!(html.contains("name=\"game_minutes\" min=\"5\" max=\"180\" inputmode=\"numeric\" value=\"50\""));
    // The round being played keeps its 45 minutes.
    let v = clock_json(&d, &page).await;
    assert!(seconds(&v, "phase_left") <= 2700);

    for (field, value, says) in [
        ("game_minutes", "4", "Minutes per game must be from 5 to 180, not 4."),
        ("rebuild_minutes", "31", "Minutes per rebuild must be from 1 to 30, not 31."),
        ("move_minutes", "soon", "Minutes per move must be a whole number, not &#34;soon&#34;."),
    ] {
        let r = d.post(&rounds, &timing, &[(field, value)]).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{field}");
        let body = r.text().await.unwrap();
        assert!(body.contains(says), "{field}: {body}");
    }

    // Round 2 (round 1's games still open: confirmed) takes the new timing.
    let r = d
        .post(&rounds, &rounds, &[("round", "2"), ("confirm", "yes")])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let v = clock_json(&d, &page).await;
    assert_eq!(v["round"], 2);
    let left = seconds(&v, "phase_left");
    assert!((2990..=3000).contains(&left), "{left}");
    assert_eq!(seconds(&v, "round_left") - left, 8 * 60 + 4 * 60);
    // The last round: nobody moves after it.
    app.advance_clock(3000 + 8 * 60 + 5);
    assert_eq!(
        clock_json(&d, &page).await["announcement"],
        "That was the last round: no one moves"
    );
    let kept = with_conn(&app, |c| calypso_director::db::clocks::clocks_of(c, id).unwrap());
    assert_eq!(kept.iter().map(|c| c.round).collect::<Vec<_>>(), vec![1, 2]);
    assert_eq!(kept[0].play_seconds, 45 * 60);
    assert_eq!(kept[1].play_seconds, 50 * 60);
}

#[tokio::test]
async fn only_the_clubs_directors_act_on_the_clock_and_a_draft_has_no_clock_to_run() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let (page, _) = running(&d).await;
    // Another club's director: not found, nothing paused.
    let other = app.club_with_owner("beta", "owner@beta.test").await;
    let r = other
        .post("/c/beta/events", &format!("{page}/clock"), &[("act", "pause")])
        .await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    // Someone not logged in: sent to log in, nothing paused.
    let anyone = Browser::new(&app);
    let r = anyone
        .post("/login", &format!("{page}/clock"), &[("act", "pause")])
        .await;
    assert!(
        r.status() == StatusCode::SEE_OTHER && location(&r).starts_with("/login")
            || r.status() == StatusCode::NOT_FOUND
            || r.status() == StatusCode::FORBIDDEN,
        "{}",
        r.status()
    );
    assert_eq!(clock_json(&d, &page).await["paused"], false);

    // A draft: its clock page is the director's only, and there is no round to pause; its
    // timing may be set before the evening.
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &event_fields("Next Week"))
        .await;
    let draft = location(&r);
    let (status, _) = anyone.get_text(&format!("{draft}/clock")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, html) = d.get_text(&format!("{draft}/clock")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Play has not started yet."), "{html}");
    let r = act(&d, &draft, &[("act", "pause")]).await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert!(
        r.text()
            .await
            .unwrap()
            .contains("The clock runs while the event is running: this event is draft.")
    );
    let r = d
        .post(
            &format!("{draft}/rounds"),
            &format!("{draft}/clock/timing"),
            &[("game_minutes", "40")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn a_table_phone_shows_the_clock_in_one_line() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "owner@alpha.test").await;
    let (page, id) = running(&d).await;
    let club = app.club_id("alpha");
    let codes = with_conn(&app, |c| {
        calypso_director::db::tables::ensure_codes(
            c,
            club,
            id,
            3,
            calypso_director::service::tokens::table_code,
        )
        .unwrap()
    });
    let phone = Browser::new(&app);
    let code = &codes[0].1;
    let (status, html) = phone.get_text(&format!("/t/{code}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains(&format!("data-src=\"/t/{code}/clock\"")), "{html}");
    let r = phone.get(&format!("/t/{code}/clock")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let v: Value = r.json().await.unwrap();
    assert!(v["html"].as_str().unwrap().contains("Round 1 · 56 min left · play"), "{v}");
    app.advance_clock(2040);
    let v: Value = phone.get(&format!("/t/{code}/clock")).await.json().await.unwrap();
    let line = v["html"].as_str().unwrap();
    assert!(line.contains("Round 1 · 22 min left · play"), "{line}");
    assert!(line.contains("Last deal"), "{line}");
    let _ = page;
}

/// Embers is dealt at the table: its clock counts hands (ten minutes each by default), says
/// "game", has no rebuild (and refuses one), and lists no boards at the move.
#[tokio::test]
async fn a_game_dealt_at_the_table_is_timed_by_its_hands_and_has_no_rebuild() {
    use common::evening::event_id;
    use common::games::six_pair_evening;
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let body = serde_json::json!({"name": "Embers Night", "date": "2026-12-02",
        "format": "progressive", "game": "embers", "hands": 4, "tables": 3, "boards": 9});
    let e = six_pair_evening(api, body, 3).await;
    let page = format!("/c/alpha/events/{}", event_id(&e));
    let v = clock_json(&d, &page).await;
    assert_eq!(v["phase"], "play");
    let left = seconds(&v, "phase_left");
    assert!((2390..=2400).contains(&left), "4 hands × 10 min: {left}");
    assert_eq!(seconds(&v, "round_left") - left, 3 * 60, "no rebuild, 3 min to move");
    // Three quarters into the first hand's share of 40 minutes: 7:30.
    app.advance_clock(455);
    assert_eq!(
        clock_json(&d, &page).await["announcement"],
        "You should be finishing hand 1"
    );
    app.advance_clock(2400 - 455 + 2);
    let v = clock_json(&d, &page).await;
    assert_eq!(v["phase"], "move");
    let html = v["html"].as_str().unwrap();
    assert!(html.contains("Pair 1: "), "{html}");
    assert!(!html.contains("Board"), "{html}");
    let rounds = format!("{page}/rounds");
    let (_, control) = d.get_text(&rounds).await;
    assert!(control.contains("(dealt at the table: nothing to rebuild)"), "{control}");
    assert!(!control.contains("name=\"rebuild_minutes\""));
    let r = d
        .post(&rounds, &format!("{page}/clock/timing"), &[("rebuild_minutes", "5")])
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    assert!(
        body.contains("is dealt at the table: there is no board to rebuild"),
        "{body}"
    );
}

/// A progressive individual's seating follows the results: at the move its clock says how
/// the players move (the game's own words), names no table in advance, and counts one game.
#[tokio::test]
async fn a_progressive_individuals_clock_tells_the_rule_of_the_move() {
    use common::evening::{event_id, running_event};
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let e = running_event(
        api_for(&app, &d, "alpha").await,
        "progressive-individual",
        2,
        8,
        serde_json::json!({"rounds": 3}),
    )
    .await;
    let page = format!("/c/alpha/events/{}", event_id(&e));
    let v = clock_json(&d, &page).await;
    assert_eq!((v["round"].as_i64(), v["phase"].as_str()), (Some(1), Some("play")));
    assert_eq!(seconds(&v, "round_left"), seconds(&v, "phase_left") + 8 * 60 + 3 * 60);
    app.advance_clock(45 * 60 + 8 * 60 + 5);
    let v = clock_json(&d, &page).await;
    assert_eq!(v["phase"], "move");
    let html = v["html"].as_str().unwrap();
    assert!(html.contains("The winners stay at this table"), "{html}");
    assert!(!html.contains("Player 1: table"), "{html}");
}
