//! Score entry on a table's own page (`/t/{code}`), no login: the engine's problems beside
//! the fields with the input kept, a saved result provisional until the other side agrees on
//! the same phone, a second submission refused with the result already entered, and a code
//! that works only for its own table.

mod common;

use calypso_director::db;
use calypso_director::event::EventId;
use common::*;
use reqwest::StatusCode;

/// A running Mitchell of 2 tables (4 pairs), 1 round of 1 board, round 1 started; the
/// event's page and its table codes by table.
async fn running(app: &TestApp, d: &Browser) -> (String, EventId, Vec<(u32, String)>) {
    two_tables_running(app, d, "Table Night", ("North", "South")).await
}

/// The board a table plays in round 1, read from its page.
fn board_on(page: &str) -> String {
    let i = page.find("name=\"board\" value=\"").expect("a result form") + 20;
    page[i..].split('"').next().unwrap().to_string()
}

fn result_fields<'a>(board: &'a str, csrf: &'a str, piles_ns: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("csrf_token", csrf),
        ("round", "1"),
        ("board", board),
        ("calypsos_N", "0"),
        ("calypsos_E", "0"),
        ("calypsos_S", "0"),
        ("calypsos_W", "0"),
        ("piles_NS", piles_ns),
        ("piles_EW", "104"),
        ("revokes_NS", "0"),
        ("revokes_EW", "0"),
    ]
}

fn results_of(app: &TestApp, id: EventId) -> Vec<calypso_director::event::results::TableResult> {
    let club = app.club_id("alpha");
    with_conn(app, |c| db::results::results_of(c, club, id).unwrap())
}

#[tokio::test]
async fn a_table_enters_its_result_and_the_minors_agree_on_the_same_phone() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (_, id, codes) = running(&app, &d).await;
    let code = &codes[0].1;
    let path = format!("/t/{code}");
    // A phone at the table: no login, its own cookies.
    let phone = Browser::new(&app);
    let (status, body) = phone.get_text(&path).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("Check and enter the result"), "{body}");
    let board = board_on(&body);
    let csrf = csrf_from(&body).unwrap();

    // A wrong count: the engine's words, the input kept, nothing saved.
    let r = phone
        .post_raw(
            &format!("{path}/result"),
            &result_fields(&board, &csrf, "100"),
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    assert!(
        body.contains("the cards add up to 204, a game has 208"),
        "{body}"
    );
    assert!(body.contains("value=\"100\""), "the count typed is kept");
    assert!(results_of(&app, id).is_empty());

    // A rank tapped twice in South's calypso: named beside South's line.
    let mut twice = result_fields(&board, &csrf, "104");
    twice.push(("ranks_S", "2"));
    twice.push(("ranks_S", "2"));
    let r = phone.post_raw(&format!("{path}/result"), &twice).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    let south = body.find("<legend>South").expect("South's line");
    let next = body[south..].find("</fieldset>").unwrap() + south;
    assert!(
        body[south..next].contains("a calypso holds one card of each rank"),
        "{}",
        &body[south..next]
    );
    assert!(results_of(&app, id).is_empty());

    // Not a number: named beside its line, nothing saved.
    let mut typo = result_fields(&board, &csrf, "104");
    typo[3] = ("calypsos_N", "one");
    let r = phone.post_raw(&format!("{path}/result"), &typo).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    assert!(
        body.contains("North&#39;s completed calypsos: &#34;one&#34; is not a number"),
        "{body}"
    );
    assert!(body.contains("value=\"one\""));
    assert!(results_of(&app, id).is_empty());

    // Fixed: saved, provisional, the engine's totals shown.
    let good = result_fields(&board, &csrf, "104");
    let r = phone.post_raw(&format!("{path}/result"), &good).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let saved = results_of(&app, id);
    assert_eq!(saved.len(), 1);
    assert_eq!(
        (saved[0].values.scores.majors, saved[0].values.scores.minors),
        (1040, 1040)
    );
    assert_eq!(saved[0].values.status.name(), "provisional");
    assert!(saved[0].entered_by.contains(code.as_str()));
    let (_, body) = phone.get_text(&path).await;
    assert!(
        body.contains("provisional")
            && body.contains("E-W ♦♣ · Pair 3, North 3 &#38; South 3: agree</button>"),
        "{body}"
    );
    assert!(body.contains("1040"));

    // A double tap: the second is refused with the result already entered.
    let r = phone.post_raw(&format!("{path}/result"), &good).await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    let body = r.text().await.unwrap();
    assert!(body.contains("already has a result"), "{body}");
    assert!(body.contains("ask the director for a correction"));
    assert_eq!(results_of(&app, id).len(), 1);

    // The minors agree: final.
    let rid = saved[0].id.get().to_string();
    let r = phone
        .post_raw(
            &format!("{path}/confirm"),
            &[("csrf_token", &csrf), ("result", &rid), ("answer", "agree")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(results_of(&app, id)[0].values.status.name(), "confirmed");
    let (_, body) = phone.get_text(&path).await;
    assert!(body.contains("Both sides agree"), "{body}");
    // Agreeing twice changes nothing.
    let r = phone
        .post_raw(
            &format!("{path}/confirm"),
            &[
                ("csrf_token", &csrf),
                ("result", &rid),
                ("answer", "disagree"),
            ],
        )
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert_eq!(results_of(&app, id)[0].values.status.name(), "confirmed");
}

#[tokio::test]
async fn a_table_code_enters_only_its_own_table_and_the_other_side_may_disagree() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (_, id, codes) = running(&app, &d).await;
    let (one, two) = (&codes[0].1, &codes[1].1);
    let phone = Browser::new(&app);
    let (_, body) = phone.get_text(&format!("/t/{two}")).await;
    let board_two = board_on(&body);
    let (_, body) = phone.get_text(&format!("/t/{one}")).await;
    let csrf = csrf_from(&body).unwrap();
    // Table 1's code cannot enter table 2's board.
    let r = phone
        .post_raw(
            &format!("/t/{one}/result"),
            &result_fields(&board_two, &csrf, "104"),
        )
        .await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    let body = r.text().await.unwrap();
    assert!(body.contains("table 1 plays board"), "{body}");
    // A code that does not exist.
    let r = phone
        .post_raw("/t/ZZZZZZZZ/result", &result_fields("1", &csrf, "104"))
        .await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    assert!(results_of(&app, id).is_empty());

    // Table 2 enters its own; the minors do not agree: disputed, for the director.
    let r = phone
        .post_raw(
            &format!("/t/{two}/result"),
            &result_fields(&board_two, &csrf, "104"),
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let rid = results_of(&app, id)[0].id.get().to_string();
    // Table 1's code cannot answer for table 2's result.
    let r = phone
        .post_raw(
            &format!("/t/{one}/confirm"),
            &[("csrf_token", &csrf), ("result", &rid), ("answer", "agree")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    assert_eq!(results_of(&app, id)[0].values.status.name(), "provisional");
    let r = phone
        .post_raw(
            &format!("/t/{two}/confirm"),
            &[
                ("csrf_token", &csrf),
                ("result", &rid),
                ("answer", "disagree"),
            ],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(results_of(&app, id)[0].values.status.name(), "disputed");
    let (_, body) = phone.get_text(&format!("/t/{two}")).await;
    assert!(body.contains("The director has been called"), "{body}");
}

/// Wrong table codes are limited per client address, right ones never: a room full of phones
/// opens its tables freely; after the burst of wrong codes a 429 page says what happened; the
/// phone that already opened its table goes on entering its result.
#[tokio::test]
async fn wrong_table_codes_are_limited_by_address_and_right_ones_are_not() {
    use calypso_director::web::limits::WRONG_CODE_BURST;
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (_, id, codes) = running(&app, &d).await;
    let code = &codes[0].1;
    let path = format!("/t/{code}");
    // Table 1's phone opens its page before anyone mistypes a code.
    let phone = Browser::new(&app);
    let (status, body) = phone.get_text(&path).await;
    assert_eq!(status, StatusCode::OK);
    let board = board_on(&body);
    let csrf = csrf_from(&body).unwrap();

    // Right codes never count: three times the burst of fresh phones from the same address
    // (every test client is 127.0.0.1, like a club's room behind one public address).
    for n in 0..3 * WRONG_CODE_BURST as usize {
        let (_, code) = &codes[n % 2];
        let (status, _) = Browser::new(&app).get_text(&format!("/t/{code}")).await;
        assert_eq!(status, StatusCode::OK, "right code {n}");
    }

    // Wrong codes, by the page, the result form and the confirmation, until the burst is
    // used up: each a 404 like any missing page.
    let guesser = Browser::new(&app);
    let token = guesser.csrf("/login").await;
    for n in 0..WRONG_CODE_BURST as usize {
        let wrong = format!("WRONG{n:03}");
        let r = match n % 4 {
            0 => guesser.get(&format!("/t/{wrong}")).await,
            1 => {
                guesser
                    .post_raw(
                        &format!("/t/{wrong}/result"),
                        &result_fields(&board, &token, "104"),
                    )
                    .await
            }
            2 => {
                guesser
                    .post_raw(
                        &format!("/t/{wrong}/confirm"),
                        &[("csrf_token", &token), ("result", "1"), ("answer", "agree")],
                    )
                    .await
            }
            // Not a code at all: an emoji, percent-encoded.
            _ => guesser.get("/t/%F0%9F%8E%B2").await,
        };
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "wrong code {n}");
    }

    // One more: 429, from every route, with the site's page saying what to do.
    let r = guesser.get("/t/WRONGONE").await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(r.headers()["retry-after"], "20");
    let body = r.text().await.unwrap();
    assert!(
        body.contains("Too many wrong table codes were tried from this network")
            && body.contains("ask the director"),
        "{body}"
    );
    let r = guesser
        .post_raw("/t/WRONGONE/result", &result_fields(&board, &token, "104"))
        .await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    let r = guesser
        .post_raw(
            "/t/WRONGONE/confirm",
            &[("csrf_token", &token), ("result", "1"), ("answer", "agree")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    // While the address is over its allowance, a code this phone has not opened is not even
    // looked up: were a right one answered, a guesser would see the hit.
    let (status, body) = guesser.get_text(&path).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");

    // Table 1's phone is not a guesser: its page opens and its result goes in.
    let (status, body) = phone.get_text(&path).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("Check and enter the result"));
    let r = phone
        .post_raw(
            &format!("{path}/result"),
            &result_fields(&board, &csrf, "104"),
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let saved = results_of(&app, id);
    assert_eq!(saved.len(), 1);
    let rid = saved[0].id.get().to_string();
    let r = phone
        .post_raw(
            &format!("{path}/confirm"),
            &[("csrf_token", &csrf), ("result", &rid), ("answer", "agree")],
        )
        .await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert_eq!(results_of(&app, id)[0].values.status.name(), "confirmed");
    // The same phone's mistyped code is still a wrong one from this address.
    let r = phone.get("/t/WRONGTWO").await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
}

fn as_refs(fields: &[(String, String)]) -> Vec<(&str, &str)> {
    fields
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect()
}

/// The part of a page inside the element that starts at `start` (up to the next `end`).
fn part<'a>(body: &'a str, start: &str, end: &str) -> &'a str {
    let i = body
        .find(start)
        .unwrap_or_else(|| panic!("no {start} in {body}"));
    let j = body[i..].find(end).map_or(body.len(), |j| i + j);
    &body[i..j]
}

/// Deal by deal on the table's page: the engine checks every deal (problems come back beside
/// that deal, with everything typed kept and nothing saved), and the result saved scores as
/// the whole game's entry of the same game would.
#[tokio::test]
async fn a_table_enters_its_result_deal_by_deal() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (_, id, codes) = running(&app, &d).await;
    let code = &codes[0].1;
    let path = format!("/t/{code}");
    let phone = Browser::new(&app);
    let (_, body) = phone.get_text(&path).await;
    // The three ways, the whole game chosen; a line per deal of the game.
    assert!(
        body.contains("name=\"mode\" value=\"game\" checked"),
        "{body}"
    );
    assert!(body.contains("name=\"mode\" value=\"deals\""));
    for k in 1..=4 {
        assert!(
            body.contains(&format!("name=\"d{k}_calypsos_N\"")),
            "deal {k}"
        );
        assert!(
            body.contains(&format!("name=\"d{k}_piles_EW\"")),
            "deal {k}"
        );
    }
    assert!(!body.contains("name=\"d5_"));
    let board = board_on(&body);
    let csrf = csrf_from(&body).unwrap();
    let (spec, deals) = board_as_dealt(&app, "alpha", id, board.parse().unwrap());

    // The same cards in progress throughout (dealt in deal 1); North completes a calypso in
    // deal 4; E-W revoked once.
    let lines: Vec<GameLine> = (1..=4)
        .map(|k| GameLine::new(&spec, &deals, k, [(k == 4) as i64, 0, 0, 0], [1, 2, 1, 2]))
        .collect();
    let form = |lines: &[GameLine]| {
        let mut f = vec![
            ("csrf_token".to_string(), csrf.clone()),
            ("round".into(), "1".into()),
            ("board".into(), board.clone()),
            ("mode".into(), "deals".into()),
            ("deals_revokes_NS".into(), "0".into()),
            ("deals_revokes_EW".into(), "1".into()),
        ];
        for l in lines {
            f.extend(l.fields(&format!("d{}_", l.after)));
        }
        f
    };
    let send = |fields: Vec<(String, String)>| {
        let phone = &phone;
        let path = &path;
        async move {
            phone
                .post_raw(&format!("{path}/result"), &as_refs(&fields))
                .await
        }
    };

    // N-S's pile shrinks from deal 2 to deal 3: refused, beside deal 3's piles.
    let mut shrinking = lines.clone();
    let ns = lines[1].piles[0] - 4;
    shrinking[2].piles = [ns, lines[2].piles[0] + lines[2].piles[1] - ns];
    let r = send(form(&shrinking)).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    let deal3 = part(
        &body,
        "<legend>After deal 3</legend>",
        "<legend>After deal 4</legend>",
    );
    let piles3 = part(deal3, "Trick piles so far", "</fieldset>");
    assert!(
        piles3.contains(&format!(
            "after deal 3: N-S ♠♥&#39;s trick pile has {ns} cards, fewer than the {} after deal 2",
            lines[1].piles[0]
        )),
        "{piles3}"
    );
    // Kept as typed: the deal mode chosen, deal 3's pile, deal 2's tapped cards, the revokes.
    assert!(body.contains("name=\"mode\" value=\"deals\" checked"));
    assert!(piles3.contains(&format!(
        "name=\"d3_piles_NS\" value=\"{}\"",
        shrinking[2].piles[0]
    )));
    let rank = lines[1].ranks[1][0];
    assert!(
        body.contains(&format!("name=\"d2_ranks_E\" value=\"{rank}\" checked")),
        "East's card in deal 2 is still tapped"
    );
    assert!(body.contains("name=\"deals_revokes_EW\" value=\"1\""));
    assert!(results_of(&app, id).is_empty());

    // A card in progress after deal 1 that deal 1 did not deal: the engine's dealt-card check
    // of that deal, beside that player's line of deal 1.
    use calypso_director::engine::{Card, Rank, Seat};
    let (seat, missing) = Seat::ALL
        .iter()
        .enumerate()
        .find_map(|(s, &seat)| {
            let suit = spec.trumps.of(seat).unwrap();
            Rank::all()
                .find(|&r| {
                    !deals[0]
                        .hands
                        .iter()
                        .any(|h| h.count(Card::new(r, suit)) > 0)
                })
                .map(|r| (s, r.char()))
        })
        .expect("deal 1 misses some rank of some suit");
    let mut undealt = lines.clone();
    for l in &mut undealt {
        // One card more in progress throughout, one fewer in that side's pile: the counts
        // still add up, only the card is wrong.
        l.ranks[seat].push(missing);
        l.piles[seat % 2] -= 1;
    }
    let r = send(form(&undealt)).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    let deal1 = part(
        &body,
        "<legend>After deal 1</legend>",
        "<legend>After deal 2</legend>",
    );
    let who = Seat::ALL[seat].name();
    let line1 = part(deal1, &format!("<legend>{who} "), "</fieldset>");
    assert!(
        line1.contains(&format!(
            "after deal 1: {who}&#39;s calypso in progress lists"
        )) && line1.contains("dealt by deal 1"),
        "{line1}"
    );
    assert!(results_of(&app, id).is_empty());

    // Deals 1 and 3 but not 2: the missing deal is named at deal 2.
    let r = send(form(&[lines[0].clone(), lines[2].clone()])).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    let deal2 = part(
        &body,
        "<legend>After deal 2</legend>",
        "<fieldset class=\"player\">",
    );
    assert!(
        deal2.contains("nothing is filled in, but deal 3 is"),
        "{deal2}"
    );
    assert!(results_of(&app, id).is_empty());

    // Right: saved, with the four deal lines as the sheet.
    let r = send(form(&lines)).await;
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let saved = results_of(&app, id);
    assert_eq!(saved.len(), 1);
    let sheet = saved[0].values.report.json().clone();
    assert_eq!(sheet["deals"].as_array().unwrap().len(), 4, "{sheet}");
    assert_eq!(sheet["revokes"], serde_json::json!({"NS": 0, "EW": 1}));
    let got = (
        i64::from(saved[0].values.scores.majors),
        i64::from(saved[0].values.scores.minors),
    );
    // By hand from the last line: N-S 500 + 2 x 20 + 10 x pile + 260 for E-W's revoke.
    assert_eq!(got, lines[3].scores([0, 1]));
    // And the whole game's entry of the same game (the last line as one summary) scores the
    // same through the same form and engine.
    let mut whole = lines[3].fields("");
    whole.extend([
        ("mode".to_string(), "game".to_string()),
        ("revokes_NS".into(), "0".into()),
        ("revokes_EW".into(), "1".into()),
    ]);
    let whole = calypso_director::event::forms::calypso::TableForm::from_pairs(whole)
        .sheet(&spec)
        .unwrap()
        .read(
            &spec,
            calypso_director::event::settings::GameKind::Calypso,
            None,
            None,
            None,
        )
        .unwrap();
    let checked =
        calypso_director::event::table_report::check(&spec, &whole, Some(&deals)).unwrap();
    assert_eq!((checked.majors, checked.minors), got);
    let (_, body) = phone.get_text(&path).await;
    assert!(
        body.contains(&got.0.to_string())
            && body.contains("E-W ♦♣ · Pair ")
            && body.contains(": agree</button>"),
        "the agree step names the pair: {body}"
    );
}

/// The fields of a deal-by-deal form with `lines` filled in (deal k's as `dk_`), E-W's one
/// revoke, and "Check deal k" when `check`.
fn deals_form(csrf: &str, board: &str, lines: &[GameLine], check: bool) -> Vec<(String, String)> {
    let mut f = vec![
        ("csrf_token".to_string(), csrf.to_string()),
        ("round".into(), "1".into()),
        ("board".into(), board.to_string()),
        ("mode".into(), "deals".into()),
        ("deals_revokes_NS".into(), "0".into()),
        ("deals_revokes_EW".into(), "1".into()),
    ];
    for l in lines {
        f.extend(l.fields(&format!("d{}_", l.after)));
    }
    if check {
        f.push(("check".into(), lines.len().to_string()));
    }
    f
}

/// A card as players write it: 9♠, 10♥.
fn in_words(rank: char, suit: calypso_director::engine::Suit) -> String {
    let rank = if rank == 'T' {
        "10".to_string()
    } else {
        rank.to_string()
    };
    format!("{rank}{}", suit.symbol())
}

/// Enter as you go: each deal is checked when it ends (the score so far shown, nothing
/// saved, the next deal started from it), a wrong deal is refused in the players' words with
/// everything typed kept, and the result goes in with the last deal, scored by the engine.
#[tokio::test]
async fn a_table_checks_each_deal_as_it_ends_and_sends_the_result_with_the_last() {
    use calypso_director::engine::Seat;
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (_, id, codes) = running(&app, &d).await;
    let code = &codes[0].1;
    let path = format!("/t/{code}");
    let phone = Browser::new(&app);
    let (_, body) = phone.get_text(&path).await;
    assert!(
        body.contains("name=\"check\" value=\"1\"") && body.contains("Check deal 1</button>"),
        "{body}"
    );
    let board = board_on(&body);
    let csrf = csrf_from(&body).unwrap();
    let (spec, deals) = board_as_dealt(&app, "alpha", id, board.parse().unwrap());
    let lines: Vec<GameLine> = (1..=4)
        .map(|k| GameLine::new(&spec, &deals, k, [(k == 4) as i64, 0, 0, 0], [1, 2, 1, 2]))
        .collect();
    let send = |fields: Vec<(String, String)>| {
        let phone = &phone;
        let path = &path;
        async move {
            let r = phone
                .post_raw(&format!("{path}/result"), &as_refs(&fields))
                .await;
            (r.status(), r.text().await.unwrap())
        }
    };

    // Deal 1 checked: the score so far (E-W's revoke counts already), nothing saved, deal 2
    // started from deal 1's calypsos and cards, its piles to count.
    let (status, body) = send(deals_form(&csrf, &board, &lines[..1], true)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let so_far = part(&body, "<caption>The score so far, after deal 1", "</table>");
    let (ns, ew) = lines[0].scores([0, 1]);
    assert!(
        so_far.contains("N-S ♠♥")
            && so_far.contains(&format!("<strong>{ns}</strong>"))
            && so_far.contains(&format!("<strong>{ew}</strong>")),
        "{so_far}"
    );
    assert!(results_of(&app, id).is_empty(), "nothing is saved");
    let deal2 = part(
        &body,
        "<legend>After deal 2</legend>",
        "<legend>After deal 3</legend>",
    );
    assert!(deal2.contains("The calypsos and cards after deal 1 are filled in"));
    for r in &lines[0].ranks[1] {
        assert!(
            deal2.contains(&format!("name=\"d2_ranks_E\" value=\"{r}\" checked")),
            "East's cards carried over: {deal2}"
        );
    }
    assert!(deal2.contains("name=\"d2_piles_NS\" value=\"\""));
    assert!(body.contains("Check deal 2</button>"));
    // Deal 1 is kept (folded away) for the result.
    assert!(body.contains(&format!(
        "name=\"d1_piles_NS\" value=\"{}\"",
        lines[0].piles[0]
    )));

    // A wrong deal 2: North's first card left the calypso in progress without a calypso
    // completed (one more card in N-S's pile). Refused in the players' words (the card as 9♠,
    // not 9S), deals 1 and 2 kept as typed, nothing saved.
    let mut wrong = lines[..2].to_vec();
    let lost = wrong[1].ranks[0].remove(0);
    wrong[1].piles[0] += 1;
    let (status, body) = send(deals_form(&csrf, &board, &wrong, true)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let spades = spec.trumps.of(Seat::North).unwrap();
    let card = in_words(lost, spades);
    assert!(
        body.contains(&format!(
            "after deal 2: {card} left North&#39;s calypso in progress, but no calypso was completed"
        )),
        "{body}"
    );
    assert!(body.contains(&format!(
        "name=\"d2_piles_NS\" value=\"{}\"",
        wrong[1].piles[0]
    )));
    assert!(body.contains(&format!(
        "name=\"d1_piles_EW\" value=\"{}\"",
        lines[0].piles[1]
    )));
    assert!(results_of(&app, id).is_empty());

    // Corrected, then deal 3: each checked, the score after it.
    for k in 2..=3 {
        let (status, body) = send(deals_form(&csrf, &board, &lines[..k], true)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (ns, _) = lines[k - 1].scores([0, 1]);
        let so_far = part(
            &body,
            &format!("<caption>The score so far, after deal {k}"),
            "</table>",
        );
        assert!(
            so_far.contains(&format!("<strong>{ns}</strong>")),
            "{so_far}"
        );
    }
    assert!(results_of(&app, id).is_empty());

    // Deal 4 sent as the result: saved, the engine's score of the four deals.
    let (status, _) = send(deals_form(&csrf, &board, &lines, false)).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let saved = results_of(&app, id);
    assert_eq!(saved.len(), 1);
    let sheet = saved[0].values.report.json().clone();
    assert_eq!(sheet["deals"].as_array().unwrap().len(), 4, "{sheet}");
    let read = serde_json::from_value::<calypso_director::event::table_report::SheetInput>(sheet)
        .unwrap()
        .read(
            &spec,
            calypso_director::event::settings::GameKind::Calypso,
            None,
            None,
            None,
        )
        .unwrap();
    let checked = calypso_director::event::table_report::check(&spec, &read, Some(&deals)).unwrap();
    let got = (
        i64::from(saved[0].values.scores.majors),
        i64::from(saved[0].values.scores.minors),
    );
    assert_eq!((checked.majors, checked.minors), got);
    assert_eq!(got, lines[3].scores([0, 1]));
}

/// Far-off totals: the count of completed calypsos the deal cannot hold is named first,
/// before the correctly tapped cards it makes look wrong and before the total.
#[tokio::test]
async fn a_far_off_count_names_the_calypso_count_first() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (_, id, codes) = running(&app, &d).await;
    let path = format!("/t/{}", codes[0].1);
    let phone = Browser::new(&app);
    let (_, body) = phone.get_text(&path).await;
    let board = board_on(&body);
    let csrf = csrf_from(&body).unwrap();
    let (spec, deals) = board_as_dealt(&app, "alpha", id, board.parse().unwrap());
    // North typed 3 completed calypsos after deal 1 (39 spades) beside the right cards.
    let mut line = GameLine::new(&spec, &deals, 1, [0, 0, 0, 0], [2, 1, 1, 1]);
    line.calypsos[0] = 3;
    let r = phone
        .post_raw(
            &format!("{path}/result"),
            &as_refs(&deals_form(
                &csrf,
                &board,
                std::slice::from_ref(&line),
                true,
            )),
        )
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = r.text().await.unwrap();
    let deal1 = part(
        &body,
        "<legend>After deal 1</legend>",
        "<legend>After deal 2</legend>",
    );
    let notes: Vec<&str> = deal1
        .split("<p class=\"field-error\">")
        .skip(1)
        .map(|n| n.split("</p>").next().unwrap())
        .collect();
    assert!(
        notes[0].starts_with("North claims 41 spades (3 calypsos and 2 in progress)"),
        "{notes:#?}"
    );
    // The tapped cards, named after it, as players write them.
    let spades = spec
        .trumps
        .of(calypso_director::engine::Seat::North)
        .unwrap();
    for &r in &line.ranks[0] {
        let card = in_words(r, spades);
        let at = notes.iter().position(|n| n.contains(&card));
        // Named when fewer than 4 copies were dealt by deal 1 (one per completed calypso
        // and this one); the random deal key seldom deals all four, and then it is not.
        let c: calypso_director::engine::Card = format!("{r}{}", spades.letter()).parse().unwrap();
        let dealt: u8 = deals[0].hands.iter().map(|h| h.count(c)).sum();
        if dealt < 4 {
            assert!(at.is_some_and(|i| i > 0), "{card}: {notes:#?}");
        } else {
            assert!(at.is_none(), "{card} dealt {dealt} times: {notes:#?}");
        }
        assert!(!deal1.contains(&format!("{}S,", r)), "{deal1}");
    }
    let total = notes
        .iter()
        .position(|n| n.contains("the cards add up to"))
        .expect("the total's note");
    assert_eq!(total, notes.len() - 1, "the total comes last: {notes:#?}");
    // Each rank short of 3 calypsos is not named one by one beside the count.
    assert!(
        notes.iter().all(|n| !n.contains("cannot have completed")),
        "{notes:#?}"
    );
    assert!(results_of(&app, id).is_empty());
}

/// A trick pile left blank, or counted 0 with cards unaccounted for: "E-W ♦♣'s trick pile is
/// empty: count it", beside that pile.
#[tokio::test]
async fn an_empty_trick_pile_is_named_to_count_it() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let (_, id, codes) = running(&app, &d).await;
    let path = format!("/t/{}", codes[0].1);
    let phone = Browser::new(&app);
    let (_, body) = phone.get_text(&path).await;
    let board = board_on(&body);
    let csrf = csrf_from(&body).unwrap();
    let (spec, deals) = board_as_dealt(&app, "alpha", id, board.parse().unwrap());
    let line = GameLine::new(&spec, &deals, 1, [0, 0, 0, 0], [1, 1, 1, 1]);
    for typed in ["", "0"] {
        let mut fields = deals_form(&csrf, &board, std::slice::from_ref(&line), true);
        for f in &mut fields {
            if f.0 == "d1_piles_EW" {
                f.1 = typed.into();
            }
        }
        let r = phone
            .post_raw(&format!("{path}/result"), &as_refs(&fields))
            .await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let body = r.text().await.unwrap();
        let piles = part(&body, "Trick piles so far", "</fieldset>");
        assert!(
            piles.contains("E-W ♦♣&#39;s trick pile is empty: count it"),
            "pile {typed:?}: {piles}"
        );
    }
    assert!(results_of(&app, id).is_empty());
}
