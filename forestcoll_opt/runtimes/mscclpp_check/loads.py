"""The plan on the topology (``docs/mscclpp.md`` section 7): rank r is
``topology.compute_nodes[r]``; every channel must run over links of its kind, and the
chunks every transfer moves load the links of its route, giving the plan's exact algbw."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from ...model.topology import Topology
from .limits import MEMORY_LINKS
from .plan import Plan
from .structure import Net
from .verdict import PlanLoad, Reasons

Path = tuple[str, ...]


class Links:
    """Switch-only paths of the topology, by kind of channel."""

    def __init__(self, topology: Topology) -> None:
        self.topo = topology
        self.out_edges: dict[str, list[str]] = {}
        for (a, b) in topology.capacity:
            self.out_edges.setdefault(a, []).append(b)
        self.compute = frozenset(topology.compute_nodes)
        self.cache: dict[tuple[str, str, str], list[Path]] = {}

    def paths(self, a: str, b: str, kind: str) -> list[Path]:
        """At most two simple paths from a to b relaying through switches alone, every link
        NVLink or xGMI for ``kind == "memory"`` (untyped links count as such)."""
        key = (a, b, kind)
        if key in self.cache:
            return self.cache[key]
        if kind == "port":
            # the executor connects a port channel over CUDA IPC inside one IPC domain
            # (useIB in executor.cc), so over NVLink/xGMI when such a path exists
            near = self.paths(a, b, "memory")
            if near:
                self.cache[key] = near
                return near
        found: list[Path] = []
        types = self.topo.link_type

        def fits(u: str, v: str) -> bool:
            t = types.get((u, v))
            return kind != "memory" or t is None or t in MEMORY_LINKS

        def walk(path: list[str]) -> None:
            if len(found) >= 2:
                return
            u = path[-1]
            for v in self.out_edges.get(u, ()):
                if v in path or not fits(u, v):
                    continue
                if v == b:
                    found.append(tuple(path + [v]))
                elif v not in self.compute:
                    walk(path + [v])
                if len(found) >= 2:
                    return

        walk([a])
        self.cache[key] = found
        return found

    def peer_memory(self, path: Path) -> bool:
        """Whether every hop of ``path`` is NVLink or xGMI (or untyped): a path CUDA IPC
        moves data over."""
        types = self.topo.link_type
        return all(types.get(hop) is None or types.get(hop) in MEMORY_LINKS
                   for hop in zip(path, path[1:]))

    def multicast_switch(self, nodes: list[str]) -> str | None:
        """A multicast switch linked both ways to every node of ``nodes``."""
        cap = self.topo.capacity
        for s in self.topo.switch_nodes:
            if self.topo.node[s].multicast and all((n, s) in cap and (s, n) in cap
                                                   for n in nodes):
                return s
        return None


def check_links(plan: Plan, net: Net, topology: Topology, links: Links,
                out: Reasons) -> None:
    """Every channel over links of its kind: memory channels over NVLink/xGMI (peer memory
    through CUDA IPC), port channels over any switch-only path (the NIC across boxes, CUDA
    IPC within one), switch channels through one multicast switch."""
    nodes = topology.compute_nodes
    for (r, kind, i), p in sorted(net.peer.items()):
        if not (0 <= p < len(nodes)) or r >= len(nodes):
            continue
        if not links.paths(nodes[r], nodes[p], kind):
            need = "NVLink or xGMI links" if kind == "memory" else "switch-only path"
            out.add("link", f"gpus[{r}] {kind} channel {i} connects {nodes[r]} to {nodes[p]}, "
                            f"but {topology.name} has no {need} between them")
    for r, g in enumerate(plan.gpus):
        for c in g.channels:
            for _, ranks in c.groups:
                members = [nodes[x] for x in ranks if 0 <= x < len(nodes)]
                if len(members) != len(ranks):
                    out.add("range", f"gpus[{r}]: a switch channel's group {list(ranks)} "
                                     f"names ranks outside the plan", fatal=True)
                elif links.multicast_switch(members) is None:
                    out.add("link", f"gpus[{r}]: a switch channel over ranks {list(ranks)}, "
                                    f"but no multicast switch of {topology.name} links all "
                                    f"of them")


def link_loads(plan: Plan, net: Net, topology: Topology, links: Links,
               routes: Mapping[tuple[str, str], Any] | None, message: int,
               out: Reasons) -> tuple[Fraction | None, tuple[PlanLoad, ...],
                                      tuple[tuple[str, str], ...]]:
    """(algbw, loaded links, bottleneck links): ``message`` chunks over the time of the most
    loaded link, every operation of the plan running at once."""
    nodes = topology.compute_nodes
    volume: dict[tuple[int, int, str, tuple[int, ...]], int] = {}
    for ops in net.procs.values():
        for op in ops:
            for m in op.moves:
                for a, b, amount, kind in m.transfers:
                    key = (a, b, kind, m.group if kind == "switch" else ())
                    volume[key] = volume.get(key, 0) + amount
    load: dict[tuple[str, str], Fraction] = {}
    unrouted = False
    for (a, b, kind, group), amount in sorted(volume.items()):
        chunks = Fraction(amount, net.scale)
        if kind == "switch":
            switch = links.multicast_switch([nodes[x] for x in group])
            if switch is None:
                unrouted = True
                continue
            hop = (nodes[a], switch) if b == -1 else (switch, nodes[b])
            load[hop] = load.get(hop, 0) + chunks
            continue
        src, dst = nodes[a], nodes[b]
        given = (routes or {}).get((src, dst))
        if given and (kind == "memory" or links.paths(src, dst, "memory")) and \
                not all(links.peer_memory(tuple(path)) for path, _ in given):
            # a memory channel (and a port channel inside an IPC domain) moves the data
            # over NVLink/xGMI whatever the schedule routes: its other paths are not taken
            out.note(f"the schedule routes {src} -> {dst} partly over links other than "
                     f"NVLink/xGMI, which the plan's {kind} channel does not use: the "
                     f"transfers take the NVLink/xGMI path")
            given = None
        if given:
            choice = [(tuple(path), Fraction(share)) for path, share in given]
        else:
            paths = links.paths(src, dst, kind)
            if len(paths) != 1:
                unrouted = True
                if len(paths) > 1:
                    out.note(f"transfers {src} -> {dst} have several switch-only paths and no "
                             f"route: the algbw is not computed (give the schedule)")
                else:
                    out.add("link", f"data moves {src} -> {dst} over a {kind} channel, but "
                                    f"{topology.name} has no such path")
                continue
            choice = [(paths[0], Fraction(1))]
        for path, share in choice:
            for hop in zip(path, path[1:]):
                if hop not in topology.capacity:
                    out.add("link", f"route {' -> '.join(path)} uses {hop[0]} -> {hop[1]}, "
                                    f"not a link of {topology.name}")
                    unrouted = True
                    continue
                load[hop] = load.get(hop, 0) + chunks * share
    cap = topology.capacity
    rows = tuple(PlanLoad(a, b, v, cap[(a, b)]) for (a, b), v in sorted(load.items()))
    if unrouted or not rows or message <= 0:
        return None, rows, ()
    worst = max(r.time for r in rows)
    bottleneck = tuple((r.src, r.dst) for r in rows if r.time == worst)
    return Fraction(message) / worst, rows, bottleneck
