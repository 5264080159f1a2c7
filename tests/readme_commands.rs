//! The README's and docs/cli.md's commands, run as written: every command line of a ```sh block (also
//! ```bash, ```shell, ```console) goes through `sh -c` with the binary under test first on
//! PATH as `calypso-director`, must exit 0, and where the README shows its output (the
//! lines after a `$ ` command, up to the next `$ ` or the end of the block) must print
//! exactly that on stdout. Commands added to the README later are picked up by this test.
//!
//! Also: the example files under `docs/examples/` that those commands read are one game
//! (the summaries are what replaying the record gives), and an ignored helper rewrites them.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use calypso_director::cli::rules::replay_json;
use serde_json::{Map, Value, json};

const REPO: &str = env!("CARGO_MANIFEST_DIR");
const BIN: &str = env!("CARGO_BIN_EXE_calypso-director");
/// A README command that runs longer than this is reported as hanging.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(300);

/// One command as the README shows it.
#[derive(Debug, PartialEq, Eq)]
struct ReadmeCommand {
    /// 1-based README line where the command starts.
    line: usize,
    /// The command, continuation lines included (`\` and newline, as sh reads them).
    text: String,
    /// The output the README shows for it, if any (prompt-style blocks only).
    expected: Option<String>,
}

fn is_shell_fence(info: &str) -> bool {
    matches!(
        info.split_whitespace().next(),
        Some("sh" | "bash" | "shell" | "console")
    )
}

/// The commands of every shell block. In a block with `$ ` prompts, each `$ ` line starts a
/// command and the lines after it are its output; in a block without prompts every line is
/// a command except blank lines and `#` comments. A line ending in `\` continues on the next.
fn readme_commands(readme: &str) -> Vec<ReadmeCommand> {
    let lines: Vec<&str> = readme.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let fence = lines[i].trim_start();
        if !(fence.starts_with("```") && is_shell_fence(&fence[3..])) {
            i += 1;
            continue;
        }
        let start = i + 1;
        let mut end = start;
        while end < lines.len() && !lines[end].trim_start().starts_with("```") {
            end += 1;
        }
        out.extend(block_commands(&lines[start..end], start + 1));
        i = end + 1;
    }
    out
}

/// `first_line` is the 1-based README line of `block[0]`.
fn block_commands(block: &[&str], first_line: usize) -> Vec<ReadmeCommand> {
    let prompts = block.iter().any(|l| l.starts_with("$ "));
    let mut out: Vec<ReadmeCommand> = Vec::new();
    let mut j = 0;
    while j < block.len() {
        let line = block[j];
        let starts_command = if prompts {
            line.starts_with("$ ")
        } else {
            !line.trim().is_empty() && !line.trim_start().starts_with('#')
        };
        if !starts_command {
            if prompts {
                match out.last_mut() {
                    Some(cmd) => {
                        let expected = cmd.expected.get_or_insert_with(String::new);
                        if !expected.is_empty() {
                            expected.push('\n');
                        }
                        expected.push_str(line);
                    }
                    None if line.trim().is_empty() => {}
                    None => panic!(
                        "README line {}: a block with `$ ` prompts must start with a command, not {line:?}",
                        first_line + j
                    ),
                }
            }
            j += 1;
            continue;
        }
        let mut text = line.strip_prefix("$ ").unwrap_or(line).to_string();
        let line_no = first_line + j;
        while text.ends_with('\\') && j + 1 < block.len() {
            j += 1;
            text.push('\n');
            text.push_str(block[j]);
        }
        out.push(ReadmeCommand {
            line: line_no,
            text,
            expected: None,
        });
        j += 1;
    }
    for cmd in &mut out {
        if let Some(e) = &mut cmd.expected {
            let trimmed = e.trim_end_matches(['\n', ' ']).to_string();
            cmd.expected = (!trimmed.is_empty()).then_some(trimmed);
        }
    }
    out
}

/// Why a README command is not run here, or `None` to run it. Exactly these are skipped:
/// - `cargo ...` (the README's `cargo run --release` and `cargo build --release`): they
///   build the project in release mode, minutes of compiling, and `cargo run` then starts
///   the server, which does not return; this test runs the binary cargo already built.
/// - `bash scripts/test.sh`: the whole test suite, this test included (it would recurse),
///   installing system packages and starting PostgreSQL.
/// - `calypso-director serve ...` and `calypso-director` with no subcommand: both run the
///   web server until stopped (`tests/clean_start.rs` starts it and checks its log).
fn skip_reason(cmd: &str) -> Option<&'static str> {
    let words: Vec<&str> = cmd.split_whitespace().collect();
    match words.as_slice() {
        ["cargo", ..] => return Some("a cargo build or run of the project itself"),
        ["bash", "scripts/test.sh", ..] | ["scripts/test.sh", ..] => {
            return Some("the whole test suite, this test included");
        }
        _ => {}
    }
    let at = words.iter().position(|w| *w == "calypso-director")?;
    match words.get(at + 1) {
        None | Some(&"serve") => Some("runs the web server until stopped"),
        Some(w) if w.starts_with('#') => Some("runs the web server until stopped"),
        _ => None,
    }
}

/// Runs `text` with `sh -c` in `dir`, with `bin` first on PATH. Returns (exit code, stdout,
/// stderr), or an error when it had to be killed.
fn run_shell(text: &str, dir: &Path, bin: &Path) -> Result<(Option<i32>, String, String), String> {
    use std::os::unix::process::CommandExt;
    let path = match std::env::var_os("PATH") {
        Some(p) => {
            let mut dirs = vec![bin.to_path_buf()];
            dirs.extend(std::env::split_paths(&p));
            std::env::join_paths(dirs).unwrap()
        }
        None => bin.as_os_str().to_owned(),
    };
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(text)
        .current_dir(dir)
        .env("PATH", path)
        // Nothing shown in the README should reach a database outside the temp dir.
        .env_remove("DATABASE_URL")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .map_err(|e| format!("cannot start sh: {e}"))?;
    let reader = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = pipe.read_to_end(&mut buf);
            String::from_utf8_lossy(&buf).into_owned()
        })
    };
    let out = reader(Box::new(child.stdout.take().unwrap()));
    let err = reader(Box::new(child.stderr.take().unwrap()));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > COMMAND_TIMEOUT {
            // The whole process group: sh and whatever it started.
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .status();
            let _ = child.wait();
            return Err(format!("still running after {COMMAND_TIMEOUT:?}; killed"));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Ok((status.code(), out.join().unwrap(), err.join().unwrap()))
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A working directory that looks like the repository root to the README's commands:
/// `docs/` is copied (so commands may write next to the examples), every other top-level
/// entry except `target` and `.git` is a symlink to the repository's. Files a command
/// writes by a plain name (`-o boards.pdf`) land in the temp dir.
fn repo_like_dir(root: &Path) -> PathBuf {
    let work = root.join("repo");
    std::fs::create_dir_all(&work).unwrap();
    for entry in std::fs::read_dir(REPO).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if name == "target" || name == ".git" {
            continue;
        }
        if name == "docs" {
            copy_dir(&entry.path(), &work.join("docs"));
        } else {
            std::os::unix::fs::symlink(entry.path(), work.join(&name)).unwrap();
        }
    }
    work
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The files whose shell blocks are run: the README, and the command line's reference.
const DOCUMENTS: [&str; 2] = ["README.md", "docs/cli.md"];

#[test]
fn every_readme_command_runs_as_shown() {
    let commands: Vec<(&str, ReadmeCommand)> = DOCUMENTS
        .iter()
        .flat_map(|doc| {
            let text = std::fs::read_to_string(Path::new(REPO).join(doc)).unwrap();
            readme_commands(&text).into_iter().map(move |c| (*doc, c))
        })
        .collect();
    let tmp = tempfile::tempdir().unwrap();
    let bin = tmp.path().join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::os::unix::fs::symlink(BIN, bin.join("calypso-director")).unwrap();
    let work = repo_like_dir(tmp.path());

    let mut ran = 0;
    let mut failures = Vec::new();
    for (doc, cmd) in &commands {
        if let Some(why) = skip_reason(&cmd.text) {
            eprintln!(
                "{doc} line {}: skipped ({why}): {}",
                cmd.line,
                one_line(&cmd.text)
            );
            continue;
        }
        ran += 1;
        eprintln!("{doc} line {}: {}", cmd.line, one_line(&cmd.text));
        let (code, stdout, stderr) = match run_shell(&cmd.text, &work, &bin) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{doc} line {}: {e}\n  {}", cmd.line, cmd.text));
                continue;
            }
        };
        if code != Some(0) {
            failures.push(format!(
                "{doc} line {}: exit status {code:?}\n  command: {}\n  stdout: {stdout}\n  stderr: {stderr}",
                cmd.line, cmd.text
            ));
            continue;
        }
        if let Some(expected) = &cmd.expected {
            let got = stdout.trim_end_matches('\n');
            if got != expected {
                failures.push(format!(
                    "{doc} line {}: the output differs from {doc}\n  command: {}\n  {doc}:\n{expected}\n  printed:\n{got}",
                    cmd.line, cmd.text
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {ran} commands of the README and docs/cli.md failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    // Guards the extraction itself: the README's rules and deals commands were found.
    for needle in [
        "rules trick",
        "rules replay",
        "rules check",
        "deal --key",
        "hand-records",
        "audit",
    ] {
        assert!(
            commands
                .iter()
                .any(|(_, c)| c.text.contains(needle) && skip_reason(&c.text).is_none()),
            "no command of the README or docs/cli.md with \"{needle}\" was run"
        );
    }
}

#[test]
fn commands_are_read_from_prompt_and_plain_blocks() {
    let md = "text\n\
              ```sh\n\
              cargo run --release   # the server\n\
              # a comment\n\
              \n\
              calypso-director deal --key K \\\n    --board 3\n\
              ```\n\
              ```text\n\
              $ not a command\n\
              ```\n\
              ```sh\n\
              $ echo a \\\n    | cat\n\
              a\n\
              $ echo b; echo c\n\
              b\n\
              c\n\
              $ true\n\
              ```\n";
    let cmds = readme_commands(md);
    let got: Vec<(usize, &str, Option<&str>)> = cmds
        .iter()
        .map(|c| (c.line, c.text.as_str(), c.expected.as_deref()))
        .collect();
    assert_eq!(
        got,
        vec![
            (3, "cargo run --release   # the server", None),
            (6, "calypso-director deal --key K \\\n    --board 3", None),
            (13, "echo a \\\n    | cat", Some("a")),
            (16, "echo b; echo c", Some("b\nc")),
            (19, "true", None),
        ]
    );
    assert!(skip_reason(&cmds[0].text).is_some());
    assert!(skip_reason(&cmds[1].text).is_none());
    assert!(skip_reason("calypso-director serve --bind 0.0.0.0:8080").is_some());
    assert!(skip_reason("calypso-director   # the server").is_some());
    assert!(skip_reason("bash scripts/test.sh").is_some());
    assert!(skip_reason("echo x | calypso-director rules trick").is_none());
}

// ---- docs/examples: one game, its record and its summaries ----

fn examples() -> PathBuf {
    Path::new(REPO).join("docs/examples")
}

fn read_json(name: &str) -> Value {
    let text = std::fs::read_to_string(examples().join(name)).unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("docs/examples/{name}: {e}"))
}

/// What a table would report after `k` deals of `record`: replay the first `k` deals and
/// keep what `rules check` reads (calypsos, cards in progress, trick piles).
fn summary_after(record: &Value, k: usize) -> Value {
    let mut part = record.clone();
    part["deals"].as_array_mut().unwrap().truncate(k);
    let result = replay_json(&part.to_string()).expect("the example record replays");
    let players: Map<String, Value> = result["players"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(seat, p)| {
            (
                seat.clone(),
                json!({"calypsos": p["calypsos"], "in_progress": p["in_progress"]}),
            )
        })
        .collect();
    let piles: Map<String, Value> = result["partnerships"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(side, s)| (side.clone(), s["trick_pile"].clone()))
        .collect();
    json!({"after_deal": k, "players": players, "trick_piles": piles})
}

#[test]
fn example_summaries_are_the_example_games() {
    let record = read_json("replay-record.json");
    let deals = record["deals"].as_array().unwrap();
    assert_eq!(deals.len(), 4, "a whole standard game");
    for d in deals {
        assert_eq!(d["tricks"].as_array().unwrap().len(), 13);
    }
    let result = replay_json(&record.to_string()).unwrap();
    assert_eq!(result["complete"], json!(true));
    assert_eq!(result["revokes"], json!([]));

    assert_eq!(read_json("check-summary.json"), summary_after(&record, 4));
    let series: Vec<Value> = (1..=4).map(|k| summary_after(&record, k)).collect();
    assert_eq!(
        read_json("check-series.json"),
        json!({ "summaries": series })
    );
}

/// Rewrites `docs/examples/` from a random legal game played by the engine (a fixed seed:
/// the first game from seed 1 up where both partnerships complete a calypso, one side wins
/// and no one revokes). Run `cargo test --test readme_commands -- --ignored write_examples`, then
/// update the outputs the README shows (`every_readme_command_runs_as_shown` fails showing
/// what each command now prints).
#[test]
#[ignore]
fn write_examples() {
    use calypso_director::cli::rules::record_json;
    use calypso_director::engine::{
        CardCounts, Game, GameRecord, GameSpec, Seat, Variant, random, sort_for_display,
    };
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    let spec = GameSpec::new(Variant::Standard);
    let (seed, record) = (1u64..)
        .find_map(|seed| {
            let mut record = GameRecord::default();
            let score = random::play_random_game(
                &spec,
                &mut ChaCha8Rng::seed_from_u64(seed),
                0,
                Some(&mut record),
            );
            let both = ["NS", "EW"].iter().all(|side| {
                score
                    .players
                    .iter()
                    .any(|p| p.calypsos > 0 && spec.side_name(spec.side_of(p.seat)) == *side)
            });
            let tie = score.sides[0].score == score.sides[1].score;
            (both && !tie).then_some((seed, record))
        })
        .unwrap();

    // The record as `rules replay` reads it, each trick's cards in play order (leader first)
    // so a reader can follow the play; the engine itself needs only the seats.
    let mut value = record_json(&spec, &record);
    let first_dealer = record.deals[0].dealer.unwrap();
    let mut game = Game::new(&spec, first_dealer);
    for (d, deal) in record.deals.iter().enumerate() {
        game.deal(deal.hands.each_ref().map(CardCounts::from_cards))
            .unwrap();
        let json_deal = &mut value["deals"][d];
        for seat in Seat::ALL {
            let mut hand = deal.hands[seat.index()].clone();
            sort_for_display(&mut hand);
            json_deal["hands"][seat.to_string()] =
                json!(hand.iter().map(|c| c.to_string()).collect::<Vec<_>>());
        }
        for (t, trick) in deal.tricks.iter().enumerate() {
            let leader = game.leader();
            let mut ordered = Map::new();
            for i in 0..spec.players {
                let seat = leader.left_by(i, spec.players);
                let card = trick[seat.index()].unwrap();
                ordered.insert(seat.to_string(), json!(card.to_string()));
                game.play(card).unwrap();
            }
            json_deal["tricks"][t] = Value::Object(ordered);
        }
    }
    assert!(game.is_over());

    let dir = examples();
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: String| {
        std::fs::write(dir.join(name), text).unwrap();
        eprintln!("wrote docs/examples/{name}");
    };
    write("replay-record.json", record_text(&value));
    let last = summary_after(&value, 4);
    write("check-summary.json", summary_text(&last, ""));
    let series: Vec<String> = (1..=4)
        .map(|k| summary_text(&summary_after(&value, k), "    "))
        .collect();
    write(
        "check-series.json",
        format!("{{\n  \"summaries\": [\n{}\n  ]\n}}\n", series.join(",\n")),
    );
    // A table's slip with one trick-pile card forgotten.
    let mut slip = last.clone();
    let ns = slip["trick_piles"]["NS"].as_i64().unwrap();
    slip["trick_piles"]["NS"] = json!(ns - 1);
    write("check-mistake.json", summary_text(&slip, ""));
    eprintln!("seed {seed}");
}

/// The record with one line per field, hand and trick.
fn record_text(v: &Value) -> String {
    let c = |v: &Value| v.to_string();
    let mut s = String::from("{\n");
    for key in ["variant", "rule", "trumps"] {
        s += &format!("  \"{key}\": {},\n", c(&v[key]));
    }
    s += "  \"deals\": [\n";
    let deals = v["deals"].as_array().unwrap();
    for (d, deal) in deals.iter().enumerate() {
        s += "    {\n";
        if let Some(dealer) = deal.get("dealer") {
            s += &format!("      \"dealer\": {},\n", c(dealer));
        }
        s += "      \"hands\": {\n";
        let hands = deal["hands"].as_object().unwrap();
        let lines: Vec<String> = hands
            .iter()
            .map(|(seat, h)| format!("        \"{seat}\": {}", c(h)))
            .collect();
        s += &lines.join(",\n");
        s += "\n      },\n      \"tricks\": [\n";
        let tricks: Vec<String> = deal["tricks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| format!("        {}", c(t)))
            .collect();
        s += &tricks.join(",\n");
        s += "\n      ]\n    }";
        s += if d + 1 < deals.len() { ",\n" } else { "\n" };
    }
    s += "  ]\n}\n";
    s
}

/// A summary with one line per player; `indent` before every line.
fn summary_text(v: &Value, indent: &str) -> String {
    let players = v["players"].as_object().unwrap();
    let lines: Vec<String> = players
        .iter()
        .map(|(seat, p)| format!("{indent}    \"{seat}\": {}", p))
        .collect();
    let mut s = format!(
        "{indent}{{\n{indent}  \"after_deal\": {},\n{indent}  \"players\": {{\n{}\n{indent}  }},\n{indent}  \"trick_piles\": {}\n{indent}}}",
        v["after_deal"],
        lines.join(",\n"),
        v["trick_piles"]
    );
    if indent.is_empty() {
        s.push('\n');
    }
    s
}
