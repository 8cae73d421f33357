//! The test vectors of `docs/protocol.md` ("Provably fair dice", "Test vectors"): the
//! ChaCha20 key stream of a dice seed, and the die faces and shuffle picks drawn from it. A
//! third party's verifier is built from that page; if these change, every stored match stops
//! verifying, so the page and this file must agree and neither may drift.

use dugout_rules::core::{ChaChaDice, DiceSource, Die};
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};

/// Seed A: 32 zero bytes. Seed B: the bytes 0x00, 0x01, ..., 0x1f.
fn seeds() -> [[u8; 32]; 2] {
    [[0; 32], std::array::from_fn(|i| i as u8)]
}

/// The first twelve 32-bit words of the key stream (seed A's are RFC 7539's all-zero key
/// and nonce, block 0, read as little-endian words).
const WORDS: [[u32; 12]; 2] = [
    [
        0xade0b876, 0x903df1a0, 0xe56a5d40, 0x28bd8653, 0xb819d2bd, 0x1aed8da0, 0xccef36a8,
        0xc70d778b, 0x7c5941da, 0x8d485751, 0x3fe02477, 0x374ad8b8,
    ],
    [
        0x7d2bfd39, 0x6a19c5d9, 0x7703bd8d, 0x494adcb8, 0x6fd8358a, 0xcc6adebc, 0x4c7dccb2,
        0x9224ead8, 0xe7cc232b, 0xab2360a2, 0x69ef0e3f, 0x647fc83a,
    ],
];

/// The first ten D6 faces of a fresh stream.
const D6: [[u16; 10]; 2] = [
    [1, 1, 1, 6, 6, 1, 3, 6, 5, 4],
    [2, 6, 6, 3, 3, 1, 5, 3, 4, 3],
];

/// The first ten D8 faces of a fresh stream.
const D8: [[u16; 10]; 2] = [
    [7, 1, 1, 4, 6, 1, 1, 4, 3, 2],
    [2, 2, 6, 1, 3, 5, 3, 1, 4, 3],
];

/// The first ten `Range(5)` picks of a fresh stream.
const RANGE5: [[u16; 10]; 2] = [
    [4, 1, 2, 1, 3, 4, 0, 0, 1, 1],
    [3, 0, 2, 1, 3, 0, 3, 2, 3, 4],
];

/// A fresh stream shuffling the six items `[0, 1, 2, 3, 4, 5]`: the picks (for i = 5, 4, 3,
/// 2, 1) and the order after.
const SHUFFLE: [([u16; 5], [u32; 6]); 2] = [
    ([0, 1, 0, 2, 1], [3, 4, 2, 5, 1, 0]),
    ([1, 0, 1, 2, 0], [3, 4, 2, 5, 0, 1]),
];

#[test]
fn the_key_stream_is_chacha20_with_the_dice_seed_as_key_counter_and_stream_zero() {
    for (seed, want) in seeds().iter().zip(WORDS) {
        let mut rng = ChaCha20Rng::from_seed(*seed);
        let words: Vec<u32> = (0..12).map(|_| rng.next_u32()).collect();
        assert_eq!(words, want, "seed {seed:02x?}");
    }
}

#[test]
fn a_die_face_is_the_first_word_below_the_rejection_bound_mod_n() {
    // By hand from the words: every one of these words is below the bound (rejection is
    // rarer than 1 in 2^29 for these dice), so face i comes from word i.
    for (words, d6) in WORDS.iter().zip(D6) {
        let by_hand: Vec<u16> = words[..10].iter().map(|w| (w % 6) as u16 + 1).collect();
        assert_eq!(by_hand, d6);
    }
    for (words, d8) in WORDS.iter().zip(D8) {
        let by_hand: Vec<u16> = words[..10].iter().map(|w| (w % 8) as u16 + 1).collect();
        assert_eq!(by_hand, d8);
    }
    for (words, r5) in WORDS.iter().zip(RANGE5) {
        let by_hand: Vec<u16> = words[..10].iter().map(|w| (w % 5) as u16).collect();
        assert_eq!(by_hand, r5);
    }
    // And the engine's dice agree.
    for (i, seed) in seeds().iter().enumerate() {
        let roll = |die: Die| -> Vec<u16> {
            let mut dice = ChaChaDice::from_seed(*seed);
            (0..10).map(|_| dice.roll(die)).collect()
        };
        assert_eq!(roll(Die::D6), D6[i]);
        assert_eq!(roll(Die::Block), D6[i], "a block die is a D6 numbered 1-6");
        assert_eq!(roll(Die::D8), D8[i]);
        assert_eq!(roll(Die::Range(5)), RANGE5[i]);
    }
}

#[test]
fn the_rejection_bound_is_two_to_the_32_minus_two_to_the_32_mod_n() {
    // `below(n)` rejects exactly the words w >= 2^32 - (2^32 mod n). Checked here against
    // the arithmetic of the page for every die size the games use.
    for n in [1u64, 2, 3, 5, 6, 8, 30, 36, 65_535] {
        let bound = (1u64 << 32) - (1u64 << 32) % n;
        assert_eq!(
            bound % n,
            0,
            "{n}: the accepted words cover each face equally"
        );
        assert!(
            (1u64 << 32) - bound < n,
            "{n}: fewer than n words are rejected"
        );
    }
}

#[test]
fn a_shuffle_is_fisher_yates_from_the_last_index_down_with_one_range_pick_per_step() {
    for (seed, (picks, order)) in seeds().iter().zip(SHUFFLE) {
        let mut dice = ChaChaDice::from_seed(*seed);
        let mut items: Vec<u32> = (0..6).collect();
        let mut got = Vec::new();
        for i in (1..items.len()).rev() {
            let j = dice.roll(Die::Range((i + 1) as u16));
            got.push(j);
            items.swap(i, usize::from(j));
        }
        assert_eq!(got, picks);
        assert_eq!(items, order);
        // The picks are the next Range(6), Range(5), ... of the same stream.
        let mut again = ChaChaDice::from_seed(*seed);
        let direct: Vec<u16> = (2..=6u16)
            .rev()
            .map(|n| again.roll(Die::Range(n)))
            .collect();
        assert_eq!(direct, picks);
    }
}

#[test]
fn a_range_of_one_still_consumes_a_word() {
    // Range(1) (and Range(0), read as 1) always gives 0, but takes a word like any die:
    // the next D6 is face 2 of the stream, not face 1.
    let mut dice = ChaChaDice::from_seed([0; 32]);
    assert_eq!(dice.roll(Die::Range(1)), 0);
    assert_eq!(dice.roll(Die::Range(0)), 0);
    assert_eq!(dice.roll(Die::D6), D6[0][2]);
}
