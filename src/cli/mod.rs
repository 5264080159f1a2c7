//! The command line. Each area has its own module; this file only routes.
//! Exit status: 0 on success, 2 on bad input (with a message naming the problem).

use clap::{Parser, Subcommand};

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
enum Command {}

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
    }
}
