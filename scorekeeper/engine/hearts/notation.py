"""The text notation of hand records: tag lines, then one trick per line (like PGN and PBN).

The notation is another spelling of the JSON record of the records contract (docs/command.md), not a second format.
The reader builds the very JSON object ``records.to_json`` gives and hands it to
``records.from_json``, so every field is checked in one place; the writer starts from
``records.to_json``, so it leaves out exactly the fields the JSON leaves out. ``loads``,
``dumps``, ``load`` and ``dump`` mirror ``json``. A written text reads back to an equal
record, and writing that record gives the same bytes.

A tag is ``[Name value ...]`` with JSON values; a trick line is the trick's number, a
dot and the cards in the order played, ``"Cat":KC`` when the recorder named the player.
Everything after ``;`` is a comment: the writer explains each trick there (who led, who
won, or why a play is illegal) and the reader skips it.

The machine is the families' (``notation_kit``); here is what the Hearts core writes: its tags,
tricks of one card per player (or, where players drop out, the tricks the replay gives), and the
comments from the replay.

>>> text = '''[Game "black-lady"]
... [Players "Ann" "Bob" "Cat" "Dan"]
... [Dealer "Dan"]
... [MoonChoice "add"]
... [Taken "Ann" {"hearts": 13, "QS": 1}]
... [Taken "Bob" []]
... [Taken "Cat" []]
... [Taken "Dan" []]
... '''
>>> record = loads(text)
>>> record.taken["Ann"]
{'hearts': 13, 'QS': 1}
>>> dumps(record) == text
True
"""

from __future__ import annotations

from typing import Any

from ..cards import format_cards
from ..errors import ScorekeeperError
from ..marks import N_
from .games import make_ruleset
from ..notation_kit import Lines, Notation, Remarks, Tag, rounds
from .records import HandRecord, from_json, to_json
from .replay import HandOutcome, replay
from ..textscan import one_line

__all__ = ["NOTATION", "TAGS", "dump", "dumps", "load", "loads"]

TAGS: dict[str, Tag] = {  # in the order the writer puts them
    "Game": Tag(("game",), "value", '[Game "black-lady"]'),
    "Id": Tag(("id",), "value", '[Id "2024-05-01-3"]'),
    "Players": Tag(("players",), "names", '[Players "Ann" "Bob" "Cat" "Dan"]'),
    "Dealer": Tag(("dealer",), "value", '[Dealer "Dan"]'),
    "Hand": Tag(("hand",), "value", "[Hand 1]"),
    "Option": Tag(("options",), "keyed", '[Option "first_lead" "two-of-clubs"]'),
    "PassDirection": Tag(("pass_direction",), "value", '[PassDirection "left"]'),
    "Deal": Tag(("deal",), "keyed-cards", '[Deal "Ann" "2C 7C KD"]'),
    "Widow": Tag(("widow",), "cards", '[Widow "3D 9S"]'),
    "Passes": Tag(("passes",), "keyed-cards", '[Passes "Ann" "QS AH KH"]'),
    "Leader": Tag(("leader",), "value", '[Leader "Bob"]'),
    "Event": Tag(("events",), "item", '[Event {"type": "misdeal", "reason": "wrong-count"}]'),
    "MoonChoice": Tag(("moon_choice",), "value", '[MoonChoice "add"]'),
    "Taken": Tag(("taken",), "keyed-any-cards", '[Taken "Ann" {"hearts": 3, "QS": 1}]'),
}
TRICKS = Lines("", ("play",), "play", "trick", size=True)


def _drop_out(game: object, options: Any) -> bool:
    """Whether the game's tricks shrink as players run out of cards (Domino Hearts); False for a game or
    options the record is refused for later, with the tag that is wrong."""
    try:
        return make_ruleset(game, options).variant.players_drop_out
    except ScorekeeperError:
        return False


def _tricks(record: HandRecord, spec: Lines, items: list[Any], players: int) -> list[int]:
    """Where each trick line starts in the play: every ``players`` cards, or, where players drop out,
    where the replay's tricks start (then every ``players`` after an error)."""
    starts = rounds(record, spec, items, players)
    if not _drop_out(record.game, record.options):
        return starts
    try:
        outcome = replay(record, audit=True)
    except ScorekeeperError:
        return starts
    starts, at = [], 0
    for trick in outcome.tricks or ():
        starts.append(at)
        at += len(trick.plays)
    return starts + list(range(at, len(items), players))


def _remarks(record: HandRecord, lines: dict[str, list[int]]) -> Remarks:
    """Per trick line, who led and won it and what happened beside the cards; how the hand ended where
    that is not a trick (Domino Hearts' last player and the stock). A refused hand: why, where.

    On an illegal hand only the line of the first illegal play is commented: replay reports
    the error, not the tricks completed before it, so earlier lines stay bare.
    """
    starts = lines.get(TRICKS.label, [])
    try:
        outcome = replay(record)
    except ScorekeeperError as exc:
        return Notation.refused(exc, starts, TRICKS.label, exc.play)
    names = [one_line(name) for name in outcome.players]
    said = [""] * len(starts)
    for k, trick in enumerate((outcome.tricks or ())[:len(starts)]):
        won = "the trick is dead" if trick.winner < 0 else f"{names[trick.winner]} won"  # Cancellation Hearts
        end = starts[k + 1] if k + 1 < len(starts) else len(record.play)
        said[k] = f"{names[trick.leader]} led, {won}" + _beside(outcome, starts[k], end, names)
    ending: tuple[str, ...] = ()
    if outcome.remainder is not None:
        kept, stock = outcome.remainder.kept, outcome.remainder.stock
        parts = ([f"keeps {format_cards(kept)}"] if kept else []) + ([f"takes the stock, {format_cards(stock)}"]
                                                                     if stock else [])
        ending = (f"{names[outcome.remainder.seat]} " + " and ".join(parts),)
    return Remarks(lines={TRICKS.label: said}, ending=ending)


def _beside(outcome: HandOutcome, start: int, end: int, names: list[str]) -> str:
    """What happened beside the cards in the trick of plays ``start`` to ``end``: Domino Hearts' draws,
    Conquimbert's trumps turned up."""
    said = [f"{names[d.seat]} drew {format_cards(d.cards)}" for d in outcome.draws if start <= d.play < end]
    turned = outcome.turned
    if turned is not None and start <= turned.play < end and turned.card.suit is not None:
        said.append(f"{names[turned.seat]} could not follow: {turned.card.label} turned up, {turned.card.suit.noun} "
                    f"are trumps")
    return "".join(f"; {words}" for words in said)


def _from_json(obj: dict[str, Any]) -> HandRecord:
    """The record of a text: a hand with no trick line is a hand with no card played yet, unless it is
    a result."""
    return from_json(obj if "taken" in obj else {"play": [], **obj})


def _shortest(tags: dict[str, Any]) -> int | None:
    """Where players drop out, a trick before the last holds two cards or more; else one per player."""
    return 2 if _drop_out(tags.get("game"), tags.get("options", {})) else None


NOTATION: Notation[HandRecord] = Notation(
    game="hearts", tags=TAGS, lines=(TRICKS,), from_json=_from_json, to_json=to_json, group=_tricks,
    remarks=_remarks, shortest=_shortest,
    body=N_("the play"), opening=N_("the play, which starts with the trick number %(first)s"),
)
dumps, loads, dump, load = NOTATION.dumps, NOTATION.loads, NOTATION.dump, NOTATION.load
