//! Configuration from the environment (see docs/web.md's configuration table).

use std::net::IpAddr;

use crate::deals::par::ParSettings;
use crate::event::online::robots::PLAYOUTS_PER_MS;

/// What the server needs to start; read once at start.
#[derive(Clone, Debug)]
pub struct Config {
    /// `CALYPSO_BIND`, default `127.0.0.1:8080` (the `--bind` flag wins).
    pub bind: String,
    /// `CALYPSO_BASE_URL`: how people reach the server, for links printed in logs and shown
    /// on pages (setup and invite links). Unset: `http://` and the bound address.
    pub base_url: Option<String>,
    /// `CALYPSO_SECURE_COOKIES=1` when served over HTTPS (behind a TLS proxy).
    pub secure_cookies: bool,
    /// `DATABASE_URL`: `postgres://...`, `sqlite://path`, a file path, or unset for `calypso.db`.
    pub database_url: Option<String>,
    /// The robot par's field per board: `CALYPSO_PAR_GAMES` robot games and
    /// `CALYPSO_PAR_PLAYOUTS` playouts a card (200 and 200); None (`CALYPSO_PAR_GAMES=0`)
    /// works out no par.
    pub par: Option<ParSettings>,
    /// `CALYPSO_TRUSTED_PROXIES`: the reverse proxies' addresses, comma-separated (none by
    /// default). Only a request from one of them has its client taken from
    /// `X-Forwarded-For` (see `auth::client_addr`).
    pub trusted_proxies: Vec<IpAddr>,
    /// What a host tunes for its size: the request log's threshold and the caches' memory.
    pub tuning: Tuning,
    /// `CALYPSO_DB_POOL`: database connections this process keeps (default
    /// [`DEFAULT_DB_POOL`], 1 to [`MAX_DB_POOL`]).
    pub db_pool: u32,
    /// What "now" is for the room clock: the system's clock, or in tests one that can be
    /// moved forward ([`Clock::settable`]).
    pub clock: Clock,
    /// Whether this process's threads play the robots' cards at online tables (#39, see
    /// `online_robot_worker`): on in a server; tests turn it on only where they need it.
    pub robot_seats: bool,
}

/// The room clock's "now" (issue #38): the system clock in production; in tests the system
/// clock plus an offset the test moves, shared by the server and the test through the
/// configuration's clone (one per test server: tests run in parallel in one process, so
/// it is never a global).
#[derive(Clone, Debug, Default)]
pub struct Clock {
    offset: Option<std::sync::Arc<std::sync::atomic::AtomicI64>>,
}

impl Clock {
    pub fn system() -> Clock {
        Clock { offset: None }
    }

    /// A clock a test moves with [`Clock::advance`].
    pub fn settable() -> Clock {
        Clock {
            offset: Some(Default::default()),
        }
    }

    /// Now, UTC.
    pub fn now(&self) -> chrono::NaiveDateTime {
        let now = chrono::Utc::now().naive_utc();
        match &self.offset {
            Some(o) => now + chrono::Duration::seconds(o.load(std::sync::atomic::Ordering::SeqCst)),
            None => now,
        }
    }

    /// Moves a settable clock `seconds` forward (the system clock cannot be moved: ignored).
    pub fn advance(&self, seconds: i64) {
        if let Some(o) = &self.offset {
            o.fetch_add(seconds, std::sync::atomic::Ordering::SeqCst);
        }
    }
}

/// Settings a host sizes to its machine; every one has a default that suits a club's server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// `CALYPSO_SLOW_REQUEST_MS` (default 1000): a request that takes this long is logged as
    /// a warning, whatever the log level; the others are logged only at `info` (see
    /// docs/deploy.md, "Logs").
    pub slow_request_ms: u64,
    /// `CALYPSO_CACHE_MIB` (default 128): the memory the computed standings and the
    /// simultaneous events' fields may keep, in MiB, half each; the oldest entries go first.
    pub cache_mib: u32,
    /// `CALYPSO_ROBOT_THREADS` (default: the machine's cores, 1 to
    /// [`super::par_worker::MAX_ROBOT_THREADS`]): the threads that work out robot par, each
    /// one board at a time, fairly across clubs (docs/robots.md).
    pub robot_threads: u32,
    /// `CALYPSO_ROBOT_PLAYOUTS_PER_MS` (default [`PLAYOUTS_PER_MS`], 1 to that): how many
    /// playouts the robots at online tables run per ms of an event's `robot_ms`. The budget
    /// is counted in playouts so a robot's card does not depend on the load; a slower
    /// machine lowers the rate to keep a card within its time (docs/robots.md). Tests lower
    /// it so robots play in a moment.
    pub robot_playouts_per_ms: u32,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            slow_request_ms: 1000,
            cache_mib: 128,
            robot_threads: super::par_worker::default_threads(),
            robot_playouts_per_ms: PLAYOUTS_PER_MS,
        }
    }
}

impl Tuning {
    /// Each cache's share of `cache_mib`, in bytes.
    pub fn cache_bytes_each(&self) -> usize {
        (self.cache_mib as usize).saturating_mul(1024 * 1024) / 2
    }
}

/// The most a host may give the caches (MiB): a typo of three zeros is refused.
pub const MAX_CACHE_MIB: u32 = 65_536;

pub const DEFAULT_BIND: &str = "127.0.0.1:8080";
/// Database connections per server process, unless `CALYPSO_DB_POOL` says otherwise.
pub const DEFAULT_DB_POOL: u32 = 10;
/// The most `CALYPSO_DB_POOL` may ask for (PostgreSQL's default allows 100 connections in
/// all, for every process on the database).
pub const MAX_DB_POOL: u32 = 64;
/// Largest form body accepted (bytes); larger gets 413.
pub const FORM_LIMIT: usize = 64 * 1024;
/// Largest JSON body accepted by the API (bytes).
pub const JSON_LIMIT: usize = 64 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("CALYPSO_SECURE_COOKIES must be 1/true/yes or 0/false/no, not \"{0}\"")]
    SecureCookies(String),
    #[error("{var} must be a whole number, not \"{value}\"")]
    NotANumber { var: &'static str, value: String },
    #[error("{var}: {problem}")]
    Par { var: &'static str, problem: String },
    #[error("{var} must be {min} to {max}, not {value}")]
    OutOfRange {
        var: &'static str,
        min: u64,
        max: u64,
        value: u64,
    },
    #[error("CALYPSO_DB_POOL must be 1 to {MAX_DB_POOL} connections, not {0}")]
    DbPool(u32),
    #[error(
        "CALYPSO_TRUSTED_PROXIES must be IP addresses separated by commas (such as 127.0.0.1,::1); \"{0}\" is not one"
    )]
    TrustedProxy(String),
}

impl Config {
    pub fn from_env(bind_flag: Option<String>) -> Result<Config, ConfigError> {
        Config::from_vars(bind_flag, |k| std::env::var(k).ok())
    }

    /// The same from any source of variables (the tests' own).
    pub fn from_vars(
        bind_flag: Option<String>,
        read: impl Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        let var = |k: &str| read(k).filter(|v| !v.trim().is_empty());
        let bind = bind_flag
            .or_else(|| var("CALYPSO_BIND"))
            .unwrap_or_else(|| DEFAULT_BIND.to_string());
        let secure_cookies = match var("CALYPSO_SECURE_COOKIES").as_deref() {
            None | Some("0") | Some("false") | Some("no") => false,
            Some("1") | Some("true") | Some("yes") => true,
            Some(other) => return Err(ConfigError::SecureCookies(other.to_string())),
        };
        let base_url = var("CALYPSO_BASE_URL").map(|u| u.trim_end_matches('/').to_string());
        let number = |name: &'static str, default: u32| -> Result<u32, ConfigError> {
            match var(name) {
                None => Ok(default),
                Some(v) => v.trim().parse().map_err(|_| ConfigError::NotANumber {
                    var: name,
                    value: v.chars().take(40).collect(),
                }),
            }
        };
        let defaults = ParSettings::default();
        let games = number("CALYPSO_PAR_GAMES", defaults.games)?;
        let playouts = number("CALYPSO_PAR_PLAYOUTS", defaults.playouts)?;
        let par = match games {
            0 => None,
            _ => Some(ParSettings { games, playouts }.checked().map_err(|e| {
                let var = match e {
                    crate::deals::par::ParError::Games(_) => "CALYPSO_PAR_GAMES",
                    _ => "CALYPSO_PAR_PLAYOUTS",
                };
                ConfigError::Par {
                    var,
                    problem: e.to_string(),
                }
            })?),
        };
        let db_pool = number("CALYPSO_DB_POOL", DEFAULT_DB_POOL)?;
        if !(1..=MAX_DB_POOL).contains(&db_pool) {
            return Err(ConfigError::DbPool(db_pool));
        }
        let trusted_proxies = match var("CALYPSO_TRUSTED_PROXIES") {
            None => Vec::new(),
            Some(list) => trusted_proxies(&list)?,
        };
        let tuning = {
            let defaults = Tuning::default();
            let slow = number("CALYPSO_SLOW_REQUEST_MS", defaults.slow_request_ms as u32)?;
            let cache = number("CALYPSO_CACHE_MIB", defaults.cache_mib)?;
            let range = |var, value: u32, min: u64, max: u64| {
                let value = u64::from(value);
                if (min..=max).contains(&value) {
                    Ok(())
                } else {
                    Err(ConfigError::OutOfRange {
                        var,
                        min,
                        max,
                        value,
                    })
                }
            };
            range("CALYPSO_SLOW_REQUEST_MS", slow, 1, 3_600_000)?;
            range("CALYPSO_CACHE_MIB", cache, 1, u64::from(MAX_CACHE_MIB))?;
            let robots = number("CALYPSO_ROBOT_THREADS", defaults.robot_threads)?;
            let max_robots = u64::from(super::par_worker::MAX_ROBOT_THREADS);
            range("CALYPSO_ROBOT_THREADS", robots, 1, max_robots)?;
            let rate = number(
                "CALYPSO_ROBOT_PLAYOUTS_PER_MS",
                defaults.robot_playouts_per_ms,
            )?;
            range(
                "CALYPSO_ROBOT_PLAYOUTS_PER_MS",
                rate,
                1,
                u64::from(PLAYOUTS_PER_MS),
            )?;
            Tuning {
                slow_request_ms: u64::from(slow),
                cache_mib: cache,
                robot_threads: robots,
                robot_playouts_per_ms: rate,
            }
        };
        Ok(Config {
            bind,
            base_url,
            secure_cookies,
            database_url: var("DATABASE_URL"),
            par,
            trusted_proxies,
            tuning,
            db_pool,
            clock: Clock::system(),
            robot_seats: true,
        })
    }

    /// The base URL once the server runs (the builder fills it in).
    pub fn base_url(&self) -> &str {
        self.base_url.as_deref().unwrap_or("")
    }
}

/// `127.0.0.1, ::1`: plain addresses (no ranges, no ports), an IPv4 address mapped into
/// IPv6 taken as the IPv4 one, as peers are compared.
fn trusted_proxies(list: &str) -> Result<Vec<IpAddr>, ConfigError> {
    list.split(',')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .map(|a| {
            a.parse::<IpAddr>()
                .map(|ip| ip.to_canonical())
                .map_err(|_| ConfigError::TrustedProxy(a.chars().take(60).collect()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(vars: &[(&str, &str)]) -> Result<Config, String> {
        let vars: Vec<(String, String)> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_vars(None, |k| {
            vars.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone())
        })
        .map_err(|e| e.to_string())
    }

    #[test]
    fn the_robot_par_budget_is_read_and_bounded_by_name() {
        assert_eq!(config(&[]).unwrap().par, Some(ParSettings::default()));
        let small = config(&[("CALYPSO_PAR_GAMES", "4"), ("CALYPSO_PAR_PLAYOUTS", "8")]);
        assert_eq!(
            small.unwrap().par,
            Some(ParSettings {
                games: 4,
                playouts: 8
            })
        );
        assert_eq!(config(&[("CALYPSO_PAR_GAMES", "0")]).unwrap().par, None);
        assert_eq!(
            config(&[("CALYPSO_PAR_GAMES", "many")]).unwrap_err(),
            "CALYPSO_PAR_GAMES must be a whole number, not \"many\""
        );
        assert_eq!(
            config(&[("CALYPSO_PAR_GAMES", "20000")]).unwrap_err(),
            "CALYPSO_PAR_GAMES: robot games per board must be 1 to 10000, not 20000"
        );
        let e = config(&[("CALYPSO_PAR_PLAYOUTS", "0")]).unwrap_err();
        assert!(e.starts_with("CALYPSO_PAR_PLAYOUTS: "), "{e}");
        assert!(config(&[("CALYPSO_PAR_PLAYOUTS", "-3")]).is_err());
        assert!(config(&[("CALYPSO_SECURE_COOKIES", "maybe")]).is_err());
    }

    #[test]
    fn the_robot_threads_are_read_and_bounded_by_name() {
        let default = config(&[]).unwrap().tuning.robot_threads;
        assert!((1..=super::super::par_worker::MAX_ROBOT_THREADS).contains(&default));
        assert_eq!(
            config(&[("CALYPSO_ROBOT_THREADS", "3")])
                .unwrap()
                .tuning
                .robot_threads,
            3
        );
        assert_eq!(
            config(&[("CALYPSO_ROBOT_THREADS", "0")]).unwrap_err(),
            "CALYPSO_ROBOT_THREADS must be 1 to 64, not 0"
        );
        assert_eq!(
            config(&[("CALYPSO_ROBOT_THREADS", "65")]).unwrap_err(),
            "CALYPSO_ROBOT_THREADS must be 1 to 64, not 65"
        );
        assert_eq!(
            config(&[("CALYPSO_ROBOT_THREADS", "all")]).unwrap_err(),
            "CALYPSO_ROBOT_THREADS must be a whole number, not \"all\""
        );
    }

    #[test]
    fn the_robots_playouts_per_ms_are_read_and_bounded_by_name() {
        let rate = |v| config(&[("CALYPSO_ROBOT_PLAYOUTS_PER_MS", v)]);
        assert_eq!(config(&[]).unwrap().tuning.robot_playouts_per_ms, 100);
        assert_eq!(rate("25").unwrap().tuning.robot_playouts_per_ms, 25);
        assert_eq!(
            rate("0").unwrap_err(),
            "CALYPSO_ROBOT_PLAYOUTS_PER_MS must be 1 to 100, not 0"
        );
        assert_eq!(
            rate("101").unwrap_err(),
            "CALYPSO_ROBOT_PLAYOUTS_PER_MS must be 1 to 100, not 101"
        );
    }

    #[test]
    fn the_log_threshold_and_cache_memory_are_read_and_bounded_by_name() {
        assert_eq!(config(&[]).unwrap().tuning, Tuning::default());
        let t = config(&[
            ("CALYPSO_SLOW_REQUEST_MS", "250"),
            ("CALYPSO_CACHE_MIB", "16"),
        ])
        .unwrap()
        .tuning;
        assert_eq!(t.slow_request_ms, 250);
        assert_eq!(t.cache_bytes_each(), 8 * 1024 * 1024);
        assert_eq!(
            config(&[("CALYPSO_CACHE_MIB", "0")]).unwrap_err(),
            "CALYPSO_CACHE_MIB must be 1 to 65536, not 0"
        );
        assert_eq!(
            config(&[("CALYPSO_SLOW_REQUEST_MS", "soon")]).unwrap_err(),
            "CALYPSO_SLOW_REQUEST_MS must be a whole number, not \"soon\""
        );
    }

    #[test]
    fn the_pool_size_is_bounded() {
        assert_eq!(config(&[]).unwrap().db_pool, DEFAULT_DB_POOL);
        assert_eq!(config(&[("CALYPSO_DB_POOL", "2")]).unwrap().db_pool, 2);
        assert_eq!(
            config(&[("CALYPSO_DB_POOL", "0")]).unwrap_err(),
            format!("CALYPSO_DB_POOL must be 1 to {MAX_DB_POOL} connections, not 0")
        );
        assert!(config(&[("CALYPSO_DB_POOL", "1000")]).is_err());
        assert!(config(&[("CALYPSO_DB_POOL", "ten")]).is_err());
    }

    #[test]
    fn trusted_proxies_are_addresses_or_the_server_does_not_start() {
        assert!(config(&[]).unwrap().trusted_proxies.is_empty());
        assert!(
            config(&[("CALYPSO_TRUSTED_PROXIES", " ")])
                .unwrap()
                .trusted_proxies
                .is_empty()
        );
        let ips = config(&[(
            "CALYPSO_TRUSTED_PROXIES",
            "127.0.0.1, ::1,10.0.0.5,,::ffff:192.168.1.2",
        )])
        .unwrap()
        .trusted_proxies;
        let want: Vec<IpAddr> = ["127.0.0.1", "::1", "10.0.0.5", "192.168.1.2"]
            .iter()
            .map(|a| a.parse().unwrap())
            .collect();
        assert_eq!(ips, want);
        for bad in ["10.0.0.0/8", "proxy.example.org", "127.0.0.1:8080", "1.2.3"] {
            let e = config(&[("CALYPSO_TRUSTED_PROXIES", &format!("::1,{bad}"))]).unwrap_err();
            assert!(e.starts_with("CALYPSO_TRUSTED_PROXIES "), "{e}");
            assert!(e.contains(&format!("\"{bad}\"")), "{e}");
        }
    }
}
