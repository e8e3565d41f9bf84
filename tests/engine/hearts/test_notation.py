"""The text notation: golden files, round trips over random hands, errors that say where, the CLI."""

from __future__ import annotations

import dataclasses
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli import main
from scorekeeper.engine.fields import showable
from scorekeeper.engine.hearts import notation, records
from scorekeeper.engine.errors import RecordSyntaxError, ScorekeeperError
from scorekeeper.engine.family import HEARTS
from scorekeeper.engine.hearts.games import make_ruleset
from scorekeeper.engine.hearts.records import DIRECTIONS, HandRecord, PlayItem
from scorekeeper.engine.hearts.replay import replay
from scorekeeper.engine.hearts.simulate import random_record

GOLDEN = Path(__file__).parents[2] / "golden" / "notation"
NAMES = sorted(p.stem for p in GOLDEN.glob("*.json"))


def golden_record(name: str) -> HandRecord:
    return records.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def golden_text(name: str) -> str:
    return (GOLDEN / f"{name}.txt").read_bytes().decode("utf-8")


# --- golden files ------------------------------------------------------------------------------

def test_golden_files_are_there() -> None:
    assert {"black-lady-full", "named-plays-events", "result", "complex-hearts-options"} <= set(NAMES)
    assert all((GOLDEN / f"{name}.txt").exists() for name in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_golden_json_to_text_is_byte_exact(name: str) -> None:
    assert notation.dumps(golden_record(name)).encode("utf-8") == (GOLDEN / f"{name}.txt").read_bytes()


@pytest.mark.parametrize("name", NAMES)
def test_golden_text_to_json_is_the_canonical_json(name: str) -> None:
    record = notation.loads(golden_text(name))
    assert (records.dumps(record) + "\n").encode("utf-8") == (GOLDEN / f"{name}.json").read_bytes()


@pytest.mark.parametrize("name", NAMES)
def test_golden_round_trips(name: str) -> None:
    record, text = golden_record(name), golden_text(name)
    assert notation.loads(notation.dumps(record)) == record
    assert notation.dumps(notation.loads(text)) == text


def test_the_header_follows_the_tag_order() -> None:
    text = golden_text("black-lady-full")
    names = [line[1:].split()[0] for line in text.splitlines() if line.startswith("[")]
    order = list(notation.TAGS)
    assert names == sorted(names, key=order.index)
    assert names[:5] == ["Game", "Id", "Players", "Dealer", "Hand"]


def test_comments_say_who_led_and_won() -> None:
    text = golden_text("black-lady-full")
    outcome = replay(golden_record("black-lady-full"))
    first = outcome.tricks[0]
    names = outcome.players
    assert text.split("\n\n")[1].splitlines()[0].endswith(f"; {names[first.leader]} led, {names[first.winner]} won")


def test_an_illegal_hand_is_commented_at_its_first_illegal_play() -> None:
    record = golden_record("illegal-revoke")
    with pytest.raises(ScorekeeperError) as info:
        replay(record)
    lines = golden_text("illegal-revoke").split("\n\n")[1].splitlines()
    at = info.value.play // len(record.players)
    assert lines[at].endswith(f"; illegal: {info.value.message}")
    assert all(";" not in line for line in lines[at + 1:])


def test_options_keep_their_json_types() -> None:
    record = notation.loads(golden_text("complex-hearts-options"))
    assert record.options == {"first_trick_points": False, "queen_breaks_hearts": True, "jack_of_diamonds": -10}


def test_empty_objects_stay_apart_from_absent_ones() -> None:
    base = golden_record("named-plays-events")
    for field in ("deal", "passes"):
        record = dataclasses.replace(base, **{field: {}})
        text = notation.dumps(record)
        assert f"[{field.title()}]\n" in text
        assert notation.loads(text) == record
    result = dataclasses.replace(golden_record("result"), taken={})
    assert notation.loads(notation.dumps(result)) == result


def test_dump_and_load_mirror_json() -> None:
    record = golden_record("black-lady-full")
    buffer = io.StringIO()
    notation.dump(record, buffer)
    assert buffer.getvalue() == golden_text("black-lady-full")
    buffer.seek(0)
    assert notation.load(buffer) == record


def test_the_reader_is_lenient_about_layout_and_spelling() -> None:
    messy = (
        "; a hand from the club, typed in by hand\r\n"
        "  [ Game   \"black-lady\" ]   ; the game\r\n"
        "[Players \"Ann\"\t\"Bob\" \"Cat\" \"Dan\"] [Dealer \"Dan\"]\r\n"
        "[Hand 2]\n"
        "[Event {\"type\":\"exposed-own\",  \"player\":\"Cat\"}]\n"
        "[Event {\"type\": \"revoke-corrected\", \"player\": \"Bob\", \"trick\": 2}]\n"
        "\n\n"
        "  1.\"Ann\" : 4c  \"Bob\":♣6 \"Cat\":7♣, \"Dan\":8C\n"
        "2. 2S 6H ; a comment in the middle of a trick\n"
        "   ♠ 8 5S\n"
        "3. 6D 10D 3D QD 4. QC 9C AC 4H\n"
    )
    expected = golden_record("named-plays-events")
    rest = golden_text("named-plays-events").split("\n5.")[1]
    record = notation.loads(messy + "5." + rest)
    assert record == expected


def test_a_hand_stopped_early_keeps_a_short_last_line() -> None:
    record = dataclasses.replace(golden_record("black-lady-full"), play=golden_record("black-lady-full").play[:10])
    text = notation.dumps(record)
    last = text.splitlines()[-1]
    assert last.startswith("3. 3D 5D ") and "; illegal: the hand stops after 10 of 52 cards" in last
    assert notation.loads(text) == record


# --- random hands ------------------------------------------------------------------------------

RANDOM = GOLDEN / "random"  # hands of every game: whole, cut short, Domino Hearts' shrinking tricks, trumps turned up
RANDOM_HANDS = (RANDOM / "hands.jsonl").read_text(encoding="utf-8").splitlines()
RANDOM_TEXTS = (RANDOM / "hands.txt").read_bytes().decode("utf-8").split("=" * 40 + "\n")


def test_the_random_hands_cover_every_game() -> None:
    assert len(RANDOM_HANDS) == len(RANDOM_TEXTS)
    assert {records.loads(line).game for line in RANDOM_HANDS} == set(HEARTS.games)
    assert all(any(words in text for text in RANDOM_TEXTS) for words in ("illegal:", "dead", "drew", "turned up", "keeps"))


@pytest.mark.parametrize("k", range(len(RANDOM_HANDS)), ids=[json.loads(line)["game"] for line in RANDOM_HANDS])
def test_random_hands_keep_the_bytes_the_hand_written_writer_wrote(k: int) -> None:
    """Written once by the Hearts core's own writer, before its notation became a table of the kit."""
    record = records.loads(RANDOM_HANDS[k])
    assert notation.dumps(record) == RANDOM_TEXTS[k]
    assert notation.loads(RANDOM_TEXTS[k]) == record


GAMES = ("hearts", "black-lady", "spot-hearts", "heartsette", "complex-hearts")
# Any name a record may hold: every character a sheet can show (fields.showable), not only spaces.
player_names = st.text(min_size=1, max_size=6).filter(lambda s: bool(s.strip()) and showable(s))


@st.composite
def hand_records(draw: st.DrawFn) -> HandRecord:
    """A random legal hand, sometimes bent: named plays, no deal, cut short, extra fields."""
    game = draw(st.sampled_from(GAMES))
    ruleset = make_ruleset(game)
    n = draw(st.integers(max(3, ruleset.min_players), min(7, ruleset.max_players)))
    players = draw(st.lists(player_names, min_size=n, max_size=n, unique=True))
    record = random_record(
        game, players, random.Random(draw(st.integers(0, 2**32))),
        dealer=draw(st.integers(0, n - 1)), hand_number=draw(st.integers(1, 8)),
    )
    return _bend(draw, record)


def _bend(draw: st.DrawFn, record: HandRecord) -> HandRecord:
    names = list(record.players)
    changes: dict[str, Any] = {}
    if draw(st.booleans()):  # name some players, rightly or not
        seats = [seat for trick in replay(record).tricks or () for seat, _ in trick.plays]
        named = draw(st.sets(st.integers(0, len(record.play) - 1), max_size=8))
        wrong = draw(st.booleans())
        changes["play"] = tuple(
            PlayItem(item.card, draw(st.sampled_from(names)) if wrong else names[seats[i]]) if i in named else item
            for i, item in enumerate(record.play)
        )
    if draw(st.booleans()):
        changes.update(deal=None, passes=None, widow=draw(st.sampled_from([None, record.widow])))
    if draw(st.booleans()):
        changes["play"] = changes.get("play", record.play)[: draw(st.integers(0, len(record.play)))]
    if draw(st.booleans()):
        changes["id"] = draw(st.text(min_size=1, max_size=10).filter(showable))
        changes["pass_direction"] = draw(st.sampled_from(DIRECTIONS))
        changes["leader"] = draw(st.sampled_from(names))
        changes["events"] = (
            {"type": "exposed-own", "player": draw(st.sampled_from(names))},
            {"type": "revoke", "player": names[0], "trick": draw(st.integers(1, 13))},
        )
    return dataclasses.replace(record, **changes)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand_records())
def test_random_hands_round_trip(record: HandRecord) -> None:
    assert records.loads(records.dumps(record)) == record  # the JSON record can say it all
    text = notation.dumps(record)
    assert notation.loads(text) == record
    assert notation.dumps(notation.loads(text)) == text


@pytest.mark.parametrize("game", HEARTS.games)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_hands_of_every_game_round_trip(game: str, data: st.DataObject) -> None:
    """Every game of the core, its tricks cut as its replay gives them (Domino Hearts, dead tricks), whole or cut short."""
    ruleset = make_ruleset(game)
    n = data.draw(st.integers(ruleset.min_players, min(8, ruleset.max_players)))
    record = random_record(game, [f"P{i}" for i in range(n)], random.Random(data.draw(st.integers(0, 2**32))))
    if data.draw(st.booleans()):
        record = dataclasses.replace(record, play=record.play[:data.draw(st.integers(0, len(record.play)))])
    text = notation.dumps(record)
    assert notation.loads(text) == record
    assert notation.dumps(notation.loads(text)) == text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(NAMES), st.data())
def test_damaged_text_is_refused_with_a_place_or_read(name: str, data: st.DataObject) -> None:
    text = golden_text(name)
    at = data.draw(st.integers(0, len(text)))
    cut = data.draw(st.integers(0, 3))
    damaged = text[:at] + data.draw(st.text(max_size=3)) + text[at + cut:]
    try:
        record = notation.loads(damaged)
    except RecordSyntaxError as exc:
        assert exc.line is not None and exc.column is not None
        assert 1 <= exc.line <= damaged.count("\n") + 2
        return
    assert notation.loads(notation.dumps(record)) == record


# --- errors ------------------------------------------------------------------------------------

HAND = golden_text("named-plays-events")


def _error(text: str) -> RecordSyntaxError:
    with pytest.raises(RecordSyntaxError) as info:
        notation.loads(text)
    return info.value


@pytest.mark.parametrize(
    ("old", "new", "line", "column", "says"),
    [
        ('[Game "black-lady"]', '[Gmae "black-lady"]', 1, 2, "unknown tag [Gmae]"),
        ('[Game "black-lady"]', '[game "black-lady"]', 1, 2, "did you mean [Game]?"),
        ('[Game "black-lady"]', "[Game black-lady]", 1, 7, "bad value in [Game]"),
        ('[Game "black-lady"]', '[Game "black-lady"', 1, 19, "[Game is not closed"),
        ("[Hand 2]", '[Hand 2"x"]', 4, 8, "separate the values of [Hand]"),
        ("[Hand 2]", "[Hand]", 4, 1, "[Hand] takes one value"),
        ("[Hand 2]", '[Hand "2"]', 4, 1, "hand must be a whole number from 1"),
        ('[Dealer "Dan"]', '[Dealer "Dan"]\n[Dealer "Ann"]', 4, 1, "[Dealer] is given twice (first on line 3)"),
        ('[Dealer "Dan"]', '[Dealer "Zed"]', 3, 1, "dealer: 'Zed' is not one of the players"),
        ('[Dealer "Dan"]\n', "", 6, 1, 'the record needs a [Dealer "Dan"] tag'),
        ('[Event {"type": "exposed-own", "player": "Cat"}]', '[Event {"type": "exposed"}]', 5, 1,
         "events[0] must be an object whose type is one of"),
        ("2.  2S 6H 8S 5S", "2.  2S 6H XX 5S", 9, 11, "'XX' is not a card"),
        ("2.  2S 6H 8S 5S", "2.  2S 6H Cat:8S 5S", 9, 11, 'name the player as a JSON string: "Cat":KC'),
        ("2.  2S 6H 8S 5S", '2.  2S 6H "Zed":8S 5S', 9, 11, "play[6]: 'Zed' is not one of the players"),
        ("2.  2S 6H 8S 5S", '2.  2S 6H "Cat" 8S 5S', 9, 17, 'a named play is "Player":card'),
        ("3.  6D TD 3D QD", "4.  6D TD 3D QD", 10, 1, "trick number out of sequence: 4. where 3. was expected"),
        ("3.  6D TD 3D QD", "3.  6D TD 3D", 11, 1, "trick 3 has 3 cards, but with 4 players"),
        ("3.  6D TD 3D QD", "3.  6D TD 3D QD 4C", 10, 17, "trick 3 already has 4 cards"),
        ("1.  ", "", 8, 1, "or the play, which starts with the trick number 1."),
        ('[Hand 2]', 'Hand 2', 4, 1, "expected a tag, [Name value ...]"),
        ("2.  2S", "2  2S", 9, 1, "a trick number ends with a dot: 2."),
        ("\n2.  2S", '\n[Leader "Ann"]\n2.  2S', 9, 1, "tags come before the play"),
    ],
)
def test_errors_say_where(old: str, new: str, line: int, column: int, says: str) -> None:
    assert old in HAND
    error = _error(HAND.replace(old, new, 1))
    assert (error.line, error.column) == (line, column), error.message
    assert says in error.message
    assert error.message.startswith(f"line {line}, column {column}: ")
    assert error.code == "syntax"


@pytest.mark.parametrize(
    ("old", "new", "line", "column", "says"),
    [
        ("3.  6D TD 3D QD", "3.  6D TD 3D QD 4C\n", 10, 17, "trick 3 already has 4 cards"),  # not trick 4's number
        ("3.  6D TD 3D QD", "3.  6D TD 3D XX", 10, 14, "'XX' is not a card"),  # not the missing Dealer
        ("2.  2S 6H 8S 5S", "2.  2S 6H 8S 5S 3.", 9, 17, "trick 3 is empty"),  # not 3. given twice
    ],
)
def test_the_first_mistake_in_the_text_is_the_one_said(old: str, new: str, line: int, column: int, says: str) -> None:
    """The lines are checked as they come: of two mistakes, the one written first is reported."""
    text = HAND.replace(old, new, 1).replace("4.  QC", "5.  QC", 1).replace('[Dealer "Dan"]\n', "", 1)
    error = _error(text)
    assert (error.line, error.column) == (line - 1, column), error.message
    assert says in error.message


def test_a_bad_card_in_the_deal_is_found_at_its_value() -> None:
    text = golden_text("black-lady-full").replace('[Deal "Ann" "6S', '[Deal "Ann" "6X', 1)
    error = _error(text)
    assert (error.line, error.column) == (8, 13)
    assert "deal of Ann: '6X' is not a card" in error.message


def test_a_deal_for_a_stranger_is_found_at_its_tag() -> None:
    text = golden_text("black-lady-full").replace('[Deal "Dan"', '[Deal "Zed"', 1)
    error = _error(text)
    assert error.line == 11
    assert "'Zed' is not one of the players" in error.message


def test_a_result_with_play_is_refused_at_the_play() -> None:
    error = _error(golden_text("result") + "\n1. 2C 3C 4C 5C\n")
    assert (error.line, error.column) == (10, 4)
    assert "a result record (taken) cannot also have play" in error.message


# --- the command line --------------------------------------------------------------------------

def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().out


@pytest.mark.parametrize("name", NAMES)
def test_cli_converts_json_to_text_and_back(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(capsys, "notation", str(GOLDEN / f"{name}.json")) == (0, golden_text(name))
    status, out = _run(capsys, "notation", str(GOLDEN / f"{name}.txt"))
    assert (status, out) == (0, (GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def test_cli_to_forces_the_output(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pretty = tmp_path / "pretty.json"
    pretty.write_text(json.dumps(json.loads((GOLDEN / "result.json").read_text()), indent=2), encoding="utf-8")
    assert _run(capsys, "notation", str(pretty), "--to", "json") == (0, (GOLDEN / "result.json").read_text())
    messy = tmp_path / "messy.txt"
    messy.write_text(golden_text("result").replace("[", "  [ "), encoding="utf-8")
    assert _run(capsys, "notation", str(messy), "--to", "text") == (0, golden_text("result"))


def test_cli_reads_standard_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(golden_text("result")))
    assert _run(capsys, "notation", "-") == (0, (GOLDEN / "result.json").read_text())


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ('[Game "hearts"]\n[Bogus 1]\n', "line 2, column 2: unknown tag [Bogus]"),
        ('{"game": "hearts"', "not JSON"),
        ('{"game": "hearts", "players": ["A"], "dealer": "B"}', "dealer: 'B' is not one of the players"),
    ],
)
def test_cli_refuses_unreadable_input(
    content: str, says: str, capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    path = tmp_path / "record"
    path.write_text(content, encoding="utf-8")
    status, out = _run(capsys, "notation", str(path))
    assert status == 2
    obj = json.loads(out)
    assert obj["ok"] is False and obj["error"]["code"] == "syntax"
    assert says in obj["error"]["message"]


def test_cli_reports_a_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out = _run(capsys, "notation", str(tmp_path / "nowhere.txt"))
    assert status == 2
    assert json.loads(out)["error"]["message"].startswith("cannot read")


@pytest.mark.parametrize("name", NAMES)
def test_replay_reads_the_notation(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    from_json = _run(capsys, "replay", str(GOLDEN / f"{name}.json"))
    assert _run(capsys, "replay", str(GOLDEN / f"{name}.txt")) == from_json
    table = _run(capsys, "replay", "--text", str(GOLDEN / f"{name}.txt"))
    json_table = _run(capsys, "replay", "--text", str(GOLDEN / f"{name}.json"))
    assert table == json_table


def test_replay_refuses_a_bad_notation_with_its_place(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "hand.txt"
    path.write_text(HAND.replace("3.  6D", "5.  6D"), encoding="utf-8")
    status, out = _run(capsys, "replay", str(path))
    assert status == 2
    assert json.loads(out)["error"]["message"].startswith("line 10, column 1: trick number out of sequence")
