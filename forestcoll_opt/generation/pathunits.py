"""Path units: the physical paths behind one logical edge, with multiplicities, handed out
front first. Edge splitting fills them; routing hands them to trees."""

from __future__ import annotations

from typing import Iterable

Route = tuple[int, ...]
"""A physical route: the node indices from a link's tail to its head, switches between."""


class PathUnits:
    """A queue of ``[path, count]`` items; :meth:`take` removes units from the front."""

    __slots__ = ("items", "head", "left")

    def __init__(self, units: Iterable[tuple[Route, int]] = ()) -> None:
        self.items: list[list] = [[p, c] for p, c in units if c]
        self.head = 0
        self.left = sum(c for _, c in self.items)     # units not yet taken

    def add(self, path: Route, count: int) -> None:
        """Append ``count`` units of ``path`` at the back (merged with the last run if it is
        the same path).

        :param path: the physical route
        :param count: how many units of it
        """
        self.left += count
        if len(self.items) > self.head and self.items[-1][0] == path:
            self.items[-1][1] += count
        else:
            self.items.append([path, count])

    def available(self) -> int:
        """The number of units not yet taken.

        :returns: the sum of the remaining counts
        """
        return self.left

    def take(self, amount: int) -> list[tuple[Route, int]]:
        """The next ``amount`` units as ``(path, count)`` runs; the caller checks that they
        are :meth:`available`.

        :param amount: how many units to take
        :returns: the runs taken, front first, their counts summing to ``amount``
        """
        out = []
        self.left -= amount
        while amount:
            path, count = self.items[self.head]
            used = min(count, amount)
            out.append((path, used))
            amount -= used
            if used == count:
                self.head += 1
            else:
                self.items[self.head][1] = count - used
        return out

    def remaining(self) -> tuple[tuple[Route, int], ...]:
        """The units not yet taken, as ``(path, count)`` runs, front first.

        :returns: the runs
        """
        return tuple((p, c) for p, c in self.items[self.head:] if c)
