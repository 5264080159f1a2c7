//! `calypso-director movement` run as a user would: the exact JSON other tools read, the
//! director's text plan, and every impossible request (exit 2, `error: ...` naming it).

use std::process::{Command, Output};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_calypso-director");

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("movement")
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

fn ok(args: &[&str]) -> String {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

#[test]
fn mitchell_json_is_one_line_with_the_keys_in_order() {
    let out = ok(&["--kind", "mitchell", "--tables", "3"]);
    let expected = concat!(
        r#"{"kind":"mitchell","tables":3,"rounds":3,"boards_per_round":1,"boards":3,"pairs":6,"teams":null,"schedule":["#,
        r#"{"round":1,"table":1,"majors":1,"minors":4,"boards":[1]},"#,
        r#"{"round":1,"table":2,"majors":2,"minors":5,"boards":[2]},"#,
        r#"{"round":1,"table":3,"majors":3,"minors":6,"boards":[3]},"#,
        r#"{"round":2,"table":1,"majors":1,"minors":6,"boards":[2]},"#,
        r#"{"round":2,"table":2,"majors":2,"minors":4,"boards":[3]},"#,
        r#"{"round":2,"table":3,"majors":3,"minors":5,"boards":[1]},"#,
        r#"{"round":3,"table":1,"majors":1,"minors":5,"boards":[3]},"#,
        r#"{"round":3,"table":2,"majors":2,"minors":6,"boards":[1]},"#,
        r#"{"round":3,"table":3,"majors":3,"minors":4,"boards":[2]}"#,
        r#"],"sit_out":[]}"#,
        "\n"
    );
    assert_eq!(out, expected);
    // --format json is the default.
    assert_eq!(
        ok(&["--kind", "mitchell", "--tables", "3", "--format", "json"]),
        out
    );
}

#[test]
fn a_phantom_table_is_empty_and_its_pair_sits_out() {
    let out = ok(&[
        "--kind", "mitchell", "--tables", "7", "--rounds", "5", "--pairs", "13",
    ]);
    let v: Value = serde_json::from_str(&out).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "kind",
            "tables",
            "rounds",
            "boards_per_round",
            "boards",
            "pairs",
            "teams",
            "schedule",
            "sit_out"
        ]
    );
    assert_eq!(
        (v["pairs"].as_u64(), v["boards"].as_u64()),
        (Some(13), Some(7))
    );
    let empty: Vec<&Value> = v["schedule"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["majors"].is_null())
        .collect();
    assert_eq!(empty.len(), 5);
    assert_eq!(
        empty[0].to_string(),
        r#"{"round":1,"table":7,"majors":null,"minors":null,"boards":[]}"#
    );
    assert_eq!(
        v["sit_out"].to_string(),
        r#"[{"round":1,"pair":7},{"round":2,"pair":1},{"round":3,"pair":2},{"round":4,"pair":3},{"round":5,"pair":4}]"#
    );
}

#[test]
fn team_match_json_names_the_teams() {
    let out = ok(&["--kind", "team-match", "--boards", "4"]);
    assert_eq!(
        out,
        concat!(
            r#"{"kind":"team-match","tables":2,"rounds":4,"boards_per_round":1,"boards":4,"pairs":4,"teams":{"A":[1,2],"B":[3,4]},"schedule":["#,
            r#"{"round":1,"table":1,"majors":1,"minors":4,"boards":[1]},{"round":1,"table":2,"majors":3,"minors":2,"boards":[3]},"#,
            r#"{"round":2,"table":1,"majors":1,"minors":4,"boards":[2]},{"round":2,"table":2,"majors":3,"minors":2,"boards":[4]},"#,
            r#"{"round":3,"table":1,"majors":1,"minors":4,"boards":[3]},{"round":3,"table":2,"majors":3,"minors":2,"boards":[1]},"#,
            r#"{"round":4,"table":1,"majors":1,"minors":4,"boards":[4]},{"round":4,"table":2,"majors":3,"minors":2,"boards":[2]}"#,
            r#"],"sit_out":[]}"#,
            "\n"
        )
    );
    let eight: Value = serde_json::from_str(&ok(&[
        "--kind",
        "team-match",
        "--boards",
        "8",
        "--tables",
        "2",
    ]))
    .unwrap();
    assert_eq!(eight["rounds"], 8);
    assert_eq!(eight["teams"]["B"], serde_json::json!([3, 4]));
}

#[test]
fn progressive_json() {
    let v: Value = serde_json::from_str(&ok(&[
        "--kind",
        "progressive",
        "--tables",
        "6",
        "--rounds",
        "5",
        "--pairs",
        "11",
    ]))
    .unwrap();
    assert_eq!(
        (v["boards"].as_u64(), v["rounds"].as_u64()),
        (Some(30), Some(5))
    );
    assert_eq!(v["sit_out"].as_array().unwrap().len(), 5);
    assert_eq!(
        v["schedule"][7].to_string(),
        r#"{"round":2,"table":2,"majors":2,"minors":7,"boards":[8]}"#
    );
}

#[test]
fn arrow_switch_repeated_or_with_commas() {
    let base = ["--kind", "mitchell", "--tables", "7", "--rounds", "5"];
    let repeated = ok(&[&base[..], &["--arrow-switch", "4", "--arrow-switch", "5"]].concat());
    let commas = ok(&[&base[..], &["--arrow-switch", "4,5"]].concat());
    assert_eq!(repeated, commas);
    let v: Value = serde_json::from_str(&commas).unwrap();
    // Round 4, table 1: the stationary pair 1 sits minors, the moving pair majors.
    assert_eq!(v["schedule"][21]["round"], 4);
    assert_eq!(v["schedule"][21]["minors"], 1);
    assert_eq!(v["schedule"][21]["majors"], 12);
}

#[test]
fn text_is_the_directors_plan() {
    let out = ok(&[
        "--kind", "mitchell", "--tables", "7", "--rounds", "5", "--pairs", "13", "--format", "text",
    ]);
    assert!(
        out.starts_with("Mitchell: 7 tables, 5 rounds, 1 board a round (boards 1-7), 13 pairs\n"),
        "{out}"
    );
    assert!(out.contains("\nRound 1\n"), "{out}");
    assert!(out.contains("  Table 3: majors 3 v minors 10, board 3; then minors 10 to table 4, board 3 to table 2\n"), "{out}");
    assert!(
        out.contains(
            "  Table 7: no game, pair 7 sits out (board 7 waits here); then board 7 to table 6\n"
        ),
        "{out}"
    );
    assert!(out.contains("  Sitting out: pair 7\n"), "{out}");
    assert!(out.ends_with("End of the session.\n"));

    let tm = ok(&["--kind", "team-match", "--boards", "8", "--format", "text"]);
    assert!(
        tm.contains(
            "Team A: pairs 1 (majors) and 2 (minors). Team B: pairs 3 (majors) and 4 (minors).\n"
        ),
        "{tm}"
    );
    assert!(
        tm.contains(
            "  Table 2: majors 3 v minors 2, board 5; then board 5 to table 1 for round 5\n"
        ),
        "{tm}"
    );

    let pr = ok(&["--kind", "progressive", "--tables", "6", "--format", "text"]);
    assert!(
        pr.contains("  Table 6: majors 6 v minors 12, board 6; then minors 12 to table 1\n"),
        "{pr}"
    );
}

/// Each impossible request: exit 2, nothing on stdout, `error: ` and the words that name it.
#[test]
fn bad_requests_exit_2_naming_the_problem() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--kind", "mitchell", "--tables", "0"],
            "mitchell needs 2 to 100 tables (not 0)",
        ),
        (
            &["--kind", "progressive", "--tables", "0"],
            "progressive needs 2 to 100 tables (not 0)",
        ),
        (&["--kind", "mitchell"], "mitchell needs a number of tables"),
        (
            &["--kind", "mitchell", "--tables", "7", "--rounds", "8"],
            "mitchell at 7 tables has at most 7 rounds before a pair would meet an opponent again (not 8)",
        ),
        (
            &["--kind", "mitchell", "--tables", "6", "--rounds", "6"],
            "at most 5 rounds",
        ),
        (
            &["--kind", "progressive", "--tables", "6", "--rounds", "7"],
            "progressive at 6 tables has at most 6 rounds",
        ),
        (
            &["--kind", "mitchell", "--tables", "4", "--rounds", "0"],
            "at least 1 round",
        ),
        (
            &["--kind", "team-match", "--boards", "7"],
            "an even number of boards",
        ),
        (
            &["--kind", "team-match", "--boards", "0"],
            "an even number of boards",
        ),
        (
            &["--kind", "mitchell", "--tables", "7", "--pairs", "12"],
            "7 tables seat 13 or 14 pairs (not 12)",
        ),
        (
            &["--kind", "progressive", "--tables", "7", "--pairs", "15"],
            "7 tables seat 13 or 14 pairs (not 15)",
        ),
        (
            &["--kind", "howell", "--tables", "7"],
            "\"howell\" is not a movement kind",
        ),
        (
            &["--kind", "mitchell", "--tables", "7", "--boards", "8"],
            "boards does not apply to mitchell",
        ),
        (
            &["--kind", "progressive", "--tables", "7", "--boards", "8"],
            "boards does not apply to progressive",
        ),
        (
            &["--kind", "team-match", "--boards", "8", "--tables", "3"],
            "a team match is played at 2 tables (not 3)",
        ),
        (
            &["--kind", "team-match", "--boards", "8", "--pairs", "6"],
            "a team match has 4 pairs",
        ),
        (
            &["--kind", "team-match", "--boards", "8", "--rounds", "4"],
            "a team match of 8 boards has 8 rounds",
        ),
        (
            &["--kind", "team-match", "--arrow-switch", "2"],
            "an arrow switch does not apply to team-match",
        ),
        (
            &[
                "--kind",
                "progressive",
                "--tables",
                "5",
                "--arrow-switch",
                "2",
            ],
            "an arrow switch does not apply to progressive",
        ),
        (
            &[
                "--kind",
                "progressive",
                "--tables",
                "5",
                "--boards-per-round",
                "2",
            ],
            "progressive plays one board a round",
        ),
        (
            &[
                "--kind",
                "mitchell",
                "--tables",
                "5",
                "--boards-per-round",
                "0",
            ],
            "boards per round must be from 1 to 10 (not 0)",
        ),
        (
            &[
                "--kind",
                "mitchell",
                "--tables",
                "5",
                "--rounds",
                "4",
                "--arrow-switch",
                "5",
            ],
            "an arrow switch in round 5, but the movement has rounds 1 to 4",
        ),
        // Malformed numbers and formats are clap's: it names the value too.
        (&["--kind", "mitchell", "--tables", "seven"], "seven"),
        (&["--kind", "mitchell", "--tables", "-1"], "-1"),
        (
            &["--kind", "mitchell", "--tables", "5", "--format", "pdf"],
            "pdf",
        ),
        (&["--tables", "5"], "--kind"),
    ];
    for (args, words) in cases {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(o.stdout.is_empty(), "{args:?} printed {}", stdout(&o));
        let err = stderr(&o);
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains(words), "{args:?}: expected {words:?} in {err}");
    }
}
