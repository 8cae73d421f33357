"""Seed a fresh dugout-server for bench/fuzz-api.sh, through its real API, so the fuzzer reaches
the archive and league operations with ids that exist instead of only 404s.

    python seed.py BASE_URL TOKEN > schemathesis.toml

It prints a schemathesis config whose dictionaries hold the ids it made, bound to the
parameters that take them: most generated requests name a real match, league or coach, the
rest stay random (`probability`). DELETE /api/leagues/{id} draws its valid ids from a league
made only to be deleted: a random id would often be the seeded league's (hypothesis likes small
numbers) and delete it early, leaving the other operations nothing to work on. (The stateful
phase also deletes the leagues the fuzzer makes.)

TOKEN is the fuzzing account's session: it coaches the home seat of every match (so its token
sees its own hand) and organises the league. A second account, made here, coaches away.

* a finished match: a few dozen random legal commands, then the away coach concedes;
* a live match: a few random legal commands, left playing;
* an open room nobody is ready in (its state is a 409, its dice "not started");
* a league with both coaches registered and the finished match attached, and an open season
  of it scheduled home and away (two fixtures);

Random choices come from a fixed seed. Needs `websockets` (in requirements.txt).
"""

import contextlib
import json
import random
import sys
import urllib.request

from websockets.sync.client import connect

PROTOCOL_VERSION = 2
TEAMS = ["Amazon", "BlackOrc"]


def http(base, method, path, token=None, body=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        text = response.read()
        return json.loads(text) if text else None


class Coach:
    """One WebSocket, said hello; requests answered in order, the pending decision kept."""

    def __init__(self, stack, base, token):
        self.ws = stack.enter_context(connect(base.replace("http://", "ws://") + "/ws", open_timeout=30))
        self.next_id = 1
        self.legal = []
        self.send({"type": "hello", "protocol_version": PROTOCOL_VERSION, "client": "fuzz-seed", "token": token})
        while json.loads(self.ws.recv(timeout=30))["type"] != "welcome":
            pass

    def send(self, message):
        self.ws.send(json.dumps(message))

    def request(self, message):
        """Send; read until its ack (returned) or error (raised), keeping the latest decision."""
        message["id"] = self.next_id
        self.next_id += 1
        self.send(message)
        while True:
            reply = json.loads(self.ws.recv(timeout=30))
            if reply["type"] in ("events", "snapshot"):
                decision = reply.get("decision") or {}
                self.legal = decision.get("legal") or []
            elif reply.get("id") == message["id"]:
                if reply["type"] == "error":
                    raise RuntimeError(f"{message['type']}: {reply['code']}: {reply['message']}")
                return reply

    def refresh(self, room):
        """The pending decision after the other coach moved (a snapshot of our seat)."""
        self.request({"type": "snapshot", "room": room})


def new_match(home, away, rng, commands, private=False):
    spec = {
        "game": "blitz",
        "setup": {"edition": "Bb2024", "teams": TEAMS, "options": {}},
        "timer": {"policy": "per_turn", "seconds": 600},
        "private": private,
    }
    room = home.request({"type": "create_room", "room": spec})["room"]
    home.request({"type": "join_room", "room": room, "seat": "Home", "entropy": "%032x" % rng.getrandbits(128)})
    away.request({"type": "join_room", "room": room, "seat": "Away"})
    if commands is None:
        return room
    home.request({"type": "ready", "room": room})
    away.request({"type": "ready", "room": room})
    played = 0
    while played < commands:
        home.refresh(room)
        away.refresh(room)
        coach = home if home.legal else away if away.legal else None
        if coach is None:
            break
        command = dict(rng.choice(coach.legal))
        command["game"] = "blitz"
        coach.request({"type": "command", "room": room, "command": command})
        played += 1
    return room


def main():
    base, token = sys.argv[1], sys.argv[2]
    rng = random.Random(15)
    away_grant = http(base, "POST", "/api/register", body={"name": "fuzz-away", "password": "another fuzzing secret"})
    home_name = http(base, "GET", "/api/me", token)["account"]
    with contextlib.ExitStack() as stack:
        home, away = Coach(stack, base, token), Coach(stack, base, away_grant["token"])
        finished = new_match(home, away, rng, commands=40)
        away.request({"type": "concede", "room": finished})
        live = new_match(home, away, rng, commands=10, private=True)
        open_room = new_match(home, away, rng, commands=None)

    doomed = http(base, "POST", "/api/leagues", token, {"name": "To be deleted"})
    league = http(base, "POST", "/api/leagues", token, {"name": "Fuzz League"})
    for coach, team in [(home_name, TEAMS[0]), ("fuzz-away", TEAMS[1])]:
        http(base, "POST", f"/api/leagues/{league['id']}/coaches", token, {"coach": coach, "team": team})
    # Registering invites; the invited coach accepts (the organiser is registered at once).
    http(base, "POST", f"/api/leagues/{league['id']}/invitation", away_grant["token"], {})
    http(base, "POST", f"/api/leagues/{league['id']}/matches", token, {"match": finished})
    # A league of fuzz-away's that invites the fuzzing account: its invitation routes answer.
    inviting = http(base, "POST", "/api/leagues", away_grant["token"], {"name": "Inviting League"})
    http(base, "POST", f"/api/leagues/{inviting['id']}/coaches", away_grant["token"], {"coach": home_name, "team": TEAMS[0]})
    # A bot of the fuzzing account: its token routes answer.
    http(base, "POST", "/api/bots", token, {"name": "fuzz-bot"})
    # A season of the Fuzz League, scheduled: its season and fixture routes answer on real ids.
    http(base, "POST", f"/api/leagues/{league['id']}/seasons", token, {"name": "Fuzz Season"})
    season = http(
        base,
        "POST",
        f"/api/leagues/{league['id']}/seasons/1/schedule",
        token,
        {"first_deadline_ms": 1_900_000_000_000, "days_between_rounds": 7, "legs": 2},
    )

    print(
        config(
            matches=[finished, live, open_room],
            leagues=[league["id"], inviting["id"]],
            doomed=[doomed["id"]],
            coaches=[home_name, "fuzz-away"],
            bots=["fuzz-bot"],
            seasons=[1],
            fixtures=[f["id"] for f in season["fixtures"]],
        )
    )


def config(matches, leagues, doomed, coaches, bots, seasons, fixtures):
    def binding(dictionary, probability=0.8):
        return '{ dictionary = "%s", probability = %s }' % (dictionary, probability)

    def operations(selector, parameters):
        body = ", ".join('"%s" = %s' % (key, value) for key, value in parameters.items())
        return "[[operations]]\n%s\nparameters = { %s }\n" % (selector, body)

    lines = [
        "# Written by bench/fuzz-api/seed.py for one fuzzing run.",
        "[dictionaries.matches]\nvalues = %s\n" % json.dumps(matches),
        "[dictionaries.leagues]\nvalues = %s\n" % json.dumps(leagues),
        "[dictionaries.doomed]\nvalues = %s\n" % json.dumps(doomed),
        "[dictionaries.coaches]\nvalues = %s\n" % json.dumps(coaches),
        "[dictionaries.bots]\nvalues = %s\n" % json.dumps(bots),
        "[dictionaries.seasons]\nvalues = %s\n" % json.dumps(seasons),
        "[dictionaries.fixtures]\nvalues = %s\n" % json.dumps(fixtures),
        operations('include-path-regex = "^/api/bots/"', {"path.name": binding("bots")}),
        operations('include-path-regex = "^/api/matches/\\\\{id\\\\}"', {"path.id": binding("matches")}),
        operations('include-path = "/api/matches"', {"query.league": binding("leagues", 0.5), "query.coach": binding("coaches", 0.5)}),
        operations(
            'include-path-regex = "^/api/leagues/\\\\{id\\\\}/"',
            {
                "path.id": binding("leagues"),
                "path.match": binding("matches"),
                "path.coach": binding("coaches"),
                "path.season": binding("seasons"),
                "path.fixture": binding("fixtures"),
                "body.match": binding("matches"),
                "body.coach": binding("coaches"),
            },
        ),
        operations(
            'include-path = "/api/leagues/{id}"\ninclude-method = "GET"',
            {"path.id": binding("leagues")},
        ),
        operations(
            'include-path = "/api/leagues/{id}"\ninclude-method = "DELETE"',
            {"path.id": binding("doomed", 1.0)},
        ),
    ]
    return "\n".join(lines)

if __name__ == "__main__":
    main()
