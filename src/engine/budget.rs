//! A bound on the work one check of untrusted input may do. A check that searches (the
//! Kaiso summary's fit of songs to the board) makes one budget when it starts and spends
//! from it at every step of every search it runs, the search for a culprit included, so a
//! report costs at most the budget however many searches it takes; a search that finds the
//! budget spent gives up and the check says so.
//!
//! The unit is the check's own: it should grow with the time taken, whatever the size of
//! the input (the Kaiso fit counts flow-network edges built and looked at, see
//! [`crate::engine::kaiso::CHECK_BUDGET`]).

/// Work left for one check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    limit: u64,
    spent: u64,
    exhausted: bool,
}

impl Budget {
    pub const fn new(limit: u64) -> Budget {
        Budget {
            limit,
            spent: 0,
            exhausted: false,
        }
    }

    /// Spends `units` when that many are left, and says so; otherwise spends nothing, the
    /// budget is exhausted from then on, and false. What is spent never exceeds the limit.
    pub fn spend(&mut self, units: u64) -> bool {
        if self.exhausted || units > self.left() {
            self.exhausted = true;
            return false;
        }
        self.spent += units;
        true
    }

    /// Spends what is left, and exhausts the budget: for work that was cut off once it had
    /// used it all.
    pub fn spend_all(&mut self) {
        self.spent = self.limit;
        self.exhausted = true;
    }

    /// Has some work been refused for want of budget?
    pub fn exhausted(&self) -> bool {
        self.exhausted
    }

    pub fn left(&self) -> u64 {
        self.limit - self.spent
    }

    pub fn spent(&self) -> u64 {
        self.spent
    }

    pub fn limit(&self) -> u64 {
        self.limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_beyond_the_limit_is_refused_and_stays_refused() {
        let mut b = Budget::new(10);
        assert!(b.spend(4));
        assert!(b.spend(6));
        assert_eq!((b.spent(), b.left(), b.exhausted()), (10, 0, false));
        assert!(b.spend(0));
        assert!(!b.spend(1));
        assert!(b.exhausted());
        // Once exhausted, even a step that would fit is refused: a search gives up.
        let mut b = Budget::new(10);
        assert!(!b.spend(11));
        assert_eq!(b.spent(), 0);
        assert!(!b.spend(1));
        b.spend_all();
        assert_eq!((b.spent(), b.limit()), (10, 10));
    }
}
