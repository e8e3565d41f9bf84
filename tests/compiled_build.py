"""A regular (compiled) build of the current sources, installed into a folder of its own.

Shared by tests/test_compiled.py and bench/replay.py: both copy the sources (the checkout
gets no build files), build the wheel with pip, and install it with ``pip install --target``.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("setup.py", "pyproject.toml", "README.md", "scorekeeper", "templates", "static", "migrations")


class BuildFailed(Exception):
    """pip could not build or install the wheel; the message ends with pip's output."""


def can_build_here() -> bool:
    """Whether this environment's setuptools and mypy can build the wheel (no isolated build)."""
    if importlib.util.find_spec("mypyc") is None:
        return False
    if importlib.util.find_spec("wheel") is not None:
        return True
    try:
        major, minor = (int(part) for part in version("setuptools").split(".")[:2])
    except (PackageNotFoundError, ValueError):
        return False
    return (major, minor) >= (70, 1)  # bdist_wheel moved into setuptools in 70.1


def build_site(base: Path, site: Path) -> Path:
    """Copy the sources under ``base``, build the wheel there and install it into ``site``.

    :raises BuildFailed: pip failed (its output is in the message).
    """
    source = base / "source"
    source.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "_bundled", "*.egg-info")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=ignore)
        else:
            shutil.copy2(path, source / name)
    env = {k: v for k, v in os.environ.items() if k not in ("SCOREKEEPER_PURE", "PYTHONPATH")}
    wheels = base / "wheels"
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(wheels), str(source)]
    if can_build_here():
        command.insert(4, "--no-build-isolation")
    done = subprocess.run(command, cwd=base, env=env, capture_output=True, text=True, timeout=900, check=False)
    if done.returncode != 0:
        raise BuildFailed(f"pip wheel failed ({done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    (wheel,) = wheels.glob("scorekeeper-*.whl")
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--target", str(site),
                           str(wheel)], cwd=base, env=env, capture_output=True, text=True, timeout=300, check=False)
    if done.returncode != 0:
        raise BuildFailed(f"pip install failed ({done.returncode}):\n{done.stderr[-3000:]}")
    if (source / "scorekeeper" / "_bundled").exists():
        raise BuildFailed("the build copied the app's folders into the sources")
    return site
