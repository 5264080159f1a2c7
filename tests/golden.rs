//! Golden outputs (issue #20's proof of a refactor with no change of behaviour): what the
//! program prints and serves today, captured to files under `tests/golden/`, and compared
//! byte for byte on every run.
//!
//! - `score`: the exact stdout of `calypso-director score FILE` for the 20 sheets under
//!   `tests/golden/sheets/` (into `score/NN-....json`), and the exit code, stdout and stderr
//!   for the sheets it refuses (`sheets/refused/` into `score/refused/*.txt`).
//! - the five-table Mitchell evening, played through the API with a fixed deal key and fixed
//!   table codes: every API answer of the director, at four moments (`api/1-running` ...
//!   `api/4-finished`) and every step's answer on the way (`api/steps`); the text of every PDF
//!   (`pdf/*.txt`, `pdftotext -layout`) and the SHA-256 of those whose bytes are reproducible
//!   (`pdf/*.sha256`); the HTML of the main pages and the CSV downloads (`html/`).
//!
//! **Rewriting the files.** `CALYPSO_GOLDEN_WRITE=1 cargo test --features postgres --test
//! golden` writes every file afresh (and deletes the ones no longer produced) instead of
//! comparing; then `git diff tests/golden` shows what changed. A refactor must leave that
//! diff empty. Without the variable a difference fails the test, naming each file and its
//! first differing line, expected against actual; a file missing or no longer produced fails
//! too.
//!
//! **What is normalised**, and only that (it differs from run to run): date-times
//! (`2026-...T19:02:11.412` and the like, the moments things happened) become `<date-time>`,
//! clock times in UTC (`started 19:02 UTC`) `<time> UTC`; the test server's address (a random
//! port) becomes `http://<server>`; CSRF tokens in HTML become `<csrf>`, and the version in a
//! static file's link (`style.css?v=...`, which changes with the file) `<version>`. Ids are kept: a fresh
//! database numbers them the same every run. The deal key and the table codes are set, not
//! masked (`fix_key_and_codes`), so the boards, the reports made from them, and the codes are
//! the same every run.
//!
//! Runs on PostgreSQL too when the harness does (`CALYPSO_TEST_POSTGRES_URL`): the same files.
//! tests/golden/README.md says the same for readers of the files.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::evening::{Evening, Report, place};
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_calypso-director");
/// The evening's deal key (any 32 bytes; fixed so that the boards are the same every run).
const DEAL_KEY: &str = "6a09e667f3bcc908b2fae94fe94f82ba3c6ef372fe94f82ba54ff53a5f1d36f1";

fn golden_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn write_mode() -> bool {
    std::env::var("CALYPSO_GOLDEN_WRITE").is_ok_and(|v| v == "1")
}

/// Captures compared with (or written to) the files under some folders of `tests/golden`.
struct Golden {
    /// The folders this test owns, relative to `tests/golden`: every file in them is a
    /// capture of this test.
    owned: Vec<PathBuf>,
    write: bool,
    produced: BTreeSet<PathBuf>,
    failures: Vec<String>,
}

impl Golden {
    fn new(owned: &[&str]) -> Golden {
        let g = Golden {
            owned: owned.iter().map(PathBuf::from).collect(),
            write: write_mode(),
            produced: BTreeSet::new(),
            failures: Vec::new(),
        };
        if g.write {
            for dir in &g.owned {
                let _ = std::fs::remove_dir_all(golden_root().join(dir));
            }
        }
        g
    }

    /// Compares `actual` with the file `rel` (or writes it).
    fn check(&mut self, rel: &str, actual: &[u8]) {
        let rel = PathBuf::from(rel);
        assert!(
            self.owned.iter().any(|d| rel.starts_with(d)),
            "{} is outside this test's folders",
            rel.display()
        );
        assert!(
            self.produced.insert(rel.clone()),
            "{} captured twice",
            rel.display()
        );
        let path = golden_root().join(&rel);
        if self.write {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, actual).unwrap();
            return;
        }
        match std::fs::read(&path) {
            Err(_) => self.failures.push(format!(
                "tests/golden/{}: missing (CALYPSO_GOLDEN_WRITE=1 writes it)",
                rel.display()
            )),
            Ok(expected) if expected != actual => self.failures.push(format!(
                "tests/golden/{}: {}",
                rel.display(),
                first_difference(&expected, actual)
            )),
            Ok(_) => {}
        }
    }

    fn check_text(&mut self, rel: &str, actual: &str) {
        self.check(rel, actual.as_bytes());
    }

    /// Fails on every difference found, and on files of this test's folders that it no
    /// longer produces.
    fn finish(mut self) {
        if !self.write {
            for dir in &self.owned {
                for file in files_under(&golden_root().join(dir)) {
                    let rel = file.strip_prefix(golden_root()).unwrap().to_path_buf();
                    if !self.produced.contains(&rel) {
                        self.failures.push(format!(
                            "tests/golden/{}: no longer produced (CALYPSO_GOLDEN_WRITE=1 deletes it)",
                            rel.display()
                        ));
                    }
                }
            }
        }
        assert!(
            self.failures.is_empty(),
            "{} golden file(s) differ from today's output:\n\n{}\n\nIf the change is intended, \
             CALYPSO_GOLDEN_WRITE=1 rewrites them (then review git diff tests/golden).",
            self.failures.len(),
            self.failures.join("\n\n")
        );
    }
}

fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(files_under(&p));
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The first differing line of two texts: its number, and both lines (cut around the first
/// differing character when long).
fn first_difference(expected: &[u8], actual: &[u8]) -> String {
    let (e, a) = (
        String::from_utf8_lossy(expected),
        String::from_utf8_lossy(actual),
    );
    let (mut el, mut al) = (e.split('\n'), a.split('\n'));
    let mut n = 0;
    loop {
        n += 1;
        match (el.next(), al.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (x, y) => {
                let col = match (x, y) {
                    (Some(x), Some(y)) => {
                        x.chars().zip(y.chars()).take_while(|(p, q)| p == q).count()
                    }
                    _ => 0,
                };
                let show = |l: Option<&str>| match l {
                    None => "(end of file)".to_string(),
                    Some(l) => {
                        let chars: Vec<char> = l.chars().collect();
                        let from = col.saturating_sub(60);
                        let to = (col + 100).min(chars.len());
                        format!(
                            "{}{}{}",
                            if from > 0 { "..." } else { "" },
                            chars[from..to].iter().collect::<String>(),
                            if to < chars.len() { "..." } else { "" }
                        )
                    }
                };
                return format!(
                    "first difference at line {n}, column {}\n  expected: {}\n  actual:   {}",
                    col + 1,
                    show(x),
                    show(y)
                );
            }
        }
    }
}

// ---- normalising ----

fn digits(b: &[u8], i: usize, n: usize) -> bool {
    b.len() >= i + n && b[i..i + n].iter().all(u8::is_ascii_digit)
}

/// The length of a date-time at the start of `b`: `YYYY-MM-DD`, `T` or a space, `HH:MM`,
/// optional `:SS`, fraction, `Z` or offset. A date alone is not one (the event's date is data).
fn date_time_len(b: &[u8]) -> Option<usize> {
    if !(digits(b, 0, 4)
        && b.get(4) == Some(&b'-')
        && digits(b, 5, 2)
        && b.get(7) == Some(&b'-')
        && digits(b, 8, 2)
        && matches!(b.get(10), Some(b'T' | b' '))
        && digits(b, 11, 2)
        && b.get(13) == Some(&b':')
        && digits(b, 14, 2))
    {
        return None;
    }
    let mut i = 16;
    if b.get(i) == Some(&b':') && digits(b, i + 1, 2) {
        i += 3;
        if b.get(i) == Some(&b'.') && digits(b, i + 1, 1) {
            i += 1;
            while digits(b, i, 1) {
                i += 1;
            }
        }
    }
    if b.get(i) == Some(&b'Z') {
        i += 1;
    } else if matches!(b.get(i), Some(b'+' | b'-')) && digits(b, i + 1, 2) {
        let mut j = i + 3;
        if b.get(j) == Some(&b':') {
            j += 1;
        }
        if digits(b, j, 2) {
            i = j + 2;
        }
    } else if b[i..].starts_with(b" UTC") {
        i += 4;
    }
    Some(i)
}

/// The length of a clock time in UTC at the start of `b` (`19:02 UTC`, as the pages show
/// when a round started or the correction period ends), with the day the banner adds when
/// that is not today (` on Tue 24 Nov`).
fn clock_len(b: &[u8]) -> Option<usize> {
    if !(digits(b, 0, 2)
        && b.get(2) == Some(&b':')
        && digits(b, 3, 2)
        && b[5..].starts_with(b" UTC"))
    {
        return None;
    }
    let mut i = 9;
    let rest = &b[i..];
    let letters = |r: &[u8], at: usize| {
        r.len() >= at + 3 && r[at..at + 3].iter().all(u8::is_ascii_alphabetic)
    };
    if rest.starts_with(b" on ") && letters(rest, 4) && rest.get(7) == Some(&b' ') {
        let mut j = 8;
        while j < rest.len() && rest[j].is_ascii_digit() {
            j += 1;
        }
        if j > 8 && rest.get(j) == Some(&b' ') && letters(rest, j + 1) {
            i += j + 4;
        }
    }
    Some(i)
}

/// Replaces what differs from run to run: date-times, clock times and the server's address.
fn normalise(text: &str, server: &str) -> String {
    let text = text.replace(server, "http://<server>");
    let host = server.trim_start_matches("http://");
    let text = text.replace(host, "<server>");
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut copied = 0;
    while i < b.len() {
        let boundary = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        if boundary && b[i].is_ascii_digit() {
            if let Some(n) = date_time_len(&b[i..]) {
                out.push_str(&text[copied..i]);
                out.push_str("<date-time>");
                i += n;
                copied = i;
                continue;
            }
            if let Some(n) = clock_len(&b[i..]) {
                out.push_str(&text[copied..i]);
                out.push_str("<time> UTC");
                i += n;
                copied = i;
                continue;
            }
        }
        i += 1;
    }
    out.push_str(&text[copied..]);
    out
}

/// `text` with the quoted value after each `marker` replaced by `mask`.
fn mask_after(text: &str, marker: &str, mask: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(marker) {
        let start = i + marker.len();
        out.push_str(&rest[..start]);
        out.push_str(mask);
        let end = rest[start..].find('"').map_or(rest.len(), |j| start + j);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// HTML with its CSRF tokens and static files' versions masked, then normalised.
fn normalise_html(html: &str, server: &str) -> String {
    let html = mask_after(html, "name=\"csrf_token\" value=\"", "<csrf>");
    let html = mask_after(&html, "?v=", "<version>");
    normalise(&html, server)
}

// ---- score ----

struct Run {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

fn score_file(path: &Path) -> Run {
    let out = Command::new(BIN)
        .arg("score")
        .arg(path)
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    Run {
        code: out.status.code(),
        stdout: out.stdout,
        stderr: out.stderr,
    }
}

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

/// `score FILE` for every sheet: its exact stdout; for a refused sheet its exit code, stdout
/// and stderr.
#[test]
fn score_prints_the_same_standings_for_every_sheet() {
    let mut g = Golden::new(&["score"]);
    let sheets = golden_root().join("sheets");
    let files = json_files(&sheets);
    assert_eq!(files.len(), 20, "the 20 sheets of issue #20");
    for file in files {
        let name = file.file_name().unwrap().to_str().unwrap();
        let run = score_file(&file);
        assert_eq!(
            run.code,
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert!(run.stderr.is_empty(), "{name}: nothing on stderr");
        g.check(&format!("score/{name}"), &run.stdout);
    }
    let refused = json_files(&sheets.join("refused"));
    assert!(refused.len() >= 3);
    for file in refused {
        let name = file.file_stem().unwrap().to_str().unwrap();
        let run = score_file(&file);
        assert_eq!(run.code, Some(2), "{name} is refused");
        let text = format!(
            "exit code: {:?}\n--- stdout\n{}--- stderr\n{}",
            run.code,
            String::from_utf8_lossy(&run.stdout),
            String::from_utf8_lossy(&run.stderr)
        );
        g.check_text(&format!("score/refused/{name}.txt"), &text);
    }
    g.finish();
}

// ---- the evening ----

/// Raw HTTP for the captures: the body as sent, not re-read.
struct Client {
    http: reqwest::Client,
    base: String,
    token: Option<String>,
}

struct Answer {
    status: StatusCode,
    content_type: String,
    body: Vec<u8>,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }
}

impl Client {
    async fn send(&self, method: &str, path: &str, body: Option<&Value>) -> Answer {
        let url = format!("{}{path}", self.base);
        let mut req = match method {
            "GET" => self.http.get(&url),
            "POST" => self.http.post(&url),
            "PUT" => self.http.put(&url),
            _ => unreachable!(),
        };
        if let Some(t) = &self.token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(b);
        }
        let r = req.send().await.unwrap();
        let status = r.status();
        let content_type = r
            .headers()
            .get("content-type")
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default();
        Answer {
            status,
            content_type,
            body: r.bytes().await.unwrap().to_vec(),
        }
    }
}

/// A JSON answer as a golden file: the request, the status and content type, then the body
/// pretty-printed when it is exactly serde_json's compact form of itself (so the pretty
/// text stands for those bytes), else as it came; normalised.
fn answer_text(method: &str, path: &str, sent: Option<&Value>, a: &Answer, server: &str) -> String {
    let raw = String::from_utf8_lossy(&a.body).into_owned();
    let body = match serde_json::from_str::<Value>(&raw) {
        Ok(v) if serde_json::to_string(&v).unwrap() == raw => {
            serde_json::to_string_pretty(&v).unwrap()
        }
        _ => format!("(not compact JSON, as sent)\n{raw}"),
    };
    let sent = sent.map_or(String::new(), |b| format!("{b}\n"));
    normalise(
        &format!(
            "{method} {path}\n{sent}--- {}\ncontent-type: {}\n{body}\n",
            a.status, a.content_type
        ),
        server,
    )
}

/// The evening, its captures numbered in the order they happen.
struct Night {
    g: Golden,
    app: TestApp,
    api: Client,
    /// Anonymous: no token, no cookie.
    public: Client,
    server: String,
    id: i64,
    step: u32,
}

impl Night {
    fn path(&self, rest: &str) -> String {
        format!("/api/v1/events/{}{rest}", self.id)
    }

    /// A step of the evening through the API: its answer is captured under `api/steps`, and
    /// must have the status `want`.
    async fn act(&mut self, name: &str, method: &str, path: &str, body: Value, want: u16) -> Value {
        let a = self.api.send(method, path, Some(&body)).await;
        assert_eq!(
            a.status.as_u16(),
            want,
            "{name}: {method} {path}: {}",
            String::from_utf8_lossy(&a.body)
        );
        self.step += 1;
        let text = answer_text(method, path, Some(&body), &a, &self.server);
        self.g
            .check_text(&format!("api/steps/{:03}-{name}.txt", self.step), &text);
        a.json()
    }

    /// Every GET of the API, as the director, at moment `moment`.
    async fn snapshot(&mut self, moment: &str) {
        let id = self.id;
        let mut gets: Vec<(&str, String)> = vec![
            ("me", "/api/v1/me".into()),
            ("events", "/api/v1/events".into()),
            ("players", "/api/v1/players".into()),
            ("players-archived", "/api/v1/players?archived=true".into()),
        ];
        for (name, rest) in [
            ("event", ""),
            ("results", "/results"),
            ("standings", "/standings"),
            ("sheet", "/sheet"),
            ("travellers", "/travellers"),
            ("scorecards", "/scorecards"),
            ("boards", "/boards"),
            ("movement", "/movement"),
            ("movement-changes", "/movement/changes"),
            ("rounds", "/rounds"),
            ("entries", "/entries"),
        ] {
            gets.push((name, format!("/api/v1/events/{id}{rest}")));
        }
        for (name, path) in gets {
            let a = self.api.send("GET", &path, None).await;
            let text = answer_text("GET", &path, None, &a, &self.server);
            self.g
                .check_text(&format!("api/{moment}/{name}.txt"), &text);
        }
        // What anyone sees of the boards (404 until the hand records are released).
        let path = format!("/api/v1/events/{id}/boards");
        let a = self.public.send("GET", &path, None).await;
        let text = answer_text("GET", &path, None, &a, &self.server);
        self.g
            .check_text(&format!("api/{moment}/boards-public.txt"), &text);
    }
}

/// The table codes the evening uses, by table (letters of `service::tokens::table_code`).
fn fixed_code(table: u64) -> String {
    format!("GQDNTB{}2", char::from(b'A' + (table - 1) as u8))
}

/// Fixes what the application would draw at random: the deal key (stored on the draft as
/// the application stores a drawn one: leaving draft keeps a key the event has) and the
/// table codes (made before anything asks for them, so none is drawn).
fn fix_key_and_codes(app: &TestApp, id: i64, tables: u64) {
    use calypso_director::db::schema::{events, table_codes};
    use diesel::prelude::*;
    let commitment = calypso_director::deals::SetKey::from_hex(DEAL_KEY)
        .unwrap()
        .commitment();
    with_conn(app, |c| {
        let n = diesel::update(events::table.find(id as i32))
            .set((
                events::deal_algorithm.eq(calypso_director::deals::ALGORITHM),
                events::deal_key.eq(DEAL_KEY),
                events::deal_commitment.eq(&commitment),
            ))
            .execute(c)
            .unwrap();
        assert_eq!(n, 1);
        for t in 1..=tables {
            diesel::insert_into(table_codes::table)
                .values((
                    table_codes::event_id.eq(id as i32),
                    table_codes::table_number.eq(t as i32),
                    table_codes::code.eq(fixed_code(t)),
                    table_codes::created_at.eq(calypso_director::db::now()),
                ))
                .execute(c)
                .unwrap();
        }
    });
}

/// A report for `table`'s `board` in `round`, varied by table and round as
/// `common::evening::post_report` varies them.
fn report(e: &Evening, round: u64, table: u64, board: u64) -> Report {
    Report::new(
        &e.deals(board),
        4,
        [
            (table % 3) as i64,
            (round % 2) as i64,
            ((table + round) % 2) as i64,
            (table == 4) as i64 * 2,
        ],
        [table as usize, round as usize, 2, (table as usize + 3) % 5],
    )
}

fn tables_of(started: &Value) -> Vec<(u64, u64)> {
    started["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(place)
        .collect()
}

/// The text of a PDF as `pdftotext -layout` reads it.
fn pdf_layout_text(pdf: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("document.pdf");
    std::fs::write(&path, pdf).unwrap();
    let out = Command::new("pdftotext")
        .arg("-layout")
        .arg(&path)
        .arg("-")
        .output()
        .unwrap_or_else(|e| panic!("pdftotext is needed (run scripts/test.sh): {e}"));
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(Sha256::digest(bytes))
}

impl Night {
    /// A table's phone enters its report on the table's page (`/t/{code}`); its page before
    /// is captured. Returns the new result's id.
    async fn phone_report(
        &mut self,
        phone: &Browser,
        round: u64,
        table: u64,
        r: &Report,
        board: u64,
    ) -> i64 {
        let page = format!("/t/{}", fixed_code(table));
        let (s, html) = phone.get_text(&page).await;
        assert_eq!(s, StatusCode::OK);
        self.g.check_text(
            &format!("html/table-{table}-round-{round}.html"),
            &normalise_html(&html, &self.server),
        );
        let csrf = csrf_from(&html).unwrap();
        let form = r.form(round, board);
        let mut fields: Vec<(&str, &str)> = vec![("csrf_token", &csrf)];
        fields.extend(form.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        let resp = phone.post_raw(&format!("{page}/result"), &fields).await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER, "table {table}");
        let a = self.api.send("GET", &self.path("/results"), None).await;
        a.json()["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["round"] == round && x["table"] == table)
            .unwrap()["id"]
            .as_i64()
            .unwrap()
    }

    /// The other side answers on the same phone: `agree` or `disagree`.
    async fn phone_answer(&mut self, phone: &Browser, table: u64, result: i64, answer: &str) {
        let page = format!("/t/{}", fixed_code(table));
        let (_, html) = phone.get_text(&page).await;
        let csrf = csrf_from(&html).unwrap();
        let id = result.to_string();
        let r = phone
            .post_raw(
                &format!("{page}/confirm"),
                &[("csrf_token", &csrf), ("result", &id), ("answer", answer)],
            )
            .await;
        assert_eq!(r.status(), StatusCode::SEE_OTHER, "{answer}");
    }

    /// A page or download, its answer captured under `html/` (normalised; PDFs as text).
    async fn page(&mut self, who: &Browser, name: &str, path: &str) {
        let r = who.get(path).await;
        let status = r.status();
        assert_eq!(status, StatusCode::OK, "GET {path}");
        let ct = r
            .headers()
            .get("content-type")
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default();
        let body = r.text().await.unwrap();
        let text = format!(
            "GET {path}\n--- {status}\ncontent-type: {ct}\n{}",
            normalise_html(&body, &self.server)
        );
        self.g.check_text(&format!("html/{name}"), &text);
    }

    /// A PDF: its text, and the SHA-256 of its bytes when `reproducible`.
    async fn pdf(&mut self, who: &Browser, name: &str, path: &str, reproducible: bool) {
        let r = who.get(path).await;
        assert_eq!(r.status(), StatusCode::OK, "GET {path}");
        assert_eq!(r.headers()["content-type"], "application/pdf", "{path}");
        let bytes = r.bytes().await.unwrap();
        let text = normalise(&pdf_layout_text(&bytes), &self.server);
        self.g.check_text(&format!("pdf/{name}.txt"), &text);
        if reproducible {
            self.g.check_text(
                &format!("pdf/{name}.sha256"),
                &format!("{}\n", sha256_hex(&bytes)),
            );
        }
    }
}

/// The five-table Mitchell evening (ten pairs, three rounds of one board) played, corrected,
/// ruled, disputed, finished and released; every answer captured.
#[tokio::test]
async fn the_mitchell_evening_serves_the_same_answers_pdfs_and_pages() {
    let app = spawn_app_with_par().await;
    let d = app.club_with_owner("alpha", "olive@alpha.test").await;
    let token = new_token(&d, "alpha", "golden laptop").await;
    let server = app.address.clone();
    let http = reqwest::Client::new();
    let mut n = Night {
        g: Golden::new(&["api", "pdf", "html"]),
        api: Client {
            http: http.clone(),
            base: server.clone(),
            token: Some(token.clone()),
        },
        public: Client {
            http: http.clone(),
            base: server.clone(),
            token: None,
        },
        server: server.clone(),
        id: 0,
        step: 0,
        app,
    };

    // The draft: entries and movement, then the fixed key and codes, then ready and running.
    let ev = n
        .act(
            "create-event",
            "POST",
            "/api/v1/events",
            json!({"name": "Golden Night", "date": "2026-12-01", "format": "pairs-mitchell",
                   "tables": 5, "boards": 5}),
            201,
        )
        .await;
    n.id = ev["id"].as_i64().unwrap();
    for k in 1..=10 {
        let path = n.path("/entries");
        n.act(
            &format!("entry-{k:02}"),
            "POST",
            &path,
            json!({"kind": "pair", "players": [{"name": format!("North {k}")}, {"name": format!("South {k}")}]}),
            201,
        )
        .await;
    }
    let path = n.path("/movement");
    n.act(
        "movement",
        "PUT",
        &path,
        json!({"rounds": 3, "boards_per_round": 1}),
        200,
    )
    .await;
    fix_key_and_codes(&n.app, n.id, 5);
    let path = n.path("/status");
    for to in ["ready", "running"] {
        n.act(
            &format!("status-{to}"),
            "POST",
            &path,
            json!({"to": to}),
            200,
        )
        .await;
    }
    let (ev, boards) = (
        n.api.send("GET", &n.path(""), None).await.json(),
        n.api.send("GET", &n.path("/boards"), None).await.json(),
    );
    assert_eq!(
        ev["deal"]["commitment"],
        calypso_director::deals::SetKey::from_hex(DEAL_KEY)
            .unwrap()
            .commitment(),
        "the fixed key was kept: {ev}"
    );
    let e = Evening {
        api: Api {
            http: http.clone(),
            base: server.clone(),
            token: token.clone(),
        },
        path: format!("/events/{}", n.id),
        boards,
    };
    n.snapshot("1-running").await;

    // Round 1: every table through the API.
    let rounds = n.path("/rounds");
    let results = n.path("/results");
    let started = n
        .act("round-1-start", "POST", &rounds, json!({"round": 1}), 200)
        .await;
    let round_1 = tables_of(&started);
    for &(table, board) in &round_1 {
        let body = report(&e, 1, table, board).body(1, table, board);
        n.act(
            &format!("round-1-table-{table}"),
            "POST",
            &results,
            body,
            201,
        )
        .await;
    }
    n.snapshot("2-round-1").await;

    // Round 2: table 1 by its phone (the minors agree), table 3 never reports (ruled not
    // played, ave both ways); a correction of round 1 at table 2, refusals, a ruling of
    // adjusted scores at round 1's table 4.
    let started = n
        .act("round-2-start", "POST", &rounds, json!({"round": 2}), 200)
        .await;
    let phone = Browser::new(&n.app);
    for (table, board) in tables_of(&started) {
        let r = report(&e, 2, table, board);
        match table {
            1 => {
                let id = n.phone_report(&phone, 2, table, &r, board).await;
                n.phone_answer(&phone, table, id, "agree").await;
            }
            3 => {
                n.act(
                    "round-2-table-3-not-played",
                    "POST",
                    &format!("{results}/adjust"),
                    json!({"round": 2, "table": 3, "board": board, "not_played": true,
                           "majors": "ave", "minors": "ave", "reason": "the table ran out of time"}),
                    201,
                )
                .await;
            }
            _ => {
                n.act(
                    &format!("round-2-table-{table}"),
                    "POST",
                    &results,
                    r.body(2, table, board),
                    201,
                )
                .await;
            }
        }
    }
    let ids: Vec<(u64, u64, i64)> = n.api.send("GET", &results, None).await.json()["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x["round"].as_u64().unwrap(),
                x["table"].as_u64().unwrap(),
                x["id"].as_i64().unwrap(),
            )
        })
        .collect();
    let id_at = |round: u64, table: u64| {
        ids.iter()
            .find(|x| x.0 == round && x.1 == table)
            .map(|x| x.2)
            .unwrap()
    };
    let (_, board_1_2) = round_1.iter().copied().find(|p| p.0 == 2).unwrap();
    let twice = report(&e, 1, 2, board_1_2).body(1, 2, board_1_2);
    n.act("refused-second-result", "POST", &results, twice, 409)
        .await;
    let mut corrected = report(&e, 1, 5, board_1_2).body(1, 2, board_1_2);
    let put = format!("{results}/{}", id_at(1, 2));
    n.act(
        "refused-correction-without-reason",
        "PUT",
        &put,
        corrected.clone(),
        422,
    )
    .await;
    corrected["reason"] = json!("North-South's calypsos were miscounted");
    n.act("round-1-table-2-correction", "PUT", &put, corrected, 200)
        .await;
    n.act(
        "round-1-table-4-adjusted",
        "POST",
        &format!("{results}/{}/adjust", id_at(1, 4)),
        json!({"majors": "ave+", "minors": 45, "reason": "slow play by East-West"}),
        200,
    )
    .await;
    n.act(
        "refused-ruling-value",
        "POST",
        &format!("{results}/{}/adjust", id_at(1, 4)),
        json!({"majors": "ave++", "reason": "a typo"}),
        422,
    )
    .await;
    // A change of the movement after the start, with its reason (the same plan kept).
    let movement = n.path("/movement");
    n.act(
        "movement-change",
        "PUT",
        &movement,
        json!({"rounds": 3, "reason": "the hall closes at ten"}),
        200,
    )
    .await;
    n.snapshot("3-round-2").await;

    // Round 3: table 5 by its phone, the minors disagree (disputed); a fouled board at
    // table 2; then finished and the hand records released.
    let started = n
        .act("round-3-start", "POST", &rounds, json!({"round": 3}), 200)
        .await;
    let phone_5 = Browser::new(&n.app);
    let mut disputed = 0;
    for (table, board) in tables_of(&started) {
        let r = report(&e, 3, table, board);
        if table == 5 {
            disputed = n.phone_report(&phone_5, 3, table, &r, board).await;
            n.phone_answer(&phone_5, table, disputed, "disagree").await;
        } else {
            n.act(
                &format!("round-3-table-{table}"),
                "POST",
                &results,
                r.body(3, table, board),
                201,
            )
            .await;
        }
    }
    let fouled = n.api.send("GET", &results, None).await.json()["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["round"] == 3 && x["table"] == 2)
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    n.act(
        "round-3-table-2-fouled",
        "POST",
        &format!("{results}/{fouled}/adjust"),
        json!({"fouled": true, "reason": "two 7S in North's hand"}),
        200,
    )
    .await;
    let status = n.path("/status");
    n.act(
        "status-finished",
        "POST",
        &status,
        json!({"to": "finished"}),
        200,
    )
    .await;
    let release = n.path("/release");
    n.act("release", "POST", &release, json!({}), 200).await;
    n.snapshot("4-finished").await;
    // Every board's robot par (worked out in the background from the fixed key), so the
    // papers and pages print the same figures on every run.
    wait_for_pars(&n.app, calypso_director::event::EventId::new(n.id as i32)).await;

    // The PDFs, as the director downloads them.
    let ev = format!("/c/alpha/events/{}", n.id);
    for (name, path, reproducible) in [
        // Its banner names when the correction period ends (the clock's time): text only.
        ("results", format!("{ev}/results.pdf"), false),
        ("hand-records", format!("{ev}/hand-records.pdf"), true),
        ("papers-records", format!("{ev}/papers/records.pdf"), true),
        ("papers-curtains", format!("{ev}/papers/curtains.pdf"), true),
        ("papers-stack", format!("{ev}/papers/stack.pdf"), true),
        (
            "papers-reserve-records",
            format!("{ev}/papers/reserve-records.pdf"),
            true,
        ),
        (
            "papers-reserve-curtains",
            format!("{ev}/papers/reserve-curtains.pdf"),
            true,
        ),
        (
            "papers-reserve-stack",
            format!("{ev}/papers/reserve-stack.pdf"),
            true,
        ),
        // Its QR codes hold the server's address, whose port is random: text only.
        ("table-cards", format!("{ev}/table-cards.pdf"), false),
        ("guide-cards", format!("{ev}/guide-cards.pdf"), true),
    ] {
        n.pdf(&d, name, &path, reproducible).await;
    }

    // The pages: what anyone sees, the downloads, and the director's own.
    let anyone = Browser::new(&n.app);
    for (name, path) in [
        ("club.html", "/c/alpha".to_string()),
        ("event.html", ev.clone()),
        ("standings.html", format!("{ev}/standings")),
        ("travellers.html", format!("{ev}/travellers")),
        ("scorecard-1.html", format!("{ev}/scorecards/1")),
        ("scorecard-8.html", format!("{ev}/scorecards/8")),
        ("boards.html", format!("{ev}/boards")),
        ("board-1.html", format!("{ev}/boards/1")),
        ("movement.html", format!("{ev}/movement")),
        ("standings.csv", format!("{ev}/standings.csv")),
        ("travellers.csv", format!("{ev}/travellers.csv")),
        ("table-1-finished.html", format!("/t/{}", fixed_code(1))),
    ] {
        n.page(&anyone, &format!("public/{name}"), &path).await;
    }
    for (name, path) in [
        ("event.html", ev.clone()),
        ("results.html", format!("{ev}/results")),
        ("result-disputed.html", format!("{ev}/results/{disputed}")),
        ("rounds.html", format!("{ev}/rounds")),
    ] {
        n.page(&d, &format!("director/{name}"), &path).await;
    }
    n.g.finish();
}

#[test]
fn normalising_masks_only_moments_and_the_server() {
    let server = "http://127.0.0.1:40123";
    assert_eq!(
        normalise(
            "at 2026-11-24T03:09:44.123456, 2026-11-24 03:09 UTC, 2026-11-24T03:09:44Z and \
             2026-11-24 03:09:44+01:00; ends at 03:39 UTC. ends at 23:59 UTC on Tue 24 Nov. \
             started 19:02 UTC, on 2026-12-01, score 10:30, http://127.0.0.1:40123/t/X",
            server
        ),
        "at <date-time>, <date-time>, <date-time> and <date-time>; ends at <time> UTC. ends at \
         <time> UTC. started <time> UTC, on 2026-12-01, score 10:30, http://<server>/t/X"
    );
    assert_eq!(
        normalise_html(
            "<input name=\"csrf_token\" value=\"abc123\"><input name=\"csrf_token\" value=\"x\">",
            server
        ),
        "<input name=\"csrf_token\" value=\"<csrf>\"><input name=\"csrf_token\" value=\"<csrf>\">"
    );
}
