"""Seats, dealer and direction (catalogue 1.2): left = next clockwise, right = previous."""

from __future__ import annotations

import pytest

from scorekeeper.engine.seating import Direction, Seating

FOUR = Seating(("Ann", "Bob", "Cat", "Dan"))
FOUR_CCW = Seating(("Ann", "Bob", "Cat", "Dan"), clockwise=False)
FIVE = Seating(("A", "B", "C", "D", "E"))


@pytest.mark.parametrize(
    ("seating", "seat", "left", "right", "across"),
    [
        (FOUR, 0, 1, 3, 2), (FOUR, 1, 2, 0, 3), (FOUR, 2, 3, 1, 0), (FOUR, 3, 0, 2, 1),
        # left/right/across are places at the table, whatever the direction of play
        (FOUR_CCW, 0, 1, 3, 2), (FOUR_CCW, 3, 0, 2, 1),
        (FIVE, 0, 1, 4, 2), (FIVE, 4, 0, 3, 1),
    ],
)
def test_left_right_across(seating: Seating, seat: int, left: int, right: int, across: int) -> None:
    assert seating.left(seat) == left
    assert seating.right(seat) == right
    assert seating.across(seat) == across
    assert seating.right(seating.left(seat)) == seat


@pytest.mark.parametrize(("seat", "steps", "left", "right"), [(0, 2, 2, 2), (1, 3, 0, 2), (3, 4, 3, 3), (2, 5, 3, 1)])
def test_steps(seat: int, steps: int, left: int, right: int) -> None:
    assert (FOUR.left(seat, steps), FOUR.right(seat, steps)) == (left, right)


@pytest.mark.parametrize(
    ("seating", "seat", "next_", "previous"),
    [(FOUR, 0, 1, 3), (FOUR, 3, 0, 2), (FOUR_CCW, 0, 3, 1), (FOUR_CCW, 3, 2, 0), (FIVE, 4, 0, 3)],
)
def test_next_and_previous_follow_the_direction_of_play(
    seating: Seating, seat: int, next_: int, previous: int
) -> None:
    assert seating.next(seat) == next_
    assert seating.previous(seat) == previous


@pytest.mark.parametrize(
    ("seating", "dealer", "eldest"),
    # Eldest is the player to the dealer's left in clockwise games, to his right in Reversis.
    [(FOUR, 3, 0), (FOUR, 0, 1), (FOUR, 2, 3), (FOUR_CCW, 3, 2), (FOUR_CCW, 0, 3), (FIVE, 4, 0)],
)
def test_eldest(seating: Seating, dealer: int, eldest: int) -> None:
    assert seating.eldest(dealer) == eldest


@pytest.mark.parametrize(
    ("seating", "start", "order"),
    [(FOUR, 0, (0, 1, 2, 3)), (FOUR, 2, (2, 3, 0, 1)), (FOUR_CCW, 0, (0, 3, 2, 1)), (FOUR_CCW, 2, (2, 1, 0, 3)),
     (FIVE, 3, (3, 4, 0, 1, 2))],
)
def test_order_from(seating: Seating, start: int, order: tuple[int, ...]) -> None:
    assert seating.order_from(start) == order


@pytest.mark.parametrize(
    ("seat", "direction", "receiver"),
    [
        (0, Direction.LEFT, 1), (3, Direction.LEFT, 0),
        (0, Direction.RIGHT, 3), (2, Direction.RIGHT, 1),
        (0, Direction.ACROSS, 2), (1, Direction.ACROSS, 3), (3, Direction.ACROSS, 1),
        (2, Direction.NONE, 2),
    ],
)
@pytest.mark.parametrize("seating", [FOUR, FOUR_CCW], ids=["clockwise", "counter-clockwise"])
def test_receiver(seating: Seating, seat: int, direction: Direction, receiver: int) -> None:
    assert seating.receiver(seat, direction) == receiver


def test_every_pass_direction_is_a_permutation() -> None:
    for direction in Direction:
        assert sorted(FOUR.receiver(s, direction) for s in range(4)) == [0, 1, 2, 3]


def test_names_and_seats() -> None:
    assert FOUR.size == 4
    assert [FOUR.seat(n) for n in ("Ann", "Bob", "Cat", "Dan")] == [0, 1, 2, 3]
    assert FOUR.name(FOUR.left(FOUR.seat("Dan"))) == "Ann"
    with pytest.raises(ValueError):
        FOUR.seat("Eve")


@pytest.mark.parametrize(("text", "direction"), [("left", Direction.LEFT), ("right", Direction.RIGHT),
                                                 ("across", Direction.ACROSS), ("none", Direction.NONE)])
def test_direction_text(text: str, direction: Direction) -> None:
    assert Direction(text) is direction and str(direction) == text
