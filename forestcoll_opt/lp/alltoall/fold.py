"""The all-to-all LP folded by the topology's automorphism group.

Let G be the automorphism group (:func:`~forestcoll_opt.kernels.symmetry.automorphisms`)
and r a representative of each orbit O of compute nodes, Stab(r) its stabiliser. The
uniform all-to-all is G-invariant, so averaging any optimal flow over G gives an optimal
flow with f_(g(s))(g(e)) = f_s(e), whose flow of r is Stab(r)-invariant. The folded LP
keeps only such flows: one variable per representative r and orbit P of Stab(r) on the
links (the flow of r on each link of P), conservation at one node of each Stab(r)-orbit of
nodes, and one capacity row per G-orbit Q of links. Source s = g_s(r) (g_s any element of
G taking r to s) sends the image g_s·f_r, the same for every such g_s since f_r is
Stab(r)-invariant; the load on a link e of Q is then
Σ_(s ∈ O) f_r(g_s⁻¹(e)) = (1/|Stab r|) Σ_(g ∈ G) f_r(g⁻¹(e)) = (|O|/|Q|) Σ_(P ⊆ Q) |P|·φ_(r,P),
the same on every link of Q. So a folded point is a point of the full LP with the same λ
and the folded LP has the full LP's optimum; a point of the folded LP that is exactly
feasible is one of the full LP, and a schedule needs the path decomposition of each
representative's flow only: the other sources use its images.

The transversal g_s is read off a breadth-first (Schreier) tree of G's generators from r.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...kernels.symmetry import automorphisms
from ...model.orbits import link_orbits, node_orbits
from ...model.topology import Topology

__all__ = ["Fold", "fold", "no_fold"]

Link = tuple[str, str]


@dataclass(frozen=True)
class Fold:
    """How the sources and links fold (module docstring). Without symmetry every source is
    its own representative and every link its own class.

    :ivar reps: the representative sources
    :ivar size: representative -> |O|, the size of its orbit of compute nodes
    :ivar images: every source -> (its representative, g_s as a permutation of node
        indices, or None for the representative itself)
    :ivar classes: representative -> the orbits of Stab(r) on the links not entering r,
        each a tuple of links
    :ivar nodes: representative -> one node of each Stab(r)-orbit of nodes other than r
    :ivar orbits: the G-orbits of links (the capacity rows), each a tuple of links
    :ivar folded: whether a non-trivial group was used
    """

    reps: tuple[str, ...]
    size: dict[str, int]
    images: dict[str, tuple[str, tuple[int, ...] | None]]
    classes: dict[str, tuple[tuple[Link, ...], ...]]
    nodes: dict[str, tuple[str, ...]]
    orbits: tuple[tuple[Link, ...], ...]
    folded: bool


def no_fold(topology: Topology, sources: Sequence[str]) -> Fold:
    """The trivial fold: every source and every link stands for itself.

    :param topology: the network
    :param sources: the compute nodes that send data
    :returns: the fold
    """
    links = tuple(topology.capacity)
    return Fold(reps=tuple(sources), size={s: 1 for s in sources},
                images={s: (s, None) for s in sources},
                classes={s: tuple((e,) for e in links if e[1] != s) for s in sources},
                nodes={s: tuple(v for v in topology.node_ids if v != s) for s in sources},
                orbits=tuple((e,) for e in links), folded=False)


def fold(topology: Topology) -> Fold:
    """The fold of the uniform all-to-all by the whole automorphism group.

    :param topology: the network
    :returns: the fold (:func:`no_fold`'s when the group is trivial)
    """
    group = automorphisms(topology)
    compute = topology.compute_nodes
    if not group.generators:
        return no_fold(topology, compute)
    ids = topology.node_ids
    idx = topology.index
    orbit_of = node_orbits(len(ids), group.generators)
    reps: list[str] = []
    seen: set[int] = set()
    for v in compute:
        if orbit_of[idx[v]] not in seen:
            seen.add(orbit_of[idx[v]])
            reps.append(v)
    images: dict[str, tuple[str, tuple[int, ...] | None]] = {}
    size: dict[str, int] = {}
    classes: dict[str, tuple[tuple[Link, ...], ...]] = {}
    nodes: dict[str, tuple[str, ...]] = {}
    for r in reps:
        tree = _transversal(idx[r], len(ids), group.generators)
        size[r] = len(tree)
        for target, perm in tree.items():
            images[ids[target]] = (r, None if target == idx[r] else perm)
        stab = automorphisms(topology, fixed=(r,)).generators
        classes[r] = tuple(c for c in link_orbits(topology, stab) if c[0][1] != r)
        node_orbit = node_orbits(len(ids), stab)
        first: dict[int, str] = {}
        for v in ids:
            if v != r:
                first.setdefault(node_orbit[idx[v]], v)
        nodes[r] = tuple(first.values())
    return Fold(reps=tuple(reps), size=size, images=images, classes=classes, nodes=nodes,
                orbits=tuple(link_orbits(topology, group.generators)), folded=True)


def _transversal(r: int, n: int, generators: Sequence[Sequence[int]]
                 ) -> dict[int, tuple[int, ...]]:
    """Every node x of r's orbit -> a permutation p of the group with p(r) = x (a
    breadth-first Schreier tree of the generators)."""
    identity = tuple(range(n))
    found = {r: identity}
    queue = [r]
    for x in queue:
        p = found[x]
        for g in generators:
            y = g[x]
            if y not in found:
                found[y] = tuple(g[p[i]] for i in range(n))
                queue.append(y)
    return found
