//! Moving a Blood Bowl player to a chosen square: the engine moves one square per command
//! (`step`), so the client works out a square-by-square path and, before the coach confirms,
//! the rolls it needs on the way (dodges, Going For It, a pick-up) with their targets.
//!
//! The path is the safest within reach (the highest chance of arriving on its feet), the
//! shortest among equally safe ones. Targets follow the rules reference
//! (docs/rules/blood-bowl.md §3.1, §10): a dodge is on the Agility table at +1, −1 per
//! opposing tackle zone on the square entered (*Stunty* ignores them, each *Prehensile Tail*
//! on the square left costs −1); Going For It needs 2+ (3+ in a Blizzard); a pick-up is on
//! the Agility table at +1, −1 per opposing tackle zone, −1 in Pouring Rain. A natural 1
//! always fails and a natural 6 always succeeds, so every target is between 2+ and 6+.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use dugout_rules::bb::data::agility_target;
use dugout_rules::bb::{Ball, GameView, PlayerId, PlayerView, Skill, Weather};
use dugout_rules::core::{Side, Square};

/// The pitch's length (x, 0–25) and width (y, 0–14).
pub const LENGTH: i8 = 26;
pub const WIDTH: i8 = 15;

pub fn on_pitch(sq: Square) -> bool {
    (0..LENGTH).contains(&sq.x) && (0..WIDTH).contains(&sq.y)
}

/// A square as the screen names it: the column's letter (A–Z, x 0–25) and the row's number
/// (1–15, y 0–14), "M7".
pub fn square_name(sq: Square) -> String {
    if !on_pitch(sq) {
        return format!("off the pitch ({},{})", sq.x, sq.y);
    }
    let col = char::from(b'A' + sq.x as u8);
    format!("{col}{}", sq.y + 1)
}

/// A roll the move needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RollKind {
    Dodge,
    Gfi,
    PickUp,
}

impl RollKind {
    pub fn name(self) -> &'static str {
        match self {
            RollKind::Dodge => "dodge",
            RollKind::Gfi => "GFI",
            RollKind::PickUp => "pick-up",
        }
    }
}

/// One roll on the way: before entering `steps[step]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepRoll {
    pub step: usize,
    pub kind: RollKind,
    /// The D6 needed (2–6).
    pub target: u8,
}

/// A path and what it takes.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The squares entered, in order (the last is the destination).
    pub steps: Vec<Square>,
    pub rolls: Vec<StepRoll>,
    /// The chance of arriving standing, without re-rolls (0–1).
    pub chance: f64,
}

impl Plan {
    /// The rolls in words, grouped by kind in the order of the rules: "2 dodges (4+, 3+),
    /// 1 GFI (2+)", or "no rolls".
    pub fn rolls_words(&self) -> String {
        let mut parts = Vec::new();
        for kind in [RollKind::Dodge, RollKind::Gfi, RollKind::PickUp] {
            let targets: Vec<String> = self
                .rolls
                .iter()
                .filter(|r| r.kind == kind)
                .map(|r| format!("{}+", r.target))
                .collect();
            if targets.is_empty() {
                continue;
            }
            let n = targets.len();
            let name = match (kind, n) {
                (RollKind::Dodge, 1) => "dodge".to_string(),
                (RollKind::Dodge, _) => "dodges".to_string(),
                (RollKind::Gfi, _) => "GFI".to_string(),
                (RollKind::PickUp, 1) => "pick-up".to_string(),
                (RollKind::PickUp, _) => "pick-ups".to_string(),
            };
            parts.push(format!("{n} {name} ({})", targets.join(", ")));
        }
        if parts.is_empty() {
            "no rolls".into()
        } else {
            parts.join(", ")
        }
    }

    /// The whole plan in words: "3 squares to M7: 2 dodges (4+, 3+), 1 GFI (2+); 44% to
    /// make it without a re-roll".
    pub fn words(&self, to: Square) -> String {
        let n = self.steps.len();
        let squares = if n == 1 { "square" } else { "squares" };
        let mut s = format!(
            "{n} {squares} to {}: {}",
            square_name(to),
            self.rolls_words()
        );
        if !self.rolls.is_empty() {
            s.push_str(&format!(
                "; {:.0}% to make it without a re-roll",
                self.chance * 100.0
            ));
        }
        s
    }
}

/// Why no path was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoPath {
    /// The square is off the pitch or taken by a player.
    Blocked(String),
    /// Further than the movement left allows (with the players in the way).
    TooFar { reach: u8 },
    /// The player is not on the pitch.
    NotOnPitch,
}

impl std::fmt::Display for NoPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoPath::Blocked(why) => f.write_str(why),
            NoPath::TooFar { reach } => write!(
                f,
                "out of reach: {reach} square{} of movement left (Going For It included), players in the way",
                if *reach == 1 { "" } else { "s" }
            ),
            NoPath::NotOnPitch => f.write_str("the player is not on the pitch"),
        }
    }
}

fn chebyshev(a: Square, b: Square) -> i8 {
    (a.x - b.x).abs().max((a.y - b.y).abs())
}

/// The opponents of `side` exerting a tackle zone on `sq` (standing, not confused).
pub fn tackle_zones(view: &GameView, side: Side, sq: Square, mover: PlayerId) -> Vec<&PlayerView> {
    view.players
        .iter()
        .filter(|p| p.side != side && p.id != mover && !p.confused)
        .filter(|p| match p.state {
            dugout_rules::bb::PlayerState::Standing { square } => chebyshev(square, sq) == 1,
            _ => false,
        })
        .collect()
}

fn clamp_target(t: i16) -> u8 {
    t.clamp(2, 6) as u8
}

/// The dodge target leaving `from` for `to`.
pub fn dodge_target(view: &GameView, mover: &PlayerView, from: Square, to: Square) -> u8 {
    let base = i16::from(agility_target(mover.ag));
    let zones = if mover.skills.contains(&Skill::Stunty) {
        0
    } else {
        tackle_zones(view, mover.side, to, mover.id).len() as i16
    };
    let tails = tackle_zones(view, mover.side, from, mover.id)
        .iter()
        .filter(|p| p.skills.contains(&Skill::PrehensileTail))
        .count() as i16;
    clamp_target(base - 1 + zones + tails)
}

/// The pick-up target on `sq`.
pub fn pick_up_target(view: &GameView, mover: &PlayerView, sq: Square) -> u8 {
    if mover.skills.contains(&Skill::NoHands) {
        // No Hands: the pick-up always fails (shown as needing more than a 6).
        return 7;
    }
    let base = i16::from(agility_target(mover.ag));
    let zones = tackle_zones(view, mover.side, sq, mover.id).len() as i16;
    let rain = i16::from(view.weather == Weather::PouringRain);
    clamp_target(base - 1 + zones + rain)
}

/// The GFI target in this weather.
pub fn gfi_target(weather: Weather) -> u8 {
    if weather == Weather::Blizzard { 3 } else { 2 }
}

fn chance(target: u8) -> f64 {
    f64::from(7u8.saturating_sub(target.min(7))) / 6.0
}

#[derive(Clone, Copy, PartialEq)]
struct Node {
    /// −ln(chance so far), then steps: smaller is better.
    cost: f64,
    steps: u8,
    sq: Square,
}

impl Eq for Node {}

impl Ord for Node {
    fn cmp(&self, other: &Node) -> Ordering {
        // A max-heap: reverse, so the cheapest pops first.
        other
            .cost
            .partial_cmp(&self.cost)
            .unwrap_or(Ordering::Equal)
            .then(other.steps.cmp(&self.steps))
            .then((other.sq.y, other.sq.x).cmp(&(self.sq.y, self.sq.x)))
    }
}

impl PartialOrd for Node {
    fn partial_cmp(&self, other: &Node) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The rolls of the step from `from` into `to` as step `index` (0-based) of a move with
/// `ma_left` normal squares.
fn step_rolls(
    view: &GameView,
    mover: &PlayerView,
    from: Square,
    to: Square,
    index: usize,
    ma_left: u8,
) -> Vec<StepRoll> {
    let mut out = Vec::new();
    // G14: the GFI roll comes before any dodge or pick-up for the same square.
    if index >= usize::from(ma_left) {
        out.push(StepRoll {
            step: index,
            kind: RollKind::Gfi,
            target: gfi_target(view.weather),
        });
    }
    if !tackle_zones(view, mover.side, from, mover.id).is_empty() {
        out.push(StepRoll {
            step: index,
            kind: RollKind::Dodge,
            target: dodge_target(view, mover, from, to),
        });
    }
    if view.ball == (Ball::Ground { square: to }) {
        out.push(StepRoll {
            step: index,
            kind: RollKind::PickUp,
            target: pick_up_target(view, mover, to),
        });
    }
    out
}

/// The safest path for `player` (standing on the pitch) to `to` within `ma_left` normal
/// squares and `gfi_left` Going For It squares. Squares holding a player are never entered.
pub fn plan(
    view: &GameView,
    player: PlayerId,
    ma_left: u8,
    gfi_left: u8,
    to: Square,
) -> Result<Plan, NoPath> {
    let mover = view
        .players
        .iter()
        .find(|p| p.id == player)
        .ok_or(NoPath::NotOnPitch)?;
    let from = mover.state.square().ok_or(NoPath::NotOnPitch)?;
    if !on_pitch(to) {
        return Err(NoPath::Blocked(format!(
            "{} is off the pitch",
            square_name(to)
        )));
    }
    if to == from {
        return Err(NoPath::Blocked("the player is already there".into()));
    }
    let occupied = |sq: Square| {
        view.players
            .iter()
            .any(|p| p.id != player && p.state.square() == Some(sq))
    };
    if occupied(to) {
        return Err(NoPath::Blocked(format!(
            "{} is taken by a player",
            square_name(to)
        )));
    }
    let reach = ma_left.saturating_add(gfi_left);
    let cells = (LENGTH as usize) * (WIDTH as usize);
    let idx = |sq: Square| sq.y as usize * LENGTH as usize + sq.x as usize;
    // Best (cost, steps) per square and steps taken, and the square it came from.
    let levels = usize::from(reach) + 1;
    let mut best = vec![f64::INFINITY; cells * levels];
    let mut prev: Vec<Option<Square>> = vec![None; cells * levels];
    let mut heap = BinaryHeap::new();
    best[idx(from)] = 0.0;
    heap.push(Node {
        cost: 0.0,
        steps: 0,
        sq: from,
    });
    let mut found: Option<(u8, f64)> = None;
    while let Some(Node { cost, steps, sq }) = heap.pop() {
        if cost > best[usize::from(steps) * cells + idx(sq)] {
            continue;
        }
        if sq == to {
            found = Some((steps, cost));
            break;
        }
        if steps >= reach {
            continue;
        }
        // A ball on the way is picked up (a roll); elsewhere only the destination may hold it.
        for dx in -1..=1 {
            for dy in -1..=1 {
                let next = Square::new(sq.x + dx, sq.y + dy);
                if (dx, dy) == (0, 0) || !on_pitch(next) || occupied(next) {
                    continue;
                }
                let rolls = step_rolls(view, mover, sq, next, usize::from(steps), ma_left);
                let mut c = cost;
                for r in &rolls {
                    let p = chance(r.target);
                    c += if p > 0.0 { -p.ln() } else { 1e6 };
                }
                // Among equally safe paths, the straighter (a tiny cost per diagonal).
                if dx != 0 && dy != 0 {
                    c += 1e-9;
                }
                let s = steps + 1;
                let k = usize::from(s) * cells + idx(next);
                if c < best[k] - 1e-12 {
                    best[k] = c;
                    prev[k] = Some(sq);
                    heap.push(Node {
                        cost: c,
                        steps: s,
                        sq: next,
                    });
                }
            }
        }
    }
    let Some((steps, _)) = found else {
        return Err(NoPath::TooFar { reach });
    };
    let mut path = vec![to];
    let mut at = to;
    let mut s = steps;
    while s > 0 {
        let Some(p) = prev[usize::from(s) * cells + idx(at)] else {
            break;
        };
        s -= 1;
        if s > 0 {
            path.push(p);
        }
        at = p;
    }
    path.reverse();
    let mut rolls = Vec::new();
    let mut here = from;
    for (i, &next) in path.iter().enumerate() {
        rolls.extend(step_rolls(view, mover, here, next, i, ma_left));
        here = next;
    }
    let chance = rolls.iter().map(|r| chance(r.target)).product();
    Ok(Plan {
        steps: path,
        rolls,
        chance,
    })
}

/// The movement a player has when he declares an Action now: his MA (3 less to stand up
/// from prone) and his Going For It squares (2, 3 with *Sprint*).
pub fn fresh_movement(p: &PlayerView) -> (u8, u8) {
    let ma = match p.state {
        dugout_rules::bb::PlayerState::Prone { .. } => p.ma.saturating_sub(3),
        _ => p.ma,
    };
    let gfi = if p.skills.contains(&Skill::Sprint) {
        3
    } else {
        2
    };
    (ma, gfi)
}
