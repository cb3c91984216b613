"""MSCCL++ execution plans: every catalog schedule's plan, replayed by a small symbolic
executor written here (independent of the exporter), ends with the collective's exact
result without a deadlock, pairs every signal with a wait, keeps every thread block within
the executor's limits, carries the schedule's exact algbw on the links, and has every key
the executor's parser reads with the type it reads it as."""

import json
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from forestcoll_opt.cli import main
from forestcoll_opt.errors import MscclExportError, UsageError
from forestcoll_opt.model.linkloads import achieved_algbw
from forestcoll_opt.runtimes.mscclpp_export import export_mscclpp, write_mscclpp

SPECS = ["dgx-a100:boxes=2", "dgx-h100:boxes=2", "mi250:boxes=2,gpus=8"]
COLLECTIVES = ["allgather", "reduce-scatter", "allreduce", "lp", "broadcast", "reduce",
               "alltoall"]

# The keys microsoft/mscclpp's parser reads and the JSON type it reads each as
# (src/core/executor/execution_plan.cc at commit 00668b4a41acbf25214c03df74d743849d8518e8,
# by function): the constructor ExecutionPlan::Impl::Impl reads name, collective, inplace
# and, with defaults, reuse_resources, use_double_scratch_buffer, buffer_alignment,
# min_message_size, max_message_size; loadExecutionPlan reads protocol,
# num_threads_per_block and the gpu's id (compared with the rank: "GPU rank does not
# match"), input_chunks, output_chunks, scratch_chunks; parseChannels channel_type and
# connected_to; parseRemoteBuffer rank, type, access_channel_types; setupChannels a thread
# block's channels (channel_type, channel_ids); setupRemoteBuffers remote_buffer_refs
# (access_channel_type, remote_buffer_ids); setupOperations id and ops; setupOperation an
# op's name, channel_type, channel_ids, src_buff/dst_buff (type or buffer_id, index, size),
# barrier_id, num_threadblocks, semaphore_ids, iter_context (unit_size, num_chunks) and a
# pipeline's inner ops.
TOP = {"name": str, "collective": str, "protocol": str, "inplace": bool, "gpus": list,
       "min_message_size": int, "max_message_size": int, "buffer_alignment": int,
       "num_threads_per_block": int, "use_double_scratch_buffer": bool,
       "reuse_resources": bool}
GPU = {"id": int, "input_chunks": int, "output_chunks": int, "scratch_chunks": int,
       "threadblocks": list, "channels": list, "remote_buffers": list}
TB = {"id": int, "ops": list, "channels": list, "remote_buffer_refs": list}
OPS = {"nop", "barrier", "put", "get", "copy", "signal", "wait", "flush", "re", "pipeline",
       "ppkt", "rppkt", "upkt", "cpkt", "repkt", "respkt", "recpkt", "recspkt"}
PACKET_OPS = {"ppkt", "rppkt", "upkt", "cpkt", "repkt", "respkt", "recpkt", "recspkt"}
LIMITS = {"operations": 64, "channels": 16, "per_op": 8}   # execution_common.hpp


def typed(obj, spec, where):
    for key, kind in spec.items():
        assert key in obj, f"{where}: no {key}"
        assert isinstance(obj[key], kind) and not (kind is int and isinstance(obj[key], bool)), \
            f"{where}.{key}: {obj[key]!r}"


def check_fields(plan):
    typed(plan, TOP, "plan")
    for g, gpu in enumerate(plan["gpus"]):
        typed(gpu, GPU, f"gpus[{g}]")
        assert gpu["id"] == g                     # "GPU rank does not match"
        for ch in gpu["channels"]:
            assert ch["channel_type"] in ("memory", "port")
            assert all(isinstance(p, int) for p in ch["connected_to"])
        for rb in gpu["remote_buffers"]:
            assert rb["type"] in ("i", "o", "s") and isinstance(rb["rank"], int)
            assert set(rb["access_channel_types"]) <= {"memory", "port"}
        assert [tb["id"] for tb in gpu["threadblocks"]] == list(range(len(gpu["threadblocks"])))
        for tb in gpu["threadblocks"]:
            typed(tb, TB, f"gpus[{g}].tb")
            count = 0
            for op in tb["ops"]:
                count += 1 + len(op.get("ops", ()))
                for o in [op] + op.get("ops", []):
                    assert o["name"] in OPS
                    assert len(o.get("channel_ids", ())) <= LIMITS["per_op"]
                    for b in o.get("src_buff", []) + o.get("dst_buff", []):
                        assert isinstance(b["index"], int) and isinstance(b["size"], int)
                        assert ("type" in b) != ("buffer_id" in b)
                if op["name"] == "pipeline":
                    assert set(op["iter_context"]) == {"unit_size", "num_chunks"}
            assert count <= LIMITS["operations"]
            for ch in tb["channels"]:
                assert len(ch["channel_ids"]) <= LIMITS["channels"]
            for ref in tb["remote_buffer_refs"]:
                assert len(ref["remote_buffer_ids"]) <= LIMITS["channels"]


class Run:
    """The plan replayed: buffers hold, per chunk and pipeline slice, the set of (rank,
    input chunk) contributions (a reduction unites them and refuses an overlap)."""

    def __init__(self, plan, slices=2):
        self.plan, self.slices = plan, slices
        self.gpus = plan["gpus"]
        self.n = len(self.gpus)
        self.flat = []                            # rank -> type -> [peer]
        self.tag = {}                             # (rank, type, index) -> (peer, tag)
        self.by_tag = {}                          # (rank, peer, tag) -> (type, index)
        for g in self.gpus:
            lists = {"memory": [], "port": []}
            for ch in g["channels"]:
                lists[ch["channel_type"]] += ch["connected_to"]
            self.flat.append(lists)
            seen = Counter()
            for t in ("memory", "port"):           # executor.cc setupConnections: memory first
                for i, peer in enumerate(lists[t]):
                    self.tag[(g["id"], t, i)] = (peer, seen[peer])
                    self.by_tag[(g["id"], peer, seen[peer])] = (t, i)
                    seen[peer] += 1
        for (r, t, i), (peer, k) in self.tag.items():
            assert self.by_tag.get((peer, r, k), (None,))[0] == t, \
                f"rank {r}'s {t} channel {i} to {peer} has no partner"
        self.inbound = Counter()
        self.consumed = Counter()
        self.signals = Counter()
        self.waits = Counter()
        self.buf = {}
        self.bytes = Counter()                    # (src rank, dst rank, phase) -> slices
        for g in self.gpus:
            for c in range(g["input_chunks"]):
                for s in range(slices):
                    self.buf[(g["id"], "i", c, s)] = frozenset({(g["id"], c)})

    def channel(self, r, tb, t, local):
        return tb_channels(tb, t)[local]

    def run(self):
        progs = []
        for g in self.gpus:
            for tb in g["threadblocks"]:
                names = [o["name"] for o in tb["ops"]]
                # a thread block that starts with a barrier (after its handshake) runs a
                # later phase: its link loads come after the others' (the export writes
                # none; the replay runs any plan)
                phase = int("barrier" in names and all(
                    n in ("signal", "wait", "nop") for n in names[:names.index("barrier")]))
                ops = []
                for op in tb["ops"]:
                    if op["name"] == "pipeline":
                        for s in range(self.slices):
                            ops += [(o, s) for o in op["ops"]]
                    else:
                        ops.append((op, None))
                progs.append({"rank": g["id"], "tb": tb, "ops": ops, "pc": 0,
                              "phase": phase, "arrived": False})
        arrived = Counter()
        while True:
            moved = False
            for p in progs:
                while p["pc"] < len(p["ops"]):
                    op, s = p["ops"][p["pc"]]
                    if op["name"] == "barrier":
                        if not p["arrived"]:
                            arrived[p["rank"]] += 1
                            p["arrived"] = True
                        if arrived[p["rank"]] < op["num_threadblocks"]:
                            break
                    elif not self.step(p["rank"], p["tb"], op, s, p["phase"]):
                        break
                    p["pc"] += 1
                    moved = True
            if all(p["pc"] == len(p["ops"]) for p in progs):
                return
            assert moved, "deadlock: " + str([(p["rank"], p["tb"]["id"], p["pc"])
                                               for p in progs if p["pc"] < len(p["ops"])][:4])

    def peer_channel(self, r, t, i):
        peer, k = self.tag[(r, t, i)]
        return (peer,) + self.by_tag[(peer, r, k)]

    def step(self, r, tb, op, s, phase):
        if s is None and op["name"] in PACKET_OPS | {"copy"}:
            if op["name"] in PACKET_OPS and not all(self.arrived(r, op, x)
                                                    for x in range(self.slices)):
                return False                       # spins on a packet's flag
            for x in range(self.slices):
                assert self.step(r, tb, op, x, phase)
            return True
        name = op["name"]
        chans = {t: tb_channels(tb, t) for t in ("memory", "port")}
        if name in ("signal", "wait"):
            t = op["channel_type"]
            ids = [chans[t][i] for i in op["channel_ids"]]
            if name == "wait":
                if any(self.inbound[(r, t, i)] <= self.consumed[(r, t, i)] for i in ids):
                    return False
                for i in ids:
                    self.consumed[(r, t, i)] += 1
                    self.waits[(self.tag[(r, t, i)][0], r)] += 1
                return True
            for i in ids:
                self.inbound[self.peer_channel(r, t, i)] += 1
                self.signals[(r, self.tag[(r, t, i)][0])] += 1
            return True
        if name in ("nop", "flush"):
            return True
        if name in PACKET_OPS:
            return self.packet(r, tb, op, s, phase)
        src = [self.read(r, b, s) for b in op.get("src_buff", [])]
        if name == "copy":
            self.write(r, op["dst_buff"][0], src[0], s)
        elif name == "re":
            sums = []
            for values in zip(*src):                # chunk by chunk
                total = frozenset()
                for v in values:
                    assert not total & v, f"rank {r} adds a contribution twice"
                    total |= v
                sums.append(total)
            self.write(r, op["dst_buff"][0], sums, s)
        elif name == "put":
            t = op["channel_type"]
            refs = {x["access_channel_type"]: x["remote_buffer_ids"]
                    for x in tb["remote_buffer_refs"]}
            for i, (b, d) in enumerate(zip(op["src_buff"], op["dst_buff"])):
                rb = self.gpus[r]["remote_buffers"][refs[t][d["buffer_id"]]]
                owner = rb["rank"]
                peers = [self.flat[r][t][c] for c in chans[t]]
                assert owner in peers, f"rank {r} puts to {owner} without a {t} channel"
                if t == "port":
                    assert self.flat[r][t][chans[t][op["channel_ids"][i]]] == owner
                assert b["type"] == op["src_buff"][0]["type"]    # one source buffer per op
                self.write(owner, {"type": rb["type"], "index": d["index"],
                                   "size": d["size"]}, src[i], s)
                self.bytes[(r, owner, phase)] += d["size"]
        else:
            raise AssertionError(name)
        return True

    def arrived(self, r, op, s):
        """Every packet the op reads from its own scratch is there (its flag set)."""
        reads = op["src_buff"][1:] if op["name"] in ("repkt", "respkt", "recpkt", "recspkt") \
            else op["src_buff"] if op["name"] in ("rppkt", "upkt") else []
        return all((r, "P", c, s) in self.buf for b in reads
                   for c in range(b["index"], b["index"] + b["size"]))

    def packet(self, r, tb, op, s, phase):
        name = op["name"]
        refs = {x["access_channel_type"]: x["remote_buffer_ids"] for x in tb["remote_buffer_refs"]}

        def pk(b):
            return dict(b, type="P")

        def remote(d, i):
            t = op["channel_type"]
            rb = self.gpus[r]["remote_buffers"][refs[t][d["buffer_id"]]]
            assert rb["type"] == "s", "packets go to a peer's scratch"
            peers = [self.flat[r][t][c] for c in tb_channels(tb, t)]
            assert rb["rank"] in peers, f"rank {r} writes packets to {rb['rank']} unlinked"
            if t == "port":
                assert self.flat[r][t][tb_channels(tb, t)[op["channel_ids"][i]]] == rb["rank"]
            self.bytes[(r, rb["rank"], phase)] += d["size"]
            return rb["rank"], {"type": "P", "index": d["index"], "size": d["size"]}

        if name == "ppkt":
            assert op["channel_type"] == "memory"
            for i, (b, d) in enumerate(zip(op["src_buff"], op["dst_buff"])):
                owner, where = remote(d, i)
                self.write(owner, where, self.read(r, b, s), s)
        elif name == "rppkt":
            data = self.read(r, pk(op["src_buff"][0]), s)
            for i, d in enumerate(op["dst_buff"]):
                owner, where = remote(d, i)
                self.write(owner, where, data, s)
        elif name == "upkt":
            self.write(r, op["dst_buff"][0], self.read(r, pk(op["src_buff"][0]), s), s)
        elif name == "cpkt":
            self.write(r, pk(op["dst_buff"][0]), self.read(r, op["src_buff"][0], s), s)
        else:
            values = [self.read(r, op["src_buff"][0], s)] + \
                [self.read(r, pk(b), s) for b in op["src_buff"][1:]]
            sums = []
            for chunk in zip(*values):
                total = frozenset()
                for v in chunk:
                    assert not total & v, f"rank {r} adds a contribution twice"
                    total |= v
                sums.append(total)
            dsts = op["dst_buff"]
            self.write(r, dsts[0], sums, s)
            rest = dsts[1:]
            if name.startswith("rec"):
                self.write(r, pk(rest[0]), sums, s)
                rest = rest[1:]
            assert bool(rest) == (name in ("respkt", "recspkt"))
            for i, d in enumerate(rest):
                owner, where = remote(d, i)
                self.write(owner, where, sums, s)
        return True

    def read(self, r, b, s):
        out = []
        for c in range(b["index"], b["index"] + b["size"]):
            key = (r, b["type"], c, s)
            assert key in self.buf, f"rank {r} reads {key} before anything was written there"
            out.append(self.buf[key])
        return out

    def write(self, r, b, values, s):
        if isinstance(values, frozenset):
            values = [values] * b["size"]
        for c, v in zip(range(b["index"], b["index"] + b["size"]), values):
            self.buf[(r, b["type"], c, s)] = v


def tb_channels(tb, t):
    for ch in tb["channels"]:
        if ch["channel_type"] == t:
            return ch["channel_ids"]
    return []


def expected(plan, coll, root):
    """(rank, buffer, chunk) -> contributions at the end."""
    n = len(plan["gpus"])
    out = {}
    g0 = plan["gpus"][0]
    if coll == "allgather":
        per = g0["input_chunks"] or g0["output_chunks"] // n
        for r in range(n):
            for q in range(n):
                for j in range(per):
                    src = (q, q * per + j) if plan["inplace"] else (q, j)
                    out[(r, "o", q * per + j)] = {src}
    elif coll == "reducescatter":
        per = g0["output_chunks"]
        for r in range(n):
            for j in range(per):
                out[(r, "o", j)] = {(q, r * per + j) for q in range(n)}
    elif coll == "allreduce":
        for r in range(n):
            for j in range(g0["output_chunks"]):
                out[(r, "o", j)] = {(q, j) for q in range(n)}
    elif coll == "broadcast":
        for r in range(n):
            for j in range(g0["output_chunks"]):
                out[(r, "o", j)] = {(root, j)}
    elif coll == "reduce":
        for j in range(g0["output_chunks"]):
            out[(root, "o", j)] = {(q, j) for q in range(n)}
    else:
        per = g0["output_chunks"] // n
        for t in range(n):
            for s in range(n):
                for j in range(per):
                    out[(t, "o", s * per + j)] = {(s, t * per + j)}
    return out


def replay(plan, coll, root=None):
    run = Run(plan)
    if plan["inplace"]:                           # an in-place allgather's input is its slot
        per = plan["gpus"][0]["output_chunks"] // len(plan["gpus"])
        for r in range(len(plan["gpus"])):
            for c in range(per):
                for s in range(run.slices):
                    run.buf[(r, "o", r * per + c, s)] = frozenset({(r, r * per + c)})
                    run.buf[(r, "i", c, s)] = frozenset({(r, r * per + c)})
    run.run()
    for (r, b, c), want in expected(plan, coll, root).items():
        for s in range(run.slices):
            assert run.buf.get((r, b, c, s)) == want, (r, b, c, s)
    return run


def plan_algbw(run, topology, schedule, chunks_in_m):
    """algbw from the plan's own puts: every rank pair's chunks on the schedule's route for
    that pair, all at once."""
    nodes = topology.compute_nodes
    paths = {}
    phases = schedule.phases or (schedule,)
    for p in phases:
        for tree in p.iter_trees():
            for e in tree.edges:
                paths.setdefault((e.src, e.dst), set()).add(e.path)
    for route in schedule.routes:
        stops = [i for i, v in enumerate(route.path) if v in set(nodes)]
        for a, b in zip(stops, stops[1:]):
            paths.setdefault((route.path[a], route.path[b]), set()).add(route.path[a:b + 1])
    time = Fraction(0)
    for phase in sorted({k[2] for k in run.bytes}):
        load = Counter()
        for (a, b, ph), chunks in run.bytes.items():
            if ph != phase:
                continue
            (path,) = paths[(nodes[a], nodes[b])]      # one route per rank pair here
            for hop in zip(path, path[1:]):
                load[hop] += Fraction(chunks, run.slices)
        time += max(v / topology.capacity[h] for h, v in load.items())
    return chunks_in_m / time


def check_links(plan, topology, schedule):
    """Every channel joins two ranks that a tree edge (or route hop) of the schedule joins,
    over links of the topology, of the channel's type: memory only over NVLink/xGMI."""
    nodes = topology.compute_nodes
    routes = {}
    for p in schedule.phases or (schedule,):
        for tree in p.iter_trees():
            for e in tree.edges:
                routes.setdefault(frozenset((e.src, e.dst)), set()).add(e.path)
    for route in schedule.routes:
        stops = [i for i, v in enumerate(route.path) if v in set(nodes)]
        for a, b in zip(stops, stops[1:]):
            routes.setdefault(frozenset((route.path[a], route.path[b])), set()).add(
                route.path[a:b + 1])
    for g in plan["gpus"]:
        for ch in g["channels"]:
            for peer in ch["connected_to"]:
                paths = routes[frozenset((nodes[g["id"]], nodes[peer]))]
                for path in paths:
                    hops = list(zip(path, path[1:]))
                    assert all(h in topology.capacity for h in hops)
                    kinds = {topology.link_type.get(h) for h in hops}
                    assert (ch["channel_type"] == "memory") == (kinds <= {"nvlink", "xgmi"}), \
                        (g["id"], peer, ch["channel_type"], kinds)


def check_scratch(plan):
    """Packet slots (bytes [2j, 2j + 2n) in chunks) and payload ranges of the scratch never
    overlap, and all lie within what the executor allocates (LL: 2 x scratch_chunks)."""
    packets = plan["protocol"] == "LL"
    for g in plan["gpus"]:
        spans = set()
        for _, op in _ops(plan, [g]):
            for i, b in enumerate(op.get("src_buff", []) + op.get("dst_buff", [])):
                if b.get("type") != "s":
                    continue
                srcs = len(op.get("src_buff", []))
                is_src = i < srcs
                j = i if is_src else i - srcs
                packet = op["name"] in PACKET_OPS and not (
                    (op["name"] == "cpkt" and is_src) or (op["name"] == "upkt" and not is_src)
                    or (op["name"] in ("repkt", "respkt", "recpkt", "recspkt")
                        and ((is_src and j == 0) or (not is_src and j == 0))))
                lo = 2 * b["index"] if packet else b["index"]
                spans.add((lo, lo + (2 if packet else 1) * b["size"], packet))
        ordered = sorted(spans)
        limit = (2 if packets else 1) * g["scratch_chunks"]
        for (a0, a1, pa), (b0, b1, pb) in zip(ordered, ordered[1:]):
            assert a1 <= b0 or (a0, a1, pa) == (b0, b1, pb), (g["id"], (a0, a1), (b0, b1))
        assert all(hi <= limit for _, hi, _ in ordered)


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("collective", COLLECTIVES)
@pytest.mark.parametrize("protocol", ["Simple", "LL"])
def test_every_plan_runs_to_the_collective_with_the_schedules_algbw(schedules, spec,
                                                                    collective, protocol):
    t, s = schedules(spec, collective)
    if collective == "alltoall" and s.demand is not None:
        pytest.skip("uniform demand only")
    result = export_mscclpp(t, s, protocol=protocol)
    plan = json.loads(result.text)
    assert plan["protocol"] == protocol
    check_fields(plan)
    check_scratch(plan)
    check_links(plan, t, s)
    root = t.compute_nodes.index(s.root) if s.root else None
    run = replay(plan, plan["collective"], root)
    assert run.signals == run.waits             # every signal waited for, per rank pair
    assert max(len(g["threadblocks"]) for g in plan["gpus"]) == result.threadblocks <= 132
    g0 = plan["gpus"][0]
    m = {"allgather": g0["output_chunks"], "reducescatter": g0["input_chunks"],
         "alltoall": None}.get(plan["collective"], g0["input_chunks"])
    # the replay counts payload; an LL packet carries as many bytes of flags, so the plan's
    # algbw is half the payload's (check_mscclpp counts the same)
    wire = 2 if protocol == "LL" else 1
    if m is not None:
        assert plan_algbw(run, t, s, m) == result.algbw * wire
    if s.phases:                                # both phases at once: the concurrent algbw
        assert result.algbw * wire == achieved_algbw(replace(s, concurrent=True), t) >= s.algbw
    if not s.phases or s.concurrent:
        assert result.algbw * wire == s.algbw   # the schedule's own algbw, exactly


def test_inplace_allgather_and_chunks(schedules):
    t, s = schedules("dgx-h100:boxes=2", "allgather")
    plan = json.loads(export_mscclpp(t, s, inplace=True, chunks=2).text)
    assert plan["inplace"] is True and plan["gpus"][0]["output_chunks"] == 16 * s.k * 2
    replay(plan, "allgather")


def test_a_compact_schedule_is_exported_one_tree_at_a_time(catalog, monkeypatch):
    """The compact schedule's plan is the expanded schedule's, byte for byte, and is made
    without expanding it (Schedule.expanded is never called)."""
    from forestcoll_opt.generation.pipeline import generate
    from forestcoll_opt.model.schedule import Schedule

    t = catalog("dgx-h100:boxes=4")
    compact = generate(t, compact=True)
    assert compact.group is not None and compact.orbits
    plain = export_mscclpp(t, compact.expanded()).text

    def refuse(self):
        raise AssertionError("expanded")

    monkeypatch.setattr(Schedule, "expanded", refuse)
    assert export_mscclpp(t, compact).text == plain
    replay(json.loads(plain), "allgather")


FORGERIES = {
    "a wait dropped": lambda p: _drop(p, "wait"),
    "a put's chunk moved": lambda p: _first(p, "put")["dst_buff"][0].update(
        index=_first(p, "put")["dst_buff"][0]["index"] + 1),
    "a put's size doubled": lambda p: _first(p, "put")["dst_buff"][0].update(size=2),
    "a reduction's source dropped": lambda p: _first(p, "re")["src_buff"].pop(),
}


def _ops(plan, gpus=None):
    for g in plan["gpus"] if gpus is None else gpus:
        for tb in g["threadblocks"]:
            for op in tb["ops"]:
                yield tb["ops"], op
                for inner in op.get("ops", ()):
                    yield op["ops"], inner


def _first(plan, name):
    return next(op for _, op in _ops(plan) if op["name"] == name)


def _drop(plan, name):
    for ops, op in _ops(plan):
        if op["name"] == name and ops is not plan["gpus"][0]["threadblocks"][0]["ops"]:
            ops.remove(op)
            return


@pytest.mark.parametrize("forgery", FORGERIES)
def test_the_replay_refuses_forged_plans(schedules, forgery):
    """Each check of the replay has teeth: a plan forged to break it fails."""
    t, s = schedules("dgx-h100:boxes=2", "allreduce")
    plan = json.loads(export_mscclpp(t, s).text)
    FORGERIES[forgery](plan)
    with pytest.raises(AssertionError):
        run = replay(plan, "allreduce")
        assert run.signals == run.waits
        assert plan_algbw(run, t, s, plan["gpus"][0]["input_chunks"]) == s.algbw


def test_per_size_plans_and_nothing_half_written(schedules, tmp_path):
    t, s = schedules("dgx-h100:boxes=2", "allgather")
    out = tmp_path / "small.json"
    r = write_mscclpp(t, s, out, min_message_size=1024, max_message_size=1 << 20,
                      name="ag-small")
    plan = json.loads(out.read_text())
    assert (plan["name"], plan["min_message_size"], plan["max_message_size"]) == \
        ("ag-small", 1024, 1 << 20)
    assert (r.min_message_size, r.max_message_size) == (1024, 1 << 20)
    assert json.loads(export_mscclpp(t, s).text)["max_message_size"] == 2**64 - 1
    for bad, words in (({"min_message_size": 5, "max_message_size": 4}, "is above"),
                       ({"sm_count": 2}, "thread blocks"), ({"chunks": 0}, "chunks=0"),
                       ({"unit_size": 100}, "multiple of 16"),
                       ({"protocol": "LL128"}, "protocol")):
        with pytest.raises(MscclExportError, match=words):
            write_mscclpp(t, s, tmp_path / "bad.json", **bad)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["small.json"]   # no stage left
    with pytest.raises(UsageError):
        export_mscclpp(s, t)


def test_refused_schedules(catalog, schedules):
    from forestcoll_opt.generation.pipeline import generate

    t = catalog("dgx-h100:boxes=2,nvls=1")
    s = generate(t)
    assert s.multicast
    with pytest.raises(MscclExportError, match="multicast"):
        export_mscclpp(t, s)
    t, s = schedules("dgx-h100:boxes=2", "reduce-scatter")
    with pytest.raises(MscclExportError, match="in-place plan"):
        export_mscclpp(t, s, inplace=True)
    other = catalog("dgx-a100:boxes=2")
    with pytest.raises(MscclExportError, match="compute nodes"):
        export_mscclpp(other, schedules("mi250:boxes=2,gpus=8", "allgather")[1])


def test_cli_export_mscclpp(tmp_path, capsys):
    sched, plan = tmp_path / "ag.json", tmp_path / "ag.plan.json"
    assert main(["generate", "dgx-h100:boxes=2", "-o", str(sched), "-q"]) == 0
    capsys.readouterr()
    assert main(["export", "mscclpp", "dgx-h100:boxes=2", str(sched), "-o", str(plan)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"wrote {plan}: MSCCL++ allgather plan for dgx-h100-2") and \
        "algbw 1600/3 (533.333) GB/s" in out and len(out.splitlines()) == 1
    text = plan.read_text()
    assert main(["export", "mscclpp", "dgx-h100:boxes=2", str(sched), "-o", "-"]) == 0
    assert capsys.readouterr().out == text          # the same bytes, every time
    replay(json.loads(text), "allgather")
    bad = tmp_path / "bad.json"
    for args, words in ((["--sm-count", "2"], "(--sm-count)"),
                        (["--min-bytes", "9", "--max-bytes", "8"], "--min-bytes 9 is above"),
                        (["--inplace", "--name", "x"], None)):
        code = main(["export", "mscclpp", "dgx-h100:boxes=2", str(sched), "-o", str(bad),
                     *args])
        err = capsys.readouterr().err
        if words is None:
            assert code == 0
            continue
        assert code == 2 and words in err and len(err.strip().splitlines()) == 1
        assert "Traceback" not in err and not bad.exists()
