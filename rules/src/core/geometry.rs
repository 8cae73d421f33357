//! Square geometry: coordinates, adjacency, distances and square sets.
//!
//! Squares are `(x, y)` with `x` along the length of the pitch and `y` across it
//! (§2.2 [PROPOSAL]). Adjacency is the 8 surrounding squares, diagonals included (§1.2
//! "Adjacent"); "within X squares" is Chebyshev distance (§1.2).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Square {
    pub x: i8,
    pub y: i8,
}

/// The 8 unit directions, clockwise from up-left: the order [`Square::neighbours`] yields
/// them in, which legal-command lists follow (so it never changes). Bounce and scatter
/// charts are each game's own (Blitz Bowl: `blitz::data::BOUNCE_CHART`).
pub const DIRECTIONS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
];

impl Square {
    pub const fn new(x: i8, y: i8) -> Square {
        Square { x, y }
    }

    pub fn offset(self, dx: i8, dy: i8) -> Square {
        Square::new(self.x + dx, self.y + dy)
    }

    /// Squares counted along the shortest route, diagonals allowed ("within X squares").
    pub fn distance(self, other: Square) -> u8 {
        let dx = (self.x - other.x).unsigned_abs();
        let dy = (self.y - other.y).unsigned_abs();
        dx.max(dy)
    }

    pub fn is_adjacent(self, other: Square) -> bool {
        self != other && self.distance(other) == 1
    }

    /// The 8 surrounding squares (some may be off the grid).
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        DIRECTIONS.iter().map(move |&(dx, dy)| self.offset(dx, dy))
    }

    /// Euclidean distance between square centres, squared (exact integer).
    pub fn distance_sq(self, other: Square) -> i32 {
        let dx = i32::from(self.x - other.x);
        let dy = i32::from(self.y - other.y);
        dx * dx + dy * dy
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// A rectangular grid `length x width`; squares outside it are off the pitch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grid {
    pub length: u8,
    pub width: u8,
}

impl Grid {
    pub fn contains(self, sq: Square) -> bool {
        sq.x >= 0 && sq.y >= 0 && (sq.x as u8) < self.length && (sq.y as u8) < self.width
    }

    pub fn index(self, sq: Square) -> usize {
        sq.y as usize * self.length as usize + sq.x as usize
    }

    pub fn squares(self) -> impl Iterator<Item = Square> {
        let (l, w) = (self.length as i8, self.width as i8);
        (0..w).flat_map(move |y| (0..l).map(move |x| Square::new(x, y)))
    }
}

/// A set of squares on a grid of at most 512 squares (Blood Bowl's 26x15 = 390 fits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SquareSet {
    bits: [u64; 8],
}

impl SquareSet {
    pub const CAPACITY: usize = 512;

    pub fn insert(&mut self, index: usize) {
        self.bits[index / 64] |= 1 << (index % 64);
    }

    pub fn remove(&mut self, index: usize) {
        if index < Self::CAPACITY {
            self.bits[index / 64] &= !(1 << (index % 64));
        }
    }

    pub fn contains(&self, index: usize) -> bool {
        index < Self::CAPACITY && self.bits[index / 64] & (1 << (index % 64)) != 0
    }

    pub fn len(&self) -> u32 {
        self.bits.iter().map(|b| b.count_ones()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&b| b == 0)
    }

    pub fn union(self, other: SquareSet) -> SquareSet {
        let mut out = self;
        for (o, b) in out.bits.iter_mut().zip(other.bits) {
            *o |= b;
        }
        out
    }

    pub fn minus(self, other: SquareSet) -> SquareSet {
        let mut out = self;
        for (o, b) in out.bits.iter_mut().zip(other.bits) {
            *o &= !b;
        }
        out
    }

    pub fn intersect(self, other: SquareSet) -> SquareSet {
        let mut out = self;
        for (o, b) in out.bits.iter_mut().zip(other.bits) {
            *o &= b;
        }
        out
    }
}

/// Precomputed masks of a grid, for whole-set operations on [`SquareSet`]s.
#[derive(Clone, Copy, Debug)]
pub struct GridMasks {
    length: u32,
    /// Words of a [`SquareSet`] the grid uses.
    words: usize,
    all: SquareSet,
    first_column: SquareSet,
    last_column: SquareSet,
}

impl GridMasks {
    pub fn new(grid: Grid) -> GridMasks {
        let squares = usize::from(grid.length) * usize::from(grid.width);
        let mut m = GridMasks {
            length: u32::from(grid.length),
            words: squares.div_ceil(64).min(8),
            all: SquareSet::default(),
            first_column: SquareSet::default(),
            last_column: SquareSet::default(),
        };
        let (l, w) = (usize::from(grid.length), usize::from(grid.width));
        for y in 0..w {
            m.first_column.insert(y * l);
            m.last_column.insert(y * l + l - 1);
        }
        let n = (l * w).min(SquareSet::CAPACITY);
        for (i, word) in m.all.bits.iter_mut().enumerate() {
            let lo = i * 64;
            *word = match n.saturating_sub(lo) {
                0 => 0,
                k if k >= 64 => u64::MAX,
                k => (1u64 << k) - 1,
            };
        }
        m
    }

    /// Every square of the grid.
    pub fn all(&self) -> SquareSet {
        self.all
    }

    /// The squares adjacent (8 directions) to at least one square of `s`, on the grid. A
    /// square of `s` is included only if another square of `s` is next to it.
    pub fn adjacent_to(&self, s: SquareSet) -> SquareSet {
        // Word by word over the words the grid uses (3 for Blitz Bowl's 15x11).
        let n = self.words;
        let l = self.length;
        let word = |set: &SquareSet, i: usize| if i < 8 { set.bits[i] } else { 0 };
        let mut east = [0u64; 8];
        let mut west = [0u64; 8];
        for i in 0..n {
            let e = |j: usize| word(&s, j) & !word(&self.last_column, j);
            let w = |j: usize| word(&s, j) & !word(&self.first_column, j);
            east[i] = (e(i) << 1) | if i > 0 { e(i - 1) >> 63 } else { 0 };
            west[i] = (w(i) >> 1) | if i + 1 < 8 { w(i + 1) << 63 } else { 0 };
        }
        let mut row = [0u64; 8];
        for i in 0..n {
            row[i] = s.bits[i] | east[i] | west[i];
        }
        let mut out = SquareSet::default();
        for i in 0..n {
            let up = (row[i] << l) | if i > 0 { row[i - 1] >> (64 - l) } else { 0 };
            let down = (row[i] >> l) | if i + 1 < n { row[i + 1] << (64 - l) } else { 0 };
            out.bits[i] = (east[i] | west[i] | up | down) & self.all.bits[i];
        }
        out
    }
}

/// Does the open corridor of half-width `half_width` around the segment between the centres
/// of `from` and `to` meet the interior of square `sq`? Squares are unit cells centred on
/// integer coordinates. Used for the Blitz Bowl throw-ruler obstruction model (§2.4,
/// gap G4): "touching only a boundary does not count", so the test is strict.
pub fn corridor_hits_square(from: Square, to: Square, sq: Square, half_width: f64) -> bool {
    // Distance from the segment to the square (an axis-aligned box of half-size 0.5) is < w.
    let (ax, ay) = (f64::from(from.x), f64::from(from.y));
    let (bx, by) = (f64::from(to.x), f64::from(to.y));
    let (cx, cy) = (f64::from(sq.x), f64::from(sq.y));
    segment_box_distance(ax, ay, bx, by, cx, cy, 0.5) < half_width - 1e-9
}

fn segment_box_distance(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64, h: f64) -> f64 {
    // The distance between a segment and a box is a convex function of the segment
    // parameter: minimise it by ternary search (exact enough for unit squares).
    let dist = |t: f64| {
        let px = ax + (bx - ax) * t;
        let py = ay + (by - ay) * t;
        let dx = ((px - cx).abs() - h).max(0.0);
        let dy = ((py - cy).abs() - h).max(0.0);
        (dx * dx + dy * dy).sqrt()
    };
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    for _ in 0..100 {
        let m1 = lo + (hi - lo) / 3.0;
        let m2 = hi - (hi - lo) / 3.0;
        if dist(m1) <= dist(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    dist((lo + hi) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjacency_includes_diagonals_and_excludes_self() {
        let s = Square::new(5, 5);
        assert!(s.is_adjacent(Square::new(6, 6)));
        assert!(s.is_adjacent(Square::new(4, 5)));
        assert!(!s.is_adjacent(s));
        assert!(!s.is_adjacent(Square::new(7, 5)));
        assert_eq!(s.neighbours().count(), 8);
    }

    #[test]
    fn within_is_chebyshev_distance() {
        assert_eq!(Square::new(0, 0).distance(Square::new(3, 2)), 3);
    }

    #[test]
    fn a_straight_corridor_touches_only_its_own_row() {
        let (a, b) = (Square::new(0, 5), Square::new(6, 5));
        assert!(corridor_hits_square(a, b, Square::new(3, 5), 0.4));
        assert!(!corridor_hits_square(a, b, Square::new(3, 4), 0.4));
        assert!(!corridor_hits_square(a, b, Square::new(3, 6), 0.4));
    }

    #[test]
    fn a_diagonal_corridor_clips_the_squares_beside_the_diagonal() {
        let (a, b) = (Square::new(0, 0), Square::new(4, 4));
        assert!(corridor_hits_square(a, b, Square::new(2, 2), 0.4));
        // The squares beside the diagonal share only corners with it; a 0.4 corridor
        // reaches into them (0.4 > 0), so they count, as the physical ruler would.
        assert!(corridor_hits_square(a, b, Square::new(1, 2), 0.4));
        assert!(!corridor_hits_square(a, b, Square::new(0, 3), 0.4));
    }

    #[test]
    fn adjacency_of_a_set_matches_square_adjacency() {
        let grid = Grid {
            length: 15,
            width: 11,
        };
        let masks = GridMasks::new(grid);
        let mut s = SquareSet::default();
        let members = [
            Square::new(0, 0),
            Square::new(3, 4),
            Square::new(8, 8),
            Square::new(14, 5),
            Square::new(7, 10),
            Square::new(8, 10),
        ];
        for m in members {
            s.insert(grid.index(m));
        }
        let adj = masks.adjacent_to(s);
        for sq in grid.squares() {
            let want = members.iter().any(|m| m.is_adjacent(sq));
            assert_eq!(adj.contains(grid.index(sq)), want, "{sq}");
        }
    }

    #[test]
    fn square_sets_hold_up_to_512_squares() {
        let mut s = SquareSet::default();
        s.insert(0);
        s.insert(389);
        assert!(s.contains(389) && s.contains(0) && !s.contains(1));
        assert_eq!(s.len(), 2);
    }
}
