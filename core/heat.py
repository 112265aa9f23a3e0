"""A cell's chance of a hit as a board draws it (the coach's hint, games/hints.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class HeatCell:
    percent: str
    level: int  # 0 (no chance at all) to HEAT_LEVELS (the likeliest)

    @property
    def number(self) -> str:
        """The figure drawn in the cell (its name says it whole)."""
        return self.percent.replace("%", "").strip()
