//! Building the room quickly (#21, item 11): many players at once, pasted or as a CSV file,
//! all or nothing; the roster by surname or first name; the entry picker without the
//! players already entered.

mod common;

use calypso_director::event::club::Player;
use common::*;
use reqwest::StatusCode;

fn roster(app: &TestApp) -> Vec<Player> {
    with_conn(app, |c| {
        calypso_director::db::clubs::players_of(c, app.club_id("alpha"), true).unwrap()
    })
}

/// Sends the many-players form as the page does (multipart), with the page's CSRF token.
async fn upload(d: &Browser, lines: &str, file: Option<(&str, &[u8])>) -> reqwest::Response {
    let token = d.csrf("/c/alpha/players").await;
    let (content_type, body) = multipart_body(&[("csrf_token", &token), ("lines", lines)], file);
    d.http
        .post(d.url("/c/alpha/players/bulk"))
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap()
}

async fn add_one(d: &Browser, name: &str, number: &str) {
    let r = d
        .post(
            "/c/alpha/players",
            "/c/alpha/players",
            &[("name", name), ("membership_number", number)],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER, "{name}");
}

#[tokio::test]
async fn pasted_players_are_added_all_or_nothing_with_each_lines_problem_named() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    add_one(&d, "Ann Smith", "123").await;

    // The page offers both ways.
    let (_, page) = d.get_text("/c/alpha/players").await;
    assert!(page.contains("Add many players") && page.contains("enctype=\"multipart/form-data\""));
    assert!(page.contains("type=\"file\" id=\"file\" name=\"file\""));

    // Three bad lines among good ones: each named by its line, the text kept, nothing added.
    let pasted = "Bob Ray, 7\r\nCara Cole, 123\r\n\r\nDan Dee, M 1\r\n\"Ray, Eve\", 8\r\nBob Ray, 9\r\nFay Fox, 7\r\n";
    let r = upload(&d, pasted, None).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    for line in [
        "3 lines need correcting, and nothing was added",
        "<li>line 2: membership number 123 is already Ann Smith&#39;s</li>",
        "<li>line 4: membership number &#34;M 1&#34;: up to 30 letters, digits, &#39;-&#39;, &#39;.&#39; or &#39;/&#39;</li>",
        "<li>line 7: membership number 7 is also on line 1</li>",
    ] {
        assert!(body.contains(line), "{line}: {body}");
    }
    assert!(
        body.contains(
            "\nBob Ray, 7\r\nCara Cole, 123\r\n\r\nDan Dee, M 1\r\n&#34;Ray, Eve&#34;, 8"
        ),
        "the pasted text is kept: {body}"
    );
    assert_eq!(roster(&app).len(), 1, "nothing was added");

    // Corrected: all added at once, a name with a comma in quotes, two Bob Rays told apart.
    let r = upload(
        &d,
        "Bob Ray, 7\nCara Cole\n\nDan Dee, M-1\n\"Ray, Eve\", 8\nBob Ray, 9\n",
        None,
    )
    .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, page) = d.get_text(&location(&r)).await;
    assert!(page.contains("Added 5 players."), "{page}");
    let names: Vec<(String, Option<String>)> = roster(&app)
        .into_iter()
        .map(|p| (p.name, p.membership_number))
        .collect();
    for (name, number) in [
        ("Bob Ray", Some("7")),
        ("Bob Ray", Some("9")),
        ("Cara Cole", None),
        ("Dan Dee", Some("M-1")),
        ("Ray, Eve", Some("8")),
    ] {
        assert!(
            names.contains(&(name.to_string(), number.map(str::to_string))),
            "{name}: {names:?}"
        );
    }

    // Pasting the same again: every line is a duplicate now, and nothing is added.
    let r = upload(&d, "Cara Cole\nGil Gray\ngil  gray\n", None).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    assert!(
        body.contains("line 1: Cara Cole is already on the roster"),
        "{body}"
    );
    assert!(
        body.contains("line 3: gil  gray is also on line 2"),
        "{body}"
    );
    assert_eq!(roster(&app).len(), 6);

    // An urlencoded form (a page's ordinary form, or curl) is read the same way.
    let r = d
        .post(
            "/c/alpha/players",
            "/c/alpha/players/bulk",
            &[("lines", "Hal Hay, 44\nIda Ito")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(roster(&app).len(), 8);
    // Nothing sent: said, not a server error.
    let r = upload(&d, "  \n", None).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        r.text()
            .await
            .unwrap()
            .contains("paste the players, one a line, or choose a CSV file")
    );
}

#[tokio::test]
async fn a_csv_file_is_read_with_or_without_a_header_and_refused_whole_when_wrong() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    add_one(&d, "Ann Smith", "123").await;

    // A spreadsheet's export: a byte order mark, a header in its own order, extra columns.
    let csv = "\u{feff}Email,Membership No.,Full name\r\nbob@example.org,77,Bob Ray\r\n,,\"Cole, Cara\"\r\n";
    let r = upload(&d, "", Some(("club.csv", csv.as_bytes()))).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(roster(&app).len(), 3);
    assert!(
        roster(&app)
            .iter()
            .any(|p| p.name == "Cole, Cara" && p.membership_number.is_none())
    );

    // A file with a problem: nothing added, its lines moved into the box to correct there.
    let csv = "Dan Dee,5\nEve Eng,123\n";
    let r = upload(&d, "", Some(("more.csv", csv.as_bytes()))).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    assert!(
        body.contains("The lines of more.csv are in the box: correct them there"),
        "{body}"
    );
    assert!(body.contains("line 2: membership number 123 is already Ann Smith&#39;s"));
    assert!(
        body.contains(">\nDan Dee,5\nEve Eng,123\n</textarea>"),
        "{body}"
    );
    assert_eq!(roster(&app).len(), 3);

    // Lines and a file together: which one was meant is not guessed.
    let r = upload(&d, "Fay Fox", Some(("x.csv", b"Gil Gray\n"))).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    assert!(body.contains("paste lines or choose a file, not both"));
    assert!(body.contains(">\nFay Fox</textarea>"), "{body}");

    // Not UTF-8 (a spreadsheet's Latin-1), and a file of more than 2,000 players.
    let r = upload(&d, "", Some(("latin.csv", b"Ren\xe9 Roy,1\n"))).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.text().await.unwrap().contains(
        "the file is not UTF-8 text (line 1): save it from the spreadsheet as &#34;CSV UTF-8&#34;"
    ));
    let many: String = (1..=2001).map(|i| format!("Player {i},{i}\n")).collect();
    let r = upload(&d, "", Some(("many.csv", many.as_bytes()))).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        r.text()
            .await
            .unwrap()
            .contains("more than 2000 players at once: add them in parts")
    );
    assert_eq!(roster(&app).len(), 3);

    // A body past the upload limit: refused before anything is read, with the site's page.
    let big = vec![b'a'; 1024 * 1024 + 70 * 1024];
    let r = upload(&d, "", Some(("big.csv", &big))).await;
    assert_eq!(r.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert!(
        r.text()
            .await
            .unwrap()
            .contains("larger than the limit of 1 MiB")
    );

    // A broken multipart body, and one without the CSRF token: the site's answers.
    let token = d.csrf("/c/alpha/players").await;
    let r = d
        .http
        .post(d.url("/c/alpha/players/bulk"))
        .header("content-type", "multipart/form-data; boundary=XyZ")
        .body(format!(
            "--XyZ\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\n{token}"
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    assert!(
        r.text()
            .await
            .unwrap()
            .contains("could not be read as a form")
    );
    let (content_type, body) = multipart_body(&[("lines", "Hal Hay\nIda Ito")], None);
    let r = d
        .http
        .post(d.url("/c/alpha/players/bulk"))
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let body = r.text().await.unwrap();
    assert!(
        body.contains("Submit once more") && body.contains(">\nHal Hay\nIda Ito</textarea>"),
        "the expired form keeps the lines: {body}"
    );
    // A file sent to an address that takes none is refused, not read.
    let (content_type, body) = multipart_body(&[("csrf_token", &token), ("name", "Jo")], None);
    let r = d
        .http
        .post(d.url("/c/alpha/players"))
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(roster(&app).len(), 3);
}

#[tokio::test]
async fn the_roster_sorts_by_surname_or_first_name_and_keeps_the_choice() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let r = d
        .post(
            "/c/alpha/players",
            "/c/alpha/players/bulk",
            &[(
                "lines",
                "Zoe Adams\nAnna van der Berg\nbob Carter\nSammy Davis Jr.\nAl Zimmer",
            )],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let order = |page: &str| -> Vec<String> {
        page.split("<td class=\"wrap\">")
            .skip(1)
            .map(|s| s.split('<').next().unwrap().to_string())
            .collect()
    };
    let (_, page) = d.get_text("/c/alpha/players").await;
    assert_eq!(
        order(&page),
        [
            "Zoe Adams",
            "Anna van der Berg",
            "bob Carter",
            "Sammy Davis Jr.",
            "Al Zimmer"
        ]
    );
    assert!(page.contains("<strong aria-current=\"true\">surname</strong>"));
    let (_, page) = d.get_text("/c/alpha/players?sort=first").await;
    assert_eq!(
        order(&page),
        [
            "Al Zimmer",
            "Anna van der Berg",
            "bob Carter",
            "Sammy Davis Jr.",
            "Zoe Adams"
        ]
    );
    assert!(page.contains("<strong aria-current=\"true\">first name</strong>"));
    assert!(page.contains("href=\"/c/alpha/players?archived=1&amp;sort=first\""));
    // The pick survives adding a player: the forms carry it and the redirect keeps it.
    assert!(page.contains("<input type=\"hidden\" name=\"sort\" value=\"first\">"));
    let r = d
        .post(
            "/c/alpha/players?sort=first",
            "/c/alpha/players",
            &[
                ("name", "Cy Young"),
                ("membership_number", ""),
                ("sort", "first"),
            ],
        )
        .await;
    assert_eq!(location(&r), "/c/alpha/players?sort=first");
    // An order the page does not have: the site's 400 page names it.
    let (status, page) = d.get_text("/c/alpha/players?sort=age").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(page.contains("age"), "{page}");
}

#[tokio::test]
async fn the_entry_picker_leaves_out_players_already_entered() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let r = d
        .post(
            "/c/alpha/players",
            "/c/alpha/players/bulk",
            &[("lines", "Ann Lee\nBob Ray\nCat Cole\nDan Dee")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let id = |name: &str| {
        roster(&app)
            .into_iter()
            .find(|p| p.name == name)
            .unwrap()
            .id
            .to_string()
    };
    let r = d
        .post(
            "/c/alpha/events/new",
            "/c/alpha/events",
            &event_fields("Picker Night"),
        )
        .await;
    let entries = format!("{}/entries", location(&r));
    let option = |name: &str| format!("<option value=\"{}\">{name}</option>", id(name));
    let (_, page) = d.get_text(&entries).await;
    assert_eq!(
        page.matches(&option("Ann Lee")).count(),
        2,
        "both slots offer Ann"
    );
    let (ann, bob) = (id("Ann Lee"), id("Bob Ray"));
    let r = d
        .post(
            &entries,
            &entries,
            &[("player_1", &ann), ("player_2", &bob)],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, page) = d.get_text(&entries).await;
    assert!(
        page.contains("Ann Lee &#38; Bob Ray"),
        "the entry is listed"
    );
    for gone in ["Ann Lee", "Bob Ray"] {
        assert!(!page.contains(&option(gone)), "{gone} is entered: {page}");
    }
    for left in ["Cat Cole", "Dan Dee"] {
        assert_eq!(page.matches(&option(left)).count(), 2, "{left} is offered");
    }
    // Sent anyway (an old page): still refused by the rule, which the picker follows.
    let r = d
        .post(
            &entries,
            &entries,
            &[("player_1", &ann), ("guest_2", "Eve")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
}
