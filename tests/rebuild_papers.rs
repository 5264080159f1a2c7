//! The papers that put a played board back together (#38): the rebuild sheet and the packet
//! labels, written by the command line and read back with `pdftotext` (poppler-utils)
//! against the sheet `deals::rebuild::sheet` makes of the same boards; and the site serving
//! them with the papers' visibility rules.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use calypso_director::deals::rebuild::{packet_counts, sheet};
use calypso_director::deals::{SetKey, board};
use calypso_director::engine::{GameSpec, Variant};
use calypso_director::print::cards::AFTER_GAME;
use calypso_director::print::rebuild::{count_words, route_words};
use common::evening::*;
use common::games::*;
use common::*;
use reqwest::StatusCode;
use serde_json::json;

const BIN: &str = env!("CARGO_BIN_EXE_calypso-director");
const KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("calypso-rebuild-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes boards 1-2 of the test set with the command line and returns the file's path.
fn write_pdf(dir: &Path, variant: &str, kind: &str, reserve: bool) -> PathBuf {
    let path = dir.join(format!("{variant}-{kind}-{reserve}.pdf"));
    let mut cmd = Command::new(BIN);
    cmd.args([
        "hand-records",
        "--key",
        KEY,
        "--boards",
        "1-2",
        "-o",
        path.to_str().unwrap(),
        "--kind",
        kind,
        "--event",
        "Spring Pairs",
        "--date",
        "2025-04-01",
        "--variant",
        variant,
    ]);
    if reserve {
        cmd.arg("--reserve");
    }
    let out = cmd.output().expect("run calypso-director");
    assert!(
        out.status.success(),
        "{variant} {kind}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    path
}

/// The text of one page, or of the column of it from `x` mm across `w` mm wide, line by
/// line as printed (`-layout`: a card and its packets on one line).
fn text(path: &Path, page: usize, column: Option<(f64, f64)>) -> String {
    let mut cmd = Command::new("pdftotext");
    cmd.args(["-f", &page.to_string(), "-l", &page.to_string()]);
    if let Some((x, w)) = column {
        let pt = |mm: f64| ((mm * 72.0 / 25.4).round() as i64).to_string();
        cmd.args([
            "-layout",
            "-x",
            &pt(x),
            "-y",
            "0",
            "-W",
            &pt(w),
            "-H",
            &pt(297.0),
        ]);
    }
    let out = cmd.arg(path).arg("-").output().unwrap_or_else(|e| {
        panic!("pdftotext is needed to read the PDFs back (apt-get install poppler-utils): {e}")
    });
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn pages(path: &Path) -> usize {
    let out = Command::new("pdfinfo").arg(path).output().unwrap();
    let info = String::from_utf8(out.stdout).unwrap();
    info.lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .map(|n| n.trim().parse().unwrap())
        .unwrap()
}

/// Each board's page says what it is and, column by column, lists every card of the board
/// with exactly the packets `sheet()` gives it, in the sheet's order; the foot gives the
/// packets' count.
#[test]
fn the_rebuild_sheet_lists_each_cards_packets_as_the_sheet_gives_them() {
    let dir = temp_dir("sheet");
    let key = SetKey::from_hex(KEY).unwrap();
    for (variant, name) in [
        (Variant::Standard, "standard"),
        (Variant::Duet, "duet"),
        (Variant::CutThroat3, "cutthroat-3"),
        (Variant::Sheinwold3, "sheinwold-3"),
    ] {
        let spec = GameSpec::new(variant);
        for reserve in [false, true] {
            let path = write_pdf(&dir, name, "rebuild", reserve);
            assert_eq!(pages(&path), 2, "{name}: a page per board");
            for number in 1..=2u32 {
                let b = board(&key, number, reserve, &spec, None).unwrap();
                let s = sheet(&b);
                let page = number as usize;
                let whole = flat(&text(&path, page, None));
                let title = match reserve {
                    false => format!("Board {number} · rebuild sheet"),
                    true => format!("Board {number} (reserve) · rebuild sheet"),
                };
                assert!(whole.contains(&title), "{name}: {whole}");
                assert!(whole.contains("Spring Pairs"), "{name}");
                assert!(whole.contains(&key.commitment()), "{name}: the footer");
                assert!(
                    whole.contains("1. Sort the cards into suits")
                        && whole.contains("2. Sort each suit into its")
                        && whole.contains("3. Take the piles"),
                    "{name}: {whole}"
                );
                assert!(
                    whole.contains(&flat(&count_words(&s))),
                    "{name}: the count at the foot: {whole}"
                );
                // The two columns, read apart: every card's row in order.
                let columns = format!(
                    "{} {}",
                    flat(&text(&path, page, Some((13.0, 93.0)))),
                    flat(&text(&path, page, Some((106.0, 92.0))))
                );
                let mut from = 0;
                for route in &s.cards {
                    let row = format!(
                        "{}{} {}",
                        route.card.rank().char(),
                        route.card.suit().symbol(),
                        route_words(route)
                    );
                    let at = columns[from..].find(&row).unwrap_or_else(|| {
                        panic!("{name} board {number}: no row \"{row}\" after {from} in {columns}")
                    });
                    from += at + row.len();
                }
            }
        }
    }
    // Calypso: four copies of every card, one line each, and sixteen packets of 13.
    let spec = GameSpec::new(Variant::Standard);
    let b = board(&key, 1, false, &spec, None).unwrap();
    let s = sheet(&b);
    assert_eq!(
        count_words(&s),
        "Each packet: 13 cards (16 packets: 4 deals of 4 hands). Count each one before the board moves."
    );
    assert!(s.cards.iter().all(|r| r.packets.len() == 4));
}

/// A label per packet: "Board 1 · deal 2 · East (♦)" with the seat's own trump suit as the
/// seating gives it, whose hand it is and its count; nothing else is labelled.
#[test]
fn a_label_for_every_packet_names_its_board_deal_seat_and_suit() {
    let dir = temp_dir("labels");
    let key = SetKey::from_hex(KEY).unwrap();
    for (variant, name) in [
        (Variant::Standard, "standard"),
        (Variant::Duet, "duet"),
        (Variant::CutThroat3, "cutthroat-3"),
        (Variant::Sheinwold3, "sheinwold-3"),
    ] {
        let spec = GameSpec::new(variant);
        let path = write_pdf(&dir, name, "labels", false);
        // Column by column: each label's lines one after the other.
        let all: String = (1..=pages(&path))
            .flat_map(|p| {
                [
                    text(&path, p, Some((10.0, 95.0))),
                    text(&path, p, Some((105.0, 95.0))),
                ]
            })
            .collect::<Vec<_>>()
            .join("\n");
        let lines: Vec<&str> = all.lines().map(str::trim).collect();
        let mut labels = 0;
        for number in 1..=2u32 {
            let b = board(&key, number, false, &spec, None).unwrap();
            for (packet, n) in packet_counts(&sheet(&b)) {
                let mut label = format!(
                    "Board {number} · deal {} · {}",
                    packet.deal,
                    packet.seat.name()
                );
                if let Some(suit) = spec.trumps.of(packet.seat) {
                    label.push_str(&format!(" ({})", suit.symbol()));
                }
                let at = lines
                    .iter()
                    .position(|l| *l == label)
                    .unwrap_or_else(|| panic!("{name}: no label \"{label}\" in {all}"));
                let spec_title = calypso_director::deals::record::player_title(&spec, packet.seat);
                assert_eq!(lines[at + 1], spec_title, "{name} {label}: whose hand");
                assert!(
                    lines[at + 2]
                        .starts_with(&format!("{n} cards · deal {}'s dealer: ", packet.deal)),
                    "{name} {label}: its count {n}: {}",
                    lines[at + 2]
                );
                labels += 1;
            }
        }
        let printed = lines.iter().filter(|l| l.starts_with("Board ")).count();
        assert_eq!(printed, labels, "{name}: one label per packet and no more");
        let seats = spec.seats().len();
        assert_eq!(labels, 2 * b_deals(&spec, &key) * seats, "{name}");
    }
    // The example of the issue, on the standard seating (East holds diamonds).
    let path = dir.join("standard-labels-false.pdf");
    assert!(
        text(&path, 1, None)
            .lines()
            .any(|l| l.trim() == "Board 1 · deal 2 · East (♦)")
    );
}

fn b_deals(spec: &GameSpec, key: &SetKey) -> usize {
    board(key, 1, false, spec, None).unwrap().deals.len()
}

/// The site serves both papers, and the reserve boards', to the club's directors before the
/// hand records are released and to no one else; a game dealt at the table has none. The
/// event page lists every paper of the evening with what it is for; the table cards say
/// what happens to a board after its game.
#[tokio::test]
async fn the_site_serves_the_rebuild_papers_by_the_papers_rules() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let e = mitchell(api).await;
    let id = event_id(&e);
    let page = format!("/c/alpha/events/{id}");
    let public = Browser::new(&app);
    for (name, expect) in [
        ("rebuild", "Board 1 · rebuild sheet"),
        ("labels", "Board 1 · deal 2 · East (♦)"),
        ("reserve-rebuild", "Board 1 (reserve) · rebuild sheet"),
        ("reserve-labels", "Board 1 (reserve) · deal 2 · East (♦)"),
    ] {
        let url = format!("{page}/papers/{name}.pdf");
        assert_eq!(
            public.get(&url).await.status(),
            StatusCode::NOT_FOUND,
            "{name}"
        );
        let r = d.get(&url).await;
        assert_eq!(r.status(), StatusCode::OK, "{name}");
        assert_eq!(r.headers()["content-type"], "application/pdf");
        let text = pdf_text(&r.bytes().await.unwrap());
        assert!(text.contains(expect), "{name}: {text}");
    }
    assert_eq!(
        d.get(&format!("{page}/papers/reserve-all.pdf"))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    // The command line prints the site's bytes from the event's papers file.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("papers.json");
    let r = d.get(&format!("{page}/papers.json")).await;
    assert_eq!(r.status(), StatusCode::OK);
    std::fs::write(&file, r.bytes().await.unwrap()).unwrap();
    for (name, kind, reserve) in [
        ("rebuild", "rebuild", false),
        ("labels", "labels", false),
        ("reserve-rebuild", "rebuild", true),
        ("reserve-labels", "labels", true),
    ] {
        let site = d
            .get(&format!("{page}/papers/{name}.pdf"))
            .await
            .bytes()
            .await
            .unwrap();
        let out = dir.path().join(format!("{name}.pdf"));
        let mut cmd = Command::new(BIN);
        cmd.args(["hand-records", "--settings"])
            .arg(&file)
            .args(["--kind", kind, "-o"])
            .arg(&out);
        if reserve {
            cmd.arg("--reserve");
        }
        assert!(cmd.status().unwrap().success(), "{name}");
        assert!(
            std::fs::read(&out).unwrap() == site.as_ref(),
            "{name}: the site and the command line differ"
        );
    }

    // The event page: every paper, each with what it is for, in one list.
    let (s, html) = d.get_text(&page).await;
    assert_eq!(s, StatusCode::OK);
    let list = &html[html.find("id=\"papers\"").expect("the papers list")..];
    let list = &list[..list.find("</ul>").unwrap()];
    for (href, words) in [
        ("/hand-records.pdf", "after play"),
        (
            "/papers/curtains.pdf",
            "before the evening, build the boards",
        ),
        ("/papers/stack.pdf", "before the evening, build the boards"),
        ("/papers/labels.pdf", "on the packets"),
        ("/table-cards.pdf", "one on each table"),
        ("/guide-cards.pdf", "one per pair"),
        (
            "/papers/rebuild.pdf",
            "after each game, rebuild the board before it moves",
        ),
        ("/papers/reserve-rebuild.pdf", "for a fouled board"),
        ("/papers/reserve-labels.pdf", "for a fouled board"),
        ("/papers.json", "prints the same PDFs"),
    ] {
        let at = list
            .find(&format!("{page}{href}\""))
            .unwrap_or_else(|| panic!("no {href} in {list}"));
        let item = &list[list[..at].rfind("<li>").unwrap()..];
        let item = &item[..item.find("</li>").unwrap()];
        assert!(item.contains(words), "{href}: {item}");
    }
    let (_, html) = public.get_text(&page).await;
    assert!(
        !html.contains("rebuild.pdf") && !html.contains("table-cards.pdf"),
        "{html}"
    );

    // The table cards of boards that travel say what happens after each game.
    let r = d.get(&format!("{page}/table-cards.pdf")).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert!(flat(&pdf_text(&r.bytes().await.unwrap())).contains(AFTER_GAME));
}

#[tokio::test]
async fn a_game_dealt_at_the_table_has_no_rebuild_papers() {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@example.org").await;
    let api = api_for(&app, &d, "alpha").await;
    let body = json!({"name": "Embers Night", "date": "2026-12-02", "format": "progressive",
                      "game": "embers", "hands": 4, "tables": 3, "boards": 9});
    let e = six_pair_evening(api, body, 3).await;
    let page = format!("/c/alpha/events/{}", e.path.rsplit('/').next().unwrap());
    for name in ["rebuild", "labels", "reserve-rebuild", "reserve-labels"] {
        let r = d.get(&format!("{page}/papers/{name}.pdf")).await;
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "{name}");
    }
    // Its list has the table and guide cards and no boards' papers.
    let (_, html) = d.get_text(&page).await;
    let list = &html[html.find("id=\"papers\"").expect("the papers list")..];
    let list = &list[..list.find("</ul>").unwrap()];
    assert!(
        list.contains("/table-cards.pdf") && list.contains("/guide-cards.pdf"),
        "{list}"
    );
    for paper in [
        "hand-records",
        "curtains",
        "stack",
        "labels",
        "rebuild",
        "papers.json",
    ] {
        assert!(!list.contains(paper), "{paper}: {list}");
    }
    let r = d.get(&format!("{page}/table-cards.pdf")).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert!(!flat(&pdf_text(&r.bytes().await.unwrap())).contains("rebuild"));
}

/// A word's box in points from the page's top left (`pdftotext -bbox`).
#[derive(Debug)]
struct Word {
    /// Read in failures' messages only (through `Debug`).
    #[allow(dead_code)]
    text: String,
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

fn words(path: &Path) -> Vec<Vec<Word>> {
    let out = Command::new("pdftotext")
        .arg("-bbox")
        .arg(path)
        .arg("-")
        .output()
        .unwrap();
    let html = String::from_utf8(out.stdout).unwrap();
    let attr = |tag: &str, name: &str| -> f64 {
        let start = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        let end = start + tag[start..].find('"').unwrap();
        tag[start..end].parse().unwrap()
    };
    html.split("<page ")
        .skip(1)
        .map(|page| {
            page.split("<word ")
                .skip(1)
                .map(|part| {
                    let tag = &part[..part.find('>').unwrap()];
                    let text = &part[part.find('>').unwrap() + 1..part.find("</word>").unwrap()];
                    Word {
                        text: text.to_string(),
                        x0: attr(tag, "xMin"),
                        y0: attr(tag, "yMin"),
                        x1: attr(tag, "xMax"),
                        y1: attr(tag, "yMax"),
                    }
                })
                .collect()
        })
        .collect()
}

/// Every game's sheet and labels as printed: every word inside the page's 10 mm margins
/// and no word over another (the packets of a row never run into the next column or row).
#[test]
fn nothing_on_the_sheet_or_the_labels_overlaps_or_leaves_the_page() {
    let dir = temp_dir("fit");
    let mm = 72.0 / 25.4;
    let (w, h) = (210.0 * mm, 297.0 * mm);
    for name in [
        "standard",
        "duet",
        "cutthroat-3",
        "sheinwold-3",
        "split-partnership-3",
    ] {
        for kind in ["rebuild", "labels"] {
            let path = write_pdf(&dir, name, kind, false);
            for (p, page) in words(&path).iter().enumerate() {
                assert!(!page.is_empty(), "{name} {kind} page {}", p + 1);
                for (i, a) in page.iter().enumerate() {
                    assert!(
                        a.x0 >= 10.0 * mm
                            && a.x1 <= w - 10.0 * mm
                            && a.y0 >= 5.0 * mm
                            && a.y1 <= h - 5.0 * mm,
                        "{name} {kind} page {}: {a:?} off the page",
                        p + 1
                    );
                    for b in &page[i + 1..] {
                        let overlap_x = a.x1.min(b.x1) - a.x0.max(b.x0);
                        let overlap_y = a.y1.min(b.y1) - a.y0.max(b.y0);
                        assert!(
                            overlap_x <= 0.5 || overlap_y <= 0.5,
                            "{name} {kind} page {}: {a:?} overlaps {b:?}",
                            p + 1
                        );
                    }
                }
            }
        }
    }
}
