//! Cooperative limits on a computation: a wall-clock deadline and a
//! cancellation flag, checked by kernels at loop boundaries.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Why a kernel stopped before finishing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    Deadline,
    Cancelled,
    /// A kernel's postcondition (its answer substituted back, its witness
    /// replayed) failed: a bug here, never the caller's input. It travels
    /// with `Stop` so that every kernel can check with `?`.
    CheckFailed(&'static str),
}

thread_local! {
    /// The budget of the call whose input this thread is parsing: parsers
    /// that run inside deserialization (the polynomial grammar, whose
    /// expansion can be long) take no argument, so they poll this one.
    static PARSING: std::cell::RefCell<Option<Budget>> = const { std::cell::RefCell::new(None) };
}

/// Restores the previous parsing budget, even when the parse panics.
struct Restore(Option<Budget>);

impl Drop for Restore {
    fn drop(&mut self) {
        let previous = self.0.take();
        PARSING.with(|p| *p.borrow_mut() = previous);
    }
}

/// A deadline plus a shared cancellation flag. Cloning shares the flag.
#[derive(Debug, Clone, Default)]
pub struct Budget {
    deadline: Option<Instant>,
    cancelled: Arc<AtomicBool>,
}

impl Budget {
    /// No deadline, never cancelled: for tests and offline tools.
    pub fn unlimited() -> Self {
        Self::default()
    }

    pub fn with_timeout(timeout: Duration) -> Self {
        Self {
            deadline: Instant::now().checked_add(timeout),
            cancelled: Arc::default(),
        }
    }

    /// The same budget (sharing its cancellation flag) with its deadline
    /// brought forward to `timeout` from now, when that is sooner; a budget
    /// is only ever shortened.
    pub fn shortened(&self, timeout: Duration) -> Self {
        let asked = Instant::now().checked_add(timeout);
        let deadline = match (self.deadline, asked) {
            (Some(d), Some(a)) => Some(d.min(a)),
            (d, a) => d.or(a),
        };
        Self {
            deadline,
            cancelled: self.cancelled.clone(),
        }
    }

    /// Time left before the deadline (zero once it has passed); None when
    /// there is no deadline.
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// The flag a transport sets when the caller cancels the request.
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        self.cancelled.clone()
    }

    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Runs `parse` with this budget as the thread's parsing budget (see
    /// [`Budget::check_parsing`]).
    pub fn while_parsing<R>(&self, parse: impl FnOnce() -> R) -> R {
        let _restore = Restore(PARSING.with(|p| p.replace(Some(self.clone()))));
        parse()
    }

    /// The check of the budget set by [`Budget::while_parsing`] on this
    /// thread; Ok when none is set.
    pub fn check_parsing() -> Result<(), Stop> {
        PARSING.with(|p| p.borrow().as_ref().map_or(Ok(()), Budget::check))
    }

    /// Cheap enough to call once per row or per trial; kernels call it at
    /// every loop boundary whose body may take more than microseconds.
    #[inline]
    pub fn check(&self) -> Result<(), Stop> {
        if self.cancelled.load(Ordering::Relaxed) {
            return Err(Stop::Cancelled);
        }
        match self.deadline {
            Some(d) if Instant::now() >= d => Err(Stop::Deadline),
            _ => Ok(()),
        }
    }
}

/// Polls a budget at a rate that follows the work rather than the loop:
/// a loop over big numbers says how many machine words each step touched,
/// and the budget is checked once every [`Meter::EVERY`] words, so a step
/// over 10,000-digit numbers is checked every few steps and a step over
/// words every few thousand.
pub struct Meter<'b> {
    budget: &'b Budget,
    spent: u64,
}

impl<'b> Meter<'b> {
    /// About 30–100 µs of big-number work between checks.
    pub const EVERY: u64 = 1 << 14;

    pub fn new(budget: &'b Budget) -> Self {
        Meter { budget, spent: 0 }
    }

    /// Records a step over `words` machine words and checks the budget
    /// when enough work has passed since the last check.
    #[inline]
    pub fn tick(&mut self, words: u64) -> Result<(), Stop> {
        self.spent = self.spent.saturating_add(words.max(1));
        if self.spent >= Self::EVERY {
            self.spent = 0;
            self.budget.check()
        } else {
            Ok(())
        }
    }

    /// Records a step over the given big integers, charged as quadratic in
    /// their words: a rational step reduces by num-integer's binary gcd,
    /// whose cost grows with the square of the length (10,000 digits take
    /// milliseconds).
    #[inline]
    pub fn tick_over(&mut self, numbers: &[&crate::BigInt]) -> Result<(), Stop> {
        let words: u64 = numbers.iter().map(|n| n.bits() / 64 + 1).sum();
        self.tick(words.saturating_add(words.saturating_mul(words) / 64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadline_and_cancel_are_reported_distinctly() {
        assert_eq!(Budget::unlimited().check(), Ok(()));
        assert_eq!(
            Budget::with_timeout(Duration::ZERO).check(),
            Err(Stop::Deadline)
        );
        let b = Budget::with_timeout(Duration::from_secs(60));
        let other = b.clone();
        other.cancel();
        assert_eq!(b.check(), Err(Stop::Cancelled));
    }

    #[test]
    fn the_parsing_budget_holds_while_parsing_only() {
        assert_eq!(Budget::check_parsing(), Ok(()));
        let over = Budget::with_timeout(Duration::ZERO);
        assert_eq!(
            over.while_parsing(Budget::check_parsing),
            Err(Stop::Deadline)
        );
        assert_eq!(Budget::check_parsing(), Ok(()));
        let _ = std::panic::catch_unwind(|| over.while_parsing(|| panic!("a parser bug")));
        assert_eq!(Budget::check_parsing(), Ok(()), "restored after a panic");
    }
}
