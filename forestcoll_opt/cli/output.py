"""What the ``forestcoll`` commands print and return: exit statuses, exact numbers with their
decimal value, capped lists of problems, where a command's own summary line goes, and the
CSV files' one convention."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import logging
import re
import sys
import time
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence, TextIO

from ..files import display_path
from ..model.numbers import fraction_display, fraction_text

EXIT_BELOW = 1
EXIT_ERROR = 2
EXIT_SOLVER = 3
EXIT_INTERNAL = 70


def exact_num(value: Fraction, digits: int = 3) -> str:
    """Exact fraction with its decimal value, e.g. ``1040/3 (346.667)``.

    :param value: the exact number
    :param digits: decimals of the value shown in parentheses
    :returns: the integer alone, or ``p/q (decimal)``
    """
    return fraction_display(value, f".{digits}f")


def exact_header(name: str) -> tuple[str, str]:
    """The two CSV columns of an exact number, as the DataFrames name them (docs/api.md,
    "Conventions"): ``name`` holds its float, ``name_exact`` the exact value as text.

    :param name: the number's name, e.g. ``algbw``
    :returns: ``(name, name + "_exact")``
    """
    return name, f"{name}_exact"


def exact_cells(value: "Fraction | int | None") -> tuple[Any, str]:
    """The cells of :func:`exact_header`: the float (a number a spreadsheet reads), and the
    exact value as ``"p/q"`` (or an integer); both empty for None.

    :param value: the exact number, or None
    :returns: ``(float, text)``
    """
    if value is None:
        return "", ""
    return float(value), fraction_text(Fraction(value))


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """A CSV file's text: the header, then one line per row (quoted where a cell needs it).

    :param header: the column names
    :param rows: the rows, each as long as ``header``
    :returns: the text, ``\n`` line ends
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue()


MAX_REASONS_SHOWN = 10


def print_json_error(message: str, code: int) -> int:
    """Under ``--json`` an error is also one JSON object on standard output,
    ``{"status": "error", "error": message, "exit_code": code}``, so that a script reading
    the output finds an object whatever happened (the one-line message still goes to
    stderr).

    :param message: the error line, without the ``forestcoll: error:`` prefix
    :param code: the exit status
    :returns: ``code``
    """
    print(json.dumps({"status": "error", "error": message, "exit_code": code}, indent=2))
    return code


def print_reasons(kind: str, reasons: Sequence[str]) -> None:
    """At most :data:`MAX_REASONS_SHOWN` problem lines on stderr, then how many more there
    are (``--json`` carries them all)."""
    for reason in reasons[:MAX_REASONS_SHOWN]:
        print(f"forestcoll: {kind}: {reason}", file=sys.stderr)
    if len(reasons) > MAX_REASONS_SHOWN:
        print(f"forestcoll: {kind}: ... and {len(reasons) - MAX_REASONS_SHOWN} more "
              f"(--json lists them all)", file=sys.stderr)


def destination(output: str) -> tuple[TextIO, str]:
    """The stream a command's summary goes to and how it names the file it wrote: a command
    writing its output to standard output (``-o -``) reports on stderr.

    :param output: the ``-o`` value, a path or ``-``
    :returns: (stream for the summary, ``"standard output"`` or the path as displayed)
    """
    if output == "-":
        return sys.stderr, "standard output"
    return sys.stdout, display_path(output)


def table_stream(csv: "str | None") -> TextIO:
    """Where a command with ``--csv`` prints its human table and notes: standard output,
    except when the CSV itself goes there (``--csv -``), then standard error, so that
    standard output holds the CSV alone (docs/cli.md, "Output files").

    :param csv: the ``--csv`` value, a path, ``-`` or None
    :returns: the stream for the human output
    """
    return sys.stderr if csv == "-" else sys.stdout


def human_output(csv: "str | None") -> "contextlib.AbstractContextManager[Any]":
    """A block whose ``print`` calls go to :func:`table_stream`: to standard error under
    ``--csv -``, else where they would go.

    :param csv: the ``--csv`` value, a path, ``-`` or None
    :returns: the context manager
    """
    if csv == "-":
        return contextlib.redirect_stdout(sys.stderr)
    return contextlib.nullcontext()


def check_one_stdout(csv: "str | None", json_flag: bool) -> None:
    """Refuse ``--csv -`` with ``--json``: both would be written to standard output.

    :raises UsageError: naming the two options
    """
    if csv == "-" and json_flag:
        from ..errors import UsageError
        raise UsageError("--csv - and --json both write to standard output; give --csv a "
                         "file name")


LINE_OPTIONS: Mapping[str, str] = {"demand": "--demand FILE", "full": "--full",
                                   "sms": "--sms"}
"""The keyword arguments that a verdict's lines (not an error's message) may name, and the
option of the command that prints them: ``verify``'s ``demand=``, ``check-xml``'s
``full=True`` and ``check-mscclpp``'s ``sms=`` (:func:`options_text`)."""


def options_text(text: str, flags: Mapping[str, str],
                 names: Iterable[str] | None = None) -> str:
    """``text`` with the keyword arguments it names, written ``name=`` (``name=value``,
    ``name='value'``), written as the command's options: ``time_limit=`` as
    ``--time-limit``, ``gpu=MODEL`` as ``--gpu MODEL``, ``formulation='explicit'`` as
    ``--formulation explicit``, ``full=True`` (an on/off option) as ``--full``, ``relay=False`` as the option
    that switches it off (``--no-relay``).

    :param text: a library message or a verdict's line
    :param flags: keyword argument name -> the command's option (``{"time_limit":
        "--time-limit"}``, :data:`LINE_OPTIONS`)
    :param names: the keyword arguments to look for (default: every one in ``flags``); a
        name the command has no option for stays as it is
    :returns: the text to print
    """
    for name in flags if names is None else names:
        flag = flags.get(name)
        if flag is None:
            continue

        def written(match: re.Match[str], flag: str = flag) -> str:
            value = next((g for g in match.groups() if g), "")
            return f"{flag} {value}" if value and value not in ("True", "False") else flag

        value = r"""(?:'([^']*)'|"([^"]*)"|([^\s,;):][^\s,;)]*))?"""   # 'name=:' has none
        text = re.sub(rf"(?<![\w.,=/:-]){re.escape(name)}={value}", written, text)
    return text


def flag_text(exc: BaseException, flags: Mapping[str, str]) -> str:
    """The message of ``exc`` with the keyword arguments it names
    (:attr:`~forestcoll_opt.errors.ForestCollError.options`) written as the command's
    options (:func:`options_text`). A name the command has no option for stays as it is.

    :param exc: the error
    :param flags: keyword argument name -> the command's option (``{"time_limit":
        "--time-limit"}``)
    :returns: the message to print
    """
    return options_text(str(exc), flags, getattr(exc, "options", ()))


log = logging.getLogger("forestcoll_opt.cli")
"""The CLI's own log: ``-v`` shows its INFO lines on stderr as ``forestcoll: ...``
(cli/app.py ``main``)."""

_UNITS = {"splitting": "switch", "packing": "edge", "routing": "tree", "symmetry": "",
          "bound": "", "tree bound": "", "allreduce LP": "", "failures": "class",
          "upgrades": "candidate"}
_PLURALS = {"switch": "switches", "class": "classes"}


class Progress:
    """The ``progress(stage, done, total)`` callback the library's long stages call
    (splitting, packing, routing, the what-if classes): under ``-v``, for a command that
    names itself, a plain line as each stage starts and one with its count and seconds as
    it ends, on stderr (under ``-v`` no bar is drawn: ``tradeoff`` logs its own lines);
    otherwise a tqdm bar on stderr for a stage running longer than two seconds, drawn on a
    terminal only (a log or a pipe gets nothing).

    Use it as ``with Progress(quiet, "generate") as progress:``: a stage is ended by the
    next one, or by leaving the block; one cut short by an error logs no end, so that the
    error's line stays the last.

    :param quiet: ``-q``: no bars (``-v`` still logs the stages)
    :param command: the command logged (``"generate"``); None: bars only (a command that
        logs its own stages, as ``tradeoff``)
    """

    def __init__(self, quiet: bool, command: "str | None" = None) -> None:
        self.quiet = quiet
        self.bars: dict[str, Any] = {}
        self.command = command
        self.verbose = log.isEnabledFor(logging.INFO)
        self.logs = command is not None and self.verbose
        self.stage: "list[Any] | None" = None       # [name, started, done, total]
        self.last = time.perf_counter()               # the last report of any stage

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, kind: Any, *exc: Any) -> None:
        self.close(finished=kind is None)

    def __call__(self, stage: str, done: int, total: int) -> None:
        if self.logs:
            self._log(stage, done, total)
            return
        if self.quiet or self.verbose:       # -v: lines, which a bar would garble
            return
        from tqdm import tqdm

        bar = self.bars.get(stage)
        if bar is None or bar.n > done:
            if bar is not None:
                bar.close()
            # disable=None: no bar when stderr is not a terminal (a log, a pipe)
            bar = self.bars[stage] = tqdm(total=total, desc=f"forestcoll {stage}", delay=2.0,
                                          leave=False, file=sys.stderr, disable=None,
                                          unit=_UNITS.get(stage) or "step")
        bar.total = max(total, done)
        bar.update(done - bar.n)

    def _log(self, stage: str, done: int, total: int) -> None:
        """A stage starts when its name changes, or when its count goes back (packing
        again, for the allgather half of an allreduce). The library reports a stage as
        its work advances, most stages first after some of it is done (splitting: after
        a switch), so a stage's seconds run from the previous stage's last report (or
        the command's start), or from its own report of 0 done, to its own last one."""
        current = self.stage
        if current is None or current[0] != stage or done < current[2]:
            self._end()
            log.info("%s: %s ...", self.command, stage)
            started = time.perf_counter() if done == 0 else self.last
            current = self.stage = [stage, started, done, total]
        current[2], current[3] = done, max(total, done)
        self.last = time.perf_counter()

    def _end(self) -> None:
        if self.stage is None:
            return
        stage, started, done, _ = self.stage
        self.stage = None
        unit = _UNITS.get(stage, "step")
        count = f"{done} {unit if done == 1 else _PLURALS.get(unit, unit + 's')}, " \
            if unit else ""
        log.info("%s: %s: %s%.2f s", self.command, stage, count, self.last - started)

    def close(self, finished: bool = True) -> None:
        """End the bars, and under ``-v`` log the last stage's end (not when ``finished``
        is False: an error cut it short)."""
        if finished:
            self._end()
        self.stage = None
        for bar in self.bars.values():
            bar.close()
        self.bars.clear()
