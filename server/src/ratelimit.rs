//! A credit counter (token bucket) for per-connection message limits.
//!
//! Credits refill continuously at `per_second` up to `burst`; each message spends one. Time
//! comes from tokio's clock, so tests with paused time control it; nothing sleeps here.

use tokio::time::Instant;

#[derive(Debug, Clone)]
pub struct Credits {
    credits: f64,
    burst: f64,
    per_second: f64,
    last: Instant,
}

impl Credits {
    /// A full bucket.
    pub fn new(per_second: f64, burst: f64) -> Self {
        let burst = burst.max(1.0);
        Credits {
            credits: burst,
            burst,
            per_second: per_second.max(0.0),
            last: Instant::now(),
        }
    }

    /// Spend one credit if there is one.
    pub fn take(&mut self) -> bool {
        let now = Instant::now();
        let earned = now.duration_since(self.last).as_secs_f64() * self.per_second;
        self.credits = (self.credits + earned).min(self.burst);
        self.last = now;
        if self.credits >= 1.0 {
            self.credits -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test(start_paused = true)]
    async fn a_burst_is_allowed_then_the_rate_refills_it() {
        let mut c = Credits::new(2.0, 3.0);
        assert!(c.take() && c.take() && c.take());
        assert!(!c.take());
        tokio::time::advance(Duration::from_millis(500)).await;
        assert!(c.take());
        assert!(!c.take());
        tokio::time::advance(Duration::from_secs(60)).await;
        assert!(c.take() && c.take() && c.take());
        assert!(!c.take());
    }
}
