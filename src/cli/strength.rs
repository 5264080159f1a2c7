//! `bench robots`: the robot's strength, measured duplicate-fashion. Over the same boards
//! (from a fixed set key) the robot plays each board twice against another player, once on
//! each side, so the cards cancel; the mean of its net per board, with a 95% confidence
//! interval, for each opponent and budget.

use std::time::Instant;

use crate::deals::par::{duplicate_net, in_parallel};
use crate::deals::{SetKey, board};
use crate::engine::GameSpec;
use crate::engine::robot::Player;
use crate::scoring::rounding::whole;

/// The set key of the strength boards: fixed, so anyone reruns the same boards.
pub const STRENGTH_KEY: &str = "5354524e4754482d424f415244532d31";

/// One line of the table: mean net per board and the half-width of its 95% interval.
pub struct Strength {
    pub opponent: &'static str,
    pub playouts: u32,
    pub boards: u32,
    pub mean: f64,
    pub ci95: f64,
    pub seconds: f64,
}

fn key() -> SetKey {
    SetKey::from_hex(&STRENGTH_KEY.repeat(2)).unwrap_or_else(|_| unreachable!("64 hex digits"))
}

/// The robot with `playouts` against `opponent` over boards 1..=`boards`, on `threads`.
pub fn strength(boards: u32, playouts: u32, opponent: Player, threads: usize) -> Strength {
    let spec = GameSpec::default();
    let key = key();
    let robot = Player::Robot { playouts };
    let started = Instant::now();
    let nets = in_parallel(boards as usize, threads, |i| {
        board(&key, i as u32 + 1, false, &spec, None)
            .map_or(0, |b| duplicate_net(&spec, &key, &b, robot, opponent))
    });
    let n = f64::from(boards.max(1));
    let mean = nets.iter().sum::<i64>() as f64 / n;
    let var = nets.iter().map(|&x| (x as f64 - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    Strength {
        opponent: match opponent {
            Player::Random => "random",
            Player::Greedy => "greedy",
            Player::Robot { .. } => "robot",
        },
        playouts,
        boards,
        mean,
        ci95: 1.96 * (var / n).sqrt(),
        seconds: started.elapsed().as_secs_f64(),
    }
}

pub fn strength_text(s: &Strength) -> String {
    format!(
        "robots vs {}: {} playouts, {} boards: {:+} a board (95% CI {:+} to {:+}), {:.0} s\n",
        s.opponent,
        s.playouts,
        s.boards,
        // Score differences by the one display rounding (as a par and its net are shown).
        whole(s.mean),
        whole(s.mean - s.ci95),
        whole(s.mean + s.ci95),
        s.seconds
    )
}
