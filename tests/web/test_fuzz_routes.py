"""Every route of the app, its query string and its form fields fuzzed with what the readers must refuse
(``scorekeeper.web.params``): digits that are not ASCII (fullwidth, Arabic-Indic, superscripts), numbers
of thirty digits, days out of range (``9999-12-31``), NUL and other control characters, bidirectional
controls, surrogates' neighbours.

For every answer: never a 5xx, never the last-resort answer (``boundary.is_unexpected``), never a
logged error or traceback; a refusal is a 4xx with a sentence. A table, an evening and a club exist, so
each route is reached with its real link and key, and with the same fuzz in its path's ids.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.support import webdata
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.boundary import is_unexpected

# What a phone or an attacker may send where a number, a day, an id or a name is read.
NASTY = ("４", "٤", "۴", "²", "𝟒", "१२", "1_0", " 4", "4 ", "+4", "-4", "0", "9" * 30, "1e9", "4.0", "",
         "9999-12-31", "0000-01-01", "2024-02-30", "２０２４-01-01", "2024-1-1", "-2024-01-01", "1899-12-31",
         "\x00", "a\x00b", "\x07", "\x1b[31m", "\u202e", "\u2066x", "\ufeff", "\u200b", "Ann\u202e", "%00",
         "a" * 300, "\u3000", "=1+1", "@SUM(A1)", "٠٠٠٠-٠١-٠١")
VALUES = st.one_of(
    st.sampled_from(NASTY),
    st.text(alphabet=st.characters(categories=("Nd", "No", "Cc", "Cf", "Zs")), max_size=8),
    st.integers(-10**30, 10**30).map(str),
    st.dates().map(str),
    st.text(max_size=12),
)
# Every name a route reads from its query string or its form (and some it does not).
FIELDS = ("players", "game", "profile", "settlement", "paper", "from", "to", "tables", "rounds", "step", "key",
          "misdeal", "final", "struck", "name", "ladies", "gentlemen", "seating", "rounds", "version", "for_hand",
          "drawn_from", "hearts_0", "points_0", "tricks_0", "table_stakes", "change", "whatif_step",
          "whatif_amount", "action", "time_zone", "shown", "client_id", "hearts-0", "revoke", "dealer", "v")
SLOW = re.compile(r"\.pdf$")  # a PDF that is made takes a second: fuzz only values its readers refuse
ACCEPTED_BY_PDF = re.compile(r"(\s*|[0-9]{1,2}|a4|letter|hearts|black-lady)", re.IGNORECASE | re.ASCII)


class Caught(logging.Handler):
    """Every record of level ERROR the app logs while the fuzz runs."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Flask, dict[str, str]]]:
    """The app on a SQLite file with a table (one hand), an evening and a club (one table, one person)."""
    import os

    from scorekeeper.web import create_app
    from scorekeeper.web.extensions import db
    from scorekeeper.web.serve import upgrade_database

    tmp: Path = tmp_path_factory.mktemp("routes")
    os.environ["SCOREKEEPER_INSTANCE_PATH"] = str(tmp / "instance")
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp / 'db'}", "SECRET_KEY": "t",
                      "WTF_CSRF_ENABLED": False})
    upgrade_database(app)
    client = app.test_client()
    table = webdata.Table(client)
    assert table.add(webdata.result()).status_code == 201
    club = client.post("/api/clubs", json={"name": "Club", "players": webdata.PLAYERS}).get_json()
    person = client.get(f"/api/clubs/{club['id']}?key={club['read_key']}").get_json()["players"][0]["id"]
    evening = client.post("/evenings/new", data={"ladies": "A\nB\nC\nD", "gentlemen": "E\nF\nG\nH",
                                                  "seating": "typed", "rounds": "2"})
    assert evening.status_code == 302, evening.data
    _, eid, etoken = evening.headers["Location"].rsplit("/", 2)
    with app.app_context():
        from scorekeeper.web.models import Evening
        ekey = db.session.get(Evening, eid).read_key
    links = {"sid": table.id, "token": table.token, "read": table.read_key, "eid": eid, "etoken": etoken,
             "eread": ekey, "cid": club["id"], "ctoken": club["token"], "cread": club["read_key"],
             "pid": str(person)}
    yield app, links
    with app.app_context():
        db.engine.dispose()
    os.environ.pop("SCOREKEEPER_INSTANCE_PATH", None)


def _path(rule: Any, links: dict[str, str], fuzz: str | None) -> str:
    """The rule's path with the real ids and keys (or, when ``fuzz`` is given, one of them replaced by it)."""
    edit = rule.rule.startswith(("/s/", "/e/", "/c/"))
    values = {"sid": links["sid"], "session_id": links["sid"], "eid": links["eid"], "cid": links["cid"],
              "club_id": links["cid"], "position": "1", "round_no": "1", "table_no": "1", "pid": links["pid"],
              "person_id": links["pid"], "filename": "app.css"}
    kind = "c" if "cid" in rule.arguments else "e" if "eid" in rule.arguments else ""
    values["key"] = links[f"{kind}token"] if edit else links[f"{kind}read" if kind else "read"]
    path = rule.rule
    names = sorted(rule.arguments)
    chosen = names[hash(fuzz) % len(names)] if fuzz is not None and names else None
    for name in names:
        value = fuzz if name == chosen else values[name]
        path = re.sub(r"<(?:[a-z]+(?:\([^)]*\))?:)?%s>" % name, lambda _m, v=value: _quote(v), path)
    return path


def _quote(value: str) -> str:
    from urllib.parse import quote

    return quote(value, safe="")


def _routes(app: Flask) -> list[Any]:
    return sorted((r for r in app.url_map.iter_rules() if r.endpoint != "static"), key=lambda r: r.rule)


def _check(response: Any, what: str) -> None:
    assert response.status_code < 500, (what, response.status_code, response.data[:300])
    if response.status_code >= 400 and response.is_json:
        body = response.get_json()
        assert body["ok"] is False and body["error"]["message"], what
        assert not is_unexpected(body["error"]["message"]), (what, body)
    elif response.status_code >= 400:
        assert b"could not read this input" not in response.data, what


@pytest.fixture
def caught() -> Iterator[Caught]:
    handler = Caught()
    logging.getLogger().addHandler(handler)
    yield handler
    logging.getLogger().removeHandler(handler)


@pytest.mark.fuzz
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_route_refuses_nasty_values_with_a_sentence(world: tuple[Flask, dict[str, str]],
                                                          caught: Caught, data: st.DataObject) -> None:
    app, links = world
    client: FlaskClient = app.test_client()
    for rule in _routes(app):
        slow = bool(SLOW.search(rule.rule))
        values = VALUES.filter(lambda v: not ACCEPTED_BY_PDF.fullmatch(v)) if slow else VALUES
        fields = data.draw(st.dictionaries(st.sampled_from(FIELDS), values, min_size=1, max_size=4), label=rule.rule)
        if slow and "paper" not in fields:
            fields["paper"] = data.draw(values)  # the reader every PDF route has: refused before any PDF is made
        path = _path(rule, links, None)
        auth = {"Authorization": f"Bearer {links['token']}"} if rule.rule.startswith("/api/sessions/") else {}
        for method in sorted((rule.methods or set()) & {"GET", "POST"}):
            if method == "GET":
                _check(client.get(path, query_string=fields, headers=auth), f"GET {path} {fields!r}")
            else:
                _check(client.post(path, data=fields, headers=auth), f"POST {path} {fields!r}")
        if rule.arguments and not slow:
            fuzzed = _path(rule, links, data.draw(values, label="in the path"))
            _check(client.get(fuzzed), f"GET {fuzzed}")
    assert not caught.records, [r.getMessage() for r in caught.records]


@pytest.mark.parametrize("query, sentence", [
    ("players=%EF%BC%94", "players must be a whole number from 2 to 12"),  # fullwidth 4
    ("players=%D9%A4", "players must be a whole number from 2 to 12"),  # Arabic-Indic 4
    ("players=" + "9" * 30, "players must be a whole number from 2 to 12"),
])
def test_blank_sheet_reads_only_ascii_digits(sqlite_app: Flask, query: str, sentence: str) -> None:
    answer = sqlite_app.test_client().get(f"/sheets/blank.pdf?{query}")
    assert answer.status_code == 400 and sentence in answer.get_json()["error"]["message"]
    assert "Content-Disposition" not in answer.headers


@pytest.mark.parametrize("query", ["to=9999-12-31", "from=%C2%B2", "from=1899-12-31", "to=%EF%BC%92024-01-01"])
def test_club_statistics_refuse_days_out_of_range(sqlite_app: Flask, query: str, caught: Caught) -> None:
    client = sqlite_app.test_client()
    club = client.post("/api/clubs", json={"name": "Club", "players": webdata.PLAYERS}).get_json()
    answer = client.get(f"/api/clubs/{club['id']}/stats?{query}&key={club['read_key']}")
    assert answer.status_code == 400
    assert "must be a day written as 2026-11-21, from 1900-01-01 to 2999-12-31" in answer.get_json()["error"]["message"]
    page = client.get(f"/vc/{club['id']}/{club['read_key']}?{query}")
    assert page.status_code == 200 and b"must be a day written as" in page.data
    assert not caught.records


def test_names_of_clubs_follow_the_rule_of_player_names(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    for bad in ("Club\x00", "Club\x07", "Club\u202e", "   ", "x" * 61):
        answer = client.post("/api/clubs", json={"name": bad, "players": webdata.PLAYERS})
        assert answer.status_code == 400, bad
        assert "a club's name" in answer.get_json()["error"]["message"]
    made = client.post("/api/clubs", json={"name": "  Thursday club  ", "players": webdata.PLAYERS}).get_json()
    assert client.get(f"/api/clubs/{made['id']}?key={made['read_key']}").get_json()["name"] == "Thursday club"


def test_an_evening_has_at_most_twenty_tables(sqlite_app: Flask) -> None:
    sqlite_app.config["WTF_CSRF_ENABLED"] = False
    ladies = "\n".join(f"L{i}" for i in range(400))
    gentlemen = "\n".join(f"G{i}" for i in range(400))
    answer = sqlite_app.test_client().post("/evenings/new", data={"ladies": ladies, "gentlemen": gentlemen,
                                                                  "seating": "typed"})
    assert answer.status_code == 200 and b"at most 20 tables" in answer.data


def test_download_names_are_safe_header_values() -> None:
    from scorekeeper.web.params import attachment_header

    assert attachment_header("club-abc.csv") == "attachment; filename=club-abc.csv"
    header = attachment_header('scorekeeper-\u0664"\r\n-players.pdf', inline=True)
    assert header.startswith("inline; filename=") and "\r" not in header and "\n" not in header
    assert header.isascii()
