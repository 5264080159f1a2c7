//! The rules engine: pure, no I/O. The referee of every result.

pub mod auction;
pub mod budget;
pub mod calypso;
pub mod cards;
pub mod duet;
pub mod embers;
pub mod game;
pub mod json;
pub mod kaiso;
pub mod random;
pub mod robot;
pub mod score;
pub mod spec;
pub mod trick;

pub use budget::Budget;
pub use calypso::{Calypsos, calypso_points};
pub use cards::{Card, CardCounts, NotationError, Rank, Seat, Suit, parse_cards, sort_for_display};
pub use duet::{DuetChoice, DuetDeal, DuetError, DuetHands, Exchange};
pub use game::{CardPlayed, DuetDealError, Game, HandsError, PlayError, Revoke};
pub use score::{GRADE_FLOORS, Grade, PlayerScore, Score, SideScore, grade};
pub use spec::{
    Deal, Direction, Duet, DuetPlayer, GameSpec, PlayOrder, Scoring, SpecError, TrickRule, Trumps,
    TrumpsError, UnknownTrickRule, UnknownVariant, Variant,
};
pub mod replay;
pub mod summary;
pub use replay::{
    DealRecord, GameRecord, ReplayError, ReplayOutcome, ReplayStep, replay, replay_watched,
};
pub use summary::{
    PlayerSummary, Problem, Summary, check, check_series, score_summary, score_summary_with_revokes,
};
