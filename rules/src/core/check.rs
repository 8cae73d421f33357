//! The check with re-roll: roll dice against a target, offer the re-rolls the rules allow,
//! take the coach's decision, and carry on with what follows a success or a failure.
//!
//! Blitz Bowl's Throw and Armour checks run on it; Blood Bowl will run every check on it
//! (Dodge, Going For It, Pick-up, Catch, Pass, Interception, Armour...), each with its own
//! re-roll sources: the skill re-roll (Dodge, Sure Hands, Catch, Pass), the team re-roll,
//! Pro, and the Loner roll that must pass before a team re-roll is used.
//!
//! # Shape
//!
//! A [`Check`] is data, serde like every frame: what it is for (`K`, the game's own type,
//! which the continuations read), its dice, target, modifier and [`PassRule`], the faces
//! rolled, and, while it waits for the coach, the re-rolls on offer ([`Reroll`]: a source,
//! `S`, the game's own type, and an optional [`Gate`], the roll that must pass before the
//! dice are re-rolled). The game keeps a waiting check in one of its frames.
//!
//! [`roll`] rolls a check and either finishes it or returns it to wait for a re-roll
//! decision ([`CheckStep::AwaitReroll`]); [`decide`] carries out the coach's answer. What is
//! the game's (and its skills') is asked at named hook points, [`CheckHooks`]:
//!
//! | hook | when | Blitz Bowl | Blood Bowl |
//! | --- | --- | --- | --- |
//! | `modifiers` | before the first roll | Crumbling Pitch on armour, the 2024 cap | tackle zones, weather, skills |
//! | `passes` | after each roll | the check's rule | the rule; skills that change it |
//! | `rolled` | after each roll | `Event::Rolled` | its roll event |
//! | `reroll_sources` | after the first roll | Expert Passer, Raw Talent, Rookies to Watch | skill re-roll, team re-roll (gated by Loner), Pro |
//! | `spend` | a re-roll is chosen | play the card, report it | take a token, mark the skill used |
//! | `gate_rolled` | after a gate's roll | (no gates) | report the Loner/Pro roll |
//! | `on_success`, `on_failure` | the result is final | resolve the throw; injure | continue the move; fall over, turnover |
//!
//! # Rules it enforces
//!
//! * A check is re-rolled at most once, whatever the sources (Blood Bowl: "no roll can ever be
//!   re-rolled more than once"): the re-rolled result is final. A source whose gate fails is
//!   spent and the original result stands.
//! * The coach is asked only when `reroll_sources` says so; the answer is one of the sources
//!   offered, or no re-roll. The sources are worked out once, when the check waits, and kept
//!   in it, so the legal answers are read from the frame.

use serde::{Deserialize, Serialize};

use super::Die;

/// How a check's dice are read against its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PassRule {
    /// One die: a natural 1 fails, the die's highest face passes, otherwise the face plus the
    /// modifier must reach the target (Blitz Bowl's checks; Blood Bowl's agility rolls and
    /// Going For It).
    Natural,
    /// The faces summed plus the modifier must reach the target (Blood Bowl's 2D6 armour roll
    /// beats the Armour value: a target of AV + 1).
    Total,
}

/// A roll that must reach `target` on `die` before a re-roll happens: Loner's 4+ before a
/// team re-roll, Pro's 4+.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Gate {
    pub die: Die,
    pub target: u8,
}

/// A re-roll on offer: where it comes from, and the gate it must pass, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Reroll<S> {
    pub source: S,
    pub gate: Option<Gate>,
}

impl<S> Reroll<S> {
    /// A re-roll used as soon as it is chosen (a skill, a card, a team re-roll).
    pub fn free(source: S) -> Reroll<S> {
        Reroll { source, gate: None }
    }

    /// A re-roll that is spent when chosen but re-rolls only if `gate` passes.
    pub fn gated(source: S, gate: Gate) -> Reroll<S> {
        Reroll {
            source,
            gate: Some(gate),
        }
    }
}

/// Where a check is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CheckStage {
    /// Not rolled yet.
    Roll,
    /// Rolled; waiting for the coach's re-roll decision.
    RerollOffered,
}

/// One check: what it is for, its dice, target and modifier, the faces rolled, and the
/// re-rolls on offer while it waits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check<K, S> {
    /// What the check is for: the game's data, read by its hooks and continuations.
    pub kind: K,
    pub die: Die,
    /// How many dice are rolled and read together (2 for a 2D6 roll).
    pub dice: u8,
    pub rule: PassRule,
    pub target: u8,
    /// The modifier the dice are read with (set by the `modifiers` hook before the roll).
    pub modifier: i8,
    /// The faces of the last roll (empty before the first).
    pub faces: Vec<u16>,
    /// The check's one re-roll is used (its result is final).
    pub rerolled: bool,
    pub stage: CheckStage,
    /// The re-rolls on offer while the check waits ([`CheckStage::RerollOffered`]).
    pub offered: Vec<Reroll<S>>,
}

impl<K, S> Check<K, S> {
    /// A check of one `die` against `target` with `modifier`, read by `rule`.
    pub fn new(kind: K, die: Die, rule: PassRule, target: u8, modifier: i8) -> Check<K, S> {
        Check {
            kind,
            die,
            dice: 1,
            rule,
            target,
            modifier,
            faces: Vec::new(),
            rerolled: false,
            stage: CheckStage::Roll,
            offered: Vec::new(),
        }
    }

    /// The same check with `dice` dice read together.
    pub fn with_dice(mut self, dice: u8) -> Check<K, S> {
        self.dice = dice.max(1);
        self
    }

    /// The first face rolled (the natural result of a one-die check); 0 before the roll.
    pub fn face(&self) -> u16 {
        self.faces.first().copied().unwrap_or(0)
    }

    /// The faces summed plus the modifier.
    pub fn result(&self) -> i32 {
        self.faces.iter().map(|&f| i32::from(f)).sum::<i32>() + i32::from(self.modifier)
    }

    /// Do the faces pass by the check's [`PassRule`]?
    pub fn passes_by_rule(&self) -> bool {
        match self.rule {
            PassRule::Natural => {
                let face = self.face();
                face != 1
                    && (u32::from(face) == self.die.faces()
                        || self.result() >= i32::from(self.target))
            }
            PassRule::Total => self.result() >= i32::from(self.target),
        }
    }

    /// The sources on offer while the check waits.
    pub fn sources(&self) -> impl Iterator<Item = &S> + '_ {
        self.offered.iter().map(|r| &r.source)
    }
}

/// The named points where a game, and its skills, plug into a check. `K` and `S` are the
/// game's types for what a check is for and where a re-roll comes from.
pub trait CheckHooks<K, S> {
    /// Roll one die with the game's injected dice.
    fn roll_die(&mut self, die: Die) -> u16;

    /// `modifiers`: the modifier the dice are read with, asked once before the first roll
    /// (conditions that hold at the roll rather than when the check was set up). Default:
    /// the check's own.
    fn modifiers(&mut self, check: &Check<K, S>) -> i8 {
        check.modifier
    }

    /// `passes`: do the faces pass? Default: the check's [`PassRule`].
    fn passes(&self, check: &Check<K, S>) -> bool {
        check.passes_by_rule()
    }

    /// `rolled`: report a roll of the check (`check.rerolled` says whether it is the re-roll).
    fn rolled(&mut self, check: &Check<K, S>, passed: bool);

    /// `reroll_sources`: after the first roll, the re-rolls on offer. `None`: do not ask the
    /// coach, the result stands; `Some(sources)`: ask, with these sources (possibly none:
    /// then the only answer is no re-roll, which a game may want so that asking reveals
    /// nothing secret).
    fn reroll_sources(&self, check: &Check<K, S>, passed: bool) -> Option<Vec<Reroll<S>>>;

    /// `spend`: a re-roll was chosen: use it up (a team re-roll, a card, a once-per-turn
    /// skill) and report it. Called before its gate, if any, is rolled.
    fn spend(&mut self, check: &Check<K, S>, source: S);

    /// `gate_rolled`: report the roll of a re-roll's gate (Loner, Pro). Default: nothing.
    fn gate_rolled(&mut self, check: &Check<K, S>, reroll: &Reroll<S>, face: u16, passed: bool) {
        let _ = (check, reroll, face, passed);
    }

    /// `on_success`: the check's result is final and passed.
    fn on_success(&mut self, check: Check<K, S>);

    /// `on_failure`: the check's result is final and failed.
    fn on_failure(&mut self, check: Check<K, S>);
}

/// What [`roll`] left to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckStep<K, S> {
    /// The result was final; its continuation ran.
    Done,
    /// The check waits for the coach's re-roll decision (answered by [`decide`]): keep it in
    /// a frame and prompt.
    AwaitReroll(Check<K, S>),
}

/// Roll a check: `modifiers`, the dice, `rolled`; then, unless `reroll_sources` has re-rolls
/// to offer, the continuation. A check already waiting is returned as it is.
pub fn roll<K, S, H: CheckHooks<K, S> + ?Sized>(
    h: &mut H,
    mut check: Check<K, S>,
) -> CheckStep<K, S> {
    if check.stage == CheckStage::RerollOffered {
        return CheckStep::AwaitReroll(check);
    }
    check.modifier = h.modifiers(&check);
    roll_dice(h, &mut check);
    let passed = h.passes(&check);
    h.rolled(&check, passed);
    if !check.rerolled
        && let Some(offered) = h.reroll_sources(&check, passed)
    {
        check.offered = offered;
        check.stage = CheckStage::RerollOffered;
        return CheckStep::AwaitReroll(check);
    }
    finish(h, check, passed);
    CheckStep::Done
}

/// The coach's answer to a waiting check: `choice` is one of the sources offered, or `None`
/// (no re-roll; a source not on offer counts as none). Spends the source, rolls its gate,
/// re-rolls the dice if the gate passed, and runs the continuation of the final result.
pub fn decide<K, S: Copy + PartialEq, H: CheckHooks<K, S> + ?Sized>(
    h: &mut H,
    mut check: Check<K, S>,
    choice: Option<S>,
) {
    let offered = std::mem::take(&mut check.offered);
    check.stage = CheckStage::Roll;
    let reroll = choice.and_then(|s| offered.into_iter().find(|r| r.source == s));
    let Some(reroll) = reroll else {
        let passed = h.passes(&check);
        finish(h, check, passed);
        return;
    };
    // The check's one re-roll is used now, whatever its gate does.
    check.rerolled = true;
    h.spend(&check, reroll.source);
    if let Some(gate) = reroll.gate {
        let face = h.roll_die(gate.die);
        let through = face >= u16::from(gate.target);
        h.gate_rolled(&check, &reroll, face, through);
        if !through {
            let passed = h.passes(&check);
            finish(h, check, passed);
            return;
        }
    }
    roll_dice(h, &mut check);
    let passed = h.passes(&check);
    h.rolled(&check, passed);
    finish(h, check, passed);
}

fn roll_dice<K, S, H: CheckHooks<K, S> + ?Sized>(h: &mut H, check: &mut Check<K, S>) {
    check.faces.clear();
    for _ in 0..check.dice {
        let face = h.roll_die(check.die);
        check.faces.push(face);
    }
}

fn finish<K, S, H: CheckHooks<K, S> + ?Sized>(h: &mut H, check: Check<K, S>, passed: bool) {
    if passed {
        h.on_success(check);
    } else {
        h.on_failure(check);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{DiceSource, ScriptedDice, d6};

    /// Where a toy re-roll comes from.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    enum Source {
        Skill,
        Team,
    }

    /// A toy game: a Dodge-like check with a skill re-roll and a team re-roll (gated by a
    /// Loner roll for a loner), logging every hook.
    struct Toy {
        dice: ScriptedDice,
        log: Vec<String>,
        skill: bool,
        team_rerolls: u8,
        loner: bool,
        /// Offer re-rolls on a success too (Blood Bowl's team re-roll may re-roll any roll).
        on_success_too: bool,
        /// Added by the `modifiers` hook (a tackle zone at the roll).
        at_roll: i8,
    }

    impl Toy {
        fn new(script: impl IntoIterator<Item = (Die, u16)>) -> Toy {
            Toy {
                dice: ScriptedDice::new(script),
                log: Vec::new(),
                skill: false,
                team_rerolls: 0,
                loner: false,
                on_success_too: false,
                at_roll: 0,
            }
        }
    }

    impl CheckHooks<&'static str, Source> for Toy {
        fn roll_die(&mut self, die: Die) -> u16 {
            self.dice.roll(die)
        }
        fn modifiers(&mut self, check: &Check<&'static str, Source>) -> i8 {
            check.modifier + self.at_roll
        }
        fn rolled(&mut self, check: &Check<&'static str, Source>, passed: bool) {
            let again = if check.rerolled { " again" } else { "" };
            self.log
                .push(format!("rolled{again} {:?} passed {passed}", check.faces));
        }
        fn reroll_sources(
            &self,
            _: &Check<&'static str, Source>,
            passed: bool,
        ) -> Option<Vec<Reroll<Source>>> {
            if passed && !self.on_success_too {
                return None;
            }
            let mut v = Vec::new();
            if self.skill && !passed {
                v.push(Reroll::free(Source::Skill));
            }
            if self.team_rerolls > 0 {
                v.push(if self.loner {
                    Reroll::gated(
                        Source::Team,
                        Gate {
                            die: Die::D6,
                            target: 4,
                        },
                    )
                } else {
                    Reroll::free(Source::Team)
                });
            }
            (!v.is_empty()).then_some(v)
        }
        fn spend(&mut self, _: &Check<&'static str, Source>, source: Source) {
            if source == Source::Team {
                self.team_rerolls -= 1;
            }
            self.log.push(format!("spent {source:?}"));
        }
        fn gate_rolled(
            &mut self,
            _: &Check<&'static str, Source>,
            _: &Reroll<Source>,
            face: u16,
            passed: bool,
        ) {
            self.log.push(format!("gate {face} passed {passed}"));
        }
        fn on_success(&mut self, check: Check<&'static str, Source>) {
            self.log.push(format!("{} succeeded", check.kind));
        }
        fn on_failure(&mut self, check: Check<&'static str, Source>) {
            self.log.push(format!("{} failed", check.kind));
        }
    }

    fn dodge(target: u8) -> Check<&'static str, Source> {
        Check::new("dodge", Die::D6, PassRule::Natural, target, 1)
    }

    fn waiting(step: CheckStep<&'static str, Source>) -> Check<&'static str, Source> {
        match step {
            CheckStep::AwaitReroll(c) => c,
            CheckStep::Done => panic!("the check should wait for a re-roll decision"),
        }
    }

    #[test]
    fn a_check_with_no_reroll_on_offer_fails_at_once() {
        let mut toy = Toy::new([d6(2)]);
        assert_eq!(roll(&mut toy, dodge(4)), CheckStep::Done);
        assert_eq!(toy.log, ["rolled [2] passed false", "dodge failed"]);
        assert_eq!(toy.dice.remaining(), 0);
    }

    #[test]
    fn a_passed_check_runs_its_success_continuation() {
        let mut toy = Toy::new([d6(3)]);
        toy.skill = true;
        assert_eq!(roll(&mut toy, dodge(4)), CheckStep::Done);
        assert_eq!(toy.log, ["rolled [3] passed true", "dodge succeeded"]);
    }

    #[test]
    fn the_modifiers_hook_sets_the_modifier_the_dice_are_read_with() {
        let mut toy = Toy::new([d6(3)]);
        toy.at_roll = -1;
        roll(&mut toy, dodge(4));
        assert_eq!(toy.log, ["rolled [3] passed false", "dodge failed"]);
    }

    #[test]
    fn natural_ones_fail_and_natural_sixes_pass_whatever_the_modifier() {
        let mut c = Check::<(), ()>::new((), Die::D6, PassRule::Natural, 2, 5);
        c.faces = vec![1];
        assert!(!c.passes_by_rule());
        c.modifier = -9;
        c.faces = vec![6];
        assert!(c.passes_by_rule());
        let mut armour = Check::<(), ()>::new((), Die::D6, PassRule::Total, 9, 0).with_dice(2);
        armour.faces = vec![4, 4];
        assert!(!armour.passes_by_rule());
        armour.faces = vec![6, 3];
        assert!(armour.passes_by_rule());
    }

    #[test]
    fn a_check_is_rerolled_only_once_and_the_new_result_stands() {
        let mut toy = Toy::new([d6(2), d6(1)]);
        toy.skill = true;
        toy.team_rerolls = 2;
        let c = waiting(roll(&mut toy, dodge(4)));
        assert_eq!(
            c.sources().copied().collect::<Vec<_>>(),
            [Source::Skill, Source::Team]
        );
        decide(&mut toy, c, Some(Source::Skill));
        assert_eq!(
            toy.log,
            [
                "rolled [2] passed false",
                "spent Skill",
                "rolled again [1] passed false",
                "dodge failed"
            ]
        );
        // The failed re-roll was not offered again, though a team re-roll was left.
        assert_eq!(toy.team_rerolls, 2);
        assert_eq!(toy.dice.remaining(), 0);
    }

    #[test]
    fn a_rerolled_check_can_succeed() {
        let mut toy = Toy::new([d6(2), d6(5)]);
        toy.team_rerolls = 1;
        let c = waiting(roll(&mut toy, dodge(4)));
        decide(&mut toy, c, Some(Source::Team));
        assert_eq!(toy.team_rerolls, 0);
        assert_eq!(toy.log.last().map(String::as_str), Some("dodge succeeded"));
    }

    #[test]
    fn declining_the_reroll_keeps_the_first_result() {
        let mut toy = Toy::new([d6(2)]);
        toy.team_rerolls = 1;
        let c = waiting(roll(&mut toy, dodge(4)));
        decide(&mut toy, c, None);
        assert_eq!(toy.log, ["rolled [2] passed false", "dodge failed"]);
        assert_eq!(toy.team_rerolls, 1);
    }

    #[test]
    fn a_loner_roll_gates_the_team_reroll() {
        // Loner rolls 3: the team re-roll is lost and the failure stands.
        let mut toy = Toy::new([d6(2), d6(3)]);
        toy.team_rerolls = 1;
        toy.loner = true;
        let c = waiting(roll(&mut toy, dodge(4)));
        decide(&mut toy, c, Some(Source::Team));
        assert_eq!(
            toy.log,
            [
                "rolled [2] passed false",
                "spent Team",
                "gate 3 passed false",
                "dodge failed"
            ]
        );
        assert_eq!(toy.team_rerolls, 0);
        assert_eq!(toy.dice.remaining(), 0);

        // Loner rolls 4: the dice are re-rolled.
        let mut toy = Toy::new([d6(2), d6(4), d6(6)]);
        toy.team_rerolls = 1;
        toy.loner = true;
        let c = waiting(roll(&mut toy, dodge(4)));
        decide(&mut toy, c, Some(Source::Team));
        assert_eq!(
            toy.log,
            [
                "rolled [2] passed false",
                "spent Team",
                "gate 4 passed true",
                "rolled again [6] passed true",
                "dodge succeeded"
            ]
        );
    }

    #[test]
    fn a_success_may_be_offered_a_reroll_when_the_game_says_so() {
        let mut toy = Toy::new([d6(4)]);
        toy.team_rerolls = 1;
        toy.on_success_too = true;
        let c = waiting(roll(&mut toy, dodge(4)));
        decide(&mut toy, c, None);
        assert_eq!(toy.log, ["rolled [4] passed true", "dodge succeeded"]);
    }

    #[test]
    fn a_source_not_on_offer_counts_as_no_reroll() {
        let mut toy = Toy::new([d6(2)]);
        toy.team_rerolls = 1;
        let c = waiting(roll(&mut toy, dodge(4)));
        decide(&mut toy, c, Some(Source::Skill));
        assert_eq!(toy.log, ["rolled [2] passed false", "dodge failed"]);
    }

    #[test]
    fn a_waiting_check_is_serde_data_and_resumes_after_a_round_trip() {
        let mut toy = Toy::new([d6(1), d6(6)]);
        toy.team_rerolls = 1;
        let c = waiting(roll(&mut toy, dodge(4)));
        let json = serde_json::to_string(&c).unwrap_or_default();
        let back: Check<String, Source> = serde_json::from_str(&json).unwrap_or_else(|e| {
            panic!("{e}: {json}");
        });
        assert_eq!(back.stage, CheckStage::RerollOffered);
        assert_eq!(back.faces, [1]);
        assert_eq!(back.offered, [Reroll::free(Source::Team)]);
        // A waiting check handed to `roll` again keeps waiting (nothing is rolled).
        let again = waiting(roll(&mut toy, c));
        decide(&mut toy, again, Some(Source::Team));
        assert_eq!(toy.log.last().map(String::as_str), Some("dodge succeeded"));
    }
}
