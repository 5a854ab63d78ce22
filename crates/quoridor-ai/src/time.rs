//! The clock the search reads. Native targets use `std::time::Instant` itself; in the
//! browser (`wasm32-unknown-unknown`), where `std::time::Instant::now` panics, the same API
//! is read from `performance.now()` through `web-time`.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use web_time::Instant;
