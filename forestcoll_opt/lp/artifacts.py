"""The optimization models as artifacts: the LPs this package solves, written as ``.lp`` and
``.mps`` files for a few reference networks, with the exact optimum of each, so that a
reviewer can read and diff them and any other LP solver can run them.

The files live in the repository's ``models/`` folder (``models/README.md`` says what each
one is). :func:`write_reference_models` writes them, :func:`stale_reference_models` names
the files that differ from what the code builds today; the test suite runs the second, so a
change to a model shows up as a change to a checked-in file.

What is written, for every network of :data:`REFERENCE_NETWORKS`:

* ``allreduce.lp`` — the allreduce LP of the paper's appendix "Allreduce Linear Program"
  in its *explicit* formulation (one flow per target and direction, every row written out).
  The package solves the same LP with its cut rows added lazily (``formulation="cuts"``),
  which has the same optimum but is not a complete LP before it is solved.
* ``alltoall.lp`` — the uniform all-to-all as a maximum concurrent flow, one commodity per
  source, unfolded: the plain LP.
* ``alltoall-folded.lp`` — the same LP folded by the automorphism group, which is what the
  package solves by default.
* ``groups.lp`` and ``groups-balanced.lp`` (for :data:`GROUPS_NETWORK` only) — the
  concurrent-groups LP of its 8 data-parallel groups (mesh ``dp=2,tp=8`` along ``dp``, all
  allgathering at once), with explicit flows instead of lazy cuts, unfolded
  (:mod:`forestcoll_opt.lp.groups.explicit`): the upper model and the balanced (lower) one.
* ``depth-2.lp`` — the depth MILP of the throughput–depth front (:mod:`forestcoll_opt.lp.depth`):
  the cheapest tree of depth <= 2 from the first compute node, every link priced
  b_max / b per use (:mod:`forestcoll_opt.lp.depth.reference`); its optimum is that tree's
  price (``reference`` 1, ``units`` "price").
* ``.mps`` beside each ``.lp`` for the smallest network (an MPS file of the larger ones is
  several MB and says nothing more).
* ``values.json`` — the package's certified interval of each LP's optimum (a feasible
  point's exact value below, a dual bound's exact value above; equal where the optimum is
  known exactly) and the unit R: an LP's objective times R is the algbw in the topology's
  units, so any solver's optimum of the file must fall in [objective_lower,
  objective_upper].
"""

from __future__ import annotations

import filecmp
import json
import os
import tempfile
from fractions import Fraction
from typing import Callable

from ..model.catalog import build
from ..model.numbers import fraction_text
from ..model.topology import Topology
from .alltoall.model import AlltoallModel, solve_alltoall
from .alltoall.fold import fold, no_fold
from .depth.reference import ReferencePricing
from .model import build_model
from .solver import solve

#: The networks whose models are written: the paper's example, two DGX A100 and two DGX
#: H100 boxes (catalog specs; the folder of each is the topology's name).
REFERENCE_NETWORKS: tuple[str, ...] = ("paper-example", "dgx-a100:boxes=2", "dgx-h100:boxes=2")
#: The network whose models are also written as ``.mps``.
MPS_NETWORKS: tuple[str, ...] = ("paper-example",)
#: The network whose concurrent-groups LPs are written, with its mesh and dimension.
GROUPS_NETWORK: tuple[str, str, str] = ("dgx-h100:boxes=2", "dp=2,tp=8", "dp")


def _groups(topology: Topology):
    """The groups of :data:`GROUPS_NETWORK` and the unit R of their LP."""
    from ..model.collective import Collective
    from ..model.groups import mesh_groups, restrict
    from .groups.certify import group_algbw
    from .groups.model import reference_for

    groups = mesh_groups(topology, GROUPS_NETWORK[1], GROUPS_NETWORK[2])
    alone = [group_algbw(restrict(topology, g), Collective.ALLGATHER, None) / g.weight
             for g in groups]
    return groups, reference_for(alone)


def _models(topology: Topology) -> dict[str, Callable[[str | None, str | None], None]]:
    """File stem -> a function writing that model as (.lp path, .mps path)."""
    compute = list(topology.compute_nodes)
    models = {
        "allreduce": build_model(topology, "allreduce", formulation="explicit").write,
        "alltoall": AlltoallModel(topology, None, no_fold(topology, compute)).write,
        "alltoall-folded": AlltoallModel(topology, None, fold(topology)).write,
        "depth-2": ReferencePricing(topology).write,
    }
    if topology == build(GROUPS_NETWORK[0]):
        from ..model.collective import Collective
        from .groups.explicit import ExplicitGroupsModel

        groups, r = _groups(topology)
        for stem, balanced in (("groups", False), ("groups-balanced", True)):
            models[stem] = ExplicitGroupsModel(topology, groups, Collective.ALLGATHER, r,
                                               balanced=balanced).write
    return models


def _values(topology: Topology) -> dict[str, dict[str, str]]:
    """The certified interval of each model's optimum, as exact fraction strings."""
    out: dict[str, dict[str, str]] = {}
    allreduce = solve(topology, collective="allreduce")
    alltoall = solve_alltoall(topology)
    for name, result in (("allreduce", allreduce), ("alltoall", alltoall),
                         ("alltoall-folded", alltoall)):
        r = Fraction(result.reference)
        out[name] = {"algbw_lower": fraction_text(Fraction(result.lower)),
                     "algbw_upper": fraction_text(Fraction(result.upper)),
                     "units": topology.units,
                     "reference": fraction_text(r),
                     "objective_lower": fraction_text(Fraction(result.lower) / r),
                     "objective_upper": fraction_text(Fraction(result.upper) / r)}
    price = ReferencePricing(topology).optimum()
    out["depth-2"] = {"algbw_lower": fraction_text(price), "algbw_upper": fraction_text(price),
                      "units": "price", "reference": "1",
                      "objective_lower": fraction_text(price),
                      "objective_upper": fraction_text(price)}
    if topology == build(GROUPS_NETWORK[0]):
        from .groups.solve import concurrent

        groups, r = _groups(topology)
        both = concurrent(topology, groups=list(groups))
        # both LPs' optima lie in [λ_low, λ_up]: the witness is feasible for the balanced
        # LP, which is a restriction of the upper one
        for name in ("groups", "groups-balanced"):
            out[name] = {"algbw_lower": fraction_text(both.lower),
                         "algbw_upper": fraction_text(both.upper), "units": topology.units,
                         "reference": fraction_text(r),
                         "objective_lower": fraction_text(both.lower / r),
                         "objective_upper": fraction_text(both.upper / r)}
    return out


def write_reference_models(folder: str | os.PathLike) -> list[str]:
    """Write every reference model and ``values.json`` under ``folder``/<topology name>/.

    :param folder: the ``models/`` folder (created when missing)
    :returns: the paths written, relative to ``folder``, in order
    """
    written: list[str] = []
    for spec in REFERENCE_NETWORKS:
        topology = build(spec)
        sub = os.path.join(os.fspath(folder), topology.name)
        os.makedirs(sub, exist_ok=True)
        for stem, write in _models(topology).items():
            mps = os.path.join(sub, f"{stem}.mps") if spec in MPS_NETWORKS else None
            write(os.path.join(sub, f"{stem}.lp"), mps)
            written.append(f"{topology.name}/{stem}.lp")
            if mps:
                written.append(f"{topology.name}/{stem}.mps")
        values = {"spec": spec, "models": _values(topology)}
        with open(os.path.join(sub, "values.json"), "w", encoding="utf-8") as fh:
            fh.write(json.dumps(values, indent=2, sort_keys=True) + "\n")
        written.append(f"{topology.name}/values.json")
    return written


def _values_agree(fresh: str, kept: str) -> bool:
    """Whether two ``values.json`` texts describe the same LPs: the same keys, units and R,
    and intervals that intersect (each is a certified interval of the same optimum, and
    where the optimum is not known exactly, its lower end depends on the solver's floats)."""
    try:
        a, b = json.loads(fresh), json.loads(kept)
        if a["spec"] != b["spec"] or a["models"].keys() != b["models"].keys():
            return False
        for name, x in a["models"].items():
            y = b["models"][name]
            if x.keys() != y.keys() or any(x[k] != y[k] for k in ("units", "reference")):
                return False
            if max(Fraction(x["algbw_lower"]), Fraction(y["algbw_lower"])) > \
                    min(Fraction(x["algbw_upper"]), Fraction(y["algbw_upper"])):
                return False
    except (ValueError, KeyError, TypeError, AttributeError, ZeroDivisionError):
        return False
    return True


def stale_reference_models(folder: str | os.PathLike) -> list[str]:
    """The reference model files under ``folder`` that differ from what the code writes
    today, or are missing (relative paths); empty when the folder is up to date. Model
    files must be byte-identical; ``values.json`` must state intervals that intersect the
    ones the code certifies today (their lower ends may move with the LP solver's version).

    :param folder: the ``models/`` folder
    """
    stale = []
    with tempfile.TemporaryDirectory(prefix="forestcoll-models-") as tmp:
        for path in write_reference_models(tmp):
            kept = os.path.join(os.fspath(folder), path)
            fresh = os.path.join(tmp, path)
            if not os.path.isfile(kept):
                stale.append(path)
            elif path.endswith("values.json"):
                with open(fresh, encoding="utf-8") as fa, open(kept, encoding="utf-8") as fb:
                    if not _values_agree(fa.read(), fb.read()):
                        stale.append(path)
            elif not filecmp.cmp(fresh, kept, shallow=False):
                stale.append(path)
    return stale
