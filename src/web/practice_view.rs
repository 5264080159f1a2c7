//! A practice table's end as the pages lay it out (#39 item 6c): its net beside the field's
//! nets and the robot par, and the engine's breakdown. Shared by the phone table page (once
//! the board is over) and the practice table's own page.

use crate::event::par::{signed, thousands};
use crate::service::practice::PracticeEnd;

/// One line of the engine's breakdown.
pub struct ScoreLine {
    pub who: String,
    pub figures: String,
    pub points: String,
}

/// What `_practice_end.html` shows.
pub struct PracticeShow {
    pub id: u32,
    pub board: u32,
    pub event_name: String,
    /// This practice table's own page.
    pub path: String,
    /// "South (N-S ♠♥)".
    pub you: String,
    pub side_name: String,
    pub other_side_name: String,
    pub over: bool,
    /// "N-S 2,140 · E-W 1,800".
    pub totals: String,
    /// "+340": the first side's less the second's, as the traveller writes it.
    pub net: String,
    /// The field's nets, the traveller's way ("+520"), lowest first.
    pub field: Vec<String>,
    /// "Your side did better than 2 of 3 tables and tied 1."
    pub standing: Option<String>,
    pub field_hidden: bool,
    /// "+250" and "+90 against the robots' par" from the visitor's side; none: no par yet.
    pub par: Option<(String, String)>,
    /// What the par figure is: "net", or "table total" (cooperative Calypso).
    pub par_word: &'static str,
    /// Said when there is no par figure: not worked out yet, or none for this game.
    pub par_note: &'static str,
    pub players: Vec<ScoreLine>,
    pub sides: Vec<ScoreLine>,
    /// Shown on the table page (which links to the table's own page).
    pub on_table: bool,
}

impl PracticeShow {
    /// As the table page shows it: without the engine's breakdown (the page's score panel
    /// shows it), with a link to the table's own page.
    pub fn on_table(mut self) -> PracticeShow {
        self.players.clear();
        self.sides.clear();
        self.on_table = true;
        self
    }

    pub fn of(e: &PracticeEnd) -> PracticeShow {
        let first = e.side_name.clone();
        let second = e.other_side_name.clone();
        let (majors, minors) = if e.first_side {
            (first.clone(), second.clone())
        } else {
            (second.clone(), first.clone())
        };
        let totals = e
            .totals
            .map(|(a, b)| format!("{majors} {} · {minors} {}", thousands(a), thousands(b)))
            .unwrap_or_default();
        let (net, field, standing, par) =
            match &e.comparison {
                Some(c) => {
                    let (beaten, tied) = c.beaten_and_tied(e.first_side);
                    let standing = (!c.field.is_empty()).then(|| {
                    format!(
                        "Your side did better than {beaten} of the field's {} {} on this board{}.",
                        c.field.len(),
                        if c.field.len() == 1 { "table" } else { "tables" },
                        if tied > 0 {
                            format!(" and tied {tied}")
                        } else {
                            String::new()
                        }
                    )
                });
                    let par = match c.total {
                        // Cooperative: the table's total against the robots' table total.
                        Some((_, p)) => Some((
                            thousands(p.round() as i64),
                            format!(
                                "{} against the robots' par",
                                signed(c.against_total().unwrap_or(0))
                            ),
                        )),
                        None => c.par.map(|p| {
                            let against = c.against_par(e.first_side).unwrap_or(0);
                            (
                                signed(p.round() as i64),
                                format!("{} against the robots' par", signed(against)),
                            )
                        }),
                    };
                    (
                        signed(c.net),
                        c.field.iter().map(|n| signed(*n)).collect(),
                        standing,
                        par,
                    )
                }
                None => (String::new(), Vec::new(), None, None),
            };
        let (players, sides) = match &e.score {
            Some(s) => (
                s.players
                    .0
                    .iter()
                    .map(|(seat, p)| ScoreLine {
                        who: seat.name().to_string(),
                        figures: format!(
                            "{} {} · {} {} in progress",
                            p.calypsos,
                            if p.calypsos == 1 {
                                "calypso"
                            } else {
                                "calypsos"
                            },
                            p.in_progress,
                            if p.in_progress == 1 { "card" } else { "cards" }
                        ),
                        points: thousands(p.points),
                    })
                    .collect(),
                s.sides
                    .0
                    .iter()
                    .enumerate()
                    .map(|(i, (name, p))| ScoreLine {
                        // Two sides: as players name them ("N-S ♠♥"); else as the view does.
                        who: match (s.sides.0.len(), i) {
                            (2, 0) => majors.clone(),
                            (2, _) => minors.clone(),
                            _ => name.clone(),
                        },
                        figures: format!(
                            "trick pile {}{}",
                            p.trick_pile,
                            if p.revoke_bonus != 0 {
                                format!(" · revoke bonus {}", thousands(p.revoke_bonus))
                            } else {
                                String::new()
                            }
                        ),
                        points: thousands(p.points),
                    })
                    .collect(),
            ),
            None => (Vec::new(), Vec::new()),
        };
        PracticeShow {
            id: e.table.id,
            board: e.table.board,
            event_name: e.event_name.clone(),
            path: e.path.clone(),
            you: format!("{} ({})", e.seat.name(), e.side_name),
            side_name: e.side_name.clone(),
            other_side_name: e.other_side_name.clone(),
            over: e.over,
            totals,
            net,
            field,
            standing,
            field_hidden: e.field_hidden,
            par_word: match e.comparison.as_ref().and_then(|c| c.total) {
                Some(_) => "table total",
                None => "net",
            },
            par_note: match e.comparison.as_ref().is_some_and(|c| c.no_par_for_game) {
                true => crate::event::par::NO_PAR_FOR_GAME,
                false => "No robot par yet.",
            },
            par,
            players,
            sides,
            on_table: false,
        }
    }
}
