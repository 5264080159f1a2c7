//! The event's lifecycle through the pages: permanent commitments and recorded redeals,
//! deleting and cancelling, confirmations, the director's papers (the same bytes as the
//! command line's), expired forms, invitations revoked and directors removed.

mod common;

use calypso_director::event::EventId;
use common::*;
use reqwest::StatusCode;

async fn new_event(d: &Browser, name: &str) -> (String, EventId) {
    let r = d
        .post(
            "/c/alpha/events/new",
            "/c/alpha/events",
            &event_fields(name),
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let page = location(&r);
    let id = id_from_location(&page);
    (page, id)
}

async fn move_to(d: &Browser, page: &str, from: &str, to: &str) {
    let url = format!("{page}/status");
    let r = d
        .post(
            page,
            &url,
            &[("from", from), ("to", to), ("confirm", "yes")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER, "{from} -> {to}");
}

fn commitment_on(page: &str) -> String {
    let i = page.find("id=\"commitment\">").expect("a commitment") + "id=\"commitment\">".len();
    page[i..i + 64].to_string()
}

#[tokio::test]
async fn a_public_commitment_is_never_silently_replaced() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let public = Browser::new(&app);
    let (page, _) = new_event(&d, "Harbour Pairs").await;
    let key_url = format!("{page}/key");

    // A draft's key that nobody has seen may be replaced freely.
    assert_eq!(
        d.post(&page, &key_url, &[]).await.status(),
        StatusCode::SEE_OTHER
    );
    let unseen = commitment_on(&d.get_text(&page).await.1);
    assert_eq!(
        d.post(&page, &key_url, &[]).await.status(),
        StatusCode::SEE_OTHER
    );
    let first = commitment_on(&d.get_text(&page).await.1);
    assert_ne!(unseen, first);

    // Ready: the commitment is public. Back to draft, then new deals: a reason is required.
    move_to(&d, &page, "draft", "ready").await;
    assert!(public.get_text(&page).await.1.contains(&first));
    move_to(&d, &page, "ready", "draft").await;
    let r = d.post(&page, &key_url, &[]).await;
    assert_eq!(r.status(), StatusCode::OK);
    let body = r.text().await.unwrap();
    assert!(body.contains(&first) && body.contains("Reason"), "{body}");
    let r = d
        .post(&page, &key_url, &[("confirm", "yes"), ("reason", "")])
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        commitment_on(&d.get_text(&page).await.1),
        first,
        "unchanged"
    );
    let r = d
        .post(
            &page,
            &key_url,
            &[
                ("confirm", "yes"),
                ("reason", "Board 2 was seen while sorting"),
            ],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    // A draft that has been public cannot be deleted (only cancelled).
    let r = d
        .post(&page, &format!("{page}/delete"), &[("confirm", "yes")])
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT);

    // Public again: the new commitment in force, the old one listed as withdrawn.
    move_to(&d, &page, "draft", "ready").await;
    let (status, shown) = public.get_text(&page).await;
    assert_eq!(status, StatusCode::OK);
    let second = commitment_on(&shown);
    assert_ne!(second, first);
    assert!(shown.contains("Withdrawn commitments"), "{shown}");
    assert!(
        shown.contains(&first),
        "the withdrawn commitment stays public"
    );
    assert!(shown.contains("Board 2 was seen while sorting"));
    assert!(shown.contains("withdrawn 20"), "with its time");
    assert!(!shown.contains(&unseen), "a key never shown is not listed");

    // Redeal once more while ready (boards fouled): recorded too.
    let r = d
        .post(
            &page,
            &key_url,
            &[("confirm", "yes"), ("reason", "Boards fouled in transport")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let shown = public.get_text(&page).await.1;
    assert!(shown.contains(&first) && shown.contains(&second));
    assert!(shown.contains("Boards fouled in transport"));
    let third = commitment_on(&shown);
    assert!(third != first && third != second);

    // Cancelled, then archived; released, every key (the withdrawn ones too) is public.
    move_to(&d, &page, "ready", "cancelled").await;
    move_to(&d, &page, "cancelled", "archived").await;
    let release = format!("{page}/release");
    assert_eq!(
        d.post(&page, &release, &[("confirm", "yes")])
            .await
            .status(),
        StatusCode::SEE_OTHER
    );
    let shown = public.get_text(&page).await.1;
    assert!(shown.contains("archived"));
    assert_eq!(shown.matches("its key:").count(), 2, "{shown}");
}

#[tokio::test]
async fn a_private_draft_is_deleted_after_confirmation() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (page, _) = new_event(&d, "Mistaken Event").await;
    let delete = format!("{page}/delete");
    let r = d.post(&page, &delete, &[]).await;
    assert_eq!(r.status(), StatusCode::OK, "asks first");
    let body = r.text().await.unwrap();
    assert!(body.contains("Delete this draft") && body.contains("No, go back"));
    assert_eq!(d.get(&page).await.status(), StatusCode::OK, "still there");
    let r = d.post(&page, &delete, &[("confirm", "yes")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(d.get(&page).await.status(), StatusCode::NOT_FOUND);

    // A draft can be cancelled too, and a cancelled event cannot be deleted.
    let (page, _) = new_event(&d, "Rained Off").await;
    move_to(&d, &page, "draft", "cancelled").await;
    let r = d
        .post(&page, &format!("{page}/delete"), &[("confirm", "yes")])
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    let (_, body) = d.get_text(&page).await;
    assert!(body.contains("cancelled") && body.contains("Archive"));
}

#[tokio::test]
async fn the_directors_papers_match_the_command_line_byte_for_byte() {
    let app = spawn_app_with_par().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let public = Browser::new(&app);
    let mut fields = event_fields("Seating Night");
    fields[5] = ("boards", "3");
    // Its own seating and rule: the command line must take them from the settings file.
    fields[6] = ("trick_rule", "all-fours");
    fields.splice(
        7..11,
        [
            ("trump_n", "H"),
            ("trump_e", "C"),
            ("trump_s", "S"),
            ("trump_w", "D"),
        ],
    );
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let page = location(&r);
    move_to(&d, &page, "draft", "ready").await;

    let settings = d.get(&format!("{page}/papers.json")).await;
    assert_eq!(settings.status(), StatusCode::OK);
    let settings = settings.bytes().await.unwrap();
    assert_eq!(
        public.get(&format!("{page}/papers.json")).await.status(),
        StatusCode::SEE_OTHER,
        "directors only (the public is sent to log in)"
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("papers.json");
    std::fs::write(&file, &settings).unwrap();
    // The site's hand records carry each board's robot par once it is worked out: waited
    // for, so two downloads are the same bytes.
    wait_for_pars(&app, id_from_location(&page)).await;

    for (paper, kind, reserve) in [
        ("records", "records", false),
        ("curtains", "curtains", false),
        ("stack", "stack", false),
        ("reserve-records", "records", true),
        ("reserve-stack", "stack", true),
    ] {
        let url = format!("{page}/papers/{paper}.pdf");
        assert_eq!(public.get(&url).await.status(), StatusCode::NOT_FOUND);
        let r = d.get(&url).await;
        assert_eq!(r.status(), StatusCode::OK, "{url}");
        let site = r.bytes().await.unwrap();
        // The same download twice is the same bytes.
        assert_eq!(d.get(&url).await.bytes().await.unwrap(), site, "{url}");
        let out = dir.path().join(format!("{paper}.pdf"));
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_calypso-director"));
        cmd.arg("hand-records")
            .arg("--settings")
            .arg(&file)
            .args(["--kind", kind, "-o"])
            .arg(&out);
        if reserve {
            cmd.arg("--reserve");
        }
        let status = cmd.status().unwrap();
        assert!(status.success(), "{paper}");
        let cli = std::fs::read(&out).unwrap();
        if paper == "records" {
            // The command line has no robot par: the same text, but for its two lines a board.
            let site_text = pdf_text(&site);
            let without: Vec<&str> = site_text
                .lines()
                .filter(|l| !l.is_empty())
                .filter(|l| !l.starts_with("Robot par (") && !l.starts_with("Majors "))
                .collect();
            let cli_text = pdf_text(&cli);
            let cli_lines: Vec<&str> = cli_text.lines().filter(|l| !l.is_empty()).collect();
            assert_eq!(without, cli_lines, "{paper}");
            assert!(site_text.contains("Robot par ("), "{site_text}");
            continue;
        }
        assert!(
            cli == site.as_ref(),
            "{paper}: the site and the command line differ"
        );
    }
    // The old address of the hand records is the same paper.
    let old = d
        .get(&format!("{page}/hand-records.pdf"))
        .await
        .bytes()
        .await
        .unwrap();
    let new = d
        .get(&format!("{page}/papers/records.pdf"))
        .await
        .bytes()
        .await
        .unwrap();
    assert_eq!(old, new);
    assert_eq!(
        d.get(&format!("{page}/papers/everything.pdf"))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn an_expired_form_comes_back_with_the_input_to_submit_again() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let r = d
        .post_raw(
            "/c/alpha/players",
            &[
                ("csrf_token", "stale"),
                ("name", "Ann Able"),
                ("membership_number", "M-7"),
            ],
        )
        .await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    assert!(
        r.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    let body = r.text().await.unwrap();
    assert!(body.contains("Submit once more"), "{body}");
    assert!(body.contains("value=\"Ann Able\"") && body.contains("value=\"M-7\""));
    assert!(body.contains("action=\"/c/alpha/players\""));
    // Nothing was saved, and submitting the page's form once more works.
    let (_, list) = d.get_text("/c/alpha/players").await;
    assert!(!list.contains("Ann Able"));
    let token = csrf_from(&body).unwrap();
    let r = d
        .post_raw(
            "/c/alpha/players",
            &[
                ("csrf_token", &token),
                ("name", "Ann Able"),
                ("membership_number", "M-7"),
            ],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    // Passwords are never sent back.
    let b = Browser::new(&app);
    let r = b
        .post_raw(
            "/login",
            &[
                ("csrf_token", "stale"),
                ("email", "olive@example.org"),
                ("password", PASSWORD),
            ],
        )
        .await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let body = r.text().await.unwrap();
    assert!(body.contains("value=\"olive@example.org\""));
    assert!(!body.contains(PASSWORD));
}

#[tokio::test]
async fn owners_revoke_invitations_and_remove_directors() {
    let app = spawn_app().await;
    let owner = app.club_with_owner("alpha", "olive@example.org").await;
    let invite_link = |body: &str| {
        let start = body.find("/invite/").unwrap();
        body[start..]
            .chars()
            .take_while(|c| *c != '<')
            .collect::<String>()
    };
    // Revoked before use: the link stops working.
    let r = owner
        .post(
            "/c/alpha/directors",
            "/c/alpha/invites",
            &[("email", "rex@example.org")],
        )
        .await;
    let rex_link = invite_link(&r.text().await.unwrap());
    let id = with_conn(&app, |c| {
        calypso_director::db::accounts::pending_invites(c, app.club_id("alpha")).unwrap()[0].id
    });
    let r = owner
        .post(
            "/c/alpha/directors",
            &format!("/c/alpha/invites/{id}/revoke"),
            &[],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        Browser::new(&app).get(&rex_link).await.status(),
        StatusCode::NOT_FOUND
    );

    // Dan joins, logs in, then is removed: his session ends at once.
    let r = owner
        .post(
            "/c/alpha/directors",
            "/c/alpha/invites",
            &[("email", "dan@example.org")],
        )
        .await;
    let link = invite_link(&r.text().await.unwrap());
    let dan = Browser::new(&app);
    let r = dan
        .post(
            &link,
            &link,
            &[
                ("name", "Dan Deputy"),
                ("password", PASSWORD),
                ("password_confirm", PASSWORD),
            ],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        dan.login("dan@example.org", PASSWORD).await.status(),
        StatusCode::SEE_OTHER
    );
    assert_eq!(dan.get("/c/alpha/players").await.status(), StatusCode::OK);
    // Only the owner removes, and never the owner.
    let dan_id = with_conn(&app, |c| {
        calypso_director::db::accounts::directors_of_club(c, app.club_id("alpha"))
            .unwrap()
            .into_iter()
            .find(|d| d.name == "Dan Deputy")
            .unwrap()
            .id
    });
    let remove = format!("/c/alpha/directors/{dan_id}/remove");
    let r = owner.post("/c/alpha/directors", &remove, &[]).await;
    assert_eq!(r.status(), StatusCode::OK, "asks first");
    assert!(r.text().await.unwrap().contains("Remove Dan Deputy"));
    assert_eq!(
        dan.get("/c/alpha/players").await.status(),
        StatusCode::OK,
        "not yet"
    );
    let r = owner
        .post("/c/alpha/directors", &remove, &[("confirm", "yes")])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        dan.get("/c/alpha/players").await.status(),
        StatusCode::SEE_OTHER,
        "logged out everywhere"
    );
    let r = Browser::new(&app).login("dan@example.org", PASSWORD).await;
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    let (_, page) = owner.get_text("/c/alpha/directors").await;
    assert!(page.contains("Removed Dan Deputy from the club."));
    assert!(!page.contains("<td>Dan Deputy</td>"), "no longer listed");
    let (_, page) = owner.get_text("/c/alpha/directors").await;
    assert!(!page.contains("Dan Deputy"));
}

#[tokio::test]
async fn pages_speak_in_words_not_internal_names() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let mut fields = event_fields("One Table Trial");
    fields[4] = ("tables", "1");
    fields[5] = ("boards", "1");
    fields[3] = ("variant", "split-partnership-3");
    fields[6] = ("trick_rule", "beat-the-leader");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let page = location(&r);
    let (_, body) = d.get_text(&page).await;
    assert!(body.contains("1 table, 1 board"), "{body}");
    assert!(body.contains("Split partnership, three players"));
    assert!(body.contains("Beat the leader"));
    let (_, list) = d.get_text("/c/alpha/events").await;
    assert!(list.contains("1 table, 1 board") && !list.contains("1 tables"));
    // The form explains the choices.
    let (_, form) = d.get_text("/c/alpha/events/new").await;
    assert!(form.contains("three-hander") && form.contains("Cut-throat, four players"));
    assert!(form.contains("A led personal trump wins the trick unless someone trumps in"));
    // Setting one seat only says what to do, not that "?" is not a suit.
    let mut partial = event_fields("Partial Seating");
    partial[7] = ("trump_n", "H");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &partial)
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    assert!(
        body.contains("choose a suit (or none) for every seat"),
        "{body}"
    );
    assert!(!body.contains("is not a suit"));
    // The API documentation the tokens page links to is served.
    let (_, tokens) = d.get_text("/c/alpha/tokens").await;
    assert!(tokens.contains("href=\"/docs/api\""));
    let (status, doc) = d.get_text("/docs/api").await;
    assert_eq!(status, StatusCode::OK);
    assert!(doc.contains("Authorization: Bearer"), "{doc}");
}

#[tokio::test]
async fn entries_through_the_pages() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let public = Browser::new(&app);
    d.post(
        "/c/alpha/players",
        "/c/alpha/players",
        &[("name", "Bob Ray"), ("membership_number", "")],
    )
    .await;
    let bob = with_conn(&app, |c| {
        calypso_director::db::clubs::players_of(c, app.club_id("alpha"), false).unwrap()[0].id
    })
    .to_string();
    let (page, _) = new_event(&d, "Entries Night").await;
    let entries = format!("{page}/entries");
    let (status, body) = d.get_text(&entries).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("Add a pair") && body.contains("Bob Ray"));

    // A slot with neither, or both: the form comes back with the input and says which.
    let r = d
        .post(
            &entries,
            &entries,
            &[
                ("player_1", bob.as_str()),
                ("guest_1", "Ann Lee"),
                ("guest_2", ""),
            ],
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    assert!(body.contains("not both") && body.contains("or type a guest"));
    assert!(body.contains("value=\"Ann Lee\""), "input kept");
    // A roster player and a guest.
    let r = d
        .post(
            &entries,
            &entries,
            &[("player_1", bob.as_str()), ("guest_2", "Ann Lee")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, body) = d.get_text(&entries).await;
    assert!(
        body.contains("Entered Bob Ray &#38; Ann Lee as number 1."),
        "{body}"
    );
    // The same roster player again: refused beside the field.
    let r = d
        .post(
            &entries,
            &entries,
            &[("player_1", bob.as_str()), ("guest_2", "Cat")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        r.text()
            .await
            .unwrap()
            .contains("Bob Ray is already entered in this event (entry 1)")
    );
    d.post(
        &entries,
        &entries,
        &[("guest_1", "Cat"), ("guest_2", "Dan")],
    )
    .await;

    // The public sees the entries once the event is public.
    move_to(&d, &page, "draft", "ready").await;
    let (_, shown) = public.get_text(&page).await;
    assert!(shown.contains("Bob Ray &#38; Ann Lee") && shown.contains("Cat &#38; Dan"));
    assert!(!shown.contains("Manage entries"));
    assert_eq!(public.get(&entries).await.status(), StatusCode::SEE_OTHER);

    // Removing entry 1 renumbers; after the start nothing changes.
    let first = with_conn(&app, |c| {
        calypso_director::db::entries::entries_of(c, app.club_id("alpha"), id_from_location(&page))
            .unwrap()[0]
            .id
    });
    let r = d
        .post(&entries, &format!("{entries}/{first}/delete"), &[])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    // Drawing starting numbers asks first; numbers still run from 1.
    let draw = format!("{entries}/draw");
    let r = d.post(&entries, &draw, &[]).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert!(
        r.text()
            .await
            .unwrap()
            .contains("Draw the starting numbers")
    );
    let r = d.post(&entries, &draw, &[("confirm", "yes")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, body) = d.get_text(&entries).await;
    assert!(body.contains("Starting numbers drawn."));
    let numbers = with_conn(&app, |c| {
        calypso_director::db::entries::entries_of(c, app.club_id("alpha"), id_from_location(&page))
            .unwrap()
            .iter()
            .map(|e| e.number)
            .collect::<Vec<_>>()
    });
    assert_eq!(numbers, vec![1]);
    let (_, body) = d.get_text(&entries).await;
    assert!(
        body.contains("<td>1</td><td class=\"wrap\">Cat &#38; Dan</td>"),
        "{body}"
    );
    move_to(&d, &page, "ready", "running").await;
    let r = d
        .post(
            &entries,
            &entries,
            &[("guest_1", "Eve"), ("guest_2", "Fay")],
        )
        .await;
    // Once running, an entry is a late one and needs a reason (tests/web_changes.rs).
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    assert!(body.contains("A late pair") && body.contains("the reason is required"));
    assert!(!body.contains(">Remove<"));
}

#[tokio::test]
async fn the_movement_page_shows_the_plan_and_where_each_pair_goes() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let public = Browser::new(&app);
    let mut fields = event_fields("Mitchell Night");
    fields[4] = ("tables", "3");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let page = location(&r);
    let movement = format!("{page}/movement");
    let entries = format!("{page}/entries");
    let (status, body) = d.get_text(&movement).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("No movement yet") && body.contains("Make the movement"));
    // Five pairs at three tables: a phantom, so one pair sits out each round.
    for n in 1..=5 {
        let (a, b) = (format!("North {n}"), format!("South {n}"));
        d.post(&entries, &entries, &[("guest_1", &a), ("guest_2", &b)])
            .await;
    }
    let r = d.post(&movement, &movement, &[("rounds", "9")]).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    assert!(
        body.contains("at most 3 rounds") && body.contains("value=\"9\""),
        "{body}"
    );
    let r = d.post(&movement, &movement, &[("rounds", "3")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, body) = d.get_text(&movement).await;
    assert!(
        body.contains("Movement ready: 3 rounds at 3 tables"),
        "{body}"
    );
    assert!(body.contains("<th>Table 3</th>"));
    // Seats as players know them, and the numbers kept apart (never "majors" alone).
    assert!(
        body.contains("Round 1: table 1 · N-S ♠♥ · against pair 4 · board 1"),
        "{body}"
    );
    assert!(!body.contains("majors against"), "{body}");
    assert!(body.contains("sits out"));
    // The public sees the plan once the event is public, without the form.
    assert_eq!(public.get(&movement).await.status(), StatusCode::NOT_FOUND);
    move_to(&d, &page, "draft", "ready").await;
    let (status, shown) = public.get_text(&movement).await;
    assert_eq!(status, StatusCode::OK);
    assert!(shown.contains("North 1 &#38; South 1") && !shown.contains("Make the movement"));
    // Once play starts a change needs a reason (tests/web_changes.rs has the rest).
    move_to(&d, &page, "ready", "running").await;
    let r = d.post(&movement, &movement, &[("rounds", "2")]).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.text().await.unwrap().contains("the reason is required"));
}

#[tokio::test]
async fn round_control_starts_rounds_and_shows_each_tables_state() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let mut fields = event_fields("Round Night");
    fields[4] = ("tables", "3");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let page = location(&r);
    let id = id_from_location(&page);
    let (entries, movement, rounds) = (
        format!("{page}/entries"),
        format!("{page}/movement"),
        format!("{page}/rounds"),
    );
    for n in 1..=6 {
        let (a, b) = (format!("A{n}"), format!("B{n}"));
        d.post(&entries, &entries, &[("guest_1", &a), ("guest_2", &b)])
            .await;
    }
    d.post(&movement, &movement, &[("rounds", "3")]).await;
    let (_, body) = d.get_text(&rounds).await;
    assert!(
        body.contains("rounds are played while the event is running"),
        "{body}"
    );
    move_to(&d, &page, "draft", "ready").await;
    move_to(&d, &page, "ready", "running").await;
    // Starting play started round 1 (#21: one step); asking again says it is on.
    let (_, body) = d.get_text(&rounds).await;
    assert!(body.contains("Start round 2"), "{body}");
    let r = d.post(&rounds, &rounds, &[("round", "1")]).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, body) = d.get_text(&rounds).await;
    assert!(body.contains("Round 1 of 3"), "{body}");
    assert_eq!(body.matches(">playing<").count(), 3, "{body}");
    // Table 1 reports; the others are still playing, so starting round 2 asks first.
    let at = calypso_director::db::results::PlayedAt {
        round: 1,
        table_number: 1,
        board: 1,
        majors_entry: None,
        minors_entry: None,
    };
    store_result(&app, id, at, (100, 90));
    let (_, body) = d.get_text(&rounds).await;
    assert_eq!(body.matches(">reported<").count(), 1);
    let r = d.post(&rounds, &rounds, &[("round", "2")]).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert!(
        r.text()
            .await
            .unwrap()
            .contains("2 tables of round 1 have not reported yet")
    );
    let r = d
        .post(&rounds, &rounds, &[("round", "2"), ("confirm", "yes")])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    // A stale page (or a double click) cannot skip or repeat a round.
    let r = d
        .post(&rounds, &rounds, &[("round", "2"), ("confirm", "yes")])
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    let r = d
        .post(&rounds, &rounds, &[("round", "3"), ("confirm", "yes")])
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let (_, body) = d.get_text(&rounds).await;
    assert!(body.contains("Round 3 of 3") && body.contains("round 3 is the last round"));
}

#[tokio::test]
async fn a_tables_code_opens_what_it_plays_this_round() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let player = Browser::new(&app);
    let mut fields = event_fields("Table Night");
    fields[4] = ("tables", "2");
    fields[2] = ("format", "progressive");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let page = location(&r);
    let (entries, movement, rounds) = (
        format!("{page}/entries"),
        format!("{page}/movement"),
        format!("{page}/rounds"),
    );
    for n in 1..=4 {
        let (a, b) = (format!("Ann {n}"), format!("Bob {n}"));
        d.post(&entries, &entries, &[("guest_1", &a), ("guest_2", &b)])
            .await;
    }
    d.post(&movement, &movement, &[("rounds", "2")]).await;
    move_to(&d, &page, "draft", "ready").await;
    let (_, body) = d.get_text(&rounds).await;
    let i = body.find("href=\"/t/").expect("table codes listed") + "href=\"".len();
    let table1: String = body[i..].chars().take_while(|c| *c != '"').collect();
    assert_eq!(table1.len(), "/t/".len() + 8, "{table1}");
    let (status, shown) = player.get_text(&table1).await;
    assert_eq!(status, StatusCode::OK);
    assert!(shown.contains("Table 1") && shown.contains("Play has not started yet"));
    move_to(&d, &page, "ready", "running").await;
    d.post(&rounds, &rounds, &[("round", "1")]).await;
    let (_, shown) = player.get_text(&table1).await;
    assert!(shown.contains("Round 1: board 1"), "{shown}");
    assert!(
        shown.contains("<strong>1</strong> Ann 1 &#38; Bob 1"),
        "{shown}"
    );
    assert!(shown.contains("<strong>3</strong> Ann 3 &#38; Bob 3"));
    assert!(
        shown.contains("Pair 3 (E-W ♦♣) goes to table 2, E-W ♦♣."),
        "{shown}"
    );
    // Codes are read case-insensitively; a wrong one is simply not found.
    assert_eq!(
        player.get(&table1.to_lowercase()).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        player.get("/t/AAAAAAAA").await.status(),
        StatusCode::NOT_FOUND
    );

    // The table cards carry each table's code and address; the guide cards every pair.
    let code = table1.trim_start_matches("/t/").to_string();
    let r = d.get(&format!("{page}/table-cards.pdf")).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.headers()["content-type"], "application/pdf");
    let text = pdf_text(&r.bytes().await.unwrap());
    assert!(
        text.contains("Table 1") && text.contains("Table 2"),
        "{text}"
    );
    assert!(text.contains(&code), "{text}");
    assert!(text.contains(&format!("{}/t/", app.address)), "{text}");
    let r = d.get(&format!("{page}/guide-cards.pdf")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let text = pdf_text(&r.bytes().await.unwrap());
    for n in 1..=4 {
        assert!(text.contains(&format!("Ann {n}")), "{text}");
    }
    // Directors only.
    assert_eq!(
        player
            .get(&format!("{page}/table-cards.pdf"))
            .await
            .status(),
        StatusCode::SEE_OTHER
    );
}
