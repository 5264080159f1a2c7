//! `backup -o FILE`: a consistent copy of the SQLite database `DATABASE_URL` names, made while
//! the server runs (the work is `db::backup`; the database is found as `serve` finds it).

use std::path::PathBuf;

use crate::db::backup::backup_url;
use crate::web::Config;

#[derive(clap::Args)]
pub struct BackupArgs {
    /// The new file to write (an existing file is never overwritten).
    #[arg(short, long)]
    output: PathBuf,
}

pub fn run(args: BackupArgs) -> i32 {
    let config = match Config::from_env(None) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("calypso-director: {e}");
            return 2;
        }
    };
    match backup_url(config.database_url.as_deref(), &args.output) {
        Ok(size) => {
            println!(
                "backup written: {} ({size} bytes); restore by starting the server with DATABASE_URL={}",
                args.output.display(),
                args.output.display()
            );
            0
        }
        Err(e) => {
            eprintln!("calypso-director: {e}");
            if e.is_bad_input() { 2 } else { 1 }
        }
    }
}
