//! A statistical audit of a set: where the cards land (seat by deal), suit lengths against
//! the hypergeometric expectation, and a chi-square test of card locations, in the spirit of
//! the published audits of the deals of big bridge events.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::algorithm::{Board, DealError, SetKey, board};
use crate::engine::{Card, Deal, GameSpec, Seat, Suit};

/// Domain tag of the seed of the simulated sets behind the suit-length p-value.
const SIMULATION_TAG: &[u8] = b"calypso-director/audit/suit-lengths";

/// One place a card can land: a seat in a deal.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Location {
    #[serde(serialize_with = "seat_letter")]
    pub seat: Seat,
    /// 1-based.
    pub deal: usize,
    /// Cards this hand receives.
    pub cards: usize,
}

fn seat_letter<S: serde::Serializer>(seat: &Seat, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_char(seat.letter())
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChiSquare {
    pub statistic: f64,
    pub df: u64,
    pub p_value: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Audit {
    pub boards: u64,
    pub locations: Vec<Location>,
    /// Per location, per suit (C, D, H, S): cards observed and expected.
    pub suit_observed: Vec<[u64; 4]>,
    pub suit_expected: Vec<[f64; 4]>,
    /// Per location, per rank (2..A).
    pub rank_observed: Vec<[u64; 13]>,
    pub rank_expected: Vec<[f64; 13]>,
    /// Distinct cards in the deck (the rows of the location test).
    pub distinct_cards: usize,
    /// Contingency test of the distinct cards against the locations.
    pub location_test: ChiSquare,
    /// The cell furthest from expectation: card, location index, standardized residual.
    pub largest_residual: (String, usize, f64),
    /// Suit lengths over every hand and suit: index is the length.
    pub length_observed: Vec<u64>,
    pub length_expected: Vec<f64>,
    /// Pearson's statistic of the suit lengths with sparse tails pooled. The hands of one
    /// deal share its cards, so the statistic does not follow the chi-square table: its
    /// p-value comes from `length_simulations` sets of as many boards dealt from uniform
    /// shuffles by an independent generator.
    pub length_test: ChiSquare,
    pub length_simulations: u64,
}

/// Counts of cards by card and location, filled board by board so sets of any size fit.
struct Tally {
    locations: Vec<Location>,
    cells: Vec<[u64; 52]>,
    lengths: Vec<u64>,
    boards: u64,
}

impl Tally {
    fn new(spec: &GameSpec) -> Tally {
        let mut locations = Vec::new();
        for (d, &cards) in spec.schedule.iter().enumerate() {
            for &seat in spec.seats() {
                locations.push(Location {
                    seat,
                    deal: d + 1,
                    cards,
                });
            }
        }
        let longest = spec.schedule.iter().copied().max().unwrap_or(0);
        Tally {
            cells: vec![[0; 52]; locations.len()],
            locations,
            lengths: vec![0; longest + 1],
            boards: 0,
        }
    }

    fn add(&mut self, board: &Board, spec: &GameSpec) {
        self.boards += 1;
        for (l, loc) in self.locations.iter().enumerate() {
            let hand = board.deals[loc.deal - 1].hand(loc.seat);
            for card in Card::all() {
                self.cells[l][card.index()] += u64::from(hand.count(card));
            }
        }
        count_lengths(&mut self.lengths, &board.deals, spec);
    }
}

/// Adds the length of every suit of the deck in every hand of `deals`.
fn count_lengths(lengths: &mut [u64], deals: &[Deal], spec: &GameSpec) {
    for deal in deals {
        for &seat in spec.seats() {
            let hand = deal.hand(seat);
            for suit in Suit::ALL.into_iter().filter(|s| spec.deck.has_suit(*s)) {
                if let Some(n) = lengths.get_mut(usize::from(hand.suit_len(suit))) {
                    *n += 1;
                }
            }
        }
    }
}

/// Audits boards `numbers` of the set (reserve boards if `reserve`), one board at a time.
pub fn audit_set(
    key: &SetKey,
    numbers: &[u32],
    reserve: bool,
    spec: &GameSpec,
    first_dealer: Option<Seat>,
) -> Result<Audit, DealError> {
    let mut tally = Tally::new(spec);
    for &n in numbers {
        tally.add(&board(key, n, reserve, spec, first_dealer)?, spec);
    }
    let mut seed = Sha256::new();
    seed.update(SIMULATION_TAG);
    seed.update(key.as_bytes());
    seed.update((numbers.len() as u64).to_be_bytes());
    Ok(finish(tally, spec, seed.finalize().into()))
}

/// Simulated sets for the suit-length p-value: 199 (so p-values run in steps of 1/200),
/// fewer for very large sets to keep the simulation near two million boards, never below 19.
fn simulations(boards: u64) -> u64 {
    (2_000_000 / boards.max(1)).clamp(19, 199)
}

/// The share of simulated sets whose suit-length statistic is at least `statistic`, counting
/// the audited set itself: (1 + as large) / (1 + simulated). Each simulated set has `boards`
/// boards dealt from uniform shuffles by rand's `shuffle` on ChaCha8, a generator that shares
/// nothing with the deal algorithm; `seed` comes from the audited set, so an audit repeats.
fn simulated_p_value(
    spec: &GameSpec,
    boards: u64,
    statistic: f64,
    expected: &[f64],
    seed: [u8; 32],
) -> (f64, u64) {
    if boards == 0 {
        return (1.0, 0);
    }
    let sims = simulations(boards);
    let mut rng = ChaCha8Rng::from_seed(seed);
    let mut deck = spec.canonical_deck();
    let mut as_large = 0u64;
    for _ in 0..sims {
        let mut lengths = vec![0u64; expected.len()];
        for _ in 0..boards {
            deck.shuffle(&mut rng);
            count_lengths(&mut lengths, &spec.deal_stack(&deck, Seat::North), spec);
        }
        if pooled_test(&lengths, expected).statistic >= statistic {
            as_large += 1;
        }
    }
    ((1 + as_large) as f64 / (1 + sims) as f64, sims)
}

fn finish(t: Tally, spec: &GameSpec, simulation_seed: [u8; 32]) -> Audit {
    let deck = spec.deck.len() as f64;
    let n = t.boards as f64;
    let mut suit_observed = Vec::new();
    let mut suit_expected = Vec::new();
    let mut rank_observed = Vec::new();
    let mut rank_expected = Vec::new();
    for (l, loc) in t.locations.iter().enumerate() {
        let mut so = [0u64; 4];
        let mut se = [0f64; 4];
        let mut ro = [0u64; 13];
        let mut re = [0f64; 13];
        for card in Card::all() {
            let share = n * loc.cards as f64 * f64::from(spec.deck.count(card)) / deck;
            so[card.suit().index()] += t.cells[l][card.index()];
            se[card.suit().index()] += share;
            ro[card.rank().index()] += t.cells[l][card.index()];
            re[card.rank().index()] += share;
        }
        suit_observed.push(so);
        suit_expected.push(se);
        rank_observed.push(ro);
        rank_expected.push(re);
    }

    // Contingency table: rows the distinct cards in the deck, columns the locations.
    let rows: Vec<Card> = Card::all().filter(|c| spec.deck.count(*c) > 0).collect();
    let row_total = |c: Card| -> f64 { t.cells.iter().map(|col| col[c.index()] as f64).sum() };
    let col_total: Vec<f64> = t
        .cells
        .iter()
        .map(|col| col.iter().map(|&x| x as f64).sum())
        .collect();
    let grand: f64 = col_total.iter().sum();
    let mut statistic = 0.0;
    let mut largest = (String::new(), 0, 0.0f64);
    for &card in &rows {
        let r = row_total(card);
        for (l, &c) in col_total.iter().enumerate() {
            let e = r * c / grand;
            if e > 0.0 {
                let o = t.cells[l][card.index()] as f64;
                statistic += (o - e).powi(2) / e;
                let z = (o - e) / e.sqrt();
                if z.abs() > largest.2.abs() {
                    largest = (card.to_string(), l, z);
                }
            }
        }
    }
    let df = (rows.len().saturating_sub(1) * t.locations.len().saturating_sub(1)) as u64;
    let location_test = ChiSquare {
        statistic,
        df,
        p_value: chi_square_p_value(statistic, df as f64),
    };

    let length_expected = expected_lengths(spec, t.boards, t.lengths.len());
    let mut length_test = pooled_test(&t.lengths, &length_expected);
    let (p_value, length_simulations) = simulated_p_value(
        spec,
        t.boards,
        length_test.statistic,
        &length_expected,
        simulation_seed,
    );
    length_test.p_value = p_value;
    Audit {
        boards: t.boards,
        locations: t.locations,
        suit_observed,
        suit_expected,
        rank_observed,
        rank_expected,
        distinct_cards: rows.len(),
        location_test,
        largest_residual: largest,
        length_observed: t.lengths,
        length_expected,
        length_test,
        length_simulations,
    }
}

/// ln(k!) for k up to the deck size, summed exactly enough for hypergeometric terms.
fn ln_factorials(max: usize) -> Vec<f64> {
    let mut v = vec![0.0; max + 1];
    for k in 1..=max {
        v[k] = v[k - 1] + (k as f64).ln();
    }
    v
}

/// Expected number of suit holdings of each length over the audited boards: each hand of n
/// cards from a deck of D holding K of the suit is hypergeometric, P(k) = C(K,k)C(D-K,n-k)/C(D,n).
fn expected_lengths(spec: &GameSpec, boards: u64, bins: usize) -> Vec<f64> {
    let d = spec.deck.len();
    let lf = ln_factorials(d);
    let ln_c = |n: usize, k: usize| lf[n] - lf[k] - lf[n - k];
    let mut expected = vec![0.0; bins];
    for &hand in &spec.schedule {
        for suit in Suit::ALL {
            let k_suit = usize::from(spec.deck.suit_len(suit));
            if k_suit == 0 {
                continue;
            }
            for (k, e) in expected.iter_mut().enumerate() {
                if k > hand || k > k_suit || hand - k > d - k_suit {
                    continue;
                }
                let p = (ln_c(k_suit, k) + ln_c(d - k_suit, hand - k) - ln_c(d, hand)).exp();
                *e += p * (boards * spec.players as u64) as f64;
            }
        }
    }
    expected
}

/// Pearson chi-square over bins, pooling neighbouring bins until each expects at least 5.
fn pooled_test(observed: &[u64], expected: &[f64]) -> ChiSquare {
    let mut pooled: Vec<(f64, f64)> = Vec::new();
    let mut acc = (0.0, 0.0);
    for (&o, &e) in observed.iter().zip(expected) {
        acc = (acc.0 + o as f64, acc.1 + e);
        if acc.1 >= 5.0 {
            pooled.push(acc);
            acc = (0.0, 0.0);
        }
    }
    if acc.1 > 0.0 || acc.0 > 0.0 {
        match pooled.last_mut() {
            Some(last) => *last = (last.0 + acc.0, last.1 + acc.1),
            None => pooled.push(acc),
        }
    }
    let statistic: f64 = pooled
        .iter()
        .filter(|(_, e)| *e > 0.0)
        .map(|(o, e)| (o - e).powi(2) / e)
        .sum();
    let df = pooled.len().saturating_sub(1) as u64;
    ChiSquare {
        statistic,
        df,
        p_value: chi_square_p_value(statistic, df as f64),
    }
}

/// P(X >= x) for X chi-square with `df` degrees of freedom: Q(df/2, x/2).
pub fn chi_square_p_value(x: f64, df: f64) -> f64 {
    if df <= 0.0 {
        return 1.0;
    }
    gamma_q(df / 2.0, x / 2.0)
}

/// ln Γ(x) for x > 0 (Lanczos, g = 7, nine terms; about 15 significant digits).
fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection keeps the series in its accurate range.
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut a = G[0];
    let t = x + 7.5;
    for (i, g) in G.iter().enumerate().skip(1) {
        a += g / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

/// Regularized upper incomplete gamma Q(a, x): the series below a + 1, Lentz's continued
/// fraction above (Numerical Recipes, section 6.2).
fn gamma_q(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let front = (-x + a * x.ln() - ln_gamma(a)).exp();
    if x < a + 1.0 {
        let (mut term, mut sum, mut ap) = (1.0 / a, 1.0 / a, a);
        for _ in 0..100_000 {
            ap += 1.0;
            term *= x / ap;
            sum += term;
            if term.abs() < sum.abs() * 1e-16 {
                break;
            }
        }
        (1.0 - sum * front).clamp(0.0, 1.0)
    } else {
        const TINY: f64 = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / TINY;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..100_000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < TINY {
                d = TINY;
            }
            c = b + an / c;
            if c.abs() < TINY {
                c = TINY;
            }
            d = 1.0 / d;
            let delta = d * c;
            h *= delta;
            if (delta - 1.0).abs() < 1e-16 {
                break;
            }
        }
        (front * h).clamp(0.0, 1.0)
    }
}

/// The audit as a readable report.
pub fn audit_text(a: &Audit, spec: &GameSpec) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "Audit of {} boards, {} ({} cards, {} deals)\n\n",
        a.boards,
        spec.variant,
        spec.deck.len(),
        spec.deals()
    ));
    out.push_str("Card locations by suit: observed (expected)\n");
    out.push_str("  seat   deal ");
    for s in Suit::ALL.iter().rev() {
        out.push_str(&format!("  {:>15}", s.symbol()));
    }
    out.push('\n');
    for (l, loc) in a.locations.iter().enumerate() {
        out.push_str(&format!("  {:<6} {:>4} ", loc.seat.name(), loc.deal));
        for s in Suit::ALL.iter().rev() {
            let i = s.index();
            out.push_str(&format!(
                "  {:>6} ({:>7.1})",
                a.suit_observed[l][i], a.suit_expected[l][i]
            ));
        }
        out.push('\n');
    }
    out.push_str("\nCard locations by rank: observed (expected per cell shown once)\n");
    out.push_str("  seat   deal ");
    for r in (0..13).rev() {
        out.push_str(&format!(" {:>5}", "23456789TJQKA".as_bytes()[r] as char));
    }
    out.push('\n');
    for (l, loc) in a.locations.iter().enumerate() {
        out.push_str(&format!("  {:<6} {:>4} ", loc.seat.name(), loc.deal));
        for r in (0..13).rev() {
            out.push_str(&format!(" {:>5}", a.rank_observed[l][r]));
        }
        out.push_str(&format!("   (each {:.1})\n", a.rank_expected[l][12]));
    }
    let t = &a.location_test;
    let (card, l, z) = &a.largest_residual;
    let loc = a.locations.get(*l);
    out.push_str(&format!(
        "\nLocation test (each of the {} distinct cards against the {} seat-and-deal places):\n  \
         chi-square {:.2}, {} degrees of freedom, p-value {:.4}\n  \
         largest standardized residual {:+.2} ({} at {} deal {})\n",
        a.distinct_cards,
        a.locations.len(),
        t.statistic,
        t.df,
        t.p_value,
        z,
        card,
        loc.map_or("-", |l| l.seat.name()),
        loc.map_or(0, |l| l.deal),
    ));
    out.push_str("\nSuit lengths over all hands: observed (hypergeometric expectation)\n");
    for (k, (&o, &e)) in a.length_observed.iter().zip(&a.length_expected).enumerate() {
        if o > 0 || e >= 0.05 {
            out.push_str(&format!("  {k:>2} cards  {o:>7}  ({e:>10.1})\n"));
        }
    }
    let t = &a.length_test;
    out.push_str(&format!(
        "  Pearson statistic {:.2} over {} pooled bins, p-value {:.3} from {} simulated sets of \
         {} boards dealt from uniform shuffles by an independent generator (the hands of one \
         deal share its cards, so the chi-square table does not apply)\n",
        t.statistic,
        t.df + 1,
        t.p_value,
        a.length_simulations,
        a.boards
    ));
    out.push_str(
        "\nA p-value is the chance of a result at least this far from expectation if the deals \
         are fair; expect values below 0.05 in one audit out of twenty.\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn p_values_match_published_tables() {
        // Upper 5% points of the chi-square distribution.
        for (x, df) in [(3.841, 1.0), (5.991, 2.0), (18.307, 10.0), (124.342, 100.0)] {
            let p = chi_square_p_value(x, df);
            assert!(close(p, 0.05, 2e-4), "chi2 {x} df {df}: p {p}");
        }
        // Upper 1% points.
        for (x, df) in [(6.635, 1.0), (23.209, 10.0)] {
            let p = chi_square_p_value(x, df);
            assert!(close(p, 0.01, 1e-4), "chi2 {x} df {df}: p {p}");
        }
        // With 2 degrees of freedom Q is exactly exp(-x/2).
        for x in [0.1, 1.0, 4.0, 30.0] {
            assert!(close(
                chi_square_p_value(x, 2.0),
                (-x / 2.0f64).exp(),
                1e-12
            ));
        }
        assert_eq!(chi_square_p_value(0.0, 5.0), 1.0);
        // Large df (the location test's 765): the median is about df - 2/3.
        let p = chi_square_p_value(765.0 - 2.0 / 3.0, 765.0);
        assert!(close(p, 0.5, 2e-3), "{p}");
    }

    #[test]
    fn ln_gamma_matches_factorials() {
        assert!(close(ln_gamma(1.0), 0.0, 1e-12));
        assert!(close(ln_gamma(11.0), (3_628_800f64).ln(), 1e-10));
        assert!(close(
            ln_gamma(0.5),
            std::f64::consts::PI.sqrt().ln(),
            1e-12
        ));
    }

    #[test]
    fn hypergeometric_lengths_sum_to_the_hands() {
        let spec = GameSpec::default();
        let e = expected_lengths(&spec, 10, 14);
        // 10 boards x 4 deals x 4 seats x 4 suits.
        assert!(close(e.iter().sum::<f64>(), 640.0, 1e-6));
        // Mean suit length is 13/4.
        let mean: f64 = e.iter().enumerate().map(|(k, x)| k as f64 * x).sum::<f64>() / 640.0;
        assert!(close(mean, 3.25, 1e-9));
    }

    #[test]
    fn audit_counts_every_card_once_and_finds_no_bias() {
        let spec = GameSpec::default();
        let key = SetKey::from_bytes([7; 32]);
        let numbers: Vec<u32> = (1..=100).collect();
        let a = audit_set(&key, &numbers, false, &spec, None).unwrap();
        assert_eq!(a.boards, 100);
        assert_eq!(a.locations.len(), 16);
        for (o, e) in a.suit_observed.iter().zip(&a.suit_expected) {
            assert_eq!(o.iter().sum::<u64>(), 1300);
            assert!(close(e.iter().sum::<f64>(), 1300.0, 1e-6));
        }
        assert_eq!(a.length_observed.iter().sum::<u64>(), 6400);
        assert_eq!(a.location_test.df, 51 * 15);
        // A fixed key: this is a regression check that the test statistic is in a sane range
        // for fair deals, not a claim about every key.
        assert!(a.location_test.p_value > 0.001, "{:?}", a.location_test);
        let text = audit_text(&a, &spec);
        assert!(text.contains("765 degrees of freedom"), "{text}");
    }

    #[test]
    fn audit_detects_a_biased_deal() {
        // The canonical unshuffled deck dealt repeatedly: hands are far from random.
        let spec = GameSpec::default();
        let mut t = Tally::new(&spec);
        let stack = spec.canonical_deck();
        for _ in 0..50 {
            let b = Board {
                number: 1,
                reserve: false,
                first_dealer: Seat::North,
                deals: spec.deal_stack(&stack, Seat::North),
                stack: stack.clone(),
            };
            t.add(&b, &spec);
        }
        let a = finish(t, &spec, [0; 32]);
        assert!(a.location_test.p_value < 1e-10, "{:?}", a.location_test);
        // Every hand of the unshuffled deck is the same: no simulated set is as extreme.
        assert_eq!(a.length_simulations, 199);
        assert_eq!(a.length_test.p_value, 1.0 / 200.0, "{:?}", a.length_test);
    }

    #[test]
    fn three_player_audit_uses_its_own_deck() {
        let spec = GameSpec::new(Variant::Sheinwold3);
        let key = SetKey::from_bytes([3; 32]);
        let a = audit_set(&key, &[1, 2, 3], false, &spec, None).unwrap();
        assert_eq!(a.locations.len(), 15);
        assert_eq!(a.locations[12].cards, 17);
        assert_eq!(a.length_observed.len(), 18);
        assert_eq!(a.distinct_cards, 52);
        let cut = audit_set(
            &key,
            &[1, 2],
            false,
            &GameSpec::new(Variant::CutThroat3),
            None,
        )
        .unwrap();
        assert_eq!(cut.distinct_cards, 39);
        assert_eq!(cut.location_test.df, 38 * 8);
    }
}
