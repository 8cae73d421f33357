//! The room task driven directly, without sockets.
use super::*;
use crate::store::SqliteStore;
use crate::{Limits, Shutdown};
use dugout_protocol::{AnySetup, Decision, TimerPolicy};
use dugout_rules::blitz;

struct Conn {
    member: Member,
    rx: mpsc::Receiver<Outgoing>,
}

async fn conn(store: &dyn Store, id: ConnId, name: &str, queue: usize) -> Conn {
    let account = store
        .create_account(name, None, false, None, 0)
        .await
        .expect("account");
    let (out, rx) = mpsc::channel(queue);
    Conn {
        member: Member {
            conn: id,
            account,
            out,
            lag: Arc::new(LagFlags::default()),
        },
        rx,
    }
}

/// Everything queued for a connection, decoded.
fn drain(c: &mut Conn) -> Vec<ServerMessage> {
    let mut out = Vec::new();
    while let Ok(Outgoing::Text(text)) = c.rx.try_recv() {
        out.push(serde_json::from_str(&text).expect("server messages parse"));
    }
    out
}

async fn ask(
    lobby: &Lobby,
    room: &str,
    make: impl FnOnce(oneshot::Sender<Reply>) -> Request,
) -> Reply {
    let (tx, rx) = oneshot::channel();
    lobby
        .get(room)
        .expect("room")
        .send(make(tx))
        .await
        .expect("sent");
    rx.await.expect("answered")
}

#[tokio::test]
async fn a_subscriber_whose_queue_is_full_gets_a_snapshot_once_drained_and_no_gap() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store: Arc<dyn Store> = Arc::new(SqliteStore::open(dir.path()).await.expect("store"));
    let lobby = Lobby::new(store.clone(), Limits::default(), Shutdown::new());
    let spec = RoomSpec {
        setup: AnySetup::Blitz(blitz::MatchSetup {
            edition: blitz::Edition::Bb2024,
            teams: [blitz::data::TeamId::ALL[0], blitz::data::TeamId::ALL[1]],
            options: blitz::Options::default(),
        }),
        timer: TimerPolicy::None,
        private: false,
        league: None,
    };
    let room = lobby.create(spec, 1).await.expect("room");
    let mut home = conn(&*store, 1, "home", 64).await;
    let mut away = conn(&*store, 2, "away", 64).await;
    let mut slow = conn(&*store, 3, "slow", 2).await;
    for (c, side) in [(&home, Side::Home), (&away, Side::Away)] {
        let member = c.member.clone();
        ask(&lobby, &room, |reply| Request::Join {
            member,
            seat: Some(side),
            entropy: None,
            reply,
        })
        .await
        .expect("join");
    }
    let member = slow.member.clone();
    ask(&lobby, &room, |reply| Request::Spectate { member, reply })
        .await
        .expect("spectate");
    for conn in [1, 2] {
        ask(&lobby, &room, |reply| Request::Ready { conn, reply })
            .await
            .expect("ready");
    }
    // The start filled the slow queue (events, snapshot); play on without reading it.
    // Each command gives the deciding coach its legal commands.
    let mut seq = 0;
    let mut decision: Option<Decision> = None;
    for id in 0..5 {
        for c in [&mut home, &mut away] {
            for m in drain(c) {
                if let ServerMessage::Snapshot { decision: d, .. }
                | ServerMessage::Events { decision: d, .. } = m
                    && d.has_legal()
                {
                    decision = Some(d);
                }
            }
        }
        let d = decision
            .take()
            .expect("the deciding coach has its legal commands");
        let conn = if d.deciding() == Some(Side::Home) {
            1
        } else {
            2
        };
        let command = d.legal()[0].clone();
        seq = ask(&lobby, &room, |reply| Request::Command {
            conn,
            id,
            command,
            reply,
        })
        .await
        .expect("a legal command is applied");
    }
    assert_eq!(
        slow.member.lag.take(),
        vec![room.clone()],
        "the room marked the lag"
    );
    let before = drain(&mut slow);
    assert_eq!(
        before.len(),
        2,
        "only what fitted: the start's events and snapshot"
    );

    // Drained: the connection asks for a resync and gets the whole state, at the
    // room's current seq.
    slow.member.lag.notify.notified().await;
    lobby
        .get(&room)
        .expect("room")
        .send(Request::Resync { conn: 3 })
        .await
        .expect("sent");
    ask(&lobby, &room, |reply| Request::Snapshot { conn: 1, reply })
        .await
        .expect("round trip");
    let after = drain(&mut slow);
    match after.as_slice() {
        [ServerMessage::Snapshot { seq: s, .. }] => assert_eq!(*s, seq),
        other => panic!("expected one snapshot, got {other:?}"),
    }
}
