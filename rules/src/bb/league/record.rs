//! What a finished match means for the league (§32.6, §32.9): who earned which star player
//! points, who suffered which lasting casualty, who could be MVP, the score, the gate's FAME
//! and who conceded. Read from the match's own events, so a stored match always gives the
//! same record.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use serde::{Deserialize, Serialize};

use super::tables::SppKind;
use crate::bb::data::CasualtyResult;
use crate::bb::state::Game;
use crate::bb::wire::{Cause, Event, InjuryOutcome, Outcome, PlayerId, PlayerState};
use crate::core::Side;

/// A player of the match: his side and his place on that side's sheet (`None`: a player who
/// was not on the sheet, an inducement: a star player or a mercenary).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchPlayer {
    pub side: Side,
    pub sheet: Option<usize>,
}

/// The league's reading of one match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchFacts {
    pub score: [u16; 2],
    /// `None`: a draw.
    pub winner: Option<Side>,
    /// The side that conceded, if one did (§32.15).
    pub conceded: Option<Side>,
    /// §32.15: it conceded before a kick-off because it could field 2 or fewer players.
    pub conceded_short_handed: bool,
    /// §4.3: each side's FAME from the gate.
    pub fame: [u8; 2],
    /// Every player of the match (index: the match's `PlayerId`).
    pub players: Vec<MatchPlayer>,
    /// Star player points earned, in the order earned (§32.6).
    pub spp: Vec<(PlayerId, SppKind)>,
    /// Casualties suffered that stand (not regenerated), with their lasting results (§32.9).
    pub casualties: Vec<(PlayerId, CasualtyResult)>,
    /// Casualties each side inflicted (suffered by the other side), for the team record.
    pub casualties_inflicted: [u16; 2],
    /// §12.7, §26.61: the new players the match raised from dead opponents, in order, who
    /// may join their side's league roster in post-match step 2.5.
    #[serde(default)]
    pub raised: Vec<Raised>,
}

/// How a dead opponent was raised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RaisedBy {
    /// §12.7 Raise the Dead: a Zombie was put in the Necromancer's team's Reserves.
    Necromancer,
    /// §26.61 Nurgle's Rot: the victim may become a rookie Rotter.
    NurglesRot,
}

/// A dead opponent raised for `side` (§12.7, §26.61).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Raised {
    pub side: Side,
    pub victim: PlayerId,
    pub by: RaisedBy,
}

impl MatchFacts {
    /// Read a finished match: its final state and all its events, in order.
    pub fn read(game: &Game, events: &[Event]) -> MatchFacts {
        let mut per_side = [0usize; 2];
        let sheet_len = [0, 1].map(|i| game.setup.teams[i].sheet().players.len());
        let players: Vec<MatchPlayer> = game
            .players
            .iter()
            .map(|p| {
                let i = p.side.index();
                let n = per_side[i];
                per_side[i] += 1;
                MatchPlayer {
                    side: p.side,
                    sheet: (n < sheet_len[i]).then_some(n),
                }
            })
            .collect();
        let side_of = |id: PlayerId| players.get(id.index()).map(|p| p.side);
        let mut spp = Vec::new();
        let mut casualties: Vec<(PlayerId, CasualtyResult)> = Vec::new();
        // Where the current injury of each player starts in `casualties` (Decay rolls twice;
        // one Regeneration cures both, §26).
        let mut injury_start: Vec<usize> = vec![0; players.len()];
        let mut inflicted = [0u16; 2];
        let mut fame = [0u8; 2];
        let mut raised = Vec::new();
        for e in events {
            match e {
                Event::Gate { fame: f, .. } => fame = *f,
                Event::ZombieRaised { side, victim, .. } => raised.push(Raised {
                    side: *side,
                    victim: *victim,
                    by: RaisedBy::Necromancer,
                }),
                Event::NurglesRot { victim, by } => {
                    if let Some(side) = side_of(*by) {
                        raised.push(Raised {
                            side,
                            victim: *victim,
                            by: RaisedBy::NurglesRot,
                        });
                    }
                }
                Event::Touchdown {
                    player: Some(p), ..
                } => spp.push((*p, SppKind::Touchdown)),
                Event::Completion { passer, .. } => spp.push((*passer, SppKind::Completion)),
                Event::Intercepted { player } => spp.push((*player, SppKind::Interception)),
                Event::Injured {
                    player,
                    outcome: InjuryOutcome::Casualty,
                    cause,
                    by,
                } => {
                    if let Some(slot) = injury_start.get_mut(player.index()) {
                        *slot = casualties.len();
                    }
                    // §31.10 Fanatic Invasion [Proposal]: the neutral Fanatic is nobody's: a
                    // casualty of his is inflicted by no team and earns no SPP.
                    let neutral = game.players.get(player.index()).is_some_and(|p| p.neutral);
                    if let Some(victim) = side_of(*player).filter(|_| !neutral) {
                        inflicted[victim.other().index()] += 1;
                        // §32.6: CAS for the blocker who caused it, or for the defender whose
                        // block hurt the attacker; never the crowd, fouls, weapons or spells.
                        if let (Cause::Blocked | Cause::Blocking, Some(b)) = (cause, by)
                            && side_of(*b) == Some(victim.other())
                        {
                            spp.push((*b, SppKind::Casualty));
                        }
                    }
                }
                Event::Casualty { player, result, .. } => casualties.push((*player, *result)),
                // §31.7 Miracle Worker, §31.8 Magic Sponge: no lasting effect, as for a
                // regenerated player (the CAS earned stays, §32.6).
                Event::Regenerated { player } | Event::CasualtyUndone { player, .. } => {
                    let from = injury_start.get(player.index()).copied().unwrap_or(0);
                    let mut i = from.min(casualties.len());
                    while i < casualties.len() {
                        if casualties[i].0 == *player {
                            casualties.remove(i);
                        } else {
                            i += 1;
                        }
                    }
                }
                _ => {}
            }
        }
        let (winner, conceded) = match game.outcome {
            Some(Outcome::Score { winner }) => (winner, None),
            Some(Outcome::Penalties { winner }) => (Some(winner), None),
            Some(Outcome::Conceded { winner }) => (Some(winner), Some(winner.other())),
            None => (None, None),
        };
        // §32.15: a team that concedes with 2 or fewer players it could field (in reserve or
        // on the pitch) suffers nothing more.
        let conceded_short_handed = conceded.is_some_and(|side| {
            game.players
                .iter()
                .filter(|p| p.side == side)
                .filter(|p| matches!(p.state, PlayerState::Reserve) || p.state.square().is_some())
                .count()
                <= 2
        });
        MatchFacts {
            score: game.score,
            winner,
            conceded,
            conceded_short_handed,
            fame,
            players,
            spp,
            casualties,
            casualties_inflicted: inflicted,
            raised,
        }
    }
}
