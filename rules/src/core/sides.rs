//! Per-side values: one for each coach's side, indexed by [`Side`].
//!
//! [`Sides<T>`] is a plain `[T; 2]` (home, then away) that can be indexed by a [`Side`]
//! (`score[side]`, `hands[coach]`) instead of `[side.index()]`. Being an array, it
//! serialises as a 2-element JSON array, keeps every public field of the games
//! source-compatible for the server and the clients (`let [home, away] = game.score`), and
//! costs nothing; `map`, `iter` and destructuring are the array's own.
//!
//! # More than two teams
//!
//! Dungeon Bowl has up to four teams. It will name a team by an index (`Team(u8)`, `0..n`)
//! rather than by `Side`, and keep per-team values in a `Teams<T>`: `[T; 4]` plus the number
//! of teams in the match, indexed by `Team`, iterated over the teams in play, serialised as
//! a JSON array of that many values. Two-team games keep `Sides<T>`; code that walks
//! `Side::BOTH` and indexes by side carries over by swapping the key type.

use std::ops::{Index, IndexMut};

use super::Side;

/// One value per side, home then away.
pub type Sides<T> = [T; 2];

impl<T> Index<Side> for [T; 2] {
    type Output = T;

    fn index(&self, side: Side) -> &T {
        match side {
            Side::Home => &self[0],
            Side::Away => &self[1],
        }
    }
}

impl<T> IndexMut<Side> for [T; 2] {
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::Home => &mut self[0],
            Side::Away => &mut self[1],
        }
    }
}

/// Walking per-side values with their sides.
pub trait SidesExt<T> {
    /// `(side, value)` for home, then away.
    fn by_side<'a>(&'a self) -> impl Iterator<Item = (Side, &'a T)>
    where
        T: 'a;
}

impl<T> SidesExt<T> for Sides<T> {
    fn by_side<'a>(&'a self) -> impl Iterator<Item = (Side, &'a T)>
    where
        T: 'a,
    {
        Side::BOTH.into_iter().zip(self.iter())
    }
}

/// Per-side values built from each side (`sides(|s| team_size(s))`), home then away.
pub fn sides<T>(f: impl FnMut(Side) -> T) -> Sides<T> {
    Side::BOTH.map(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_side_values_are_indexed_by_side_and_serialise_as_an_array() {
        let mut score: Sides<u16> = [0, 0];
        score[Side::Away] += 4;
        assert_eq!(score[Side::Home], 0);
        assert_eq!(score, [0, 4]);
        assert_eq!(
            serde_json::to_string(&score).unwrap_or_default(),
            "[0,4]".to_string()
        );
        let sizes = sides(|s| s.index() * 10);
        assert_eq!(sizes, [0, 10]);
        let walked: Vec<(Side, usize)> = sizes.by_side().map(|(s, &n)| (s, n)).collect();
        assert_eq!(walked, [(Side::Home, 0), (Side::Away, 10)]);
    }
}
