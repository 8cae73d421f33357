//! The legal commands of a decision as things a person picks: a label in words, the player
//! the command is about (its subject) and the square it aims at (its target), so a command is
//! chosen from a menu or by pointing at the pitch.

use dugout_rules::blitz::data::{BallKind, BoardSide};
use dugout_rules::blitz::{ActionChoice, Command, GameView, PlayerId, RerollSource};
use dugout_rules::core::Square;

use crate::tui::describe::player_label;

/// The player a command is about, if any.
pub fn subject(cmd: &Command) -> Option<PlayerId> {
    match *cmd {
        Command::PlacePlayer { player, .. }
        | Command::Action { player, .. }
        | Command::Wardance { player, .. } => Some(player),
        Command::PlayBonus { player, .. } => player,
        _ => None,
    }
}

fn square_of(view: Option<&GameView>, id: PlayerId) -> Option<Square> {
    view?.players.iter().find(|p| p.id == id)?.square()
}

/// The square a command aims at, if any: where a player is placed or moves, the square of a
/// block, foul or chosen player, a throw's target.
pub fn target(cmd: &Command, view: Option<&GameView>) -> Option<Square> {
    match *cmd {
        Command::PlacePlayer { square, .. }
        | Command::MoveTo { square }
        | Command::BounceTo { square } => Some(square),
        Command::Wardance { to, .. } => Some(to),
        Command::PlayBonus { square, .. } => square,
        Command::ChoosePlayer { player } => square_of(view, player),
        Command::Action { choice, .. } => match choice {
            ActionChoice::Sidestep { to } => Some(to),
            ActionChoice::Reserves { square } => Some(square),
            ActionChoice::Throw { target } | ActionChoice::ThrowTeamMate { target, .. } => {
                Some(target)
            }
            ActionChoice::Block { target } | ActionChoice::Foul { target } => {
                square_of(view, target)
            }
            ActionChoice::Run | ActionChoice::Mark | ActionChoice::StandUp => None,
        },
        _ => None,
    }
}

fn card_name(card: dugout_rules::blitz::CardId) -> &'static str {
    card.def().bonus.name()
}

/// A command in words ("Block Away Catcher #12 at (6,4)", "Re-roll (Rookies to Watch)").
pub fn label(cmd: &Command, view: Option<&GameView>) -> String {
    let who = |p: PlayerId| player_label(view, p);
    match *cmd {
        Command::ChooseBoardSide { side } => match side {
            BoardSide::OneTrapdoor => "Board side: one trapdoor".into(),
            BoardSide::TwoTrapdoors => "Board side: two trapdoors".into(),
        },
        Command::PlacePlayer { player, square } => format!("Place {} at {square}", who(player)),
        Command::ChooseBall { ball } => format!(
            "Ball: {}",
            match ball {
                BallKind::Standard => "standard",
                BallKind::DwarfRuneBall => "Dwarf Rune Ball",
                BallKind::ExtraSpikyBall => "Extra Spiky Ball",
                BallKind::SquigBall => "Squig Ball",
            }
        ),
        Command::DiscardActive { slot } => {
            let name = view
                .and_then(|v| v.active_cards.iter().find(|c| c.slot == slot))
                .map_or_else(String::new, |c| format!(" {}", c.challenge.name()));
            format!("Discard challenge {}{name}", slot + 1)
        }
        Command::Action {
            player,
            choice,
            bonus,
        } => {
            let what = match choice {
                ActionChoice::Run => "Run".to_string(),
                ActionChoice::Mark => "Mark".to_string(),
                ActionChoice::Sidestep { to } => format!("Sidestep to {to}"),
                ActionChoice::StandUp => "Stand up".to_string(),
                ActionChoice::Reserves { square } => format!("Reserves onto {square}"),
                ActionChoice::Block { target } => format!("Block {}", who(target)),
                ActionChoice::Throw { target } => format!("Throw to {target}"),
                ActionChoice::Foul { target } => format!("Foul {}", who(target)),
                ActionChoice::ThrowTeamMate { thrown, target } => {
                    format!("Throw {} to {target}", who(thrown))
                }
            };
            let with = bonus.map_or_else(String::new, |c| format!(" + {}", card_name(c)));
            format!("{}: {what}{with}", who(player))
        }
        Command::PlayBonus {
            card,
            player,
            square,
        } => {
            let mut s = format!("Play {}", card_name(card));
            if let Some(p) = player {
                s.push_str(&format!(" on {}", who(p)));
            }
            if let Some(sq) = square {
                s.push_str(&format!(" at {sq}"));
            }
            s
        }
        Command::MoveTo { square } => format!("Move to {square}"),
        Command::StopMoving => "Stop moving".into(),
        Command::Reroll { source } => format!(
            "Re-roll ({})",
            match source {
                RerollSource::OffensiveSpecialist => "Offensive Specialist",
                RerollSource::ExpertPasser => "Expert Passer",
                RerollSource::DwarfRuneBall => "Dwarf Rune Ball",
                RerollSource::ExtraSpikyBall => "Extra Spiky Ball",
                RerollSource::RookiesToWatch => "Rookies to Watch",
                RerollSource::RawTalent(c) => card_name(c),
            }
        ),
        Command::ChooseBlockDie { index } => {
            let face = view
                .and_then(|v| match &v.prompt.kind {
                    dugout_rules::blitz::PromptKind::BlockDie { faces } => {
                        faces.get(usize::from(index)).copied()
                    }
                    _ => None,
                })
                .map_or_else(String::new, |f| {
                    format!(": {}", crate::tui::describe::block_face_name(f))
                });
            format!("Block die {}{face}", index + 1)
        }
        Command::FollowUp { follow } => if follow {
            "Follow up"
        } else {
            "Stay (no follow-up)"
        }
        .into(),
        Command::BounceTo { square } => format!("Bounce the ball to {square}"),
        Command::Claim { slot } => {
            let name = view
                .and_then(|v| v.active_cards.iter().find(|c| c.slot == slot))
                .map_or_else(String::new, |c| format!(" {}", c.challenge.name()));
            format!("Claim challenge {}{name}", slot + 1)
        }
        Command::DiscardCard { card } => format!("Discard {}", card_name(card)),
        Command::ChoosePlayer { player } => format!("Choose {}", who(player)),
        Command::Wardance { player, to } => format!("Wardance {} to {to}", who(player)),
        Command::Decline => "Decline".into(),
        Command::EndTurn => "End turn".into(),
    }
}
