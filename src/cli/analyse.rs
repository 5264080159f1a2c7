//! `analyse`: each board's robot par from a set key (see `crate::deals::par`). The output
//! depends only on the key, the boards, the game and the budget: run it twice, get the same
//! bytes. A progress bar goes to the terminal (stderr), never into a pipe or file.

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use super::deals::{Format, GameArgs, fail, parse_boards, parse_key, parse_seat};
use crate::deals::par::{self, BoardPar, DEFAULT_GAMES, DEFAULT_PLAYOUTS, ParSettings};
use crate::deals::{ALGORITHM, board};
// The one display rounding, as the site and the papers show a par (`{:.0}` rounds halves
// to even, and printed -268.5 as -268 where the site shows -269).
use crate::scoring::rounding::whole;

/// Most boards in one analysis (each costs seconds to minutes).
const MAX_BOARDS: usize = 100;

/// What robots make of each board of a set: their scores over many robot games.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// The set key: 64 hex digits.
    #[arg(long)]
    key: String,
    /// Boards: `1-5`, `3`, or lists like `1-4,7`.
    #[arg(long)]
    boards: String,
    /// Reserve boards instead.
    #[arg(long)]
    reserve: bool,
    /// Robot games per board.
    #[arg(long, default_value_t = DEFAULT_GAMES)]
    games: u32,
    /// Playouts per card each robot may spend.
    #[arg(long, default_value_t = DEFAULT_PLAYOUTS)]
    playouts: u32,
    /// Threads (default: every core). The figures do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    #[command(flatten)]
    game: GameArgs,
}

#[derive(Serialize)]
struct AnalysisJson {
    algorithm: &'static str,
    commitment: String,
    variant: &'static str,
    games: u32,
    playouts: u32,
    boards: Vec<BoardPar>,
}

pub fn run(args: AnalyseArgs) -> i32 {
    let result = (|| {
        let spec = args.game.spec()?;
        par::analysable(&spec).map_err(|e| e.to_string())?;
        let settings = ParSettings {
            games: args.games,
            playouts: args.playouts,
        }
        .checked()
        .map_err(|e| e.to_string())?;
        let key = parse_key(&args.key)?;
        let numbers = parse_boards(&args.boards, MAX_BOARDS)?;
        let first = parse_seat(&args.game.first_dealer, &spec)?;
        let threads = match args.threads {
            Some(0) => return Err("--threads must be at least 1".to_string()),
            Some(n) => n.min(256),
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        let bar = ProgressBar::new(numbers.len() as u64 * u64::from(settings.games));
        bar.set_style(
            ProgressStyle::with_template(
                "{msg} [{bar:30}] {pos}/{len} robot games, {elapsed} (about {eta} left)",
            )
            .map_err(|e| e.to_string())?
            .progress_chars("=> "),
        );
        let mut boards = Vec::with_capacity(numbers.len());
        for n in numbers {
            bar.set_message(format!("board {n}"));
            let b = board(&key, n, args.reserve, &spec, first).map_err(|e| e.to_string())?;
            let tick = || bar.inc(1);
            boards.push(
                par::analyse_board(&spec, &key, &b, settings, threads, &tick)
                    .map_err(|e| e.to_string())?,
            );
        }
        bar.finish_and_clear();
        let analysis = AnalysisJson {
            algorithm: ALGORITHM,
            commitment: key.commitment(),
            variant: spec.variant.name(),
            games: settings.games,
            playouts: settings.playouts,
            boards,
        };
        Ok(match args.format {
            Format::Json => serde_json::to_string_pretty(&analysis).map_err(|e| e.to_string())?,
            Format::Text => text(&analysis),
        })
    })();
    match result {
        Ok(out) => {
            println!("{}", out.trim_end());
            0
        }
        Err(e) => fail(e),
    }
}

fn text(a: &AnalysisJson) -> String {
    let mut out = format!(
        "Robot par: {} robot games a board, {} playouts a card ({}, set key commitment {})\n\n",
        a.games, a.playouts, a.variant, a.commitment
    );
    // Cooperative Calypso's par adds the table total (both sides' scores, one figure).
    let totals = a.boards.iter().any(|b| b.total.is_some());
    out.push_str(&format!(
        "{:>5}  {:>7} {:>7} {:>6} {:>13}  {:>7} {:>7} {:>6} {:>13}  {:>7}{}\n",
        "Board",
        "Majors",
        "median",
        "sd",
        "10%-90%",
        "Minors",
        "median",
        "sd",
        "10%-90%",
        "Net",
        if totals {
            format!("  {:>7} {:>13}", "Total", "10%-90%")
        } else {
            String::new()
        }
    ));
    for b in &a.boards {
        let side = |f: &par::Figures| {
            format!(
                "{:>7} {:>7} {:>6} {:>13}",
                whole(f.mean),
                whole(f.median),
                whole(f.sd),
                format!("{}-{}", f.p10, f.p90)
            )
        };
        out.push_str(&format!(
            "{:>5}  {}  {}  {:>+7}{}\n",
            b.board,
            side(&b.majors),
            side(&b.minors),
            whole(b.net),
            b.total
                .as_ref()
                .map(|t| format!(
                    "  {:>7} {:>13}",
                    whole(t.mean),
                    format!("{}-{}", t.p10, t.p90)
                ))
                .unwrap_or_default()
        ));
    }
    out.push_str("\nMajors and minors: mean score over the robot games. Net: the majors' mean less the minors'.\n");
    if totals {
        out.push_str("Total: the table's total (cooperative Calypso: both sides' scores, less 260 a revoke), mean over the robot games.\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::deals::par::Figures;
    use crate::event::par::{self as event_par, EventPars};

    /// A board whose par net and majors' mean fall on a half: where `{:.0}` (halves to even)
    /// and the site's rounding (halves away from zero) used to differ.
    fn halves() -> BoardPar {
        let f = |mean: f64| Figures {
            mean,
            median: mean,
            sd: 300.5,
            p10: 990,
            p90: 2300,
        };
        BoardPar {
            board: 1,
            games: 200,
            playouts: 200,
            majors: f(1351.5),
            minors: f(1620.0),
            net: -268.5,
            total: None,
        }
    }

    #[test]
    fn a_par_on_a_half_reads_the_same_in_the_cli_on_the_site_and_in_the_pdf() {
        let p = halves();
        let cli = text(&AnalysisJson {
            algorithm: ALGORITHM,
            commitment: "c".into(),
            variant: "calypso",
            games: 200,
            playouts: 200,
            boards: vec![p.clone()],
        });
        let row = cli.lines().nth(3).unwrap();
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells[1], "1352", "{row}");
        assert_eq!(cells[3], "301", "{row}");
        assert_eq!(cells.last(), Some(&"-269"), "{row}");
        // The site's boards page, travellers and the printed papers all show a par through
        // `event::par` (the traveller's column, the hand record's lines).
        let site = event_par::signed(event_par::whole(p.net));
        assert_eq!(site, "-269");
        assert!(event_par::par_line(&p).contains("majors 1,352 "));
        let pars = EventPars::Boards {
            boards: 1,
            stored: BTreeMap::from([(1, p.clone())]),
            working: true,
        };
        let board = crate::deals::Board {
            number: 1,
            reserve: false,
            first_dealer: crate::engine::Seat::North,
            stack: vec![],
            deals: vec![],
        };
        let pdf = crate::print::hand_records::par_lines(
            &pars,
            &board,
            &crate::event::seats::SideNames::default(),
        );
        assert!(pdf[0].contains("net -269 "), "{pdf:?}");
        assert!(pdf[1].contains("Majors 1,352 "), "{pdf:?}");
    }
}
