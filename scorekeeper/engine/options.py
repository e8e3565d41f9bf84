"""Option specifications and their resolution: defaults, then a profile, then the table's choices.

Each option carries two kinds of words: the player's (``label``, ``summary``, and a name and a line
for each value, ``said``), which every page and printed sheet shows, and the technical source
(``doc``: the rule it names), which they keep in a "source" detail. The ids (the option's name, its
values, a profile's code) are what records, the JSON API and the command speak, and never change.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import shown, UnknownOption, Said


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option: its name, default, the values it takes, and the rule it names; with its words for
    a player: a name (``label``), one line on what it decides (``summary``), and for each value a
    name and one line (``said``: value -> (name, line))."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    doc: str
    label: str = ""
    summary: str = ""
    said: Mapping[Any, tuple[str, str]] = field(default_factory=dict, compare=False)

    @property
    def title(self) -> str:
        """The option's name for a player (``first_lead`` -> ``First lead`` when it has none of its own)."""
        return self.label or self.name.replace("_", " ").capitalize()

    def value_name(self, value: Any) -> str:
        """A value's name for a player: its own, else yes/no, a number, or the value as written."""
        words = self._words(value)
        if words is not None:
            return words[0]
        if isinstance(value, bool):
            return "Yes" if value else "No"
        if isinstance(value, int):
            return str(value).replace("-", "\u2212")
        return str(value)

    def value_line(self, value: Any) -> str:
        """One line on what a value means ("" when the value's name says it all)."""
        words = self._words(value)
        return words[1] if words is not None else ""

    def _words(self, value: Any) -> tuple[str, str] | None:
        for choice, words in self.said.items():
            if type(choice) is type(value) and choice == value:  # True is not 1 (see ``check``)
                return words
        return None

    def check(self, value: Any, game: str) -> Any:
        """The value if the option takes it; UnknownOption otherwise."""
        for choice in self.choices:
            # bool is an int in Python: keep true/false apart from 1/0.
            if type(choice) is type(value) and choice == value:
                return choice
        choices = ", ".join(_show(c) for c in self.choices)
        raise UnknownOption(Said("%(game)s option %(shown)s takes %(choices)s, not %(_show)s",
                                 game=str(game), shown=str(shown(self.name)), choices=str(choices), _show=str(_show(value))))


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str) and len(value) <= 30 and value.isprintable():
        return value
    return shown(value)


def yes_no(name: str, default: bool, doc: str, label: str = "", summary: str = "") -> OptionSpec:
    return OptionSpec(name, default, (False, True), doc, label, summary)


@dataclass(frozen=True)
class Profile:
    """A game's version as one source plays it: the options it sets, with its name and one line for
    a player. Its code (``"004"``) is the ``profile`` option's value. (A plain value, not a mapping:
    mypyc cannot compile a dataclass that subclasses ``Mapping``.)"""

    name: str
    summary: str
    options: Mapping[str, Any] = field(default_factory=dict)


def profile_spec(profiles: Mapping[str, Profile]) -> OptionSpec:
    """The ``profile`` option of a game with these profiles (the first is the default), each
    value named by its ``Profile``'s words."""
    said = {code: (p.name, p.summary) for code, p in profiles.items()}
    return OptionSpec("profile", next(iter(profiles)), tuple(profiles), "which source's version of the game",
                      "Version", "Which book's version of the game: it sets the house rules below", said)


def resolve(
    game: str,
    specs: Mapping[str, OptionSpec],
    profiles: Mapping[str, Profile],
    given: Mapping[str, Any],
) -> dict[str, Any]:
    """All options of ``game``: defaults, overridden by the chosen profile, then by ``given``.

    :raises UnknownOption: an option the game does not have, or a value it does not take.
    """
    if not isinstance(given, Mapping):
        raise UnknownOption(Said("options must be an object of option names and values, not %(shown)s",
                                 shown=str(shown(given))))
    for name in given:
        if name not in specs:
            known = ", ".join(sorted(specs))
            raise UnknownOption(Said("%(game)s has no option %(shown)s (its options: %(known)s)",
                                     game=str(game), shown=str(shown(name)), known=str(known)))
    resolved = {name: spec.default for name, spec in specs.items()}
    if "profile" in specs:
        profile = specs["profile"].check(given.get("profile", specs["profile"].default), game)
        if profile in profiles:
            resolved.update(profiles[profile].options)
        resolved["profile"] = profile
    for name, value in given.items():
        resolved[name] = specs[name].check(value, game)
    return resolved
