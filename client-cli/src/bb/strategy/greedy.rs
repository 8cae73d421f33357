//! A greedy Blood Bowl bot: one Action at a time, chosen by a fixed order of priorities, each
//! scored from the seat's own view with the dice odds of LRB6.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.
//!
//! At its Action prompt the bot takes the first of these that is worth it:
//!
//! 1. **Score**: its ball carrier walks into the end zone (at least even odds, any odds on
//!    the team's last turn of the half).
//! 2. **Block with good odds**: a standing player in contact blocks with two or three dice
//!    of its own choosing (the Block skill first: fewer turnovers); against the ball carrier
//!    one die will do.
//! 3. **Blitz the ball carrier**: the player with the best odds of reaching and knocking
//!    down the opposing carrier.
//! 4. **Pick the ball up**: the player with the best odds of reaching it and picking it up
//!    (Sure Hands counted), then carrying it to a safe square.
//! 5. **Advance the carrier**: to the square furthest up the pitch reached without a dodge
//!    or a Go For It, away from tackle zones and among team-mates.
//! 6. **Support**: players moving without any roll to the corners of a cage around the
//!    carrier, else to screen ahead of it; on defence to mark the opposing carrier and stand
//!    between it and the end zone; with the ball loose, towards it.
//! 7. **Blitz** anyone else with two dice, **foul** a downed opponent when the armour is
//!    likely to break, a one-die block by a Block player on one without it.
//! 8. End the turn.
//!
//! During an Action it walks the safest path (the product of its dodge, Go For It and
//! pick-up odds, computed over the reachable squares) to the square its plan named. Re-rolls:
//! skill re-rolls and Pro always, the team re-roll for the ball, dodges, Go For Its, passes
//! and blocks whose dice are all bad. Block dice: the best face for its side (the worst for
//! the attacker when the defender's coach chooses). Set-up: the engine's named formations
//! (spread when kicking, standard when receiving); kicks go deep into the middle; it always
//! receives, intercepts, bribes, uses the apothecary on a casualty and never concedes.

use dugout_rules::bb::data::agility_target;
use dugout_rules::bb::state::{LENGTH, WIDTH, los_x, on_pitch, scoring_end_zone};
use dugout_rules::bb::{
    ActionKind, Ball, BlockFace, CheckKind, Command, Event, Formation, GameView, InjuryOutcome,
    PlayerId, PlayerState, PlayerView, PromptKind, RerollSource, Skill, Weather,
};
use dugout_rules::core::{ChaChaDice, DiceSource, Die, Side, Square};

use super::Strategy;

/// What the player whose Action is under way is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    /// Walk to this square and end the Action.
    To(Square),
    /// Walk to the ball and pick it up, then carry it to safety.
    PickUp,
    /// Holding the ball: walk to the safest square up the pitch.
    Carry,
    /// Walk next to this opponent (to this square) and block him (a Blitz).
    Blitz(PlayerId, Square),
    /// Walk next to this opponent (to this square) and foul him.
    Foul(PlayerId, Square),
    /// Nothing more to do: end the Action.
    Done,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Plan {
    player: PlayerId,
    goal: Goal,
}

/// The greedy Blood Bowl bot (see the module docs).
#[derive(Clone, Debug)]
pub struct GreedyStrategy {
    /// Varies where kicks are aimed.
    dice: ChaChaDice,
    plan: Option<Plan>,
    /// Set-up commands sent in the current set-up (a formation first; bounded fallback).
    setup_steps: u32,
}

impl GreedyStrategy {
    pub fn new(seed: u64) -> GreedyStrategy {
        GreedyStrategy {
            dice: ChaChaDice::from_u64(seed),
            plan: None,
            setup_steps: 0,
        }
    }
}

impl Strategy for GreedyStrategy {
    fn choose(&mut self, view: &GameView, legal: &[Command]) -> Command {
        let Some(me) = view.prompt.coach else {
            return fallback(legal);
        };
        if !matches!(view.prompt.kind, PromptKind::Setup { .. }) {
            self.setup_steps = 0;
        }
        let b = Board::new(view, me);
        let cmd = match &view.prompt.kind {
            PromptKind::ChooseKicking => Some(Command::ChooseKicking { kick: false }),
            PromptKind::Setup { picked, .. } => self.setup(&b, *picked, legal),
            PromptKind::PlaceKick => {
                let y = WIDTH / 2 - 2 + self.dice.roll(Die::Range(5)) as i8;
                place_kick(&b, y, legal)
            }
            PromptKind::Touchback => touchback(&b, legal),
            PromptKind::HighKick { .. } => high_kick(&b, legal),
            PromptKind::QuickSnap => Some(Command::Done),
            PromptKind::Action { .. } => {
                self.plan = None;
                Some(self.action(&b, legal))
            }
            PromptKind::Acting { player, .. } => self.acting(&b, *player, legal),
            PromptKind::Reroll {
                check,
                faces,
                sources,
                player,
                ..
            } => reroll(&b, *player, *check, faces, sources),
            PromptKind::BlockDice {
                attacker,
                defender,
                dice,
            } => block_die(&b, *attacker, *defender, dice),
            PromptKind::Push { player } => push(&b, *player, legal),
            PromptKind::FollowUp { player, .. } => Some(Command::FollowUp {
                follow: b.carrier().is_none_or(|c| c.id != *player),
            }),
            PromptKind::Intercept { candidates } => candidates
                .iter()
                .filter_map(|id| b.player(*id))
                .max_by_key(|p| p.ag)
                .map(|p| Command::Intercept { player: p.id }),
            PromptKind::Apothecary { injury, .. } => Some(Command::Apothecary {
                use_it: *injury == InjuryOutcome::Casualty,
            }),
            PromptKind::Bribe { .. } => Some(Command::Bribe { use_it: true }),
            // A bomb on one of ours (or one of theirs): let it go off rather than hold it.
            PromptKind::CatchBomb { .. } => Some(Command::CatchBomb { catch: false }),
            // A caught bomb must be thrown on: at the square with the most standing
            // opponents around it and the fewest of ours.
            PromptKind::ThrowBomb { .. } => bomb_target(&b, legal),
            PromptKind::UseSkill { skill, .. } => Some(Command::UseSkill {
                skill: *skill,
                use_it: true,
            }),
            // §26.45, §26.57: keep the ball; stay put (the fallback is safe).
            PromptKind::DumpOff { .. } => Some(Command::Decline),
            PromptKind::KickOffReturn { .. } | PromptKind::PassBlock { .. } => Some(Command::Done),
            // §32.4: keeps its gold in the treasury (it buys no inducements anyway).
            PromptKind::PettyCash { .. } => Some(Command::PettyCash { amount: 0 }),
            // §30: buys nothing (the money is lost), uses Igor, keeps the Wizard's spell.
            PromptKind::Inducements { .. } | PromptKind::CardGold { .. } => {
                Some(Command::DoneInducing)
            }
            PromptKind::Igor { .. } => Some(Command::Igor { use_it: true }),
            PromptKind::Wizard => Some(Command::Decline),
            PromptKind::PlayCard { .. } => Some(Command::NoCard),
            // §31.10 Fanatic Invasion: leave the neutral Fanatic where he stands.
            PromptKind::FanaticMove { .. } => Some(Command::EndAction),
            // §31.11 Fumblerooski: always roll; §31.10 Hometown Fans: straight in.
            PromptKind::FailOnPurpose { .. } => Some(Command::FailOnPurpose { fail: false }),
            PromptKind::ThrowInAim { .. } => legal.get(legal.len() / 2).copied(),
            PromptKind::GameOver => None,
            // A hungry Vampire bites a Thrall: one lying down rather than one standing.
            PromptKind::Feed { thralls, .. } => thralls
                .iter()
                .filter_map(|id| b.player(*id))
                .min_by_key(|p| standing(p))
                .map(|p| Command::Bite { thrall: p.id }),
        };
        match cmd {
            Some(c) if legal.contains(&c) => c,
            _ => fallback(legal),
        }
    }

    fn observe(&mut self, events: &[Event]) {
        for e in events {
            if let Event::TurnEnded { .. } | Event::ActionEnded { .. } = e {
                self.plan = None;
            }
        }
    }
}

/// The answer when nothing better is found: end the Action or the turn, decline, else the
/// first legal command that is not a concession.
fn fallback(legal: &[Command]) -> Command {
    for c in [Command::EndAction, Command::EndTurn, Command::Decline] {
        if legal.contains(&c) {
            return c;
        }
    }
    legal
        .iter()
        .copied()
        .find(|c| *c != Command::Concede)
        .or_else(|| legal.first().copied())
        .unwrap_or(Command::EndTurn)
}

/// Where to throw a bomb on: the legal target with the most standing opponents on or next to
/// it, less our own players there (§26.4: the square's player is knocked down, the
/// adjacent ones on 4+).
fn bomb_target(b: &Board, legal: &[Command]) -> Option<Command> {
    legal
        .iter()
        .filter_map(|c| match c {
            Command::Pass { target } => Some((*c, *target)),
            _ => None,
        })
        .max_by_key(|(_, t)| {
            let around = std::iter::once(*t).chain(t.neighbours());
            around
                .filter_map(|sq| b.occupant(sq))
                .filter(|p| standing(p))
                .map(|p| if p.side == b.me { -2i32 } else { 1 })
                .sum::<i32>()
        })
        .map(|(c, _)| c)
}

/// The probability a D6 roll of `target`+ succeeds (a 1 always fails, a 6 always succeeds).
fn p_roll(target: i16) -> f64 {
    f64::from(7 - target.clamp(2, 6) as i32) / 6.0
}

/// With a re-roll of a failed roll.
fn with_reroll(p: f64) -> f64 {
    1.0 - (1.0 - p) * (1.0 - p)
}

/// The pitch as one seat sees it.
struct Board<'a> {
    v: &'a GameView,
    me: Side,
    /// The index into `v.players` of the player on each square (by [`idx`]).
    at: Vec<Option<usize>>,
}

impl<'a> Board<'a> {
    fn new(v: &'a GameView, me: Side) -> Board<'a> {
        let mut at = vec![None; SQUARES];
        for (i, p) in v.players.iter().enumerate() {
            if let Some(j) = p.state.square().and_then(idx) {
                at[j] = Some(i);
            }
        }
        Board { v, me, at }
    }

    fn player(&self, id: PlayerId) -> Option<&'a PlayerView> {
        self.v.players.iter().find(|p| p.id == id)
    }

    fn occupant(&self, sq: Square) -> Option<&'a PlayerView> {
        let i = (*self.at.get(idx(sq)?)?)?;
        self.v.players.get(i)
    }

    /// Tackle zones on `sq` of `side`'s opponents, not counting `except`.
    fn tz(&self, side: Side, sq: Square, except: Option<PlayerId>) -> i16 {
        sq.neighbours()
            .filter_map(|n| self.occupant(n))
            .filter(|p| p.side != side && has_tz(p) && Some(p.id) != except)
            .count() as i16
    }

    /// The player holding the ball.
    fn carrier(&self) -> Option<&'a PlayerView> {
        match self.v.ball {
            Ball::Held { player } => self.player(player),
            _ => None,
        }
    }

    /// The ball on the ground, to pick up.
    fn loose_ball(&self) -> Option<Square> {
        match self.v.ball {
            Ball::Ground { square } => Some(square),
            _ => None,
        }
    }

    fn mine(&self) -> impl Iterator<Item = &'a PlayerView> + '_ {
        self.v.players.iter().filter(move |p| p.side == self.me)
    }

    fn theirs(&self) -> impl Iterator<Item = &'a PlayerView> + '_ {
        self.v.players.iter().filter(move |p| p.side != self.me)
    }

    /// Squares up the pitch for `side` (towards the end zone it scores in).
    fn forward(side: Side) -> i8 {
        if scoring_end_zone(side) > 0 { 1 } else { -1 }
    }

    /// Squares still to go from `sq` to `side`'s scoring end zone.
    fn to_go(side: Side, sq: Square) -> i16 {
        i16::from((scoring_end_zone(side) - sq.x).abs())
    }

    fn gfi_p(&self) -> f64 {
        if self.v.weather == Weather::Blizzard {
            p_roll(3)
        } else {
            p_roll(2)
        }
    }

    /// Block dice for `attacker` standing on `from` against `defender`: positive, the
    /// attacker's coach chooses among that many; negative, the defender's coach does.
    fn block_dice(&self, attacker: &PlayerView, from: Square, defender: &PlayerView) -> i8 {
        let Some(dsq) = defender.state.square() else {
            return 0;
        };
        // Assists (§11.3): standing team-mates with a tackle zone on the other player's
        // square, themselves free of other opposing tackle zones.
        let att_assists = dsq
            .neighbours()
            .filter(|&n| n != from)
            .filter_map(|n| self.occupant(n))
            .filter(|p| p.side == attacker.side && p.id != attacker.id && has_tz(p))
            .filter(|p| {
                p.state
                    .square()
                    .is_some_and(|sq| self.tz(p.side, sq, Some(defender.id)) == 0)
            })
            .count() as i16;
        let def_assists = from
            .neighbours()
            .filter(|&n| n != dsq)
            .filter_map(|n| self.occupant(n))
            .filter(|p| p.side == defender.side && p.id != defender.id && has_tz(p))
            .filter(|p| {
                p.state.square().is_some_and(|sq| {
                    // The attacker's own tackle zone on the helper does not count.
                    let others = sq
                        .neighbours()
                        .filter_map(|n| self.occupant(n))
                        .filter(|o| {
                            o.side != p.side && has_tz(o) && o.id != attacker.id && {
                                o.state.square() != Some(from)
                            }
                        })
                        .count();
                    others == 0
                })
            })
            .count() as i16;
        let a = i16::from(attacker.st) + att_assists;
        let d = i16::from(defender.st) + def_assists;
        if a > 2 * d {
            3
        } else if a > d {
            2
        } else if a == d {
            1
        } else if d > 2 * a {
            -3
        } else {
            -2
        }
    }

    /// (chance the defender goes down, chance the attacker's team suffers a turnover) of a
    /// block with `dice` (see [`Board::block_dice`]).
    fn block_odds(attacker: &PlayerView, defender: &PlayerView, dice: i8) -> (f64, f64) {
        let att_block = has(attacker, Skill::Block);
        let def_block = has(defender, Skill::Block);
        let stumbles = !has(defender, Skill::Dodge) || has(attacker, Skill::Tackle);
        // One die's faces: Attacker Down, Both Down, Pushed x2, Stumbles, Defender Down.
        let mut good: f64 = 1.0 / 6.0;
        if stumbles {
            good += 1.0 / 6.0;
        }
        let mut bad: f64 = 1.0 / 6.0;
        if att_block && !def_block {
            good += 1.0 / 6.0;
        } else if !att_block {
            bad += 1.0 / 6.0;
        }
        let n = i32::from(dice.unsigned_abs().max(1));
        if dice > 0 {
            (1.0 - (1.0 - good).powi(n), bad.powi(n))
        } else {
            (good.powi(n), 1.0 - (1.0 - bad).powi(n))
        }
    }
}

fn has(p: &PlayerView, s: Skill) -> bool {
    p.skills.contains(&s)
}

fn has_tz(p: &PlayerView) -> bool {
    matches!(p.state, PlayerState::Standing { .. }) && !p.confused
}

fn standing(p: &PlayerView) -> bool {
    matches!(p.state, PlayerState::Standing { .. })
}

/// The index of an on-pitch square.
fn idx(sq: Square) -> Option<usize> {
    on_pitch(sq).then(|| sq.y as usize * LENGTH as usize + sq.x as usize)
}

/// The square of an index.
fn square_at(i: usize) -> Square {
    Square::new((i % LENGTH as usize) as i8, (i / LENGTH as usize) as i8)
}

const SQUARES: usize = (LENGTH as usize) * (WIDTH as usize);

/// Every square a player can reach this Action, with the safest way there.
struct Reach {
    /// Per step count k: the best probability of standing on each square after exactly k
    /// steps, and the square it came from.
    layers: Vec<(Vec<f64>, Vec<usize>)>,
    /// Per square: the best probability over all step counts, and the fewest steps giving it.
    best: Vec<(f64, usize)>,
}

impl Reach {
    /// From `from` with `ma` normal squares and `gfi` Go For Its left. `pick_up`: the ball's
    /// square may be entered (ending there, with the pick-up roll); else it is avoided.
    fn new(b: &Board, mover: &PlayerView, from: Square, ma: u8, gfi: u8, pick_up: bool) -> Reach {
        let steps = usize::from(ma) + usize::from(gfi);
        let ball = b.loose_ball();
        let dodge_target = i16::from(agility_target(mover.ag)) - 1;
        let stunty = has(mover, Skill::Stunty);
        let dodge_skill = has(mover, Skill::Dodge);
        let sure_hands = has(mover, Skill::SureHands);
        let gfi_p = b.gfi_p();
        let mut best = vec![(0.0, usize::MAX); SQUARES];
        let mut layers = Vec::with_capacity(steps + 1);
        let mut p0 = vec![0.0; SQUARES];
        let Some(start) = idx(from) else {
            return Reach { layers, best };
        };
        p0[start] = 1.0;
        best[start] = (1.0, 0);
        layers.push((p0, vec![usize::MAX; SQUARES]));
        for k in 0..steps {
            let mut next = vec![0.0; SQUARES];
            let mut prev = vec![usize::MAX; SQUARES];
            let cur = &layers[k].0;
            for (i, &p) in cur.iter().enumerate() {
                if p <= 0.0 {
                    continue;
                }
                let sq = square_at(i);
                // A square where the ball was picked up ends the walk's planning.
                if Some(sq) == ball && sq != from {
                    continue;
                }
                let leaving_tz = b.tz(mover.side, sq, None) > 0;
                for n in sq.neighbours() {
                    let Some(j) = idx(n) else {
                        continue;
                    };
                    if n == from || b.occupant(n).is_some_and(|o| o.id != mover.id) {
                        continue;
                    }
                    if Some(n) == ball && !pick_up {
                        continue;
                    }
                    let mut q = p;
                    if leaving_tz {
                        let tz = if stunty { 0 } else { b.tz(mover.side, n, None) };
                        let d = p_roll(dodge_target + tz);
                        q *= if dodge_skill { with_reroll(d) } else { d };
                    }
                    if k >= usize::from(ma) {
                        q *= gfi_p;
                    }
                    if Some(n) == ball {
                        let t = i16::from(agility_target(mover.ag)) - 1 + b.tz(mover.side, n, None);
                        let d = p_roll(t);
                        q *= if sure_hands { with_reroll(d) } else { d };
                    }
                    if q > next[j] {
                        next[j] = q;
                        prev[j] = i;
                    }
                }
            }
            for (j, &q) in next.iter().enumerate() {
                if q > best[j].0 + 1e-9 {
                    best[j] = (q, k + 1);
                }
            }
            layers.push((next, prev));
        }
        Reach { layers, best }
    }

    /// The best probability of reaching `sq`.
    fn p(&self, sq: Square) -> Option<f64> {
        let (p, k) = *self.best.get(idx(sq)?)?;
        (k != usize::MAX && p > 0.0).then_some(p)
    }

    /// The best probability of reaching `sq` and the path there (without the start).
    fn get(&self, sq: Square) -> Option<(f64, Vec<Square>)> {
        let i = idx(sq)?;
        let (p, k) = *self.best.get(i)?;
        if k == usize::MAX || p <= 0.0 {
            return None;
        }
        let mut path = Vec::with_capacity(k);
        let mut at = i;
        for layer in (1..=k).rev() {
            path.push(square_at(at));
            at = self.layers[layer].1[at];
            if at == usize::MAX {
                return None;
            }
        }
        path.reverse();
        Some((p, path))
    }

    /// Every reachable square with its best probability, in square order.
    fn squares(&self) -> impl Iterator<Item = (Square, f64)> + '_ {
        self.best
            .iter()
            .enumerate()
            .filter(|(_, (p, k))| *k != usize::MAX && *p > 0.0)
            .map(|(i, (p, _))| (square_at(i), *p))
    }
}

/// Normal movement and Go For Its of a player about to declare an Action (a prone player
/// stands up for 3 of his MA).
fn movement(p: &PlayerView) -> Option<(u8, u8)> {
    let gfi = if has(p, Skill::Sprint) { 3 } else { 2 };
    match p.state {
        PlayerState::Standing { .. } => Some((p.ma, gfi)),
        PlayerState::Prone { .. } if p.ma >= 3 => Some((p.ma - 3, gfi)),
        _ => None,
    }
}

impl GreedyStrategy {
    fn action(&mut self, b: &Board, legal: &[Command]) -> Command {
        let me = b.me;
        let declare = |player: PlayerId, action: ActionKind| {
            let c = Command::Declare { player, action };
            legal.contains(&c).then_some(c)
        };
        let team = &b.v.teams[me.index()];
        let last_turn = team.turns >= 8;
        let my_carrier = b.carrier().filter(|c| c.side == me);
        let their_carrier = b.carrier().filter(|c| c.side != me);

        // 1. Score.
        if let Some(c) = my_carrier
            && let (Some(from), Some((ma, gfi))) = (c.state.square(), movement(c))
            && let Some(cmd) = declare(c.id, ActionKind::Move)
        {
            let reach = Reach::new(b, c, from, ma, gfi, false);
            let ez = scoring_end_zone(me);
            let best = (0..WIDTH)
                .filter_map(|y| {
                    let sq = Square::new(ez, y);
                    reach.p(sq).map(|p| (p, sq))
                })
                .max_by(|a, b| a.0.total_cmp(&b.0));
            if let Some((p, sq)) = best
                && (p >= 0.45 || (last_turn && p > 0.05))
            {
                self.plan = Some(Plan {
                    player: c.id,
                    goal: Goal::To(sq),
                });
                return cmd;
            }
        }

        // 2. Blocks with good odds (the carrier itself does not block).
        let mut blocks: Vec<(f64, Command)> = legal
            .iter()
            .filter_map(|c| match c {
                Command::Block { player, target } => Some((*c, *player, *target)),
                _ => None,
            })
            .filter_map(|(c, a, d)| {
                let att = b.player(a)?;
                let def = b.player(d)?;
                let from = att.state.square()?;
                if my_carrier.is_some_and(|m| m.id == a) {
                    return None;
                }
                let dice = b.block_dice(att, from, def);
                let (down, turnover) = Board::block_odds(att, def, dice);
                let on_carrier = their_carrier.is_some_and(|t| t.id == d);
                let worth = if on_carrier {
                    dice >= 1 || (dice == -2 && last_turn)
                } else {
                    dice >= 2 || (dice == 1 && has(att, Skill::Block) && !has(def, Skill::Block))
                };
                if !worth {
                    return None;
                }
                let value = down * if on_carrier { 4.0 } else { 1.0 } - turnover * 1.5
                    + if dice == 1 { -0.5 } else { 0.0 };
                Some((value, c))
            })
            .collect();
        blocks.sort_by(|a, b| b.0.total_cmp(&a.0));
        // One-die blocks wait until the moves are done (below).
        let (sure, one_die): (Vec<_>, Vec<_>) = blocks.into_iter().partition(|(v, c)| {
            *v > 0.2
                || matches!(c, Command::Block { target, .. } if their_carrier.is_some_and(|t| t.id == *target))
        });
        if let Some((_, c)) = sure.first() {
            return *c;
        }

        // 3. Blitz the opposing carrier.
        if let Some(tc) = their_carrier
            && !team.used.blitz
            && let Some((cmd, plan)) = self.best_blitz(b, legal, tc, 0.4, 1)
        {
            self.plan = Some(plan);
            return cmd;
        }

        // 4. Pick the ball up.
        if let Some(ball) = b.loose_ball() {
            let mut best: Option<(f64, PlayerId)> = None;
            for p in b.mine() {
                let (Some(from), Some((ma, gfi))) = (p.state.square(), movement(p)) else {
                    continue;
                };
                if has(p, Skill::NoHands) || declare(p.id, ActionKind::Move).is_none() {
                    continue;
                }
                if from.distance(ball) > ma + gfi {
                    continue;
                }
                let reach = Reach::new(b, p, from, ma, gfi, true);
                if let Some(q) = reach.p(ball)
                    && best.is_none_or(|(bq, _)| q > bq)
                {
                    best = Some((q, p.id));
                }
            }
            if let Some((q, id)) = best
                && q >= 0.3
                && let Some(cmd) = declare(id, ActionKind::Move)
            {
                self.plan = Some(Plan {
                    player: id,
                    goal: Goal::PickUp,
                });
                return cmd;
            }
        }

        // 5. Advance the carrier without a roll.
        if let Some(c) = my_carrier
            && let Some(cmd) = declare(c.id, ActionKind::Move)
            && let Some(target) = carry_target(b, c, None)
            && Some(target) != c.state.square()
        {
            self.plan = Some(Plan {
                player: c.id,
                goal: Goal::To(target),
            });
            return cmd;
        }

        // 6. Support moves without a roll.
        if let Some((cmd, plan)) = self.support(b, legal, my_carrier, their_carrier) {
            self.plan = Some(plan);
            return cmd;
        }

        // 7. A blitz on anyone with two dice, a foul, a one-die block.
        if !team.used.blitz
            && let Some((cmd, plan)) = self.blitz_anyone(b, legal, my_carrier)
        {
            self.plan = Some(plan);
            return cmd;
        }
        if !team.used.foul
            && let Some((cmd, plan)) = foul(b, legal, my_carrier)
        {
            self.plan = Some(plan);
            return cmd;
        }
        if let Some((_, c)) = one_die.first() {
            return *c;
        }
        Command::EndTurn
    }

    /// The best Blitz on `target`: the player, the square next to him, with a walk of at
    /// least `min_p` and at least `min_dice` block dice.
    fn best_blitz(
        &mut self,
        b: &Board,
        legal: &[Command],
        target: &PlayerView,
        min_p: f64,
        min_dice: i8,
    ) -> Option<(Command, Plan)> {
        let tsq = target.state.square()?;
        if !standing(target) {
            return None;
        }
        let mut best: Option<(f64, PlayerId, Square)> = None;
        for p in b.mine() {
            let cmd = Command::Declare {
                player: p.id,
                action: ActionKind::Blitz,
            };
            if !legal.contains(&cmd) || b.carrier().is_some_and(|c| c.id == p.id) {
                continue;
            }
            let (Some(from), Some((ma, gfi))) = (p.state.square(), movement(p)) else {
                continue;
            };
            // The block costs a square of movement.
            if from.distance(tsq) > ma + gfi {
                continue;
            }
            let reach = Reach::new(b, p, from, ma.saturating_sub(1), gfi, false);
            for sq in tsq.neighbours() {
                let Some(q) = reach.p(sq) else {
                    continue;
                };
                let dice = b.block_dice(p, sq, target);
                if dice < min_dice || q < min_p {
                    continue;
                }
                let (down, turnover) = Board::block_odds(p, target, dice);
                let value = q * down - (1.0 - q * (1.0 - turnover)) * 0.5;
                if best.is_none_or(|(v, _, _)| value > v) {
                    best = Some((value, p.id, sq));
                }
            }
        }
        let (_, id, sq) = best?;
        Some((
            Command::Declare {
                player: id,
                action: ActionKind::Blitz,
            },
            Plan {
                player: id,
                goal: Goal::Blitz(target.id, sq),
            },
        ))
    }

    fn blitz_anyone(
        &mut self,
        b: &Board,
        legal: &[Command],
        my_carrier: Option<&PlayerView>,
    ) -> Option<(Command, Plan)> {
        let targets: Vec<&PlayerView> = b.theirs().filter(|p| standing(p)).collect();
        let mut best: Option<(f64, Command, Plan)> = None;
        for t in targets {
            // Opponents next to our carrier first.
            let near_carrier = my_carrier
                .and_then(|c| c.state.square())
                .zip(t.state.square())
                .is_some_and(|(c, s)| c.distance(s) <= 1);
            if let Some((cmd, plan)) = self.best_blitz(b, legal, t, 0.99, 2) {
                let v = if near_carrier { 2.0 } else { 1.0 } + f64::from(t.st) * 0.1;
                if best.as_ref().is_none_or(|(bv, _, _)| v > *bv) {
                    best = Some((v, cmd, plan));
                }
            }
        }
        best.map(|(_, c, p)| (c, p))
    }

    /// A move needing no roll that brings a player closer to where it helps.
    fn support(
        &mut self,
        b: &Board,
        legal: &[Command],
        my_carrier: Option<&PlayerView>,
        their_carrier: Option<&PlayerView>,
    ) -> Option<(Command, Plan)> {
        let me = b.me;
        let fwd = Board::forward(me);
        // Where players are wanted, most wanted first.
        let mut spots: Vec<Square> = Vec::new();
        if let Some(c) = my_carrier.and_then(|c| c.state.square()) {
            for (dx, dy) in [(1, -1), (1, 1), (-1, -1), (-1, 1)] {
                spots.push(c.offset(dx * fwd, dy));
            }
            for dy in [-2, 0, 2] {
                spots.push(c.offset(3 * fwd, dy));
            }
        } else if let Some(t) = their_carrier.and_then(|c| c.state.square()) {
            // Mark the carrier, then stand between him and our end zone.
            for n in t.neighbours() {
                spots.push(n);
            }
            for dy in [-2, 0, 2] {
                spots.push(t.offset(2 * Board::forward(me.other()), dy));
            }
        } else if let Some(ball) = b.loose_ball() {
            for n in ball.neighbours() {
                spots.push(n);
            }
        }
        spots.retain(|s| on_pitch(*s) && b.occupant(*s).is_none() && Some(*s) != b.loose_ball());
        if spots.is_empty() {
            return None;
        }
        let mut best: Option<(i16, PlayerId, Square)> = None;
        for p in b.mine() {
            if my_carrier.is_some_and(|c| c.id == p.id) {
                continue;
            }
            let cmd = Command::Declare {
                player: p.id,
                action: ActionKind::Move,
            };
            if !legal.contains(&cmd) {
                continue;
            }
            let (Some(from), Some((ma, _))) = (p.state.square(), movement(p)) else {
                continue;
            };
            // Marked players stay (and block); moving away would need a dodge.
            if b.tz(me, from, None) > 0 && standing(p) {
                continue;
            }
            let reach = Reach::new(b, p, from, ma, 0, false);
            for (rank, spot) in spots.iter().enumerate() {
                let now = i16::from(from.distance(*spot));
                // The reachable square without a roll closest to the spot.
                let Some((dist, sq)) = reach
                    .squares()
                    .filter(|(_, q)| *q >= 0.999)
                    .map(|(sq, _)| (i16::from(sq.distance(*spot)), sq))
                    .min_by_key(|(d, sq)| (*d, b.tz(me, *sq, None)))
                else {
                    continue;
                };
                if dist >= now && standing(p) {
                    continue;
                }
                let score = (dist * 3) + rank as i16;
                if best.is_none_or(|(s, _, _)| score < s) {
                    best = Some((score, p.id, sq));
                }
            }
        }
        let (_, id, sq) = best?;
        Some((
            Command::Declare {
                player: id,
                action: ActionKind::Move,
            },
            Plan {
                player: id,
                goal: Goal::To(sq),
            },
        ))
    }

    fn acting(&mut self, b: &Board, player: PlayerId, legal: &[Command]) -> Option<Command> {
        let PromptKind::Acting {
            ma_left, gfi_left, ..
        } = b.v.prompt.kind
        else {
            return None;
        };
        let p = b.player(player)?;
        let from = p.state.square()?;
        let plan = match self.plan {
            Some(plan) if plan.player == player => plan,
            _ => return Some(Command::EndAction),
        };
        // The ball picked up: carry it.
        let goal = match plan.goal {
            Goal::PickUp if b.carrier().is_some_and(|c| c.id == player) => Goal::Carry,
            g => g,
        };
        self.plan = Some(Plan { player, goal });
        let walk_to = |sq: Square, pick_up: bool, min_p: f64| -> Option<Command> {
            if sq == from {
                return None;
            }
            let reach = Reach::new(b, p, from, ma_left, gfi_left, pick_up);
            let (q, path) = reach.get(sq)?;
            if q < min_p {
                return None;
            }
            let to = *path.first()?;
            let c = Command::Step { to };
            legal.contains(&c).then_some(c)
        };
        match goal {
            Goal::To(sq) => walk_to(sq, false, 0.05).or(Some(Command::EndAction)),
            Goal::PickUp => match b.loose_ball() {
                Some(ball) => walk_to(ball, true, 0.1).or(Some(Command::EndAction)),
                None => Some(Command::EndAction),
            },
            Goal::Carry => {
                let target = carry_target(b, p, Some((ma_left, gfi_left)));
                match target {
                    Some(sq) => walk_to(sq, false, 0.999).or(Some(Command::EndAction)),
                    None => Some(Command::EndAction),
                }
            }
            Goal::Blitz(target, sq) => {
                let c = Command::BlitzBlock { target };
                if legal.contains(&c) {
                    self.plan = Some(Plan {
                        player,
                        goal: Goal::Done,
                    });
                    return Some(c);
                }
                walk_to(sq, false, 0.2).or(Some(Command::EndAction))
            }
            Goal::Foul(target, sq) => {
                let c = Command::Foul { target };
                if legal.contains(&c) {
                    self.plan = Some(Plan {
                        player,
                        goal: Goal::Done,
                    });
                    return Some(c);
                }
                walk_to(sq, false, 0.999).or(Some(Command::EndAction))
            }
            Goal::Done => Some(Command::EndAction),
        }
    }

    fn setup(&mut self, b: &Board, picked: Option<PlayerId>, legal: &[Command]) -> Option<Command> {
        self.setup_steps += 1;
        let kicking = b.v.kicking == Some(b.me);
        if self.setup_steps == 1 {
            let order = if kicking {
                [Formation::Spread, Formation::Standard, Formation::Wall]
            } else {
                [Formation::Standard, Formation::Spread, Formation::Wall]
            };
            for formation in order {
                let c = Command::SetupFormation { formation };
                if legal.contains(&c) {
                    return Some(c);
                }
            }
        }
        if legal.contains(&Command::SetupDone) {
            return Some(Command::SetupDone);
        }
        if self.setup_steps > 80 {
            return None;
        }
        // By hand: the line first, in the middle, then behind it.
        match picked {
            None => legal.iter().copied().find(|c| {
                matches!(c, Command::SetupPick { player }
                    if b.player(*player).is_some_and(|p| p.state == PlayerState::Reserve))
            }),
            Some(_) => {
                let los = los_x(b.me);
                let on_line = b
                    .mine()
                    .filter(|p| p.state.square().is_some_and(|s| s.x == los))
                    .count();
                legal
                    .iter()
                    .copied()
                    .filter_map(|c| match c {
                        Command::SetupPlace { square } => Some((c, square)),
                        _ => None,
                    })
                    .min_by_key(|(_, sq)| {
                        let depth = i16::from((sq.x - los).abs());
                        let centre = i16::from((sq.y - WIDTH / 2).abs());
                        if on_line < 3 {
                            depth * 20 + centre
                        } else {
                            (depth - 2).abs() * 4 + centre
                        }
                    })
                    .map(|(c, _)| c)
            }
        }
    }
}

/// Where the carrier should end this Action: the square reached without a roll furthest up
/// the pitch, away from tackle zones, among team-mates. `left`: the movement left when the
/// Action is under way (else the player's own).
fn carry_target(b: &Board, c: &PlayerView, left: Option<(u8, u8)>) -> Option<Square> {
    let from = c.state.square()?;
    let (ma, _) = match left {
        Some(l) => l,
        None => movement(c)?,
    };
    let reach = Reach::new(b, c, from, ma, 0, false);
    let me = c.side;
    reach
        .squares()
        .filter(|(_, q)| *q >= 0.999)
        .map(|(sq, _)| {
            let progress = -Board::to_go(me, sq);
            let tz = b.tz(me, sq, Some(c.id));
            let mates = sq
                .neighbours()
                .filter_map(|n| b.occupant(n))
                .filter(|p| p.side == me && p.id != c.id && has_tz(p))
                .count() as i16;
            // Opponents who could reach the square next turn.
            let threats = b
                .theirs()
                .filter(|p| has_tz(p) || matches!(p.state, PlayerState::Prone { .. }))
                .filter(|p| {
                    p.state
                        .square()
                        .is_some_and(|s| s.distance(sq) <= p.ma.saturating_add(1))
                })
                .count() as i16;
            let in_end_zone = sq.x == scoring_end_zone(me);
            let score = progress * 4 - tz * 30 + mates.min(4) * 3 - threats * 2
                + if in_end_zone { 1000 } else { 0 };
            (score, sq)
        })
        .max_by_key(|(s, sq)| (*s, -i16::from(sq.distance(from))))
        .map(|(_, sq)| sq)
}

fn foul(b: &Board, legal: &[Command], my_carrier: Option<&PlayerView>) -> Option<(Command, Plan)> {
    let me = b.me;
    let mut best: Option<(f64, PlayerId, PlayerId, Square)> = None;
    for t in b.theirs() {
        let Some(tsq) = (match t.state {
            PlayerState::Prone { square } | PlayerState::Stunned { square } => Some(square),
            _ => None,
        }) else {
            continue;
        };
        for p in b.mine() {
            let cmd = Command::Declare {
                player: p.id,
                action: ActionKind::Foul,
            };
            if !legal.contains(&cmd) || my_carrier.is_some_and(|c| c.id == p.id) {
                continue;
            }
            let (Some(from), Some((ma, _))) = (p.state.square(), movement(p)) else {
                continue;
            };
            if b.tz(me, from, None) > 0 && from.distance(tsq) > 1 {
                continue;
            }
            let reach = Reach::new(b, p, from, ma, 0, false);
            for sq in tsq.neighbours() {
                if !reach.p(sq).is_some_and(|q| q >= 0.999) {
                    continue;
                }
                // Assists on the foul, less the victim's helpers next to the fouler.
                let assists = tsq
                    .neighbours()
                    .filter(|&n| n != sq)
                    .filter_map(|n| b.occupant(n))
                    .filter(|o| o.side == me && o.id != p.id && has_tz(o))
                    .filter(|o| o.state.square().is_some_and(|s| b.tz(me, s, None) == 0))
                    .count() as i16;
                let helpers = sq
                    .neighbours()
                    .filter(|&n| n != tsq)
                    .filter_map(|n| b.occupant(n))
                    .filter(|o| o.side != me && has_tz(o))
                    .count() as i16;
                let dirty = if has(p, Skill::DirtyPlayer) { 1 } else { 0 };
                let need = i16::from(t.av) + 1 - (assists - helpers) - dirty;
                let p_break = two_d6_at_least(need);
                if p_break >= 0.42 && best.is_none_or(|(v, ..)| p_break > v) {
                    best = Some((p_break, p.id, t.id, sq));
                }
            }
        }
    }
    let (_, who, target, sq) = best?;
    Some((
        Command::Declare {
            player: who,
            action: ActionKind::Foul,
        },
        Plan {
            player: who,
            goal: Goal::Foul(target, sq),
        },
    ))
}

/// P(2D6 >= n).
fn two_d6_at_least(n: i16) -> f64 {
    let mut hits = 0;
    for a in 1..=6 {
        for c in 1..=6 {
            if a + c >= n {
                hits += 1;
            }
        }
    }
    f64::from(hits) / 36.0
}

fn reroll(
    b: &Board,
    player: PlayerId,
    check: CheckKind,
    faces: &[u16],
    sources: &[RerollSource],
) -> Option<Command> {
    let mine = b.player(player).is_some_and(|p| p.side == b.me);
    // A free re-roll first.
    let free = sources
        .iter()
        .copied()
        .find(|s| matches!(s, RerollSource::Skill(_)))
        .or_else(|| sources.iter().copied().find(|s| *s == RerollSource::Pro));
    let team = sources.contains(&RerollSource::Team);
    let worth_team = mine
        && match check {
            CheckKind::PickUp
            | CheckKind::Catch
            | CheckKind::Dodge
            | CheckKind::Gfi
            | CheckKind::Pass
            | CheckKind::Leap => true,
            CheckKind::Block => faces.iter().all(|f| {
                matches!(
                    BlockFace::of(*f),
                    BlockFace::AttackerDown | BlockFace::BothDown | BlockFace::Pushed
                )
            }),
            _ => false,
        };
    match (free, team && worth_team) {
        (Some(source), _) if mine => Some(Command::Reroll { source }),
        (_, true) => Some(Command::Reroll {
            source: RerollSource::Team,
        }),
        _ => Some(Command::Decline),
    }
}

fn block_die(
    b: &Board,
    attacker: PlayerId,
    defender: PlayerId,
    dice: &[BlockFace],
) -> Option<Command> {
    let att = b.player(attacker)?;
    let def = b.player(defender)?;
    let att_block = has(att, Skill::Block);
    let def_block = has(def, Skill::Block);
    let value = |f: BlockFace| -> i32 {
        match f {
            BlockFace::DefenderDown => 10,
            BlockFace::DefenderStumbles if !has(def, Skill::Dodge) || has(att, Skill::Tackle) => 10,
            BlockFace::DefenderStumbles | BlockFace::Pushed => 3,
            BlockFace::BothDown => match (att_block, def_block) {
                (true, false) => 9,
                (true, true) => 2,
                (false, true) => -10,
                (false, false) => -4,
            },
            BlockFace::AttackerDown => -10,
        }
    };
    let mine = att.side == b.me;
    let pick = dice
        .iter()
        .enumerate()
        .max_by_key(|(_, f)| if mine { value(**f) } else { -value(**f) })?;
    Some(Command::BlockDie {
        index: u8::try_from(pick.0).ok()?,
    })
}

fn push(b: &Board, player: PlayerId, legal: &[Command]) -> Option<Command> {
    let pushed = b.player(player)?;
    let theirs = pushed.side != b.me;
    legal
        .iter()
        .copied()
        .filter_map(|c| match c {
            Command::Push { square } => Some((c, square)),
            _ => None,
        })
        .max_by_key(|(_, sq)| {
            if !on_pitch(*sq) {
                return if theirs { 1000 } else { -1000 };
            }
            let edge = i16::from(sq.y.min(WIDTH - 1 - sq.y));
            let tz = b.tz(pushed.side, *sq, None);
            if theirs {
                // Towards the sideline, away from his team-mates' support.
                -edge * 3 - tz
            } else {
                edge * 3 - tz * 4
            }
        })
        .map(|(c, _)| c)
}

fn place_kick(b: &Board, y: i8, legal: &[Command]) -> Option<Command> {
    // Deep in the receiving half, in the middle: far from their line, never a touchback.
    let receiving = b.me.other();
    let deep_x = if scoring_end_zone(receiving) > 0 {
        // The receivers defend x = 0.
        5
    } else {
        LENGTH - 6
    };
    let aim = Square::new(deep_x, y);
    legal
        .iter()
        .copied()
        .filter_map(|c| match c {
            Command::PlaceKick { square } => Some((c, square)),
            _ => None,
        })
        .min_by_key(|(_, sq)| sq.distance(aim))
        .map(|(c, _)| c)
}

fn touchback(b: &Board, legal: &[Command]) -> Option<Command> {
    legal
        .iter()
        .copied()
        .filter_map(|c| match c {
            Command::Touchback { player } => b.player(player).map(|p| (c, p)),
            _ => None,
        })
        .max_by_key(|(_, p)| {
            let safe = p.state.square().map_or(0, |s| -b.tz(b.me, s, None) * 10);
            let hands = if has(p, Skill::SureHands) { 5 } else { 0 };
            safe + hands + i16::from(p.ag)
        })
        .map(|(c, _)| c)
}

fn high_kick(b: &Board, legal: &[Command]) -> Option<Command> {
    legal
        .iter()
        .copied()
        .filter_map(|c| match c {
            Command::HighKick { player } => b.player(player).map(|p| (c, p)),
            _ => None,
        })
        .max_by_key(|(_, p)| i16::from(p.ag) + if has(p, Skill::Catch) { 2 } else { 0 })
        .map(|(c, _)| c)
        .or(Some(Command::Decline))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roll_odds() {
        assert!((p_roll(4) - 0.5).abs() < 1e-9);
        assert!((p_roll(1) - 5.0 / 6.0).abs() < 1e-9, "a 1 always fails");
        assert!((p_roll(9) - 1.0 / 6.0).abs() < 1e-9, "a 6 always succeeds");
        assert!((two_d6_at_least(9) - 10.0 / 36.0).abs() < 1e-9);
        assert!((with_reroll(0.5) - 0.75).abs() < 1e-9);
    }

    #[test]
    fn the_fallback_never_concedes() {
        assert_eq!(
            fallback(&[Command::Concede, Command::EndTurn]),
            Command::EndTurn
        );
        let step = Command::Step {
            to: Square::new(1, 1),
        };
        assert_eq!(fallback(&[Command::Concede, step]), step);
    }
}
