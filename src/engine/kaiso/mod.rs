//! Kaiso (v0.0.1): Calypso's deal and trick play unchanged, but the winner of a trick places
//! each of its cards (start a song, add to a song, join two songs in a medley, or ditch it to
//! the trick pile), and songs score as chords and scales. Trick play is [`Game`]'s, run in
//! its [`Game::trick_play_only`] mode; this module is everything after the trick is won.
//!
//! - [`song`]: the combinations as data and what a song of cards may still become.
//! - [`placement`]: song ids and where the winner puts a card; [`side`]: the partnerships.
//! - [`play`]: one game as it is played, trick by trick, placement by placement.
//! - [`record`], [`replay`]: a whole play record, replayed with every placement checked.
//! - [`summary`]: what a table enters without a play record, checked against the board.
//! - [`random`]: random legal games, for tests.
//!
//! Song ids: each partnership numbers its songs 1, 2, 3, ... in the order they are started,
//! written with the partnership, `NS3`, `EW1`. A medley's song keeps the lower (older) of
//! the two numbers; the other number, like a scored song's, is never used again.
//!
//! [`Game`]: crate::engine::Game
//! [`Game::trick_play_only`]: crate::engine::Game::trick_play_only

mod fit;
pub mod placement;
pub mod play;
pub mod random;
pub mod record;
pub mod replay;
pub mod side;
pub mod song;
pub mod summary;
pub mod wire;

pub use placement::{Placement, SongId, To};
pub use play::{
    KaisoGame, KaisoOutcome, KaisoPlayError, KaisoRevoke, OpenSong, Placed, PlacementError,
    ScoredSong, SideOutcome, WonTrick,
};
pub use record::{KaisoDealRecord, KaisoRecord};
pub use replay::replay;
pub use side::{Partnerships, side_code, side_name};
pub use song::{Kind, Reading, Tally};
pub use summary::{
    CHECK_BUDGET, KaisoScore, KaisoSummary, SideScore, SideSummary, SummarySong, check,
    check_within, score,
};
