//! The results sheet for the club's notice board: an A4 PDF with the standings of each
//! field (winners starred), then a traveller per board, and a PROVISIONAL banner on every
//! page while some result is not final. Drawn with the pen all PDFs share.

use printpdf::PdfPage;

use super::pen::{self, Fingerprint, GREYS, PAGE_H, PAGE_W, Pen, black, clean, gold, warn, white};
use crate::event::par::{self, EventPars};
use crate::event::seats::SideNames;
use crate::event::standings::{
    EventStandings, FieldStandings, Method, Num, StandingRow, Traveller, TravellerLine,
};
use crate::movement::Side;

const MARGIN: f32 = 15.0;
/// Where the content of a page stops, above the footer.
const CONTENT_END: f32 = PAGE_H - 16.0;
const BODY: f32 = 10.0;
const SMALL: f32 = 8.0;
const ROW: f32 = 6.2;

/// What the sheet says about the event besides its results.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ResultsHeading {
    pub club: String,
    pub title: String,
    /// Printed as given; a YYYY-MM-DD date also dates the file (never the clock).
    pub date: String,
    /// Some result is not final: a banner on every page says so.
    pub provisional: bool,
    /// Why, in the banner's words ("provisional until 21:19 AST, the correction period",
    /// "2 results await agreement"); empty: a general line.
    pub why: String,
    /// The sides as players name them ("N-S ♠♥"), for the fields and the travellers' columns.
    pub sides: SideNames,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResultsPdfError {
    #[error("there are no results to print yet")]
    NoResults,
    #[error("the embedded font could not be read")]
    Font,
    #[error("the PDF could not be written")]
    Save,
}

/// `text` as it is when it fits in `width`, else cut with "…".
fn fit(pen: &mut Pen, text: &str, size: f32, width: f32) -> String {
    let text = clean(text);
    if pen.width(&text, size) <= width {
        text
    } else {
        pen.ellipsize(&text, size, width)
    }
}

/// The sheet as pages. Laid out twice: once to count the pages ("page 2 of 3" needs the
/// total), once to draw them.
pub fn results_pdf(s: &EventStandings, h: &ResultsHeading) -> Result<Vec<u8>, ResultsPdfError> {
    results_pdf_with_pars(s, h, &EventPars::None)
}

/// The same, each traveller with its board's robot par and each table's result against it
/// (what the viewer may see of them: `EventPars::None` before the hand records are out).
pub fn results_pdf_with_pars(
    s: &EventStandings,
    h: &ResultsHeading,
    pars: &EventPars,
) -> Result<Vec<u8>, ResultsPdfError> {
    if s.fields.iter().all(|f| f.rows.is_empty()) {
        return Err(ResultsPdfError::NoResults);
    }
    let font = pen::font().ok_or(ResultsPdfError::Font)?;
    let title = if h.title.trim().is_empty() {
        "Calypso results".to_string()
    } else {
        format!("{}: results", clean(&h.title))
    };
    let digest = fingerprint(s, h, pars);
    let (doc, font_id) = pen::document(&font, &title, Some(h.date.trim()), &digest);
    let mut pen = Pen::new(&font, font_id);
    let total = Sheet::new(&mut pen, h, pars, 0).lay_out(s).len();
    let pages = Sheet::new(&mut pen, h, pars, total).lay_out(s);
    pen::save(doc, pages, &digest).ok_or(ResultsPdfError::Save)
}

/// SHA-256 over what the sheet prints: names the font and the file.
fn fingerprint(s: &EventStandings, h: &ResultsHeading, pars: &EventPars) -> [u8; 32] {
    let mut hash = Fingerprint::of(b"calypso-director results sheet v1");
    for part in [
        serde_json::to_vec(s).unwrap_or_default(),
        h.club.as_bytes().to_vec(),
        h.title.as_bytes().to_vec(),
        h.date.as_bytes().to_vec(),
        vec![u8::from(h.provisional)],
    ] {
        hash.field(&part);
    }
    // A sheet without robot par keeps the identifier it always had.
    for t in &s.travellers {
        if let Some(net) = pars.net(t.board) {
            hash.field(format!("par {} {net}", t.board).as_bytes());
        } else if let Some(total) = pars.heading(t.board) {
            // Cooperative: the par's table total.
            hash.field(format!("par {} {total}", t.board).as_bytes());
        }
    }
    hash.finish()
}

/// A flow of blocks down pages, each block kept whole on one page.
struct Sheet<'p, 'f> {
    pen: &'p mut Pen<'f>,
    h: &'p ResultsHeading,
    pars: &'p EventPars,
    /// Pages in all (0 while counting them).
    total: usize,
    pages: Vec<PdfPage>,
    y: f32,
}

impl<'p, 'f> Sheet<'p, 'f> {
    fn new(
        pen: &'p mut Pen<'f>,
        h: &'p ResultsHeading,
        pars: &'p EventPars,
        total: usize,
    ) -> Sheet<'p, 'f> {
        let mut sheet = Sheet {
            pen,
            h,
            pars,
            total,
            pages: Vec::new(),
            y: 0.0,
        };
        sheet.start_page();
        sheet
    }

    /// The page's top: club and date, the event's title on the first page (smaller after),
    /// and the banner while results are provisional.
    fn start_page(&mut self) {
        let first = self.pages.is_empty();
        let club = clean(&self.h.club);
        let date = clean(&self.h.date);
        self.pen
            .right(PAGE_W - MARGIN, 14.0, BODY, &date, GREYS.dark());
        let date_w = self.pen.width(&date, BODY) + 6.0;
        let club = fit(self.pen, &club, BODY, PAGE_W - 2.0 * MARGIN - date_w);
        self.pen.text(MARGIN, 14.0, BODY, &club, GREYS.dark());
        let title = clean(&self.h.title);
        let y = if first {
            let t = fit(self.pen, &title, 22.0, PAGE_W - 2.0 * MARGIN);
            self.pen.text(MARGIN, 27.0, 22.0, &t, black());
            self.pen.text(MARGIN, 35.0, 12.0, "Results", GREYS.dark());
            40.0
        } else {
            let t = fit(
                self.pen,
                &format!("{title}: results, continued"),
                12.0,
                PAGE_W - 2.0 * MARGIN,
            );
            self.pen.text(MARGIN, 23.0, 12.0, &t, black());
            27.0
        };
        self.pen
            .line((MARGIN, y), (PAGE_W - MARGIN, y), 0.6, false, GREYS.light());
        self.y = y + 4.0;
        if self.h.provisional {
            let top = self.y;
            self.pen
                .fill_rects(&[[MARGIN, top, PAGE_W - MARGIN, top + 11.0]], warn());
            self.pen
                .text(MARGIN + 4.0, top + 7.8, 15.0, "PROVISIONAL", white());
            let why = if self.h.why.is_empty() {
                "Some results are not final yet: places may change.".to_string()
            } else {
                fit(self.pen, &self.h.why, 9.0, PAGE_W - 2.0 * MARGIN - 52.0)
            };
            self.pen
                .right(PAGE_W - MARGIN - 4.0, top + 7.3, 9.0, &why, white());
            self.y = top + 16.0;
        }
    }

    fn end_page(&mut self) {
        let number = self.pages.len() + 1;
        let total = self.total.max(number);
        let title = clean(&self.h.title);
        let footer = fit(self.pen, &title, SMALL, 120.0);
        self.pen
            .text(MARGIN, PAGE_H - 9.0, SMALL, &footer, GREYS.grey());
        self.pen.right(
            PAGE_W - MARGIN,
            PAGE_H - 9.0,
            SMALL,
            &format!("Page {number} of {total}"),
            GREYS.grey(),
        );
        self.pages.push(self.pen.page());
    }

    /// Room for `height` mm on this page, else a new page.
    fn room(&mut self, height: f32) {
        if self.y + height > CONTENT_END {
            self.end_page();
            self.start_page();
        }
    }

    fn lay_out(mut self, s: &EventStandings) -> Vec<PdfPage> {
        for f in &s.fields {
            self.field(s, f);
        }
        if let Some(t) = &s.team {
            self.room(2.0 * ROW);
            let (a, b) = (&t.teams[0].1, &t.teams[1].1);
            let words = match t.difference {
                0 => format!("{a} and {b} tie on {}", t.totals[0]),
                d if d > 0 => format!("{a} win by {d}"),
                d => format!("{b} win by {}", -d),
            };
            let words = fit(self.pen, &words, 12.0, PAGE_W - 2.0 * MARGIN);
            self.pen.text(MARGIN, self.y + 5.0, 12.0, &words, black());
            self.y += 2.0 * ROW;
        }
        if !s.travellers.is_empty() {
            // The travellers' heading goes with the first board.
            let first = s
                .travellers
                .first()
                .map_or(0.0, |t| traveller_height(t, self.pars));
            self.room(12.0 + first);
            self.pen
                .text(MARGIN, self.y + 7.0, 15.0, "Travellers", black());
            self.y += 12.0;
            for t in &s.travellers {
                self.traveller(s, t);
            }
        }
        self.end_page();
        self.pages
    }

    /// A field's heading, column labels and rows; the heading stays with its first rows,
    /// and a field going on over a page repeats its column labels.
    fn field(&mut self, s: &EventStandings, f: &FieldStandings) {
        self.room(14.0 + 3.0 * ROW);
        let title = match (s.method, f.field) {
            (Method::Matchpoints, "all") => "Standings".to_string(),
            (Method::Matchpoints, _) => format!("{} standings", self.h.sides.naming(f.title)),
            _ => self.h.sides.naming(f.title).to_string(),
        };
        self.pen.text(MARGIN, self.y + 7.0, 15.0, &title, black());
        // Everyone level while play goes on: said once, nobody starred as leading.
        let level = s.provisional && f.all_level();
        if level || f.rows.iter().any(|r| r.winner) {
            self.pen.right(
                PAGE_W - MARGIN,
                self.y + 7.0,
                SMALL,
                match (level, s.provisional) {
                    (true, _) => "all level",
                    (false, true) => "★ leading",
                    (false, false) => "★ winner",
                },
                GREYS.dark(),
            );
        }
        self.y += 11.0;
        self.standing_labels(s.method);
        for (i, r) in f.rows.iter().enumerate() {
            let h = standing_height(r);
            if self.y + h > CONTENT_END {
                self.room(h);
                self.standing_labels(s.method);
            }
            self.standing(s.method, r, i, r.winner && !level);
        }
        self.y += 6.0;
    }

    fn standing_labels(&mut self, method: Method) {
        let y = self.y + 4.0;
        let p = &mut *self.pen;
        p.text(21.0, y, SMALL, "Place", GREYS.grey());
        p.right(44.0, y, SMALL, "No.", GREYS.grey());
        p.text(48.0, y, SMALL, "Name", GREYS.grey());
        match method {
            Method::Matchpoints => {
                p.right(146.0, y, SMALL, "Boards", GREYS.grey());
                p.right(161.0, y, SMALL, "MPs", GREYS.grey());
                p.right(175.0, y, SMALL, "of", GREYS.grey());
                p.right(PAGE_W - MARGIN, y, SMALL, "%", GREYS.grey());
            }
            Method::Tally => {
                p.right(166.0, y, SMALL, "Games", GREYS.grey());
                p.right(PAGE_W - MARGIN, y, SMALL, "Tally", GREYS.grey());
            }
            Method::Team => {
                p.right(166.0, y, SMALL, "Results", GREYS.grey());
                p.right(PAGE_W - MARGIN, y, SMALL, "Total", GREYS.grey());
            }
        }
        p.line(
            (MARGIN, self.y + 6.0),
            (PAGE_W - MARGIN, self.y + 6.0),
            0.6,
            false,
            GREYS.grey(),
        );
        self.y += 6.5;
    }

    /// One entry's line; `starred`, a winner or leader (gold, with a star).
    fn standing(&mut self, method: Method, r: &StandingRow, i: usize, starred: bool) {
        let h = standing_height(r);
        let (top, p) = (self.y, &mut *self.pen);
        if starred {
            p.fill_rects(&[[MARGIN, top, PAGE_W - MARGIN, top + h]], gold());
        } else if i % 2 == 1 {
            p.fill_rects(&[[MARGIN, top, PAGE_W - MARGIN, top + h]], GREYS.band());
        }
        let y = top + 4.4;
        if starred {
            p.text(MARGIN + 0.8, y, BODY, "★", black());
        }
        p.text(21.0, y, BODY, &r.place, black());
        p.right(44.0, y, BODY, &r.entry, black());
        let name_w = match method {
            Method::Matchpoints => 84.0,
            _ => 100.0,
        };
        let name = fit(p, &r.name, BODY, name_w);
        p.text(48.0, y, BODY, &name, black());
        let num = |n: Option<Num>| n.map_or(String::new(), |n| n.to_string());
        match method {
            Method::Matchpoints => {
                p.right(146.0, y, BODY, &r.played.to_string(), black());
                p.right(161.0, y, BODY, &num(r.matchpoints), black());
                p.right(175.0, y, BODY, &num(r.max), GREYS.dark());
                let percent = r.percent.map_or(String::new(), |n| format!("{n}%"));
                p.right(PAGE_W - MARGIN, y, BODY, &percent, black());
            }
            Method::Tally => {
                p.right(166.0, y, BODY, &r.played.to_string(), black());
                let tally = r.tally.map_or(String::new(), signed);
                p.right(PAGE_W - MARGIN, y, BODY, &tally, black());
            }
            Method::Team => {
                p.right(166.0, y, BODY, &r.played.to_string(), black());
                let total = r.total.map_or(String::new(), |t| t.to_string());
                p.right(PAGE_W - MARGIN, y, BODY, &total, black());
            }
        }
        if let Some(m) = r.mark {
            p.text(
                48.0,
                y + 4.2,
                SMALL,
                &format!("includes a result {}", m.label()),
                warn(),
            );
        }
        self.y += h;
        self.pen.line(
            (MARGIN, self.y),
            (PAGE_W - MARGIN, self.y),
            0.2,
            false,
            GREYS.light(),
        );
    }

    /// A board's traveller, kept on one page.
    fn traveller(&mut self, s: &EventStandings, t: &Traveller) {
        self.room(traveller_height(t, self.pars));
        let y = self.y + 6.0;
        let x = self
            .pen
            .text(MARGIN, y, 13.0, &format!("Board {}", t.board), black());
        let mut note = Vec::new();
        if let Some(top) = t.top {
            note.push(format!("top {top}"));
        }
        if let (Some(swing), Some(team)) = (t.swing, &s.team) {
            let (a, b) = (&team.teams[0].1, &team.teams[1].1);
            note.push(match swing {
                0 => "no swing".to_string(),
                d if d > 0 => format!("swing {d} to {a}"),
                d => format!("swing {} to {b}", -d),
            });
        }
        // "robot par net +520", or a cooperative board's "robot par total 3,940".
        if let Some(h) = self.pars.heading(t.board) {
            note.push(format!("robot par {h}"));
        }
        let note = fit(self.pen, &note.join(" · "), BODY, PAGE_W - MARGIN - x - 6.0);
        self.pen.text(x + 4.0, y, BODY, &note, GREYS.dark());
        self.y += 9.0;
        let mp = t.top.is_some();
        let ly = self.y + 3.5;
        let sides = &self.h.sides;
        let (ns, ew) = (sides.seats(Side::Majors), sides.seats(Side::Minors));
        let p = &mut *self.pen;
        p.right(22.0, ly, SMALL, "Rd", GREYS.grey());
        p.right(31.0, ly, SMALL, "Tbl", GREYS.grey());
        p.text(34.0, ly, SMALL, sides.majors(), GREYS.grey());
        p.text(80.0, ly, SMALL, sides.minors(), GREYS.grey());
        // The score columns' right edges: majors', minors' (19 mm on, room for
        // "ave- (40%)"), then the net.
        let score_end = if mp { 138.0 } else { 164.0 };
        p.right(score_end, ly, SMALL, ns, GREYS.grey());
        p.right(score_end + 19.0, ly, SMALL, ew, GREYS.grey());
        p.right(score_end + 30.0, ly, SMALL, "Net", GREYS.grey());
        if mp {
            p.right(181.0, ly, SMALL, &format!("MP {ns}"), GREYS.grey());
            p.right(
                PAGE_W - MARGIN,
                ly,
                SMALL,
                &format!("MP {ew}"),
                GREYS.grey(),
            );
        }
        p.line(
            (MARGIN, self.y + 5.0),
            (PAGE_W - MARGIN, self.y + 5.0),
            0.5,
            false,
            GREYS.grey(),
        );
        self.y += 5.5;
        for (i, l) in t.lines.iter().enumerate() {
            self.traveller_line(t.board, l, i, mp, score_end);
        }
        self.y += 5.0;
    }

    fn traveller_line(
        &mut self,
        board: u32,
        l: &TravellerLine,
        i: usize,
        mp: bool,
        score_end: f32,
    ) {
        let against = line_against(self.pars, board, l);
        let h = line_height(l, against.is_some());
        let (top, p) = (self.y, &mut *self.pen);
        if i % 2 == 1 {
            p.fill_rects(&[[MARGIN, top, PAGE_W - MARGIN, top + h]], GREYS.band());
        }
        let y = top + 4.2;
        let size = 9.0;
        p.right(22.0, y, size, &l.round.to_string(), black());
        p.right(31.0, y, size, &l.table.to_string(), black());
        let majors = fit(p, &format!("{} {}", l.majors, l.majors_name), size, 44.0);
        p.text(34.0, y, size, &majors, black());
        // Up to where the longest majors' score ("ave+ (60%)", 17 mm) may start.
        let minors_w = score_end - 80.0 - 19.0;
        let minors = fit(
            p,
            &format!("{} {}", l.minors, l.minors_name),
            size,
            minors_w,
        );
        p.text(80.0, y, size, &minors, black());
        p.right(score_end, y, size, &l.majors_score, black());
        p.right(score_end + 19.0, y, size, &l.minors_score, black());
        let net = l.net.map_or(String::new(), |n| n.to_string());
        p.right(score_end + 30.0, y, size, &net, black());
        if mp {
            let num = |n: Option<Num>| n.map_or(String::new(), |n| n.to_string());
            p.right(181.0, y, size, &num(l.majors_mp), black());
            p.right(PAGE_W - MARGIN, y, size, &num(l.minors_mp), black());
        }
        if let Some(m) = l.mark {
            p.text(34.0, y + 3.9, SMALL - 0.5, m.label(), warn());
        }
        // The table against the robots, under its net (majors' side).
        if let Some(a) = against {
            let words = format!("{} v robots", par::signed(a));
            p.right(score_end + 30.0, y + 3.9, SMALL - 0.5, &words, GREYS.dark());
        }
        self.y += h;
    }
}

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn standing_height(r: &StandingRow) -> f32 {
    if r.mark.is_some() { ROW + 3.6 } else { ROW }
}

/// A line, and its second line for a mark or the figure against the robots.
fn line_height(l: &TravellerLine, against: bool) -> f32 {
    if l.mark.is_some() || against {
        5.6 + 3.4
    } else {
        5.6
    }
}

/// A table's result against the board's robot par: its net less the par net, or
/// (cooperative) its table total less the par total.
fn line_against(pars: &EventPars, board: u32, l: &TravellerLine) -> Option<i64> {
    match pars.net(board) {
        Some(_) => l.net.and_then(|n| pars.against(board, n)),
        None => pars.against_shown(board, &l.majors_score, &l.minors_score),
    }
}

/// Heading, column labels, lines and the space after.
fn traveller_height(t: &Traveller, pars: &EventPars) -> f32 {
    let line = |l: &TravellerLine| {
        let against = line_against(pars, t.board, l).is_some();
        line_height(l, against)
    };
    9.0 + 5.5 + t.lines.iter().map(line).sum::<f32>() + 5.0
}

#[cfg(test)]
mod tests {
    use std::process::Command;

    use super::*;
    use crate::event::standings::tests::{PAIRS, TALLY, TEAM, more_sheets};
    use crate::event::standings::{EntryNames, Mark, ResultMarks, build};
    use crate::scoring::sheet;

    fn heading(provisional: bool) -> ResultsHeading {
        ResultsHeading {
            club: "Riverside Calypso Club".into(),
            title: "Tuesday Pairs".into(),
            date: "2026-05-05".into(),
            provisional,
            why: String::new(),
            sides: SideNames::of(&crate::engine::GameSpec::default()),
        }
    }

    /// The PDF's text as poppler reads it (`-layout` keeps a table's line on one line).
    /// The file is written to a folder of the test's own (`CALYPSO_VIEW_DIR` when set, to
    /// be looked at).
    fn text_of(pdf: &[u8], name: &str) -> String {
        assert!(pdf.starts_with(b"%PDF-"));
        let own = tempfile::tempdir().unwrap();
        let dir = std::env::var_os("CALYPSO_VIEW_DIR")
            .map(std::path::PathBuf::from)
            .unwrap_or_else(|| own.path().to_path_buf());
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.pdf"));
        std::fs::write(&path, pdf).unwrap();
        let out = Command::new("pdftotext")
            .arg("-layout")
            .arg(&path)
            .arg("-")
            .output()
            .unwrap_or_else(|e| {
                panic!(
                    "pdftotext is needed to read the PDF back (apt-get install poppler-utils): {e}"
                )
            });
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    }

    fn pairs() -> EventStandings {
        let s = sheet::parse(PAIRS).unwrap();
        let names = EntryNames::pairs()
            .with(1, "Ann Lee & Bob Ray")
            .with(6, "Cy Dent & Di Fox")
            .with(4, "Eve Gold & Fay Hall");
        let mut marks = ResultMarks::new();
        marks.mark(3, 1, 2, Mark::Provisional);
        build(&s, &names, &marks).unwrap()
    }

    #[test]
    fn the_sheet_reads_standings_winners_and_travellers() {
        let v = pairs();
        let pdf = results_pdf(&v, &heading(v.provisional)).unwrap();
        let text = text_of(&pdf, "pairs");
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        let has = |words: &[&str]| {
            lines.iter().any(|l| {
                // The star may come out glued to the place.
                let l = l.replace('★', "★ ");
                let cells: Vec<&str> = l.split_whitespace().collect();
                let joined = cells.join(" ");
                words.iter().all(|w| joined.contains(w))
            })
        };
        assert!(has(&["Tuesday Pairs"]), "{text}");
        assert!(has(&["Riverside Calypso Club", "2026-05-05"]), "{text}");
        assert!(has(&["PROVISIONAL"]), "{text}");
        assert!(
            has(&["N-S ♠♥ standings"]) && has(&["E-W ♦♣ standings"]),
            "{text}"
        );
        // The winners, starred, with their figures.
        assert!(has(&["★ 1 1 Ann Lee & Bob Ray 3 11.5 12 95.83%"]), "{text}");
        assert!(has(&["★ 1 6 Cy Dent & Di Fox 3 7.5 12 62.5%"]), "{text}");
        assert!(has(&["2 5 Pair 5 3 5.5 12 45.83%"]), "{text}");
        assert!(has(&["includes a result provisional"]), "{text}");
        // Standings before travellers; a traveller line of board 1 and the adjusted table.
        let at = |w: &str| text.find(w).unwrap_or_else(|| panic!("{w}: {text}"));
        assert!(at("E-W ♦♣ standings") < at("Travellers"));
        assert!(at("Board 1") < at("Board 2") && at("Board 2") < at("Board 3"));
        assert!(
            has(&["1 1 1 Ann Lee & Bob Ray 4 Eve Gold & Fay Hall 1850 1600 250 4 0"]),
            "{text}"
        );
        assert!(
            has(&["2 3 3 Pair 3 4 Eve Gold & Fay Hall ave+ (60%) ave- (40%) 2.4 1.6"]),
            "{text}"
        );
        assert!(has(&["Board 2 top 4"]), "{text}");
        // Without marks: no banner.
        let v = build(
            &sheet::parse(PAIRS).unwrap(),
            &EntryNames::pairs(),
            &ResultMarks::new(),
        )
        .unwrap();
        let text = text_of(&results_pdf(&v, &heading(false)).unwrap(), "pairs-final");
        assert!(
            !text.contains("PROVISIONAL") && !text.contains("provisional"),
            "{text}"
        );
        assert!(text.contains("Page 1 of 1"), "{text}");
    }

    #[test]
    fn team_and_tally_sheets_print_their_totals() {
        let v = build(
            &sheet::parse(TEAM).unwrap(),
            &EntryNames::pairs()
                .with_team("A", "Sharks")
                .with_team("B", "Rays"),
            &ResultMarks::new(),
        )
        .unwrap();
        let text = text_of(&results_pdf(&v, &heading(false)).unwrap(), "team");
        assert!(text.contains("Sharks win by 100"), "{text}");
        assert!(text.contains("swing 50 to Sharks"), "{text}");
        let one = |t: &str| {
            t.replace('★', "★ ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert!(one(&text).contains("★ 1 A Sharks 4 6600"), "{text}");
        let v = build(
            &sheet::parse(TALLY).unwrap(),
            &EntryNames::players().with(2, "Bob"),
            &ResultMarks::new(),
        )
        .unwrap();
        let text = text_of(&results_pdf(&v, &heading(false)).unwrap(), "tally");
        assert!(one(&text).contains("★ 1 2 Bob 3 +300"), "{text}");
        assert!(one(&text).contains("4 3 Player 3 3 -600"), "{text}");
        assert!(!text.contains("Travellers"));
    }

    /// A long event runs over pages: every board is printed whole, the columns are
    /// repeated, the banner is on every page and the pages are counted.
    #[test]
    fn a_big_event_breaks_pages_between_boards() {
        let mut results = Vec::new();
        for board in 1..=12u32 {
            for t in 1..=9u32 {
                let (majors, minors) = (t, 9 + (t + board) % 9 + 1);
                results.push(
                    serde_json::json!({"round": board, "table": t, "board": board,
                    "majors": majors, "minors": minors,
                    "scores": {"majors": 1500 + 50 * ((t * board) % 7) as i64, "minors": 1600}}),
                );
            }
        }
        let text = serde_json::json!({"method": "matchpoints", "results": results}).to_string();
        let s = sheet::parse(&text).unwrap();
        let mut marks = ResultMarks::new();
        marks.mark(12, 9, 12, Mark::Disputed);
        let v = build(&s, &EntryNames::pairs(), &marks).unwrap();
        let pdf = results_pdf(&v, &heading(true)).unwrap();
        let text = text_of(&pdf, "big");
        let pages: Vec<&str> = text
            .split('\u{c}')
            .filter(|p| !p.trim().is_empty())
            .collect();
        assert!(pages.len() >= 3, "{}", pages.len());
        for (k, page) in pages.iter().enumerate() {
            assert!(page.contains("PROVISIONAL"), "page {}", k + 1);
            assert!(page.contains(&format!("Page {} of {}", k + 1, pages.len())));
        }
        for board in 1..=12 {
            let on: Vec<usize> = (0..pages.len())
                .filter(|&k| pages[k].contains(&format!("Board {board} ")))
                .collect();
            assert_eq!(on.len(), 1, "board {board} on pages {on:?}");
            // All nine tables of the board on that page.
            let page = pages[on[0]];
            let block = &page[page.find(&format!("Board {board} ")).unwrap()..];
            let lines = block
                .lines()
                .filter(|l| l.trim_start().starts_with(&format!("{board} ")))
                .count();
            assert!(lines >= 9, "board {board}: {lines} lines");
        }
        assert!(text.contains("under review"));
        // The same inputs give the same bytes.
        assert!(pdf == results_pdf(&v, &heading(true)).unwrap());
        let other = more_sheets();
        let v = build(
            &sheet::parse(&other[0]).unwrap(),
            &EntryNames::pairs(),
            &ResultMarks::new(),
        )
        .unwrap();
        let text = text_of(&results_pdf(&v, &heading(false)).unwrap(), "switched");
        assert!(
            text.contains("Standings") && !text.contains("N-S ♠♥ standings"),
            "{text}"
        );
    }

    #[test]
    fn no_results_is_refused() {
        let v = build(
            &sheet::parse(r#"{"method":"tally","results":[]}"#).unwrap(),
            &EntryNames::players(),
            &ResultMarks::new(),
        )
        .unwrap();
        assert_eq!(
            results_pdf(&v, &heading(false)).unwrap_err().to_string(),
            "there are no results to print yet"
        );
    }
}
