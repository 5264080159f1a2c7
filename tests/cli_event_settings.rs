//! The command line takes an event's settings: `--trumps` and `--rule` beside `--variant`
//! for `deal`, `hand-records` and `audit`, and `hand-records --settings papers.json` for an
//! event's own papers (tests/web_lifecycle.rs compares those bytes with the site's).

use std::process::{Command, Output};

const KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_calypso-director"))
        .args(args)
        .output()
        .unwrap()
}

fn fails_with(args: &[&str], message: &str) {
    let out = run(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(message), "{args:?}: {err}");
}

#[test]
fn deal_takes_the_seating_and_the_rule() {
    let out = run(&[
        "deal",
        "--key",
        KEY,
        "--board",
        "1",
        "--format",
        "text",
        "--trumps",
        "HCSD",
        "--rule",
        "all-fours",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Trumps: North ♥, East ♣, South ♠, West ♦"),
        "{text}"
    );
    // The seating decides each player's own-trump count, not which cards are dealt.
    let plain = run(&["deal", "--key", KEY, "--board", "1"]);
    let seated = run(&["deal", "--key", KEY, "--board", "1", "--trumps", "HCSD"]);
    let stack = |o: &Output| {
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        v["stack"].clone()
    };
    assert_eq!(stack(&plain), stack(&seated));
    // Three players: West has no seat.
    let out = run(&[
        "deal",
        "--key",
        KEY,
        "--board",
        "2",
        "--format",
        "text",
        "--variant",
        "cutthroat-3",
        "--trumps",
        "SCH-",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn bad_seatings_and_rules_name_the_problem() {
    let base = ["deal", "--key", KEY, "--board", "1"];
    let with = |extra: &[&'static str]| {
        let mut v: Vec<&str> = base.to_vec();
        v.extend_from_slice(extra);
        v
    };
    fails_with(
        &with(&["--trumps", "SSHC"]),
        "trumps: North and East cannot both have Spades",
    );
    fails_with(&with(&["--trumps", "SDHX"]), "\"X\" for West is not a suit");
    fails_with(&with(&["--trumps", "SDH"]), "give four seats N E S W");
    fails_with(
        &with(&["--variant", "cutthroat-3", "--trumps", "SDHC"]),
        "no Diamonds",
    );
    fails_with(&with(&["--rule", "whist"]), "unknown trick rule \"whist\"");
    fails_with(
        &["audit", "--key", KEY, "--boards", "1-2", "--trumps", "SSHC"],
        "cannot both have Spades",
    );
}

#[test]
fn hand_records_read_an_events_papers_file_and_refuse_a_bad_one() {
    let dir = tempfile::tempdir().unwrap();
    let commitment = {
        let out = run(&["deal", "--key", KEY, "--board", "1"]);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["commitment"].as_str().unwrap().to_string()
    };
    let papers = |commitment: &str, tables: i64| {
        serde_json::json!({
            "format": "calypso-director/papers/v1",
            "settings": {"name": "Harbour Pairs", "date": "2026-05-01", "format": "pairs-mitchell",
                         "variant": "standard", "tables": tables, "boards": 2,
                         "trick_rule": "beat-the-leader", "trumps": "HCSD"},
            "deal": {"algorithm": "v1", "key": KEY, "commitment": commitment}
        })
        .to_string()
    };
    let file = dir.path().join("papers.json");
    let pdf = dir.path().join("out.pdf");
    let (file_s, pdf_s) = (file.to_str().unwrap(), pdf.to_str().unwrap());
    std::fs::write(&file, papers(&commitment, 4)).unwrap();
    let out = run(&["hand-records", "--settings", file_s, "-o", pdf_s]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = Command::new("pdftotext")
        .arg(&pdf)
        .arg("-")
        .output()
        .expect("pdftotext (scripts/test.sh installs poppler-utils)");
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("Harbour Pairs") && text.contains("Board 2") && !text.contains("Board 3")
    );

    // The papers file the site writes now carries the correction period (a file written
    // before it existed, as above, reads as the default): it prints the same PDF, and a bad
    // one is refused by name.
    let with_correction = |minutes: i64| {
        let mut v: serde_json::Value = serde_json::from_str(&papers(&commitment, 4)).unwrap();
        v["settings"]["correction_minutes"] = minutes.into();
        v.to_string()
    };
    let before = std::fs::read(&pdf).unwrap();
    std::fs::write(&file, with_correction(45)).unwrap();
    let out = run(&["hand-records", "--settings", file_s, "-o", pdf_s]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read(&pdf).unwrap(), before, "the same bytes");
    std::fs::write(&file, with_correction(2000)).unwrap();
    fails_with(
        &["hand-records", "--settings", file_s, "-o", pdf_s],
        "correction_minutes: the correction period must be a whole number of minutes from 0 to 1440",
    );

    // A key that does not match its commitment, bad settings, an unknown format version.
    std::fs::write(&file, papers(&"0".repeat(64), 4)).unwrap();
    fails_with(
        &["hand-records", "--settings", file_s, "-o", pdf_s],
        "does not match the commitment",
    );
    std::fs::write(&file, papers(&commitment, 0)).unwrap();
    fails_with(
        &["hand-records", "--settings", file_s, "-o", pdf_s],
        "tables must be a whole number",
    );
    std::fs::write(
        &file,
        papers(&commitment, 4).replace("papers/v1", "papers/v7"),
    )
    .unwrap();
    fails_with(
        &["hand-records", "--settings", file_s, "-o", pdf_s],
        "unknown papers format",
    );
    std::fs::write(&file, "{not json").unwrap();
    fails_with(
        &["hand-records", "--settings", file_s, "-o", pdf_s],
        "is not a papers file",
    );
    // The settings file gives the key and boards: they cannot be given as well.
    let out = run(&[
        "hand-records",
        "--settings",
        file_s,
        "--key",
        KEY,
        "-o",
        pdf_s,
    ]);
    assert_eq!(out.status.code(), Some(2));
}
