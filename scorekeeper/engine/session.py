"""The session record's readers every family shares (the records contract, docs/command.md): the
stake, the table stakes, the hands and their count, a hand's ``counts``, and a hand read in the
dealer's rotation (``read_in_rotation``, with the family's own record reader). The core's session
itself is ``hearts.session``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any, Protocol, TypeVar

from .errors import InconsistentRecord, RecordSyntaxError, shown, Said, Word
from .fields import MAX_HANDS

MAX_STAKE = Decimal(1_000_000)  # money per point or chip: far above any table's
STAKE_DECIMALS = 8  # a thousandth of a cent and finer still: enough for any table


def read_stake(value: Any) -> Decimal | None:
    """A session's ``stake``: money per chip or per point. :raises RecordSyntaxError: not an amount of 0 or more."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise RecordSyntaxError(Said("stake must be an amount such as \"0.05\", not %(shown)s",
                                     shown=str(shown(value))))
    try:
        stake = Decimal(str(value))
    except InvalidOperation:
        raise RecordSyntaxError(Said("stake must be an amount such as \"0.05\", not %(shown)s",
                                     shown=str(shown(value)))) from None
    if not stake.is_finite() or not 0 <= stake <= MAX_STAKE:
        raise RecordSyntaxError(Said("stake must be an amount from 0 to %(most)s, not %(shown)s", most=f"{MAX_STAKE:,}",
                                     shown=shown(value)))
    if stake.normalize().as_tuple().exponent < -STAKE_DECIMALS:  # type: ignore[operator]  # finite: an int
        raise RecordSyntaxError(Said("stake has at most %(STAKE_DECIMALS)s decimal places, not %(shown)s",
                                     STAKE_DECIMALS=str(STAKE_DECIMALS), shown=str(shown(value))))
    return stake


def read_table_stakes(value: Any) -> int | None:
    """``table_stakes`` (catalogue 1.5, HOUSE): the chips each player brings to the table; none: balances
    may go below zero (players buy more chips).

    :raises RecordSyntaxError: not a whole number from 1.
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 1_000_000:
        raise RecordSyntaxError(Said("table_stakes is the chips each player brings, a whole number from 1, not "
                                     "%(shown)s", shown=str(shown(value))))
    return value


def read_hands(value: Any, noun: Said) -> list[Mapping[str, Any]]:
    """A session's ``hands``: a list of objects (``noun``: what they are, in the error), at most ``MAX_HANDS``.

    :raises RecordSyntaxError: anything else.
    """
    hands = [] if value is None else value
    if not isinstance(hands, list) or not all(isinstance(h, Mapping) for h in hands):
        raise RecordSyntaxError(Said("hands must be a list of %(noun)s", noun=noun))
    check_hand_count(len(hands))
    return hands


def check_hand_count(count: int) -> None:
    """:raises RecordSyntaxError: more hands than a session holds (``MAX_HANDS``)."""
    if count > MAX_HANDS:
        raise RecordSyntaxError(Said("a session holds at most %(MAX_HANDS)s hands, not %(count)s: start a new "
                                     "table for the next evening", MAX_HANDS=str(MAX_HANDS), count=str(count)))


def split_counts(raw: Mapping[str, Any]) -> tuple[Mapping[str, Any], bool]:
    """The hand without the session-only field ``counts``, and its value.

    ``"counts": false`` marks a hand that was dealt, so it takes its place in the dealer
    rotation, but does not count yet: a hand awaiting a second phone's confirmation, or
    one under dispute. It is read, but neither replayed nor scored.
    """
    if "counts" not in raw:
        return raw, True
    counts = raw["counts"]
    if not isinstance(counts, bool):
        raise RecordSyntaxError(Said("counts must be true or false, not %(shown)s", shown=str(shown(counts))))
    return {k: v for k, v in raw.items() if k != "counts"}, counts


class Dealt(Protocol):
    """A hand record of any package: who dealt it and its number in the session."""

    @property
    def dealer(self) -> str: ...

    @property
    def hand(self) -> int | None: ...


D = TypeVar("D", bound=Dealt)


def read_in_rotation(
    raw: Mapping[str, Any], given: Mapping[str, Any], read: Callable[[Any, Mapping[str, Any]], D], dealer: str,
    number: int, *, passes: Said | None = None, aside: Said | str = "", noun: Said | None = None,
) -> D:
    """A hand of a session read with what it takes from the session (``given``: game, options,
    players, which the hand may repeat only unchanged), its dealer and number those of the rotation.

    ``read`` is the package's record reader (the core's, Tripoli's, Reversis'); ``passes``,
    ``aside`` and ``noun`` word the refusals for the game ("the deal passes to Dan for this hand
    (to the right)", "this is hand 3 of the session").

    :raises RecordSyntaxError: a field taken from the session that differs from it.
    :raises InconsistentRecord: a readable hand that contradicts the rotation (code ``rotation``,
        exit 1, like a wrong pass_direction).
    """
    for key in given:
        if key in raw and raw[key] != given[key]:
            raise RecordSyntaxError(Said("the hand's %(key)s differs from the session's", key=str(key)))
    record = read(raw, {**given, "dealer": dealer, "hand": number})
    if record.dealer != dealer:
        raise InconsistentRecord(
            Said("the deal %(passes)s %(dealer)s for this hand%(aside)s, but the record says %(dealer2)s dealt",
                 passes=passes or Said("rotates to"), dealer=str(dealer), aside=aside, dealer2=str(record.dealer)),
            code="rotation",
        )
    if record.hand != number:
        raise InconsistentRecord(
            Said("this is %(noun)s %(number)s of the session, but the record says hand %(hand)s",
                 noun=noun or Word("deal", "a hand of a session"), number=str(number), hand=str(record.hand)),
            code="rotation",
        )
    return record

