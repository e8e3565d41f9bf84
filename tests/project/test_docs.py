"""The project's own docs hold together in a fresh clone: every link between them leads to a file
and a heading that exist, and nothing cites a file the repository does not have."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "scorekeeper").rglob("*.md"),
                ROOT / "requirements" / "README.md"])
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """A heading's anchor as GitHub writes it: lower case, punctuation out, spaces to dashes."""
    text = heading.strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return {slug(m.group(1)) for m in re.finditer(r"^#+ (.+)$", text, re.M)}


def links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return [m.group(1) for m in LINK.finditer(text) if not re.match(r"[a-z]+:", m.group(1))]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_leads_to_a_file_and_a_heading(page: Path) -> None:
    broken = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        found = (page.parent / path).resolve() if path else page
        if not found.exists():
            broken.append(target)
        elif anchor and found.suffix == ".md" and anchor not in anchors(found):
            broken.append(target)
    assert not broken, f"{page.relative_to(ROOT)}: links to nothing: {broken}"


def test_nothing_cites_a_file_outside_the_repository() -> None:
    sources = [*PAGES, *(ROOT / "scorekeeper").rglob("*.py"), *(ROOT / "templates").rglob("*.html")]
    wrong = [str(p.relative_to(ROOT)) for p in sources
             if re.search(r"\.\./shared|CATALOGUE\.md|RECORDS\.md", p.read_text(encoding="utf-8"))]
    assert not wrong, "cites a file a fresh clone does not have: " + ", ".join(wrong)
