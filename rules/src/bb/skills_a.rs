//! The General, Agility and Passing skills of the later table (§26.36–§26.75): their hooks
//! into the procedures of the other files, and the decisions they add out of sequence.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use super::checks::BbCheck;
use super::data::*;
use super::flow::{Arrival, Ctx, Frame, PushState, prompt};
use super::state::*;
use super::wire::*;
use crate::core::check::{CheckHooks, CheckStage};
use crate::core::engine::Flow;
use crate::core::{Side, Square};

/// §11.5, §26.66 Side Step: the squares a pushed player may go to, and the coach who
/// chooses when Side Step decides it (the pushed player's). Side Step works for a standing
/// player with a free square beside him; an attacker with Grab cancels it for the block's
/// defender (§26.50, both cancel); otherwise the usual squares, chosen by the active coach.
pub fn push_choice(g: &Game, state: &PushState, target: Square) -> (Vec<Square>, Option<Side>) {
    let p = g.player(state.pushed);
    let grabbed = state.pushed == state.defender && g.player(state.attacker).has(Skill::Grab);
    if p.has(Skill::SideStep) && p.standing() && !grabbed {
        let free: Vec<Square> = target
            .neighbours()
            .filter(|s| on_pitch(*s) && g.at(*s).is_none())
            .collect();
        if !free.is_empty() {
            return (free, Some(p.side));
        }
    }
    // §26.50 Grab (its own check cancels it against Side Step), else the usual squares.
    (super::block::push_choices(g, state, target), None)
}

impl Ctx<'_> {
    /// §15.3, §15.4, §15.6 with §26.60 Nerves of Steel: the opposing tackle zones on `sq`
    /// that modify `id`'s pass, catch or interception (none for Nerves of Steel).
    pub(crate) fn nerves_tz(&self, id: PlayerId, sq: Square) -> i8 {
        let p = self.g.player(id);
        if p.has(Skill::NervesOfSteel) {
            return 0;
        }
        self.g.tackle_zones(p.side, sq, None) as i8
    }

    /// §26.36 Accurate: +1 to the pass roll.
    pub(crate) fn accurate(&self, id: PlayerId) -> i8 {
        i8::from(self.g.player(id).has(Skill::Accurate))
    }

    /// §26.43 Diving Catch: +1 to catch an accurate pass aimed at his own square.
    pub(crate) fn diving_catch_bonus(&self, id: PlayerId, square: Square, arrival: Arrival) -> i8 {
        let aimed_here = self.g.pass.is_some_and(|p| p.target == square);
        i8::from(
            arrival == Arrival::Accurate && aimed_here && self.g.player(id).has(Skill::DivingCatch),
        )
    }

    /// §26.43 Diving Catch: the one player who may dive for a pass, kick-off or throw-in
    /// coming down in the empty `square` of his tackle zone (never a bouncing ball; two or
    /// more able to dive get in each other's way and none may).
    pub(crate) fn diving_catcher(&self, square: Square, arrival: Arrival) -> Option<PlayerId> {
        if matches!(
            arrival,
            Arrival::Bounce | Arrival::KickBounce | Arrival::HandOff
        ) {
            return None;
        }
        let mut divers = square.neighbours().filter_map(|n| {
            let id = self.g.at(n)?;
            let p = self.g.player(id);
            (p.has(Skill::DivingCatch) && p.has_tz() && !p.has(Skill::NoHands)).then_some(id)
        });
        let first = divers.next()?;
        divers.next().is_none().then_some(first)
    }

    /// §26.48 Fend: a standing defender with Fend stops the attacker following up, unless
    /// the attacker is on a Blitz with Juggernaut (§26.13).
    pub(crate) fn fend_stops(&self, attacker: PlayerId, defender: PlayerId) -> bool {
        let d = self.g.player(defender);
        let jugg = self.blitzing(attacker) && self.g.player(attacker).has(Skill::Juggernaut);
        d.has(Skill::Fend) && d.standing() && !jugg
    }

    /// §26.75 Wrestle on a Both Down: who may use it, the attacker (the active coach) first,
    /// then the defender (`after`: the one who already declined). A rooted player may not
    /// (§26.31); a Juggernaut on a Blitz cancels the defender's (§26.13).
    pub(crate) fn wrestler(
        &self,
        attacker: PlayerId,
        defender: PlayerId,
        after: Option<PlayerId>,
    ) -> Option<PlayerId> {
        let able = |id: PlayerId| {
            let p = self.g.player(id);
            p.has(Skill::Wrestle) && p.standing() && !p.rooted
        };
        let jugg = self.blitzing(attacker) && self.g.player(attacker).has(Skill::Juggernaut);
        if after.is_none() && able(attacker) {
            return Some(attacker);
        }
        (after != Some(defender) && able(defender) && !jugg).then_some(defender)
    }

    /// §26.70 Strip Ball: the attacker has it and stands, the result pushed the defender
    /// without knocking him down (Pushed, or a stumble saved by Dodge), and the defender
    /// holds the ball on the pitch without Sure Hands (§26.29).
    pub(crate) fn strip_ball_applies(
        &self,
        attacker: PlayerId,
        defender: PlayerId,
        face: BlockFace,
    ) -> bool {
        let a = self.g.player(attacker);
        let d = self.g.player(defender);
        matches!(face, BlockFace::Pushed | BlockFace::DefenderStumbles)
            && a.has(Skill::StripBall)
            && a.standing()
            && self.g.carrier() == Some(defender)
            && d.standing()
            && !d.has(Skill::SureHands)
    }

    /// §26.56 Kick: the kicking team's player with Kick on the pitch, neither in a wide zone
    /// nor on the line of scrimmage (the first such, by player order).
    pub(crate) fn kicker(&self) -> Option<PlayerId> {
        let side = self.g.kicking;
        self.g
            .on_pitch(side)
            .find(|p| {
                p.has(Skill::Kick)
                    && p.standing()
                    && p.square()
                        .is_some_and(|sq| wide_zone(sq).is_none() && sq.x != los_x(side))
            })
            .map(|p| p.id)
    }

    /// §26.44 Diving Tackle: after a dodge or leap that passed, the opponents with Diving
    /// Tackle whose tackle zone he left may use it when its −2 would make the roll fail.
    /// Returns whether the opposing coach is asked.
    pub(crate) fn diving_tackle_offer(&mut self, c: &BbCheck) -> bool {
        let f = c.kind;
        let Some(from) = f.from else { return false };
        if f.flag {
            return false;
        }
        let side = self.g.player(f.player).side;
        let candidates: Vec<PlayerId> = self
            .g
            .markers(side, from)
            .filter(|&id| {
                let p = self.g.player(id);
                p.has(Skill::DivingTackle) && !p.has(Skill::BallAndChain) && !p.rooted
            })
            .collect();
        if candidates.is_empty() {
            return false;
        }
        let mut tackled = c.clone();
        tackled.modifier -= 2;
        if self.passes(&tackled) {
            return false;
        }
        self.push(Frame::DivingTackle {
            check: Box::new(c.clone()),
            candidates,
        });
        true
    }

    /// A player is Placed Prone (§12.1): no armour roll; a ball he held bounces, a turnover
    /// if he was the active team's.
    pub(crate) fn place_prone(&mut self, id: PlayerId) {
        let p = self.g.player(id);
        let Some(square) = p.square() else { return };
        let side = p.side;
        let carrier = self.g.carrier() == Some(id);
        self.set_state(id, PlayerState::Prone { square });
        self.emit(Event::PlacedProne { player: id });
        if carrier {
            if self.g.active == Some(side) {
                self.turnover(Turnover::BallCarrierDown);
            }
            self.set_ball(Ball::Ground { square });
            self.push(Frame::Bounce {
                from: square,
                kick: false,
            });
        }
    }

    /// The frames of these skills: the prompts (UseSkill to the skill's coach) and the Jump
    /// Up roll.
    pub(crate) fn skill_frame(&mut self, f: Frame) -> Flow<Prompt, Command> {
        let (player, skill) = match &f {
            Frame::Wrestle { wrestler, .. } => (*wrestler, Skill::Wrestle),
            Frame::StripBall { attacker, .. } => (*attacker, Skill::StripBall),
            Frame::KickSkill { kicker, .. } => (*kicker, Skill::Kick),
            Frame::DivingCatch { player, .. } => (*player, Skill::DivingCatch),
            Frame::DivingTackle { candidates, .. } => match candidates.first() {
                Some(&p) => (p, Skill::DivingTackle),
                None => return Flow::Continue,
            },
            Frame::DumpOff { defender, .. } => {
                let coach = self.g.player(*defender).side;
                let player = *defender;
                self.push(f);
                return Flow::Wait(prompt(coach, PromptKind::DumpOff { player }));
            }
            Frame::BlockAfterDumpOff {
                attacker,
                defender,
                frenzy,
            } => {
                self.block_start_rest(*attacker, *defender, *frenzy);
                return Flow::Continue;
            }
            Frame::InterceptAfterPassBlock { passer, target } => {
                if self.g.pass.is_some()
                    && let Some(from) = self.g.player(*passer).square()
                {
                    self.push_interceptors(*passer, from, *target);
                }
                return Flow::Continue;
            }
            Frame::PassBlock {
                passer,
                target,
                player,
                left,
                moved,
            } => {
                let (passer, target, left, moved) = (*passer, *target, *left, *moved);
                let coach = self.g.player(passer).side.other();
                match *player {
                    // He fell: no other player may Pass Block.
                    Some(p) if !self.g.player(p).standing() => return Flow::Continue,
                    Some(p) if left == 0 => {
                        self.push(Frame::PassBlock {
                            passer,
                            target,
                            player: None,
                            left: 3,
                            moved: moved | 1 << p.0,
                        });
                        return Flow::Continue;
                    }
                    None if pass_blockers(self.g, passer, target, moved).is_empty() => {
                        return Flow::Continue;
                    }
                    _ => {}
                }
                let prompt_kind = PromptKind::PassBlock {
                    player: *player,
                    squares_left: left,
                };
                self.push(f);
                return Flow::Wait(prompt(coach, prompt_kind));
            }
            Frame::KickOffReturn { player, left, .. } => {
                let coach = self.g.kicking.other();
                let (player, squares_left) = (*player, *left);
                self.push(f);
                return Flow::Wait(prompt(
                    coach,
                    PromptKind::KickOffReturn {
                        player,
                        squares_left,
                    },
                ));
            }
            Frame::Shadow {
                mover,
                from,
                to,
                candidates,
            } => {
                // Still there to follow: the mover standing on `to`, `from` empty.
                let (mover, from, to) = (*mover, *from, *to);
                let live: Vec<PlayerId> = candidates
                    .iter()
                    .copied()
                    .filter(|&id| self.can_shadow(id, from, to))
                    .collect();
                let p = self.g.player(mover);
                if live.is_empty() || p.square() != Some(to) || !p.standing() || self.g.touchdown {
                    return Flow::Continue;
                }
                let shadower = live[0];
                let coach = self.g.player(shadower).side;
                self.push(Frame::Shadow {
                    mover,
                    from,
                    to,
                    candidates: live,
                });
                return Flow::Wait(prompt(
                    coach,
                    PromptKind::UseSkill {
                        player: shadower,
                        skill: Skill::Shadowing,
                    },
                ));
            }
            Frame::JumpUp { player } => {
                let player = *player;
                let Some(a) = self.g.acting else {
                    return Flow::Continue;
                };
                let p = self.g.player(player);
                if a.ended || !matches!(p.state, PlayerState::Prone { .. }) {
                    return Flow::Continue;
                }
                let ag = p.ag;
                let c = super::checks::CheckFor::new(CheckKind::JumpUp, player);
                return self.run_check(super::checks::d6_check(c, agility_target(ag), 2));
            }
            _ => return Flow::Continue,
        };
        let coach = self.g.player(player).side;
        self.push(f);
        Flow::Wait(prompt(coach, PromptKind::UseSkill { player, skill }))
    }

    /// The answers to these skills' prompts.
    pub(crate) fn skill_answer(&mut self, f: Frame, use_it: bool) {
        match f {
            Frame::Wrestle {
                attacker,
                defender,
                wrestler,
            } => {
                if use_it {
                    // §26.75: both Placed Prone in their squares, no armour roll; a turnover
                    // only if the active team's carrier goes down.
                    self.emit(Event::SkillUsed {
                        player: wrestler,
                        skill: Skill::Wrestle,
                    });
                    self.place_prone(defender);
                    self.place_prone(attacker);
                } else if let Some(next) = self.wrestler(attacker, defender, Some(wrestler)) {
                    self.push(Frame::Wrestle {
                        attacker,
                        defender,
                        wrestler: next,
                    });
                } else {
                    self.both_down(attacker, defender);
                }
            }
            Frame::StripBall {
                attacker,
                defender,
                face,
                frenzy,
            } => {
                let square = self.g.player(defender).square();
                if use_it && let Some(square) = square {
                    // §26.70: the ball drops in the square he was pushed to and bounces.
                    self.emit(Event::SkillUsed {
                        player: attacker,
                        skill: Skill::StripBall,
                    });
                    self.set_ball(Ball::Ground { square });
                    self.after_push_standing(attacker, defender, face, frenzy);
                    self.push(Frame::Bounce {
                        from: square,
                        kick: false,
                    });
                } else {
                    self.after_push_standing(attacker, defender, face, frenzy);
                }
            }
            Frame::KickSkill {
                kicker,
                aimed,
                dir,
                dist,
            } => {
                let dist = if use_it {
                    // §26.56: half the distance, rounded down.
                    self.emit(Event::SkillUsed {
                        player: kicker,
                        skill: Skill::Kick,
                    });
                    dist / 2
                } else {
                    dist
                };
                self.kick_lands(aimed, dir, dist);
            }
            Frame::DivingCatch {
                player,
                square,
                arrival,
            } => {
                if use_it && let Some(own) = self.g.player(player).square() {
                    // §26.43: as if the ball had come down in his own square.
                    self.emit(Event::SkillUsed {
                        player,
                        skill: Skill::DivingCatch,
                    });
                    self.set_ball(Ball::InAir { square: own });
                    self.push(Frame::Land {
                        square: own,
                        arrival,
                    });
                } else {
                    let kick = matches!(arrival, Arrival::Kick);
                    self.set_ball(Ball::Ground { square });
                    self.push(Frame::Bounce { from: square, kick });
                }
            }
            Frame::DivingTackle {
                check,
                mut candidates,
            } => {
                let mut c = *check;
                if !use_it {
                    candidates.remove(0);
                    if !candidates.is_empty() {
                        self.push(Frame::DivingTackle {
                            check: Box::new(c),
                            candidates,
                        });
                    }
                    return;
                }
                let tackler = candidates[0];
                self.emit(Event::SkillUsed {
                    player: tackler,
                    skill: Skill::DivingTackle,
                });
                // §26.44: −2 to the roll; the tackler is Placed Prone where the mover was.
                if let Some(from) = c.kind.from {
                    self.move_player(tackler, from);
                }
                self.place_prone(tackler);
                c.modifier -= 2;
                c.kind.flag = true;
                if self.passes(&c) {
                    return;
                }
                if !c.rerolled
                    && let Some(offered) = self.reroll_sources(&c, false)
                {
                    c.offered = offered;
                    c.stage = CheckStage::RerollOffered;
                    self.push(Frame::Check(Box::new(c)));
                    return;
                }
                self.check_done(c, false);
            }
            Frame::Shadow {
                mover,
                from,
                to,
                mut candidates,
            } => {
                if !use_it {
                    candidates.remove(0);
                    self.push(Frame::Shadow {
                        mover,
                        from,
                        to,
                        candidates,
                    });
                    return;
                }
                // §26.65: one shadower only tries; the mover's coach rolls 2D6 + his MA − the
                // shadower's MA: 7 or less, the shadower steps into the square left (no
                // dodge, no movement of his own spent).
                let shadower = candidates[0];
                let side = self.g.player(mover).side;
                let [a, b] = self.roll2(RollPurpose::Shadowing, Some(side));
                let total = i32::from(a + b) + i32::from(self.g.player(mover).ma)
                    - i32::from(self.g.player(shadower).ma);
                if total <= 7 {
                    self.emit(Event::SkillUsed {
                        player: shadower,
                        skill: Skill::Shadowing,
                    });
                    self.move_player(shadower, from);
                }
            }
            other => self.push(other),
        }
    }

    /// §26.65 Shadowing: may `id` follow a mover who went from `from` to `to`? A standing
    /// opponent with a tackle zone and Shadowing whose zone he left (beside `from`, not
    /// beside `to`), `from` empty; never Ball & Chain, never rooted.
    fn can_shadow(&self, id: PlayerId, from: Square, to: Square) -> bool {
        let p = self.g.player(id);
        p.has(Skill::Shadowing)
            && p.has_tz()
            && !p.rooted
            && !p.has(Skill::BallAndChain)
            && p.square()
                .is_some_and(|s| s.is_adjacent(from) && !s.is_adjacent(to))
            && self.g.at(from).is_none()
    }

    /// §26.65: after a step or leap of the active team's acting player, the opponents with
    /// Shadowing whose tackle zone he left (checked again once the step is resolved).
    pub(crate) fn push_shadowing(&mut self, mover: PlayerId, from: Square, to: Square) {
        let side = self.g.player(mover).side;
        let candidates: Vec<PlayerId> = from
            .neighbours()
            .filter_map(|n| self.g.at(n))
            .filter(|&id| self.g.player(id).side != side && self.can_shadow(id, from, to))
            .collect();
        if !candidates.is_empty() {
            self.push(Frame::Shadow {
                mover,
                from,
                to,
                candidates,
            });
        }
    }
}

impl Ctx<'_> {
    /// §26.64 Safe Throw: a pass by a Safe Throw player was intercepted (not by a Very Long
    /// Legs player, §26.34 [R]): he rolls an unmodified Agility roll first.
    pub(crate) fn safe_throw_offer(&mut self, interceptor: PlayerId) -> bool {
        let Some(pass) = self.g.pass else {
            return false;
        };
        let passer = self.g.player(pass.passer);
        if !passer.has(Skill::SafeThrow)
            || passer.square().is_none()
            || self.g.player(interceptor).has(Skill::VeryLongLegs)
        {
            return false;
        }
        let mut f = super::checks::CheckFor::new(CheckKind::SafeThrow, pass.passer);
        f.other = Some(interceptor);
        let c = super::checks::d6_check(f, agility_target(passer.ag), 0);
        self.push(Frame::Check(Box::new(c)));
        true
    }

    /// §26.64: success cancels the interception (the pass goes on); failure: intercepted.
    pub(crate) fn safe_throw_done(&mut self, f: super::checks::CheckFor, passed: bool) {
        let Some(interceptor) = f.other else { return };
        if passed {
            self.emit(Event::SkillUsed {
                player: f.player,
                skill: Skill::SafeThrow,
            });
            return;
        }
        self.set_ball(Ball::Held {
            player: interceptor,
        });
        self.emit(Event::Intercepted {
            player: interceptor,
        });
        let dump_off = self.g.pass.is_some_and(|p| p.dump_off);
        self.g.pass = None;
        if !dump_off {
            self.turnover(Turnover::Interception);
        }
    }

    /// §26.52 Hail Mary Pass: to any square, no range, never intercepted: a D6, 1 a fumble,
    /// 2–6 thrown (never accurate: three scatters from the target).
    pub(crate) fn hail_mary(&mut self, passer: PlayerId, target: Square) {
        self.emit(Event::HailMaryPass {
            player: passer,
            target,
        });
        self.g.pass = Some(PassInFlight {
            passer,
            target,
            accurate: false,
            dump_off: false,
        });
        self.push(Frame::BallRest);
        let mut f = super::checks::CheckFor::new(CheckKind::Pass, passer);
        f.square = Some(target);
        self.push(Frame::Check(Box::new(super::checks::d6_check(f, 2, 0))));
    }

    /// §26.52, §26.4: a bomb thrown as a Hail Mary Pass: the same D6 (1: it goes off in his
    /// square), never intercepted, three scatters (the bomb's own flight rules).
    pub(crate) fn hail_mary_bomb(&mut self, thrower: PlayerId, target: Square) {
        self.emit(Event::HailMaryPass {
            player: thrower,
            target,
        });
        self.emit(Event::BombThrown {
            player: thrower,
            target,
        });
        self.g.bomb = Some(super::bomb::BombFlight { thrower, target });
        let mut f = super::checks::CheckFor::new(CheckKind::Pass, thrower);
        f.square = Some(target);
        f.flag = true;
        self.push(Frame::Check(Box::new(super::checks::d6_check(f, 2, 0))));
    }

    /// §26.52: the Hail Mary's flight: a 1 fumbles (a bounce from his square, a turnover);
    /// else three scatters from the target (G13: a throw-in at the first exit).
    pub(crate) fn hail_mary_flown(
        &mut self,
        passer: PlayerId,
        from: Square,
        target: Square,
        thrown: bool,
    ) {
        if !thrown {
            self.emit(Event::Fumbled { player: passer });
            self.turnover(Turnover::Fumble);
            self.set_ball(Ball::Ground { square: from });
            self.push(Frame::Bounce { from, kick: false });
            return;
        }
        self.scatter_three_and_land(target);
    }
}

/// §26.57 Kick-Off Return: the receiving players who may use it: standing, off the line of
/// scrimmage, in no opposing tackle zone, never Ball & Chain.
pub fn kick_off_returners(g: &Game) -> impl Iterator<Item = PlayerId> + '_ {
    let side = g.kicking.other();
    g.on_pitch(side).filter_map(move |p| {
        let sq = p.square()?;
        (p.has(Skill::KickOffReturn)
            && p.has_tz()
            && !p.has(Skill::BallAndChain)
            && sq.x != los_x(side)
            && g.tackle_zones(side, sq, None) == 0)
            .then_some(p.id)
    })
}

/// §26.57: the squares the returning `player` may step to: empty, in his own half; he moves
/// only while no opposing tackle zone is on him [Proposal: so he never needs a dodge].
pub fn kick_off_return_steps(g: &Game, player: PlayerId) -> Vec<Square> {
    let p = g.player(player);
    let Some(sq) = p.square() else {
        return Vec::new();
    };
    if g.tackle_zones(p.side, sq, None) > 0 {
        return Vec::new();
    }
    sq.neighbours()
        .filter(|s| on_pitch(*s) && g.at(*s).is_none() && in_half(p.side, *s))
        .collect()
}

/// §26.45 Dump-Off: the Quick-pass squares from `sq`.
pub fn dump_off_targets(sq: Square) -> Vec<Square> {
    let mut out = Vec::new();
    for y in 0..WIDTH {
        for x in 0..LENGTH {
            let to = Square::new(x, y);
            let dx = (to.x - sq.x).unsigned_abs();
            let dy = (to.y - sq.y).unsigned_abs();
            if pass_range(dx, dy) == Some(PassRange::Quick) {
                out.push(to);
            }
        }
    }
    out
}

impl Ctx<'_> {
    /// §26.45 Dump-Off: the defender holds the ball, stands with his wits, has Dump-Off, and
    /// this is not a Frenzy second block.
    pub(crate) fn dump_off_applies(&self, defender: PlayerId, frenzy: bool) -> bool {
        let d = self.g.player(defender);
        !frenzy
            && d.has(Skill::DumpOff)
            && d.has_tz()
            && !d.has(Skill::NoHands)
            && self.g.carrier() == Some(defender)
    }

    /// The commands answering the Dump-Off and Kick-Off Return prompts.
    pub(crate) fn skill_command(&mut self, f: Frame, cmd: Command) {
        match (f, cmd) {
            (
                Frame::DumpOff {
                    attacker,
                    defender,
                    frenzy,
                },
                cmd,
            ) => {
                self.push(Frame::BlockAfterDumpOff {
                    attacker,
                    defender,
                    frenzy,
                });
                if let Command::Pass { target } = cmd {
                    // §26.45: a Quick pass by the normal rules, ending no team's turn.
                    self.emit(Event::SkillUsed {
                        player: defender,
                        skill: Skill::DumpOff,
                    });
                    self.pass(defender, target);
                    if let Some(p) = self.g.pass.as_mut() {
                        p.dump_off = true;
                    }
                }
            }
            (
                Frame::KickOffReturn {
                    lands,
                    player,
                    left,
                },
                cmd,
            ) => match cmd {
                Command::KickOffReturn { player: p, to } => {
                    if player.is_none() {
                        self.emit(Event::SkillUsed {
                            player: p,
                            skill: Skill::KickOffReturn,
                        });
                    }
                    self.move_player(p, to);
                    let left = left.saturating_sub(1);
                    if left > 0 {
                        self.push(Frame::KickOffReturn {
                            lands,
                            player: Some(p),
                            left,
                        });
                    } else {
                        self.kick_table(lands);
                    }
                }
                _ => self.kick_table(lands),
            },
            (
                Frame::PassBlock {
                    passer,
                    target,
                    player,
                    left,
                    moved,
                },
                cmd,
            ) => match cmd {
                Command::PassBlock { player: p, to } => {
                    if player.is_none() {
                        self.emit(Event::SkillUsed {
                            player: p,
                            skill: Skill::PassBlock,
                        });
                    }
                    if self.pass_block_held(p) {
                        // §26.72 Tentacles: held as he leaves a tackle zone, his Pass Block
                        // move is over where he stands; another may go.
                        self.push(Frame::PassBlock {
                            passer,
                            target,
                            player: None,
                            left: 3,
                            moved: moved | 1 << p.0,
                        });
                    } else {
                        self.push(Frame::PassBlock {
                            passer,
                            target,
                            player: Some(p),
                            left: left.saturating_sub(1),
                            moved,
                        });
                        self.pass_block_step(p, to);
                    }
                }
                _ => {
                    if let Some(p) = player {
                        // This one is done; another may go.
                        self.push(Frame::PassBlock {
                            passer,
                            target,
                            player: None,
                            left: 3,
                            moved: moved | 1 << p.0,
                        });
                    }
                }
            },
            (other, _) => self.push(other),
        }
    }

    /// §26.62: one square of a Pass Block move by the normal rules: a dodge out of an
    /// opposing tackle zone (§10.3 modifiers, Stunty, Prehensile Tail, Tackle, Break
    /// Tackle); a fall stops him (a turnover only in his own team's turn).
    /// §26.72 Tentacles against a Pass Block move: a player leaving an opposing tackle zone
    /// may be held (the Tentacles roll is made here).
    fn pass_block_held(&mut self, player: PlayerId) -> bool {
        let p = self.g.player(player);
        let Some(from) = p.square() else { return false };
        self.g.tackle_zones(p.side, from, None) > 0 && self.tentacles_hold(player, from)
    }

    fn pass_block_step(&mut self, player: PlayerId, to: Square) {
        let p = self.g.player(player);
        let side = p.side;
        let Some(from) = p.square() else { return };
        let dodge = self.g.tackle_zones(side, from, None) > 0;
        // §10.3: the same dodge roll as any step (§26.74 Two Heads, §26.73 Titchy included).
        let dodge = dodge.then(|| self.dodge_roll(player, from, to));
        self.move_player(player, to);
        if let Some(c) = dodge {
            self.push(Frame::Check(Box::new(c)));
        }
    }
}

/// §26.62 Pass Block: may `who` end his move on `sq` for the pass from `passer` to
/// `target`? A square from which he could intercept, the target square if empty, or a
/// square in the tackle zone of the thrower or of the player on the target square.
fn pass_block_dest(g: &Game, passer: PlayerId, target: Square, who: PlayerId, sq: Square) -> bool {
    let Some(from) = g.player(passer).square() else {
        return false;
    };
    let receiver = g.at(target).filter(|&r| r != who);
    can_intercept_at(from, target, sq)
        || (sq == target && receiver.is_none())
        || sq.is_adjacent(from)
        || receiver.is_some() && sq.is_adjacent(target)
}

fn can_intercept_at(from: Square, target: Square, sq: Square) -> bool {
    super::actions::can_intercept(from, target, sq)
}

/// §26.62: can `who` reach a legal destination from `start` in at most `steps` squares
/// through empty squares of the pitch?
fn pass_block_reach(
    g: &Game,
    passer: PlayerId,
    target: Square,
    who: PlayerId,
    start: Square,
    steps: u8,
) -> bool {
    let mut frontier = vec![start];
    let mut seen = vec![start];
    for depth in 0..=steps {
        if frontier
            .iter()
            .any(|&s| pass_block_dest(g, passer, target, who, s))
        {
            return true;
        }
        if depth == steps {
            break;
        }
        let mut next = Vec::new();
        for s in frontier {
            for n in s.neighbours() {
                if on_pitch(n) && g.at(n).is_none_or(|o| o == who) && !seen.contains(&n) {
                    seen.push(n);
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    false
}

/// §26.62: the players who may still Pass Block the pass from `passer` to `target`:
/// standing opponents with a tackle zone and Pass Block, not yet moved, able to reach a
/// legal destination in 3 squares; never Ball & Chain, never rooted.
pub fn pass_blockers(g: &Game, passer: PlayerId, target: Square, moved: u32) -> Vec<PlayerId> {
    let side = g.player(passer).side;
    g.on_pitch(side.other())
        .filter(|p| {
            p.has(Skill::PassBlock)
                && p.has_tz()
                && !p.rooted
                && !p.has(Skill::BallAndChain)
                && moved & (1 << p.id.0) == 0
                && p.square()
                    .is_some_and(|sq| pass_block_reach(g, passer, target, p.id, sq, 3))
        })
        .map(|p| p.id)
        .collect()
}

/// §26.62: the legal answers to the Pass Block prompt: the steps that keep a legal
/// destination reachable; `done` when no one has stepped or the stepping player stands on a
/// legal destination.
pub fn pass_block_legal(g: &Game, out: &mut Vec<Command>) {
    let Some(Frame::PassBlock {
        passer,
        target,
        player,
        left,
        moved,
    }) = g.frames.last()
    else {
        return;
    };
    let (passer, target, left) = (*passer, *target, *left);
    let movers = match player {
        Some(p) => vec![*p],
        None => pass_blockers(g, passer, target, *moved),
    };
    let left = if player.is_some() { left } else { 3 };
    for p in movers {
        let Some(sq) = g.player(p).square() else {
            continue;
        };
        if left == 0 {
            continue;
        }
        for to in sq.neighbours() {
            if on_pitch(to)
                && g.at(to).is_none()
                && pass_block_reach(g, passer, target, p, to, left - 1)
            {
                out.push(Command::PassBlock { player: p, to });
            }
        }
    }
    let done_ok = match player {
        None => true,
        Some(p) => g
            .player(*p)
            .square()
            .is_some_and(|sq| pass_block_dest(g, passer, target, *p, sq)),
    };
    if done_ok {
        out.push(Command::Done);
    }
}
