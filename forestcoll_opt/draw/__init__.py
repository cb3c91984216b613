"""Drawings of a network and of what the toolkit finds on it (matplotlib; networkx lays
the nodes out, with a fixed seed): the topology, the bottleneck cut of the bound, one
root's trees, and every link's load.

    import forestcoll_opt as fc
    topo = fc.resolve("dgx-a100:boxes=2")
    fc.draw(topo)                                          # boxes, switches, bandwidths
    fc.draw(topo, view="cut")                              # S*, the links leaving it
    s = fc.generate(topo, collective="allgather")
    fc.draw(topo, s, view="tree", root="box0/gpu0")        # that root's trees
    fc.draw(topo, s, view="loads").savefig("loads.png")    # load / capacity per link
    fc.save_drawing(fc.draw(topo, view="cut"), "cut.svg")  # byte-identical on every run
    c = fc.contention(topo, mesh="dp=2,tp=8", along="tp")
    fc.draw(topo, c, view="groups")                        # the links process groups fight over

The layer sits beside :mod:`forestcoll_opt.analysis`: it reads the model, the bound and
the schedules, and nothing below imports it (results reach it for their notebook
pictures through :func:`forestcoll_opt.display.set_drawer`). matplotlib is the optional
extra ``draw``."""

from __future__ import annotations

import os
from typing import Any

from ..errors import DrawError
from ..files import check_output, write_binary
from ..generation.bounding import Bound
from ..generation.bounding import bound as compute_bound
from ..model.collective import Collective, check_request
from ..model.schedule import Schedule
from ..model.topology import Topology
from .canvas import FORMATS, format_of, new_figure, render, style
from .checked import check_schedule
from .labels import label_layer
from .layout import MAX_BOXES, layout

VIEWS = ("topology", "cut", "tree", "loads", "groups")
SCHEDULE_VIEWS = ("tree", "loads")
"""The views that draw a schedule (the others draw a topology or a bound)."""

__all__ = ["FORMATS", "MAX_BOXES", "SCHEDULE_VIEWS", "VIEWS", "check_schedule", "draw",
           "draw_front", "label_layer", "loss_distribution", "render", "report",
           "save_drawing", "utilisation"]


def draw(topology: Topology, schedule: "Schedule | Bound | None" = None, *,
         view: str = "topology", root: str | None = None, ax: Any = None,
         collective: "Collective | str | None" = None, demand: Any = None) -> Any:
    """Draw ``topology`` (and what ``schedule`` does on it) in one of five views:

    * ``"topology"``: boxes grouped and labelled, compute nodes round, switches square
      (multicast switches diamonds), line width by bandwidth. Above
      :data:`~forestcoll_opt.draw.layout.MAX_BOXES` boxes one box is drawn and the others
      are summarised as one, which the figure says; a network without boxes of
      :data:`~forestcoll_opt.draw.layout.SPRING_NODES` nodes or more is put on a circle in
      depth-first order (linear time), which the figure says too. A view of more than
      :data:`~forestcoll_opt.draw.network.MAX_ARROWS` arrows draws straight lines instead.
    * ``"cut"``: the bottleneck cut S* of the bound (paper, section 4 "Throughput
      Optimality for Collectives") shaded, the links leaving it (entering it, for
      reduce-scatter and reduce) in red with their bandwidths, the exact ratio
      |S* ∩ Vc| / B(S*) in the title. The bound is the schedule's collective's, or
      ``collective``'s; a :class:`~forestcoll_opt.generation.bounding.Bound` may be given
      instead of a schedule.
    * ``"tree"``: the trees rooted at ``root``, each hop of their routes through the
      switches as an arrow, their weights as labels (one panel per tree, or all on
      ``ax`` in one colour each).
    * ``"loads"``: every link coloured by load / capacity (the share of the collective's
      time it is busy), the saturated links marked and counted, each link's load in tree
      parts as a label; with multicast both counts, ``4 (27)``: with multicast (without).
      A label that would cover another, a node or a name moves along its link, or is left
      out (:mod:`forestcoll_opt.draw.labels`).
    * ``"groups"``: process groups at once (``schedule`` is a
      :class:`~forestcoll_opt.lp.groups.solve.ConcurrentBound` from ``fc.concurrent``, or
      a :class:`~forestcoll_opt.analysis.together.Contention` from ``fc.contention``,
      which adds the groups' isolated optima): the links the joint optimum fills and those
      the isolated optima would need more of than there is, and below, per kind of link
      (links with the same shares share a row), each group's share
      (:mod:`forestcoll_opt.draw.groups_view`). Two panels: no ``ax``.

    A schedule is drawn only when the independent verifier accepts it on ``topology``
    (:func:`~forestcoll_opt.draw.checked.check_schedule`: a compact schedule's group is
    checked before it is expanded), and the tree and loads views title it with the
    verifier's exact algbw and its ratio to the exact bound, never with the file's claims
    (allreduce and all-to-all: the algbw alone, their reference being an LP optimum). An
    all-to-all is checked, as ``verify`` checks it, for the uniform all-to-all unless
    ``demand`` asks for another matrix: a schedule for another demand is refused, and the
    title names the demand.

    The same input gives the same picture (fixed style and layout seed): in a notebook the
    figure shows itself; :func:`save_drawing` writes it byte for byte the same.

    :param topology: the network
    :param schedule: a schedule on it (views ``tree`` and ``loads``; for ``cut``, the
        collective and root to bound), a Bound (view ``cut``), a ConcurrentBound or a
        Contention (view ``groups``), or None
    :param view: ``"topology"``, ``"cut"``, ``"tree"``, ``"loads"`` or ``"groups"``
    :param root: view ``tree``: the root whose trees to draw (default: the schedule's
        root, else its first tree's); view ``cut``: the root of broadcast/reduce
    :param ax: a matplotlib Axes to draw into, or None for a new figure
    :param collective: view ``cut`` without a schedule: the collective whose bound to draw
        (default allgather)
    :param demand: an all-to-all schedule: the demand it must be for, as
        :func:`~forestcoll_opt.verify.verify` takes it (None: the uniform all-to-all)
    :returns: the new Figure, or ``ax`` when one was given
    :raises DrawError: for an unknown view, a view that needs a schedule given none, a
        schedule the verifier does not accept on ``topology`` (its first reason), a root
        without trees, an allreduce cut (its optimum is the LP's), or no matplotlib
    :raises CollectiveError: for an unknown collective or a missing or superfluous root
    """
    if view not in VIEWS:
        raise DrawError(f"unknown view {str(view)[:40]!r}; use one of {', '.join(VIEWS)}")
    if not isinstance(topology, Topology):
        raise DrawError(f"draw needs a Topology first, got {type(topology).__name__}")
    if isinstance(schedule, Bound) and view != "cut":
        raise DrawError(f"a Bound draws the cut view, not {view!r}; pass a schedule instead")
    if view == "groups":
        return _groups(topology, schedule, ax)
    if view in SCHEDULE_VIEWS and not isinstance(schedule, Schedule):
        got = "none" if schedule is None else type(schedule).__name__
        raise DrawError(f"the {view} view needs a schedule (fc.load_schedule reads a file; "
                        f"fc.draw takes its path too), got {got}")
    if isinstance(schedule, Schedule) and set(schedule.compute_nodes) != set(topology.compute_nodes):
        raise DrawError(f"the schedule's compute nodes are not those of {topology.name}; "
                        f"draw it with the topology it was made for")
    verdict = None
    if isinstance(schedule, Schedule):
        # the verifier's judgement (checked.py), which proves a compact schedule's group
        # against the topology before it maps any tree of it
        verdict = check_schedule(topology, schedule, demand=demand)
    elif demand is not None:
        raise DrawError("demand= is for an all-to-all schedule; no schedule was given",
                        options=("demand",))
    # a compact schedule is drawn as it is: its link loads are counted per orbit and the
    # tree view makes only the chosen root's trees (drawing never expands the group)
    bound = _bound(topology, schedule, collective, root) if view == "cut" else None
    lay = layout(topology)
    with style():
        from .schedule_views import loads_view, tree_overlay, tree_panels
        from .views import cut_view, topology_view

        if view == "tree" and ax is None:
            fig = new_figure(6, 4)
            tree_panels(fig, topology, lay, schedule, root, verdict)
            return fig
        fig = None
        if ax is None:
            fig = new_figure(*_size(lay, view))
            ax = fig.add_subplot(1, 1, 1)
        if view == "topology":
            topology_view(ax, topology, lay)
        elif view == "cut":
            cut_view(ax, topology, lay, bound)
        elif view == "tree":
            tree_overlay(ax, topology, lay, schedule, root, verdict)
        else:
            loads_view(ax, topology, lay, schedule, verdict)
        return ax if fig is None else fig


def _groups(topology: Topology, result: Any, ax: Any) -> Any:
    """The groups view of a ConcurrentBound or a Contention (``draw``'s docstring)."""
    bound = getattr(result, "bound", result)
    if not (hasattr(bound, "contended") and hasattr(bound, "groups")):
        got = "none" if result is None else type(result).__name__
        raise DrawError(f"the groups view needs the groups' joint optimum (fc.concurrent) or "
                        f"its comparison (fc.contention), got {got}")
    if ax is not None:
        raise DrawError("the groups view draws two panels on a figure of its own; leave ax "
                        "out", options=("ax",))
    if bound.topology != topology.name:
        raise DrawError(f"the groups are of {bound.topology!r}, not of {topology.name!r}")
    schedules = getattr(result, "schedules", None)
    lay = layout(topology)
    with style():
        from .groups_view import MAX_BARS, alike, fights, groups_view

        kinds = len(alike(fights(topology, bound, schedules)))
        rows = min(MAX_BARS, kinds) * (2 if schedules else 1)
        width, height = _size(lay, "topology")
        bars = round(1.1 + 0.22 * max(rows, 2), 2)
        # room for the bars' link names on the left (constrained layout places them); the
        # network panel as tall as its width (about 4 inches less: names and legends) draws it
        wide = round(max(width, 6.0) + 1.8, 2)
        tall = round(max(1.5, (wide - 4.0) * (lay.height + 0.24) / (lay.width + 0.24) + 0.6), 2)
        fig = new_figure(wide, round(tall + bars + 0.3, 2))
        groups_view(fig, topology, lay, bound, schedules, heights=(tall, bars))
        return fig


def _bound(topology: Topology, schedule: Any, collective: Any, root: str | None) -> Bound:
    if isinstance(schedule, Bound):
        if schedule.topology != topology.name or schedule.num_compute != len(topology.compute_nodes):
            raise DrawError(f"the bound is of {schedule.topology!r}, not of {topology.name!r}")
        return schedule
    if isinstance(schedule, Schedule):
        collective, root = schedule.collective, schedule.root
    member = check_request(topology, collective or "allgather", root=root)
    if member is Collective.ALLREDUCE:
        raise DrawError("allreduce has no bottleneck cut: its optimum is the allreduce LP; "
                        "draw the cut of allgather or reduce-scatter")
    weights = None
    if isinstance(schedule, Schedule) and schedule.weights is not None:
        weights = dict(schedule.weights)
    return compute_bound(topology, collective=member, root=root, weights=weights)


def _size(lay: Any, view: str) -> tuple[float, float]:
    """Inches: about 2.4 per box side, less for many boxes, plus room for the legend."""
    scale = min(2.4, 9.0 / max(lay.width, lay.height, 1.0))
    return (round(lay.width * scale + 2.3, 2),
            round(lay.height * scale + (1.5 if view == "loads" else 0.8), 2))


def save_drawing(figure: Any, path: str | os.PathLike) -> None:
    """Write a drawing to an SVG, PNG or PDF file (the extension says which), atomically
    and deterministically: the same drawing gives the same bytes (no dates, no versions,
    a fixed SVG id salt).

    :param figure: a Figure from :func:`draw` (or any matplotlib Figure)
    :param path: the file, ending in ``.svg``, ``.png`` or ``.pdf``
    :raises DrawError: for another extension
    :raises OutputError: when the file cannot be written
    """
    fmt = format_of(path)
    check_output(path, label="drawing")
    write_binary(path, render(figure, fmt))


# after draw(), which the report draws with (reports.py imports it from here)
from .reports import report  # noqa: E402
from .schedule_views import utilisation  # noqa: E402
from .front_view import draw_front  # noqa: E402
from .scenario_plot import loss_distribution  # noqa: E402
