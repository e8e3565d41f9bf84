"""The pools between hands (catalogue 6.2): the current pool, the supplemental queue, who has doubled.

``Pools`` is what carries from one hand to the next. Supplemental pools are named ``S1``,
``S2`` ... in the order they were made during the game; the oldest becomes the current
pool when the current one is won. JSON::

    {"current": 115, "supplements": [{"id": "S1", "fish": 115}], "doubled": ["B"]}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import Said, RecordSyntaxError, shown

CURRENT = "pool"  # the account name of the current pool in payments


@dataclass(frozen=True, slots=True)
class Pools:
    """The fish on the table outside the players' stocks, between two hands.

    >>> p = Pools(115, (("S1", 115),), frozenset({1}), made=1)
    >>> p.total, p.describe(("A", "B", "C", "D"))
    (230, 'pool 115, S1 115; doubled: B')
    """

    current: int = 0
    supplements: tuple[tuple[str, int], ...] = ()  # (id, fish), oldest first
    doubled: frozenset[int] = frozenset()  # seats that doubled the current pool since it was last won (AMB-38d)
    made: int = 0  # supplemental pools made so far in the game: the next is S<made + 1>
    ante_in: bool = False  # a misdeal's redeal: the dealer's 5 for it is already in the pool (4.2, AMB-11)

    @property
    def total(self) -> int:
        return self.current + sum(fish for _, fish in self.supplements)

    def describe(self, names: Sequence[str]) -> str:
        parts = [f"pool {self.current}"] + [f"{label} {fish}" for label, fish in self.supplements]
        text = ", ".join(parts)
        if self.doubled:
            text += "; doubled: " + ", ".join(names[s] for s in sorted(self.doubled))
        return text

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        out: dict[str, Any] = {"current": self.current,
                               "supplements": [{"id": label, "fish": fish} for label, fish in self.supplements]}
        if self.doubled:
            out["doubled"] = [names[s] for s in sorted(self.doubled)]
        if self.made != _highest(self.supplements):
            out["made"] = self.made
        if self.ante_in:
            out["ante_in"] = True
        return out

    @staticmethod
    def from_json(names: Sequence[str], value: Any) -> Pools:
        """Read the ``pools`` of a record or a session.

        :raises RecordSyntaxError: a badly shaped value.
        """
        if not isinstance(value, Mapping):
            raise RecordSyntaxError(Said('pools must be an object: {"current": fish, "supplements": [...], '
                                         '"doubled": [...]}'))
        unknown = [k for k in value if k not in ("current", "supplements", "doubled", "made", "ante_in")]
        if unknown:
            raise RecordSyntaxError(Said("unknown field %(field)s in pools (current, supplements, doubled, made, "
                                         "ante_in)", field=shown(unknown[0])))
        current = _fish("pools current", value.get("current", 0))
        raw = value.get("supplements") or []
        if not isinstance(raw, list):
            raise RecordSyntaxError(Said('pools supplements must be a list, oldest first'))
        supplements: list[tuple[str, int]] = []
        for i, item in enumerate(raw):
            if isinstance(item, Mapping) and set(item) <= {"id", "fish"} and "fish" in item:
                label = item.get("id", f"S{i + 1}")
                if not isinstance(label, str) or not label.startswith("S") or not label[1:].isdigit():
                    raise RecordSyntaxError(Said("pools supplements[%(index)s]: an id is S1, S2 ..., not %(card)s",
                                                 index=i, card=shown(label)))
                supplements.append((label, _fish(f"pools supplements[{i}]", item["fish"])))
            elif isinstance(item, int) and not isinstance(item, bool):
                supplements.append((f"S{i + 1}", _fish(f"pools supplements[{i}]", item)))
            else:
                raise RecordSyntaxError(Said('pools supplements[%(index)s] must be fish or {"id": "S1", "fish": n}, '
                                             "not %(value)s", index=i, value=shown(item)))
        labels = [label for label, _ in supplements]
        if len(set(labels)) != len(labels):
            raise RecordSyntaxError(Said('pools supplements names one pool twice'))
        doubled_names = value.get("doubled") or []
        if not isinstance(doubled_names, list) or any(n not in names for n in doubled_names):
            raise RecordSyntaxError(Said('pools doubled must list players (%(names)s)', names=', '.join(names)))
        made = value.get("made", _highest(tuple(supplements)))
        if isinstance(made, bool) or not isinstance(made, int) or made < _highest(tuple(supplements)):
            raise RecordSyntaxError(Said("pools made must be a whole number, at least the highest supplement id, not "
                                         "%(made)s", made=shown(made)))
        ante_in = value.get("ante_in", False)
        if not isinstance(ante_in, bool):
            raise RecordSyntaxError(Said('pools ante_in must be true or false'))
        return Pools(current, tuple(supplements), frozenset(list(names).index(n) for n in doubled_names), made, ante_in)


def _highest(supplements: tuple[tuple[str, int], ...]) -> int:
    return max((int(label[1:]) for label, _ in supplements), default=0)


def _fish(what: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RecordSyntaxError(Said("%(what)s must be a whole number of fish from 0, not %(value)s", what=what,
                                     value=shown(value)))
    return value
