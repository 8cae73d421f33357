//! Blood Bowl in words: events for the log (every die in words), prompts for the prompt
//! box, and commands for the choices menu.
//!
//! Section references (§) are to docs/rules/blood-bowl.md.

use dugout_rules::bb::cards::{Card, CardChoice, Toward, Window};
use dugout_rules::bb::{
    ActionKind, Ball, BlockFace, Cause, CheckKind, Command, Event, GameView, Induced,
    InducementItem, InjuryOutcome, Outcome, PlayerId, PlayerState, Prompt, PromptKind,
    RerollSource, RollPurpose, Skill, Spell, Turnover,
};
use dugout_rules::core::{Die, Side};

use super::path::square_name;

/// An enum's Rust name in words: `PouringRain` is "Pouring Rain".
pub fn spaced(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

fn debug_words<T: std::fmt::Debug>(x: T) -> String {
    spaced(&format!("{x:?}"))
}

pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Home => "Home",
        Side::Away => "Away",
    }
}

/// "Home #7 Blitzer".
pub fn player(view: &GameView, id: PlayerId) -> String {
    match view.players.get(id.index()) {
        // §31.10 Fanatic Invasion: the neutral Fanatic is nobody's player.
        Some(p) if p.neutral => format!("the neutral {}", p.name),
        Some(p) => format!("{} #{} {}", side_name(p.side), p.number, p.position),
        None => format!("player {}", id.0),
    }
}

/// "Home #7".
pub fn player_short(view: &GameView, id: PlayerId) -> String {
    match view.players.get(id.index()) {
        Some(p) if p.neutral => "the Fanatic".into(),
        Some(p) => format!("{} #{}", side_name(p.side), p.number),
        None => format!("player {}", id.0),
    }
}

pub fn action_name(a: ActionKind) -> &'static str {
    match a {
        ActionKind::Move => "Move",
        ActionKind::Block => "Block",
        ActionKind::Blitz => "Blitz",
        ActionKind::Pass => "Pass",
        ActionKind::HandOff => "Hand-off",
        ActionKind::Foul => "Foul",
        ActionKind::Bomb => "Bomb",
    }
}

pub fn face_name(f: BlockFace) -> &'static str {
    match f {
        BlockFace::AttackerDown => "Attacker Down",
        BlockFace::BothDown => "Both Down",
        BlockFace::Pushed => "Pushed",
        BlockFace::DefenderStumbles => "Defender Stumbles",
        BlockFace::DefenderDown => "Defender Down",
    }
}

pub fn check_name(c: CheckKind) -> &'static str {
    match c {
        CheckKind::Dodge => "Dodge",
        CheckKind::Gfi => "Going For It",
        CheckKind::PickUp => "Pick-up",
        CheckKind::Catch => "Catch",
        CheckKind::Pass => "Pass",
        CheckKind::Interception => "Interception",
        CheckKind::StandUp => "Stand-up",
        CheckKind::Leap => "Leap",
        CheckKind::BoneHead => "Bone-head",
        CheckKind::ReallyStupid => "Really Stupid",
        CheckKind::WildAnimal => "Wild Animal",
        CheckKind::TakeRoot => "Take Root",
        CheckKind::Block => "Block",
        CheckKind::ThrowTeamMate => "Throw Team-Mate",
        CheckKind::Landing => "Landing",
        CheckKind::JumpUp => "Jump Up",
        CheckKind::SafeThrow => "Safe Throw",
        CheckKind::FoulAppearance => "Foul Appearance",
        CheckKind::HypnoticGaze => "Hypnotic Gaze",
        CheckKind::Animosity => "Animosity",
        CheckKind::BloodLust => "Blood Lust",
    }
}

pub fn purpose_name(p: RollPurpose) -> String {
    match p {
        RollPurpose::Gfi => "Going For It".into(),
        RollPurpose::PickUp => "Pick-up".into(),
        RollPurpose::KoRecovery => "KO recovery".into(),
        RollPurpose::KickOffTable => "Kick-off table".into(),
        other => debug_words(other),
    }
}

fn reroll_source(view: &GameView, side: Option<Side>, s: RerollSource) -> String {
    match s {
        RerollSource::Team => match side {
            Some(side) => format!("Team re-roll ({} left)", view.teams[side.index()].rerolls),
            None => "Team re-roll".into(),
        },
        RerollSource::Skill(skill) => format!("{} skill re-roll", skill.name()),
        RerollSource::Pro => "Pro (4+ first)".into(),
        RerollSource::Leader => "Leader re-roll".into(),
    }
}

fn faces(roll: &dugout_rules::bb::Roll) -> String {
    let f: Vec<String> = roll.faces.iter().map(u16::to_string).collect();
    match roll.die {
        Die::Block => roll
            .faces
            .iter()
            .map(|&f| face_name(BlockFace::of(f)).to_string())
            .collect::<Vec<_>>()
            .join(", "),
        _ if f.len() > 1 => format!("{} (total {})", f.join("+"), roll.total()),
        _ => f.join(""),
    }
}

/// A roll in words: "Dodge: rolled 3 +1, needs 4+: success (re-roll)".
pub fn roll_words(roll: &dugout_rules::bb::Roll) -> String {
    let mut s = format!("{} roll: {}", purpose_name(roll.purpose), faces(roll));
    if let Some(t) = roll.target {
        // The D6 needed: the table's target less the modifiers (a 1 always fails, a 6
        // always succeeds on a single die).
        let needed = i16::from(t) - i16::from(roll.modifier);
        let needed = if roll.faces.len() == 1 {
            needed.clamp(2, 6)
        } else {
            needed.max(2)
        };
        s.push_str(&format!(", needs {needed}+"));
    }
    match roll.success {
        Some(true) => s.push_str(": success"),
        Some(false) => s.push_str(": failed"),
        None => {}
    }
    if roll.reroll {
        s.push_str(" (re-roll)");
    }
    s
}

fn cause_words(c: Cause) -> &'static str {
    match c {
        Cause::Blocked => "by a block",
        Cause::Blocking => "while blocking",
        Cause::Foul => "by a foul",
        Cause::Crowd => "by the crowd",
        Cause::Dodge => "failing a dodge",
        Cause::Gfi => "going for it",
        Cause::Leap => "failing a leap",
        Cause::Rock => "by a thrown rock",
        Cause::PitchInvasion => "by the pitch invasion",
        Cause::Bomb => "by a bomb",
        Cause::Chainsaw => "by a chainsaw",
        Cause::Eaten => "eaten",
        Cause::Thrown => "being thrown",
        Cause::Stab => "by a stab",
        Cause::Bitten => "bitten by a Vampire",
        Cause::Spell => "by a spell",
        Cause::Card => "by a Special Play Card",
    }
}

fn turnover_words(t: Turnover) -> &'static str {
    match t {
        Turnover::KnockedDown => "a player of the moving team was knocked down",
        Turnover::BallNotCaught => "the ball was not caught",
        Turnover::FailedPickUp => "the pick-up failed",
        Turnover::Touchdown => "touchdown",
        Turnover::Fumble => "a fumble",
        Turnover::Interception => "an interception",
        Turnover::SentOff => "a player was sent off",
        Turnover::BallCarrierDown => "the ball carrier went down",
    }
}

pub fn outcome_words(o: &Outcome) -> String {
    match o {
        Outcome::Score { winner: Some(s) } => format!("{} won", side_name(*s)),
        Outcome::Score { winner: None } => "a draw".into(),
        Outcome::Penalties { winner } => format!("{} won on penalties", side_name(*winner)),
        Outcome::Conceded { winner } => {
            format!("{} won (the other coach conceded)", side_name(*winner))
        }
    }
}

fn state_words(state: PlayerState) -> String {
    match state {
        PlayerState::Reserve => "to the Reserves box".into(),
        PlayerState::Standing { square } => format!("standing on {}", square_name(square)),
        PlayerState::Prone { square } => format!("prone on {}", square_name(square)),
        PlayerState::Stunned { square } => format!("stunned on {}", square_name(square)),
        PlayerState::KnockedOut => "knocked out (KO box)".into(),
        PlayerState::Casualty { result } => format!("a casualty ({})", debug_words(result)),
        PlayerState::SentOff => "sent off".into(),
        PlayerState::Fainted => "fainted in the heat".into(),
        PlayerState::Absent => "absent".into(),
    }
}

/// An event in words (`None`: nothing worth a log line; a placement during set-up is shown on
/// the pitch, not logged).
pub fn event(view: &GameView, e: &Event) -> Option<String> {
    let p = |id: &PlayerId| player(view, *id);
    let ps = |id: &PlayerId| player_short(view, *id);
    Some(match e {
        Event::Rolled { roll } => roll_words(roll),
        Event::Weather { weather } => format!("Weather: {}", debug_words(weather)),
        Event::Gate { fans, fame } => format!(
            "Gate: {} Home fans, {} Away fans; FAME {} / {}",
            fans[0], fans[1], fame[0], fame[1]
        ),
        Event::CoinToss { winner } => format!("{} won the coin toss", side_name(*winner)),
        Event::Kicking { side } => format!("{} kicks off this drive", side_name(*side)),
        Event::HalfStarted { half } => match half {
            3 => "Overtime begins".into(),
            h => format!("Half {h} begins"),
        },
        Event::PlayerState { player, state } => match state {
            PlayerState::Standing { .. } | PlayerState::Reserve => return None,
            s => format!("{} is {}", p(player), state_words(*s)),
        },
        Event::Ball { ball } => match ball {
            Ball::Ground { square } => {
                format!("The ball is on the ground at {}", square_name(*square))
            }
            Ball::InAir { square } => {
                format!("The ball is in the air over {}", square_name(*square))
            }
            Ball::Held { player } => format!("{} holds the ball", ps(player)),
            Ball::None => return None,
        },
        Event::Kick { aimed, lands } => format!(
            "Kick aimed at {}; it will land at {}",
            square_name(*aimed),
            square_name(*lands)
        ),
        Event::KickOff { result } => format!("Kick-off: {}", debug_words(result)),
        Event::TurnStarted {
            side,
            turn,
            blitz_bonus,
        } => {
            if *blitz_bonus {
                format!("{} takes a free Blitz! turn", side_name(*side))
            } else {
                format!("-- {} turn {} --", side_name(*side), turn)
            }
        }
        Event::TurnEnded { side, turnover } => match turnover {
            Some(t) => format!("{} turn over: {}", side_name(*side), turnover_words(*t)),
            None => format!("{} ended the turn", side_name(*side)),
        },
        Event::TurnMarkers { turns } => format!("Turn markers now {} / {}", turns[0], turns[1]),
        Event::Rerolls { side, rerolls } => {
            format!("{} has {} team re-roll(s)", side_name(*side), rerolls)
        }
        Event::Bribes { side, bribes } => format!("{} has {} bribe(s)", side_name(*side), bribes),
        Event::Declared { player, action } => {
            format!("{} declares a {}", p(player), action_name(*action))
        }
        Event::ActionEnded { .. } => return None,
        Event::Moved { player, from, to } => format!(
            "{} moves {} -> {}",
            ps(player),
            square_name(*from),
            square_name(*to)
        ),
        Event::StoodUp { player } => format!("{} stands up", ps(player)),
        Event::RerollUsed {
            side,
            player,
            source,
        } => {
            let by = player
                .map(|id| format!(" for {}", ps(&id)))
                .unwrap_or_default();
            let what = match source {
                RerollSource::Team => "a team re-roll".to_string(),
                RerollSource::Skill(s) => format!("the {} skill", s.name()),
                RerollSource::Pro => "Pro".to_string(),
                RerollSource::Leader => "the Leader re-roll".to_string(),
            };
            format!("{} uses {what}{by}", side_name(*side))
        }
        Event::BlockDeclared {
            attacker,
            defender,
            dice,
            chooser,
            attacker_st,
            defender_st,
        } => format!(
            "{} blocks {} (ST {attacker_st} v {defender_st}): {dice} dice, {} chooses",
            ps(attacker),
            ps(defender),
            side_name(*chooser)
        ),
        Event::BlockResult { face } => format!("Block result: {}", face_name(*face)),
        Event::PushedIntoCrowd { player } => format!("{} is pushed into the crowd", p(player)),
        Event::KnockedDown { player, cause, by } => {
            let by = by.map(|b| format!(" ({})", ps(&b))).unwrap_or_default();
            format!("{} is knocked down {}{by}", p(player), cause_words(*cause))
        }
        Event::PlacedProne { player } => format!("{} is placed prone", ps(player)),
        Event::Armour { player, broken } => {
            if *broken {
                format!("{}'s armour is broken", ps(player))
            } else {
                format!("{}'s armour holds", ps(player))
            }
        }
        Event::Injured {
            player, outcome, ..
        } => {
            let o = match outcome {
                InjuryOutcome::Stunned => "stunned",
                InjuryOutcome::KnockedOut => "knocked out",
                InjuryOutcome::Casualty => "a casualty",
            };
            format!("Injury: {} is {o}", ps(player))
        }
        Event::Casualty { player, result, .. } => {
            format!("Casualty: {} - {}", p(player), debug_words(result))
        }
        Event::ApothecaryUsed { side, player } => {
            format!("{} uses the apothecary on {}", side_name(*side), ps(player))
        }
        Event::Regenerated { player } => format!("{} regenerates", ps(player)),
        Event::ZombieRaised { side, victim, .. } => format!(
            "{}'s Necromancer raises {} as a Zombie",
            side_name(*side),
            ps(victim)
        ),
        Event::BallHeld { player, caught } => {
            if *caught {
                format!("{} catches the ball", p(player))
            } else {
                format!("{} picks up the ball", p(player))
            }
        }
        Event::Passed {
            player,
            target,
            range,
        } => format!(
            "{} throws a {} pass to {}",
            ps(player),
            debug_words(range),
            square_name(*target)
        ),
        Event::Fumbled { player } => format!("{} fumbles the pass", ps(player)),
        Event::CountsAsActed { player } => format!(
            "{} has failed a catch: he counts as having acted (Fumblerooski)",
            ps(player)
        ),
        Event::FailedOnPurpose { player, check } => format!(
            "{} fails the {} on purpose (Fumblerooski)",
            ps(player),
            debug_words(check)
        ),
        Event::BombThrown { player, target } => {
            format!("{} throws a bomb at {}", ps(player), square_name(*target))
        }
        Event::Exploded { square: Some(at) } => {
            format!("The bomb explodes on {}", square_name(*at))
        }
        Event::Exploded { square: None } => {
            "The bomb lands in the crowd and explodes harmlessly".into()
        }
        Event::Intercepted { player } => format!("{} intercepts!", p(player)),
        Event::Completion { passer, catcher } => {
            format!("Completion: {} to {}", ps(passer), ps(catcher))
        }
        Event::HandedOff { player, target } => {
            format!("{} hands the ball to {}", ps(player), ps(target))
        }
        Event::ThrewTeamMate {
            player,
            thrown,
            target,
        } => format!(
            "{} throws {} towards {}",
            ps(player),
            ps(thrown),
            square_name(*target)
        ),
        Event::ThrowIn { from } => {
            format!("The crowd throws the ball in from {}", square_name(*from))
        }
        Event::TouchbackAwarded { side } => format!("Touchback to {}", side_name(*side)),
        Event::TurnoverCaused { side, reason } => {
            format!(
                "TURNOVER ({}): {}",
                side_name(*side),
                turnover_words(*reason)
            )
        }
        Event::Touchdown {
            side,
            player,
            score,
        } => {
            let by = player
                .map(|id| format!(" by {}", p(&id)))
                .unwrap_or_default();
            format!(
                "TOUCHDOWN {}{by}! {}-{}",
                side_name(*side),
                score[0],
                score[1]
            )
        }
        Event::SentOff { player } => format!("{} is sent off by the referee", p(player)),
        Event::BribeUsed {
            side,
            player,
            worked,
        } => format!(
            "{} bribes the referee for {}: {}",
            side_name(*side),
            ps(player),
            if *worked { "it works" } else { "it fails" }
        ),
        Event::Confused { player, confused } => {
            if *confused {
                format!("{} loses his tackle zone", ps(player))
            } else {
                format!("{} has his tackle zone back", ps(player))
            }
        }
        Event::Fed { player, thrall } => match thrall {
            Some(t) => format!("{} feeds on {}", ps(player), ps(t)),
            None => format!("{} feeds on the crowd and leaves the pitch", ps(player)),
        },
        Event::NurglesRot { victim, by } => format!(
            "{} was killed by {}'s Nurgle's Rot: he may rise as a Rotter",
            ps(victim),
            ps(by)
        ),
        Event::Rooted { player, rooted } => {
            if *rooted {
                format!("{} takes root", ps(player))
            } else {
                format!("{} is free to move again", ps(player))
            }
        }
        Event::LeaderReroll { side, available } => {
            if *available {
                format!("{} takes a Leader re-roll", side_name(*side))
            } else {
                format!("{} has no Leader re-roll left", side_name(*side))
            }
        }
        Event::SkillUsed { player, skill } => format!("{} uses {}", ps(player), skill.name()),
        Event::HailMaryPass { player, target } => format!(
            "{} throws a Hail Mary Pass towards {}",
            ps(player),
            square_name(*target)
        ),
        Event::NoPlayers { side } => format!("{} cannot field a player", side_name(*side)),
        Event::Shootout { totals } => format!("Penalty shoot-out: {} - {}", totals[0], totals[1]),
        Event::Conceded { side } => format!("{} concedes", side_name(*side)),
        Event::CardDrawn { side, deck, card } => match card {
            Some(c) => format!(
                "{} drew {} from {}",
                side_name(*side),
                c.name(),
                deck.name()
            ),
            None => format!("{} drew a card from {}", side_name(*side), deck.name()),
        },
        Event::CardPlayed { side, card, player } => match player {
            Some(id) => format!("{} plays {} on {}", side_name(*side), card.name(), p(id)),
            None => format!("{} plays {}", side_name(*side), card.name()),
        },
        Event::CardTarget { card, player } => format!("{}: {}", card.name(), p(player)),
        Event::TurnResumed { side } => format!("{}'s turn goes on", side_name(*side)),
        Event::FreeTurn { side } => format!(
            "{} take a free turn (Hurry Up Offense: no turn marker, a 1 after an Action ends it)",
            side_name(*side)
        ),
        Event::TouchdownPending { side, player } => format!(
            "{} scores for {}, held: it counts if the ball is still in the end zone after the opponent's free turn",
            p(player),
            side_name(*side)
        ),
        Event::ControlledBy { player, side } => format!(
            "{} plays for {} (Blackmail: the referee still counts him as his own team's)",
            p(player),
            side_name(*side)
        ),
        Event::TouchdownDisallowed { side } => format!(
            "{}'s held touchdown does not count: the ball left the end zone",
            side_name(*side)
        ),
        Event::CasualtyUndone { player, card } => {
            format!("{} takes back {}'s casualty", card.name(), p(player))
        }
        // §31.10 Fanatic Invasion.
        Event::PlayerJoined { player } if player.neutral => format!(
            "A {}, nobody's player, invades the pitch (Fanatic Invasion)",
            player.name
        ),
        Event::FanaticMove {
            player,
            side,
            toward,
        } => format!(
            "{} moves {}, the template facing {}",
            side_name(*side),
            p(player),
            square_name(*toward)
        ),
        // A hired Star Player or Mercenary, or a Special Play Card's player.
        Event::PlayerJoined { player } => format!(
            "{} joins {} ({})",
            player.name,
            side_name(player.side),
            player.position
        ),
        Event::Profile {
            player,
            ma,
            st,
            ag,
            av,
            ..
        } => format!("{} is now MA {ma} ST {st} AG {ag} AV {av}", ps(player)),
        Event::TeamRerolls { side, rerolls, .. } => {
            format!("{} has {rerolls} team re-rolls", side_name(*side))
        }
        Event::GameOver { outcome, score } => format!(
            "GAME OVER: {} ({}-{})",
            outcome_words(outcome),
            score[0],
            score[1]
        ),
        Event::PettyCash {
            side,
            amount,
            treasury,
        } => format!(
            "{} moves {} gp of its {} gp treasury to petty cash",
            side_name(*side),
            gp(*amount),
            gp(*treasury)
        ),
        Event::InducementMoney {
            team_value,
            petty_cash,
            money,
            first,
        } => format!(
            "Inducements: team values {} / {}; petty cash {} / {}; {} gp Home, {} gp Away; {} buys first",
            gp(team_value[0]),
            gp(team_value[1]),
            gp(petty_cash[0]),
            gp(petty_cash[1]),
            gp(money[0]),
            gp(money[1]),
            side_name(*first)
        ),
        // An `induced` comes after each purchase and each use (§30): the team's list now.
        Event::Induced { side, induced } => format!(
            "{} inducements now: {}",
            side_name(*side),
            induced_words(view, *side, induced)
        ),
        Event::StarPlaysForNeither { star } => format!(
            "Both teams hired {}: he plays for neither",
            star.data().name
        ),
        Event::SpellCast { side, spell } => match spell {
            Spell::Fireball { target } => format!(
                "{}'s wizard casts a Fireball at {}",
                side_name(*side),
                square_name(*target)
            ),
            Spell::LightningBolt { target } => format!(
                "{}'s wizard casts a Lightning Bolt at {}",
                side_name(*side),
                ps(target)
            ),
        },
    })
}

/// The prompt in words, for the coach it waits for (`mine`) or for the others.
pub fn prompt(view: &GameView, prompt: &Prompt, mine: bool) -> String {
    prompt_in(view, prompt, mine, &[])
}

/// [`prompt`], with the match's events so far: a re-roll's target is then the D6 needed
/// (the failed roll's modifiers taken off the table's target).
pub fn prompt_in(view: &GameView, prompt: &Prompt, mine: bool, events: &[Event]) -> String {
    let last_modifier = events.iter().rev().find_map(|e| match e {
        Event::Rolled { roll } if roll.success == Some(false) => Some(roll.modifier),
        _ => None,
    });
    let who = prompt.coach.map(side_name).unwrap_or("Nobody");
    let ask = |s: String| {
        if mine {
            s
        } else {
            format!("Waiting for {who}: {s}")
        }
    };
    match &prompt.kind {
        PromptKind::ChooseKicking if mine => "You won the toss: kick or receive?".into(),
        PromptKind::ChooseKicking => ask("won the toss, kick or receive".into()),
        PromptKind::Setup {
            placed,
            needed,
            picked,
            perfect_defence,
        } => {
            let pd = if *perfect_defence {
                " (Perfect Defence: re-arrange)"
            } else {
                ""
            };
            let picked = picked
                .map(|id| format!("; placing {}", player(view, id)))
                .unwrap_or_default();
            ask(format!(
                "Set up{pd}: {placed} on the pitch, up to {needed}{picked}"
            ))
        }
        PromptKind::PlaceKick => ask("Aim the kick: choose a square in the other half".into()),
        PromptKind::Touchback => ask("Touchback: give the ball to one of your players".into()),
        PromptKind::FailOnPurpose { player: id, check } => ask(format!(
            "Fumblerooski: roll {}'s {} or fail it on purpose",
            player_short(view, *id),
            debug_words(check)
        )),
        PromptKind::ThrowInAim { from } => ask(format!(
            "Hometown Fans: aim the throw-in from {}",
            square_name(*from)
        )),
        PromptKind::HighKick { square } => ask(format!(
            "High Kick: move a player under the ball at {}?",
            square_name(*square)
        )),
        PromptKind::QuickSnap => ask("Quick Snap: move players one square each, then done".into()),
        PromptKind::Action { blitz_bonus } if mine => {
            if *blitz_bonus {
                "Blitz! kick-off: your free turn; choose a player to act".into()
            } else {
                "Your turn: choose a player and an Action, or end the turn".into()
            }
        }
        PromptKind::Action { blitz_bonus } => ask(if *blitz_bonus {
            "the free Blitz! turn, choosing a player to act".into()
        } else {
            "their turn, choosing a player and an Action".into()
        }),
        PromptKind::Acting {
            player: id,
            action,
            ma_left,
            gfi_left,
            must_dodge,
        } => ask(format!(
            "{} ({}): {ma_left} MA left, {gfi_left} GFI{}",
            player(view, *id),
            action_name(*action),
            if *must_dodge {
                "; leaving this square needs a dodge"
            } else {
                ""
            }
        )),
        PromptKind::Reroll {
            player: id,
            check,
            faces,
            target,
            sources,
        } => {
            let side = view.players.get(id.index()).map(|p| p.side);
            let rolled: Vec<String> = faces.iter().map(u16::to_string).collect();
            let needed = (i16::from(*target) - i16::from(last_modifier.unwrap_or(0))).clamp(2, 6);
            let failed = format!(
                "{} failed the {} (rolled {}, needed {needed}+)",
                player_short(view, *id),
                check_name(*check),
                rolled.join(", ")
            );
            let offers: Vec<String> = sources
                .iter()
                .map(|s| reroll_source(view, side, *s))
                .collect();
            if *check == CheckKind::Block {
                let dice: Vec<&str> = faces.iter().map(|f| face_name(BlockFace::of(*f))).collect();
                let q = match sources.as_slice() {
                    [RerollSource::Team] => format!(
                        "Team re-roll the block dice? ({} left)",
                        side.map_or(0, |s| view.teams[s.index()].rerolls)
                    ),
                    _ => format!("Re-roll the block dice: {}?", offers.join(" or ")),
                };
                return ask(format!("{q} Rolled: [{}]", dice.join("] [")));
            }
            let q = match sources.as_slice() {
                [RerollSource::Team] => format!(
                    "Team re-roll for the failed {}? ({} left)",
                    check_name(*check),
                    side.map_or(0, |s| view.teams[s.index()].rerolls)
                ),
                _ => format!("Re-roll: {}?", offers.join(" or ")),
            };
            ask(format!("{q} {failed}"))
        }
        PromptKind::BlockDice {
            attacker,
            defender,
            dice,
        } => {
            let faces: Vec<&str> = dice.iter().map(|f| face_name(*f)).collect();
            ask(format!(
                "Block dice {} on {}: [{}]; {who} chooses",
                player_short(view, *attacker),
                player_short(view, *defender),
                faces.join("] [")
            ))
        }
        PromptKind::Push { player: id } => ask(format!(
            "Push {}: choose a green square",
            player_short(view, *id)
        )),
        PromptKind::FollowUp { player: id, square } => ask(format!(
            "Follow up with {} into {}? (y/n)",
            player_short(view, *id),
            square_name(*square)
        )),
        PromptKind::Intercept { candidates } => ask(format!(
            "Interception: {} of your players can try; choose one or decline",
            candidates.len()
        )),
        PromptKind::Apothecary { player: id, injury } => ask(format!(
            "Use the apothecary on {} ({})? (y/n)",
            player(view, *id),
            debug_words(injury)
        )),
        PromptKind::Bribe { player: id } => ask(format!(
            "Bribe the referee so {} is not sent off? (y/n)",
            player(view, *id)
        )),
        PromptKind::CatchBomb { player: id } => ask(format!(
            "A bomb lands on {}: catch it (and throw it on at once) or let it explode? (y/n)",
            player_short(view, *id)
        )),
        PromptKind::ThrowBomb { player: id } => ask(format!(
            "{} holds a bomb: throw it on now (choose a square)",
            player_short(view, *id)
        )),
        PromptKind::Feed { player: id, .. } => ask(format!(
            "{} is hungry (Blood Lust): which Thrall does he bite?",
            player_short(view, *id)
        )),
        PromptKind::UseSkill {
            player: id,
            skill: Skill::BloodLust,
        } => ask(format!(
            "{} is hungry (Blood Lust): take a Move Action instead of the Block? (y/n)",
            player_short(view, *id)
        )),
        PromptKind::UseSkill {
            player: id,
            skill: Skill::PilingOn,
        } => ask(format!(
            "Piling On: {} re-rolls that roll and goes prone? (y/n)",
            player_short(view, *id)
        )),
        PromptKind::UseSkill { player: id, skill } => ask(format!(
            "Use {} for {}? (y/n)",
            skill.name(),
            player_short(view, *id)
        )),
        PromptKind::DumpOff { player: id } => ask(format!(
            "{} is about to be blocked: Dump-Off a Quick pass (choose a square) or decline",
            player_short(view, *id)
        )),
        PromptKind::KickOffReturn {
            player: id,
            squares_left,
        } => match id {
            Some(id) => ask(format!(
                "Kick-Off Return: move {} up to {squares_left} more squares, or done",
                player_short(view, *id)
            )),
            None => ask("Kick-Off Return: move one player up to 3 squares, or done".into()),
        },
        PromptKind::PassBlock {
            player: id,
            squares_left,
        } => match id {
            Some(id) => ask(format!(
                "Pass Block: move {} up to {squares_left} more squares, or done",
                player_short(view, *id)
            )),
            None => {
                ask("Pass Block: move a player up to 3 squares to a legal spot, or done".into())
            }
        },
        PromptKind::FanaticMove { player: id, gfi } => ask(if *gfi {
            format!(
                "{}'s MA is used: go for it one more square (the same facing), or stop",
                player_short(view, *id)
            )
        } else {
            format!(
                "your turn is over: move {} (Fanatic Invasion: choose the square he faces, \
                 the dice pick where he goes) or leave him",
                player(view, *id)
            )
        }),
        PromptKind::PlayCard { window } => ask(format!(
            "play a Special Play Card now ({})? Your cards are in the panel",
            window_words(*window)
        )),
        PromptKind::GameOver => match &view.outcome {
            Some(o) => format!("The match is over: {}", outcome_words(o)),
            None => "The match is over".into(),
        },
        PromptKind::PettyCash { treasury, declared } => ask(format!(
            "Petty cash: how much of your {} gp treasury goes to petty cash for this match{}?",
            gp(*treasury),
            declared.map_or(String::new(), |d| format!(
                " (the other team moved {} gp)",
                gp(d)
            ))
        )),
        PromptKind::CardGold { money } => ask(format!(
            "Draw Special Play Cards with your card gold: {} gp left (choose a deck, or done)",
            gp(*money)
        )),
        PromptKind::Inducements { money } => ask(format!(
            "Buy inducements: {} gp left (choose one, or done; i: which list)",
            gp(*money)
        )),
        PromptKind::Igor { player: id } => ask(format!(
            "Regeneration failed for {}: use Igor's re-roll? (y/n)",
            player(view, *id)
        )),
        PromptKind::Wizard => ask("The turn is over: cast the Wizard's spell now?".into()),
    }
}

/// Gold pieces as people write them: 1,050,000.
pub fn gp(n: u32) -> String {
    super::form::thousands(n)
}

/// An inducement in words (§30.2): a mercenary by his position on `side`'s roster.
pub fn item_words(view: &GameView, side: Side, item: &InducementItem) -> String {
    match item {
        InducementItem::StarPlayer { star } => format!("Star Player {}", star.data().name),
        InducementItem::Mercenary { position, skill } => {
            let s = skill
                .map(|s| format!(" with {}", s.name()))
                .unwrap_or_default();
            let roster = view.teams[side.index()].roster;
            match roster.data().positions.get(usize::from(*position)) {
                Some(pos) => format!("a Mercenary {}{s}", pos.name),
                None => format!("a Mercenary (position {position}){s}"),
            }
        }
        InducementItem::ExtraTraining => "Extra Training (a team re-roll)".into(),
        other => debug_words(other),
    }
}

/// A team's inducements (§30): each purchase with how many, the gold spent, what is used.
pub fn induced_words(view: &GameView, side: Side, induced: &Induced) -> String {
    let mut groups: Vec<(InducementItem, usize)> = Vec::new();
    for item in &induced.bought {
        match groups.iter_mut().find(|(i, _)| i == item) {
            Some(g) => g.1 += 1,
            None => groups.push((*item, 1)),
        }
    }
    if groups.is_empty() {
        return "none".into();
    }
    let list: Vec<String> = groups
        .iter()
        .map(|(item, n)| {
            let w = item_words(view, side, item);
            if *n > 1 { format!("{n} x {w}") } else { w }
        })
        .collect();
    let mut used = Vec::new();
    if induced.igor_used {
        used.push("Igor used".to_string());
    }
    if induced.wizard_used {
        used.push("spell cast".to_string());
    }
    if induced.wandering_used > 0 {
        used.push(format!(
            "{} Wandering Apothecary used",
            induced.wandering_used
        ));
    }
    let used = if used.is_empty() {
        String::new()
    } else {
        format!("; {}", used.join(", "))
    };
    format!("{} ({} gp spent{used})", list.join(", "), gp(induced.spent))
}

/// When a Special Play Card may be played (§31.3), in words.
pub fn window_words(w: Window) -> &'static str {
    match w {
        Window::PreMatch => "before the match",
        Window::BeforeSetup => "before your set-up",
        Window::AfterSetup => "after both set-ups",
        Window::KickOffBeforeScatter => "at the kick-off, before the scatter",
        Window::ReceivingAfterScatter => "receiving, after the scatter",
        Window::ReceivingBallLanded => "receiving, once the ball lands",
        Window::StartOfOwnTurn => "at the start of your turn",
        Window::BeforeTurnMarker => "at the start of your turn, before your turn marker moves",
        Window::EndOfOwnTurn => "at the end of your turn",
        Window::EndOfOwnTurnOrAfterKickOff => "at the end of your turn or after your kick-off",
        Window::AfterKickOffToOpponent => "after your kick-off",
        Window::DriveEndBeforeKoRecovery => "at a drive's end, before KO recovery",
        Window::DriveEndAfterKoRecovery => "at a drive's end, after KO recovery",
        Window::OpponentScored => "just after the opponent scores",
    }
}

/// A card in words: "Mindblow (8♠, at the start of your turn)".
pub fn card_words(card: Card) -> String {
    format!(
        "{} ({}, {})",
        card.name(),
        card.code(),
        window_words(card.info().window)
    )
}

/// A command as a choice in the menu.
pub fn command(view: &GameView, c: &Command) -> String {
    let ps = |id: &PlayerId| player(view, *id);
    match c {
        Command::ChooseKicking { kick } => {
            if *kick {
                "Kick".into()
            } else {
                "Receive".into()
            }
        }
        Command::SetupPick { player } => {
            let where_ = view
                .players
                .get(player.index())
                .and_then(|p| p.state.square())
                .map(|s| format!("on {}", square_name(s)))
                .unwrap_or_else(|| "reserve".into());
            format!("Pick {} ({where_})", ps(player))
        }
        Command::SetupPlace { square } => format!("Place on {}", square_name(*square)),
        Command::SetupBench => "Back to the Reserves".into(),
        Command::SetupFormation { formation } => {
            format!("Formation: {}", debug_words(formation))
        }
        Command::SetupDone => "Set-up done".into(),
        Command::PlaceKick { square } => format!("Kick to {}", square_name(*square)),
        Command::Touchback { player } => format!("Touchback to {}", ps(player)),
        Command::FailOnPurpose { fail: true } => "Fail it on purpose".into(),
        Command::FailOnPurpose { fail: false } => "Roll it".into(),
        Command::ThrowInAim { to } => format!("Throw the ball in towards {}", square_name(*to)),
        Command::HighKick { player } => format!("{} under the ball", ps(player)),
        Command::QuickSnap { player, to } => {
            format!(
                "Quick Snap: {} to {}",
                player_short(view, *player),
                square_name(*to)
            )
        }
        Command::Done => "Done".into(),
        Command::Declare { player, action } => {
            format!("{}: {}", action_name(*action), ps(player))
        }
        Command::Block { player, target } => format!(
            "Block: {} on {}",
            player_short(view, *player),
            player_short(view, *target)
        ),
        Command::EndTurn => "End the turn".into(),
        Command::Concede => "Concede the match".into(),
        Command::Step { to } => format!("Step to {}", square_name(*to)),
        Command::Leap { to } => format!("Leap to {}", square_name(*to)),
        Command::BlitzBlock { target } => format!("Block {}", ps(target)),
        Command::Pass { target } => format!("Throw to {}", square_name(*target)),
        Command::HandOff { target } => format!("Hand off to {}", ps(target)),
        Command::ThrowTeamMate { thrown, target } => format!(
            "Throw {} to {}",
            player_short(view, *thrown),
            square_name(*target)
        ),
        Command::Foul { target } => format!("Foul {}", ps(target)),
        Command::EndAction => "End the Action".into(),
        Command::Reroll { source } => {
            let side = match view.prompt.kind {
                PromptKind::Reroll { player, .. } => {
                    view.players.get(player.index()).map(|p| p.side)
                }
                _ => None,
            };
            format!("Use: {}", reroll_source(view, side, *source))
        }
        Command::Decline => match view.prompt.kind {
            PromptKind::Reroll { .. } => "No re-roll".into(),
            PromptKind::Intercept { .. } => "No interception".into(),
            PromptKind::HighKick { .. } => "Nobody under the ball".into(),
            _ => "Decline".into(),
        },
        Command::BlockDie { index } => match &view.prompt.kind {
            PromptKind::BlockDice { dice, .. } => match dice.get(usize::from(*index)) {
                Some(f) => format!("Die {}: {}", index + 1, face_name(*f)),
                None => format!("Die {}", index + 1),
            },
            _ => format!("Die {}", index + 1),
        },
        Command::Push { square } => format!("Push to {}", square_name(*square)),
        Command::FollowUp { follow } => {
            if *follow {
                "Follow up".into()
            } else {
                "Stay".into()
            }
        }
        Command::Intercept { player } => format!("Intercept with {}", ps(player)),
        Command::CatchBomb { catch } => {
            if *catch {
                "Catch the bomb".into()
            } else {
                "Let it explode".into()
            }
        }
        Command::Apothecary { use_it } => {
            if *use_it {
                "Use the apothecary".into()
            } else {
                "No apothecary".into()
            }
        }
        Command::Bribe { use_it } => {
            if *use_it {
                "Use a bribe".into()
            } else {
                "No bribe".into()
            }
        }
        Command::MultipleBlock {
            player,
            first,
            second,
        } => format!(
            "Multiple Block: {} on {} then {}",
            player_short(view, *player),
            player_short(view, *first),
            player_short(view, *second)
        ),
        Command::Gaze { target } => format!("Hypnotic Gaze on {}", ps(target)),
        Command::Bite { thrall } => format!("Bite {}", ps(thrall)),
        Command::UseSkill { skill, use_it } => {
            if *use_it {
                format!("Use {}", skill.name())
            } else {
                format!("Do not use {}", skill.name())
            }
        }
        Command::KickOffReturn { player, to } => {
            format!("Kick-Off Return: {} to {}", ps(player), square_name(*to))
        }
        Command::PassBlock { player, to } => {
            format!("Pass Block: {} to {}", ps(player), square_name(*to))
        }
        Command::HailMaryPass { target } => {
            format!("Hail Mary Pass to {}", square_name(*target))
        }
        Command::Induce { item } => {
            let side = view.prompt.coach.unwrap_or(Side::Home);
            let roster = view.teams[side.index()].roster;
            match dugout_rules::bb::inducements::price(roster, *item) {
                Some(cost) => format!("Buy {} ({} gp)", item_words(view, side, item), gp(cost)),
                None => format!("Buy {}", item_words(view, side, item)),
            }
        }
        Command::PettyCash { amount } => format!("Move {} gp to petty cash", gp(*amount)),
        Command::DoneInducing => "Done buying".into(),
        Command::Igor { use_it } => {
            if *use_it {
                "Use Igor".into()
            } else {
                "No Igor".into()
            }
        }
        Command::CastSpell { spell } => match spell {
            Spell::Fireball { target } => format!("Fireball at {}", square_name(*target)),
            Spell::LightningBolt { target } => format!("Lightning Bolt at {}", ps(target)),
        },
        Command::PlayCard {
            card,
            player,
            square,
            choice,
        } => {
            let play = match (player, square) {
                // §31.12 Chop Block: his player on the square blocks the opponent.
                (Some(id), Some(sq)) => format!(
                    "Play {}: the player on {} at {}",
                    card.name(),
                    square_name(*sq),
                    ps(id)
                ),
                (Some(id), None) => format!("Play {} on {}", card.name(), ps(id)),
                (None, Some(sq)) => format!("Play {} on {}", card.name(), square_name(*sq)),
                (None, None) => format!("Play {}", card.name()),
            };
            // §31.7: the cards that ask the coach a choice.
            match choice {
                None => play,
                Some(CardChoice::DangerousObjects { added: true }) => {
                    format!("{play}: dangerous objects added (+1 armour)")
                }
                Some(CardChoice::DangerousObjects { added: false }) => {
                    format!("{play}: dangerous objects removed (-1 armour)")
                }
                Some(CardChoice::Weather { weather }) => {
                    format!("{play}: {}", debug_words(weather))
                }
                Some(CardChoice::Skill { skill }) => format!("{play}: {}", skill.name()),
                // §31.11 Perfect Kick: the throw-in template's aim.
                Some(CardChoice::Aim { toward }) => {
                    let edge = match toward {
                        Toward::TopSideline => "the top sideline",
                        Toward::BottomSideline => "the bottom sideline",
                        Toward::HomeEndZone => "Home's end zone",
                        Toward::AwayEndZone => "Away's end zone",
                    };
                    format!("{play}, bouncing towards {edge}")
                }
            }
        }
        Command::NoCard => "No card".into(),
    }
}
