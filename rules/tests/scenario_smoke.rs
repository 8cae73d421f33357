#![allow(clippy::unwrap_used)]
use dugout_rules::blitz::scenario::Scenario;
use dugout_rules::blitz::*;
use dugout_rules::core::*;

#[test]
fn an_open_player_can_run_one_square_at_a_time() {
    let mut s = Scenario::new(MatchSetup {
        edition: Edition::Bb2024,
        teams: [data::TeamId::Human, data::TeamId::Orc],
        options: Options::default(),
    });
    let p = s.player(Side::Home, 0);
    s.stand(p, 3, 5);
    let mut g = s.at_action_prompt();
    let mut dice = ScriptedDice::default();
    apply(
        &mut g,
        Command::Action {
            player: p,
            choice: ActionChoice::Run,
            bonus: None,
        },
        &mut dice,
    )
    .unwrap();
    assert!(
        matches!(prompt(&g).kind, PromptKind::Move { left: 6, .. }),
        "{:?}",
        prompt(&g)
    );
    apply(
        &mut g,
        Command::MoveTo {
            square: Square::new(4, 5),
        },
        &mut dice,
    )
    .unwrap();
    assert_eq!(g.player(p).square(), Some(Square::new(4, 5)));
}
