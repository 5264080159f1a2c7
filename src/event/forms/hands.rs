//! Embers Calypso on a table's page: the game's hands, one line after each, and the running
//! score the engine gives them. The form's lines are the deal-by-deal lines' (`h3_calypsos_N`,
//! `h3_ranks_N`, `h3_piles_NS`), except that each hand's trick piles are that hand's alone.

use crate::engine::GameSpec;
use crate::engine::auction::pairs::PairsScore;
use crate::engine::auction::{AuctionEnd, Doubling};
use crate::engine::embers::EmbersScore;
use crate::event::seats::side_called;
use crate::event::table_report::Breakdown;

/// The hands shown, and the running score so far (the lines themselves are the
/// entry's `hand_lines`).
pub struct HandsView {
    /// Lines shown: hands typed, then the next one (its calypsos carried over).
    pub shown: usize,
    /// Hands agreed for the game (0 when not known: every line typed is shown).
    pub agreed: usize,
    /// Hands filled in.
    pub typed: usize,
    /// The engine's score of the hands checked so far.
    pub running: Vec<HandRow>,
    /// "N-S ♠♥", "E-W ♦♣".
    pub sides: [String; 2],
}

impl HandsView {
    /// The line shown last is the game's last hand: the button enters the result.
    pub fn last(&self) -> bool {
        self.agreed > 0 && self.shown >= self.agreed
    }
}

/// One hand's points per side, and the running totals after it.
pub struct HandRow {
    pub hand: usize,
    pub points: [i64; 2],
    pub running: [i64; 2],
    /// "calypso 500", "in progress 240", ...: what made the points beyond the trick piles.
    pub notes: String,
}

pub fn rows(score: &EmbersScore) -> Vec<HandRow> {
    score
        .hands
        .iter()
        .map(|h| {
            let mut notes = Vec::new();
            for (side, name) in [(0, "N-S"), (1, "E-W")] {
                let c = h.calypsos.get(side);
                if c != 0 {
                    notes.push(format!("{name} calypso {c}"));
                }
                let p = h.in_progress.get(side);
                if p != 0 {
                    notes.push(format!("{name} in progress {p}"));
                }
                let r = h.revokes.get(side);
                if r != 0 {
                    notes.push(format!("{name} revokes {r}"));
                }
            }
            HandRow {
                hand: h.hand,
                points: [h.total.ns, h.total.ew],
                running: [h.running.ns, h.running.ew],
                notes: notes.join(" · "),
            }
        })
        .collect()
}

/// A partnership Auction game's hands as the same rows: N-S's and E-W's points, and what
/// the hand was ("North: 1 calypso and 200 spades, doubled, made").
pub fn pairs_rows(score: &PairsScore) -> Vec<HandRow> {
    score
        .hands
        .iter()
        .map(|h| {
            let mut notes = vec![match h.outcome {
                Some(AuctionEnd::Misere) => "misère".to_string(),
                Some(AuctionEnd::Contract(c)) => {
                    let doubling = match c.doubling {
                        Doubling::Undoubled => "",
                        Doubling::Doubled => ", doubled",
                        Doubling::Redoubled => ", redoubled",
                    };
                    format!("{}: {}{doubling}", c.declarer.name(), c.bid)
                }
                None => "not checked".to_string(),
            }];
            match h.made {
                Some(true) => notes.push("made".into()),
                Some(false) => notes.push("failed".into()),
                None => {}
            }
            for (side, name) in [(0, "N-S"), (1, "E-W")] {
                let p = h.sides.to_array()[side].in_progress;
                if p != 0 {
                    notes.push(format!("{name} in progress {p}"));
                }
            }
            HandRow {
                hand: h.hand,
                points: [h.sides.ns.total, h.sides.ew.total],
                running: [h.running.ns, h.running.ew],
                notes: notes.join(" · "),
            }
        })
        .collect()
}

/// The hand by hand score of a stored Embers or partnership Auction result: its breakdown,
/// as the engine scored it. Empty for any other.
pub fn hands_report(breakdown: Option<&Breakdown>) -> Vec<HandRow> {
    match breakdown {
        Some(Breakdown::Embers(score)) => rows(score),
        Some(Breakdown::AuctionPairs(score)) => pairs_rows(score),
        _ => Vec::new(),
    }
}

/// The two sides' names, N-S first, as the running score's columns.
pub fn side_names(spec: &GameSpec) -> [String; 2] {
    [side_called(spec, 0), side_called(spec, 1)]
}
