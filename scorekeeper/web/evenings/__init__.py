"""Progressive Hearts evenings: the seating, the rounds, the tally and the prizes."""
