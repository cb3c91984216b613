"""Routes, link loads and the exact throughput of an MSCCL algorithm file (``docs/msccl.md``
section 3): every transfer travels the route given for its pair or the pair's only path that
relays through switches alone; a send of ``cnt`` chunks loads every link of its route, and
``algbw = nchunksperloop / max_e(load_e / bandwidth_e)`` exactly, as the paper's section
"Throughput Optimality for Collectives" measures a schedule by its most loaded link."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from ...errors import UsageError
from ...model.topology import Topology
from .document import Algo, Document
from .structure import Net
from .verdict import LinkLoad, Reasons


def normalise_routes(topology: Topology, routes: Mapping | None
                      ) -> dict[tuple[str, str], list[tuple[tuple[str, ...], Fraction]]]:
    """``routes`` validated: (a, b) -> [(path, share)], shares summing to 1."""
    if routes is None:
        return {}
    if not isinstance(routes, Mapping):
        raise UsageError("routes must map (source, destination) compute node pairs to paths")
    result = {}
    for key, value in routes.items():
        if not (isinstance(key, tuple) and len(key) == 2 and all(isinstance(x, str) for x in key)):
            raise UsageError(f"routes: key {key!r} is not a (source, destination) pair of node "
                             f"ids")
        a, b = key
        if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or not value:
            raise UsageError(f"routes[{a!r}, {b!r}]: expected a list of paths, got {value!r}")
        if all(isinstance(x, str) for x in value):
            value = [tuple(value)]
        entries: list[tuple[tuple[str, ...], Fraction]] = []
        bare = [isinstance(x, Sequence) and all(isinstance(y, str) for y in x) for x in value]
        if all(bare):
            if len(value) > 1:
                raise UsageError(f"routes[{a!r}, {b!r}]: {len(value)} paths without shares; "
                                 f"give one path, or (path, fraction) pairs")
            entries.append((tuple(value[0]), Fraction(1)))
        else:
            for item in value:
                if not (isinstance(item, Sequence) and len(item) == 2
                        and isinstance(item[0], Sequence) and not isinstance(item[0], str)):
                    raise UsageError(f"routes[{a!r}, {b!r}]: expected (path, fraction) pairs, "
                                     f"got {item!r}")
                try:
                    share = Fraction(item[1])
                except (TypeError, ValueError):
                    raise UsageError(f"routes[{a!r}, {b!r}]: share {item[1]!r} is not a "
                                     f"number") from None
                if share <= 0:
                    raise UsageError(f"routes[{a!r}, {b!r}]: share {item[1]!r} must be "
                                     f"positive")
                entries.append((tuple(item[0]), share))
            total = sum(s for _, s in entries)
            if total != 1:
                raise UsageError(f"routes[{a!r}, {b!r}]: shares sum to {total}, not 1")
        for path, _ in entries:
            problem = _path_problem(topology, a, b, path)
            if problem:
                raise UsageError(f"routes[{a!r}, {b!r}]: path {' -> '.join(map(str, path))}: "
                                 f"{problem}")
        result[(a, b)] = entries
    return result


def _path_problem(topology: Topology, a: str, b: str, path: tuple[str, ...]) -> str | None:
    if len(path) < 2 or path[0] != a or path[-1] != b:
        return f"must run from {a!r} to {b!r}"
    if path.count(a) != 1 or path.count(b) != 1:
        return "returns to one of its ends"
    for v in path[1:-1]:
        if v not in topology.node:
            return f"unknown node {v!r}"
        if topology.node[v].is_compute:
            return f"relays through compute node {v!r}; only switches relay"
    for u, v in zip(path, path[1:]):
        if (u, v) not in topology.capacity:
            return f"the topology has no link {u!r} -> {v!r}"
    return None


class _Router:
    """The route of every ordered pair of compute nodes: given, or the only switch-only
    path (docs: routes through switches are implicit in the runtime)."""

    BUDGET = 200_000

    def __init__(self, topology: Topology, given: Mapping) -> None:
        self.topology = topology
        self.given = given
        self.out: dict[str, list[str]] = {}
        for (u, v) in topology.capacity:
            self.out.setdefault(u, []).append(v)
        self.cache: dict[tuple[str, str], Any] = {}

    def route(self, a: str, b: str) -> list[tuple[tuple[str, ...], Fraction]] | str:
        key = (a, b)
        if key in self.given:
            return self.given[key]
        if key not in self.cache:
            self.cache[key] = self._search(a, b)
        return self.cache[key]

    def _search(self, a: str, b: str) -> list[tuple[tuple[str, ...], Fraction]] | str:
        topo = self.topology
        # switches from which b is reachable through switches only
        back: dict[str, list[str]] = {}
        for (u, v) in topo.capacity:
            back.setdefault(v, []).append(u)
        useful = set()
        frontier = [b]
        while frontier:
            v = frontier.pop()
            for u in back.get(v, []):
                if u not in useful and not topo.node[u].is_compute:
                    useful.add(u)
                    frontier.append(u)
        found: list[tuple[str, ...]] = []
        budget = [self.BUDGET]

        def walk(v: str, path: list[str], seen: set[str]) -> None:
            for w in self.out.get(v, []):
                if len(found) >= 2 or budget[0] <= 0:
                    return
                budget[0] -= 1
                if w == b:
                    found.append(tuple(path + [w]))
                elif w in useful and w not in seen:
                    seen.add(w)
                    walk(w, path + [w], seen)
                    seen.discard(w)

        walk(a, [a], {a})
        if not found:
            return "none"
        if len(found) > 1 or budget[0] <= 0:
            return "several"
        return [(found[0], Fraction(1))]


def link_loads(doc: Document, algo: Algo, net: Net, topology: Topology, routes: Mapping,
               out: Reasons) -> tuple[Fraction | None, tuple[LinkLoad, ...],
                                      tuple[tuple[str, str], ...]]:
    compute = topology.compute_nodes
    if algo.ngpus is None or algo.ngpus != len(compute):
        return None, (), ()
    router = _Router(topology, routes)
    loads: dict[tuple[str, str], Fraction] = {}
    unrouted = False
    reported: set[tuple[str, str]] = set()
    for tb in net.tbs:
        if tb.send is None or not 0 <= tb.send < len(compute) or not 0 <= tb.rank < len(compute):
            continue
        a, b = compute[tb.rank], compute[tb.send]
        for t in tb.trans:
            if not t.send:
                continue
            route = router.route(a, b)
            if isinstance(route, str):
                unrouted = True
                if (a, b) not in reported:
                    reported.add((a, b))
                    where = tb.step_label(t.positions[0])
                    if route == "none":
                        out.add(f"{where}: sends from rank {tb.rank} ({a}) to rank {tb.send} "
                                f"({b}), but the topology has no path {a} -> {b} that relays "
                                f"only through switches (the runtime moves data between two "
                                f"GPUs directly or through switches)")
                    else:
                        out.several_routes((a, b), (
                            f"{where}: the pair {a} -> {b} has several routes through "
                            f"switches; pass routes[({a!r}, {b!r})] (from the schedule) so the "
                            f"link loads, and the algbw, can be counted"))
                continue
            for path, share in route:
                for edge in zip(path, path[1:]):
                    loads[edge] = loads.get(edge, Fraction(0)) + t.cnt * share
    if not loads:
        return None, (), ()
    capacity = topology.capacity
    rows = tuple(LinkLoad(u, v, loads[(u, v)], capacity[(u, v)])
                 for (u, v) in capacity if (u, v) in loads)
    worst = max(row.time for row in rows)
    bottleneck = tuple((row.src, row.dst) for row in rows if row.time == worst)
    algbw = None
    if not unrouted and worst > 0 and algo.nchunks:
        algbw = Fraction(algo.nchunks) / worst
    return algbw, rows, bottleneck

