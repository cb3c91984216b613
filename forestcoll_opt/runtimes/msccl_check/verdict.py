"""What :func:`~forestcoll_opt.runtimes.msccl_check.check_xml` concludes: the verdict, its
counts and link loads, the error for unreadable input, and the ordered list of reasons the
checks fill in (``docs/msccl.md``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...display import html_summary, short_list
from ...errors import XmlCheckError  # noqa: F401  (here before it moved to errors)
from ...model.collective import Collective
from ...model.numbers import fraction_display, fraction_text


MAX_REASONS = 200
"""Most reasons listed; the last line then says how many more there were."""


# --- the verdict ----------------------------------------------------------------------------

@dataclass(frozen=True)
class XmlCounts:
    """Sizes of the file: ``ranks`` (``<gpu>`` elements), ``tbs`` and ``steps`` over all
    ranks (``nop`` steps included), the most steps in one block, and the channels used."""

    ranks: int = 0
    tbs: int = 0
    steps: int = 0
    max_steps_per_tb: int = 0
    channels: int = 0


@dataclass(frozen=True)
class LinkLoad:
    """Chunks one loop sends over a directed link (a pair of nodes, parallel links merged)."""

    src: str
    dst: str
    load: Fraction
    bandwidth: Fraction

    @property
    def time(self) -> Fraction:
        """Load divided by bandwidth: chunks per unit of bandwidth."""
        return self.load / self.bandwidth


@dataclass(frozen=True)
class XmlVerdict:
    """What :func:`check_xml` concluded.

    ``ok`` is True when ``reasons`` is empty: the file loads in the flavour's runtime, runs
    to the end on every rank under every aliasing it claims, leaves exactly the right data
    everywhere, has no unordered conflicting accesses, and every transfer has a route.
    ``algbw`` is ``nchunksperloop / max_e(load_e / bandwidth_e)`` in the topology's units,
    the figure of the file's traffic (given even when ``ok`` is False; None when some
    transfer has no route, ``ngpus`` does not match, or nothing is sent); ``links`` lists every
    loaded link and ``bottleneck`` those that reach the maximum. ``rendezvous`` is True
    when the file also finishes with no buffering at all, False when it finishes only
    because each connection buffers send steps (FIFO_STEPS), None when not simulated to the end.
    ``flavour`` is "msccl-executor", "legacy" or "both" (an allgather or allreduce file
    checked against both). ``collective`` is the file's collective, a
    :class:`~forestcoll_opt.model.collective.Collective` (None when its ``coll`` names none,
    or is missing); ``coll`` is not a second collective but the attribute's text as the
    file spells it (``"reducescatter"``, ``"reduce_scatter"``, or a word check-xml does
    not know), kept for the messages and the JSON form.
    ``aliasings`` are the buffer aliasings simulated ("in-place", "out-of-place"); when
    there are two, a reason that holds under one of them only starts with "in-place: " or
    "out-of-place: ". ``notes`` say what the file relies on.

    ``undetermined`` lists what could not be decided: a transfer between two ranks with
    several switch-only routes and no route given (its link loads, hence the algbw, are
    unknown), or the race check skipped on a file too large for it (``full=True`` forces
    it). A file with no reason but something undetermined is neither valid nor invalid:
    ``ok`` is False and ``status`` is ``"undetermined"``. ``unrouted`` lists the (sender,
    receiver) compute nodes of the transfers with several routes, in the order met; their
    lines open ``undetermined`` (one per pair), and :attr:`unchecked` is the rest.
    """

    ok: bool
    reasons: tuple[str, ...]
    flavour: str
    collective: Collective | None = None
    coll: str | None = None
    inplace: bool | None = None
    outofplace: bool | None = None
    proto: str | None = None
    nchunksperloop: int | None = None
    nchannels: int | None = None
    algbw: Fraction | None = None
    units: str = ""
    links: tuple[LinkLoad, ...] = ()
    bottleneck: tuple[tuple[str, str], ...] = ()
    counts: XmlCounts = field(default_factory=XmlCounts)
    aliasings: tuple[str, ...] = ()
    rendezvous: bool | None = None
    notes: tuple[str, ...] = ()
    undetermined: tuple[str, ...] = ()
    unrouted: tuple[tuple[str, str], ...] = ()

    @property
    def unchecked(self) -> tuple[str, ...]:
        """What :attr:`undetermined` lists beyond the transfers of :attr:`unrouted` (the race
        check skipped on a large file)."""
        return self.undetermined[len(self.unrouted):]

    @property
    def collective_text(self) -> str | None:
        """The collective's name (``"reduce-scatter"``), else the ``coll`` text of a file
        naming no collective, else None."""
        return self.collective.value if self.collective is not None else self.coll

    @property
    def status(self) -> str:
        """``"ok"``, ``"invalid"`` (some reason) or ``"undetermined"`` (no reason, but
        something could not be checked: ``undetermined``)."""
        if self.reasons:
            return "invalid"
        return "undetermined" if self.undetermined else "ok"

    def __repr__(self) -> str:
        """One line: the conclusion and the file's size, or the first reason (the lists of
        reasons, links and notes can run to thousands of characters)."""
        what = f"{self.collective_text or '?'} ({self.flavour})"
        if self.reasons:
            first = f": {self.reasons[0][:100]}"
            return f"XmlVerdict(invalid {what}, {len(self.reasons)} reason(s){first})"
        if self.undetermined:
            return (f"XmlVerdict(undetermined {what}, {len(self.undetermined)} thing(s) not "
                    f"checked: {self.undetermined[0][:100]})")
        algbw = "" if self.algbw is None else \
            f", algbw={fraction_text(self.algbw)}{' ' + self.units if self.units else ''}"
        return (f"XmlVerdict(ok: {what}, {self.counts.ranks} ranks, {self.counts.tbs} thread "
                f"blocks, {self.counts.steps} steps{algbw})")

    def _repr_html_(self) -> str:
        what = self.collective_text or "?"
        if self.coll and self.coll != what:
            what += f" (coll=\"{self.coll}\")"
        rows: list[tuple[str, Any]] = [("status", self.status), ("collective", what),
                                       ("checked for", self.flavour)]
        if self.aliasings:
            rows.append(("aliasings", ", ".join(self.aliasings)))
        if self.proto is not None:
            rows.append(("protocol", self.proto))
        c = self.counts
        rows.append(("file", f"{c.ranks} ranks, {c.tbs} thread blocks, {c.steps} steps "
                             f"(at most {c.max_steps_per_tb} in a block), {c.channels} "
                             f"channel(s)"))
        if self.nchunksperloop is not None:
            rows.append(("nchunksperloop", self.nchunksperloop))
        if self.algbw is not None:
            rows.append(("algbw", f"{fraction_display(self.algbw)}"
                                  f"{' ' + self.units if self.units else ''}"))
        if self.bottleneck:
            rows.append(("bottleneck", short_list(f"{a} -> {b}" for a, b in self.bottleneck)))
        if self.rendezvous is not None:
            rows.append(("without buffering", "finishes" if self.rendezvous else
                         "does not finish (needs the connections' FIFO steps)"))
        for label, lines in (("reason", self.reasons), ("not checked", self.undetermined)):
            rows += [(label, line) for line in lines[:10]]
            if len(lines) > 10:
                rows.append(("", f"... and {len(lines) - 10} more "
                                 f"(.{'reasons' if label == 'reason' else 'undetermined'})"))
        return html_summary(f"XmlVerdict · {self.status}", rows, note=" ".join(self.notes))

    @property
    def link_loads(self) -> dict[tuple[str, str], Fraction]:
        """Chunks per loop on every loaded directed link, keyed (src, dst)."""
        return {(l.src, l.dst): l.load for l in self.links}

    def to_dict(self) -> dict[str, Any]:
        """JSON form; exact numbers as strings ("15", "40/3")."""
        f = fraction_text
        return {
            "ok": self.ok, "status": self.status, "reasons": list(self.reasons),
            "undetermined": list(self.undetermined), "flavour": self.flavour,
            "collective": self.collective_text, "coll": self.coll, "inplace": self.inplace,
            "outofplace": self.outofplace, "proto": self.proto,
            "nchunksperloop": self.nchunksperloop, "nchannels": self.nchannels,
            "algbw": f(self.algbw), "units": self.units,
            "links": [{"src": l.src, "dst": l.dst, "load": f(l.load),
                       "bandwidth": f(l.bandwidth)} for l in self.links],
            "bottleneck": [list(e) for e in self.bottleneck],
            "counts": {"ranks": self.counts.ranks, "tbs": self.counts.tbs,
                       "steps": self.counts.steps,
                       "max_steps_per_tb": self.counts.max_steps_per_tb,
                       "channels": self.counts.channels},
            "aliasings": list(self.aliasings), "rendezvous": self.rendezvous,
            "notes": list(self.notes),
        }



# --- reasons ---------------------------------------------------------------------------------

class Reasons:
    """Ordered, de-duplicated reasons; ``fatal`` marks problems that make a simulation
    meaningless (it is then skipped)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.seen: set[str] = set()
        self.fatal = False
        self.notes: list[str] = []
        self.unknown: list[str] = []
        self.unrouted: list[tuple[tuple[str, str], str]] = []

    def undetermined(self, line: str) -> None:
        """Something the check could not decide (not a problem of the file)."""
        if line not in self.unknown:
            self.unknown.append(line)

    def several_routes(self, pair: tuple[str, str], line: str) -> None:
        """Transfers between ``pair`` with several routes and none given (said once per
        pair by the caller): its line."""
        self.unrouted.append((pair, line))

    def undetermined_lines(self) -> tuple[str, ...]:
        """Every undetermined line: the unrouted pairs' first, then the others."""
        return tuple(line for _, line in self.unrouted) + tuple(self.unknown)

    def unrouted_pairs(self) -> tuple[tuple[str, str], ...]:
        """The pairs of :meth:`several_routes`, in order."""
        return tuple(pair for pair, _ in self.unrouted)

    def add(self, line: str, *, fatal: bool = False) -> None:
        if fatal:
            self.fatal = True
        if line not in self.seen:
            self.seen.add(line)
            self.lines.append(line)

    def note(self, line: str) -> None:
        if line not in self.notes:
            self.notes.append(line)

    def final(self) -> tuple[str, ...]:
        if len(self.lines) <= MAX_REASONS:
            return tuple(self.lines)
        extra = len(self.lines) - MAX_REASONS + 1
        return tuple(self.lines[:MAX_REASONS - 1]) + (f"... and {extra} more problems",)


def snippet(text: str, limit: int = 40) -> str:
    """``text`` quoted for a one-line message, control characters shown as escapes."""
    text = text.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
    return "'" + (text if len(text) <= limit else text[:limit - 3] + "...") + "'"
