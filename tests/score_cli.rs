//! `score` through the built binary: the three methods, a file and standard input, and
//! malformed sheets (exit 2, the message naming the result, never a panic).

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_calypso-director"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn score(sheet: &Value) -> Value {
    let out = run(&["score", "-"], &sheet.to_string());
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

fn malformed(sheet: &Value) -> String {
    let out = run(&["score"], &sheet.to_string());
    assert_eq!(out.status.code(), Some(2));
    let stdout: Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    let message = stdout["error"]
        .as_str()
        .expect("an error message")
        .to_string();
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        format!("error: {message}")
    );
    message
}

#[test]
fn matchpoints_from_a_file_and_from_stdin() {
    let sheet = json!({"method": "matchpoints", "results": [
        {"round": 1, "table": 1, "board": 1, "majors": 1, "minors": 3, "scores": {"majors": 1850, "minors": 1600}},
        {"round": 1, "table": 2, "board": 1, "majors": 2, "minors": 4, "scores": {"majors": 1700, "minors": 1700}},
        {"round": 2, "table": 1, "board": 2, "majors": 1, "minors": 4, "scores": {"majors": 1500, "minors": 1600}},
        {"round": 2, "table": 2, "board": 2, "majors": 2, "minors": 3, "adjusted": {"majors": "ave-", "minors": "ave+"}},
    ]});
    let expected = json!({"method": "matchpoints", "scale": "2-1", "compare": "net",
        "boards": [
            {"board": 1, "top": 2, "results": [
                {"round": 1, "table": 1, "majors": 1, "minors": 3, "net": 250, "mp": {"majors": 2, "minors": 0}},
                {"round": 1, "table": 2, "majors": 2, "minors": 4, "net": 0, "mp": {"majors": 0, "minors": 2}}]},
            {"board": 2, "top": 2, "results": [
                {"round": 2, "table": 1, "majors": 1, "minors": 4, "net": -100, "mp": {"majors": 1, "minors": 1}},
                {"round": 2, "table": 2, "majors": 2, "minors": 3, "adjusted": {"majors": "ave-", "minors": "ave+"}, "mp": {"majors": 0.8, "minors": 1.2}}]}],
        "standings": [
            {"field": "majors", "place": "1", "pair": 1, "boards": 2, "matchpoints": 3, "max": 4, "percent": 75},
            {"field": "majors", "place": "2", "pair": 2, "boards": 2, "matchpoints": 0.8, "max": 4, "percent": 20},
            {"field": "minors", "place": "1", "pair": 4, "boards": 2, "matchpoints": 3, "max": 4, "percent": 75},
            {"field": "minors", "place": "2", "pair": 3, "boards": 2, "matchpoints": 1.2, "max": 4, "percent": 30}]});
    assert_eq!(score(&sheet), expected);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sheet.json");
    std::fs::write(&path, sheet.to_string()).unwrap();
    let out = run(&["score", path.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), expected);
    // Numbers as two decimals, never 0.7999999.
    assert!(text.contains("\"matchpoints\":0.8,"), "{text}");
}

#[test]
fn tally_and_team() {
    let tally = score(&json!({"method": "tally", "results": [
        {"round": 1, "table": 1, "sides": [{"members": [1, 2], "score": 1850}, {"members": [3, 4], "score": 1600}]}]}));
    assert_eq!(
        tally,
        json!({"method": "tally", "standings": [
            {"place": "1=", "member": 1, "games": 1, "tally": 250},
            {"place": "1=", "member": 2, "games": 1, "tally": 250},
            {"place": "3=", "member": 3, "games": 1, "tally": -250},
            {"place": "3=", "member": 4, "games": 1, "tally": -250}],
            "check": {"sum_of_margins": 0}})
    );
    // A table of three (Auction Calypso): each player's margin is their total minus each
    // other player's, added up (docs/scoring.md's example), beside a game of two pairs.
    let three = score(&json!({"method": "tally", "results": [
        {"round": 1, "table": 1, "sides": [{"members": [1], "score": 900}, {"members": [2], "score": 400}, {"members": [3], "score": -100}]},
        {"round": 2, "table": 1, "sides": [{"members": [1, 2], "score": 300}, {"members": [3, 4], "score": 100}]}]}));
    assert_eq!(
        three,
        json!({"method": "tally", "standings": [
            {"place": "1", "member": 1, "games": 2, "tally": 1700},
            {"place": "2", "member": 2, "games": 2, "tally": 200},
            {"place": "3", "member": 4, "games": 1, "tally": -200},
            {"place": "4", "member": 3, "games": 2, "tally": -1700}],
            "check": {"sum_of_margins": 0}})
    );
    let four = json!({"method": "tally", "results": [{"round": 1, "table": 1, "sides": [
        {"members": [1], "score": 1}, {"members": [2], "score": 2}, {"members": [3], "score": 3}, {"members": [4], "score": 4}]}]});
    assert_eq!(
        malformed(&four),
        "result 1 (round 1, table 1): a game has two or three sides, not 4"
    );
    // Teams in the order the sheet gives them; the difference is the first minus the second.
    let team = score(
        &json!({"method": "team", "teams": {"B": [3, 4], "A": [1, 2]}, "results": [
        {"round": 1, "table": 1, "board": 1, "majors": 1, "minors": 4, "scores": {"majors": 1850, "minors": 1600}},
        {"round": 1, "table": 2, "board": 1, "majors": 3, "minors": 2, "scores": {"majors": 1700, "minors": 1500}}]}),
    );
    assert_eq!(
        team,
        json!({"method": "team",
               "teams": [{"team": "B", "total": 3300, "place": "2"}, {"team": "A", "total": 3350, "place": "1"}],
               "difference": -50,
               "boards": [{"board": 1, "swing": {"B": -50, "A": 50}}]})
    );
}

#[test]
fn malformed_sheets_exit_2_naming_the_result() {
    let good = json!({"round": 1, "table": 1, "board": 1, "majors": 1, "minors": 8, "scores": {"majors": 1850, "minors": 1600}});
    let sheet = |bad: Value| json!({"method": "matchpoints", "results": [good, bad]});
    assert_eq!(
        malformed(&sheet(
            json!({"round": 1, "table": 2, "board": 2, "majors": 2, "minors": 9,
            "scores": {"majors": 1, "minors": 2}, "adjusted": {"majors": "ave", "minors": "ave"}})
        )),
        "result 2 (round 1, table 2, board 2): a result has scores or an adjustment, not both"
    );
    assert_eq!(
        malformed(&sheet(
            json!({"round": 1, "table": 2, "board": 2, "majors": 2, "minors": 9})
        )),
        "result 2 (round 1, table 2, board 2): a result needs scores or an adjustment"
    );
    assert_eq!(
        malformed(&sheet(
            json!({"round": 3, "table": 2, "board": 2, "majors": 5, "minors": 5,
            "scores": {"majors": 1, "minors": 2}})
        )),
        "result 2 (round 3, table 2, board 2): pair 5 cannot play itself"
    );
    assert_eq!(
        malformed(&sheet(
            json!({"round": 1, "table": 2, "board": 0, "majors": 2, "minors": 9,
            "scores": {"majors": 1, "minors": 2}})
        )),
        "result 2 (round 1, table 2, board 0): boards are numbered from 1"
    );
    assert_eq!(
        malformed(&json!({"method": "butler", "results": []})),
        "unknown method \"butler\" (matchpoints, tally or team)"
    );
    assert_eq!(
        malformed(&json!({"method": "matchpoints", "scale": "3-0", "results": []})),
        "unknown scale \"3-0\" (2-1 or 1-half)"
    );
    assert!(malformed(&json!({"method": "matchpoints"})).starts_with("bad JSON"));
    let out = run(&["score", "/nonexistent/sheet.json"], "");
    assert_eq!(out.status.code(), Some(2));
}
