//! Table cards and guide cards as printed: read back with poppler's `pdftotext` (text and
//! word boxes) and checked against the movement they were made from; the QR codes rendered
//! with `pdftoppm` and decoded with `zbarimg` (zbar-tools) when it is installed.

use std::path::{Path, PathBuf};
use std::process::Command;

use calypso_director::movement::{Movement, MovementKind, MovementRequest, Side, generate};
use calypso_director::print::cards::{
    AFTER_GAME, CardsError, CardsOptions, TableCard, code_cards, guide_cards, table_cards,
};

const EVENT: &str = "Spring Pairs";
const DATE: &str = "2025-04-01";
/// Millimetres to points, the unit of pdftotext's boxes.
const MM: f64 = 72.0 / 25.4;
const PAGE_W: f64 = 210.0 * MM;
const PAGE_H: f64 = 297.0 * MM;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("calypso-cards-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn mitchell() -> Movement {
    let mut req = MovementRequest::new(MovementKind::Mitchell);
    req.tables = Some(5);
    req.rounds = Some(4);
    generate(&req).unwrap()
}

fn progressive_with_phantom() -> Movement {
    let mut req = MovementRequest::new(MovementKind::Progressive);
    req.tables = Some(3);
    req.pairs = Some(5);
    generate(&req).unwrap()
}

fn team_match() -> Movement {
    let mut req = MovementRequest::new(MovementKind::TeamMatch);
    req.boards = Some(4);
    generate(&req).unwrap()
}

/// Names for every entry but the last (shown by number only); pair 2's is far too long
/// for its cell and must be wrapped and cut.
fn names(m: &Movement) -> Vec<(u32, String)> {
    let pool = [
        "Ann Archer & Bob Baker",
        "Maximiliane Oberhuber-Wittgenstein & Bartholomew Featherstonehaugh-Cholmondeley of \
         the Northern Counties Club",
        "Chen Wei & Dana Dvořák",
        "Erin Ellis & Frank Ford",
        "Gül Güneş & Håkon Hølmebakk",
        "Ida Irving & Jack Jones",
        "Kim Kato & Lee Lopez",
        "Mia Moreau & Ned Novak",
        "Ola Olsen & Pat Price",
    ];
    (1..m.pairs)
        .map(|p| (p, pool[(p as usize - 1) % pool.len()].to_string()))
        .collect()
}

fn options(m: &Movement) -> CardsOptions {
    CardsOptions {
        event_name: EVENT.into(),
        date: DATE.into(),
        entry_names: names(m),
        ..Default::default()
    }
}

fn code(t: u32) -> String {
    format!("Q{}X{t}", (b'A' + (t * 7 % 26) as u8) as char)
}

const BASE: &str = "https://scores.example.org/t/";

fn cards(m: &Movement) -> Vec<TableCard> {
    (1..=m.tables)
        .map(|t| TableCard {
            table: t,
            code: code(t),
            url: format!("{BASE}{}", code(t)),
        })
        .collect()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn run(cmd: &mut Command, hint: &str) -> String {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{hint} is needed to read the cards back: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The pages' text laid out as printed, one string a page.
fn pages(path: &Path) -> Vec<String> {
    let text = run(
        Command::new("pdftotext").arg("-layout").arg(path).arg("-"),
        "pdftotext (poppler-utils)",
    );
    let mut pages: Vec<String> = text.split('\x0c').map(str::to_string).collect();
    if pages.last().is_some_and(|p| p.trim().is_empty()) {
        pages.pop();
    }
    pages
}

/// The text of one area of a page (in mm from the top left), laid out.
fn area(path: &Path, page: usize, x: f64, y: f64, w: f64, h: f64) -> String {
    let n = page.to_string();
    let pt = |mm: f64| ((mm * MM).round() as i64).to_string();
    run(
        Command::new("pdftotext")
            .args(["-layout", "-r", "72", "-f", &n, "-l", &n])
            .args(["-x", &pt(x), "-y", &pt(y), "-W", &pt(w), "-H", &pt(h)])
            .arg(path)
            .arg("-"),
        "pdftotext (poppler-utils)",
    )
}

/// A word and its box in points from the page's top left.
#[derive(Debug)]
struct Word {
    text: String,
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

fn attr(tag: &str, name: &str) -> f64 {
    let start = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
    let end = start + tag[start..].find('"').unwrap();
    tag[start..end].parse().unwrap()
}

/// Every page's words with their boxes (`pdftotext -bbox`).
fn words(path: &Path) -> Vec<Vec<Word>> {
    let html = run(
        Command::new("pdftotext").arg("-bbox").arg(path).arg("-"),
        "pdftotext (poppler-utils)",
    );
    let mut pages = Vec::new();
    for page in html.split("<page ").skip(1) {
        let mut list = Vec::new();
        for part in page.split("<word ").skip(1) {
            let tag_end = part.find('>').unwrap();
            let tag = &part[..tag_end];
            let text_end = part.find("</word>").unwrap();
            let text = part[tag_end + 1..text_end]
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&#39;", "'")
                .replace("&amp;", "&");
            list.push(Word {
                text,
                x0: attr(tag, "xMin"),
                y0: attr(tag, "yMin"),
                x1: attr(tag, "xMax"),
                y1: attr(tag, "yMax"),
            });
        }
        pages.push(list);
    }
    pages
}

/// No two words overlap and every word lies inside `frame(word)` (its page's or card's
/// printable area): nothing drawn over anything else, nothing cut off.
fn assert_nothing_overlaps(path: &Path, frame: impl Fn(&Word) -> (f64, f64, f64, f64)) {
    for (p, page) in words(path).iter().enumerate() {
        assert!(!page.is_empty(), "page {} has no words", p + 1);
        for (i, a) in page.iter().enumerate() {
            let (fx0, fy0, fx1, fy1) = frame(a);
            assert!(
                a.x0 >= fx0 && a.x1 <= fx1 && a.y0 >= fy0 && a.y1 <= fy1,
                "page {}: {a:?} outside {:?}",
                p + 1,
                (fx0, fy0, fx1, fy1)
            );
            for b in &page[i + 1..] {
                // Boxes are the font's full height; a sliver of touching is not overlap.
                let overlap_x = a.x1.min(b.x1) - a.x0.max(b.x0);
                let overlap_y = a.y1.min(b.y1) - a.y0.max(b.y0);
                assert!(
                    overlap_x <= 0.5 || overlap_y <= 0.5,
                    "page {}: {a:?} overlaps {b:?}",
                    p + 1
                );
            }
        }
    }
}

fn board_list(boards: &[u32]) -> String {
    match boards {
        [b] => b.to_string(),
        [first, .., last] if boards.windows(2).all(|w| w[1] == w[0] + 1) => {
            format!("{first}-{last}")
        }
        _ => boards
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// The line of a page (or card) that starts round `round`'s row: the round's number at
/// the start of the line.
fn round_line(text: &str, round: u32) -> &str {
    let prefix = format!("{round} ");
    text.lines()
        .find(|l| l.trim_start().starts_with(&prefix) && l.trim().len() > prefix.len())
        .unwrap_or_else(|| panic!("no line for round {round} in:\n{text}"))
}

/// A table page's plan as columns: for each round, the text under each heading.
#[derive(Debug)]
struct PlanRow {
    /// Under "N-S ♠♥" and "E-W ♦♣" together (a table without a game spans both).
    seats: String,
    majors: String,
    minors: String,
    boards: String,
    after: String,
}

/// Words read in order: top to bottom by line (words less than 1.5 pt apart in height
/// share a line), left to right within a line, joined by spaces.
fn read(mut words: Vec<&Word>) -> String {
    words.sort_by(|a, b| a.y0.total_cmp(&b.y0));
    let mut lines: Vec<Vec<&Word>> = Vec::new();
    for w in words {
        match lines.last_mut() {
            Some(line) if (w.y0 - line[0].y0).abs() < 1.5 => line.push(w),
            _ => lines.push(vec![w]),
        }
    }
    let mut text = Vec::new();
    for mut line in lines {
        line.sort_by(|a, b| a.x0.total_cmp(&b.x0));
        text.extend(line.iter().map(|w| w.text.as_str()));
    }
    text.join(" ")
}

/// The rows of the plan on a table page, by round, read from the words' places: a row runs
/// from its round number down to the next one, its cells from each heading to the next.
fn plan_rows(page: &[Word]) -> std::collections::BTreeMap<u32, PlanRow> {
    let round = page
        .iter()
        .find(|w| w.text == "Round")
        .expect("a plan heading");
    let heading = |text: &str| {
        page.iter()
            .find(|w| w.text == text && (w.y0 - round.y0).abs() < 2.0)
            .unwrap_or_else(|| panic!("no heading {text}"))
            .x0
            - 1.0
    };
    let [majors, minors, boards, after] = ["N-S", "E-W", "Boards", "After"].map(heading);
    let footer = PAGE_H - 14.0 * MM;
    let numbers: Vec<(u32, f64)> = page
        .iter()
        .filter(|w| w.x0 < majors && w.y0 > round.y1 && w.y0 < footer)
        .filter_map(|w| w.text.parse().ok().map(|n| (n, w.y0 - 2.0)))
        .collect();
    let mut rows = std::collections::BTreeMap::new();
    for (i, &(n, top)) in numbers.iter().enumerate() {
        let bottom = numbers.get(i + 1).map_or(footer, |next| next.1);
        let cell = |from: f64, to: f64| {
            read(
                page.iter()
                    .filter(|w| w.y0 >= top && w.y0 < bottom && w.x0 >= from && w.x0 < to)
                    .collect(),
            )
        };
        rows.insert(
            n,
            PlanRow {
                seats: cell(majors, boards),
                majors: cell(majors, minors),
                minors: cell(minors, boards),
                boards: cell(boards, after),
                after: cell(after, PAGE_W),
            },
        );
    }
    rows
}

/// Where a board lies next after `round`: (round, table), from the movement's data.
fn board_next(m: &Movement, board: u32, round: u32) -> Option<(u32, u32)> {
    (round + 1..=m.rounds).find_map(|r| {
        (1..=m.tables)
            .find(|t| m.boards_at(r, *t).contains(&board))
            .map(|t| (r, t))
    })
}

/// Every table's page: its number and code, the address to type the code into, and a row
/// for every round with the movement's pairs and boards and where they go next.
fn check_table_cards(m: &Movement, dir: &Path, name: &str) -> PathBuf {
    let pdf = table_cards(m, &cards(m), &options(m)).unwrap();
    let path = write(dir, &format!("{name}-tables.pdf"), &pdf);
    let pages = pages(&path);
    let boxes = words(&path);
    assert_eq!(pages.len(), m.tables as usize, "{name}: a page a table");
    for t in 1..=m.tables {
        let page = &pages[t as usize - 1];
        let plan = plan_rows(&boxes[t as usize - 1]);
        assert_eq!(
            plan.keys().copied().collect::<Vec<_>>(),
            (1..=m.rounds).collect::<Vec<_>>(),
            "{name} table {t}: a row a round"
        );
        let ctx = format!("{name} table {t}");
        assert!(page.contains(&format!("Table {t}")), "{ctx}:\n{page}");
        assert!(page.contains(&code(t)), "{ctx}: code\n{page}");
        assert!(page.contains("Score this table:"), "{ctx}\n{page}");
        assert!(
            !page.contains("Majors") && !page.contains("Minors"),
            "{ctx}: seats by N-S/E-W\n{page}"
        );
        // The address to type the code into, on lines of its own.
        let flat = page.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains(&format!(
                "No camera? Open {BASE} and type the code: {}",
                code(t)
            )),
            "{ctx}\n{page}"
        );
        assert!(page.contains(EVENT) && page.contains(DATE), "{ctx}");
        for r in 1..=m.rounds {
            let row = &plan[&r];
            let ctx = format!("{ctx} round {r}");
            let s = m.seating(r, t).unwrap();
            let waiting = m.boards_at(r, t);
            if s.has_game() {
                for (side, text) in [(Side::Majors, &row.majors), (Side::Minors, &row.minors)] {
                    let p = s.pair(side).unwrap();
                    let expected = format!("Pair {p}");
                    assert!(
                        text.starts_with(&format!("{expected} ")) || *text == expected,
                        "{ctx}: {side} {expected:?}: {text:?}"
                    );
                    if let Some((_, n)) = names(m).into_iter().find(|(q, _)| *q == p) {
                        let first = n.split_whitespace().next().unwrap();
                        assert!(text.contains(first), "{ctx}: {side} name: {text:?}");
                    }
                }
                assert_eq!(row.boards, board_list(&s.boards), "{ctx}");
                for side in Side::ALL {
                    let p = s.pair(side).unwrap();
                    if r == m.rounds {
                        continue;
                    }
                    match m.place(r + 1, p) {
                        Some((next, _)) if next != t => assert!(
                            row.after.contains(&format!("Pair {p} to table {next}")),
                            "{ctx}: pair {p} to {next}: {:?}",
                            row.after
                        ),
                        None => assert!(
                            row.after.contains(&format!("Pair {p} sits out next round")),
                            "{ctx}: {:?}",
                            row.after
                        ),
                        _ => {}
                    }
                }
            } else {
                let out: Vec<u32> = m.sitting_out(r).collect();
                assert_eq!(out.len(), 1, "{ctx}");
                assert!(
                    row.seats
                        .starts_with(&format!("No game (phantom): pair {} sits out", out[0])),
                    "{ctx}: {:?}",
                    row.seats
                );
                if waiting.is_empty() {
                    assert_eq!(row.boards, "–", "{ctx}");
                } else {
                    assert_eq!(row.boards, format!("{} wait here", board_list(&waiting)));
                }
            }
            // Boards going to the same place are named together.
            let mut going = std::collections::BTreeMap::<(u32, u32), Vec<u32>>::new();
            for b in waiting {
                if let Some(to) = board_next(m, b, r) {
                    going.entry(to).or_default().push(b);
                }
            }
            for ((nr, nt), boards) in going {
                let named = if boards.len() == 1 {
                    format!("Board {}", board_list(&boards))
                } else {
                    format!("Boards {}", board_list(&boards))
                };
                let expected = match (nr, nt) {
                    _ if nr == r + 1 && nt != t => format!("{named} to table {nt}"),
                    _ if nr > r + 1 => format!("{named} to table {nt} for round {nr}"),
                    _ => continue,
                };
                assert!(
                    row.after.contains(&expected),
                    "{ctx}: {expected}: {:?}",
                    row.after
                );
            }
            if r == m.rounds {
                assert_eq!(row.after, "End of play", "{ctx}");
            }
        }
    }
    assert_nothing_overlaps(&path, |_| {
        (10.0 * MM, 8.0 * MM, PAGE_W - 10.0 * MM, PAGE_H - 5.0 * MM)
    });
    path
}

/// Every entry's card: its number and name, and a line for every round with its table,
/// seats, opponents and boards, or that it sits out.
fn check_guide_cards(m: &Movement, dir: &Path, name: &str) -> PathBuf {
    let pdf = guide_cards(m, &options(m)).unwrap();
    let path = write(dir, &format!("{name}-guides.pdf"), &pdf);
    let names = names(m);
    let (card_w, card_h) = (105.0, 148.5);
    assert_eq!(pages(&path).len(), (m.pairs as usize).div_ceil(4), "{name}");
    for p in 1..=m.pairs {
        let slot = (p - 1) as usize;
        let (page, col, row) = (slot / 4 + 1, slot % 2, slot / 2 % 2);
        let card = area(
            &path,
            page,
            col as f64 * card_w,
            row as f64 * card_h,
            card_w,
            card_h,
        );
        let ctx = format!("{name} pair {p}");
        assert!(card.contains(&format!("Pair {p}")), "{ctx}:\n{card}");
        assert!(
            !card.contains("Majors") && !card.contains("Minors"),
            "{ctx}: seats by N-S/E-W\n{card}"
        );
        if let Some((_, n)) = names.iter().find(|(q, _)| *q == p) {
            let first = n.split_whitespace().next().unwrap();
            assert!(card.contains(first), "{ctx}: name\n{card}");
        }
        for r in 1..=m.rounds {
            let line = round_line(&card, r);
            let cells: Vec<&str> = line.split_whitespace().collect();
            match m.place(r, p) {
                Some((t, side)) => {
                    let s = m.seating(r, t).unwrap();
                    let other = match side {
                        Side::Majors => s.minors.unwrap(),
                        Side::Minors => s.majors.unwrap(),
                    };
                    assert_eq!(cells[1], t.to_string(), "{ctx} round {r}: {line}");
                    // Seats by their place and suits, never "majors" alone.
                    let seat = match side {
                        Side::Majors => "N-S ♠♥",
                        Side::Minors => "E-W ♦♣",
                    };
                    assert_eq!(cells[2..4].join(" "), seat, "{ctx} round {r}: {line}");
                    assert_eq!(
                        cells[4..].join(" "),
                        board_list(&s.boards),
                        "{ctx} round {r}: {line}"
                    );
                    // The opponents on the row's next lines, with their name.
                    let below: String = card
                        .lines()
                        .skip_while(|l| !std::ptr::eq(*l, line))
                        .skip(1)
                        .take_while(|l| !l.trim_start().starts_with(&format!("{} ", r + 1)))
                        .collect::<Vec<_>>()
                        .join(" ");
                    let below = below.split_whitespace().collect::<Vec<_>>().join(" ");
                    let against = format!("against pair {other}");
                    assert!(
                        below.starts_with(&format!("{against} ")) || below == against,
                        "{ctx} round {r}: {against}: {below}"
                    );
                    if let Some((_, n)) = names.iter().find(|(q, _)| *q == other) {
                        let first = n.split_whitespace().next().unwrap();
                        assert!(below.contains(first), "{ctx} round {r}: {first}: {below}");
                    }
                }
                None => assert!(line.contains("Sits out"), "{ctx} round {r}: {line}"),
            }
        }
    }
    // Every word inside its own card, clear of the cut lines.
    let margin = 4.0 * MM;
    assert_nothing_overlaps(&path, |w| {
        let (cw, ch) = (card_w * MM, card_h * MM);
        let (c, r) = ((w.x0 / cw).floor(), (w.y0 / ch).floor());
        (
            c * cw + margin,
            r * ch + margin,
            (c + 1.0) * cw - margin,
            (r + 1.0) * ch - margin,
        )
    });
    path
}

/// Decodes the QR code on each table's page and finds the table's address, when zbarimg
/// is installed (the unit tests compare the drawn squares with the encoder's matrix).
fn check_qr_codes(m: &Movement, path: &Path, dir: &Path) {
    if Command::new("zbarimg").arg("--version").output().is_err() {
        // scripts/test.sh installs it, so CI always decodes.
        assert!(
            std::env::var_os("CI").is_none(),
            "zbarimg is missing: scripts/test.sh installs zbar-tools"
        );
        eprintln!("zbarimg not found (apt-get install zbar-tools): QR codes not decoded");
        return;
    }
    for t in 1..=m.tables {
        let n = t.to_string();
        let png = dir.join(format!("qr-{t}"));
        run(
            Command::new("pdftoppm")
                .args(["-r", "150", "-png", "-singlefile", "-f", &n, "-l", &n])
                .arg(path)
                .arg(&png),
            "pdftoppm (poppler-utils)",
        );
        let decoded = run(
            Command::new("zbarimg")
                .args(["--raw", "-q", "-Sdisable", "-Sqrcode.enable"])
                .arg(png.with_extension("png")),
            "zbarimg",
        );
        assert_eq!(
            decoded.trim_end(),
            format!("{BASE}{}", code(t)),
            "table {t}"
        );
    }
}

#[test]
fn mitchell_cards() {
    let dir = temp_dir("mitchell");
    let m = mitchell();
    let path = check_table_cards(&m, &dir, "mitchell");
    check_qr_codes(&m, &path, &dir);
    check_guide_cards(&m, &dir, "mitchell");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn progressive_cards_with_a_phantom() {
    let dir = temp_dir("progressive");
    let m = progressive_with_phantom();
    assert!(
        (1..=m.rounds).all(|r| m.sitting_out(r).count() == 1),
        "a pair sits out every round"
    );
    let path = check_table_cards(&m, &dir, "progressive");
    check_qr_codes(&m, &path, &dir);
    let guides = check_guide_cards(&m, &dir, "progressive");
    let text = pages(&guides).concat();
    assert_eq!(
        text.matches("Sits out").count(),
        m.rounds as usize,
        "each round one card says so"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn team_match_cards() {
    let dir = temp_dir("team");
    let m = team_match();
    let path = check_table_cards(&m, &dir, "team");
    check_qr_codes(&m, &path, &dir);
    let guides = check_guide_cards(&m, &dir, "team");
    let text = pages(&guides).concat();
    assert!(text.contains("Team A, with pair 2"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A long match needs more than a page a table: the plan goes on, with every round once.
#[test]
fn a_long_plan_goes_on_to_another_page() {
    let dir = temp_dir("long");
    let mut req = MovementRequest::new(MovementKind::TeamMatch);
    req.boards = Some(16);
    let m = generate(&req).unwrap();
    let pdf = table_cards(&m, &cards(&m), &options(&m)).unwrap();
    let path = write(&dir, "long.pdf", &pdf);
    let table_pages = pages(&path);
    assert!(
        table_pages.len() > m.tables as usize,
        "{} pages",
        table_pages.len()
    );
    for t in 1..=m.tables {
        let text: String = table_pages
            .iter()
            .filter(|p| p.contains(&format!("Table {t} ")))
            .cloned()
            .collect();
        for r in 1..=m.rounds {
            round_line(&text, r);
        }
    }
    assert_nothing_overlaps(&path, |_| {
        (10.0 * MM, 8.0 * MM, PAGE_W - 10.0 * MM, PAGE_H - 5.0 * MM)
    });
    // Each entry's guide goes on to more cards, in the places after its first: every
    // round once, in order, on the entry's cards.
    let guides = write(
        &dir,
        "long-guides.pdf",
        &guide_cards(&m, &options(&m)).unwrap(),
    );
    let mut by_pair = std::collections::BTreeMap::<u32, Vec<String>>::new();
    for slot in 0..pages(&guides).len() * 4 {
        let (page, col, row) = (slot / 4 + 1, slot % 2, slot / 2 % 2);
        let card = area(
            &guides,
            page,
            col as f64 * 105.0,
            row as f64 * 148.5,
            105.0,
            148.5,
        );
        let Some(title) = card.lines().find(|l| l.trim_start().starts_with("Pair ")) else {
            continue;
        };
        let words: Vec<&str> = title.split_whitespace().collect();
        let p: u32 = words[1].trim_end_matches(',').parse().unwrap();
        let cards = by_pair.entry(p).or_default();
        assert_eq!(title.contains("continued"), !cards.is_empty(), "{title}");
        cards.push(card);
    }
    assert_eq!(by_pair.keys().copied().max(), Some(m.pairs));
    for (p, cards) in by_pair {
        assert!(cards.len() > 1, "pair {p}: {} card(s)", cards.len());
        let text = cards.concat();
        for r in 1..=m.rounds {
            let (t, _) = m.place(r, p).unwrap();
            let line = round_line(&text, r);
            assert_eq!(line.split_whitespace().nth(1), Some(t.to_string().as_str()));
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The web service renders many documents in one process; each must be the same bytes.
#[test]
fn the_same_inputs_give_the_same_bytes() {
    for m in [mitchell(), progressive_with_phantom(), team_match()] {
        let first = table_cards(&m, &cards(&m), &options(&m)).unwrap();
        let guides = guide_cards(&m, &options(&m)).unwrap();
        assert!(first.starts_with(b"%PDF-"));
        assert_eq!(first, table_cards(&m, &cards(&m), &options(&m)).unwrap());
        assert_eq!(guides, guide_cards(&m, &options(&m)).unwrap());
        // And different inputs, different files.
        let mut other = options(&m);
        other.date = "2025-04-02".into();
        assert_ne!(first, table_cards(&m, &cards(&m), &other).unwrap());
    }
}

/// A Mitchell with an even number of tables (the minors skip once), a phantom (its boards
/// wait at the table without a game) and an arrow switch (the moving pairs sit majors).
#[test]
fn mitchell_with_a_phantom_a_skip_and_an_arrow_switch() {
    let dir = temp_dir("mitchell-phantom");
    let mut req = MovementRequest::new(MovementKind::Mitchell);
    req.tables = Some(4);
    req.rounds = Some(3);
    req.pairs = Some(7);
    req.boards_per_round = Some(2);
    req.arrow_switch = vec![3];
    let m = generate(&req).unwrap();
    assert_eq!(m.skip_after(), Some(2));
    assert!(m.arrow_switched(3));
    let path = check_table_cards(&m, &dir, "mitchell-phantom");
    let text = pages(&path).concat();
    assert!(text.contains("wait here"), "{text}");
    assert!(text.contains("arrow"), "{text}");
    check_qr_codes(&m, &path, &dir);
    check_guide_cards(&m, &dir, "mitchell-phantom");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The longest code and address the cards take: the address printed whole, the code
/// beside the QR code, nothing overlapping, and the QR code still read.
#[test]
fn the_longest_code_and_address_fit() {
    use calypso_director::print::cards::{MAX_CODE_CHARS, MAX_URL_BYTES};
    let dir = temp_dir("longest");
    let m = mitchell();
    let code = "W".repeat(MAX_CODE_CHARS);
    let base = "https://scores.example.org/events/2025-spring-pairs-at-the-club/";
    let path = format!("{}/", "score".repeat(30));
    let mut url = format!("{base}{path}");
    url.truncate(MAX_URL_BYTES - code.len());
    url.push_str(&code);
    assert_eq!(url.len(), MAX_URL_BYTES);
    let card = TableCard {
        table: 1,
        code: code.clone(),
        url: url.clone(),
    };
    let pdf = table_cards(&m, &[card], &options(&m)).unwrap();
    let file = write(&dir, "longest.pdf", &pdf);
    let text: String = pages(&file).concat();
    let flat: String = text.split_whitespace().collect();
    assert!(flat.contains(&url[..url.len() - code.len()]), "{text}");
    assert!(text.contains(&code), "{text}");
    assert_nothing_overlaps(&file, |_| {
        (10.0 * MM, 8.0 * MM, PAGE_W - 10.0 * MM, PAGE_H - 5.0 * MM)
    });
    if Command::new("zbarimg").arg("--version").output().is_ok() {
        let png = dir.join("qr");
        run(
            Command::new("pdftoppm")
                .args(["-r", "150", "-png", "-singlefile"])
                .arg(&file)
                .arg(&png),
            "pdftoppm",
        );
        let decoded = run(
            Command::new("zbarimg")
                .args(["--raw", "-q"])
                .arg(png.with_extension("png")),
            "zbarimg",
        );
        assert_eq!(decoded.trim_end(), url);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn table_cards_without_a_plan_for_the_progressive_individual() {
    let dir = temp_dir("individual");
    // The QR check reads the tables from a movement; any movement of four tables will do.
    let mut req = MovementRequest::new(MovementKind::Progressive);
    req.tables = Some(4);
    let four = generate(&req).unwrap();
    let notes = [
        "After the game the winners stay at this table and the losers move up a table (the last table's to table 1).".to_string(),
        "A side of three sits one player out each deal; whoever sits out the first deal also sits out the last.".to_string(),
    ];
    let o = CardsOptions {
        event_name: EVENT.into(),
        date: DATE.into(),
        entry_names: vec![],
        ..Default::default()
    };
    let pdf = code_cards(
        &cards(&four),
        4,
        "Progressive individual: 4 tables, 18 players",
        &notes,
        &o,
    )
    .unwrap();
    let path = write(&dir, "individual.pdf", &pdf);
    let text = pages(&path);
    assert_eq!(text.len(), 4, "one page per table");
    for (i, page) in text.iter().enumerate() {
        let t = i as u32 + 1;
        assert!(page.contains(&format!("Table {t}")), "{page}");
        assert!(page.contains(&code(t)), "{page}");
        assert!(page.contains("Progressive individual: 4 tables, 18 players"));
        let flowing = page.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flowing.contains("whoever sits out the first deal also sits out the last."),
            "{page}"
        );
    }
    assert_nothing_overlaps(&path, |_| (0.0, 0.0, PAGE_W, PAGE_H));
    check_qr_codes(&four, &path, &dir);
    // The same input gives the same bytes; a table outside the event is refused.
    let again = code_cards(
        &cards(&four),
        4,
        "Progressive individual: 4 tables, 18 players",
        &notes,
        &o,
    )
    .unwrap();
    assert_eq!(pdf, again);
    assert_eq!(
        code_cards(&cards(&four), 3, "x", &notes, &o),
        Err(CardsError::UnknownTable {
            table: 4,
            tables: 3
        })
    );
    if let Ok(shots) = std::env::var("CALYPSO_SCREENSHOTS") {
        write(Path::new(&shots), "individual-table-cards.pdf", &pdf);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Where the boards travel (the site deals them and they move), each table card says in one
/// line, beside its plan's heading and clear of it, what happens to a board after its game;
/// cards of games dealt at the table keep their bytes, and the guide cards are the same
/// bytes either way.
#[test]
fn table_cards_of_boards_that_travel_say_to_rebuild_after_each_game() {
    let dir = temp_dir("travel");
    let m = mitchell();
    let plain = options(&m);
    let travel = CardsOptions {
        boards_travel: true,
        ..options(&m)
    };
    let without = table_cards(&m, &cards(&m), &plain).unwrap();
    let with = table_cards(&m, &cards(&m), &travel).unwrap();
    let path = write(&dir, "travel.pdf", &with);
    let text = pages(&path);
    let firsts: Vec<&String> = text
        .iter()
        .filter(|p| p.contains("round by round") && !p.contains("continued"))
        .collect();
    assert_eq!(firsts.len(), m.tables as usize, "a first page per table");
    for page in firsts {
        let line = page.lines().find(|l| l.contains("round by round")).unwrap();
        assert!(line.trim_end().ends_with(AFTER_GAME), "{line}");
    }
    assert_eq!(
        text.iter().filter(|p| p.contains(AFTER_GAME)).count(),
        m.tables as usize,
        "once per table, not on continued pages"
    );
    assert_nothing_overlaps(&path, |_| (0.0, 0.0, PAGE_W, PAGE_H));
    let plain_text = pages(&write(&dir, "plain.pdf", &without));
    assert!(plain_text.iter().all(|p| !p.contains("rebuild")));
    assert_ne!(with, without);
    assert_eq!(
        guide_cards(&m, &plain).unwrap(),
        guide_cards(&m, &travel).unwrap()
    );
    // Cards without a plan (the progressive individual) say it after the room's rules.
    let notes = ["Winners stay, losers move up a table.".to_string()];
    let code = code_cards(&cards(&m), m.tables, "Individual", &notes, &travel).unwrap();
    for page in pages(&write(&dir, "code.pdf", &code)) {
        let flowing = page.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flowing.contains(&format!("move up a table. {AFTER_GAME}")),
            "{flowing}"
        );
    }
    if let Ok(shots) = std::env::var("CALYPSO_SCREENSHOTS") {
        write(Path::new(&shots), "travel-table-cards.pdf", &with);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
