"""The command line's argument types and checks, and the arguments several commands share
(the topology and schedule files, --group, --kernel, --no-symmetry, --weights, --demand, --fail,
--jobs/--dask, and the time model's --model, --sizes, --chunks, --alpha). A bad value raises argparse.ArgumentTypeError or UsageError, which the
entry point prints as one line."""

from __future__ import annotations

import argparse
import math
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, Iterator

from ..analysis.sweeps import MAX_K
from ..errors import FailureError, UsageError
from ..kernels.flow import KERNELS
from ..model.faults import KINDS, degrade, parse_part
from ..model.group_scope import for_schedule, scope, switched_off
from ..model.topology import Topology, alpha_problem
from ..generation.baselines.rings import MAX_CHANNELS
from ..timing.calibrated import MODELS
from ..timing.simulation import MAX_CHUNKS


def seconds_arg(text: str) -> float:
    """--time-limit: a positive finite number of seconds.

    :param text: the option's value
    :returns: the seconds
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a positive finite number of "
                                         f"seconds")
    return value


def int_arg(text: str) -> int:
    """A whole number option (--k, --top, --chunks, --boxes); its range is checked where it
    is used.

    :param text: the option's value
    :returns: the number
    """
    t = text.strip()
    if not (t.isascii() and t.isdigit()) or len(t) > 9:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number from 1 to {MAX_K}")
    return int(t)


def channels_arg(text: str) -> int:
    """--channels of ``baseline``: a whole number from 1 to the baseline's MAX_CHANNELS.

    :param text: the option's value
    :returns: the number of channels
    """
    t = text.strip()
    if not (t.isascii() and t.isdigit()) or len(t) > 9 or not 1 <= int(t) <= MAX_CHANNELS:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number from 1 to "
                                         f"{MAX_CHANNELS}")
    return int(t)


def output_arg(text: str) -> str:
    """-o, --csv, --write-lp ... : a file name, refused when empty (an empty name would
    otherwise read as "no output" and write nothing); the destination itself is checked
    by :func:`forestcoll_opt.files.check_output` before the command works.

    :param text: the option's value
    :returns: it unchanged
    """
    if not text.strip():
        raise argparse.ArgumentTypeError("empty file name; give a file name (- for standard "
                                         "output)")
    return text


def folder_arg(text: str) -> str:
    """--export: a folder name, refused when empty (checked in full by
    :func:`forestcoll_opt.files.check_output_folder` before the command works).

    :param text: the option's value
    :returns: it unchanged
    """
    if not text.strip():
        raise argparse.ArgumentTypeError("empty folder name; give a new or empty folder")
    return text


def bytes_arg(text: str) -> int:
    """--min-bytes / --max-bytes: a byte count from 0 to 2^63 - 1.

    :param text: the option's value
    :returns: the byte count
    """
    t = text.strip()
    if not (t.isascii() and t.isdigit()) or len(t) > 19 or int(t) >= 2**63:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a byte count from 0 to 2^63 - 1")
    return int(t)


def _alpha_arg(text: str) -> float:
    """--alpha: seconds per hop (the package's one rule, model.topology.alpha_problem)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number of seconds such as "
                                         f"2e-6") from None
    problem = alpha_problem(value)
    if problem is not None:
        raise argparse.ArgumentTypeError(f"{text[:40]!r}: {problem}")
    return value + 0.0


def _jobs_arg(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= 1024:
        raise argparse.ArgumentTypeError(f"{text[:20]!r}: give a whole number of processes "
                                         f"from 1 to 1024")
    return value


def ratio_arg(text: str) -> Fraction:
    """--min-ratio: an exact number in (0, 1] such as 1, 0.95 or 19/20.

    :param text: the option's value
    :returns: the ratio, exactly
    """
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise UsageError(f"--min-ratio {text[:40]!r} is not a number; use e.g. 1 or 0.95 "
                         f"or 19/20") from None
    if not 0 < value <= 1:
        raise UsageError(f"--min-ratio {text[:40]!r} must lie in (0, 1]; 1 means optimal")
    return value


def parse_chunks(text: str) -> int | str:
    """--chunks of the time model: a whole number from 1 to 2^40, or ``auto``.

    :param text: the option's value
    :returns: the number of chunks, or ``"auto"``
    """
    chunks = text.strip().lower()
    if chunks == "auto":
        return chunks
    if not (chunks.isascii() and chunks.isdigit()) or len(chunks) > 19 or int(chunks) < 1 \
            or int(chunks) > MAX_CHUNKS:
        raise UsageError(f"--chunks {text[:40]!r}: give a whole number from 1 to "
                         f"2^{MAX_CHUNKS.bit_length() - 1} or 'auto'")
    return int(chunks)


def baselines_arg(text: str) -> list[str]:
    """--baselines: ``ring,dbtree``, ``tree`` or ``none``.

    :param text: the option's value
    :returns: the baseline names (empty for ``none``)
    """
    names = [b.strip() for b in text.split(",")]
    if any(not b for b in names):
        raise UsageError(f"--baselines {text[:40]!r}: an empty name; give a comma list such "
                         f"as ring,dbtree, or none")
    if "none" in names:
        if len(names) > 1:
            raise UsageError("--baselines: none cannot be combined with other baselines")
        return []
    return names


MAX_SWEEP_VALUES = 256


def parse_k_range(text: str, limit: int = MAX_K) -> list[int]:
    """``"1-8"``, ``"1,2,4"`` or ``"1-4,13"`` -> sorted distinct positive integers, at most
    :data:`MAX_SWEEP_VALUES` of them, each at most ``limit`` (the command's own largest k).

    :param text: the --k value
    :param limit: the largest k the command accepts
    :returns: the values of k, ascending
    """
    values: set[int] = set()
    bad = UsageError(f"--k {text[:40]!r}: give whole numbers from 1 to {limit} like 1-8 or "
                     f"1,2,4")
    for part in filter(None, (p.strip() for p in text.split(","))):
        lo, sep, hi = part.partition("-")
        lo, hi = lo.strip(), hi.strip() if sep else lo.strip()
        if not (lo.isascii() and lo.isdigit() and hi.isascii() and hi.isdigit()) \
                or len(lo) > 7 or len(hi) > 7:
            raise bad
        a, b = int(lo), int(hi)
        if not 1 <= a <= b <= limit:
            raise bad
        if len(values) + (b - a + 1) > MAX_SWEEP_VALUES * 4:
            raise UsageError(f"--k {text[:40]!r} asks for more than {MAX_SWEEP_VALUES} values "
                             f"of k; sweep a smaller range or pick values like 1-16,32,64")
        values.update(range(a, b + 1))
    if not values:
        raise UsageError(f"--k {text[:40]!r}: no value of k given")
    if len(values) > MAX_SWEEP_VALUES:
        raise UsageError(f"--k {text[:40]!r} asks for {len(values)} values of k; at most "
                         f"{MAX_SWEEP_VALUES} per sweep")
    return sorted(values)


def node_weights(args: argparse.Namespace, topo: Topology) -> dict[str, int] | None:
    """--weights FILE as normalised weights keyed by node id (uniform: all 1; no option:
    None).

    :param args: the parsed command line (``weights``: a file, or absent)
    :param topo: the topology whose compute nodes the weights are for
    :returns: compute node id -> weight, or None without --weights
    """
    if getattr(args, "weights", None) is None:
        return None
    from ..model.weights import load

    w = load(args.weights, topo) or (1,) * len(topo.compute_nodes)
    return dict(zip(topo.compute_nodes, w))


TOPOLOGY_HELP = "a forestcoll-topology/1 JSON file or a catalog spec such as dgx-a100:boxes=2"
SCHEDULE_HELP = "a forestcoll-schedule/1, /2, /3 (compact) or /4 (alltoall) JSON file"
DEMAND_HELP = ("alltoall: per-pair amounts, a JSON object {src: {dst: amount}} (pairs left out "
               "send nothing; default: every ordered pair the same)")


def weights_help(collectives: str) -> str:
    """--weights FILE: the help, naming the collectives the command takes weights for
    (``bound`` has no allreduce)."""
    return (f"{collectives}: a JSON object giving every compute node the relative size of "
            f"its shard, e.g. {{\"gpu0\": 2, \"gpu1\": \"1/2\"}} (default: equal shards)")


WEIGHTS_HELP = weights_help("allgather, reduce-scatter, allreduce")


def add_kernel(p: argparse.ArgumentParser) -> None:
    p.add_argument("--kernel", choices=KERNELS, metavar="KERNEL",
                   help="max-flow kernel: " + ", ".join(KERNELS) + " (default: ortools when "
                        "installed, else igraph; every kernel gives the same result)")


def add_symmetry(p: argparse.ArgumentParser, start: str = "64") -> None:
    p.add_argument("--no-symmetry", dest="symmetry", action="store_const", const=False,
                   default=None,
                   help="do not use the topology's automorphism group (default: used from "
                        f"{start} compute nodes; the result is the same either way)")


def add_time_model(p: argparse.ArgumentParser, chunks: str) -> None:
    """--model, --sizes, and the ideal model's --chunks and --alpha (simulate, tradeoff).

    :param p: the command's parser
    :param chunks: the --chunks default of the ideal model
    """
    p.add_argument("--model", choices=MODELS, default="calibrated",
                   help="calibrated (default): link efficiencies, the runtimes' per-protocol "
                        "latencies, the fastest protocol per size, fitted to published "
                        "measurements (docs/validation.md); ideal: the alpha-beta model with "
                        "chunked pipelining")
    add_calibration(p)
    p.add_argument("--sizes", default="64KiB..4GiB",
                   help="message sizes: LO..HI (LO, 2*LO, ... up to HI) or a comma list; units "
                        "B, KiB, MiB, GiB, TiB, or K, M, G, T as nccl-tests reads -b/-e "
                        "(default 64KiB..4GiB)")
    p.add_argument("--chunks", default=None,
                   help=f"--model ideal: chunks per tree's data, or auto: the fastest number "
                        f"of chunks per size for each schedule (default {chunks})")
    p.add_argument("--alpha", type=_alpha_arg, default=None,
                   help="--model ideal: latency per hop in seconds for every link, e.g. 2e-6 "
                        "(default: each link's own alpha, else its type's: nvlink 1.7e-6, "
                        "pcie 2.85e-6, infiniband/ethernet 4.8e-6, xgmi 2.7e-6; untyped "
                        "links 2e-6)")


def add_calibration(p: argparse.ArgumentParser) -> None:
    """--calibration FILE: the calibrated model's parameters fitted to a cluster
    (``forestcoll calibrate``); the times then come with a band."""
    p.add_argument("--calibration", metavar="FILE",
                   help="the calibrated model's parameters from this calibration file "
                        "(written by forestcoll calibrate from your own nccl-tests logs); "
                        "times then show a band of +-2 standard errors (default: the "
                        "published fit, docs/validation.md)")


def add_executor(p: argparse.ArgumentParser, what: str) -> None:
    group = p.add_mutually_exclusive_group()
    group.add_argument("--jobs", type=_jobs_arg, default=1, metavar="N",
                       help=f"compute {what} in N local processes (default 1: here, in "
                            f"order); rows come out in the same order either way")
    group.add_argument("--dask", metavar="ADDRESS",
                       help=f"compute {what} on a Dask cluster, e.g. tcp://scheduler:8786 "
                            f"(pip install 'forestcoll-opt[distributed]')")


@contextmanager
def executor_for(args: argparse.Namespace) -> Iterator[Any]:
    """None (run here), local processes (--jobs N) or a Dask cluster (--dask ADDRESS).

    :param args: the parsed command line, with ``jobs`` and ``dask``
    :returns: a context yielding the executor, shut down on leaving
    """
    if args.dask:
        try:
            from distributed import Client
        except ImportError:
            raise UsageError("--dask needs the distributed package: pip install "
                             "'forestcoll-opt[distributed]'") from None
        from distributed.comm.addressing import parse_address, parse_host_port

        try:   # a malformed address is refused before a Client exists (a half-made one
            scheme, location = parse_address(args.dask)     # complains again at exit)
            if scheme in ("tcp", "tls"):
                parse_host_port(location)
        except ValueError as exc:
            raise UsageError(f"--dask {args.dask}: not a scheduler address ({exc}); write it "
                             f"like tcp://host:8786") from None
        try:
            client = Client(args.dask, timeout=10, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise UsageError(f"--dask {args.dask}: cannot reach a Dask scheduler there "
                             f"({str(exc).splitlines()[0][:120]}); check the address, e.g. "
                             f"tcp://host:8786") from None
        with client:
            yield client
    elif args.jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(args.jobs)
        try:
            yield pool
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    else:
        yield None


FAIL_HELP = ("first take these parts out of service and work on the network left, a comma "
             "list of: link:A--B (both directions), nic:NODE (its links to switches outside "
             "its box), switch:NODE or box:LABEL (see forestcoll whatif); ID=KEEP leaves a "
             "link or NIC that fraction of its bandwidth (nic:NODE=1/2); repeat for more")


def kinds_arg(text: str) -> tuple[str, ...]:
    """``--fail``: a kind of failure, a comma list of them, or ``all``."""
    words = [w.strip() for w in text.split(",") if w.strip()]
    if words == ["all"]:
        return KINDS
    bad = [w for w in words if w not in KINDS]
    ids = [w for w in bad if w.partition(":")[0] in KINDS and w.partition(":")[2]]
    if ids:     # a part, as bound/generate/verify --fail take it: whatif's is --scenario
        raise argparse.ArgumentTypeError(
            f"{ids[0][:60]!r} is a failure id, and whatif's --fail takes kinds ("
            f"{', '.join(KINDS)} or all) to rank every failure of; for what these parts "
            f"cost failing together give --scenario {','.join(ids)[:80]}")
    if not words or bad:
        raise argparse.ArgumentTypeError(
            f"{(bad or [text])[0][:40]!r} is not a kind of failure; use {', '.join(KINDS)}, "
            f"a comma list of them, or all")
    return tuple(k for k in KINDS if k in words)


def _one_id(topology: Topology, text: str) -> bool:
    """Whether ``text`` (holding a comma) is one failure id, as a node id with a comma
    makes it."""
    try:
        parse_part(topology, text)
    except FailureError:
        return False
    return True


def failed_topology(args: argparse.Namespace, topology: Topology) -> Topology:
    """``topology``, or with ``--fail ID`` the network that failure leaves.

    :param args: the parsed command line (``fail``: an id or None)
    :param topology: the network as given
    :returns: the network to work on
    :raises FailureError: for an unknown id, or a network left without a schedule
    """
    given = getattr(args, "fail", None)
    if not given:
        return topology
    texts = [given] if isinstance(given, str) else list(given)    # --fail repeats
    ids: list[str] = []
    for text in texts:  # a comma list of ids (ID=KEEP for a degraded part), or one id with a comma
        whole = "," not in text or _one_id(topology, text)
        ids += [text] if whole else [w.strip() for w in text.split(",") if w.strip()]
    shown = ",".join(texts)
    try:
        return degrade(topology, ids[0] if len(ids) == 1 else ids)
    except FailureError as exc:
        raise FailureError(f"--fail {shown[:120]}: {exc}") from None


GROUP_HELP = ("run the collective among these compute nodes only: a comma list of node ids "
              "or globs (box*/gpu0, box3/*); the other compute nodes forward data but need "
              "none, as switches do (docs/groups.md)")


def add_group(p: argparse.ArgumentParser, help: str = GROUP_HELP) -> None:
    """``--group NODES``, one definition for every command that takes it."""
    p.add_argument("--group", metavar="NODES", help=help)


def group_topology(args: argparse.Namespace, topology: Topology) -> Topology:
    """``topology`` as ``--group`` sees it (the other compute nodes made switches;
    :func:`forestcoll_opt.model.group_scope.scope`), or with ``--no-relay`` without them
    (:func:`~forestcoll_opt.model.group_scope.switched_off`); unchanged without ``--group``."""
    group = getattr(args, "group", None)
    if getattr(args, "relay", True):
        return scope(topology, group, where="--group")
    if group is None:
        raise UsageError("--no-relay switches off the compute nodes outside --group; give "
                         "--group too")
    try:
        return switched_off(topology, group, where="--group")
    except FailureError as exc:
        raise FailureError(f"--no-relay: {exc}") from None


def schedule_topology(args: argparse.Namespace, topology: Topology, schedule: Any) -> Topology:
    """The network a schedule is used on: its own process group's (a ``forestcoll-schedule/5``
    file), or ``--group``'s; a ``--group`` that disagrees with the file's is refused
    (:func:`forestcoll_opt.model.group_scope.for_schedule`)."""
    return for_schedule(topology, schedule, getattr(args, "group", None), where="--group")
