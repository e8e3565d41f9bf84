"""The trick-taking core: Hearts and its relatives (Black Lady, Polignac, Domino Hearts, ...), one family."""
