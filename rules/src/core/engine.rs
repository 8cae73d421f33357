//! The step machine every game runs on: a stack of frames (continuations) run until one
//! needs a decision, and the cache of the legal answers to that decision.
//!
//! Learnt from FFB's step stack and botbowl's procedure stack. A game's multi-step rules (a
//! Blitz Bowl Block with its re-roll, die choice, push, follow-up, armour and injury; a Blood
//! Bowl Dodge with its skill and team re-rolls) are sequences of frames: serde data, so a
//! suspended match serialises like any other state. A frame that needs a coach's decision
//! answers [`Flow::Wait`]; the loop sets the prompt and stops, the next command answers the
//! prompt, and the loop resumes.
//!
//! The loop is generic over the game through [`Engine`] and monomorphised for each game: no
//! boxing, no dynamic dispatch in the hot path.

/// What a frame asks of the run loop after it ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flow<P, C> {
    /// Run the next frame.
    Continue,
    /// Stop and wait for an answer to this prompt (the legal answers are worked out by
    /// [`Engine::legal_for`]).
    Wait(P),
    /// Stop and wait, with the legal answers the frame already worked out.
    WaitWith(P, Vec<C>),
}

/// A game's step machine, as the run loop sees it: usually the game's working context for
/// one `apply` (the game, the dice and the events).
pub trait Engine {
    type Frame;
    type Prompt;
    type Command;

    /// The frame stack; its last element runs next.
    fn frames(&mut self) -> &mut Vec<Self::Frame>;

    /// Is the match over? The loop then clears the stack and calls [`Engine::game_over`].
    fn is_over(&self) -> bool;

    /// The match is over: set the final prompt (no decision, no legal command).
    fn game_over(&mut self);

    /// What runs when the stack is empty (Blitz Bowl: ask the active coach for an action).
    fn idle(&self) -> Self::Frame;

    /// Run one frame popped from the stack.
    fn step(&mut self, frame: Self::Frame) -> Flow<Self::Prompt, Self::Command>;

    /// The legal answers to `prompt` in the current state.
    fn legal_for(&self, prompt: &Self::Prompt) -> Vec<Self::Command>;

    /// Wait for an answer to `prompt`, whose legal answers are `legal`.
    fn wait(&mut self, prompt: Self::Prompt, legal: Vec<Self::Command>);
}

/// Run frames until one waits for a decision or the match ends.
pub fn run<E: Engine>(e: &mut E) {
    loop {
        if e.is_over() {
            e.frames().clear();
            e.game_over();
            return;
        }
        let frame = match e.frames().pop() {
            Some(frame) => frame,
            None => e.idle(),
        };
        match e.step(frame) {
            Flow::Continue => {}
            Flow::Wait(prompt) => {
                let legal = e.legal_for(&prompt);
                e.wait(prompt, legal);
                return;
            }
            Flow::WaitWith(prompt, legal) => {
                e.wait(prompt, legal);
                return;
            }
        }
    }
}

/// The legal commands of the current prompt, worked out once when the prompt is set and kept
/// in the game, because bots, clients, the server and `apply` all ask for them after every
/// command. Derived data: it never takes part in equality (`==` is always true) and is not
/// serialised (`#[serde(skip)]` in the game); a game built or edited by hand, or read back
/// from storage, has none and works the commands out on demand, with the same answers.
#[derive(Clone, Debug)]
pub struct LegalCache<C>(Option<Vec<C>>);

impl<C> Default for LegalCache<C> {
    fn default() -> LegalCache<C> {
        LegalCache(None)
    }
}

impl<C> PartialEq for LegalCache<C> {
    fn eq(&self, _: &LegalCache<C>) -> bool {
        true
    }
}

impl<C> LegalCache<C> {
    /// A cache holding `commands`.
    pub fn of(commands: Vec<C>) -> LegalCache<C> {
        LegalCache(Some(commands))
    }

    /// The cached commands, if any.
    pub fn get(&self) -> Option<&[C]> {
        self.0.as_deref()
    }

    pub fn set(&mut self, commands: Vec<C>) {
        self.0 = Some(commands);
    }

    pub fn clear(&mut self) {
        self.0 = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A countdown: frame `n > 0` pushes `n - 1`; frame 0 asks "stop?"; the match is over
    /// once `over` is set.
    struct Countdown {
        frames: Vec<u8>,
        ran: Vec<u8>,
        waiting: Option<(&'static str, Vec<bool>)>,
        over: bool,
    }

    impl Engine for Countdown {
        type Frame = u8;
        type Prompt = &'static str;
        type Command = bool;

        fn frames(&mut self) -> &mut Vec<u8> {
            &mut self.frames
        }
        fn is_over(&self) -> bool {
            self.over
        }
        fn game_over(&mut self) {
            self.waiting = Some(("over", Vec::new()));
        }
        fn idle(&self) -> u8 {
            3
        }
        fn step(&mut self, frame: u8) -> Flow<&'static str, bool> {
            self.ran.push(frame);
            match frame {
                0 => Flow::Wait("stop?"),
                9 => {
                    self.over = true;
                    Flow::Continue
                }
                n => {
                    self.frames.push(n - 1);
                    Flow::Continue
                }
            }
        }
        fn legal_for(&self, _: &&'static str) -> Vec<bool> {
            vec![true, false]
        }
        fn wait(&mut self, prompt: &'static str, legal: Vec<bool>) {
            self.waiting = Some((prompt, legal));
        }
    }

    fn countdown(frames: Vec<u8>) -> Countdown {
        Countdown {
            frames,
            ran: Vec::new(),
            waiting: None,
            over: false,
        }
    }

    #[test]
    fn the_loop_runs_the_top_frame_until_one_waits() {
        let mut c = countdown(vec![7, 2]);
        run(&mut c);
        assert_eq!(c.ran, [2, 1, 0]);
        assert_eq!(c.frames, [7]);
        assert_eq!(c.waiting, Some(("stop?", vec![true, false])));
    }

    #[test]
    fn an_empty_stack_runs_the_idle_frame() {
        let mut c = countdown(Vec::new());
        run(&mut c);
        assert_eq!(c.ran, [3, 2, 1, 0]);
    }

    #[test]
    fn a_match_that_ends_clears_the_stack() {
        let mut c = countdown(vec![5, 9]);
        run(&mut c);
        assert_eq!(c.ran, [9]);
        assert!(c.frames.is_empty());
        assert_eq!(c.waiting, Some(("over", Vec::new())));
    }

    #[test]
    fn the_legal_cache_never_takes_part_in_equality() {
        assert_eq!(LegalCache::of(vec![1]), LegalCache::default());
        assert_eq!(LegalCache::of(vec![1]).get(), Some(&[1][..]));
        let mut c = LegalCache::of(vec![2]);
        c.clear();
        assert_eq!(c.get(), None);
    }
}
