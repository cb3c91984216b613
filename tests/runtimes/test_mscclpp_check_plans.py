"""Plans of our own for the MSCCL++ checker (forestcoll_opt.runtimes.mscclpp_check): a small
generator of valid execution plans for every collective (rings, chains and a direct
all-to-all over the topology's channels), used here on small networks with their algbw
worked out by hand, and by benchmarks/bench_mscclpp_check.py at 128 GPUs. These plans are
ours, written following the executor's parser (docs/mscclpp.md); none comes from MSCCL++."""

from fractions import Fraction

import pytest

from forestcoll_opt.generation.bounding import bound
from forestcoll_opt.model.catalog import build
from forestcoll_opt.runtimes.mscclpp_check import check_mscclpp
from forestcoll_opt.runtimes.mscclpp_check.loads import Links

STEPS_PER_BLOCK = 11
"""Ring steps one thread block runs (5 operations each, MAX_OPERATION = 64)."""


def ring_order(topology):
    """The GPUs in a ring whose every hop has a switch-only path: boxes in turn, every other
    box walked backwards, so that box changes happen between GPUs of one rail."""
    boxes = topology.boxes()
    if len(boxes) <= 1:
        return list(topology.compute_nodes)
    order = []
    for i, key in enumerate(sorted(boxes, key=str)):
        members = [g for g in boxes[key] if g in set(topology.compute_nodes)]
        order += members if i % 2 == 0 else members[::-1]
    return order


class PlanBuilder:
    """Builds one plan: per GPU, channels to peers (memory when an NVLink/xGMI path joins
    them, else port), remote output/scratch buffers, and thread blocks of steps chained by
    device semaphores when a block would pass MAX_OPERATION."""

    def __init__(self, topology, name, collective, *, inplace=False, protocol="Simple"):
        self.topo = topology
        self.links = Links(topology)
        self.nodes = list(topology.compute_nodes)
        self.rank = {g: i for i, g in enumerate(self.nodes)}
        self.plan = {"name": name, "collective": collective, "protocol": protocol,
                     "inplace": inplace, "reuse_resources": False, "gpus": [],
                     "num_threads_per_block": 1024, "use_double_scratch_buffer": False,
                     "buffer_alignment": 16, "min_message_size": 0,
                     "max_message_size": 2**64 - 1}
        self.gpus = {}

    def kind(self, a, b):
        return "memory" if self.links.paths(self.nodes[a], self.nodes[b], "memory") else "port"

    def gpu(self, r, i_chunks, o_chunks, s_chunks):
        g = {"id": r, "input_chunks": i_chunks, "output_chunks": o_chunks,
             "scratch_chunks": s_chunks, "threadblocks": [], "channels": [],
             "remote_buffers": [], "semaphores": [], "_chan": {}, "_buf": {}, "_steps": []}
        self.gpus[r] = g
        return g

    def channel(self, g, peer):
        """The GPU's channel index (within its type) to ``peer``, one per peer."""
        kind = self.kind(g["id"], peer)
        if (kind, peer) not in g["_chan"]:
            g["_chan"][(kind, peer)] = sum(1 for k, _ in g["_chan"] if k == kind)
            g["channels"].append({"channel_type": kind, "connected_to": [peer]})
        return kind, g["_chan"][(kind, peer)]

    def buffer(self, g, peer, btype):
        kind = self.kind(g["id"], peer)
        if (peer, btype) not in g["_buf"]:
            g["_buf"][(peer, btype)] = len(g["remote_buffers"])
            g["remote_buffers"].append({"rank": peer, "type": btype,
                                        "access_channel_types": [kind]})
        return kind, g["_buf"][(peer, btype)]

    # --- steps: lists of operations, split into blocks later ------------------------------

    def step(self, g, ops):
        g["_steps"].append(ops)

    def put(self, g, peer, src, dst_type, dst_index, size):
        kind, bid = self.buffer(g, peer, dst_type)
        ckind, cid = self.channel(g, peer)
        op = {"name": "put", "src_buff": [{"type": src[0], "index": src[1], "size": size}],
              "dst_buff": [{"buffer_id": ("B", kind, bid), "index": dst_index, "size": size}],
              "channel_type": kind}
        if kind == "port":
            op["channel_ids"] = [("C", "port", cid)]
        return op

    def signal(self, g, peer, name="signal"):
        kind, cid = self.channel(g, peer)
        return {"name": name, "channel_ids": [("C", kind, cid)], "channel_type": kind}

    def finish(self):
        for r in sorted(self.gpus):
            g = self.gpus[r]
            blocks, current = [], []
            for ops in g["_steps"]:
                if current and len(current) + len(ops) > STEPS_PER_BLOCK * 5:
                    blocks.append(current)
                    current = []
                current = current + ops
            blocks.append(current)
            g["semaphores"] = [{"init_value": 0} for _ in blocks[1:]]
            for t, ops in enumerate(blocks):
                head = [{"name": "sem_acquire", "semaphore_ids": [t - 1]}, {"name": "nop"}] \
                    if t else []
                tail = [{"name": "nop"}, {"name": "sem_release", "semaphore_ids": [t]}] \
                    if t < len(blocks) - 1 else []
                g["threadblocks"].append(self._block(t, head + ops + tail))
            for key in ("_chan", "_buf", "_steps"):
                del g[key]
            self.plan["gpus"].append(g)
        return self.plan

    @staticmethod
    def _block(t, ops):
        """Rewrites the placeholders ("C", kind, gpu channel) and ("B", kind, gpu buffer)
        into the block's own channel and remote-buffer lists."""
        chans = {"memory": [], "port": []}
        bufs = {"memory": [], "port": []}

        def local(table, kind, x):
            if x not in table[kind]:
                table[kind].append(x)
            return table[kind].index(x)

        for op in ops:
            if "channel_ids" in op:
                op["channel_ids"] = [local(chans, c[1], c[2]) for c in op["channel_ids"]]
            for b in op.get("dst_buff", []):
                if "buffer_id" in b:
                    b["buffer_id"] = local(bufs, b["buffer_id"][1], b["buffer_id"][2])
        return {"id": t, "ops": ops,
                "channels": [{"channel_type": k, "channel_ids": v} for k, v in chans.items()
                             if v],
                "remote_buffer_refs": [{"access_channel_type": k, "remote_buffer_ids": v}
                                       for k, v in bufs.items() if v]}


NOP = {"name": "nop"}


def _ring(topology):
    order = [topology.compute_nodes.index(g) for g in ring_order(topology)]
    n = len(order)
    nxt = {order[i]: order[(i + 1) % n] for i in range(n)}
    prv = {order[i]: order[(i - 1) % n] for i in range(n)}
    return order, nxt, prv


def ring_allgather(topology, *, chunks=1):
    """Allgather on a ring: each GPU copies its input into its output, then forwards, step
    by step, the chunk it last received to the next GPU (put, signal; wait for the previous
    GPU's)."""
    order, nxt, prv = _ring(topology)
    n = len(order)
    b = PlanBuilder(topology, "ring_allgather", "allgather")
    pos = {r: i for i, r in enumerate(order)}
    for r in range(n):
        g = b.gpu(r, chunks, n * chunks, 0)
        b.step(g, [{"name": "copy", "src_buff": [{"type": "i", "index": 0, "size": chunks}],
                    "dst_buff": [{"type": "o", "index": r * chunks, "size": chunks}]}, NOP])
        for s in range(n - 1):
            q = order[(pos[r] - s) % n]
            b.step(g, [b.put(g, nxt[r], ("o", q * chunks), "o", q * chunks, chunks), NOP,
                       b.signal(g, nxt[r]), {"name": "wait", **_chan(b, g, prv[r])}, NOP])
    return b.finish()


def _chan(b, g, peer):
    kind, cid = b.channel(g, peer)
    return {"channel_ids": [("C", kind, cid)], "channel_type": kind}


def ring_allreduce(topology, *, reduce_scatter=False):
    """Allreduce (or reduce-scatter) on a ring, one chunk per GPU: a reduce-scatter pass
    (put the partial sum into the next GPU's scratch, signal; wait, reduce) and, for
    allreduce, after a handshake with both neighbours, an allgather pass."""
    order, nxt, prv = _ring(topology)
    n = len(order)
    pos = {r: i for i, r in enumerate(order)}
    coll = "reducescatter" if reduce_scatter else "allreduce"
    b = PlanBuilder(topology, f"ring_{coll}", coll)
    for r in range(n):
        g = b.gpu(r, n, 1 if reduce_scatter else n, 2 * n)
        acc = ("s", n) if reduce_scatter else ("o", 0)     # where partial sums live

        def chunk(s):
            return order[(pos[r] - s - 1) % n]

        for s in range(n - 1):
            q = chunk(s)
            src = ("i", q) if s == 0 else (acc[0], acc[1] + q)
            q_in = order[(pos[r] - s - 2) % n]
            last = s == n - 2
            dst = ("o", 0) if (last and reduce_scatter) else (acc[0], acc[1] + q_in)
            b.step(g, [b.put(g, nxt[r], src, "s", q, 1), NOP, b.signal(g, nxt[r]),
                       {"name": "wait", **_chan(b, g, prv[r])}, NOP,
                       {"name": "re", "src_buff": [{"type": "i", "index": q_in, "size": 1},
                                                   {"type": "s", "index": q_in, "size": 1}],
                        "dst_buff": [{"type": dst[0], "index": dst[1], "size": 1}]}, NOP])
        if reduce_scatter:
            continue
        b.step(g, [b.signal(g, prv[r]), {"name": "wait", **_chan(b, g, nxt[r])}, NOP])
        for s in range(n - 1):
            q = order[(pos[r] - s) % n]
            b.step(g, [b.put(g, nxt[r], ("o", q), "o", q, 1), NOP, b.signal(g, nxt[r]),
                       {"name": "wait", **_chan(b, g, prv[r])}, NOP])
    return b.finish()


def chain(topology, collective, root=0):
    """Broadcast down the ring from ``root``, or reduce up it into ``root``."""
    order, nxt, prv = _ring(topology)
    n = len(order)
    start = order.index(root)
    chain_order = order[start:] + order[:start]
    if collective == "reduce":
        chain_order = chain_order[1:] + chain_order[:1]         # ends at the root
    b = PlanBuilder(topology, f"chain_{collective}", collective)
    for i, r in enumerate(chain_order):
        g = b.gpu(r, 2, 2, 2)
        after = chain_order[i + 1] if i + 1 < n else None
        before = chain_order[i - 1] if i else None
        if collective == "broadcast":
            if before is None:
                b.step(g, [{"name": "copy", "src_buff": [{"type": "i", "index": 0, "size": 2}],
                            "dst_buff": [{"type": "o", "index": 0, "size": 2}]}, NOP])
            else:
                b.step(g, [{"name": "wait", **_chan(b, g, before)}, NOP])
            if after is not None:
                b.step(g, [b.put(g, after, ("o", 0), "o", 0, 2), NOP, b.signal(g, after)])
        else:
            src = ("i", 0)
            if before is not None:
                out = ("o", 0) if after is None else ("s", 0)
                b.step(g, [{"name": "wait", **_chan(b, g, before)}, NOP,
                           {"name": "re", "src_buff": [{"type": "i", "index": 0, "size": 2},
                                                       {"type": "s", "index": 0, "size": 2}],
                            "dst_buff": [{"type": out[0], "index": 0, "size": 2}]}, NOP])
                src = out
            if after is not None:
                b.step(g, [b.put(g, after, src, "s", 0, 2), NOP, b.signal(g, after)])
    return b.finish()


def direct_alltoall(topology):
    """All-to-all, every pair directly: one put per peer, a signal to each, a wait on each."""
    n = len(topology.compute_nodes)
    b = PlanBuilder(topology, "direct_alltoall", "alltoall")
    for r in range(n):
        g = b.gpu(r, n, n, 0)
        peers = [p for p in range(n) if p != r]
        puts = [b.put(g, p, ("i", p), "o", r, 1) for p in peers]
        b.step(g, [{"name": "copy", "src_buff": [{"type": "i", "index": r, "size": 1}],
                    "dst_buff": [{"type": "o", "index": r, "size": 1}]}] + puts + [NOP] +
               [b.signal(g, p) for p in peers] +
               [{"name": "wait", **_chan(b, g, p)} for p in peers] + [NOP])
    return b.finish()


# --- the generator's plans, checked --------------------------------------------------------

BOX = "dgx-h100:boxes=1"
TWO = "dgx-h100:boxes=2"


@pytest.mark.parametrize("spec, make, algbw", [
    # one box: every GPU sends 7 of the 8 chunks over its 450 GB/s NVLink: 8 / (7/450)
    (BOX, ring_allgather, Fraction(3600, 7)),
    # two boxes: the ring crosses two rails (50 GB/s each way) once per 16 chunks moved
    (TWO, ring_allgather, Fraction(16 * 50, 15)),
    # reduce-scatter: 7 one-chunk steps out of 8 chunks, as allgather
    (BOX, lambda t: ring_allreduce(t, reduce_scatter=True), Fraction(3600, 7)),
    # allreduce: 14 one-chunk steps over each link for a buffer of 8 chunks
    (BOX, ring_allreduce, Fraction(8 * 450, 14)),
    # broadcast and reduce chains: each link carries the 2-chunk buffer once
    (BOX, lambda t: chain(t, "broadcast"), Fraction(450)),
    (BOX, lambda t: chain(t, "reduce"), Fraction(450)),
    # all-to-all: 7 chunks out of each GPU's 8
    (BOX, direct_alltoall, Fraction(3600, 7)),
])
def test_generated_plans_are_accepted_with_their_algbw(spec, make, algbw):
    topo = build(spec)
    v = check_mscclpp(topo, make(topo))
    assert v.reasons == ()
    assert v.ok and v.algbw == algbw
    if v.collective.cut_bounded:     # compared with the optimum (broadcast from rank 0)
        root = topo.compute_nodes[0] if v.collective.rooted else None
        assert v.bound == bound(topo, collective=v.collective.value, root=root).algbw
        assert v.ratio == algbw / v.bound
    else:
        assert v.bound is None and v.ratio is None


def test_a_ring_on_one_box_reaches_the_optimum():
    """One NVSwitch: every GPU's 450 GB/s port must take 7 of the 8 chunks, the cut bound
    3600/7, which the ring reaches; across two boxes the ring crosses one 50 GB/s rail each
    way with 15 of 16 chunks (160/3), a tenth of the optimum 1600/3."""
    one, two = build(BOX), build(TWO)
    assert check_mscclpp(one, ring_allgather(one)).ratio == 1
    v = check_mscclpp(two, ring_allgather(two))
    assert v.bound == Fraction(1600, 3) and v.ratio == Fraction(1, 10)


def test_broadcast_root_is_the_plans_root():
    topo = build(BOX)
    plan = chain(topo, "broadcast", root=3)
    assert check_mscclpp(topo, plan, root=3).ok
    wrong = check_mscclpp(topo, plan, root=0)
    assert "end-state" in wrong.rules


def test_long_rings_chain_blocks_with_semaphores():
    topo = build(TWO)
    plan = ring_allreduce(topo)
    # 15 reduce-scatter steps of 7 operations, a handshake of 3, 15 allgather steps of 5:
    # blocks of at most 55 operations hold 7 + 7 + (1 + handshake + 9) + 6 steps
    assert {len(g["threadblocks"]) for g in plan["gpus"]} == {4}
    assert all(g["semaphores"] for g in plan["gpus"])
    assert check_mscclpp(topo, plan).ok


def test_a_missing_semaphore_release_deadlocks_the_next_block():
    topo = build(TWO)
    plan = ring_allreduce(topo)
    first = plan["gpus"][3]["threadblocks"][0]["ops"]
    assert first[-1] == {"name": "sem_release", "semaphore_ids": [0]}
    del first[-1]
    v = check_mscclpp(topo, plan)
    assert "deadlock" in v.rules
    assert ("[deadlock] gpus[3].threadblocks[1].ops[0] (sem_acquire) never completes: "
            "semaphore 0 of gpus[3] is never released") in v.reasons


def test_without_its_acquire_the_next_block_runs_early():
    """Block 1 of GPU 0 no longer acquires block 0's semaphore: it starts at once, and its
    first put reads the chunk block 0 is still reducing; the release is then left over."""
    topo = build(BOX)
    plan = ring_allreduce(topo)
    ops = plan["gpus"][0]["threadblocks"][1]["ops"]
    assert ops[:2] == [{"name": "sem_acquire", "semaphore_ids": [0]}, {"name": "nop"}]
    del ops[:2]
    v = check_mscclpp(topo, plan)
    assert "arrival" in v.rules and "unpaired-signal" in v.rules
    assert "[unpaired-signal] gpus[0] semaphore 0 ends at 1, not its init_value 0" in v.reasons
