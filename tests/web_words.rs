//! What players read (issue #21): the table card's typed fallback (`/t/` asks for the code
//! printed on the card, any case, spaces and hyphens ignored, and goes on to the table's
//! page; a wrong code comes back in the box, counted as before; the card prints that
//! address); seats named "N-S ♠♥" / "E-W ♦♣" from the event's seating wherever players read
//! them; plain words on the play-record tab and the entries form; the travellers' nets as
//! dots; and the site's icon.

mod common;

use calypso_director::web::limits::WRONG_CODE_BURST;
use common::*;
use reqwest::StatusCode;

/// A running Mitchell of 2 tables, round 1 started; its page and table codes by table.
async fn running(app: &TestApp, d: &Browser) -> (String, Vec<(u32, String)>) {
    let (page, _, codes) = two_tables_running(app, d, "Code Night", ("North", "South")).await;
    (page, codes)
}

/// The box's value on a page.
fn typed_value(body: &str) -> String {
    let i = body.find("name=\"code\" value=\"").expect("the code box") + 19;
    body[i..].split('"').next().unwrap().to_string()
}

#[tokio::test]
async fn the_code_box_answers_at_t_with_one_field_and_a_go_button() {
    let app = spawn_app().await;
    let phone = Browser::new(&app);
    for path in ["/t/", "/t"] {
        let (status, body) = phone.get_text(path).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
        assert!(
            body.contains("<form method=\"get\" action=\"/t/\""),
            "{body}"
        );
        assert!(body.contains("<label for=\"code\">Table code"), "{body}");
        assert_eq!(body.matches("<input").count(), 1, "one field: {body}");
        assert!(body.contains(">Go</button>"), "{body}");
        assert_eq!(typed_value(&body), "");
        assert!(!body.contains("role=\"alert\""), "{body}");
    }
}

#[tokio::test]
async fn a_typed_code_opens_its_table_in_any_case() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (_, codes) = running(&app, &d).await;
    let code = &codes[1].1;
    let phone = Browser::new(&app);
    // Lower case, a space each side and a hyphen in the middle, as a player might type it.
    let typed = format!(" {}-{} ", &code[..4], &code[4..]).to_lowercase();
    let r = phone
        .http
        .get(phone.url("/t/"))
        .query(&[("code", typed.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&r), format!("/t/{code}"));
    let (status, body) = phone.get_text(&location(&r)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("Table 2</h1>"), "{body}");
    // The table's own address in lower case opens it too.
    let (status, body) = Browser::new(&app)
        .get_text(&format!("/t/{}", code.to_lowercase()))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("Table 2</h1>"), "{body}");
}

#[tokio::test]
async fn a_wrong_code_comes_back_in_the_box_and_counts_as_a_wrong_code() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let _ = running(&app, &d).await;
    let phone = Browser::new(&app);
    let r = phone.get("/t/?code=nope2345").await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&r), "/t/NOPE2345");
    let (status, body) = phone.get_text("/t/NOPE2345").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("No table has the code “NOPE2345”"), "{body}");
    assert_eq!(typed_value(&body), "NOPE2345");
    assert!(body.contains("aria-invalid=\"true\""), "{body}");

    // What is not a code at all is said at once, kept as typed (and escaped), no lookup.
    for (typed, says) in [
        ("", "Type the code printed on your table card."),
        ("   ", "Type the code printed on your table card."),
        ("<b>K7QM", "only letters and digits"),
        ("K7QM/../X", "only letters and digits"),
        (&"A".repeat(300), "longer than a table code"),
    ] {
        let r = phone
            .http
            .get(phone.url("/t/"))
            .query(&[("code", typed)])
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{typed:?}");
        let body = r.text().await.unwrap();
        assert!(body.contains(says), "{typed:?}: {body}");
        let kept: String = typed.chars().take(48).collect();
        let kept = kept.replace('<', "&#60;").replace('>', "&#62;");
        assert_eq!(typed_value(&body), kept, "{typed:?}");
    }

    // The box looks nothing up: wrong codes count where they are looked up, at /t/{code},
    // and the address's allowance ends there as before (one used above).
    for n in 1..WRONG_CODE_BURST {
        let r = phone.get(&format!("/t/?code=wrong{n:03}")).await;
        assert_eq!(r.status(), StatusCode::SEE_OTHER);
        let r = phone.get(&location(&r)).await;
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "wrong code {n}");
    }
    let r = phone.get("/t/?code=wrongone").await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let r = phone.get(&location(&r)).await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn the_table_card_prints_the_address_to_type_the_code_into() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (page, codes) = running(&app, &d).await;
    let r = d.get(&format!("{page}/table-cards.pdf")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let text = pdf_text(&r.bytes().await.unwrap());
    let address = format!("{}/t/", app.address);
    // pdftotext may break a long line; compare without the line breaks.
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(&format!("No camera? Open {address} and type the code")),
        "{text}"
    );
    for (_, code) in &codes {
        assert!(text.contains(code.as_str()), "{code}: {text}");
    }
    // That address is the box.
    let (status, _) = d.get_text("/t/").await;
    assert_eq!(status, StatusCode::OK);
}

/// The movement page's "Where do I go?" names each seat as players know it, from the event's
/// own seating, and keeps the table, seat, opponents and boards apart.
#[tokio::test]
async fn where_do_i_go_names_seats_and_suits() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (page, _) = running(&app, &d).await;
    let (status, body) = d.get_text(&format!("{page}/movement")).await;
    assert_eq!(status, StatusCode::OK);
    let part = &body[body.find("Where do I go?").unwrap()..];
    assert!(
        part.contains("Round 1: table 1 · N-S ♠♥ · against pair 3 · board 1")
            || part.contains("Round 1: table 1 · N-S ♠♥ · against pair 4 · board 1"),
        "{part}"
    );
    assert!(part.contains("E-W ♦♣ · against pair"), "{part}");
    let lower = part.to_lowercase();
    assert!(
        !lower.contains("majors") && !lower.contains("minors"),
        "{part}"
    );
    assert!(
        body.contains("The N-S ♠♥ pairs stay; the E-W ♦♣ pairs move up a table"),
        "{body}"
    );
    // The guide cards say the same, never "majors" alone.
    let r = d.get(&format!("{page}/guide-cards.pdf")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let text = pdf_text(&r.bytes().await.unwrap());
    assert!(text.contains("N-S ♠♥") && text.contains("E-W ♦♣"), "{text}");
    assert!(
        !text.contains("Majors") && !text.contains("Minors"),
        "{text}"
    );

    // Spades and hearts East-West: the names follow the event's seating.
    let mut fields = event_fields("Turned Round");
    fields[4] = ("tables", "2");
    for (i, suit) in ["D", "S", "C", "H"].into_iter().enumerate() {
        fields[7 + i].1 = suit;
    }
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let turned = location(&r);
    enter_pairs(&d, &format!("{turned}/entries"), 4, "East", "West").await;
    let movement = format!("{turned}/movement");
    let r = d.post(&movement, &movement, &[("rounds", "1")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, body) = d.get_text(&movement).await;
    assert!(body.contains("table 1 · E-W ♠♥ · against pair"), "{body}");
    assert!(
        body.contains("The E-W ♠♥ pairs stay; the N-S ♦♣ pairs"),
        "{body}"
    );
}

/// The table's page: the seats by name, the play-record tab in plain words.
#[tokio::test]
async fn the_table_page_names_seats_and_says_what_to_paste() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (_, codes) = running(&app, &d).await;
    let (status, body) = Browser::new(&app)
        .get_text(&format!("/t/{}", codes[0].1))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        body.contains("<dt>N-S ♠♥</dt>") && body.contains("<dt>E-W ♦♣</dt>"),
        "{body}"
    );
    assert!(body.contains("<legend>N-S ♠♥</legend>"), "{body}");
    assert!(
        !body.contains("rules replay") && !body.contains("(JSON)"),
        "{body}"
    );
    assert!(
        body.contains("paste its record of the whole game here")
            && body.contains("The play record, pasted"),
        "{body}"
    );
}

/// An individual event's entries form adds "an individual".
#[tokio::test]
async fn the_individuals_form_says_add_an_individual() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let mut fields = event_fields("Solo Night");
    fields[2] = ("format", "progressive-individual");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (status, body) = d.get_text(&format!("{}/entries", location(&r))).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("<h2>Add an individual</h2>"), "{body}");
    assert!(body.contains(">Add an individual</button>"), "{body}");
    assert!(!body.contains("Add a individual") && !body.contains("Add the individual"));
}

/// The travellers chart each table's net as a dot (its table number in it), on one axis
/// with zero marked, the ends named for the side each favours; no bar of counts.
#[tokio::test]
async fn the_travellers_chart_each_tables_net_as_a_dot() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (page, _, stored) = finished_evening(&app, &d).await;
    let (status, body) = d.get_text(&format!("{page}/travellers")).await;
    assert_eq!(status, StatusCode::OK);
    let scored = stored
        .iter()
        .filter(|r| r.values.outcome == calypso_director::event::results::BoardOutcome::Played)
        .count();
    assert_eq!(body.matches("<circle").count(), scored, "{body}");
    assert!(!body.contains("class=\"bar\""), "{body}");
    assert!(body.contains("class=\"zero\""), "{body}");
    assert!(
        body.contains("◀ E-W ♦♣ ahead") && body.contains("N-S ♠♥ ahead ▶"),
        "{body}"
    );
    assert!(body.contains("Net: N-S ♠♥ minus E-W ♦♣"), "{body}");
    // The seats over their suits, so the heading fits a phone.
    assert!(
        body.contains("<th>N-S<br>♠♥</th><th>E-W<br>♦♣</th>"),
        "{body}"
    );
    for r in stored
        .iter()
        .filter(|r| r.values.outcome == calypso_director::event::results::BoardOutcome::Played)
    {
        let net = r.values.scores.majors - r.values.scores.minors;
        let title = format!(
            "<title>Round {}, table {}: pair ",
            r.place.round, r.place.table
        );
        assert!(body.contains(&title), "{title}: {body}");
        assert!(
            body.contains(&format!("net {net}</title>")),
            "{net}: {body}"
        );
    }
}

/// The site's icon: linked from every page, and answered at `/favicon.ico` too.
#[tokio::test]
async fn the_favicon_is_served_as_an_image() {
    let app = spawn_app().await;
    let b = Browser::new(&app);
    let (_, home) = b.get_text("/").await;
    assert!(
        home.contains("<link rel=\"icon\" href=\"/static/favicon.svg?v="),
        "{home}"
    );
    // The error page and the code box have it too.
    let (_, missing) = b.get_text("/no/such/page").await;
    assert!(missing.contains("rel=\"icon\""), "{missing}");
    for path in ["/favicon.ico", "/static/favicon.svg"] {
        let r = b.get(path).await;
        assert_eq!(r.status(), StatusCode::OK, "{path}");
        assert_eq!(r.headers()["content-type"], "image/svg+xml", "{path}");
        let body = r.text().await.unwrap();
        assert!(
            body.starts_with("<svg") && body.trim_end().ends_with("</svg>"),
            "{body}"
        );
    }
}

/// The URL of `name` as the page links it (`/static/style.css?v=...`).
fn linked(page: &str, name: &str) -> String {
    let start = page
        .find(&format!("/static/{name}?v="))
        .unwrap_or_else(|| panic!("{name} not linked with a version: {page}"));
    let end = start + page[start..].find('"').unwrap();
    page[start..end].to_string()
}

/// Twenty phones on a club's Wi-Fi fetch the stylesheet and scripts once: the page links
/// each with its version, which is kept for a year; an old or bare URL revalidates by its
/// ETag and gets 304 while the file is unchanged.
#[tokio::test]
async fn static_files_are_linked_by_version_and_kept_by_phones() {
    let app = spawn_app().await;
    let b = Browser::new(&app);
    let (_, home) = b.get_text("/").await;
    for name in ["style.css", "live.js", "favicon.svg"] {
        let url = linked(&home, name);
        let r = b.get(&url).await;
        assert_eq!(r.status(), StatusCode::OK, "{url}");
        assert_eq!(
            r.headers()["cache-control"],
            "public, max-age=31536000, immutable",
            "{url}"
        );
        let etag = r.headers()["etag"].to_str().unwrap().to_string();
        let version = url.split_once("?v=").unwrap().1;
        assert_eq!(etag, format!("\"{version}\""), "{url}");
        let body = r.bytes().await.unwrap();
        assert!(!body.is_empty());
        // A phone asking again with what it has: nothing sent but the answer.
        let again = b
            .http
            .get(b.url(&url))
            .header("If-None-Match", &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{url}");
        assert!(again.bytes().await.unwrap().is_empty());
        // The bare path (an old page, a bookmark): the same file, revalidated each time.
        let bare = format!("/static/{name}");
        let r = b.get(&bare).await;
        assert_eq!(r.status(), StatusCode::OK, "{bare}");
        assert_eq!(r.headers()["cache-control"], "public, no-cache", "{bare}");
        assert_eq!(r.headers()["etag"].to_str().unwrap(), etag, "{bare}");
        assert_eq!(r.bytes().await.unwrap(), body, "{bare}");
        // Another version than the file's: not kept for a year.
        let stale = format!("/static/{name}?v=000000000000");
        let r = b.get(&stale).await;
        assert_eq!(r.headers()["cache-control"], "public, no-cache", "{stale}");
    }
    let r = b.get("/static/nothing.js").await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
}
