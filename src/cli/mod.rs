//! The command line. Each area has its own module; this file only routes.
//! Exit status: 0 on success, 2 on bad input (with a message naming the problem).

use clap::{Parser, Subcommand};

mod deals;

#[derive(Parser)]
#[command(
    name = "calypso-director",
    version,
    about = "Tournament and duplicate-play director for the card game Calypso"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Show one board of a set (or make a new set key with --new-key).
    Deal(deals::DealArgs),
    /// Write hand records, curtain cards or stacking order as a PDF.
    HandRecords(deals::HandRecordsArgs),
    /// Statistical audit of a set of boards.
    Audit(deals::AuditArgs),
    /// Measure board generation and PDF rendering.
    Bench(deals::BenchArgs),
}

/// Runs the command line and returns the process exit status.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    match cli.command {
        None => 0,
        Some(Command::Deal(a)) => deals::deal(a),
        Some(Command::HandRecords(a)) => deals::hand_records(a),
        Some(Command::Audit(a)) => deals::audit(a),
        Some(Command::Bench(a)) => deals::bench(a),
    }
}
