//! `export EVENT_ID -o FILE.json` and `import FILE.json`: one event as a versioned JSON
//! document (docs/export-format.md), on the database DATABASE_URL names, as the server.

use std::io::{Read, Write};

use clap::Args;

use crate::db::{self, DbPool, PooledDb};
use crate::event::EventId;
use crate::service::archive::{export_event, import_event};

#[derive(Args)]
pub struct ExportArgs {
    /// The event's id (as in its page's address).
    event: EventId,
    /// Where to write the document (- for stdout).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: String,
    /// The event's club (its slug); checked against the event when given.
    #[arg(long, value_name = "SLUG")]
    club: Option<String>,
    /// Include the deal key even though the hand records are not released, to move an
    /// unreleased event to another instance (keep that file as private as the key).
    #[arg(long)]
    with_key: bool,
}

#[derive(Args)]
pub struct ImportArgs {
    /// The document to import (- for stdin).
    file: String,
    /// The club to import under (its slug); the file's own club by default.
    #[arg(long, value_name = "SLUG")]
    club: Option<String>,
}

/// The database `DATABASE_URL` names, with one connection: an import takes it for each of
/// its steps (see `service::archive::import_event`).
fn open_pool() -> Result<DbPool, String> {
    let url = std::env::var("DATABASE_URL")
        .ok()
        .filter(|u| !u.trim().is_empty());
    db::connect(url.as_deref(), 1).map_err(|e| e.to_string())
}

fn connect() -> Result<PooledDb, String> {
    open_pool()?.get().map_err(|e| e.to_string())
}

fn fail(message: impl std::fmt::Display) -> i32 {
    eprintln!("calypso-director: {message}");
    2
}

pub fn export(a: ExportArgs) -> i32 {
    let mut conn = match connect() {
        Ok(c) => c,
        Err(e) => return fail(e),
    };
    let club = match &a.club {
        Some(slug) => match db::clubs::club_by_slug(&mut conn, slug) {
            Ok(Some(c)) => c.id,
            Ok(None) => return fail(format!("there is no club \"{slug}\"")),
            Err(e) => return fail(e),
        },
        None => match db::events::public_event(&mut conn, a.event) {
            Ok(Some(ev)) => ev.club_id,
            Ok(None) => return fail(format!("there is no event {}", a.event.get())),
            Err(e) => return fail(e),
        },
    };
    let doc = match export_event(&mut conn, club, a.event, a.with_key) {
        Ok(d) => d,
        Err(e) => return fail(e),
    };
    let text = match serde_json::to_string_pretty(&doc) {
        Ok(t) => t + "\n",
        Err(e) => return fail(e),
    };
    let written = if a.output == "-" {
        std::io::stdout().write_all(text.as_bytes())
    } else {
        std::fs::write(&a.output, text)
    };
    match written {
        Ok(()) => 0,
        Err(e) => fail(format!("cannot write {}: {e}", a.output)),
    }
}

pub fn import(a: ImportArgs) -> i32 {
    let text = if a.file == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map(|_| s)
    } else {
        std::fs::read_to_string(&a.file)
    };
    let text = match text {
        Ok(t) => t,
        Err(e) => return fail(format!("cannot read {}: {e}", a.file)),
    };
    let pool = match open_pool() {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    match import_event(&pool, &text, a.club.as_deref()) {
        Ok((id, slug)) => {
            println!("imported as event {} of club \"{slug}\"", id.get());
            0
        }
        Err(e) => fail(format!("not imported: {e}")),
    }
}
