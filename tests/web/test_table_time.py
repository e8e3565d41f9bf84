"""The printed sheet in the table's local time: the start form keeps the phone's time zone with the
table, and the sheet and the hand audit print their times in it (``scorekeeper.sheets.clock``); a
missing or unknown zone prints in UTC and says so. The browser sending its zone is in test_join.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.sheets.clock import TableClock, known_zone, printed
from scorekeeper.web.extensions import db
from scorekeeper.web.models import TableSession
from tests.support.pages import Page, get, submit
from tests.support.paper import pdf_text
from tests.support.webdata import Table, example_hand, session

NOW = datetime(2026, 11, 21, 5, 32, tzinfo=timezone.utc)
STARTED = datetime(2026, 11, 21, 4, 0)  # as SQLite gives it back: UTC, without its zone


@pytest.mark.parametrize(("zone", "expected"), [
    ("Pacific/Auckland", "2026-11-21 18:32 NZDT (Pacific/Auckland); started 17:00"),
    ("Europe/Paris", "2026-11-21 06:32 CET (Europe/Paris); started 05:00"),
    ("America/Sao_Paulo", "2026-11-21 02:32 (America/Sao_Paulo); started 01:00"),  # its abbreviation is -03
    ("UTC", "2026-11-21 05:32 UTC; started 04:00"),
    (None, "2026-11-21 05:32 UTC (time zone not known); started 04:00"),
    ("Mars/Olympus_Mons", "2026-11-21 05:32 UTC (unknown time zone 'Mars/Olympus_Mons'); started 04:00"),
])
def test_a_table_prints_in_its_own_time_zone(zone: str | None, expected: str) -> None:
    assert printed(TableClock(zone, STARTED), NOW) == expected


def test_a_sheet_of_no_table_prints_in_utc() -> None:
    assert printed(None, NOW) == "2026-11-21 05:32 UTC"
    assert printed(TableClock("Pacific/Auckland"), NOW) == "2026-11-21 18:32 NZDT (Pacific/Auckland)"
    # A table started on another day says which.
    assert printed(TableClock("Pacific/Auckland", STARTED - timedelta(days=2)), NOW) == (
        "2026-11-21 18:32 NZDT (Pacific/Auckland); started 2026-11-19 17:00")


@pytest.mark.parametrize("name", ["", "Mars/Base", "../../etc/passwd", "/etc/localtime", "Europe/Paris ", "Europe",
                                  "zone.tab", "a\x00b", "Europe/" + "x" * 100, None, 3])
def test_what_is_not_a_time_zone(name: object) -> None:
    assert known_zone(name) is None


def test_what_is_a_time_zone() -> None:
    assert known_zone("Pacific/Auckland") == "Pacific/Auckland"
    assert known_zone("UTC") == "UTC"


# --- through the app ------------------------------------------------------------------------------

def start(client: FlaskClient, time_zone: str | None) -> tuple[str, str, str]:
    """A Black Lady table started through the start form; (id, edit key, read key)."""
    page = get(client, "/?game=black-lady")
    fields = {"players-0": "Ann", "players-1": "Bob", "players-2": "Cat", "players-3": "Dan",
              "first_dealer": "Dan", "action": "start"}
    if time_zone is not None:
        fields["time_zone"] = time_zone
    response = submit(client, page, "start-form", fields,
                      drop=("time_zone",) if time_zone is None else ())
    assert response.status_code == 302, Page(response).html[:500]
    match = re.fullmatch(r"/s/([\w-]+)/([\w-]+)", response.headers["Location"])
    assert match
    read = re.search(r'id="read-link" value="http://localhost/v/[\w-]+/([\w-]+)"', get(client, match.group(0)).html)
    assert read
    return match.group(1), match.group(2), read.group(1)


def sheet_text(client: FlaskClient, sid: str, read_key: str) -> str:
    response = client.get(f"/sessions/{sid}/sheet.pdf", query_string={"key": read_key})
    assert response.status_code == 200 and response.data.startswith(b"%PDF-")
    return " ".join(pdf_text(response.data).split())


def stored_zone(app: Flask, sid: str) -> str | None:
    with app.app_context():
        zone: str | None = db.session.scalars(select(TableSession.time_zone).where(TableSession.id == sid)).one()
        return zone


def local_now(zone: str) -> tuple[str, ...]:
    """The minutes the sheet may print: now, and the minute before (the PDF takes a moment)."""
    now = datetime.now(ZoneInfo(zone))
    return tuple(f"{moment:%Y-%m-%d %H:%M}" for moment in (now, now - timedelta(minutes=1)))


def test_a_table_started_in_auckland_prints_its_times_in_auckland(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    sid, _, read_key = start(client, "Pacific/Auckland")
    assert stored_zone(sqlite_app, sid) == "Pacific/Auckland"
    text = sheet_text(client, sid, read_key)
    stamp = re.search(r"Printed (\d{4}-\d\d-\d\d \d\d:\d\d) (NZDT|NZST) \(Pacific/Auckland\); "
                      r"started (?:\d{4}-\d\d-\d\d )?(\d\d:\d\d)", text)
    assert stamp, text[:500]
    assert stamp.group(1) in local_now("Pacific/Auckland")
    assert stamp.group(3) in {when[-5:] for when in local_now("Pacific/Auckland")}  # started a moment ago
    assert "UTC" not in text


@pytest.mark.parametrize("sent", [None, "", "Mars/Base", "../../etc/passwd", "x" * 500])
def test_a_missing_or_unknown_zone_prints_in_utc_and_says_so(sqlite_app: Flask, sent: str | None) -> None:
    client = sqlite_app.test_client()
    sid, _, read_key = start(client, sent)
    assert stored_zone(sqlite_app, sid) is None  # only a zone the sheets know is kept
    text = sheet_text(client, sid, read_key)
    stamp = re.search(r"Printed (\d{4}-\d\d-\d\d \d\d:\d\d) UTC \(time zone not known\); started", text)
    assert stamp, text[:500]
    assert stamp.group(1) in local_now("UTC")


def test_the_hand_audit_prints_in_the_tables_zone_too(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    table = Table(client, session(hands=[example_hand()]))
    with sqlite_app.app_context():
        db.session.get(TableSession, table.id).time_zone = "Pacific/Auckland"
        db.session.commit()
    response = client.get(f"/s/{table.id}/{table.token}/hand/1/audit.pdf")
    assert response.status_code == 200 and response.data.startswith(b"%PDF-")
    text = " ".join(pdf_text(response.data).split())
    assert re.search(r"Printed \d{4}-\d\d-\d\d \d\d:\d\d NZ[DS]T \(Pacific/Auckland\)", text), text[:500]
