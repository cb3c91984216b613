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

Without relays (``relay=False``) every share is zero on the links of the compute nodes
outside its group, so the group's network on its share has those nodes isolated and no
path of its schedule enters one; the set is written with ``"relay": false`` and checked
here (:func:`~forestcoll_opt.model.group_scope.relays`) before it is returned.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from ...errors import GroupError, LPCertificateError
from ...generation.pipeline import generate
from ...model.collective import Collective
from ...model.group_schedules import GroupSchedules, joint_lambda
from ...model.group_scope import relays
from ...model.groups import Group, parse_mesh, restrict
from ...model.linkloads import achieved_algbw
from ...model.schedule import Schedule
from ...model.topology import Topology
from ...model.trees import tree_image
from .certify import share_topology
from .solve import ConcurrentBound, concurrent

__all__ = ["generate_concurrent"]


def generate_concurrent(topology: Topology, *, groups: Any = None, mesh: Any = None,
                        along: Any = None, collective: "Collective | str" = "allgather",
                        bound: ConcurrentBound | None = None, symmetry: bool | None = None,
                        time_limit: float | None = None, kernel: str | None = None,
                        relay: bool = True) -> GroupSchedules:
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
    :param relay: as for :func:`concurrent`: False, no group's schedule passes through a
        compute node outside it (with ``bound``, the bound's own; a bound solved with
        relays is refused)
    :returns: the :class:`~forestcoll_opt.model.group_schedules.GroupSchedules`
    :raises GroupError: for badly named groups, or ``relay=False`` with a ``bound``
        solved with relays
    :raises CollectiveError: for a collective other than the three above
    :raises LPError: as :func:`concurrent`; :class:`LPCertificateError` if the schedules
        together reach less than the certified lower value (a bug: please report it)
    """
    if bound is None:
        bound = concurrent(topology, groups=groups, mesh=mesh, along=along,
                           collective=collective, symmetry=symmetry, time_limit=time_limit,
                           kernel=kernel, relay=relay)
    elif relay is False and bound.relay:
        raise GroupError("relay=False: bound= was solved with relays; solve it with "
                         "relay=False too, or leave bound= out", options=("relay", "bound"))
    member = bound.collective
    if member is Collective.ALLTOALL:
        schedules = _alltoall_schedules(topology, bound)
        return _written(topology, bound, schedules, mesh, along)
    if len(bound.shares) != (2 if member is Collective.ALLREDUCE else 1):
        raise LPCertificateError("the concurrent bound carries no witness shares; solve it "
                                 "with forestcoll_opt.lp.concurrent")
    images = _images(topology, bound) if symmetry is not False else {}
    built: dict[int, Schedule] = {}
    for i, g in enumerate(bound.groups):
        source = images.get(i)
        if source is not None and source[0] in built:
            built[i] = _mapped(topology, g, built[source[0]], source[1])
        else:
            built[i] = _group_schedule(topology, g, bound, i, kernel)
    schedules = tuple(built[i] for i in range(len(bound.groups)))
    if not bound.relay:
        for g, s in zip(bound.groups, schedules):
            through = relays(topology, s)
            if through:
                raise LPCertificateError(
                    f"group {g.name!r}: its schedule on a share without relays passes "
                    f"through {through[0]!r}, outside the group; please report the "
                    f"topology and groups")
    return _written(topology, bound, schedules, mesh, along)


def _written(topology: Topology, bound: ConcurrentBound, schedules: tuple[Schedule, ...],
             mesh: Any, along: Any) -> GroupSchedules:
    """The groups' schedules with the λ they reach together, recomputed from their loads
    and never below the certified lower value."""
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
    return GroupSchedules(bound.collective, topology.name, topology.units, bound.groups,
                          schedules, achieved, bound.lower, bound.upper, layout,
                          relay=bound.relay)


def _alltoall_schedules(topology: Topology, bound: ConcurrentBound) -> tuple[Schedule, ...]:
    """All-to-all groups: the routes of the LP point behind ``bound.lower``
    (:func:`~forestcoll_opt.lp.alltoall.schedule.lp_alltoall`), split by group. Group g's
    pairs all have the same demand d_g in the LP's integers, so its routes weigh k·d_g per
    pair: the uniform all-to-all among its members with k_g = k·d_g parts per pair."""
    from ..alltoall.schedule import lp_alltoall

    if bound.alltoall_lp is None:
        raise LPCertificateError("the concurrent bound carries no all-to-all LP; solve it "
                                 "with forestcoll_opt.lp.concurrent")
    seen_at: dict[str, str] = {}
    for g in bound.groups:
        for v in g.members:
            if v in seen_at:
                raise GroupError(f"groups {seen_at[v]!r} and {g.name!r} share {v!r}: the "
                                 f"all-to-all schedules at once are written for disjoint "
                                 f"groups (the bound covers overlapping ones)")
            seen_at[v] = g.name
    whole = lp_alltoall(topology, lp=bound.alltoall_lp)
    demand = {(s, t): d for s, t, d in bound.alltoall_lp.demand or ()}
    out = []
    for g in bound.groups:
        members = set(g.members)
        routes = tuple(r for r in whole.routes if r.src in members and r.dst in members)
        d_g = demand[(g.members[0], g.members[1])] if demand else 1
        seen = restrict(topology, g)
        sched = Schedule(collective=Collective.ALLTOALL, topology=seen.name,
                         units=topology.units, compute_nodes=seen.compute_nodes,
                         k=whole.k * d_g, tree_bandwidth=None, algbw=Fraction(0),
                         routes=routes, process_group=True)
        out.append(replace(sched, algbw=achieved_algbw(sched, seen)))
    return tuple(out)


def _images(topology: Topology, bound: ConcurrentBound
            ) -> dict[int, tuple[int, tuple[int, ...]]]:
    """For a group whose witness shares are the exact image of an earlier group's under a
    permutation of the nodes that keeps every link's bandwidth (the folded LP's witness is
    symmetric), that earlier group and the permutation: its schedule is then the image of
    the earlier one's, at the same rate, without splitting and packing again. Every share
    is compared exactly; a group whose shares are not an image gets none."""
    from .model import group_symmetry

    groups = bound.groups
    sym = group_symmetry(topology, groups, symmetry=True)
    if not sym.node_perms:
        return {}
    ids = topology.node_ids
    out: dict[int, tuple[int, tuple[int, ...]]] = {}
    orbit = sym.group_orbit.tolist()
    for rep in sym.representatives:
        # breadth first over the generators: a node permutation taking rep to each group
        reach: dict[int, tuple[int, ...]] = {rep: tuple(range(len(ids)))}
        todo = [rep]
        while todo:
            x = todo.pop(0)
            for p, q in zip(sym.node_perms, sym.group_perms):
                y = q[x]
                if y not in reach:
                    reach[y] = tuple(p[v] for v in reach[x])
                    todo.append(y)
        for g, perm in reach.items():
            if g == rep or orbit[g] != orbit[rep]:
                continue
            if all(_maps(shares[rep], shares[g], perm, ids, topology.index)
                   for shares in bound.shares):
                out[g] = (rep, perm)
    return out


def _maps(a: Any, b: Any, perm: tuple[int, ...], ids: tuple[str, ...],
          index: Any) -> bool:
    """Whether ``perm`` sends share ``a`` exactly onto share ``b``."""
    if len(a) != len(b):
        return False
    for (u, v), c in a.items():
        if b.get((ids[perm[index[u]]], ids[perm[index[v]]])) != c:
            return False
    return True


def _mapped(topology: Topology, group: Group, schedule: Schedule,
            perm: tuple[int, ...]) -> Schedule:
    """``schedule`` (an earlier group's) sent by the node permutation ``perm`` to
    ``group``: every tree's root, edges and routes mapped; the same k, the algbw counted
    again from its own link loads on the network as ``group`` sees it."""
    ids = topology.node_ids
    moved = {ids[i]: ids[j] for i, j in enumerate(perm) if i != j}

    def image(v: str) -> str:
        return moved.get(v, v)

    seen = restrict(topology, group)
    phases = []
    for phase in schedule.phases or (schedule,):
        trees = tuple(tree_image(t, image) for t in phase.trees)
        out = replace(phase, compute_nodes=seen.compute_nodes, trees=trees,
                      topology=seen.name, stats=phase.stats)
        algbw = achieved_algbw(out, seen)
        phases.append(replace(out, algbw=algbw,
                              tree_bandwidth=algbw / (out.total_weight * out.k)))
    if not schedule.phases:
        return phases[0]
    rs, ag = phases
    return replace(schedule, topology=seen.name, compute_nodes=seen.compute_nodes,
                   algbw=1 / (1 / rs.algbw + 1 / ag.algbw), phases=(rs, ag))


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
