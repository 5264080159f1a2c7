//! Checks a table's reported summary (completed calypsos, the cards of each calypso in
//! progress, trick-pile counts) against what the rules allow, and scores it.

use super::calypso::Calypsos;
use super::cards::{Card, CardCounts, Rank, Seat};
use super::duet::{DuetError, Exchange, check_exchange};
use super::score::{Score, score};
use super::spec::{Deal, GameSpec};

/// What one player reported.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerSummary {
    pub calypsos: i64,
    pub in_progress: Vec<Card>,
}

/// What a table reported after a deal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// 1-based deal the summary is taken after.
    pub after_deal: i64,
    /// Indexed by seat.
    pub players: [Option<PlayerSummary>; 4],
    /// Indexed by side (see [`GameSpec::side_of`]).
    pub trick_piles: Vec<Option<i64>>,
    /// Calypso Duet only: which dealt hand (by board seat) became each player's dummy in
    /// this deal, majors then minors (see [`super::duet::DuetChoice::dummy`]).
    pub dummies: [Option<Seat>; 2],
    /// Calypso Duet's call-and-response: each player's exchange in this deal (the hand
    /// looked at first and the three cards each way), majors then minors.
    pub exchanges: [Option<Exchange>; 2],
}

/// One thing wrong with a summary: a stable code and a sentence for a director.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub code: &'static str,
    pub message: String,
    /// The player's line it is about, if one (a form shows it beside that line).
    pub seat: Option<Seat>,
    /// The side whose trick pile it is about, if one.
    pub side: Option<usize>,
    /// The deal whose summary it is about (1-based), in a series of summaries: a form with a
    /// line per deal shows it beside that deal.
    pub deal: Option<i64>,
}

impl Problem {
    /// A problem about the input as a whole.
    pub(crate) fn general(code: &'static str, message: String) -> Problem {
        Problem {
            code,
            message,
            seat: None,
            side: None,
            deal: None,
        }
    }

    /// A problem with one hand's report in a game reported hand by hand (Embers, Auction):
    /// the message starts "hand N: ", and the seat is the line it is about, if one.
    pub(crate) fn in_hand(
        code: &'static str,
        hand: usize,
        seat: Option<Seat>,
        message: String,
    ) -> Problem {
        Problem {
            code,
            message: format!("hand {hand}: {message}"),
            seat,
            side: None,
            deal: Some(hand as i64),
        }
    }
}

fn problem(code: &'static str, message: String) -> Problem {
    Problem::general(code, message)
}

fn plural(n: i64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Every problem found; empty when the summary is possible under the rules.
/// `deals`, when given, are the hands as dealt, for the checks on what was dealt by then.
pub fn check(spec: &GameSpec, summary: &Summary, deals: Option<&[Deal]>) -> Vec<Problem> {
    let mut out = Vec::new();
    let k = summary.after_deal;
    let deal_ok = k >= 1 && k <= spec.deals() as i64;
    if !deal_ok {
        out.push(problem(
            "after-deal",
            format!(
                "the summary is after deal {k}, but a game of {} has deals 1 to {}",
                spec.variant,
                spec.deals()
            ),
        ));
    }
    let dealt_total = if deal_ok {
        spec.cards_dealt_by(k as usize) as i64
    } else {
        spec.deck.len() as i64
    };

    // What was dealt by deal k, when the deals are known and consistent.
    let dealt = match deals {
        Some(deals) if deal_ok => dealt_by(spec, deals, k as usize, &mut out),
        _ => None,
    };

    check_dummies(spec, summary, &mut out);
    let board = match deals {
        Some(deals) if deal_ok => deals.get(k as usize - 1),
        _ => None,
    };
    out.extend(exchange_problems(spec, k, &summary.exchanges, board));

    let mut players_ok = true;
    for seat in Seat::ALL {
        let in_play = seat.index() < spec.players;
        match (&summary.players[seat.index()], in_play) {
            (None, true) => {
                players_ok = false;
                out.push(problem(
                    "missing-player",
                    format!("there is no line for {}", seat.name()),
                ));
            }
            (Some(_), false) => out.push(problem(
                "extra-player",
                format!("a {}-player game has no {} seat", spec.players, seat.name()),
            )),
            (Some(p), true) => {
                let before = out.len();
                if !check_player(spec, seat, p, k, dealt_total, dealt.as_ref(), &mut out) {
                    players_ok = false;
                }
                for p in &mut out[before..] {
                    p.seat = Some(seat);
                }
            }
            (None, false) => {}
        }
    }

    let mut piles_ok = true;
    for side in 0..spec.sides() {
        let before = out.len();
        let name = side_label(spec, side);
        match summary.trick_piles.get(side).copied().flatten() {
            None => {
                piles_ok = false;
                out.push(problem(
                    "missing-trick-pile",
                    format!("there is no trick-pile count for {name}"),
                ));
            }
            Some(n) if n < 0 => {
                piles_ok = false;
                out.push(problem(
                    "negative",
                    format!("{name}'s trick pile cannot hold {n} cards"),
                ));
            }
            Some(_) => {}
        }
        for p in &mut out[before..] {
            p.side = Some(side);
        }
    }
    if summary.trick_piles.len() > spec.sides() {
        out.push(problem(
            "extra-trick-pile",
            format!(
                "a game of {} has {} trick piles, the summary gives {}",
                spec.variant,
                spec.sides(),
                summary.trick_piles.len()
            ),
        ));
    }
    if !(players_ok && piles_ok) {
        return out;
    }

    // Card counts: every card dealt is in a calypso, in progress, or in a trick pile. The
    // counts are as reported (any i64), so the sums saturate rather than overflow.
    let cards_of = |seat: Seat| -> i64 {
        summary.players[seat.index()].as_ref().map_or(0, |p| {
            p.calypsos
                .saturating_mul(13)
                .saturating_add(p.in_progress.len() as i64)
        })
    };
    let mut total: i64 = 0;
    for side in 0..spec.sides() {
        let pile = summary.trick_piles[side].unwrap_or(0);
        let side_cards = spec
            .side_seats(side)
            .into_iter()
            .map(cards_of)
            .fold(pile, i64::saturating_add);
        total = total.saturating_add(side_cards);
        if side_cards % spec.players as i64 != 0 {
            out.push(Problem {
                side: Some(side),
                ..problem(
                    "side-count",
                    format!(
                        "{}'s cards (calypsos, in progress and trick pile) add up to {side_cards}, \
                     which is not a whole number of {}-card tricks",
                        side_label(spec, side),
                        spec.players
                    ),
                )
            });
        }
    }
    if total != dealt_total {
        let message = if deal_ok && k as usize == spec.deals() {
            format!("the cards add up to {total}, a game has {dealt_total}")
        } else {
            format!("the cards add up to {total}, but after deal {k} there are {dealt_total}")
        };
        // Cards unaccounted for and a side's trick pile at 0: that pile was not counted (a
        // side with no trick at all is rare), so the problem is that pile's.
        let empty = (0..spec.sides())
            .filter(|_| total < dealt_total && spec.sides() > 1)
            .find(|&side| summary.trick_piles[side] == Some(0));
        match empty {
            Some(side) => out.push(Problem {
                side: Some(side),
                ..problem(
                    "card-count",
                    format!(
                        "{}'s trick pile is empty: count it ({message})",
                        side_label(spec, side)
                    ),
                )
            }),
            None => out.push(problem("card-count", message)),
        }
    }
    out
}

/// Calypso Duet: each player's dummy is named, and is one of their two dealt hands. The
/// players are the two sides (majors N-S, minors E-W at the default table), so a problem
/// carries the player's side.
fn check_dummies(spec: &GameSpec, summary: &Summary, out: &mut Vec<Problem>) {
    out.extend(dummy_problems(spec, summary.after_deal, summary.dummies));
}

/// The problems with the dummies named for deal `k` (majors player's, then minors'): none
/// named in a game that is not Duet, and in Duet each named and one of that player's hands.
pub fn dummy_problems(spec: &GameSpec, k: i64, dummies: [Option<Seat>; 2]) -> Vec<Problem> {
    let Some(duet) = &spec.duet else {
        if dummies.iter().any(Option::is_some) {
            return vec![problem(
                "dummy-not-duet",
                format!(
                    "the summary names dummies, but a game of {} has none",
                    spec.variant
                ),
            )];
        }
        return Vec::new();
    };
    let mut out = Vec::new();
    for (player, named) in duet.players.iter().zip(dummies) {
        let side = Some(spec.side_of(player.secret));
        let [a, b] = player.dealt();
        let (code, message) = match named {
            None => (
                "dummy-missing",
                format!(
                    "the summary does not say which dealt hand became the {} player's dummy in deal {k} ({} or {})",
                    player.name,
                    a.name(),
                    b.name()
                ),
            ),
            Some(seat) if !player.holds(seat) => (
                "dummy-not-own",
                format!(
                    "the {} player's dummy in deal {k} must be one of their two dealt hands, {} or {}; the summary names {}",
                    player.name,
                    a.name(),
                    b.name(),
                    seat.name()
                ),
            ),
            Some(_) => continue,
        };
        out.push(Problem {
            side,
            ..problem(code, message)
        });
    }
    out
}

/// The problems with the call-and-response exchanges given for deal `k` (majors player's,
/// then minors'), checked by [`check_exchange`] as a play record's are: none given in a
/// game without the exchange, and in call-and-response each given, the hand looked at one
/// of the player's own, three cards each way, and, with the board's deal `k` known, each
/// card held by the hand it left as dealt. Each problem carries the player's side.
pub fn exchange_problems(
    spec: &GameSpec,
    k: i64,
    exchanges: &[Option<Exchange>; 2],
    board: Option<&Deal>,
) -> Vec<Problem> {
    let Some(duet) = &spec.duet else {
        if exchanges.iter().any(Option::is_some) {
            return vec![problem(
                "exchange-not-duet",
                format!(
                    "the summary gives a call-and-response exchange, but a game of {} has none",
                    spec.variant
                ),
            )];
        }
        return Vec::new();
    };
    let hands = board.map(|b| b.hands);
    let mut out = Vec::new();
    for (p, player) in duet.players.iter().enumerate() {
        let Err(e) = check_exchange(duet, p, hands.as_ref(), exchanges[p].as_ref()) else {
            continue;
        };
        let who = player_words(spec, player.dealt());
        let (code, message) = match e {
            DuetError::ExchangeMissing { .. } => (
                "exchange-missing",
                format!(
                    "call-and-response: the summary does not give the {who}'s exchange in deal {k} (the hand looked at first, the three cards passed and the three returned)"
                ),
            ),
            DuetError::ExchangeNotInGame { .. } => (
                "exchange-not-duet",
                format!(
                    "the summary gives the {who}'s exchange in deal {k}, but {} has no call-and-response exchange",
                    spec.variant
                ),
            ),
            DuetError::InspectedNotOwn { named, hands, .. } => (
                "exchange-not-own",
                format!(
                    "the hand the {who} looked at first in deal {k} must be one of their two dealt hands, {hands}; the summary names {}",
                    named.name()
                ),
            ),
            DuetError::ExchangeCount {
                way,
                found,
                expected,
                ..
            } => (
                "exchange-count",
                format!(
                    "the {who} {way} {} in deal {k}; call-and-response moves exactly {expected} each way",
                    plural(found as i64, "card", "cards")
                ),
            ),
            DuetError::NotInHand {
                way, card, hand, ..
            } => (
                "exchange-not-held",
                format!(
                    "the {who} {way} {} in deal {k}, but the {} hand as dealt does not hold it (or not that many copies)",
                    card.pretty(),
                    hand.name()
                ),
            ),
            DuetError::DummyNotOwn { .. } => continue,
        };
        out.push(Problem {
            side: Some(spec.side_of(player.secret)),
            ..problem(code, message)
        });
    }
    out
}

/// A Duet player named by their hands' trump suits: "♠♥ player".
fn player_words(spec: &GameSpec, dealt: [Seat; 2]) -> String {
    let suits: String = dealt
        .iter()
        .filter_map(|&s| spec.trumps.of(s).map(|t| t.symbol()))
        .collect();
    format!("{suits} player")
}

fn side_label(spec: &GameSpec, side: usize) -> String {
    let seats = spec.side_seats(side);
    match seats.as_slice() {
        [one] => one.name().to_string(),
        _ => seats
            .iter()
            .map(|s| s.letter().to_string())
            .collect::<Vec<_>>()
            .join("-"),
    }
}

/// Checks one player's line; false when it is too broken to count cards with.
fn check_player(
    spec: &GameSpec,
    seat: Seat,
    p: &PlayerSummary,
    k: i64,
    dealt_total: i64,
    dealt: Option<&CardCounts>,
    out: &mut Vec<Problem>,
) -> bool {
    let who = seat.name();
    if p.calypsos < 0 {
        out.push(problem(
            "negative",
            format!("{who} cannot have {} completed calypsos", p.calypsos),
        ));
        return false;
    }
    let Some(suit) = spec.trumps.of(seat) else {
        if p.calypsos > 0 || !p.in_progress.is_empty() {
            out.push(problem(
                "no-trump-suit",
                format!("{who} has no personal trump suit and cannot collect calypsos"),
            ));
        }
        return true;
    };
    let mut ok = true;
    // Counted wide: a report may list a card thousands of times.
    let mut seen = [0u32; 13];
    for &card in &p.in_progress {
        if card.suit() != suit {
            ok = false;
            out.push(problem(
                "in-progress-wrong-suit",
                format!(
                    "{who}'s calypso in progress lists {card}, but {who} collects {}",
                    suit.name()
                ),
            ));
        } else {
            seen[card.rank().index()] = seen[card.rank().index()].saturating_add(1);
        }
    }
    for rank in Rank::all() {
        if seen[rank.index()] > 1 {
            ok = false;
            out.push(problem(
                "in-progress-duplicate",
                format!(
                    "{who}'s calypso in progress lists {} {} times; a calypso holds one card of each rank",
                    Card::new(rank, suit),
                    seen[rank.index()]
                ),
            ));
        }
    }
    if p.in_progress.len() >= 13 && ok {
        out.push(problem(
            "in-progress-complete",
            format!("{who} lists all 13 ranks in progress: that calypso is complete and counts as completed"),
        ));
    }
    // Each completed calypso uses one copy of every rank of the suit.
    let copies = Rank::all()
        .map(|r| spec.deck.count(Card::new(r, suit)))
        .min()
        .unwrap_or(0);
    if p.calypsos > i64::from(copies) {
        out.push(problem(
            "too-many-calypsos",
            format!(
                "{who} cannot have {} completed calypsos: the deck has {} of each {} card",
                p.calypsos,
                copies,
                suit.name().to_lowercase().trim_end_matches('s')
            ),
        ));
        return ok;
    }
    let claimed = 13 * p.calypsos + p.in_progress.len() as i64;
    let suit_in_deck = i64::from(spec.deck.suit_len(suit));
    let limit = match dealt {
        Some(d) => i64::from(d.suit_len(suit)),
        None => suit_in_deck.min(dealt_total),
    };
    if claimed > limit {
        out.push(problem(
            "player-bound",
            format!(
                "{who} claims {claimed} {} ({} and {} in progress), but only {limit} had been dealt by deal {k}",
                suit.name().to_lowercase(),
                plural(p.calypsos, "calypso", "calypsos"),
                p.in_progress.len()
            ),
        ));
    }
    if let (Some(d), true) = (dealt, ok) {
        for rank in Rank::all() {
            let card = Card::new(rank, suit);
            let have = i64::from(d.count(card));
            let need = p.calypsos + i64::from(seen[rank.index()]);
            if have < need {
                let (code, why) = if seen[rank.index()] > 0 {
                    (
                        "rank-not-dealt",
                        format!(
                            "{who}'s calypso in progress lists {card}, which needs {need} copies of {card} dealt by deal {k} (one per completed calypso and this one)"
                        ),
                    )
                } else {
                    (
                        "calypso-not-possible",
                        format!(
                            "{who} cannot have completed {} by deal {k}",
                            plural(p.calypsos, "calypso", "calypsos")
                        ),
                    )
                };
                let dealt = if have == 1 {
                    "1 copy was".to_string()
                } else {
                    format!("{have} copies were")
                };
                out.push(problem(code, format!("{why}; only {dealt} dealt")));
            }
        }
    }
    ok
}

/// The cards dealt in deals 1..=k, or None (with a problem) when the deals are unusable.
fn dealt_by(
    spec: &GameSpec,
    deals: &[Deal],
    k: usize,
    out: &mut Vec<Problem>,
) -> Option<CardCounts> {
    if deals.len() < k {
        out.push(problem(
            "deals-missing",
            format!(
                "the deals given cover {} deals, the summary is after deal {k}",
                deals.len()
            ),
        ));
        return None;
    }
    let mut dealt = CardCounts::new();
    for (d, deal) in deals.iter().take(k).enumerate() {
        for &seat in spec.seats() {
            let n = deal.hand(seat).len();
            if n != spec.schedule[d] {
                out.push(problem(
                    "deal-invalid",
                    format!(
                        "in deal {}, {} was dealt {n} cards instead of {}",
                        d + 1,
                        seat.name(),
                        spec.schedule[d]
                    ),
                ));
                return None;
            }
            dealt.add_all(deal.hand(seat));
        }
    }
    if let Some(card) = dealt.first_excess(&spec.deck) {
        out.push(problem(
            "deal-invalid",
            format!(
                "the deals given hold {} copies of {card}, the deck has {}",
                dealt.count(card),
                spec.deck.count(card)
            ),
        ));
        return None;
    }
    Some(dealt)
}

/// The score a summary gives, or None if a count is out of range.
pub fn score_summary(spec: &GameSpec, summary: &Summary) -> Option<Score> {
    score_summary_with_revokes(spec, summary, &[])
}

/// The score a summary gives when each side (by index) committed `revokes[side]` revokes;
/// each pays the penalty to the other sides. None if a count is out of range.
pub fn score_summary_with_revokes(
    spec: &GameSpec,
    summary: &Summary,
    revokes: &[u32],
) -> Option<Score> {
    // The penalty is paid by the side; charge it to the side's first seat.
    let mut revokes_by = [0u32; 4];
    for (side, &n) in revokes.iter().enumerate().take(spec.sides()) {
        let seat = *spec.side_seats(side).first()?;
        revokes_by[seat.index()] += n;
    }
    let mut calypsos = [Calypsos::default(); 4];
    for &seat in spec.seats() {
        let p = summary.players[seat.index()].as_ref()?;
        let completed = u8::try_from(p.calypsos).ok()?;
        calypsos[seat.index()] = Calypsos::new(completed, p.in_progress.iter().map(|c| c.rank()));
    }
    let piles: Option<Vec<u32>> = (0..spec.sides())
        .map(|s| {
            summary
                .trick_piles
                .get(s)
                .copied()
                .flatten()
                .and_then(|n| u32::try_from(n).ok())
        })
        .collect();
    Some(score(spec, &calypsos, &piles?, &revokes_by))
}

/// Checks summaries reported after successive deals: each on its own, then what must hold
/// from one to the next (completed calypsos and trick piles never shrink; a card leaves a
/// calypso in progress only when that calypso is completed). Messages say which deal, and
/// each problem carries it (`deal`), with the seat or side where it is about one.
pub fn check_series(spec: &GameSpec, series: &[Summary], deals: Option<&[Deal]>) -> Vec<Problem> {
    let mut out = Vec::new();
    for (i, s) in series.iter().enumerate() {
        for mut p in check(spec, s, deals) {
            if series.len() > 1 {
                p.message = format!("after deal {}: {}", s.after_deal, p.message);
            }
            p.deal = Some(s.after_deal);
            out.push(p);
        }
        let Some(prev) = i.checked_sub(1).map(|j| &series[j]) else {
            continue;
        };
        let k = s.after_deal;
        let at = |p: Problem| Problem { deal: Some(k), ..p };
        if k != prev.after_deal + 1 {
            out.push(at(problem(
                "deal-order",
                format!(
                    "the summary after deal {} is followed by one after deal {k}",
                    prev.after_deal
                ),
            )));
            continue;
        }
        for &seat in spec.seats() {
            let (Some(a), Some(b)) = (&prev.players[seat.index()], &s.players[seat.index()]) else {
                continue;
            };
            let who = seat.name();
            let seated = |p: Problem| Problem {
                seat: Some(seat),
                ..at(p)
            };
            if b.calypsos < a.calypsos {
                out.push(seated(problem(
                    "calypsos-decreased",
                    format!("after deal {k}: {who} has {} completed calypsos, fewer than the {} after deal {}", b.calypsos, a.calypsos, prev.after_deal),
                )));
            } else if b.calypsos == a.calypsos {
                // By card index, not by searching the later list for each card: the lists
                // are as reported, of any length.
                let mut kept = [false; 52];
                for c in &b.in_progress {
                    kept[c.index()] = true;
                }
                for card in a.in_progress.iter().filter(|c| !kept[c.index()]) {
                    out.push(seated(problem(
                        "in-progress-lost",
                        format!("after deal {k}: {card} left {who}'s calypso in progress, but no calypso was completed"),
                    )));
                }
            }
        }
        for side in 0..spec.sides() {
            let get = |s: &Summary| s.trick_piles.get(side).copied().flatten();
            if let (Some(a), Some(b)) = (get(prev), get(s))
                && b < a
            {
                out.push(Problem {
                    side: Some(side),
                    ..at(problem(
                        "trick-pile-decreased",
                        format!("after deal {k}: {}'s trick pile has {b} cards, fewer than the {a} after deal {}", side_label(spec, side), prev.after_deal),
                    ))
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;

    fn line(after_deal: i64, north_calypsos: i64, piles: [i64; 2]) -> Summary {
        let player = |calypsos| {
            Some(PlayerSummary {
                calypsos,
                in_progress: vec![],
            })
        };
        Summary {
            after_deal,
            players: [player(north_calypsos), player(0), player(0), player(0)],
            trick_piles: piles.iter().map(|&n| Some(n)).collect(),
            dummies: [None, None],
            exchanges: [None, None],
        }
    }

    #[test]
    fn a_series_places_each_problem_by_deal_and_by_seat_or_side() {
        let spec = GameSpec::new(Variant::Standard);
        // After deal 1: North's calypso (13) and the piles, 52 cards. After deal 2: North's
        // calypso is gone, N-S's pile shrank, and the cards add up to 100, not 104.
        let series = [line(1, 1, [11, 28]), line(2, 0, [8, 92])];
        let problems = check_series(&spec, &series, None);
        let at = |code: &str| {
            problems
                .iter()
                .find(|p| p.code == code)
                .map(|p| (p.deal, p.seat, p.side))
                .unwrap_or_else(|| panic!("no {code} in {problems:?}"))
        };
        assert_eq!(at("card-count"), (Some(2), None, None));
        assert_eq!(at("calypsos-decreased"), (Some(2), Some(Seat::North), None));
        assert_eq!(at("trick-pile-decreased"), (Some(2), None, Some(0)));
        assert!(
            problems
                .iter()
                .all(|p| p.message.starts_with("after deal 2: "))
        );
        // One summary: the deal it is after, the message as it was.
        let one = check_series(&spec, &[line(4, 0, [100, 104])], None);
        assert_eq!(one.len(), 1, "{one:?}");
        assert_eq!((one[0].code, one[0].deal), ("card-count", Some(4)));
        assert!(one[0].message.starts_with("the cards add up to 204"));
    }

    #[test]
    fn long_in_progress_lists_are_compared_in_one_pass() {
        // A report may list a card any number of times (the command line reads any size):
        // each card that left the calypso in progress is named, without searching the
        // later list for each (40,000 squared comparisons).
        let spec = GameSpec::new(Variant::Standard);
        let n = 40_000;
        let mut series = [line(1, 0, [0, 0]), line(2, 0, [0, 0])];
        let listed = |card: &str| {
            Some(PlayerSummary {
                calypsos: 0,
                in_progress: vec![card.parse().unwrap(); n],
            })
        };
        series[0].players[0] = listed("2S");
        series[1].players[0] = listed("3S");
        let started = std::time::Instant::now();
        let problems = check_series(&spec, &series, None);
        let lost = problems
            .iter()
            .filter(|p| p.code == "in-progress-lost")
            .count();
        assert_eq!(lost, n);
        assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
    }

    /// A possible summary after deal 1: 52 cards in North's trick pile side.
    fn duet_line(dummies: [Option<Seat>; 2]) -> Summary {
        Summary {
            dummies,
            ..line(1, 0, [40, 12])
        }
    }

    #[test]
    fn duet_summary_names_each_players_dummy_among_their_two_hands() {
        let spec = GameSpec::new(Variant::Duet);
        let ok = duet_line([Some(Seat::North), Some(Seat::East)]);
        assert_eq!(check(&spec, &ok, None), vec![]);
        let codes = |s: &Summary| -> Vec<(&str, Option<usize>)> {
            check(&spec, s, None)
                .iter()
                .map(|p| (p.code, p.side))
                .collect()
        };
        // The majors player's dummy named as East (a minors hand); the minors' missing.
        let bad = duet_line([Some(Seat::East), None]);
        assert_eq!(
            codes(&bad),
            vec![("dummy-not-own", Some(0)), ("dummy-missing", Some(1))]
        );
        let p = &check(&spec, &bad, None)[0];
        assert_eq!(
            p.message,
            "the majors player's dummy in deal 1 must be one of their two dealt hands, North or South; the summary names East"
        );
        // The rest of the check is the standard one: a wrong count is still found.
        let short = Summary {
            trick_piles: vec![Some(40), Some(8)],
            ..ok.clone()
        };
        assert!(codes(&short).contains(&("card-count", None)));
        // A game that is not Duet has no dummies to name.
        let standard = GameSpec::default();
        let named: Vec<&str> = check(&standard, &ok, None).iter().map(|p| p.code).collect();
        assert_eq!(named, vec!["dummy-not-duet"]);
        assert_eq!(check(&standard, &duet_line([None, None]), None), vec![]);
    }
}

/// Calypso Duet's call-and-response on the counts path: the exchange a table reports with
/// its counts, checked against the board as dealt. Named after the seed's sentences.
#[cfg(test)]
mod exchange_tests {
    use super::*;
    use crate::engine::Variant;
    use crate::engine::cards::parse_cards;

    fn hand(s: &str) -> CardCounts {
        CardCounts::from_cards(&parse_cards(s).unwrap())
    }

    /// Board hands: N all spades, E all diamonds, S all hearts, W all clubs.
    fn board() -> Vec<Deal> {
        vec![Deal {
            dealer: Seat::North,
            hands: [
                hand("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"),
                hand("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"),
                hand("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"),
                hand("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
            ],
        }]
    }

    fn ex(inspected: Seat, passed: &str, returned: &str) -> Option<Exchange> {
        Some(Exchange {
            inspected,
            passed: parse_cards(passed).unwrap(),
            returned: parse_cards(returned).unwrap(),
        })
    }

    /// After deal 1 of a call-and-response game: 52 cards in the trick piles, the ♠♥ player
    /// looked at North and the ♣♦ player at West, each with the exchange given.
    fn after_deal_1(exchanges: [Option<Exchange>; 2]) -> Summary {
        let player = Some(PlayerSummary {
            calypsos: 0,
            in_progress: vec![],
        });
        Summary {
            after_deal: 1,
            players: [player.clone(), player.clone(), player.clone(), player],
            trick_piles: vec![Some(40), Some(12)],
            dummies: [Some(Seat::South), Some(Seat::East)],
            exchanges,
        }
    }

    fn good() -> [Option<Exchange>; 2] {
        [
            ex(Seat::North, "AS KS 2S", "3H 4H 5H"),
            ex(Seat::West, "AC 9C 10C", "2D 3D 4D"),
        ]
    }

    fn codes(
        spec: &GameSpec,
        s: &Summary,
        deals: Option<&[Deal]>,
    ) -> Vec<(&'static str, Option<usize>)> {
        check(spec, s, deals)
            .iter()
            .map(|p| (p.code, p.side))
            .collect()
    }

    #[test]
    fn three_cards_from_the_hand_become_part_of_the_other_hand() {
        // "they additionally select three cards from the hand, and place them face down to
        // the side. These three cards will become part of their other (currently unseen) hand."
        let spec = GameSpec::new(Variant::DuetCallAndResponse);
        let deals = board();
        assert_eq!(check(&spec, &after_deal_1(good()), Some(&deals)), vec![]);
        // The ♠♥ player passes a heart from North: the North hand as dealt holds none.
        let mut x = good();
        x[0] = ex(Seat::North, "AS KS 2H", "3H 4H 5H");
        let found = check(&spec, &after_deal_1(x.clone()), Some(&deals));
        assert_eq!(
            found.iter().map(|p| (p.code, p.side)).collect::<Vec<_>>(),
            vec![("exchange-not-held", Some(0))]
        );
        assert_eq!(
            found[0].message,
            "the ♠♥ player passed 2♥ in deal 1, but the North hand as dealt does not hold it (or not that many copies)"
        );
        // Without the board only the exchange's shape can be checked.
        assert_eq!(codes(&spec, &after_deal_1(x), None), vec![]);
    }

    #[test]
    fn you_select_three_cards_from_your_hand_and_add_them_to_the_dummy() {
        // "you select three cards from your hand, and add them to the dummy": three each way,
        // no more and no fewer; a card returned must come from the other hand as dealt.
        let spec = GameSpec::new(Variant::DuetCallAndResponse);
        let deals = board();
        let mut x = good();
        x[1] = ex(Seat::West, "AC 9C", "2D 3D 4D");
        assert_eq!(
            codes(&spec, &after_deal_1(x.clone()), Some(&deals)),
            vec![("exchange-count", Some(1))]
        );
        assert_eq!(
            check(&spec, &after_deal_1(x), None)[0].message,
            "the ♣♦ player passed 2 cards in deal 1; call-and-response moves exactly 3 each way"
        );
        let mut x = good();
        x[1] = ex(Seat::West, "AC 9C 10C", "2D 3D 4D 5D");
        assert_eq!(
            codes(&spec, &after_deal_1(x), None),
            vec![("exchange-count", Some(1))]
        );
        // Returned from the hand it was passed to: East holds no clubs as dealt.
        let mut x = good();
        x[1] = ex(Seat::West, "AC 9C 10C", "2D 3D AC");
        assert_eq!(
            codes(&spec, &after_deal_1(x), Some(&deals)),
            vec![("exchange-not-held", Some(1))]
        );
    }

    #[test]
    fn players_investigate_their_own_initial_hand() {
        // "When players are investigating their initial hand": one of their own two.
        let spec = GameSpec::new(Variant::DuetCallAndResponse);
        let mut x = good();
        x[0] = ex(Seat::East, "2D 3D 4D", "AS KS QS");
        let found = check(&spec, &after_deal_1(x), Some(&board()));
        assert_eq!(
            found.iter().map(|p| (p.code, p.side)).collect::<Vec<_>>(),
            vec![("exchange-not-own", Some(0))]
        );
        assert_eq!(
            found[0].message,
            "the hand the ♠♥ player looked at first in deal 1 must be one of their two dealt hands, North or South; the summary names East"
        );
    }

    #[test]
    fn this_process_is_then_repeated_before_the_start_of_the_other_three_hands() {
        // Every deal has each player's exchange: one left out is named.
        let spec = GameSpec::new(Variant::DuetCallAndResponse);
        let mut x = good();
        x[1] = None;
        assert_eq!(
            codes(&spec, &after_deal_1(x), None),
            vec![("exchange-missing", Some(1))]
        );
        assert_eq!(
            codes(&spec, &after_deal_1([None, None]), Some(&board())),
            vec![("exchange-missing", Some(0)), ("exchange-missing", Some(1))]
        );
    }

    #[test]
    fn only_call_and_response_has_an_exchange() {
        // "The additional feature in this version is the addition of a card exchange
        // element": plain Duet and the other games have none to give.
        let plain = GameSpec::new(Variant::Duet);
        assert_eq!(
            codes(&plain, &after_deal_1(good()), None),
            vec![
                ("exchange-not-duet", Some(0)),
                ("exchange-not-duet", Some(1))
            ]
        );
        assert_eq!(codes(&plain, &after_deal_1([None, None]), None), vec![]);
        let standard = GameSpec::new(Variant::Standard);
        let s = Summary {
            dummies: [None, None],
            ..after_deal_1(good())
        };
        assert_eq!(
            codes(&standard, &s, None),
            vec![("exchange-not-duet", None)]
        );
    }
}
