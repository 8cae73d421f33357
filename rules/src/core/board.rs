//! A board: the grid, its blocked squares, and the walls between squares.
//!
//! Blitz Bowl's boards block whole squares (the statues) and have no walls; Blood Bowl's
//! pitch has neither. Dungeon Bowl's dungeons have walls *between* squares, which a step may
//! not cross even though both squares are free: [`Board::can_step`] is the one question
//! movement asks. Portals (a step from one square to a distant one) will be a list of square
//! pairs beside the walls, asked through the same function.
//!
//! Walls are stored as a set of edges, one bit per pair of adjacent squares, so every test is
//! a bit lookup. Each pair is owned by the square it leaves eastwards, south-eastwards,
//! southwards or south-westwards, so a grid of at most 512 squares needs 2048 bits.

use serde::{Deserialize, Serialize};

use super::{Grid, Square, SquareSet};

/// A set of edges between adjacent squares of a grid of at most 512 squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EdgeSet {
    bits: [u64; 32],
}

impl EdgeSet {
    fn insert(&mut self, i: usize) {
        self.bits[i / 64] |= 1 << (i % 64);
    }

    fn contains(&self, i: usize) -> bool {
        self.bits[i / 64] & (1 << (i % 64)) != 0
    }

    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&b| b == 0)
    }
}

/// The grid, its blocked squares and its walls.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    pub grid: Grid,
    blocked: SquareSet,
    walls: EdgeSet,
}

impl Board {
    /// An open board: every square playable, no wall.
    pub fn open(grid: Grid) -> Board {
        Board {
            grid,
            blocked: SquareSet::default(),
            walls: EdgeSet::default(),
        }
    }

    /// Block `sq` (a statue, a pillar): no player or ball may be there. Off the grid: ignored.
    pub fn block(&mut self, sq: Square) {
        if self.grid.contains(sq) {
            self.blocked.insert(self.grid.index(sq));
        }
    }

    /// Put a wall between the adjacent squares `a` and `b` (both on the grid). A diagonal
    /// pair is its own edge: which diagonals a game's walls close is the game's rule (in
    /// Dungeon Bowl, two walls meeting at a corner close the diagonal across it).
    pub fn wall(&mut self, a: Square, b: Square) {
        if let Some(i) = self.edge(a, b) {
            self.walls.insert(i);
        }
    }

    pub fn blocked(&self) -> SquareSet {
        self.blocked
    }

    /// Is `sq` blocked? (Off the grid: no.)
    pub fn is_blocked(&self, sq: Square) -> bool {
        self.grid.contains(sq) && self.blocked.contains(self.grid.index(sq))
    }

    /// On the grid and not blocked.
    pub fn is_playable(&self, sq: Square) -> bool {
        self.grid.contains(sq) && !self.blocked.contains(self.grid.index(sq))
    }

    /// Does the board have any wall? (Movement skips the wall test when it has none.)
    pub fn has_walls(&self) -> bool {
        !self.walls.is_empty()
    }

    /// Is there a wall between the adjacent squares `a` and `b`?
    pub fn wall_between(&self, a: Square, b: Square) -> bool {
        self.edge(a, b).is_some_and(|i| self.walls.contains(i))
    }

    /// May a player step from `from` to the adjacent square `to`: `to` playable and no wall
    /// between them? (Who stands where is the game's business, not the board's.)
    pub fn can_step(&self, from: Square, to: Square) -> bool {
        from.is_adjacent(to) && self.is_playable(to) && !self.wall_between(from, to)
    }

    /// The edge between the adjacent squares `a` and `b` of the grid: owned by the square
    /// the other lies east, south-east, south or south-west of.
    fn edge(&self, a: Square, b: Square) -> Option<usize> {
        if !a.is_adjacent(b) || !self.grid.contains(a) || !self.grid.contains(b) {
            return None;
        }
        let (owner, other) = if (b.y, b.x) > (a.y, a.x) {
            (a, b)
        } else {
            (b, a)
        };
        let dir = match (other.x - owner.x, other.y - owner.y) {
            (1, 0) => 0,
            (-1, 1) => 1,
            (0, 1) => 2,
            _ => 3, // (1, 1)
        };
        let i = self.grid.index(owner) * 4 + dir;
        (i < 64 * 32).then_some(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> Grid {
        Grid {
            length: 26,
            width: 15,
        }
    }

    #[test]
    fn an_open_board_lets_every_step_onto_the_grid() {
        let b = Board::open(grid());
        assert!(!b.has_walls());
        assert!(b.can_step(Square::new(0, 0), Square::new(1, 1)));
        assert!(!b.can_step(Square::new(0, 0), Square::new(-1, 0)));
        assert!(!b.can_step(Square::new(0, 0), Square::new(2, 0)));
    }

    #[test]
    fn a_blocked_square_cannot_be_entered() {
        let mut b = Board::open(grid());
        b.block(Square::new(3, 3));
        assert!(b.is_blocked(Square::new(3, 3)) && !b.is_playable(Square::new(3, 3)));
        assert!(!b.can_step(Square::new(2, 3), Square::new(3, 3)));
        assert!(!b.is_blocked(Square::new(-1, 3)));
    }

    #[test]
    fn a_wall_stops_steps_across_it_both_ways_and_nothing_else() {
        let mut b = Board::open(grid());
        let (a, c) = (Square::new(5, 5), Square::new(6, 5));
        b.wall(a, c);
        assert!(b.has_walls());
        assert!(!b.can_step(a, c) && !b.can_step(c, a));
        assert!(b.wall_between(c, a));
        // The diagonals past the wall's ends are their own edges: still open.
        assert!(b.can_step(a, Square::new(6, 4)));
        assert!(b.can_step(a, Square::new(6, 6)));
        assert!(b.can_step(a, Square::new(5, 6)));
    }

    #[test]
    fn every_adjacent_pair_of_the_largest_grid_is_its_own_edge() {
        let g = Grid {
            length: 32,
            width: 16,
        };
        let mut seen = std::collections::HashSet::new();
        let b = Board::open(g);
        for sq in g.squares() {
            for n in sq.neighbours().filter(|&n| g.contains(n)) {
                let (e, back) = (b.edge(sq, n), b.edge(n, sq));
                assert_eq!(e, back);
                let e = e.unwrap_or(usize::MAX);
                assert!(e < 2048, "{sq} {n}");
                seen.insert((e, sq.min(n), sq.max(n)));
            }
        }
        let edges: std::collections::HashSet<usize> = seen.iter().map(|s| s.0).collect();
        assert_eq!(edges.len(), seen.len());
    }
}
