"""A regular (compiled) build of the current sources, installed into a folder of its own.

Shared by tests/project/test_compiled.py and the benches (bench/replay.py, bench/load.py): they copy the
sources (the checkout gets no build files), build the wheel with pip, and install it with
``pip install --target``; the benches keep the copy under bench/out/ (``compiled_copy``).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("setup.py", "pyproject.toml", "README.md", "scorekeeper", "templates", "static", "migrations", "translations")


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


def source_digest() -> str:
    """A hash of what the compiled copy is built from: the package's Python files and the build files."""
    digest = hashlib.sha256()
    files = sorted((ROOT / "scorekeeper").rglob("*.py")) + [ROOT / "setup.py", ROOT / "pyproject.toml"]
    for path in files:
        if "_bundled" in path.parts:
            continue
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def compiled_copy(out: Path) -> Path:
    """``out``/compiled-<hash>/site: a regular build of the current sources, installed there once.

    Named by a hash of the sources, so an edit builds a new copy (and the older one is removed).
    Exits with pip's message when the build fails: a bench has nothing to measure then.
    """
    home = out / f"compiled-{source_digest()}"
    site = home / "site"
    if site.is_dir():
        return site
    for old in out.glob("compiled-*"):
        shutil.rmtree(old, ignore_errors=True)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="scorekeeper-build-") as tmp:
        try:
            build_site(Path(tmp), site)
        except BuildFailed as exc:
            sys.exit(f"building the compiled copy failed: {exc}")
    print(f"built the compiled copy in {time.perf_counter() - start:.0f} s -> {site}", flush=True)
    return site
