//! Blocks (§11, §13): strength and assists, block dice and who chooses, every result,
//! push-backs with chains and the crowd (G6), follow-up, and the block skills (Block,
//! Dodge, Tackle, Dauntless, Frenzy, Juggernaut, Stand Firm, Mighty Blow, Take Root).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use super::checks::CheckFor;
use super::data::Skill;
use super::flow::{Ctx, Frame, Hurt, PushState, prompt};
use super::state::*;
use super::wire::*;
use crate::core::check::{Check, PassRule};
use crate::core::engine::Flow;
use crate::core::{Die, Side, Square};

/// §11.3: may `helper` assist against `opponent`'s side, next to `target`, ignoring the
/// tackle zone of `ignore` (the other player of the block)? §26.51 Guard: a helper with
/// Guard assists even in opposing tackle zones (blocks only: fouls count their own).
pub fn assists(g: &Game, side: Side, target: Square, besides: PlayerId, ignore: PlayerId) -> u8 {
    let mut n = 0;
    for sq in target.neighbours() {
        let Some(id) = g.at(sq) else { continue };
        if id == besides {
            continue;
        }
        let p = g.player(id);
        if p.side == side
            && p.has_tz()
            && (p.has(Skill::Guard) || g.standing_tackle_zones(side, sq, Some(ignore)) == 0)
            && super::cards::may_assist(g, side, sq)
        {
            n += 1;
        }
    }
    n
}

/// §11.2: the block dice and the chooser for strengths `a` (attacker) and `d`.
pub fn block_dice(a: u8, d: u8, attacker: Side) -> (u8, Side) {
    if a == d {
        (1, attacker)
    } else if a > d {
        (if a > 2 * d { 3 } else { 2 }, attacker)
    } else {
        (if d > 2 * a { 3 } else { 2 }, attacker.other())
    }
}

/// §11.5: the three squares behind `target` pushed from `pusher`.
pub fn push_squares(pusher: Square, target: Square) -> [Square; 3] {
    let (vx, vy) = (
        (target.x - pusher.x).signum(),
        (target.y - pusher.y).signum(),
    );
    let mut out = [target; 3];
    let mut i = 0;
    for dy in -1..=1i8 {
        for dx in -1..=1i8 {
            if (dx, dy) != (0, 0) && dx * vx + dy * vy >= 1 && i < 3 {
                out[i] = target.offset(dx, dy);
                i += 1;
            }
        }
    }
    out
}

/// §11.5, G6: the squares a push may choose: empty ones on the pitch; else the crowd (all
/// off-pitch candidates, one answer); else the occupied ones (a chain push).
pub fn push_options(g: &Game, pusher: Square, target: Square) -> Vec<Square> {
    let cands = push_squares(pusher, target);
    let empty: Vec<Square> = cands
        .iter()
        .copied()
        .filter(|s| on_pitch(*s) && g.at(*s).is_none())
        .collect();
    if !empty.is_empty() {
        return empty;
    }
    if let Some(off) = cands.iter().copied().find(|s| !on_pitch(*s)) {
        return vec![off];
    }
    cands.to_vec()
}

/// The squares a push-back may choose: §26.50 Grab's any empty adjacent square for the
/// defender's own push on a Block Action, else the normal ones (§11.5).
pub fn push_choices(g: &Game, state: &PushState, target: Square) -> Vec<Square> {
    if state.pushed == state.defender
        && let Some(squares) = super::skill_hooks::grab_squares(g, state.attacker, state.defender)
    {
        return squares;
    }
    push_options(g, state.pusher, target)
}

impl Ctx<'_> {
    /// §11.1–§11.3: a block: Dauntless (§26.9), assists, the dice, who chooses; the roll
    /// runs as a check so the attacker's team re-roll and Pro may re-roll all the dice.
    pub(crate) fn block_start(&mut self, attacker: PlayerId, defender: PlayerId, frenzy: bool) {
        if !self.can_block(attacker, defender) {
            return;
        }
        if self.dump_off_applies(defender, frenzy) {
            // §26.45 Dump-Off: the defender's coach may throw a Quick pass first.
            self.push(Frame::DumpOff {
                attacker,
                defender,
                frenzy,
            });
            return;
        }
        self.block_start_rest(attacker, defender, frenzy);
    }

    /// §11: the block goes ahead once any Dump-Off is resolved: §26.49 Foul Appearance
    /// first, then §26.8 Chainsaw or §26.68 Stab may replace the block dice.
    pub(crate) fn block_start_rest(
        &mut self,
        attacker: PlayerId,
        defender: PlayerId,
        frenzy: bool,
    ) {
        if !self.can_block(attacker, defender) {
            return;
        }
        if self.foul_appearance(attacker, defender, frenzy) {
            return;
        }
        self.block_weapons(attacker, defender, frenzy);
    }

    /// Both standing and adjacent, and the attacker's Action not lost.
    fn can_block(&self, attacker: PlayerId, defender: PlayerId) -> bool {
        let a = self.g.player(attacker);
        let d = self.g.player(defender);
        a.standing()
            && d.standing()
            && !self
                .g
                .acting
                .is_some_and(|x| x.player == attacker && x.ended)
            && matches!((a.square(), d.square()), (Some(x), Some(y)) if x.is_adjacent(y))
    }

    /// The block dice (§11.2) after Dauntless and assists.
    pub(crate) fn block_roll(&mut self, attacker: PlayerId, defender: PlayerId, frenzy: bool) {
        if !self.can_block(attacker, defender) {
            return;
        }
        let a = self.g.player(attacker);
        let d = self.g.player(defender);
        let (Some(asq), Some(dsq)) = (a.square(), d.square()) else {
            return;
        };
        let (aside, dside) = (a.side, d.side);
        let (a_neutral, d_neutral) = (a.neutral, d.neutral);
        let mut ast = a.st;
        let mut dst = d.st;
        if self.blitzing(attacker) && a.has(Skill::Horns) {
            // §26.53 Horns: +1 ST on a Blitz's blocks.
            ast += 1;
        }
        if super::cards::dampner(self.g, attacker, defender) {
            // §31.6 Inertia Dampner: −1 ST (at least 1) for a blitzer who moved.
            ast = ast.saturating_sub(1).max(1);
        }
        if super::skill_hooks::multiple_block(self.g, attacker) {
            // §26.59 Multiple Block: each defender +2 ST.
            dst += 2;
        }
        if a.has(Skill::Dauntless) && dst > ast {
            let face = self.roll(RollPurpose::Dauntless, Some(aside), Die::D6);
            if face as u8 + ast > dst {
                ast = dst;
            }
        }
        // §31.10 Rowdy Fans: one more assist against an opponent beside the edge.
        // §31.10 Fanatic Invasion: the neutral Fanatic gets no offensive assists [S], and
        // [Proposal] no defensive ones: nobody is his team-mate.
        let ast = ast
            + if a_neutral {
                0
            } else {
                assists(self.g, aside, dsq, attacker, defender)
                    + super::cards::rowdy_assist(self.g, aside, defender)
            };
        let dst = dst
            + if d_neutral {
                0
            } else {
                assists(self.g, dside, asq, defender, attacker)
                    + super::cards::rowdy_assist(self.g, dside, attacker)
            };
        let (dice, chooser) = block_dice(ast, dst, aside);
        self.emit(Event::BlockDeclared {
            attacker,
            defender,
            dice,
            chooser,
            attacker_st: ast,
            defender_st: dst,
        });
        let mut f = CheckFor::new(CheckKind::Block, attacker);
        f.other = Some(defender);
        f.flag = chooser == Side::Home;
        f.second = frenzy;
        let c = Check::new(f, Die::Block, PassRule::Total, 0, 0).with_dice(dice);
        self.push(Frame::Check(Box::new(c)));
    }

    /// §11.2: the chooser picks one die (no choice with one die or equal faces).
    pub(crate) fn block_choose(
        &mut self,
        attacker: PlayerId,
        defender: PlayerId,
        faces: Vec<u16>,
        chooser: Side,
        frenzy: bool,
    ) -> Flow<Prompt, Command> {
        let faces = self.cards_block_faces(attacker, faces);
        let first = BlockFace::of(faces[0]);
        if faces.iter().all(|f| BlockFace::of(*f) == first) {
            self.block_result(attacker, defender, first, frenzy);
            return Flow::Continue;
        }
        let dice = faces.iter().map(|f| BlockFace::of(*f)).collect();
        self.push(Frame::BlockChoose {
            attacker,
            defender,
            faces,
            chooser,
            frenzy,
        });
        Flow::Wait(prompt(
            chooser,
            PromptKind::BlockDice {
                attacker,
                defender,
                dice,
            },
        ))
    }

    pub(crate) fn blitzing(&self, attacker: PlayerId) -> bool {
        self.g
            .acting
            .is_some_and(|a| a.player == attacker && a.action == ActionKind::Blitz)
    }

    /// §11.4: apply the chosen face.
    pub(crate) fn block_result(
        &mut self,
        attacker: PlayerId,
        defender: PlayerId,
        face: BlockFace,
        frenzy: bool,
    ) {
        self.emit(Event::BlockResult { face });
        let a = self.g.player(attacker);
        let d = self.g.player(defender);
        let jugg = self.blitzing(attacker) && a.has(Skill::Juggernaut);
        let mut face = face;
        if face == BlockFace::BothDown && jugg && (!a.has(Skill::Block) || d.has(Skill::Block)) {
            // §26.13 Juggernaut: Both Down as Pushed [Proposal: unless Block already
            // makes Both Down knock the defender alone down].
            face = BlockFace::Pushed;
        }
        match face {
            BlockFace::AttackerDown => {
                self.turnover(Turnover::KnockedDown);
                self.push(Frame::KnockDown {
                    player: attacker,
                    hurt: self.block_hurt(defender, Cause::Blocking),
                });
            }
            BlockFace::BothDown => {
                if let Some(wrestler) = self.wrestler(attacker, defender, None) {
                    // §26.75 Wrestle: its coach may lay both players down instead.
                    self.push(Frame::Wrestle {
                        attacker,
                        defender,
                        wrestler,
                    });
                    return;
                }
                self.both_down(attacker, defender);
            }
            BlockFace::Pushed | BlockFace::DefenderStumbles | BlockFace::DefenderDown => {
                // §26.11 Dodge saves a stumble unless the attacker has Tackle (§26.30).
                let down = face == BlockFace::DefenderDown
                    || (face == BlockFace::DefenderStumbles
                        && (!d.has(Skill::Dodge) || a.has(Skill::Tackle)));
                if d.rooted {
                    // §26.31: a rooted player is never pushed.
                    self.push(Frame::AfterPush {
                        attacker,
                        defender,
                        down,
                        face,
                        frenzy,
                    });
                } else if d.has(Skill::StandFirm) && !jugg {
                    self.push(Frame::StandFirm {
                        attacker,
                        defender,
                        face,
                        frenzy,
                    });
                } else {
                    self.start_push(attacker, defender, face, down, frenzy);
                }
            }
        }
    }

    /// §11.4 Both Down, §26.3 Block: who falls; defender first (G15), then the attacker.
    pub(crate) fn both_down(&mut self, attacker: PlayerId, defender: PlayerId) {
        let a_falls = !self.g.player(attacker).has(Skill::Block);
        let d_falls = !self.g.player(defender).has(Skill::Block);
        if a_falls {
            self.turnover(Turnover::KnockedDown);
            self.push(Frame::KnockDown {
                player: attacker,
                hurt: self.block_hurt(defender, Cause::Blocking),
            });
        }
        if d_falls {
            self.push(Frame::KnockDown {
                player: defender,
                hurt: self.block_hurt(attacker, Cause::Blocked),
            });
        }
    }

    fn block_hurt(&self, by: PlayerId, cause: Cause) -> Hurt {
        let mut h = Hurt::plain(cause, Some(by));
        let p = self.g.player(by);
        h.mighty_blow = p.has(Skill::MightyBlow);
        // §26.40 Claw; §26.63 Piling On (the blocker, on the player he knocked down).
        h.claw = p.has(Skill::Claw);
        h.piling_on = cause == Cause::Blocked && p.has(Skill::PilingOn);
        h
    }

    /// §26.26 Stand Firm: the defender stays put (knocked down in his own square).
    pub(crate) fn stand_firm_answer(
        &mut self,
        attacker: PlayerId,
        defender: PlayerId,
        face: BlockFace,
        frenzy: bool,
        use_it: bool,
    ) {
        let a = self.g.player(attacker);
        let d = self.g.player(defender);
        let down = face == BlockFace::DefenderDown
            || (face == BlockFace::DefenderStumbles
                && (!d.has(Skill::Dodge) || a.has(Skill::Tackle)));
        if use_it {
            self.push(Frame::AfterPush {
                attacker,
                defender,
                down,
                face,
                frenzy,
            });
        } else {
            self.start_push(attacker, defender, face, down, frenzy);
        }
    }

    fn start_push(
        &mut self,
        attacker: PlayerId,
        defender: PlayerId,
        face: BlockFace,
        down: bool,
        frenzy: bool,
    ) {
        let Some(pusher) = self.g.player(attacker).square() else {
            return;
        };
        self.push(Frame::Push(Box::new(PushState {
            attacker,
            defender,
            face,
            down,
            frenzy,
            moves: Vec::new(),
            pushed: defender,
            pusher,
        })));
    }

    /// §11.5: the active coach chooses where the pushed player goes (no choice, no
    /// prompt).
    pub(crate) fn push_step(&mut self, state: PushState) -> Flow<Prompt, Command> {
        let Some(target) = self.g.player(state.pushed).square() else {
            return Flow::Continue;
        };
        // §26.66 Side Step: the pushed player's coach may choose among all free squares.
        let (options, side_step) = super::skills_a::push_choice(self.g, &state, target);
        if options.len() == 1 {
            self.push_to(state, options[0]);
            return Flow::Continue;
        }
        let coach =
            side_step.unwrap_or(self.g.active.unwrap_or(self.g.player(state.attacker).side));
        let pushed = state.pushed;
        self.push(Frame::Push(Box::new(state)));
        Flow::Wait(prompt(coach, PromptKind::Push { player: pushed }))
    }

    /// A push square chosen: an empty square or the crowd ends the chain; an occupied one
    /// pushes its player in turn (§11.5); a Stand Firm or rooted player there stops the
    /// whole chain (§26.26, §26.31 [Proposal]).
    pub(crate) fn push_to(&mut self, mut state: PushState, square: Square) {
        let Some(from) = self.g.player(state.pushed).square() else {
            return;
        };
        if on_pitch(square)
            && let Some(next) = self.g.at(square)
        {
            let n = self.g.player(next);
            if n.rooted || n.has(Skill::StandFirm) {
                state.moves.clear();
                self.finish_push(state);
                return;
            }
            state.moves.push((state.pushed, from, square));
            state.pusher = from;
            state.pushed = next;
            self.push(Frame::Push(Box::new(state)));
            return;
        }
        state.moves.push((state.pushed, from, square));
        self.finish_push(state);
    }

    /// Carry out the chain's moves from the far end; then the follow-up decision (§11.6).
    fn finish_push(&mut self, state: PushState) {
        let mut crowd = None;
        let mut ball_hit = None;
        for &(id, from, to) in state.moves.iter().rev() {
            if !on_pitch(to) {
                crowd = Some((id, from));
                self.emit(Event::PushedIntoCrowd { player: id });
                continue;
            }
            self.move_player(id, to);
            if self.g.ball == (Ball::Ground { square: to }) {
                ball_hit = Some(to);
            }
        }
        let vacated = state
            .moves
            .first()
            .filter(|m| m.0 == state.defender)
            .map(|m| m.1);
        // Resolved later, in order: the defender's fall, crowd injury, the ball (G15).
        if let Some(sq) = ball_hit {
            self.push(Frame::Bounce {
                from: sq,
                kick: false,
            });
        }
        if let Some((id, from)) = crowd {
            self.crowd(id, from);
        }
        let a = self.g.player(state.attacker);
        // §26.59: no follow-up after a Multiple Block's blocks.
        let can_follow = vacated.is_some()
            && !super::skill_hooks::multiple_block(self.g, state.attacker)
            && a.standing()
            && !a.rooted
            && vacated.is_some_and(|v| self.g.at(v).is_none())
            && !self.fend_stops(state.attacker, state.defender);
        match vacated {
            Some(square) if can_follow => {
                if a.has(Skill::Frenzy) || a.has(Skill::BallAndChain) {
                    // §26.12 Frenzy, §26.2 Ball & Chain: always follow up.
                    self.move_player(state.attacker, square);
                    self.push(Frame::AfterPush {
                        attacker: state.attacker,
                        defender: state.defender,
                        down: state.down,
                        face: state.face,
                        frenzy: state.frenzy,
                    });
                } else {
                    self.push(Frame::FollowUp {
                        attacker: state.attacker,
                        defender: state.defender,
                        square,
                        down: state.down,
                        face: state.face,
                        frenzy: state.frenzy,
                    });
                }
            }
            _ => self.push(Frame::AfterPush {
                attacker: state.attacker,
                defender: state.defender,
                down: state.down,
                face: state.face,
                frenzy: state.frenzy,
            }),
        }
    }

    /// §11.5: pushed into the crowd: off the pitch, an injury roll with no armour roll and
    /// no skills; a ball he held is thrown in from his last square.
    fn crowd(&mut self, id: PlayerId, from: Square) {
        let carrier = self.g.carrier() == Some(id);
        self.g.set_state(id, PlayerState::Reserve);
        self.emit(Event::PlayerState {
            player: id,
            state: PlayerState::Reserve,
        });
        if carrier {
            self.set_ball(Ball::Ground { square: from });
            self.push(Frame::ThrowIn { from });
            if self.g.active == Some(self.g.player(id).side) {
                self.turnover(Turnover::BallCarrierDown);
            }
        }
        self.push(Frame::Injury {
            player: id,
            hurt: Hurt::plain(Cause::Crowd, None),
            crowd: true,
            square: None,
        });
    }

    /// §11.7: the defender falls if the result says so; touchdown check (§18.2); §26.12
    /// Frenzy's second block on a push that left him standing.
    pub(crate) fn after_push(
        &mut self,
        attacker: PlayerId,
        defender: PlayerId,
        down: bool,
        face: BlockFace,
        frenzy: bool,
    ) {
        let d_on = self.g.player(defender).square().is_some();
        if down && d_on {
            let hurt = self.block_hurt(attacker, Cause::Blocked);
            // After the knock-down (and its ball), the touchdown check.
            self.push(Frame::TouchdownCheck);
            self.push(Frame::KnockDown {
                player: defender,
                hurt,
            });
            return;
        }
        if self.strip_ball_applies(attacker, defender, face) {
            // §26.70 Strip Ball: the attacker's coach decides first.
            self.push(Frame::StripBall {
                attacker,
                defender,
                face,
                frenzy,
            });
            return;
        }
        self.after_push_standing(attacker, defender, face, frenzy);
    }

    /// §11.7, §18.2, §26.12: a defender left standing: the touchdown check, then Frenzy's
    /// second block.
    pub(crate) fn after_push_standing(
        &mut self,
        attacker: PlayerId,
        defender: PlayerId,
        face: BlockFace,
        frenzy: bool,
    ) {
        let strict = self.g.setup.options.strict_touchdown_timing;
        self.check_touchdown(!strict);
        let a = self.g.player(attacker);
        let d = self.g.player(defender);
        if frenzy
            || !a.has(Skill::Frenzy)
            || face == BlockFace::DefenderDown
            || super::skill_hooks::multiple_block(self.g, attacker)
        {
            // §26.59: Frenzy never with Multiple Block.
            return;
        }
        let (Some(asq), Some(dsq)) = (a.square(), d.square()) else {
            return;
        };
        if !a.standing() || !d.standing() || !asq.is_adjacent(dsq) || self.g.turnover.is_some() {
            return;
        }
        let mut gfi = false;
        if self.blitzing(attacker) {
            let Some(acting) = self.g.acting.as_mut() else {
                return;
            };
            if acting.ma_left > 0 {
                acting.ma_left -= 1;
            } else if acting.gfi_left > 0 {
                acting.gfi_left -= 1;
                gfi = true;
            } else {
                return;
            }
        }
        self.push(Frame::BlockStart {
            attacker,
            defender,
            frenzy: true,
        });
        if gfi {
            let target = if self.g.weather == super::data::Weather::Blizzard {
                3
            } else {
                2
            };
            let target = self.cards_gfi_target(attacker, target);
            let modifier = self.cards_gfi_modifier(attacker);
            let mut f = CheckFor::new(CheckKind::Gfi, attacker);
            f.square = Some(asq);
            self.push(Frame::Check(Box::new(super::checks::d6_check(
                f, target, modifier,
            ))));
        }
    }
}

impl Ctx<'_> {
    /// §26.8 Chainsaw: a D6 instead of block dice (or before a foul's armour roll): 2+ hits
    /// the victim, a 1 kicks back at the wielder; an armour roll at +3 against whoever is
    /// hit; broken: knocked down and injured (a kick-back that fells him is a turnover);
    /// held: nothing happens. A foul that does not kick back goes on at +3.
    pub(crate) fn chainsaw(&mut self, attacker: PlayerId, victim: PlayerId, foul: bool) {
        let side = self.g.player(attacker).side;
        let face = self.roll(RollPurpose::Chainsaw, Some(side), Die::D6);
        let hit = if face == 1 { attacker } else { victim };
        if foul && face != 1 {
            self.foul_with(attacker, victim, 3);
            return;
        }
        let p = self.g.player(hit);
        let Some(square) = p.square() else { return };
        let av = i32::from(p.av);
        let hit_side = p.side;
        let [a, b] = self.roll2(RollPurpose::Armour, Some(hit_side.other()));
        // §31.6 Belt of Invulnerability: no +3; Lucky Charm: the break is ignored.
        let saw = if self.cards_armour_modifiable(hit) {
            3
        } else {
            0
        };
        let broken = self.cards_armour_breaks(hit, i32::from(a + b) + saw > av);
        self.emit(Event::Armour {
            player: hit,
            broken,
        });
        if !broken {
            return;
        }
        if hit == attacker && self.g.active == Some(side) {
            self.turnover(Turnover::KnockedDown);
        }
        let carrier = self.g.carrier() == Some(hit);
        self.set_state(hit, PlayerState::Prone { square });
        self.emit(Event::KnockedDown {
            player: hit,
            cause: Cause::Chainsaw,
            by: (hit != attacker).then_some(attacker),
        });
        if carrier {
            if self.g.active == Some(hit_side) {
                self.turnover(Turnover::BallCarrierDown);
            }
            self.set_ball(Ball::Ground { square });
            self.push(Frame::Bounce {
                from: square,
                kick: false,
            });
        }
        self.push(Frame::Injury {
            player: hit,
            hurt: Hurt::plain(Cause::Chainsaw, (hit != attacker).then_some(attacker)),
            crowd: false,
            square: Some(square),
        });
    }
}
