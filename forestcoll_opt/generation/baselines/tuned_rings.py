"""The rings RCCL runs on a full AMD MI250 box: hand-made, not searched.

On most machines NCCL and RCCL search their rings at start-up (the NCCL-style search of
:mod:`.rings`). On an MI250 box of 16 GCDs RCCL does not: it compares the box with a table
of machines whose rings AMD laid out by hand (ROCm/rccl ``src/graph/rome_models.cc``:
``parse1H16P`` and ``parseRome4P2H`` match the GPU count, the NIC count and the xGMI
connection matrix up to a renumbering, ``permuteGpuIds``) and, on a match, reads the rings
off the table. The MI250 entries (``rome_model_59`` and ``rome_model_65``: 16 GCDs, 8 NICs,
pattern ``"42424242"``) list 32 rings, two per GCD: each ring enters the box from one NIC,
visits all 16 GCDs over xGMI, mostly across the 4-link pairs of one MI250 package, and leaves
through another NIC, every NIC carrying the same number of rings each way. On a box that
does not match, such as 8 GCDs of the 16 (the paper's 8+8 setting), RCCL falls back to its
search: "hand-tuned for fixed topologies with full 16 GPUs per box" (ForestColl paper,
section "AMD MI250 Experiments", 8+8 Results).

This module recognises such a box (:func:`rccl_table_box`) and builds rings of that shape
(:func:`balanced_orders`) by our own search: every ring at one bandwidth target, each hop
taking that bandwidth off the links of its route so that no link is oversubscribed (the
principle of NCCL's and RCCL's ``search.cc``, whose rings must fit the bandwidth left),
the highest target at which all rings fit. On an even number of boxes the rings of the
first two alternate over the others (:func:`_alternate`), which keeps every box's load and
every GPU's network link as in two boxes; an odd number above :data:`MAX_SEARCHED_BOXES`
is left to the NCCL-style search. The rings are ours, not AMD's strings: what
they share with RCCL's is the count (two per GCD), the structure (one NIC in and one out
per ring per box, a path through every GCD) and that no link is oversubscribed.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from ...model.machines.mi250 import XGMI, XGMI_LINKS

RINGS_PER_GPU = 2                 # rome_model_59/65: 32 rings on 16 GCDs
MAX_SEARCHED_BOXES = 7            # an odd number of boxes above it: the NCCL-style search
TABLE_GPUS = 16
_BUDGET = 200_000                 # node visits of one path search


def _table_graph() -> list[dict[int, int]]:
    """The MI250 box of RCCL's table as adjacency maps: GCD -> {GCD: capacity}."""
    adj: list[dict[int, int]] = [{} for _ in range(TABLE_GPUS)]
    for i, j, count in XGMI_LINKS:
        adj[i][j] = adj[j][i] = XGMI * count
    return adj


def _isomorphic(a: Sequence[dict[int, int]], b: Sequence[dict[int, int]]) -> bool:
    """Whether two capacity-weighted graphs on the same number of nodes are the same up to
    a renumbering (backtracking, nodes matched by their sorted capacities first)."""
    n = len(a)
    if n != len(b):
        return False
    sig_a = [tuple(sorted(row.values())) for row in a]
    sig_b = [tuple(sorted(row.values())) for row in b]
    if sorted(sig_a) != sorted(sig_b):
        return False
    order = sorted(range(n), key=lambda i: (-len(a[i]), sig_a[i]))
    image: dict[int, int] = {}
    used: set[int] = set()

    def extend(k: int) -> bool:
        if k == n:
            return True
        u = order[k]
        for v in range(n):
            if v in used or sig_b[v] != sig_a[u]:
                continue
            if all(b[v].get(image[w]) == cap for w, cap in a[u].items() if w in image) and \
                    all(image_inv.get(x) is None or a[u].get(image_inv[x]) == cap
                        for x, cap in b[v].items()):
                image[u] = v
                image_inv[v] = u
                used.add(v)
                if extend(k + 1):
                    return True
                del image[u], image_inv[v]
                used.discard(v)
        return False

    image_inv: dict[int, int] = {}
    return extend(0)


def rccl_table_box(net: Any) -> bool:
    """Whether every box is one RCCL has hand-made rings for (module docstring): 16 GPUs
    whose direct links (``xgmi``) form MI250's connection matrix up to a renumbering.

    :param net: the ring baseline's view of the topology
    :returns: True when RCCL would read its rings off its table on every box
    """
    topology = net.topology
    if any(len(group) != TABLE_GPUS for group in net.groups):
        return False
    where = {v: (b, i) for b, group in enumerate(net.groups) for i, v in enumerate(group)}
    adj: list[list[dict[int, int]]] = [[{} for _ in group] for group in net.groups]
    types = topology.link_type
    for (u, v), cap in topology.capacity.items():
        bu, bv = where.get(u), where.get(v)
        if bu is None or bv is None:
            continue
        if bu[0] != bv[0] or types.get((u, v)) != "xgmi":
            return False
        adj[bu[0]][bu[1]][bv[1]] = cap
    table = _table_graph()
    seen: set = set()
    for box in adj:
        key = tuple(tuple(sorted(row.items())) for row in box)
        if key in seen:
            continue
        if any(box[i].get(j) != box[j].get(i) for i in range(TABLE_GPUS) for j in box[i]):
            return False
        if not _isomorphic(box, table):
            return False
        seen.add(key)
    return True


def balanced_orders(net: Any, count: int) -> list[list[str]] | None:
    """``count`` rings in the shape of RCCL's table (module docstring), each at the highest
    common bandwidth at which all of them fit the links: ring c enters the first box at a
    GPU whose link from the previous box has the most bandwidth left, leaves each box on a
    GPU of the same kind (the next box entered on the same in-box index, NCCL's rails) and,
    inside a box, follows a path through all its GPUs whose every link still has the target
    bandwidth left, widest first.

    The target tried first is the NICs' share, every GPU's link to the network carrying
    ``count / GPUs`` rings each way (what RCCL's table reaches); tie-breaks are rotated
    (deterministically) until the rings fit. Below it, the highest target that fits is
    bisected over the links' bandwidths divided by 1 … 2·count.

    :param net: the ring baseline's view of the topology
    :param count: the number of rings
    :returns: the rings' node orders, or None when no target lets them all fit
    """
    nboxes = len(net.groups)
    if nboxes > 2 and nboxes % 2 == 0:
        pair = balanced_orders(_FirstTwo(net), count)
        return None if pair is None else [_alternate(net, order) for order in pair]
    if nboxes > MAX_SEARCHED_BOXES:
        return None
    capacity = {hop: Fraction(c) for hop, c in net.integer.items()}
    size = len(net.groups[0])
    if nboxes > 1:
        share = Fraction(size, count)
        uplink = min(min(capacity[hop] for hop in zip(path, path[1:]))
                     for path in (net.edge(g[i], net.groups[(b + 1) % len(net.groups)][i]).path
                                  for b, g in enumerate(net.groups) for i in range(size)))
        for shift in range(size):
            found = _attempt(net, count, uplink * share, capacity, shift)
            if found is not None:
                return found
    levels = sorted({capacity[hop] / m for hop in capacity for m in range(1, 2 * count + 1)},
                    reverse=True)
    best: list[list[str]] | None = None
    low, high = 0, len(levels) - 1
    while low <= high:                      # the highest level that fits (bisection)
        middle = (low + high) // 2
        found = _attempt(net, count, levels[middle], capacity)
        if found is None:
            low = middle + 1
        else:
            best, high = found, middle - 1
    return best


class _FirstTwo:
    """The ring baseline's view of the first two boxes only (every box alike)."""

    def __init__(self, net: Any) -> None:
        self.net = net
        self.groups = net.groups[:2]
        self.integer = net.integer

    def edge(self, u: str, v: str) -> Any:
        return self.net.edge(u, v)

    def _within(self, u: str, v: str, b: int) -> bool:
        return self.net._within(u, v, b)


def _alternate(net: Any, order: Sequence[str]) -> list[str]:
    """A ring of the first two boxes stretched over an even number of boxes: even boxes
    take its path through box 0, odd boxes its path through box 1, by in-box index. Box
    b's exit index is box b+1's entry index, as in the two-box ring, so every box carries
    the loads of box 0 or box 1 and every GPU's network link the same rings."""
    box = {v: b for b, g in enumerate(net.groups[:2]) for v in g}
    index = {v: g.index(v) for g in net.groups[:2] for v in g}
    start = next(i for i, v in enumerate(order) if box[v] == 0 and box[order[i - 1]] == 1)
    ring = list(order[start:]) + list(order[:start])
    cut = next(i for i, v in enumerate(ring) if box[v] == 1)
    segments = (ring[:cut], ring[cut:])
    return [net.groups[b][index[v]] for b in range(len(net.groups))
            for v in segments[b % 2]]


def _attempt(net: Any, count: int, speed: Fraction, capacity, shift: int = 0
             ) -> list[list[str]] | None:
    """All ``count`` rings at ``speed`` each, or None. Ring by ring: the first box's entry
    GPU, then each box's exit (the next box's entry has the same in-box index, as NCCL's
    rails do; the last box leaves towards the first box's entry), tried in the order of
    the bandwidth their network links have left; inside a box a path through all its
    GPUs on links with ``speed`` left."""
    left = dict(capacity)
    nboxes = len(net.groups)
    size = len(net.groups[0])

    def room(u: str, v: str) -> Fraction:
        path = net.edge(u, v).path
        return min(left[hop] for hop in zip(path, path[1:]))

    def take(nodes: Sequence[str]) -> None:
        for u, v in zip(nodes, nodes[1:]):
            path = net.edge(u, v).path
            for hop in zip(path, path[1:]):
                left[hop] -= speed

    def box_path(b: int, entry: int, exit: int) -> list[str] | None:
        group = net.groups[b]
        succ = []
        for i, u in enumerate(group):
            ranked = [(-room(u, v), (j - i + shift) % size, j) for j, v in enumerate(group)
                      if j != i and net._within(u, v, b) and room(u, v) >= speed]
            succ.append([j for _, _, j in sorted(ranked)])
        path = _widest_first(succ, entry, exit, _BUDGET)
        return None if path is None else [group[i] for i in path]

    def crossing(b: int, i: int) -> Fraction:
        """Room of the hop from box b's GPU i to the next box's GPU i."""
        if nboxes == 1:
            return Fraction(0)
        return room(net.groups[b][i], net.groups[(b + 1) % nboxes][i])

    orders: list[list[str]] = []
    for c in range(count):
        if c % 2 and count % 2 == 0:        # the previous ring backwards
            back = orders[-1][::-1]
            if any(room(u, v) < speed for u, v in zip(back, back[1:] + back[:1])):
                return None
            take(back + back[:1])
            orders.append(back)
            continue
        order: list[str] | None = None
        firsts = sorted(range(size), key=lambda i: (-crossing(nboxes - 1, i), (i - c - shift) % size))
        for entry in firsts[:_TRIES]:
            if nboxes > 1 and crossing(nboxes - 1, entry) < speed:
                break
            order = _ring_from(net, nboxes, size, entry, speed, crossing, box_path, take)
            if order is not None:
                break
        if order is None:
            return None
        orders.append(order)
    return orders


_TRIES = 16


def _ring_from(net, nboxes, size, entry, speed, crossing, box_path, take) -> list[str] | None:
    """One ring entering the first box at GPU ``entry`` (in-box index), its links taken;
    None when no choice of exits fits."""
    order: list[str] = []
    at = entry
    for b in range(nboxes):
        last = b == nboxes - 1
        exits = [entry] if last and nboxes > 1 else sorted(
            (i for i in range(size) if i != at),
            key=lambda i: (-crossing(b, i), (i - at) % size))
        found = None
        for x in exits[:_TRIES]:
            if x == at or (nboxes > 1 and crossing(b, x) < speed):
                continue
            if nboxes == 1 and x != (at - 1) % size:
                continue
            found = box_path(b, at, x)
            if found is not None:
                break
        if found is None:
            return None
        if order:
            take([order[-1], found[0]])
        take(found)
        order += found
        at = x
    take([order[-1], order[0]])
    return order


def _widest_first(succ: Sequence[Sequence[int]], start: int, end: int, budget: int
                  ) -> list[int] | None:
    """A path through every position from ``start`` to ``end`` along ``succ``, trying the
    successors in ``succ`` order (most bandwidth left first, so a ring stays on the wide
    links inside an MI250 package and crosses between packages as little as it can);
    depth-first, at most ``budget`` steps."""
    s = len(succ)
    path = [start]
    on = [False] * s
    on[start] = True
    stack = [iter(succ[start])]
    steps = 0
    while stack:
        j = next(stack[-1], None)
        if j is None:
            stack.pop()
            on[path.pop()] = False
            continue
        if on[j] or (j == end and len(path) < s - 1):
            continue
        steps += 1
        if steps > budget:
            return None
        path.append(j)
        on[j] = True
        if len(path) == s:
            return path
        stack.append(iter(succ[j]))
    return None
