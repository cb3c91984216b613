"""Short descriptions of a topology and a schedule: the one-line ``repr``, the few lines of
``str`` and the HTML summary a notebook shows (``_repr_html_``). Plain strings only; the
picture beside a topology's summary comes through :func:`forestcoll_opt.display.picture`."""

from __future__ import annotations

from typing import Any

from ..display import html_summary, picture, short_list
from .numbers import fraction_display, fraction_text

# the Topology and Schedule arrive as arguments: this module imports neither (they import it)
Topology = Schedule = Any

MAX_DRAWN_NODES = 400      # a bigger topology's summary goes without a picture


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else ("es" if noun.endswith("ch") else "s"))


def topology_rows(t: Topology) -> list[tuple[str, str]]:
    """(field, value) rows of a topology's summary."""
    boxes = t.boxes()
    boxed = [b for b in boxes if b is not None]
    multicast = sum(1 for n in t.nodes if n.multicast and not n.is_compute)
    bandwidths: dict = {}
    for b in t.capacity.values():
        bandwidths[b] = bandwidths.get(b, 0) + 1
    classes = sorted(bandwidths.items(), key=lambda item: -item[0])
    rows = [("compute nodes", f"{len(t.compute_nodes)}: {short_list(t.compute_nodes)}"),
            ("switches", f"{len(t.switch_nodes)}" + (f" ({multicast} multicast)" if multicast else "")
             + (f": {short_list(t.switch_nodes)}" if t.switch_nodes else "")),
            ("directed links", str(len(t.capacity))),
            ("bandwidths", ", ".join(f"{fraction_text(b)} {t.units} ×{n}" for b, n in classes[:5])
             + (f", ... ({len(classes)} values)" if len(classes) > 5 else ""))]
    if boxed:
        sizes = sorted({len(boxes[b]) for b in boxed})
        rows.insert(0, ("boxes", f"{len(boxed)} of {'/'.join(map(str, sizes))} compute nodes"))
    return rows


def topology_html(t: Topology) -> str:
    """A topology's notebook summary, with a drawing when it is not too big."""
    svg = picture(t) if len(t.nodes) <= MAX_DRAWN_NODES else ""
    return html_summary(f"Topology {t.name}", topology_rows(t), svg=svg,
                        note=f"bandwidths in {t.units}; fc.draw(topology) draws it")


def _ks(s: Schedule) -> str:
    if s.phases:
        return "k=" + "+".join(str(p.k) for p in s.phases)
    return f"k={s.k}"


def schedule_repr(s: Schedule) -> str:
    """``Schedule(allgather on dgx-a100-2, 16 compute nodes, k=13, 208 trees (33 distinct),
    algbw=1040/3 GB/s)``: a tree of weight w counts as w trees."""
    parts = [f"{s.collective.value} on {s.topology or '?'}",
             _count(len(s.compute_nodes), "compute node")]
    if s.root is not None:
        parts.append(f"root={s.root}")
    if s.collective.routed:     # routes, not trees; and its demand
        parts += [_ks(s), _count(len(s.routes), "route"),
                  "uniform demand" if s.demand is None else
                  f"non-uniform demand of {_count(len(s.demand), 'pair')}"]
    else:
        weight = sum(_weight(p) for p in s.phases or (s,))
        parts += [_ks(s), _count(weight, "tree") + (f" ({s.num_trees} distinct)"
                                                     if weight != s.num_trees else "")]
    parts.append(f"algbw={fraction_text(s.algbw)} {s.units}".rstrip())
    flags = [name for name, on in (("weighted", s.weights is not None),
                                   ("concurrent", s.concurrent), ("multicast", s.multicast)) if on]
    return f"Schedule({', '.join(parts + flags)})"


def _weight(p: Schedule) -> int:
    """Σ weight of a single-phase schedule's trees, a compact one's as written out."""
    own = sum(t.weight for t in p.trees)
    if p.orbits:
        own += p.group_order * sum(t.weight for t in p.orbits)
    return own


def _roots(p: Schedule) -> int:
    """The number of distinct roots of a compact schedule's trees, written out or not:
    each representative's root stands for its whole orbit."""
    from .trees import node_group

    nodes, group = node_group(p.group, p.compute_nodes)
    position = {v: i for i, v in enumerate(nodes)}
    orbits = {group.orbit[position[t.root]] for t in p.orbits}
    count = sum(group.size[o] for o in orbits)
    return count + len({t.root for t in p.trees
                        if group.orbit[position[t.root]] not in orbits})


def schedule_rows(s: Schedule) -> list[tuple[str, str]]:
    """(field, value) rows of a schedule's summary."""
    rows = [("collective", s.collective.value), ("topology", s.topology or "(not named)"),
            ("compute nodes", f"{len(s.compute_nodes)}: {short_list(s.compute_nodes)}")]
    if s.root is not None:
        rows.append(("root", s.root))
    rows.append(("algbw", f"{fraction_display(s.algbw)} {s.units}".rstrip()))
    if s.collective.routed:
        rows.append(("routes", f"k={s.k}, {len(s.routes)} over "
                               f"{len({(r.src, r.dst) for r in s.routes})} ordered pair(s), "
                               f"weights sum {sum(r.weight for r in s.routes)}"))
        rows.append(("demand", "uniform (every ordered pair alike)" if s.demand is None else
                     f"non-uniform, {_count(len(s.demand), 'pair')}"))
    for p in () if s.collective.routed else s.phases or (s,):
        name = f"{p.collective.value} phase: " if s.phases else ""
        height = max((t.height for t in p.trees + p.orbits), default=0)
        if p.orbits:
            written = _count(len(p.orbits), "representative") + (
                f" and {_count(len(p.trees), 'single tree')}" if p.trees else "")
            rows.append((f"{name}trees", f"k={p.k}, {_count(_weight(p), 'tree')} over "
                                         f"{_roots(p)} root(s), written as {written} under a "
                                         f"group of order {p.group_order}, height ≤ {height}"))
        else:
            roots = len({t.root for t in p.trees})
            rows.append((f"{name}trees", f"k={p.k}, {len(p.trees)} distinct over {roots} "
                                         f"root(s), weights sum {sum(t.weight for t in p.trees)}, "
                                         f"height ≤ {height}"))
        if p.tree_bandwidth is not None:
            rows.append((f"{name}tree bandwidth", f"{fraction_display(p.tree_bandwidth)} {s.units}"))
    if s.weights is not None:
        rows.append(("shard weights", short_list(f"{v}: {w}" for v, w in s.weights)))
    if s.concurrent:
        rows.append(("phases", "run at the same time, sharing every link"))
    if s.multicast:
        rows.append(("multicast", "switches marked multicast replicate / aggregate"))
    rows.append(("format", s.format))
    return rows


def schedule_text(s: Schedule) -> str:
    """A few lines for ``str(schedule)``: the repr, then field by field."""
    rows = schedule_rows(s)
    width = max(len(k) for k, _ in rows)
    return "\n".join([schedule_repr(s)] + [f"  {k:<{width}}  {v}" for k, v in rows])


def schedule_html(s: Schedule) -> str:
    """A schedule's notebook summary."""
    return html_summary(f"Schedule · {s.collective.value} on {s.topology or '?'}",
                        schedule_rows(s),
                        note="fc.draw(topology, schedule, view='tree' or 'loads') draws it")
