//! Enforcer (§5.4): every block die is applied, in the coach's order.
//!
//! Section references (§) and gap ids (`G<n>`) are to docs/rules/blitz-bowl.md.
#![allow(clippy::unwrap_used)]

mod common;
use common::*;

const E24: Edition = Edition::Bb2024;

fn blk(p: PlayerId, target: PlayerId) -> Command {
    action(p, ActionChoice::Block { target })
}

// ---- from blitz_abilities.rs ----
#[test]
fn enforcer_applies_every_block_die() {
    // §5.4 Enforcer; 2024
    let mut s = scen(E24, TeamId::Khorne, TeamId::Orc);
    let p = s.position(Side::Home, "Bloodseeker");
    let o = s.position(Side::Away, "Lineman");
    s.stand(p, 5, 4).stand(o, 6, 4);
    let mut g = s.at_action_prompt();
    let mut d = dice([block(BlockFace::Smash), block(BlockFace::Shove), d6(6)]);
    go(&mut g, &mut d, blk(p, o));
    go(&mut g, &mut d, Command::ChooseBlockDie { index: 0 });
    for _ in 0..3 {
        if let PromptKind::BlockDie { .. } = kind(&g) {
            go(&mut g, &mut d, Command::ChooseBlockDie { index: 0 });
        }
    }
    assert_eq!(at(&g, o), prone(7, 4));
    assert_eq!(at(&g, p), standing(6, 4), "Enforcer must follow up");
    assert_eq!(kind(&g), PromptKind::Action);
}
