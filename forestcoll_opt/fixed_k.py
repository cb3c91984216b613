"""The best schedule with exactly k trees per root (paper, appendix "Fixed-k Schedules":
``app:sec:fixedk``, ``algo:fixedk``).

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
:class:`FixedKError` names the switch. The feasibility oracle and the search for the least
k at the bound live in :mod:`forestcoll_opt.least_k`, which the bound itself uses.
"""

from __future__ import annotations

import math
from fractions import Fraction

from .bound import bound as compute_bound
from .errors import FixedKError
from .least_k import (FixedKOracle, ceil_breakpoint, check_switch_balance, next_breakpoint,
                      prev_breakpoint)
from .topology import Topology

def fixed_k_capacity(topology: Topology, k: int, *, collective: str = "allgather",
                     root: str | None = None, kernel: str | None = None,
                     weights: tuple[int, ...] | None = None
                     ) -> tuple[Fraction, dict[tuple[str, str], int]]:
    """``(U*, {link: ⌊U*·b_e⌋})`` for exactly ``k`` trees per root (per ``root`` for
    broadcast); with normalised shard ``weights`` ŵ, k·ŵ_v trees at root v (the same
    argument with source edges of capacity k·ŵ_v). Reduce-scatter and reduce pack their
    in-trees as out-trees of the reversed network, as the bound does."""
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise FixedKError(f"k must be a positive integer, got {k!r}")
    b = compute_bound(topology, collective=collective, root=root, kernel=kernel,
                      weights=None if weights is None
                      else dict(zip(topology.compute_nodes, weights)))
    network = topology.reversed() if collective in ("reduce-scatter", "reduce") else topology
    oracle = FixedKOracle(network, root, kernel, weights)
    bandwidths = sorted(set(topology.capacity.values()))
    lo_cont = k * b.inv_x                       # U at the optimum: nothing below is feasible
    first = ceil_breakpoint(lo_cont, bandwidths)
    if oracle.feasible(first, k):
        u_star = first
    else:
        hi = max(Fraction(math.ceil(k * bw * b.inv_x)) / bw for bw in bandwidths)
        lo = first                                 # infeasible
        if not oracle.feasible(hi, k):
            raise FixedKError("internal error: the fixed-k upper bound is not feasible")
        while True:
            nxt = next_breakpoint(lo, bandwidths)
            if nxt >= hi:
                break
            mid = ceil_breakpoint((lo + hi) / 2, bandwidths)
            if mid >= hi:
                mid = prev_breakpoint(hi, bandwidths)
            if oracle.feasible(mid, k):
                hi = mid
            else:
                lo = mid
        u_star = hi
    caps = {e: math.floor(u_star * bw) for e, bw in topology.capacity.items()}
    check_switch_balance(topology, caps, k)
    return u_star, caps
