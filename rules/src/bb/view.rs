//! What a client draws, and the view reducer that keeps it up to date from events.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blood-bowl.md.

use serde::{Deserialize, Serialize};

use super::cards::HandView;
use super::data::*;
use super::wire::*;
use crate::core::Side;

/// The one-per-turn allocations a team has used this turn (§9.2), and its team re-roll
/// (§19.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct TurnUse {
    pub blitz: bool,
    pub pass: bool,
    pub hand_off: bool,
    pub foul: bool,
    pub reroll: bool,
}

/// A team as a client draws it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct TeamView {
    pub name: String,
    pub roster: Roster,
    /// Team re-rolls left this half.
    pub rerolls: u8,
    /// Team re-rolls at the start of each half (the sheet's).
    pub rerolls_start: u8,
    pub bribes: u8,
    /// The apothecary is hired and not yet used (§12.6).
    pub apothecary: bool,
    pub fan_factor: u8,
    pub fans: u32,
    pub fame: u8,
    pub assistant_coaches: u8,
    pub cheerleaders: u8,
    /// The Necromancer's Raise the Dead is still to use (§12.7).
    #[serde(default)]
    pub necromancer: bool,
    /// Turns played this half (§9.1).
    pub turns: u8,
    pub used: TurnUse,
    /// §26.58 Leader: the team's Leader re-roll is there to use.
    #[serde(default)]
    pub leader_reroll: bool,
    /// Inducements bought for this match and what of them is used (§30); left out when
    /// there are none.
    #[serde(default, skip_serializing_if = "super::inducements::Induced::is_empty")]
    pub induced: super::inducements::Induced,
}

/// A player as a client draws it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PlayerView {
    pub id: PlayerId,
    pub side: Side,
    pub number: u8,
    pub name: String,
    pub position: String,
    pub ma: u8,
    pub st: u8,
    pub ag: u8,
    pub av: u8,
    pub skills: Vec<Skill>,
    pub state: PlayerState,
    /// Has taken his Action this turn.
    pub acted: bool,
    /// Lost his tackle zone (Bone-head, Really Stupid, §26.5, §26.21).
    pub confused: bool,
    /// Rooted (Take Root, §26.31).
    pub rooted: bool,
    /// §31.10 Fanatic Invasion: the neutral Fanatic, nobody's player (`side`: the coach who
    /// last moved him or played the card). Absent when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub neutral: bool,
}

/// Everything a client draws: the 26x15 pitch (players by square in `players[].state`),
/// the ball, score, turns, re-rolls, weather, the dugout boxes (players' states), whose turn,
/// and the prompt.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GameView {
    /// Home, then Away (boxed: keeps the view small where it travels inline).
    pub teams: Box<[TeamView; 2]>,
    pub players: Vec<PlayerView>,
    pub ball: Ball,
    pub weather: Weather,
    /// 0 before kick-off of the first half; 1, 2; 3 for overtime.
    pub half: u8,
    pub score: [u16; 2],
    /// The side kicking this drive.
    pub kicking: Option<Side>,
    /// The side whose team turn it is.
    pub active: Option<Side>,
    /// The player taking his Action.
    pub acting: Option<PlayerId>,
    pub prompt: Prompt,
    pub outcome: Option<Outcome>,
    /// §31.4: the Special Play Cards of each side, Home then Away (the cards in hand for
    /// their owner only).
    #[serde(default)]
    pub hands: [HandView; 2],
}

impl GameView {
    /// The view reducer: fold one event into the view (§ of each event).
    pub fn apply(&mut self, event: &Event) {
        match event {
            Event::Rolled { .. }
            | Event::FreeTurn { .. }
            | Event::TouchdownPending { .. }
            | Event::TouchdownDisallowed { .. }
            | Event::CoinToss { .. }
            | Event::Kick { .. }
            | Event::KickOff { .. }
            | Event::BlockDeclared { .. }
            | Event::BlockResult { .. }
            | Event::PushedIntoCrowd { .. }
            | Event::KnockedDown { .. }
            | Event::PlacedProne { .. }
            | Event::Armour { .. }
            | Event::Injured { .. }
            | Event::Casualty { .. }
            | Event::Regenerated { .. }
            | Event::CasualtyUndone { .. }
            | Event::BallHeld { .. }
            | Event::Passed { .. }
            | Event::Fumbled { .. }
            | Event::FailedOnPurpose { .. }
            | Event::Intercepted { .. }
            | Event::Completion { .. }
            | Event::HandedOff { .. }
            | Event::ThrewTeamMate { .. }
            | Event::BombThrown { .. }
            | Event::Exploded { .. }
            | Event::ThrowIn { .. }
            | Event::TouchbackAwarded { .. }
            | Event::TurnoverCaused { .. }
            | Event::SentOff { .. }
            | Event::BribeUsed { .. }
            | Event::NoPlayers { .. }
            | Event::Shootout { .. }
            | Event::Conceded { .. }
            | Event::StoodUp { .. }
            | Event::Fed { .. }
            | Event::NurglesRot { .. } => {}
            Event::InducementMoney { .. }
            | Event::PettyCash { .. }
            | Event::StarPlaysForNeither { .. }
            | Event::SpellCast { .. } => {}
            Event::Induced { side, induced } => {
                self.teams[side.index()].induced = induced.clone();
            }
            Event::Moved { player, to, .. } => {
                if let Some(p) = self.players.get_mut(player.index()) {
                    p.state = match p.state {
                        PlayerState::Prone { .. } => PlayerState::Prone { square: *to },
                        PlayerState::Stunned { .. } => PlayerState::Stunned { square: *to },
                        _ => PlayerState::Standing { square: *to },
                    };
                }
            }
            Event::Weather { weather } => self.weather = *weather,
            Event::Gate { fans, fame } => {
                for side in Side::BOTH {
                    self.teams[side.index()].fans = fans[side.index()];
                    self.teams[side.index()].fame = fame[side.index()];
                }
            }
            Event::Kicking { side } => self.kicking = Some(*side),
            // The kicking side shows from the first drive on (`Kicking`).
            Event::HalfStarted { half } => self.half = *half,
            Event::PlayerState { player, state } => {
                if let Some(p) = self.players.get_mut(player.index()) {
                    p.state = *state;
                    if state.square().is_none() {
                        p.confused = false;
                        p.rooted = false;
                    }
                }
            }
            Event::Ball { ball } => self.ball = *ball,
            Event::TurnStarted {
                side,
                turn,
                blitz_bonus,
            } => {
                self.active = Some(*side);
                self.acting = None;
                self.teams[side.index()].turns = *turn;
                self.teams[side.index()].used = TurnUse::default();
                // §7 Blitz!: a player in an opposing tackle zone may not act.
                let marked: Vec<bool> = self
                    .players
                    .iter()
                    .map(|p| {
                        *blitz_bonus
                            && p.side == *side
                            && p.state.square().is_some_and(|sq| {
                                self.players.iter().any(|o| {
                                    o.side != *side
                                        && !o.confused
                                        && matches!(o.state, PlayerState::Standing { square } if square.is_adjacent(sq))
                                })
                            })
                    })
                    .collect();
                for (p, m) in self.players.iter_mut().zip(marked) {
                    if p.side == *side {
                        p.acted = m;
                    }
                }
            }
            Event::TurnEnded { .. } => {
                self.active = None;
                self.acting = None;
            }
            Event::TurnMarkers { turns } => {
                for side in Side::BOTH {
                    self.teams[side.index()].turns = turns[side.index()];
                }
            }
            Event::Rerolls { side, rerolls } => self.teams[side.index()].rerolls = *rerolls,
            Event::Bribes { side, bribes } => self.teams[side.index()].bribes = *bribes,
            Event::Declared { player, action } => {
                self.acting = Some(*player);
                if let Some(side) = self.players.get(player.index()).map(|p| p.side) {
                    let used = &mut self.teams[side.index()].used;
                    match action {
                        ActionKind::Blitz => used.blitz = true,
                        ActionKind::Pass => used.pass = true,
                        ActionKind::HandOff => used.hand_off = true,
                        ActionKind::Foul => used.foul = true,
                        ActionKind::Move | ActionKind::Block | ActionKind::Bomb => {}
                    }
                }
            }
            Event::CountsAsActed { player } => {
                if let Some(p) = self.players.get_mut(player.index()) {
                    p.acted = true;
                }
            }
            Event::ActionEnded { player } => {
                self.acting = None;
                if let Some(p) = self.players.get_mut(player.index()) {
                    p.acted = true;
                }
            }
            Event::RerollUsed { side, source, .. } => {
                if matches!(source, RerollSource::Team | RerollSource::Leader) {
                    self.teams[side.index()].used.reroll = true;
                }
            }
            Event::ApothecaryUsed { side, .. } => self.teams[side.index()].apothecary = false,
            Event::Touchdown { score, .. } => self.score = *score,
            Event::Confused { player, confused } => {
                if let Some(p) = self.players.get_mut(player.index()) {
                    p.confused = *confused;
                }
            }
            Event::LeaderReroll { side, available } => {
                self.teams[side.index()].leader_reroll = *available;
            }
            Event::SkillUsed { .. } | Event::HailMaryPass { .. } => {}
            Event::Rooted { player, rooted } => {
                if let Some(p) = self.players.get_mut(player.index()) {
                    p.rooted = *rooted;
                }
            }
            Event::ZombieRaised { side, player, .. } => {
                self.teams[side.index()].necromancer = false;
                self.players.push((**player).clone());
            }
            Event::CardTarget { .. } => {}
            Event::FanaticMove { player, side, .. } => {
                if let Some(p) = self.players.get_mut(player.index()) {
                    p.side = *side;
                }
            }
            Event::TurnResumed { side } => self.active = Some(*side),
            Event::PlayerJoined { player } => {
                if player.id.index() == self.players.len() {
                    self.players.push((**player).clone());
                }
            }
            Event::CardDrawn { side, card, .. } => {
                let hand = &mut self.hands[side.index()];
                hand.count = hand.count.saturating_add(1);
                if let Some(card) = card {
                    hand.cards.push(*card);
                }
            }
            Event::CardPlayed { side, card, .. } => {
                let hand = &mut self.hands[side.index()];
                hand.count = hand.count.saturating_sub(1);
                if let Some(at) = hand.cards.iter().position(|c| c == card) {
                    hand.cards.remove(at);
                }
                hand.played.push(*card);
            }
            Event::ControlledBy { player, side } => {
                if let Some(p) = self.players.get_mut(player.index()) {
                    p.side = *side;
                    p.acted = false;
                }
            }
            Event::Profile {
                player,
                ma,
                st,
                ag,
                av,
                skills,
            } => {
                if let Some(p) = self.players.get_mut(player.index()) {
                    (p.ma, p.st, p.ag, p.av) = (*ma, *st, *ag, *av);
                    p.skills = skills.clone();
                }
            }
            Event::TeamRerolls {
                side,
                rerolls,
                rerolls_start,
            } => {
                let t = &mut self.teams[side.index()];
                t.rerolls = *rerolls;
                t.rerolls_start = *rerolls_start;
            }
            Event::GameOver { outcome, score } => {
                self.outcome = Some(*outcome);
                self.score = *score;
                self.active = None;
                self.acting = None;
            }
        }
    }
}

/// A player as a client draws him (§1.4).
pub fn player_view(p: &super::state::Player) -> PlayerView {
    PlayerView {
        id: p.id,
        side: p.side,
        number: p.number,
        name: p.name.clone(),
        position: p.position.clone(),
        ma: p.ma,
        st: p.st,
        ag: p.ag,
        av: p.av,
        skills: p.skills.list(),
        state: p.state,
        acted: p.acted,
        confused: p.confused,
        rooted: p.rooted,
        neutral: p.neutral,
    }
}
