//! `analyse` run as a user would: the real binary. Its figures come from the set key alone,
//! so two runs (on any number of threads) print the same bytes, and they are the library's
//! own `analyse_board` figures.

use std::process::{Command, Output};

use calypso_director::deals::par::{ParSettings, analyse_board};
use calypso_director::deals::{SetKey, board};
use calypso_director::engine::GameSpec;

const BIN: &str = env!("CARGO_BIN_EXE_calypso-director");
const KEY: &str = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("analyse")
        .args(args)
        .output()
        .expect("run calypso-director")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn analyse_twice_with_one_key_prints_the_same_figures() {
    let args = [
        "--key",
        KEY,
        "--boards",
        "1-2",
        "--games",
        "6",
        "--playouts",
        "12",
        "--format",
        "json",
    ];
    let first = run(&[&args[..], &["--threads", "1"]].concat());
    let second = run(&[&args[..], &["--threads", "2"]].concat());
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert!(second.status.success(), "{}", text(&second.stderr));
    assert_eq!(first.stdout, second.stdout, "one key, one analysis");
    // Not a terminal: no progress bar in the output.
    assert_eq!(text(&first.stderr), "");

    let json: serde_json::Value = serde_json::from_slice(&first.stdout).unwrap();
    assert_eq!(json["games"], 6);
    assert_eq!(json["playouts"], 12);
    assert_eq!(json["variant"], "standard");
    let boards = json["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 2);
    let spec = GameSpec::default();
    let key = SetKey::from_hex(KEY).unwrap();
    assert_eq!(json["commitment"], key.commitment());
    for (i, b) in boards.iter().enumerate() {
        let number = i as u32 + 1;
        let dealt = board(&key, number, false, &spec, None).unwrap();
        let settings = ParSettings {
            games: 6,
            playouts: 12,
        };
        let par = analyse_board(&spec, &key, &dealt, settings, 1, &|| {}).unwrap();
        assert_eq!(b["board"], number);
        assert_eq!(b["majors"]["mean"].as_f64().unwrap(), par.majors.mean);
        assert_eq!(b["minors"]["p90"].as_i64().unwrap(), par.minors.p90);
        assert_eq!(b["net"].as_f64().unwrap(), par.net);
        // Every figure is a real score: a side's game is worth something, p10 <= p90.
        for side in ["majors", "minors"] {
            let f = &b[side];
            assert!(f["p10"].as_i64().unwrap() <= f["median"].as_f64().unwrap() as i64 + 1);
            assert!(f["median"].as_f64().unwrap() <= f["p90"].as_i64().unwrap() as f64);
            assert!(f["mean"].as_f64().unwrap() > 0.0);
        }
    }
}

#[test]
fn the_text_table_has_a_line_a_board() {
    let out = run(&[
        "--key",
        KEY,
        "--boards",
        "3",
        "--games",
        "4",
        "--playouts",
        "8",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("Robot par: 4 robot games a board, 8 playouts a card (standard"),
        "{stdout}"
    );
    let line = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("3 "))
        .unwrap_or_else(|| panic!("board 3's line: {stdout}"));
    assert_eq!(line.split_whitespace().count(), 10, "{line}");
}

#[test]
fn bad_input_is_named_and_nothing_runs() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["--key", KEY, "--boards", "1", "--games", "0"],
            "robot games per board must be 1 to 10000, not 0",
        ),
        (
            &["--key", KEY, "--boards", "1", "--playouts", "200000"],
            "a robot's playouts per card must be 1 to 100000, not 200000",
        ),
        (
            &["--key", KEY, "--boards", "0"],
            "board \"0\" does not exist",
        ),
        (
            &["--key", KEY, "--boards", "1-500"],
            "too many boards: at most 100",
        ),
        (
            &["--key", "abc", "--boards", "1"],
            "odd number of hex digits",
        ),
        (
            &["--key", KEY, "--boards", "1", "--variant", "cutthroat-4"],
            "robot par is worked out for partnership and cooperative Calypso",
        ),
    ];
    for (args, message) in cases {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains(message),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(out.stdout.is_empty());
    }
}

/// Coöperative Calypso: "the aim for all four players is to maximise the total score", so
/// the par adds the table total's figures: a Total column in the text, "total" in the JSON,
/// the library's own figures.
#[test]
fn a_cooperative_analysis_adds_the_table_total() {
    let args = [
        "--key",
        KEY,
        "--boards",
        "1",
        "--games",
        "4",
        "--playouts",
        "8",
        "--variant",
        "cooperative",
    ];
    let json = run(&[&args[..], &["--format", "json"]].concat());
    assert!(json.status.success(), "{}", text(&json.stderr));
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(json["variant"], "cooperative");
    let spec = GameSpec::new(calypso_director::engine::Variant::Cooperative);
    let key = SetKey::from_hex(KEY).unwrap();
    let dealt = board(&key, 1, false, &spec, None).unwrap();
    let settings = ParSettings {
        games: 4,
        playouts: 8,
    };
    let want = analyse_board(&spec, &key, &dealt, settings, 1, &|| {}).unwrap();
    let total = want.total.as_ref().unwrap();
    assert_eq!(json["boards"][0]["total"]["mean"], total.mean);
    assert_eq!(json["boards"][0]["total"]["p10"], total.p10);
    let out = run(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Total"), "{stdout}");
    assert!(stdout.contains("Total: the table's total"), "{stdout}");
    let line = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .unwrap_or_else(|| panic!("board 1's line: {stdout}"));
    // The standard ten columns, then the total's mean and 10%-90%.
    assert_eq!(line.split_whitespace().count(), 12, "{line}");
    assert!(
        line.ends_with(&format!("{}-{}", total.p10, total.p90)),
        "{line}"
    );
}
