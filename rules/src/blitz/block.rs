//! Block (§3.11), knock-downs and Armour checks, Foul (§6.1.4), and the block
//! abilities of §5.4.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use super::block_die::BlockFace;
use super::checks::CheckFor;
use super::command::RerollSource;
use super::data::*;
use super::event::*;
use super::flow::*;
use super::prompt::*;
use super::rules::*;
use super::state::*;
use crate::core::check::{Check, PassRule};
use crate::core::{Die, Side, Square};

/// Is a block by `blocker` on `target` assisted (§3.11, G52)? A standing team-mate of the
/// blocker adjacent to the target assists, unless an opposing Defensive player is adjacent to
/// it; Blocking Play makes every block assisted. "Cannot" beats "can" (§3.22): Bomber, War
/// Machine, Woodland Aid and Tough Enough blocks are never assisted.
pub fn is_assisted(g: &Game, blocker: PlayerId, target: PlayerId, unassistable: bool) -> bool {
    if unassistable {
        return false;
    }
    let b = g.player(blocker);
    let Some(tsq) = g.player(target).square() else {
        return false;
    };
    if g.turn.blocking_play && Some(b.side) == g.turn.active {
        return true;
    }
    // Arena 8, Overgrown Arena (§5.11): a target next to a trapdoor counts as assisted.
    if super::arenas::trapdoor_assists(g, tsq) {
        return true;
    }
    g.players.iter().any(|m| {
        m.id != blocker
            && m.side == b.side
            && matches!(m.place, Place::Standing(s) if s.is_adjacent(tsq))
            && !g
                .standing_opponents_adjacent(m.side, m.square().unwrap_or(tsq))
                .any(|o| o.has(Ability::Defensive))
    })
}

/// Blocks that can never be assisted (§5.4 Bomber, War Machine, Woodland Aid).
pub fn block_unassistable(g: &Game, blocker: PlayerId, target: PlayerId, bomber: bool) -> bool {
    bomber
        || g.player(blocker).has(Ability::WarMachine)
        || g.player(target).has(Ability::WoodlandAid)
}

/// Number of block dice (§3.11): 2018 one, two if assisted; 2024 the Block value, +1 if
/// assisted (arena 6, Badlands Fighting Pit, §5.11: +2, to a maximum of three); The Kid's
/// Got Moxy: three for an unassisted block (in 2018 too from rules version 2).
pub fn block_dice(g: &Game, blocker: PlayerId, assisted: bool, moxy: bool) -> u8 {
    if g.profile.has_block_values() {
        if moxy && !assisted {
            return MOXY_DICE;
        }
        let block = g.player(blocker).stats.block;
        if !assisted {
            return block;
        }
        super::arenas::badlands_assisted_dice(g, block).unwrap_or(block + ASSIST_DICE)
    } else if moxy && !assisted && g.profile.moxy_in_2018() {
        MOXY_DICE
    } else {
        1 + u8::from(assisted)
    }
}

/// Faces as they count for this block (§5.4): Hulking Brute blocker: Tackle and Smash are
/// Kerrunch!; Mighty Blow: Smash is Kerrunch!; Insignificant/Titchy blocker: Tackle is Miss;
/// Stand Firm / Hulking Brute target, Tough Enough, Bomber: Shove is Miss.
pub fn translate_face(g: &Game, st: &BlockState, face: BlockFace) -> BlockFace {
    let b = g.player(st.blocker);
    let t = g.player(st.target);
    let mut f = face;
    if b.has(Ability::HulkingBrute) && matches!(f, BlockFace::Tackle | BlockFace::Smash) {
        f = BlockFace::Kerrunch;
    }
    if b.has(Ability::MightyBlow) && f == BlockFace::Smash {
        f = BlockFace::Kerrunch;
    }
    if (b.has(Ability::Insignificant) || b.has(Ability::Titchy)) && f == BlockFace::Tackle {
        f = BlockFace::Miss;
    }
    let shove_is_miss =
        st.bomber || st.tough_enough || t.has(Ability::StandFirm) || t.has(Ability::HulkingBrute);
    if shove_is_miss && f == BlockFace::Shove {
        f = BlockFace::Miss;
    }
    f
}

/// §3.4: the net modifier on a check, clamped to -1..+1 in 2024 (stacking in 2018). With
/// Crumbling Astrogranite Pitch a Kerrunch! is still -1 in all (G16).
pub fn net_modifier(g: &Game, modifier: i8) -> i8 {
    if g.profile.caps_check_modifiers() {
        modifier.clamp(-1, 1)
    } else {
        modifier
    }
}

impl Ctx<'_> {
    pub(crate) fn start_block(
        &mut self,
        blocker: PlayerId,
        target: PlayerId,
        bonus: Option<BonusPlay>,
        grant: Option<FreeGrant>,
    ) {
        let bomber = self.g.player(blocker).has(Ability::Bomber) && self.g.is_open(blocker);
        if self.g.player(blocker).side == self.active() {
            self.g.record.target = Some(target);
        }
        let unassistable = block_unassistable(self.g, blocker, target, bomber);
        let assisted = is_assisted(self.g, blocker, target, unassistable);
        let dice = block_dice(
            self.g,
            blocker,
            assisted,
            bonus == Some(BonusPlay::TheKidsGotMoxy),
        );
        self.push(Frame::Block(Box::new(BlockState {
            blocker,
            target,
            stage: BlockStage::Interrupts,
            dice,
            faces: Vec::new(),
            rerolled: false,
            violent: None,
            unassistable,
            tough_enough: false,
            bomber,
            foul: false,
            diving_tackle: grant == Some(FreeGrant::DivingTackleBlock),
            pending: Vec::new(),
        })));
    }

    pub(crate) fn block_step(&mut self, mut st: BlockState) -> Flow {
        match st.stage {
            BlockStage::Interrupts => {
                st.stage = BlockStage::Roll;
                let target = *self.g.player(st.target);
                // Dump-off (§5.4): the target may first make a free Short Throw or hand-off.
                let dump = target.has(Ability::DumpOff) && self.g.ball_held_by(st.target).is_some();
                let target_id = st.target;
                self.push(Frame::Block(Box::new(st)));
                // Tough Enough (Interrupt): the target's coach, after the target is chosen and
                // before the dice (G47: the non-active coach's windows come first).
                self.push(Frame::Window(Window::BlockTarget { target: target_id }));
                if dump {
                    return self.offer_grant(target.id, FreeGrant::DumpOff);
                }
                Flow::Continue
            }
            BlockStage::Roll => self.roll_block(st),
            BlockStage::RerollOffered | BlockStage::FollowUp { .. } => {
                // Waiting frames are answered by commands; never stepped.
                self.push(Frame::Block(Box::new(st)));
                Flow::Continue
            }
            BlockStage::Choose => self.choose_block_die(st),
            BlockStage::Apply => self.apply_block_face(st),
            BlockStage::Done => self.finish_block(st),
        }
    }

    fn roll_block(&mut self, mut st: BlockState) -> Flow {
        let coach = self.g.player(st.blocker).side;
        st.faces = (0..st.dice)
            .map(|_| BlockFace::from_index(self.roll(Die::Block)))
            .collect();
        self.emit_block_roll(coach, &st.faces, false);
        // Violent (§5.4): a D6 rolled with the block dice; on a 6 the target is Injured.
        if self.g.player(st.blocker).has(Ability::Violent) {
            let v = self.roll(Die::D6);
            self.emit_roll(RollPurpose::Violent, Some(coach), Die::D6, v);
            st.violent = Some(v);
            if v == 6 {
                self.injure(st.target);
                st.stage = BlockStage::Done;
                self.push(Frame::Block(Box::new(st)));
                return Flow::Continue;
            }
        }
        if super::legal::offer_reroll(
            self.g,
            coach,
            &super::legal::block_reroll_sources(self.g, &st),
        ) {
            st.stage = BlockStage::RerollOffered;
            self.push(Frame::Block(Box::new(st)));
            return wait(
                coach,
                PromptKind::Reroll {
                    kind: RollKind::Block,
                },
            );
        }
        st.stage = BlockStage::Choose;
        self.push(Frame::Block(Box::new(st)));
        Flow::Continue
    }

    fn emit_block_roll(&mut self, coach: Side, faces: &[BlockFace], reroll: bool) {
        self.emit(Event::Rolled(Roll {
            purpose: RollPurpose::Block,
            coach: Some(coach),
            die: Die::Block,
            faces: faces.iter().map(|f| f.index()).collect(),
            target: None,
            modifier: 0,
            success: None,
            reroll,
        }));
    }

    pub(crate) fn reroll_block(&mut self, mut st: BlockState, source: RerollSource) {
        let coach = self.g.player(st.blocker).side;
        self.spend_reroll(coach, source);
        st.faces = (0..st.dice)
            .map(|_| BlockFace::from_index(self.roll(Die::Block)))
            .collect();
        st.rerolled = true;
        self.emit_block_roll(coach, &st.faces, true);
        st.stage = BlockStage::Choose;
        self.push(Frame::Block(Box::new(st)));
    }

    fn choose_block_die(&mut self, mut st: BlockState) -> Flow {
        if self.g.player(st.blocker).side == self.active() {
            self.g.record.block_faces = st.faces.clone();
        }
        let coach = self.g.player(st.blocker).side;
        // Enforcer applies every die, in the coach's order (G37); otherwise one die is
        // chosen. `pending` holds the Enforcer dice still to apply.
        let enforcer = self.g.player(st.blocker).has(Ability::Enforcer) && !st.foul;
        let faces: Vec<BlockFace> = if enforcer && !st.pending.is_empty() {
            st.pending.clone()
        } else {
            st.faces
                .iter()
                .map(|&f| translate_face(self.g, &st, f))
                .collect()
        };
        if enforcer && st.pending.is_empty() {
            st.pending = faces.clone();
        }
        if faces.len() == 1 {
            st.pending = faces;
            st.stage = BlockStage::Apply;
            self.push(Frame::Block(Box::new(st)));
            return Flow::Continue;
        }
        self.push(Frame::Block(Box::new(st)));
        wait(coach, PromptKind::BlockDie { faces })
    }

    /// The coach chose die `index` of the prompt's faces.
    pub(crate) fn block_die_chosen(&mut self, index: u8) {
        let Some(Frame::Block(mut st)) = self.g.stack.pop() else {
            return;
        };
        let faces: Vec<BlockFace> = if st.pending.is_empty() {
            st.faces
                .iter()
                .map(|&f| translate_face(self.g, &st, f))
                .collect()
        } else {
            st.pending.clone()
        };
        let i = usize::from(index).min(faces.len().saturating_sub(1));
        let face = faces[i];
        self.emit(Event::BlockDieChosen { face });
        if self.g.player(st.blocker).has(Ability::Enforcer) && !st.foul {
            let mut rest = faces;
            rest.remove(i);
            rest.push(face); // applied next (pop from the end)
            st.pending = rest;
        } else {
            st.pending = vec![face];
        }
        st.stage = BlockStage::Apply;
        self.push(Frame::Block(st));
    }

    fn apply_block_face(&mut self, mut st: BlockState) -> Flow {
        let Some(face) = st.pending.pop() else {
            st.stage = BlockStage::Done;
            self.push(Frame::Block(Box::new(st)));
            return Flow::Continue;
        };
        // Enforcer with more dice to apply: come back for them (G37: choose the order).
        let more = !st.pending.is_empty();
        let target_gone = self.g.player(st.target).place == Place::Reserves;
        if target_gone {
            st.pending.clear();
            st.stage = BlockStage::Done;
            self.push(Frame::Block(Box::new(st)));
            return Flow::Continue;
        }
        if more {
            st.stage = BlockStage::Choose;
        } else {
            st.stage = BlockStage::Done;
        }
        let attacker = self.g.player(st.blocker).side;
        match face {
            BlockFace::Miss => {
                self.finish_player(st.blocker);
                self.push(Frame::Block(Box::new(st)));
            }
            BlockFace::Tackle => {
                let target = st.target;
                self.finish_player(st.blocker);
                self.push(Frame::Block(Box::new(st)));
                self.knock_down(target, 0, true, Some(attacker));
            }
            BlockFace::Smash => {
                self.push(Frame::Block(Box::new(st.clone())));
                self.knock_down(st.target, 0, true, Some(attacker));
            }
            BlockFace::Kerrunch => {
                self.push(Frame::Block(Box::new(st.clone())));
                self.knock_down(st.target, KERRUNCH_ARMOUR_MODIFIER, true, Some(attacker));
            }
            BlockFace::Shove => return self.shove(st, attacker),
        }
        Flow::Continue
    }

    /// Shove: push the target directly away; if it cannot move it is Knocked Down (§3.11,
    /// G53; arena 5, Coliseum of Chaos, §5.11: as Kerrunch!). Then the blocker may follow up
    /// (Enforcer must).
    fn shove(&mut self, mut st: BlockState, attacker: Side) -> Flow {
        let (Some(bsq), Some(tsq)) = (
            self.g.player(st.blocker).square(),
            self.g.player(st.target).square(),
        ) else {
            self.push(Frame::Block(Box::new(st)));
            return Flow::Continue;
        };
        let dest = Square::new(2 * tsq.x - bsq.x, 2 * tsq.y - bsq.y);
        if !self.g.is_playable(dest) || self.g.player_at(dest).is_some() {
            self.push(Frame::Block(Box::new(st.clone())));
            let modifier = super::arenas::unpushable_shove_armour_modifier(self.g);
            self.knock_down(st.target, modifier, true, Some(attacker));
            return Flow::Continue;
        }
        let target = *self.g.player(st.target);
        self.g.player_mut(st.target).place = match target.place {
            Place::Prone(_) => Place::Prone(dest),
            _ => Place::Standing(dest),
        };
        self.emit(Event::Pushed {
            player: st.target,
            from: tsq,
            to: dest,
        });
        self.touch_loose_ball(st.target, dest, target.has(Ability::HandlingSkills));
        let enforcer = self.g.player(st.blocker).has(Ability::Enforcer);
        if enforcer {
            self.follow_up(st.blocker, tsq);
            self.push(Frame::Block(Box::new(st)));
            return Flow::Continue;
        }
        let blocker = st.blocker;
        st.stage = BlockStage::FollowUp {
            square: tsq,
            from: bsq,
        };
        self.push(Frame::Block(Box::new(st)));
        wait(
            attacker,
            PromptKind::FollowUp {
                blocker,
                square: tsq,
            },
        )
    }

    pub(crate) fn follow_up(&mut self, blocker: PlayerId, square: Square) {
        let p = *self.g.player(blocker);
        self.move_player(blocker, square);
        self.touch_loose_ball(blocker, square, p.has(Ability::HandlingSkills));
    }

    /// Answer to the follow-up prompt.
    pub(crate) fn follow_up_chosen(&mut self, follow: bool) {
        let Some(Frame::Block(mut st)) = self.g.stack.pop() else {
            return;
        };
        if let BlockStage::FollowUp { square, .. } = st.stage
            && follow
        {
            self.follow_up(st.blocker, square);
        }
        st.stage = if st.pending.is_empty() {
            BlockStage::Done
        } else {
            BlockStage::Choose
        };
        self.push(Frame::Block(st));
    }

    fn finish_block(&mut self, st: BlockState) -> Flow {
        let blocker = *self.g.player(st.blocker);
        let active = blocker.side == self.active();
        if st.diving_tackle && blocker.is_standing() {
            self.place_prone(st.blocker);
        }
        if active {
            // Hit and Run (§5.4): a free Run of up to 2 squares after a Block.
            if blocker.has(Ability::HitAndRun) && !self.g.pt(st.blocker).finished {
                self.g.record.grants.push((st.blocker, FreeGrant::ShortRun));
            }
            self.push(Frame::AfterAction);
        }
        Flow::Continue
    }

    /// Miss, Tackle, Slipped!: the player can make no more actions this turn (§3.11).
    pub(crate) fn finish_player(&mut self, p: PlayerId) {
        self.g.pt_mut(p).finished = true;
        self.emit(Event::FinishedForTurn { player: p });
    }

    /// §3.11 Knocked Down: Prone, the ball bounces (Safe Hands: the coach chooses the
    /// square), then the player's coach makes an Armour check.
    pub(crate) fn knock_down(
        &mut self,
        p: PlayerId,
        modifier: i8,
        by_block: bool,
        attacker: Option<Side>,
    ) {
        let Some(sq) = self.g.player(p).square() else {
            return;
        };
        self.g.player_mut(p).place = Place::Prone(sq);
        self.emit(Event::KnockedDown { player: p });
        if self.g.record.target == Some(p) {
            self.g.record.target_knocked_down = true;
        }
        self.ball_then_armour(p, sq, modifier, by_block, attacker);
    }

    /// §3.11 Knocked Down steps 2-4 for a player already placed Prone in `sq`: its ball
    /// bounces (Safe Hands: its coach chooses the square), then its coach makes an Armour
    /// check. Also used by Throw Team-mate for the player in the target square (§6.1.5 step 6).
    pub(crate) fn ball_then_armour(
        &mut self,
        p: PlayerId,
        sq: Square,
        modifier: i8,
        by_block: bool,
        attacker: Option<Side>,
    ) {
        self.push(Frame::Armour(ArmourState {
            player: p,
            modifier,
            by_block,
            set_to: None,
            stage: ArmourStage::Window,
            attacker,
            counts_for_record: true,
        }));
        if let Some(ball) = self.g.ball_held_by(p) {
            if self.g.player(p).has(Ability::SafeHands) && self.safe_hands_squares(sq).len() > 1 {
                // §5.4 Safe Hands: a Prone player holds no ball; it lies on the player's
                // square while the coach picks where it goes (rules version 2 on).
                if self.g.profile.safe_hands_ball_loose() {
                    self.set_ball(ball, BallAt::Loose(sq));
                }
                self.push(Frame::SafeHands {
                    ball,
                    from: sq,
                    coach: self.g.player(p).side,
                });
            } else {
                self.bounce(ball, sq);
            }
        }
    }

    pub(crate) fn safe_hands_squares(&self, from: Square) -> Vec<Square> {
        from.neighbours()
            .filter(|&s| self.g.is_playable(s))
            .collect()
    }

    pub(crate) fn armour_step(&mut self, mut a: ArmourState) -> Flow {
        let p = *self.g.player(a.player);
        match a.stage {
            ArmourStage::Window => {
                a.stage = ArmourStage::Roll;
                // Bladed Knuckle Dusters: the attacking coach may set Armour to 6+ first.
                let by_attacker = a.attacker.is_some() && a.by_block;
                self.push(Frame::Armour(a));
                if by_attacker {
                    return self.open_window(Window::BeforeArmour { target: p.id });
                }
                Flow::Continue
            }
            ArmourStage::Roll => {
                let Some(armour) = a.set_to.or(p.stats.armour) else {
                    // Armour "–": fails automatically, no roll (§2.6).
                    self.injure(a.player);
                    return Flow::Continue;
                };
                // The modifier is finished at the roll (Crumbling Pitch, the 2024 cap): the
                // check's `modifiers` hook (`super::checks`).
                self.check_step(Check::new(
                    CheckFor::Armour {
                        player: a.player,
                        by_block: a.by_block,
                    },
                    Die::D6,
                    PassRule::Natural,
                    armour,
                    a.modifier,
                ))
            }
        }
    }

    /// §6.1.4 Foul: one block die; Miss Spotted! (fouler ejected), Tackle Take That! (target
    /// Injured, fouler ejected), Shove Slipped! (fouler finished), Smash/Kerrunch! Got Them!
    /// (target Injured). Get the Ref! turns Spotted! into Slipped! and Take That! into Got Them!.
    pub(crate) fn start_foul(&mut self, fouler: PlayerId, target: PlayerId) {
        let coach = self.g.player(fouler).side;
        if coach == self.active() {
            self.g.record.target = Some(target);
        }
        let face = BlockFace::from_index(self.roll(Die::Block));
        self.emit(Event::Rolled(Roll {
            purpose: RollPurpose::Foul,
            coach: Some(coach),
            die: Die::Block,
            faces: vec![face.index()],
            target: None,
            modifier: 0,
            success: None,
            reroll: false,
        }));
        let violent = if self.g.player(fouler).has(Ability::Violent) {
            let v = self.roll(Die::D6);
            self.emit_roll(RollPurpose::Violent, Some(coach), Die::D6, v);
            v == 6
        } else {
            false
        };
        if violent {
            self.injure(target);
        } else {
            let face = if self.g.persistent.get_the_ref {
                match face {
                    BlockFace::Miss => BlockFace::Shove,
                    BlockFace::Tackle => BlockFace::Smash,
                    f => f,
                }
            } else {
                face
            };
            match face {
                BlockFace::Miss => self.eject(fouler),
                BlockFace::Tackle => {
                    self.injure(target);
                    self.eject(fouler);
                }
                BlockFace::Shove => self.finish_player(fouler),
                BlockFace::Smash | BlockFace::Kerrunch => self.injure(target),
            }
        }
        self.after(fouler);
    }

    /// Sent off by a Foul: a held ball bounces first (G35), then to the dugout.
    fn eject(&mut self, p: PlayerId) {
        if let (Some(ball), Some(sq)) = (self.g.ball_held_by(p), self.g.player(p).square()) {
            self.g.player_mut(p).place = Place::Reserves;
            self.bounce(ball, sq);
        } else {
            self.g.player_mut(p).place = Place::Reserves;
        }
        self.emit(Event::Ejected { player: p });
    }

    /// Bloodlust (§5.4, G38): after the Claim step of its Block, any final die showing Miss
    /// injures the player (a Minion team-mate adjacent may take its place).
    pub(crate) fn bloodlust(&mut self, p: PlayerId) -> Flow {
        let missed = self.g.record.block_faces.contains(&BlockFace::Miss);
        if !missed || self.g.player(p).place == Place::Reserves {
            return Flow::Continue;
        }
        let side = self.g.player(p).side;
        let has_minion = self.minions_for(p).next().is_some();
        if has_minion {
            self.push(Frame::Bloodlust(p));
            return wait(side, PromptKind::Minion { bloodlusted: p });
        }
        self.injure(p);
        Flow::Continue
    }

    pub(crate) fn minions_for(&self, p: PlayerId) -> impl Iterator<Item = &Player> + '_ {
        let pl = *self.g.player(p);
        let sq = pl.square();
        self.g.players.iter().filter(move |m| {
            m.side == pl.side
                && m.id != p
                && m.has(Ability::Minion)
                && matches!((m.square(), sq), (Some(a), Some(b)) if a.is_adjacent(b))
        })
    }
}
