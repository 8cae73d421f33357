//! The games this client plays, and the one place where the protocol's game-tagged payloads
//! (`AnyView`, `AnyEvent`, `AnyCommand`, the decision) become a game's own types and back.
//!
//! The client draws, describes and plays Blitz Bowl; its screens, strategies and bots work
//! on Blitz Bowl's types through these functions. A new game gets its own drawing and
//! describing code beside Blitz Bowl's and its arm in each function here.

use dugout_protocol::Decision as WireDecision;
use dugout_rules::blitz::{self, Command, Event, GameView, MatchSetup, Outcome, Prompt};
use dugout_rules::core::Side;
use dugout_rules::{AnyCommand, AnyEvent, AnyOutcome, AnySetup, AnyView};

/// The pending decision as a Blitz Bowl client reads it: the prompt and the legal commands
/// (for the deciding coach only), and the deciding coach's time.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub prompt: Prompt,
    pub legal: Vec<Command>,
    pub time_left_ms: Option<u64>,
}

impl Decision {
    /// A decision from the wire.
    /// A decision of another game (this client plays Blitz Bowl only) has nothing for it
    /// to answer: no coach, nothing legal.
    pub fn from_wire(d: &WireDecision) -> Decision {
        let dugout_rules::AnyDecision::Blitz { prompt, legal } = &d.pending else {
            return Decision {
                prompt: Prompt {
                    coach: None,
                    kind: blitz::PromptKind::GameOver,
                },
                legal: Vec::new(),
                time_left_ms: d.time_left_ms,
            };
        };
        Decision {
            prompt: prompt.clone(),
            legal: legal.clone(),
            time_left_ms: d.time_left_ms,
        }
    }

    /// The decision as the wire carries it.
    pub fn to_wire(&self) -> WireDecision {
        WireDecision {
            pending: dugout_rules::AnyDecision::Blitz {
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

/// A view from the wire (`None`: another game's, which this client does not draw).
pub fn view(v: &AnyView) -> Option<GameView> {
    match v {
        AnyView::Blitz(v) => Some(v.clone()),
        _ => None,
    }
}

/// A game event from the wire (`None`: another game's).
pub fn event(e: &AnyEvent) -> Option<Event> {
    match e {
        AnyEvent::Blitz(e) => Some(e.clone()),
        _ => None,
    }
}

/// Fold one game event, as this seat received it, into the view (the rules' reducer);
/// another game's events are ignored.
pub fn fold(view: &mut GameView, e: &AnyEvent) {
    if let AnyEvent::Blitz(e) = e {
        view.apply(e);
    }
}

/// Whether a match of `view`'s game at rules `version` can be followed from its events
/// alone (each game says from which version its events carry the whole view).
pub fn view_folds(view: &dugout_rules::AnyView, version: u32) -> bool {
    view.kind().view_folds(version)
}

/// A command for the wire.
pub fn command(c: Command) -> AnyCommand {
    AnyCommand::Blitz(c)
}

/// A setup for the wire.
pub fn setup(s: MatchSetup) -> AnySetup {
    AnySetup::Blitz(s)
}

/// The Blitz Bowl setup of a room's game-tagged one (`None`: another game's).
pub fn blitz_setup(s: &AnySetup) -> Option<&MatchSetup> {
    match s {
        AnySetup::Blitz(s) => Some(s),
        _ => None,
    }
}

/// An outcome from the wire (`None`: another game's).
pub fn outcome(o: &AnyOutcome) -> Option<Outcome> {
    match o {
        AnyOutcome::Blitz(o) => Some(*o),
        _ => None,
    }
}

/// An outcome in words (another game's: by its winner).
pub fn outcome_words(o: &AnyOutcome) -> String {
    let Some(outcome) = outcome(o) else {
        return match o.winner() {
            Some(s) => format!("{s:?} won"),
            None => "a draw".into(),
        };
    };
    match outcome {
        blitz::Outcome::Points { winner: Some(s) } | blitz::Outcome::SuddenDeath { winner: s } => {
            format!("{s:?} won")
        }
        blitz::Outcome::Points { winner: None } => "a draw".into(),
    }
}
