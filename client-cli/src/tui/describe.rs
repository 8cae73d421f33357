//! Events and prompts in words, for the event log and the prompt line of the match screen.

use dugout_rules::blitz::{
    ActionKind, Event, FreeGrant, GameView, MoveKind, Outcome, PlayerId, Prompt, PromptKind,
    RollKind, RollPurpose, ScoreReason, Window,
};
use dugout_rules::core::{BlockFace, Die, Seat, Side};

/// "Home" or "Away".
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Home => "Home",
        Side::Away => "Away",
    }
}

/// The name of a block die face.
pub fn block_face_name(face: BlockFace) -> &'static str {
    match face {
        BlockFace::Miss => "Miss",
        BlockFace::Tackle => "Tackle",
        BlockFace::Shove => "Shove",
        BlockFace::Smash => "Smash",
        BlockFace::Kerrunch => "Kerrunch!",
    }
}

fn action_name(action: ActionKind) -> &'static str {
    match action {
        ActionKind::Run => "Run",
        ActionKind::Mark => "Mark",
        ActionKind::Throw => "Throw",
        ActionKind::Block => "Block",
        ActionKind::Sidestep => "Sidestep",
        ActionKind::StandUp => "Stand Up",
        ActionKind::Reserves => "Reserves",
        ActionKind::Foul => "Foul",
        ActionKind::ThrowTeamMate => "Throw Team-mate",
    }
}

fn purpose_name(purpose: RollPurpose) -> &'static str {
    match purpose {
        RollPurpose::CoinToss => "the coin toss",
        RollPurpose::Arena => "the arena",
        RollPurpose::Trapdoor => "a trapdoor",
        RollPurpose::Movement => "movement",
        RollPurpose::Bounce => "a bounce",
        RollPurpose::Throw => "a throw",
        RollPurpose::Block => "a block",
        RollPurpose::Armour => "armour",
        RollPurpose::Violent => "a violent injury",
        RollPurpose::Foul => "a foul",
        RollPurpose::SquigBall => "the Squig Ball",
        RollPurpose::Shuffle => "a shuffle",
        RollPurpose::PitchInvasion => "a pitch invasion",
    }
}

/// What a roll's success or failure means, in the words of its purpose ("armour holds").
pub fn outcome_words(purpose: RollPurpose, success: bool) -> &'static str {
    match (purpose, success) {
        (RollPurpose::Armour, true) => "armour holds",
        (RollPurpose::Armour, false) => "armour broken",
        (RollPurpose::Throw, true) => "the throw is good",
        (RollPurpose::Throw, false) => "the throw fails",
        (RollPurpose::Trapdoor, true) => "the player escapes the trapdoor",
        (RollPurpose::Trapdoor, false) => "the player falls through the trapdoor",
        (RollPurpose::Foul, true) => "the foul works",
        (RollPurpose::Foul, false) => "the foul fails",
        (_, true) => "made it",
        (_, false) => "failed",
    }
}

/// "1 pt", "2 pts".
pub fn pts(points: u8) -> String {
    if points == 1 {
        "1 pt".to_string()
    } else {
        format!("{points} pts")
    }
}

fn join(items: impl IntoIterator<Item = String>) -> String {
    items.into_iter().collect::<Vec<_>>().join(", ")
}

/// One event in words, dice faces included. Players are "Player #N"; see [`describe_in`] for
/// their team and position.
pub fn describe(event: &Event) -> String {
    describe_with(event, None)
}

/// One event in words, naming players by side and position from `view` ("Home Blitzer #4").
pub fn describe_in(event: &Event, view: &GameView) -> String {
    describe_with(event, Some(view))
}

/// "Home Blitzer #4" (the short position name of [`super::pitch::position_keys`]) with a
/// view, "Player #4" without.
pub fn player_label(view: Option<&GameView>, id: PlayerId) -> String {
    let found = view.and_then(|v| {
        let p = v.players.iter().find(|p| p.id == id)?;
        let name = super::pitch::position_short_name(v, p)?;
        Some(format!("{} {name} #{}", side_name(p.side), id.0))
    });
    found.unwrap_or_else(|| format!("Player #{}", id.0))
}

fn describe_with(event: &Event, view: Option<&GameView>) -> String {
    let p = |id: PlayerId| player_label(view, id);
    match event {
        Event::CoinToss { winner } => format!("{} won the coin toss", side_name(*winner)),
        Event::ArenaRolled { arena } => format!("The arena is {}", arena.name()),
        Event::BoardChosen { side } => format!(
            "Board: {}",
            match side {
                dugout_rules::blitz::data::BoardSide::OneTrapdoor => "one trapdoor",
                dugout_rules::blitz::data::BoardSide::TwoTrapdoors => "two trapdoors",
            }
        ),
        Event::CoachA { coach } => format!("{} is Coach A", side_name(*coach)),
        Event::CardDealt {
            slot,
            challenge,
            points,
        } => format!(
            "Challenge dealt to slot {}: {} ({})",
            slot + 1,
            challenge.name(),
            pts(*points)
        ),
        Event::DeckTop { remaining, .. } => format!(
            "{} left in the deck",
            crate::app::words::count(usize::from(*remaining), "card")
        ),
        Event::ActiveDiscarded { slot, bonus, .. } => format!(
            "Challenge in slot {} discarded ({} face up)",
            slot + 1,
            bonus.name()
        ),
        Event::ActiveCardMoved { from, to } => format!(
            "Challenge in slot {} moves down to slot {}",
            from + 1,
            to + 1
        ),
        Event::PlayerPlaced { player, square } => {
            format!("{} set up at {square}", p(*player))
        }
        Event::BallEntered { kind, square, .. } => {
            format!("{} enters play at {square}", kind.name())
        }
        Event::TurnStarted { coach, turn } => {
            format!("{}'s turn {turn} begins", side_name(*coach))
        }
        Event::Rolled(roll) => {
            let who = roll.coach.map_or("The game", side_name);
            let faces = match roll.die {
                Die::Block => join(
                    roll.faces
                        .iter()
                        .map(|&f| block_face_name(BlockFace::from_index(f)).to_string()),
                ),
                // A `Range(n)` pick is `0..n` in the engine; people count a D2 as 1 or 2.
                Die::Range(_) => join(roll.faces.iter().map(|f| (u32::from(*f) + 1).to_string())),
                _ => join(roll.faces.iter().map(u16::to_string)),
            };
            let die = match roll.die {
                Die::D6 => "D6".to_string(),
                Die::D8 => "D8".to_string(),
                Die::Block if roll.faces.len() == 1 => "a block die".to_string(),
                Die::Block => format!("{} block dice", roll.faces.len()),
                Die::Range(n) => format!("D{n}"),
            };
            let mut s = format!(
                "{who} {} {die} for {}: {faces}",
                if roll.reroll { "re-rolled" } else { "rolled" },
                purpose_name(roll.purpose)
            );
            if let Some(target) = roll.target {
                s.push_str(&format!(" (needs {target}+"));
                if roll.modifier != 0 {
                    s.push_str(&format!(", modifier {:+}", roll.modifier));
                }
                s.push(')');
            }
            if let Some(success) = roll.success {
                s.push_str(": ");
                s.push_str(outcome_words(roll.purpose, success));
            }
            s
        }
        Event::ActionStarted {
            player,
            action,
            free,
        } => format!(
            "{} takes a {}{} action",
            p(*player),
            if *free { "free " } else { "" },
            action_name(*action)
        ),
        Event::PlayerMoved { player, from, to } => {
            format!("{} moves {from} -> {to}", p(*player))
        }
        Event::BallBounced { from, to, .. } => format!("The ball bounces {from} -> {to}"),
        Event::BallPossessed { player, .. } => format!("{} has the ball", p(*player)),
        Event::BallLanded { square, .. } => format!("The ball lands at {square}"),
        Event::BallRemoved { .. } => "A ball leaves play".to_string(),
        Event::BlockDieChosen { face } => format!("Block die chosen: {}", block_face_name(*face)),
        Event::Pushed { player, from, to } => {
            format!("{} is pushed {from} -> {to}", p(*player))
        }
        Event::TeamMateThrown {
            thrower,
            player,
            to,
            ..
        } => format!(
            "{} throws team-mate {} towards {to}",
            p(*thrower),
            p(*player)
        ),
        Event::KnockedDown { player } => format!("{} is knocked down", p(*player)),
        Event::PlacedProne { player } => format!("{} is placed prone", p(*player)),
        Event::Injured { player } => format!("{} is injured", p(*player)),
        Event::Ejected { player } => format!("{} is sent off", p(*player)),
        Event::StoodUp { player } => format!("{} stands up", p(*player)),
        Event::ToReserves { player } => format!("{} goes to the reserves", p(*player)),
        Event::FinishedForTurn { player } => {
            format!("{} is finished for this turn", p(*player))
        }
        Event::Touchdown { player, .. } => format!("TOUCHDOWN by {}!", p(*player)),
        Event::Scored {
            coach,
            points,
            reason,
            total,
        } => format!(
            "{} scores {points} for {} (total {total})",
            side_name(*coach),
            match reason {
                ScoreReason::Touchdown => "a touchdown",
                ScoreReason::Challenge => "a challenge",
                ScoreReason::CleanSweep => "a clean sweep",
                ScoreReason::GenerousCoaches => "Generous Coaches",
            }
        ),
        Event::Claimed {
            coach,
            challenge,
            points,
            ..
        } => format!(
            "{} claims {} ({})",
            side_name(*coach),
            challenge.name(),
            pts(*points)
        ),
        Event::BonusPlayed { coach, bonus, .. } => {
            format!("{} plays {}", side_name(*coach), bonus.name())
        }
        Event::HandDiscarded { coach, bonus, .. } => {
            format!("{} discards {}", side_name(*coach), bonus.name())
        }
        Event::RerollUsed { coach, source } => {
            format!("{} uses a re-roll ({source:?})", side_name(*coach))
        }
        Event::RandomEvent { coach, event } => {
            format!("{} draws Random Event: {}", side_name(*coach), event.name())
        }
        Event::RandomEventResolved { event } => {
            format!("Random Event resolved: {}", event.name())
        }
        Event::RookiesCardUsed { coach } => {
            format!("{} uses Rookies to Watch", side_name(*coach))
        }
        Event::TurnEnded { coach } => format!("{}'s turn ends", side_name(*coach)),
        Event::GameOver { outcome, score } => {
            let winner = match outcome {
                Outcome::SuddenDeath { winner } => {
                    format!("{} wins by sudden death", side_name(*winner))
                }
                Outcome::Points {
                    winner: Some(winner),
                } => format!("{} wins", side_name(*winner)),
                Outcome::Points { winner: None } => "A draw".to_string(),
            };
            format!("Game over: {winner}, {}-{}", score[0], score[1])
        }
    }
}

/// What the prompt asks, from `seat`'s point of view: "You: ..." or "Waiting for Away: ...".
/// Players are named as [`player_label`] does with `view`.
pub fn describe_prompt(prompt: &Prompt, seat: Seat, view: Option<&GameView>) -> String {
    let what = match &prompt.kind {
        PromptKind::ChooseBoardSide => "choose the board side".to_string(),
        PromptKind::SetUp => "set up the next player in your end zone".to_string(),
        PromptKind::ChooseBall => "choose the ball that enters play".to_string(),
        PromptKind::RefreshDiscard => "choose an active challenge to discard".to_string(),
        PromptKind::Action => "choose an action, play a Bonus Play or end the turn".to_string(),
        PromptKind::Move { player, kind, left } => format!(
            "move {} ({}, {} left) or stop",
            player_label(view, *player),
            match kind {
                MoveKind::Run => "Run",
                MoveKind::Mark | MoveKind::MarkTowards(_) => "Mark",
            },
            crate::app::words::count(usize::from(*left), "square")
        ),
        PromptKind::Reroll { kind } => format!(
            "re-roll the {} roll?",
            match kind {
                RollKind::Throw => "throw",
                RollKind::Block => "block",
                RollKind::Armour => "armour",
            }
        ),
        PromptKind::BlockDie { faces } => format!(
            "choose a block die: {}",
            join(faces.iter().map(|f| block_face_name(*f).to_string()))
        ),
        PromptKind::FollowUp { square, .. } => format!("follow up into {square}?"),
        PromptKind::SafeHandsBounce { from } => {
            format!("choose where the ball bounces from {from}")
        }
        PromptKind::Claim => "claim a challenge or decline".to_string(),
        PromptKind::FreeAction { player, grant } => format!(
            "{} may take a free {}",
            player_label(view, *player),
            match grant {
                FreeGrant::Block | FreeGrant::DivingTackleBlock => "Block",
                FreeGrant::Run | FreeGrant::ShortRun => "Run",
                FreeGrant::ShortThrow | FreeGrant::DumpOff => "Throw",
                FreeGrant::StandUp => "Stand Up",
                FreeGrant::Sidestep => "Sidestep",
                FreeGrant::Reserves | FreeGrant::EmergencyReserves => "Reserves action",
                FreeGrant::InterventionMark(_) => "Mark",
                FreeGrant::MarkBonus => "Bonus Play after the Mark",
            }
        ),
        PromptKind::BonusWindow { window } => format!(
            "play a Bonus Play {}?",
            match window {
                Window::AfterOpponentRun { .. } => "after the opponent's Run",
                Window::AfterOpponentMark { .. } => "after the opponent's Mark",
                Window::OpponentSidestep { .. } => "against the Sidestep",
                Window::BlockTarget { .. } => "as a Block target",
                Window::BeforeArmour { .. } => "before the armour roll",
                Window::AfterMark { .. } => "after your Mark",
                Window::TurnStart => "at the start of your turn",
            }
        ),
        PromptKind::HandLimit { excess } => format!(
            "discard {} to the hand limit",
            crate::app::words::count(usize::from(*excess), "card")
        ),
        PromptKind::EventPlayer { event } => format!("pick a player for {}", event.name()),
        PromptKind::Minion { .. } => "use Minion to save the team-mate?".to_string(),
        PromptKind::GameOver => return "The match is over".to_string(),
    };
    match prompt.coach {
        Some(coach) if seat == Seat::Coach(coach) => format!("You: {what}"),
        Some(coach) => format!("Waiting for {}: {what}", side_name(coach)),
        None => "The match is over".to_string(),
    }
}
