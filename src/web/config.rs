//! Configuration from the environment (see the README's configuration table).

/// What the server needs to start; read once at start.
#[derive(Clone, Debug)]
pub struct Config {
    /// `CALYPSO_BIND`, default `127.0.0.1:8080` (the `--bind` flag wins).
    pub bind: String,
    /// `CALYPSO_BASE_URL`: how people reach the server, for links printed in logs and shown
    /// on pages (setup and invite links). Default `http://<bind>`.
    pub base_url: String,
    /// `CALYPSO_SECURE_COOKIES=1` when served over HTTPS (behind a TLS proxy).
    pub secure_cookies: bool,
    /// `DATABASE_URL`: `postgres://...`, `sqlite://path`, a file path, or unset for `calypso.db`.
    pub database_url: Option<String>,
}

pub const DEFAULT_BIND: &str = "127.0.0.1:8080";

impl Config {
    pub fn from_env(bind_flag: Option<String>) -> Result<Config, String> {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.trim().is_empty());
        let bind = bind_flag
            .or_else(|| var("CALYPSO_BIND"))
            .unwrap_or_else(|| DEFAULT_BIND.to_string());
        let secure_cookies = match var("CALYPSO_SECURE_COOKIES").as_deref() {
            None | Some("0") | Some("false") | Some("no") => false,
            Some("1") | Some("true") | Some("yes") => true,
            Some(other) => {
                return Err(format!(
                    "CALYPSO_SECURE_COOKIES must be 1/true/yes or 0/false/no, not \"{other}\""
                ));
            }
        };
        let base_url = var("CALYPSO_BASE_URL")
            .unwrap_or_else(|| format!("http://{bind}"))
            .trim_end_matches('/')
            .to_string();
        Ok(Config {
            bind,
            base_url,
            secure_cookies,
            database_url: var("DATABASE_URL"),
        })
    }
}
