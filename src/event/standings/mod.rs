//! The standings view of an event: final standings by field with winners, travellers (every
//! table's result on a board), personal scorecards with running totals, the figures their
//! charts plot, and marks on results not yet confirmed. Built from a scoring sheet with names;
//! every matchpoint, percentage, tally and total is the scoring module's, never recomputed
//! here (the running totals only add up the module's own per-board figures).
//!
//! Pure, like the rest of the event layer: the web pages render this, [`export`] writes it
//! as CSV, and [`crate::print`] draws its charts and the notice-board PDF.

pub mod export;
pub mod live;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::{Serialize, Serializer};

use super::results::ResultStatus;
use crate::scoring::matchpoints::{self, Field};
use crate::scoring::sheet::{Compare, Game, PairResult, Sheet, TableScore, TallySide, number};
use crate::scoring::{SheetScores, tally, team};

/// A figure as the scoring output shows it: two decimals, whole numbers without a fraction
/// (`95.83`, `12`, `2.4`). Serialized and displayed alike.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Num(pub f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", number(self.0))
    }
}

impl Serialize for Num {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        number(self.0).serialize(s)
    }
}

/// Why a result is not final yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mark {
    /// Entered, not yet confirmed by the opponents or the director.
    Provisional,
    /// The opponents disputed it: the director is looking at it.
    Disputed,
}

impl Mark {
    /// The words shown beside the result.
    pub fn label(self) -> &'static str {
        match self {
            Mark::Provisional => "provisional",
            Mark::Disputed => "under review",
        }
    }
}

impl Mark {
    /// A stored result's status as a mark: a confirmed result has none.
    pub fn of_status(s: ResultStatus) -> Option<Mark> {
        match s {
            ResultStatus::Provisional => Some(Mark::Provisional),
            ResultStatus::Confirmed => None,
            ResultStatus::Disputed => Some(Mark::Disputed),
        }
    }
}

/// Display names of the entries. Pairs read "Ann Lee & Bob Ray", players one name; a team
/// sheet's teams by their label ("A"). Anything unnamed falls back to "Pair 7", "Player 7"
/// or "Team A".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EntryNames {
    /// The sheet's numbers are players (an individual), not pairs.
    pub players: bool,
    pub entries: BTreeMap<u32, String>,
    pub teams: BTreeMap<String, String>,
}

impl EntryNames {
    /// Names of pairs (a pairs event, a team match's pairs, a pairs progressive).
    pub fn pairs() -> EntryNames {
        EntryNames::default()
    }

    /// Names of players (the individual progressive, whose tally members are players).
    pub fn players() -> EntryNames {
        EntryNames {
            players: true,
            ..EntryNames::default()
        }
    }

    pub fn with(mut self, number: u32, name: &str) -> EntryNames {
        self.entries.insert(number, name.to_string());
        self
    }

    pub fn with_team(mut self, label: &str, name: &str) -> EntryNames {
        self.teams.insert(label.to_string(), name.to_string());
        self
    }

    /// An entry's name; blank names count as missing.
    pub fn of(&self, number: u32) -> String {
        match self.entries.get(&number).map(|n| n.trim()) {
            Some(n) if !n.is_empty() => n.to_string(),
            _ if self.players => format!("Player {number}"),
            _ => format!("Pair {number}"),
        }
    }

    pub fn team(&self, label: &str) -> String {
        match self.teams.get(label).map(|n| n.trim()) {
            Some(n) if !n.is_empty() => n.to_string(),
            _ => format!("Team {label}"),
        }
    }
}

/// Marks on results that are not final, by round, table and board; a whole table's round
/// can be marked at once (a progressive's game has no board number). A result marked twice
/// keeps the stronger mark (under review over provisional).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ResultMarks {
    boards: BTreeMap<(u32, u32, u32), Mark>,
    tables: BTreeMap<(u32, u32), Mark>,
}

impl ResultMarks {
    pub fn new() -> ResultMarks {
        ResultMarks::default()
    }

    pub fn mark(&mut self, round: u32, table: u32, board: u32, mark: Mark) -> &mut Self {
        let m = self.boards.entry((round, table, board)).or_insert(mark);
        *m = (*m).max(mark);
        self
    }

    /// Every result of the table in that round.
    pub fn mark_table(&mut self, round: u32, table: u32, mark: Mark) -> &mut Self {
        let m = self.tables.entry((round, table)).or_insert(mark);
        *m = (*m).max(mark);
        self
    }

    /// A stored result's status as a mark (a confirmed one adds none).
    pub fn status(&mut self, round: u32, table: u32, board: u32, s: ResultStatus) -> &mut Self {
        if let Some(m) = Mark::of_status(s) {
            self.mark(round, table, board, m);
        }
        self
    }

    pub fn is_empty(&self) -> bool {
        self.boards.is_empty() && self.tables.is_empty()
    }

    /// The mark of a result (`board` None for a progressive's game).
    pub fn of(&self, round: u32, table: u32, board: Option<u32>) -> Option<Mark> {
        let by_board = board.and_then(|b| self.boards.get(&(round, table, b)).copied());
        by_board.max(self.tables.get(&(round, table)).copied())
    }

    /// A mark naming no result of the sheet is a mistake in what the caller built: said so,
    /// rather than a provisional result silently shown as final.
    fn check(&self, results: &BTreeSet<(u32, u32, Option<u32>)>) -> Result<(), String> {
        for &(round, table, board) in self.boards.keys() {
            if !results.contains(&(round, table, Some(board))) {
                return Err(format!(
                    "a mark for round {round}, table {table}, board {board} matches no result of the sheet"
                ));
            }
        }
        for &(round, table) in self.tables.keys() {
            if !results.iter().any(|&(r, t, _)| (r, t) == (round, table)) {
                return Err(format!(
                    "a mark for round {round}, table {table} matches no result of the sheet"
                ));
            }
        }
        Ok(())
    }
}

/// How the event is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    Matchpoints,
    Tally,
    Team,
}

/// The whole view.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EventStandings {
    pub method: Method,
    /// Matchpoints only: "2-1" or "1-half", "net" or "own".
    pub scale: Option<&'static str>,
    pub compare: Option<&'static str>,
    /// Some result is marked: the standings may still change.
    pub provisional: bool,
    /// While play goes on: the last round with a result, of the rounds planned.
    pub progress: Option<Progress>,
    /// A robot duplicate: where its window stands, said instead of [`Progress`] (the pages
    /// only: they say it in the club's time).
    #[serde(skip)]
    pub window: Option<super::robot_duplicate::WindowLine>,
    /// Majors then minors (a Mitchell without an arrow switch), or one field.
    pub fields: Vec<FieldStandings>,
    /// A team match: totals, difference and swings.
    pub team: Option<TeamMatch>,
    /// Per board, in board order (none for a progressive's tallies).
    pub travellers: Vec<Traveller>,
    /// Per pair or player, by number.
    pub scorecards: Vec<Scorecard>,
}

/// "After round 3 of 5": how far the evening's results go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Progress {
    pub after: u32,
    pub of: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FieldStandings {
    /// "majors", "minors", "all" or "teams".
    pub field: &'static str,
    /// The heading: "Majors", "Minors", "All pairs", "All players", "Teams".
    pub title: &'static str,
    pub rows: Vec<StandingRow>,
}

impl FieldStandings {
    /// The field's winners' names, "A and B" when they tie.
    pub fn winners(&self) -> String {
        let names: Vec<&str> = self
            .rows
            .iter()
            .filter(|r| r.winner)
            .map(|r| r.name.as_str())
            .collect();
        names.join(" and ")
    }

    /// No pair of the field could be compared with another (each board played once).
    pub fn none_compared(&self) -> bool {
        !self.rows.is_empty() && self.rows.iter().all(|r| r.place == NOT_COMPARED)
    }

    pub fn winner_count(&self) -> usize {
        self.rows.iter().filter(|r| r.winner).count()
    }

    /// Every entry of the field shares first place (after round 1 of a one-board-a-round
    /// Mitchell, say): while the standings are provisional that is "all level", not a list
    /// of leaders. The page and the results PDF both say so.
    pub fn all_level(&self) -> bool {
        self.rows.len() > 1 && self.winner_count() == self.rows.len()
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StandingRow {
    /// "1", "2", "3=".
    pub place: String,
    /// The pair's or player's number, or the team's label.
    pub entry: String,
    pub name: String,
    /// Boards (matchpoints), games (tally) or results (team).
    pub played: u32,
    pub matchpoints: Option<Num>,
    pub max: Option<Num>,
    pub percent: Option<Num>,
    pub tally: Option<i64>,
    /// A team's total.
    pub total: Option<i64>,
    /// First in its field (shared first places all win).
    pub winner: bool,
    /// The strongest mark among the entry's results.
    pub mark: Option<Mark>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamMatch {
    /// Label and name of the two teams, in the sheet's order.
    pub teams: [(String, String); 2],
    pub totals: [i64; 2],
    /// First team's total minus the second's.
    pub difference: i64,
    /// Per board: the first team's swing (the second's is its negative).
    pub swings: Vec<(u32, i64)>,
}

/// One board of the match, as the teams' scorecard reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchBoard {
    pub board: u32,
    /// The first team's swing on the board, and its running total after it.
    pub swing: i64,
    pub running: i64,
}

impl TeamMatch {
    /// The match board by board: the first team's swing and its running total (the
    /// second team's are their negatives); the last running total is the difference.
    pub fn by_board(&self) -> Vec<MatchBoard> {
        let mut running = 0;
        self.swings
            .iter()
            .map(|&(board, swing)| {
                running += swing;
                MatchBoard {
                    board,
                    swing,
                    running,
                }
            })
            .collect()
    }
}

/// One board's results at every table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Traveller {
    pub board: u32,
    /// Matchpoints only.
    pub top: Option<Num>,
    /// In round, table order.
    pub lines: Vec<TravellerLine>,
    /// How many tables had each net (scored results only), lowest net first.
    pub nets: Vec<(i64, u32)>,
    /// A team match: the first team's swing on the board.
    pub swing: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TravellerLine {
    pub round: u32,
    pub table: u32,
    pub majors: u32,
    pub majors_name: String,
    pub minors: u32,
    pub minors_name: String,
    /// The side's total, or its adjusted score ("ave+ (60%)", "45%").
    pub majors_score: String,
    pub minors_score: String,
    /// Majors' total minus minors' total; none for an adjusted result (and for a table
    /// total, which is compared instead).
    pub net: Option<i64>,
    /// A duplicate coöperative: the table total (both sides' scores) and its grade letter
    /// (`engine::score::grade`, bands of our own: docs/variants.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grade: Option<&'static str>,
    pub majors_mp: Option<Num>,
    pub minors_mp: Option<Num>,
    pub mark: Option<Mark>,
}

/// What a scorecard's running figure is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Running {
    /// Matchpoints so far over the tops so far.
    Percent,
    /// A progressive's tally.
    Tally,
    /// A team match pair's margins added up.
    Margin,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scorecard {
    pub number: u32,
    pub name: String,
    /// The field it is ranked in (a team match: the team's label).
    pub field: String,
    pub running: Running,
    pub rows: Vec<ScorecardRow>,
    /// The running figure after each round the entry played: (round, value).
    pub by_round: Vec<(u32, Num)>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScorecardRow {
    pub round: u32,
    /// None on a "sits out" line.
    pub table: Option<u32>,
    pub board: Option<u32>,
    /// "majors" or "minors" (pairs); none for a progressive's game.
    pub seat: Option<&'static str>,
    /// Own side's other members (a progressive).
    pub partners: Vec<String>,
    /// The opponents' names, joined with " & " for a progressive's side.
    pub opponents: String,
    pub own_score: String,
    pub opponents_score: String,
    /// Matchpoints and the board's top.
    pub matchpoints: Option<Num>,
    pub top: Option<Num>,
    /// Own total minus the opponents' (tally and team).
    pub margin: Option<i64>,
    /// Matchpoints or tally or margin so far.
    pub running_total: Option<Num>,
    pub running_percent: Option<Num>,
    pub mark: Option<Mark>,
    pub state: RowState,
}

/// What a scorecard's line says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RowState {
    /// The board's result, scored.
    Scored,
    /// Scored, but other tables still have to play the board: its scores are held back
    /// from the public until they have (the matchpoints count already).
    InPlay,
    /// The entry is playing the board now (the current round, no result yet).
    Playing,
    /// An earlier round's board with no result yet.
    NotEntered,
    /// The entry had no table this round.
    SitsOut,
}

impl ScorecardRow {
    /// The entry had no table this round.
    pub fn sits_out(&self) -> bool {
        self.state == RowState::SitsOut
    }

    fn sitting_out(round: u32) -> ScorecardRow {
        ScorecardRow {
            round,
            table: None,
            board: None,
            seat: None,
            partners: Vec::new(),
            opponents: String::new(),
            own_score: String::new(),
            opponents_score: String::new(),
            matchpoints: None,
            top: None,
            margin: None,
            running_total: None,
            running_percent: None,
            mark: None,
            state: RowState::SitsOut,
        }
    }
}

/// The view of a sheet, scored here. Fails with the scoring module's message for a sheet
/// it cannot score, or when a mark names no result of the sheet.
pub fn build(
    sheet: &Sheet,
    names: &EntryNames,
    marks: &ResultMarks,
) -> Result<EventStandings, String> {
    let scored = crate::scoring::score(sheet).map_err(|e| e.to_string())?;
    build_from(sheet, &scored.report, names, marks)
}

/// The view of a sheet already scored (`report` is what scoring `sheet` found): the
/// standings pages use the scoring their standings came from, never a second one.
pub fn build_from(
    sheet: &Sheet,
    report: &SheetScores,
    names: &EntryNames,
    marks: &ResultMarks,
) -> Result<EventStandings, String> {
    let view = match (sheet, report) {
        (
            Sheet::Matchpoints {
                scale,
                compare,
                results,
                ..
            },
            SheetScores::Matchpoints(report),
        ) => {
            marks.check(&pair_keys(results))?;
            let mut v = matchpoint_view(report, *compare, results, names, marks);
            v.scale = Some(scale.name());
            v.compare = Some(compare.name());
            v
        }
        (Sheet::Tally { games }, SheetScores::Tally(report)) => {
            let keys = games.iter().map(|g| (g.round, g.table, None)).collect();
            marks.check(&keys)?;
            tally_view(report, games, names, marks)
        }
        (Sheet::Team { teams, results }, SheetScores::Team(report)) => {
            marks.check(&pair_keys(results))?;
            team_view(report, teams, results, names, marks)
        }
        _ => return Err("the report was scored from another kind of sheet".into()),
    };
    Ok(view)
}

fn pair_keys(results: &[PairResult]) -> BTreeSet<(u32, u32, Option<u32>)> {
    results
        .iter()
        .map(|r| (r.round, r.table, Some(r.board)))
        .collect()
}

fn side_scores(outcome: TableScore) -> (String, String, Option<i64>) {
    match outcome {
        TableScore::Scored { majors, minors } => (
            majors.to_string(),
            minors.to_string(),
            Some(majors - minors),
        ),
        TableScore::Adjusted { majors, minors } => (majors.label(), minors.label(), None),
    }
}

fn nets_of(lines: &[TravellerLine]) -> Vec<(i64, u32)> {
    let mut nets: BTreeMap<i64, u32> = BTreeMap::new();
    for net in lines.iter().filter_map(|l| l.net) {
        *nets.entry(net).or_default() += 1;
    }
    nets.into_iter().collect()
}

fn traveller_line(r: &PairResult, names: &EntryNames, marks: &ResultMarks) -> TravellerLine {
    let (majors_score, minors_score, net) = side_scores(r.outcome);
    TravellerLine {
        round: r.round,
        table: r.table,
        majors: r.majors,
        majors_name: names.of(r.majors),
        minors: r.minors,
        minors_name: names.of(r.minors),
        majors_score,
        minors_score,
        net,
        total: None,
        grade: None,
        majors_mp: None,
        minors_mp: None,
        mark: marks.of(r.round, r.table, Some(r.board)),
    }
}

fn field_title(f: Field) -> &'static str {
    match f {
        Field::Majors => "Majors",
        Field::Minors => "Minors",
        Field::All => "All pairs",
    }
}

/// Places "1" and "1=" win their field.
/// The place, matchpoints and percentage of a pair with no board compared with another
/// table's (each of its boards played once): no comparison possible.
pub const NOT_COMPARED: &str = "—";

fn is_winner(place: &str) -> bool {
    place.trim_end_matches('=') == "1"
}

/// One pair's board at one table, from its side.
struct PairBoard {
    round: u32,
    table: u32,
    board: u32,
    seat: &'static str,
    opponent: u32,
    own: String,
    theirs: String,
    matchpoints: f64,
    top: f64,
    margin: Option<i64>,
    mark: Option<Mark>,
}

fn matchpoint_view(
    report: &matchpoints::MatchpointReport,
    compare: Compare,
    results: &[PairResult],
    names: &EntryNames,
    marks: &ResultMarks,
) -> EventStandings {
    let mut travellers = Vec::with_capacity(report.boards.len());
    let mut boards_of: BTreeMap<u32, Vec<PairBoard>> = BTreeMap::new();
    for b in &report.boards {
        let mut lines = Vec::with_capacity(b.results.len());
        for a in &b.results {
            let r = &results[a.result];
            let mut line = traveller_line(r, names, marks);
            line.majors_mp = Some(Num(a.majors));
            line.minors_mp = Some(Num(a.minors));
            // Table totals: one result for the table, ranked by its majors pair's number.
            let tables = compare == Compare::Total;
            if tables {
                line.net = None;
                if let TableScore::Scored { majors, minors } = r.outcome {
                    line.total = Some(majors + minors);
                    line.grade = Some(crate::engine::grade(majors + minors).letter());
                }
            }
            let ranked = if tables { 1 } else { 2 };
            for (pair, seat, opponent, own, theirs, mp) in [
                (
                    r.majors,
                    "majors",
                    r.minors,
                    &line.majors_score,
                    &line.minors_score,
                    a.majors,
                ),
                (
                    r.minors,
                    "minors",
                    r.majors,
                    &line.minors_score,
                    &line.majors_score,
                    a.minors,
                ),
            ]
            .into_iter()
            .take(ranked)
            {
                boards_of.entry(pair).or_default().push(PairBoard {
                    round: r.round,
                    table: r.table,
                    board: r.board,
                    seat,
                    opponent,
                    own: own.clone(),
                    theirs: theirs.clone(),
                    matchpoints: mp,
                    top: b.top,
                    margin: None,
                    mark: line.mark,
                });
            }
            lines.push(line);
        }
        travellers.push(Traveller {
            board: b.board,
            top: Some(Num(b.top)),
            nets: nets_of(&lines),
            lines,
            swing: None,
        });
    }

    let mut fields: Vec<FieldStandings> = Vec::new();
    let mut field_of: BTreeMap<u32, &'static str> = BTreeMap::new();
    for s in &report.standings {
        if fields.last().is_none_or(|f| f.field != s.field.name()) {
            fields.push(FieldStandings {
                field: s.field.name(),
                title: if compare == Compare::Total {
                    "Tables"
                } else {
                    field_title(s.field)
                },
                rows: Vec::new(),
            });
        }
        field_of.insert(s.pair, s.field.name());
        let mark = boards_of
            .get(&s.pair)
            .and_then(|bs| bs.iter().filter_map(|b| b.mark).max());
        // A pair whose boards were each played at one table only (a small heat of a
        // simultaneous event) has nobody to be compared with: its top is 0, and it has no
        // matchpoints, percentage or place rather than "0/0, 0 %" and a share of first.
        let compared = s.max > 0.0;
        if let Some(f) = fields.last_mut() {
            f.rows.push(StandingRow {
                place: if compared {
                    s.place.clone()
                } else {
                    NOT_COMPARED.into()
                },
                entry: s.pair.to_string(),
                name: names.of(s.pair),
                played: s.boards,
                matchpoints: compared.then_some(Num(s.matchpoints)),
                max: compared.then_some(Num(s.max)),
                percent: compared.then_some(Num(s.percent)),
                tally: None,
                total: None,
                winner: compared && is_winner(&s.place),
                mark,
            });
        }
    }

    let rounds: BTreeSet<u32> = results.iter().map(|r| r.round).collect();
    let scorecards = boards_of
        .into_iter()
        .map(|(pair, boards)| {
            let field = field_of.get(&pair).copied().unwrap_or("all").to_string();
            pair_scorecard(pair, field, boards, &rounds, Running::Percent, names)
        })
        .collect();
    EventStandings {
        method: Method::Matchpoints,
        scale: None,
        compare: None,
        provisional: !marks.is_empty(),
        progress: None,
        window: None,
        fields,
        team: None,
        travellers,
        scorecards,
    }
}

/// A pair's scorecard: its boards in round, table, board order with running totals, and
/// "sits out" lines for the sheet's rounds it has no board in.
fn pair_scorecard(
    pair: u32,
    field: String,
    mut boards: Vec<PairBoard>,
    rounds: &BTreeSet<u32>,
    running: Running,
    names: &EntryNames,
) -> Scorecard {
    boards.sort_by_key(|b| (b.round, b.table, b.board));
    let played: BTreeSet<u32> = boards.iter().map(|b| b.round).collect();
    let mut rows = Vec::new();
    let mut by_round: Vec<(u32, Num)> = Vec::new();
    let (mut total, mut tops, mut margins) = (0.0, 0.0, 0i64);
    let mut pending = boards.into_iter().peekable();
    for &round in rounds {
        if !played.contains(&round) {
            rows.push(ScorecardRow::sitting_out(round));
            continue;
        }
        while let Some(b) = pending.next_if(|b| b.round == round) {
            total += b.matchpoints;
            tops += b.top;
            margins += b.margin.unwrap_or(0);
            let (matchpoints, top, running_total, running_percent) = match running {
                Running::Percent => (
                    Some(Num(b.matchpoints)),
                    Some(Num(b.top)),
                    Some(Num(total)),
                    Some(Num(percent(total, tops))),
                ),
                _ => (None, None, Some(Num(margins as f64)), None),
            };
            rows.push(ScorecardRow {
                round,
                table: Some(b.table),
                board: Some(b.board),
                seat: Some(b.seat),
                partners: Vec::new(),
                opponents: names.of(b.opponent),
                own_score: b.own,
                opponents_score: b.theirs,
                matchpoints,
                top,
                margin: b.margin,
                running_total,
                running_percent,
                mark: b.mark,
                state: RowState::Scored,
            });
        }
        let value = match running {
            Running::Percent => percent(total, tops),
            _ => margins as f64,
        };
        by_round.push((round, Num(value)));
    }
    Scorecard {
        number: pair,
        name: names.of(pair),
        field,
        running,
        rows,
        by_round,
    }
}

/// Matchpoints over the tops, as the scoring module reckons a pair's percentage.
fn percent(matchpoints: f64, tops: f64) -> f64 {
    if tops > 0.0 {
        100.0 * matchpoints / tops
    } else {
        0.0
    }
}

fn joined(names: &EntryNames, members: &[u32]) -> String {
    members
        .iter()
        .map(|&m| names.of(m))
        .collect::<Vec<_>>()
        .join(" & ")
}

fn tally_view(
    report: &tally::TallyReport,
    games: &[Game],
    names: &EntryNames,
    marks: &ResultMarks,
) -> EventStandings {
    let mut ordered: Vec<&Game> = games.iter().collect();
    ordered.sort_by_key(|g| (g.round, g.table));
    let rounds: BTreeSet<u32> = games.iter().map(|g| g.round).collect();
    let mut scorecards = Vec::with_capacity(report.standings.len());
    let mut mark_of: BTreeMap<u32, Mark> = BTreeMap::new();
    let mut members: Vec<u32> = report.standings.iter().map(|s| s.member).collect();
    members.sort_unstable();
    for member in members {
        let mut rows = Vec::new();
        let mut by_round = Vec::new();
        let mut running = 0i64;
        for &round in &rounds {
            let mine: Vec<(&Game, usize)> = ordered
                .iter()
                .filter(|g| g.round == round)
                .filter_map(|g| {
                    g.sides
                        .iter()
                        .position(|s| s.members.contains(&member))
                        .map(|k| (*g, k))
                })
                .collect();
            if mine.is_empty() {
                rows.push(ScorecardRow::sitting_out(round));
                continue;
            }
            for (g, k) in mine {
                let own = &g.sides[k];
                let theirs: Vec<&TallySide> = (0..g.sides.len())
                    .filter(|&j| j != k)
                    .map(|j| &g.sides[j])
                    .collect();
                let margin = g.margin(k);
                running += margin;
                let mark = marks.of(g.round, g.table, None);
                if let Some(m) = mark {
                    let e = mark_of.entry(member).or_insert(m);
                    *e = (*e).max(m);
                }
                rows.push(ScorecardRow {
                    round,
                    table: Some(g.table),
                    board: None,
                    seat: None,
                    partners: own
                        .members
                        .iter()
                        .filter(|&&m| m != member)
                        .map(|&m| names.of(m))
                        .collect(),
                    opponents: theirs
                        .iter()
                        .map(|s| joined(names, &s.members))
                        .collect::<Vec<_>>()
                        .join(", "),
                    own_score: own.score.to_string(),
                    opponents_score: theirs
                        .iter()
                        .map(|s| s.score.to_string())
                        .collect::<Vec<_>>()
                        .join(", "),
                    matchpoints: None,
                    top: None,
                    margin: Some(margin),
                    running_total: Some(Num(running as f64)),
                    running_percent: None,
                    mark,
                    state: RowState::Scored,
                });
            }
            by_round.push((round, Num(running as f64)));
        }
        scorecards.push(Scorecard {
            number: member,
            name: names.of(member),
            field: "all".into(),
            running: Running::Tally,
            rows,
            by_round,
        });
    }
    let rows = report
        .standings
        .iter()
        .map(|s| StandingRow {
            place: s.place.clone(),
            entry: s.member.to_string(),
            name: names.of(s.member),
            played: s.games,
            matchpoints: None,
            max: None,
            percent: None,
            tally: Some(s.tally),
            total: None,
            winner: is_winner(&s.place),
            mark: mark_of.get(&s.member).copied(),
        })
        .collect();
    EventStandings {
        method: Method::Tally,
        scale: None,
        compare: None,
        provisional: !marks.is_empty(),
        progress: None,
        window: None,
        fields: vec![FieldStandings {
            field: "all",
            title: if names.players {
                "All players"
            } else {
                "All pairs"
            },
            rows,
        }],
        team: None,
        travellers: Vec::new(),
        scorecards,
    }
}

fn team_view(
    report: &team::TeamReport,
    teams: &[(String, Vec<u32>)],
    results: &[PairResult],
    names: &EntryNames,
    marks: &ResultMarks,
) -> EventStandings {
    let team_of = |pair: u32| {
        teams
            .iter()
            .find(|(_, pairs)| pairs.contains(&pair))
            .map_or(String::new(), |(label, _)| label.clone())
    };
    let swing_of: BTreeMap<u32, i64> = report.boards.iter().copied().collect();
    let mut by_board: BTreeMap<u32, Vec<&PairResult>> = BTreeMap::new();
    for r in results {
        by_board.entry(r.board).or_default().push(r);
    }
    let mut travellers = Vec::new();
    let mut boards_of: BTreeMap<u32, Vec<PairBoard>> = BTreeMap::new();
    for (board, mut rs) in by_board {
        rs.sort_by_key(|r| (r.round, r.table, r.majors, r.minors));
        let lines: Vec<TravellerLine> =
            rs.iter().map(|r| traveller_line(r, names, marks)).collect();
        for (r, line) in rs.iter().zip(&lines) {
            let net = line.net.unwrap_or(0);
            for (pair, seat, opponent, own, theirs, margin) in [
                (
                    r.majors,
                    "majors",
                    r.minors,
                    &line.majors_score,
                    &line.minors_score,
                    net,
                ),
                (
                    r.minors,
                    "minors",
                    r.majors,
                    &line.minors_score,
                    &line.majors_score,
                    -net,
                ),
            ] {
                boards_of.entry(pair).or_default().push(PairBoard {
                    round: r.round,
                    table: r.table,
                    board,
                    seat,
                    opponent,
                    own: own.clone(),
                    theirs: theirs.clone(),
                    matchpoints: 0.0,
                    top: 0.0,
                    margin: Some(margin),
                    mark: line.mark,
                });
            }
        }
        travellers.push(Traveller {
            board,
            top: None,
            nets: nets_of(&lines),
            lines,
            swing: swing_of.get(&board).copied(),
        });
    }
    let mut team_mark: BTreeMap<String, Mark> = BTreeMap::new();
    for (pair, boards) in &boards_of {
        if let Some(m) = boards.iter().filter_map(|b| b.mark).max() {
            let e = team_mark.entry(team_of(*pair)).or_insert(m);
            *e = (*e).max(m);
        }
    }
    let played = |label: &str| {
        results
            .iter()
            .filter(|r| team_of(r.majors) == label || team_of(r.minors) == label)
            .count() as u32
    };
    let mut rows: Vec<StandingRow> = report
        .teams
        .iter()
        .map(|t| StandingRow {
            place: t.place.clone(),
            entry: t.team.clone(),
            name: names.team(&t.team),
            played: played(&t.team),
            matchpoints: None,
            max: None,
            percent: None,
            tally: None,
            total: Some(t.total),
            winner: is_winner(&t.place),
            mark: team_mark.get(&t.team).copied(),
        })
        .collect();
    // Winner first; the sheet's order between equals.
    rows.sort_by_key(|r| !r.winner);
    let rounds: BTreeSet<u32> = results.iter().map(|r| r.round).collect();
    let scorecards = boards_of
        .into_iter()
        .map(|(pair, boards)| {
            pair_scorecard(pair, team_of(pair), boards, &rounds, Running::Margin, names)
        })
        .collect();
    let label = |i: usize| teams.get(i).map_or(String::new(), |(l, _)| l.clone());
    let totals = [0, 1].map(|i| report.teams.get(i).map_or(0, |t| t.total));
    EventStandings {
        method: Method::Team,
        scale: None,
        compare: None,
        provisional: !marks.is_empty(),
        progress: None,
        window: None,
        fields: vec![FieldStandings {
            field: "teams",
            title: "Teams",
            rows,
        }],
        team: Some(TeamMatch {
            teams: [0, 1].map(|i| (label(i), names.team(&label(i)))),
            totals,
            difference: report.difference,
            swings: report.boards.clone(),
        }),
        travellers,
        scorecards,
    }
}

#[cfg(test)]
pub(crate) mod tests;

/// A progressive's travellers: each table-round deals its own board, so a board's traveller
/// is the one game played with it (a side's members named together; the first member's
/// number links its scorecard). `boards` gives each game's board by (round, table); a game
/// without one is left out.
pub fn tally_travellers(
    games: &[Game],
    boards: &BTreeMap<(u32, u32), u32>,
    names: &EntryNames,
    marks: &ResultMarks,
) -> Vec<Traveller> {
    let side_names = |members: &[u32]| -> String {
        members
            .iter()
            .map(|m| names.of(*m))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out: Vec<Traveller> = games
        .iter()
        .filter_map(|g| {
            let board = *boards.get(&(g.round, g.table))?;
            // A board's traveller lines two sides; a table of three has no board.
            let [majors, minors] = g.sides.as_slice() else {
                return None;
            };
            let net = majors.score - minors.score;
            Some(Traveller {
                board,
                top: None,
                lines: vec![TravellerLine {
                    round: g.round,
                    table: g.table,
                    majors: *majors.members.first()?,
                    majors_name: side_names(&majors.members),
                    minors: *minors.members.first()?,
                    minors_name: side_names(&minors.members),
                    majors_score: majors.score.to_string(),
                    minors_score: minors.score.to_string(),
                    net: Some(net),
                    total: None,
                    grade: None,
                    majors_mp: None,
                    minors_mp: None,
                    mark: marks.of(g.round, g.table, Some(board)),
                }],
                nets: vec![(net, 1)],
                swing: None,
            })
        })
        .collect();
    out.sort_by_key(|t| t.board);
    out
}
