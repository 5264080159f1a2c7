//! Many players at once: pasted lines or a CSV file of name and membership number, read and
//! checked as a whole before anything is added. Every line is held to the single player
//! form's rules (`PlayerFields`), and none may repeat another line or a roster player; the
//! problems are listed by line number, so the director corrects the text and sends it again.

use std::collections::HashMap;
use std::fmt;

use super::club::{Player, PlayerFields, ValueError};

/// The largest text or file read, in bytes.
pub const MAX_BYTES: usize = 1024 * 1024;
/// The most players one paste or file adds.
pub const MAX_ROWS: usize = 2000;
/// The most problems listed: past this the list says how many more there are.
pub const MAX_PROBLEMS: usize = 50;

/// A player read from one line (the line where the record starts, counted from 1 as an
/// editor counts them, the header and blank lines included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RosterLine {
    pub line: u64,
    pub fields: PlayerFields,
}

/// What is wrong with one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineProblem {
    pub line: u64,
    pub message: String,
}

impl fmt::Display for LineProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// A text read line by line: the players read, and the lines that are not players (both
/// kept, so duplicates among the good lines are found in the same pass as the bad lines).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadLines {
    pub lines: Vec<RosterLine>,
    pub problems: Vec<LineProblem>,
}

/// Why a text or file is refused whole, before its lines are looked at.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BulkError {
    #[error("no players found: one a line, a name and then a membership number (optional)")]
    Empty,
    #[error(
        "{bytes} bytes is more than the limit of 1 MiB ({MAX_BYTES} bytes): add the players in parts"
    )]
    TooLarge { bytes: usize },
    #[error("more than {MAX_ROWS} players at once: add them in parts")]
    TooManyRows,
    #[error(
        "the file is not UTF-8 text (line {line}): save it from the spreadsheet as \"CSV UTF-8\""
    )]
    NotUtf8 { line: u64 },
}

/// Reads a CSV file's bytes: UTF-8 (a byte order mark is dropped), then as pasted text.
pub fn read_roster_bytes(bytes: &[u8]) -> Result<ReadLines, BulkError> {
    if bytes.len() > MAX_BYTES {
        return Err(BulkError::TooLarge { bytes: bytes.len() });
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => read_roster_text(text),
        Err(e) => Err(BulkError::NotUtf8 {
            line: line_of(&bytes[..e.valid_up_to()]),
        }),
    }
}

/// The line (from 1) that the end of `before` is on.
fn line_of(before: &[u8]) -> u64 {
    1 + before.iter().filter(|b| **b == b'\n').count() as u64
}

/// Reads pasted lines or a CSV file's text: one player a line, the name and then, optional,
/// the membership number, separated by commas (a name with a comma in double quotes), tabs
/// (as a spreadsheet copies cells) or semicolons (as some spreadsheets save CSV), whichever
/// the first line uses. A first line naming its columns (`name`, `membership number`, or
/// `first name` and `surname`) is a header: the columns are then taken by those names, in
/// any order, and other columns are left out. Blank lines are skipped. Each player is
/// checked with the single player form's rules; duplicates are [`check_against`]'s.
pub fn read_roster_text(text: &str) -> Result<ReadLines, BulkError> {
    if text.len() > MAX_BYTES {
        return Err(BulkError::TooLarge { bytes: text.len() });
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first_line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let delimiter = if first_line.contains('\t') {
        b'\t'
    } else if first_line.contains(';') && !first_line.contains(',') {
        b';'
    } else {
        b','
    };
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .delimiter(delimiter)
        .from_reader(text.as_bytes());
    let mut columns: Option<Columns> = None;
    let mut first = true;
    let mut at = LineCounter::default();
    let (mut lines, mut problems) = (Vec::new(), Vec::new());
    for record in reader.records() {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                let line = at.line(text, e.position().map_or(0, |p| p.byte()));
                problems.push(LineProblem {
                    line,
                    message: "cannot be read as a line of a CSV file".into(),
                });
                continue;
            }
        };
        let line = at.line(text, record.position().map_or(0, |p| p.byte()));
        if record.iter().all(str::is_empty) {
            continue;
        }
        if std::mem::take(&mut first)
            && let Some(c) = Columns::of_header(&record)
        {
            columns = Some(c);
            continue;
        }
        if lines.len() + problems.len() >= MAX_ROWS {
            return Err(BulkError::TooManyRows);
        }
        match read_line(&record, columns.as_ref()) {
            Ok(fields) => lines.push(RosterLine { line, fields }),
            Err(message) => problems.push(LineProblem { line, message }),
        }
    }
    if lines.is_empty() && problems.is_empty() {
        return Err(BulkError::Empty);
    }
    Ok(ReadLines { lines, problems })
}

impl ReadLines {
    /// The players to add if every line is one and none repeats another line or a roster
    /// player; else every problem, by line.
    pub fn checked(self, roster: &[Player]) -> Result<Vec<RosterLine>, Vec<LineProblem>> {
        let mut problems = self.problems;
        problems.extend(check_against(&self.lines, roster));
        if problems.is_empty() {
            Ok(self.lines)
        } else {
            problems.sort_by_key(|p| p.line);
            Err(problems)
        }
    }
}

/// Line numbers from byte offsets, counted as the reading goes (the csv reader's own line
/// numbers leave out the blank lines it skips before a record).
#[derive(Default)]
struct LineCounter {
    byte: usize,
    line: u64,
}

impl LineCounter {
    /// The line of the record at `byte`: after the line ends that come before it.
    fn line(&mut self, text: &str, byte: u64) -> u64 {
        let bytes = text.as_bytes();
        let mut start = usize::try_from(byte).unwrap_or(usize::MAX).min(bytes.len());
        while start < bytes.len() && matches!(bytes[start], b'\n' | b'\r') {
            start += 1;
        }
        if start >= self.byte {
            self.line += bytes[self.byte..start]
                .iter()
                .filter(|b| **b == b'\n')
                .count() as u64;
            self.byte = start;
        }
        self.line + 1
    }
}

/// Where the name and number are, from a header line.
struct Columns {
    name: Option<usize>,
    first: Option<usize>,
    last: Option<usize>,
    number: Option<usize>,
}

const NAME_HEADERS: [&str; 5] = ["name", "player", "player name", "full name", "member name"];
const FIRST_HEADERS: [&str; 5] = ["first name", "firstname", "first", "given name", "forename"];
const LAST_HEADERS: [&str; 5] = ["surname", "last name", "lastname", "last", "family name"];
const NUMBER_HEADERS: [&str; 10] = [
    "membership number",
    "membership no",
    "membership",
    "membership id",
    "member number",
    "member no",
    "member id",
    "number",
    "no",
    "id",
];

/// A header cell as compared: lower case, words separated by one space, `_`, `-`, a
/// trailing `.`, `:` or `#` dropped ("Membership No." is "membership no").
fn header_word(cell: &str) -> String {
    cell.to_lowercase()
        .replace(['_', '-'], " ")
        .trim_end_matches(['.', ':', '#', ' '])
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

impl Columns {
    fn of_header(record: &csv::StringRecord) -> Option<Columns> {
        let words: Vec<String> = record.iter().map(header_word).collect();
        let find = |names: &[&str]| words.iter().position(|w| names.contains(&w.as_str()));
        let c = Columns {
            name: find(&NAME_HEADERS),
            first: find(&FIRST_HEADERS),
            last: find(&LAST_HEADERS),
            number: find(&NUMBER_HEADERS),
        };
        (c.name.is_some() || (c.first.is_some() && c.last.is_some())).then_some(c)
    }
}

/// One line's player, or what is wrong with it.
fn read_line(
    record: &csv::StringRecord,
    columns: Option<&Columns>,
) -> Result<PlayerFields, String> {
    let cell = |i: Option<usize>| i.and_then(|i| record.get(i)).unwrap_or("");
    let (name, number) = match columns {
        Some(c) => {
            let name = match c.name {
                Some(i) => record.get(i).unwrap_or("").to_string(),
                None => format!("{} {}", cell(c.first), cell(c.last)),
            };
            (name, cell(c.number).to_string())
        }
        None => {
            let used = record
                .iter()
                .enumerate()
                .filter(|(_, f)| !f.is_empty())
                .last()
                .map_or(0, |(i, _)| i + 1);
            if used > 2 {
                return Err(format!(
                    "{used} fields, but a line has a name and a membership number: put a \
                     name with a comma in double quotes (\"Smith, Ann\")"
                ));
            }
            (cell(Some(0)).to_string(), cell(Some(1)).to_string())
        }
    };
    PlayerFields::parse(&name, &number).map_err(|e| {
        let mut parts = Vec::new();
        if let Some(m) = e.name {
            parts.push(m.to_string());
        }
        if let Some(m) = e.membership_number {
            parts.push(number_problem(&number, &m));
        }
        parts.join("; ")
    })
}

fn number_problem(number: &str, e: &ValueError) -> String {
    format!("membership number \"{}\": {e}", short(number.trim()))
}

/// At most 40 characters of what was typed, to say it back.
fn short(s: &str) -> String {
    match s.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// A name as compared for duplicates: case and spacing aside.
fn name_key(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The roster looked up by what a line is compared on: each membership number's player, and
/// each name's (as [`name_key`] compares names) first player and first player without a
/// number, in the roster's order (the player a message names is the first one, as a scan of
/// the roster would find). Built once, so checking the lines is linear in the lines and the
/// roster, not their product.
struct RosterIndex<'a> {
    numbers: HashMap<&'a str, &'a Player>,
    names: HashMap<String, NameSeen<&'a Player>>,
}

/// The first of a name, and the first of it without a membership number.
struct NameSeen<T> {
    first: T,
    first_without_number: Option<T>,
}

impl<T: Copy> NameSeen<T> {
    fn new(it: T, number: &Option<String>) -> NameSeen<T> {
        NameSeen {
            first: it,
            first_without_number: number.is_none().then_some(it),
        }
    }

    fn add(&mut self, it: T, number: &Option<String>) {
        if number.is_none() && self.first_without_number.is_none() {
            self.first_without_number = Some(it);
        }
    }

    /// The first seen that is the same person as one with `number`. Two entries of one name
    /// are one player unless both have membership numbers (then they differ, or the number
    /// check has caught it): two Ann Smiths are told apart by them. So, for one without a
    /// number, anyone of the name; for one with a number, the first without one.
    fn same_person_as(&self, number: &Option<String>) -> Option<T> {
        if number.is_none() {
            Some(self.first)
        } else {
            self.first_without_number
        }
    }
}

fn note<T: Copy>(seen: &mut HashMap<String, NameSeen<T>>, key: String, it: T, n: &Option<String>) {
    match seen.entry(key) {
        std::collections::hash_map::Entry::Occupied(mut e) => e.get_mut().add(it, n),
        std::collections::hash_map::Entry::Vacant(e) => {
            e.insert(NameSeen::new(it, n));
        }
    }
}

impl<'a> RosterIndex<'a> {
    fn of(roster: &'a [Player]) -> RosterIndex<'a> {
        let mut numbers = HashMap::with_capacity(roster.len());
        let mut names = HashMap::with_capacity(roster.len());
        for p in roster {
            if let Some(n) = p.membership_number.as_deref() {
                numbers.entry(n).or_insert(p);
            }
            note(&mut names, name_key(&p.name), p, &p.membership_number);
        }
        RosterIndex { numbers, names }
    }
}

/// The lines that repeat an earlier line or a roster player (archived ones included), by
/// membership number or by name (see [`NameSeen::same_person_as`]). Empty when all is well. Hash lookups
/// (see [`RosterIndex`]): a long upload against a large roster takes milliseconds.
pub fn check_against(lines: &[RosterLine], roster: &[Player]) -> Vec<LineProblem> {
    let index = RosterIndex::of(roster);
    let mut problems = Vec::new();
    let mut numbers: HashMap<&str, u64> = HashMap::new();
    let mut names: HashMap<String, NameSeen<u64>> = HashMap::new();
    for l in lines {
        let f = &l.fields;
        let mut said = Vec::new();
        if let Some(n) = f.membership_number.as_deref() {
            if let Some(p) = index.numbers.get(n) {
                said.push(format!(
                    "membership number {n} is already {}'s{}",
                    p.name,
                    archived(p)
                ));
            } else if let Some(earlier) = numbers.get(n) {
                said.push(format!("membership number {n} is also on line {earlier}"));
            } else {
                numbers.insert(n, l.line);
            }
        }
        let key = name_key(&f.name);
        if let Some(p) = index
            .names
            .get(&key)
            .and_then(|seen| seen.same_person_as(&f.membership_number))
        {
            said.push(format!(
                "{} is already on the roster{} (another player of that name needs a \
                 membership number, and so does the one on the roster)",
                p.name,
                archived(p)
            ));
        } else if let Some(earlier) = names
            .get(&key)
            .and_then(|seen| seen.same_person_as(&f.membership_number))
        {
            said.push(format!("{} is also on line {earlier}", f.name));
        }
        note(&mut names, key, l.line, &f.membership_number);
        if !said.is_empty() {
            problems.push(LineProblem {
                line: l.line,
                message: said.join("; "),
            });
        }
    }
    problems
}

fn archived(p: &Player) -> &'static str {
    if p.archived {
        " (archived: restore them instead)"
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{ClubId, PlayerId};

    fn names(lines: &[RosterLine]) -> Vec<(u64, &str, Option<&str>)> {
        lines
            .iter()
            .map(|l| {
                (
                    l.line,
                    l.fields.name.as_str(),
                    l.fields.membership_number.as_deref(),
                )
            })
            .collect()
    }

    /// The players of a text that has no bad line.
    fn read(text: &str) -> Vec<RosterLine> {
        let r = read_roster_text(text).unwrap();
        assert_eq!(r.problems, vec![], "{text}");
        r.lines
    }

    /// The bad lines of a text, as the page lists them.
    fn problems(text: &str) -> Vec<String> {
        let r = read_roster_text(text).unwrap();
        r.problems.iter().map(LineProblem::to_string).collect()
    }

    #[test]
    fn pasted_lines_give_a_name_and_an_optional_number_blank_lines_skipped() {
        let lines = read("Ann Smith, 123\n\n  Bob Ray  \n   \nCara Cole,M-7/2\n,,\n");
        assert_eq!(
            names(&lines),
            vec![
                (1, "Ann Smith", Some("123")),
                (3, "Bob Ray", None),
                (5, "Cara Cole", Some("M-7/2")),
            ]
        );
        // Windows line ends, and a trailing empty field.
        let lines = read("Ann Smith,123,\r\nBob Ray\r\n");
        assert_eq!(
            names(&lines),
            vec![(1, "Ann Smith", Some("123")), (2, "Bob Ray", None)]
        );
    }

    #[test]
    fn quotes_keep_a_comma_in_a_name_and_tabs_or_semicolons_separate_too() {
        let lines = read("\"Smith, Ann\",123\n\"Ray \"\"Bo\"\" Bob\"\n");
        assert_eq!(
            names(&lines),
            vec![(1, "Smith, Ann", Some("123")), (2, "Ray \"Bo\" Bob", None)]
        );
        let lines = read("Smith, Ann\t123\nBob Ray\t\n");
        assert_eq!(
            names(&lines),
            vec![(1, "Smith, Ann", Some("123")), (2, "Bob Ray", None)]
        );
        let lines = read("Ann Smith;123\nBob Ray;45\n");
        assert_eq!(
            names(&lines),
            vec![(1, "Ann Smith", Some("123")), (2, "Bob Ray", Some("45"))]
        );
        // A quoted name over two lines is one player, numbered by its first line.
        assert_eq!(
            problems("\"Ann\nSmith\",1\nBob,2\n"),
            vec!["line 1: the name cannot contain control characters"]
        );
    }

    #[test]
    fn a_header_line_names_the_columns_in_any_order() {
        let lines = read("Name,Membership number\nAnn Smith,123\n");
        assert_eq!(names(&lines), vec![(2, "Ann Smith", Some("123"))]);
        let lines = read("Email;Membership No.;Full name\nann@x.org;123;Ann Smith\n;;Bob Ray\n");
        assert_eq!(
            names(&lines),
            vec![(2, "Ann Smith", Some("123")), (3, "Bob Ray", None)]
        );
        let lines = read("First name,Surname,member_id\nAnn,van der Berg,9\n");
        assert_eq!(names(&lines), vec![(2, "Ann van der Berg", Some("9"))]);
        // Without a header the first line is a player.
        let lines = read("Ann Smith,123\n");
        assert_eq!(names(&lines), vec![(1, "Ann Smith", Some("123"))]);
        // Only the first line can be a header: later, "Name" is a player's name.
        let lines = read("Ann Smith\nName,Number\n");
        assert_eq!(
            names(&lines),
            vec![(1, "Ann Smith", None), (2, "Name", Some("Number"))]
        );
    }

    #[test]
    fn a_byte_order_mark_is_dropped_and_other_encodings_refused() {
        let lines = read_roster_bytes(b"\xef\xbb\xbfName,Number\nAnn Smith,123\n")
            .unwrap()
            .lines;
        assert_eq!(names(&lines), vec![(2, "Ann Smith", Some("123"))]);
        assert_eq!(
            read_roster_bytes(b"Ann Smith,1\nRen\xe9 Roy,2\n"),
            Err(BulkError::NotUtf8 { line: 2 })
        );
    }

    #[test]
    fn bad_lines_are_all_listed_by_number() {
        let text = "Ann Smith,123\n,45\nBob Ray,M 1\nA,B,C\nCara\u{7}Cole\n";
        assert_eq!(
            read_roster_text(text).unwrap().lines.len(),
            1,
            "the good line is read"
        );
        assert_eq!(
            problems(text),
            vec![
                "line 2: the name is required",
                "line 3: membership number \"M 1\": up to 30 letters, digits, '-', '.' or '/'",
                "line 4: 3 fields, but a line has a name and a membership number: put a name \
                 with a comma in double quotes (\"Smith, Ann\")",
                "line 5: the name cannot contain control characters",
            ]
        );
        let long = "x".repeat(101);
        assert_eq!(
            problems(&format!("{long}\n")),
            vec!["line 1: the name is at most 100 characters"]
        );
    }

    #[test]
    fn limits_are_refused_before_anything_else() {
        assert_eq!(read_roster_text(""), Err(BulkError::Empty));
        assert_eq!(read_roster_text("\n \n,\n"), Err(BulkError::Empty));
        assert_eq!(read_roster_text("Name,Number\n"), Err(BulkError::Empty));
        let many: String = (1..=MAX_ROWS).map(|i| format!("P {i},{i}\n")).collect();
        assert_eq!(read(&many).len(), MAX_ROWS);
        let more = format!("{many}One More\n");
        assert_eq!(read_roster_text(&more), Err(BulkError::TooManyRows));
        let big = "a".repeat(MAX_BYTES + 1);
        assert_eq!(
            read_roster_bytes(big.as_bytes()),
            Err(BulkError::TooLarge {
                bytes: MAX_BYTES + 1
            })
        );
        assert_eq!(
            read_roster_text(&big),
            Err(BulkError::TooLarge {
                bytes: MAX_BYTES + 1
            })
        );
    }

    fn roster() -> Vec<Player> {
        let p = |id, name: &str, number: Option<&str>, archived| Player {
            id: PlayerId::new(id),
            club_id: ClubId::new(1),
            name: name.into(),
            membership_number: number.map(str::to_string),
            archived,
        };
        vec![
            p(1, "Ann Smith", Some("123"), false),
            p(2, "Bob Ray", None, false),
            p(3, "Old Timer", Some("7"), true),
        ]
    }

    #[test]
    fn duplicates_within_the_lines_and_against_the_roster_are_named() {
        let lines = read(
            "Cara Cole,123\nbob  ray\nDan Dee,7\nEve Eng,50\nFay Fox,50\nGil Gray\nGIL GRAY\n\
             Ann Smith,999\nHal Hay,1\nHal Hay,2\n",
        );
        let found: Vec<String> = check_against(&lines, &roster())
            .iter()
            .map(LineProblem::to_string)
            .collect();
        assert_eq!(
            found,
            vec![
                "line 1: membership number 123 is already Ann Smith's",
                "line 2: Bob Ray is already on the roster (another player of that name needs a \
                 membership number, and so does the one on the roster)",
                "line 3: membership number 7 is already Old Timer's (archived: restore them \
                 instead)",
                "line 5: membership number 50 is also on line 4",
                "line 7: GIL GRAY is also on line 6",
            ]
        );
        // Two of a name with different numbers are two players.
        let ok = read("Ann Smith,999\nHal Hay,1\nHal Hay,2\n");
        assert!(check_against(&ok, &roster()).is_empty());
        // Bad lines and duplicates are listed together, by line.
        let both = read_roster_text("Cara Cole,123\n,5\nDan Dee\n")
            .unwrap()
            .checked(&roster())
            .unwrap_err();
        assert_eq!(
            both.iter().map(LineProblem::to_string).collect::<Vec<_>>(),
            vec![
                "line 1: membership number 123 is already Ann Smith's",
                "line 2: the name is required"
            ]
        );
    }

    /// The rule as it was first written, scanning the roster and the earlier lines for each
    /// line: the hash lookups must say exactly what it says.
    fn check_by_scanning(lines: &[RosterLine], roster: &[Player]) -> Vec<LineProblem> {
        let same_person = |a: &Option<String>, b: &Option<String>| a.is_none() || b.is_none();
        let mut problems = Vec::new();
        let mut numbers: HashMap<&str, u64> = HashMap::new();
        let mut names: HashMap<String, Vec<(u64, &Option<String>)>> = HashMap::new();
        for l in lines {
            let f = &l.fields;
            let mut said = Vec::new();
            if let Some(n) = f.membership_number.as_deref() {
                if let Some(p) = roster
                    .iter()
                    .find(|p| p.membership_number.as_deref() == Some(n))
                {
                    said.push(format!(
                        "membership number {n} is already {}'s{}",
                        p.name,
                        archived(p)
                    ));
                } else if let Some(earlier) = numbers.get(n) {
                    said.push(format!("membership number {n} is also on line {earlier}"));
                } else {
                    numbers.insert(n, l.line);
                }
            }
            let key = name_key(&f.name);
            if let Some(p) = roster.iter().find(|p| {
                name_key(&p.name) == key && same_person(&p.membership_number, &f.membership_number)
            }) {
                said.push(format!(
                    "{} is already on the roster{} (another player of that name needs a \
                     membership number, and so does the one on the roster)",
                    p.name,
                    archived(p)
                ));
            } else if let Some((earlier, _)) = names.get(&key).and_then(|seen| {
                seen.iter()
                    .find(|(_, m)| same_person(m, &f.membership_number))
            }) {
                said.push(format!("{} is also on line {earlier}", f.name));
            }
            names
                .entry(key)
                .or_default()
                .push((l.line, &f.membership_number));
            if !said.is_empty() {
                problems.push(LineProblem {
                    line: l.line,
                    message: said.join("; "),
                });
            }
        }
        problems
    }

    proptest::proptest! {
        /// Few names and numbers, so that repeats of every kind (same name with and without
        /// numbers, in either order, archived or not, on the roster and among the lines)
        /// are common.
        #[test]
        fn hash_lookups_find_what_scanning_found(
            roster in proptest::collection::vec((0..6usize, 0..3usize, proptest::option::of(0..8u32), proptest::bool::ANY), 0..12),
            lines in proptest::collection::vec((0..6usize, 0..3usize, proptest::option::of(0..8u32)), 0..16),
        ) {
            const NAMES: [&str; 6] = ["Ann Smith", "Bob Ray", "Cara Cole", "Dan Dee", "Eve Eng", "Fay Fox"];
            let spelled = |n: usize, how: usize| match how {
                0 => NAMES[n].to_string(),
                1 => NAMES[n].to_uppercase(),
                _ => NAMES[n].replace(' ', "   "),
            };
            let roster: Vec<Player> = roster
                .into_iter()
                .zip(1..)
                .map(|((n, how, number, archived), id)| Player {
                    id: PlayerId::new(id),
                    club_id: ClubId::new(1),
                    name: spelled(n, how),
                    membership_number: number.map(|k| k.to_string()),
                    archived,
                })
                .collect();
            let lines: Vec<RosterLine> = lines
                .into_iter()
                .zip(1..)
                .map(|((n, how, number), line)| RosterLine {
                    line,
                    fields: PlayerFields {
                        name: spelled(n, how),
                        membership_number: number.map(|k| k.to_string()),
                    },
                })
                .collect();
            proptest::prop_assert_eq!(
                check_against(&lines, &roster),
                check_by_scanning(&lines, &roster)
            );
        }
    }
}
