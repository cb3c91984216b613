"""What a drawing of a schedule may show: only a schedule the independent verifier
accepts on the topology drawn, and only the numbers the verifier recomputes.

A schedule file claims its ``k``, ``tree_bandwidth`` and ``algbw``; a drawing that put the
claim in its title would show a number nobody checked, and a schedule with wrong tree
weights or a compact schedule whose group is not made of automorphisms of the topology
would be drawn as if it were sound. So every view given a schedule
(:func:`forestcoll_opt.draw.draw`) first passes it to :func:`forestcoll_opt.verify.verify`
(its own reader: a compact schedule's generators are checked against the topology before
any tree is expanded), refuses it with one line when the verifier does not call it valid,
and titles the picture with the verifier's exact algbw and its ratio to the exact bound.

There is no option to draw a refused schedule anyway: the verifier's reasons (``forestcoll
verify``, :func:`forestcoll_opt.verify.verify`) name the tree, edge or generator to fix,
which is what debugging one needs, while a picture of loads a schedule cannot have, under
a title, is what misled readers before.

Allreduce and all-to-all are checked for validity only (format, semantics, link loads,
the exact algbw): their reference is an LP optimum, which a picture does not solve, and
the title says so instead of giving a ratio to another bound. An all-to-all is checked
for the demand ``verify`` would judge it by: the uniform one unless ``demand=`` asks for
another (``forestcoll draw --demand FILE``, as ``verify --demand FILE``), so a schedule
for another demand is refused as verify calls it invalid, and the title names the demand.
"""

from __future__ import annotations

from typing import Any

from ..errors import DrawError, VerifyArgumentError, VerifyError
from ..model.collective import Collective
from ..model.numbers import fraction_display, fraction_text
from ..model.schedule import Schedule
from ..model.topology import Topology
from ..verify import Verdict, verify

LP_REFERENCE = (Collective.ALLREDUCE, Collective.ALLTOALL)


def check_schedule(topology: Topology, schedule: Schedule, *, kernel: str | None = None,
                   demand: Any = None) -> Verdict:
    """The verifier's verdict on ``schedule`` over ``topology``, when it is one a drawing
    may show: valid, and (but for allreduce and all-to-all) compared with the exact bound.

    :param topology: the network to draw on
    :param schedule: the schedule (compact or plain; a compact one is judged before its
        group is expanded)
    :param kernel: the max-flow kernel of the verifier's bound (default: the package's)
    :param demand: all-to-all only: the demand the schedule must be for, as
        :func:`~forestcoll_opt.verify.verify` takes it (None: the uniform all-to-all)
    :returns: the verdict, status ``"optimal"`` or ``"below"`` (``"valid"`` for allreduce
        and all-to-all, compared with no reference)
    :raises DrawError: one line, when the verifier finds the schedule invalid on this
        topology or its numbers contradict the bound (the first reason, and how many more)
    """
    lp_reference = schedule.collective in LP_REFERENCE
    alltoall = schedule.collective is Collective.ALLTOALL
    if demand is not None and not alltoall:
        raise DrawError(f"demand= is an all-to-all's matrix of amounts per pair; this is a "
                        f"{schedule.collective.value} schedule", options=("demand",))
    try:
        # an all-to-all is judged for the demand verify would judge it by (the uniform one
        # unless demand= asks for another), never merely for the one it declares
        verdict = verify(topology, schedule, kernel=kernel, validity_only=lp_reference,
                         demand=("uniform" if demand is None else demand) if alltoall else None)
    except VerifyArgumentError as exc:
        raise DrawError(str(exc)[:400], options=exc.options) from None
    except VerifyError as exc:
        raise DrawError(f"the schedule cannot be verified on {topology.name}, so it is not "
                        f"drawn: {str(exc)[:300]}") from None
    if verdict.valid:
        return verdict
    reasons = verdict.reasons or ("no reason given",)
    more = f" (and {len(reasons) - 1} more problems)" if len(reasons) > 1 else ""
    first = " ".join(reasons[0].split())[:300]
    if verdict.contradiction:
        raise DrawError(f"the schedule's numbers contradict the bound on {topology.name}, so "
                        f"it is not drawn: {first}{more}")
    raise DrawError(f"the schedule does not verify on {topology.name}, so it is not drawn: "
                    f"{first}{more}", options=("demand",))


def verified_line(verdict: Verdict, units: str, *, nodes: int | None = None) -> str:
    """The title line of a verified schedule: the exact algbw the verifier recomputed and
    its ratio to the exact bound (never a number the file claims).

    ``algbw 1040/3 (346.667) GB/s, verified: optimal (= the exact allgather bound)``,
    ``algbw 6000/599 (10.017) GB/s, verified: 1/2 (50 %) of the exact allgather bound
    12000/599 (20.033)``; allreduce and all-to-all, whose LP a picture does not solve:
    ``algbw 520/3 (173.333) GB/s, verified (no ratio: its reference is the allreduce LP
    optimum)``; an all-to-all names its demand: ``algbw 50 GB/s, verified for the uniform
    all-to-all; no ratio (its reference is an LP optimum)``, ``algbw 20 GB/s,
    verified for the demand given (non-uniform: 1 of 240 pairs); no ratio (...)``.

    :param verdict: a verdict from :func:`check_schedule`
    :param units: the topology's units
    :param nodes: the number of compute nodes (all-to-all: to count the ordered pairs)
    :returns: one line
    """
    head = f"algbw {fraction_display(verdict.algbw)} {units}, verified"
    if verdict.collective == Collective.ALLTOALL.value:
        if verdict.demand is None:
            head += " for the uniform all-to-all"
        else:
            every = f" of {nodes * (nodes - 1)}" if nodes else ""
            head += (f" for the demand given (non-uniform: {len(verdict.demand)}{every} "
                     f"pairs)")
        return f"{head}; no ratio (its reference is an LP optimum)"
    if verdict.ratio is None or verdict.bound_algbw is None:
        return f"{head} (no ratio: its reference is the {verdict.collective} LP optimum)"
    bound = f"exact {verdict.collective} bound"
    if verdict.weights is not None:
        bound += " of its shard weights"
    if verdict.optimal:
        return f"{head}: optimal (= the {bound})"
    return (f"{head}: {fraction_text(verdict.ratio)} ({_percent(verdict.ratio)}) of the "
            f"{bound} {fraction_display(verdict.bound_algbw)}")


def _percent(ratio: Any) -> str:
    return f"{float(ratio) * 100:.4g} %"
