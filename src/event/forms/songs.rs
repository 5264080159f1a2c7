//! A Kaiso event's result form: each partnership's songs as rows (what it is, its suit or
//! rainbow, a quartet's rank, its wild 8s, the deal it was scored in), its leftover song
//! cards and its trick pile. Kept as typed, so nothing is lost when it comes back with
//! problems; read into the engine's Kaiso summary, which the service checks and scores.

use crate::engine::kaiso::{self, KaisoSummary, Kind, Partnerships, SideSummary, SummarySong};
use crate::engine::{GameSpec, Problem, Rank, Suit};
use crate::event::results::TableReport;
use crate::event::seats::side_called;
use crate::event::table_report::Breakdown;

/// More rows than a partnership can score (208 cards, songs of at least four) are not read.
pub const MAX_SONGS: usize = 60;
/// A count the form reads: no partnership has more cards than the deck.
const MAX_CARDS: u32 = 208;
/// Blank rows offered under the ones typed (a script adds more on the phone).
const SPARE_ROWS: usize = 2;
const MIN_ROWS: usize = 3;

/// The choice "rainbow" in a song's suit buttons: one of each suit.
const RAINBOW: &str = "rainbow";

/// One song as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SongRow {
    /// `calypso`, `kaiso_minor`, `kaiso_midi`, `kaiso_major` or `quartet`.
    pub kind: String,
    /// A suit letter, or `rainbow`.
    pub suit: String,
    /// A quartet's rank (`A`, `10`, ...).
    pub rank: String,
    pub wilds: String,
    /// `1` to `4`, or blank.
    pub deal: String,
}

impl SongRow {
    fn is_blank(&self) -> bool {
        [&self.kind, &self.suit, &self.rank, &self.deal]
            .iter()
            .all(|t| t.trim().is_empty())
            && matches!(self.wilds.trim(), "" | "0")
    }
}

/// One partnership's part of the form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideSongs {
    pub rows: Vec<SongRow>,
    pub leftover: String,
    pub pile: String,
}

/// The whole form: N-S (side 0) and E-W (side 1), as Kaiso numbers them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SongsForm {
    pub sides: [SideSongs; 2],
}

fn side_index(code: &str) -> Option<usize> {
    match code {
        "NS" => Some(0),
        "EW" => Some(1),
        _ => None,
    }
}

fn kind_named(text: &str) -> Option<Kind> {
    Kind::ALL.into_iter().find(|k| kind_value(*k) == text)
}

/// The kind's form (and JSON) value: `kaiso_minor`.
fn kind_value(k: Kind) -> &'static str {
    match k {
        Kind::Calypso => "calypso",
        Kind::KaisoMinor => "kaiso_minor",
        Kind::KaisoMidi => "kaiso_midi",
        Kind::KaisoMajor => "kaiso_major",
        Kind::Quartet => "quartet",
    }
}

/// How the buttons name the kinds.
fn kind_label(k: Kind) -> &'static str {
    match k {
        Kind::Calypso => "Calypso",
        Kind::KaisoMinor => "Minor 2–5",
        Kind::KaisoMidi => "Midi 6 7 9 10",
        Kind::KaisoMajor => "Major J–A",
        Kind::Quartet => "Quartet",
    }
}

fn rank_text(r: Rank) -> String {
    match r.char() {
        'T' => "10".into(),
        c => c.to_string(),
    }
}

fn rank_named(text: &str) -> Option<Rank> {
    let t = text.trim().to_ascii_uppercase();
    Rank::all().find(|r| rank_text(*r) == t || r.char().to_string() == t)
}

fn number(text: &str, max: u32) -> Option<u32> {
    match text.trim() {
        "" => Some(0),
        t => t.parse().ok().filter(|n| *n <= max),
    }
}

fn problem(side: usize, message: String) -> Problem {
    Problem {
        code: "form",
        message,
        seat: None,
        side: Some(side),
        deal: None,
    }
}

impl SongsForm {
    /// Takes a field of this form (`k_NS_3_kind`, `k_NS_leftover`, `k_EW_pile`); false if
    /// the key is not one.
    pub fn take(&mut self, key: &str, value: String) -> bool {
        let Some(rest) = key.strip_prefix("k_") else {
            return false;
        };
        let Some((code, field)) = rest.split_once('_') else {
            return false;
        };
        let Some(side) = side_index(code) else {
            return false;
        };
        let s = &mut self.sides[side];
        match field {
            "leftover" => s.leftover = value,
            "pile" => s.pile = value,
            _ => {
                let Some((n, what)) = field.split_once('_') else {
                    return false;
                };
                let Some(i) = n
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (1..=MAX_SONGS).contains(n))
                else {
                    return false;
                };
                if s.rows.len() < i {
                    s.rows.resize_with(i, SongRow::default);
                }
                let row = &mut s.rows[i - 1];
                match what {
                    "kind" => row.kind = value,
                    "suit" => row.suit = value,
                    "rank" => row.rank = value,
                    "wilds" => row.wilds = value,
                    "deal" => row.deal = value,
                    _ => return false,
                }
            }
        }
        true
    }

    /// The form a stored Kaiso report came from (a director's correction starts from it).
    pub fn from_summary(summary: &KaisoSummary) -> SongsForm {
        let mut f = SongsForm::default();
        for (side, s) in summary.partnerships.each() {
            let out = &mut f.sides[side];
            out.leftover = s.leftover.to_string();
            out.pile = s.pile_len().to_string();
            out.rows = s
                .songs
                .iter()
                .take(MAX_SONGS)
                .map(|song| SongRow {
                    kind: kind_value(song.kind).into(),
                    suit: match (song.rainbow, song.suit) {
                        (true, _) => RAINBOW.into(),
                        (false, Some(suit)) => suit.letter().to_string(),
                        (false, None) => String::new(),
                    },
                    rank: song.rank.map(rank_text).unwrap_or_default(),
                    wilds: song.wilds.to_string(),
                    deal: song.deal.map(|d| d.to_string()).unwrap_or_default(),
                })
                .collect();
        }
        f
    }

    /// The engine's summary, or the form's own problems (a row without its kind, a count
    /// that is not a number), each placed on its partnership.
    pub fn read(&self, problems: &mut Vec<Problem>) -> Partnerships<SideSummary> {
        Partnerships::from_fn(|side| {
            let s = &self.sides[side];
            let who = kaiso::side_name(side);
            let mut songs = Vec::new();
            for (i, row) in s.rows.iter().enumerate() {
                if row.is_blank() {
                    continue;
                }
                let n = i + 1;
                let kind = kind_named(row.kind.trim());
                if kind.is_none() {
                    problems.push(problem(
                        side,
                        format!("{who}'s song {n}: choose what it is (calypso, kaiso minor, midi, major or quartet)"),
                    ));
                }
                let suit = match row.suit.trim() {
                    RAINBOW => Some(None),
                    t => t.chars().next().and_then(Suit::from_char).map(Some),
                };
                if suit.is_none() {
                    problems.push(problem(
                        side,
                        format!("{who}'s song {n}: choose its suit, or rainbow"),
                    ));
                }
                let rank = match row.rank.trim() {
                    "" => None,
                    t => {
                        let r = rank_named(t);
                        if r.is_none() {
                            problems.push(problem(
                                side,
                                format!(
                                    "{who}'s song {n}: \"{t}\" is not a rank (2 to 10, J, Q, K, A)"
                                ),
                            ));
                        }
                        r
                    }
                };
                let wilds = number(&row.wilds, 13);
                if wilds.is_none() {
                    problems.push(problem(
                        side,
                        format!(
                            "{who}'s song {n}: wild 8s is a number from 0 to 13 (not \"{}\")",
                            row.wilds.trim()
                        ),
                    ));
                }
                let deal = match row.deal.trim() {
                    "" => Some(None),
                    t => t
                        .parse::<u32>()
                        .ok()
                        .filter(|d| (1..=4).contains(d))
                        .map(Some),
                };
                if deal.is_none() {
                    problems.push(problem(
                        side,
                        format!("{who}'s song {n}: the deal is 1 to 4, or left blank"),
                    ));
                }
                if let (Some(kind), Some(suit), Some(wilds), Some(deal)) = (kind, suit, wilds, deal)
                {
                    songs.push(SummarySong {
                        kind,
                        rainbow: suit.is_none(),
                        suit,
                        // Only a quartet has a rank; a rank left from before is not sent.
                        rank: if kind == Kind::Quartet { rank } else { None },
                        wilds,
                        deal,
                    });
                }
            }
            let mut count = |text: &str, what: &str| {
                number(text, MAX_CARDS).unwrap_or_else(|| {
                    problems.push(problem(
                        side,
                        format!(
                            "{who}'s {what}: give the number of cards, 0 to {MAX_CARDS} (not \"{}\")",
                            text.trim()
                        ),
                    ));
                    0
                })
            };
            let leftover = count(&s.leftover, "leftover song cards");
            let pile = count(&s.pile, "trick pile");
            SideSummary {
                songs,
                leftover,
                trick_pile: Vec::new(),
                trick_pile_count: Some(pile),
            }
        })
    }

    /// The form laid out for the page, each side with its problems.
    pub fn view(&self, spec: &GameSpec, problems: &[Problem]) -> Vec<SideSongsView> {
        (0..2)
            .map(|side| {
                let s = &self.sides[side];
                let typed = s
                    .rows
                    .iter()
                    .rposition(|r| !r.is_blank())
                    .map_or(0, |i| i + 1);
                let shown = (typed + SPARE_ROWS).clamp(MIN_ROWS, MAX_SONGS);
                let blank = SongRow::default();
                SideSongsView {
                    key: kaiso::side_code(side),
                    label: side_called(spec, side),
                    rows: (0..shown)
                        .map(|i| row_view(i + 1, s.rows.get(i).unwrap_or(&blank)))
                        .collect(),
                    leftover: s.leftover.clone(),
                    pile: s.pile.clone(),
                    problems: problems
                        .iter()
                        .filter(|p| p.side == Some(side))
                        .map(|p| p.message.clone())
                        .collect(),
                }
            })
            .collect()
    }
}

/// One button of a row (a radio input drawn as a button).
pub struct Chip {
    pub value: String,
    pub label: String,
    pub on: bool,
    pub red: bool,
}

/// One song's row on the page.
pub struct SongRowView {
    pub n: usize,
    pub kinds: Vec<Chip>,
    pub suits: Vec<Chip>,
    pub ranks: Vec<Chip>,
    pub wilds: String,
    pub deals: Vec<Chip>,
}

/// One partnership's songs on the page.
pub struct SideSongsView {
    /// "NS" or "EW", in the fields' names.
    pub key: &'static str,
    /// "N-S ♠♥".
    pub label: String,
    pub rows: Vec<SongRowView>,
    pub leftover: String,
    pub pile: String,
    pub problems: Vec<String>,
}

fn row_view(n: usize, row: &SongRow) -> SongRowView {
    let chip = |value: String, label: String, on: bool, red: bool| Chip {
        value,
        label,
        on,
        red,
    };
    SongRowView {
        n,
        kinds: Kind::ALL
            .iter()
            .map(|&k| {
                let v = kind_value(k);
                chip(v.into(), kind_label(k).into(), row.kind.trim() == v, false)
            })
            .collect(),
        suits: [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs]
            .iter()
            .map(|&s| {
                let v = s.letter().to_string();
                let on = row.suit.trim() == v;
                chip(v, s.symbol().to_string(), on, s.is_red())
            })
            .chain([chip(
                RAINBOW.into(),
                "Rainbow".into(),
                row.suit.trim() == RAINBOW,
                false,
            )])
            .collect(),
        ranks: Rank::all()
            .rev()
            .map(|r| {
                let on = rank_named(&row.rank) == Some(r);
                chip(rank_text(r), rank_text(r), on, false)
            })
            .collect(),
        wilds: row.wilds.clone(),
        deals: (1..=4)
            .map(|d: u32| {
                chip(
                    d.to_string(),
                    d.to_string(),
                    row.deal.trim() == d.to_string(),
                    false,
                )
            })
            .collect(),
    }
}

/// A scored song as the agree screen lists it.
pub struct SongLine {
    pub what: String,
    pub points: i64,
}

/// One partnership's entered songs and score, read only.
pub struct SongsReport {
    pub label: String,
    pub songs: Vec<SongLine>,
    pub leftover: u32,
    pub leftover_points: i64,
    pub pile: u64,
    pub total: i64,
}

/// A stored Kaiso report as the agree screen shows it, with the score the engine gave it
/// (nothing for another report).
pub fn songs_report(
    spec: &GameSpec,
    report: &TableReport,
    breakdown: Option<&Breakdown>,
) -> Vec<SongsReport> {
    let (TableReport::Kaiso(summary), Some(Breakdown::Kaiso(score))) = (report, breakdown) else {
        return Vec::new();
    };
    summary
        .partnerships
        .each()
        .into_iter()
        .map(|(side, s)| {
            let sc = score.partnerships.get(side);
            SongsReport {
                label: side_called(spec, side),
                songs: s
                    .songs
                    .iter()
                    .zip(&sc.songs)
                    .map(|(song, &points)| SongLine {
                        what: match song.deal {
                            Some(d) => format!("{} (deal {d})", song.reading()),
                            None => song.reading().to_string(),
                        },
                        points,
                    })
                    .collect(),
                leftover: s.leftover,
                leftover_points: sc.leftover_points,
                pile: s.pile_len(),
                total: sc.total,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;

    fn form(pairs: &[(&str, &str)]) -> SongsForm {
        let mut f = SongsForm::default();
        for (k, v) in pairs {
            assert!(f.take(k, v.to_string()), "{k} is a field of the form");
        }
        f
    }

    #[test]
    fn rows_become_the_partnerships_songs_and_blank_rows_are_skipped() {
        let f = form(&[
            ("k_NS_1_kind", "calypso"),
            ("k_NS_1_suit", "S"),
            ("k_NS_1_wilds", "1"),
            ("k_NS_1_deal", "2"),
            ("k_NS_2_wilds", "0"),
            ("k_NS_3_kind", "quartet"),
            ("k_NS_3_suit", "rainbow"),
            ("k_NS_3_rank", "10"),
            ("k_NS_leftover", "3"),
            ("k_NS_pile", "120"),
            ("k_EW_pile", "68"),
        ]);
        let mut problems = Vec::new();
        let p = f.read(&mut problems);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(p.ns.songs.len(), 2);
        assert_eq!(p.ns.songs[0].suit, Some(Suit::Spades));
        assert_eq!((p.ns.songs[0].wilds, p.ns.songs[0].deal), (1, Some(2)));
        assert!(p.ns.songs[1].rainbow && p.ns.songs[1].suit.is_none());
        assert_eq!(p.ns.songs[1].rank.map(rank_text), Some("10".into()));
        assert_eq!((p.ns.leftover, p.ns.trick_pile_count), (3, Some(120)));
        assert_eq!((p.ew.songs.len(), p.ew.trick_pile_count), (0, Some(68)));
        // Read back from the stored JSON, the form is the same.
        let json = serde_json::to_value(KaisoSummary { partnerships: p }).unwrap();
        let crate::event::results::TableReport::Kaiso(read) =
            crate::event::results::TableReport::of_json(json)
        else {
            panic!("a Kaiso report reads as one");
        };
        let again = SongsForm::from_summary(&read);
        let mut problems = Vec::new();
        assert_eq!(again.read(&mut problems), f.read(&mut problems));
    }

    #[test]
    fn a_half_filled_row_and_a_bad_count_are_named_on_their_partnership() {
        let f = form(&[
            ("k_EW_2_suit", "H"),
            ("k_EW_2_wilds", "x"),
            ("k_EW_leftover", "999"),
        ]);
        let mut problems = Vec::new();
        f.read(&mut problems);
        let said: Vec<(&str, Option<usize>)> = problems
            .iter()
            .map(|p| (p.message.as_str(), p.side))
            .collect();
        assert_eq!(
            said,
            vec![
                (
                    "East-West's song 2: choose what it is (calypso, kaiso minor, midi, major or quartet)",
                    Some(1)
                ),
                (
                    "East-West's song 2: wild 8s is a number from 0 to 13 (not \"x\")",
                    Some(1)
                ),
                (
                    "East-West's leftover song cards: give the number of cards, 0 to 208 (not \"999\")",
                    Some(1)
                ),
            ]
        );
    }

    #[test]
    fn no_field_beyond_the_last_song_row_is_read() {
        let mut f = SongsForm::default();
        assert!(!f.take("k_NS_61_kind", "calypso".into()));
        assert!(!f.take("k_NS_0_kind", "calypso".into()));
        assert!(!f.take("k_XY_1_kind", "calypso".into()));
        assert!(!f.take("k_NS_1_colour", "red".into()));
        assert!(f.sides[0].rows.len() <= 1);
    }

    #[test]
    fn the_page_offers_spare_rows_under_the_typed_ones() {
        let spec = GameSpec::new(Variant::Standard);
        let f = form(&[("k_NS_4_kind", "calypso")]);
        let v = f.view(&spec, &[]);
        assert_eq!(v[0].rows.len(), 6);
        assert_eq!(v[1].rows.len(), MIN_ROWS);
        assert!(v[0].rows[3].kinds[0].on);
        assert_eq!(v[0].label, "N-S ♠♥");
    }
}
