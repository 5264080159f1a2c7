//! The architecture as a test: data flows one way between the top-level modules, the web
//! module's files do not import each other in a cycle, and no db file calls another's
//! functions. A source scan: every `crate::` and `super::` path in `src/` is resolved to the
//! module it names.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The one-way order: a module may use the ones before it, never the ones after. `print`
/// draws what `deals`, `movement` and `event` hand over, so it comes after them; it comes
/// before `db`, so that printing stays pure (no database, no service), and `web` and `cli`,
/// which serve and write the documents, come after it.
const LAYERS: [&str; 10] = [
    "engine", "deals", "movement", "scoring", "event", "print", "db", "service", "web", "cli",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a file: `src/web/routes/events/mod.rs` is `[web, routes, events]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts
        .last()
        .is_some_and(|p| p == "mod" || p == "lib" || p == "main")
    {
        parts.pop();
    }
    parts
}

/// Code without comments (so a doc comment naming a path does not count) and without the
/// unit tests at the end of a file (their `super::` is the file itself; a `pub(crate)` one
/// lends its fixtures to other modules' tests).
fn code(text: &str) -> String {
    let tests = [
        "#[cfg(test)]\nmod tests",
        "#[cfg(test)]\npub(crate) mod tests",
    ];
    let text = match tests.iter().filter_map(|t| text.find(t)).min() {
        Some(i) => &text[..i],
        None => text,
    };
    without_comments(text)
}

fn without_comments(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Every path a file names with `crate::` or `super::`, resolved to absolute module paths
/// (only the segments that are identifiers; `{` groups keep their prefix).
fn referenced(module: &[String], text: &str) -> Vec<Vec<String>> {
    let text = code(text);
    let mut out = Vec::new();
    let bytes: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0 || !is_ident(bytes[i - 1]);
        let rest: String = bytes[i..bytes.len().min(i + 7)].iter().collect();
        if starts_word && (rest.starts_with("crate::") || rest.starts_with("super::")) {
            // Read the whole path a::b::c.
            let mut j = i;
            let mut segs = Vec::new();
            loop {
                let s = j;
                while j < bytes.len() && is_ident(bytes[j]) {
                    j += 1;
                }
                if s == j {
                    break;
                }
                segs.push(bytes[s..j].iter().collect::<String>());
                if j + 1 < bytes.len() && bytes[j] == ':' && bytes[j + 1] == ':' {
                    j += 2;
                } else {
                    break;
                }
            }
            // Resolve: a file's own module is `module`; `super` from a mod.rs file is its
            // parent, from another file the file's parent module too.
            let mut base: Vec<String> = if segs[0] == "crate" {
                vec![]
            } else {
                // `super` in foo.rs and in foo/mod.rs both name foo's parent.
                let mut b = module.to_vec();
                b.pop();
                b
            };
            for s in segs.iter().skip(1) {
                if s == "super" {
                    base.pop();
                } else {
                    base.push(s.clone());
                }
            }
            // `use a::{b, c::d}`: one path per item of the group (its leading segments).
            if j < bytes.len() && bytes[j] == '{' {
                let mut depth = 0;
                let mut k = j;
                let mut group = String::new();
                while k < bytes.len() {
                    match bytes[k] {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        _ => {}
                    }
                    group.push(bytes[k]);
                    k += 1;
                    if depth == 0 {
                        break;
                    }
                }
                let inner = &group[1..group.len().saturating_sub(1)];
                let mut level = 0;
                let mut item = String::new();
                let mut items = Vec::new();
                for c in inner.chars() {
                    match c {
                        '{' => level += 1,
                        '}' => level -= 1,
                        ',' if level == 0 => {
                            items.push(std::mem::take(&mut item));
                            continue;
                        }
                        _ => {}
                    }
                    item.push(c);
                }
                items.push(item);
                for it in items {
                    let mut p = base.clone();
                    for seg in it.trim().split("::") {
                        let seg: String = seg.chars().take_while(|c| is_ident(*c)).collect();
                        if seg.is_empty() || seg == "self" {
                            break;
                        }
                        p.push(seg);
                    }
                    out.push(p);
                }
                i = k;
                continue;
            }
            out.push(base);
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

fn sources() -> Vec<(Vec<String>, bool, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files
        .into_iter()
        .map(|f| {
            let is_mod = f.file_name().is_some_and(|n| n == "mod.rs");
            (
                module_of(&src, &f),
                is_mod,
                std::fs::read_to_string(&f).unwrap(),
            )
        })
        .collect()
}

fn rank(top: &str) -> Option<usize> {
    LAYERS.iter().position(|l| *l == top)
}

#[test]
fn lower_modules_never_import_higher_ones() {
    let mut violations = Vec::new();
    for (module, _, text) in sources() {
        let Some(own) = module.first().and_then(|m| rank(m)) else {
            continue; // lib.rs, main.rs
        };
        for path in referenced(&module, &text) {
            if let Some(target) = path.first().and_then(|m| rank(m))
                && target > own
            {
                violations.push(format!(
                    "{} uses {} ({} is above {})",
                    module.join("::"),
                    path.join("::"),
                    LAYERS[target],
                    LAYERS[own]
                ));
            }
        }
    }
    assert!(violations.is_empty(), "{}", violations.join("\n"));
}

#[test]
fn every_top_level_module_is_in_the_layer_list() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    for line in code(&lib).lines() {
        if let Some(m) = line.trim().strip_prefix("pub mod ") {
            let m = m.trim_end_matches(';');
            assert!(rank(m).is_some(), "src/{m} is not in the layering order");
        }
    }
}

/// Whether code names the printpdf crate (`use printpdf::...`, `printpdf::Mm`, `extern
/// crate printpdf`), tests included, comments not.
fn names_printpdf(text: &str) -> bool {
    let code = without_comments(text);
    code.match_indices("printpdf").any(|(i, _)| {
        let before = code[..i].chars().next_back();
        let after = code[i + "printpdf".len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

/// Drawing has one home: only `src/print/` uses printpdf, with the one pen, font and
/// palette there, so no other module draws a PDF of its own.
#[test]
fn only_print_uses_printpdf() {
    assert!(names_printpdf("use printpdf::{Mm, Op};"));
    assert!(names_printpdf("let p = ::printpdf::Mm(1.0);"));
    assert!(!names_printpdf(
        "// printpdf::Mm in a comment\nlet printpdf_like = 1;"
    ));
    let users: Vec<String> = sources()
        .into_iter()
        .filter(|(module, _, text)| {
            module.first().is_none_or(|m| m != "print") && names_printpdf(text)
        })
        .map(|(module, _, _)| module.join("::"))
        .collect();
    assert!(
        users.is_empty(),
        "printpdf is used outside src/print/: {}",
        users.join(", ")
    );
}

/// The edges between the files of one top-level module (`web`, `event`, ...): which of its
/// files import which. The nodes are the module's files (`routes::events`, `auth`, ...); a
/// mod.rs that names its children (`routes` registering handlers) counts as importing them,
/// so a child importing `super::` back would be a cycle.
fn file_edges(top: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let files = sources();
    let nodes: BTreeSet<String> = files
        .iter()
        .filter(|(m, _, _)| m.first().is_some_and(|f| f == top) && m.len() > 1)
        .map(|(m, _, _)| m[1..].join("::"))
        .collect();
    // The longest node a path falls in.
    let node_of = |path: &[String]| -> Option<String> {
        if path.first().is_none_or(|f| f != top) {
            return None;
        }
        (2..=path.len())
            .rev()
            .map(|n| path[1..n].join("::"))
            .find(|cand| nodes.contains(cand))
    };
    for (module, is_mod, text) in &files {
        let Some(from) = node_of(module) else {
            continue;
        };
        let mut targets: BTreeSet<String> = referenced(module, text)
            .iter()
            .filter_map(|p| node_of(p))
            .collect();
        // A mod.rs names its children without `super::` or `crate::`.
        if *is_mod {
            for child in nodes.iter().filter(|n| {
                n.strip_prefix(&format!("{from}::"))
                    .is_some_and(|rest| !rest.contains("::"))
            }) {
                let short = child.rsplit("::").next().unwrap();
                if code(text).contains(&format!("{short}::")) {
                    targets.insert(child.clone());
                }
            }
        }
        targets.remove(&from);
        edges.entry(from).or_default().extend(targets);
    }
    edges
}

/// A cycle among the edges, if any, as the files around it.
fn first_cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // Depth-first search for a back edge.
    fn visit(
        n: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match state.get(n) {
            Some(1) => {
                let start = stack.iter().position(|s| s == n).unwrap();
                let mut cycle = stack[start..].to_vec();
                cycle.push(n.to_string());
                return Some(cycle);
            }
            Some(2) => return None,
            _ => {}
        }
        state.insert(n.to_string(), 1);
        stack.push(n.to_string());
        for m in edges.get(n).into_iter().flatten() {
            if let Some(c) = visit(m, edges, state, stack) {
                return Some(c);
            }
        }
        stack.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    edges
        .keys()
        .find_map(|n| visit(n, edges, &mut state, &mut Vec::new()))
}

/// Within `web`, a file's imports of other web files form no cycle.
#[test]
fn web_files_import_each_other_without_cycles() {
    let edges = file_edges("web");
    if let Some(cycle) = first_cycle(&edges) {
        panic!("web imports in a cycle: {}", cycle.join(" -> "));
    }
    // The scan sees the edges it should: startup builds the routes, routes use the frame.
    assert!(edges["startup"].contains("routes"), "{edges:?}");
    assert!(edges["routes::events"].contains("page"), "{edges:?}");
}

/// Nor do the files of db, event or service import each other in a cycle: each module's
/// files can be read from the bottom up.
#[test]
fn no_module_imports_its_own_files_in_a_cycle() {
    for top in [
        "db", "event", "service", "print", "scoring", "movement", "deals", "engine",
    ] {
        if let Some(cycle) = first_cycle(&file_edges(top)) {
            panic!("{top} imports in a cycle: {}", cycle.join(" -> "));
        }
    }
    let mut planted = BTreeMap::new();
    planted.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    planted.insert("b".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(
        first_cycle(&planted),
        Some(vec!["a".into(), "b".into(), "a".into()])
    );
}

/// Where a db file uses another db file's functions (or the file as a whole): `db/` is
/// storage, one file per aggregate, and an action that spans several is a service's. Allowed:
/// db/mod.rs's shared helpers (`write_transaction`, `lock_event`, `DbConnection`...), the
/// schema, and another file's types (a row type shared by a join).
fn db_calls_between_files(files: &[(Vec<String>, bool, String)]) -> Vec<String> {
    let db_files: BTreeSet<&str> = files
        .iter()
        .filter(|(m, _, _)| m.len() == 2 && m[0] == "db")
        .map(|(m, _, _)| m[1].as_str())
        .collect();
    let mut calls = Vec::new();
    for (module, _, text) in files {
        let [top, own] = &module[..] else {
            continue; // db/mod.rs, and the other modules
        };
        if top != "db" {
            continue;
        }
        for path in referenced(module, text) {
            let [first, file, rest @ ..] = &path[..] else {
                continue;
            };
            let other_file = first == "db"
                && file != own
                && file != "schema"
                && db_files.contains(file.as_str());
            let function = rest
                .first()
                .is_none_or(|item| item.starts_with(|c: char| c.is_ascii_lowercase()));
            if other_file && function {
                calls.push(format!("db::{own} uses {}", path.join("::")));
            }
        }
    }
    calls
}

#[test]
fn db_files_do_not_call_each_other() {
    let calls = db_calls_between_files(&sources());
    assert!(calls.is_empty(), "{}", calls.join("\n"));
}

#[test]
fn the_db_rule_tells_a_call_from_a_helper_a_type_and_the_schema() {
    let file = |name: &str, text: &str| {
        (
            vec!["db".to_string(), name.to_string()],
            false,
            text.to_string(),
        )
    };
    let files = vec![
        // A helper of db/mod.rs, another file's row type and the schema pass; a call does not.
        file(
            "entries",
            "use super::{write_transaction, clubs::ClubRow};\nuse super::schema::events;\n\
             super::movements::movement_of(conn);",
        ),
        // Its own functions pass; another db file imported whole does not.
        file(
            "movements",
            "use super::movements::helper; use crate::db::entries;",
        ),
        file("clubs", ""),
    ];
    assert_eq!(
        db_calls_between_files(&files),
        vec![
            "db::entries uses db::movements::movement_of",
            "db::movements uses db::entries",
        ]
    );
}

#[test]
fn the_scan_resolves_paths_and_would_catch_an_upward_import() {
    let m = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    let refs = referenced(
        &m("db::events"),
        "use crate::web::page::Nav;\nuse super::schema::events;\n// crate::cli::x in a comment\n",
    );
    assert_eq!(refs, vec![m("web::page::Nav"), m("db::schema::events")]);
    let refs = referenced(
        &m("web::routes"),
        "use super::page::Nav; super::super::db::x",
    );
    assert_eq!(refs, vec![m("web::page::Nav"), m("db::x")]);
    let refs = referenced(
        &m("web::startup"),
        "use super::{csrf, routes::{a, b}, self};",
    );
    assert_eq!(refs, vec![m("web::csrf"), m("web::routes"), m("web")]);
}

/// What of `db` the web layer may name: the pool, a connection from it and their error (the
/// handlers run a service on a pooled connection). Everything else, a find or a write, is
/// reached through `service`, so a page cannot skip an action's rules.
const WEB_MAY_USE_FROM_DB: [&str; 4] = ["DbPool", "DbConnection", "DbError", "connect"];

fn web_uses_of_db(files: &[(Vec<String>, bool, String)]) -> Vec<String> {
    let mut uses = Vec::new();
    for (module, _, text) in files {
        if module.first().map(String::as_str) != Some("web") {
            continue;
        }
        for path in referenced(module, text) {
            if path.first().map(String::as_str) != Some("db") {
                continue;
            }
            let allowed = path
                .get(1)
                .is_some_and(|item| WEB_MAY_USE_FROM_DB.contains(&item.as_str()));
            if !allowed {
                uses.push(format!("{} uses {}", module.join("::"), path.join("::")));
            }
        }
    }
    uses
}

#[test]
fn web_uses_no_db_beyond_the_pool() {
    let uses = web_uses_of_db(&sources());
    assert!(uses.is_empty(), "{}", uses.join("\n"));
}

#[test]
fn the_web_rule_refuses_a_find_and_a_whole_db_import() {
    let file = |name: &str, text: &str| {
        (
            vec!["web".to_string(), "routes".to_string(), name.to_string()],
            false,
            text.to_string(),
        )
    };
    let files = vec![
        file(
            "ok",
            "use crate::db::{DbConnection, DbPool};\nfn f(c: &mut DbConnection) {}",
        ),
        file(
            "events",
            "use crate::db;\nfn f() { crate::db::events::event(c, club, id); }",
        ),
    ];
    assert_eq!(
        web_uses_of_db(&files),
        vec![
            "web::routes::events uses db",
            "web::routes::events uses db::events::event",
        ]
    );
}

/// The web files the two checks read: every one.
fn web_files() -> Vec<(Vec<String>, bool, String)> {
    sources()
        .into_iter()
        .filter(|(m, _, _)| m.first().is_some_and(|t| t == "web"))
        .collect()
}

/// Where `text` (a file of `module`) calls into the engine. The rule: web names the engine
/// only by its types. Every path into `crate::engine` ends in a capitalised name (a type,
/// trait, variant or constant: `Seat`, `Suit::Hearts`, `Seat::ALL`), so no engine function
/// or module (`engine::auction::check(`, `use crate::engine::auction;`) is reachable; and
/// no associated function of an engine type is called (`GameSpec::new(`,
/// `Seat::from_letter(`), so no engine value is made or parsed in web. A method on a value
/// (`seat.letter()`) is how a type displays itself, and is not looked at.
fn engine_calls(module: &[String], text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut types = BTreeSet::new();
    for path in referenced(module, text) {
        if path.first().map(String::as_str) != Some("engine") {
            continue;
        }
        match path.last().filter(|_| path.len() > 1) {
            Some(last) if last.starts_with(|c: char| c.is_ascii_uppercase()) => {
                types.insert(last.clone());
            }
            _ => found.push(path.join("::")),
        }
    }
    let code = code(text);
    for t in &types {
        for (i, _) in code.match_indices(&format!("{t}::")) {
            if code[..i].chars().next_back().is_some_and(is_ident) {
                continue;
            }
            let rest = &code[i + t.len() + 2..];
            let name: String = rest.chars().take_while(|c| is_ident(*c)).collect();
            let after = rest[name.len()..].trim_start();
            let call = after.starts_with('(') || after.starts_with("::<");
            if name.starts_with(|c: char| c.is_ascii_lowercase()) && call {
                found.push(format!("{t}::{name}("));
            }
        }
    }
    found
}

#[test]
fn web_calls_no_engine_function() {
    let calls: Vec<String> = web_files()
        .iter()
        .flat_map(|(module, _, text)| {
            engine_calls(module, text)
                .into_iter()
                .map(move |c| format!("{} calls {c}", module.join("::")))
        })
        .collect();
    assert!(calls.is_empty(), "{}", calls.join("\n"));
}

/// Where `text` reads stored JSON. The rule: web reads no JSON but a request's. It takes no
/// stored report's JSON (`report.json()`), parses no text as JSON (`serde_json::from_str`,
/// `from_slice`, `from_reader`), and walks no `Value` (a key read, `v["board"]`, or an
/// accessor: `.as_array()`, `.as_object()`, `.as_u64()`, `.as_i64()`, `.as_f64()`,
/// `.as_bool()`, `.is_null()`, `.is_object()`). It builds JSON answers (`json!`,
/// `v["outcome"] = ...`) and takes request bodies typed, through `web::Json<T>` (a body
/// whose shape depends on the event turned into its type with `serde_json::from_value`).
fn json_reads(text: &str) -> Vec<String> {
    let code = code(text);
    let mut found = Vec::new();
    for parse in ["from_str", "from_slice", "from_reader"] {
        let direct = format!("serde_json::{parse}");
        let grouped = code.match_indices("use serde_json::{").any(|(i, _)| {
            code[i..]
                .split('}')
                .next()
                .is_some_and(|g| g.contains(parse))
        });
        if code.contains(&direct) || grouped {
            found.push(direct);
        }
    }
    for line in code.lines() {
        let lower = line.to_ascii_lowercase();
        for (i, _) in lower.match_indices(".json()") {
            let receiver = lower[..i]
                .rsplit([' ', '(', '&', '{', ','])
                .next()
                .unwrap_or("");
            if receiver.contains("report") {
                found.push(format!("{}.json()", line[..i].trim()));
            }
        }
    }
    for accessor in [
        ".as_array()",
        ".as_object()",
        ".as_u64()",
        ".as_i64()",
        ".as_f64()",
        ".as_bool()",
        ".is_null()",
        ".is_object()",
    ] {
        if code.contains(accessor) {
            found.push(accessor.to_string());
        }
    }
    // A key read: `x["key"]` (after a name, a call or another index) not assigned to.
    let chars: Vec<char> = code.chars().collect();
    for (i, _) in code.char_indices().filter(|(_, c)| *c == '[') {
        let ci = code[..i].chars().count();
        let before = ci.checked_sub(1).map(|b| chars[b]);
        if !before.is_some_and(|b| is_ident(b) || b == ')' || b == ']') {
            continue;
        }
        if chars.get(ci + 1) != Some(&'"') {
            continue;
        }
        let Some(close) = code[i + 2..].find("\"]") else {
            continue;
        };
        let after = code[i + 2 + close + 2..].trim_start();
        let assigned = after.starts_with('=') && !after.starts_with("==");
        if !assigned {
            found.push(code[i..i + 2 + close + 2].to_string());
        }
    }
    found
}

#[test]
fn web_reads_no_stored_json() {
    let reads: Vec<String> = web_files()
        .iter()
        .flat_map(|(module, _, text)| {
            json_reads(text)
                .into_iter()
                .map(move |r| format!("{} reads {r}", module.join("::")))
        })
        .collect();
    assert!(reads.is_empty(), "{}", reads.join("\n"));
}

/// Both rules, shown failing on a violation planted in a copy of a route's text, and
/// passing what web may do.
#[test]
fn the_web_rules_catch_a_planted_engine_call_and_a_stored_json_read() {
    let m = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    let events = m("web::routes::events");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web/routes/events/mod.rs");
    let route = std::fs::read_to_string(path).unwrap();
    assert!(engine_calls(&events, &route).is_empty());
    assert!(json_reads(&route).is_empty());
    let plant = |code: &str| {
        // Before the unit tests, if any, where a handler's code is.
        match route.find("#[cfg(test)]") {
            Some(i) => format!("{}\n{code}\n{}", &route[..i], &route[i..]),
            None => format!("{route}\n{code}\n"),
        }
    };
    for (code, caught) in [
        (
            "fn f(a: &str) { crate::engine::auction::check(a); }",
            "engine::auction::check",
        ),
        (
            "use crate::engine::kaiso;\nfn f() { kaiso::fit(); }",
            "engine::kaiso",
        ),
        (
            "use crate::engine::random_game_from;",
            "engine::random_game_from",
        ),
        (
            "use crate::engine::GameSpec;\nfn f() { let _ = GameSpec::new(1); }",
            "GameSpec::new(",
        ),
    ] {
        let found = engine_calls(&events, &plant(code));
        assert!(
            found.iter().any(|f| f.contains(caught)),
            "{code}: {found:?}"
        );
    }
    // Types named, matched and shown pass.
    assert!(
        engine_calls(
            &events,
            &plant("use crate::engine::{Seat, Suit};\nfn f(s: Suit) -> bool { s == Suit::Hearts && Seat::ALL.len() == 4 }")
        )
        .is_empty()
    );
    for (code, caught) in [
        (
            "fn f(r: &Report) -> u64 { r.score(report.json()) }",
            "report.json()",
        ),
        (
            "fn f(t: &str) { let v: Value = serde_json::from_str(t).unwrap(); }",
            "serde_json::from_str",
        ),
        (
            "fn f(v: &Value) -> bool { v[\"board\"] == 1 }",
            "[\"board\"]",
        ),
        (
            "fn f(v: &Value) -> usize { v.as_array().map_or(0, |a| a.len()) }",
            ".as_array()",
        ),
    ] {
        let found = json_reads(&plant(code));
        assert!(
            found.iter().any(|f| f.contains(caught)),
            "{code}: {found:?}"
        );
    }
    // An answer built in JSON passes.
    assert!(
        json_reads(&plant(
            "fn f() -> Value { let mut v = json!({}); v[\"outcome\"] = json!(1); v }"
        ))
        .is_empty()
    );
}

/// The route files a route file imports: none. What two pages share lives outside
/// `web::routes` (`web::round_control`, `web::table_view`, `web::page`, `web::extract`...),
/// so no route module is a library for its siblings; only `routes/mod.rs`, which names every
/// handler in its table, reaches into the others (by their module names, not by path).
fn route_imports(module: &[String], text: &str) -> Vec<String> {
    let is_route = |m: &[String]| m.len() > 2 && m[0] == "web" && m[1] == "routes";
    if !is_route(module) {
        return vec![];
    }
    referenced(module, text)
        .into_iter()
        .filter(|p| is_route(p) && !p.starts_with(module))
        .map(|p| p.join("::"))
        .collect()
}

#[test]
fn no_route_module_lends_to_another() {
    let lent: Vec<String> = sources()
        .iter()
        .flat_map(|(module, _, text)| {
            route_imports(module, text)
                .into_iter()
                .map(move |p| format!("{} imports {p}", module.join("::")))
        })
        .collect();
    assert!(lent.is_empty(), "{}", lent.join("\n"));
    // The rule on a planted line: a page importing another page's helper is named.
    let rounds: Vec<String> = ["web", "routes", "events", "rounds"]
        .map(String::from)
        .to_vec();
    assert_eq!(
        route_imports(&rounds, "use crate::web::routes::table::names;\n"),
        vec!["web::routes::table::names"]
    );
    assert_eq!(
        route_imports(&rounds, "use super::individual::names;\n"),
        vec!["web::routes::events::individual::names"]
    );
    assert!(route_imports(&rounds, "use crate::web::round_control::names;\n").is_empty());
}
