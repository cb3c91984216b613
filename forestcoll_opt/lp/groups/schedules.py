"""Schedules of process groups at once: one ForestColl schedule per group on its share of
the concurrent-groups LP's witness (issue 34, "Groups at once", Schedules).

The witness (:attr:`~forestcoll_opt.lp.groups.solve.ConcurrentBound.shares`) gives every
group g an exact share of every link, the shares of all groups within every link's
bandwidth, each share balanced (:mod:`forestcoll_opt.lp.groups.certify`). On its share
(:func:`~forestcoll_opt.lp.groups.certify.share_topology`: the members its compute nodes,
every other node a switch) ForestColl builds group g a schedule at the share's bound,
at least λ_low·w_g; for allreduce a reduce-scatter on the reduce-scatter phase's share then
an allgather on the allgather phase's. A schedule's loads at its own rate fit within its
share, so the groups' summed loads fit every link at λ_low: the common scale the schedules
reach together (:func:`~forestcoll_opt.model.group_schedules.joint_lambda`, recomputed here
exactly from their link loads, never assumed) is at least λ_low, and equals the certified
optimum when the interval closes.

Each schedule is written for the network as its group sees it (the other compute nodes
switches, ``process_group`` set), its ``algbw`` that of its own link loads on the whole
link bandwidths (what it reaches alone).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from ...errors import LPCertificateError
from ...generation.pipeline import generate
from ...model.collective import Collective
from ...model.group_schedules import GroupSchedules, joint_lambda
from ...model.groups import Group, parse_mesh, restrict
from ...model.linkloads import achieved_algbw
from ...model.schedule import Schedule
from ...model.topology import Topology
from .certify import share_topology
from .solve import ConcurrentBound, concurrent

__all__ = ["generate_concurrent"]


def generate_concurrent(topology: Topology, *, groups: Any = None, mesh: Any = None,
                        along: Any = None, collective: "Collective | str" = "allgather",
                        bound: ConcurrentBound | None = None, symmetry: bool | None = None,
                        time_limit: float | None = None,
                        kernel: str | None = None) -> GroupSchedules:
    """One schedule per group, all running ``collective`` at once, from the joint optimum's
    witness (module docstring).

    :param topology: the network
    :param groups: the groups, as :func:`~forestcoll_opt.lp.groups.solve.concurrent` takes them
    :param mesh: instead of ``groups``, a device mesh such as ``"dp=16,tp=8"``
    :param along: with ``mesh``, the dimension(s) the groups run along
    :param collective: ``"allgather"`` (default), ``"reduce-scatter"`` or ``"allreduce"``
    :param bound: the :class:`ConcurrentBound` of these groups already solved (its witness
        is used; the groups and the collective are then its own, and ``groups``, ``mesh``,
        ``along``, ``collective`` only name the layout written)
    :param symmetry: as for :func:`concurrent`
    :param time_limit: as for :func:`concurrent`
    :param kernel: the max-flow kernel
    :returns: the :class:`~forestcoll_opt.model.group_schedules.GroupSchedules`
    :raises GroupError: for badly named groups
    :raises CollectiveError: for a collective other than the three above
    :raises LPError: as :func:`concurrent`; :class:`LPCertificateError` if the schedules
        together reach less than the certified lower value (a bug: please report it)
    """
    if bound is None:
        bound = concurrent(topology, groups=groups, mesh=mesh, along=along,
                           collective=collective, symmetry=symmetry, time_limit=time_limit,
                           kernel=kernel)
    member = bound.collective
    if len(bound.shares) != (2 if member is Collective.ALLREDUCE else 1):
        raise LPCertificateError("the concurrent bound carries no witness shares; solve it "
                                 "with forestcoll_opt.lp.concurrent")
    schedules = tuple(_group_schedule(topology, g, bound, i, kernel)
                      for i, g in enumerate(bound.groups))
    achieved = joint_lambda(topology, schedules, [g.weight for g in bound.groups])
    if achieved < bound.lower:
        raise LPCertificateError(
            f"the schedules of the {len(bound.groups)} groups reach λ = {achieved} together, "
            f"below the certified lower value {bound.lower}; please report the topology and "
            f"groups")
    layout = None
    if mesh is not None and along is not None:
        wanted = along if isinstance(along, str) else ",".join(along)
        layout = (str(parse_mesh(mesh)), wanted)
    return GroupSchedules(member, topology.name, topology.units, bound.groups, schedules,
                          achieved, bound.lower, bound.upper, layout)


def _group_schedule(topology: Topology, group: Group, bound: ConcurrentBound, i: int,
                    kernel: str | None) -> Schedule:
    """Group ``i``'s schedule on its witness shares, written for the network as it sees it."""
    seen = restrict(topology, group)
    member = bound.collective
    names = ("reduce-scatter", "allgather") if member is Collective.ALLREDUCE else (
        member.value,)
    phases = []
    for shares, name in zip(bound.shares, names):
        share = share_topology(topology, group, shares[i])
        built = generate(share, collective=name, kernel=kernel, multicast="off")
        built = replace(built, topology=seen.name, root=None)
        algbw = achieved_algbw(built, seen)
        parts = built.total_weight * built.k
        phases.append(replace(built, algbw=algbw, tree_bandwidth=algbw / parts,
                              process_group=True))   # as the reader gives phases
    if member is not Collective.ALLREDUCE:
        return phases[0]
    rs, ag = phases
    return Schedule(collective=member, topology=seen.name, units=topology.units,
                    compute_nodes=seen.compute_nodes, k=None, tree_bandwidth=None,
                    algbw=1 / (1 / rs.algbw + 1 / ag.algbw), phases=(rs, ag),
                    stats=rs.stats.plus(ag.stats), weights=rs.weights, process_group=True)
