//! The command line. Each area has its own module; this file only routes.
//! Exit status: 0 on success, 2 on bad input (with a message naming the problem).

use clap::{Parser, Subcommand};

pub mod serve;

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
    /// Run the web service (default address 127.0.0.1:8080, or CALYPSO_BIND).
    Serve {
        /// Address to listen on, e.g. 0.0.0.0:8080.
        #[arg(long)]
        bind: Option<String>,
    },
    /// Print a one-time link that creates a new club and its owner account.
    SetupLink,
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
        // No subcommand: run the server, as `cargo run --release` promises.
        None => serve::serve(None),
        Some(Command::Serve { bind }) => serve::serve(bind),
        Some(Command::SetupLink) => serve::setup_link(),
    }
}
