"""One self-contained HTML page about a topology, for those who do not use Jupyter: the
bound with its cut drawn, the allreduce LP against the tree schedules, the fixed-k table
and plot, the time per message size against NCCL's baselines, and the verdict of the
generated schedule with its link loads drawn. Every picture is inline SVG and the style
and the one small script (a table of contents) are in the page: it opens without network
access. The page leaves out every measured time, so the same input gives the same page."""

from __future__ import annotations

import html
import os
import re
from typing import Any, Iterable

from ..analysis.checks import verify
from ..analysis.sweeps import compare
from ..display import html_summary
from ..generation.bounding import Bound
from ..generation.bounding import bound as compute_bound
from ..model.collective import Collective, check_request
from ..model.numbers import fraction_display
from ..model.summary import topology_rows
from ..model.topology import Topology
from ..timing.calibrated import Calibration
from ..timing.fitted import as_calibration
from ..timing.tradeoffs import Tradeoff, tradeoff
from . import draw
from .canvas import inline_svg_text, new_figure, style

DEFAULT_SIZES = tuple(2**p for p in range(16, 31, 2))       # 64 KiB, 256 KiB, ..., 1 GiB

STYLE = """
body { font-family: system-ui, "DejaVu Sans", sans-serif; margin: 2em auto; max-width: 1100px;
       color: #222; line-height: 1.4; padding: 0 1em; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: 0.5em 0; font-size: 0.9em; }
th, td { padding: 0.2em 0.7em; border-bottom: 1px solid #eee; text-align: right; }
th { text-align: left; } td:first-child { text-align: left; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }
nav { background: #f6f8fa; padding: 0.5em 1em; border-radius: 6px; }
.note { color: #555; font-size: 0.9em; }
"""
# the one script: a table of contents from the section headings, and a mark that it ran
SCRIPT = """
(function () {
  var nav = document.getElementById("contents"), list = document.createElement("ol");
  document.querySelectorAll("h2").forEach(function (h, i) {
    h.id = "section-" + (i + 1);
    var item = document.createElement("li"), link = document.createElement("a");
    link.href = "#" + h.id; link.textContent = h.textContent;
    item.appendChild(link); list.appendChild(item);
  });
  nav.appendChild(list);
  document.body.setAttribute("data-ready", "yes");
})();
"""


def report(topology: Topology, *, collective: "Collective | str" = "allgather",
           root: str | None = None, sizes: Iterable[int] | None = None, lp: bool = True,
           kernel: str | None = None,
           calibration: "Calibration | str | os.PathLike | None" = None) -> str:
    """The HTML page (module docstring) about ``topology`` and ``collective``.

    :param topology: the network
    :param collective: the collective of the fixed-k, time and verdict sections (its bound
        is drawn; allreduce draws the allgather cut, its optimum being the LP's)
    :param root: the root of broadcast/reduce
    :param sizes: message sizes in bytes for the time section (default 64 KiB to 1 GiB)
    :param lp: False leaves out the LP section and, for allreduce, the LP schedule (the LP
        may take long on big networks): the allreduce schedule is then the trees, judged
        against the reduce-scatter + allgather tree bound. True solves the LP by the rule
        of ``generate`` and ``verify``
        (:func:`~forestcoll_opt.lp.choice.lp_solved_by_default`): above its size the
        section says it is not solved and the trees are judged as ``verify`` judges them
    :param kernel: the max-flow kernel, or None for the fastest installed
    :param calibration: the time section's calibrated model, or a calibration file's path
        (``forestcoll calibrate``); None: the defaults
    :returns: the page, one HTML document
    :raises CollectiveError: for an unknown collective or a wrong root
    :raises DrawError: when matplotlib is not installed
    :raises LPError: when the LP cannot be solved and certified
    """
    member = check_request(topology, collective, root=root)
    calibration = as_calibration(calibration)
    cut_member = Collective.ALLGATHER if member is Collective.ALLREDUCE else member
    bound = compute_bound(topology, collective=cut_member, root=root, kernel=kernel)
    from ..lp.choice import LP_MAX_VARIABLES, lp_variables, not_solved_reason

    # the allreduce LP is solved by the rule generate and verify follow
    variables = lp_variables(topology) if lp else None
    unsolved = variables is not None and variables > LP_MAX_VARIABLES
    table = compare([topology], kernel=kernel).iloc[0] if lp and not unsolved else None
    times = tradeoff(topology, collective=member, root=root, kernel=kernel,
                     sizes=list(sizes or DEFAULT_SIZES), method="auto" if lp else "trees",
                     calibration=calibration)
    # the schedule generate writes: for allreduce the LP schedule where it is a candidate
    best = {c.name: c for c in times.candidates}
    schedule = (best["lp"] if "lp" in best else
                next(c for c in times.candidates if c.k == times.k_star)).schedule
    against: dict[str, Any] = {"against": "trees"}
    if member is Collective.ALLREDUCE and table is not None:
        # the exact columns (the plain ones are floats that plot)
        against = {"lp_interval": (table["allreduce_lp_lower_exact"],
                                   table["allreduce_lp_upper_exact"])}
    elif member is Collective.ALLREDUCE and unsolved:
        against = {}            # verify's default: the trees against the tree bound, noted
    verdict = verify(topology, schedule, kernel=kernel,
                     **(against if member is Collective.ALLREDUCE else {}))
    sections = [
        ("The network", _summary(f"Topology {topology.name}", topology_rows(topology))
         + _figure(draw(topology))),
        ("The bound and its bottleneck cut", _bound_html(bound)
         + _figure(draw(topology, bound, view="cut"))),
    ]
    if table is not None:
        sections.append(("Allreduce: the LP against tree schedules", _lp_html(table, topology)))
    elif unsolved:
        assert variables is not None
        sections.append(("Allreduce: the LP against tree schedules",
                         f"<p>Not solved: {html.escape(not_solved_reason(variables))}, as "
                         f"in generate and verify (method=\"lp\" of generate solves it and "
                         f"builds its schedule).</p>"))
    sections += [
        ("Fixed k: what fewer trees cost", _fixed_k_html(times)
         + _figure(_fixed_k_plot(times))),
        ("Time per message size, against NCCL's baselines", _times_html(times)
         + _figure(_time_plot(times))),
        ("The generated schedule and its verdict", verdict._repr_html_()
         + _figure(draw(topology, schedule, view="loads"))),
    ]
    title = f"forestcoll report: {member.value} on {topology.name}"
    fitted = ("" if calibration is None else
              f", with the calibration given: {html.escape(calibration.summary(topology))}")
    body = "".join(f"<h2>{html.escape(name)}</h2>\n{content}\n" for name, content in sections)
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>\n"
            f"<body><h1>{html.escape(title)}</h1>\n<nav id=\"contents\"><b>Contents</b></nav>\n"
            f"{body}<p class=\"note\">Exact numbers are fractions in {html.escape(topology.units)}; "
            f"times come from the {html.escape(times.model)} time model "
            f"(forestcoll_opt.timing.simulate; docs/validation.md){fitted}.</p>\n"
            f"<script>{SCRIPT}</script></body></html>\n")


def _summary(title: str, rows: list[tuple[str, Any]]) -> str:
    return html_summary(title, rows)


def _figure(fig: Any) -> str:
    return f"<figure>{inline_svg_text(fig)}</figure>"


def _bound_html(b: Bound) -> str:
    # the bound's own summary without its seconds (the page is the same on every run) and
    # without the note that points to a notebook call
    page = re.sub(r", [0-9.]+ s</td>", "</td>", b._repr_html_())
    return page.replace("fc.draw(topology, bound, view=&#x27;cut&#x27;) draws the cut",
                        "S* is shaded below")


def _lp_html(row: Any, topology: Topology) -> str:
    """The LP-vs-trees rows from a :func:`~forestcoll_opt.analysis.sweeps.compare` row, in
    its exact columns; each ratio names its bound (the LP's certified upper value, as the
    verifier's conservative ratio)."""
    u = topology.units
    lower, upper = row["allreduce_lp_lower_exact"], row["allreduce_lp_upper_exact"]
    interval = (fraction_display(lower) if lower == upper else
                f"[{fraction_display(lower)}, {fraction_display(upper)}]")

    def against_lp(value: Any) -> str:        # as the verifier decides it
        if value >= max(lower, row["tree_allreduce_exact"]):
            return "reaches the allreduce LP optimum"
        which = "" if lower == upper else "'s certified upper value"
        return f"{float(value / upper):.2%} of the allreduce LP optimum{which}"

    tree, lp_schedule = row["tree_allreduce_exact"], row["lp_schedule_exact"]
    rows = [("allgather: exact bound", f"{fraction_display(row['allgather_bound_exact'])} {u}"),
            ("allgather LP (HiGHS)", f"{row['allgather_lp']:.6g} {u}"),
            ("allreduce LP optimum (certified)", f"{interval} {u}"),
            ("allreduce: reduce-scatter then allgather trees",
             f"{fraction_display(tree)} {u} ({against_lp(tree)}; = the reduce-scatter + "
             f"allgather tree bound; {row['tree_distinct_trees']} trees)"),
            ("allreduce: LP schedule (concurrent trees)",
             f"{fraction_display(lp_schedule)} {u} ({against_lp(lp_schedule)}; "
             f"{float(lp_schedule / tree):.2%} of the reduce-scatter + allgather tree bound; "
             f"{row['lp_schedule_distinct_trees']} trees)")]
    return _summary("LP vs trees", rows)


def _table(header: list[str], rows: list[list[Any]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in r) + "</tr>"
                   for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _fixed_k_html(t: Tradeoff) -> str:
    rows = [[c.name + (" (k*)" if c.k == t.k_star else ""), fraction_display(c.algbw),
             f"{float(c.algbw / t.optimum):.2%}", c.trees, c.height]
            for c in t.candidates if c.k is not None]
    name = "the optimum" if t.reference == "bound" else f"the {t.reference}"
    lp = next((c for c in t.candidates if c.name == "lp"), None)
    more = ("" if lp is None else
            f" The schedule at the allreduce LP optimum (candidate lp, concurrent phases) "
            f"reaches {html.escape(fraction_display(lp.algbw))} {html.escape(t.units)}, "
            f"{float(lp.algbw / t.optimum):.2%} of {html.escape(name)}.")
    return (f"<p>{html.escape(name[0].upper() + name[1:])}, "
            f"{html.escape(fraction_display(t.optimum))} {html.escape(t.units)}, "
            f"needs k* = {t.k_star} trees per root; the table gives the best schedule with "
            f"each fewer k.{more}</p>"
            + _table(["k", f"algbw ({t.units})", f"of {name}", "distinct trees",
                      "height (compute hops)"], rows))


def _times_html(t: Tradeoff) -> str:
    calibrated = t.model == "calibrated"
    rows = [[_size(r.size_bytes), r.best, f"{1e6 * r.seconds[r.best]:.1f}",
             r.protocols.get(r.best, "") if calibrated else r.chunks[r.best]]
            for r in t.rows]
    skipped = "".join(f"<p class=\"note\">{html.escape(kind)} not compared: "
                      f"{html.escape(why)}</p>" for kind, why in t.skipped)
    return _table(["size", "fastest", "µs", "protocol" if calibrated else "chunks"],
                  rows) + skipped


def _size(n: int) -> str:
    for unit, factor in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= factor and n % factor == 0:
            return f"{n // factor} {unit}"
    return f"{n} B"


def _fixed_k_plot(t: Tradeoff) -> Any:
    """algbw against k on a linear axis with integer ticks (k* among them, marked)."""
    with style():
        fig = new_figure(6.5, 3.2)
        ax = fig.add_subplot(1, 1, 1)
        fixed = [c for c in t.candidates if c.k is not None]
        ks = [c.k for c in fixed]
        ax.plot(ks, [float(c.algbw) for c in fixed], marker="o")
        star = next((c for c in fixed if c.k == t.k_star), None)
        if star is not None:
            ax.plot([star.k], [float(star.algbw)], marker="*", markersize=13, linestyle="",
                    color="#c44e52", label=f"k* = {star.k}", zorder=3)
        ax.axhline(float(t.optimum), color="black", linestyle="--", linewidth=0.8,
                   label=f"optimum {fraction_display(t.optimum)}")
        ax.set_xticks(k_ticks(ks, t.k_star))
        ax.set_xlim(min(ks) - 0.5, max(ks) + 0.5)
        ax.set_xlabel("k (trees per root)")
        ax.set_ylabel(f"algbw ({t.units})")
        low = min(float(c.algbw) for c in fixed)
        ax.set_ylim(low - 0.15 * (float(t.optimum) - low) - 0.01 * low, 1.01 * float(t.optimum))
        ax.grid(alpha=0.3)
        ax.legend(loc="lower right")
    return fig


def k_ticks(ks: list[int], k_star: int | None, most: int = 16) -> list[int]:
    """The k axis's ticks: every k when there are at most ``most`` of them, else about ten
    integer ticks from matplotlib's locator with ``k_star`` added (a tick too close to it
    dropped)."""
    from matplotlib.ticker import MaxNLocator

    if len(ks) <= most:
        return sorted(set(ks))
    low, high = min(ks), max(ks)
    ticks = [int(v) for v in MaxNLocator(nbins=10, integer=True).tick_values(low, high)
             if low <= v <= high]
    if k_star is not None:
        near = 0.04 * (high - low)
        ticks = [v for v in ticks if abs(v - k_star) > near] + [k_star]
    return sorted(set(ticks))


# the baselines' and the library's lines: black or grey, each with its own dashes and marker
BASELINE_STYLES = (("black", "--", "s"), ("#666666", "-.", "^"), ("black", ":", "D"),
                   ("#666666", (0, (6, 2, 1, 2, 1, 2)), "v"), ("black", (0, (1, 3)), "o"))


def same_times(t: Tradeoff) -> list[list[Any]]:
    """The fixed-k candidates in groups of equal simulated time at every size (in practice
    the same trees: k = 1…5 on two DGX A100 boxes), in the order of their first member."""
    groups: dict[tuple[float, ...], list[Any]] = {}
    for c in t.candidates:
        if c.k is not None:
            key = tuple(float(f"{r.seconds[c.name]:.12g}") for r in t.rows)
            groups.setdefault(key, []).append(c)
    return list(groups.values())


def k_label(ks: list[int], k_star: int | None) -> str:
    """``k=1–5`` for a run of three or more, ``k=3, 6`` otherwise; ``(k*)`` when it holds
    the optimal k."""
    run = len(ks) > 2 and ks == list(range(ks[0], ks[-1] + 1))
    text = f"k={ks[0]}–{ks[-1]}" if run else "k=" + ", ".join(map(str, ks))
    return text + (" (k*)" if k_star in ks else "")


def _time_plot(t: Tradeoff) -> Any:
    """Every candidate's time over the fastest at each size: above all of them (log scale),
    below ForestColl's schedules alone at a scale that tells them apart. Fixed-k schedules
    with the same times share one line (``k=1–5``); every baseline has its own dashes and
    marker."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    with style():
        fig = new_figure(7.5, 5.6)
        top, bottom = fig.subplots(2, 1, sharex=True, height_ratios=[1.15, 1])
        sizes = [r.size_bytes for r in t.rows]
        fastest = [r.seconds[r.best] for r in t.rows]

        def relative(name: str) -> list[float]:
            return [r.seconds[name] / f for r, f in zip(t.rows, fastest)]

        ours = [(k_label([c.k for c in g], t.k_star), g[0].name)
                for g in same_times(t)]
        ours += [(c.name, c.name) for c in t.candidates
                 if c.k is None and c.kind in ("front", "lp")]
        others = [c.name for c in t.candidates if c.kind in ("baseline", "library")]
        ceiling = 1.0
        for i, (label, name) in enumerate(ours):
            values = relative(name)
            ceiling = max(ceiling, *values)
            for ax in (top, bottom):
                ax.plot(sizes, values, label=label, linewidth=1.3, marker=".", markersize=4,
                        color=_viridis(i, len(ours)))
        for i, name in enumerate(others):
            colour, dashes, marker = BASELINE_STYLES[i % len(BASELINE_STYLES)]
            top.plot(sizes, relative(name), label=name, color=colour, linestyle=dashes,
                     linewidth=1.6, marker=marker, markersize=4)
        top.set_yscale("log")
        # plain numbers (1, 1.5, 2, 3, 5, ...), not 2×10⁰, on a range under a decade
        top.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 1.5, 2.0, 3.0, 5.0, 7.0)))
        top.yaxis.set_major_formatter(FuncFormatter(lambda y, _: f"{y:g}"))
        top.yaxis.set_minor_formatter(NullFormatter())
        top.set_ylabel("time / fastest\n(log scale)")
        top.set_title("every candidate", loc="left", fontsize=8)
        bottom.set_ylim(0.995, 1 + 1.2 * max(ceiling - 1, 0.01))
        bottom.set_ylabel("time / fastest")
        bottom.set_title("ForestColl's schedules only", loc="left", fontsize=8)
        bottom.set_xscale("log", base=2)
        bottom.set_xticks(sizes, [_size(s) for s in sizes], rotation=30, fontsize=7)
        bottom.set_xlabel("message size")
        for ax in (top, bottom):
            ax.grid(alpha=0.3)
        top.legend(fontsize=6.5, ncol=1 if len(ours) + len(others) <= 14 else 2,
                   loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    return fig


def _viridis(i: int, n: int) -> Any:
    import matplotlib

    return matplotlib.colormaps["viridis"](0.9 * i / max(n - 1, 1))
