//! The hand-record PDFs as printed: the same bytes from the library in a busy process as
//! from the command line, and pages read back with `pdftotext` (poppler-utils) to check
//! what they show and where.

use std::path::{Path, PathBuf};
use std::process::Command;

use calypso_director::deals::{SetKey, board};
use calypso_director::engine::GameSpec;
use calypso_director::print::hand_records::{PdfKind, PdfOptions, render};

const BIN: &str = env!("CARGO_BIN_EXE_calypso-director");
const KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const KINDS: [&str; 6] = ["records", "curtains", "stack", "rebuild", "labels", "all"];
const EVENT: &str = "Spring Pairs";
const DATE: &str = "2025-04-01";

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("calypso-pdf-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes boards 1-2 of the test set with the command line and returns the file's path.
fn write_pdf(dir: &Path, variant: &str, kind: &str) -> PathBuf {
    let path = dir.join(format!("{variant}-{kind}.pdf"));
    let out = Command::new(BIN)
        .args([
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
            EVENT,
            "--date",
            DATE,
            "--variant",
            variant,
        ])
        .output()
        .expect("run calypso-director");
    assert!(
        out.status.success(),
        "{variant} {kind}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    path
}

fn pdf_text(path: &Path, layout: bool) -> String {
    let mut cmd = Command::new("pdftotext");
    if layout {
        cmd.arg("-layout");
    }
    let out = cmd.arg(path).arg("-").output().unwrap_or_else(|e| {
        panic!("pdftotext is needed to read the PDFs back (apt-get install poppler-utils): {e}")
    });
    assert!(
        out.status.success(),
        "pdftotext {}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The same document the command line makes, rendered by the library in this process.
fn render_here(variant: &str, kind: &str) -> Vec<u8> {
    let spec = GameSpec::new(variant.parse().unwrap());
    let key = SetKey::from_hex(KEY).unwrap();
    let boards: Vec<_> = (1..=2)
        .map(|n| board(&key, n, false, &spec, None).unwrap())
        .collect();
    let options = PdfOptions {
        kind: PdfKind::from_name(kind).unwrap(),
        event_name: Some(EVENT.into()),
        date: Some(DATE.into()),
        commitment: Some(key.commitment()),
        game: None,
    };
    render(&boards, &spec, &options).unwrap()
}

/// The web service renders in a long-lived process: whatever it rendered before, an event's
/// PDF must be the bytes the command line writes for it.
#[test]
fn a_busy_process_renders_the_command_lines_bytes() {
    let dir = temp_dir("bytes");
    for variant in ["standard", "sheinwold-3"] {
        // Other documents first, as a server would have done.
        for kind in KINDS {
            render_here("cutthroat-3", kind);
        }
        for kind in KINDS {
            let here = render_here(variant, kind);
            let again = render_here(variant, kind);
            let written = std::fs::read(write_pdf(&dir, variant, kind)).unwrap();
            assert!(here == again, "{variant} {kind}: two renders here differ");
            assert!(
                here == written,
                "{variant} {kind}: the library's bytes differ from the command line's"
            );
        }
    }
}

/// Stacking order: the dealing instruction above the cards must not run into the deal
/// labels over the columns (it used to be printed over "Deal 1").
#[test]
fn stack_instruction_and_deal_labels_are_on_separate_lines() {
    let dir = temp_dir("stack");
    for variant in ["standard", "cutthroat-3", "sheinwold-3"] {
        let text = pdf_text(&write_pdf(&dir, variant, "stack"), true);
        let page = text.split('\u{c}').next().unwrap();
        let lines: Vec<&str> = page.lines().collect();
        let instruction = lines
            .iter()
            .position(|l| l.contains("deal one card at a time"))
            .unwrap_or_else(|| panic!("{variant}: no dealing instruction in\n{page}"));
        let line = lines[instruction];
        assert!(
            line.contains("First dealer North") && line.trim_end().ends_with("dealer's left."),
            "{variant}: the instruction line is broken or overprinted: {line:?}\n{page}"
        );
        assert!(!line.contains("Deal 1"), "{variant}: {line:?}\n{page}");
        let label = lines
            .iter()
            .position(|l| l.contains("Deal 1"))
            .unwrap_or_else(|| panic!("{variant}: no \"Deal 1\" label in\n{page}"));
        assert!(
            label > instruction,
            "{variant}: the deal labels are not below the instruction\n{page}"
        );
        // The labels share no line with cards or other text either.
        for (i, l) in lines.iter().enumerate() {
            if l.contains("Deal ") {
                assert!(
                    l.split("Deal ").skip(1).all(|rest| rest
                        .trim_start_matches(|c: char| c.is_ascii_digit())
                        .starts_with(", dealer ")),
                    "{variant}: line {i} mixes a deal label with other text: {l:?}\n{page}"
                );
            }
        }
    }
}

/// The words and seat letters that name a seat in the text of a PDF.
fn seat_words(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| {
            matches!(
                *w,
                "North" | "East" | "South" | "West" | "N" | "E" | "S" | "W"
            )
        })
        .collect()
}

/// Three-player games use seats N, E and S: no West hand, slip, letter or dealer anywhere.
#[test]
fn three_player_pdfs_show_no_west() {
    let dir = temp_dir("west3");
    for variant in ["cutthroat-3", "sheinwold-3"] {
        for kind in KINDS {
            let text = pdf_text(&write_pdf(&dir, variant, kind), false);
            let words = seat_words(&text);
            for seat in ["North", "East", "South"] {
                assert!(
                    words.contains(&seat),
                    "{variant} {kind}: {seat} missing from\n{text}"
                );
            }
            assert!(
                !words.contains(&"West") && !words.contains(&"W"),
                "{variant} {kind}: West appears in\n{text}"
            );
        }
    }
}

#[test]
fn four_player_pdfs_show_all_four_seats() {
    let dir = temp_dir("west4");
    for kind in KINDS {
        let text = pdf_text(&write_pdf(&dir, "standard", kind), false);
        let words = seat_words(&text);
        for seat in ["North", "East", "South", "West"] {
            assert!(
                words.contains(&seat),
                "standard {kind}: {seat} missing from\n{text}"
            );
        }
    }
    // The records' table shows all four seat letters.
    let text = pdf_text(&write_pdf(&dir, "standard", "records"), false);
    assert!(seat_words(&text).contains(&"W"), "{text}");
}

/// Each hand record prints its board's robot par as handed over, readable back: the
/// figures of a board worked out, "not worked out yet" for one that is not; and the same
/// boards without par print no such line (the command line's papers).
#[test]
fn the_hand_records_print_each_boards_robot_par() {
    use calypso_director::deals::par::{ParSettings, analyse_board};
    use calypso_director::event::par::{EventPars, par_title, side_figures, signed, whole};
    use calypso_director::print::hand_records::render_with_pars;

    let spec = GameSpec::default();
    let key = SetKey::from_hex(KEY).unwrap();
    let boards: Vec<_> = (1..=2)
        .map(|n| board(&key, n, false, &spec, None).unwrap())
        .collect();
    let budget = ParSettings {
        games: 3,
        playouts: 4,
    };
    let par = analyse_board(&spec, &key, &boards[0], budget, 1, &|| {}).unwrap();
    let pars = EventPars::Boards {
        boards: 2,
        stored: [(1, par.clone())].into(),
        working: true,
    };
    let options = PdfOptions {
        kind: PdfKind::Records,
        event_name: Some(EVENT.into()),
        date: Some(DATE.into()),
        commitment: Some(key.commitment()),
        game: None,
    };
    let dir = temp_dir("par");
    let path = dir.join("records-with-par.pdf");
    std::fs::write(
        &path,
        render_with_pars(&boards, &spec, &options, &pars).unwrap(),
    )
    .unwrap();
    let text = pdf_text(&path, false);
    let pages: Vec<&str> = text.split('\u{c}').collect();
    let first = format!(
        "{}: net {} (N-S ♠♥ less E-W ♦♣)",
        par_title(&par),
        signed(whole(par.net))
    );
    assert!(first.starts_with("Robot par (3 games, 4 playouts): net "));
    assert!(pages[0].contains(&first), "{}", pages[0]);
    let sides = format!(
        "Majors {} · Minors {}",
        side_figures(&par.majors),
        side_figures(&par.minors)
    );
    assert!(pages[0].contains(&sides), "{sides} in {}", pages[0]);
    assert!(
        pages[1].contains("Robot par: not worked out yet"),
        "{}",
        pages[1]
    );
    assert!(!pages[1].contains("Majors"), "{}", pages[1]);

    let plain = dir.join("records-without.pdf");
    std::fs::write(&plain, render(&boards, &spec, &options).unwrap()).unwrap();
    assert!(!pdf_text(&plain, false).contains("Robot par"));
}
