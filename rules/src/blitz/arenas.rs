//! The optional 2024 arena rule (§6.2.1, §5.11, gap G49): during set-up, before the
//! toss winner chooses the board side, that coach rolls a D8 for the arena, and its regional
//! rule applies for the whole match.
//!
//! Each regional rule is one function here; the rule it changes calls it at one hook point
//! (Emergency Reserves, Reserves squares and placement, the Throw modifier, Shove, block dice,
//! assists, Sudden Death). Without the option [`Game::arena`] is `None` and every function
//! returns the normal rule. The thresholds are in [`super::rules`].
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use super::data::Arena;
use super::event::{Event, RollPurpose};
use super::flow::Ctx;
use super::rules::*;
use super::state::Game;
use crate::core::{Die, Side, Square};

/// Is `arena` the arena of this match?
fn is(g: &Game, arena: Arena) -> bool {
    g.arena == Some(arena)
}

/// Arena 1, Great Moot Bake-off Tent (§5.11; §3.15): "−1 to both teams' Emergency Reserves
/// value (e.g. 4 → 3)". [PROPOSAL] §6.2.1, G49: the value never drops below 1 (the Halfling
/// value 2 becomes 1). Without the arena the team card's value is used unchanged.
pub fn emergency_reserves_value(team_value: u8, arena: Option<Arena>) -> u8 {
    if arena == Some(Arena::GreatMootBakeOffTent) {
        team_value
            .saturating_sub(BAKE_OFF_EMERGENCY_RESERVES_REDUCTION)
            .max(MIN_EMERGENCY_RESERVES_VALUE)
    } else {
        team_value
    }
}

/// Arena 2, Sewer Pipe Stadium (§5.11; §3.14): a Reserves action may place the player on a
/// trapdoor instead of in its own end zone. G49 [PROPOSAL]: the trapdoor option ignores the
/// end-zone placement priority (adjacent standing opponents, a ball there, a full end zone);
/// any trapdoor may be chosen. What happens there: `Ctx::reserves_onto_trapdoor`.
pub fn reserves_on_trapdoors(g: &Game) -> bool {
    is(g, Arena::SewerPipeStadium)
}

/// Arena 3, The Bone Pit (§5.11; §3.14, §3.6.3): after any Reserves action — regular, the
/// Reserves Bonus Play, or Emergency Reserves — the player may make a free Run
/// ([`super::FreeGrant::Run`], offered after the action's Claim step like other granted free
/// actions, §3.23 [PROPOSAL]; it obeys the normal Run rules, so a player placed Marked cannot
/// take it).
pub fn free_run_after_reserves(g: &Game) -> bool {
    is(g, Arena::TheBonePit)
}

/// Arena 4, Glittering Coliseum (§5.11; §3.10.1 step 3): no −1 for a Long throw. An
/// Obstructed throw (a Marked target included) still gets its −1.
pub fn long_throw_penalty(g: &Game) -> bool {
    !is(g, Arena::GlitteringColiseum)
}

/// Arena 5, Coliseum of Chaos (§5.11; §3.11 Shove): a Shove that cannot push the target
/// (destination occupied, blocked or off the pitch) becomes Kerrunch! instead of Smash: the
/// Armour modifier of that knock-down (−1, 2024 minimum result 1; normally 0).
pub fn unpushable_shove_armour_modifier(g: &Game) -> i8 {
    if is(g, Arena::ColiseumOfChaos) {
        KERRUNCH_ARMOUR_MODIFIER
    } else {
        0
    }
}

/// Arena 6, Badlands Fighting Pit (§5.11; §3.11 number of dice): an assisted block adds two
/// dice instead of one, to a maximum of three block dice in all. `block` is the blocker's
/// Block value. The cap is read literally ("bis zu einem Maximum von drei Blockwürfeln"): it
/// would also cap a Block 3 player, but the only one (the Snotling Pump Wagon) has War
/// Machine and is never assisted. `None` without the arena (the normal +1 applies).
pub fn badlands_assisted_dice(g: &Game, block: u8) -> Option<u8> {
    is(g, Arena::BadlandsFightingPit)
        .then(|| (block + BADLANDS_ASSIST_DICE).min(BADLANDS_MAX_BLOCK_DICE))
}

/// Arena 7, Mountain Summit Stadium (§5.11; §3.21): Sudden Death at a lead of 8 instead of 10
/// (checked, as always in 2024, at the start of the leading coach's own turn).
pub fn sudden_death_margin(g: &Game) -> u16 {
    if is(g, Arena::MountainSummitStadium) {
        MOUNTAIN_SUMMIT_SUDDEN_DEATH_MARGIN
    } else {
        SUDDEN_DEATH_MARGIN
    }
}

/// Arena 8, Overgrown Arena (§5.11; §3.11 assists): a Block targeting a player adjacent to a
/// trapdoor counts as assisted. "Cannot" beats "can" (§3.22): blocks that cannot be assisted
/// stay unassisted (the caller checks that first). Engine reading (the sources are silent, §7.7):
/// "adjacent" has its usual meaning — one of the 8 neighbouring squares — so a target
/// standing on the trapdoor itself is not adjacent to it; opposing Defensive players cancel
/// team-mates' assists only, not this one.
pub fn trapdoor_assists(g: &Game, target: Square) -> bool {
    is(g, Arena::OvergrownArena) && g.trapdoors().any(|t| t.is_adjacent(target))
}

impl Ctx<'_> {
    /// §6.2.1: with the arena option, the toss winner rolls a D8 for the arena (§5.11 table,
    /// [`Arena::BY_D8`]) before choosing the board side. `Options::arena` fixes the arena
    /// instead (tests and tools): then no die is rolled, and [`Event::ArenaRolled`] still
    /// reports the arena in play.
    pub(crate) fn roll_arena(&mut self, toss_winner: Side) {
        if !self.g.setup.options.arenas {
            return;
        }
        let arena = match self.g.setup.options.arena {
            Some(a) => a,
            None => {
                let face = self.roll(Die::D8);
                self.emit_roll(RollPurpose::Arena, Some(toss_winner), Die::D8, face);
                let i = usize::from(face.clamp(1, 8) - 1);
                Arena::BY_D8[i]
            }
        };
        self.g.arena = Some(arena);
        self.emit(Event::ArenaRolled { arena });
    }

    /// Arena 2, Sewer Pipe Stadium (§5.11, G49): before a Reserves player is placed on a
    /// trapdoor, a player there is Injured whatever its team, and a ball there is removed
    /// from the pitch — a loose ball, or (like New Ball!, §3.16.5) the ball the Injured
    /// player held, which goes with it rather than bouncing.
    pub(crate) fn reserves_onto_trapdoor(&mut self, square: Square) {
        self.clear_trapdoor(square);
    }
}
