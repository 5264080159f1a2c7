//! The result form on a table's page: what the form holds (kept as typed when something is
//! wrong), how it becomes the score sheet the service checks, and what the page shows once a
//! result is in (the engine's totals, and the other side's confirmation).

use std::collections::BTreeMap;

use crate::deals::record::duet_player;
use crate::engine::embers::EmbersScore;
use crate::engine::json::{PlayerInput, SeatMap};
use crate::engine::{GameSpec, Problem, Rank, Seat};
use crate::event::problem_words::players_words;
use crate::event::results::{ResultStatus, TableReport, TableResult};
use crate::event::seats::{side_called, side_letters};
use crate::event::settings::{EventSettings, SetupKind};
use crate::event::standings::live::SoFar;
use crate::event::table_report::{Breakdown, CalypsoReport, dummies_words, exchange_words};
use crate::service;

use crate::engine::auction::AuctionScore;
use crate::engine::auction::pairs::PairsScore;
use crate::event::forms::auction::rows as auction_rows;
use crate::event::forms::auction::{AuctionRow, AuctionView, auction_report};
use crate::event::forms::auction_pairs::{PairsView, pairs_rows};
use crate::event::forms::hands::{HandRow, HandsView, hands_report, rows, side_names};
use crate::event::forms::songs::{SideSongsView, SongsReport, songs_report};
use crate::service::play::Agreeing;

use crate::event::forms::calypso::*;

/// One rank button of a player's calypso in progress.
pub struct RankBox {
    pub value: String,
    pub label: String,
    pub on: bool,
}

/// One player's line of the form.
pub struct SeatField {
    pub letter: char,
    /// Embers: the revokes this seat made in the hand, as typed.
    pub revokes: String,
    pub name: &'static str,
    pub suit: &'static str,
    pub symbol: char,
    pub red: bool,
    /// The player's side by its seats ("N-S"); empty when each plays for themselves.
    pub side: String,
    pub calypsos: String,
    pub ranks: Vec<RankBox>,
    pub problems: Vec<String>,
}

/// One side's trick pile, and in the whole game its revokes.
pub struct SideField {
    pub key: String,
    pub label: String,
    pub piles: String,
    /// The whole game's revokes, beside its trick pile (deal by deal: none, the revokes are
    /// asked once for the game).
    pub revokes: Option<String>,
    pub problems: Vec<String>,
}

/// One side's revokes in the game, deal by deal.
pub struct RevokeField {
    pub key: String,
    pub label: String,
    pub value: String,
    pub problems: Vec<String>,
}

/// The players' lines and the sides' trick piles: the whole game's, or one deal's.
pub struct CountsView {
    /// Prefix of the fields' names and ids: "" for the whole game, "d2_" for deal 2.
    pub prefix: String,
    /// The deal (1-based), deal by deal.
    pub deal: usize,
    pub seats: Vec<SeatField>,
    pub sides: Vec<SideField>,
    /// Problems with this deal not about one line (deal by deal).
    pub problems: Vec<String>,
    /// The totals' problem (the cards do not add up), under the lines: read after the lines'
    /// own notes, which name the line most likely wrong.
    pub foot: Vec<String>,
    /// The trick piles' heading, deal by deal or hand by hand.
    pub piles_legend: &'static str,
}

impl CountsView {
    /// Embers: a revoke is typed in this hand (its block is shown open).
    pub fn has_revokes(&self) -> bool {
        self.seats
            .iter()
            .any(|s| !matches!(s.revokes.trim(), "" | "0"))
    }

    /// Something typed in this line (a deal typed ahead is shown even after a check).
    pub fn typed(&self) -> bool {
        self.seats
            .iter()
            .any(|s| !s.calypsos.trim().is_empty() || s.ranks.iter().any(|r| r.on))
            || self.sides.iter().any(|s| !s.piles.trim().is_empty())
    }

    /// A note anywhere in this line (a hand with one is shown open).
    pub fn has_problems(&self) -> bool {
        !self.problems.is_empty()
            || !self.foot.is_empty()
            || self.seats.iter().any(|s| !s.problems.is_empty())
            || self.sides.iter().any(|s| !s.problems.is_empty())
    }
}

/// A stored result with the engine's breakdown of its report, as a table's page shows it.
pub struct Shown<'a> {
    pub result: &'a TableResult,
    pub breakdown: Option<Breakdown>,
}

impl<'a> Shown<'a> {
    /// The result and its breakdown, as stored or (a row kept before breakdowns were) as
    /// the service scores it.
    pub fn of(settings: &EventSettings, result: &'a TableResult) -> Shown<'a> {
        Shown {
            result,
            breakdown: service::results::breakdown(settings, &result.values.report),
        }
    }
}

/// A result already in, as the table sees it.
pub struct ResultView {
    pub id: i32,
    pub majors: i32,
    pub minors: i32,
    pub status: &'static str,
    pub entered_by: String,
    /// The other side may still agree or disagree.
    pub awaiting: bool,
    /// Who must agree, named: "E-W ♦♣ · Pair 10, Sonia Quamina & Trevor Ramdial".
    pub agreeing: Option<String>,
    /// They are not at this table now: whom the result waits for, and where they sit
    /// ("waiting for pair 10, now at table 1"); this phone has no agree button then.
    pub waiting: Option<String>,
    /// What was entered, laid out as the form is: the other side checks the counts, not
    /// just the totals.
    pub report: Vec<ReportBlock>,
    /// Entered as the full play record (its counts come from replaying it).
    pub record: bool,
    /// A Kaiso report's songs and scores, by partnership.
    pub songs: Vec<SongsReport>,
    /// An Embers report's score, hand by hand.
    pub hands: Vec<HandRow>,
    /// An Auction report's score, hand by hand (positions 1, 2, 3).
    pub auction: Vec<AuctionRow>,
    /// Calypso Duet: the dummies chosen, deal by deal ("Deal 1: ♠♥ player S · ♦♣ player
    /// W"), for the other player to check.
    pub dummies: Vec<String>,
    /// Call-and-response: the exchanges are listed with the dummies.
    pub exchanged: bool,
    /// A coöperative table: its table total and grade.
    pub table_grade: Option<crate::event::coop::TableGrade>,
}

/// One game (or one deal) of an entered report, read only.
pub struct ReportBlock {
    /// "Deal 2" when entered deal by deal.
    pub title: Option<String>,
    pub seats: Vec<ReportSeat>,
    /// "NS 40 · EW 12".
    pub piles: String,
    pub revokes: String,
}

pub struct ReportSeat {
    /// "N ♠", from the event's seating.
    pub label: String,
    pub red: bool,
    pub calypsos: String,
    /// The ranks in progress, "A K 10", or "–".
    pub in_progress: String,
}

/// The report's counts as the agree screen shows them (a summary, or the deals' lines; a
/// play record shows no counts of its own), the sides named in the game's words.
fn report_blocks(spec: &GameSpec, report: &TableReport) -> Vec<ReportBlock> {
    let TableReport::Calypso(calypso) = report else {
        return Vec::new();
    };
    let sides = |counts: Option<&BTreeMap<String, i64>>| -> String {
        counts
            .map(|m| {
                CalypsoReport::by_side(spec, m)
                    .into_iter()
                    .map(|(side, n)| format!("{} {n}", side_called(spec, side)))
                    .collect::<Vec<_>>()
                    .join(" · ")
            })
            .unwrap_or_default()
    };
    let block = |title: Option<String>,
                 players: &SeatMap<PlayerInput>,
                 piles: &BTreeMap<String, i64>,
                 revokes: Option<&BTreeMap<String, i64>>| {
        let seats = spec
            .seats()
            .iter()
            .map(|&seat| {
                let p = players.0[seat.index()].as_ref();
                let suit = spec.trumps.of(seat);
                let ranks: Vec<String> = p
                    .into_iter()
                    .flat_map(|p| &p.in_progress)
                    .map(|c| {
                        let c = c.0.to_string();
                        c.get(..c.len().saturating_sub(1))
                            .unwrap_or("")
                            .replace('T', "10")
                    })
                    .collect();
                ReportSeat {
                    label: format!(
                        "{} {}",
                        seat.letter(),
                        suit.map_or(String::new(), |s| s.symbol().to_string())
                    ),
                    red: suit.is_some_and(|s| s.is_red()),
                    calypsos: p.map_or("–".into(), |p| p.calypsos.to_string()),
                    in_progress: if ranks.is_empty() {
                        "–".into()
                    } else {
                        ranks.join(" ")
                    },
                }
            })
            .collect();
        ReportBlock {
            title,
            seats,
            piles: sides(Some(piles)),
            revokes: sides(revokes),
        }
    };
    match calypso.report() {
        // The whole game's revokes under the last deal.
        CalypsoReport::Deals { deals, revokes } => deals
            .iter()
            .enumerate()
            .map(|(k, d)| {
                let last = k + 1 == deals.len();
                block(
                    Some(format!("Deal {}", k + 1)),
                    &d.players,
                    &d.trick_piles,
                    revokes.as_ref().filter(|_| last),
                )
            })
            .collect(),
        CalypsoReport::Summary {
            players,
            trick_piles,
            revokes,
            ..
        } => vec![block(None, players, trick_piles, revokes.as_ref())],
        CalypsoReport::Record(_) => Vec::new(),
    }
}

/// Calypso Duet: the dummies a report chose, deal by deal, each player named by their
/// hands' trumps ("Deal 2: ♠♥ player South · ♦♣ player West"); with call-and-response,
/// each player's exchange after the deal's dummies ("Deal 2, ♠♥ player: looked at North,
/// passed 9♠ 4♥ 2♦, returned A♠ K♠ 3♥"). Empty for another game.
fn dummies_chosen(spec: &GameSpec, report: &TableReport) -> Vec<String> {
    let (Some(_), TableReport::Calypso(calypso)) = (spec.duet.as_ref(), report) else {
        return Vec::new();
    };
    let exchanges = calypso.exchanges();
    let mut out = Vec::new();
    for (k, chosen) in calypso.dummies().into_iter().enumerate() {
        out.push(format!("Deal {}: {}", k + 1, dummies_words(spec, chosen)));
        if let Some(x) = exchanges.get(k) {
            for (p, ex) in x.iter().enumerate() {
                out.push(format!(
                    "Deal {}, {}",
                    k + 1,
                    exchange_words(spec, p, ex.as_ref())
                ));
            }
        }
    }
    out
}

/// One choice of a player's dummy: a dealt hand, by its board seat.
pub struct DummyChoice {
    pub value: char,
    pub label: &'static str,
    pub on: bool,
}

/// One player's dummy in one deal.
pub struct DummyPick {
    /// `majors` or `minors`, in the field's name.
    pub key: &'static str,
    /// "♠♥ player".
    pub who: String,
    pub choices: Vec<DummyChoice>,
    /// Call-and-response: the player's exchange in the deal.
    pub exchange: Option<ExchangePick>,
}

/// Call-and-response: one player's exchange in one deal, as typed: the hand looked at
/// first (one of the two dealt hands) and the three cards each way.
pub struct ExchangePick {
    pub inspected: Vec<DummyChoice>,
    pub passed: String,
    pub returned: String,
}

/// Calypso Duet: each deal's two dummy choices.
pub struct DummiesView {
    /// By deal (1-based), each with the two players' picks.
    pub deals: Vec<(usize, Vec<DummyPick>)>,
    pub problems: Vec<String>,
    /// Call-and-response: each pick has its exchange.
    pub exchange: bool,
}

fn dummies_view(spec: &GameSpec, form: &TableForm, problems: Vec<String>) -> Option<DummiesView> {
    let duet = spec.duet.as_ref()?;
    let deals = (0..spec.deals())
        .map(|i| {
            let chosen = form.dummies.get(i).cloned().unwrap_or_default();
            let typed = form.exchanges.get(i).cloned().unwrap_or_default();
            let picks = duet
                .players
                .iter()
                .zip(["majors", "minors"])
                .enumerate()
                .map(|(p, (player, key))| {
                    let dealt = player.dealt();
                    let choices = |on: &str| {
                        dealt
                            .iter()
                            .map(|seat| DummyChoice {
                                value: seat.letter(),
                                label: seat.name(),
                                on: on.trim() == seat.letter().to_string(),
                            })
                            .collect()
                    };
                    let x = &typed[p];
                    DummyPick {
                        key,
                        who: duet_player(spec, dealt[0]).map(|x| x.0).unwrap_or_default()
                            + " player",
                        choices: choices(&chosen[p]),
                        exchange: (duet.exchange > 0).then(|| ExchangePick {
                            inspected: choices(&x.inspected),
                            passed: x.passed.clone(),
                            returned: x.returned.clone(),
                        }),
                    }
                })
                .collect();
            (i + 1, picks)
        })
        .collect();
    Some(DummiesView {
        deals,
        problems,
        exchange: duet.exchange > 0,
    })
}

/// The result part of a table's page for one board.
pub struct ScoreEntry {
    pub board: u32,
    pub round: u32,
    /// The way chosen: "game", "deals" or "record".
    pub mode: &'static str,
    pub game: CountsView,
    /// Deal by deal: one per deal of the variant.
    pub deals: Vec<CountsView>,
    pub deal_revokes: Vec<RevokeField>,
    /// Deal by deal, where the notes are (the form is long): the id of the first place with
    /// a note in each deal that has one (and of the revokes), with what to call it.
    pub notes: Vec<(String, String)>,
    pub record: String,
    /// A Kaiso event's form: each partnership's songs.
    pub songs: Option<Vec<SideSongsView>>,
    /// An Embers event's form: the hands so far and the next.
    pub hands: Option<HandsView>,
    /// Embers: the lines of the hands shown.
    pub hand_lines: Vec<CountsView>,
    /// An Auction event's form: the hands so far and the next, with the running score.
    pub auction: Option<AuctionView>,
    /// Auction Calypso: the players by position ("1 · Ann Lee"), for the result's columns.
    pub positions: Vec<String>,
    /// A partnership Auction event's form: the hands so far and the next, with the running
    /// score by partnership.
    pub auction_pairs: Option<PairsView>,
    /// Calypso Duet: each deal's dummy choices, for the whole game and deal by deal alike.
    pub dummies: Option<DummiesView>,
    /// Problems not about one line.
    pub problems: Vec<String>,
    pub message: Option<String>,
    pub result: Option<ResultView>,
    /// An earlier round's board the table has not finished with (its result not entered, or
    /// not agreed yet): who sat where then, for the late table's heading.
    pub late: Option<String>,
    /// An earlier round's result at another table (or a table of the individual) that waits
    /// for the players now at this one to agree: its heading, set apart from this round's.
    pub away: Option<String>,
    /// Once the result is agreed: the board's traveller so far and the pairs' places.
    pub so_far: Option<SoFar>,
    /// Deal by deal on a table's phone: the deal "Check deal k" checks next (0: no such
    /// button, as on a director's page or once the last deal is reached).
    pub next_check: usize,
    /// Deal by deal, after "Check deal k": the engine's score after deal k.
    pub deals_so_far: Option<DealsSoFar>,
}

/// The engine's score after the deals checked so far, each side's.
pub struct DealsSoFar {
    /// The last deal checked.
    pub after: usize,
    /// Each side: its name ("N-S ♠♥"), its score, and what makes it.
    pub sides: Vec<(String, i64, String)>,
}

impl DealsSoFar {
    pub fn new(spec: &GameSpec, after: usize, score: &crate::engine::Score) -> DealsSoFar {
        let sides = (0..spec.sides())
            .filter_map(|i| {
                let s = score.sides.get(i)?;
                let players = score.players.iter().filter(|p| s.seats.contains(&p.seat));
                let (mut calypsos, mut cards) = (0i64, 0usize);
                for p in players {
                    cards += p.in_progress.len();
                    calypsos += p.score - 20 * p.in_progress.len() as i64;
                }
                let mut parts = vec![format!("calypsos {calypsos}")];
                parts.push(format!("{cards} in progress {}", 20 * cards as i64));
                parts.push(format!("trick pile {} × 10", s.trick_pile));
                if s.revoke_bonus != 0 {
                    parts.push(format!("revokes {}", s.revoke_bonus));
                }
                Some((side_called(spec, i), s.score, parts.join(" · ")))
            })
            .collect();
        DealsSoFar { after, sides }
    }
}

fn rank_label(r: Rank) -> String {
    match r.char() {
        'T' => "10".into(),
        c => c.to_string(),
    }
}

/// Where a problem is shown on the form, in the way it was entered.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Spot {
    /// Above the form.
    Top,
    /// Beside a player's line (of a deal, deal by deal).
    Seat(Option<i64>, Seat),
    /// Beside a side's trick pile (of a deal, deal by deal).
    Side(Option<i64>, usize),
    /// At the head of a deal.
    Deal(i64),
    /// Under the lines (of a deal, deal by deal): the card total's problem.
    Foot(Option<i64>),
    /// Beside a side's revokes, deal by deal.
    Revokes(usize),
    /// Calypso Duet: with the dummies chosen.
    Dummies,
    /// Placed by the form's own view (Auction's, by hand).
    Own,
}

fn spot(mode: Mode, deals: usize, p: &Problem) -> Spot {
    if (p.code.starts_with("dummy-") || p.code.starts_with("exchange-")) && mode != Mode::Record {
        return Spot::Dummies;
    }
    match mode {
        // A record's problems (a hand not dealt, a card not held) are the record's.
        Mode::Record => Spot::Top,
        Mode::Songs => p.side.map_or(Spot::Top, |side| Spot::Side(None, side)),
        // The Auction form's view places its own problems by hand.
        Mode::Auction | Mode::AuctionPairs => match p.deal {
            Some(_) => Spot::Own,
            None => Spot::Top,
        },
        Mode::Hands => match (p.deal, p.seat, p.side) {
            (Some(k), Some(seat), _) => Spot::Seat(Some(k), seat),
            (Some(k), None, Some(side)) => Spot::Side(Some(k), side),
            (Some(k), None, None) => Spot::Deal(k),
            _ => Spot::Top,
        },
        Mode::Game if p.code == "card-count" && p.seat.is_none() && p.side.is_none() => {
            Spot::Foot(None)
        }
        Mode::Game => match (p.seat, p.side) {
            (Some(seat), _) => Spot::Seat(None, seat),
            (None, Some(side)) => Spot::Side(None, side),
            (None, None) => Spot::Top,
        },
        Mode::Deals => {
            let deal = p.deal.filter(|k| (1..=deals as i64).contains(k));
            match (deal, p.seat, p.side) {
                (Some(k), Some(seat), _) => Spot::Seat(Some(k), seat),
                (Some(k), None, Some(side)) => Spot::Side(Some(k), side),
                (Some(k), None, None) if p.code == "card-count" => Spot::Foot(Some(k)),
                (Some(k), None, None) => Spot::Deal(k),
                (None, None, Some(side)) => Spot::Revokes(side),
                _ => Spot::Top,
            }
        }
    }
}

impl ScoreEntry {
    /// Auction Calypso: each position's player and total in the stored result.
    pub fn auction_totals(&self) -> Vec<(String, i64)> {
        let Some(last) = self.result.as_ref().and_then(|r| r.auction.last()) else {
            return Vec::new();
        };
        last.running
            .iter()
            .enumerate()
            .map(|(i, &t)| {
                let who = self
                    .positions
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| (i + 1).to_string());
                (who, t)
            })
            .collect()
    }

    /// Auction Calypso: the game's agreed hands, the running score of the hands checked so
    /// far, and the players' names by position; the stored result's hands scored likewise.
    pub fn with_auction(
        mut self,
        form: &TableForm,
        problems: &[Problem],
        agreed: usize,
        running: Option<&AuctionScore>,
        players: [String; 3],
    ) -> ScoreEntry {
        if form.mode() == Mode::Auction {
            self.positions = players.to_vec();
            let rows = running.map(auction_rows).unwrap_or_default();
            self.auction = Some(AuctionView::new(
                &form.auction,
                agreed,
                problems,
                rows,
                players,
            ));
        }
        self
    }

    /// Partnership Auction Calypso: the game's agreed hands and the running score by
    /// partnership of the hands checked so far.
    pub fn with_auction_pairs(
        mut self,
        form: &TableForm,
        problems: &[Problem],
        agreed: usize,
        running: Option<&PairsScore>,
    ) -> ScoreEntry {
        if form.mode() == Mode::AuctionPairs {
            let rows = running.map(pairs_rows).unwrap_or_default();
            self.auction_pairs = Some(PairsView::new(
                &form.auction_pairs,
                agreed,
                problems,
                rows,
                Default::default(),
            ));
        }
        self
    }

    /// Auction Calypso (for three or four): the setup step before hand 1, for the setup the
    /// event agreed.
    pub fn with_auction_setup(mut self, kind: SetupKind) -> ScoreEntry {
        self.auction = self.auction.take().map(|a| a.with_setup(kind));
        self.auction_pairs = self.auction_pairs.take().map(|a| a.with_setup(kind));
        self
    }

    /// Embers: the game's agreed hands (the lines stop there) and the running score of the
    /// hands checked so far.
    pub fn with_hands(mut self, agreed: usize, running: Option<&EmbersScore>) -> ScoreEntry {
        if let Some(h) = &mut self.hands {
            h.agreed = agreed;
            self.hand_lines.truncate(agreed.max(1));
            h.shown = self.hand_lines.len();
            h.running = running.map(rows).unwrap_or_default();
        }
        self
    }

    /// The form for a board (kept as typed, with its problems), or the result already in.
    pub fn new(
        spec: &GameSpec,
        form: &TableForm,
        problems: &[Problem],
        message: Option<String>,
        result: Option<Shown>,
    ) -> ScoreEntry {
        let mode = form.mode();
        // The counts' problems in the players' words, the line most likely wrong first.
        let worded;
        let problems = if matches!(mode, Mode::Game | Mode::Deals) {
            worded = players_words(spec, problems);
            &worded[..]
        } else {
            problems
        };
        let at = |place: Spot| -> Vec<String> {
            problems
                .iter()
                .filter(|p| spot(mode, spec.deals(), p) == place)
                .map(|p| p.message.clone())
                .collect()
        };
        // Players know their side by its seats, never "majors" alone.
        let side_word = |side: usize| {
            if spec.scoring.partnerships() {
                side_letters(spec, side)
            } else {
                String::new()
            }
        };
        let side_label = |side: usize| side_called(spec, side);
        let counts = |typed: &CountsForm, deal: Option<i64>, letter: char| CountsView {
            prefix: deal.map_or(String::new(), |k| format!("{letter}{k}_")),
            piles_legend: if letter == 'h' {
                "Trick piles from this hand"
            } else {
                "Trick piles so far"
            },
            deal: deal.unwrap_or(0) as usize,
            seats: spec
                .seats()
                .iter()
                .map(|&seat| {
                    let suit = spec.trumps.of(seat);
                    let chosen: Vec<String> = typed
                        .rank_tokens(seat)
                        .map(|t| t.to_ascii_uppercase().replace("10", "T"))
                        .collect();
                    SeatField {
                        letter: seat.letter(),
                        name: seat.name(),
                        suit: suit.map_or("no trump", |s| s.name()),
                        symbol: suit.map_or(' ', |s| s.symbol()),
                        red: suit.is_some_and(|s| s.is_red()),
                        // Duet: whose hand it is, "♠♥ player".
                        side: duet_player(spec, seat).map_or_else(
                            || side_word(spec.side_of(seat)),
                            |(suits, _)| format!("{suits} player"),
                        ),
                        calypsos: typed.calypsos[seat.index()].clone(),
                        revokes: typed.revokes[seat.index()].clone(),
                        ranks: Rank::ALL
                            .into_iter()
                            .rev()
                            .map(|r| RankBox {
                                value: r.char().to_string(),
                                label: rank_label(r),
                                on: chosen.iter().any(|c| c.starts_with(r.char())),
                            })
                            .collect(),
                        problems: at(Spot::Seat(deal, seat)),
                    }
                })
                .collect(),
            sides: (0..spec.sides())
                .map(|side| {
                    let key = spec.side_name(side);
                    SideField {
                        label: side_label(side),
                        piles: typed.piles.get(&key).cloned().unwrap_or_default(),
                        revokes: deal
                            .is_none()
                            .then(|| form.revokes.get(&key).cloned().unwrap_or_default()),
                        problems: at(Spot::Side(deal, side)),
                        key,
                    }
                })
                .collect(),
            problems: deal.map(|k| at(Spot::Deal(k))).unwrap_or_default(),
            foot: at(Spot::Foot(deal)),
        };
        let blank = CountsForm::default();
        let deals: Vec<CountsView> = (0..spec.deals())
            .map(|i| counts(form.deals.get(i).unwrap_or(&blank), Some(i as i64 + 1), 'd'))
            .collect();
        let mut hand_lines = Vec::new();
        let hands = (mode == Mode::Hands).then(|| {
            let typed = form.hands_typed();
            // The next hand starts from the calypsos and cards the last one left.
            let mut lines: Vec<CountsForm> = form.hands.iter().take(typed + 1).cloned().collect();
            if lines.len() <= typed || lines[typed].is_blank() {
                let mut next = typed
                    .checked_sub(1)
                    .map(|i| lines[i].clone())
                    .unwrap_or_default();
                next.piles.clear();
                next.revokes = Default::default();
                lines.truncate(typed);
                lines.push(next);
            }
            hand_lines = lines
                .iter()
                .enumerate()
                .map(|(i, l)| counts(l, Some(i as i64 + 1), 'h'))
                .collect();
            HandsView {
                shown: hand_lines.len(),
                agreed: 0,
                typed,
                running: Vec::new(),
                sides: side_names(spec),
            }
        });
        let deal_revokes: Vec<RevokeField> = (0..spec.sides())
            .map(|side| {
                let key = spec.side_name(side);
                RevokeField {
                    label: side_label(side),
                    value: form.deal_revokes.get(&key).cloned().unwrap_or_default(),
                    problems: at(Spot::Revokes(side)),
                    key,
                }
            })
            .collect();
        ScoreEntry {
            board: form.board.parse().unwrap_or(0),
            round: form.round.parse().unwrap_or(0),
            mode: mode.name(),
            game: counts(&form.game, None, 'd'),
            hands,
            hand_lines,
            auction: None,
            positions: Vec::new(),
            auction_pairs: None,
            notes: if mode == Mode::Deals {
                notes(&deals, &deal_revokes, &form.board)
            } else {
                vec![]
            },
            deals,
            deal_revokes,
            record: form.record.clone(),
            songs: (mode == Mode::Songs).then(|| form.songs.view(spec, problems)),
            dummies: dummies_view(spec, form, at(Spot::Dummies)),
            problems: at(Spot::Top),
            message,
            result: result.map(
                |Shown {
                     result: r,
                     breakdown,
                 }| ResultView {
                    id: r.id.get(),
                    majors: r.values.scores.majors,
                    minors: r.values.scores.minors,
                    status: r.values.status.name(),
                    entered_by: r.entered_by.clone(),
                    awaiting: r.values.status == ResultStatus::Provisional,
                    agreeing: None,
                    waiting: None,
                    report: report_blocks(spec, &r.values.report),
                    dummies: dummies_chosen(spec, &r.values.report),
                    exchanged: match &r.values.report {
                        TableReport::Calypso(c) => c.exchanged(),
                        _ => false,
                    },
                    record: r.play_record().is_some(),
                    songs: songs_report(spec, &r.values.report, breakdown.as_ref()),
                    hands: hands_report(breakdown.as_ref()),
                    auction: auction_report(breakdown.as_ref()),
                    table_grade: crate::event::coop::table_grade(
                        spec,
                        r.values.scores.majors,
                        r.values.scores.minors,
                    ),
                },
            ),
            late: None,
            away: None,
            so_far: None,
            next_check: 0,
            deals_so_far: None,
        }
    }

    /// A table's phone, deal by deal: the "Check deal k" button, and after a check the
    /// engine's score so far (the form given is already carried over to the next deal).
    pub fn with_deal_checks(
        mut self,
        spec: &GameSpec,
        form: &TableForm,
        checked: Option<&crate::engine::Score>,
    ) -> ScoreEntry {
        if self.songs.is_some()
            || self.hands.is_some()
            || self.auction.is_some()
            || self.auction_pairs.is_some()
        {
            return self;
        }
        let typed = form.deals_typed();
        self.deals_so_far = checked.map(|score| DealsSoFar::new(spec, typed, score));
        let next = if checked.is_some() {
            typed + 1
        } else {
            typed.max(1)
        };
        self.next_check = if next < spec.deals() { next } else { 0 };
        self
    }

    /// Deal by deal after a check: the deals checked fold away (none with a note).
    pub fn folded(&self) -> usize {
        self.deals_so_far.as_ref().map_or(0, |s| s.after)
    }

    /// Deal by deal after a check: the deals shown open, the next one included; the blank
    /// ones after it wait (0: every deal shown).
    pub fn shown(&self) -> usize {
        self.deals_so_far.as_ref().map_or(0, |s| s.after + 1)
    }

    /// Who must agree the result in, and whether they answer on this table's phone (they
    /// sit here in round `now`) or elsewhere.
    pub fn with_agreeing(
        mut self,
        agreeing: Option<&Agreeing>,
        table: u32,
        now: u32,
    ) -> ScoreEntry {
        if let (Some(r), Some(a)) = (&mut self.result, agreeing) {
            r.agreeing = Some(a.named());
            if !a.agrees_at(table) {
                r.waiting = Some(format!(
                    "waiting for {}, {}{}",
                    a.short(),
                    a.where_now(now),
                    match a.now_at.first() {
                        Some(t) => format!(": they agree or dispute it on table {t}'s phone"),
                        None => ": the director settles it".into(),
                    }
                ));
            }
        }
        self
    }
}

/// Where the notes are on a deal-by-deal form: in each deal, its head (a note about the deal),
/// the first player with one, or its trick piles; then the revokes. The ids are the template's.
fn notes(deals: &[CountsView], revokes: &[RevokeField], board: &str) -> Vec<(String, String)> {
    let board = board.trim();
    let mut out: Vec<(String, String)> = deals
        .iter()
        .filter_map(|d| {
            let k = d.deal;
            let place = if !d.problems.is_empty() {
                format!("board-{board}-deal-{k}")
            } else if let Some(s) = d.seats.iter().find(|s| !s.problems.is_empty()) {
                format!("d{k}_player_{}_{board}", s.letter)
            } else if d.sides.iter().any(|s| !s.problems.is_empty()) || !d.foot.is_empty() {
                format!("d{k}_piles_{board}")
            } else {
                return None;
            };
            Some((place, format!("deal {k}")))
        })
        .collect();
    if revokes.iter().any(|r| !r.problems.is_empty()) {
        out.push((format!("board-{board}-revokes"), "revokes".into()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{TrickRule, Variant};
    use crate::event::results::TableReport;
    use crate::event::table_report::DealLine;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    /// The sheet a form gives, as stored.
    fn stored(spec: &GameSpec, f: &TableForm) -> String {
        f.sheet(spec)
            .unwrap()
            .read(
                spec,
                crate::event::settings::GameKind::Calypso,
                None,
                None,
                None,
            )
            .unwrap()
            .to_json(spec)
            .to_string()
    }

    #[test]
    fn the_agree_card_names_the_sides_trick_piles_and_revokes_in_the_games_words() {
        let spec = GameSpec::build(Variant::Standard, TrickRule::Standard, None).unwrap();
        let report = TableReport::of_json(serde_json::json!({
            "players": {"N": {"calypsos": 1, "in_progress": ["2S", "TS"]}},
            "trick_piles": {"NS": 85, "EW": 88},
            "revokes": {"NS": 0, "EW": 1}
        }));
        let blocks = report_blocks(&spec, &report);
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0].piles, "N-S ♠♥ 85 · E-W ♦♣ 88");
        assert_eq!(blocks[0].revokes, "N-S ♠♥ 0 · E-W ♦♣ 1");
        assert_eq!(blocks[0].seats[0].in_progress, "2 10");
        assert_eq!(blocks[0].seats[1].calypsos, "–");
    }

    #[test]
    fn the_agree_card_names_each_duet_players_dummy_deal_by_deal() {
        let spec = GameSpec::build(Variant::Duet, TrickRule::Standard, None).unwrap();
        let report = TableReport::of_json(serde_json::json!({
            "players": {},
            "trick_piles": {"NS": 0, "EW": 0},
            "revokes": {"NS": 0, "EW": 0},
            "dummies": [{"majors": "S", "minors": "W"}, {"majors": "N", "minors": "E"}]
        }));
        assert_eq!(
            dummies_chosen(&spec, &report),
            [
                "Deal 1: ♠♥ player South · ♣♦ player West",
                "Deal 2: ♠♥ player North · ♣♦ player East"
            ]
        );
        // Deal by deal, each line's own.
        let deals = TableReport::of_json(serde_json::json!({
            "deals": [{"players": {}, "trick_piles": {}, "dummies": {"majors": "N", "minors": "W"}}],
            "revokes": {"NS": 0, "EW": 0}
        }));
        assert_eq!(
            dummies_chosen(&spec, &deals),
            ["Deal 1: ♠♥ player North · ♣♦ player West"]
        );
        // Not a Duet: nothing.
        let standard = GameSpec::build(Variant::Standard, TrickRule::Standard, None).unwrap();
        assert!(dummies_chosen(&standard, &report).is_empty());
    }

    #[test]
    fn a_stored_sheet_gives_back_the_form_it_came_from() {
        let spec = GameSpec::build(Variant::Standard, TrickRule::Standard, None).unwrap();
        let game = TableForm::from_pairs(pairs(&[
            ("mode", "game"),
            ("calypsos_N", "1"),
            ("ranks_N", "2"),
            ("ranks_N", "T"),
            ("ranks_W", "A"),
            ("piles_NS", "72"),
            ("piles_EW", "104"),
            ("revokes_NS", "1"),
            ("revokes_EW", "0"),
        ]));
        let deals = TableForm::from_pairs(pairs(&[
            ("mode", "deals"),
            ("d1_calypsos_N", "0"),
            ("d1_ranks_S", "Q"),
            ("d1_piles_NS", "24"),
            ("d1_piles_EW", "27"),
            ("d2_calypsos_E", "1"),
            ("d2_ranks_S", "Q"),
            ("d2_piles_NS", "40"),
            ("d2_piles_EW", "50"),
            ("deals_revokes_EW", "2"),
        ]));
        for f in [game, deals] {
            let sheet = stored(&spec, &f);
            let back = TableForm::from_sheet(&TableReport::read(&sheet), 2, 7);
            assert_eq!(back.mode(), f.mode());
            assert_eq!((back.round.as_str(), back.board.as_str()), ("2", "7"));
            assert_eq!(stored(&spec, &back), sheet);
        }
        // A record comes back as the record's JSON.
        let back = TableForm::from_sheet(&TableReport::read(r#"{"record": {"deals": []}}"#), 1, 1);
        assert_eq!(back.mode(), Mode::Record);
        assert!(back.record.contains("\"deals\""));
        // A sheet that is not one (a ruling's "{}", or nothing) is an empty whole game.
        assert_eq!(
            TableForm::from_sheet(&TableReport::none(), 1, 1).mode(),
            Mode::Game
        );
        assert_eq!(
            TableForm::from_sheet(&TableReport::read(""), 1, 1).mode(),
            Mode::Game
        );
    }

    #[test]
    fn the_form_reads_counts_and_ranks_from_buttons_or_typed() {
        let spec = GameSpec::build(Variant::Standard, TrickRule::Standard, None).unwrap();
        let f = TableForm::from_pairs(pairs(&[
            ("round", "1"),
            ("board", "3"),
            ("calypsos_N", "1"),
            ("ranks_N", "2"),
            ("ranks_N", "10"),
            ("ranks_E", "k, a"),
            ("calypsos_E", ""),
            ("piles_NS", "72"),
            ("piles_EW", "104"),
            ("revokes_NS", "0"),
        ]));
        let sheet = f.sheet(&spec).unwrap();
        let players = sheet.players.unwrap();
        let n = players.0[0].as_ref().unwrap();
        assert_eq!(n.calypsos, 1);
        let cards: Vec<String> = n.in_progress.iter().map(|c| c.0.to_string()).collect();
        assert_eq!(cards, ["2S", "TS"]);
        let e = players.0[1].as_ref().unwrap();
        assert_eq!(e.calypsos, 0);
        assert_eq!(e.in_progress.len(), 2);
        assert_eq!(sheet.revokes.unwrap().get("EW"), Some(&0));
    }

    #[test]
    fn bad_numbers_and_ranks_are_placed_by_seat_and_side() {
        let spec = GameSpec::build(Variant::Standard, TrickRule::Standard, None).unwrap();
        let f = TableForm::from_pairs(pairs(&[
            ("calypsos_S", "two"),
            ("ranks_W", "Z"),
            ("piles_NS", ""),
            ("piles_EW", "-"),
        ]));
        let problems = f.sheet(&spec).unwrap_err();
        let at = |code: &str| {
            problems
                .iter()
                .filter(|p| p.code == code)
                .map(|p| (p.seat, p.side))
                .collect::<Vec<_>>()
        };
        assert_eq!(at("rank"), [(Some(Seat::West), None)]);
        assert_eq!(
            at("number"),
            [(Some(Seat::South), None), (None, Some(0)), (None, Some(1))]
        );
        // Kept as typed for the page.
        let view = ScoreEntry::new(&spec, &f, &problems, None, None);
        assert_eq!(view.game.seats[2].calypsos, "two");
        assert_eq!(view.game.seats[2].problems.len(), 1);
        assert_eq!(view.game.sides[1].piles, "-");
    }

    /// Deal-by-deal fields: deal `k`'s line with each seat's calypsos and NS, EW piles.
    fn deal_line(k: u32, calypsos: [&str; 4], piles: [&str; 2]) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = "NESW"
            .chars()
            .zip(calypsos)
            .map(|(s, c)| (format!("d{k}_calypsos_{s}"), c.to_string()))
            .collect();
        out.push((format!("d{k}_piles_NS"), piles[0].into()));
        out.push((format!("d{k}_piles_EW"), piles[1].into()));
        out
    }

    #[test]
    fn deal_by_deal_sends_the_lines_up_to_the_last_deal_filled_in() {
        let spec = GameSpec::build(Variant::Standard, TrickRule::Standard, None).unwrap();
        let mut fields = pairs(&[
            ("mode", "deals"),
            ("round", "1"),
            ("board", "2"),
            // The whole game's fields, typed before switching: kept, not read.
            ("calypsos_N", "7"),
            ("d1_ranks_N", "A"),
            ("d2_ranks_N", "A"),
            ("d2_ranks_N", "K"),
            ("deals_revokes_EW", "1"),
            // Deals beyond any game's are not read.
            ("d9_calypsos_N", "1"),
        ]);
        fields.extend(deal_line(1, ["", "", "", ""], ["23", "28"]));
        fields.extend(deal_line(2, ["0", "0", "0", "0"], ["46", "56"]));
        fields.extend(deal_line(3, ["", "", "", ""], ["", ""]));
        let f = TableForm::from_pairs(fields);
        assert_eq!(f.mode(), Mode::Deals);
        assert_eq!(f.game.calypsos[0], "7");
        let sheet = f.sheet(&spec).unwrap();
        assert!(sheet.players.is_none() && sheet.record.is_none());
        let lines = sheet.deals.unwrap();
        assert_eq!(lines.len(), 2, "deals 3 and 4 were left blank");
        let north = |l: &DealLine| {
            let n = l.players.0[0].as_ref().unwrap();
            n.in_progress
                .iter()
                .map(|c| c.0.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(north(&lines[0]), ["AS"]);
        assert_eq!(north(&lines[1]), ["AS", "KS"]);
        assert_eq!(lines[1].trick_piles.get("EW"), Some(&56));
        let revokes = sheet.revokes.unwrap();
        assert_eq!((revokes["NS"], revokes["EW"]), (0, 1));
    }

    #[test]
    fn deal_by_deal_problems_go_beside_their_deal_and_everything_typed_is_kept() {
        let spec = GameSpec::build(Variant::Standard, TrickRule::Standard, None).unwrap();
        let mut fields = pairs(&[("mode", "deals"), ("round", "1"), ("board", "2")]);
        fields.extend(deal_line(1, ["0", "x", "0", "0"], ["24", "28"]));
        // Deal 2 left empty, deal 3 filled: a deal is missing.
        fields.extend(deal_line(3, ["0", "0", "0", "0"], ["", "100"]));
        fields.push(("deals_revokes_NS".into(), "many".into()));
        let f = TableForm::from_pairs(fields);
        let problems = f.sheet(&spec).unwrap_err();
        let places: Vec<_> = problems.iter().map(|p| (p.deal, p.seat, p.side)).collect();
        assert_eq!(
            places,
            [
                (Some(1), Some(Seat::East), None),
                (Some(2), None, None),
                (Some(3), None, Some(0)),
                (None, None, Some(0)),
            ],
            "{problems:?}"
        );
        let view = ScoreEntry::new(&spec, &f, &problems, None, None);
        assert_eq!(view.mode, "deals");
        assert_eq!(view.deals.len(), 4);
        assert_eq!(view.deals[0].prefix, "d1_");
        assert_eq!(view.deals[0].seats[1].calypsos, "x");
        assert_eq!(view.deals[0].seats[1].problems.len(), 1);
        assert!(view.deals[1].problems[0].contains("nothing is filled in, but deal 3 is"));
        assert_eq!(view.deals[2].sides[0].problems.len(), 1);
        assert_eq!(view.deals[2].sides[1].piles, "100");
        assert!(view.deals[2].sides[0].revokes.is_none());
        assert_eq!(view.deal_revokes[0].value, "many");
        assert_eq!(view.deal_revokes[0].problems.len(), 1);
        assert!(view.problems.is_empty() && view.game.seats[1].problems.is_empty());
        let notes: Vec<_> = view.notes.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(
            notes,
            [
                "d1_player_E_2",
                "board-2-deal-2",
                "d3_piles_2",
                "board-2-revokes"
            ]
        );

        // The engine's problem with a deal (a card count after deal 2) goes to that deal, or
        // to the whole game's form.
        let engine = Problem {
            code: "card-count",
            message: "after deal 2: the cards add up to 100, but after deal 2 there are 104".into(),
            seat: None,
            side: None,
            deal: Some(2),
        };
        // Under its lines, read after them.
        let view = ScoreEntry::new(&spec, &f, std::slice::from_ref(&engine), None, None);
        assert_eq!(view.deals[1].foot.len(), 1);
        assert!(view.problems.is_empty());
        let game = TableForm::from_pairs(pairs(&[("round", "1"), ("board", "2")]));
        let view = ScoreEntry::new(&spec, &game, &[engine], None, None);
        assert_eq!(view.mode, "game");
        assert_eq!(view.game.foot.len(), 1);
    }

    #[test]
    fn the_way_is_the_one_chosen_or_the_record_when_one_is_pasted() {
        let spec = GameSpec::build(Variant::Standard, TrickRule::Standard, None).unwrap();
        let pasted = TableForm::from_pairs(pairs(&[("record", "{not json")]));
        assert_eq!(pasted.mode(), Mode::Record);
        let problems = pasted.sheet(&spec).unwrap_err();
        assert!(problems[0].message.contains("cannot be read"));
        // Chosen: the whole game, with a record still in its (hidden) box.
        let chosen = TableForm::from_pairs(pairs(&[
            ("mode", "game"),
            ("record", "{not json"),
            ("piles_NS", "104"),
            ("piles_EW", "104"),
        ]));
        assert!(chosen.sheet(&spec).unwrap().players.is_some());
        // The record chosen with nothing pasted; deal by deal with nothing filled in.
        let empty = TableForm::from_pairs(pairs(&[("mode", "record")]));
        assert!(
            empty.sheet(&spec).unwrap_err()[0]
                .message
                .contains("paste the play record")
        );
        let none = TableForm::from_pairs(pairs(&[("mode", "deals")]));
        assert_eq!(none.sheet(&spec).unwrap_err()[0].deal, Some(1));
        // An unknown way is read like none.
        let odd = TableForm::from_pairs(pairs(&[("mode", "<script>")]));
        assert_eq!(odd.mode(), Mode::Game);
        // A five-deal variant has five deal lines on the form.
        let five = GameSpec::build(Variant::Sheinwold3, TrickRule::Standard, None).unwrap();
        let view = ScoreEntry::new(&five, &none, &[], None, None);
        assert_eq!(view.deals.len(), 5);
        assert_eq!(view.deals[4].prefix, "d5_");
    }
}
