//! End to end in headless Chromium (Debian's chromium + chromium-driver): first-run setup,
//! login, create an event, make it ready, and see it on the public club page.

mod common;

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::*;
use fantoccini::{Client, ClientBuilder, Locator};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Stops chromedriver when the test ends, pass or fail.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

async fn start_browser(profile: &Path) -> (Driver, Client) {
    for bin in [CHROMIUM, CHROMEDRIVER] {
        assert!(
            Path::new(bin).exists(),
            "{bin} is missing: run scripts/test.sh (it installs chromium and chromium-driver), \
             or apt-get install -y chromium chromium-driver"
        );
    }
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let driver = Driver(
        Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver"),
    );
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run",
                format!("--user-data-dir={}", profile.display()),
            ]
        }),
    );
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        match ClientBuilder::new(connector)
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
        {
            Ok(c) => return (driver, c),
            Err(e) if Instant::now() > deadline => panic!("chromedriver did not start: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    }
}

/// Waits (up to 10 s) for the page after a click: its path and some text on it.
async fn wait_for(c: &Client, path_ends: &str, text: &str) -> String {
    wait_for_within(c, path_ends, text, Duration::from_secs(10)).await
}

/// Waits as `wait_for`, up to `within` (a page that changes itself on a timer).
async fn wait_for_within(c: &Client, path_ends: &str, text: &str, within: Duration) -> String {
    let deadline = Instant::now() + within;
    loop {
        let url = c.current_url().await.unwrap();
        let source = c.source().await.unwrap();
        if url.path().ends_with(path_ends) && source.contains(text) {
            return source;
        }
        assert!(
            Instant::now() < deadline,
            "waited for {path_ends} with {text:?}; at {url}: {}",
            &source[source.len().saturating_sub(2000)..]
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn fill(c: &Client, css: &str, text: &str) {
    let e = c
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|_| panic!("no {css}"));
    e.clear().await.unwrap();
    e.send_keys(text).await.unwrap();
}

/// Logs the club alpha's owner (made by `club_with_owner`) in on the login page.
async fn log_in_to_alpha(c: &Client, app: &TestApp) {
    c.goto(&format!("{}/login", app.address)).await.unwrap();
    fill(c, "#email", "olive@example.org").await;
    fill(c, "#password", PASSWORD).await;
    submit(c, "form.stack").await;
    wait_for(c, "/c/alpha", "New event").await;
}

/// The public standings at 390 and 1280 px, once `text` is on them: no sideways scroll, no
/// table scrolled, a screenshot of each named after `game`.
async fn standings_at_both_widths(
    c: &Client,
    app: &TestApp,
    standings: &str,
    text: &str,
    game: &str,
) {
    for width in [390, 1280] {
        c.set_window_size(width, 900).await.unwrap();
        c.goto(&format!("{}{standings}", app.address))
            .await
            .unwrap();
        wait_for(c, standings, text).await;
        let (v, content) = widths(c).await;
        assert!(content <= v, "standings at {width}: {content} px");
        assert!(scrolled_tables(c).await.is_empty());
        shot(c, &format!("{game}-standings-{width}")).await;
    }
}

/// Marks the page in the browser's memory: a reload would lose the mark.
async fn mark_page(c: &Client) {
    c.execute("window.__marker = 1;", vec![]).await.unwrap();
}

/// The page marked by [`mark_page`] is still the one loaded at `path`: what changed on it
/// was swapped in place.
async fn assert_not_reloaded(c: &Client, path: &str, why: &str) {
    let kept = c
        .execute("return [window.__marker === 1, location.pathname];", vec![])
        .await
        .unwrap();
    assert_eq!(kept, serde_json::json!([true, path]), "{why}");
}

/// The last row of the running score a hand-by-hand form shows, as its text.
async fn last_running_row(c: &Client) -> String {
    let row = c
        .execute(
            "const rows = document.querySelectorAll('table.running tbody tr');
             return rows[rows.length - 1].innerText;",
            vec![],
        )
        .await
        .unwrap();
    row.as_str().unwrap().to_string()
}

/// Sends a form with its own button (on a deal-by-deal form, not "Check deal k").
async fn submit(c: &Client, form_css: &str) {
    click(
        c,
        &format!("{form_css} button[type=submit]:not([name=check])"),
    )
    .await;
}

/// Clicks (taps) the element at `css`.
async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|_| panic!("nothing to tap at {css}"))
        .click()
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn director_sets_up_logs_in_and_publishes_an_event() {
    let app = spawn_app().await;
    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;

    let link = app
        .setup_link
        .clone()
        .expect("first start prints a setup link");
    c.goto(&link).await.unwrap();
    fill(&c, "#club_name", "Harbour Calypso Club").await;
    fill(&c, "#slug", "harbour").await;
    fill(&c, "#name", "Hana Host").await;
    fill(&c, "#email", "hana@example.org").await;
    fill(&c, "#password", PASSWORD).await;
    fill(&c, "#password_confirm", PASSWORD).await;
    submit(&c, "form.stack").await;

    wait_for(&c, "/login", "is set up").await;
    fill(&c, "#email", "hana@example.org").await;
    fill(&c, "#password", PASSWORD).await;
    submit(&c, "form.stack").await;
    wait_for(&c, "/c/harbour", "New event").await;

    c.find(Locator::LinkText("New event"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(&c, "/events/new", "Trump seating").await;
    fill(&c, "#name", "Harbour Spring Pairs").await;
    fill(&c, "#tables", "6").await;
    c.find(Locator::Css("#trick_rule option[value=beat-the-leader]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    submit(&c, "form.stack").await;
    let source = wait_for(&c, "", "Mark ready").await;
    assert!(source.contains("Harbour Spring Pairs"));
    assert!(source.contains("Beat the leader"));

    // Make it ready, then look as the public does.
    c.find(Locator::XPath("//button[normalize-space()='Mark ready']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(&c, "", "now ready").await;
    let commitment = c
        .find(Locator::Id("commitment"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(commitment.trim().len(), 64);
    c.find(Locator::XPath(
        "//button[starts-with(normalize-space(), 'Log out')]",
    ))
    .await
    .unwrap()
    .click()
    .await
    .unwrap();
    wait_for(&c, "/", "Director login").await;
    c.goto(&format!("{}/c/harbour", app.address)).await.unwrap();
    let public = c.source().await.unwrap();
    assert!(public.contains("Director login"), "logged out");
    assert!(
        public.contains("Harbour Spring Pairs"),
        "listed under upcoming"
    );
    c.find(Locator::LinkText("Harbour Spring Pairs"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let page = c.source().await.unwrap();
    assert!(
        page.contains(commitment.trim()),
        "public page shows the commitment"
    );
    assert!(
        !page.contains("Start play"),
        "no director controls for the public"
    );
    c.close().await.unwrap();
}

/// What a page measures in the browser: its viewport and how wide its content is.
async fn widths(c: &Client) -> (i64, i64) {
    let v = c
        .execute(
            "return [window.innerWidth, Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)];",
            vec![],
        )
        .await
        .unwrap();
    let a = v.as_array().unwrap();
    (a[0].as_i64().unwrap(), a[1].as_i64().unwrap())
}

/// The tables on the page that hide part of themselves behind a sideways scroll in their
/// box, each as its first header cell and the pixels hidden.
async fn scrolled_tables(c: &Client) -> Vec<String> {
    let v = c
        .execute(
            "return [...document.querySelectorAll('.table-wrap, .table-scroll')].filter(e => e.scrollWidth > e.clientWidth + 1).map(e => { const th = e.querySelector('th'); return (th ? th.textContent : '?') + ' +' + (e.scrollWidth - e.clientWidth) + 'px'; });",
            vec![],
        )
        .await
        .unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap_or("").to_string())
        .collect()
}

/// Saves a screenshot when CALYPSO_SCREENSHOTS names a folder (to look at the pages).
async fn shot(c: &Client, name: &str) {
    if let Ok(dir) = std::env::var("CALYPSO_SCREENSHOTS") {
        let png = c.screenshot().await.unwrap();
        std::fs::write(Path::new(&dir).join(format!("{name}.png")), png).unwrap();
    }
}

/// No page of the site scrolls sideways on a 390 px phone, even with a 120-character name
/// without spaces in it (and a long club name, player name and email).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_page_scrolls_sideways_on_a_phone() {
    let app = spawn_app().await;
    let long_event = "W".repeat(120);
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    // Long names where the site shows them.
    let mut fields = event_fields(&long_event);
    fields[3] = ("variant", "split-partnership-3");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let event = location(&r);
    let r = d
        .post(
            "/c/alpha/players",
            "/c/alpha/players",
            &[("name", &"P".repeat(100)), ("membership_number", "M-1")],
        )
        .await;
    assert_eq!(r.status(), reqwest::StatusCode::SEE_OTHER);
    let long_email = format!("{}@example.org", "d".repeat(60));
    d.post(
        "/c/alpha/directors",
        "/c/alpha/invites",
        &[("email", &long_email)],
    )
    .await;
    let r = d
        .post(
            "/c/alpha/tokens",
            "/c/alpha/tokens",
            &[("name", &"T".repeat(60))],
        )
        .await;
    assert_eq!(r.status(), reqwest::StatusCode::OK);
    // Ten pairs and the movement, so its grid and itineraries are on the page.
    let entries = format!("{event}/entries");
    for n in 1..=10 {
        let (a, b) = (format!("Player {n}a"), format!("Player {n}b"));
        d.post(&entries, &entries, &[("guest_1", &a), ("guest_2", &b)])
            .await;
    }
    let movement = format!("{event}/movement");
    let r = d.post(&movement, &movement, &[("rounds", "4")]).await;
    assert_eq!(r.status(), reqwest::StatusCode::SEE_OTHER);
    let player = with_conn(&app, |c| {
        calypso_director::db::clubs::players_of(c, app.club_id("alpha"), false).unwrap()[0].id
    });
    let setup = app.setup_path();

    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(390, 844).await.unwrap();
    // Logged out first: the public pages.
    c.goto(&format!("{}/login", app.address)).await.unwrap();
    let (viewport, _) = widths(&c).await;
    assert!(
        (360..=400).contains(&viewport),
        "the browser really is phone-sized: {viewport}"
    );
    let public_pages = ["/", "/login", setup.as_str(), "/docs/api"];
    for path in public_pages {
        c.goto(&format!("{}{path}", app.address)).await.unwrap();
        let (v, content) = widths(&c).await;
        assert!(
            content <= v,
            "{path} is {content} px wide on a {v} px phone"
        );
    }
    // Log in, then every director page.
    log_in_to_alpha(&c, &app).await;
    let pages = [
        "/c/alpha".to_string(),
        "/c/alpha/events".into(),
        "/c/alpha/events/new".into(),
        event.clone(),
        format!("{event}/edit"),
        format!("{event}/entries"),
        format!("{event}/movement"),
        format!("{event}/rounds"),
        "/c/alpha/players".into(),
        format!("/c/alpha/players/{player}/edit"),
        "/c/alpha/directors".into(),
        "/c/alpha/tokens".into(),
        "/c/alpha/settings".into(),
        "/docs/api".into(),
        "/nowhere".into(),
    ];
    for (i, path) in pages.iter().enumerate() {
        c.goto(&format!("{}{path}", app.address)).await.unwrap();
        let (v, content) = widths(&c).await;
        shot(&c, &format!("phone-{i:02}")).await;
        assert!(
            content <= v,
            "{path} is {content} px wide on a {v} px phone"
        );
        // Wide tables become stacked rows on a phone: nothing hides behind a sideways scroll.
        let hidden = scrolled_tables(&c).await;
        assert!(
            hidden.is_empty(),
            "{path}: tables scroll sideways: {hidden:?}"
        );
    }
    // The same pages on a desktop screen.
    c.set_window_size(1280, 900).await.unwrap();
    for (i, path) in pages.iter().enumerate() {
        c.goto(&format!("{}{path}", app.address)).await.unwrap();
        let (v, content) = widths(&c).await;
        shot(&c, &format!("desktop-{i:02}")).await;
        assert!(
            content <= v,
            "{path} is {content} px wide on a {v} px screen"
        );
    }
    c.set_window_size(390, 844).await.unwrap();
    // A page reached by a form: the confirmation before deleting the draft.
    c.goto(&format!("{}{event}", app.address)).await.unwrap();
    c.find(Locator::XPath("//button[normalize-space()='Delete draft']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(&c, "/delete", "No, go back").await;
    let (v, content) = widths(&c).await;
    shot(&c, "phone-confirm").await;
    assert!(content <= v, "the confirmation is {content} px wide");
    // The header's menu stays within two lines under the brand.
    let h = c
        .execute(
            "return document.querySelector('header.top nav.menu').getBoundingClientRect().height;",
            vec![],
        )
        .await
        .unwrap()
        .as_f64()
        .unwrap();
    assert!(h < 60.0, "the menu is {h} px tall on a phone");
    c.close().await.unwrap();
}

/// The director opens the movement page in the browser, follows its table-cards link with
/// the browser's own login, and a code printed on the card opens that table's page (a
/// player's phone after scanning the QR code).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_director_opens_a_table_card_and_its_code_opens_the_table() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let mut fields = event_fields("Card Night");
    fields[4] = ("tables", "3");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let event = location(&r);
    let entries = format!("{event}/entries");
    enter_pairs(&d, &entries, 6, "Ann", "Bob").await;
    let movement = format!("{event}/movement");
    let r = d.post(&movement, &movement, &[("rounds", "3")]).await;
    assert_eq!(r.status(), reqwest::StatusCode::SEE_OTHER);

    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(1280, 900).await.unwrap();
    log_in_to_alpha(&c, &app).await;
    c.goto(&format!("{}{movement}", app.address)).await.unwrap();
    wait_for(&c, "/movement", "Where do I go?").await;
    let link = c
        .find(Locator::LinkText("Table cards (PDF)"))
        .await
        .expect("the movement page links the table cards");
    let href = link.attr("href").await.unwrap().unwrap();
    // The browser fetches the card as a click would, with its session cookie.
    let got = c
        .execute_async(
            "const [href, done] = arguments;
             fetch(href).then(r => r.arrayBuffer().then(b =>
                 done([r.status, r.headers.get('content-type'), Array.from(new Uint8Array(b))])));",
            vec![serde_json::json!(href)],
        )
        .await
        .unwrap();
    let got = got.as_array().unwrap();
    assert_eq!(got[0], 200, "{got:?}");
    assert_eq!(got[1], "application/pdf");
    let bytes: Vec<u8> = got[2]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_u64().unwrap() as u8)
        .collect();
    assert!(bytes.starts_with(b"%PDF"));
    let text = pdf_text(&bytes);
    assert_eq!(
        text.matches('\u{c}').count(),
        3,
        "one page per table: {text}"
    );
    // The code printed on table 2's card, opened on a phone.
    let card_2 = text.split('\u{c}').nth(1).unwrap();
    let code = card_2
        .split_whitespace()
        .find(|w| {
            w.len() == 8
                && w.chars().any(|ch| ch.is_ascii_uppercase())
                && w.chars()
                    .all(|ch| ch.is_ascii_uppercase() || ch.is_ascii_digit())
        })
        .unwrap_or_else(|| panic!("a table code on the card: {card_2}"));
    c.set_window_size(390, 844).await.unwrap();
    c.goto(&format!("{}/t/{code}", app.address)).await.unwrap();
    let page = wait_for(&c, &format!("/t/{code}"), "Table 2").await;
    assert!(page.contains("Card Night"), "{page}");
    let (v, content) = widths(&c).await;
    shot(&c, "phone-table").await;
    assert!(content <= v, "the table page is {content} px wide");

    // Running, with a withdrawal and a change: the pages with the late-entry, withdrawal and
    // change forms and the record of changes fit a phone too.
    move_event(&d, &event, &TO_RUNNING).await;
    let rounds = format!("{event}/rounds");
    d.post(&rounds, &rounds, &[("round", "1")]).await;
    let third = with_conn(&app, |conn| {
        let club = app.club_id("alpha");
        let id = id_from_location(&event);
        calypso_director::db::entries::entries_of(conn, club, id).unwrap()[2].id
    });
    let r = d
        .post(
            &entries,
            &format!("{entries}/withdraw"),
            &[
                ("entry", &third.get().to_string()),
                (
                    "reason",
                    "a long reason: the pair had to leave to catch the last ferry home",
                ),
            ],
        )
        .await;
    assert_eq!(r.status(), reqwest::StatusCode::SEE_OTHER);
    for (w, h, name) in [(390, 844, "phone"), (1280, 900, "desktop")] {
        c.set_window_size(w, h).await.unwrap();
        for (path, words, what) in [
            (&entries, "A withdrawal", "entries-running"),
            (&movement, "Change the movement", "movement-running"),
        ] {
            c.goto(&format!("{}{path}", app.address)).await.unwrap();
            wait_for(&c, path, words).await;
            let (v, content) = widths(&c).await;
            shot(&c, &format!("{name}-{what}")).await;
            assert!(content <= v, "{path} is {content} px wide at {v} px");
            c.execute("window.scrollTo(0, document.body.scrollHeight);", vec![])
                .await
                .unwrap();
            shot(&c, &format!("{name}-{what}-end")).await;
        }
    }
    c.close().await.unwrap();
}

/// The progressive individual's pages (its options, round control with the next round's
/// seating, a table with a side of three) fit a phone and a desktop.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_progressive_individual_pages_fit_a_phone() {
    use calypso_director::db::results::PlayedAt;
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let mut fields = event_fields("Individual Night");
    fields[2] = ("format", "progressive-individual");
    fields[4] = ("tables", "3");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let event = location(&r);
    let id = id_from_location(&event);
    let entries = format!("{event}/entries");
    for n in 1..=13 {
        let name = format!("Player Number {n} With A Longer Name");
        let r = d.post(&entries, &entries, &[("guest_1", &name)]).await;
        assert_eq!(r.status(), reqwest::StatusCode::SEE_OTHER);
    }
    let individual = format!("{event}/individual");
    let r = d
        .post(
            &individual,
            &individual,
            &[("rounds", "3"), ("table_sizes", "")],
        )
        .await;
    assert_eq!(r.status(), reqwest::StatusCode::SEE_OTHER);
    move_event(&d, &event, &TO_RUNNING).await;
    let rounds = format!("{event}/rounds");
    let r = d.post(&rounds, &rounds, &[("round", "1")]).await;
    assert_eq!(r.status(), reqwest::StatusCode::SEE_OTHER);
    // Every table reports, so round control shows round 2's seating.
    for table in 1..=3u32 {
        let at = PlayedAt {
            round: 1,
            table_number: table as i32,
            board: calypso_director::movement::progressive_board(3, 1, table) as i32,
            majors_entry: None,
            minors_entry: None,
        };
        store_result(&app, id, at, (120 + table as i32, 100));
    }
    let (_, body) = d.get_text(&rounds).await;
    let codes: Vec<String> = body
        .match_indices("href=\"/t/")
        .map(|(i, _)| body[i + 6..].chars().take_while(|c| *c != '"').collect())
        .collect();
    assert_eq!(codes.len(), 3, "{body}");

    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    log_in_to_alpha(&c, &app).await;
    let pages = [
        (individual.clone(), "individual"),
        (rounds.clone(), "individual-rounds"),
        (codes[0].clone(), "individual-table-1"),
        (codes[1].clone(), "individual-table-2"),
        (codes[2].clone(), "individual-table-3"),
    ];
    for (w, h, name) in [(390, 844, "phone"), (1280, 900, "desktop")] {
        c.set_window_size(w, h).await.unwrap();
        for (path, what) in &pages {
            c.goto(&format!("{}{path}", app.address)).await.unwrap();
            let (v, content) = widths(&c).await;
            shot(&c, &format!("{name}-{what}")).await;
            assert!(content <= v, "{path} is {content} px wide at {v} px");
            c.execute("window.scrollTo(0, document.body.scrollHeight);", vec![])
                .await
                .unwrap();
            shot(&c, &format!("{name}-{what}-end")).await;
        }
    }
    c.close().await.unwrap();
}

/// A running two-table Mitchell of four pairs of club alpha named `name`, round 1 started:
/// the event's id and table 1's code.
async fn two_tables_playing(
    app: &TestApp,
    name: &str,
) -> (calypso_director::event::EventId, String) {
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (_, id, codes) = two_tables_running(app, &d, name, ("Ann", "Bob")).await;
    (id, codes[0].1.clone())
}

/// A phone at the table (390 px, no login): opens the table's link, enters a result with a
/// wrong trick-pile count and sees the engine's message beside the line with what was typed
/// kept, reloads mid-entry without losing the form, fixes the count, and the minors agree.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_enters_a_result_on_a_phone_and_the_minors_agree() {
    let app = spawn_app().await;
    let (id, code) = two_tables_playing(&app, "Phone Night").await;

    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(390, 844).await.unwrap();
    let path = format!("/t/{code}");
    c.goto(&format!("{}{path}", app.address)).await.unwrap();
    wait_for(&c, &path, "Check and enter the result").await;
    let (v, content) = widths(&c).await;
    assert!(content <= v, "the result form is {content} px wide");
    shot(&c, "phone-table-form").await;
    if std::env::var("CALYPSO_SCREENSHOTS").is_ok() {
        // The whole form at once, to look at the rank buttons.
        c.set_window_size(390, 2300).await.unwrap();
        shot(&c, "phone-table-form-whole").await;
        c.set_window_size(390, 844).await.unwrap();
    }

    // North has one calypso and 2, 5 of spades in progress (tapped); the rest in the piles.
    fill(&c, "#calypsos_N_1", "1").await;
    for rank in ["2", "5"] {
        c.find(Locator::Css(&format!(
            "label.rank:has(input[name=ranks_N][value=\"{rank}\"])"
        )))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    }
    fill(&c, "#piles_NS_1", "80").await;
    // The phone locks and the page reloads mid-entry: nothing typed is lost.
    c.refresh().await.unwrap();
    wait_for(&c, &path, "Check and enter the result").await;
    let kept = c
        .execute(
            "return [document.querySelector('#calypsos_N_1').value, \
             document.querySelectorAll('input[name=ranks_N]:checked').length, \
             document.querySelector('#piles_NS_1').value];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(kept, serde_json::json!(["1", 2, "80"]));
    // EW's pile left at 100: 13 + 2 + 80 + 100 = 195, not 208.
    fill(&c, "#piles_EW_1", "100").await;
    submit(&c, "form.score-form").await;
    // The refusal is the answer to the form's post, at its address.
    let sent = format!("{path}/result");
    let page = wait_for(&c, &sent, "the cards add up to 195, a game has 208").await;
    assert!(page.contains("value=\"100\""), "the count typed is kept");
    let (v, content) = widths(&c).await;
    assert!(content <= v, "the form with problems is {content} px wide");
    shot(&c, "phone-table-problem").await;

    // 13 + 2 + 80 = 95 for N-S: not whole tricks; 81 + 15 = 96 is, and E-W 112 makes 208.
    fill(&c, "#piles_NS_1", "81").await;
    fill(&c, "#piles_EW_1", "112").await;
    submit(&c, "form.score-form").await;
    // N-S: 500 + 2 x 20 + 810 = 1350; E-W: 1120.
    let page = wait_for(&c, &path, ": agree</button>").await;
    assert!(page.contains("1350") && page.contains("1120"), "{page}");
    shot(&c, "phone-table-provisional").await;
    c.find(Locator::Css("button[value=agree]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(&c, &path, "Both sides agree").await;
    shot(&c, "phone-table-confirmed").await;
    let saved = with_conn(&app, |conn| {
        calypso_director::db::results::results_of(conn, app.club_id("alpha"), id).unwrap()
    });
    assert_eq!(saved.len(), 1);
    assert_eq!(
        (
            saved[0].values.scores.majors,
            saved[0].values.scores.minors,
            saved[0].values.status.name()
        ),
        (1350, 1120, "confirmed")
    );
    // The saved copy of the form is gone with the form.
    let left = c
        .execute("return window.localStorage.length;", vec![])
        .await
        .unwrap();
    assert_eq!(left, serde_json::json!(0));
    c.set_window_size(1280, 900).await.unwrap();
    shot(&c, "desktop-table-confirmed").await;
    c.close().await.unwrap();
}

/// The director's result grid, a result with its audit trail and the ruling page for a board
/// with no result fit a phone and a desktop screen, and a ruling made in the browser lands in
/// the audit trail.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_directors_result_pages_fit_a_phone_and_a_ruling_is_kept() {
    use calypso_director::event::results::ResultStatus;
    use common::evening::*;
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let e = mitchell(api_for(&app, &d, "alpha").await).await;
    let id: calypso_director::event::EventId =
        e.path.trim_start_matches("/events/").parse().unwrap();
    let started = e.start_round(1).await;
    let tables = started["tables"].as_array().unwrap().clone();
    let (t1, b1) = place(&tables[0]);
    let report = Report::new(&e.deals(b1), 4, [1, 0, 0, 2], [2, 3, 1, 4]);
    let (s, v) = e.api.post(&e.results(), report.body(1, t1, b1)).await;
    assert_eq!(s, reqwest::StatusCode::CREATED, "{v}");
    table_result(&app, id, &tables[1], ResultStatus::Provisional);
    let disputed = table_result(&app, id, &tables[2], ResultStatus::Disputed);
    let event = format!("/c/alpha/events/{id}");
    let (t4, b4) = place(&tables[3]);
    let pages = [
        (
            "results-grid",
            format!("{event}/results"),
            "N-S ♠♥ v E-W ♦♣",
        ),
        (
            "result",
            format!("{event}/results/{}", disputed.id),
            "Audit trail",
        ),
        (
            "ruling",
            format!("{event}/results/board?round=1&table={t4}&board={b4}"),
            "Record the ruling",
        ),
        (
            "correct",
            format!("{event}/results/{}/correct", v["id"]),
            "Check and correct the result",
        ),
    ];

    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    log_in_to_alpha(&c, &app).await;
    for (w, h, size) in [(390, 844, "phone"), (1280, 900, "desktop")] {
        c.set_window_size(w, h).await.unwrap();
        for (name, path, text) in &pages {
            c.goto(&format!("{}{path}", app.address)).await.unwrap();
            let path_end = path.split('?').next().unwrap();
            wait_for(&c, path_end, text).await;
            let (v, content) = widths(&c).await;
            shot(&c, &format!("{size}-{name}")).await;
            if content > v {
                let wide = c.execute("return Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > window.innerWidth).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join(' | ');", vec![]).await.unwrap();
                eprintln!("WIDE: {wide}");
            }
            assert!(
                content <= v,
                "{path} is {content} px wide on a {v} px screen"
            );
            let hidden = scrolled_tables(&c).await;
            assert!(
                hidden.is_empty(),
                "{path} at {w} px: tables scroll sideways: {hidden:?}"
            );
            whole_page_shot(&c, &format!("{size}-{name}-whole"), w).await;
        }
    }

    // On the phone: the late minors pair, ruled on the board with no result.
    c.set_window_size(390, 844).await.unwrap();
    let (_, path, _) = &pages[2];
    c.goto(&format!("{}{path}", app.address)).await.unwrap();
    wait_for(&c, "/results/board", "Record the ruling").await;
    c.find(Locator::Css("#ruling option[value=late-minors]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    fill(&c, "#reason", "pair arrived at 20:10").await;
    submit(&c, "form.card").await;
    let html = wait_for(&c, "", "Audit trail").await;
    assert!(html.contains("not played; majors ave+ (60%), minors ave- (40%)"));
    assert!(html.contains("pair arrived at 20:10"));
    shot(&c, "phone-result-ruled").await;
    c.close().await.unwrap();
}

/// The public event page's results (two rounds of a three-table Mitchell with long names, a
/// ruling and a disputed result, in the correction period) fit a phone and a desktop, their
/// tables without a sideways scroll of their own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_public_results_fit_a_phone() {
    use calypso_director::db;
    use calypso_director::event::results::{Adjusted, BoardOutcome, ResultStatus};
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let mut fields = event_fields("Harbour Winter Pairs");
    fields[4] = ("tables", "3");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let event = location(&r);
    let id = id_from_location(&event);
    enter_pairs(
        &d,
        &format!("{event}/entries"),
        6,
        "Annabel Longname-Smythe",
        "Bartholomew Quarterdeck",
    )
    .await;
    let movement = format!("{event}/movement");
    let r = d.post(&movement, &movement, &[("rounds", "2")]).await;
    assert_eq!(r.status(), reqwest::StatusCode::SEE_OTHER);
    move_event(&d, &event, &TO_RUNNING).await;
    let rounds = format!("{event}/rounds");
    let club = app.club_id("alpha");
    let (m, entries) = with_conn(&app, |c| {
        (
            db::movements::movement_of(c, club, id).unwrap().unwrap().1,
            db::entries::entries_of(c, club, id).unwrap(),
        )
    });
    let entry = |n: Option<u32>| {
        n.and_then(|n| entries.iter().find(|e| e.number == n as i32))
            .map(|e| e.id)
    };
    let mut stored = vec![];
    for round in 1..=2u32 {
        let r = d
            .post(&rounds, &rounds, &[("round", &round.to_string())])
            .await;
        assert_eq!(r.status(), reqwest::StatusCode::SEE_OTHER);
        for s in m.round(round).filter(|s| s.has_game()) {
            let at = db::results::PlayedAt {
                round: round as i32,
                table_number: s.table as i32,
                board: s.boards[0] as i32,
                majors_entry: entry(s.majors),
                minors_entry: entry(s.minors),
            };
            stored.push(store_result(&app, id, at, (1250 * s.table as i32, 500)));
        }
    }
    with_conn(&app, |c| {
        let change = |c: &mut _,
                      r: &calypso_director::event::results::TableResult,
                      f: &dyn Fn(
            calypso_director::event::results::ResultValues,
        ) -> calypso_director::event::results::ResultValues| {
            db::results::change_result(c, club, id, r.id, "test", Some("ruling"), |r| {
                Ok::<_, ()>(f(r.values.clone()))
            })
            .unwrap()
            .unwrap()
            .unwrap();
        };
        change(c, &stored[1], &|v| {
            calypso_director::event::results::ResultValues {
                outcome: BoardOutcome::NotPlayed,
                scores: calypso_director::event::results::Sides::new(0, 0),
                adjusted: calypso_director::event::results::Sides::new(
                    Some(Adjusted::AvePlus),
                    Some(Adjusted::Percent(40.0)),
                ),
                ..v
            }
        });
        change(c, &stored[4], &|v| {
            calypso_director::event::results::ResultValues {
                status: ResultStatus::Disputed,
                ..v
            }
        });
    });
    move_event(&d, &event, &[("running", "finished")]).await;

    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    for (w, h, name) in [(390, 844, "phone"), (1280, 900, "desktop")] {
        c.set_window_size(w, h).await.unwrap();
        c.goto(&format!("{}{event}", app.address)).await.unwrap();
        let source = c.source().await.unwrap();
        assert!(source.contains("the correction period ends at"), "{source}");
        let (v, content) = widths(&c).await;
        c.execute(
            "document.getElementById('results').scrollIntoView();",
            vec![],
        )
        .await
        .unwrap();
        shot(&c, &format!("{name}-public-results")).await;
        c.execute(
            "document.querySelector('.card.results').lastElementChild.scrollIntoView({block: 'end'});",
            vec![],
        )
        .await
        .unwrap();
        shot(&c, &format!("{name}-public-results-end")).await;
        assert!(
            content <= v,
            "the event page is {content} px wide at {v} px"
        );
        let overflow = c
            .execute(
                "return [...document.querySelectorAll('.results .table-wrap')].map(e => e.scrollWidth - e.clientWidth);",
                vec![],
            )
            .await
            .unwrap();
        let overflow: Vec<i64> = overflow
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_i64().unwrap())
            .collect();
        assert_eq!(
            overflow,
            [0, 0],
            "a results table scrolls sideways at {v} px"
        );
    }
    // The period over (moved back through the database): final, on a phone.
    with_conn(&app, |c| {
        use calypso_director::db::schema::events;
        use diesel::prelude::*;
        let past = db::now() - chrono::Duration::hours(1);
        diesel::update(events::table.find(id.get()))
            .set(events::finished_at.eq(Some(past)))
            .execute(c)
            .unwrap();
    });
    c.set_window_size(390, 844).await.unwrap();
    c.goto(&format!("{}{event}", app.address)).await.unwrap();
    assert!(c.source().await.unwrap().contains("Results are final"));
    c.execute(
        "document.getElementById('results').scrollIntoView();",
        vec![],
    )
    .await
    .unwrap();
    shot(&c, "phone-public-results-final").await;
    let (v, content) = widths(&c).await;
    assert!(
        content <= v,
        "the event page is {content} px wide at {v} px"
    );
    c.close().await.unwrap();
}

/// Is the element at `css` shown (not inside something hidden)?
async fn shown(c: &Client, css: &str) -> bool {
    c.execute(
        "const e = document.querySelector(arguments[0]); return !!e && e.getClientRects().length > 0;",
        vec![serde_json::json!(css)],
    )
    .await
    .unwrap()
    .as_bool()
    .unwrap()
}

/// Taps a rank button of a player's calypso in progress (`name` is its field's name).
async fn tap(c: &Client, name: &str, rank: char) {
    c.find(Locator::Css(&format!(
        "label.rank:has(input[name={name}][value=\"{rank}\"])"
    )))
    .await
    .unwrap_or_else(|_| panic!("no {rank} button for {name}"))
    .click()
    .await
    .unwrap();
}

/// A screenshot of the whole page at the window's width (to look at a long form at once).
async fn whole_page_shot(c: &Client, name: &str, width: u32) {
    if std::env::var("CALYPSO_SCREENSHOTS").is_err() {
        return;
    }
    let h = c
        .execute("return document.documentElement.scrollHeight;", vec![])
        .await
        .unwrap()
        .as_u64()
        .unwrap();
    c.set_window_size(width, (h as u32 + 120).min(16000))
        .await
        .unwrap();
    shot(c, name).await;
}

/// Opens the table page at `path` and reads its board; the game the deal-by-deal tests
/// enter on it: the same cards in progress throughout (dealt in deal 1), North completes a
/// calypso in deal 4, no revokes.
async fn deal_by_deal_game(
    c: &Client,
    app: &TestApp,
    id: calypso_director::event::EventId,
    path: &str,
) -> (u32, calypso_director::engine::GameSpec, Vec<GameLine>) {
    c.goto(&format!("{}{path}", app.address)).await.unwrap();
    let page = wait_for(c, path, "Check and enter the result").await;
    let i = page.find("name=\"board\" value=\"").unwrap() + 20;
    let board: u32 = page[i..].split('"').next().unwrap().parse().unwrap();
    let (spec, deals) = board_as_dealt(app, "alpha", id, board);
    let lines = (1..=4)
        .map(|k| GameLine::new(&spec, &deals, k, [(k == 4) as i64, 0, 0, 0], [1, 2, 1, 2]))
        .collect();
    (board, spec, lines)
}

/// A phone at the table (390 px) enters the game deal by deal: chooses the way, taps each
/// deal's cards (deals 2 to 4 start from the deal before's), reloads mid-entry without losing
/// anything, sees the engine's problem beside the deal it is about, fixes it, and the result
/// is saved with the scores of the last deal's line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_enters_a_result_deal_by_deal_on_a_phone() {
    let app = spawn_app().await;
    let (id, code) = two_tables_playing(&app, "Deal Night").await;

    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(390, 844).await.unwrap();
    let path = format!("/t/{code}");
    let (board, _, lines) = deal_by_deal_game(&c, &app, id, &path).await;

    // The whole game shows first; the play record, or deal by deal, shows instead.
    assert!(shown(&c, &format!("#calypsos_N_{board}")).await);
    assert!(!shown(&c, &format!("#d1_calypsos_N_{board}")).await);
    assert!(!shown(&c, &format!("#record_{board}")).await);
    c.find(Locator::Css("label:has(input[name=mode][value=record])"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert!(shown(&c, &format!("#record_{board}")).await);
    assert!(!shown(&c, &format!("#calypsos_N_{board}")).await);
    shot(&c, "phone-table-record").await;
    c.find(Locator::Css("label:has(input[name=mode][value=deals])"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert!(shown(&c, &format!("#d1_calypsos_N_{board}")).await);
    assert!(shown(&c, &format!("#d4_piles_EW_{board}")).await);
    assert!(!shown(&c, &format!("#calypsos_N_{board}")).await);
    assert!(!shown(&c, &format!("#record_{board}")).await);
    assert!(
        !shown(&c, &format!("#board-{board}-deal-1 button.copy-deal")).await,
        "deal 1 has no deal before it"
    );
    shot(&c, "phone-table-deals").await;

    let seats = ["N", "E", "S", "W"];
    // Deal 1: the cards tapped, the piles typed.
    for (s, seat) in seats.iter().enumerate() {
        for &r in &lines[0].ranks[s] {
            tap(&c, &format!("d1_ranks_{seat}"), r).await;
        }
    }
    fill(
        &c,
        &format!("#d1_piles_NS_{board}"),
        &lines[0].piles[0].to_string(),
    )
    .await;
    fill(
        &c,
        &format!("#d1_piles_EW_{board}"),
        &lines[0].piles[1].to_string(),
    )
    .await;
    // Deal 2 starts from deal 1's cards.
    c.find(Locator::Css(&format!(
        "#board-{board}-deal-2 button.copy-deal"
    )))
    .await
    .unwrap()
    .click()
    .await
    .unwrap();
    fill(
        &c,
        &format!("#d2_piles_NS_{board}"),
        &lines[1].piles[0].to_string(),
    )
    .await;
    fill(
        &c,
        &format!("#d2_piles_EW_{board}"),
        &lines[1].piles[1].to_string(),
    )
    .await;

    // The phone locks and the page reloads after deal 2: the way and both deals are kept.
    c.refresh().await.unwrap();
    wait_for(&c, &path, "Check and enter the result").await;
    let kept = c
        .execute(
            "return [document.querySelector('input[name=mode]:checked').value, \
             document.querySelectorAll('input[name^=d1_ranks_]:checked').length, \
             document.querySelectorAll('input[name^=d2_ranks_]:checked').length, \
             document.querySelector('input[name=d2_piles_EW]').value];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        kept,
        serde_json::json!(["deals", 6, 6, lines[1].piles[1].to_string()])
    );
    assert!(shown(&c, &format!("#d2_piles_EW_{board}")).await);

    // Deals 3 and 4 from the deal before; North's calypso completed in deal 4. Deal 3's
    // N-S pile typed smaller than deal 2's by mistake.
    for k in [3usize, 4] {
        c.find(Locator::Css(&format!(
            "#board-{board}-deal-{k} button.copy-deal"
        )))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
        let l = &lines[k - 1];
        fill(
            &c,
            &format!("#d{k}_piles_NS_{board}"),
            &l.piles[0].to_string(),
        )
        .await;
        fill(
            &c,
            &format!("#d{k}_piles_EW_{board}"),
            &l.piles[1].to_string(),
        )
        .await;
    }
    fill(&c, &format!("#d4_calypsos_N_{board}"), "1").await;
    let wrong = lines[1].piles[0] - 4;
    fill(&c, &format!("#d3_piles_NS_{board}"), &wrong.to_string()).await;
    fill(
        &c,
        &format!("#d3_piles_EW_{board}"),
        &(lines[2].piles[0] + lines[2].piles[1] - wrong).to_string(),
    )
    .await;
    let (v, content) = widths(&c).await;
    assert!(content <= v, "the deal-by-deal form is {content} px wide");
    whole_page_shot(&c, "phone-table-deals-filled", 390).await;
    c.set_window_size(1280, 900).await.unwrap();
    let (v, content) = widths(&c).await;
    assert!(content <= v, "the deal-by-deal form is {content} px wide");
    whole_page_shot(&c, "desktop-table-deals-filled", 1280).await;
    c.set_window_size(390, 844).await.unwrap();

    submit(&c, "form.score-form").await;
    let sent = format!("{path}/result");
    wait_for(&c, &sent, "fewer than the").await;
    // The problem is beside deal 3's piles, the way still deal by deal, nothing lost.
    let beside = c
        .execute(
            "const d = document.getElementById(arguments[0]); \
             return [Array.from(d.querySelectorAll('.field-error')).map(e => e.textContent), \
                     document.querySelector('input[name=mode]:checked').value, \
                     document.querySelectorAll('input[name^=d4_ranks_]:checked').length, \
                     document.querySelector('input[name=d4_calypsos_N]').value];",
            vec![serde_json::json!(format!("board-{board}-deal-3"))],
        )
        .await
        .unwrap();
    assert_eq!(
        beside,
        serde_json::json!([
            [format!(
                "after deal 3: N-S ♠♥'s trick pile has {wrong} cards, fewer than the {} after deal 2",
                lines[1].piles[0]
            )],
            "deals",
            6,
            "1"
        ])
    );
    // Above the long form, a link to the deal with the note.
    shot(&c, "phone-table-deals-problem-top").await;
    c.find(Locator::Css("p.jump a"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let (v, content) = widths(&c).await;
    assert!(content <= v, "the form with problems is {content} px wide");
    let url = c.current_url().await.unwrap();
    assert_eq!(url.fragment(), Some(format!("d3_piles_{board}").as_str()));
    shot(&c, "phone-table-deals-problem").await;

    fill(
        &c,
        &format!("#d3_piles_NS_{board}"),
        &lines[2].piles[0].to_string(),
    )
    .await;
    fill(
        &c,
        &format!("#d3_piles_EW_{board}"),
        &lines[2].piles[1].to_string(),
    )
    .await;
    submit(&c, "form.score-form").await;
    let page = wait_for(&c, &path, ": agree</button>").await;
    let (majors, minors) = lines[3].scores([0, 0]);
    assert!(
        page.contains(&majors.to_string()) && page.contains(&minors.to_string()),
        "{page}"
    );
    shot(&c, "phone-table-deals-provisional").await;
    let saved = with_conn(&app, |conn| {
        calypso_director::db::results::results_of(conn, app.club_id("alpha"), id).unwrap()
    });
    assert_eq!(saved.len(), 1);
    assert_eq!(
        (
            i64::from(saved[0].values.scores.majors),
            i64::from(saved[0].values.scores.minors)
        ),
        (majors, minors)
    );
    let sheet = saved[0].values.report.json().clone();
    assert_eq!(sheet["deals"].as_array().unwrap().len(), 4);
    let left = c
        .execute("return window.localStorage.length;", vec![])
        .await
        .unwrap();
    assert_eq!(left, serde_json::json!(0));
    c.close().await.unwrap();
}

/// A released board on a phone and on a desktop: no sideways scroll, hearts and diamonds
/// red, the four deals stacked on the phone, the traveller beside the hands on the desktop
/// and below them on the phone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_released_board_reads_like_a_hand_record_on_a_phone() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (event, _, stored) = finished_evening(&app, &d).await;
    let r = d
        .post(&event, &format!("{event}/release"), &[("confirm", "yes")])
        .await;
    assert_eq!(r.status(), reqwest::StatusCode::SEE_OTHER);
    let board = format!("{event}/boards/{}", stored[0].place.board);

    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    // What the page measures: the boxes of deal 1, deal 2 and the traveller (left, top).
    let boxes = "return ['#deal-1', '#deal-2', '#traveller'].map(s => { \
                 const r = document.querySelector(s).getBoundingClientRect(); \
                 return [Math.round(r.left), Math.round(r.top + window.scrollY)]; });";
    let colour = "return [...document.querySelectorAll('#deal-1-N li')].map(li => \
                  getComputedStyle(li.querySelector('.suit')).color);";
    for (w, h, name) in [
        (390, 844, "phone"),
        (1024, 768, "laptop"),
        (1280, 900, "desktop"),
    ] {
        c.set_window_size(w, h).await.unwrap();
        c.goto(&format!("{}{board}", app.address)).await.unwrap();
        let (v, content) = widths(&c).await;
        // The traveller stays inside its card: no column spills out of it (#21: at 1024 and
        // 1280 px its MP column ran past the card's edge).
        let spill = c
            .execute(
                "const card = document.querySelector('#traveller'); const t = card.querySelector('table'); \
                 return t ? Math.round(t.getBoundingClientRect().right - card.getBoundingClientRect().right) : 0;",
                vec![],
            )
            .await
            .unwrap();
        assert!(
            spill.as_i64().unwrap() <= 0,
            "the traveller's table runs {spill} px past its card at {w} px"
        );
        shot(&c, &format!("{name}-board")).await;
        whole_page_shot(&c, &format!("{name}-board-whole"), w).await;
        c.set_window_size(w, h).await.unwrap();
        assert!(content <= v, "the board is {content} px wide at {v} px");
        let colours = c.execute(colour, vec![]).await.unwrap();
        let colours: Vec<&str> = colours
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap())
            .collect();
        // ♠ ♥ ♦ ♣: the stylesheet's red suit colour, #c0282d, for the red suits only.
        let red = "rgb(192, 40, 45)";
        assert_eq!(colours.len(), 4, "{colours:?}");
        assert!(colours[1] == red && colours[2] == red, "{colours:?}");
        assert!(colours[0] != red && colours[3] != red, "{colours:?}");
        // A suit of up to nine cards reads on one line (a longer one may wrap in a narrow
        // column).
        let wrapped = c
            .execute(
                "return [...document.querySelectorAll('ul.suits li > span:last-child')].filter(e => \
                 e.textContent.length <= 9 && e.getBoundingClientRect().height > \
                 1.5 * parseFloat(getComputedStyle(e).lineHeight)).map(e => e.textContent);",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(wrapped, serde_json::json!([]), "suits wrapped at {v} px");
        let b = c.execute(boxes, vec![]).await.unwrap();
        let at = |i: usize, k: usize| b[i][k].as_i64().unwrap();
        if name == "phone" {
            assert_eq!(at(0, 0), at(1, 0), "the deals are stacked: {b}");
            assert!(at(1, 1) > at(0, 1), "{b}");
            assert!(at(2, 1) > at(1, 1), "the traveller below the deals: {b}");
        } else if name == "laptop" {
            assert_eq!(at(0, 1), at(1, 1), "two deals a row: {b}");
            assert!(at(2, 1) > at(1, 1), "the traveller below the deals: {b}");
        } else {
            assert_eq!(at(0, 1), at(1, 1), "two deals a row: {b}");
            assert!(at(2, 0) > at(1, 0), "the traveller right of the deals: {b}");
        }
    }
    // The list of boards on a phone.
    c.set_window_size(390, 844).await.unwrap();
    c.goto(&format!("{}{event}/boards", app.address))
        .await
        .unwrap();
    let (v, content) = widths(&c).await;
    shot(&c, "phone-boards").await;
    assert!(
        content <= v,
        "the boards list is {content} px wide at {v} px"
    );
    c.close().await.unwrap();
}

/// A released board's robot par and each table's result against it read on a phone (390
/// px) and a desktop: the deal viewer, the travellers page and a scorecard, none scrolling
/// sideways.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_released_boards_robot_par_fits_a_phone() {
    let app = spawn_app_with_par().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (event, id, stored) = finished_evening(&app, &d).await;
    let r = d
        .post(&event, &format!("{event}/release"), &[("confirm", "yes")])
        .await;
    assert_eq!(r.status(), reqwest::StatusCode::SEE_OTHER);
    wait_for_pars(&app, id).await;
    let board = format!("{event}/boards/{}", stored[0].place.board);
    let pages = [
        (board.as_str(), "against the robots", "par-board"),
        (
            &format!("{event}/travellers"),
            "Against the robots",
            "par-travellers",
        ),
        (
            &format!("{event}/scorecards/1"),
            "against the robots over",
            "par-scorecard",
        ),
    ];
    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    for width in [390, 1280] {
        c.set_window_size(width, 900).await.unwrap();
        for (path, text, name) in &pages {
            c.goto(&format!("{}{path}", app.address)).await.unwrap();
            wait_for(&c, path, text).await;
            let (v, content) = widths(&c).await;
            let scrolled = scrolled_tables(&c).await;
            whole_page_shot(&c, &format!("{name}-{width}"), width).await;
            c.set_window_size(width, 900).await.unwrap();
            assert!(content <= v, "{path} is {content} px wide at {v} px");
            assert!(scrolled.is_empty(), "{path} at {width}: {scrolled:?}");
        }
        // The par's figures stay inside the traveller's card.
        c.goto(&format!("{}{board}", app.address)).await.unwrap();
        let spill = c
            .execute(
                "const card = document.querySelector('#traveller'); \
                 return Math.max(...[...card.querySelectorAll('#robot-par dd, .against')].map(e => \
                 Math.round(e.getBoundingClientRect().right - card.getBoundingClientRect().right)));",
                vec![],
            )
            .await
            .unwrap();
        assert!(
            spill.as_i64().unwrap() <= 0,
            "{spill} px past the card at {width}"
        );
    }
    c.close().await.unwrap();
}

/// A progressive individual's table reports its cut on a phone (390 px) and a desktop: the
/// form fits, a player chosen twice comes back with the choices kept, and the cut re-seats
/// the table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_reports_its_cut_on_a_phone() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let mut fields = event_fields("Individual Night");
    fields[2] = ("format", "progressive-individual");
    fields[4] = ("tables", "3");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let event = location(&r);
    let entries = format!("{event}/entries");
    for n in 1..=13 {
        let name = format!("Player Number {n} With A Longer Name");
        let r = d.post(&entries, &entries, &[("guest_1", &name)]).await;
        assert_eq!(r.status(), reqwest::StatusCode::SEE_OTHER);
    }
    let individual = format!("{event}/individual");
    let r = d
        .post(
            &individual,
            &individual,
            &[("rounds", "3"), ("table_sizes", "")],
        )
        .await;
    assert_eq!(r.status(), reqwest::StatusCode::SEE_OTHER);
    move_event(&d, &event, &TO_RUNNING).await;
    let rounds = format!("{event}/rounds");
    let r = d.post(&rounds, &rounds, &[("round", "1")]).await;
    assert_eq!(r.status(), reqwest::StatusCode::SEE_OTHER);
    let (_, body) = d.get_text(&rounds).await;
    let i = body
        .find("#cut\"")
        .expect("round control links the cut form");
    let start = body[..i].rfind("/t/").unwrap();
    let table_1 = body[start..i].to_string();

    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(390, 844).await.unwrap();
    c.goto(&format!("{}{table_1}", app.address)).await.unwrap();
    wait_for(&c, &table_1, "Report your cut").await;
    let (v, content) = widths(&c).await;
    assert!(content <= v, "{table_1} is {content} px wide at {v} px");
    whole_page_shot(&c, "phone-cut-form", 390).await;
    c.set_window_size(390, 844).await.unwrap();
    let choose = |order: [&'static str; 5]| {
        let c = c.clone();
        async move {
            for (i, p) in order.iter().enumerate() {
                c.find(Locator::Css(&format!("#cut_{}", i + 1)))
                    .await
                    .unwrap()
                    .select_by_value(p)
                    .await
                    .unwrap();
            }
            submit(&c, "form.cut-form").await;
        }
    };
    choose(["5", "4", "4", "2", "1"]).await;
    let page = wait_for(&c, &format!("{table_1}/cut"), "names player 4 twice").await;
    assert!(
        page.contains("<option value=\"5\" selected"),
        "choices kept"
    );
    let (v, content) = widths(&c).await;
    assert!(
        content <= v,
        "the refused form is {content} px wide at {v} px"
    );
    whole_page_shot(&c, "phone-cut-refused", 390).await;
    c.set_window_size(390, 844).await.unwrap();
    choose(["5", "4", "3", "2", "1"]).await;
    wait_for(&c, &table_1, "as the table reported it): 5, 4, 3, 2, 1.").await;
    whole_page_shot(&c, "phone-cut-reported", 390).await;
    c.set_window_size(1280, 900).await.unwrap();
    c.goto(&format!("{}{table_1}", app.address)).await.unwrap();
    let (v, content) = widths(&c).await;
    assert!(content <= v, "{content} px wide at {v} px");
    whole_page_shot(&c, "desktop-cut-form", 1280).await;
    c.close().await.unwrap();
}

/// The live standings page on a phone follows a result entered after it was opened: the
/// script swaps the new standings in without a reload. The standings, travellers and a
/// scorecard fit a phone and a desktop (tables scroll inside their own box, never the page).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_live_standings_change_without_a_reload() {
    use common::evening::*;
    let app = spawn_app().await;
    let e = mitchell(club_api(&app, "alpha", "olive@example.org").await).await;
    let id = e.path.trim_start_matches("/events/").to_string();
    let site = format!("/c/alpha/events/{id}");
    play_round(&e, 1, None).await;
    play_round(&e, 2, None).await;
    // Table 5 has not reported round 3: its board stays hidden from the public.
    let places = play_round(&e, 3, Some(5)).await;
    let (table, board) = places.iter().copied().find(|p| p.0 == 5).unwrap();

    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(390, 844).await.unwrap();
    // Table 5 still playing round 3: its pair's scorecard reads "playing" for it, never
    // "sits out".
    let card = format!("{site}/scorecards/5");
    c.goto(&format!("{}{card}", app.address)).await.unwrap();
    wait_for(&c, &card, "Running").await;
    let last = c
        .execute(
            "const rows = document.querySelectorAll('table.scorecard tbody tr'); return rows[rows.length - 1].textContent;",
            vec![],
        )
        .await
        .unwrap();
    let last = last.as_str().unwrap();
    assert!(
        last.contains("playing") && !last.contains("sits out"),
        "{last}"
    );
    let standings = format!("{site}/standings");
    c.goto(&format!("{}{standings}", app.address))
        .await
        .unwrap();
    let html = wait_for(&c, "/standings", "Provisional").await;
    // Ranked on the results so far, said as such: "Leading", never "Winner", in play.
    assert!(html.contains("After round 3 of 3"), "{html}");
    assert!(
        html.contains("Leading") && !html.contains("Winner"),
        "{html}"
    );
    let live = "return document.getElementById('live-standings').innerHTML;";
    let before = c.execute(live, vec![]).await.unwrap();
    let before = before.as_str().unwrap().to_string();
    assert!(before.contains("North 1 &amp; South 1"), "{before}");
    mark_page(&c).await;

    post_report(&e, 3, table, board).await;
    // Every pair's matchpoints as the standings now stand (the board is public now).
    let (_, st) = e.api.get(&format!("{}/standings", e.path)).await;
    let shown: Vec<String> = st["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| format!("{}/{}", figure(&r["matchpoints"]), figure(&r["max"])))
        .collect();
    let new = shown
        .iter()
        .find(|mp| !before.contains(&format!(">{mp}<")))
        .expect("the new result changes some pair's matchpoints");
    wait_for_within(
        &c,
        "/standings",
        &format!(">{new}<"),
        Duration::from_secs(15),
    )
    .await;
    let after = c.execute(live, vec![]).await.unwrap();
    let after = after.as_str().unwrap().to_string();
    assert_ne!(before, after, "the live part changed");
    for mp in &shown {
        assert!(after.contains(&format!(">{mp}<")), "{mp} in {after}");
    }
    assert_not_reloaded(
        &c,
        &standings,
        "the page swapped its part in place, it was not reloaded",
    )
    .await;

    let pages = [
        ("standings", standings.clone(), "Place"),
        ("travellers", format!("{site}/travellers"), "Board"),
        ("scorecard", format!("{site}/scorecards/1"), "Running"),
    ];
    for (w, h, size) in [(390, 844, "phone"), (1280, 900, "desktop")] {
        for (name, path, text) in &pages {
            c.set_window_size(w, h).await.unwrap();
            c.goto(&format!("{}{path}", app.address)).await.unwrap();
            wait_for(&c, path, text).await;
            let (v, content) = widths(&c).await;
            assert!(
                content <= v,
                "{path} is {content} px wide on a {v} px screen"
            );
            // Tables fit their box: nothing hides behind a sideways scroll.
            let hidden = c
                .execute(
                    "return [...document.querySelectorAll('.table-scroll')].map(e => e.scrollWidth - e.clientWidth);",
                    vec![],
                )
                .await
                .unwrap();
            assert!(
                hidden.as_array().unwrap().iter().all(|x| x == 0),
                "{path}: a table scrolls sideways in its box at {v} px: {hidden}"
            );
            // Charts take the content's width (up to 34rem) and keep their proportions.
            let charts = c
                .execute(
                    "const m = document.querySelector('main'); const inner = m.clientWidth - parseFloat(getComputedStyle(m).paddingLeft) - parseFloat(getComputedStyle(m).paddingRight); return [...document.querySelectorAll('svg.chart')].map(s => [s.getBoundingClientRect().width, inner, s.getBoundingClientRect().height]);",
                    vec![],
                )
                .await
                .unwrap();
            for chart in charts.as_array().unwrap() {
                let (cw, inner, ch) = (
                    chart[0].as_f64().unwrap(),
                    chart[1].as_f64().unwrap(),
                    chart[2].as_f64().unwrap(),
                );
                assert!(
                    cw <= inner + 0.5 && (cw >= inner - 40.0 || cw >= 540.0) && ch > 100.0,
                    "{path}: a chart is {cw}x{ch} px in {inner} px"
                );
            }
            if w == 390 {
                // Links in tables are tap targets on a phone: at least 44 px high.
                let small = c
                    .execute(
                        "return [...document.querySelectorAll('main table a')].filter(a => a.getBoundingClientRect().height < 44).map(a => a.textContent + ' ' + Math.round(a.getBoundingClientRect().height));",
                        vec![],
                    )
                    .await
                    .unwrap();
                assert_eq!(small, serde_json::json!([]), "{path}: small tap targets");
            }
            whole_page_shot(&c, &format!("{size}-{name}"), w).await;
        }
    }
    c.close().await.unwrap();
}

/// The archive, the search and a player's page at 390 px and 1280 px: nothing scrolls
/// sideways, with long names in the entries and a chart on the player's page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_archive_and_a_players_page_fit_a_phone() {
    use common::evening::played_evening;
    use serde_json::json;
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let token = new_token(&d, "alpha", "archive").await;
    let api = |t: &str| Api {
        http: reqwest::Client::new(),
        base: app.address.clone(),
        token: t.to_string(),
    };
    let (s, ann) = api(&token)
        .post(
            "/players",
            json!({"name": "Annabel Longname-Smythe-Fotheringay"}),
        )
        .await;
    assert_eq!(s, reqwest::StatusCode::CREATED, "{ann}");
    let ann_id = ann["id"].as_i64().unwrap();
    for (name, date, partner) in [
        (
            "Harbour Winter Pairs Championship Qualifier",
            "2026-01-13",
            "Bartholomew Quarterdeck",
        ),
        ("Spring Pairs", "2026-03-10", "Zoë Quinn"),
        ("Summer Pairs", "2026-06-02", "Bob Hannay"),
    ] {
        played_evening(
            api(&token),
            name,
            date,
            [json!({"player_id": ann_id}), json!({"name": partner})],
        )
        .await;
    }
    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    let pages = [
        ("archive", "/c/alpha/archive".to_string()),
        (
            "player-search",
            "/c/alpha/players/search?q=long".to_string(),
        ),
        ("player", format!("/c/alpha/people/p{ann_id}")),
    ];
    for (w, h, size) in [(390, 844, "phone"), (1280, 900, "desktop")] {
        for (name, path) in &pages {
            c.set_window_size(w, h).await.unwrap();
            c.goto(&format!("{}{path}", app.address)).await.unwrap();
            let source = c.source().await.unwrap();
            assert!(
                source.contains("Annabel Longname-Smythe-Fotheringay")
                    || source.contains("Harbour Winter Pairs"),
                "{path}: {source}"
            );
            let (v, content) = widths(&c).await;
            assert!(content <= v, "{path} is {content} px wide at {v} px");
            whole_page_shot(&c, &format!("{size}-{name}"), w).await;
        }
    }
    c.close().await.unwrap();
}

/// A number as the pages print it: whole numbers without a fraction.
fn figure(v: &serde_json::Value) -> String {
    let x = v.as_f64().unwrap();
    if x.fract() == 0.0 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// Where the error summary and a field sit, what has the focus, and the summary's links in
/// their order.
async fn summary_and_focus(c: &Client, field: &str) -> serde_json::Value {
    c.execute(
        "const s = document.querySelector('.error-summary').getBoundingClientRect();
         const f = document.getElementById(arguments[0]).getBoundingClientRect();
         return {summary_top: s.top, summary_bottom: s.bottom, field_top: f.top,
                 scrolled: window.scrollY, focused: document.activeElement.id,
                 links: Array.from(document.querySelectorAll('.error-summary a'))
                   .map(a => a.getAttribute('href'))};",
        vec![serde_json::json!(field)],
    )
    .await
    .unwrap()
}

/// On a phone (390 px) a form sent back with problems lists them at the top of the page,
/// each a link to its field, in the form's order; the focus is on the first field in error
/// and a link in the list moves it to its field (static/forms.js). The many-players form's
/// problems come back the same way, with the pasted lines kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forms_problems_show_at_the_top_and_the_first_has_the_focus_on_a_phone() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let r = d
        .post(
            "/c/alpha/events/new",
            "/c/alpha/events",
            &event_fields("Phone Mitchell"),
        )
        .await;
    let event = location(&r);
    enter_pairs(&d, &format!("{event}/entries"), 9, "North", "South").await;
    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    log_in_to_alpha(&c, &app).await;

    for (w, h, size) in [(390, 844, "phone"), (1280, 900, "desktop")] {
        c.set_window_size(w, h).await.unwrap();
        c.goto(&format!("{}/c/alpha/players", app.address))
            .await
            .unwrap();
        // Spaces pass the browser's `required`; the server refuses them, and the number.
        fill(&c, "#name", "   ").await;
        fill(&c, "#membership_number", "M 1").await;
        submit(&c, "form.stack").await;
        wait_for(&c, "/c/alpha/players", "There are 2 problems to correct").await;
        let v = summary_and_focus(&c, "name").await;
        assert_eq!(
            v["links"],
            serde_json::json!(["#name", "#membership_number"]),
            "{v}"
        );
        assert_eq!(
            v["focused"], "name",
            "the first field in error has the focus: {v}"
        );
        assert_eq!(v["scrolled"], 0, "the page stays at its top: {v}");
        let (top, bottom) = (
            v["summary_top"].as_f64().unwrap(),
            v["summary_bottom"].as_f64().unwrap(),
        );
        assert!(
            top < 250.0 && bottom <= f64::from(h) && bottom <= v["field_top"].as_f64().unwrap(),
            "the summary is at the top, above the form: {v}"
        );
        let (width, content) = widths(&c).await;
        assert!(content <= width, "{content} px wide at {width} px");
        whole_page_shot(&c, &format!("{size}-players-errors"), w).await;
        c.set_window_size(w, h).await.unwrap();
        // A link in the summary takes the focus to its field.
        c.find(Locator::Css(".error-summary a[href='#membership_number']"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        let focused = c
            .execute("return document.activeElement.id;", vec![])
            .await
            .unwrap();
        assert_eq!(focused, "membership_number");

        // The many-players form: its lines' problems, the text kept, the box focused.
        c.goto(&format!("{}/c/alpha/players", app.address))
            .await
            .unwrap();
        fill(&c, "#lines", "Ann Smith, 12\nBob Ray, M 1\nAnn Smith, 12").await;
        submit(&c, "form#bulk").await;
        let source = wait_for(&c, "/c/alpha/players/bulk", "2 lines need correcting").await;
        assert!(source.contains("line 2: membership number"), "{source}");
        assert!(source.contains("line 3: membership number 12 is also on line 1"));
        let v = summary_and_focus(&c, "lines").await;
        assert_eq!(v["focused"], "lines", "{v}");
        let kept = c
            .execute("return document.getElementById('lines').value;", vec![])
            .await
            .unwrap();
        assert_eq!(kept, "Ann Smith, 12\nBob Ray, M 1\nAnn Smith, 12");
        whole_page_shot(&c, &format!("{size}-players-bulk-errors"), w).await;

        // The movement form with its numbers (nine pairs: who sits out).
        c.set_window_size(w, h).await.unwrap();
        c.goto(&format!("{}{event}/movement", app.address))
            .await
            .unwrap();
        let source = wait_for(&c, "/movement", "What it will be").await;
        assert!(source.contains("place is empty"), "{source}");
        let (width, content) = widths(&c).await;
        assert!(
            content <= width,
            "movement: {content} px wide at {width} px"
        );
        whole_page_shot(&c, &format!("{size}-movement-form"), w).await;
    }
    c.close().await.unwrap();
}

/// The director's result grid and navigation follow the room (#21): a table disputes its
/// result on its phone and the grid open on the laptop shows it, with the navigation's
/// count, within one refresh and without a reload; round control on a phone says so too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dispute_appears_on_the_directors_open_grid_without_a_reload() {
    use common::evening::*;
    let app = spawn_app().await;
    let e = five_rounds(club_api(&app, "alpha", "olive@example.org").await).await;
    let id = event_id(&e);
    let site = format!("/c/alpha/events/{id}");
    let places = play_round(&e, 1, Some(2)).await;
    let (_, board) = places.iter().copied().find(|p| p.0 == 2).unwrap();

    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(1280, 900).await.unwrap();
    log_in_to_alpha(&c, &app).await;
    let grid = format!("{site}/results");
    c.goto(&format!("{}{grid}", app.address)).await.unwrap();
    wait_for(&c, "/results", "Round 1").await;
    assert!(!c.source().await.unwrap().contains("⚑"));
    mark_page(&c).await;

    // Table 2 enters on its phone; the other side disagrees.
    let phone = Phone::at(&app, id, 5, 2);
    phone.enter(&e, 1, board).await;
    phone.answer(&result_id(&e, 1, 2).await, false).await;

    let seen = wait_for_within(&c, "/results", "1 disputed", Duration::from_secs(12)).await;
    let nav = wait_for_within(&c, "/results", "⚑ 1 dispute", Duration::from_secs(12)).await;
    assert!(seen.contains("grid-disputed") && nav.contains("nav-disputes"));
    assert_not_reloaded(
        &c,
        &grid,
        "the grid swapped its part in place, it was not reloaded",
    )
    .await;
    whole_page_shot(&c, "desktop-results-grid-disputed", 1280).await;

    c.set_window_size(390, 844).await.unwrap();
    let rounds = format!("{site}/rounds");
    c.goto(&format!("{}{rounds}", app.address)).await.unwrap();
    let html = wait_for(&c, "/rounds", "state-disputed").await;
    assert!(html.contains("⚑ 1 dispute"));
    let (v, content) = widths(&c).await;
    assert!(content <= v, "round control is {content} px wide on {v} px");
    whole_page_shot(&c, "phone-round-control-disputed", 390).await;
    c.close().await.unwrap();
}

/// Waits (up to 10 s) until the page no longer holds `text` (a part that went away).
async fn wait_gone(c: &Client, text: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let source = c.source().await.unwrap();
        if !source.contains(text) {
            return source;
        }
        assert!(Instant::now() < deadline, "{text:?} is still on the page");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A late table on its phone (#21, items 2 to 4): once the next round has started, its
/// unreported round comes first on its page; it enters that result in the browser; the other
/// side sees the counts entered (each seat's calypsos and cards in progress, the trick piles)
/// beside the scores, laid out as the form, and agrees; then, agreeing the round being played,
/// the phone shows that board's traveller so far and where its pairs stand.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_table_enters_checks_and_follows_its_board_on_a_phone() {
    use common::evening::*;
    let app = spawn_app().await;
    let e = five_rounds(club_api(&app, "alpha", "olive@example.org").await).await;
    let id = event_id(&e);
    let places = play_round(&e, 1, Some(3)).await;
    let (_, late_board) = places.iter().copied().find(|p| p.0 == 3).unwrap();
    let phone = Phone::at(&app, id, 5, 3);

    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(390, 844).await.unwrap();
    // The director starts round 2 on a phone: the dialog says the late table can still enter.
    log_in_to_alpha(&c, &app).await;
    let rounds = format!("/c/alpha/events/{id}/rounds");
    c.goto(&format!("{}{rounds}", app.address)).await.unwrap();
    wait_for(&c, &rounds, "Start round 2").await;
    submit(&c, "form.stack").await;
    wait_for(
        &c,
        &rounds,
        "Their results can still be entered after the next round starts, on their own phones",
    )
    .await;
    shot(&c, "phone-start-round-late-table").await;
    c.find(Locator::XPath(
        "//button[normalize-space()='Yes: start round 2']",
    ))
    .await
    .unwrap()
    .click()
    .await
    .unwrap();
    wait_for(&c, &rounds, "Round 2 has started.").await;
    c.goto(&format!("{}{}", app.address, phone.page))
        .await
        .unwrap();
    wait_for(&c, &phone.page, "Round 1 is not finished here").await;
    // The late round first, then the round being played, each with its own form.
    let order = c
        .execute(
            "return [...document.querySelectorAll('section.score')].map(s => [s.classList.contains('late'), !!s.querySelector('form.score-form')]);",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(order, serde_json::json!([[true, true], [false, true]]));
    let (v, content) = widths(&c).await;
    assert!(content <= v, "the table page is {content} px wide");
    whole_page_shot(&c, "phone-table-late", 390).await;
    c.set_window_size(390, 844).await.unwrap();

    // The late result, entered in the late round's form.
    let report = Report::new(&e.deals(late_board), 4, [1, 0, 1, 0], [3, 1, 2, 3]);
    fill_counts(
        &c,
        "section.late form.score-form",
        report.form(1, late_board),
    )
    .await;
    submit(&c, "section.late form.score-form").await;
    // E-W pair 8 played it and has moved up to table 4: this phone names them (#36).
    wait_for(&c, &phone.page, "waiting for pair 8, now at table 4").await;

    // The agree screen: the counts as entered, seat by seat, beside the totals.
    let rows = c
        .execute(
            "return [...document.querySelectorAll('section.late .report-check table.counts tbody tr')].map(r => [...r.cells].map(td => td.textContent.trim()));",
            vec![],
        )
        .await
        .unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 4, "{rows:?}");
    for (s, (row, seat)) in rows.iter().zip(["N ♠", "E ♦", "S ♥", "W ♣"]).enumerate() {
        assert_eq!(row[0], seat);
        assert_eq!(row[1], report.calypsos[s].to_string(), "{seat}");
        let mut shown: Vec<String> = row[2]
            .as_str()
            .unwrap()
            .split(' ')
            .map(str::to_string)
            .collect();
        let mut entered: Vec<String> = report.in_progress[s]
            .iter()
            .map(|card| card[..1].replace('T', "10"))
            .collect();
        shown.sort();
        entered.sort();
        assert_eq!(shown, entered, "{seat}'s cards in progress");
    }
    let check = c
        .execute(
            "return document.querySelector('section.late .report-check').textContent;",
            vec![],
        )
        .await
        .unwrap();
    let check = check.as_str().unwrap();
    let (ns, ew) = report.scores();
    assert!(
        check.contains(&format!("Trick piles: N-S ♠♥ {}", report.piles[0])),
        "{check}"
    );
    let totals = c
        .execute(
            "return document.querySelector('section.late dl.totals').textContent;",
            vec![],
        )
        .await
        .unwrap();
    let totals = totals.as_str().unwrap();
    assert!(
        totals.contains(&ns.to_string()) && totals.contains(&ew.to_string()),
        "{totals}"
    );
    let (v, content) = widths(&c).await;
    assert!(content <= v, "the agree screen is {content} px wide");
    whole_page_shot(&c, "phone-table-agree-counts", 390).await;
    c.set_window_size(390, 844).await.unwrap();

    // Pair 8 agrees on table 4's phone, where the result waits for them set apart; then
    // round 1 is done at table 3 and its late part goes.
    let four = Phone::at(&app, id, 5, 4);
    c.goto(&format!("{}{}", app.address, four.page))
        .await
        .unwrap();
    wait_for(&c, &four.page, "your result waits for you to agree").await;
    c.find(Locator::Css("section.away button[value=agree]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_gone(&c, "your result waits for you to agree").await;
    c.goto(&format!("{}{}", app.address, phone.page))
        .await
        .unwrap();
    wait_gone(&c, "Round 1 is not finished here").await;
    let late = e
        .all_results()
        .await
        .into_iter()
        .find(|r| r["round"] == 1 && r["table"] == 3)
        .expect("table 3's round-1 result");
    assert_eq!(late["status"], "confirmed");

    // Round 2: entered (on the same phone), then agreed in the browser.
    let board = c
        .execute(
            "return document.querySelector('section.score form.score-form input[name=board]').value;",
            vec![],
        )
        .await
        .unwrap();
    let board: u64 = board.as_str().unwrap().parse().unwrap();
    let r = phone.enter(&e, 2, board).await;
    assert_eq!(r.status(), reqwest::StatusCode::SEE_OTHER);
    c.refresh().await.unwrap();
    wait_for(&c, &phone.page, "check the totals on this phone").await;
    c.find(Locator::Css("button[value=agree]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let html = wait_for(&c, &phone.page, &format!("Board {board} so far")).await;
    assert!(html.contains("Where you stand now:"), "{html}");
    // The board's traveller so far: the table that played it in round 1, and this one marked.
    let lines = c
        .execute(
            "return [...document.querySelectorAll('table.so-far tbody tr')].map(r => r.className);",
            vec![],
        )
        .await
        .unwrap();
    let lines = lines.as_array().unwrap();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(
        lines.iter().filter(|c| *c == "here").count(),
        1,
        "{lines:?}"
    );
    for (w, size) in [(390, "phone"), (1280, "desktop")] {
        c.set_window_size(w, 844).await.unwrap();
        let (v, content) = widths(&c).await;
        assert!(
            content <= v,
            "the table's page is {content} px wide at {v} px"
        );
        let hidden = scrolled_tables(&c).await;
        assert!(hidden.is_empty(), "at {w} px: {hidden:?}");
        whole_page_shot(&c, &format!("{size}-table-so-far"), w).await;
    }
    c.close().await.unwrap();
}

/// The finish page's open games, as their rows' classes (`grid-<state>`), sorted.
async fn open_rows(c: &Client) -> Vec<String> {
    let rows = c
        .execute(
            "return [...document.querySelectorAll('table.grid tbody tr')].map(r => r.className);",
            vec![],
        )
        .await
        .unwrap();
    let mut rows: Vec<String> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    rows.sort();
    rows
}

/// Finishing on a phone (#21, item 8): "Mark finished" lists the provisional and the disputed
/// results; "confirm every provisional result" with one reason confirms them; the event is
/// marked finished; once the correction period is over, the page says the results are final
/// except the disputed one, never "final" above a result under review.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finishing_lists_what_is_open_and_confirms_the_provisional_results_on_a_phone() {
    use common::evening::*;
    let app = spawn_app().await;
    let e = five_rounds(club_api(&app, "alpha", "olive@example.org").await).await;
    let id = event_id(&e);
    let site = format!("/c/alpha/events/{id}");
    let places = play_round(&e, 1, Some(2)).await;
    start_round_anyway(&e, 2).await;
    // Table 2's round-1 result is disputed; table 4's round-2 result is never answered.
    let (_, board) = places.iter().copied().find(|p| p.0 == 2).unwrap();
    let two = Phone::at(&app, id, 5, 2);
    two.enter(&e, 1, board).await;
    // Table 2's E-W pair has moved up to table 3: they dispute it there (#36).
    Phone::at(&app, id, 5, 3)
        .answer(&result_id(&e, 1, 2).await, false)
        .await;
    let four = board_now(&e, 4).await;
    Phone::at(&app, id, 5, 4).enter(&e, 2, four).await;

    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(390, 844).await.unwrap();
    log_in_to_alpha(&c, &app).await;
    c.goto(&format!("{}{site}", app.address)).await.unwrap();
    wait_for(&c, &site, "Mark finished").await;
    c.find(Locator::XPath(
        "//button[normalize-space()='Mark finished']",
    ))
    .await
    .unwrap()
    .click()
    .await
    .unwrap();
    let html = wait_for(&c, "/status", "Mark finished?").await;
    assert!(
        html.contains("<strong>1 provisional</strong>")
            && html.contains("<strong>1 disputed</strong>"),
        "{html}"
    );
    let open = open_rows(&c).await;
    // Round 2's four other tables never reported: listed too, and no finish until ruled.
    assert_eq!(
        open,
        [
            "grid-disputed attention",
            "grid-no-result attention",
            "grid-no-result attention",
            "grid-no-result attention",
            "grid-no-result attention",
            "grid-provisional"
        ]
    );
    let html = c.source().await.unwrap();
    assert!(!html.contains("Yes: mark finished"), "{html}");
    let hidden = scrolled_tables(&c).await;
    assert!(hidden.is_empty(), "{hidden:?}");
    whole_page_shot(&c, "phone-finish-no-result", 390).await;
    c.set_window_size(390, 844).await.unwrap();
    for table in [1, 2, 3, 5] {
        let board = board_now(&e, table).await;
        let (s, v) = e
            .api
            .post(
                &format!("{}/adjust", e.results()),
                serde_json::json!({"round": 2, "table": table, "board": board,
                    "not_played": true, "reason": "the table ran out of time"}),
            )
            .await;
        assert_eq!(s, reqwest::StatusCode::CREATED, "{v}");
    }
    c.goto(&format!("{}{site}", app.address)).await.unwrap();
    wait_for(&c, &site, "Mark finished").await;
    c.find(Locator::XPath(
        "//button[normalize-space()='Mark finished']",
    ))
    .await
    .unwrap()
    .click()
    .await
    .unwrap();
    wait_for(&c, "/status", "Mark finished?").await;
    let open = open_rows(&c).await;
    assert_eq!(open, ["grid-disputed attention", "grid-provisional"]);
    let (v, content) = widths(&c).await;
    assert!(content <= v, "the finish page is {content} px wide");
    let hidden = scrolled_tables(&c).await;
    assert!(hidden.is_empty(), "{hidden:?}");
    whole_page_shot(&c, "phone-finish-open", 390).await;
    c.set_window_size(390, 844).await.unwrap();

    // One reason confirms every provisional result; the disputed one stays open.
    fill(&c, "#reason", "not contested at the end of play").await;
    c.find(Locator::XPath(
        "//button[normalize-space()='Confirm the 1 provisional result']",
    ))
    .await
    .unwrap()
    .click()
    .await
    .unwrap();
    let html = wait_for(&c, "/finish", "<strong>0 provisional</strong>").await;
    assert!(html.contains("<strong>1 disputed</strong>"), "{html}");
    let after = e.all_results().await;
    let four_result = after
        .iter()
        .find(|r| r["round"] == 2 && r["table"] == 4)
        .unwrap();
    assert_eq!(four_result["status"], "confirmed");
    assert_eq!(
        four_result["audit"].as_array().unwrap().last().unwrap()["reason"],
        "not contested at the end of play"
    );
    whole_page_shot(&c, "phone-finish-confirmed", 390).await;
    c.set_window_size(390, 844).await.unwrap();

    c.find(Locator::XPath(
        "//button[normalize-space()='Yes: mark finished']",
    ))
    .await
    .unwrap()
    .click()
    .await
    .unwrap();
    wait_for(&c, &site, "correction period ends").await;
    // The correction period over (moved back through the database).
    with_conn(&app, |conn| {
        use calypso_director::db::schema::events;
        use diesel::prelude::*;
        let past = calypso_director::db::now() - chrono::Duration::hours(1);
        diesel::update(events::table.find(id.get()))
            .set(events::finished_at.eq(Some(past)))
            .execute(conn)
            .unwrap();
    });
    for (w, size) in [(390, "phone"), (1280, "desktop")] {
        c.set_window_size(w, 900).await.unwrap();
        c.goto(&format!("{}{site}", app.address)).await.unwrap();
        let html = wait_for(
            &c,
            &site,
            "Results are final except 1 disputed result the director has still to rule on.",
        )
        .await;
        assert!(!html.contains("Results are final.<"), "{html}");
        let (v, content) = widths(&c).await;
        assert!(
            content <= v,
            "the event page is {content} px wide at {v} px"
        );
        whole_page_shot(&c, &format!("{size}-finished-with-a-dispute"), w).await;
    }
    c.close().await.unwrap();
}

/// Building the room on a phone (#21, items 5 and 11): many players pasted at once, the
/// roster sorted by surname or first name as asked, the entry picker leaving out players
/// already entered; and a table's code typed in lower case in the `/t/` box opens the table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pasted_roster_is_sorted_and_picked_and_a_typed_code_opens_the_table() {
    let app = spawn_app().await;
    let (id, code) = two_tables_playing(&app, "Roster Night").await;
    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(390, 844).await.unwrap();
    log_in_to_alpha(&c, &app).await;

    c.goto(&format!("{}/c/alpha/players", app.address))
        .await
        .unwrap();
    fill(
        &c,
        "#lines",
        "Zoë Adams, 301\n\"Quinn, Jr\" Baker, 302\nAnn Young\tM-303",
    )
    .await;
    submit(&c, "form#bulk").await;
    wait_for(&c, "/c/alpha/players", "Ann Young").await;
    let names = "return [...document.querySelectorAll('main table tbody tr td:first-child')].map(td => td.textContent.trim());";
    let by_surname = c.execute(names, vec![]).await.unwrap();
    let by_surname: Vec<String> = serde_json::from_value(by_surname).unwrap();
    assert_eq!(
        by_surname.iter().take(3).cloned().collect::<Vec<_>>(),
        ["Zoë Adams", "Quinn, Jr Baker", "Ann Young"],
        "{by_surname:?}"
    );
    let (v, content) = widths(&c).await;
    assert!(content <= v, "the roster is {content} px wide");
    whole_page_shot(&c, "phone-roster-pasted", 390).await;
    c.set_window_size(390, 844).await.unwrap();
    c.find(Locator::LinkText("first name"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(&c, "/c/alpha/players", "aria-current=\"true\">first name").await;
    let by_first: Vec<String> =
        serde_json::from_value(c.execute(names, vec![]).await.unwrap()).unwrap();
    assert_eq!(
        by_first.iter().take(3).cloned().collect::<Vec<_>>(),
        ["Ann Young", "Quinn, Jr Baker", "Zoë Adams"],
        "{by_first:?}"
    );

    // A draft event: enter Ann Young, and the picker no longer offers her.
    let d = Browser::new(&app);
    assert_eq!(
        d.login("olive@example.org", PASSWORD).await.status(),
        reqwest::StatusCode::SEE_OTHER
    );
    let r = d
        .post(
            "/c/alpha/events/new",
            "/c/alpha/events",
            &event_fields("Picker Night"),
        )
        .await;
    let entries = format!("{}/entries", location(&r));
    c.goto(&format!("{}{entries}", app.address)).await.unwrap();
    wait_for(&c, &entries, "Ann Young").await;
    let ann = c
        .execute(
            "return [...document.querySelectorAll('#player_1 option')].find(o => o.textContent === 'Ann Young').value;",
            vec![],
        )
        .await
        .unwrap();
    let ann = ann.as_str().unwrap().to_string();
    c.execute(
        "document.getElementById('player_1').value = arguments[0];",
        vec![serde_json::json!(ann)],
    )
    .await
    .unwrap();
    fill(&c, "#guest_2", "A Guest").await;
    c.find(Locator::XPath(
        "//form[.//select[@id='player_1']]//button[@type='submit']",
    ))
    .await
    .unwrap()
    .click()
    .await
    .unwrap();
    wait_for(&c, &entries, "A Guest").await;
    let offered = c
        .execute(
            "return [...document.querySelectorAll('#player_1 option')].map(o => o.textContent);",
            vec![],
        )
        .await
        .unwrap();
    let offered: Vec<String> = serde_json::from_value(offered).unwrap();
    assert!(!offered.contains(&"Ann Young".to_string()), "{offered:?}");
    assert!(offered.contains(&"Zoë Adams".to_string()), "{offered:?}");

    // The typed fallback: the code in lower case in the /t/ box opens table 1.
    c.goto(&format!("{}/t/", app.address)).await.unwrap();
    wait_for(&c, "/t/", "Table code").await;
    fill(&c, "#code", &code.to_lowercase()).await;
    submit(&c, "form.table-code").await;
    wait_for(&c, &format!("/t/{code}"), "Table 1").await;
    let (v, content) = widths(&c).await;
    assert!(content <= v, "the table page is {content} px wide");
    let _ = id;
    c.close().await.unwrap();
}

/// Fills a result form's counts as a table would (a rank tapped on its button, a number
/// typed), from the form fields of a report (`Report::form`).
async fn fill_counts(c: &Client, form_css: &str, fields: Vec<(String, String)>) {
    let fields: Vec<[String; 2]> = fields.into_iter().map(|(k, v)| [k, v]).collect();
    let filled = c
        .execute(
            "const form = document.querySelector(arguments[0]);
             for (const [k, v] of arguments[1]) {
               if (k === 'round' || k === 'board') continue;
               const boxes = form.querySelectorAll(`input[type=checkbox][name=\"${k}\"]`);
               if (boxes.length) {
                 const b = [...boxes].find(x => x.value === v);
                 if (!b) return `no ${k}=${v}`;
                 b.closest('label').click();
               } else {
                 const i = form.querySelector(`input[name=\"${k}\"]`);
                 if (!i) return `no ${k}`;
                 i.value = v;
               }
             }
             return 'ok';",
            vec![serde_json::json!(form_css), serde_json::json!(fields)],
        )
        .await
        .unwrap();
    assert_eq!(filled, serde_json::json!("ok"));
}

/// Taps the button of a radio choice drawn as a button (a Kaiso song's kind, suit, rank or
/// deal; a Duet player's dummy).
async fn tap_choice(c: &Client, name: &str, value: &str) {
    click(
        c,
        &format!("label.chip:has(input[name=\"{name}\"][value=\"{value}\"])"),
    )
    .await;
}

/// A Kaiso Mitchell of three tables (#22): table 1's phone (390 px) taps its songs in, row by
/// row (a quartet's rank row appears once "Quartet" is tapped; "Add a song" adds a row), the
/// engine scores it and East-West agree on the same phone; the other tables report through
/// the API, and the public standings fit the phone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kaiso_table_taps_its_songs_on_a_phone_and_the_standings_follow() {
    use common::evening::*;
    use common::games::*;
    let app = spawn_app().await;
    let api = club_api(&app, "alpha", "olive@example.org").await;
    let e = six_pair_evening(
        api,
        serde_json::json!({"name": "Kaiso Night", "date": "2026-12-01", "format": "pairs-mitchell",
                           "game": "kaiso", "tables": 3, "boards": 3}),
        3,
    )
    .await;
    let id = event_id(&e);
    let phone = Phone::at(&app, id, 3, 1);

    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(390, 844).await.unwrap();
    for round in 1..=3u64 {
        let started = e.start_round(round as u32).await;
        for t in started["tables"].as_array().unwrap() {
            let (table, board) = place(t);
            if (round, table) == (1, 1) {
                continue;
            }
            post_kaiso(&e, round, table, board, round * 10 + table).await;
        }
        if round > 1 {
            continue;
        }
        c.goto(&format!("{}{}", app.address, phone.page))
            .await
            .unwrap();
        wait_for(&c, &phone.page, "Kaiso.").await;
        // One blank row a side shows; "Add a song" shows the two spare rows the page has,
        // then adds a fourth.
        let rows = "return [...document.querySelectorAll('#songs_NS_1 fieldset.song')].filter(r => r.getClientRects().length > 0).length;";
        assert_eq!(c.execute(rows, vec![]).await.unwrap(), 1);
        for more in 2..=4 {
            click(&c, "button.add-song[data-side=NS]").await;
            assert_eq!(c.execute(rows, vec![]).await.unwrap(), more);
        }
        assert!(shown(&c, "input[name=k_NS_4_kind][value=calypso]").await);
        // The docs' example (docs/api.md), tapped: N-S a regular spade calypso and a rainbow
        // kaiso minor with one wild 8, two leftover cards; E-W a regular quartet of heart kings.
        tap_choice(&c, "k_NS_1_kind", "calypso").await;
        tap_choice(&c, "k_NS_1_suit", "S").await;
        tap_choice(&c, "k_NS_2_kind", "kaiso_minor").await;
        tap_choice(&c, "k_NS_2_suit", "rainbow").await;
        fill(&c, "#k_NS_2_wilds_1", "1").await;
        assert!(!shown(&c, "#songs_EW_1 .song[data-song='1'] .quartet-rank").await);
        tap_choice(&c, "k_EW_1_kind", "quartet").await;
        assert!(
            shown(&c, "#songs_EW_1 .song[data-song='1'] .quartet-rank").await,
            "the rank row appears for a quartet"
        );
        tap_choice(&c, "k_EW_1_suit", "H").await;
        tap_choice(&c, "k_EW_1_rank", "K").await;
        fill(&c, "#k_NS_leftover_1", "2").await;
        fill(&c, "#k_NS_pile_1", "101").await;
        fill(&c, "#k_EW_leftover_1", "0").await;
        fill(&c, "#k_EW_pile_1", "84").await;
        let (v, content) = widths(&c).await;
        assert!(content <= v, "the song form is {content} px wide at {v}");
        whole_page_shot(&c, "phone-kaiso-songs", 390).await;
        c.set_window_size(390, 844).await.unwrap();
        submit(&c, "form.score-form").await;
        let page = wait_for(&c, &phone.page, "N-S ♠♥: 450").await;
        assert!(page.contains("E-W ♦♣: 50"), "{page}");
        assert!(page.contains("regular ♠ calypso"), "{page}");
        assert!(scrolled_tables(&c).await.is_empty());
        whole_page_shot(&c, "phone-kaiso-agree", 390).await;
        c.set_window_size(390, 844).await.unwrap();
        c.find(Locator::XPath("//button[starts-with(normalize-space(),'E-W ♦♣') and contains(normalize-space(),': agree')]"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        wait_for(&c, &phone.page, "Both sides agree").await;
        let stored = results(&e.api, &e.path).await;
        let r = at(&stored, 1, 1);
        assert_eq!(
            (&r["scores"], &r["status"]),
            (
                &serde_json::json!({"majors": 450, "minors": 50}),
                &serde_json::json!("confirmed")
            )
        );
    }
    let stored = results(&e.api, &e.path).await;
    assert_eq!(stored.len(), 9);
    let mp = standings_mp(&e.api, &e.path).await;
    assert_eq!(mp, matchpoints(&stored));
    let event = format!("/c/alpha/events/{id}");
    c.goto(&format!("{}{event}", app.address)).await.unwrap();
    wait_for(&c, &event, "Kaiso v0.0.1: the same deal and tricks").await;
    let standings = format!("/c/alpha/events/{id}/standings");
    standings_at_both_widths(&c, &app, &standings, "North 1", "kaiso").await;
    c.close().await.unwrap();
}

/// A Duet individual of four two-player tables (#22): table 1's phone (390 px) enters the
/// game's counts and taps each deal's dummies (a deal left out is named beside the choices
/// and the rest stays); the other tables report through the API; the public standings list
/// single players.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_duet_table_taps_each_deals_dummies_on_a_phone() {
    use common::evening::*;
    use common::games::*;
    let app = spawn_app().await;
    let api = club_api(&app, "alpha", "olive@example.org").await;
    let entries: Vec<serde_json::Value> = (1..=8)
        .map(|n| serde_json::json!({"kind": "individual", "players": [{"name": format!("Player {n}")}]}))
        .collect();
    let (path, boards) = running(
        &api,
        serde_json::json!({"name": "Duet Night", "date": "2026-12-02", "format": "pairs-mitchell",
                           "variant": "duet", "tables": 4, "boards": 4}),
        &entries,
        one_board_rounds(3),
    )
    .await;
    let e = Evening { api, path, boards };
    let id = event_id(&e);
    let phone = Phone::at(&app, id, 4, 1);
    let choices = serde_json::json!([{"majors": "S", "minors": "W"}, {"majors": "N", "minors": "E"},
                                     {"majors": "S", "minors": "W"}, {"majors": "N", "minors": "E"}]);

    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(390, 844).await.unwrap();
    for round in 1..=3u64 {
        let started = e.start_round(round as u32).await;
        for t in started["tables"].as_array().unwrap() {
            let (table, board) = place(t);
            let report = duet_report(&e, round, table, board);
            if (round, table) != (1, 1) {
                let mut body = report.body(round, table, board);
                body["dummies"] = choices.clone();
                let (s, v) = e.api.post(&e.results(), body).await;
                assert_eq!(s, reqwest::StatusCode::CREATED, "{v}");
                continue;
            }
            c.goto(&format!("{}{}", app.address, phone.page))
                .await
                .unwrap();
            let page = wait_for(&c, &phone.page, "Each player's dummy").await;
            assert!(page.contains("♠♥ player"), "{page}");
            fill_counts(&c, "form.score-form", report.form(round, board)).await;
            // Every deal's dummies but deal 4's minors.
            for (k, d) in choices.as_array().unwrap().iter().enumerate() {
                for player in ["majors", "minors"] {
                    if (k, player) != (3, "minors") {
                        let name = format!("dummy_{}_{player}", k + 1);
                        tap_choice(&c, &name, d[player].as_str().unwrap()).await;
                    }
                }
            }
            let (v, content) = widths(&c).await;
            assert!(content <= v, "the Duet form is {content} px wide at {v}");
            whole_page_shot(&c, "phone-duet-form", 390).await;
            c.set_window_size(390, 844).await.unwrap();
            submit(&c, "form.score-form").await;
            wait_for(
                &c,
                &format!("{}/result", phone.page),
                "deal 4: choose which hand was the ♣♦ player",
            )
            .await;
            assert!(
                c.execute(
                    "return document.querySelector('input[name=dummy_2_majors][value=N]').checked;",
                    vec![]
                )
                .await
                .unwrap()
                    == serde_json::json!(true),
                "the dummies tapped are kept"
            );
            tap_choice(&c, "dummy_4_minors", "E").await;
            submit(&c, "form.score-form").await;
            let page = wait_for(&c, &phone.page, "provisional").await;
            let (m, n) = report.scores();
            assert!(
                page.contains(&m.to_string()) && page.contains(&n.to_string()),
                "{page}"
            );
            c.find(Locator::XPath("//button[starts-with(normalize-space(),'E-W ♦♣') and contains(normalize-space(),': agree')]"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            let page = wait_for(&c, &phone.page, "Both sides agree").await;
            // Where the two players stand now, each called a player.
            assert!(
                page.contains("Player 1 (N-S ♠♥):") && page.contains("Player 5 (E-W ♦♣):"),
                "{page}"
            );
            let stored = results(&e.api, &e.path).await;
            let r = at(&stored, 1, 1);
            assert_eq!(r["audit"][0]["new"]["sheet"]["dummies"], choices, "{r}");
        }
    }
    let stored = results(&e.api, &e.path).await;
    assert_eq!(stored.len(), 12);
    assert_eq!(standings_mp(&e.api, &e.path).await, matchpoints(&stored));
    let standings = format!("/c/alpha/events/{id}/standings");
    for width in [390, 1280] {
        c.set_window_size(width, 900).await.unwrap();
        c.goto(&format!("{}{standings}", app.address))
            .await
            .unwrap();
        let page = wait_for(&c, &standings, "Player 8").await;
        assert!(
            !page.contains("Player 1 &amp;") && !page.contains("Player 1 &#38;"),
            "single players"
        );
        let (v, content) = widths(&c).await;
        assert!(content <= v, "standings at {width}: {content} px");
        shot(&c, &format!("duet-standings-{width}")).await;
    }
    c.close().await.unwrap();
}

/// Sets an Embers hand's line to `fields` (`h2_calypsos_N`, `h2_ranks_N`, `h2_piles_NS`, ...):
/// each rank button tapped only where it is not already as wanted (the line starts from the
/// hand before), the numbers typed.
async fn set_hand(c: &Client, hand: usize, fields: &[(String, String)]) {
    let prefix = format!("h{hand}_");
    let fields: Vec<[String; 2]> = fields
        .iter()
        .filter(|(k, _)| k.starts_with(&prefix))
        .map(|(k, v)| [k.clone(), v.clone()])
        .collect();
    let done = c
        .execute(
            "const [prefix, fields] = arguments;
             const form = document.querySelector('form.score-form');
             const want = new Set(fields.filter(([k]) => k.includes('_ranks_')).map(([k, v]) => `${k}=${v}`));
             for (const b of form.querySelectorAll(`input[type=checkbox][name^=\"${prefix}ranks_\"]`)) {
               if (b.checked !== want.has(`${b.name}=${b.value}`)) b.closest('label').click();
             }
             for (const [k, v] of fields) {
               if (k.includes('_ranks_')) continue;
               const i = form.querySelector(`input[name=\"${k}\"]`);
               if (!i) return `no ${k}`;
               i.value = v;
               i.dispatchEvent(new Event('input', {bubbles: true}));
             }
             return 'ok';",
            vec![serde_json::json!(prefix), serde_json::json!(fields)],
        )
        .await
        .unwrap();
    assert_eq!(done, serde_json::json!("ok"));
}

/// An Embers progressive of three tables (#23): table 1's phone (390 px) enters its game of
/// four hands hand by hand, each checked by the engine with the running score shown, the
/// next hand starting from the calypsos left; the result goes in with the last hand and E-W
/// agree. The other tables report through the API; the tallies and the public standings.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_embers_table_enters_its_game_hand_by_hand_on_a_phone() {
    use common::evening::*;
    use common::games::*;
    let app = spawn_app().await;
    let api = club_api(&app, "alpha", "olive@example.org").await;
    let e = six_pair_evening(
        api,
        serde_json::json!({"name": "Embers Night", "date": "2026-12-02", "format": "progressive",
                           "game": "embers", "hands": 4, "tables": 3, "boards": 9}),
        3,
    )
    .await;
    let id = event_id(&e);
    let phone = Phone::at(&app, id, 3, 1);
    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(390, 844).await.unwrap();
    let laptop = tempfile::tempdir().unwrap();
    let (_laptop_driver, c_laptop) = start_browser(laptop.path()).await;
    c_laptop.set_window_size(1280, 900).await.unwrap();
    let standings = format!("/c/alpha/events/{id}/standings");
    let live = "return document.getElementById('live-standings').innerHTML;";
    for round in 1..=3u64 {
        let started = e.start_round(round as u32).await;
        for t in started["tables"].as_array().unwrap() {
            let (table, board) = place(t);
            let game = embers_game(4, round * 10 + table);
            if (round, table) != (1, 1) {
                let body = serde_json::json!({"round": round, "table": table, "board": board,
                    "reports": game.summary.hands});
                let (s, v) = e.api.post(&e.results(), body).await;
                assert_eq!(s, reqwest::StatusCode::CREATED, "{v}");
                continue;
            }
            // A laptop follows the public standings while the phone enters the game.
            c_laptop
                .goto(&format!("{}{standings}", app.address))
                .await
                .unwrap();
            wait_for(&c_laptop, &standings, "live-standings").await;
            mark_page(&c_laptop).await;
            let before = c_laptop.execute(live, vec![]).await.unwrap();
            let tally = game.score.totals.ns - game.score.totals.ew;
            assert!(!before.as_str().unwrap().contains("North 1"), "{before}");
            c.goto(&format!("{}{}", app.address, phone.page))
                .await
                .unwrap();
            wait_for(&c, &phone.page, "After hand 1 of 4").await;
            let fields = embers_form(&game.summary, round, board, 4);
            for hand in 1..=4 {
                set_hand(&c, hand, &fields).await;
                let (v, content) = widths(&c).await;
                assert!(
                    content <= v,
                    "hand {hand}: the form is {content} px wide at {v}"
                );
                if hand == 2 {
                    whole_page_shot(&c, "phone-embers-hand-2", 390).await;
                    c.set_window_size(390, 844).await.unwrap();
                }
                submit(&c, "form.score-form").await;
                if hand < 4 {
                    let next = format!("After hand {} of 4", hand + 1);
                    // The checked hand comes back on the page the form was sent to.
                    let page = wait_for(&c, &format!("{}/result", phone.page), &next).await;
                    let running = game.score.hands[hand - 1].running;
                    assert!(page.contains("The score so far"), "{page}");
                    let row = last_running_row(&c).await;
                    assert!(
                        row.contains(&running.ns.to_string())
                            && row.contains(&running.ew.to_string()),
                        "hand {hand}: {row} (running {running:?})"
                    );
                }
            }
            let page = wait_for(&c, &phone.page, "The engine's score, hand by hand").await;
            assert!(page.contains(&game.score.totals.ns.to_string()), "{page}");
            assert!(scrolled_tables(&c).await.is_empty());
            whole_page_shot(&c, "phone-embers-agree", 390).await;
            c.set_window_size(390, 844).await.unwrap();
            c.find(Locator::XPath("//button[starts-with(normalize-space(),'E-W ♦♣') and contains(normalize-space(),': agree')]"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            wait_for(&c, &phone.page, "Both sides agree").await;
            // The laptop's standings take the phone's game in without a reload.
            wait_for_within(
                &c_laptop,
                &standings,
                &format!(">{tally}<"),
                Duration::from_secs(15),
            )
            .await;
            let after = c_laptop.execute(live, vec![]).await.unwrap();
            assert!(after.as_str().unwrap().contains("North 1"), "{after}");
            assert_not_reloaded(&c_laptop, &standings, "swapped in place, not reloaded").await;
            shot(&c_laptop, "embers-laptop-live").await;
            let stored = results(&e.api, &e.path).await;
            let r = at(&stored, 1, 1);
            assert_eq!(
                (&r["scores"], &r["status"]),
                (
                    &serde_json::json!({"majors": game.score.totals.ns, "minors": game.score.totals.ew}),
                    &serde_json::json!("confirmed")
                )
            );
        }
    }
    let stored = results(&e.api, &e.path).await;
    assert_eq!(stored.len(), 9);
    assert_eq!(standings_tally(&e.api, &e.path).await, tallies(&stored));
    c_laptop.close().await.unwrap();
    standings_at_both_widths(&c, &app, &standings, "North 1", "embers").await;
    c.close().await.unwrap();
}

/// Taps an Auction hand's calls on the call pad of the hand's fieldset `fs`, in order (for
/// three or four players): pass, double and redouble by their buttons, a bid by its
/// calypsos, points and suit.
async fn tap_calls(c: &Client, fs: &str, calls: &[calypso_director::engine::auction::Call]) {
    use calypso_director::engine::auction::Call;
    for call in calls {
        match call {
            Call::Pass => click(c, &format!("{fs} [data-call=pass]")).await,
            Call::Double => click(c, &format!("{fs} [data-call=double]")).await,
            Call::Redouble => click(c, &format!("{fs} [data-call=redouble]")).await,
            Call::Bid(b) => {
                c.execute(
                    "const [fs, n, points] = arguments;
                     const pad = document.querySelector(fs);
                     pad.querySelector(`.bid-calypsos input[value=\"${n}\"]`).closest('label').click();
                     pad.querySelector('.bid-points').value = points;",
                    vec![serde_json::json!(fs), serde_json::json!(b.calypsos), serde_json::json!(b.points)],
                )
                .await
                .unwrap();
                click(c, &format!("{fs} [data-suit={}]", b.suit.letter())).await;
            }
        }
    }
}

/// Fills the score form's fields by name: a radio chip by tapping its label, any other input
/// typed. "ok", or the first name the form lacks.
async fn set_score_fields(c: &Client, fields: &[[String; 2]]) -> serde_json::Value {
    c.execute(
        "const [fields] = arguments;
         const form = document.querySelector('form.score-form');
         for (const [k, v] of fields) {
           const radio = form.querySelector(`input[type=radio][name=\"${k}\"][value=\"${v}\"]`);
           if (radio) { radio.closest('label').click(); continue; }
           const i = form.querySelector(`input[name=\"${k}\"]`);
           if (!i) return `no ${k}`;
           i.value = v;
           i.dispatchEvent(new Event('input', {bubbles: true}));
         }
         return 'ok';",
        vec![serde_json::json!(fields)],
    )
    .await
    .unwrap()
}

/// An Auction Calypso evening of four tables of three (#23): table 1's phone (390 px) taps
/// each hand's calls on the call buttons (a bid built from its calypsos, points and suit),
/// the opponents' trumps and the players' counts; the engine checks each hand and shows the
/// running score; the last hand enters the result and the other two agree on the phone. A
/// laptop (1280 px) follows the public standings meanwhile and takes the result in without a
/// reload. The other tables report through the API.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_auction_table_taps_its_calls_hand_by_hand_on_a_phone() {
    use calypso_director::engine::auction::spec::PLAYERS;
    use common::evening::*;
    use common::games::*;
    const HANDS: usize = 3;
    let app = spawn_app().await;
    let api = club_api(&app, "alpha", "olive@example.org").await;
    let path = auction_evening(&api, HANDS, 2).await;
    let id: calypso_director::event::EventId = path.trim_start_matches("/events/").parse().unwrap();
    let (s, _) = api
        .post(&format!("{path}/rounds"), serde_json::json!({"round": 1}))
        .await;
    assert_eq!(s, reqwest::StatusCode::OK);
    let phone = Phone::at(&app, id, 4, 1);
    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(390, 844).await.unwrap();
    let laptop = tempfile::tempdir().unwrap();
    let (_laptop_driver, c_laptop) = start_browser(laptop.path()).await;
    c_laptop.set_window_size(1280, 900).await.unwrap();
    let standings = format!("/c/alpha/events/{id}/standings");

    // The event form on the laptop: hands and packs show for a game dealt at the table only.
    log_in_to_alpha(&c_laptop, &app).await;
    c_laptop
        .goto(&format!("{}/c/alpha/events/new", app.address))
        .await
        .unwrap();
    wait_for(&c_laptop, "/events/new", "What the games are").await;
    let hidden = "return document.querySelector('fieldset.embers-set').hidden;";
    assert_eq!(
        c_laptop.execute(hidden, vec![]).await.unwrap(),
        serde_json::json!(true)
    );
    fill(&c_laptop, "#name", "Auction by the form").await;
    fill(&c_laptop, "#tables", "2").await;
    click(&c_laptop, "#format option[value=progressive-individual]").await;
    click(&c_laptop, "#game option[value=auction]").await;
    assert_eq!(
        c_laptop.execute(hidden, vec![]).await.unwrap(),
        serde_json::json!(false)
    );
    fill(&c_laptop, "#hands", "18").await;
    shot(&c_laptop, "auction-event-form").await;
    submit(&c_laptop, "form.stack").await;
    let page = wait_for(&c_laptop, "", "Mark ready").await;
    assert!(page.contains("Auction Calypso"), "{page}");
    assert!(page.contains("18 hands"), "{page}");

    // Tables 2 to 4 report through the API, so the standings have something to stand on.
    let mut games = Vec::new();
    for table in 2..=4u64 {
        let game = auction_game(HANDS, 700 + table);
        let body = serde_json::json!({"round": 1, "table": table, "board": table,
            "auction": game.summary});
        let (s, v) = api.post(&format!("{path}/results"), body).await;
        assert_eq!(s, reqwest::StatusCode::CREATED, "{v}");
        games.push(([3 * table - 2, 3 * table - 1, 3 * table], game.score.totals));
    }
    c_laptop
        .goto(&format!("{}{standings}", app.address))
        .await
        .unwrap();
    wait_for(&c_laptop, &standings, "live-standings").await;
    mark_page(&c_laptop).await;

    let game = auction_game(HANDS, 701);
    c.goto(&format!("{}{}", app.address, phone.page))
        .await
        .unwrap();
    wait_for(&c, &phone.page, "Hand 1 of 3").await;
    let fields = auction_form(&game.summary, 1, 1, HANDS);
    for hand in 1..=HANDS {
        let fs = format!("#board-1-auction-{hand}");
        // The calls, tapped in order on the call pad.
        let calls = game.summary.hands[hand - 1].calls.clone().unwrap();
        tap_calls(&c, &fs, &calls).await;
        let typed = c
            .execute(
                "return document.querySelector(arguments[0] + ' input[name$=\"_calls\"]').value;",
                vec![serde_json::json!(fs)],
            )
            .await
            .unwrap();
        let want = fields
            .iter()
            .find(|(k, _)| *k == format!("a{hand}_calls"))
            .unwrap()
            .1
            .clone();
        assert_eq!(
            typed,
            serde_json::json!(want),
            "hand {hand}: the buttons typed the calls"
        );
        let chips = c
            .execute(
                "return document.querySelectorAll(arguments[0] + ' ol.call-chips li').length;",
                vec![serde_json::json!(fs)],
            )
            .await
            .unwrap();
        assert_eq!(chips, serde_json::json!(calls.len()), "one chip a call");
        // The trumps by tapping their chips, the counts typed.
        let prefix = format!("a{hand}_");
        let rest: Vec<[String; 2]> = fields
            .iter()
            .filter(|(k, _)| k.starts_with(&prefix) && !k.ends_with("_calls"))
            .map(|(k, v)| [k.clone(), v.clone()])
            .collect();
        assert_eq!(set_score_fields(&c, &rest).await, serde_json::json!("ok"));
        let (v, content) = widths(&c).await;
        assert!(
            content <= v,
            "hand {hand}: the form is {content} px wide at {v}"
        );
        if hand == 2 {
            whole_page_shot(&c, "phone-auction-hand-2", 390).await;
            c.set_window_size(390, 844).await.unwrap();
        }
        submit(&c, "form.score-form").await;
        if hand < HANDS {
            let next = format!("Hand {} of 3", hand + 1);
            let page = wait_for(&c, &format!("{}/result", phone.page), &next).await;
            assert!(page.contains("The score so far"), "{page}");
            let row = last_running_row(&c).await;
            for total in game.score.hands[hand - 1].running {
                assert!(row.contains(&total.to_string()), "hand {hand}: {row}");
            }
        }
    }
    let page = wait_for(&c, &phone.page, "The other two players check").await;
    for total in game.score.totals {
        assert!(
            page.contains(&format!("<strong>{total}</strong>")),
            "{page}"
        );
    }
    let (v, content) = widths(&c).await;
    assert!(content <= v, "the agree screen is {content} px wide at {v}");
    whole_page_shot(&c, "phone-auction-agree", 390).await;
    c.set_window_size(390, 844).await.unwrap();
    click(&c, "button[value=agree]").await;
    wait_for(&c, &phone.page, "All three players agree").await;
    games.push(([1, 2, 3], game.score.totals));

    // The tallies: each player's margin over the other two at the table.
    let worked = three_sided_tallies(
        &games
            .iter()
            .map(|(p, s)| (p.to_vec(), s.to_vec()))
            .collect::<Vec<_>>(),
    );
    assert_eq!(standings_tally(&api, &path).await, worked);
    let ann = worked[&1];
    wait_for_within(
        &c_laptop,
        &standings,
        &format!(">{ann}<"),
        Duration::from_secs(15),
    )
    .await;
    assert_not_reloaded(&c_laptop, &standings, "swapped in place, not reloaded").await;
    shot(&c_laptop, "auction-laptop-live").await;
    c_laptop.close().await.unwrap();
    assert_eq!(PLAYERS, 3);
    standings_at_both_widths(&c, &app, &standings, "Ann", "auction").await;
    c.close().await.unwrap();
}

/// A simultaneous event's field on a phone (390 px) and a laptop: the heats, the whole
/// field's standings and each club's fit, and a result entered at another club's heat
/// appears in the field's standings without a reload.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sims_field_follows_every_club_live_on_a_phone() {
    use common::evening::*;
    let app = spawn_app().await;
    let name = "Winter Sim of the Riverside and Lakeside Calypso Clubs";
    let TwoClubSim {
        e1, e2, sim_page, ..
    } = two_club_sim(&app, name).await;
    play_all(&e1).await;
    play_round(&e2, 1, None).await;
    let started = e2.start_round(2).await;
    let (table, board) = place(&started["tables"][0]);

    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    for width in [390, 1280] {
        c.set_window_size(width, 900).await.unwrap();
        c.goto(&format!("{}{sim_page}", app.address)).await.unwrap();
        wait_for(&c, &sim_page, "The whole field").await;
        let (v, content) = widths(&c).await;
        let scrolled = scrolled_tables(&c).await;
        whole_page_shot(&c, &format!("sim-field-{width}"), width).await;
        c.set_window_size(width, 900).await.unwrap();
        assert!(content <= v, "the sim page is {content} px wide at {v} px");
        assert!(scrolled.is_empty(), "at {width}: {scrolled:?}");
    }
    // A phone and a laptop watch at once (the laptop logged in as Bravo's director).
    let laptop_profile = tempfile::tempdir().unwrap();
    let (_laptop_driver, laptop) = start_browser(laptop_profile.path()).await;
    laptop.set_window_size(1280, 900).await.unwrap();
    laptop
        .goto(&format!("{}/login", app.address))
        .await
        .unwrap();
    fill(&laptop, "#email", "bea@bravo.example").await;
    fill(&laptop, "#password", PASSWORD).await;
    submit(&laptop, "form.stack").await;
    wait_for(&laptop, "/c/bravo", "New event").await;
    c.set_window_size(390, 844).await.unwrap();
    let part = "return document.getElementById('live-sim').innerHTML;";
    let mut before = Vec::new();
    for screen in [&c, &laptop] {
        screen
            .goto(&format!("{}{sim_page}", app.address))
            .await
            .unwrap();
        wait_for(screen, &sim_page, "Club bravo").await;
        let shown = screen.execute(part, vec![]).await.unwrap();
        before.push(shown.as_str().unwrap().to_string());
        mark_page(screen).await;
    }
    post_report(&e2, 2, table, board).await;
    // The page asks every 5 s: the new result is in the field's standings within two polls,
    // on both screens.
    let deadline = Instant::now() + Duration::from_secs(12);
    for (screen, before) in [&c, &laptop].into_iter().zip(before) {
        loop {
            let now = screen.execute(part, vec![]).await.unwrap();
            if now.as_str().unwrap() != before {
                break;
            }
            assert!(Instant::now() < deadline, "the field did not change");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        assert_not_reloaded(screen, &sim_page, "the field's part was swapped in place").await;
    }
    laptop.close().await.unwrap();
    // Every heat finished: the field's travellers and the list of sims fit too.
    for t in started["tables"].as_array().unwrap().iter().skip(1) {
        let (table, board) = place(t);
        post_report(&e2, 2, table, board).await;
    }
    play_round(&e2, 3, None).await;
    finish(&e1).await;
    finish(&e2).await;
    let travellers = format!("{sim_page}/travellers");
    for width in [390, 1280] {
        c.set_window_size(width, 900).await.unwrap();
        for (path, text, name) in [
            (
                travellers.as_str(),
                "Travellers across the field",
                "sim-travellers",
            ),
            ("/sims", "Simultaneous events", "sims"),
        ] {
            c.goto(&format!("{}{path}", app.address)).await.unwrap();
            wait_for(&c, path, text).await;
            let (v, content) = widths(&c).await;
            let scrolled = scrolled_tables(&c).await;
            whole_page_shot(&c, &format!("{name}-{width}"), width).await;
            c.set_window_size(width, 900).await.unwrap();
            assert!(content <= v, "{path} is {content} px wide at {v} px");
            assert!(scrolled.is_empty(), "{path} at {width}: {scrolled:?}");
        }
    }
    c.close().await.unwrap();
}

/// Fills deal `k`'s trick piles on the form.
async fn fill_piles(c: &Client, board: u32, k: usize, piles: [i64; 2]) {
    for (side, n) in ["NS", "EW"].iter().zip(piles) {
        fill(c, &format!("#d{k}_piles_{side}_{board}"), &n.to_string()).await;
    }
}

/// Enter as you go on a phone (390 px): deal 1 tapped and "Check deal 1" shows the score so
/// far with deal 2 started from deal 1; a reload keeps it; a wrong deal 2 is named in the
/// players' words (the card as 9♠); corrected and checked, deal 3 checked, and the result
/// sent with deal 4. Nothing scrolls sideways.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_enters_deal_by_deal_on_a_phone() {
    let app = spawn_app().await;
    let (id, code) = two_tables_playing(&app, "As You Go").await;
    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(390, 844).await.unwrap();
    let path = format!("/t/{code}");
    let sent = format!("{path}/result");
    let (board, spec, lines) = deal_by_deal_game(&c, &app, id, &path).await;
    let saved = || {
        with_conn(&app, |conn| {
            calypso_director::db::results::results_of(conn, app.club_id("alpha"), id).unwrap()
        })
    };
    let fits = |what: &'static str| {
        let c = &c;
        async move {
            let (v, content) = widths(c).await;
            assert!(content <= v, "{what}: {content} px wide at {v}");
        }
    };
    assert!(
        !shown(&c, "button[name=check]").await,
        "the whole game has none"
    );
    click(&c, "label:has(input[name=mode][value=deals])").await;
    assert!(shown(&c, "button[name=check]").await);

    // Deal 1 tapped and counted, then checked.
    let seats = ["N", "E", "S", "W"];
    for (s, seat) in seats.iter().enumerate() {
        for &r in &lines[0].ranks[s] {
            tap(&c, &format!("d1_ranks_{seat}"), r).await;
        }
    }
    fill_piles(&c, board, 1, lines[0].piles).await;
    assert_eq!(
        c.find(Locator::Css("button[name=check]"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap(),
        "Check deal 1"
    );
    click(&c, "button[name=check]").await;
    let page = wait_for(&c, &sent, "The score so far, after deal 1").await;
    let (ns, ew) = lines[0].scores([0, 0]);
    assert!(
        page.contains(&format!("<strong>{ns}</strong>"))
            && page.contains(&format!("<strong>{ew}</strong>")),
        "{page}"
    );
    assert!(saved().is_empty(), "nothing is saved");
    // Deal 1 folded away, deal 2 open and started from it, deal 3 waiting.
    let folded = c
        .execute(
            "const d = document.getElementById(arguments[0]).closest('details'); return !!d && !d.open;",
            vec![serde_json::json!(format!("board-{board}-deal-1"))],
        )
        .await
        .unwrap();
    assert_eq!(folded, serde_json::json!(true), "deal 1 folds away");
    assert!(shown(&c, &format!("#d2_piles_NS_{board}")).await);
    assert!(!shown(&c, &format!("#d3_piles_NS_{board}")).await);
    let carried = c
        .execute(
            "return document.querySelectorAll('input[name^=d2_ranks_]:checked').length;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(carried, serde_json::json!(6));
    fits("deal 1 checked").await;
    shot(&c, "phone-asyougo-deal1-checked").await;
    c.set_window_size(390, 844).await.unwrap();

    // The phone reloads: deal 1 and deal 2's start are kept.
    c.goto(&format!("{}{path}", app.address)).await.unwrap();
    wait_for(&c, &path, "Check and enter the result").await;
    let kept = c
        .execute(
            "return [document.querySelector('input[name=mode]:checked').value, \
             document.querySelectorAll('input[name^=d1_ranks_]:checked').length, \
             document.querySelectorAll('input[name^=d2_ranks_]:checked').length, \
             document.querySelector('input[name=d1_piles_EW]').value];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        kept,
        serde_json::json!(["deals", 6, 6, lines[0].piles[1].to_string()])
    );

    // Deal 2 wrong: North's card untapped (it left the calypso in progress with no calypso
    // completed), counted in N-S's pile instead.
    let north = lines[1].ranks[0][0];
    tap(&c, "d2_ranks_N", north).await;
    fill_piles(&c, board, 2, [lines[1].piles[0] + 1, lines[1].piles[1]]).await;
    assert_eq!(
        c.find(Locator::Css("button[name=check]"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap(),
        "Check deal 2"
    );
    click(&c, "button[name=check]").await;
    let page = wait_for(&c, &sent, "no calypso was completed").await;
    let spades = spec
        .trumps
        .of(calypso_director::engine::Seat::North)
        .unwrap();
    let card = format!(
        "{}{}",
        if north == 'T' {
            "10".to_string()
        } else {
            north.to_string()
        },
        spades.symbol()
    );
    assert!(
        page.contains(&format!("after deal 2: {card} left North")),
        "{page}"
    );
    assert!(saved().is_empty());
    fits("deal 2 refused").await;
    c.execute(
        "document.getElementById(arguments[0]).scrollIntoView();",
        vec![serde_json::json!(format!("board-{board}-deal-2"))],
    )
    .await
    .unwrap();
    shot(&c, "phone-asyougo-deal2-refused").await;

    // Corrected and checked; deal 3 checked; deal 4 sent as the result.
    tap(&c, "d2_ranks_N", north).await;
    fill_piles(&c, board, 2, lines[1].piles).await;
    click(&c, "button[name=check]").await;
    wait_for(&c, &sent, "The score so far, after deal 2").await;
    fill_piles(&c, board, 3, lines[2].piles).await;
    click(&c, "button[name=check]").await;
    let page = wait_for(&c, &sent, "The score so far, after deal 3").await;
    let (ns, _) = lines[2].scores([0, 0]);
    assert!(page.contains(&format!("<strong>{ns}</strong>")));
    assert!(
        !page.contains("Check deal 4"),
        "the last deal is sent as the result"
    );
    fits("deal 3 checked").await;
    fill(&c, &format!("#d4_calypsos_N_{board}"), "1").await;
    fill_piles(&c, board, 4, lines[3].piles).await;
    whole_page_shot(&c, "phone-asyougo-deal4-filled", 390).await;
    c.set_window_size(390, 844).await.unwrap();
    submit(&c, "form.score-form").await;
    let page = wait_for(&c, &path, ": agree</button>").await;
    let (majors, minors) = lines[3].scores([0, 0]);
    assert!(page.contains(&majors.to_string()) && page.contains(&minors.to_string()));
    shot(&c, "phone-asyougo-sent").await;
    let stored = saved();
    assert_eq!(stored.len(), 1);
    assert_eq!(
        (
            i64::from(stored[0].values.scores.majors),
            i64::from(stored[0].values.scores.minors)
        ),
        (majors, minors)
    );
    assert_eq!(
        stored[0].values.report.json()["deals"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    c.close().await.unwrap();
}

/// The class of the director's grid row of `round`'s `table` (its state, as `grid-…`).
async fn grid_row(c: &Client, round: u64, table: u64) -> String {
    let v = c
        .execute(
            "const row = [...document.querySelectorAll(`#round-${arguments[0]} tbody tr`)]
               .find(r => r.querySelector('td.place strong').textContent.trim() === String(arguments[1]));
             return row ? row.className : 'no row';",
            vec![serde_json::json!(round), serde_json::json!(table)],
        )
        .await
        .unwrap();
    v.as_str().unwrap().to_string()
}

/// Waits (up to 12 s: the director's parts ask every 3 s) until what `read` reads on the
/// page passes `until`.
async fn wait_live<F, Fut>(what: &str, read: F, until: impl Fn(&str) -> bool) -> String
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = String>,
{
    let deadline = Instant::now() + Duration::from_secs(12);
    loop {
        let now = read().await;
        if until(&now) {
            return now;
        }
        assert!(Instant::now() < deadline, "{what}: still {now:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The page at its width: no sideways scroll, no table scrolled in its box.
async fn fits(c: &Client, what: &str) {
    let (v, content) = widths(c).await;
    assert!(content <= v, "{what} is {content} px wide at {v} px");
    let hidden = scrolled_tables(c).await;
    assert!(hidden.is_empty(), "{what}: {hidden:?}");
}

/// Issue #36 in the room: two phones and a laptop at once. Table 5 of a five-table Mitchell
/// enters its round 1 result on its phone after round 2 started; it waits for pair 10, now at
/// table 1, whose phone shows it set apart and takes their agree; the director's grid and
/// round control, open on a laptop, follow both steps without a reload.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_result_is_agreed_at_the_pairs_new_table_while_the_director_watches() {
    use common::evening::*;
    let app = spawn_app().await;
    let e = five_rounds(club_api(&app, "alpha", "olive@example.org").await).await;
    let id = event_id(&e);
    let site = format!("/c/alpha/events/{id}");
    let places = play_round(&e, 1, Some(5)).await;
    let (_, late_board) = places.iter().copied().find(|p| p.0 == 5).unwrap();
    start_round_anyway(&e, 2).await;
    let five = Phone::at(&app, id, 5, 5).page;
    let one = Phone::at(&app, id, 5, 1).page;
    let open_game = format!("round 1 · table 5 · board {late_board}");

    // The laptop: the director's grid in one window, round control in another.
    let laptop_profile = tempfile::tempdir().unwrap();
    let (_laptop_driver, laptop) = start_browser(laptop_profile.path()).await;
    laptop.set_window_size(1280, 900).await.unwrap();
    log_in_to_alpha(&laptop, &app).await;
    let grid = format!("{site}/results");
    laptop
        .goto(&format!("{}{grid}", app.address))
        .await
        .unwrap();
    wait_for(&laptop, &grid, "Round 2").await;
    let before = grid_row(&laptop, 1, 5).await;
    assert!(before.starts_with("attention "), "{before}");
    mark_page(&laptop).await;
    let grid_window = laptop.window().await.unwrap();
    let rounds_window = laptop.new_window(false).await.unwrap().handle;
    laptop
        .switch_to_window(rounds_window.clone())
        .await
        .unwrap();
    laptop.set_window_size(1280, 900).await.unwrap();
    let rounds = format!("{site}/rounds");
    laptop
        .goto(&format!("{}{rounds}", app.address))
        .await
        .unwrap();
    wait_for(&laptop, &rounds, &open_game).await;
    mark_page(&laptop).await;
    let l = &laptop;
    let still_open = move || async move {
        l
            .execute(
                "const a = document.querySelector('#live-rounds .attention'); return a ? a.textContent : '';",
                vec![],
            )
            .await
            .unwrap()
            .as_str()
            .unwrap()
            .to_string()
    };

    // Two phones: table 5's and table 1's pages by their codes, no login.
    let five_profile = tempfile::tempdir().unwrap();
    let (_five_driver, p5) = start_browser(five_profile.path()).await;
    let one_profile = tempfile::tempdir().unwrap();
    let (_one_driver, p1) = start_browser(one_profile.path()).await;
    for (p, page) in [(&p5, &five), (&p1, &one)] {
        p.set_window_size(390, 844).await.unwrap();
        p.goto(&format!("{}{page}", app.address)).await.unwrap();
    }
    wait_for(&p5, &five, "Round 1 is not finished here").await;
    let html = wait_for(&p1, &one, "Board ").await;
    assert!(!html.contains("your result waits for you"), "{html}");

    // Table 5 enters round 1 in the late round's form: it waits for pair 10, no agree here.
    let report = Report::new(&e.deals(late_board), 4, [1, 0, 1, 0], [3, 1, 2, 3]);
    fill_counts(
        &p5,
        "section.late form.score-form",
        report.form(1, late_board),
    )
    .await;
    submit(&p5, "section.late form.score-form").await;
    let html = wait_for(&p5, &five, "waiting for pair 10, now at table 1").await;
    assert!(html.contains("Round 1 is not finished here"), "{html}");
    assert_eq!(
        html.matches("waiting for pair 10").count(),
        1,
        "said once, in the late round's notice: {html}"
    );
    assert!(html.contains("Nothing to answer on this phone."), "{html}");
    assert!(
        !shown(&p5, "section.late button[value=agree]").await
            && !shown(&p5, "section.late button[value=disagree]").await,
        "no answer for the result on table 5's phone"
    );
    fits(&p5, "table 5's phone, waiting").await;
    whole_page_shot(&p5, "room-table5-waiting-390", 390).await;

    // The laptop follows: provisional on the grid, provisional in round control.
    laptop.switch_to_window(grid_window.clone()).await.unwrap();
    wait_live(
        "the grid's row",
        || grid_row(l, 1, 5),
        |r| r == "grid-provisional",
    )
    .await;
    assert_not_reloaded(&laptop, &grid, "the grid swapped its part in place").await;
    fits(&laptop, "the grid").await;
    whole_page_shot(&laptop, "room-laptop-grid-provisional-1280", 1280).await;
    laptop
        .switch_to_window(rounds_window.clone())
        .await
        .unwrap();
    let provisional = format!("{open_game}: provisional");
    wait_live("round control", still_open, |s| s.contains(&provisional)).await;
    assert_not_reloaded(&laptop, &rounds, "round control swapped its part in place").await;
    fits(&laptop, "round control").await;
    whole_page_shot(&laptop, "room-laptop-rounds-provisional-1280", 1280).await;

    // Table 1's phone, opened again (the table's page does not ask by itself): the round 1
    // result set apart before its own board, naming pair 10, with the agree button.
    p1.refresh().await.unwrap();
    let html = wait_for(
        &p1,
        &one,
        "From round 1 at table 5: your result waits for you to agree",
    )
    .await;
    assert!(
        html.contains("E-W ♦♣ · Pair 10, North 10 &amp; South 10: agree")
            || html.contains("E-W ♦♣ · Pair 10, North 10 &#38; South 10: agree"),
        "{html}"
    );
    let order = p1
        .execute(
            "return [...document.querySelectorAll('section.score')].map(s => s.classList.contains('away'));",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(order, serde_json::json!([true, false]), "set apart, first");
    let agree = "section.away button[value=agree]";
    assert!(shown(&p1, agree).await);
    fits(&p1, "table 1's phone, asked").await;
    whole_page_shot(&p1, "room-table1-asked-390", 390).await;
    p1.set_window_size(390, 844).await.unwrap();

    // Pair 10 taps agree on table 1's phone.
    click(&p1, agree).await;
    let html = wait_gone(&p1, "your result waits for you").await;
    assert!(
        html.contains("Board "),
        "its own round is still there: {html}"
    );
    let stored = e
        .all_results()
        .await
        .into_iter()
        .find(|r| r["round"] == 1 && r["table"] == 5)
        .unwrap();
    assert_eq!(stored["status"], "confirmed");
    let by = stored["audit"].as_array().unwrap().last().unwrap()["by"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        by.starts_with("agreed by E-W ♦♣ (pair 10) at table 1"),
        "{by}"
    );
    fits(&p1, "table 1's phone, agreed").await;
    whole_page_shot(&p1, "room-table1-agreed-390", 390).await;

    // The laptop follows again: confirmed on the grid, gone from round control's list.
    wait_live("round control", still_open, |s| !s.contains(&open_game)).await;
    assert_not_reloaded(&laptop, &rounds, "round control swapped its part in place").await;
    fits(&laptop, "round control").await;
    whole_page_shot(&laptop, "room-laptop-rounds-confirmed-1280", 1280).await;
    laptop.switch_to_window(grid_window).await.unwrap();
    wait_live(
        "the grid's row",
        || grid_row(l, 1, 5),
        |r| r == "grid-confirmed",
    )
    .await;
    assert_not_reloaded(&laptop, &grid, "the grid swapped its part in place").await;
    fits(&laptop, "the grid").await;
    whole_page_shot(&laptop, "room-laptop-grid-confirmed-1280", 1280).await;

    // Table 5's phone, opened again: round 1 is finished there.
    p5.set_window_size(390, 844).await.unwrap();
    p5.refresh().await.unwrap();
    let html = wait_for(&p5, &five, "Board ").await;
    assert!(!html.contains("Round 1 is not finished here"), "{html}");
    fits(&p5, "table 5's phone, done").await;
    whole_page_shot(&p5, "room-table5-done-390", 390).await;

    for c in [p5, p1, laptop] {
        c.close().await.unwrap();
    }
}

/// Issue #38 on a phone (390 px): once table 1's result is agreed, its phone opens the
/// board's rebuild steps, sorts, goes to ♠ with Next, ticks a copy's chip, reloads (the tick
/// and the step are kept), steps through the suits and sends "Board N rebuilt": the page says
/// which table the board goes to, and the ticks kept for it are dropped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_rebuilds_its_board_step_by_step_on_a_phone() {
    use common::evening::*;
    let app = spawn_app().await;
    let api = club_api(&app, "alpha", "olive@example.org").await;
    let e = mitchell(api).await;
    e.start_round(1).await;
    let id = event_id(&e);
    let board = board_now(&e, 1).await;
    post_report(&e, 1, 1, board).await;
    let page = Phone::at(&app, id, 5, 1).page;
    let (_, m) = with_conn(&app, |conn| {
        calypso_director::service::play::movement_of(conn, app.club_id("alpha"), id)
            .unwrap()
            .unwrap()
    });
    let goes = (1..=m.tables)
        .find(|&t| m.boards_at(2, t).contains(&(board as u32)))
        .unwrap();

    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(390, 844).await.unwrap();
    c.goto(&format!("{}{page}", app.address)).await.unwrap();
    wait_for(&c, &page, &format!("Rebuild board {board}</a>")).await;
    let to_rebuilds = "document.getElementById('rebuilds').scrollIntoView();";
    c.execute(to_rebuilds, vec![]).await.unwrap();
    shot(&c, "phone-rebuild-offered").await;
    click(&c, "#rebuilds a.button").await;
    let path = format!("{page}/rebuild/{board}");
    wait_for(&c, &path, "Step 1 of 6: sort the cards").await;
    fits(&c, "the rebuild page").await;
    assert!(shown(&c, "#step-0").await && !shown(&c, "#step-1").await);
    shot(&c, "phone-rebuild-sort").await;

    click(&c, "#step-0 button[data-go=\"1\"]").await;
    assert!(!shown(&c, "#step-0").await && shown(&c, "#step-1").await);
    let first = "#step-1 label.chip";
    click(&c, first).await;
    let ticked = "return document.querySelector('#step-1 label.chip input').checked;";
    assert_eq!(
        c.execute(ticked, vec![]).await.unwrap(),
        serde_json::json!(true)
    );
    fits(&c, "the ♠ step").await;
    shot(&c, "phone-rebuild-spades").await;
    whole_page_shot(&c, "phone-rebuild-spades-whole", 390).await;
    c.set_window_size(390, 844).await.unwrap();

    // The phone locks, the page reloads: the tick and the step are still there.
    c.refresh().await.unwrap();
    wait_for(&c, &path, "Step 2 of 6").await;
    assert_eq!(
        c.execute(ticked, vec![]).await.unwrap(),
        serde_json::json!(true),
        "the tick is kept"
    );
    assert!(shown(&c, "#step-1").await, "the step is kept");

    for n in 1..=4 {
        click(&c, &format!("#step-{n} button[data-go=\"{}\"]", n + 1)).await;
        assert!(shown(&c, &format!("#step-{}", n + 1)).await);
        if n == 1 {
            shot(&c, "phone-rebuild-hearts").await;
        }
    }
    let last = c
        .find(Locator::Css("#step-5 .ticked"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(last, "1 of 208 cards ticked.");
    shot(&c, "phone-rebuild-last-step").await;
    submit(&c, "#step-5 form").await;
    let done = wait_for(&c, &path, &format!("Board {board} goes to table {goes}.")).await;
    assert!(done.contains(&format!("Board {board} rebuilt ✓")));
    fits(&c, "the rebuilt page").await;
    shot(&c, "phone-rebuild-done").await;
    let left = c
        .execute("return window.localStorage.length;", vec![])
        .await
        .unwrap();
    assert_eq!(left, serde_json::json!(0), "the board's ticks are dropped");

    // Back on the table's page: rebuilt, and where it goes.
    click(&c, ".rebuild-done a.button").await;
    wait_for(
        &c,
        &page,
        &format!("Board {board} rebuilt ✓ — goes to table {goes}"),
    )
    .await;
    c.execute(to_rebuilds, vec![]).await.unwrap();
    shot(&c, "phone-rebuild-table-page").await;
    c.close().await.unwrap();
}

/// The text of the first element at `css`, or "" when there is none.
async fn text_at(c: &Client, css: &str) -> String {
    c.execute(
        "const e = document.querySelector(arguments[0]); return e ? e.textContent : '';",
        vec![serde_json::json!(css)],
    )
    .await
    .unwrap()
    .as_str()
    .unwrap_or("")
    .to_string()
}

/// Issue #38's room clock: round control in one window of the director's laptop and the room
/// clock in another, at once. Pausing, resuming, extending and starting the next round from
/// round control change the clock without a reload; moving the server's test clock forward
/// brings Sheinwold's pacing announcement, then the move with "Where do I go?"; the clock
/// counts down by itself between polls.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_room_clock_follows_round_control_without_a_reload() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let mut fields = event_fields("Clock Night");
    fields[4] = ("tables", "3");
    fields[5] = ("boards", "3");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let site = location(&r);
    enter_pairs(&d, &format!("{site}/entries"), 6, "Ann", "Bob").await;
    let movement = format!("{site}/movement");
    let r = d
        .post(
            &movement,
            &movement,
            &[("rounds", "2"), ("boards_per_round", "1")],
        )
        .await;
    assert_eq!(r.status(), reqwest::StatusCode::SEE_OTHER);
    move_event(&d, &site, &TO_RUNNING).await;

    let profile = tempfile::tempdir().unwrap();
    let (_driver, laptop) = start_browser(profile.path()).await;
    laptop.set_window_size(1280, 900).await.unwrap();
    log_in_to_alpha(&laptop, &app).await;
    // The clock in one window...
    let clock = format!("{site}/clock");
    laptop
        .goto(&format!("{}{clock}", app.address))
        .await
        .unwrap();
    wait_for(&laptop, &clock, "Round <strong>1</strong> of 2").await;
    assert_eq!(text_at(&laptop, ".clock-phase-name").await, "play");
    mark_page(&laptop).await;
    let clock_window = laptop.window().await.unwrap();
    // ... the director's round control in another.
    let rounds_window = laptop.new_window(false).await.unwrap().handle;
    laptop
        .switch_to_window(rounds_window.clone())
        .await
        .unwrap();
    laptop.set_window_size(1280, 900).await.unwrap();
    let rounds = format!("{site}/rounds");
    laptop
        .goto(&format!("{}{rounds}", app.address))
        .await
        .unwrap();
    wait_for(&laptop, &rounds, "Open the room clock").await;
    whole_page_shot(&laptop, "clock-round-control-1280", 1280).await;

    // The countdown ticks in the browser between the server's answers.
    laptop.switch_to_window(clock_window.clone()).await.unwrap();
    let first = text_at(&laptop, "[data-countdown]").await;
    let l = &laptop;
    wait_live(
        "the countdown",
        || text_at(l, "[data-countdown]"),
        |t| !t.is_empty() && t != first,
    )
    .await;

    // Pause from round control: the clock says so and stands still.
    laptop
        .switch_to_window(rounds_window.clone())
        .await
        .unwrap();
    click(&laptop, "#clock form:has(input[value=pause]) button").await;
    wait_for(&laptop, &rounds, "The clock is paused.").await;
    laptop.switch_to_window(clock_window.clone()).await.unwrap();
    wait_live(
        "the paused clock",
        || text_at(l, ".clock-phase"),
        |t| t.contains("paused"),
    )
    .await;
    let still = text_at(&laptop, "[data-countdown]").await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(text_at(&laptop, "[data-countdown]").await, still, "paused");
    assert_not_reloaded(&laptop, &clock, "the clock swapped its part in place").await;

    // Resume, then extend by 5 minutes: play's 45 minutes become 50.
    laptop
        .switch_to_window(rounds_window.clone())
        .await
        .unwrap();
    click(&laptop, "#clock form:has(input[value=resume]) button").await;
    wait_for(&laptop, &rounds, "The clock runs again.").await;
    click(&laptop, "#clock form:has(input[value=extend]) button").await;
    wait_for(&laptop, &rounds, "The round has 5 more minutes to play.").await;
    laptop.switch_to_window(clock_window.clone()).await.unwrap();
    wait_live(
        "the extended clock",
        || text_at(l, "[data-countdown]"),
        |t| t.starts_with("49:") || t.starts_with("50:"),
    )
    .await;
    assert!(!text_at(&laptop, ".clock-phase").await.contains("paused"));
    assert_not_reloaded(&laptop, &clock, "the clock swapped its part in place").await;

    // The room's time moves on (the test's clock, not a wait): "You should be finishing
    // deal 1" three quarters into the first deal's share of 45 minutes.
    app.advance_clock(520);
    wait_live(
        "the pacing announcement",
        || text_at(l, ".clock-announcement"),
        |t| t == "You should be finishing deal 1",
    )
    .await;
    assert_not_reloaded(&laptop, &clock, "the announcement came without a reload").await;
    assert!(
        shown(&laptop, "#clock-full").await,
        "a projector's browser is offered the clock full screen"
    );
    whole_page_shot(&laptop, "clock-play-1280", 1280).await;
    laptop.set_window_size(390, 844).await.unwrap();
    whole_page_shot(&laptop, "clock-play-390", 390).await;
    fits(&laptop, "the clock at 390 px").await;

    // The move: who goes where, and the late tables.
    app.advance_clock(2700 + 300 + 480 - 520 + 5);
    let moves = wait_live(
        "the move",
        || text_at(l, ".clock-moves"),
        |t| t.contains("Where do I go?"),
    )
    .await;
    assert!(moves.contains("Pair 4: table 2, E-W ♦♣"), "{moves}");
    assert_eq!(
        text_at(&laptop, ".clock-announcement").await,
        "Move: where do I go?"
    );
    assert_eq!(
        text_at(&laptop, ".clock-late").await,
        "Late: tables 1, 2, 3"
    );
    fits(&laptop, "the move at 390 px").await;
    whole_page_shot(&laptop, "clock-move-390", 390).await;
    laptop.set_window_size(1280, 900).await.unwrap();
    whole_page_shot(&laptop, "clock-move-1280", 1280).await;
    assert_not_reloaded(&laptop, &clock, "the move came without a reload").await;

    // Round 2 started from round control (round 1's games still open: confirmed).
    laptop
        .switch_to_window(rounds_window.clone())
        .await
        .unwrap();
    click(&laptop, "form[action$='/rounds'] button[type=submit]").await;
    wait_for(&laptop, "/rounds", "Start round 2?").await;
    click(&laptop, "form[action$='/rounds'] button[type=submit]").await;
    wait_for(&laptop, &rounds, "Round 2 has started.").await;
    laptop.set_window_size(390, 844).await.unwrap();
    whole_page_shot(&laptop, "clock-round-control-390", 390).await;
    fits(&laptop, "round control at 390 px").await;
    laptop.switch_to_window(clock_window).await.unwrap();
    wait_live(
        "round 2 on the clock",
        || text_at(l, ".clock-round"),
        |t| t.contains("Round 2 of 2"),
    )
    .await;
    assert_eq!(text_at(&laptop, ".clock-phase-name").await, "play");
    assert_not_reloaded(&laptop, &clock, "round 2 came without a reload").await;

    // A table's phone: the clock in one line above its round.
    let id = id_from_location(&site);
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
    let phone_profile = tempfile::tempdir().unwrap();
    let (_phone_driver, phone) = start_browser(phone_profile.path()).await;
    phone.set_window_size(390, 844).await.unwrap();
    let table = format!("/t/{}", codes[0].1);
    phone
        .goto(&format!("{}{table}", app.address))
        .await
        .unwrap();
    let p = &phone;
    let line = wait_live(
        "the phone's clock",
        || text_at(p, ".table-clock"),
        |t| t.starts_with("Round 2 · 56 min left · play"),
    )
    .await;
    assert!(!line.contains("paused"), "{line}");
    fits(&phone, "the table's phone").await;
    whole_page_shot(&phone, "clock-table-phone-390", 390).await;
}

/// The seat page's table part as the browser shows it now: its seq, and the card buttons.
async fn seat_now(c: &Client) -> (u64, Vec<String>) {
    let v = c
        .execute(
            "const t = document.querySelector('#seat-table .seat-table');
             return [t ? Number(t.getAttribute('data-seq')) : 0,
                     [...document.querySelectorAll('#seat-table button.play')].map(b => b.value)];",
            vec![],
        )
        .await
        .unwrap();
    let seq = v[0].as_u64().unwrap_or(0);
    let cards = v[1]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect();
    (seq, cards)
}

/// Issue #39's browser proof: one person at 390 px plays a whole board (four deals, 52
/// cards) by tapping legal cards on the page their seat link opens, against three robots
/// (the robots' threads of the server, at a tiny budget), while the club's director has the
/// results grid open on a laptop (a second browser at 1280 px). The phone follows the
/// robots' cards without a reload (the seat's stream); only the legal cards are buttons; the
/// arrow keys move between them and Enter plays; the live region says each card; every card
/// tapped is stored once, as the person's, at the next seq; at the end the score shows with
/// the engine's breakdown, and the grid shows the table's result (confirmed, the engine's
/// scores) without a reload.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_plays_a_whole_board_on_a_phone_against_three_robots_while_the_grid_watches() {
    use calypso_director::db::online::{NewLink, OnlineBoard, moves_of};
    use calypso_director::engine::Seat;
    use calypso_director::service::online;
    use calypso_director::service::tokens::{hash_token, random_token};
    use diesel::prelude::*;
    let app = spawn_app_with_robots().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (site, id, _) = two_tables_running(&app, &d, "Online evening", ("Ann", "Bob")).await;
    play_online(&app, id);
    let club = app.club_id("alpha");
    let me = Seat::South;
    // The person's seat link, and robots' seats at table 1's North, East and West (a robot's
    // link row, as the seat listing stores one: a hash nobody has the token of).
    let mine = with_conn(&app, |c| {
        online::issue_seat_link(c, club, id, 1, 1, None, me, None).unwrap()
    });
    let robots: Vec<NewLink> = [Seat::North, Seat::East, Seat::West]
        .into_iter()
        .map(|seat| NewLink {
            token_hash: hash_token(&random_token()),
            token: None,
            round: 1,
            table: 1,
            board: None,
            seat,
            entry: None,
            robot: true,
        })
        .collect();
    assert!(with_conn(&app, |c| {
        calypso_director::db::online::insert_club_links(c, club, id, &robots).unwrap()
    }));
    // The robots think 2 ms a card (below the setting's bounds, for speed); nobody is taken
    // over (an hour's away time).
    with_conn(&app, |c| {
        use calypso_director::db::schema::event_play as p;
        diesel::update(p::table.find(id.get()))
            .set((p::robot_ms.eq(2), p::away_seconds.eq(3600)))
            .execute(c)
            .unwrap()
    });
    let view = |t: &str| online::table_state(&app.pool, t).unwrap();
    let start = view(&mine);
    let at = OnlineBoard {
        event: id,
        round: 1,
        table: 1,
        board: start.board,
    };
    let log = || with_conn(&app, |c| moves_of(c, at).unwrap());

    // The laptop: the director's results grid, before the first card.
    let laptop_profile = tempfile::tempdir().unwrap();
    let (_laptop_driver, laptop) = start_browser(laptop_profile.path()).await;
    laptop.set_window_size(1280, 900).await.unwrap();
    log_in_to_alpha(&laptop, &app).await;
    let grid = format!("{site}/results");
    laptop
        .goto(&format!("{}{grid}", app.address))
        .await
        .unwrap();
    wait_for(&laptop, &grid, "Round 1").await;
    let before = grid_row(&laptop, 1, 1).await;
    assert!(
        !before.contains("grid-confirmed") && !before.contains("grid-provisional"),
        "no result yet: {before}"
    );
    mark_page(&laptop).await;

    // The phone.
    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(390, 844).await.unwrap();
    let page = format!("/seat/{mine}");
    c.goto(&format!("{}{page}", app.address)).await.unwrap();
    wait_for(&c, &page, "Your seat: South").await;
    mark_page(&c).await;
    whole_page_shot(&c, "seat-start-390", 390).await;
    c.set_window_size(390, 844).await.unwrap();
    let wide = c
        .execute(
            "return [...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right > window.innerWidth).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).slice(0, 8).join(', ');",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(wide, serde_json::json!(""), "nothing sticks out at 390 px");
    fits(&c, "the seat page").await;

    let mut tapped = 0;
    let mut deals_tapped = std::collections::BTreeSet::new();
    let mut by_keyboard = false;
    let mut mid_trick_shot = false;
    let started = Instant::now();
    loop {
        let s = view(&mine);
        if s.over {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "the board is not over after 600 s (card {})",
            s.seq
        );
        if s.to_play != Some(me) {
            // A robot's turn: the server's robots play it.
            tokio::time::sleep(Duration::from_millis(30)).await;
            continue;
        }
        let legal: Vec<String> = s
            .legal
            .as_ref()
            .unwrap()
            .0
            .iter()
            .map(|c| c.to_string())
            .collect();
        // The page follows the robots' cards by itself: no reload.
        let cl = &c;
        wait_live(
            "the page to show South's turn",
            || async move { format!("{:?}", seat_now(cl).await) },
            |now| now.starts_with(&format!("({}, [", s.seq)) && !now.ends_with("[])"),
        )
        .await;
        let (_, mut buttons) = seat_now(&c).await;
        buttons.dedup();
        assert_eq!(buttons, legal, "only the legal cards are buttons");
        assert_not_reloaded(&c, &page, "the page followed the robots' cards").await;
        // Once the page has seen the table move on (the robots' cards before it opened are
        // not news to it).
        if tapped > 0 && !s.trick_so_far.is_empty() {
            let said = text_at(&c, "#seat-live").await;
            let last = s.trick_so_far.last().unwrap();
            assert!(
                said.contains(&format!("{} played the", last.seat.name()))
                    && said.ends_with("Your turn."),
                "the live region says the last card and whose turn: {said:?}"
            );
        }
        if !mid_trick_shot && s.trick_so_far.len() == 2 {
            mid_trick_shot = true;
            fits(&c, "the seat page mid-trick").await;
            shot(&c, "seat-mid-trick-390").await;
            c.set_window_size(1280, 900).await.unwrap();
            fits(&c, "the seat page on a laptop").await;
            shot(&c, "seat-mid-trick-1280").await;
            c.set_window_size(390, 844).await.unwrap();
        }
        let played = if !by_keyboard && legal.len() > 1 {
            // The keyboard: the first legal card, the arrow key to the next, Enter plays it.
            by_keyboard = true;
            let first = c
                .find(Locator::Css("#seat-table button.play"))
                .await
                .unwrap();
            // The hand shows every copy (four decks): the next button may be a second
            // copy of the same card, so the next card is the second button's.
            let next = c
                .execute(
                    "return document.querySelectorAll('#seat-table button.play')[1].value;",
                    vec![],
                )
                .await
                .unwrap();
            let next = next.as_str().unwrap().to_string();
            assert!(legal.contains(&next), "{next} is a legal card");
            first
                .send_keys(&fantoccini::key::Key::Right.to_string())
                .await
                .unwrap();
            let focused = c
                .execute("return document.activeElement.value || '';", vec![])
                .await
                .unwrap();
            assert_eq!(
                focused,
                serde_json::json!(next),
                "the arrow key moves to the next legal card"
            );
            let name = c
                .execute(
                    "return document.activeElement.getAttribute('aria-label');",
                    vec![],
                )
                .await
                .unwrap();
            assert!(
                name.as_str().unwrap().contains(" of "),
                "named in words: {name}"
            );
            let now = c
                .find(Locator::Css("#seat-table button.play:focus"))
                .await
                .unwrap();
            now.send_keys(&fantoccini::key::Key::Enter.to_string())
                .await
                .unwrap();
            next
        } else {
            click(&c, "#seat-table button.play").await;
            legal[0].clone()
        };
        tapped += 1;
        deals_tapped.insert(s.deal);
        // Played once, by the page's post, as the card at the view's seq (the next card's;
        // the robots may already have played on).
        let seq = s.seq;
        let v = &view;
        let m = &mine;
        wait_live(
            "the tapped card to be played",
            || async move { v(m).seq.to_string() },
            |now| now.parse::<u64>().unwrap() > seq,
        )
        .await;
        let stored = log();
        let card = &stored[usize::try_from(seq - 1).unwrap()];
        assert_eq!(
            (card.seq, card.seat.as_str(), card.card.as_str()),
            (i32::try_from(seq).unwrap(), "S", played.as_str()),
            "South's tap is the card at seq {seq}"
        );
    }
    let end = view(&mine);
    let stored = log();
    assert_eq!(stored.len(), 208, "the whole board was played");
    assert_eq!(
        stored.iter().filter(|m| m.seat == "S").count(),
        tapped,
        "every South card was tapped on the phone, none played by a robot"
    );
    assert_eq!(tapped, 52, "South played every trick of the board");
    assert_eq!(deals_tapped.len(), 4, "in each of the four deals");
    assert!(by_keyboard, "one card was played from the keyboard");
    let source = wait_for_within(&c, &page, "The board is over", Duration::from_secs(12)).await;
    assert!(source.contains("The score"));
    for (_, p) in &end.score.players.0 {
        assert!(source.contains(&format!("<td class=\"num\">{}</td>", p.points)));
    }
    for (_, side) in &end.score.sides.0 {
        assert!(source.contains(&format!("<strong>{}</strong>", side.points)));
    }
    assert_not_reloaded(&c, &page, "the end came without a reload").await;
    fits(&c, "the end score").await;
    c.execute(
        "document.getElementById('seat-score').scrollIntoView();",
        vec![],
    )
    .await
    .unwrap();
    shot(&c, "seat-end-score-390").await;
    whole_page_shot(&c, "seat-end-whole-390", 390).await;

    // The laptop: the table's result arrives on the grid by itself, final at once, with the
    // scores the engine gave the board.
    let l = &laptop;
    wait_live(
        "the grid's row of table 1",
        || grid_row(l, 1, 1),
        |r| r == "grid-confirmed",
    )
    .await;
    let result = with_conn(&app, |c| {
        calypso_director::db::results::results_at(c, club, id, 1, 1).unwrap()
    });
    assert_eq!(result.len(), 1, "one result, put in by the last card");
    let scores = &result[0].values.scores;
    let row = laptop
        .execute(
            "const row = [...document.querySelectorAll('#round-1 tbody tr')]
               .find(r => r.querySelector('td.place strong').textContent.trim() === '1');
             return row.querySelector('td.result').innerText;",
            vec![],
        )
        .await
        .unwrap();
    let row = row.as_str().unwrap().to_string();
    let said = format!("{} – {}", scores.majors, scores.minors);
    assert!(
        row.starts_with("confirmed") && row.contains(&said),
        "the grid shows the board's scores {said}: {row:?}"
    );
    assert_not_reloaded(&laptop, &grid, "the grid swapped its part in place").await;
    fits(&laptop, "the grid").await;
    whole_page_shot(&laptop, "online-grid-result-1280", 1280).await;
    for b in [c, laptop] {
        b.close().await.unwrap();
    }
}

/// The event form on a phone (390 px): "Fire hands" shows beside the packs for Embers
/// alone, and a game of 6 packs, 8 hands and 3 fire hands goes in and is described so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_event_form_offers_fire_hands_for_embers_on_a_phone() {
    let app = spawn_app().await;
    let _d = app.club_with_owner("alpha", "olive@example.org").await;
    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(390, 844).await.unwrap();
    log_in_to_alpha(&c, &app).await;
    c.goto(&format!("{}/c/alpha/events/new", app.address))
        .await
        .unwrap();
    wait_for(&c, "/events/new", "What the games are").await;
    let fire_hidden = "return document.querySelector('.embers-only').hidden \
        || document.querySelector('fieldset.embers-set').hidden;";
    assert_eq!(
        c.execute(fire_hidden, vec![]).await.unwrap(),
        serde_json::json!(true)
    );
    fill(&c, "#name", "Fire by the form").await;
    fill(&c, "#tables", "3").await;
    click(&c, "#format option[value=progressive]").await;
    click(&c, "#game option[value=auction]").await;
    assert_eq!(
        c.execute(fire_hidden, vec![]).await.unwrap(),
        serde_json::json!(true),
        "Auction has no fire hands"
    );
    click(&c, "#game option[value=embers]").await;
    assert_eq!(
        c.execute(fire_hidden, vec![]).await.unwrap(),
        serde_json::json!(false)
    );
    fill(&c, "#hands", "8").await;
    fill(&c, "#packs", "6").await;
    fill(&c, "#fire_hands", "3").await;
    shot(&c, "embers-event-form-fire-hands").await;
    submit(&c, "form.stack").await;
    let page = wait_for(&c, "", "Mark ready").await;
    assert!(
        page.contains("8 hands a game, 6 packs, 3 fire hands."),
        "{page}"
    );
    c.close().await.unwrap();
}

/// #40's proof for the duplicate coöperative: three tables of four play board 1 in round 1,
/// each entering its counts on its own phone at 390 px and agreeing; each phone shows its
/// table total and grade, and the standings, opened at 390 px and on a laptop, rank the
/// tables on matchpoints worked here from their totals. Table 1's North makes a calypso
/// (500 + 910 to N-S, 1,040 to E-W: 2,450); table 2 none (2,080); table 3 none and E-W
/// revoke once (1,820). Matchpoints, 2-1, top 4: 4, 2, 0, so 100%, 50% and 0%.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_duplicate_cooperative_evening_is_entered_on_phones_and_ranked_on_table_totals() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (page, _, codes) = common::evening::coop_evening(&app, &d, "Coöp Night", 3, 1).await;
    let rounds = format!("{page}/rounds");
    let r = d.post(&rounds, &rounds, &[("round", "1")]).await;
    assert_eq!(r.status(), reqwest::StatusCode::SEE_OTHER);

    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(390, 844).await.unwrap();
    // A laptop follows the public standings while the phones enter.
    let laptop = tempfile::tempdir().unwrap();
    let (_laptop_driver, c_laptop) = start_browser(laptop.path()).await;
    c_laptop.set_window_size(1280, 900).await.unwrap();
    let standings = format!("{page}/standings");
    c_laptop
        .goto(&format!("{}{standings}", app.address))
        .await
        .unwrap();
    wait_for(&c_laptop, &standings, "live-standings").await;
    mark_page(&c_laptop).await;
    // (North's calypsos, E-W revokes, table total, grade) by table.
    let plays = [(1, 0, 2450, "D"), (0, 0, 2080, "D"), (0, 1, 1820, "E")];
    for (t, &(north, revokes, total, grade)) in plays.iter().enumerate() {
        let path = format!("/t/{}", codes[t].1);
        c.goto(&format!("{}{path}", app.address)).await.unwrap();
        wait_for(&c, &path, "Check and enter the result").await;
        fill(&c, "#calypsos_N_1", &north.to_string()).await;
        for seat in ["E", "S", "W"] {
            fill(&c, &format!("#calypsos_{seat}_1"), "0").await;
        }
        fill(&c, "#piles_NS_1", &(104 - 13 * north).to_string()).await;
        fill(&c, "#piles_EW_1", "104").await;
        fill(&c, "#revokes_EW_1", &revokes.to_string()).await;
        submit(&c, "form.score-form").await;
        let body = wait_for(&c, &path, ": agree</button>").await;
        assert!(
            body.contains(&format!(
                "<dt>Table total</dt><dd class=\"table-total\">{total}</dd>"
            )),
            "table {}: {body}",
            t + 1
        );
        assert!(
            body.contains(&format!(
                "<dd class=\"table-grade\"><strong>{grade}</strong>"
            )),
            "{body}"
        );
        let (v, content) = widths(&c).await;
        assert!(
            content <= v,
            "table {}'s result is {content} px wide",
            t + 1
        );
        shot(&c, &format!("coop-phone-table-{}", t + 1)).await;
        click(&c, "button[value=agree]").await;
        wait_for(&c, &path, "Both sides agree").await;
    }

    // The laptop's standings took the three tables in place: table 2 between the others.
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let rows = c_laptop
            .execute(
                "return Array.from(document.querySelectorAll('table.standings tbody tr'), r => r.innerText.replace(/\\s+/g, ' ').trim());",
                vec![],
            )
            .await
            .unwrap();
        let rows: Vec<String> = serde_json::from_value(rows).unwrap_or_default();
        if rows.len() == 3 && rows[1].contains("Table 2") && rows[1].ends_with("50") {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the laptop's standings: {rows:?}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_not_reloaded(&c_laptop, &standings, "coöp standings swapped in place").await;
    c_laptop.close().await.unwrap();

    // The standings, public: tables in order of their matchpoints on table totals.
    c.goto(&format!("{}{standings}", app.address))
        .await
        .unwrap();
    let body = wait_for(&c, &standings, "Tables").await;
    let mut rows = Vec::new();
    for e in c
        .find_all(Locator::Css("table.standings tbody tr"))
        .await
        .unwrap()
    {
        rows.push(e.text().await.unwrap());
    }
    let worked = [
        ("1 Table 1 four", "100"),
        ("2 Table 2 four", "50"),
        ("3 Table 3 four", "0"),
    ];
    assert_eq!(rows.len(), 3, "{body}");
    for (row, (table, percent)) in rows.iter().zip(worked) {
        assert!(row.contains(table), "{row} for {table}");
        assert!(
            row.split_whitespace().last() == Some(percent),
            "{row}: {percent}%"
        );
    }
    let (v, content) = widths(&c).await;
    assert!(content <= v, "the standings are {content} px wide");
    whole_page_shot(&c, "coop-phone-standings", 390).await;
    c.set_window_size(1280, 900).await.unwrap();
    shot(&c, "coop-desktop-standings").await;
    c.close().await.unwrap();
}

/// The phone form's fields of a partnership Auction game: the setup typed once (balanced
/// random: both partnerships' the same) and each hand's calls, trumps, counts and sale.
fn auction_pairs_fields(
    g: &calypso_director::engine::auction::pairs::PairsSummary,
) -> (Vec<[String; 2]>, Vec<Vec<[String; 2]>>) {
    use calypso_director::engine::Suit;
    use calypso_director::engine::auction::Call;
    let suits = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];
    let mut setup = Vec::new();
    if let Some(s) = g.setup {
        assert_eq!(s.ns, s.ew, "balanced: the same for both");
        for suit in suits {
            setup.push([
                format!("su_all_{}", suit.letter()),
                s.ns.get(suit).to_string(),
            ]);
        }
    }
    if g.setup_calypsos > 0 {
        setup.push(["su_calypsos".into(), g.setup_calypsos.to_string()]);
    }
    let hands = g
        .hands
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let k = i + 1;
            let calls: Vec<String> = h
                .calls
                .as_ref()
                .unwrap()
                .iter()
                .map(|c| match c {
                    Call::Pass => "pass".to_string(),
                    Call::Double => "double".to_string(),
                    Call::Redouble => "redouble".to_string(),
                    Call::Bid(b) if b.calypsos > 0 => {
                        format!("{}+{}{}", b.calypsos, b.points, b.suit.letter())
                    }
                    Call::Bid(b) => format!("{}{}", b.points, b.suit.letter()),
                })
                .collect();
            let mut f = vec![[format!("a{k}_calls"), calls.join(" ")]];
            if let Some([l, r]) = h.opponents_trumps {
                f.push([format!("a{k}_lho"), l.letter().to_string()]);
                f.push([format!("a{k}_rho"), r.letter().to_string()]);
            }
            for (key, line) in [("NS", h.sides.ns), ("EW", h.sides.ew)] {
                f.push([format!("a{k}_pile_{key}"), line.trick_pile.to_string()]);
                for suit in suits {
                    let l = suit.letter();
                    f.push([
                        format!("a{k}_calypsos_{key}_{l}"),
                        line.calypsos.get(suit).to_string(),
                    ]);
                    f.push([
                        format!("a{k}_prog_{key}_{l}"),
                        line.in_progress.get(suit).to_string(),
                    ]);
                }
            }
            f.push([format!("a{k}_sold"), h.sold.to_string()]);
            f
        })
        .collect();
    (setup, hands)
}

/// A partnership Auction evening (#40) on a phone at 390 px and a laptop: tables 2 and 3
/// report through the API; table 1 types its balanced setup once for both partnerships and
/// its four hands on the phone (hand 1's calls tapped on the call pad, each hand checked
/// with the running score by partnership shown), East-West agree on the phone, and the
/// laptop's standings take the tallies worked here from the engine's totals without a
/// reload.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_partnership_auction_evening_is_entered_on_a_phone_and_tallied_live() {
    use calypso_director::engine::auction::SetupKind;
    use common::evening::*;
    use common::games::*;
    const HANDS: usize = 4;
    let app = spawn_app().await;
    let api = club_api(&app, "alpha", "olive@example.org").await;
    let base = serde_json::json!({"name": "Auction Pairs", "date": "2026-12-03",
        "format": "progressive", "game": "auction-pairs", "hands": HANDS, "tables": 3,
        "boards": 3});
    let e = six_pair_evening(api, base, 1).await;
    let id = event_id(&e);
    let started = e.start_round_confirming(1).await;
    let tables: Vec<(u64, u64)> = started["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(place)
        .collect();
    let standings = format!("/c/alpha/events/{id}/standings");
    let laptop = tempfile::tempdir().unwrap();
    let (_laptop_driver, c_laptop) = start_browser(laptop.path()).await;
    c_laptop.set_window_size(1280, 900).await.unwrap();
    c_laptop
        .goto(&format!("{}{standings}", app.address))
        .await
        .unwrap();
    wait_for(&c_laptop, &standings, "live-standings").await;
    mark_page(&c_laptop).await;

    // Each table's game, from a balanced setup (the new event's default).
    let games: Vec<_> = tables
        .iter()
        .map(|&(t, _)| auction_pairs_game(HANDS, SetupKind::Balanced, 900 + t))
        .collect();
    for (&(table, board), game) in tables.iter().zip(&games).skip(1) {
        let body = serde_json::json!({"round": 1, "table": table, "board": board,
            "auction_pairs": game.summary});
        let (s, v) = e.api.post(&e.results(), body).await;
        assert_eq!(s, reqwest::StatusCode::CREATED, "{v}");
    }

    // Table 1 on its phone.
    let (table, board) = tables[0];
    let game = &games[0];
    let phone = Phone::at(&app, id, 3, table as usize);
    let profile = tempfile::tempdir().unwrap();
    let (_driver, c) = start_browser(profile.path()).await;
    c.set_window_size(390, 844).await.unwrap();
    c.goto(&format!("{}{}", app.address, phone.page))
        .await
        .unwrap();
    wait_for(&c, &phone.page, "Setup before hand 1: balanced random").await;
    let (setup, hands) = auction_pairs_fields(&game.summary);
    assert_eq!(set_score_fields(&c, &setup).await, serde_json::json!("ok"));
    for (i, fields) in hands.into_iter().enumerate() {
        let k = i + 1;
        let fs = format!("#board-{board}-auction-{k}");
        let rest: Vec<[String; 2]> = if k == 1 {
            // Hand 1's calls on the call pad, as the table taps them.
            tap_calls(&c, &fs, game.summary.hands[0].calls.as_ref().unwrap()).await;
            let typed = c
                .execute(
                    "return document.querySelector(arguments[0] + ' input[name$=\"_calls\"]').value;",
                    vec![serde_json::json!(fs)],
                )
                .await
                .unwrap();
            assert_eq!(
                typed,
                serde_json::json!(fields[0][1]),
                "the pad typed the calls"
            );
            // Each chip names its caller by seat, East (the dealer's left) first, clockwise.
            let who = c
                .execute(
                    "return Array.from(document.querySelectorAll(arguments[0] + ' ol.call-chips .who'), w => w.textContent);",
                    vec![serde_json::json!(fs)],
                )
                .await
                .unwrap();
            let seats: Vec<String> = (0..game.summary.hands[0].calls.as_ref().unwrap().len())
                .map(|n| ["E", "S", "W", "N"][n % 4].to_string())
                .collect();
            assert_eq!(who, serde_json::json!(seats), "callers by seat");
            // "Undo last call" takes the last pass back; tapped again, the calls are whole.
            click(&c, &format!("{fs} [data-undo]")).await;
            click(&c, &format!("{fs} [data-call=pass]")).await;
            fields.into_iter().skip(1).collect()
        } else {
            fields
        };
        assert_eq!(
            set_score_fields(&c, &rest).await,
            serde_json::json!("ok"),
            "hand {k}"
        );
        let (v, content) = widths(&c).await;
        assert!(
            content <= v,
            "hand {k}: the form is {content} px wide at {v}"
        );
        if k == 2 {
            whole_page_shot(&c, "phone-auction-pairs-hand-2", 390).await;
            c.set_window_size(390, 844).await.unwrap();
        }
        submit(&c, "form.score-form").await;
        if k < HANDS {
            let next = format!("Hand {} of 4", k + 1);
            let page = wait_for(&c, &format!("{}/result", phone.page), &next).await;
            assert!(page.contains("The score so far"), "{page}");
            let row = last_running_row(&c).await;
            let h = &game.score.hands[k - 1];
            for total in [h.running.ns, h.running.ew] {
                assert!(row.contains(&total.to_string()), "hand {k}: {row}");
            }
        }
    }
    let page = wait_for(&c, &phone.page, "agree</button>").await;
    for total in [game.score.totals.ns, game.score.totals.ew] {
        assert!(page.contains(&total.to_string()), "{total}: {page}");
    }
    let (v, content) = widths(&c).await;
    assert!(content <= v, "the agree screen is {content} px wide at {v}");
    whole_page_shot(&c, "phone-auction-pairs-agree", 390).await;
    c.set_window_size(390, 844).await.unwrap();
    click(&c, "button[value=agree]").await;
    wait_for(&c, &phone.page, "Both sides agree").await;

    // The tallies worked from the engine's totals and the pairs the movement seated.
    let stored = results(&e.api, &e.path).await;
    assert_eq!(stored.len(), 3);
    let mut worked = std::collections::BTreeMap::<u64, i64>::new();
    for r in &stored {
        let t = tables
            .iter()
            .position(|&(t, _)| Some(t) == r["table"].as_u64())
            .unwrap();
        let (ns, ew) = (games[t].score.totals.ns, games[t].score.totals.ew);
        *worked.entry(r["majors"].as_u64().unwrap()).or_default() += ns - ew;
        *worked.entry(r["minors"].as_u64().unwrap()).or_default() += ew - ns;
    }
    assert_eq!(standings_tally(&e.api, &e.path).await, worked);
    // The laptop took them in place: pair 1's row ends with its tally.
    let want = worked[&1];
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let rows = c_laptop
            .execute(
                "return Array.from(document.querySelectorAll('table.standings tbody tr'), r => r.innerText.replace(/\\s+/g, ' ').trim());",
                vec![],
            )
            .await
            .unwrap();
        let rows: Vec<String> = serde_json::from_value(rows).unwrap_or_default();
        if rows.len() == 6
            && rows
                .iter()
                .any(|r| r.contains("North 1 & South 1") && r.ends_with(&format!(" {want}")))
        {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the laptop's standings: {rows:?}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_not_reloaded(&c_laptop, &standings, "swapped in place, not reloaded").await;
    shot(&c_laptop, "auction-pairs-laptop-live").await;
    c_laptop.close().await.unwrap();
    standings_at_both_widths(&c, &app, &standings, "North 1", "auction-pairs").await;
    c.close().await.unwrap();
}
