//! Bonus Play windows and the 2024 Interrupts (§3.22, §5.6, G30, G31, G47): Blitz!,
//! Diving Tackle, Intervention, Step Aside, Shadowing, Tough Enough, what a window shows the
//! other seats, and the options refused until they are built. Card indices are those of
//! `CHALLENGE_CARDS`.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.
#![allow(clippy::unwrap_used)]

mod common;
use common::*;

const E24: Edition = Edition::Bb2024;

/// `CHALLENGE_CARDS` indices of the Bonus Plays used here.
const STEP_ASIDE: u8 = 1;
const STEP_ASIDE_2: u8 = 7;
const BLITZ: u8 = 2;
const INTERVENTION: u8 = 3;
const SPRINT: u8 = 5;
const SHADOWING: u8 = 6;
const TOUGH_ENOUGH: u8 = 14;
const BLOCKING_PLAY: u8 = 22;
const DIVING_TACKLE: u8 = 23;
/// Challenge side of card 24: Tie Them Up!.
const TIE_THEM_UP: u8 = 24;

fn play(card: u8, player: Option<PlayerId>, square: Option<Square>) -> Command {
    Command::PlayBonus {
        card: CardId(card),
        player,
        square,
    }
}

/// Start a Run or Mark, step along `path`, and stop if the move has not ended by itself.
fn move_along(
    g: &mut Game,
    d: &mut ScriptedDice,
    p: PlayerId,
    choice: ActionChoice,
    path: &[(i8, i8)],
) -> Vec<Event> {
    let mut ev = go(g, d, action(p, choice));
    for &(x, y) in path {
        ev.extend(go(g, d, move_to(x, y)));
    }
    if matches!(kind(g), PromptKind::Move { player, .. } if player == p) {
        ev.extend(go(g, d, Command::StopMoving));
    }
    ev
}

/// The players a window's legal `PlayBonus` commands name.
fn offered_players(g: &Game) -> Vec<PlayerId> {
    let mut v: Vec<PlayerId> = legal_commands(g)
        .into_iter()
        .filter_map(|c| match c {
            Command::PlayBonus { player, .. } => player,
            _ => None,
        })
        .collect();
    v.dedup();
    v
}

fn window(g: &Game) -> Window {
    match kind(g) {
        PromptKind::BonusWindow { window } => window,
        k => panic!("expected a Bonus Play window, got {k:?}"),
    }
}

fn block_roll_count(ev: &[Event]) -> usize {
    rolls(ev, RollPurpose::Block)
        .iter()
        .map(|r| r.faces.len())
        .sum()
}

// ---------------------------------------------------------------------------------------
// Blitz!
// ---------------------------------------------------------------------------------------

#[test]
fn blitz_gives_a_free_block_after_a_mark_when_the_player_ran_earlier_this_turn() {
    // §5.6 Blitz!, §3.6.3; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.player(Side::Home, 0);
    let o = s.player(Side::Away, 0);
    s.stand(p, 1, 5).stand(o, 6, 5);
    s.hand_card(Side::Home, BLITZ);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash), d6(4)]);
    move_along(&mut g, &mut d, p, ActionChoice::Run, &[(2, 5), (3, 5)]);
    move_along(&mut g, &mut d, p, ActionChoice::Mark, &[(4, 5), (5, 5)]);
    assert_eq!(window(&g), Window::AfterMark { marker: p });
    assert_eq!(prompt(&g).coach, Some(Side::Home));
    go(&mut g, &mut d, play(BLITZ, None, None));
    assert_eq!(
        kind(&g),
        PromptKind::FreeAction {
            player: p,
            grant: FreeGrant::Block
        }
    );
    let ev = go(&mut g, &mut d, action(p, ActionChoice::Block { target: o }));
    assert!(has_event(
        &ev,
        &Event::ActionStarted {
            player: p,
            action: ActionKind::Block,
            free: true
        }
    ));
    assert_eq!(at(&g, o), prone(6, 5));
    assert_eq!(at(&g, p), standing(5, 5));
    assert_eq!(g.turn.actions_taken, 2, "the Block was free");
    assert!(g.hands[0].is_empty());
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn blitz_cannot_be_played_after_a_mark_without_a_run() {
    // §5.6 Blitz!; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.player(Side::Home, 0);
    let o = s.player(Side::Away, 0);
    s.stand(p, 3, 5).stand(o, 6, 5);
    s.hand_card(Side::Home, BLITZ);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    move_along(&mut g, &mut d, p, ActionChoice::Mark, &[(4, 5), (5, 5)]);
    assert_refused(&mut g, play(BLITZ, None, None));
    if matches!(kind(&g), PromptKind::BonusWindow { .. }) {
        go(&mut g, &mut d, Command::Decline);
    }
    assert_eq!(kind(&g), PromptKind::Action);
    assert_eq!(g.hands[0], vec![CardId(BLITZ)]);
    assert_eq!(at(&g, o), standing(6, 5));
}

#[test]
fn blitz_needs_the_marking_player_itself_to_have_run_not_a_team_mate() {
    // §5.6 Blitz! ("having already made a Run"); 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.player(Side::Home, 0);
    let runner = s.player(Side::Home, 1);
    let o = s.player(Side::Away, 0);
    s.stand(p, 3, 5).stand(runner, 1, 9).stand(o, 6, 5);
    s.hand_card(Side::Home, BLITZ);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    move_along(&mut g, &mut d, runner, ActionChoice::Run, &[(2, 9)]);
    move_along(&mut g, &mut d, p, ActionChoice::Mark, &[(4, 5), (5, 5)]);
    assert_refused(&mut g, play(BLITZ, None, None));
    if matches!(kind(&g), PromptKind::BonusWindow { .. }) {
        go(&mut g, &mut d, Command::Decline);
    }
    assert_eq!(kind(&g), PromptKind::Action);
    assert_eq!(g.hands[0], vec![CardId(BLITZ)]);
}

// ---------------------------------------------------------------------------------------
// Diving Tackle
// ---------------------------------------------------------------------------------------

#[test]
fn diving_tackle_blocks_for_free_then_the_blocker_goes_prone_without_armour_and_drops_the_ball() {
    // §5.6 Diving Tackle (engine note: the ball bounces); 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.player(Side::Home, 0);
    let o = s.player(Side::Away, 0);
    s.stand(p, 3, 5).stand(o, 6, 5);
    let b = s.give_ball(p);
    s.hand_card(Side::Home, DIVING_TACKLE);
    let mut g = s.at_action_prompt();
    // Block die, the target's Armour check, then only the bounce of the blocker's ball.
    let mut d = dice([block(BlockFace::Smash), d6(4), d8(2)]);
    move_along(&mut g, &mut d, p, ActionChoice::Mark, &[(4, 5), (5, 5)]);
    assert_eq!(window(&g), Window::AfterMark { marker: p });
    go(&mut g, &mut d, play(DIVING_TACKLE, None, None));
    assert_eq!(
        kind(&g),
        PromptKind::FreeAction {
            player: p,
            grant: FreeGrant::DivingTackleBlock
        }
    );
    let ev = go(&mut g, &mut d, action(p, ActionChoice::Block { target: o }));
    assert_eq!(at(&g, o), prone(6, 5), "the target passed its Armour check");
    assert_eq!(at(&g, p), prone(5, 5));
    assert!(has_event(&ev, &Event::PlacedProne { player: p }));
    let armour = rolls(&ev, RollPurpose::Armour);
    assert_eq!(armour.len(), 1, "no Armour check for the diving player");
    assert_eq!(armour[0].coach, Some(Side::Away));
    assert_eq!(g.ball(b).unwrap().at, BallAt::Loose(sq(5, 4)));
    assert_eq!(g.turn.actions_taken, 1, "the Block was free");
    assert_eq!(d.remaining(), 0);
}

// ---------------------------------------------------------------------------------------
// Intervention
// ---------------------------------------------------------------------------------------

/// Home runner `p` at (1,1); Away `q` Open at (8,1); Away `q2` at (7,3) Marked by Home `h`
/// at (8,3). Away holds Intervention.
fn intervention_position() -> (Game, PlayerId, PlayerId, PlayerId) {
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.player(Side::Home, 0);
    let h = s.player(Side::Home, 1);
    let q = s.player(Side::Away, 0);
    let q2 = s.player(Side::Away, 1);
    s.stand(p, 1, 1)
        .stand(h, 8, 3)
        .stand(q, 8, 1)
        .stand(q2, 7, 3);
    s.hand_card(Side::Away, INTERVENTION);
    (s.at_action_prompt(), p, q, q2)
}

const RUN_TO_5_1: [(i8, i8); 4] = [(2, 1), (3, 1), (4, 1), (5, 1)];

#[test]
fn intervention_lets_an_open_player_of_the_inactive_coach_mark_the_runner_for_free() {
    // §5.6 Intervention, §3.22 Interrupt, G31, G47; 2024
    let (mut g, p, q, q2) = intervention_position();
    let mut d = no_dice();
    move_along(&mut g, &mut d, p, ActionChoice::Run, &RUN_TO_5_1);
    assert_eq!(window(&g), Window::AfterOpponentRun { runner: p });
    assert_eq!(prompt(&g).coach, Some(Side::Away), "the non-active coach");
    assert_eq!(
        offered_players(&g),
        vec![q],
        "only Open players ({q2:?} is Marked)"
    );
    go(&mut g, &mut d, play(INTERVENTION, Some(q), None));
    assert_eq!(prompt(&g).coach, Some(Side::Away));
    assert!(matches!(
        kind(&g),
        PromptKind::Move { player, kind: MoveKind::MarkTowards(r), left: 2 } if player == q && r == p
    ));
    go(&mut g, &mut d, move_to(7, 1));
    go(&mut g, &mut d, move_to(6, 1));
    assert_eq!(at(&g, q), standing(6, 1));
    assert!(g.is_marked(p));
    assert_eq!(prompt(&g).coach, Some(Side::Home));
    assert_eq!(kind(&g), PromptKind::Action);
    assert_eq!(g.turn.actions_taken, 1, "only the Run counts");
    assert!(g.hands[1].is_empty());
    assert!(
        g.discard
            .contains(&DeckCard::Challenge(CardId(INTERVENTION)))
    );
}

#[test]
fn the_intervention_mark_must_end_next_to_the_runner() {
    // §5.6 Intervention ("must end adjacent to that opponent"); 2024
    let (mut g, p, q, _) = intervention_position();
    let mut d = no_dice();
    move_along(&mut g, &mut d, p, ActionChoice::Run, &RUN_TO_5_1);
    go(&mut g, &mut d, play(INTERVENTION, Some(q), None));
    // (7,2) would Mark the other Home player and end the Mark away from the runner.
    assert_refused(&mut g, move_to(7, 2));
    go(&mut g, &mut d, move_to(7, 1));
    assert_refused(&mut g, Command::StopMoving);
    assert_refused(&mut g, move_to(8, 0));
    go(&mut g, &mut d, move_to(6, 2));
    assert_eq!(at(&g, q), standing(6, 2));
    assert!(at(&g, p) == standing(5, 1) && g.is_marked(p));
}

#[test]
fn an_intervention_mark_gets_no_claim_step_for_the_inactive_coach() {
    // §3.6.3 [PROPOSAL] (no Claim step in the opponent's turn), G31; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.player(Side::Home, 0);
    let p2 = s.player(Side::Home, 1);
    let q = s.player(Side::Away, 0);
    s.stand(p, 1, 1).stand(p2, 5, 0).stand(q, 8, 1);
    s.hand_card(Side::Away, INTERVENTION);
    s.active_card(0, TIE_THEM_UP);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    let mut ev = move_along(&mut g, &mut d, p, ActionChoice::Run, &RUN_TO_5_1);
    ev.extend(go(&mut g, &mut d, play(INTERVENTION, Some(q), None)));
    ev.extend(go(&mut g, &mut d, move_to(7, 1)));
    ev.extend(go(&mut g, &mut d, move_to(6, 1)));
    // The free Mark now Marks two unmarked Home players: Tie Them Up! for Away, were it
    // Away's turn.
    assert!(g.is_marked(p) && g.is_marked(p2));
    assert_eq!(prompt(&g).coach, Some(Side::Home));
    assert_eq!(kind(&g), PromptKind::Action);
    assert!(!ev.iter().any(|e| matches!(e, Event::Claimed { .. })));
    assert_eq!(g.active_cards[0], Some(CardId(TIE_THEM_UP)));
    assert_eq!(points(&g, Side::Away), 0);
    assert!(g.hands[1].is_empty());
}

// ---------------------------------------------------------------------------------------
// Step Aside
// ---------------------------------------------------------------------------------------

#[test]
fn step_aside_lets_a_player_marked_by_the_opponents_mark_sidestep_for_free() {
    // §5.6 Step Aside, §3.12, G31; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let m = s.player(Side::Home, 0);
    let h = s.player(Side::Home, 1);
    let a = s.player(Side::Away, 0);
    let b = s.player(Side::Away, 1);
    // `b` is Marked, but by `h`, not by the Mark that opens the window.
    s.stand(m, 1, 5)
        .stand(a, 4, 5)
        .stand(h, 9, 10)
        .stand(b, 9, 9);
    s.hand_card(Side::Away, STEP_ASIDE);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    move_along(&mut g, &mut d, m, ActionChoice::Mark, &[(2, 5), (3, 5)]);
    assert_eq!(window(&g), Window::AfterOpponentMark { marker: m });
    assert_eq!(prompt(&g).coach, Some(Side::Away));
    assert_eq!(offered_players(&g), vec![a]);
    let mut squares: Vec<Square> = legal_commands(&g)
        .into_iter()
        .filter_map(|c| match c {
            Command::PlayBonus { square, .. } => square,
            _ => None,
        })
        .collect();
    squares.sort_by_key(|s| (s.x, s.y));
    assert_eq!(
        squares,
        vec![sq(5, 4), sq(5, 5), sq(5, 6)],
        "Open squares only"
    );
    let ev = go(&mut g, &mut d, play(STEP_ASIDE, Some(a), Some(sq(5, 5))));
    assert!(has_event(
        &ev,
        &Event::ActionStarted {
            player: a,
            action: ActionKind::Sidestep,
            free: true
        }
    ));
    assert_eq!(at(&g, a), standing(5, 5));
    assert!(g.is_open(a) && g.is_open(m));
    assert_eq!(prompt(&g).coach, Some(Side::Home));
    assert_eq!(kind(&g), PromptKind::Action);
    assert_eq!(g.turn.actions_taken, 1);
}

#[test]
fn a_step_aside_into_the_end_zone_scores_nothing_in_the_opponents_turn() {
    // G31 (no touchdown check for the inactive team), §3.17 [PROPOSAL]; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let m = s.player(Side::Home, 0);
    let a = s.player(Side::Away, 0);
    s.stand(m, 3, 6).stand(a, 0, 5);
    let ball = s.give_ball(a);
    s.hand_card(Side::Away, STEP_ASIDE);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    move_along(&mut g, &mut d, m, ActionChoice::Mark, &[(2, 6), (1, 6)]);
    assert_eq!(window(&g), Window::AfterOpponentMark { marker: m });
    let ev = go(&mut g, &mut d, play(STEP_ASIDE, Some(a), Some(sq(0, 4))));
    // Away scores in x = 0: `a` is there, Open and holding the ball, in Home's turn.
    assert_eq!(g.scoring_end_zone_x(Side::Away), 0);
    assert!(at(&g, a) == standing(0, 4) && g.is_open(a));
    assert_eq!(g.ball_held_by(a), Some(ball));
    assert!(!ev.iter().any(|e| matches!(e, Event::Touchdown { .. })));
    assert_eq!(points(&g, Side::Away), 0);
    assert_eq!(kind(&g), PromptKind::Action);
}

// ---------------------------------------------------------------------------------------
// Shadowing
// ---------------------------------------------------------------------------------------

#[test]
fn shadowing_moves_the_marking_player_into_the_vacated_square_without_an_action() {
    // §5.6 Shadowing ("This is not an action"), §3.22; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.player(Side::Home, 0);
    let a = s.player(Side::Away, 0);
    let c = s.player(Side::Away, 1);
    s.stand(p, 5, 4).stand(a, 6, 4).stand(c, 9, 9);
    s.hand_card(Side::Away, SHADOWING);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(
        &mut g,
        &mut d,
        action(p, ActionChoice::Sidestep { to: sq(4, 5) }),
    );
    assert_eq!(
        window(&g),
        Window::OpponentSidestep {
            mover: p,
            vacated: sq(5, 4)
        }
    );
    assert_eq!(prompt(&g).coach, Some(Side::Away));
    assert_eq!(
        offered_players(&g),
        vec![a],
        "only a player that was Marking it"
    );
    let ev = go(&mut g, &mut d, play(SHADOWING, Some(a), None));
    assert_eq!(at(&g, a), standing(5, 4));
    assert!(has_event(
        &ev,
        &Event::PlayerMoved {
            player: a,
            from: sq(6, 4),
            to: sq(5, 4)
        }
    ));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::ActionStarted { player, .. } if *player == a)),
        "not an action"
    );
    assert_eq!(g.pt(a).used, 0, "no action kind used up");
    assert!(g.is_marked(p), "Marked again");
    assert_eq!(kind(&g), PromptKind::Action);
    assert_eq!(g.turn.actions_taken, 1);
}

// ---------------------------------------------------------------------------------------
// Tough Enough
// ---------------------------------------------------------------------------------------

/// Home Orc Big Un (B2) at (5,4) blocks Away Human Lineman at (6,4), assisted by an Orc
/// Lineman at (7,4): three dice. Away holds Tough Enough if `card`.
fn tough_enough_position(card: bool) -> (Game, PlayerId, PlayerId) {
    let mut s = scen(E24, TeamId::Orc, TeamId::Human);
    let p = s.position(Side::Home, "Big Un Blocker");
    let h = s.player(Side::Home, 0);
    let o = s.player(Side::Away, 0);
    s.stand(p, 5, 4).stand(o, 6, 4).stand(h, 7, 4);
    if card {
        s.hand_card(Side::Away, TOUGH_ENOUGH);
    }
    (s.at_action_prompt(), p, o)
}

#[test]
fn tough_enough_drops_the_assist_die_and_turns_shove_into_miss() {
    // §5.6 Tough Enough, §3.22 Interrupt, G47; 2024
    let (mut g, p, o) = tough_enough_position(true);
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Block { target: o }));
    assert_eq!(window(&g), Window::BlockTarget { target: o });
    assert_eq!(prompt(&g).coach, Some(Side::Away), "the target's coach");
    // Declined, the assisted block rolls three dice.
    let mut declined = g.clone();
    let mut d3 = dice([
        block(BlockFace::Shove),
        block(BlockFace::Smash),
        block(BlockFace::Shove),
    ]);
    let ev = go(&mut declined, &mut d3, Command::Decline);
    assert_eq!(block_roll_count(&ev), 3);
    // Played: two dice, and Shove counts as Miss.
    let mut d2 = dice([block(BlockFace::Shove), block(BlockFace::Smash)]);
    let ev = go(&mut g, &mut d2, play(TOUGH_ENOUGH, None, None));
    assert_eq!(block_roll_count(&ev), 2);
    assert_eq!(block_faces(&g), vec![BlockFace::Miss, BlockFace::Smash]);
    let ev = go(&mut g, &mut d2, Command::ChooseBlockDie { index: 0 });
    assert!(!ev.iter().any(|e| matches!(e, Event::Pushed { .. })));
    assert_eq!(at(&g, o), standing(6, 4));
    assert!(g.pt(p).finished, "a Miss finishes the blocker");
}

#[test]
fn tough_enough_cancels_the_assist_of_blocking_play_because_cannot_beats_can() {
    // §3.22 ("cannot" beats "can"), §5.6 Blocking Play, Tough Enough; 2024
    let mut s = scen(E24, TeamId::Orc, TeamId::Human);
    let p = s.position(Side::Home, "Big Un Blocker");
    let o = s.player(Side::Away, 0);
    s.stand(p, 5, 4).stand(o, 6, 4);
    s.hand_card(Side::Home, BLOCKING_PLAY);
    s.hand_card(Side::Away, TOUGH_ENOUGH);
    s.loose_ball(12, 10);
    // Blocking Play: at the start of the turn, before the Pre-Turn Sequence.
    let mut d = no_dice();
    let (mut g, _) = s.start_turn(&mut d);
    go(&mut g, &mut d, play(BLOCKING_PLAY, None, None));
    if kind(&g) != PromptKind::Action {
        go(&mut g, &mut d, Command::Decline); // optional Emergency Reserves
    }
    go(&mut g, &mut d, action(p, ActionChoice::Block { target: o }));
    assert_eq!(window(&g), Window::BlockTarget { target: o });
    let mut declined = g.clone();
    let mut d3 = dice([
        block(BlockFace::Miss),
        block(BlockFace::Miss),
        block(BlockFace::Miss),
    ]);
    let ev = go(&mut declined, &mut d3, Command::Decline);
    assert_eq!(block_roll_count(&ev), 3, "Blocking Play assists the Big Un");
    let mut d2 = dice([block(BlockFace::Miss), block(BlockFace::Miss)]);
    let ev = go(&mut g, &mut d2, play(TOUGH_ENOUGH, None, None));
    assert_eq!(block_roll_count(&ev), 2);
}

// ---------------------------------------------------------------------------------------
// Windows in general
// ---------------------------------------------------------------------------------------

#[test]
fn the_non_active_coachs_interrupt_window_comes_before_the_active_coachs_window() {
    // G47 (non-active coach first, then the active coach), §5.6 Step Aside, Blitz!;
    // 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.player(Side::Home, 0);
    let o = s.player(Side::Away, 0);
    s.stand(p, 1, 5).stand(o, 6, 5);
    s.hand_card(Side::Home, BLITZ);
    s.hand_card(Side::Away, STEP_ASIDE);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    move_along(&mut g, &mut d, p, ActionChoice::Run, &[(2, 5), (3, 5)]);
    // Away holds a card, so a window may open after the Run too; nothing to play in it.
    if matches!(kind(&g), PromptKind::BonusWindow { .. }) {
        go(&mut g, &mut d, Command::Decline);
    }
    move_along(&mut g, &mut d, p, ActionChoice::Mark, &[(4, 5), (5, 5)]);
    assert_eq!(prompt(&g).coach, Some(Side::Away));
    assert_eq!(window(&g), Window::AfterOpponentMark { marker: p });
    // Stepping aside leaves nothing to Blitz: no window for Home.
    let mut stepped = g.clone();
    go(
        &mut stepped,
        &mut d,
        play(STEP_ASIDE, Some(o), Some(sq(7, 4))),
    );
    assert_eq!(kind(&stepped), PromptKind::Action);
    assert_eq!(stepped.hands[0], vec![CardId(BLITZ)]);
    // Declined: then Home's Blitz! window.
    go(&mut g, &mut d, Command::Decline);
    assert_eq!(prompt(&g).coach, Some(Side::Home));
    assert_eq!(window(&g), Window::AfterMark { marker: p });
    assert!(is_legal_cmd(&g, play(BLITZ, None, None)));
}

#[test]
fn no_window_opens_when_the_coach_holds_no_card() {
    // §3.20, §5.6 (a Bonus Play needs a card in hand), G47; 2024
    let (mut g, p, q, _) = intervention_position();
    g.hands[1].clear();
    let mut d = no_dice();
    move_along(&mut g, &mut d, p, ActionChoice::Run, &RUN_TO_5_1);
    assert_eq!(prompt(&g).coach, Some(Side::Home));
    assert_eq!(kind(&g), PromptKind::Action, "no Intervention window");
    assert_eq!(at(&g, q), standing(8, 1));

    let (mut g, p, o) = tough_enough_position(false);
    let mut d = dice([
        block(BlockFace::Smash),
        block(BlockFace::Smash),
        block(BlockFace::Smash),
    ]);
    let ev = go(&mut g, &mut d, action(p, ActionChoice::Block { target: o }));
    assert_eq!(
        block_roll_count(&ev),
        3,
        "dice rolled without a Tough Enough window"
    );
    assert!(matches!(kind(&g), PromptKind::BlockDie { .. }));
}

#[test]
fn declining_a_window_changes_nothing() {
    // §5.6 (playing a Bonus Play is optional), §3.22; 2024
    let script = || {
        dice([
            block(BlockFace::Shove),
            block(BlockFace::Smash),
            block(BlockFace::Miss),
        ])
    };
    let (mut plain, p, o) = tough_enough_position(false);
    let plain_ev = go(
        &mut plain,
        &mut script(),
        action(p, ActionChoice::Block { target: o }),
    );

    let (mut g, _, _) = tough_enough_position(true);
    let mut d = script();
    let mut ev = go(&mut g, &mut d, action(p, ActionChoice::Block { target: o }));
    assert!(matches!(kind(&g), PromptKind::BonusWindow { .. }));
    ev.extend(go(&mut g, &mut d, Command::Decline));

    assert_eq!(ev, plain_ev, "the same events as with no window at all");
    assert_eq!(g.players, plain.players);
    assert_eq!(g.balls, plain.balls);
    assert_eq!(g.turn, plain.turn);
    assert_eq!(prompt(&g), prompt(&plain));
    assert_eq!(
        block_faces(&g),
        vec![BlockFace::Shove, BlockFace::Smash, BlockFace::Miss]
    );
    assert_eq!(
        g.hands[1],
        vec![CardId(TOUGH_ENOUGH)],
        "the card stays in hand"
    );
    assert_eq!(g.discard, plain.discard);
}

#[test]
fn the_window_prompt_shown_to_the_other_seats_names_no_card() {
    // §3.19.1 hands, G28, §3.22; 2024
    let (mut g, p, _, _) = intervention_position();
    let mut d = no_dice();
    let ev = move_along(&mut g, &mut d, p, ActionChoice::Run, &RUN_TO_5_1);
    let want = Prompt {
        coach: Some(Side::Away),
        kind: PromptKind::BonusWindow {
            window: Window::AfterOpponentRun { runner: p },
        },
    };
    for seat in [Seat::Coach(Side::Home), Seat::Spectator] {
        let v = view(&g, seat);
        assert_eq!(v.prompt, want);
        let json = serde_json::to_string(&v.prompt).unwrap();
        assert!(!json.contains("card"), "{seat:?} sees {json}");
        assert_eq!(v.hands[1].count, 1);
        assert_eq!(v.hands[1].cards, None);
        for e in ev.iter().filter_map(|e| e.project(seat)) {
            let json = serde_json::to_string(&e).unwrap();
            assert!(!json.contains("card"), "{seat:?} sees {json}");
        }
    }
    assert_eq!(
        view(&g, Seat::Coach(Side::Away)).hands[1].cards,
        Some(vec![(CardId(INTERVENTION), BonusPlay::Intervention)])
    );
}

#[test]
fn the_other_seats_see_the_same_window_whichever_card_the_coach_holds() {
    // §3.19.1 hands, G28 (the hand's contents are secret); 2024
    let (mut with_interrupt, p, _, _) = intervention_position();
    let (mut with_sprint, _, _, _) = intervention_position();
    // Swap the hidden card: Sprint (no use in this window) instead of Intervention.
    with_sprint.hands[1] = vec![CardId(SPRINT)];
    with_sprint
        .deck
        .retain(|c| *c != DeckCard::Challenge(CardId(SPRINT)));
    with_sprint
        .deck
        .insert(0, DeckCard::Challenge(CardId(INTERVENTION)));
    let mut d = no_dice();
    let ev_a = move_along(
        &mut with_interrupt,
        &mut d,
        p,
        ActionChoice::Run,
        &RUN_TO_5_1,
    );
    let ev_b = move_along(&mut with_sprint, &mut d, p, ActionChoice::Run, &RUN_TO_5_1);
    for seat in [Seat::Coach(Side::Home), Seat::Spectator] {
        assert_eq!(
            view(&with_interrupt, seat),
            view(&with_sprint, seat),
            "{seat:?}"
        );
        let a: Vec<Event> = ev_a.iter().filter_map(|e| e.project(seat)).collect();
        let b: Vec<Event> = ev_b.iter().filter_map(|e| e.project(seat)).collect();
        assert_eq!(a, b, "{seat:?}");
    }
    assert_ne!(
        view(&with_interrupt, Seat::Coach(Side::Away)),
        view(&with_sprint, Seat::Coach(Side::Away))
    );
}

// ---------------------------------------------------------------------------------------
// No interrupt inside an interrupt; no two of a name per coach per turn
// ---------------------------------------------------------------------------------------

#[test]
fn a_step_aside_sidestep_opens_no_shadowing_window_for_the_active_coach() {
    // §3.22 (no Interrupt during another Interrupt), G47; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let m = s.player(Side::Home, 0);
    let a = s.player(Side::Away, 0);
    s.stand(m, 1, 5).stand(a, 4, 5);
    s.hand_card(Side::Away, STEP_ASIDE);
    s.hand_card(Side::Home, SHADOWING);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    move_along(&mut g, &mut d, m, ActionChoice::Mark, &[(2, 5), (3, 5)]);
    go(&mut g, &mut d, play(STEP_ASIDE, Some(a), Some(sq(5, 5))));
    // `m` was Marking `a` and stands next to the vacated square (4,5).
    assert!(sq(3, 5).is_adjacent(sq(4, 5)) && g.player_at(sq(4, 5)).is_none());
    assert_eq!(prompt(&g).coach, Some(Side::Home));
    assert_eq!(kind(&g), PromptKind::Action, "no Shadowing window");
    assert_eq!(g.hands[0], vec![CardId(SHADOWING)]);
    assert_eq!(at(&g, m), standing(3, 5));
}

#[test]
fn an_intervention_mark_opens_no_step_aside_window_for_the_active_coach() {
    // §3.22 (no Interrupt during another Interrupt), G47; 2024
    let (mut g, p, q, _) = intervention_position();
    g.hands[0].push(CardId(STEP_ASIDE));
    g.deck
        .retain(|c| *c != DeckCard::Challenge(CardId(STEP_ASIDE)));
    let mut d = no_dice();
    move_along(&mut g, &mut d, p, ActionChoice::Run, &RUN_TO_5_1);
    go(&mut g, &mut d, play(INTERVENTION, Some(q), None));
    go(&mut g, &mut d, move_to(7, 1));
    go(&mut g, &mut d, move_to(6, 1));
    // The runner is Marked by the opponent's (free) Mark and could sidestep.
    assert!(g.is_marked(p));
    assert_eq!(prompt(&g).coach, Some(Side::Home));
    assert_eq!(kind(&g), PromptKind::Action, "no Step Aside window");
    assert_eq!(g.hands[0], vec![CardId(STEP_ASIDE)]);
    assert_eq!(at(&g, p), standing(5, 1));
}

#[test]
fn no_two_interrupts_of_the_same_name_per_coach_in_one_turn() {
    // §3.20 (no two Bonus Plays of the same name), G30 (per coach per turn, whoever's
    // turn it is); 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let m1 = s.player(Side::Home, 0);
    let m2 = s.player(Side::Home, 1);
    let a1 = s.player(Side::Away, 0);
    let a2 = s.player(Side::Away, 1);
    s.stand(m1, 1, 5)
        .stand(a1, 4, 5)
        .stand(m2, 1, 1)
        .stand(a2, 4, 1);
    s.hand_card(Side::Away, STEP_ASIDE)
        .hand_card(Side::Away, STEP_ASIDE_2);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    move_along(&mut g, &mut d, m1, ActionChoice::Mark, &[(2, 5), (3, 5)]);
    assert!(is_legal_cmd(
        &g,
        play(STEP_ASIDE_2, Some(a1), Some(sq(5, 5)))
    ));
    go(&mut g, &mut d, play(STEP_ASIDE, Some(a1), Some(sq(5, 5))));
    assert_eq!(kind(&g), PromptKind::Action);
    move_along(&mut g, &mut d, m2, ActionChoice::Mark, &[(2, 1), (3, 1)]);
    assert!(g.marks(g.player(m2), g.player(a2)));
    for to in [sq(5, 0), sq(5, 1), sq(5, 2)] {
        assert_refused(&mut g, play(STEP_ASIDE_2, Some(a2), Some(to)));
    }
    if matches!(kind(&g), PromptKind::BonusWindow { .. }) {
        go(&mut g, &mut d, Command::Decline);
    }
    assert_eq!(kind(&g), PromptKind::Action);
    assert_eq!(at(&g, a2), standing(4, 1));
    assert_eq!(g.hands[1], vec![CardId(STEP_ASIDE_2)]);
}
