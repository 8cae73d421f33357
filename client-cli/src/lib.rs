//! Dugout terminal client library: the bot strategies, the WebSocket session and the bot
//! that plays over it.
//!
//! * [`strategy`]: the [`strategy::Strategy`] trait, a uniform random bot and a greedy bot.
//!   A bot sees only its own seat's [`dugout_rules::blitz::GameView`], the legal commands
//!   and (optionally) the events projected for its seat, exactly what a server sends.
//! * [`bb`]: the same for Blood Bowl (its strategies; duels on its engine).
//! * [`game`]: where the wire's game-tagged payloads become each game's own types.
//! * [`duel`]: bots playing whole matches against each other offline with the real engine.
//! * [`net`]: a WebSocket session with a server: hello, request ids, acks and errors, the
//!   state of each followed room, reconnecting and resuming by itself.
//! * [`bot`]: `dugout bot`, a strategy playing real matches over a session.
//! * [`http`]: the few HTTP(S) requests the client needs (health, accounts, bot tokens).
//! * [`tls`]: which servers' certificates are trusted (bundled and system roots,
//!   `--ca-cert`), for HTTPS and `wss://` alike.
//! * [`load`]: `dugout load`, many bot matches at once against a server, with a report.
//! * [`tui`]: the terminal screens (lobby, match) as pure render functions, and events in
//!   words.
//! * [`team`]: `dugout team`, a coach's league team and post-match decisions by hand.
//! * [`app`]: the interactive client (`dugout play`, `dugout replay`): a pure model of keys,
//!   clicks and server messages, its screens, and the runtime around them.

pub mod abuse;
pub mod app;
pub mod bb;
pub mod bot;
pub mod duel;
pub mod game;
pub mod http;
pub mod league;
pub mod load;
pub mod net;
pub mod strategy;
pub mod team;
pub mod tls;
pub mod tui;
