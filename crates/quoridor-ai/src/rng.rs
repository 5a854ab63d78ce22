//! The project's one seeded random generator, [`SplitMix64`]: the bots' random moves, and the
//! front ends' draws (first seat, openings, self-play).

/// splitmix64 (Steele, Lea and Flood, 2014): a tiny, fast, seedable generator whose outputs
/// are the same on every platform and every run. Good enough for games and tests; not for
/// anything that needs unpredictable numbers.
///
/// The outputs are those of the reference implementation (Vigna's `splitmix64.c`) started
/// from the seed.
///
/// ```
/// use quoridor_ai::SplitMix64;
///
/// let mut rng = SplitMix64::new(0);
/// assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF); // the reference's first output
/// let mut again = SplitMix64::new(0);
/// assert_eq!(again.next_u64(), 0xE220_A839_7B1D_CDAF);
/// assert!(rng.below(6) < 6);
/// assert_eq!(rng.below(0), 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator that gives the same numbers for the same seed.
    #[must_use]
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub const fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// A number from `0` to `n - 1` (`0` when `n` is 0), by multiply-shift: the 64 random
    /// bits scaled to `n`. Its bias is below `n / 2^64`, nothing for the list lengths of a
    /// game.
    pub const fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}

/// The splitmix64 output function: a good 64-bit mixer on its own.
pub(crate) const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
