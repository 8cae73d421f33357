//! Blitz Bowl (2018 first edition and 2024 Ultimate Edition) as a pure state machine.
//!
//! * [`new_game`] validates a [`MatchSetup`], tosses the coin and runs to the first prompt.
//! * [`legal_commands`], [`is_legal`] and [`apply`] agree: `apply` accepts exactly the legal
//!   commands and leaves the game untouched (returning a [`CommandError`]) otherwise.
//! * Every roll comes from the [`DiceSource`] passed in; `apply` returns the [`Event`]s,
//!   every die included. Same commands, same dice: same events and state.
//! * [`view`] and [`Event::project`] hide what a seat may not see (G28).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

pub mod data;

mod actions;
pub mod arenas;
mod ball;
mod block;
pub mod block_die;
pub mod challenges;
mod checks;
pub mod command;
mod contract;
pub mod event;
mod flow;
pub mod legal;
pub mod profile;
pub mod prompt;
mod random_events;
pub mod random_play;
pub mod rules;
pub mod scenario;
pub mod state;
mod throw;
mod turn;
pub mod view;
mod view_fold;
mod windows;

pub use block_die::{BlockFace, block};
pub use command::{ActionChoice, Command, RerollSource};
pub use event::{Event, Roll, RollPurpose, ScoreReason};
pub use legal::{is_legal, legal_commands};
pub use profile::Profile;
pub use prompt::{FreeGrant, MoveKind, Prompt, PromptKind, RollKind, Window};
pub use state::*;
pub use throw::{Range, throw_range};
pub use view::{GameView, view};

use crate::core::{DiceSource, Die, Grid, Side};
use data::*;
use flow::{Ctx, Frame};
use serde::{Deserialize, Serialize};

/// The Blitz Bowl rules version a new match is played under. Every change of the engine's
/// behaviour (a different event, roll or legal command for the same commands and dice) is
/// gated on [`Game::rules_version`] and bumps this, and the golden logs of every earlier
/// version (`rules/tests/golden/`) keep replaying. See `docs/design.md`, "Rules versions".
///
/// * 1: the first recorded version.
/// * 2: [`Event::RandomEventResolved`] reports when a Random Event is resolved and discarded
///   (§6.1.1 step 3), so a client can follow the match from the events alone
///   ([`GameView::apply`]). The same unreleased version carries the corrections of issue 16,
///   each a named question of [`Profile`] reading `version >= 2` (`docs/design.md`, "Rules
///   versions").
pub const RULES_VERSION: u32 = 2;

/// The oldest rules version this engine replays.
pub const OLDEST_RULES_VERSION: u32 = 1;

pub(crate) fn first_rules_version() -> u32 {
    OLDEST_RULES_VERSION
}

/// Why a match cannot be set up: the contract's reasons, shared by every game.
pub use crate::core::SetupError;

/// Why a command was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CommandError {
    /// The match is over.
    GameOver,
    /// Not a legal answer to the current prompt.
    Illegal { prompt: PromptKind, reason: String },
}

impl std::fmt::Display for CommandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CommandError::GameOver => write!(f, "the match is over"),
            CommandError::Illegal { reason, .. } => write!(f, "illegal command: {reason}"),
        }
    }
}

impl std::error::Error for CommandError {}

/// Check a setup for a new match (the current [`RULES_VERSION`]): refuse what does not exist
/// or is not built yet. See [`validate_versioned`].
pub fn validate(setup: &MatchSetup) -> Result<(), SetupError> {
    validate_versioned(setup, RULES_VERSION)
}

/// §5.3: every 2018 team has six players.
pub const TEAM_SIZE_2018: usize = 6;

/// The number of players the 2024 card of `team` fields (§5.2).
pub fn card_size(team: TeamId) -> usize {
    data::team(team)
        .positions
        .iter()
        .map(|p| usize::from(p.count))
        .sum()
}

/// The teams a new match of `edition` may field (§5.3, G54): every card in 2024; in 2018 the
/// cards of six players.
pub fn teams_for(edition: Edition) -> Vec<TeamId> {
    TeamId::ALL
        .iter()
        .copied()
        .filter(|t| {
            !Profile::new(edition, RULES_VERSION).six_player_teams()
                || card_size(*t) == TEAM_SIZE_2018
        })
        .collect()
}

/// Check a setup under rules `version` (§0.3): refuse what does not exist or is not built
/// yet. From rules version 2 a 2018 match takes only teams whose card fields the six players
/// of a 2018 team (§5.3, G54); version 1 took any card, and its stored matches still replay.
pub fn validate_versioned(setup: &MatchSetup, version: u32) -> Result<(), SetupError> {
    let o = &setup.options;
    if o.endgame {
        if setup.edition == Edition::Bb2024 {
            return Err(SetupError::WrongEdition {
                option: "endgame".into(),
            });
        }
        return Err(SetupError::NoData {
            option: "endgame (2018: the 16 Endgame card texts are in no source, BB digest §5.7)"
                .into(),
        });
    }
    if setup.edition == Edition::Bb2018 {
        let only_2024 = [
            ("random_events", o.random_events),
            ("special_actions", o.special_actions),
            ("rookies_to_watch", o.rookies_to_watch.is_some()),
            ("arenas", o.arenas),
            ("arena", o.arena.is_some()),
            ("special_balls", o.special_balls),
        ];
        if let Some((name, _)) = only_2024.iter().find(|(_, on)| *on) {
            return Err(SetupError::WrongEdition {
                option: (*name).into(),
            });
        }
    }
    if o.arena.is_some() && !o.arenas {
        return Err(SetupError::NeedsOption {
            option: "arena".into(),
            needs: "arenas".into(),
        });
    }
    if setup.edition == Edition::Bb2018
        && Profile::new(setup.edition, version).six_player_teams()
        && let Some(&t) = setup
            .teams
            .iter()
            .find(|&&t| card_size(t) != TEAM_SIZE_2018)
    {
        return Err(SetupError::NoData {
            option: format!(
                "team {} in the 2018 rules (a 2018 team fields {TEAM_SIZE_2018} players; its \
                 2024 card fields {}, and no source has its 2018 card, §5.3)",
                data::team(t).name,
                card_size(t)
            ),
        });
    }
    Ok(())
}

fn stats_for(setup: &MatchSetup, profile: Profile, team: &TeamDef, pos: &PositionDef) -> Stats {
    let mut ability = pos.ability;
    // G14: the Orc Big Un Blocker's Mighty Blow is a match option.
    if team.id == TeamId::Orc
        && pos.name == "Big Un Blocker"
        && setup.options.orc_big_un_mighty_blow
    {
        ability = Some(Ability::MightyBlow);
    }
    Stats {
        movement: pos.movement,
        // §5.3 [PROPOSAL]: 2018 has no Block value (1 die, 2 if assisted).
        block: if profile.has_block_values() {
            pos.block
        } else {
            1
        },
        throw: pos.throw,
        armour: pos.armour,
        ability,
        throws_team_mates: pos.throws_team_mates,
    }
}

/// Set up a match under the current [`RULES_VERSION`]: see [`new_game_versioned`].
pub fn new_game(
    setup: MatchSetup,
    dice: &mut dyn DiceSource,
) -> Result<(Game, Vec<Event>), SetupError> {
    new_game_versioned(setup, RULES_VERSION, dice)
}

/// Set up a match under rules `version` (a stored match replays under the version it was
/// played with): validate, toss the coin, roll the arena (option `arenas`), deal the
/// challenge cards, and run to the first prompt (the toss winner's board choice or Coach A's
/// set-up).
pub fn new_game_versioned(
    setup: MatchSetup,
    version: u32,
    dice: &mut dyn DiceSource,
) -> Result<(Game, Vec<Event>), SetupError> {
    if !(OLDEST_RULES_VERSION..=RULES_VERSION).contains(&version) {
        return Err(SetupError::UnknownRulesVersion {
            version,
            newest: RULES_VERSION,
        });
    }
    validate_versioned(&setup, version)?;
    let profile = Profile::new(setup.edition, version);
    let mut players = Vec::new();
    for side in Side::BOTH {
        let team = team(setup.teams[side]);
        for (pi, pos) in team.positions.iter().enumerate() {
            for _ in 0..pos.count {
                let id = PlayerId(players.len() as u8);
                players.push(Player {
                    id,
                    side,
                    position: pi as u8,
                    stats: stats_for(&setup, profile, team, pos),
                    place: Place::Reserves,
                });
            }
        }
    }
    let one = board(BoardSide::OneTrapdoor);
    let n_players = players.len();
    let mut g = Game {
        setup,
        rules_version: version,
        profile,
        grid: Grid {
            length: one.length,
            width: one.width,
        },
        board: None,
        arena: None,
        toss_winner: None,
        coach_a: None,
        players,
        balls: Vec::new(),
        next_ball: 0,
        score: [0, 0],
        deck: Vec::new(),
        active_cards: [None; 3],
        discard: Vec::new(),
        hands: [Vec::new(), Vec::new()],
        rookies_card: setup.options.rookies_to_watch,
        persistent: Persistent::default(),
        turn: Turn {
            players: vec![PlayerTurn::default(); n_players],
            ..Turn::default()
        },
        final_turns_left: None,
        outcome: None,
        stack: Vec::new(),
        prompt: Prompt {
            coach: None,
            kind: PromptKind::GameOver,
        },
        record: flow::ActionRecord::default(),
        legal: state::LegalCache::default(),
    };
    let mut ctx = Ctx {
        g: &mut g,
        dice,
        events: Vec::new(),
    };
    // §3.1: coin toss. 2018: the winner is Coach A; 2024: the loser is.
    let toss = ctx.roll(Die::Range(2));
    ctx.emit_roll(RollPurpose::CoinToss, None, Die::Range(2), toss);
    let winner = if toss == 0 { Side::Home } else { Side::Away };
    ctx.g.toss_winner = Some(winner);
    ctx.emit(Event::CoinToss { winner });
    let coach_a = if ctx.g.profile.toss_winner_is_coach_a() {
        winner
    } else {
        winner.other()
    };
    ctx.g.coach_a = Some(coach_a);
    ctx.emit(Event::CoachA { coach: coach_a });
    // §6.2.1: the arena D8, before the toss winner chooses the board side.
    ctx.roll_arena(winner);
    // §3.1.1 step 3 / §3.1.2 step 4: shuffle the deck (2018 uses the 2024 deck, G5) and
    // deal three.
    let mut deck: Vec<DeckCard> = (0..CHALLENGE_CARDS.len() as u8)
        .map(|i| DeckCard::Challenge(CardId(i)))
        .collect();
    shuffle(&mut ctx, &mut deck);
    ctx.g.deck = deck;
    // Frames run last-pushed first: board, deal, (events), A sets up, B sets up, ball,
    // first turn.
    ctx.push(Frame::StartTurn);
    ctx.push(Frame::StartingBall);
    ctx.push(Frame::SetUp(coach_a.other()));
    ctx.push(Frame::SetUp(coach_a));
    // §6.1.1 step 1: the Random Events go in after the first three cards are dealt.
    if ctx.g.setup.options.random_events {
        ctx.push(Frame::ShuffleInEvents);
    }
    ctx.push(Frame::DealCards);
    ctx.push(Frame::ChooseBoard);
    ctx.run();
    let events = ctx.events;
    Ok((g, events))
}

/// Fisher-Yates with our own unbiased picks (`Die::Range`).
pub(crate) fn shuffle<T>(ctx: &mut Ctx<'_>, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = usize::from(ctx.roll(Die::Range((i + 1) as u16)));
        items.swap(i, j.min(i));
    }
    ctx.emit_roll(
        RollPurpose::Shuffle,
        None,
        Die::Range(items.len() as u16),
        0,
    );
}

/// Work out the cached legal commands again after editing a game by hand (tests, tools).
/// Games changed only through [`apply`] never need it; a game without a cache (for example
/// one read back from storage) computes the commands on demand.
pub fn refresh(g: &mut Game) {
    g.legal = state::LegalCache::of(legal::legal_for(g, &g.prompt));
}

/// The decision the game waits for.
pub fn prompt(g: &Game) -> &Prompt {
    &g.prompt
}

/// Apply one command. Illegal commands are refused with the game unchanged.
pub fn apply(
    g: &mut Game,
    cmd: Command,
    dice: &mut dyn DiceSource,
) -> Result<Vec<Event>, CommandError> {
    if g.outcome.is_some() {
        return Err(CommandError::GameOver);
    }
    if !is_legal(g, &cmd) {
        return Err(CommandError::Illegal {
            prompt: g.prompt.kind.clone(),
            reason: format!("{cmd:?} does not answer {:?}", g.prompt.kind),
        });
    }
    let mut ctx = Ctx {
        g,
        dice,
        events: Vec::new(),
    };
    ctx.handle(cmd);
    ctx.run();
    Ok(ctx.events)
}

impl Ctx<'_> {
    /// Carry out a legal command; the run loop then continues the stack.
    fn handle(&mut self, cmd: Command) {
        let prompt = self.g.prompt.kind.clone();
        match cmd {
            Command::ChooseBoardSide { side } => {
                self.g.stack.pop();
                self.g.board = Some(side);
                self.emit(Event::BoardChosen { side });
            }
            Command::PlacePlayer { player, square } => {
                self.g.player_mut(player).place = Place::Standing(square);
                self.emit(Event::PlayerPlaced { player, square });
                // Reset (§5.8): a set-up onto a loose ball (no other square left) bounces it,
                // as a Reserves placement does (§3.14).
                self.touch_loose_ball(player, square, false);
            }
            Command::ChooseBall { ball } => self.ball_chosen(ball),
            Command::DiscardActive { slot } => {
                self.discard_active(slot);
                self.push(Frame::DealCards);
            }
            Command::Action {
                player,
                choice,
                bonus,
            } => {
                let grant = match prompt {
                    PromptKind::FreeAction { grant, .. } => Some(grant),
                    _ => {
                        self.g.stack.pop(); // ActionPrompt
                        None
                    }
                };
                self.begin_action(player, choice, bonus, grant);
            }
            Command::Wardance { player, to } => {
                self.g.stack.pop();
                self.g.pt_mut(player).wardanced = true;
                self.begin_action(
                    player,
                    ActionChoice::Sidestep { to },
                    None,
                    Some(FreeGrant::Sidestep),
                );
            }
            Command::PlayBonus {
                card,
                player,
                square,
            } => self.play_bonus(&prompt, card, player, square),
            Command::MoveTo { square } => self.move_step(square),
            Command::StopMoving => self.stop_moving(),
            Command::Reroll { source } => self.reroll_decided(Some(source)),
            Command::ChooseBlockDie { index } => self.block_die_chosen(index),
            Command::FollowUp { follow } => self.follow_up_chosen(follow),
            Command::BounceTo { square } => {
                if let Some(Frame::SafeHands { ball, from, .. }) = self.g.stack.pop() {
                    self.emit(Event::BallBounced {
                        ball,
                        from,
                        to: square,
                    });
                    if let Some(next) = self.land(ball, square) {
                        self.bounce(ball, next);
                    }
                }
            }
            Command::Claim { slot } => self.claim(slot),
            Command::DiscardCard { card } => {
                let side = self.active();
                let hand = &mut self.g.hands[side];
                if let Some(pos) = hand.iter().position(|&c| c == card) {
                    hand.remove(pos);
                    self.g.discard.push(DeckCard::Challenge(card));
                    self.emit(Event::HandDiscarded {
                        coach: side,
                        card,
                        bonus: card.def().bonus,
                    });
                }
            }
            Command::ChoosePlayer { player } => match prompt {
                PromptKind::Minion { .. } => {
                    self.g.stack.pop();
                    self.injure(player);
                }
                PromptKind::EventPlayer {
                    event: RandomEvent::BananaSkins,
                } => self.banana_skins_chosen(player),
                _ => {}
            },
            Command::Decline => match prompt {
                PromptKind::Reroll { .. } => self.reroll_decided(None),
                PromptKind::Minion { bloodlusted } => {
                    self.g.stack.pop();
                    self.injure(bloodlusted);
                }
                PromptKind::BonusWindow { .. } => {}
                _ => {}
            },
            Command::EndTurn => {
                self.g.stack.pop();
                self.push(Frame::EndTurn);
            }
        }
    }

    fn reroll_decided(&mut self, source: Option<RerollSource>) {
        match self.g.stack.pop() {
            Some(Frame::Check(c)) => crate::core::check::decide(self, *c, source),
            Some(Frame::Block(mut st)) => match source {
                Some(s) => self.reroll_block(*st, s),
                None => {
                    st.stage = flow::BlockStage::Choose;
                    self.push(Frame::Block(st));
                }
            },
            Some(other) => self.push(other),
            None => {}
        }
    }

    /// Bonus Plays that are not part of an action command (§5.6).
    fn play_bonus(
        &mut self,
        prompt: &PromptKind,
        card: CardId,
        player: Option<PlayerId>,
        square: Option<crate::core::Square>,
    ) {
        let side = self.g.prompt.coach.unwrap_or(Side::Home);
        if matches!(prompt, PromptKind::Action) {
            self.g.stack.pop();
        }
        let Some(bonus) = self.play_card(side, card) else {
            return;
        };
        match bonus {
            BonusPlay::JumpUp => {
                if let Some(p) = player {
                    self.begin_action(p, ActionChoice::StandUp, None, Some(FreeGrant::StandUp));
                }
            }
            BonusPlay::Reserves => {
                if let (Some(p), Some(sq)) = (player, square) {
                    self.begin_action(
                        p,
                        ActionChoice::Reserves { square: sq },
                        None,
                        Some(FreeGrant::Reserves),
                    );
                }
            }
            BonusPlay::Inspiration => self.g.turn.action_limit += 1,
            BonusPlay::DefensivePlay => self.g.turn.defensive_play = true,
            BonusPlay::BlockingPlay => self.g.turn.blocking_play = true,
            other => {
                if let PromptKind::BonusWindow { window } = prompt {
                    self.window_card(*window, other, player, square);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ChaChaDice;

    /// `docs/protocol.md`, "Test vectors": the engine's own shuffle of six items on a fresh
    /// stream of seed A (32 zero bytes) picks `Range(6)`, `Range(5)`, ..., `Range(2)` and
    /// reports one neutral roll with no face of the order (`rules/tests/dice_vectors.rs`
    /// has the same vector from a shuffle written out by hand).
    #[test]
    fn the_shuffle_is_the_documented_fisher_yates() {
        let setup = MatchSetup {
            edition: Edition::Bb2024,
            teams: [data::TeamId::ALL[0], data::TeamId::ALL[1]],
            options: Options::default(),
        };
        let (mut g, _) =
            new_game(setup, &mut ChaChaDice::from_seed([1; 32])).expect("a valid setup");
        let mut dice = ChaChaDice::from_seed([0; 32]);
        let mut ctx = Ctx {
            g: &mut g,
            dice: &mut dice,
            events: Vec::new(),
        };
        let mut items: Vec<u32> = (0..6).collect();
        shuffle(&mut ctx, &mut items);
        assert_eq!(items, [3, 4, 2, 5, 1, 0]);
        assert_eq!(
            ctx.events,
            [Event::Rolled(Roll::plain(
                RollPurpose::Shuffle,
                None,
                Die::Range(6),
                0
            ))]
        );
        // Nothing else was drawn: the next pick is the stream's sixth word.
        assert_eq!(dice.roll(Die::Range(5)), 4);
    }
}
