"""forestcoll-opt: exact optimal throughput of collective communication on any network of
accelerators and switches, tree schedules that reach it, and an independent verifier —
after ForestColl ("ForestColl: Throughput-Optimal Collective Communications on
Heterogeneous Network Fabrics").

The public API, one entry point per question::

    import forestcoll_opt as fc
    topo = fc.resolve("dgx-a100:boxes=2")              # or a JSON path, fc.from_networkx(G)
    b = fc.bound(topo, collective="allgather")         # exact optimum + bottleneck cut
    s = fc.generate(topo, collective="allgather")      # a schedule that reaches it
    v = fc.verify(topo, s)                             # independent verdict + certificate
    lp = fc.solve_lp(topo, collective="allreduce")     # allreduce LP, certified interval
    g = fc.concurrent(topo, mesh="dp=2,tp=8", along="dp")   # process groups at once, certified
    fc.contention(topo, mesh="dp=2,tp=8", along="dp")  # vs each alone and NCCL's rings, together
    gs = fc.generate_concurrent(topo, mesh="dp=2,tp=8", along="dp")  # one schedule per group
    fc.verify_concurrent(topo, gs)                     # their summed loads vs every link
    ar = fc.lp_allreduce(topo, lp=lp)                  # allreduce trees at the LP optimum
    a2a = fc.lp_alltoall(topo)                         # all-to-all routes at its optimum
    fc.sweep(topo, range(1, 9))                        # fixed-k trade-off table
    fc.compare([topo])                                 # bound vs LP vs tree schedules
    ring = fc.baseline(topo, "ring", collective="allgather")   # what NCCL runs, same format
    fc.simulate(topo, s, [2**20, 2**30])               # calibrated time per message size
    fc.simulate_groups(topo, [s0, s1], [2**30])        # group schedules timed together
    fc.tradeoff(topo, collective="allgather", sizes=[2**20, 2**30])   # fastest k per size
    fit = fc.calibrate(topo, ["all_gather.log"])       # the time model fitted to your runs
    s.save("s.json"); s = fc.load_schedule("s.json")   # the schedule file, and back
    fc.draw(topo, s, view="loads")                     # a picture: topology, cut, tree, loads
    fc.report(topo)                                    # all of it as one self-contained HTML page
    x = fc.export_msccl(topo, s)                       # the schedule as MSCCL XML (x.xml)
    fc.check_xml(topo, x.xml)                          # the file run symbolically: a verdict
    fc.import_nccl("dump.xml", boxes=2)                # a topology from an NCCL topology dump
    fc.nccl_example("dgx-h100")                        # the path of a dump that ships with it
    fc.failure_impact(topo, kinds=["link", "nic"])     # every single failure, ranked
    fc.replan(topo, s, failures="nic:box0/gpu3")       # the optimal schedule after failures
    fc.scenario_impact(topo, sample=100, failures=3)   # k failures at once: the losses' spread
    fc.upgrade_impact(topo, factor="2x", by="type")    # which upgrades raise the optimum
    fc.degrade(topo, "nic:box0/gpu3")                  # the network a failure leaves
    fc.bound(topo, group="box*/gpu0")                  # one process group (any entry point)
    fc.group_bound(topo, "box*/gpu0")                  # its optimum with relays vs switched off

What a function works on is positional (``topology``, then ``schedule``); every option is
a keyword. Wherever a function of this module takes a topology, a catalog spec
(``fc.bound("dgx-a100:boxes=2")``) or a topology file's path does too: it is read with
:func:`resolve`, as the command line reads its argument (``fc.compare`` takes a list of
them, or one). Every ``collective=`` accepts a :class:`Collective` or its string value (the
bound covers the four collectives with a cut bound; allreduce's optimum is ``solve_lp``);
``root=`` names the root compute node of broadcast/reduce; ``k=`` fixes the number of
trees per root; ``weights=`` (allgather, reduce-scatter, allreduce) gives every compute
node the relative size of its shard; ``group=`` (compute node ids or globs, ``"box*/gpu0"``,
a list of them, or a ``Group``) runs the collective among those nodes only, the others
forwarding as switches (docs/groups.md), the same on every entry point that takes a
topology, and a schedule made for a group remembers it. Errors are subclasses of :class:`ForestCollError`
(all in :mod:`forestcoll_opt.errors`, all exported here) whose messages name the node,
link or argument.

Layers, one folder each (imports flow downward only; ``tests/test_layering.py`` checks it):

1. the base — ``errors``, ``files``, ``executors``: typed errors, safe file I/O, executors.
2. ``model`` — the validated network model, the collectives, shard weights, the schedule
   format, and the catalog with its machine models.
3. ``kernels`` — the integer max-flow every oracle runs on, and the automorphism group that
   lets an oracle solve one node per orbit.
4. ``generation`` — the bound, fixed k, edge splitting, tree packing, routing, multicast,
   the pipeline that runs them, and the baseline schedules (NCCL's and the paper's).
5. beside each other: ``lp`` (the allreduce LP and its schedules), ``verify`` (on the model
   and the kernel only; it takes LP values as arguments, never imports ``lp``),
   ``runtimes`` (MSCCL XML export and check, NCCL import), ``timing`` (the calibrated and
   the ideal α-β time models, NCCL's and RCCL's cost models, the fastest schedule per
   size).
6. ``analysis`` — sweeps and comparisons across the layers below, what a failure costs or
   an upgrade buys (``whatif``), the time model against published measurements, the
   export of ``tradeoff``'s advice.
7. ``cli`` — parsing and printing only.
"""

from __future__ import annotations

import functools
import inspect
import os
from typing import Any, Callable

from .analysis.sweeps import compare, iter_sweep, sweep
from .analysis.whatif import failure_impact, upgrade_impact
from .analysis.relaying import GroupBound, group_bound
from .analysis.fitting import calibrate
from .analysis.together import contention
from .analysis.replanning import replan
from .analysis.scenarios import scenario_impact
from .generation.baselines import baseline
from .generation.bounding import Bound, bound
from .model.catalog import resolve
from .model.collective import Collective
from .errors import *  # noqa: F401,F403  (every error class, listed in errors.__all__)
from . import errors as _errors
from . import display as _display
from .model.schedule import Schedule, Stats
from .model.compact import read_schedule as load_schedule
from .analysis.best import generate     # the trees; for allreduce the LP schedule where better
from .timing.simulation import simulate
from .timing.sharing import simulate_groups
from .model.faults import degrade
from .model.topology import Topology, from_dict, from_networkx
from .timing.tradeoffs import tradeoff
from .analysis.checks import assert_optimal, verify   # the verifier, the allreduce LP on demand
from .analysis.group_checks import verify_concurrent  # groups at once, the LP on demand
# imported here (matplotlib itself loads only when a picture is made) so that the name
# ``draw`` is the function, not the subpackage of the same name
from .draw import draw, save_drawing
from .draw.reports import report
from .verify.verdict import Verdict
from .model import group_scope as _group_scope

__version__ = "0.1.0"


def _topology(value: Any) -> Any:
    """The topology a public function's ``topology`` argument names: a Topology as is, a
    catalog spec or a file path read by :func:`resolve`."""
    if isinstance(value, Topology):
        return value
    if isinstance(value, (str, os.PathLike)):
        return resolve(value)
    hint = ("fc.from_dict(data)" if isinstance(value, dict) else
            "fc.from_networkx(graph)" if hasattr(value, "adj") else "fc.resolve(spec_or_path)")
    raise TopologyError(f"topology= must be a Topology, a catalog spec such as "
                        f"'dgx-a100:boxes=2' or a forestcoll-topology/1 file path (read by "
                        f"fc.resolve), got {type(value).__name__}; build one with {hint}")


def _takes_topology(func: Callable[..., Any], *, many: bool = False) -> Callable[..., Any]:
    """``func`` with its first argument read by :func:`_topology` (``many``: an iterable of
    them, or one); the signature and docstring stay ``func``'s."""
    name = next(iter(inspect.signature(func).parameters))

    def read(value: Any) -> Any:
        if not many:
            return _topology(value)
        one = isinstance(value, (Topology, str, os.PathLike))
        return [_topology(t) for t in ([value] if one else value)]

    @functools.wraps(func)
    def call(*args: Any, **kwargs: Any) -> Any:
        if args:
            args = (read(args[0]), *args[1:])
        elif name in kwargs:
            kwargs[name] = read(kwargs[name])
        return func(*args, **kwargs)
    return call


def _takes_schedule(func: Callable[..., Any]) -> Callable[..., Any]:
    """``func`` (topology, schedule, ...) taking its schedule as :func:`verify` does: a
    :class:`Schedule`, or a schedule file's path or parsed dict, read by the one reader
    (:func:`load_schedule`, kept compact, its group checked against the topology); any
    other value goes to ``func`` as it is (a :class:`Bound` to ``draw``, say)."""
    @functools.wraps(func)
    def call(*args: Any, **kwargs: Any) -> Any:
        if len(args) >= 2:
            args = (args[0], _schedule(args[1], args[0]), *args[2:])
        elif "schedule" in kwargs:
            where = args[0] if args else kwargs.get("topology")
            kwargs["schedule"] = _schedule(kwargs["schedule"], where)
        return func(*args, **kwargs)
    return call


def _schedule(value: Any, topology: Any) -> Any:
    if isinstance(value, (str, os.PathLike, dict)):
        return load_schedule(value, topology=topology if isinstance(topology, Topology)
                             else None, expand=False)
    return value


def _takes_group(func: Callable[..., Any], kind: str) -> Callable[..., Any]:
    """``func`` with a keyword ``group=`` (node ids or globs, a list of them, or a
    :class:`~forestcoll_opt.model.groups.Group`; None: every compute node): the one place it
    is resolved, :mod:`forestcoll_opt.model.group_scope`. ``kind`` says what ``func``
    works on: ``"topology"`` (the network as the group sees it), ``"made"`` (the same, and
    the schedule made remembers its group; with ``relay=False`` it is made on the network
    without the other compute nodes, :func:`~forestcoll_opt.model.group_scope.switched_off`), ``"verified"`` (a schedule judged for its own
    group, a ``group=`` that disagrees refused), ``"used"`` (a schedule run or drawn on its
    own group's network) or ``"exported"`` (the same, refused when it relays through a
    compute node outside its group)."""
    signature = inspect.signature(func)
    params = list(signature.parameters.values())
    extra = [inspect.Parameter("group", inspect.Parameter.KEYWORD_ONLY, default=None)]
    if kind == "made":
        extra.append(inspect.Parameter("relay", inspect.Parameter.KEYWORD_ONLY, default=True))
    first = params[0].name

    @functools.wraps(func)
    def call(*args: Any, group: Any = None, **kwargs: Any) -> Any:
        relay = kwargs.pop("relay", True) if kind == "made" else True
        if relay is not True and relay is not False:
            raise UsageError(f"relay= must be True (the compute nodes outside group= forward "
                             f"for it) or False (they are switched off), got {relay!r}")
        if not relay and group is None:
            raise UsageError("relay=False switches off the compute nodes outside group=; "
                             "give group= too", options=("relay", "group"))
        if kind in ("topology", "made") and group is None:
            return func(*args, **kwargs)
        topology = _topology(args[0] if args else kwargs.pop(first))
        args = args[1:]
        if kind in ("topology", "made"):
            scoped = (_group_scope.scope(topology, group) if relay else
                      _group_scope.switched_off(topology, group))
            made = func(scoped, *args, **kwargs)
            return _group_scope.mark(made, topology, scoped) if kind == "made" else made
        schedule = args[0] if args else kwargs.pop("schedule", None)
        if kind == "verified" and group is not None and not isinstance(schedule, Schedule):
            from .verify.reader import load_schedule as _read   # read once, passed on
            schedule = _read(schedule)
        scoped = _group_scope.for_schedule(topology, schedule, group)
        if kind == "exported" and isinstance(schedule, Schedule):
            _group_scope.check_exportable(topology, schedule)
        return func(scoped, schedule, *args[1:], **kwargs)

    call.__signature__ = signature.replace(parameters=[*params, *extra])  # type: ignore
    return call


bound, failure_impact, report, upgrade_impact = (
    _takes_group(f, "topology") for f in (bound, failure_impact, report, upgrade_impact))
generate = _takes_group(generate, "made")
verify, assert_optimal = _takes_group(verify, "verified"), _takes_group(assert_optimal, "verified")
draw, simulate = _takes_group(draw, "used"), _takes_group(simulate, "used")
draw, simulate = _takes_schedule(draw), _takes_schedule(simulate)
assert_optimal, baseline, bound, degrade, draw, failure_impact, generate, iter_sweep = (
    _takes_topology(f) for f in (assert_optimal, baseline, bound, degrade, draw,
                                 failure_impact, generate, iter_sweep))
report, simulate, sweep, tradeoff, upgrade_impact, verify = (
    _takes_topology(f) for f in (report, simulate, sweep, tradeoff, upgrade_impact, verify))
simulate_groups = _takes_topology(simulate_groups)
compare = _takes_topology(compare, many=True)
group_bound = _takes_topology(group_bound)
contention = _takes_topology(contention)
verify_concurrent = _takes_topology(verify_concurrent)
replan = _takes_topology(_takes_schedule(replan))
scenario_impact = _takes_topology(scenario_impact)


def _inline_picture(obj: Any) -> str:
    # the pictures of notebook summaries: the drawing layer, loaded when one is shown
    from .draw.inline import inline_svg
    return inline_svg(obj)


_display.set_drawer(_inline_picture)

__all__ = [
    "Bound", "Collective", "GroupBound", "Schedule", "Stats", "Topology", "Verdict",
    "__version__", "assert_optimal", "baseline", "bound", "calibrate", "check_mscclpp",
    "check_xml", "compare",
    "concurrent", "contention", "degrade", "draw", "export_msccl", "failure_impact",
    "from_dict", "from_networkx", "generate", "generate_concurrent", "group_bound",
    "import_nccl", "iter_sweep", "load_schedule", "lp_allreduce", "lp_alltoall",
    "nccl_example", "pareto", "replan", "report", "resolve", "save_drawing", "scenario_impact",
    "simulate", "simulate_groups", "solve_lp", "sweep", "tradeoff", "upgrade_impact", "verify",
    "verify_concurrent",
    *_errors.__all__,
]


def __dir__() -> list[str]:
    # the lazy attributes too, so that tab completion (Jupyter, IPython) offers them
    return sorted(set(globals()) | set(__all__))


def __getattr__(name: str) -> Any:
    if name == "import_nccl":      # reads an NCCL file, not a topology
        from .runtimes.nccl_import import import_nccl
        return import_nccl
    if name == "nccl_example":
        from .runtimes.nccl_import import nccl_example
        return nccl_example
    # loaded late (below), then kept: the topology-spec wrapper is made once
    func = _late(name)
    if name in _GROUPED:
        func = _takes_group(func, _GROUPED[name])
    wrapped = _takes_topology(_takes_schedule(func) if name == "export_msccl" else func)
    globals()[name] = wrapped
    return wrapped


_GROUPED = {"solve_lp": "topology", "lp_allreduce": "made", "lp_alltoall": "made",
            "export_msccl": "exported", "pareto": "topology"}


def _late(name: str) -> Any:
    # The LP layer imports PuLP and HiGHS: load it only when it is asked for.
    if name == "solve_lp":
        from .lp.solver import solve
        return solve
    if name == "lp_allreduce":
        from .lp.schedule import lp_allreduce
        return lp_allreduce
    if name == "lp_alltoall":
        from .lp.alltoall.schedule import lp_alltoall
        return lp_alltoall
    if name == "concurrent":
        from .lp.groups.solve import concurrent
        return concurrent
    if name == "generate_concurrent":
        from .lp.groups.schedules import generate_concurrent
        return generate_concurrent
    if name == "pareto":
        from .lp.depth.front import pareto
        return pareto
    # The runtimes' readers and writers are not needed to compute anything: load them late.
    if name == "export_msccl":
        from .runtimes.msccl_export import export_msccl
        return export_msccl
    if name == "check_xml":
        from .runtimes.msccl_check import check_xml
        return check_xml
    if name == "check_mscclpp":
        from .runtimes.mscclpp_check import check_mscclpp
        return check_mscclpp
    raise AttributeError(f"module 'forestcoll_opt' has no attribute {name!r}")
