"""The compiled engine agrees with the pure-Python one, byte for byte.

A regular build (``pip install .``, ``pip wheel .``) compiles the engine's hot modules with
mypyc (``setup.py``); the other tests run against the editable, pure-Python checkout. Here
one regular build is made per test run, from a copy of the sources (the checkout gets no
build files): its wheel is installed into a folder of its own, its engine modules must be
extension modules, and ``scorekeeper replay`` from that copy must print exactly what the
checkout prints and exit the same, over a few hundred random legal hands of every game and
as many broken ones. The installed copy must also run the web app on its bundled
templates, static files and migrations.

The build takes most of a minute (the C compiler). It uses the test environment's mypy and
setuptools when they can build a wheel (``--no-build-isolation``: setuptools 70.1 or later,
or the ``wheel`` package); otherwise pip builds in isolation and fetches what
``[build-system]`` lists.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.compiled_build import BuildFailed, build_site
from scorekeeper.engine.hearts import records
from scorekeeper.engine.errors import ScorekeeperError
from scorekeeper.engine.hearts.games import GAMES, make_ruleset
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.hearts.simulate import random_record

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
OPTION_VARIANTS: dict[str, list[dict[str, Any]]] = {  # besides each game's defaults and profiles
    "hearts": [{"first_trick_points": False, "queen_breaks_hearts": True}, {"moon_choice": "add", "revoke": "001"},
               {"pass": "rotation-lrah"}, {"first_lead": "two-of-clubs", "lead_heart_instead_of_queen": True}],
    "black-lady": [{"jack_of_diamonds": -10}, {"break": "none", "first_lead": "eldest-any"}],
}


def compiled_modules() -> list[str]:
    """The module names setup.py compiles (its COMPILED list, read without running it)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets):
            paths: list[str] = ast.literal_eval(node.value)
            return [p.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for p in paths]
    raise AssertionError("setup.py has no COMPILED list")


# --- the build ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A regular build of a copy of the sources, installed with ``pip install --target``."""
    base = tmp_path_factory.mktemp("compiled")
    try:
        return build_site(base, base / "site")
    except BuildFailed as exc:
        pytest.fail(str(exc), pytrace=False)


def run(args: list[str], *, site: Path | None, stdin: bytes | None = None,
        extra_env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    """``python args``: with the installed copy at ``site``, or (None) in the checkout."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if site is not None:
        env["PYTHONPATH"] = str(site)
    env.update(extra_env or {})
    # Not in the checkout for the installed copy: ``python -m`` puts the working directory first.
    cwd = site.parent if site is not None else ROOT
    return subprocess.run([sys.executable, *args], cwd=cwd, input=stdin, env=env, capture_output=True, timeout=300)


def replay_cli(site: Path | None, *args: str, stdin: bytes | None = None) -> tuple[int, bytes, bytes]:
    """``scorekeeper replay args``: (exit status, standard output, standard error: an archive's summary)."""
    done = run(["-m", "scorekeeper.cli", "replay", *args], site=site, stdin=stdin)
    assert b"Traceback" not in done.stderr, done.stderr.decode()
    return done.returncode, done.stdout, done.stderr


# --- the records: legal hands of every game, and broken ones -------------------------------------


def legal_records(rng: random.Random) -> Iterator[records.HandRecord]:
    """Random legal hands: every game, its profiles and a few house rules, every table size."""
    for game, definition in sorted(GAMES.items()):
        variants: list[dict[str, Any]] = [{}]
        variants += [{"profile": p} for p in definition.profiles]
        variants += OPTION_VARIANTS.get(game, [])
        for options in variants:
            ruleset = make_ruleset(game, options)
            for n in range(ruleset.min_players, min(ruleset.max_players, len(NAMES)) + 1):
                for k in range(2 if n in (4, 5) else 1):
                    try:
                        yield random_record(game, NAMES[:n], rng, options=options, dealer=k % n, hand_number=k * 3 + 1)
                    except (ValueError, ScorekeeperError):
                        break  # no deal for this many players


def broken_lines(record: records.HandRecord, rng: random.Random) -> Iterator[str]:
    """Variants of a legal hand that break it, or take other paths through the replay."""
    value = records.to_json(record)
    plays: list[str] = value["play"]
    names: list[str] = value["players"]
    outcome = replay(record)
    assert outcome.tricks is not None
    seats = [seat for trick in outcome.tricks for seat, _ in trick.plays]

    def variant(**changes: Any) -> dict[str, Any]:
        copy = json.loads(json.dumps(value))
        for key, new in changes.items():
            if new is None:
                copy.pop(key, None)
            else:
                copy[key] = new
        return copy

    i, j = sorted(rng.sample(range(len(plays)), 2))
    swapped = plays[:i] + [plays[j]] + plays[i + 1:j] + [plays[i]] + plays[j + 1:]
    yield json.dumps(variant(play=swapped))  # usually a revoke or a card not held
    for_revoke = variant(play=swapped)
    try:
        replay(records.from_json(for_revoke))
    except ScorekeeperError as exc:
        if exc.code in ("revoke", "hearts-not-broken", "first-lead", "first-trick-points") and exc.player and exc.trick:
            # the same revoke, claimed by the table: an established revoke, scored by the revoke rule
            events = [{"type": "revoke", "player": exc.player, "trick": exc.trick}]
            yield json.dumps(variant(play=swapped, events=events))
            yield json.dumps(variant(play=swapped, events=events, deal=None, widow=None))
    other = rng.choice([p for p in plays if p != plays[i]])
    yield json.dumps(variant(play=plays[:i] + [other] + plays[i + 1:]))  # a card twice
    yield json.dumps(variant(play=plays[: rng.randrange(len(plays))]))  # stops early
    cut = len(names) * rng.randrange(1, len(plays) // len(names))
    yield json.dumps(variant(play=plays[:cut], events=[{"type": "stopped"}]))  # stopped at a trick's end
    yield json.dumps(variant(play=plays[: rng.randrange(len(names))], events=[{"type": "misdeal", "reason": "wrong-count"}]))
    yield json.dumps(variant(deal=None, widow=None))  # no deal: hands rebuilt from the plays
    yield json.dumps(variant(deal=None, widow=None, play=swapped))  # ... and a revoke proven by a later play
    named = [[names[seat], card] for seat, card in zip(seats, plays)]
    yield json.dumps(variant(play=named))  # every player named: the same hand
    wrong = [row[:] for row in named]
    wrong[j][0] = names[(names.index(wrong[j][0]) + 1) % len(names)]
    yield json.dumps(variant(play=wrong))  # a play out of turn
    yield json.dumps(variant(play=named, events=[{"type": "out-of-turn", "trick": j // len(names) + 1}]))
    deal = value.get("deal")
    if deal:
        victim = rng.choice(names)
        short = {**deal, victim: deal[victim][1:]}
        yield json.dumps(variant(deal=short))  # dealt a card short
        if value.get("passes"):
            neighbour = names[(names.index(victim) + 1) % len(names)]
            passes = {**value["passes"], victim: [deal[neighbour][0]] + value["passes"][victim][1:]}
            yield json.dumps(variant(passes=passes))  # passed a card not held
    # quick results: the scoring cards taken, and the same as counts
    taken = {name: [c.code for c in cards] for name, cards in zip(names, outcome.taken)}
    yield json.dumps(variant(deal=None, widow=None, passes=None, play=None, taken=taken))
    counts = {name: {"hearts": haul.hearts, **{c.code: 1 for c in haul.specials}}
              for name, haul in zip(names, outcome.hauls)}
    yield json.dumps(variant(deal=None, widow=None, passes=None, play=None, taken=counts))
    # everything that scores taken by one player: a moon, where the game has one
    shooter = rng.choice(names)
    everything = {"hearts": sum(h.hearts for h in outcome.hauls)}
    for haul in outcome.hauls:
        for c in haul.specials:
            everything[c.code] = everything.get(c.code, 0) + 1
    moon = {name: everything if name == shooter else {"hearts": 0} for name in names}
    yield json.dumps(variant(deal=None, widow=None, passes=None, play=None, taken=moon))
    yield json.dumps(variant(deal=None, widow=None, passes=None, play=None, taken=moon,
                             moon_choice=rng.choice(["add", "subtract"])))
    # unreadable or badly shaped
    text = json.dumps(value)
    yield text[: rng.randrange(1, len(text))]
    yield json.dumps(variant(play=plays[:i] + ["ZZ"] + plays[i + 1:]))
    yield json.dumps(variant(play=plays[:i] + [7] + plays[i + 1:]))
    yield json.dumps(variant(dealer="Nobody"))
    yield json.dumps(variant(players=names + [names[0]]))
    yield json.dumps(variant(options={"no_such_option": True}))
    yield json.dumps(variant(game="progressive-hearts"))
    yield json.dumps(variant(hand=0))
    yield json.dumps(list(value))


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A JSON-lines archive: legal hands first (an archive opens with a whole record), then a mix."""
    rng = random.Random(20260)
    legal = list(legal_records(rng))
    assert len(legal) >= 150
    lines = [records.dumps(r) for r in legal]
    for r in rng.sample(legal, min(len(legal), 60)):
        lines += broken_lines(r, rng)
    head, rest = lines[:2], lines[2:]
    rng.shuffle(rest)
    rest.insert(len(rest) // 2, "")  # a blank line is skipped
    path = tmp_path_factory.mktemp("archive") / "archive.jsonl"
    path.write_text("\n".join(head + rest) + "\n", encoding="utf-8")
    return path


# --- the tests -------------------------------------------------------------------------------------

PROBE = """
import importlib, json, sys
names = sys.argv[1:]
print(json.dumps({name: importlib.import_module(name).__file__ for name in names}))
"""


def module_files(site: Path | None, names: list[str]) -> dict[str, str]:
    done = run(["-c", PROBE, *names], site=site)
    assert done.returncode == 0, done.stderr.decode()
    files: dict[str, str] = json.loads(done.stdout)
    return files


def test_the_checkout_runs_pure_python() -> None:
    # The tests run the sources as edited: no compiled module may shadow them.
    assert not list((ROOT / "scorekeeper").rglob("*.so")), "stale compiled modules in the checkout"
    assert not (ROOT / "scorekeeper" / "_bundled").exists()
    files = module_files(None, compiled_modules())
    assert all(path.endswith(".py") for path in files.values()), files


def test_the_build_compiles_the_engine(build: Path) -> None:
    names = compiled_modules()
    assert "scorekeeper.engine.hearts.hand" in names and "scorekeeper.engine.hearts.replay" in names
    files = module_files(build, [*names, "scorekeeper.cli", "scorekeeper.engine.errors", "scorekeeper.web"])
    for name in names:
        path = Path(files[name])
        assert path.is_relative_to(build) and path.suffix == ".so", (name, path)
        assert path.with_name(path.name.split(".")[0] + ".py").exists(), f"{name}: its source ships beside it"
    for name in ("scorekeeper.cli", "scorekeeper.engine.errors", "scorekeeper.web"):
        assert files[name].endswith(".py"), (name, files[name])  # interpreted: the web stack, the CLI


def test_compiled_replay_prints_what_the_pure_replay_prints(build: Path, archive: Path) -> None:
    lines = archive.read_text(encoding="utf-8").splitlines()
    pure_status, pure_out, pure_err = replay_cli(None, str(archive))
    assert pure_out.count(b"\n") == sum(1 for line in lines if line.strip())
    outcomes = [json.loads(line) for line in pure_out.splitlines()]
    assert sum(o["ok"] for o in outcomes) >= 200 and sum(not o["ok"] for o in outcomes) >= 200
    codes = {o["error"]["code"] for o in outcomes if not o["ok"]}
    assert {"revoke", "not-in-hand", "incomplete", "syntax", "deal", "out-of-turn"} <= codes, codes
    assert any("revoke" in o for o in outcomes if o["ok"]), "an established revoke"
    assert any(o.get("void") for o in outcomes if o["ok"]), "a misdeal"
    assert pure_status == 2  # the worst line: unreadable
    assert pure_err.startswith(f"replayed {len(outcomes)} records: ".encode())

    compiled_status, compiled_out, compiled_err = replay_cli(build, str(archive))
    assert compiled_status == pure_status
    assert compiled_out == pure_out
    assert compiled_err == pure_err
    assert replay_cli(build, str(archive), "--jobs", "1") == (pure_status, pure_out, pure_err)
    assert replay_cli(build, "-", stdin=archive.read_bytes()) == (pure_status, pure_out, pure_err)
    assert replay_cli(build, str(archive), "--text") == replay_cli(None, str(archive), "--text")


def test_compiled_replay_of_single_records(build: Path, archive: Path, tmp_path: Path) -> None:
    lines = [line for line in archive.read_text(encoding="utf-8").splitlines() if line.strip()]
    rng = random.Random(7)
    for k, line in enumerate(rng.sample(lines, 6)):
        path = tmp_path / f"hand{k}.json"
        path.write_text(line, encoding="utf-8")
        for args in ([str(path)], [str(path), "--text"]):
            assert replay_cli(build, *args) == replay_cli(None, *args), line


APP_PROBE = """
import json, sys
from scorekeeper import resources
from scorekeeper.web import create_app
from scorekeeper.web.serve import upgrade_database
app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": sys.argv[1], "SECRET_KEY": "test"})
upgrade_database(app)
client = app.test_client()
home, css = client.get("/"), client.get("/static/app.css")
print(json.dumps({"installed": resources.installed(), "templates": app.template_folder,
                  "static": app.static_folder, "migrations": str(resources.resource("migrations")),
                  "home": home.status_code, "page": "<html" in home.get_data(as_text=True).lower(),
                  "css": css.status_code}))
"""


def test_the_installed_app_finds_its_bundled_files(build: Path, tmp_path: Path) -> None:
    done = run(["-c", APP_PROBE, f"sqlite:///{tmp_path / 'app.db'}"], site=build,
               extra_env={"SCOREKEEPER_INSTANCE_PATH": str(tmp_path / "instance")})
    assert done.returncode == 0, done.stderr.decode()
    found = json.loads(done.stdout.splitlines()[-1])
    bundled = build / "scorekeeper" / "_bundled"
    assert found["installed"] is True
    for name in ("templates", "static", "migrations"):
        assert Path(found[name]) == bundled / name and (bundled / name).is_dir()
    assert (found["home"], found["page"], found["css"]) == (200, True, 200)


def test_written_out_dataclass_inits_match_their_fields() -> None:
    # Hot frozen dataclasses spell out __init__ so that a compiled build sets fields natively
    # (records.HandRecord.__init__): each must take exactly the dataclass's fields and defaults.
    checked = []
    for name in compiled_modules():
        module = importlib.import_module(name)
        for cls in vars(module).values():
            if not (inspect.isclass(cls) and dataclasses.is_dataclass(cls) and cls.__module__ == name):
                continue
            init = vars(cls).get("__init__")
            if init is None or init.__code__.co_filename == "<string>":
                continue  # the dataclass's own
            checked.append(cls.__name__)
            fields = [f for f in dataclasses.fields(cls) if f.init]
            params = list(inspect.signature(init).parameters.values())[1:]
            assert [p.name for p in params] == [f.name for f in fields], cls
            required = {}
            for f, p in zip(fields, params):
                if f.default is not dataclasses.MISSING:
                    assert p.default is f.default or p.default == f.default, (cls, f.name)
                elif f.default_factory is not dataclasses.MISSING:
                    assert p.default is not inspect.Parameter.empty, (cls, f.name)
                else:
                    assert p.default is inspect.Parameter.empty, (cls, f.name)
                    required[f.name] = object()
            made, again = cls(**required), cls(**required)
            for f in fields:
                if f.default_factory is not dataclasses.MISSING:
                    assert getattr(made, f.name) == f.default_factory(), (cls, f.name)
                    assert getattr(made, f.name) is not getattr(again, f.name), (cls, f.name)  # a fresh one each
                else:
                    assert getattr(made, f.name) is required.get(f.name, f.default), (cls, f.name)
    assert {"HandRecord", "HandOutcome", "Haul", "Seating"} <= set(checked)
