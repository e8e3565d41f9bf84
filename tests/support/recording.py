"""The recording loop's reading of what a table stored."""

from __future__ import annotations

from typing import Any


def stored_hands(page: Any) -> list[dict[str, Any]]:
    """The session's hands as stored: its export (JSON), by the session page's own link."""
    href = page.locator("#export").get_attribute("href")
    response = page.request.get(href)
    assert response.ok, response.status
    hands: list[dict[str, Any]] = response.json()["hands"]
    return hands
