"""Read the standard output of nccl-tests and rccl-tests (``all_reduce_perf``,
``all_gather_perf``, ``reduce_scatter_perf``, ``alltoall_perf``, ``broadcast_perf``,
``reduce_perf``): the measured table, one row per message size, out-of-place and in-place,
with what the log says about the run around it.

What the tools print (read from NVIDIA/nccl-tests ``src/common.cu``, ``TimeTest`` and
``BenchTime``; rccl-tests prints the same table): ``size`` is the larger of the send and
receive buffers in bytes, ``count`` the element count the collective is called with (per
rank for allgather, reduce-scatter and alltoall, so that ``size = count x width x ranks``
there, ``size = count x width`` for the others), ``time`` the mean time in µs (printed
``%7.0f`` from 10 ms, ``%7.1f`` from 100 µs and ``%7.2f`` below; nccl-tests 2.18 prints one
more digit, so the rounding is read from the digits printed), ``algbw = size / time`` in
GB/s (1e9 bytes/s, ``%6.2f``) and ``busbw = algbw x factor`` with the factor of
nccl-tests' ``doc/PERFORMANCE.md``: ``2(n-1)/n`` for allreduce, ``(n-1)/n`` for allgather,
reduce-scatter and alltoall (``src/alltoall.cu``), ``1`` for broadcast and reduce. The
``#wrong`` cell is the number of wrong elements, ``N/A`` where the test does not check
(in-place alltoall); older versions print an ``error`` column (a float, ``0e+00``) and no
``redop``/``root`` columns.

A log may hold several runs (one table each: a script that loops over node counts or
``NCCL_ALGO`` values); :func:`read_nccl_tests` returns one :class:`NcclTestsRun` per table.
Each run's collective comes, in this order, from ``collective=``, from the perf binary's
name where the log shows it (``# Collective test starting: all_gather_perf``, a launcher
line), from the file name, or from the table itself (its ``redop`` and ``root`` columns,
``size / count`` against the type's width, and ``busbw / algbw``); whatever names it, the
table must agree (a mislabeled log is refused, with the collectives it does fit).
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from ..display import data_frame, html_summary, short_list
from ..errors import NcclTestsError
from ..files import display_path, gunzip, read_bytes
from ..model.collective import Collective

__all__ = ["MAX_BYTES", "Measurement", "NcclTestsRow", "NcclTestsRun", "algbw_bounds",
           "busbw_factor", "read_nccl_tests"]

MAX_BYTES = 64 * 2**20
"""The largest log read (a log with ``NCCL_DEBUG=INFO`` on thousands of ranks is a few MiB)."""

WIDTH = {
    "int8": 1, "uint8": 1, "char": 1, "f8e4m3": 1, "f8e5m2": 1, "fp8_e4m3": 1, "fp8_e5m2": 1,
    "half": 2, "float16": 2, "fp16": 2, "bfloat16": 2, "bf16": 2,
    "int32": 4, "uint32": 4, "int": 4, "float": 4, "float32": 4,
    "int64": 8, "uint64": 8, "double": 8, "float64": 8,
}
"""Bytes per element of the type names nccl-tests and rccl-tests print."""

BINARIES = {
    "all_reduce": Collective.ALLREDUCE, "all_gather": Collective.ALLGATHER,
    "reduce_scatter": Collective.REDUCE_SCATTER, "alltoall": Collective.ALLTOALL,
    "broadcast": Collective.BROADCAST, "reduce": Collective.REDUCE,
}
"""The perf binaries (``<name>_perf``, ``<name>_perf_mpi``) of the collectives modelled here;
any other (``sendrecv``, ``scatter``, ``gather``, ``hypercube``, ``alltoallv``) is refused."""

PLACEMENTS = ("out-of-place", "in-place")

# the file name's words for each collective, whole words only ("reduced" names nothing);
# "reduce" alone is tried last, when no longer name matched
_FILE_WORDS = tuple((re.compile(rf"(?<![a-z]){word}(?![a-z])", re.I), c) for word, c in (
    (r"all_?reduce", Collective.ALLREDUCE),
    (r"all_?gather", Collective.ALLGATHER),
    (r"reduce_?scatter", Collective.REDUCE_SCATTER),
    (r"all_?to_?all", Collective.ALLTOALL),
    (r"broadcast|bcast", Collective.BROADCAST),
))
_FILE_REDUCE = re.compile(r"(?<![a-z])reduce(?![a-z]|_?scatter)", re.I)
_MPI_PREFIX = re.compile(r"^.*?\[\d+,\d+\]<std(?:out|err)>:")
_BINARY = re.compile(r"(?<![A-Za-z0-9])([a-z][a-z0-9_]*?)_perf(?:_mpi)?(?![A-Za-z0-9])")
_RANK = re.compile(r"^#\s*Rank\s+(\d+)\s+(?:Group\s+(\d+)\s+)?Pid\s+\d+\s+on\s+(\S+)\s+"
                   r"device\s+\d+\s+\[[^\]]*\]\s*(.*?)\s*$")
_NRANKS = re.compile(r"NCCL INFO comm \S+ rank \d+ nranks (\d+)")
_THREADS = re.compile(r"^#\s*nThread\s+(\d+)\s+nGpus\s+(\d+)")
_LAUNCH = re.compile(r"\b(?:mpirun|mpiexec|srun)\b.*?\s(?:-np|-n|--np|--ntasks)[\s=](\d+)")
_SETTING = re.compile(r"\bNCCL_(ALGO|PROTO)(?:\s*=\s*|\s+set by environment to\s+|\s+to\s+)"
                      r"\"?([A-Za-z0-9_,;:^]+)\"?")
_LIBRARY = re.compile(r"\b([NR]CCL) version\s*:?\s*(\S+)")
_TESTS = re.compile(r"\b(nccl-tests) version\s+(\S+)|\b(rccl-tests): Version\s+(\S+)")
_EXTRA_VERSION = re.compile(r"^(HIP|ROCm) version\s*:\s*(\S+)")
_LIBRARY_CODE = re.compile(r"\bnccl-library=(\d+)\b")
_ROCM_MARKS = ("rccl-tests", "RCCL version", "HIP version", "Errors with asterisks")


# --- results ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Measurement:
    """One placement (out-of-place or in-place) of one row, as printed.

    :ivar time_us: the mean time of one operation, µs
    :ivar algbw: size / time, GB/s (1e9 bytes/s), as printed
    :ivar busbw: algbw x the collective's factor, GB/s, as printed
    :ivar wrong: the wrong elements the test counted, or None (``N/A``, or an older log)
    :ivar error: an older log's ``error`` column (the largest deviation), or None
    :ivar time_printed: the time cell as printed (its last digit sets its rounding)
    """

    time_us: float
    algbw: float
    busbw: float
    wrong: int | None
    error: float | None = None
    time_printed: str = ""


@dataclass(frozen=True)
class NcclTestsRow:
    """One message size of a table.

    :ivar size: the bytes the collective moves per the tool (the larger buffer)
    :ivar count: the element count it was called with
    :ivar dtype: the element type as printed (``float``, ``bfloat16``, ...)
    :ivar redop: the reduction printed (``sum``, ``none``), None where the log has no column
    :ivar root: the root rank printed (-1: none), None where the log has no column
    :ivar out_of_place: the out-of-place measurement
    :ivar in_place: the in-place measurement
    :ivar line: the row's line in the log (1-based)
    """

    size: int
    count: int
    dtype: str
    redop: str | None
    root: int | None
    out_of_place: Measurement
    in_place: Measurement
    line: int

    def placement(self, name: str) -> Measurement:
        """The measurement of ``name``, ``"out-of-place"`` or ``"in-place"``."""
        if name not in PLACEMENTS:
            raise NcclTestsError(f"placement={name!r}: use 'out-of-place' or 'in-place'",
                                 options=("placement",))
        return self.out_of_place if name == PLACEMENTS[0] else self.in_place


@dataclass(frozen=True)
class NcclTestsRun:
    """One table of an nccl-tests or rccl-tests log, with what the log says about its run.

    :ivar collective: the collective measured
    :ivar ranks: the number of ranks of the communicator
    :ivar rows: the table's rows, in the log's order
    :ivar devices: each rank's device name, in rank order (empty when the log lists none)
    :ivar hosts: the hosts the ranks ran on, in order of first appearance
    :ivar suite: ``"nccl-tests"`` or ``"rccl-tests"``
    :ivar tests_version: the suite's version line's value (``2.18.5``, ``develop:a7809b3``)
    :ivar library_version: ``NCCL version`` / ``RCCL version`` where printed, else the
        ``nccl-library=22907`` of nccl-tests' version line decoded (``2.29.7``)
    :ivar algo: ``NCCL_ALGO`` where the log sets it (a launcher's ``-x NCCL_ALGO=Ring``, an
        ``export``, ``NCCL INFO NCCL_ALGO set by environment to Ring``), else None
    :ivar proto: ``NCCL_PROTO`` likewise (a network plugin's ``Setting NCCL_PROTO to
        "simple"`` counts), else None
    :ivar dtypes: the element types of the rows, in order of first appearance
    :ivar collective_from: what named the collective: ``"collective="``, ``"log"``,
        ``"file name"`` or ``"table"``
    :ivar binary: the perf binary the log names for this table, or None
    :ivar source: the file read (or ``"<text>"``)
    :ivar line: the line of the table's header in the log (1-based)
    :ivar versions: other version lines the log prints (``HIP version``, ``ROCm version``)
    """

    collective: Collective
    ranks: int
    rows: tuple[NcclTestsRow, ...]
    devices: tuple[str, ...]
    hosts: tuple[str, ...]
    suite: str
    tests_version: str | None
    library_version: str | None
    algo: str | None
    proto: str | None
    dtypes: tuple[str, ...]
    collective_from: str
    binary: str | None
    source: str
    line: int
    versions: tuple[str, ...] = ()

    @property
    def dtype(self) -> str | None:
        """The rows' element type, or None when the table mixes several (``-d all``)."""
        return self.dtypes[0] if len(self.dtypes) == 1 else None

    @property
    def busbw_factor(self) -> float:
        """busbw / algbw for this collective and rank count (nccl-tests' factor)."""
        return busbw_factor(self.collective, self.ranks)

    def to_pandas(self) -> Any:
        """One row per message size x placement: ``collective``, ``ranks``, ``placement``
        (``out-of-place``/``in-place``), ``size``, ``count``, ``type``, ``redop``, ``root``
        (NaN where the log has no column), ``time_us``, ``algbw``, ``busbw`` (floats, as
        printed), ``wrong`` (NaN for ``N/A``), ``error`` (an older log's column, else NaN),
        ``algo``, ``proto`` and ``line``."""
        rows = []
        for row in self.rows:
            for name in PLACEMENTS:
                m = row.placement(name)
                rows.append({
                    "collective": self.collective.value, "ranks": self.ranks,
                    "placement": name, "size": row.size, "count": row.count,
                    "type": row.dtype, "redop": row.redop, "root": row.root,
                    "time_us": m.time_us, "algbw": m.algbw, "busbw": m.busbw,
                    "wrong": m.wrong, "error": math.nan if m.error is None else m.error,
                    "algo": self.algo, "proto": self.proto, "line": row.line})
        return data_frame(rows, {
            "collective": "text", "ranks": "count", "placement": "text", "size": "count",
            "count": "count", "type": "text", "redop": "text", "root": "count",
            "time_us": "number", "algbw": "number", "busbw": "number", "wrong": "count",
            "error": "number", "algo": "text", "proto": "text", "line": "count"})

    def _summary(self) -> list[tuple[str, Any]]:
        sizes = f"{_bytes(self.rows[0].size)} … {_bytes(self.rows[-1].size)}"
        device = short_list(dict.fromkeys(self.devices), 2) or "not listed"
        return [("collective", f"{self.collective} (from {self.collective_from})"),
                ("ranks", f"{self.ranks} on {len(self.hosts) or '?'} host(s)"),
                ("device", device), ("rows", f"{len(self.rows)} sizes, {sizes}"),
                ("suite", " ".join(v for v in (self.suite, self.tests_version) if v)),
                ("library", self.library_version or "not stated"),
                ("NCCL_ALGO", self.algo or "not stated"),
                ("NCCL_PROTO", self.proto or "not stated")]

    def __repr__(self) -> str:
        extra = "".join(f", {k} {v}" for k, v in (("algo", self.algo), ("proto", self.proto))
                        if v)
        device = self.devices[0] if self.devices else "devices not listed"
        return (f"NcclTestsRun({self.collective}, {self.ranks} ranks, {device}, "
                f"{len(self.rows)} sizes {_bytes(self.rows[0].size)}..."
                f"{_bytes(self.rows[-1].size)}, {self.suite}{extra})")

    def _repr_html_(self) -> str:
        return html_summary(f"NcclTestsRun · {self.collective} on {self.ranks} ranks",
                            self._summary(), note=f"{self.source}, table at line {self.line}")


def busbw_factor(collective: Collective | str, ranks: int) -> float:
    """nccl-tests' busbw / algbw (``doc/PERFORMANCE.md``; alltoall from ``src/alltoall.cu``):
    ``2(n-1)/n`` for allreduce, ``(n-1)/n`` for allgather, reduce-scatter and alltoall,
    ``1`` for broadcast and reduce."""
    c = Collective.parse(collective)
    if c.rooted:
        return 1.0
    share = (ranks - 1) / ranks
    return 2 * share if c is Collective.ALLREDUCE else share


def _bytes(size: int) -> str:
    for unit, name in ((2**30, "GiB"), (2**20, "MiB"), (2**10, "KiB")):
        if size >= unit and size % unit == 0:
            return f"{size // unit} {name}"
    return f"{size} B"


# --- reading ---------------------------------------------------------------------------------

def read_nccl_tests(path_or_text: str | os.PathLike, *,
                    collective: Collective | str | None = None) -> tuple[NcclTestsRun, ...]:
    """The runs of an nccl-tests or rccl-tests log, one per table.

    Tolerated: MPI output prefixes (``[1,0]<stdout>:``, with anything a launcher puts before
    them), ``NCCL INFO`` lines anywhere (between the header and the rows too), the older
    header (``error`` column, no ``redop``/``root``), rccl-tests' extra lines, ``N/A``
    cells, the trailing ``# Out of bounds``/``# Avg bus bandwidth`` lines, CRLF line ends,
    markdown fences around a pasted log, gzip.

    :param path_or_text: the log's path, or the log itself (a string with a line break)
    :param collective: the collective measured, where the log cannot tell (allgather and
        alltoall print the same table); it must agree with the binary the log names
    :returns: the runs, in the log's order
    :raises NcclTestsError: a file that cannot be read or holds no table, a truncated row,
        a negative or non-numeric time, an algbw that is not size / time (beyond the printed
        rounding), a table whose busbw / algbw or size / count contradicts its collective,
        a perf binary this toolkit does not model (sendrecv, scatter, gather, hypercube),
        a collective the log cannot tell and ``collective=`` does not give — each naming
        the line
    :raises CollectiveError: an unknown ``collective=``
    """
    given = Collective.parse(collective) if collective is not None else None
    text, source, name = _load(path_or_text)
    tables = _split(text.splitlines(), source)
    if not tables:
        raise NcclTestsError(f"{source}: no nccl-tests table in it (no header line '# size "
                             f"count type ... time algbw busbw'); give the standard output "
                             f"of all_reduce_perf, all_gather_perf, ... as printed")
    from_file = _file_collective(name)
    return tuple(_run(table, source, given, from_file) for table in tables)


def _load(value: str | os.PathLike) -> tuple[str, str, str | None]:
    """(text, how messages name it, the file name or None)."""
    if isinstance(value, str) and ("\n" in value or "\r" in value):
        return value, "the nccl-tests log", None
    if not isinstance(value, (str, os.PathLike)):
        raise NcclTestsError(f"path_or_text= must be a path or the log's text, got "
                             f"{type(value).__name__}", options=("path_or_text",))
    shown = display_path(value)
    data = read_bytes(value, NcclTestsError, "the nccl-tests log", limit=MAX_BYTES)
    if data[:2] == b"\x1f\x8b":
        data = gunzip(data, NcclTestsError, f"{shown}: the nccl-tests log", limit=MAX_BYTES,
                      what="give the log as text or its gzip")
    return data.decode("utf-8", errors="replace"), shown, Path(os.fsdecode(value)).name


def _file_collective(name: str | None) -> Collective | str | None:
    """The collective a file name names (``h100-all_gather.log``), or an unsupported perf
    binary's name (``sendrecv_perf.txt``), or None when it names none or several."""
    if not name:
        return None
    if (m := _BINARY.search(name)) and m.group(1) not in BINARIES:
        return m.group(1)
    found = {c for pattern, c in _FILE_WORDS if pattern.search(name)}
    if not found and _FILE_REDUCE.search(name):
        found = {Collective.REDUCE}
    return found.pop() if len(found) == 1 else None


@dataclass
class _Table:
    """A table being read: its header, its rows' lines and the lines around it."""

    header: int
    columns: list[str]
    context: list[tuple[int, str]]
    rows: list[tuple[int, list[str]]]


def _split(lines: list[str], source: str) -> list[_Table]:
    """The log's tables, each with the lines since the previous table (its context)."""
    tables: list[_Table] = []
    context: list[tuple[int, str]] = []
    table: _Table | None = None
    for number, raw in enumerate(lines, 1):
        line = _MPI_PREFIX.sub("", raw, count=1).strip()
        if not line or line.startswith("```"):
            continue
        if line.startswith("#") and (columns := _header(line)) is not None:
            if table is not None:
                tables.append(_close(table, source))
            if "cputime" in columns:
                raise NcclTestsError(f"{source}: line {number}: the table reports CPU time "
                                     f"(nccl-tests -C 1), not the collective's time; run "
                                     f"again without -C")
            table, context = _Table(number, columns, context, []), []
            continue
        if table is None:
            context.append((number, line))
            continue
        if line.startswith("#"):
            if not table.rows and ("(B)" in line or "(us)" in line):
                continue                    # the units line under the header
            tables.append(_close(table, source))
            table, context = None, [(number, line)]
        elif line.split()[0].isdigit():
            table.rows.append((number, line.split()))
        else:
            table.context.append((number, line))     # NCCL INFO lines amid the rows
    if table is not None:
        tables.append(_close(table, source))
    return tables


def _header(line: str) -> list[str] | None:
    """The column names of a table header line, or None for any other line."""
    words = line.lstrip("#").split()
    if words[:3] != ["size", "count", "type"] or "algbw" not in words:
        return None
    return words


def _close(table: _Table, source: str) -> _Table:
    if not table.rows:
        raise NcclTestsError(f"{source}: line {table.header}: a table header with no rows "
                             f"under it (a log cut short?); give the whole log")
    return table


# --- one table -------------------------------------------------------------------------------

def _run(table: _Table, source: str, given: Collective | None,
         from_file: Collective | str | None) -> NcclTestsRun:
    context = table.context
    ranks, devices, hosts = _ranks(context, table, source)
    lead, kinds = _layout(table, source)
    rows = tuple(_row(number, cells, lead, kinds, table, source) for number, cells in table.rows)
    binary = _binary(context)
    collective, named_by = _collective(table, rows, ranks, source, given, binary, from_file)
    texts = [text for _, text in context]
    rocm = any(mark in text for text in texts for mark in _ROCM_MARKS) or any(
        "AMD" in d or "Instinct" in d for d in devices)
    settings = {key: value.rstrip(".") for text in texts for key, value in _SETTING.findall(text)}
    tests = library = None
    versions = []
    for text in texts:
        if (m := _TESTS.search(text)) and tests is None:
            tests = m.group(2) or m.group(4)
        elif (m := _LIBRARY.search(text)) and library is None:
            library = m.group(2)
        elif m := _EXTRA_VERSION.match(text):
            versions.append(f"{m.group(1)} {m.group(2)}")
    if library is None:
        library = next((_version_code(int(m.group(1))) for text in texts
                        if (m := _LIBRARY_CODE.search(text))), None)
    return NcclTestsRun(
        collective=collective, ranks=ranks, rows=rows, devices=devices, hosts=hosts,
        suite="rccl-tests" if rocm else "nccl-tests", tests_version=tests,
        library_version=library, algo=settings.get("ALGO"), proto=settings.get("PROTO"),
        dtypes=tuple(dict.fromkeys(r.dtype for r in rows)), collective_from=named_by,
        binary=binary, source=source, line=table.header, versions=tuple(versions))


def _version_code(code: int) -> str:
    """``NCCL_VERSION_CODE`` as a version: 22907 is 2.29.7 (from 2.9 on, major x 10000 +
    minor x 100 + patch; before, major x 1000 + minor x 100 + patch: 2708 is 2.7.8)."""
    if code >= 10000:
        return f"{code // 10000}.{code // 100 % 100}.{code % 100}"
    return f"{code // 1000}.{code // 100 % 10}.{code % 100}"


def _ranks(context: list[tuple[int, str]], table: _Table,
           source: str) -> tuple[int, tuple[str, ...], tuple[str, ...]]:
    """(ranks of the communicator, devices in rank order, hosts) from the ``# Rank`` lines
    (the group of rank 0 where ``NCCL_TESTS_SPLIT_MASK`` splits them), else NCCL INFO's
    ``nranks``, else ``nThread`` x ``nGpus`` x a launcher's ``-np``."""
    seen: dict[int, tuple[str | None, str, str]] = {}
    for _, text in context:
        if m := _RANK.match(text):
            seen.setdefault(int(m.group(1)), (m.group(2), m.group(3), m.group(4)))
    if seen:
        order = sorted(seen)
        group = seen[order[0]][0]
        members = [r for r in order if seen[r][0] == group]
        devices = tuple(seen[r][2] for r in members)
        hosts = tuple(dict.fromkeys(seen[r][1] for r in members))
        return len(members), devices, hosts
    for _, text in context:
        if m := _NRANKS.search(text):
            return int(m.group(1)), (), ()
    threads = next((int(m.group(1)) * int(m.group(2)) for _, t in context
                    if (m := _THREADS.match(t))), None)
    launched = next((int(m.group(1)) for _, t in context if (m := _LAUNCH.search(t))), None)
    if threads is not None and launched is not None:
        return threads * launched, (), ()
    raise NcclTestsError(f"{source}: line {table.header}: the log does not say how many ranks "
                         f"ran this table (no '#  Rank N ...' device lines before it); give "
                         f"the whole log, from its '# nThread' line")


def _layout(table: _Table, source: str) -> tuple[list[str], list[str]]:
    """(the columns before the measurements, the kind of each placement's fourth cell)."""
    columns = table.columns
    at = columns.index("time") if "time" in columns else -1
    lead, rest = columns[:at], columns[at:]
    fourth = rest[3::4]
    if (at < 0 or not set(lead) <= {"size", "count", "type", "redop", "root"}
            or len(rest) != 8 or rest[0::4] != ["time", "time"]
            or rest[1::4] != ["algbw", "algbw"] or rest[2::4] != ["busbw", "busbw"]
            or not set(fourth) <= {"#wrong", "wrong", "error"}):
        raise NcclTestsError(f"{source}: line {table.header}: an unknown table header "
                             f"({' '.join(columns)[:120]}); expected size count type "
                             f"[redop] [root] then time algbw busbw #wrong (or error), "
                             f"out-of-place and in-place")
    return lead, fourth


def _row(number: int, cells: list[str], lead: list[str], kinds: list[str], table: _Table,
         source: str) -> NcclTestsRow:
    where = f"{source}: line {number}"
    expected = len(lead) + 8
    if len(cells) == expected - 1 and "redop" in lead:
        cells = cells[:lead.index("redop")] + [""] + cells[lead.index("redop"):]  # blank redop
    if len(cells) != expected:
        raise NcclTestsError(f"{where}: the row has {len(cells)} fields, not the {expected} "
                             f"its header (line {table.header}) names (a truncated or edited "
                             f"row); complete it or remove it")
    head = dict(zip(lead, cells))
    for key in ("size", "count"):
        if not head[key].isdigit():
            raise NcclTestsError(f"{where}: {key} {head[key][:20]!r} is not a whole number")
    size, count = int(head["size"]), int(head["count"])
    root = None
    if "root" in head:
        if not re.fullmatch(r"-?\d+", head["root"]):
            raise NcclTestsError(f"{where}: root {head['root'][:20]!r} is not a whole number")
        root = int(head["root"])
    values = cells[len(lead):]
    pair = tuple(_measurement(where, name, size, values[4 * i:4 * i + 4], kinds[i])
                 for i, name in enumerate(PLACEMENTS))
    return NcclTestsRow(size=size, count=count, dtype=head["type"],
                        redop=(head.get("redop") or None) if "redop" in head else None,
                        root=root, out_of_place=pair[0], in_place=pair[1], line=number)


def _number(where: str, what: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise NcclTestsError(f"{where}: {what} {text[:20]!r} is not a number")
    return value


def _measurement(where: str, placement: str, size: int, cells: list[str],
                 kind: str) -> Measurement:
    time_text, alg_text, bus_text, last = cells
    time = _number(where, f"{placement} time", time_text)
    if time < 0 or (time == 0 and size > 0):
        raise NcclTestsError(f"{where}: {placement} time {time_text} µs is not positive; "
                             f"the row is damaged")
    algbw = _number(where, f"{placement} algbw", alg_text)
    busbw = _number(where, f"{placement} busbw", bus_text)
    if algbw < 0 or busbw < 0:
        raise NcclTestsError(f"{where}: {placement} bandwidth below zero; the row is damaged")
    low, high = algbw_bounds(size, time_text)
    if not low - _PRINTED <= algbw <= high + _PRINTED:
        expect = size / time / 1e3 if time > 0 else math.inf
        raise NcclTestsError(f"{where}: {placement} algbw {alg_text} GB/s is not size / time "
                             f"= {size} B / {time_text} µs = {expect:.2f} GB/s (beyond the "
                             f"printed rounding); the row was edited or its columns shifted")
    wrong = error = None
    if kind == "error":
        error = None if last == "N/A" else _number(where, f"{placement} error", last)
    elif last != "N/A":
        digits = last.rstrip("*")
        if not digits.isdigit():
            raise NcclTestsError(f"{where}: {placement} #wrong {last[:20]!r} is not a count")
        wrong = int(digits)
    return Measurement(time_us=time, algbw=algbw, busbw=busbw, wrong=wrong, error=error,
                       time_printed=time_text)


_PRINTED = 0.005 + 1e-9       # half a unit of algbw's and busbw's %6.2f


def algbw_bounds(size: int, time_text: str) -> tuple[float, float]:
    """The interval of size / time (GB/s) for a time printed as ``time_text`` µs: the time
    lies within half a unit of its last printed digit."""
    decimals = len(time_text.partition(".")[2])
    half = 0.5 * 10.0 ** -decimals
    time = float(time_text)
    low = size / ((time + half) * 1e3)
    high = size / ((time - half) * 1e3) if time - half > 0 else math.inf
    return low, high


# --- which collective ------------------------------------------------------------------------

def _binary(context: list[tuple[int, str]]) -> str | None:
    """The last perf binary the lines before a table name (a launcher line, ``# Collective
    test starting: ...``), not counting ``... concluded: ...`` lines of the previous run."""
    found = None
    for _, text in context:
        if "concluded" in text:
            continue
        for m in _BINARY.finditer(text):
            found = m.group(1)
    return found


def _collective(table: _Table, rows: tuple[NcclTestsRow, ...], ranks: int, source: str,
                given: Collective | None, binary: str | None,
                from_file: Collective | str | None) -> tuple[Collective, str]:
    where = f"{source}: line {table.header}"
    for name in (binary, from_file if not given and not binary else None):
        if name is not None and not isinstance(name, Collective) and name not in BINARIES:
            raise NcclTestsError(f"{where}: the table is {name}_perf's, which measures no "
                                 f"collective this toolkit models; keep the all_reduce, "
                                 f"all_gather, reduce_scatter, alltoall, broadcast and reduce "
                                 f"runs only")
    named: Collective | None
    if given is not None:
        if binary is not None and BINARIES[binary] is not given:
            raise NcclTestsError(f"{where}: collective={given.value!r}, but the log names "
                                 f"{binary}_perf for this table; drop collective= or give "
                                 f"the right log", options=("collective",))
        named, by = given, "collective="
    elif binary is not None:
        named, by = BINARIES[binary], "log"
    elif isinstance(from_file, Collective):
        named, by = from_file, "file name"
    else:
        named, by = None, "table"
    verdicts = {c: _misfit(c, ranks, rows) for c in Collective}
    fits = [c for c, why in verdicts.items() if why is None]
    fit_text = (f"they fit {' or '.join(c.value for c in fits)}" if fits else
                f"they fit no collective on {ranks} ranks (is the rank count right?)")
    if named is not None:
        if verdicts[named] is not None:
            label = {"collective=": "collective=", "log": f"the log ({binary}_perf)",
                     "file name": "the file name"}[by]
            raise NcclTestsError(f"{where}: {label} says {named}, but {verdicts[named]}; "
                                 f"{fit_text}: a mislabeled log?")
        return named, by
    if len(fits) == 1:
        return fits[0], by
    if not fits:
        raise NcclTestsError(f"{where}: the table's numbers fit no collective on {ranks} "
                             f"ranks (allreduce: {verdicts[Collective.ALLREDUCE]}); check "
                             f"the log")
    raise NcclTestsError(f"{where}: the log does not name its perf binary and the table fits "
                         f"{' and '.join(c.value for c in fits)} alike; give collective= "
                         f"(or a file name that says which)", options=("collective",))


def _misfit(c: Collective, ranks: int, rows: Iterable[NcclTestsRow]) -> str | None:
    """Why the rows cannot be ``c``'s on ``ranks`` ranks, or None when they fit."""
    factor = busbw_factor(c, ranks)
    spread = not c.rooted and c is not Collective.ALLREDUCE     # size = count x width x n
    for row in rows:
        if row.root is not None and (row.root >= 0) != c.rooted:
            who = "a rooted collective never has" if row.root < 0 else \
                "only broadcast and reduce have"
            return f"line {row.line} has root {row.root}, which {who}"
        if row.redop is not None and row.redop != "" and (row.redop == "none") == (
                c in (Collective.ALLREDUCE, Collective.REDUCE_SCATTER, Collective.REDUCE)):
            return f"line {row.line} has redop {row.redop}"
        width = WIDTH.get(row.dtype.lower())
        if width and row.count:
            expect = row.count * width * (ranks if spread else 1)
            if row.size != expect:
                return (f"line {row.line} has size {row.size} for {row.count} {row.dtype} "
                        f"elements, not the {expect} that needs")
        for name in PLACEMENTS:
            m = row.placement(name)
            low, high = algbw_bounds(row.size, m.time_printed or repr(m.time_us))
            if not factor * low - _PRINTED <= m.busbw <= factor * high + _PRINTED:
                ratio = f"{m.busbw / m.algbw:.3f}" if m.algbw else "undefined"
                return (f"line {row.line}: busbw / algbw = {m.busbw:g} / {m.algbw:g} "
                        f"({ratio}) is not {c}'s {factor:.3f} on {ranks} ranks")
    return None

