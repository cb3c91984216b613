"""Link loads and the achieved throughput of a schedule (docs/formats.md, "Semantics"):
Σ weight × copies per physical link, merged under in-network multicast, the algbw they
give, what each link carries per unit of data with and without multicast (:func:`traffic`),
and the routes between compute node pairs. A compact schedule's representatives
count once per element of its group, mapped by it, without writing its trees out.
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from typing import Iterator, Mapping

from ..display import html_summary
from .alltoall import alltoall_algbw, route_loads
from .collective import Collective
from .numbers import fraction_display, fraction_text
from .topology import Topology
from .trees import Tree

# (a Schedule, model/schedule.py, is passed in; this module reads its fields only)


def link_loads(schedule: Schedule, capable: frozenset[str] = frozenset()
               ) -> dict[tuple[str, str], int]:
    """Σ weight × copies for every physical link hop of a single-phase schedule: without
    ``multicast`` every edge's path counts in full; with it, the edges of one tree leaving
    one compute node (entering it, for in-trees) share their common prefix (suffix), and a
    hop carries one copy into a compute node or a switch of ``capable`` (which replicates
    or aggregates), as many as leave it into any other switch (docs/formats.md).

    :param schedule: a single-phase schedule (not an allreduce: pass each phase)
    :param capable: the switches that may replicate or aggregate (see
        :func:`multicast_switches`); used only when ``schedule.multicast`` is set
    :returns: (from, to) link -> its load, in units of one tree part (of one route part
        for all-to-all)
    """
    if schedule.routes:
        return route_loads(schedule.routes)
    loads: dict[tuple[str, str], int] = {}
    inward = schedule.collective.inward
    orbits = _HopOrbits(schedule) if schedule.orbits else None
    for tree, rep in [(t, False) for t in schedule.trees] + [(t, True) for t in schedule.orbits]:
        if schedule.multicast:
            used = _copies(tree, inward, capable)
        else:
            used = {}
            for e in tree.edges:
                for hop in zip(e.path, e.path[1:]):
                    used[hop] = used.get(hop, 0) + 1
        for hop, copies in used.items():
            if rep:                 # a representative: its hops count for their orbits
                orbits.add(hop, tree.weight * copies)
            else:
                loads[hop] = loads.get(hop, 0) + tree.weight * copies
    if orbits is not None:
        for hop, load in orbits.loads():
            loads[hop] = loads.get(hop, 0) + load
    return loads


class _HopOrbits:
    """A compact schedule's representatives' hops, summed per orbit of links under its
    group (orbit-stabiliser, no element listed): an element maps a hop h onto each link
    of h's orbit O exactly |G| / |O| times, so every link of O carries |G| / |O| times
    the orbit's sum (docs/formats.md, version 3)."""

    def __init__(self, schedule: Schedule) -> None:
        from .trees import node_group

        self.nodes, group = node_group(schedule.group, schedule.compute_nodes)
        self.order = group.proven_order()
        self.position = {v: i for i, v in enumerate(self.nodes)}
        self.generators = group.generators
        self.orbit: dict[tuple[str, str], int] = {}
        self.members: list[list[tuple[str, str]]] = []
        self.sums: list[int] = []

    def _image(self, g: tuple[int, ...], v: str) -> str:
        i = self.position.get(v)
        return v if i is None else self.nodes[g[i]]

    def add(self, hop: tuple[str, str], amount: int) -> None:
        j = self.orbit.get(hop)
        if j is None:
            j = len(self.members)
            found = [hop]
            self.orbit[hop] = j
            for a, b in found:            # breadth first over the generators
                for g in self.generators:
                    image = (self._image(g, a), self._image(g, b))
                    if image not in self.orbit:
                        self.orbit[image] = j
                        found.append(image)
            self.members.append(found)
            self.sums.append(0)
        self.sums[j] += amount

    def loads(self):
        for hops, total in zip(self.members, self.sums):
            share = self.order // len(hops)
            for hop in hops:
                yield hop, total * share


def _copies(tree: Tree, inward: bool, capable: frozenset[str]) -> dict[tuple[str, str], int]:
    """hop -> copies of ``tree``'s data crossing it under multicast (see :func:`link_loads`):
    per group, a trie of the walks from the group's compute node, counted leaves-first."""
    out: dict[tuple[str, str], int] = {}
    groups: dict[str, list[tuple[str, ...]]] = {}
    for e in tree.edges:
        walk = e.path[::-1] if inward else e.path
        groups.setdefault(walk[0], []).append(walk)
    for walks in groups.values():
        trie: dict[tuple[int, str], int] = {}
        node = [walks[0][0]]
        parent = [-1]
        for walk in walks:
            here = 0
            for b in walk[1:]:
                nxt = trie.get((here, b))
                if nxt is None:
                    nxt = trie[(here, b)] = len(node)
                    node.append(b)
                    parent.append(here)
                here = nxt
        has_child = set(parent)
        need = [0] * len(node)
        for p in range(len(node) - 1, 0, -1):      # children come after their parents
            if p not in has_child or node[p] in capable:
                need[p] = 1
            hop = (node[p], node[parent[p]]) if inward else (node[parent[p]], node[p])
            out[hop] = out.get(hop, 0) + need[p]
            if node[parent[p]] not in capable or parent[p] == 0:
                need[parent[p]] += need[p]
    return out


def achieved_algbw(schedule: Schedule, topology: Topology) -> Fraction:
    """algbw = M / time from the schedule's own link loads (docs/formats.md): a part is
    M/(Ŵ·k) (M/k for broadcast/reduce); allreduce phases add their times, or, when
    ``concurrent``, share every link: time = M · max_e Σ_p load_p(e) / (Ŵ·k_p·b_e).

    :param schedule: the schedule (any collective, allreduce included)
    :param topology: the topology whose link bandwidths carry it; every path hop must be one
        of its links
    :returns: the exact algbw M / time, in the topology's units
    :raises KeyError: when a path uses a node pair that is not a link of ``topology``
        (:func:`forestcoll_opt.verify` checks that first and says so in a verdict)
    """
    if schedule.collective is Collective.ALLTOALL:
        demand = schedule.demand
        n = len(schedule.compute_nodes)
        total = n * (n - 1) if demand is None else sum(d for _, _, d in demand)
        return alltoall_algbw(schedule.routes, schedule.k or 1, total, n, topology)
    phases = schedule.phases or (schedule,)
    total = schedule.total_weight
    shares = []
    capable = multicast_switches(topology)
    for phase in phases:
        parts = phase.k if phase.collective.rooted else total * phase.k
        merged = replace(phase, multicast=schedule.multicast)
        shares.append({hop: Fraction(load, parts) / topology.capacity[hop]
                       for hop, load in link_loads(merged, capable).items()})
    if schedule.concurrent:
        busy: dict[tuple[str, str], Fraction] = {}
        for share in shares:
            for hop, t in share.items():
                busy[hop] = busy.get(hop, 0) + t
        return 1 / max(busy.values())
    return 1 / sum(max(share.values(), default=Fraction(0)) for share in shares)


def schedule_routes(schedule: Schedule
                    ) -> dict[tuple[str, str], list[tuple[tuple[str, ...], Fraction]]]:
    """(src, dst) -> [(physical path, share of the pair's chunks)] from a schedule's tree
    edges: what the runtime's connection between two ranks carries, and where.

    :param schedule: a schedule (its allreduce phases weighted by their k); for all-to-all
        every route cut at the compute nodes it relays through (a hop between two compute
        nodes is one connection of the runtime)
    :returns: for every compute node pair joined by a tree edge, its paths sorted, each with
        the fraction of the pair's data it carries (the fractions sum to 1)
    """
    phases = schedule.phases or (schedule,)
    volume: dict[tuple[str, str], dict[tuple[str, ...], int]] = {}
    compute = frozenset(schedule.compute_nodes)
    for r in schedule.routes:
        stops = [i for i, v in enumerate(r.path) if v in compute]
        for a, b in zip(stops, stops[1:]):
            paths = volume.setdefault((r.path[a], r.path[b]), {})
            paths[r.path[a:b + 1]] = paths.get(r.path[a:b + 1], 0) + r.weight
    common = math.lcm(*(p.k or 1 for p in phases))
    for phase in phases:
        for tree in phase.iter_trees():
            for e in tree.edges:
                paths = volume.setdefault((e.src, e.dst), {})
                paths[e.path] = paths.get(e.path, 0) + tree.weight * (common // phase.k)
    return {pair: [(path, Fraction(v, sum(paths.values()))) for path, v in sorted(paths.items())]
            for pair, paths in volume.items()}


def multicast_switches(topology: Topology) -> frozenset[str]:
    """The switches marked ``"multicast": true``: they may replicate or aggregate.

    :param topology: the topology
    :returns: their node ids
    """
    return frozenset(n.id for n in topology.nodes if n.multicast and not n.is_compute)


def tree_height(tree: Tree) -> int:
    """Largest number of tree edges between the root and a node (compute hops):
    :attr:`Tree.height`.

    :param tree: the tree (edges in either direction: in-trees count the same)
    :returns: the height; 0 for a tree without edges
    """
    return tree.height


class Traffic(Mapping[tuple[str, str], tuple[Fraction, Fraction]]):
    """What :func:`traffic` counts: a read-only mapping (from, to) link -> (fraction of M it
    carries with the schedule's multicast, fraction of M it would carry with every copy
    sent), for every link a path uses, and the totals over all links."""

    __slots__ = ("_links",)

    def __init__(self, links: Mapping[tuple[str, str], tuple[Fraction, Fraction]]) -> None:
        self._links = dict(links)

    def __getitem__(self, link: tuple[str, str]) -> tuple[Fraction, Fraction]:
        return self._links[link]

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(self._links)

    def __len__(self) -> int:
        return len(self._links)

    @property
    def with_multicast(self) -> Fraction:
        """Data on all the links together, with the schedule's multicast, per unit of M."""
        return sum((w for w, _ in self._links.values()), Fraction(0))

    @property
    def without_multicast(self) -> Fraction:
        """Data on all the links together with every copy sent, per unit of M."""
        return sum((wo for _, wo in self._links.values()), Fraction(0))

    @property
    def saved(self) -> Fraction:
        """The share of :attr:`without_multicast` that multicast saves (0 when nothing
        moves)."""
        without = self.without_multicast
        return 1 - self.with_multicast / without if without else Fraction(0)

    def __repr__(self) -> str:
        return (f"Traffic({len(self)} links, {fraction_text(self.with_multicast)} x M with "
                f"multicast, {fraction_text(self.without_multicast)} x M without)")

    def _repr_html_(self) -> str:
        return html_summary("Traffic per unit of data M", [
            ("links used", len(self)),
            ("with multicast", f"{fraction_display(self.with_multicast)} x M"),
            ("with every copy", f"{fraction_display(self.without_multicast)} x M"),
            ("saved", f"{float(self.saved):.1%}")])


def traffic(schedule: Schedule, topology: Topology) -> Traffic:
    """Per link: (data it carries with the schedule's multicast, with every copy), per
    unit of data M (a part is M/(Ŵ·k), M/k for broadcast/reduce), summed over phases.

    :param schedule: the schedule
    :param topology: the topology it runs on (its multicast switches count)
    :returns: (from, to) link -> (fraction of M it carries, fraction of M it would carry
        without multicast), for every link a path uses, with the totals
        (:attr:`Traffic.with_multicast`, :attr:`Traffic.without_multicast`,
        :attr:`Traffic.saved`)
    """
    out: dict[tuple[str, str], tuple[Fraction, Fraction]] = {}
    total = schedule.total_weight
    capable = multicast_switches(topology)
    for phase in schedule.phases or (schedule,):
        parts = phase.k if phase.collective.rooted else total * phase.k
        merged = link_loads(replace(phase, multicast=schedule.multicast), capable)
        for hop, load in link_loads(replace(phase, multicast=False)).items():
            a, b = out.get(hop, (Fraction(0), Fraction(0)))
            out[hop] = (a + Fraction(merged.get(hop, 0), parts), b + Fraction(load, parts))
    return Traffic(out)
