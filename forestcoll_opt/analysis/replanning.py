"""``fc.replan``: a job's schedule after some of its network failed (``forestcoll replan``).

An operator whose job just lost a NIC (or a cable, a switch, a box, or one port of a
dual-port NIC, NCCL's fail-over case) has the healthy schedule and wants the best one
for what is left, now. :func:`replan` takes the healthy network, its schedule and the
failed or degraded parts (:func:`~forestcoll_opt.model.faults.parse_part`: ``ID`` for a
part out of service, ``ID=KEEP`` for one left with that fraction of its bandwidth; several
at once) and returns a :class:`Replan`:

* the new schedule, exactly at the optimum of the degraded network, by the first route
  that works (:attr:`Replan.method`): the healthy schedule itself when no route crosses
  a removed part and it reaches that optimum there (``kept``: a degraded link it never
  filled, or a healthy schedule below the healthy optimum that the failure's optimum
  meets, :attr:`Replan.healthy_ratio` says which); the healthy schedule repaired
  (:func:`~forestcoll_opt.generation.repair.repair_schedule`: the trees that avoid the
  failed parts kept, the others re-attached on the room they leave at the degraded
  optimum, ``repaired``, or their demand packed exactly on that residual network,
  ``repacked``); else one generated on the degraded network with the automorphisms that
  fix the failed parts (the stabiliser, which :mod:`forestcoll_opt.generation.pipeline`
  packs under; ``regenerated``, with :attr:`Replan.note` saying why no repair);
  when the failures leave an unbalanced network, on which no tree schedule is built, the
  optimal schedule of its largest balanced sub-network
  (:func:`~forestcoll_opt.analysis.balanced.best_on_balanced`: ``balanced``; its
  ``optimum`` is then the unbalanced network's cut bound, which it does not reach,
  :attr:`Replan.ratio` its exact share of it, and :attr:`Replan.note` says so);
* the verifier's verdict on the degraded network (it refuses a schedule that still
  routes through a failed part);
* the fraction of the healthy optimum lost, and the degraded network's bottleneck cut
  that explains it (its compute nodes, the bandwidth leaving it).

A failure that cuts compute nodes off is refused with the reason
(:func:`~forestcoll_opt.model.faults.degrade`) and the cut bound of what is left.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Iterable

from ..display import html_summary
from ..errors import FailureError, ScheduleError
from ..generation.bounding import bound, rs_ag_algbw
from ..model.collective import Collective
from ..model.faults import (Failure, degrade, describe, parse_failures, remaining,
                            unbalanced)
from ..model.numbers import fraction_display, fraction_text
from ..model.schedule import Schedule
from ..model.topology import Topology
from ..generation.repair import ROUTES, repair_schedule, trees_within
from .balanced import BalancedSchedule, best_on_balanced
from .best import generate
from .checks import verify

METHODS = ROUTES + ("regenerated", "balanced")
"""How a re-plan got its schedule: the healthy one unchanged, at the degraded optimum
(``kept``), its lost
trees re-attached on the room the others leave (``repaired``) or re-packed there exactly
(``repacked``) — :func:`~forestcoll_opt.generation.repair.repair_schedule` — or a new one
generated on the degraded network (``regenerated``)."""


@dataclass(frozen=True)
class Replan:
    """A schedule re-planned after failures (:func:`replan`).

    :ivar collective: the collective (a :class:`Collective`)
    :ivar topology: the degraded network's name
    :ivar failures: the failed or degraded parts' ids, in the order given
    :ivar schedule: the new schedule, on the degraded network
    :ivar method: one of :data:`METHODS` (module docstring)
    :ivar healthy: the healthy network's optimum (allreduce: the reduce-scatter +
        allgather tree bound), exact
    :ivar optimum: the degraded network's, exact (``balanced``: its cut bound)
    :ivar algbw: the new schedule's, exact (equal to ``optimum``, but for ``balanced``)
    :ivar status: the verifier's status on the degraded network (``"optimal"``)
    :ivar cut: the degraded network's bottleneck cut S* (node ids; allreduce: the
        allgather's), which bounds ``optimum``
    :ivar cut_text: its compute nodes in a few words (``box 3, box3/gpu5``)
    :ivar cut_bandwidth: the bandwidth leaving S* on the degraded network
    :ivar trees_avoiding: the healthy schedule's trees that avoid every failed part
        (untouched by a degraded one too)
    :ivar trees: the healthy schedule's trees
    :ivar kept: the healthy trees the new schedule keeps as they were (the others were
        repaired or re-packed, :attr:`given_up` says how many of them avoided the failures;
        0 when regenerated)
    :ivar note: why the healthy schedule could not be repaired (``"regenerated"``), else
        ``""``
    :ivar healthy_algbw: the healthy schedule's own algbw on the healthy network (the
        verifier's figure), exact; below ``healthy`` for a schedule that was not optimal
    :ivar seconds: wall-clock seconds taken, the verdict included; ignored by ``==``
    :ivar document: the new schedule's JSON object, as the verifier read it (``to_dict``;
        :func:`~forestcoll_opt.model.schedule.document_text` writes it); ignored by ``==``
    """

    collective: Collective
    topology: str
    failures: tuple[str, ...]
    schedule: Schedule
    method: str
    healthy: Fraction
    optimum: Fraction
    algbw: Fraction
    status: str
    cut: tuple[str, ...]
    cut_text: str
    cut_bandwidth: Fraction
    trees_avoiding: int
    trees: int
    kept: int = 0
    note: str = ""
    units: str = "GB/s"
    healthy_algbw: Fraction | None = None
    seconds: float = field(default=0.0, compare=False)
    document: dict[str, Any] | None = field(default=None, compare=False, repr=False)

    @property
    def ratio(self) -> Fraction:
        """The schedule's algbw over ``optimum``, exact: 1, except for a ``balanced``
        re-plan, whose schedule runs on a balanced sub-network below the cut bound."""
        return self.algbw / self.optimum

    @property
    def healthy_ratio(self) -> Fraction | None:
        """The healthy schedule's algbw over the healthy optimum, exact (1: it was optimal;
        None when not known)."""
        return None if self.healthy_algbw is None else self.healthy_algbw / self.healthy

    @property
    def degraded_parts(self) -> bool:
        """Whether some part was left with a share of its bandwidth (``ID=KEEP``), not
        only taken out of service."""
        return any("=" in f for f in self.failures)

    @property
    def rebuilt(self) -> int:
        """The healthy trees not kept as they were: repaired, re-packed, or (regenerated,
        balanced) every one."""
        return self.trees - self.kept

    @property
    def given_up(self) -> int | None:
        """The healthy trees that avoid every failed part yet were not kept: the repair
        gives up a tree whose routes take room the re-attached ones need (its routes into
        the part they could not reach; :func:`~forestcoll_opt.generation.repair.repair_schedule`)
        and rebuilds it with them. Exact when every part is out of service (a kept tree
        then avoids them all); None with a degraded part, over which a tree may be kept
        while the link has room for it, and for a schedule not repaired."""
        if self.degraded_parts or self.method not in ("kept", "repaired", "repacked"):
            return None
        return self.trees_avoiding - self.kept

    @property
    def lost(self) -> Fraction:
        """The fraction of the healthy optimum the new schedule loses, exact (0: nothing
        lost)."""
        return 1 - self.algbw / self.healthy

    def __repr__(self) -> str:
        failed = ", ".join(self.failures)
        if len(failed) > 80:
            failed = failed[:77] + "..."
        return (f"Replan({self.collective.value}, {failed}: {self.method}, algbw="
                f"{fraction_text(self.algbw)} {self.units} ({float(self.lost):.2%} lost), "
                f"{self.status})")

    def _repr_html_(self) -> str:
        rows = [("network", self.topology), ("failures", ", ".join(self.failures)),
                ("schedule", f"{self.method}: {self.schedule.num_trees} trees"),
                ("algbw", f"{fraction_display(self.algbw)} {self.units} ({self.status})"),
                ("healthy optimum", f"{fraction_display(self.healthy)} {self.units}"),
                ("lost", f"{float(self.lost):.2%}"),
                ("bottleneck cut", f"{self.cut_text}: {fraction_display(self.cut_bandwidth)} "
                                   f"{self.units} leave it"),
                ("healthy trees clear of the failures",
                 f"{self.trees_avoiding} of {self.trees}"),
                ("healthy trees kept", f"{self.kept} of {self.trees}"
                                       + (f"; {self.given_up} clear ones given up for the "
                                          f"room the others need" if self.given_up else "")
                                       + (f" ({self.note})" if self.note else "")),
                ("seconds", f"{self.seconds:.2f}")]
        return html_summary(f"Replan · {self.collective.value} after "
                            f"{len(self.failures)} failure(s)", rows)

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON values (exact numbers as ``"p/q"`` text)."""
        return {"collective": self.collective.value, "topology": self.topology,
                "failures": list(self.failures), "method": self.method,
                "healthy": fraction_text(self.healthy), "optimum": fraction_text(self.optimum),
                "algbw": fraction_text(self.algbw), "lost": fraction_text(self.lost),
                "ratio": fraction_text(self.ratio),
                "status": self.status, "cut": list(self.cut), "cut_text": self.cut_text,
                "cut_bandwidth": fraction_text(self.cut_bandwidth),
                "trees_avoiding": self.trees_avoiding, "trees": self.trees,
                "kept": self.kept, "given_up": self.given_up, "note": self.note,
                "healthy_algbw": None if self.healthy_algbw is None else
                fraction_text(self.healthy_algbw)}


def _optimum(topology: Topology, member: Collective, root: str | None,
             kernel: str | None) -> tuple[Fraction, Any]:
    """The optimum the re-plan is measured against, and the bound whose cut explains it."""
    if member is Collective.ALLREDUCE:
        return rs_ag_algbw(topology, kernel=kernel), bound(topology, collective="allgather",
                                                           kernel=kernel)
    b = bound(topology, collective=member, root=root, kernel=kernel)
    return b.algbw, b


def _avoiding(schedule: Schedule, degraded: Topology, topology: Topology) -> int:
    """The trees whose every hop is a link of ``degraded`` at its healthy bandwidth."""
    same = {e: c for e, c in degraded.capacity.items() if topology.capacity.get(e) == c}
    return trees_within(schedule, same)


def replan(topology: Topology, schedule: Schedule, *,
           failures: "str | Failure | Iterable[str | Failure]", kernel: str | None = None,
           symmetry: bool | None = None) -> Replan:
    """The optimal schedule after ``failures``, from the healthy network's ``schedule``
    (module docstring).

    :param topology: the healthy network
    :param schedule: its schedule (a tree collective's; its collective, root and weights
        are kept)
    :param failures: a failure id or :class:`~forestcoll_opt.model.faults.Failure`, ``ID=KEEP``
        for a degraded link or NIC, or several
    :param kernel: the max-flow kernel; None for the fastest one installed
    :param symmetry: as :func:`forestcoll_opt.generation.pipeline.generate`
    :returns: the re-plan
    :raises FailureError: for an id that names no part, or a network left without a
        schedule
    :raises ScheduleError: for a schedule that is not a tree collective's (all-to-all), or
        that the verifier finds invalid on ``topology`` (its trees clear of the failures
        would be kept as they are)
    """
    start = time.perf_counter()
    member = schedule.collective
    if member.routed:
        raise ScheduleError(f"replan takes a tree collective's schedule, not "
                            f"{member.value}'s")
    parts = parse_failures(topology, failures)
    root = schedule.root
    weights = dict(schedule.weights) if getattr(schedule, "weights", None) else None
    own = verify(topology, schedule, validity_only=True, kernel=kernel, weights=weights)
    if not own.valid:
        reason = own.reasons[0] if own.reasons else own.status
        raise ScheduleError(f"the healthy schedule is not valid on {topology.name} "
                            f"({reason}): re-plan from a schedule the verifier accepts")
    healthy, _ = _optimum(topology, member, root, kernel)
    try:
        degraded = degrade(topology, parts)
    except FailureError as exc:
        refused = FailureError(f"{exc}. "
                               f"{_remainder(topology, parts, member, root, kernel, healthy)}")
        nodes, capacity = remaining(topology, parts)
        if unbalanced(nodes, capacity) is None:
            raise refused from None
        try:
            best = best_on_balanced(topology, parts, collective=member, root=root,
                                    weights=weights, kernel=kernel)
        except FailureError:
            raise refused from None
        return replace(_on_balanced(best, schedule, healthy, member, root, kernel, start),
                       healthy_algbw=own.algbw)
    optimum, cut = _optimum(degraded, member, root, kernel)
    avoiding = _avoiding(schedule, degraded, topology)
    total = schedule.num_trees
    fixed = repair_schedule(degraded, schedule, kernel=kernel)
    new, method, why = fixed.schedule, fixed.route, fixed.reason
    if new is None:
        method = "regenerated"
        new = generate(degraded, collective=member, root=root, kernel=kernel,
                       symmetry=symmetry, weights=weights, method="trees"
                       if member is Collective.ALLREDUCE else "auto")
    document = new.to_dict()        # the verifier reads it; the CLI writes it
    verdict = verify(degraded, document, against="trees" if member is Collective.ALLREDUCE
                     else "lp", kernel=kernel, weights=weights)
    if not verdict.valid:       # the healthy schedule was valid: a bug of the re-plan
        raise ScheduleError(f"the re-planned schedule fails the verifier "
                            f"({verdict.reasons[0] if verdict.reasons else verdict.status}); "
                            f"please report this with the healthy schedule")
    inside = set(cut.cut)
    compute = [v for v in degraded.compute_nodes if v in inside]
    others = [v for v in degraded.compute_nodes if v not in inside]
    cut_text = (describe(degraded, compute) if len(compute) <= len(others) else
                f"every compute node but {describe(degraded, others)}")
    return Replan(collective=member, topology=degraded.name,
                  failures=tuple(p.id for p in parts), schedule=new, method=method,
                  healthy=healthy, optimum=optimum, algbw=new.algbw, status=verdict.status,
                  cut=tuple(cut.cut), cut_text=cut_text,
                  cut_bandwidth=cut.cut_bandwidth, trees_avoiding=avoiding,
                  trees=total, kept=fixed.kept, note=why, units=degraded.units,
                  healthy_algbw=own.algbw, document=document,
                  seconds=time.perf_counter() - start)


def _on_balanced(best: BalancedSchedule, schedule: Schedule, healthy: Fraction,
                 member: Collective, root: str | None, kernel: str | None,
                 start: float) -> Replan:
    """The re-plan of a failure that leaves an unbalanced network: the best schedule on
    its largest balanced sub-network (:mod:`forestcoll_opt.analysis.balanced`)."""
    sub = best.subnetwork
    _, cut = _optimum(sub, member, root, kernel)
    inside = set(cut.cut)
    compute = [v for v in sub.compute_nodes if v in inside]
    others = [v for v in sub.compute_nodes if v not in inside]
    cut_text = (describe(sub, compute) if len(compute) <= len(others) else
                f"every compute node but {describe(sub, others)}")
    return Replan(collective=member, topology=sub.name, failures=best.failures,
                  schedule=best.schedule, method="balanced", healthy=healthy,
                  optimum=best.bound, algbw=best.algbw, status=best.status,
                  cut=tuple(cut.cut), cut_text=cut_text, cut_bandwidth=cut.cut_bandwidth,
                  trees_avoiding=0, trees=schedule.num_trees, kept=0,
                  note=best.statement, units=sub.units,
                  seconds=time.perf_counter() - start)


def _remainder(topology: Topology, parts: tuple[Failure, ...], member: Collective,
               root: str | None, kernel: str | None, healthy: Fraction) -> str:
    """What is known of a network no schedule can run on: its cut bound (the what-if
    analysis's value: 0 when compute nodes are cut off) against the healthy optimum."""
    from .whatif import _after_failure

    algbw, status, _, _ = _after_failure(topology, parts, member, root, kernel)
    if algbw == 0:
        return "No collective can run on what is left: 100% of the healthy optimum is lost"
    return (f"The cut bound of the network left is {fraction_display(algbw)} "
            f"{topology.units} ({float(1 - algbw / healthy):.2%} below the healthy optimum); "
            f"it limits every schedule, but the trees are built on balanced networks only, "
            f"so no schedule reaching it is made: restore the part, or run on the balanced "
            f"network without it")
