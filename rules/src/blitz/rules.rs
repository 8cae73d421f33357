//! Every numeric threshold of Blitz Bowl in one table (§0.3).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

/// §3.6.1: three actions per turn.
pub const ACTIONS_PER_TURN: u8 = 3;
/// §3.18: touchdown value by edition.
pub const TOUCHDOWN_POINTS_2018: u16 = 3;
pub const TOUCHDOWN_POINTS_2024: u16 = 4;
/// §3.19.3: Clean Sweep bonus.
pub const CLEAN_SWEEP_POINTS: u16 = 2;
/// §3.20: hand limit.
pub const HAND_LIMIT: usize = 3;
/// §3.21: Sudden Death lead (both editions).
pub const SUDDEN_DEATH_MARGIN: u16 = 10;
/// §5.11 arena 7 (Mountain Summit Stadium): Sudden Death lead.
pub const MOUNTAIN_SUMMIT_SUDDEN_DEATH_MARGIN: u16 = 8;
/// §5.11 arena 1 (Great Moot Bake-off Tent): Emergency Reserves value reduction, and the
/// [PROPOSAL] minimum value (§6.2.1, G49).
pub const BAKE_OFF_EMERGENCY_RESERVES_REDUCTION: u8 = 1;
pub const MIN_EMERGENCY_RESERVES_VALUE: u8 = 1;
/// §3.11: an assisted block adds one die (2024).
pub const ASSIST_DICE: u8 = 1;
/// §5.11 arena 6 (Badlands Fighting Pit): an assisted block adds two dice, to a maximum of
/// three block dice.
pub const BADLANDS_ASSIST_DICE: u8 = 2;
pub const BADLANDS_MAX_BLOCK_DICE: u8 = 3;
/// §3.11 Kerrunch!: the Armour check modifier.
pub const KERRUNCH_ARMOUR_MODIFIER: i8 = -1;
/// §3.9: squares a Mark may move (Aggressive Mark: 4).
pub const MARK_DISTANCE: u8 = 2;
pub const AGGRESSIVE_MARK_DISTANCE: u8 = 4;
/// §2.4 [PROPOSAL] G3: squared Euclidean distances between square centres.
/// Short: d <= 4.5, Long: d <= 8.5 (integer squared distances: <= 20 and <= 72).
pub const SHORT_RANGE_SQ: i32 = 20;
pub const LONG_RANGE_SQ: i32 = 72;
/// §2.4 [PROPOSAL] G4: half-width of the throw-ruler corridor, in squares.
pub const RULER_HALF_WIDTH: f64 = 0.4;
/// §6.1.1: Random Event cards shuffled into the deck (of the 12).
pub const RANDOM_EVENTS_USED: usize = 6;
/// Sprint: +2 Move.
pub const SPRINT_BONUS: u8 = 2;
/// Hit and Run: a free Run of up to 2 squares.
pub const HIT_AND_RUN_DISTANCE: u8 = 2;
/// Bomber: target within 3 squares.
pub const BOMBER_RANGE: u8 = 3;
/// Hail Mary Pass: the check succeeds on 4+ with no modifiers.
pub const HAIL_MARY_TARGET: u8 = 4;
/// Accurate Throw: Throw 2+ for that throw.
pub const ACCURATE_THROW_TARGET: u8 = 2;
/// Bladed Knuckle Dusters: Armour 6+ for that check.
pub const KNUCKLE_DUSTERS_ARMOUR: u8 = 6;
/// The Kid's Got Moxy: three block dice.
pub const MOXY_DICE: u8 = 3;
