"""A table and its hands: the ``pages`` blueprint, its pages, a new table, the same table again, sharing."""
