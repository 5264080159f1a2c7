//! A table's report: what a table (or a director) reports for one board, and the engine's
//! check of it before anything is kept. Three ways to report: the end-of-game summary (each player's completed
//! calypsos and calypso in progress, each side's trick pile, revokes by side), one summary per
//! deal (checked after every deal), or the full play record (replayed trick by trick, which
//! finds the revokes itself). A Kaiso event's tables report each partnership's songs instead
//! (`engine::kaiso`'s summary). The scores are always the engine's, never typed.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::game_kind::GameKind;
use crate::engine::auction::pairs::{self as auction_pairs, PairsScore, PairsSpec, PairsSummary};
use crate::engine::auction::{self, AuctionScore, AuctionSpec, AuctionSummary};
use crate::engine::embers::{self, EmbersScore, EmbersSpec, EmbersSummary, HandSummary};
use crate::engine::json::{
    DealInput, DummiesInput, ExchangesInput, PlayerInput, SeatMap, deal_record, side_named,
};
use crate::engine::kaiso::{self, KaisoScore, KaisoSummary, Partnerships, SideSummary};
use crate::engine::summary::{dummy_problems, exchange_problems};
use crate::engine::{
    self, Budget, CardCounts, Deal, Exchange, GameRecord, GameSpec, Problem, Score, Seat, Summary,
};

/// One deal's line: the summary after that deal (counts so far, not that deal's alone).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealLine {
    pub players: SeatMap<PlayerInput>,
    pub trick_piles: BTreeMap<String, i64>,
    /// Calypso Duet: which dealt hand became each player's dummy in this deal.
    #[serde(default)]
    pub dummies: Option<DummiesInput>,
    /// Calypso Duet's call-and-response: each player's exchange in this deal.
    #[serde(default)]
    pub exchanges: Option<ExchangesInput>,
}

/// A full play record, as `rules replay` reads its deals.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordInput {
    pub deals: Vec<DealInput>,
}

impl RecordInput {
    /// A play record pasted into the table's form: its JSON read, or what stops it.
    pub fn read(text: &str) -> Result<RecordInput, serde_json::Error> {
        serde_json::from_str(text)
    }
}

/// What was reported, in the API's JSON shape (the body without where and why).
#[derive(Debug, Default, Deserialize)]
pub struct SheetInput {
    #[serde(default)]
    pub players: Option<SeatMap<PlayerInput>>,
    #[serde(default)]
    pub trick_piles: Option<BTreeMap<String, i64>>,
    #[serde(default)]
    pub revokes: Option<BTreeMap<String, i64>>,
    #[serde(default)]
    pub deals: Option<Vec<DealLine>>,
    #[serde(default)]
    pub record: Option<RecordInput>,
    /// Calypso Duet, with the game's summary: each deal's dummies, deal 1 first.
    #[serde(default)]
    pub dummies: Option<Vec<DummiesInput>>,
    /// Calypso Duet's call-and-response, with the game's summary: each deal's exchanges,
    /// deal 1 first.
    #[serde(default)]
    pub exchanges: Option<Vec<ExchangesInput>>,
    /// Kaiso: each partnership's songs, leftover song cards and trick pile.
    #[serde(default)]
    pub partnerships: Option<Partnerships<SideSummary>>,
    /// Embers: the report after each hand of the game, hand 1 first.
    #[serde(default)]
    pub reports: Option<Vec<HandSummary>>,
    /// Auction Calypso: the game's summary as `rules check --game auction` reads it (the
    /// first dealer, any setup, the report after each hand), without `hands` (the event's).
    #[serde(default)]
    pub auction: Option<AuctionSummary>,
    /// Partnership Auction Calypso: the game's summary (the first dealer, the report after
    /// each hand), as `rules check --game auction` reads it for four, without `hands`.
    #[serde(default)]
    pub auction_pairs: Option<PairsSummary>,
}

/// A Calypso game's report as stored (seats by letter, sides by name, as the table gave them).
#[derive(Debug)]
pub enum CalypsoReport {
    /// The end-of-game summary.
    Summary {
        players: SeatMap<PlayerInput>,
        trick_piles: BTreeMap<String, i64>,
        revokes: Option<BTreeMap<String, i64>>,
        /// Calypso Duet: each deal's dummies, deal 1 first (empty otherwise).
        dummies: Vec<DummiesInput>,
        /// Call-and-response: each deal's exchanges, deal 1 first (empty otherwise).
        exchanges: Vec<ExchangesInput>,
    },
    /// One line per deal, each the summary after it.
    Deals {
        deals: Vec<DealLine>,
        revokes: Option<BTreeMap<String, i64>>,
    },
    /// The full play record.
    Record(RecordInput),
}

impl CalypsoReport {
    /// A stored Calypso report, or `None` for JSON that is not one of its three shapes.
    pub fn read(json: &Value) -> Option<CalypsoReport> {
        let input = SheetInput::deserialize(json).ok()?;
        if input.partnerships.is_some() || input.reports.is_some() || input.auction.is_some() {
            return None;
        }
        let summary_given = input.players.is_some() || input.trick_piles.is_some();
        match (input.players, input.trick_piles, input.deals, input.record) {
            (Some(players), Some(trick_piles), None, None) => Some(CalypsoReport::Summary {
                players,
                trick_piles,
                revokes: input.revokes,
                dummies: input.dummies.unwrap_or_default(),
                exchanges: input.exchanges.unwrap_or_default(),
            }),
            (None, None, Some(deals), None) => Some(CalypsoReport::Deals {
                deals,
                revokes: input.revokes,
            }),
            (None, None, None, Some(record))
                if !summary_given
                    && input.revokes.is_none()
                    && input.dummies.is_none()
                    && input.exchanges.is_none() =>
            {
                Some(CalypsoReport::Record(record))
            }
            _ => None,
        }
    }

    /// A map of counts by side name (trick piles, revokes) in the game's side order: each
    /// side's index and count. A name that is no side of the game is left out.
    pub fn by_side(spec: &GameSpec, counts: &BTreeMap<String, i64>) -> Vec<(usize, i64)> {
        (0..spec.sides())
            .filter_map(|side| counts.get(&spec.side_name(side)).map(|&n| (side, n)))
            .collect()
    }

    /// Each deal's dummies as chosen (Calypso Duet), deal 1 first: `None` where a deal's are
    /// not given or not seats. Empty for a report that gives none.
    pub fn dummies(&self) -> Vec<[Option<Seat>; 2]> {
        let seats = |d: &DummiesInput| d.seats().unwrap_or([None, None]);
        match self {
            CalypsoReport::Summary { dummies, .. } => dummies.iter().map(seats).collect(),
            CalypsoReport::Deals { deals, .. } => {
                if deals.iter().all(|d| d.dummies.is_none()) {
                    return Vec::new();
                }
                deals
                    .iter()
                    .map(|d| d.dummies.as_ref().map_or([None, None], seats))
                    .collect()
            }
            CalypsoReport::Record(r) => {
                if r.deals.iter().all(|d| d.duet.is_none()) {
                    return Vec::new();
                }
                r.deals
                    .iter()
                    .map(|d| {
                        d.duet.as_ref().map_or([None, None], |x| {
                            [&x.majors, &x.minors].map(|c| c.dummy.parse::<Seat>().ok())
                        })
                    })
                    .collect()
            }
        }
    }
}

/// Whether any player's exchange is given in any deal (call-and-response).
fn any_exchange(deals: &[[Option<Exchange>; 2]]) -> bool {
    deals.iter().flatten().any(Option::is_some)
}

impl CalypsoReport {
    /// Call-and-response: the report gives an exchange (its dummies then come with them).
    pub fn exchanged(&self) -> bool {
        any_exchange(&self.exchanges())
    }

    /// Call-and-response: each deal's exchanges as given, deal 1 first (`None` where a
    /// player's is not given or does not read). Empty for a report that gives none; a play
    /// record's are its own.
    pub fn exchanges(&self) -> Vec<[Option<Exchange>; 2]> {
        let read = |x: &ExchangesInput| {
            [&x.majors, &x.minors].map(|e| e.as_ref().and_then(|e| e.exchange("").ok()))
        };
        match self {
            CalypsoReport::Summary { exchanges, .. } => exchanges.iter().map(read).collect(),
            CalypsoReport::Deals { deals, .. } => {
                if deals.iter().all(|d| d.exchanges.is_none()) {
                    return Vec::new();
                }
                deals
                    .iter()
                    .map(|d| d.exchanges.as_ref().map_or([None, None], read))
                    .collect()
            }
            CalypsoReport::Record(_) => Vec::new(),
        }
    }
}

/// Call-and-response: one player's exchange in one deal in words ("♠♥ player: looked at
/// North, passed 9♠ 4♥ 2♦, returned A♠ K♠ 3♥"), each player named by their hands' trumps.
pub fn exchange_words(spec: &GameSpec, p: usize, ex: Option<&Exchange>) -> String {
    let Some(player) = spec.duet.as_ref().and_then(|d| d.players.get(p)) else {
        return String::new();
    };
    let suits: String = player
        .dealt()
        .iter()
        .filter_map(|&s| spec.trumps.of(s).map(|t| t.symbol()))
        .collect();
    let cards = |cards: &[engine::Card]| {
        cards
            .iter()
            .map(|c| c.pretty())
            .collect::<Vec<_>>()
            .join(" ")
    };
    match ex {
        None => format!("{suits} player: exchange not given"),
        Some(ex) => format!(
            "{suits} player: looked at {}, passed {}, returned {}",
            ex.inspected.name(),
            cards(&ex.passed),
            cards(&ex.returned)
        ),
    }
}

/// Calypso Duet: one deal's dummies in words, each player named by their hands' trumps
/// ("♠♥ player South · ♣♦ player West"). Empty for a game that is not a Duet.
pub fn dummies_words(spec: &GameSpec, chosen: [Option<Seat>; 2]) -> String {
    let Some(duet) = spec.duet.as_ref() else {
        return String::new();
    };
    duet.players
        .iter()
        .zip(chosen)
        .map(|(player, seat)| {
            let suits: String = player
                .dealt()
                .iter()
                .filter_map(|&s| spec.trumps.of(s).map(|t| t.symbol()))
                .collect();
            let dummy = seat.map_or("not given", |s| s.name());
            format!("{suits} player {dummy}")
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// A report read into the engine's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sheet {
    /// The end-of-game summary (or one per deal) with the revokes each side committed.
    Summaries {
        summaries: Vec<Summary>,
        revokes: Vec<i64>,
        /// Calypso Duet's end-of-game summary: every deal's dummies, deal 1 first (the
        /// summary itself holds the last deal's). Empty otherwise: a deal's line holds its own.
        dummies: Vec<[Option<Seat>; 2]>,
        /// Call-and-response's end-of-game summary: every deal's exchanges, deal 1 first
        /// (the summary itself holds the last deal's). Empty otherwise.
        exchanges: Vec<[Option<Exchange>; 2]>,
    },
    Record(GameRecord),
    /// A Kaiso game's songs.
    Kaiso(KaisoSummary),
    /// An Embers game's reports, hand by hand, with the game agreed (hands, packs).
    Embers {
        spec: Box<EmbersSpec>,
        summary: EmbersSummary,
    },
    /// An Auction Calypso game's hands, with the game agreed (its hands).
    Auction {
        spec: Box<AuctionSpec>,
        summary: AuctionSummary,
    },
    /// A partnership Auction game's hands, with the game agreed (its hands).
    AuctionPairs {
        spec: Box<PairsSpec>,
        summary: PairsSummary,
    },
}

/// The engine's score of a sheet, in the game's own terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scored {
    Calypso(Score),
    Kaiso(KaisoScore),
    Embers(EmbersScore),
    /// Auction Calypso: the three players' scores (majors and minors are positions 1 and 2).
    Auction(AuctionScore),
    /// Partnership Auction Calypso: North-South's and East-West's scores.
    AuctionPairs(PairsScore),
}

/// The engine's verdict on an accepted sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub score: Scored,
    /// Revokes committed, by side index.
    pub revokes: Vec<u32>,
    pub majors: i64,
    pub minors: i64,
}

/// The seats of the majors or the minors.
pub fn side_seats(spec: &GameSpec, majors: bool) -> Vec<Seat> {
    let m = spec.majors_side();
    spec.seats()
        .iter()
        .copied()
        .filter(|&s| (spec.side_of(s) == m) == majors)
        .collect()
}

fn problem(code: &'static str, message: String, side: Option<usize>) -> Problem {
    Problem {
        code,
        message,
        seat: None,
        side,
        deal: None,
    }
}

/// Why a report is not one of the shapes this event's game takes (not what is impossible
/// in it: that is the engine's check). Said as the API and the page say it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    #[error("\"{what}\" gives {given} hands; this event's game is {agreed} hands")]
    TooManyHands {
        what: &'static str,
        given: usize,
        agreed: usize,
    },
    #[error(
        "an Auction Calypso event takes the game's summary hand by hand: give \"auction\" (and nothing else)"
    )]
    AuctionTakesItsSummary,
    #[error(
        "a Partnership Auction Calypso event takes the game's summary hand by hand: give \"auction_pairs\" (and nothing else)"
    )]
    AuctionPairsTakesItsSummary,
    #[error("\"{what}\" is an {report} report; this event plays {plays}")]
    AnotherGames {
        what: &'static str,
        report: &'static str,
        plays: &'static str,
    },
    #[error(
        "an Embers event takes the report after each hand: give \"reports\" (and nothing else)"
    )]
    EmbersTakesItsHands,
    #[error(
        "a Kaiso event takes each partnership's songs: give \"partnerships\" (and nothing else)"
    )]
    KaisoTakesItsSongs,
    #[error(
        "\"partnerships\" is a Kaiso report; this event plays Calypso: give \"players\" and \"trick_piles\", or \"deals\", or \"record\""
    )]
    SongsInCalypso,
    #[error("\"dummies\" goes with the game's summary; deal by deal, each deal's line has its own")]
    DummiesWithoutSummary,
    #[error(
        "\"exchanges\" goes with the game's summary; deal by deal, each deal's line has its own (a play record, each deal's \"duet\")"
    )]
    ExchangesWithoutSummary,
    #[error("\"exchanges\" gives {given} deals' exchanges; a game has {deals} deals")]
    ExchangesCount { given: usize, deals: usize },
    #[error("a play record shows its own revokes: leave \"revokes\" out")]
    RecordWithRevokes,
    #[error("a summary needs both \"players\" and \"trick_piles\"")]
    HalfASummary,
    #[error("\"dummies\" gives {given} deals' choices; a game has {deals} deals")]
    DummiesCount { given: usize, deals: usize },
    #[error("\"deals\" gives {given} lines; a game has 1 to {deals} deals")]
    DealLines { given: usize, deals: usize },
    #[error("nothing reported: give \"players\" and \"trick_piles\", or \"deals\", or \"record\"")]
    NothingReported,
    #[error("give one of: the summary (\"players\" and \"trick_piles\"), \"deals\", or \"record\"")]
    MoreThanOne,
    /// The engine's reading of a part (a side, a seat or a card that is none), in its words.
    #[error("{0}")]
    Part(String),
}

impl From<String> for ShapeError {
    fn from(said: String) -> ShapeError {
        ShapeError::Part(said)
    }
}

impl SheetInput {
    /// An Embers or Auction game's hands before its last: checked and scored as the table
    /// goes, and nothing kept (the game's result is entered with its last hand). Every other
    /// report is a whole result.
    /// `hands` is the hands agreed for the event's game.
    pub fn is_game_so_far(&self, game: GameKind, hands: usize) -> bool {
        match game {
            GameKind::Embers => self.reports.as_ref().is_some_and(|r| r.len() < hands),
            GameKind::Auction => self.auction.as_ref().is_some_and(|a| a.hands.len() < hands),
            GameKind::AuctionPairs => self
                .auction_pairs
                .as_ref()
                .is_some_and(|a| a.hands.len() < hands),
            GameKind::Calypso | GameKind::Kaiso => false,
        }
    }

    /// Reads the report; the error says what shape is wrong (not what is impossible: that is
    /// the engine's check).
    /// `embers` is an Embers event's game (its hands and packs), `auction` an Auction
    /// event's, `auction_pairs` a partnership Auction event's; `None` for other games.
    pub fn read(
        self,
        spec: &GameSpec,
        game: GameKind,
        embers: Option<&EmbersSpec>,
        auction: Option<&AuctionSpec>,
        auction_pairs: Option<&PairsSpec>,
    ) -> Result<Sheet, ShapeError> {
        let summary_given = self.players.is_some() || self.trick_piles.is_some();
        let calypso_given = summary_given || self.deals.is_some() || self.record.is_some();
        let others_given = calypso_given || self.partnerships.is_some() || self.revokes.is_some();
        match (game, auction_pairs, self.auction_pairs) {
            (GameKind::AuctionPairs, Some(a), Some(summary))
                if !others_given && self.reports.is_none() && self.auction.is_none() =>
            {
                if summary.hands.len() > a.hands {
                    return Err(ShapeError::TooManyHands {
                        what: "auction_pairs",
                        given: summary.hands.len(),
                        agreed: a.hands,
                    });
                }
                return Ok(Sheet::AuctionPairs {
                    spec: Box::new(a.clone()),
                    summary,
                });
            }
            (GameKind::AuctionPairs, _, _) => {
                return Err(ShapeError::AuctionPairsTakesItsSummary);
            }
            (_, _, Some(_)) => {
                return Err(ShapeError::AnotherGames {
                    what: "auction_pairs",
                    report: "Partnership Auction Calypso",
                    plays: game.label(),
                });
            }
            _ => {}
        }
        match (game, auction, self.auction) {
            (GameKind::Auction, Some(a), Some(summary))
                if !others_given && self.reports.is_none() =>
            {
                if summary.hands.len() > a.hands {
                    return Err(ShapeError::TooManyHands {
                        what: "auction",
                        given: summary.hands.len(),
                        agreed: a.hands,
                    });
                }
                return Ok(Sheet::Auction {
                    spec: Box::new(a.clone()),
                    summary,
                });
            }
            (GameKind::Auction, _, _) => {
                return Err(ShapeError::AuctionTakesItsSummary);
            }
            (_, _, Some(_)) => {
                return Err(ShapeError::AnotherGames {
                    what: "auction",
                    report: "Auction Calypso",
                    plays: game.label(),
                });
            }
            _ => {}
        }
        match (game, embers, self.reports) {
            (GameKind::Embers, Some(e), Some(reports)) if !others_given => {
                if reports.len() > e.hands {
                    return Err(ShapeError::TooManyHands {
                        what: "reports",
                        given: reports.len(),
                        agreed: e.hands,
                    });
                }
                return Ok(Sheet::Embers {
                    spec: Box::new(e.clone()),
                    summary: EmbersSummary { hands: reports },
                });
            }
            (GameKind::Embers, _, _) => {
                return Err(ShapeError::EmbersTakesItsHands);
            }
            (_, _, Some(_)) => {
                return Err(ShapeError::AnotherGames {
                    what: "reports",
                    report: "Embers",
                    plays: game.label(),
                });
            }
            _ => {}
        }
        match (game, self.partnerships) {
            (GameKind::Kaiso, Some(partnerships)) if !calypso_given && self.revokes.is_none() => {
                return Ok(Sheet::Kaiso(KaisoSummary { partnerships }));
            }
            (GameKind::Kaiso, _) => {
                return Err(ShapeError::KaisoTakesItsSongs);
            }
            (GameKind::Calypso, Some(_)) => {
                return Err(ShapeError::SongsInCalypso);
            }
            (
                GameKind::Calypso | GameKind::Embers | GameKind::Auction | GameKind::AuctionPairs,
                None,
            ) => {}
            (GameKind::Embers | GameKind::Auction | GameKind::AuctionPairs, Some(_)) => {
                unreachable!("Embers and Auction games returned above")
            }
        }
        if self.dummies.is_some() && !summary_given {
            return Err(ShapeError::DummiesWithoutSummary);
        }
        if self.exchanges.is_some() && !summary_given {
            return Err(ShapeError::ExchangesWithoutSummary);
        }
        match (summary_given, self.deals, self.record) {
            (false, None, Some(record)) => {
                if self.revokes.is_some() {
                    return Err(ShapeError::RecordWithRevokes);
                }
                let deals = record
                    .deals
                    .iter()
                    .enumerate()
                    .map(|(d, x)| deal_record(d, x))
                    .collect::<Result<_, String>>()?;
                Ok(Sheet::Record(GameRecord { deals }))
            }
            (true, None, None) => {
                let (Some(players), Some(piles)) = (self.players, self.trick_piles) else {
                    return Err(ShapeError::HalfASummary);
                };
                let dummies = game_dummies(spec, self.dummies.as_deref())?;
                let exchanges = game_exchanges(spec, self.exchanges.as_deref())?;
                let mut summary = summary(spec, spec.deals() as i64, players, &piles, None, None)?;
                if let Some(&last) = dummies.last() {
                    summary.dummies = last;
                }
                if let Some(last) = exchanges.last() {
                    summary.exchanges = last.clone();
                }
                Ok(Sheet::Summaries {
                    summaries: vec![summary],
                    revokes: revokes(spec, self.revokes.as_ref())?,
                    dummies,
                    exchanges,
                })
            }
            (false, Some(lines), None) => {
                if lines.is_empty() || lines.len() > spec.deals() {
                    return Err(ShapeError::DealLines {
                        given: lines.len(),
                        deals: spec.deals(),
                    });
                }
                let summaries = lines
                    .into_iter()
                    .enumerate()
                    .map(|(i, l)| {
                        summary(
                            spec,
                            i as i64 + 1,
                            l.players,
                            &l.trick_piles,
                            l.dummies.as_ref(),
                            l.exchanges.as_ref(),
                        )
                    })
                    .collect::<Result<_, _>>()?;
                Ok(Sheet::Summaries {
                    summaries,
                    revokes: revokes(spec, self.revokes.as_ref())?,
                    dummies: Vec::new(),
                    exchanges: Vec::new(),
                })
            }
            (false, None, None) => Err(ShapeError::NothingReported),
            _ => Err(ShapeError::MoreThanOne),
        }
    }
}

fn summary(
    spec: &GameSpec,
    after_deal: i64,
    players: SeatMap<PlayerInput>,
    piles: &BTreeMap<String, i64>,
    dummies: Option<&DummiesInput>,
    exchanges: Option<&ExchangesInput>,
) -> Result<Summary, ShapeError> {
    let mut trick_piles = vec![None; spec.sides()];
    for (name, &n) in piles {
        trick_piles[side_named(spec, "trick_piles", name)?] = Some(n);
    }
    let dummies = match dummies {
        Some(d) => d
            .seats()
            .map_err(|e| ShapeError::Part(format!("deal {after_deal}: {e}")))?,
        None => [None, None],
    };
    let exchanges = match exchanges {
        Some(x) => x
            .exchanges()
            .map_err(|e| ShapeError::Part(format!("deal {after_deal}: {e}")))?,
        None => [None, None],
    };
    Ok(Summary {
        after_deal,
        players: players.0.map(|p| p.map(PlayerInput::into_summary)),
        trick_piles,
        dummies,
        exchanges,
    })
}

/// A call-and-response game summary's exchanges, one pair per deal; none given is every
/// deal's missing (the check then says which). Other games: what was given, for the check
/// to refuse.
fn game_exchanges(
    spec: &GameSpec,
    given: Option<&[ExchangesInput]>,
) -> Result<Vec<[Option<Exchange>; 2]>, ShapeError> {
    let deals = spec.deals();
    match given {
        None if spec.duet.is_some_and(|d| d.exchange > 0) => Ok(vec![[None, None]; deals]),
        None => Ok(Vec::new()),
        Some(list) if list.len() != deals => Err(ShapeError::ExchangesCount {
            given: list.len(),
            deals,
        }),
        Some(list) => list
            .iter()
            .enumerate()
            .map(|(i, x)| {
                x.exchanges()
                    .map_err(|e| ShapeError::Part(format!("deal {}: {e}", i + 1)))
            })
            .collect(),
    }
}

/// A Duet game summary's dummies, one pair per deal; none given is every deal unnamed (the
/// check then says which are missing). Other games: what was given, for the check to refuse.
fn game_dummies(
    spec: &GameSpec,
    given: Option<&[DummiesInput]>,
) -> Result<Vec<[Option<Seat>; 2]>, ShapeError> {
    let deals = spec.deals();
    match given {
        None if spec.duet.is_some() => Ok(vec![[None, None]; deals]),
        None => Ok(Vec::new()),
        Some(list) if list.len() != deals => Err(ShapeError::DummiesCount {
            given: list.len(),
            deals,
        }),
        Some(list) => list
            .iter()
            .enumerate()
            .map(|(i, d)| {
                d.seats()
                    .map_err(|e| ShapeError::Part(format!("deal {}: {e}", i + 1)))
            })
            .collect(),
    }
}

fn revokes(spec: &GameSpec, given: Option<&BTreeMap<String, i64>>) -> Result<Vec<i64>, ShapeError> {
    let mut out = vec![0; spec.sides()];
    for (name, &n) in given.into_iter().flatten() {
        out[side_named(spec, "revokes", name)?] = n;
    }
    Ok(out)
}

/// The engine's check of an Auction game's hands so far, and the event's own rule: position 1
/// deals the first hand (the movement seats each round's players so).
pub fn auction_problems(spec: &AuctionSpec, summary: &AuctionSummary) -> Vec<Problem> {
    let mut problems = auction::check(spec, summary);
    if summary.first_dealer != auction::FIRST_DEALER {
        problems.insert(
            0,
            problem(
                "first-dealer",
                format!(
                    "at an event's table player 1 deals the first hand (the round seats them there), not {}",
                    auction::spec::player_name(summary.first_dealer)
                ),
                None,
            ),
        );
    }
    problems
}

/// The engine's check of a partnership Auction game's hands so far, and the event's own rule:
/// North deals the first hand (the pair at North-South is seated so each round).
pub fn auction_pairs_problems(spec: &PairsSpec, summary: &PairsSummary) -> Vec<Problem> {
    let mut problems = auction_pairs::check(spec, summary);
    if summary.first_dealer != Seat::North {
        problems.insert(
            0,
            problem(
                "first-dealer",
                format!(
                    "at an event's table North deals the first hand, not {}",
                    auction_pairs::seat_name(summary.first_dealer)
                ),
                None,
            ),
        );
    }
    problems
}

/// The three players' scores of a stored Auction report (positions 1, 2, 3), scored by the
/// engine; `None` for a report that is not a whole Auction game the engine accepts.
pub fn auction_scores(spec: &AuctionSpec, report: &Value) -> Option<[i64; 3]> {
    let summary: AuctionSummary = serde_json::from_value(report.get("auction")?.clone()).ok()?;
    (summary.hands.len() == spec.hands && auction_problems(spec, &summary).is_empty())
        .then(|| auction::score(spec, &summary).totals)
}

/// The engine's check of a sheet; `dealt` is the board's deals when the event's seeded deck is
/// known (the dealt-card checks then run, and a play record's hands must be the dealt ones).
pub fn check(
    spec: &GameSpec,
    sheet: &Sheet,
    dealt: Option<&[Deal]>,
) -> Result<Checked, Vec<Problem>> {
    check_within(spec, sheet, dealt, &mut Budget::new(kaiso::CHECK_BUDGET))
}

/// [`check`], its searches spending from `budget`: a request that checks many reports (an
/// imported file) gives them one budget between them, so the whole request is bounded.
pub fn check_within(
    spec: &GameSpec,
    sheet: &Sheet,
    dealt: Option<&[Deal]>,
    budget: &mut Budget,
) -> Result<Checked, Vec<Problem>> {
    let (score, revokes) = match sheet {
        Sheet::Auction { spec: a, summary } => {
            let mut problems = auction_problems(a, summary);
            if problems.is_empty() && summary.hands.len() < a.hands {
                problems.push(problem(
                    "hands-missing",
                    format!(
                        "the game is {} hands and {} are reported: a result needs every hand",
                        a.hands,
                        summary.hands.len()
                    ),
                    None,
                ));
            }
            if !problems.is_empty() {
                return Err(problems);
            }
            let score = auction::score(a, summary);
            return Ok(Checked {
                majors: score.totals[0],
                minors: score.totals[1],
                revokes: vec![0; 2],
                score: Scored::Auction(score),
            });
        }
        Sheet::AuctionPairs { spec: a, summary } => {
            let mut problems = auction_pairs_problems(a, summary);
            if problems.is_empty() && summary.hands.len() < a.hands {
                problems.push(problem(
                    "hands-missing",
                    format!(
                        "the game is {} hands and {} are reported: a result needs every hand",
                        a.hands,
                        summary.hands.len()
                    ),
                    None,
                ));
            }
            if !problems.is_empty() {
                return Err(problems);
            }
            let score = auction_pairs::score(a, summary);
            // The engine's sides are N-S then E-W, as the event's table's are.
            let totals = score.totals.to_array();
            let m = spec.majors_side();
            return Ok(Checked {
                majors: totals[m],
                minors: totals[1 - m],
                revokes: vec![0; 2],
                score: Scored::AuctionPairs(score),
            });
        }
        Sheet::Embers { spec: e, summary } => {
            let mut problems = embers::check(e, summary);
            if problems.is_empty() && summary.hands.len() < e.hands {
                problems.push(problem(
                    "hands-missing",
                    format!(
                        "the game is {} hands and {} are reported: a result needs every hand",
                        e.hands,
                        summary.hands.len()
                    ),
                    None,
                ));
            }
            if !problems.is_empty() {
                return Err(problems);
            }
            let score = embers::score(e, summary);
            let m = spec.majors_side();
            let revokes = (0..2)
                .map(|side| {
                    summary
                        .hands
                        .iter()
                        .flat_map(|h| Seat::ALL.map(|s| (s, h.revokes[s.index()])))
                        .filter(|(s, _)| e.side_of(*s) == side)
                        .map(|(_, n)| n.unwrap_or(0))
                        .sum()
                })
                .collect();
            return Ok(Checked {
                majors: score.totals.get(m),
                minors: score.totals.get(1 - m),
                revokes,
                score: Scored::Embers(score),
            });
        }
        Sheet::Kaiso(summary) => {
            let problems = kaiso::check_within(summary, dealt, budget);
            if !problems.is_empty() {
                return Err(problems);
            }
            let score = kaiso::score(summary);
            let m = spec.majors_side();
            let total = |side: usize| score.partnerships.get(side).total;
            return Ok(Checked {
                majors: total(m),
                minors: total(if m == 0 { 1 } else { 0 }),
                revokes: vec![0; spec.sides()],
                score: Scored::Kaiso(score),
            });
        }
        Sheet::Summaries {
            summaries,
            revokes,
            dummies,
            exchanges,
        } => {
            // A Duet game summary's earlier deals' dummies (the last deal's is the summary's).
            let mut problems: Vec<Problem> = dummies
                .iter()
                .enumerate()
                .take(dummies.len().saturating_sub(1))
                .flat_map(|(i, &d)| {
                    dummy_problems(spec, i as i64 + 1, d)
                        .into_iter()
                        .map(move |p| Problem {
                            deal: Some(i as i64 + 1),
                            ..p
                        })
                })
                .collect();
            // A call-and-response game summary's earlier deals' exchanges, each against its
            // deal of the board when the board is known.
            for (i, x) in exchanges
                .iter()
                .enumerate()
                .take(exchanges.len().saturating_sub(1))
            {
                let k = i as i64 + 1;
                let board = dealt.and_then(|d| d.get(i));
                problems.extend(
                    exchange_problems(spec, k, x, board)
                        .into_iter()
                        .map(|p| Problem { deal: Some(k), ..p }),
                );
            }
            problems.extend(engine::check_series(spec, summaries, dealt));
            let tricks = (spec.deck.len() / spec.players.max(1)) as i64;
            for (side, &n) in revokes.iter().enumerate() {
                let name = spec.side_name(side);
                if n < 0 {
                    problems.push(problem(
                        "negative",
                        format!("{name} cannot have committed {n} revokes"),
                        Some(side),
                    ));
                } else if n > tricks {
                    problems.push(problem(
                        "revoke-count",
                        format!(
                            "{name} cannot have committed {n} revokes in a game of {tricks} tricks"
                        ),
                        Some(side),
                    ));
                }
            }
            if !problems.is_empty() {
                return Err(problems);
            }
            let revokes: Vec<u32> = revokes.iter().map(|&n| n as u32).collect();
            let last = summaries
                .last()
                .ok_or_else(|| vec![problem("empty", "nothing was reported".into(), None)])?;
            let score = engine::score_summary_with_revokes(spec, last, &revokes)
                .ok_or_else(|| vec![problem("count", "a count is out of range".into(), None)])?;
            (score, revokes)
        }
        Sheet::Record(record) => {
            if let Some(dealt) = dealt {
                let problems = record_against_deal(spec, record, dealt);
                if !problems.is_empty() {
                    return Err(problems);
                }
            }
            let outcome = engine::replay(spec, record)
                .map_err(|e| vec![problem("replay", e.to_string(), None)])?;
            let mut revokes = vec![0u32; spec.sides()];
            for r in &outcome.revokes {
                revokes[spec.side_of(r.seat)] += 1;
            }
            (outcome.score, revokes)
        }
    };
    let m = spec.majors_side();
    // Coöperative: the sides' own scores carry no revoke bonus, and each revoke's 260 comes
    // off the table total; charged to the revoking side here (ours), so that the stored
    // majors + minors is the table total a duplicate coöperative compares.
    let charged = |i: usize| match score.table_total {
        Some(_) => {
            crate::engine::score::REVOKE_PENALTY * i64::from(revokes.get(i).copied().unwrap_or(0))
        }
        None => 0,
    };
    let side_score = |i: usize| score.sides.get(i).map_or(0, |s| s.score) - charged(i);
    let other = (0..spec.sides()).find(|&i| i != m).unwrap_or(m);
    Ok(Checked {
        majors: side_score(m),
        minors: side_score(other),
        revokes,
        score: Scored::Calypso(score),
    })
}

/// A play record of a seeded board must start from the hands that were dealt.
fn record_against_deal(spec: &GameSpec, record: &GameRecord, dealt: &[Deal]) -> Vec<Problem> {
    let mut out = Vec::new();
    for (d, deal) in record.deals.iter().enumerate() {
        let Some(real) = dealt.get(d) else {
            out.push(problem(
                "deals-missing",
                format!(
                    "the record has deal {}, the board has {}",
                    d + 1,
                    dealt.len()
                ),
                None,
            ));
            break;
        };
        for &seat in spec.seats() {
            if CardCounts::from_cards(&deal.hands[seat.index()]) != *real.hand(seat) {
                out.push(Problem {
                    seat: Some(seat),
                    ..problem(
                        "hand-not-dealt",
                        format!(
                            "in deal {}, {}'s hand in the record is not the hand dealt on this board",
                            d + 1,
                            seat.name()
                        ),
                        None,
                    )
                });
            }
        }
    }
    out
}

fn players_json(s: &Summary) -> Value {
    let mut players = Map::new();
    for seat in Seat::ALL {
        if let Some(p) = &s.players[seat.index()] {
            players.insert(
                seat.to_string(),
                json!({
                    "calypsos": p.calypsos,
                    "in_progress": p.in_progress.iter().map(ToString::to_string).collect::<Vec<_>>(),
                }),
            );
        }
    }
    Value::Object(players)
}

fn sides_json(spec: &GameSpec, values: &[Option<i64>]) -> Value {
    Value::Object(
        values
            .iter()
            .enumerate()
            .filter_map(|(i, v)| v.map(|v| (spec.side_name(i), json!(v))))
            .collect(),
    )
}

/// `{"majors": "S", "minors": "W"}`; a dummy not named is left out.
fn dummies_json(d: [Option<Seat>; 2]) -> Value {
    let mut m = Map::new();
    for (name, seat) in ["majors", "minors"].into_iter().zip(d) {
        if let Some(seat) = seat {
            m.insert(name.into(), json!(seat.to_string()));
        }
    }
    Value::Object(m)
}

/// `{"majors": {"inspected": "N", "passed": [..], "returned": [..]}, "minors": {..}}`; an
/// exchange not given is left out.
fn exchanges_json(x: &[Option<Exchange>; 2]) -> Value {
    let mut m = Map::new();
    let cards = |cards: &[engine::Card]| cards.iter().map(ToString::to_string).collect::<Vec<_>>();
    for (name, ex) in ["majors", "minors"].into_iter().zip(x) {
        if let Some(ex) = ex {
            m.insert(
                name.into(),
                json!({
                    "inspected": ex.inspected.to_string(),
                    "passed": cards(&ex.passed),
                    "returned": cards(&ex.returned),
                }),
            );
        }
    }
    Value::Object(m)
}

/// The engine's score of a stored report, what the pages show of it: song by song (Kaiso),
/// hand by hand (Embers, Auction). Stored beside the report; a Calypso report has none (its
/// pages show the counts as entered).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Breakdown {
    Kaiso(KaisoScore),
    Embers(EmbersScore),
    Auction(AuctionScore),
    #[serde(rename = "auction_pairs")]
    AuctionPairs(PairsScore),
}

impl Breakdown {
    /// The breakdown of an accepted sheet's score.
    pub fn of_scored(score: &Scored) -> Option<Breakdown> {
        match score {
            Scored::Calypso(_) => None,
            Scored::Kaiso(s) => Some(Breakdown::Kaiso(s.clone())),
            Scored::Embers(s) => Some(Breakdown::Embers(s.clone())),
            Scored::Auction(s) => Some(Breakdown::Auction(s.clone())),
            Scored::AuctionPairs(s) => Some(Breakdown::AuctionPairs(s.clone())),
        }
    }

    /// As the row stores it (compact JSON).
    pub fn text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A stored breakdown's text; `None` for a text that does not read (recomputed then).
    pub fn read(text: &str) -> Option<Breakdown> {
        serde_json::from_str(text).ok()
    }
}

impl Sheet {
    /// The sheet in the API's JSON shape, as stored and shown in the audit trail.
    pub fn to_json(&self, spec: &GameSpec) -> Value {
        match self {
            Sheet::Summaries {
                summaries,
                revokes,
                dummies,
                exchanges,
            } => {
                let revokes =
                    sides_json(spec, &revokes.iter().map(|&n| Some(n)).collect::<Vec<_>>());
                match summaries.as_slice() {
                    [one] if one.after_deal == spec.deals() as i64 => {
                        let mut v = json!({
                            "players": players_json(one),
                            "trick_piles": sides_json(spec, &one.trick_piles),
                            "revokes": revokes,
                        });
                        if !dummies.is_empty() {
                            v["dummies"] = dummies.iter().map(|d| dummies_json(*d)).collect();
                        }
                        if any_exchange(exchanges) {
                            v["exchanges"] = exchanges.iter().map(exchanges_json).collect();
                        }
                        v
                    }
                    many => json!({
                        "deals": many.iter().map(|s| {
                            let mut line = json!({
                                "players": players_json(s),
                                "trick_piles": sides_json(spec, &s.trick_piles),
                            });
                            if s.dummies.iter().any(Option::is_some) {
                                line["dummies"] = dummies_json(s.dummies);
                            }
                            if s.exchanges.iter().any(Option::is_some) {
                                line["exchanges"] = exchanges_json(&s.exchanges);
                            }
                            line
                        }).collect::<Vec<_>>(),
                        "revokes": revokes,
                    }),
                }
            }
            Sheet::Record(r) => json!({
                "record": {"deals": engine::json::deals_json(spec, r)}
            }),
            Sheet::Kaiso(summary) => serde_json::to_value(summary).unwrap_or_else(|_| json!({})),
            Sheet::Embers { summary, .. } => {
                serde_json::to_value(summary).unwrap_or_else(|_| json!({}))
            }
            Sheet::Auction { summary, .. } => json!({
                "auction": serde_json::to_value(summary).unwrap_or_else(|_| json!({}))
            }),
            Sheet::AuctionPairs { summary, .. } => json!({
                "auction_pairs": serde_json::to_value(summary).unwrap_or_else(|_| json!({}))
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{TrickRule, Trumps, Variant};

    fn spec() -> GameSpec {
        GameSpec::build(Variant::Standard, TrickRule::Standard, None).unwrap()
    }

    fn read(spec: &GameSpec, json: &str) -> Result<Sheet, String> {
        serde_json::from_str::<SheetInput>(json)
            .map_err(|e| e.to_string())?
            .read(spec, GameKind::Calypso, None, None, None)
            .map_err(|e| e.to_string())
    }

    const GAME: &str = r#"{"players":{"N":{"calypsos":1,"in_progress":["2S","5S"]},
        "E":{"calypsos":0,"in_progress":["3D"]},"S":{"calypsos":1,"in_progress":[]},
        "W":{"calypsos":0,"in_progress":["AC","KC","QC"]}},
        "trick_piles":{"NS":72,"EW":104},"revokes":{"NS":0,"EW":1}}"#;

    #[test]
    fn a_game_summary_is_scored_by_the_engine_with_the_revoke_penalty() {
        let spec = spec();
        let sheet = read(&spec, GAME).unwrap();
        let checked = check(&spec, &sheet, None).unwrap();
        // N-S (Spades and Hearts by default): N 500 + 2 x 20, S 500, 72 x 10, and 260 for
        // E-W's revoke. E-W: 20 + 3 x 20 + 104 x 10.
        let Scored::Calypso(score) = &checked.score else {
            panic!("a Calypso sheet is scored as Calypso: {:?}", checked.score)
        };
        assert_eq!(score.side("NS").unwrap().revoke_bonus, 260);
        assert_eq!((checked.majors, checked.minors), (2020, 1120));
        assert_eq!(checked.revokes, vec![0, 1]);
        assert_eq!(spec.majors_side(), 0);
    }

    #[test]
    fn reports_checked_together_share_one_budget() {
        let spec = spec();
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/kaiso-21-songs.json"
        );
        let v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let summary: KaisoSummary =
            serde_json::from_value(json!({"partnerships": v["partnerships"]})).unwrap();
        let sheet = Sheet::Kaiso(summary);
        // Alone, the crafted songs spend their own report's budget and are refused.
        let mut one = Budget::new(kaiso::CHECK_BUDGET);
        let alone = check_within(&spec, &sheet, None, &mut one).unwrap_err();
        assert!(one.spent() > 0 && one.spent() <= kaiso::CHECK_BUDGET);
        // Two reports given one budget between them (an imported file's): the second finds
        // it spent and is refused at once, spending nothing more.
        let mut shared = Budget::new(one.spent());
        let first = check_within(&spec, &sheet, None, &mut shared).unwrap_err();
        assert_eq!(first, alone, "the same answer within the same budget");
        let spent = shared.spent();
        let second = check_within(&spec, &sheet, None, &mut shared).unwrap_err();
        assert!(shared.exhausted(), "{second:?}");
        assert_eq!(shared.spent(), spent, "nothing is spent past the budget");
        assert!(
            second.iter().any(|p| p.code == "check-too-complex"),
            "{second:?}"
        );
    }

    #[test]
    fn a_wrong_card_count_is_the_engines_problem_with_its_code() {
        let spec = spec();
        let sheet = read(&spec, &GAME.replace("\"NS\":72", "\"NS\":76")).unwrap();
        let problems = check(&spec, &sheet, None).unwrap_err();
        assert!(
            problems.iter().any(|p| p.code == "card-count"),
            "{problems:?}"
        );
    }

    #[test]
    fn revokes_cannot_be_negative_or_more_than_the_tricks() {
        let spec = spec();
        for (n, code) in [("-1", "negative"), ("53", "revoke-count")] {
            let sheet = read(&spec, &GAME.replace("\"EW\":1}", &format!("\"EW\":{n}}}"))).unwrap();
            let problems = check(&spec, &sheet, None).unwrap_err();
            assert_eq!(problems[0].code, code);
            assert_eq!(problems[0].side, Some(1));
        }
    }

    #[test]
    fn the_shape_errors_name_what_to_give() {
        let spec = spec();
        assert!(read(&spec, "{}").unwrap_err().contains("nothing reported"));
        assert!(
            read(&spec, r#"{"players":{},"trick_piles":{},"deals":[]}"#)
                .unwrap_err()
                .contains("give one of")
        );
        assert!(
            read(&spec, r#"{"players":{}}"#)
                .unwrap_err()
                .contains("\"trick_piles\"")
        );
        assert!(
            read(&spec, &GAME.replace("\"EW\":1}", "\"XY\":1}"))
                .unwrap_err()
                .contains("revokes: \"XY\" is not a side")
        );
    }

    #[test]
    fn the_sheet_json_reads_back_to_the_same_sheet() {
        let spec = spec();
        let sheet = read(&spec, GAME).unwrap();
        let again = read(&spec, &sheet.to_json(&spec).to_string()).unwrap();
        assert_eq!(sheet, again);
    }

    #[test]
    fn majors_follow_the_trump_seating() {
        let trumps: Trumps = "DSCH".parse().unwrap();
        let spec = GameSpec::build(Variant::Standard, TrickRule::Standard, Some(trumps)).unwrap();
        assert_eq!(spec.majors_side(), 1);
        assert_eq!(side_seats(&spec, true), vec![Seat::East, Seat::West]);
    }

    const KAISO: &str = r#"{"partnerships": {
        "NS": {"songs": [{"kind": "calypso", "rainbow": false, "suit": "S", "wilds": 0},
                         {"kind": "kaiso_minor", "rainbow": true, "wilds": 1}],
               "leftover": 2, "trick_pile_count": 101},
        "EW": {"songs": [{"kind": "quartet", "rainbow": false, "suit": "H", "rank": "K", "wilds": 0}],
               "leftover": 0, "trick_pile_count": 84}}}"#;

    fn read_as(spec: &GameSpec, game: GameKind, json: &str) -> Result<Sheet, String> {
        serde_json::from_str::<SheetInput>(json)
            .map_err(|e| e.to_string())?
            .read(spec, game, None, None, None)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_kaiso_report_is_scored_by_the_kaiso_engine_and_stored_as_given() {
        let spec = spec();
        let sheet = read_as(&spec, GameKind::Kaiso, KAISO).unwrap();
        let checked = check(&spec, &sheet, None).unwrap();
        // N-S: 500 + (50 - 40) - 2 x 30; E-W: a regular quartet, 50.
        assert_eq!((checked.majors, checked.minors), (450, 50));
        assert!(matches!(checked.score, Scored::Kaiso(_)));
        let again = read_as(&spec, GameKind::Kaiso, &sheet.to_json(&spec).to_string()).unwrap();
        assert_eq!(again, sheet);
        // One trick pile card too many for N-S: the engine's problem, on N-S.
        let wrong = read_as(&spec, GameKind::Kaiso, &KAISO.replace("101", "105")).unwrap();
        let problems = check(&spec, &wrong, None).unwrap_err();
        assert!(
            problems.iter().any(|p| p.code == "card-count"),
            "{problems:?}"
        );
    }

    #[test]
    fn each_game_refuses_the_other_games_report() {
        let spec = spec();
        let e = read_as(&spec, GameKind::Kaiso, GAME).unwrap_err();
        assert!(
            e.contains("a Kaiso event takes each partnership's songs"),
            "{e}"
        );
        let e = read_as(&spec, GameKind::Calypso, KAISO).unwrap_err();
        assert!(e.contains("\"partnerships\" is a Kaiso report"), "{e}");
    }

    fn duet() -> GameSpec {
        GameSpec::build(Variant::Duet, TrickRule::Standard, None).unwrap()
    }

    fn with_dummies(dummies: &str) -> String {
        GAME.replacen('{', &format!("{{\"dummies\": {dummies},"), 1)
    }

    #[test]
    fn a_duet_game_summary_names_every_deals_dummies() {
        let spec = duet();
        let four = r#"[{"majors":"S","minors":"W"},{"majors":"N","minors":"E"},
                       {"majors":"S","minors":"W"},{"majors":"N","minors":"E"}]"#;
        let sheet = read_as(&spec, GameKind::Calypso, &with_dummies(four)).unwrap();
        let checked = check(&spec, &sheet, None).unwrap();
        assert_eq!(
            (checked.majors, checked.minors),
            (2020, 1120),
            "scored as Calypso"
        );
        let again = read_as(&spec, GameKind::Calypso, &sheet.to_json(&spec).to_string()).unwrap();
        assert_eq!(again, sheet);
        // Deal 2's majors dummy is a minors hand; none named at all is every deal missing.
        let wrong = four.replacen(r#""majors":"N""#, r#""majors":"E""#, 1);
        let sheet = read_as(&spec, GameKind::Calypso, &with_dummies(&wrong)).unwrap();
        let problems = check(&spec, &sheet, None).unwrap_err();
        let codes: Vec<_> = problems.iter().map(|p| (p.code, p.deal, p.side)).collect();
        assert_eq!(codes, vec![("dummy-not-own", Some(2), Some(0))]);
        let sheet = read_as(&spec, GameKind::Calypso, GAME).unwrap();
        let problems = check(&spec, &sheet, None).unwrap_err();
        let missing: Vec<_> = problems
            .iter()
            .filter(|p| p.code == "dummy-missing")
            .map(|p| p.deal)
            .collect();
        assert_eq!(missing.len(), 8, "two players in four deals: {problems:?}");
        // One deal's choices for a game of four is a shape error.
        let e = read_as(
            &spec,
            GameKind::Calypso,
            &with_dummies(r#"[{"majors":"S","minors":"W"}]"#),
        )
        .unwrap_err();
        assert_eq!(e, "\"dummies\" gives 1 deals' choices; a game has 4 deals");
        // And dummies at a game that is not Duet are refused by the engine.
        let sheet = read_as(
            &super::tests::spec(),
            GameKind::Calypso,
            &with_dummies(four),
        )
        .unwrap();
        let problems = check(&super::tests::spec(), &sheet, None).unwrap_err();
        assert_eq!(problems[0].code, "dummy-not-duet");
    }
}
