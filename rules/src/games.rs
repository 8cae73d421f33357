//! Every game Dugout plays, as one set of enums (shakmaty's `Variant`/`VariantPosition` is
//! the model): what `protocol/`, `server/` and `client-cli/` use, so that none of them names
//! a game's internals.
//!
//! Registering a game is one line in the `games!` call at the bottom: its variant name and
//! its module under `rules/src/`, which must export `Game` (implementing
//! [`Ruleset`]), `MatchSetup`, `Command`, `Prompt`, `Event`, `GameView` and `Outcome`.
//!
//! On the wire every game payload is tagged by game, so a tag and its payload can never
//! disagree: `{"game": "blitz", "type": "move_to", ...}` for commands, events, prompts, views
//! and outcomes; a setup is `{"game": "blitz", "setup": {...}}` (flattened into the room
//! spec); a decision is `{"game": "blitz", "prompt": {...}, "legal": [...]}`.

use serde::{Deserialize, Serialize};

use crate::core::{
    DiceSource, RefusedCommand, Ruleset, Seat, SetupCatalogue, SetupError, SetupNames, Side,
};
use crate::core::{Summary, TurnMarker};

macro_rules! games {
    ($($Variant:ident => $module:ident),* $(,)?) => {
        /// Which game a match plays.
        #[derive(
            Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize,
            Deserialize,
        )]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(rename_all = "snake_case")]
        pub enum GameKind {
            #[default]
            $($Variant),*
        }

        impl GameKind {
            /// Every game, in registration order.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$Variant),*];

            /// The game's name on the wire and in the store.
            pub fn name(self) -> &'static str {
                match self {
                    $(GameKind::$Variant => <crate::$module::Game as Ruleset>::NAME),*
                }
            }

            /// The rules version new matches of this game are played under.
            pub fn rules_version(self) -> u32 {
                match self {
                    $(GameKind::$Variant => <crate::$module::Game as Ruleset>::RULES_VERSION),*
                }
            }

            /// The oldest rules version of this game the engine still replays.
            pub fn oldest_rules_version(self) -> u32 {
                match self {
                    $(GameKind::$Variant =>
                        <crate::$module::Game as Ruleset>::OLDEST_RULES_VERSION),*
                }
            }

            /// Whether a client can follow a match of rules `version` from its events alone
            /// (the view reducer); else it asks for a snapshot after each batch.
            pub fn view_folds(self, version: u32) -> bool {
                match self {
                    $(GameKind::$Variant =>
                        version >= <crate::$module::Game as Ruleset>::FOLDS_FROM_VERSION),*
                }
            }

            /// Every edition and team name this game's setups carry.
            pub fn catalogue(self) -> SetupCatalogue {
                match self {
                    $(GameKind::$Variant => <crate::$module::Game as Ruleset>::catalogue()),*
                }
            }

            /// A game by name, in any case (`"blitz"`, `"Blitz"`).
            pub fn parse(name: &str) -> Option<GameKind> {
                GameKind::ALL
                    .iter()
                    .copied()
                    .find(|k| k.name().eq_ignore_ascii_case(name.trim()))
            }
        }

        impl std::fmt::Display for GameKind {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        /// A match setup of any game: `{"game": ..., "setup": {...}}`.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(tag = "game", content = "setup", rename_all = "snake_case")]
        pub enum AnySetup {
            $($Variant(crate::$module::MatchSetup)),*
        }

        /// A command of any game.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(tag = "game", rename_all = "snake_case")]
        pub enum AnyCommand {
            $($Variant(crate::$module::Command)),*
        }

        /// A prompt (the decision a match waits for) of any game.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(tag = "game", rename_all = "snake_case")]
        pub enum AnyPrompt {
            $($Variant(crate::$module::Prompt)),*
        }

        /// An event of any game.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(tag = "game", rename_all = "snake_case")]
        pub enum AnyEvent {
            $($Variant(crate::$module::Event)),*
        }

        /// A seat's view of a match of any game.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(tag = "game", rename_all = "snake_case")]
        pub enum AnyView {
            $($Variant(crate::$module::GameView)),*
        }

        /// How a match of any game ended.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(tag = "game", rename_all = "snake_case")]
        pub enum AnyOutcome {
            $($Variant(crate::$module::Outcome)),*
        }

        /// The decision pending in a match: its prompt and the legal answers (empty for
        /// anyone but the deciding coach), one game's both.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(tag = "game", rename_all = "snake_case")]
        pub enum AnyDecision {
            $($Variant {
                prompt: crate::$module::Prompt,
                legal: Vec<crate::$module::Command>,
            }),*
        }

        /// A match of any game. (Each game's state is as large as it is: a match lives long
        /// and is rarely moved, so the variants are not boxed.)
        #[derive(Clone, Debug)]
        #[allow(clippy::large_enum_variant)]
        pub enum AnyGame {
            $($Variant(crate::$module::Game)),*
        }

        impl AnySetup {
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnySetup::$Variant(_) => GameKind::$Variant),*
                }
            }

            /// Refuse a setup that does not exist or is not built yet.
            pub fn validate(&self) -> Result<(), SetupError> {
                match self {
                    $(AnySetup::$Variant(s) => <crate::$module::Game as Ruleset>::validate(s)),*
                }
            }

            /// The edition and team names, for lists and filters.
            pub fn names(&self) -> SetupNames {
                match self {
                    $(AnySetup::$Variant(s) =>
                        <crate::$module::Game as Ruleset>::setup_names(s)),*
                }
            }

            /// The archive's numbers from a match's events (events of another game are
            /// ignored).
            #[allow(unreachable_patterns)]
            pub fn summarise<'a>(&self, events: impl IntoIterator<Item = &'a AnyEvent>) -> Summary {
                match self {
                    $(AnySetup::$Variant(s) => <crate::$module::Game as Ruleset>::summarise(
                        s,
                        events.into_iter().filter_map(|e| match e {
                            AnyEvent::$Variant(e) => Some(e),
                            _ => None,
                        }),
                    )),*
                }
            }
        }

        impl AnyPrompt {
            /// The coach the prompt waits for (`None`: the match is over).
            pub fn coach(&self) -> Option<Side> {
                match self {
                    $(AnyPrompt::$Variant(p) => <crate::$module::Game as Ruleset>::prompt_coach(p)),*
                }
            }
        }

        impl AnyCommand {
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyCommand::$Variant(_) => GameKind::$Variant),*
                }
            }
        }

        impl AnyEvent {
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyEvent::$Variant(_) => GameKind::$Variant),*
                }
            }

            /// This event as `seat` may see it (`None`: not at all).
            pub fn project(&self, seat: Seat) -> Option<AnyEvent> {
                match self {
                    $(AnyEvent::$Variant(e) =>
                        <crate::$module::Game as Ruleset>::project(e, seat)
                            .map(AnyEvent::$Variant)),*
                }
            }
        }

        impl AnyView {
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyView::$Variant(_) => GameKind::$Variant),*
                }
            }

            /// Fold one event, as this view's seat received it, into the view (events of
            /// another game are ignored: they cannot belong to this match).
            #[allow(unreachable_patterns)]
            pub fn apply(&mut self, event: &AnyEvent) {
                match (self, event) {
                    $((AnyView::$Variant(v), AnyEvent::$Variant(e)) =>
                        <crate::$module::Game as Ruleset>::fold(v, e),)*
                    _ => {}
                }
            }

            /// Put the decision's prompt into the view.
            #[allow(unreachable_patterns)]
            pub fn set_prompt(&mut self, decision: &AnyDecision) {
                match (self, decision) {
                    $((AnyView::$Variant(v), AnyDecision::$Variant { prompt, .. }) =>
                        <crate::$module::Game as Ruleset>::set_view_prompt(v, prompt),)*
                    _ => {}
                }
            }
        }

        impl AnyOutcome {
            /// The winner (`None`: a draw).
            pub fn winner(&self) -> Option<Side> {
                match self {
                    $(AnyOutcome::$Variant(o) => <crate::$module::Game as Ruleset>::winner(o)),*
                }
            }
        }

        impl AnyDecision {
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyDecision::$Variant { .. } => GameKind::$Variant),*
                }
            }

            /// The coach the decision waits for (`None`: the match is over).
            pub fn deciding(&self) -> Option<Side> {
                match self {
                    $(AnyDecision::$Variant { prompt, .. } =>
                        <crate::$module::Game as Ruleset>::prompt_coach(prompt)),*
                }
            }

            /// The prompt alone.
            pub fn prompt(&self) -> AnyPrompt {
                match self {
                    $(AnyDecision::$Variant { prompt, .. } => AnyPrompt::$Variant(prompt.clone())),*
                }
            }

            /// The legal answers, each tagged by game.
            pub fn legal(&self) -> Vec<AnyCommand> {
                match self {
                    $(AnyDecision::$Variant { legal, .. } =>
                        legal.iter().cloned().map(AnyCommand::$Variant).collect()),*
                }
            }

            /// How many legal answers there are.
            pub fn legal_len(&self) -> usize {
                match self {
                    $(AnyDecision::$Variant { legal, .. } => legal.len()),*
                }
            }
        }

        impl AnyGame {
            /// Start a match under rules `version` (see [`GameKind::rules_version`]).
            pub fn new_game(
                setup: AnySetup,
                version: u32,
                dice: &mut dyn DiceSource,
            ) -> Result<(AnyGame, Vec<AnyEvent>), SetupError> {
                match setup {
                    $(AnySetup::$Variant(s) => {
                        let (g, events) =
                            <crate::$module::Game as Ruleset>::new_game(s, version, dice)?;
                        Ok((
                            AnyGame::$Variant(g),
                            events.into_iter().map(AnyEvent::$Variant).collect(),
                        ))
                    }),*
                }
            }

            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyGame::$Variant(_) => GameKind::$Variant),*
                }
            }

            pub fn setup(&self) -> AnySetup {
                match self {
                    $(AnyGame::$Variant(g) => AnySetup::$Variant(g.setup().clone())),*
                }
            }

            pub fn rules_version(&self) -> u32 {
                match self {
                    $(AnyGame::$Variant(g) => g.rules_version()),*
                }
            }

            pub fn prompt(&self) -> AnyPrompt {
                match self {
                    $(AnyGame::$Variant(g) => AnyPrompt::$Variant(g.prompt().clone())),*
                }
            }

            /// The coach who must answer now (`None` once the match is over).
            pub fn deciding(&self) -> Option<Side> {
                match self {
                    $(AnyGame::$Variant(g) => g.deciding()),*
                }
            }

            /// The pending decision as `seat` may see it: the legal answers only for the
            /// deciding coach.
            pub fn decision(&self, seat: Seat) -> AnyDecision {
                let decides = matches!(seat, Seat::Coach(me) if Some(me) == self.deciding());
                match self {
                    $(AnyGame::$Variant(g) => AnyDecision::$Variant {
                        prompt: g.prompt().clone(),
                        legal: if decides { g.legal_commands().into_owned() } else { Vec::new() },
                    }),*
                }
            }

            /// The decision of a match that is over (also after a concession or a forfeit):
            /// the game's over prompt, nothing legal.
            pub fn decision_over(&self) -> AnyDecision {
                match self {
                    $(AnyGame::$Variant(_) => AnyDecision::$Variant {
                        prompt: <crate::$module::Game as Ruleset>::over_prompt(),
                        legal: Vec::new(),
                    }),*
                }
            }

            /// Every legal answer, tagged by game.
            pub fn legal_commands(&self) -> Vec<AnyCommand> {
                match self {
                    $(AnyGame::$Variant(g) =>
                        g.legal_commands().iter().cloned().map(AnyCommand::$Variant).collect()),*
                }
            }

            /// How many legal answers there are.
            pub fn legal_len(&self) -> usize {
                match self {
                    $(AnyGame::$Variant(g) => g.legal_commands().len()),*
                }
            }

            #[allow(unreachable_patterns)]
            pub fn is_legal(&self, cmd: &AnyCommand) -> bool {
                match (self, cmd) {
                    $((AnyGame::$Variant(g), AnyCommand::$Variant(c)) => g.is_legal(c),)*
                    _ => false,
                }
            }

            /// Carry out a legal command; refuse anything else (another game's commands
            /// included) with the match unchanged.
            #[allow(unreachable_patterns)]
            pub fn apply(
                &mut self,
                cmd: AnyCommand,
                dice: &mut dyn DiceSource,
            ) -> Result<Vec<AnyEvent>, RefusedCommand> {
                let expected = self.kind();
                match (self, cmd) {
                    $((AnyGame::$Variant(g), AnyCommand::$Variant(c)) => Ok(g
                        .apply(c, dice)?
                        .into_iter()
                        .map(AnyEvent::$Variant)
                        .collect()),)*
                    (_, cmd) => Err(RefusedCommand::WrongGame {
                        expected: expected.name().into(),
                        got: cmd.kind().name().into(),
                    }),
                }
            }

            pub fn view(&self, seat: Seat) -> AnyView {
                match self {
                    $(AnyGame::$Variant(g) => AnyView::$Variant(g.view(seat))),*
                }
            }

            pub fn outcome(&self) -> Option<AnyOutcome> {
                match self {
                    $(AnyGame::$Variant(g) => g.outcome().map(AnyOutcome::$Variant)),*
                }
            }

            pub fn is_over(&self) -> bool {
                match self {
                    $(AnyGame::$Variant(g) => g.outcome().is_some()),*
                }
            }

            pub fn score(&self) -> [u16; 2] {
                match self {
                    $(AnyGame::$Variant(g) => g.score()),*
                }
            }

            /// The turn a per-turn clock times.
            pub fn turn_marker(&self) -> Option<TurnMarker> {
                match self {
                    $(AnyGame::$Variant(g) => g.turn_marker()),*
                }
            }

            /// What a timer plays for a coach whose time ran out.
            pub fn timeout_command(&self) -> Option<AnyCommand> {
                match self {
                    $(AnyGame::$Variant(g) => g.timeout_command().map(AnyCommand::$Variant)),*
                }
            }
        }
    };
}

games! {
    Blitz => blitz,
    BloodBowl => bb,
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::core::ChaChaDice;

    #[test]
    fn every_game_is_named_on_the_wire_as_its_ruleset_says() {
        for kind in GameKind::ALL {
            let json = serde_json::to_value(kind).unwrap();
            assert_eq!(json, serde_json::json!(kind.name()));
            assert_eq!(GameKind::parse(&kind.name().to_uppercase()), Some(*kind));
            assert!(kind.oldest_rules_version() <= kind.rules_version());
        }
    }

    #[test]
    fn payloads_are_tagged_by_game() {
        let setup = AnySetup::Blitz(crate::blitz::random_play::random_setup(5));
        let json = serde_json::to_value(&setup).unwrap();
        assert_eq!(json["game"], "blitz");
        assert!(json["setup"]["teams"].is_array());
        let mut dice = ChaChaDice::from_u64(5);
        let (game, events) =
            AnyGame::new_game(setup, GameKind::Blitz.rules_version(), &mut dice).unwrap();
        let event = serde_json::to_value(&events[0]).unwrap();
        assert_eq!(event["game"], "blitz");
        assert!(event["type"].is_string());
        let decision = serde_json::to_value(game.decision(Seat::Spectator)).unwrap();
        assert_eq!(decision["game"], "blitz");
        assert_eq!(decision["legal"], serde_json::json!([]));
        for cmd in game.legal_commands() {
            let json = serde_json::to_value(&cmd).unwrap();
            assert_eq!(json["game"], "blitz");
            assert_eq!(serde_json::from_value::<AnyCommand>(json).unwrap(), cmd);
        }
        let view = serde_json::to_value(game.view(Seat::Spectator)).unwrap();
        assert_eq!(view["game"], "blitz");
        let back: AnyView = serde_json::from_value(view).unwrap();
        assert_eq!(back, game.view(Seat::Spectator));
    }

    #[test]
    fn a_view_follows_the_match_from_its_projected_events() {
        let seed = 21;
        let setup = AnySetup::Blitz(crate::blitz::random_play::random_setup(seed));
        let mut dice = ChaChaDice::from_u64(seed);
        let mut picker = ChaChaDice::from_u64(seed ^ 0xABCD);
        let (mut game, _) =
            AnyGame::new_game(setup, GameKind::Blitz.rules_version(), &mut dice).unwrap();
        let seats = [
            Seat::Coach(Side::Home),
            Seat::Coach(Side::Away),
            Seat::Spectator,
        ];
        let mut views: Vec<AnyView> = seats.iter().map(|s| game.view(*s)).collect();
        let mut steps = 0;
        while !game.is_over() && steps < 400 {
            let legal = game.legal_commands();
            let i = crate::core::DiceSource::roll(
                &mut picker,
                crate::core::Die::Range(legal.len() as u16),
            );
            let events = game
                .apply(legal[usize::from(i)].clone(), &mut dice)
                .unwrap();
            for (view, seat) in views.iter_mut().zip(seats) {
                for e in events.iter().filter_map(|e| e.project(seat)) {
                    view.apply(&e);
                }
                view.set_prompt(&game.decision(seat));
                assert_eq!(*view, game.view(seat), "step {steps}, {seat:?}");
            }
            steps += 1;
        }
    }

    #[test]
    fn a_payload_without_its_game_is_refused() {
        let err = serde_json::from_str::<AnyCommand>(r#"{"type":"end_turn"}"#).unwrap_err();
        assert!(err.to_string().contains("game"), "{err}");
        let err = serde_json::from_str::<AnyCommand>(r#"{"game":"chess","type":"end_turn"}"#)
            .unwrap_err();
        assert!(err.to_string().contains("chess"), "{err}");
    }

    #[test]
    fn the_contract_plays_a_whole_match_like_the_engine() {
        use crate::blitz;
        let seed = 11;
        let setup = blitz::random_play::random_setup(seed);
        let mut d1 = ChaChaDice::from_u64(seed);
        let mut d2 = ChaChaDice::from_u64(seed);
        let mut picker = ChaChaDice::from_u64(seed ^ 0xABCD);
        let (mut g, e1) = blitz::new_game(setup, &mut d1).unwrap();
        let (mut any, e2) =
            AnyGame::new_game(AnySetup::Blitz(setup), blitz::RULES_VERSION, &mut d2).unwrap();
        assert_eq!(e2, e1.into_iter().map(AnyEvent::Blitz).collect::<Vec<_>>());
        while !g.is_over() {
            let legal = blitz::legal_commands(&g);
            assert_eq!(any.legal_commands().len(), legal.len());
            let cmd = legal[usize::from(crate::core::DiceSource::roll(
                &mut picker,
                crate::core::Die::Range(legal.len() as u16),
            ))];
            let e1 = blitz::apply(&mut g, cmd, &mut d1).unwrap();
            let e2 = any.apply(AnyCommand::Blitz(cmd), &mut d2).unwrap();
            assert_eq!(e2, e1.into_iter().map(AnyEvent::Blitz).collect::<Vec<_>>());
        }
        assert!(any.is_over());
        assert_eq!(any.outcome(), g.outcome.map(AnyOutcome::Blitz));
        assert_eq!(any.score(), g.score);
        assert!(any.timeout_command().is_none());
        assert_eq!(
            any.apply(AnyCommand::Blitz(blitz::Command::EndTurn), &mut d2),
            Err(RefusedCommand::GameOver)
        );
    }
}
