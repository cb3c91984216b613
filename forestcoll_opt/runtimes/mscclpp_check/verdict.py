"""What :func:`~forestcoll_opt.runtimes.mscclpp_check.check_mscclpp` concludes: the verdict,
its link loads, and the ordered reasons (each under the name of the rule it breaks,
``docs/mscclpp.md``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...display import html_summary, short_list
from ...model.collective import Collective
from ...model.numbers import fraction_display, fraction_text
from ..msccl_check.verdict import LinkLoad

MAX_REASONS = 200
"""Most reasons listed; the last line then says how many more there were."""

RULES = (
    "json", "field", "type", "range", "limit", "unknown-op", "channel", "pairing", "link",
    "sizes", "order", "deadlock", "unpaired-signal", "unwritten", "race", "arrival",
    "end-state", "input-written", "note",
)
"""Every rule a reason can name (the first word of its line, in brackets)."""


PlanLoad = LinkLoad
"""Chunks one run of the plan sends over a directed link (parallel links merged): the MSCCL
checker's type (:class:`~forestcoll_opt.runtimes.msccl_check.verdict.LinkLoad`), one type
for one idea."""


@dataclass(frozen=True)
class PlanCounts:
    """Sizes of the plan: GPUs, thread blocks and operations over all GPUs (pipeline bodies
    included), the most operations in one block, the most blocks on one GPU, channels."""

    gpus: int = 0
    threadblocks: int = 0
    ops: int = 0
    max_ops_per_tb: int = 0
    max_tbs_per_gpu: int = 0
    channels: int = 0


@dataclass(frozen=True)
class PlanVerdict:
    """What :func:`check_mscclpp` concluded.

    ``ok`` is True when ``reasons`` is empty: every field the executor's parser reads is
    there with its type and within its limits, every channel pairs with its peer's and runs
    over a link of the topology of its kind, every operation's buffers lie inside the
    buffers, the run finishes on every GPU with every signal met by a wait, no operation
    reads data that is not ordered after its write, no two accesses to one chunk (one a
    write) are unordered, and every GPU ends with exactly the collective's data.
    ``rules`` names, for each reason, the rule it breaks (:data:`RULES`).
    ``algbw`` is ``M / max_e(load_e / bandwidth_e)`` in the topology's units with M the
    collective's buffer in chunks (None when some transfer has no route or nothing is
    sent); ``links`` every loaded link, ``bottleneck`` those at the maximum. ``bound`` is
    the collective's optimum on the topology when it is a cut bound (allgather,
    reduce-scatter, broadcast and reduce from the plan's root; None otherwise, or when the
    algbw is unknown), and :attr:`ratio` the plan's algbw over it."""

    ok: bool
    reasons: tuple[str, ...]
    rules: tuple[str, ...]
    name: str | None = None
    collective: Collective | None = None
    coll: str | None = None
    protocol: str | None = None
    inplace: bool | None = None
    algbw: Fraction | None = None
    bound: Fraction | None = None
    units: str = ""
    links: tuple[PlanLoad, ...] = ()
    bottleneck: tuple[tuple[str, str], ...] = ()
    counts: PlanCounts = field(default_factory=PlanCounts)
    notes: tuple[str, ...] = ()

    @property
    def ratio(self) -> Fraction | None:
        """``algbw / bound``: 1 for a plan at the optimum (None without both)."""
        if self.algbw is None or not self.bound:
            return None
        return self.algbw / self.bound

    @property
    def status(self) -> str:
        """``"ok"`` or ``"invalid"``."""
        return "invalid" if self.reasons else "ok"

    def __repr__(self) -> str:
        what = self.coll or "?"
        if self.reasons:
            return (f"PlanVerdict(invalid {what}, {len(self.reasons)} reason(s): "
                    f"{self.reasons[0][:100]})")
        algbw = "" if self.algbw is None else \
            f", algbw={fraction_text(self.algbw)}{' ' + self.units if self.units else ''}"
        c = self.counts
        return (f"PlanVerdict(ok: {what}, {c.gpus} GPUs, {c.threadblocks} thread blocks, "
                f"{c.ops} ops{algbw})")

    def _repr_html_(self) -> str:
        c = self.counts
        rows: list[tuple[str, Any]] = [
            ("status", self.status), ("collective", self.coll or "?"),
            ("protocol", self.protocol or "?"),
            ("plan", f"{c.gpus} GPUs, {c.threadblocks} thread blocks (at most "
                     f"{c.max_tbs_per_gpu} on a GPU), {c.ops} operations (at most "
                     f"{c.max_ops_per_tb} in a block), {c.channels} channel(s)")]
        if self.algbw is not None:
            rows.append(("algbw", f"{fraction_display(self.algbw)}"
                                  f"{' ' + self.units if self.units else ''}"))
        if self.bound is not None:
            rows.append(("optimum (cut bound)", f"{fraction_display(self.bound)}"))
        if self.bottleneck:
            rows.append(("bottleneck", short_list(f"{a} -> {b}" for a, b in self.bottleneck)))
        rows += [("reason", line) for line in self.reasons[:10]]
        if len(self.reasons) > 10:
            rows.append(("", f"... and {len(self.reasons) - 10} more (.reasons)"))
        return html_summary(f"PlanVerdict · {self.status}", rows, note=" ".join(self.notes))

    @property
    def link_loads(self) -> dict[tuple[str, str], Fraction]:
        """Chunks per run on every loaded directed link, keyed (src, dst)."""
        return {(l.src, l.dst): l.load for l in self.links}

    def to_dict(self) -> dict[str, Any]:
        """JSON form; exact numbers as strings."""
        f = fraction_text
        c = self.counts
        return {
            "ok": self.ok, "status": self.status, "reasons": list(self.reasons),
            "rules": list(self.rules), "name": self.name, "collective": self.coll,
            "protocol": self.protocol, "inplace": self.inplace, "algbw": f(self.algbw),
            "bound": f(self.bound), "ratio": f(self.ratio), "units": self.units,
            "links": [{"src": l.src, "dst": l.dst, "load": f(l.load),
                       "bandwidth": f(l.bandwidth)} for l in self.links],
            "bottleneck": [list(e) for e in self.bottleneck],
            "counts": {"gpus": c.gpus, "threadblocks": c.threadblocks, "ops": c.ops,
                       "max_ops_per_tb": c.max_ops_per_tb,
                       "max_tbs_per_gpu": c.max_tbs_per_gpu, "channels": c.channels},
            "notes": list(self.notes),
        }


class Reasons:
    """Ordered, de-duplicated reasons, each under a rule of :data:`RULES`; ``fatal`` marks
    problems after which the plan is not run (its execution would be undefined)."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, str]] = []
        self.seen: set[str] = set()
        self.fatal = False
        self.notes: list[str] = []

    def add(self, rule: str, line: str, *, fatal: bool = False) -> None:
        assert rule in RULES, rule
        if fatal:
            self.fatal = True
        text = f"[{rule}] {line}"
        if text not in self.seen:
            self.seen.add(text)
            self.lines.append((rule, text))

    def note(self, line: str) -> None:
        if line not in self.notes:
            self.notes.append(line)

    def final(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(reasons, rules), cut at :data:`MAX_REASONS`."""
        lines = self.lines
        if len(lines) > MAX_REASONS:
            extra = len(lines) - MAX_REASONS + 1
            lines = lines[:MAX_REASONS - 1] + [("note", f"... and {extra} more problems")]
        return tuple(t for _, t in lines), tuple(r for r, _ in lines)
