//! Shared helpers for the Blitz Bowl rule tests.
#![allow(dead_code, unused_imports, clippy::unwrap_used)]

pub use dugout_rules::blitz::data::{self, Ability, BonusPlay, Challenge, TeamId};
pub use dugout_rules::blitz::scenario::Scenario;
pub use dugout_rules::blitz::*;
pub use dugout_rules::core::*;

pub fn sq(x: i8, y: i8) -> Square {
    Square::new(x, y)
}

pub fn setup(edition: Edition, home: TeamId, away: TeamId) -> MatchSetup {
    MatchSetup {
        edition,
        teams: [home, away],
        options: Options::default(),
    }
}

/// A scenario: Home (Coach A, scores at x = 14) against Away, Home's second turn.
pub fn scen(edition: Edition, home: TeamId, away: TeamId) -> Scenario {
    Scenario::new(setup(edition, home, away))
}

pub fn no_dice() -> ScriptedDice {
    ScriptedDice::default()
}

pub fn dice(script: impl IntoIterator<Item = (Die, u16)>) -> ScriptedDice {
    ScriptedDice::new(script)
}

/// Apply a legal command; panics with the prompt if refused.
pub fn go(g: &mut Game, d: &mut ScriptedDice, cmd: Command) -> Vec<Event> {
    match apply(g, cmd, d) {
        Ok(ev) => ev,
        Err(e) => panic!("{cmd:?} refused: {e} at {:?}", prompt(g)),
    }
}

pub fn action(p: PlayerId, choice: ActionChoice) -> Command {
    Command::Action {
        player: p,
        choice,
        bonus: None,
    }
}

pub fn action_with(p: PlayerId, choice: ActionChoice, card: u8) -> Command {
    Command::Action {
        player: p,
        choice,
        bonus: Some(CardId(card)),
    }
}

pub fn move_to(x: i8, y: i8) -> Command {
    Command::MoveTo { square: sq(x, y) }
}

pub fn kind(g: &Game) -> PromptKind {
    prompt(g).kind.clone()
}

/// The command is refused and the game is unchanged.
pub fn assert_refused(g: &mut Game, cmd: Command) {
    let before = g.clone();
    let mut d = no_dice();
    assert!(apply(g, cmd, &mut d).is_err(), "{cmd:?} was accepted");
    assert!(*g == before, "a refused {cmd:?} changed the game");
    assert!(!legal_commands(g).contains(&cmd));
}

pub fn is_legal_cmd(g: &Game, cmd: Command) -> bool {
    legal_commands(g).contains(&cmd)
}

pub fn at(g: &Game, p: PlayerId) -> Place {
    g.player(p).place
}

pub fn standing(x: i8, y: i8) -> Place {
    Place::Standing(sq(x, y))
}

pub fn prone(x: i8, y: i8) -> Place {
    Place::Prone(sq(x, y))
}

/// Action choices the prompt offers `p` (regular, no bonus).
pub fn choices(g: &Game, p: PlayerId) -> Vec<ActionChoice> {
    legal_commands(g)
        .into_iter()
        .filter_map(|c| match c {
            Command::Action {
                player,
                choice,
                bonus: None,
            } if player == p => Some(choice),
            _ => None,
        })
        .collect()
}

pub fn can_run(g: &Game, p: PlayerId) -> bool {
    choices(g, p).contains(&ActionChoice::Run)
}

pub fn can_mark(g: &Game, p: PlayerId) -> bool {
    choices(g, p).contains(&ActionChoice::Mark)
}

pub fn block_faces(g: &Game) -> Vec<BlockFace> {
    match kind(g) {
        PromptKind::BlockDie { faces } => faces,
        k => panic!("expected a BlockDie prompt, got {k:?}"),
    }
}

pub fn rolls(ev: &[Event], purpose: RollPurpose) -> Vec<Roll> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Rolled(r) if r.purpose == purpose => Some(r.clone()),
            _ => None,
        })
        .collect()
}

pub fn has_event(ev: &[Event], want: &Event) -> bool {
    ev.contains(want)
}

/// Put `n` more of `side`'s players on the pitch on harmless squares (row y = 10 for Home,
/// y = 0 for Away, from the middle), skipping players already placed.
pub fn field(s: &mut Scenario, side: Side, n: usize) {
    let mut placed = 0;
    let mut x = 5;
    for i in 0..12 {
        if placed == n {
            break;
        }
        let p = s.player(side, i);
        if s.game.player(p).side != side || s.game.player(p).place != Place::Reserves {
            continue;
        }
        let y = if side == Side::Home { 10 } else { 0 };
        while s.game.player_at(sq(x, y)).is_some() {
            x += 2;
        }
        s.stand(p, x, y);
        x += 2;
        placed += 1;
    }
}

pub fn points(g: &Game, side: Side) -> u16 {
    g.score[side.index()]
}
