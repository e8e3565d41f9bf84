"""Tripoli's pages: ``pages`` (the table, a deal by its result, a stored deal) and ``forms``."""

from .pages import PAGES as PAGES
