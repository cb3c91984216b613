"""Process groups running all-to-all at once (expert parallelism): the certified joint
optimum as one all-to-all LP with a block demand matrix.

Group g of N_g members at algbw a_g moves M/N_g from every member to every other member
in time M/a_g: each of its ordered pairs at rate a_g/N_g. Asking every group for
a_g = λ·w_g at once asks every pair (s, t) of group g for the rate λ·d̃(s, t) with
d̃(s, t) = w_g/N_g (summed over the groups holding both, should groups overlap), and
nothing of the pairs no group holds. That is exactly the all-to-all LP (the maximum
concurrent flow of :mod:`forestcoll_opt.lp.alltoall`, every link's capacity shared by all
pairs' flows) with the demand matrix d̃ over the whole network's compute nodes, the nodes
outside every group relaying. The LP's algbw A (its convention: pair (s, t) runs at
A·(N−1)·d̃(s, t)/Σd̃, N every compute node) gives λ = A·(N−1)/Σd̃, a linear map, so the
LP's certified interval [lower, upper] maps to a certified interval of λ: the upper end by
the LP's length function (no routing of the groups at once does better, trees or not),
the lower end by its exactly feasible point, whose routes
(:func:`~forestcoll_opt.lp.alltoall.schedule.lp_alltoall`) reach it.

Each group alone is the all-to-all LP on the network restricted to it (the others relay);
the links the length function prices are the contended ones, and the witness's flows per
group give each group's share of every link.
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any, Mapping, Sequence

from ...model.collective import Collective
from ...model.groups import Group, restrict
from ...model.orbits import components
from ...model.topology import Topology
from ..alltoall.model import AlltoallLPResult, solve_alltoall

__all__ = ["alltoall_demand", "concurrent_alltoall", "group_flows"]


def alltoall_demand(groups: Sequence[Group]) -> dict[str, dict[str, Fraction]]:
    """The block demand d̃(s, t) = Σ over the groups g holding s and t of w_g/N_g (module
    docstring), as the all-to-all LP's ``demand=`` matrix."""
    demand: dict[str, dict[str, Fraction]] = {}
    for g in groups:
        each = Fraction(g.weight) / len(g.members)
        for s in g.members:
            row = demand.setdefault(s, {})
            for t in g.members:
                if s != t:
                    row[t] = row.get(t, Fraction(0)) + each
    return demand


def _scale(topology: Topology, groups: Sequence[Group]) -> Fraction:
    """(N−1)/Σd̃: the factor from the LP's algbw to λ (module docstring)."""
    total = sum((Fraction(g.weight) / len(g.members) * len(g.members) * (len(g.members) - 1)
                 for g in groups), Fraction(0))
    return Fraction(len(topology.compute_nodes) - 1) / total


def group_flows(topology: Topology, result: AlltoallLPResult,
                groups: Sequence[Group]) -> tuple[dict[tuple[str, str], Fraction], ...]:
    """Per group, the exact bandwidth its sources' flows take on every link at the LP's
    exactly feasible point (a source in several groups counts in each)."""
    w = result.witness
    assert w is not None
    ids, idx = topology.node_ids, topology.index
    per_source: dict[str, dict[tuple[str, str], Fraction]] = {}
    for (s, u, v), f in w.flows.items():
        row = per_source.setdefault(s, {})
        row[(u, v)] = row.get((u, v), Fraction(0)) + w.unit * f
    for s, (r, perm) in w.images.items():
        per_source[s] = {(ids[perm[idx[u]]], ids[perm[idx[v]]]): f
                         for (u, v), f in per_source.get(r, {}).items()}
    shares = []
    for g in groups:
        share: dict[tuple[str, str], Fraction] = {}
        for s in g.members:
            for e, f in per_source.get(s, {}).items():
                share[e] = share.get(e, Fraction(0)) + f
        shares.append({e: share[e] for e in topology.capacity if share.get(e)})
    return tuple(shares)


def concurrent_alltoall(topology: Topology, chosen: Sequence[Group], *,
                        time_limit: float | None = None, kernel: str | None = None,
                        alone_cache: Mapping[tuple[str, ...], Fraction] | None = None
                        ) -> dict[str, Any]:
    """The certified joint all-to-all optimum of ``chosen`` at once (module docstring),
    as the fields of a :class:`~forestcoll_opt.lp.groups.solve.ConcurrentBound` (and
    ``lp``, the all-to-all LP result whose routes reach the lower end).

    :param topology: the network
    :param chosen: the groups, resolved
    :param time_limit: seconds for HiGHS, per LP
    :param kernel: the max-flow kernel of the LPs' certificates
    :param alone_cache: members -> a group's alone optimum already known
    :raises LPError: when an LP cannot be solved and certified
    """
    start = time.perf_counter()
    result = solve_alltoall(topology, demand=alltoall_demand(chosen), time_limit=time_limit,
                            kernel=kernel)
    scale = _scale(topology, chosen)
    lower, upper = result.lower * scale, result.upper * scale
    alone: dict[tuple[str, ...], Fraction] = dict(alone_cache or {})
    for g in chosen:
        if g.members not in alone:
            # the certified lower end: reachable alone, so 1 - together/alone is a safe
            # lower bound on what contention costs
            alone[g.members] = solve_alltoall(restrict(topology, g.members),
                                              time_limit=time_limit, kernel=kernel).lower
    shares = group_flows(topology, result, chosen)
    contended = tuple(e for e in topology.capacity if result.lengths.get(e, 0) > 0)
    shared = tuple(e for e in contended if sum(1 for s in shares if s.get(e)) >= 2)
    owner: dict[tuple[str, str], int] = {}
    joins = [(i, owner.setdefault(e, i)) for i, s in enumerate(shares) for e in s]
    classes: dict[int, list[str]] = {}
    for i, root in enumerate(components(len(chosen), joins)):
        classes.setdefault(root, []).append(chosen[i].name)
    pairs = len(chosen) * len(topology.capacity)
    return dict(collective=Collective.ALLTOALL, topology=topology.name, units=topology.units,
                groups=tuple(chosen), lower=lower, upper=upper,
                alone=[alone[g.members] for g in chosen], contended=contended, shared=shared,
                independent=tuple(tuple(c) for c in classes.values()), folded=(pairs, pairs),
                rounds=(0, 0), seconds=time.perf_counter() - start, shares=(shares,),
                lp=result)
