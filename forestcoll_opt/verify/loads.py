"""Link loads, by the verifier's own counting: a phase's loads and time per unit of data,
phases sharing links when they run concurrently, and the copies a multicast tree sends
(section "In-Network Multicast & Aggregation" of the ForestColl paper: a switch that can
replicate or aggregate sends one copy onward where others forward one per path).

Part of the independent verifier: the generator counts loads its own way, and this module
deliberately shares none of it (a second method, so that one bug cannot pass both).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping, Sequence

from ..model.collective import Collective
from .terms import fraction_text


# (src, dst, traffic with multicast, traffic without), per unit of data
LinkTraffic = tuple[str, str, Fraction, Fraction]
Hop = tuple[str, str]


@dataclass(frozen=True)
class PhaseLoad:
    """Primal side of one phase: link loads (Σ weight × times used) and time per unit data.

    For a ``"multicast": true`` schedule the loads are the merged ones, and ``traffic`` is
    (total with multicast, total without) per unit of data: Σ over links of load / parts
    (parts = Ŵ·k, or k for broadcast and reduce), ``link_traffic`` the same per link
    ((src, dst, with, without), in topology order). Both are None / () otherwise.
    ``collective`` is a :class:`~forestcoll_opt.model.collective.Collective` (its string
    value given to the constructor becomes the member)."""

    collective: Collective
    k: int
    time_per_byte: Fraction
    busiest: tuple[tuple[str, str, int, Fraction], ...]   # (src, dst, load, load/bandwidth)
    traffic: tuple[Fraction, Fraction] | None = None
    link_traffic: tuple[LinkTraffic, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "collective", Collective(self.collective))


@dataclass(frozen=True)
class Reading:
    """A sound schedule: its phase loads, achieved algbw, normalised shard weights (None
    when uniform), whether its phases run concurrently, and notes on how time was found;
    with multicast, the traffic of all phases together (see :class:`Verdict`)."""

    phases: tuple[PhaseLoad, ...]
    algbw: Fraction
    shards: tuple[int, ...] | None
    concurrent: bool
    notes: tuple[str, ...] = ()
    multicast: bool = False
    traffic: tuple[Fraction, Fraction] | None = None
    link_traffic: tuple[LinkTraffic, ...] = ()


def phases_traffic(phases: tuple[PhaseLoad, ...], index: Mapping[str, int]
                    ) -> tuple[tuple[Fraction, Fraction], tuple[LinkTraffic, ...]]:
    """The traffic of every phase added up, per link (topology order) and in total."""
    per_link: dict[tuple[str, str], tuple[Fraction, Fraction]] = {}
    for p in phases:
        for a, b, w, wo in p.link_traffic:
            old = per_link.get((a, b), (Fraction(0), Fraction(0)))
            per_link[(a, b)] = (old[0] + w, old[1] + wo)
    links = tuple((a, b, w, wo) for (a, b), (w, wo)
                  in sorted(per_link.items(), key=lambda kv: (index[kv[0][0]], index[kv[0][1]])))
    total = (sum((w for _, _, w, _ in links), Fraction(0)),
             sum((wo for _, _, _, wo in links), Fraction(0)))
    return total, links

def shared_time(link_times: list[dict[tuple[str, str], Fraction]],
                 phases: tuple[PhaseLoad, ...]) -> tuple[Fraction, tuple[str, ...]]:
    """Time per unit of data of phases run concurrently on shared links: max over links e
    of Σ over phases p of load_p(e) / (parts_p · bandwidth(e)); and a note naming the
    busiest shared link."""
    shared: dict[tuple[str, str], Fraction] = {}
    for times in link_times:
        for hop, t in times.items():
            shared[hop] = shared.get(hop, Fraction(0)) + t
    hop, worst = max(shared.items(), key=lambda kv: (kv[1], kv[0]))
    alone = sum((p.time_per_byte for p in phases), Fraction(0))
    note = (f"the phases run concurrently: the busiest shared link {hop[0]} -> {hop[1]} needs "
            f"{fraction_text(worst)} per unit of data, against {fraction_text(alone)} for the "
            f"phases one after the other")
    return worst, (note,)



def multicast_hops(routes: list[Sequence[str]], inward: bool, capable: frozenset[str]
                   ) -> list[Hop]:
    """The hops of one sound tree under ``"multicast": true``, each as often as copies
    of the tree's data cross it.

    Out-trees: the paths leaving one compute node u are read from u as a trie of
    prefixes (two paths share a trie node while they share their route from u). A
    prefix ending at a compute node needs one copy; one ending at a multicast switch
    needs one copy, which the switch replicates for every onward hop; one ending at any
    other switch needs as many copies as its onward hops carry, since that switch only
    forwards. The hop into a prefix carries the copies the prefix needs. Without
    multicast switches this is every path in full; paths that part and meet again
    simply count as the separate copies they are. In-trees: the paths into v read
    backwards from v, the same with aggregation instead of replication. ``capable`` are
    the switches that may replicate or aggregate (topology nodes with ``"multicast": true``).

    :param routes: the tree's physical paths, each from an edge's src to its dst
    :param inward: True for in-trees (reduce-scatter, reduce)
    :param capable: the multicast-capable switches
    :returns: every hop, repeated once per copy of the tree's data crossing it"""
    groups: dict[str, list[Sequence[str]]] = {}
    for route in routes:
        walk = route[::-1] if inward else route
        groups.setdefault(walk[0], []).append(walk)
    hops: list[Hop] = []
    for end, walks in groups.items():
        _group_hops(end, walks, inward, capable, hops)
    return hops

def _group_hops(end: str, walks: list[Sequence[str]], inward: bool, capable: frozenset[str],
                hops: list[Hop]) -> None:
    """One group's walks (all starting at ``end``): appends every hop as many times as
    copies cross it (see :func:`multicast_hops`)."""
    trie: dict[tuple[int, str], int] = {}     # (prefix, next node) -> the longer prefix
    node_of: dict[int, str] = {0: end}
    children: dict[int, list[int]] = {}
    for walk in walks:
        here = 0
        for b in walk[1:]:
            nxt = trie.get((here, b))
            if nxt is None:
                nxt = trie[(here, b)] = len(trie) + 1
                node_of[nxt] = b
                children.setdefault(here, []).append(nxt)
            here = nxt
    copies: dict[int, int] = {}
    for p in sorted(node_of, reverse=True):  # longer prefixes were numbered later
        kids = children.get(p, [])
        if not kids or node_of[p] in capable:
            copies[p] = 1
        else:
            copies[p] = sum(copies[c] for c in kids)
    for p, kids in children.items():
        for c in kids:
            a, b = node_of[p], node_of[c]
            hops.extend([(b, a) if inward else (a, b)] * copies[c])
