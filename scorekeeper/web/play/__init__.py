"""A hand card by card (the card page), and the deal from the players' own phones."""
