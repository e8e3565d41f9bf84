"""Clubs: their people, tables, evenings and statistics, as pages and as a JSON API."""
