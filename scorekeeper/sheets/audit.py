"""The printed audit of one hand: the engine's audit (``engine.audit``), trick by trick, on paper.

Who led, each card in the order played, who won, the penalty cards the winner took with the
trick (the widow with trick 1) and their points; the first illegal play in red with its rule
code and the engine's sentence, and how the hand scores if the table lets it stand as an
established revoke. Every fact comes from ``engine.audit.audit`` (the replay in audit mode):
nothing here decides a rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.hearts.audit import HandAudit, TrickView, audit
from ..engine.cards import Card, sorted_cards
from ..engine.hearts.games import make_ruleset
from ..engine.hearts.records import HandRecord, from_json
from ..engine.hearts.replay import HandOutcome
from ..engine.hearts.ruleset import Ruleset
from ..engine.seating import Direction, Seating
from ..engine.hearts.words import card_label, plain_warning, points_text
from ..language import N_, gettext as _, word
from .model import paper_key


@dataclass(frozen=True)
class AuditCell:
    """One card in a trick, in its player's column."""

    card: str = ""  # as printed: Q♠
    code: str = ""  # canonical: QS
    order: int = 0  # 1 for the lead, 2 for the next card...
    lead: bool = False
    won: bool = False
    scoring: bool = False
    illegal: bool = False


@dataclass(frozen=True)
class AuditTrick:
    number: int
    leader: str
    cells: tuple[AuditCell, ...]  # one per seat, in seat order; empty where nobody played (yet)
    winner: str = ""  # empty for a trick that was not finished
    penalty: tuple[str, ...] = ()  # the scoring cards the winner took with the trick
    points: str = ""
    widow: tuple[str, ...] = ()  # trick 1: the widow went to its winner
    illegal: bool = False


@dataclass(frozen=True)
class AuditError:
    """The engine's refusal: its stable code, its sentence, and where."""

    code: str
    message: str
    trick: int | None = None
    play: int | None = None
    player: str | None = None
    card: str | None = None


@dataclass(frozen=True)
class Audit:
    title: str
    subtitle: str
    players: tuple[str, ...]
    facts: tuple[tuple[str, str], ...]  # (what, cards or words): the deal, the passes, the widow
    tricks: tuple[AuditTrick, ...]
    taken: tuple[tuple[str, str], ...] = ()  # per player: the scoring cards (or counts) taken
    points: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()  # moon, established revoke, an incomplete record, the source's warning
    error: AuditError | None = None
    established: tuple[tuple[str, str], ...] = ()  # points per player had the illegal play stood as a revoke
    established_rule: str = ""
    quick: bool = False  # a quick result: no cards were recorded
    paper: str = "a4"
    landscape: bool = False

    @property
    def ok(self) -> bool:
        return self.error is None


def read_hand(value: HandRecord | Mapping[str, Any]) -> HandRecord:
    """A hand record from a decoded JSON object (or the record itself).

    :raises RecordSyntaxError: a badly shaped record.
    """
    return value if isinstance(value, HandRecord) else from_json(value)


def hand_audit(value: HandRecord | Mapping[str, Any], *, paper: str = "a4") -> Audit:
    """The printed audit of one hand record; an illegal hand gives an audit with ``error`` set.

    :raises RecordSyntaxError: the record cannot be read at all (its shape, game, options).
    """
    paper = paper_key(paper)
    record = read_hand(value)
    ruleset = make_ruleset(record.game, record.options)  # an unknown game or option is unreadable (exit 2)
    seating = Seating(record.players, ruleset.clockwise)
    found = audit(record)
    if found.error is not None and found.error.exit_status == 2:
        raise found.error
    title, subtitle = _header(record, ruleset, seating)
    outcome = found.outcome
    error = None
    if found.error is not None:
        e = found.error
        error = AuditError(e.code, e.message, e.trick, e.play, e.player, e.card)
    tricks = _tricks(found, ruleset, seating)
    names = record.players
    taken: tuple[tuple[str, str], ...] = ()
    points: tuple[tuple[str, str], ...] = ()
    notes: list[str] = []
    if outcome is not None and error is None:
        taken = tuple((name, _taken(entry)) for name, entry in zip(names, outcome.taken))
        points = tuple((name, points_text(p)) for name, p in zip(names, outcome.points))
        notes.extend(_outcome_notes(outcome))
        if outcome.tricks is not None and not found.complete:
            notes.append(_("The record stops after %(plays)s of %(total)s cards: the tricks shown are those the "
                           "table remembers.", plays=found.plays, total=found.total))
    established: tuple[tuple[str, str], ...] = ()
    rule = ""
    if found.established is not None and found.established.revoke is not None:
        established = tuple((name, points_text(p)) for name, p in zip(names, found.established.points))
        rule = found.established.revoke.rule
    if ruleset.warning:
        notes.append(plain_warning(ruleset.warning) or "")
    return Audit(
        title, subtitle, names, _facts(record, ruleset, seating), tricks, taken, points, tuple(notes), error,
        established, rule, quick=outcome is not None and outcome.tricks is None and outcome.void is None,
        paper=paper, landscape=seating.size > 6,
    )


def _header(record: HandRecord, ruleset: Ruleset, seating: Seating) -> tuple[str, str]:
    direction = ruleset.pass_direction(record.number, seating.size)
    passing = _(PASSING[direction])
    return (_("%(game)s: audit of hand %(number)s", game=word(ruleset.name), number=record.number),
            f"{_('%(dealer)s dealt', dealer=record.dealer)} \u00b7 {passing} \u00b7 {', '.join(record.players)}")


# How the hand's cards were passed, as the audit's subtitle says it.
PASSING = {Direction.LEFT: N_("passed left"), Direction.RIGHT: N_("passed right"),
           Direction.ACROSS: N_("passed across"), Direction.NONE: N_("no passing")}


def _facts(record: HandRecord, ruleset: Ruleset, seating: Seating) -> tuple[tuple[str, str], ...]:
    facts: list[tuple[str, str]] = []
    if record.deal is not None:
        for name in record.players:
            facts.append((_("Dealt to %(name)s", name=name), _cards(sorted_cards(record.deal.get(name, ())))))
    direction = ruleset.pass_direction(record.number, seating.size)
    if record.passes and direction is not Direction.NONE:
        for seat, name in enumerate(record.players):
            to = seating.name(seating.receiver(seat, direction))
            facts.append((_("%(name)s passed to %(to)s", name=name, to=to), _cards(record.passes.get(name, ()))))
    if record.widow:
        facts.append((_("Widow"), _cards(record.widow)))
    if record.leader:
        facts.append((_("First leader"), record.leader))
    for event in record.events:
        if event["type"] not in ("revoke", "cut"):  # those show in the notes
            facts.append((_("Event"), ", ".join(f"{k} {v}" for k, v in event.items())))
    return tuple(facts)


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(card_label(c) for c in cards) or "\u2013"


def _tricks(found: HandAudit, ruleset: Ruleset, seating: Seating) -> tuple[AuditTrick, ...]:
    """The engine's tricks as printed rows; the illegal play added, in red, to its trick."""
    error = found.error
    revoke = found.outcome.revoke if found.outcome is not None else None
    refused: tuple[int, int, Card] | None = None  # (trick, seat, card) of the illegal play
    if error is not None and error.play is not None and error.play < len(found.record.play) and error.trick:
        item = found.record.play[error.play]
        seat = seating.seat(error.player) if error.player in seating.players else None
        if seat is not None:
            refused = (error.trick, seat, item.card)
    rows: list[AuditTrick] = []
    taken_before: tuple[tuple[Card, ...], ...] = tuple(() for _ in seating.players)
    for view in found.tricks:
        rows.append(_row(view, taken_before, ruleset, seating, refused, revoke))
        taken_before = view.taken
    if refused is not None and (not rows or rows[-1].number != refused[0]):  # the illegal play led a new trick
        number, seat, c = refused
        cells = [AuditCell() for _ in seating.players]
        cells[seat] = AuditCell(card_label(c), c.code, 1, True, False, ruleset.is_penalty(c), True)
        rows.append(AuditTrick(number, seating.name(seat), tuple(cells), illegal=True))
    return tuple(rows)


def _row(
    view: TrickView,
    taken_before: tuple[tuple[Card, ...], ...],
    ruleset: Ruleset,
    seating: Seating,
    refused: tuple[int, int, Card] | None,
    revoke: Any,
) -> AuditTrick:
    cells = [AuditCell() for _ in seating.players]
    for order, (seat, c) in enumerate(view.plays, 1):
        accepted = revoke is not None and revoke.trick == view.number and revoke.seat == seat and revoke.card == c
        cells[seat] = AuditCell(card_label(c), c.code, order, order == 1, seat == view.winner,
                                ruleset.is_penalty(c), accepted)
    illegal = revoke is not None and revoke.trick == view.number
    if refused is not None and refused[0] == view.number:
        _, seat, c = refused
        order = len(view.plays) + 1
        cells[seat] = AuditCell(card_label(c), c.code, order, order == 1, False, ruleset.is_penalty(c), True)
        illegal = True
    if view.winner is None:
        return AuditTrick(view.number, seating.name(view.leader), tuple(cells), illegal=illegal)
    # What the winner took with this trick: his cards won after it, less those before (the widow too, trick 1).
    won = Counter(view.taken[view.winner]) - Counter(taken_before[view.winner])
    in_trick = Counter(c for _, c in view.plays)
    widow = sorted_cards((won - in_trick).elements())
    scoring = [c for c in won.elements() if ruleset.is_penalty(c)]
    value = "" if ruleset.complex or not scoring else points_text(sum(ruleset.values.get(c, 0) for c in scoring))
    return AuditTrick(
        view.number, seating.name(view.leader), tuple(cells), seating.name(view.winner),
        tuple(card_label(c) for c in sorted_cards(scoring)), value, tuple(card_label(c) for c in widow), illegal,
    )


def _outcome_notes(outcome: HandOutcome) -> list[str]:
    names = outcome.players
    notes = []
    if outcome.moon is not None:
        m = outcome.moon
        moon = (_("%(name)s shot the moon (%(rule)s, chose to %(choice)s)", name=names[m.seat], rule=m.rule,
                  choice=m.choice) if m.choice else _("%(name)s shot the moon (%(rule)s)", name=names[m.seat], rule=m.rule))
        notes.append(moon + ("; " + _("wins the game at once") if m.instant_win else ""))
    if outcome.revoke is not None:
        r = outcome.revoke
        notes.append(_("Established revoke: %(name)s played %(card)s in trick %(trick)s (%(code)s); play stopped and "
                       "%(rule)s applies", name=names[r.seat], card=card_label(r.card), trick=r.trick, code=r.code,
                       rule=r.rule))
    if outcome.void is not None:
        notes.append(_("Misdeal (%(why)s): the hand is void and the same dealer deals again", why=outcome.void))
    return notes


def _taken(entry: Any) -> str:
    if isinstance(entry, Mapping):
        return ", ".join(f"{k} {v}" for k, v in entry.items()) or "\u2013"
    return _cards(list(entry))
