"""Map logical trees on G* back to physical paths (paper, appendix E.3 "Spanning Tree
Construction", last part).

Each edge (x, y) of G* owns a list of physical paths with counts (the routing table built
by edge splitting). A tree batch of weight m using (x, y) takes the next m path units of
that edge, front first; where those m units span several paths, the batch is cut at the
same points on every edge (the common refinement of the cuts), so every output tree has
exactly one physical path per edge. Every path unit is handed out once, so physical loads
never exceed the capacities the splitting started from.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from ..errors import RoutingError
from .pathunits import PathUnits, Route


@dataclass(frozen=True)
class RoutedTree:
    """``weight`` identical trees rooted at ``root``; ``paths[i]`` is the physical route of
    ``edges[i]`` (node indices, from the edge's tail to its head).

    :ivar root: the root's node index
    :ivar weight: how many identical trees this stands for
    :ivar edges: the tree's edges of G* as (tail, head) node indices
    :ivar paths: the physical route of each edge, in the order of ``edges``
    """

    root: int
    weight: int
    edges: tuple[tuple[int, int], ...]
    paths: tuple[Route, ...]


@dataclass(frozen=True)
class Routing:
    """The result of :func:`route_trees`.

    :ivar trees: the routed trees, trees with equal root, edges and paths merged
    :ivar seconds: wall-clock seconds taken; ignored by ``==``
    """

    trees: tuple[RoutedTree, ...]
    seconds: float = field(default=0.0, compare=False)


def route_trees(batches: Sequence, routes: Mapping[tuple[int, int], Sequence[tuple[Route, int]]],
                *, progress=None) -> Routing:
    """Physical paths for every batch (objects with ``root``, ``weight``, ``edges``).

    :param batches: the packed trees, e.g. :attr:`forestcoll_opt.generation.packing.Packing.batches`
    :param routes: the routing table of edge splitting: each edge of G* -> its physical
        paths with counts (:attr:`forestcoll_opt.generation.splitting.Splitting.routes`)
    :param progress: None, or a callable ``progress("routing", batches done, batches)``
    :returns: the trees, each batch cut where its edges' units change path
    :raises RoutingError: when a tree edge has no route or more trees use an edge than its
        capacity
    """
    start = time.perf_counter()
    cursors = {e: PathUnits(units) for e, units in routes.items()}
    out: list[RoutedTree] = []
    every = max(1, len(batches) // 100)
    for done, batch in enumerate(batches):
        if progress is not None and done % every == 0:
            progress("routing", done, len(batches))
        weight = batch.weight
        paths: list = []            # a route, or the runs of several (a list) where it splits
        split = False
        for edge in batch.edges:
            cursor = cursors.get(edge)
            if cursor is None:
                raise RoutingError(f"tree edge #{edge[0]} -> #{edge[1]} has no route")
            if cursor.left < weight:
                raise RoutingError(f"logical edge #{edge[0]} -> #{edge[1]} is used by more "
                                   f"trees than its capacity")
            run = cursor.items[cursor.head]
            if run[1] > weight:          # the front run holds them all (most edges)
                run[1] -= weight
                cursor.left -= weight
                paths.append(run[0])
            elif run[1] == weight:
                cursor.head += 1
                cursor.left -= weight
                paths.append(run[0])
            else:
                paths.append(cursor.take(weight))
                split = True
        if not split:
            out.append(RoutedTree(batch.root, weight, tuple(batch.edges), tuple(paths)))
            continue
        cuts = {0, weight}
        for segs in paths:
            if isinstance(segs, list):
                acc = 0
                for _, count in segs:
                    acc += count
                    cuts.add(acc)
        bounds = sorted(cuts)
        for lo, hi in zip(bounds, bounds[1:]):
            routed = tuple(_path_at(segs, lo) if isinstance(segs, list) else segs
                           for segs in paths)
            out.append(RoutedTree(batch.root, hi - lo, tuple(batch.edges), routed))
    if progress is not None:
        progress("routing", len(batches), len(batches))
    return Routing(trees=_merge(out), seconds=time.perf_counter() - start)


def _path_at(segs: list[tuple[Route, int]], offset: int) -> Route:
    acc = 0
    for path, count in segs:
        if offset < acc + count:
            return path
        acc += count
    raise AssertionError("offset beyond the batch")


def _merge(trees: list[RoutedTree]) -> tuple[RoutedTree, ...]:
    """Add up the weights of trees with the same root, edges and paths (order kept)."""
    index: dict[tuple, int] = {}
    merged: list[RoutedTree] = []
    for t in trees:
        key = (t.root, t.edges, t.paths)
        if key in index:
            j = index[key]
            merged[j] = RoutedTree(t.root, merged[j].weight + t.weight, t.edges, t.paths)
        else:
            index[key] = len(merged)
            merged.append(t)
    return tuple(merged)
