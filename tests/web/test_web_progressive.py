"""A Progressive Hearts evening in the app, driven through its real forms with real CSRF tokens, on
SQLite and on PostgreSQL (``app`` of conftest): catalogue 3.13's two-table example, a three-table
evening, cuts, a refused count, a correction, the links, the migration and the printed tally.

The numbers are the catalogue's; where a random seating makes them the test's own, they are checked
against the engine's settlement of the same results (``engine.progressive``), never a copy of a rule.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import downgrade
from sqlalchemy import func, insert, inspect, select, update

from tests.support.apps import dispose, make_app
from scorekeeper.engine.hearts.progressive import play_evening, start_evening
from scorekeeper.engine.hearts.settlement.family import progressive_prizes
from scorekeeper.web import MIGRATIONS
from scorekeeper.web.extensions import db
from scorekeeper.web.evenings import services as evenings
from scorekeeper.web.models import Evening, EveningPlayer, EveningResult, now
from scorekeeper.web.serve import upgrade_database
from tests.support.pages import EVIL, Page, check_page, get, submit
from tests.support.paper import assert_paper, pdf_text
from tests.support.progressiveweb import G4, GENTLEMEN, LADIES, enter, entered, order, start

TABLES = {"evenings", "evening_players", "evening_results"}


# --- driving the pages -------------------------------------------------------------------------------


def seating(page: Page) -> dict[int, list[str]]:
    """The round's plan on the evening page: table number -> its players clockwise."""
    found = re.findall(r'id="table-(\d+)".*?<p class="seats">(.*?)</p>', page.html, re.S)
    return {int(t): [html.unescape(n) for n in seats.split(" · ")] for t, seats in found}


def stars(page: Page) -> dict[str, tuple[int, int, int]]:
    rows = re.findall(r'<tr data-player="([^"]*)"><td class="player">[^<]*</td><td class="gold">(\d+)</td>'
                      r'<td class="red">(\d+)</td><td class="green">(\d+)</td>', page.html)
    return {html.unescape(n): (int(g), int(r), int(e)) for n, g, r, e in rows}


def prizes(page: Page) -> list[tuple[str, str, str]]:
    found = re.findall(r'<li data-class="(\w+)" data-colour="(\w+)">(.*?)</li>', page.html)
    return [(k, c, html.unescape(note)) for k, c, note in found]


def counts(app: Flask) -> tuple[int, int, int, int]:
    with app.app_context():
        revision = db.session.scalar(select(func.coalesce(func.sum(Evening.revision), 0)))
        return (*(db.session.scalar(select(func.count()).select_from(m))
                  for m in (Evening, EveningPlayer, EveningResult)), int(revision or 0))  # type: ignore[return-value]


def play_catalogue_example(client: FlaskClient, edit: str, g4: str) -> Page:
    """Catalogue 3.13's two rounds, the booby table first in round 1; round 2's ladies' tie cut by L3."""
    entered(client, edit, 1, 2, {"L3": 0, "L4": 4, "G3": 1})  # G4's 8 is filled in
    entered(client, edit, 1, 1, {"L1": 3, "L2": 5, "G1": 2, "G2": 3})
    entered(client, edit, 2, 1, {"L1": 4, "L3": 4, "G1": 3, "G3": 2}, cuts=("L3",))
    return entered(client, edit, 2, 2, {"L2": 1, "L4": 6, "G2": 0, g4: 6})


# --- the start ----------------------------------------------------------------------------------------

def test_the_start_page_links_the_evening(client: FlaskClient) -> None:
    page = get(client, "/")
    assert 'href="/evenings/new"' in page.html
    page = get(client, "/evenings/new")
    assert 'id="evening-form"' in page.html and 'name="csrf_token"' in page.html


@pytest.mark.parametrize(("ladies", "gentlemen", "message"), [
    (LADIES, GENTLEMEN[:3], "4 ladies and 3 gentlemen do not make full tables"),
    (LADIES[:2], GENTLEMEN[:2], "an evening needs at least two tables"),
    (LADIES, ["G1", "G2", "G3", "L1"], "L1 is named twice"),
])
def test_the_start_refuses_tables_that_are_not_full(app: Flask, client: FlaskClient, ladies: list[str],
                                                    gentlemen: list[str], message: str) -> None:
    page = get(client, "/evenings/new")
    response = submit(client, page, "evening-form", {"ladies": "\n".join(ladies), "gentlemen": "\n".join(gentlemen)})
    refused = Page(response)
    assert refused.status == 200 and message in refused.refusal()
    assert "\n".join(ladies) in html.unescape(refused.html)  # the form stays as typed
    assert counts(app) == (0, 0, 0, 0)


# --- catalogue 3.13 -------------------------------------------------------------------------------------

def test_the_catalogue_example_through_the_pages(app: Flask, client: FlaskClient) -> None:
    edit, read = start(client, LADIES, GENTLEMEN, rounds="2")
    page = get(client, edit)
    assert seating(page) == {1: ["L1", "G1", "L2", "G2"], 2: ["L3", "G3", "L4", G4]}
    assert "Round 1 of 2: where to sit" in page.html
    page = entered(client, edit, 1, 2, {"L3": 0, "L4": 4, "G3": 1})
    assert seating(page) == {1: ["L1", "G1", "L2", "G2"], 2: ["L3", "G3", "L4", G4]}  # round 1 still on
    assert 'id="table-2" data-entered="1"' in page.html and 'id="table-1" data-entered="0"' in page.html
    assert f"{html.escape(G4)} took 8 hearts at table 2 (booby); green star" in page.html  # the fourth filled in
    page = entered(client, edit, 1, 1, {"L1": 3, "L2": 5, "G1": 2, "G2": 3})
    assert "Round 2 of 2: where to sit" in page.html
    assert seating(page) == {1: ["L1", "G1", "L3", "G3"], 2: ["L2", "G2", "L4", G4]}  # movers in the seats vacated
    assert stars(page)["L3"] == (0, 1, 0) and stars(page)[G4] == (0, 0, 1)

    refused = Page(enter(client, edit, 2, 1, {"L1": 4, "L3": 4, "G1": 3, "G3": 2}))
    assert refused.status == 200
    check_page(refused)
    assert refused.refusal() == ("table 1 (head): L1 and L3 both took 4 hearts: record who cut the lower card "
                                 "(ace low)")
    assert 'id="cut" open' in refused.html and 'value="4"' in refused.html  # the form as typed, the cut open
    page = entered(client, edit, 2, 1, {"L1": 4, "L3": 4, "G1": 3, "G3": 2}, cuts=("L3",))
    page = entered(client, edit, 2, 2, {"L2": 1, "L4": 6, "G2": 0, G4: 6})

    assert "The evening is over" in page.html
    assert stars(page) == {"L1": (1, 0, 0), "L2": (0, 1, 0), "L3": (1, 1, 0), "L4": (0, 0, 2),
                           "G1": (1, 0, 0), "G2": (0, 1, 0), "G3": (1, 1, 0), G4: (0, 0, 2)}
    assert [(k, c, note.split(" wins")[0]) for k, c, note in prizes(page)] == [
        ("ladies", "gold", "L3"), ("ladies", "red", "L2"), ("ladies", "green", "L4"),
        ("gentlemen", "gold", "G3"), ("gentlemen", "red", "G2"), ("gentlemen", "green", G4)]
    assert prizes(page)[0][2] == ("L3 wins the ladies' gold prize: most gold stars (1), ahead of L1 on more red "
                                  "stars (1 to 0)")
    assert "L3 already holds a prize" in prizes(page)[1][2]
    assert get(client, read).html.count("wins the") == 6  # the read-only link shows the same
    assert counts(app)[:3] == (1, 8, 4)


def test_a_three_table_evening_with_a_drawn_seating(app: Flask, client: FlaskClient) -> None:
    ladies = [f"Lady {i}" for i in range(1, 7)]
    gentlemen = [f"Gent {i}" for i in range(1, 7)]
    edit, read = start(client, ladies, gentlemen, seating="drawn")
    records: list[list[dict[str, Any]]] = []
    for round_no in (1, 2, 3):
        page = get(client, edit)
        plan = seating(page)
        assert sorted(n for seats in plan.values() for n in seats) == sorted(ladies + gentlemen)
        assert all([n.startswith("Lady") for n in seats] == [True, False, True, False] for seats in plan.values())
        this_round = []
        for table_no in (3, 1, 2):  # any order
            form = get(client, f"{edit}/round/{round_no}/table/{table_no}")
            players = order(form)
            counts_ = (table_no, 4 + round_no, 1, 8 - table_no - round_no)  # 13, no tie
            hearts = dict(zip(players, counts_ if (table_no + round_no) % 2 else counts_[::-1]))
            entered(client, edit, round_no, table_no, hearts)
            this_round.append((table_no, {"hearts": hearts}))
        records.append([r for _, r in sorted(this_round, key=lambda x: x[0])])
    with app.app_context():
        evening = db.session.scalars(select(Evening)).one()
        assert evening.seating == "drawn" and evening.rounds is None
        first = sorted(evening.players, key=lambda p: (p.kind != "lady", p.seat_order))
        start_state = start_evening([p.name for p in first[:6]], [p.name for p in first[6:]])
    after = play_evening(start_state, records)[-1].after
    page = get(client, edit)
    assert stars(page) == {n: (after.gold[p], after.red[p], after.green[p]) for p, n in enumerate(after.players)}
    assert sum(g for g, _, _ in stars(page).values()) == 6 and sum(r for _, r, _ in stars(page).values()) == 12
    assert "Round 4: where to sit" in page.html  # open-ended: the host ends it

    response = submit(client, page, "end-form")
    page = get(client, response.headers["Location"])
    assert "The evening is over" in page.html and "3 rounds played." in page.html
    cuts = []
    while 'id="prize-cut-form"' in page.html:  # the drawn seating may leave a prize tie: the first named wins the cut
        winner = html.unescape(page.form("prize-cut-form")[1].get("winner") or
                               re.findall(r'name="winner"[^>]*value="([^"]*)"', page.html)[0])
        cuts.append(after.players.index(winner))
        page = get(client, submit(client, page, "prize-cut-form", {"winner": winner}).headers["Location"])
    expected = [p for p in progressive_prizes(after, cuts) if p.player is not None]
    assert [note for _, _, note in prizes(page)] == [p.note for p in expected]
    assert "Round 4" not in get(client, read).html


# --- refusals, cuts, corrections ------------------------------------------------------------------------

def test_an_impossible_count_is_refused_and_nothing_is_stored(app: Flask, client: FlaskClient) -> None:
    edit, _ = start(client, LADIES, GENTLEMEN)
    before = counts(app)
    refused = Page(enter(client, edit, 1, 1, {"L1": 3, "L2": 5, "G1": 2, "G2": 4}))
    assert refused.status == 200
    assert refused.refusal() == "table 1 (head): hearts L1 3, L2 5, G1 2, G2 4 add up to 14, not 13"
    assert [v for v in re.findall(r'name="hearts-\d"[^>]*?value="([^"]*)"', refused.html)] == ["3", "5", "2", "4"]
    too_many = Page(enter(client, edit, 1, 1, {"L1": 9, "L2": 5, "G1": 2}))
    assert "already add up to 16, more than 13" in too_many.refusal()
    not_a_number = Page(enter(client, edit, 1, 1, {"L1": "three", "L2": 5, "G1": 2}))
    assert not_a_number.refusal() == "Please check the fields marked below." and 'value="three"' in not_a_number.html
    assert counts(app) == before
    assert 'data-entered="1"' not in get(client, edit).html


def test_a_tie_cut_by_the_cards_ace_low(app: Flask, client: FlaskClient) -> None:
    edit, _ = start(client, LADIES, GENTLEMEN)
    same = Page(enter(client, edit, 1, 1, {"L1": 4, "L2": 4, "G1": 2}, cards={"L1": "7H", "L2": "7S"}))
    assert same.refusal() == "table 1 (head): L1 cut 7♥ and L2 cut 7♠, the same rank: cut again"
    page = entered(client, edit, 1, 1, {"L1": 4, "L2": 4, "G1": 2}, cards={"L1": "KD", "L2": "as"})
    assert "L2 took 4 hearts at table 1 (head), tied with L1 and cut the lower card; gold star" in page.html
    form = get(client, f"{edit}/round/1/table/1")
    assert 'id="cut" open' in form.html and 'value="AS"' in form.html and 'value="KD"' in form.html
    with app.app_context():
        row = db.session.scalars(select(EveningResult)).one()
        assert row.record == {"hearts": {"L1": 4, "L2": 4, "G1": 2, "G2": 3}, "cuts": ["L2"],
                              "cut_cards": {"L1": "KD", "L2": "AS"}}


def test_a_revoke_scores_13_at_its_table(client: FlaskClient) -> None:
    edit, _ = start(client, LADIES, GENTLEMEN)
    page = entered(client, edit, 1, 2, {}, revoke="L4", cuts=("G3",))
    assert ("L4 revoked: scored as taking all 13 hearts at the table (4.1); took 13 hearts at table 2 (booby); "
            "green star") in page.html
    assert f"G3 took 0 hearts at table 2 (booby), tied with {html.escape(G4)} and cut the lower card; red star" in page.html


def test_a_correction_recomputes_the_movement_until_the_next_round_has_a_result(app: Flask,
                                                                                client: FlaskClient) -> None:
    edit, read = start(client, LADIES, GENTLEMEN)
    entered(client, edit, 1, 1, {"L1": 3, "L2": 5, "G1": 2, "G2": 3})
    page = entered(client, edit, 1, 2, {"L3": 0, "L4": 4, "G3": 1})
    assert seating(page)[2] == ["L2", "G2", "L4", G4]
    assert f'id="correct-1-1"' in page.html
    page = entered(client, edit, 1, 1, {"L1": 5, "L2": 3, "G1": 2, "G2": 3})  # the ladies the other way round
    assert seating(page) == {1: ["L3", "G1", "L2", "G3"], 2: ["L1", "G2", "L4", G4]}  # L3 in the seat L1 left
    assert stars(page)["L2"] == (1, 0, 0) and stars(page)["L1"] == (0, 0, 0)
    form = get(client, f"{edit}/round/1/table/1")
    history = re.findall(r'<li data-version="(\d)">.*?<strong>(.*?)</strong>', form.html, re.S)
    assert history == [("1", "entered"), ("2", "corrected: hearts L1 3 → 5; hearts L2 5 → 3")]
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(EveningResult)) == 3  # every version kept

    entered(client, edit, 2, 2, {"L1": 1, "L4": 6, "G2": 0})
    closed = get(client, f"{edit}/round/1/table/1")
    assert 'id="closed"' in closed.html and 'id="result-form"' not in closed.html
    before = counts(app)
    late = Page(submit(client, form, "result-form", {"hearts-0": "3", "hearts-1": "5", "version": "2"}))
    assert late.refusal() == ("round 2 has results already: the movement after round 1 stands, and its results "
                              "can no longer be corrected")
    assert counts(app) == before
    assert 'id="correct-1-1"' not in get(client, edit).html


def test_two_phones_on_one_table(app: Flask, client: FlaskClient) -> None:
    edit, _ = start(client, LADIES, GENTLEMEN)
    first = get(client, f"{edit}/round/1/table/1")
    second = get(client, f"{edit}/round/1/table/1")
    typed = {"hearts-0": "3", "hearts-1": "5", "hearts-2": "2", "hearts-3": "3"}
    assert submit(client, first, "result-form", typed).status_code == 302
    assert submit(client, second, "result-form", typed).status_code == 302  # the same result twice: stored once
    assert counts(app)[2] == 1
    other = Page(submit(client, second, "result-form", {**typed, "hearts-0": "4", "hearts-1": "4"}))
    assert "was saved on another phone a moment ago" in other.refusal()
    assert counts(app)[2] == 1


def test_two_tables_saved_at_the_same_moment_are_both_kept(app: Flask, client: FlaskClient,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    edit, _ = start(client, LADIES, GENTLEMEN)
    eid = edit.split("/")[2]
    first_check = evenings.load

    def another_phone_writes_meanwhile(evening: Evening, *args: Any, **kwargs: Any) -> Any:
        view = first_check(evening, *args, **kwargs)
        monkeypatch.setattr(evenings, "load", first_check)
        with db.engine.begin() as other:  # table 1 stored by another phone between this check and its commit
            other.execute(insert(EveningResult).values(
                evening_id=eid, round_no=1, table_no=1, version=1, change="entered", created_at=now(),
                record={"hearts": {"L1": 3, "L2": 5, "G1": 2, "G2": 3}}))
            other.execute(update(Evening).where(Evening.id == eid).values(revision=Evening.revision + 1))
        return view

    with app.app_context():
        monkeypatch.setattr(evenings, "load", another_phone_writes_meanwhile)
        evenings.record_table(evenings.get_evening(eid), 1, 2, {"hearts": {"L3": 0, "L4": 4, "G3": 1}}, 0)
    page = get(client, edit)  # checked again against table 1 and stored: round 1 is complete
    assert "Round 2: where to sit" in page.html and counts(app)[2:] == (2, 2)


def test_ending_an_open_evening(app: Flask, client: FlaskClient) -> None:
    edit, _ = start(client, LADIES, GENTLEMEN)
    assert 'id="end-form"' not in get(client, edit).html  # no round complete yet
    entered(client, edit, 1, 1, {"L1": 3, "L2": 5, "G1": 2, "G2": 3})
    page = entered(client, edit, 1, 2, {"L3": 0, "L4": 4, "G3": 1})
    entered(client, edit, 2, 1, {"L1": 4, "L3": 4, "G1": 3, "G3": 2}, cuts=("L3",))
    page = get(client, edit)
    assert 'id="end-form"' not in page.html  # round 2 is under way
    page = entered(client, edit, 2, 2, {"L2": 1, "L4": 6, "G2": 0})
    response = submit(client, page, "end-form")
    page = get(client, response.headers["Location"])
    assert "2 rounds played." in page.html and len(prizes(page)) == 6
    assert Page(client.get(f"{edit}/round/3/table/1")).status == 404


def test_a_prize_tie_asks_for_the_cut(app: Flask, client: FlaskClient) -> None:
    edit, read = start(client, LADIES, GENTLEMEN, rounds="2")
    entered(client, edit, 1, 2, {"L3": 0, "L4": 4, "G3": 1})
    entered(client, edit, 1, 1, {"L1": 3, "L2": 5, "G1": 2, "G2": 3})
    entered(client, edit, 2, 1, {"L1": 3, "L3": 5, "G1": 2, "G3": 3})  # L1 and G1 win again
    page = entered(client, edit, 2, 2, {"L2": 1, "L4": 6, "G2": 0})
    assert html.unescape(page.text("prize-tie")) == ("the ladies' red prize: L2 and L3 are still tied (1 red, 0 gold): "
                                      "record who won the cut")
    assert prizes(page) == [] and 'prize-cut-form' not in get(client, read).html
    page = get(client, submit(client, page, "prize-cut-form", {"winner": "L3"}).headers["Location"])
    assert "the gentlemen's red prize: G2 and G3 are still tied" in html.unescape(page.text("prize-tie"))
    wrong = submit(client, page, "prize-cut-form", {"winner": "L2"})
    assert "L2 is not in this tie (G2 and G3 are)" in get(client, wrong.headers["Location"]).html
    page = get(client, submit(client, page, "prize-cut-form", {"winner": "G2"}).headers["Location"])
    assert [note.split(" wins")[0] for _, _, note in prizes(page)] == ["L1", "L3", "L4", "G1", "G2", G4]
    assert "won the cut against L2" in prizes(page)[1][2]
    page = entered(client, edit, 2, 2, {"L2": 2, "L4": 5, "G2": 0})  # the last round corrected after the end
    assert "the ladies' red prize: L2 and L3 are still tied" in html.unescape(page.text("prize-tie"))  # asked again
    with app.app_context():
        assert db.session.scalars(select(Evening)).one().prize_cuts == []


# --- the links, CSRF -----------------------------------------------------------------------------------

def test_the_read_only_link_cannot_write(app: Flask, client: FlaskClient) -> None:
    edit, read = start(client, LADIES, GENTLEMEN)
    eid, token = edit.split("/")[2:]
    key = read.split("/")[3]
    page = get(client, read)
    assert "<form" not in page.html.split('id="share"')[0] and 'id="enter-1"' not in page.html
    assert 'id="edit-link"' not in page.html and token not in page.html
    assert client.get(f"/ve/{eid}/{key}/round/1/table/1").status_code == 404  # no such route
    form = get(client, f"{edit}/round/1/table/1")
    action, data = form.form("result-form")
    data.update({"hearts-0": "3", "hearts-1": "5", "hearts-2": "2"})
    assert client.post(action.replace(token, key), data=data).status_code == 403
    assert client.post(f"/e/{eid}/{key}/end", data=data).status_code == 403
    assert client.post(f"/e/{eid}/{key}/prize-cut", data=data).status_code == 403
    assert client.post(f"/ve/{eid}/{key}/end", data=data).status_code in (404, 405)
    assert client.get(f"/e/{eid}/wrong-token").status_code == 403
    assert client.get(f"/ve/{eid}/wrong-key").status_code == 403
    assert client.get(f"/ve/no-such-evening/{key}").status_code == 404
    assert client.get(f"/ve/{eid}/{key}/revision").get_json() == {"revision": 0}
    assert counts(app)[2] == 0


def test_every_write_needs_its_csrf_token(app: Flask, client: FlaskClient) -> None:
    page = get(client, "/evenings/new")
    _, data = page.form("evening-form")
    data.pop("csrf_token")
    data.update({"ladies": "\n".join(LADIES), "gentlemen": "\n".join(GENTLEMEN)})
    assert client.post("/evenings/new", data=data).status_code == 400
    edit, _ = start(client, LADIES, GENTLEMEN)
    form = get(client, f"{edit}/round/1/table/1")
    action, data = form.form("result-form")
    data.update({"hearts-0": "3", "hearts-1": "5", "hearts-2": "2", "csrf_token": "forged"})
    refused = Page(client.post(action, data=data))
    assert refused.status == 400 and "send it again" in refused.html
    assert counts(app)[1:] == (8, 0, 0)


def test_the_pages_are_small_and_escaped(client: FlaskClient) -> None:
    ladies = [f"{EVIL} {i}" for i in range(10)]
    gentlemen = [f"Gentleman with a long name {i}" for i in range(10)]
    edit, read = start(client, ladies, gentlemen, rounds="8")
    sizes = []
    for round_no in range(1, 5):
        for table_no in range(1, 6):
            form = get(client, f"{edit}/round/{round_no}/table/{table_no}")
            entered(client, edit, round_no, table_no, dict(zip(order(form), (1, 2, 3))))
        sizes.append(len(get(client, edit).response.data))
    assert sizes[-1] - sizes[1] < 300  # only the last round is on the page: it does not grow with the evening
    page = get(client, edit)
    assert 'id="round-4"' in page.html and 'data-round="3"' not in page.html
    earlier = get(client, f"{read}/round/3")
    shown = re.sub(r'<script type="application/json" id="words">.*?</script>', "", earlier.html, flags=re.S)
    assert earlier.html.count('class="table-line" data-round="3"') == 5 and "correct" not in shown  # no correction
    assert f'href="{read}/round/1"' in get(client, read).html
    assert client.get(f"{read}/round/5").status_code == 404
    for url in (edit, read, f"{edit}/round/4/table/5", f"{edit}/round/2", f"{edit}/live", f"{read}/live"):
        get(client, url)  # < 30 KB, nothing from another host, every name escaped (check_page)


# --- storage -----------------------------------------------------------------------------------------

@pytest.fixture
def bare_app(database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    app = make_app(database_url, tmp_path / "instance", monkeypatch, migrate=False)
    yield app
    dispose(app)


def test_the_migration_upgrades_a_fresh_database_and_back(bare_app: Flask) -> None:
    upgrade_database(bare_app)
    with bare_app.app_context(), db.engine.connect() as connection:
        inspector = inspect(connection)
        assert TABLES <= set(inspector.get_table_names())
        assert {fk["name"] for fk in inspector.get_foreign_keys("evening_results")} == {
            "fk_evening_results_evening_id_evenings"}
        assert {uq["name"] for uq in inspector.get_unique_constraints("evening_players")} == {
            "uq_evening_players_evening_id_name", "uq_evening_players_evening_id_kind_seat_order"}
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, db.metadata) == []  # the models and the migrations agree
    client = bare_app.test_client()
    start(client, LADIES, GENTLEMEN)
    with bare_app.app_context():
        downgrade(directory=str(MIGRATIONS), revision="58e604259314")
        assert not TABLES & set(inspect(db.engine).get_table_names())
        db.session.remove()
    upgrade_database(bare_app)
    with bare_app.app_context():
        assert TABLES <= set(inspect(db.engine).get_table_names())


# --- the printed tally ---------------------------------------------------------------------------------

def test_the_tally_sheet_reads_back(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    edit, read = start(client, LADIES, ["G1", "G2", "G3", "G4"], rounds="2")
    play_catalogue_example(client, edit, "G4")
    eid, token = edit.split("/")[2:]
    key = read.split("/")[3]
    response = client.get(f"/evenings/{eid}/sheet.pdf", query_string={"key": key})
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert_paper(response.data, "a4")
    text = pdf_text(response.data)
    assert "Progressive Hearts" in text and "evening tally" in text and "2 rounds played of 2" in text
    words = " ".join(text.split())
    # round, table, then each player with where he goes, his hearts; the stars won under the hearts
    assert ("1 2 L3 up to table 1 (head) 0 L4 stays 4 G3 up to table 1 (head) 1 G4 stays 8 red green red green"
            in words)
    assert "2 1 L1 to table 2 (booby) 4 L3 stays 4 G1 to table 2 (booby) 3 G3 stays 2 gold gold" in words
    assert re.search(r"L3 \(lady\)\s+1\s+1\s+0", text) and re.search(r"G4 \(gentleman\)\s+0\s+0\s+2", text)
    assert "L3 wins the ladies' gold prize: most gold stars (1), ahead of L1 on more red stars (1 to 0)" in text
    assert "G4 wins the gentlemen's green prize" in text
    assert "L3 took 4 hearts at table 1 (head), tied with L1 and cut the lower card" in words
    assert client.get(f"/evenings/{eid}/sheet.pdf", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    assert client.get(f"/evenings/{eid}/sheet.pdf").status_code == 403
    assert client.get(f"/evenings/{eid}/sheet.pdf", query_string={"key": "wrong"}).status_code == 403
    assert client.get("/evenings/nothing/sheet.pdf", query_string={"key": key}).status_code == 404
    letter = client.get(f"/evenings/{eid}/sheet.pdf", query_string={"key": key, "paper": "letter"})
    assert_paper(letter.data, "letter")
    assert client.get(f"/evenings/{eid}/sheet.pdf", query_string={"key": key, "paper": "a3"}).status_code == 400
    assert f'href="/evenings/{eid}/sheet.pdf?key={key}"' in get(client, read).html


def test_a_blank_tally_for_pen_and_paper(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    response = client.get("/evenings/blank.pdf", query_string={"tables": "3", "rounds": "4"})
    assert response.status_code == 200
    text = pdf_text(response.data)
    assert "blank tally" in text and "3 tables, 6 ladies and 6 gentlemen" in text
    rows = [line.split() for line in text.splitlines() if re.fullmatch(r"\s*\d+\s+\d+\s*", line)]
    assert [(int(r), int(t)) for r, t in rows] == [(r, t) for r in range(1, 5) for t in range(1, 4)]
    assert "Ladies' gold prize:" in text and "Gentlemen's green prize:" in text
    assert client.get("/evenings/blank.pdf", query_string={"tables": "1"}).status_code == 400
