"""Fuzzing the JSON API through the real app on a SQLite file (``sqlite_app``, tests/conftest.py).

* Mutated session records (``fuzzing.Mutator``, seed fixed) to ``POST /api/sessions``, as JSON and
  as raw bytes (not UTF-8, NaN tokens, deep nesting ...): ``SCOREKEEPER_FUZZ_API_SESSIONS`` of them
  (default 2,500). Then mutated hands (each a mutation of a hand of an example session) to
  ``POST /api/sessions/<id>/hands``: ``SCOREKEEPER_FUZZ_API_HANDS`` (default 2,500).
* Every answer: never a 5xx (nor an exception out of the app); every error body the JSON error
  object (``ok`` false, a string ``code`` and ``message``, not the last-resort answer for a crash),
  its status the one its code calls for (400 unreadable: syntax, unknown-game, unknown-option;
  403; 404; 409 busy/conflict; 413 too-large; 422 what the rules refuse). A refused write stores
  nothing: the database's ``data_version`` (any commit by the app moves it) and the session's rows
  are the same before and after, and every so often the whole dump (``iterdump``) is compared.
* Every accepted session, and every session after its hands: its export is accepted again by
  ``POST /api/sessions`` and exports identically (a round trip).
* A table of raw bodies and refusals with their exact status and code.
"""

from __future__ import annotations

import copy
import json
import os
import random
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from tests.support import fuzzing
import pytest
from flask import Flask
from flask.testing import FlaskClient
from tests.support.fuzzing import DEEP_ARRAY, HUGE_INT, Raw, is_unexpected, rename_player, to_line

pytestmark = pytest.mark.fuzz

SEED = int(os.environ.get("SCOREKEEPER_FUZZ_SEED", str(fuzzing.DEFAULT_SEED)))
SESSIONS = int(os.environ.get("SCOREKEEPER_FUZZ_API_SESSIONS", "2500"))
HANDS = int(os.environ.get("SCOREKEEPER_FUZZ_API_HANDS", "2500"))
FULL_DUMP_EVERY = 50  # refused writes between two comparisons of the whole database
STATUS_OF = {"syntax": 400, "unknown-game": 400, "unknown-option": 400, "forbidden": 403, "not-found": 404,
             "method-not-allowed": 405, "busy": 409, "conflict": 409, "too-large": 413}


def status_for(code: str) -> int:
    """The HTTP status an error code calls for: what the rules refuse is a 422."""
    return STATUS_OF.get(code, 422)


class Database:
    """The app's SQLite file, read beside the app on a connection of its own."""

    def __init__(self, app: Flask) -> None:
        url = str(app.config["SQLALCHEMY_DATABASE_URI"])
        assert url.startswith("sqlite:///"), url
        self.conn = sqlite3.connect(url[len("sqlite:///"):], isolation_level=None, check_same_thread=False)
        self.tables = [r[0] for r in self.conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]

    def version(self) -> int:
        """Moves whenever another connection (the app's) commits anything."""
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    def counts(self) -> dict[str, int]:
        return {t: self.conn.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in self.tables}

    def session_rows(self, session_id: str) -> list[Any]:
        """Every stored byte of one session: its row, its hands, their versions."""
        rows: list[Any] = []
        rows += self.conn.execute("SELECT * FROM sessions WHERE id = ?", (session_id,)).fetchall()
        rows += self.conn.execute("SELECT * FROM hands WHERE session_id = ? ORDER BY id", (session_id,)).fetchall()
        rows += self.conn.execute("SELECT * FROM hand_versions WHERE hand_id IN (SELECT id FROM hands WHERE "
                                  "session_id = ?) ORDER BY id", (session_id,)).fetchall()
        return rows

    def dump(self) -> list[str]:
        return list(self.conn.iterdump())

    def close(self) -> None:
        self.conn.close()


@dataclass
class Report:
    """What went wrong (grouped by kind: the same problem for many inputs is shown once, with a count
    and the shortest input), and a count of how the requests were answered."""

    problems: list[tuple[str, str, str]] = field(default_factory=list)  # (kind, what was sent, details)
    answers: dict[str, int] = field(default_factory=dict)

    def add(self, kind: str, what: str, details: str = "") -> None:
        self.problems.append((kind, what, details))

    def tally(self, key: str) -> None:
        self.answers[key] = self.answers.get(key, 0) + 1

    def fail_if_any(self, what: str) -> None:
        if not self.problems:
            return
        kinds: dict[str, list[tuple[str, str, str]]] = {}
        for problem in self.problems:
            kinds.setdefault(problem[0], []).append(problem)
        shown_ = []
        for kind, found in sorted(kinds.items(), key=lambda kv: -len(kv[1]))[:12]:
            _, sent, details = min(found, key=lambda p: len(p[2]))
            shown_.append(f"[{len(found)}x] {kind}\n    {sent}\n    {details}")
        more = f"\n... and {len(kinds) - 12} more kinds" if len(kinds) > 12 else ""
        pytest.fail(f"{what} (seed {SEED}): {len(self.problems)} problems of {len(kinds)} kinds; answers "
                    f"{self.answers}\n" + "\n".join(shown_) + more, pytrace=False)


def shown(data: bytes | Any, limit: int = 400) -> str:
    raw = data if isinstance(data, bytes) else to_line(data)
    text = raw[:limit].decode("utf-8", "backslashreplace")
    return text + (f"... ({len(raw)} bytes)" if len(raw) > limit else "")


def answer_problem(response: Any) -> tuple[str, str] | None:
    """What is wrong with one answer (None: nothing): its kind, and the details."""
    status = response.status_code
    if status >= 500:
        return f"status {status}", f"answer: {response.get_data()[:600]!r}"
    if status < 400:
        return None
    body = response.get_json(silent=True)
    if not isinstance(body, dict) or body.get("ok") is not False or not isinstance(body.get("error"), dict):
        return f"status {status} without the JSON error object", f"answer: {response.get_data()[:600]!r}"
    error = body["error"]
    code, message = error.get("code"), error.get("message")
    if not isinstance(code, str) or not isinstance(message, str):
        return f"status {status}: the error object has no string code and message", f"error: {error}"
    if is_unexpected(message):
        return f"status {status}, a crash answered by the last resort: {message}", ""
    if status_for(code) != status:
        return f"status {status} for code {code!r} (expected {status_for(code)})", f"message: {message}"
    return None


def post(client: FlaskClient, url: str, body: bytes, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    return client.post(url, data=body, headers=headers)


@dataclass
class Sent:
    """A request and its answer (or the exception the app let out)."""

    body: bytes
    response: Any = None
    exception: BaseException | None = None

    @property
    def status(self) -> int:
        return 599 if self.response is None else int(self.response.status_code)


class Api:
    """The app, its database, and the checks every write gets."""

    def __init__(self, app: Flask, report: Report) -> None:
        self.app = app
        self.client = app.test_client()
        self.db = Database(app)
        self.report = report
        self.refused = 0

    def send(self, url: str, body: bytes, what: str, token: str | None = None, session_id: str | None = None) -> Sent:
        """One write, checked: the answer's shape and status, and nothing stored when refused."""
        version, counts = self.db.version(), self.db.counts()
        rows = self.db.session_rows(session_id) if session_id else None
        full = self.db.dump() if self.refused % FULL_DUMP_EVERY == 0 else None
        sent = Sent(body)
        try:
            sent.response = post(self.client, url, body, token)
        except Exception as exc:  # noqa: BLE001 - an exception out of the app is a 500 to a client
            sent.exception = exc
            self.report.add(f"{type(exc).__name__} out of the app: {exc}", what, f"body: {shown(body)}")
            self.report.tally("exception")
            return sent
        problem = answer_problem(sent.response)
        if problem is not None:
            self.report.add(problem[0], what, f"body: {shown(body)}" + (f"\n    {problem[1]}" if problem[1] else ""))
        body_json = sent.response.get_json(silent=True)
        code = body_json.get("error", {}).get("code") if isinstance(body_json, dict) and sent.status >= 400 else None
        self.report.tally(f"{sent.status} {code}" if code else str(sent.status))
        if sent.status >= 400:
            self.refused += 1
            changes = []
            if self.db.version() != version:
                changes.append("the database was written (data_version moved)")
            if self.db.counts() != counts:
                changes.append(f"rows {counts} -> {self.db.counts()}")
            if rows is not None and session_id and self.db.session_rows(session_id) != rows:
                changes.append("the session's rows changed")
            if full is not None and self.db.dump() != full:
                changes.append("the database dump changed")
            if changes:
                self.report.add(f"refused ({sent.status}) but {'; '.join(changes)}", what, f"body: {shown(body)}")
        return sent

    def create(self, body: bytes, what: str) -> Sent:
        return self.send("/api/sessions", body, what)

    def export(self, session_id: str, token: str) -> Any:
        response = self.client.get(f"/api/sessions/{session_id}/export",
                                   headers={"Authorization": f"Bearer {token}"})
        if response.status_code != 200:
            self.report.add(f"export answers {response.status_code}", f"export of {session_id}",
                            f"{response.get_data()[:400]!r}")
            return None
        return response.get_json()

    def round_trip(self, session_id: str, token: str, what: str) -> None:
        """The export is accepted again and exports identically."""
        first = self.export(session_id, token)
        if first is None:
            return
        again = self.create(json.dumps(first, ensure_ascii=False).encode("utf-8"), f"{what}, its export sent again")
        if again.status != 201:
            code = again.response.get_json(silent=True) if again.response is not None else None
            self.report.add(f"an export is refused ({again.status})", what,
                            f"answer: {code}\n    export: {shown(json.dumps(first).encode(), 800)}")
            return
        body = again.response.get_json()
        second = self.export(body["id"], body["token"])
        if second != first:
            self.report.add("the export differs after a round trip", what,
                            f"first:  {shown(json.dumps(first).encode(), 600)}\n"
                            f"    second: {shown(json.dumps(second).encode(), 600)}")


@pytest.fixture
def api(sqlite_app: Flask) -> Iterator[Api]:
    made = Api(sqlite_app, Report())
    yield made
    made.db.close()


# --- the fuzz -------------------------------------------------------------------------------------

def test_mutated_session_creations(api: Api) -> None:
    mutator = fuzzing.Mutator(SEED)
    accepted = 0
    for i in range(SESSIONS):
        rng = random.Random(f"{SEED}:api-session:{i}")
        if rng.random() < 0.7:  # what a JSON library would send: a mutated value, written by json.dumps
            value = mutator.value("session", i)
            body = fuzzing.encode(value).encode("utf-8")
            what = f"session creation {i} (value)"
        else:  # raw bytes: every text mutation
            mutant = mutator.session(i)
            body, what = mutant.line, f"session creation {i}, {mutant.describe()}"
        sent = api.create(body, what)
        if sent.status == 201:
            accepted += 1
            created = sent.response.get_json()
            if not (isinstance(created.get("id"), str) and isinstance(created.get("token"), str)):
                api.report.add("201 without id and token", what, str(created))
                continue
            api.round_trip(created["id"], created["token"], what)
    api.report.fail_if_any(f"{SESSIONS} mutated session creations ({accepted} accepted)")
    assert accepted >= SESSIONS // 20, f"too few mutated sessions accepted to fuzz the round trip: {api.report.answers}"


def _hand_pool(corpus: fuzzing.Corpus) -> list[tuple[str, dict[str, Any], list[Any]]]:
    """(name, session record without its hands, the hands to mutate) for each example session."""
    pool = []
    for name, session in corpus.sessions:
        hands = [h for h in session.get("hands", []) if isinstance(h, dict)]
        if hands:
            head = {k: v for k, v in session.items() if k != "hands"}
            pool.append((name, head, hands))
    return pool


def test_mutated_hands(api: Api) -> None:
    mutator = fuzzing.Mutator(SEED)
    pool = _hand_pool(mutator.corpus)
    live: dict[str, tuple[str, str, int]] = {}  # example name -> (session id, token, hands stored)
    used: list[tuple[str, str, str]] = []
    accepted = 0

    def open_session(name: str, head: dict[str, Any]) -> tuple[str, str, int]:
        sent = api.create(json.dumps(head).encode("utf-8"), f"a new {name} session")
        assert sent.status == 201, f"{name}: {sent.response.get_json() if sent.response else sent.exception}"
        created = sent.response.get_json()
        used.append((name, created["id"], created["token"]))
        return created["id"], created["token"], 0

    for i in range(HANDS):
        rng = random.Random(f"{SEED}:api-hand:{i}")
        name, head, hands = rng.choice(pool)
        if name not in live or live[name][2] >= 12:  # a fresh session now and then: settling stays cheap
            live[name] = open_session(name, head)
        session_id, token, stored = live[name]
        base = hands[stored % len(hands)] if rng.random() < 0.5 else rng.choice(hands)
        mutant = mutator.variant(base, name, i)
        what = f"hand {i} to a {name} session, {mutant.describe()}"
        if rng.random() < 0.03:
            token_used = rng.choice((token[:-1] + ("A" if token[-1] != "A" else "B"), "", None))
        else:
            token_used = token
        url = f"/api/sessions/{session_id}/hands" if rng.random() > 0.02 else "/api/sessions/no-such-session/hands"
        sent = api.send(url, mutant.line, what, token=token_used, session_id=session_id)
        if sent.status in (200, 201):
            body = sent.response.get_json()
            if not (isinstance(body, dict) and body.get("ok") is True):
                api.report.add(f"{sent.status} without the settle output", what, str(body)[:400])
            if token_used != token or "no-such-session" in url:
                api.report.add("stored without the session's token", what)
            if sent.status == 201:
                accepted += 1
                live[name] = (session_id, token, stored + 1)
    for name, session_id, token in used:
        api.round_trip(session_id, token, f"the {name} session {session_id} after its hands")
    api.report.fail_if_any(f"{HANDS} mutated hands ({accepted} stored)")
    assert accepted >= HANDS // 20, f"too few mutated hands stored to fuzz the settlement: {api.report.answers}"


# --- the table of raw bodies and refusals ----------------------------------------------------------

SESSION = {"game": "black-lady", "options": {"first_lead": "two-of-clubs"}, "players": ["Ann", "Bob", "Cat", "Dan"],
           "first_dealer": "Dan"}
RESULT = {"taken": {"Ann": {"hearts": 3, "QS": 1}, "Bob": {"hearts": 2}, "Cat": {"hearts": 0}, "Dan": {"hearts": 8}}}
TRADE = {"type": "trade", "player": "Ann", "card": "2C", "partner": "Bob", "partner_card": "3C"}


def _with(base: dict[str, Any], **fields: Any) -> dict[str, Any]:
    value = copy.deepcopy(base)
    value.update(fields)
    return value


def _id_bytes(base: dict[str, Any], raw: bytes) -> bytes:
    return to_line(_with(base, id="@ID@")).replace(b"@ID@", raw)


TOO_LARGE = b'{"game": "black-lady", "x": "' + b"x" * (2 * 1024 * 1024 + 10) + b'"}'

BODIES = [  # (id, body, status, code) for both POST /api/sessions (a session) and POST .../hands (a hand)
    ("not-utf8", {"session": _id_bytes(SESSION, b"\xff"), "hand": _id_bytes(RESULT, b"\xff")}, 400, "syntax"),
    ("encoded-surrogate", {"session": _id_bytes(SESSION, b"\xed\xa0\x80"), "hand": _id_bytes(RESULT, b"\xed\xa0\x80")},
     400, "syntax"),
    ("lone-surrogate-escape", {"session": to_line(_with(SESSION, id="\ud800")), "hand": to_line(_with(RESULT, id="\ud800"))},
     400, "syntax"),
    ("nan-token", {"session": to_line(_with(SESSION, stake=Raw("NaN"))),
                   "hand": to_line(_with(RESULT, taken={**RESULT["taken"], "Dan": {"hearts": Raw("NaN")}}))}, 400, "syntax"),
    ("infinity-token", {"session": to_line(_with(SESSION, stake=Raw("Infinity"))),
                        "hand": to_line(_with(RESULT, hand=Raw("Infinity")))}, 400, "syntax"),
    ("1e400", {"session": to_line(_with(SESSION, stake=Raw("1e400"))), "hand": to_line(_with(RESULT, hand=Raw("1e400")))},
     400, "syntax"),
    ("integer-of-5001-digits", {"session": to_line(_with(SESSION, stake=HUGE_INT)),
                                "hand": to_line(_with(RESULT, hand=HUGE_INT))}, 400, "syntax"),
    ("deep-nesting", {"session": DEEP_ARRAY.text.encode(), "hand": DEEP_ARRAY.text.encode()}, 400, "syntax"),
    ("deep-nesting-in-a-field", {"session": to_line(_with(SESSION, settlement_options=DEEP_ARRAY)),
                                 "hand": to_line(_with(RESULT, events=DEEP_ARRAY))}, 400, "syntax"),
    ("empty-body", {"session": b"", "hand": b""}, 400, "syntax"),
    ("truncated", {"session": to_line(SESSION)[:40], "hand": to_line(RESULT)[:40]}, 400, "syntax"),
    ("json-array", {"session": b"[]", "hand": b"[]"}, 400, "syntax"),
    ("json-null", {"session": b"null", "hand": b"null"}, 400, "syntax"),
    ("json-string", {"session": b'"black-lady"', "hand": b'"2C"'}, 400, "syntax"),
    ("float-count", {"session": to_line(_with(SESSION, hands=[_with(RESULT, taken={**RESULT["taken"],
                                                                                   "Ann": {"hearts": 3, "QS": 1.0}})])),
                     "hand": to_line(_with(RESULT, taken={**RESULT["taken"], "Ann": {"hearts": 3, "QS": 1.0}}))},
     400, "syntax"),
    ("name-is-a-list", {"session": to_line(_with(SESSION, first_dealer=["Dan"])),
                        "hand": to_line(_with(RESULT, dealer=["Dan"]))}, 400, "syntax"),
    ("event-type-is-an-object", {"session": to_line(_with(SESSION, hands=[_with(RESULT, events=[{"type": {}}])])),
                                 "hand": to_line(_with(RESULT, events=[{"type": {}}]))}, 400, "syntax"),
    ("name-with-bidi-override", {"session": to_line(rename_player(SESSION, "Ann", "Ann\u202e")),
                                 "hand": to_line(_with(RESULT, events=[{"type": "cut", "player": "Ann\u202e"}]))},
     400, "syntax"),
    ("stake-1e999999999", {"session": to_line(_with(SESSION, stake="1e999999999")),
                           "hand": to_line(_with(RESULT, stake="1e999999999"))}, 400, "syntax"),
    ("too-large", {"session": TOO_LARGE, "hand": TOO_LARGE}, 413, "too-large"),
    ("unknown-game", {"session": to_line(_with(SESSION, game="no-such-game")),
                      "hand": to_line(_with(RESULT, game="no-such-game"))}, 400, None),  # hand: differs from the session
]

RULES = [  # (id, hand, status, code, expected when not there yet)
    ("trade-in-a-black-lady-full-hand", None, 422, "trade", None),
    ("trade-in-a-black-lady-result", _with(RESULT, events=[TRADE]), 422, "trade", None),
    ("revoke-in-a-result", _with(RESULT, events=[{"type": "revoke", "player": "Ann", "trick": 3}]), 422, "event", None),
    ("impossible-result", _with(RESULT, taken={**RESULT["taken"], "Bob": {"hearts": 2, "QS": 1}}), 422,
     "impossible-result", None),
]


@pytest.fixture
def table(api: Api) -> tuple[str, str]:
    sent = api.create(json.dumps(SESSION).encode(), "the table's session")
    assert sent.status == 201
    body = sent.response.get_json()
    return body["id"], body["token"]


def _check_one(api: Api, url: str, body: bytes, status: int, code: str | None, token: str | None = None,
               session_id: str | None = None) -> None:
    sent = api.send(url, body, f"POST {url}", token=token, session_id=session_id)
    api.report.fail_if_any(f"POST {url}")
    assert sent.response is not None
    answer = sent.response.get_json(silent=True)
    assert sent.status == status, f"status {sent.status}, expected {status}: {answer}\n    body: {shown(body)}"
    if code is not None:
        assert answer["error"]["code"] == code, f"{answer}\n    body: {shown(body)}"
    elif status == 422:
        assert answer["error"]["code"] not in ("syntax", "unknown-game", "unknown-option"), answer


@pytest.mark.parametrize("name, bodies, status, code", BODIES, ids=[b[0] for b in BODIES])
def test_session_creation_refuses(api: Api, name: str, bodies: dict[str, bytes], status: int, code: str | None) -> None:
    _check_one(api, "/api/sessions", bodies["session"], status, code or ("unknown-game" if status == 400 else None))


@pytest.mark.parametrize("name, bodies, status, code", BODIES, ids=[b[0] for b in BODIES])
def test_hand_refuses(api: Api, table: tuple[str, str], name: str, bodies: dict[str, bytes], status: int,
                      code: str | None) -> None:
    session_id, token = table
    _check_one(api, f"/api/sessions/{session_id}/hands", bodies["hand"], status, code, token, session_id)


@pytest.mark.parametrize("name, hand, status, code, expected", [
    pytest.param(*r, id=r[0], marks=[pytest.mark.xfail(strict=True, reason=r[4])] if r[4] else []) for r in RULES])
def test_hand_refused_by_the_rules(api: Api, table: tuple[str, str], name: str, hand: Any, status: int,
                                   code: str | None, expected: str | None) -> None:
    session_id, token = table
    if hand is None:  # the example full hand, with a trade
        record = json.loads((fuzzing.EXAMPLES / "black-lady-hand.json").read_text())
        hand = {k: v for k, v in record.items() if k not in ("game", "options", "players")}
        hand["events"] = [TRADE]
    _check_one(api, f"/api/sessions/{session_id}/hands", to_line(hand), status, code, token, session_id)


def test_hand_needs_the_token(api: Api, table: tuple[str, str]) -> None:
    session_id, token = table
    url = f"/api/sessions/{session_id}/hands"
    _check_one(api, url, to_line(RESULT), 403, "forbidden", None, session_id)
    _check_one(api, url, to_line(RESULT), 403, "forbidden", token[::-1], session_id)
    _check_one(api, "/api/sessions/no-such-session/hands", to_line(RESULT), 404, "not-found", token, session_id)


def test_a_client_id_sent_again_with_another_hand_is_a_conflict(api: Api, table: tuple[str, str]) -> None:
    session_id, token = table
    url = f"/api/sessions/{session_id}/hands"
    first = api.send(url, to_line(_with(RESULT, id="phone-1")), "first", token=token, session_id=session_id)
    assert first.status == 201
    again = api.send(url, to_line(_with(RESULT, id="phone-1")), "again", token=token, session_id=session_id)
    assert again.status == 200
    other = _with(RESULT, id="phone-1", taken={**RESULT["taken"], "Bob": {"hearts": 1}, "Cat": {"hearts": 1}})
    _check_one(api, url, to_line(other), 409, "conflict", token, session_id)


def test_the_database_check_sees_a_write(api: Api) -> None:
    """The check a refused write gets would see a write: an accepted one moves data_version and the rows."""
    version, counts = api.db.version(), api.db.counts()
    sent = api.create(json.dumps(SESSION).encode(), "a session")
    assert sent.status == 201
    assert api.db.version() != version and api.db.counts() != counts
