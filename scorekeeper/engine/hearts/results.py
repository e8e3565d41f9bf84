"""Quick results (``taken``): what each player took, checked against what a deal can produce.

Every problem is collected, so the form at the table shows them all at once; the
record is refused with code ``impossible-result`` and a sentence per problem.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from ..cards import ALL_CARDS, Card, Suit, cards_said
from ..errors import ImpossibleResult, RecordSyntaxError, Said, both, joined, some
from .records import HandRecord
from .outcome import TURNED_UP, HandOutcome, trump as trump_of
from .ruleset import DealLayout, Ruleset
from .scoring import Haul, Points, base_points, capot_outcomes, capot_points, haul_of, score_hand, special_cards
from ..seating import Seating


COUNT_KEYS = frozenset(("hearts", "tricks", "spots", "points", "first_trick", "last_trick"))
TRICK_KEYS = ("first_trick", "last_trick")
_CODES = {c.code: c for c in ALL_CARDS}  # records write counted cards in their canonical spelling


@dataclass(frozen=True)
class PackFacts:
    """What checking a result needs to know about a game's pack, computed once per ruleset and layout."""

    specials: frozenset[Card]
    sorted_specials: tuple[Card, ...]
    special_hearts: tuple[tuple[Card, int], ...]  # special cards that are hearts, with their copies in the pack
    in_pack: Counter[Card]  # read only
    heart_values: tuple[int, ...]


_FACTS: dict[tuple[int, int], tuple[Ruleset, DealLayout, PackFacts]] = {}


def pack_facts(ruleset: Ruleset, layout: DealLayout) -> PackFacts:
    """The pack facts of a ruleset and a layout (both cached by the engine), looked up by identity.

    Hashing a layout hashes its whole pack; the identities are kept alive in the cache, so an
    ``id`` cannot be reused while its entry is there.
    """
    key = (id(ruleset), id(layout))
    hit = _FACTS.get(key)
    if hit is not None and hit[0] is ruleset and hit[1] is layout:
        return hit[2]
    facts = _pack_facts(ruleset, layout)
    if len(_FACTS) >= 256:
        _FACTS.clear()
    _FACTS[key] = (ruleset, layout, facts)
    return facts


def _pack_facts(ruleset: Ruleset, layout: DealLayout) -> PackFacts:
    specials = special_cards(ruleset)
    ordered = tuple(sorted(specials))
    return PackFacts(
        specials=specials,
        sorted_specials=ordered,
        special_hearts=tuple((c, layout.copies.get(c, 0)) for c in ordered if c.suit is ruleset.unit_suit),
        in_pack=Counter(layout.pack),
        heart_values=tuple(ruleset.values.get(c, 0) for c in layout.pack if c.suit is ruleset.unit_suit),
    )


def check_result(record: HandRecord, ruleset: Ruleset, seating: Seating, layout: DealLayout) -> HandOutcome:
    """Check and score a result record.

    :raises ImpossibleResult: the counts cannot come from any deal of this game.
    """
    assert record.taken is not None
    turned_up = _turned_up(record, ruleset)
    if not ruleset.heart_unit:
        return _check_card_result(record, ruleset, seating, layout, turned_up)
    facts = pack_facts(ruleset, layout)
    sound = _sound_counts(record, ruleset, seating, layout, facts)
    if sound is not None:
        shares, shown = sound
        points, moon = score_hand(ruleset, layout, shares, record.moon_choice, seating.players)
        return HandOutcome(record, ruleset, seating, layout, points, shares, shown, moon=moon)
    problems: list[Said] = []
    specials = facts.specials
    in_pack = facts.in_pack
    heart_values = facts.heart_values
    hearts_total = len(heart_values)
    tricks_given = False

    hauls: list[Haul | None] = []
    point_entries: dict[int, Any] = {}
    constraints: list[tuple[int | None, int | None]] = []
    taken_out: list[Any] = []
    listed: dict[Card, list[str]] = {}
    for seat, name in enumerate(seating.players):
        entry = record.taken.get(name)
        if entry is None:
            problems.append(Said("%(player)s's share is missing", player=name))
            hauls.append(None)
            constraints.append((None, None))
            taken_out.append({})
            continue
        if type(entry) is not dict and not isinstance(entry, Mapping):  # dicts first: the common case, quickly
            for c in entry:
                listed.setdefault(c, []).append(name)
                if not in_pack[c]:
                    problems.append(Said("%(card)s is not in this game's pack (%(player)s)", card=c, player=name))
            haul = haul_of(ruleset, entry, specials)
            hauls.append(haul)
            heart_cards = [c for c in entry if c.suit is ruleset.unit_suit]
            constraints.append((len(heart_cards), haul.spots))
            taken_out.append(tuple(sorted(c for c in entry if c in ruleset.scoring_cards)))
            continue
        taken_out.append(dict(entry))
        for key in TRICK_KEYS:
            if key in entry:
                raise _no_such_count(ruleset, name, key)
        if "points" in entry and not any(k in entry for k in ("hearts", "spots")) and not _card_keys(entry):
            point_entries[seat] = entry["points"]
            hauls.append(None)
            constraints.append((None, None))
            continue
        haul, constraint = _haul_from_counts(ruleset, layout, name, entry, facts, problems)
        hauls.append(haul)
        constraints.append(constraint)
        for c in haul.specials:
            listed.setdefault(c, []).append(name)
        if "tricks" in entry:
            tricks_given = True
            _check_tricks(entry, haul, ruleset, layout, seating.size, name, problems)

    if ruleset.spots and heart_values and min(heart_values) > 0:
        # Only every heart makes the hand's whole spot total: that share took them all (a moon needs the count).
        for seat, (count, spots) in enumerate(constraints):
            share = hauls[seat]
            if count is None and share is not None and spots == sum(heart_values):
                hauls[seat] = replace(share, hearts=hearts_total)
                constraints[seat] = (hearts_total, spots)

    dead = ruleset.cancellation  # dead tricks at the end of the hand are out of play (2.12)
    _check_specials(listed, facts.sorted_specials, in_pack, problems, complete=not point_entries and not dead)
    for c, names in listed.items():
        if c not in specials and c.suit is ruleset.unit_suit and len(names) > in_pack[c]:
            problems.append(Said("%(card)s is listed for %(players)s", card=c, players=both(names)))
    if tricks_given:
        _check_tricks_total(record, ruleset, layout, seating, problems)

    if not point_entries:
        counted = sum(count for count, _ in constraints if count is not None)
        all_counted = all(count is not None for count, _ in constraints)
        if dead and counted <= hearts_total:
            pass  # the cards nobody took went out of play in dead tricks at the end of the hand
        elif (all_counted and counted != hearts_total) or counted > hearts_total:
            problems.append(Said("the hearts add up to %(count)s, but a hand has %(total)s", count=counted, total=hearts_total))
        elif ruleset.spots and not problems and not _hearts_can_split(tuple(heart_values), tuple(constraints)):
            problems.append(_split_sentence(ruleset, seating, constraints, hearts_total, sum(heart_values)))

    if point_entries:
        _check_points(ruleset, layout, seating, hauls, point_entries, problems)
    if problems:
        raise ImpossibleResult(Said("Impossible result: %(problems)s.", problems=joined(problems)), code="impossible-result")

    if point_entries:
        points = tuple(point_entries[s] if h is None else base_points(ruleset, h) for s, h in enumerate(hauls))
        full = tuple(h or Haul() for h in hauls)
        return HandOutcome(record, ruleset, seating, layout, points, full, tuple(taken_out))
    complete = tuple(h for h in hauls if h is not None)
    points, moon = score_hand(ruleset, layout, complete, record.moon_choice, seating.players)
    return HandOutcome(record, ruleset, seating, layout, points, complete, tuple(taken_out), moon=moon)


def takes_card_points(ruleset: Ruleset) -> bool:
    """Whether a quick result of this game may give each player's card points alone, ``{"points": 40}``:
    only cards score, and no trick does (Conquimbert, 2.24)."""
    return not ruleset.heart_unit and not ruleset.scores_tricks and not ruleset.variant.taken_as_lists


def _turned_up(record: HandRecord, ruleset: Ruleset) -> Card | None:
    """The card a result says was turned up for trumps: its ``trumps`` event, read as replay reads it,
    or else the top card of its recorded widow; None where the trumps are named, or not said (a quick
    result need not say them: they decide no count).

    :raises InconsistentRecord: trumps named in a game without them, named twice, or named by their
        suit where a card is turned up (code ``trumps``).
    """
    if record.events and any(e["type"] == "trumps" for e in record.events):
        trump = trump_of(record, ruleset)
        return trump if ruleset.trumps in TURNED_UP else None
    if ruleset.trumps in TURNED_UP and record.widow:
        return record.widow[0]
    return None


def _sound_counts(
    record: HandRecord, ruleset: Ruleset, seating: Seating, layout: DealLayout, facts: PackFacts,
) -> tuple[tuple[Haul, ...], tuple[Any, ...]] | None:
    """The hauls of a sound result given as counts (``{"hearts": 3, "QS": 1}``), or None.

    Sound: every player gives his hearts and, card by card, the special cards he took, and
    nothing else; the hearts add up to the pack's; each special card is taken as often as the
    pack holds it; no special card is a heart (Pink Lady's QH). Anything else (card lists,
    tricks, spots, points, Spot Hearts, a problem) returns None and goes the careful way,
    which finds and words every problem: so this never decides an error, it only skips the
    bookkeeping of the common case.
    """
    assert record.taken is not None
    if ruleset.spots:
        return None
    taken = record.taken
    specials = facts.specials
    shares: list[Haul] = []
    shown: list[Any] = []
    total = 0
    placed: dict[Card, int] = {}
    for name in seating.players:
        entry = taken.get(name)
        if type(entry) is not dict:
            return None
        hearts = entry.get("hearts")
        if type(hearts) is not int:
            return None
        mine: list[Card] = []
        for key, copies in entry.items():
            if key == "hearts":
                continue
            c = _CODES.get(key)
            if c is None or c not in specials or c.suit is ruleset.unit_suit:
                return None
            if copies:
                mine.extend([c] * copies)
                placed[c] = placed.get(c, 0) + copies
        total += hearts
        shares.append(Haul(hearts, hearts, tuple(sorted(mine))) if mine else _plain_haul(hearts, hearts))
        shown.append(dict(entry))
    if total != len(facts.heart_values) or (total == ruleset.hearts_in(layout) and facts.special_hearts):
        return None
    in_pack = facts.in_pack
    if any(placed.get(c, 0) != in_pack[c] for c in facts.sorted_specials):
        return None
    return tuple(shares), tuple(shown)


def _card_keys(entry: Mapping[str, Any]) -> list[str]:
    return [k for k in entry if k not in COUNT_KEYS]


def _haul_from_counts(
    ruleset: Ruleset, layout: DealLayout, name: str, entry: Mapping[str, Any], facts: PackFacts,
    problems: list[Said],
) -> tuple[Haul, tuple[int | None, int | None]]:
    """A haul from counts such as {"hearts": 3, "QS": 1}."""
    mine: list[Card] = []
    specials = facts.specials
    for key in entry:
        if key in COUNT_KEYS:
            continue
        c = Card.parse(key)
        if c not in specials:
            problems.append(Said("%(card)s does not score on its own in %(game)s; count it in hearts (%(player)s)", card=c,
                                 game=ruleset.name, player=name))
            continue
        mine.extend([c] * entry[key])
    hearts = entry.get("hearts")
    spots = entry.get("spots")
    if hearts == ruleset.hearts_in(layout) and facts.special_hearts:  # every heart: the special ones (Pink Lady's QH) too
        listed = set(mine)
        mine.extend(c for c, copies in facts.special_hearts if c not in listed for _ in range(copies))
    if not mine:  # no special card: nothing to sort or count (the common case)
        if ruleset.spots and spots is None:
            problems.append(Said("%(game)s scores the hearts' pips: give %(player)s's spots or the hearts taken",
                                 game=ruleset.name, player=name))
        count = hearts if hearts is not None else (None if spots is not None else 0)
        if not ruleset.spots:
            spots = count or 0
        return _plain_haul(count or 0, spots or 0), (count, spots if ruleset.spots else None)
    if ruleset.spots and spots is None:
        problems.append(Said("%(game)s scores the hearts' pips: give %(player)s's spots or the hearts taken",
                                 game=ruleset.name, player=name))
    unit = ruleset.unit_suit
    special_hearts = sum(1 for c in mine if c.suit is unit)
    if hearts is not None and hearts < special_hearts:
        problems.append(Said("%(player)s took %(cards)s but only %(hearts)s", player=name,
                             cards=cards_said(c for c in mine if c.suit is unit), hearts=some(hearts, "heart")))
    count = hearts if hearts is not None else (None if spots is not None else special_hearts)
    if not ruleset.spots:
        spot_total = (count or 0) - special_hearts + sum(ruleset.values.get(c, 1) for c in mine if c.suit is unit)
        spots = spot_total
    haul = Haul(count if count is not None else 0, spots or 0, tuple(sorted(mine)))
    return haul, (count, spots if ruleset.spots else None)


_PLAIN_HAULS: dict[tuple[int, int], Haul] = {}


def _plain_haul(hearts: int, spots: int) -> Haul:
    """A haul of hearts only (hauls are immutable, so the common ones are shared)."""
    haul = _PLAIN_HAULS.get((hearts, spots))
    if haul is None:
        haul = Haul(hearts, spots, ())
        if len(_PLAIN_HAULS) < 4096:
            _PLAIN_HAULS[hearts, spots] = haul
    return haul


def _check_specials(
    listed: Mapping[Card, list[str]], specials: Sequence[Card], in_pack: Counter[Card], problems: list[Said], complete: bool,
) -> None:
    """Each special card in play is taken exactly as often as the pack holds it (``specials`` in order)."""
    for c in specials:
        names = listed.get(c, [])
        copies = in_pack[c]
        if len(names) > copies:
            if copies == 1 and len(set(names)) == 1:
                problems.append(Said("%(player)s's share names %(card)s twice", player=names[0], card=c))
            elif copies == 1:
                problems.append(Said("%(card)s is taken by both %(players)s", card=c, players=both(names)))
            else:
                problems.append(Said("%(card)s is taken %(count)s times", card=c, count=len(names)))
        elif complete and len(names) < copies:
            problems.append(Said("%(card)s was taken by nobody", card=c) if copies == 1 else
                            Said("only %(count)s of the %(copies)s %(card)s were taken", count=len(names), copies=copies,
                                 card=c))


def _check_tricks(
    entry: Mapping[str, Any], haul: Haul, ruleset: Ruleset, layout: DealLayout, n: int, name: str, problems: list[Said],
) -> None:
    tricks = entry.get("tricks")
    if tricks is None:
        return
    whole = ruleset.tricks_per_hand(layout, n)
    if whole is not None and tricks > whole:
        problems.append(Said("%(player)s took %(tricks)s, but a hand has %(whole)s", player=name,
                             tricks=some(tricks, "trick"), whole=whole))
    cards = haul.hearts + sum(1 for c in haul.specials if c.suit is not Suit.HEARTS)
    if cards > tricks * n + (layout.widow_size if tricks else 0):
        problems.append(Said("%(player)s took %(cards)s in %(tricks)s", player=name, cards=some(cards, "scoring card"),
                             tricks=some(tricks, "trick")))


def _check_tricks_total(
    record: HandRecord, ruleset: Ruleset, layout: DealLayout, seating: Seating, problems: list[Said],
) -> None:
    assert record.taken is not None
    counts = [e["tricks"] for e in record.taken.values() if isinstance(e, Mapping) and "tricks" in e]
    whole = ruleset.tricks_per_hand(layout, seating.size)
    if len(counts) == seating.size and whole is not None and sum(counts) != whole:
        problems.append(Said("the tricks add up to %(count)s, but a hand has %(whole)s", count=sum(counts), whole=whole))


def _hearts_can_split(values: tuple[int, ...], constraints: tuple[tuple[int | None, int | None], ...]) -> bool:
    """Whether the hearts can be shared out so each player has his count and spot total.

    An exact search over the single pack's 13 hearts; a double pack is checked by its totals.
    """
    if len(values) > 16:
        spots = [s for _, s in constraints if s is not None]
        return len(spots) < len(constraints) or sum(spots) == sum(values)
    return _split(values, constraints)


@lru_cache(maxsize=4096)
def _split(values: tuple[int, ...], constraints: tuple[tuple[int | None, int | None], ...]) -> bool:
    size = len(values)
    full = (1 << size) - 1
    fits: list[list[int]] = []
    stats = [(bin(m).count("1"), sum(v for i, v in enumerate(values) if m >> i & 1)) for m in range(full + 1)]
    for count, spots in constraints:
        fits.append([m for m, (k, s) in enumerate(stats) if (count is None or k == count) and (spots is None or s == spots)])
    free = [i for i, (count, spots) in enumerate(constraints) if count is None and spots is None]
    order = sorted((i for i in range(len(constraints)) if i not in free), key=lambda i: len(fits[i]))
    seen: set[tuple[int, int]] = set()

    def search(depth: int, used: int) -> bool:
        if depth == len(order):
            return bool(free) or used == full
        if (depth, used) in seen:
            return False
        seen.add((depth, used))
        return any(not (m & used) and search(depth + 1, used | m) for m in fits[order[depth]])

    return search(0, 0)


def _split_sentence(
    ruleset: Ruleset, seating: Seating, constraints: Sequence[tuple[int | None, int | None]], hearts: int, spots: int,
) -> Said:
    if ruleset.spots:
        given = sum(s for _, s in constraints if s is not None)
        if all(s is not None for _, s in constraints) and given != spots:
            return Said("the spots add up to %(count)s, but a hand's hearts are worth %(spots)s", count=given, spots=spots)
        return Said("no deal shares the hearts out with those counts and spot totals")
    return Said("no deal shares %(count)s hearts out that way", count=hearts)


@lru_cache(maxsize=64)
def subset_sums(values: tuple[int, ...], size: int | None = None) -> frozenset[int]:
    """Every total some of ``values`` make (exactly ``size`` of them, when given): what a player
    can score from the cards of a pack, or what its cards out of play can be worth."""
    reachable: set[tuple[int, int]] = {(0, 0)}
    for v in values:
        reachable |= {(k + 1, r + v) for k, r in reachable if size is None or k < size}
    return frozenset(r for k, r in reachable if size is None or k == size)


def _check_points(
    ruleset: Ruleset, layout: DealLayout, seating: Seating, hauls: Sequence[Haul | None],
    point_entries: Mapping[int, Any], problems: list[Said],
) -> None:
    """Players who gave only points: each total reachable, and all add up to the hand's total."""
    if ruleset.complex:
        problems.append(Said("Complex Hearts scores cannot be entered as points: give the cards taken"))
        return
    scoring = [ruleset.values[c] for c in layout.pack if c in ruleset.values]
    reachable = subset_sums(tuple(scoring))
    total = sum(scoring)
    known = 0
    for seat, value in point_entries.items():
        name = seating.name(seat)
        if not isinstance(value, int) or isinstance(value, bool):
            problems.append(Said("%(player)s's points must be a whole number", player=name))
            return
        if value not in reachable:
            problems.append(Said("%(player)s cannot score %(points)s in one hand of %(game)s", player=name,
                                 points=some(value, "point"), game=ruleset.name))
        known += value
    for haul in hauls:
        if haul is not None:
            points = base_points(ruleset, haul)
            assert isinstance(points, int)  # Complex Hearts returned above
            known += points
    if len(point_entries) + sum(1 for h in hauls if h is not None) == seating.size and known != total:
        problems.append(Said("the points add up to %(count)s, but a hand of %(game)s is worth %(total)s", count=known,
                             game=ruleset.name, total=total))


# --- games where only the game's cards (and tricks) score: Polignac, Slobberhannes, Knaves -------

def _check_card_result(
    record: HandRecord, ruleset: Ruleset, seating: Seating, layout: DealLayout, turned_up: Card | None,
) -> HandOutcome:
    """Check and score a result of a game without plain hearts (``Ruleset.heart_unit`` false).

    Per player, counts: the scoring cards taken (``{"JS": 1}``), ``tricks`` (where tricks score),
    ``first_trick`` and ``last_trick`` (1 for their winner, where they score); or the list of
    scoring cards taken, where only cards score. Every problem is collected. ``turned_up`` (the
    card turned up for trumps) and the recorded widow are out of play: nobody took them.

    :raises ImpossibleResult: the counts cannot come from any deal of this game.
    """
    assert record.taken is not None
    problems: list[Said] = []
    in_pack = Counter(layout.pack)
    specials = ruleset.specials
    scores_first = bool(ruleset.first_trick_value or ruleset.sweep_bonus)
    scores_last = bool(ruleset.last_trick_value or ruleset.sweep_bonus)
    n = seating.size
    hauls: list[Haul] = []
    shown: list[Any] = []
    listed: dict[Card, list[str]] = {}
    firsts: list[str] = []
    lasts: list[str] = []
    tricks_given: list[int] = []
    given: dict[int, int] = {}  # card points given per seat (a game where only cards score: Conquimbert)
    for seat, name in enumerate(seating.players):
        entry = record.taken.get(name)
        if entry is None:
            problems.append(Said("%(player)s's share is missing", player=name))
            hauls.append(Haul())
            shown.append({})
            continue
        if type(entry) is not dict and not isinstance(entry, Mapping):
            if ruleset.trick_value:  # a list cannot say how many tricks
                raise RecordSyntaxError(Said("taken by %(player)s: %(game)s scores every trick, so give %(player)s's "
                                             "counts, such as %(example)s", player=name, game=ruleset.name,
                                             example=_example(ruleset)))
            mine = []
            for c in entry:
                if not in_pack[c]:
                    problems.append(Said("%(card)s is not in this game's pack (%(player)s)", card=c, player=name))
                elif c in specials:
                    mine.append(c)
                    listed.setdefault(c, []).append(name)
            hauls.append(Haul(0, 0, tuple(sorted(mine))))
            shown.append(tuple(sorted(mine)))
            continue
        shown.append(dict(entry))
        if "points" in entry and takes_card_points(ruleset):  # the card points alone
            given[seat] = _card_points_given(entry, name, problems)
            hauls.append(Haul())
            continue
        mine = []
        for key, copies in entry.items():
            if key in ("hearts", "spots", "points"):
                raise RecordSyntaxError(Said("taken by %(player)s: %(game)s does not count %(key)s: give the cards "
                                             "%(player)s took and the tricks", player=name, game=ruleset.name, key=key)
                                        if ruleset.scores_tricks else
                                        Said("taken by %(player)s: %(game)s does not count %(key)s: give the cards "
                                             "%(player)s took", player=name, game=ruleset.name, key=key))
            if key == "tricks" or key in TRICK_KEYS:
                continue
            c = Card.parse(key)
            if c not in specials:
                problems.append(Said("%(card)s does not score in %(game)s (%(player)s)", card=c, game=ruleset.name,
                                     player=name))
                continue
            mine.extend([c] * copies)
            listed.setdefault(c, []).extend([name] * copies)
        first, last = entry.get("first_trick", 0), entry.get("last_trick", 0)
        for key, value, scores in (("first_trick", first, scores_first), ("last_trick", last, scores_last)):
            if value and not scores:
                raise _no_such_count(ruleset, name, key)
            if value > 1:
                problems.append(Said("%(player)s's %(key)s is 1 (won it) or 0, not %(value)s", player=name, key=key,
                                     value=value))
        if first:
            firsts.append(name)
        if last:
            lasts.append(name)
        tricks = entry.get("tricks")
        if tricks is None and ruleset.trick_value:
            problems.append(Said("%(game)s scores every trick: give the tricks %(player)s won", game=ruleset.name,
                                 player=name))
        if tricks is not None:
            tricks_given.append(tricks)
            won = len(mine) and -(-len(mine) // n)  # fewest tricks that hold those cards
            least = max(won, 1 if first or last else 0, 2 if first and last and layout.hand_size > 1 else 0)
            if tricks > layout.hand_size:
                problems.append(Said("%(player)s won %(tricks)s, but a hand has %(whole)s", player=name,
                                     tricks=some(tricks, "trick"), whole=layout.hand_size))
            elif tricks < least:
                problems.append(Said("%(player)s won %(tricks)s but took %(taken)s", player=name,
                                     tricks=some(tricks, "trick"), taken=_won_items(sorted(mine), first, last)))
        hauls.append(Haul(0, 0, tuple(sorted(mine)), tricks or 0, bool(first), bool(last)))
    out_of_play = layout.widow_size if ruleset.leftover == "out" else 0
    known_out = _known_out_of_play(record, ruleset, turned_up)
    for c, why in known_out.items():
        if listed.get(c):
            problems.append(Said("%(card)s %(why)s, so nobody took it, but %(players)s's share names it", card=c, why=why,
                                 players=both(listed[c])))
    missing: list[Card] = []
    for c in sorted(specials):
        names = listed.get(c, [])
        if len(names) > in_pack[c]:
            problems.append(Said("%(player)s's share names %(card)s twice", player=names[0], card=c) if len(set(names)) == 1
                            else Said("%(card)s is taken by both %(players)s", card=c, players=both(names)))
        elif len(names) < in_pack[c] and not given and c not in known_out:  # card points given: no card named
            missing += [c] * (in_pack[c] - len(names))
            if not out_of_play:
                problems.append(Said("%(card)s was taken by nobody", card=c))
    if given:
        _check_card_points(record, ruleset, layout, seating, hauls, given, problems)
    room = out_of_play - len(known_out)  # out of play, besides the cards the record names
    if out_of_play and missing and room <= 0:
        problems.append(Said("%(cards)s taken by nobody, but the card out of play is %(out)s", cards=cards_said(missing),
                             out=cards_said(known_out)) if len(known_out) == 1 else
                        Said("%(cards)s taken by nobody, but the cards out of play are %(out)s", cards=cards_said(missing),
                             out=cards_said(known_out)))
    elif out_of_play and len(missing) > room:
        places = {"missing": some(len(missing), "scoring card"), "room": some(room, "card"), "out": cards_said(known_out)}
        if room == 1:
            problems.append(Said("%(missing)s taken by nobody, but only %(room)s is out of play besides %(out)s", **places)
                            if known_out else Said("%(missing)s taken by nobody, but only %(room)s is out of play", **places))
        else:
            problems.append(Said("%(missing)s taken by nobody, but only %(room)s are out of play besides %(out)s", **places)
                            if known_out else Said("%(missing)s taken by nobody, but only %(room)s are out of play", **places))
    complete = all(record.taken.get(name) is not None for name in seating.players)  # a list names its tricks too
    for key, winners, scores in (("first trick", firsts, scores_first), ("last trick", lasts, scores_last)):
        first_trick = key == "first trick"
        if len(winners) > 1:
            problems.append(Said("the first trick is won by both %(players)s", players=both(winners)) if first_trick
                            else Said("the last trick is won by both %(players)s", players=both(winners)))
        elif scores and complete and not winners:
            problems.append(Said("nobody won the first trick: give its winner \"first_trick\": 1") if first_trick
                            else Said("nobody won the last trick: give its winner \"last_trick\": 1"))
    if len(tricks_given) == n and sum(tricks_given) != layout.hand_size:
        problems.append(Said("the tricks add up to %(count)s, but a hand has %(whole)s", count=sum(tricks_given),
                             whole=layout.hand_size))
    if problems:
        raise ImpossibleResult(Said("Impossible result: %(problems)s.", problems=joined(problems)), code="impossible-result")
    points: tuple[Points, ...] = tuple(given[s] if s in given else base_points(ruleset, h) for s, h in enumerate(hauls))
    own = ruleset.variant.points(ruleset, hauls, record)  # Gong Zhu: scored by its own rules
    if own is not None:
        points = own
    declarers = [seating.seat(e["player"]) for e in record.events if e["type"] == "capot"]
    if declarers:
        if not ruleset.capot:
            raise ImpossibleResult(Said("%(game)s has no Capot declarations", game=ruleset.name), code="capot")
        points = capot_points(ruleset, points, capot_outcomes(ruleset, hauls, declarers))
    return HandOutcome(record, ruleset, seating, layout, points, tuple(hauls), tuple(shown))


def _known_out_of_play(record: HandRecord, ruleset: Ruleset, turned_up: Card | None) -> dict[Card, Said]:
    """The cards a result names as out of play (Knaves' undealt cards, 2.23; Conquimbert's, 2.24), with
    why: the recorded widow, or the card turned up for trumps."""
    if ruleset.leftover != "out":
        return {}
    known = {c: Said("is out of play (in the widow)") for c in record.widow or ()}
    if turned_up is not None:
        known[turned_up] = Said("was turned up for trumps")
    return known


def _no_such_count(ruleset: Ruleset, name: str, key: str) -> RecordSyntaxError:
    """A count the game does not keep: a shape its result cannot take (exit 2), not an impossible deal."""
    return RecordSyntaxError(Said("taken by %(player)s: %(key)s does not score in %(game)s", player=name, key=key,
                                  game=ruleset.name))


def _example(ruleset: Ruleset) -> str:
    cards = sorted(ruleset.specials)
    parts = [f'"{cards[0].code}": 1'] if cards else []
    if ruleset.trick_value:
        parts.append('"tricks": 3')
    if ruleset.first_trick_value:
        parts.append('"first_trick": 1')
    return "{" + ", ".join(parts) + "}"


def _won_items(mine: Sequence[Card], first: int, last: int) -> list[Said | str]:
    items: list[Said | str] = [cards_said(mine)] if mine else []
    if first:
        items.append(Said("the first trick"))
    if last:
        items.append(Said("the last trick"))
    return items


def _card_points_given(entry: Mapping[str, Any], name: str, problems: list[Said]) -> int:
    """A player's card points (``{"points": 40}``), alone: the cards behind them are not named too."""
    value = entry["points"]
    if not isinstance(value, int) or isinstance(value, bool):
        problems.append(Said("%(player)s's points must be a whole number", player=name))
        return 0
    if any(key not in ("points", "tricks") for key in entry):
        problems.append(Said("give %(player)s's card points or the cards %(player)s took, not both", player=name))
    return value


def _check_card_points(
    record: HandRecord, ruleset: Ruleset, layout: DealLayout, seating: Seating, hauls: Sequence[Haul],
    given: Mapping[int, int], problems: list[Said],
) -> None:
    """Card points given (Conquimbert, catalogue 9.3): each a total the pack's cards make, and all of them
    the pack's points less the points out of play: exactly when the record's widow lists the cards out of
    play, else less what that many cards can be worth."""
    values = tuple(sorted(ruleset.values.get(c, 0) for c in layout.pack))
    reachable = subset_sums(tuple(v for v in values if v))
    for seat, value in given.items():
        if value not in reachable:
            problems.append(Said("%(player)s cannot take %(points)s in %(game)s", player=seating.name(seat),
                                 points=some(value, "card point"), game=ruleset.name))
    if len(hauls) != seating.size or len(record.taken or {}) != seating.size:
        return  # a share is missing: said already
    known = 0
    for seat, haul in enumerate(hauls):
        points = given[seat] if seat in given else base_points(ruleset, haul)
        assert isinstance(points, int)  # cards score whole points here
        known += points
    total = sum(values)
    out = layout.widow_size if ruleset.leftover == "out" else 0
    if record.widow is not None or not out:
        expected = total - sum(ruleset.values.get(c, 0) for c in record.widow or ())
        if known != expected:
            problems.append(Said("the card points add up to %(count)s, but the cards in play are worth %(expected)s",
                                 count=known, expected=expected))
    elif total - known not in subset_sums(values, out):
        problems.append(Said("the card points add up to %(count)s: the %(out)s out of play cannot be worth the other "
                             "%(other)s of the pack's %(total)s", count=known, out=some(out, "card"), other=total - known,
                             total=total))
