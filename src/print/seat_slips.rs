//! Seat-link slips (#39: a personal seat link "printable as a QR and sent by the director"):
//! one slip per person's seat, eight to an A4 page (two across, four down) with dashed cut
//! lines. Each slip names the event, the round, the table (and the board when the link
//! names one: a robot duplicate's entrant has a link per board), the seat with its trump
//! suit ("South ♥"), the player, and carries the link as a QR code (vector squares, error
//! correction M as the table cards') and in text, with "Keep this slip to yourself: it is
//! your seat". Robots' seats have no link anyone holds, so the caller hands over people's
//! seats only. Pure: the same slips give the same bytes.

use printpdf::PdfPage;

use super::pen::{self, Fingerprint, GREYS, PAGE_H, PAGE_W, Pen, black, clean, suit_color};
use super::qr_svg::QrRuns;
use crate::engine::{Seat, Trumps};

/// Slips across and down a page.
const ACROSS: usize = 2;
const DOWN: usize = 4;
pub const PER_PAGE: usize = ACROSS * DOWN;
const SLIP_W: f32 = PAGE_W / ACROSS as f32;
const SLIP_H: f32 = PAGE_H / DOWN as f32;
/// The QR code's printed side, its quiet zone (four light modules) included.
const QR_SIDE_MM: f32 = 40.0;
const QUIET: usize = 4;
/// The quiet zone's corner from the slip's corner; the text column starts right of it.
const QR_AT: f32 = 3.0;
const PAD: f32 = 6.0;
const TEXT_X: f32 = QR_AT + QR_SIDE_MM + 2.0;
/// The most slips in one document (an event's seats are listed a round at a time, and a
/// listing is bounded well below this).
pub const MOST_SLIPS: usize = 4_000;
/// The longest link printed: beside a QR code whose modules stay 0.6 mm or more.
pub const MOST_URL_BYTES: usize = 200;
/// What every slip says at its foot.
pub const KEEP: &str = "Keep this slip to yourself: it is your seat.";

/// One person's seat and its link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatSlip {
    pub round: u32,
    pub table: u32,
    /// The board the link names (a robot duplicate's), none for the table's round.
    pub board: Option<u32>,
    pub seat: Seat,
    pub name: String,
    /// The seat's page: what the QR code holds and the slip prints.
    pub url: String,
}

/// What the slips say besides the seats.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SlipsOptions {
    pub event_name: String,
    /// The event's date as printed (YYYY-MM-DD also dates the file); left off when empty.
    pub date: String,
    /// The event's seating of the trump suits: each slip names its seat's.
    pub trumps: Trumps,
}

/// Why the slips cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SlipsError {
    #[error("no person's seat to print a slip for")]
    NoSlips,
    #[error("more than {MOST_SLIPS} slips at once")]
    TooMany,
    #[error("the link of table {table} {seat} is longer than {MOST_URL_BYTES} bytes")]
    UrlTooLong { table: u32, seat: &'static str },
    #[error("the link of table {table} {seat} cannot be made into a QR code: {reason}")]
    Qr {
        table: u32,
        seat: &'static str,
        reason: String,
    },
    #[error("the embedded font could not be read")]
    Font,
    #[error("the PDF could not be written")]
    Save,
}

/// The slips of `slips`, in the order given, eight to a page.
pub fn seat_slips(slips: &[SeatSlip], o: &SlipsOptions) -> Result<Vec<u8>, SlipsError> {
    if slips.is_empty() {
        return Err(SlipsError::NoSlips);
    }
    if slips.len() > MOST_SLIPS {
        return Err(SlipsError::TooMany);
    }
    let mut codes = Vec::with_capacity(slips.len());
    for s in slips {
        if s.url.len() > MOST_URL_BYTES {
            return Err(SlipsError::UrlTooLong {
                table: s.table,
                seat: s.seat.name(),
            });
        }
        codes.push(QrRuns::of(&s.url).map_err(|reason| SlipsError::Qr {
            table: s.table,
            seat: s.seat.name(),
            reason,
        })?);
    }
    let title = if o.event_name.trim().is_empty() {
        "Calypso seat slips".to_string()
    } else {
        format!("{}: Calypso seat slips", clean(&o.event_name))
    };
    let digest = fingerprint(slips, o, &title);
    let font = pen::font().ok_or(SlipsError::Font)?;
    let (doc, font_id) = pen::document(&font, &title, Some(o.date.trim()), &digest);
    let mut pen = Pen::new(&font, font_id);
    let mut pages: Vec<PdfPage> = Vec::new();
    for chunk in slips
        .iter()
        .zip(&codes)
        .collect::<Vec<_>>()
        .chunks(PER_PAGE)
    {
        for (i, (slip, code)) in chunk.iter().enumerate() {
            let x = (i % ACROSS) as f32 * SLIP_W;
            let y = (i / ACROSS) as f32 * SLIP_H;
            draw_slip(&mut pen, x, y, slip, code, o);
        }
        cut_lines(&mut pen, chunk.len());
        pages.push(pen.page());
    }
    pen::save(doc, pages, &digest).ok_or(SlipsError::Save)
}

fn fingerprint(slips: &[SeatSlip], o: &SlipsOptions, title: &str) -> [u8; 32] {
    let mut h = Fingerprint::of(b"calypso-director seat slips v1");
    h.field(title.as_bytes());
    h.field(o.event_name.as_bytes());
    h.field(o.date.as_bytes());
    for s in o.trumps.0 {
        h.field(s.map(|s| s.name()).unwrap_or("-").as_bytes());
    }
    for s in slips {
        h.field(&s.round.to_le_bytes());
        h.field(&s.table.to_le_bytes());
        h.field(&s.board.unwrap_or(0).to_le_bytes());
        h.field(s.seat.name().as_bytes());
        h.field(s.name.as_bytes());
        h.field(s.url.as_bytes());
    }
    h.finish()
}

/// Dashed lines between the slips of a page of `n` slips (the page's edges are the paper's).
fn cut_lines(pen: &mut Pen, n: usize) {
    let rows = n.div_ceil(ACROSS);
    // Under each row but the page's last.
    for r in (1..=rows).filter(|r| *r < DOWN) {
        let y = r as f32 * SLIP_H;
        pen.line((0.0, y), (PAGE_W, y), 0.4, true, GREYS.grey());
    }
    let bottom = rows as f32 * SLIP_H;
    pen.line((SLIP_W, 0.0), (SLIP_W, bottom), 0.4, true, GREYS.grey());
}

/// From the top of a line to its baseline, in mm, at `size` points.
fn line_height(size: f32) -> f32 {
    size * 25.4 / 72.0 * 1.25
}

fn draw_slip(pen: &mut Pen, x: f32, y: f32, s: &SeatSlip, code: &QrRuns, o: &SlipsOptions) {
    // The QR code: its quiet zone is paper, nothing is drawn within it.
    let module = QR_SIDE_MM / (code.width + 2 * QUIET) as f32;
    let (qx, qy) = (
        x + QR_AT + QUIET as f32 * module,
        y + QR_AT + QUIET as f32 * module,
    );
    let rects: Vec<[f32; 4]> = code
        .runs
        .iter()
        .map(|&(row, start, end)| {
            let top = qy + row as f32 * module;
            [
                qx + start as f32 * module,
                top,
                qx + end as f32 * module,
                top + module,
            ]
        })
        .collect();
    pen.fill_rects(&rects, black());

    // Beside it: the event, where, the seat with its trump suit, the player.
    let tx = x + TEXT_X;
    let width = SLIP_W - TEXT_X - PAD;
    let mut base = y + PAD + 3.0;
    let event = clean(&o.event_name);
    let date = clean(&o.date);
    let head = match (event.is_empty(), date.is_empty()) {
        (false, false) => format!("{event} · {date}"),
        (false, true) => event,
        (true, false) => date,
        (true, true) => String::new(),
    };
    for line in pen.wrap(&head, 8.5, width, 2) {
        pen.text(tx, base, 8.5, &line, GREYS.dark());
        base += line_height(8.5);
    }
    base += 2.5;
    let place = match s.board {
        Some(b) => format!("Round {} · Table {} · Board {b}", s.round, s.table),
        None => format!("Round {} · Table {}", s.round, s.table),
    };
    for line in pen.wrap(&place, 10.5, width, 2) {
        pen.text(tx, base, 10.5, &line, black());
        base += line_height(10.5);
    }
    base += 5.0;
    let end = pen.text(tx, base, 20.0, s.seat.name(), black());
    if let Some(suit) = o.trumps.of(s.seat) {
        pen.text(
            end + 2.0,
            base,
            20.0,
            &suit.symbol().to_string(),
            suit_color(suit),
        );
    }
    base += line_height(12.0) + 1.5;
    for line in pen.wrap(&clean(&s.name), 12.0, width, 2) {
        pen.text(tx, base, 12.0, &line, black());
        base += line_height(12.0);
    }

    // Under it, across the slip: the link in text, and the warning.
    let below = y + QR_AT + QR_SIDE_MM + 2.0;
    let full = SLIP_W - 2.0 * PAD;
    let mut base = below + 3.0;
    pen.text(
        x + PAD,
        base,
        8.0,
        "Your seat at the online table: scan the code, or open",
        GREYS.dark(),
    );
    base += line_height(8.0) + 0.5;
    for line in pen.wrap(&s.url, 8.5, full, 3) {
        pen.text(x + PAD, base, 8.5, &line, black());
        base += line_height(8.5);
    }
    pen.text(x + PAD, y + SLIP_H - PAD, 9.5, KEEP, black());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Suit;

    fn slip(table: u32, seat: Seat) -> SeatSlip {
        SeatSlip {
            round: 1,
            table,
            board: None,
            seat,
            name: format!("Player {table}{}", seat.letter()),
            url: format!("https://club.example/seat/{}", "ab".repeat(32)),
        }
    }

    #[test]
    fn the_same_slips_give_the_same_bytes() {
        let o = SlipsOptions {
            event_name: "Friday online".into(),
            date: "2026-12-04".into(),
            trumps: Trumps([
                Some(Suit::Spades),
                Some(Suit::Diamonds),
                Some(Suit::Hearts),
                Some(Suit::Clubs),
            ]),
        };
        let slips: Vec<SeatSlip> = (1..=3)
            .flat_map(|t| Seat::ALL.map(|s| slip(t, s)))
            .take(9)
            .collect();
        let a = seat_slips(&slips, &o).unwrap();
        let b = seat_slips(&slips, &o).unwrap();
        assert_eq!(a, b);
        assert!(a.starts_with(b"%PDF"));
        let other = SlipsOptions {
            event_name: "Saturday online".into(),
            ..o
        };
        assert_ne!(a, seat_slips(&slips, &other).unwrap());
    }

    #[test]
    fn no_slips_too_many_and_a_link_too_long_are_refused_in_words() {
        let o = SlipsOptions::default();
        assert_eq!(seat_slips(&[], &o), Err(SlipsError::NoSlips));
        let mut long = slip(2, Seat::East);
        long.url = format!("https://club.example/seat/{}", "x".repeat(300));
        assert_eq!(
            seat_slips(&[long], &o).unwrap_err().to_string(),
            "the link of table 2 East is longer than 200 bytes"
        );
        let many = vec![slip(1, Seat::North); MOST_SLIPS + 1];
        assert_eq!(seat_slips(&many, &o), Err(SlipsError::TooMany));
    }
}
