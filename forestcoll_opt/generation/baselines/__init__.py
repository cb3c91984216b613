"""Baseline schedules: what the libraries run today and the paper's generated baselines,
built in the schedule format so that the verifier, the simulator and the time model compare
them with ForestColl's on the same topology. :func:`baseline` builds each by kind:

* :mod:`forestcoll_opt.generation.baselines.rings`: NCCL's rings, its double binary tree
  and its tree for one root;
* the paper's generated baselines, :mod:`forestcoll_opt.generation.baselines.blink_switch`
  (Blink+Switch, the optimal single-root packing on the switch-free logical topology) and
  :mod:`forestcoll_opt.generation.baselines.multi_tree` (MultiTree's greedy per-step trees);
* :mod:`forestcoll_opt.generation.baselines.alltoall`: NCCL's all-to-all, direct and PXN.
"""

from __future__ import annotations

from typing import Any

from ...errors import UsageError
from ...model.collective import Collective, check_request
from ...model.schedule import Schedule
from ...model.topology import Topology
from .alltoall import ALLTOALL_KINDS, alltoall_baseline
from .blink_switch import blink
from .multi_tree import Growth, multitree
from .rings import dbtree, ring, tree

__all__ = ["ALL_KINDS", "ALLTOALL_KINDS", "Growth", "KINDS", "alltoall_baseline", "baseline",
           "blink", "dbtree", "multitree", "ring", "tree"]

KINDS = ("ring", "dbtree", "tree", "blink", "multitree")
ALL_KINDS = KINDS + ALLTOALL_KINDS
"""Every kind :func:`baseline` builds: the tree collectives' (:data:`KINDS`), then
all-to-all's (:data:`~forestcoll_opt.generation.baselines.alltoall.ALLTOALL_KINDS`)."""

def baseline(topology: Topology, kind: str, *, collective: "Collective | str" = "allgather",
             root: str | None = None, channels: int | None = None,
             demand: Any = None) -> Schedule:
    """The ``kind`` baseline (one of :data:`KINDS`) for ``collective``: NCCL's
    :func:`~forestcoll_opt.generation.baselines.rings.ring` (every tree collective),
    :func:`~forestcoll_opt.generation.baselines.rings.dbtree` (allreduce) or
    :func:`~forestcoll_opt.generation.baselines.rings.tree` (broadcast, reduce); or the paper's generated baselines,
    :func:`~forestcoll_opt.generation.baselines.blink_switch.blink` (Blink+Switch: broadcast, reduce, allreduce)
    and :func:`~forestcoll_opt.generation.baselines.multi_tree.multitree` (allgather, reduce-scatter,
    allreduce); for alltoall ``"direct"`` or ``"pxn"``
    (:mod:`forestcoll_opt.generation.baselines.alltoall`).

    :param topology: the network
    :param kind: ``"ring"``, ``"dbtree"``, ``"tree"``, ``"blink"`` or ``"multitree"``
    :param collective: the collective, a :class:`~forestcoll_opt.model.collective.Collective`
        or its value
    :param root: the root compute node of broadcast/reduce; must be None for the others,
        except that a Blink allreduce may name the root it reduces into and broadcasts
        from (None: the one whose packing is fastest)
    :param channels: the number of channels, 1 to
        :data:`~forestcoll_opt.generation.baselines.rings.MAX_CHANNELS`; None for one per GPU
        of the smallest box (at most
        :data:`~forestcoll_opt.generation.baselines.rings.MAX_DEFAULT_CHANNELS`); must be None for
        ``"tree"``, ``"blink"``, ``"multitree"`` and the all-to-all kinds
    :param demand: alltoall only: a demand matrix ``{src: {dst: amount}}``, None for uniform
    :returns: the schedule, with its exact ``algbw``
    :raises UsageError: for an unknown kind or collective, a kind that does not run this
        collective, a missing, unknown or superfluous root, or ``channels`` out of range
    :raises ScheduleError: when a box has no path through its GPUs over switches only, two
        GPUs have no route, or the counts would exceed 2^63 - 1
    """
    if kind in ALLTOALL_KINDS or Collective.parse(collective) is Collective.ALLTOALL:
        return _alltoall(topology, kind, collective, root, channels, demand)
    if demand is not None:
        raise UsageError("a demand matrix is for alltoall only; drop it")
    if kind not in ALL_KINDS:
        raise UsageError(f"unknown baseline {str(kind)[:40]!r}; use one of {', '.join(KINDS)}"
                         f" (or {', '.join(ALLTOALL_KINDS)} for alltoall)")
    if kind in ("blink", "multitree"):
        if channels is not None:
            raise UsageError(f"the {kind} baseline has no channels; drop channels (or use the "
                             f"ring baseline, which has one ring per channel)")
        if kind == "blink":
            return blink(topology, collective=collective, root=root)
        if not Collective.parse(collective).rooted:     # else multitree says it is not its
            check_request(topology, collective, root=root)
        return multitree(topology, collective=collective)
    member = check_request(topology, collective, root=root)
    coll = member.value
    if kind == "ring":
        return ring(topology, coll, root=root, channels=channels)
    if kind == "dbtree":
        if member is not Collective.ALLREDUCE:
            raise UsageError(f"dbtree is NCCL's allreduce algorithm; for {coll} use "
                             f"the ring baseline" + (" or the tree baseline" if member.rooted
                                                     else ""))
        return dbtree(topology, channels=channels)
    if not member.rooted:
        raise UsageError(f"the tree baseline has a single root (broadcast, reduce); for {coll} "
                         f"use the ring baseline"
                         + (" or dbtree" if member is Collective.ALLREDUCE else ""))
    if channels is not None:
        raise UsageError("the tree baseline builds one tree; drop channels (or use the ring "
                         "baseline, which has one ring per channel)")
    return tree(topology, coll, root=root)


def _alltoall(topology: Topology, kind: str, collective: Any, root: Any,
              channels: Any, demand: Any) -> Schedule:
    """:func:`baseline` for the all-to-all kinds (:mod:`forestcoll_opt.generation.baselines.alltoall`)."""
    if Collective.parse(collective) is not Collective.ALLTOALL:
        raise UsageError(f"{kind} is an all-to-all baseline (collective alltoall); for "
                         f"{Collective.parse(collective)} use one of {', '.join(KINDS)}")
    if kind not in ALLTOALL_KINDS:
        raise UsageError(f"the {str(kind)[:40]} baseline does not run alltoall; use one of "
                         f"{', '.join(ALLTOALL_KINDS)}")
    if root is not None or channels is not None:
        raise UsageError("the all-to-all baselines take no root and no channels; drop them")
    return alltoall_baseline(topology, kind, demand=demand)
