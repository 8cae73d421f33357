//! The optional 2024 arena rule: the set-up D8 and the eight regional rules (§6.2.1,
//! §5.11, gap G49). Each test plays the same position with and without the arena, so it
//! fails if the regional rule is missing or applies outside its arena.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.
#![allow(clippy::unwrap_used)]

mod common;
use common::*;
use dugout_rules::blitz::arenas;
use dugout_rules::blitz::data::{Arena, BoardSide};

const E24: Edition = Edition::Bb2024;
const E18: Edition = Edition::Bb2018;

/// The 25 shuffle picks of `new_game` that leave the deck in card order.
fn shuffle_script() -> Vec<(Die, u16)> {
    (1..26u16).rev().map(|i| pick(i + 1, i)).collect()
}

/// A 2024 Human v Orc set-up with the arena option, the board side left to the toss winner.
fn arena_setup(arena: Option<Arena>) -> MatchSetup {
    let mut st = setup(E24, TeamId::Human, TeamId::Orc);
    st.options.arenas = true;
    st.options.arena = arena;
    st
}

/// Human v Orc, Home's second turn, in `arena` (or with no arena rule).
fn scen_in(arena: Option<Arena>) -> Scenario {
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    if let Some(a) = arena {
        s.arena(a);
    }
    s
}

fn er_prompt(g: &Game) -> bool {
    matches!(
        kind(g),
        PromptKind::FreeAction {
            grant: FreeGrant::EmergencyReserves,
            ..
        }
    )
}

fn blk(p: PlayerId, target: PlayerId) -> Command {
    action(p, ActionChoice::Block { target })
}

fn reserves(p: PlayerId, x: i8, y: i8) -> Command {
    action(p, ActionChoice::Reserves { square: sq(x, y) })
}

/// The squares the action prompt offers `p` for a Reserves action.
fn reserve_choices(g: &Game, p: PlayerId) -> Vec<Square> {
    choices(g, p)
        .into_iter()
        .filter_map(|c| match c {
            ActionChoice::Reserves { square } => Some(square),
            _ => None,
        })
        .collect()
}

/// How many block dice the first Block roll in `ev` had.
fn block_dice_rolled(ev: &[Event]) -> usize {
    rolls(ev, RollPurpose::Block)[0].faces.len()
}

// ---------------------------------------------------------------------------------------
// Set-up: the arena D8.

#[test]
fn the_toss_winner_rolls_a_d8_for_the_arena_before_choosing_the_board_side() {
    // §6.2.1, §5.11 (D8 table), §3.1.2; 2024
    for (face, arena) in [
        (1, Arena::GreatMootBakeOffTent),
        (5, Arena::ColiseumOfChaos),
        (8, Arena::OvergrownArena),
    ] {
        let mut d = dice([pick(2, 0), d8(face)]); // Home wins the toss
        d.push(shuffle_script());
        let (g, ev) = new_game(arena_setup(None), &mut d).unwrap();
        assert_eq!(g.arena, Some(arena), "D8 {face}");
        assert_eq!(Arena::BY_D8[usize::from(face - 1)], arena);
        let r = &rolls(&ev, RollPurpose::Arena)[0];
        assert_eq!(
            (r.coach, r.die, r.faces.clone()),
            (Some(Side::Home), Die::D8, vec![face])
        );
        let toss = ev
            .iter()
            .position(|e| matches!(e, Event::CoinToss { .. }))
            .unwrap();
        let rolled = ev
            .iter()
            .position(|e| *e == Event::ArenaRolled { arena })
            .unwrap();
        assert!(toss < rolled);
        // The board side is still to be chosen, by the toss winner.
        assert!(!ev.iter().any(|e| matches!(e, Event::BoardChosen { .. })));
        assert_eq!(g.board, None);
        assert_eq!(prompt(&g).coach, Some(Side::Home));
        assert_eq!(kind(&g), PromptKind::ChooseBoardSide);
        assert_eq!(view(&g, Seat::Spectator).arena, Some(arena));
    }
}

#[test]
fn without_the_arena_option_no_d8_is_rolled_and_there_is_no_arena() {
    // §6.2.1 (optional rule), §5.11; 2024
    let mut d = dice([pick(2, 0)]);
    d.push(shuffle_script());
    let (g, ev) = new_game(setup(E24, TeamId::Human, TeamId::Orc), &mut d).unwrap();
    assert_eq!(g.arena, None);
    assert!(rolls(&ev, RollPurpose::Arena).is_empty());
    assert!(!ev.iter().any(|e| matches!(e, Event::ArenaRolled { .. })));
}

#[test]
fn a_fixed_arena_is_used_instead_of_rolling() {
    // §6.2.1, §5.11 (engine option `Options::arena`); 2024
    let mut d = dice([pick(2, 1)]); // no D8 in the script
    d.push(shuffle_script());
    let (g, ev) = new_game(arena_setup(Some(Arena::TheBonePit)), &mut d).unwrap();
    assert_eq!(g.arena, Some(Arena::TheBonePit));
    assert!(rolls(&ev, RollPurpose::Arena).is_empty());
    assert!(has_event(
        &ev,
        &Event::ArenaRolled {
            arena: Arena::TheBonePit
        }
    ));
}

#[test]
fn a_fixed_arena_needs_the_arena_option_and_a_2024_match() {
    // §6.2.1, §5.11, §0.3 (arenas are 2024 optional); both editions
    let mut st = setup(E24, TeamId::Human, TeamId::Orc);
    st.options.arena = Some(Arena::OvergrownArena);
    assert!(matches!(validate(&st), Err(SetupError::NeedsOption { .. })));
    st.options.arenas = true;
    assert_eq!(validate(&st), Ok(()));
    st.edition = E18;
    assert!(matches!(
        validate(&st),
        Err(SetupError::WrongEdition { .. })
    ));
}

// ---------------------------------------------------------------------------------------
// Arena 1: Great Moot Bake-off Tent.

#[test]
fn bake_off_tent_lowers_the_emergency_reserves_value_by_one() {
    // §5.11 arena 1, §3.15; 2024 (Human value 4 becomes 3)
    for (arena, triggered) in [(None, false), (Some(Arena::GreatMootBakeOffTent), true)] {
        let mut s = scen_in(arena);
        field(&mut s, Side::Home, 3); // 3 in Reserves
        s.loose_ball(7, 1);
        let (g, _) = s.start_turn(&mut no_dice());
        assert_eq!(er_prompt(&g), triggered, "{arena:?}: {:?}", kind(&g));
    }
}

#[test]
fn bake_off_tent_takes_the_halfling_value_from_two_to_one() {
    // §5.11 arena 1, §6.2.1 [PROPOSAL] (G49: minimum 1), §3.15; 2024
    for (arena, triggered) in [(None, false), (Some(Arena::GreatMootBakeOffTent), true)] {
        let mut s = scen(E24, TeamId::Halfling, TeamId::Orc);
        if let Some(a) = arena {
            s.arena(a);
        }
        field(&mut s, Side::Home, 6); // 7 players: 1 in Reserves
        s.loose_ball(7, 1);
        let (g, _) = s.start_turn(&mut no_dice());
        assert_eq!(er_prompt(&g), triggered, "{arena:?}: {:?}", kind(&g));
    }
}

#[test]
fn the_bake_off_tent_emergency_reserves_value_never_drops_below_one() {
    // §5.11 arena 1, §6.2.1 [PROPOSAL], G49 (no team card has value 1, so the floor
    // is checked on the value function itself); 2024
    let tent = Some(Arena::GreatMootBakeOffTent);
    assert_eq!(arenas::emergency_reserves_value(4, tent), 3);
    assert_eq!(arenas::emergency_reserves_value(2, tent), 1);
    assert_eq!(arenas::emergency_reserves_value(1, tent), 1);
    assert_eq!(arenas::emergency_reserves_value(4, None), 4);
    assert_eq!(
        arenas::emergency_reserves_value(4, Some(Arena::TheBonePit)),
        4
    );
}

// ---------------------------------------------------------------------------------------
// Arena 2: Sewer Pipe Stadium.

#[test]
fn sewer_pipe_reserves_may_be_placed_on_a_trapdoor() {
    // §5.11 arena 2, §3.14; 2024
    let mut s = scen_in(None);
    field(&mut s, Side::Home, 3);
    let r = s.player(Side::Home, 5);
    let g = s.at_action_prompt();
    assert!(!reserve_choices(&g, r).contains(&sq(7, 5)));
    assert!(reserve_choices(&g, r).iter().all(|s| s.x == 0));

    let mut s = scen_in(Some(Arena::SewerPipeStadium));
    field(&mut s, Side::Home, 3);
    let r = s.player(Side::Home, 5);
    let mut g = s.at_action_prompt();
    let offered = reserve_choices(&g, r);
    assert!(offered.contains(&sq(7, 5)));
    assert!(offered.contains(&sq(0, 5)), "the end zone stays available");
    let ev = go(&mut g, &mut no_dice(), reserves(r, 7, 5));
    assert!(has_event(
        &ev,
        &Event::PlayerPlaced {
            player: r,
            square: sq(7, 5)
        }
    ));
    assert_eq!(at(&g, r), standing(7, 5));
    assert_eq!(g.turn.actions_taken, 1);
}

#[test]
fn sewer_pipe_offers_every_trapdoor_of_the_two_trapdoor_side_and_to_emergency_reserves() {
    // §5.11 arena 2, §3.14, §3.15 (a free Reserves action), §2.2 G2; 2024
    let mut st = setup(E24, TeamId::Human, TeamId::Orc);
    st.options.board_side = Some(BoardSide::TwoTrapdoors);
    let mut s = Scenario::new(st);
    s.arena(Arena::SewerPipeStadium);
    field(&mut s, Side::Home, 2); // 4 in Reserves: Emergency Reserves
    s.loose_ball(2, 1);
    let (g, _) = s.start_turn(&mut no_dice());
    assert!(er_prompt(&g), "{:?}", kind(&g));
    let squares: Vec<Square> = legal_commands(&g)
        .into_iter()
        .filter_map(|c| match c {
            Command::Action {
                choice: ActionChoice::Reserves { square },
                ..
            } => Some(square),
            _ => None,
        })
        .collect();
    assert!(squares.contains(&sq(7, 3)) && squares.contains(&sq(7, 7)));
    assert!(!squares.contains(&sq(7, 5)), "not a trapdoor on this side");
}

#[test]
fn sewer_pipe_trapdoor_placement_removes_a_loose_ball_there_without_a_bounce() {
    // §5.11 arena 2 (the ball is removed from the pitch); 2024
    let mut s = scen_in(Some(Arena::SewerPipeStadium));
    field(&mut s, Side::Home, 3);
    let r = s.player(Side::Home, 5);
    let b = s.loose_ball(7, 5);
    let mut g = s.at_action_prompt();
    // No D8 in the script: the ball must not bounce.
    let ev = go(&mut g, &mut no_dice(), reserves(r, 7, 5));
    assert!(has_event(&ev, &Event::BallRemoved { ball: b }));
    assert!(g.balls.is_empty());
    assert_eq!(g.ball_held_by(r), None);
    assert_eq!(at(&g, r), standing(7, 5));
}

#[test]
fn sewer_pipe_trapdoor_placement_injures_the_player_there_whatever_its_team() {
    // §5.11 arena 2, G49 (whatever its team); §3.16.5 (a held ball goes with it);
    // 2024
    let mut s = scen_in(Some(Arena::SewerPipeStadium));
    field(&mut s, Side::Home, 3);
    let r = s.player(Side::Home, 5);
    let o = s.position(Side::Away, "Lineman");
    s.stand(o, 7, 5);
    let b = s.give_ball(o);
    let mut g = s.at_action_prompt();
    let ev = go(&mut g, &mut no_dice(), reserves(r, 7, 5));
    assert!(has_event(&ev, &Event::Injured { player: o }));
    assert!(has_event(&ev, &Event::BallRemoved { ball: b }));
    assert_eq!(at(&g, o), Place::Reserves);
    assert!(g.balls.is_empty(), "removed with the player, not bounced");
    assert_eq!(at(&g, r), standing(7, 5));

    // A Prone team-mate on the trapdoor is Injured too.
    let mut s = scen_in(Some(Arena::SewerPipeStadium));
    let m = s.player(Side::Home, 0);
    s.prone(m, 7, 5);
    let r = s.player(Side::Home, 5);
    let mut g = s.at_action_prompt();
    let ev = go(&mut g, &mut no_dice(), reserves(r, 7, 5));
    assert!(has_event(&ev, &Event::Injured { player: m }));
    assert_eq!(at(&g, m), Place::Reserves);
    assert_eq!(at(&g, r), standing(7, 5));
}

#[test]
fn the_sewer_pipe_trapdoor_ignores_the_end_zone_adjacency_priority() {
    // §5.11 arena 2, G49, §3.14 / G26 priority; 2024
    let mut s = scen_in(Some(Arena::SewerPipeStadium));
    let r = s.player(Side::Home, 5);
    let o1 = s.position(Side::Away, "Lineman");
    let o2 = s.position(Side::Away, "Blitzer");
    s.stand(o1, 1, 5); // next to (0,4)..(0,6)
    s.stand(o2, 8, 5); // next to the trapdoor
    let g = s.at_action_prompt();
    let offered = reserve_choices(&g, r);
    assert!(
        !offered.contains(&sq(0, 5)),
        "end-zone squares next to an opponent are not offered while others are free"
    );
    assert!(offered.contains(&sq(0, 0)));
    assert!(
        offered.contains(&sq(7, 5)),
        "the trapdoor is, next to an opponent"
    );
}

// ---------------------------------------------------------------------------------------
// Arena 3: The Bone Pit.

fn free_run_prompt(g: &Game) -> Option<PlayerId> {
    match kind(g) {
        PromptKind::FreeAction {
            player,
            grant: FreeGrant::Run,
        } => Some(player),
        _ => None,
    }
}

#[test]
fn bone_pit_a_reserves_action_is_followed_by_a_free_run() {
    // §5.11 arena 3, §3.14, §3.6.3; 2024
    let mut s = scen_in(None);
    field(&mut s, Side::Home, 3);
    let r = s.player(Side::Home, 5);
    let mut g = s.at_action_prompt();
    go(&mut g, &mut no_dice(), reserves(r, 0, 5));
    assert_eq!(
        kind(&g),
        PromptKind::Action,
        "no free Run without the arena"
    );

    let mut s = scen_in(Some(Arena::TheBonePit));
    field(&mut s, Side::Home, 3);
    let r = s.player(Side::Home, 5);
    let mut g = s.at_action_prompt();
    go(&mut g, &mut no_dice(), reserves(r, 0, 5));
    assert_eq!(free_run_prompt(&g), Some(r), "{:?}", kind(&g));
    let ev = go(&mut g, &mut no_dice(), action(r, ActionChoice::Run));
    assert!(has_event(
        &ev,
        &Event::ActionStarted {
            player: r,
            action: ActionKind::Run,
            free: true
        }
    ));
    go(&mut g, &mut no_dice(), move_to(1, 5));
    go(&mut g, &mut no_dice(), move_to(2, 5));
    go(&mut g, &mut no_dice(), Command::StopMoving);
    assert_eq!(at(&g, r), standing(2, 5));
    assert_eq!(g.turn.actions_taken, 1, "the Run is free");
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn bone_pit_free_run_may_be_declined() {
    // §5.11 arena 3 ("may"); 2024
    let mut s = scen_in(Some(Arena::TheBonePit));
    let r = s.player(Side::Home, 5);
    let mut g = s.at_action_prompt();
    go(&mut g, &mut no_dice(), reserves(r, 0, 5));
    assert_eq!(free_run_prompt(&g), Some(r));
    go(&mut g, &mut no_dice(), Command::Decline);
    assert_eq!(kind(&g), PromptKind::Action);
    assert_eq!(at(&g, r), standing(0, 5));
}

#[test]
fn bone_pit_free_run_follows_emergency_reserves() {
    // §5.11 arena 3 (free Reserves actions such as Emergency Reserves), §3.15; 2024
    for (arena, free_run) in [(None, false), (Some(Arena::TheBonePit), true)] {
        let mut s = scen_in(arena);
        field(&mut s, Side::Home, 2); // 4 in Reserves
        s.loose_ball(7, 1);
        let r = s.player(Side::Home, 5);
        let (mut g, _) = s.start_turn(&mut no_dice());
        assert!(er_prompt(&g), "{:?}", kind(&g));
        go(&mut g, &mut no_dice(), reserves(r, 0, 5));
        assert_eq!(
            free_run_prompt(&g) == Some(r),
            free_run,
            "{arena:?}: {:?}",
            kind(&g)
        );
    }
}

#[test]
fn bone_pit_free_run_follows_the_reserves_bonus_play() {
    // §5.11 arena 3, §5.6 Reserves (a free Reserves action); 2024
    let card = (0..26u8)
        .find(|&i| CardId(i).def().bonus == BonusPlay::Reserves)
        .unwrap();
    let mut s = scen_in(Some(Arena::TheBonePit));
    s.hand_card(Side::Home, card);
    let r = s.player(Side::Home, 5);
    let mut g = s.at_action_prompt();
    go(
        &mut g,
        &mut no_dice(),
        Command::PlayBonus {
            card: CardId(card),
            player: Some(r),
            square: Some(sq(0, 5)),
        },
    );
    assert_eq!(free_run_prompt(&g), Some(r), "{:?}", kind(&g));
}

// ---------------------------------------------------------------------------------------
// Arena 4: Glittering Coliseum.

/// Human Thrower (Throw 3+) at (2,5) with the ball; a Lineman team-mate at (9,5): a Long,
/// throw. `obstructed`: an Open Orc Lineman on the line at (5,5).
fn long_throw(arena: Option<Arena>, obstructed: bool) -> (Game, PlayerId, PlayerId, BallId) {
    let mut s = scen_in(arena);
    let t = s.position(Side::Home, "Thrower");
    let m = s.position(Side::Home, "Lineman");
    s.stand(t, 2, 5).stand(m, 9, 5);
    if obstructed {
        let o = s.position(Side::Away, "Lineman");
        s.stand(o, 5, 5);
    }
    let b = s.give_ball(t);
    (s.at_action_prompt(), t, m, b)
}

fn throw(t: PlayerId, x: i8, y: i8) -> Command {
    action(t, ActionChoice::Throw { target: sq(x, y) })
}

#[test]
fn glittering_coliseum_long_throws_have_no_minus_one() {
    // §5.11 arena 4, §3.10.1 step 3, §2.4; 2024
    assert_eq!(throw_range(sq(2, 5), sq(9, 5)), Range::Long);

    let (mut g, t, m, _) = long_throw(None, false);
    let mut d = dice([d6(3), d8(8)]);
    let ev = go(&mut g, &mut d, throw(t, 9, 5));
    let r = &rolls(&ev, RollPurpose::Throw)[0];
    assert_eq!((r.modifier, r.success), (-1, Some(false)));
    assert_eq!(g.ball_held_by(m), None);

    let (mut g, t, m, b) = long_throw(Some(Arena::GlitteringColiseum), false);
    let mut d = dice([d6(3)]);
    let ev = go(&mut g, &mut d, throw(t, 9, 5));
    let r = &rolls(&ev, RollPurpose::Throw)[0];
    assert_eq!((r.modifier, r.success), (0, Some(true)));
    assert_eq!(g.ball_held_by(m), Some(b));
}

#[test]
fn glittering_coliseum_keeps_the_minus_one_for_an_obstructed_throw() {
    // §5.11 arena 4 (only the Long penalty goes), §3.10.1 step 3; 2024
    let (mut g, t, m, b) = long_throw(Some(Arena::GlitteringColiseum), true);
    let mut d = dice([d6(4)]);
    let ev = go(&mut g, &mut d, throw(t, 9, 5));
    let r = &rolls(&ev, RollPurpose::Throw)[0];
    assert_eq!((r.modifier, r.success), (-1, Some(true)));
    assert_eq!(g.ball_held_by(m), Some(b));
}

// ---------------------------------------------------------------------------------------
// Arena 5: Coliseum of Chaos.

#[test]
fn coliseum_of_chaos_a_shove_that_cannot_push_is_kerrunch() {
    // §5.11 arena 5, §3.11 Shove and Kerrunch!; 2024 (Orc Lineman Armour 3+)
    for (arena, modifier, after) in [
        (None, 0, prone(5, 0)),
        (Some(Arena::ColiseumOfChaos), -1, Place::Reserves),
    ] {
        let mut s = scen_in(arena);
        let p = s.position(Side::Home, "Lineman");
        let o = s.position(Side::Away, "Lineman");
        s.stand(p, 5, 1).stand(o, 5, 0); // pushed off the pitch: cannot move
        let mut g = s.at_action_prompt();
        let mut d = dice([block(BlockFace::Shove), d6(3)]);
        let ev = go(&mut g, &mut d, blk(p, o));
        let r = &rolls(&ev, RollPurpose::Armour)[0];
        assert_eq!(r.modifier, modifier, "{arena:?}");
        assert_eq!(at(&g, o), after, "{arena:?}: 3 - 1 fails Armour 3+");
    }
}

#[test]
fn coliseum_of_chaos_leaves_a_shove_that_can_push_alone() {
    // §5.11 arena 5 (only a Shove that cannot push), §3.11 Shove; 2024
    let mut s = scen_in(Some(Arena::ColiseumOfChaos));
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Shove)]);
    let ev = go(&mut g, &mut d, blk(p, o));
    assert!(rolls(&ev, RollPurpose::Armour).is_empty());
    assert_eq!(at(&g, o), standing(7, 4));
    assert_eq!(
        kind(&g),
        PromptKind::FollowUp {
            blocker: p,
            square: sq(6, 4)
        }
    );
}

// ---------------------------------------------------------------------------------------
// Arena 6: Badlands Fighting Pit.

#[test]
fn badlands_an_assisted_block_adds_two_dice() {
    // §5.11 arena 6, §3.11 number of dice; 2024 (Human Lineman, Block 1)
    for (arena, n) in [(None, 2), (Some(Arena::BadlandsFightingPit), 3)] {
        let mut s = scen_in(arena);
        let p = s.player(Side::Home, 0);
        let m = s.player(Side::Home, 1);
        let o = s.position(Side::Away, "Lineman");
        s.stand(p, 5, 4).stand(o, 6, 4).stand(m, 7, 4); // m assists
        let mut g = s.at_action_prompt();
        let mut d = dice(vec![block(BlockFace::Smash); n]);
        let ev = go(&mut g, &mut d, blk(p, o));
        assert_eq!(block_dice_rolled(&ev), n, "{arena:?}");
        assert_eq!(block_faces(&g).len(), n);
    }
}

#[test]
fn badlands_block_dice_are_capped_at_three() {
    // §5.11 arena 6 (maximum of three); 2024 (Orc Big Un Blocker, Block 2:
    // 2 + 2 = 4 capped to 3)
    let mut s = scen(E24, TeamId::Orc, TeamId::Human);
    s.arena(Arena::BadlandsFightingPit);
    let p = s.position(Side::Home, "Big Un Blocker");
    let m = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4).stand(m, 7, 4);
    let mut g = s.at_action_prompt();
    let mut d = dice(vec![block(BlockFace::Smash); 3]);
    let ev = go(&mut g, &mut d, blk(p, o));
    assert_eq!(block_dice_rolled(&ev), 3);
}

#[test]
fn badlands_leaves_an_unassisted_block_alone() {
    // §5.11 arena 6 (assisted blocks only); 2024
    let mut s = scen_in(Some(Arena::BadlandsFightingPit));
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Miss)]);
    let ev = go(&mut g, &mut d, blk(p, o));
    assert_eq!(block_dice_rolled(&ev), 1);
}

// ---------------------------------------------------------------------------------------
// Arena 7: Mountain Summit Stadium.

/// Home's turn starts with `score`; Home has 4 players on the pitch and there is a ball, so
/// the Pre-Turn Sequence asks nothing.
fn start_with_score(arena: Option<Arena>, score: [u16; 2]) -> Game {
    let mut s = scen_in(arena);
    field(&mut s, Side::Home, 4);
    s.loose_ball(7, 1);
    s.game.score = score;
    s.start_turn(&mut no_dice()).0
}

#[test]
fn mountain_summit_sudden_death_comes_at_a_lead_of_eight() {
    // §5.11 arena 7, §3.21 (2024: checked at the start of the leader's turn); 2024
    let g = start_with_score(None, [9, 1]);
    assert_eq!(g.outcome, None);
    assert_eq!(kind(&g), PromptKind::Action);

    let g = start_with_score(Some(Arena::MountainSummitStadium), [9, 1]);
    assert_eq!(g.outcome, Some(Outcome::SuddenDeath { winner: Side::Home }));
    assert_eq!(kind(&g), PromptKind::GameOver);
}

#[test]
fn mountain_summit_needs_a_lead_of_eight_for_the_coach_whose_turn_starts() {
    // §5.11 arena 7, §3.21 (only the coach whose turn starts); 2024
    let g = start_with_score(Some(Arena::MountainSummitStadium), [8, 1]);
    assert_eq!(g.outcome, None, "a lead of 7");
    let g = start_with_score(Some(Arena::MountainSummitStadium), [1, 9]);
    assert_eq!(g.outcome, None, "the other coach's lead of 8");
}

// ---------------------------------------------------------------------------------------
// Arena 8: Overgrown Arena.

/// Dice rolled when Home's lone Lineman at `(bx, by)` blocks the Away `target` at `(tx, ty)`
/// (one-trapdoor side: the trapdoor is (7,5)).
fn lone_block_dice(
    arena: Option<Arena>,
    away: TeamId,
    target: &str,
    b: (i8, i8),
    t: (i8, i8),
) -> usize {
    let mut s = scen(E24, TeamId::Human, away);
    if let Some(a) = arena {
        s.arena(a);
    }
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, target);
    s.stand(p, b.0, b.1).stand(o, t.0, t.1);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Miss), block(BlockFace::Miss)]);
    let ev = go(&mut g, &mut d, blk(p, o));
    block_dice_rolled(&ev)
}

#[test]
fn overgrown_arena_a_block_on_a_player_next_to_a_trapdoor_is_assisted() {
    // §5.11 arena 8, §3.11 assists (2024: +1 die); 2024
    let overgrown = Some(Arena::OvergrownArena);
    let orc = TeamId::Orc;
    assert_eq!(lone_block_dice(None, orc, "Lineman", (6, 4), (7, 4)), 1);
    assert_eq!(
        lone_block_dice(overgrown, orc, "Lineman", (6, 4), (7, 4)),
        2
    );
    // Diagonally next to the trapdoor counts too.
    assert_eq!(
        lone_block_dice(overgrown, orc, "Lineman", (5, 3), (6, 4)),
        2
    );
    // Not next to a trapdoor: unassisted.
    assert_eq!(
        lone_block_dice(overgrown, orc, "Lineman", (4, 1), (5, 1)),
        1
    );
}

#[test]
fn overgrown_arena_a_target_on_the_trapdoor_itself_is_not_adjacent_to_it() {
    // §5.11 arena 8 (engine reading: "adjacent" is a neighbouring square); 2024
    let overgrown = Some(Arena::OvergrownArena);
    assert_eq!(
        lone_block_dice(overgrown, TeamId::Orc, "Lineman", (6, 5), (7, 5)),
        1
    );
}

#[test]
fn overgrown_arena_cannot_assist_a_block_that_cannot_be_assisted() {
    // §5.11 arena 8, §3.22 ("cannot" beats "can"), §5.4 Woodland Aid; 2024
    let overgrown = Some(Arena::OvergrownArena);
    assert_eq!(
        lone_block_dice(overgrown, TeamId::Gnome, "Beastmaster", (6, 4), (7, 4)),
        1
    );
    assert_eq!(
        lone_block_dice(overgrown, TeamId::Gnome, "Lineman", (6, 4), (7, 4)),
        2
    );
}
