"""The text notation of Reversis hands and Tripoli, Rummoli and Cosmo deals: golden files, round trips over
random legal records, damaged text refused with a place, errors that say where, and the command line."""

from __future__ import annotations

import dataclasses
import io
import json
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli import main
from scorekeeper.engine import reversis, tripoli
from scorekeeper.engine.errors import RecordSyntaxError
from scorekeeper.engine.family import HEARTS, families, family_of, family_of_notation
from scorekeeper.engine.fields import showable
from scorekeeper.engine.hearts.records import PlayItem
from scorekeeper.engine.reversis import notation as reversis_notation
from scorekeeper.engine.reversis import simulate as reversis_simulate
from scorekeeper.engine.reversis.pools import Pools
from scorekeeper.engine.reversis.quick import quick_result_of
from scorekeeper.engine.tripoli import notation as tripoli_notation
from scorekeeper.engine.tripoli import simulate as tripoli_simulate
from scorekeeper.engine.tripoli.actions import MichiganRecord, PokerRecord
from scorekeeper.engine.tripoli.layout import Layout

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parents[1] / "golden"
PACKAGES: dict[str, tuple[ModuleType, ModuleType]] = {
    "reversis": (reversis, reversis_notation), "tripoli": (tripoli, tripoli_notation),
}
CASES = sorted((family, p.stem) for family in PACKAGES for p in (GOLDEN / family / "notation").glob("*.json"))
EXAMPLES = [case for case in CASES if (ROOT / "examples" / f"{case[1]}.json").exists()]


def golden_text(family: str, name: str) -> str:
    return (GOLDEN / family / "notation" / f"{name}.txt").read_bytes().decode("utf-8")


def golden_json(family: str, name: str) -> bytes:
    return (GOLDEN / family / "notation" / f"{name}.json").read_bytes()


def golden_record(family: str, name: str) -> Any:
    return PACKAGES[family][0].loads(golden_json(family, name).decode("utf-8"))


# --- golden files --------------------------------------------------------------------------------

def test_every_example_of_these_games_has_its_golden_text() -> None:
    examples = {p.stem for p in (ROOT / "examples").glob("*.json")
                if json.loads(p.read_text(encoding="utf-8")).get("game") in ("reversis", "tripoli", "rummoli", "cosmo")
                and "hands" not in json.loads(p.read_text(encoding="utf-8"))}
    assert examples == {name for _, name in EXAMPLES}
    assert {"broken", "revoke", "misdeal", "illegal"} <= {n for f, n in CASES if f == "reversis"}
    assert {"final", "bid", "illegal-bet"} <= {n for f, n in CASES if f == "tripoli"}


@pytest.mark.parametrize(("family", "name"), EXAMPLES)
def test_the_golden_json_is_the_example(family: str, name: str) -> None:
    package = PACKAGES[family][0]
    example = package.loads((ROOT / "examples" / f"{name}.json").read_text(encoding="utf-8"))
    assert (package.dumps(example) + "\n").encode() == golden_json(family, name)


@pytest.mark.parametrize(("family", "name"), CASES)
def test_golden_record_to_text_is_byte_exact(family: str, name: str) -> None:
    text = PACKAGES[family][1].dumps(golden_record(family, name))
    assert text.encode("utf-8") == (GOLDEN / family / "notation" / f"{name}.txt").read_bytes()


@pytest.mark.parametrize(("family", "name"), CASES)
def test_golden_text_to_record_is_the_canonical_json(family: str, name: str) -> None:
    package, notation = PACKAGES[family]
    record = notation.loads(golden_text(family, name))
    assert (package.dumps(record) + "\n").encode("utf-8") == golden_json(family, name)
    assert notation.dumps(record) == golden_text(family, name)


def test_reversis_comments_say_who_led_won_and_paid() -> None:
    lines = golden_text("reversis", "reversis-hand").split("\n\n")[1].splitlines()
    assert lines[0].endswith("; Dan led, Cat won; Cat pays Bob 1 (ace-discarded, AS)")
    assert lines[6].endswith("; Cat led, Cat won; Cat pays pool 25 (quinola-doubles, JH); Cat pays Bob 1 (ace-discarded, AC)")
    assert lines[-1] == "; net: Ann -17, Bob +36, Cat -54, Dan -15; the pool holds 50"


def test_a_reversis_hand_stopped_by_a_revoke_keeps_its_short_last_trick() -> None:
    record = golden_record("reversis", "revoke")
    assert record.play is not None and len(record.play) % 4
    tricks = [line for line in golden_text("reversis", "revoke").splitlines() if line[:1].isdigit()]
    assert len(tricks) == -(-len(record.play) // 4) and len(tricks[-1].split()) == 1 + len(record.play) % 4


def test_an_illegal_record_is_commented_at_its_first_illegal_action() -> None:
    body = golden_text("reversis", "illegal").split("\n\n")[1].splitlines()
    assert body[1].endswith("; illegal: Cat played J\u2660 out of turn: it was Bob's turn")
    assert all(";" not in line for k, line in enumerate(body) if k != 1)
    bets = golden_text("tripoli", "illegal-bet").split("\n\n")[1].splitlines()
    assert bets[0].startswith("Bet 1.") and "; illegal: betting action 3 (C check): C cannot check" in bets[0]


def test_tripoli_lines_are_rounds_and_runs() -> None:
    body = golden_text("tripoli", "tripoli-deal").split("\n\n")[1].splitlines()
    assert body[0].startswith('Bet 1. "A" check, "B" bet 2, "C" fold, "D" call')
    assert body[1].startswith('Bet 2. "A" raise 3, "B" call, "D" fold') and body[1].endswith("; A wins the pot of 16")
    runs = [line for line in body if line.startswith("Run")]
    out = tripoli.replay_json(json.loads(golden_json("tripoli", "tripoli-deal")))
    assert len(runs) == len(out["michigan"]["runs"]) == 12
    assert runs[-1].endswith("; A led; B went out")
    assert body[-1] == "; chips: A +3, B +1, C -2, D -10; the layout keeps JH 4, SEQ 4"
    bid = golden_text("tripoli", "bid")
    assert "; Bob wins the bid at 9; hearts pay" in bid


def test_dump_and_load_mirror_json() -> None:
    for family, name in (("reversis", "reversis-hand"), ("tripoli", "tripoli-deal")):
        notation = PACKAGES[family][1]
        buffer = io.StringIO()
        notation.dump(golden_record(family, name), buffer)
        assert buffer.getvalue() == golden_text(family, name)
        buffer.seek(0)
        assert notation.load(buffer) == golden_record(family, name)


def test_the_reader_is_lenient_about_layout_and_spelling() -> None:
    messy = (
        "; a deal from the club, typed in by hand\r\n"
        '  [ Game   "tripoli" ] [Players "A"\t"B" "C" "D"] [Dealer "D"]\r\n'
        '[Hand 1] [Spare {"action":"auction","buyer":"B","price":3}]\n'
        '[Claim "AH" "A"] [Claim "KH" "C"] [Claim "QH" "C"] [Claim "TH" "B"] [Claim "KQ" "C"]\n'
        '[Winners "A"] [Out "B"] [Left "A" 3] [Left "C" 5] [Left "D" 2]\n'
        "\n"
        'bet 1. "A" CHECK "B" bet 2, "C" fold; a comment\n'
        '  "D" call Bet 2."A" raise 3 "B" call "D" fold\n'
    )
    assert tripoli_notation.loads(messy) == golden_record("tripoli", "tripoli-quick")
    text = golden_text("reversis", "reversis-hand").replace("6C QC AS 9C", "♣6 qc  A♠,9C", 1)
    assert reversis_notation.loads(text) == golden_record("reversis", "reversis-hand")


# --- random legal records ---------------------------------------------------------------------------

player_names = st.text(min_size=1, max_size=6).filter(lambda s: bool(s.strip()) and showable(s))


@st.composite
def reversis_records(draw: st.DrawFn) -> reversis.ReversisRecord:
    """A random legal hand (the deal, every card; stacked for a Reversis or an Espagnolette, a revoke that
    stops play), or its quick result; sometimes bent: no deal, named plays, pools, an id, options."""
    names = draw(st.lists(player_names, min_size=4, max_size=4, unique=True))
    record = reversis_simulate.random_record(
        names, random.Random(draw(st.integers(0, 2**32))), dealer=draw(st.integers(0, 3)), hand=draw(st.integers(1, 9)),
        stack=draw(st.sampled_from(reversis_simulate.STACKS)), revoke=draw(st.sampled_from([0.0, 0.3])))
    if draw(st.booleans()):
        record = quick_result_of(reversis.replay(record))
        if draw(st.booleans()):
            record = dataclasses.replace(record, talon=None, talon_points=draw(st.integers(0, 40)))
    elif draw(st.booleans()):
        assert record.play is not None
        changes: dict[str, Any] = {"deal": None, "face_down": None, "discard": None, "exchanges": None}
        changes["play"] = tuple(PlayItem(item.card, draw(st.sampled_from(names)) if draw(st.booleans()) else None)
                                for item in record.play)
        if draw(st.booleans()):
            changes["play"] = changes["play"][:draw(st.integers(0, len(record.play)))]
        record = dataclasses.replace(record, **changes)
    if draw(st.booleans()):
        record = dataclasses.replace(
            record, id=draw(st.text(min_size=1, max_size=10).filter(showable)),
            options={"party_amount": draw(st.sampled_from(["talon+4", "fixed:10"]))},
            pools=Pools.from_json(names, {"current": draw(st.integers(0, 200)), "supplements": [{"id": "S1", "fish": 40}],
                                          "doubled": [names[0]]}))
    return record


@st.composite
def tripoli_records(draw: st.DrawFn) -> tripoli.TripoliRecord | tripoli.FinalPokerRecord:
    """A random legal deal of the three games (with a bid, sometimes), a final poker deal, or a deal's
    quick result; sometimes bent to the containers that are there but empty."""
    game = draw(st.sampled_from(["tripoli", "rummoli", "cosmo"]))
    n = draw(st.integers(3, 6))
    names = draw(st.lists(player_names, min_size=n, max_size=n, unique=True))
    rng = random.Random(draw(st.integers(0, 2**32)))
    dealer, hand = draw(st.integers(0, n - 1)), draw(st.integers(1, 9))
    if game != "cosmo" and draw(st.integers(0, 4)) == 0:
        return tripoli_simulate.random_final(game, names, rng, dealer=dealer, hand=hand, cut_ties=True)
    options = {"paying_suit": "bid", "pay_cards": "in-play"} if game == "tripoli" and draw(st.booleans()) else None
    layout = Layout.from_json({"JH": 4, "SEQ": 2}) if draw(st.booleans()) else None
    record = tripoli_simulate.random_record(game, names, rng, options=options, dealer=dealer, hand=hand, layout=layout)
    if draw(st.booleans()):  # what the table declared, without the cards
        poker = record.poker and dataclasses.replace(record.poker, hands=None)
        michigan = dataclasses.replace(record.michigan or MichiganRecord(), play=None)
        record = dataclasses.replace(record, deal=None, spare_hand=None, poker=poker, michigan=michigan)
    if draw(st.booleans()):
        record = dataclasses.replace(record, **draw(st.sampled_from([
            {"poker": PokerRecord()}, {"michigan": MichiganRecord()}, {"claims": ()}, {"layout": Layout.from_json({})},
            {"poker": PokerRecord(betting=())}, {"michigan": MichiganRecord(play=(), left=(None,) * n)},
        ])))
    return record


ROUND_TRIP = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _round_trips(package: ModuleType, notation: ModuleType, record: Any) -> None:
    assert package.from_json(package.to_json(record)) == record  # the JSON record can say it all
    text = notation.dumps(record)
    assert notation.loads(text) == record
    assert notation.dumps(notation.loads(text)) == text


@ROUND_TRIP
@given(reversis_records())
def test_random_reversis_hands_round_trip(record: reversis.ReversisRecord) -> None:
    _round_trips(reversis, reversis_notation, record)


@ROUND_TRIP
@given(tripoli_records())
def test_random_tripoli_deals_round_trip(record: Any) -> None:
    _round_trips(tripoli, tripoli_notation, record)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_written_tricks_and_runs_are_the_replays(seed: int) -> None:
    """The lines the writer cuts are the replay's tricks and Michigan runs, so their comments fit them."""
    rng = random.Random(seed)
    hand = reversis_simulate.random_record(["A", "B", "C", "D"], rng)
    tricks = [line for line in reversis_notation.dumps(hand).splitlines() if line[:1].isdigit()]
    assert [t.split(" ; ")[1].split(";")[0] for t in tricks] == [
        f"{t['leader']} led, {t['winner']} won" for t in reversis.replay_json(reversis.to_json(hand))["tricks"]]
    deal = tripoli_simulate.random_record(rng.choice(["tripoli", "rummoli", "cosmo"]), ["A", "B", "C", "D", "E"], rng)
    runs = [line for line in tripoli_notation.dumps(deal).splitlines() if line.startswith("Run")]
    expected = tripoli.replay_json(tripoli.to_json(deal))["michigan"]["runs"]
    assert [len(line.split(" ; ")[0].split()) - 2 for line in runs] == [len(run["cards"]) for run in expected]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CASES), st.data())
def test_damaged_text_is_refused_with_a_place_or_read(case: tuple[str, str], data: st.DataObject) -> None:
    package, notation = PACKAGES[case[0]]
    text = golden_text(*case)
    at = data.draw(st.integers(0, len(text)))
    cut = data.draw(st.integers(0, 4))
    damaged = text[:at] + data.draw(st.text(alphabet=st.characters(), max_size=4) | st.sampled_from(
        ['"', "[", "]", "1.", "Bet 9.", "Run", ";", "\n", '"A":', "{", "null"])) + text[at + cut:]
    try:
        record = notation.loads(damaged)
    except RecordSyntaxError as exc:
        assert exc.line is not None and exc.column is not None
        assert 1 <= exc.line <= damaged.count("\n") + 2
        assert exc.message.startswith(f"line {exc.line}, column {exc.column}: ")
        return
    _round_trips(package, notation, record)


# --- errors ------------------------------------------------------------------------------------------

def _error(notation: ModuleType, text: str) -> RecordSyntaxError:
    with pytest.raises(RecordSyntaxError) as info:
        notation.loads(text)
    return info.value


REVERSIS = golden_text("reversis", "reversis-hand")
TRIPOLI = golden_text("tripoli", "tripoli-deal")


@pytest.mark.parametrize(
    ("family", "old", "new", "line", "column", "says"),
    [
        ("reversis", '[Dealer "Ann"]', '[Deal "Ann"]', 3, 1, "[Deal] takes a player's name and cards"),
        ("reversis", '[Dealer "Ann"]', '[Dealer "Zed"]', 3, 1, "dealer: 'Zed' is not one of the players"),
        ("reversis", '[Dealer "Ann"]\n', "", 16, 1, 'the record needs a [Dealer "Ann"] tag'),
        ("reversis", '[Hand 1]', '[Hand 1] [Hand 2]', 4, 10, "[Hand] is given twice (first on line 4)"),
        ("reversis", '[Discard "6H"]', '[Discrad "6H"]', 12, 2, "unknown tag [Discrad]: the tags are Game"),
        ("reversis", '[Discard "6H"]', '[Discard "6X"]', 12, 1, "discard: '6X' is not a card"),
        ("reversis", '[FaceDown "Cat" "5H"]', '[FaceDown "Cat" 5]', 10, 1, "face_down of Cat: 5 is not a card"),
        ("reversis", '[Exchange "Bob" null]', '[Exchange Bob null]', 15, 11, "bad value in [Exchange]"),
        ("reversis", '[Deal "Bob" "AS', '[Deal "Bob" "XS', 6, 13, "deal of Bob: 'XS' is not a card"),
        ("reversis", "2.  5H QS", "3.  5H QS", 19, 1, "trick number out of sequence: 3. where 2. was expected"),
        ("reversis", "2.  5H QS 4H 9H", "2.  5H QS 4H", 20, 1, "trick 2 has 3 cards, but with 4 players"),
        ("reversis", "2.  5H QS 4H 9H", "2.  5H QS 4H 9H 2D", 19, 17, "trick 2 already has 4 cards: start the next with 3."),
        ("reversis", "2.  5H QS 4H 9H", '2.  5H "Zed":QS 4H 9H', 19, 8, "play[5]: 'Zed' is not one of the players"),
        ("reversis", "2.  5H QS 4H 9H", "2.  5H QS 4H 9H\n[Leader \"Dan\"]", 20, 1, "tags come before the numbered lines"),
        ("reversis", "1.  6C", "6C", 18, 1, "expected a tag, [Name value ...], or a numbered line: 1."),
        ("tripoli", '[Spare {"action": "auction", "buyer": "B", "price": 3}]', '[Spare {"action": "sell"}]', 10, 1,
         "spare"),
        ("tripoli", '[Claim "KQ" "C"]', '[Claim "POT" "C"]', 15, 1, "claims: POT is won in stage 3 or in the poker"),
        ("tripoli", '[Left "C" 5]', '[Left "C" -5]', 22, 1, "michigan left of C must be a whole number from 0"),
        ("tripoli", "Bet 2.", "Bet 3.", 26, 1, "betting round number out of sequence: Bet 3. where Bet 2. was expected"),
        ("tripoli", '"B" bet 2,', '"B" wager 2,', 25, 19, "the action is one of check, bet, call, raise, fold"),
        ("tripoli", '"B" bet 2,', '"B" bet +2,', 25, 27, "expected what 'B' did (a word such as bet"),
        ("tripoli", '"B" bet 2,', "B bet 2,", 25, 19, 'a betting round is a list of "Player" and what he did'),
        ("tripoli", "Bet 1.", "1.", 25, 1, "a numbered line starts with what it holds: Bid 1., Bet 1. or Run 1."),
        ("tripoli", "Bet 1.", "Bet", 25, 1, "Bet starts a numbered line"),
        ("tripoli", 'Run 5.  "B":TH', 'Run 5.', 31, 1, "run 5 is empty"),
        ("tripoli", '"B":5C "A":6C', '"B":5C "A":6X', 28, 20, "'6X' is not a card"),
    ],
)
def test_errors_say_where(family: str, old: str, new: str, line: int, column: int, says: str) -> None:
    text = {"reversis": REVERSIS, "tripoli": TRIPOLI}[family]
    assert old in text
    error = _error(PACKAGES[family][1], text.replace(old, new, 1))
    assert (error.line, error.column) == (line, column), error.message
    assert says in error.message
    assert error.message.startswith(f"line {line}, column {column}: ")


def test_what_is_missing_is_refused_where_the_text_ends() -> None:
    text = golden_text("reversis", "reversis-quick")
    damaged = "".join(line for line in text.splitlines(keepends=True) if '"AD"' not in line)
    error = _error(reversis_notation, damaged)
    assert "quinola_aces: say how A\u2666 was played" in error.message
    assert (error.line, error.column) == (damaged.count("\n") + 1, 1)
    final = golden_text("tripoli", "final").split("\n\n")[0] + "\n"
    error = _error(tripoli_notation, final.replace('[Winners "D"]\n', ""))
    assert "needs \"poker\"" in error.message and error.line == final.count("\n")


def test_a_record_with_both_play_and_taken_is_refused_at_the_play() -> None:
    text = golden_text("reversis", "reversis-quick") + "1. 6C QC AS 9C\n"
    error = _error(reversis_notation, text)
    assert "either the cards played (play) or a quick result (taken)" in error.message
    assert (error.line, error.column) == (text.count("\n"), 4)


def test_every_field_of_a_record_has_its_tag_or_its_lines() -> None:
    """Nothing a record holds is left out of its text (a new field needs its line in the table)."""
    from scorekeeper.engine.reversis.record import RECORD_FIELDS as REVERSIS_FIELDS
    from scorekeeper.engine.tripoli.fields import BID_FIELDS, MICHIGAN_FIELDS, POKER_FIELDS
    from scorekeeper.engine.tripoli.record import FINAL_FIELDS, RECORD_FIELDS

    for notation, fields in (
        (reversis_notation, [(f,) for f in REVERSIS_FIELDS]),
        (tripoli_notation, [(f,) for f in {*RECORD_FIELDS, *FINAL_FIELDS} - {"bid", "poker", "michigan"}]
         + [("bid", f) for f in BID_FIELDS] + [("poker", f) for f in POKER_FIELDS]
         + [("michigan", f) for f in MICHIGAN_FIELDS]),
    ):
        paths = {tag.path for tag in notation.TAGS.values()} | {lines.path for lines in notation.NOTATION.lines}
        assert set(fields) <= paths, set(fields) - paths
    assert "misdeal" in tripoli_notation.TAGS["Event"].example  # a misdeal of Tripoli, once its records say one


# --- the family seam and the command line -------------------------------------------------------------

def test_every_family_has_a_notation_found_by_game() -> None:
    for family in families():
        for game in family.games[:1]:
            assert family_of(game) is family
    assert family_of_notation(golden_text("tripoli", "tripoli-cosmo")).id == "tripoli"
    assert family_of_notation(REVERSIS).id == "reversis"
    assert family_of_notation('; [Game "tripoli"] in a comment\n[Game "black-lady"]') is HEARTS
    assert family_of_notation("[Game tripoli]") is HEARTS  # unreadable: the core's reader says why


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().out


@pytest.mark.parametrize(("family", "name"), CASES)
def test_cli_converts_json_to_text_and_back(family: str, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    folder = GOLDEN / family / "notation"
    assert _run(capsys, "notation", str(folder / f"{name}.json")) == (0, golden_text(family, name))
    assert _run(capsys, "notation", str(folder / f"{name}.txt")) == (0, golden_json(family, name).decode())
    assert _run(capsys, "notation", str(folder / f"{name}.txt"), "--to", "text") == (0, golden_text(family, name))


@pytest.mark.parametrize(("family", "name"), EXAMPLES)
def test_cli_converts_the_pretty_examples(family: str, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    example = str(ROOT / "examples" / f"{name}.json")
    assert _run(capsys, "notation", example) == (0, golden_text(family, name))
    assert _run(capsys, "notation", example, "--to", "json") == (0, golden_json(family, name).decode())


@pytest.mark.parametrize(("family", "name"), CASES)
def test_replay_reads_the_notation(family: str, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    folder = GOLDEN / family / "notation"
    assert _run(capsys, "replay", str(folder / f"{name}.txt")) == _run(capsys, "replay", str(folder / f"{name}.json"))


def test_cli_reads_standard_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(TRIPOLI))
    assert _run(capsys, "notation", "-") == (0, golden_json("tripoli", "tripoli-deal").decode())


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ('[Game "reversis"]\n[Bogus 1]\n', "line 2, column 2: unknown tag [Bogus]"),
        ('[Game "cosmo"]\n[Players "A" "B" "C"]\n[Dealer "A"]\n\nRun 1. "A":2S\nRun 3. "B":3S\n',
         "line 6, column 1: run number out of sequence: Run 3. where Run 2. was expected"),
        ('{"game": "reversis", "players": ["A"], "dealer": "B"}', "dealer: 'B' is not one of the players"),
        ('{"game": "rummoli", "players": ["A", "B"], "dealer": "A", "bogus": 1}', "unknown field 'bogus'"),
    ],
)
def test_cli_refuses_unreadable_input(content: str, says: str, capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    path = tmp_path / "record"
    path.write_text(content, encoding="utf-8")
    for command in ("notation", "replay"):
        status, out = _run(capsys, command, str(path))
        assert status == 2
        error = json.loads(out)["error"]
        assert error["code"] == "syntax" and says in error["message"]
