"""Adding a game, a settlement and a family, through exactly the steps docs/adding-a-game.md and
docs/adding-a-settlement.md give, and nothing else.

The toys are the docs' own examples, and the test runs the docs' code blocks as they are written:
Jack Hearts, Black Lady with the jack of clubs worth 5 (one ``hearts_game`` call), settled by
``heaviest-pays`` (one ``Method`` class). Once both are registered, the command line replays and
settles its records, the API stores its tables, the start page offers it, the result form asks who
took the new card, and the printed sheet has a column for it and says how it settles: no other
module learns about it. High Card, a family of its own (a package and one registry line), is
played by the command line and the API, and the phone and the sheets say they do not have it yet.
Done as file edits on a copy of the package, the game's steps touch at most three files and move no
other game's golden output.
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
from scorekeeper.engine.family import Family, Listed, families, family_of, register, unregister
from scorekeeper.engine.package_family import PackageFamily
from scorekeeper.engine.hearts.games import GAMES
from scorekeeper.engine.hearts.games.hearts import BLACK_LADY, QS, hearts_game
from scorekeeper.engine.hearts.replay import HandOutcome
from scorekeeper.engine.hearts.settlement.methods import METHODS, Method, method
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

def high_card_package() -> dict[str, ModuleType]:
    """A toy family's engine folder, built in memory: High Card, where each player shows a card and the
    highest takes a chip from every other player. Its package, and the modules its class reads."""
    package = ModuleType("scorekeeper.engine.highcard")
    package.__path__ = []  # a package: its modules are found in sys.modules
    rules = ModuleType("scorekeeper.engine.highcard.rules")
    rules.MIN_PLAYERS, rules.MAX_PLAYERS = 2, 6  # type: ignore[attr-defined]
    rules.OPTION_SPECS = ()  # type: ignore[attr-defined]
    rules.make_rules = lambda game, options=None: SimpleNamespace(options=dict)  # type: ignore[attr-defined]
    settlement = ModuleType("scorekeeper.engine.highcard.settlement")
    settlement.HIGHCARD_METHODS = {"highest-takes": SimpleNamespace(option_specs=())}  # type: ignore[attr-defined]

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

    settlement.replay_json, settlement.settle_json = replay_json, settle_json  # type: ignore[attr-defined]
    package.rules, package.settlement = rules, settlement  # type: ignore[attr-defined]
    return {module.__name__: module for module in (package, rules, settlement)}


@pytest.fixture
def high_card(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name, module in high_card_package().items():  # the folder
        monkeypatch.setitem(sys.modules, name, module)
    family_module = ModuleType("scorekeeper.engine.highcard.family")  # its class, as the docs write it
    exec(textwrap.dedent(doc_code("adding-a-game.md")[1]), family_module.__dict__)  # noqa: S102
    monkeypatch.setitem(sys.modules, family_module.__name__, family_module)
    assert isinstance(family_module.HighCardFamily(), PackageFamily)
    before = families()
    registry = {"__package__": "scorekeeper.engine", "register": register, "Listed": Listed, "Family": Family}
    exec(textwrap.dedent(doc_code("adding-a-game.md")[2]), registry)  # noqa: S102 - the registry entry
    (family,) = [f for f in families() if f not in before]
    assert family.id == "highcard" and family_of("high-card") is family
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


# --- the steps as file edits: how many files a new game touches, and that no other game moves ---

ROOT = DOCS.parent
TOUCHED_AT_MOST = 3  # the game's call, the settlement's class, and the game's rules in docs/rules/


def docs_files() -> dict[str, str]:
    """The files adding-a-game.md says each step is written in: the game's call, the settlement's class."""
    page = (DOCS / "adding-a-game.md").read_text(encoding="utf-8")
    game = re.search(r"one call in `(scorekeeper/[^`]+\.py)`", page)
    settlement = re.search(r"one class in\s+`(scorekeeper/[^`]+\.py)`", page)
    assert game and settlement, "adding-a-game.md names the file of each step"
    return {"settlement": settlement.group(1), "game": game.group(1)}


CHANGED_OUTPUTS = """
import sys
from pathlib import Path
copy, root, golden = sys.argv[1:4]
sys.path[:0] = [copy, root]
import scorekeeper
assert scorekeeper.__file__.startswith(copy), scorekeeper.__file__
from tests.cli import test_outputs_unchanged as outputs
outputs.GOLDEN, outputs.WRITE = Path(golden), True
outputs.GAMES_GOLDEN = outputs.GOLDEN / "games"
for example in outputs.EXAMPLES:
    outputs.test_every_example_prints_the_same(example)
for game in outputs.ARCHIVED:  # the copy's games: the new one among them
    outputs.test_an_archive_of_each_game_prints_the_same(game)
from scorekeeper.engine.family import family_of
hand = {"game": "jack-hearts", "players": ["Ann", "Bob", "Cat", "Dan"], "dealer": "Dan",
        "taken": {"Ann": {"hearts": 4}, "Bob": {"hearts": 3, "QS": 1}, "Cat": {"hearts": 6}, "Dan": {"JC": 1}}}
print(family_of("jack-hearts").replay_json(hand)["points"])
"""


def test_the_steps_touch_three_files_at_most_and_move_no_other_game(tmp_path: Path) -> None:
    """adding-a-game.md's steps done as a person does them, on a copy of the package: each code block
    appended to the file the page names for it. The copy then plays the new game, at most three files
    changed, and every other game prints the bytes of its golden files: the examples unchanged, the
    archives of the other games untouched, the new game with an archive of its own (docs/adding-a-game.md)."""
    import shutil
    import subprocess

    copy = tmp_path / "copy"
    shutil.copytree(ROOT / "scorekeeper", copy / "scorekeeper",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "_bundled"))
    blocks = {"settlement": doc_code("adding-a-settlement.md")[0], "game": doc_code("adding-a-game.md")[0]}
    for step, path in docs_files().items():
        with (copy / path).open("a", encoding="utf-8") as file:
            file.write("\n\n" + textwrap.dedent(blocks[step]))
    changed = [str(p.relative_to(copy)) for p in (copy / "scorekeeper").rglob("*.py")
               if p.read_bytes() != (ROOT / p.relative_to(copy)).read_bytes()]
    assert sorted(changed) == sorted(docs_files().values())
    assert len(changed) + 1 <= TOUCHED_AT_MOST  # and the game's section of docs/rules/hearts.md

    golden = tmp_path / "golden"
    shutil.copytree(ROOT / "tests" / "golden" / "outputs", golden)
    done = subprocess.run([sys.executable, "-c", CHANGED_OUTPUTS, str(copy), str(ROOT), str(golden)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str({"Ann": 4, "Bob": 16, "Cat": 6, "Dan": 5})  # the new game is played

    outputs = ROOT / "tests" / "golden" / "outputs"
    before_files = sorted(p.relative_to(outputs) for p in outputs.rglob("*") if p.is_file())
    for name in before_files:  # every game's files, and every example's, to the byte: nothing moved
        assert (golden / name).read_bytes() == (outputs / name).read_bytes(), f"{name}: another game's output moved"
    added = sorted(p.relative_to(golden) for p in golden.rglob("*") if p.is_file() and p.relative_to(golden) not in
                   set(before_files))
    assert [str(p) for p in added] == [f"games/jack-hearts{suffix}" for suffix in (
        ".jsonl", ".replay-text.out", ".replay.out")]  # the new game's own archive and outputs, nothing else
