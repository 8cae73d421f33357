//! The two spells (§30.10): Fireball and Lightning Bolt, as effects any rule may cast: the
//! Wizard inducement casts one per match; the special play cards (Rogue Wizard, Mine,
//! Ballista) cast them too.
//!
//! Both roll their dice at once and push the knock-downs on the frame stack (armour and
//! injury as for any knock-down, cause [`Cause::Spell`], by no player: a spell's casualties
//! earn no SPP, and the `Casualty` event's cause says so). A hit ball carrier of the active
//! team causes a turnover (the knock-down's own rule, §12.1); other hits of active players
//! do not.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use serde::{Deserialize, Serialize};

use super::flow::{Ctx, Frame, Hurt};
use super::state::on_pitch;
use super::wire::*;
use crate::core::{Die, Side, Square};

/// A spell and its target (§30.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "spell", rename_all = "snake_case")]
pub enum Spell {
    /// Every standing player in the target square and the 8 around it is hit on 4+.
    Fireball { target: Square },
    /// The standing target player is hit on 2+.
    LightningBolt { target: PlayerId },
}

/// §30.10 Fireball on `target`, cast by `caster`'s side: a D6 for each standing player (of
/// either team, in player order) in the 3x3 squares centred on `target`; 4+ knocks him
/// down. Rolls now; the knock-downs are pushed on the frame stack, first hit resolved first.
pub fn fireball(c: &mut Ctx, caster: Side, target: Square) {
    c.emit(Event::SpellCast {
        side: caster,
        spell: Spell::Fireball { target },
    });
    let mut hit = Vec::new();
    let mut in_area: Vec<PlayerId> = std::iter::once(target)
        .chain(target.neighbours())
        .filter(|sq| on_pitch(*sq))
        .filter_map(|sq| c.g.at(sq))
        .filter(|id| c.g.player(*id).standing())
        .collect();
    in_area.sort();
    for id in in_area {
        if c.roll(RollPurpose::Spell, Some(caster), Die::D6) >= 4 {
            hit.push(id);
        }
    }
    knock_down_all(c, &hit);
}

/// §30.10 Lightning Bolt on the standing player `target`, cast by `caster`'s side: D6, 2+
/// knocks him down (armour and injury as if by a player without skills).
pub fn lightning_bolt(c: &mut Ctx, caster: Side, target: PlayerId) {
    c.emit(Event::SpellCast {
        side: caster,
        spell: Spell::LightningBolt { target },
    });
    if !c.g.player(target).standing() {
        return;
    }
    if c.roll(RollPurpose::Spell, Some(caster), Die::D6) >= 2 {
        knock_down_all(c, &[target]);
    }
}

/// Cast `spell` for `caster`.
pub fn cast(c: &mut Ctx, caster: Side, spell: Spell) {
    match spell {
        Spell::Fireball { target } => fireball(c, caster, target),
        Spell::LightningBolt { target } => lightning_bolt(c, caster, target),
    }
}

fn knock_down_all(c: &mut Ctx, hit: &[PlayerId]) {
    for &player in hit.iter().rev() {
        c.push(Frame::KnockDown {
            player,
            hurt: Hurt::plain(Cause::Spell, None),
        });
    }
}

/// The spells `side` may cast now (§30.10): a Fireball on any square with a standing player
/// in its 3x3 area (a Fireball on an empty area does nothing, so it is not offered), a
/// Lightning Bolt on any standing player.
pub fn spell_targets(g: &super::state::Game) -> Vec<Spell> {
    let mut squares: Vec<Square> = Vec::new();
    let mut bolts = Vec::new();
    for p in &g.players {
        if !p.standing() {
            continue;
        }
        let Some(sq) = p.square() else { continue };
        bolts.push(Spell::LightningBolt { target: p.id });
        for s in std::iter::once(sq).chain(sq.neighbours()) {
            if on_pitch(s) && !squares.contains(&s) {
                squares.push(s);
            }
        }
    }
    squares.sort_by_key(|s| (s.y, s.x));
    let mut out: Vec<Spell> = squares
        .into_iter()
        .map(|target| Spell::Fireball { target })
        .collect();
    out.extend(bolts);
    out
}
