//! The papers for putting a played board back together (#38): the rebuild sheet, a page per
//! board listing each card's copies and their packets suit by suit, and the packet labels,
//! one per deal and seat, to stick on the packets' sleeves or envelopes. What they list is
//! `deals::rebuild::sheet`; the page frame and board titles are the hand records' (handed
//! in, so that `hand_records`, which calls this module, is not called back).

use printpdf::PdfPage;

use super::pen::{GREYS, PAGE_H, PAGE_W, Pen, black, suit_color};
use crate::deals::Board;
use crate::deals::rebuild::{CardRoute, Packet, RebuildSheet, packet_counts, sheet};
use crate::deals::record::player_title;
use crate::engine::{GameSpec, Suit};

/// The suits in the sheet's order.
const SUITS: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

/// Left edges of the sheet's two columns (♠ ♥ on the left, ♦ ♣ on the right) and their width.
const COLUMN_X: [f32; 2] = [15.0, 108.0];
const COLUMN_W: f32 = 87.0;
/// Where the cards' packets start, right of the card.
const CARD_W: f32 = 12.0;
/// The packets' type size, and the rows' tallest spacing.
const PACKET_SIZE: f32 = 8.5;
const ROW_MAX: f32 = 8.0;
/// The first row's top and the last row's bottom.
const ROWS_TOP: f32 = 56.0;
const ROWS_END: f32 = PAGE_H - 24.0;

/// "deal 3 East": one copy's packet as the sheet and the labels say it.
pub fn packet_words(p: &Packet) -> String {
    format!("deal {} {}", p.deal, p.seat.name())
}

/// A card's packets on one line: "deal 1 North · deal 3 East · deal 3 East · deal 4 West".
pub fn route_words(route: &CardRoute) -> String {
    route
        .packets
        .iter()
        .map(packet_words)
        .collect::<Vec<_>>()
        .join(" · ")
}

/// What the foot of the sheet says of the packets' sizes: "Each packet: 13 cards (16
/// packets: 4 deals of 4 hands)", or, when they differ, each deal's.
pub fn count_words(sheet: &RebuildSheet) -> String {
    let counts = packet_counts(sheet);
    let deals = sheet.deals;
    let seats = counts.iter().filter(|(p, _)| p.deal == 1).count();
    if let Some(&(_, n)) = counts.first()
        && counts.iter().all(|&(_, m)| m == n)
        && counts.len() == deals * seats
    {
        return format!(
            "Each packet: {n} cards ({} packets: {deals} deals of {seats} hands). Count each one before the board moves.",
            counts.len()
        );
    }
    let per_deal: Vec<String> = (1..=deals)
        .map(|d| {
            let of_deal: Vec<&(Packet, usize)> =
                counts.iter().filter(|(p, _)| p.deal == d).collect();
            match of_deal.first() {
                Some(&&(_, n)) if of_deal.iter().all(|&&(_, m)| m == n) => {
                    format!("deal {d}: {n} each")
                }
                _ => format!(
                    "deal {d}: {}",
                    of_deal
                        .iter()
                        .map(|(p, n)| format!("{} {n}", p.seat.name()))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }
        })
        .collect();
    format!(
        "Cards per packet: {}. Count each one before the board moves.",
        per_deal.join(" · ")
    )
}

/// A board's rebuild sheet: one A4 page headed `title` ("Board 3 · rebuild sheet"), in the
/// papers' `frame` (event, date, footer).
pub(super) fn sheet_page(
    pen: &mut Pen,
    board: &Board,
    title: &str,
    frame: &dyn Fn(&mut Pen),
) -> PdfPage {
    let s = sheet(board);
    let cards: usize = s.cards.iter().map(|r| r.packets.len()).sum();
    let packets = packet_counts(&s).len();
    pen.text(15.0, 20.0, 20.0, title, black());
    frame(pen);
    pen.text(
        15.0,
        28.5,
        9.5,
        &format!(
            "After the game: the board's {cards} cards back into its {packets} packets, one per deal and seat."
        ),
        black(),
    );
    let suits: Vec<Suit> = SUITS
        .into_iter()
        .filter(|&suit| s.cards.iter().any(|r| r.card.suit() == suit))
        .collect();
    let ranks = s
        .cards
        .iter()
        .filter(|r| Some(r.card.suit()) == suits.first().copied())
        .count();
    let mut x = pen.text(15.0, 35.0, 9.5, "1. Sort the cards into suits: ", black());
    for suit in &suits {
        x = pen.text(
            x,
            35.0,
            9.5,
            &format!("{} ", suit.symbol()),
            suit_color(*suit),
        );
    }
    pen.text(
        15.0,
        40.5,
        9.5,
        &format!(
            "2. Sort each suit into its {ranks} ranks, ace down to 2: a small pile for each rank."
        ),
        black(),
    );
    pen.text(
        15.0,
        46.0,
        9.5,
        "3. Take the piles in the sheet's order; give each copy to the next packet listed beside it.",
        black(),
    );
    pen.text(
        15.0,
        51.0,
        8.5,
        "Then count each packet (the count is at the foot of this sheet).",
        GREYS.dark(),
    );
    // ♠ ♥ on the left, ♦ ♣ on the right (a pack without some suit: the first half left).
    let half = suits.len().div_ceil(2);
    let columns = [&suits[..half], &suits[half..]];
    let rows_of = |col: &[Suit]| -> usize {
        col.iter()
            .map(|&suit| s.cards.iter().filter(|r| r.card.suit() == suit).count())
            .sum()
    };
    // Each suit's heading takes a row and a half.
    let tallest = columns
        .iter()
        .map(|c| rows_of(c) as f32 + 1.5 * c.len() as f32)
        .fold(1.0_f32, f32::max);
    let pitch = ((ROWS_END - ROWS_TOP) / tallest).min(ROW_MAX);
    for (col, col_suits) in columns.iter().enumerate() {
        let x0 = COLUMN_X[col];
        let mut y = ROWS_TOP;
        for &suit in col_suits.iter() {
            let x = pen.text(
                x0,
                y + pitch * 1.1,
                11.0,
                &format!("{} ", suit.symbol()),
                suit_color(suit),
            );
            pen.text(x, y + pitch * 1.1, 11.0, suit.name(), black());
            y += pitch * 1.5;
            for (k, route) in s.cards.iter().filter(|r| r.card.suit() == suit).enumerate() {
                if k % 2 == 0 {
                    pen.fill_rects(&[[x0 - 1.0, y, x0 + COLUMN_W, y + pitch]], GREYS.band());
                }
                card_row(pen, x0, y, pitch, route);
                y += pitch;
            }
        }
    }
    let foot = pen.wrap(&count_words(&s), 8.5, PAGE_W - 30.0, 2);
    for (i, line) in foot.iter().enumerate() {
        pen.text(15.0, PAGE_H - 17.0 + i as f32 * 4.0, 8.5, line, black());
    }
    pen.page()
}

/// One card's row: the card, then its copies' packets (on two lines when one is too narrow;
/// a line that goes on ends in "·", and the card stands level with the first).
fn card_row(pen: &mut Pen, x0: f32, y: f32, pitch: f32, route: &CardRoute) {
    let width = COLUMN_W - CARD_W - 1.0;
    let words: Vec<String> = route.packets.iter().map(packet_words).collect();
    // As few lines as fit, then the packets shared evenly among them (2 and 2, not 3 and 1).
    let mut per_line = words.len().max(1);
    while per_line > 1
        && words
            .chunks(per_line)
            .any(|c| pen.width(&format!("{} ·", c.join(" · ")), PACKET_SIZE) > width)
    {
        per_line -= 1;
    }
    let count = words.len().div_ceil(per_line).max(1);
    let per_line = words.len().div_ceil(count).max(1);
    let chunks: Vec<&[String]> = words.chunks(per_line).collect();
    let lines: Vec<String> = chunks
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let line = c.join(" · ");
            if i + 1 < chunks.len() {
                format!("{line} ·")
            } else {
                line
            }
        })
        .collect();
    let step = PACKET_SIZE * 0.42;
    let first = y + pitch / 2.0 + 1.4 - (lines.len() as f32 - 1.0) * step / 2.0;
    let rank = route.card.rank().char().to_string();
    let suit = route.card.suit();
    let x = pen.text(x0, first + 0.3, 11.0, &rank, black());
    pen.text(
        x + 0.3,
        first + 0.3,
        11.0,
        &suit.symbol().to_string(),
        suit_color(suit),
    );
    for (i, line) in lines.iter().enumerate() {
        pen.text(
            x0 + CARD_W,
            first + i as f32 * step,
            PACKET_SIZE,
            line,
            black(),
        );
    }
}

/// Labels, 2 across and 8 down with dashed cut lines, one per packet of every board: "Board 3
/// · deal 2 · East (♦)" (the board as `board_title` names it), whose hand it is, and its
/// count; the event's name small at the foot.
pub(super) fn label_pages(
    pen: &mut Pen,
    boards: &[Board],
    spec: &GameSpec,
    event_name: Option<&str>,
    board_title: fn(&Board) -> String,
) -> Vec<PdfPage> {
    const COLS: usize = 2;
    const ROWS: usize = 8;
    let (mx, my) = (10.0, 10.0);
    let lw = (PAGE_W - 2.0 * mx) / COLS as f32;
    let lh = (PAGE_H - 2.0 * my) / ROWS as f32;
    let mut pages = Vec::new();
    let mut slot = 0;
    for board in boards {
        for (d, deal) in board.deals.iter().enumerate() {
            for &seat in spec.seats() {
                let (col, row) = (slot % COLS, slot / COLS);
                let (x, y) = (mx + col as f32 * lw, my + row as f32 * lh);
                let head = format!("{} · deal {} · {}", board_title(board), d + 1, seat.name());
                let mut end = pen.text(x + 5.0, y + 10.0, 13.0, &head, black());
                if let Some(suit) = spec.trumps.of(seat) {
                    end = pen.text(end, y + 10.0, 13.0, " (", black());
                    end = pen.text(
                        end,
                        y + 10.0,
                        13.0,
                        &suit.symbol().to_string(),
                        suit_color(suit),
                    );
                    pen.text(end, y + 10.0, 13.0, ")", black());
                }
                pen.text(x + 5.0, y + 17.5, 10.0, &player_title(spec, seat), black());
                let n = deal.hand(seat).len();
                pen.text(
                    x + 5.0,
                    y + 23.5,
                    9.0,
                    &format!(
                        "{n} cards · deal {}'s dealer: {}",
                        d + 1,
                        deal.dealer.name()
                    ),
                    GREYS.dark(),
                );
                if let Some(name) = event_name
                    && let Some(name) = pen.wrap(name, 7.0, lw - 10.0, 1).first()
                {
                    pen.text(x + 5.0, y + lh - 3.5, 7.0, name, GREYS.grey());
                }
                slot += 1;
                if slot == COLS * ROWS {
                    pages.push(pen.cut_page(mx, my, lw, lh));
                    slot = 0;
                }
            }
        }
    }
    if slot > 0 {
        pages.push(pen.cut_page(mx, my, lw, lh));
    }
    pages
}
