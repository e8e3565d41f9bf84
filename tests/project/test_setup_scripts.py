"""The set-up: the README's two commands (scripts/serve, scripts/test), the locks, the warning filters.

* ``--plan`` runs the scripts' probes and prints what they would install and run, doing nothing.
  Pointed at an empty machine (``SETUP_ROOT``: an empty folder for the file probes; an empty
  ``PATH``, so no python3 either; ``SCOREKEEPER_VENV``: no virtualenv) it must name every Debian
  package; on this machine, where the test command has just installed them, none.
* The locks: the app's pins are the tests' pins, every pin carries hashes, and pyproject's
  dependencies and build tools are all in both.
* pyproject's ``filterwarnings``: a library's warning (WeasyPrint's about a missing
  HarfBuzz-subset library, reproduced by hiding the library from cffi) never fails a test, one
  attributed to our own code does. Checked by pytest run on a few files in a temporary folder.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BASH = shutil.which("bash") or "/bin/bash"
APP_PACKAGES = ["libpango-1.0-0", "libpangoft2-1.0-0", "libharfbuzz0b", "libharfbuzz-subset0", "fonts-dejavu-core",
                "python3-venv"]
TEST_PACKAGES = [*APP_PACKAGES, "postgresql", "chromium", "fonts-liberation", "poppler-utils", "zbar-tools", "npm"]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def plan(script: str, *args: str, env: dict[str, str] | None = None) -> list[str]:
    """``scripts/<script> --plan args``: its output's lines (it must succeed and print no error)."""
    done = subprocess.run([BASH, str(ROOT / "scripts" / script), "--plan", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stderr == ""
    return done.stdout.splitlines()


def empty_machine(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "root").mkdir()
    (tmp_path / "bin").mkdir()
    return {"SETUP_ROOT": str(tmp_path / "root"), "PATH": str(tmp_path / "bin"),
            "SCOREKEEPER_VENV": str(tmp_path / "venv")}


def node_plan() -> str:
    """The plan's line for the tests' JavaScript: node_modules/ belongs to the checkout, not to the machine."""
    installed = ROOT / "node_modules" / ".installed-lock.json"
    if installed.exists() and installed.read_bytes() == (ROOT / "package-lock.json").read_bytes():
        return "node packages: node_modules up to date with package-lock.json"
    return "node packages: npm ci (package-lock.json)"


# --- the scripts' plans -----------------------------------------------------------------------------


def test_the_test_command_on_an_empty_machine_installs_every_package(tmp_path: Path) -> None:
    lines = plan("test", "-x", "tests/engine/test_cards.py", env=empty_machine(tmp_path))
    assert lines == [
        "==> plan (nothing is installed or run)",
        f"system packages to install: {' '.join(TEST_PACKAGES)}",
        f"virtualenv: create {tmp_path / 'venv'} (python3 -m venv), install requirements/test.txt and the project "
        "(editable)",
        node_plan(),
        "then: python -m mypy",
        "then: python -m pytest -x tests/engine/test_cards.py",
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bin", "root"]  # nothing made, the virtualenv neither


def test_the_app_command_on_an_empty_machine_installs_what_weasyprint_needs(tmp_path: Path) -> None:
    lines = plan("serve", "--port", "8000", env=empty_machine(tmp_path))
    assert lines[1:] == [
        f"system packages to install: {' '.join(APP_PACKAGES)}",
        f"virtualenv: create {tmp_path / 'venv'} (python3 -m venv), install requirements/app.txt and the project "
        "(editable)",
        "then: scorekeeper serve --port 8000",
    ]


def test_each_probe_finds_its_file(tmp_path: Path) -> None:
    """The probes look under SETUP_ROOT: a library in another multiarch folder counts, a missing one not."""
    env = empty_machine(tmp_path)
    root = tmp_path / "root"
    for path in ("usr/lib/x86_64-linux-gnu/libpango-1.0.so.0", "usr/lib/aarch64-linux-gnu/libpangoft2-1.0.so.0",
                 "usr/lib/postgresql/15/bin/initdb", "usr/bin/chromium", "usr/bin/pdftotext", "usr/bin/zbarimg"):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).touch()
    (root / "usr/lib/x86_64-linux-gnu/libharfbuzz.so.0").mkdir()  # whatever it is, it is there
    lines = plan("test", env=env)
    assert lines[1] == ("system packages to install: libharfbuzz-subset0 fonts-dejavu-core python3-venv "
                        "fonts-liberation npm")


def test_this_machine_has_every_package() -> None:
    """What the test command installed is found again: a second run installs nothing."""
    line = plan("test")[1]
    if line != "system packages: all present" and not in_ci():
        pytest.skip(f"{line} (scripts/test installs them)")
    assert line == "system packages: all present"


def test_ci_runs_exactly_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    opening = readme.split("\n## ", 1)[0]
    assert re.findall(r"```sh\n(.*)\n```", opening) == ["scripts/serve", "scripts/test"]
    commands = [line for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.startswith("#")]
    assert commands[-1] == "exec scripts/test"


# --- the locks --------------------------------------------------------------------------------------


def pins(name: str) -> dict[str, tuple[str, int]]:
    """requirements/<name>.txt: {package: (version, number of hashes)}."""
    pinned: dict[str, tuple[str, int]] = {}
    package = ""
    for line in (ROOT / "requirements" / f"{name}.txt").read_text(encoding="utf-8").splitlines():
        if match := re.fullmatch(r"([a-z0-9-]+)==(\S+) \\", line):
            package = match[1]
            pinned[package] = (match[2], 0)
        elif re.fullmatch(r" +--hash=sha256:[0-9a-f]{64}( \\)?", line):
            pinned[package] = (pinned[package][0], pinned[package][1] + 1)
        else:
            assert line.startswith("#") or line.lstrip().startswith("# "), line
    return pinned


def names(requirements: list[str]) -> set[str]:
    """The packages' normalized names (as the locks write them: ``calmjs.parse`` is ``calmjs-parse``)."""
    return {re.sub(r"[-_.]+", "-", re.split(r"[<>=!~;\[ ]", r, maxsplit=1)[0]).lower() for r in requirements}


def test_the_locks_pin_everything_with_hashes() -> None:
    app, test = pins("app"), pins("test")
    assert all(count > 0 for _, count in [*app.values(), *test.values()])
    assert {p: v for p, (v, _) in app.items()} == {p: test[p][0] for p in app}  # the app's pins are the tests'
    app_needs = names(PYPROJECT["project"]["dependencies"]) | names(PYPROJECT["build-system"]["requires"]) | {"pip"}
    assert app_needs <= set(app)
    assert app_needs | names(PYPROJECT["project"]["optional-dependencies"]["test"]) <= set(test)


# --- the warning filters ----------------------------------------------------------------------------

FILTERS: list[str] = PYPROJECT["tool"]["pytest"]["ini_options"]["filterwarnings"]

LIBRARY = '''
import warnings

warnings.warn("a library's deprecation, at import", DeprecationWarning)


def old() -> None:
    warnings.warn("a library's deprecation", DeprecationWarning)


def old_for_the_caller() -> None:
    warnings.warn("a deprecation the caller is responsible for", DeprecationWarning, stacklevel=2)
'''

TESTS = '''
import warnings

import cffi

import library  # its warning at import must not stop the collection

# WeasyPrint without HarfBuzz-subset: cffi cannot open the library, WeasyPrint warns at import.
real_dlopen = cffi.FFI.dlopen


def dlopen(self, name, flags=0):
    if "harfbuzz-subset" in str(name):
        raise OSError(f"{name}: hidden by the test")
    return real_dlopen(self, name, flags)


cffi.FFI.dlopen = dlopen
import weasyprint  # noqa: E402


def test_a_library_warning_is_only_shown():
    library.old()


def test_a_warning_in_our_tests_fails():
    warnings.warn("ours", DeprecationWarning)


def test_a_warning_in_our_package_fails():
    exec("import warnings; warnings.warn('ours', DeprecationWarning)", {"__name__": "scorekeeper.engine.example"})


def test_a_library_warning_about_our_call_fails():
    library.old_for_the_caller()
'''


def test_library_warnings_never_fail_and_ours_do(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(f"[tool.pytest.ini_options]\nfilterwarnings = {json.dumps(FILTERS)}\n",
                                             encoding="utf-8")
    (tmp_path / "library.py").write_text(LIBRARY, encoding="utf-8")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "tests" / "test_filters.py").write_text(TESTS, encoding="utf-8")
    env = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTHONPATH", None)
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rf", "-c", "pyproject.toml",
                           "--rootdir", str(tmp_path), "tests/test_filters.py"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    output = done.stdout + done.stderr
    failed = sorted(re.findall(r"^FAILED tests/test_filters\.py::(\w+)", output, re.M))
    assert failed == ["test_a_library_warning_about_our_call_fails", "test_a_warning_in_our_package_fails",
                      "test_a_warning_in_our_tests_fails"], output
    assert "3 failed, 1 passed" in output, output
    assert "HarfBuzz-Subset will be required" in output, output  # shown in the warnings summary
    assert "a library's deprecation, at import" in output, output


def test_every_module_of_the_tests_is_ours() -> None:
    """The filter naming the tests' modules covers each of them: tests/ is a package, every folder in it too."""
    (ours,) = [f.split(":")[3] for f in FILTERS if f.startswith("error:::tests")]
    for path in sorted((ROOT / "tests").rglob("*.py")):
        if "artifacts" in path.parts or "golden" in path.parts:
            continue
        assert (path.parent / "__init__.py").exists(), f"{path.parent.relative_to(ROOT)}: add an empty __init__.py"
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        assert re.match(ours, module), f"{module}: pyproject's filterwarnings must cover it"
    assert re.match(ours, "tests.engine.test_cards") and re.match(ours, "tests.conftest")
    assert not re.match(ours, "testfixtures") and not re.match(ours, "tests_lib")
