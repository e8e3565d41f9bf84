"""Clubs: their people, tables and statistics through the JSON API, on SQLite and PostgreSQL.

The statistics are checked against club histories worked out by hand (in the comments), a
correction changes them at once, a rename shows at every table, and the engine refuses a rename
that would change how a table settles.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.tally import ClubFigures, tally_json
from scorekeeper.web import services
from scorekeeper.web.models import TableSession, TableTally
from scorekeeper.web.extensions import db
from tests.support.settling import revoke_hand

ANN4 = ["Ann", "Bob", "Cat", "Dan"]


def black_lady_night() -> dict[str, Any]:
    """Hand 1: Ann 3 hearts + Q♠ = 16, Bob 2, Cat 0, Dan 8. Hand 2: Ann takes all 13 and Q♠ and adds 26 to
    the others. Totals Ann 16, Bob 28, Cat 26, Dan 34: Dan passed 31, the game is over, Ann won; at 0.05 a point, every pair settling its difference:
    Ann +(12+10+18)*0.05 = +2.00, Bob (-12-2+6)*0.05 = -0.40, Cat (-10+2+8) = 0.00, Dan (-18-6-8)*0.05 = -1.60."""
    return {"game": "black-lady", "players": ANN4, "first_dealer": "Dan", "stake": "0.05",
            "settlement_options": {"target": 31}, "hands": [
        {"id": "h1", "taken": {"Ann": {"hearts": 3, "QS": 1}, "Bob": {"hearts": 2}, "Cat": {"hearts": 0},
                               "Dan": {"hearts": 8}}},
        {"id": "h2", "taken": {"Ann": {"hearts": 13, "QS": 1}, "Bob": {"hearts": 0}, "Cat": {"hearts": 0},
                               "Dan": {"hearts": 0}}, "moon_choice": "add"},
    ]}


def hearts_night() -> dict[str, Any]:
    """Plain Hearts (Q♠ scores nothing): Ann 5, Bob 0, Cat 8, Eve 0 after one hand of a game to 100: Bob and Eve
    lead, nobody has won yet."""
    return {"game": "hearts", "players": ["Ann", "Bob", "Cat", "Eve"], "first_dealer": "Eve", "hands": [
        {"taken": {"Ann": {"hearts": 5}, "Bob": {"hearts": 0}, "Cat": {"hearts": 8}, "Eve": {"hearts": 0}}},
    ]}


def make_club(client: FlaskClient, name: str = "Thursday Hearts", players: list[str] | None = None) -> dict[str, Any]:
    answer = client.post("/api/clubs", json={"name": name, "players": players or ["Ann", "Bob"]})
    assert answer.status_code == 201, answer.get_json()
    body: dict[str, Any] = answer.get_json()
    return body


def auth(club: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {club['token']}"}


def start(client: FlaskClient, club: dict[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    answer = client.post(f"/api/clubs/{club['id']}/sessions", json=record, headers=auth(club))
    assert answer.status_code == 201, answer.get_json()
    body: dict[str, Any] = answer.get_json()
    return body


def stats(client: FlaskClient, club: dict[str, Any], **period: str) -> dict[str, Any]:
    answer = client.get(f"/api/clubs/{club['id']}/stats", query_string={"key": club["read_key"], **period})
    assert answer.status_code == 200, answer.get_json()
    body: dict[str, Any] = answer.get_json()
    return body


def line(figures: dict[str, Any], player: str, game: str | None = None) -> dict[str, Any]:
    if game is None:
        return next(row for row in figures["standings"] if row["player"] == player)
    found: dict[str, Any] = figures["games"][game][player]
    return found


def test_a_club_history_worked_by_hand(client: FlaskClient) -> None:
    club = make_club(client)
    start(client, club, black_lady_night())
    start(client, club, hearts_night())
    figures = stats(client, club)
    assert (figures["tables"], figures["hands"]) == (2, 3)
    ann = line(figures, "Ann", "black-lady")
    assert ann == {"tables": 1, "won": 1, "in_progress": 0, "hands": 2, "points": 16, "points_per_hand": 8.0, "moons": 1,
                   "penalty_card": "QS", "penalty": 2, "revokes": 0, "money_won": "2.00", "money_lost": "0.00"}
    assert line(figures, "Bob", "black-lady")["points_per_hand"] == 14.0  # (2 + 26) / 2
    assert line(figures, "Dan", "black-lady")["money_lost"] == "1.60"
    assert line(figures, "Cat", "black-lady")["money_lost"] == "0.00"
    # Plain Hearts: no main penalty card; Bob and Eve share the lowest total (0), but the game goes on.
    assert line(figures, "Ann", "hearts")["penalty_card"] is None
    assert [line(figures, p, "hearts")["won"] for p in ("Ann", "Bob", "Cat", "Eve")] == [0, 0, 0, 0]
    assert [line(figures, p, "hearts")["in_progress"] for p in ("Ann", "Bob", "Cat", "Eve")] == [1, 1, 1, 1]
    # Over every game: Ann 2 tables, 1 won, 16 + 5 points over 3 hands = 7.0 a hand.
    overall = line(figures, "Ann")
    assert (overall["tables"], overall["won"], overall["hands"], overall["points_per_hand"]) == (2, 1, 3, 7.0)
    # Standings: most tables won first (Ann 1), then money (Eve and Cat 0, Bob -0.40, Dan -1.60), then the
    # fewest points a hand (Eve 0.0, Cat 34 / 3).
    assert [row["player"] for row in figures["standings"]] == ["Ann", "Eve", "Cat", "Bob", "Dan"]
    # Every seated name became one of the club's people.
    names = [p["name"] for p in client.get(f"/api/clubs/{club['id']}", query_string={"key": club["read_key"]})
             .get_json()["players"]]
    assert sorted(names) == ["Ann", "Bob", "Cat", "Dan", "Eve"]


def dan_leads_black_lady() -> dict[str, Any]:
    """Black Lady to 100, three hands in: Ann 12 hearts + Q♠ (25), Bob 1; Bob 11 + Q♠ (24), Dan 2; Cat 9 + Q♠ (22),
    Dan 4. Totals Ann 25, Bob 25, Cat 22, Dan 6: nobody reached 100, so Dan is only winning so far."""
    return {"game": "black-lady", "players": ANN4, "first_dealer": "Dan", "hands": [
        {"taken": {"Ann": {"hearts": 12, "QS": 1}, "Bob": {"hearts": 1}, "Cat": {"hearts": 0}, "Dan": {"hearts": 0}}},
        {"taken": {"Ann": {"hearts": 0}, "Bob": {"hearts": 11, "QS": 1}, "Cat": {"hearts": 0}, "Dan": {"hearts": 2}}},
        {"taken": {"Ann": {"hearts": 0}, "Bob": {"hearts": 0}, "Cat": {"hearts": 9, "QS": 1}, "Dan": {"hearts": 4}}},
    ]}


def omnibus_tied() -> dict[str, Any]:
    """Omnibus Hearts, one hand: Cat 13 hearts and J♦ (13 - 10 = 3), Dan Q♠ (13): Ann and Bob tied at 0, mid-game."""
    return {"game": "omnibus-hearts", "players": ANN4, "first_dealer": "Dan", "hands": [
        {"taken": {"Ann": {"hearts": 0}, "Bob": {"hearts": 0}, "Cat": {"hearts": 13, "JD": 1}, "Dan": {"hearts": 0, "QS": 1}}}]}


def dan_wins_black_lady() -> dict[str, Any]:
    """The same table played to 31: a fourth hand like the third takes Cat to 44, so the game is over and Dan
    (10) has won it."""
    record = dan_leads_black_lady()
    record["settlement_options"] = {"target": 31}
    record["hands"].append(record["hands"][-1])
    return record


@pytest.mark.parametrize("record, won, in_progress", [
    (dan_leads_black_lady(), [0, 0, 0, 0], [1, 1, 1, 1]),  # the table's page says "Winning so far: Dan"
    (omnibus_tied(), [0, 0, 0, 0], [1, 1, 1, 1]),  # Ann and Bob tied mid-game: nobody has won yet
    (dan_wins_black_lady(), [0, 0, 0, 1], [0, 0, 0, 0]),  # game over: Dan won
])
def test_only_a_finished_table_is_won(client: FlaskClient, record: dict[str, Any], won: list[int],
                                      in_progress: list[int]) -> None:
    """A table won is a table whose settlement says the game is over (the session page's "Game over"); a table
    still going counts as in progress for everyone at it, whoever leads."""
    club = make_club(client)
    table = start(client, club, record)
    settled = client.get(f"/api/sessions/{table['id']}", query_string={"key": table["read_key"]}).get_json()
    figures = stats(client, club)
    assert [line(figures, p)["won"] for p in ANN4] == won
    assert [line(figures, p)["in_progress"] for p in ANN4] == in_progress
    assert [line(figures, p, record["game"])["won"] for p in ANN4] == won
    assert sum(won) == (len(settled["winners"]) if settled["finished"] else 0)
    people = client.get(f"/api/clubs/{club['id']}", headers=auth(club)).get_json()["players"]
    dan = next(p for p in people if p["name"] == "Dan")
    mine = client.get(f"/api/clubs/{club['id']}/players/{dan['id']}", query_string={"key": club["read_key"]}).get_json()
    assert [(t["finished"], t["won"]) for t in mine["tables"]] == [(settled["finished"], won[3] == 1)]
    assert mine["overall"]["won"] == won[3] and mine["overall"]["in_progress"] == in_progress[3]


def test_a_table_that_ends_moves_from_in_progress_to_won(app: Flask, client: FlaskClient) -> None:
    """The kept tally follows the table: the hand that ends the game turns "in progress" into "won" at once."""
    club = make_club(client)
    record = dan_leads_black_lady()
    record["settlement_options"] = {"target": 31}
    table = start(client, club, record)
    assert line(stats(client, club), "Dan")["in_progress"] == 1
    ended = client.post(f"/api/sessions/{table['id']}/hands", json=record["hands"][-1],
                        headers={"Authorization": f"Bearer {table['token']}"})
    assert ended.status_code == 201, ended.get_json()
    dan = line(stats(client, club), "Dan")
    assert (dan["won"], dan["in_progress"], dan["tables"]) == (1, 0, 1)


def test_a_tally_kept_by_an_older_app_is_made_again(app: Flask, client: FlaskClient) -> None:
    """A tally kept before a table had to be over to be won (version 1: Dan "won" a table he only leads) is not
    read: the club's figures make it again from the table."""
    from scorekeeper.web.clubs import stats as club_stats

    club = make_club(client)
    table = start(client, club, dan_leads_black_lady())
    assert line(stats(client, club), "Dan")["won"] == 0
    with app.app_context():
        kept = db.session.get(TableTally, table["id"])
        assert kept is not None
        old = json.loads(json.dumps(kept.tally))
        old["version"] = 1
        for row in old["players"].values():
            del row["leading"]  # version 1 had no "leading"
        old["players"]["Dan"]["won"] = True
        kept.tally = old
        db.session.commit()
    club_stats._SEASONS.clear()  # as a newly started process
    dan = line(stats(client, club), "Dan")
    assert (dan["won"], dan["in_progress"]) == (0, 1)
    people = client.get(f"/api/clubs/{club['id']}", headers=auth(club)).get_json()["players"]
    pid = next(p["id"] for p in people if p["name"] == "Dan")
    mine = client.get(f"/api/clubs/{club['id']}/players/{pid}", query_string={"key": club["read_key"]}).get_json()
    assert [(t["won"], t["leading"]) for t in mine["tables"]] == [(False, True)]  # made again: version 2's words


def test_a_revoke_and_a_moon_are_counted_for_their_player(client: FlaskClient) -> None:
    club = make_club(client)
    record = {"game": "black-lady", "players": ANN4, "first_dealer": "Dan", "hands": [
        revoke_hand(ANN4, "Dan", "Cat"),
        {"taken": {"Ann": {"hearts": 0}, "Bob": {"hearts": 13, "QS": 1}, "Cat": {"hearts": 0}, "Dan": {"hearts": 0}},
         "moon_choice": "add"}]}
    start(client, club, record)
    figures = stats(client, club)
    assert [line(figures, p, "black-lady")["revokes"] for p in ANN4] == [0, 0, 1, 0]
    assert [line(figures, p, "black-lady")["moons"] for p in ANN4] == [0, 1, 0, 0]
    assert [line(figures, p, "black-lady")["penalty"] for p in ANN4] == [0, 1, 0, 0]


def test_a_correction_changes_the_statistics_at_once(app: Flask, client: FlaskClient) -> None:
    club = make_club(client)
    table = start(client, club, black_lady_night())
    assert line(stats(client, club), "Ann", "black-lady")["penalty"] == 2
    with app.app_context():
        row = db.session.get(TableSession, table["id"])
        assert row is not None
        # Hand 1 corrected: Bob took the Q♠, not Ann. Ann 3, Bob 15 in hand 1.
        services.edit_hand(row, 1, {"id": "h1", "taken": {"Ann": {"hearts": 3}, "Bob": {"hearts": 2, "QS": 1},
                                                          "Cat": {"hearts": 0}, "Dan": {"hearts": 8}}})
    figures = stats(client, club)
    assert [line(figures, p, "black-lady")["penalty"] for p in ANN4] == [1, 1, 0, 0]
    assert line(figures, "Ann", "black-lady")["points"] == 3
    assert line(figures, "Bob", "black-lady")["points"] == 15 + 26
    with app.app_context():  # the kept tally is the one of the table's new revision
        kept = db.session.get(TableTally, table["id"])
        current = db.session.get(TableSession, table["id"])
        assert kept is not None and current is not None and kept.revision == current.revision
        services.strike_hand(current, 2)
    assert line(stats(client, club), "Ann", "black-lady")["moons"] == 0


def test_a_hand_added_through_the_api_counts(client: FlaskClient) -> None:
    club = make_club(client)
    table = start(client, club, {"game": "black-lady", "players": ANN4, "first_dealer": "Dan"})
    assert stats(client, club)["hands"] == 0
    hand = {"taken": {"Ann": {"hearts": 3, "QS": 1}, "Bob": {"hearts": 2}, "Cat": {"hearts": 0}, "Dan": {"hearts": 8}}}
    added = client.post(f"/api/sessions/{table['id']}/hands", json=hand, headers={"Authorization": f"Bearer {table['token']}"})
    assert added.status_code == 201
    assert line(stats(client, club), "Ann", "black-lady")["points"] == 16


def test_the_period_chooses_the_tables(app: Flask, client: FlaskClient) -> None:
    from datetime import datetime, timezone

    club = make_club(client)
    old = start(client, club, black_lady_night())
    start(client, club, hearts_night())
    with app.app_context():
        row = db.session.get(TableSession, old["id"])
        assert row is not None
        row.created_at = datetime(2026, 1, 8, 20, 0, tzinfo=timezone.utc)
        db.session.commit()
    assert stats(client, club, to="2026-01-08")["tables"] == 1
    assert stats(client, club, **{"from": "2026-01-09"})["tables"] == 1
    assert stats(client, club, **{"from": "2026-01-01", "to": "2026-01-07"})["tables"] == 0
    bad = client.get(f"/api/clubs/{club['id']}/stats", query_string={"key": club["read_key"], "from": "next week"})
    assert bad.status_code == 400 and bad.get_json()["error"]["code"] == "syntax"
    backwards = client.get(f"/api/clubs/{club['id']}/stats",
                           query_string={"key": club["read_key"], "from": "2026-02-01", "to": "2026-01-01"})
    assert backwards.status_code == 400


def test_a_rename_shows_at_every_table(app: Flask, client: FlaskClient) -> None:
    club = make_club(client)
    first = start(client, club, {**black_lady_night(), "settlement_options": {"target": 100}})  # goes on
    second = start(client, club, hearts_night())
    people = client.get(f"/api/clubs/{club['id']}", headers=auth(club)).get_json()["players"]
    ann = next(p for p in people if p["name"] == "Ann")
    renamed = client.patch(f"/api/clubs/{club['id']}/players/{ann['id']}", json={"name": "Annie"}, headers=auth(club))
    assert renamed.status_code == 200 and renamed.get_json()["name"] == "Annie"
    for table in (first, second):
        settled = client.get(f"/api/sessions/{table['id']}", query_string={"key": table["read_key"]}).get_json()
        assert "Annie" in settled["totals"] and "Ann" not in settled["totals"]
        exported = client.get(f"/api/sessions/{table['id']}/export", query_string={"key": table["read_key"]}).get_json()
        assert "Ann" not in str(exported).replace("Annie", "")
    figures = stats(client, club)
    assert line(figures, "Annie", "black-lady")["moons"] == 1
    assert all(row["player"] != "Ann" for row in figures["standings"])
    # A new hand on the renamed table takes the new name (this process forgot the old one).
    hand = {"taken": {"Annie": {"hearts": 1}, "Bob": {"hearts": 2, "QS": 1}, "Cat": {"hearts": 0}, "Dan": {"hearts": 10}}}
    added = client.post(f"/api/sessions/{first['id']}/hands", json=hand, headers={"Authorization": f"Bearer {first['token']}"})
    assert added.status_code == 201, added.get_json()
    # The history keeps the hands under the new name too.
    with app.app_context():
        row = db.session.get(TableSession, first["id"])
        assert row is not None and row.config["players"][0] == "Annie"


def test_a_rename_changes_names_only(client: FlaskClient) -> None:
    club = make_club(client, players=[])
    # A player named "add" at a table where a moon's choice is "add": the choice is no name and stays.
    players = ["add", "Bob", "Cat", "Dan"]
    table = start(client, club, {"game": "black-lady", "players": players, "first_dealer": "Dan", "hands": [
        {"taken": {"add": {"hearts": 0}, "Bob": {"hearts": 13, "QS": 1}, "Cat": {"hearts": 0}, "Dan": {"hearts": 0}},
         "moon_choice": "add"}]})
    bearer = {"Authorization": f"Bearer {table['token']}"}
    hand = {"id": "Bob", "taken": {"add": {"hearts": 3}, "Bob": {"hearts": 2, "QS": 1}, "Cat": {"hearts": 0},
                                   "Dan": {"hearts": 8}}}
    assert client.post(f"/api/sessions/{table['id']}/hands", json=hand, headers=bearer).status_code == 201
    listed = client.get(f"/api/clubs/{club['id']}", headers=auth(club)).get_json()["players"]
    people = {p["name"]: p["id"] for p in listed}
    before = client.get(f"/api/sessions/{table['id']}", query_string={"key": table["read_key"]}).get_json()
    zed = client.patch(f"/api/clubs/{club['id']}/players/{people['add']}", json={"name": "Zed"}, headers=auth(club))
    assert zed.status_code == 200, zed.get_json()
    # Bob is called QS, then Robert: the counts of the queen of spades ("QS": 1) are never taken for him.
    for name in ("QS", "Robert"):
        answer = client.patch(f"/api/clubs/{club['id']}/players/{people['Bob']}", json={"name": name},
                              headers=auth(club))
        assert answer.status_code == 200, (name, answer.get_json())
    exported = client.get(f"/api/sessions/{table['id']}/export", query_string={"key": table["read_key"]}).get_json()
    assert exported["players"] == ["Zed", "Robert", "Cat", "Dan"]
    assert exported["hands"][0]["moon_choice"] == "add"
    assert exported["hands"][1]["id"] == "Bob"  # the phone's client id, not a name
    assert exported["hands"][1]["taken"]["Robert"] == {"hearts": 2, "QS": 1}
    after = client.get(f"/api/sessions/{table['id']}", query_string={"key": table["read_key"]}).get_json()
    assert list(after["totals"].values()) == list(before["totals"].values())
    # That phone sends its hand again under its id (by the table's names now): "already stored", not a clash.
    again = {"id": "Bob", "taken": {"Zed": {"hearts": 3}, "Robert": {"hearts": 2, "QS": 1}, "Cat": {"hearts": 0},
                                    "Dan": {"hearts": 8}}}
    assert client.post(f"/api/sessions/{table['id']}/hands", json=again, headers=bearer).status_code == 200
    # ... and by the names it had then: never stored twice.
    assert client.post(f"/api/sessions/{table['id']}/hands", json=hand, headers=bearer).status_code == 409
    assert len(client.get(f"/api/sessions/{table['id']}/export", query_string={"key": table["read_key"]})
               .get_json()["hands"]) == 2
    taken = client.patch(f"/api/clubs/{club['id']}/players/{people['Cat']}", json={"name": "Robert"}, headers=auth(club))
    assert taken.status_code == 400 and "already" in taken.get_json()["error"]["message"]


def test_keys_are_checked(client: FlaskClient) -> None:
    club = make_club(client)
    cid = club["id"]
    assert client.get(f"/api/clubs/{cid}").status_code == 403
    assert client.get(f"/api/clubs/{cid}", query_string={"key": "wrong"}).status_code == 403
    assert client.get(f"/api/clubs/{cid}", query_string={"key": club["read_key"]}).status_code == 200
    read_only = {"Authorization": f"Bearer {club['read_key']}"}
    assert client.post(f"/api/clubs/{cid}/players", json={"name": "Zoe"}, headers=read_only).status_code == 403
    assert client.post(f"/api/clubs/{cid}/sessions", json=black_lady_night(), headers=read_only).status_code == 403
    assert client.get("/api/clubs/nope/stats").status_code == 404
    assert client.post("/api/clubs", data=b"{", content_type="application/json").status_code == 400
    assert client.post("/api/clubs", json={"name": ""}).status_code == 400
    assert client.post("/api/clubs", json={"name": "X", "players": ["Ann", "Ann"]}).status_code == 400
    assert client.post(f"/api/clubs/{cid}/players", json={"name": "Ann"}, headers=auth(club)).status_code == 400
    added = client.post(f"/api/clubs/{cid}/players", json={"name": "  Zoe "}, headers=auth(club))
    assert added.status_code == 201 and added.get_json()["name"] == "Zoe"


def test_an_illegal_table_stores_nothing(client: FlaskClient) -> None:
    club = make_club(client)
    record = black_lady_night()
    record["players"] = ANN4 + ["Eve"]
    record["hands"][0]["taken"]["Eve"] = {"hearts": 5}  # 18 hearts: impossible
    refused = client.post(f"/api/clubs/{club['id']}/sessions", json=record, headers=auth(club))
    assert refused.status_code == 422
    body = client.get(f"/api/clubs/{club['id']}", headers=auth(club)).get_json()
    assert body["tables"] == [] and "Eve" not in [p["name"] for p in body["players"]]


def test_a_club_table_is_edited_with_a_token_made_from_the_clubs(client: FlaskClient) -> None:
    from scorekeeper.web.clubs.services import table_token

    club = make_club(client)
    table = start(client, club, black_lady_night())
    assert table["token"] == table_token(club["token"], table["id"])
    assert client.get(f"/s/{table['id']}/{table['token']}").status_code == 200


@pytest.mark.parametrize("record", [
    {"game": "black-lady", "players": ["Ann", "Bob", "Cat", "Dan"], "first_dealer": "Dan"},
    {"game": "tripoli", "players": ["Ann", "Bob", "Cat"], "first_dealer": "Cat"},
    {"game": "reversis", "players": ["Ann", "Bob", "Cat", "Dan"], "first_dealer": "Dan"},
])
def test_a_club_tables_scorer_finds_the_club_from_the_table(client: FlaskClient, record: dict[str, Any]) -> None:
    """The table's edit page links to the club's read-only page; its read-only page, which may travel
    further than the club's own link, does not; nor does a table outside any club."""
    club = make_club(client, name="Cabin Fridays")
    table = start(client, club, record)
    club_read = f"/vc/{club['id']}/{club['read_key']}"
    edit_page = client.get(f"/s/{table['id']}/{table['token']}").get_data(as_text=True)
    assert f'href="{club_read}"' in edit_page and "Cabin Fridays" in edit_page
    assert client.get(club_read).status_code == 200
    read_page = client.get(f"/v/{table['id']}/{table['read_key']}").get_data(as_text=True)
    assert club_read not in read_page and "Cabin Fridays" not in read_page
    alone = client.post("/api/sessions", json=record).get_json()
    assert 'id="club-link"' not in client.get(f"/s/{alone['id']}/{alone['token']}").get_data(as_text=True)


# --- the tally itself -----------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(-30, 30), min_size=3, max_size=3), min_size=1, max_size=12),
       st.lists(st.sampled_from(["A", "B", "C", None]), min_size=12, max_size=12))
def test_tallies_add_up_whatever_the_split(points: list[list[int]], takers: list[str | None]) -> None:
    """Adding tables one by one gives each player the sum of the hands' points and penalty cards, however the
    hands are split between tables."""
    players = ["A", "B", "C"]
    hands = [{"points": dict(zip(players, row)), "totals": {}} for row in points]
    half = len(hands) // 2
    figures = ClubFigures()
    for part, who in ((hands[:half], takers[:half]), (hands[half:], takers[half:len(hands)])):
        figures.add(tally_json({"hands": part, "winners": ["A"]}, "black-lady", players,
                               penalty_card="QS", penalty_takers=who))
    for i, p in enumerate(players):
        got = figures.by_game["black-lady"][p]
        assert got.points == sum(row[i] for row in points)
        assert got.hands == len(points)
        assert got.penalty == sum(1 for t in takers[:len(hands)] if t == p)


# --- every family, and bad input ---------------------------------------------------------------------

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*-session.json")))
def test_every_familys_tally_is_its_settlement(name: str) -> None:
    """A tally's points are the sum of the settle output's hand points, its hands the hands played, its winners
    the settlement's: read off the settlement, never scored again."""
    from scorekeeper.engine.family import family_of_record
    from scorekeeper.engine.family import settle_json

    record = json.loads((EXAMPLES / name).read_text())
    settled = settle_json(record)
    tally = family_of_record(record).tally(record)
    played = [h for h in settled["hands"] if h.get("void") is None]
    assert tally["hands"] == len(played)
    for player, row in tally["players"].items():
        points = [h["points"][player] for h in played if player in h["points"]]
        if all(isinstance(p, int) for p in points):
            assert row["points"] == sum(points)
        assert row["won"] == (settled["finished"] and player in settled.get("winners", []))
        assert row["moons"] == sum(1 for h in played if h.get("moon") == player)


def test_mutated_club_tables_never_store_a_refusal(client: FlaskClient) -> None:
    """Mutated session records and bodies sent to a club: every answer is 201 or an error object with a 4xx
    status, and a refusal adds neither a table nor a player."""
    from tests.support import fuzzing

    club = make_club(client)
    mutator = fuzzing.Mutator(20261128)
    accepted = 0
    for i in range(120):
        before = client.get(f"/api/clubs/{club['id']}", headers=auth(club)).get_json()
        body = fuzzing.encode(mutator.value("session", i)).encode("utf-8") if i % 3 else mutator.session(i).line
        answer = client.post(f"/api/clubs/{club['id']}/sessions", data=body, content_type="application/json",
                             headers=auth(club))
        if answer.status_code == 201:
            accepted += 1
            continue
        assert 400 <= answer.status_code < 500, (answer.status_code, body[:300])
        assert answer.get_json()["ok"] is False and answer.get_json()["error"]["code"]
        after = client.get(f"/api/clubs/{club['id']}", headers=auth(club)).get_json()
        assert (after["tables"], after["players"]) == (before["tables"], before["players"]), body[:300]
    assert accepted >= 5
    for body in (b"", b"[]", b'{"name": 7}', b'{"name": "' + b"x" * 41 + b'"}', b'{"name": "\\u0000"}', b"\xff"):
        answer = client.post(f"/api/clubs/{club['id']}/players", data=body, content_type="application/json",
                             headers=auth(club))
        assert answer.status_code == 400 and answer.get_json()["ok"] is False, body
    assert stats(client, club)["tables"] == accepted


def test_a_rename_that_meets_a_new_hand_changes_nothing(app: Flask, client: FlaskClient,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand stored at a table while the rename was being checked: the rename is refused as busy (409), so no
    table is left with a hand under the old name."""
    from scorekeeper.web.clubs import services as clubs

    club = make_club(client)
    table = start(client, club, black_lady_night())
    checked = clubs._same_figures

    def a_hand_meanwhile(*args: Any) -> None:
        checked(*args)
        with app.app_context():
            db.session.execute(db.update(TableSession).where(TableSession.id == table["id"])
                               .values(revision=TableSession.revision + 1))
            db.session.commit()

    monkeypatch.setattr(clubs, "_same_figures", a_hand_meanwhile)
    people = client.get(f"/api/clubs/{club['id']}", headers=auth(club)).get_json()["players"]
    ann = next(p for p in people if p["name"] == "Ann")
    refused = client.patch(f"/api/clubs/{club['id']}/players/{ann['id']}", json={"name": "Annie"}, headers=auth(club))
    assert refused.status_code == 409 and refused.get_json()["error"]["code"] == "busy"
    settled = client.get(f"/api/sessions/{table['id']}", query_string={"key": table["read_key"]}).get_json()
    assert "Ann" in settled["totals"]
    names = [p["name"] for p in client.get(f"/api/clubs/{club['id']}", headers=auth(club)).get_json()["players"]]
    assert "Ann" in names and "Annie" not in names


def test_a_nul_in_an_id_or_a_name_is_refused_with_a_sentence(client: FlaskClient) -> None:
    """On PostgreSQL a NUL is not even a valid string: it must never reach the database."""
    club = make_club(client)
    for path in ("/api/sessions/abc%00def", f"/api/clubs/{club['id']}%00", "/s/abc%00/def", "/vc/x%00y/z"):
        answer = client.get(path)
        assert answer.status_code == 404, path
    named = client.post("/api/clubs", json={"name": "Club\u0000", "players": ["Ann\u0007"]})
    assert named.status_code == 400 and "a club's name holds U+0000" in named.get_json()["error"]["message"]
    person = client.post(f"/api/clubs/{club['id']}/players", json={"name": "Zed\u0000"}, headers=auth(club))
    assert person.status_code == 400


# --- head to head and streaks ------------------------------------------------------------------------

def table(won: str = "", *, over: bool = True, seated: str = "ABC") -> dict[str, Any]:
    """A tally of a table: the players ``seated`` (a letter each), ``won`` the letters the settlement named winners
    (winners so far when not ``over``)."""
    return {"finished": over, "players": {p: {"won": over and p in won, "leading": not over and p in won}
                                          for p in seated}}


@pytest.mark.parametrize("tables, rivals", [
    ([], []),
    ([table("A")], [("B", 1, 1, 1, 0), ("C", 1, 1, 1, 0)]),
    ([table("B")], [("B", 1, 1, 0, 1), ("C", 1, 1, 0, 0)]),  # C did not win either: even with A
    ([table("AB")], [("B", 1, 1, 0, 0), ("C", 1, 1, 1, 0)]),  # joint winners are even
    ([table("A", over=False)], [("B", 1, 0, 0, 0), ("C", 1, 0, 0, 0)]),  # A leads, but nothing is decided
    ([table("B", seated="BC")], []),  # A not at the table
    ([table("A", seated="AB"), table("B", seated="ABC"), table("C", seated="AC"), table("A", over=False, seated="AC")],
     [("C", 3, 2, 0, 1), ("B", 2, 2, 1, 1)]),  # most tables together first; B's win is even between A and C
])
def test_head_to_head(tables: list[dict[str, Any]], rivals: list[tuple[str, int, int, int, int]]) -> None:
    from scorekeeper.web.clubs.stats import head_to_head

    got = head_to_head(tables, "A")
    assert [(r.name, r.together, r.finished, r.ahead, r.behind) for r in got] == rivals
    assert all(r.even == r.finished - r.ahead - r.behind >= 0 for r in got)


@pytest.mark.parametrize("tables, current, longest", [
    ([], 0, 0),
    ([table("A")], 1, 1),
    ([table("B")], 0, 0),
    ([table("A"), table("A"), table("B"), table("A")], 1, 2),
    ([table("A"), table("A"), table("A", over=False)], 2, 2),  # a table still going neither adds nor breaks
    ([table("A"), table("B", over=False), table("A")], 2, 2),
    ([table("A"), table("AB"), table("A")], 3, 3),  # a shared win is a win
    ([table("A"), table("B", seated="BC"), table("A")], 2, 2),  # a table without A does not break it
    ([table("A", over=False), table("A", over=False)], 0, 0),  # leading is not winning
])
def test_winning_streaks_count_finished_tables_only(tables: list[dict[str, Any]], current: int, longest: int) -> None:
    from scorekeeper.web.clubs.stats import streaks

    found = streaks(tables, "A")
    assert (found.current, found.longest) == (current, longest)
