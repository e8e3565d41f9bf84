"""New game with the same players, through the real pages and forms (CSRF tokens and all): a table once its
game is over, a table in play, a table of a club, a chip game, a Progressive Hearts evening; and the
standings line a player shares, built in one place (``web/share.py``) and checked over a table of cases."""

from __future__ import annotations

import re
from datetime import date, datetime, timezone
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.web.models import ClubTable, TableSession
from scorekeeper.web.tables.share import standings_text, table_day
from tests.support.clubpages import start_club, start_table_in
from tests.support.pages import Page, app, client, get, record_result, start_table, submit  # noqa: F401  (fixtures)

__all__ = ["app", "client"]

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def a_short_game(client: FlaskClient, **changes: Any) -> tuple[str, str]:
    """A Black Lady table played to 31 (stake 0.10, a second phone confirms), over after two hands: Ann takes
    three hearts and the queen twice (32)."""
    edit, read = start_table(client, PLAYERS, changes={"setopt_target": "31", "stake": "0.10", "confirm_required": "y",
                                              **changes})
    for hand in (1, 2):
        assert record_result(client, edit, [3, 2, 0, 8], 0).status_code == 302
        assert submit(client, get(client, edit), f"confirm-form-{hand}").status_code == 302
    return edit, read


def config_of(app: Flask, edit: str) -> tuple[dict[str, Any], bool, str | None]:
    with app.app_context():
        from scorekeeper.web.extensions import db

        table = db.session.get(TableSession, edit.split("/")[2])
        assert table is not None
        return dict(table.config), table.confirm_required, table.time_zone


def test_the_game_over_page_starts_a_new_game_with_the_same_players(app: Flask, client: FlaskClient) -> None:
    edit, read = a_short_game(client)
    over = get(client, edit)
    assert over.text("winners") == "Cat"
    assert 'id="record-result"' not in over.html and 'id="again-early"' not in over.html
    # The standings as a player pastes them (lowest first, not in seat order), and the button that shares them.
    assert re.fullmatch(r"Black Lady, \d{1,2} \w{3}: 1\. Cat 0, 2\. Bob 4, 3\. Dan 16, 4\. Ann 32",
                        over.text("standings-text")), over.text("standings-text")
    assert 'data-share-text="standings-text"' in over.html
    # The read-only link shares the standings too, and starts nothing.
    follower = get(client, read)
    assert follower.text("standings-text") == over.text("standings-text")
    assert 'id="again-form"' not in follower.html and "/again" not in follower.html

    response = submit(client, over, "again-form")
    assert response.status_code == 302
    new = response.headers["Location"]
    assert re.fullmatch(r"/s/[\w-]+/[\w-]+", new) and new.split("/")[2] != edit.split("/")[2]
    fresh = get(client, new)
    assert "same players" in fresh.html and 'id="record-result"' in fresh.html
    assert re.findall(r'<tr id="hand-\d+"', fresh.html) == []
    assert fresh.text("dealer") == "Dan"  # the same first dealer
    # Seats, game and settings carried; the old table is as it was.
    old_config, old_confirm, old_zone = config_of(app, edit)
    new_config, new_confirm, new_zone = config_of(app, new)
    assert new_config == old_config and new_config["players"] == PLAYERS
    assert new_config["settlement_options"]["target"] == 31 and new_config["stake"] == "0.10"
    assert (new_confirm, new_zone) == (old_confirm, old_zone) == (True, None)
    assert get(client, edit).text("winners") == "Cat"


def test_a_table_in_play_offers_it_as_a_small_link(client: FlaskClient) -> None:
    edit, read = start_table(client, PLAYERS, game="hearts", profile="004")
    assert record_result(client, edit, [3, 2, 0, 8], 0).status_code == 302
    page = get(client, edit)
    assert 'id="again-early"' in page.html and 'id="again-form"' not in page.html
    assert 'class="linkish"' in page.html.split('id="again-early-form"')[1].split("</form>")[0]
    response = submit(client, page, "again-early-form")
    assert response.status_code == 302
    fresh = get(client, response.headers["Location"])
    assert fresh.html.count('<tr id="hand-') == 0 and "Hearts" in fresh.html
    assert 'id="again-early"' not in get(client, read).html


def test_the_form_needs_its_csrf_token_and_the_edit_link(app: Flask, client: FlaskClient) -> None:
    edit, read = start_table(client, PLAYERS)
    assert client.post(edit + "/again", data={}).status_code == 400  # the CSRF page: nothing started
    token = re.search(r'<meta name="csrf-token" content="([^"]+)"', get(client, read).html)
    assert token
    sid, key = read.split("/")[2:4]
    assert client.post(f"/s/{sid}/{key}/again", data={"csrf_token": token.group(1)}).status_code == 403  # the read key
    assert client.post(f"/v/{sid}/{key}/again", data={"csrf_token": token.group(1)}).status_code == 404  # no such route
    with app.app_context():
        from sqlalchemy import func, select

        from scorekeeper.web.extensions import db

        assert db.session.scalar(select(func.count()).select_from(TableSession)) == 1


def test_a_club_table_starts_the_next_table_in_the_club(app: Flask, client: FlaskClient) -> None:
    club = start_club(client)
    get(client, club)  # this phone opened the club's edit link
    table = start_table_in(client, club, ["Ann", "Bob", "Cat", "Dee"])
    page = get(client, table)
    assert 'id="again-early"' in page.html
    response = submit(client, page, "again-early-form")
    assert response.status_code == 302
    new = response.headers["Location"]
    # The new table is the club's: on its page, reached by the club's edit link, with the same players.
    club_page = get(client, club)
    assert new in club_page.html
    with app.app_context():
        from scorekeeper.web.extensions import db

        assert db.session.get(ClubTable, new.split("/")[2]).club_id == club.split("/")[2]
    assert config_of(app, new)[0]["players"] == ["Ann", "Bob", "Cat", "Dee"]


def test_a_club_table_on_a_phone_without_the_clubs_edit_link(app: Flask, client: FlaskClient) -> None:
    club = start_club(client)
    table = start_table_in(client, club, ["Ann", "Bob", "Cat"])
    other = app.test_client()  # the table's edit link shared to a phone that never opened the club's
    page = get(other, table)
    assert 'id="again-early"' not in page.html
    token = re.search(r'<meta name="csrf-token" content="([^"]+)"', page.html)
    assert token
    refused = other.post(table + "/again", data={"csrf_token": token.group(1)})
    assert refused.status_code == 302 and refused.headers["Location"].endswith(table)
    assert "open the club&#39;s edit link" in get(other, table).html
    with app.app_context():
        from sqlalchemy import func, select

        from scorekeeper.web.extensions import db

        assert db.session.scalar(select(func.count()).select_from(TableSession)) == 1


def test_a_chip_table_starts_again(app: Flask, client: FlaskClient) -> None:
    edit, _ = start_table(client, PLAYERS, game="tripoli")
    page = get(client, edit)
    response = submit(client, page, "again-early-form")
    assert response.status_code == 302
    assert config_of(app, response.headers["Location"])[0] == config_of(app, edit)[0]


def test_an_evening_over_starts_a_new_evening_with_the_same_players(client: FlaskClient) -> None:
    page = get(client, "/evenings/new")
    response = submit(client, page, "evening-form", {"ladies": "Ann\nCat\nEve\nGil", "gentlemen": "Bob\nDan\nFred\nHal",
                                                     "seating": "typed", "rounds": "1"})
    assert response.status_code == 302, Page(response).refusal()
    evening = response.headers["Location"]
    for table_no in (1, 2):
        form = get(client, f"{evening}/round/1/table/{table_no}")
        sent = submit(client, form, "result-form", {"hearts-0": "3", "hearts-1": "7", "hearts-2": "1"})
        assert sent.status_code == 302, Page(sent).refusal()
    over = get(client, evening)
    assert 'id="prizes"' in over.html and 'id="again-form"' in over.html
    response = submit(client, over, "again-form")
    assert response.status_code == 302
    fresh = get(client, response.headers["Location"])
    assert 'id="round"' in fresh.html and "Round 1 of 1" in fresh.html
    assert fresh.html.index("Ann") < fresh.html.index("Cat")  # typed: the same first seating


# --- the standings line ------------------------------------------------------------------------------

NOV = date(2026, 11, 28)


def settled(by: str, values: dict[str, Any], winners: list[str], finished: bool = True) -> dict[str, Any]:
    return {by: values, "winners": winners, "finished": finished}


@pytest.mark.parametrize("game, day, out, by, unit, text", [
    ("Black Lady", NOV, settled("totals", {"Ann": 42, "Bob": 57, "Cat": 103, "Dan": 12}, ["Dan"]), "totals", "",
     "Black Lady, 28 Nov: 1. Dan 12, 2. Ann 42, 3. Bob 57, 4. Cat 103"),
    # joint winners share first place; the others keep their places after them
    ("Hearts", NOV, settled("totals", {"Ann": 30, "Bob": 30, "Cat": 101}, ["Ann", "Bob"]), "totals", "",
     "Hearts, 28 Nov: 1. Ann 30, 1. Bob 30, 3. Cat 101"),
    # a tie below the winners shares its place too
    ("Hearts", NOV, settled("totals", {"Ann": 50, "Bob": 20, "Cat": 50, "Dan": 70}, ["Bob"]), "totals", "",
     "Hearts, 28 Nov: 1. Bob 20, 2. Ann 50, 2. Cat 50, 4. Dan 70"),
    # a tie the table broke (a cut): the winner first, the one tied with him second
    ("Hearts", NOV, settled("totals", {"Ann": 40, "Bob": 40, "Cat": 90}, ["Bob"]), "totals", "",
     "Hearts, 28 Nov: 1. Bob 40, 2. Ann 40, 3. Cat 90"),
    # chips: the most first, signed, with their word
    ("Tripoli", NOV, settled("balance", {"Ann": -1, "Bob": 19, "Cat": -18}, ["Bob"]), "balance", "chips",
     "Tripoli, 28 Nov: 1. Bob +19 chips, 2. Ann -1 chip, 3. Cat -18 chips"),
    ("Reversis", NOV, settled("balance", {"Ann": 0, "Bob": 150, "Cat": -75, "Dan": -75}, ["Bob"]), "balance", "fish",
     "Reversis, 28 Nov: 1. Bob +150 fish, 2. Ann 0 fish, 3. Cat -75 fish, 3. Dan -75 fish"),
    # the most points won (Hartenjagen's goal, lives left): the direction is the winners'
    ("Hartenjagen", NOV, settled("totals", {"Ann": 12, "Bob": -3, "Cat": 40}, ["Cat"]), "totals", "",
     "Hartenjagen, 28 Nov: 1. Cat 40, 2. Ann 12, 3. Bob -3"),
    ("Conquimbert", NOV, settled("totals", {"Ann": 0, "Bob": 2, "Cat": 1}, ["Bob"]), "totals", "lives",
     "Conquimbert, 28 Nov: 1. Bob 2 lives, 2. Cat 1 life, 3. Ann 0 lives"),
    # Complex Hearts: by magnitude, written as the sheet writes it
    ("Complex Hearts", NOV, settled("totals", {"Ann": {"re": 3, "im": 4}, "Bob": {"re": 0, "im": -100},
                                               "Cat": {"re": 60, "im": 0}}, ["Ann"]), "totals", "",
     "Complex Hearts, 28 Nov: 1. Ann 3+4i, 2. Cat 60, 3. Bob -100i"),
    # a game not over says so; no day known, none said
    ("Black Lady", None, settled("totals", {"Ann": 5, "Bob": 21}, ["Ann"], finished=False), "totals", "",
     "Black Lady, so far: 1. Ann 5, 2. Bob 21"),
    ("Black Lady", date(2027, 1, 3), settled("totals", {"Ann": 0, "Bob": 0}, []), "totals", "",
     "Black Lady, 3 Jan: 1. Ann 0, 1. Bob 0"),
    ("Black Lady", NOV, settled("totals", {}, []), "totals", "", "Black Lady, 28 Nov"),
])
def test_the_standings_line(game: str, day: date | None, out: dict[str, Any], by: str, unit: str, text: str) -> None:
    assert standings_text(game, day, out, by=by, unit=unit) == text


def test_the_day_is_the_tables_own() -> None:
    late = datetime(2026, 11, 28, 22, 30, tzinfo=timezone.utc)
    assert table_day(TableSession(created_at=late, time_zone="Pacific/Auckland")) == date(2026, 11, 29)
    assert table_day(TableSession(created_at=late.replace(tzinfo=None), time_zone=None)) == NOV
    assert table_day(TableSession(created_at=late, time_zone="Mars/Olympus")) == NOV
