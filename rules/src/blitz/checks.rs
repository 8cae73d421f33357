//! Blitz Bowl's checks on the core check with re-roll ([`crate::core::check`]): the Throw
//! check (§3.10, Throw Team-mate §6.1.5) and the Armour check (§3.4, §3.11).
//!
//! Both are one D6 against a target (natural 1 fails, natural 6 passes, §3.4), offered a
//! re-roll only on a failure, from the thrower's abilities and the coach's cards (§3.5), and
//! asked whenever the coach holds any card even with no source, so that the prompt reveals
//! nothing of a secret hand ([`super::legal::offer_reroll`]). Block dice are not a check (no
//! target): they keep their own frame and re-roll prompt ([`super::block`]).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use serde::{Deserialize, Serialize};

use super::command::RerollSource;
use super::event::*;
use super::flow::*;
use super::prompt::*;
use super::state::*;
use crate::core::check::{self, Check, CheckHooks, CheckStep, Reroll};
use crate::core::{Die, Side};

/// What a Blitz Bowl check is for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CheckFor {
    /// The Throw check of a Throw or Throw Team-mate action; resolved whatever its result.
    Throw(ThrowState),
    /// A knocked-down player's Armour check; a failure injures the player.
    Armour { player: PlayerId, by_block: bool },
}

/// A Blitz Bowl check: re-rolled with a [`RerollSource`].
pub type BlitzCheck = Check<CheckFor, RerollSource>;

impl CheckFor {
    /// The player whose coach rolls and decides.
    fn player(&self) -> PlayerId {
        match self {
            CheckFor::Throw(t) => t.thrower,
            CheckFor::Armour { player, .. } => *player,
        }
    }

    fn purpose(&self) -> RollPurpose {
        match self {
            CheckFor::Throw(_) => RollPurpose::Throw,
            CheckFor::Armour { .. } => RollPurpose::Armour,
        }
    }

    /// Which roll the re-roll prompt is about.
    fn roll_kind(&self) -> RollKind {
        match self {
            CheckFor::Throw(_) => RollKind::Throw,
            CheckFor::Armour { .. } => RollKind::Armour,
        }
    }
}

/// (success, fumble) of a Throw check with natural `face` and `modifier` (§3.4, §3.10):
/// natural 1 fails and natural 6 passes; fumble on 1 before or after modifiers (2024) or a
/// modified 1 or less (2018). Throw modifiers are never positive, so both editions reduce to
/// "natural 1 or modified <= 1".
pub fn throw_result(face: u16, modifier: i8, target: u8) -> (bool, bool) {
    let result = face as i8 + modifier;
    let success = face == 6 || (face != 1 && result >= target as i8);
    let fumble = !success && (face == 1 || result <= 1);
    (success, fumble)
}

/// How a Throw check ended, for the throw's resolution.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ThrowRoll {
    pub success: bool,
    pub fumble: bool,
    pub modifier: i8,
}

impl ThrowRoll {
    fn of(c: &BlitzCheck) -> ThrowRoll {
        let (success, fumble) = throw_result(c.face(), c.modifier, c.target);
        ThrowRoll {
            success,
            fumble,
            modifier: c.modifier,
        }
    }
}

impl Ctx<'_> {
    fn coach_of(&self, c: &BlitzCheck) -> Side {
        self.g.player(c.kind.player()).side
    }

    /// Roll a check; if it waits for a re-roll decision, keep it on the stack and prompt.
    pub(crate) fn check_step(&mut self, c: BlitzCheck) -> Flow {
        match check::roll(self, c) {
            CheckStep::Done => Flow::Continue,
            CheckStep::AwaitReroll(c) => {
                let coach = self.coach_of(&c);
                let kind = c.kind.roll_kind();
                self.push(Frame::Check(Box::new(c)));
                wait(coach, PromptKind::Reroll { kind })
            }
        }
    }
}

impl CheckHooks<CheckFor, RerollSource> for Ctx<'_> {
    fn roll_die(&mut self, die: Die) -> u16 {
        self.roll(die)
    }

    /// Armour: Crumbling Astrogranite Pitch makes a Block's Armour check -1 (§5.8), and 2024
    /// caps the net modifier (§3.4). A Throw check's modifier is worked out (and capped) when
    /// the throw starts.
    fn modifiers(&mut self, c: &BlitzCheck) -> i8 {
        match c.kind {
            CheckFor::Throw(_) => c.modifier,
            CheckFor::Armour { by_block, .. } => {
                let crumbling = by_block && self.g.persistent.crumbling_pitch;
                super::block::net_modifier(self.g, c.modifier - i8::from(crumbling))
            }
        }
    }

    fn rolled(&mut self, c: &BlitzCheck, passed: bool) {
        let coach = self.coach_of(c);
        self.emit(Event::Rolled(Roll {
            purpose: c.kind.purpose(),
            coach: Some(coach),
            die: c.die,
            faces: c.faces.clone(),
            target: Some(c.target),
            modifier: c.modifier,
            success: Some(passed),
            reroll: c.rerolled,
        }));
    }

    /// A failed check: Expert Passer and the Dwarf Rune Ball for a Throw, and the coach's
    /// Raw Talent cards and Rookies to Watch card (§3.5).
    fn reroll_sources(&self, c: &BlitzCheck, passed: bool) -> Option<Vec<Reroll<RerollSource>>> {
        if passed {
            return None;
        }
        let coach = self.coach_of(c);
        let sources = match &c.kind {
            CheckFor::Throw(t) => super::legal::throw_reroll_sources(self.g, t.thrower, c.face()),
            CheckFor::Armour { .. } => super::legal::coach_reroll_sources(self.g, coach),
        };
        super::legal::offer_reroll(self.g, coach, &sources)
            .then(|| sources.into_iter().map(Reroll::free).collect())
    }

    fn spend(&mut self, c: &BlitzCheck, source: RerollSource) {
        let coach = self.coach_of(c);
        self.spend_reroll(coach, source);
    }

    fn on_success(&mut self, c: BlitzCheck) {
        let roll = ThrowRoll::of(&c);
        if let CheckFor::Throw(t) = c.kind {
            self.resolve_throw(t, roll);
        }
    }

    fn on_failure(&mut self, c: BlitzCheck) {
        let roll = ThrowRoll::of(&c);
        match c.kind {
            CheckFor::Throw(t) => self.resolve_throw(t, roll),
            CheckFor::Armour { player, .. } => self.injure(player),
        }
    }
}
