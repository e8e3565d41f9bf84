"""Option specifications and their resolution: defaults, then a profile, then the table's choices."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import shown, UnknownOption


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option: its name, default, the values it takes, and the rule it names."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    doc: str

    def check(self, value: Any, game: str) -> Any:
        """The value if the option takes it; UnknownOption otherwise."""
        for choice in self.choices:
            # bool is an int in Python: keep true/false apart from 1/0.
            if type(choice) is type(value) and choice == value:
                return choice
        choices = ", ".join(_show(c) for c in self.choices)
        raise UnknownOption(f"{game} option {shown(self.name)} takes {choices}, not {_show(value)}")


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str) and len(value) <= 30 and value.isprintable():
        return value
    return shown(value)


def yes_no(name: str, default: bool, doc: str) -> OptionSpec:
    return OptionSpec(name, default, (False, True), doc)


def resolve(
    game: str,
    specs: Mapping[str, OptionSpec],
    profiles: Mapping[str, Mapping[str, Any]],
    given: Mapping[str, Any],
) -> dict[str, Any]:
    """All options of ``game``: defaults, overridden by the chosen profile, then by ``given``.

    :raises UnknownOption: an option the game does not have, or a value it does not take.
    """
    if not isinstance(given, Mapping):
        raise UnknownOption(f"options must be an object of option names and values, not {shown(given)}")
    for name in given:
        if name not in specs:
            known = ", ".join(sorted(specs))
            raise UnknownOption(f"{game} has no option {shown(name)} (its options: {known})")
    resolved = {name: spec.default for name, spec in specs.items()}
    if "profile" in specs:
        profile = specs["profile"].check(given.get("profile", specs["profile"].default), game)
        resolved.update(profiles.get(profile, {}))
        resolved["profile"] = profile
    for name, value in given.items():
        resolved[name] = specs[name].check(value, game)
    return resolved
