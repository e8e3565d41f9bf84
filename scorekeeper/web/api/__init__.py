"""The JSON API of the tables."""
