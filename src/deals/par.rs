//! Robot par: what a board was worth. A field of robots (see [`crate::engine::robot`])
//! plays the board's four deals `games` times; the majors' and minors' scores over those
//! games are the board's par. Every game's random numbers come from the set key, the board
//! and the game's number, so anyone with the revealed key gets the same figures, on any
//! number of threads.

use std::sync::atomic::{AtomicUsize, Ordering};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::algorithm::{Board, SetKey};
use crate::engine::robot::{self, BudgetError, MAX_PLAYOUTS, Player};
use crate::engine::{GameSpec, Scoring, Seat};

/// Domain tag of the robot games' seeds (version 1).
const PAR_TAG: &[u8] = b"calypso-director robot par v1";

/// The most games a board's analysis may play.
pub const MAX_GAMES: u32 = 10_000;
/// The default field: robot games per board and playouts per card.
pub const DEFAULT_GAMES: u32 = 200;
pub const DEFAULT_PLAYOUTS: u32 = 200;

/// How much analysis: robot games per board, and each robot's playouts per card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParSettings {
    pub games: u32,
    pub playouts: u32,
}

impl Default for ParSettings {
    fn default() -> ParSettings {
        ParSettings {
            games: DEFAULT_GAMES,
            playouts: DEFAULT_PLAYOUTS,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParError {
    #[error("robot games per board must be 1 to {MAX_GAMES}, not {0}")]
    Games(u32),
    #[error("{0}")]
    Playouts(BudgetError),
    #[error(
        "robot par is worked out for partnership and cooperative Calypso dealt to four hidden \
         hands; {0} is not"
    )]
    Variant(&'static str),
}

impl ParSettings {
    pub fn checked(self) -> Result<ParSettings, ParError> {
        if !(1..=MAX_GAMES).contains(&self.games) {
            return Err(ParError::Games(self.games));
        }
        Player::robot(self.playouts).map_err(ParError::Playouts)?;
        Ok(self)
    }
}

/// One side's scores over the robot games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Figures {
    pub mean: f64,
    pub median: f64,
    pub sd: f64,
    /// 10th and 90th percentiles (nearest rank).
    pub p10: i64,
    pub p90: i64,
}

/// A board's robot par.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardPar {
    pub board: u32,
    pub games: u32,
    pub playouts: u32,
    pub majors: Figures,
    pub minors: Figures,
    /// The mean of majors' less minors' score: the par a table's net is set against.
    pub net: f64,
    /// Cooperative Calypso only: the table total's figures (both sides' scores less 260 a
    /// revoke), the par a cooperative table's total is set against. Absent from the JSON of
    /// the other games, so a par stored before it reads as it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<Figures>,
}

impl BoardPar {
    /// The figure a table is set against: the par table total for cooperative Calypso
    /// (all four play for one total), else the par net (majors less minors).
    pub fn measure(&self) -> Measure {
        match &self.total {
            Some(t) => Measure::Total(t.mean),
            None => Measure::Net(self.net),
        }
    }
}

/// What a table's result is compared with: the majors' net, or (cooperative) the table total.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Measure {
    Net(f64),
    Total(f64),
}

/// Can the robots play this game, with a figure an event's result is compared with? Four
/// seats dealt hidden hands (no open dummies), playing as two partnerships (the net) or
/// all four together (cooperative: the table total). Cut-throat, split partnerships and the
/// three-handed games are played by the robots but have per-seat scores an event's two side
/// scores do not hold; Duet's dummies are open.
pub fn analysable(spec: &GameSpec) -> Result<(), ParError> {
    let scoring = matches!(spec.scoring, Scoring::Partnership | Scoring::Cooperative);
    if spec.players == 4 && scoring && spec.duet.is_none() {
        Ok(())
    } else {
        Err(ParError::Variant(spec.variant.name()))
    }
}

/// The seed of robot game `game` (0-based) of a board:
/// `SHA-256(tag || key as 64 hex digits || board number u32 BE || reserve byte || game u32 BE)`.
pub fn game_seed(key: &SetKey, board: &Board, game: u32) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(PAR_TAG);
    h.update(key.to_hex().as_bytes());
    h.update(board.number.to_be_bytes());
    h.update([u8::from(board.reserve)]);
    h.update(game.to_be_bytes());
    h.finalize().into()
}

/// The majors' and minors' scores of one robot game of the board.
pub fn robot_game(
    spec: &GameSpec,
    key: &SetKey,
    board: &Board,
    game: u32,
    playouts: u32,
) -> (i64, i64) {
    let (majors, minors, _) = robot_game_scored(spec, key, board, game, playouts);
    (majors, minors)
}

/// The same with the table total (cooperative Calypso's, revokes charged; None for the
/// other games).
pub fn robot_game_scored(
    spec: &GameSpec,
    key: &SetKey,
    board: &Board,
    game: u32,
    playouts: u32,
) -> (i64, i64, Option<i64>) {
    let mut rng = ChaCha8Rng::from_seed(game_seed(key, board, game));
    let player = Player::Robot {
        playouts: playouts.clamp(1, MAX_PLAYOUTS),
    };
    let played = robot::play_game(
        spec,
        board.first_dealer,
        &board.deals,
        [player; 4],
        &mut rng,
    );
    let score = played.score();
    let majors = spec.majors_side();
    let side = |i: usize| score.sides.get(i).map_or(0, |s| s.score);
    (side(majors), side(1 - majors), score.table_total)
}

/// One board played duplicate-fashion, `player` against `opponent`: once with `player` at
/// the majors' seats, once at the minors', the same deals both times, so the cards cancel.
/// The sum of `player`'s two nets (its side's score less the other's).
pub fn duplicate_net(
    spec: &GameSpec,
    key: &SetKey,
    board: &Board,
    player: Player,
    opponent: Player,
) -> i64 {
    let majors = spec.majors_side();
    let mut total = 0;
    for (turn, side) in [majors, 1 - majors].into_iter().enumerate() {
        let mut rng = ChaCha8Rng::from_seed(game_seed(key, board, turn as u32));
        let seats = Seat::ALL.map(|s| {
            if spec.side_of(s) == side {
                player
            } else {
                opponent
            }
        });
        let score =
            robot::play_game(spec, board.first_dealer, &board.deals, seats, &mut rng).score();
        let of = |i: usize| score.sides.get(i).map_or(0, |s| s.score);
        total += of(side) - of(1 - side);
    }
    total
}

/// Plays the board's robot games on `threads` threads (at least one); `progress` is called
/// after each game. The figures do not depend on the number of threads.
pub fn analyse_board(
    spec: &GameSpec,
    key: &SetKey,
    board: &Board,
    settings: ParSettings,
    threads: usize,
    progress: &(dyn Fn() + Sync),
) -> Result<BoardPar, ParError> {
    analysable(spec)?;
    let settings = settings.checked()?;
    let games = settings.games as usize;
    let scores = in_parallel(games, threads, |g| {
        let s = robot_game_scored(spec, key, board, g as u32, settings.playouts);
        progress();
        s
    });
    let majors: Vec<i64> = scores.iter().map(|s| s.0).collect();
    let minors: Vec<i64> = scores.iter().map(|s| s.1).collect();
    let nets: Vec<i64> = scores.iter().map(|s| s.0 - s.1).collect();
    let totals: Option<Vec<i64>> = (spec.scoring == Scoring::Cooperative)
        .then(|| scores.iter().map(|s| s.2.unwrap_or(s.0 + s.1)).collect());
    Ok(BoardPar {
        board: board.number,
        games: settings.games,
        playouts: settings.playouts,
        majors: figures(&majors),
        minors: figures(&minors),
        net: figures(&nets).mean,
        total: totals.as_deref().map(figures),
    })
}

/// `f(0)` to `f(n - 1)` on `threads` threads (at least one), each thread taking the next
/// index as it frees up; the results in index order, whatever the threads. A task that
/// panicked (none should) leaves `T::default()` in its place.
pub fn in_parallel<T: Default + Clone + Send>(
    n: usize,
    threads: usize,
    f: impl Fn(usize) -> T + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let mut out = vec![T::default(); n];
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.clamp(1, n.max(1)))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= n {
                            break;
                        }
                        mine.push((i, f(i)));
                    }
                    mine
                })
            })
            .collect();
        for w in workers {
            for (i, x) in w.join().unwrap_or_default() {
                out[i] = x;
            }
        }
    });
    out
}

/// Mean, median, standard deviation and 10th/90th percentiles of scores (not empty).
pub fn figures(scores: &[i64]) -> Figures {
    let n = scores.len().max(1) as f64;
    let mean = scores.iter().sum::<i64>() as f64 / n;
    let var = scores
        .iter()
        .map(|&s| (s as f64 - mean).powi(2))
        .sum::<f64>()
        / n;
    let mut sorted = scores.to_vec();
    sorted.sort_unstable();
    let len = sorted.len();
    let at = |p: f64| -> i64 {
        // Nearest rank: the smallest score with at least p of the games at or below it.
        let rank = ((p * len as f64).ceil() as usize).clamp(1, len.max(1));
        sorted.get(rank - 1).copied().unwrap_or(0)
    };
    let median = match len {
        0 => 0.0,
        _ if len % 2 == 1 => sorted[len / 2] as f64,
        _ => (sorted[len / 2 - 1] + sorted[len / 2]) as f64 / 2.0,
    };
    Figures {
        mean,
        median,
        sd: var.sqrt(),
        p10: at(0.1),
        p90: at(0.9),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deals::board;
    use crate::engine::Variant;

    fn key() -> SetKey {
        SetKey::from_hex(&"7e".repeat(32)).unwrap()
    }

    #[test]
    fn figures_of_ten_scores() {
        let f = figures(&[100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
        assert_eq!(f.mean, 550.0);
        assert_eq!(f.median, 550.0);
        assert_eq!(f.p10, 100);
        assert_eq!(f.p90, 900);
        assert!((f.sd - 287.228).abs() < 0.001, "{}", f.sd);
    }

    #[test]
    fn the_figures_do_not_depend_on_the_threads() {
        let spec = GameSpec::default();
        let b = board(&key(), 1, false, &spec, None).unwrap();
        let s = ParSettings {
            games: 6,
            playouts: 8,
        };
        let one = analyse_board(&spec, &key(), &b, s, 1, &|| {}).unwrap();
        let two = analyse_board(&spec, &key(), &b, s, 2, &|| {}).unwrap();
        assert_eq!(one, two);
        assert_eq!(one.games, 6);
        assert!((one.net - (one.majors.mean - one.minors.mean)).abs() < 1e-9);
    }

    #[test]
    fn robots_beat_greedy_and_random_players_duplicate_fashion() {
        // A small, seeded version of `bench robots` (docs/performance.md's table has 1,000 boards).
        let spec = GameSpec::default();
        let robot = Player::Robot { playouts: 30 };
        for opponent in [Player::Greedy, Player::Random] {
            let total: i64 = (1..=12)
                .map(|n| {
                    let b = board(&key(), n, false, &spec, None).unwrap();
                    duplicate_net(&spec, &key(), &b, robot, opponent)
                })
                .sum();
            assert!(total > 0, "{opponent:?}: {total}");
        }
        // The same player on both sides nets nothing on a board only if the cards cancel:
        // greedy against greedy is the same game twice, seats swapped.
        let b = board(&key(), 1, false, &spec, None).unwrap();
        let g = duplicate_net(&spec, &key(), &b, Player::Greedy, Player::Greedy);
        assert_eq!(g, 0);
    }

    #[test]
    fn bounds_and_variants_are_refused_by_name() {
        let spec = GameSpec::default();
        let b = board(&key(), 1, false, &spec, None).unwrap();
        let bad = |games, playouts| {
            analyse_board(
                &spec,
                &key(),
                &b,
                ParSettings { games, playouts },
                1,
                &|| {},
            )
            .unwrap_err()
            .to_string()
        };
        assert_eq!(
            bad(0, 10),
            "robot games per board must be 1 to 10000, not 0"
        );
        assert_eq!(
            bad(20_000, 10),
            "robot games per board must be 1 to 10000, not 20000"
        );
        assert_eq!(
            bad(5, 0),
            "a robot's playouts per card must be 1 to 100000, not 0"
        );
        let cut = GameSpec::new(Variant::CutThroat4);
        assert!(analysable(&cut).is_err());
        assert!(analysable(&spec).is_ok());
        assert!(analysable(&GameSpec::new(Variant::Cooperative)).is_ok());
        assert!(analysable(&GameSpec::new(Variant::Duet)).is_err());
    }

    #[test]
    fn a_cooperative_par_is_the_table_total_all_four_players_make() {
        // "the aim for all four players is to maximise the total score".
        let spec = GameSpec::new(Variant::Cooperative);
        let b = board(&key(), 2, false, &spec, None).unwrap();
        let s = ParSettings {
            games: 4,
            playouts: 8,
        };
        let p = analyse_board(&spec, &key(), &b, s, 1, &|| {}).unwrap();
        let totals: Vec<i64> = (0..4)
            .map(|g| {
                let (majors, minors, total) = robot_game_scored(&spec, &key(), &b, g, 8);
                // Robots play legal cards only: no revoke, so the total is the two scores.
                assert_eq!(total, Some(majors + minors));
                majors + minors
            })
            .collect();
        assert_eq!(p.total, Some(figures(&totals)));
        assert!(matches!(p.measure(), Measure::Total(t) if t == figures(&totals).mean));
        // A standard board's par has none, and its JSON no "total": stored rows read as before.
        let standard = GameSpec::default();
        let sb = board(&key(), 2, false, &standard, None).unwrap();
        let q = analyse_board(&standard, &key(), &sb, s, 1, &|| {}).unwrap();
        assert_eq!(q.total, None);
        let json = serde_json::to_string(&q).unwrap();
        assert!(!json.contains("total"), "{json}");
        let back: BoardPar = serde_json::from_str(&json).unwrap();
        assert_eq!(back.total, None);
        let coop: BoardPar = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
        assert!(coop.total.is_some());
    }
}
