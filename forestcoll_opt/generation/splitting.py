"""Switch removal by edge splitting (paper, section 5.3 "Switch Node Removal", and appendix E.2
"Edge Splitting").

Input: an integer-capacity network D in which every switch is balanced, and a demand
``d_v`` per compute node (k for allgather; k at the root only for broadcast). Let D_d be
D plus a source s with an edge s -> v of capacity d_v, and ``D = Σ d_v``. As long as
``min_v F(s, v; D_d) >= D`` (the tree-existence theorem of appendix E.1), the trees exist.

For each switch w, each egress link f = (w, t) and each ingress link e = (u, w), we split
off the largest safe amount at once (the γ theorem, the last of appendix E.2):

    γ = min{ c(u,w), c(w,t),
             min_v F(u, w; D̂_(u,w),v) - D,      D̂_(u,w),v = D_d + ∞(u,s), ∞(u,t), ∞(v,w)
             min_v F(w, t; D̂_(w,t),v) - D }     D̂_(w,t),v = D_d + ∞(w,s), ∞(u,t), ∞(v,t)

and move γ from (u,w),(w,t) to (u,t) (the paper's Algorithm 3, "Remove Switch Nodes"). A pair
with u = t becomes a loop that carries nothing and is dropped. When every switch is gone the
compute-only graph G* remains.

Routing table: every unit of capacity of a (logical) edge is a physical path. A physical
link starts as one path of its capacity; splitting γ off (u,w),(w,t) takes γ units of path
from each (front first) and joins them pairwise into γ units of u -> ... -> w -> ... -> t.
So for each edge of G* the table holds physical paths with counts summing to its
capacity, interior nodes being switches only, each physical unit used once.

Cost: per switch one flow network (built once, capacities set in place). Per (e, f) pair
we first test the largest possible split, min{c(u,w), c(w,t)}, directly (N max-flows on
D_d, stopping at the first sink that falls short); only if it fails do the two auxiliary
networks give γ (2N more, stopping as soon as one shows γ = 0). Nothing loops per unit of
capacity.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from ..errors import JointSplitIncomplete, SplittingError  # noqa: F401 (re-exported)
from ..kernels.flow import FlowNetwork
from .pathunits import PathUnits, Route
from ..kernels.symmetry import cycle, is_automorphism
from ..model.orbits import permutation_orbits


@dataclass(frozen=True)
class Splitting:
    """Result of switch removal on node indices of the input network.

    ``capacity[(u, t)]`` is the integer capacity of G* (compute nodes only);
    ``routes[(u, t)]`` is a tuple of ``(path, count)`` with counts summing to that capacity.

    :ivar capacity: (u, t) -> the integer capacity of the switch-free graph G*
    :ivar routes: (u, t) -> the physical paths behind that capacity, with counts (the
        paper's ``routing`` table)
    :ivar dropped_loops: capacity units dropped because a split joined a node to itself
    :ivar max_flows: max-flows computed
    :ivar seconds: wall-clock seconds taken; ignored by ``==``
    :ivar joint_splits: orbits of pairs split together (with ``symmetry``)
    :ivar joint_max_flows: max-flows those took (included in ``max_flows``)
    :ivar joint_bisections: pair orbits whose largest joint amount was not safe
    """

    capacity: Mapping[tuple[int, int], int]
    routes: Mapping[tuple[int, int], tuple[tuple[Route, int], ...]]
    dropped_loops: int = 0
    max_flows: int = 0
    seconds: float = field(default=0.0, compare=False)
    joint_splits: int = 0        # orbits of pairs split together (with ``symmetry``)
    joint_max_flows: int = 0     # max-flows those took (included in ``max_flows``)
    joint_bisections: int = 0    # pair orbits whose largest joint amount was not safe


def _join(first: list[tuple[Route, int]], second: list[tuple[Route, int]]) -> list[tuple[Route, int]]:
    """Pair up two equal-sized runs of path units end to end."""
    out: list[tuple[Route, int]] = []
    i = j = 0
    left_a, left_b = first[0][1], second[0][1]
    while i < len(first):
        used = min(left_a, left_b)
        out.append((first[i][0] + second[j][0][1:], used))
        left_a -= used
        left_b -= used
        if left_a == 0:
            i += 1
            left_a = first[i][1] if i < len(first) else 0
        if left_b == 0:
            j += 1
            left_b = second[j][1] if j < len(second) else 0
    return out


def split_switches(num_nodes: int, capacity: Mapping[tuple[int, int], int],
                   compute: Sequence[int], switches: Sequence[int], demand: Mapping[int, int],
                   *, box: Mapping[int, object] | None = None,
                   kernel: str | None = None, progress=None,
                   symmetry: Sequence[int] | None = None,
                   group: Sequence[Sequence[int]] | None = None,
                   even: bool = False) -> Splitting:
    """Remove ``switches`` from the integer network ``capacity`` (node indices
    ``0..num_nodes-1``) keeping ``min_v F(s, v) >= Σ demand`` (the paper's Algorithm 3).

    ``box`` (optional) lets the pairing order prefer u and t in different boxes, which the
    paper uses to keep intra-box traffic on the box's own switch; it never changes γ.
    ``progress(stage, done, total)`` is called after each switch.

    ``symmetry`` (optional) is a node permutation g, an automorphism of the network and of
    the demand (one is checked, and ignored if it is not); the pairs are then first split
    in whole orbits of the cyclic group it generates (:func:`_split_jointly`), and the
    plain pair-by-pair splitting finishes whatever that leaves.

    ``group`` (optional, instead of ``symmetry``) lists generators of a group of such
    automorphisms (e.g. :class:`~forestcoll_opt.kernels.abelian.FreeAbelian`'s): the pairs
    are split in whole orbits of that group, and every switch must be removed that way
    (for the orbit construction, which needs G* and its routes invariant under the group):
    if the joint splitting leaves capacity at some switch, :class:`JointSplitIncomplete`
    is raised instead of finishing pair by pair.

    :param num_nodes: the number of nodes
    :param capacity: (u, v) -> integer capacity, every switch balanced
    :param compute: the compute nodes
    :param switches: the switches to remove
    :param demand: compute node -> the number of trees rooted there (the source edges of
        D_d)
    :param box: node -> its box, or None
    :param kernel: the max-flow kernel (:data:`forestcoll_opt.kernels.flow.KERNELS`); None
        for the fastest one installed
    :param progress: None, or a callable ``progress(stage, done, total)``
    :param symmetry: a node permutation (by index), or None
    :param group: generators of a group of node permutations (by index), or None
    :param even: with ``group``, a first pass at each switch of a box splits every pair at most
        its even share (u's capacity into w over the other egress links), so that G*
        joins each switch's nodes all to all where the splitting allows (the orbit
        construction's greedy growth needs the room); further passes split the rest
    :returns: the compute-only graph G* with its routing table
    :raises SplittingError: when a switch keeps capacity that cannot be split off (its
        ingress and egress differ, or ``min_v F(s, v) >= Σ demand`` did not hold)
    :raises JointSplitIncomplete: with ``group``, when a switch cannot be removed in whole
        orbits of pairs
    """
    start = time.perf_counter()
    cap: dict[tuple[int, int], int] = {e: c for e, c in capacity.items() if c > 0}
    pools = {(a, b): PathUnits([((a, b), c)]) for (a, b), c in sorted(cap.items())}
    need = sum(demand.values())
    box = box or {}
    flows = 0
    dropped = 0
    joint = {"joint_splits": 0, "joint_max_flows": 0, "joint_bisections": 0}
    compute = list(compute)
    g = symmetry if symmetry is not None and is_automorphism(symmetry, cap, demand) else None
    gens: list[Sequence[int]] | None = None
    if group is not None:
        gens = [h for h in group if is_automorphism(h, cap, demand)]
        if len(gens) != len(group):
            raise JointSplitIncomplete("a generator is not an automorphism of the network")
        g = None
    elif g is not None:
        gens = [g]
    reps = _orbit_reps(compute, gens) if gens else []
    ends = _Ends(cap)
    handled: set[int] = set()
    for done, w in enumerate(switches, 1):
        if progress is not None and done > 1:
            progress("splitting", done - 1, len(switches))
        if gens is not None and w not in handled:
            orbit = _orbit((w,), gens)
            handled.update(v for (v,) in orbit)
            used, splits, bisections, loops = _split_jointly(num_nodes, cap, pools, compute,
                                                             demand, gens, w, reps, box, need,
                                                             kernel, cyclic=group is None,
                                                             ends=ends, even=even)
            flows += used
            dropped += loops
            joint["joint_splits"] += splits
            joint["joint_max_flows"] += used
            joint["joint_bisections"] += bisections
        before = flows
        ins = sorted(a for a in ends.into.get(w, ()) if cap.get((a, w), 0) > 0)
        outs = sorted(b for b in ends.out.get(w, ()) if cap.get((w, b), 0) > 0)
        if not ins and not outs:
            continue
        if group is not None:
            left = sum(cap[(a, w)] for a in ins)
            raise JointSplitIncomplete(f"switch #{w} keeps {left} unit(s) of ingress after "
                                       f"splitting in whole orbits of pairs")
        oracle = _GammaOracle(num_nodes, cap, compute, demand, w, ins, outs, kernel)
        for t in outs:
            order = sorted(ins, key=lambda u: (u == t, box.get(u) == box.get(t) and box.get(u) is not None,
                                               -cap.get((u, w), 0), u))
            for u in order:
                if cap.get((w, t), 0) == 0:
                    break
                if cap.get((u, w), 0) == 0:
                    continue
                gamma, used = oracle.gamma(u, t, min(cap[(u, w)], cap[(w, t)]), need)
                flows += used
                if gamma == 0:
                    continue
                units = _join(pools[(u, w)].take(gamma), pools[(w, t)].take(gamma))
                for edge in ((u, w), (w, t)):
                    cap[edge] -= gamma
                    oracle.set(edge, cap[edge])
                    if cap[edge] == 0:
                        del cap[edge]
                if u == t:
                    dropped += gamma
                    continue
                cap[(u, t)] = cap.get((u, t), 0) + gamma
                ends.add(u, t)
                oracle.set((u, t), cap[(u, t)])
                pool = pools.setdefault((u, t), PathUnits())
                for path, count in units:
                    pool.add(path, count)
            if cap.get((w, t), 0):
                raise SplittingError(
                    f"switch #{w}: {cap[(w, t)]} unit(s) of its link to node #{t} cannot be "
                    f"split off without losing throughput; the network must be balanced "
                    f"(Eulerian) for edge splitting")
        if gens is not None and flows > before:
            gens = None     # a plain split may break the symmetry: plain from here on
        left = [e for e in cap if w in e]
        if left:
            raise SplittingError(
                f"switch #{w} still has {len(left)} link(s) after splitting; its ingress and "
                f"egress must be equal")
    if progress is not None:
        progress("splitting", len(switches), len(switches))
    compute_set = set(compute)
    final = {e: c for e, c in sorted(cap.items()) if e[0] in compute_set and e[1] in compute_set}
    routes = {e: pools[e].remaining() for e in final}
    for e, c in final.items():
        assert sum(n for _, n in routes[e]) == c
    return Splitting(capacity=final, routes=routes, dropped_loops=dropped, max_flows=flows,
                     seconds=time.perf_counter() - start, **joint)


class _Ends:
    """Every in- and out-neighbour each node has had in the splitting's capacities (a
    superset of its links now, filtered by the capacities where read), so that a switch's
    links are found without scanning every link of the network."""

    def __init__(self, cap: Mapping[tuple[int, int], int]) -> None:
        self.into: dict[int, set[int]] = {}
        self.out: dict[int, set[int]] = {}
        for a, b in cap:
            self.add(a, b)

    def add(self, a: int, b: int) -> None:
        self.into.setdefault(b, set()).add(a)
        self.out.setdefault(a, set()).add(b)


def _split_jointly(num_nodes: int, cap: dict[tuple[int, int], int],
                   pools: dict[tuple[int, int], PathUnits], compute: list[int],
                   demand: Mapping[int, int], gens: Sequence[Sequence[int]], w: int,
                   reps: list[int], box: Mapping[int, object], need: int,
                   kernel: str | None, *, cyclic: bool, ends: "_Ends", even: bool = False
                   ) -> tuple[int, int, int, int]:
    """Split the switches of the orbit of ``w`` under the group ``gens`` generate
    pair-orbit by pair-orbit (``reps``: one compute node per orbit).

    With H the cyclic group generated by g and the network H-invariant, the pairs
    (u, w, t) are taken in H-orbits: the same amount γ is split off every pair of the
    orbit at once, so the network stays H-invariant, and then F(s, v) is the same for v and
    g(v): the joint split is safe (``min_v F(s, v) >= D`` after all of it) when it holds
    for one compute node of each H-orbit, which is what is tested. Each cut's capacity is
    affine in γ, so the safe amounts form an interval [0, γ_max], found exactly by testing
    the largest amount the capacities allow and bisecting when that fails (after testing
    1, so that an orbit with γ_max = 0, common on a tight single-root network, costs a
    max-flow or two). Every joint
    split is thus a sequence of safe splits (the γ theorem of appendix E.2 keeps the trees'
    existence after each), and the plain pair-by-pair splitting afterwards removes
    whatever capacity is left at these switches (the complete splitting still exists, the
    theorem applying to any network that meets the condition). Returns (max-flows, pair
    orbits split, bisections, loop units dropped).
    """
    s = num_nodes
    edges = list(cap) + [(s, v) for v in compute if demand.get(v, 0)]
    values = [cap[e] for e in cap] + [demand[v] for v in compute if demand.get(v, 0)]
    net = FlowNetwork(num_nodes + 1, edges, values, kernel=kernel)
    eid = {e: i for i, e in enumerate(edges)}
    flows = splits = bisections = dropped = 0

    order = list(reps)      # the node whose test failed last is tested first

    def safe(change: dict[tuple[int, int], int], gamma: int) -> bool:
        nonlocal flows
        ids = [eid[e] for e in change]
        net.set_capacities(ids, [cap.get(e, 0) + d * gamma for e, d in change.items()])
        ok = True
        for i, v in enumerate(order):
            flows += 1
            if net.max_flow(s, v) < need:
                ok = False
                order.insert(0, order.pop(i))
                break
        net.set_capacities(ids, [cap.get(e, 0) for e in change])
        return ok

    outs = sorted(b for b in ends.out.get(w, ()) if (w, b) in cap)
    g = gens[0]
    length = ({v: len(cycle(g, v)) for v in {a for e in cap for a in e}} if cyclic else {})

    def shared(u: int, t: int) -> bool:
        # does the orbit of (u, w, t) use (u, w) or (w, t) more than once? (it then splits
        # at most half of their capacity and spreads G* over more edges: try such u last;
        # known from cycle lengths for a cyclic group only)
        if not cyclic:
            return False
        whole = math.lcm(length[u], length[w], length[t])
        return whole != math.lcm(length[u], length[w]) or whole != math.lcm(length[w], length[t])

    # the even shares of the first pass (``even``): u's capacity into w over the egress
    # links of w other than back to u
    share = ({u: max(1, cap[(u, w)] // max(1, len(outs) - (u in outs)))
              for u in ends.into.get(w, ()) if (u, w) in cap}
             if even and box.get(w) is not None else None)
    if share is not None:
        # every pair's even share at once, tested once: a state that meets the condition
        # is one splitting can finish from, however it was reached (else pair by pair)
        plan: dict[tuple[int, int, int], int] = {}
        change: dict[tuple[int, int], int] = {}
        for t in outs:
            for u in sorted(share):
                gamma = min(share[u], cap.get((w, t), 0))
                if u == t or gamma == 0 or (u, w, t) in plan:
                    continue
                for a, x, b in _orbit((u, w, t), gens):
                    plan[(a, x, b)] = gamma
                    for e in ((a, x), (x, b)):
                        change[e] = change.get(e, 0) - gamma
                    if a != b:
                        change[(a, b)] = change.get((a, b), 0) + gamma
        if plan and all(cap.get(e, 0) + d >= 0 for e, d in change.items()):
            new = [e for e in change if e not in eid]
            for e, i in zip(new, net.add_edges(new, [0] * len(new))):
                eid[e] = i
            if safe(change, 1):
                splits += len(plan)
                for (a, x, b), gamma in plan.items():
                    units = _join(pools[(a, x)].take(gamma), pools[(x, b)].take(gamma))
                    pool = pools.setdefault((a, b), PathUnits())
                    for path, count in units:
                        pool.add(path, count)
                for e, d in change.items():
                    value = cap.get(e, 0) + d
                    net.set_capacity(eid[e], value)
                    if value:
                        cap[e] = value
                        ends.add(*e)
                    else:
                        cap.pop(e, None)
                share = None
    while True:
        # one pass over the egress links; with a larger group, passes repeat while they
        # split something (a pass creates links at w that the next one can pair)
        into = {a for a in ends.into.get(w, ()) if (a, w) in cap}
        before = splits
        for t in outs:
            if not cap.get((w, t)):
                continue        # split off by an earlier orbit: nothing to pair (no sort)
            ins = sorted(into,
                         key=lambda u: (u == t, shared(u, t),
                                        box.get(u) == box.get(t) and box.get(u) is not None,
                                        -cap.get((u, w), 0), u))
            for u in ins:
                if not cap.get((u, w)) or not cap.get((w, t)):
                    continue
                triples = _orbit((u, w, t), gens)
                uses: dict[tuple[int, int], int] = {}
                change: dict[tuple[int, int], int] = {}
                for a, x, b in triples:
                    for e in ((a, x), (x, b)):
                        uses[e] = uses.get(e, 0) + 1
                        change[e] = change.get(e, 0) - 1
                    if a != b:
                        change[(a, b)] = change.get((a, b), 0) + 1
                upper = min(cap.get(e, 0) // m for e, m in uses.items())
                if share is not None:
                    upper = min(upper, share.get(u, upper))
                if upper == 0:
                    continue
                new = [e for e in change if e not in eid]
                for e, i in zip(new, net.add_edges(new, [0] * len(new))):
                    eid[e] = i
                gamma = upper
                if not safe(change, upper):
                    bisections += 1
                    if upper == 1 or not safe(change, 1):
                        continue                    # costs a max-flow or two: no need to stop
                    low, high = 1, upper            # safe(low), not safe(high)
                    while high - low > 1:
                        mid = (low + high) // 2
                        if safe(change, mid):
                            low = mid
                        else:
                            high = mid
                    gamma = low
                splits += 1
                taken = [(a, x, b, _join(pools[(a, x)].take(gamma), pools[(x, b)].take(gamma)))
                         for a, x, b in triples]
                for e, d in change.items():
                    value = cap.get(e, 0) + d * gamma
                    net.set_capacity(eid[e], value)
                    if value:
                        cap[e] = value
                        ends.add(*e)
                    else:
                        cap.pop(e, None)
                for a, x, b, units in taken:
                    if a == b:
                        dropped += gamma
                        continue
                    pool = pools.setdefault((a, b), PathUnits())
                    for path, count in units:
                        pool.add(path, count)
        if share is not None:
            share = None            # the first pass only: the next ones split the rest
            continue
        if cyclic or splits == before:
            break
        outs = sorted(b for (a, b) in cap if a == w)
    return flows, splits, bisections, dropped


def _orbit(point: tuple[int, ...], gens: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    # not model/orbits.py: the orbit of one tuple of nodes (the group acting on tuples), listed
    # breadth first from ``point``, which the callers rely on; no partition of all points
    """The orbit of a tuple of nodes under the group ``gens`` generate, breadth first from
    ``point`` (for one generator g: point, g(point), g²(point), ...)."""
    out = [point]
    seen = {point}
    for p in out:
        for h in gens:
            q = tuple(h[v] for v in p)
            if q not in seen:
                seen.add(q)
                out.append(q)
    return out


def _orbit_reps(compute: Sequence[int], gens: Sequence[Sequence[int]]) -> list[int]:
    """One compute node per orbit (its smallest), sorted."""
    inside = set(compute)       # an automorphism keeps kinds: an orbit is all compute or none
    return [orbit[0] for orbit in permutation_orbits(len(gens[0]), gens) if orbit[0] in inside]


class _GammaOracle:
    """The auxiliary networks D̂ of the γ theorem (appendix E.2) for one switch w.

    One flow network holds D_d plus every gadget edge that any (u, t, v) may need, at
    capacity 0 (or the real capacity) when idle; a query raises the three gadget edges to
    "infinity" in place, solves, and restores them.
    """

    def __init__(self, num_nodes: int, cap: Mapping[tuple[int, int], int], compute: list[int],
                 demand: Mapping[int, int], w: int, ins: list[int], outs: list[int],
                 kernel: str | None) -> None:
        s = num_nodes
        self.s, self.w, self.compute = s, w, compute
        pairs: dict[tuple[int, int], int] = {}
        for e, c in cap.items():
            pairs[e] = c
        for v in compute:
            if demand.get(v, 0):
                pairs[(s, v)] = demand[v]
        gadgets = [(u, s) for u in ins] + [(w, s)]
        gadgets += [(u, t) for u in ins for t in outs if u != t]
        gadgets += [(v, w) for v in compute] + [(v, t) for v in compute for t in outs if v != t]
        for g in gadgets:
            pairs.setdefault(g, 0)
        self.edges = list(pairs)
        self.id = {e: i for i, e in enumerate(self.edges)}
        self.base = [pairs[e] for e in self.edges]
        self.net = FlowNetwork(num_nodes + 1, self.edges, self.base, kernel=kernel)
        self.inf = sum(self.base) + 1

    def set(self, edge: tuple[int, int], value: int) -> None:
        i = self.id[edge]
        self.base[i] = value
        self.net.set_capacity(i, value)

    def _solve_with(self, extra: list[tuple[int, int]], source: int, sink: int) -> int:
        ids = [self.id[e] for e in extra]
        self.net.set_capacities(ids, [self.base[i] + self.inf for i in ids])
        value = self.net.max_flow(source, sink)
        self.net.set_capacities(ids, [self.base[i] for i in ids])
        return value

    def split_is_safe(self, u: int, t: int, amount: int, need: int) -> tuple[bool, int]:
        """Does splitting ``amount`` off (u, w), (w, t) keep min_v F(s, v) >= need?
        (The definition γ stands for, tested directly: N max-flows, stopping at the first
        failure.) Returns (answer, max-flows used); the network is left unchanged."""
        w = self.w
        changes = [((u, w), -amount), ((w, t), -amount)] + ([((u, t), amount)] if u != t else [])
        ids = [self.id[e] for e, _ in changes]
        self.net.set_capacities(ids, [self.base[i] + d for i, (_, d) in zip(ids, changes)])
        used, safe = 0, True
        for v in self.compute:
            used += 1
            if self.net.max_flow(self.s, v) < need:
                safe = False
                break
        self.net.set_capacities(ids, [self.base[i] for i in ids])
        return safe, used

    def gamma(self, u: int, t: int, upper: int, need: int) -> tuple[int, int]:
        """(γ, max-flows used) for splitting (u, w), (w, t), capped at ``upper``.

        Most pairs can take their whole ``upper`` at once, which N max-flows on D_d confirm;
        otherwise γ comes from the two auxiliary networks (2N max-flows)."""
        safe, used = self.split_is_safe(u, t, upper, need)
        if safe:
            return upper, used
        s, w = self.s, self.w
        # total finite capacity may have changed; keep "infinity" above every finite cut
        self.inf = max(self.inf, self.net.total_capacity + 1)
        gamma = upper
        loop = u == t
        for v in self.compute:
            if v == u or v == t:
                continue   # ∞ edges would join u (or t) to v: no u-w cut separates them
            extra = [(u, s), (v, w)] + ([] if loop else [(u, t)])
            gamma = min(gamma, self._solve_with(extra, u, w) - need)
            used += 1
            if gamma <= 0:
                return 0, used
        for v in self.compute:
            if v == u and not loop:
                extra = [(w, s), (u, t)]
            elif v == t:
                extra = [(w, s)] + ([] if loop else [(u, t)])
            else:
                extra = [(w, s), (v, t)] + ([] if loop else [(u, t)])
            gamma = min(gamma, self._solve_with(extra, w, t) - need)
            used += 1
            if gamma <= 0:
                return 0, used
        return gamma, used
