"""One exception family for everything a record can get wrong.

Each error carries a stable ``code`` (the records contract, docs/command.md), a sentence a player understands,
and where it happened: the 0-based index in ``play``, the 1-based trick, the player
and the card. The CLI and the web pages print ``message``; tools read ``code``.

A sentence may also be given as data, a ``Said``: its English words with named places and what fills them.
``message`` is then its English; a words layer (``scorekeeper.language.say``) words it in another language.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from typing import Any


def plural(count: int, noun: str) -> str:
    """'1 card', '3 cards': messages are read by people."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


_SHORT = reprlib.Repr()
_SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong, _SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxdict = 30, 30, 20, 2, 4, 4


def shown(value: Any) -> str:
    """A value as an error message quotes it: short, whatever its size or depth.

    >>> shown("x" * 1000)
    "'xxxxxxxxxxxx...xxxxxxxxxxxxx'"
    >>> shown([[[[1]]]])
    '[[[...]]]'
    """
    return _SHORT.repr(value)



class Said:
    """A sentence as data: English words with named places (``%(player)s``), and the values that fill them.

    The words are also the key of their translation (the catalogues of docs/languages.md extract every
    ``Said("...")`` of the engine). A value is a name or a number (shown as it is), a card (shown as printed:
    Q♦), a list of cards, or a suit (named in words: "a %(led)s lead" reads "a diamond lead"). The engine
    stays free of any language but the English of its messages, which ``str()`` gives.
    """

    __slots__ = ("words", "places")

    def __init__(self, words: str, **places: Any) -> None:
        self.words = words
        self.places = places

    def __str__(self) -> str:
        return self.words % {name: english(value) for name, value in self.places.items()}

    def __repr__(self) -> str:
        return f"Said({self.words!r}, **{self.places!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Said) and (self.words, self.places) == (other.words, other.places)

    def __hash__(self) -> int:
        return hash(self.words)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_said, (self.words, self.places))


def _said(words: str, places: dict[str, Any]) -> Said:
    return Said(words, **places)


class Text:
    """Lines a person reads (``replay --text``'s trick table), as data: each line is a sequence of parts, each
    plain text (a row of cards, a name: the same in every language), a ``Said``, or a ``(Said, width)`` padded
    to a column's width once worded. ``str()`` gives its English, each line ended by a newline; a words layer
    (``scorekeeper.language.written``) words it in another language."""

    __slots__ = ("lines",)

    def __init__(self, lines: list[Any]) -> None:
        self.lines = tuple(tuple(line) if isinstance(line, list) else (line,) for line in lines)

    def words(self, say: Callable[[Said], str] = str) -> str:
        """The lines with each ``Said`` worded by ``say`` (the engine's English by default)."""
        def part(item: Any) -> str:
            if isinstance(item, tuple):
                return part(item[0]).ljust(item[1])
            return say(item) if isinstance(item, Said) else str(item)
        return "".join("".join(part(item) for item in line) + "\n" for line in self.lines)

    def __str__(self) -> str:
        return self.words()

    def __repr__(self) -> str:
        return f"Text({list(self.lines)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and self.lines == other.lines

    __hash__ = None  # type: ignore[assignment]  # compared by its lines, never a key


KIND = "a kind of action"  # the context of a family's noun for a kind of action ("bid", "trade") in a refusal


class Word(Said):
    """One word as a place of a sentence (a kind of action a refusal names: "a trade comes next"), with the
    context that tells it from the same English in another sense (the catalogues' ``msgctxt``: the noun *bet*
    and the verb *bet* are two entries). ``str()`` is the word itself."""

    __slots__ = ("context",)

    def __init__(self, words: str, context: str = KIND) -> None:
        super().__init__(words)
        self.context = context

    def __str__(self) -> str:
        return self.words

    def __repr__(self) -> str:
        return f"Word({self.words!r}, {self.context!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Word) and (self.words, self.context) == (other.words, other.context)

    def __hash__(self) -> int:
        return hash((self.words, self.context))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Word, (self.words, self.context))


def kind_word(nouns: Any, kind: str) -> Word:
    """A kind of action as a sentence names it (a family's ``Vocabulary.nouns``, else its code), a place of a
    sentence worded in the reader's language."""
    return Word(str(nouns.get(kind, kind)))


def said_of(exc: BaseException) -> Said | str:
    """What a plain exception of the engine's own says: its sentence as data when it was given one
    (``ValueError(Said(...))``), else its text."""
    first = exc.args[0] if exc.args else None
    return first if isinstance(first, Said) else str(exc)


def some_cards(count: int) -> Said:
    """'1 card', '3 cards' as a place of a sentence (``plural`` in words each language counts in)."""
    return some(count, "card")


_COUNTED = {  # a count of each noun a refusal counts, its one and its many, each translated
    "card": (Said("%(count)s card"), Said("%(count)s cards")),
    "trick": (Said("%(count)s trick"), Said("%(count)s tricks")),
    "heart": (Said("%(count)s heart"), Said("%(count)s hearts")),
    "point": (Said("%(count)s point"), Said("%(count)s points")),
    "chip": (Said("%(count)s chip"), Said("%(count)s chips")),
    "scoring card": (Said("%(count)s scoring card"), Said("%(count)s scoring cards")),
    "card point": (Said("%(count)s card point"), Said("%(count)s card points")),
}


def some(count: int, noun: str) -> Said:
    """``plural(count, noun)`` as a place of a sentence: '1 trick', '3 tricks' in the reader's language."""
    one, many = _COUNTED[noun]
    return Said((one if count == 1 else many).words, count=count)


def both(names: list[str] | tuple[str, ...]) -> Said | str:
    """Names as ``' and '.join(names)`` says them, as a place of a sentence ("and" in the reader's language)."""
    if len(names) < 2:
        return "".join(names)
    return Said("%(first)s and %(then)s", first=both(names[:-1]), then=names[-1])


def either(items: list[Any]) -> Any:
    """Items as ``' or '.join(map(str, items))`` says them, as a place of a sentence ("or" in the reader's
    language)."""
    if len(items) < 2:
        return items[0] if items else ""
    return Said("%(first)s or %(then)s", first=either(items[:-1]), then=items[-1])


def joined(sentences: list[Said]) -> Said:
    """Sentences as ``"; ".join`` gives them, as one."""
    out = sentences[0]
    for then in sentences[1:]:
        out = Said("%(first)s; %(then)s", first=out, then=then)
    return out


def english(value: Any) -> str:
    """A place's value in the English of the engine's messages: a card's label, a suit's singular noun."""
    return worded(value)


def worded(value: Any, suit: Callable[[str], str] = str, number: Callable[[int], str] = str) -> str:
    """A place's value in words: a card as printed (the same in every language), a list of them, a suit by
    ``suit`` of its singular noun ("diamond"), a whole number by ``number``, anything else (a ``Said`` inside a
    sentence: its English) as it is. The defaults are the engine's English; a words layer passes its
    language's (``scorekeeper.language.say``)."""
    if isinstance(value, (list, tuple)):
        return ", ".join(worded(item, suit, number) for item in value)
    label = getattr(value, "label", None)
    if isinstance(label, str):  # a card
        return label
    noun = getattr(value, "noun", None)
    if isinstance(noun, str):  # a suit: "diamonds" -> "diamond"
        return suit(noun[:-1])
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return str(value)


class ScorekeeperError(ValueError):
    """Base of every error the engine raises about its input."""

    default_code = "invalid"
    exit_status = 1

    def __init__(
        self,
        message: str | Said,
        *,
        code: str | None = None,
        play: int | None = None,
        trick: int | None = None,
        player: str | None = None,
        card: str | None = None,
        hand: int | None = None,
    ) -> None:
        self.said = message if isinstance(message, Said) else None
        message = str(message)
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code
        self.play = play
        self.trick = trick
        self.player = player
        self.card = card
        self.hand = hand
        # A refused action the table may still let stand (a revoke it established): the action that records
        # it so, as ``engine.state.advance`` finds it; a page offers it with the sentence.
        self.stands: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """The error object of the records contract (docs/command.md)."""
        data: dict[str, Any] = {
            "code": self.code,
            "message": self.message,
            "play": self.play,
            "trick": self.trick,
            "player": self.player,
            "card": self.card,
        }
        if self.hand is not None:
            data["hand"] = self.hand
        return data

    def __reduce__(self) -> tuple[Any, ...]:
        # Keep keyword fields when errors cross process boundaries (parallel replay).
        return (_rebuild, (type(self), self.message, self.__dict__.copy()))


def _rebuild(cls: type[ScorekeeperError], message: str, fields: dict[str, Any]) -> ScorekeeperError:
    error = cls.__new__(cls)
    ValueError.__init__(error, message)
    error.__dict__.update(fields)
    return error


class RecordSyntaxError(ScorekeeperError):
    """Unreadable input: bad JSON, an unknown card, a field of the wrong shape (exit 2)."""

    default_code = "syntax"
    exit_status = 2

    def __init__(self, message: str | Said, *, line: int | None = None, column: int | None = None, **kw: Any) -> None:
        if line is not None and column is not None:
            message = Said("line %(line)s, column %(column)s: %(sentence)s", line=line, column=column, sentence=message)
        elif line is not None:
            message = Said("line %(line)s: %(sentence)s", line=line, sentence=message)
        super().__init__(message, **kw)
        self.line = line
        self.column = column

    def to_json(self) -> dict[str, Any]:
        """The error object, plus where in the text when that is known (an optional extension)."""
        data = super().to_json()
        if self.line is not None:
            data["line"] = self.line
            data["column"] = self.column
        return data


class UnknownGame(RecordSyntaxError):
    default_code = "unknown-game"


class UnknownOption(RecordSyntaxError):
    """An option name the game does not have, or a value the option does not take."""

    default_code = "unknown-option"


class IllegalPlay(ScorekeeperError):
    """A play the rules forbid: revoke, lead out of turn, a card not held (exit 1)."""

    default_code = "illegal-play"


class InconsistentRecord(ScorekeeperError):
    """A record whose parts do not fit together: the deal, the passes, the events (exit 1)."""

    default_code = "inconsistent"


class ImpossibleResult(ScorekeeperError):
    """A quick result no deal could produce (exit 1)."""

    default_code = "impossible-result"
