"""The trick-taking core's pages: ``pages`` (the table, a hand by its result, a stored hand) and ``play``
(card by card)."""

from .pages import PAGES as PAGES
