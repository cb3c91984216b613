"""Failures: a link, a NIC, a switch or a whole box out of service, and the network they
leave (``forestcoll whatif``; ``--fail`` of ``generate`` and ``verify``).

The four kinds, each named by an id ``KIND:TARGET``:

* ``link:A--B`` — the link between nodes A and B fails in both directions, as a cable
  does: a bidirectional link, or the pair of one-way links A -> B and B -> A. Parallel
  links of one node pair are merged everywhere in the model
  (:attr:`~forestcoll_opt.model.topology.Topology.capacity`), so they fail together.
  When node ids contain the separator ``--`` (or start with ``"``) so that ``A--B`` could
  also be read as another link of the network, the id writes both ends as JSON strings,
  ``link:"A"--"B"`` (:func:`link_target`); an id that still reads as several links is
  refused with the candidates (:func:`parse_failure`).
* ``nic:V`` — compute node V loses its network interface: every link between V and a
  switch *outside its box* (a switch whose box differs from V's, or has none; for a
  compute node without a box, every switch). Inside a box the links to the box's own
  switch (an NVSwitch) are kept, and so are direct links between compute nodes (NVLink,
  xGMI). On the catalog's machines this is the GPU's InfiniBand NIC and its cable.
* ``switch:S`` — switch S and every link it has.
* ``box:B`` — every node whose box is B (its compute nodes and its switches) and their
  links. The collective then runs among the compute nodes left, and its algbw still
  counts the whole buffer per second, so it compares with the intact network's.

A failed bidirectional link (or matched pair of equal bandwidth) leaves every node
balanced, as the method needs (paper, appendix E.2 "Edge Splitting"); failing a node or a
NIC does too when all its links are bidirectional, which is the case on every catalog
machine. A failure may also cut compute nodes off: :func:`cut_off` names them, and
:func:`degrade` refuses such a network with :class:`~forestcoll_opt.errors.FailureError`,
as it refuses one left unbalanced (the bound of that network is still defined — the
what-if analysis, :mod:`forestcoll_opt.analysis.whatif`, reports it).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from ..errors import FailureError
from .numbers import parse_exact
from .topology import MAX_ID_LENGTH, Topology

KINDS = ("link", "nic", "switch", "box")
"""The kinds of failure, in the order reports list them."""

SEPARATOR = "--"
"""Between the two ends of a link in a ``link:A--B`` id."""


@dataclass(frozen=True)
class Failure:
    """One part of a network out of service.

    :ivar kind: ``"link"``, ``"nic"``, ``"switch"`` or ``"box"``
    :ivar target: what failed: ``"A--B"`` (the ends in topology order; ``"A"--"B"`` as
        JSON strings when node ids make the plain form ambiguous), the compute node of a
        NIC, the switch, or the box label as text (a topology never holds two boxes with
        the same text, such as ``0`` and ``"0"``)
    :ivar nodes: the nodes removed (switch, box), in topology order
    :ivar pairs: the node pairs whose links are removed in both directions (link, NIC),
        each pair and the list in topology order
    :ivar keep: 0 for a part out of service; for a degraded link or NIC (a dual-port NIC
        that lost one port), the exact fraction of its bandwidth left, between 0 and 1
    """

    kind: str
    target: str
    nodes: tuple[str, ...] = ()
    pairs: tuple[tuple[str, str], ...] = ()
    keep: Fraction = Fraction(0)

    @property
    def id(self) -> str:
        """``KIND:TARGET``, e.g. ``link:box0/gpu1--rail1`` (what :func:`parse_failure`
        reads back); a degraded part adds ``=KEEP``, e.g. ``nic:box0/gpu3=1/2``."""
        return f"{self.kind}:{self.target}" + (f"={self.keep}" if self.keep else "")

    def __str__(self) -> str:
        return self.id


def link_pairs(topology: Topology) -> list[tuple[str, str]]:
    """Every node pair joined by a link in either direction, once, as (u, v) with u before
    v in topology order; pairs in topology order.

    :param topology: the network
    :returns: the pairs
    """
    idx = topology.index
    pairs = {(u, v) if idx[u] < idx[v] else (v, u) for u, v in topology.capacity}
    return sorted(pairs, key=lambda p: (idx[p[0]], idx[p[1]]))


def nic_switches(topology: Topology, node: str,
                 neighbours: Mapping[str, set[str]] | None = None) -> tuple[str, ...]:
    """The switches outside ``node``'s box that it has a link with (module docstring), in
    topology order.

    :param topology: the network
    :param node: a compute node
    :param neighbours: node -> the nodes it has a link with (either direction), when the
        caller asks for many nodes (:func:`link_neighbours`); None to look at every link
    :returns: those switches (empty: the node has no NIC)
    """
    box = topology.node[node].box
    linked = neighbours.get(node, set()) if neighbours is not None else \
        {w for u, w in topology.capacity if u == node} | \
        {u for u, w in topology.capacity if w == node}
    index = topology.index
    return tuple(sorted((w for w in linked if topology.node[w].kind == "switch"
                         and (box is None or topology.node[w].box != box)),
                        key=index.__getitem__))


def link_neighbours(topology: Topology) -> dict[str, set[str]]:
    """Every node's neighbours, for :func:`nic_switches` asked about many nodes.

    :param topology: the network
    :returns: node -> the nodes it has a link with, in either direction
    """
    out: dict[str, set[str]] = {}
    for u, w in topology.capacity:
        out.setdefault(u, set()).add(w)
        out.setdefault(w, set()).add(u)
    return out


def _pair(topology: Topology, a: str, b: str) -> tuple[str, str]:
    return (a, b) if topology.index[a] < topology.index[b] else (b, a)


def _linked(topology: Topology, a: str, b: str) -> bool:
    return (a, b) in topology.capacity or (b, a) in topology.capacity


def _splits(text: str) -> list[tuple[str, str]]:
    """Every way to read ``text`` as ``A--B`` (A and B non-empty), at every occurrence of
    the separator, overlapping ones included (``a---b`` is ``a`` + ``-b`` or ``a-`` +
    ``b``)."""
    out, i = [], text.find(SEPARATOR, 1)
    while i != -1:
        if i + len(SEPARATOR) < len(text):
            out.append((text[:i], text[i + len(SEPARATOR):]))
        i = text.find(SEPARATOR, i + 1)
    return out


def _quoted(text: str) -> tuple[str, str] | None:
    """``"A"--"B"`` (two JSON strings around the separator) read as (A, B), else None."""
    if not text.startswith('"'):
        return None
    decoder = json.JSONDecoder()
    try:
        a, end = decoder.raw_decode(text)
        if not isinstance(a, str) or not text.startswith(SEPARATOR + '"', end):
            return None
        b, stop = decoder.raw_decode(text, end + len(SEPARATOR))
    except ValueError:
        return None
    return (a, b) if isinstance(b, str) and stop == len(text) else None


def _readings(topology: Topology, text: str, *, linked: bool = True
              ) -> list[tuple[str, str]]:
    """The node pairs (topology order, each once) a link target can name: every split of
    the plain form and the quoted form, whose two ends are different nodes (and, with
    ``linked``, joined by a link)."""
    node = topology.node
    found: list[tuple[str, str]] = []
    quoted = _quoted(text)
    for a, b in _splits(text) + ([quoted] if quoted else []):
        if a in node and b in node and a != b and (not linked or _linked(topology, a, b)):
            pair = _pair(topology, a, b)
            if pair not in found:
                found.append(pair)
    return found


def link_target(topology: Topology, a: str, b: str) -> str:
    """The target of the id of the link between ``a`` and ``b`` (``link:`` + it): its
    ends in topology order as ``A--B`` when that reads as no other link of ``topology``,
    else as two JSON strings, ``"A"--"B"``.

    :param topology: the network
    :param a: one end
    :param b: the other (either order)
    :returns: the target text, which :func:`parse_failure` reads back as this link alone
    :raises FailureError: when neither form is unambiguous (node ids built to collide
        with the quoted form too): rename the nodes
    """
    u, v = _pair(topology, a, b)
    plain = f"{u}{SEPARATOR}{v}"
    if (SEPARATOR not in u and SEPARATOR not in v and u[-1] != "-" and v[0] != "-"
            and u[0] != '"'):
        return plain            # one split only, and no quoted reading: the common case
    for text in (plain, f"{json.dumps(u, ensure_ascii=False)}{SEPARATOR}"
                        f"{json.dumps(v, ensure_ascii=False)}"):
        if _readings(topology, text) == [(u, v)]:
            return text
    raise FailureError(f"the link between {_short(u)} and {_short(v)} has no unambiguous "
                       f"id in {topology.name!r} (link:{plain[:120]} also names another "
                       f"link, and so does its quoted form); rename nodes whose ids "
                       f"contain {SEPARATOR!r} or quotes")


def _short(text: str, limit: int = 80) -> str:
    return repr(text if len(text) <= limit else text[:limit - 3] + "...")


def link_failure(topology: Topology, a: str, b: str) -> Failure:
    """The failure of the link between ``a`` and ``b`` (either order), with its id.

    :param topology: the network
    :param a: one end
    :param b: the other
    :returns: the failure
    :raises FailureError: as :func:`link_target`
    """
    u, v = _pair(topology, a, b)
    return Failure("link", link_target(topology, u, v), pairs=((u, v),))


def _nic(topology: Topology, node: str, switches: Sequence[str]) -> Failure:
    pairs = sorted((_pair(topology, node, w) for w in switches),
                   key=lambda p: (topology.index[p[0]], topology.index[p[1]]))
    return Failure("nic", node, pairs=tuple(pairs))


def _box_labels(topology: Topology) -> dict[str, object]:
    """Box label as text -> the label, for every box some node belongs to."""
    labels: dict[str, object] = {}
    for n in topology.nodes:
        if n.box is not None:
            labels.setdefault(str(n.box), n.box)
    return labels


def _box(topology: Topology, label: object) -> Failure:
    return Failure("box", str(label), nodes=tuple(n.id for n in topology.nodes
                                                 if n.box is not None and n.box == label))


def failures(topology: Topology, kinds: Iterable[str] = KINDS) -> tuple[Failure, ...]:
    """Every single failure of the given kinds, kind by kind in :data:`KINDS` order, each
    kind's in topology order (links by their first end, then their second).

    :param topology: the network
    :param kinds: some of :data:`KINDS`
    :returns: the failures
    :raises FailureError: for an unknown kind
    """
    wanted = set(kinds)
    unknown = sorted(wanted - set(KINDS))
    if unknown:
        raise FailureError(f"unknown kind of failure {unknown[0]!r}; use one of "
                           f"{', '.join(KINDS)}")
    out: list[Failure] = []
    if "link" in wanted:
        out += [link_failure(topology, u, v) for u, v in link_pairs(topology)]
    if "nic" in wanted:
        neighbours = link_neighbours(topology)
        for v in topology.compute_nodes:
            switches = nic_switches(topology, v, neighbours)
            if switches:
                out.append(_nic(topology, v, switches))
    if "switch" in wanted:
        out += [Failure("switch", s, nodes=(s,)) for s in topology.switch_nodes]
    if "box" in wanted:             # each box's nodes, gathered in one pass
        members: dict[object, list[str]] = {}
        for n in topology.nodes:
            if n.box is not None:
                members.setdefault(n.box, []).append(n.id)
        out += [Failure("box", str(label), nodes=tuple(ids)) for label, ids in members.items()]
    return tuple(out)


def parse_failure(topology: Topology, text: str) -> Failure:
    """The failure an id names: ``link:A--B`` (either order; ``link:"A"--"B"`` with the
    ends as JSON strings), ``nic:V``, ``switch:S`` or ``box:B``.

    :param topology: the network the failure is in
    :param text: the id
    :returns: the failure, its target written canonically (a link's ends in topology order)
    :raises FailureError: for an unknown kind, a target that is not a part of that kind,
        or a link target that reads as several links (the message lists their ids)
    """
    kind, colon, target = str(text).partition(":")
    if not colon or kind not in KINDS:
        raise FailureError(f"unknown failure {str(text)[:80]!r}; write link:A{SEPARATOR}B, "
                           f"nic:NODE, switch:NODE or box:LABEL")
    node = topology.node
    if kind == "link":
        links = _readings(topology, target)
        if len(links) == 1:
            return link_failure(topology, *links[0])
        if links:
            ids = [link_failure(topology, *pair).id for pair in links]
            shown = ", ".join(ids[:6]) + (" ..." if len(ids) > 6 else "")
            raise FailureError(f"{str(text)[:120]!r} names {len(ids)} links of "
                               f"{topology.name!r}: {shown}; write one of those ids")
        known = _readings(topology, target, linked=False)
        if known:
            a, b = known[0]
            raise FailureError(f"no link joins {a!r} and {b!r} in {topology.name!r}")
        pairs = link_pairs(topology)
        example = f"link:{link_target(topology, *pairs[0])}" if pairs else "link:A--B"
        raise FailureError(f"{str(text)[:120]!r} does not name two nodes of "
                           f"{topology.name!r}; write the link's ends as in {example}")
    if kind == "box":
        labels = _box_labels(topology)
        if target not in labels:
            shown = ", ".join(list(labels)[:6]) or "none"
            raise FailureError(f"{topology.name!r} has no box {target[:80]!r}; its boxes: "
                               f"{shown}{' ...' if len(labels) > 6 else ''}")
        return _box(topology, labels[target])
    want = "compute" if kind == "nic" else "switch"
    if target not in node or node[target].kind != want:
        raise FailureError(f"{target[:80]!r} is not a {want} node of {topology.name!r}")
    if kind == "switch":
        return Failure("switch", target, nodes=(target,))
    switches = nic_switches(topology, target)
    if not switches:
        raise FailureError(f"{target!r} has no NIC: it has no link to a switch outside its "
                           f"box")
    return _nic(topology, target, switches)


def _effects(failures: "Failure | Iterable[Failure]"
             ) -> tuple[set[str], dict[tuple[str, str], Fraction]]:
    """The nodes several failures remove, and each directed node pair they touch -> the
    fraction of its capacity left (0: removed; the least of several failures' fractions)."""
    items = (failures,) if isinstance(failures, Failure) else tuple(failures)
    gone: set[str] = set()
    keep: dict[tuple[str, str], Fraction] = {}
    for f in items:
        gone.update(f.nodes)
        for u, v in f.pairs:
            for pair in ((u, v), (v, u)):
                keep[pair] = min(keep.get(pair, Fraction(1)), Fraction(f.keep))
    return gone, keep


def remaining(topology: Topology, failure: "Failure | Iterable[Failure]"
              ) -> tuple[tuple[str, ...], dict[tuple[str, str], Fraction]]:
    """The nodes left after ``failure`` (or several failures at once; topology order) and
    their links' directed capacities (a degraded part's scaled by its ``keep``).

    :param topology: the network
    :param failure: a failure in it, or several
    :returns: (node ids, (u, v) -> capacity)
    """
    gone, keep = _effects(failure)
    nodes = tuple(v for v in topology.node_ids if v not in gone)
    capacity = {(u, v): c * keep.get((u, v), 1) for (u, v), c in topology.capacity.items()
                if u not in gone and v not in gone and keep.get((u, v), 1)}
    return nodes, capacity


def _reach(start: str, out: Mapping[str, list[str]]) -> set[str]:
    seen, frontier = {start}, [start]
    while frontier:
        frontier = [w for u in frontier for w in out.get(u, ()) if w not in seen
                    and not seen.add(w)]
    return seen


def cut_off(compute: Sequence[str], edges: Iterable[tuple[str, str]], *,
            root: str | None = None, inward: bool = False) -> tuple[str, ...]:
    """The compute nodes a collective cannot serve on a network: with ``root``, those the
    root cannot reach (``inward``: that cannot reach the root); without, those outside
    the largest group of compute nodes that all reach each other (among equals, the one
    whose nodes, switches included, are most, then the first in ``compute`` order).

    :param compute: the compute nodes, in order
    :param edges: the directed links (u, v) with positive capacity
    :param root: the root of broadcast/reduce, or None
    :param inward: for a root: data flows to it (reduce)
    :returns: the compute nodes cut off, in ``compute`` order (empty: none)
    """
    out: dict[str, list[str]] = {}
    back: dict[str, list[str]] = {}
    for u, v in edges:
        out.setdefault(u, []).append(v)
        back.setdefault(v, []).append(u)
    if root is not None:
        reached = _reach(root, back if inward else out)
        return tuple(v for v in compute if v not in reached)
    members = set(compute)
    best: tuple[int, int, set[str]] = (0, 0, set())
    placed: set[str] = set()
    for v in compute:
        if v in placed:
            continue
        group = _reach(v, out) & _reach(v, back)
        mine = group & members
        placed |= mine
        if (len(mine), len(group)) > best[:2]:
            best = (len(mine), len(group), mine)
        if 2 * best[0] > len(compute):
            break
    return tuple(v for v in compute if v not in best[2])


def unbalanced(nodes: Iterable[str], capacity: Mapping[tuple[str, str], Fraction]
               ) -> tuple[str, Fraction, Fraction] | None:
    """The first node whose ingress and egress differ, or None if every node is balanced
    (the network is Eulerian).

    :param nodes: the node ids, in order
    :param capacity: (u, v) -> capacity
    :returns: (node, ingress, egress), or None
    """
    inn: dict[str, Fraction] = {}
    out: dict[str, Fraction] = {}
    for (u, v), c in capacity.items():
        out[u] = out.get(u, 0) + c
        inn[v] = inn.get(v, 0) + c
    for v in nodes:
        if inn.get(v, 0) != out.get(v, 0):
            return v, Fraction(inn.get(v, 0)), Fraction(out.get(v, 0))
    return None


def describe(topology: Topology, compute: Sequence[str], *, shown: int = 3) -> str:
    """A short name for a set of compute nodes: whole boxes as ``box 3``, other nodes by
    id, at most ``shown`` items and how many more.

    :param topology: the network the nodes are in
    :param compute: compute node ids
    :param shown: the items to name
    :returns: e.g. ``"box 3 (8 compute nodes)"`` or ``"box3/gpu1"``
    """
    inside = set(compute)
    items: list[str] = []
    named: set[str] = set()
    for box, members in topology.boxes().items():
        if box is not None and len(members) > 1 and inside.issuperset(members):
            items.append(f"box {box}")
            named.update(members)
    items += [v for v in compute if v not in named]
    text = ", ".join(items[:shown]) + (f" and {len(items) - shown} more" if len(items) > shown
                                       else "")
    return text + (f" ({len(compute)} compute nodes)" if len(compute) > 1 else "")


def problem(topology: Topology, failure: "Failure | Iterable[Failure]") -> str | None:
    """Why no schedule can run on the network ``failure`` leaves, in a phrase (fewer than
    two compute nodes, compute nodes cut off, a node unbalanced), or None if it can.

    :param topology: the network
    :param failure: a failure in it, or several at once
    :returns: the reason, or None
    """
    nodes, capacity = remaining(topology, failure)
    compute = [v for v in topology.compute_nodes if v in set(nodes)]
    if len(compute) < 2:
        return f"leaves {len(compute)} compute node(s); a collective needs two"
    lost = cut_off(compute, capacity)
    if lost:
        return f"disconnects {describe(topology, lost)}"
    off = unbalanced(nodes, capacity)
    if off is not None:
        v, inn, out = off
        return (f"leaves node {v!r} unbalanced (ingress {inn} != egress {out} "
                f"{topology.units}); schedules are built on balanced (Eulerian) networks "
                f"only (appendix E.2 \"Edge Splitting\"), though the bound is still defined")
    return None


def _name(base: str, suffix: str) -> str:
    name = f"{base} {suffix}"
    return name if len(name) <= MAX_ID_LENGTH else name[:MAX_ID_LENGTH].rstrip()


def parse_part(topology: Topology, text: str) -> Failure:
    """A failed part (``ID``, as :func:`parse_failure`) or a degraded one (``ID=KEEP``: a
    link or NIC left with the exact fraction ``KEEP`` of its bandwidth, 0 < KEEP < 1, e.g.
    ``nic:box0/gpu3=1/2`` for a dual-port NIC that lost one port).

    :param topology: the network the part is in
    :param text: the id, with ``=KEEP`` for a degraded part
    :returns: the failure (``keep`` 0 for a part out of service)
    :raises FailureError: as :func:`parse_failure`; for a ``KEEP`` that is not a number
        strictly between 0 and 1, or on a switch or box
    """
    text = str(text)
    head, equals, tail = text.rpartition("=")
    if equals and "/" not in head.partition(":")[0]:
        try:
            part = parse_failure(topology, head)
        except FailureError:
            part = None
        if part is not None:
            try:
                keep = parse_exact(tail.strip(), f"{text[:120]!r}", what="the bandwidth kept",
                                   error=FailureError)
            except FailureError:
                keep = None
            if keep is None:
                try:                    # a node id that holds "=" names the part whole
                    return parse_failure(topology, text)
                except FailureError:
                    pass
            if part.kind not in ("link", "nic"):
                raise FailureError(f"{text[:120]!r}: only a link or a NIC can keep part "
                                   f"of its bandwidth; a {part.kind} fails whole")
            if keep is None or not 0 < keep < 1:
                raise FailureError(f"{text[:120]!r}: the bandwidth kept must be a fraction "
                                   f"strictly between 0 and 1 (such as 1/2 or 0.25), got "
                                   f"{tail[:40]!r}; without =KEEP the part fails whole")
            return Failure(part.kind, part.target, pairs=part.pairs, keep=keep)
    return parse_failure(topology, text)


def parse_failures(topology: Topology, failures: "Failure | str | Iterable[Failure | str]"
                   ) -> tuple[Failure, ...]:
    """Several failures (and degraded parts) at once, each read by :func:`parse_part`; an
    id given twice counts once, one part given with two ``keep`` values is refused.

    :param topology: the network
    :param failures: a :class:`Failure`, an id, or an iterable of them
    :returns: the failures, in the order given
    :raises FailureError: as :func:`parse_part`, for an empty list, and for one part named
        with two different ``keep`` (failed and degraded, or degraded twice)
    """
    items = [failures] if isinstance(failures, (Failure, str)) else list(failures)
    out: list[Failure] = []
    for item in items:
        part = item if isinstance(item, Failure) else parse_part(topology, item)
        other = next((p for p in out if (p.kind, p.target) == (part.kind, part.target)
                      and p != part), None)
        if other is not None:
            raise FailureError(f"{other.id} and {part.id} name one part twice with different "
                               f"bandwidths left; name it once")
        if part not in out:
            out.append(part)
    if not out:
        raise FailureError("no failure given; name at least one part (link:A--B, nic:NODE, "
                           "switch:NODE or box:LABEL)")
    return tuple(out)


def degrade(topology: Topology,
            failure: "Failure | str | Iterable[Failure | str]") -> Topology:
    """The network left after ``failure``, or several failures at once: its nodes and
    declared links minus what failed, a degraded part's links scaled by its ``keep``,
    named ``"<name> without <id>"`` (one ``without`` per failure, ``with <id>`` for a
    degraded part), every other node, link, type and latency as declared.

    :param topology: the network
    :param failure: a :class:`Failure` or its id (``link:A--B``, ``nic:V``, ``switch:S``,
        ``box:B``; ``ID=KEEP`` for a degraded link or NIC, :func:`parse_part`), or an
        iterable of them
    :returns: the degraded topology, on which bound, generate and verify run as on any
    :raises FailureError: for an id that names no part of ``topology``, or when the
        network left cannot carry a schedule (compute nodes cut off, fewer than two left,
        a node unbalanced)
    """
    parts = parse_failures(topology, failure)
    reason = problem(topology, parts)
    if reason is not None:
        which = ", ".join(f.id for f in parts)
        if len(parts) > 1:          # "leaves ...", "disconnects ...": the verb agrees
            verb, _, rest = reason.partition(" ")
            raise FailureError(f"failures {which} {verb.removesuffix('s')} {rest}")
        raise FailureError(f"failure {which} {reason}")
    gone, keep = _effects(parts)
    links = []
    for l in topology.links:
        if l.src in gone or l.dst in gone:
            continue
        factor = keep.get((l.src, l.dst), 1)
        if factor == 0:
            continue
        links.append(l if factor == 1 else
                     type(l)(src=l.src, dst=l.dst, bandwidth=l.bandwidth * factor,
                             bidirectional=l.bidirectional, type=l.type, alpha=l.alpha))
    name = topology.name
    for f in parts:
        name = _name(name, f"{'with' if f.keep else 'without'} {f.id}")
    return Topology(name=name, nodes=tuple(n for n in topology.nodes if n.id not in gone),
                    links=tuple(links), units=topology.units)


def scaled(topology: Topology, pairs: Iterable[tuple[str, str]], factor: Fraction, *,
           label: str) -> Topology:
    """The network with every link between the node pairs ``pairs`` (both directions)
    ``factor`` times as fast, named ``"<name> with <label>"``.

    :param topology: the network
    :param pairs: node pairs (either order)
    :param factor: the exact factor, positive
    :param label: what the name says was changed
    :returns: the new topology
    :raises TopologyError: when a bandwidth leaves the accepted range, or a node is left
        unbalanced (a pair whose two directions differ)
    """
    chosen = {p for a, b in pairs for p in ((a, b), (b, a))}
    links = tuple(l if (l.src, l.dst) not in chosen else
                  type(l)(src=l.src, dst=l.dst, bandwidth=l.bandwidth * factor,
                          bidirectional=l.bidirectional, type=l.type, alpha=l.alpha)
                  for l in topology.links)
    return Topology(name=_name(topology.name, f"with {label}"), nodes=topology.nodes,
                    links=links, units=topology.units)
