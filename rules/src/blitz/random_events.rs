//! Random Event cards (2024 advanced option, §6.1.1; card texts §5.8 [SUP] with their
//! [PROPOSAL] notes): six of the twelve are shuffled face down into the challenge deck, and
//! whenever one reaches the top after a card was dealt, the active coach draws and resolves it.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use super::block_die::BlockFace;
use super::data::*;
use super::event::*;
use super::flow::*;
use super::prompt::*;
use super::rules::RANDOM_EVENTS_USED;
use super::state::*;
use crate::core::{Die, Side};

/// Banana Skins (§5.8): the players `coach` may pick, the opposing team's Open players.
pub fn banana_skins_targets(g: &Game, coach: Side) -> Vec<PlayerId> {
    g.players
        .iter()
        .filter(|p| p.side != coach && g.is_open(p.id))
        .map(|p| p.id)
        .collect()
}

impl Ctx<'_> {
    /// §6.1.1 step 1, after the first three cards are dealt: shuffle the 12 Random Event
    /// cards, take 6, shuffle them face down into the deck, and shuffle again while an event
    /// is on top. The other 6 go back to the box.
    pub(crate) fn shuffle_in_events(&mut self) -> Flow {
        let mut events = RANDOM_EVENT_CARDS.to_vec();
        super::shuffle(self, &mut events);
        let mut deck = std::mem::take(&mut self.g.deck);
        deck.extend(
            events
                .into_iter()
                .take(RANDOM_EVENTS_USED)
                .map(DeckCard::Event),
        );
        super::shuffle(self, &mut deck);
        let has_challenge = deck.iter().any(|c| matches!(c, DeckCard::Challenge(_)));
        while has_challenge && matches!(deck.last(), Some(DeckCard::Event(_))) {
            super::shuffle(self, &mut deck);
        }
        self.g.deck = deck;
        self.emit_deck_top();
        Flow::Continue
    }

    /// §6.1.1 step 2: if the top card of the deck is a Random Event, the active coach draws
    /// and resolves it, it is discarded (step 3), and the check repeats. Drawing the last card
    /// of the deck counts as dealing the last card (G21).
    pub(crate) fn event_check(&mut self) -> Flow {
        let Some(&DeckCard::Event(event)) = self.g.deck.last() else {
            return Flow::Continue;
        };
        self.g.deck.pop();
        let coach = self.active();
        self.emit(Event::RandomEvent { coach, event });
        self.emit_deck_top();
        self.deck_emptied();
        // Runs last-pushed first: the effect, the discard, then the check again.
        self.push(Frame::EventCheck);
        self.push(Frame::DiscardEvent(event));
        self.resolve_event(event, coach);
        Flow::Continue
    }

    /// The effect of each card (§5.8). `coach` drew it.
    fn resolve_event(&mut self, event: RandomEvent, coach: Side) {
        match event {
            // Each coach picks an Open opposing player, the active coach first.
            RandomEvent::BananaSkins => {
                self.push(Frame::BananaSkins(coach.other()));
                self.push(Frame::BananaSkins(coach));
            }
            // Persistent for the rest of the match; read by the Armour check (block.rs), the
            // scoring code (turn.rs) and the Foul (block.rs).
            RandomEvent::CrumblingAstrogranitePitch => self.g.persistent.crumbling_pitch = true,
            RandomEvent::GenerousCoaches => self.g.persistent.generous_coaches = true,
            RandomEvent::GetTheRef => self.g.persistent.get_the_ref = true,
            // Every Reserves player of both teams may make a free Reserves action, the
            // active coach's first, each team in player order.
            RandomEvent::EmptyTheBench => {
                for side in [coach.other(), coach] {
                    let bench: Vec<(PlayerId, FreeGrant)> = self
                        .g
                        .players
                        .iter()
                        .filter(|p| p.side == side && p.place == Place::Reserves)
                        .map(|p| (p.id, FreeGrant::Reserves))
                        .collect();
                    if !bench.is_empty() {
                        self.push(Frame::Grants(bench));
                    }
                }
            }
            // Discard all active cards and deal three; each card dealt runs the check.
            RandomEvent::ImpatientCoaches => {
                for slot in 0..3 {
                    self.discard_active(slot);
                }
                self.push(Frame::DealCards);
            }
            // One New Ball! if a ball is in play, else two; with special balls the drawer
            // chooses the first and the other coach the second (§6.2.2 step 3).
            RandomEvent::MultiBall => {
                if self.g.balls.is_empty() {
                    self.push(Frame::EnterBall {
                        chooser: coach.other(),
                        entry: BallEntry::NewBall,
                    });
                }
                self.push(Frame::EnterBall {
                    chooser: coach,
                    entry: BallEntry::NewBall,
                });
            }
            RandomEvent::PitchInvasion => self.pitch_invasion(coach),
            RandomEvent::Reset => self.reset(coach),
            RandomEvent::TrapdoorMonster => self.trapdoor_monster(),
        }
    }

    /// Banana Skins: `coach` picks one of the opposing team's Open players, if there is one.
    pub(crate) fn banana_skins(&mut self, coach: Side) -> Flow {
        if banana_skins_targets(self.g, coach).is_empty() {
            return Flow::Continue;
        }
        self.push(Frame::BananaSkins(coach));
        wait(
            coach,
            PromptKind::EventPlayer {
                event: RandomEvent::BananaSkins,
            },
        )
    }

    /// The picked player is placed Prone with no Armour check; a ball it holds bounces.
    pub(crate) fn banana_skins_chosen(&mut self, player: PlayerId) {
        if let Some(Frame::BananaSkins(_)) = self.g.stack.last() {
            self.g.stack.pop();
            self.place_prone(player);
        }
    }

    /// Pitch Invasion: each coach, the active one first, rolls a block die for each opposing
    /// player on the pitch (standing or Prone); on Kerrunch! that player is Injured and a ball
    /// it holds bounces. Other faces do nothing. Nobody re-rolls these dice (they are no
    /// Block, §3.5).
    fn pitch_invasion(&mut self, coach: Side) {
        for roller in [coach, coach.other()] {
            let victims: Vec<PlayerId> = self
                .g
                .players
                .iter()
                .filter(|p| p.side != roller && p.square().is_some())
                .map(|p| p.id)
                .collect();
            for v in victims {
                if self.g.player(v).square().is_none() {
                    continue;
                }
                let face = BlockFace::from_index(self.roll(Die::Block));
                self.emit(Event::Rolled(Roll {
                    purpose: RollPurpose::PitchInvasion,
                    coach: Some(roller),
                    die: Die::Block,
                    faces: vec![face.index()],
                    target: None,
                    modifier: 0,
                    success: Some(face == BlockFace::Kerrunch),
                    reroll: false,
                }));
                if face == BlockFace::Kerrunch {
                    self.injure(v);
                }
            }
        }
    }

    /// Reset (G42): every held ball bounces from its holder's square (again from a new holder
    /// if caught on the way), loose balls stay; then every player goes to its dugout and both
    /// coaches set up their whole team in their end zone as at set-up, the active coach first.
    /// The turn then continues.
    fn reset(&mut self, coach: Side) {
        while let Some((ball, from)) = self.g.balls.iter().find_map(|b| match b.at {
            BallAt::Held(p) => self.g.player(p).square().map(|s| (b.id, s)),
            BallAt::Loose(_) => None,
        }) {
            self.bounce(ball, from);
        }
        let on_pitch: Vec<PlayerId> = self
            .g
            .players
            .iter()
            .filter(|p| p.square().is_some())
            .map(|p| p.id)
            .collect();
        for p in on_pitch {
            self.send_to_reserves(p);
        }
        self.push(Frame::SetUp(coach.other()));
        self.push(Frame::SetUp(coach));
    }

    /// Trapdoor Monster: a random trapdoor; a player on it is Injured (a ball it holds
    /// bounces, unlike New Ball!); every standing player adjacent to it is placed Prone with no
    /// Armour check, and the balls they hold bounce.
    fn trapdoor_monster(&mut self) {
        let door = self.choose_trapdoor(None);
        if let Some(p) = self.g.player_at(door).map(|p| p.id) {
            self.injure(p);
        }
        let adjacent: Vec<PlayerId> = self
            .g
            .players
            .iter()
            .filter(|p| matches!(p.place, Place::Standing(s) if s.is_adjacent(door)))
            .map(|p| p.id)
            .collect();
        for p in adjacent {
            if self.g.player(p).is_standing() {
                self.place_prone(p);
            }
        }
    }
}
