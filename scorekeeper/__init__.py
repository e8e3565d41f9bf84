"""Scorekeeper: score, check and audit Hearts-family and Tripoli card games at the table."""

__version__ = "0.1.0"
