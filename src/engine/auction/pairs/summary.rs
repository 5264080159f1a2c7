//! What a partnership Auction table reports after each hand, as counts per partnership (a
//! phone form fills it), checked hand by hand, and the scores the engine gives it.

use serde::{Deserialize, Serialize};

use super::spec::{
    BySide, DEAL, MAX_SETUP_CALYPSOS, PLAYERS, PairsSpec, SIDE_HOLDERS, SIDES, seat_name,
    seat_trumps, side_name, side_of,
};
use crate::engine::auction::bidding::Call;
use crate::engine::auction::spec::MAX_IN_PROGRESS;
use crate::engine::auction::summary::{
    AuctionEnd, CALYPSO_POINTS, SOLD_CARD_POINTS, checked_outcome, checked_trumps, contract_bonus,
    fewest_sale, fulfilled, misere_scores, outcome_of,
};
use crate::engine::auction::wire::SuitCounts;
use crate::engine::auction::{Bid, Contract};
use crate::engine::cards::{Seat, Suit};
use crate::engine::score::{IN_PROGRESS_POINTS, TRICK_PILE_POINTS};
use crate::engine::summary::Problem;

/// A partnership's line after a hand: its trick pile from this hand, its calypsos completed
/// so far in the game by suit, and the cards of its four calypsos in progress (after any
/// sale).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideLine {
    pub trick_pile: u32,
    #[serde(default)]
    pub calypsos: SuitCounts,
    #[serde(default)]
    pub in_progress: SuitCounts,
}

/// The report after one hand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairsHandReport {
    /// The auction's calls, eldest first; or else `contract`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calls: Option<Vec<Call>>,
    /// The auction's result, when the calls are not given (must agree when both are):
    /// `"misere"` or `{"declarer": "N", "calypsos": 1, "points": 20, "suit": "S"}`.
    #[serde(with = "opt_end", default, skip_serializing_if = "Option::is_none")]
    pub contract: Option<AuctionEnd>,
    /// If the table notes it: the cards the declaring partnership's calypso of the bid suit
    /// needed at the start of the hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub needed: Option<u8>,
    /// The trumps the declarer named: left-hand opponent's, then right-hand opponent's.
    #[serde(
        with = "crate::engine::auction::wire::opt_trumps",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub opponents_trumps: Option<[Suit; 2]>,
    /// `{"NS": {..}, "EW": {..}}`.
    pub sides: BySide<SideLine>,
    /// Cards the declarer sold from their partnership's calypso in progress of the bid suit.
    #[serde(default)]
    pub sold: u32,
}

/// The reports of the hands played so far, in order, and where the game started: the
/// first dealer and the setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairsSummary {
    #[serde(with = "seat")]
    pub first_dealer: Seat,
    /// Each partnership's cards of each calypso in progress at the start of hand 1 (none
    /// without a setup): `{"NS": {"S": 6, ..}, "EW": {..}}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<BySide<SuitCounts>>,
    /// Calypsos found complete in the setup (shuffled back; 500 to each partnership for
    /// each).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub setup_calypsos: u32,
    #[serde(rename = "reports")]
    pub hands: Vec<PairsHandReport>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl PairsSummary {
    /// The calypsos in progress each partnership starts the game with.
    pub fn start(&self) -> [SuitCounts; SIDES] {
        self.setup.map(BySide::to_array).unwrap_or_default()
    }
}

/// One partnership's points in one hand, by part.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SidePoints {
    /// The partnership's trick pile at 10 a card (declarers who made it: and 20 a card sold).
    pub cards: i64,
    /// The points bid, times 1, 2 or 4: plus if made, minus if not.
    pub contract: i64,
    /// The bonus of each calypso bid (40 + 10·n²): plus if made, minus if not.
    pub calypso_bonus: i64,
    /// 500 a calypso completed in this hand; declarers who failed: minus 500 a calypso bid,
    /// nothing for those of the bid suit completed, 500 for those of the partner's suit.
    pub calypsos: i64,
    pub misere: i64,
    /// 20 a calypso-in-progress card, after the last agreed hand only.
    pub in_progress: i64,
    pub total: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairsHandScore {
    pub hand: usize,
    #[serde(with = "seat")]
    pub dealer: Seat,
    #[serde(with = "opt_end")]
    pub outcome: Option<AuctionEnd>,
    pub made: Option<bool>,
    pub sides: BySide<SidePoints>,
    pub running: BySide<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairsScore {
    /// 500 to each partnership for each calypso found complete in the setup.
    #[serde(default)]
    pub setup: BySide<i64>,
    pub hands: Vec<PairsHandScore>,
    pub totals: BySide<i64>,
    /// Every agreed hand is reported (in-progress cards are scored).
    pub complete: bool,
}

/// Calypsos completed in the hand, by suit: after less before (never negative).
fn gained(after: SuitCounts, before: SuitCounts) -> SuitCounts {
    SuitCounts(std::array::from_fn(|i| {
        after.0[i].saturating_sub(before.0[i])
    }))
}

/// One hand's points by partnership from its facts: the outcome, each partnership's trick
/// pile, the calypsos each completed in the hand by suit, the sale, and the declaring
/// partnership's calypsos in progress at the start of the hand.
pub fn hand_points(
    outcome: AuctionEnd,
    piles: [u32; SIDES],
    completed: [SuitCounts; SIDES],
    sold: u32,
    declarer_start: &SuitCounts,
) -> ([SidePoints; SIDES], Option<bool>) {
    let mut out = [SidePoints::default(); SIDES];
    let made = match outcome {
        AuctionEnd::Misere => {
            for (p, m) in out.iter_mut().zip(misere_scores(piles)) {
                p.misere = m;
            }
            None
        }
        AuctionEnd::Contract(c) => {
            let d = side_of(c.declarer);
            let defence = 1 - d;
            out[defence].cards = i64::from(piles[defence]) * TRICK_PILE_POINTS;
            out[defence].calypsos = i64::from(completed[defence].total()) * CALYPSO_POINTS;
            let contract = i64::from(c.bid.points) * c.doubling.multiplier();
            let bonus = contract_bonus(&c.bid, declarer_start);
            let of_bid_suit = u32::from(completed[d].get(c.bid.suit));
            let made = fulfilled(&c.bid, of_bid_suit, piles[d], sold);
            let p = &mut out[d];
            if made {
                p.cards =
                    i64::from(piles[d]) * TRICK_PILE_POINTS + i64::from(sold) * SOLD_CARD_POINTS;
                p.contract = contract;
                p.calypso_bonus = bonus;
                p.calypsos = i64::from(completed[d].total()) * CALYPSO_POINTS;
            } else {
                p.contract = -contract;
                p.calypso_bonus = -bonus;
                p.calypsos = (i64::from(completed[d].total())
                    - i64::from(of_bid_suit)
                    - i64::from(c.bid.calypsos))
                    * CALYPSO_POINTS;
            }
            Some(made)
        }
    };
    for p in &mut out {
        p.total = p.cards + p.contract + p.calypso_bonus + p.calypsos + p.misere;
    }
    (out, made)
}

/// The auction's result a report gives: from its calls, else its contract.
fn reported_outcome(dealer: Seat, r: &PairsHandReport) -> Option<AuctionEnd> {
    outcome_of(PLAYERS, dealer, &r.calls, r.contract)
}

/// Scores a summary (check it first: a summary with problems scores nonsense, never panics).
pub fn score(spec: &PairsSpec, summary: &PairsSummary) -> PairsScore {
    let setup = [i64::from(summary.setup_calypsos.min(MAX_SETUP_CALYPSOS)) * CALYPSO_POINTS; SIDES];
    let mut running = setup;
    let mut calypsos_before = [SuitCounts::default(); SIDES];
    let mut counts_before = summary.start();
    let mut out = Vec::new();
    let played = summary.hands.len().min(spec.hands);
    for (i, r) in summary.hands.iter().take(played).enumerate() {
        let n = i + 1;
        let dealer = spec.dealer_of(summary.first_dealer, n);
        let lines = r.sides.to_array();
        let piles = lines.map(|l| l.trick_pile.min(DEAL as u32));
        let completed: [SuitCounts; SIDES] =
            std::array::from_fn(|s| gained(lines[s].calypsos, calypsos_before[s]));
        let outcome = reported_outcome(dealer, r);
        let (mut sides, made) = match outcome {
            Some(o) => {
                let start = match o {
                    AuctionEnd::Contract(c) => counts_before[side_of(c.declarer)],
                    AuctionEnd::Misere => SuitCounts::default(),
                };
                hand_points(o, piles, completed, r.sold.min(DEAL as u32), &start)
            }
            None => ([SidePoints::default(); SIDES], None),
        };
        if n == spec.hands {
            for (p, l) in sides.iter_mut().zip(&lines) {
                p.in_progress = i64::from(l.in_progress.total()) * IN_PROGRESS_POINTS;
                p.total += p.in_progress;
            }
        }
        for (r, p) in running.iter_mut().zip(&sides) {
            *r += p.total;
        }
        out.push(PairsHandScore {
            hand: n,
            dealer,
            outcome,
            made,
            sides: BySide::from_array(sides),
            running: BySide::from_array(running),
        });
        for (b, l) in calypsos_before.iter_mut().zip(&lines) {
            *b = SuitCounts(std::array::from_fn(|i| b.0[i].max(l.calypsos.0[i])));
        }
        counts_before = lines.map(|l| l.in_progress);
    }
    PairsScore {
        setup: BySide::from_array(setup),
        hands: out,
        totals: BySide::from_array(running),
        complete: played == spec.hands,
    }
}

/// The outcome of a hand's auction, or the problems that keep it from being known (the
/// three-hander's checks, at a table of four).
fn check_outcome(
    dealer: Seat,
    n: usize,
    r: &PairsHandReport,
    out: &mut Vec<Problem>,
) -> Option<AuctionEnd> {
    checked_outcome(PLAYERS, dealer, n, &r.calls, r.contract, out)
}

/// Every problem found; empty when the reports are possible under the rules (our rules for
/// four: docs/variants.md, "Partnership Auction Calypso").
pub fn check(spec: &PairsSpec, summary: &PairsSummary) -> Vec<Problem> {
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
    check_setup(spec, summary, &mut out);
    let mut calypsos_before = [SuitCounts::default(); SIDES];
    let mut counts_before = summary.start();
    for (i, r) in summary.hands.iter().take(spec.hands).enumerate() {
        let n = i + 1;
        let side_problem = |code, side: usize, message: String| Problem {
            side: Some(side),
            ..Problem::in_hand(code, n, None, format!("{}: {message}", side_name(side)))
        };
        let dealer = spec.dealer_of(summary.first_dealer, n);
        let outcome = check_outcome(dealer, n, r, &mut out);
        let trumps = checked_trumps(outcome, r.opponents_trumps, n, &mut out, seat_trumps);
        let lines = r.sides.to_array();
        let contract = match outcome {
            Some(AuctionEnd::Contract(c)) => Some(c),
            _ => None,
        };
        // Sums in u64: every count here is from outside and may be as large as u32 holds.
        let sold_here = |side: usize, suit: Suit| match contract {
            Some(c) if side_of(c.declarer) == side && c.bid.suit == suit => u64::from(r.sold),
            _ => 0,
        };
        // Cards each partnership's calypsos took in the hand, when the trumps are known.
        let mut collected = [0u64; SIDES];
        let mut whole = trumps.is_some();
        for side in 0..SIDES {
            let l = &lines[side];
            let (before, ip_before) = (calypsos_before[side], counts_before[side]);
            for suit in Suit::ALL {
                let name = suit.name().to_lowercase();
                let ip = u64::from(l.in_progress.get(suit));
                if ip > u64::from(MAX_IN_PROGRESS) {
                    out.push(side_problem(
                        "in-progress-too-many",
                        side,
                        format!(
                            "the {name} calypso in progress has {ip} cards; the 13th completes it"
                        ),
                    ));
                    whole = false;
                }
                let (now, was) = (l.calypsos.get(suit), before.get(suit));
                if now < was {
                    out.push(side_problem(
                        "calypsos-fell",
                        side,
                        format!(
                            "{now} {name} calypsos completed, fewer than the {was} after the hand before"
                        ),
                    ));
                    whole = false;
                    continue;
                }
                let Some(t) = trumps else { continue };
                let own = Seat::ALL
                    .into_iter()
                    .any(|s| side_of(s) == side && t[s.index()] == Some(suit));
                let new = u64::from(now - was);
                let took = (ip + 13 * new + sold_here(side, suit))
                    .checked_sub(u64::from(ip_before.get(suit)));
                if !own {
                    if new > 0 || ip != u64::from(ip_before.get(suit)) {
                        out.push(side_problem(
                            "not-their-trumps",
                            side,
                            format!(
                                "the {name} calypso changed, but {name} are not the partnership's trumps this hand"
                            ),
                        ));
                        whole = false;
                    }
                    continue;
                }
                match took {
                    Some(k) => collected[side] += k,
                    None => {
                        out.push(side_problem(
                            "in-progress-fell",
                            side,
                            format!(
                                "the {name} calypso in progress went from {} to {ip} cards with no calypso completed or card sold to account for it",
                                ip_before.get(suit)
                            ),
                        ));
                        whole = false;
                    }
                }
            }
        }
        let piles: u64 = lines.iter().map(|l| u64::from(l.trick_pile)).sum();
        if whole && piles + collected[0] + collected[1] != DEAL as u64 {
            out.push(Problem::in_hand(
                "cards-unaccounted",
                n,
                None,
                format!(
                    "the trick piles ({piles} cards) and the cards the calypsos took ({}) make {}, and a hand deals {DEAL}",
                    collected[0] + collected[1],
                    piles + collected[0] + collected[1]
                ),
            ));
        }
        match contract {
            None if r.sold > 0 => out.push(Problem::in_hand(
                "sale-in-misere",
                n,
                None,
                "cards are sold in a misère hand, which has no declarer".into(),
            )),
            Some(c) => check_sale(n, &c, r, &lines, &calypsos_before, &counts_before, &mut out),
            None => {}
        }
        calypsos_before = lines.map(|l| l.calypsos);
        counts_before = lines.map(|l| l.in_progress);
    }
    out
}

/// The setup's bounds (12 cards a suit, at most two partnerships' four calypsos complete),
/// and the setup agreed, by the three-hander's checks ([`check_counts_for`]).
///
/// [`check_counts_for`]: crate::engine::auction::setup::check_counts_for
fn check_setup(spec: &PairsSpec, summary: &PairsSummary, out: &mut Vec<Problem>) {
    for (side, start) in summary.start().iter().enumerate() {
        for suit in Suit::ALL {
            if start.get(suit) > MAX_IN_PROGRESS {
                out.push(Problem {
                    side: Some(side),
                    ..Problem::general(
                        "in-progress-too-many",
                        format!(
                            "setup: {}'s {} calypso in progress has {} cards; the 13th completes it",
                            side_name(side),
                            suit.name().to_lowercase(),
                            start.get(suit)
                        ),
                    )
                });
            }
        }
    }
    if summary.setup_calypsos > MAX_SETUP_CALYPSOS {
        out.push(Problem::general(
            "setup-calypsos",
            format!(
                "setup: {} calypsos complete in the setup: two partnerships' setups hold at most {MAX_SETUP_CALYPSOS}",
                summary.setup_calypsos
            ),
        ));
    } else if let Some(kind) = spec.setup {
        let lines = summary
            .setup
            .map(|b| b.to_array().map(Some))
            .unwrap_or([None; SIDES]);
        out.extend(crate::engine::auction::setup::check_counts_for(
            &SIDE_HOLDERS,
            kind,
            &lines,
            summary.setup_calypsos,
        ));
    }
}

/// A sale is none, or the fewest cards that bring the declaring partnership's trick pile up
/// to the points bid, and only once the calypsos bid are completed; `needed`, if noted,
/// agrees with the calypso in progress at the start of the hand.
fn check_sale(
    n: usize,
    c: &Contract,
    r: &PairsHandReport,
    lines: &[SideLine; SIDES],
    calypsos_before: &[SuitCounts; SIDES],
    counts_before: &[SuitCounts; SIDES],
    out: &mut Vec<Problem>,
) {
    let side = side_of(c.declarer);
    let bid: &Bid = &c.bid;
    if let Some(needed) = r.needed {
        let expected = 13 - counts_before[side].get(bid.suit).min(MAX_IN_PROGRESS);
        if bid.calypsos > 0 && needed != expected {
            out.push(Problem::in_hand(
                "needed-mismatch",
                n,
                None,
                format!(
                    "the {} calypso needed {expected} cards at the start of the hand, not {needed}",
                    bid.suit.name().to_lowercase()
                ),
            ));
        }
    }
    if r.sold == 0 {
        return;
    }
    let done = lines[side]
        .calypsos
        .get(bid.suit)
        .saturating_sub(calypsos_before[side].get(bid.suit));
    let fewest = fewest_sale(bid.points, lines[side].trick_pile.min(DEAL as u32));
    let message = if done < bid.calypsos {
        Some(format!(
            "{} sold {} cards, but a sale comes only after the calypsos bid are completed",
            seat_name(c.declarer),
            r.sold
        ))
    } else if r.sold != fewest {
        Some(format!(
            "{} sold {} cards: a sale is none or the fewest needed, here {fewest}",
            seat_name(c.declarer),
            r.sold
        ))
    } else {
        None
    };
    if let Some(m) = message {
        out.push(Problem::in_hand("sale-illegal", n, Some(c.declarer), m));
    }
}

/// A seat as its letter, `"N"`.
pub mod seat {
    use crate::engine::cards::Seat;
    use serde::de::{Deserializer, Error as _};
    use serde::{Deserialize, Serializer};

    pub fn serialize<S: Serializer>(seat: &Seat, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(seat)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        String::deserialize(d)?
            .parse::<Seat>()
            .map_err(D::Error::custom)
    }
}

/// An auction's result with the declarer as a seat: `"misere"` or `{"declarer": "N",
/// "calypsos": 1, "points": 20, "suit": "S", "doubling": "doubled"}`.
pub mod opt_end {
    use crate::engine::auction::bidding::{Bid, Contract, Doubling};
    use crate::engine::auction::summary::AuctionEnd;
    use crate::engine::cards::Seat;
    use serde::de::{Deserializer, Error as _};
    use serde::{Deserialize, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct ContractWire {
        #[serde(with = "crate::engine::auction::pairs::summary::seat")]
        declarer: Seat,
        #[serde(default)]
        calypsos: u8,
        #[serde(default)]
        points: u32,
        #[serde(with = "crate::engine::auction::wire::suit")]
        suit: crate::engine::cards::Suit,
        #[serde(default)]
        doubling: Doubling,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(untagged)]
    enum Wire {
        Word(String),
        Contract(ContractWire),
    }

    pub fn serialize<S: Serializer>(o: &Option<AuctionEnd>, s: S) -> Result<S::Ok, S::Error> {
        match o {
            None => s.serialize_none(),
            Some(AuctionEnd::Misere) => s.serialize_str("misere"),
            Some(AuctionEnd::Contract(c)) => ContractWire {
                declarer: c.declarer,
                calypsos: c.bid.calypsos,
                points: c.bid.points,
                suit: c.bid.suit,
                doubling: c.doubling,
            }
            .serialize(s),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<AuctionEnd>, D::Error> {
        match Option::<Wire>::deserialize(d)? {
            None => Ok(None),
            Some(Wire::Word(w)) if w.trim().eq_ignore_ascii_case("misere") => {
                Ok(Some(AuctionEnd::Misere))
            }
            Some(Wire::Word(w)) => Err(D::Error::custom(format!(
                "\"{w}\" is not a contract: use \"misere\" or {{\"declarer\": \"N\", \"calypsos\", \"points\", \"suit\", \"doubling\"}}"
            ))),
            Some(Wire::Contract(c)) => Ok(Some(AuctionEnd::Contract(Contract {
                declarer: c.declarer,
                bid: Bid::new(c.calypsos, c.points, c.suit),
                doubling: c.doubling,
            }))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::auction::SetupKind;
    use crate::engine::auction::bidding::Doubling;
    use crate::engine::auction::pairs::random::random_game;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn contract(declarer: Seat, calypsos: u8, points: u32, suit: Suit) -> AuctionEnd {
        AuctionEnd::Contract(Contract {
            declarer,
            bid: Bid::new(calypsos, points, suit),
            doubling: Doubling::Undoubled,
        })
    }

    fn suits(s: u8, h: u8, d: u8, c: u8) -> SuitCounts {
        SuitCounts([c, d, h, s])
    }

    /// "Defenders count their trickpiles together, at the usual rate of 10 points per card,
    /// and each score half the total": at four the defenders are one partnership, with
    /// one trick pile, and score it whole.
    #[test]
    fn defenders_count_their_trickpiles_together_at_ten_a_card() {
        // East declares 200 hearts; E-W's pile of 24 makes 240; N-S's 20 score 200.
        let o = contract(Seat::East, 0, 200, Suit::Hearts);
        let none = SuitCounts::default();
        let (p, made) = hand_points(o, [20, 24], [none, none], 0, &none);
        assert_eq!(made, Some(true));
        assert_eq!(p[0].cards, 200, "the defenders' whole pile, not half");
        assert_eq!(p[0].total, 200);
        assert_eq!((p[1].cards, p[1].contract, p[1].total), (240, 200, 440));
        // 19 cards (190) do not make 200: minus the points bid, nothing for the pile.
        let (p, made) = hand_points(o, [25, 19], [none, none], 0, &none);
        assert_eq!(made, Some(false));
        assert_eq!((p[1].cards, p[1].total), (0, -200));
    }

    /// "partners score for Calypsoes separately": a declaring partnership that fails its
    /// calypso bid loses 500 for it and the bonus, but still scores a calypso completed in
    /// the partner's suit.
    #[test]
    fn partners_score_for_calypsoes_separately_when_the_contract_fails() {
        // North bids 1 calypso and 0 spades; the calypso needed 5 cards (8 in progress).
        let o = contract(Seat::North, 1, 0, Suit::Spades);
        let start = suits(8, 0, 0, 0);
        let ns_completed = suits(0, 1, 0, 0); // South completed hearts, not North's spades
        let (p, made) = hand_points(
            o,
            [30, 10],
            [ns_completed, SuitCounts::default()],
            0,
            &start,
        );
        assert_eq!(made, Some(false));
        // Bonus 40 + 10·5² = 290; −500 for the calypso bid; +500 for South's hearts.
        assert_eq!(p[0].calypso_bonus, -290);
        assert_eq!(p[0].calypsos, 0);
        assert_eq!(p[0].total, -290);
        assert_eq!(p[1].cards, 100);
        // Made: the spades completed, the hearts too: 2 × 500, the bonus, 30 × 10.
        let both = suits(1, 1, 0, 0);
        let (p, made) = hand_points(o, [30, 10], [both, SuitCounts::default()], 0, &start);
        assert_eq!(made, Some(true));
        assert_eq!(p[0].total, 300 + 290 + 1000);
    }

    /// "If all three players pass with noöne making a positive bid, the hand is played as
    /// misere": at four, the lower partnership scores nil and the higher minus its own and
    /// the lower's; level partnerships both nil.
    #[test]
    fn if_all_pass_the_hand_is_played_as_misere_between_partnerships() {
        let none = SuitCounts::default();
        let (p, made) = hand_points(AuctionEnd::Misere, [30, 22], [none, none], 0, &none);
        assert_eq!(made, None);
        assert_eq!([p[0].total, p[1].total], [-520, 0]);
        let (p, _) = hand_points(AuctionEnd::Misere, [26, 26], [none, none], 0, &none);
        assert_eq!([p[0].total, p[1].total], [0, 0]);
    }

    #[test]
    fn random_games_report_clean_and_score_as_played() {
        let spec = PairsSpec::new(8).unwrap();
        for seed in 0..10 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let (_, outcome) = random_game(&spec, &mut rng);
            assert!(outcome.complete);
            let problems = check(&spec, &outcome.summary);
            assert!(problems.is_empty(), "seed {seed}: {problems:?}");
            assert_eq!(score(&spec, &outcome.summary), outcome.score);
        }
    }

    #[test]
    fn a_report_whose_cards_do_not_add_up_is_flagged() {
        let spec = PairsSpec::new(4).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (_, outcome) = random_game(&spec, &mut rng);
        let mut s = outcome.summary.clone();
        s.hands[0].sides.ns.trick_pile += 1;
        let codes: Vec<&str> = check(&spec, &s).iter().map(|p| p.code).collect();
        assert!(codes.contains(&"cards-unaccounted"), "{codes:?}");
        let mut s = outcome.summary;
        s.hands[0].calls = Some(vec![Call::Pass; 3]);
        let p = check(&spec, &s);
        assert_eq!(p[0].code, "auction-unfinished");
        assert_eq!(
            p[0].message,
            format!(
                "hand 1: the auction is not over after 3 calls: {} is still to call",
                seat_name(s.first_dealer)
            )
        );
    }

    fn shuffled(seed: u64) -> Vec<crate::engine::cards::Card> {
        let spec = PairsSpec::new(4).unwrap();
        let mut deck = spec.deck().cards();
        crate::engine::random::shuffle(&mut deck, &mut ChaCha8Rng::seed_from_u64(seed));
        deck
    }

    fn codes(spec: &PairsSpec, s: &PairsSummary) -> Vec<&'static str> {
        check(spec, s).into_iter().map(|p| p.code).collect()
    }

    /// A summary of one misère hand whose partnerships start from `setup` and keep it.
    fn misere_from(setup: Option<BySide<SuitCounts>>, calypsos: u32) -> PairsSummary {
        let start = setup.map(BySide::to_array).unwrap_or_default();
        let line = |s: usize, pile| SideLine {
            trick_pile: pile,
            calypsos: SuitCounts::default(),
            in_progress: start[s],
        };
        PairsSummary {
            first_dealer: Seat::North,
            setup,
            setup_calypsos: calypsos,
            hands: vec![PairsHandReport {
                calls: Some(vec![Call::Pass; 4]),
                sides: BySide::from_array([line(0, 30), line(1, 22)]),
                ..PairsHandReport::default()
            }],
        }
    }

    /// Our balanced random setup for four: 30 cards face up, duplicates aside, and both
    /// partnerships start with the identical set.
    #[test]
    fn a_balanced_setup_gives_both_partnerships_the_same_cards() {
        use crate::engine::auction::pairs::{PairsGame, PairsSetup, SIDE_HOLDERS};
        use crate::engine::auction::setup::check_cards_for;
        let spec = PairsSpec::new(4).unwrap().with_setup(SetupKind::Balanced);
        for seed in 0..30 {
            let setup = PairsSetup::balanced_random(&shuffled(seed));
            assert_eq!(setup.in_progress[0], setup.in_progress[1]);
            assert!(setup.in_progress[0].len() <= 30);
            assert!(check_cards_for(&SIDE_HOLDERS, SetupKind::Balanced, &setup).is_ok());
            let game = PairsGame::with_setup(&spec, Seat::East, &setup).unwrap();
            let n = setup.in_progress[0].len();
            assert_eq!(game.green_room().len(), 208 - 2 * n, "seed {seed}");
            let summary = game.summary();
            let start = summary.start();
            assert_eq!(start[0], start[1]);
            assert_eq!(start[0].total() as usize, n);
        }
        // Counts that differ between the partnerships are flagged at the side that differs.
        let same = SuitCounts([6, 5, 7, 6]);
        let other = SuitCounts([6, 5, 6, 7]);
        let s = misere_from(
            Some(BySide {
                ns: same,
                ew: other,
            }),
            0,
        );
        let p = check(&spec, &s);
        assert_eq!(p.len(), 1, "{p:?}");
        assert_eq!(p[0].code, "setup-not-balanced");
        assert_eq!(p[0].side, Some(1));
        assert_eq!(
            p[0].message,
            "setup: in the balanced random setup both partnerships start with the same cards, but East-West starts with 7♠ 6♥ 5♦ 6♣ and North-South with 6♠ 7♥ 5♦ 6♣"
        );
        let s = misere_from(Some(BySide { ns: same, ew: same }), 0);
        assert!(codes(&spec, &s).is_empty());
        // The same counts, other cards: the record's cards tell.
        let mut setup = PairsSetup::balanced_random(&shuffled(3));
        let moved = setup.in_progress[1].pop().unwrap();
        let swap = crate::engine::cards::Card::all()
            .find(|c| c.suit() == moved.suit() && *c != moved && !setup.in_progress[1].contains(c))
            .unwrap();
        setup.in_progress[1].push(swap);
        assert_eq!(
            check_cards_for(&SIDE_HOLDERS, SetupKind::Balanced, &setup).unwrap_err(),
            "setup: in the balanced random setup both partnerships start with the same cards, but East-West's differ from North-South's"
        );
    }

    /// Our fully random setup for four: each partnership is dealt 30 and keeps the distinct
    /// ones; two deals of 30 bound the cards and the calypsos found complete.
    #[test]
    fn a_fully_random_setup_deals_each_partnership_thirty_and_keeps_the_distinct_cards() {
        use crate::engine::auction::pairs::PairsSetup;
        let spec = PairsSpec::new(4)
            .unwrap()
            .with_setup(SetupKind::FullyRandom);
        let mut differ = 0;
        for seed in 0..30 {
            let setup = PairsSetup::fully_random(&shuffled(seed));
            for cards in &setup.in_progress {
                let mut distinct = cards.clone();
                distinct.dedup();
                assert_eq!(&distinct, cards, "sorted, one of each");
                assert!(cards.len() <= 30);
            }
            differ += usize::from(setup.in_progress[0] != setup.in_progress[1]);
        }
        assert!(differ > 25, "each partnership is dealt its own 30");
        let a = SuitCounts([6, 5, 7, 6]);
        let b = SuitCounts([9, 3, 7, 2]);
        assert!(codes(&spec, &misere_from(Some(BySide { ns: a, ew: b }), 0)).is_empty());
        let over = SuitCounts([8, 8, 8, 7]);
        let p = check(&spec, &misere_from(Some(BySide { ns: a, ew: over }), 0));
        assert_eq!(p[0].code, "setup-too-many");
        assert_eq!(
            p[0].message,
            "setup: East-West starts with 31 cards: each partnership is dealt 30"
        );
        // Two deals of 30, two calypsos complete: 60 − 26 = 34 at most between them.
        let eighteen = SuitCounts([6, 6, 6, 0]);
        let s = misere_from(
            Some(BySide {
                ns: eighteen,
                ew: eighteen,
            }),
            2,
        );
        let p = check(&spec, &s);
        assert_eq!(p.len(), 1, "{p:?}");
        assert_eq!(
            p[0].message,
            "setup: the partnerships start with 36 cards between them: two deals of 30 less 2 complete calypsos of 13 leave at most 34"
        );
        // Two complete calypsos a partnership at the most: four.
        let two = SuitCounts([0, 2, 0, 0]);
        assert!(codes(&spec, &misere_from(Some(BySide { ns: two, ew: two }), 4)).is_empty());
        assert_eq!(
            codes(&spec, &misere_from(Some(BySide { ns: two, ew: two }), 5)),
            ["setup-calypsos", "setup-too-many"]
        );
    }

    /// Our standardised setup for four: each partnership starts with the three-hander's 24
    /// cards (2, 4, 6, 8, 10 and Q of every suit).
    #[test]
    fn a_standardised_setup_starts_each_partnership_with_the_same_24_cards() {
        use crate::engine::auction::pairs::{PairsGame, PairsSetup, SIDE_HOLDERS};
        use crate::engine::auction::setup::{STANDARDISED, check_cards_for};
        let spec = PairsSpec::new(4)
            .unwrap()
            .with_setup(SetupKind::Standardised);
        let setup = PairsSetup::standardised();
        assert_eq!(
            setup.in_progress,
            [STANDARDISED.to_vec(), STANDARDISED.to_vec()]
        );
        let game = PairsGame::with_setup(&spec, Seat::North, &setup).unwrap();
        assert_eq!(game.in_progress(0), SuitCounts([6; 4]));
        assert_eq!(game.in_progress(1), SuitCounts([6; 4]));
        assert_eq!(game.green_room().len(), 208 - 48);
        let six = SuitCounts([6; 4]);
        assert!(codes(&spec, &misere_from(Some(BySide { ns: six, ew: six }), 0)).is_empty());
        let five = SuitCounts([6, 6, 6, 5]);
        let p = check(&spec, &misere_from(Some(BySide { ns: five, ew: six }), 0));
        assert_eq!(p[0].code, "setup-not-standard");
        assert_eq!(p[0].side, Some(0));
        assert_eq!(
            p[0].message,
            "setup: in the standardised setup every partnership starts with six cards a suit, but North-South starts with 5♠ 6♥ 6♦ 6♣"
        );
        let mut odd = setup.clone();
        odd.in_progress[0][0] = "3C".parse().unwrap();
        assert_eq!(
            check_cards_for(&SIDE_HOLDERS, SetupKind::Standardised, &odd).unwrap_err(),
            "setup: in the standardised setup every partnership starts with 2, 4, 6, 8, 10 and Q of every suit, but North-South's cards differ: 3C is not one of them"
        );
    }

    /// A calypso complete in a setup is shuffled back, and each partnership scores 500 for it.
    #[test]
    fn a_calypso_complete_in_the_setup_scores_500_to_each_partnership() {
        let spec = PairsSpec::new(4).unwrap().with_setup(SetupKind::Balanced);
        let four = SuitCounts([0, 4, 0, 0]);
        let s = misere_from(Some(BySide { ns: four, ew: four }), 1);
        assert!(codes(&spec, &s).is_empty());
        let score = score(&spec, &s);
        assert_eq!(score.setup, BySide { ns: 500, ew: 500 });
        // Hand 1's misère: North-South −520, East-West nil, on top of the setup's 500 each.
        assert_eq!(score.hands[0].running, BySide { ns: -20, ew: 500 });
        assert_eq!(score.totals, BySide { ns: -20, ew: 500 });
        // More than two partnerships' four calypsos: refused whatever was agreed.
        let unbounded = PairsSpec::new(4).unwrap();
        assert_eq!(codes(&unbounded, &misere_from(None, 9)), ["setup-calypsos"]);
        // A partnership's setup of all 13 of a suit is complete, not in progress.
        use crate::engine::auction::pairs::{PairsGame, PairsSetup};
        let spades: Vec<_> = crate::engine::cards::Card::all()
            .filter(|c| c.suit() == Suit::Spades)
            .collect();
        let full = PairsSetup {
            in_progress: [spades.clone(), Vec::new()],
            calypsos: 0,
        };
        let e = PairsGame::with_setup(&unbounded, Seat::North, &full).unwrap_err();
        assert_eq!(
            e.message,
            "North-South's setup holds all 13 spades: a complete calypso is shuffled back"
        );
        let twice = PairsSetup {
            in_progress: [Vec::new(), vec![spades[0], spades[0]]],
            calypsos: 0,
        };
        let e = PairsGame::with_setup(&unbounded, Seat::North, &twice).unwrap_err();
        assert!(
            e.message.contains("East-West's setup holds 2S twice"),
            "{e}"
        );
    }

    /// Hand 1's calypsos in progress start from the setup: a calypso bid's bonus and the
    /// cards it needed count from them, and the in-progress checks start there.
    #[test]
    fn hand_one_counts_the_calypsos_in_progress_from_the_setup() {
        let spec = PairsSpec::new(4)
            .unwrap()
            .with_setup(SetupKind::Standardised);
        let six = SuitCounts([6; 4]);
        let mut s = misere_from(Some(BySide { ns: six, ew: six }), 0);
        // Misère keeps every calypso: the setup's six a suit stay; dropping them is flagged.
        assert!(codes(&spec, &s).is_empty());
        s.hands[0].sides.ew.in_progress = SuitCounts::default();
        assert!(
            codes(&spec, &s).contains(&"not-their-trumps"),
            "{:?}",
            check(&spec, &s)
        );
        // North bids one calypso in spades: it needed 13 − 6 = 7 at the start.
        let o = contract(Seat::North, 1, 0, Suit::Spades);
        let mut r = PairsHandReport {
            contract: Some(o),
            needed: Some(7),
            opponents_trumps: Some([Suit::Hearts, Suit::Diamonds]),
            sides: BySide {
                ns: SideLine {
                    trick_pile: 20,
                    calypsos: SuitCounts::default(),
                    in_progress: six,
                },
                ew: SideLine {
                    trick_pile: 32,
                    calypsos: SuitCounts::default(),
                    in_progress: six,
                },
            },
            ..PairsHandReport::default()
        };
        s.hands[0] = r.clone();
        assert!(codes(&spec, &s).is_empty(), "{:?}", check(&spec, &s));
        // Failed: the bonus counted from 7 needed, 40 + 490 = 530, and 500 for the bid.
        let sc = score(&spec, &s);
        assert_eq!(sc.hands[0].sides.ns.calypso_bonus, -530);
        assert_eq!(sc.hands[0].sides.ns.total, -1030);
        r.needed = Some(13);
        s.hands[0] = r;
        assert_eq!(codes(&spec, &s), ["needed-mismatch"]);
    }

    #[test]
    fn a_summary_without_a_setup_reads_and_writes_as_before() {
        let old = r#"{"first_dealer":"N","reports":[{"calls":["pass","pass","pass","pass"],"sides":{"NS":{"trick_pile":30,"calypsos":{"S":0,"H":0,"D":0,"C":0},"in_progress":{"S":0,"H":0,"D":0,"C":0}},"EW":{"trick_pile":22,"calypsos":{"S":0,"H":0,"D":0,"C":0},"in_progress":{"S":0,"H":0,"D":0,"C":0}}},"sold":0}]}"#;
        let s: PairsSummary = serde_json::from_str(old).unwrap();
        assert_eq!((s.setup, s.setup_calypsos), (None, 0));
        assert_eq!(serde_json::to_string(&s).unwrap(), old);
        let new = r#"{"first_dealer":"N","setup":{"NS":{"S":6,"H":6,"D":6,"C":6},"EW":{"S":6,"H":6,"D":6,"C":6}},"setup_calypsos":1,"reports":[]}"#;
        let s: PairsSummary = serde_json::from_str(new).unwrap();
        assert_eq!(s.start(), [SuitCounts([6; 4]); 2]);
        assert_eq!(serde_json::to_string(&s).unwrap(), new);
    }

    #[test]
    fn the_setup_agreed_and_the_setup_given_must_agree() {
        for kind in [
            SetupKind::Balanced,
            SetupKind::FullyRandom,
            SetupKind::Standardised,
        ] {
            let spec = PairsSpec::new(4).unwrap().with_setup(kind);
            let p = check(&spec, &misere_from(None, 0));
            assert_eq!(p.len(), 1, "{p:?}");
            assert_eq!(p[0].code, "setup-missing");
            assert!(
                p[0].message
                    .ends_with("give the cards each partnership starts with"),
                "{}",
                p[0].message
            );
        }
        let none = PairsSpec::new(4).unwrap().with_setup(SetupKind::None);
        assert!(codes(&none, &misere_from(None, 0)).is_empty());
        let one = SuitCounts([1, 0, 0, 0]);
        let given = misere_from(
            Some(BySide {
                ns: one,
                ew: SuitCounts::default(),
            }),
            0,
        );
        assert_eq!(codes(&none, &given), ["setup-not-agreed"]);
        assert_eq!(codes(&none, &misere_from(None, 1)), ["setup-not-agreed"]);
        // Not stated: any setup within the bounds.
        assert!(codes(&PairsSpec::new(4).unwrap(), &given).is_empty());
    }
}
