"""The web layer's own sentences are translated: none reaches a page in English only.

The page crawl (tests/browser/test_language_crawl.py) reads pages as they open; what a page says only after
an action (two phones saving at once, a correction, an audit, a table full) it never sees. So this reads the
code: every string of three words or more that the web layer hands to a page or a refusal, by ``flash()``,
``render_template(..., title=/message=)`` or an exception's constructor (``ScorekeeperError`` and its kind,
``NotFound``, ``Busy``, ``AccessDenied``), must come marked: ``gettext``/``_``/``_l``/``ngettext``/``N_`` for the
pages' words, ``Said(...)`` for a refusal (its English stays the API's ``message`` and ``str``; a page words
it in the reader's language). A name passed there is followed to the literal it was given in the same function
or module, and a conditional's branches and a join's parts are each read.
"""

from __future__ import annotations

import ast
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "scorekeeper" / "web"

MARKS = {"gettext", "_", "_l", "lazy_gettext", "ngettext", "N_", "Said", "say", "refusal", "said"}

REFUSALS = {"ScorekeeperError", "RecordSyntaxError", "ChangedMeanwhile", "ClientIdConflict", "NotFound", "Busy",
            "AccessDenied", "InconsistentRecord", "IllegalPlay", "ImpossibleResult", "UnknownGame", "UnknownOption"}

# Reasoned exceptions: (file relative to scorekeeper/web, the start of the sentence) -> why it may stay English.
ALLOWED: dict[tuple[str, str], str] = {
    # The JSON bodies the card page's and one's own hand's scripts send: the scripts always send them whole and
    # small, so only a hand-written client reads these, in the answer's JSON (its code says it: ``syntax``).
    ("play/my_hand.py", "the request body is too large"): "a script's body, never a player's",
    ("play/my_hand.py", "the request body is an object"): "a script's body, never a player's",
    ("play/routes.py", "the request body is too large"): "a script's body, never a player's",
    ("play/routes.py", "the request body is an object"): "a script's body, never a player's",
}


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _words(node: ast.expr) -> str:
    """The literal words of a string or f-string (a filled place counts as one word)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else " X " for v in node.values)
    return ""


def _english(node: ast.expr, names: dict[str, list[ast.expr]], seen: frozenset[str] = frozenset()) -> list[str]:
    """The unmarked English sentences ``node`` may be: literals of 3+ words, through names, ifs and joins."""
    if isinstance(node, ast.Call) and _name(node.func) in MARKS:
        return []
    if isinstance(node, ast.IfExp):
        return _english(node.body, names, seen) + _english(node.orelse, names, seen)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _english(node.left, names, seen) + _english(node.right, names, seen)
    if isinstance(node, ast.Name) and node.id not in seen:
        return [s for value in names.get(node.id, ()) for s in _english(value, names, seen | {node.id})]
    text = _words(node)
    if len([w for w in text.split() if any(c.isalpha() for c in w)]) >= 3:
        return [text]
    if isinstance(node, ast.JoinedStr):  # an f-string of a place and a few words: "Hand X corrected"
        return [s for v in node.values if isinstance(v, ast.FormattedValue) for s in _english(v.value, names, seen)]
    return []


def _assigned(scope: ast.AST) -> dict[str, list[ast.expr]]:
    found: dict[str, list[ast.expr]] = {}
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, []).append(node.value)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            found.setdefault(node.target.id, []).append(node.value)
    return found


def _shown(call: ast.Call) -> list[ast.expr]:
    """What of a call reaches a reader: flash's sentence, a page's title and message, a refusal's sentence."""
    name = _name(call.func)
    if name == "flash":
        return call.args[:1]
    if name == "render_template":
        return [k.value for k in call.keywords if k.arg in ("title", "message")]
    if name in REFUSALS:
        return call.args[:1]
    return []


def english_left() -> list[tuple[str, int, str]]:
    """Each unmarked sentence the web layer shows: (file, line, sentence)."""
    hits = []
    for path in sorted(WEB.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        module = _assigned(tree)
        scopes = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        local = {id(call): _assigned(f) for f in scopes for call in ast.walk(f) if isinstance(call, ast.Call)}
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call):
                continue
            names = {**module, **local.get(id(call), {})}
            for arg in _shown(call):
                for sentence in _english(arg, names):
                    hits.append((str(path.relative_to(WEB)), call.lineno, sentence))
    return hits


def test_the_scan_finds_an_unmarked_sentence() -> None:
    """The scan itself: a refusal, a flash and a page's message in English are found, marked ones are not."""
    tree = ast.parse(
        'flash(f"Hand {n} corrected; the totals are recomputed.")\n'
        'raise Busy("the table is busy: try again")\n'
        'message = "This table is full: start another"\n'
        'render_template("e.html", title=_("Not found"), message=message)\n'
        'raise NotFound(Said("no club %(club)s", club=x))\n'
        'flash(gettext("Hand %(number)s saved.", number=n))\n')
    names = _assigned(tree)
    found = [s for call in ast.walk(tree) if isinstance(call, ast.Call) for a in _shown(call) for s in _english(a, names)]
    assert found == ["Hand  X  corrected; the totals are recomputed.", "the table is busy: try again",
                     "This table is full: start another"]


def test_no_english_left_in_the_web_layer() -> None:
    left = [(f, line, s) for f, line, s in english_left()
            if not any(f == file and s.startswith(start) for file, start in ALLOWED)]
    assert not left, "\n".join(f"scorekeeper/web/{f}:{line}: {s!r}" for f, line, s in left)


def test_every_allowed_sentence_is_still_there() -> None:
    """An allowance whose sentence went (marked, or reworded) goes too."""
    found = english_left()
    stale = [key for key in ALLOWED if not any(f == key[0] and s.startswith(key[1]) for f, _, s in found)]
    assert not stale, stale
