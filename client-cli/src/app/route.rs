//! Moving to a destination: the client only knows the legal next steps (the server's
//! decision), so it plans the rest of the way from the view (players, blocked squares,
//! the squares next to standing opponents a Run may not enter) and sends the path one step
//! at a time, checking each step against the next decision's legal commands.

use std::collections::BTreeMap;

use dugout_rules::blitz::data::{BoardSide, board};
use dugout_rules::blitz::{Command, GameView, MoveKind, PlayerId};
use dugout_rules::core::Square;

/// Why a square cannot be stepped on, in words ("that square is marked").
pub fn refusal(view: &GameView, mover: PlayerId, kind: MoveKind, sq: Square) -> Option<String> {
    let def = board(view.board.unwrap_or(BoardSide::OneTrapdoor));
    if sq.x < 0 || sq.y < 0 || sq.x >= def.length as i8 || sq.y >= def.width as i8 {
        return Some(format!("{sq} is off the pitch"));
    }
    if def
        .blocked
        .iter()
        .any(|&(x, y)| i16::from(sq.x) == i16::from(x) && i16::from(sq.y) == i16::from(y))
    {
        return Some(format!("{sq} is blocked"));
    }
    if let Some(p) = view
        .players
        .iter()
        .find(|p| p.id != mover && p.square() == Some(sq))
    {
        return Some(format!(
            "{sq} is taken by {}",
            crate::tui::describe::player_label(Some(view), p.id)
        ));
    }
    if kind == MoveKind::Run && marked(view, mover, sq) {
        return Some(format!(
            "{sq} is marked (next to a standing opponent): a Run may not enter it"
        ));
    }
    None
}

/// Whether `sq` is next to a standing opponent of `mover`.
fn marked(view: &GameView, mover: PlayerId, sq: Square) -> bool {
    let Some(me) = view.players.iter().find(|p| p.id == mover) else {
        return false;
    };
    view.players.iter().any(|o| {
        o.side != me.side
            && o.is_standing()
            && o.square()
                .is_some_and(|s| s != sq && (s.x - sq.x).abs() <= 1 && (s.y - sq.y).abs() <= 1)
    })
}

/// Whether `sq` is a trapdoor (stepping on it asks for a roll).
pub fn trapdoor(view: &GameView, sq: Square) -> bool {
    board(view.board.unwrap_or(BoardSide::OneTrapdoor))
        .trapdoors
        .iter()
        .any(|&(x, y)| i16::from(sq.x) == i16::from(x) && i16::from(sq.y) == i16::from(y))
}

/// The shortest path (fewest steps, then fewest trapdoors) from where `mover` stands to
/// `to`, at most `left` steps: the first step one of the `legal` commands, the others
/// through squares the view says may be entered. The squares after the start, in order.
pub fn plan(
    view: &GameView,
    legal: &[Command],
    mover: PlayerId,
    kind: MoveKind,
    left: u8,
    to: Square,
) -> Option<Vec<Square>> {
    let from = view.players.iter().find(|p| p.id == mover)?.square()?;
    let firsts: Vec<Square> = legal
        .iter()
        .filter_map(|c| match c {
            Command::MoveTo { square } => Some(*square),
            _ => None,
        })
        .collect();
    // Dijkstra over (steps, trapdoors); the grid is tiny. Each square reached: its cost and
    // the square it was reached from.
    type Reached = ((u8, u8), Option<Square>);
    let mut best: BTreeMap<(i8, i8), Reached> = BTreeMap::new();
    let mut frontier: Vec<((u8, u8), Square)> = Vec::new();
    for sq in &firsts {
        let cost = (1, u8::from(trapdoor(view, *sq)));
        best.insert((sq.x, sq.y), (cost, None));
        frontier.push((cost, *sq));
    }
    while let Some(i) = (0..frontier.len()).min_by_key(|&i| frontier[i].0) {
        let (cost, sq) = frontier.swap_remove(i);
        if best.get(&(sq.x, sq.y)).is_some_and(|(c, _)| *c < cost) || cost.0 >= left {
            continue;
        }
        if sq == to {
            continue;
        }
        for next in sq.neighbours() {
            if next == from || refusal(view, mover, kind, next).is_some() {
                continue;
            }
            let c = (cost.0 + 1, cost.1 + u8::from(trapdoor(view, next)));
            if best.get(&(next.x, next.y)).is_none_or(|(old, _)| c < *old) {
                best.insert((next.x, next.y), (c, Some(sq)));
                frontier.push((c, next));
            }
        }
    }
    best.get(&(to.x, to.y))?;
    let mut path = vec![to];
    let mut at = to;
    while let Some((_, Some(prev))) = best.get(&(at.x, at.y)) {
        path.push(*prev);
        at = *prev;
    }
    path.reverse();
    Some(path)
}

/// The rolls a path asks for, in words ("a trapdoor roll at (7,5)"); empty: none.
pub fn rolls(view: &GameView, path: &[Square]) -> Vec<String> {
    path.iter()
        .filter(|sq| trapdoor(view, **sq))
        .map(|sq| format!("a trapdoor roll at {sq}"))
        .collect()
}
