//! Every re-rollable roll runs on the shared check ([`crate::core::check`]): the skills
//! plug in at its named hooks, the same way for every check (§19, §26.0):
//!
//! | hook | Blood Bowl |
//! | --- | --- |
//! | `passes` | the Pass roll's accuracy (§15.3, G4); block dice always "pass" (the chooser reads them) |
//! | `rolled` | `Event::Rolled` with the check's purpose |
//! | `reroll_sources` | the skill re-roll ([`skill_reroll`]: Dodge unless Tackle, Sure Hands, Catch, Pass), the team re-roll (own turn, one a turn, gated by Loner §26.15), Pro (§26.20, gated) |
//! | `spend` | take a team re-roll token, mark Dodge or Pro used |
//! | `gate_rolled` | report the Loner or Pro roll |
//! | `on_success`, `on_failure` | the check's continuation ([`Ctx::check_done`]) |
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use serde::{Deserialize, Serialize};

use super::data::*;
use super::flow::{Arrival, Ctx, Frame, prompt};
use super::wire::*;
use crate::core::check::{self, Check, CheckHooks, CheckStep, Gate, PassRule, Reroll};
use crate::core::engine::Flow;
use crate::core::{Die, Square};

/// What a check is for, with what its continuation needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckFor {
    pub kind: CheckKind,
    pub player: PlayerId,
    /// Dodge: the Dodge skill is cancelled by an opposing Tackle (§26.30).
    pub tackled: bool,
    /// Catch: how the ball arrived; Block: the defender.
    pub arrival: Option<Arrival>,
    pub square: Option<Square>,
    pub other: Option<PlayerId>,
    /// Pass: the range.
    pub range: Option<PassRange>,
    /// Block: the chooser's side is Home (`true`) or Away; Wild Animal etc.: the action.
    pub flag: bool,
    /// The declared Action (pre-action rolls).
    pub action: Option<ActionKind>,
    /// Block: Frenzy's second block (§26.12).
    pub second: bool,
    /// Dodge, Leap: the square left (§26.44 Diving Tackle puts its player there).
    #[serde(default)]
    pub from: Option<Square>,
    /// Pick-up, catch, pass under Fumblerooski (§31.11): the coach chose to roll it.
    #[serde(default)]
    pub rolled_by_choice: bool,
}

impl CheckFor {
    pub fn new(kind: CheckKind, player: PlayerId) -> CheckFor {
        CheckFor {
            kind,
            player,
            tackled: false,
            arrival: None,
            square: None,
            other: None,
            range: None,
            flag: false,
            action: None,
            second: false,
            from: None,
            rolled_by_choice: false,
        }
    }
}

pub type BbCheck = Check<CheckFor, RerollSource>;

/// A one-die agility-style check: `target` on a D6 with `modifier` (natural 1 fails,
/// natural 6 passes, §3).
pub fn d6_check(for_: CheckFor, target: u8, modifier: i8) -> BbCheck {
    Check::new(for_, Die::D6, PassRule::Natural, target, modifier)
}

/// The purpose an event names for a check.
pub fn purpose(kind: CheckKind) -> RollPurpose {
    match kind {
        CheckKind::Dodge => RollPurpose::Dodge,
        CheckKind::Gfi => RollPurpose::Gfi,
        CheckKind::PickUp => RollPurpose::PickUp,
        CheckKind::Catch => RollPurpose::Catch,
        CheckKind::Pass => RollPurpose::Pass,
        CheckKind::Interception => RollPurpose::Interception,
        CheckKind::StandUp => RollPurpose::StandUp,
        CheckKind::Leap => RollPurpose::Leap,
        CheckKind::BoneHead => RollPurpose::BoneHead,
        CheckKind::ReallyStupid => RollPurpose::ReallyStupid,
        CheckKind::WildAnimal => RollPurpose::WildAnimal,
        CheckKind::TakeRoot => RollPurpose::TakeRoot,
        CheckKind::Block => RollPurpose::Block,
        CheckKind::ThrowTeamMate => RollPurpose::ThrowTeamMate,
        CheckKind::Landing => RollPurpose::Landing,
        CheckKind::JumpUp => RollPurpose::JumpUp,
        CheckKind::SafeThrow => RollPurpose::SafeThrow,
        CheckKind::FoulAppearance => RollPurpose::FoulAppearance,
        CheckKind::HypnoticGaze => RollPurpose::HypnoticGaze,
        CheckKind::Animosity => RollPurpose::Animosity,
        CheckKind::BloodLust => RollPurpose::BloodLust,
    }
}

/// The skill that re-rolls a failed check of `kind` (§26.11 Dodge, §26.29 Sure Hands,
/// §26.7 Catch, §26.18 Pass, §26.71 Sure Feet).
pub fn skill_reroll(kind: CheckKind) -> Option<Skill> {
    match kind {
        CheckKind::Dodge => Some(Skill::Dodge),
        CheckKind::Gfi => Some(Skill::SureFeet),
        CheckKind::PickUp => Some(Skill::SureHands),
        CheckKind::Catch | CheckKind::Interception => Some(Skill::Catch),
        CheckKind::Pass => Some(Skill::Pass),
        _ => None,
    }
}

/// §15.3, G4: is a pass roll accurate? Natural 1 never, natural 6 always, else the modified
/// roll above 1 and at least the target.
pub fn pass_accurate(c: &BbCheck) -> bool {
    let face = c.face();
    face == 6 || (face != 1 && c.result() > 1 && c.result() >= i32::from(c.target))
}

/// §15.5, G4: is a pass roll a fumble?
pub fn pass_fumbled(c: &BbCheck) -> bool {
    let face = c.face();
    face == 1 || (face != 6 && c.result() <= 1)
}

/// §26.58: a player with Leader is on the pitch for `side` (standing, prone or stunned).
pub fn leader_on_pitch(g: &super::state::Game, side: crate::core::Side) -> bool {
    g.on_pitch(side).any(|p| p.has(Skill::Leader))
}

/// §26.58: does `side` have a Leader at this match (a player not Absent)?
pub fn has_leader(g: &super::state::Game, side: crate::core::Side) -> bool {
    g.players
        .iter()
        .any(|p| p.side == side && p.has(Skill::Leader) && p.state != PlayerState::Absent)
}

const GATE: Gate = Gate {
    die: Die::D6,
    target: 4,
};

impl CheckHooks<CheckFor, RerollSource> for Ctx<'_> {
    fn roll_die(&mut self, die: Die) -> u16 {
        self.dice.roll(die)
    }

    fn passes(&self, c: &BbCheck) -> bool {
        match c.kind.kind {
            CheckKind::Block => true,
            CheckKind::Pass | CheckKind::ThrowTeamMate => pass_accurate(c),
            _ => c.passes_by_rule(),
        }
    }

    fn rolled(&mut self, c: &BbCheck, passed: bool) {
        let side = self.g.player(c.kind.player).side;
        let block = c.kind.kind == CheckKind::Block;
        self.emit(Event::Rolled {
            roll: Roll {
                purpose: purpose(c.kind.kind),
                coach: Some(side),
                die: c.die,
                faces: c.faces.clone(),
                target: (!block).then_some(c.target),
                modifier: c.modifier,
                success: (!block).then_some(passed),
                reroll: c.rerolled,
            },
        });
    }

    /// §19: a failed check (any block roll) may be re-rolled by the player's skill, a team
    /// re-roll in his own team's turn (one a turn, never at the kick-off; Loner 4+ first),
    /// or Pro (once a turn, 4+ first).
    fn reroll_sources(&self, c: &BbCheck, passed: bool) -> Option<Vec<Reroll<RerollSource>>> {
        if passed && c.kind.kind != CheckKind::Block {
            return None;
        }
        if self.cards_cursed(c.kind.player) {
            return None;
        }
        let p = self.g.player(c.kind.player);
        let mut v = Vec::new();
        if let Some(skill) = skill_reroll(c.kind.kind)
            && p.has(skill)
            && !(skill == Skill::Dodge && (p.used_dodge || c.kind.tackled))
            && !(skill == Skill::SureFeet && p.used_skills.has(Skill::SureFeet))
        {
            v.push(Reroll::free(RerollSource::Skill(skill)));
        }
        let t = self.g.team(p.side);
        // §31: a card may forbid team re-rolls (Fan Uproar, Rakarth's Curse).
        let own_turn = self.g.active == Some(p.side)
            && !t.used.reroll
            && p.square().is_some()
            && self.cards_team_rerolls_ok(p.side);
        let gated = |source| {
            if p.has(Skill::Loner) {
                Reroll::gated(source, GATE)
            } else {
                Reroll::free(source)
            }
        };
        if own_turn && t.rerolls > 0 {
            v.push(gated(RerollSource::Team));
        }
        if own_turn && t.leader_reroll && leader_on_pitch(self.g, p.side) {
            // §26.58: the Leader re-roll, like a team re-roll (Loner 4+ first, §26.15).
            v.push(gated(RerollSource::Leader));
        }
        if p.has(Skill::Pro) && !p.used_pro {
            v.push(Reroll::gated(RerollSource::Pro, GATE));
        }
        (!v.is_empty()).then_some(v)
    }

    fn spend(&mut self, c: &BbCheck, source: RerollSource) {
        let id = c.kind.player;
        let side = self.g.player(id).side;
        match source {
            RerollSource::Team => {
                let t = &mut self.g.teams[side.index()];
                t.rerolls -= 1;
                t.used.reroll = true;
            }
            RerollSource::Skill(Skill::Dodge) => self.g.players[id.index()].used_dodge = true,
            RerollSource::Pro => self.g.players[id.index()].used_pro = true,
            RerollSource::Skill(Skill::SureFeet) => {
                // §26.71: once per turn.
                self.g.players[id.index()]
                    .used_skills
                    .insert(Skill::SureFeet);
            }
            RerollSource::Leader => {
                let t = &mut self.g.teams[side.index()];
                t.leader_reroll = false;
                t.used.reroll = true;
            }
            RerollSource::Skill(_) => {}
        }
        self.emit(Event::RerollUsed {
            side,
            player: Some(id),
            source,
        });
        if source == RerollSource::Team {
            self.emit_rerolls(side);
        }
        if source == RerollSource::Leader {
            self.emit(Event::LeaderReroll {
                side,
                available: false,
            });
        }
    }

    fn gate_rolled(&mut self, c: &BbCheck, reroll: &Reroll<RerollSource>, face: u16, passed: bool) {
        let side = self.g.player(c.kind.player).side;
        let purpose = if reroll.source == RerollSource::Pro {
            RollPurpose::Pro
        } else {
            RollPurpose::Loner
        };
        let mut roll = Roll::plain(purpose, Some(side), Die::D6, face);
        roll.target = Some(GATE.target);
        roll.success = Some(passed);
        self.emit(Event::Rolled { roll });
    }

    fn on_success(&mut self, c: BbCheck) {
        self.check_done(c, true);
    }

    fn on_failure(&mut self, c: BbCheck) {
        self.check_done(c, false);
    }
}

impl Ctx<'_> {
    /// Roll a check (or carry on with one waiting): wait for the re-roll decision if one is
    /// on offer.
    pub fn run_check(&mut self, c: BbCheck) -> Flow<Prompt, Command> {
        match check::roll(self, c) {
            CheckStep::Done => Flow::Continue,
            CheckStep::AwaitReroll(c) => {
                let side = self.g.player(c.kind.player).side;
                let p = prompt(
                    side,
                    PromptKind::Reroll {
                        player: c.kind.player,
                        check: c.kind.kind,
                        faces: c.faces.clone(),
                        target: c.target,
                        sources: c.sources().copied().collect(),
                    },
                );
                self.push(Frame::Check(Box::new(c)));
                Flow::Wait(p)
            }
        }
    }
}
