//! An event's movement: the kind comes from its format, the tables from its settings, the
//! pairs from its entries; the director chooses rounds, boards a round and arrow switches.

use serde::{Deserialize, Serialize};

use super::settings::{EventFormat, EventSettings};
use crate::movement::{self, Movement, MovementError, MovementKind, MovementRequest};

/// What the director chooses (the API's `PUT .../movement` body).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementOptions {
    pub rounds: Option<u32>,
    pub boards_per_round: Option<u32>,
    #[serde(default)]
    pub arrow_switch: Vec<u32>,
}

impl MovementOptions {
    /// The options in a director's words, for the record of a change.
    pub fn describe(&self) -> String {
        let mut out = String::from("new plan: ");
        out.push_str(&match self.rounds {
            Some(r) => format!("{r} rounds"),
            None => "the usual rounds".into(),
        });
        if let Some(k) = self.boards_per_round {
            out.push_str(&format!(", {k} board(s) a round"));
        }
        if !self.arrow_switch.is_empty() {
            let list: Vec<String> = self.arrow_switch.iter().map(u32::to_string).collect();
            out.push_str(&format!(", arrow switch in round(s) {}", list.join(", ")));
        }
        out
    }
}

/// A change's options as a request gives them: what it leaves out keeps its current value
/// (a body with only an arrow switch does not reset the rounds to the usual number).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MovementPatch {
    pub rounds: Option<u32>,
    pub boards_per_round: Option<u32>,
    pub arrow_switch: Option<Vec<u32>>,
}

impl MovementPatch {
    /// Every option given, as the movement page's form gives them.
    pub fn whole(o: &MovementOptions) -> MovementPatch {
        MovementPatch {
            rounds: o.rounds,
            boards_per_round: o.boards_per_round,
            arrow_switch: Some(o.arrow_switch.clone()),
        }
    }

    /// The options after the change: the given ones, else the current ones (the plan's
    /// rounds where the current options left the rounds to the usual number).
    pub fn over(&self, current: &MovementOptions, plan: &Movement) -> MovementOptions {
        MovementOptions {
            rounds: self.rounds.or(current.rounds).or(Some(plan.rounds)),
            boards_per_round: self.boards_per_round.or(current.boards_per_round),
            arrow_switch: self
                .arrow_switch
                .clone()
                .unwrap_or_else(|| current.arrow_switch.clone()),
        }
    }
}

/// The movement kind each format plays; the progressive individual's seating follows the
/// results round by round, so it has no fixed plan.
pub const fn movement_kind(format: EventFormat) -> Option<MovementKind> {
    match format {
        EventFormat::TeamMatch => Some(MovementKind::TeamMatch),
        EventFormat::PairsMitchell => Some(MovementKind::Mitchell),
        EventFormat::Progressive => Some(MovementKind::Progressive),
        EventFormat::ProgressiveIndividual => None,
        EventFormat::DuplicateCooperative => Some(MovementKind::Simultaneous),
    }
}

/// One change of a movement after the start, as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovementChange {
    pub from_round: u32,
    /// What changed, in the director's words ("late entry 10: Ann Lee & Bob Ray").
    pub what: String,
    pub reason: String,
    pub changed_by: String,
    pub changed_at: chrono::NaiveDateTime,
    /// The plan it replaced (the movement's JSON).
    pub old_plan: String,
}

/// The movement rule: the plan may change until play starts.
pub const fn movement_open(status: super::EventStatus) -> bool {
    status.before_play()
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    #[error(
        "the movement is fixed once play has started: a change needs a reason, and the started \
         rounds stay"
    )]
    Started,
    #[error(
        "a progressive individual seats each round from the last round's results: it has no fixed movement"
    )]
    NoFixedPlan,
    #[error("a team match needs its 2 teams entered (not {0})")]
    Teams(usize),
    #[error(
        "a duplicate coöperative seats one entered table of four at each of its {tables} tables \
         ({entries} entered): enter {tables} tables, or change the event's tables"
    )]
    Tables { entries: usize, tables: u32 },
    #[error(transparent)]
    Movement(#[from] MovementError),
    #[error("the generated movement breaks its own rules: {0}")]
    Invalid(String),
    #[error(transparent)]
    Round(#[from] super::rounds::RoundError),
    #[error("a movement changes after the start only while the event is running (it is {0})")]
    NotRunning(super::EventStatus),
    #[error("the event has no movement to change")]
    NoMovement,
    #[error("the reason: {0}")]
    Reason(super::club::ValueError),
    #[error("the boards a round are fixed once play has started (the movement plays {0} a round)")]
    BoardsPerRoundFixed(u32),
    #[error("round {played} has started: the movement needs at least {played} rounds, not {asked}")]
    RoundsPlayed { played: u32, asked: u32 },
    #[error(
        "round {round} has started: its seats are fixed, so an arrow switch is for a later \
         round (after round {played})"
    )]
    SwitchStarted { round: u32, played: u32 },
    /// A heat of a simultaneous event plays exactly the sim's boards, 1 to `sim`.
    #[error(
        "a heat plays the simultaneous event's boards 1 to {sim}; this movement plays boards 1 to {movement}{}",
        heat_advice(*sim, *tables)
    )]
    HeatBoards {
        sim: u32,
        movement: u32,
        tables: u32,
    },
}

/// The boards a round that make a Mitchell of `tables` tables (which plays tables × boards
/// a round boards) play a sim's `boards`, if any number does.
pub fn heat_boards_per_round(boards: u32, tables: u32) -> Option<u32> {
    if tables == 0 || !boards.is_multiple_of(tables) {
        return None;
    }
    Some(boards / tables).filter(|k| (1..=movement::MAX_BOARDS_PER_ROUND).contains(k))
}

/// What a heat at `tables` tables chooses to play a sim's `boards`, for the words.
pub fn heat_advice(boards: u32, tables: u32) -> String {
    match heat_boards_per_round(boards, tables) {
        Some(k) => format!(" (at {tables} tables: {k} board{} a round)", plural(k)),
        None => format!(
            ": at {tables} tables a Mitchell plays {tables} × the boards a round, never {boards}; \
             give the heat a number of tables that divides {boards} (its settings)"
        ),
    }
}

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A heat's movement plays exactly the sim's boards (`sim_boards`; `None`: not a heat).
pub fn check_heat_boards(
    sim_boards: Option<u32>,
    tables: u32,
    m: &Movement,
) -> Result<(), PlanError> {
    match sim_boards {
        Some(sim) if sim != m.boards => Err(PlanError::HeatBoards {
            sim,
            movement: m.boards,
            tables,
        }),
        _ => Ok(()),
    }
}

/// [`plan`] for an event that may be a heat of a sim playing `sim_boards` boards: the
/// boards a round left empty are those that play the sim's boards at the event's tables
/// (when a number does), and a movement playing other boards is refused. The options as
/// used (stored with the movement, so a change during play keeps the boards a round).
pub fn plan_heat(
    settings: &EventSettings,
    entries: usize,
    options: &MovementOptions,
    sim_boards: Option<u32>,
) -> Result<(MovementOptions, Movement), PlanError> {
    let tables = u32::from(settings.tables());
    let mut options = options.clone();
    if options.boards_per_round.is_none() {
        options.boards_per_round = sim_boards.and_then(|b| heat_boards_per_round(b, tables));
    }
    let m = plan(settings, entries, &options)?;
    check_heat_boards(sim_boards, tables, &m)?;
    Ok((options, m))
}

/// The movement for the event's settings, its number of entries and the director's options,
/// checked by the one validator.
pub fn plan(
    settings: &EventSettings,
    entries: usize,
    options: &MovementOptions,
) -> Result<Movement, PlanError> {
    let kind = movement_kind(settings.format()).ok_or(PlanError::NoFixedPlan)?;
    let mut req = MovementRequest::new(kind);
    req.rounds = options.rounds;
    req.boards_per_round = options.boards_per_round;
    req.arrow_switch = options.arrow_switch.clone();
    match kind {
        MovementKind::TeamMatch => {
            if entries != 2 {
                return Err(PlanError::Teams(entries));
            }
            // One board a round: the rounds are the boards.
            req.boards = Some(options.rounds.unwrap_or(u32::from(settings.boards())));
            req.rounds = None;
            req.pairs = Some(4);
        }
        MovementKind::Simultaneous => {
            // A table of four is one entry: its majors pair and its minors pair.
            if entries != usize::from(settings.tables()) {
                return Err(PlanError::Tables {
                    entries,
                    tables: u32::from(settings.tables()),
                });
            }
            req.tables = Some(u32::from(settings.tables()));
            req.pairs = Some(2 * entries as u32);
        }
        _ => {
            req.tables = Some(u32::from(settings.tables()));
            req.pairs = Some(entries as u32);
        }
    }
    checked(movement::generate(&req)?)
}

/// The movement if it passes the one validator, else every broken rule in words.
fn checked(m: Movement) -> Result<Movement, PlanError> {
    movement::validate(&m).map_err(|v| {
        PlanError::Invalid(
            v.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join("; "),
        )
    })?;
    Ok(m)
}

/// The movement after a change during play: rounds 1 to `played` (started or played) exactly
/// as in `old`; the later rounds from a fresh plan for the entries as they are now and the
/// director's options; and every entry absent where it takes no part (a late entry before
/// the round it joined, a withdrawn one from the round it left; the opponent sits out, as
/// against a phantom). The whole is checked by the one validator, so a change that would
/// make a pair replay a board or meet an opponent twice is refused, naming that.
pub fn replan(
    settings: &EventSettings,
    entries: &[super::entries::Entry],
    old: &Movement,
    played: u32,
    options: &MovementOptions,
) -> Result<Movement, PlanError> {
    if played > 0 && options.boards_per_round.unwrap_or(1) != old.boards_per_round {
        return Err(PlanError::BoardsPerRoundFixed(old.boards_per_round));
    }
    if let Some(&round) = options
        .arrow_switch
        .iter()
        .find(|&&r| r <= played && !old.arrow_switched(r))
    {
        return Err(PlanError::SwitchStarted { round, played });
    }
    let fresh = plan(settings, entries.len(), options)?;
    if fresh.rounds < played {
        return Err(PlanError::RoundsPlayed {
            played,
            asked: fresh.rounds,
        });
    }
    // The started rounds from the old plan, the later ones from the fresh one.
    let mut m = fresh;
    m.boards = m.boards.max(old.boards);
    let later = std::mem::take(&mut m.schedule);
    m.schedule = old
        .schedule
        .iter()
        .filter(|s| s.round <= played)
        .cloned()
        .collect();
    m.schedule
        .extend(later.into_iter().filter(|s| s.round > played));
    let later = std::mem::take(&mut m.sit_out);
    m.sit_out = old
        .sit_out
        .iter()
        .filter(|s| s.round <= played)
        .cloned()
        .collect();
    m.sit_out
        .extend(later.into_iter().filter(|s| s.round > played));
    m.absent = old
        .absent
        .iter()
        .filter(|s| s.round <= played)
        .cloned()
        .collect();
    for e in entries {
        let pair = e.number.max(0) as u32;
        for round in 1..=m.rounds {
            let before = e.joined_round.is_some_and(|j| round < j);
            let after = e.withdrawn_round.is_some_and(|w| round >= w);
            // In rounds already under way only an entry the plan never had is marked.
            let unplaced = round <= played
                && m.place(round, pair).is_none()
                && !m.sitting_out(round).any(|p| p == pair);
            if (round > played && (before || after)) || unplaced {
                make_absent(&mut m, round, pair);
            }
        }
    }
    m.absent.sort_by_key(|a| (a.round, a.pair));
    m.absent.dedup();
    m.sit_out.sort_by_key(|s| (s.round, s.pair));
    checked(m)
}

/// Takes a pair out of a round: its table has no game and its opponent sits out.
fn make_absent(m: &mut Movement, round: u32, pair: u32) {
    if let Some(s) = m
        .schedule
        .iter_mut()
        .find(|s| s.round == round && (s.majors == Some(pair) || s.minors == Some(pair)))
    {
        let other = if s.majors == Some(pair) {
            s.minors
        } else {
            s.majors
        };
        s.majors = None;
        s.minors = None;
        s.boards.clear();
        if let Some(o) = other {
            m.sit_out.push(movement::SitOut { round, pair: o });
        }
    }
    m.sit_out.retain(|s| !(s.round == round && s.pair == pair));
    if !m.is_absent(round, pair) {
        m.absent.push(movement::SitOut { round, pair });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Count, SettingsDraft, TrumpsDraft};

    fn settings(format: &str, tables: i64, boards: i64) -> EventSettings {
        EventSettings::parse(&SettingsDraft {
            name: "Night".into(),
            date: "2026-05-01".into(),
            format: format.into(),
            game: String::new(),
            variant: "standard".into(),
            tables: Count::Number(tables),
            boards: Count::Number(boards),
            trick_rule: "standard".into(),
            trumps: TrumpsDraft::VariantDefault,
            correction_minutes: Count::Number(30),
            scale: String::new(),
            compare: String::new(),
            ..SettingsDraft::default()
        })
        .unwrap()
    }

    #[test]
    fn the_format_the_tables_and_the_entries_make_the_plan() {
        let m = plan(
            &settings("pairs-mitchell", 5, 5),
            10,
            &MovementOptions::default(),
        )
        .unwrap();
        assert_eq!(
            (m.kind, m.tables, m.pairs, m.rounds),
            (MovementKind::Mitchell, 5, 10, 5),
            "five tables: every pair meets every opposing pair"
        );
        let m = plan(
            &settings("pairs-mitchell", 5, 5),
            9,
            &MovementOptions::default(),
        )
        .unwrap();
        assert_eq!(m.sit_out.len(), 5, "a phantom pair: one sit-out a round");
        let e = plan(
            &settings("pairs-mitchell", 5, 5),
            7,
            &MovementOptions::default(),
        );
        assert!(matches!(e, Err(PlanError::Movement(_))), "{e:?}");
        let m = plan(
            &settings("progressive", 3, 9),
            6,
            &MovementOptions {
                rounds: Some(3),
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!((m.kind, m.boards), (MovementKind::Progressive, 9));
    }

    fn entries(n: u32) -> Vec<crate::event::entries::Entry> {
        (1..=n)
            .map(|i| crate::event::entries::Entry {
                id: crate::event::EntryId::new(i as i32),
                event_id: crate::event::EventId::new(1),
                number: i as i32,
                name: format!("Pair {i}"),
                kind: crate::event::entries::EntryKind::Pair,
                players: vec![],
                joined_round: None,
                withdrawn_round: None,
            })
            .collect()
    }

    fn three_rounds() -> MovementOptions {
        MovementOptions {
            rounds: Some(3),
            ..Default::default()
        }
    }

    #[test]
    fn a_late_pair_takes_the_phantoms_place_from_the_next_round() {
        let s = settings("pairs-mitchell", 3, 3);
        let old = plan(&s, 5, &three_rounds()).unwrap();
        let mut e = entries(6);
        e[5].joined_round = Some(2);
        let m = replan(&s, &e, &old, 1, &three_rounds()).unwrap();
        assert_eq!(m.pairs, 6);
        assert!(m.round(1).eq(old.round(1)), "round 1 is kept as played");
        assert_eq!(
            m.sitting_out(1).collect::<Vec<_>>(),
            old.sitting_out(1).collect::<Vec<_>>()
        );
        assert!(m.is_absent(1, 6) && !m.is_absent(2, 6));
        for r in 2..=3 {
            assert!(m.place(r, 6).is_some(), "round {r}: the late pair plays");
            assert_eq!(m.sitting_out(r).count(), 0, "round {r}: no sit-out");
        }
    }

    #[test]
    fn a_withdrawn_pairs_opponents_sit_out_and_played_rounds_stay() {
        let s = settings("pairs-mitchell", 3, 3);
        let old = plan(&s, 6, &three_rounds()).unwrap();
        let mut e = entries(6);
        e[1].withdrawn_round = Some(3);
        let m = replan(&s, &e, &old, 2, &three_rounds()).unwrap();
        assert!(m.round(1).eq(old.round(1)) && m.round(2).eq(old.round(2)));
        assert!(m.is_absent(3, 2) && !m.is_absent(2, 2));
        assert_eq!(m.place(3, 2), None);
        let opponent = old
            .round(3)
            .find(|t| t.majors == Some(2) || t.minors == Some(2))
            .and_then(|t| {
                if t.majors == Some(2) {
                    t.minors
                } else {
                    t.majors
                }
            })
            .unwrap();
        assert_eq!(m.sitting_out(3).collect::<Vec<_>>(), vec![opponent]);
        // Both opponents of one table withdrawn: an empty table, nobody sitting out.
        e[opponent as usize - 1].withdrawn_round = Some(3);
        let m = replan(&s, &e, &old, 2, &three_rounds()).unwrap();
        assert_eq!(m.sitting_out(3).count(), 0);
        assert_eq!(m.round(3).filter(|t| !t.has_game()).count(), 1);
    }

    #[test]
    fn a_change_after_the_start_keeps_the_played_rounds_and_boards_a_round() {
        let s = settings("pairs-mitchell", 5, 5);
        let old = plan(&s, 10, &MovementOptions::default()).unwrap();
        let e = entries(10);
        let m = replan(&s, &e, &old, 2, &three_rounds()).unwrap();
        assert_eq!(m.rounds, 3);
        assert!(
            m.schedule
                .iter()
                .filter(|t| t.round <= 2)
                .eq(old.schedule.iter().filter(|t| t.round <= 2))
        );
        let fewer = MovementOptions {
            rounds: Some(1),
            ..Default::default()
        };
        assert_eq!(
            replan(&s, &e, &old, 2, &fewer),
            Err(PlanError::RoundsPlayed {
                played: 2,
                asked: 1
            })
        );
        let two_a_round = MovementOptions {
            boards_per_round: Some(2),
            ..Default::default()
        };
        assert_eq!(
            replan(&s, &e, &old, 1, &two_a_round),
            Err(PlanError::BoardsPerRoundFixed(1))
        );
        // Too many pairs for the tables: the generator's own message.
        assert!(matches!(
            replan(&s, &entries(11), &old, 1, &MovementOptions::default()),
            Err(PlanError::Movement(_))
        ));
    }

    #[test]
    fn a_team_match_needs_two_teams_and_plays_its_boards_one_a_round() {
        let s = settings("team-match", 2, 6);
        assert_eq!(
            plan(&s, 3, &MovementOptions::default()),
            Err(PlanError::Teams(3))
        );
        let m = plan(&s, 2, &MovementOptions::default()).unwrap();
        assert_eq!((m.rounds, m.boards, m.pairs), (6, 6, 4));
        assert!(
            plan(
                &settings("progressive-individual", 3, 3),
                12,
                &MovementOptions::default()
            )
            .is_err()
        );
    }
}
