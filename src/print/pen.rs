//! The one pen every PDF draws with: the font, the palette, the A4 page, and text, lines and
//! filled shapes in millimetres from the page's top left corner. Also how a document is
//! made and saved so that its bytes depend on its inputs alone.

use std::collections::HashMap;

use printpdf::{
    Color, FontId, Line, LineDashPattern, LinePoint, Mm, OffsetDateTime, Op, PaintMode, ParsedFont,
    PdfDocument, PdfFont, PdfFontHandle, PdfPage, PdfSaveOptions, Point, Polygon, PolygonRing, Pt,
    Rgb, TextItem, WindingOrder,
};
use sha2::{Digest, Sha256};

use crate::engine::Suit;

/// DejaVu Sans, shipped in the repository (licence beside it) so no font package is needed;
/// it has the suit symbols. Embedded once in a document and subset on save, which keeps a
/// 30-board file small.
const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// A4 portrait, in millimetres.
pub(super) const PAGE_W: f32 = 210.0;
pub(super) const PAGE_H: f32 = 297.0;

// ---------------------------------------------------------------------------------------
// The palette.

fn shade(level: f32) -> Color {
    Color::Rgb(Rgb::new(level, level, level, None))
}

pub(super) fn black() -> Color {
    shade(0.0)
}

pub(super) fn white() -> Color {
    shade(1.0)
}

/// A suit symbol's colour: hearts and diamonds red, as on the cards.
pub(super) fn suit_color(suit: Suit) -> Color {
    if suit.is_red() {
        Color::Rgb(Rgb::new(0.8, 0.0, 0.0, None))
    } else {
        black()
    }
}

/// Behind a winner's row: a pale gold that still prints as a light grey.
pub(super) fn gold() -> Color {
    Color::Rgb(Rgb::new(1.0, 0.93, 0.66, None))
}

/// Marks on results and the provisional banner: a red that photocopies dark.
pub(super) fn warn() -> Color {
    Color::Rgb(Rgb::new(0.7, 0.07, 0.07, None))
}

/// The greys every document is drawn with, from 0 (black) to 1 (white). One set: the
/// documents were drawn apart and their greys had drifted (the results sheet's dark and
/// light were 0.3 and 0.78, its band 0.94, the hand records' grey 0.55); they now share the
/// cards' greys, the darkest of each, which read best on a club's laser printer.
#[derive(Clone, Copy, Debug)]
pub(super) struct Greys {
    dark: f32,
    grey: f32,
    light: f32,
    band: f32,
}

impl Greys {
    /// Names and secondary text: dark enough to read across a table.
    pub(super) fn dark(self) -> Color {
        shade(self.dark)
    }

    /// Labels, footers and cutting lines.
    pub(super) fn grey(self) -> Color {
        shade(self.grey)
    }

    /// Rules between rows.
    pub(super) fn light(self) -> Color {
        shade(self.light)
    }

    /// The band behind every other row.
    pub(super) fn band(self) -> Color {
        shade(self.band)
    }
}

/// The palette's greys.
pub(super) const GREYS: Greys = Greys {
    dark: 0.25,
    grey: 0.5,
    light: 0.75,
    band: 0.93,
};

// ---------------------------------------------------------------------------------------
// The document: font, identity, dates and saving.

/// The embedded font, read for one document.
pub(super) fn font() -> Option<ParsedFont> {
    let mut warnings = Vec::new();
    ParsedFont::from_bytes(FONT, 0, &mut warnings)
}

/// SHA-256 over everything a document is made from, each field after its length so that
/// fields never run together. Names the document's font and file, so equal inputs give
/// equal bytes and different documents different identifiers.
pub(super) struct Fingerprint(Sha256);

impl Fingerprint {
    /// A fingerprint whose first field names the kind of document.
    pub(super) fn of(kind: &[u8]) -> Fingerprint {
        let mut f = Fingerprint(Sha256::new());
        f.field(kind);
        f
    }

    pub(super) fn field(&mut self, bytes: &[u8]) {
        self.0.update((bytes.len() as u64).to_le_bytes());
        self.0.update(bytes);
    }

    pub(super) fn finish(self) -> [u8; 32] {
        self.0.finalize().into()
    }
}

/// A document titled `title` with `font` in it. printpdf names fonts from a process-wide
/// counter (a second document in one process would differ from the first), so the font's
/// name comes from `digest`. The dates are `day`'s when it is a YYYY-MM-DD date, never the
/// clock; otherwise printpdf's fixed default (1970-01-01).
pub(super) fn document(
    font: &ParsedFont,
    title: &str,
    day: Option<&str>,
    digest: &[u8; 32],
) -> (PdfDocument, FontId) {
    let mut doc = PdfDocument::new(title);
    if let Some(date) = day.and_then(event_day) {
        let info = &mut doc.metadata.info;
        info.creation_date = date;
        info.modification_date = date;
        info.metadata_date = date;
    }
    let font_id = FontId(digest.iter().map(|b| char::from(b'A' + b % 26)).collect());
    doc.resources
        .fonts
        .map
        .insert(font_id.clone(), PdfFont::new(font.clone()));
    (doc, font_id)
}

/// Midnight UTC of a YYYY-MM-DD date.
fn event_day(date: &str) -> Option<OffsetDateTime> {
    let day = chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").ok()?;
    let midnight = day.and_hms_opt(0, 0, 0)?.and_utc().timestamp();
    OffsetDateTime::from_unix_timestamp(midnight).ok()
}

/// What `PdfDocument::save` does, with the trailer's /ID set in between: the file's
/// identifier is `digest` (both halves alike, as for a file never updated; printpdf's own
/// comes from a process-wide counter). Should a later printpdf write no /ID, or another
/// shape, the file goes without one (it is optional for unencrypted files) rather than with
/// a random one. None when the file cannot be written.
pub(super) fn save(
    mut doc: PdfDocument,
    pages: Vec<PdfPage>,
    digest: &[u8; 32],
) -> Option<Vec<u8>> {
    let save_options = PdfSaveOptions {
        subset_fonts: true,
        ..Default::default()
    };
    let mut save_warnings = Vec::new();
    let mut file = doc
        .with_pages(pages)
        .to_lopdf_document(&save_options, &mut save_warnings);
    let id = hex::encode(&digest[..16]).into_bytes();
    let id_set = file
        .trailer
        .get_mut(b"ID")
        .and_then(|o| o.as_array_mut())
        .is_ok_and(|parts| {
            parts
                .iter_mut()
                .all(|p| p.as_str_mut().map(|s| s.clone_from(&id)).is_ok())
        });
    if !id_set {
        file.trailer.remove(b"ID");
    }
    if save_options.optimize {
        file.compress();
    }
    let mut bytes = Vec::new();
    file.save_to(&mut bytes).ok()?;
    Some(bytes)
}

// ---------------------------------------------------------------------------------------
// The pen.

/// Draws onto one page at a time, in millimetres from the top left corner.
pub(super) struct Pen<'a> {
    font: &'a ParsedFont,
    font_id: FontId,
    widths: HashMap<char, f32>,
    /// The page so far; a layout may take back what it drew to measure it.
    pub(super) ops: Vec<Op>,
}

fn point(x: f32, y: f32) -> Point {
    Point::new(Mm(x), Mm(PAGE_H - y))
}

impl<'a> Pen<'a> {
    pub(super) fn new(font: &'a ParsedFont, font_id: FontId) -> Pen<'a> {
        Pen {
            font,
            font_id,
            widths: HashMap::new(),
            ops: Vec::new(),
        }
    }

    /// Width of `text` at `size` points, in millimetres, from the font's advance widths.
    pub(super) fn width(&mut self, text: &str, size: f32) -> f32 {
        let upm = f32::from(self.font.font_metrics.units_per_em.max(1));
        let mut em = 0.0;
        for c in text.chars() {
            let font = self.font;
            em += *self.widths.entry(c).or_insert_with(|| {
                font.lookup_glyph_index(c as u32)
                    .map_or(0.6, |g| f32::from(font.get_horizontal_advance(g)) / upm)
            });
        }
        em * size * 25.4 / 72.0
    }

    /// Text from `x` on the baseline `y`; returns where it ends.
    pub(super) fn text(&mut self, x: f32, y: f32, size: f32, text: &str, color: Color) -> f32 {
        self.ops.extend([
            Op::StartTextSection,
            Op::SetTextCursor { pos: point(x, y) },
            Op::SetFont {
                font: PdfFontHandle::External(self.font_id.clone()),
                size: Pt(size),
            },
            Op::SetFillColor { col: color },
            Op::ShowText {
                items: vec![TextItem::Text(text.to_string())],
            },
            Op::EndTextSection,
        ]);
        x + self.width(text, size)
    }

    /// Text ending at `x_right`.
    pub(super) fn right(&mut self, x_right: f32, y: f32, size: f32, text: &str, color: Color) {
        let w = self.width(text, size);
        self.text(x_right - w, y, size, text, color);
    }

    pub(super) fn line(
        &mut self,
        from: (f32, f32),
        to: (f32, f32),
        width: f32,
        dashed: bool,
        color: Color,
    ) {
        let dash = if dashed {
            LineDashPattern::new(0.0, &[3.0, 2.0])
        } else {
            LineDashPattern::solid()
        };
        self.ops.extend([
            Op::SetOutlineColor { col: color },
            Op::SetOutlineThickness { pt: Pt(width) },
            Op::SetLineDashPattern { dash },
            Op::DrawLine {
                line: Line {
                    points: vec![
                        LinePoint {
                            p: point(from.0, from.1),
                            bezier: false,
                        },
                        LinePoint {
                            p: point(to.0, to.1),
                            bezier: false,
                        },
                    ],
                    is_closed: false,
                },
            },
        ]);
    }

    /// Fills rectangles `[left, top, right, bottom]` as one path, so that touching
    /// rectangles show no seams between them.
    pub(super) fn fill_rects(&mut self, rects: &[[f32; 4]], color: Color) {
        if rects.is_empty() {
            return;
        }
        let rings = rects
            .iter()
            .map(|&[l, t, r, b]| PolygonRing {
                points: [(l, t), (r, t), (r, b), (l, b)]
                    .into_iter()
                    .map(|(x, y)| LinePoint {
                        p: point(x, y),
                        bezier: false,
                    })
                    .collect(),
            })
            .collect();
        self.ops.extend([
            Op::SetFillColor { col: color },
            Op::DrawPolygon {
                polygon: Polygon {
                    rings,
                    mode: PaintMode::Fill,
                    winding_order: WindingOrder::NonZero,
                },
            },
        ]);
    }

    /// The page drawn so far, A4; the pen starts a new one.
    pub(super) fn page(&mut self) -> PdfPage {
        PdfPage::new(Mm(PAGE_W), Mm(PAGE_H), std::mem::take(&mut self.ops))
    }

    /// The page of a grid of slips to cut out, 2 across and 8 down from the margins `mx`,
    /// `my`, each `w` by `h` (curtain cards, packet labels), its dashed cut lines drawn.
    pub(super) fn cut_page(&mut self, mx: f32, my: f32, w: f32, h: f32) -> PdfPage {
        for r in 0..=8 {
            let y = my + r as f32 * h;
            self.line((mx, y), (PAGE_W - mx, y), 0.4, true, GREYS.grey());
        }
        for c in 0..=2 {
            let x = mx + c as f32 * w;
            self.line((x, my), (x, PAGE_H - my), 0.4, true, GREYS.grey());
        }
        self.page()
    }

    /// `line` cut to `width` with "…" at its end.
    pub(super) fn ellipsize(&mut self, line: &str, size: f32, width: f32) -> String {
        let mut kept = line.trim_end().to_string();
        loop {
            let cut = format!("{kept}…");
            if kept.is_empty() || self.width(&cut, size) <= width {
                return cut;
            }
            kept.pop();
            kept = kept.trim_end().to_string();
        }
    }

    /// `text` in lines at most `width` mm wide at `size` points, broken at spaces (a word
    /// wider than a line is broken where it must be), at most `max_lines` of them: the last
    /// line of a longer text ends in "…".
    pub(super) fn wrap(
        &mut self,
        text: &str,
        size: f32,
        width: f32,
        max_lines: usize,
    ) -> Vec<String> {
        let mut lines = Vec::new();
        let mut line = String::new();
        for word in text.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if self.width(&candidate, size) <= width {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            let mut rest = word;
            while self.width(rest, size) > width {
                let mut cut = 0;
                for (i, c) in rest.char_indices() {
                    let end = i + c.len_utf8();
                    if self.width(&rest[..end], size) > width {
                        break;
                    }
                    cut = end;
                }
                if cut == 0 {
                    cut = rest.chars().next().map_or(rest.len(), char::len_utf8);
                }
                lines.push(rest[..cut].to_string());
                rest = &rest[cut..];
            }
            line = rest.to_string();
        }
        if !line.is_empty() {
            lines.push(line);
        }
        if lines.len() > max_lines.max(1) {
            lines.truncate(max_lines.max(1));
            let last = lines.pop().unwrap_or_default();
            lines.push(self.ellipsize(&last, size, width));
        }
        lines
    }
}

/// Characters of a name kept before it is wrapped (the rest could never be shown).
const NAME_CHARS: usize = 200;

/// A name on one line: control characters and runs of spaces become one space.
pub(super) fn clean(text: &str) -> String {
    let spaced: String = text
        .chars()
        .take(NAME_CHARS)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    spaced.split_whitespace().collect::<Vec<_>>().join(" ")
}
