//! Actions (§9.2): declaring, standing up (§10.5), moving (§10.1–§10.4), Leap (§26.14),
//! picking up (§10.6), passing (§15), handing off (§16), fouling (§14), and the
//! continuations of every check.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use super::checks::{CheckFor, d6_check, pass_fumbled};
use super::data::*;
use super::flow::{Arrival, Ctx, Frame, Hurt, prompt};
use super::state::*;
use super::wire::*;
use crate::core::check::Check;
use crate::core::engine::Flow;
use crate::core::{Die, Side, Square};

/// §10.4, §26.25: extra squares a player may Go For It.
pub fn gfi_allowance(p: &Player) -> u8 {
    if p.has(Skill::Sprint) { 3 } else { 2 }
}

/// §15.4 (G2): may an opponent at `i` intercept a pass from `t` to `r`? Strictly closer to
/// the thrower than the target is, strictly closer to the target than the thrower is, and
/// some corner of his square within 0.87 squares of the line (ruler width 1.74).
pub fn can_intercept(t: Square, r: Square, i: Square) -> bool {
    let (rx, ry) = (f64::from(r.x - t.x), f64::from(r.y - t.y));
    let (ix, iy) = (f64::from(i.x - t.x), f64::from(i.y - t.y));
    let rr = rx * rx + ry * ry;
    if rr <= ix * ix + iy * iy || rr <= (rx - ix).powi(2) + (ry - iy).powi(2) {
        return false;
    }
    let len = rr.sqrt();
    let mut best = f64::MAX;
    for (cx, cy) in [(-0.5, -0.5), (-0.5, 0.5), (0.5, -0.5), (0.5, 0.5)] {
        let (x, y) = (ix + cx, iy + cy);
        best = best.min((ry * x - rx * y).abs() / len);
    }
    2.0 * best < 1.74
}

impl Ctx<'_> {
    fn rain(&self) -> i8 {
        i8::from(self.g.weather == Weather::PouringRain)
    }

    /// §9.2: declare an Action (a Block names its target): the one-per-turn allocations
    /// are used at once (G20), then the pre-action rolls (§26.5, §26.21, §26.35, §26.31),
    /// standing up (§10.5), and the Action.
    pub(crate) fn declare(
        &mut self,
        player: PlayerId,
        action: ActionKind,
        target: Option<PlayerId>,
    ) {
        self.g.acted_this_turn = true;
        // §31.6 Inertia Dampner: no square moved yet in this Action.
        self.g.cards.moved = None;
        let side = self.g.player(player).side;
        {
            // §31.7 All Out Blitz, Razzle Dazzle: the second one spends the card's.
            let used = self.g.teams[side.index()].used;
            let spent = match action {
                ActionKind::Blitz => used.blitz,
                ActionKind::Pass => used.pass,
                ActionKind::HandOff => used.hand_off,
                _ => false,
            };
            if spent {
                match action {
                    ActionKind::Blitz => self.g.cards.extra_blitz[side.index()] = false,
                    // §31.11 Flea Flicker's second Pass first, then Razzle Dazzle's.
                    ActionKind::Pass if self.g.cards.flea[side.index()] == 2 => {
                        self.g.cards.flea[side.index()] = 3;
                    }
                    _ => self.g.cards.extra_pass[side.index()] = false,
                }
            }
            let used = &mut self.g.teams[side.index()].used;
            match action {
                ActionKind::Blitz => used.blitz = true,
                ActionKind::Pass => used.pass = true,
                ActionKind::HandOff => used.hand_off = true,
                ActionKind::Foul => used.foul = true,
                ActionKind::Move | ActionKind::Block | ActionKind::Bomb => {}
            }
        }
        self.emit(Event::Declared { player, action });
        // §26.54: a hypnotised player wakes as his Action starts.
        self.wake_from_gaze(player);
        let p = self.g.player(player);
        let (ma, gfi) = if p.rooted || action == ActionKind::Bomb {
            (0, 0)
        } else {
            (p.ma, self.cards_gfi_allowance(player, gfi_allowance(p)))
        };
        self.g.acting = Some(Acting {
            player,
            action,
            ma_left: ma,
            gfi_left: gfi,
            blocked: false,
            ended: false,
            multiple: false,
            refused: false,
            hungry: false,
        });
        match (action, target) {
            (ActionKind::Block, Some(defender)) => {
                self.push(Frame::FinishAction);
                self.push(Frame::BlockStart {
                    attacker: player,
                    defender,
                    frenzy: false,
                });
                if matches!(self.g.player(player).state, PlayerState::Prone { .. }) {
                    // §26.55 Jump Up: a prone player's Block needs an Agility roll at +2.
                    self.push(Frame::JumpUp { player });
                }
            }
            _ => {
                self.push(Frame::Acting);
                if matches!(self.g.player(player).state, PlayerState::Prone { .. }) {
                    self.push(Frame::StandUp);
                }
            }
        }
        self.pre_action_rolls(player, action);
    }

    /// §26.5 Bone-head (2+), §26.21 Really Stupid (4+, +2 beside a standing team-mate who
    /// is not Really Stupid), §26.35 Wild Animal (4+, +2 on a Block or Blitz), §26.31 Take
    /// Root (2+): rolled after declaring, before anything else.
    fn pre_action_rolls(&mut self, player: PlayerId, action: ActionKind) {
        let p = self.g.player(player);
        let side = p.side;
        let mut checks = Vec::new();
        // §31.12 Distract: near a distracting opponent he counts as having Bone-head.
        if p.has(Skill::BoneHead) || super::cards::distracted(self.g, player) {
            checks.push((CheckKind::BoneHead, 2, 0));
        }
        if p.has(Skill::ReallyStupid) {
            let helped = p.square().is_some_and(|sq| {
                sq.neighbours().any(|n| {
                    self.g.at(n).is_some_and(|o| {
                        let o = self.g.player(o);
                        o.side == side && o.standing() && !o.has(Skill::ReallyStupid)
                    })
                })
            });
            checks.push((CheckKind::ReallyStupid, 4, if helped { 2 } else { 0 }));
        }
        if p.has(Skill::WildAnimal) {
            let fierce = matches!(action, ActionKind::Block | ActionKind::Blitz);
            checks.push((CheckKind::WildAnimal, 4, if fierce { 2 } else { 0 }));
        }
        if p.has(Skill::TakeRoot) {
            checks.push((CheckKind::TakeRoot, 2, 0));
        }
        if p.has(Skill::BloodLust) {
            // §26.39 Blood Lust: 2+, or he must feed at the end of the Action.
            checks.push((CheckKind::BloodLust, 2, 0));
        }
        for (kind, target, modifier) in checks.into_iter().rev() {
            let mut f = CheckFor::new(kind, player);
            f.action = Some(action);
            self.push(Frame::Check(Box::new(d6_check(f, target, modifier))));
        }
    }

    /// §10.5: stand up: 3 squares of movement, or a 4+ roll with MA below 3 (G21).
    pub(crate) fn stand_up(&mut self) -> Flow<Prompt, Command> {
        let Some(a) = self.g.acting else {
            return Flow::Continue;
        };
        if a.ended {
            return Flow::Continue;
        }
        let p = self.g.player(a.player);
        let PlayerState::Prone { square } = p.state else {
            return Flow::Continue;
        };
        if p.has(Skill::JumpUp) {
            // §26.55 Jump Up: he stands up for free.
            self.emit(Event::SkillUsed {
                player: a.player,
                skill: Skill::JumpUp,
            });
            self.stood_up(a.player, square);
            return Flow::Continue;
        }
        if a.ma_left >= 3 {
            if let Some(a) = self.g.acting.as_mut() {
                a.ma_left -= 3;
            }
            self.stood_up(a.player, square);
            return Flow::Continue;
        }
        let f = CheckFor::new(CheckKind::StandUp, a.player);
        self.run_check(d6_check(f, 4, 0))
    }

    fn stood_up(&mut self, player: PlayerId, square: Square) {
        self.set_state(player, PlayerState::Standing { square });
        self.emit(Event::StoodUp { player });
    }

    /// The Action prompt, or the end of the Action once it is over.
    pub(crate) fn acting(&mut self) -> Flow<Prompt, Command> {
        let Some(a) = self.g.acting else {
            return Flow::Continue;
        };
        let p = self.g.player(a.player);
        if a.ended || self.g.turnover.is_some() || self.g.touchdown || !p.standing() {
            self.finish_action();
            return Flow::Continue;
        }
        let Some(sq) = p.square() else {
            self.finish_action();
            return Flow::Continue;
        };
        let side = p.side;
        let must_dodge = self.g.tackle_zones(side, sq, None) > 0
            || super::cards::incoming_dodge(self.g, side, sq);
        self.push(Frame::Acting);
        Flow::Wait(prompt(
            side,
            PromptKind::Acting {
                player: a.player,
                action: a.action,
                ma_left: a.ma_left,
                gfi_left: a.gfi_left,
                must_dodge,
            },
        ))
    }

    /// The Action is over: the player has acted; a ball carrier standing in the end zone
    /// scores (§18.1).
    pub(crate) fn finish_action(&mut self) {
        // §26.39: a hungry Vampire feeds before the Action ends (and before a touchdown).
        if let Some(a) = self.g.acting
            && a.hungry
            && self.feed(a.player, None)
        {
            // The Thrall's choice (on top) comes first, then the Action's end.
            let n = self.g.frames.len();
            self.g.frames.insert(n - 1, Frame::FinishAction);
            return;
        }
        let Some(a) = self.g.acting.take() else {
            return;
        };
        self.g.players[a.player.index()].acted = true;
        self.emit(Event::ActionEnded { player: a.player });
        self.check_touchdown(true);
        self.cards_after_action();
    }

    fn end_acting(&mut self) {
        if let Some(a) = self.g.acting.as_mut() {
            a.ended = true;
        }
    }

    /// The Acting prompt's answers.
    pub(crate) fn acting_answer(&mut self, cmd: Command) {
        self.push(Frame::Acting);
        let Some(a) = self.g.acting else { return };
        if a.hungry
            && matches!(
                cmd,
                Command::Pass { .. } | Command::HandOff { .. } | Command::ThrowTeamMate { .. }
            )
            && a.action != ActionKind::Bomb
        {
            // §26.39: a hungry Vampire feeds before the ball leaves his hands.
            if self.feed(a.player, Some(cmd)) {
                return;
            }
            if !self.g.player(a.player).standing() || self.g.turnover.is_some() {
                self.end_acting();
                return;
            }
        }
        self.acting_command(cmd);
    }

    /// An Action's command carried out (the Acting frame is below).
    pub(crate) fn acting_command(&mut self, cmd: Command) {
        let Some(a) = self.g.acting else { return };
        match cmd {
            Command::Step { to } if self.g.player(a.player).has(Skill::BallAndChain) => {
                self.chain_step(a, to)
            }
            Command::Step { to } => self.step(a, to),
            Command::Leap { to } => self.leap(a, to),
            Command::BlitzBlock { target } => {
                let gfi = self.spend_square(a.player);
                if let Some(acting) = self.g.acting.as_mut() {
                    acting.blocked = true;
                }
                self.push(Frame::BlockStart {
                    attacker: a.player,
                    defender: target,
                    frenzy: false,
                });
                if gfi {
                    // §10.4, G32: a GFI to block; a fall is in his own square.
                    self.push_gfi(a.player);
                }
            }
            Command::Pass { target } if a.action == ActionKind::Bomb => {
                self.end_acting();
                self.throw_bomb(a.player, target);
            }
            Command::Pass { .. } | Command::HandOff { .. } if self.animosity(a.player, cmd) => {}
            Command::Pass { target } => {
                self.end_acting();
                self.pass(a.player, target);
            }
            Command::HandOff { target } => {
                self.end_acting();
                self.hand_off(a.player, target);
            }
            Command::HailMaryPass { target } if a.action == ActionKind::Bomb => {
                self.end_acting();
                self.hail_mary_bomb(a.player, target);
            }
            Command::HailMaryPass { target } => {
                self.end_acting();
                self.hail_mary(a.player, target);
            }
            Command::ThrowTeamMate { thrown, target } => {
                self.end_acting();
                self.throw_team_mate(a.player, thrown, target);
            }
            Command::Gaze { target } => {
                self.end_acting();
                self.gaze(a.player, target);
            }
            Command::Foul { target } => {
                self.end_acting();
                self.push(Frame::Foul {
                    fouler: a.player,
                    victim: target,
                });
            }
            _ => self.end_acting(),
        }
    }

    /// Spend one square of movement: normal movement first, then a GFI square (returns
    /// whether it was a GFI).
    fn spend_square(&mut self, _player: PlayerId) -> bool {
        let Some(a) = self.g.acting.as_mut() else {
            return false;
        };
        if a.ma_left > 0 {
            a.ma_left -= 1;
            false
        } else {
            a.gfi_left = a.gfi_left.saturating_sub(1);
            true
        }
    }

    pub(crate) fn push_gfi(&mut self, player: PlayerId) {
        let target = if self.g.weather == Weather::Blizzard {
            3
        } else {
            2
        };
        let target = self.cards_gfi_target(player, target);
        let modifier = self.cards_gfi_modifier(player);
        let mut f = CheckFor::new(CheckKind::Gfi, player);
        f.square = self.g.player(player).square();
        self.push(Frame::Check(Box::new(d6_check(f, target, modifier))));
    }

    /// §10.3: the dodge roll of `player` leaving `from` for `to`: +1, −1 per opposing tackle
    /// zone on the destination (§26.28 Stunty: none, unless he also has Secret Weapon; §26.73
    /// a Titchy player's zone does not count), §26.19 Prehensile Tail −1 each, §26.74 Two Heads
    /// and §26.73 Titchy +1 each, §26.6 Break Tackle: ST for AG once a turn; an opposing
    /// §26.30 Tackle cancels Dodge. Every dodge (a step, a Pass Block move) rolls this.
    pub(crate) fn dodge_roll(
        &mut self,
        player: PlayerId,
        from: Square,
        to: Square,
    ) -> super::checks::BbCheck {
        let p = self.g.player(player);
        let side = p.side;
        let tz_to = if p.has(Skill::Stunty) && !p.has(Skill::SecretWeapon) {
            0
        } else {
            super::skill_hooks::dodge_zones_into(self.g, side, to)
        };
        let mut tails = 0i8;
        let mut tackled = false;
        for m in self.g.markers(side, from) {
            let m = self.g.player(m);
            tails += i8::from(m.has(Skill::PrehensileTail));
            tackled |= m.has(Skill::Tackle);
        }
        let bonus = super::skill_hooks::dodge_bonus(p);
        let mut stat = p.ag;
        if p.has(Skill::BreakTackle) && !p.used_break_tackle && p.st > p.ag {
            stat = p.st;
            self.g.players[player.index()].used_break_tackle = true;
        }
        let mut f = CheckFor::new(CheckKind::Dodge, player);
        f.tackled = tackled;
        f.square = Some(to);
        f.from = Some(from);
        d6_check(f, agility_target(stat), 1 - tz_to - tails + bonus)
    }

    /// §10.1–§10.4: one step: GFI first, then the dodge (G14), then the pick-up.
    fn step(&mut self, a: Acting, to: Square) {
        let p = self.g.player(a.player);
        let side = p.side;
        let Some(from) = p.square() else { return };
        let dodge = self.g.tackle_zones(side, from, None) > 0
            || super::cards::incoming_dodge(self.g, side, from);
        if dodge && self.tentacles_hold(a.player, from) {
            // §26.72 Tentacles: held, he stays put and his Action ends.
            return;
        }
        let dodge_check = dodge.then(|| self.dodge_roll(a.player, from, to));
        if !self.g.cards.dampners.is_empty() {
            self.g.cards.moved = Some(a.player);
        }
        let gfi = self.spend_square(a.player);
        self.move_player(a.player, to);
        self.push_shadowing(a.player, from, to);
        self.push(Frame::AfterStep { player: a.player });
        if let Some(c) = dodge_check {
            self.push(Frame::Check(Box::new(c)));
        }
        if gfi {
            self.push_gfi(a.player);
        }
    }

    /// §26.14 Leap: to an empty square within 2, two squares of movement (GFIs rolled),
    /// then an unmodified Agility roll (§26.34 Very Long Legs +1); no dodge.
    fn leap(&mut self, a: Acting, to: Square) {
        let p = self.g.player(a.player);
        if let Some(from) = p.square()
            && self.g.tackle_zones(p.side, from, None) > 0
            && self.tentacles_hold(a.player, from)
        {
            // §26.72 Tentacles: a leap out of the zone may be held too.
            return;
        }
        let p = self.g.player(a.player);
        let vll = i8::from(p.has(Skill::VeryLongLegs));
        let ag = p.ag;
        let from = p.square();
        self.g.players[a.player.index()].used_leap = true;
        if !self.g.cards.dampners.is_empty() {
            self.g.cards.moved = Some(a.player);
        }
        let g1 = self.spend_square(a.player);
        let g2 = self.spend_square(a.player);
        self.move_player(a.player, to);
        if let Some(from) = from {
            self.push_shadowing(a.player, from, to);
        }
        self.push(Frame::AfterStep { player: a.player });
        let mut f = CheckFor::new(CheckKind::Leap, a.player);
        f.square = Some(to);
        f.from = from;
        let (target, vll) = self.cards_leap_roll(a.player, agility_target(ag), vll);
        self.push(Frame::Check(Box::new(d6_check(f, target, vll))));
        for gfi in [g2, g1] {
            if gfi {
                self.push_gfi(a.player);
            }
        }
    }

    /// After a step: a voluntary entry into the ball's square is a pick-up (§10.6; §26.17
    /// No Hands: it bounces, a turnover); a carrier in the end zone scores unless timing is
    /// strict (G9).
    pub(crate) fn after_step(&mut self, player: PlayerId) {
        if self.g.turnover.is_some() || self.g.touchdown {
            return;
        }
        let p = self.g.player(player);
        let Some(sq) = p.square() else { return };
        if !p.standing() {
            return;
        }
        if self.g.ball == (Ball::Ground { square: sq }) {
            if p.has(Skill::NoHands) {
                self.push(Frame::Bounce {
                    from: sq,
                    kick: false,
                });
                self.turnover(Turnover::FailedPickUp);
                return;
            }
            // §26.38 Big Hand: no tackle-zone or Pouring Rain modifier; §26.46 Extra Arms +1.
            let (tz, rain) = if p.has(Skill::BigHand) {
                (0, 0)
            } else {
                (self.g.tackle_zones(p.side, sq, None) as i8, self.rain())
            };
            let arms = super::skill_hooks::extra_arms(p);
            let f = CheckFor::new(CheckKind::PickUp, player);
            let m = 1 - tz - rain + arms + self.cards_handling_modifier();
            let c = d6_check(f, agility_target(p.ag), m);
            self.push(Frame::Check(Box::new(c)));
            return;
        }
        let strict = self.g.setup.options.strict_touchdown_timing;
        self.check_touchdown(!strict);
    }

    /// §15.1–§15.2: a pass to `target`: measure, interception (§15.4), accuracy (§15.3),
    /// flight and landing, then the turnover check once the ball is at rest (§15.7).
    pub(crate) fn pass(&mut self, passer: PlayerId, target: Square) {
        let Some(from) = self.g.player(passer).square() else {
            return;
        };
        let dx = (target.x - from.x).unsigned_abs();
        let dy = (target.y - from.y).unsigned_abs();
        let Some(range) = pass_range(dx, dy) else {
            return;
        };
        self.emit(Event::Passed {
            player: passer,
            target,
            range,
        });
        let side = self.g.player(passer).side;
        if self.g.cards.flea[side.index()] == 1 {
            // §31.11 Flea Flicker: the first (Quick) pass is thrown: a second Pass Action.
            self.g.cards.flea[side.index()] = 2;
        }
        self.g.pass = Some(PassInFlight {
            passer,
            target,
            accurate: false,
            dump_off: false,
        });
        self.push(Frame::BallRest);
        self.push(Frame::PassRoll { range });
        if !super::skills_a::pass_blockers(self.g, passer, target, 0).is_empty() {
            // §26.62 Pass Block: after the range is measured, before any interception.
            self.push(Frame::InterceptAfterPassBlock { passer, target });
            self.push(Frame::PassBlock {
                passer,
                target,
                player: None,
                left: 3,
                moved: 0,
            });
            return;
        }
        self.push_interceptors(passer, from, target);
    }

    /// §15.4: the opponents who may intercept, asked (the pass's thrower at `from`).
    pub(crate) fn push_interceptors(&mut self, passer: PlayerId, from: Square, target: Square) {
        let side = self.g.player(passer).side;
        let candidates: Vec<PlayerId> = self
            .g
            .players
            .iter()
            .filter(|o| {
                o.side != side
                    && o.has_tz()
                    && !o.has(Skill::NoHands)
                    && o.square().is_some_and(|sq| can_intercept(from, target, sq))
            })
            .map(|o| o.id)
            .collect();
        if !candidates.is_empty() {
            self.push(Frame::Intercept { candidates });
        }
    }

    /// §15.4: an interception attempt: −2, −1 per opposing tackle zone, rain −1; §26.34
    /// Very Long Legs +1.
    pub(crate) fn intercept(&mut self, player: PlayerId) {
        let p = self.g.player(player);
        let Some(sq) = p.square() else { return };
        let tz = self.nerves_tz(player, sq);
        let vll = i8::from(p.has(Skill::VeryLongLegs));
        // §26.46 Extra Arms +1; §26.42 Disturbing Presence −1 each.
        let arms = super::skill_hooks::extra_arms(p);
        let dp = super::skill_hooks::disturbing_presence(self.g, p.side, sq);
        // §31.6 Fawndough's Headband (the passer's), Magic Gloves of Jark Longarm (his): +1.
        let passer = self.g.pass.map(|pass| pass.passer);
        let card = super::cards::intercept_modifier(self.g, passer, player);
        let f = CheckFor::new(CheckKind::Interception, player);
        let c = d6_check(
            f,
            agility_target(p.ag),
            -2 - tz - self.rain() + vll + arms - dp + card,
        );
        self.push(Frame::Check(Box::new(c)));
    }

    /// §15.3: the accuracy roll: range, −1 per opposing tackle zone, Very Sunny −1;
    /// §26.27 Strong Arm +1 beyond Quick; §26.28 Stunty −1.
    pub(crate) fn pass_roll(&mut self, range: PassRange) {
        let Some(pass) = self.g.pass else { return };
        let p = self.g.player(pass.passer);
        let Some(sq) = p.square() else { return };
        let tz = self.nerves_tz(pass.passer, sq);
        let mut m = range.modifier() - tz + self.accurate(pass.passer);
        if self.g.weather == Weather::VerySunny {
            m -= 1;
        }
        if p.has(Skill::StrongArm) && range != PassRange::Quick {
            m += 1;
        }
        if p.has(Skill::Stunty) {
            m -= 1;
        }
        // §26.42 Disturbing Presence: −1 each.
        m -= super::skill_hooks::disturbing_presence(self.g, p.side, sq);
        m += self.cards_handling_modifier();
        let mut f = CheckFor::new(CheckKind::Pass, pass.passer);
        f.range = Some(range);
        f.square = Some(pass.target);
        let c = d6_check(f, agility_target(p.ag), m);
        self.push(Frame::Check(Box::new(c)));
    }

    /// §16: a hand-off: no roll; the receiver catches at +1.
    pub(crate) fn hand_off(&mut self, player: PlayerId, target: PlayerId) {
        let Some(square) = self.g.player(target).square() else {
            return;
        };
        self.emit(Event::HandedOff { player, target });
        self.set_ball(Ball::InAir { square });
        self.push(Frame::BallRest);
        self.push(Frame::Land {
            square,
            arrival: Arrival::HandOff,
        });
    }

    /// §15.7, §16, §22: the ball is at rest after a pass or hand-off: a turnover unless an
    /// active-team player holds it; a completion if an accurate pass was caught in the
    /// target square by a team-mate.
    pub(crate) fn ball_rest(&mut self) {
        let pass = self.g.pass.take();
        let Some(active) = self.g.active else { return };
        // §26.45 Dump-Off: no turnover whatever the result; a completion is the passer's
        // team's.
        let dump_off = pass.is_some_and(|p| p.dump_off);
        let team = match pass {
            Some(p) if p.dump_off => self.g.player(p.passer).side,
            _ => active,
        };
        let holder = self
            .g
            .carrier()
            .map(|h| (h, self.g.player(h).side, self.g.player(h).square()));
        if self.g.turnover.is_none() && !dump_off {
            match holder {
                Some((_, side, _)) if side == active => {}
                _ => self.turnover(Turnover::BallNotCaught),
            }
        }
        if let (Some(pass), Some((h, side, Some(sq)))) = (pass, holder)
            && pass.accurate
            && side == team
            && sq == pass.target
            && h != pass.passer
        {
            self.emit(Event::Completion {
                passer: pass.passer,
                catcher: h,
            });
        }
        self.check_touchdown(true);
    }

    /// §14: a foul: armour roll with assists (G5) and Dirty Player (§26.10); a double sends
    /// the fouler off (G19).
    pub(crate) fn foul(&mut self, fouler: PlayerId, victim: PlayerId) {
        if self.g.player(fouler).has(Skill::Chainsaw) {
            // §26.8: he may foul with the chainsaw.
            self.push(Frame::Chainsaw {
                attacker: fouler,
                victim,
                foul: true,
            });
            return;
        }
        self.foul_with(fouler, victim, 0);
    }

    /// The foul's armour roll with `bonus` (a chainsaw's +3).
    pub(crate) fn foul_with(&mut self, fouler: PlayerId, victim: PlayerId, bonus: i32) {
        let f = self.g.player(fouler);
        let v = self.g.player(victim);
        let (Some(fsq), Some(vsq)) = (f.square(), v.square()) else {
            return;
        };
        let (fside, vside) = (f.side, v.side);
        let mut assists = 0i8;
        for n in vsq.neighbours() {
            if let Some(id) = self.g.at(n) {
                let o = self.g.player(id);
                if id != fouler
                    && o.side == fside
                    && o.has_tz()
                    && self.g.standing_tackle_zones(fside, n, None) == 0
                    && super::cards::may_assist(self.g, fside, n)
                {
                    assists += 1;
                }
            }
        }
        for n in fsq.neighbours() {
            if let Some(id) = self.g.at(n) {
                let o = self.g.player(id);
                if o.side == vside
                    && o.has_tz()
                    && self.g.standing_tackle_zones(vside, n, Some(fouler)) == 0
                    && super::cards::may_assist(self.g, vside, n)
                {
                    assists -= 1;
                }
            }
        }
        // §31.10 Rowdy Fans: one more assist against an opponent beside the edge.
        assists += super::cards::rowdy_assist(self.g, fside, victim) as i8;
        assists -= super::cards::rowdy_assist(self.g, vside, fouler) as i8;
        // §31.12 Blatant Foul: the armour breaks without a roll (so never on a double).
        let blatant = self.cards_blatant_foul(fside);
        let [a, b] = if blatant {
            [0, 1]
        } else {
            self.roll2(RollPurpose::Armour, Some(fside))
        };
        let av = i32::from(self.g.player(victim).av);
        // §31.6 Belt of Invulnerability: no assists, chainsaw or Dirty Player on the roll.
        let modifiable = self.cards_armour_modifiable(victim);
        let mut total = i32::from(a + b);
        if modifiable {
            total += i32::from(assists) + bonus;
        }
        let mut dp = self.g.player(fouler).has(Skill::DirtyPlayer);
        if !blatant && modifiable && dp && total <= av && total + 1 > av {
            total += 1;
            dp = false;
        }
        let broken = blatant || self.cards_armour_breaks(victim, total > av);
        self.emit(Event::Armour {
            player: victim,
            broken,
        });
        // §26.67 Sneaky Git: a double on the armour roll sends him off only if it broke
        // the armour.
        let sneaky = self.g.player(fouler).has(Skill::SneakyGit);
        let doubles = a == b && (broken || !sneaky);
        // §31.8 Blackmail: a blackmailed fouler is never sent off.
        let may_send_off = self.cards_may_send_off(fouler);
        if doubles && may_send_off {
            self.push(Frame::SendOff {
                player: fouler,
                turnover: true,
            });
        }
        if broken {
            let square = self.g.player(victim).square();
            self.push(Frame::Injury {
                player: victim,
                hurt: Hurt {
                    cause: Cause::Foul,
                    by: Some(fouler),
                    mighty_blow: false,
                    dirty_player: dp,
                    foul: (!doubles && may_send_off).then_some(fouler),
                    claw: false,
                    piling_on: false,
                    prone_only: false,
                },
                crowd: false,
                square,
            });
        }
    }

    /// §14, §26.24: a player is sent off; a ball he held bounces; a fouler's team suffers a
    /// turnover.
    pub(crate) fn send_off(&mut self, player: PlayerId, turnover: bool) {
        let p = self.g.player(player);
        let side = p.side;
        let sq = p.square();
        if self.g.carrier() == Some(player)
            && let Some(sq) = sq
        {
            self.set_ball(Ball::Ground { square: sq });
            self.push(Frame::Bounce {
                from: sq,
                kick: false,
            });
        }
        self.set_state(player, PlayerState::SentOff);
        self.emit(Event::SentOff { player });
        if turnover && self.g.active == Some(side) {
            self.turnover(Turnover::SentOff);
        }
    }

    /// The continuation of a check whose result is final.
    pub(crate) fn check_done(&mut self, c: BbCheckRef, passed: bool) {
        let f = c.kind;
        let id = f.player;
        if passed
            && matches!(f.kind, CheckKind::Dodge | CheckKind::Leap)
            && self.diving_tackle_offer(&c)
        {
            // §26.44: the opposing coach decides on Diving Tackle first.
            return;
        }
        match f.kind {
            CheckKind::Dodge | CheckKind::Gfi | CheckKind::Leap => {
                if !passed {
                    let cause = match f.kind {
                        CheckKind::Dodge => Cause::Dodge,
                        CheckKind::Gfi => Cause::Gfi,
                        _ => Cause::Leap,
                    };
                    // A fall is a turnover for the active team only (§26.62: a Pass Block
                    // dodge in the opponent's turn is not).
                    if self.g.active == Some(self.g.player(id).side) {
                        self.turnover(Turnover::KnockedDown);
                    }
                    self.push(Frame::KnockDown {
                        player: id,
                        hurt: Hurt::plain(cause, None),
                    });
                }
            }
            CheckKind::PickUp => {
                let Some(sq) = self.g.player(id).square() else {
                    return;
                };
                if passed {
                    self.set_ball(Ball::Held { player: id });
                    self.emit(Event::BallHeld {
                        player: id,
                        caught: false,
                    });
                    let strict = self.g.setup.options.strict_touchdown_timing;
                    self.check_touchdown(!strict);
                } else {
                    self.turnover(Turnover::FailedPickUp);
                    self.push(Frame::Bounce {
                        from: sq,
                        kick: false,
                    });
                    self.cards_spiked_ball(id);
                }
            }
            CheckKind::Catch if f.flag => {
                // §26.4: a caught bomb is thrown on at once; a failed catch explodes.
                if passed {
                    self.push(Frame::ThrowBomb { player: id });
                } else {
                    self.explode(f.square);
                }
            }
            CheckKind::Catch => {
                let Some(sq) = self.g.player(id).square() else {
                    return;
                };
                if passed {
                    self.set_ball(Ball::Held { player: id });
                    self.emit(Event::BallHeld {
                        player: id,
                        caught: true,
                    });
                    if self.g.active.is_some() {
                        self.check_touchdown(true);
                    }
                } else {
                    let kick = matches!(f.arrival, Some(Arrival::Kick | Arrival::KickBounce));
                    self.set_ball(Ball::Ground { square: sq });
                    self.push(Frame::Bounce { from: sq, kick });
                    self.cards_spiked_ball(id);
                    self.cards_failed_catch(id);
                }
            }
            CheckKind::Interception if self.g.bomb.is_some() => {
                if passed {
                    // §26.4: the interceptor catches the bomb (no turnover) and throws it on.
                    self.g.bomb = None;
                    self.push(Frame::ThrowBomb { player: id });
                }
            }
            CheckKind::Interception => {
                if passed && self.safe_throw_offer(id) {
                    // §26.64 Safe Throw: the passer's roll first.
                    return;
                }
                if passed {
                    let dump_off = self.g.pass.is_some_and(|p| p.dump_off);
                    self.set_ball(Ball::Held { player: id });
                    self.emit(Event::Intercepted { player: id });
                    self.g.pass = None;
                    if !dump_off {
                        self.turnover(Turnover::Interception);
                    }
                }
            }
            CheckKind::Pass if f.flag => self.bomb_flown(&c, passed),
            CheckKind::Pass => self.pass_done(c, passed),
            CheckKind::ThrowTeamMate => self.team_mate_thrown(&c),
            CheckKind::Landing => self.landed(id, passed),
            CheckKind::JumpUp => {
                // §26.55: success stands him up for free to block; failure loses the block
                // (no turnover).
                if let Some(sq) = self.g.player(id).square() {
                    if passed {
                        self.emit(Event::SkillUsed {
                            player: id,
                            skill: Skill::JumpUp,
                        });
                        self.stood_up(id, sq);
                    } else {
                        self.end_acting();
                    }
                }
            }
            CheckKind::SafeThrow => self.safe_throw_done(f, passed),
            CheckKind::StandUp => {
                if let Some(sq) = self.g.player(id).square() {
                    if passed {
                        if let Some(a) = self.g.acting.as_mut() {
                            a.ma_left = 0;
                        }
                        self.stood_up(id, sq);
                    } else {
                        self.end_acting();
                    }
                }
            }
            CheckKind::BoneHead | CheckKind::ReallyStupid => {
                let was = self.g.player(id).confused;
                if passed == was {
                    self.g.players[id.index()].confused = !passed;
                    self.emit(Event::Confused {
                        player: id,
                        confused: !passed,
                    });
                }
                if !passed {
                    let p = self.g.player(id);
                    if f.kind == CheckKind::BoneHead
                        && !p.has(Skill::BoneHead)
                        && !p.has(Skill::ReallyStupid)
                    {
                        // §31.12 Distract: the tackle zone comes back at the turn's end.
                        self.g.cards.mindblown.push(id);
                    }
                    self.end_acting();
                }
            }
            CheckKind::WildAnimal => {
                if !passed {
                    self.end_acting();
                }
            }
            CheckKind::TakeRoot => {
                if !passed {
                    self.g.players[id.index()].rooted = true;
                    self.emit(Event::Rooted {
                        player: id,
                        rooted: true,
                    });
                    if let Some(a) = self.g.acting.as_mut() {
                        a.ma_left = 0;
                        a.gfi_left = 0;
                        if a.action == ActionKind::Blitz {
                            a.blocked = true;
                        }
                    }
                }
            }
            CheckKind::FoulAppearance => self.foul_appearance_done(f, passed),
            CheckKind::HypnoticGaze => self.gaze_done(f, passed),
            CheckKind::Animosity => self.animosity_done(f, passed),
            CheckKind::BloodLust => self.blood_lust_done(id, passed),
            CheckKind::Block => {
                let Some(defender) = f.other else { return };
                let chooser = if f.flag { Side::Home } else { Side::Away };
                self.push(Frame::BlockChoose {
                    attacker: id,
                    defender,
                    faces: c.faces.clone(),
                    chooser,
                    frenzy: f.second,
                });
            }
        }
    }

    /// §15.3, §15.5: accurate: the ball lands in the target square; a fumble bounces from
    /// the thrower (turnover); inaccurate: three scatters (G13: a throw-in at the first
    /// exit).
    fn pass_done(&mut self, c: BbCheckRef, accurate: bool) {
        let id = c.kind.player;
        let Some(target) = c.kind.square else { return };
        let Some(from) = self.g.player(id).square() else {
            return;
        };
        if c.kind.range.is_none() {
            // §26.52 Hail Mary Pass.
            self.hail_mary_flown(id, from, target, accurate);
            return;
        }
        if accurate {
            if let Some(p) = self.g.pass.as_mut() {
                p.accurate = true;
            }
            self.set_ball(Ball::InAir { square: target });
            self.push(Frame::Land {
                square: target,
                arrival: Arrival::Accurate,
            });
            return;
        }
        if pass_fumbled(&c) && self.g.player(id).has(Skill::SafeThrow) && c.face() != 1 {
            // §26.64 Safe Throw: a fumble that is not a natural 1 keeps the ball, no
            // turnover.
            self.emit(Event::SkillUsed {
                player: id,
                skill: Skill::SafeThrow,
            });
            return;
        }
        if pass_fumbled(&c) {
            self.emit(Event::Fumbled { player: id });
            if !self.g.pass.is_some_and(|p| p.dump_off) {
                self.turnover(Turnover::Fumble);
            }
            self.set_ball(Ball::Ground { square: from });
            self.push(Frame::Bounce { from, kick: false });
            return;
        }
        self.scatter_three_and_land(target);
    }

    /// §15.3, §26.52, §31.11: a ball that is not accurate scatters three times from `target`
    /// (D8 each) and comes down where it ends, inaccurate (caught or bouncing); off the pitch
    /// the crowd throws it in from the last square on it.
    pub(crate) fn scatter_three_and_land(&mut self, target: Square) {
        let mut sq = target;
        for _ in 0..3 {
            let dir = self.roll(RollPurpose::Scatter, None, Die::D8);
            let (dx, dy) = SCATTER[usize::from(dir - 1)];
            let next = sq.offset(dx, dy);
            if !on_pitch(next) {
                self.push(Frame::ThrowIn { from: sq });
                return;
            }
            sq = next;
        }
        self.set_ball(Ball::InAir { square: sq });
        self.push(Frame::Land {
            square: sq,
            arrival: Arrival::Inaccurate,
        });
    }
}

/// A check handed to its continuation.
pub type BbCheckRef = Check<CheckFor, RerollSource>;

impl Ctx<'_> {
    /// §26.2 Ball & Chain: one square facing `face` (GFI rolled beyond MA): the throw-in
    /// template's D6 (1–2 and 5–6 the diagonals, 3–4 straight) picks the square; off the
    /// pitch the crowd beats him up; a standing player there is blocked (friend or foe), a
    /// player down is pushed back with an armour roll; he follows up either way. He never
    /// dodges.
    pub(crate) fn chain_step(&mut self, a: Acting, face: Square) {
        let Some(from) = self.g.player(a.player).square() else {
            return;
        };
        let gfi = self.spend_square(a.player);
        self.push(Frame::ChainMove {
            player: a.player,
            face: (face.x - from.x, face.y - from.y),
        });
        if gfi {
            self.push_gfi(a.player);
        }
    }

    /// The rolled square of a Ball & Chain step.
    pub(crate) fn chain_move(&mut self, player: PlayerId, (fx, fy): (i8, i8)) {
        if self.g.turnover.is_some() {
            return;
        }
        let p = self.g.player(player);
        let side = p.side;
        let Some(from) = p.square() else { return };
        if !p.standing() {
            return;
        }
        let face = self.roll(RollPurpose::ThrowInDirection, Some(side), Die::D6);
        let (dx, dy) = match (face, fx != 0) {
            (1 | 2, true) => (fx, -1),
            (5 | 6, true) => (fx, 1),
            (1 | 2, false) => (-1, fy),
            (5 | 6, false) => (1, fy),
            _ => (fx, fy),
        };
        let to = from.offset(dx, dy);
        if !on_pitch(to) {
            self.set_state(player, PlayerState::Reserve);
            self.emit(Event::PushedIntoCrowd { player });
            self.push(Frame::Injury {
                player,
                hurt: Hurt::plain(Cause::Crowd, None),
                crowd: true,
                square: None,
            });
            self.end_acting();
            return;
        }
        match self.g.at(to) {
            Some(other) if self.g.player(other).standing() => {
                self.push(Frame::BlockStart {
                    attacker: player,
                    defender: other,
                    frenzy: true,
                });
            }
            Some(other) => {
                // A player down is pushed back and gets an armour roll (§26.2).
                self.push(Frame::ChainArmour {
                    player: other,
                    by: player,
                });
                self.push(Frame::Push(Box::new(super::flow::PushState {
                    attacker: player,
                    defender: other,
                    face: BlockFace::Pushed,
                    down: false,
                    frenzy: true,
                    moves: Vec::new(),
                    pushed: other,
                    pusher: from,
                })));
            }
            None => {
                self.move_player(player, to);
                if self.g.ball == (Ball::Ground { square: to }) {
                    // §26.17 No Hands: the ball bounces, a turnover.
                    self.push(Frame::Bounce {
                        from: to,
                        kick: false,
                    });
                    self.turnover(Turnover::FailedPickUp);
                }
            }
        }
    }

    /// §26.2: the armour roll of a player down whom a Ball & Chain player pushed.
    pub(crate) fn chain_armour(&mut self, player: PlayerId, by: PlayerId) {
        let p = self.g.player(player);
        let Some(square) = p.square() else { return };
        let av = i32::from(p.av);
        let side = p.side;
        let [a, b] = self.roll2(RollPurpose::Armour, Some(side.other()));
        let broken = i32::from(a + b) > av;
        self.emit(Event::Armour { player, broken });
        if broken {
            self.push(Frame::Injury {
                player,
                hurt: Hurt::plain(Cause::Blocked, Some(by)),
                crowd: false,
                square: Some(square),
            });
        }
    }
}
