//! Challenge conditions (§5.5, evaluation notes [PROPOSAL] G32), read in the Claim
//! step right after an action from the action's record and the state.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.

use super::data::*;
use super::state::*;

/// Active slots whose challenge the last action met.
pub fn claimable_slots(g: &Game) -> Vec<u8> {
    (0..3u8)
        .filter(|&slot| {
            g.active_cards[usize::from(slot)].is_some_and(|c| condition_met(g, c.def().challenge))
        })
        .collect()
}

/// Is `challenge` met by the action just completed?
pub fn condition_met(g: &Game, challenge: Challenge) -> bool {
    let r = &g.record;
    let Some(side) = g.turn.active else {
        return false;
    };
    let Some(pid) = r.player else { return false };
    let player = g.player(pid);
    if player.side != side {
        return false;
    }
    let kind = r.kind;
    let standing_square = match player.place {
        Place::Standing(s) => Some(s),
        _ => None,
    };
    match challenge {
        // Block or Foul whose target was Injured.
        Challenge::BreakSomeBones => {
            matches!(kind, Some(ActionKind::Block | ActionKind::Foul)) && r.target_injured
        }
        // A ball the opponents held at the start of the action is no longer theirs.
        Challenge::FreeUpTheBall => r.opponent_balls_at_start.iter().any(|&b| match g.ball(b) {
            None => true,
            Some(ball) => !matches!(ball.at, BallAt::Held(h) if g.player(h).side != side),
        }),
        // A Run, and at least 3 Runs by the team this turn (free ones count).
        Challenge::GetMoving => kind == Some(ActionKind::Run) && g.turn.runs >= 3,
        // Took possession of a ball the team did not hold at the start of the turn.
        Challenge::GetTheBall => r
            .possessed
            .iter()
            .any(|b| !g.turn.held_at_start.contains(b)),
        // Run, Mark or Sidestep ending next to at least 2 standing team-mates.
        Challenge::GetTogether => {
            matches!(
                kind,
                Some(ActionKind::Run | ActionKind::Mark | ActionKind::Sidestep)
            ) && standing_square.is_some_and(|s| {
                g.players
                    .iter()
                    .filter(|m| m.side == side && m.id != pid)
                    .filter(|m| matches!(m.place, Place::Standing(ms) if ms.is_adjacent(s)))
                    .count()
                    >= 2
            })
        }
        // A successful Throw with a negative modifier (never a hand-off); a Throw Team-mate
        // whose check succeeded counts (§6.1.5, set by the throw resolution).
        Challenge::MakeARiskyThrow => r.throw_completed && r.throw_negative_modifier,
        // Throw or Run moving a ball 4+ columns towards the opposing end zone, still held. A
        // Throw Team-mate counts as a Throw for Challenge cards (§6.1.5): a thrown carrier.
        Challenge::MoveTheBall => {
            matches!(
                kind,
                Some(ActionKind::Run | ActionKind::Throw | ActionKind::ThrowTeamMate)
            ) && r.ball_columns_at_start.iter().any(|&(b, x0)| {
                let Some(ball) = g.ball(b) else { return false };
                let BallAt::Held(h) = ball.at else {
                    return false;
                };
                if g.player(h).side != side {
                    return false;
                }
                let Some(sq) = g.player(h).square() else {
                    return false;
                };
                let own = g.own_end_zone_x(side);
                let gained = (i16::from(sq.x) - i16::from(own)).abs()
                    - (i16::from(x0) - i16::from(own)).abs();
                gained >= 4
            })
        }
        // 3 different actions by 3 different players this turn.
        // §5.5, §6.1.5 (rules version 2 on): a Throw Team-mate counts as a Throw here.
        Challenge::PlayAsATeam => {
            if g.profile.throw_team_mate_counts_as_throw() {
                let made: Vec<(PlayerId, ActionKind)> = g
                    .turn
                    .made
                    .iter()
                    .map(|&(p, k)| match k {
                        ActionKind::ThrowTeamMate => (p, ActionKind::Throw),
                        k => (p, k),
                    })
                    .collect();
                three_by_three(&made)
            } else {
                three_by_three(&g.turn.made)
            }
        }
        // Ends the action on a trapdoor while an opponent holds a ball.
        Challenge::ShowNoFear => {
            standing_square.is_some_and(|s| g.is_trapdoor(s))
                && g.balls
                    .iter()
                    .any(|b| matches!(b.at, BallAt::Held(h) if g.player(h).side != side))
        }
        // This player has made 3 different regular actions this turn.
        Challenge::ShowThemHowItsDone => !r.free && g.pt(pid).regular_kinds.count_ones() >= 3,
        // A successful Throw, not a hand-off; or a Throw Team-mate whose check succeeded
        // (§5.5 note: it "is considered a Throw action").
        Challenge::ShowUsACompletion => r.throw_completed,
        // The action scored a touchdown.
        Challenge::ShowboatForTheCrowd => r.touchdown,
        // After a Run or Sidestep no two players of the team on the pitch are adjacent.
        Challenge::SpreadOut => {
            matches!(kind, Some(ActionKind::Run | ActionKind::Sidestep)) && {
                let squares: Vec<_> = g
                    .players
                    .iter()
                    .filter(|m| m.side == side)
                    .filter_map(Player::square)
                    .collect();
                squares
                    .iter()
                    .enumerate()
                    .all(|(i, a)| squares[i + 1..].iter().all(|b| !a.is_adjacent(*b)))
            }
        }
        // A Block that Knocked the target Down.
        Challenge::TakeThemDown => kind == Some(ActionKind::Block) && r.target_knocked_down,
        // A Mark ending Marking 2+ opponents no other team-mate marks.
        Challenge::TieThemUp => {
            kind == Some(ActionKind::Mark)
                && standing_square.is_some()
                && g.players
                    .iter()
                    .filter(|o| g.marks(player, o))
                    .filter(|o| {
                        !g.players
                            .iter()
                            .any(|m| m.side == side && m.id != pid && g.marks(m, o))
                    })
                    .count()
                    >= 2
        }
    }
}

/// Can three (player, action) pairs be chosen with distinct players and distinct actions?
fn three_by_three(made: &[(PlayerId, ActionKind)]) -> bool {
    let n = made.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let (a, b, c) = (made[i], made[j], made[k]);
                if a.0 != b.0 && a.0 != c.0 && b.0 != c.0 && a.1 != b.1 && a.1 != c.1 && b.1 != c.1
                {
                    return true;
                }
            }
        }
    }
    false
}
