//! The movement on paper. Table cards: a page per table for the wall or the table, with
//! the table's number, a QR code and a short code for entering its scores, and its plan
//! round by round (who sits where, which boards, where the moving pair and the boards go
//! next). Guide cards: a card per entry, four to a page, with where it plays each round.
//!
//! Returns PDF bytes. What moves where is the movement's own ([`crate::movement::plan`]);
//! the drawing is here, with the pen all PDFs share.

use std::collections::BTreeMap;

use printpdf::{Color, FontId, ParsedFont, PdfDocument, PdfPage};
use qrcode::{EcLevel, QrCode};

use super::pen::{self, Fingerprint, GREYS, PAGE_H, PAGE_W, Pen, black, clean};
use crate::event::seats::SideNames;
use crate::movement::plan::{Plan, board_list, summary};
use crate::movement::{Movement, Side, validate};

const MARGIN: f32 = 15.0;
/// Millimetres in a point.
const PT: f32 = 25.4 / 72.0;
/// Line spacing, in multiples of the font size.
const LEAD: f32 = 1.22;
/// A QR code's printed side, quiet zone included.
const QR_SIDE_MM: f32 = 50.0;
// Big enough to scan from a seat at the table.
const _: () = assert!(QR_SIDE_MM >= 35.0);
/// Light modules around a QR code, as the standard asks.
const QUIET: usize = 4;
/// The longest table code: a short code to type, printed large beside the QR code.
pub const MAX_CODE_CHARS: usize = 24;
/// The longest address, in bytes: it must be printed in full beside the QR code, and its
/// QR code (at most version 10, 57 modules across) keeps modules of 0.75 mm or more.
pub const MAX_URL_BYTES: usize = 200;

/// One table's card: the table and where its scores are entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableCard {
    /// The table's number in the movement, 1 to its number of tables.
    pub table: u32,
    /// The short code players type to score this table, printed large: at most
    /// [`MAX_CODE_CHARS`] characters.
    pub code: String,
    /// The table's score-entry page, code included: what the QR code holds, at most
    /// [`MAX_URL_BYTES`] bytes. The card also
    /// prints it without the code (its last occurrence taken out) as the address to open
    /// and type the code into; an address without the code is printed whole.
    pub url: String,
}

/// What the cards say besides the movement.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardsOptions {
    /// At the top of every page; left off when empty.
    pub event_name: String,
    /// The event's date, printed as given and left off when empty. A YYYY-MM-DD date also
    /// dates the PDF file (otherwise printpdf's fixed 1970-01-01; never the clock).
    pub date: String,
    /// Entry names by entry number, printed beside the numbers. An entry without a name is
    /// shown by its number only; a number listed twice keeps its first name. Long names are
    /// wrapped to two lines and cut with "…" past that.
    pub entry_names: Vec<(u32, String)>,
    /// What players call the two sides at the event's tables ("N-S ♠♥", "E-W ♦♣"): the
    /// cards name seats so, never "majors" alone.
    pub sides: SideNames,
    /// The site deals the event's boards and they move from table to table: each table card
    /// says in one line that a board is rebuilt with its sheet after each game ([`AFTER_GAME`]).
    pub boards_travel: bool,
}

/// What a table card says of a board after its game, where the boards travel.
pub const AFTER_GAME: &str = "After each game: rebuild the board with its sheet before it moves.";

/// Why the cards cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardsError {
    #[error("no table cards to print")]
    NoTables,
    #[error("the movement is not valid: {0}")]
    InvalidMovement(String),
    #[error("there is no table {table}: the movement has tables 1 to {tables}")]
    UnknownTable { table: u32, tables: u32 },
    #[error("table {0} has more than one card")]
    DuplicateTable(u32),
    #[error("table {0}'s card has no code")]
    NoCode(u32),
    #[error("table {0}'s card has no address")]
    NoUrl(u32),
    #[error("table {table}'s code is longer than {MAX_CODE_CHARS} characters")]
    CodeTooLong { table: u32 },
    #[error("table {table}'s address is longer than {MAX_URL_BYTES} bytes")]
    UrlTooLong { table: u32 },
    #[error("table {table}'s address cannot be made into a QR code: {reason}")]
    Qr { table: u32, reason: String },
    #[error("the embedded font could not be read")]
    Font,
    #[error("the PDF could not be written")]
    Save,
}

/// Table cards: for each card in `tables` (in table order, one A4 page each, more when a
/// table's plan needs them), the table's number, its QR code and code, and its plan round
/// by round from the movement `m`. `o` gives the event's name, date and entry names.
pub fn table_cards(
    m: &Movement,
    tables: &[TableCard],
    o: &CardsOptions,
) -> Result<Vec<u8>, CardsError> {
    check(m)?;
    let (cards, qrs) = checked_cards(tables, m.tables)?;

    let title = titled(o, "table cards");
    let digest = fingerprint(
        "table cards",
        &serde_json::to_vec(m).unwrap_or_default(),
        &cards,
        o,
        &title,
    );
    let font = font()?;
    let (doc, font_id) = document(&font, &title, o, &digest);
    let mut pen = Pen::new(&font, font_id);
    let plan = Plan::new(m);
    let names = Names::new(m, o);
    let mut pages = Vec::new();
    for (card, qr) in cards.iter().zip(&qrs) {
        pages.extend(table_pages(&mut pen, &plan, &names, card, qr, o));
    }
    save(doc, pages, &digest)
}

/// The cards in table order, each checked (a table of the event, once, with a code and an
/// address that fit), and their QR codes.
fn checked_cards(
    tables: &[TableCard],
    count: u32,
) -> Result<(Vec<&TableCard>, Vec<Qr>), CardsError> {
    if tables.is_empty() {
        return Err(CardsError::NoTables);
    }
    let mut cards: Vec<&TableCard> = tables.iter().collect();
    cards.sort_by_key(|c| c.table);
    for (i, card) in cards.iter().enumerate() {
        if !(1..=count).contains(&card.table) {
            return Err(CardsError::UnknownTable {
                table: card.table,
                tables: count,
            });
        }
        if i > 0 && cards[i - 1].table == card.table {
            return Err(CardsError::DuplicateTable(card.table));
        }
        if card.code.trim().is_empty() {
            return Err(CardsError::NoCode(card.table));
        }
        if card.url.trim().is_empty() {
            return Err(CardsError::NoUrl(card.table));
        }
        if card.code.trim().chars().count() > MAX_CODE_CHARS {
            return Err(CardsError::CodeTooLong { table: card.table });
        }
        if card.url.len() > MAX_URL_BYTES {
            return Err(CardsError::UrlTooLong { table: card.table });
        }
    }
    let qrs = cards
        .iter()
        .map(|c| Qr::new(c.table, &c.url))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((cards, qrs))
}

/// Table cards without a plan, for a movement made round by round from the results (the
/// progressive individual): for each card in `tables` one A4 page with the table's number,
/// `summary` under it, its QR code and code, and then `notes`, the room's rules in a few
/// lines. `count`: the event's tables.
pub fn code_cards(
    tables: &[TableCard],
    count: u32,
    summary: &str,
    notes: &[String],
    o: &CardsOptions,
) -> Result<Vec<u8>, CardsError> {
    let (cards, qrs) = checked_cards(tables, count)?;
    let title = titled(o, "table cards");
    let plan = format!("{summary}\n{}", notes.join("\n"));
    let digest = fingerprint("code cards", plan.as_bytes(), &cards, o, &title);
    let font = font()?;
    let (doc, font_id) = document(&font, &title, o, &digest);
    let mut pen = Pen::new(&font, font_id);
    let mut pages = Vec::new();
    for (card, qr) in cards.iter().zip(&qrs) {
        table_page_top(&mut pen, o);
        table_head(&mut pen, summary, card, qr, card.code.trim());
        pen.text(MARGIN, 128.0, 15.0, "How the room moves", black());
        let mut y = 138.0;
        let after = o.boards_travel.then(|| AFTER_GAME.to_string());
        for note in notes.iter().chain(&after) {
            for line in pen.wrap(note, 13.0, PAGE_W - 2.0 * MARGIN, 6) {
                pen.text(MARGIN, y, 13.0, &line, black());
                y += 13.0 * PT * LEAD;
            }
            y += 3.0;
        }
        let t = card.table;
        pen.right(
            PAGE_W - MARGIN,
            PAGE_H - 9.0,
            8.0,
            &format!("Table {t}"),
            GREYS.grey(),
        );
        pages.push(pen.page());
    }
    save(doc, pages, &digest)
}

/// Guide cards: one for each entry of the movement `m`, four to an A4 page with cut lines,
/// with the entry's number and name and, round by round, its table and seats, its opponents
/// and boards, or that it sits out. `o` gives the event's name, date and entry names.
pub fn guide_cards(m: &Movement, o: &CardsOptions) -> Result<Vec<u8>, CardsError> {
    check(m)?;
    let title = titled(o, "guide cards");
    let digest = fingerprint(
        "guide cards",
        &serde_json::to_vec(m).unwrap_or_default(),
        &[],
        o,
        &title,
    );
    let font = font()?;
    let (doc, font_id) = document(&font, &title, o, &digest);
    let mut pen = Pen::new(&font, font_id);
    let names = Names::new(m, o);
    let pages = guide_pages(&mut pen, m, &names, o);
    save(doc, pages, &digest)
}

fn check(m: &Movement) -> Result<(), CardsError> {
    validate(m).map_err(|v| {
        let first = v.first().map(ToString::to_string).unwrap_or_default();
        CardsError::InvalidMovement(first)
    })
}

fn titled(o: &CardsOptions, what: &str) -> String {
    if o.event_name.trim().is_empty() {
        format!("Calypso {what}")
    } else {
        format!("{}: Calypso {what}", clean(&o.event_name))
    }
}

// ---------------------------------------------------------------------------------------
// The document, with the pen's font, identity and saving.

fn font() -> Result<ParsedFont, CardsError> {
    pen::font().ok_or(CardsError::Font)
}

/// Dated by the event, never by the clock.
fn document(
    font: &ParsedFont,
    title: &str,
    o: &CardsOptions,
    digest: &[u8; 32],
) -> (PdfDocument, FontId) {
    pen::document(font, title, Some(o.date.trim()), digest)
}

fn save(doc: PdfDocument, pages: Vec<PdfPage>, digest: &[u8; 32]) -> Result<Vec<u8>, CardsError> {
    pen::save(doc, pages, digest).ok_or(CardsError::Save)
}

/// SHA-256 over everything a document is made from: which document, the movement, the
/// cards and the options.
fn fingerprint(
    what: &str,
    plan: &[u8],
    cards: &[&TableCard],
    o: &CardsOptions,
    title: &str,
) -> [u8; 32] {
    let mut h = Fingerprint::of(b"calypso-director movement cards v1");
    h.field(what.as_bytes());
    h.field(title.as_bytes());
    h.field(plan);
    for card in cards {
        h.field(&card.table.to_le_bytes());
        h.field(card.code.as_bytes());
        h.field(card.url.as_bytes());
    }
    h.field(o.event_name.as_bytes());
    h.field(o.date.as_bytes());
    for (number, name) in &o.entry_names {
        h.field(&number.to_le_bytes());
        h.field(name.as_bytes());
    }
    h.field(o.sides.majors().as_bytes());
    h.field(o.sides.minors().as_bytes());
    // The line is on table cards only; other cards keep the identifier they always had.
    if o.boards_travel && what != "guide cards" {
        h.field(AFTER_GAME.as_bytes());
    }
    h.finish()
}

// ---------------------------------------------------------------------------------------
// Entry names.

/// Entry names by number, with a team match's team in front.
struct Names {
    names: BTreeMap<u32, String>,
    teams: BTreeMap<u32, (&'static str, Vec<u32>)>,
}

impl Names {
    fn new(m: &Movement, o: &CardsOptions) -> Names {
        let mut names = BTreeMap::new();
        for (number, name) in &o.entry_names {
            let name = clean(name);
            if !name.is_empty() {
                names.entry(*number).or_insert(name);
            }
        }
        let mut teams = BTreeMap::new();
        if let Some(t) = &m.teams {
            for (letter, pairs) in [("A", &t.a), ("B", &t.b)] {
                for p in pairs {
                    teams.insert(*p, (letter, pairs.clone()));
                }
            }
        }
        Names { names, teams }
    }

    /// The name under an entry's number: "Ann & Bob", "Team A · Ann & Bob", or empty.
    fn of(&self, pair: u32) -> String {
        let name = self.names.get(&pair).cloned().unwrap_or_default();
        match self.teams.get(&pair) {
            Some((team, _)) if name.is_empty() => format!("Team {team}"),
            Some((team, _)) => format!("Team {team} · {name}"),
            None => name,
        }
    }
}

// ---------------------------------------------------------------------------------------
// Cells and rows of wrapped text.

/// One line of a cell.
struct Span {
    size: f32,
    text: String,
    color: Color,
}

fn span(size: f32, text: impl Into<String>, color: Color) -> Span {
    Span {
        size,
        text: text.into(),
        color,
    }
}

/// Lines of `text` wrapped into spans.
fn wrapped(
    pen: &mut Pen,
    text: &str,
    size: f32,
    width: f32,
    max_lines: usize,
    color: Color,
) -> Vec<Span> {
    pen.wrap(text, size, width, max_lines)
        .into_iter()
        .map(|l| span(size, l, color.clone()))
        .collect()
}

fn spans_height(spans: &[Span]) -> f32 {
    spans.iter().map(|s| s.size * PT * LEAD).sum()
}

/// Draws spans top down from `top`; returns the bottom.
fn draw_spans(pen: &mut Pen, x: f32, top: f32, spans: &[Span]) -> f32 {
    let mut y = top;
    for s in spans {
        let h = s.size * PT * LEAD;
        pen.text(x, y + ascent(s.size), s.size, &s.text, s.color.clone());
        y += h;
    }
    y
}

/// A row of cells in columns: each cell's left edge and spans. The cells' first lines
/// share a baseline, whatever their sizes.
struct Row {
    cells: Vec<(f32, Vec<Span>)>,
}

/// From the top of a line to its baseline.
fn ascent(size: f32) -> f32 {
    size * PT * 0.95
}

impl Row {
    /// How far below the row's top a cell starts, to put its first line on the baseline.
    fn offset(&self, spans: &[Span]) -> f32 {
        let baseline = self
            .cells
            .iter()
            .filter_map(|(_, s)| s.first().map(|f| ascent(f.size)))
            .fold(0.0, f32::max);
        spans.first().map_or(0.0, |f| baseline - ascent(f.size))
    }

    fn height(&self, pad: f32) -> f32 {
        let content = self
            .cells
            .iter()
            .map(|(_, s)| self.offset(s) + spans_height(s))
            .fold(0.0, f32::max);
        content + 2.0 * pad
    }

    /// Draws the row with its cells moved right by `dx`.
    fn draw(&self, pen: &mut Pen, dx: f32, top: f32, pad: f32) {
        for (x, spans) in &self.cells {
            draw_spans(pen, dx + x, top + pad + self.offset(spans), spans);
        }
    }
}

/// Rows into pages: the rows each page takes, given the room on the first page and on the
/// pages after it (a row taller than a page gets a page of its own).
fn paginate(heights: &[f32], first: f32, rest: f32) -> Vec<std::ops::Range<usize>> {
    let mut pages = Vec::new();
    let (mut start, mut used, mut room) = (0, 0.0, first);
    for (i, h) in heights.iter().enumerate() {
        if i > start && used + h > room {
            pages.push(start..i);
            start = i;
            used = 0.0;
            room = rest;
        }
        used += h;
    }
    pages.push(start..heights.len());
    pages
}

// ---------------------------------------------------------------------------------------
// The QR code.

/// A QR code's modules, row by row, `width` × `width` without the quiet zone.
struct Qr {
    width: usize,
    dark: Vec<bool>,
}

impl Qr {
    fn new(table: u32, url: &str) -> Result<Qr, CardsError> {
        let code =
            QrCode::with_error_correction_level(url.as_bytes(), EcLevel::M).map_err(|e| {
                CardsError::Qr {
                    table,
                    reason: e.to_string(),
                }
            })?;
        let width = code.width();
        let dark = code
            .to_colors()
            .into_iter()
            .map(|c| c.select(true, false))
            .collect();
        Ok(Qr { width, dark })
    }

    /// A module's side in mm.
    fn module(&self) -> f32 {
        QR_SIDE_MM / (self.width + 2 * QUIET) as f32
    }

    /// The dark modules as rectangles `[left, top, right, bottom]` in mm, one for each run
    /// of dark modules in a row, for the code whose quiet zone's top left corner is at
    /// (`x`, `y`).
    fn rects(&self, x: f32, y: f32) -> Vec<[f32; 4]> {
        let m = self.module();
        let mut rects = Vec::new();
        for row in 0..self.width {
            let dark = &self.dark[row * self.width..(row + 1) * self.width];
            let mut col = 0;
            while col < self.width {
                if !dark[col] {
                    col += 1;
                    continue;
                }
                let start = col;
                while col < self.width && dark[col] {
                    col += 1;
                }
                let top = y + (row + QUIET) as f32 * m;
                rects.push([
                    x + (start + QUIET) as f32 * m,
                    top,
                    x + (col + QUIET) as f32 * m,
                    top + m,
                ]);
            }
        }
        rects
    }
}

// ---------------------------------------------------------------------------------------
// Table cards.

/// Left edges of the plan's columns: round, majors, minors, boards, then.
const COL_X: [f32; 5] = [MARGIN, 29.0, 74.0, 119.0, 137.0];
/// Room between columns.
const GAP: f32 = 2.5;
const ROW_PAD: f32 = 2.2;
/// Bottom of the rows' room, above the footer.
const ROWS_END: f32 = PAGE_H - 16.0;
/// Top of the rows on a table's first page and on the pages after it.
const ROWS_TOP_FIRST: f32 = 139.0;
const ROWS_TOP_NEXT: f32 = 60.0;

fn col_width(i: usize) -> f32 {
    let end = COL_X.get(i + 1).copied().unwrap_or(PAGE_W - MARGIN + GAP);
    end - COL_X[i] - GAP
}

/// The address to open and type the code into: the card's address without its code.
fn entry_address(card: &TableCard) -> String {
    let code = card.code.trim();
    match card.url.rfind(code) {
        Some(i) => format!("{}{}", &card.url[..i], &card.url[i + code.len()..]),
        None => card.url.clone(),
    }
}

/// Plans with few rounds are printed larger, to be read from further away: the first of
/// these scales at which a table's plan fits its first page.
const PLAN_SCALES: [f32; 4] = [1.4, 1.25, 1.1, 1.0];

/// One round at a table, its type `scale` times the normal size.
fn table_row(pen: &mut Pen, plan: &Plan, names: &Names, round: u32, table: u32, scale: f32) -> Row {
    let m = plan.movement;
    let (big, pair, small, tiny) = (18.0 * scale, 13.0 * scale, 9.5 * scale, 7.0 * scale);
    let mut round_cell = vec![span(big, round.to_string(), black())];
    if m.arrow_switched(round) {
        round_cell.push(span(tiny, "arrow", GREYS.grey()));
        round_cell.push(span(tiny, "switch", GREYS.grey()));
    }
    let mut cells = vec![(COL_X[0], round_cell)];
    let seating = m.seating(round, table);
    match seating {
        Some(s) if s.has_game() => {
            for (i, side) in [(1, Side::Majors), (2, Side::Minors)] {
                let p = s.pair(side).unwrap_or_default();
                let mut spans = vec![span(pair, format!("Pair {p}"), black())];
                spans.extend(wrapped(
                    pen,
                    &names.of(p),
                    small,
                    col_width(i),
                    2,
                    GREYS.dark(),
                ));
                cells.push((COL_X[i], spans));
            }
            cells.push((COL_X[3], vec![span(pair, board_list(&s.boards), black())]));
        }
        _ => {
            let width = col_width(1) + GAP + col_width(2);
            let mut spans = Vec::new();
            match plan.phantom_opponent(round) {
                Some(p) => {
                    let words = format!("No game (phantom): pair {p} sits out");
                    spans.extend(wrapped(pen, &words, pair, width, 2, black()));
                    spans.extend(wrapped(pen, &names.of(p), small, width, 1, GREYS.dark()));
                }
                None => {
                    spans.push(span(pair, "No game (phantom)", black()));
                    let out: Vec<String> = m.sitting_out(round).map(|p| p.to_string()).collect();
                    if !out.is_empty() {
                        let who = if out.len() == 1 { "pair" } else { "pairs" };
                        let words = format!("Sitting out this round: {who} {}", out.join(", "));
                        spans.extend(wrapped(pen, &words, small, width, 2, GREYS.dark()));
                    }
                }
            }
            cells.push((COL_X[1], spans));
            let waiting = m.boards_at(round, table);
            let boards = if waiting.is_empty() {
                vec![span(pair, "–", GREYS.grey())]
            } else {
                vec![
                    span(pair, board_list(&waiting), black()),
                    span(tiny, "wait here", GREYS.grey()),
                ]
            };
            cells.push((COL_X[3], boards));
        }
    }
    let mut then = Vec::new();
    for next in plan.next(round, table) {
        then.extend(wrapped(
            pen,
            &next.text(round),
            small,
            col_width(4),
            2,
            black(),
        ));
    }
    if then.is_empty() {
        let words = if round == m.rounds {
            "End of play".to_string()
        } else if seating.is_some_and(|s| s.has_game()) {
            "Both pairs stay here".to_string()
        } else if let Some(p) = plan.phantom_opponent(round) {
            format!("Pair {p} stays here")
        } else {
            "–".to_string()
        };
        then.push(span(small, words, GREYS.grey()));
    }
    cells.push((COL_X[4], then));
    Row { cells }
}

/// Event name on the left and date on the right, at baseline `y`.
fn event_line(pen: &mut Pen, left: f32, right_x: f32, y: f32, size: f32, o: &CardsOptions) {
    let date = clean(&o.date);
    let date_w = if date.is_empty() {
        0.0
    } else {
        pen.right(right_x, y, size, &date, GREYS.dark());
        pen.width(&date, size) + 6.0
    };
    let name = clean(&o.event_name);
    if !name.is_empty() {
        let line = pen.wrap(&name, size, right_x - left - date_w, 1);
        if let Some(line) = line.first() {
            pen.text(left, y, size, line, black());
        }
    }
}

/// The top of a table card's page: the event's name and date over a rule.
fn table_page_top(pen: &mut Pen, o: &CardsOptions) {
    event_line(pen, MARGIN, PAGE_W - MARGIN, 16.0, 12.0, o);
    pen.line(
        (MARGIN, 19.5),
        (PAGE_W - MARGIN, 19.5),
        0.5,
        false,
        GREYS.light(),
    );
}

fn plan_header(pen: &mut Pen, y: f32, sides: &SideNames) {
    let labels = [
        "Round",
        sides.majors(),
        sides.minors(),
        "Boards",
        "After the round",
    ];
    for (x, label) in COL_X.iter().zip(labels) {
        pen.text(*x, y, 9.0, label, GREYS.grey());
    }
    pen.line(
        (MARGIN, y + 2.0),
        (PAGE_W - MARGIN, y + 2.0),
        0.8,
        false,
        GREYS.grey(),
    );
}

/// A table's pages: the first with its number, QR code and code, then the plan (going on
/// to more pages when it must).
fn table_pages(
    pen: &mut Pen,
    plan: &Plan,
    names: &Names,
    card: &TableCard,
    qr: &Qr,
    o: &CardsOptions,
) -> Vec<PdfPage> {
    let m = plan.movement;
    let t = card.table;
    let (mut rows, mut pad) = (Vec::new(), ROW_PAD);
    for scale in PLAN_SCALES {
        pad = ROW_PAD * scale;
        rows = (1..=m.rounds)
            .map(|r| table_row(pen, plan, names, r, t, scale))
            .collect::<Vec<Row>>();
        let height: f32 = rows.iter().map(|r| r.height(pad)).sum();
        if height <= ROWS_END - ROWS_TOP_FIRST {
            break;
        }
    }
    let heights: Vec<f32> = rows.iter().map(|r| r.height(pad)).collect();
    let chunks = paginate(
        &heights,
        ROWS_END - ROWS_TOP_FIRST,
        ROWS_END - ROWS_TOP_NEXT,
    );
    let code = card.code.trim();
    let mut pages = Vec::new();
    for (k, chunk) in chunks.iter().enumerate() {
        table_page_top(pen, o);
        let top = if k == 0 {
            table_head(pen, &summary(m), card, qr, code);
            pen.text(
                MARGIN,
                128.0,
                13.0,
                &format!("Table {t}, round by round"),
                black(),
            );
            if o.boards_travel {
                pen.right(PAGE_W - MARGIN, 128.0, 9.5, AFTER_GAME, black());
            }
            plan_header(pen, 135.0, &o.sides);
            ROWS_TOP_FIRST
        } else {
            pen.text(MARGIN, 36.0, 28.0, &format!("Table {t}"), black());
            pen.text(
                MARGIN,
                44.0,
                11.0,
                "round by round, continued",
                GREYS.dark(),
            );
            pen.right(
                PAGE_W - MARGIN,
                36.0,
                14.0,
                &format!("Code {code}"),
                black(),
            );
            plan_header(pen, 56.0, &o.sides);
            ROWS_TOP_NEXT
        };
        let mut y = top;
        for (i, row) in rows[chunk.clone()].iter().enumerate() {
            let h = row.height(pad);
            if (chunk.start + i) % 2 == 1 {
                pen.fill_rects(&[[MARGIN, y, PAGE_W - MARGIN, y + h]], GREYS.band());
            }
            row.draw(pen, 0.0, y, pad);
            y += h;
            pen.line((MARGIN, y), (PAGE_W - MARGIN, y), 0.3, false, GREYS.light());
        }
        pen.text(MARGIN, PAGE_H - 9.0, 8.0, &summary(m), GREYS.grey());
        let page_no = if chunks.len() > 1 {
            format!("Table {t} · page {} of {}", k + 1, chunks.len())
        } else {
            format!("Table {t}")
        };
        pen.right(PAGE_W - MARGIN, PAGE_H - 9.0, 8.0, &page_no, GREYS.grey());
        pages.push(pen.page());
    }
    pages
}

/// The top of a table's first page: the big number, the QR code and the code.
fn table_head(pen: &mut Pen, summary: &str, card: &TableCard, qr: &Qr, code: &str) {
    let t = card.table;
    pen.text(MARGIN, 50.0, 64.0, &format!("Table {t}"), black());
    pen.text(MARGIN, 60.0, 11.0, summary, GREYS.dark());
    // The code's quiet zone is the paper around it: nothing else is drawn within it.
    let (qx, qy) = (MARGIN - qr.module() * QUIET as f32, 66.0);
    pen.fill_rects(&qr.rects(qx, qy), black());
    let x = qx + QR_SIDE_MM + 4.0;
    let width = PAGE_W - MARGIN - x;
    pen.text(
        x,
        75.0,
        15.0,
        "Score this table: scan the QR code.",
        black(),
    );
    // For a phone without a camera: the box to type the code into, its address in black.
    let address = entry_address(card);
    let address = address.trim();
    // Each line's baseline a line of its own size below the last one's.
    let mut y = 76.5;
    let mut say = |pen: &mut Pen, text: &str, size: f32, most: usize, color: Color| {
        for line in pen.wrap(text, size, width, most) {
            y += size * PT * LEAD;
            pen.text(x, y, size, &line, color.clone());
        }
    };
    say(pen, "No camera? Open", 12.0, 1, GREYS.dark());
    // Large while it takes two lines at most; the longest address takes four smaller ones.
    let size = if pen.wrap(address, 14.0, width, 3).len() <= 2 {
        14.0
    } else {
        11.0
    };
    say(pen, address, size, 5, black());
    say(pen, "and type the code:", 12.0, 1, GREYS.dark());
    // Room for that line's descenders above the code.
    let y = y + 3.0;
    // The code as large as fits beside the QR code (at most 54 points), its baseline level
    // with the code's last row of modules, or a little below when the address is long.
    let last_row = qy + QR_SIDE_MM - qr.module() * QUIET as f32;
    let size = (width / pen.width(code, 1.0))
        .min(54.0)
        .min((last_row + 3.0 - y) / (PT * 0.9))
        .max(8.0);
    let base = (y + size * PT * 0.9).max(last_row);
    pen.text(x, base, size, code, black());
    pen.line(
        (MARGIN, qy + QR_SIDE_MM + 3.0),
        (PAGE_W - MARGIN, qy + QR_SIDE_MM + 3.0),
        0.8,
        false,
        GREYS.grey(),
    );
}

// ---------------------------------------------------------------------------------------
// Guide cards.

/// Cards on a page: two across, two down, each a quarter of A4 (A6).
const GUIDE_COLS: usize = 2;
const GUIDE_ROWS: usize = 2;
const CARD_W: f32 = PAGE_W / GUIDE_COLS as f32;
const CARD_H: f32 = PAGE_H / GUIDE_ROWS as f32;
/// Inside a card: margin and the left edges of round, table, seats and boards. Under the
/// table, seats and boards, a second line names the opponents.
const CARD_PAD: f32 = 8.0;
const GUIDE_X: [f32; 4] = [0.0, 13.0, 29.0, 62.0];
const GUIDE_W: f32 = CARD_W - 2.0 * CARD_PAD;
const GUIDE_ROW_PAD: f32 = 1.6;

/// Guide cards with few rounds are printed larger: the first of these scales at which an
/// entry's rounds fit one card.
const GUIDE_SCALES: [f32; 3] = [1.3, 1.15, 1.0];

/// One round of an entry, its type `scale` times the normal size.
fn guide_row(
    pen: &mut Pen,
    m: &Movement,
    names: &Names,
    sides: &SideNames,
    round: u32,
    pair: u32,
    scale: f32,
) -> Row {
    let x = GUIDE_X;
    let (big, seat_size, small) = (12.0 * scale, 11.0 * scale, 9.0 * scale);
    let mut cells = vec![(x[0], vec![span(big, round.to_string(), black())])];
    let seat = m
        .place(round, pair)
        .and_then(|(t, side)| m.seating(round, t).map(|s| (s, side)));
    match seat {
        Some((s, side)) => {
            let other = match side {
                Side::Majors => Side::Minors,
                Side::Minors => Side::Majors,
            };
            let against = match s.pair(other) {
                Some(o) => {
                    let name = names.of(o);
                    if name.is_empty() {
                        format!("against pair {o}")
                    } else {
                        format!("against pair {o} · {name}")
                    }
                }
                None => "no opponents".to_string(),
            };
            let mut table = vec![span(big, s.table.to_string(), black())];
            table.extend(wrapped(
                pen,
                &against,
                small,
                GUIDE_W - x[1],
                2,
                GREYS.dark(),
            ));
            cells.push((x[1], table));
            cells.push((x[2], vec![span(seat_size, sides.name(side), black())]));
            cells.push((x[3], vec![span(big, board_list(&s.boards), black())]));
        }
        None => {
            let why = if m.is_absent(round, pair) {
                "Not playing"
            } else {
                "Sits out"
            };
            cells.push((x[1], vec![span(big, "–", GREYS.grey())]));
            cells.push((x[2], vec![span(seat_size, why, black())]));
        }
    }
    Row { cells }
}

/// The top of an entry's card; returns where its rows start.
#[allow(clippy::too_many_arguments)]
fn guide_head(
    pen: &mut Pen,
    m: &Movement,
    names: &Names,
    pair: u32,
    continued: bool,
    cx: f32,
    cy: f32,
    o: &CardsOptions,
) -> f32 {
    let x0 = cx + CARD_PAD;
    event_line(pen, x0, x0 + GUIDE_W, cy + 11.0, 8.5, o);
    let mut y = cy + 14.0;
    let title = if continued {
        format!("Pair {pair}, continued")
    } else {
        format!("Pair {pair}")
    };
    let size = if continued { 14.0 } else { 24.0 };
    y += size * PT * LEAD;
    pen.text(x0, y - size * PT * 0.25, size, &title, black());
    if !continued {
        let name = names.names.get(&pair).cloned().unwrap_or_default();
        let spans = wrapped(pen, &name, 12.0, GUIDE_W, 2, black());
        y = draw_spans(pen, x0, y + 1.0, &spans);
        if let Some(t) = &m.teams {
            let (letter, team) = if t.a.contains(&pair) {
                ("A", &t.a)
            } else {
                ("B", &t.b)
            };
            let partners: Vec<String> = team
                .iter()
                .filter(|p| **p != pair)
                .map(u32::to_string)
                .collect();
            let words = format!("Team {letter}, with pair {}", partners.join(", "));
            y = draw_spans(pen, x0, y, &[span(9.5, words, GREYS.dark())]);
        }
    }
    y += 5.0;
    let labels = ["Round", "Table", "Seats", "Boards"];
    for (dx, label) in GUIDE_X.iter().zip(labels) {
        pen.text(x0 + dx, y, 8.0, label, GREYS.grey());
    }
    pen.line(
        (x0, y + 1.5),
        (x0 + GUIDE_W, y + 1.5),
        0.6,
        false,
        GREYS.grey(),
    );
    y + 1.5
}

fn guide_pages(pen: &mut Pen, m: &Movement, names: &Names, o: &CardsOptions) -> Vec<PdfPage> {
    let per_page = GUIDE_COLS * GUIDE_ROWS;
    let mut pages = Vec::new();
    let mut slot = 0;
    let summary = summary(m);
    for pair in 1..=m.pairs {
        // Rows as large as fit one card below a first card's head (measured by drawing
        // the head and taking it back off the page).
        let room = {
            let mark = pen.ops.len();
            let y = guide_head(pen, m, names, pair, false, 0.0, 0.0, o);
            pen.ops.truncate(mark);
            guide_rows_end(0.0) - y
        };
        let (mut rows, mut pad) = (Vec::new(), GUIDE_ROW_PAD);
        for scale in GUIDE_SCALES {
            pad = GUIDE_ROW_PAD * scale;
            rows = (1..=m.rounds)
                .map(|r| guide_row(pen, m, names, &o.sides, r, pair, scale))
                .collect::<Vec<Row>>();
            if rows.iter().map(|r| r.height(pad)).sum::<f32>() <= room {
                break;
            }
        }
        // A card for the entry, and more when its rounds do not fit one.
        let mut next = 0;
        let mut continued = false;
        loop {
            let (cx, cy) = (
                (slot % GUIDE_COLS) as f32 * CARD_W,
                (slot / GUIDE_COLS) as f32 * CARD_H,
            );
            let x0 = cx + CARD_PAD;
            let mut y = guide_head(pen, m, names, pair, continued, cx, cy, o);
            let end = guide_rows_end(cy);
            let mut i = next;
            while i < rows.len() {
                let h = rows[i].height(pad);
                // At least one row a card, so a card always makes progress.
                if i > next && y + h > end {
                    break;
                }
                if i % 2 == 1 {
                    pen.fill_rects(&[[x0, y, x0 + GUIDE_W, y + h]], GREYS.band());
                }
                rows[i].draw(pen, x0, y, pad);
                y += h;
                pen.line((x0, y), (x0 + GUIDE_W, y), 0.3, false, GREYS.light());
                i += 1;
            }
            let more = i < rows.len();
            let foot = if more {
                format!("{summary} · continued on the next card")
            } else {
                summary.clone()
            };
            let foot = pen.wrap(&foot, 6.5, GUIDE_W, 1);
            if let Some(f) = foot.first() {
                pen.text(x0, cy + CARD_H - CARD_PAD + 2.0, 6.5, f, GREYS.grey());
            }
            next = i;
            continued = true;
            slot += 1;
            if slot == per_page {
                pages.push(guide_page(pen));
                slot = 0;
            }
            if next >= rows.len() {
                break;
            }
        }
    }
    if slot > 0 {
        pages.push(guide_page(pen));
    }
    pages
}

/// The bottom of the rows' room on a card whose top is at `cy`, above its footer.
fn guide_rows_end(cy: f32) -> f32 {
    cy + CARD_H - CARD_PAD - 3.0
}

/// Dashed cut lines between the cards, then the page.
fn guide_page(pen: &mut Pen) -> PdfPage {
    for c in 1..GUIDE_COLS {
        let x = c as f32 * CARD_W;
        pen.line((x, 0.0), (x, PAGE_H), 0.4, true, GREYS.grey());
    }
    for r in 1..GUIDE_ROWS {
        let y = r as f32 * CARD_H;
        pen.line((0.0, y), (PAGE_W, y), 0.4, true, GREYS.grey());
    }
    pen.page()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movement::{MovementKind, MovementRequest, generate};

    fn mitchell(tables: u32, rounds: u32) -> Movement {
        let mut req = MovementRequest::new(MovementKind::Mitchell);
        req.tables = Some(tables);
        req.rounds = Some(rounds);
        generate(&req).unwrap()
    }

    fn cards(m: &Movement) -> Vec<TableCard> {
        (1..=m.tables)
            .map(|t| TableCard {
                table: t,
                code: format!("T{t}X"),
                url: format!("https://club.example/s/T{t}X"),
            })
            .collect()
    }

    fn with_pen<R>(f: impl FnOnce(&mut Pen) -> R) -> R {
        let font = font().unwrap();
        let mut pen = Pen::new(&font, FontId("TEST".into()));
        f(&mut pen)
    }

    /// The squares drawn are the encoder's modules: each module's centre is inside a drawn
    /// rectangle exactly when the encoder says it is dark, and the quiet zone (four modules
    /// all round) is empty.
    #[test]
    fn the_drawn_squares_are_the_encoders_matrix() {
        for url in [
            "https://club.example/s/T1X",
            "https://scores.example.org/events/2025-spring-pairs/tables/17/score?code=K7P4QX",
        ] {
            let code = QrCode::with_error_correction_level(url.as_bytes(), EcLevel::M).unwrap();
            let qr = Qr::new(1, url).unwrap();
            assert_eq!(qr.width, code.width());
            let (x, y) = (12.0, 66.0);
            let rects = qr.rects(x, y);
            let m = qr.module();
            assert!((m * (qr.width + 2 * QUIET) as f32 - QR_SIDE_MM).abs() < 1e-3);
            let colors = code.to_colors();
            let full = qr.width + 2 * QUIET;
            for row in 0..full {
                for col in 0..full {
                    let (cx, cy) = (x + (col as f32 + 0.5) * m, y + (row as f32 + 0.5) * m);
                    let drawn = rects
                        .iter()
                        .any(|&[l, t, r, b]| l < cx && cx < r && t < cy && cy < b);
                    let inside = (QUIET..QUIET + qr.width).contains(&row)
                        && (QUIET..QUIET + qr.width).contains(&col);
                    let dark = inside
                        && colors[(row - QUIET) * qr.width + col - QUIET] == qrcode::Color::Dark;
                    assert_eq!(drawn, dark, "{url}: module ({row}, {col})");
                }
            }
        }
    }

    /// The longest address still gives modules of 0.75 mm; a longer one is refused.
    #[test]
    fn the_longest_address_prints_readably_and_a_longer_one_is_refused() {
        let longest = format!("https://club.example/{}", "x".repeat(MAX_URL_BYTES - 21));
        assert_eq!(longest.len(), MAX_URL_BYTES);
        let qr = Qr::new(1, &longest).unwrap();
        assert!(
            qr.module() >= 0.75,
            "{} modules: {} mm",
            qr.width,
            qr.module()
        );
        let m = mitchell(3, 3);
        let mut c = cards(&m);
        c[1].url = format!("{longest}x");
        assert_eq!(
            table_cards(&m, &c, &CardsOptions::default()),
            Err(CardsError::UrlTooLong { table: 2 })
        );
        let mut c = cards(&m);
        c[2].code = "C".repeat(MAX_CODE_CHARS + 1);
        assert_eq!(
            table_cards(&m, &c, &CardsOptions::default()),
            Err(CardsError::CodeTooLong { table: 3 })
        );
        assert!(matches!(
            Qr::new(3, &"x".repeat(5000)),
            Err(CardsError::Qr { table: 3, .. })
        ));
    }

    #[test]
    fn bad_cards_are_refused() {
        let m = mitchell(3, 3);
        let o = CardsOptions::default();
        assert_eq!(table_cards(&m, &[], &o), Err(CardsError::NoTables));
        let mut c = cards(&m);
        c[0].table = 4;
        assert_eq!(
            table_cards(&m, &c, &o),
            Err(CardsError::UnknownTable {
                table: 4,
                tables: 3
            })
        );
        c[0].table = 0;
        assert!(matches!(
            table_cards(&m, &c, &o),
            Err(CardsError::UnknownTable { table: 0, .. })
        ));
        let mut c = cards(&m);
        c[0].table = 2;
        assert_eq!(table_cards(&m, &c, &o), Err(CardsError::DuplicateTable(2)));
        let mut c = cards(&m);
        c[2].code = " ".into();
        assert_eq!(table_cards(&m, &c, &o), Err(CardsError::NoCode(3)));
        let mut c = cards(&m);
        c[2].url = String::new();
        assert_eq!(table_cards(&m, &c, &o), Err(CardsError::NoUrl(3)));
        let mut broken = m.clone();
        broken.schedule.pop();
        assert!(matches!(
            table_cards(&broken, &cards(&m), &o),
            Err(CardsError::InvalidMovement(_))
        ));
        assert!(matches!(
            guide_cards(&broken, &o),
            Err(CardsError::InvalidMovement(_))
        ));
    }

    /// A card for some of the tables only is fine: one page each, in table order.
    #[test]
    fn cards_for_some_tables() {
        let m = mitchell(5, 4);
        let mut c = cards(&m);
        c.reverse();
        c.truncate(2);
        let pdf = table_cards(&m, &c, &CardsOptions::default()).unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
    }

    #[test]
    fn long_names_wrap_and_are_cut_to_fit() {
        with_pen(|pen| {
            let name = "Maximiliane Oberhuber-Wittgenstein & Bartholomew Featherstonehaugh-\
                        Cholmondeley of the Northern Counties Bridge and Calypso Club";
            let lines = pen.wrap(name, 9.5, 40.0, 2);
            assert_eq!(lines.len(), 2, "{lines:?}");
            for l in &lines {
                assert!(pen.width(l, 9.5) <= 40.0 + 1e-3, "{l}");
            }
            assert!(lines[1].ends_with('…'), "{lines:?}");
            // One unbroken word is broken where it must be.
            let word = "W".repeat(80);
            let lines = pen.wrap(&word, 12.0, 30.0, 3);
            assert_eq!(lines.len(), 3);
            assert!(lines.iter().all(|l| pen.width(l, 12.0) <= 30.0 + 1e-3));
            // A short name is left alone.
            assert_eq!(pen.wrap("Ann & Bob", 9.5, 40.0, 2), vec!["Ann & Bob"]);
            assert!(pen.wrap("", 9.5, 40.0, 2).is_empty());
        });
    }

    #[test]
    fn names_are_cleaned_and_the_first_one_kept() {
        let m = mitchell(3, 3);
        let o = CardsOptions {
            entry_names: vec![
                (1, "  Ann \n\t& Bob ".into()),
                (1, "Someone else".into()),
                (2, "   ".into()),
            ],
            ..CardsOptions::default()
        };
        let names = Names::new(&m, &o);
        assert_eq!(names.of(1), "Ann & Bob");
        assert_eq!(names.of(2), "");
        let mut req = MovementRequest::new(MovementKind::TeamMatch);
        req.boards = Some(4);
        let team = generate(&req).unwrap();
        let names = Names::new(&team, &o);
        assert_eq!(names.of(1), "Team A · Ann & Bob");
        assert_eq!(names.of(3), "Team B");
    }

    #[test]
    fn pagination_keeps_rows_whole() {
        assert_eq!(paginate(&[10.0; 5], 25.0, 40.0), vec![0..2, 2..5]);
        assert_eq!(paginate(&[50.0, 5.0], 25.0, 40.0), vec![0..1, 1..2]);
        assert_eq!(paginate(&[], 25.0, 40.0), vec![0..0]);
    }

    #[test]
    fn the_same_inputs_give_the_same_bytes_within_one_process() {
        let m = mitchell(5, 4);
        let o = CardsOptions {
            event_name: "Spring Pairs".into(),
            date: "2025-04-01".into(),
            entry_names: vec![(1, "Ann & Bob".into())],
            ..Default::default()
        };
        let a = table_cards(&m, &cards(&m), &o).unwrap();
        let b = table_cards(&m, &cards(&m), &o).unwrap();
        assert!(a == b);
        let a = guide_cards(&m, &o).unwrap();
        let b = guide_cards(&m, &o).unwrap();
        assert!(a == b);
    }
}
