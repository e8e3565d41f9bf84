"""Points as every family's results hold them: a whole number, or a Gaussian integer in Complex Hearts."""

from __future__ import annotations

from typing import Any, Union

from .gaussian import Gaussian

Points = Union[int, Gaussian]


def points_json(points: Points) -> Any:
    """A number, or {"re": a, "im": b} in Complex Hearts."""
    return points.to_json() if isinstance(points, Gaussian) else points
