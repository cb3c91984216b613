"""The ``forestcoll`` entry point: the top-level parser, which each command module fills with
its own command (the CLI reference in docs/cli.md is generated from it), and ``main``, which
runs a command and turns every error into one line on stderr and an exit status."""

from __future__ import annotations

import argparse
import difflib
import logging
import os
import re
import sys
import time
import traceback
from typing import Any, Sequence

from .. import __version__
from ..errors import CatalogError, ForestCollError
from ..model.catalog import is_catalog_spec
from . import (bound_cmds, compact_cmds, draw_cmds, generate_cmds, groups_cmds, lp_cmds,
               mscclpp_cmds, pareto_cmds, replan_cmds, runtime_cmds, time_cmds, verify_cmds,
               whatif_cmds)
from .output import EXIT_ERROR, EXIT_INTERNAL, flag_text, log, print_json_error


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error on one line, like every other error, and takes
    options only written in full (``--k 3`` is not ``--kernel 3``). Subcommand parsers are of
    this class too (``add_subparsers`` makes parsers of the parent's class)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        self.register("action", None, _StoreOnce)
        self.register("action", "store", _StoreOnce)

    def parse_args(self, args: Any = None, namespace: Any = None) -> argparse.Namespace:
        argv = list(sys.argv[1:] if args is None else args)
        _refuse_abbreviations(self, argv)
        parsed = super().parse_args(argv, namespace)
        parsed.__dict__.pop(_StoreOnce.SEEN, None)
        return parsed

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        self._given = list(sys.argv[1:] if args is None else args)   # for error()
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> None:  # type: ignore[override]
        message = _missing_schedule(self, message)
        # an unknown option is reported by the program's parser, after the command's
        # parser set it aside: the help to read is the command's
        command = _command_parser(self) if message.startswith(_UNRECOGNIZED) else self
        message = _did_you_mean(self, command, message)
        # argparse quotes some arguments and not others ("unrecognized arguments: ..."):
        # escape what cannot be printed on one line
        message = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                          for c in message)
        message = f"{message} (see {command.prog} --help)"
        sys.stderr.write(f"forestcoll: error: {message}\n")
        raise _UsageExit(message)


class _StoreOnce(argparse._StoreAction):
    """argparse's ``store``, refusing an option given twice (``--group A --group B``,
    ``-o a -o b``): argparse would keep the last one silently, and a command would work on
    something other than what its line says. Options that may repeat say so
    (``action="append"``)."""

    SEEN = "_forestcoll_options_seen"

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        seen = namespace.__dict__.setdefault(self.SEEN, {})
        if option_string is not None and self.dest in seen:
            raise argparse.ArgumentError(
                self, f"given twice ({str(seen[self.dest])[:60]!r}, then {str(values)[:60]!r}); "
                      f"give it once")
        seen[self.dest] = values
        super().__call__(parser, namespace, values, option_string)


_UNRECOGNIZED = "unrecognized arguments: "
_INVALID_CHOICE = re.compile(r"argument (?P<name>.+?): invalid choice: (?P<value>'.*?'|\S+) "
                             r"\(choose from .*\)$")


def _command_parser(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """The parser of the command the arguments given to ``parser`` name, down to a format
    (``forestcoll export msccl``): its first word that is not an option, and so on."""
    for token in getattr(parser, "_given", []):
        if token == "--":
            break
        if token.startswith("-"):
            continue
        sub = _subparsers(parser)
        if sub is None or token not in sub.choices:
            break
        parser = sub.choices[token]
    return parser


def _did_you_mean(parser: argparse.ArgumentParser, command: argparse.ArgumentParser,
                  message: str) -> str:
    """argparse's message for a mistyped word, with the nearest right one (difflib): a
    command (``genrate``: generate), a choice (``--collective redcue``: reduce), an option
    (``--colective``: --collective). The command list, which ``--help`` prints, is not
    repeated on the line."""
    match = _INVALID_CHOICE.match(message)
    if match is not None:
        action = next((a for a in parser._actions if a.choices is not None
                       and argparse._get_action_name(a) == match["name"]), None)
        if action is None:
            return message
        value = match["value"].strip("'")
        near = difflib.get_close_matches(value, [str(c) for c in action.choices], n=1)
        if isinstance(action, argparse._SubParsersAction):
            what = "command" if parser.prog == "forestcoll" else "format"
            return (f"{value!r} is not a {parser.prog} {what}"
                    + (f"; did you mean {near[0]}?" if near else ""))
        return message + (f"; did you mean {near[0]}?" if near else "")
    if not message.startswith(_UNRECOGNIZED):
        return message
    names = sorted({o[2:] for a in command._actions for o in a.option_strings
                    if o.startswith("--")})          # compared without the dashes all share
    unknown = [t.split("=", 1)[0] for t in message[len(_UNRECOGNIZED):].split()
               if t.startswith("--")]
    near = [(t, difflib.get_close_matches(t[2:], names, n=1, cutoff=0.7)) for t in unknown]
    hints = [(t, f"--{m[0]}") for t, m in near if m]
    if len(unknown) == 1 and hints:
        return f"{message}; did you mean {hints[0][1]}?"
    if hints:
        return message + "; did you mean " + ", ".join(f"{o} (for {t})" for t, o in hints) + "?"
    return message


def _missing_schedule(parser: argparse.ArgumentParser, message: str) -> str:
    """A command that takes the topology, then the schedule, given one file only (``verify
    s.json``): argparse read it as the topology and said "the following arguments are
    required: schedule", which sent the user to add what they had given. Say instead what
    the two arguments are, naming the one given."""
    positionals = [a.dest for a in parser._actions if not a.option_strings]
    head = "the following arguments are required: "
    missing = message.removeprefix(head).split(", ") if message.startswith(head) else []
    if "schedule" not in missing or "topology" in missing or \
            positionals[:2] != ["topology", "schedule"]:
        return message
    others = [m for m in missing if m != "schedule"]
    also = f"; {', '.join(others)} {'is' if len(others) == 1 else 'are'} required too" \
        if others else ""
    takes_value, _ = _value_options(parser)
    given, tokens = [], getattr(parser, "_given", [])
    i = 0
    while i < len(tokens):
        if tokens[i] == "--":
            given += tokens[i + 1:]
            break
        if tokens[i] in takes_value:
            i += 1                          # the option's value
        elif not tokens[i].startswith("-") or tokens[i] == "-":
            given.append(tokens[i])
        i += 1
    name = parser.prog
    if len(given) == 1 and is_catalog_spec(given[0]):
        return (f"{name} takes the topology, then the schedule: add the schedule file after "
                f"{given[0]}{also}")
    told, one = ((f"only {given[0]} was given; if that is the schedule, write ", given[0])
                 if len(given) == 1 else ("write ", "SCHEDULE"))
    return (f"{name} takes the topology, then the schedule: {told}{name} TOPOLOGY {one} "
            f"(TOPOLOGY: the catalog spec or forestcoll-topology/1 file of the network it runs "
            f"on, such as dgx-a100:boxes=2){also}")


class _UsageExit(SystemExit):
    """argparse's exit on a usage error, carrying its message (for ``--json``)."""

    def __init__(self, message: str) -> None:
        super().__init__(EXIT_ERROR)
        self.message = message


def _refuse_abbreviations(parser: argparse.ArgumentParser, argv: list[str]) -> None:
    """Stop with one line when an argument abbreviates options of the command it is given to
    (``forestcoll bound --k 3``), naming them in full: argparse's abbreviations are off, and
    without this line it would report "unrecognized arguments", or a missing required option,
    without saying which option was meant."""
    tokens = argv[:argv.index("--")] if "--" in argv else argv
    for token in tokens:
        sub = next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)),
                   None)
        if sub is not None and token in sub.choices:     # down to export msccl ...
            parser = sub.choices[token]
        if not token.startswith("--"):
            continue
        token = token.split("=", 1)[0]
        options = sorted({o for a in parser._actions for o in a.option_strings})
        full = [o for o in options if o.startswith(token) and o != token]
        if full and token not in options:
            parser.error(f"{token} is not an option of {parser.prog}; options are written in "
                         f"full: {' or '.join(full)}")


VERBOSE_HELP = ("log on stderr a line as the command and each of its long stages start, and "
                "one with the seconds each took (no progress bars then); print the traceback "
                "of an error (attach it to a bug report)")

# Every command, declared by the module that runs it, in the order --help lists them: the
# three a user starts with, then the optima and what-ifs, time, pictures, the runtimes'
# formats, and the topology and file utilities (docs/cli.md, generated from the parser,
# sorts them by name).
COMMANDS = (
    bound_cmds.add_bound, generate_cmds.add_generate, verify_cmds.add_verify,
    lp_cmds.add_lp, groups_cmds.add_groups, pareto_cmds.add_pareto, generate_cmds.add_sweep,
    generate_cmds.add_compare, generate_cmds.add_baseline,
    whatif_cmds.add_whatif, replan_cmds.add_replan,
    time_cmds.add_simulate, time_cmds.add_tradeoff, time_cmds.add_calibrate,
    draw_cmds.add_draw, draw_cmds.add_report, verify_cmds.add_show_traffic,
    runtime_cmds.add_export, runtime_cmds.add_check_xml, mscclpp_cmds.add_check_mscclpp,
    runtime_cmds.add_import, runtime_cmds.add_example,
    bound_cmds.add_catalog, bound_cmds.add_show, compact_cmds.add_expand,
    bound_cmds.add_schema,
)

ALIASES: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("whatif",), "--plot", "--draw"),
    (("pareto",), "--draw", "--plot"),
    (("check-mscclpp",), "--sms", "--sm-count"),
    (("export", "mscclpp"), "--sm-count", "--sms"),
)
"""Second names of options, where two commands name one idea differently: (the command,
its option, the other commands' name for it, which it accepts too). Neither name is
retired (users' scripts); the help shows both and messages keep the first
(docs/cli.md, "Aliases")."""


def build_parser() -> argparse.ArgumentParser:
    """Every command and option of ``forestcoll`` (docs/cli.md is generated from it): the
    program's own options here, each command's from :data:`COMMANDS`.

    :returns: the parser; each command sets ``func``, its handler
    """
    parser = _Parser(
        prog="forestcoll",
        description="Exact optimal collective throughput on accelerator networks (ForestColl).")
    parser.add_argument("--version", action="version", version=f"forestcoll {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help=VERBOSE_HELP)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in COMMANDS:
        add(sub)
    _add_aliases(sub)
    _verbose_everywhere(parser)
    return parser


def _add_aliases(sub: argparse._SubParsersAction) -> None:
    """Give each option of :data:`ALIASES` its second name: the same action (one value, one
    destination: ``--plot A --draw B`` is an option given twice)."""
    for path, option, alias in ALIASES:
        parser = sub.choices[path[0]]
        for name in path[1:]:
            parser = _subparsers(parser).choices[name]
        action = parser._option_string_actions[option]
        if alias in parser._option_string_actions:
            raise AssertionError(f"{parser.prog}: {alias} names another option")
        action.option_strings.append(alias)
        parser._option_string_actions[alias] = action


def _subparsers(parser: argparse.ArgumentParser) -> "argparse._SubParsersAction | None":
    """The commands (or formats: ``export msccl``) ``parser`` dispatches to, if any."""
    return next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)),
                None)


def _verbose_everywhere(parser: argparse.ArgumentParser) -> None:
    """``-v`` after the command too (``forestcoll report t.json -v``), not only before it:
    each command's parser takes it, leaving the value the main parser read otherwise."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                if "-v" not in command._option_string_actions:
                    command.add_argument("-v", "--verbose", action="store_true",
                                         default=argparse.SUPPRESS, help=VERBOSE_HELP)
                _verbose_everywhere(command)


def _value_options(parser: argparse.ArgumentParser) -> tuple[set[str], set[str]]:
    """The option strings of ``parser`` that take one value, and all its option strings."""
    takes_value, every = set(), set()
    for action in parser._actions:
        every.update(action.option_strings)
        if action.option_strings and action.nargs is None and action.const is None \
                and not isinstance(action, argparse._SubParsersAction):
            takes_value.update(action.option_strings)
    return takes_value, every


def _attach_dash_values(parser: argparse.ArgumentParser, argv: list[str]) -> list[str]:
    """``--sizes -1KiB`` and ``--alpha -inf`` as ``--sizes=-1KiB``: argparse takes a value
    that starts with '-' (and is not a plain negative number) for an option and reports
    "expected one argument"; attached, it reaches the option's own check, whose message
    gives the real range."""
    sub = next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)
    command = next((t for t in argv if not t.startswith("-")), None)
    if sub is None or command not in sub.choices:
        return argv
    takes_value, every = _value_options(sub.choices[command])
    out: list[str] = []
    i = 0
    while i < len(argv):
        token = argv[i]
        if token == "--":
            out.extend(argv[i:])
            break
        following = argv[i + 1] if i + 1 < len(argv) else None
        if token in takes_value and following is not None and following.startswith("-") \
                and following != "-" and following.split("=", 1)[0] not in every:
            out.append(f"{token}={following}")
            i += 2
            continue
        out.append(token)
        i += 1
    return out


def _flags(parser: argparse.ArgumentParser, args: argparse.Namespace) -> dict[str, str]:
    """The options of the command ``args`` were parsed by (``forestcoll export msccl``), by
    the keyword argument each stands for: ``{"time_limit": "--time-limit", ...}``."""
    while True:
        sub = next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)),
                   None)
        if sub is None or getattr(args, sub.dest, None) not in sub.choices:
            break
        parser = sub.choices[getattr(args, sub.dest)]
    return {a.dest: next(o for o in a.option_strings if o.startswith("--"))
            for a in parser._actions if any(o.startswith("--") for o in a.option_strings)}


def _refuse_ambiguous_topology(args: argparse.Namespace) -> None:
    """On the command line a topology argument that is a catalog spec *and* the name of a
    file in the working folder is refused, so nobody computes on the catalog's machine
    believing it is their file. (``forestcoll_opt.resolve`` itself decides from the
    argument alone: a catalog spec.)"""
    given = getattr(args, "topology", None)
    for text in given if isinstance(given, list) else [given]:
        if isinstance(text, str) and is_catalog_spec(text) and os.path.exists(text):
            raise CatalogError(f"{text!r} is both a file in this folder and a catalog spec; "
                               f"write ./{text} to read the file")


def main(argv: Sequence[str] | None = None) -> int:
    """Run one ``forestcoll`` command; every error is one line on stderr.

    :param argv: the arguments after the program name (default: ``sys.argv[1:]``)
    :returns: the exit status (0, 1 below the reference, 2 error, 3 solver, 70 internal)
    """
    parser = build_parser()
    argv = _attach_dash_values(parser, list(sys.argv[1:] if argv is None else argv))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:          # --help, --version, or a usage error already printed
        code = exc.code if isinstance(exc.code, int) else EXIT_ERROR
        if isinstance(exc, _UsageExit) and "--json" in (argv[:argv.index("--")] if "--" in argv
                                                        else argv):
            print_json_error(exc.message, code)
        return code
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="forestcoll: %(message)s")
    try:
        _refuse_ambiguous_topology(args)
        return _run(parser, args)
    except ForestCollError as exc:
        _traceback(args)
        message = flag_text(exc, _flags(parser, args))
        print(f"forestcoll: error: {message}", file=sys.stderr)
        return _json_error(args, message, EXIT_ERROR)
    except KeyboardInterrupt:
        print("forestcoll: interrupted", file=sys.stderr)
        return _json_error(args, "interrupted", 130)
    except BrokenPipeError:
        return 0
    except (RecursionError, MemoryError) as exc:
        message = f"input too large to process ({type(exc).__name__})"
        print(f"forestcoll: error: {message}", file=sys.stderr)
        return _json_error(args, message, EXIT_ERROR)
    except Exception as exc:   # a bug: one line, and the traceback above it with -v
        _traceback(args)
        again = "" if args.verbose else "run with -v for the traceback and "
        message = (f"internal error: {type(exc).__name__}: {str(exc)[:200]} ({again}"
                   f"please report it)")
        print(f"forestcoll: {message}", file=sys.stderr)
        return _json_error(args, message, EXIT_INTERNAL)


LOGS_ITS_STAGES = ("simulate", "tradeoff")
"""The commands that log each of their stages themselves under ``-v`` (cli/time_cmds.py);
:func:`_run` logs the others' start and end, and ``generate`` and ``whatif`` add their
stages (:class:`~forestcoll_opt.cli.output.Progress`)."""


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Run the command; under ``-v`` a line as it starts, and one with its seconds when it
    ends with status 0 (after an error its one line stays the last)."""
    command = _command_parser(parser).prog.removeprefix("forestcoll ")
    logs = command.split()[0] not in LOGS_ITS_STAGES and log.isEnabledFor(logging.INFO)
    if logs:
        log.info("%s ...", command)
    start = time.perf_counter()
    code = args.func(args)
    if logs and code == 0:
        log.info("%s: %.2f s in all", command, time.perf_counter() - start)
    return code


def _json_error(args: argparse.Namespace, message: str, code: int) -> int:
    """A command given ``--json`` also prints its error as a JSON object on stdout
    (:func:`~forestcoll_opt.cli.output.print_json_error`); returns ``code``."""
    if getattr(args, "json", False) is True:
        print_json_error(message, code)
    return code


def _traceback(args: argparse.Namespace) -> None:
    """With ``-v``, the traceback of the error being handled, on stderr (before its one
    line, which stays the last line printed)."""
    if getattr(args, "verbose", False):
        traceback.print_exc(file=sys.stderr)
