//! What a table reports after each hand, as counts (no card lists: a phone form fills it),
//! checked hand by hand and over the game, and the scores the engine gives it.

use serde::{Deserialize, Serialize};

use super::bidding::{Auction, AuctionState, Bid, Call, Contract, Doubling, max_calls, seat_name};
use super::spec::{
    AuctionSpec, DEAL, HandTrumps, MAX_IN_PROGRESS, PLAYERS, SEATS, left_of, player_name, right_of,
};
use super::wire::{SuitCounts, by_player, opt_trumps, player, players};
use crate::engine::cards::{Seat, Suit};
use crate::engine::score::{IN_PROGRESS_POINTS, TRICK_PILE_POINTS};
use crate::engine::summary::Problem;

/// Every calypso completed scores this, to anyone, every time.
pub const CALYPSO_POINTS: i64 = 500;
/// Each calypso-in-progress card sold by the declarer counts this towards the contract.
pub const SOLD_CARD_POINTS: i64 = 20;

/// The bonus of a calypso bid: 40 plus 10 times the square of the cards it still needed at
/// the start of the hand (13 for a second calypso bid).
pub fn calypso_bonus(needed: u8) -> i64 {
    40 + 10 * i64::from(needed) * i64::from(needed)
}

/// Misère: each player's trick-pile cards (10 points each). The lowest scorer gets nil,
/// the middle one minus their own points, the highest minus their own and the lowest's.
/// Ties: everyone level with the lowest gets nil; everyone level with the highest (when
/// that is more than the lowest) pays their own and the lowest's; so three level players
/// all get nil.
///
/// The partnership game of four scores its two partnerships' piles by the same rule (the
/// middle player removed): the lower side nil, the higher its own and the lower's.
pub fn misere_scores<const N: usize>(piles: [u32; N]) -> [i64; N] {
    let points = piles.map(|p| i64::from(p) * TRICK_PILE_POINTS);
    let low = points.iter().copied().min().unwrap_or(0);
    let high = points.iter().copied().max().unwrap_or(0);
    points.map(|p| {
        if p == low {
            0
        } else if p == high {
            -(p + low)
        } else {
            -p
        }
    })
}

/// The fewest calypso cards a declarer must sell to bring `pile` trick-pile cards up to
/// `points`: 0 when the pile is enough.
pub fn fewest_sale(points: u32, pile: u32) -> u32 {
    let shortfall = i64::from(points) - i64::from(pile) * TRICK_PILE_POINTS;
    if shortfall <= 0 {
        0
    } else {
        (shortfall as u64).div_ceil(SOLD_CARD_POINTS as u64) as u32
    }
}

/// How the auction ended: a contract, or all three passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "AuctionEndWire", into = "AuctionEndWire")]
pub enum AuctionEnd {
    Misere,
    Contract(Contract),
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum AuctionEndWire {
    Word(String),
    Contract(Contract),
}

impl TryFrom<AuctionEndWire> for AuctionEnd {
    type Error = String;
    fn try_from(w: AuctionEndWire) -> Result<AuctionEnd, String> {
        match w {
            AuctionEndWire::Contract(c) => Ok(AuctionEnd::Contract(c)),
            AuctionEndWire::Word(s) if s.trim().eq_ignore_ascii_case("misere") => {
                Ok(AuctionEnd::Misere)
            }
            AuctionEndWire::Word(s) => Err(format!(
                "\"{s}\" is not a contract: use \"misere\" or {{\"declarer\", \"calypsos\", \"points\", \"suit\", \"doubling\"}}"
            )),
        }
    }
}

impl From<AuctionEnd> for AuctionEndWire {
    fn from(o: AuctionEnd) -> AuctionEndWire {
        match o {
            AuctionEnd::Misere => AuctionEndWire::Word("misere".into()),
            AuctionEnd::Contract(c) => AuctionEndWire::Contract(c),
        }
    }
}

/// A player's line after a hand: trick-pile cards from this hand, calypsos completed so far
/// in the game, and the cards of their four calypsos in progress (after any sale).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerLine {
    pub trick_pile: u32,
    pub calypsos: u32,
    pub in_progress: SuitCounts,
}

/// The report after one hand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandReport {
    /// The auction's calls, eldest first; or else `contract`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calls: Option<Vec<Call>>,
    /// The auction's result, when the calls are not given (must agree when both are).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contract: Option<AuctionEnd>,
    /// If the table notes it: the cards the declarer's calypso needed at the start of the
    /// hand, which the bonus of the first calypso bid is counted from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub needed: Option<u8>,
    /// The trumps the declarer named: left-hand opponent's, then right-hand opponent's.
    #[serde(with = "opt_trumps", default, skip_serializing_if = "Option::is_none")]
    pub opponents_trumps: Option<[Suit; 2]>,
    #[serde(with = "players")]
    pub players: [Option<PlayerLine>; PLAYERS],
    /// Cards the declarer sold from their calypso in progress.
    #[serde(default)]
    pub sold: u32,
}

/// The reports of the hands played so far, in order, and where the game started.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuctionSummary {
    #[serde(with = "player")]
    pub first_dealer: Seat,
    /// The calypsos in progress each player starts with (none without a setup).
    #[serde(with = "players", default, skip_serializing_if = "no_setup")]
    pub setup: [Option<SuitCounts>; PLAYERS],
    /// Calypsos found complete in the setup (shuffled back; 500 to everyone for each).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub setup_calypsos: u32,
    /// `"reports"` in JSON (an input's `"hands"` is the number agreed).
    #[serde(rename = "reports")]
    pub hands: Vec<HandReport>,
}

fn no_setup(s: &[Option<SuitCounts>; PLAYERS]) -> bool {
    s.iter().all(|c| c.is_none_or(|c| c.total() == 0))
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl AuctionSummary {
    /// The calypsos in progress a player starts the game with.
    pub fn start(&self, seat: Seat) -> SuitCounts {
        self.setup[seat.index()].unwrap_or_default()
    }
}

/// One player's points in one hand, by part.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerPoints {
    /// Declarer who made it: 10 a trick-pile card and 20 a card sold; a defender: half the
    /// defenders' trick piles at 10 a card.
    pub cards: i64,
    /// The points bid, times 1, 2 or 4 as undoubled, doubled, redoubled: plus if made,
    /// minus if not.
    pub contract: i64,
    /// The bonus of each calypso bid (40 + 10·n²): plus if made, minus if not.
    pub calypso_bonus: i64,
    /// 500 a calypso completed in this hand; a declarer who failed: minus 500 a calypso bid
    /// (and nothing for those completed).
    pub calypsos: i64,
    /// A misère hand's score.
    pub misere: i64,
    /// 20 a calypso-in-progress card, after the last agreed hand only.
    pub in_progress: i64,
    pub total: i64,
}

/// One hand's scores and the running totals after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandScore {
    pub hand: usize,
    #[serde(with = "player")]
    pub dealer: Seat,
    /// The contract or misère; null when the report does not say.
    pub outcome: Option<AuctionEnd>,
    /// Whether the declarer fulfilled the contract (null in misère).
    pub made: Option<bool>,
    #[serde(with = "by_player")]
    pub players: [PlayerPoints; PLAYERS],
    #[serde(with = "by_player")]
    pub running: [i64; PLAYERS],
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuctionScore {
    /// 500 to everyone for each calypso found complete in the setup.
    #[serde(with = "by_player")]
    pub setup: [i64; PLAYERS],
    pub hands: Vec<HandScore>,
    #[serde(with = "by_player")]
    pub totals: [i64; PLAYERS],
    /// Every agreed hand is reported (in-progress cards are scored).
    pub complete: bool,
}

/// The auction's result a report gives: from its calls, else its contract.
fn reported_outcome(dealer: Seat, r: &HandReport) -> Option<AuctionEnd> {
    outcome_of(PLAYERS, dealer, &r.calls, r.contract)
}

/// The auction's result a report of either Auction game gives (at a table of `players`):
/// from its calls, else its contract; none when the calls are not a finished auction.
pub(crate) fn outcome_of(
    players: usize,
    dealer: Seat,
    calls: &Option<Vec<Call>>,
    contract: Option<AuctionEnd>,
) -> Option<AuctionEnd> {
    match calls {
        Some(calls) if calls.len() <= max_calls(players) => {
            match Auction::run_for(dealer, players, calls).ok()?.state() {
                AuctionState::Won(c) => Some(AuctionEnd::Contract(c)),
                AuctionState::Misere => Some(AuctionEnd::Misere),
                AuctionState::Open { .. } => None,
            }
        }
        Some(_) => None,
        None => contract,
    }
}

/// Each player's trump suit in a hand: the declarer's bid suit, then the opponents' as
/// named; none in misère. None when the trumps are not known or not allowed.
pub fn hand_trumps(outcome: AuctionEnd, opponents: Option<[Suit; 2]>) -> Option<HandTrumps> {
    match outcome {
        AuctionEnd::Misere => opponents.is_none().then_some([None; PLAYERS]),
        AuctionEnd::Contract(c) => {
            let [lho, rho] = opponents?;
            let own = c.bid.suit;
            if lho == rho || lho == own || rho == own {
                return None;
            }
            let mut t = [None; PLAYERS];
            t[c.declarer.index()] = Some(own);
            t[left_of(c.declarer).index()] = Some(lho);
            t[right_of(c.declarer).index()] = Some(rho);
            Some(t)
        }
    }
}

/// The bonus of a contract's calypsos: the first counted from the cards the declarer's
/// calypso of the bid suit needed at the start of the hand, any second from 13.
pub fn contract_bonus(bid: &Bid, start: &SuitCounts) -> i64 {
    let needed = 13 - start.get(bid.suit).min(MAX_IN_PROGRESS);
    (0..bid.calypsos)
        .map(|i| calypso_bonus(if i == 0 { needed } else { 13 }))
        .sum()
}

/// Did the declarer fulfil the contract: the calypsos bid completed in this hand, and the
/// trick pile and cards sold worth the points bid.
pub fn fulfilled(bid: &Bid, completed: u32, pile: u32, sold: u32) -> bool {
    completed >= u32::from(bid.calypsos)
        && i64::from(pile) * TRICK_PILE_POINTS + i64::from(sold) * SOLD_CARD_POINTS
            >= i64::from(bid.points)
}

/// One hand's points by player from its facts: the outcome, each player's trick pile and
/// calypsos completed in the hand, the declarer's sale and in-progress cards at the start.
pub fn hand_points(
    outcome: AuctionEnd,
    piles: [u32; PLAYERS],
    completed: [u32; PLAYERS],
    sold: u32,
    declarer_start: &SuitCounts,
) -> ([PlayerPoints; PLAYERS], Option<bool>) {
    let mut out = [PlayerPoints::default(); PLAYERS];
    let made = match outcome {
        AuctionEnd::Misere => {
            for (p, m) in out.iter_mut().zip(misere_scores(piles)) {
                p.misere = m;
            }
            None
        }
        AuctionEnd::Contract(c) => {
            let d = c.declarer.index();
            let defence: u32 = (0..PLAYERS).filter(|&i| i != d).map(|i| piles[i]).sum();
            for (i, p) in out.iter_mut().enumerate() {
                if i != d {
                    p.cards = i64::from(defence) * TRICK_PILE_POINTS / 2;
                    p.calypsos = i64::from(completed[i]) * CALYPSO_POINTS;
                }
            }
            let contract = i64::from(c.bid.points) * c.doubling.multiplier();
            let bonus = contract_bonus(&c.bid, declarer_start);
            let made = fulfilled(&c.bid, completed[d], piles[d], sold);
            let p = &mut out[d];
            if made {
                p.cards =
                    i64::from(piles[d]) * TRICK_PILE_POINTS + i64::from(sold) * SOLD_CARD_POINTS;
                p.contract = contract;
                p.calypso_bonus = bonus;
                p.calypsos = i64::from(completed[d]) * CALYPSO_POINTS;
            } else {
                p.contract = -contract;
                p.calypso_bonus = -bonus;
                p.calypsos = -i64::from(c.bid.calypsos) * CALYPSO_POINTS;
            }
            Some(made)
        }
    };
    for p in &mut out {
        p.total = p.cards + p.contract + p.calypso_bonus + p.calypsos + p.misere;
    }
    (out, made)
}

/// Scores a summary (check it first: a summary with problems scores nonsense, never panics).
pub fn score(spec: &AuctionSpec, summary: &AuctionSummary) -> AuctionScore {
    let setup =
        [i64::from(summary.setup_calypsos.min(PLAYERS as u32 * 4)) * CALYPSO_POINTS; PLAYERS];
    let mut running = setup;
    let mut calypsos_before = [0u32; PLAYERS];
    let mut counts_before = SEATS.map(|s| summary.start(s));
    let mut out = Vec::new();
    let played = summary.hands.len().min(spec.hands);
    for (i, r) in summary.hands.iter().take(played).enumerate() {
        let n = i + 1;
        let dealer = spec.dealer_of(summary.first_dealer, n);
        let lines = r.players.map(Option::unwrap_or_default);
        let piles = lines.map(|l| l.trick_pile.min(DEAL as u32));
        let completed: [u32; PLAYERS] =
            std::array::from_fn(|p| lines[p].calypsos.saturating_sub(calypsos_before[p]));
        let outcome = reported_outcome(dealer, r);
        let (mut players, made) = match outcome {
            Some(o) => {
                let start = match o {
                    AuctionEnd::Contract(c) => counts_before[c.declarer.index()],
                    AuctionEnd::Misere => SuitCounts::default(),
                };
                hand_points(o, piles, completed, r.sold.min(DEAL as u32), &start)
            }
            None => ([PlayerPoints::default(); PLAYERS], None),
        };
        if n == spec.hands {
            for (p, l) in players.iter_mut().zip(&lines) {
                p.in_progress = i64::from(l.in_progress.total()) * IN_PROGRESS_POINTS;
                p.total += p.in_progress;
            }
        }
        for (r, p) in running.iter_mut().zip(&players) {
            *r += p.total;
        }
        out.push(HandScore {
            hand: n,
            dealer,
            outcome,
            made,
            players,
            running,
        });
        for (b, l) in calypsos_before.iter_mut().zip(&lines) {
            *b = (*b).max(l.calypsos);
        }
        counts_before = lines.map(|l| l.in_progress);
    }
    AuctionScore {
        setup,
        hands: out,
        totals: running,
        complete: played == spec.hands,
    }
}

/// The outcome of a hand's auction, or the problems that keep it from being known.
fn check_outcome(
    dealer: Seat,
    n: usize,
    r: &HandReport,
    out: &mut Vec<Problem>,
) -> Option<AuctionEnd> {
    checked_outcome(PLAYERS, dealer, n, &r.calls, r.contract, out)
}

/// The outcome of a hand's auction in either Auction game (at a table of `players`), or
/// the problems that keep it from being known: `call-illegal`, `auction-unfinished`,
/// `contract-mismatch` (the calls and the contract given disagree), `no-contract`.
pub(crate) fn checked_outcome(
    players: usize,
    dealer: Seat,
    n: usize,
    calls: &Option<Vec<Call>>,
    contract: Option<AuctionEnd>,
    out: &mut Vec<Problem>,
) -> Option<AuctionEnd> {
    let name = |seat: Seat| seat_name(seat, players);
    let from_calls = match calls {
        None => None,
        Some(calls) if calls.len() > max_calls(players) => {
            out.push(Problem::in_hand(
                "call-illegal",
                n,
                None,
                format!(
                    "{} calls: no auction is longer than {}",
                    calls.len(),
                    max_calls(players)
                ),
            ));
            return None;
        }
        Some(calls) => match Auction::run_for(dealer, players, calls) {
            Err((i, e)) => {
                out.push(Problem::in_hand(
                    "call-illegal",
                    n,
                    e.player,
                    format!("call {}, {e}", i + 1),
                ));
                return None;
            }
            Ok(a) => match a.state() {
                AuctionState::Open { to_call } => {
                    out.push(Problem::in_hand(
                        "auction-unfinished",
                        n,
                        None,
                        format!(
                            "the auction is not over after {} calls: {} is still to call",
                            calls.len(),
                            name(to_call)
                        ),
                    ));
                    return None;
                }
                AuctionState::Won(c) => Some(AuctionEnd::Contract(c)),
                AuctionState::Misere => Some(AuctionEnd::Misere),
            },
        },
    };
    if let Some(AuctionEnd::Contract(c)) = contract
        && let Some(why) = c.bid.malformed()
    {
        out.push(Problem::in_hand(
            "call-illegal",
            n,
            Some(c.declarer),
            format!("the contract {}: {why}", c.bid),
        ));
        return None;
    }
    match (from_calls, contract) {
        (Some(a), Some(b)) if a != b => {
            let describe = |o: AuctionEnd| match o {
                AuctionEnd::Misere => "misère".to_string(),
                AuctionEnd::Contract(c) => format!(
                    "{} by {}{}",
                    c.bid,
                    name(c.declarer),
                    match c.doubling {
                        Doubling::Undoubled => "",
                        Doubling::Doubled => ", doubled",
                        Doubling::Redoubled => ", redoubled",
                    }
                ),
            };
            out.push(Problem::in_hand(
                "contract-mismatch",
                n,
                None,
                format!(
                    "the calls give {}, the report says {}",
                    describe(a),
                    describe(b)
                ),
            ));
            None
        }
        (Some(a), _) => Some(a),
        (None, Some(b)) => Some(b),
        (None, None) => {
            out.push(Problem::in_hand(
                "no-contract",
                n,
                None,
                "the report gives neither the calls nor the contract".into(),
            ));
            None
        }
    }
}

/// Each seat's trumps in a hand of either Auction game, from `seating` (the game's rule:
/// [`hand_trumps`] or the partnership game's); when it gives none, the problem why:
/// `trumps-in-misere`, `trumps-missing` or `trumps-not-distinct`.
pub(crate) fn checked_trumps<T>(
    outcome: Option<AuctionEnd>,
    opponents: Option<[Suit; 2]>,
    n: usize,
    out: &mut Vec<Problem>,
    seating: impl Fn(AuctionEnd, Option<[Suit; 2]>) -> Option<T>,
) -> Option<T> {
    let o = outcome?;
    let t = seating(o, opponents);
    if t.is_none() {
        let (code, message) = match (o, opponents) {
            (AuctionEnd::Misere, _) => (
                "trumps-in-misere",
                "a misère hand has no trumps, but the report names the opponents' trumps"
                    .to_string(),
            ),
            (AuctionEnd::Contract(_), None) => (
                "trumps-missing",
                "the declarer must name the opponents' trumps".to_string(),
            ),
            (AuctionEnd::Contract(c), Some([l, r])) => (
                "trumps-not-distinct",
                format!(
                    "the opponents' trumps {l} and {r} must differ from each other and from the declarer's {}",
                    c.bid.suit
                ),
            ),
        };
        out.push(Problem::in_hand(code, n, None, message));
    }
    t
}

/// Every problem found; empty when the reports are possible under the rules.
pub fn check(spec: &AuctionSpec, summary: &AuctionSummary) -> Vec<Problem> {
    let mut out = Vec::new();
    if summary.hands.is_empty() {
        out.push(Problem::general("no-hands", "no hand is reported".into()));
    }
    if summary.hands.len() > spec.hands {
        out.push(Problem::general(
            "too-many-hands",
            format!(
                "{} hands are reported, the game is {} hands",
                summary.hands.len(),
                spec.hands
            ),
        ));
    }
    for seat in SEATS {
        let start = summary.start(seat);
        for suit in Suit::ALL {
            if start.get(suit) > MAX_IN_PROGRESS {
                out.push(Problem {
                    seat: Some(seat),
                    ..Problem::general(
                        "in-progress-too-many",
                        format!(
                            "setup: {}'s {} calypso in progress has {} cards; the 13th completes it",
                            player_name(seat),
                            suit.name().to_lowercase(),
                            start.get(suit)
                        ),
                    )
                });
            }
        }
    }
    if summary.setup_calypsos > 12 {
        out.push(Problem::general(
            "setup-calypsos",
            format!(
                "{} calypsos complete in the setup: three players' setups hold at most 12",
                summary.setup_calypsos
            ),
        ));
    }
    if let Some(kind) = spec.setup
        && summary.setup_calypsos <= 12
    {
        out.extend(super::setup::check_counts(
            kind,
            &summary.setup,
            summary.setup_calypsos,
        ));
    }
    let mut calypsos_before = [0u32; PLAYERS];
    let mut counts_before = SEATS.map(|s| summary.start(s));
    for (i, r) in summary.hands.iter().take(spec.hands).enumerate() {
        let n = i + 1;
        let dealer = spec.dealer_of(summary.first_dealer, n);
        let outcome = check_outcome(dealer, n, r, &mut out);
        let mut whole = outcome.is_some();
        let trumps = checked_trumps(outcome, r.opponents_trumps, n, &mut out, hand_trumps);
        whole &= trumps.is_some();
        let mut lines = [PlayerLine::default(); PLAYERS];
        for seat in SEATS {
            match r.players[seat.index()] {
                Some(l) => lines[seat.index()] = l,
                None => {
                    out.push(Problem::in_hand(
                        "player-missing",
                        n,
                        Some(seat),
                        format!("there is no line for {}", player_name(seat)),
                    ));
                    whole = false;
                }
            }
        }
        for seat in SEATS {
            let s = seat.index();
            let l = &lines[s];
            for suit in Suit::ALL {
                if l.in_progress.get(suit) > MAX_IN_PROGRESS {
                    out.push(Problem::in_hand(
                        "in-progress-too-many",
                        n,
                        Some(seat),
                        format!(
                            "{}'s {} calypso in progress has {} cards; the 13th completes it",
                            player_name(seat),
                            suit.name().to_lowercase(),
                            l.in_progress.get(suit)
                        ),
                    ));
                    whole = false;
                }
            }
            if l.calypsos < calypsos_before[s] {
                out.push(Problem::in_hand(
                    "calypsos-fewer",
                    n,
                    Some(seat),
                    format!(
                        "{} had {} calypsos after the hand before, now {}: calypsos are kept",
                        player_name(seat),
                        calypsos_before[s],
                        l.calypsos
                    ),
                ));
                whole = false;
            }
            if l.trick_pile as usize > DEAL {
                out.push(Problem::in_hand(
                    "trick-pile-too-big",
                    n,
                    Some(seat),
                    format!(
                        "{}'s trick pile holds {} cards, a hand is {DEAL}",
                        player_name(seat),
                        l.trick_pile
                    ),
                ));
                whole = false;
            }
            let Some(trumps) = trumps else { continue };
            let own = trumps[s];
            for suit in Suit::ALL.into_iter().filter(|&x| Some(x) != own) {
                let (was, now) = (counts_before[s].get(suit), l.in_progress.get(suit));
                if was != now {
                    let (code, why) = match own {
                        None => (
                            "misere-calypso",
                            "a misère hand adds to no calypso".to_string(),
                        ),
                        Some(t) => (
                            "in-progress-wrong-suit",
                            format!("their trumps in this hand were {}", t.name().to_lowercase()),
                        ),
                    };
                    out.push(Problem::in_hand(
                        code,
                        n,
                        Some(seat),
                        format!(
                            "{}'s {} calypso in progress went from {was} to {now} cards: {why}",
                            player_name(seat),
                            suit.name().to_lowercase()
                        ),
                    ));
                    whole = false;
                }
            }
            if own.is_none() && l.calypsos > calypsos_before[s] {
                out.push(Problem::in_hand(
                    "misere-calypso",
                    n,
                    Some(seat),
                    format!(
                        "{} completed a calypso in a misère hand, which has no trumps",
                        player_name(seat)
                    ),
                ));
                whole = false;
            }
        }
        let piles: u32 = lines
            .iter()
            .map(|l| l.trick_pile.min(DEAL as u32 + 1))
            .sum();
        if piles as usize > DEAL {
            out.push(Problem::in_hand(
                "trick-pile-too-big",
                n,
                None,
                format!("the trick piles hold {piles} cards, a hand is {DEAL}"),
            ));
            whole = false;
        }
        // The sale.
        match outcome {
            Some(AuctionEnd::Misere) if r.sold > 0 => {
                out.push(Problem::in_hand(
                    "sale-in-misere",
                    n,
                    None,
                    format!(
                        "{} cards sold in a misère hand, which has no declarer",
                        r.sold
                    ),
                ));
                whole = false;
            }
            Some(AuctionEnd::Contract(c)) if r.sold > 0 => {
                let d = c.declarer;
                let l = &lines[d.index()];
                let completed = l.calypsos.saturating_sub(calypsos_before[d.index()]);
                let held = u32::from(l.in_progress.get(c.bid.suit)) + r.sold;
                let fewest = fewest_sale(c.bid.points, l.trick_pile);
                let suit = c.bid.suit.name().to_lowercase();
                let who = player_name(d);
                if held > u32::from(MAX_IN_PROGRESS) {
                    out.push(Problem::in_hand(
                        "sale-more-than-held",
                        n,
                        Some(d),
                        format!(
                            "{who} sold {} cards and kept {}: a calypso in progress holds at most {MAX_IN_PROGRESS}",
                            r.sold,
                            l.in_progress.get(c.bid.suit)
                        ),
                    ));
                    whole = false;
                } else if completed < u32::from(c.bid.calypsos) {
                    out.push(Problem::in_hand(
                        "sale-when-failing",
                        n,
                        Some(d),
                        format!(
                            "{who} sold {} cards but completed {completed} of the {} calypsos bid: a sale cannot fulfil the contract, so none is allowed",
                            r.sold, c.bid.calypsos
                        ),
                    ));
                } else if r.sold != fewest {
                    let why = if fewest == 0 {
                        format!(
                            "the trick pile of {} cards already makes {}",
                            l.trick_pile, c.bid.points
                        )
                    } else {
                        format!(
                            "{} trick-pile cards are {} short of {}, so the fewest is {fewest}",
                            l.trick_pile,
                            i64::from(c.bid.points) - i64::from(l.trick_pile) * TRICK_PILE_POINTS,
                            c.bid.points
                        )
                    };
                    out.push(Problem::in_hand(
                        "sale-not-fewest",
                        n,
                        Some(d),
                        format!(
                            "{who} sold {} cards of their {suit} calypso: a sale is none or the fewest needed, and {why}",
                            r.sold
                        ),
                    ));
                }
            }
            _ => {}
        }
        // The bonus the table noted.
        if let (Some(needed), Some(o)) = (r.needed, outcome) {
            let due = match o {
                AuctionEnd::Contract(c) if c.bid.calypsos > 0 => Some((
                    c,
                    13 - counts_before[c.declarer.index()].get(c.bid.suit).min(12),
                )),
                _ => None,
            };
            match due {
                Some((_, due)) if due == needed => {}
                Some((c, due)) => out.push(Problem::in_hand(
                    "bonus-cards-not-needed",
                    n,
                    Some(c.declarer),
                    format!(
                        "the bonus is claimed for {needed} cards needed, but {}'s {} calypso held {} at the start of the hand and needed {due}",
                        player_name(c.declarer),
                        c.bid.suit.name().to_lowercase(),
                        13 - due
                    ),
                )),
                None => out.push(Problem::in_hand(
                    "bonus-cards-not-needed",
                    n,
                    None,
                    format!("a bonus is claimed for {needed} cards needed, but no calypso was bid"),
                )),
            }
        }
        // Every card dealt went to a trick pile or a calypso, in tricks of three.
        if whole && let (Some(trumps), Some(outcome)) = (trumps, outcome) {
            let mut total = 0i64;
            for seat in SEATS {
                let s = seat.index();
                let l = &lines[s];
                let mut added = 0i64;
                if let Some(suit) = trumps[s] {
                    let sold = match outcome {
                        AuctionEnd::Contract(c) if c.declarer == seat => i64::from(r.sold),
                        _ => 0,
                    };
                    let new = i64::from(l.calypsos - calypsos_before[s]);
                    let (was, now) = (
                        i64::from(counts_before[s].get(suit)),
                        i64::from(l.in_progress.get(suit)),
                    );
                    added = 13 * new + now + sold - was;
                    if added < 0 {
                        out.push(Problem::in_hand(
                            "in-progress-lost",
                            n,
                            Some(seat),
                            format!(
                                "{}'s {} calypso in progress went from {was} to {now} cards{}: cards leave it only when it is completed or sold",
                                player_name(seat),
                                suit.name().to_lowercase(),
                                if sold > 0 { format!(" with {sold} sold") } else { String::new() }
                            ),
                        ));
                        whole = false;
                        continue;
                    }
                }
                let won = added + i64::from(l.trick_pile);
                if won % PLAYERS as i64 != 0 {
                    out.push(Problem::in_hand(
                        "won-cards-not-tricks",
                        n,
                        Some(seat),
                        format!(
                            "{} took {} trick-pile cards and {added} calypso cards: {won} is not a number of tricks of three",
                            player_name(seat),
                            l.trick_pile
                        ),
                    ));
                }
                total += won;
            }
            if whole && total != DEAL as i64 {
                out.push(Problem::in_hand(
                    "hand-cards",
                    n,
                    None,
                    format!(
                        "the trick piles and calypsos took {total} cards: a hand is {DEAL} cards"
                    ),
                ));
            }
        }
        for (b, l) in calypsos_before.iter_mut().zip(&lines) {
            *b = (*b).max(l.calypsos);
        }
        counts_before = lines.map(|l| l.in_progress);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bonus_table() {
        let table: Vec<i64> = (1..=13).map(calypso_bonus).collect();
        assert_eq!(
            table,
            vec![
                50, 80, 130, 200, 290, 400, 530, 680, 850, 1040, 1250, 1480, 1730
            ]
        );
    }

    #[test]
    fn miseres_scoring() {
        // The seed's example: 10, 18 and 23 cards.
        assert_eq!(misere_scores([10, 18, 23]), [0, -180, -330]);
        assert_eq!(misere_scores([23, 10, 18]), [-330, 0, -180]);
        // Ties (a choice): level with the lowest is nil, level with the highest pays.
        assert_eq!(misere_scores([17, 17, 17]), [0, 0, 0]);
        assert_eq!(misere_scores([10, 10, 31]), [0, 0, -410]);
        assert_eq!(misere_scores([11, 20, 20]), [0, -310, -310]);
    }

    fn contract(
        calypsos: u8,
        points: u32,
        doubling: super::super::bidding::Doubling,
    ) -> AuctionEnd {
        AuctionEnd::Contract(Contract {
            declarer: Seat::North,
            bid: Bid::new(calypsos, points, Suit::Spades),
            doubling,
        })
    }

    use super::super::bidding::Doubling;

    #[test]
    fn selling_the_fewest_cards() {
        // The seed: bid 240, 19 trick-pile cards: 50 short, three cards sold make 250,
        // scoring 240 + 250 = 490.
        assert_eq!(fewest_sale(240, 19), 3);
        assert_eq!(fewest_sale(240, 24), 0);
        assert_eq!(fewest_sale(240, 23), 1);
        let start = SuitCounts([0, 0, 0, 5]);
        let (p, made) = hand_points(
            contract(0, 240, Doubling::Undoubled),
            [19, 20, 12],
            [0; 3],
            3,
            &start,
        );
        assert_eq!(made, Some(true));
        assert_eq!(p[0].total, 490);
        assert_eq!((p[0].cards, p[0].contract), (250, 240));
        // Without the sale: -240.
        let (p, made) = hand_points(
            contract(0, 240, Doubling::Undoubled),
            [19, 20, 12],
            [0; 3],
            0,
            &start,
        );
        assert_eq!((made, p[0].total), (Some(false), -240));
    }

    #[test]
    fn the_defenders_half() {
        // Trick piles of 7 and 10: 170 between them, 85 each.
        let (p, _) = hand_points(
            contract(0, 200, Doubling::Undoubled),
            [34, 7, 10],
            [0, 1, 0],
            0,
            &SuitCounts::default(),
        );
        assert_eq!((p[1].cards, p[2].cards), (85, 85));
        assert_eq!(p[1].calypsos, 500, "a defender's calypso counts 500");
        assert_eq!(p[1].total, 585);
        // An odd pool halves to a multiple of 5.
        let (p, _) = hand_points(
            contract(0, 200, Doubling::Undoubled),
            [34, 8, 9],
            [0; 3],
            0,
            &SuitCounts::default(),
        );
        assert_eq!((p[1].cards, p[2].cards), (85, 85));
    }

    #[test]
    fn a_doubled_failure() {
        // The seed: 240 doubled, made with 250 in cards: 480 + 250 = 730; failed: -480.
        let made = hand_points(
            contract(0, 240, Doubling::Doubled),
            [19, 20, 12],
            [0; 3],
            3,
            &SuitCounts::default(),
        );
        assert_eq!(made.0[0].total, 730);
        let failed = hand_points(
            contract(0, 240, Doubling::Doubled),
            [19, 20, 12],
            [0; 3],
            0,
            &SuitCounts::default(),
        );
        assert_eq!(failed.0[0].total, -480);
        // A calypso bid failed on points though the calypso was completed, redoubled: the
        // points bid count four times, the calypso bonus (needing 4: 200) and 500 once,
        // and the calypso completed scores nothing.
        let start = SuitCounts([0, 0, 0, 9]);
        let (p, made) = hand_points(
            contract(1, 100, Doubling::Redoubled),
            [9, 20, 22],
            [1, 0, 0],
            0,
            &start,
        );
        assert_eq!(made, Some(false));
        assert_eq!(
            (p[0].contract, p[0].calypso_bonus, p[0].calypsos, p[0].cards),
            (-400, -200, -500, 0)
        );
        assert_eq!(p[0].total, -1100);
        // Made: 90 + 400 + 200 + 500.
        let (p, _) = hand_points(
            contract(1, 100, Doubling::Redoubled),
            [10, 20, 21],
            [1, 0, 0],
            0,
            &start,
        );
        assert_eq!(p[0].total, 100 + 400 + 200 + 500);
    }

    #[test]
    fn a_second_calypso_bid_needs_thirteen() {
        let start = SuitCounts([0, 0, 0, 12]);
        let bid = Bid::new(2, 0, Suit::Spades);
        assert_eq!(contract_bonus(&bid, &start), 50 + 1730);
        let (p, made) = hand_points(
            contract(2, 0, Doubling::Doubled),
            [0, 20, 17],
            [1, 0, 0],
            0,
            &start,
        );
        assert_eq!(made, Some(false));
        assert_eq!(p[0].total, -(50 + 1730) - 1000);
    }
}
