//! The match state: players, teams, ball, turn, the frame stack.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use serde::{Deserialize, Serialize};

use super::data::*;
use super::flow::Frame;
use super::setup::*;
use super::view::TurnUse;
use super::wire::*;
use crate::core::{LegalCache, Side, Square};

/// The pitch: 26 x 15 (§1.2).
pub const LENGTH: i8 = 26;
pub const WIDTH: i8 = 15;
pub const SQUARES: usize = (LENGTH as usize) * (WIDTH as usize);

pub fn on_pitch(sq: Square) -> bool {
    sq.x >= 0 && sq.y >= 0 && sq.x < LENGTH && sq.y < WIDTH
}

pub fn index(sq: Square) -> usize {
    sq.y as usize * LENGTH as usize + sq.x as usize
}

/// §1.2: Home defends `x = 0` and scores in `x = 25`; Away the other way.
pub fn own_end_zone(side: Side) -> i8 {
    match side {
        Side::Home => 0,
        Side::Away => LENGTH - 1,
    }
}

/// The end zone `side` scores in.
pub fn scoring_end_zone(side: Side) -> i8 {
    own_end_zone(side.other())
}

/// §1.2: is `sq` in `side`'s half?
pub fn in_half(side: Side, sq: Square) -> bool {
    match side {
        Side::Home => sq.x <= 12,
        Side::Away => sq.x >= 13,
    }
}

/// §1.2: `side`'s line of scrimmage column.
pub fn los_x(side: Side) -> i8 {
    match side {
        Side::Home => 12,
        Side::Away => 13,
    }
}

/// §1.2: wide zones: 0 top (y 0–3), 1 bottom (y 11–14), `None` centre.
pub fn wide_zone(sq: Square) -> Option<usize> {
    if sq.y <= 3 {
        Some(0)
    } else if sq.y >= 11 {
        Some(1)
    } else {
        None
    }
}

/// One player in the match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    pub id: PlayerId,
    /// The side he plays for: his team's, but for the turn of a §31.8 Blackmail the
    /// blackmailer's (tackle zones, assists, Actions, turnovers). [`Game::owner`] is his
    /// team for the referee (scoring, sending-off, the apothecary, the dugout).
    pub side: Side,
    pub number: u8,
    pub name: String,
    pub position: String,
    pub ma: u8,
    pub st: u8,
    pub ag: u8,
    pub av: u8,
    pub skills: SkillSet,
    pub niggling: u8,
    pub state: PlayerState,
    pub acted: bool,
    pub stunned_this_turn: bool,
    /// Bone-head / Really Stupid failed: no tackle zone (§26.5, §26.21).
    pub confused: bool,
    /// Take Root failed (§26.31).
    pub rooted: bool,
    /// Once-per-turn skills used this turn.
    pub used_dodge: bool,
    pub used_pro: bool,
    pub used_break_tackle: bool,
    pub used_leap: bool,
    /// Took part in this drive (Secret Weapon, §26.24).
    pub in_drive: bool,
    /// Once-per-turn skills of the later table (§26.36–§26.75) used this turn (Sure Feet).
    #[serde(default)]
    pub used_skills: SkillSet,
    /// §31.10 Fanatic Invasion: a neutral piece, nobody's player: no tackle zone, never an
    /// opponent or a team-mate, never declared; his `side` names the coach who last moved
    /// him (or played the card). Absent from the stored form when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub neutral: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Player {
    /// What a player coming into a match (from his sheet, hired, raised, or by a card) has
    /// besides his identity and profile, for a struct literal that sets those (`id`, `side`,
    /// `number`, `name`, `position`, the stats, `skills`, `niggling`, `state`) and ends with
    /// `..Player::joining()`: nothing used, not acted, not in the drive yet.
    pub fn joining() -> Player {
        Player {
            id: PlayerId(0),
            side: Side::Home,
            number: 0,
            name: String::new(),
            position: String::new(),
            ma: 0,
            st: 0,
            ag: 0,
            av: 0,
            skills: SkillSet::default(),
            niggling: 0,
            state: PlayerState::Reserve,
            acted: false,
            stunned_this_turn: false,
            confused: false,
            rooted: false,
            used_dodge: false,
            used_pro: false,
            used_break_tackle: false,
            used_leap: false,
            in_drive: false,
            used_skills: SkillSet::default(),
            neutral: false,
        }
    }

    pub fn has(&self, s: Skill) -> bool {
        self.skills.has(s)
    }
    pub fn square(&self) -> Option<Square> {
        self.state.square()
    }
    pub fn standing(&self) -> bool {
        matches!(self.state, PlayerState::Standing { .. })
    }
    /// §10.2: exerts tackle zones (§31.10: a neutral Fanatic never does).
    pub fn has_tz(&self) -> bool {
        self.standing() && !self.confused && !self.neutral
    }
    /// Is he an opponent of `side`'s players (§31.10: a neutral Fanatic is nobody's)?
    pub fn opposes(&self, side: Side) -> bool {
        self.side != side && !self.neutral
    }
}

/// One team in the match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Team {
    pub name: String,
    pub roster: Roster,
    pub rerolls: u8,
    pub rerolls_start: u8,
    pub bribes: u8,
    pub apothecary: bool,
    pub fan_factor: u8,
    pub fans: u32,
    pub fame: u8,
    pub assistant_coaches: u8,
    pub cheerleaders: u8,
    /// The Necromancer's Raise the Dead is still to use (§12.7); false for a team without one.
    #[serde(default)]
    pub necromancer: bool,
    /// Turns played this half (§9.1, G7).
    pub turns: u8,
    pub used: TurnUse,
    /// §26.58 Leader: the team's one Leader re-roll is there to use.
    #[serde(default)]
    pub leader_reroll: bool,
}

/// The Action under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Acting {
    pub player: PlayerId,
    pub action: ActionKind,
    pub ma_left: u8,
    pub gfi_left: u8,
    /// The Blitz's block is made.
    pub blocked: bool,
    /// The Action is over (the pass, hand-off or foul made, a failed Bone-head roll...).
    pub ended: bool,
    /// §26.59 Multiple Block: this Block Action blocks two opponents.
    #[serde(default)]
    pub multiple: bool,
    /// §26.37 Animosity: he refused a team-mate of another race; he may not move on.
    #[serde(default)]
    pub refused: bool,
    /// §26.39 Blood Lust: he rolled a 1 and must feed at the end of the Action.
    #[serde(default)]
    pub hungry: bool,
}

/// The pass in flight (for completions and the turnover, §15.7, §22).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PassInFlight {
    pub passer: PlayerId,
    pub target: Square,
    pub accurate: bool,
    /// §26.45 Dump-Off: a pass out of sequence that ends no team's turn.
    #[serde(default)]
    pub dump_off: bool,
}

/// A Blood Bowl match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    pub setup: MatchSetup,
    pub rules_version: u32,
    pub players: Vec<Player>,
    /// Home, then Away.
    pub teams: Box<[Team; 2]>,
    pub ball: Ball,
    pub weather: Weather,
    pub half: u8,
    pub score: [u16; 2],
    /// The side kicking the current drive.
    pub kicking: Side,
    /// The side that kicked the first drive of the first half.
    pub first_kicker: Side,
    pub active: Option<Side>,
    pub blitz_bonus: bool,
    pub acting: Option<Acting>,
    pub pass: Option<PassInFlight>,
    /// A bomb in flight (§26.4).
    #[serde(default)]
    pub bomb: Option<super::bomb::BombFlight>,
    pub turnover: Option<Turnover>,
    /// A touchdown ended the drive.
    pub touchdown: bool,
    /// Who scored it (the next drive's kickers, §18.3).
    pub scorer: Option<Side>,
    /// The side whose turn comes next (§9.3).
    pub next: Side,
    /// Drives started this match (KO recovery is rolled before every drive but the first).
    pub drives: u32,
    /// The kick left the pitch on its way (G33).
    pub kick_out: bool,
    /// A player of the active team has declared an Action this turn (no concession after).
    pub acted_this_turn: bool,
    /// §30: each side's inducements in this match (Home, then Away).
    #[serde(default)]
    pub induced: Box<[super::inducements::Induced; 2]>,
    /// §30.1: inducement money (not petty cash) each side has left while buying.
    #[serde(default)]
    pub inducement_gift: [u32; 2],
    /// §32.4: the petty cash each side declared (with the setup's `pre_match.treasury`).
    #[serde(default)]
    pub petty_cash: [u32; 2],
    pub frames: Vec<Frame>,
    pub prompt: Prompt,
    pub outcome: Option<Outcome>,
    /// The Special Play Cards (§31): hands, cards played, what they left behind.
    #[serde(default)]
    pub cards: super::cards::CardState,
    /// Which player stands on each square (`u8::MAX`: none), kept with the states. Not
    /// serialised: a game read back has none until its first change rebuilds it, and
    /// [`Game::at`] scans the players meanwhile.
    #[serde(skip)]
    pub grid: Vec<u8>,
    #[serde(skip)]
    pub legal: LegalCache<Command>,
}

pub fn empty_grid() -> Vec<u8> {
    vec![u8::MAX; SQUARES]
}

impl Game {
    /// The number a player joining `side` mid-match wears: one more than the side's highest.
    pub fn next_number(&self, side: Side) -> u8 {
        self.players
            .iter()
            .filter(|p| p.side == side)
            .map(|p| p.number)
            .max()
            .unwrap_or(0)
            .saturating_add(1)
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    pub fn player(&self, id: PlayerId) -> &Player {
        &self.players[id.index()]
    }

    /// The team `id` belongs to for the referee: his `side`, but for a player blackmailed
    /// this turn (§31.8) his own team, not the blackmailer's he plays for.
    pub fn owner(&self, id: PlayerId) -> Side {
        match self.cards.blackmail {
            Some((b, own)) if b == id => own,
            _ => self.player(id).side,
        }
    }

    /// The player on `sq`, if any.
    pub fn at(&self, sq: Square) -> Option<PlayerId> {
        if !on_pitch(sq) {
            return None;
        }
        if self.grid.len() != SQUARES {
            return self
                .players
                .iter()
                .find(|p| p.square() == Some(sq))
                .map(|p| p.id);
        }
        let v = self.grid[index(sq)];
        (v != u8::MAX).then_some(PlayerId(v))
    }

    /// Rebuild the square index from the players' states (after deserialising).
    pub fn rebuild_grid(&mut self) {
        self.grid = empty_grid();
        for p in &self.players {
            if let Some(sq) = p.square() {
                self.grid[index(sq)] = p.id.0;
            }
        }
    }

    /// Set a player's state, keeping the square index.
    pub fn set_state(&mut self, id: PlayerId, state: PlayerState) {
        if self.grid.len() != SQUARES {
            self.rebuild_grid();
        }
        if let Some(old) = self.players[id.index()].state.square() {
            self.grid[index(old)] = u8::MAX;
        }
        if let Some(new) = state.square() {
            self.grid[index(new)] = id.0;
        }
        self.players[id.index()].state = state;
    }

    /// The ball's holder.
    pub fn carrier(&self) -> Option<PlayerId> {
        match self.ball {
            Ball::Held { player } => Some(player),
            _ => None,
        }
    }

    /// §10.2: opposing tackle zones (of `side`'s opponents) on `sq`, ignoring `except`.
    pub fn tackle_zones(&self, side: Side, sq: Square, except: Option<PlayerId>) -> u8 {
        let mut n = 0;
        for nb in sq.neighbours() {
            if let Some(id) = self.at(nb) {
                let p = self.player(id);
                if p.side != side && self.exerts_tz(p) && Some(id) != except {
                    n += 1;
                }
            }
        }
        n
    }

    /// The tackle zones of standing opponents only (§31.11 Dogged Defense: a prone player's
    /// tackle zone cancels no assist, §11.3).
    pub fn standing_tackle_zones(&self, side: Side, sq: Square, except: Option<PlayerId>) -> u8 {
        let mut n = 0;
        for nb in sq.neighbours() {
            if let Some(id) = self.at(nb) {
                let p = self.player(id);
                if p.side != side && p.has_tz() && Some(id) != except {
                    n += 1;
                }
            }
        }
        n
    }

    /// Does `p` exert a tackle zone: standing and not confused, or (§31.11 Dogged Defense)
    /// prone while his team's card holds?
    pub fn exerts_tz(&self, p: &Player) -> bool {
        p.has_tz()
            || (self.cards.dogged[p.side.index()]
                && matches!(p.state, PlayerState::Prone { .. })
                && !p.confused
                && !p.neutral)
    }

    /// The opponents of `side` exerting a tackle zone on `sq`.
    pub fn markers(&self, side: Side, sq: Square) -> impl Iterator<Item = PlayerId> + '_ {
        sq.neighbours().filter_map(move |nb| {
            let id = self.at(nb)?;
            let p = self.player(id);
            (p.side != side && self.exerts_tz(p)).then_some(id)
        })
    }

    pub fn team(&self, side: Side) -> &Team {
        &self.teams[side.index()]
    }

    pub fn team_mut(&mut self, side: Side) -> &mut Team {
        &mut self.teams[side.index()]
    }

    /// `side`'s players on the pitch (§31.10: never the neutral Fanatic).
    pub fn on_pitch(&self, side: Side) -> impl Iterator<Item = &Player> + '_ {
        self.players
            .iter()
            .filter(move |p| p.side == side && p.square().is_some() && !p.neutral)
    }
}
