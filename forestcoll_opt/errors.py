"""Typed errors. Every error the package raises on bad input derives from
:class:`ForestCollError`, and every message names the culprit and what to change."""

from __future__ import annotations

__all__ = [
    "BoundError",
    "CalibrationError",
    "CatalogError",
    "CollectiveError",
    "DemandError",
    "DrawError",
    "FailureError",
    "FixedKError",
    "FlowError",
    "GroupError",
    "ForestCollError",
    "LPCertificateError",
    "LPError",
    "LPInfeasibleError",
    "LPNotOptimalError",
    "LPSolverError",
    "LPUnboundedError",
    "MscclExportError",
    "MscclppCheckError",
    "NcclImportError",
    "NcclTestsError",
    "OutputError",
    "PackingError",
    "RoutingError",
    "ScheduleError",
    "JointSplitIncomplete",
    "SplittingError",
    "TopologyError",
    "TopologyFormatError",
    "UsageError",
    "VerifierSelfCheckError",
    "VerifyArgumentError",
    "VerifyError",
    "WeightsError",
    "XmlCheckError",
]


class ForestCollError(Exception):
    """Base class of every error raised by forestcoll_opt on bad input or an unmet condition.

    A message names no command-line option: it names the keyword argument that helps,
    written ``name=`` (``raise the time limit (time_limit=)``, ``gpu=MODEL``,
    ``formulation='explicit'``), and lists those names in ``options``; the command line
    writes each as its own option instead (``--time-limit``, ``--gpu MODEL``,
    ``--formulation explicit``).

    :ivar options: the keyword arguments the message names as ``name=``
    """

    def __init__(self, *args: object, options: tuple[str, ...] = ()) -> None:
        super().__init__(*args)
        self.options = tuple(options)


class TopologyError(ForestCollError, ValueError):
    """A topology is malformed or violates a condition the method needs."""


class TopologyFormatError(TopologyError):
    """A topology file or dict does not follow ``forestcoll-topology/1``."""


class CatalogError(TopologyError):
    """An unknown catalog model or a bad parameter in a catalog spec."""


class FailureError(TopologyError):
    """A failure (a link, NIC, switch or box out of service) names no part of the topology,
    or the network it leaves cannot carry a schedule: compute nodes cut off, too few left,
    or a node left unbalanced (:mod:`forestcoll_opt.model.faults`)."""


class FlowError(ForestCollError):
    """The max-flow kernel cannot answer exactly (e.g. capacities beyond its integer range)."""


class BoundError(ForestCollError, ValueError):
    """A bound cannot be computed for the request (e.g. an unknown root)."""


class OutputError(ForestCollError):
    """An output file cannot be written (missing folder, a folder, no permission, an input)."""


class UsageError(ForestCollError, ValueError):
    """A command-line option or API argument is out of its accepted range."""


class VerifyArgumentError(ForestCollError, ValueError):
    """``verify()`` was called with arguments it cannot use: an allreduce checked against the
    LP without the LP's certified interval, an unknown ``against``, a malformed interval or
    a ``min_ratio`` outside (0, 1]."""


class VerifierSelfCheckError(ForestCollError):
    """The verifier's own computations disagree (e.g. bisection and cut enumeration give two
    bounds). ``verify()`` turns it into a verdict of status ``"contradiction"``."""


class LPError(ForestCollError):
    """The allreduce or allgather LP could not be solved and certified."""


class LPInfeasibleError(LPError):
    """HiGHS proved the LP infeasible (only a model changed by hand can be)."""


class LPUnboundedError(LPError):
    """HiGHS found the LP unbounded (only a model changed by hand can be)."""


class LPNotOptimalError(LPError):
    """HiGHS, or cut generation, stopped before optimality was proved (time limit,
    iteration or round limit, numerical trouble)."""


class LPSolverError(LPError):
    """A HiGHS call returned an error (or a warning where none is expected)."""


class LPCertificateError(LPError):
    """The certified interval of an LP optimum is contradictory (lower above upper)."""


class VerifyError(ForestCollError):
    """The schedule cannot be read at all (no such file, not UTF-8, not JSON, a repeated
    key, nested too deeply, not an object)."""


class RoutingError(ForestCollError):
    """The routing table cannot carry the trees (more weight on an edge than its capacity)."""


class ScheduleError(ForestCollError, ValueError):
    """A schedule file is malformed, or a schedule cannot be generated as requested."""


class PackingError(ForestCollError):
    """No tree packing exists for the given capacities and demands."""


class FixedKError(ForestCollError, ValueError):
    """No fixed-k schedule can be built as requested."""


class SplittingError(ForestCollError):
    """Edge splitting cannot remove a switch (the network violates the theorem's conditions)."""


class JointSplitIncomplete(SplittingError):
    """Splitting in whole orbits of a group could not remove some switch (the orbit
    construction then falls back to the plain pipeline, which splits pair by pair)."""


class WeightsError(ForestCollError, ValueError):
    """Per-node shard weights are malformed (a missing node, a switch, a non-positive value)."""


class DemandError(ForestCollError, ValueError):
    """An all-to-all demand matrix is malformed (an unknown node, a switch, a negative
    amount, a node sending to itself, every amount 0)."""


class CollectiveError(UsageError, BoundError, ScheduleError):
    """A request that does not fit its collective: an unknown collective, a root missing
    (broadcast, reduce), unknown, or given where every compute node is a root, shard
    weights for a single-root collective. Every entry point checks this one way
    (:func:`forestcoll_opt.model.collective.check_request`). It is also a
    :class:`BoundError` and a :class:`ScheduleError`, the types ``bound`` and ``generate``
    raised for these before, so that existing ``except`` clauses keep working."""


class GroupError(UsageError):
    """A process group or a layout of groups cannot be read against the topology: a node id
    or glob that names no compute node, a switch as a member, fewer than two members, a
    mesh whose ranks do not match the compute nodes, a malformed groups file."""


class MscclExportError(ForestCollError, ValueError):
    """The schedule cannot be written as an MSCCL algorithm with the options given."""


class XmlCheckError(ForestCollError):
    """An MSCCL XML file cannot be read at all: no such file, too big, not UTF-8, not XML,
    a DTD or entity declaration (hostile input), too many elements. (Problems of a readable
    file are lines of :attr:`forestcoll_opt.runtimes.msccl_check.XmlVerdict.reasons`, never this error.)"""


class MscclppCheckError(ForestCollError):
    """An MSCCL++ execution plan cannot be read at all: no such file, too big, not UTF-8, not
    JSON, a key repeated in one object, or not a JSON object. (Problems of a readable plan
    are lines of :attr:`forestcoll_opt.runtimes.mscclpp_check.PlanVerdict.reasons`, never
    this error.)"""


class NcclImportError(TopologyError):
    """An NCCL topology file cannot be read or lacks what the import needs (one line that
    says what is missing and what to do)."""


class NcclTestsError(ForestCollError, ValueError):
    """An nccl-tests or rccl-tests log cannot be read as measurements: no table, a truncated
    or damaged row, an algbw that is not size / time, a table that contradicts the
    collective it is labelled with, a collective the log cannot tell
    (:func:`forestcoll_opt.runtimes.nccl_tests.read_nccl_tests`; one line naming the line)."""


class CalibrationError(ForestCollError, ValueError):
    """Measurements cannot calibrate the time model (runs of another rank count than the
    topology's GPUs, too few sizes to fit), or a calibration file cannot be read (not JSON,
    another format, a value out of its range): one line naming the file or the run."""


class DrawError(ForestCollError, ValueError):
    """A drawing cannot be made as asked: an unknown view or file format, a view that
    needs a schedule given none, a root without trees, or matplotlib not installed."""
