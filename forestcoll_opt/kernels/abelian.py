"""Abelian groups of automorphisms acting freely on the compute nodes, without listing their
elements: the orbit construction of large symmetric schedules
(:mod:`forestcoll_opt.generation.orbits`) grows one tree per orbit of compute nodes for a
group of thousands of elements, which no stage may enumerate (|G| × n entries).

The criterion is exact and cheap. Let g_1 .. g_m commute pairwise, o_i be the order of g_i
(as a permutation of every node) and G the group they generate. The map
(a_1, .., a_m) -> g_1^a_1 ⋯ g_m^a_m from Z_o1 × ⋯ × Z_om onto G is onto, so |G| ≤ Π o_i,
and an orbit X of a compute node has |X| ≤ |G|. If every orbit of compute nodes has
exactly Π o_i nodes, both are equalities: the map is a bijection, G acts freely on the
compute nodes, and each compute node v is g^a(r) for exactly one exponent vector a and
the representative r of its orbit (its *label*). Elements are exponent vectors; applying
one costs m lookups in tables of powers (Σ o_i rows of n entries).

A network with a failed part has no such group (the failed part is fixed by every
automorphism, and so is its box), but often one that acts *semi-freely*: every compute
node is either fixed by all of G or has an orbit of exactly Π o_i nodes (the rotation of
the intact boxes, fixing the failed box). :func:`semi_free_abelian` finds one; its fixed
compute nodes are representatives of their own (label zero) and are listed in
:attr:`FreeAbelian.fixed`. The same counting proves it: an orbit of Π o_i nodes makes the
map onto G a bijection.

The generators come from candidates, taken greedily (:func:`free_abelian`). A candidate g
that commutes with the generators kept but does not fit beside them may still hide one
that does: its *quotient* g ∘ h⁻¹ by a generator h kept (it commutes with them too, and
the same counting checks it). The automorphism generators of ``gb200-nvl72:racks=64``
hold the rotation ρ of the racks and the rotation ρσ of racks and rails at once (order 64:
Z_64 × Z_4 is not cyclic, so no power of ρσ is σ); with ρ kept, ρσ ∘ ρ⁻¹ = σ, the rails'
rotation, completes the group that acts regularly (18 · 64 · 4 = 4,608 GPUs). For the
same reason the pool holds each candidate's *primary parts* (g^(o/p^e) for each prime
power p^e exactly dividing its order o, the part of order p^e): an element of order 36 =
4 · 9 stands for a Z_4 and a Z_9, which the greedy can then fit apart (and checks by
the same counting as any other).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..model.trees import perm_order
from .symmetry import free_power


@dataclass(frozen=True, eq=False)
class FreeAbelian:
    """An abelian group ⟨g_1, .., g_m⟩ acting freely on the compute nodes (module
    docstring).

    :ivar generators: g_i as arrays: the image of every node index
    :ivar orders: o_i, the order of g_i
    :ivar powers: powers[i][a] is g_i^a, an array over every node index
    :ivar rep: compute node index -> the representative of its orbit (-1 elsewhere)
    :ivar label: compute node index -> its exponent vector (rows; zeros elsewhere)
    :ivar representatives: the orbits' representatives, in order of the compute nodes
    :ivar fixed: the compute nodes every element fixes (empty when G acts freely), each
        its own representative with label zero
    """

    generators: tuple[np.ndarray, ...]
    orders: tuple[int, ...]
    powers: tuple[np.ndarray, ...]
    rep: np.ndarray
    label: np.ndarray
    representatives: tuple[int, ...]
    fixed: tuple[int, ...] = ()

    @property
    def order(self) -> int:
        """|G| = Π o_i."""
        return math.prod(self.orders)

    def apply(self, exponents: np.ndarray, nodes: np.ndarray) -> np.ndarray:
        """The images of ``nodes`` under the elements ``exponents`` (one row per node, or
        one vector for all), element-wise.

        :param exponents: an exponent vector, or one per node (rows)
        :param nodes: node indices
        :returns: the image of each node, as an array
        """
        out = np.asarray(nodes, dtype=np.int64)
        exps = np.asarray(exponents, dtype=np.int64)
        for i, table in enumerate(self.powers):
            a = exps[..., i] % self.orders[i]
            out = table[a, out]
        return out

    def inverse(self, exponents: np.ndarray) -> np.ndarray:
        """The exponent vectors of the inverse elements.

        :param exponents: exponent vectors (rows) or one vector
        :returns: -exponents modulo the orders
        """
        return (-np.asarray(exponents, dtype=np.int64)) % np.asarray(self.orders)


def _powers(g: np.ndarray, order: int) -> np.ndarray:
    table = np.empty((order, len(g)), dtype=np.int64)
    table[0] = np.arange(len(g))
    for a in range(1, order):
        table[a] = g[table[a - 1]]
    return table


def _labels(powers: Sequence[np.ndarray], orders: Sequence[int], compute: np.ndarray, n: int,
            *, semi: bool = False
            ) -> tuple[np.ndarray, np.ndarray, list[int], list[int]] | None:
    """(rep, label, representatives, fixed) when every compute orbit has Π o_i nodes (with
    ``semi``: or one, a node every element fixes), else None."""
    total = math.prod(orders)
    if len(compute) % total and not semi:
        return None
    rep = np.full(n, -1, dtype=np.int64)
    label = np.zeros((n, len(orders)), dtype=np.int64)
    grid = np.stack(np.meshgrid(*[np.arange(o) for o in orders], indexing="ij"),
                    axis=-1).reshape(total, len(orders))
    reps, fixed = [], []
    is_compute = np.zeros(n, dtype=bool)
    is_compute[compute] = True
    if semi:       # the compute nodes every generator fixes (so every element does)
        still = np.ones(len(compute), dtype=bool)
        for table in powers:
            if len(table) > 1:
                still &= table[1][compute] == compute
        stays = set(compute[still].tolist())
    else:
        stays = set()
    for r in compute.tolist():
        if rep[r] >= 0:
            continue
        if r in stays:
            rep[r] = r
            reps.append(r)
            fixed.append(r)
            continue
        images = np.full(total, r, dtype=np.int64)
        for i, table in enumerate(powers):
            images = table[grid[:, i], images]
        if len(np.unique(images)) != total or (rep[images] >= 0).any() \
                or not is_compute[images].all():
            return None
        rep[images] = r
        label[images] = grid
        reps.append(r)
    return rep, label, reps, fixed


def class_products(generators: Sequence[Sequence[int]], nodes: Sequence[int]
                   ) -> list[tuple[int, ...]]:
    """Candidate rotations for :func:`~forestcoll_opt.kernels.abelian.free_abelian`: for
    each support size s (nodes of ``nodes`` moved) among ``generators``, the product of
    those moving exactly s of them and of those moving at least s (the catalog's swaps of
    adjacent boxes, of rails or of units compose into rotations of all of them at once).

    :param generators: permutations of the node indices
    :param nodes: the node indices whose moves count (the compute nodes)
    :returns: the products, duplicates and the identity left out, in order of s
    """
    if not generators:
        return []
    perms = np.asarray(generators, dtype=np.int64)
    nodes = np.asarray(nodes, dtype=np.int64)
    support = (perms[:, nodes] != nodes).sum(axis=1)
    out, seen = [], set()
    for s in sorted(set(int(m) for m in support)):
        for chosen in (support == s, support >= s):
            element = np.arange(perms.shape[1])
            for g in perms[chosen]:
                element = g[element]
            key = element.tobytes()
            if key not in seen and (element != np.arange(len(element))).any():
                seen.add(key)
                out.append(tuple(element.tolist()))
    return out


def twin_rotation(topology) -> tuple[int, ...] | None:
    """Compute nodes with the same links, in and out (to the same nodes, with the same
    bandwidth, type and latency) and the same multicast mark are *twins*: no two of a class
    are joined, so any permutation of a class is an automorphism. The rotation of every
    class of two or more (in node order) is a candidate for :func:`free_abelian`: the GPUs
    of one rack on one rail of a GB200 NVL72, say, which the generators found (swaps of
    two of them in one rack) do not compose into.

    :param topology: the network
    :returns: the rotation, as the image of every node index, or None when no compute node
        has a twin
    """
    links: dict[str, list] = {}
    for (a, b), c in topology.capacity.items():
        kind, alpha = topology.link_type.get((a, b)), topology.link_alpha.get((a, b))
        links.setdefault(a, []).append(("out", b, c, kind, alpha))
        links.setdefault(b, []).append(("in", a, c, kind, alpha))
    classes: dict[tuple, list[int]] = {}
    for node in topology.nodes:
        if node.is_compute:
            key = (bool(node.multicast), tuple(sorted(map(repr, links.get(node.id, [])))))
            classes.setdefault(key, []).append(topology.index[node.id])
    perm = list(range(len(topology.node_ids)))
    moved = False
    for members in classes.values():
        if len(members) > 1:
            members = sorted(members)
            for a, b in zip(members, members[1:] + members[:1]):
                perm[a] = b
            moved = True
    return tuple(perm) if moved else None


def box_rotation(topology) -> tuple[int, ...] | None:
    """The rotation of the boxes: node i of box b (nodes of a box in node order, boxes in
    order of their first node) goes to node i of the next box, the last box to the first,
    and every node of no box stays; returned only when it is an automorphism (every
    node onto one of the same kind and multicast mark, every link onto a link of the same
    bandwidth, type and latency). A candidate for :func:`free_abelian` that the
    automorphism generators need not hold: on ``gb200-nvl72:racks=128`` they hold the
    rotation of racks and rails together and swaps of racks, but not the racks' rotation
    alone, which with the quotients of :func:`free_abelian` gives the rails' rotation.

    :param topology: the network
    :returns: the rotation, as the image of every node index, or None when there are
        fewer than two boxes, boxes differ in size, or the rotation is no automorphism
    """
    boxes: dict[object, list[int]] = {}
    for node in topology.nodes:
        if node.box is not None:
            boxes.setdefault(node.box, []).append(topology.index[node.id])
    members = list(boxes.values())
    if len(members) < 2 or len({len(m) for m in members}) != 1:
        return None
    perm = list(range(len(topology.node_ids)))
    for here, there in zip(members, members[1:] + members[:1]):
        for a, b in zip(here, there):
            perm[a] = b
    nodes = topology.nodes
    if any((nodes[v].kind, bool(nodes[v].multicast)) != (nodes[w].kind, bool(nodes[w].multicast))
           for v, w in enumerate(perm)):
        return None
    idx, ids = topology.index, topology.node_ids
    capacity, kinds, alphas = topology.capacity, topology.link_type, topology.link_alpha
    for (a, b), c in capacity.items():
        image = (ids[perm[idx[a]]], ids[perm[idx[b]]])
        if capacity.get(image) != c or kinds.get(image) != kinds.get((a, b)) \
                or alphas.get(image) != alphas.get((a, b)):
            return None
    return tuple(perm)


SEEDS = 8     # greedy passes, started from each of the longest candidates in turn


def _cycle_lengths(g: np.ndarray, comp: np.ndarray) -> set[int]:
    """The lengths of the cycles of ``g`` through the compute nodes ``comp``."""
    seen = np.zeros(len(g), dtype=bool)
    out = set()
    perm = g.tolist()
    for v in comp.tolist():
        if not seen[v]:
            length, w = 0, v
            while not seen[w]:
                seen[w] = True
                length += 1
                w = perm[w]
            out.add(length)
    return out


def _greedy(pool: list[tuple[int, np.ndarray, set[int]]], comp: np.ndarray, n: int, *,
            semi: bool = False) -> tuple[list[np.ndarray], list[int], list[np.ndarray]]:
    """Take ``pool``'s permutations in order, each kept when it commutes with those kept
    and the group stays free on ``comp`` (with ``semi``: semi-free, and each kept only
    when it lowers the number of representatives): (generators, orders, power tables)."""
    chosen: list[np.ndarray] = []
    orders: list[int] = []
    tables: list[np.ndarray] = []
    count = len(comp)          # representatives so far
    for order, g, lengths in pool:
        if any(not np.array_equal(g[c], c[g]) for c in chosen):
            continue
        # g, else its quotient by one generator kept (module docstring)
        for k in range(len(chosen) + 1):
            if k:
                g_k = g[tables[k - 1][orders[k - 1] - 1]]       # g ∘ h⁻¹
                order_k = perm_order(g_k.tolist())
                lengths_k = _cycle_lengths(g_k, comp)
            else:
                g_k, order_k, lengths_k = g, order, lengths
            if order_k < 2 or math.prod(orders) * order_k > len(comp):
                continue
            # every element of a (semi-)free group moves each compute node it moves in a
            # cycle of its own order: checked before the powers table (order × n entries)
            if not lengths_k <= ({1, order_k} if semi else {order_k}):
                continue
            table = _powers(g_k, order_k)
            labels = _labels(tables + [table], orders + [order_k], comp, n, semi=semi)
            if labels is None or (semi and len(labels[2]) >= count):
                continue
            count = len(labels[2])
            chosen.append(g_k)
            orders.append(order_k)
            tables.append(table)
            break
    return chosen, orders, tables


def free_abelian(candidates: Sequence[Sequence[int]], compute: Sequence[int], *,
                 limit: int = 64) -> FreeAbelian | None:
    """A largest-found abelian group acting freely on ``compute``, generated by some of
    ``candidates`` (automorphisms, each the image of every node index) or their powers
    (:func:`~forestcoll_opt.kernels.symmetry.free_power`): taken greedily, longest
    order first, each kept when it commutes with those kept and the group stays free
    (module docstring); the greedy pass is started from each of the :data:`SEEDS` longest
    candidates in turn and the largest group kept. None when no candidate but the identity qualifies.

    :param candidates: permutations of the node indices
    :param compute: the compute node indices
    :param limit: how many candidates to try
    :returns: the group, or None
    """
    comp, pool = _pool(candidates, compute, limit)
    if not pool:
        return None
    n = len(pool[0][1])
    best: tuple[list, list, list] = ([], [], [])
    for first in range(min(len(pool), SEEDS)):   # each long candidate as the seed
        chosen, orders, tables = _greedy(pool[first:first + 1] + pool[:first]
                                         + pool[first + 1:], comp, n)
        if math.prod(orders) > math.prod(best[1]):
            best = (chosen, orders, tables)
        if math.prod(best[1]) == len(comp):
            break                            # acts regularly: nothing larger is free
    chosen, orders, tables = best
    if not chosen:
        return None
    rep, label, reps, _ = _labels(tables, orders, comp, n)
    return FreeAbelian(generators=tuple(chosen), orders=tuple(orders), powers=tuple(tables),
                       rep=rep, label=label, representatives=tuple(reps))


def _pool(candidates: Sequence[Sequence[int]], compute: Sequence[int], limit: int
          ) -> tuple[np.ndarray, list[tuple[int, np.ndarray, set[int]]]]:
    """The compute indices sorted, and the greedy passes' pool: the first ``limit``
    candidates (when there are more, the ``limit`` moving the most compute nodes), their
    free powers and primary parts, each once, none fixing every compute node, with
    their orders and cycle lengths, longest order first."""
    comp = np.asarray(sorted(compute), dtype=np.int64)
    pool: list[tuple[int, np.ndarray, set[int]]] = []
    seen: set[bytes] = set()
    chosen = list(candidates)
    if len(chosen) > limit:
        # those moving the most compute nodes first (stable): on gb200-nvl72 from 65 racks
        # the rotation of racks and rails together comes after the racks' 64 swaps
        moved = [int((np.asarray(h, dtype=np.int64)[comp] != comp).sum()) for h in chosen]
        chosen = [chosen[i] for i in sorted(range(len(chosen)), key=lambda i: -moved[i])]
    for h in chosen[:limit]:
        h = np.asarray(h, dtype=np.int64)
        free = np.asarray(free_power(h.tolist(), comp.tolist())[1], dtype=np.int64)
        for g in (h, free, *_primary_parts(free)):
            key = g.tobytes()
            if key in seen or (g[comp] == comp).all():
                continue
            seen.add(key)
            pool.append((perm_order(g.tolist()), g, _cycle_lengths(g, comp)))
    pool.sort(key=lambda item: -item[0])
    return comp, pool


def _primary_parts(g: np.ndarray) -> list[np.ndarray]:
    """The primary parts of ``g`` when its order o has two primes or more: g^(o / p^e)
    for each prime power p^e exactly dividing o (module docstring), else none."""
    order = perm_order(g.tolist())
    parts, rest, p = [], order, 2
    while p * p <= rest:
        if rest % p == 0:
            q = 1
            while rest % p == 0:
                rest, q = rest // p, q * p
            parts.append(q)
        p += 1
    if rest > 1:
        parts.append(rest)
    if len(parts) < 2:
        return []
    return [_perm_power(g, order // q) for q in parts]


def _perm_power(g: np.ndarray, j: int) -> np.ndarray:
    """g^j, by repeated squaring."""
    out, base = np.arange(len(g)), g
    while j:
        if j & 1:
            out = base[out]
        base, j = base[base], j >> 1
    return out


def semi_free_abelian(candidates: Sequence[Sequence[int]], compute: Sequence[int], *,
                      limit: int = 64) -> FreeAbelian | None:
    """An abelian group acting *semi-freely* on ``compute`` (module docstring: every
    compute orbit has |G| nodes or one) with the fewest representatives found (fixed
    nodes plus orbits of moved ones): taken greedily as :func:`free_abelian` does, from
    ``candidates`` and their powers, each kept when it lowers that number. After a
    failure, the rotation of the intact boxes fixing the failed one. None when no
    candidate but the identity qualifies or every compute node is fixed.

    :param candidates: permutations of the node indices
    :param compute: the compute node indices
    :param limit: how many candidates to try
    :returns: the group (:attr:`FreeAbelian.fixed` its fixed compute nodes), or None
    """
    comp, pool = _pool(candidates, compute, limit)
    if not pool:
        return None
    n = len(pool[0][1])
    best: tuple[list, list, list] = ([], [], [])
    fewest = len(comp)
    for first in range(min(len(pool), SEEDS)):
        chosen, orders, tables = _greedy(pool[first:first + 1] + pool[:first]
                                         + pool[first + 1:], comp, n, semi=True)
        if chosen:
            count = len(_labels(tables, orders, comp, n, semi=True)[2])
            if count < fewest:
                best, fewest = (chosen, orders, tables), count
    chosen, orders, tables = best
    if not chosen:
        return None
    rep, label, reps, fixed = _labels(tables, orders, comp, n, semi=True)
    return FreeAbelian(generators=tuple(chosen), orders=tuple(orders), powers=tuple(tables),
                       rep=rep, label=label, representatives=tuple(reps), fixed=tuple(fixed))
