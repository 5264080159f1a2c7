//! What a table reports after each hand, checked hand by hand and over the game, and the
//! scores the engine gives it (per hand and running).

use serde::{Deserialize, Serialize};

use super::spec::{DEAL, EmbersSpec, HAND_SIZE};
use super::wire::seat_opts;
use crate::engine::calypso::calypso_points;
use crate::engine::cards::{Card, Seat};
use crate::engine::kaiso::wire::cards;
use crate::engine::score::{IN_PROGRESS_POINTS, REVOKE_PENALTY, TRICK_PILE_POINTS};
use crate::engine::summary::Problem;

/// One value per partnership, `{"NS": .., "EW": ..}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sides<T> {
    #[serde(rename = "NS")]
    pub ns: T,
    #[serde(rename = "EW")]
    pub ew: T,
}

impl<T: Copy> Sides<T> {
    pub fn get(&self, side: usize) -> T {
        if side == 0 { self.ns } else { self.ew }
    }

    pub fn from_fn(f: impl Fn(usize) -> T) -> Sides<T> {
        Sides { ns: f(0), ew: f(1) }
    }
}

/// A player's line: calypsos completed so far in the game, and the calypso in progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerLine {
    pub calypsos: u32,
    #[serde(with = "cards", default)]
    pub in_progress: Vec<Card>,
}

/// The report after one hand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandSummary {
    #[serde(with = "seat_opts")]
    pub players: [Option<PlayerLine>; 4],
    /// Cards in each side's trick pile from this hand.
    pub trick_piles: Sides<u32>,
    /// Revokes per seat in this hand (a seat left out made none).
    #[serde(with = "seat_opts", default, skip_serializing_if = "no_revokes")]
    pub revokes: [Option<u32>; 4],
    /// If the table counts them: cards in the green room and sin bin after the hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub green_room: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sin_bin: Option<u32>,
}

fn no_revokes(r: &[Option<u32>; 4]) -> bool {
    r.iter().all(|n| n.unwrap_or(0) == 0)
}

/// The reports of the hands played so far, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EmbersSummary {
    /// `"reports"` in JSON (an Embers input's `"hands"` is the number agreed).
    #[serde(rename = "reports")]
    pub hands: Vec<HandSummary>,
}

/// One hand's points per side, and the running totals after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandScore {
    pub hand: usize,
    /// 10 a trick-pile card, every hand.
    pub trick_piles: Sides<i64>,
    /// Calypsos completed in this hand (500, 750, then 1000 each, counted over the game).
    pub calypsos: Sides<i64>,
    /// 20 a calypso-in-progress card, after the last agreed hand only.
    pub in_progress: Sides<i64>,
    /// 260 for each revoke by the other side.
    pub revokes: Sides<i64>,
    pub total: Sides<i64>,
    pub running: Sides<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmbersScore {
    pub hands: Vec<HandScore>,
    pub totals: Sides<i64>,
    /// Every agreed hand is reported (in-progress cards are scored).
    pub complete: bool,
}

/// Scores a summary (check it first: a summary with problems scores nonsense, never panics).
pub fn score(spec: &EmbersSpec, summary: &EmbersSummary) -> EmbersScore {
    let mut running = Sides::<i64>::default();
    let mut before = [0u32; 4];
    let mut out = Vec::new();
    let played = summary.hands.len().min(spec.hands);
    for (i, h) in summary.hands.iter().take(played).enumerate() {
        let last = i + 1 == spec.hands;
        let piles: [i64; 2] =
            std::array::from_fn(|side| i64::from(h.trick_piles.get(side)) * TRICK_PILE_POINTS);
        let mut calypsos = [0i64; 2];
        let mut in_progress = [0i64; 2];
        let mut revokes = [0i64; 2];
        for seat in Seat::ALL {
            let side = spec.side_of(seat);
            let line = h.players[seat.index()].clone().unwrap_or_default();
            let now = line.calypsos.max(before[seat.index()]);
            calypsos[side] += calypso_points(now) - calypso_points(before[seat.index()]);
            before[seat.index()] = now;
            if last {
                in_progress[side] += line.in_progress.len() as i64 * IN_PROGRESS_POINTS;
            }
            let n = h.revokes[seat.index()].unwrap_or(0);
            revokes[1 - side] += i64::from(n) * REVOKE_PENALTY;
        }
        let total = Sides::from_fn(|s| piles[s] + calypsos[s] + in_progress[s] + revokes[s]);
        running = Sides::from_fn(|s| running.get(s) + total.get(s));
        out.push(HandScore {
            hand: i + 1,
            trick_piles: Sides::from_fn(|s| piles[s]),
            calypsos: Sides::from_fn(|s| calypsos[s]),
            in_progress: Sides::from_fn(|s| in_progress[s]),
            revokes: Sides::from_fn(|s| revokes[s]),
            total,
            running,
        });
    }
    EmbersScore {
        hands: out,
        totals: running,
        complete: played == spec.hands,
    }
}

/// Ranks of a calypso in progress as bits, or the problem with it.
fn in_progress_ranks(
    spec: &EmbersSpec,
    hand: usize,
    seat: Seat,
    line: &PlayerLine,
    out: &mut Vec<Problem>,
) -> u16 {
    let own = spec.trumps().of(seat);
    let mut bits = 0u16;
    for card in &line.in_progress {
        if Some(card.suit()) != own {
            out.push(Problem::in_hand(
                "in-progress-suit",
                hand,
                Some(seat),
                format!(
                    "{}'s calypso in progress holds {card}, which is not their suit",
                    seat.name()
                ),
            ));
        } else if bits & (1 << card.rank().index()) != 0 {
            out.push(Problem::in_hand(
                "in-progress-repeated",
                hand,
                Some(seat),
                format!(
                    "{}'s calypso in progress holds {card} twice: a calypso has one of each rank",
                    seat.name()
                ),
            ));
        }
        bits |= 1 << card.rank().index();
    }
    if bits.count_ones() as usize == HAND_SIZE {
        out.push(Problem::in_hand(
            "in-progress-complete",
            hand,
            Some(seat),
            format!(
                "{}'s calypso in progress has all 13 ranks: that is a completed calypso",
                seat.name()
            ),
        ));
    }
    bits
}

/// Every problem found; empty when the reports are possible under the rules.
pub fn check(spec: &EmbersSpec, summary: &EmbersSummary) -> Vec<Problem> {
    let mut out = Vec::new();
    if summary.hands.is_empty() {
        out.push(Problem {
            code: "no-hands",
            message: "no hand is reported".into(),
            seat: None,
            side: None,
            deal: None,
        });
    }
    if summary.hands.len() > spec.hands {
        out.push(Problem {
            code: "too-many-hands",
            message: format!(
                "{} hands are reported, the game is {} hands",
                summary.hands.len(),
                spec.hands
            ),
            seat: None,
            side: None,
            deal: None,
        });
    }
    let packs = spec.packs as i64;
    let mut calypsos_before = [0u32; 4];
    let mut ranks_before = [0u16; 4];
    // Cards of each seat's suit collected in fire hands: those are out of the deck.
    let mut fire_collected = [0i64; 4];
    for (i, h) in summary.hands.iter().take(spec.hands).enumerate() {
        let n = i + 1;
        let mut collected_all = 0i64;
        let mut whole = true;
        let mut ranks_now = ranks_before;
        let mut calypsos_now = calypsos_before;
        for seat in Seat::ALL {
            let s = seat.index();
            let Some(line) = &h.players[s] else {
                out.push(Problem::in_hand(
                    "player-missing",
                    n,
                    Some(seat),
                    format!("there is no line for {}", seat.name()),
                ));
                whole = false;
                continue;
            };
            let ranks = in_progress_ranks(spec, n, seat, line, &mut out);
            if line.calypsos < calypsos_before[s] {
                out.push(Problem::in_hand(
                    "calypsos-fewer",
                    n,
                    Some(seat),
                    format!(
                        "{} had {} calypsos after the hand before, now {}: calypsos are kept",
                        seat.name(),
                        calypsos_before[s],
                        line.calypsos
                    ),
                ));
                whole = false;
                continue;
            }
            ranks_now[s] = ranks;
            calypsos_now[s] = line.calypsos;
            let new = i64::from(line.calypsos - calypsos_before[s]);
            if new == 0 && ranks_before[s] & !ranks != 0 {
                out.push(Problem::in_hand(
                    "in-progress-lost",
                    n,
                    Some(seat),
                    format!(
                        "{}'s calypso in progress lost cards without being completed: it is kept from hand to hand",
                        seat.name()
                    ),
                ));
                whole = false;
                continue;
            }
            let collected =
                13 * new + i64::from(ranks.count_ones()) - i64::from(ranks_before[s].count_ones());
            let before = i64::from(ranks_before[s].count_ones());
            let limit = if spec.is_fire(n) {
                13 * packs - fire_collected[s]
            } else {
                13 * packs - before
            }
            .min(DEAL as i64);
            if collected > limit {
                out.push(Problem::in_hand(
                    "calypso-cards-too-many",
                    n,
                    Some(seat),
                    format!(
                        "{} would have collected {collected} cards of their suit in this hand; at most {limit} can be dealt",
                        seat.name()
                    ),
                ));
                whole = false;
            }
            if spec.is_fire(n) {
                fire_collected[s] += collected;
            }
            collected_all += collected;
        }
        for (side, name) in [(0usize, "North-South"), (1, "East-West")] {
            if h.trick_piles.get(side) as usize > DEAL {
                out.push(Problem {
                    side: Some(side),
                    ..Problem::in_hand(
                        "trick-pile-too-big",
                        n,
                        None,
                        format!(
                            "{name}'s trick pile holds {} cards, a hand is {DEAL}",
                            h.trick_piles.get(side)
                        ),
                    )
                });
                whole = false;
            }
        }
        for seat in Seat::ALL {
            if let Some(r) = h.revokes[seat.index()]
                && r as usize > HAND_SIZE
            {
                out.push(Problem::in_hand(
                    "revokes-too-many",
                    n,
                    Some(seat),
                    format!(
                        "{} cannot revoke {r} times in a hand of 13 cards",
                        seat.name()
                    ),
                ));
            }
        }
        let piles = i64::from(h.trick_piles.ns) + i64::from(h.trick_piles.ew);
        if whole && collected_all + piles != DEAL as i64 {
            out.push(Problem::in_hand(
                "hand-cards",
                n,
                None,
                format!(
                    "the calypsos took {collected_all} cards and the trick piles hold {piles}: a hand is {DEAL} cards"
                ),
            ));
            whole = false;
        }
        if whole {
            let held: i64 = ranks_now.iter().map(|r| i64::from(r.count_ones())).sum();
            let deck = 52 * packs;
            let (green, sin) = if n < spec.fire_hands {
                // Set aside: everything dealt so far but the calypsos in progress.
                (deck - DEAL as i64 * n as i64, DEAL as i64 * n as i64 - held)
            } else {
                (deck - piles - held, piles)
            };
            for (code, name, counted, computed) in [
                ("green-room-count", "green room", h.green_room, green),
                ("sin-bin-count", "sin bin", h.sin_bin, sin),
            ] {
                if let Some(c) = counted
                    && i64::from(c) != computed
                {
                    out.push(Problem::in_hand(
                        code,
                        n,
                        None,
                        format!(
                            "the {name} is counted as {c} cards, the reports make it {computed}"
                        ),
                    ));
                }
            }
            if n < spec.hands && green < DEAL as i64 {
                out.push(Problem::in_hand(
                    "green-room-short",
                    n,
                    None,
                    format!("the green room would hold {green} cards, too few for the next deal"),
                ));
            }
        }
        calypsos_before = calypsos_now;
        ranks_before = ranks_now;
    }
    out
}
