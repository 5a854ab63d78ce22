//! The package's random numbers: splitmix64 (as `quoridor_ai::SplitMix64`, whose state is
//! private) with its state readable, so that environments pickle and go on exactly; and the
//! draws the tree search needs (uniform, normal, gamma, Dirichlet).

/// splitmix64: 64 bits of state, a good mixer; a generator per game keeps the games of a
/// vector environment independent of one another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rng(u64);

impl Rng {
    /// The generator of `seed`: the same numbers for the same seed. The seed goes through
    /// the mixer once, so that neighbouring seeds (`seed + i`, one per game) start far apart.
    pub(crate) const fn new(seed: u64) -> Rng {
        Rng(mix(seed ^ 0x6A09_E667_F3BC_C909))
    }

    /// The generator in the state `state` (from [`Rng::state`]).
    pub(crate) const fn from_state(state: u64) -> Rng {
        Rng(state)
    }

    /// The state, to pickle.
    pub(crate) const fn state(self) -> u64 {
        self.0
    }

    /// The next 64 random bits.
    pub(crate) const fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// A number from `0` to `n - 1` (0 when `n` is 0), by multiply-shift.
    pub(crate) const fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// A float uniform in `[0, 1)`, 53 random bits.
    pub(crate) fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A float uniform in `(0, 1)`: never 0, so that its logarithm is finite.
    fn open_uniform(&mut self) -> f64 {
        ((self.next_u64() >> 11) as f64 + 0.5) * (1.0 / (1u64 << 53) as f64)
    }

    /// A standard normal draw (Box and Muller's transform; one of the pair is dropped).
    pub(crate) fn normal(&mut self) -> f64 {
        let (u, v) = (self.open_uniform(), self.uniform());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }

    /// A draw of the gamma distribution of shape `alpha` (> 0) and scale 1: Marsaglia and
    /// Tsang's squeeze method (2000) for shapes of at least 1, and for smaller shapes a draw of
    /// shape `alpha + 1` times `U^(1/alpha)`.
    pub(crate) fn gamma(&mut self, alpha: f64) -> f64 {
        if alpha < 1.0 {
            let u = self.open_uniform();
            return self.gamma(alpha + 1.0) * u.powf(1.0 / alpha);
        }
        let d = alpha - 1.0 / 3.0;
        let c = 1.0 / (9.0 * d).sqrt();
        loop {
            let x = self.normal();
            let v = 1.0 + c * x;
            if v <= 0.0 {
                continue;
            }
            let v = v * v * v;
            let u = self.open_uniform();
            if u < 1.0 - 0.0331 * x.powi(4) || u.ln() < 0.5 * x * x + d * (1.0 - v + v.ln()) {
                return d * v;
            }
        }
    }

    /// Fills `out` with a draw of the symmetric Dirichlet distribution of parameter `alpha`
    /// (> 0): gamma draws, normalised. Should every draw underflow to 0 (a tiny `alpha`), one
    /// entry chosen at random gets everything, which is the distribution's limit.
    pub(crate) fn dirichlet(&mut self, alpha: f64, out: &mut [f64]) {
        for x in out.iter_mut() {
            *x = self.gamma(alpha);
        }
        let sum: f64 = out.iter().sum();
        if sum > 0.0 && sum.is_finite() {
            out.iter_mut().for_each(|x| *x /= sum);
        } else if !out.is_empty() {
            out.fill(0.0);
            let i = self.below(out.len());
            out[i] = 1.0;
        }
    }
}

/// The splitmix64 output function.
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
