//! Corrections of rules version 2 (issue 16): each test plays the corrected rule under the
//! current version and shows that a version-1 game (`as_version_1`) still behaves as before,
//! so stored matches replay. Card indices are those of `CHALLENGE_CARDS`.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.
#![allow(clippy::unwrap_used)]

mod common;
use common::*;

const E18: Edition = Edition::Bb2018;
const E24: Edition = Edition::Bb2024;

const RAW_TALENT: u8 = 0;
const INTERVENTION: u8 = 3;
const GET_THE_BALL: u8 = 6;
const GET_TOGETHER_RESERVES: u8 = 8;
const PLAY_AS_A_TEAM: u8 = 12;
const MOXY: u8 = 17;
const BLOCKING_PLAY: u8 = 22;

/// The same position played under rules version 1.
fn as_version_1(g: &Game) -> Game {
    let mut g = g.clone();
    g.rules_version = 1;
    g.profile = Profile::new(g.setup.edition, 1);
    refresh(&mut g);
    g
}

fn play(card: u8, player: Option<PlayerId>, square: Option<Square>) -> Command {
    Command::PlayBonus {
        card: CardId(card),
        player,
        square,
    }
}

fn run_along(g: &mut Game, d: &mut ScriptedDice, p: PlayerId, path: &[(i8, i8)]) -> Vec<Event> {
    let mut ev = go(g, d, action(p, ActionChoice::Run));
    for &(x, y) in path {
        ev.extend(go(g, d, move_to(x, y)));
    }
    if matches!(kind(g), PromptKind::Move { .. }) {
        ev.extend(go(g, d, Command::StopMoving));
    }
    ev
}

// ---------------------------------------------------------------------------------------
// 1. §3.20: 2018 Bonus Plays only in their coach's own turn
// ---------------------------------------------------------------------------------------

#[test]
fn in_2018_bonus_plays_are_not_played_in_the_other_coachs_turn() {
    // §3.20 ([S18] "during a team's turn", by that team's coach), §5.6 Intervention; 2018
    let mut s = scen(E18, TeamId::Human, TeamId::Orc);
    let p = s.player(Side::Home, 0);
    let q = s.player(Side::Away, 0);
    s.stand(p, 1, 1).stand(q, 8, 1);
    s.hand_card(Side::Away, INTERVENTION);
    let g0 = s.at_action_prompt();
    let path = [(2, 1), (3, 1), (4, 1), (5, 1)];

    let mut g = g0.clone();
    run_along(&mut g, &mut no_dice(), p, &path);
    assert_eq!(prompt(&g).coach, Some(Side::Home), "no Intervention window");
    assert_eq!(kind(&g), PromptKind::Action);

    let mut g = as_version_1(&g0);
    run_along(&mut g, &mut no_dice(), p, &path);
    assert_eq!(
        kind(&g),
        PromptKind::BonusWindow {
            window: Window::AfterOpponentRun { runner: p }
        },
        "version 1 opened the window"
    );
}

#[test]
fn in_2018_raw_talent_is_not_offered_on_an_armour_check_in_the_other_coachs_turn() {
    // §3.20, §5.6 Raw Talent ("your own rolls", in your own turn in 2018); 2018
    let mut s = scen(E18, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    s.hand_card(Side::Away, RAW_TALENT);
    let g0 = s.at_action_prompt();
    let blk = action(p, ActionChoice::Block { target: o });

    let mut g = g0.clone();
    let mut d = dice([block(BlockFace::Smash), d6(1)]);
    go(&mut g, &mut d, blk);
    assert_eq!(
        at(&g, o),
        Place::Reserves,
        "failed Armour, no re-roll asked"
    );
    assert_eq!(kind(&g), PromptKind::Action);

    let mut g = as_version_1(&g0);
    let mut d = dice([block(BlockFace::Smash), d6(1)]);
    go(&mut g, &mut d, blk);
    // Version 1 also opened the Tough Enough window to Away.
    assert!(matches!(kind(&g), PromptKind::BonusWindow { .. }));
    go(&mut g, &mut d, Command::Decline);
    assert_eq!(prompt(&g).coach, Some(Side::Away), "{:?}", kind(&g));
    assert!(legal_commands(&g).contains(&Command::Reroll {
        source: RerollSource::RawTalent(CardId(RAW_TALENT))
    }));
}

// ---------------------------------------------------------------------------------------
// 2. §5.3: a 2018 team fields six players
// ---------------------------------------------------------------------------------------

#[test]
fn a_2018_match_takes_only_teams_of_six_players() {
    // §5.3 ("every 2018 team has 6 players"), G54; 2018
    let goblins = setup(E18, TeamId::Goblin, TeamId::Human);
    assert!(matches!(
        validate(&goblins),
        Err(SetupError::NoData { option }) if option.contains("Goblin")
    ));
    assert!(new_game(goblins, &mut ChaChaDice::from_u64(1)).is_err());
    // Version-1 matches with such teams still replay.
    assert_eq!(validate_versioned(&goblins, 1), Ok(()));
    assert!(new_game_versioned(goblins, 1, &mut ChaChaDice::from_u64(1)).is_ok());
    // Six-player teams, and every team in 2024.
    assert_eq!(validate(&setup(E18, TeamId::Human, TeamId::Orc)), Ok(()));
    assert_eq!(
        validate(&setup(E24, TeamId::Goblin, TeamId::Snotling)),
        Ok(())
    );
    // Random setups are valid.
    for seed in 0..500 {
        let st = dugout_rules::blitz::random_play::random_setup(seed);
        assert_eq!(validate(&st), Ok(()), "seed {seed}");
    }
}

// ---------------------------------------------------------------------------------------
// 3. §5.5 Play as a Team!: a Throw Team-mate is a Throw
// ---------------------------------------------------------------------------------------

#[test]
fn play_as_a_team_counts_a_throw_team_mate_as_a_throw() {
    // §5.5 Play as a Team!, §6.1.5 ("is considered a Throw action"); 2024
    let mut st = setup(E24, TeamId::Goblin, TeamId::Orc);
    st.options.special_actions = true;
    let mut s = Scenario::new(st);
    let troll = s.position(Side::Home, "Troll");
    let a = s.player(Side::Home, 0);
    let b = s.player(Side::Home, 1);
    s.stand(troll, 5, 5).stand(a, 2, 2).stand(b, 1, 9);
    s.active_card(0, PLAY_AS_A_TEAM);
    let mut g0 = s.at_action_prompt();
    // Already this turn: the Troll threw a team-mate, a Goblin threw the ball.
    g0.turn.made = vec![(troll, ActionKind::ThrowTeamMate), (a, ActionKind::Throw)];
    refresh(&mut g0);

    let mut g = g0.clone();
    run_along(&mut g, &mut no_dice(), b, &[(2, 9)]);
    assert_eq!(
        kind(&g),
        PromptKind::Action,
        "only two kinds: Throw and Run"
    );

    let mut g = as_version_1(&g0);
    run_along(&mut g, &mut no_dice(), b, &[(2, 9)]);
    assert_eq!(kind(&g), PromptKind::Claim, "version 1 counted three kinds");
}

// ---------------------------------------------------------------------------------------
// 4. §3.6.3, G19: no Reserves Bonus Play for a player finished by a Miss
// ---------------------------------------------------------------------------------------

#[test]
fn a_player_finished_by_a_miss_does_not_come_back_through_the_reserves_bonus_play() {
    // §3.6.3 (no free actions after a Miss or Tackle), G19, §5.6 Reserves; 2024
    let mut s = scen(E24, TeamId::Vampire, TeamId::Orc);
    let p = s.position(Side::Home, "Runner"); // Bloodlust
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    s.hand_card(Side::Home, GET_TOGETHER_RESERVES);
    let g0 = s.at_action_prompt();
    let reserves_for = |g: &Game| {
        legal_commands(g)
            .iter()
            .any(|c| matches!(c, Command::PlayBonus { player: Some(x), .. } if *x == p))
    };

    let mut g = g0.clone();
    let mut d = dice([block(BlockFace::Miss)]);
    go(&mut g, &mut d, action(p, ActionChoice::Block { target: o }));
    if kind(&g) != PromptKind::Action {
        go(&mut g, &mut d, Command::Decline);
    }
    assert_eq!(at(&g, p), Place::Reserves, "its own Bloodlust");
    assert_eq!(kind(&g), PromptKind::Action);
    assert!(!reserves_for(&g));

    let mut g = as_version_1(&g0);
    let mut d = dice([block(BlockFace::Miss)]);
    go(&mut g, &mut d, action(p, ActionChoice::Block { target: o }));
    if kind(&g) != PromptKind::Action {
        go(&mut g, &mut d, Command::Decline);
    }
    assert!(reserves_for(&g), "version 1 let it back in");
}

// ---------------------------------------------------------------------------------------
// 5. §5.6 Blocking Play: before the Pre-Turn Sequence
// ---------------------------------------------------------------------------------------

/// Home's second 2024 turn about to start: a ball on the pitch, Home's whole team on it (no
/// Emergency Reserves), Home holding Blocking Play, slot 0 empty (the refresh deals it).
fn blocking_play_turn() -> Scenario {
    let mut s = scen(E24, TeamId::Orc, TeamId::Human);
    field(&mut s, Side::Home, 6);
    s.loose_ball(7, 1);
    s.active_card(1, 1).active_card(2, 2);
    s.hand_card(Side::Home, BLOCKING_PLAY);
    s
}

#[test]
fn blocking_play_is_played_at_the_start_of_the_turn_before_the_pre_turn_sequence() {
    // §5.6 Blocking Play ("start of your turn, before the Pre-Turn Sequence"), §3.2.2; 2024
    let (mut g, ev) = blocking_play_turn().start_turn(&mut no_dice());
    assert_eq!(
        kind(&g),
        PromptKind::BonusWindow {
            window: Window::TurnStart
        }
    );
    assert_eq!(prompt(&g).coach, Some(Side::Home));
    assert!(
        !ev.iter().any(|e| matches!(e, Event::CardDealt { .. })),
        "the refresh has not run yet"
    );
    let ev = go(&mut g, &mut no_dice(), play(BLOCKING_PLAY, None, None));
    assert!(g.turn.blocking_play);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::CardDealt { slot: 0, .. }))
    );
    assert_eq!(kind(&g), PromptKind::Action);

    // Declined at the start of the turn, it cannot be played after the Pre-Turn Sequence.
    let (mut g, _) = blocking_play_turn().start_turn(&mut no_dice());
    go(&mut g, &mut no_dice(), Command::Decline);
    assert_eq!(kind(&g), PromptKind::Action);
    assert!(!is_legal_cmd(&g, play(BLOCKING_PLAY, None, None)));

    // Version 1: no window; the card was offered at the first Action prompt.
    let s = blocking_play_turn();
    let mut g = as_version_1(&s.game);
    let mut s1 = Scenario { game: g.clone() };
    (g, _) = s1.start_turn(&mut no_dice());
    assert_eq!(kind(&g), PromptKind::Action);
    assert!(is_legal_cmd(&g, play(BLOCKING_PLAY, None, None)));
}

// ---------------------------------------------------------------------------------------
// 6. §5.6 The Kid's Got Moxy in 2018
// ---------------------------------------------------------------------------------------

#[test]
fn the_kids_got_moxy_rolls_three_block_dice_in_2018_too() {
    // §5.6 The Kid's Got Moxy (three dice for an unassisted Block), §3.11; 2018
    let mut s = scen(E18, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    s.hand_card(Side::Home, MOXY);
    let g0 = s.at_action_prompt();
    let cmd = action_with(p, ActionChoice::Block { target: o }, MOXY);
    let three = || {
        dice([
            block(BlockFace::Miss),
            block(BlockFace::Miss),
            block(BlockFace::Smash),
        ])
    };

    let mut g = g0.clone();
    go(&mut g, &mut three(), cmd);
    assert_eq!(block_faces(&g).len(), 3);

    let mut g = as_version_1(&g0);
    let mut d = dice([block(BlockFace::Miss)]);
    let ev = go(&mut g, &mut d, cmd);
    assert!(g.discard.contains(&DeckCard::Challenge(CardId(MOXY))));
    assert_eq!(
        rolls(&ev, RollPurpose::Block).len(),
        1,
        "version 1 rolled one die"
    );
}

// ---------------------------------------------------------------------------------------
// 7. §3.19.3, §3.21: 2018 Clean Sweep and Sudden Death
// ---------------------------------------------------------------------------------------

#[test]
fn a_2018_clean_sweep_counts_in_the_score_that_ends_the_match_by_sudden_death() {
    // §3.19.3 Clean Sweep, §3.21 Sudden Death (2018: at once), G20, G33; 2018
    let mut s = scen(E18, TeamId::Human, TeamId::Orc);
    let t = s.position(Side::Home, "Thrower");
    s.stand(t, 2, 1);
    s.loose_ball(3, 1);
    s.active_card(0, GET_THE_BALL);
    let mut g0 = s.at_action_prompt();
    g0.turn.claims = 2;
    g0.score = [9, 0];
    refresh(&mut g0);
    let game_over = |ev: &[Event]| {
        ev.iter().find_map(|e| match e {
            Event::GameOver { score, .. } => Some(*score),
            _ => None,
        })
    };

    let mut g = g0.clone();
    let mut ev = run_along(&mut g, &mut no_dice(), t, &[(3, 1)]);
    ev.extend(go(&mut g, &mut no_dice(), Command::Claim { slot: 0 }));
    assert_eq!(game_over(&ev), Some([12, 0]));
    assert_eq!(g.score, [12, 0]);

    let mut g = as_version_1(&g0);
    let mut ev = run_along(&mut g, &mut no_dice(), t, &[(3, 1)]);
    ev.extend(go(&mut g, &mut no_dice(), Command::Claim { slot: 0 }));
    assert_eq!(game_over(&ev), Some([10, 0]), "version 1");
    assert_eq!(g.score, [12, 0], "version 1 scored after the game-over");
}

// ---------------------------------------------------------------------------------------
// 8. §3.19.4: the 2018 refresh reports its shift
// ---------------------------------------------------------------------------------------

#[test]
fn the_2018_refresh_reports_each_card_it_shifts_down() {
    // §3.19.4 (2018: discard space 1 if all three remain, slide down, fill); 2018
    let mut s = scen(E18, TeamId::Human, TeamId::Orc);
    field(&mut s, Side::Away, 3);
    s.loose_ball(7, 1);
    s.active_card(0, 0).active_card(1, 1).active_card(2, 2);
    let g0 = s.at_action_prompt();

    let mut g = g0.clone();
    let ev = go(&mut g, &mut no_dice(), Command::EndTurn);
    let moved: Vec<(u8, u8)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::ActiveCardMoved { from, to } => Some((*from, *to)),
            _ => None,
        })
        .collect();
    assert_eq!(moved, vec![(1, 0), (2, 1)]);
    assert_eq!(
        g.active_cards,
        [Some(CardId(1)), Some(CardId(2)), Some(CardId(25))]
    );

    let mut g = as_version_1(&g0);
    let ev = go(&mut g, &mut no_dice(), Command::EndTurn);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::ActiveCardMoved { .. }))
    );
}

// ---------------------------------------------------------------------------------------
// 9. §5.4 Safe Hands: no ball held by a Prone player
// ---------------------------------------------------------------------------------------

#[test]
fn while_the_safe_hands_choice_waits_the_prone_player_holds_no_ball() {
    // §5.4 Safe Hands, §3.3 (a Prone player cannot hold a ball); 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Dwarf);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Runner");
    s.stand(p, 5, 4).stand(o, 6, 4);
    let b = s.give_ball(o);
    let g0 = s.at_action_prompt();
    let blk = action(p, ActionChoice::Block { target: o });

    let mut g = g0.clone();
    let mut d = dice([block(BlockFace::Smash), d6(6)]);
    go(&mut g, &mut d, blk);
    assert_eq!(kind(&g), PromptKind::SafeHandsBounce { from: sq(6, 4) });
    assert_eq!(g.ball_held_by(o), None);
    assert_eq!(g.ball(b).map(|b| b.at), Some(BallAt::Loose(sq(6, 4))));
    for seat in [
        Seat::Coach(Side::Home),
        Seat::Coach(Side::Away),
        Seat::Spectator,
    ] {
        let v = view(&g, seat);
        assert!(v.balls.iter().all(|x| x.at != BallAt::Held(o)), "{seat:?}");
    }
    go(&mut g, &mut d, Command::BounceTo { square: sq(6, 3) });
    assert_eq!(g.ball_at(sq(6, 3)), Some(b));

    let mut g = as_version_1(&g0);
    let mut d = dice([block(BlockFace::Smash), d6(6)]);
    go(&mut g, &mut d, blk);
    assert_eq!(g.ball_held_by(o), Some(b), "version 1");
}

// ---------------------------------------------------------------------------------------
// 10. §3.17, G17: a touchdown before an Intervention
// ---------------------------------------------------------------------------------------

#[test]
fn a_run_ending_in_the_end_zone_with_the_ball_scores_before_an_intervention() {
    // §3.17, G17 (a player ending a move in the end zone with the ball scores at once),
    // §5.6 Intervention; 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let q = s.player(Side::Away, 0);
    s.stand(p, 12, 5).stand(q, 11, 8);
    s.give_ball(p);
    s.hand_card(Side::Away, INTERVENTION);
    let g0 = s.at_action_prompt();

    let mut g = g0.clone();
    let ev = run_along(&mut g, &mut no_dice(), p, &[(13, 5), (14, 5)]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Touchdown { player, .. } if *player == p))
    );
    assert_eq!(at(&g, p), Place::Reserves);
    assert_eq!(prompt(&g).coach, Some(Side::Home), "no Intervention window");

    let mut g = as_version_1(&g0);
    run_along(&mut g, &mut no_dice(), p, &[(13, 5), (14, 5)]);
    assert_eq!(
        kind(&g),
        PromptKind::BonusWindow {
            window: Window::AfterOpponentRun { runner: p }
        },
        "version 1: the Intervention came first and could stop the touchdown"
    );
}

// ---------------------------------------------------------------------------------------
// Turn sequence (§3.1, §3.2)
// ---------------------------------------------------------------------------------------

#[test]
fn turn_sequence_2024_pre_turn_refreshes_then_brings_a_new_ball_then_emergency_reserves() {
    // §3.2.2 Pre-Turn Sequence A (refresh), B (New Ball!), C (Emergency Reserves); 2024
    let mut s = scen(E24, TeamId::Human, TeamId::Orc);
    field(&mut s, Side::Home, 2); // 4 in reserves: the Human value
    s.active_card(1, 1).active_card(2, 2);
    let mut d = dice([d8(2)]);
    let (g, ev) = s.start_turn(&mut d);
    let dealt = ev
        .iter()
        .position(|e| matches!(e, Event::CardDealt { slot: 0, .. }))
        .unwrap();
    let ball = ev
        .iter()
        .position(|e| matches!(e, Event::BallEntered { .. }))
        .unwrap();
    assert!(dealt < ball, "refresh before New Ball!");
    assert!(matches!(
        kind(&g),
        PromptKind::FreeAction {
            grant: FreeGrant::EmergencyReserves,
            ..
        }
    ));
}

#[test]
fn turn_sequence_2018_starts_with_a_new_ball_then_emergency_reserves_and_refreshes_at_the_end() {
    // §3.2.1 (1. a ball, 2. Emergency Reserves; the refresh at the end of the turn); 2018
    let mut s = scen(E18, TeamId::Human, TeamId::Orc);
    field(&mut s, Side::Home, 2);
    field(&mut s, Side::Away, 3);
    s.active_card(1, 1).active_card(2, 2);
    let mut d = dice([d8(2)]);
    let (mut g, ev) = s.start_turn(&mut d);
    assert!(ev.iter().any(|e| matches!(e, Event::BallEntered { .. })));
    assert!(
        !ev.iter().any(|e| matches!(e, Event::CardDealt { .. })),
        "no refresh at the start of a 2018 turn"
    );
    assert!(matches!(
        kind(&g),
        PromptKind::FreeAction {
            grant: FreeGrant::EmergencyReserves,
            ..
        }
    ));
    let cmd = legal_commands(&g)[0];
    go(&mut g, &mut no_dice(), cmd);
    let ev = go(&mut g, &mut no_dice(), Command::EndTurn);
    let ended = ev
        .iter()
        .position(|e| matches!(e, Event::TurnEnded { .. }))
        .unwrap();
    let dealt = ev
        .iter()
        .position(|e| matches!(e, Event::CardDealt { .. }))
        .unwrap();
    assert!(ended < dealt, "the refresh follows the end of the turn");
    assert_eq!(
        g.active_cards,
        [Some(CardId(1)), Some(CardId(2)), Some(CardId(25))]
    );
}

#[test]
fn turn_sequence_coin_toss_winner_is_coach_a_in_2018_and_the_loser_in_2024() {
    // §3.1.1 (2018: the winner is Coach A), §3.1.2 (2024: the loser is); both editions
    for (ed, coach_a) in [(E18, Side::Home), (E24, Side::Away)] {
        let mut d = ScriptedDice::new([pick(2, 0)]);
        d.push((1..26u16).rev().map(|i| pick(i + 1, i)));
        let (g, ev) = new_game(setup(ed, TeamId::Human, TeamId::Orc), &mut d).unwrap();
        assert!(
            has_event(&ev, &Event::CoinToss { winner: Side::Home }),
            "{ed:?}"
        );
        assert!(has_event(&ev, &Event::CoachA { coach: coach_a }), "{ed:?}");
        assert_eq!(g.coach_a, Some(coach_a), "{ed:?}");
    }
}
