//! `serve`: runs the web service; `setup-link`: issues a link that creates another club.

use crate::db;
use crate::service::accounts;
use crate::web::{Application, Config};

fn init_logging() {
    use std::io::IsTerminal;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(crate::web::startup::DEFAULT_LOG));
    // The log goes to stdout (tracing-subscriber's default, named here so the check below
    // looks at the right stream). Colour only on a terminal, never into a file, pipe or
    // journal, and not when NO_COLOR is set to anything but "" (https://no-color.org).
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let ansi = std::io::stdout().is_terminal() && !no_color;
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stdout)
        .with_ansi(ansi)
        .with_env_filter(filter)
        .try_init();
}

/// Starts the server and blocks until it stops. Returns the process exit status.
pub fn serve(bind: Option<String>) -> i32 {
    init_logging();
    let config = match Config::from_env(bind) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("calypso-director: {e}");
            return 2;
        }
    };
    let backend = db::Backend::from_url(config.database_url.as_deref())
        .map(|b| b.describe())
        .unwrap_or_default();
    // The server must be built inside the runtime that drives it.
    let result = actix_web::rt::System::new().block_on(async move {
        let app = Application::build(config).map_err(|e| e.to_string())?;
        tracing::info!("database: {backend}");
        if let Some(link) = app.setup_link() {
            tracing::warn!("no director account yet: open {link} to create the first club");
        }
        println!(
            "Calypso Director is running: open {}/ (Ctrl-C to stop)",
            app.base_url()
        );
        app.run_until_stopped()
            .await
            .map_err(|e| format!("server error: {e}"))
    });
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("calypso-director: {e}");
            1
        }
    }
}

/// Prints a new one-time link that creates a club and its owner (for a second club on the
/// same server, or when the first-start link expired).
pub fn setup_link() -> i32 {
    let config = match Config::from_env(None) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("calypso-director: {e}");
            return 2;
        }
    };
    let base = config
        .base_url
        .clone()
        .unwrap_or_else(|| format!("http://{}", config.bind));
    let result = db::connect(config.database_url.as_deref(), 1)
        .map_err(|e| e.to_string())
        .and_then(|pool| pool.get().map_err(|e| e.to_string()))
        .and_then(|mut conn| {
            accounts::issue_setup_link(&mut conn, &base).map_err(|e| e.to_string())
        });
    match result {
        Ok(link) => {
            println!("{link}");
            0
        }
        Err(e) => {
            eprintln!("calypso-director: {e}");
            1
        }
    }
}
