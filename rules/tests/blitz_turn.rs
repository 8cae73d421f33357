//! Turn structure: Emergency Reserves, refresh, hand limit, claims in the opening, Clean
//! Sweep, Sudden Death and the end of the deck (§3.2, §3.15, §3.19-§3.21).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.
#![allow(clippy::unwrap_used)]

mod common;
use common::*;

const E24: Edition = Edition::Bb2024;
const E18: Edition = Edition::Bb2018;

fn er_prompt(g: &Game) -> bool {
    matches!(
        kind(g),
        PromptKind::FreeAction {
            grant: FreeGrant::EmergencyReserves,
            ..
        }
    )
}

#[test]
fn emergency_reserves_are_mandatory_in_2018_with_fewer_than_three_on_the_pitch() {
    // §3.15, §4 row 28; 2018
    let mut s = scen(E18, TeamId::Human, TeamId::Orc);
    field(&mut s, Side::Home, 2);
    s.loose_ball(7, 1);
    let (mut g, _) = s.start_turn(&mut no_dice());
    assert!(er_prompt(&g), "{:?}", kind(&g));
    assert_refused(&mut g, Command::Decline);
    let cmd = legal_commands(&g)[0];
    go(&mut g, &mut no_dice(), cmd);
    let on_pitch = g
        .players
        .iter()
        .filter(|p| p.side == Side::Home && p.place != Place::Reserves)
        .count();
    assert_eq!(on_pitch, 3);
    assert_eq!(g.turn.actions_taken, 0, "a free action");
}

#[test]
fn no_2018_emergency_reserves_with_three_on_the_pitch() {
    // §3.15; 2018
    let mut s = scen(E18, TeamId::Human, TeamId::Orc);
    field(&mut s, Side::Home, 3);
    s.loose_ball(7, 1);
    let (g, _) = s.start_turn(&mut no_dice());
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn emergency_reserves_are_optional_in_2024_when_reserves_reach_the_team_value() {
    // §3.15, §4 row 28; 2024 (Human value 4)
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    field(&mut s, Side::Home, 2);
    s.loose_ball(7, 1);
    let (mut g, _) = s.start_turn(&mut no_dice());
    assert!(er_prompt(&g), "{:?}", kind(&g));
    go(&mut g, &mut no_dice(), Command::Decline);
    assert_eq!(kind(&g), PromptKind::Action);

    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    field(&mut s, Side::Home, 3); // 3 in reserves < 4
    s.loose_ball(7, 1);
    let (g, _) = s.start_turn(&mut no_dice());
    assert_eq!(kind(&g), PromptKind::Action);
}

#[test]
fn emergency_reserves_use_the_team_value_in_2024() {
    // §3.15; 2024 (Halfling value 2)
    let mut s = scen(E24, TeamId::Halfling, TeamId::Orc);
    field(&mut s, Side::Home, 5); // 7 players: 2 in reserves
    s.loose_ball(7, 1);
    let (g, _) = s.start_turn(&mut no_dice());
    assert!(er_prompt(&g), "{:?}", kind(&g));
}

#[test]
fn the_2024_refresh_lets_the_active_coach_discard_one_of_three_cards() {
    // §3.19.4 (2024), §4 row 11; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    field(&mut s, Side::Home, 4);
    s.loose_ball(7, 1);
    s.active_card(0, 0).active_card(1, 1).active_card(2, 2);
    let (mut g, _) = s.start_turn(&mut no_dice());
    assert_eq!(kind(&g), PromptKind::RefreshDiscard);
    assert_eq!(prompt(&g).coach, Some(Side::Home));
    go(&mut g, &mut no_dice(), Command::DiscardActive { slot: 1 });
    assert_eq!(
        g.active_cards,
        [Some(CardId(0)), Some(CardId(25)), Some(CardId(2))]
    );
    assert!(g.discard.contains(&DeckCard::Challenge(CardId(1))));
}

#[test]
fn the_2024_refresh_fills_empty_spaces_without_shifting() {
    // §3.19.4 (2024); 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    field(&mut s, Side::Home, 4);
    s.loose_ball(7, 1);
    s.active_card(1, 1);
    let (g, _) = s.start_turn(&mut no_dice());
    assert_eq!(
        g.active_cards,
        [Some(CardId(25)), Some(CardId(1)), Some(CardId(24))]
    );
}

#[test]
fn no_refresh_in_a_coachs_first_2024_turn() {
    // §3.2.2, §3.19.4; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    field(&mut s, Side::Home, 4);
    s.active_card(1, 1);
    s.turn_of(Side::Home, 1);
    let (g, _) = s.start_turn(&mut no_dice());
    assert_eq!(g.active_cards, [None, Some(CardId(1)), None]);
}

#[test]
fn the_2018_refresh_discards_space_one_and_shifts_at_the_end_of_the_turn() {
    // §3.19.4 (2018), §4 row 11; 2018
    let mut s = scen(E18, TeamId::Human, TeamId::Orc);
    field(&mut s, Side::Away, 3);
    s.loose_ball(7, 1);
    s.active_card(0, 0).active_card(1, 1).active_card(2, 2);
    let mut g = s.at_action_prompt();
    go(&mut g, &mut no_dice(), Command::EndTurn);
    assert_eq!(
        g.active_cards,
        [Some(CardId(1)), Some(CardId(2)), Some(CardId(25))]
    );
    assert!(g.discard.contains(&DeckCard::Challenge(CardId(0))));
}

#[test]
fn no_2018_refresh_after_round_one() {
    // §3.2.1, §4 row 10; 2018
    let mut s = scen(E18, TeamId::Human, TeamId::Orc);
    field(&mut s, Side::Away, 3);
    s.loose_ball(7, 1);
    s.active_card(0, 0).active_card(1, 1).active_card(2, 2);
    s.turn_of(Side::Home, 1);
    let mut g = s.at_action_prompt();
    go(&mut g, &mut no_dice(), Command::EndTurn);
    assert_eq!(
        g.active_cards,
        [Some(CardId(0)), Some(CardId(1)), Some(CardId(2))]
    );
}

#[test]
fn a_coach_discards_down_to_three_cards_at_the_end_of_the_turn() {
    // §3.20 hand limit; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    field(&mut s, Side::Away, 3);
    s.loose_ball(7, 1);
    for c in [3, 5, 7, 9] {
        s.hand_card(Side::Home, c);
    }
    let mut g = s.at_action_prompt();
    go(&mut g, &mut no_dice(), Command::EndTurn);
    assert_eq!(kind(&g), PromptKind::HandLimit { excess: 1 });
    assert_refused(&mut g, Command::EndTurn);
    go(
        &mut g,
        &mut no_dice(),
        Command::DiscardCard { card: CardId(5) },
    );
    assert_eq!(g.hands[0], vec![CardId(3), CardId(7), CardId(9)]);
    assert!(g.discard.contains(&DeckCard::Challenge(CardId(5))));
    assert_eq!(g.turn.active, Some(Side::Away));
}

#[test]
fn three_cards_in_hand_need_no_discard() {
    // §3.20 hand limit; 2018
    let mut s = scen(E18, TeamId::Human, TeamId::Orc);
    field(&mut s, Side::Away, 3);
    s.loose_ball(7, 1);
    for c in [3, 5, 7] {
        s.hand_card(Side::Home, c);
    }
    let mut g = s.at_action_prompt();
    go(&mut g, &mut no_dice(), Command::EndTurn);
    assert_eq!(g.hands[0].len(), 3);
    assert_eq!(g.turn.active, Some(Side::Away));
}

#[test]
fn sudden_death_in_2024_is_won_at_the_start_of_the_leaders_own_turn() {
    // §3.21 Sudden Death, §4 row 13; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    s.game.score = [12, 2];
    let (g, ev) = s.start_turn(&mut no_dice());
    assert_eq!(g.outcome, Some(Outcome::SuddenDeath { winner: Side::Home }));
    assert_eq!(kind(&g), PromptKind::GameOver);
    assert!(ev.iter().any(|e| matches!(e, Event::GameOver { .. })));
}

#[test]
fn a_2024_lead_of_the_other_coach_does_not_end_the_game_at_this_coachs_turn() {
    // §3.21 Sudden Death (only the coach whose turn starts); 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    field(&mut s, Side::Home, 4);
    s.loose_ball(7, 1);
    s.game.score = [0, 10];
    let (g, _) = s.start_turn(&mut no_dice());
    assert_eq!(g.outcome, None);
    assert_eq!(kind(&g), PromptKind::Action);
}

/// Home scores a touchdown from (13,0) with the given score before it.
fn touchdown_from(ed: Edition, score: [u16; 2]) -> Game {
    let mut s = scen(ed, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    s.stand(p, 13, 0);
    s.give_ball(p);
    s.game.score = score;
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Run));
    go(&mut g, &mut d, move_to(14, 0));
    go(&mut g, &mut d, Command::StopMoving);
    g
}

#[test]
fn sudden_death_in_2018_ends_the_game_at_once_after_a_score_change() {
    // §3.21 Sudden Death, §4 row 13; 2018
    let g = touchdown_from(E18, [8, 1]);
    assert_eq!(g.score, [11, 1]);
    assert_eq!(g.outcome, Some(Outcome::SuddenDeath { winner: Side::Home }));
    assert_eq!(kind(&g), PromptKind::GameOver);
}

#[test]
fn a_mid_turn_lead_of_ten_does_not_end_a_2024_game() {
    // §3.21 Sudden Death; 2024
    let g = touchdown_from(E24, [8, 1]);
    assert_eq!(g.score, [12, 1]);
    assert_eq!(g.outcome, None);
    assert_eq!(kind(&g), PromptKind::Action);
}

/// 2024: one card left in the deck and space 3 empty; Home's turn starts and deals it.
fn last_card_2024(score: [u16; 2]) -> Game {
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    field(&mut s, Side::Home, 4);
    field(&mut s, Side::Away, 4);
    s.loose_ball(7, 1);
    s.active_card(0, 0).active_card(1, 1);
    s.game.deck = vec![DeckCard::Challenge(CardId(25))];
    s.game.score = score;
    let (g, _) = s.start_turn(&mut no_dice());
    g
}

#[test]
fn after_the_last_card_is_dealt_each_coach_plays_one_more_turn_and_points_decide() {
    // §3.21 Points Victory (2024); 2024
    let mut g = last_card_2024([7, 5]);
    assert_eq!(g.active_cards[2], Some(CardId(25)));
    assert_eq!(kind(&g), PromptKind::Action);
    assert_eq!(g.turn.active, Some(Side::Home));
    go(&mut g, &mut no_dice(), Command::EndTurn);
    assert_eq!(g.outcome, None);
    assert_eq!(g.turn.active, Some(Side::Away));
    assert_eq!(kind(&g), PromptKind::Action);
    go(&mut g, &mut no_dice(), Command::EndTurn);
    assert_eq!(
        g.outcome,
        Some(Outcome::Points {
            winner: Some(Side::Home)
        })
    );
    assert_eq!(kind(&g), PromptKind::GameOver);
    assert!(legal_commands(&g).is_empty());
    let mut d = no_dice();
    assert_eq!(
        apply(&mut g, Command::EndTurn, &mut d),
        Err(CommandError::GameOver)
    );
}

#[test]
fn equal_scores_at_the_end_of_the_deck_are_a_draw() {
    // §3.21 Points Victory; 2024
    let mut g = last_card_2024([6, 6]);
    go(&mut g, &mut no_dice(), Command::EndTurn);
    go(&mut g, &mut no_dice(), Command::EndTurn);
    assert_eq!(g.outcome, Some(Outcome::Points { winner: None }));
}

#[test]
fn in_2018_the_last_card_dealt_at_the_end_of_a_turn_leaves_one_turn_each() {
    // §3.21 Points Victory (2018); 2018
    let mut s = scen(E18, TeamId::Human, TeamId::Orc);
    field(&mut s, Side::Home, 4);
    field(&mut s, Side::Away, 4);
    s.loose_ball(7, 1);
    s.active_card(0, 0).active_card(1, 1).active_card(2, 2);
    s.game.deck = vec![DeckCard::Challenge(CardId(25))];
    s.game.score = [3, 5];
    let mut g = s.at_action_prompt();
    go(&mut g, &mut no_dice(), Command::EndTurn); // Home's turn X: last card dealt
    assert!(g.deck.is_empty());
    assert_eq!(g.turn.active, Some(Side::Away));
    go(&mut g, &mut no_dice(), Command::EndTurn); // Away (Y)
    assert_eq!(g.outcome, None);
    assert_eq!(g.turn.active, Some(Side::Home));
    go(&mut g, &mut no_dice(), Command::EndTurn); // Home (X) again
    assert_eq!(
        g.outcome,
        Some(Outcome::Points {
            winner: Some(Side::Away)
        })
    );
}

/// A Home Lineman at (2,9) runs one square; "Spread Out!" (card 21) is active.
fn spread_out_run(ed: Edition, side: Side, first_turn: bool) -> Game {
    let mut s = scen(ed, TeamId::Human, TeamId::Orc);
    let p = s.position(side, "Lineman");
    s.stand(p, 5, 9);
    s.active_card(0, 21);
    if first_turn {
        s.turn_of(side, 1);
    } else {
        s.turn_of(side, 2);
    }
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Run));
    go(&mut g, &mut d, move_to(6, 9));
    go(&mut g, &mut d, Command::StopMoving);
    g
}

#[test]
fn coach_a_cannot_claim_in_their_first_2024_turn_but_coach_b_can() {
    // §3.19.2, §4 row 10; 2024
    let g = spread_out_run(E24, Side::Home, true);
    assert_eq!(kind(&g), PromptKind::Action);
    let g = spread_out_run(E24, Side::Away, true);
    assert_eq!(kind(&g), PromptKind::Claim);
}

#[test]
fn no_coach_claims_in_round_one_of_2018() {
    // §3.19.2, §4 row 10; 2018
    let g = spread_out_run(E18, Side::Home, true);
    assert_eq!(kind(&g), PromptKind::Action);
    let g = spread_out_run(E18, Side::Away, true);
    assert_eq!(kind(&g), PromptKind::Action);
    let g = spread_out_run(E18, Side::Away, false);
    assert_eq!(kind(&g), PromptKind::Claim);
}

#[test]
fn a_claim_may_be_declined() {
    // §3.19.2 ("may claim"); 2024
    let mut g = spread_out_run(E24, Side::Home, false);
    assert!(is_legal_cmd(&g, Command::Decline));
    go(&mut g, &mut no_dice(), Command::Decline);
    assert_eq!(g.active_cards[0], Some(CardId(21)));
    assert_eq!(points(&g, Side::Home), 0);
}

#[test]
fn claiming_all_three_active_cards_in_one_turn_scores_a_clean_sweep() {
    // §3.19.3; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let t = s.position(Side::Home, "Thrower");
    let r = s.position(Side::Home, "Lineman");
    let c = s.position(Side::Home, "Catcher");
    s.stand(t, 2, 1).stand(r, 2, 9).stand(c, 6, 1);
    s.loose_ball(3, 1);
    s.active_card(0, 6).active_card(1, 21).active_card(2, 18);
    let mut g = s.at_action_prompt();
    let mut d = dice([d6(5)]);
    // 1: Get the Ball! (slot 0)
    go(&mut g, &mut d, action(t, ActionChoice::Run));
    go(&mut g, &mut d, move_to(3, 1));
    go(&mut g, &mut d, Command::StopMoving);
    go(&mut g, &mut d, Command::Claim { slot: 0 });
    // 2: Spread Out! (slot 1)
    go(&mut g, &mut d, action(r, ActionChoice::Run));
    go(&mut g, &mut d, move_to(3, 9));
    go(&mut g, &mut d, Command::StopMoving);
    go(&mut g, &mut d, Command::Claim { slot: 1 });
    // 3: Show Us a Completion! (slot 2)
    go(
        &mut g,
        &mut d,
        action(t, ActionChoice::Throw { target: sq(6, 1) }),
    );
    let ev = go(&mut g, &mut d, Command::Claim { slot: 2 });
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Scored {
            reason: ScoreReason::CleanSweep,
            points: 2,
            ..
        }
    )));
    assert_eq!(points(&g, Side::Home), 1 + 1 + 1 + 2);
    assert_eq!(g.hands[0].len(), 3);
}

#[test]
fn only_one_card_is_claimed_per_claim_step() {
    // §3.19.2; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    s.stand(p, 2, 9);
    s.loose_ball(3, 9);
    s.active_card(0, 6).active_card(1, 21);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Run));
    go(&mut g, &mut d, move_to(3, 9));
    go(&mut g, &mut d, Command::StopMoving);
    assert!(is_legal_cmd(&g, Command::Claim { slot: 0 }));
    assert!(is_legal_cmd(&g, Command::Claim { slot: 1 }));
    go(&mut g, &mut d, Command::Claim { slot: 1 });
    assert_eq!(kind(&g), PromptKind::Action);
    assert_eq!(g.active_cards[0], Some(CardId(6)));
}
