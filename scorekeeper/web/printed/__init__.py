"""The printed score sheets (PDF) of a table, and blank ones."""
