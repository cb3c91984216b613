"""Which schedule to run at which message size. The candidates (their kinds and builders:
:mod:`forestcoll_opt.timing.candidates`) are the fixed-k ForestColl schedules (k = 1 up to
the optimal k*, the paper's section 5.5 "Fixed-k Schedule Generation"), for allreduce the
schedule at the allreduce LP optimum, the baselines NCCL runs today in the schedule format
(:mod:`forestcoll_opt.generation.baselines.rings`) and, under the calibrated model, the
library itself as its own cost model picks ring or tree and a protocol per size (the
``nccl`` candidate, :mod:`forestcoll_opt.timing.library`); for all-to-all the optimal routes
against NCCL's direct and PXN routes. Each is timed per size by
:func:`forestcoll_opt.timing.simulation.simulate` (``model="calibrated"`` or ``"ideal"``).

A smaller k means fewer, shallower trees and less data cut into fewer pieces: its
bandwidth is lower (never above the optimum) but for small messages, where the latency
per hop dominates, it can finish first. :func:`tradeoff` returns every candidate's
simulated time at every size and names the fastest; under a calibration file's
uncertainties, each time's band and where the fastest is not certain within it.

At today's scale (above 1,024 GPUs, as ``generate`` does) the tree schedules are written
compactly, one tree per orbit, and timed in that form; from 513 GPUs NCCL's rings are timed
from their cycles (:mod:`forestcoll_opt.timing.ringform`); no step writes the N² tree edges
of a plain schedule (``benchmarks/bench_tradeoff_scale.py``, ``data/tradeoff_scale.csv``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence

from ..display import data_frame, exact_cells, html_summary, picture
from ..model.numbers import fraction_display, fraction_text
from ..generation.baselines import ALLTOALL_KINDS, KINDS
from ..generation.bounding import bound as compute_bound
from ..model.collective import Collective, check_method, check_request
from ..errors import UsageError
from ..generation.pipeline import generate
from .calibrated import Calibration
from .candidates import (BUILDERS, COMPACT_ABOVE, CYCLES_ABOVE, LIBRARY_KINDS, Candidate,
                         Request, Steps, Timing, _k_of)
from .fitted import as_calibration
from .simulation import check_options, ideal_parameters, link_alphas
from ..model.topology import Topology

MAX_K = 10**4


@dataclass(frozen=True)
class TradeoffRow:
    """One message size: the fastest candidate, and every candidate's simulated seconds and
    chunk count (ideal model; ``chunks="auto"``: its own best) or protocol (calibrated).

    :ivar size_bytes: the message size in bytes
    :ivar best: the name of the fastest candidate (the first listed among equals)
    :ivar seconds: candidate name -> its simulated time
    :ivar chunks: candidate name -> the chunk count used (None under the calibrated model)
    :ivar protocols: candidate name -> its fastest protocol (calibrated model; empty under
        the ideal one)
    :ivar algorithms: the library candidate -> the algorithm it picks (``ring``, ``tree``)
    :ivar bands: under a calibration with uncertainties (a calibration file's): candidate
        name -> the seconds at the fast and the slow end of its band
        (:meth:`~forestcoll_opt.timing.calibrated.Calibration.band`, ±2 standard errors);
        empty otherwise
    :ivar contenders: with a band, the candidates other than ``best`` that are the fastest
        at one of its ends (fast end first); empty when ``best`` is the fastest at both, or
        without a band
    :ivar band_winners: with a band, the fastest at its fast end and at its slow end (every
        fitted parameter moved 2σ toward faster, then toward slower, for every candidate
        at once: they run on the same cluster, so their times move together and are
        compared under the same parameters, not band against band); empty without one
    """

    size_bytes: int
    best: str
    seconds: Mapping[str, float]
    chunks: Mapping[str, int | None]
    protocols: Mapping[str, str] = field(default_factory=dict)
    algorithms: Mapping[str, str] = field(default_factory=dict)
    bands: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    contenders: tuple[str, ...] = ()
    band_winners: tuple[str, ...] = ()

    @property
    def certain(self) -> bool:
        """Whether the fastest stays the fastest at both ends of the band (True without a
        band)."""
        return not self.contenders


@dataclass(frozen=True)
class Tradeoff:
    """The result of :func:`tradeoff`. ``optimum`` is the exact optimal algbw of the
    fixed-k schedules (``reference`` names it: the bound, or for allreduce the
    reduce-scatter + allgather tree bound), reached by ``k=k_star``. For allreduce, the
    schedule at the allreduce LP optimum is the candidate ``lp`` where it is built
    (:func:`forestcoll_opt.lp.choice.best_allreduce`) and ``lp_interval`` is the LP
    optimum's certified interval where the LP was solved. ``skipped`` lists default
    baselines that cannot be built on this topology, with the reason.

    :ivar topology: the topology's name
    :ivar collective: the collective compared
    :ivar units: the topology's bandwidth unit
    :ivar optimum: the exact optimal algbw of the fixed-k schedules
    :ivar k_star: the least k whose schedule reaches ``optimum``
    :ivar candidates: the schedules compared: the values of k in the order given, the LP
        schedule (allreduce, where it is built), then the baselines
    :ivar rows: one row per message size, in the order given
    :ivar skipped: (baseline kind, reason) for default baselines that could not be built
    :ivar model: ``"calibrated"`` or ``"ideal"``
    :ivar parameters: the model's parameters, JSON-ready
    :ivar reference: what ``optimum`` is: ``"bound"``, or ``"reduce-scatter + allgather
        tree bound"`` for allreduce
    :ivar lp_interval: allreduce: the allreduce LP optimum's certified interval
        ``(lower, upper)`` when the LP was solved, else None
    :ivar chunks: the ``chunks=`` asked for (``"auto"``, or a count; ideal model)
    :ivar alpha: the ``alpha=`` asked for (seconds per hop for every link, or None)
    """

    topology: str
    collective: Collective
    units: str
    optimum: Fraction
    k_star: int
    candidates: tuple[Candidate, ...]
    rows: tuple[TradeoffRow, ...]
    skipped: tuple[tuple[str, str], ...] = ()
    model: str = "ideal"
    parameters: Mapping[str, Any] = field(default_factory=dict)
    reference: str = "bound"
    lp_interval: tuple[Fraction, Fraction] | None = None
    chunks: int | str = "auto"
    alpha: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON types (``forestcoll tradeoff --json``): exact numbers as
        ``"p/q"`` strings, seconds as floats, one entry per candidate and per size.

        :returns: a dict
        """
        return {
            "topology": self.topology, "collective": self.collective.value,
            "units": self.units, "optimum": str(self.optimum), "k_star": self.k_star,
            "reference": self.reference,
            "lp_interval": None if self.lp_interval is None else {
                "lower": str(self.lp_interval[0]), "upper": str(self.lp_interval[1])},
            "model": self.model, "parameters": self.parameters,
            "alpha": self.alpha, "chunks": self.chunks,
            "candidates": [{"name": c.name, "k": c.k,
                            "algbw": None if c.algbw is None else str(c.algbw),
                            "trees": c.trees, "height": c.height, "kind": c.kind,
                            "form": c.form} for c in self.candidates],
            "skipped": [{"baseline": k, "reason": r} for k, r in self.skipped],
            "rows": [{"size_bytes": r.size_bytes, "best": r.best, "seconds": r.seconds,
                      "chunks": r.chunks, "protocols": r.protocols,
                      "algorithms": r.algorithms,
                      **({"bands": {n: {"fast": f, "slow": w} for n, (f, w) in r.bands.items()},
                          "certain": r.certain, "contenders": list(r.contenders),
                          "band_winners": {"fast": r.band_winners[0],
                                           "slow": r.band_winners[1]}}
                         if r.bands else {})} for r in self.rows]}

    def __repr__(self) -> str:
        return (f"Tradeoff({self.collective} on {self.topology}, {self.model} model: "
                f"{self._optimum_name} {fraction_text(self.optimum)} {self.units}"
                f"{self._at_k}, {len(self.candidates)} candidates, {len(self.rows)} sizes)")

    @property
    def _at_k(self) -> str:
        """`` at k*=K``, or nothing for an all-to-all (routes: no trees, no k)."""
        return "" if self.collective.routed else f" at k*={self.k_star}"

    @property
    def _optimum_name(self) -> str:
        return "optimum" if self.reference == "bound" else self.reference

    def _repr_html_(self) -> str:
        import pandas as pd

        best = pd.DataFrame([{"size_bytes": r.size_bytes, "fastest": r.best,
                              "seconds": r.seconds[r.best]} for r in self.rows])
        rows = [(self._optimum_name, f"{fraction_display(self.optimum)} {self.units}"
                                     f"{self._at_k}")]
        if self.lp_interval is not None:
            rows.append(("allreduce LP optimum", f"[{fraction_display(self.lp_interval[0])}, "
                                                 f"{fraction_display(self.lp_interval[1])}] "
                                                 f"{self.units}"))
        rows += [
                ("model", self.model),
                ("candidates", ", ".join(c.name for c in self.candidates))]
        rows += [(f"skipped {kind}", why) for kind, why in self.skipped]
        return html_summary(f"Tradeoff · {self.collective} on {self.topology}", rows,
                            table=best.to_html(index=False), svg=picture(self),
                            note=".to_pandas(): every candidate at every size")

    def frame(self) -> Any:
        """A pandas DataFrame, one row per (size, candidate): seconds, chunks or protocol,
        simulated algbw (in the topology's units), the algbw of the candidate's schedule
        (bandwidth only) and k, and whether it is the fastest at that size; ``.attrs``
        holds the model and its parameters. Every number column plots; the schedule's
        exact algbw sits beside its float (docs/api.md, "Conventions").

        :returns: the frame, with columns ``size_bytes``, ``candidate`` (text), ``k`` (NaN
            for a baseline), ``seconds``, ``chunks`` (NaN under the calibrated model),
            ``protocol`` (text, None under the ideal model), ``algbw`` (simulated, a
            float), ``schedule_algbw`` (a float, NaN for the library's own model, which
            has no schedule), ``schedule_algbw_exact`` (its Fraction, or None) and
            ``best`` (a flag)
        """
        by_name = {c.name: c for c in self.candidates}
        rows = []
        for r in self.rows:
            for name, seconds in r.seconds.items():
                c = by_name[name]
                rows.append({"size_bytes": r.size_bytes, "candidate": name, "k": c.k,
                             "seconds": seconds, "chunks": r.chunks[name],
                             "protocol": r.protocols.get(name),
                             "algbw": self.row_algbw(r, name),
                             **exact_cells("schedule_algbw", c.algbw),
                             "best": name == r.best,
                             "seconds_fast": r.bands[name][0] if name in r.bands else None,
                             "seconds_slow": r.bands[name][1] if name in r.bands else None})
        columns = {
            "size_bytes": "count", "candidate": "text", "k": "count", "seconds": "number",
            "chunks": "count", "protocol": "text", "algbw": "number",
            "schedule_algbw": "number", "schedule_algbw_exact": "exact", "best": "flag"}
        if any(r.bands for r in self.rows):         # a calibration file's band
            columns.update({"seconds_fast": "number", "seconds_slow": "number"})
        frame = data_frame(rows, columns)
        frame.attrs["model"] = self.model
        frame.attrs["parameters"] = dict(self.parameters)
        return frame

    def row_algbw(self, row: TradeoffRow, name: str | None = None) -> float:
        """The simulated algbw of one candidate at one size: size / time, in the
        topology's units (a float, like the time it comes from).

        :param row: one of :attr:`rows`
        :param name: the candidate (default: the row's fastest, ``row.best``)
        :returns: ``row.size_bytes / row.seconds[name]`` in the topology's units
        """
        from .simulation import unit_bytes_per_s
        return row.size_bytes / row.seconds[name or row.best] / unit_bytes_per_s(self.units)[0]

    def to_pandas(self) -> Any:
        """The same DataFrame as :meth:`frame` (the name every tabular result of the
        package has).

        :returns: the DataFrame
        """
        return self.frame()


def default_ks(k_star: int) -> list[int]:
    """Every k from 1 to k* when k* ≤ 16; otherwise 1, 2, 3, 4, 6, 8, 12, 16, 24, ...
    (powers of two and 1.5 times them) below k*, and k*.

    :param k_star: the optimal k, at least 1
    :returns: the values of k, increasing
    """
    if k_star <= 16:
        return list(range(1, k_star + 1))
    ks, p = {1}, 2
    while p < k_star:
        ks.add(p)
        if p + p // 2 < k_star:
            ks.add(p + p // 2)
        p *= 2
    return sorted(ks | {k_star})


def default_baselines(collective: str) -> tuple[str, ...]:
    """The baselines NCCL would run: rings for every collective, and the double binary
    tree for allreduce or the single tree for broadcast and reduce; for all-to-all its
    direct and PXN routes. (The paper's blink and
    multitree are asked for by name: building them costs about as much as generating the
    optimal schedule, and more for multitree on large networks.)

    :param collective: a :class:`~forestcoll_opt.model.collective.Collective` or its string
        value
    :returns: the baseline kinds
    """
    member = Collective.parse(collective)
    if member is Collective.ALLTOALL:
        return ALLTOALL_KINDS
    if member is Collective.ALLREDUCE:
        return ("ring", "dbtree")
    if member.rooted:
        return ("ring", "tree")
    return ("ring",)


def tradeoff(topology: Topology, *, collective: "Collective | str" = "allgather",
             sizes: Iterable[int] = (2**16, 2**20, 2**24, 2**28, 2**32),
             ks: Sequence[int] | None = None, root: str | None = None,
             baselines: Sequence[str] | None = None, chunks: int | str = "auto",
             alpha: float | None = None,
             alpha_per_link: Mapping[tuple[str, str], float] | None = None,
             kernel: str | None = None, executor=None, model: str = "calibrated",
             calibration: Calibration | None = None, method: str = "auto",
             compact: bool | None = None, progress=None, front: bool = False) -> Tradeoff:
    """Time the fixed-k schedules for ``ks`` (default :func:`default_ks` of the optimal
    k*) and the ``baselines`` at every size (bytes) under ``model`` and name the fastest
    per size. Default baselines: :func:`default_baselines`, and under the calibrated model
    also ``nccl``, the library's own cost model (NCCL's, or RCCL's on xGMI topologies:
    :mod:`forestcoll_opt.timing.calibrated`). ``chunks``, ``alpha`` and ``alpha_per_link``
    (ideal model) and ``calibration`` (calibrated model) are
    :func:`~forestcoll_opt.timing.simulation.simulate`'s; ``executor`` generates the values of
    k in parallel (see :mod:`forestcoll_opt.analysis.sweeps`). For allreduce the schedule
    at the allreduce LP optimum is a candidate too, named ``lp``, wherever ``generate``
    would build it (``method``, :func:`forestcoll_opt.lp.choice.best_allreduce`).

    :param topology: the network
    :param collective: any of the six collectives (or its
        :class:`~forestcoll_opt.model.collective.Collective`); for all-to-all the
        candidates are the optimal routes (``lp``, :func:`forestcoll_opt.lp.lp_alltoall`)
        and the ``direct`` and ``pxn`` baselines, which are what NCCL runs
    :param sizes: message sizes in bytes (at least one)
    :param ks: values of k from 1 to :data:`MAX_K`, each once; None for
        :func:`default_ks` (none for all-to-all)
    :param root: the root compute node of broadcast/reduce; must be None for the others
    :param baselines: baseline kinds (:data:`~forestcoll_opt.generation.baselines.KINDS`:
        ``"ring"``, ``"dbtree"``, ``"tree"``, and the paper's ``"blink"`` and
        ``"multitree"``, which are never defaults; and ``"nccl"`` under the calibrated
        model), each once; None for the defaults above, skipping those the topology cannot
        build
    :param chunks: ideal model: a chunk count, or ``"auto"`` for each candidate's fastest
        per size
    :param alpha: ideal model: seconds per hop for every link, or None
    :param alpha_per_link: ideal model: (src, dst) link -> its own seconds per hop, or None
    :param kernel: the max-flow kernel (:data:`forestcoll_opt.kernels.flow.KERNELS`); None
        for the fastest one installed
    :param executor: None, a :class:`concurrent.futures.Executor` or a Dask client
    :param model: ``"calibrated"`` or ``"ideal"``
    :param calibration: the calibrated model's parameters (None: its defaults), or a
        calibration file's path (``forestcoll calibrate``)
    :param method: allreduce: ``"auto"`` (default) adds the LP schedule where ``generate``
        builds it (the LP solved by
        :func:`~forestcoll_opt.lp.choice.lp_solved_by_default`'s rule, the
        schedule kept where it beats the trees), ``"lp"`` always, ``"trees"`` never (no
        LP solved); ignored for the other collectives
    :param compact: True to write the tree schedules compactly (one tree per orbit, as
        ``generate --compact`` does); None for above
        :data:`~forestcoll_opt.timing.candidates.COMPACT_ABOVE` compute nodes, as
        ``generate`` does. NCCL's rings are timed from their cycles
        (:mod:`forestcoll_opt.timing.ringform`, the same times) when ``compact`` or above
        :data:`~forestcoll_opt.timing.candidates.CYCLES_ABOVE` compute nodes
    :param front: True to add the throughput–depth front's schedules
        (:func:`forestcoll_opt.lp.pareto_schedules`, allgather and reduce-scatter), named
        ``depth=<h>``: the best schedule at each tree depth, shallow ones paying fewer
        hops of latency (solving the front takes seconds to minutes)
    :param progress: None, or a callable ``progress(stage, done, total)`` called as each
        stage advances (generating, building the baselines, timing each candidate); every
        stage is also logged at INFO level on the ``forestcoll_opt.timing.tradeoffs``
        logger, with its seconds
    :returns: every candidate's time at every size, the fastest per size, and the model
    :raises CollectiveError: for an unknown collective or ``method``, or a missing, unknown
        or superfluous root
    :raises UsageError: for no sizes, a bad or repeated k or baseline, nothing to compare,
        a bad α or chunk count, an option of the other model, or an unusable executor
    :raises ScheduleError: when a baseline asked for by name cannot be built, or as
        :func:`~forestcoll_opt.generation.pipeline.generate`
    :raises LPError: when ``method="lp"`` and the allreduce LP cannot be solved
    """
    member = check_request(topology, collective, root=root, allowed=tuple(Collective))
    collective = member.value
    calibration = as_calibration(calibration)
    model = check_options(model, chunks, alpha, alpha_per_link, calibration)
    if model == "calibrated" and calibration is None:
        calibration = Calibration()
    sizes = list(sizes)
    if not sizes:
        raise UsageError("give at least one message size")
    alltoall = member is Collective.ALLTOALL
    if ks is not None:
        _check_ks(list(ks))
        if alltoall and list(ks):
            raise UsageError("an all-to-all has no fixed-k trees: its candidates are the "
                             "optimal routes (lp) and the baselines; drop ks")
    explicit = baselines is not None
    if baselines is None:
        kinds = list(default_baselines(collective))
        if model == "calibrated" and not alltoall:
            kinds += list(LIBRARY_KINDS)
    else:
        kinds = list(baselines)
    if len(set(kinds)) != len(kinds):
        raise UsageError("a baseline is given twice; give each once")
    known = ALLTOALL_KINDS if alltoall else KINDS + LIBRARY_KINDS
    for kind in kinds:
        if kind not in known:
            raise UsageError(f"unknown baseline {str(kind)[:40]!r}"
                             + (" for alltoall" if alltoall else "") + f"; use "
                             f"{', '.join(known)}")
        if kind in LIBRARY_KINDS and model != "calibrated":
            raise UsageError(f"the {kind} baseline is the library's own cost model, part of "
                             f"the calibrated model; use model='calibrated'")
    if ks is not None and not list(ks) and not kinds and not alltoall:
        raise UsageError("nothing to compare: give at least one k or one baseline")
    check_method(method)
    if model == "ideal":
        link_alphas(topology, alpha, alpha_per_link)      # refuse a bad latency at once
    if compact is None:
        compact = len(topology.compute_nodes) > COMPACT_ABOVE
    cycles = compact or len(topology.compute_nodes) > CYCLES_ABOVE
    steps = Steps(progress)
    where = f"{collective} on {topology.name} ({len(topology.compute_nodes)} GPUs" + \
        (", compact schedules" if compact else "") + ")"
    choice = lp_interval = None
    if alltoall:
        from ..lp.alltoall.schedule import lp_alltoall

        optimal = steps.run("optimal", f"solving the all-to-all LP and building its routes, "
                                       f"{where}",
                            lambda: lp_alltoall(topology, kernel=kernel))
        lp_interval = (optimal.stats["lp_lower"], optimal.stats["lp_upper"])
        optimum = optimal.algbw
    else:
        if member is Collective.ALLREDUCE and method != "trees":
            from ..lp.choice import best_allreduce

            choice = steps.run("allreduce LP", f"the allreduce LP and its schedule where "
                                               f"generate builds it, {where}",
                               lambda: best_allreduce(topology, method=method, kernel=kernel,
                                                      progress=progress, compact=compact))
            if choice.lp is not None:
                lp_interval = choice.lp.interval
        optimal = choice.schedule if choice is not None and choice.method == "trees" else \
            steps.run("optimal", f"generating the optimal schedule, {where}",
                      lambda: generate(topology, collective=collective, root=root,
                                       kernel=kernel, progress=progress, compact=compact))
        optimum = (optimal.algbw if member is Collective.ALLREDUCE else
                   compute_bound(topology, collective=collective, root=root,
                                 kernel=kernel).algbw)
    k_star = _k_of(optimal)
    ks = [] if alltoall else list(default_ks(k_star) if ks is None else ks)
    options = ({"model": "calibrated", "calibration": calibration} if model == "calibrated"
               else {"model": "ideal", "chunks": chunks, "alpha": alpha,
                     "alpha_per_link": alpha_per_link})
    request = Request(topology=topology, member=member, root=root, ks=ks, kinds=kinds,
                      explicit=explicit, method=method, model=model, calibration=calibration,
                      options=options, kernel=kernel, executor=executor, compact=compact,
                      cycles=cycles, steps=steps, optimal=optimal, choice=choice,
                      front=front is True)
    built = [b for build in BUILDERS for b in build(request)]
    candidates = [b.candidate for b in built]
    timings: dict[str, Timing] = {}
    for i, b in enumerate(built):
        timings[b.candidate.name] = steps.run(
            "timing", f"timing {b.candidate.name} ({model} model, {len(sizes)} sizes)",
            lambda b=b: b.time(sizes), done=i, total=len(built))
    rows = _rows(sizes, candidates, timings, model)
    parameters = (calibration.parameters(topology) if model == "calibrated"
                  else ideal_parameters(chunks, alpha, alpha_per_link))
    reference = ("all-to-all LP optimum" if alltoall else
                 "reduce-scatter + allgather tree bound" if member is Collective.ALLREDUCE
                 else "bound")
    return Tradeoff(topology=topology.name, collective=member, units=topology.units,
                    optimum=optimum, k_star=k_star, candidates=tuple(candidates),
                    rows=tuple(rows), skipped=tuple(request.skipped), model=model,
                    parameters=parameters, reference=reference,
                    lp_interval=lp_interval, chunks=chunks, alpha=alpha)


def _rows(sizes: Sequence[int], candidates: Sequence[Candidate],
          timings: Mapping[str, Timing], model: str) -> list[TradeoffRow]:
    """One row per size: every candidate's time, the fastest (the first listed among
    equals) and, with a band, the candidates that may be faster within it."""
    order = [c.name for c in candidates]
    rows = []
    for i, size in enumerate(sizes):
        seconds = {name: timings[name].rows[i].seconds for name in order}
        chunk_counts = {name: timings[name].rows[i].chunks for name in order}
        protocols = ({name: timings[name].rows[i].protocol for name in order}
                     if model == "calibrated" else {})
        algorithms = {name: t.algorithms[i] for name, t in timings.items()
                      if t.algorithms is not None}
        bands = {name: timings[name].rows[i].band for name in order
                 if timings[name].rows[i].band is not None}
        best = min(order, key=lambda name: (seconds[name], order.index(name)))
        contenders: tuple[str, ...] = ()
        winners: tuple[str, ...] = ()
        if bands and len(bands) == len(order):
            winners = tuple(min(order, key=lambda n: (bands[n][end], order.index(n)))
                            for end in (0, 1))
            contenders = tuple(dict.fromkeys(w for w in winners if w != best))
        rows.append(TradeoffRow(size_bytes=size, best=best, seconds=seconds,
                                chunks=chunk_counts, protocols=protocols,
                                algorithms=algorithms, bands=bands, contenders=contenders,
                                band_winners=winners))
    return rows


def _check_ks(ks: list) -> None:
    for k in ks:
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
            raise UsageError(f"k={str(k)[:20]!r}: every k must be a whole number from 1 to "
                             f"{MAX_K}")
    if len(set(ks)) != len(ks):
        raise UsageError("a value of k is given twice; give each once")
