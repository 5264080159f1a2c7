//! The command line. Each area has its own module; this file only routes.
//! Exit status: 0 on success, 2 on bad input (with a message naming the problem).

use clap::{Parser, Subcommand};

pub mod bench;
pub mod rules;
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
    /// The rules engine over JSON: decide tricks, replay games, check table summaries.
    #[command(subcommand)]
    Rules(RulesCommand),
    /// Measures throughput for the README (build with --release).
    Bench {
        /// What to measure.
        #[arg(value_parser = ["engine", "all"], default_value = "all")]
        what: String,
    },
}

#[derive(Subcommand)]
enum RulesCommand {
    /// Reads JSON Lines of tricks on stdin, writes one `{"winner":"E"}` line per input line.
    Trick,
    /// Replays one game record (FILE or - for stdin) and prints the result.
    Replay { file: Option<String> },
    /// Checks a table's summary (FILE or - for stdin) against the rules.
    Check { file: Option<String> },
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
        Some(Command::Rules(RulesCommand::Trick)) => rules::run_trick(),
        Some(Command::Bench { what }) => {
            if matches!(what.as_str(), "engine" | "all") {
                print!("{}", bench::engine(2000, 7));
            }
            0
        }
        Some(Command::Rules(RulesCommand::Replay { file })) => {
            rules::run_json(file.as_deref(), rules::replay_json)
        }
        Some(Command::Rules(RulesCommand::Check { file })) => {
            rules::run_json(file.as_deref(), rules::check_json)
        }
    }
}
