"""Joint growth of tree batches in orbits of a permutation group H, for
:mod:`forestcoll_opt.generation.packing` (paper, appendix E.3 "Spanning Tree Construction";
the method is the one that module's docstring describes).

A representative batch stands for its images under the coset representatives of its
stabiliser; the images are never built while the orbit grows: the representative's member
set and edges, the group as an array of permutations, and the G* capacities as an array
say everything about them (image c holds node v exactly when c⁻¹(v) is a member of the
representative). Besides its max-flow on a network of about |G*| + (2 + degree)·|H| arcs,
a step costs work in proportion to the group's order and to G*, never to the trees' sizes.

**The safety test on a small network.** A step is safe when the minimum, over node sets X
with y in X and x not in X, of ρ(X) + Σ m(R_i)·[R_i meets X] (the cut of the μ theorem's
network D̄) reaches Σ m(R_i) over the batches that can constrain it. D̄ joins each batch's
node s_i to every member of R_i, so the images of a growing orbit alone give it |H|·|R|
edges, and every test used to cost a max-flow on a network that grows with N². Here the
test runs on a *sub-network* of D̄: each batch keeps its root and those of its members that
are in-neighbours of y in G* (a batch keeping one member becomes one arc from the hub).
A flow in a sub-network is a flow in D̄, so a value reaching the total proves the step
safe. Otherwise the sub-network's minimum cut X is measured in D̄ itself, with every
member counted: if its value is below the total, X violates Tarjan's condition and the
step is unsafe (and X serves Newton's method, as a minimum cut would: the safe μ form an
interval from 0, and any violated X bounds its end from above by the linear function it
gives, so the iterates stop at exactly the same μ); if not, the batches that X undercounted keep their members inside X
and the test runs again. Each round adds arcs, so the test ends, with the exact verdict of
the max-flow on D̄: the schedules are the same as with the whole network, and on the
catalog 80-95 % of the tests take one round.
"""

from __future__ import annotations

from typing import Callable, Iterator, Mapping, Sequence

import numpy as np

from ..kernels.flow import max_flow_once


class Batch:
    """A batch being grown: ``weight`` identical trees rooted at ``root`` with ``edges`` in
    growth order and ``order`` the members in the order they joined. ``start`` skips the
    members of ``order`` that have no edge left to offer (their heads are members or their
    capacity is used up, both for good), and ``deferred`` holds edges whose test failed,
    tried again only when no other edge fits."""

    __slots__ = ("root", "weight", "edges", "order", "members", "start", "deferred")

    def __init__(self, root: int, weight: int, edges: list, order: list, members: set) -> None:
        self.root, self.weight = root, weight
        self.edges, self.order, self.members = edges, order, members
        self.start = 0
        self.deferred: set[tuple[int, int]] = set()

    def prefix(self, edges: int, weight: int) -> "Batch":
        """A copy of this batch as it was with its first ``edges`` edges."""
        order = self.order[:edges + 1]
        return Batch(self.root, weight, self.edges[:edges], order, set(order))


def candidates(batch: Batch, out_nbrs: Mapping[int, Sequence[int]],
               left: Callable[[int, int], int]) -> Iterator[tuple[int, int]]:
    """The edges (x, y) that could grow ``batch``: x a member, y not, capacity left
    (``left(x, y)``); breadth first from the root, the deferred ones after all others. The
    caller may change the state between items only in ways it undoes, or by ending the
    loop."""
    members, order = batch.members, batch.order
    while batch.start < len(order) and all(
            y in members or left(order[batch.start], y) == 0
            for y in out_nbrs[order[batch.start]]):
        batch.start += 1
    deferred = set(batch.deferred)     # edges failing during this call stay for later
    for later in (False, True):
        if later and not deferred:
            return
        for x in order[batch.start:]:
            for y in out_nbrs[x]:
                if y not in members and left(x, y) > 0 and ((x, y) in deferred) == later:
                    yield x, y


class _Orbit:
    """A representative batch ``rep`` (members also as the boolean ``mask``), the group
    elements of its stabiliser ``stab`` and the coset representatives ``cosets`` (element
    indices, the identity first): image i of the orbit is ``cosets[i]`` applied to ``rep``."""

    __slots__ = ("rep", "mask", "stab", "cosets")

    def __init__(self, rep: Batch, mask: np.ndarray, stab: list[int], cosets: np.ndarray) -> None:
        self.rep, self.mask, self.stab, self.cosets = rep, mask, stab, cosets


class JointGrowth:
    """Grows the batches of ``roots`` (root -> weight, every node of ``nodes`` at most once)
    in orbits of ``group`` (every element as a permutation of ``0..max(nodes)``, the
    identity first) on the capacities ``g`` of G*. :meth:`run` grows them; :meth:`batches`
    then lists every batch, images included, in the order plain growth creates them."""

    def __init__(self, nodes: Sequence[int], g: Mapping[tuple[int, int], int],
                 roots: Mapping[int, int], group: Sequence[Sequence[int]],
                 kernel: str | None) -> None:
        self.nodes, self.kernel = list(nodes), kernel
        n = self.n = len(self.nodes)
        self.local = {v: i for i, v in enumerate(self.nodes)}
        loc = self.local
        # the group on local indices: perm[c, i] is the image of node i under element c
        self.perm = np.asarray([[loc[h[v]] for v in self.nodes] for h in group], dtype=np.int64)
        self.inverse = np.empty_like(self.perm)
        rows = np.arange(len(group))[:, None]
        self.inverse[rows, self.perm] = np.arange(n)[None, :]
        edges = sorted(g)
        self.tails = np.asarray([loc[a] for a, _ in edges], dtype=np.int64)
        self.heads = np.asarray([loc[b] for _, b in edges], dtype=np.int64)
        keys = self.tails * n + self.heads
        self.key_order = np.argsort(keys)
        self.keys = keys[self.key_order]
        self.eid = {e: i for i, e in enumerate(edges)}
        big = max(g.values(), default=0) * max(1, len(edges)) > 2**62 // 4
        self.g = np.asarray([g[e] for e in edges], dtype=object if big else np.int64)
        self.out_nbrs: dict[int, list[int]] = {v: [] for v in self.nodes}
        for a, b in edges:
            self.out_nbrs[a].append(b)
        order = np.argsort(self.heads, kind="stable")
        starts = np.searchsorted(self.heads[order], np.arange(n + 1))
        self.in_nbrs = [np.unique(self.tails[order[starts[v]:starts[v + 1]]]) for v in range(n)]
        self.created: list[tuple[_Orbit, int]] = []      # (orbit, image) in creation order
        self.orbits: list[_Orbit] = []
        self.finished: list[_Orbit] = []
        self.flows = self.steps = 0
        self._orbits_of(roots, group)
        # the batches that are still a root alone, as supply at their roots (their trees
        # enter the sub-network there and nowhere else, in D̄ too)
        self.supply = np.zeros(n, dtype=self.g.dtype)
        self.supply_total = 0
        for orbit in self.orbits:
            self._alone(orbit, 1)
        self.infinity = int(self.g.sum()) + 1         # capacities only decrease

    def _orbits_of(self, roots: Mapping[int, int], group: Sequence[Sequence[int]]) -> None:
        at: dict[int, tuple[_Orbit, int]] = {}
        seen: set[int] = set()
        for r in self.nodes:
            if r in roots and r not in seen:
                stab, cosets = [], []
                for i, element in enumerate(group):
                    image = element[r]
                    if image == r:
                        stab.append(i)
                    if image not in seen:
                        seen.add(image)
                        at[image] = (None, len(cosets))      # the orbit is set below
                        cosets.append(i)
                mask = np.zeros(self.n, dtype=bool)
                mask[self.local[r]] = True
                orbit = _Orbit(Batch(r, roots[r], [], [r], {r}), mask, stab,
                               np.asarray(cosets, dtype=np.int64))
                self.orbits.append(orbit)
                for i, c in enumerate(cosets):
                    at[group[c][r]] = (orbit, i)
        self.created = [at[r] for r in self.nodes if r in roots]

    def _spread(self, orbit: _Orbit) -> bool:
        """Turn a stuck representative whose stabiliser S is not trivial and whose weight
        |S| divides into |S| images of weight d/|S| per coset, one per element of the
        group (S's elements give |S| identical batches at each root so far, since the
        representative is S-invariant): the same state, whose representative no longer
        has to take whole orbits of edges under S (a fan-out from a node the group fixes,
        as after a failure, that no capacity carries). False when that cannot be done."""
        rep, size = orbit.rep, len(orbit.stab)
        if size < 2 or rep.weight % size:
            return False
        alone = len(rep.order) == 1
        if alone:
            self._alone(orbit, -1)
        rep.weight //= size
        orbit.stab = [0]
        orbit.cosets = np.arange(len(self.perm), dtype=np.int64)
        self.created = [pair for pair in self.created if pair[0] is not orbit]
        self.created += [(orbit, i) for i in range(len(orbit.cosets))]
        if alone:
            self._alone(orbit, 1)
        return True

    def _alone(self, orbit: _Orbit, sign: int) -> None:
        """Add (sign 1) or remove (-1) the images of ``orbit``, each its root alone, to or
        from :attr:`supply`."""
        np.add.at(self.supply, self.perm[orbit.cosets, self.local[orbit.rep.root]],
                  sign * orbit.rep.weight)
        self.supply_total += sign * orbit.rep.weight * len(orbit.cosets)

    # --- growth ----------------------------------------------------------------------------
    def left(self, x: int, y: int) -> int:
        """The capacity of G* edge (x, y) left."""
        return self.g[self.eid[(x, y)]]

    def run(self, progress=None) -> bool:
        """Grow every orbit until its batches span all nodes, one orbit at a time (the ones
        split off by a step last); False if some representative gets stuck (the state is then
        still completable). A stuck orbit is set aside and the others grow on: every step
        is tested against the whole state, the stuck batches included (they stay in
        :attr:`orbits`), so the state stays completable, and plain growth has only the
        stuck ones to finish. A group that fixes some compute nodes (the stabiliser of a
        failed part) leaves a few such orbits: an edge whose orbit under the stabiliser
        enters one node twice is never taken jointly."""
        orbits = self.orbits
        stuck: set[int] = set()
        while True:
            growing = next((o for o in orbits if id(o) not in stuck), None)
            if growing is None:
                break
            if not self._grow(growing):
                if not self._spread(growing):
                    stuck.add(id(growing))
                continue
            done = [o for o in orbits if len(o.rep.order) == self.n]
            self.finished += done
            orbits[:] = [o for o in orbits if len(o.rep.order) != self.n]
            if progress is not None:
                placed = sum(len(o.rep.edges) * len(o.cosets) for o in orbits + self.finished)
                progress("packing", placed, len(self.created) * (self.n - 1))
        return not stuck

    def _grow(self, orbit: _Orbit) -> bool:
        rep, perm, loc = orbit.rep, self.perm, self.local
        for x, y in candidates(rep, self.out_nbrs, self.left):
            # the edge's orbit under the stabiliser goes into the representative at once
            edges = sorted({(self.nodes[perm[s, loc[x]]], self.nodes[perm[s, loc[y]]])
                            for s in orbit.stab})
            if len({t for _, t in edges}) < len(edges):
                rep.deferred.add((x, y))   # two of them would enter the same node
                continue
            tails = perm[orbit.cosets[:, None], [loc[a] for a, _ in edges]]
            heads = perm[orbit.cosets[:, None], [loc[t] for _, t in edges]]
            ids = self.key_order[np.searchsorted(self.keys, tails * self.n + heads)]
            used, uses = np.unique(ids, return_counts=True)
            uses = uses.astype(self.g.dtype)
            first = self.eid[(x, y)]
            mu = min(int(self.g[first]) // int(uses[np.searchsorted(used, first)]), rep.weight)
            if mu > 0 and self._step(orbit, (loc[x], loc[y]), edges, tails, heads, used,
                                     uses, mu):
                rep.deferred.discard((x, y))
                return True
            rep.deferred.add((x, y))
        return False

    def _step(self, orbit: _Orbit, xy: tuple[int, int], edges: list[tuple[int, int]],
              tails: np.ndarray, heads: np.ndarray, used: np.ndarray, uses: np.ndarray,
              mu: int) -> bool:
        """Add ``edges`` (the orbit of ``xy``, local indices, under the stabiliser) to the
        representative and their images (rows of ``tails`` and ``heads``, local indices)
        to the images, μ trees each, with the largest safe μ at most ``mu`` (``used``: the
        edge ids so added, ``uses``: how often each); False, with nothing changed, if no
        μ > 0 is safe."""
        rep, g = orbit.rep, self.g
        weight, before = rep.weight, len(rep.edges)
        old_mask = orbit.mask.copy()
        original = g[used].copy()
        if before == 0:
            self._alone(orbit, -1)
        for a, t in edges:
            rep.edges.append((a, t))
            rep.order.append(t)
            rep.members.add(t)
            orbit.mask[self.local[t]] = True
        x, y = xy
        while True:
            g[used] = original - uses * mu
            rest = (_Orbit(rep.prefix(before, weight - mu), old_mask, orbit.stab, orbit.cosets)
                    if mu < weight else None)
            rep.weight = mu
            excess, inside = self._test(orbit, rest, x, y)
            if excess >= 0:
                break
            if mu == 1:              # no smaller positive μ to try
                mu = 0
                break
            # Newton step: the cut's excess is linear in μ with this (negative) slope
            slope = -int(np.count_nonzero(inside[heads] & ~inside[tails]))
            slope += int(np.count_nonzero(~self._meets(old_mask, orbit.cosets, inside)
                                          & inside[heads].any(axis=1)))
            if slope >= 0:          # cannot happen ((x, y) itself enters the cut): give up
                mu = 0
                break
            mu = max(0, mu - (-int(excess) - slope - 1) // -slope)   # mu - ceil(excess / slope)
            if mu == 0:
                break
        if mu == 0:
            del rep.edges[before:]
            for t in rep.order[before + 1:]:
                rep.members.discard(t)
            del rep.order[before + 1:]
            orbit.mask = old_mask
            rep.weight = weight
            g[used] = original
            if before == 0:
                self._alone(orbit, 1)
            return False
        self.steps += 1
        if rest is not None:
            if before == 0:
                self._alone(rest, 1)
            self.orbits.append(rest)
            self.created += [(rest, i) for i in range(len(rest.cosets))]
        return True

    # --- the safety test (module docstring) ------------------------------------------------
    def _meets(self, mask: np.ndarray, cosets: np.ndarray, inside: np.ndarray) -> np.ndarray:
        """For each coset c: does c applied to the member set ``mask`` meet ``inside``?"""
        members = np.flatnonzero(mask)
        wanted = np.flatnonzero(inside)
        if len(members) <= len(wanted):
            return inside[self.perm[cosets[:, None], members]].any(axis=1)
        return mask[self.inverse[cosets[:, None], wanted]].any(axis=1)

    def _test(self, growing: _Orbit, rest: _Orbit | None, x: int, y: int
              ) -> tuple[int, np.ndarray | None]:
        """The excess of the state after the step: min over X (y in X, x not) of the cut
        minus the total, exact when negative (then with X as a mask over the local nodes);
        some non-negative number when the step is safe. Batches holding y add as much to
        the cut as to the total: those that are a root alone count (as supply at y), the
        others are left out."""
        perm, inverse = self.perm, self.inverse
        near = self.in_nbrs[y]
        single, total = self.supply, self.supply_total
        parts = []
        for orbit in self.orbits + ([rest] if rest is not None else []):
            weight = orbit.rep.weight
            if len(orbit.rep.order) == 1:
                if orbit is rest and weight:       # not yet in the supply
                    single = single.copy()
                    np.add.at(single, perm[orbit.cosets, self.local[orbit.rep.root]], weight)
                    total += weight * len(orbit.cosets)
                continue
            if weight == 0:
                continue
            cosets = orbit.cosets[~orbit.mask[inverse[orbit.cosets, y]]]   # images without y
            if not len(cosets):
                continue
            total += weight * len(cosets)
            roots = perm[cosets, self.local[orbit.rep.root]]
            near_members = orbit.mask[inverse[cosets[:, None], near]]
            near_members &= roots[:, None] != near[None, :]
            parts.append(_Part(weight, orbit.mask, cosets, roots, near, near_members))
        if total == 0:
            return growing.rep.weight, None
        while True:
            value, side = self._solve(parts, single, x, y, total)
            if value >= total:
                return value - total, None
            inside = ~side[:self.n]
            cut = int(self.g[inside[self.heads] & ~inside[self.tails]].sum())
            cut += int(single[inside].sum())
            short_any = False
            for part in parts:
                meets = self._meets(part.mask, part.cosets, inside)
                cut += part.weight * int(np.count_nonzero(meets))
                kept = inside[part.roots] | (part.near & inside[part.cols][None, :]).any(axis=1)
                for c, v in zip(part.extra_c, part.extra_v):
                    kept[c] |= inside[v].any()
                short = np.flatnonzero(meets & ~kept)
                if len(short):
                    # these images meet X only outside the sub-network: add their members in X
                    wanted = np.flatnonzero(inside)
                    hit = part.mask[inverse[part.cosets[short][:, None], wanted]]
                    for i, row in zip(short.tolist(), hit):
                        part.extra_c.append(i)
                        part.extra_v.append(wanted[row])
                    short_any = True
            if cut < total:
                return cut - total, inside
            assert short_any, "a cut undercounted in the sub-network leaves a batch short"

    def _solve(self, parts: list["_Part"], single: np.ndarray, x: int, y: int, total: int
               ) -> tuple[int, np.ndarray]:
        """One max-flow from the hub to y on the sub-network; (value, source-side mask,
        given only when the value is below ``total``)."""
        n, dtype = self.n, self.g.dtype
        hub = n
        live = self.g > 0
        tails, heads, caps = [self.tails[live]], [self.heads[live]], [self.g[live]]
        direct = single.copy()
        node = n + 1
        for part in parts:
            count = part.near.sum(axis=1)
            for c, v in zip(part.extra_c, part.extra_v):
                count[c] += len(v)
            alone = count == 0
            np.add.at(direct, part.roots[alone], part.weight)
            many = np.flatnonzero(~alone)
            if not len(many):
                continue
            ids = np.zeros(len(part.cosets), dtype=np.int64)
            ids[many] = np.arange(node, node + len(many))
            node += len(many)
            rows, cols = np.nonzero(part.near)
            # hub -> s (one per image kept with several members), s -> each kept member
            part_tails = [np.full(len(many), hub), ids[many], ids[rows]]
            part_heads = [ids[many], part.roots[many], part.cols[cols]]
            for c, v in zip(part.extra_c, part.extra_v):
                part_tails.append(np.full(len(v), ids[c]))
                part_heads.append(v)
            tails += part_tails
            heads += part_heads
            caps.append(np.full(sum(len(t) for t in part_tails), part.weight, dtype=dtype))
        direct[x] = 0
        supplied = np.flatnonzero(direct)
        tails.append(np.full(len(supplied) + 1, hub))
        heads.append(np.append(supplied, x))
        infinity = np.asarray([self.infinity + total], dtype=dtype)
        caps.append(np.concatenate([direct[supplied], infinity]))
        self.flows += 1
        cut = max_flow_once(node, np.concatenate(tails), np.concatenate(heads),
                            np.concatenate(caps), hub, y, want_cut=True, cut_below=total,
                            kernel=self.kernel)
        return cut.value, cut.source_side

    # --- results ---------------------------------------------------------------------------
    def batches(self) -> list[Batch]:
        """Every batch, images as batches of their own, in creation order (the
        representatives themselves, with their growth state, stand for image 0)."""
        out = []
        nodes = np.asarray(self.nodes)
        local = self.local
        for orbit, i in self.created:
            rep = orbit.rep
            if i == 0:
                out.append(rep)
                continue
            image = nodes[self.perm[orbit.cosets[i]]]
            order = image[[local[v] for v in rep.order]].tolist()
            tails = image[[local[a] for a, _ in rep.edges]].tolist()
            out.append(Batch(order[0], rep.weight, list(zip(tails, order[1:])), order,
                             set(order)))
        return out


class _Part:
    """One orbit's images in a safety test: their weight, the representative's ``mask``,
    the ``cosets`` of the images that count, their ``roots``, the in-neighbours of y kept
    (``cols``) and which image holds which (``near``), and the members added by refinement
    (image ``extra_c[j]`` holds the nodes ``extra_v[j]``)."""

    __slots__ = ("weight", "mask", "cosets", "roots", "cols", "near", "extra_c", "extra_v")

    def __init__(self, weight: int, mask: np.ndarray, cosets: np.ndarray, roots: np.ndarray,
                 cols: np.ndarray, near: np.ndarray) -> None:
        self.weight, self.mask, self.cosets, self.roots = weight, mask, cosets, roots
        self.cols, self.near = cols, near
        self.extra_c: list[int] = []
        self.extra_v: list[np.ndarray] = []
