"""The audit of any hand, action by action, as plain data for the phone page and the printed audit.

Built from one thing only, a family's ``steps_json`` (``engine.progress.steps``): the table before
the first action, each action with the table after it and what it paid, and the first action the
replay refused, with its rule's code and sentence. The table is shown by what its state holds,
key by key (the hands, the talon, the trick so far, the tricks won, the layout, the pools, the
bets, the Michigan cards, the claims), so no game is named here: a family that shows a new key
gets a plain line for it until it has words of its own. Every word of a family (its kinds of action, its
refusals, the headings of its state, its places and why it pays) is its ``Vocabulary``
(``Family.vocabulary``), so that no code reaches a player. Every word is said in the language spoken now
(``language``: a page's, a ``speaking`` block's): the family's words, marked in its vocabulary, through
``language.word`` (a kind's verb and a heading with their contexts, ``engine.marks.ACTION`` and ``HEADING``), the
frames of the sentences here through the catalogues; in English, as ever, to the byte.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.cards import Card
from ..engine.family import family_of
from ..engine.vocabulary import COMMON, Vocabulary
from ..engine.hearts.words import card_label
from ..engine.marks import ACTION, HEADING
from ..language import N_, gettext as _, ngettext, word

TABLE = N_("The table")  # who takes a step no one player takes (no more trades, nobody declares Capot)

SUITS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


@dataclass(frozen=True)
class Shown:
    """A card as shown: its code (for the suit's colour and a tap), and its label (``10♥``)."""

    code: str
    label: str

    @property
    def suit(self) -> str:
        return self.code[-1:] if len(self.code) == 2 else ""


@dataclass(frozen=True)
class Line:
    """One line of a section: whose (or which space), cards, words, and whether it is marked."""

    who: str
    cards: tuple[Shown, ...] = ()
    words: str = ""
    marked: bool = False


@dataclass(frozen=True)
class Section:
    """One part of the table: a heading and its lines."""

    key: str
    title: str
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class Frame:
    """The table at one step: 0 is the deal (before any action); the last may be the refused action."""

    number: int
    index: int | None  # the action's index in the record (None: the deal)
    kind: str
    player: str | None
    action: str  # in words: "Ann played Q♠"
    value: Any  # as the record writes it (a what-if replaces it)
    card: Shown | None  # the card of the action, where it is one
    sections: tuple[Section, ...]
    paid: tuple[str, ...]  # what this action paid, in words
    refused: bool = False
    trick: int | None = None  # the trick the card went to, where the state says
    stood: bool = False  # the action broke a rule and the table let it stand (an established revoke)

    @property
    def who(self) -> str | None:
        """Who took the step, as a sentence names him: a player by his name, the table in the language spoken now."""
        return _("The table") if self.player == TABLE else self.player


@dataclass(frozen=True)
class Proof:
    """The first illegal action: the rule (code and plain words), the sentence, and where."""

    code: str
    rule: str
    message: str
    frame: int
    trick: int | None = None
    player: str | None = None
    card: Shown | None = None


@dataclass(frozen=True)
class Stood:
    """An action that broke a rule and that the table let stand (an established revoke): the step where it
    happened, the rule (code and plain words), the engine's sentence with its proof, the step where the
    table declared it (with the card that proves it, where that is a later card), and what it cost."""

    code: str
    rule: str
    message: str
    frame: int  # the step of the action that broke the rule
    declared: int  # the step where the table declared it stood
    trick: int | None
    player: str | None
    card: Shown | None  # the card that broke the rule
    proof: Shown | None  # the later card that proves it (without the deal), or None: the deal proves it
    cost: tuple[str, ...]  # the hand's points per player once it stood, and what the declaration paid, in words


@dataclass(frozen=True)
class StepsAudit:
    game: str
    players: tuple[str, ...]
    frames: tuple[Frame, ...]
    proof: Proof | None
    complete: bool
    stood: Stood | None = None

    @property
    def legal(self) -> bool:
        return self.proof is None

    @property
    def actions(self) -> int:
        return sum(1 for f in self.frames if f.index is not None and not f.refused)


def shown(code: Any) -> Shown | None:
    """A card code as shown; None for anything else."""
    if not isinstance(code, str):
        return None
    try:
        return Shown(code, card_label(Card.parse(code)))
    except ValueError:
        return None


def _cards(codes: Any) -> tuple[Shown, ...]:
    return tuple(c for c in (shown(x) for x in codes or ()) if c is not None)


def value_words(kind: str, value: Any, vocabulary: Vocabulary = COMMON) -> str:
    """An action's value in words: a card's label, ``keeps his hand``, ``raises 3``, a list of names."""
    card = shown(value)
    if card is not None:
        return card.label
    if value is None:
        return word(vocabulary.nothing.get(kind, N_("nothing")))
    if isinstance(value, list) and value and isinstance(value[0], str) and value[0] in vocabulary.options:
        return " ".join(str(v) for v in value)
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, Mapping):
        return "; ".join(f"{k} {_plain(v)}" for k, v in value.items())
    return str(value)


def choice_value(choice: Any, amount: int | None = None) -> Any:
    """A choice of ``progress_json`` as the record writes the action: a betting choice is ``[kind]`` or
    ``[kind, amount]``; anything else as it is."""
    if isinstance(choice, Mapping) and isinstance(choice.get("kind"), str):
        if choice.get("high") is not None:
            return [choice["kind"], amount if amount is not None else choice.get("low")]
        return [choice["kind"]]
    return choice


def payment_words(p: Mapping[str, Any], vocabulary: Vocabulary = COMMON) -> str:
    """``Ann → the pool: 5 fish (the stake)``: who paid whom, how much, why, and where in the hand, in the
    family's words (a place of the table by its name, never by its code)."""
    unit = "fish" if "fish" in p else "chips"
    amount = p.get(unit, p.get("amount", ""))
    why = p.get("why") or p.get("step") or ""
    where = [_("trick %(number)s", number=p["trick"])] if p.get("trick") else []
    if shown(p.get("card")):
        where.append(shown(p.get("card")).label)  # type: ignore[union-attr]
    extra = ", ".join([word(vocabulary.reason(why)) if why else "", *where]).strip(", ") if why or where else ""
    giver = _place(p.get("from"), vocabulary)
    if giver != str(p.get("from")):  # a place of the table opens the line: "The pot → Ann"
        giver = giver[:1].upper() + giver[1:]
    paid = (_("%(fish)s fish", fish=amount) if unit == "fish" else
            ngettext("%(num)d chip", "%(num)d chips", amount) if isinstance(amount, int) else f"{amount} chips")
    return (_("%(giver)s \u2192 %(taker)s: %(paid)s", giver=giver, taker=_place(p.get("to"), vocabulary), paid=paid)
            + (f" ({extra})" if extra else ""))


def _place(code: Any, vocabulary: Vocabulary) -> str:
    """A payer or payee in words in the language spoken now: a place of the table by its name (``the pot``,
    ``supplemental pool 2``), a player by his name."""
    return vocabulary.place(code, word)


def said(answer: Mapping[str, Any], vocabulary: Vocabulary) -> dict[str, Any]:
    """What the card page shows of a progress answer beside the trick, in the family's words: a line per key
    of its state the family shows there (``Vocabulary.strip``), every payment so far and each one's net.
    Empty where there is nothing to say (a trick-taking hand of the core: its page stays as light as it was)."""
    state = answer.get("state") or {}
    shown_keys = {k: state[k] for k in vocabulary.strip if k in state}
    lines = [[s.title, " \u00b7 ".join(f"{line.who} {line.words or ' '.join(c.label for c in line.cards)}".strip()
                                        for line in s.lines)] for s in sections(shown_keys, (), vocabulary=vocabulary)]
    paid = list(answer.get("paid") or ())
    if not lines and not paid:
        return {}
    net: dict[str, int] = {}
    for p in paid:
        amount = int(p.get("fish", p.get("chips", 0)) or 0)
        for who, sign in ((p.get("from"), -1), (p.get("to"), 1)):
            name = _place(who, vocabulary)
            net[name] = net.get(name, 0) + sign * amount
    return {"lines": lines, "paid": [payment_words(p, vocabulary) for p in paid],
            "net": " \u00b7 ".join(f"{who} {amount}" for who, amount in net.items())}


def _plain(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return " ".join(_plain(v) for v in value) or "\u2013"
    if isinstance(value, Mapping):
        return json.dumps(value, sort_keys=True)
    card = shown(value)
    return card.label if card else ("\u2013" if value is None else str(value))


def sections(state: Mapping[str, Any], players: Sequence[str], actor: str | None = None,
             vocabulary: Vocabulary = COMMON) -> tuple[Section, ...]:
    """The table as its state says it, one section per key (in the family's order, then any other); ``trick``
    and ``leader`` go with ``current``."""
    out: list[Section] = []
    order = vocabulary.order
    keys = [k for k in order if k in state] + [k for k in state if k not in order and k not in ("trick", "leader")]
    for key in keys:
        value = state[key]
        title = (word(vocabulary.headings[key], HEADING) if key in vocabulary.headings
                 else key.replace("_", " ").capitalize())
        lines = _lines(key, value, state, players, actor, vocabulary)
        if key == "current":
            number = state.get("trick") or len(state.get("tricks") or ()) + 1
            title = (_("Trick %(number)s, %(leader)s led", number=number, leader=state["leader"]) if state.get("leader")
                     else _("Trick %(number)s", number=number))
            if not lines:
                continue
        out.append(Section(key, title, tuple(lines)))
    return tuple(out)


def _lines(key: str, value: Any, state: Mapping[str, Any], players: Sequence[str],
           actor: str | None, vocabulary: Vocabulary) -> list[Line]:
    if key in ("hands", "taken") and isinstance(value, Mapping):
        return [Line(name, _cards(value.get(name)), "" if value.get(name) else "\u2013", name == actor)
                for name in [*players, *(n for n in value if n not in players)] if name in value]
    if key in ("talon", "played") and isinstance(value, list):
        if key == "played":
            return [Line(str(who), _cards([c])) for who, c in value[-13:]] if value else [Line("", words="\u2013")]
        return [Line("", _cards(value))]
    if key == "current" and isinstance(value, list):
        return [Line(str(who), _cards([c]), marked=who == actor) for who, c in value]
    if key == "tricks" and isinstance(value, list):
        won = Counter(t.get("winner") for t in value if isinstance(t, Mapping))
        lines = [Line(name, words=ngettext("%(num)d trick", "%(num)d tricks", won.get(name, 0)))
                 for name in players]
        if value and isinstance(value[-1], Mapping):
            last = value[-1]
            lines.append(Line(_("Trick %(number)s", number=len(value)), _cards(last.get("cards")),
                              _("%(leader)s led, %(winner)s won", leader=last.get("leader"), winner=last.get("winner"))
                              if last.get("winner") else _("%(leader)s led, nobody won", leader=last.get("leader"))))
        return lines
    if key == "pools" and isinstance(value, Mapping):
        lines = [Line(_("Current pool"), words=_("%(fish)s fish", fish=value.get("current", 0)))]
        lines += [Line(_("Supplement %(id)s", id=s.get("id")), words=_("%(fish)s fish", fish=s.get("fish")))
                  for s in value.get("supplements") or ()]
        if value.get("doubled"):
            lines.append(Line(_("Doubled"), words=", ".join(map(str, value["doubled"]))))
        return lines
    if key in ("layout", "bets") and isinstance(value, Mapping):
        return [Line(_space(str(k), vocabulary), words=ngettext("%(num)d chip", "%(num)d chips", v)) for k, v in value.items()]
    if key == "paying_suit":
        return [Line("", words=SUITS.get(str(value), str(value)))]
    if key == "next_card":
        card = shown(value)
        return [Line("", (card,) if card else (), "" if card else _("none: the run stops"))]
    if key == "talon_so_far":
        return [Line("", words=ngettext("%(num)d card discarded so far", "%(num)d cards discarded so far", value))]
    if key == "claims" and isinstance(value, list):
        return [Line(str(c.get("player")), _cards([c.get("card")]), _("trick %(number)s", number=c.get("trick")))
                for c in value if isinstance(c, Mapping)] or [Line("", words=_("none yet"))]
    if key == "claims" and isinstance(value, Mapping):
        return [Line(_space(str(k), vocabulary),
                     words=_("%(takers)s (share %(share)s, left %(left)s)", takers=", ".join(v.get("takers") or ()),
                             share=v.get("share", 0), left=v.get("left", 0))
                     if isinstance(v, Mapping) else _plain(v)) for k, v in value.items()]
    if key == "michigan" and isinstance(value, Mapping):
        lines = [Line(_("End"), words=" ".join(str(value.get(k)) for k in ("end", "out") if value.get(k)))]
        for name, left in (value.get("left") or {}).items():
            lines.append(Line(str(name), words=ngettext("%(num)d card left", "%(num)d cards left", left)))
        return lines
    if isinstance(value, Mapping):
        return [Line(str(k), words=_plain(v)) for k, v in value.items()]
    return [Line("", words=_plain(value))]


def _space(key: str, vocabulary: Vocabulary) -> str:
    """A place of the table as printed: by the family's name for it (``KQ`` -> ``King-Queen``), else a card's
    label (``AH`` -> ``A♥``), else as it is (a player)."""
    if key in vocabulary.places:
        return word(vocabulary.places[key])
    card = shown(key)
    return card.label if card else key


def steps_audit(answer: Mapping[str, Any], vocabulary: Vocabulary | None = None) -> StepsAudit:
    """The audit of ``steps_json``'s answer: a frame for the deal, one per action, one for the refused action,
    in the words of the game's family (``vocabulary``: its ``Family.vocabulary`` unless given)."""
    words = family_of(answer.get("game")).vocabulary if vocabulary is None else vocabulary
    players = tuple(answer.get("players") or ())
    start = answer.get("start") or {}
    frames = [Frame(0, None, "deal", None, _("The deal"), None, None, sections(start.get("state") or {}, players,
                                                                             vocabulary=words),
                    tuple(payment_words(p, words) for p in start.get("paid") or ()))]
    last_state: Mapping[str, Any] = start.get("state") or {}
    for step in answer.get("steps") or ():
        player, kind, value = step.get("player"), step.get("kind", ""), step.get("value")
        state = step.get("state") or {}
        if player is None and kind in words.plays:  # a card the record does not name the player of
            player = _who_played(last_state, state, value, players)
        elif player is None:  # a step the whole table takes
            player = TABLE
        frames.append(Frame(len(frames), step.get("index"), kind, player, _action(player, kind, value, words), value,
                            shown(value), sections(state, players, player, words),
                            tuple(payment_words(p, words) for p in step.get("paid") or ()),
                            trick=_trick_of(state, value)))
        last_state = state
    proof = None
    refused = answer.get("refused")
    if refused:
        error = refused.get("error") or {}
        code = str(error.get("code", ""))
        player, card = error.get("player"), shown(error.get("card"))
        at = _illegal_at(frames, refused.get("index"), error)
        kind = frames[at + 1].kind if at + 1 < len(frames) else frames[-1].kind  # beyond the steps: as the last
        frames = frames[:at + 1]
        who = str(player) if player else _("Someone")
        verb = word(words.kinds[kind], ACTION) if kind in words.kinds else word(N_("acted"))
        said = f"{who} {verb} {card.label}" if card else _("%(player)s acted", player=who)
        frames.append(Frame(len(frames), at, kind, player, said, error.get("card"), card, frames[-1].sections, (),
                            refused=True))
        proof = Proof(code, _rule(code, words), str(error.get("message", "")), len(frames) - 1,
                      error.get("trick"), player, card)
    complete = bool(answer.get("ok")) and "outcome" in answer
    frames, stood = _stood(frames, answer, words)
    return StepsAudit(str(answer.get("game", "")), players, tuple(frames), proof, complete, stood)


def _stood(frames: list[Frame], answer: Mapping[str, Any], vocabulary: Vocabulary) -> tuple[list[Frame], Stood | None]:
    """The frames with the action the table let stand marked, and the declaration worded, and what it was."""
    stood = answer.get("stood")
    declared = next((f for f in frames if isinstance(stood, Mapping) and f.index == stood.get("index")), None)
    if declared is None or not isinstance(stood, Mapping):
        return frames, None
    error = stood.get("error") or {}
    code, card, trick, player = str(error.get("code", "")), shown(error.get("card")), error.get("trick"), error.get("player")
    proof = shown(declared.value.get("card")) if isinstance(declared.value, Mapping) else None
    broke = next((f for f in frames[1:declared.number] if card is not None and f.value == card.code
                  and f.trick in (None, trick) and player in (None, f.player)), declared)
    if broke is declared:
        proof = None  # with the deal, the card refused is the one that broke the rule: the deal proves it
    cost = [*declared.paid]
    points = (answer.get("outcome") or {}).get("points")
    if isinstance(points, Mapping):
        cost.insert(0, ", ".join(f"{name} {_points(v)}" for name, v in points.items()))
    revoked, proving = card.label if card else "?", proof.label if proof else "?"
    if broke is declared and trick:
        words = _("%(player)s revoked with %(card)s in trick %(trick)s: the table let it stand", player=player,
                  card=revoked, trick=trick)
    elif broke is declared:
        words = _("%(player)s revoked with %(card)s: the table let it stand", player=player, card=revoked)
    elif trick:
        words = _("%(player)s played %(proof)s, which proves %(player)s's revoke in trick %(trick)s (%(card)s, step "
                  "%(step)s): the table let it stand", player=player, proof=proving, trick=trick, card=revoked,
                  step=broke.number)
    else:
        words = _("%(player)s played %(proof)s, which proves %(player)s's revoke (%(card)s, step %(step)s): the table "
                  "let it stand", player=player, proof=proving, card=revoked, step=broke.number)
    frames = [dataclasses.replace(f, stood=f is broke, card=(proof or card) if f is declared else f.card,
                                  action=words if f is declared else f.action) for f in frames]
    return frames, Stood(code, _rule(code, vocabulary), str(error.get("message", "")), broke.number,
                         declared.number, trick if isinstance(trick, int) else None,
                         None if player is None else str(player), card, proof, tuple(cost))


def _rule(code: str, vocabulary: Vocabulary) -> str:
    """The rule a refusal's code names, in plain words."""
    return word(vocabulary.rules[code]) if code in vocabulary.rules else _("the rule %(code)s", code=code)


def _points(value: Any) -> str:
    """Points as printed: a number, or Complex Hearts' ``a+bi``."""
    if isinstance(value, Mapping) and "re" in value:
        im = int(value.get("im", 0))
        return f"{value['re']}{im:+d}i" if im else str(value["re"])
    return str(value)


def _illegal_at(frames: Sequence[Frame], index: Any, error: Mapping[str, Any]) -> int:
    """The index of the illegal action: where the replay stopped, or, where it stopped at a later action
    that proves it (a revoke proven by a card played later, without the deal), the action it names."""
    at = index if isinstance(index, int) and 0 <= index < len(frames) else len(frames) - 1
    card, player, trick = error.get("card"), error.get("player"), error.get("trick")
    if card is not None and trick is not None:
        for f in reversed(frames[1:at + 1]):
            if f.value == card and f.trick == trick and player in (None, f.player):
                return f.index if f.index is not None else at
    return at


def _trick_of(state: Mapping[str, Any], value: Any) -> int | None:
    """The trick a card just played went to: the trick in progress, or the one it finished."""
    tricks = state.get("tricks") or ()
    if any(c == value for _, c in state.get("current") or ()):
        return int(state.get("trick") or len(tricks) + 1)
    if tricks and isinstance(tricks[-1], Mapping) and value in (tricks[-1].get("cards") or ()):
        return len(tricks)
    return None


def _who_played(before: Mapping[str, Any], after: Mapping[str, Any], value: Any,
                players: Sequence[str]) -> str | None:
    """Who played a card the record does not name: the trick so far says, or the hand it left."""
    for who, c in after.get("current") or ():
        if c == value:
            return str(who)
    for who, held in (before.get("hands") or {}).items():
        if value in (held or ()):
            return str(who)
    tricks = after.get("tricks") or ()
    if tricks and isinstance(tricks[-1], Mapping) and list(tricks[-1].get("cards") or ())[-1:] == [value]:
        waiting = [str(p) for p in players if p not in {who for who, _ in before.get("current") or ()}]
        if len(waiting) == 1:  # the last card of a trick: the one player who had not played to it
            return waiting[0]
    return None


def _action(player: str | None, kind: str, value: Any, vocabulary: Vocabulary) -> str:
    """A step in the family's words: a step declined (by the table, or by a player), a line of its own
    (``said``), an option with its amount (``bets 3``), or the player, the kind's verb and the value."""
    verb = word(vocabulary.kinds[kind], ACTION) if kind in vocabulary.kinds else kind
    words = value_words(kind, value, vocabulary)
    declined = value in (None, []) and (kind in vocabulary.declined or kind in vocabulary.refrained)
    if declined and player == TABLE and kind in vocabulary.declined:
        return word(vocabulary.declined[kind])
    who = _("The table") if player == TABLE else str(player or _("Next"))
    if declined:
        who = _("The table") if player == TABLE else str(player)
        return f"{who} {word(vocabulary.refrained.get(kind) or vocabulary.declined[kind])}"
    if kind in vocabulary.said:
        return word(vocabulary.said[kind]).format(player=who, value=value, words=words)
    if isinstance(value, list) and value and str(value[0]) in vocabulary.options:
        return " ".join([who, word(vocabulary.options[str(value[0])]), *(str(v) for v in value[1:])])
    return f"{who} {verb} {words}".strip()



def printed_frames(audit: StepsAudit) -> tuple[Frame, ...]:
    """The frames the printed audit shows the whole table at: the deal, each step that finished a trick
    (a trick was in progress, and now none is) or a round (the next action is of another kind), the last
    step and the refused action."""
    frames = audit.frames
    keep = []
    for i, f in enumerate(frames):
        after = frames[i + 1] if i + 1 < len(frames) else None
        ends_round = after is not None and not after.refused and after.kind != f.kind and f.index is not None
        ends_trick = i > 0 and f.kind == "play" and _in_trick(frames[i - 1]) and not _in_trick(f)
        if i == 0 or after is None or f.refused or ends_round or ends_trick:
            keep.append(f)
    return tuple(keep)


def _in_trick(frame: Frame) -> bool:
    return any(s.key == "current" for s in frame.sections)
