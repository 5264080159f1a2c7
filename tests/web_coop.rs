//! Duplicate coöperative (#40 item 5): "you can arrange to have identical deals as in
//! Duplicate Calypso, so that you can truly compare like-with-like". An evening of three
//! tables of four, every table playing the same board each round, each table's result
//! entered on its own phone; the standings and travellers matchpoint the tables on their
//! table totals, worked here by hand, and the table's result shows its total and grade.

mod common;

use calypso_director::db;
use calypso_director::event::EventId;
use common::evening::coop_evening;
use common::*;
use reqwest::StatusCode;

fn field<'a>(page: &'a str, name: &str) -> &'a str {
    let key = format!("name=\"{name}\" value=\"");
    let i = page
        .find(&key)
        .unwrap_or_else(|| panic!("{name} in {page}"))
        + key.len();
    page[i..].split('"').next().unwrap()
}

/// A whole game's counts: North's and South's completed calypsos, nothing in progress, the
/// rest of the 208 cards in trick piles (each side's cards a whole number of tricks), and
/// E-W's revokes.
fn counts(
    board: &str,
    round: &str,
    csrf: &str,
    n: u32,
    s: u32,
    ew_revokes: u32,
) -> Vec<(String, String)> {
    let ns_cards = 13 * (n + s);
    let ns_pile = 104 - ns_cards;
    [
        ("csrf_token", csrf.to_string()),
        ("round", round.to_string()),
        ("board", board.to_string()),
        ("calypsos_N", n.to_string()),
        ("calypsos_E", "0".into()),
        ("calypsos_S", s.to_string()),
        ("calypsos_W", "0".into()),
        ("piles_NS", ns_pile.to_string()),
        ("piles_EW", "104".into()),
        ("revokes_NS", "0".into()),
        ("revokes_EW", ew_revokes.to_string()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

fn refs(f: &[(String, String)]) -> Vec<(&str, &str)> {
    f.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
}

fn results_of(app: &TestApp, id: EventId) -> Vec<calypso_director::event::results::TableResult> {
    let club = app.club_id("alpha");
    with_conn(app, |c| db::results::results_of(c, club, id).unwrap())
}

#[tokio::test]
async fn three_tables_of_four_are_matchpointed_on_their_table_totals() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let mut fields = event_fields("Coöp Night");
    fields[2] = ("format", "duplicate-cooperative");
    fields[4] = ("tables", "3");
    fields[5] = ("boards", "2");

    // The event form offers the format; only Calypso's coöperative variant plays it.
    let (_, form) = d.get_text("/c/alpha/events/new").await;
    assert!(form.contains("value=\"duplicate-cooperative\""), "{form}");
    let r = d
        .post("/c/alpha/events/new", "/c/alpha/events", &fields)
        .await;
    let status = r.status();
    let body = r.text().await.unwrap();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        body.contains("a duplicate coöperative is Calypso&#39;s coöperative variant"),
        "{body}"
    );
    let (page, id, codes) = coop_evening(&app, &d, "Coöp Night", 3, 2).await;
    // Every table plays the same board each round: the papers say to build one copy a table.
    let (_, event_page) = d.get_text(&page).await;
    assert!(
        event_page.contains("build <strong>3 copies of each board</strong>, one per table"),
        "{event_page}"
    );

    // Round 1, board 1 at every table: table 1's North makes a calypso (N-S 500 + 910,
    // E-W 1,040: 2,450); table 2 none (2,080); table 3 none and E-W revoke once (2,080 less
    // 260: 1,820). Round 2, board 2: table 2's North and South make one each (1,000 + 780 +
    // 1,040 = 2,820); tables 1 and 3 none (2,080 each).
    let plays: [[(u32, u32, u32); 3]; 2] = [
        [(1, 0, 0), (0, 0, 0), (0, 0, 1)],
        [(0, 0, 0), (1, 1, 0), (0, 0, 0)],
    ];
    let totals: [[i64; 3]; 2] = [[2450, 2080, 1820], [2080, 2820, 2080]];
    let rounds = format!("{page}/rounds");
    for (r_i, round) in plays.iter().enumerate() {
        let number = (r_i + 1).to_string();
        let r = d
            .post(&rounds, &rounds, &[("round", number.as_str())])
            .await;
        assert_eq!(r.status(), StatusCode::SEE_OTHER, "round {number}");
        for (t_i, &(n, s, rev)) in round.iter().enumerate() {
            let path = format!("/t/{}", codes[t_i].1);
            let phone = Browser::new(&app);
            let (_, body) = phone.get_text(&path).await;
            let board = field(&body, "board").to_string();
            // Nobody moves: the table's page says so, not that each pair "stays here".
            if r_i == 0 {
                assert!(
                    body.contains("Everyone stays at this table; next round every table plays the same new board."),
                    "{body}"
                );
                assert!(!body.contains("stays here"), "{body}");
            }
            // Every table plays the same board each round.
            assert_eq!(board, number, "table {}", t_i + 1);
            assert_eq!(field(&body, "round"), number);
            let csrf = csrf_from(&body).unwrap();
            let f = counts(&board, &number, &csrf, n, s, rev);
            let r = phone.post_raw(&format!("{path}/result"), &refs(&f)).await;
            assert_eq!(
                r.status(),
                StatusCode::SEE_OTHER,
                "{}",
                r.text().await.unwrap()
            );
            let saved = results_of(&app, id);
            let mine = saved
                .iter()
                .find(|x| x.place.round == r_i as u32 + 1 && x.place.table == t_i as u32 + 1)
                .unwrap();
            // The stored sides add up to the table total, revokes and all.
            let (majors, minors) = (mine.values.scores.majors, mine.values.scores.minors);
            assert_eq!(
                i64::from(majors + minors),
                totals[r_i][t_i],
                "{majors} + {minors}"
            );
            // The table's result shows its total and its grade (ours: D from 2,080, E below).
            let (_, body) = phone.get_text(&path).await;
            let grade = if totals[r_i][t_i] >= 2080 { "D" } else { "E" };
            assert!(
                body.contains(&format!(
                    "<dt>Table total</dt><dd class=\"table-total\">{}</dd>",
                    totals[r_i][t_i]
                )),
                "{body}"
            );
            assert!(
                body.contains(&format!(
                    "<dd class=\"table-grade\"><strong>{grade}</strong>"
                )),
                "{body}"
            );
            assert!(
                body.contains(&format!("<p class=\"muted grade-words\">Grade {grade}: ")),
                "{body}"
            );
            if let Ok(dir) = std::env::var("CALYPSO_SCREENSHOTS") {
                std::fs::create_dir_all(&dir).unwrap();
                let name = format!("{dir}/coop-table-{}-round-{}.html", t_i + 1, r_i + 1);
                std::fs::write(name, &body).unwrap();
            }
            let rid = mine.id.get().to_string();
            let r = phone
                .post_raw(
                    &format!("{path}/confirm"),
                    &[("csrf_token", &csrf), ("result", &rid), ("answer", "agree")],
                )
                .await;
            assert_eq!(r.status(), StatusCode::SEE_OTHER);
        }
    }

    // Worked by hand, 2-1 scale, three tables, top 4 a board. Board 1: 2,450 beats both
    // (4), 2,080 beats one (2), 1,820 none (0). Board 2: 2,820 beats both (4), the two
    // 2,080s tie (1 each). Tables: 1 has 5 of 8 (62.5%), 2 has 6 (75%), 3 has 1 (12.5%).
    let api = api_for(&app, &d, "alpha").await;
    let (s, st) = api.get(&format!("/events/{id}/standings")).await;
    assert_eq!(s, StatusCode::OK, "{st}");
    let ranked: Vec<(String, u64, f64, String)> = st["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x["place"].as_str().unwrap().to_string(),
                x["pair"].as_u64().unwrap(),
                x["percent"].as_f64().unwrap(),
                x["field"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        ranked,
        vec![
            ("1".into(), 2, 75.0, "all".into()),
            ("2".into(), 1, 62.5, "all".into()),
            ("3".into(), 3, 12.5, "all".into()),
        ],
        "{st}"
    );
    assert_eq!(st["compare"], "total");
    let board_mp = |b: usize| -> Vec<(i64, f64)> {
        st["boards"][b]["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["total"].as_i64().unwrap(),
                    l["mp"]["majors"].as_f64().unwrap(),
                )
            })
            .collect()
    };
    assert_eq!(board_mp(0), vec![(2450, 4.0), (2080, 2.0), (1820, 0.0)]);
    assert_eq!(board_mp(1), vec![(2080, 1.0), (2820, 4.0), (2080, 1.0)]);

    // The travellers list each table's total and grade; the standings name the tables.
    let (_, trav) = d.get_text(&format!("{page}/travellers")).await;
    assert!(trav.contains("coop-traveller"), "{trav}");
    assert!(
        trav.contains("<td class=\"num table-total\">1820</td>\n<td class=\"table-grade\">E</td>"),
        "{trav}"
    );
    assert!(
        trav.contains("<td class=\"num table-total\">2820</td>\n<td class=\"table-grade\">D</td>"),
        "{trav}"
    );
    let (_, standings) = d.get_text(&format!("{page}/standings")).await;
    assert!(standings.contains("<h2>Tables</h2>"), "{standings}");
    assert!(standings.contains("<th>Table</th>"), "{standings}");
    assert!(standings.contains("Table 2 four"), "{standings}");
    if let Ok(dir) = std::env::var("CALYPSO_SCREENSHOTS") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(format!("{dir}/coop-standings.html"), &standings).unwrap();
        std::fs::write(format!("{dir}/coop-travellers.html"), &trav).unwrap();
    }
}
