//! The club's pace as the event form shows it (#38): one block per game the form offers,
//! the chosen game's shown (the form's script shows another's when the game changes), and
//! the small question it answers: a round of how many boards, in an evening of how long.

use serde::Deserialize;

use crate::event::ClubId;
use crate::event::pace::{
    DEFAULT_EVENING_MINUTES, MAX_EVENING_MINUTES, MAX_GAMES_A_ROUND, PaceWords, club_lines,
};
use crate::service;
use crate::web::error::AppError;
use crate::web::state::AppState;

/// The pace block's question, from the page's address (`?per_round=2&evening=3&game=duet`);
/// every field optional, anything else answered with the default and a line saying so.
#[derive(Deserialize, Default)]
#[serde(default)]
pub struct PaceQuery {
    pub per_round: String,
    pub evening: String,
    pub game: String,
}

/// One game's pace lines.
pub struct GamePace {
    pub value: &'static str,
    pub lines: Vec<String>,
    pub shown: bool,
}

/// The whole block.
pub struct PaceBlock {
    pub games: Vec<GamePace>,
    pub per_round: u32,
    pub evening_hours: u32,
    pub max_per_round: u32,
    pub max_evening_hours: u32,
    /// What was asked and could not be read.
    pub problems: Vec<String>,
    /// The game the block shows (the form's, or the one the question named).
    pub game: String,
    /// Some game has a pace: the question is worth asking.
    pub any: bool,
}

fn bounded(text: &str, max: u32, what: &str, default: u32, problems: &mut Vec<String>) -> u32 {
    let text = text.trim();
    if text.is_empty() {
        return default;
    }
    match text.parse::<u32>() {
        Ok(n) if (1..=max).contains(&n) => n,
        _ => {
            problems.push(format!(
                "{what}: a whole number from 1 to {max} (not “{}”); {default} is shown.",
                text.chars().take(20).collect::<String>()
            ));
            default
        }
    }
}

/// The club's pace of every game, `chosen` shown (a game the question names instead, if it
/// is one of the form's). Reads the club's own paces only.
pub async fn pace_block(
    state: &AppState,
    club: ClubId,
    chosen: &str,
    q: &PaceQuery,
) -> Result<PaceBlock, AppError> {
    let mut problems = Vec::new();
    let per_round = bounded(
        &q.per_round,
        MAX_GAMES_A_ROUND,
        "Boards a round",
        1,
        &mut problems,
    );
    let max_hours = MAX_EVENING_MINUTES / 60;
    let evening_hours = bounded(
        &q.evening,
        max_hours,
        "Hours in the evening",
        DEFAULT_EVENING_MINUTES / 60,
        &mut problems,
    );
    let paces = state
        .db(move |c| Ok(service::paces::club_paces(c, club)?))
        .await?;
    let asked = q.game.trim();
    let game = if paces.iter().any(|(c, _)| c.value == asked) {
        asked.to_string()
    } else {
        chosen.to_string()
    };
    let any = paces.iter().any(|(_, p)| p.is_some());
    let games = paces
        .iter()
        .map(|(choice, pace)| GamePace {
            value: choice.value,
            lines: club_lines(
                pace.as_ref(),
                PaceWords::of_choice(choice),
                per_round,
                evening_hours * 60,
            ),
            shown: choice.value == game,
        })
        .collect();
    Ok(PaceBlock {
        games,
        per_round,
        evening_hours,
        max_per_round: MAX_GAMES_A_ROUND,
        max_evening_hours: max_hours,
        problems,
        game,
        any,
    })
}
