"""The text notation of Reversis hands (docs/command.md): tags, then one trick per line.

The machine is the families' (``notation_kit``); here is what Reversis writes: its tags, tricks
of four cards, and comments from the replay: who led and won each trick and what it paid in play
(the aces, the Quinola, the pools), then each player's net fish. ``loads``/``dumps``/``load``/``dump``
mirror ``json``; a written text reads back to an equal record, and writes back to the same bytes.
"""

from __future__ import annotations

from typing import Any

from ..errors import ScorekeeperError
from ..notation_kit import Lines, Notation, Remarks, Tag, rounds, signed
from .record import ReversisRecord, from_json, to_json
from .rules import PAYING_CARDS
from .settlement import replay_json

__all__ = ["NOTATION", "TAGS", "dump", "dumps", "load", "loads"]

TAGS: dict[str, Tag] = {  # in the order the writer puts them
    "Game": Tag(("game",), "value", '[Game "reversis"]'),
    "Id": Tag(("id",), "value", '[Id "2024-05-01-3"]'),
    "Players": Tag(("players",), "names", '[Players "Ann" "Bob" "Cat" "Dan"]'),
    "Dealer": Tag(("dealer",), "value", '[Dealer "Ann"]'),
    "Hand": Tag(("hand",), "value", "[Hand 1]"),
    "Option": Tag(("options",), "keyed", '[Option "party_amount" "fixed:10"]'),
    "Pools": Tag(("pools",), "value", '[Pools {"current": 115, "supplements": [{"id": "S1", "fish": 115}]}]'),
    "Deal": Tag(("deal",), "keyed-cards", '[Deal "Ann" "6H 9S QD 7D 7S 7C 6D 9C 7H 9D 8S 4H"]'),
    "FaceDown": Tag(("face_down",), "keyed", '[FaceDown "Dan" "4D"]'),
    "Discard": Tag(("discard",), "value", '[Discard "6H"]'),
    "Exchange": Tag(("exchanges",), "keyed", '[Exchange "Dan" "JD"]'),
    "Talon": Tag(("talon",), "cards", '[Talon "6H JD KD KC"]'),
    "TalonPoints": Tag(("talon_points",), "value", "[TalonPoints 7]"),
    "Leader": Tag(("leader",), "value", '[Leader "Dan"]'),
    "Play": Tag(("play",), "list", "[Play]"),
    "Event": Tag(("events",), "item", '[Event {"type": "espagnolette", "player": "Bob"}]'),
    "Taken": Tag(("taken",), "keyed", '[Taken "Ann" {"tricks": 2, "points": 4}]'),
    "QuinolaAces": Tag(("quinola_aces",), "keyed",
                       '[QuinolaAces "JH" {"player": "Cat", "trick": 7, "how": "led", "winner": "Cat"}]'),
    "Reversis": Tag(("reversis",), "value", '[Reversis {"player": "Dan", "broken_by": "Cat", "trick": 11}]'),
}
TRICKS = Lines("", ("play",), "play", "trick", size=True)
IN_PLAY = ("ace-", "quinola-", "reversis-quinola", "supplement-becomes-pool", "new-pool")  # paid as the trick is played


def _remarks(record: ReversisRecord, starts: dict[str, list[int]]) -> Remarks:
    """Who led and won each trick and what it paid in play; the net fish. A refused hand: why, where."""
    lines = starts.get(TRICKS.label, [])
    try:
        out = replay_json(to_json(record))
    except ScorekeeperError as exc:
        return Notation.refused(exc, lines, TRICKS.label, exc.play)
    said = []
    for k, trick in enumerate(out.get("tricks", [])[:len(lines)], 1):
        paid = [_payment(p) for p in out["payments"] if p.get("trick") == k and p["why"].startswith(IN_PLAY)]
        said.append("; ".join([f"{trick['leader']} led, {trick['winner']} won", *paid]))
    said += [""] * (len(lines) - len(said))
    pool = out["pools"]["current"]
    return Remarks(lines={TRICKS.label: said} if lines else {}, ending=(f"net: {signed(out['net'])}; the pool holds {pool}",))


def _payment(p: dict[str, Any]) -> str:
    card = f", {p['card']}" if "card" in p else ""
    return f"{p['from']} pays {p['to']} {p['fish']} ({p['why']}{card})"


def _complete(obj: dict[str, Any]) -> dict[str, Any]:
    """Part of a hand, made a whole one of its kind: the play (none yet), or a quick result's cards not
    named yet (null); a misdeal needs nothing."""
    if "taken" in obj:
        aces = obj.get("quinola_aces", {})
        named = aces if isinstance(aces, dict) else {}
        return {**obj, "quinola_aces": {**dict.fromkeys((c.code for c in PAYING_CARDS), None), **named}}
    events = obj.get("events", [])
    if "play" in obj or any(isinstance(e, dict) and e.get("type") == "misdeal" for e in events):
        return obj
    return {**obj, "play": []}


NOTATION: Notation[ReversisRecord] = Notation(
    game="reversis", tags=TAGS, lines=(TRICKS,), from_json=from_json, to_json=to_json, group=rounds,
    remarks=_remarks, complete=_complete,
)

dumps, loads, dump, load = NOTATION.dumps, NOTATION.loads, NOTATION.dump, NOTATION.load
