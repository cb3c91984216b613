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

Layers (imports flow downward only; a module never imports one above it):

1. ``errors``, ``files``, ``collective`` — typed errors, safe file I/O, the collectives.
2. ``topology``, ``catalog`` (+ ``models``), ``weights`` — the validated network model,
   built-in machines, and per-node shard weights.
3. ``flow``, ``symmetry`` — the integer max-flow kernel every oracle runs on, and the
   topology's automorphism group that lets an oracle solve one node per orbit.
4. ``bound`` — the exact optimum and its bottleneck cut.
5. ``fixed_k``, ``splitting``, ``packing``, ``routing``, ``pathunits`` — the algorithm stages.
6. ``schedule`` — the five collectives, generation and the schedule format.
7. ``lp`` (beside the generator), ``lp_schedule`` (allreduce trees at the LP optimum, from
   ``lp`` and ``schedule``), ``verify`` (on the model and kernel only; it takes LP
   values as arguments, never imports ``lp``), ``msccl``/``msccl_check`` (MSCCL XML),
   ``baseline`` (NCCL's rings and trees as schedules) and ``simulate`` (the α-β model).
8. ``analysis`` — sweeps and comparisons across the layers below; ``tradeoff`` — the
   fastest schedule per message size.
9. ``cli`` — parsing and printing only.
"""

from __future__ import annotations

from typing import Any

from .analysis import compare, iter_sweep, sweep
from .baseline import baseline
from .bound import Bound, bound
from .catalog import resolve
from .collective import Collective
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
from .schedule import Schedule, generate
from .simulate import simulate
from .topology import Topology, from_dict, from_networkx
from .tradeoff import tradeoff
from .verify import Verdict, assert_optimal, verify

__version__ = "0.1.0"

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
        from .lp import solve
        return solve
    if name == "lp_allreduce":
        from .lp_schedule import lp_allreduce
        return lp_allreduce
    raise AttributeError(f"module 'forestcoll_opt' has no attribute {name!r}")
