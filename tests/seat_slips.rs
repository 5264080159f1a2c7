//! Seat-link slips (#39: a personal seat link "printable as a QR and sent by the director"):
//! the director's Seats online page offers a PDF of the round's slips, read back here with
//! pdftotext (the event, each person's name, seat with its trump suit and link, the slip's
//! warning; no robot's seat; no revoked link) and its QR codes decoded with zbarimg from a
//! pdftoppm render (poppler-utils and zbar-tools: scripts/test.sh installs both).

mod common;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use calypso_director::event::play::{Play, Window};
use calypso_director::service::seats::{ListedSeat, seats_of_round};
use common::*;
use reqwest::StatusCode;

/// The round's seats as the director's listing gives them.
fn listed(app: &TestApp, id: calypso_director::event::EventId) -> Vec<ListedSeat> {
    seats_of_round(&app.pool, app.club_id("alpha"), id, 1).unwrap()
}

/// The seat's page, as the slips print it (the test server has no base URL: its address).
fn url_of(app: &TestApp, s: &ListedSeat) -> String {
    format!("{}/seat/{}", app.address, s.token.as_ref().unwrap())
}

/// The director downloads the round's slips: a PDF.
async fn slips(d: &Browser, page: &str) -> Vec<u8> {
    let r = d.get(&format!("{page}/seats/slips.pdf?round=1")).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(
        r.headers()["content-type"].to_str().unwrap(),
        "application/pdf"
    );
    assert!(
        r.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .contains("seat-slips.pdf")
    );
    r.bytes().await.unwrap().to_vec()
}

/// The text with every space and line break taken out: a link wrapped over two lines reads
/// whole again.
fn flat(text: &str) -> String {
    text.split_whitespace().collect()
}

fn run(cmd: &mut Command, what: &str) -> String {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what} is needed (scripts/test.sh installs it): {e}"));
    assert!(
        out.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Every QR code of every page, decoded from a 150 dpi render. A copy of each page's PNG
/// is kept in CALYPSO_SCREENSHOTS when set (to look at the slips).
fn decoded_qr_codes(pdf: &[u8], name: &str) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("slips.pdf");
    std::fs::write(&path, pdf).unwrap();
    let prefix = dir.path().join("page");
    run(
        Command::new("pdftoppm")
            .args(["-r", "150", "-png"])
            .arg(&path)
            .arg(&prefix),
        "pdftoppm (poppler-utils)",
    );
    let mut pages: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "png"))
        .collect();
    pages.sort();
    let mut out = vec![];
    for (i, png) in pages.iter().enumerate() {
        if let Ok(shots) = std::env::var("CALYPSO_SCREENSHOTS") {
            std::fs::copy(png, Path::new(&shots).join(format!("{name}-{}.png", i + 1))).unwrap();
        }
        let text = run(
            Command::new("zbarimg")
                .args(["--raw", "-q", "-Sdisable", "-Sqrcode.enable"])
                .arg(png),
            "zbarimg (zbar-tools)",
        );
        out.extend(text.lines().map(str::to_string));
    }
    out
}

#[tokio::test]
async fn the_seat_slips_print_each_persons_seat_and_link_as_text_and_qr_code_and_no_revoked_link() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (page, id, _) = two_tables_running(&app, &d, "Online evening", ("Ann", "Bob")).await;
    play_online(&app, id);

    // The seats page offers the round's slips.
    let seats_page = format!("{page}/seats?round=1");
    let (status, html) = d.get_text(&seats_page).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains(&format!(
            "{page}/seats/slips.pdf?round=1\">Print seat slips</a>"
        )),
        "{html}"
    );

    // A link revoked: the page issues the seat a new one, and only the new one is printed.
    let before = listed(&app, id);
    let gone = before
        .iter()
        .find(|s| s.table == 2 && s.seat.letter() == 'E')
        .unwrap();
    let gone_url = url_of(&app, gone);
    let r = d
        .post(
            &seats_page,
            &format!("{page}/seats/revoke"),
            &[("round", "1"), ("table", "2"), ("board", ""), ("seat", "E")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);

    let pdf = slips(&d, &page).await;
    let seats = listed(&app, id);
    assert_eq!(seats.len(), 8, "two tables of four people");
    assert!(seats.iter().all(|s| !s.robot));
    assert!(seats.iter().all(|s| url_of(&app, s) != gone_url));
    let text = pdf_text(&pdf);
    let all = flat(&text);
    assert_eq!(
        text.matches("Keep this slip to yourself: it is your seat.")
            .count(),
        8,
        "a slip for each person's seat: {text}"
    );
    assert!(all.contains("Onlineevening·2026-06-01"), "{text}");
    // The event's seating of the trump suits: N ♠, E ♦, S ♥, W ♣.
    for s in &seats {
        let seat = format!("{}{}", s.seat.name(), ['♠', '♦', '♥', '♣'][s.seat.index()]);
        let name = s.name.as_ref().unwrap();
        assert!(text.contains(name.as_str()), "{name}: {text}");
        assert!(all.contains(&seat), "{seat}: {text}");
        assert!(all.contains(&format!("Round1·Table{}", s.table)), "{text}");
        assert!(
            all.contains(&url_of(&app, s)),
            "{}: {text}",
            url_of(&app, s)
        );
    }
    assert!(!all.contains(&gone_url), "the revoked link is not printed");
    assert_eq!(text.matches('\u{c}').count(), 1, "eight slips: one page");

    // Each slip's QR code holds its seat's link, and nothing else is coded.
    let decoded: BTreeSet<String> = decoded_qr_codes(&pdf, "seat-slips-online")
        .into_iter()
        .collect();
    let urls: BTreeSet<String> = seats.iter().map(|s| url_of(&app, s)).collect();
    assert_eq!(decoded, urls);

    // An event played at the club's tables has no seats online: said, not a server error.
    let (table_page, _, _) = two_tables_running(&app, &d, "Club evening", ("Cy", "Di")).await;
    let r = d
        .get(&format!("{table_page}/seats/slips.pdf?round=1"))
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
}

#[tokio::test]
async fn a_robot_duplicates_entrant_gets_a_slip_per_board_and_the_robots_seats_none() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (page, id, _) = two_tables_running(&app, &d, "Daylong", ("Ann", "Bob")).await;
    let now = app.now();
    let window = Window::new(now, now + chrono::Duration::hours(20)).unwrap();
    with_conn(&app, |c| {
        calypso_director::db::event_play::set_play(c, id, &Play::robots(window, None).unwrap())
            .unwrap()
    });
    let seats = listed(&app, id);
    let people: Vec<&ListedSeat> = seats.iter().filter(|s| !s.robot).collect();
    let boards: BTreeSet<u32> = people.iter().filter_map(|s| s.link_board).collect();
    assert!(boards.len() > 1, "{boards:?}");
    assert_eq!(people.len(), 4 * boards.len(), "four entrants, each board");
    assert_eq!(seats.len(), 4 * people.len(), "three robots beside each");

    let pdf = slips(&d, &page).await;
    let text = pdf_text(&pdf);
    let all = flat(&text);
    assert_eq!(
        text.matches("Keep this slip to yourself").count(),
        people.len(),
        "a slip for each entrant's board, none for a robot's seat"
    );
    for s in &people {
        let place = format!("Round1·Table{}·Board{}", s.table, s.link_board.unwrap());
        assert!(all.contains(&place), "{place}");
        assert!(all.contains(&url_of(&app, s)));
    }
    for robot in ["North", "East", "West"] {
        assert!(!text.contains(robot), "no slip for a robot's {robot}");
    }
    assert_eq!(text.matches("South").count(), people.len());
    let pages = text.matches('\u{c}').count();
    assert_eq!(pages, people.len().div_ceil(8), "eight slips to a page");

    let decoded: BTreeSet<String> = decoded_qr_codes(&pdf, "seat-slips-robots")
        .into_iter()
        .collect();
    let urls: BTreeSet<String> = people.iter().map(|s| url_of(&app, s)).collect();
    assert_eq!(decoded, urls);
}
