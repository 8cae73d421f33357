//! Blitz Bowl under the game contract ([`crate::core::Ruleset`]): the one place the rest of
//! Dugout (server, protocol, clients) reaches this engine through.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use std::borrow::Cow;

use super::*;
use crate::core::{RefusedCommand, Ruleset, Seat, SetupCatalogue, SetupNames, Summary, TurnMarker};

impl Ruleset for Game {
    const NAME: &'static str = "blitz";
    const RULES_VERSION: u32 = RULES_VERSION;
    const OLDEST_RULES_VERSION: u32 = OLDEST_RULES_VERSION;
    /// Version 2 added `random_event_resolved`, the one fact version 1 left to the state.
    const FOLDS_FROM_VERSION: u32 = 2;

    type Setup = MatchSetup;
    type Command = Command;
    type Prompt = Prompt;
    type Event = Event;
    type View = GameView;
    type Outcome = Outcome;

    fn validate(setup: &MatchSetup) -> Result<(), SetupError> {
        validate(setup)
    }

    fn new_game(
        setup: MatchSetup,
        version: u32,
        dice: &mut dyn DiceSource,
    ) -> Result<(Game, Vec<Event>), SetupError> {
        new_game_versioned(setup, version, dice)
    }

    fn setup(&self) -> &MatchSetup {
        &self.setup
    }

    fn rules_version(&self) -> u32 {
        self.rules_version
    }

    fn prompt(&self) -> &Prompt {
        &self.prompt
    }

    fn over_prompt() -> Prompt {
        Prompt {
            coach: None,
            kind: PromptKind::GameOver,
        }
    }

    fn prompt_coach(prompt: &Prompt) -> Option<Side> {
        prompt.coach
    }

    fn legal_commands(&self) -> Cow<'_, [Command]> {
        match self.legal.get() {
            Some(cached) => Cow::Borrowed(cached),
            None => Cow::Owned(legal_commands(self)),
        }
    }

    fn is_legal(&self, cmd: &Command) -> bool {
        is_legal(self, cmd)
    }

    fn apply(
        &mut self,
        cmd: Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Event>, RefusedCommand> {
        apply(self, cmd, dice).map_err(|e| match e {
            CommandError::GameOver => RefusedCommand::GameOver,
            CommandError::Illegal { reason, .. } => RefusedCommand::Illegal { reason },
        })
    }

    fn view(&self, seat: Seat) -> GameView {
        view(self, seat)
    }

    fn project(event: &Event, seat: Seat) -> Option<Event> {
        event.project(seat)
    }

    fn fold(view: &mut GameView, event: &Event) {
        view.apply(event);
    }

    fn set_view_prompt(view: &mut GameView, prompt: &Prompt) {
        view.prompt = prompt.clone();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn winner(outcome: &Outcome) -> Option<Side> {
        match outcome {
            Outcome::SuddenDeath { winner } => Some(*winner),
            Outcome::Points { winner } => *winner,
        }
    }

    fn score(&self) -> [u16; 2] {
        self.score
    }

    /// The coach whose turn it is (during set-up, the coach placing players), keyed by the
    /// turns each coach has started and whether a turn is under way (§3.3), so the key
    /// changes at every new turn and at the hand-over between set-ups.
    fn turn_marker(&self) -> Option<TurnMarker> {
        if self.is_over() {
            return None;
        }
        let coach = self.turn.active.or(self.prompt.coach)?;
        let [home, away] = self.turn.started;
        Some(TurnMarker {
            coach,
            key: u64::from(self.turn.active.is_some()) << 32
                | u64::from(home) << 16
                | u64::from(away),
        })
    }

    /// `end_turn` at the Action prompt; elsewhere `decline` when legal, else the first legal
    /// command (the quickest way through a sequence the coach started).
    fn timeout_command(&self) -> Option<Command> {
        let legal = Ruleset::legal_commands(self);
        if matches!(self.prompt.kind, PromptKind::Action) && legal.contains(&Command::EndTurn) {
            return Some(Command::EndTurn);
        }
        if legal.contains(&Command::Decline) {
            return Some(Command::Decline);
        }
        legal.first().copied()
    }

    /// Score, touchdowns, challenge points (§3.16, §3.18) and injuries (a player sent to the
    /// Injured box, §3.12), per side.
    fn summarise<'a>(setup: &MatchSetup, events: impl IntoIterator<Item = &'a Event>) -> Summary {
        let sides = player_sides(setup);
        let mut s = Summary::default();
        let mut challenge_points = [0u32; 2];
        for event in events {
            match event {
                Event::Scored {
                    coach,
                    points,
                    reason,
                    total,
                } => {
                    s.score[*coach] = *total;
                    match reason {
                        ScoreReason::Touchdown => s.touchdowns[*coach] += 1,
                        ScoreReason::Challenge => challenge_points[*coach] += u32::from(*points),
                        _ => {}
                    }
                }
                Event::Injured { player } => {
                    if let Some(side) = sides.get(player.index()) {
                        s.injuries[*side] += 1;
                    }
                }
                _ => {}
            }
        }
        s.counts
            .push(("challenge_points".to_string(), challenge_points));
        s
    }

    fn setup_names(setup: &MatchSetup) -> SetupNames {
        // The serde names: unit variants without renames serialise as their Debug names.
        SetupNames {
            edition: format!("{:?}", setup.edition),
            teams: setup.teams.map(|t| format!("{t:?}")),
        }
    }

    fn catalogue() -> SetupCatalogue {
        SetupCatalogue {
            editions: [Edition::Bb2018, Edition::Bb2024]
                .iter()
                .map(|e| format!("{e:?}"))
                .collect(),
            teams: TeamId::ALL.iter().map(|t| format!("{t:?}")).collect(),
        }
    }
}

/// The side of every player of a setup, by player id: the rosters come from the teams
/// alone, in the order [`new_game_versioned`] fields them.
fn player_sides(setup: &MatchSetup) -> Vec<Side> {
    let mut sides = Vec::new();
    for side in Side::BOTH {
        for pos in team(setup.teams[side]).positions {
            sides.extend(std::iter::repeat_n(side, usize::from(pos.count)));
        }
    }
    sides
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ChaChaDice;

    #[test]
    fn player_sides_follow_the_fielding_order_of_new_game() {
        for seed in 0..50 {
            let setup = random_play::random_setup(seed);
            let mut dice = ChaChaDice::from_u64(seed);
            let Ok((g, _)) = new_game(setup, &mut dice) else {
                continue;
            };
            let sides: Vec<Side> = g.players.iter().map(|p| p.side).collect();
            assert_eq!(player_sides(&setup), sides, "seed {seed}");
        }
    }

    #[test]
    fn setup_names_are_the_serde_names() {
        let setup = random_play::random_setup(3);
        let names = <Game as Ruleset>::setup_names(&setup);
        assert_eq!(
            serde_json::to_value(setup.edition).unwrap_or_default(),
            serde_json::Value::String(names.edition)
        );
        for (t, name) in setup.teams.iter().zip(names.teams) {
            assert_eq!(
                serde_json::to_value(t).unwrap_or_default(),
                serde_json::Value::String(name)
            );
        }
    }
}
