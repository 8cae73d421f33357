//! The games this client plays, and the one place where the protocol's game-tagged payloads
//! (`AnyView`, `AnyEvent`, `AnyCommand`, `AnyDecision`, `AnySetup`, `AnyOutcome`) become a
//! game's own types and back.
//!
//! Each game has its own module here, made by the `client_games!` call at the bottom:
//! [`blitz`] (Blitz Bowl) and [`bb`] (Blood Bowl). Each offers the same functions on its
//! own types: `view`, `event`, `fold`, `setup_of`, `outcome` and [`blitz::Decision::from_wire`]
//! read a wire payload and answer [`WrongGame`] when it belongs to another game (a part of
//! the client that plays one game refuses the others with that error, never panics);
//! `command`, `setup` and `Decision::to_wire` tag a game's own value for the wire.
//!
//! Code that works for every game stays on the wire types (`AnyView::apply`,
//! `AnyDecision::legal`...) or matches on [`GameKind`]; adding a game is one line in
//! `client_games!` plus an arm in the few game-generic functions below.

use std::fmt;

use dugout_rules::{AnyOutcome, AnySetup, AnyView, GameKind};

/// A wire payload of one game given to a part of the client that plays another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrongGame {
    /// The game of the payload.
    pub found: GameKind,
    /// The game this part of the client reads.
    pub wanted: GameKind,
}

impl fmt::Display for WrongGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "this client does not play {} here (this part of it plays {} only)",
            self.found, self.wanted
        )
    }
}

impl std::error::Error for WrongGame {}

macro_rules! client_games {
    ($($Variant:ident => $module:ident: $title:literal),* $(,)?) => {
        $(
        #[doc = concat!("The ", $title, " side of the wire: its payloads as `dugout_rules::",
            stringify!($module), "` types, and back.")]
        pub mod $module {
            use dugout_protocol::Decision as WireDecision;
            use dugout_rules::$module::{Command, Event, GameView, MatchSetup, Outcome, Prompt};
            use dugout_rules::core::Side;
            use dugout_rules::{
                AnyCommand, AnyDecision, AnyEvent, AnyOutcome, AnySetup, AnyView, GameKind,
            };

            use super::WrongGame;

            /// This game.
            pub const KIND: GameKind = GameKind::$Variant;

            fn wrong(found: GameKind) -> WrongGame {
                WrongGame {
                    found,
                    wanted: KIND,
                }
            }

            /// The pending decision as this game's client reads it: the prompt and the
            /// legal commands (for the deciding coach only), and the deciding coach's time.
            #[derive(Clone, Debug, PartialEq)]
            pub struct Decision {
                pub prompt: Prompt,
                pub legal: Vec<Command>,
                pub time_left_ms: Option<u64>,
            }

            impl Decision {
                /// A decision from the wire.
                #[allow(unreachable_patterns)]
                pub fn from_wire(d: &WireDecision) -> Result<Decision, WrongGame> {
                    match &d.pending {
                        AnyDecision::$Variant { prompt, legal } => Ok(Decision {
                            prompt: prompt.clone(),
                            legal: legal.clone(),
                            time_left_ms: d.time_left_ms,
                        }),
                        other => Err(wrong(other.kind())),
                    }
                }

                /// The decision as the wire carries it.
                pub fn to_wire(&self) -> WireDecision {
                    WireDecision {
                        pending: AnyDecision::$Variant {
                            prompt: self.prompt.clone(),
                            legal: self.legal.clone(),
                        },
                        time_left_ms: self.time_left_ms,
                    }
                }

                /// The coach the decision waits for.
                pub fn deciding(&self) -> Option<Side> {
                    self.prompt.coach
                }
            }

            /// A view from the wire.
            #[allow(unreachable_patterns)]
            pub fn view(v: &AnyView) -> Result<GameView, WrongGame> {
                match v {
                    AnyView::$Variant(v) => Ok(v.clone()),
                    other => Err(wrong(other.kind())),
                }
            }

            /// A game event from the wire.
            #[allow(unreachable_patterns)]
            pub fn event(e: &AnyEvent) -> Result<Event, WrongGame> {
                match e {
                    AnyEvent::$Variant(e) => Ok(e.clone()),
                    other => Err(wrong(other.kind())),
                }
            }

            /// Fold one game event, as this seat received it, into the view (the rules'
            /// reducer).
            #[allow(unreachable_patterns)]
            pub fn fold(view: &mut GameView, e: &AnyEvent) -> Result<(), WrongGame> {
                match e {
                    AnyEvent::$Variant(e) => {
                        view.apply(e);
                        Ok(())
                    }
                    other => Err(wrong(other.kind())),
                }
            }

            /// A command for the wire.
            pub fn command(c: Command) -> AnyCommand {
                AnyCommand::$Variant(c)
            }

            /// A setup for the wire.
            pub fn setup(s: MatchSetup) -> AnySetup {
                AnySetup::$Variant(s)
            }

            /// This game's setup of a room's game-tagged one.
            #[allow(unreachable_patterns)]
            pub fn setup_of(s: &AnySetup) -> Result<&MatchSetup, WrongGame> {
                match s {
                    AnySetup::$Variant(s) => Ok(s),
                    other => Err(wrong(other.kind())),
                }
            }

            /// An outcome from the wire.
            #[allow(unreachable_patterns)]
            pub fn outcome(o: &AnyOutcome) -> Result<Outcome, WrongGame> {
                match o {
                    AnyOutcome::$Variant(o) => Ok(*o),
                    other => Err(wrong(super::outcome_kind(other))),
                }
            }
        }
        )*

        /// The game of an outcome.
        pub fn outcome_kind(o: &AnyOutcome) -> GameKind {
            match o {
                $(AnyOutcome::$Variant(_) => GameKind::$Variant),*
            }
        }

        /// A game's name for people.
        pub fn title(kind: GameKind) -> &'static str {
            match kind {
                $(GameKind::$Variant => $title),*
            }
        }
    };
}

client_games!(
    Blitz => blitz: "Blitz Bowl",
    BloodBowl => bb: "Blood Bowl",
);

/// Whether a match of `view`'s game at rules `version` can be followed from its events
/// alone (each game says from which version its events carry the whole view).
pub fn view_folds(view: &AnyView, version: u32) -> bool {
    view.kind().view_folds(version)
}

/// The two teams of a setup of any game, Home's first, as people read them ("Orc", "Wood
/// Elf"; a Blood Bowl team sheet by its own name).
pub fn team_names(setup: &AnySetup) -> [String; 2] {
    match setup {
        AnySetup::Blitz(s) => s
            .teams
            .map(|t| dugout_rules::blitz::data::team(t).name.to_string()),
        AnySetup::BloodBowl(s) => [0, 1].map(|i| match &s.teams[i] {
            dugout_rules::bb::TeamChoice::Roster(r) => r.data().name.to_string(),
            dugout_rules::bb::TeamChoice::Sheet(sheet) if !sheet.name.trim().is_empty() => {
                sheet.name.clone()
            }
            dugout_rules::bb::TeamChoice::Sheet(sheet) => sheet.roster.data().name.to_string(),
        }),
    }
}

/// An outcome of any game in words.
pub fn outcome_words(o: &AnyOutcome) -> String {
    use dugout_rules::bb::Outcome as Bb;
    use dugout_rules::blitz::Outcome as Blitz;
    match o {
        AnyOutcome::Blitz(Blitz::Points { winner: Some(s) } | Blitz::SuddenDeath { winner: s }) => {
            format!("{s:?} won")
        }
        AnyOutcome::Blitz(Blitz::Points { winner: None }) => "a draw".into(),
        AnyOutcome::BloodBowl(Bb::Score { winner: Some(s) }) => format!("{s:?} won"),
        AnyOutcome::BloodBowl(Bb::Score { winner: None }) => "a draw".into(),
        AnyOutcome::BloodBowl(Bb::Penalties { winner }) => format!("{winner:?} won on penalties"),
        AnyOutcome::BloodBowl(Bb::Conceded { winner }) => {
            format!("{winner:?} won ({:?} conceded)", winner.other())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dugout_rules::core::Side;

    #[test]
    fn a_payload_of_another_game_is_refused_with_both_names() {
        let o = AnyOutcome::BloodBowl(dugout_rules::bb::Outcome::Score {
            winner: Some(Side::Home),
        });
        let e = blitz::outcome(&o).expect_err("a Blood Bowl outcome is not Blitz Bowl's");
        assert_eq!(
            e,
            WrongGame {
                found: GameKind::BloodBowl,
                wanted: GameKind::Blitz
            }
        );
        assert_eq!(
            e.to_string(),
            "this client does not play blood_bowl here (this part of it plays blitz only)"
        );
        assert!(bb::outcome(&o).is_ok());
        assert_eq!(outcome_words(&o), "Home won");
    }
}
