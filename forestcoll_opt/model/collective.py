"""The collectives (paper, sections 4 "Throughput Optimality for Collectives" and 5.7
"Other Collective Operations"), as one enum that every entry point accepts, or its string
value: the five tree collectives, and all-to-all, whose schedules are weighted routes
per pair of compute nodes rather than trees (its optimum is a maximum concurrent flow,
:mod:`forestcoll_opt.lp.alltoall`)."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any

from ..errors import CollectiveError

if TYPE_CHECKING:
    from .topology import Topology


class Collective(str, Enum):
    """A collective operation; ``Collective("reduce-scatter") is Collective.REDUCE_SCATTER``
    and every member compares equal to its string value.

    With N compute nodes and a buffer of M bytes: in allgather every compute node
    contributes a shard of M/N and ends with all of them; reduce-scatter is its reverse
    (every node ends with the sum of one shard); allreduce leaves every node with the sum of
    the whole buffer; broadcast sends a root's buffer to every node and reduce sums every
    node's buffer at a root. Allgather and broadcast run on out-trees, reduce-scatter and
    reduce on in-trees, allreduce on both. In all-to-all every compute node sends M/N of
    its buffer to every other one (or amounts from a demand matrix), over weighted routes.
    """

    ALLGATHER = "allgather"
    REDUCE_SCATTER = "reduce-scatter"
    ALLREDUCE = "allreduce"
    BROADCAST = "broadcast"
    REDUCE = "reduce"
    ALLTOALL = "alltoall"

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

    @property
    def outward(self) -> bool:
        """Data flows away from the roots (out-trees, computed on the network itself):
        allgather and broadcast."""
        return self in (Collective.ALLGATHER, Collective.BROADCAST)

    @property
    def sharded(self) -> bool:
        """The buffer is N shards, one per compute node, each gathered from its node or
        reduced toward it in one phase of trees rooted at every compute node: allgather and
        reduce-scatter (allreduce is the two in turn; broadcast and reduce move one root's
        whole buffer; all-to-all sends a part to every pair)."""
        return self in (Collective.ALLGATHER, Collective.REDUCE_SCATTER)

    @property
    def cut_bounded(self) -> bool:
        """The optimum is a cut bound (paper, "Throughput Optimality for Collectives"):
        the one-phase tree collectives (:data:`CUT_BOUNDED`); allreduce's optimum is the
        allreduce LP, all-to-all's a maximum concurrent flow."""
        return self in CUT_BOUNDED

    @property
    def routed(self) -> bool:
        """Made of weighted routes per pair of compute nodes rather than of trees
        (all-to-all)."""
        return self is Collective.ALLTOALL

    @classmethod
    def parse(cls, value: "Collective | str", *, allowed: "tuple[Collective, ...] | None" = None,
              hint: str = "") -> "Collective":
        """The member named by ``value``.

        :param value: a member or its string value, e.g. ``"reduce-scatter"``
        :param allowed: the members the caller accepts (default: all of them)
        :param hint: appended to the message when ``value`` is a collective that ``allowed``
            leaves out (where to go for it instead)
        :returns: the member
        :raises CollectiveError: for any other value, naming the accepted ones
        """
        choices = allowed or tuple(cls)
        try:
            member = cls(value)
        except ValueError:
            member = None
        names = ", ".join(c.value for c in choices)
        if member is None:
            raise CollectiveError(f"unknown collective {str(value)[:40]!r}; use one of {names}")
        if member not in choices:
            raise CollectiveError(f"{member} is not accepted here; use one of {names}"
                                  + (f" ({hint})" if hint else ""))
        return member


ALL = tuple(c.value for c in Collective)
"""Every collective's string value, in the enum's order (all-to-all last)."""

TREE_COLLECTIVES = (Collective.ALLGATHER, Collective.REDUCE_SCATTER, Collective.ALLREDUCE,
                    Collective.BROADCAST, Collective.REDUCE)
"""The five collectives made of trees (every entry point of the tree pipeline)."""

TREES = tuple(c.value for c in TREE_COLLECTIVES)
"""Their string values."""

ALLTOALL_HINT = ("alltoall is made of routes, not trees: use forestcoll_opt.lp_alltoall(topology) "
                 "for its optimal schedule, forestcoll_opt.solve_lp(topology, "
                 "collective=\"alltoall\") for its optimum, or forestcoll_opt.baseline(topology, "
                 "\"direct\" or \"pxn\", collective=\"alltoall\")")
"""The one line every tree entry point answers a request for all-to-all with."""

CUT_BOUNDED = (Collective.ALLGATHER, Collective.REDUCE_SCATTER, Collective.BROADCAST,
               Collective.REDUCE)
"""The collectives whose optimum is a cut bound (paper, "Throughput Optimality for
Collectives" and "Other Collectives"); allreduce's is the allreduce LP."""

CUT_BOUNDED_NAMES = tuple(c.value for c in CUT_BOUNDED)
"""Their string values."""


def check_request(topology: "Topology", collective: "Collective | str", *,
                  root: Any = None, weights: Any = None,
                  allowed: "tuple[Collective, ...] | None" = None, hint: str = "") -> Collective:
    """The one check of a request's collective, root and shard weights, shared by every
    entry point (bound, generate, baselines, trade-off, sweeps).

    :param topology: the network the request is for
    :param collective: a :class:`Collective` or its string value
    :param root: the root compute node; required for broadcast and reduce, refused for the
        others (every compute node is a root there)
    :param weights: shard weights, or None; refused for broadcast and reduce (one root, no
        shards). Their values are checked by :mod:`forestcoll_opt.model.weights`.
    :param allowed: the collectives the caller accepts (default: the five tree
        collectives; all-to-all, unless listed, is refused with :data:`ALLTOALL_HINT`)
    :param hint: where to go for a collective that ``allowed`` leaves out
    :returns: the collective as a :class:`Collective`
    :raises CollectiveError: naming what to change
    """
    if Collective.parse(collective) is Collective.ALLTOALL and \
            Collective.ALLTOALL not in (allowed or ()):
        raise CollectiveError(ALLTOALL_HINT)
    member = Collective.parse(collective, allowed=allowed or TREE_COLLECTIVES, hint=hint)
    if member.rooted:
        if root is None:
            raise CollectiveError(f"{member} needs a root: pass one of the compute nodes, e.g. "
                                  f"{topology.compute_nodes[0]!r}")
        if not isinstance(root, str) or root not in topology.index \
                or not topology.node[root].is_compute:
            nodes = topology.compute_nodes
            preview = ", ".join(repr(v) for v in nodes[:4]) + (f", ... ({len(nodes)} in all)" if len(nodes) > 4 else "")
            raise CollectiveError(f"root {str(root)[:60]!r} is not a compute node of "
                                  f"{topology.name!r}; compute nodes: {preview}")
        if weights is not None:
            raise CollectiveError(f"{member} has a single root and no shards; drop the weights")
    elif root is not None:
        raise CollectiveError(f"{member} has a root at every compute node; drop the root")
    return member


ALLREDUCE_METHODS = ("auto", "trees", "lp")
"""How an allreduce is built (``method=`` of ``generate`` and ``tradeoff``): ``"auto"``
the schedule at the allreduce LP optimum where it beats the trees, by the rule of
:mod:`forestcoll_opt.lp.choice`; ``"trees"`` the best reduce-scatter then the best
allgather; ``"lp"`` the schedule at the LP optimum. For the other collectives ``"auto"``
and ``"trees"`` are the same."""


def check_method(method: Any) -> str:
    """``method`` if it is one of :data:`ALLREDUCE_METHODS`.

    :param method: the ``method=`` argument
    :returns: it
    :raises CollectiveError: otherwise, naming the methods
    """
    if not isinstance(method, str) or method not in ALLREDUCE_METHODS:
        raise CollectiveError(f"method={str(method)[:40]!r}: use \"auto\" (for allreduce: "
                              f"the LP schedule where it beats the trees), \"trees\" or "
                              f"\"lp\"")
    return method
