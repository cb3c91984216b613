"""The five collectives (paper, sections 4 "Throughput Optimality for Collectives" and 5.7
"Other Collective Operations"), as one enum that every entry point accepts, or its string
value."""

from __future__ import annotations

from enum import Enum

from ..errors import UsageError


class Collective(str, Enum):
    """A collective operation; ``Collective("reduce-scatter") is Collective.REDUCE_SCATTER``
    and every member compares equal to its string value."""

    ALLGATHER = "allgather"
    REDUCE_SCATTER = "reduce-scatter"
    ALLREDUCE = "allreduce"
    BROADCAST = "broadcast"
    REDUCE = "reduce"

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

    @property
    def rooted(self) -> bool:
        """Broadcast and reduce have one root; the others have a root at every compute node."""
        return self in (Collective.BROADCAST, Collective.REDUCE)

    @property
    def inward(self) -> bool:
        """Data flows toward the roots (in-trees, computed on the reversed network)."""
        return self in (Collective.REDUCE_SCATTER, Collective.REDUCE)

    @classmethod
    def parse(cls, value: "Collective | str", *, allowed: "tuple[Collective, ...] | None" = None
              ) -> "Collective":
        """The member named by ``value``; a clear :class:`UsageError` otherwise."""
        choices = allowed or tuple(cls)
        try:
            member = cls(value)
        except ValueError:
            member = None
        if member is None or member not in choices:
            raise UsageError(f"unknown collective {str(value)[:40]!r}; use one of "
                             f"{', '.join(c.value for c in choices)}")
        return member


ALL = tuple(c.value for c in Collective)
