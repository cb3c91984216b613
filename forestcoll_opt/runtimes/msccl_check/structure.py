"""The structural checks of an MSCCL algorithm file (``docs/msccl.md`` sections 1, 2 and 4):
the ``<algo>`` attributes for the runtime flavour, ranks, thread blocks and steps against the
runtimes' limits, the transmissions the parser builds (``nop`` dependencies carried forward,
``re`` steps fused, the kernel's published step numbers), dependencies, and the pairing of
every connection's send and receive steps."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice
from typing import Mapping

from ...display import article
from ...model.collective import ALL, Collective
from ...model.topology import Topology
from .buffers import Layout, check_bounds
from .document import Algo, Document, Gpu, ThreadBlock, Transmission, int_attr
from .limits import BOTH, CHECKED, LEGACY, LEGACY_DEFAULT_MAX_BYTES, MAX_OFFSET, PROTOCOLS, SEMANTICS, RuntimeRules, \
    stored_nodes
from .verdict import Reasons, XmlCounts


# --- the <algo> element (docs/msccl.md section 1) -----------------------------------------

NO_LIMIT = 2**63 - 1
"""INT64_MAX, the ``maxBytes`` every runtime reads as no upper limit (docs/msccl.md section 1:
0 is no limit to msccl-executor/RCCL only; legacy reads it as a range ending at 0)."""


def check_algo(attrs: Mapping[str, str], rules: RuntimeRules, topology: Topology,
               out: Reasons) -> Algo:
    algo = Algo()
    for name in rules.required:
        if name not in attrs:
            fatal = name in ("ngpus", "nchunksperloop", "coll")
            out.add(f"<algo>: required attribute {name} is missing; the {rules.runtime} "
                    f"runtime refuses the file ('Attribute {name} of node algo not found')",
                    fatal=fatal)
    proto = attrs.get("proto")
    algo.proto = proto
    if proto is not None and proto not in PROTOCOLS:
        out.add(f"<algo>: proto={proto!r}; the runtime accepts exactly Simple, LL128 or LL "
                f"('MSCCL: protocol {proto} is not supported.')")
    where = "<algo>"
    algo.nchannels = int_attr(attrs, "nchannels", where, "algo", out, required=False)
    if algo.nchannels is not None and not 1 <= algo.nchannels <= rules.max_channels:
        out.add(f"<algo>: nchannels={algo.nchannels}; the {rules.runtime} runtime has "
                f"channels 1 to {rules.max_channels} (MAXCHANNELS, docs/msccl.md section 4)")
    algo.nchunks = int_attr(attrs, "nchunksperloop", where, "algo", out, required=False,
                            fatal=True)
    if algo.nchunks is not None and algo.nchunks < 1:
        out.add(f"<algo>: nchunksperloop={algo.nchunks}; it must be at least 1", fatal=True)
        algo.nchunks = None
    reach = MAX_OFFSET + rules.max_count - 1
    if algo.nchunks is not None and algo.nchunks > reach:
        out.add(f"<algo>: nchunksperloop={algo.nchunks}; the runtime stores step offsets as "
                f"int16_t (mscclTransmission), so no step reaches a chunk beyond {reach} and "
                f"the buffer cannot be filled; use fewer chunks per loop", fatal=True)
        algo.nchunks = None
    algo.ngpus = int_attr(attrs, "ngpus", where, "algo", out, required=False, fatal=True)
    compute = len(topology.compute_nodes)
    if algo.ngpus is not None:
        if algo.ngpus < 1:
            out.add(f"<algo>: ngpus={algo.ngpus}; it must be at least 1", fatal=True)
            algo.ngpus = None
        elif algo.ngpus != compute:
            out.add(f"<algo>: ngpus={algo.ngpus}, but topology {topology.name!r} has {compute} "
                    f"compute nodes (rank r runs on compute node r); the runtime never "
                    f"selects the file for a communicator of another size", fatal=True)
    coll = attrs.get("coll")
    algo.coll = coll
    if coll is not None:
        named = CHECKED.get(coll, coll)
        algo.collective = Collective(named) if named in ALL else None
        if coll not in rules.colls:
            if coll == "reducescatter":
                hint = ("; reducescatter is the msccl-executor/RCCL spelling, legacy "
                        "(microsoft/msccl) spells reduce-scatter reduce_scatter")
            elif coll == "reduce_scatter":
                hint = ("; reduce_scatter is the legacy spelling, msccl-executor and RCCL "
                        "spell reduce-scatter reducescatter")
            else:
                hint = f"; it accepts {', '.join(sorted(rules.colls))}"
            out.add(f"<algo>: coll={coll!r} is not a collective the {rules.runtime} runtime "
                    f"knows; it refuses the file{hint}")
        if coll not in CHECKED:
            out.add(f"<algo>: coll={coll!r}: check-xml simulates allgather, reduce-scatter, "
                    f"allreduce and alltoall only", fatal=True)
    if algo.collective is not None and (algo.collective.sharded or algo.collective.routed) \
            and algo.nchunks \
            and algo.ngpus:
        if algo.nchunks % algo.ngpus:
            out.add(f"<algo>: nchunksperloop={algo.nchunks} is not a multiple of "
                    f"ngpus={algo.ngpus}; {article(algo.collective)} cuts every rank's part into "
                    f"nchunksperloop/ngpus chunks (docs/msccl.md section 3)", fatal=True)
    inplace = int_attr(attrs, "inplace", where, "algo", out, required=False)
    outofplace = int_attr(attrs, "outofplace", where, "algo", out, required=False)
    algo.inplace = None if inplace is None else inplace != 0
    if rules is LEGACY:
        algo.outofplace = None if inplace is None else inplace == 0
        if "outofplace" in attrs:
            out.note("the legacy runtime does not read outofplace: inplace=\"0\" means "
                     "out-of-place, inplace=\"1\" in-place only")
    else:
        algo.outofplace = None if outofplace is None else outofplace != 0
    modes = []
    if algo.inplace:
        modes.append("in-place")
    if algo.outofplace or (rules is BOTH and inplace == 0):
        modes.append("out-of-place")
    if inplace is not None and outofplace is not None and not inplace and not outofplace \
            and rules is not LEGACY:
        out.add("<algo>: inplace=\"0\" and outofplace=\"0\": the msccl-executor/RCCL scheduler "
                "never selects the file (docs/msccl.md section 5)")
    algo.aliasings = tuple(modes)
    min_bytes = int_attr(attrs, "minBytes", where, "algo", out, required=False, bits=64)
    max_bytes = int_attr(attrs, "maxBytes", where, "algo", out, required=False, bits=64)
    algo.max_bytes = max_bytes
    if max_bytes is None and "maxBytes" not in attrs and rules.scratch_from_max_bytes:
        algo.max_bytes = LEGACY_DEFAULT_MAX_BYTES
    if rules in (LEGACY, BOTH):
        for name, value in (("minBytes", min_bytes), ("maxBytes", max_bytes)):
            if value is not None and value < 0:
                out.add(f"<algo>: {name}={value} is negative; the legacy runtime refuses the "
                        f"file")
        if min_bytes is not None and max_bytes is not None and min_bytes > max_bytes:
            portable = (f"; maxBytes=0 means no limit to msccl-executor/RCCL only, "
                        f"maxBytes={NO_LIMIT} to every runtime") if max_bytes == 0 else ""
            out.add(f"<algo>: minBytes={min_bytes} > maxBytes={max_bytes}; the legacy runtime "
                    f"refuses the file ('minBytes cannot be greater than maxBytes'){portable}")
        elif max_bytes == 0 and rules is BOTH:
            out.note(f"maxBytes=0 means 'no limit' to msccl-executor/RCCL but a size range of "
                     f"[minBytes, 0] to legacy, which then probably never selects the file; "
                     f"maxBytes={NO_LIMIT} means no limit to every runtime (docs/msccl.md "
                     f"section 5)")
        nthreads = int_attr(attrs, "nthreads", where, "algo", out, required=False)
        if nthreads is not None and nthreads % 32:
            out.add(f"<algo>: nthreads={nthreads} is not a multiple of 32; the legacy runtime "
                    f"refuses the file")
    if rules is not LEGACY and max_bytes is not None and max_bytes != 0:
        if max_bytes < 0 or (min_bytes is not None and min_bytes > max_bytes):
            out.add(f"<algo>: the byte range [minBytes={min_bytes}, maxBytes={max_bytes}] is "
                    f"empty; the msccl-executor/RCCL scheduler never selects the file")
    return algo


# --- structure: ranks, blocks, steps (docs/msccl.md sections 1, 2 and 4) -------------------

def check_structure(doc: Document, algo: Algo, rules: RuntimeRules, out: Reasons) -> XmlCounts:
    """Ranks, blocks and steps against the runtime's structural rules and limits."""
    ngpus = algo.ngpus
    ranks_seen: dict[int, Gpu] = {}
    if len(doc.gpus) > rules.max_subs:
        out.add(f"<algo> holds {len(doc.gpus)} <gpu> elements; the runtime's XML parser "
                f"stores at most {rules.max_subs} children per element (MSCCL_MAX_SUBS)")
    for gpu in doc.gpus:
        if gpu.rank is None:
            continue
        if gpu.rank in ranks_seen:
            out.add(f"rank {gpu.rank}: two <gpu id=\"{gpu.rank}\"> elements; the runtime loads "
                    f"only the first", fatal=True)
            continue
        ranks_seen[gpu.rank] = gpu
        if ngpus is not None and not 0 <= gpu.rank < ngpus:
            out.add(f"<gpu id=\"{gpu.rank}\">: id outside 0..ngpus-1 = 0..{ngpus - 1}",
                    fatal=True)
    if ngpus is not None:
        present = sum(1 for r in ranks_seen if 0 <= r < ngpus)
        if present < ngpus:
            missing = list(islice((r for r in range(ngpus) if r not in ranks_seen), 10))
            shown = ", ".join(map(str, missing)) + (" ..." if ngpus - present > 10 else "")
            out.add(f"<algo>: no <gpu> for rank(s) {shown}; such a rank runs no thread block "
                    f"and its peers wait for it forever", fatal=True)
    tbs_total = steps_total = max_steps = 0
    channels_used: set[int] = set()
    for gpu in doc.gpus:
        if gpu.rank is None:
            continue
        where = gpu.where
        ids: dict[int, ThreadBlock] = {}
        sends_per_chan: dict[int, int] = {}
        recvs_per_chan: dict[int, int] = {}
        if len(gpu.tbs) > rules.max_subs:
            out.add(f"{where}: {len(gpu.tbs)} thread blocks; the runtime's XML parser stores "
                    f"at most {rules.max_subs} children per element (MSCCL_MAX_SUBS)")
        stored = stored_nodes(len(doc.gpus), len(gpu.tbs), sum(len(t.steps) for t in gpu.tbs))
        if stored > rules.node_room:
            out.add(f"{where}: the runtime's XML parser stores {stored} nodes when rank "
                    f"{gpu.rank} loads the file (<algo>, every <gpu>, its own <tb> and "
                    f"<step> elements); it holds {rules.node_room} (MSCCL_MAX_NODES = "
                    f"{rules.max_nodes}, 'XML parser is limited to ... nodes'); use fewer "
                    f"chunks per loop or fewer steps")
        for tb in gpu.tbs:
            tbs_total += 1
            steps_total += len(tb.steps)
            max_steps = max(max_steps, len(tb.steps))
            if tb.id is None:
                continue
            if tb.id in ids:
                out.add(f"{tb.where}: duplicate thread block id; the runtime refuses the file "
                        f"('duplicate thread block id')", fatal=True)
                tb.broken = True
                continue
            ids[tb.id] = tb
            if tb.id < 0:
                out.add(f"{tb.where}: negative block id; the runtime refuses the file",
                        fatal=True)
            elif tb.id >= rules.max_tbs:
                out.add(f"{tb.where}: block id {tb.id} >= {rules.max_tbs}; the "
                        f"{rules.runtime} runtime refuses the file ('too many thread blocks "
                        f"are requested', MSCCL_MAX_NUM_THREAD_BLOCKS)")
            for peer_name, peer in (("send", tb.send), ("recv", tb.recv)):
                if peer is None:
                    continue
                if peer == gpu.rank:
                    out.add(f"{tb.where}: {peer_name}={peer} is the block's own rank; the "
                            f"runtime refuses the file", fatal=True)
                elif peer < -1 or (ngpus is not None and peer >= ngpus):
                    last = (ngpus or 1) - 1
                    out.add(f"{tb.where}: {peer_name}={peer} is not -1 or a rank 0..{last}",
                            fatal=True)
            if tb.chan is not None:
                channels_used.add(tb.chan)
                if tb.chan < 0 or tb.chan > rules.max_channels:
                    out.add(f"{tb.where}: chan={tb.chan} is outside 0..{rules.max_channels} "
                            f"(MAXCHANNELS); the runtime refuses the file", fatal=True)
                elif algo.nchannels is not None and tb.chan >= algo.nchannels:
                    out.add(f"{tb.where}: chan={tb.chan} but nchannels={algo.nchannels}; the "
                            f"runtime connects only channels 0..nchannels-1, so this block's "
                            f"sends and receives never move (docs/msccl.md section 4)")
                if tb.send is not None and tb.send >= 0:
                    sends_per_chan[tb.chan] = sends_per_chan.get(tb.chan, 0) + 1
                if tb.recv is not None and tb.recv >= 0:
                    recvs_per_chan[tb.chan] = recvs_per_chan.get(tb.chan, 0) + 1
            if len(tb.steps) > rules.max_steps:
                out.add(f"{tb.where}: {len(tb.steps)} steps; the {rules.runtime} runtime "
                        f"allows {rules.max_steps} per thread block (MSCCL_MAX_NUM_STEPS, "
                        f"'too many steps are requested'); use fewer chunks per loop, fixed "
                        f"k, or more thread blocks or channels")
            _check_steps(tb, gpu, algo, rules, out)
        for chan, count in sorted(sends_per_chan.items()):
            if count > rules.tbs_per_channel:
                out.add(f"{where}: {count} sending thread blocks on channel {chan}; the runtime "
                        f"allows {rules.tbs_per_channel} ('too many sends per channel'); "
                        f"spread them over more channels")
        for chan, count in sorted(recvs_per_chan.items()):
            if count > rules.tbs_per_channel:
                out.add(f"{where}: {count} receiving thread blocks on channel {chan}; the "
                        f"runtime allows {rules.tbs_per_channel} ('too many recvs per "
                        f"channel'); spread them over more channels")
        if ids:
            count = len(ids)
            if count > rules.max_tbs:
                out.add(f"{where}: {count} thread blocks; the {rules.runtime} runtime allows "
                        f"{rules.max_tbs} (MSCCL_MAX_NUM_THREAD_BLOCKS, 'too many thread "
                        f"blocks are requested')")
            gap = next((i for i in range(count + 1) if i not in ids), count)
            if gap < max(ids):
                out.add(f"{where}: thread block {gap} is missing; block ids must be "
                        f"0..n-1 ('thread block {gap} is missing')", fatal=True)
    return XmlCounts(ranks=len(doc.gpus), tbs=tbs_total, steps=steps_total,
                     max_steps_per_tb=max_steps, channels=len(channels_used))


def _check_steps(tb: ThreadBlock, gpu: Gpu, algo: Algo, rules: RuntimeRules,
                 out: Reasons) -> None:
    """Per-step rules (docs/msccl.md section 2) and the runtime's transmissions: nop
    dependencies carried forward, ``re`` fusion, the kernel's published step numbers."""
    layout = None
    if algo.collective in CHECKED.values() and algo.nchunks and algo.ngpus:
        layout = Layout(algo.collective, algo.ngpus, algo.nchunks,
                        max(algo.nchunks // algo.ngpus, 1))
    declared = {"i": gpu.i_chunks, "o": gpu.o_chunks, "s": gpu.s_chunks}
    deps: list[tuple[int, int, int]] = []
    pointer = 0
    fusing: tuple[str, int, str] | None = None
    reductions = 0
    numbering_reported = False
    for step in tb.steps:
        if step.type not in SEMANTICS:
            continue                    # reported when read; the file is not simulated
        where = tb.step_label(step.pos)
        if step.s != step.pos and not numbering_reported:
            out.add(f"{where}: s={step.s} but it is step {step.pos} of its block; number the "
                    f"steps 0, 1, 2, ... in order, nop steps included (docs/msccl.md "
                    f"section 2)")
            numbering_reported = True
        if step.hasdep not in (0, 1):
            out.add(f"{where}: hasdep={step.hasdep}; it must be 0 or 1 ('hasDependence needs "
                    f"to be 0 or 1')")
        if step.depid >= 0 and step.deps < 0:
            out.add(f"{where}: depid={step.depid} with deps={step.deps}; a dependency names "
                    f"a step >= 0")
        if step.depid < -1:
            out.add(f"{where}: depid={step.depid}; use -1 for no dependency")
        if step.depid == -1 and step.deps != -1:
            out.add(f"{where}: deps={step.deps} with depid=-1; the runtime ignores the "
                    f"dependency (use depid and deps together)")
        if step.depid >= 0:
            deps.append((step.depid, step.deps, step.pos))
        if step.type == "nop":
            if step.depid < 0:
                out.add(f"{where}: a nop without a dependency; a nop only carries one "
                        f"dependency, and without one the kernel's step counter no longer "
                        f"matches the step numbers (docs/msccl.md section 2)")
            continue
        sends, receives, _, _ = SEMANTICS[step.type]
        if sends and tb.send is not None and tb.send < 0:
            out.add(f"{where}: sends, but the block has send=-1; the runtime refuses the file "
                    f"('there is a send in thread block ... without a sendPeer')", fatal=True)
            tb.broken = True
        if receives and tb.recv is not None and tb.recv < 0:
            out.add(f"{where}: receives, but the block has recv=-1; the runtime refuses the "
                    f"file ('there is a recv in thread block ... without a recvPeer')",
                    fatal=True)
            tb.broken = True
        if not 0 <= step.cnt < rules.max_count:
            out.add(f"{where}: cnt={step.cnt}; the runtime requires 0 <= cnt < "
                    f"{rules.max_count} (MSCCL_MAX_COUNT, 'count ... must be positive and "
                    f"less than {rules.max_count}')", fatal=True)
        elif step.cnt == 0:
            out.add(f"{where}: cnt=0 moves nothing (and legacy indexes cnt-1); use cnt >= 1")
        check_bounds(step, where, declared, layout, gpu, out)
        # the parser's transmission building (mscclGetAlgoFromXmlFile)
        continuation = False
        if step.type == "re":
            if fusing == (step.dstbuf, step.dstoff, step.srcbuf) and step.depid == -1:
                continuation = True
            else:
                fusing = None
        if continuation:
            t = tb.trans[-1]
            if step.cnt != t.cnt:
                out.add(f"{where}: fused with the re step(s) before it (same dst, same src "
                        f"buffer, no dependency) but cnt={step.cnt} differs from {t.cnt}; the "
                        f"runtime applies the last step's cnt to every fused source")
            t.srcoffs.append(step.srcoff)
            t.cnt = step.cnt
            t.hasdep = step.hasdep == 1
            t.positions.append(step.pos)
        else:
            t = Transmission(step, deps[pointer:])
            if t.deps and step.depid < 0:
                out.add(f"{where}: follows nop step(s) with dependencies but has none of its "
                        f"own; the runtime refuses the file ('when there is a chain of "
                        f"dependencies, the last reduction must be a part of the first "
                        f"immediate instruction')")
            pointer = len(deps)
            tb.trans.append(t)
        if step.type != "re":
            fusing = None
        else:
            reductions += 1
            if step.hasdep == 1 or reductions == rules.max_fusion:
                fusing = None
            else:
                fusing = (step.dstbuf, step.dstoff, step.srcbuf)
    if pointer < len(deps):
        carrier = deps[pointer][2]
        out.add(f"{tb.step_label(carrier)}: nop at the end of the block; no step follows to "
                f"wait for its dependency, so the runtime never waits for it")
    # the kernel's step counter (msccl_kernel.cu): it publishes flag = counter
    counter = 0
    for t in tb.trans:
        if t.deps:
            counter += len(t.deps) - 1
        if t.type == "re":
            counter += len(t.srcoffs) - 1
        t.flag = counter
        counter += 1
        if t.hasdep and t.flag != t.positions[-1] and not numbering_reported:
            out.add(f"{tb.step_label(t.positions[-1])}: the kernel publishes this step's flag "
                    f"as step {t.flag}, its position is {t.positions[-1]} (a nop without "
                    f"exactly one dependency before it); waiters see wrong step numbers")
            numbering_reported = True



def check_dependencies(doc: Document, rules: RuntimeRules, out: Reasons) -> None:
    """Every (depid, deps) names a step that publishes a flag (docs/msccl.md section 2)."""
    for gpu in doc.gpus:
        by_id = {tb.id: tb for tb in gpu.tbs if tb.id is not None}
        for tb in gpu.tbs:
            for step in tb.steps:
                if step.depid < 0:
                    continue
                where = tb.step_label(step.pos)
                if step.depid == tb.id:
                    out.add(f"{where}: depends on its own block (step {step.deps}); steps of a "
                            f"block already run in order, remove the dependency "
                            f"(docs/msccl.md section 2)")
                    continue
                if step.depid > rules.max_dep_bid:
                    out.add(f"{where}: depends on tb {step.depid}; the runtime stores the "
                            f"block id as int8_t (dependentBid), so ids above "
                            f"{rules.max_dep_bid} wrap around; use fewer thread blocks")
                target = by_id.get(step.depid)
                if target is None:
                    out.add(f"{where}: waits for tb {step.depid} of rank {gpu.rank}, which does "
                            f"not exist (it would wait forever)")
                    continue
                if not 0 <= step.deps < len(target.steps):
                    out.add(f"{where}: waits for tb {step.depid} step {step.deps}, but that "
                            f"block has {len(target.steps)} steps")
                    continue
                dep = target.steps[step.deps]
                if dep.type == "nop":
                    out.add(f"{where}: waits for {target.step_label(step.deps)}, a nop, which "
                            f"never publishes a flag (the runtime keeps no transmission for a "
                            f"nop); depend on the step after it")
                elif dep.hasdep != 1:
                    out.add(f"{where}: waits for {target.step_label(step.deps)}, which does "
                            f"not have hasdep=\"1\"; a block publishes its flag only after "
                            f"steps with hasdep=\"1\" (docs/msccl.md section 2), set it there")



# --- connections (docs/msccl.md section 4) -------------------------------------------------

@dataclass
class Net:
    """The blocks of all ranks, indexed globally, with their connections paired."""

    tbs: list[ThreadBlock]
    by_rank: dict[int, dict[int, ThreadBlock]]
    send_to: dict[int, int | None]       # global block -> global receiving block
    recv_from: dict[int, int | None]     # global block -> global sending block


def pair_connections(doc: Document, out: Reasons) -> Net:
    tbs: list[ThreadBlock] = []
    by_rank: dict[int, dict[int, ThreadBlock]] = {}
    for gpu in doc.gpus:
        if gpu.rank is None or gpu.rank in by_rank:
            continue
        blocks = by_rank.setdefault(gpu.rank, {})
        for tb in gpu.tbs:
            if tb.id is None or tb.id in blocks:
                continue
            tb.g = len(tbs)
            tbs.append(tb)
            blocks[tb.id] = tb
    senders: dict[tuple[int, int, int], list[ThreadBlock]] = {}
    receivers: dict[tuple[int, int, int], list[ThreadBlock]] = {}
    for tb in tbs:
        if tb.chan is None:
            continue
        if tb.send is not None and tb.send >= 0:
            senders.setdefault((tb.chan, tb.rank, tb.send), []).append(tb)
        if tb.recv is not None and tb.recv >= 0:
            receivers.setdefault((tb.chan, tb.recv, tb.rank), []).append(tb)
    send_to: dict[int, int | None] = {tb.g: None for tb in tbs}
    recv_from: dict[int, int | None] = {tb.g: None for tb in tbs}
    for key in sorted(set(senders) | set(receivers)):
        chan, a, b = key
        tx, rx = senders.get(key, []), receivers.get(key, [])
        if len(tx) > 1:
            out.add(f"rank {a}: thread blocks {', '.join(str(t.id) for t in tx)} all send to "
                    f"rank {b} on channel {chan}; use exactly one block per (peer, channel, "
                    f"direction) (docs/msccl.md section 4)", fatal=True)
        if len(rx) > 1:
            out.add(f"rank {b}: thread blocks {', '.join(str(t.id) for t in rx)} all receive "
                    f"from rank {a} on channel {chan}; use exactly one block per (peer, "
                    f"channel, direction) (docs/msccl.md section 4)", fatal=True)
        if not tx:
            out.add(f"{rx[0].where}: receives from rank {a} on channel {chan}, but no thread "
                    f"block of rank {a} sends to rank {b} on channel {chan}")
            continue
        if not rx:
            out.add(f"{tx[0].where}: sends to rank {b} on channel {chan}, but no thread block "
                    f"of rank {b} receives from rank {a} on channel {chan}")
            continue
        if len(tx) > 1 or len(rx) > 1:
            continue
        sender, receiver = tx[0], rx[0]
        send_to[sender.g] = receiver.g
        recv_from[receiver.g] = sender.g
        sends = [j for j, t in enumerate(sender.trans) if t.send]
        recvs = [j for j, t in enumerate(receiver.trans) if t.recv]
        if len(sends) != len(recvs):
            out.add(f"{sender.where} sends {len(sends)} time(s) to rank {b} on channel {chan}, "
                    f"but {receiver.where} receives {len(recvs)} time(s) from rank {a}; the "
                    f"send-type and receive-type steps of a connection pair one to one in "
                    f"order (docs/msccl.md section 4)")
        for js, jr in zip(sends, recvs):
            ts, tr = sender.trans[js], receiver.trans[jr]
            ts.partner = (receiver.g, jr)
            tr.partner = (sender.g, js)
            if ts.cnt != tr.cnt:
                out.add(f"{sender.step_label(ts.positions[0])} sends cnt={ts.cnt} but the "
                        f"matching {receiver.step_label(tr.positions[0])} receives "
                        f"cnt={tr.cnt}; a matched send and receive must move the same number "
                        f"of chunks")
    return Net(tbs=tbs, by_rank=by_rank, send_to=send_to, recv_from=recv_from)

