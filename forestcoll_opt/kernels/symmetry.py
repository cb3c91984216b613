"""The symmetry of a topology: its automorphism group, found, not declared.

An automorphism is a permutation of the nodes that keeps every node's kind (compute or
switch) and multicast flag and maps every link onto a link of the same bandwidth (parallel
links counted as one link of their total bandwidth, as everywhere in the package). Box
labels are names only and are not required to be kept. Every quantity the paper computes
from the capacities alone is the same at a node and at its image: the max-flow from the
source of the bound's auxiliary network (the paper's network G_x of section 5.2
"Optimality Binary Search") to v equals the one to g(v), because g fixes the
source (every compute node has the same source edge) and maps G_x onto itself. So a
stage that needs one max-flow per compute node needs one per *orbit*.

The group is computed by BLISS (through python-igraph, a required dependency), which
takes vertex colours only. Link bandwidths become colours by the layered construction of
the nauty user's guide: with c bandwidth classes numbered 1..c, each node v gets
L = bit_length(c) copies v_0 .. v_{L-1} joined by arcs v_i -> v_{i+1}, copy i coloured by
(node class, i), and a link u -> v of class j becomes the arcs u_i -> v_i for every bit i
set in j. A colour-keeping permutation of the layered graph moves the copies of a node
together, so it is a node permutation that keeps kinds and maps each link onto a link of
the same class, and conversely; its generators read on layer 0 generate exactly the
automorphism group. (Subdividing every link by a coloured vertex gives the same group but
was ten times slower here: 4 s against 0.4 s on the 1024-GPU A100 network.) python-igraph
is maintained by the igraph core team, ships wheels for every supported Python, and is
also this package's always-available max-flow kernel.

Folding: symmetry must never cost more than it saves. A star of N compute nodes has N!
automorphisms; BLISS finds N - 1 generators of N entries each in time quadratic in N
(38 s and 1.2 GB at N = 5,000), while the bound without symmetry takes N max-flows of a
few microseconds. The group's huge parts are local, and two exact reductions fold them
away in time linear in the links (up to sorting) before any search (:class:`_Folding`):

* *twins*: nodes of one class with the same links, bandwidth for bandwidth, in and out
  (the compute nodes of a star, the GPUs of one box on one IB plane). Any permutation of
  a twin class is an automorphism; the class becomes one node coloured by its size.
* *hanging trees*: a node whose links all go to one neighbour (which has others) is
  folded into that neighbour's colour, all such nodes at once, layer after layer (the
  leaves of a tree, then the switches above them, ...). Two hanging nodes of one
  neighbour with the same colour and links can be swapped.

Each step is exact: every automorphism of the folded network (keeping the new colours)
lifts to one of the network, choosing any bijection between interchangeable parts, and
every automorphism of the network arises so. The orbits are therefore those of the folded
network's core, found by BLISS only when the core is not already rigid (all colours
distinct), and spread back: a twin is in its class's orbit, a hanging node in the orbit
of (its neighbour's orbit, its colour and links). Generators of the core lift the same
way, and one automorphism per folding step cycles the interchangeable parts found in it.
Stars and trees fold to one node and need no search at all; a ring folds to itself and
BLISS needs two generators.

Where the whole generating set is wanted (:func:`automorphisms`' default) BLISS runs on
the network itself, as it always did; with ``whole=False`` it does so only while the
generators it would return, counted from the folding (a class of t twins needs t - 1),
stay below :data:`FULL_SEARCH_ENTRIES` entries, so the catalog's schedules are found
under the same generators as before, and beyond it the folded group (same orbits,
generators of a subgroup) is used. That count also takes the twin pieces and chains of
:mod:`.boxes` (a scalable unit under the spine): beyond it, the group of the network they
leave, lifted, and one turn of each folding step (:meth:`.boxes.BoxFolding.group`). The
bound asks only for orbits (:func:`oracle_orbits`: twin boxes, pieces and chains folded
first), and by default searches the core only when the max-flows a coarser partition
could save outweigh loading igraph and running BLISS on the core.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Hashable, Mapping, Sequence

from ..model.topology import Topology
from ..model.orbits import permutation_orbits
from .boxes import fold_twin_units

# with whole=False, BLISS runs on the whole network while the generators it would return
# have at most this many entries (about 16 MB, counted from the folding and from the twin
# units of .boxes: dgx-a100:boxes=192 2,326,850, BLISS 2,323,390); beyond, a folded group
FULL_SEARCH_ENTRIES = 2_000_000
# folding: at most this many twin passes (each O(links log links)); stopping early leaves
# a larger core, never a wrong orbit
MAX_TWIN_PASSES = 32
# the folded group's generators: at most this many lifted from the core's and this many
# cycling the interchangeable parts of one folding step (the orbits use them all)
MAX_LIFTED = 64
MAX_STEP_ROTATIONS = 32
# the bound's cost rule (oracle_orbits, exact=False), in units of one link of one
# max-flow: BLISS on the core is run only if the max-flows it could save in one oracle
# round (compute orbits it could merge times the oracle's links) reach SEARCH_WORK, the
# cost of loading igraph, plus SEARCH_WORK_PER_LINK per link of the core. Measured on the
# 2-core machine of data/bench_symmetry.csv, idle to loaded: a max-flow (OR-Tools) costs
# 0.02 to 0.16 µs per link, importing igraph (matplotlib installed) 0.35 to 3.6 s, BLISS
# on a ring of 10^5 nodes about 6 s; the constants err towards not searching.
SEARCH_WORK = 50_000_000
SEARCH_WORK_PER_LINK = 3_000


@dataclass(frozen=True)
class Symmetry:
    """A group of automorphisms of a topology, as generators and orbits.

    ``generators[j][i]`` is the index (in ``Topology.node_ids`` order) of the image of node
    ``i`` under the j-th generator; the identity is never listed, so an asymmetric network
    has no generators. ``orbits`` partitions the node indices (each orbit sorted, orbits in
    order of their smallest member); ``fixed`` lists the node ids every automorphism keeps
    in place by request, and ``weights`` the shard weights every automorphism keeps (see
    :func:`automorphisms`). With ``whole`` the group is the whole automorphism group and
    the generators generate it; otherwise the generators generate a subgroup, and the
    orbits are the whole group's (:func:`automorphisms` with ``whole=False``) or, from
    :func:`oracle_orbits`, those of a subgroup found at a cost below what it saves.
    ``searched`` is the number of nodes BLISS searched (0: no search was needed).

    :ivar generators: the generators, each a permutation of the node indices
    :ivar orbits: the orbits, a partition of the node indices
    :ivar fixed: the node ids kept in place by request
    :ivar seconds: wall-clock seconds taken; ignored by ``==``
    :ivar weights: the shard weights kept, or None
    :ivar whole: whether the generators generate the whole group
    :ivar searched: nodes BLISS searched; ignored by ``==``
    """

    generators: tuple[tuple[int, ...], ...]
    orbits: tuple[tuple[int, ...], ...]
    fixed: tuple[str, ...] = ()
    seconds: float = field(default=0.0, compare=False)
    weights: tuple[int, ...] | None = None
    whole: bool = True
    searched: int = field(default=0, compare=False)

    @property
    def orbit_of(self) -> dict[int, int]:
        """Node index -> the position of its orbit in :attr:`orbits`."""
        return {v: j for j, orbit in enumerate(self.orbits) for v in orbit}

    def compute_orbits(self, topology: Topology) -> tuple[tuple[int, ...], ...]:
        """The orbits made of compute nodes (an automorphism keeps the kind).

        :param topology: the topology the group belongs to
        :returns: those orbits, as node indices
        """
        compute = {topology.index[v] for v in topology.compute_nodes}
        return tuple(o for o in self.orbits if o[0] in compute)

    def product(self) -> tuple[int, ...]:
        """The product of the generators (applied in order): one automorphism, with long
        cycles on the catalog's machines (box rotations), the identity if trivial.

        :returns: the permutation of the node indices
        """
        g = list(range(len(self.orbit_of)))
        for perm in self.generators:
            g = [perm[x] for x in g]
        return tuple(g)

    def rotation(self, nodes: Sequence[int]) -> tuple[int, ...]:
        """One automorphism for the stages that use a cyclic group (splitting, packing):
        one whose cycles on ``nodes`` (the compute nodes) all have one length L, as large
        as found, else :meth:`product`; the identity if the group is trivial. Acting freely
        on the compute nodes, it lets packing grow every tree by one image of an edge at a
        time (:mod:`forestcoll_opt.generation.packing`). Candidates: for each support size s among the
        generators, the product of the generators that move at least s compute nodes (the
        catalog's box swaps compose into a rotation of all boxes; the small swaps inside
        a box would mix cycle lengths), and its power of :func:`free_power`.

        :param nodes: the node indices whose cycles count (the compute nodes)
        :returns: the permutation of the node indices
        """
        best = self.product()
        if not self.generators:
            return best
        found = _rotation_of(self.generators, nodes, best)
        if not self.whole:
            # the folded group lists the rotation found among all of its core's generators
            # (:func:`_group`); the products above see only those lifted
            for g in self.generators:
                candidate = free_power(g, nodes)
                if candidate[0] > found[0]:
                    found = candidate
        return found[1]

    @property
    def trivial(self) -> bool:
        """True when the only automorphism is the identity (no generators, and every
        orbit a single node)."""
        return not self.generators and all(len(o) == 1 for o in self.orbits)


def automorphisms(topology: Topology, *, fixed: Sequence[str] = (),
                  weights: tuple[int, ...] | None = None, whole: bool = True) -> Symmetry:
    """The automorphism group of ``topology`` (module docstring); nodes in ``fixed`` (e.g.
    the root of a broadcast) are kept in place, which gives their stabiliser subgroup, and
    with ``weights`` (normalised shard weights in compute-node order,
    :mod:`forestcoll_opt.model.weights`) every compute node keeps its weight. With
    ``whole=False`` the generators may generate only a subgroup with the same orbits,
    when the whole generating set would be large (module docstring, "Folding").

    :param topology: the network
    :param fixed: node ids every automorphism must keep in place (e.g. a broadcast root)
    :param weights: normalised shard weights in compute node order that every automorphism
        must keep, or None
    :param whole: False to allow generators of a subgroup with the same orbits
    :returns: the group, as generators and orbits
    :raises KeyError: when a node of ``fixed`` is not in the topology
    """
    start = time.perf_counter()
    n, classes, capacity = _labelled(topology, fixed, weights)
    generators, orbits, searched, complete = _group(n, classes, capacity, whole=whole)
    return Symmetry(generators=generators, orbits=orbits, fixed=tuple(fixed),
                    seconds=time.perf_counter() - start, weights=weights, whole=complete,
                    searched=searched)


def oracle_orbits(topology: Topology, *, fixed: Sequence[str] = (),
                  weights: tuple[int, ...] | None = None, exact: bool = True) -> Symmetry:
    """The orbits the bound's oracle solves one max-flow per (module docstring), without
    generators: those of the automorphism group (fixing ``fixed``, keeping ``weights``,
    as :func:`automorphisms`). With ``exact=False``, BLISS runs on the folded core only
    when the max-flows of one oracle round it could save outweigh its cost
    (:data:`SEARCH_WORK`); otherwise the orbits are those of the folding's own group, a
    finer partition that is just as sound for the oracle.

    :param topology: the network
    :param fixed: node ids every automorphism must keep in place (e.g. a broadcast root)
    :param weights: normalised shard weights in compute node order that every automorphism
        must keep, or None
    :param exact: False to skip a search that costs more than it saves (above)
    :returns: a :class:`Symmetry` with orbits and no generators
    :raises KeyError: when a node of ``fixed`` is not in the topology
    """
    start = time.perf_counter()
    n, classes, capacity = _labelled(topology, fixed, weights)
    compute = [topology.index[v] for v in topology.compute_nodes]
    twins = fold_twin_units([node.box for node in topology.nodes], classes, capacity)
    if twins is not None:         # search the network with one box per class of twins
        at = {v: j for j, v in enumerate(twins.kept)}
        n, classes, capacity = len(twins.kept), list(twins.classes), twins.capacity
        compute = [at[v] for v in compute if v in at]
    folding = _Folding(n, classes, capacity)
    core_orbits = None
    if folding.core_rigid() or exact or _search_pays(folding, compute,
                                                     len(topology.capacity)):
        core_orbits = permutation_orbits(len(folding.core), folding.core_generators())
    orbits = folding.orbits(core_orbits)
    return Symmetry(generators=(), orbits=orbits if twins is None else twins.lift(orbits),
                    fixed=tuple(fixed), seconds=time.perf_counter() - start, weights=weights,
                    whole=core_orbits is not None, searched=folding.searched)


def group_order(topology: Topology, *, fixed: Sequence[str] = (),
                weights: tuple[int, ...] | None = None) -> int:
    """The exact number of automorphisms (fixing ``fixed``, keeping ``weights``, as
    :func:`automorphisms`): the folded core's (counted by BLISS) times t! for every set
    of t interchangeable parts the folding found, since each lifts in t! ways.

    :param topology: the network
    :param fixed: node ids every automorphism must keep in place (e.g. a broadcast root)
    :param weights: normalised shard weights in compute node order that every automorphism
        must keep, or None
    :returns: the group's order
    :raises KeyError: when a node of ``fixed`` is not in the topology
    """
    folding = _Folding(*_labelled(topology, fixed, weights))
    order = folding.core_order()
    for step in folding.groups:
        for parts in step:
            order *= math.factorial(len(parts))
    return order


def graph_automorphisms(n: int, classes: Sequence[Hashable],
                        capacity: Mapping[tuple[int, int], object], *, whole: bool = True
                        ) -> tuple[tuple[int, ...], ...]:
    """Generators (sorted, identity left out) of the permutations of ``0..n-1`` that keep
    ``classes[v]`` and map every edge onto an edge of the same capacity (module docstring:
    the layered construction); the same for a topology and for the compute-only graph G*
    that edge splitting leaves. With ``whole=False``, generators of a subgroup with the
    same orbits when the whole set would be large (module docstring, "Folding").

    :param n: the number of nodes
    :param classes: one hashable class per node; a permutation keeps them
    :param capacity: (u, v) -> capacity (any hashable value); a permutation keeps them
    :param whole: False to allow generators of a subgroup with the same orbits
    :returns: the generators, each a permutation of ``0..n-1``
    """
    return _group(n, classes, capacity, whole=whole)[0]


def _labelled(topology: Topology, fixed: Sequence[str], weights: tuple[int, ...] | None
              ) -> tuple[int, list[Hashable], dict[tuple[int, int], object]]:
    """The node classes (kind, multicast flag, shard weight; every fixed node a class of
    its own) and the capacities by node index that an automorphism must keep."""
    index = topology.index
    for v in fixed:
        if v not in index:
            raise KeyError(v)
    pinned = {v: i for i, v in enumerate(fixed)}
    weight = dict(zip(topology.compute_nodes, weights or ()))
    classes: list[Hashable] = [
        ("fixed", pinned[node.id]) if node.id in pinned
        else ("node", node.kind, bool(node.multicast), weight.get(node.id, 0))
        for node in topology.nodes]
    capacity = {(index[u], index[v]): bandwidth
                for (u, v), bandwidth in topology.capacity.items()}
    return len(topology.nodes), classes, capacity


def _group(n: int, classes: Sequence[Hashable], capacity: Mapping[tuple[int, int], object],
           *, whole: bool) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...],
                                    int, bool]:
    """(generators, orbits, nodes searched, whether the generators generate the whole
    group): BLISS on the network itself when ``whole`` or while its generators stay below
    :data:`FULL_SEARCH_ENTRIES` entries, else the folded group (module docstring)."""
    folding = _Folding(n, classes, capacity)
    if folding.rigid():          # BLISS would find the identity alone
        return (), folding.orbits(None), 0, True
    if whole or folding.full_search_entries() <= FULL_SEARCH_ENTRIES:
        units = None if whole else fold_twin_units(None, classes, capacity)
        if units is None or n * (1 + units.folded) <= FULL_SEARCH_ENTRIES:
            generators = _search(n, classes, capacity)
            return generators, permutation_orbits(n, generators), n, True
        # twin pieces or chains the folding above does not see: lift the kept network's
        return (*units.group(lambda *kept: _group(*kept, whole=False)[:3], MAX_LIFTED,
                             MAX_STEP_ROTATIONS), False)
    core = folding.core_generators()
    generators = folding.lift(core[:MAX_LIFTED]) + folding.step_rotations(MAX_STEP_ROTATIONS)
    compute = [i for i, v in enumerate(folding.core) if classes[v][:2] == ("node", "compute")]
    length, turn = _rotation_of(core, compute, tuple(range(len(folding.core))))
    if length > 1:           # a rotation of every box, say, that the lifted few would miss
        generators += folding.lift([turn])
    return (tuple(sorted(set(generators))),
            folding.orbits(permutation_orbits(len(folding.core), core)), folding.searched, False)


def _rotation_of(generators: Sequence[Sequence[int]], nodes: Sequence[int],
                 fallback: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(L, element) for :meth:`Symmetry.rotation`: for each support size s (on ``nodes``)
    among ``generators``, the product of those that move at least s of them, and its
    :func:`free_power`; the one with the largest L, else (1, ``fallback``)."""
    import numpy as np

    perms = np.asarray(generators, dtype=np.int64)
    support = (perms[:, nodes] != np.asarray(nodes)).sum(axis=1) if len(nodes) else []
    found = (1, fallback)
    for s in sorted(set(int(m) for m in support)):
        element = np.arange(perms.shape[1])
        for g, moved in zip(perms, support):
            if moved >= s:
                element = g[element]
        candidate = free_power(element.tolist(), nodes)
        if candidate[0] > found[0]:
            found = candidate
    return found


def _search_pays(folding: "_Folding", compute: Sequence[int], links: int) -> bool:
    """The bound's cost rule (:data:`SEARCH_WORK`): could the compute orbits that BLISS
    might still merge save, in one oracle round, more max-flow work than the search?"""
    finest = folding.orbit_keys(None)
    coarsest = folding.orbit_keys(folding.core_colours())
    mergeable = len({finest[v] for v in compute}) - len({coarsest[v] for v in compute})
    work = links + len(compute)
    return mergeable * work >= SEARCH_WORK + SEARCH_WORK_PER_LINK * folding.core_links()


def _search(n: int, classes: Sequence[Hashable],
            capacity: Mapping[tuple[int, int], object]) -> tuple[tuple[int, ...], ...]:
    """BLISS on the layered graph (module docstring): generators, sorted, identity left
    out."""
    graph, colors = _layered(n, classes, capacity)
    raw = graph.automorphism_group(sh="fl", color=colors)
    identity = tuple(range(n))
    return tuple(sorted({tuple(perm[:n]) for perm in raw} - {identity}))


def _layered(n: int, classes: Sequence[Hashable],
             capacity: Mapping[tuple[int, int], object]) -> tuple[object, list[int]]:
    """The layered igraph graph and its vertex colours (module docstring)."""
    import igraph

    class_id: dict[object, int] = {}
    node_class = [class_id.setdefault(c, len(class_id)) for c in classes]
    # the layered graph: capacity class j (1..c) sets the layers of the bits of j
    code = {b: j for j, b in enumerate(sorted(set(capacity.values())), 1)}
    layers = max(1, len(code).bit_length())
    colors = [node_class[v] * layers + i for i in range(layers) for v in range(n)]
    edges = [(i * n + v, (i + 1) * n + v) for i in range(layers - 1) for v in range(n)]
    for (u, v), value in sorted(capacity.items()):
        for i in range(layers):
            if code[value] >> i & 1:
                edges.append((i * n + u, i * n + v))
    return igraph.Graph(n=n * layers, edges=edges, directed=True), colors


class _Folding:
    """A network with its twins and hanging trees folded away (module docstring,
    "Folding"): what is left (the core, with canonical colours), and for every folded
    node where it went, to spread orbits and generators back.

    ``colour[v]`` is a canonical integer: two nodes get the same colour exactly when they
    have the same class and the same folding history (what was folded into them, at
    which step, with which colours and links). ``parent[v]`` is the node v was folded
    into (-1 in the core) and ``label[v]`` what distinguishes it there (None for a twin,
    which shares its class representative's orbit). ``attached[u]`` lists (key, v) for
    the nodes folded into u; parts with equal keys (same step, colour and links) are
    interchangeable. ``groups`` lists, per folding step, the sets of interchangeable
    parts found in it."""

    def __init__(self, n: int, classes: Sequence[Hashable],
                 capacity: Mapping[tuple[int, int], object]) -> None:
        self.n = n
        self._ids: dict[Hashable, int] = {}
        self.colour = [self._id(("class", c)) for c in classes]
        self.out: list[dict[int, object]] = [{} for _ in range(n)]
        self.inn: list[dict[int, object]] = [{} for _ in range(n)]
        for (u, v), c in capacity.items():
            self.out[u][v] = c
            self.inn[v][u] = c
        self.alive = [True] * n
        self.parent = [-1] * n
        self.label: list[Hashable] = [None] * n
        self.attached: dict[int, list[tuple[tuple, int]]] = {}
        self.removed: list[int] = []
        self.groups: list[list[list[int]]] = []
        self.step = 0
        pending = set(range(n))
        for _ in range(MAX_TWIN_PASSES):
            self._fold_hanging(pending)
            pending = self._fold_twins()
            if not pending:
                break
        self.core = [v for v in range(n) if self.alive[v]]
        self.searched = 0

    def _id(self, key: Hashable) -> int:
        return self._ids.setdefault(key, len(self._ids))

    def _neighbours(self, v: int) -> set[int]:
        return self.out[v].keys() | self.inn[v].keys()

    def _remove(self, v: int, into: int, label: Hashable, key: tuple) -> None:
        for w in self.out[v]:
            del self.inn[w][v]
        for w in self.inn[v]:
            del self.out[w][v]
        self.alive[v] = False
        self.parent[v], self.label[v] = into, label
        self.attached.setdefault(into, []).append((key, v))
        self.removed.append(v)

    def _fold_hanging(self, pending: set[int]) -> None:
        """Fold every node whose links all go to one neighbour that has others, a layer
        at a time, until none is left (only the parents of a layer can hang next)."""
        while pending:
            hanging = {}
            for v in sorted(pending):
                if self.alive[v]:
                    around = self._neighbours(v)
                    if len(around) == 1:
                        hanging[v] = next(iter(around))
            layer = [v for v, u in hanging.items() if u not in hanging]
            if not layer:
                return
            self.step += 1
            keys = {v: (self.step, "hang", self.colour[v], self.out[hanging[v]].get(v, 0),
                        self.out[v].get(hanging[v], 0)) for v in layer}
            folded: dict[int, list[tuple[tuple, int]]] = {}
            for v in layer:
                folded.setdefault(hanging[v], []).append((keys[v], v))
                self._remove(v, hanging[v], keys[v], keys[v])
            step_groups = []
            for u in sorted(folded):
                items = sorted(folded[u])
                self.colour[u] = self._id(("hang", self.colour[u],
                                           tuple(key for key, _ in items)))
                step_groups.extend(_runs(items))
            self.groups.append(step_groups)
            pending = set(folded)

    def _fold_twins(self) -> set[int]:
        """Fold every class of twins into its first node; the nodes whose links changed
        (the neighbours of the folded twins) are returned, as they may hang now."""
        by_links: dict[tuple, list[int]] = {}
        for v in range(self.n):
            if self.alive[v]:
                signature = (self.colour[v], tuple(sorted(self.out[v].items())),
                             tuple(sorted(self.inn[v].items())))
                by_links.setdefault(signature, []).append(v)
        twins = [members for members in by_links.values() if len(members) > 1]
        if not twins:
            return set()
        self.step += 1
        touched: set[int] = set()
        for first, *others in twins:
            touched.update(self._neighbours(first))
            self.colour[first] = self._id(("twins", self.colour[first], self.step,
                                           len(others) + 1))
            for v in others:
                self._remove(v, first, None, (self.step, "twin", 0, 0, 0))
        self.groups.append(twins)
        return touched

    # --- what the folding tells -------------------------------------------------------
    def core_rigid(self) -> bool:
        """True when the core's colours are all distinct (its only automorphism is the
        identity, no search needed)."""
        colours = self.core_colours()
        return len(set(colours)) == len(colours)

    def rigid(self) -> bool:
        """True when the network has no automorphism but the identity: no interchangeable
        parts, and a rigid core."""
        return not any(self.groups) and self.core_rigid()

    def full_search_entries(self) -> int:
        """The entries BLISS's generators of the whole network would have at least: n per
        generator, and a set of t interchangeable parts needs t - 1 of them."""
        spare = sum(len(g) - 1 for step in self.groups for g in step)
        return self.n * (1 + spare)

    def core_colours(self) -> list[int]:
        """The core's colours, indexed by position in :attr:`core`."""
        return [self.colour[v] for v in self.core]

    def _core_capacity(self) -> dict[tuple[int, int], object]:
        """The core's links, by position in :attr:`core`."""
        at = {v: i for i, v in enumerate(self.core)}
        return {(at[u], at[w]): c for u in self.core for w, c in self.out[u].items()}

    def core_links(self) -> int:
        return sum(len(self.out[v]) for v in self.core)

    def core_generators(self) -> tuple[tuple[int, ...], ...]:
        """BLISS's generators of the core's automorphisms (keeping the colours), as
        permutations of positions in :attr:`core`; none without two equal colours."""
        if self.core_rigid():
            return ()
        self.searched = len(self.core)
        return _search(len(self.core), self.core_colours(), self._core_capacity())

    def core_order(self) -> int:
        """The number of automorphisms of the core (keeping its colours)."""
        if self.core_rigid():
            return 1
        graph, colors = _layered(len(self.core), self.core_colours(), self._core_capacity())
        return int(graph.count_automorphisms(sh="fl", color=colors))

    def orbit_keys(self, core_partition: Sequence[Hashable] | None) -> list[int]:
        """A key per node, equal for nodes of one orbit: core nodes by ``core_partition``
        (by position; None: every core node its own), twins by their representative,
        hanging nodes by (their neighbour's key, their label)."""
        ids: dict[Hashable, int] = {}
        key = [0] * self.n
        for i, v in enumerate(self.core):
            key[v] = ids.setdefault(("core", i if core_partition is None
                                     else core_partition[i]), len(ids))
        for v in reversed(self.removed):
            up = key[self.parent[v]]
            key[v] = up if self.label[v] is None else ids.setdefault((up, self.label[v]),
                                                                     len(ids))
        return key

    def orbits(self, core_orbits: Sequence[Sequence[int]] | None
               ) -> tuple[tuple[int, ...], ...]:
        """The orbits, spread back from the core's (positions in :attr:`core`; None: the
        core's identity), each sorted, in order of their smallest member."""
        partition = None
        if core_orbits is not None:
            partition = [0] * len(self.core)
            for j, orbit in enumerate(core_orbits):
                for i in orbit:
                    partition[i] = j
        members: dict[int, list[int]] = {}
        for v, k in enumerate(self.orbit_keys(partition)):
            members.setdefault(k, []).append(v)
        return tuple(sorted(tuple(m) for m in members.values()))

    def _parts(self, v: int, before: int | None) -> list[int]:
        """The nodes folded into v (before step ``before``), in canonical order."""
        return [w for key, w in sorted(self.attached.get(v, ()))
                if before is None or key[0] < before]

    def _spread(self, pairs: list[tuple[int, int, int | None]], perm: list[int]) -> None:
        """Extend ``perm`` by x -> y for each (x, y, before) and by the same for what was
        folded into x and y (before step ``before``), part for equal part."""
        stack = list(pairs)
        while stack:
            x, y, before = stack.pop()
            perm[x] = y
            if x != y:
                stack.extend((a, b, None) for a, b in zip(self._parts(x, before),
                                                          self._parts(y, before)))

    def lift(self, core_generators: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
        """The core's generators (positions in :attr:`core`) as automorphisms of the
        network."""
        out = []
        for g in core_generators:
            perm = list(range(self.n))
            self._spread([(v, self.core[g[i]], None) for i, v in enumerate(self.core)], perm)
            out.append(tuple(perm))
        return out

    def step_rotations(self, limit: int) -> list[tuple[int, ...]]:
        """One automorphism per folding step (the first ``limit`` that have any): every set
        of interchangeable parts found in the step turned by one, p_1 -> p_2 -> ... -> p_1."""
        out = []
        for step, sets in enumerate(self.groups, 1):
            if not sets or len(out) == limit:
                continue
            perm = list(range(self.n))
            pairs = [(p, q, step) for parts in sets for p, q in zip(parts, parts[1:] + parts[:1])]
            self._spread(pairs, perm)
            out.append(tuple(perm))
        return out


def _runs(items: list[tuple[tuple, int]]) -> list[list[int]]:
    """The nodes of sorted (key, node) items in runs of two or more with one key."""
    runs: dict[tuple, list[int]] = {}
    for key, v in items:
        runs.setdefault(key, []).append(v)
    return [vs for vs in runs.values() if len(vs) > 1]


def is_automorphism(g: Sequence[int], cap: Mapping[tuple[int, int], int],
                     demand: Mapping[int, int]) -> bool:
    """Does the node permutation g map every edge of the integer network ``cap`` onto an
    edge of equal capacity, and every node's demand onto an equal demand? (Splitting and
    packing check the permutation they are handed and ignore it if not.)

    :param g: the permutation, as the image of each node
    :param cap: (u, v) -> integer capacity
    :param demand: node -> demand (missing: 0)
    :returns: True when g is such an automorphism
    """
    n = len(g)
    if sorted(g) != list(range(n)):
        return False
    for (a, b), c in cap.items():
        if a >= n or b >= n or cap.get((g[a], g[b])) != c:
            return False
    return all(demand.get(g[v], 0) == d for v, d in demand.items() if v < n)


def cycle(g: Sequence[int], v: int) -> list[int]:
    """The orbit of v under the cyclic group generated by g, in the order v, g(v), ...

    :param g: a permutation, as the image of each node
    :param v: a node
    :returns: the cycle of g through v
    """
    out = [v]
    x = g[v]
    while x != v:
        out.append(x)
        x = g[x]
    return out


def free_power(g: Sequence[int], nodes: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """(L, g^j) for the power of g whose cycles on ``nodes`` all have one length L, the
    largest such L; (1, identity) if none but the identity. Exact: with cycle lengths c_i,
    g^j has cycles of length c_i / gcd(c_i, j) there, so L divides every c_i and j must be
    a multiple of every c_i / L; the least such j works if any does.

    :param g: a permutation, as the image of each node
    :param nodes: the nodes whose cycles count
    :returns: L and the permutation g^j
    """
    lengths = sorted({len(cycle(g, v)) for v in nodes})
    common = 0
    for c in lengths:
        common = math.gcd(common, c)
    for L in sorted((d for d in range(1, common + 1) if common % d == 0), reverse=True):
        j = 1
        for c in lengths:
            j = math.lcm(j, c // L)
        if all(c // math.gcd(c, j) == L for c in lengths):
            if L == 1:
                break
            return L, _power(g, j)
    return 1, tuple(range(len(g)))


def free_group(generators: Sequence[Sequence[int]], start: Sequence[Sequence[int]] = (),
               *, candidates: int = 64) -> list[tuple[int, ...]]:
    """Generators of a group of permutations of ``0..n-1`` that acts freely (every element
    but the identity moves every point), found greedily: ``start`` (kept as it is when its
    own group does not act freely), then each of the first ``candidates`` of
    ``generators`` (most points moved first) and its :func:`free_power`, whenever adding
    it keeps the group free and makes it larger. A free group has at most n elements, and
    packing grows one tree per orbit of roots for all of them at once.

    :param generators: candidate permutations of ``0..n-1``
    :param start: permutations to begin with
    :param candidates: how many of ``generators`` to try
    :returns: the generators chosen (empty when none helps)
    """
    chosen = [tuple(h) for h in start]
    if not generators and not chosen:
        return []
    n = len((list(generators) + chosen)[0])
    points = list(range(n))
    order = _free_order(chosen, n) if chosen else 1
    if chosen and order is None:
        return chosen
    moved = sorted(generators, key=lambda h: -sum(1 for v in points if h[v] != v))
    for h in moved[:candidates]:
        for candidate in (tuple(h), free_power(h, points)[1]):
            if candidate == tuple(points):
                continue
            size = _free_order(chosen + [candidate], n)
            if size is not None and size > order:
                chosen, order = chosen + [candidate], size
    return chosen


def group_elements(generators: Sequence[Sequence[int]], limit: int, *,
                   free: bool = False) -> list[tuple[int, ...]] | None:
    """Every element of the group of permutations of ``0..n-1`` that ``generators``
    generate, identity first then breadth first; None if there are more than ``limit``,
    or, with ``free``, if some element other than the identity fixes a point.

    :param generators: permutations of ``0..n-1``, at least one
    :param limit: the most elements to enumerate
    :param free: True to give up as soon as an element other than the identity fixes a
        point
    :returns: the elements, or None
    """
    import numpy as np

    gens = [np.asarray(h, dtype=np.int64) for h in generators]
    identity = np.arange(len(gens[0]), dtype=np.int64)
    seen = {identity.tobytes()}
    elements, frontier = [identity], [identity]
    while frontier:
        grown = []
        for a in frontier:
            for h in gens:
                c = h[a]
                key = c.tobytes()
                if key in seen:
                    continue
                if (free and np.any(c == identity)) or len(seen) >= limit:
                    return None
                seen.add(key)
                elements.append(c)
                grown.append(c)
        frontier = grown
    return [tuple(e.tolist()) for e in elements]


def _free_order(generators: Sequence[Sequence[int]], n: int) -> int | None:
    """The order of the group ``generators`` generate if it acts freely on 0..n-1 (then
    at most n), else None."""
    elements = group_elements(generators, n, free=True)
    return None if elements is None else len(elements)


def _power(g: Sequence[int], j: int) -> tuple[int, ...]:
    out = list(range(len(g)))
    seen: set[int] = set()
    for v in range(len(g)):
        if v not in seen:
            cyc = cycle(g, v)
            seen.update(cyc)
            for i, w in enumerate(cyc):
                out[w] = cyc[(i + j) % len(cyc)]
    return tuple(out)


def no_symmetry(topology: Topology) -> Symmetry:
    """The trivial group (every node its own orbit): what ``symmetry=False`` uses.

    :param topology: the network
    :returns: a :class:`Symmetry` without generators
    """
    return Symmetry(generators=(), orbits=tuple((i,) for i in range(len(topology.nodes))),
                    whole=False)
