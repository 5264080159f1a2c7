//! The limit on wrong table codes. A table's page (`/t/{code}`) needs no login: the code on
//! the table card is the key. Codes are 8 letters of 31 (about 40 bits), and wrong codes are
//! limited per client address, so guessing one is hopeless.
//!
//! Only *wrong* codes count: a club's whole room usually reaches the server from one public
//! address, and every phone there opens its table's page, often many times, so successful
//! lookups never use up the allowance. Once an address has used it up, a code is looked up
//! from there only for a phone that has already opened that table (its session remembers
//! the codes it opened): were a right code still answered to anyone, the limit would not
//! slow a guesser down at all (a hit answers 200, a miss 429).

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use governor::clock::Clock;
use governor::middleware::StateInformationMiddleware;
use governor::{DefaultKeyedRateLimiter, Quota};

/// Wrong codes an address may try at once: a room of players mistyping the codes read off
/// their table cards (most scan the QR code and type nothing), with room to spare.
pub const WRONG_CODE_BURST: u32 = 20;
/// One more wrong code allowed per this period after the burst (3 a minute, 4,320 a day):
/// a typo is retried within a minute, while guessing one of a few hundred live 8-letter
/// codes (31^8, about 8.5e11) at that rate would take hundreds of millions of years.
pub const WRONG_CODE_REFILL: Duration = Duration::from_secs(20);
/// Addresses remembered before the ones back to a full allowance are forgotten.
const TRACKED_ADDRESSES: usize = 10_000;

/// Wrong table codes by client address (IPv6 by its /64, which one client usually holds).
pub struct TableCodeLimit {
    wrong: DefaultKeyedRateLimiter<IpAddr, StateInformationMiddleware>,
    /// Addresses out of allowance, until when. (The limiter cannot be asked without using
    /// up a cell, so the lookup of a right code asks this instead.)
    locked: Mutex<HashMap<IpAddr, Instant>>,
    refill: Duration,
}

impl Default for TableCodeLimit {
    fn default() -> Self {
        TableCodeLimit::new(WRONG_CODE_BURST, WRONG_CODE_REFILL)
    }
}

impl TableCodeLimit {
    pub fn new(burst: u32, refill: Duration) -> TableCodeLimit {
        let burst = NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN);
        let quota = Quota::with_period(refill)
            .unwrap_or(Quota::per_second(NonZeroU32::MIN))
            .allow_burst(burst);
        TableCodeLimit {
            wrong: DefaultKeyedRateLimiter::keyed(quota).with_middleware(),
            locked: Mutex::new(HashMap::new()),
            refill,
        }
    }

    fn locks(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, Instant>> {
        // A panic elsewhere while holding the lock leaves a map that is still usable.
        self.locked.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The address has used up its allowance of wrong codes: look nothing up for it (except
    /// the codes a phone has already opened).
    pub fn locked(&self, ip: IpAddr) -> bool {
        let key = key(ip);
        let mut locks = self.locks();
        match locks.get(&key) {
            Some(&until) if until > Instant::now() => true,
            Some(_) => {
                locks.remove(&key);
                false
            }
            None => false,
        }
    }

    /// Counts a wrong code from the address. False when it was one too many (answer 429).
    pub fn wrong_code(&self, ip: IpAddr) -> bool {
        let key = key(ip);
        let now = Instant::now();
        let (allowed, until) = match self.wrong.check_key(&key) {
            // The last of the allowance: locked until the next one comes.
            Ok(s) if s.remaining_burst_capacity() == 0 => (true, Some(now + self.refill)),
            Ok(_) => (true, None),
            Err(not_until) => (
                false,
                Some(now + not_until.wait_time_from(self.wrong.clock().now())),
            ),
        };
        if let Some(until) = until {
            let mut locks = self.locks();
            if locks.len() >= TRACKED_ADDRESSES {
                locks.retain(|_, u| *u > now);
            }
            locks.insert(key, until);
        }
        if self.wrong.len() >= TRACKED_ADDRESSES {
            self.wrong.retain_recent();
        }
        allowed
    }
}

/// The address a limit counts: an IPv4 address as it is, an IPv6 address by its /64 (one
/// household or club network; a single client can pick any address inside it).
fn key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_burst_then_one_per_refill_and_only_wrong_codes_count() {
        let limit = TableCodeLimit::new(3, Duration::from_millis(500));
        let room: IpAddr = "203.0.113.7".parse().unwrap();
        let other: IpAddr = "198.51.100.1".parse().unwrap();
        assert!(!limit.locked(room));
        assert!(limit.wrong_code(room));
        assert!(limit.wrong_code(room));
        assert!(!limit.locked(room));
        // The third is the last of the burst: allowed, and the address is locked.
        assert!(limit.wrong_code(room));
        assert!(limit.locked(room));
        assert!(!limit.wrong_code(room));
        // Another address is not affected.
        assert!(!limit.locked(other));
        assert!(limit.wrong_code(other));
        // A refill later, one more is allowed, and only one.
        std::thread::sleep(Duration::from_millis(650));
        assert!(!limit.locked(room));
        assert!(limit.wrong_code(room));
        assert!(limit.locked(room));
    }

    #[test]
    fn an_ipv6_client_counts_by_its_64_and_a_mapped_ipv4_as_ipv4() {
        let a: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(key(a), key(b));
        assert_ne!(key(a), key(c));
        let mapped: IpAddr = "::ffff:203.0.113.7".parse().unwrap();
        assert_eq!(key(mapped), "203.0.113.7".parse::<IpAddr>().unwrap());
        let limit = TableCodeLimit::new(1, Duration::from_secs(60));
        assert!(limit.wrong_code(a));
        assert!(limit.locked(b));
        assert!(!limit.locked(c));
    }
}
