//! Issue #19's proof: an imported file is untrusted input. Real exports of a finished
//! five-table Mitchell and of a finished progressive individual are mutated field by field
//! (every class of field: the event and its status, settings, entries and players, the
//! movement and its changes, the individual's seatings, the deal and its commitments, the
//! results and their history, the standings, the document itself) and each is imported by
//! the real binary. Each is refused (exit 2, naming the field, not a row changed) or
//! accepted, and then every page, API answer and export of the imported event answers
//! below 500 within a second. The two cases that once took the server down or answered 500
//! are tests of their own.

mod common;

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use common::evening::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_calypso-director");
/// The slowest answer any page of an imported event may give.
const AT_MOST: Duration = Duration::from_secs(1);

fn run(app: &TestApp, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .env("DATABASE_URL", app.config.database_url.as_deref().unwrap())
        .env_remove("RUST_LOG")
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Rows of every table an import writes.
fn counts(app: &TestApp) -> Vec<i64> {
    with_conn(app, |c| {
        use calypso_director::db::schema::*;
        use diesel::prelude::*;
        vec![
            events::table.count().get_result(c).unwrap(),
            event_entries::table.count().get_result(c).unwrap(),
            entry_players::table.count().get_result(c).unwrap(),
            players::table.count().get_result(c).unwrap(),
            event_movements::table.count().get_result(c).unwrap(),
            movement_changes::table.count().get_result(c).unwrap(),
            individual_options::table.count().get_result(c).unwrap(),
            individual_rounds::table.count().get_result(c).unwrap(),
            deal_commitments::table.count().get_result(c).unwrap(),
            results::table.count().get_result(c).unwrap(),
            result_audit::table.count().get_result(c).unwrap(),
        ]
    })
}

fn write(dir: &Path, doc: &Value) -> String {
    let file = dir.join("import.json");
    std::fs::write(&file, serde_json::to_string(doc).unwrap()).unwrap();
    file.to_str().unwrap().to_string()
}

/// The new event's id, from what `import` printed ("imported as event N of club ...").
fn imported_id(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .nth(3)
        .unwrap_or_else(|| panic!("{}", String::from_utf8_lossy(&out.stdout)))
        .to_string()
}

/// Exports an event through the binary.
fn export(app: &TestApp, id: &str) -> Value {
    let out = run(app, &["export", id, "-o", "-", "--club", "alpha"]);
    assert!(out.status.success(), "export: {}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

async fn finish_and_release(e: &Evening) {
    for (path, body) in [
        ("status", json!({"to": "finished"})),
        ("release", json!({})),
    ] {
        let (s, v) = e.api.post(&format!("{}/{path}", e.path), body).await;
        assert_eq!(s, StatusCode::OK, "{path}: {v}");
    }
}

fn id_of(e: &Evening) -> String {
    e.path.rsplit('/').next().unwrap().to_string()
}

/// A finished, released five-table Mitchell of three rounds, as its export.
async fn mitchell_export() -> Value {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@alpha.test").await;
    let e = mitchell(api_for(&app, &d, "alpha").await).await;
    for round in 1..=3 {
        play_round(&e, round, None).await;
    }
    finish_and_release(&e).await;
    export(&app, &id_of(&e))
}

/// A finished, released progressive individual of thirteen players at three tables (a
/// table of five), two rounds, every result through the API, as its export.
async fn individual_export() -> Value {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@alpha.test").await;
    let e = running_event(
        api_for(&app, &d, "alpha").await,
        "progressive-individual",
        3,
        13,
        json!({"rounds": 2}),
    )
    .await;
    for round in 1..=2u64 {
        let started = e.start_round(round as u32).await;
        for (i, t) in started["tables"].as_array().unwrap().iter().enumerate() {
            let (table, board) = place(t);
            let deals = e.deals(board);
            let report = Report::new(&deals, 4, [1 + (i as i64 % 2), 0, 0, 1], [2, 1, 3, 0]);
            let (s, v) = e
                .api
                .post(&e.results(), report.body(round, table, board))
                .await;
            assert_eq!(s, StatusCode::CREATED, "round {round} table {table}: {v}");
        }
    }
    finish_and_release(&e).await;
    export(&app, &id_of(&e))
}

/// What a mutation must do: be refused naming this text (a field's path), or be accepted.
#[derive(Clone, Copy, Debug)]
enum Expect {
    Refused(&'static str),
    Accepted,
}
use Expect::*;

struct Mutation {
    name: String,
    expect: Expect,
    apply: Box<dyn Fn(&mut Value)>,
}

fn at<'a>(doc: &'a mut Value, pointer: &str) -> &'a mut Value {
    doc.pointer_mut(pointer)
        .unwrap_or_else(|| panic!("{pointer} is in the export"))
}

/// Sets the field at a JSON pointer: a new field of an object, or one past an array's end.
fn set(pointer: &'static str, value: Value, expect: Expect) -> Mutation {
    Mutation {
        name: format!("{pointer} = {}", shorten(&value.to_string())),
        expect,
        apply: Box::new(move |doc| {
            if let Some(v) = doc.pointer_mut(pointer) {
                *v = value.clone();
                return;
            }
            let (parent, last) = pointer.rsplit_once('/').unwrap();
            match at(doc, parent) {
                Value::Object(o) => {
                    o.insert(last.to_string(), value.clone());
                }
                Value::Array(a) if a.len().to_string() == last => a.push(value.clone()),
                _ => panic!("{pointer} cannot be set"),
            }
        }),
    }
}

/// Removes the field (or array item) at a JSON pointer.
fn remove(pointer: &'static str, expect: Expect) -> Mutation {
    Mutation {
        name: format!("remove {pointer}"),
        expect,
        apply: Box::new(move |doc| {
            let (parent, last) = pointer.rsplit_once('/').unwrap();
            match at(doc, parent) {
                Value::Object(o) => {
                    o.remove(last).expect("the field exists");
                }
                Value::Array(a) => {
                    a.remove(last.parse().unwrap());
                }
                _ => panic!("{parent} holds no fields"),
            }
        }),
    }
}

fn custom(name: &str, expect: Expect, f: impl Fn(&mut Value) + 'static) -> Mutation {
    Mutation {
        name: name.to_string(),
        expect,
        apply: Box::new(f),
    }
}

fn shorten(s: &str) -> String {
    if s.len() > 60 {
        format!("{}... ({} bytes)", &s[..40], s.len())
    } else {
        s.to_string()
    }
}

/// A recorded movement change with one field edited, refused naming `expect`.
fn change_with(
    change: &Value,
    name: &str,
    field: &'static str,
    value: Value,
    expect: &'static str,
) -> Mutation {
    let change = change.clone();
    custom(name, Refused(expect), move |d| {
        let mut c = change.clone();
        c[field] = value.clone();
        d["movement"]["changes"] = json!([c]);
    })
}

fn mitchell_mutations(doc: &Value) -> Vec<Mutation> {
    let long = |n: usize| json!("x".repeat(n));
    let plan = doc["movement"]["plan"].clone();
    let entry = doc["entries"][3].clone();
    let result = doc["results"][0].clone();
    let commitment = doc["deal"]["commitments"][0].clone();
    let change = json!({"from_round": 2, "what": "late entry 11: A & B, from round 2",
        "reason": "arrived late", "changed_by": "Olive Owner",
        "changed_at": "2026-11-20T20:00:00.000000", "old_plan": plan.clone()});
    let mut m = vec![
        // The event and its status.
        set(
            "/event/current_round",
            json!(4294967295u64),
            Refused("event.current_round"),
        ),
        set(
            "/event/current_round",
            json!(20000000),
            Refused("event.current_round"),
        ),
        set(
            "/event/current_round",
            json!(0),
            Refused("event.current_round"),
        ),
        set(
            "/event/current_round",
            json!(99),
            Refused("event.current_round"),
        ),
        set(
            "/event/current_round",
            json!(2),
            Refused("event.current_round"),
        ),
        set(
            "/event/current_round",
            json!(-1),
            Refused("event.current_round"),
        ),
        set(
            "/event/current_round",
            json!("3"),
            Refused("event.current_round"),
        ),
        set(
            "/event/status",
            json!("draft"),
            Refused("event.current_round"),
        ),
        set(
            "/event/status",
            json!("ready"),
            Refused("event.current_round"),
        ),
        set(
            "/event/status",
            json!("running"),
            Refused("event.finished_at"),
        ),
        set(
            "/event/status",
            json!("cancelled"),
            Refused("event.finished_at"),
        ),
        set("/event/status", json!("archived"), Accepted),
        set("/event/status", json!("bogus"), Refused("event.status")),
        set("/event/status", json!(7), Refused("event.status")),
        remove("/event/status", Refused("event: missing field `status`")),
        set(
            "/event/finished_at",
            Value::Null,
            Refused("event.finished_at"),
        ),
        set(
            "/event/finished_at",
            json!("yesterday"),
            Refused("event.finished_at"),
        ),
        set(
            "/event/round_started_at",
            Value::Null,
            Refused("event.round_started_at"),
        ),
        set("/event/created_at", json!("x"), Refused("event.created_at")),
        set("/event/id", json!(999999), Accepted),
        set(
            "/event/extra",
            json!(1),
            Refused("event.extra: unknown field"),
        ),
        // Its settings, through the settings' own rules.
        set(
            "/event/settings/tables",
            json!(0),
            Refused("event.settings"),
        ),
        set(
            "/event/settings/tables",
            json!(1000),
            Refused("event.settings"),
        ),
        set(
            "/event/settings/tables",
            json!(6),
            Refused("movement.plan.tables"),
        ),
        set(
            "/event/settings/boards",
            json!(0),
            Refused("event.settings"),
        ),
        set(
            "/event/settings/boards",
            json!(100000),
            Refused("event.settings"),
        ),
        set(
            "/event/settings/boards",
            json!(6),
            Refused("movement.plan.boards"),
        ),
        set(
            "/event/settings/format",
            json!("team-match"),
            Refused("entries[0].kind"),
        ),
        set(
            "/event/settings/format",
            json!("progressive"),
            Refused("movement.plan.kind"),
        ),
        set(
            "/event/settings/format",
            json!("progressive-individual"),
            Refused("entries[0].kind"),
        ),
        set(
            "/event/settings/format",
            json!("poker"),
            Refused("event.settings"),
        ),
        set("/event/settings/name", json!(""), Refused("event.settings")),
        set(
            "/event/settings/name",
            long(1_000_000),
            Refused("event.settings"),
        ),
        set("/event/settings/name", json!("Another name"), Accepted),
        set(
            "/event/settings/date",
            json!("2026-13-45"),
            Refused("event.settings"),
        ),
        set(
            "/event/settings/trick_rule",
            json!("weird"),
            Refused("event.settings"),
        ),
        set(
            "/event/settings/trumps",
            json!("SSSS"),
            Refused("event.settings"),
        ),
        set(
            "/event/settings/correction_minutes",
            json!(-5),
            Refused("event.settings"),
        ),
        set(
            "/event/settings/scale",
            json!("9-1"),
            Refused("event.settings"),
        ),
        set(
            "/event/settings/compare",
            json!("x"),
            Refused("event.settings"),
        ),
        set(
            "/event/settings/variant",
            json!("nope"),
            Refused("event.settings"),
        ),
        // Entries and their players, through the entry rules.
        set(
            "/entries/3/players",
            json!([]),
            Refused("entries[3].players: a pair has 2 players, the file has 0"),
        ),
        set(
            "/entries/3/players/2",
            entry["players"][0].clone(),
            Refused("entries[3].players"),
        ),
        remove("/entries/3/players/1", Refused("entries[3].players")),
        set("/entries/3/name", json!(""), Refused("entries[3].name")),
        set(
            "/entries/3/name",
            long(50 << 20),
            Refused("an event's export is at most"),
        ),
        set(
            "/entries/3/name",
            long(1_000_000),
            Refused("entries[3].name"),
        ),
        set(
            "/entries/3/name",
            json!(" North 4 & South 4 "),
            Refused("entries[3].name"),
        ),
        set(
            "/entries/3/name",
            json!("North\t4"),
            Refused("entries[3].name"),
        ),
        set("/entries/3/kind", json!("team"), Refused("entries[3].kind")),
        set(
            "/entries/3/kind",
            json!("martian"),
            Refused("entries[3].kind"),
        ),
        set("/entries/3/number", json!(0), Refused("entries[3].number")),
        set("/entries/3/number", json!(99), Refused("entries[3].number")),
        set("/entries/3/number", json!(3), Refused("entries[3].number")),
        set(
            "/entries/3/number",
            json!("4"),
            Refused("entries[3].number"),
        ),
        set(
            "/entries/3/joined_round",
            json!(0),
            Refused("entries[3].joined_round"),
        ),
        set(
            "/entries/3/joined_round",
            json!(4294967295u64),
            Refused("entries[3].joined_round"),
        ),
        set("/entries/3/joined_round", json!(2), Refused("entries[3]")),
        set(
            "/entries/3/withdrawn_round",
            json!(0),
            Refused("entries[3].withdrawn_round"),
        ),
        set(
            "/entries/3/withdrawn_round",
            json!(4294967295u64),
            Refused("entries[3].withdrawn_round"),
        ),
        set(
            "/entries/3/withdrawn_round",
            json!(-1),
            Refused("entries[3].withdrawn_round"),
        ),
        set(
            "/entries/3/withdrawn_round",
            json!(2),
            Refused("entries[3]"),
        ),
        set(
            "/entries/3/players/0/name",
            json!(""),
            Refused("entries[3].players[0].name"),
        ),
        set(
            "/entries/3/players/0/name",
            long(1_000_000),
            Refused("entries[3].players[0].name"),
        ),
        set(
            "/entries/3/players/0/name",
            json!("Ann\u{0}"),
            Refused("entries[3].players[0].name"),
        ),
        set(
            "/entries/3/players/0/membership_number",
            json!("12"),
            Refused("entries[3].players[0].membership_number"),
        ),
        custom(
            "a roster player with a bad membership number",
            Refused("entries[3].players[0].membership_number"),
            |d| {
                d["entries"][3]["players"][0]["roster"] = json!(true);
                d["entries"][3]["players"][0]["membership_number"] = json!("bad number!!");
            },
        ),
        custom("a roster player with a membership number", Accepted, |d| {
            d["entries"][3]["players"][0]["roster"] = json!(true);
            d["entries"][3]["players"][0]["membership_number"] = json!("M-123");
        }),
        set(
            "/entries/3/players/0/extra",
            json!(1),
            Refused("entries[3].players[0]"),
        ),
        remove("/entries/9", Refused("movement.plan.pairs")),
        custom(
            "an eleventh entry",
            Refused("movement.plan.pairs"),
            move |d| {
                let mut e = entry.clone();
                e["number"] = json!(11);
                d["entries"].as_array_mut().unwrap().push(e);
            },
        ),
        set("/entries", json!([]), Refused("movement.plan.pairs")),
        custom(
            "601 entries",
            Refused("entries: an event has at most 600 entries"),
            |d| {
                let one = d["entries"][0].clone();
                let all: Vec<Value> = (1..=601)
                    .map(|n| {
                        let mut e = one.clone();
                        e["number"] = json!(n);
                        e
                    })
                    .collect();
                d["entries"] = Value::Array(all);
            },
        ),
        // The movement, its options and its changes.
        set("/movement", Value::Null, Refused("event.current_round")),
        set("/movement/plan/tables", json!(0), Refused("movement.plan")),
        set(
            "/movement/plan/rounds",
            json!(1000000),
            Refused("movement.plan"),
        ),
        set(
            "/movement/plan/kind",
            json!("team-match"),
            Refused("movement.plan.kind"),
        ),
        set(
            "/movement/plan/kind",
            json!("progressive"),
            Refused("movement.plan.kind"),
        ),
        set(
            "/movement/plan/kind",
            json!("dance"),
            Refused("movement.plan.kind"),
        ),
        set(
            "/movement/plan/schedule",
            json!([]),
            Refused("movement.plan"),
        ),
        set(
            "/movement/plan/schedule/0/majors",
            json!(2),
            Refused("movement.plan"),
        ),
        set(
            "/movement/plan/schedule/0/boards",
            json!([99]),
            Refused("movement.plan"),
        ),
        custom(
            "a pair seated and sitting out",
            Refused("movement.plan"),
            |d| {
                d["movement"]["plan"]["sit_out"] = json!([{"round": 1, "pair": 1}]);
            },
        ),
        set("/movement/plan/pairs", json!(11), Refused("movement.plan")),
        set("/movement/plan/boards", json!(0), Refused("movement.plan")),
        set(
            "/movement/plan/teams",
            json!({"A": [1, 2], "B": [3, 4]}),
            Refused("movement.plan"),
        ),
        set(
            "/movement/plan/boards_per_round",
            json!(0),
            Refused("movement.plan"),
        ),
        set(
            "/movement/options/rounds",
            json!(2),
            Refused("movement.plan"),
        ),
        set(
            "/movement/options/arrow_switch",
            json!([2]),
            Refused("movement.plan"),
        ),
        set(
            "/movement/options/boards_per_round",
            json!(0),
            Refused("movement.options"),
        ),
        set(
            "/movement/options/rounds",
            json!(1000000),
            Refused("movement.options"),
        ),
        set(
            "/movement/options/extra",
            json!(1),
            Refused("movement.options"),
        ),
        change_with(
            &change,
            "a change from round 0",
            "from_round",
            json!(0),
            "movement.changes[0].from_round",
        ),
        change_with(
            &change,
            "a change from round 4294967295",
            "from_round",
            json!(4294967295u64),
            "movement.changes[0].from_round",
        ),
        change_with(
            &change,
            "a change replacing no plan",
            "old_plan",
            json!("not a plan"),
            "movement.changes[0].old_plan",
        ),
        change_with(
            &change,
            "a change without a reason",
            "reason",
            json!(""),
            "movement.changes[0].reason",
        ),
        change_with(
            &change,
            "a change at no time",
            "changed_at",
            json!("x"),
            "movement.changes[0].changed_at",
        ),
        custom("a change on record", Accepted, {
            let change = change.clone();
            move |d| d["movement"]["changes"] = json!([change.clone()])
        }),
        custom("1001 changes", Refused("movement.changes"), move |d| {
            d["movement"]["changes"] = Value::Array(vec![change.clone(); 1001]);
        }),
        // The deal and the public record of commitments.
        set(
            "/deal",
            Value::Null,
            Refused("deal: a finished event has its deal key"),
        ),
        remove("/deal", Refused("deal: a finished event has its deal key")),
        set("/deal/commitments", json!([]), Refused("deal.commitments")),
        set(
            "/deal/commitments/0/withdrawn_at",
            json!("2026-11-20T20:00:00.000000"),
            Refused("deal.commitments[0]"),
        ),
        custom(
            "the current commitment withdrawn",
            Refused("deal.commitments[0]"),
            |d| {
                d["deal"]["commitments"][0]["withdrawn_at"] = json!("2026-11-20T20:00:00.000000");
                d["deal"]["commitments"][0]["withdrawn_reason"] = json!("why not");
            },
        ),
        custom(
            "two current commitments",
            Refused("deal.commitments[0]"),
            move |d| {
                d["deal"]["commitments"]
                    .as_array_mut()
                    .unwrap()
                    .push(commitment.clone());
            },
        ),
        set("/deal/hand_records_released", json!(false), Accepted),
        set("/deal/algorithm", json!("v9"), Refused("deal.algorithm")),
        set("/deal/key", json!("zz"), Refused("deal.key")),
        set(
            "/deal/key",
            json!("00".repeat(32)),
            Refused("not the one committed to"),
        ),
        set(
            "/deal/commitment",
            json!("00".repeat(32)),
            Refused("not the one committed to"),
        ),
        set(
            "/deal/commitments/0/commitment",
            json!("00".repeat(32)),
            Refused("not the one committed to"),
        ),
        set(
            "/deal/commitments/0/published_at",
            json!("x"),
            Refused("deal.commitments[0].published_at"),
        ),
        // Results: their places, entries, reports, rulings and history.
        set("/results/0/sheet", json!({}), Refused("results[0].sheet")),
        set(
            "/results/0/sheet",
            json!("text"),
            Refused("results[0].sheet: the table's report is a JSON object"),
        ),
        set(
            "/results/0/sheet",
            Value::Null,
            Refused("results[0].sheet: the table's report is a JSON object"),
        ),
        set("/results/0/round", json!(0), Refused("results[0]")),
        set(
            "/results/0/round",
            json!(4294967295u64),
            Refused("results[0].round"),
        ),
        set(
            "/results/0/round",
            json!(99),
            Refused("event.current_round"),
        ),
        set("/results/0/table", json!(99), Refused("results[0]")),
        set("/results/0/table", json!(-3), Refused("results[0]")),
        set("/results/0/board", json!(99), Refused("results[0].board")),
        custom("the sides swapped", Refused("results[0]"), |d| {
            let (a, b) = (
                d["results"][0]["majors"].clone(),
                d["results"][0]["minors"].clone(),
            );
            d["results"][0]["majors"] = b;
            d["results"][0]["minors"] = a;
        }),
        set("/results/0/majors", json!(99), Refused("results[0].majors")),
        set("/results/0/majors", Value::Null, Refused("results[0]")),
        custom("a result twice", Refused("results[15]"), move |d| {
            d["results"].as_array_mut().unwrap().push(result.clone());
        }),
        remove(
            "/results/0",
            Refused("the results do not give the file's standings"),
        ),
        set(
            "/results",
            json!([]),
            Refused("the results do not give the file's standings"),
        ),
        set(
            "/results/0/status",
            json!("weird"),
            Refused("results[0].status"),
        ),
        set(
            "/results/0/outcome",
            json!("not-played"),
            Refused("results[0]"),
        ),
        set(
            "/results/0/outcome",
            json!("bogus"),
            Refused("results[0].outcome"),
        ),
        set("/results/0/audit", json!([]), Refused("results[0].audit")),
        set(
            "/results/0/entered_by",
            json!(""),
            Refused("results[0].entered_by"),
        ),
        set(
            "/results/0/entered_by",
            long(10_000),
            Refused("results[0].entered_by"),
        ),
        set(
            "/results/0/audit/0/by",
            json!(""),
            Refused("results[0].audit[0].by"),
        ),
        set(
            "/results/0/audit/0/at",
            json!("x"),
            Refused("results[0].audit[0].at"),
        ),
        custom("1001 audit rows", Refused("results[0].audit"), |d| {
            let row = d["results"][0]["audit"][0].clone();
            d["results"][0]["audit"] = Value::Array(vec![row; 1001]);
        }),
        set(
            "/results/0/created_at",
            json!("x"),
            Refused("results[0].created_at"),
        ),
        set(
            "/results/0/majors_adjusted",
            json!("999%"),
            Refused("results[0].majors_adjusted"),
        ),
        set(
            "/results/0/majors_adjusted",
            json!("ave+"),
            Refused("the results do not give the file's standings"),
        ),
        custom("a score edited", Refused("does not stand"), |d| {
            let s = d["results"][0]["majors_score"].as_i64().unwrap();
            d["results"][0]["majors_score"] = json!(s + 1000);
        }),
        custom(
            "a report's trick piles edited",
            Refused("does not stand"),
            |d| {
                let p = d["results"][0]["sheet"]["trick_piles"].clone();
                let (ns, ew) = (p["NS"].as_i64().unwrap(), p["EW"].as_i64().unwrap());
                d["results"][0]["sheet"]["trick_piles"] = json!({"NS": ns + 4, "EW": ew - 4});
            },
        ),
        // The standings and the document.
        set(
            "/standings/standings/0/percent",
            json!(99.99),
            Refused("the results do not give the file's standings"),
        ),
        set(
            "/standings",
            Value::Null,
            Refused("standings: the file has null"),
        ),
        set(
            "/format",
            json!("calypso-director/event/v2"),
            Refused("unknown format version"),
        ),
        remove("/format", Refused("has no \"format\"")),
        set("/surprise", json!(1), Refused("unknown field")),
        set("/club/slug", json!("beta"), Refused("no club \"beta\"")),
        set("/exported_at", json!("whenever"), Accepted),
    ];
    m.push(custom(
        "a draft with results",
        Refused("results: a draft event has no results"),
        |d| {
            d["event"]["status"] = json!("draft");
            d["event"]["current_round"] = json!(0);
            d["event"]["round_started_at"] = Value::Null;
            d["event"]["finished_at"] = Value::Null;
            d["deal"]["hand_records_released"] = json!(false);
        },
    ));
    m
}

fn individual_mutations(doc: &Value) -> Vec<Mutation> {
    let movement = json!({"options": {"rounds": 2, "boards_per_round": 1, "arrow_switch": []},
        "plan": {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 1, "boards": 3,
                 "pairs": 6, "teams": null, "schedule": [], "sit_out": []}, "changes": []});
    let table = doc["individual"]["rounds"][0]["tables"][1].clone();
    vec![
        set("/individual", Value::Null, Refused("event.current_round")),
        set(
            "/individual/plan/rounds",
            json!(999),
            Refused("individual.plan"),
        ),
        set(
            "/individual/plan/table_sizes",
            json!([4, 4, 4]),
            Refused("individual.plan"),
        ),
        set(
            "/individual/plan/players",
            json!(4294967295u64),
            Refused("individual.plan"),
        ),
        set(
            "/individual/options/rounds",
            json!(999),
            Refused("individual.options"),
        ),
        set(
            "/individual/options/table_sizes",
            json!([4, 4]),
            Refused("individual.options"),
        ),
        set(
            "/individual/rounds",
            json!([]),
            Refused("individual.rounds"),
        ),
        set(
            "/individual/rounds/0/round",
            json!(3),
            Refused("individual.rounds[0].round"),
        ),
        set(
            "/individual/rounds/0/players",
            json!(99),
            Refused("individual.rounds[0]"),
        ),
        set(
            "/individual/rounds/0/players",
            json!(4294967295u64),
            Refused("individual.rounds[0]"),
        ),
        custom(
            "a table's cut reversed",
            Refused("individual.rounds[1]"),
            |d| {
                let cut = &mut d["individual"]["rounds"][1]["tables"][0]["cut"];
                let mut v = cut.as_array().unwrap().clone();
                v.reverse();
                *cut = Value::Array(v);
            },
        ),
        custom(
            "players seated twice",
            Refused("individual.rounds[0]"),
            move |d| {
                let mut t = table.clone();
                t["table"] = json!(1);
                d["individual"]["rounds"][0]["tables"][0] = t;
            },
        ),
        set(
            "/individual/rounds/0/tables/0/cut_reported",
            json!(true),
            Accepted,
        ),
        set(
            "/event/current_round",
            json!(1),
            Refused("event.current_round"),
        ),
        set(
            "/event/current_round",
            json!(4294967295u64),
            Refused("event.current_round"),
        ),
        set("/results/0/majors", json!(1), Refused("results[0]")),
        set("/results/0/board", json!(99), Refused("results[0].board")),
        set("/results/0/table", json!(9), Refused("results[0]")),
        set("/results/0/sheet", json!({}), Refused("results[0].sheet")),
        set(
            "/movement",
            movement,
            Refused("movement: a progressive individual is seated round by round"),
        ),
        set(
            "/entries/0/players",
            json!([]),
            Refused("entries[0].players: an individual has 1 player, the file has 0"),
        ),
        set("/entries/0/kind", json!("pair"), Refused("entries[0].kind")),
        set("/entries/0/joined_round", json!(2), Refused("entries[0]")),
        remove("/entries/12", Refused("individual.")),
        set(
            "/event/status",
            json!("draft"),
            Refused("event.current_round"),
        ),
        set("/event/status", json!("archived"), Accepted),
        set(
            "/standings/standings/0/tally",
            json!(123456),
            Refused("the results do not give the file's standings"),
        ),
    ]
}

/// Every page, API answer and export of an imported event, as its club's director, a
/// stranger and the API: none may answer 500 or take longer than a second.
async fn walk(app: &TestApp, d: &Browser, api: &Api, id: &str, name: &str) {
    let page = format!("/c/alpha/events/{id}");
    let mut pages = vec![
        page.clone(),
        format!("{page}/results"),
        format!("{page}/results/board?round=1&table=1&board=1"),
        format!("{page}/entries"),
        format!("{page}/movement"),
        format!("{page}/individual"),
        format!("{page}/rounds"),
        format!("{page}/standings"),
        format!("{page}/standings/live"),
        format!("{page}/standings.csv"),
        format!("{page}/travellers"),
        format!("{page}/travellers.csv"),
        format!("{page}/results.pdf"),
        format!("{page}/boards"),
        format!("{page}/export.json"),
        format!("{page}/papers.json"),
        format!("{page}/table-cards.pdf"),
        format!("{page}/guide-cards.pdf"),
        format!("{page}/hand-records.pdf"),
        "/c/alpha".into(),
        "/c/alpha/archive".into(),
        "/c/alpha/archive.csv".into(),
        "/c/alpha/events".into(),
        "/c/alpha/players/search?q=North".into(),
        "/c/alpha/people/g-North%201".into(),
    ];
    for n in [1, 2, 13] {
        pages.push(format!("{page}/scorecards/{n}"));
        pages.push(format!("{page}/boards/{n}"));
    }
    let stranger = Browser::new(app);
    for who in [d, &stranger] {
        for p in &pages {
            let started = Instant::now();
            let r = who.get(p).await;
            let took = started.elapsed();
            assert!(
                r.status().as_u16() < 500,
                "{name}: {p} answered {}",
                r.status()
            );
            assert!(took < AT_MOST, "{name}: {p} took {took:?}");
        }
    }
    for p in [
        "",
        "/results",
        "/standings",
        "/sheet",
        "/travellers",
        "/scorecards",
        "/boards",
        "/movement",
        "/movement/changes",
        "/rounds",
        "/entries",
    ] {
        let path = format!("/events/{id}{p}");
        let started = Instant::now();
        let (s, v) = api.get(&path).await;
        let took = started.elapsed();
        assert!(s.as_u16() < 500, "{name}: API {path} answered {s}: {v}");
        assert!(took < AT_MOST, "{name}: API {path} took {took:?}");
    }
    let started = Instant::now();
    let out = run(app, &["export", id, "-o", "-", "--club", "alpha"]);
    assert!(
        out.status.success(),
        "{name}: the export of the imported event: {}",
        stderr(&out)
    );
    assert!(started.elapsed() < AT_MOST * 5, "{name}: export took long");
}

/// A fresh instance with the club "alpha" and its director.
async fn fresh() -> (TestApp, Browser, Api) {
    let app = spawn_app().await;
    let d = app.club_with_owner("alpha", "olive@alpha.test").await;
    let api = api_for(&app, &d, "alpha").await;
    (app, d, api)
}

async fn try_all(original: &Value, mutations: Vec<Mutation>) -> (usize, usize) {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, mut d, mut api) = fresh().await;
    // The unmutated export imports: the mutations start from a file that is accepted.
    let out = run(&app, &["import", &write(dir.path(), original)]);
    assert!(out.status.success(), "the real export: {}", stderr(&out));
    (app, d, api) = {
        let _ = (app, d, api);
        fresh().await
    };
    let (mut refused, mut accepted) = (0, 0);
    let mut wrong = Vec::new();
    for m in mutations {
        let mut doc = original.clone();
        (m.apply)(&mut doc);
        assert_ne!(&doc, original, "{}: the mutation changes the file", m.name);
        let before = counts(&app);
        let out = run(&app, &["import", &write(dir.path(), &doc)]);
        let said = stderr(&out);
        match (m.expect, out.status.code()) {
            (Refused(field), Some(2)) => {
                if !said.contains(field) {
                    wrong.push(format!("{}: expected {field:?} in: {said}", m.name));
                    continue;
                }
                assert!(!said.contains("panicked"), "{}: {said}", m.name);
                assert_eq!(counts(&app), before, "{}: rows unchanged", m.name);
                refused += 1;
            }
            (Accepted, Some(0)) => {
                let id = imported_id(&out);
                walk(&app, &d, &api, &id, &m.name).await;
                accepted += 1;
                // The event is now on this instance: the next mutations start afresh.
                (app, d, api) = fresh().await;
            }
            (expect, code) => wrong.push(format!(
                "{}: expected {expect:?}, the import exited {code:?}: {said}{}",
                m.name,
                String::from_utf8_lossy(&out.stdout)
            )),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    (refused, accepted)
}

#[tokio::test]
async fn a_hundred_mutations_of_a_real_mitchell_and_individual_export_are_refused_or_harmless() {
    let mitchell = mitchell_export().await;
    let individual = individual_export().await;
    let (m, i) = (
        mitchell_mutations(&mitchell),
        individual_mutations(&individual),
    );
    let total = m.len() + i.len();
    assert!(total >= 100, "{total} mutations");
    let (r1, a1) = try_all(&mitchell, m).await;
    let (r2, a2) = try_all(&individual, i).await;
    eprintln!(
        "{total} mutations: {} refused naming the field, {} accepted and every page walked",
        r1 + r2,
        a1 + a2
    );
    assert_eq!(r1 + r2 + a1 + a2, total);
}

/// Once, a real export with `current_round` 4294967295 imported, and opening its result
/// grid allocated some 68 GB and aborted the server for every club. Now the file is refused
/// naming the field, and a stored round number never sizes the grid: with the row edited
/// behind the server's back the grid still answers at once.
#[tokio::test]
async fn a_current_round_of_4294967295_is_refused_and_a_stored_one_never_sizes_the_grid() {
    let doc = mitchell_export().await;
    let dir = tempfile::tempdir().unwrap();
    let (app, d, _) = fresh().await;
    let mut edited = doc.clone();
    edited["event"]["current_round"] = json!(4294967295u64);
    let before = counts(&app);
    let out = run(&app, &["import", &write(dir.path(), &edited)]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("event.current_round: round 4294967295 is being played, but the event's plan has 3 rounds"),
        "{}",
        stderr(&out)
    );
    assert_eq!(counts(&app), before);

    let out = run(&app, &["import", &write(dir.path(), &doc)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let id = imported_id(&out);
    with_conn(&app, |c| {
        use diesel::RunQueryDsl;
        diesel::sql_query(format!(
            "UPDATE events SET current_round = 2147483647 WHERE id = {id}"
        ))
        .execute(c)
        .unwrap();
    });
    let started = Instant::now();
    let (s, page) = d.get_text(&format!("/c/alpha/events/{id}/results")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(started.elapsed() < AT_MOST, "{:?}", started.elapsed());
    assert!(
        page.contains("Round 3") && !page.contains("Round 4<"),
        "the plan's rounds only"
    );
}

/// Once, a file with `status: "draft"` and played results imported, and deleting that draft
/// answered 500 (a foreign key). Now the file is refused naming the field, and deleting a
/// draft that somehow has results is refused by the rule, in words, with nothing deleted.
#[tokio::test]
async fn a_draft_with_results_is_refused_and_deleting_a_stored_one_is_refused_in_words() {
    let doc = mitchell_export().await;
    let dir = tempfile::tempdir().unwrap();
    let (app, d, _) = fresh().await;
    let mut edited = doc.clone();
    edited["event"]["status"] = json!("draft");
    edited["event"]["current_round"] = json!(0);
    edited["event"]["round_started_at"] = Value::Null;
    edited["event"]["finished_at"] = Value::Null;
    edited["deal"]["hand_records_released"] = json!(false);
    let before = counts(&app);
    let out = run(&app, &["import", &write(dir.path(), &edited)]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("results: a draft event has no results, the file has 15"),
        "{}",
        stderr(&out)
    );
    assert_eq!(counts(&app), before);

    // The same state made behind the server's back: a draft with results, never public.
    let out = run(&app, &["import", &write(dir.path(), &doc)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let id = imported_id(&out);
    with_conn(&app, |c| {
        use diesel::RunQueryDsl;
        for sql in [
            format!("UPDATE events SET status = 'draft' WHERE id = {id}"),
            format!("DELETE FROM deal_commitments WHERE event_id = {id}"),
        ] {
            diesel::sql_query(sql).execute(c).unwrap();
        }
    });
    let before = counts(&app);
    let page = format!("/c/alpha/events/{id}");
    let r = d
        .post(&page, &format!("{page}/delete"), &[("confirm", "yes")])
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    let body = r.text().await.unwrap();
    assert!(
        body.contains("This draft has 15 result(s) on record, so it cannot be deleted"),
        "{body}"
    );
    assert_eq!(counts(&app), before, "nothing deleted");
}
