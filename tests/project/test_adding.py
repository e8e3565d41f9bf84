"""Adding a game, a settlement and a family, through exactly the steps docs/adding-a-game.md and
docs/adding-a-settlement.md give, and nothing else.

The toys are the docs' own examples, and the test runs the docs' code blocks as they are written:
Jack Hearts, Black Lady with the jack of clubs worth 5 (one ``hearts_game`` call), settled by
``heaviest-pays`` (one ``Method`` class). Once both are registered, the command line replays and
settles its records, the API stores its tables, the start page offers it, the result form asks who
took the new card, and the printed sheet has a column for it and says how it settles: no other
module learns about it. High Card, a family of its own (a package and one registry line), is
played by the command line and the API, and the phone and the sheets say they do not have it yet.
"""

from __future__ import annotations

import json
import re
import sys
import textwrap
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.cli import main
from scorekeeper.engine.cards import card
from scorekeeper.engine.errors import RecordSyntaxError, UnknownGame
from scorekeeper.engine.family import FAMILIES, PackageFamily, register, unregister
from scorekeeper.engine.games import GAMES
from scorekeeper.engine.games.hearts import BLACK_LADY, QS, hearts_game
from scorekeeper.engine.replay import HandOutcome
from scorekeeper.engine.settlement.methods import METHODS, Method, method
from scorekeeper.sheets import blank_sheet, filled_sheet, playable_games, sheet_html
from tests.support.pages import get, record_result, start_table

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
JC = card("JC")


DOCS = Path(__file__).resolve().parents[2] / "docs"


def doc_code(page: str) -> list[str]:
    """The Python blocks of a page of the docs, in order: the steps the test runs as they are written."""
    return re.findall(r"```python\n(.*?)```", (DOCS / page).read_text(encoding="utf-8"), re.S)


def register_the_toys() -> None:
    """The docs' own steps, run as written: the settlement's class, then the game's ``hearts_game`` call."""
    names = {"method": method, "Method": Method, "HandOutcome": HandOutcome, "hearts_game": hearts_game,
             "BLACK_LADY": BLACK_LADY, "QS": QS, "JC": JC}
    exec(textwrap.dedent(doc_code("adding-a-settlement.md")[0]), names)  # noqa: S102 - the project's own docs
    exec(textwrap.dedent(doc_code("adding-a-game.md")[0]), names)  # noqa: S102


@pytest.fixture(autouse=True)
def toys() -> Iterator[None]:
    register_the_toys()
    yield
    GAMES.pop("jack-hearts")
    METHODS.pop("heaviest-pays")


def taken(counts: Sequence[int], qs: str, jc: str) -> dict[str, dict[str, int]]:
    return {name: {"hearts": n, "QS": int(name == qs), "JC": int(name == jc)} for name, n in zip(PLAYERS, counts)}


def session(*hands: dict[str, dict[str, int]]) -> dict[str, object]:
    return {"game": "jack-hearts", "players": PLAYERS, "first_dealer": "Dan", "hands": [{"taken": t} for t in hands]}


def run(capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, value: object) -> dict[str, object]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(value), encoding="utf-8")
    status = main([command, str(path)])
    out = capsys.readouterr().out
    assert status == 0, out
    answer: dict[str, object] = json.loads(out)
    return answer


def test_the_command_line_replays_and_settles_the_new_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    hand = {"game": "jack-hearts", "players": PLAYERS, "dealer": "Dan", "taken": taken([4, 3, 6, 0], qs="Bob", jc="Dan")}
    assert run(capsys, tmp_path, "replay", hand)["points"] == {"Ann": 4, "Bob": 16, "Cat": 6, "Dan": 5}
    settled = run(capsys, tmp_path, "settle", session(taken([4, 3, 6, 0], qs="Bob", jc="Dan"),
                                                      taken([0, 13, 0, 0], qs="Ann", jc="Cat")))
    assert settled["settlement"] == "heaviest-pays"
    # Hand 1: Bob (16) pays each other player a chip. Hand 2: Ann (QS, 13) and Bob (13 hearts) tie: each pays Cat and Dan.
    assert settled["balance"] == {"Ann": 1 - 2, "Bob": -3 - 2, "Cat": 1 + 2, "Dan": 1 + 2}
    notes = settled["hands"][0]["notes"]  # type: ignore[index]
    assert notes["Bob"] == "Bob took 16 penalty points: pays 3; net -3"  # the net is the settlement's own


def test_the_app_and_the_sheets_know_the_new_game(client: FlaskClient) -> None:
    start = get(client, "/")
    assert '<option value="jack-hearts"' in start.html and "heaviest-pays (the game&#39;s own)" in get(
        client, "/?game=jack-hearts").html
    edit, _ = start_table(client, game="jack-hearts")
    form = get(client, edit + "/result")
    assert 'name="take_JC"' in form.html  # the result form asks who took the new card
    response = record_result(client, edit, [4, 3, 6, 0], qs=1, extra={"take_JC": "3"})
    assert response.status_code == 302
    sheet = get(client, edit)
    assert "Jack Hearts" in sheet.html and "pays 3" in client.get(edit + "/notes").get_data(as_text=True)

    blank = sheet_html(blank_sheet("jack-hearts", 4))
    assert "J\u2663" in blank and "whoever took the most penalty points pays every other player a chip" in blank
    filled = filled_sheet(session(taken([4, 3, 6, 0], qs="Bob", jc="Dan")))
    assert filled.settlement is not None and dict(filled.settlement.chips)["Bob"] == "\u22123"


# --- a new family: a folder of the engine and one registry line (docs/adding-a-game.md#a-new-family) ---

def high_card_package() -> ModuleType:
    """A toy family's engine folder, built in memory: High Card, where each player shows a card and the
    highest takes a chip from every other player. What ``PackageFamily`` reads from a family's package."""
    package = ModuleType("scorekeeper.engine.highcard")
    package.rules = SimpleNamespace(MIN_PLAYERS=2, MAX_PLAYERS=6)  # type: ignore[attr-defined]
    package.OPTION_SPECS = ()  # type: ignore[attr-defined]
    package.HIGHCARD_METHODS = {"highest-takes": SimpleNamespace(option_specs=())}  # type: ignore[attr-defined]
    package.make_rules = lambda game, options=None: SimpleNamespace(options=dict)  # type: ignore[attr-defined]

    def replay_json(value: Mapping[str, Any]) -> dict[str, Any]:
        shown = value.get("shown")
        if not isinstance(shown, dict) or not shown:
            raise RecordSyntaxError("a High Card hand says the card each player showed")
        best = max(shown, key=lambda name: int(card(shown[name]).rank))
        payments = {name: (len(shown) - 1 if name == best else -1) for name in shown}
        return {"ok": True, "winner": best, "payments": payments}

    def settle_json(value: Mapping[str, Any]) -> dict[str, Any]:
        hands = [replay_json(h) for h in value.get("hands") or [] if h.get("counts", True)]
        balance = {name: sum(h["payments"][name] for h in hands) for name in value["players"]}
        return {"ok": True, "settlement": "highest-takes", "hands": hands, "balance": balance}

    package.replay_json, package.settle_json = replay_json, settle_json  # type: ignore[attr-defined]
    return package


@pytest.fixture
def high_card(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(sys.modules, "scorekeeper.engine.highcard", high_card_package())  # the folder
    before = list(FAMILIES)
    exec(textwrap.dedent(doc_code("adding-a-game.md")[1]), {"register": register, "PackageFamily": PackageFamily})  # noqa: S102
    (family,) = [f for f in FAMILIES if f not in before]  # the one registry line
    yield
    unregister(family)


@pytest.mark.usefixtures("high_card")
def test_a_new_family_is_played_by_the_command_line_and_the_api(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                                client: FlaskClient) -> None:
    hand = {"game": "high-card", "shown": {"Ann": "QS", "Bob": "AH", "Cat": "2C"}}
    assert run(capsys, tmp_path, "replay", hand)["winner"] == "Bob"
    table = {"game": " High-Card ", "players": ["Ann", "Bob", "Cat"], "first_dealer": "Ann", "hands": [hand]}
    assert run(capsys, tmp_path, "settle", table)["balance"] == {"Ann": -1, "Bob": 2, "Cat": -1}

    created = client.post("/api/sessions", json=table)
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    auth = {"Authorization": f"Bearer {body['token']}"}
    added = client.post(f"/api/sessions/{body['id']}/hands", json={"shown": {"Ann": "KS", "Bob": "3D", "Cat": "4D"}},
                        headers=auth)
    assert added.status_code == 201, added.get_json()
    settled = client.get(f"/api/sessions/{body['id']}", headers=auth).get_json()
    assert settled["balance"] == {"Ann": 1, "Bob": 1, "Cat": -2}

    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand), encoding="utf-8")
    assert main(["notation", str(path)]) == 2  # no notation module in the folder: said, not a traceback
    refused = json.loads(capsys.readouterr().out)["error"]
    assert refused == {**refused, "code": "syntax", "message": "High Card has no text notation yet: write the record as JSON"}

    assert '<option value="high-card"' not in get(client, "/").html  # no phone pages yet: not offered
    page = client.get(f"/s/{body['id']}/{body['token']}")
    assert page.status_code == 404 and b"has no pages on the phone yet" in page.data
    assert "high-card" not in {g.id for g in playable_games()}
    with pytest.raises(UnknownGame, match="has no printed sheet yet"):
        blank_sheet("high-card", 3)
