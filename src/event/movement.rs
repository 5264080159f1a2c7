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

/// The movement kind each format plays; the progressive individual's seating follows the
/// results round by round, so it has no fixed plan.
pub const fn movement_kind(format: EventFormat) -> Option<MovementKind> {
    match format {
        EventFormat::TeamMatch => Some(MovementKind::TeamMatch),
        EventFormat::PairsMitchell => Some(MovementKind::Mitchell),
        EventFormat::Progressive => Some(MovementKind::Progressive),
        EventFormat::ProgressiveIndividual => None,
    }
}

/// The movement rule: the plan may change until play starts.
pub const fn movement_open(status: super::EventStatus) -> bool {
    matches!(
        status,
        super::EventStatus::Draft | super::EventStatus::Ready
    )
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    #[error("the movement is fixed once play has started")]
    Started,
    #[error(
        "a progressive individual seats each round from the last round's results: it has no fixed movement"
    )]
    NoFixedPlan,
    #[error("a team match needs its 2 teams entered (not {0})")]
    Teams(usize),
    #[error(transparent)]
    Movement(#[from] MovementError),
    #[error("the generated movement breaks its own rules: {0}")]
    Invalid(String),
    #[error(transparent)]
    Round(#[from] super::rounds::RoundError),
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
        _ => {
            req.tables = Some(u32::from(settings.tables()));
            req.pairs = Some(entries as u32);
        }
    }
    let m = movement::generate(&req)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Count, SettingsDraft, TrumpsDraft};

    fn settings(format: &str, tables: i64, boards: i64) -> EventSettings {
        EventSettings::parse(&SettingsDraft {
            name: "Night".into(),
            date: "2026-05-01".into(),
            format: format.into(),
            variant: "standard".into(),
            tables: Count::Number(tables),
            boards: Count::Number(boards),
            trick_rule: "standard".into(),
            trumps: TrumpsDraft::VariantDefault,
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
            (MovementKind::Mitchell, 5, 10, 4)
        );
        let m = plan(
            &settings("pairs-mitchell", 5, 5),
            9,
            &MovementOptions::default(),
        )
        .unwrap();
        assert_eq!(m.sit_out.len(), 4, "a phantom pair: one sit-out a round");
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
