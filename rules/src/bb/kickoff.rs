//! Set-up (§5), the kick-off (§6) and the kick-off table (§7).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use super::data::*;
use super::flow::{Arrival, Ctx, Frame, Hurt};
use super::state::*;
use super::wire::*;
use crate::core::engine::Flow;
use crate::core::{Die, Side, Square};

/// The formations' squares for Home (Away mirrors `x`), in placing order: line of
/// scrimmage first (§5.2: at least 3 there), at most 2 per wide zone.
fn formation_squares(f: Formation) -> [(i8, i8); 11] {
    match f {
        Formation::Standard => [
            (12, 6),
            (12, 7),
            (12, 8),
            (10, 5),
            (10, 9),
            (9, 7),
            (10, 3),
            (10, 11),
            (7, 6),
            (7, 8),
            (4, 7),
        ],
        Formation::Wall => [
            (12, 4),
            (12, 5),
            (12, 6),
            (12, 7),
            (12, 8),
            (12, 9),
            (12, 10),
            (10, 6),
            (10, 8),
            (7, 7),
            (4, 7),
        ],
        Formation::Spread => [
            (12, 6),
            (12, 7),
            (12, 8),
            (11, 2),
            (11, 12),
            (8, 1),
            (8, 13),
            (9, 5),
            (9, 9),
            (6, 7),
            (3, 7),
        ],
    }
}

pub fn mirror(side: Side, (x, y): (i8, i8)) -> Square {
    match side {
        Side::Home => Square::new(x, y),
        Side::Away => Square::new(LENGTH - 1 - x, y),
    }
}

/// Counts of a side's formation: on the pitch, on the line, in each wide zone.
#[derive(Clone, Copy, Debug, Default)]
pub struct FormationCount {
    pub placed: u8,
    pub los: u8,
    pub wide: [u8; 2],
}

impl Ctx<'_> {
    /// §5.2: how many players `side` must field: 11, or all it has (Perfect Defence: the
    /// players already on the pitch).
    pub fn setup_needed(&self, side: Side, perfect_defence: bool) -> u8 {
        setup_needed(self.g, side, perfect_defence)
    }

    pub(crate) fn setup_answer(
        &mut self,
        side: Side,
        perfect_defence: bool,
        picked: Option<PlayerId>,
        cmd: Command,
    ) {
        let again = |picked| Frame::Setup {
            side,
            perfect_defence,
            picked,
        };
        match cmd {
            Command::SetupPick { player } => self.push(again(Some(player))),
            Command::SetupPlace { square } => {
                if let Some(p) = picked {
                    self.place(p, square);
                }
                self.push(again(None));
            }
            Command::SetupBench => {
                if let Some(p) = picked {
                    self.set_state(p, PlayerState::Reserve);
                    self.g.players[p.index()].in_drive = false;
                }
                self.push(again(None));
            }
            Command::SetupFormation { formation } => {
                self.formation(side, perfect_defence, formation);
                self.push(again(None));
            }
            Command::SetupDone => {}
            _ => self.push(again(picked)),
        }
    }

    fn place(&mut self, p: PlayerId, square: Square) {
        let pl = self.g.player(p);
        if pl.square().is_some() {
            self.move_player(p, square);
        } else {
            self.set_state(p, PlayerState::Standing { square });
        }
        self.g.players[p.index()].in_drive = true;
    }

    /// Place the whole team in `formation` (§5.2): the players on the pitch first, then
    /// Reserves by number order, until the number needed is placed.
    fn formation(&mut self, side: Side, perfect_defence: bool, formation: Formation) {
        let needed = usize::from(self.setup_needed(side, perfect_defence));
        let mut chosen: Vec<PlayerId> = self.g.on_pitch(side).map(|p| p.id).collect();
        if !perfect_defence {
            for p in self.g.players.iter() {
                // §31.9 I am the Greatest: never both of the pair.
                let pair = self.g.cards.greatest_pair[side.index()];
                let mate =
                    pair.and_then(|(a, b)| (p.id == a).then_some(b).or((p.id == b).then_some(a)));
                if p.side == side
                    && p.state == PlayerState::Reserve
                    && !mate.is_some_and(|m| chosen.contains(&m))
                {
                    chosen.push(p.id);
                }
            }
        }
        chosen.truncate(needed);
        // Clear the side's players first so the squares are free.
        let on: Vec<PlayerId> = self.g.on_pitch(side).map(|p| p.id).collect();
        for p in on {
            self.g.set_state(p, PlayerState::Reserve);
        }
        for (p, sq) in chosen.iter().zip(formation_squares(formation)) {
            let square = mirror(side, sq);
            self.g.set_state(*p, PlayerState::Standing { square });
            self.g.players[p.index()].in_drive = true;
        }
        // Report every player of the side as he now stands.
        for i in 0..self.g.players.len() {
            let pl = &self.g.players[i];
            if pl.side == side
                && matches!(
                    pl.state,
                    PlayerState::Reserve | PlayerState::Standing { .. }
                )
            {
                let (id, state) = (pl.id, pl.state);
                self.emit(Event::PlayerState { player: id, state });
            }
        }
    }

    /// §6.1: the kick: D8 direction and D6 distance (G33: a line crossing the edge is out),
    /// then the kick-off table (§7), then the landing.
    pub(crate) fn kick(&mut self, aimed: Square) {
        let kicking = self.g.kicking;
        if let Some((_, toward)) = self.g.cards.perfect_kick.take() {
            // §31.11 Perfect Kick (G132): three bounces of one square each on the
            // throw-in template aimed at `toward` (D6: 1–2 and 5–6 the diagonals, 3–4 the
            // centre arrow) replace the scatter; off the pitch, the kick is out.
            self.g.cards.badyear = false;
            let (ix, iy) = toward.step();
            let mut sq = aimed;
            let mut out = false;
            for _ in 0..3 {
                let dir = self.roll(RollPurpose::ThrowInDirection, Some(kicking), Die::D6);
                let (dx, dy) = match (dir, ix != 0) {
                    (1 | 2, true) => (ix, -1),
                    (5 | 6, true) => (ix, 1),
                    (1 | 2, false) => (-1, iy),
                    (5 | 6, false) => (1, iy),
                    _ => (ix, iy),
                };
                sq = sq.offset(dx, dy);
                if !on_pitch(sq) {
                    out = true;
                    break;
                }
            }
            self.kick_landed(aimed, sq, out);
            return;
        }
        let dir = self.roll(RollPurpose::KickDirection, Some(kicking), Die::D8);
        let dist = if std::mem::take(&mut self.g.cards.badyear) {
            // §31.10 Badyear Git: 2D6 squares this kick-off.
            let [a, b] = self.roll2(RollPurpose::KickDistance, Some(kicking));
            a + b
        } else {
            self.roll(RollPurpose::KickDistance, Some(kicking), Die::D6)
        };
        if let Some(kicker) = self.kicker()
            && dist / 2 != dist
        {
            // §26.56 Kick: the kicking coach may halve the distance.
            self.push(Frame::KickSkill {
                kicker,
                aimed,
                dir,
                dist,
            });
            return;
        }
        self.kick_lands(aimed, dir, dist);
    }

    /// §6.1: the kick scatters `dist` squares in direction `dir`, then the kick-off table.
    pub(crate) fn kick_lands(&mut self, aimed: Square, dir: u16, dist: u16) {
        let (dx, dy) = SCATTER[usize::from(dir - 1)];
        let mut sq = aimed;
        let mut out = false;
        for _ in 0..dist {
            sq = sq.offset(dx, dy);
            if !on_pitch(sq) {
                out = true;
                break;
            }
        }
        self.kick_landed(aimed, sq, out);
    }

    /// §6.1: the kick aimed at `aimed` comes down over `sq` (`out`: it left the pitch).
    fn kick_landed(&mut self, aimed: Square, sq: Square, out: bool) {
        self.g.kick_out = out;
        self.emit(Event::Kick { aimed, lands: sq });
        self.set_ball(Ball::InAir { square: sq });
        let receiving = self.g.kicking.other();
        if self.cards_held(receiving) {
            // §31.3: the receiving coach's moment after the scatter.
            self.push(Frame::KickScattered { lands: sq });
            self.card_moment(super::cards::Window::ReceivingAfterScatter, &[receiving]);
            return;
        }
        self.kick_scattered(sq);
    }

    /// §26.57, §7: the kick has scattered to `sq`: Kick-Off Return, then the kick-off table.
    pub(crate) fn kick_scattered(&mut self, sq: Square) {
        let out = self.g.kick_out;
        if !out
            && in_half(self.g.kicking.other(), sq)
            && super::skills_a::kick_off_returners(self.g).next().is_some()
        {
            // §26.57 Kick-Off Return: after the scatter, before the kick-off table.
            self.push(Frame::KickOffReturn {
                lands: sq,
                player: None,
                left: 3,
            });
            return;
        }
        self.kick_table(sq);
    }

    /// §7: the kick-off table, while the ball is in the air over `sq`.
    pub(crate) fn kick_table(&mut self, sq: Square) {
        let [a, b] = self.roll2(RollPurpose::KickOffTable, None);
        let result = kick_off_result(a + b);
        self.emit(Event::KickOff { result });
        self.kick_off_result(result, sq);
    }

    /// §7: resolve a kick-off result while the ball is in the air.
    fn kick_off_result(&mut self, result: KickOffResult, lands: Square) {
        let kicking = self.g.kicking;
        let receiving = kicking.other();
        match result {
            KickOffResult::GetTheRef => {
                for side in Side::BOTH {
                    self.g.teams[side.index()].bribes += 1;
                    let bribes = self.g.team(side).bribes;
                    self.emit(Event::Bribes { side, bribes });
                }
            }
            KickOffResult::Riot => {
                // G7, G29: the receiving team's turns decide; clamp to 0..=8.
                let turns = self.g.team(receiving).turns;
                let forward = match turns {
                    7 => false,
                    0 => true,
                    _ => self.roll(RollPurpose::Riot, None, Die::D6) <= 3,
                };
                for t in self.g.teams.iter_mut() {
                    t.turns = if forward {
                        (t.turns + 1).min(8)
                    } else {
                        t.turns.saturating_sub(1)
                    };
                }
                self.emit_markers();
            }
            KickOffResult::PerfectDefence => self.push(Frame::Setup {
                side: kicking,
                perfect_defence: true,
                picked: None,
            }),
            KickOffResult::HighKick => {
                // G12: only onto an empty square of the receiving half.
                if on_pitch(lands) && in_half(receiving, lands) && self.g.at(lands).is_none() {
                    let any = self.high_kick_candidates(lands).next().is_some();
                    if any && !self.g.kick_out {
                        self.push(Frame::HighKick { square: lands });
                    }
                }
            }
            KickOffResult::CheeringFans | KickOffResult::BrilliantCoaching => {
                let purpose = if result == KickOffResult::CheeringFans {
                    RollPurpose::CheeringFans
                } else {
                    RollPurpose::BrilliantCoaching
                };
                let mut totals = [0u8; 2];
                for side in Side::BOTH {
                    let t = self.g.team(side);
                    let extra = if result == KickOffResult::CheeringFans {
                        t.cheerleaders
                    } else {
                        t.assistant_coaches
                    };
                    let fame = self.cards_kick_off_fame(side, true);
                    totals[side.index()] = self.d3(purpose, Some(side)) + fame + extra;
                    if self.cards_babe(side) {
                        // §31.10 That Babe's Got Talent!: she wins it.
                        totals[side.index()] = u8::MAX;
                    }
                }
                for side in Side::BOTH {
                    if totals[side.index()] >= totals[side.other().index()] {
                        self.g.teams[side.index()].rerolls += 1;
                        self.emit_rerolls(side);
                    }
                }
            }
            KickOffResult::ChangingWeather => {
                let [a, b] = self.roll2(RollPurpose::Weather, None);
                self.g.weather = weather(a + b);
                self.emit(Event::Weather {
                    weather: self.g.weather,
                });
                if self.g.weather == Weather::Nice && !self.g.kick_out {
                    let dir = self.roll(RollPurpose::Scatter, None, Die::D8);
                    let (dx, dy) = SCATTER[usize::from(dir - 1)];
                    let sq = lands.offset(dx, dy);
                    if !on_pitch(sq) {
                        self.g.kick_out = true;
                    }
                    self.set_ball(Ball::InAir { square: sq });
                }
            }
            KickOffResult::QuickSnap => self.push(Frame::QuickSnap { moved: 0 }),
            KickOffResult::Blitz => self.push(Frame::BonusTurn),
            KickOffResult::ThrowARock => {
                let mut totals = [0u8; 2];
                for side in Side::BOTH {
                    let fame = self.cards_kick_off_fame(side, false);
                    totals[side.index()] =
                        self.roll(RollPurpose::ThrowARock, Some(side), Die::D6) as u8 + fame;
                }
                for side in Side::BOTH {
                    // The fans of the higher roller throw at an opponent; ties: both.
                    if totals[side.index()] >= totals[side.other().index()] {
                        let targets: Vec<PlayerId> =
                            self.g.on_pitch(side.other()).map(|p| p.id).collect();
                        if !targets.is_empty() {
                            let victim = targets[self.pick(targets.len())];
                            let square = self.g.player(victim).square();
                            self.push(Frame::Injury {
                                player: victim,
                                hurt: Hurt::plain(Cause::Rock, None),
                                crowd: false,
                                square,
                            });
                        }
                    }
                }
            }
            KickOffResult::PitchInvasion => {
                for side in Side::BOTH {
                    let fame = self.cards_kick_off_fame(side, false);
                    let victims: Vec<PlayerId> =
                        self.g.on_pitch(side.other()).map(|p| p.id).collect();
                    for v in victims {
                        let face = self.roll(RollPurpose::PitchInvasion, Some(side), Die::D6);
                        if face != 1 && face as u8 + fame >= 6 {
                            let Some(square) = self.g.player(v).square() else {
                                continue;
                            };
                            if self.g.player(v).has(Skill::BallAndChain) {
                                // §7, §26.2: a Ball & Chain player is KO'd instead.
                                self.set_state(v, PlayerState::KnockedOut);
                            } else {
                                self.set_state(v, PlayerState::Stunned { square });
                                self.g.players[v.index()].stunned_this_turn = false;
                            }
                        }
                    }
                }
            }
        }
    }

    /// §7 High Kick: receiving players standing, not in an opposing tackle zone.
    pub fn high_kick_candidates(&self, _lands: Square) -> impl Iterator<Item = PlayerId> + '_ {
        let receiving = self.g.kicking.other();
        high_kick_candidates(self.g, receiving)
    }

    /// §6.2, G28, G34: the kick lands: out of the pitch or the receiving half is a
    /// touchback; a standing player must catch; else it bounces.
    pub(crate) fn land_kick(&mut self) -> Flow<Prompt, Command> {
        let Ball::InAir { square } = self.g.ball else {
            return Flow::Continue;
        };
        let receiving = self.g.kicking.other();
        if self.g.kick_out || !on_pitch(square) || !in_half(receiving, square) {
            self.g.kick_out = false;
            self.award_touchback();
            return Flow::Continue;
        }
        self.push(Frame::Land {
            square,
            arrival: Arrival::Kick,
        });
        Flow::Continue
    }

    /// §6.2: a touchback.
    pub fn award_touchback(&mut self) {
        let receiving = self.g.kicking.other();
        self.emit(Event::TouchbackAwarded { side: receiving });
        if self.g.on_pitch(receiving).next().is_some() {
            self.push(Frame::Touchback);
        } else {
            // G11: no player on the pitch: the ball goes to the centre of the receiving
            // half [Proposal: the engine places it].
            let square = mirror(receiving, (6, 7));
            self.set_ball(Ball::Ground { square });
        }
    }

    /// §6.2, G11: the touchback goes to a standing player; a player down drops it.
    pub(crate) fn touchback(&mut self, player: PlayerId) {
        let p = self.g.player(player);
        let Some(square) = p.square() else { return };
        if p.standing() && !p.has(Skill::NoHands) {
            self.set_ball(Ball::Held { player });
        } else {
            self.set_ball(Ball::Ground { square });
            self.push(Frame::Bounce {
                from: square,
                kick: false,
            });
        }
    }
}

/// §5.2: how many players `side` must field.
pub fn setup_needed(g: &Game, side: Side, perfect_defence: bool) -> u8 {
    let on = g.on_pitch(side).count();
    if perfect_defence {
        return on as u8;
    }
    let reserves = g
        .players
        .iter()
        .filter(|p| p.side == side && p.state == PlayerState::Reserve)
        .count()
        - super::cards::held_back(g, side);
    (on + reserves).min(MAX_ON_PITCH) as u8
}

/// The counts of `side`'s formation, without `except`.
pub fn formation_count(g: &Game, side: Side, except: Option<PlayerId>) -> FormationCount {
    let mut c = FormationCount::default();
    for p in g.on_pitch(side) {
        if Some(p.id) == except {
            continue;
        }
        let Some(sq) = p.square() else { continue };
        c.placed += 1;
        if let Some(w) = wide_zone(sq) {
            c.wide[w] += 1;
        } else if sq.x == los_x(side) {
            c.los += 1;
        }
    }
    c
}

/// §5.2: is the formation legal? `needed` on the pitch, at least 3 (or all) on the line,
/// at most 2 per wide zone (own half by construction).
pub fn formation_legal(g: &Game, side: Side, needed: u8) -> bool {
    let c = formation_count(g, side, None);
    c.placed == needed && c.los >= needed.min(3) && c.wide[0] <= 2 && c.wide[1] <= 2
}

/// §5.2: may `player` (picked) go to `sq` so that the formation can still be completed?
pub fn placement_ok(g: &Game, side: Side, needed: u8, player: PlayerId, sq: Square) -> bool {
    if !on_pitch(sq) || !in_half(side, sq) {
        return false;
    }
    if let Some(o) = g.at(sq)
        && o != player
    {
        return false;
    }
    let mut c = formation_count(g, side, Some(player));
    c.placed += 1;
    if let Some(w) = wide_zone(sq) {
        c.wide[w] += 1;
        if c.wide[w] > 2 {
            return false;
        }
    } else if sq.x == los_x(side) {
        c.los += 1;
    }
    if c.placed > needed {
        return false;
    }
    let short = needed.min(3).saturating_sub(c.los);
    short <= needed - c.placed
}

/// §7 High Kick: the receiving players who may move under the ball.
pub fn high_kick_candidates(g: &Game, receiving: Side) -> impl Iterator<Item = PlayerId> + '_ {
    g.players.iter().filter_map(move |p| {
        let sq = p.square()?;
        (p.side == receiving && p.standing() && g.tackle_zones(receiving, sq, None) == 0)
            .then_some(p.id)
    })
}
