"""forestcoll-opt: exact optimal throughput of collective communication on any network of
accelerators and switches, tree schedules that reach it, and an independent verifier —
after ForestColl ("ForestColl: Throughput-Optimal Collective Communications on
Heterogeneous Network Fabrics").

The public API, one entry point per question::

    import forestcoll_opt as fc
    topo = fc.resolve("dgx-a100:boxes=2")            # or a JSON path, fc.from_networkx(G)
    b = fc.bound(topo, collective="allgather")         # exact optimum + bottleneck cut
    s = fc.generate(topo, collective="allgather", k=None)   # a schedule that reaches it
    v = fc.verify(topo, s)                             # independent verdict + certificate
    lp = fc.solve_lp(topo, "allreduce")                # allreduce LP, certified interval
    ar = fc.lp_allreduce(topo, lp=lp)                  # allreduce trees at the LP optimum
    fc.sweep(topo, range(1, 9))                        # fixed-k trade-off table
    fc.compare([topo])                                 # bound vs LP vs tree schedules
    ring = fc.baseline(topo, "ring", "allgather")      # what NCCL runs, in the same format
    fc.simulate(topo, s, [2**20, 2**30], chunks="auto")     # α-β time per message size
    fc.tradeoff(topo, "allgather", [2**20, 2**30])     # fastest k (or baseline) per size

Every ``collective=`` accepts a :class:`Collective` or its string value; ``root=`` names the
root compute node of broadcast/reduce; ``k=`` fixes the number of trees per root;
``weights=`` (allgather, reduce-scatter, allreduce) gives every compute node the relative
size of its shard. Errors
are subclasses of :class:`ForestCollError` whose messages name the node, link or option.

Layers, one folder each (imports flow downward only; ``tests/test_layering.py`` checks it):

1. the base — ``errors``, ``files``, ``executors``: typed errors, safe file I/O, executors.
2. ``model`` — the validated network model, the collectives, shard weights, the schedule
   format, and the catalog with its machine models.
3. ``kernels`` — the integer max-flow every oracle runs on, and the automorphism group that
   lets an oracle solve one node per orbit.
4. ``generation`` — the bound, fixed k, edge splitting, tree packing, routing, multicast,
   and the pipeline that runs them.
5. beside each other: ``lp`` (the allreduce LP and its schedules), ``verify`` (on the model
   and the kernel only; it takes LP values as arguments, never imports ``lp``),
   ``runtimes`` (MSCCL XML export and check, NCCL import), ``timing`` (the α-β model,
   NCCL's baselines, the fastest schedule per size).
6. ``analysis`` — sweeps and comparisons across the layers below.
7. ``cli`` — parsing and printing only.
"""

from __future__ import annotations

from typing import Any

from .analysis.sweeps import compare, iter_sweep, sweep
from .timing.baseline import baseline
from .generation.bound import Bound, bound
from .model.catalog import resolve
from .model.collective import Collective
from . import _old_paths
from .errors import (
    BoundError,
    CatalogError,
    FlowError,
    ForestCollError,
    OutputError,
    TopologyError,
    TopologyFormatError,
    UsageError,
)
from .model.schedule import Schedule
from .generation.pipeline import generate
from .timing.simulate import simulate
from .model.topology import Topology, from_dict, from_networkx
from .timing.tradeoff import tradeoff
from .analysis.checks import assert_optimal, verify   # the verifier, the allreduce LP on demand
from .verify.verdict import Verdict

__version__ = "0.1.0"

_old_paths.install()

__all__ = [
    "Bound", "BoundError", "CatalogError", "Collective", "FlowError", "ForestCollError",
    "OutputError", "Schedule", "Topology", "TopologyError", "TopologyFormatError",
    "UsageError", "Verdict", "__version__", "assert_optimal", "baseline", "bound",
    "compare", "from_dict", "from_networkx", "generate", "iter_sweep", "lp_allreduce",
    "resolve", "simulate", "solve_lp", "sweep", "tradeoff", "verify",
]


def __dir__() -> list[str]:
    # the lazy attributes too, so that tab completion (Jupyter, IPython) offers them
    return sorted(set(globals()) | set(__all__))


def __getattr__(name: str) -> Any:
    # The LP layer imports PuLP and HiGHS: load it only when it is asked for.
    if name == "solve_lp":
        from .lp.solver import solve
        return solve
    if name == "lp_allreduce":
        from .lp.schedule import lp_allreduce
        return lp_allreduce
    raise AttributeError(f"module 'forestcoll_opt' has no attribute {name!r}")
