"""The five collectives (paper, sections 4 "Throughput Optimality for Collectives" and 5.7
"Other Collective Operations"), as one enum that every entry point accepts, or its string
value."""

from __future__ import annotations

from enum import Enum

from ..errors import UsageError


class Collective(str, Enum):
    """A collective operation; ``Collective("reduce-scatter") is Collective.REDUCE_SCATTER``
    and every member compares equal to its string value.

    With N compute nodes and a buffer of M bytes: in allgather every compute node
    contributes a shard of M/N and ends with all of them; reduce-scatter is its reverse
    (every node ends with the sum of one shard); allreduce leaves every node with the sum of
    the whole buffer; broadcast sends a root's buffer to every node and reduce sums every
    node's buffer at a root. Allgather and broadcast run on out-trees, reduce-scatter and
    reduce on in-trees, allreduce on both.
    """

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
        """The member named by ``value``; a clear :class:`UsageError` otherwise.

        :param value: a member or its string value, e.g. ``"allgather"``
        :param allowed: the members accepted here (default: all five)
        :returns: the member
        :raises UsageError: when ``value`` names no member, or one not in ``allowed``
        """
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
