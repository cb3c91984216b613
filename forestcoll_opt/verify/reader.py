"""Reading and validating a schedule, by the verifier's own reader.

Schedule semantics (``forestcoll-schedule/1``): allgather cuts every compute node's shard
into k equal parts; a tree of weight w broadcasts w parts from its root along its edges (an
out-tree spanning all compute nodes, edges joining compute nodes, ``path`` the physical
route relaying only through switches); every compute node's trees weigh exactly k in total;
time = M/(N·k) · max over links of (Σ weight × times used)/bandwidth and algbw = M/time.
Reduce-scatter is the same with in-trees (edges point the way data flows, toward the root).
Allreduce has no top-level trees but ``"phases": [reduce-scatter, allgather]``, each with
its own k and trees; its time is the sum of theirs. Broadcast and reduce carry a top-level
``"root"``, every tree is rooted there, the weights sum to k and each part is M/k.

``forestcoll-schedule/2`` adds three keys; a version-1 file carrying any is refused.
``"weights"`` (allgather, reduce-scatter, allreduce) gives every compute node v a relative
shard size, a non-negative number (at least one positive), normalised to coprime integers
ŵ_v (Ŵ = Σ ŵ_v; equal weights are version 1): v's shard is cut into k·ŵ_v parts of
M/(Ŵ·k), the trees rooted at v weigh exactly k·ŵ_v in all (in an allreduce, with the k of
each phase; a node of weight 0 roots no tree but every tree still spans it), and
time = M/(Ŵ·k) · max over links of load/bandwidth. ``"concurrent": true`` (allreduce)
runs the two phases at the same time on shared links: time = M · max over links e of
Σ over phases p of load_p(e) / (Ŵ·k_p·bandwidth(e)), while each phase's own ``algbw`` and
``tree_bandwidth`` keep their meaning "as if the phase ran alone". A weighted or concurrent
allreduce may beat the reduce-scatter + allgather tree bound (the allreduce LP lets every
root carry its own amount of data and lets the two phases share links), so it is compared
with the LP only. ``"multicast": true`` (any collective; section "In-Network Multicast &
Aggregation") lets switches whose topology node has ``"multicast": true`` replicate (out-
trees) or aggregate (in-trees) a tree's data: the edges of one tree leaving one compute node
u (entering v, for in-trees) form u's group; read from u (backwards from v) their paths
form a tree of shared prefixes; a hop into a compute node or into such a switch carries one
copy, a hop into any other switch as many copies as leave it (it only forwards), so
load(e) = weight × the copies crossing e, summed over the groups. The bounds are unchanged:
every shard still crosses every cut it must cross at least once. The verdict then also
reports the traffic per unit of data, per link and in total, with multicast (the merged
loads) and without (every path in full).


The reader type-checks every field, refuses unknown keys and reads numbers exactly (its own
JSON reading: no repeated keys, fractions and exponents as Decimal); everything wrong in a
schedule becomes one reason naming the tree and the edge. It is deliberately a second
reader, sharing no code with forestcoll_opt.model.schedule, so that one bug cannot both
write and pass a wrong schedule.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from ..display import article
from ..model.topology import Topology
from .edges import sound_edge, tree_depth
from .group import GroupAction, read_group
from .jsonread import load_schedule  # noqa: F401 (the reader's entry point, re-exported)
from .loads import Hop, PhaseLoad, Reading, multicast_hops, phases_traffic, shared_time
from .terms import (ALLREDUCE_PHASES, COLLECTIVES, GROUP_SCHEDULES, INWARD, MAX_INTEGER,
                    MULTI_ROOT, SCHEDULE_FORMATS, SINGLE_ROOT, coprime_integers, fraction_text,
                    integral, parse_exact, show, show_fraction, uneven)

# Keys of a schedule: informative ones (topology, units, compute_nodes, tree_bandwidth,
# algbw) are checked where they can be; any other key is refused, so that a typo such as
# "phase" is not silently ignored.
_COMMON_KEYS = ("format", "collective", "topology", "units", "compute_nodes")
_PHASE_KEYS = ("k", "tree_bandwidth", "algbw", "trees")
_TOP_KEYS = {
    "allgather": _COMMON_KEYS + _PHASE_KEYS,
    "reduce-scatter": _COMMON_KEYS + _PHASE_KEYS,
    "broadcast": _COMMON_KEYS + ("root",) + _PHASE_KEYS,
    "reduce": _COMMON_KEYS + ("root",) + _PHASE_KEYS,
    "allreduce": _COMMON_KEYS + ("algbw", "phases"),
}
# Keys of forestcoll-schedule/2 and the collectives that may carry them.
_VERSION_2_KEYS = {"weights": MULTI_ROOT + ("allreduce",), "concurrent": ("allreduce",),
                   "multicast": COLLECTIVES}
_ALLREDUCE_PHASE_KEYS = ("collective",) + _PHASE_KEYS
_TREE_KEYS = ("root", "weight", "edges")
_EDGE_KEYS = ("src", "dst", "path")
_MISSING = object()


# --- the reader -------------------------------------------------------------------------------

def _some(items: Sequence[str], one: str, many: str) -> str:
    """"a is ONE" or "a, b, c and 5 more are MANY" (nothing when there are no items)."""
    if not items:
        return ""
    shown = ", ".join(show(v)[1:-1] if len(v) <= 60 else show(v) for v in items[:3])
    if len(items) == 1:
        return f"{shown} is {one}"
    more = f" and {len(items) - 3} more" if len(items) > 3 else ""
    return f"{shown}{more} are {many}"


def _not_for(key: str, coll: str) -> str:
    """Why a version-2 key does not belong in a ``coll`` schedule."""
    if key == "weights":
        return (f"{article(coll)} schedule must not carry \"weights\": it has a single root "
                f"and no shards")
    return f"\"{key}\" applies to allreduce only, not to {article(coll)} schedule"


class Reader:
    """Reads a schedule mapping into phase loads, collecting one reason per problem.

    ``expected`` is the caller's normalised weights (verify's ``weights``), if any."""

    def __init__(self, topology: Topology, expected: tuple[int, ...] | None = None) -> None:
        self.t = topology
        self.compute = frozenset(topology.compute_nodes)
        self.expected = expected
        self.reasons: list[str] = []
        self.notes: list[str] = []
        self.collective: str | None = None
        self.root: str | None = None
        self.version: int | None = None
        # normalised shard weights in topology order (None: uniform); None in
        # ``self.parts`` means unreadable weights, so the per-root totals cannot be checked
        self.shards: tuple[int, ...] | None = None
        self.parts: tuple[int, ...] | None = (1,) * len(topology.compute_nodes)
        self.concurrent = False
        self.multicast = False
        # switches that may replicate or aggregate a tree's data under "multicast": true
        self.capable = frozenset(n.id for n in topology.nodes
                                 if not n.is_compute and n.multicast is True)
        # a compact schedule's group (version 3), once checked
        self.group: GroupAction | None = None
        # per phase: time per unit of data on each link, load / (parts · bandwidth)
        self.link_times: list[dict[tuple[str, str], Fraction]] = []
        # the largest number of tree edges from a root to a node over every sound tree
        self.depth = 0

    # helpers
    def node(self, value: Any) -> bool:
        return isinstance(value, str) and value in self.t.index

    def label(self, value: Any) -> str:
        return value if self.node(value) else show(value)

    def keys(self, obj: Mapping[Any, Any], allowed: tuple[str, ...], where: str,
             misplaced: Mapping[str, str] | None = None) -> None:
        misplaced = misplaced or {}
        extra = [key for key in obj if not (isinstance(key, str) and key in allowed)]
        for key in sorted(extra, key=show):
            if isinstance(key, str) and key in misplaced:
                self.reasons.append(f"{where}{misplaced[key]}")
            else:
                self.reasons.append(f"{where}unknown key {show(key)}; allowed: "
                                    f"{', '.join(allowed)}")

    def count(self, value: Any, what: str, where: str) -> int | None:
        if value is _MISSING:
            self.reasons.append(f"{where}missing \"{what}\"")
            return None
        whole = integral(value)
        if whole is None or whole < 1:
            self.reasons.append(f"{where}{what} must be a positive integer, found {show(value)}")
            return None
        if whole > MAX_INTEGER:
            self.reasons.append(f"{where}{what} {show(value)} is above 2^63 - 1, the largest "
                                f"count a schedule may use")
            return None
        return int(whole)

    # the schedule
    def read(self, data: Mapping[Any, Any]) -> Reading | None:
        other = self.foreign(data)
        if other is not None:               # one line, not one per tree edge
            self.reasons.append(other)
            return None
        self.format(data.get("format", _MISSING))
        coll = data.get("collective", _MISSING)
        if coll is _MISSING:
            self.reasons.append(f"missing \"collective\"; one of {', '.join(COLLECTIVES)}")
            return None
        if not isinstance(coll, str) or coll not in COLLECTIVES:
            self.reasons.append(f"unknown collective {show(coll)}; one of {', '.join(COLLECTIVES)}")
            return None
        self.collective = coll
        misplaced: dict[str, str] = {}
        if coll not in SINGLE_ROOT:
            misplaced["root"] = (f"{article(coll)} schedule must not carry a \"root\": every "
                                 f"compute node is a root")
        if coll == "allreduce":
            misplaced.update({key: f"key \"{key}\" belongs in the allreduce phases, not at the "
                                   f"top level" for key in ("k", "trees", "tree_bandwidth")})
        else:
            misplaced["phases"] = (f"only allreduce has \"phases\"; {article(coll)} schedule "
                                   f"has \"trees\"")
        allowed = _TOP_KEYS[coll]
        for key, where in _VERSION_2_KEYS.items():
            if coll not in where:
                misplaced[key] = _not_for(key, coll)
            elif self.version == 1:
                misplaced[key] = (f"key \"{key}\" needs forestcoll-schedule/2; this file says "
                                  f"forestcoll-schedule/1")
            else:
                allowed += (key,)
        if self.version == 3:
            allowed += ("group",) + (() if coll == "allreduce" else ("orbits",))
        else:
            misplaced["group"] = misplaced["orbits"] = (
                "a compact schedule's \"group\" and \"orbits\" need forestcoll-schedule/3")
        if self.version == 5:
            allowed += ("process_group",)
        else:
            misplaced["process_group"] = ("key \"process_group\" needs forestcoll-schedule/5")
        self.keys(data, allowed, "", misplaced)
        self.common(data)
        if self.version == 5:
            self.process_group(data.get("process_group", _MISSING),
                               data.get("compute_nodes", _MISSING))
        if coll not in SINGLE_ROOT:
            self.shard_weights(data.get("weights", _MISSING))
        if coll == "allreduce":
            self.concurrent_flag(data.get("concurrent", _MISSING))
        self.multicast_flag(data.get("multicast", _MISSING))
        if coll in SINGLE_ROOT:
            root = data.get("root", _MISSING)
            if root is _MISSING:
                self.reasons.append(f"{article(coll)} schedule needs a \"root\": the compute node "
                                    f"every tree is rooted at")
            elif not isinstance(root, str) or root not in self.compute:
                self.reasons.append(f"\"root\" {show(root)} is not a compute node of "
                                    f"{self.t.name}")
            else:
                self.root = root
            if self.expected is not None and uneven(self.expected):
                self.reasons.append(f"weights were expected, but {article(coll)} schedule has a "
                                    f"single root and no shards")
            if self.root is None:
                return None
        if self.version == 3:
            raw = data.get("group", _MISSING)
            if raw is _MISSING:
                self.reasons.append("missing \"group\": a forestcoll-schedule/3 file lists the "
                                    "generators of its group")
                return None
            self.group = read_group(self.t, raw, self.root, self.reasons)
            if self.group is None:
                return None
        if coll == "allreduce":
            phases = self.allreduce(data)
        else:
            phase = self.phase(data, coll, self.root, "")
            phases = None if phase is None else (phase,)
        if phases is None or self.reasons:
            return None
        notes: tuple[str, ...] = ()
        if self.concurrent:
            time, notes = shared_time(self.link_times, phases)
        else:
            time = sum((p.time_per_byte for p in phases), Fraction(0))
        algbw = 1 / time
        if coll == "allreduce":
            self.claim(data, "algbw", algbw, "", required=True)
        if self.reasons:
            return None
        if not self.multicast:
            return Reading(phases, algbw, self.shards, self.concurrent, notes)
        traffic, links = phases_traffic(phases, self.t.index)
        if traffic[0] == traffic[1]:
            notes += ("\"multicast\" is true, but no switch replicates or aggregates any "
                      "data: every path counts in full, as without multicast",)
        return Reading(phases, algbw, self.shards, self.concurrent, notes, True, traffic, links)

    def foreign(self, data: Mapping[Any, Any]) -> str | None:
        """One line when the schedule was made for another network, before anything else
        is read: its ``compute_nodes`` are not this topology's, or it names another
        topology and routes over a link this one lacks."""
        named = data.get("topology")
        theirs = named if isinstance(named, str) and named != self.t.name else None
        listed = data.get("compute_nodes")
        if isinstance(listed, (list, tuple)) and all(isinstance(v, str) for v in listed):
            mine, theirs_listed = set(self.t.compute_nodes), set(listed)
            extra = [v for v in dict.fromkeys(listed) if v not in mine]
            absent = [v for v in self.t.compute_nodes if v not in theirs_listed]
            if (extra or absent) and ("process_group" in data or
                                      data.get("format") == "forestcoll-schedule/5"):
                return self.group_claim(data.get("process_group", _MISSING), listed)
            if extra or absent:
                detail = "; ".join(part for part in (
                    _some(extra, f"not a compute node of {self.t.name}",
                          f"not compute nodes of {self.t.name}"),
                    _some(absent, "not in the schedule", "not in the schedule")) if part)
                return self.other_network(theirs, f"{len(set(listed))} compute nodes",
                                          detail)
        if theirs is not None:
            hop = self.missing_link(data)
            if hop is not None:
                return self.other_network(theirs, None, f"it routes over {hop[0]} -> {hop[1]}, "
                                                        f"which {self.t.name} does not have")
        return None

    def group_claim(self, claim: Any, listed: list) -> str:
        """One line on a process group's schedule whose claim the verifier could not take
        (verify/members.py): its compute nodes are then not this network's."""
        if claim is _MISSING:
            return (f"missing \"process_group\": a forestcoll-schedule/5 file lists the "
                    f"members of the process group it is for (its {len(set(listed))} "
                    f"compute nodes are not the {len(self.compute)} of {self.t.name})")
        if not isinstance(claim, (list, tuple)) or list(claim) != list(listed):
            return (f"\"process_group\" must list the group's members exactly as "
                    f"\"compute_nodes\" does, found {show(claim)}")
        stray = [v for v in claim if v not in self.compute]
        if stray:
            return (f"\"process_group\" names {show(stray[0])}, not a compute node of "
                    f"{self.t.name}")
        return (f"\"process_group\" must name at least two distinct compute nodes of "
                f"{self.t.name}, found {show(claim)}")

    def other_network(self, theirs: str | None, size: str | None, detail: str) -> str:
        mine = f"{self.t.name} ({len(self.compute)} compute nodes)"
        if theirs is None:
            return (f"the schedule's compute nodes are not those of {mine}: {detail}; was it "
                    f"made for another topology?")
        shown = show(theirs)[1:-1] if len(theirs) <= 60 else show(theirs)
        return (f"this schedule is for {shown}{f' ({size})' if size else ''}, you gave "
                f"{mine}: {detail}; verify it against the topology it was made for, or "
                f"generate one for {self.t.name}")

    def missing_link(self, data: Mapping[Any, Any]) -> Hop | None:
        """The first hop of a path (trees or phases, read leniently) that is not a link of
        the topology."""
        cap = self.t.capacity
        bodies = data.get("phases") if data.get("collective") == "allreduce" else [data]
        for body in bodies if isinstance(bodies, (list, tuple)) else ():
            trees = [t for key in ("trees", "orbits") if isinstance(body, Mapping)
                     and isinstance(body.get(key), (list, tuple)) for t in body[key]]
            for tree in trees:
                edges = tree.get("edges") if isinstance(tree, Mapping) else None
                for edge in edges if isinstance(edges, (list, tuple)) else ():
                    path = edge.get("path") if isinstance(edge, Mapping) else None
                    if not isinstance(path, (list, tuple)):
                        continue
                    for hop in zip(path, path[1:]):
                        try:
                            if hop not in cap:
                                return hop if all(isinstance(v, str) for v in hop) else None
                        except TypeError:          # an unhashable item: a reason later
                            break
        return None

    def format(self, fmt: Any) -> None:
        """The format and its version; keys of version 2 are judged by the version."""
        wanted = " or ".join(repr(f) for f in SCHEDULE_FORMATS)
        if fmt is _MISSING:
            self.reasons.append(f"missing \"format\": {wanted}")
        elif fmt == GROUP_SCHEDULES:
            self.reasons.append(f"\"format\" is {show(fmt)}: several process groups' schedules "
                                f"at once, judged together by verify_concurrent (the command "
                                f"line's verify TOPOLOGY FILE), not as one schedule")
        elif not isinstance(fmt, str) or fmt not in SCHEDULE_FORMATS:
            self.reasons.append(f"\"format\" is {show(fmt)}, expected {wanted}")
        else:
            self.version = int(fmt.rsplit("/", 1)[1])

    def process_group(self, raw: Any, listed: Any) -> None:
        """``"process_group"`` (version 5): the members of the group the schedule is for,
        exactly its ``compute_nodes``; the verifier has already judged it on the network
        as that group sees it (:func:`forestcoll_opt.verify.members.as_group`), so here
        the members must be this topology's compute nodes."""
        if raw is _MISSING:
            self.reasons.append("missing \"process_group\": a forestcoll-schedule/5 file lists "
                                "the members of the process group it is for")
        elif not isinstance(raw, (list, tuple)) or not isinstance(listed, (list, tuple)) \
                or list(raw) != list(listed):
            self.reasons.append(f"\"process_group\" must list the group's members exactly as "
                                f"\"compute_nodes\" does, found {show(raw)}")
        elif set(raw) != self.compute:
            self.reasons.append(f"\"process_group\" lists {len(set(raw))} members, but "
                                f"{self.t.name} as judged has {len(self.compute)} compute "
                                f"nodes")

    def shard_weights(self, raw: Any) -> None:
        """``"weights"``: every compute node exactly once with a non-negative exact number, at
        least one positive; one reason per problem, naming the node. Sets :attr:`shards` and
        :attr:`parts`."""
        if raw is not _MISSING:
            values = self.weight_values(raw)
            if len(values) < len(self.compute):
                self.parts = None
            elif not any(values.values()):
                self.reasons.append("\"weights\" are all 0; at least one compute node needs a "
                                    "shard")
                self.parts = None
            else:
                self.parts = coprime_integers([values[v] for v in self.t.compute_nodes])
                self.shards = uneven(self.parts)
                if sum(self.parts) > MAX_INTEGER:
                    self.reasons.append("\"weights\" normalise to integers summing to more "
                                        "than 2^63 - 1; use simpler ratios")
                    self.parts = None
        if self.expected is not None and self.parts is not None:
            self.compare_weights()

    def weight_values(self, raw: Any) -> dict[str, Fraction]:
        """The readable weights by compute node; a reason for every other entry."""
        if not isinstance(raw, Mapping):
            self.reasons.append(f"\"weights\" must be an object mapping every compute node id "
                                f"to a non-negative exact number, found {show(raw)}")
            return {}
        values: dict[str, Fraction] = {}
        for key in sorted(raw, key=show):
            value = raw[key]
            if not self.node(key):
                self.reasons.append(f"\"weights\": {show(key)} is not a node of the topology")
            elif key not in self.compute:
                self.reasons.append(f"\"weights\": {key} is a switch; only compute nodes have "
                                    f"a shard")
            elif (weight := parse_exact(value)) is None:
                self.reasons.append(f"\"weights\": {key} has weight {show(value)}, which is "
                                    f"not an exact number (an integer, or a \"p/q\" or decimal "
                                    f"string)")
            elif weight < 0:
                self.reasons.append(f"\"weights\": {key} has weight {show(value)}; a weight "
                                    f"cannot be negative")
            else:
                values[key] = weight
        for v in self.t.compute_nodes:
            if v not in raw:
                self.reasons.append(f"\"weights\": compute node {v} has no weight; list every "
                                    f"compute node exactly once")
        return values

    def compare_weights(self) -> None:
        """The schedule's normalised weights against the caller's (``verify(weights=...)``)."""
        assert self.expected is not None and self.parts is not None
        for v, got, want in zip(self.t.compute_nodes, self.parts, self.expected):
            if got != want:
                self.reasons.append(
                    f"\"weights\": the schedule's normalised weights differ from the expected "
                    f"ones, first at {v}: {got} of {sum(self.parts)} in the schedule, {want} of "
                    f"{sum(self.expected)} expected")
                return

    def concurrent_flag(self, raw: Any) -> None:
        if raw is _MISSING:
            return
        if raw is not True and raw is not False:
            self.reasons.append(f"\"concurrent\" must be true or false, found {show(raw)}")
            return
        self.concurrent = raw

    def multicast_flag(self, raw: Any) -> None:
        """``"multicast"``: a boolean. Merging applies only when the file may carry the key
        (version 2), so that a version-1 file holding it gets the one reason that says so."""
        if raw is _MISSING:
            return
        if raw is not True and raw is not False:
            self.reasons.append(f"\"multicast\" must be true or false, found {show(raw)}")
            return
        self.multicast = raw and self.version != 1

    def common(self, data: Mapping[Any, Any]) -> None:
        named = data.get("topology", _MISSING)
        if named is not _MISSING:
            if not isinstance(named, str):
                self.reasons.append(f"\"topology\" must be a name, found {show(named)}")
            elif named != self.t.name:
                self.notes.append(f"the schedule names topology {show(named)}; checked "
                                  f"against {self.t.name!r}")
        units = data.get("units", _MISSING)
        if units is not _MISSING and (not isinstance(units, str) or units != self.t.units):
            self.reasons.append(f"\"units\" is {show(units)} but the topology's bandwidths "
                                f"are in {self.t.units!r}")
        listed = data.get("compute_nodes", _MISSING)
        if listed is _MISSING:
            self.reasons.append(f"missing \"compute_nodes\": the {len(self.compute)} compute "
                                f"nodes of {self.t.name}, each once")
            return
        if not isinstance(listed, (list, tuple)):
            self.reasons.append(f"\"compute_nodes\" must be a list of node ids, found "
                                f"{show(listed)}")
            return
        seen: set[str] = set()
        problems: list[str] = []
        for item in listed:
            if not isinstance(item, str) or item not in self.compute:
                problems.append(f"{show(item)} is not a compute node")
            elif item in seen:
                problems.append(f"{item} is listed twice")
            else:
                seen.add(item)
        absent = [v for v in self.t.compute_nodes if v not in seen]
        if absent:
            problems.append(f"{', '.join(absent[:5])}{' ...' if len(absent) > 5 else ''} "
                            f"missing")
        if problems:
            self.reasons.append(f"\"compute_nodes\" must list exactly the topology's "
                                f"{len(self.compute)} compute nodes: {'; '.join(problems[:5])}"
                                f"{' ...' if len(problems) > 5 else ''}")

    def allreduce(self, data: Mapping[Any, Any]) -> tuple[PhaseLoad, ...] | None:
        raw = data.get("phases", _MISSING)
        if not isinstance(raw, (list, tuple)) or len(raw) != 2:
            found = "nothing" if raw is _MISSING else show(raw)
            self.reasons.append(f"allreduce needs \"phases\": [reduce-scatter, allgather], "
                                f"found {found}")
            return None
        phases = []
        for i, (phase, want) in enumerate(zip(raw, ALLREDUCE_PHASES)):
            if not isinstance(phase, Mapping):
                self.reasons.append(f"allreduce phase {i} must be an object, found {show(phase)}")
                continue
            got = phase.get("collective", _MISSING)
            if got != want or not isinstance(got, str):
                self.reasons.append(f"allreduce phase {i} must be {want}, found "
                                    f"{'nothing' if got is _MISSING else show(got)}")
                continue
            prefix = f"phase {i} ({want}): "
            self.keys(phase, _ALLREDUCE_PHASE_KEYS + (("orbits",) if self.version == 3 else ()),
                      prefix, {"root": "an allreduce phase must not carry a \"root\""})
            phases.append(self.phase(phase, want, None, prefix))
        if len(phases) != 2 or any(p is None for p in phases):
            return None
        return tuple(p for p in phases if p is not None)

    def claim(self, obj: Mapping[Any, Any], key: str, actual: Fraction, prefix: str, *,
              required: bool = False) -> None:
        """A claimed number (``algbw`` always, ``tree_bandwidth`` when present) must equal
        the recomputed one exactly."""
        value = obj.get(key, _MISSING)
        if value is _MISSING:
            if required:
                self.reasons.append(f"{prefix}missing \"{key}\": it is "
                                    f"{fraction_text(actual)} by the link loads")
            return
        claimed = parse_exact(value)
        if claimed is None:
            self.reasons.append(f"{prefix}\"{key}\" must be an exact number (an integer, or "
                                f"a \"p/q\" or decimal string without sign or spaces), found "
                                f"{show(value)}")
        elif claimed != actual:
            self.reasons.append(f"{prefix}\"{key}\" claims {show_fraction(claimed)} but the "
                                f"link loads give {fraction_text(actual)}")

    def phase(self, phase: Mapping[Any, Any], coll: str, root: str | None,
              prefix: str) -> PhaseLoad | None:
        start = len(self.reasons)
        k = self.count(phase.get("k", _MISSING), "k", prefix)
        lists = self.tree_lists(phase, prefix)
        if lists is None:
            return None
        inward = coll in INWARD
        loads: dict[tuple[str, str], int] = {}
        plain: dict[tuple[str, str], int] = {}     # every path in full (multicast only)
        totals: dict[str, int] = {}
        # representatives (version 3): their loads per orbit of links, weights per orbit of
        # roots, spread over the orbits by orbit-stabiliser below (verify/group.py)
        for (trees, label), into in zip(lists, ((loads, plain, totals), ({}, {}, {}))):
            for i, tree in enumerate(trees):
                troot, weight, hops = self.tree(tree, i, inward, coll, root, prefix, label)
                if troot is None or weight is None:
                    continue
                key = troot if label == "tree" else self.group.node_orbit[troot]
                into[2][key] = into[2].get(key, 0) + weight     # counted even if its edges
                if hops is None:                                # are wrong: one reason each
                    continue
                for hop in hops[0]:
                    key = hop if label == "tree" else self.group.link_orbit[hop]
                    into[0][key] = into[0].get(key, 0) + weight
                for hop in hops[1] if self.multicast else ():
                    key = hop if label == "tree" else self.group.link_orbit[hop]
                    into[1][key] = into[1].get(key, 0) + weight
            if label == "representative":
                self.spread(into, loads, plain, totals)
        if k is not None:
            self.root_totals(totals, k, root, prefix)
        if len(self.reasons) > start or k is None or self.parts is None:
            return None
        cap = self.t.capacity
        per_link = {hop: Fraction(load) / cap[hop] for hop, load in loads.items()}
        worst = max(per_link.values())
        # parts of the data: k of M (single root), or k·ŵ_v of M/(Ŵ·k) at every root v
        parts = k if coll in SINGLE_ROOT else sum(self.parts) * k
        self.claim(phase, "tree_bandwidth", 1 / worst, prefix)
        self.claim(phase, "algbw", parts / worst, prefix, required=True)
        if len(self.reasons) > start:
            return None
        self.link_times.append({hop: r / parts for hop, r in per_link.items()})
        idx = self.t.index
        busiest = sorted(per_link.items(), key=lambda kv: (-kv[1], idx[kv[0][0]], idx[kv[0][1]]))
        top = tuple((a, b, loads[(a, b)], r) for (a, b), r in busiest[:5])
        if not self.multicast:
            return PhaseLoad(coll, k, worst / parts, top)
        # traffic per unit of data: a unit of weight carries 1/parts of it
        links = tuple((a, b, Fraction(loads.get((a, b), 0), parts), Fraction(n, parts))
                      for (a, b), n in sorted(plain.items(), key=lambda kv: (idx[kv[0][0]],
                                                                            idx[kv[0][1]])))
        traffic = (sum((w for _, _, w, _ in links), Fraction(0)),
                   sum((wo for _, _, _, wo in links), Fraction(0)))
        return PhaseLoad(coll, k, worst / parts, top, traffic, links)

    def tree_lists(self, phase: Mapping[Any, Any], prefix: str
                   ) -> list[tuple[Sequence[Any], str]] | None:
        """The phase's ``trees`` (required but for version 3) and, in version 3, its
        ``orbits``, with the name each one's trees go by; at least one tree in all."""
        lists = []
        for key, label in (("trees", "tree"), ("orbits", "representative")):
            if key == "orbits" and self.version != 3:
                continue
            raw = phase.get(key, _MISSING)
            if raw is _MISSING and key == "trees" and self.version == 3:
                raw = []                          # optional beside the representatives
            if not isinstance(raw, (list, tuple)):
                found = "nothing" if raw is _MISSING else show(raw)
                self.reasons.append(f"{prefix}\"{key}\" must be a list, found {found}")
                return None
            lists.append((raw, label))
        if not any(trees for trees, _ in lists):
            what = "\"orbits\" or \"trees\"" if self.version == 3 else "\"trees\""
            self.reasons.append(f"{prefix}{what} must hold at least one tree")
            return None
        return lists

    def spread(self, orbit_sums: tuple[dict, dict, dict], loads: dict[Hop, int],
               plain: dict[Hop, int], totals: dict[str, int]) -> None:
        """The representatives' sums per orbit, onto every link and root of the orbit:
        |G| / |O| times each (verify/group.py)."""
        group = self.group
        assert group is not None
        for sums, into in zip(orbit_sums[:2], (loads, plain)):
            for orbit, load in sums.items():
                share = group.link_share(orbit) * load
                for hop in group.link_orbits[orbit]:
                    into[hop] = into.get(hop, 0) + share
        for v in self.t.compute_nodes:
            weight = orbit_sums[2].get(group.node_orbit[v], 0)
            if weight:
                totals[v] = totals.get(v, 0) + group.root_share(v) * weight

    def root_totals(self, totals: Mapping[str, int], k: int, root: str | None,
                    prefix: str) -> None:
        """Every root's trees weigh k (single root, or uniform) or k·ŵ_v (shard weights)."""
        if root is not None:
            wanted = [(root, k, 1)]
        elif self.parts is None:          # unreadable weights: already a reason of their own
            return
        else:
            wanted = [(v, k * w, w) for v, w in zip(self.t.compute_nodes, self.parts)]
        for v, want, w in wanted:
            got = totals.get(v, 0)
            if got == want:
                continue
            if self.shards is None or root is not None:
                rule = f"every root's weights must sum to k = {k}"
            elif w == 0:
                rule = f"{v} has weight 0: no tree may be rooted at it"
            else:
                rule = f"they must weigh k·ŵ = {k}·{w} = {want}"
            self.reasons.append(f"{prefix}trees rooted at {v} weigh {show(got)} in all; {rule}")

    def tree(self, tree: Any, i: int, inward: bool, coll: str, root: str | None, prefix: str,
             label: str = "tree"
             ) -> tuple[str | None, int | None, tuple[list[Hop], list[Hop]] | None]:
        """One tree: its root and weight where they are sound (for the per-root totals), and
        if the whole tree is sound its link hops (None otherwise, with its reasons): the
        hops that carry its data (merged under multicast) and every path's hops in full."""
        if not isinstance(tree, Mapping):
            self.reasons.append(f"{prefix}{label} #{i} must be an object, found {show(tree)}")
            return None, None, None
        start = len(self.reasons)
        troot = tree.get("root", _MISSING)
        where = (f"{prefix}{label} #{i} (root "
                 f"{self.label(troot) if troot is not _MISSING else 'missing'})")
        self.keys(tree, _TREE_KEYS, f"{where}: ")
        weight = self.count(tree.get("weight", _MISSING), "weight", f"{where}: ")
        root_ok = False
        if troot is _MISSING:
            self.reasons.append(f"{where}: missing \"root\"")
        elif not isinstance(troot, str) or troot not in self.compute:
            what = "a switch" if self.node(troot) else "not a node of the topology"
            self.reasons.append(f"{where}: root {self.label(troot)} is {what}; a tree is rooted "
                                f"at a compute node")
        elif root is not None and troot != root:
            self.reasons.append(f"{where}: every {coll} tree must be rooted at {root}")
        else:
            root_ok = True
        counted = (troot if root_ok else None), weight
        edges = tree.get("edges", _MISSING)
        if not isinstance(edges, (list, tuple)):
            found = "nothing" if edges is _MISSING else show(edges)
            self.reasons.append(f"{where}: \"edges\" must be a list, found {found}")
            return (*counted, None)
        parent: dict[str, str] = {}
        routes: list[Sequence[str]] = []
        for j, e in enumerate(edges):
            self.edge(e, j, where, inward, troot if root_ok else None, parent, routes)
        if root_ok:
            connected, cycles = _walk_to_root(parent, troot)
            for cycle in cycles:
                self.reasons.append(f"{where}: cycle through {' -> '.join(cycle)}")
            missing = [v for v in self.t.compute_nodes if v != troot and v not in connected]
            if not cycles and not missing:
                self.depth = max(self.depth, tree_depth(parent, troot))
            if missing:
                verb = "deliver to the root from" if inward else "reach"
                shown = ", ".join(missing[:8]) + (" ..." if len(missing) > 8 else "")
                self.reasons.append(f"{where}: does not {verb} {shown}")
        if len(self.reasons) > start or weight is None or not root_ok:
            return (*counted, None)
        full = [hop for route in routes for hop in zip(route, route[1:])]
        if not self.multicast:
            return troot, weight, (full, full)
        merged = multicast_hops(routes, inward, self.capable)
        return troot, weight, (merged, full)


    def edge(self, e: Any, j: int, where: str, inward: bool, troot: str | None,
             parent: dict[str, str], routes: list[Sequence[str]]) -> None:
        if sound_edge(self.t, self.compute, e, inward, troot, parent, routes):
            return          # every check below passes (verify/edges.py): nothing to say
        if not isinstance(e, Mapping):
            self.reasons.append(f"{where}: edge #{j} must be an object, found {show(e)}")
            return
        src, dst, path = e.get("src", _MISSING), e.get("dst", _MISSING), e.get("path", _MISSING)
        ew = f"{where}: edge #{j} {self.label(src)} -> {self.label(dst)}"
        self.keys(e, _EDGE_KEYS, f"{ew}: ")
        ends_ok = True
        for name, end in (("src", src), ("dst", dst)):
            if end is _MISSING:
                self.reasons.append(f"{ew}: missing \"{name}\"")
                ends_ok = False
            elif not isinstance(end, str) or end not in self.compute:
                what = "a switch" if self.node(end) else "not a node of the topology"
                self.reasons.append(f"{ew}: {name} {self.label(end)} is {what}; tree edges join "
                                    f"compute nodes")
                ends_ok = False
        if ends_ok:
            child, up = (src, dst) if inward else (dst, src)
            if src == dst:
                self.reasons.append(f"{ew}: an edge must join two different nodes")
            elif child == troot:
                self.reasons.append(f"{ew}: the root {troot} must not have a parent")
            elif child in parent:
                self.reasons.append(f"{ew}: node {child} has two parents ({parent[child]} and "
                                    f"{up})")
            else:
                parent[child] = up
        if path is _MISSING:
            self.reasons.append(f"{ew}: missing \"path\", the physical route")
            return
        if not isinstance(path, (list, tuple)) or len(path) < 2:
            self.reasons.append(f"{ew}: \"path\" must list at least its two ends, found "
                                f"{show(path)}")
            return
        for n, v in enumerate(path):
            if not self.node(v):
                self.reasons.append(f"{ew}: path item #{n} {show(v)} is not a node of the "
                                    f"topology")
                return
        shown = ">".join(path) if len(path) <= 12 else f"{'>'.join(path[:12])}>..."
        if ends_ok and (path[0] != src or path[-1] != dst):
            self.reasons.append(f"{ew}: path {shown} runs from {path[0]} to {path[-1]}, not from "
                                f"{src} to {dst}")
        for relay in path[1:-1]:
            if relay in self.compute:
                self.reasons.append(f"{ew}: path relays through compute node {relay}")
                break
        cap = self.t.capacity
        for hop in zip(path, path[1:]):
            if hop not in cap:
                self.reasons.append(f"{ew}: path uses link {hop[0]} -> {hop[1]}, which does "
                                    f"not exist")
                break
        else:
            routes.append(path)


def _walk_to_root(parent: Mapping[str, str], root: str) -> tuple[set[str], list[list[str]]]:
    """Nodes whose parent chain ends at the root, and the cycles met on the way."""
    state: dict[str, bool] = {root: True}     # True: leads to the root; False: does not
    cycles: list[list[str]] = []
    for start in parent:
        chain: list[str] = []
        on_chain: set[str] = set()
        node = start
        while node not in state and node in parent and node not in on_chain:
            chain.append(node)
            on_chain.add(node)
            node = parent[node]
        if node in on_chain:
            cycles.append(chain[chain.index(node):])
            result = False
        else:
            result = state.get(node, False)
        for v in chain:
            state[v] = result
    return {v for v, ok in state.items() if ok and v != root}, cycles
