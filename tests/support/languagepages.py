"""A page read in a language: the ``lang`` cookie set for one request, and what the page must and must not say."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.support.pages import Page, get


def in_language(client: FlaskClient, code: str, url: str) -> Page:
    """The page at ``url`` read by a phone that chose ``code`` (its cookie, for this request only)."""
    client.set_cookie("lang", code)
    try:
        return get(client, url)
    finally:
        client.delete_cookie("lang")


def speaks(page: Page, code: str, said: list[str], english: list[str]) -> None:
    """The page is in ``code``: it says each of ``said`` and none of ``english``."""
    assert f'<html lang="{code}">' in page.html
    for words in said:
        assert words in page.html, (code, words)
    left = [words for words in english if words in page.html]
    assert left == [], (code, left)
