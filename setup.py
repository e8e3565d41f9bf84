"""Build hooks on top of pyproject.toml: the compiled engine and the bundled app files.

* A regular build (``pip install .``, ``pip wheel .``) compiles the engine's hot modules
  with mypyc: the same typed ``.py`` files, turned into C extension modules. The ``.py``
  files ship alongside and stay the one source of truth (and the pure-Python fallback).
* An editable install (``pip install -e .``: what developers and the test command use)
  stays pure Python, so an edited ``.py`` is never shadowed by a stale compiled module.
  ``SCOREKEEPER_PURE=1`` forces a pure build of any kind; a build without mypy (mypyc)
  or without a working C compiler falls back to pure Python with a warning.
* A built wheel carries copies of the top-level ``templates/``, ``static/``, ``translations/`` and
  ``migrations/`` folders under ``scorekeeper/_bundled/`` (``scorekeeper/resources.py``
  looks there first). They are copied into the build directory, never into the source tree.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.errors import CCompilerError, CompileError, ExecError, PlatformError

ROOT = Path(__file__).resolve().parent

# The engine modules on ``scorekeeper replay``'s path. Not compiled: errors (exceptions are
# pickled across processes by their __dict__), gaussian (Complex Hearts only), the modules
# off the replay path (notation, simulate, audit, settlement, the other families' packages),
# the package __init__, and anything outside the engine (the CLI and the web stack stay
# interpreted). A compiled module checks its annotations at run time, so a function that
# validates untrusted values itself takes them as Any or object (see games.find_game).
COMPILED = [
    "scorekeeper/engine/cards.py",
    "scorekeeper/engine/fields.py",
    "scorekeeper/engine/jsontext.py",
    "scorekeeper/engine/tricks.py",
    "scorekeeper/engine/hearts/hand.py",
    "scorekeeper/engine/options.py",
    "scorekeeper/engine/points.py",
    "scorekeeper/engine/hearts/outcome.py",
    "scorekeeper/engine/hearts/output.py",
    "scorekeeper/engine/hearts/records.py",
    "scorekeeper/engine/hearts/replay.py",
    "scorekeeper/engine/hearts/results.py",
    "scorekeeper/engine/hearts/ruleset.py",
    "scorekeeper/engine/hearts/scoring.py",
    "scorekeeper/engine/seating.py",
    "scorekeeper/engine/hearts/games/__init__.py",
    "scorekeeper/engine/hearts/games/registry.py",
    "scorekeeper/engine/hearts/games/hearts.py",
]
BUNDLED = ("templates", "static", "migrations", "translations")


# Commands that build the package's files; metadata-only runs (egg_info, dist_info, sdist)
# need no compiling, and mypycify does its work (type-check, generate C) when it is called.
BUILD_COMMANDS = {"build", "build_ext", "bdist", "bdist_wheel", "install"}
EDITABLE_COMMANDS = {"editable_wheel", "develop"}  # PEP 660 editable builds run editable_wheel


def commands() -> set[str]:
    """The setuptools commands this run was given (the build backend passes them as arguments)."""
    return {arg for arg in sys.argv[1:] if not arg.startswith("-")}


def editable_build() -> bool:
    """Whether setuptools is building an editable install."""
    return bool(commands() & EDITABLE_COMMANDS)


def warn(message: str) -> None:
    print(f"scorekeeper setup.py: {message}", file=sys.stderr)


def compiled_modules() -> list[Any]:
    """The mypyc extension modules, or [] for a pure-Python build."""
    if editable_build():
        return []  # an editable install runs the sources as they are edited
    if not commands() & BUILD_COMMANDS:
        return []
    if os.environ.get("SCOREKEEPER_PURE", "").strip() not in ("", "0"):
        warn("SCOREKEEPER_PURE is set: building pure Python (no compiled engine)")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        warn(f"mypyc is not available ({exc}): building pure Python (no compiled engine)")
        return []
    return list(mypycify(
        COMPILED,
        opt_level="3",
        # The compiled code of all the modules is one extension beside the package, which each
        # module's own small extension loads: scorekeeper_engine__mypyc.*.so. (Not inside the
        # package: mypyc then gives the modules it imports natively a wrong __file__.)
        group_name="scorekeeper_engine",
    ))


class build_py_bundling(build_py):
    """``build_py`` that also copies the app's top-level folders into ``scorekeeper/_bundled/``."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads them from the checkout
        bundled = Path(self.build_lib) / "scorekeeper" / "_bundled"
        for name in BUNDLED:
            target = bundled / name
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(ROOT / name, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


class build_ext_optional(build_ext):
    """``build_ext`` that leaves the engine pure when the C compiler is missing or fails.

    Every extension already built is removed too: a module's small extension without the
    shared one would not import, while the ``.py`` files beside them always do.
    """

    def run(self) -> None:
        try:
            super().run()
        except (CCompilerError, CompileError, ExecError, PlatformError) as exc:
            warn(f"compiling the engine failed ({exc}): the package stays pure Python")
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)


setup(ext_modules=compiled_modules(), cmdclass={"build_py": build_py_bundling, "build_ext": build_ext_optional})
