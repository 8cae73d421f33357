//! Match set-up errors, illegal commands and hidden information (§0.3, §3.19.1,
//! §5.7, G28).
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.
#![allow(clippy::unwrap_used)]

mod common;
use common::*;

#[test]
fn the_2018_endgame_option_is_refused_for_lack_of_card_data() {
    // §5.7, §6.3; 2018
    let mut st = setup(Edition::Bb2018, TeamId::Human, TeamId::Orc);
    st.options.endgame = true;
    assert!(matches!(
        new_game(st, &mut no_dice()),
        Err(SetupError::NoData { .. })
    ));
}

#[test]
fn options_that_exist_only_in_2024_are_refused_in_a_2018_match() {
    // §0.3, §4 rows 34-35; 2018
    let opts = [
        Options {
            random_events: true,
            ..Options::default()
        },
        Options {
            special_actions: true,
            ..Options::default()
        },
        Options {
            rookies_to_watch: Some(Side::Away),
            ..Options::default()
        },
        Options {
            arenas: true,
            ..Options::default()
        },
        Options {
            special_balls: true,
            ..Options::default()
        },
    ];
    for options in opts {
        let st = MatchSetup {
            edition: Edition::Bb2018,
            teams: [TeamId::Human, TeamId::Orc],
            options,
        };
        assert!(
            matches!(validate(&st), Err(SetupError::WrongEdition { .. })),
            "{options:?}"
        );
    }
}

#[test]
fn the_endgame_option_does_not_exist_in_2024() {
    // §4 row 14; 2024
    let mut st = setup(Edition::Bb2024, TeamId::Dwarf, TeamId::Orc);
    st.options.endgame = true;
    assert!(matches!(
        validate(&st),
        Err(SetupError::WrongEdition { .. })
    ));
}

#[test]
fn an_illegal_command_is_refused_and_changes_nothing() {
    // §3.6 (engine contract); 2024
    let mut s = scen(Edition::Bb2024, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 2, 5).stand(o, 8, 5);
    let mut g = s.at_action_prompt();
    assert_refused(&mut g, move_to(3, 5));
    assert_refused(&mut g, action(o, ActionChoice::Run));
    assert_refused(&mut g, Command::Claim { slot: 0 });
    assert_refused(&mut g, Command::FollowUp { follow: true });
}

#[test]
fn the_opponent_sees_how_many_cards_a_coach_holds_but_not_which() {
    // §3.19.1 hands, G28; 2024
    let mut s = scen(Edition::Bb2024, TeamId::Human, TeamId::Orc);
    s.hand_card(Side::Home, 3).hand_card(Side::Home, 9);
    let g = s.at_action_prompt();
    let mine = view(&g, Seat::Coach(Side::Home));
    let theirs = view(&g, Seat::Coach(Side::Away));
    let spectator = view(&g, Seat::Spectator);
    assert_eq!(
        mine.hands[0].cards,
        Some(vec![
            (CardId(3), BonusPlay::Intervention),
            (CardId(9), BonusPlay::AccurateThrow)
        ])
    );
    assert_eq!(theirs.hands[0].count, 2);
    assert_eq!(theirs.hands[0].cards, None);
    assert_eq!(spectator.hands[0].cards, None);
}

#[test]
fn a_claimed_cards_identity_reaches_only_its_owner() {
    // §3.19.1, G28; 2024
    let mut s = scen(Edition::Bb2024, TeamId::Human, TeamId::Orc);
    let p = s.position(Side::Home, "Lineman");
    s.stand(p, 5, 9);
    s.active_card(0, 21);
    let mut g = s.at_action_prompt();
    let mut d = no_dice();
    go(&mut g, &mut d, action(p, ActionChoice::Run));
    go(&mut g, &mut d, move_to(6, 9));
    go(&mut g, &mut d, Command::StopMoving);
    let ev = go(&mut g, &mut d, Command::Claim { slot: 0 });
    let claimed = ev
        .iter()
        .find(|e| matches!(e, Event::Claimed { .. }))
        .unwrap();
    let card = |e: Option<Event>| match e {
        Some(Event::Claimed { card, .. }) => card,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        card(claimed.project(Seat::Coach(Side::Home))),
        Some(CardId(21))
    );
    assert_eq!(card(claimed.project(Seat::Coach(Side::Away))), None);
    assert_eq!(card(claimed.project(Seat::Spectator)), None);
}

#[test]
fn a_reroll_question_does_not_reveal_a_raw_talent_in_the_hand() {
    // G28 hidden information, §3.5 re-rolls; 2024. A coach holding any card is
    // asked the same question whether or not a Raw Talent is among the cards.
    let ask = |card: u8| {
        let mut s = scen(Edition::Bb2024, TeamId::Human, TeamId::Orc);
        let p = s.position(Side::Home, "Lineman");
        let o = s.position(Side::Away, "Lineman");
        s.stand(p, 5, 4).stand(o, 6, 4);
        s.hand_card(Side::Home, card);
        let mut g = s.at_action_prompt();
        let mut d = dice([block(BlockFace::Miss)]);
        go(
            &mut g,
            &mut d,
            Command::Action {
                player: p,
                choice: ActionChoice::Block { target: o },
                bonus: None,
            },
        );
        view(&g, Seat::Coach(Side::Away)).prompt
    };
    // Card 0 carries Raw Talent, card 16 Bladed Knuckle Dusters.
    assert_eq!(data::CHALLENGE_CARDS[0].bonus, BonusPlay::RawTalent);
    assert_eq!(
        data::CHALLENGE_CARDS[16].bonus,
        BonusPlay::BladedKnuckleDusters
    );
    assert_eq!(ask(0), ask(16));
    assert!(matches!(ask(16).kind, PromptKind::Reroll { .. }));
}
