//! [`PerSeat`]: one value for each of the four seats, indexed by [`Seat`].

use core::ops::{Index, IndexMut};

use crate::square::Seat;

/// One value for each seat, indexed by [`Seat`] (not by a bare number): what a position keeps
/// per player, such as [`crate::Setup::seats`].
///
/// ```
/// use quoridor_core::{PerSeat, Seat};
/// let mut walls = PerSeat::from_fn(|s| if s == Seat::South { 9 } else { 10 });
/// walls[Seat::North] -= 1;
/// assert_eq!(walls[Seat::North], 9);
/// assert_eq!(walls.iter().map(|(_, &w)| w).sum::<u32>(), 38);
/// assert_eq!(walls.map(|s, w| (s, w))[Seat::East], (Seat::East, 10));
/// assert_eq!(walls.into_array(), [9, 10, 9, 10]); // South, West, North, East
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PerSeat<T>([T; 4]);

impl<T> PerSeat<T> {
    /// The values of South, West, North and East, in that order ([`Seat::ALL`]).
    #[must_use]
    pub const fn new(values: [T; 4]) -> PerSeat<T> {
        PerSeat(values)
    }

    /// Each seat's value from `f`.
    #[must_use]
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> PerSeat<T> {
        PerSeat(Seat::ALL.map(&mut f))
    }

    /// The seats with their values, South first.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.0.iter())
    }

    /// The seats with their values to change, South first.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (Seat, &mut T)> {
        Seat::ALL.into_iter().zip(self.0.iter_mut())
    }

    /// Every seat's value changed by `f`.
    #[must_use]
    pub fn map<U>(self, mut f: impl FnMut(Seat, T) -> U) -> PerSeat<U> {
        let [south, west, north, east] = self.0;
        PerSeat([
            f(Seat::South, south),
            f(Seat::West, west),
            f(Seat::North, north),
            f(Seat::East, east),
        ])
    }

    /// The values of South, West, North and East, in that order.
    #[must_use]
    pub fn into_array(self) -> [T; 4] {
        self.0
    }
}

impl<T> From<[T; 4]> for PerSeat<T> {
    fn from(values: [T; 4]) -> PerSeat<T> {
        PerSeat(values)
    }
}

impl<T> Index<Seat> for PerSeat<T> {
    type Output = T;

    #[inline]
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for PerSeat<T> {
    #[inline]
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}
