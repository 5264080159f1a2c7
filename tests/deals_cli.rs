//! The deal commands run as a user would: the real binary, real files, real PDFs read back
//! with `pdftotext` (poppler-utils; scripts/test.sh installs it).

use std::path::PathBuf;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_calypso-director");
const ZERO_KEY: &str = "0000000000000000000000000000000000000000000000000000000000000000";
const ZERO_COMMITMENT: &str = "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925";

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .output()
        .expect("run calypso-director")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("calypso-deals-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn pdf_text(path: &PathBuf) -> String {
    let out = Command::new("pdftotext")
        .arg(path)
        .arg("-")
        .output()
        .unwrap_or_else(|e| {
            panic!("pdftotext is needed to read the PDFs back (apt-get install poppler-utils): {e}")
        });
    assert!(out.status.success(), "pdftotext failed: {}", stderr(&out));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn deal_json_matches_the_published_vector_and_repeats_byte_for_byte() {
    let a = run(&["deal", "--key", ZERO_KEY, "--board", "1"]);
    assert!(a.status.success(), "{}", stderr(&a));
    let b = run(&[
        "deal", "--key", ZERO_KEY, "--board", "1", "--format", "json",
    ]);
    assert_eq!(a.stdout, b.stdout);
    let v: serde_json::Value = serde_json::from_slice(&a.stdout).unwrap();
    assert_eq!(v["algorithm"], "v1");
    assert_eq!(v["commitment"], ZERO_COMMITMENT);
    assert_eq!(v["board"], 1);
    assert_eq!(v["first_dealer"], "N");
    assert!(v.get("reserve").is_none());
    let stack: Vec<&str> = v["stack"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(stack.len(), 208);
    assert_eq!(
        stack[..13].join(" "),
        "4C 5S 6H 2S 5S 7H 3S QS TH 9C 9D 7D KS"
    );
    let north: Vec<&str> = v["deals"][0]["hands"]["N"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(north.join(" "), "QS JS 9S 2S 5H KD QD JD 7D 3D 3D 8C 4C");
    assert_eq!(v["deals"][1]["dealer"], "E");

    let r = run(&["deal", "--key", ZERO_KEY, "--board", "1", "--reserve"]);
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(v["reserve"], true);
    let ordinary: serde_json::Value = serde_json::from_slice(&a.stdout).unwrap();
    assert_ne!(v["stack"], ordinary["stack"]);
}

#[test]
fn deal_options_variant_first_dealer_and_text() {
    let o = run(&[
        "deal",
        "--key",
        ZERO_KEY,
        "--board",
        "1",
        "--first-dealer",
        "W",
        "--variant",
        "cutthroat-4",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["first_dealer"], "W");
    // Same stack as the default rotation; the first card now goes to North (left of West).
    assert_eq!(v["stack"][0], "4C");
    assert!(
        v["deals"][0]["hands"]["N"]
            .as_array()
            .unwrap()
            .contains(&"4C".into())
    );

    let o = run(&[
        "deal",
        "--key",
        ZERO_KEY,
        "--board",
        "2",
        "--variant",
        "cutthroat-3",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["stack"].as_array().unwrap().len(), 117);
    assert_eq!(v["deals"].as_array().unwrap().len(), 3);

    let o = run(&[
        "deal", "--key", ZERO_KEY, "--board", "1", "--format", "text",
    ]);
    let t = stdout(&o);
    assert!(t.contains("Board 1"), "{t}");
    assert!(t.contains("first dealer North"), "{t}");
    assert!(t.contains("♠ QJ92"), "{t}");
}

#[test]
fn new_key_prints_a_key_and_its_commitment() {
    let o = run(&["deal", "--new-key", "--format", "text"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let t = stdout(&o);
    let key = t
        .lines()
        .next()
        .unwrap()
        .strip_prefix("key        ")
        .unwrap();
    let commitment = t
        .lines()
        .nth(1)
        .unwrap()
        .strip_prefix("commitment ")
        .unwrap();
    assert_eq!(key.len(), 64);
    assert!(
        key.chars()
            .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
    );
    // The key reproduces the commitment through the deal command.
    let d = run(&["deal", "--key", key, "--board", "1"]);
    let v: serde_json::Value = serde_json::from_slice(&d.stdout).unwrap();
    assert_eq!(v["commitment"], commitment);
    let again = run(&["deal", "--new-key", "--format", "text"]);
    assert_ne!(stdout(&again), t);
}

fn assert_bad(args: &[&str], needle: &str) {
    let o = run(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert!(
        err.contains(needle),
        "{args:?}: expected {needle:?} in {err}"
    );
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(o.stdout.is_empty(), "{args:?}");
}

#[test]
fn bad_input_is_an_error_naming_the_value_with_exit_2() {
    let out = temp_dir("bad").join("x.pdf");
    let out = out.to_str().unwrap();
    assert_bad(
        &["deal", "--key", "abc", "--board", "1"],
        "\"abc\" has an odd number",
    );
    assert_bad(
        &["deal", "--key", "abcd", "--board", "1"],
        "\"abcd\" has 4 hex digits",
    );
    let long = "0".repeat(66);
    assert_bad(&["deal", "--key", &long, "--board", "1"], "66 hex digits");
    let nonhex = format!("{}zz", "0".repeat(62));
    assert_bad(
        &["deal", "--key", &nonhex, "--board", "1"],
        "is not hex: 'z'",
    );
    assert_bad(
        &["deal", "--key", ZERO_KEY, "--board", "0"],
        "board \"0\" does not exist",
    );
    assert_bad(
        &["deal", "--key", ZERO_KEY, "--board", "x1"],
        "board \"x1\"",
    );
    assert_bad(&["deal", "--key", ZERO_KEY], "--board");
    assert_bad(
        &[
            "deal",
            "--key",
            ZERO_KEY,
            "--board",
            "1",
            "--variant",
            "bridge",
        ],
        "unknown variant \"bridge\"",
    );
    assert_bad(
        &[
            "deal",
            "--key",
            ZERO_KEY,
            "--board",
            "1",
            "--first-dealer",
            "Q",
        ],
        "\"Q\"",
    );
    assert_bad(
        &[
            "deal",
            "--key",
            ZERO_KEY,
            "--board",
            "1",
            "--variant",
            "cutthroat-3",
            "--first-dealer",
            "W",
        ],
        "first dealer \"W\" is not a seat in cutthroat-3",
    );
    for (boards, needle) in [
        ("5-2", "\"5-2\" runs backwards"),
        ("0-3", "board \"0\" does not exist"),
        ("garbage", "board \"garbage\""),
        ("1-4,,7", "board \"\""),
    ] {
        assert_bad(
            &[
                "hand-records",
                "--key",
                ZERO_KEY,
                "--boards",
                boards,
                "-o",
                out,
            ],
            needle,
        );
        assert_bad(&["audit", "--key", ZERO_KEY, "--boards", boards], needle);
    }
    assert_bad(
        &[
            "hand-records",
            "--key",
            ZERO_KEY,
            "--boards",
            "1",
            "-o",
            "/nonexistent-dir/x.pdf",
        ],
        "cannot write \"/nonexistent-dir/x.pdf\"",
    );
    assert_bad(
        &[
            "hand-records",
            "--key",
            ZERO_KEY,
            "--boards",
            "1",
            "-o",
            out,
            "--kind",
            "posters",
        ],
        "'posters'",
    );
    assert_bad(
        &[
            "hand-records",
            "--key",
            ZERO_KEY,
            "--boards",
            "1",
            "-o",
            out,
            "--date",
            "1/4/2025",
        ],
        "date \"1/4/2025\"",
    );
    assert!(!std::path::Path::new(out).exists(), "no file on bad input");
}

#[test]
fn hand_records_pdf_reads_back_with_the_known_deal() {
    let dir = temp_dir("records");
    let write = |path: &PathBuf| {
        let o = run(&[
            "hand-records",
            "--key",
            ZERO_KEY,
            "--boards",
            "1-3",
            "-o",
            path.to_str().unwrap(),
            "--event",
            "Spring Pairs",
            "--date",
            "2025-04-01",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
    };
    let path = dir.join("records.pdf");
    write(&path);
    let bytes = std::fs::read(&path).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    let text = pdf_text(&path);
    for needle in [
        "Board 1",
        "Board 3",
        "First dealer: South",
        "Spring Pairs",
        "2025-04-01",
        "Deal 4, dealer West",
        "♠",
        "♥",
        "♦",
        "♣",
        // Board 1, deal 1: North holds QJ92 of spades and KQJ733 of diamonds.
        "QJ92",
        "KQJ733",
        "Own trumps",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from:\n{text}");
    }
    // One page per board: pdftotext separates pages with form feeds.
    assert_eq!(text.matches('\u{c}').count(), 3, "{text}");
    assert!(bytes.len() < 200_000, "{} bytes", bytes.len());

    // The file is a function of its inputs: dated with the event, not the clock, and the
    // same command writes the same bytes.
    let info = Command::new("pdfinfo")
        .arg("-isodates")
        .arg(&path)
        .output()
        .unwrap();
    let info = String::from_utf8_lossy(&info.stdout);
    assert!(
        info.lines()
            .any(|l| l.starts_with("CreationDate:") && l.ends_with("2025-04-01T00:00:00Z")),
        "{info}"
    );
    let again = dir.join("again.pdf");
    write(&again);
    assert!(
        std::fs::read(&again).unwrap() == bytes,
        "two runs wrote different PDFs"
    );
}

/// Every kind of document, for a four- and a three-player game, is the same bytes from two
/// runs of the command line.
#[test]
fn every_kind_of_pdf_is_the_same_bytes_from_two_runs() {
    let dir = temp_dir("repeat");
    for variant in ["standard", "sheinwold-3"] {
        for kind in ["records", "curtains", "stack", "all"] {
            let write = |name: &str| {
                let path = dir.join(format!("{variant}-{kind}-{name}.pdf"));
                let o = run(&[
                    "hand-records",
                    "--key",
                    ZERO_KEY,
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
                assert!(o.status.success(), "{}", stderr(&o));
                std::fs::read(path).unwrap()
            };
            let first = write("first");
            assert!(first.starts_with(b"%PDF-"));
            assert!(
                write("second") == first,
                "{variant} {kind}: two runs wrote different PDFs"
            );
        }
    }
}

#[test]
fn curtain_cards_and_stacking_order_read_back() {
    let dir = temp_dir("curtains");
    let path = dir.join("all.pdf");
    let o = run(&[
        "hand-records",
        "--key",
        ZERO_KEY,
        "--boards",
        "1",
        "-o",
        path.to_str().unwrap(),
        "--kind",
        "all",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = pdf_text(&path);
    for needle in [
        "Board 1, deal 1, dealer North",
        "Spades player (North)",
        "Clubs player (West)",
        "Board 1, deal 4, dealer West",
        "Board 1: stacking order",
        "Card 1 is the top",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from:\n{text}");
    }
    // North's curtain card, deal 1 (pdftotext drops the spaces between ranks and reads the
    // two columns of slips interleaved, so check suit by suit).
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    for piece in ["♠QJ92", "♦KQJ733", "♣84"] {
        assert!(squeezed.contains(piece), "{piece} missing from {squeezed}");
    }
    // Records page, one page of 16 curtain cards, stacking page.
    assert_eq!(text.matches('\u{c}').count(), 3, "{text}");
    assert_eq!(text.matches("player (").count(), 16);
    // The stack's first card, 4♣, is numbered 1.
    let compact: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(compact.contains("1 4♣"), "{compact}");
}

#[test]
fn audit_reports_the_tests() {
    let o = run(&["audit", "--key", ZERO_KEY, "--boards", "1-40"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let t = stdout(&o);
    assert!(t.contains("Audit of 40 boards"), "{t}");
    assert!(t.contains("765 degrees of freedom"), "{t}");
    assert!(t.contains("Suit lengths"), "{t}");
    assert!(t.contains("from 199 simulated sets of 40 boards"), "{t}");
    // The simulation is seeded from the set, so the same audit prints the same report.
    let again = run(&["audit", "--key", ZERO_KEY, "--boards", "1-40"]);
    assert_eq!(stdout(&again), t);
    let o = run(&[
        "audit", "--key", ZERO_KEY, "--boards", "1-4,7", "--format", "json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["boards"], 5);
    assert_eq!(v["location_test"]["df"], 765);
    assert_eq!(v["length_simulations"], 199);
}

/// Calypso Duet's boards: the players deal in turn from their secret hands' seats (N, W),
/// the hand records say which two hands each player receives and each curtain card whose
/// hand it is; a first dealer at a dummy's seat is refused.
#[test]
fn duet_boards_alternate_north_and_west_and_their_papers_name_each_players_two_hands() {
    let dealer = |board: &str| {
        let o = run(&[
            "deal",
            "--key",
            ZERO_KEY,
            "--board",
            board,
            "--variant",
            "duet",
            "--format",
            "json",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        let deals: Vec<String> = v["deals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["dealer"].as_str().unwrap().to_string())
            .collect();
        (v["first_dealer"].as_str().unwrap().to_string(), deals)
    };
    assert_eq!(
        dealer("1"),
        (
            "N".into(),
            vec!["N".into(), "W".into(), "N".into(), "W".into()]
        )
    );
    assert_eq!(
        dealer("2"),
        (
            "W".into(),
            vec!["W".into(), "N".into(), "W".into(), "N".into()]
        )
    );
    assert_eq!(dealer("3").0, "N");

    let o = run(&[
        "deal",
        "--key",
        ZERO_KEY,
        "--board",
        "1",
        "--variant",
        "duet",
        "--first-dealer",
        "S",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("first dealer \"S\" never deals in duet: the dealers are N and W"),
        "{}",
        stderr(&o)
    );

    let dir = temp_dir("duet");
    let pdf = dir.join("duet.pdf");
    let o = run(&[
        "hand-records",
        "--key",
        ZERO_KEY,
        "--boards",
        "1-2",
        "--variant",
        "duet",
        "--kind",
        "all",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = pdf_text(&pdf);
    assert!(
        text.contains("Calypso Duet. ♠♥ player: the North and South hands · ♣♦ player: the West and East hands."),
        "{text}"
    );
    assert!(text.contains(
        "Each player chooses which of their two hands is secret and which is the dummy."
    ));
    assert!(text.contains("North (♠♥ player)") && text.contains("East (♣♦ player)"));
    // Curtain cards: one slip per hand, named by its player.
    for slip in [
        "♠♥ player's North hand",
        "♣♦ player's East hand",
        "♠♥ player's South hand",
        "♣♦ player's West hand",
    ] {
        assert_eq!(text.matches(slip).count(), 8, "{slip}: 2 boards x 4 deals");
    }
    // The standard game's papers are as they were.
    let std_pdf = dir.join("standard.pdf");
    let o = run(&[
        "hand-records",
        "--key",
        ZERO_KEY,
        "--boards",
        "1",
        "--kind",
        "all",
        "-o",
        std_pdf.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = pdf_text(&std_pdf);
    assert!(
        !text.contains("Calypso Duet") && text.contains("Spades player (North)"),
        "{text}"
    );
}
