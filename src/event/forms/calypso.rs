//! Calypso's table form (and the form's choice of game): the counts at the end of the game,
//! deal by deal, or the play record, read into the engine's summary with every field it
//! cannot read named; the lines the page draws are made in web from what this reads.

use std::collections::BTreeMap;

use crate::deals::record::duet_player;
use crate::engine::embers::{HandSummary, MAX_HANDS};
use crate::engine::json::{
    CardText, DummiesInput, ExchangeInput, ExchangesInput, PlayerInput, SeatMap,
};
use crate::engine::{Card, GameSpec, Problem, Seat};
use crate::event::results::TableReport;
use crate::event::settings::GameKind;
use crate::event::table_report::{CalypsoReport, DealLine, RecordInput, SheetInput};

use crate::event::forms::auction::AuctionForm;
use crate::event::forms::auction_pairs::PairsForm;
use crate::event::forms::songs::SongsForm;

/// How a table enters its result: the counts at the end of the game, the counts after each
/// deal (the engine then checks every deal), or the full play record; at a Kaiso event, each
/// partnership's songs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    #[default]
    Game,
    Deals,
    Record,
    Songs,
    /// Embers: the counts after each hand, hand by hand.
    Hands,
    /// Auction Calypso: each hand's calls and outcome, hand by hand.
    Auction,
    /// Partnership Auction Calypso: the same, with each partnership's counts.
    AuctionPairs,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Game => "game",
            Mode::Deals => "deals",
            Mode::Record => "record",
            Mode::Songs => "songs",
            Mode::Hands => "hands",
            Mode::Auction => "auction",
            Mode::AuctionPairs => "auction-pairs",
        }
    }

    fn parse(text: &str) -> Option<Mode> {
        [
            Mode::Game,
            Mode::Deals,
            Mode::Record,
            Mode::Songs,
            Mode::Hands,
            Mode::Auction,
            Mode::AuctionPairs,
        ]
        .into_iter()
        .find(|m| m.name() == text.trim())
    }
}

/// More deal lines than any variant has (Sheinwold's three-hander has 5 deals) are not read.
const MAX_DEALS: usize = 8;

/// Each player's completed calypsos and calypso in progress, and each side's trick pile, as
/// typed: at the end of the game, or after one deal.
#[derive(Clone, Debug, Default)]
pub struct CountsForm {
    /// By seat index.
    pub calypsos: [String; 4],
    /// Ranks of the calypso in progress, by seat index, space separated.
    pub ranks: [String; 4],
    /// By side name ("NS", "EW").
    pub piles: BTreeMap<String, String>,
    /// Embers: revokes in the hand, by seat index (`revokes_N`); blank is none.
    pub revokes: [String; 4],
}

impl CountsForm {
    /// Takes a field (`calypsos_N`, `ranks_N`, `piles_NS`) if it is one of these.
    fn take(&mut self, key: &str, value: String) -> bool {
        let seat = |suffix: &str| suffix.parse::<Seat>().ok().map(Seat::index);
        match key.split_once('_') {
            Some(("calypsos", s)) => {
                if let Some(i) = seat(s) {
                    self.calypsos[i] = value;
                }
            }
            Some(("ranks", s)) => {
                if let Some(i) = seat(s) {
                    if !self.ranks[i].is_empty() {
                        self.ranks[i].push(' ');
                    }
                    self.ranks[i].push_str(value.trim());
                }
            }
            Some(("piles", side)) => {
                self.piles.insert(side.to_string(), value);
            }
            Some(("revokes", s)) => match seat(s) {
                Some(i) => self.revokes[i] = value,
                None => return false,
            },
            _ => return false,
        }
        true
    }

    /// Nothing typed at all (a deal not played, or not entered yet).
    pub fn is_blank(&self) -> bool {
        self.calypsos.iter().all(|c| c.trim().is_empty())
            && self.ranks.iter().all(|r| r.trim().is_empty())
            && self.piles.values().all(|p| p.trim().is_empty())
    }

    /// The ranks typed for a seat, as they will be sent.
    pub fn rank_tokens(&self, seat: Seat) -> impl Iterator<Item = &str> {
        self.ranks[seat.index()]
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
    }

    /// The players' lines and the trick piles, with the problems of the form itself (a count
    /// that is not a number, a rank that is not a rank), each placed by seat or side, and by
    /// deal when `deal` is one.
    fn read(
        &self,
        spec: &GameSpec,
        deal: Option<i64>,
        problems: &mut Vec<Problem>,
    ) -> (SeatMap<PlayerInput>, BTreeMap<String, i64>) {
        let after = |m: String| match deal {
            Some(k) => format!("after deal {k}: {m}"),
            None => m,
        };
        let mut players: SeatMap<PlayerInput> = SeatMap::default();
        for &seat in spec.seats() {
            let who = seat.name();
            let calypsos = match count(&self.calypsos[seat.index()], true) {
                Some(n) => n,
                None => {
                    problems.push(problem(
                        "number",
                        after(format!(
                            "{who}'s completed calypsos: \"{}\" is not a number",
                            self.calypsos[seat.index()].trim()
                        )),
                        (Some(seat), None, deal),
                    ));
                    0
                }
            };
            let mut in_progress = Vec::new();
            if let Some(suit) = spec.trumps.of(seat) {
                for t in self.rank_tokens(seat) {
                    match format!("{t}{}", suit.letter()).parse::<Card>() {
                        Ok(card) => in_progress.push(CardText(card)),
                        Err(_) => problems.push(problem(
                            "rank",
                            after(format!("{who}'s calypso in progress: \"{t}\" is not a rank (2 to 10, J, Q, K, A)")),
                            (Some(seat), None, deal),
                        )),
                    }
                }
            }
            players.0[seat.index()] = Some(PlayerInput {
                calypsos,
                in_progress,
            });
        }
        let mut piles = BTreeMap::new();
        for side in 0..spec.sides() {
            let name = spec.side_name(side);
            let text = self.piles.get(&name).cloned().unwrap_or_default();
            match count(&text, false) {
                Some(n) => {
                    piles.insert(name, n);
                }
                None => problems.push(problem(
                    "number",
                    after(if text.trim().is_empty() {
                        format!("{name}'s trick pile is empty: count it")
                    } else {
                        format!(
                            "{name}'s trick pile: give the number of cards (\"{}\" is not one)",
                            text.trim()
                        )
                    }),
                    (None, Some(side), deal),
                )),
            }
        }
        (players, piles)
    }
}

/// Calypso Duet's call-and-response: one player's exchange in one deal, as typed.
#[derive(Clone, Debug, Default)]
pub struct ExchangeForm {
    /// The hand looked at first, by board seat letter.
    pub inspected: String,
    /// The three cards passed from it to the other hand ("9♠ 4H 10D").
    pub passed: String,
    /// The three cards returned from the other hand (as dealt) to it.
    pub returned: String,
}

impl ExchangeForm {
    fn is_blank(&self) -> bool {
        self.inspected.trim().is_empty()
            && self.passed.trim().is_empty()
            && self.returned.trim().is_empty()
    }
}

/// The form as typed: text, so that nothing typed is lost when it comes back with problems.
/// The three ways each keep their own fields, so a table that switches keeps what it typed.
#[derive(Clone, Debug, Default)]
pub struct TableForm {
    pub round: String,
    pub board: String,
    /// The way chosen; a form without one (an older page) is the record when one is pasted,
    /// otherwise the whole game.
    pub mode: Option<Mode>,
    /// The whole game: `calypsos_N`, `ranks_N`, `piles_NS`.
    pub game: CountsForm,
    /// The whole game's revokes (`revokes_NS`).
    pub revokes: BTreeMap<String, String>,
    /// Deal by deal: `d1_calypsos_N`, `d1_ranks_N`, `d1_piles_NS` ... (index 0 is deal 1).
    pub deals: Vec<CountsForm>,
    /// Deal by deal, the revokes of the game (`deals_revokes_NS`).
    pub deal_revokes: BTreeMap<String, String>,
    /// A play record (JSON).
    pub record: String,
    /// A Kaiso event's songs (`k_NS_1_kind`, `k_NS_leftover`, ...).
    pub songs: SongsForm,
    /// Embers: the counts after each hand (`h1_calypsos_N`, `h1_ranks_N`, `h1_piles_NS`,
    /// ...; index 0 is hand 1), that hand's trick piles alone.
    pub hands: Vec<CountsForm>,
    /// Auction Calypso: each hand as typed (`a3_calls`, `a3_pile_2`, ...).
    pub auction: AuctionForm,
    /// Partnership Auction Calypso: each hand as typed (`a3_calls`, `a3_pile_NS`, ...).
    pub auction_pairs: PairsForm,
    /// Calypso Duet: each deal's dummies by board seat, majors then minors
    /// (`dummy_1_majors`, `dummy_1_minors`, ...; index 0 is deal 1), whichever way is chosen.
    pub dummies: Vec<[String; 2]>,
    /// Calypso Duet's call-and-response: each deal's exchanges, majors then minors
    /// (`exchange_1_majors_inspected`, `exchange_1_majors_passed`,
    /// `exchange_1_majors_returned`, ...; index 0 is deal 1), whichever way is chosen.
    pub exchanges: Vec<[ExchangeForm; 2]>,
    /// Deal by deal on a table's phone: "Check deal k" was tapped (`check`): the deals so far
    /// are checked and scored, nothing is kept.
    pub check: bool,
}

/// `dummy_3_minors` is deal 3's minors player's dummy: (2, 1).
fn dummy_field(key: &str) -> Option<(usize, usize)> {
    let (d, player) = key.strip_prefix("dummy_")?.split_once('_')?;
    let k: usize = d.parse().ok()?;
    let p = ["majors", "minors"].iter().position(|&n| n == player)?;
    (d.bytes().all(|b| b.is_ascii_digit()) && (1..=MAX_DEALS).contains(&k)).then_some((k - 1, p))
}

/// `exchange_3_minors_passed` is deal 3's minors player's cards passed: (2, 1, "passed").
fn exchange_field(key: &str) -> Option<(usize, usize, &str)> {
    let (d, rest) = key.strip_prefix("exchange_")?.split_once('_')?;
    let (player, part) = rest.split_once('_')?;
    let k: usize = d.parse().ok()?;
    let p = ["majors", "minors"].iter().position(|&n| n == player)?;
    let part = ["inspected", "passed", "returned"]
        .into_iter()
        .find(|&x| x == part)?;
    (d.bytes().all(|b| b.is_ascii_digit()) && (1..=MAX_DEALS).contains(&k)).then_some((
        k - 1,
        p,
        part,
    ))
}

/// `d3_piles_NS` is deal 3's `piles_NS`: (2, "piles_NS").
fn deal_field(key: &str) -> Option<(usize, &str)> {
    numbered_field(key, 'd', MAX_DEALS)
}

/// `h12_ranks_N` is hand 12's `ranks_N`: (11, "ranks_N"). No hand past the most a game has.
fn hand_field(key: &str) -> Option<(usize, &str)> {
    numbered_field(key, 'h', MAX_HANDS)
}

fn numbered_field(key: &str, letter: char, most: usize) -> Option<(usize, &str)> {
    let (d, rest) = key.strip_prefix(letter)?.split_once('_')?;
    let k: usize = d.parse().ok()?;
    (d.bytes().all(|b| b.is_ascii_digit()) && (1..=most).contains(&k)).then_some((k - 1, rest))
}

impl TableForm {
    /// Reads the form's fields; a rank field may come several times (one per button).
    pub fn from_pairs(pairs: Vec<(String, String)>) -> TableForm {
        let mut f = TableForm::default();
        for (k, v) in pairs {
            match k.as_str() {
                "round" => f.round = v,
                "board" => f.board = v,
                "record" => f.record = v,
                "mode" => f.mode = Mode::parse(&v),
                "check" => f.check = !v.trim().is_empty(),
                _ => {
                    if k.starts_with("k_") {
                        f.songs.take(&k, v);
                    } else if (k.starts_with('a') || k.starts_with("su_"))
                        // A hand's key is either Auction form's, or both's (`a1_calls`):
                        // the mode read decides which form is read.
                        && (f.auction.take(&k, v.clone()) | f.auction_pairs.take(&k, v.clone()))
                    {
                    } else if let Some((d, p)) = dummy_field(&k) {
                        if f.dummies.len() <= d {
                            f.dummies.resize_with(d + 1, Default::default);
                        }
                        f.dummies[d][p] = v;
                    } else if let Some((d, p, part)) = exchange_field(&k) {
                        if f.exchanges.len() <= d {
                            f.exchanges.resize_with(d + 1, Default::default);
                        }
                        let x = &mut f.exchanges[d][p];
                        match part {
                            "inspected" => x.inspected = v,
                            "passed" => x.passed = v,
                            _ => x.returned = v,
                        }
                    } else if let Some((d, rest)) = deal_field(&k) {
                        if f.deals.len() <= d {
                            f.deals.resize_with(d + 1, CountsForm::default);
                        }
                        f.deals[d].take(rest, v);
                    } else if let Some((h, rest)) = hand_field(&k) {
                        if f.hands.len() <= h {
                            f.hands.resize_with(h + 1, CountsForm::default);
                        }
                        f.hands[h].take(rest, v);
                    } else if let Some(side) = k.strip_prefix("deals_revokes_") {
                        f.deal_revokes.insert(side.to_string(), v);
                    } else if let Some(side) = k.strip_prefix("revokes_") {
                        f.revokes.insert(side.to_string(), v);
                    } else {
                        f.game.take(&k, v);
                    }
                }
            }
        }
        f
    }

    /// The form a stored report came from, for a director's correction to start from what
    /// the table entered.
    pub fn from_sheet(report: &TableReport, round: u32, board: u32) -> TableForm {
        let mut pairs = vec![
            ("round".to_string(), round.to_string()),
            ("board".to_string(), board.to_string()),
        ];
        // A card's rank as the form types it: all but its suit letter.
        let rank = |card: &Card| {
            let c = card.to_string();
            c.get(..c.len().saturating_sub(1)).unwrap_or("").to_string()
        };
        let counts = |prefix: &str,
                      players: &SeatMap<PlayerInput>,
                      piles: &BTreeMap<String, i64>,
                      pairs: &mut Vec<(String, String)>| {
            for seat in Seat::ALL {
                let Some(p) = &players.0[seat.index()] else {
                    continue;
                };
                pairs.push((format!("{prefix}calypsos_{seat}"), p.calypsos.to_string()));
                for card in &p.in_progress {
                    pairs.push((format!("{prefix}ranks_{seat}"), rank(&card.0)));
                }
            }
            for (side, n) in piles {
                pairs.push((format!("{prefix}piles_{side}"), n.to_string()));
            }
        };
        let revokes = |prefix: &str,
                       given: Option<&BTreeMap<String, i64>>,
                       pairs: &mut Vec<(String, String)>| {
            for (side, n) in given.into_iter().flatten() {
                pairs.push((format!("{prefix}revokes_{side}"), n.to_string()));
            }
        };
        let calypso = match report {
            TableReport::Embers(e) => {
                pairs.push(("mode".into(), Mode::Hands.name().into()));
                for (i, h) in e.hands.iter().take(MAX_HANDS).enumerate() {
                    let prefix = format!("h{}_", i + 1);
                    for seat in Seat::ALL {
                        if let Some(p) = &h.players[seat.index()] {
                            pairs
                                .push((format!("{prefix}calypsos_{seat}"), p.calypsos.to_string()));
                            for card in &p.in_progress {
                                pairs.push((format!("{prefix}ranks_{seat}"), rank(card)));
                            }
                        }
                    }
                    for (side, n) in [("NS", h.trick_piles.ns), ("EW", h.trick_piles.ew)] {
                        pairs.push((format!("{prefix}piles_{side}"), n.to_string()));
                    }
                    for seat in Seat::ALL {
                        if let Some(n) = h.revokes[seat.index()] {
                            pairs.push((format!("{prefix}revokes_{seat}"), n.to_string()));
                        }
                    }
                }
                return TableForm::from_pairs(pairs);
            }
            TableReport::Auction(a) => {
                let mut f = TableForm::from_pairs(pairs);
                f.mode = Some(Mode::Auction);
                f.auction = AuctionForm::from_summary(a);
                return f;
            }
            TableReport::AuctionPairs(a) => {
                let mut f = TableForm::from_pairs(pairs);
                f.mode = Some(Mode::AuctionPairs);
                f.auction_pairs = PairsForm::from_summary(a);
                return f;
            }
            TableReport::Kaiso(k) => {
                let mut f = TableForm::from_pairs(pairs);
                f.mode = Some(Mode::Songs);
                f.songs = SongsForm::from_summary(k);
                return f;
            }
            TableReport::Calypso(c) => Some(c.report()),
            TableReport::NotReported | TableReport::Unreadable(_) => None,
        };
        let dummy = |k: usize, d: &DummiesInput, pairs: &mut Vec<(String, String)>| {
            for (player, seat) in [("majors", &d.majors), ("minors", &d.minors)] {
                pairs.push((format!("dummy_{k}_{player}"), seat.clone()));
            }
        };
        let exchange = |k: usize, x: &ExchangesInput, pairs: &mut Vec<(String, String)>| {
            let cards = |cards: &[CardText]| {
                cards
                    .iter()
                    .map(|c| c.0.pretty())
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            for (player, ex) in [("majors", &x.majors), ("minors", &x.minors)] {
                let Some(ex) = ex else { continue };
                let field = |part: &str| format!("exchange_{k}_{player}_{part}");
                pairs.push((field("inspected"), ex.inspected.clone()));
                pairs.push((field("passed"), cards(&ex.passed)));
                pairs.push((field("returned"), cards(&ex.returned)));
            }
        };
        match calypso {
            Some(CalypsoReport::Record(_)) => {
                pairs.push(("mode".into(), Mode::Record.name().into()));
                pairs.push(("record".into(), report.record_text().unwrap_or_default()));
            }
            Some(CalypsoReport::Deals { deals, revokes: r }) => {
                for (i, d) in deals.iter().enumerate() {
                    if let Some(d) = &d.dummies {
                        dummy(i + 1, d, &mut pairs);
                    }
                    if let Some(x) = &d.exchanges {
                        exchange(i + 1, x, &mut pairs);
                    }
                }
                pairs.push(("mode".into(), Mode::Deals.name().into()));
                for (i, d) in deals.iter().enumerate() {
                    counts(
                        &format!("d{}_", i + 1),
                        &d.players,
                        &d.trick_piles,
                        &mut pairs,
                    );
                }
                revokes("deals_", r.as_ref(), &mut pairs);
            }
            Some(CalypsoReport::Summary {
                players,
                trick_piles,
                revokes: r,
                dummies,
                exchanges,
            }) => {
                for (i, d) in dummies.iter().enumerate() {
                    dummy(i + 1, d, &mut pairs);
                }
                for (i, x) in exchanges.iter().enumerate() {
                    exchange(i + 1, x, &mut pairs);
                }
                pairs.push(("mode".into(), Mode::Game.name().into()));
                counts("", players, trick_piles, &mut pairs);
                revokes("", r.as_ref(), &mut pairs);
            }
            None => pairs.push(("mode".into(), Mode::Game.name().into())),
        }
        TableForm::from_pairs(pairs)
    }

    /// An empty form for a board: revokes 0, the rest to fill in; a Kaiso event's songs.
    pub fn blank(spec: &GameSpec, game: GameKind, round: u32, board: u32) -> TableForm {
        let mut f = TableForm {
            round: round.to_string(),
            board: board.to_string(),
            mode: match game {
                GameKind::Kaiso => Some(Mode::Songs),
                GameKind::Embers => Some(Mode::Hands),
                GameKind::Auction => Some(Mode::Auction),
                GameKind::AuctionPairs => Some(Mode::AuctionPairs),
                GameKind::Calypso => None,
            },
            ..TableForm::default()
        };
        for side in 0..spec.sides() {
            f.revokes.insert(spec.side_name(side), "0".into());
            f.deal_revokes.insert(spec.side_name(side), "0".into());
        }
        f
    }

    /// The way the form is read.
    pub fn mode(&self) -> Mode {
        self.mode.unwrap_or(if self.record.trim().is_empty() {
            Mode::Game
        } else {
            Mode::Record
        })
    }

    /// The score sheet, or the problems with the form itself, each placed by seat or side
    /// (and deal).
    pub fn sheet(&self, spec: &GameSpec) -> Result<SheetInput, Vec<Problem>> {
        let mut problems = Vec::new();
        let sheet = match self.mode() {
            Mode::Auction => SheetInput {
                auction: Some(self.auction.summary(&mut problems)),
                ..SheetInput::default()
            },
            Mode::AuctionPairs => SheetInput {
                auction_pairs: Some(self.auction_pairs.summary(&mut problems)),
                ..SheetInput::default()
            },
            Mode::Hands => SheetInput {
                reports: Some(self.hand_reports(spec, &mut problems)),
                ..SheetInput::default()
            },
            Mode::Songs => SheetInput {
                partnerships: Some(self.songs.read(&mut problems)),
                ..SheetInput::default()
            },
            Mode::Record => {
                if self.record.trim().is_empty() {
                    return Err(vec![problem(
                        "record",
                        "paste the play record, or choose \"Whole game\" or \"Deal by deal\""
                            .into(),
                        (None, None, None),
                    )]);
                }
                return match RecordInput::read(&self.record) {
                    Ok(record) => Ok(SheetInput {
                        record: Some(record),
                        ..SheetInput::default()
                    }),
                    Err(e) => Err(vec![problem(
                        "record",
                        format!("the play record cannot be read: {e}"),
                        (None, None, None),
                    )]),
                };
            }
            Mode::Game => {
                let (players, piles) = self.game.read(spec, None, &mut problems);
                let dummies = spec.duet.is_some().then(|| {
                    (0..spec.deals())
                        .filter_map(|i| self.dummies_of(spec, i, &mut problems))
                        .collect()
                });
                let exchanges = spec.duet.is_some_and(|d| d.exchange > 0).then(|| {
                    (0..spec.deals())
                        .map(|i| self.exchanges_of(spec, i, &mut problems))
                        .collect()
                });
                SheetInput {
                    players: Some(players),
                    trick_piles: Some(piles),
                    revokes: Some(revokes(spec, &self.revokes, &mut problems)),
                    dummies,
                    exchanges,
                    ..SheetInput::default()
                }
            }
            Mode::Deals => {
                let blank = CountsForm::default();
                let deal = |i: usize| self.deals.get(i).unwrap_or(&blank);
                let played = (0..spec.deals()).rposition(|i| !deal(i).is_blank());
                let Some(last) = played else {
                    return Err(vec![problem(
                        "deals-missing",
                        "deal by deal: fill in the counts after deal 1 (and after each deal played since)".into(),
                        (None, None, Some(1)),
                    )]);
                };
                let mut lines = Vec::new();
                for i in 0..=last {
                    let k = i as i64 + 1;
                    if deal(i).is_blank() {
                        problems.push(problem(
                            "deal-missing",
                            format!(
                                "after deal {k}: nothing is filled in, but deal {} is: fill in every deal played, in order",
                                last + 1
                            ),
                            (None, None, Some(k)),
                        ));
                        continue;
                    }
                    let (players, trick_piles) = deal(i).read(spec, Some(k), &mut problems);
                    let dummies = if spec.duet.is_some() {
                        self.dummies_of(spec, i, &mut problems)
                    } else {
                        None
                    };
                    let exchanges = spec
                        .duet
                        .is_some_and(|d| d.exchange > 0)
                        .then(|| self.exchanges_of(spec, i, &mut problems));
                    lines.push(DealLine {
                        players,
                        trick_piles,
                        dummies,
                        exchanges,
                    });
                }
                SheetInput {
                    deals: Some(lines),
                    revokes: Some(revokes(spec, &self.deal_revokes, &mut problems)),
                    ..SheetInput::default()
                }
            }
        };
        if problems.is_empty() {
            Ok(sheet)
        } else {
            Err(problems)
        }
    }
}

impl TableForm {
    /// Deal by deal: how many deals the table has filled in, up to the last with a trick pile
    /// typed (a deal started from the one before, its calypsos carried over, does not count
    /// until its piles are counted).
    pub fn deals_typed(&self) -> usize {
        self.deals
            .iter()
            .rposition(|d| d.piles.values().any(|p| !p.trim().is_empty()))
            .map_or(0, |i| i + 1)
    }

    /// "Check deal k" asked for on a deal-by-deal form.
    pub fn checks_deals(&self) -> bool {
        self.check && self.mode() == Mode::Deals
    }

    /// What "Check deal k" sends to the engine: the deals up to the last counted (the next
    /// one, started from it, is not read yet).
    pub fn deals_to_check(&self) -> TableForm {
        let mut f = self.clone();
        f.deals.truncate(self.deals_typed());
        f
    }

    /// The form after deals 1 to k were checked: the next deal starts from deal k's calypsos
    /// and cards in progress (its trick piles are new counts), unless something is typed in
    /// it already.
    pub fn carried_over(&self, deals: usize) -> TableForm {
        let mut f = self.clone();
        let k = self.deals_typed();
        if k == 0 || k >= deals {
            return f;
        }
        if f.deals.len() <= k {
            f.deals.resize_with(k + 1, CountsForm::default);
        }
        if f.deals[k].is_blank() {
            let mut next = f.deals[k - 1].clone();
            next.piles.clear();
            f.deals[k] = next;
        }
        f
    }

    /// How many hands the table has filled in: up to the last with a trick pile typed (the
    /// next hand's line starts with the calypsos carried over, so those alone do not count).
    pub fn hands_typed(&self) -> usize {
        match self.mode() {
            Mode::Auction => return self.auction.typed(),
            Mode::AuctionPairs => return self.auction_pairs.typed(),
            _ => {}
        }
        self.hands
            .iter()
            .rposition(|h| h.piles.values().any(|p| !p.trim().is_empty()))
            .map_or(0, |i| i + 1)
    }

    /// Embers: the reports of the hands typed, each as `rules check --game embers` reads it.
    fn hand_reports(&self, spec: &GameSpec, problems: &mut Vec<Problem>) -> Vec<HandSummary> {
        let typed = self.hands_typed();
        if typed == 0 {
            problems.push(problem(
                "hands-missing",
                "fill in the counts after hand 1: each player's calypsos and cards in progress, and each side's trick pile from the hand".into(),
                (None, None, Some(1)),
            ));
            return Vec::new();
        }
        let mut out = Vec::new();
        for (i, line) in self.hands.iter().take(typed).enumerate() {
            let k = i as i64 + 1;
            let mut found = Vec::new();
            let (players, piles) = line.read(spec, Some(k), &mut found);
            problems.extend(found.into_iter().map(|p| Problem {
                message: p.message.replacen("after deal", "after hand", 1),
                ..p
            }));
            let players: serde_json::Map<String, serde_json::Value> = spec
                .seats()
                .iter()
                .filter_map(|&seat| {
                    let p = players.0[seat.index()].as_ref()?;
                    let cards: Vec<String> =
                        p.in_progress.iter().map(|c| c.0.to_string()).collect();
                    Some((
                        seat.to_string(),
                        serde_json::json!({"calypsos": p.calypsos.max(0), "in_progress": cards}),
                    ))
                })
                .collect();
            let mut revokes = serde_json::Map::new();
            for &seat in spec.seats() {
                let typed = line.revokes[seat.index()].trim();
                match count(typed, true) {
                    Some(0) => {}
                    Some(n) => {
                        revokes.insert(seat.to_string(), serde_json::json!(n));
                    }
                    None => problems.push(problem(
                        "number",
                        format!(
                            "after hand {k}: {}'s revokes: \"{typed}\" is not a number",
                            seat.name()
                        ),
                        (Some(seat), None, Some(k)),
                    )),
                }
            }
            let line = serde_json::json!({"players": players, "trick_piles": {
                "NS": piles.get("NS").copied().unwrap_or(0).max(0),
                "EW": piles.get("EW").copied().unwrap_or(0).max(0),
            }, "revokes": revokes});
            match serde_json::from_value::<HandSummary>(line) {
                Ok(h) => out.push(h),
                Err(e) => problems.push(problem(
                    "number",
                    format!("after hand {k}: {e}"),
                    (None, None, Some(k)),
                )),
            }
        }
        out
    }

    /// Calypso Duet: deal `i`'s dummies as chosen (index 0 is deal 1); a choice not made is
    /// a problem naming the deal and the player.
    fn dummies_of(
        &self,
        spec: &GameSpec,
        i: usize,
        problems: &mut Vec<Problem>,
    ) -> Option<DummiesInput> {
        let duet = spec.duet.as_ref()?;
        let chosen = self.dummies.get(i).cloned().unwrap_or_default();
        let mut missing = false;
        for (p, player) in duet.players.iter().enumerate() {
            if chosen[p].trim().is_empty() {
                missing = true;
                let [a, b] = player.dealt();
                let who = duet_player(spec, a).map(|x| x.0).unwrap_or_default();
                problems.push(Problem {
                    code: "dummy-missing",
                    message: format!(
                        "deal {}: choose which hand was the {who} player's dummy ({} or {})",
                        i + 1,
                        a.name(),
                        b.name()
                    ),
                    seat: None,
                    side: Some(spec.side_of(player.secret)),
                    deal: Some(i as i64 + 1),
                });
            }
        }
        (!missing).then(|| DummiesInput {
            majors: chosen[0].trim().to_string(),
            minors: chosen[1].trim().to_string(),
        })
    }
}

impl TableForm {
    /// Call-and-response: deal `i`'s exchanges as typed (index 0 is deal 1). A player's
    /// exchange not filled in, the hand looked at not chosen, or a card that is not one is a
    /// problem naming the deal and the player; how many cards and whether each was held are
    /// the engine's checks.
    fn exchanges_of(
        &self,
        spec: &GameSpec,
        i: usize,
        problems: &mut Vec<Problem>,
    ) -> ExchangesInput {
        let mut out = ExchangesInput::default();
        let Some(duet) = spec.duet.as_ref() else {
            return out;
        };
        let blank = <[ExchangeForm; 2]>::default();
        let typed = self.exchanges.get(i).unwrap_or(&blank);
        let k = i + 1;
        for (p, player) in duet.players.iter().enumerate() {
            let x = &typed[p];
            let [a, b] = player.dealt();
            let who = duet_player(spec, a).map(|x| x.0).unwrap_or_default();
            let side = Some(spec.side_of(player.secret));
            let mut said = |code, message| {
                problems.push(problem(code, message, (None, side, Some(k as i64))));
            };
            if x.is_blank() {
                said(
                    "exchange-missing",
                    format!(
                        "deal {k}: give the {who} player's exchange: the hand looked at first ({} or {}), the three cards passed from it and the three returned",
                        a.name(),
                        b.name()
                    ),
                );
                continue;
            }
            if x.inspected.trim().is_empty() {
                said(
                    "exchange-missing",
                    format!(
                        "deal {k}: choose which hand the {who} player looked at first ({} or {})",
                        a.name(),
                        b.name()
                    ),
                );
            }
            let mut cards = |way: &str, text: &str| -> Vec<CardText> {
                let mut out = Vec::new();
                for t in text
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|t| !t.is_empty())
                    .take(MAX_EXCHANGE_CARDS)
                {
                    match t.parse::<Card>() {
                        Ok(c) => out.push(CardText(c)),
                        Err(_) => said(
                            "exchange-card",
                            format!(
                                "deal {k}: the {who} player's cards {way}: \"{t}\" is not a card (a rank, 2 to 10, J, Q, K or A, then a suit, ♠ ♥ ♦ ♣ or S H D C)"
                            ),
                        ),
                    }
                }
                out
            };
            let passed = cards("passed", &x.passed);
            let returned = cards("returned", &x.returned);
            let ex = ExchangeInput {
                inspected: x.inspected.trim().to_string(),
                passed,
                returned,
            };
            if p == 0 {
                out.majors = Some(ex);
            } else {
                out.minors = Some(ex);
            }
        }
        out
    }
}

/// More cards than an exchange moves are read only this far (the engine names the count).
const MAX_EXCHANGE_CARDS: usize = 13;

/// The revokes of the game by side (blank is 0).
fn revokes(
    spec: &GameSpec,
    typed: &BTreeMap<String, String>,
    problems: &mut Vec<Problem>,
) -> BTreeMap<String, i64> {
    let mut out = BTreeMap::new();
    for side in 0..spec.sides() {
        let name = spec.side_name(side);
        let text = typed.get(&name).cloned().unwrap_or_default();
        match count(&text, true) {
            Some(n) => {
                out.insert(name, n);
            }
            None => problems.push(problem(
                "number",
                format!("{name}'s revokes: \"{}\" is not a number", text.trim()),
                (None, Some(side), None),
            )),
        }
    }
    out
}

/// A problem with the form, placed by (seat, side, deal).
fn problem(
    code: &'static str,
    message: String,
    (seat, side, deal): (Option<Seat>, Option<usize>, Option<i64>),
) -> Problem {
    Problem {
        code,
        message,
        seat,
        side,
        deal,
    }
}

/// A whole number; blank is 0 where `blank_is_zero`.
fn count(text: &str, blank_is_zero: bool) -> Option<i64> {
    let t = text.trim();
    if t.is_empty() {
        return blank_is_zero.then_some(0);
    }
    t.parse().ok()
}
