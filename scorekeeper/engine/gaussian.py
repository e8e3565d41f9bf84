"""Gaussian integers a + bi for Complex Hearts (catalogue 7).

Exact integer arithmetic only: magnitudes are compared through ``norm`` (a² + b²),
never through floating-point square roots (catalogue 7.5).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any
from .errors import shown


@dataclass(frozen=True, slots=True)
class Gaussian:
    """A Gaussian integer.

    >>> Gaussian(5, 4) * Gaussian(1, 8)
    Gaussian(re=-27, im=44)
    >>> Gaussian(11, 4) - Gaussian(8, 2)
    Gaussian(re=3, im=2)
    """

    re: int = 0
    im: int = 0

    def __add__(self, other: Gaussian | int) -> Gaussian:
        o = _lift(other)
        return Gaussian(self.re + o.re, self.im + o.im)

    __radd__ = __add__

    def __sub__(self, other: Gaussian | int) -> Gaussian:
        o = _lift(other)
        return Gaussian(self.re - o.re, self.im - o.im)

    def __rsub__(self, other: Gaussian | int) -> Gaussian:
        return _lift(other) - self

    def __neg__(self) -> Gaussian:
        return Gaussian(-self.re, -self.im)

    def __mul__(self, other: Gaussian | int) -> Gaussian:
        o = _lift(other)
        return Gaussian(self.re * o.re - self.im * o.im, self.re * o.im + self.im * o.re)

    __rmul__ = __mul__

    @property
    def norm(self) -> int:
        """a² + b²: the squared magnitude, exact."""
        return self.re * self.re + self.im * self.im

    @property
    def magnitude(self) -> float:
        """|a + bi| for display only."""
        return math.sqrt(self.norm)

    def to_json(self) -> dict[str, int]:
        return {"re": self.re, "im": self.im}

    @staticmethod
    def from_json(value: Any) -> Gaussian:
        if isinstance(value, dict) and set(value) == {"re", "im"}:
            re, im = value["re"], value["im"]
            if isinstance(re, int) and isinstance(im, int) and not isinstance(re, bool) and not isinstance(im, bool):
                return Gaussian(re, im)
        if isinstance(value, int) and not isinstance(value, bool):
            return Gaussian(value, 0)
        raise ValueError(f"{shown(value)} is not a Gaussian integer ({{\"re\": a, \"im\": b}})")

    def __str__(self) -> str:
        if self.im == 0:
            return str(self.re)
        sign = "-" if self.im < 0 else "+"
        return f"{self.re} {sign} {abs(self.im)}i"


I = Gaussian(0, 1)


def _lift(value: Gaussian | int) -> Gaussian:
    return value if isinstance(value, Gaussian) else Gaussian(value, 0)
