//! Hand-record PDFs: hand records (a page per board), curtain cards (a slip per seat and deal)
//! and stacking order (the 208 cards top to bottom) of boards the deals module dealt, and the
//! papers that put a played board back together (rebuild sheets and packet labels, drawn in
//! `print::rebuild`).
//! Returns bytes, so the command line can write a file and the web service can serve them
//! as they are.

use printpdf::PdfPage;

use super::pen::{self, Fingerprint, GREYS, PAGE_H, PAGE_W, Pen, black, suit_color};
use crate::deals::record::{
    DISPLAY_SUITS, duet_hands_lines, duet_player, own_trumps, player_title, suit_ranks,
};
use crate::deals::{ALGORITHM, Board};
use crate::engine::{GameSpec, Seat, Suit};
use crate::event::game_kind::GameKind;
use crate::event::papers::{Papers, PapersError, papers};
use crate::event::par::{self, BoardParShown, EventPars};
use crate::event::seats::SideNames;
use crate::event::{DealKey, EventSettings};

/// Which document to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PdfKind {
    /// A page per board: every deal's four hands.
    Records,
    /// A slip per seat and deal, to cut out.
    Curtains,
    /// The stack of each board, top card first.
    Stack,
    /// A page per board: each card's copies and the packets they go back to after the game.
    Rebuild,
    /// A label per packet (deal and seat), to cut out.
    Labels,
    /// The three papers that build the boards before the evening: records, curtain cards and
    /// stacking order, in that order.
    All,
}

impl PdfKind {
    /// Each kind's name, in the order of the variants.
    pub const NAMES: [&'static str; 6] =
        ["records", "curtains", "stack", "rebuild", "labels", "all"];

    pub fn from_name(name: &str) -> Option<PdfKind> {
        Some(match name {
            "records" => PdfKind::Records,
            "curtains" => PdfKind::Curtains,
            "stack" => PdfKind::Stack,
            "rebuild" => PdfKind::Rebuild,
            "labels" => PdfKind::Labels,
            "all" => PdfKind::All,
            _ => return None,
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdfOptions {
    pub kind: PdfKind,
    pub event_name: Option<String>,
    /// Shown as given (the command line checks it is YYYY-MM-DD).
    pub date: Option<String>,
    /// The set commitment, printed in the footer so a record can be tied to its set.
    pub commitment: Option<String>,
    /// The game, for the footer, when it is not Calypso (Kaiso's boards: "Kaiso").
    pub game: Option<String>,
}

impl Default for PdfOptions {
    fn default() -> PdfOptions {
        PdfOptions {
            kind: PdfKind::Records,
            event_name: None,
            date: None,
            commitment: None,
            game: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PdfError {
    #[error("no boards to print")]
    NoBoards,
    #[error("the embedded font could not be read")]
    Font,
    #[error("the PDF could not be written")]
    Save,
}

/// Renders the chosen document for `boards` and returns the PDF file's bytes.
pub fn render(
    boards: &[Board],
    spec: &GameSpec,
    options: &PdfOptions,
) -> Result<Vec<u8>, PdfError> {
    render_with_pars(boards, spec, options, &EventPars::None)
}

/// The lines a board's hand record prints of its robot par: the figures, or that they are
/// not worked out yet; none where the event gets no par (or for reserve boards). The net is
/// said in the players' words for the sides ("N-S ♠♥ less E-W ♦♣").
pub fn par_lines(pars: &EventPars, board: &Board, sides: &SideNames) -> Vec<String> {
    if board.reserve {
        return Vec::new();
    }
    match pars.of_board(board.number) {
        None => Vec::new(),
        // Cooperative Calypso: all four play for the table's total, the par's one figure.
        Some(BoardParShown::Figures(p)) if p.total.is_some() => vec![
            format!(
                "{}: table total {}",
                par::par_title(&p),
                p.total.as_ref().map(par::side_figures).unwrap_or_default()
            ),
            format!(
                "Majors {} · Minors {}",
                par::side_figures(&p.majors),
                par::side_figures(&p.minors)
            ),
        ],
        Some(BoardParShown::Figures(p)) => vec![
            format!(
                "{}: net {} ({} less {})",
                par::par_title(&p),
                par::signed(par::whole(p.net)),
                sides.majors(),
                sides.minors()
            ),
            format!(
                "Majors {} · Minors {}",
                par::side_figures(&p.majors),
                par::side_figures(&p.minors)
            ),
        ],
        Some(BoardParShown::Pending { .. } | BoardParShown::Off) => vec![par::NOT_YET.into()],
        Some(BoardParShown::NotThisGame) => vec![par::NO_PAR_FOR_GAME.into()],
    }
}

/// The same, each board's hand record with its robot par (the figures handed over).
pub fn render_with_pars(
    boards: &[Board],
    spec: &GameSpec,
    options: &PdfOptions,
    pars: &EventPars,
) -> Result<Vec<u8>, PdfError> {
    if boards.is_empty() {
        return Err(PdfError::NoBoards);
    }
    let font = pen::font().ok_or(PdfError::Font)?;
    let what = match options.kind {
        PdfKind::Rebuild => "Calypso rebuild sheets",
        PdfKind::Labels => "Calypso packet labels",
        _ => "Calypso hand records",
    };
    let title = match &options.event_name {
        Some(name) => format!("{name}: {what}"),
        None => what.to_string(),
    };
    let sides = SideNames::of(spec);
    let par_text: Vec<Vec<String>> = boards.iter().map(|b| par_lines(pars, b, &sides)).collect();
    let digest = fingerprint(boards, spec, options, &title, &par_text);
    let (doc, font_id) = pen::document(&font, &title, options.date.as_deref(), &digest);
    let mut pen = Pen::new(&font, font_id);

    let mut pages = Vec::new();
    let kind = options.kind;
    if matches!(kind, PdfKind::Records | PdfKind::All) {
        for (board, lines) in boards.iter().zip(&par_text) {
            pages.push(hand_record_page(&mut pen, board, spec, options, lines));
        }
    }
    if matches!(kind, PdfKind::Curtains | PdfKind::All) {
        pages.extend(curtain_pages(&mut pen, boards, spec, options));
    }
    if matches!(kind, PdfKind::Stack | PdfKind::All) {
        for board in boards {
            pages.push(stack_page(&mut pen, board, spec, options));
        }
    }
    if kind == PdfKind::Rebuild {
        let frame = |pen: &mut Pen| page_frame(pen, spec, options);
        for board in boards {
            let title = format!("{} · rebuild sheet", board_title(board));
            pages.push(super::rebuild::sheet_page(&mut pen, board, &title, &frame));
        }
    }
    if kind == PdfKind::Labels {
        let name = options.event_name.as_deref();
        pages.extend(super::rebuild::label_pages(
            &mut pen,
            boards,
            spec,
            name,
            board_title,
        ));
    }
    pen::save(doc, pages, &digest).ok_or(PdfError::Save)
}

/// An event's papers could not be made: the event's own refusal (a key of another
/// algorithm), or the PDF's.
#[derive(Debug, thiserror::Error)]
pub enum EventPapersError {
    #[error(transparent)]
    Papers(#[from] PapersError),
    #[error(transparent)]
    Pdf(#[from] PdfError),
}

/// The PDF of one kind for every board of an event (or every reserve board): what the site
/// serves and the command line writes from the event's papers file.
pub fn event_papers(
    settings: &EventSettings,
    key: &DealKey,
    kind: PdfKind,
    reserve: bool,
) -> Result<Vec<u8>, EventPapersError> {
    event_papers_with_pars(settings, key, kind, reserve, &EventPars::None)
}

/// The same, the hand records with the robot par the site has worked out.
pub fn event_papers_with_pars(
    settings: &EventSettings,
    key: &DealKey,
    kind: PdfKind,
    reserve: bool,
    pars: &EventPars,
) -> Result<Vec<u8>, EventPapersError> {
    let Papers {
        boards,
        spec,
        event_name,
        date,
        commitment,
    } = papers(settings, key, reserve)?;
    let options = PdfOptions {
        kind,
        event_name: Some(event_name),
        date: Some(date),
        commitment: Some(commitment),
        game: (settings.game() != GameKind::Calypso).then(|| settings.game().label().to_string()),
    };
    Ok(render_with_pars(&boards, &spec, &options, pars)?)
}

/// SHA-256 over everything the document is made from: what it prints and how. Names the
/// embedded font and the file, so equal inputs give equal bytes in any process and at any
/// time, and different documents get different identifiers.
fn fingerprint(
    boards: &[Board],
    spec: &GameSpec,
    options: &PdfOptions,
    title: &str,
    par_text: &[Vec<String>],
) -> [u8; 32] {
    fn optional(h: &mut Fingerprint, text: Option<&str>) {
        match text {
            Some(t) => {
                h.field(b"some");
                h.field(t.as_bytes());
            }
            None => h.field(b"none"),
        }
    }
    let mut h = Fingerprint::of(b"calypso-director hand-record pdf");
    h.field(ALGORITHM.as_bytes());
    h.field(PdfKind::NAMES[options.kind as usize].as_bytes());
    h.field(title.as_bytes());
    optional(&mut h, options.event_name.as_deref());
    optional(&mut h, options.date.as_deref());
    optional(&mut h, options.commitment.as_deref());
    // Only another game than Calypso adds a field, so Calypso's papers keep their bytes.
    if let Some(game) = &options.game {
        h.field(b"game");
        h.field(game.as_bytes());
    }
    h.field(spec.variant.name().as_bytes());
    h.field(&(spec.players as u64).to_le_bytes());
    let trumps: String = Seat::ALL
        .iter()
        .map(|&s| spec.trumps.of(s).map_or('-', Suit::letter))
        .collect();
    h.field(trumps.as_bytes());
    let schedule: Vec<String> = spec.schedule.iter().map(usize::to_string).collect();
    h.field(schedule.join(",").as_bytes());
    for board in boards {
        h.field(&board.number.to_le_bytes());
        h.field(&[u8::from(board.reserve)]);
        h.field(board.first_dealer.letter().to_string().as_bytes());
        let stack: String = board.stack.iter().map(ToString::to_string).collect();
        h.field(stack.as_bytes());
    }
    // Papers without robot par keep the identifier they always had.
    for line in par_text.iter().flatten() {
        h.field(b"par");
        h.field(line.as_bytes());
    }
    h.finish()
}

/// A suit symbol in its colour followed by the ranks in black.
fn suit_line(pen: &mut Pen, x: f32, y: f32, size: f32, suit: Suit, ranks: &str) {
    let symbol = format!("{} ", suit.symbol());
    let x = pen.text(x, y, size, &symbol, suit_color(suit));
    pen.text(x, y, size, ranks, black());
}

fn board_title(board: &Board) -> String {
    if board.reserve {
        format!("Board {} (reserve)", board.number)
    } else {
        format!("Board {}", board.number)
    }
}

/// Event name and date at the top right, footer with algorithm and commitment.
fn page_frame(pen: &mut Pen, spec: &GameSpec, options: &PdfOptions) {
    if let Some(name) = &options.event_name {
        pen.right(PAGE_W - 15.0, 14.0, 12.0, name, black());
    }
    if let Some(date) = &options.date {
        pen.right(PAGE_W - 15.0, 20.0, 10.0, date, black());
    }
    let game = match &options.game {
        Some(game) => game.clone(),
        None => format!("Calypso, {}", spec.variant),
    };
    let mut footer = format!("{game} · deal algorithm {ALGORITHM}");
    if let Some(c) = &options.commitment {
        footer.push_str(&format!(" · set commitment {c}"));
    }
    pen.text(15.0, PAGE_H - 8.0, 7.0, &footer, GREYS.grey());
}

fn trump_line(pen: &mut Pen, x: f32, y: f32, size: f32, spec: &GameSpec) {
    let mut x = pen.text(x, y, size, "Trumps: ", black());
    for &seat in spec.seats() {
        x = pen.text(x, y, size, &format!("{} ", seat.name()), black());
        x = match spec.trumps.of(seat) {
            Some(suit) => pen.text(
                x,
                y,
                size,
                &format!("{}   ", suit.symbol()),
                suit_color(suit),
            ),
            None => pen.text(x, y, size, "(none)   ", black()),
        };
    }
}

fn suits_in_play(spec: &GameSpec) -> Vec<Suit> {
    DISPLAY_SUITS
        .into_iter()
        .filter(|s| spec.deck.has_suit(*s))
        .collect()
}

fn hand_record_page(
    pen: &mut Pen,
    board: &Board,
    spec: &GameSpec,
    options: &PdfOptions,
    par_lines: &[String],
) -> PdfPage {
    pen.text(15.0, 20.0, 22.0, &board_title(board), black());
    page_frame(pen, spec, options);
    pen.text(
        15.0,
        29.0,
        11.0,
        &format!("First dealer: {}", board.first_dealer.name()),
        black(),
    );
    trump_line(pen, 80.0, 29.0, 11.0, spec);
    // Calypso Duet: two people, two hands each; the line says whose they are.
    let duet = duet_hands_lines(spec);
    let rule = match (&duet, par_lines.is_empty()) {
        // Duet's two lines, then the one that it has no robot par.
        (Some(_), false) => 46.0,
        (Some(_), true) => 42.0,
        (None, false) => 42.0,
        (None, true) => 33.0,
    };
    if let Some([first, second]) = &duet {
        pen.text(15.0, 35.0, 9.0, first, black());
        pen.text(15.0, 39.5, 9.0, second, GREYS.dark());
        for line in par_lines.iter().take(1) {
            pen.text(15.0, 43.5, 8.5, line, GREYS.dark());
        }
    } else {
        // Robot par, or that the game has none.
        for (line, y) in par_lines.iter().zip([35.5, 39.5]) {
            pen.text(15.0, y, 8.5, line, GREYS.dark());
        }
    }
    pen.line(
        (15.0, rule),
        (PAGE_W - 15.0, rule),
        0.5,
        false,
        GREYS.grey(),
    );

    let rows = board.deals.len().div_ceil(2);
    let top = rule + 7.0;
    let row_h = (PAGE_H - 18.0 - top) / rows as f32;
    for (i, _) in board.deals.iter().enumerate() {
        let x0 = if i % 2 == 0 { 15.0 } else { 110.0 };
        let y0 = top + (i / 2) as f32 * row_h;
        deal_diagram(pen, board, i, spec, x0, y0, row_h);
    }
    pen.page()
}

/// One deal like a bridge hand-record diagram: North on top, West and East at the sides,
/// South below, then each player's count of own trumps. A three-player table has no West:
/// no hand, no letter at the table, and the diagram moves into the room West would take.
fn deal_diagram(
    pen: &mut Pen,
    board: &Board,
    d: usize,
    spec: &GameSpec,
    x0: f32,
    y0: f32,
    row_h: f32,
) {
    let deal = &board.deals[d];
    let step = (row_h / 22.0).min(5.0);
    let size = (step * 1.9).min(9.0);
    pen.text(
        x0,
        y0 + 4.0,
        11.0,
        &format!("Deal {}, dealer {}", d + 1, deal.dealer.name()),
        black(),
    );
    let suits = suits_in_play(spec);
    let block = (suits.len() as f32 + 1.0) * step;
    let in_play = |seat: Seat| seat.index() < spec.players;
    // Without a West hand on the left, the table and the other hands move left by half
    // a hand's width.
    let xt = if in_play(Seat::West) { x0 } else { x0 - 15.0 };
    let places = [
        (Seat::North, xt + 30.0, y0 + 4.0 + 1.5 * step),
        (Seat::West, xt, y0 + 4.0 + 2.0 * step + block),
        (Seat::East, xt + 60.0, y0 + 4.0 + 2.0 * step + block),
        (Seat::South, xt + 30.0, y0 + 4.0 + 2.5 * step + 2.0 * block),
    ];
    for (seat, x, y) in places {
        if !in_play(seat) {
            continue;
        }
        let hand = deal.hand(seat);
        let mut name = seat.name().to_string();
        if let Some((suits, _)) = duet_player(spec, seat) {
            name.push_str(&format!(" ({suits} player)"));
        } else if let Some(suit) = spec.trumps.of(seat) {
            name.push_str(&format!(" ({})", suit.name()));
        }
        pen.text(x, y + step, size, &name, GREYS.grey());
        for (k, &suit) in suits.iter().enumerate() {
            let ranks = suit_ranks(hand, suit, "");
            suit_line(pen, x, y + (k as f32 + 2.0) * step, size, suit, &ranks);
        }
    }
    // The table in the middle, with the seat letters.
    let (bx, by) = (xt + 33.0, y0 + 4.0 + 2.5 * step + block);
    let bh = block - step;
    for (a, b) in [
        ((bx, by), (bx + 22.0, by)),
        ((bx + 22.0, by), (bx + 22.0, by + bh)),
        ((bx + 22.0, by + bh), (bx, by + bh)),
        ((bx, by + bh), (bx, by)),
    ] {
        pen.line(a, b, 0.6, false, GREYS.grey());
    }
    let mid = by + bh / 2.0 + 1.0;
    let letter = size * 0.9;
    for (seat, x, y) in [
        (Seat::North, bx + 9.7, by + 3.5),
        (Seat::South, bx + 9.7, by + bh - 1.0),
        (Seat::West, bx + 1.5, mid),
        (Seat::East, bx + 18.5, mid),
    ] {
        if in_play(seat) {
            pen.text(x, y, letter, &seat.letter().to_string(), GREYS.grey());
        }
    }
    // Own trump counts: the figure players check first.
    let y = y0 + 4.0 + 4.0 * step + 3.0 * block;
    let mut x = pen.text(x0, y, size, "Own trumps: ", black());
    for &seat in spec.seats() {
        if let Some((suit, n)) = own_trumps(spec, seat, deal.hand(seat)) {
            x = pen.text(x, y, size, &format!("{} ", seat.letter()), black());
            x = pen.text(x, y, size, &suit.symbol().to_string(), suit_color(suit));
            x = pen.text(x, y, size, &format!("{n}   "), black());
        }
    }
}

/// Slips of one seat's hand in one deal, 2 across and 8 down with dashed cut lines.
fn curtain_pages(
    pen: &mut Pen,
    boards: &[Board],
    spec: &GameSpec,
    options: &PdfOptions,
) -> Vec<PdfPage> {
    const COLS: usize = 2;
    const ROWS: usize = 8;
    let (mx, my) = (10.0, 10.0);
    let sw = (PAGE_W - 2.0 * mx) / COLS as f32;
    let sh = (PAGE_H - 2.0 * my) / ROWS as f32;
    let suits = suits_in_play(spec);
    let mut pages = Vec::new();
    let mut slot = 0;
    for board in boards {
        for (d, deal) in board.deals.iter().enumerate() {
            for &seat in spec.seats() {
                let (col, row) = (slot % COLS, slot / COLS);
                let (x, y) = (mx + col as f32 * sw, my + row as f32 * sh);
                let head = format!(
                    "{}, deal {}, dealer {}",
                    board_title(board),
                    d + 1,
                    deal.dealer.name()
                );
                pen.text(x + 4.0, y + 5.5, 8.5, &head, black());
                if let Some(name) = &options.event_name {
                    pen.right(x + sw - 4.0, y + 5.5, 7.0, name, black());
                }
                pen.text(x + 4.0, y + 10.5, 10.0, &player_title(spec, seat), black());
                let hand = deal.hand(seat);
                let step = (sh - 13.0) / suits.len() as f32;
                for (k, &suit) in suits.iter().enumerate() {
                    let ranks = suit_ranks(hand, suit, " ");
                    suit_line(
                        pen,
                        x + 6.0,
                        y + 10.5 + (k as f32 + 1.0) * step,
                        10.0,
                        suit,
                        &ranks,
                    );
                }
                pen.right(
                    x + sw - 4.0,
                    y + sh - 3.0,
                    7.0,
                    &format!("{} cards", hand.len()),
                    black(),
                );
                slot += 1;
                if slot == COLS * ROWS {
                    pages.push(pen.cut_page(mx, my, sw, sh));
                    slot = 0;
                }
            }
        }
    }
    if slot > 0 {
        pages.push(pen.cut_page(mx, my, sw, sh));
    }
    pages
}

/// Cards to a column on the stacking page.
const STACK_ROWS: usize = 26;
/// Baseline of a column's first card, and the distance between cards, in mm.
const STACK_TOP: f32 = 46.0;
const STACK_ROW: f32 = 9.0;
/// Width of one card entry (number, rank, suit symbol) and the widest column spacing.
const STACK_ENTRY_W: f32 = 15.0;
const STACK_PITCH_MAX: f32 = 23.0;

/// Where the stacking page puts its cards: each deal starts at the top of a column (so its
/// label and rule never fall among the cards), 26 cards to a column, and the columns are
/// spread evenly over the page, at most 23 mm apart. Sheinwold's five deals take ten
/// columns, 18 mm apart.
struct StackLayout {
    pitch: f32,
    /// First card, number of cards and first column of each deal.
    deals: Vec<(usize, usize, usize)>,
}

impl StackLayout {
    fn new(spec: &GameSpec, cards: usize) -> StackLayout {
        let mut deals = Vec::new();
        let (mut start, mut column) = (0, 0);
        for (d, &per_hand) in spec.schedule.iter().enumerate() {
            // The last deal takes whatever is left, so no card can go unprinted.
            let n = if d + 1 == spec.schedule.len() {
                cards.saturating_sub(start)
            } else {
                (per_hand * spec.players).min(cards - start)
            };
            deals.push((start, n, column));
            start += n;
            column += n.div_ceil(STACK_ROWS);
        }
        let spare = PAGE_W - 30.0 - STACK_ENTRY_W;
        let pitch = if column > 1 {
            (spare / (column - 1) as f32).min(STACK_PITCH_MAX)
        } else {
            STACK_PITCH_MAX
        };
        StackLayout { pitch, deals }
    }

    /// Left edge and baseline of card `i` (from 0).
    fn place(&self, i: usize) -> (f32, f32) {
        let &(start, _, column) = self
            .deals
            .iter()
            .rev()
            .find(|(start, _, _)| *start <= i)
            .unwrap_or(&(0, 0, 0));
        let k = i - start;
        (
            15.0 + (column + k / STACK_ROWS) as f32 * self.pitch,
            STACK_TOP + (k % STACK_ROWS) as f32 * STACK_ROW,
        )
    }

    /// Width from a deal's first column to the end of its last.
    fn span(&self, cards: usize) -> f32 {
        (cards.div_ceil(STACK_ROWS).max(1) - 1) as f32 * self.pitch + STACK_ENTRY_W
    }
}

/// The stack top to bottom in numbered columns, each deal under a rule with its number and
/// dealer.
fn stack_page(pen: &mut Pen, board: &Board, spec: &GameSpec, options: &PdfOptions) -> PdfPage {
    pen.text(
        15.0,
        20.0,
        18.0,
        &format!("{}: stacking order", board_title(board)),
        black(),
    );
    page_frame(pen, spec, options);
    pen.text(
        15.0,
        27.0,
        9.5,
        "Card 1 is the top of the face-down deck.",
        black(),
    );
    pen.text(
        15.0,
        32.0,
        9.5,
        &format!(
            "First dealer {}: deal one card at a time from the top, starting on the dealer's left.",
            board.first_dealer.name()
        ),
        black(),
    );
    let layout = StackLayout::new(spec, board.stack.len());
    for (d, &(start, n, _)) in layout.deals.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let (x, y) = layout.place(start);
        let span = layout.span(n);
        pen.line((x, y - 5.5), (x + span, y - 5.5), 0.6, false, GREYS.grey());
        // The longest label that fits over the deal's columns.
        let dealer = board.deals.get(d).map(|deal| deal.dealer);
        let labels = [
            dealer.map(|s| format!("Deal {}, dealer {}", d + 1, s.name())),
            dealer.map(|s| format!("Deal {}, {}", d + 1, s.letter())),
            Some(format!("Deal {}", d + 1)),
        ];
        let room = span + layout.pitch - STACK_ENTRY_W - 1.0;
        let label = labels
            .into_iter()
            .flatten()
            .find(|l| pen.width(l, 7.0) <= room)
            .unwrap_or_else(|| format!("{}", d + 1));
        pen.text(x, y - 7.0, 7.0, &label, GREYS.grey());
    }
    for (i, card) in board.stack.iter().enumerate() {
        let (x, y) = layout.place(i);
        pen.right(x + 7.0, y, 9.0, &format!("{}", i + 1), black());
        let rank = card.rank().char().to_string();
        let x = pen.text(x + 9.0, y, 10.0, &rank, black());
        pen.text(
            x + 0.3,
            y,
            10.0,
            &card.suit().symbol().to_string(),
            suit_color(card.suit()),
        );
    }
    pen.page()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deals::algorithm::{SetKey, board};
    use crate::engine::Variant;
    use crate::event::papers::tests::settings;

    fn boards(spec: &GameSpec) -> Vec<Board> {
        let key = SetKey::from_bytes([7; 32]);
        (1..=2)
            .map(|n| board(&key, n, false, spec, None).unwrap())
            .collect()
    }

    fn options(kind: PdfKind) -> PdfOptions {
        PdfOptions {
            kind,
            event_name: Some("Spring Pairs".into()),
            date: Some("2025-04-01".into()),
            commitment: Some(SetKey::from_bytes([7; 32]).commitment()),
            game: None,
        }
    }

    /// Every variant's stack fits one page: each card in its own place inside the margins,
    /// columns far enough apart to read, and each deal starting at the top of a column.
    #[test]
    fn every_variants_stack_fits_its_page() {
        for variant in Variant::EVERY {
            let spec = GameSpec::new(variant);
            let b = &boards(&spec)[0];
            let layout = StackLayout::new(&spec, b.stack.len());
            assert_eq!(layout.deals.len(), b.deals.len(), "{variant}");
            let cards: usize = layout.deals.iter().map(|d| d.1).sum();
            assert_eq!(cards, b.stack.len(), "{variant}");
            assert!(
                layout.pitch >= STACK_ENTRY_W + 2.5,
                "{variant}: {}",
                layout.pitch
            );
            let mut places = std::collections::BTreeSet::new();
            for i in 0..b.stack.len() {
                let (x, y) = layout.place(i);
                assert!(
                    x >= 15.0 && x + STACK_ENTRY_W <= PAGE_W - 15.0 + 0.01,
                    "{variant} card {i}: x {x}"
                );
                assert!(
                    (STACK_TOP..=PAGE_H - 20.0).contains(&y),
                    "{variant} card {i}: y {y}"
                );
                assert!(
                    places.insert(((x * 10.0) as i64, (y * 10.0) as i64)),
                    "{variant}: card {i} shares its place"
                );
            }
            for &(start, _, _) in &layout.deals {
                assert_eq!(layout.place(start).1, STACK_TOP, "{variant}");
            }
        }
    }

    /// The web service renders many documents in one process; each must be the same bytes
    /// the command line writes, so nothing may depend on what was rendered before.
    #[test]
    fn the_same_inputs_give_the_same_bytes_within_one_process() {
        for variant in [Variant::Standard, Variant::Sheinwold3] {
            let spec = GameSpec::new(variant);
            let set = boards(&spec);
            for kind in [
                PdfKind::Records,
                PdfKind::Curtains,
                PdfKind::Stack,
                PdfKind::Rebuild,
                PdfKind::Labels,
                PdfKind::All,
            ] {
                let first = render(&set, &spec, &options(kind)).unwrap();
                let second = render(&set, &spec, &options(kind)).unwrap();
                assert!(first.starts_with(b"%PDF-"));
                assert!(
                    first == second,
                    "{variant} {kind:?}: two renders in one process differ"
                );
            }
        }
    }

    #[test]
    fn reserve_papers_differ_from_the_boards() {
        let key = DealKey::generate().unwrap();
        let a = event_papers(&settings(), &key, PdfKind::Stack, false).unwrap();
        let b = event_papers(&settings(), &key, PdfKind::Stack, true).unwrap();
        assert!(a.starts_with(b"%PDF") && b.starts_with(b"%PDF"));
        assert_ne!(a, b);
    }
}
