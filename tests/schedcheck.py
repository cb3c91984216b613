"""An independent schedule checker for the tests: validates a ``forestcoll-schedule/1`` or
``forestcoll-schedule/2`` dict against a topology's links and recomputes algbw from its own
link loads. It uses only the topology's merged capacities, never the generator or the
verifier, and it is written differently from the verifier on purpose (a tree is checked by
counting its edges and searching from the root, not by walking parent chains).

Semantics it applies: allgather: every compute node's shard is cut into k equal parts; a
tree of weight w broadcasts w parts from its root along its edges (an out-tree spanning all
compute nodes, edges joining compute nodes, ``path`` the physical route relaying only
through switches); every compute node's trees weigh exactly k in total; time = M/(N·k) ·
max over links of (Σ weight × times used)/bandwidth; algbw = M/time. Reduce-scatter: the
same with in-trees. Allreduce: no top-level trees, ``phases`` = [reduce-scatter, allgather],
time the sum. Broadcast/reduce: a top-level ``root`` at which every tree is rooted, weights
summing to k, parts of M/k. ``compute_nodes`` (a set without repeats) and ``algbw`` are
required, ``algbw`` and ``tree_bandwidth`` checked exactly, ``units`` where present; any
other key is refused; k and weights are integers in [1, 2^63 - 1] (a JSON number of whole
value such as 2.0 is an integer, as in JSON Schema); exact numbers as docs/formats.md
writes them (no sign, no spaces).

Version 2 adds three optional keys (a version 1 schedule holding any is refused):
``weights`` (allgather, reduce-scatter, allreduce): every compute node once, mapped to a
positive exact number; scaled to coprime integers ŵ (Ŵ their sum) node v's trees weigh
k·ŵ_v (in each allreduce phase with that phase's k), parts are M/(Ŵ·k) and algbw =
Ŵ·k/r, r the worst link's load over bandwidth (Ŵ = N without weights). ``concurrent``
(allreduce, a JSON boolean): when true both phases share the links at once, time = M · max
over links e of Σ_phases load_p(e)/(Ŵ·k_p·bw(e)); when false or absent the phase times
add up. A phase's own ``algbw`` and ``tree_bandwidth`` always mean "as if it ran alone".
``multicast`` (any collective, a JSON boolean): when true, switches marked ``"multicast":
true`` in the topology replicate (out-trees) or aggregate (in-trees) data. The paths of
one tree leaving one compute node (entering it, in-trees) are split where they part: a
multicast switch needs one copy of the data in, whatever leaves it; any other node needs
as many as leave it. A hop's load is the tree weight times the copies crossing it.

:func:`traffic` gives the total traffic per unit of data with and without multicast: Σ
over links of load / (Ŵ·k) (k for broadcast and reduce), both allreduce phases added.

:func:`check` never raises on garbage: it returns the exact algbw, or None.
:func:`achieved_algbw` raises :class:`ScheduleRejected` (an ``AssertionError``) instead.
"""

from __future__ import annotations

import math
from collections import deque
from decimal import Decimal
from fractions import Fraction

FORMAT = "forestcoll-schedule/1"
FORMAT_2 = "forestcoll-schedule/2"
FORMATS = (FORMAT, FORMAT_2)
LIMIT = 2**63 - 1
ROOTED = {"broadcast", "reduce"}
INWARD = {"reduce-scatter", "reduce"}
MULTI = {"allgather", "reduce-scatter"}
INFO = {"format", "collective", "topology", "units", "compute_nodes"}
BODY = {"k", "tree_bandwidth", "algbw", "trees"}
WEIGHED = MULTI | {"allreduce"}
VERSION_2_KEYS = ("weights", "concurrent", "multicast")


class ScheduleRejected(AssertionError):
    """The schedule is not a valid ``forestcoll-schedule/1`` or ``/2`` schedule on the
    topology."""


def _fail(message: str) -> None:
    raise ScheduleRejected(message)


def _require(condition: bool, message: str) -> None:
    if not condition:
        _fail(message)


def _is_map(x) -> bool:
    return isinstance(x, dict)


def _is_seq(x) -> bool:
    return type(x) in (list, tuple)


def _whole(x) -> int | None:
    """A JSON integer: an int, or a float or Decimal of whole value (``2.0``), as JSON
    Schema counts integers."""
    if type(x) is int:
        return x
    if isinstance(x, (float, Decimal)) and math.isfinite(x) and x == math.floor(x) \
            and abs(x) < 10**400:
        return int(x)
    return None


def _is_count(x) -> bool:
    whole = _whole(x)
    return whole is not None and 0 < whole <= LIMIT


def _is_text(x) -> bool:
    return type(x) is str


def _number(x) -> Fraction | None:
    """A JSON integer, a Fraction, or text of docs/formats.md's grammar: ASCII digits
    "p/q", or a decimal with an optional exponent of 1 to 3 digits; no sign, no spaces,
    at most 100 characters."""
    if _whole(x) is not None:
        return Fraction(_whole(x))
    if isinstance(x, Fraction):
        return x
    if not _is_text(x) or len(x) > 100:
        return None
    text = x
    if "/" in text:
        top, _, bottom = text.partition("/")
        if not (top.isascii() and top.isdigit() and bottom.isascii() and bottom.isdigit()):
            return None
        if int(bottom) == 0:
            return None
        return Fraction(int(top), int(bottom))
    mantissa, exponent = text, 0
    for marker in "eE":
        if marker in text:
            mantissa, _, exp_text = text.partition(marker)
            digits = exp_text.lstrip("+-")
            if not (digits.isascii() and digits.isdigit() and 1 <= len(digits) <= 3
                    and len(exp_text) - len(digits) <= 1):
                return None
            exponent = -int(digits) if exp_text.startswith("-") else int(digits)
            break
    whole, dot, frac = mantissa.partition(".")
    if not (whole or frac) or not all(p == "" or (p.isascii() and p.isdigit())
                                      for p in (whole, frac)):
        return None
    value = Fraction(int(whole or "0")) + (Fraction(int(frac), 10 ** len(frac)) if frac else 0)
    return value * Fraction(10) ** exponent


def _only_keys(obj: dict, allowed: set, where: str) -> None:
    for key in obj:
        _require(_is_text(key) and key in allowed, f"{where}: key {key!r} not allowed")


def _shares(raw, compute: set) -> dict[str, int]:
    """The ``weights`` object as coprime integers ŵ: every value an exact non-negative
    number, not all 0, scaled by the lcm of the denominators and divided by the gcd. A
    node of weight 0 roots no tree."""
    _require(_is_map(raw), "weights must be an object")
    for v in raw:
        _require(_is_text(v) and v in compute, f"weights: {v!r} is not a compute node")
    for v in sorted(compute - set(raw)):
        _fail(f"weights: compute node {v!r} has no weight")
    exact: dict[str, Fraction] = {}
    for v, x in raw.items():
        value = _number(x)
        _require(value is not None and value >= 0,
                 f"weights: {v!r} needs a non-negative exact number, not {x!r}")
        exact[v] = value
    common = 1
    for value in exact.values():
        common = math.lcm(common, value.denominator)
    whole = {v: int(value * common) for v, value in exact.items()}
    divisor = math.gcd(*whole.values())
    _require(divisor > 0, "weights: at least one weight must be positive")
    return {v: w // divisor for v, w in whole.items()}


def _spans(edges: list[tuple[str, str]], root: str, nodes: set) -> bool:
    """N - 1 directed edges and a search from the root that meets every node: an
    arborescence spanning ``nodes`` (out-edges as given)."""
    if len(edges) != len(nodes) - 1:
        return False
    out: dict[str, list[str]] = {}
    for a, b in edges:
        out.setdefault(a, []).append(b)
    seen = {root}
    queue = deque([root])
    while queue:
        for b in out.get(queue.popleft(), ()):
            if b not in seen:
                seen.add(b)
                queue.append(b)
    return seen == nodes


def _group_hops(paths: list[list[str]], inward: bool, replicators: set
                ) -> dict[tuple[str, str], int]:
    """hop -> copies of one tree's data crossing it under multicast: paths are grouped by
    their sending node (receiving node, in-trees, read backwards) and split recursively
    where they part; a multicast switch needs one copy in whatever leaves it, any other
    node as many as leave it."""
    out: dict[tuple[str, str], int] = {}
    walks: dict[str, list[list[str]]] = {}
    for p in paths:
        walk = p[::-1] if inward else p
        walks.setdefault(walk[0], []).append(walk)

    def needed(group: list[list[str]], i: int) -> int:
        node = group[0][i]
        onward: dict[str, list[list[str]]] = {}
        for walk in group:
            if len(walk) > i + 1:
                onward.setdefault(walk[i + 1], []).append(walk)
        if not onward:
            return 1
        total = 0
        for nxt, sub in onward.items():
            c = needed(sub, i + 1)
            hop = (nxt, node) if inward else (node, nxt)
            out[hop] = out.get(hop, 0) + c
            total += c
        return 1 if node in replicators else total

    for group in walks.values():
        needed(group, 0)
    return out


def _phase_worst(phase: dict, collective: str, root, compute: set, switches: set,
                 capacity: dict, shares: dict[str, int] | None = None,
                 replicators: set | None = None, fill: bool = False
                 ) -> tuple[int, Fraction, dict[tuple[str, str], int], dict[tuple[str, str], int]]:
    """Validate one tree set; returns (k, max over links of load / bandwidth, the load of
    every link used, the load every path would put in full). ``shares`` (ŵ, coprime
    integers) makes the trees at v weigh k·ŵ_v and the parts M/(Ŵ·k); without it every ŵ
    is 1. ``replicators`` (the multicast switches) turns multicast on. ``fill`` writes a
    missing ``algbw`` into ``phase`` instead of refusing it."""
    _require("k" in phase and _is_count(phase["k"]), "k must be a positive integer")
    k = _whole(phase["k"])
    trees = phase.get("trees")
    _require(_is_seq(trees) and len(trees) > 0, "trees must be a non-empty list")
    inward = collective in INWARD
    weight_of: dict[str, int] = {}
    load: dict[tuple[str, str], int] = {}
    full: dict[tuple[str, str], int] = {}
    for tree in trees:
        _require(_is_map(tree), "a tree must be an object")
        _only_keys(tree, {"root", "weight", "edges"}, "tree")
        r, w, edges = tree.get("root"), tree.get("weight"), tree.get("edges")
        _require(_is_text(r) and r in compute, "tree root must be a compute node")
        _require(root is None or r == root, "single-root schedule: tree at another root")
        _require(_is_count(w), "tree weight must be a positive integer")
        w = _whole(w)
        _require(_is_seq(edges), "edges must be a list")
        arcs = []
        paths = []
        for e in edges:
            _require(_is_map(e), "an edge must be an object")
            _only_keys(e, {"src", "dst", "path"}, "edge")
            s, d, p = e.get("src"), e.get("dst"), e.get("path")
            _require(_is_text(s) and _is_text(d) and s in compute and d in compute,
                     "edge ends must be compute nodes")
            _require(_is_seq(p) and len(p) >= 2, "path must list two ends at least")
            _require(all(_is_text(x) for x in p), "path items must be node ids")
            _require(p[0] == s and p[-1] == d, "path must run from src to dst")
            _require(all(x in switches for x in p[1:-1]), "path may relay through switches only")
            hops = list(zip(p[:-1], p[1:]))
            _require(all(h in capacity for h in hops), "path uses a link that does not exist")
            for h in hops:
                full[h] = full.get(h, 0) + w
            paths.append(list(p))
            arcs.append((d, s) if inward else (s, d))
        _require(_spans(arcs, r, compute), f"tree at {r} is not a spanning tree")
        if replicators is None:
            for p in paths:
                for h in zip(p[:-1], p[1:]):
                    load[h] = load.get(h, 0) + w
        else:
            for h, copies in _group_hops(paths, inward, replicators).items():
                load[h] = load.get(h, 0) + w * copies
        weight_of[r] = weight_of.get(r, 0) + w
    if root is not None:
        expected = {root: k}
    elif shares is None:
        expected = dict.fromkeys(compute, k)
    else:
        expected = {v: k * shares[v] for v in compute if shares[v]}
    _require(weight_of == expected, "every root's weights must sum to k (times its weight)")
    worst = max(Fraction(n) / capacity[h] for h, n in load.items())
    if collective in ROOTED:
        parts = k
    else:
        parts = (len(compute) if shares is None else sum(shares.values())) * k
    if fill and "algbw" not in phase:
        phase["algbw"] = _text(parts / worst)
    _require("algbw" in phase, "algbw is required")
    for key, value in (("tree_bandwidth", 1 / worst), ("algbw", parts / worst)):
        if key in phase:
            _require(_number(phase[key]) == value, f"{key} does not match the link loads")
    return k, worst, load, full


def achieved_algbw(topology, schedule) -> Fraction:
    """Validate and return the exact algbw of a schedule dict on a Topology; raises
    :class:`ScheduleRejected` for anything invalid."""
    return _evaluate(topology, schedule)[0]


def traffic(topology, schedule) -> tuple[Fraction, Fraction]:
    """(with multicast, without): the total traffic per unit of data of a valid schedule
    (the two are equal unless it says ``"multicast": true``); raises
    :class:`ScheduleRejected` for anything invalid."""
    return _evaluate(topology, schedule)[1]


def with_claims(topology, schedule) -> dict:
    """A copy of a hand-built schedule with what the format requires and a test leaves
    out filled in by this checker: ``compute_nodes`` and every ``algbw``. An invalid
    schedule comes back as it was."""
    import copy

    filled = copy.deepcopy(schedule)
    try:
        if _is_map(filled):
            filled.setdefault("compute_nodes", list(topology.compute_nodes))
        _evaluate(topology, filled, fill=True)
    except ScheduleRejected:
        return schedule
    return filled


def _text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(value)


def _evaluate(topology, schedule, fill: bool = False
              ) -> tuple[Fraction, tuple[Fraction, Fraction]]:
    capacity = dict(topology.capacity)
    compute = set(topology.compute_nodes)
    switches = set(topology.switch_nodes)
    n = len(compute)
    _require(_is_map(schedule), "a schedule is an object")
    fmt = schedule.get("format")
    _require(_is_text(fmt) and fmt in FORMATS, "format")
    if fmt != FORMAT_2:
        for key in VERSION_2_KEYS:
            _require(key not in schedule, f"{key!r} needs {FORMAT_2}")
    coll = schedule.get("collective")
    _require(_is_text(coll) and coll in MULTI | ROOTED | {"allreduce"}, "unknown collective")
    if coll == "allreduce":
        allowed = INFO | {"algbw", "phases"}
    else:
        allowed = INFO | BODY | ({"root"} if coll in ROOTED else set())
    if fmt == FORMAT_2:
        allowed = allowed | {key for key, fits in (("weights", coll in WEIGHED),
                                                   ("concurrent", coll == "allreduce"),
                                                   ("multicast", True)) if fits}
    _only_keys(schedule, allowed, "schedule")
    shares = _shares(schedule["weights"], compute) if "weights" in schedule else None
    total = n if shares is None else sum(shares.values())
    concurrent = schedule.get("concurrent", False)
    _require(type(concurrent) is bool, "concurrent must be true or false")
    multicast = schedule.get("multicast", False)
    _require(type(multicast) is bool, "multicast must be true or false")
    replicators = None
    if multicast:
        replicators = {node.id for node in topology.nodes
                       if node.id in switches and node.multicast is True}
    if "topology" in schedule:
        _require(_is_text(schedule["topology"]), "topology must be a name")
    if "units" in schedule:
        _require(schedule["units"] == topology.units and _is_text(schedule["units"]), "units")
    _require("compute_nodes" in schedule, "compute_nodes is required")
    if "compute_nodes" in schedule:
        listed = schedule["compute_nodes"]
        _require(_is_seq(listed) and all(_is_text(x) for x in listed), "compute_nodes")
        _require(len(listed) == n and set(listed) == compute, "compute_nodes must be exact")
    if coll == "allreduce":
        phases = schedule.get("phases")
        _require(_is_seq(phases) and len(phases) == 2, "allreduce has two phases")
        done = []
        for phase, want in zip(phases, ("reduce-scatter", "allgather")):
            _require(_is_map(phase), "a phase is an object")
            _only_keys(phase, BODY | {"collective"}, "phase")
            _require(_is_text(phase.get("collective")) and phase["collective"] == want,
                     "phase order is reduce-scatter, allgather")
            done.append(_phase_worst(phase, want, None, compute, switches, capacity, shares,
                                     replicators, fill))
        if concurrent:
            # one clock: each link serves both phases' parts at once
            shared: dict[tuple[str, str], Fraction] = {}
            for k, _, load, _ in done:
                for h, used in load.items():
                    shared[h] = shared.get(h, Fraction(0)) + Fraction(used, total * k)
            time = max(t / capacity[h] for h, t in shared.items())
        else:
            time = Fraction(0)
            for k, worst, _, _ in done:
                time += worst / (total * k)
        algbw = 1 / time
        if fill:
            schedule.setdefault("algbw", _text(algbw))
        _require(_number(schedule.get("algbw")) == algbw, "algbw missing or wrong")
        moved = [(sum(load.values()), sum(full.values()), total * k)
                 for k, _, load, full in done]
    else:
        root = None
        if coll in ROOTED:
            root = schedule.get("root")
            _require(_is_text(root) and root in compute, "root must be a compute node")
        k, worst, load, full = _phase_worst(schedule, coll, root, compute, switches, capacity,
                                            shares, replicators, fill)
        parts = k if coll in ROOTED else total * k
        algbw = parts / worst
        moved = [(sum(load.values()), sum(full.values()), parts)]
    return algbw, (sum(Fraction(a, n) for a, _, n in moved),
                   sum(Fraction(b, n) for _, b, n in moved))


def check(topology, schedule) -> Fraction | None:
    """The exact algbw of a valid schedule, or None for an invalid one; never raises on
    garbage input."""
    try:
        return achieved_algbw(topology, schedule)
    except ScheduleRejected:
        return None
