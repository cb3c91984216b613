"""The best schedule with exactly k trees per root (paper ``app:sec:fixedk``, ``algo:fixedk``).

With k fixed, a forest whose trees each carry ``1/U`` of bandwidth exists iff it packs into
the floored capacities ``⌊U·b_e⌋`` (``app:thm:fixedk``), i.e. iff
``min_v F(s, v; G_k(⌊U·b⌋)) >= N·k`` (``app:thm:existtrees``; with shard weights, source
edges k·ŵ_v and ``>= Ŵ·k``), and feasibility is monotone
in U (``app:thm:fixedkbinarysearch``). It only changes where some ``U·b_e`` is an integer,
so the least feasible U* is one of those breakpoints ``j / b_e``. We bisect over the
breakpoints themselves — no floating point and no reconstruction — between the optimum
``k/x*`` (a lower bound) and ``max_e ⌈k·b_e/x*⌉ / b_e``, which the proof of
``app:thm:fixedkapprox`` shows feasible; hence also ``U*/k <= 1/x* + 1/(k·min_e b_e)``.

The floored graph must keep every switch balanced for edge splitting; on bidirectional
networks with equal bandwidth both ways it always does. Otherwise a
:class:`FixedKError` names the switch.
"""

from __future__ import annotations

import math
from fractions import Fraction

from .bound import bound as compute_bound
from .errors import FixedKError
from .flow import FlowNetwork
from .topology import Topology


def fixed_k_capacity(topology: Topology, k: int, *, collective: str = "allgather",
                     root: str | None = None, kernel: str | None = None,
                     weights: tuple[int, ...] | None = None
                     ) -> tuple[Fraction, dict[tuple[str, str], int]]:
    """``(U*, {link: ⌊U*·b_e⌋})`` for exactly ``k`` trees per root (per ``root`` for
    broadcast); with normalised shard ``weights`` ŵ, k·ŵ_v trees at root v (the same
    argument with source edges of capacity k·ŵ_v)."""
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise FixedKError(f"k must be a positive integer, got {k!r}")
    b = compute_bound(topology, collective=collective, root=root, kernel=kernel,
                      weights=None if weights is None
                      else dict(zip(topology.compute_nodes, weights)))
    oracle = _FixedKOracle(topology, k, root, kernel, weights)
    bandwidths = sorted(set(topology.capacity.values()))
    lo_cont = k * b.inv_x                       # U at the optimum: nothing below is feasible
    first = _ceil_breakpoint(lo_cont, bandwidths)
    if oracle.feasible(first):
        u_star = first
    else:
        hi = max(Fraction(math.ceil(k * bw * b.inv_x)) / bw for bw in bandwidths)
        lo = first                                 # infeasible
        if not oracle.feasible(hi):
            raise FixedKError("internal error: the fixed-k upper bound is not feasible")
        while True:
            nxt = _next_breakpoint(lo, bandwidths)
            if nxt >= hi:
                break
            mid = _ceil_breakpoint((lo + hi) / 2, bandwidths)
            if mid >= hi:
                mid = _prev_breakpoint(hi, bandwidths)
            if oracle.feasible(mid):
                hi = mid
            else:
                lo = mid
        u_star = hi
    caps = {e: math.floor(u_star * bw) for e, bw in topology.capacity.items()}
    _check_switch_balance(topology, caps, k)
    return u_star, caps


def _ceil_breakpoint(value: Fraction, bandwidths: list[Fraction]) -> Fraction:
    """Smallest U >= value with U·b integral for some b."""
    return min(Fraction(math.ceil(value * bw)) / bw for bw in bandwidths)


def _next_breakpoint(value: Fraction, bandwidths: list[Fraction]) -> Fraction:
    """Smallest U > value with U·b integral for some b."""
    return min(Fraction(math.floor(value * bw) + 1) / bw for bw in bandwidths)


def _prev_breakpoint(value: Fraction, bandwidths: list[Fraction]) -> Fraction:
    """Largest U < value with U·b integral for some b."""
    return max(Fraction(math.ceil(value * bw) - 1) / bw for bw in bandwidths)


class _FixedKOracle:
    """G_k(⌊U·b⌋): links floored, s -> v capacity k (``fig:fixedk``); built once."""

    def __init__(self, topology: Topology, k: int, root: str | None, kernel: str | None,
                 weights: tuple[int, ...] | None = None) -> None:
        idx = topology.index
        self.links = list(topology.capacity.items())
        self.s = len(topology.nodes)
        edges = [(idx[u], idx[v]) for (u, v), _ in self.links]
        roots = [root] if root is not None else list(topology.compute_nodes)
        edges += [(self.s, idx[r]) for r in roots]
        self.sinks = [idx[v] for v in topology.compute_nodes]
        demand = [k * w for w in weights] if weights is not None else [k] * len(roots)
        self.need = sum(demand)
        self.net = FlowNetwork(self.s + 1, edges, [0] * len(self.links) + demand, kernel=kernel)

    def feasible(self, U: Fraction) -> bool:
        self.net.set_capacities(range(len(self.links)),
                                [math.floor(U * bw) for _, bw in self.links])
        return all(self.net.max_flow(self.s, v) >= self.need for v in self.sinks)


def _check_switch_balance(topology: Topology, caps: dict[tuple[str, str], int], k: int) -> None:
    inn: dict[str, int] = {w: 0 for w in topology.switch_nodes}
    out: dict[str, int] = {w: 0 for w in topology.switch_nodes}
    for (u, v), c in caps.items():
        if v in inn:
            inn[v] += c
        if u in out:
            out[u] += c
    for w in topology.switch_nodes:
        if inn[w] != out[w]:
            raise FixedKError(
                f"k={k}: switch {w!r} is unbalanced once link capacities are floored "
                f"(ingress {inn[w]} vs egress {out[w]} trees), so edge splitting cannot "
                f"remove it; use the optimal k or give the switch's links equal bandwidth "
                f"in both directions")
