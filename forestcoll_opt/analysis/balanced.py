"""When a failure leaves a network the method cannot schedule: the bound, and the best
schedule on the largest balanced sub-network, with its exact ratio to the bound.

Trees are built on balanced (Eulerian) networks only: edge splitting removes a switch by
pairing the capacity that enters it with the capacity that leaves it (paper, appendix
E.2 "Edge Splitting"), and the catalog's networks, whose links all go both ways, stay
balanced whatever fails. A network with one-way links may not: a failure can leave a node
whose ingress and egress differ. Its cut bound is still defined (the what-if analysis,
:func:`~forestcoll_opt.analysis.whatif.cut_optimum`), but no schedule reaching it is made.

:func:`balanced_subnetwork` lowers the capacities of what the failures leave to the
*largest* balanced sub-network: the one that keeps the most bandwidth in all. Writing
``r_e`` for what link e gives up, a node v with ingress above its egress by ``ex(v)`` must
give up ``ex(v)`` more of the first than of the second, so ``r`` is a flow on the links
(within their capacities) from the nodes with too much egress to the nodes with too much
ingress, and keeping the most bandwidth is giving up the least: a minimum-cost flow with
cost 1 per unit on every link (network simplex, networkx, on integer capacities: the
capacities times the least common multiple of their denominators, so the flow is exact;
among equally large sub-networks, the one network simplex finds first in the topology's
link order, the same on every run).

:func:`best_on_balanced` then generates the optimal schedule of that sub-network, has the
independent verifier judge it there (``optimal``) and on the network the failures left
(where its exact algbw, the bandwidths being at least as large, is the figure that
counts), and reports that algbw over the unreachable cut bound as an exact ratio.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Iterable, Mapping

from ..display import html_summary
from ..errors import FailureError
from ..model.collective import Collective, check_request
from ..model.faults import Failure, cut_off, describe, parse_failures, remaining, unbalanced
from ..model.numbers import fraction_display, fraction_text
from ..model.linkloads import link_loads
from ..model.schedule import Schedule
from ..model.topology import Link, Topology
from .best import generate
from .checks import verify
from .whatif import cut_optimum


@dataclass(frozen=True)
class BalancedSchedule:
    """The best schedule on the largest balanced sub-network of what failures leave
    (:func:`best_on_balanced`).

    :ivar collective: the collective (a :class:`Collective`)
    :ivar topology: the network the failures left (unbalanced)'s name
    :ivar failures: the failed or degraded parts' ids
    :ivar subnetwork: the largest balanced sub-network (a :class:`Topology`)
    :ivar schedule: its optimal schedule
    :ivar bound: the cut bound of the network the failures left, exact (no schedule of
        the toolkit reaches it)
    :ivar algbw: the schedule's exact algbw on the network the failures left (the
        verifier's)
    :ivar optimum: the sub-network's own optimum, exact (the schedule's algbw there)
    :ivar status: the verifier's status on the sub-network (``"optimal"``)
    :ivar kept: the bandwidth the sub-network keeps, in all (every link, each direction)
    :ivar total: the bandwidth the failures left, in all
    :ivar lowered: the links the sub-network lowers: (from, to, bandwidth left, bandwidth
        kept), in topology order
    :ivar unbalanced: the first node the failures left unbalanced, with its ingress and
        egress
    :ivar units: the bandwidth unit
    :ivar seconds: wall-clock seconds; ignored by ``==``
    """

    collective: Collective
    topology: str
    failures: tuple[str, ...]
    subnetwork: Topology = field(compare=False)
    schedule: Schedule
    bound: Fraction
    algbw: Fraction
    optimum: Fraction
    status: str
    kept: Fraction
    total: Fraction
    lowered: tuple[tuple[str, str, Fraction, Fraction], ...]
    unbalanced: tuple[str, Fraction, Fraction]
    units: str = "GB/s"
    seconds: float = field(default=0.0, compare=False)

    @property
    def ratio(self) -> Fraction:
        """The schedule's algbw over the cut bound, exact (at most 1)."""
        return self.algbw / self.bound

    @property
    def statement(self) -> str:
        """What the failures leave and what the toolkit builds there, in two sentences."""
        v, inn, out = self.unbalanced
        return (f"The network left is unbalanced (node {v}: ingress {inn} != egress {out} "
                f"{self.units}): its cut bound {fraction_display(self.bound)} {self.units} "
                f"limits every schedule, but trees are built on balanced networks only. The "
                f"best schedule built here runs on its largest balanced sub-network "
                f"({len(self.lowered)} link(s) lowered, {fraction_display(self.kept)} of "
                f"{fraction_display(self.total)} {self.units} kept) at "
                f"{fraction_display(self.algbw)} {self.units}, exactly "
                f"{fraction_text(self.ratio)} ({float(self.ratio):.2%}) of the bound")

    def __repr__(self) -> str:
        return (f"BalancedSchedule({self.collective.value}, {len(self.lowered)} link(s) "
                f"lowered, algbw={fraction_text(self.algbw)} {self.units} = "
                f"{fraction_text(self.ratio)} of the bound {fraction_text(self.bound)})")

    def _repr_html_(self) -> str:
        rows = [("network left", self.topology), ("failures", ", ".join(self.failures)),
                ("cut bound", f"{fraction_display(self.bound)} {self.units}"),
                ("schedule", f"{fraction_display(self.algbw)} {self.units} "
                             f"({fraction_text(self.ratio)} of the bound)"),
                ("sub-network", f"{len(self.lowered)} link(s) lowered; "
                                f"{fraction_display(self.kept)} of "
                                f"{fraction_display(self.total)} {self.units} kept "
                                f"({self.status} there)")]
        return html_summary(f"BalancedSchedule · {self.collective.value}", rows)

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON values (exact numbers as ``"p/q"`` text)."""
        return {"collective": self.collective.value, "topology": self.topology,
                "failures": list(self.failures), "bound": fraction_text(self.bound),
                "algbw": fraction_text(self.algbw), "ratio": fraction_text(self.ratio),
                "optimum": fraction_text(self.optimum), "status": self.status,
                "kept": fraction_text(self.kept), "total": fraction_text(self.total),
                "lowered": [[a, b, fraction_text(c), fraction_text(k)]
                            for a, b, c, k in self.lowered]}


def largest_balanced(nodes: Iterable[str], capacity: Mapping[tuple[str, str], Fraction]
                     ) -> dict[tuple[str, str], Fraction]:
    """The capacities of the largest balanced sub-network (module docstring): every node's
    ingress equal to its egress, each link at most its capacity, the sum as large as
    possible.

    :param nodes: the node ids, in order
    :param capacity: (u, v) -> positive capacity, in order
    :returns: (u, v) -> capacity kept, the links kept at 0 left out, in the same order
    """
    import networkx as nx

    order = list(nodes)
    scale = 1
    for c in capacity.values():
        scale = scale * Fraction(c).denominator // math.gcd(scale, Fraction(c).denominator)
    ints = {e: int(Fraction(c) * scale) for e, c in capacity.items()}
    excess = {v: 0 for v in order}
    for (u, v), c in ints.items():
        excess[v] += c
        excess[u] -= c
    if not any(excess.values()):
        return dict(capacity)
    g = nx.DiGraph()
    for v in order:
        g.add_node(v, demand=excess[v])
    for (u, v), c in ints.items():
        g.add_edge(u, v, capacity=c, weight=1)
    flow = nx.min_cost_flow(g)
    return {e: Fraction(c - flow[e[0]][e[1]], scale) for e, c in ints.items()
            if c - flow[e[0]][e[1]] > 0}


def balanced_subnetwork(topology: Topology,
                        failures: "str | Failure | Iterable[str | Failure]") -> Topology:
    """The largest balanced sub-network of what ``failures`` leave of ``topology``
    (:func:`largest_balanced`), as a topology: one one-way link per node pair kept (its
    type and latency those of the link it comes from), the nodes left without a link
    dropped, named ``"<name> without <id> (balanced)"``.

    :param topology: the intact network
    :param failures: failure ids (``ID=KEEP`` for a degraded part) or Failures
    :returns: the sub-network
    :raises FailureError: for an id that names no part
    """
    parts = parse_failures(topology, failures)
    nodes, capacity = remaining(topology, parts)
    kept = largest_balanced(nodes, capacity)
    return _topology(topology, parts, nodes, kept, " (balanced)")


def _name(topology: Topology, parts: tuple[Failure, ...]) -> str:
    name = topology.name
    for f in parts:
        name += f" {'with' if f.keep else 'without'} {f.id}"
    return name


def algbw_on(schedule: Schedule, capacity: Mapping[tuple[str, str], Fraction]) -> Fraction:
    """A schedule's exact algbw on links of ``capacity`` (a network that need not be
    balanced, which a :class:`Topology` must be): M / time with the time of every phase
    its busiest link's load / (parts · bandwidth) (docs/formats.md, "Semantics"; no
    in-network multicast).

    :param schedule: a tree collective's schedule, every hop a link of ``capacity``
    :param capacity: (u, v) -> bandwidth
    :returns: the algbw
    """
    total = schedule.total_weight
    time_ = Fraction(0)
    for phase in schedule.phases or (schedule,):
        parts = phase.k if phase.collective.rooted else total * phase.k
        time_ += max(Fraction(load, parts) / capacity[hop]
                     for hop, load in link_loads(phase).items() if load)
    return 1 / time_


def _topology(topology: Topology, parts: tuple[Failure, ...], nodes: Iterable[str],
              capacity: Mapping[tuple[str, str], Fraction], suffix: str) -> Topology:
    declared: dict[tuple[str, str], Link] = {}
    for link in topology.links:
        declared.setdefault((link.src, link.dst), link)
        if link.bidirectional:
            declared.setdefault((link.dst, link.src), link)
    linked = {v for e in capacity for v in e}
    name = _name(topology, parts)
    links = tuple(Link(src=u, dst=v, bandwidth=c, type=declared[(u, v)].type,
                       alpha=declared[(u, v)].alpha) for (u, v), c in capacity.items())
    keep = set(nodes)
    return Topology(name=(name + suffix)[:200],
                    nodes=tuple(n for n in topology.nodes if n.id in keep
                                and (n.id in linked or n.is_compute)),
                    links=links, units=topology.units)


def best_on_balanced(topology: Topology,
                     failures: "str | Failure | Iterable[str | Failure]", *,
                     collective: "Collective | str" = "allgather", root: str | None = None,
                     weights: Mapping[str, Any] | None = None,
                     kernel: str | None = None) -> BalancedSchedule:
    """The cut bound of what ``failures`` leave, and the best schedule the toolkit builds
    there: the optimal one of the largest balanced sub-network (module docstring).

    :param topology: the intact network
    :param failures: failure ids (``ID=KEEP`` for a degraded part) or Failures
    :param collective: a tree collective (allreduce: its reduce-scatter + allgather trees)
    :param root: the root of broadcast/reduce
    :param weights: compute node id -> relative shard size, or None
    :param kernel: the max-flow kernel; None for the fastest installed
    :returns: the bound, the schedule, its exact ratio
    :raises FailureError: when the failures leave a balanced network (generate on it), or
        cut compute nodes off (no schedule reaches them, and the bound is 0), or the
        largest balanced sub-network cuts some off
    """
    start = time.perf_counter()
    member = check_request(topology, collective, root=root, weights=weights)
    parts = parse_failures(topology, failures)
    which = ", ".join(p.id for p in parts)
    nodes, capacity = remaining(topology, parts)
    off = unbalanced(nodes, capacity)
    if off is None:
        raise FailureError(f"failures {which} leave a balanced network: generate on it")
    alive = set(nodes)
    compute = [v for v in topology.compute_nodes if v in alive]
    if len(compute) < 2 or cut_off(compute, capacity, root=root, inward=member.inward):
        raise FailureError(f"failures {which} cut compute nodes off: no schedule serves "
                           f"them")
    left = _name(topology, parts)
    kept = largest_balanced(nodes, capacity)
    if cut_off(compute, kept, root=root, inward=member.inward) or (
            root is not None and cut_off(compute, kept)):
        raise FailureError(f"the largest balanced sub-network of what failures {which} "
                           f"leave cuts compute nodes off; no schedule is built")
    sub = _topology(topology, parts, nodes, kept, " (balanced)")
    bound = cut_optimum(nodes, capacity, compute, collective=member, root=root, kernel=kernel)
    tree = member is Collective.ALLREDUCE
    schedule = generate(sub, collective=member, root=root, weights=weights, kernel=kernel,
                        method="trees" if tree else "auto")
    there = verify(sub, schedule, against="trees" if tree else "lp", kernel=kernel,
                   weights=weights)
    if there.algbw is None:
        raise FailureError(f"the verifier refused the schedule of the balanced "
                           f"sub-network: {there.reasons[:1]}")
    algbw = algbw_on(schedule, capacity)
    lowered = tuple((u, v, c, kept.get((u, v), Fraction(0)))
                    for (u, v), c in capacity.items() if kept.get((u, v), 0) != c)
    return BalancedSchedule(
        collective=member, topology=left, failures=tuple(p.id for p in parts),
        subnetwork=sub, schedule=schedule, bound=bound, algbw=algbw,
        optimum=schedule.algbw, status=there.status, kept=sum(kept.values(), Fraction(0)),
        total=sum(capacity.values(), Fraction(0)), lowered=lowered, unbalanced=off,
        units=topology.units, seconds=time.perf_counter() - start)
