use dugout_rules::blitz::random_play::*;
use dugout_rules::core::ChaChaDice;

#[test]
fn a_hundred_random_games_end() {
    for seed in 0..100u64 {
        let setup = random_setup(seed);
        let mut dice = ChaChaDice::from_u64(seed);
        let mut picker = ChaChaDice::from_u64(seed + 1000);
        let r = play_random(setup, &mut dice, &mut picker, 20_000);
        assert!(r.is_ok(), "seed {seed}: {r:?}");
    }
}
