//! Board layouts and the bounce chart (§2.2, §2.3; gaps G1, G2 and G6 in §7.1).
//!
//! Coordinates are `(x, y)`: `x` = 0…14 along the length (end zones at `x = 0` and `x = 14`), `y` =
//! 0…10 across the width, `y = 0` being the long edge nearest the score track (§2.2 [PROPOSAL]).
//! Neither source gives dimensions or coordinates. The single-trapdoor side was measured from a
//! [SUP] photo of the 2024 board (G1); the two-trapdoor side is an unverified placeholder (G2):
//! a proposal of ours, not a rule from either book.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use super::*;

/// The 16 blocked squares (four 2×2 statues) of the single-trapdoor side (§2.2), reused by the
/// two-trapdoor placeholder (G2).
const BLOCKED_SQUARES: [(u8, u8); 16] = [
    (3, 2),
    (4, 2),
    (3, 3),
    (4, 3),
    (10, 2),
    (11, 2),
    (10, 3),
    (11, 3),
    (3, 7),
    (4, 7),
    (3, 8),
    (4, 8),
    (10, 7),
    (11, 7),
    (10, 8),
    (11, 8),
];

/// `ARENA_1TD`: the single-trapdoor side (§2.2, G1).
pub static BOARD_ONE_TRAPDOOR: BoardDef = BoardDef {
    side: BoardSide::OneTrapdoor,
    length: 15,
    width: 11,
    trapdoors: &[(7, 5)],
    blocked: &BLOCKED_SQUARES,
    tag: Tag::Proposal,
    note: "derived from [SUP] photo contents_4.jpg of the 2024 board; sources give no size or \
           coordinates (G1)",
};

/// `ARENA_2TD`: the two-trapdoor side (G2). Placeholder layout.
///
/// Trapdoor order: the first, lower-`y` one is "left" for the coach defending `x = 0`; for the
/// coach defending `x = 14` left and right swap (2018 trapdoor roll, §2.2, G2).
pub static BOARD_TWO_TRAPDOORS: BoardDef = BoardDef {
    side: BoardSide::TwoTrapdoors,
    length: 15,
    width: 11,
    trapdoors: &[(7, 3), (7, 7)],
    blocked: &BLOCKED_SQUARES,
    tag: Tag::Proposal,
    note: "placeholder, unverified: no layout in the sources or [SUP]; trapdoors (7,3) and (7,7), \
           blocked squares copied from the single-trapdoor side (G1, G2)",
};

/// The layout of one board side.
pub fn board(side: BoardSide) -> &'static BoardDef {
    match side {
        BoardSide::OneTrapdoor => &BOARD_ONE_TRAPDOOR,
        BoardSide::TwoTrapdoors => &BOARD_TWO_TRAPDOORS,
    }
}

/// Bounce directions `(dx, dy)`; index 0 is the D8 result 1 (§2.3, G6).
///
/// "Clockwise" on the chart is increasing index, wrapping from 8 to 1.
pub const BOUNCE_CHART: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    const SIDES: [BoardSide; 2] = [BoardSide::OneTrapdoor, BoardSide::TwoTrapdoors];

    #[test]
    fn board_lookup_matches_side() {
        for side in SIDES {
            assert_eq!(board(side).side, side);
            assert_eq!((board(side).length, board(side).width), (15, 11));
        }
        assert_eq!(BOARD_ONE_TRAPDOOR.trapdoors, [(7, 5)]);
        assert_eq!(BOARD_TWO_TRAPDOORS.trapdoors, [(7, 3), (7, 7)]);
    }

    #[test]
    fn boards_have_16_blocked_squares_and_free_trapdoors() {
        for side in SIDES {
            let b = board(side);
            let blocked: HashSet<(u8, u8)> = b.blocked.iter().copied().collect();
            assert_eq!(b.blocked.len(), 16);
            assert_eq!(blocked.len(), 16);
            for &(x, y) in b.blocked.iter().chain(b.trapdoors) {
                assert!(
                    x < b.length && y < b.width,
                    "({x},{y}) off the {side:?} board"
                );
            }
            for &(x, _) in b.blocked {
                assert!(x != 0 && x != b.length - 1, "blocked square in an end zone");
            }
            for t in b.trapdoors {
                assert!(
                    !blocked.contains(t),
                    "trapdoor {t:?} is blocked on {side:?}"
                );
            }
        }
    }

    #[test]
    fn layout_is_symmetric() {
        for side in SIDES {
            let b = board(side);
            let blocked: HashSet<(u8, u8)> = b.blocked.iter().copied().collect();
            for &(x, y) in b.blocked {
                assert!(blocked.contains(&(b.length - 1 - x, y)));
                assert!(blocked.contains(&(x, b.width - 1 - y)));
            }
        }
    }

    #[test]
    fn bounce_chart_has_8_distinct_unit_directions() {
        let dirs: HashSet<(i8, i8)> = BOUNCE_CHART.into_iter().collect();
        assert_eq!(dirs.len(), 8);
        for (dx, dy) in BOUNCE_CHART {
            assert!((-1..=1).contains(&dx) && (-1..=1).contains(&dy));
            assert_ne!((dx, dy), (0, 0));
        }
        assert_eq!(BOUNCE_CHART[0], (-1, -1));
        assert_eq!(BOUNCE_CHART[7], (-1, 0));
    }

    #[test]
    fn bounce_chart_runs_clockwise() {
        // Consecutive results are adjacent compass directions, turning the same way each step.
        for i in 0..8 {
            let (ax, ay) = BOUNCE_CHART[i];
            let (bx, by) = BOUNCE_CHART[(i + 1) % 8];
            let cross = i16::from(ax) * i16::from(by) - i16::from(ay) * i16::from(bx);
            assert!(
                cross > 0,
                "step {} -> {} is not clockwise",
                i + 1,
                (i + 1) % 8 + 1
            );
        }
    }
}
