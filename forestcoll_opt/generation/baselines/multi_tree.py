"""The MultiTree baseline ("Efficient and Scalable All-Reduce ... MultiTree", ISCA 2021),
as the paper's section "Large-Scale Schedule Generation Comparison" applied it: greedy
per-timestep tree construction, every compute node growing one tree at once.

**Units.** MultiTree models a heterogeneous network as a multigraph of unit links; as the
paper does, the unit is the bandwidth of the slowest link, and a link of bandwidth b is
⌊b / unit⌋ unit links (at least one).

**Growth.** Every root starts a tree holding only itself. Time step t = 0, 1, ... starts
with every unit link free and remembers each tree's members: only those may add children
in this step (they hold the data by then). The roots then take turns in topology order,
each adding one edge to its tree per turn, until no tree can add one: MultiTree's
round-robin ("alternate") construction. An edge runs from a member to a compute node
outside the tree over free unit links, through switches only, and takes one unit of
every link it crosses for the rest of the step; a hop through a switch thus takes a unit
of the parent's link into the switch and one of the switch's link to the child, as
MultiTree's switch ports do. Steps repeat until every tree spans every compute node.

**Which edge.** MultiTree's code takes the first free link of the first member that has
one, which on its networks (direct links only, or GPUs on leaf switches) means "a
neighbour first". On a network that mixes direct links and switches of different speeds
that rule is ambiguous, and read literally (first member, nearest node) it spends the
slowest links on children the tree could reach by fast ones (a DGX A100 GPU would add
its box's GPUs over its 25 GB/s NIC, at less than half the algbw). So each turn takes,
over all members at once, the edge whose route has the fewest links, then the widest
narrowest link, then the lowest-numbered child, then the earliest member: the route rule
of the ring baseline (:mod:`forestcoll_opt.generation.baselines.rings`).

**Collectives.** Allgather sends along the out-trees; reduce-scatter along in-trees grown
on the reversed network (the same trees reversed when every link has a reverse of equal
bandwidth); allreduce is the reduce-scatter then the allgather, as MultiTree runs them.
Every tree has weight 1 and k = 1. Broadcast and reduce, with one root, are not
MultiTree's (use the blink or tree baseline).

**Throughput.** The schedule is a tree-flow schedule like every other here: its exact
``algbw`` comes from its own link loads (docs/formats.md), every tree streaming its shard
at once. MultiTree's own lock-step timing, one shard per unit link per step, is never
faster: N·unit / T for an allgather of T steps (:attr:`Growth.step_algbw`), since no link
carries more than its units' worth of edges per step.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from fractions import Fraction

from ...errors import ScheduleError, UsageError
from ...model.collective import Collective, check_request
from ...model.schedule import Schedule, Tree, TreeEdge, achieved_algbw
from ...model.topology import Topology

_WIDE = Fraction(2**128)     # wider than any link: the parents' own "width"


@dataclass(frozen=True)
class Growth:
    """MultiTree's trees on one network, before they become a schedule.

    :ivar trees: one out-tree per root, in the order of the roots; each edge (tail, head,
        physical path), in the order they were added
    :ivar steps: the edges' time steps, per tree, in the order of its edges
    :ivar num_steps: T, the number of time steps
    :ivar unit: the unit bandwidth (the slowest link's)
    :ivar step_algbw: MultiTree's own lock-step throughput: (number of roots) · unit / T,
        the collective's data moving one shard per unit link per step
    """

    trees: tuple[Tree, ...]
    steps: tuple[tuple[int, ...], ...]
    num_steps: int
    unit: Fraction
    step_algbw: Fraction


def grow(network: Topology, roots: list[str]) -> Growth:
    """MultiTree's greedy construction (module docstring): one out-tree per root.

    :param network: the network (reversed for in-trees)
    :param roots: the roots, compute node ids, each once
    :returns: the trees with their steps
    :raises ScheduleError: when some tree can no longer grow (a compute node that no
        member reaches)
    """
    ids, idx = network.node_ids, network.index
    is_compute = [n.is_compute for n in network.nodes]
    unit = min(network.capacity.values())
    adjacent: list[list[tuple[int, int]]] = [[] for _ in ids]   # (neighbour, link number)
    units: list[int] = []
    widths: list[Fraction] = []
    for a, b, c in sorted((idx[a], idx[b], c) for (a, b), c in network.capacity.items()
                          if c > 0):
        adjacent[a].append((b, len(units)))
        units.append(max(1, math.floor(c / unit)))
        widths.append(c)
    n = len(network.compute_nodes)
    order = [idx[r] for r in roots]
    members = {r: [r] for r in order}
    inside = {r: {r} for r in order}
    edges: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {r: [] for r in order}
    stamps: dict[int, list[int]] = {r: [] for r in order}
    step = 0
    while any(len(members[r]) < n for r in order):
        free = list(units)
        growing = [r for r in order if len(members[r]) < n]
        parents = {r: tuple(members[r]) for r in growing}   # hold the data at the start
        added = 0
        while growing:
            stuck = []
            for r in growing:
                found = _widest(parents[r], inside[r], free, adjacent, widths, is_compute)
                if found is None:
                    stuck.append(r)                         # no more this step
                    continue
                path, hops = found
                for hop in hops:
                    free[hop] -= 1
                members[r].append(path[-1])
                inside[r].add(path[-1])
                edges[r].append((path[0], path[-1], path))
                stamps[r].append(step)
                added += 1
                if len(members[r]) == n:
                    stuck.append(r)
            growing = [r for r in growing if r not in stuck]
        if not added:
            r = next(r for r in order if len(members[r]) < n)
            missing = next(v for v in network.compute_nodes if idx[v] not in inside[r])
            raise ScheduleError(f"MultiTree: the tree of {ids[r]!r} cannot reach {missing!r}; "
                                f"connect them")
        step += 1
    trees = tuple(Tree(ids[r], 1, tuple(TreeEdge(ids[a], ids[b], tuple(ids[x] for x in path))
                                        for a, b, path in edges[r])) for r in order)
    return Growth(trees=trees, steps=tuple(tuple(stamps[r]) for r in order), num_steps=step,
                  unit=unit, step_algbw=len(order) * unit / step)


def _widest(parents: tuple[int, ...], inside: set[int], free: list[int],
            adjacent: list[list[tuple[int, int]]], widths: list[Fraction],
            is_compute: list[bool]) -> tuple[tuple[int, ...], list[int]] | None:
    """The tree's next edge: breadth-first from all ``parents`` at once over links with a
    free unit, through switches only, to the compute nodes outside ``inside``; of those
    at the fewest links, the one reached over the widest narrowest link, then the
    lowest-numbered, from the earliest parent among equals. (path of nodes, link
    numbers), or None."""
    best: dict[int, tuple] = {p: (_WIDE, i, -1, -1) for i, p in enumerate(parents)}
    frontier = list(parents)
    while frontier:
        layer: dict[int, tuple] = {}
        for u in frontier:
            width, rank = best[u][0], best[u][1]
            for v, link in adjacent[u]:
                if v in best or not free[link]:
                    continue
                key = (min(width, widths[link]), rank, u, link)
                if v not in layer or (-key[0], key[1]) < (-layer[v][0], layer[v][1]):
                    layer[v] = key
        best.update(layer)
        found = [v for v in layer if is_compute[v] and v not in inside]
        if found:
            v = min(found, key=lambda v: (-layer[v][0], layer[v][1], v))
            nodes, hops = [v], []
            while best[nodes[-1]][3] >= 0:
                _, _, prev, hop = best[nodes[-1]]
                hops.append(hop)
                nodes.append(prev)
            return tuple(reversed(nodes)), hops[::-1]
        frontier = sorted(v for v in layer if not is_compute[v])
    return None


def reverse_trees(trees: tuple[Tree, ...]) -> tuple[Tree, ...]:
    """Out-trees of the reversed topology as in-trees of the topology (and back): every
    edge and its path reversed.

    :param trees: the trees
    :returns: the reversed trees, in the same order
    """
    return tuple(Tree(t.root, t.weight, tuple(TreeEdge(e.dst, e.src, e.path[::-1])
                                              for e in t.edges)) for t in trees)


def symmetric(topology: Topology) -> bool:
    """Whether every link has a reverse of equal bandwidth (then the reversed topology is
    the topology itself, and its trees need not be built twice).

    :param topology: the network
    :returns: True when every (a, b) link has a (b, a) link of the same bandwidth
    """
    cap = topology.capacity
    return all(cap.get((b, a)) == bw for (a, b), bw in cap.items())


def multitree(topology: Topology, *, collective: "Collective | str" = "allgather") -> Schedule:
    """MultiTree's schedule (module docstring) for ``collective``.

    :param topology: the network
    :param collective: ``"allgather"``, ``"reduce-scatter"`` or ``"allreduce"`` (or the
        :class:`~forestcoll_opt.model.collective.Collective`)
    :returns: the schedule, one tree of weight 1 per compute node (per phase), k = 1, with
        its exact ``algbw``
    :raises UsageError: for broadcast or reduce
    :raises CollectiveError: for an unknown collective
    :raises ScheduleError: when a tree cannot reach some compute node
    """
    start = time.perf_counter()
    member = Collective.parse(collective)
    if member.rooted:
        raise UsageError(f"MultiTree grows one tree per compute node (allgather, "
                         f"reduce-scatter, allreduce), not a {member.value} from one root; use "
                         f"the blink or tree baseline")
    check_request(topology, member)
    roots = list(topology.compute_nodes)
    grown: dict[bool, tuple[Tree, ...]] = {}

    def trees(inward: bool) -> tuple[Tree, ...]:
        if inward not in grown:
            if inward and symmetric(topology):
                grown[True] = reverse_trees(trees(False))
            elif inward:
                grown[True] = reverse_trees(grow(topology.reversed(), roots).trees)
            else:
                grown[False] = grow(topology, roots).trees
        return grown[inward]

    def phase(coll: Collective) -> Schedule:
        draft = Schedule(collective=coll, topology=topology.name, units=topology.units,
                         compute_nodes=topology.compute_nodes, k=1,
                         tree_bandwidth=Fraction(1), algbw=Fraction(1), trees=trees(coll.inward))
        algbw = achieved_algbw(draft, topology)
        return replace(draft, algbw=algbw, tree_bandwidth=algbw / len(roots))

    if member is Collective.ALLREDUCE:
        rs, ag = phase(Collective.REDUCE_SCATTER), phase(Collective.ALLGATHER)
        out = Schedule(collective=member, topology=topology.name, units=topology.units,
                       compute_nodes=topology.compute_nodes, k=None, tree_bandwidth=None,
                       algbw=1 / (1 / rs.algbw + 1 / ag.algbw), phases=(rs, ag))
    else:
        out = phase(member)
    return replace(out, stats={"baseline": "multitree",
                               "baseline_seconds": time.perf_counter() - start})
