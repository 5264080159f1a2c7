//! The command line. Each area has its own module; this file only routes.
//! Exit status: 0 on success, 2 on bad input (with a message naming the problem).

use clap::{Parser, Subcommand};

mod analyse;
mod archive;
mod backup;
pub mod bench;
mod deals;
mod movement;
pub mod rules;
mod score;
pub mod serve;
mod strength;

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
    /// Copy the whole SQLite database (DATABASE_URL) to a new file while the server runs.
    Backup(backup::BackupArgs),
    /// The rules engine over JSON: decide tricks, replay games, check table summaries.
    #[command(subcommand)]
    Rules(RulesCommand),
    /// Show one board of a set (or make a new set key with --new-key).
    Deal(deals::DealArgs),
    /// Write hand records, curtain cards or stacking order as a PDF.
    HandRecords(deals::HandRecordsArgs),
    /// Statistical audit of a set of boards.
    Audit(deals::AuditArgs),
    /// Who sits where with which boards: a team match, Mitchell or progressive movement.
    Movement(movement::MovementArgs),
    /// Score a sheet of results (FILE or - for stdin): matchpoints, tallies or a team match.
    Score { file: Option<String> },
    /// Write one event as a versioned JSON document (docs/export-format.md).
    Export(archive::ExportArgs),
    /// Restore an exported event under a club of this instance, checking it first.
    Import(archive::ImportArgs),
    /// Measure the engine, board generation and PDF rendering (build with --release).
    Bench(bench::BenchArgs),
    /// Each board's robot par: a field of robots plays it many times (build with --release).
    Analyse(analyse::AnalyseArgs),
}

#[derive(Subcommand)]
enum RulesCommand {
    /// Reads JSON Lines of tricks on stdin, writes one `{"winner":"E"}` line per input line.
    Trick,
    /// Replays one game record (FILE or - for stdin) and prints the result.
    Replay {
        file: Option<String>,
        /// The game: calypso (any variant the record names), kaiso, or duet (Calypso Duet
        /// when the record names no variant).
        #[arg(long, value_enum, default_value_t = rules::GameArg::Calypso)]
        game: rules::GameArg,
    },
    /// Checks a table's summary (FILE or - for stdin) against the rules.
    Check {
        file: Option<String>,
        /// The game, as for `rules replay`.
        #[arg(long, value_enum, default_value_t = rules::GameArg::Calypso)]
        game: rules::GameArg,
    },
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
        Some(Command::Backup(a)) => backup::run(a),
        Some(Command::Rules(RulesCommand::Trick)) => rules::run_trick(),
        Some(Command::Rules(RulesCommand::Replay { file, game })) => {
            rules::run_json(file.as_deref(), game.replay())
        }
        Some(Command::Rules(RulesCommand::Check { file, game })) => {
            rules::run_json(file.as_deref(), game.check())
        }
        Some(Command::Deal(a)) => deals::deal(a),
        Some(Command::HandRecords(a)) => deals::hand_records(a),
        Some(Command::Audit(a)) => deals::audit(a),
        Some(Command::Bench(a)) => bench::run(a),
        Some(Command::Analyse(a)) => analyse::run(a),
        Some(Command::Movement(a)) => movement::run(a),
        Some(Command::Score { file }) => score::run(file.as_deref()),
        Some(Command::Export(a)) => archive::export(a),
        Some(Command::Import(a)) => archive::import(a),
    }
}
